-- A space that gives what its params name, once (Khan's favour, M-KHAN-1).
local M = {}

function M.resolve(ctx, params)
  local p = ctx:player()
  for _, what in ipairs({ "coins", "camels", "pepper", "silk", "gold", "jade" }) do
    if params[what] then
      ctx:gain(p, what, params[what])
    end
  end
end

return M
