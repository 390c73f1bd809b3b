-- Contracts (M-CONTRACT-*): what the contract space, the fulfil extra and a post placed
-- in a contract city share.
local M = {}

-- The contract cities (M-DATA-1 `ct`), each with its display zone.
M.CITIES = { "xian", "kashgar", "balkh", "isfahan", "trebizond" }

function M.display(city)
  return "contracts_" .. city
end

function M.is_contract_city(city)
  for _, c in ipairs(M.CITIES) do
    if c == city then
      return true
    end
  end
  return false
end

-- Whether player p has a trading post in `city`.
function M.has_post(ctx, p, city)
  for _, q in ipairs(ctx:markers("post", city)) do
    if q == p then
      return true
    end
  end
  return false
end

-- The face-up contracts p may take: those of contract cities holding p's post.
function M.takeable(ctx, p)
  local out = {}
  for _, city in ipairs(M.CITIES) do
    if M.has_post(ctx, p, city) then
      for _, card in ipairs(ctx:cards(M.display(city))) do
        if card then
          out[#out + 1] = { card = card, city = city }
        end
      end
    end
  end
  return out
end

-- Makes room in p's slots for a new contract (M-CONTRACT-2): when both are full, p
-- discards one held before (not one in `keep`, just taken): a starting contract leaves
-- the game, another goes to the bottom of the refill pile.
local function make_room(ctx, p, keep)
  if (ctx:room("contracts", p) or 1) > 0 then
    return
  end
  local options = {}
  for _, card in ipairs(ctx:cards("contracts", p)) do
    if not keep[card] then
      options[#options + 1] = { key = "discard:" .. card, label = "Discard " .. card .. " (" .. ctx:card(card).text .. ")" }
    end
  end
  local card = string.sub(ctx:choose{ prompt = "Both contract slots are full: discard one", options = options }.key, 9)
  if string.sub(card, 1, 1) == "S" then
    ctx:move_card("contracts", card, "box", p)
  else
    ctx:move_card_to_bottom("contracts", card, "contract_pile", p)
  end
end

-- Takes `card` from `zone` into p's slots (M-CONTRACT-2); `keep` are the cards taken
-- in the same action, which may not be discarded for it.
function M.take(ctx, p, zone, card, keep)
  make_room(ctx, p, keep)
  ctx:move_card(zone, card, "contracts", p)
  keep[card] = true
end

-- Refills a city's display from the top of the refill pile at once (M-CONTRACT-3);
-- an empty pile leaves the spot empty.
function M.refill(ctx, city)
  if #ctx:cards("contract_pile") > 0 then
    ctx:move_card("contract_pile", -1, M.display(city))
  end
end

-- A post placed in a contract city (M-MOVE-8 d): p may take one of its face-up
-- contracts.
function M.on_post(ctx, p, city)
  if not M.is_contract_city(city) then
    return
  end
  local options = {}
  for _, card in ipairs(ctx:cards(M.display(city))) do
    if card then
      options[#options + 1] = { key = "take:" .. card, label = "Take " .. card .. " (" .. ctx:card(card).text .. ")" }
    end
  end
  if #options == 0 then
    return
  end
  options[#options + 1] = { key = "none", label = "Take no contract" }
  local key = ctx:choose{ prompt = "A contract from " .. city .. "?", options = options }.key
  if key ~= "none" then
    M.take(ctx, p, M.display(city), string.sub(key, 6), {})
    M.refill(ctx, city)
  end
end

return M
