-- weft.plaza: R-PLAZA-3. Draw `params.draw` commissions from decks the player has
-- unlocked, then keep as many as the `plaza_keep` ability allows (R-SKILL-4); the rest
-- are discarded (DECISION). `params.deck_choice` (DECISION): "each" (default), the player
-- picks the deck card by card; "once", the player picks one deck and draws every card
-- from it (choosing again only when it runs out).
local cards = require("weft.cards")

local function deck_choice(params)
  local choice = params.deck_choice or "each"
  if choice ~= "each" and choice ~= "once" then
    error("params.deck_choice must be \"each\" or \"once\", not " .. tostring(choice))
  end
  return choice
end

return {
  -- The option keys its questions offer (for `weft doc content`).
  option_keys = {
    { "<deck>", "draw the next card from that deck" },
    { "<card>", "keep that card of those just drawn (the rest are discarded)" },
  },
  describe = function(params)
    local from = if deck_choice(params) == "once"
      then "all from one deck you have unlocked, chosen once"
      else "one at a time from any deck you have unlocked"
    return "Draw " .. (params.draw or 4) .. " commissions, " .. from .. "; keep as many as your plaza_keep ability (1, or 2 from the skill unlock); discard the rest."
  end,
  action = function(ctx, params)
    local p = ctx:player()
    local drawn = cards.draw_chosen(ctx, p, params.draw or 4, deck_choice(params) == "once")
    cards.keep(ctx, p, drawn, ctx:ability(p, "plaza_keep"))
  end,
}
