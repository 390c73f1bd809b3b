-- weft.personal_workshop: R-TILE-PWS. The tile's action is a personal workshop phase:
-- the player may use each tucked commission's workshop action once (R-WS-4), with the
-- zone and hook of the flow's `use_cards` step. `params.played_this_round` (DECISION,
-- default true): whether a card fulfilled earlier this round may be used.
local function has_workshop_cards(ctx, p)
  for _, id in ctx:cards("tucked", p) do
    if ctx:card(id).behaviour then
      return true
    end
  end
  return false
end

return {
  -- It asks nothing itself: the use-cards phase it starts offers the step's keys.
  option_keys = {},
  describe = function()
    return "Take a personal workshop phase: use each of your tucked commissions' workshop actions once."
  end,
  can_act = function(ctx)
    return has_workshop_cards(ctx, ctx:player())
  end,
  action = function(ctx, params)
    local same_round = params.played_this_round
    if same_round == nil then
      same_round = true
    end
    ctx:use_cards(ctx:player(), { played_this_round = same_round })
  end,
}
