-- weft.materials: helpers over material/coin bundles written as { wool = 2, coins = 1 }.
-- Iteration is always in a fixed order (coins, then materials cheapest first), never
-- in `pairs` order, so every run makes the same choices (DESIGN invariant 5).
local M = {}

-- A bundle key that is neither coins nor a material: an error naming it, so a typo or a
-- key the bundle cannot give (prestige, skill) is not silently dropped.
local function unknown(ctx, bundle)
  local bad = {}
  for k, v in pairs(bundle) do
    if type(v) ~= "number" then
      table.insert(bad, tostring(k) .. " = " .. tostring(v))
    elseif k ~= "coins" and not table.find(ctx:materials(), k) then
      table.insert(bad, tostring(k))
    end
  end
  table.sort(bad)
  error(
    "weft.materials: `"
      .. table.concat(bad, "`, `")
      .. "` in a bundle is not a number of coins or of a material of the pack ("
      .. table.concat(ctx:materials(), ", ")
      .. "); fix it in the params (skill and prestige have their own params)",
    0
  )
end

-- The keys of a bundle in a fixed order (coins, then materials); other keys are left out.
function M.keys(ctx, bundle)
  local out = {}
  if bundle.coins then
    table.insert(out, "coins")
  end
  for _, m in ctx:materials() do
    if bundle[m] then
      table.insert(out, m)
    end
  end
  return out
end

-- The keys as M.keys, and an error if the bundle holds any other key. Paying and gaining
-- check (a bundle is paid or gained whenever its action is taken); labels and can_pay,
-- run for every option offered, do not pay for the check.
local function strict_keys(ctx, bundle)
  local out = M.keys(ctx, bundle)
  local n = 0
  for _ in pairs(bundle) do
    n += 1
  end
  if n ~= #out then
    unknown(ctx, bundle)
  end
  return out
end

-- Whether player p can pay the whole bundle: each key in M.keys' order, stopping at the
-- first the player cannot pay. It builds no list: `can_act` hooks run it for every
-- trade, on every visit.
function M.can_pay(ctx, p, bundle)
  if bundle.coins and not ctx:has(p, "coins", bundle.coins) then
    return false
  end
  for _, m in ctx:materials() do
    local n = bundle[m]
    if n and not ctx:has(p, m, n) then
      return false
    end
  end
  return true
end

function M.pay(ctx, p, bundle)
  for _, k in strict_keys(ctx, bundle) do
    ctx:pay(p, k, bundle[k])
  end
end

function M.gain(ctx, p, bundle)
  for _, k in strict_keys(ctx, bundle) do
    ctx:gain(p, k, bundle[k])
  end
end

-- "2 wool, 1 coins" for labels.
function M.text(ctx, bundle)
  local parts = {}
  for _, k in M.keys(ctx, bundle) do
    table.insert(parts, bundle[k] .. " " .. k)
  end
  return table.concat(parts, ", ")
end

-- "2 wool, 1 coins" without a ctx (for rules text): coins first, then materials by
-- name, so the order is fixed.
function M.text_static(bundle)
  local keys = {}
  for k in pairs(bundle) do
    if k ~= "coins" then
      table.insert(keys, k)
    end
  end
  table.sort(keys)
  if bundle.coins then
    table.insert(keys, 1, "coins")
  end
  local parts = {}
  for _, k in keys do
    table.insert(parts, bundle[k] .. " " .. k)
  end
  return table.concat(parts, ", ")
end

return M
