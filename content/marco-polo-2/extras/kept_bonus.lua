-- Filippo Vitello's extra action (M-CHAR-5 b): resolve one trading-post bonus card he
-- keeps; it then leaves the game. Others keep none, so it is never offered to them.
local B = require("bonuses")
local M = {}

function M.options(ctx)
  local p = ctx:player()
  local out = {}
  for _, card in ipairs(ctx:cards("kept_bonuses", p)) do
    out[#out + 1] = { key = card, label = "Use " .. card .. " (" .. ctx:card(card).text .. ")" }
  end
  return out
end

function M.resolve(ctx, params, key)
  B.use_kept(ctx, ctx:player(), key)
end

return M
