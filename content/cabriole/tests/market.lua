-- Scenario tests of Cabriole: The markets (C-MARKET-*, C-DATA-3).
-- Run with `weft test --pack content/cabriole`. Rule ids: content/cabriole/RULES.md.
-- Tests of invented data (C-DATA-*) check the pack against the rules' tables, so they
-- write the rules' values rather than read the pack's. Helpers: tests/lib/helpers.lua.

local H = require("tests.lib.helpers")
local new_game, turn_order, place, drive, asked = H.new_game, H.turn_order, H.place, H.drive, H.asked
local lay, pays = H.lay, H.pays

local RESOURCES = { "oak", "walnut", "silk", "mahogany" }
-- C-MARKET-4 / C-DATA-3: total prices for 1, 2, 3, 4 (walnut from the source, the others invented).
local PRICES = {
  oak = { 2, 4, 7, 11 }, walnut = { 2, 5, 9, 14 }, silk = { 3, 7, 12, 18 }, mahogany = { 4, 9, 15, 22 },
}
local AWAY = { "row1", "row2", "row3", "row4", "extra", "guild", "market_oak", "market_walnut", "market_silk", "market_mahogany" }

return {
  ["the source's example: Red buys 3 walnut for 9, Blue 2 for 5, Green may buy 1 for 2 or 4 for 14 (C-MARKET-5, C-MARKET-3)"] = function(t)
    local g = new_game(t, 3, 1)
    local red, blue, green = table.unpack(turn_order(g, 3))
    for p = 1, 3 do
      g:set(p, "coins", 30)
      g:set(p, "walnut", 0)
    end
    place(t, g, red, "market_walnut")
    place(t, g, blue, "market_walnut")
    place(t, g, green, "market_walnut")
    drive(g, asked(red, "buy:"), { avoid = { "market_walnut" } })
    t:eq(pays(t, g, red, "buy:3"), 9, "Red buys 3")
    t:eq(pays(t, g, blue, "buy:2"), 5, "Blue buys 2")
    t:eq(g:player(), green)
    t:eq(g:options(), { "buy:1", "buy:4", "decline" }, "Green's options")
    t:eq(pays(t, g, green, "buy:4"), 14, "Green buys 4")
    t:eq({ g:count(red, "walnut"), g:count(blue, "walnut"), g:count(green, "walnut") }, { 3, 2, 4 })
  end,

  ["every purchase space sells 1 to 4 at its printed total price, markets in resource order (C-MARKET-1, C-MARKET-2, C-MARKET-4, C-DATA-3, C-COMP-1, C-COMP-2)"] = function(t)
    local g = new_game(t, 4, 2)
    local o = turn_order(g, 4)
    for p = 1, 4 do
      g:set(p, "coins", 100)
      for _, r in ipairs(RESOURCES) do
        g:set(p, r, 0)
      end
    end
    for _, r in ipairs(RESOURCES) do
      for _, p in ipairs(o) do
        place(t, g, p, "market_" .. r)
      end
    end
    drive(g, asked(o[1], "buy:"))
    for _, r in ipairs(RESOURCES) do
      for k, p in ipairs(o) do
        t:eq(pays(t, g, p, "buy:" .. k), PRICES[r][k], r .. ": " .. k .. " for")
        t:eq(g:count(p, r), k, r .. " bought")
      end
    end
  end,

  ["a purchase above 7 of a resource is not an option (C-LIMIT-1, C-MARKET-3)"] = function(t)
    local g = new_game(t, 2, 3)
    local x = g:player()
    g:set(x, "coins", 50)
    g:set(x, "silk", 5)
    place(t, g, x, "market_silk")
    drive(g, asked(x, "buy:"), { avoid = { "market_silk" } })
    t:eq(g:options(), { "buy:1", "buy:2", "decline" })
    g:answer("buy:2")
    t:eq(g:count(x, "silk"), 7)
  end,

  ["a purchase the player cannot pay is not an option; with none left only the decline remains (C-MARKET-3, C-COMP-2, C-RES-2)"] = function(t)
    local g = new_game(t, 4, 4)
    local x, y, z, w = table.unpack(turn_order(g, 4))
    g:set(x, "coins", 4)
    g:set(y, "coins", 1)
    -- x's and y's other assistants resolve after walnut (silk, mahogany)
    local plan = {
      [x] = { "market_walnut", "market_silk", "market_silk", "market_mahogany", "market_mahogany" },
      [y] = { "market_walnut", "market_silk", "market_silk", "market_mahogany", "market_mahogany" },
      [z] = { "guild", "guild", "guild", "row1", "row2" },
      [w] = { "guild", "guild", "guild", "row1", "row2" },
    }
    for k = 1, 5 do
      for _, p in ipairs({ x, y, z, w }) do
        place(t, g, p, plan[p][k])
      end
    end
    drive(g, asked(x, "buy:"))
    t:eq(g:options(), { "buy:1", "decline" }, "4 coins: only 1 walnut")
    g:answer("buy:1")
    -- y had 1 coin: nothing to buy at walnut, so y declined there without being asked
    t:eq(g:count(y, "coins"), 1 + 2, "y's lone decline")
    t:eq(g:count(y, "walnut"), 0)
  end,

  ["bought resources go to one stock used by production; a round-1 chair costs 9 at market and pays 21 (C-MARKET-6, C-DATA-10)"] = function(t)
    local g = new_game(t, 2, 5)
    local x, y = table.unpack(turn_order(g, 2))
    lay(g, 2, { [1] = "A01-1" })
    g:set(x, "coins", 20)
    for _, r in ipairs(RESOURCES) do
      g:set(x, r, 0)
    end
    g:set(x, "joiner", 1)
    g:set(x, "upholsterer", 1)
    place(t, g, x, "row1")
    place(t, g, y, "guild")
    place(t, g, x, "market_walnut")
    place(t, g, y, "guild")
    place(t, g, x, "market_silk")
    drive(g, asked(x, "take:"), { avoid = { "row1", "market_walnut", "market_silk" } })
    g:answer("take:A01-1")
    drive(g, asked(x, "buy:"), { avoid = { "row1", "market_walnut", "market_silk" } })
    local spent = pays(t, g, x, "buy:1")
    spent += pays(t, g, x, "buy:2")
    t:eq(spent, 9, "1 walnut and 2 silk at market")
    drive(g, asked(x, "make:"))
    t:eq(g:options(), { "make:A01-1", "done" })
    g:answer("make:A01-1")
    t:eq(pays(t, g, x, "coins"), -21, "the chair's coins")
    t:eq({ g:count(x, "walnut"), g:count(x, "silk") }, { 0, 0 })
  end,
}
