-- weft.discard_draw: discard up to `params.max` commissions from hand, then draw as
-- many, each from a deck the player has unlocked (the "discard 1" and "draw 1" icons of
-- R-PLAZA-3, combined on a courtyard tile of our design).
local cards = require("weft.cards")

return {
  -- The option keys its questions offer (for `weft doc content`).
  option_keys = {
    { "<card>", "discard that card from your hand" },
    { "done", "discard nothing more" },
    { "<deck>", "draw the next card from that deck" },
  },
  describe = function(params)
    return "Discard up to " .. (params.max or 1) .. " commissions from your hand, then draw as many, one at a time from any deck you have unlocked."
  end,
  can_act = function(ctx)
    return ctx:zone_size("hand", ctx:player()) > 0
  end,
  action = function(ctx, params)
    local p = ctx:player()
    local discarded = 0
    for _ = 1, params.max or 1 do
      local id = cards.pick_from_hand(ctx, p, {
        prompt = "Discard which commission?",
        verb = "Discard",
        none_key = "done",
        none_label = "Discard nothing more",
      })
      if id == nil then
        break
      end
      cards.discard(ctx, p, id)
      discarded += 1
    end
    cards.draw_chosen(ctx, p, discarded)
  end,
}
