-- Fulfil a contract (M-EXTRA-1, M-CONTRACT-5): one in one's slots whose requirement the
-- player can pay (jade standing in for coins and camels, M-JADE-1); the requirement is
-- paid, the reward gained (its icons carried out: M-ICON-3..5), the contract kept among
-- the fulfilled, and the count of fulfilled contracts goes up (M-SCORE-6).
local C = require("contracts")
local moves = require("moves")
local M = {}

local GAINS = { "vp", "coins", "camels", "pepper", "silk", "gold", "jade" }
local PAYS = { "coins", "camels", "pepper", "silk", "gold", "jade" }

function M.options(ctx)
  local p = ctx:player()
  local out = {}
  for _, card in ipairs(ctx:cards("contracts", p)) do
    if ctx:can_afford(p, ctx:card(card).cost) then
      out[#out + 1] = { key = card, label = "Fulfil " .. card .. " (" .. ctx:card(card).text .. ")" }
    end
  end
  return out
end

function M.resolve(ctx, params, key)
  local p = ctx:player()
  local card = ctx:card(key)
  for _, what in ipairs(PAYS) do
    if card.cost[what] then
      ctx:pay(p, what, card.cost[what])
    end
  end
  ctx:move_card("contracts", key, "fulfilled", p)
  ctx:add(p, "contracts", 1)
  ctx:trigger(p, "fulfilled", key)                   -- M-CHAR-3 b
  for _, what in ipairs(GAINS) do
    if card.reward[what] then
      if what == "vp" then
        ctx:gain(p, "vp", card.reward.vp)
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
