-- A move of a player's traveller (M-MOVE-2..4, M-ICON-3): ctx:travel with the powers of
-- the player's character. Möngke Khan skips oases (`skips_oases`, M-CHAR-1 a: an oasis
-- passed through costs no step); Gantulga Od pays no coins and no camels for routes
-- (`free_route_costs`, M-CHAR-7 b). Every move of the pack goes through here.
local M = {}

function M.travel(ctx, p, opts)
  if ctx:ability(p, "skips_oases") > 0 then
    opts.free_kind = "oasis"
  end
  if ctx:ability(p, "free_route_costs") > 0 then
    opts.unpaid = { "coins", "camels" }
  end
  ctx:travel(p, opts)
end

return M
