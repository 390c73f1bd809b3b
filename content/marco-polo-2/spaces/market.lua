-- A market space (M-MARKET-1..3): the player takes one pattern once. The two upper
-- patterns are always there; this round's lower ones cost 1 and 2 jade. Patterns are
-- the space's params (M-DATA-4, invented), the lower ones by round; `book` is the
-- space's book (M-MARKET-4), handed to the extension point after the market (the
-- caravan pack's caravan move, M-CARAVAN-6).
local EXT = require("extension_points")
local M = {}

local GOODS = { "pepper", "silk", "gold", "jade", "camels", "coins" }

local function words(pattern)
  local parts = {}
  for _, what in ipairs(GOODS) do
    if pattern[what] then
      parts[#parts + 1] = pattern[what] .. " " .. what
    end
  end
  return table.concat(parts, " + ")
end

function M.resolve(ctx, params)
  local p = ctx:player()
  local options = {}
  for i, pattern in ipairs(params.upper) do
    options[#options + 1] = { key = "upper:" .. i, label = words(pattern) }
  end
  local lower = params.lower[math.min(ctx:round(), #params.lower)]
  for i, pattern in ipairs(lower) do
    if ctx:count(p, "jade") >= i then   -- M-MARKET-2: 1 jade, 2 jade
      options[#options + 1] = { key = "lower:" .. i, label = words(pattern) .. " for " .. i .. " jade" }
    end
  end
  local key = ctx:choose{ prompt = "Take a market pattern", options = options }.key
  local row, i = string.match(key, "^(%a+):(%d)$")
  i = tonumber(i)
  local pattern = params.upper[i]
  if row == "lower" then
    pattern = lower[i]
    ctx:pay(p, "jade", i)
  end
  for _, what in ipairs(GOODS) do
    if pattern[what] then
      ctx:gain(p, what, pattern[what])
    end
  end
  EXT.after_market(ctx, p, params.book)
end

return M
