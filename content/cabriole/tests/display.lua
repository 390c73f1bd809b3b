-- Scenario tests of Cabriole: Row queues, special cards and the display's ageing (C-DISP-*, C-SPEC-*, C-LIMIT-*, C-RESET-*).
-- Run with `weft test --pack content/cabriole`. Rule ids: content/cabriole/RULES.md.
-- Tests of invented data (C-DATA-*) check the pack against the rules' tables, so they
-- write the rules' values rather than read the pack's. Helpers: tests/lib/helpers.lua.

local H = require("tests.lib.helpers")
local SIZE, COLS, has, with_prefix, new_game = H.SIZE, H.COLS, H.has, H.with_prefix, H.new_game
local turn_order, place, drive, round_is, asked = H.turn_order, H.place, H.drive, H.round_is, H.asked
local lay, pays = H.lay, H.pays

return {
  ["a row queue offers each card of its row, left to right (C-DISP-1, C-SETUP-3, C-TWO-4)"] = function(t)
    for _, n in ipairs({ 2, 4 }) do
      local g = new_game(t, n, 1)
      local x = g:player()
      local cards = g:cards("display")
      place(t, g, x, "row1")
      drive(g, asked(x, "take:"), { avoid = { "row1" } })
      local want = {}
      for pos = 1, COLS[n] do
        want[#want + 1] = "take:" .. cards[pos]
      end
      want[#want + 1] = "decline"
      t:eq(g:options(), want, n .. " players: row 1's options")
    end
  end,

  ["a project is taken with the coins on it and no resources, into the unfinished projects (C-DISP-1, C-DISP-2)"] = function(t)
    local g = new_game(t, 2, 2)
    local x = g:player()
    lay(g, 2, { [1] = "A01-1", [2] = "A05-1", [3] = "A-TIMBER-1" }, { [1] = 2 })
    g:set(x, "walnut", 0)
    g:set(x, "silk", 0)
    place(t, g, x, "row1")
    drive(g, asked(x, "take:"), { avoid = { "row1" } })
    t:eq(g:options(), { "take:A01-1", "take:A05-1", "take:A-TIMBER-1", "decline" })
    t:eq(pays(t, g, x, "take:A01-1"), -2, "the 2 coins on the card")
    t:eq(g:cards("unfinished", x), { "A01-1" })
    t:eq({ g:count(x, "walnut"), g:count(x, "silk") }, { 0, 0 }, "no resources come with it")
    t:ok(not g:cards("display")[1], "slot 1 is still filled")
  end,

  ["a project that would be a 7th unfinished may not be taken, counting the round's takes; special cards may, and do not count (C-LIMIT-2, C-DISP-3, C-SPEC-3)"] = function(t)
    local g = new_game(t, 2, 3)
    local x, y = table.unpack(turn_order(g, 2))
    lay(g, 2, { [1] = "A-TIMBER-1", [2] = "A01-1", [3] = "A11-1" })
    for _, id in ipairs({ "A02-1", "A04-1", "A06-1", "A07-1", "A10-1" }) do
      g:put_card(id, "unfinished", nil, x)
    end
    g:set(x, "oak", 0)
    g:set(y, "coins", 20)
    -- x's other assistants resolve after row 1 (markets), y's in between (guild hall)
    for _, plan in ipairs({ { "row1", "guild" }, { "row1", "guild" }, { "row1", "guild" }, { "market_walnut", "market_silk" }, { "market_mahogany", "market_silk" } }) do
      place(t, g, x, plan[1])
      place(t, g, y, plan[2])
    end
    drive(g, asked(x, "take:"))
    t:eq(g:options(), { "take:A-TIMBER-1", "take:A01-1", "take:A11-1", "decline" })
    g:answer("take:A-TIMBER-1")
    t:eq(#g:cards("unfinished", x), 5, "the special card went to the unfinished projects")
    t:eq(g:player(), x, "x's second assistant in row 1")
    t:eq(g:options(), { "take:A01-1", "take:A11-1", "decline" }, "a special card took the last room")
    -- x's third assistant: only a project left and no room: the decline alone, unasked
    local before = g:count(x, "coins")
    g:answer("take:A01-1")
    t:eq(g:count(x, "coins") - before, 2, "x's third assistant declined for 2 coins without being asked")
    t:ok(not (g:player() == x and #with_prefix(g:options(), "take:") > 0), "x was asked to take a 7th project")
    t:eq(#g:cards("unfinished", x), 6)
    t:ok(has(g:cards("display"), "A11-1"), "A11-1 left the display")
  end,

  ["special cards act at once and leave the game: resources cut to 7, hire or train, coins; a favour at master is lost (C-DISP-4, C-SPEC-1, C-SPEC-2, C-LIMIT-1, C-CRAFT-1)"] = function(t)
    local g = new_game(t, 3, 4)
    local x, y, z = table.unpack(turn_order(g, 3))
    lay(g, 3, { [1] = "A-TIMBER-1", [2] = "A-FAVOUR-CARVER", [3] = "A-FAVOUR-JOINER", [5] = "A-PATRON" })
    g:set(x, "oak", 6)
    g:set(x, "carver", 0)
    g:set(x, "joiner", 3)
    for _, plan in ipairs({ { "row1", "guild", "guild" }, { "row1", "market_walnut", "market_walnut" }, { "row1", "market_silk", "market_silk" }, { "row2" } }) do
      place(t, g, x, plan[1])
      if plan[2] then
        place(t, g, y, plan[2])
        place(t, g, z, plan[3])
      end
    end
    drive(g, asked(x, "take:"), { avoid = { "row1", "row2" } })
    g:answer("take:A-TIMBER-1")
    t:eq(g:count(x, "oak"), 7, "6 oak and 2 more: cut to 7")
    t:eq(g:options(), { "take:A-FAVOUR-CARVER", "take:A-FAVOUR-JOINER", "decline" })
    g:answer("take:A-FAVOUR-CARVER")
    t:eq(g:count(x, "carver"), 1, "a carver hired at A")
    g:answer("take:A-FAVOUR-JOINER")
    t:eq(g:count(x, "joiner"), 3, "a master joiner stays master")
    t:eq(pays(t, g, x, "take:A-PATRON"), -6, "the patron's coins")
    t:eq(g:cards("unfinished", x), {}, "special cards are not projects")
    -- Out of the game: in x's pile of used specials, which no rule reads.
    t:eq(g:cards("used", x), { "A-TIMBER-1", "A-FAVOUR-CARVER", "A-FAVOUR-JOINER", "A-PATRON" })
    t:ok(not has(g:cards("display"), "A-PATRON"), "the patron left the display")
  end,

  ["a special card gains the resources it shows (C-SPEC-1, C-DATA-8)"] = function(t)
    local g = new_game(t, 2, 5)
    local x = g:player()
    lay(g, 2, { [1] = "B-MAHOGANY" })
    g:set(x, "mahogany", 1)
    place(t, g, x, "row1")
    drive(g, asked(x, "take:"), { avoid = { "row1" } })
    g:answer("take:B-MAHOGANY")
    t:eq(g:count(x, "mahogany"), 3)
  end,

  ["an untaken card gains a coin each reset and is discarded with 3 coins; deck B refills from round 4 (C-RESET-1, C-RESET-2, C-RESET-3, C-SETUP-2)"] = function(t)
    local g = new_game(t, 2, 6)
    local dealt = g:cards("display")
    for r = 2, 4 do
      drive(g, round_is(r))
      t:eq(g:cards("display"), dealt, "round " .. r .. ": the cards dealt in round 1")
      for pos = 1, SIZE[2] do
        t:eq(g:marks("display", pos), r - 1, "round " .. r .. ": coins on slot " .. pos)
      end
    end
    drive(g, round_is(5))
    local now, box = g:cards("display"), g:cards("box")
    for pos = 1, SIZE[2] do
      t:ok(has(box, dealt[pos]), dealt[pos] .. " was not discarded in round 5's reset")
      t:eq(string.sub(now[pos], 1, 1), "B", "round 5: slot " .. pos .. " refilled from deck B")
      t:eq(g:marks("display", pos), 0, "round 5: a new card carries no coins")
    end
  end,

  ["empty slots fill from the round's deck, top row first, left to right; cards never slide (C-RESET-3)"] = function(t)
    local g = new_game(t, 2, 7)
    local cards = g:cards("display")
    g:put_card(cards[7], "box")
    g:put_card(cards[3], "box")
    local deck = g:cards("deck_a")
    drive(g, round_is(2))
    local now = g:cards("display")
    t:eq({ now[3], now[7] }, { deck[#deck], deck[#deck - 1] }, "slots 3 and 7 take the top two cards of deck A")
    t:eq({ g:marks("display", 3), g:marks("display", 7), g:marks("display", 4) }, { 0, 0, 1 })
    t:eq(now[4], cards[4], "the card at slot 4 stayed")
  end,

  ["when the round's deck runs out, slots stay empty and the other deck is not used (C-RESET-4)"] = function(t)
    local g = new_game(t, 2, 8)
    for _, id in ipairs(g:cards("deck_a")) do
      g:put_card(id, "box")
    end
    local cards = g:cards("display")
    g:put_card(cards[1], "box")
    g:put_card(cards[2], "box")
    local deck_b = #g:cards("deck_b")
    drive(g, round_is(2))
    local now = g:cards("display")
    t:ok(not now[1] and not now[2], "slots 1 and 2 were filled")
    t:eq(now[3], cards[3])
    t:eq(#g:cards("deck_b"), deck_b, "deck B was drawn from in round 2")
  end,
}
