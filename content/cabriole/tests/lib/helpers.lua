-- Helpers for Cabriole's scenario tests (module `tests.lib.helpers`, not a test): every
-- test file starts with `local H = require("tests.lib.helpers")` and local names for
-- what it uses. Rule ids: content/cabriole/RULES.md. The module is read-only once loaded.

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
-- coins of `marks` ({ [slot] = n }, default 0). Assistants in a row left without cards
-- are declined without asking (C-RES-2, C-DISP-3): measure coins with `meter`/`pays`.
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

-- C-QUEUE-1: every queue of the board, in resolution order (C-RES-1).
local AREAS = {
  "row1", "row2", "row3", "row4", "extra", "guild",
  "market_oak", "market_walnut", "market_silk", "market_mahogany",
}
-- C-RES-2: the coins a decline pays.
local DECLINE = 2

-- How many of player p's assistants are on a queue space, not yet resolved (a resolved
-- or declined assistant leaves its space, C-RES-3).
local function on_spaces(g, p)
  local n = 0
  for _, area in ipairs(AREAS) do
    for _, who in ipairs(g:placements(area)) do
      if who == p then
        n += 1
      end
    end
  end
  return n
end

-- Measures the coins player p pays (gains negative) for the answers given through it, and
-- only for them. After an answer the engine goes on to the next question, and on the way
-- declines, without asking, every assistant whose only option is the decline (C-RES-2):
-- those decline payments to p are not counted. A script's changes land when its hook
-- ends, so give every answer of the effect measured (e.g. a second card or "stop", a
-- project's reward and the next "make:" or "done") before reading `paid()`.
--   local m = meter(t, g, p); m.answer("take:A11-1"); m.answer("take:A12-1"); m.paid()
local function meter(t, g, p)
  local coins, placed, asked_first = g:count(p, "coins"), on_spaces(g, p), 0
  local m = {}
  function m.answer(key)
    t:eq(g:player(), p, "the player asked before " .. key)
    local options = g:options()
    t:ok(#with_prefix(options, "place:") == 0, "meter: " .. key .. " is a placement; measure resolution and production answers")
    -- A question with the decline is an assistant's own (the engine adds it to each):
    -- answering it takes that assistant off its space.
    if has(options, "decline") then
      asked_first += 1
    end
    g:answer(key)
  end
  function m.paid()
    t:ok(not g:over(), "meter: the game ended (final scoring turns coins into prestige)")
    local unasked = placed - on_spaces(g, p) - asked_first
    t:ok(unasked >= 0, "meter: player " .. p .. " has more assistants on spaces than before")
    return coins - g:count(p, "coins") + unasked * DECLINE
  end
  return m
end

-- Answers `key` for player p (it must end the effect measured: see meter) and returns
-- the coins it cost p, without the lone declines of p's assistants that followed it.
local function pays(t, g, p, key)
  local m = meter(t, g, p)
  m.answer(key)
  return m.paid()
end

return {
  SIZE = SIZE,
  COLS = COLS,
  has = has,
  with_prefix = with_prefix,
  new_game = new_game,
  turn_order = turn_order,
  place = place,
  drive = drive,
  round_is = round_is,
  asked = asked,
  lay = lay,
  AREAS = AREAS,
  DECLINE = DECLINE,
  on_spaces = on_spaces,
  meter = meter,
  pays = pays,
}
