-- weft.cards: commissions as cards in zones, written over the zone functions of `ctx`
-- (docs/lua-api.md). A pack with [[grades]] has these zones built in: per player a
-- `hand` (seen by its owner) and `tucked` (fulfilled cards, public), and per grade G a
-- face-down draw pile `G_deck` and a discard pile `G_discard` (docs/content-format.md).
-- A pile's top is its last card.
local M = {}

-- The card ids in player p's hand, in the order they came in (the last is the top).
function M.hand(ctx, p)
  return ctx:cards("hand", p)
end

-- The card ids player p has tucked, in the order they were tucked.
function M.tucked(ctx, p)
  return ctx:cards("tucked", p)
end

-- Cards of `grade` left to draw: its draw pile and its discards.
function M.deck_size(ctx, grade)
  return ctx:zone_size(grade .. "_deck") + ctx:zone_size(grade .. "_discard")
end

-- Whether a card of `grade` can be drawn (its draw pile or its discards hold one).
local function can_draw(ctx, grade)
  return ctx:zone_size(grade .. "_deck") > 0 or ctx:zone_size(grade .. "_discard") > 0
end

-- Draws the top card of `grade`'s deck onto player p's hand and returns its id; nil
-- when the deck and its discards are empty. An empty deck is first made again from its
-- discards, shuffled with the game's random generator (as the rules' own draws do).
function M.draw_one(ctx, p, grade)
  local deck = grade .. "_deck"
  if ctx:zone_size(deck) == 0 then
    local discards = grade .. "_discard"
    local n = ctx:zone_size(discards)
    if n == 0 then
      return nil
    end
    -- Bottom first, so the new deck holds the discards in their order before the shuffle.
    for _ = 1, n do
      ctx:move_card(discards, 1, deck)
    end
    ctx:shuffle(deck)
    if ctx:logging() then
      ctx:log("the " .. grade .. " discards are shuffled into a new deck")
    end
  end
  return ctx:move_card(deck, -1, "hand", p)
end

-- Draws up to n cards of one grade onto player p's hand; returns the ids drawn.
function M.draw(ctx, p, grade, n)
  local drawn = {}
  for _ = 1, n do
    local id = M.draw_one(ctx, p, grade)
    if id == nil then
      break
    end
    table.insert(drawn, id)
  end
  return drawn
end

-- The position (from 1) of card `id` in player p's hand; an error naming the card
-- when it is not there.
local function in_hand(ctx, p, id)
  local at = ctx:find_card("hand", id, p)
  if at == nil then
    error("`" .. tostring(id) .. "` is not in player " .. tostring(p) .. "'s hand", 3)
  end
  return at
end

-- Puts card `id` from player p's hand onto its grade's discard pile.
function M.discard(ctx, p, id)
  local at = in_hand(ctx, p, id)
  ctx:move_card("hand", at, ctx:card(id).grade .. "_discard", p)
end

-- Moves card `id` of player p's hand to the top of that hand.
function M.to_top(ctx, p, id)
  local at = in_hand(ctx, p, id)
  if at ~= ctx:zone_size("hand", p) then
    ctx:move_card("hand", at, "hand", p)
  end
end

-- Labels are built only when the player is asked (`ctx:asking()`): a question answered
-- from the replayed answers reads keys only, and greedy bots replay every answer of an
-- effect for every option they weigh.

-- Player p keeps `keep` of the card ids in `drawn` (drawn onto p's hand), chosen one at
-- a time; the kept cards end on top of the hand in the order chosen, and the rest are
-- discarded (R-PLAZA-3, R-SKILL-1/2).
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
    M.to_top(ctx, p, pick.key)
    table.remove(left, table.find(left, pick.key))
  end
  for _, id in left do
    M.discard(ctx, p, id)
  end
end

-- Draws one card onto player p's hand from a deck p chooses among the unlocked ones
-- that hold a card; nil when there is none. With `grade` (a deck chosen before), draws
-- from it without asking while it has cards. Returns the card id and the grade drawn
-- from.
function M.draw_from_choice(ctx, p, grade)
  if grade ~= nil and can_draw(ctx, grade) then
    return M.draw_one(ctx, p, grade), grade
  end
  local asking = ctx:asking()
  local decks = {}
  for _, g in ctx:grades(p) do
    if can_draw(ctx, g) then
      table.insert(decks, { key = g, label = asking and ("Draw from the " .. g .. " deck") or nil })
    end
  end
  if #decks == 0 then
    return nil
  end
  local chosen = ctx:choose({ prompt = "Draw from which deck?", options = decks }).key
  return M.draw_one(ctx, p, chosen), chosen
end

-- Asks player p to pick a card from hand, or to pick none. `spec` has prompt, verb (for
-- labels), none_key and none_label. Returns the card id, or nil for none or an empty hand.
function M.pick_from_hand(ctx, p, spec)
  local asking = ctx:asking()
  local opts = {}
  for _, id in ctx:cards("hand", p) do
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
