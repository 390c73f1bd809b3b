-- A city action card's space (M-CITY-1..4): one die (M-DICE-2) on the card lying at
-- `params.pos` of `params.zone`, exclusive (M-CITY-2, M-DICE-4). A large city's card
-- (`params.city`) needs the player's trading post there, placed before this turn
-- (M-MOVE-9); the common cards need none (M-CITY-4). The card's params are its effect
-- (effects.lua; M-DATA-9).
local E = require("effects")
local M = {}

local function card_here(ctx, params)
  return ctx:cards(params.zone)[params.pos] or nil
end

-- Whether player p may use the city's spaces: a post there, not placed this turn.
function M.usable_city(ctx, p, city)
  for _, q in ipairs(ctx:markers("post", city)) do
    if q == p then
      return not ctx:placed_this_turn(p, "post", city)
    end
  end
  return false
end

function M.can_act(ctx, params)
  local p = ctx:player()
  local card = card_here(ctx, params)
  if not card or (params.city and not M.usable_city(ctx, p, params.city)) then
    return false
  end
  return E.can_apply(ctx, p, ctx:card(card).params, ctx:strength())   -- M-DICE-9
end

function M.resolve(ctx, params)
  local p = ctx:player()
  local card = card_here(ctx, params)
  ctx:log("uses " .. card .. ": " .. ctx:card(card).text)
  E.apply(ctx, p, ctx:card(card).params, ctx:strength(), card)
end

return M
