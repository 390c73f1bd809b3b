-- Scenario tests of Cabriole: The closed row (C-ROW-*).
-- Run with `weft test --pack content/cabriole`. Rule ids: content/cabriole/RULES.md.
-- Tests of invented data (C-DATA-*) check the pack against the rules' tables, so they
-- write the rules' values rather than read the pack's. Helpers: tests/lib/helpers.lua.

local H = require("tests.lib.helpers")
local COLS, has, with_prefix, new_game, turn_order = H.COLS, H.has, H.with_prefix, H.new_game, H.turn_order
local place, drive, round_is = H.place, H.drive, H.round_is

return {
  ["when every row but one has an assistant, the last row closes and takes no assistant (C-ROW-1, C-ROW-2, C-PLACE-4)"] = function(t)
    local g = new_game(t, 2, 1)
    local a, b = table.unpack(turn_order(g, 2))
    place(t, g, a, "row1")
    t:ok(has(g:options(), "place:row3") and has(g:options(), "place:row2"), "rows 2 and 3 open after one row is used")
    place(t, g, b, "row2")
    t:ok(not has(g:options(), "place:row3"), "row 3 is still open")
    local kept = g:cards("display")
    -- the rest of the placement: row 3 is never offered again this round
    drive(g, function(g) return #with_prefix(g:options(), "place:") == 0 end, {
      policy = function(g, options)
        t:ok(not has(options, "place:row3"), "row 3 offered after it closed")
      end,
    })
    drive(g, round_is(2))
    local now = g:cards("display")
    for pos = 9, 12 do
      t:eq(now[pos], kept[pos], "the closed row's card at slot " .. pos .. " stays in the display")
    end
  end,

  ["a row with no cards left still counts as a row and can be the one closed (C-ROW-4)"] = function(t)
    local g = new_game(t, 3, 2)
    local x, y, z = table.unpack(turn_order(g, 3))
    local cards = g:cards("display")
    for pos = 1, COLS[3] do
      g:put_card(cards[pos], "box")
    end
    place(t, g, x, "row2")
    place(t, g, y, "row3")
    t:ok(has(g:options(), "place:row1"), "the empty row 1 is closed too early")
    place(t, g, z, "row4")
    t:ok(not has(g:options(), "place:row1"), "the empty row 1 is not closed")
    t:ok(has(g:options(), "place:row2"), "another row was closed")
  end,

  ["once a row is closed nothing changes for the round, and it opens again next round (C-ROW-1, C-ROUND-3)"] = function(t)
    local g = new_game(t, 3, 3)
    local x, y, z = table.unpack(turn_order(g, 3))
    place(t, g, x, "row1")
    place(t, g, y, "row2")
    place(t, g, z, "row3")
    t:ok(not has(g:options(), "place:row4"), "row 4 is not closed")
    place(t, g, x, "row1")
    place(t, g, y, "row1")
    t:ok(not has(g:options(), "place:row4"), "row 4 opened again")
    t:ok(has(g:options(), "place:row2") and has(g:options(), "place:row3"), "another row closed")
    drive(g, round_is(2))
    t:ok(has(g:options(), "place:row4"), "row 4 still closed in round 2")
  end,

  ["no row is closed in round 6 (C-ROW-3)"] = function(t)
    local g = new_game(t, 2, 4)
    drive(g, round_is(5))
    local a, b = table.unpack(turn_order(g, 2))
    place(t, g, a, "row1")
    place(t, g, b, "row2")
    t:ok(not has(g:options(), "place:row3"), "round 5: row 3 is not closed")
    drive(g, round_is(6))
    a, b = table.unpack(turn_order(g, 2))
    place(t, g, a, "row1")
    place(t, g, b, "row2")
    t:ok(has(g:options(), "place:row3"), "round 6: row 3 was closed")
  end,
}
