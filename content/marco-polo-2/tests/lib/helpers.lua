-- Helpers for Marco Polo II's scenario tests (module `tests.lib.helpers`, not a test):
-- every test file starts with `local H = require("tests.lib.helpers")` and local names
-- for what it uses. Rule ids: content/marco-polo-2/RULES.md. The scenario API cannot set
-- dice, so the helpers turn them with the adjust extra (M-EXTRA-4), paying its camels
-- from a stock they set and then put back.

-- The counters a player's stock is measured in (M-MAT-1, M-SCORE-1).
local STOCK = { "coins", "camels", "pepper", "silk", "gold", "jade", "vp" }

local function has(list, x)
  for _, v in ipairs(list) do
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

local function starts(key, prefix)
  return string.sub(key, 1, #prefix) == prefix
end

-- The characters a setup pick takes when the test names none for that player: the
-- first of these on offer that no player is to get. Mei Lin & Tenshin's setup power
-- (M-CHAR-4 a: a second traveller) applies as she is picked, so she is taken only when
-- nothing else is offered.
local PREFERRED = { "filippo", "de_wu", "gantulga", "abha_bas", "mongke", "isabella" }

-- Seats in play order from the start player (M-SETUP-6: clockwise).
local function turn_order(g, n)
  local s, out = g:first_player(), {}
  for k = 0, n - 1 do
    out[#out + 1] = (s - 1 + k) % n + 1
  end
  return out
end

-- A new game past setup (M-SETUP-7, M-SETUP-8) and round 1's compensation (M-COMP-1),
-- at the start player's first turn. Returns the game and the seats in play order.
-- opts: players (default 2); seed (default 1); chars = { id, … }, the characters by
-- play order (chars[1] is the start player's); objectives, the same; comp = "coins"
-- (default) or "camels", how compensation is taken, or "ask" to return at the first
-- compensation question. A pick's options are fixed when it is asked, so the characters
-- and objectives named are swapped in (g:put_card) once the picks are over, before round
-- 1's start phase; no setup power of a swapped-in character applies (M-CHAR-4 a, b). A
-- character's start-phase question (M-CHAR-6's pairs) gets its first option.
local function new_game(t, opts)
  opts = opts or {}
  local n = opts.players or 2
  local g = t:game { players = n, seed = opts.seed or 1 }
  local order = turn_order(g, n)
  local chars, objectives = {}, {}
  local wanted = {}
  for k, id in pairs(opts.chars or {}) do
    chars[order[k]] = id
    wanted[id] = true
  end
  for k, id in pairs(opts.objectives or {}) do
    objectives[order[k]] = id
  end
  local phase = "character"
  for _ = 1, 100 do
    local options = g:options()
    if phase == "character" and not starts(options[1], "character:") then
      for p, id in pairs(chars) do
        if g:cards("character", p)[1] ~= id then
          g:put_card(id, "character", 1, p)
        end
      end
      phase = "objective"
    end
    if phase == "objective" and not starts(options[1], "keep:") then
      for p, id in pairs(objectives) do
        if g:cards("objective", p)[1] ~= id then
          g:put_card(id, "objective", 1, p)
        end
      end
      phase = "round"
    end
    if starts(options[1], "character:") then
      local key
      for _, id in ipairs(PREFERRED) do
        if not key and not wanted[id] and has(options, "character:" .. id) then
          key = "character:" .. id
        end
      end
      for _, k in ipairs(options) do
        if not key and k ~= "character:mei_lin" then
          key = k
        end
      end
      g:answer(key or options[1])
    elseif starts(options[1], "keep:") then
      g:answer(options[1])
    elseif starts(options[1], "coins:") and opts.comp ~= "ask" then
      g:answer(opts.comp == "camels" and "coins:0" or options[1])
    elseif starts(options[1], "coins:") or #with_prefix(options, "purse:") > 0 then
      return g, order
    else
      g:answer(options[1]) -- a start-phase question of a character (M-CHAR-4 c, M-CHAR-6)
    end
  end
  error("new_game: setup asked more than 100 questions")
end

-- Sets player p's stock: what = { coins = 5, … }.
local function set(g, p, what)
  for k, n in pairs(what) do
    g:set(p, k, n)
  end
end

-- Player p's stock, as a table of the counters in STOCK.
local function stock(g, p)
  local out = {}
  for _, k in ipairs(STOCK) do
    out[k] = g:count(p, k)
  end
  return out
end

-- What player p's stock changed by since `before` (stock(g, p)), only the counters that
-- changed: { coins = -2, vp = 4 }.
local function delta(g, p, before)
  local out = {}
  for _, k in ipairs(STOCK) do
    local d = g:count(p, k) - before[k]
    if d ~= 0 then
      out[k] = d
    end
  end
  return out
end

-- Turns every die of the pool of the player asked now to `v` with the adjust extra
-- (M-EXTRA-4), its camels paid from a stock set for it; the player's camels are put back
-- afterwards.
local function dice_all(g, v)
  local p = g:player()
  local camels = g:count(p, "camels")
  g:set(p, "camels", 200)
  for _ = 1, 100 do
    local key
    for _, k in ipairs(with_prefix(g:options(), "adjust:")) do
      local face, dir = string.match(k, "^adjust:(%d)n?:(%a+)$")
      face = tonumber(face)
      if (face < v and dir == "up") or (face > v and dir == "down") then
        key = k
        break
      end
    end
    if not key then
      g:set(p, "camels", camels)
      return
    end
    g:answer(key)
  end
  error("dice_all: the dice did not settle")
end

-- Turns one die of value `from` of the pool of the player asked now to `to`, one pip at
-- a time (M-EXTRA-4); camels as in dice_all.
local function turn_die(g, from, to)
  local p = g:player()
  local camels = g:count(p, "camels")
  g:set(p, "camels", 200)
  while from ~= to do
    local dir = to > from and "up" or "down"
    g:answer("adjust:" .. from .. ":" .. dir)
    from = from + (to > from and 1 or -1)
  end
  g:set(p, "camels", camels)
end

-- The pool of the player asked now, ascending, read from the three-dice placements on
-- T3 (`place:travel3:<abc>`) while the player still holds their 5 dice: a value shown at
-- most k times in a triple is held k times, and a value shown three times takes the dice
-- the others leave.
local function pool(g)
  local most = {}
  for _, k in ipairs(with_prefix(g:options(), "place:travel3:")) do
    local seen = {}
    for c in string.gmatch(string.sub(k, 15), "%d") do
      seen[c] = (seen[c] or 0) + 1
    end
    for c, n in pairs(seen) do
      most[c] = math.max(most[c] or 0, n)
    end
  end
  local triple, others = nil, 0
  for c, n in pairs(most) do
    if n == 3 then
      triple = c
    else
      others += n
    end
  end
  if triple then
    most[triple] = 5 - others
  end
  local out = {}
  for c, n in pairs(most) do
    for _ = 1, n do
      out[#out + 1] = tonumber(c)
    end
  end
  table.sort(out)
  return out
end

-- Plays on until stop(g) holds (or the game ends), spending dice on the purse only
-- (M-EXTRA-2): no traveller moves, no post is placed. A purse answers `opts.take`
-- (default "camels"), compensation all camels ("coins:0"), any other question "end",
-- "stop", "none" where offered, else its first option.
local function drive(g, stop, opts)
  opts = opts or {}
  for _ = 1, 5000 do
    if g:over() or (stop and stop(g)) then
      return
    end
    local options = g:options()
    local key
    local purse = with_prefix(options, "purse:")
    if has(options, "coins") and has(options, "camels") and has(options, "jade") then
      key = opts.take or "camels"
    elseif #purse > 0 then
      key = purse[1]
    elseif starts(options[1], "coins:") then
      key = "coins:0"
    else
      for _, k in ipairs({ "end", "stop", "none" }) do
        if not key and has(options, k) then
          key = k
        end
      end
    end
    g:answer(key or options[1])
  end
  error("drive: the game did not get there in 5000 answers")
end

-- The placements offered on `space`, as their dice: { "5", "6", … } or { "46", … }.
local function placements(g, space)
  local out = {}
  for _, k in ipairs(with_prefix(g:options(), "place:" .. space .. ":")) do
    out[#out + 1] = string.sub(k, #space + 8)
  end
  return out
end

return {
  STOCK = STOCK,
  has = has,
  with_prefix = with_prefix,
  turn_order = turn_order,
  new_game = new_game,
  set = set,
  stock = stock,
  delta = delta,
  dice_all = dice_all,
  turn_die = turn_die,
  pool = pool,
  drive = drive,
  placements = placements,
}
