-- Scenario tests of Cabriole: The extra project queue (C-EXTRA-*).
-- Run with `weft test --pack content/cabriole`. Rule ids: content/cabriole/RULES.md.
-- Tests of invented data (C-DATA-*) check the pack against the rules' tables, so they
-- write the rules' values rather than read the pack's. Helpers: tests/lib/helpers.lua.

local H = require("tests.lib.helpers")
local has, new_game, turn_order, place, drive = H.has, H.new_game, H.turn_order, H.place, H.drive
local asked, lay, meter, pays = H.asked, H.lay, H.meter, H.pays

local ROWS = { "row1", "row2", "row3", "row4" }

-- A 3-player game where x holds the first extra-project space and row 4 is closed: x
-- places extra, guild; y row1, row3; z row2, guild; the rest away from rows and extra.
-- Display: A01-1 (row 1), A02-1 (row 2), A05-1 (row 3), A11-1 with 3 coins and A12-1
-- (row 4). `y_takes`: the card y's row 1 assistant takes, if any.
local function closed_row_game(t, seed, x_coins, y_takes)
  local g = new_game(t, 3, seed)
  local x, y, z = table.unpack(turn_order(g, 3))
  lay(g, 3, { [1] = "A01-1", [5] = "A02-1", [9] = "A05-1", [13] = "A11-1", [14] = "A12-1" }, { [13] = 3 })
  g:set(x, "coins", x_coins)
  place(t, g, x, "extra")
  place(t, g, y, "row1")
  place(t, g, z, "row2")
  place(t, g, x, "guild")
  place(t, g, y, "row3")
  t:ok(not has(g:options(), "place:row4"), "row 4 is not closed")
  local avoid = { "extra", table.unpack(ROWS) }
  drive(g, asked(x, "take:"), {
    avoid = avoid,
    policy = function(g, options)
      if y_takes and g:player() == y and has(options, "take:" .. y_takes) then
        return "take:" .. y_takes
      end
    end,
  })
  return g, x, y, z
end

return {
  ["the extra project takes up to 2 cards from any row after the rows resolve; closed-row cards cost 2, then 3 more, payable from coins just gained (C-EXTRA-3, C-EXTRA-4, C-EXTRA-5, C-ROW-2)"] = function(t)
    local g, x = closed_row_game(t, 1, 2, "A01-1")
    t:eq(g:options(), { "take:A02-1", "take:A05-1", "take:A11-1", "take:A12-1", "decline" }, "first card")
    -- The action's coins land when it ends (after the second card): measured over both.
    local m = meter(t, g, x)
    m.answer("take:A11-1")
    -- x had 2 coins: the second closed-row card's 3 can only come from A11-1's 3 coins
    t:eq(g:options(), { "take:A02-1", "take:A05-1", "take:A12-1", "stop" }, "second card, paid from A11-1's coins")
    m.answer("take:A12-1")
    t:eq(m.paid(), 2 + 3 - 3, "two closed-row cards: 2, then 3 more (5 in all), less A11-1's 3 coins")
    t:eq(g:cards("unfinished", x), { "A11-1", "A12-1" })
  end,

  ["a closed-row card that cannot be paid is not offered; stop after one card (C-EXTRA-4, C-EXTRA-5)"] = function(t)
    local g, x = closed_row_game(t, 2, 1)
    t:eq(g:options(), { "take:A01-1", "take:A02-1", "take:A05-1", "decline" }, "first card with 1 coin")
    local m = meter(t, g, x)
    m.answer("take:A01-1")
    t:eq(g:options(), { "take:A02-1", "take:A05-1", "stop" }, "second card with 1 coin")
    m.answer("stop")
    t:eq(g:cards("unfinished", x), { "A01-1" })
    t:eq(m.paid(), 0, "an open-row card with no coins on it, then stop: nothing paid")
  end,

  ["one closed-row card with one open-row card costs 2 (C-EXTRA-4)"] = function(t)
    local g, x = closed_row_game(t, 3, 2)
    local m = meter(t, g, x)
    m.answer("take:A01-1")
    -- x has 2 coins and A01-1 had none: A11-1 is payable only if A01-1 was free
    t:ok(has(g:options(), "take:A11-1"), "after an open-row card, x cannot pay a closed-row card with 2 coins")
    m.answer("take:A11-1")
    t:eq(m.paid(), 0 + 2 - 3, "an open-row card free, the closed-row card 2, less its 3 coins")
    t:eq(g:cards("unfinished", x), { "A01-1", "A11-1" })
  end,

  ["taking no card is the decline (C-EXTRA-5, C-RES-2)"] = function(t)
    local g, x = closed_row_game(t, 4, 2)
    t:eq(pays(t, g, x, "decline"), -2)
    t:eq(g:cards("unfinished", x), {})
  end,

  ["one player may not hold both extra-project spaces; at two players there is one (C-EXTRA-1, C-EXTRA-2, C-PLACE-4)"] = function(t)
    local g = new_game(t, 3, 5)
    local x, y, z = table.unpack(turn_order(g, 3))
    place(t, g, x, "extra")
    t:ok(has(g:options(), "place:extra"), "y may take the second space")
    place(t, g, y, "guild")
    place(t, g, z, "guild")
    t:ok(not has(g:options(), "place:extra"), "x offered the second extra-project space")
    place(t, g, x, "guild")
    place(t, g, y, "extra")
    t:ok(not has(g:options(), "place:extra"), "a third extra-project space")
    local g2 = new_game(t, 2, 5)
    local a, b = table.unpack(turn_order(g2, 2))
    place(t, g2, a, "extra")
    t:ok(not has(g2:options(), "place:extra"), "two players: a second extra-project space")
  end,
}
