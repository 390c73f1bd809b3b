-- Case 18: a NaN table key.
return {
  action = function(ctx)
    local t = {}
    t[0 / 0] = 1
    return ctx:choose({ options = t })
  end,
}
