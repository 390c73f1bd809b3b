-- Scenario tests of Cabriole: The markets (C-MARKET-*, C-DATA-3).
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
