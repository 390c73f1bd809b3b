-- Start a route (M-CARAVAN-3, M-CARAVAN-5, extra action): with the caravan off the map
-- and the traveller in a city, keep a face-up route tile showing that city's crest, load
-- 1 or 2 goods (pepper, silk, gold; never jade) and put the caravan in a city showing
-- the tile's other crest. Pietro may start a route with either of his caravans
-- (M-CHAR-9 a). Keys: `route:<k>:<tile>`.
local caravan = require("caravan")
local M = {}

local function has_goods(ctx, p)
  for _, good in ipairs(caravan.PARAMS.goods) do
    if ctx:count(p, good) > 0 then
      return true
    end
  end
  return false
end

-- The cities among the travellers' nodes `stands` that a tile with `crests` starts from.
local function starts(ctx, p, crests, stands)
  local out = {}
  for _, at in ipairs(stands) do
    local crest = caravan.crest(at)                  -- M-CARAVAN-5: none on an oasis or in Beijing
    if crest and caravan.holds(crests, crest) and not caravan.holds(out, at)
      and #caravan.destinations(ctx, p, crests, at, stands) > 0 then
      out[#out + 1] = at
    end
  end
  return out
end

function M.options(ctx)
  local p = ctx:player()
  if not has_goods(ctx, p) then
    return {}
  end
  -- M-CARAVAN-5: a traveller in a city (one with a crest), or no route at all.
  local stands, in_city = caravan.travellers(ctx, p), false
  for _, at in ipairs(stands) do
    in_city = in_city or caravan.crest(at) ~= nil
  end
  if not in_city then
    return {}
  end
  local out = {}
  local asking = ctx:asking()
  -- The first caravan off the map runs the route: Pietro's two are alike until one is
  -- out (M-CHAR-9 a), so offering both would only double his options.
  for k = 1, caravan.count(ctx, p) do
    if not caravan.at(ctx, p, k) and #out == 0 then
      for _, tile in ipairs(ctx:cards("routes")) do
        if tile and #starts(ctx, p, ctx:card(tile).params.crests, stands) > 0 then
          local label = asking and ("Start a route on " .. ctx:card(tile).text .. (k == 2 and " with the second caravan" or "")) or nil
          out[#out + 1] = { key = "route:" .. k .. ":" .. tile, label = label }
        end
      end
    end
  end
  return out
end

function M.resolve(ctx, params, key)
  local p = ctx:player()
  local k, tile = string.match(key, "^route:(%d):(.+)$")
  k = tonumber(k)
  local crests = ctx:card(tile).params.crests
  -- Where the route starts: the traveller's city (Mei Lin's two may both fit).
  local from = starts(ctx, p, crests, caravan.travellers(ctx, p))
  local at = from[1]
  if #from > 1 then
    local options = {}
    for _, city in ipairs(from) do
      options[#options + 1] = { key = "from:" .. city, label = "From " .. city }
    end
    at = string.sub(ctx:choose{ prompt = "Which traveller's city does the route start from?", options = options }.key, 6)
  end
  -- M-CARAVAN-3 (1): 1 or 2 goods, one at a time.
  for n = 1, caravan.PARAMS.load_most do
    local options = {}
    for _, good in ipairs(caravan.PARAMS.goods) do
      if ctx:count(p, good) > 0 then
        options[#options + 1] = { key = "load:" .. good, label = "Load 1 " .. good }
      end
    end
    if n > 1 then
      options[#options + 1] = { key = "done", label = "Load nothing more" }
    end
    if #options == 0 then
      break
    end
    local pick = ctx:choose{ prompt = "Load the caravan (" .. n .. " of up to " .. caravan.PARAMS.load_most .. ")", options = options }.key
    if pick == "done" then
      break
    end
    local good = string.sub(pick, 6)
    ctx:pay(p, good, 1)
    ctx:gain(p, "load" .. k .. "_" .. good, 1)
  end
  -- M-CARAVAN-3 (2): the tile is kept; (3): the caravan goes to a city of the other crest.
  ctx:move_card("routes", tile, "route" .. k, p)
  local options = {}
  for _, city in ipairs(caravan.destinations(ctx, p, crests, at)) do
    options[#options + 1] = { key = "to:" .. city, label = "The caravan to " .. city }
  end
  local to = string.sub(ctx:choose{ prompt = "Where does the caravan start?", options = options }.key, 4)
  ctx:place_marker(p, caravan.KIND[k], to)
end

return M
