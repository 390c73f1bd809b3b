-- Scenario tests of Cabriole: Queues and placement, the order of resolution, the decline and the round (C-QUEUE-*, C-PLACE-*, C-RES-*, C-ROUND-*).
-- Run with `weft test --pack content/cabriole`. Rule ids: content/cabriole/RULES.md.
-- Tests of invented data (C-DATA-*) check the pack against the rules' tables, so they
-- write the rules' values rather than read the pack's. Helpers: tests/lib/helpers.lua.

local H = require("tests.lib.helpers")
local COLS, has, with_prefix, new_game, turn_order = H.COLS, H.has, H.with_prefix, H.new_game, H.turn_order
local place, drive, round_is, asked, pays = H.place, H.drive, H.round_is, H.asked, H.pays

-- C-QUEUE-3 / C-DATA-1 (invented): usable spaces of each queue at 2, 3 and 4 players.
local SPACES = {
  row1 = { 3, 3, 4 }, row2 = { 3, 3, 4 }, row3 = { 3, 3, 4 }, row4 = { 0, 3, 4 },
  extra = { 1, 2, 2 }, guild = { 3, 5, 6 },
  market_oak = { 0, 3, 4 }, market_walnut = { 2, 3, 4 }, market_silk = { 2, 3, 4 }, market_mahogany = { 2, 3, 4 },
}
local AREAS = { "row1", "row2", "row3", "row4", "extra", "guild", "market_oak", "market_walnut", "market_silk", "market_mahogany" }

return {
  ["the board's queues, in board order (C-QUEUE-1, C-TWO-2, C-TWO-3)"] = function(t)
    local want = {}
    for _, a in ipairs(AREAS) do
      want[#want + 1] = "place:" .. a
    end
    t:eq(new_game(t, 4, 1):options(), want, "4 players")
    t:eq(new_game(t, 2, 1):options(), {
      "place:row1", "place:row2", "place:row3", "place:extra", "place:guild",
      "place:market_walnut", "place:market_silk", "place:market_mahogany",
    }, "2 players: no row 4, no oak market")
  end,

  ["each queue takes as many assistants as its usable spaces (C-QUEUE-2, C-QUEUE-3, C-DATA-1, C-PLACE-3, C-TWO-2, C-TWO-3, C-EXTRA-1)"] = function(t)
    for _, area in ipairs(AREAS) do
      for n = 2, 4 do
        local g = new_game(t, n, 2)
        local k = 0
        while has(g:options(), "place:" .. area) do
          g:answer("place:" .. area)
          k += 1
        end
        t:eq(k, SPACES[area][n - 1], area .. " at " .. n .. " players")
      end
    end
  end,

  ["assistants are placed one a turn in turn order until all 5 each are placed; placing names only a queue and is never passed (C-PLACE-1, C-PLACE-5, C-PLACE-6, C-ROUND-2)"] = function(t)
    local g = new_game(t, 3, 5)
    local order = turn_order(g, 3)
    local players = {}
    while #with_prefix(g:options(), "place:") > 0 do
      local options = g:options()
      for _, k in ipairs(options) do
        t:ok(string.match(k, "^place:[%w_]+$") and SPACES[string.sub(k, 7)], "a placement option that is not a queue: " .. k)
      end
      players[#players + 1] = g:player()
      g:answer(options[#options])
    end
    local want = {}
    for k = 1, 15 do
      want[k] = order[(k - 1) % 3 + 1]
    end
    t:eq(players, want, "placing players")
  end,

  ["a queue resolves in placement order, left to right (C-PLACE-2, C-RES-1)"] = function(t)
    local g = new_game(t, 2, 3)
    local a, b = table.unpack(turn_order(g, 2))
    for p = 1, 2 do
      g:set(p, "coins", 30)
      g:set(p, "carver", 0)
    end
    place(t, g, a, "guild")
    place(t, g, b, "guild")
    place(t, g, a, "guild")
    local seen = {}
    drive(g, round_is(2), {
      avoid = { "guild" },
      policy = function(g, options)
        local train = with_prefix(options, "train:")[1]
        if train then
          seen[#seen + 1] = g:player()
          return train
        end
      end,
    })
    t:eq(seen, { a, b, a }, "guild hall assistants resolved")
  end,

  ["areas resolve rows top to bottom, then the extra project, the guild hall, the markets oak to mahogany (C-RES-1, C-MARKET-1)"] = function(t)
    local g = new_game(t, 3, 6)
    local x, y, z = table.unpack(turn_order(g, 3))
    g:set(x, "coins", 60)
    for _, r in ipairs({ "oak", "walnut", "silk", "mahogany" }) do
      g:set(x, r, 0)
    end
    place(t, g, x, "market_mahogany")
    place(t, g, y, "row1")
    place(t, g, z, "row3")
    place(t, g, x, "guild")
    place(t, g, y, "market_walnut")
    place(t, g, z, "market_walnut")
    place(t, g, x, "row2")
    place(t, g, y, "market_silk")
    place(t, g, z, "market_silk")
    place(t, g, x, "extra")
    place(t, g, y, "guild")
    place(t, g, z, "guild")
    place(t, g, x, "market_oak")
    local seen = {}
    drive(g, round_is(2), {
      policy = function(g, options)
        if g:player() ~= x then
          return nil
        end
        local takes = #with_prefix(options, "take:")
        if takes > 0 then
          seen[#seen + 1] = takes <= COLS[3] and "row" or "extra"
        elseif #with_prefix(options, "train:") > 0 then
          seen[#seen + 1] = "guild"
        elseif has(options, "buy:1") then
          -- which market: oak bought before this one or not
          seen[#seen + 1] = "buy with " .. g:count(x, "oak") .. " oak"
          return "buy:1"
        end
        return nil
      end,
    })
    t:eq(seen, { "row", "extra", "guild", "buy with 0 oak", "buy with 1 oak" }, "the order x's assistants resolved in")
    t:eq({ g:count(x, "oak"), g:count(x, "mahogany") }, { 1, 1 }, "x bought 1 oak, then 1 mahogany")
  end,

  ["declining always pays 2 coins, and a lone decline is taken without asking (C-RES-2)"] = function(t)
    local g = new_game(t, 2, 4)
    local x, y = table.unpack(turn_order(g, 2))
    g:set(x, "walnut", 7) -- C-LIMIT-1: no walnut purchase is an option
    g:set(x, "coins", 40)
    place(t, g, x, "market_walnut")
    place(t, g, y, "guild")
    place(t, g, x, "row1")
    -- x's other assistants stay out of the markets (x may not be asked to buy at all)
    drive(g, asked(x, "take:"), { avoid = { "market_walnut", "row1", "market_silk", "market_mahogany" } })
    local options = g:options()
    t:eq(options[#options], "decline", "the decline is the last option")
    t:eq(pays(t, g, x, "decline"), -2, "declining a row card")
    local before = g:count(x, "coins")
    drive(g, function(g) return #with_prefix(g:options(), "place:") > 0 or g:round() == 2 end, {
      policy = function(g, options)
        if g:player() == x then
          t:ok(#with_prefix(options, "buy:") == 0, "x was asked to buy at a market")
        end
      end,
    })
    t:eq(g:count(x, "walnut"), 7)
    -- x's walnut assistant (alone) and x's 3 others each declined: 2 coins each.
    t:eq(g:count(x, "coins") - before, 2 * 4, "x's coins after the other declines")
  end,

  ["assistants come back after resolution: every player places 5 again in round 2 (C-RES-3, C-COMP-3)"] = function(t)
    local g = new_game(t, 2, 8)
    drive(g, round_is(2))
    local placed = { 0, 0 }
    while #with_prefix(g:options(), "place:") > 0 do
      placed[g:player()] += 1
      g:answer(g:options()[1])
    end
    t:eq(placed, { 5, 5 })
  end,

  ["at the end of a round the start player passes clockwise and the queues are cleared (C-ROUND-2, C-ROUND-3)"] = function(t)
    local g = new_game(t, 3, 9)
    local s = g:player()
    drive(g, round_is(2))
    t:eq(g:player(), s % 3 + 1, "round 2's start player")
    t:eq(g:options(), {
      "place:row1", "place:row2", "place:row3", "place:row4", "place:extra", "place:guild",
      "place:market_oak", "place:market_walnut", "place:market_silk", "place:market_mahogany",
    }, "every queue is open and empty again")
    drive(g, round_is(3))
    t:eq(g:player(), (s + 1) % 3 + 1, "round 3's start player")
  end,

  ["the game has six rounds of reset, placement, resolution and production (C-ROUND-1)"] = function(t)
    local g = new_game(t, 2, 10)
    local rounds = {}
    drive(g, nil, {
      policy = function(g, options)
        rounds[g:round()] = true
      end,
    })
    t:ok(g:over(), "the game is not over")
    t:eq(rounds, { true, true, true, true, true, true }, "rounds with questions")
  end,
}
