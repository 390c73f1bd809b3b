-- City bonus cards and trading-post bonus cards (M-MOVE-8 b, c; M-ROUND-3; M-ICON-6;
-- M-SETUP-2; data M-DATA-7, M-DATA-8). Each kind lies in a grid, one position per city
-- that has its slot, in the order below (the `cb` and `tp` slots of M-DATA-1).
local E = require("effects")
local M = {}

M.CITY_BONUS_CITIES = { "lanzhou", "dunhuang", "khotan", "bukhara", "sarai", "balkh", "herat", "hormuz",
  "tabriz", "baghdad" }
M.POST_BONUS_CITIES = { "karakorum", "lhasa", "khotan", "samarkand", "sarai", "tabriz" }

local function index_of(list, city)
  for i, c in ipairs(list) do
    if c == city then
      return i
    end
  end
  return nil
end

-- The city bonus card on `city`, or nil.
function M.city_bonus(ctx, city)
  local i = index_of(M.CITY_BONUS_CITIES, city)
  return i and ctx:cards("city_bonuses")[i] or nil
end

-- Gains a bonus card's reward and carries out its icon (M-ICON-3..5).
local function gain_reward(ctx, p, card)
  local c = ctx:card(card)
  E.apply(ctx, p, { gain = c.reward, extra = c.params.extra ~= "black_die" and c.params.extra or nil,
    first = c.params.extra == "black_die" and "black_die" or nil }, 1, c.name)
end

-- Player p gains the city bonus of `city` (M-MOVE-8 b, M-ROUND-3); the "?" card lets
-- them gain another city bonus card on the map instead, not a "?" one (M-ICON-6).
function M.gain_city_bonus(ctx, p, city)
  local card = M.city_bonus(ctx, city)
  if not card then
    return
  end
  if not ctx:card(card).params.pick then
    gain_reward(ctx, p, card)
    return
  end
  local options = {}
  for i, other in ipairs(ctx:cards("city_bonuses")) do
    if other and not ctx:card(other).params.pick then
      options[#options + 1] = { key = "bonus:" .. other,
        label = "The bonus of " .. M.CITY_BONUS_CITIES[i] .. ": " .. ctx:card(other).text }
    end
  end
  if #options > 0 then
    local other = string.sub(ctx:choose{ prompt = "Gain which city bonus card (M-ICON-6)?", options = options }.key, 7)
    gain_reward(ctx, p, other)
  end
end

-- The player who keeps trading-post bonus cards (Filippo Vitello, M-CHAR-5), or nil.
local function keeper(ctx)
  for q = 1, ctx:player_count() do
    if ctx:ability(q, "keeps_post_bonuses") > 0 then
      return q
    end
  end
  return nil
end

-- A post placed in `city` (M-MOVE-8 c): its trading-post bonus card, if still there,
-- gives its bonus to p and leaves the game. With Filippo in the game (M-CHAR-5 a) it
-- goes to him after its effect; his own he keeps unresolved.
function M.take_post_bonus(ctx, p, city)
  local i = index_of(M.POST_BONUS_CITIES, city)
  local card = i and ctx:cards("post_bonuses")[i] or nil
  if not card then
    return
  end
  local filippo = keeper(ctx)
  if filippo == p then
    ctx:move_card("post_bonuses", i, "kept_bonuses", p)
    return
  end
  if filippo then
    ctx:move_card("post_bonuses", i, "kept_bonuses", filippo)
  else
    ctx:move_card("post_bonuses", i, "box")
  end
  gain_reward(ctx, p, card)
end

-- Filippo's extra action (M-CHAR-5 b): one card he keeps, resolved, then out of the game.
function M.use_kept(ctx, p, card)
  ctx:move_card("kept_bonuses", card, "box", p)
  gain_reward(ctx, p, card)
end

return M
