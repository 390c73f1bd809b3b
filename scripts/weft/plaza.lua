-- weft.plaza: R-PLAZA-3. Draw `params.draw` commissions one at a time, each from a deck
-- the player has unlocked (DECISION: the player picks the deck card by card), then keep
-- as many as the `plaza_keep` ability allows (R-SKILL-4).
local cards = require("weft.cards")

return {
  describe = function(params)
    return "Draw " .. (params.draw or 4) .. " commissions, one at a time from any deck you have unlocked; keep as many as your plaza_keep ability (1, or 2 from the skill unlock); discard the rest."
  end,
  action = function(ctx, params)
    local p = ctx:player()
    local drawn = {}
    for _ = 1, params.draw or 4 do
      local id = cards.draw_from_choice(ctx, p)
      if id == nil then
        break
      end
      table.insert(drawn, id)
    end
    cards.keep(ctx, p, drawn, ctx:ability(p, "plaza_keep"))
  end,
}
