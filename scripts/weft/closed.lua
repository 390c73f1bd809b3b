-- weft.closed: a stall that is closed. Apprentices may still move onto its slot, but it
-- offers no action. `weft ablate --tile ID` closes a tile with it to measure what the
-- tile adds to the game; a variant may also use it for a tile it wants to switch off.
return {
  describe = function()
    return "Closed: no action."
  end,
  can_act = function()
    return false
  end,
  action = function() end,
}
