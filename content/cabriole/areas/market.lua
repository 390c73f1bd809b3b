-- A market queue (C-MARKET-1..6). Purchase space i sells `params.quantities[i]` of
-- `params.resource` for `params.prices[i]` coins in all (C-MARKET-2/4, C-DATA-3), to one
-- assistant a round (second-stage spaces, freed at the end of the round). A space is an
-- option only while free, affordable (C-COMP-2) and within `params.resource_cap`
-- (C-LIMIT-1); with none left only the decline remains (C-MARKET-3). Bought resources
-- go to the player's one stock (C-MARKET-6). The markets resolve oak, walnut, silk,
-- mahogany by resolve_order (C-MARKET-1).
local words = require("weft.words")
local M = {}

function M.describe(params)
  local parts = {}
  for i, q in params.quantities do
    parts[#parts + 1] = q .. " for " .. params.prices[i]
  end
  return "Buy " .. params.resource .. " at one free purchase space: " .. table.concat(parts, ", ") .. " coins; or decline."
end

function M.options(ctx, params)
  local p, area = ctx:player(), ctx:area()
  local held = ctx:count(p, params.resource)
  local out = {}
  for i, q in params.quantities do
    local price = params.prices[i]
    if not ctx:space_used(area, i) and ctx:has(p, "coins", price) and held + q <= params.resource_cap then
      local label = ctx:asking() and ("Buy " .. q .. " " .. params.resource .. " for " .. words.count(price, "coin")) or nil
      out[#out + 1] = { key = "buy:" .. i, label = label }
    end
  end
  return out
end

function M.resolve(ctx, params, key)
  local i = tonumber(string.sub(key, #"buy:" + 1))
  local p = ctx:player()
  ctx:use_space(ctx:area(), i)
  ctx:pay(p, "coins", params.prices[i])
  ctx:gain(p, params.resource, params.quantities[i])
end

-- The option keys its questions offer (for `weft doc content`).
M.option_keys = {
  { "buy:<n>", "buy the market's offer n (from 1)" },
}

return M
