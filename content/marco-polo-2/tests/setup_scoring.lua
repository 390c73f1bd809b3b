-- Scenario tests of Marco Polo II: setup (M-SETUP-5, M-SETUP-7, M-SETUP-8), the start
-- player of a new round (M-START-1, M-START-2) and the final scoring (M-SCORE-2..5,
-- M-CHAR-2 c). The objectives' secrecy (M-MAT-6, `visibility = "owner"`) is a matter of
-- what each player is shown, which the scenario API does not model: not tested here.
-- Run with `weft test --pack content/marco-polo-2`. Rule ids: content/marco-polo-2/RULES.md.
-- The objectives and the crest table are invented data (M-DATA-3, M-DATA-11): the tests
-- write RULES.md's values. Helpers: tests/lib/helpers.lua.

local H = require("tests.lib.helpers")
local new_game, set, drive, dice_all, has = H.new_game, H.set, H.drive, H.dice_all, H.has
local with_prefix, turn_order = H.with_prefix, H.turn_order

local CHARACTERS = 7 -- M-SETUP-7: the base pack's characters (M-CHAR-1 to M-CHAR-7)

return {
  -- M-SETUP-7: the offer's size, the reverse play order of the picks, the rest to the box.
  ["players + 1 characters are offered and taken in reverse play order; the last one leaves the game (M-SETUP-7)"] = function(t)
    for _, n in ipairs({ 2, 3, 4 }) do
      local g = t:game { players = n, seed = 5 }
      local order = turn_order(g, n)
      local offer = g:cards("character_offer")
      t:eq(#offer, n + 1, n .. " players: characters on offer")
      t:eq(#g:cards("character_pool"), CHARACTERS - n - 1, n .. " players: characters not dealt")
      local taken = {}
      for k = n, 1, -1 do
        t:eq(g:player(), order[k], n .. " players: pick " .. (n - k + 1))
        local options = with_prefix(g:options(), "character:")
        t:eq(#options, k + 1, n .. " players: characters left for pick " .. (n - k + 1))
        g:answer(options[1])
        taken[order[k]] = string.sub(options[1], 11)
      end
      for p = 1, n do
        t:eq(g:cards("character", p), { taken[p] }, n .. " players: player " .. p .. "'s character")
      end
      local left = 0
      for _, id in ipairs(offer) do
        local kept = false
        for p = 1, n do
          kept = kept or taken[p] == id
        end
        if not kept then
          left += 1
          t:ok(has(g:cards("box"), id), n .. " players: " .. id .. " not taken is out of the game")
        end
      end
      t:eq(left, 1, n .. " players: characters not taken")
      for _, c in ipairs(g:cards("character_offer")) do
        t:eq(c, false, n .. " players: the offer is empty")
      end
    end
  end,

  -- M-SETUP-5: the starting stock and contract; M-SETUP-8: 3 objectives dealt, 1 kept.
  ["each player is dealt 3 objectives and keeps 1; the other 2 leave the game; 8 coins, 3 camels, 1 starting contract (M-SETUP-5, M-SETUP-8)"] = function(t)
    local n = 3
    local g = t:game { players = n, seed = 6 }
    local order = turn_order(g, n)
    for p = 1, n do
      t:eq({ g:count(p, "coins"), g:count(p, "camels") }, { 8, 3 }, "player " .. p .. "'s coins and camels")
      for _, k in ipairs({ "pepper", "silk", "gold", "jade" }) do
        t:eq(g:count(p, k), 0, "player " .. p .. "'s " .. k)
      end
    end
    while #with_prefix(g:options(), "character:") > 0 do
      g:answer(g:options()[1])
    end
    local seen, kept = {}, {}
    for k = 1, n do
      local p = order[k]
      t:eq(g:player(), p, "objective " .. k .. " is chosen in play order")
      local options = g:options()
      t:eq(#options, 3, "objectives dealt to player " .. p)
      for _, key in ipairs(options) do
        t:ok(not seen[key], key .. " dealt twice")
        seen[key] = true
      end
      kept[p] = string.sub(options[2], 6)
      g:answer(options[2])
      t:eq(g:cards("objective", p), { kept[p] })
      t:eq(g:cards("objective_offer", p), {}, "player " .. p .. "'s objectives not kept")
    end
    t:eq(#g:cards("objectives_out"), 2 * n, "objectives out of the game")
    t:eq(#g:cards("objective_pile"), 12 - 3 * n, "objectives never dealt")
    for p = 1, n do
      local contracts = g:cards("contracts", p)
      t:eq(#contracts, 1, "player " .. p .. "'s starting contracts")
      t:eq(string.sub(contracts[1], 1, 1), "S", "a starting contract")
    end
  end,

  -- M-START-1: the most dice on a movement space, the latest on a tie; M-START-2: unchanged
  -- when nobody moved.
  ["the start player of a round is who took the movement action with the most dice last round, the latest on a tie (M-START-1, M-START-2)"] = function(t)
    local g, o = new_game(t, { players = 3, seed = 3, chars = { "de_wu", "mongke", "abha_bas" } })
    -- o[1] T2, then o[2] T2 (later), then o[3] T1 (latest, but fewer dice).
    local function move(key)
      local p = g:player()
      dice_all(g, 1)
      set(g, p, { coins = 10 })
      g:answer(key)
      g:answer("go:xian")
      if has(g:options(), "none") then
        g:answer("none") -- no contract from Xi'an (M-MOVE-8 d)
      end
      g:answer("end")
    end
    move("place:travel2:11")
    move("place:travel2:11")
    move("place:travel1:1")
    t:eq(g:first_player(), o[1], "round 1's start player")
    drive(g, function(x)
      return x:round() == 2
    end)
    t:eq(g:first_player(), o[2], "round 2's start player")
    drive(g, function(x)
      return x:round() == 2 and #with_prefix(x:options(), "place:") > 0
    end)
    t:eq(g:player(), o[2], "the first turn of round 2")
    -- Nobody moves in round 2: the start player stays.
    drive(g, function(x)
      return x:round() == 3
    end)
    t:eq(g:first_player(), o[2], "round 3's start player")
  end,

  -- M-SCORE-2: the objective's VP; M-SCORE-3, M-CHAR-2 c, M-DATA-3: crests; M-SCORE-4, M-SCORE-5.
  ["final scoring: the objective's VP if its markers are upgraded, crests, 1 VP per 10 coins and per 2 resources; De Wu's crest (M-SCORE-2..5, M-CHAR-2, M-DATA-3, M-DATA-11)"] = function(t)
    -- O01: spice upgraded, 6 VP; O03: tailors upgraded, 7 VP. The drive places no post.
    local g, o = new_game(t, { seed = 3, chars = { "gantulga", "de_wu" }, objectives = { "O01", "O03" } })
    t:eq(g:cards("objective", o[1]), { "O01" })
    drive(g, function(x)
      return x:round() == 5
    end)
    set(g, o[1], { coins = 25, camels = 9, pepper = 3, silk = 0, gold = 0, jade = 0, vp = 0, guild_spice = 2 })
    set(g, o[2], { coins = 9, camels = 0, pepper = 0, silk = 1, gold = 0, jade = 1, vp = 0, guild_tailors = 1 })
    drive(g) -- the purses give camels only
    t:ok(g:over(), "the game is over after round 5")
    -- o[1]: 6 (O01) + 0 (no crest) + 2 (25 coins) + 1 (3 pepper); camels are no resource.
    t:eq(g:count(o[1], "vp"), 9, "Gantulga's final VP")
    -- o[2]: 0 (tailors not upgraded) + 1 (De Wu's crest: 1 on the table) + 0 (9 coins)
    -- + 1 (1 silk and 1 jade).
    t:eq(g:count(o[2], "vp"), 2, "De Wu's final VP")
  end,
}
