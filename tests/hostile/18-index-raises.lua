-- Case 18: an option table whose __index raises.
return {
  action = function(ctx)
    local bad = setmetatable({}, { __index = function() error("index raised") end })
    return ctx:choose({ options = { bad, "b" } })
  end,
}
