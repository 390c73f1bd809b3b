-- Case 11: unbounded recursion through __index.
return {
  action = function(ctx)
    local t = setmetatable({}, {})
    getmetatable(t).__index = function(self, k) return self[k .. "x"] end
    return t.a
  end,
}
