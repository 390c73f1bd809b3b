-- A city action card's space (M-CITY-1..4): one die (M-DICE-2) on the card lying at
-- `params.pos` of `params.zone`, exclusive (M-CITY-2, M-DICE-4). A large city's card
-- needs the player's trading post there, placed before this turn (M-MOVE-9): the space's
-- `presence` in board.toml, checked from data; the common cards need none (M-CITY-4).
-- The card's params are its effect (effects.lua; M-DATA-9).
local E = require("effects")
local M = {}

local function card_here(ctx, params)
  return ctx:cards(params.zone)[params.pos] or nil
end

function M.can_act(ctx, params)
  local p = ctx:player()
  local card = card_here(ctx, params)
  if not card then
    return false
  end
  return E.can_apply(ctx, p, ctx:card(card).params, function()   -- M-DICE-9
    return ctx:strength()
  end)
end

function M.resolve(ctx, params)
  local p = ctx:player()
  local card = card_here(ctx, params)
  ctx:log("uses " .. card .. ": " .. ctx:card(card).text)
  E.apply(ctx, p, ctx:card(card).params, ctx:strength(), card)
end

return M
