-- weft.plaza: R-PLAZA-3. Draw `params.draw` commissions one at a time, each from a deck
-- the player has unlocked (DECISION: the player picks the deck card by card), then keep
-- as many as the `plaza_keep` ability allows (R-SKILL-4).
local cards = require("weft.cards")

return {
  action = function(ctx, params)
    local p = ctx:player()
    local drawn = {}
    for _ = 1, params.draw or 4 do
      local decks = {}
      for _, g in ipairs(ctx:grades(p)) do
        if ctx:deck_size(g) > 0 then
          table.insert(decks, { key = g, label = "Draw from the " .. g .. " deck" })
        end
      end
      if #decks == 0 then
        break
      end
      local grade = ctx:choose({ prompt = "Draw from which deck?", options = decks }).key
      local id = ctx:draw(grade)
      if id then
        table.insert(drawn, id)
      end
    end
    cards.keep(ctx, p, drawn, ctx:ability(p, "plaza_keep"))
  end,
}
