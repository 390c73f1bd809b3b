-- Abha Bas (M-CHAR-3): 2 coins in each start phase (a) and 1 jade for each contract he
-- fulfils (b); his 1 VP per jade gained (c) is the card's `on_gain`.
local M = {}

local function gain(ctx, t)
  for _, what in ipairs({ "vp", "coins", "camels", "jade" }) do
    if t[what] then
      ctx:gain(ctx:player(), what, t[what])
    end
  end
end

function M.income(ctx, params)
  gain(ctx, params.income)
end

function M.fulfilled(ctx, params)
  gain(ctx, params.per_contract)
end

return M
