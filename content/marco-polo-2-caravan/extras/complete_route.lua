-- Complete a route (M-CARAVAN-7, extra action): with the caravan and a traveller on the
-- same node (an oasis too), each good on the caravan is sold (VP), upgraded (the next
-- good up) or doubled (2 of it); the caravan leaves the map and the tile goes back face
-- down (M-CARAVAN-8). Pietro gains his bonus for each route (M-CHAR-9 b) and, with both
-- caravans on routes, chooses which tile goes back (M-CHAR-9 a). Keys: `complete:<k>`.
local caravan = require("caravan")
local M = {}

function M.options(ctx)
  local p = ctx:player()
  local out = {}
  local stands = caravan.travellers(ctx, p)
  for k = 1, caravan.count(ctx, p) do
    local at = caravan.at(ctx, p, k)
    if at and caravan.holds(stands, at) then
      out[#out + 1] = { key = "complete:" .. k, label = "Complete the route of caravan " .. k .. " in " .. at }
    end
  end
  return out
end

-- p's character card, for its params (Pietro's bonus).
local function character(ctx, p)
  local id = ctx:cards("character", p)[1]
  return id and ctx:card(id)
end

function M.resolve(ctx, params, key)
  local p = ctx:player()
  local k = tonumber(string.sub(key, 10))
  local P = caravan.PARAMS
  local goods = caravan.load(ctx, p, k)
  for _, good in ipairs(goods) do
    ctx:pay(p, "load" .. k .. "_" .. good, 1)       -- back to the supply
  end
  for i, good in ipairs(goods) do
    local options = { { key = "sell", label = "Sell the " .. good .. " for " .. P.sell[good] .. " VP" } }
    if P.upgrade[good] then
      options[#options + 1] = { key = "upgrade", label = "Upgrade the " .. good .. " to 1 " .. P.upgrade[good] }
    end
    options[#options + 1] = { key = "double", label = "Double the " .. good .. ": 2 " .. good }
    local pick = ctx:choose{ prompt = "Good " .. i .. " of " .. #goods .. " on the caravan: " .. good .. " (M-CARAVAN-7)", options = options }.key
    if pick == "sell" then
      ctx:gain(p, "vp", P.sell[good])
    elseif pick == "upgrade" then
      ctx:gain(p, P.upgrade[good], 1)
    else
      ctx:gain(p, good, 2)
    end
  end
  ctx:remove_marker(p, caravan.KIND[k], caravan.at(ctx, p, k))
  -- M-CHAR-9 b: Pietro's bonus for each route completed.
  local card = character(ctx, p)
  if card and card.params.per_route then
    for _, what in ipairs({ "vp", "coins", "camels", "pepper", "silk", "gold", "jade" }) do
      if card.params.per_route[what] then
        ctx:gain(p, what, card.params.per_route[what])
      end
    end
  end
  -- The tile goes back face down; Pietro with both on routes chooses which (M-CHAR-9 a),
  -- and the one kept then belongs to the caravan still out.
  local back = "route" .. k
  local other = "route" .. (3 - k)
  if caravan.count(ctx, p) == 2 and ctx:cards(other, p)[1] then
    local mine, theirs = ctx:cards(back, p)[1], ctx:cards(other, p)[1]
    local pick = ctx:choose{ prompt = "Which route tile goes back face down (M-CHAR-9 a)?", options = {
      { key = "back:" .. mine, label = ctx:card(mine).text .. " (this route's)" },
      { key = "back:" .. theirs, label = ctx:card(theirs).text .. " (the other caravan's)" },
    } }.key
    if pick == "back:" .. theirs then
      ctx:move_card(other, theirs, "routes_down", p)
      ctx:move_card(back, mine, other, p)
      return
    end
  end
  ctx:move_card(back, ctx:cards(back, p)[1], "routes_down", p)
end

return M
