-- Case 14: scripts that iterate with pairs, print tostring({}), and look for os.time or
-- os.clock must still play the same game in every process.
return {
  action = function(ctx)
    local t = {}
    for i = 1, 40 do
      t["key" .. i] = i
    end
    local order = {}
    for k, _ in pairs(t) do
      table.insert(order, k)
    end
    print(tostring({}), tostring(print))
    ctx:log(tostring({}) .. " " .. tostring(ctx))
    local clock = (os and os.time and os.time()) or 0
    ctx:set_counter(order[1], clock)
    ctx:set_counter(tostring({}), 1)
    local pick = ctx:choose({ prompt = "Which?", options = { order[1], order[2], order[3] } })
    ctx:gain(ctx:player(), "coins", #pick)
  end,
}
