-- Helpers shared by Cabriole's scripts (module `lib.common`): the ids of the pack's
-- counters in rules order, card descriptions for option labels, the display's rows, and
-- taking a card from the display (C-DISP-1..4, used by the row and extra queues).
-- Numbers the rules leave to a DECISION are not here: they are params in the TOML.
local M = {}

-- C-COMP-1: the resources, in the order they are listed and resolved.
M.RESOURCES = { "oak", "walnut", "silk", "mahogany" }
-- C-CRAFT-1: the craftsman types, each a counter holding its level.
M.CRAFTSMEN = { "carver", "joiner", "turner", "upholsterer" }
-- C-CRAFT-1: the levels a craftsman counter holds (0 is not hired): 1 A, 2 J, 3 M.
M.LEVELS = { "A", "J", "M" }
M.MASTER = #M.LEVELS
-- C-PROD-2: the furniture types of projects (C-SCORE-2: a vignette is one of each).
M.FURNITURE = { "chair", "chest", "table" }

-- C-PROD-2: whether a project's params name craftsman type t (each type at most once).
function M.names(params, t)
  for _, named in params.craftsmen or {} do
    if named == t then
      return true
    end
  end
  return false
end

-- A card for people: a project with its needs and reward, a special card with its text.
function M.describe(card)
  local p = card.params
  if card.kind ~= "project" then
    return card.id .. " " .. card.name .. ": " .. card.text
  end
  local needs, crafts = {}, {}
  for _, r in M.RESOURCES do
    local n = p.needs and p.needs[r]
    if n then
      needs[#needs + 1] = n .. " " .. r
    end
  end
  for _, c in p.craftsmen or {} do
    crafts[#crafts + 1] = c .. " " .. M.LEVELS[p.level]
  end
  return card.id .. " " .. p.type .. " (" .. table.concat(needs, ", ") .. "; "
    .. table.concat(crafts, ", ") .. "; " .. p.coins .. " coins or " .. p.prestige .. " prestige)"
end

-- The display positions of row r, left to right (row-major grid, C-SETUP-3); none when
-- the display has fewer rows at this player count (row 4 at two players, C-TWO-4).
function M.row_positions(ctx, r)
  local rows, cols = ctx:grid("display")
  local out = {}
  if r <= rows then
    for c = 1, cols do
      out[#out + 1] = (r - 1) * cols + c
    end
  end
  return out
end

-- The row of a display position.
function M.row_of(ctx, pos)
  local _, cols = ctx:grid("display")
  return M.row_at(pos, cols)
end

-- The row of a display position in a grid `cols` wide (for loops that read the width
-- once).
function M.row_at(pos, cols)
  return (pos - 1) // cols + 1
end

-- C-DISP-3, C-LIMIT-2, C-SPEC-3: a project may be taken only with room among the
-- player's unfinished projects (counting those taken this round); a special card always.
-- `room`, when given, is M.project_room(ctx, p), read once for many cards.
function M.may_take(ctx, p, card, room)
  if card.kind ~= "project" then
    return true
  end
  if room == nil then
    room = M.project_room(ctx, p)
  end
  return room
end

-- C-LIMIT-2: whether player p has room for one more unfinished project.
function M.project_room(ctx, p)
  local room = ctx:room("unfinished", p)
  return room == nil or room > 0
end

-- An option for taking the display card at `pos`: key `take:<card id>`. The label is
-- built only when a person reads it (ctx:asking(); bots read keys). `asking`, when
-- given, is ctx:asking(), read once for a list of options.
function M.take_option(ctx, pos, card, extra, asking)
  if asking == nil then
    asking = ctx:asking()
  end
  if not asking then
    return { key = "take:" .. card.id }
  end
  local coins = ctx:marks("display", pos)
  local label = "Take " .. M.describe(card)
  if coins > 0 then
    label = label .. " with its " .. coins .. " coins"
  end
  if extra then
    label = label .. extra
  end
  return { key = "take:" .. card.id, label = label }
end

-- The card id of a `take:<id>` key.
function M.taken_id(key)
  return string.sub(key, #"take:" + 1)
end

-- C-DISP-1..4: player p takes the display card at `pos` with all coins on it. A project
-- goes to the unfinished projects without resources or craftsmen (C-DISP-2); a special
-- card leaves the game and its effect applies at once (C-DISP-4, C-SPEC-1), through the
-- module its data names (`behaviour`, C-DATA-8): it goes to the player's pile of used
-- specials, which no rule reads (so reports can tell who used which). `id`, when given,
-- is the id of the card at `pos` (saving a read of the whole display). Returns the card.
function M.take(ctx, p, pos, id)
  id = id or ctx:cards("display")[pos]
  local card = ctx:card(id)
  local coins = ctx:marks("display", pos)
  if card.kind == "project" then
    ctx:move_card("display", pos, "unfinished", p)
  else
    ctx:move_card("display", pos, "used", p)
  end
  if coins > 0 then
    ctx:gain(p, "coins", coins)
  end
  if ctx:logging() then
    ctx:log("takes " .. M.describe(card) .. " with " .. coins .. " coins")
  end
  if card.kind ~= "project" and card.behaviour then
    require(card.behaviour).apply(ctx, card.params, p)
  end
  return card
end

-- Whether list holds value.
function M.contains(list, value)
  for _, v in list do
    if v == value then
      return true
    end
  end
  return false
end

return M
