-- weft.draw_keep: draw `params.draw` cards of `params.deck` and keep `params.keep`
-- (R-SKILL-1, R-SKILL-2: reaching a deck's unlock).
local cards = require("weft.cards")

return {
  -- The option keys its questions offer (for `weft doc content`).
  option_keys = {
    { "<card>", "keep that card of those just drawn (the rest are discarded)" },
  },
  describe = function(params)
    return "Draw " .. (params.draw or 2) .. " " .. params.deck .. " commissions and keep " .. (params.keep or 1) .. "."
  end,
  on_reach = function(ctx, params)
    local p = ctx:player()
    local drawn = cards.draw(ctx, p, params.deck, params.draw or 2)
    cards.keep(ctx, p, drawn, params.keep or 1)
  end,
}
