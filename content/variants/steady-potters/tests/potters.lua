-- Scenario tests of the steady-potters variant: `weft test --pack content/variants/steady-potters`.

return {
  ["the steady potters' alley adds the same faces again each workshop phase"] = function(t)
    for seed = 1, 8 do
      local g = t:game{ players = 2, seed = seed }
      local start = g:display("potters-alley")
      t:eq(start, { start[1], start[2], "-", "-" })
      g:finish_round()
      t:eq(g:display("potters-alley"), { start[1], start[2], start[1], start[2] })
    end
  end,
}
