-- weft.draw_keep: draw `params.draw` cards of `params.grade` and keep `params.keep`
-- (R-SKILL-1, R-SKILL-2: reaching a deck's unlock).
local cards = require("weft.cards")

return {
  describe = function(params)
    return "Draw " .. (params.draw or 2) .. " " .. params.grade .. " commissions and keep " .. (params.keep or 1) .. "."
  end,
  on_reach = function(ctx, params)
    local p = ctx:player()
    local drawn = cards.draw(ctx, p, params.grade, params.draw or 2, true)
    cards.keep(ctx, p, drawn, params.keep or 1)
  end,
}
