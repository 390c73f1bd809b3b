-- weft.cards: drawing, keeping and discarding the cards of decks, written over the zone
-- functions of `ctx` (docs/lua-api.md). It reads a player's zones `hand` (seen by its
-- owner) and `tucked` (played cards, public), and each deck ([[decks]] in game.toml) as
-- a face-down draw pile and a discard pile: `ctx:deck(id)`, `ctx:decks(p)` and
-- `ctx:card(id)` name a deck's two zones `draw` and `discard`. A pile's top is its last
-- card.
--
-- Cards drawn to choose from ("draw 4, keep 1, discard the rest") are drawn onto the
-- hand, where only their player sees them, and `keep` discards the rest: the discards
-- end in the order drawn, the hand gets the kept cards in the order kept.
local M = {}

-- The card ids in player p's hand, in the order they came in (the last is the top).
function M.hand(ctx, p)
  return ctx:cards("hand", p)
end

-- The card ids player p has tucked, in the order they were tucked.
function M.tucked(ctx, p)
  return ctx:cards("tucked", p)
end

-- Cards of deck `deck` (its id) left to draw: its draw pile and its discards.
function M.deck_size(ctx, deck)
  local d = ctx:deck(deck)
  return ctx:zone_size(d.draw) + ctx:zone_size(d.discard)
end

-- The cards left in the draw piles of `decks` (deck tables of `ctx:decks`), by their
-- place in `decks`: only the run's own draws change them, so they are read once. The
-- list is made with three places: a table grown one entry at a time is made again at
-- each size, and a run is made for every question bots weigh.
local function piles(ctx, decks)
  local counts = { 0, 0, 0 }
  for i, g in decks do
    counts[i] = ctx:zone_size(g.draw)
  end
  return counts
end

-- Whether a run (see `piles`) can draw a card of deck i: its draw pile holds one, or its
-- discards do.
local function can_draw(ctx, decks, counts, i)
  return counts[i] > 0 or ctx:zone_size(decks[i].discard) > 0
end

-- Draws the top card of deck i's draw pile onto player p's hand; returns its id. An
-- empty draw pile is first made again from the discards, shuffled with the game's
-- random generator (as the rules' own draws do; the event log shows each card moved
-- back).
local function draw_at(ctx, p, decks, counts, i)
  local g = decks[i]
  if counts[i] == 0 then
    counts[i] = ctx:reshuffle(g.id)
  end
  counts[i] -= 1
  return ctx:move_card(g.draw, -1, "hand", p)
end

-- Draws up to n cards of deck `deck` (its id) onto player p's hand; stops when the draw
-- pile and its discards are empty. Returns the ids drawn.
function M.draw(ctx, p, deck, n)
  local decks = { ctx:deck(deck) }
  local counts = piles(ctx, decks)
  local drawn = {}
  for _ = 1, n do
    if not can_draw(ctx, decks, counts, 1) then
      break
    end
    table.insert(drawn, draw_at(ctx, p, decks, counts, 1))
  end
  return drawn
end

-- Labels are built only when the player is asked (`ctx:asking()`): a question answered
-- from the replayed answers reads keys only, and greedy bots replay every answer of an
-- effect for every option they weigh. Such a question's options are its keys alone, as
-- strings: no table is made for each.

-- The key of the option `ctx:choose` returned, of a question whose options were
-- `{key, label}` tables when `asking`, else keys.
local function key_of(asking, picked)
  if asking then
    return picked.key
  end
  return picked
end

-- Draws up to n cards onto player p's hand, each from a deck p chooses among the
-- unlocked ones that hold a card (its draw pile or its discards); with `once`, from the
-- deck chosen first while it holds a card, choosing again only when it runs out. Stops
-- when no deck holds a card. Returns the ids drawn.
function M.draw_chosen(ctx, p, n, once)
  if n <= 0 then
    return {}
  end
  local decks = ctx:decks(p)
  local counts = piles(ctx, decks)
  local drawn = {}
  local i = nil
  for _ = 1, n do
    if not (once and i and can_draw(ctx, decks, counts, i)) then
      local asking = ctx:asking()
      local options = {}
      for k, g in decks do
        -- (`can_draw`, first for a draw pile with cards, the common case: this loop
        -- runs for every question bots weigh.)
        if counts[k] > 0 or can_draw(ctx, decks, counts, k) then
          table.insert(options, if asking then { key = g.id, label = "Draw from the " .. g.id .. " deck" } else g.id)
        end
      end
      if #options == 0 then
        break
      end
      local chosen = key_of(asking, ctx:choose({ prompt = "Draw from which deck?", options = options }))
      for k, g in decks do
        if g.id == chosen then
          i = k
          break
        end
      end
    end
    table.insert(drawn, draw_at(ctx, p, decks, counts, i))
  end
  return drawn
end

-- Puts card `id` from player p's hand onto its deck's discard pile.
function M.discard(ctx, p, id)
  ctx:move_card("hand", id, ctx:card(id).discard, p)
end

-- Player p keeps `keep` of the card ids in `drawn`, just drawn onto p's hand, chosen
-- one at a time: each goes to the top of the hand as it is chosen; then the rest go
-- onto their discard piles in the order drawn (R-PLAZA-3, R-SKILL-1/2).
function M.keep(ctx, p, drawn, keep)
  -- `table.clone`, `find` and `remove` would each be a library call charged to the
  -- budget (lua/sandbox/library.rs); these few cards are copied and searched here.
  local left = { table.unpack(drawn) }
  for _ = 1, math.min(keep, #left) do
    local asking = ctx:asking()
    local options = {}
    for _, id in left do
      if asking then
        local c = ctx:card(id)
        table.insert(options, { key = id, label = c.name .. " (" .. c.deck .. ")" })
      else
        table.insert(options, id)
      end
    end
    local pick = key_of(asking, ctx:choose({ prompt = "Keep which commission?", options = options }))
    -- To the top of the hand: the kept cards end there in the order kept.
    ctx:move_card("hand", pick, "hand", p)
    local at = 1
    while left[at] ~= pick do
      at += 1
    end
    for k = at, #left do
      left[k] = left[k + 1]
    end
  end
  for _, id in left do
    M.discard(ctx, p, id)
  end
end

-- Asks player p to pick a card from hand, or to pick none. `spec` has prompt, verb (for
-- labels), none_key and none_label. Returns the card id, or nil for none or an empty hand.
function M.pick_from_hand(ctx, p, spec)
  local asking = ctx:asking()
  -- Unasked, the options are the hand's ids (a new list) and the none key.
  local opts = ctx:cards("hand", p)
  if #opts == 0 then
    return nil
  end
  if asking then
    for k, id in opts do
      opts[k] = { key = id, label = spec.verb .. " " .. ctx:card(id).name }
    end
  end
  table.insert(opts, if asking then { key = spec.none_key, label = spec.none_label } else spec.none_key)
  local pick = key_of(asking, ctx:choose({ prompt = spec.prompt, options = opts }))
  if pick == spec.none_key then
    return nil
  end
  return pick
end

return M
