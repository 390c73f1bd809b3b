-- The extra project queue (C-EXTRA-1..5). It resolves after every row (C-RES-1); its
-- assistant's owner takes up to `params.cards` cards from anywhere in the display, the
-- closed row included, with their coins (C-EXTRA-3). Open-row cards are free; the k-th
-- closed-row card taken brings the total paid to `params.extra_closed_cost[k]`, paid as
-- it is taken, and coins from a card already taken may pay (C-EXTRA-4 DECISION). The
-- engine asks a first card (or the decline), then each further card or "stop"
-- (C-EXTRA-5). One player may not hold both spaces: exclusive_per_player (C-EXTRA-2).
local common = require("lib.common")

local M = {}

function M.describe(params)
  return "Take up to " .. params.cards .. " cards from anywhere in the display with their coins; closed-row cards cost "
    .. table.concat(params.extra_closed_cost, " / ") .. " coins in all for 1 / 2 of them; or decline."
end

-- The closed row this round (C-ROW-1), or nil.
local function closed_row(ctx, params)
  local rows = ctx:grid("display")
  for r = 1, math.min(rows, #params.rows) do
    if ctx:area_closed(params.rows[r]) then
      return r
    end
  end
  return nil
end

-- What the next closed-row card costs when `taken` closed-row cards were taken in this
-- action: the step between the totals of extra_closed_cost; nil when no more may be.
local function closed_cost(params, taken)
  local costs = params.extra_closed_cost
  if taken >= #costs then
    return nil
  end
  return costs[taken + 1] - (costs[taken] or 0)
end

-- The cards the player may take next, in display order, as options. What does not
-- change from card to card (the closed row, `closed`, read once per action; the grid's
-- width, room for a project, whether a person is asked) is read once.
local function choices(ctx, params, p, closed, closed_taken)
  local _, cols = ctx:grid("display")
  local project_room = common.project_room(ctx, p)
  local asking = ctx:asking()
  local cards = ctx:cards("display")
  local out = {}
  for pos = 1, #cards do
    local id = cards[pos]
    if id then
      local card = ctx:card(id)
      local cost = 0
      if closed and common.row_at(pos, cols) == closed then
        cost = closed_cost(params, closed_taken)
      end
      if cost and common.may_take(ctx, p, card, project_room) and (cost == 0 or ctx:has(p, "coins", cost)) then
        local note = cost > 0 and (" (closed row: pay " .. cost .. " coins)") or nil
        out[#out + 1] = common.take_option(ctx, pos, card, note, asking)
      end
    end
  end
  return out
end

function M.options(ctx, params)
  return choices(ctx, params, ctx:player(), closed_row(ctx, params), 0)
end

function M.resolve(ctx, params, key)
  local p = ctx:player()
  -- The closed row does not change during the action: rows close only after a
  -- placement (C-ROW-1).
  local closed = closed_row(ctx, params)
  local closed_taken = 0
  local function take(id)
    local pos = ctx:find_card("display", id)
    if closed and common.row_of(ctx, pos) == closed then
      ctx:pay(p, "coins", closed_cost(params, closed_taken))
      closed_taken += 1
    end
    common.take(ctx, p, pos, id)
  end
  take(common.taken_id(key))
  for k = 2, params.cards do
    local options = choices(ctx, params, p, closed, closed_taken)
    if #options == 0 then
      break
    end
    options[#options + 1] = { key = "stop", label = "Stop: take no more cards" }
    local prompt = ctx:asking() and ("Extra project: take card " .. k .. " of " .. params.cards .. ", or stop") or nil
    local choice = ctx:choose { prompt = prompt, options = options }
    if choice.key == "stop" then
      break
    end
    take(common.taken_id(choice.key))
  end
end

-- The option keys its questions offer (for `weft doc content`).
M.option_keys = {
  { "take:<card>", "take that project card from the display (C-EXTRA)" },
  { "stop", "take no more cards" },
}

return M
