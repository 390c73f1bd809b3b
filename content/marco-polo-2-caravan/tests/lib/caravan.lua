-- Helpers shared by the Caravan pack's scenario tests (module `tests.lib.caravan`, not a
-- test); the base game's are `tests.lib.helpers`.
local H = require("tests.lib.helpers")

local function sorted(list)
  local out = {}
  for _, v in ipairs(list) do
    out[#out + 1] = v
  end
  table.sort(out)
  return out
end

-- The options of the question asked now that start with `prefix`, sorted.
local function offered(g, prefix)
  return sorted(H.with_prefix(g:options(), prefix))
end

return { sorted = sorted, offered = offered }
