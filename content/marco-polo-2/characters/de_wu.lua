-- De Wu (M-CHAR-2): 1 jade for each guild marker he upgrades (b); his 1-die guild
-- action (a) and his crest (c) are the card's abilities.
local E = require("effects")
local M = {}

function M.upgraded(ctx, params)
  E.gain(ctx, ctx:player(), params.per_upgrade, 1)
end

return M
