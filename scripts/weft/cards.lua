-- weft.cards: keeping some of the commissions a hook drew (R-PLAZA-3, R-SKILL-1/2).
local M = {}

-- Labels are built only when the player is asked (`ctx:asking()`): a question answered
-- from the replayed answers reads keys only, and greedy bots replay every answer of an
-- effect for every option they weigh.

-- Player p keeps `keep` of the card ids in `drawn`, chosen one at a time; the rest are
-- discarded.
function M.keep(ctx, p, drawn, keep)
  local left = table.clone(drawn)
  for _ = 1, math.min(keep, #left) do
    local asking = ctx:asking()
    local options = {}
    for _, id in left do
      local label = nil
      if asking then
        local c = ctx:card(id)
        label = c.name .. " (" .. c.grade .. ")"
      end
      table.insert(options, { key = id, label = label })
    end
    local pick = ctx:choose({ prompt = "Keep which commission?", options = options })
    ctx:give(p, pick.key)
    table.remove(left, table.find(left, pick.key))
  end
  for _, id in left do
    ctx:discard(id)
  end
end

-- Draws up to n cards of one grade; returns the ids drawn.
function M.draw(ctx, grade, n)
  local drawn = {}
  for _ = 1, n do
    local id = ctx:draw(grade)
    if id == nil then
      break
    end
    table.insert(drawn, id)
  end
  return drawn
end

-- Draws one card from a deck player p chooses among the unlocked, non-empty ones; nil
-- when every such deck is empty. With `grade` (a deck chosen before), draws from it
-- without asking while it has cards. Returns the card id and the grade drawn from.
function M.draw_from_choice(ctx, p, grade)
  if grade ~= nil and ctx:deck_size(grade) > 0 then
    return ctx:draw(grade), grade
  end
  local asking = ctx:asking()
  local decks = {}
  for _, g in ctx:grades(p) do
    if ctx:deck_size(g) > 0 then
      table.insert(decks, { key = g, label = asking and ("Draw from the " .. g .. " deck") or nil })
    end
  end
  if #decks == 0 then
    return nil
  end
  local chosen = ctx:choose({ prompt = "Draw from which deck?", options = decks }).key
  return ctx:draw(chosen), chosen
end

-- Asks player p to pick a card from hand, or to pick none. `spec` has prompt, verb (for
-- labels), none_key and none_label. Returns the card id, or nil for none or an empty hand.
function M.pick_from_hand(ctx, p, spec)
  local asking = ctx:asking()
  local opts = {}
  for _, id in ctx:hand(p) do
    table.insert(opts, { key = id, label = asking and (spec.verb .. " " .. ctx:card(id).name) or nil })
  end
  if #opts == 0 then
    return nil
  end
  table.insert(opts, { key = spec.none_key, label = spec.none_label })
  local pick = ctx:choose({ prompt = spec.prompt, options = opts })
  if pick.key == spec.none_key then
    return nil
  end
  return pick.key
end

return M
