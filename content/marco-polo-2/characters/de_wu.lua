-- De Wu (M-CHAR-2): 1 jade for each guild marker he upgrades (b); his 1-die guild
-- action (a) and his crest (c) are the card's abilities.
local M = {}

local ORDER = { "vp", "coins", "camels", "pepper", "silk", "gold", "jade" }

function M.upgraded(ctx, params)
  for _, what in ipairs(ORDER) do
    if params.per_upgrade[what] then
      ctx:gain(ctx:player(), what, params.per_upgrade[what])
    end
  end
end

return M
