-- Scenario tests of Cabriole: The guild hall (C-GUILD-*, C-CRAFT-1, C-DATA-2).
-- Run with `weft test --pack content/cabriole`. Rule ids: shared/rules/cabriole.md.
-- Tests of invented data (C-DATA-*) compare the pack with the rules' tables: the
-- scenario API cannot read card or area params.

-- ---- Helpers (the same block heads every test file: test files cannot require) ----
local SIZE = { [2] = 12, [3] = 16, [4] = 20 }   -- C-SETUP-3: display slots, rows × columns
local COLS = { [2] = 4, [3] = 4, [4] = 5 }

local function has(list, x)
  for _, v in pairs(list) do -- pairs: a display may have empty slots
    if v == x then
      return true
    end
  end
  return false
end

-- The keys of `list` that start with `prefix`.
local function with_prefix(list, prefix)
  local out = {}
  for _, k in ipairs(list) do
    if string.sub(k, 1, #prefix) == prefix then
      out[#out + 1] = k
    end
  end
  return out
end

-- A new game past the setup picks (C-SETUP-6: each picker takes the first resource
-- offered); the player asked next is the start player, to place (C-SETUP-5).
local function new_game(t, players, seed)
  local g = t:game { players = players, seed = seed or 1 }
  while #with_prefix(g:options(), "pick:") > 0 do
    g:answer(g:options()[1])
  end
  return g
end

-- Seats in turn order from the player asked now (C-ROUND-2: clockwise).
local function turn_order(g, n)
  local s, out = g:player(), {}
  for k = 0, n - 1 do
    out[#out + 1] = (s - 1 + k) % n + 1
  end
  return out
end

-- One placement: checks whose turn it is, then places in `area`.
local function place(t, g, p, area)
  t:eq(g:player(), p, "the player to place")
  g:answer("place:" .. area)
end

-- Plays on until stop(g) holds (or the game ends). A placement goes to the first area
-- offered that is not in opts.avoid (else the first offered); any other question is
-- declined, stopped or done where it can be, else answered with coins or its first
-- option. opts.policy(g, options) may answer first (return nil to leave it).
local function drive(g, stop, opts)
  opts = opts or {}
  for _ = 1, 5000 do
    if g:over() or (stop and stop(g)) then
      return
    end
    local options = g:options()
    local key = opts.policy and opts.policy(g, options)
    if not key and string.sub(options[1], 1, 6) == "place:" then
      key = options[1]
      for _, k in ipairs(options) do
        if not (opts.avoid and has(opts.avoid, string.sub(k, 7))) then
          key = k
          break
        end
      end
    end
    if not key then
      for _, k in ipairs({ "decline", "stop", "done", "coins" }) do
        if has(options, k) then
          key = k
          break
        end
      end
    end
    g:answer(key or options[1])
  end
  error("drive: the game did not get there in 5000 answers")
end

-- Stop predicates for drive.
local function round_is(r)
  return function(g)
    return g:round() == r
  end
end
local function asked(p, prefix)
  return function(g)
    return g:player() == p and #with_prefix(g:options(), prefix) > 0
  end
end

-- Empties the display into the box, then lays `layout` ({ [slot] = card id }) with the
-- coins of `marks` ({ [slot] = n }, default 0).
local function lay(g, n, layout, marks)
  local cards = g:cards("display")
  for pos = 1, SIZE[n] do
    if cards[pos] then
      g:put_card(cards[pos], "box")
    end
  end
  for pos, id in pairs(layout) do
    g:put_card(id, "display", pos)
    g:set_marks("display", pos, (marks and marks[pos]) or 0)
  end
end

-- Answers `key` for player p and returns the coins it cost p.
local function pays(t, g, p, key)
  t:eq(g:player(), p, "the player asked before " .. key)
  local before = g:count(p, "coins")
  g:answer(key)
  return before - g:count(p, "coins")
end
-- ---- End of helpers ----

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
