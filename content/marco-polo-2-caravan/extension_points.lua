-- marco-polo-2's extension points (this file replaces the base pack's, as a Lua file at
-- the same path does), filled in by the Caravan expansion: the caravan move after a
-- market action (M-CARAVAN-6) and the loaded goods at the final scoring (M-SCORE-7).
local caravan = require("caravan")
local M = {}

function M.after_market(ctx, p, book)
  caravan.move_after_market(ctx, p, book)
end

function M.final_vp(ctx, p)
  return caravan.final_vp(ctx, p)
end

return M
