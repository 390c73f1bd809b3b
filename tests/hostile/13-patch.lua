-- Case 13: patching shared libraries or _G is refused.
return {
  action = function(ctx)
    local refused = 0
    for _, f in ipairs({
      function() string.rep = nil end,
      function() getmetatable("").__index = {} end,
      function() math.floor = nil end,
      function() table.insert = nil end,
      function() _G.ipairs = nil end,
      function() evil_global = 1 end,
    }) do
      if not pcall(f) then
        refused += 1
      end
    end
    error("refused " .. refused)
  end,
}
