-- Marco Polo II: the flow's hooks (rule ids in RULES.md).
local B = require("bonuses")
local C = require("contracts")
local O = require("objectives")
local M = {}

local MAP = require("map")
local NO_POSTS = MAP.NO_POSTS                -- M-MOVE-5
local EXT = require("extension_points")

local has_post = C.has_post

-- Steps b) to d) of M-MOVE-8 for p's new post in `city`: its city bonus, its
-- trading-post bonus card, one of its contracts.
local function post_bonuses(ctx, p, city)
  B.gain_city_bonus(ctx, p, city)                    -- M-MOVE-8 b
  B.take_post_bonus(ctx, p, city)                    -- M-MOVE-8 c
  C.on_post(ctx, p, city)                            -- M-MOVE-8 d
end

-- Places p's post in `city` (M-MOVE-8 a): the 9th and 10th on the map give 5 VP each,
-- the 11th 10 VP. With none left, one of theirs moves there (M-MOVE-11), their choice,
-- and gives no VP; `optional` lets them decline instead (M-MOVE-11's DECISION for
-- M-MOVE-7).
local function place_post(ctx, p, city, optional)
  if ctx:markers_left(p, "post") == 0 then
    local options = {}
    for _, from in ipairs(ctx:markers_of(p, "post")) do
      options[#options + 1] = { key = "move:" .. from, label = "Move the post from " .. from }
    end
    if optional then
      options[#options + 1] = { key = "keep", label = "Keep the posts where they are" }
    end
    local key = ctx:choose{ prompt = "Every post is on the map: move one to " .. city, options = options }.key
    if key == "keep" then
      return
    end
    ctx:remove_marker(p, "post", string.sub(key, 6))
    ctx:place_marker(p, "post", city)
    post_bonuses(ctx, p, city)                       -- M-MOVE-11: b–d apply
    return
  end
  ctx:place_marker(p, "post", city)
  local n = #ctx:markers_of(p, "post")
  if n == 9 or n == 10 then
    ctx:gain(p, "vp", 5)
  elseif n == 11 then
    ctx:gain(p, "vp", 10)
  end
  post_bonuses(ctx, p, city)                         -- M-MOVE-8 b–d
end

-- When a travel ends (M-MOVE-6..8): on a T3 move, first a post in a city passed through
-- (M-MOVE-7), then a post where the traveller stopped, if it is a city without one.
-- (`weft check` calls this at sample positions too, where no travel has ended.)
function M.arrive(ctx)
  local t = ctx:travel_path()
  if not t then
    return
  end
  local p = t.player
  local stop = t.path[#t.path]
  -- First, so a move a post's bonus queues (M-ICON-3) comes after it (M-CHAR-1 b).
  ctx:trigger(p, "moved")
  if t.tag == "post_on_the_way" then
    local options, seen = {}, {}
    for i = 2, #t.path - 1 do
      local city = t.path[i]
      if not NO_POSTS[city] and not seen[city] and city ~= stop and not has_post(ctx, p, city) then
        seen[city] = true
        options[#options + 1] = { key = "post:" .. city, label = "A trading post in " .. city }
      end
    end
    if #options > 0 then
      options[#options + 1] = { key = "none", label = "No post on the way" }
      local key = ctx:choose{ prompt = "A trading post on the way (M-MOVE-7)", options = options }.key
      if key ~= "none" then
        place_post(ctx, p, string.sub(key, 6), true)
      end
    end
  end
  if not NO_POSTS[stop] and not has_post(ctx, p, stop) then
    place_post(ctx, p, stop, false)
  end
end

-- M-START-1: the start player is who took the movement action needing the most dice
-- last round, the latest of them on a tie; nobody moved: it stays (M-START-2).
function M.start_player(ctx, params)
  for _, space in ipairs(params.spaces) do
    local latest = nil
    for _, pl in ipairs(ctx:dice_placements(space)) do
      if latest == nil or pl.seq > latest.seq then
        latest = pl
      end
    end
    if latest then
      ctx:set_first_player(latest.player)
      return
    end
  end
end

-- M-ROUND-3, M-GUILD-4: in the start phase, the city bonus of each city where the
-- player has a post, then each upgraded guild marker's bonus (characters' income comes
-- with them, later).
function M.income(ctx, params)
  local p = ctx:player()
  local owned = {}
  for _, city in ipairs(B.CITY_BONUS_CITIES) do
    if has_post(ctx, p, city) then
      B.gain_city_bonus(ctx, p, city)
      owned[#owned + 1] = { key = "again:" .. city, label = "The city bonus of " .. city .. " again" }
    end
  end
  local function guild_bonus(id)
    for _, what in ipairs({ "coins", "camels", "pepper", "silk", "gold", "jade" }) do
      local n = params.bonus[id][what]
      if n then
        ctx:gain(p, what, n)
      end
    end
  end
  for _, id in ipairs({ "farmers", "spice", "tailors", "jewellers" }) do
    if ctx:count(p, "guild_" .. id) == 2 then
      guild_bonus(id)
      owned[#owned + 1] = { key = "again:" .. id, label = "The " .. id .. " marker's bonus again" }
    end
  end
  -- M-CHAR-4 c: Mei Lin & Tenshin gain one of these a second time.
  if ctx:ability(p, "repeats_a_bonus") > 0 and #owned > 0 then
    local what = string.sub(ctx:choose{ prompt = "Which bonus again (M-CHAR-4 c)?", options = owned }.key, 7)
    if params.bonus[what] then
      guild_bonus(what)
    else
      B.gain_city_bonus(ctx, p, what)
    end
  end
end

-- M-CITY-4: in the start phase of rounds 2 to 5 the two common city action cards are
-- discarded and two drawn in their place; a deck run out is made again from the
-- discards.
function M.new_common_cards(ctx)
  for i = 1, 2 do
    if ctx:cards("common_actions")[i] then
      ctx:move_card("common_actions", i, "city_action_discard")
    end
  end
  for _ = 1, 2 do
    if #ctx:cards("city_action_deck") == 0 then
      ctx:reshuffle("city_action")
    end
    if #ctx:cards("city_action_deck") > 0 then
      ctx:move_card("city_action_deck", -1, "common_actions")
    end
  end
end

-- M-COMP-1: a roll summing to less than the threshold gives the difference as any mix
-- of coins and camels the player chooses.
function M.compensation(ctx, params)
  local p = ctx:player()
  local sum = 0
  for _, die in ipairs(ctx:pool(p)) do
    if not die.neutral then
      sum = sum + die.pips
    end
  end
  local gap = params.threshold - sum
  if gap <= 0 then
    return
  end
  local options = {}
  for coins = gap, 0, -1 do
    options[#options + 1] = { key = "coins:" .. coins, label = coins .. " coins and " .. (gap - coins) .. " camels" }
  end
  local coins = tonumber(string.sub(ctx:choose{ prompt = "Compensation: " .. gap, options = options }.key, 7))
  if coins > 0 then
    ctx:gain(p, "coins", coins)
  end
  if gap - coins > 0 then
    ctx:gain(p, "camels", gap - coins)
  end
end

-- Final scoring (M-SCORE-2..5): the objective's VP if its guild markers are upgraded;
-- crests of the cities holding the player's posts, each crest type once (M-SCORE-3's
-- DECISION), plus the objective's cities with a post and De Wu's crest, by the crest
-- table (M-DATA-3); 1 VP per full 10 coins; 1 VP per full 2 of pepper, silk, gold and
-- jade together.
function M.final_scoring(ctx, params)
  local p = ctx:player()
  -- (M-CHAR-10 c, Vidal's 4 contracts for M-SCORE-6, is game.toml's [score]
  -- majority_at_least: his real count stays his.)
  local seen, crests = {}, 0
  for _, city in ipairs(ctx:markers_of(p, "post")) do
    local crest = MAP.CRESTS[city]
    if crest and not seen[crest] then
      seen[crest] = true
      crests = crests + 1
    end
  end
  local objective_vp, objective_crests = O.score(ctx, p, has_post)   -- M-SCORE-2, M-SCORE-3
  crests = crests + objective_crests + ctx:ability(p, "crest_bonus") -- M-CHAR-2 c
  local crest_vp = params.crest_table[math.min(crests, #params.crest_table - 1) + 1]
  local coins_vp = ctx:count(p, "coins") // 10
  local resources = ctx:count(p, "pepper") + ctx:count(p, "silk") + ctx:count(p, "gold") + ctx:count(p, "jade")
  local total = objective_vp + crest_vp + coins_vp + resources // 2 + EXT.final_vp(ctx, p)
  if total > 0 then
    ctx:gain(p, "vp", total)
  end
end

return M
