-- Abha Bas (M-CHAR-3): 2 coins in each start phase (a) and 1 jade for each contract he
-- fulfils (b); his 1 VP per jade gained (c) is the card's `on_gain`.
local E = require("effects")
local M = {}

function M.income(ctx, params)
  E.gain(ctx, ctx:player(), params.income, 1)
end

function M.fulfilled(ctx, params)
  E.gain(ctx, ctx:player(), params.per_contract, 1)
end

return M
