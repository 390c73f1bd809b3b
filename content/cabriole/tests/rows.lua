-- Scenario tests of Cabriole: The closed row (C-ROW-*).
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
