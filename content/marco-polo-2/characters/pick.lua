-- Characters at setup (M-SETUP-7): one more than the players lie face up; each player,
-- in reverse play order, takes one; the rest leave the game. Then the chosen
-- characters' setup powers apply (the `chosen` hook point).
local M = {}

function M.pick(ctx)
  local p = ctx:player()
  local options = {}
  for _, card in ipairs(ctx:cards("character_offer")) do
    if card then
      options[#options + 1] = { key = "character:" .. card, label = ctx:card(card).name .. ": " .. ctx:card(card).text }
    end
  end
  if #options == 0 then
    return -- (`weft check` calls this at sample positions too, with none on offer)
  end
  local card = string.sub(ctx:choose{ prompt = "Choose your character", options = options }.key, 11)
  ctx:move_card("character_offer", card, "character", p)
end

function M.rest_to_box(ctx)
  for i, card in ipairs(ctx:cards("character_offer")) do
    if card then
      ctx:move_card("character_offer", i, "box")
    end
  end
end

return M
