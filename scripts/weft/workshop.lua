-- weft.workshop: the workshop actions of commissions (R-WS-4), one family per
-- params.effect:
--   gain    { gain = { coins = 2 } }            gain coins/materials; skill = n for skill
--   trade   { pay = {...}, gain = {...} }        one trade, if the player can pay
--   buy     { material = "silk", price = 4 }     buy one material from the supply
--   sell    { bonus = 0 }                        sell one material for its value + bonus
--   draw    {}                                   draw 1 commission from an unlocked deck
--   convert {}                                   discard a commission from hand, gain one
--                                                of each material it requires
--   roll    { die = "white" }                    roll a pool die, gain the face
-- A bundle ({...} above) holds coins and the pack's materials; any other key (a typo,
-- prestige, skill) is an error naming it, never a silent nothing (weft.materials).
local bundle = require("weft.materials")
local cards = require("weft.cards")

local effects = {}

function effects.gain(ctx, p, params)
  if params.gain then
    bundle.gain(ctx, p, params.gain)
  end
  if params.skill then
    ctx:add(p, "skill", params.skill)
  end
end

function effects.trade(ctx, p, params)
  if bundle.can_pay(ctx, p, params.pay) then
    local pick = ctx:choose({
      prompt = "Trade?",
      options = {
        {
          key = "trade",
          label = ctx:asking() and ("Pay " .. bundle.text(ctx, params.pay) .. " for " .. bundle.text(ctx, params.gain)) or nil,
        },
        { key = "skip", label = "Do not trade" },
      },
    })
    if pick.key == "trade" then
      bundle.pay(ctx, p, params.pay)
      bundle.gain(ctx, p, params.gain)
    end
  end
end

function effects.buy(ctx, p, params)
  if ctx:has(p, "coins", params.price) then
    local pick = ctx:choose({
      prompt = "Buy?",
      options = {
        { key = "buy", label = ctx:asking() and ("Buy 1 " .. params.material .. " for " .. params.price) or nil },
        { key = "skip", label = "Do not buy" },
      },
    })
    if pick.key == "buy" then
      ctx:pay(p, "coins", params.price)
      ctx:gain(p, params.material, 1)
    end
  end
end

function effects.sell(ctx, p, params)
  local asking = ctx:asking()
  local opts = {}
  for _, m in ctx:materials() do
    if ctx:has(p, m, 1) then
      local label = asking and ("Sell 1 " .. m .. " for " .. (ctx:material_value(m) + (params.bonus or 0))) or nil
      table.insert(opts, { key = m, label = label })
    end
  end
  if #opts == 0 then
    return
  end
  table.insert(opts, { key = "skip", label = "Sell nothing" })
  local pick = ctx:choose({ prompt = "Sell which material?", options = opts })
  if pick.key ~= "skip" then
    ctx:pay(p, pick.key, 1)
    ctx:gain(p, "coins", ctx:material_value(pick.key) + (params.bonus or 0))
  end
end

function effects.draw(ctx, p, params)
  cards.draw_chosen(ctx, p, 1)
end

function effects.convert(ctx, p, params)
  local id = cards.pick_from_hand(ctx, p, {
    prompt = "Convert which commission into materials?",
    verb = "Convert",
    none_key = "skip",
    none_label = "Convert nothing",
  })
  if id == nil then
    return
  end
  local card = ctx:card(id)
  cards.discard(ctx, p, id)
  for _, m in ctx:materials() do
    if card.cost[m] then
      ctx:gain(p, m, 1)
    end
  end
end

function effects.roll(ctx, p, params)
  local face = ctx:roll(params.die or "white")
  ctx:gain(p, face, 1)
end

local texts = {
  gain = function(params)
    local parts = {}
    if params.gain then
      table.insert(parts, bundle.text_static(params.gain))
    end
    if params.skill then
      table.insert(parts, params.skill .. " skill")
    end
    return "Gain " .. table.concat(parts, " and ") .. "."
  end,
  trade = function(params)
    return "Once: pay " .. bundle.text_static(params.pay) .. " to gain " .. bundle.text_static(params.gain) .. "."
  end,
  buy = function(params)
    return "Buy 1 " .. params.material .. " from the supply for " .. params.price .. " kiran."
  end,
  sell = function(params)
    local bonus = params.bonus or 0
    return "Sell 1 material for its value" .. (bonus > 0 and (" + " .. bonus) or "") .. " in kiran."
  end,
  draw = function()
    return "Draw 1 commission from a deck you have unlocked."
  end,
  convert = function()
    return "Discard a commission from your hand to gain 1 of each material it requires."
  end,
  roll = function(params)
    return "Roll a " .. (params.die or "white") .. " pool die and gain the material shown."
  end,
}

return {
  -- The option keys the effects' questions offer (for `weft doc content`).
  option_keys = {
    { "trade", "make the effect's trade" },
    { "buy", "buy the effect's material at its price" },
    { "<material>", "sell one unit of that material (effect `sell`)" },
    { "<card>", "convert that card of your hand into its materials (effect `convert`)" },
    { "<deck>", "draw a card from that deck (effect `draw`)" },
    { "skip", "do nothing" },
  },
  describe = function(params)
    local f = texts[params.effect]
    return f and f(params) or ("unknown workshop effect " .. tostring(params.effect))
  end,
  workshop = function(ctx, params)
    local f = effects[params.effect]
    if not f then
      error("unknown workshop effect `" .. tostring(params.effect) .. "`; see scripts/weft/workshop.lua")
    end
    f(ctx, ctx:player(), params)
  end,
}
