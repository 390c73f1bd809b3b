-- Card and space effects written as data (M-CITY-3, M-DATA-6, M-DATA-7..9): what a city
-- action card, a special city's space or a bonus card does, from its params. Shared by
-- spaces/city.lua, spaces/special.lua and the bonus cards (bonuses.lua).
--
-- An effect is a table:
--   times   how often it applies at strength d: "d", "ceil(d/2)", "ceil(d/3)",
--           "floor(d/2)", "floor(d/3)" (M-CITY-3); default once
--   cap     "contracts" or "posts": applies at most as often as the player has
--           fulfilled contracts or trading posts on the map (M-ICON-7)
--   least   the least strength that gives anything (M-DATA-6, Balkh's guild extra)
--   pay     paid for each application (jade standing in for coins and camels, M-JADE-1)
--   pay_distinct  goods of that many different kinds paid for each application (M-ICON-1 "2≠")
--   gain    gained for each application
--   once    gained once, with the first application
--   first   "black_die": done before the rest (M-ICON-5)
--   extra   "step" (M-ICON-3) or "draw" (M-ICON-4), done once per application
-- With something to pay, a step or a draw, the player chooses how often, at least once
-- (M-DICE-9).
local C = require("contracts")
local moves = require("moves")
local M = {}

M.COUNTERS = { "vp", "coins", "camels", "pepper", "silk", "gold", "jade" }
M.GOODS = { "pepper", "silk", "gold" }
local SHORT = { vp = "VP", coins = "$", camels = "K", pepper = "P", silk = "S", gold = "G", jade = "J" }

-- How often `times` allows at strength d.
function M.times(times, d)
  if times == nil then
    return 1
  elseif times == "d" then
    return d
  end
  local round, by = string.match(times, "^(%a+)%(d/(%d)%)$")
  by = tonumber(by)
  if round == "ceil" then
    return (d + by - 1) // by
  elseif round == "floor" then
    return d // by
  end
  error("effects: times = '" .. tostring(times) .. "' is not d, ceil(d/N) or floor(d/N)")
end

-- A table's items in the order of M.COUNTERS, times k.
local function scaled(t, k)
  local out = {}
  for _, what in ipairs(M.COUNTERS) do
    if t and t[what] then
      out[what] = t[what] * k
    end
  end
  return out
end

-- Gives player p k times the counters of `t` (`{ coins = 2 }`), in M.COUNTERS order.
function M.gain(ctx, p, t, k)
  if not t or k <= 0 then
    return
  end
  for _, what in ipairs(M.COUNTERS) do
    if t[what] then
      ctx:gain(p, what, t[what] * k)
    end
  end
end

-- "2P+1K" for a table of counters.
function M.words(t)
  local parts = {}
  for _, what in ipairs(M.COUNTERS) do
    if t and t[what] then
      parts[#parts + 1] = t[what] .. SHORT[what]
    end
  end
  return table.concat(parts, "+")
end

-- The most times `n` goods of different kinds can be paid from `counts` (a count per
-- good): k times while the goods, each counted at most k times, make n·k (M-ICON-1
-- "2≠": each time one of each of n kinds, a kind again in another time).
local function distinct_times(counts, n)
  if n < 1 then
    error("effects: pay_distinct = " .. tostring(n) .. "; it is how many kinds each time, 1 or more")
  end
  local k = 0
  while true do
    local units = 0
    for _, c in ipairs(counts) do
      units = units + math.min(c, k + 1)
    end
    if units < n * (k + 1) then
      return k
    end
    k = k + 1
  end
end

-- p's goods, in M.GOODS order.
local function goods_of(ctx, p)
  local counts = {}
  for i, g in ipairs(M.GOODS) do
    counts[i] = ctx:count(p, g)
  end
  return counts
end

-- How often of `n` times player p may apply `e`: what its cap and its payments allow.
local function allowed(ctx, p, e, n)
  if e.cap == "contracts" then
    n = math.min(n, ctx:count(p, "contracts"))
  elseif e.cap == "posts" then
    n = math.min(n, #ctx:markers_of(p, "post"))
  end
  if e.pay or e.pay_distinct then
    local k = 0
    while k < n and (not e.pay or ctx:can_afford(p, scaled(e.pay, k + 1))) do
      k = k + 1
    end
    if e.pay_distinct then
      k = math.min(k, distinct_times(goods_of(ctx, p), e.pay_distinct))
    end
    n = k
  end
  return n
end

-- How often player p may apply `e` at strength d (0: not at all).
function M.most(ctx, p, e, d)
  if e.least and d < e.least then
    return 0
  end
  return allowed(ctx, p, e, M.times(e.times, d))
end

-- Whether `e` can be applied at least once (M-DICE-9) at the strength `strength()`
-- gives. A black die first counts as something done while one is left to take. Only a
-- lower bound (`least`) or a rounding down (`floor(d/N)`) can make a strength of at least
-- 1 apply it no time at all; otherwise `times` allows one application at any strength,
-- so what the cap and the payments allow of one answers, and the strength is not read (a
-- `can_act` that does not read ctx:strength() is asked once a turn, not once for each
-- strength the pool offers).
function M.can_apply(ctx, p, e, strength)
  if e.first == "black_die" and ctx:neutral_dice() > 0 then
    return true
  end
  if e.least or (e.times and string.sub(e.times, 1, 5) == "floor") then
    return M.most(ctx, p, e, strength()) > 0
  end
  return allowed(ctx, p, e, 1) > 0
end

-- Pays 1 each of `n` different goods, the player choosing which (M-ICON-1), leaving
-- enough for the `after` times still to pay: a good is offered only if the rest can
-- still be paid (the kinds left for this time taken from the largest counts).
local function pay_distinct(ctx, p, n, after)
  local paid = {}
  for j = 1, n do
    local options = {}
    for i, g in ipairs(M.GOODS) do
      if not paid[g] and ctx:count(p, g) >= 1 then
        local counts = goods_of(ctx, p)
        counts[i] = counts[i] - 1
        -- The picks left this time, from the unused kinds with the most.
        local free = {}
        for k, h in ipairs(M.GOODS) do
          if not paid[h] and h ~= g then
            free[#free + 1] = k
          end
        end
        table.sort(free, function(a, b)
          return counts[a] > counts[b] or (counts[a] == counts[b] and a < b)
        end)
        local ok = true
        for m = 1, n - j do
          local k = free[m]
          if not k or counts[k] < 1 then
            ok = false
            break
          end
          counts[k] = counts[k] - 1
        end
        if ok and distinct_times(counts, n) >= after then
          options[#options + 1] = { key = "pay:" .. g, label = "Pay 1 " .. g }
        end
      end
    end
    local g = string.sub(ctx:choose{ prompt = "Pay a good of another kind", options = options }.key, 5)
    ctx:pay(p, g, 1)
    paid[g] = true
  end
end

-- Applies `e` for player p at strength d. `prompt` names it when the player chooses how
-- often.
function M.apply(ctx, p, e, d, prompt)
  if e.first == "black_die" then
    local pips = ctx:take_neutral_die(p)                        -- M-ICON-5
    if pips then
      ctx:trigger(p, "black_die", pips)                         -- M-CHAR-6
    end
  end
  local n = M.most(ctx, p, e, d)
  -- Something paid, or a step or a draw, may be done fewer times, at least once
  -- (M-DICE-9); a plain gain is taken whole.
  if n > 1 and (e.pay or e.pay_distinct or e.extra) then
    local options = {}
    for k = n, 1, -1 do
      options[#options + 1] = { key = "times:" .. k, label = prompt .. " ×" .. k }
    end
    n = tonumber(string.sub(ctx:choose{ prompt = prompt .. ": how often?", options = options }.key, 7))
  end
  if n <= 0 then
    return
  end
  local cost = scaled(e.pay, n)
  for _, what in ipairs(M.COUNTERS) do
    if cost[what] then
      ctx:pay(p, what, cost[what])
    end
  end
  if e.pay_distinct then
    for time = 1, n do
      pay_distinct(ctx, p, e.pay_distinct, n - time)
    end
  end
  local got = scaled(e.gain, n)
  for what, k in pairs(scaled(e.once, 1)) do
    got[what] = (got[what] or 0) + k
  end
  for _, what in ipairs(M.COUNTERS) do
    if got[what] then
      ctx:gain(p, what, got[what])
    end
  end
  for _ = 1, n do
    if e.extra == "step" then
      moves.travel(ctx, p, { max = 1 })                         -- M-ICON-3
    elseif e.extra == "draw" then
      local pile = ctx:cards("contract_pile")
      if #pile > 0 then
        C.take(ctx, p, "contract_pile", pile[#pile], {})         -- M-ICON-4
      end
    end
  end
end

return M
