-- Upgrade a guild marker (M-EXTRA-6, M-DATA-5, invented costs and bonuses): pay the cost
-- on its front, flip it (counter 2) and gain its bonus at once; from then on the bonus
-- comes in each start phase too (M-ROUND-3, rules.income).
local M = {}

function M.options(ctx, params)
  local p = ctx:player()
  local out = {}
  for _, g in ipairs(params.guilds) do
    if ctx:count(p, "guild_" .. g.id) == 1 and ctx:can_afford(p, g.cost) then
      out[#out + 1] = { key = g.id, label = "Upgrade the " .. g.id .. " marker" }
    end
  end
  return out
end

function M.resolve(ctx, params, key)
  local p = ctx:player()
  for _, g in ipairs(params.guilds) do
    if g.id == key then
      for _, what in ipairs({ "coins", "camels", "pepper", "silk", "gold" }) do
        if g.cost[what] then
          ctx:pay(p, what, g.cost[what])
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
