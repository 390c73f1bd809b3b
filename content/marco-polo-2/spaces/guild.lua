-- The guild marker space (M-GUILD-1, M-GUILD-2): the player takes the marker of a guild
-- they lack whose least strength the placement reaches, front side up (counter 1), and
-- that guild's jade.
local M = {}

-- The guilds p lacks that strength d reaches.
local function open_to(ctx, params, p, d)
  local out = {}
  for _, g in ipairs(params.guilds) do
    if ctx:count(p, "guild_" .. g.id) == 0 and d >= g.least then
      out[#out + 1] = g
    end
  end
  return out
end

-- Whether some guild p lacks takes strength d. The strength is read only when the
-- answer depends on it: with every guild taken, or one taking any strength, it does not
-- (and the engine then asks once a turn, not once for each strength the pool offers).
function M.can_act(ctx, params)
  local p = ctx:player()
  local least
  for _, g in ipairs(params.guilds) do
    if ctx:count(p, "guild_" .. g.id) == 0 and (least == nil or g.least < least) then
      least = g.least
    end
  end
  return least ~= nil and (least <= 1 or ctx:strength() >= least)
end

function M.resolve(ctx, params)
  local p = ctx:player()
  local options = {}
  for _, g in ipairs(open_to(ctx, params, p, ctx:strength())) do
    local label = "The " .. g.id .. " marker"
    if g.jade > 0 then
      label = label .. " and " .. g.jade .. " jade"
    end
    options[#options + 1] = { key = "guild:" .. g.id, label = label }
  end
  local id = string.sub(ctx:choose{ prompt = "Take a guild marker", options = options }.key, 7)
  ctx:add(p, "guild_" .. id, 1)
  for _, g in ipairs(params.guilds) do
    if g.id == id and g.jade > 0 then
      ctx:gain(p, "jade", g.jade)
    end
  end
end

return M
