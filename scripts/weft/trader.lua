-- weft.trader: R-TRADE-1. Each trade pays the left bundle and gains the right one; a
-- player may repeat trades as often as they can pay, except those marked `once`.
-- params.trades = { { pay = {...}, gain = {...}, once = true? }, ... }
-- params.max_trades caps trades per visit (default: none, R-TRADE-1 DECISION: as often as
-- the player can pay). A repeatable trade must pay something, or it could repeat forever.
local bundle = require("weft.materials")

-- The trades player p can make now; labelled only when `labels` is true (the player is
-- asked), since a replayed answer reads keys only.
local function options(ctx, params, p, used, labels)
  local out = {}
  for i, t in params.trades do
    if not (t.once and used[i]) and bundle.can_pay(ctx, p, t.pay) then
      local label = nil
      if labels then
        label = "Pay " .. bundle.text(ctx, t.pay) .. " for " .. bundle.text(ctx, t.gain) .. (t.once and " (once)" or "")
      end
      table.insert(out, { key = "trade:" .. i, label = label, index = i })
    end
  end
  return out
end

local function describe(params)
  local parts = {}
  for i, t in params.trades do
    local once = t.once and " (at most once)" or ""
    table.insert(parts, i .. ". pay " .. bundle.text_static(t.pay) .. ", gain " .. bundle.text_static(t.gain) .. once)
  end
  local cap = params.max_trades and (", at most " .. params.max_trades .. " per visit") or ""
  return "Trades, repeated as often as you can pay" .. cap .. ": " .. table.concat(parts, "; ") .. "."
end

return {
  -- The option keys its questions offer (for `weft doc content`).
  option_keys = {
    { "trade:<n>", "make the tile's trade n (from 1, as its text lists them) once more" },
    { "done", "stop trading" },
  },
  describe = describe,
  -- Whether any trade can be made now: options() with no trade used yet, stopping at
  -- the first.
  can_act = function(ctx, params)
    local p = ctx:player()
    for _, t in params.trades do
      if bundle.can_pay(ctx, p, t.pay) then
        return true
      end
    end
    return false
  end,
  action = function(ctx, params)
    local p = ctx:player()
    local used = {}
    for i, t in params.trades do
      local pays = false
      for _, n in pairs(t.pay or {}) do
        pays = pays or n > 0
      end
      if not t.once and not pays then
        error("trade " .. i .. " pays nothing and is not marked once, so it could repeat forever: give it a pay or once = true")
      end
    end
    local done = 0
    while params.max_trades == nil or done < params.max_trades do
      done += 1
      local opts = options(ctx, params, p, used, ctx:asking())
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
