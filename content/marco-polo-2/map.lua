-- What the scripts need to know of the map (M-DATA-1; board.toml's `kind` of each slot):
-- the oases, the cities' crests, and the nodes where no trading post goes (M-MOVE-5).
local M = {}

M.OASES = { gobi = true, turfan = true, lop_nur = true, pamir = true, karakum = true, dasht_e_kavir = true }

-- The crest of each city (M-DATA-1, invented): counted at the final scoring (M-SCORE-3)
-- and matched by the route tiles of the caravan pack (M-CARAVAN-3).
M.CRESTS = {
  karakorum = "horse", xian = "dragon", lanzhou = "lion", dunhuang = "star", lhasa = "lotus",
  khotan = "moon", kashgar = "tower", samarkand = "dragon", bukhara = "horse", sarai = "horse",
  balkh = "eagle", herat = "star", hormuz = "lotus", isfahan = "lion", tabriz = "eagle",
  baghdad = "moon", trebizond = "tower",
}

M.NO_POSTS = { beijing = true }
for id in pairs(M.OASES) do
  M.NO_POSTS[id] = true
end

return M
