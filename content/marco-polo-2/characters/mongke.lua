-- Möngke Khan (M-CHAR-1): his moves skip oases (the card's `skips_oases`, read by
-- moves.lua); at the end of a move, for each oasis skipped (an inner oasis of the path
-- passed the first time: one entered again cost a step, as the kernel counts), 3 VP
-- and, his choice, 2 coins or 1 camel. `rules.arrive` fires this first, before any
-- post's bonus queues another move.
local E = require("effects")
local map = require("map")
local M = {}

local ORDER = { "vp", "coins", "camels" }

function M.moved(ctx, params)
  local t = ctx:travel_path()
  local p = ctx:player()
  if not t or t.player ~= p then
    return
  end
  local seen = { [t.path[1]] = true }
  for i = 2, #t.path - 1 do
    local node = t.path[i]
    local skipped = map.OASES[node] and not seen[node]
    seen[node] = true
    if skipped then
      E.gain(ctx, p, params.per_oasis, 1)
      local options = {}
      for k, c in ipairs(params.choice) do
        local words = {}
        for _, what in ipairs(ORDER) do
          if c[what] then
            words[#words + 1] = c[what] .. " " .. what
          end
        end
        options[#options + 1] = { key = "oasis:" .. k, label = table.concat(words, " + ") }
      end
      local k = tonumber(string.sub(ctx:choose{ prompt = "An oasis skipped: coins or a camel?", options = options }.key, 7))
      E.gain(ctx, p, params.choice[k], 1)
    end
  end
end

return M
