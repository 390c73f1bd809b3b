-- Scenario tests of Marco Polo II: the market (M-MARKET-1..3, M-DATA-4), the usage fee of
-- an open space (M-DICE-5, M-DICE-6) and Khan's favour (M-KHAN-1..4).
-- Run with `weft test --pack content/marco-polo-2`. Rule ids: content/marco-polo-2/RULES.md.
-- Tests of invented data (M-DATA-*) write the rules' table values rather than read the
-- pack's, so they catch a pack that drifts from RULES.md. Helpers: tests/lib/helpers.lua.

local H = require("tests.lib.helpers")
local new_game, set, stock, delta = H.new_game, H.set, H.stock, H.delta
local dice_all, turn_die, placements, drive = H.dice_all, H.turn_die, H.placements, H.drive

-- The market spaces the player asked now may place on.
local function markets(g)
  local out = {}
  for i = 1, 4 do
    if #placements(g, "market" .. i) > 0 then
      out[#out + 1] = "market" .. i
    end
  end
  return out
end

-- Answers `key` (a placement), then `pick` (a pattern), and returns what the player's
-- stock changed by.
local function market(g, key, pick)
  local p = g:player()
  local before = stock(g, p)
  g:answer(key)
  g:answer(pick)
  return delta(g, p, before)
end

return {
  -- M-MARKET-1, M-DICE-3: the strength thresholds of the four market spaces.
  ["M1 takes any strength, M2 needs 3 or more, M3 and M4 need 5 or more (M-MARKET-1, M-DICE-3)"] = function(t)
    local g = new_game(t, { seed = 3, chars = { "de_wu", "mongke" } })
    dice_all(g, 2)
    t:eq(markets(g), { "market1" }, "strength 2")
    dice_all(g, 3)
    t:eq(markets(g), { "market1", "market2" }, "strength 3")
    dice_all(g, 4)
    t:eq(markets(g), { "market1", "market2" }, "strength 4")
    turn_die(g, 4, 5)
    t:eq(markets(g), { "market1", "market2", "market3", "market4" }, "one die of 5")
    t:eq(placements(g, "market3"), { "5" }, "only the 5 reaches M3")
    t:eq(placements(g, "market2"), { "4", "5" })
  end,

  -- M-MARKET-2, M-DATA-4: which patterns the jade held opens, and round 1's values.
  ["the upper patterns are always offered, the lower ones for 1 and 2 jade; round 1's patterns (M-MARKET-2, M-DATA-4)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "de_wu", "mongke" } })
    -- No jade: the two upper patterns only; a strength of 6 gives M1's 2P once.
    dice_all(g, 6)
    set(g, o[1], { jade = 0 })
    g:answer("place:market1:6")
    t:eq(g:options(), { "upper:1", "upper:2" }, "no jade")
    local before = stock(g, o[1])
    g:answer("upper:1")
    t:eq(delta(g, o[1], before), { pepper = 2 }, "M1 upper 1 (2P), not more for d = 6")
    g:answer("end")
    -- 1 jade: the lower left pattern too; M2's round-1 lower left is 2S+1P+1K.
    t:eq(g:player(), o[2])
    dice_all(g, 5)
    set(g, o[2], { jade = 1 })
    g:answer("place:market2:5")
    t:eq(g:options(), { "upper:1", "upper:2", "lower:1" }, "1 jade")
    before = stock(g, o[2])
    g:answer("lower:1")
    t:eq(delta(g, o[2], before), { silk = 2, pepper = 1, camels = 1, jade = -1 }, "M2 lower left, round 1")
    g:answer("end")
    -- 2 jade: all four; M3's round-1 lower right is 2G+1S+1K.
    set(g, o[1], { jade = 2 })
    g:answer("place:market3:6")
    t:eq(g:options(), { "upper:1", "upper:2", "lower:1", "lower:2" }, "2 jade")
    before = stock(g, o[1])
    g:answer("lower:2")
    t:eq(delta(g, o[1], before), { gold = 2, silk = 1, camels = 1, jade = -2 }, "M3 lower right, round 1")
  end,

  -- M-DICE-6: the usage fee is d coins; M-DICE-5: one die of a colour per space a round.
  ["a die on an open space that holds a die pays d coins; a colour uses a space once a round (M-DICE-5, M-DICE-6, M-DATA-4)"] = function(t)
    local g, o = new_game(t, { players = 3, seed = 3, chars = { "de_wu", "mongke", "abha_bas" } })
    dice_all(g, 6)
    t:eq(market(g, "place:market1:6", "upper:2"), { pepper = 1, camels = 2 }, "the first die on M1: no fee, 1P+2K")
    g:answer("end")
    t:eq(g:player(), o[2])
    dice_all(g, 4)
    set(g, o[2], { coins = 10 })
    t:eq(market(g, "place:market1:4", "upper:1"), { coins = -4, pepper = 2 }, "the second die on M1: a fee of 4")
    g:answer("end")
    -- 3 coins and no jade: a 4 cannot pay M1's fee, a 3 can.
    t:eq(g:player(), o[3])
    dice_all(g, 4)
    set(g, o[3], { coins = 3, jade = 0 })
    t:eq(placements(g, "market1"), {}, "a fee of 4 with 3 coins")
    turn_die(g, 4, 3)
    t:eq(placements(g, "market1"), { "3" }, "a fee of 3 with 3 coins")
    t:eq(market(g, "place:market1:3", "upper:1"), { coins = -3, pepper = 2 })
    g:answer("end")
    -- o[1]'s colour is on M1 already: not again this round, though M2 is open to it.
    t:eq(g:player(), o[1])
    t:eq(placements(g, "market1"), {}, "M1 again")
    t:eq(placements(g, "market2"), { "6" })
  end,

  -- M-MARKET-3, M-DATA-4: round 2's lower patterns; the upper ones unchanged.
  ["the lower patterns change with the round, the upper ones do not (M-MARKET-3, M-DATA-4)"] = function(t)
    local g = new_game(t, { seed = 3, chars = { "de_wu", "mongke" } })
    drive(g, function(x)
      return x:round() == 2 and #H.with_prefix(x:options(), "place:") > 0
    end)
    local p = g:player()
    dice_all(g, 5)
    set(g, p, { jade = 3, coins = 0 })
    t:eq(market(g, "place:market2:5", "lower:1"), { silk = 3, jade = -1 }, "M2 lower left, round 2: 3S")
    g:answer("end")
    local q = g:player()
    t:ok(q ~= p, "the other player's turn")
    dice_all(g, 5)
    set(g, q, { jade = 3, coins = 0 })
    t:eq(market(g, "place:market1:5", "lower:2"), { gold = 1, pepper = 1, camels = 1, jade = -2 }, "M1 lower right, round 2: 1G+1P+1K")
    g:answer("end")
    t:eq(market(g, "place:market4:5", "upper:1"), { gold = 1, camels = 3 }, "M4 upper 1 in round 2: 1G+3K")
  end,

  -- M-KHAN-1, M-KHAN-2, M-KHAN-4: the order of the four slots, the gain, no fee, full at 4.
  ["Khan's favour fills left to right, each die at least the one before, 4$+2K and no fee, 4 dice at most (M-KHAN-1, M-KHAN-2, M-KHAN-4)"] = function(t)
    local g, o = new_game(t, { players = 4, seed = 3, chars = { "de_wu", "mongke", "abha_bas", "gantulga" } })
    -- Slot 1 takes any value.
    dice_all(g, 4)
    t:eq(placements(g, "khan"), { "4" })
    local before = stock(g, o[1])
    g:answer("place:khan:4")
    t:eq(delta(g, o[1], before), { coins = 4, camels = 2 }, "slot 1")
    g:answer("end")
    -- Slot 2: a 3 is below the 4, an equal 4 is allowed; no fee though the space holds a die.
    t:eq(g:player(), o[2])
    dice_all(g, 3)
    set(g, o[2], { coins = 0, jade = 0 })
    t:eq(placements(g, "khan"), {}, "a 3 after a 4")
    turn_die(g, 3, 4)
    t:eq(placements(g, "khan"), { "4" }, "a 4 after a 4, with no coins")
    before = stock(g, o[2])
    g:answer("place:khan:4")
    t:eq(delta(g, o[2], before), { coins = 4, camels = 2 }, "slot 2")
    g:answer("end")
    -- Slot 3 takes a 6, so slot 4 needs a 6.
    dice_all(g, 6)
    g:answer("place:khan:6")
    g:answer("end")
    t:eq(g:player(), o[4])
    dice_all(g, 5)
    t:eq(placements(g, "khan"), {}, "a 5 after a 6")
    turn_die(g, 5, 6)
    before = stock(g, o[4])
    g:answer("place:khan:6")
    t:eq(delta(g, o[4], before), { coins = 4, camels = 2 }, "slot 4")
    g:answer("end")
    -- Full: not even a black die of 6 may go there this round.
    t:eq(g:player(), o[1])
    set(g, o[1], { camels = 3 })
    g:answer("black")
    dice_all(g, 6)
    t:eq(placements(g, "khan"), {}, "a fifth die")
    t:ok(#placements(g, "market1") > 0, "o[1] still has dice to place")
  end,

  -- M-KHAN-3, M-DICE-8: one die of a colour, and a neutral die escapes the limit.
  ["one die of a colour on Khan's favour a round, but a black die may join it (M-KHAN-3, M-DICE-8)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "de_wu", "mongke" } })
    dice_all(g, 2)
    g:answer("place:khan:2")
    g:answer("end")
    dice_all(g, 3)
    g:answer("place:khan:3")
    g:answer("end")
    t:eq(g:player(), o[1])
    dice_all(g, 6)
    t:eq(placements(g, "khan"), {}, "a second die of o[1]'s colour")
    set(g, o[1], { camels = 3 })
    g:answer("black")
    dice_all(g, 6)
    t:eq(placements(g, "khan"), { "6n" }, "the black die")
    local before = stock(g, o[1])
    g:answer("place:khan:6n")
    t:eq(delta(g, o[1], before), { coins = 4, camels = 2 })
  end,
}
