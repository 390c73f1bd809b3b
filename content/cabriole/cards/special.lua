-- Special cards (C-SPEC-1..3, C-DATA-8): one shared script; each card's params say its
-- effect: `train = "<type>"` hires or trains that craftsman (C-CRAFT-1), `gain =
-- { <resource> = n }` gives resources (cut to the cap, the excess lost and logged:
-- C-LIMIT-1 DECISION, the counters' over = "clip"), `coins = n` gives coins. Called by
-- lib.common's take when the card is taken from the display; the card has already left
-- the game (C-DISP-4) and never counts as a project (C-SPEC-3).
local words = require("weft.words")
local common = require("lib.common")

local M = {}

function M.describe(params)
  local parts = {}
  if params.train then
    parts[#parts + 1] = "hire or train a " .. params.train
  end
  if params.gain then
    for _, r in common.RESOURCES do
      if params.gain[r] then
        parts[#parts + 1] = "gain " .. params.gain[r] .. " " .. r
      end
    end
  end
  if params.coins then
    parts[#parts + 1] = "gain " .. words.count(params.coins, "coin")
  end
  return table.concat(parts, ", ")
end

-- Applies the card's effect for player p.
function M.apply(ctx, params, p)
  if params.train then
    if ctx:count(p, params.train) >= common.MASTER then
      -- C-SPEC-2 DECISION: taken at master, the effect is lost.
      ctx:log("already has a master " .. params.train .. ": the guild favour is lost")
    else
      ctx:gain(p, params.train, 1)
    end
  end
  if params.gain then
    for _, r in common.RESOURCES do
      local n = params.gain[r]
      if n then
        ctx:gain(p, r, n)
      end
    end
  end
  if params.coins then
    ctx:gain(p, "coins", params.coins)
  end
end

-- Its cards ask nothing (for `weft doc content`).
M.option_keys = {}

return M
