-- Cabriole's game-level hooks, named by the [flow] of game.toml: setup (C-SETUP-4/6),
-- the reset phase's ageing (C-RESET-1/2), the closed row (C-ROW-1), production
-- (C-PROD-1..5) and final scoring (C-SCORE-1..7). Every number comes from the step's
-- params. A hook that asks is re-run from the start with the answers so far, so each
-- asks the same questions given the same state.
local common = require("lib.common")
local words = require("weft.words")

local M = {}

-- C-SETUP-4: each player is dealt a starting card at random (the `starting` pile was
-- shuffled at setup), hires its two craftsman types at A and takes its coins; the card
-- is flipped into the player's `start` zone and has no further effect. A player who
-- already has one is passed over.
function M.deal_starting(ctx, params)
  for p = 1, ctx:player_count() do
    if ctx:zone_size("start", p) == 0 and ctx:zone_size("starting") > 0 then
      local card = ctx:card(ctx:move_card("starting", -1, "start", p))
      for _, t in card.params.hire do
        if ctx:count(p, t) == 0 then
          ctx:gain(p, t, 1)
        end
      end
      ctx:gain(p, "coins", card.params.coins)
      if ctx:logging() then
        local hired = {}
        for _, t in card.params.hire do
          table.insert(hired, words.a(t))
        end
        ctx:log("starts with " .. card.id .. ": hires " .. table.concat(hired, " and ") .. ", takes " .. words.count(card.params.coins, "coin"))
      end
    end
  end
end

-- C-SETUP-6: the player chooses a resource of `params.resources` (if `distinct`, one no
-- other player chose) and gains `params.amount` of it. The `pick` counter keeps the
-- choice (its index in `resources`) for the players after. At two players oak may be
-- chosen (C-TWO-2). Turn order is the flow's: reverse, the start player last.
function M.setup_pick(ctx, params)
  local p = ctx:player()
  if ctx:count(p, "pick") > 0 then
    return
  end
  local taken = {}
  if params.distinct then
    for q = 1, ctx:player_count() do
      local k = ctx:count(q, "pick")
      if k > 0 then
        taken[k] = true
      end
    end
  end
  local options = {}
  for k, r in params.resources do
    if not taken[k] then
      options[#options + 1] = { key = "pick:" .. r, label = "Gain " .. params.amount .. " " .. r, index = k, resource = r }
    end
  end
  if #options == 0 then
    return
  end
  local choice = ctx:choose { prompt = "Setup: choose a resource no other player has chosen", options = options }
  ctx:gain(p, choice.resource, params.amount)
  ctx:gain(p, "pick", choice.index)
end

-- C-RESET-1/2: every display card with `params.discard_at_coins` coins leaves the game
-- (its coins go back: marks are dropped with the card); then every card still there
-- gets 1 coin. The refill step after this fills the empty slots (C-RESET-3/4).
function M.age_display(ctx, params)
  local size = ctx:zone_size("display")
  local cards = ctx:cards("display")
  for pos = 1, size do
    if cards[pos] and ctx:marks("display", pos) >= params.discard_at_coins then
      if ctx:logging() then
        ctx:log("discards " .. cards[pos] .. " from the display with its " .. words.count(ctx:marks("display", pos), "coin"))
      end
      ctx:move_card("display", pos, "box")
    end
  end
  cards = ctx:cards("display")
  for pos = 1, size do
    if cards[pos] then
      ctx:add_marks("display", pos, 1)
    end
  end
end

-- C-ROW-1..4: after each placement, in the rounds of `params.closed_row_rounds` (not the
-- last, C-ROW-3), if every display row but exactly one has an assistant in its queue,
-- that row is closed for the rest of the round; once one is closed nothing changes.
-- `params.rows` are the row queues top to bottom; the display's rows at this player
-- count take part, with or without cards left (C-ROW-4).
function M.after_place(ctx, params)
  if not common.contains(params.closed_row_rounds, ctx:round()) then
    return
  end
  local rows = ctx:grid("display")
  local empty = {}
  for r = 1, math.min(rows, #params.rows) do
    local row = params.rows[r]
    if ctx:area_closed(row) then
      return
    end
    local used = false
    for _, who in ctx:placements(row) do
      if who then
        used = true
      end
    end
    if not used then
      empty[#empty + 1] = row
    end
  end
  if #empty == 1 then
    ctx:close_area(empty[1])
    ctx:log(empty[1] .. " is closed for the rest of the round")
  end
end

-- C-PROD-3: whether player p can complete `card` besides the projects already
-- completed this round (`done`, whose resources are already paid): (a) every type it
-- names at or above the card's one level (C-PROD-2); (b) per type, the cards naming it within that
-- craftsman's capacity (`capacity[level]`, C-CRAFT-2); (c) its resources in stock.
local function can_complete(ctx, p, card, done, capacity)
  local needs, min = card.params.needs or {}, card.params.level
  for _, t in card.params.craftsmen or {} do
    local level = ctx:count(p, t)
    if level < min then
      return false
    end
    local working = 1
    for _, other in done do
      if common.names(other.params, t) then
        working += 1
      end
    end
    if working > (capacity[level] or 0) then
      return false
    end
  end
  for _, r in common.RESOURCES do
    if needs[r] and ctx:count(p, r) < needs[r] then
      return false
    end
  end
  return true
end

-- C-PROD-1..5: the player completes unfinished projects one at a time: the options are
-- each project that keeps the round's set legal (C-PROD-3/4), plus "done". For each
-- completed project the resources go back to the supply, the player chooses its coins
-- or its prestige (C-PROD-5), and the card moves to the completed area. `params.capacity`
-- is C-CRAFT-2's table by level.
function M.produce(ctx, params)
  local p = ctx:player()
  local done = {}
  while true do
    local options = {}
    for _, id in ctx:cards("unfinished", p) do
      local card = ctx:card(id)
      if can_complete(ctx, p, card, done, params.capacity) then
        local label = ctx:asking() and ("Complete " .. common.describe(card)) or nil
        options[#options + 1] = { key = "make:" .. id, label = label }
      end
    end
    if #options == 0 then
      break
    end
    options[#options + 1] = { key = "done", label = "Done: complete no more projects this round" }
    local choice = ctx:choose { prompt = "Production: complete a project", options = options }
    if choice.key == "done" then
      break
    end
    local card = ctx:card(string.sub(choice.key, #"make:" + 1))
    local asking = ctx:asking()
    local reward = ctx:choose {
      prompt = asking and ("Reward for " .. card.id .. ": coins or prestige") or nil,
      options = {
        { key = "coins", label = asking and ("Take " .. words.count(card.params.coins, "coin")) or nil },
        { key = "prestige", label = asking and ("Take " .. card.params.prestige .. " prestige") or nil },
      },
    }
    for _, r in common.RESOURCES do
      local n = card.params.needs and card.params.needs[r]
      if n then
        ctx:pay(p, r, n)
      end
    end
    ctx:move_card("unfinished", ctx:find_card("unfinished", card.id, p), "completed", p)
    if reward.key == "coins" then
      ctx:gain(p, "coins", card.params.coins)
    else
      ctx:add(p, "prestige", card.params.prestige)
    end
    if ctx:logging() then
      ctx:log("completes " .. common.describe(card) .. " for its " .. reward.key)
    end
    done[#done + 1] = card
  end
end

-- C-SCORE-2/3: the most vignette points from completed projects: full sets of one
-- chair, chest and table first (breaking one never scores more), then partial sets of
-- two different types from the leftovers: min(⌊S/2⌋, S − L).
local function vignettes(ctx, p, params)
  local count = {}
  for _, t in common.FURNITURE do
    count[t] = 0
  end
  for _, id in ctx:cards("completed", p) do
    local t = ctx:card(id).params.type
    count[t] = (count[t] or 0) + 1
  end
  local full = math.huge
  for _, t in common.FURNITURE do
    full = math.min(full, count[t])
  end
  local sum, largest = 0, 0
  for _, t in common.FURNITURE do
    local left = count[t] - full
    sum += left
    largest = math.max(largest, left)
  end
  local partial = math.min(math.floor(sum / 2), sum - largest)
  return full * params.vignette + partial * params.partial_vignette, full, partial
end

-- C-SCORE-1..7, for one player (the step runs it `on = "players"`), in this order:
-- vignettes, craftsmen (journeyman[j] + master[m] for the numbers exactly at J and at
-- M), resources to coins at base price, 1 prestige per full `coins_per_prestige` coins
-- (the rest is lost), then −unfinished_penalty per unfinished project (totals may be
-- negative). It reads and changes only ctx:player()'s state, so bots valuing one
-- player run it for that player alone ([score] estimate = "per_player"). C-SCORE-8 (the
-- winner) is [score] in game.toml.
function M.final_score(ctx, params)
  local p = ctx:player()
  local sets, full, partial = vignettes(ctx, p, params)
  ctx:add(p, "prestige", sets)
  local j, m = 0, 0
  for _, t in common.CRAFTSMEN do
    local level = ctx:count(p, t)
    if level == 2 then
      j += 1
    elseif level == common.MASTER then
      m += 1
    end
  end
  local crafts = (params.journeyman[j] or 0) + (params.master[m] or 0)
  ctx:add(p, "prestige", crafts)
  for _, r in common.RESOURCES do
    local n = ctx:count(p, r)
    if n > 0 then
      ctx:pay(p, r, n)
      ctx:gain(p, "coins", n * params.base_price[r])
    end
  end
  local coins = ctx:count(p, "coins")
  local converted = math.floor(coins / params.coins_per_prestige)
  if coins > 0 then
    ctx:pay(p, "coins", coins)
  end
  ctx:add(p, "prestige", converted)
  local unfinished = ctx:zone_size("unfinished", p)
  if unfinished > 0 then
    ctx:add(p, "prestige", -unfinished * params.unfinished_penalty)
  end
  if ctx:logging() then
    ctx:log(string.format(
      "final scoring: %d vignettes and %d partial (%d), craftsmen %d J %d M (%d), %d coins (%d), %d unfinished (-%d)",
      full, partial, sets, j, m, crafts, coins, converted, unfinished, unfinished * params.unfinished_penalty))
  end
end

-- For bots (`[score] potential`): what p's unfinished projects are worth beyond the
-- final score now, which counts each only as its penalty (C-SCORE-7). A project is
-- worth `share` of its prestige reward plus `finish_bonus` (the penalty it will no
-- longer cost, as the bots weigh it), times how far p is towards completing it: the
-- share of its resource units p holds and of its craftsmen p has at the level it needs.
-- Resources are shared out among the projects in hand, in order, so two projects do not
-- count the same walnut. Not a rule: a heuristic (linear in progress: with the square,
-- greedy bots seldom took a project and scored 32 against 38 in self-play).
function M.potential(ctx, params)
  local p = ctx:player()
  local stock = {}
  for _, r in common.RESOURCES do
    stock[r] = ctx:count(p, r)
  end
  local worth = 0
  for _, id in ctx:cards("unfinished", p) do
    local card = ctx:card(id).params
    local have, need = 0, 0
    for r, n in pairs(card.needs or {}) do
      local used = math.min(n, stock[r] or 0)
      stock[r] = (stock[r] or 0) - used
      have += used
      need += n
    end
    for _, t in card.craftsmen or {} do
      need += 1
      if ctx:count(p, t) >= card.level then
        have += 1
      end
    end
    local progress = if need == 0 then 1 else have / need
    worth += (params.share * card.prestige + params.finish_bonus) * progress
  end
  return worth
end

-- The option keys the flow functions' questions offer (for `weft doc content`).
M.option_keys = {
  { "pick:<resource>", "gain that resource at setup (one no other player has chosen)" },
  { "make:<card>", "complete that project card in production" },
  { "done", "complete no more projects this round" },
  { "coins", "take a completed project's reward in coins" },
  { "prestige", "take a completed project's reward in prestige" },
}

return M
