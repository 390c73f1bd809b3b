-- Case 18: an option table whose key is itself (a cycle) is a conversion error.
return {
  action = function(ctx)
    local a = {}
    a.key = a
    return ctx:choose({ options = { a, "b" } })
  end,
}
