-- Scenario tests of Cabriole: The extra project queue (C-EXTRA-*).
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
    t:eq(pays(t, g, x, "take:A11-1"), 2 - 3, "a closed-row card: pay 2, gain its 3 coins")
    t:eq(g:options(), { "take:A02-1", "take:A05-1", "take:A12-1", "stop" }, "second card")
    t:eq(pays(t, g, x, "take:A12-1"), 3, "a second closed-row card: 3 more (5 in all)")
    t:eq(g:count(x, "coins"), 0)
    t:eq(g:cards("unfinished", x), { "A11-1", "A12-1" })
  end,

  ["a closed-row card that cannot be paid is not offered; stop after one card (C-EXTRA-4, C-EXTRA-5)"] = function(t)
    local g, x = closed_row_game(t, 2, 1)
    t:eq(g:options(), { "take:A01-1", "take:A02-1", "take:A05-1", "decline" }, "first card with 1 coin")
    g:answer("take:A01-1")
    t:eq(g:options(), { "take:A02-1", "take:A05-1", "stop" }, "second card with 1 coin")
    g:answer("stop")
    t:eq(g:cards("unfinished", x), { "A01-1" })
    t:eq(g:count(x, "coins"), 1)
  end,

  ["one closed-row card with one open-row card costs 2 (C-EXTRA-4)"] = function(t)
    local g, x = closed_row_game(t, 3, 2)
    t:eq(pays(t, g, x, "take:A01-1"), 0, "an open-row card is free")
    t:eq(pays(t, g, x, "take:A11-1"), 2 - 3, "the first closed-row card costs 2")
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
