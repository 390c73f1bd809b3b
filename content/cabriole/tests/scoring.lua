-- Scenario tests of Cabriole: Final scoring and the winner (C-SCORE-*).
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
local RESOURCES = { "oak", "walnut", "silk", "mahogany" }

-- A game at the start of round 6 where every player has nothing: no craftsmen, no
-- resources, no coins. In round 6 every assistant declines, so each player ends with
-- 10 coins (C-RES-2), i.e. 2 prestige.
local function last_round(t, n, seed)
  local g = new_game(t, n, seed)
  drive(g, round_is(6))
  for p = 1, n do
    g:set(p, "coins", 0)
    for _, c in ipairs(CRAFTSMEN) do
      g:set(p, c, 0)
    end
    for _, r in ipairs(RESOURCES) do
      g:set(p, r, 0)
    end
  end
  return g
end

-- Plays to the end; returns each player's prestige gained since `before`.
local function final(g, n)
  local before = {}
  for p = 1, n do
    before[p] = g:prestige(p)
  end
  drive(g, nil)
  local gained = {}
  for p = 1, n do
    gained[p] = g:prestige(p) - before[p]
  end
  return gained
end

local function completed(g, p, ids)
  for _, id in ipairs(ids) do
    g:put_card(id, "completed", nil, p)
  end
end

return {
  ["final scoring: vignettes, craftsmen, resources to coins, coins to prestige, unfinished penalty, totals may be negative (C-SCORE-1, C-SCORE-2, C-SCORE-4, C-SCORE-5, C-SCORE-6, C-SCORE-7)"] = function(t)
    local g = last_round(t, 2, 1)
    local x, y = 1, 2
    completed(g, x, { "A01-1", "A04-1", "A02-1", "A05-1", "A03-1" }) -- 2 chairs, 2 chests, 1 table
    for c, level in pairs({ carver = 2, joiner = 2, turner = 2, upholsterer = 3 }) do
      g:set(x, c, level)
    end
    for _, r in ipairs(RESOURCES) do
      g:set(x, r, 1) -- 2 + 2 + 3 + 4 = 11 coins
    end
    g:put_card("B13-1", "unfinished", nil, x) -- cannot be made: 1 silk and 1 mahogany of 2 each
    g:put_card("A06-1", "unfinished", nil, y)
    g:put_card("A07-1", "unfinished", nil, y)
    local gained = final(g, 2)
    t:ok(g:over(), "the game is not over after round 6")
    -- x: 10 + 5 (vignettes), 20 (3 J + 1 M), ⌊(10 + 11) / 5⌋ = 4, −5
    t:eq(gained[x], 15 + 20 + 4 - 5, "x's final scoring")
    -- y: ⌊10 / 5⌋ = 2, −10
    t:eq(gained[y], 2 - 10, "y's final scoring")
    t:eq(g:count(x, "coins"), 0, "the coins left over are lost")
    for _, r in ipairs(RESOURCES) do
      t:eq(g:count(x, r), 0, r .. " sold")
    end
  end,

  ["vignettes are grouped for the highest total (C-SCORE-3, C-SCORE-2)"] = function(t)
    local g = last_round(t, 4, 2)
    completed(g, 1, { "A01-1", "A01-2", "A02-1", "A02-2", "A03-1" }) -- 2, 2, 1: 10 + 5
    completed(g, 2, { "A04-1", "A04-2", "A07-1" }) -- 3 chairs: nothing
    completed(g, 3, { "A07-2", "A11-1", "A05-1", "A05-2" }) -- 2 chairs, 2 chests: two partial sets
    completed(g, 4, { "A11-2", "A13-1", "A13-2", "A10-1", "A06-1" }) -- 3, 1, 1: one full set
    t:eq(final(g, 4), { 15 + 2, 0 + 2, 10 + 2, 10 + 2 })
  end,

  ["craftsman bonus by the numbers exactly at J and at M (C-SCORE-4)"] = function(t)
    local g = last_round(t, 3, 3)
    local levels = {
      { carver = 2, joiner = 2, turner = 2, upholsterer = 3 }, -- 3 J + 1 M: 10 + 10
      { carver = 2, joiner = 3, turner = 2, upholsterer = 3 }, -- 2 J + 2 M: 6 + 15
      { carver = 3, joiner = 3, turner = 3, upholsterer = 3 }, -- 4 M: 28
    }
    for p, set in ipairs(levels) do
      for c, level in pairs(set) do
        g:set(p, c, level)
      end
    end
    t:eq(final(g, 3), { 20 + 2, 21 + 2, 28 + 2 })
  end,

  ["each resource is sold at its base price: oak 2, walnut 2, silk 3, mahogany 4 (C-SCORE-5, C-COMP-1)"] = function(t)
    local g = last_round(t, 4, 4)
    for p, r in ipairs(RESOURCES) do
      g:set(p, r, 5)
    end
    -- (10 declined + 5 × price) / 5
    t:eq(final(g, 4), { 4, 4, 5, 6 })
  end,

  ["a tie in prestige goes to the tied player latest in the starting turn order (C-SCORE-8, C-SETUP-5)"] = function(t)
    local g = new_game(t, 2, 5)
    local start = g:player()
    local latest = start % 2 + 1
    drive(g, round_is(6))
    for p = 1, 2 do
      g:set(p, "coins", 0)
      for _, c in ipairs(CRAFTSMEN) do
        g:set(p, c, 0)
      end
      for _, r in ipairs(RESOURCES) do
        g:set(p, r, 0)
      end
    end
    local gained = final(g, 2)
    t:eq(g:prestige(1), g:prestige(2), "a tie in prestige")
    t:eq(gained, { 2, 2 })
    -- The scenario API has no winner yet: this check runs once a game handle reads it.
    local ok, winner = pcall(function()
      return g:winner()
    end)
    if ok and winner ~= nil then
      t:eq(winner, latest, "the winner of the tie")
    end
  end,
}
