-- Scenario tests of the silk-road pack: `weft test --pack content/examples/silk-road`.

-- A 2-player game in which player 1 is about to move.
local function start(t)
  local g = t:game{ players = 2, seed = 4 }
  t:ok(g:player() ~= nil, "the game asks someone")
  return g, g:player()
end

return {
  ["the moneylender lends 4 kiran once"] = function(t)
    local g, p = start(t)
    g:set(p, "coins", 1)
    g:move_to("moneylender")
    g:answer("act")
    t:eq(g:count(p, "coins"), 5)
    t:eq(g:counter("moneylender", "debt:" .. p), 5)
  end,

  ["the debt is repaid in the workshop phase"] = function(t)
    local g, p = start(t)
    g:move_to("moneylender")
    g:answer("act")
    g:set(p, "coins", 7)
    local before = g:count(p, "prestige")
    g:finish_round()
    t:eq(g:count(p, "coins"), 2, "7 kiran minus the 5 owed")
    t:eq(g:count(p, "prestige"), before)
    t:eq(g:counter("moneylender", "debt:" .. p), 0)
  end,

  ["kiran not repaid cost prestige"] = function(t)
    local g, p = start(t)
    g:move_to("moneylender")
    g:answer("act")
    g:set(p, "coins", 2)
    local before = g:count(p, "prestige")
    g:finish_round()
    t:eq(g:count(p, "coins"), 0)
    t:eq(g:count(p, "prestige"), before - 3, "1 prestige for each of the 3 kiran short")
  end,

  ["the camel camp trades wool for camel hair"] = function(t)
    local g, p = start(t)
    g:set(p, "wool", 4)
    g:set(p, "camel", 0)
    -- The camp is dealt at the edge of the bazaar: bring it next to the plaza.
    g:swap_tiles("camel-camp", g:tile_at("fountain"))
    g:move_to("camel-camp")
    g:answer("act")
    t:eq(g:options()[1], "trade:1")
    g:answer("trade:1")
    -- A script's changes land when its hook ends: stop trading first.
    g:answer("done")
    t:eq({ wool = g:count(p, "wool"), camel = g:count(p, "camel") }, { wool = 2, camel = 1 })
  end,

  ["the new commissions are in their decks"] = function(t)
    local g, p = start(t)
    g:give_card(p, "sr-r1")
    local hand = g:hand(p)
    t:eq(hand[#hand], "sr-r1")
  end,
}
