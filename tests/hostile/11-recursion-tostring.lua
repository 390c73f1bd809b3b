-- Case 11: unbounded recursion through __tostring.
return {
  action = function(ctx)
    local t = {}
    setmetatable(t, { __tostring = function(self) return tostring(self) end })
    return tostring(t)
  end,
}
