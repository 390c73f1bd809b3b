-- A row queue (C-DISP-1..4): each assistant's owner takes one card of display row
-- `params.row` of their choice, project or special card, with all the coins on it.
-- Rows resolve top to bottom (resolve_order in board.toml, C-RES-1); a closed row's
-- queue is empty, so it never resolves (C-ROW-2).
local common = require("lib.common")

local M = {}

function M.describe(params)
  return "Take one card of display row " .. params.row .. " with the coins on it (a project only with room among your unfinished projects); or decline."
end

-- C-DISP-1, C-DISP-3: every card of the row the player may take, left to right; none
-- left (or only projects and no room) leaves the decline alone.
function M.options(ctx, params)
  local p = ctx:player()
  local cards = ctx:cards("display")
  local asking = ctx:asking()
  local out = {}
  for _, pos in common.row_positions(ctx, params.row) do
    local id = cards[pos]
    if id then
      local card = ctx:card(id)
      if common.may_take(ctx, p, card) then
        out[#out + 1] = common.take_option(ctx, pos, card, nil, asking)
      end
    end
  end
  return out
end

function M.resolve(ctx, params, key)
  local id = common.taken_id(key)
  common.take(ctx, ctx:player(), ctx:find_card("display", id), id)
end

-- The option keys its questions offer (for `weft doc content`).
M.option_keys = {
  { "take:<card>", "take that project card from the display's row" },
}

return M
