-- A special city's space A or B (M-SPECIAL-1..3, M-DATA-6): one die, exclusive, only for
-- a player with a trading post in the city placed before this turn (M-MOVE-9: the space's
-- `presence` in board.toml); the two spaces of a city are linked (`group`, M-SPECIAL-2). `params.effect` is what it does
-- (effects.lua); with the city's guild marker upgraded (`params.guild`, M-GUILD-5) the
-- player also gains `params.upgraded` (M-SPECIAL-3).
local E = require("effects")
local M = {}

function M.can_act(ctx, params)
  return E.can_apply(ctx, ctx:player(), params.effect, function()
    return ctx:strength()
  end)
end

function M.resolve(ctx, params)
  local p = ctx:player()
  local d = ctx:strength()
  E.apply(ctx, p, params.effect, d, ctx:dice_space())
  if ctx:count(p, "guild_" .. params.guild) == 2 then
    E.apply(ctx, p, params.upgraded, d, ctx:dice_space())
  end
end

return M
