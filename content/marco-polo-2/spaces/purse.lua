-- The purse (M-EXTRA-2): 3 coins, or 2 camels, or 1 jade.
local M = {}

function M.resolve(ctx)
  local p = ctx:player()
  local pick = ctx:choose{ prompt = "Take from the purse", options = {
    { key = "coins", label = "3 coins" },
    { key = "camels", label = "2 camels" },
    { key = "jade", label = "1 jade" },
  } }.key
  local n = ({ coins = 3, camels = 2, jade = 1 })[pick]
  ctx:gain(p, pick, n)
end

return M
