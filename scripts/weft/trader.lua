-- weft.trader: R-TRADE-1. Each trade pays the left bundle and gains the right one; a
-- player may repeat trades as often as they can pay, except those marked `once`.
-- params.trades = { { pay = {...}, gain = {...}, once = true? }, ... }
-- params.max_trades caps trades per visit (default 6).
local bundle = require("weft.materials")

local function options(ctx, params, p, used)
  local out = {}
  for i, t in ipairs(params.trades) do
    if not (t.once and used[i]) and bundle.can_pay(ctx, p, t.pay) then
      table.insert(out, {
        key = "trade:" .. i,
        label = "Pay " .. bundle.text(ctx, t.pay) .. " for " .. bundle.text(ctx, t.gain) .. (t.once and " (once)" or ""),
        index = i,
      })
    end
  end
  return out
end

local function describe(params)
  local parts = {}
  for i, t in ipairs(params.trades) do
    local once = t.once and " (at most once)" or ""
    table.insert(parts, i .. ". pay " .. bundle.text_static(t.pay) .. ", gain " .. bundle.text_static(t.gain) .. once)
  end
  return "Trades, repeated as often as you can pay, at most " .. (params.max_trades or 6) .. " per visit: "
    .. table.concat(parts, "; ") .. "."
end

return {
  describe = describe,
  can_act = function(ctx, params)
    return #options(ctx, params, ctx:player(), {}) > 0
  end,
  action = function(ctx, params)
    local p = ctx:player()
    local used = {}
    for _ = 1, params.max_trades or 6 do
      local opts = options(ctx, params, p, used)
      if #opts == 0 then
        return
      end
      table.insert(opts, { key = "done", label = "Stop trading" })
      local pick = ctx:choose({ prompt = "Trade?", options = opts })
      if pick.key == "done" then
        return
      end
      local t = params.trades[pick.index]
      bundle.pay(ctx, p, t.pay)
      bundle.gain(ctx, p, t.gain)
      used[pick.index] = true
    end
  end,
}
