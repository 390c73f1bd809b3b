-- Scenario tests: `weft test --pack .` runs each function. Build a position, answer by
-- key, check the result; a failing check names its line.
return {
  ["a worker at the stall buys a card from the market"] = function(t)
    local g = t:game{ players = 2, seed = 1 }
    local p = g:player()
    g:answer("place:stall")
    g:answer("place:stall")
    t:eq(g:player(), p, "the first worker placed resolves first")
    g:answer("buy:1")
    t:eq(#g:cards("tableau", p), 1)
    t:eq(g:count(p, "coins"), 1, "3 coins less the card's cost of 2")
  end,

  ["declining pays a coin"] = function(t)
    local g = t:game{ players = 2, seed = 1 }
    local p = g:player()
    g:answer("place:stall")
    g:answer("place:stall")
    g:answer("decline")
    t:eq(g:count(p, "coins"), 4)
  end,

  ["unsold cards get cheaper each round"] = function(t)
    local g = t:game{ players = 2, seed = 1 }
    g:answer("place:stall")
    g:answer("place:stall")
    g:answer("decline")
    g:answer("decline")
    t:eq(g:round(), 2)
    t:eq({ g:marks("market", 1), g:marks("market", 2), g:marks("market", 3) }, { 1, 1, 1 })
  end,
}
