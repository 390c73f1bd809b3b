-- De Wu (M-CHAR-2): 1 jade for each guild marker he upgrades (b); his 1-die guild
-- action (a) and his crest (c) are the card's abilities.
local M = {}

function M.upgraded(ctx, params)
  for what, n in pairs(params.per_upgrade) do
    ctx:gain(ctx:player(), what, n)
  end
end

return M
