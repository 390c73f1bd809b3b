-- weft.personal_workshop: R-TILE-PWS. The tile's action is a personal workshop phase:
-- the player may use each tucked commission's workshop action once (R-WS-4).
local function has_workshop_cards(ctx, p)
  for _, id in ctx:cards("tucked", p) do
    if ctx:card(id).workshop then
      return true
    end
  end
  return false
end

return {
  describe = function()
    return "Take a personal workshop phase: use each of your tucked commissions' workshop actions once."
  end,
  can_act = function(ctx)
    return has_workshop_cards(ctx, ctx:player())
  end,
  action = function(ctx)
    ctx:use_cards(ctx:player())
  end,
}
