-- Scenario tests of Marco Polo II: city action cards (M-CITY-1..4, M-DICE-9), the purse
-- (M-EXTRA-2, M-TURN-1, M-TURN-3), compensation (M-COMP-1), the guild marker space and
-- upgrades (M-GUILD-1, M-EXTRA-6) with De Wu's power against the base rule (M-CHAR-2).
-- Run with `weft test --pack content/marco-polo-2`. Rule ids: content/marco-polo-2/RULES.md.
-- Card effects and guild costs are invented data (M-DATA-5, M-DATA-9): the tests write
-- RULES.md's values. Helpers: tests/lib/helpers.lua.

local H = require("tests.lib.helpers")
local new_game, set, stock, delta = H.new_game, H.set, H.stock, H.delta
local dice_all, turn_die, placements, drive, pool = H.dice_all, H.turn_die, H.placements, H.drive, H.pool
local has, with_prefix = H.has, H.with_prefix

local function sum(list)
  local n = 0
  for _, v in ipairs(list) do
    n += v
  end
  return n
end

return {
  -- M-CITY-3, M-DATA-9: ×d and ×⌈d/2⌉; M-DICE-9: fewer times, capped by what can be paid;
  -- M-CITY-2: once a round; M-CITY-4: the common cards replaced in round 2.
  ["a city card applies ×d or ×⌈d/2⌉ times, fewer if the player chooses or can pay for; each card once a round; the common cards change in round 2 (M-CITY-2, M-CITY-3, M-CITY-4, M-DICE-9, M-DATA-9)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "de_wu", "mongke" } })
    g:put_card("CA16", "common_actions", 1) -- ×d gain 1$
    g:put_card("CA03", "common_actions", 2) -- ×⌈d/2⌉ 3$ → 1S
    dice_all(g, 4)
    set(g, o[1], { coins = 0 })
    local before = stock(g, o[1])
    g:answer("place:common1:4")
    t:eq(delta(g, o[1], before), { coins = 4 }, "CA16 at d = 4")
    g:answer("end")
    t:eq(g:player(), o[2])
    dice_all(g, 5)
    t:eq(placements(g, "common1"), {}, "CA16 is taken this round")
    set(g, o[2], { coins = 20, silk = 0 })
    before = stock(g, o[2])
    g:answer("place:common2:5")
    t:eq(g:options(), { "times:3", "times:2", "times:1" }, "CA03 at d = 5: up to ⌈5/2⌉")
    g:answer("times:2")
    t:eq(delta(g, o[2], before), { coins = -6, silk = 2 }, "CA03 twice")
    g:answer("end")
    drive(g, function(x)
      return x:round() == 2
    end)
    local common = g:cards("common_actions")
    t:ok(common[1] and common[2], "two common cards in round 2")
    t:ok(not has(common, "CA16") and not has(common, "CA03"), "round 1's common cards are still there")
    local discard = g:cards("city_action_discard")
    t:ok(has(discard, "CA16") and has(discard, "CA03"), "round 1's common cards are discarded")
    -- M-DICE-9: a card the player cannot pay even once is not offered; a paid one is
    -- capped by what the player can pay.
    local g2, o2 = new_game(t, { seed = 3, chars = { "de_wu", "mongke" } })
    g2:put_card("CA01", "common_actions", 1) -- ×d 2$ → 1P
    dice_all(g2, 6)
    set(g2, o2[1], { coins = 1, jade = 0 })
    t:eq(placements(g2, "common1"), {}, "1 coin: not once")
    set(g2, o2[1], { coins = 5 })
    t:eq(placements(g2, "common1"), { "6" })
    local before2 = stock(g2, o2[1])
    g2:answer("place:common1:6")
    t:eq(g2:options(), { "times:2", "times:1" }, "d = 6 but 5 coins: twice at most")
    g2:answer("times:2")
    t:eq(delta(g2, o2[1], before2), { coins = -4, pepper = 2 })
  end,

  -- M-EXTRA-2: the purse's three gains, any die, no fee; M-TURN-1: extras before and after
  -- the main action; M-TURN-3: a pool emptied by the purse ends the turn.
  ["the purse takes any die, any number, before or after the main action, with no fee: 3$, 2K or 1J (M-EXTRA-2, M-TURN-1, M-TURN-3)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "de_wu", "mongke" } })
    dice_all(g, 1)
    local before = stock(g, o[1])
    g:answer("purse:1")
    t:eq(g:options(), { "coins", "camels", "jade" })
    g:answer("coins")
    g:answer("purse:1")
    g:answer("camels")
    t:eq(delta(g, o[1], before), { coins = 3, camels = 2 }, "two purses before the main action")
    t:ok(#with_prefix(g:options(), "place:") > 0, "the main action is still to come")
    g:answer("place:khan:1")
    before = stock(g, o[1])
    g:answer("purse:1")
    g:answer("jade")
    t:eq(delta(g, o[1], before), { jade = 1 }, "a purse after the main action")
    g:answer("end")
    -- The purse holds o[1]'s dice: o[2] uses it with no coins and pays nothing.
    t:eq(g:player(), o[2])
    set(g, o[2], { coins = 0, jade = 0 })
    dice_all(g, 6)
    before = stock(g, o[2])
    g:answer("purse:6")
    g:answer("coins")
    t:eq(delta(g, o[2], before), { coins = 3 })
    g:answer("place:khan:6")
    g:answer("end")
    -- o[1]'s last die on the purse empties the pool: the turn ends with no main action.
    t:eq(g:player(), o[1])
    g:answer("purse:1")
    g:answer("coins")
    t:eq(g:player(), o[2], "o[1]'s turn is over")
  end,

  -- M-COMP-1: 15 minus the roll, split as the player chooses; nothing at 15 or more.
  ["a roll under 15 gives 15 minus the sum, in coins and camels as the player chooses (M-COMP-1, M-ROUND-2)"] = function(t)
    -- Seed 27: the start player rolls 10 and the other 11 (read from their T3 options).
    local g, o = new_game(t, { seed = 27, chars = { "de_wu", "mongke" }, comp = "ask" })
    t:eq(g:player(), o[1])
    t:eq(g:options(), { "coins:5", "coins:4", "coins:3", "coins:2", "coins:1", "coins:0" })
    local before1, before2 = stock(g, o[1]), stock(g, o[2])
    g:answer("coins:2")
    t:eq(g:player(), o[2])
    t:eq(g:options(), { "coins:4", "coins:3", "coins:2", "coins:1", "coins:0" })
    t:eq(delta(g, o[1], before1), { coins = 2, camels = 3 })
    g:answer("coins:0")
    t:eq(delta(g, o[2], before2), { camels = 4 })
    t:eq(g:player(), o[1])
    t:eq(sum(pool(g)), 10, "o[1]'s roll")
    dice_all(g, 1)
    g:answer("place:khan:1")
    g:answer("end")
    t:eq(sum(pool(g)), 11, "o[2]'s roll")
    -- Seed 3: no one is asked, and the start player's roll is 15 or more.
    local g3 = new_game(t, { seed = 3, comp = "ask" })
    t:ok(sum(pool(g3)) >= 15, "seed 3 rolls " .. sum(pool(g3)) .. " and is not compensated")
  end,

  -- M-GUILD-1, M-DICE-3: the lower die reaches the guilds, with their jade; M-CHAR-2 a, b: De Wu's
  -- one-die placement and upgrade jade, against the base rule; M-EXTRA-6, M-DATA-5: upgrades.
  ["the guild space: strength is the lower die, a guild the player lacks with its jade; De Wu needs 1 die and gains 1 jade an upgrade (M-GUILD-1, M-CHAR-2, M-EXTRA-6, M-DATA-5, M-DICE-3)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "de_wu", "mongke" } })
    -- De Wu: one die of 4 reaches the jewellers.
    dice_all(g, 4)
    t:eq(placements(g, "guild"), { "4", "44" })
    set(g, o[1], { jade = 0 })
    g:answer("place:guild:4")
    t:eq(g:options(), { "guild:farmers", "guild:spice", "guild:tailors", "guild:jewellers" })
    g:answer("guild:jewellers")
    t:eq(g:count(o[1], "jade"), 3, "the jewellers' 3 jade")
    t:eq(g:count(o[1], "guild_jewellers"), 1)
    g:answer("end")
    -- Another character: two dice, the lower one counts; a fee of d = 2.
    t:eq(g:player(), o[2])
    dice_all(g, 4)
    turn_die(g, 4, 2)
    t:eq(placements(g, "guild"), { "24", "44" }, "two dice only")
    set(g, o[2], { coins = 10, jade = 0, pepper = 2 })
    local before = stock(g, o[2])
    g:answer("place:guild:24")
    t:eq(g:options(), { "guild:farmers", "guild:spice" }, "d = 2")
    g:answer("guild:spice")
    t:eq(delta(g, o[2], before), { coins = -2, jade = 1 }, "the fee of 2 and the spice guild's 1 jade")
    -- Its upgrade: 4$+2P paid, 1P+2$ gained (M-DATA-5), and no jade.
    before = stock(g, o[2])
    g:answer("upgrade:spice")
    t:eq(delta(g, o[2], before), { coins = -2, pepper = -1 })
    t:eq(g:count(o[2], "guild_spice"), 2)
    g:answer("end")
    -- De Wu's upgrade of the jewellers: 6$+1S+1G paid, 1G gained, and his 1 jade.
    t:eq(g:player(), o[1])
    set(g, o[1], { coins = 6, silk = 1, gold = 1, jade = 0 })
    t:ok(has(g:options(), "upgrade:jewellers"), "an upgrade before the main action")
    before = stock(g, o[1])
    g:answer("upgrade:jewellers")
    t:eq(delta(g, o[1], before), { coins = -6, silk = -1, jade = 1 })
    t:eq(g:count(o[1], "guild_jewellers"), 2)
  end,
}
