-- Fulfil a contract (M-EXTRA-1, M-CONTRACT-5): one in one's slots whose requirement the
-- player can pay (jade standing in for coins and camels, M-JADE-1); the requirement is
-- paid, the reward gained (its icons carried out: M-ICON-3..5), the contract kept among
-- the fulfilled, and the count of fulfilled contracts goes up (M-SCORE-6).
local C = require("contracts")
local moves = require("moves")
local M = {}

local GAINS = { "vp", "coins", "camels", "pepper", "silk", "gold", "jade" }
local PAYS = { "coins", "camels", "pepper", "silk", "gold", "jade" }

-- Vidal (M-CHAR-10 a, `skips_contract_goods`) may fulfil a contract paying only its
-- coins (key `skip:<card>`), and then gains none of its VP. (For everyone else game.toml's
-- `offers` lists the contracts they can pay from data, as this would.)
function M.options(ctx)
  local p = ctx:player()
  local skips = ctx:ability(p, "skips_contract_goods") > 0
  local out = {}
  for _, card in ipairs(ctx:cards("contracts", p)) do
    local cost = ctx:card(card).cost
    if ctx:can_afford(p, cost) then
      out[#out + 1] = { key = card, label = "Fulfil " .. card .. " (" .. ctx:card(card).text .. ")" }
    end
    if skips and ctx:can_afford(p, { coins = cost.coins or 0 }) then
      out[#out + 1] = { key = "skip:" .. card, label = "Fulfil " .. card .. " paying only its coins, without its VP" }
    end
  end
  return out
end

function M.resolve(ctx, params, key)
  local p = ctx:player()
  local skip = string.sub(key, 1, 5) == "skip:"
  if skip then
    key = string.sub(key, 6)
  end
  local card = ctx:card(key)
  for _, what in ipairs(PAYS) do
    if card.cost[what] and (not skip or what == "coins") then
      ctx:pay(p, what, card.cost[what])
    end
  end
  ctx:move_card("contracts", key, "fulfilled", p)
  ctx:add(p, "contracts", 1)
  ctx:trigger(p, "fulfilled", key)                   -- M-CHAR-3 b
  for _, what in ipairs(GAINS) do
    if card.reward[what] then
      if what == "vp" then
        if not skip then
          ctx:gain(p, "vp", card.reward.vp)
        end
      else
        ctx:gain(p, what, card.reward[what])
      end
    end
  end
  local extra = card.params.extra
  if extra == "step" then
    moves.travel(ctx, p, { max = 1 })                -- M-ICON-3
  elseif extra == "black_die" then
    local pips = ctx:take_neutral_die(p)             -- M-ICON-5
    if pips then
      ctx:trigger(p, "black_die", pips)              -- M-CHAR-6
    end
  elseif extra == "draw" and #ctx:cards("contract_pile") > 0 then
    C.take(ctx, p, "contract_pile", ctx:cards("contract_pile")[#ctx:cards("contract_pile")], {})   -- M-ICON-4
  end
end

return M
