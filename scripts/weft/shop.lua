-- weft.shop: shop tiles (R-SHOP-1..6). A tile has one display (single or merged shop,
-- R-SHOP-2, R-SHOP-4) or several (a split combined shop, R-SHOP-3), laid out left to
-- right in the tile's display slots.
--
-- params.max_buy: materials a player may buy per visit (default 99)
-- params.displays = { {
--   sells = { "wool" },          materials this display holds
--   price = 1 | slot_prices = {...}   price per material, or per slot from the left
--   slots = 5,                   slot count
--   start = { ... },             contents at setup, from the left
--   restock = { ... },           the restock list (hand icon)
--   overflow = true,             the overflow icon on the rightmost slot
--   restock_when_empty = 1,      R-SHOP-6: restock n when the last material is bought
--   restock_on_buy = "red",      R-SHOP-6: when this material is bought, restock bought+1
-- }, ... }
local M = {}

-- First slot index (1-based) of display i: the slots of the displays before it, plus
-- one. A sum, not a list, since it is read on every visit and `can_act` check.
local function first_slot(params, i)
  local at = 1
  for k = 1, i - 1 do
    at += params.displays[k].slots
  end
  return at
end

-- The tile counter that marks display i sold out ("sold_out:1", ...), made once for the
-- first displays.
local SOLD_OUT = {}
for i = 1, 16 do
  SOLD_OUT[i] = "sold_out:" .. i
end

local function sold_out_key(i)
  return SOLD_OUT[i] or ("sold_out:" .. i)
end

-- R-SHOP-2: place materials into the display's empty slots from the left; if one does
-- not fit and the display has the overflow icon, empty the whole display (sold out).
-- `slots` is this tile's display as read by ctx:slots(), kept in step with every write;
-- `first` is the display's first slot (first_slot(params, i)). A display still marked sold
-- out takes nothing (`open` says it was just opened).
local function restock_display(ctx, params, slots, i, list, first, open)
  if not open and ctx:counter(sold_out_key(i)) ~= 0 then
    return
  end
  local d = params.displays[i]
  first = first or first_slot(params, i)
  for _, m in list do
    local placed = false
    for s = first, first + d.slots - 1 do
      if not slots[s] then
        ctx:put_slot(s, m)
        slots[s] = m
        placed = true
        break
      end
    end
    if not placed then
      if d.overflow then
        for s = first, first + d.slots - 1 do
          ctx:take_slot(s)
          slots[s] = false
        end
        ctx:set_counter(sold_out_key(i), 1)
        ctx:log("the display overflows and is sold out until the end of the round")
        return
      end
      -- without the overflow icon, extra materials are ignored
    end
  end
end

-- The rightmost filled slot of display i (R-SHOP-5), or nil.
local function rightmost(params, slots, i)
  local d = params.displays[i]
  local first = first_slot(params, i)
  for s = first + d.slots - 1, first, -1 do
    if slots[s] then
      return s, slots[s], s - first + 1
    end
  end
  return nil
end

local function price(d, position)
  if d.slot_prices then
    return d.slot_prices[position] or d.slot_prices[#d.slot_prices]
  end
  return d.price or 1
end

-- The materials player p can buy now; labelled only when `labels` is true (the player is
-- asked), since a replayed answer reads keys only.
local function buy_options(ctx, params, slots, p, labels)
  local out = {}
  for i, d in params.displays do
    local s, m, position = rightmost(params, slots, i)
    if s then
      local cost = price(d, position)
      if ctx:has(p, "coins", cost) then
        local key = "buy:" .. m
        for _, o in out do
          if o.key == key then
            key = key .. ":" .. i
          end
        end
        local label = labels and ("Buy " .. m .. " for " .. cost) or nil
        table.insert(out, { key = key, label = label, display = i, slot = s, material = m, cost = cost })
      end
    end
  end
  return out
end

function M.setup(ctx, params)
  local total = 0
  for _, d in params.displays do
    total += d.slots
  end
  ctx:set_slot_count(total)
  local first = 1
  for _, d in params.displays do
    for k, m in d.start or {} do
      if k <= d.slots then
        ctx:put_slot(first + k - 1, m)
      end
    end
    first += d.slots
  end
end

-- R-WS-1: a new round: sold-out displays open again and every display restocks.
function M.restock(ctx, params)
  local slots = ctx:slots()
  local first = 1
  for i, d in params.displays do
    ctx:set_counter(sold_out_key(i), 0)
    restock_display(ctx, params, slots, i, d.restock or {}, first, true)
    first += d.slots
  end
end

-- Whether buy_options would offer anything: a display whose rightmost material the
-- player can pay for, stopping at the first. It reads slots one by one from each
-- display's right end (as `rightmost` finds them) rather than listing them all: this
-- runs on every visit.
function M.can_act(ctx, params)
  local p = ctx:player()
  local count = ctx:slot_count()
  local first = 1
  for _, d in params.displays do
    -- A slot past the tile's count is empty, as in ctx:slots().
    for s = math.min(first + d.slots - 1, count), first, -1 do
      if ctx:slot(s) then
        if ctx:has(p, "coins", price(d, s - first + 1)) then
          return true
        end
        break
      end
    end
    first += d.slots
  end
  return false
end

function M.action(ctx, params)
  local p = ctx:player()
  local slots = ctx:slots()
  local bought = {}
  for _ = 1, params.max_buy or 99 do
    local opts = buy_options(ctx, params, slots, p, ctx:asking())
    if #opts == 0 then
      break
    end
    table.insert(opts, { key = "done", label = "Buy nothing more" })
    local pick = ctx:choose({ prompt = "Buy which material?", options = opts })
    if pick.key == "done" then
      break
    end
    ctx:pay(p, "coins", pick.cost)
    ctx:take_slot(pick.slot)
    slots[pick.slot] = false
    ctx:gain(p, pick.material, 1)
    bought[pick.material] = (bought[pick.material] or 0) + 1
    local d = params.displays[pick.display]
    if d.restock_when_empty and not rightmost(params, slots, pick.display) then
      local list = {}
      for k = 1, d.restock_when_empty do
        list[k] = d.restock[((k - 1) % #d.restock) + 1]
      end
      restock_display(ctx, params, slots, pick.display, list)
    end
  end
  -- R-SHOP-6: "when this material is bought, restock (number bought + 1)"
  for i, d in params.displays do
    local m = d.restock_on_buy
    if m and bought[m] then
      local list = {}
      for k = 1, bought[m] + 1 do
        list[k] = m
      end
      restock_display(ctx, params, slots, i, list)
    end
  end
end

local function list_text(list)
  if not list or #list == 0 then
    return "nothing"
  end
  return table.concat(list, ", ")
end

-- Rules text generated from the params (weft doc content).
function M.describe(params)
  local parts = { "Buy up to " .. (params.max_buy or 99) .. " per visit, each from the rightmost filled slot of a display (R-SHOP-5)." }
  for i, d in params.displays do
    local price
    if d.slot_prices then
      price = "slot prices " .. table.concat(d.slot_prices, "/") .. " from the left"
    else
      price = (d.price or 1) .. " kiran each"
    end
    local line = "Display " .. i .. ": " .. table.concat(d.sells, "+") .. ", " .. price .. ", " .. d.slots
      .. " slots, starts with " .. list_text(d.start) .. "; restock " .. list_text(d.restock) .. "; "
    if d.overflow then
      line ..= "overflow empties the display until the end of the round"
    else
      line ..= "extra materials are ignored"
    end
    if d.restock_when_empty then
      line ..= "; when its last material is bought, restock " .. d.restock_when_empty
    end
    if d.restock_on_buy then
      line ..= "; when " .. d.restock_on_buy .. " is bought, restock the number bought + 1"
    end
    table.insert(parts, line .. ".")
  end
  return table.concat(parts, " ")
end

-- The option keys its questions offer (for `weft doc content`).
M.option_keys = {
  { "buy:<material>", "buy the rightmost unit of that material on a display, at its price" },
  { "buy:<material>:<display>", "the same, from display <display> (from 1) when two displays offer it" },
  { "done", "buy nothing more" },
}

return M
