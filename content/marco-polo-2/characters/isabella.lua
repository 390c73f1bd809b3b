-- Isabella Donati (M-CHAR-6): each die of her start-phase roll gives by its value
-- (`params.single`), or two dice of one value, taken as a pair, give `params.pair`
-- (M-CHAR-6's DECISION: any number of pairs, each die in one at most). A black die she
-- rolls gives by its value alone (`black_die`, never a pair).
local E = require("effects")
local M = {}

local gain = E.gain

function M.rolled(ctx, params)
  local p = ctx:player()
  local count = {}
  for _, d in ipairs(ctx:pool(p)) do
    if not d.neutral then
      count[d.pips] = (count[d.pips] or 0) + 1
    end
  end
  for face = 1, 9 do
    local n = count[face] or 0
    if n > 0 then
      local pairs_taken = 0
      local pair = params.pair[tostring(face)]
      if n >= 2 and pair then
        local options = {}
        for k = n // 2, 0, -1 do
          options[#options + 1] = { key = "pairs:" .. face .. ":" .. k, label = k .. " pair(s) of " .. face .. "s" }
        end
        pairs_taken = tonumber(string.match(ctx:choose{ prompt = "Isabella: pairs of " .. face .. "s?", options = options }.key, ":(%d+)$"))
      end
      gain(ctx, p, pair, pairs_taken)
      gain(ctx, p, params.single[tostring(face)], n - 2 * pairs_taken)
    end
  end
end

function M.black_die(ctx, params, pips)
  gain(ctx, ctx:player(), params.single[tostring(pips)], 1)
end

return M
