-- Caravans (M-CARAVAN-*): the numbers of the expansion and what its extras, the caravan
-- move and the final scoring share. Caravan k (1, or 2 for Pietro's second, M-CHAR-9 a)
-- is the marker kind KIND[k] on the map, its goods the counters load<k>_<good>, its
-- route tile the card in p's zone route<k>.
local MAP = require("map")
local M = {}

-- The expansion's parameters, with the rules they come from.
M.PARAMS = {
  -- M-CARAVAN-6, M-MARKET-4: the steps a caravan may move after a market action, by
  -- the market's book.
  steps = { pepper = 1, silk = 2, gold = 3 },
  -- M-CARAVAN-7 a: VP for a good sold at the end of a route.
  sell = { pepper = 2, silk = 4, gold = 6 },
  -- M-CARAVAN-7 b: a good upgraded becomes the next one up (gold cannot be).
  upgrade = { pepper = "silk", silk = "gold" },
  -- M-CARAVAN-9, M-SCORE-7: VP at the end for each good still loaded.
  final = { pepper = 1, silk = 2, gold = 3 },
  -- M-CARAVAN-3 DECISION: the caravan never goes to the city where the traveller
  -- stands (any of them, for Mei Lin & Tenshin).
  not_on_traveler = true,
  -- M-CARAVAN-3: the goods a caravan loads, low to high (M-MAT-1), 1 to `load_most`.
  goods = { "pepper", "silk", "gold" },
  load_most = 2,
}

M.KIND = { "caravan", "caravan2" }

-- How many caravans p has: 2 for Pietro (M-CHAR-9 a), else 1.
function M.count(ctx, p)
  if ctx:ability(p, "two_caravans") > 0 then
    return 2
  end
  return 1
end

-- Where p's caravan k stands, or nil while it is off the map.
function M.at(ctx, p, k)
  return ctx:markers_of(p, M.KIND[k])[1]
end

-- The goods on p's caravan k, low to high, one entry per good.
function M.load(ctx, p, k)
  local out = {}
  for _, good in ipairs(M.PARAMS.goods) do
    for _ = 1, ctx:count(p, "load" .. k .. "_" .. good) do
      out[#out + 1] = good
    end
  end
  return out
end

-- The cities of each crest, in name order (a fixed order, for the same options in any
-- run).
local CITIES = {}
for city in pairs(MAP.CRESTS) do
  CITIES[#CITIES + 1] = city
end
table.sort(CITIES)
local BY_CREST = {}
for _, city in ipairs(CITIES) do
  local crest = MAP.CRESTS[city]
  BY_CREST[crest] = BY_CREST[crest] or {}
  table.insert(BY_CREST[crest], city)
end

-- The crest of a node, nil for Beijing and the oases (M-CARAVAN-5).
function M.crest(slot)
  return MAP.CRESTS[slot]
end

-- The slots where p's travellers stand (two for Mei Lin & Tenshin, M-CHAR-4 a).
function M.travellers(ctx, p)
  local out = {}
  for k = 1, ctx:piece_count(p) do
    out[#out + 1] = ctx:piece_at(p, k)
  end
  return out
end

local function holds(list, x)
  for _, y in ipairs(list) do
    if y == x then
      return true
    end
  end
  return false
end
M.holds = holds

-- The cities a route on tile `crests` started from `from` may send the caravan to: those
-- with the tile's other crest, not where one of p's travellers stands (the DECISION).
function M.destinations(ctx, p, crests, from, stands)
  local here = M.crest(from)
  local other = crests[1] == here and crests[2] or crests[1]
  local out = {}
  stands = stands or M.travellers(ctx, p)
  for _, city in ipairs(BY_CREST[other] or {}) do
    if not (M.PARAMS.not_on_traveler and holds(stands, city)) then
      out[#out + 1] = city
    end
  end
  return out
end

-- M-CARAVAN-6: after a market action with book `book`, each of p's caravans on the map
-- may move up to its allowance (Tebaldo: 2 more, M-CHAR-8 a), step by step, paying no
-- route costs but needing a gated route's guild marker (M-MOVE-4).
function M.move_after_market(ctx, p, book)
  local allowance = (M.PARAMS.steps[book] or 0) + ctx:ability(p, "caravan_extra_steps")
  for k = 1, M.count(ctx, p) do
    local at = M.at(ctx, p, k)
    local steps = 0
    while at and steps < allowance do
      local options = {}
      for _, r in ipairs(ctx:routes(at)) do
        local open = true
        for what, n in pairs(r.requires) do
          if ctx:count(p, what) < n then
            open = false
          end
        end
        if open then
          options[#options + 1] = { key = "go:" .. r.to, label = "Caravan " .. k .. " to " .. r.to }
        end
      end
      if #options == 0 then
        break
      end
      options[#options + 1] = { key = "stop", label = "Caravan " .. k .. " stays in " .. at }
      local prompt = "Move caravan " .. k .. " from " .. at .. " (" .. steps .. " of " .. allowance .. " steps, M-CARAVAN-6)"
      local key = ctx:choose{ prompt = prompt, options = options }.key
      if key == "stop" then
        break
      end
      local to = string.sub(key, 4)
      ctx:remove_marker(p, M.KIND[k], at)
      ctx:place_marker(p, M.KIND[k], to)
      at = to
      steps = steps + 1
    end
  end
end

-- M-CARAVAN-9, M-SCORE-7: VP for the goods still loaded at the end.
function M.final_vp(ctx, p)
  local vp = 0
  for k = 1, 2 do
    for _, good in ipairs(M.PARAMS.goods) do
      vp = vp + ctx:count(p, "load" .. k .. "_" .. good) * M.PARAMS.final[good]
    end
  end
  return vp
end

return M
