-- The moneylender: a loan now, a debt later. This is a mechanism the base game does not
-- have: an obligation that outlives the turn. The debt is kept in a tile counter per
-- player ("debt:<p>") and collected by the restock hook, which runs in the workshop
-- phase (R-WS-1) after the round's turns.
local function debt_key(p)
  return "debt:" .. p
end

return {
  describe = function(params)
    return "Borrow " .. params.loan .. " kiran if you owe nothing. In the next workshop phase repay "
      .. params.repay .. "; lose " .. params.penalty .. " prestige per kiran you cannot pay."
  end,

  can_act = function(ctx)
    return ctx:counter(debt_key(ctx:player())) == 0
  end,

  action = function(ctx, params)
    local p = ctx:player()
    ctx:gain(p, "coins", params.loan)
    ctx:set_counter(debt_key(p), params.repay)
    ctx:log("borrows " .. params.loan .. " kiran and owes " .. params.repay)
  end,

  restock = function(ctx, params)
    for p = 1, ctx:player_count() do
      local owed = ctx:counter(debt_key(p))
      if owed > 0 then
        local paid = math.min(owed, ctx:count(p, "coins"))
        if paid > 0 then
          ctx:pay(p, "coins", paid)
        end
        local short = owed - paid
        if short > 0 then
          ctx:add(p, "prestige", -short * params.penalty)
        end
        ctx:set_counter(debt_key(p), 0)
        ctx:log("player " .. p .. " repays " .. paid .. " of " .. owed .. " kiran"
          .. (short > 0 and (" and loses " .. short * params.penalty .. " prestige") or ""))
      end
    end
  end,
}
