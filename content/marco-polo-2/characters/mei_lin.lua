-- Mei Lin & Tenshin (M-CHAR-4): a second traveller in Beijing and 3 more coins at
-- setup (a, b: the `chosen` hook point, after the characters are taken); moves.lua asks
-- which traveller moves; rules.income gives one bonus a second time (c, the card's
-- `repeats_a_bonus`).
local M = {}

function M.chosen(ctx, params)
  local p = ctx:player()
  ctx:add_piece(p)
  for _, what in ipairs({ "coins", "camels" }) do
    if params.setup[what] then
      ctx:gain(p, what, params.setup[what])
    end
  end
end

return M
