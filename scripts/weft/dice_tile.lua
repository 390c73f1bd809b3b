-- weft.dice_tile: R-DICE-2, R-WS-3. Dice spaces on an alley tile.
-- params.dice: die kinds placed rolled at setup; params.reroll: re-roll icon;
-- params.capacity: materials the tile holds; params.take: materials taken per visit.
-- Puts each face's material in the first empty slot, from the left; faces that find
-- no empty slot are lost.
local function add_faces(ctx, faces)
  local slots = ctx:slots()
  local free = 1
  for _, m in faces do
    while slots[free] do
      free += 1
    end
    if free > #slots then
      return
    end
    ctx:put_slot(free, m)
    slots[free] = m
  end
end

-- The materials on the tile's slots as options; labelled only when `labels` is true
-- (the player is asked), since a replayed answer reads keys only.
local function held(ctx, labels)
  local out = {}
  for i = 1, ctx:slot_count() do
    local m = ctx:slot(i)
    if m then
      table.insert(out, { key = m, label = labels and ("Take " .. m) or nil, slot = i })
    end
  end
  return out
end

local function unique(list)
  local seen, out = {}, {}
  for _, o in list do
    if not seen[o.key] then
      seen[o.key] = true
      table.insert(out, o)
    end
  end
  return out
end

return {
  -- The option keys its questions offer (for `weft doc content`).
  option_keys = {
    { "<material>", "take one unit of that material from the tile" },
    { "done", "take nothing more" },
  },
  describe = function(params)
    local dice = params.dice or {}
    local text = "Dice spaces: " .. (#dice > 0 and (table.concat(dice, ", ") .. " dice, rolled at setup") or "none")
    if params.reroll then
      text ..= "; in the workshop phase the dice are re-rolled"
    else
      text ..= "; in the workshop phase the dice keep their faces"
    end
    return text .. " and the materials shown are added here (room for " .. (params.capacity or 6)
      .. "). Take up to " .. (params.take or 2) .. " materials."
  end,
  setup = function(ctx, params)
    ctx:set_slot_count(params.capacity or 6)
    local faces = {}
    for _, kind in params.dice or {} do
      table.insert(faces, ctx:add_die(kind))
    end
    add_faces(ctx, faces)
  end,
  roll = function(ctx, params)
    local faces
    if params.reroll then
      faces = ctx:reroll_dice()
    else
      faces = {}
      for _, d in ctx:dice() do
        table.insert(faces, d.face)
      end
    end
    add_faces(ctx, faces)
  end,
  -- Whether held() would list anything: a slot holding a material.
  can_act = function(ctx)
    for i = 1, ctx:slot_count() do
      if ctx:slot(i) then
        return true
      end
    end
    return false
  end,
  action = function(ctx, params)
    local p = ctx:player()
    for _ = 1, params.take or 2 do
      local opts = unique(held(ctx, ctx:asking()))
      if #opts == 0 then
        return
      end
      table.insert(opts, { key = "done", label = "Take nothing more" })
      local pick = ctx:choose({ prompt = "Take which material?", options = opts })
      if pick.key == "done" then
        return
      end
      ctx:take_slot(pick.slot)
      ctx:gain(p, pick.key, 1)
    end
  end,
}
