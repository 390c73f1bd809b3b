-- Scenario tests of Cabriole: The guild hall (C-GUILD-*, C-CRAFT-1, C-DATA-2).
-- Run with `weft test --pack content/cabriole`. Rule ids: content/cabriole/RULES.md.
-- Tests of invented data (C-DATA-*) check the pack against the rules' tables, so they
-- write the rules' values rather than read the pack's. Helpers: tests/lib/helpers.lua.

local H = require("tests.lib.helpers")
local has, new_game, turn_order, place, drive = H.has, H.new_game, H.turn_order, H.place, H.drive
local round_is, asked, pays = H.round_is, H.asked, H.pays

local CRAFTSMEN = { "carver", "joiner", "turner", "upholsterer" }
local AWAY = { "row1", "row2", "row3", "row4", "extra", "guild" } -- fillers go to the markets

-- Every player: 50 coins and the given levels (default 0: not hired).
local function prepare(g, n, levels)
  for p = 1, n do
    g:set(p, "coins", 50)
    for _, c in ipairs(CRAFTSMEN) do
      g:set(p, c, (levels[p] and levels[p][c]) or 0)
    end
  end
end

return {
  ["the source's example: carver 2, turner 3, the second turner 5, upholsterer 4 (C-GUILD-5, C-GUILD-1, C-GUILD-2, C-DATA-2)"] = function(t)
    local g = new_game(t, 4, 1)
    local red, blue, green, yellow = table.unpack(turn_order(g, 4))
    prepare(g, 4, {
      [red] = { carver = 1 }, [blue] = { turner = 1, upholsterer = 1 }, [green] = { turner = 1 },
    })
    place(t, g, red, "guild")
    place(t, g, blue, "guild")
    place(t, g, green, "guild")
    place(t, g, yellow, "market_oak") -- Yellow has none there
    place(t, g, red, "market_oak")
    place(t, g, blue, "guild")
    drive(g, asked(red, "train:"), { avoid = AWAY })
    t:eq(pays(t, g, red, "train:carver"), 2, "Red trains a carver")
    t:eq(pays(t, g, blue, "train:turner"), 3, "Blue trains a turner")
    t:ok(has(g:options(), "train:turner"), "Green may still train a turner")
    t:eq(pays(t, g, green, "train:turner"), 5, "Green pays the second turner space")
    t:eq(pays(t, g, blue, "train:upholsterer"), 4, "Blue's second assistant trains an upholsterer")
    t:eq({ g:count(red, "carver"), g:count(blue, "turner"), g:count(green, "turner"), g:count(blue, "upholsterer") }, { 2, 2, 2, 2 })
  end,

  ["a type is not offered when both its spaces are taken, at master, or unaffordable; one player may train a type twice (C-GUILD-3, C-GUILD-4, C-CRAFT-1, C-COMP-2)"] = function(t)
    local g = new_game(t, 3, 2)
    local x, y, z = table.unpack(turn_order(g, 3))
    prepare(g, 3, { [x] = { joiner = 1 }, [y] = { upholsterer = 3 } })
    g:set(y, "coins", 3)
    place(t, g, x, "guild")
    place(t, g, y, "market_walnut")
    place(t, g, z, "market_walnut")
    place(t, g, x, "guild")
    place(t, g, y, "guild")
    drive(g, asked(x, "train:"), { avoid = AWAY })
    t:eq(pays(t, g, x, "train:joiner"), 5, "apprentice to journeyman")
    t:eq(pays(t, g, x, "train:joiner"), 7, "journeyman to master, the second space")
    t:eq(g:count(x, "joiner"), 3)
    -- y: 3 coins, a master upholsterer, both joiner spaces taken: carver (2) and turner (3)
    t:eq(g:options(), { "train:carver", "train:turner", "decline" }, "y's options")
    t:eq(pays(t, g, y, "train:carver"), 2)
    t:eq(g:count(y, "carver"), 1, "a type not hired is hired at A")
  end,

  ["a master type is never offered again; hiring and training cost the same (C-CRAFT-1, C-GUILD-2, C-GUILD-3)"] = function(t)
    local g = new_game(t, 2, 3)
    local x, y = table.unpack(turn_order(g, 2))
    prepare(g, 2, { [x] = { carver = 3, joiner = 3, turner = 3, upholsterer = 2 }, [y] = { carver = 0 } })
    place(t, g, x, "guild")
    place(t, g, y, "guild")
    drive(g, asked(x, "train:"), { avoid = { "row1", "row2", "row3", "extra", "guild" } })
    t:eq(g:options(), { "train:upholsterer", "decline" })
    t:eq(pays(t, g, x, "train:upholsterer"), 4, "journeyman to master costs the first space's price")
    t:eq(pays(t, g, y, "train:upholsterer"), 6, "hiring costs the second space's price")
    t:eq({ g:count(x, "upholsterer"), g:count(y, "upholsterer") }, { 3, 1 })
  end,

  ["every training space costs what C-DATA-2 prints, and spaces are free again next round (C-DATA-2, C-ROUND-3)"] = function(t)
    local g = new_game(t, 4, 4)
    prepare(g, 4, {})
    local o = turn_order(g, 4)
    for _, p in ipairs(o) do
      place(t, g, p, "guild")
    end
    place(t, g, o[1], "guild")
    place(t, g, o[2], "guild")
    drive(g, asked(o[1], "train:"), { avoid = AWAY })
    t:eq(pays(t, g, o[1], "train:carver"), 2, "carver, first space")
    t:eq(pays(t, g, o[2], "train:carver"), 4, "carver, second space")
    t:eq(pays(t, g, o[3], "train:joiner"), 5, "joiner, first space")
    t:eq(pays(t, g, o[4], "train:joiner"), 7, "joiner, second space")
    t:eq(pays(t, g, o[1], "train:turner"), 3, "turner, first space")
    t:eq(pays(t, g, o[2], "train:turner"), 5, "turner, second space")
    drive(g, round_is(2))
    prepare(g, 4, {})
    o = turn_order(g, 4)
    place(t, g, o[1], "guild")
    place(t, g, o[2], "guild")
    place(t, g, o[3], "guild")
    drive(g, asked(o[1], "train:"), { avoid = AWAY })
    t:eq(pays(t, g, o[1], "train:upholsterer"), 4, "upholsterer, first space")
    t:eq(pays(t, g, o[2], "train:upholsterer"), 6, "upholsterer, second space")
    t:eq(pays(t, g, o[3], "train:carver"), 2, "round 2: the carver's first space is free again")
  end,
}
