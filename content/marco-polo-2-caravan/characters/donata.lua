-- Donata Badoer (M-CHAR-11). Her pieces are the kernel's stand-ins: placed like a
-- neutral die showing 6 (params.pips), only on an action space that holds no die, alone
-- or with her own dice and pieces, and out of the game once the turn ends (a i, ii); a
-- piece's tag is its colour, and the city action cards' `presence` with
-- `stand_in_tags` (board.toml of marco-polo-2) lets a piece of a seat's colour go where
-- that seat has a post, and one of a colour no seat has where no post stands (a iii,
-- iv). The colours (DECISION): params.pieces of the params.colours colours (the four
-- player colours, seats 1 to 4, then white), drawn at random when she is chosen.
local E = require("effects")
local M = {}

function M.chosen(ctx, params)
  local p = ctx:player()
  local left = {}
  for colour = 1, params.colours do
    left[#left + 1] = colour
  end
  for _ = 1, params.pieces do
    local colour = table.remove(left, ctx:random(#left))
    ctx:add_stand_in(p, params.pips, colour)
  end
end

-- M-CHAR-11 b: 2 camels when her own dice go on an open space that already held dice
-- (`[pools] placed` fires this after each placement, with the space). Exclusive spaces
-- never hold two placements; `not_open` lists the others that are not open spaces
-- (M-DICE-4: Khan's favour is ordered, the purse unlimited).
function M.placed(ctx, params, space)
  local p = ctx:player()
  if not space then
    return                                           -- fired with no placement (weft check)
  end
  for _, id in ipairs(params.not_open) do
    if id == space then
      return
    end
  end
  local here = ctx:dice_placements(space)
  local last = here[#here]
  if #here >= 2 and last and last.player == p and #last.dice > last.neutral then
    E.gain(ctx, p, params.occupied_gain, 1)
  end
end

return M
