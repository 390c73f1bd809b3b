-- Scenario tests of Cabriole: Setup: the display, starting cards, the start player and the setup picks (C-SETUP-*).
-- Run with `weft test --pack content/cabriole`. Rule ids: content/cabriole/RULES.md.
-- Tests of invented data (C-DATA-*) check the pack against the rules' tables, so they
-- write the rules' values rather than read the pack's. Helpers: tests/lib/helpers.lua.

local H = require("tests.lib.helpers")
local SIZE, has, with_prefix, new_game = H.SIZE, H.has, H.with_prefix, H.new_game

-- C-DATA-4 (invented, the pack's starting cards): the craftsmen each hires at A, and coins.
local STARTING = {
  S1 = { carver = 1, joiner = 1, coins = 10 },
  S2 = { joiner = 1, upholsterer = 1, coins = 9 },
  S3 = { joiner = 1, turner = 1, coins = 10 },
  S4 = { carver = 1, upholsterer = 1, coins = 14 },
  S5 = { turner = 1, upholsterer = 1, coins = 14 },
  S6 = { carver = 1, turner = 1, coins = 15 },
}
local CRAFTSMEN = { "carver", "joiner", "turner", "upholsterer" }
local RESOURCES = { "oak", "walnut", "silk", "mahogany" }

return {
  ["the game starts in round 1 with every display slot dealt from deck A at 0 coins (C-SETUP-1, C-SETUP-3, C-TWO-4)"] = function(t)
    for n = 2, 4 do
      local g = new_game(t, n, 1)
      t:eq(g:round(), 1)
      local cards = g:cards("display")
      for pos = 1, SIZE[n] do
        t:ok(cards[pos], n .. " players: display slot " .. pos .. " is empty")
        t:eq(string.sub(cards[pos], 1, 1), "A", n .. " players: slot " .. pos .. " holds a deck A card")
        t:eq(g:marks("display", pos), 0, "coins on slot " .. pos)
      end
      t:ok(not cards[SIZE[n] + 1], n .. " players: a slot beyond rows × columns")
    end
  end,

  ["each player starts with one starting card: its two craftsmen at A and its coins (C-SETUP-4, C-DATA-4, C-CRAFT-1)"] = function(t)
    local first_cards = {}
    for seed = 1, 6 do
      for n = 2, 4 do
        local g = t:game { players = n, seed = seed }
        local seen = {}
        for p = 1, n do
          local start = g:cards("start", p)
          t:eq(#start, 1, "player " .. p .. "'s starting cards")
          local want = STARTING[start[1]]
          t:ok(want, "unknown starting card " .. tostring(start[1]))
          t:ok(not seen[start[1]], "two players hold " .. start[1])
          seen[start[1]] = true
          for _, c in ipairs(CRAFTSMEN) do
            t:eq(g:count(p, c), want[c] or 0, start[1] .. ": " .. c)
          end
          t:eq(g:count(p, "coins"), want.coins, start[1] .. ": coins")
        end
        first_cards[g:cards("start", 1)[1]] = true
      end
    end
    local kinds = 0
    for _ in pairs(first_cards) do
      kinds += 1
    end
    t:ok(kinds >= 2, "player 1 got the same starting card in 18 games: not dealt at random")
  end,

  ["the start player is drawn at random with the game's seed (C-SETUP-5)"] = function(t)
    local seen, kinds = {}, 0
    for seed = 1, 12 do
      local g = new_game(t, 4, seed)
      if not seen[g:player()] then
        kinds += 1
      end
      seen[g:player()] = true
      t:eq(new_game(t, 4, seed):player(), g:player(), "the same seed, another start player")
    end
    t:ok(kinds >= 2, "the same start player in 12 games")
  end,

  ["setup picks go from the start player's right, counter-clockwise, each a resource no one chose (C-SETUP-6)"] = function(t)
    for _, n in ipairs({ 3, 4 }) do
      local g = t:game { players = n, seed = 7 }
      local asked, picked = {}, {}
      local before = {}
      for p = 1, n do
        before[p] = {}
        for _, r in ipairs(RESOURCES) do
          before[p][r] = g:count(p, r)
        end
      end
      while #with_prefix(g:options(), "pick:") > 0 do
        local options = g:options()
        t:eq(#options, #RESOURCES - #picked, "options of pick " .. (#picked + 1))
        for _, prev in ipairs(picked) do
          t:ok(not has(options, "pick:" .. prev), prev .. " was chosen before and is offered again")
        end
        local choice = options[#options]
        asked[#asked + 1] = g:player()
        picked[#picked + 1] = string.sub(choice, 6)
        g:answer(choice)
      end
      local s = g:player() -- the start player places first
      local want = {}
      for k = 1, n do
        want[k] = (s - 1 - k + n) % n + 1 -- s-1, s-2, …
      end
      want[n] = s
      -- At 4 players the start player's pick is the one resource left: taken without asking.
      if n == 4 then
        table.remove(want)
      end
      t:eq(asked, want, n .. " players: the order of the picks")
      for k, p in ipairs(asked) do
        for _, r in ipairs(RESOURCES) do
          t:eq(g:count(p, r) - before[p][r], r == picked[k] and 1 or 0, "player " .. p .. " " .. r)
        end
      end
      if n == 4 then
        local gained = 0
        for _, r in ipairs(RESOURCES) do
          if not has(picked, r) then
            gained = g:count(s, r) - before[s][r]
          end
        end
        t:eq(gained, 1, "the start player gets the resource left")
      end
    end
  end,

  ["at two players oak may still be chosen at setup (C-SETUP-6, C-TWO-2)"] = function(t)
    local g = t:game { players = 2, seed = 3 }
    t:ok(has(g:options(), "pick:oak"), "oak is not offered: " .. table.concat(g:options(), ", "))
    g:answer("pick:oak")
    t:ok(not has(g:options(), "pick:oak"), "oak offered twice")
  end,

  ["prestige starts at 0 and every player has 5 assistants (C-COMP-3)"] = function(t)
    local g = new_game(t, 3, 4)
    for p = 1, 3 do
      t:eq(g:count(p, "prestige"), 0)
    end
    local placed = { 0, 0, 0 }
    while #with_prefix(g:options(), "place:") > 0 do
      placed[g:player()] += 1
      g:answer(g:options()[1])
    end
    t:eq(placed, { 5, 5, 5 })
  end,
}
