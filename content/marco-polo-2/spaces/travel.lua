-- A movement space (M-MOVE-1): the traveller moves 1 to min(strength, most) steps; with
-- post_on_the_way (T3) the arrival may also place a post in a city passed (M-MOVE-7).
local moves = require("moves")
local M = {}

function M.resolve(ctx, params)
  moves.travel(ctx, ctx:player(), {
    max = math.min(ctx:strength(), params.most),
    tag = params.post_on_the_way and "post_on_the_way" or nil,
  })
end

return M
