-- The map's node kinds the scripts need (M-DATA-1; board.toml's `kind` of each slot):
-- the oases, and the nodes where no trading post goes (M-MOVE-5).
local M = {}

M.OASES = { gobi = true, turfan = true, lop_nur = true, pamir = true, karakum = true, dasht_e_kavir = true }

M.NO_POSTS = { beijing = true }
for id in pairs(M.OASES) do
  M.NO_POSTS[id] = true
end

return M
