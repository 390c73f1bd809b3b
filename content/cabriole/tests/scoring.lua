-- Scenario tests of Cabriole: Final scoring and the winner (C-SCORE-*).
-- Run with `weft test --pack content/cabriole`. Rule ids: content/cabriole/RULES.md.
-- Tests of invented data (C-DATA-*) check the pack against the rules' tables, so they
-- write the rules' values rather than read the pack's. Helpers: tests/lib/helpers.lua.

local H = require("tests.lib.helpers")
local new_game, drive, round_is = H.new_game, H.drive, H.round_is

local CRAFTSMEN = { "carver", "joiner", "turner", "upholsterer" }
local RESOURCES = { "oak", "walnut", "silk", "mahogany" }

-- A game at the start of round 6 where every player has nothing: no craftsmen, no
-- resources, no coins. In round 6 every assistant declines, so each player ends with
-- 10 coins (C-RES-2), i.e. 2 prestige.
-- Every player of g (n players) holds no coins, craftsmen or resources.
local function empty_holdings(g, n)
  for p = 1, n do
    g:set(p, "coins", 0)
    for _, c in ipairs(CRAFTSMEN) do
      g:set(p, c, 0)
    end
    for _, r in ipairs(RESOURCES) do
      g:set(p, r, 0)
    end
  end
end

local function last_round(t, n, seed)
  local g = new_game(t, n, seed)
  drive(g, round_is(6))
  empty_holdings(g, n)
  return g
end

-- Plays to the end; returns each player's prestige gained since `before`.
local function final(g, n)
  local before = {}
  for p = 1, n do
    before[p] = g:count(p, "prestige")
  end
  drive(g, nil)
  local gained = {}
  for p = 1, n do
    gained[p] = g:count(p, "prestige") - before[p]
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
    -- Two seeds, one with each seat as start player, so that the later seat in the
    -- starting turn order is seat 1 once and seat 2 once (not a rule by seat number).
    local starts = {}
    for _, seed in ipairs({ 5, 6 }) do
      local g = new_game(t, 2, seed)
      local start = g:player()
      local latest = start % 2 + 1
      starts[#starts + 1] = start
      drive(g, round_is(6))
      empty_holdings(g, 2)
      local gained = final(g, 2)
      t:eq(g:count(1, "prestige"), g:count(2, "prestige"), "seed " .. seed .. ": a tie in prestige")
      t:eq(gained, { 2, 2 })
      t:eq(g:winners(), { latest }, "seed " .. seed .. ": the winner of the tie, the later in the starting turn order")
    end
    t:eq(starts, { 2, 1 }, "the start players of the two games")
  end,
}
