-- The market stall: a worker here buys one card of the market, paying its cost and
-- taking the coins that gathered on it; or declines for 1 coin (the engine's option).
local M = {}

function M.options(ctx, params)
  local p = ctx:player()
  local out = {}
  for pos, card in ipairs(ctx:cards("market")) do
    if card then
      local info = ctx:card(card)
      local price = info.params.cost - ctx:marks("market", pos)
      if price < 0 then
        price = 0
      end
      if ctx:has(p, "coins", price) then
        out[#out + 1] = { key = "buy:" .. pos, label = "Buy " .. info.name .. " for " .. price }
      end
    end
  end
  return out
end

function M.resolve(ctx, params, key)
  local p = ctx:player()
  local pos = tonumber(string.sub(key, 5))
  local card = ctx:cards("market")[pos]
  local price = ctx:card(card).params.cost - ctx:marks("market", pos)
  if price > 0 then
    ctx:pay(p, "coins", price)
  end
  ctx:move_card("market", pos, "tableau", p)
end

return M
