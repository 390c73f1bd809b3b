-- weft.discard_draw: discard up to `params.max` commissions from hand, then draw as
-- many, each from a deck the player has unlocked (the "discard 1" and "draw 1" icons of
-- R-PLAZA-3, combined on a courtyard tile of our design).
local cards = require("weft.cards")

return {
  describe = function(params)
    return "Discard up to " .. (params.max or 1) .. " commissions from your hand, then draw as many, one at a time from any deck you have unlocked."
  end,
  can_act = function(ctx)
    return #ctx:hand(ctx:player()) > 0
  end,
  action = function(ctx, params)
    local p = ctx:player()
    local discarded = 0
    for _ = 1, params.max or 1 do
      local opts = {}
      for _, id in ipairs(ctx:hand(p)) do
        table.insert(opts, { key = id, label = "Discard " .. ctx:card(id).name })
      end
      if #opts == 0 then
        break
      end
      table.insert(opts, { key = "done", label = "Discard nothing more" })
      local pick = ctx:choose({ prompt = "Discard which commission?", options = opts })
      if pick.key == "done" then
        break
      end
      ctx:discard(pick.key, p)
      discarded += 1
    end
    for _ = 1, discarded do
      local id = cards.draw_from_choice(ctx, p)
      if id then
        ctx:give(p, id)
      end
    end
  end,
}
