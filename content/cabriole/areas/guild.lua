-- The guild hall queue (C-GUILD-1..4). For each assistant, in order, its owner chooses
-- a craftsman type, takes the first free training space of that type (second-stage
-- spaces, used once a round and freed at the end of the round, C-ROUND-3), pays its
-- printed cost (`params.costs[type]`, C-DATA-2) and hires or trains that type
-- (C-CRAFT-1). A type is not offered when both its spaces are taken, when the player's
-- craftsman of it is master, or when the player cannot pay (C-GUILD-3, C-COMP-2); the
-- same player may choose a type twice while spaces are free (C-GUILD-4).
local words = require("weft.words")
local common = require("lib.common")

local M = {}

function M.describe(params)
  local parts = {}
  for _, t in params.types do
    parts[#parts + 1] = t .. " " .. table.concat(params.costs[t], " / ")
  end
  return "Hire or train one craftsman, paying the first free space of its type: " .. table.concat(parts, ", ") .. "; or decline."
end

-- The first free training space of type t this round and its cost, or nil. Spaces are
-- numbered through the types in `params.types` order, `#params.costs[t]` for each.
local function free_space(ctx, params, t)
  local first = 1
  for _, other in params.types do
    if other == t then
      break
    end
    first += #params.costs[other]
  end
  for k, cost in params.costs[t] do
    local space = first + k - 1
    if not ctx:space_used(ctx:area(), space) then
      return space, cost
    end
  end
  return nil
end

function M.options(ctx, params)
  local p = ctx:player()
  local out = {}
  for _, t in params.types do
    local level = ctx:count(p, t)
    if level < common.MASTER then
      local space, cost = free_space(ctx, params, t)
      if space and ctx:has(p, "coins", cost) then
        local label = nil
        if ctx:asking() then
          local what = level == 0 and ("Hire " .. words.a(t) .. " (A)")
            or ("Train your " .. t .. " to " .. common.LEVELS[level + 1])
          label = what .. " for " .. words.count(cost, "coin")
        end
        out[#out + 1] = { key = "train:" .. t, label = label }
      end
    end
  end
  return out
end

function M.resolve(ctx, params, key)
  local p, t = ctx:player(), string.sub(key, #"train:" + 1)
  local space, cost = free_space(ctx, params, t)
  ctx:use_space(ctx:area(), space)
  ctx:pay(p, "coins", cost)
  ctx:gain(p, t, 1)
  if ctx:logging() then
    ctx:log("pays " .. cost .. " coins at the guild hall: " .. t .. " now " .. common.LEVELS[ctx:count(p, t)])
  end
end

-- The option keys its questions offer (for `weft doc content`).
M.option_keys = {
  { "train:<craft>", "train a craftsman of that craft" },
}

return M
