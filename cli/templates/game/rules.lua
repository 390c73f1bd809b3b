-- The game's own hooks, named by the [flow] steps that run them.
local M = {}

-- Unsold cards get cheaper: a coin on each, every round after the first.
function M.age_market(ctx, params)
  for pos, card in ipairs(ctx:cards("market")) do
    if card then
      ctx:add_marks("market", pos, 1)
    end
  end
end

-- Final scoring: each card in a player's tableau scores its prestige.
function M.score_tableau(ctx, params)
  local p = ctx:player()
  for _, card in ipairs(ctx:cards("tableau", p)) do
    ctx:add(p, "prestige", ctx:card(card).params.prestige)
  end
end

return M
