-- Extension points: the places where a pack extending this one adds to the game without
-- copying the files around them. Each does nothing here; an extending pack replaces this
-- file (a Lua file at the same path replaces the earlier pack's) with one that defines
-- all of them. marco-polo-2-caravan does (its caravans, M-CARAVAN-6, M-CARAVAN-9).
local M = {}

-- Right after p's market action (M-MARKET-1..3), with the space's book (M-MARKET-4).
function M.after_market(ctx, p, book)
end

-- VP p gains at the final scoring beyond the base game's (M-SCORE-2..5); 0 here.
function M.final_vp(ctx, p)
  return 0
end

return M
