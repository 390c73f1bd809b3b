-- Vidal Badoer's purchase (M-CHAR-10 d, extra action, once per turn: `per_turn` in
-- game.toml): pay his card's params.purchase.pay (1 gold, 1 silk and 1 pepper) for its
-- vp (5).
local E = require("effects")
local M = {}

local function purchase(ctx, p)
  if ctx:ability(p, "buys_vp") == 0 then
    return nil
  end
  local id = ctx:cards("character", p)[1]
  return id and ctx:card(id).params.purchase
end

function M.options(ctx)
  local p = ctx:player()
  local buy = purchase(ctx, p)
  if buy and ctx:can_afford(p, buy.pay) then
    return { { key = "buy", label = "Pay " .. E.words(buy.pay) .. " for " .. buy.vp .. " VP" } }
  end
  return {}
end

function M.resolve(ctx, params, key)
  local p = ctx:player()
  local buy = purchase(ctx, p)
  for _, what in ipairs(E.COUNTERS) do
    if buy.pay[what] then
      ctx:pay(p, what, buy.pay[what])
    end
  end
  ctx:gain(p, "vp", buy.vp)
end

return M
