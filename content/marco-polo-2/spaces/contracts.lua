-- The contract space (M-CONTRACT-1..3): 1 or 2 face-up contracts from contract cities
-- holding one's own post (2 from one city or 1 from each of two), each replaced at once
-- from the refill pile, then 3 coins.
local C = require("contracts")
local M = {}

function M.can_act(ctx)
  return #C.takeable(ctx, ctx:player()) > 0
end

function M.resolve(ctx, params)
  local p = ctx:player()
  local keep = {}
  local most = 2
  if ctx:ability(p, "single_contract") > 0 then
    most = 1                                         -- M-CHAR-10 b
  end
  for n = 1, most do
    local options = {}
    for _, t in ipairs(C.takeable(ctx, p)) do
      options[#options + 1] = { key = "take:" .. t.card, label = "Take " .. t.card .. " in " .. t.city .. " (" .. ctx:card(t.card).text .. ")" }
    end
    if n == 2 then
      options[#options + 1] = { key = "done", label = "Take no second contract" }
    end
    if #options == 0 then
      break
    end
    local key = ctx:choose{ prompt = "Take a contract (" .. n .. " of up to " .. most .. ")", options = options }.key
    if key == "done" then
      break
    end
    local card = string.sub(key, 6)
    local city = nil
    for _, t in ipairs(C.takeable(ctx, p)) do
      if t.card == card then
        city = t.city
      end
    end
    C.take(ctx, p, C.display(city), card, keep)
    C.refill(ctx, city)
  end
  ctx:gain(p, "coins", params.coins)
end

return M
