-- A move of a player's traveller (M-MOVE-2..4, M-ICON-3): ctx:travel with the powers of
-- the player's character. Möngke Khan skips oases (`skips_oases`, M-CHAR-1 a: an oasis
-- passed through costs no step); Gantulga Od pays no coins and no camels for routes
-- (`free_route_costs`, M-CHAR-7 b); Mei Lin & Tenshin choose which of two travellers
-- moves (M-CHAR-4 a). Every move of the pack goes through here.
local M = {}

function M.travel(ctx, p, opts)
  -- Mei Lin & Tenshin (M-CHAR-4 a): each move moves one of her two travellers, her
  -- choice (asked even when they stand together: two steps queued at once may go one
  -- each).
  if ctx:piece_count(p) > 1 and not opts.piece then
    local options = {}
    for k = 1, ctx:piece_count(p) do
      options[#options + 1] = { key = "traveller:" .. k, label = "Traveller " .. k .. ", in " .. ctx:piece_at(p, k) }
    end
    opts.piece = tonumber(string.sub(ctx:choose{ prompt = "Which traveller moves?", options = options }.key, 11))
  end
  if ctx:ability(p, "skips_oases") > 0 then
    opts.free_kind = "oasis"
  end
  if ctx:ability(p, "free_route_costs") > 0 then
    opts.unpaid = { "coins", "camels" }
  end
  ctx:travel(p, opts)
end

return M
