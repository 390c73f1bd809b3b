-- Upgrade a guild marker (M-EXTRA-6, M-DATA-5, invented costs and bonuses): pay the cost
-- on its front, flip it (counter 2) and gain its bonus at once; from then on the bonus
-- comes in each start phase too (M-ROUND-3, rules.income).
local M = {}

-- What upgrading guild g costs p: its cost, less the coins for Tebaldo (M-CHAR-8 b).
local function cost_for(ctx, p, g)
  if ctx:ability(p, "upgrades_without_coins") <= 0 then
    return g.cost
  end
  local cost = {}
  for what, n in pairs(g.cost) do
    if what ~= "coins" then
      cost[what] = n
    end
  end
  return cost
end

-- Whether p's counters are at `g.when` (the marker front side up).
local function ready(ctx, p, g)
  for what, n in pairs(g.when) do
    if ctx:count(p, what) ~= n then
      return false
    end
  end
  return true
end

-- The options, for a player with `upgrades_without_coins` (game.toml's `offers` lists
-- them from data for everyone else, with the full cost).
function M.options(ctx, params)
  local p = ctx:player()
  local out = {}
  for _, g in ipairs(params.guilds) do
    if ready(ctx, p, g) and ctx:can_afford(p, cost_for(ctx, p, g)) then
      out[#out + 1] = { key = g.id, label = "Upgrade the " .. g.id .. " marker" }
    end
  end
  return out
end

function M.resolve(ctx, params, key)
  local p = ctx:player()
  for _, g in ipairs(params.guilds) do
    if g.id == key then
      local cost = cost_for(ctx, p, g)
      for _, what in ipairs({ "coins", "camels", "pepper", "silk", "gold" }) do
        if cost[what] then
          ctx:pay(p, what, cost[what])
        end
      end
      ctx:add(p, "guild_" .. g.id, 1)
      ctx:trigger(p, "upgraded", g.id)               -- M-CHAR-2 b
      for _, what in ipairs({ "coins", "camels", "pepper", "silk", "gold", "jade" }) do
        if g.bonus[what] then
          ctx:gain(p, what, g.bonus[what])
        end
      end
    end
  end
end

return M
