-- Case 18: a very deep table handed to ctx:choose as its options list.
return {
  action = function(ctx)
    local t = {}
    for _ = 1, 100000 do
      t = { t }
    end
    return ctx:choose({ options = t })
  end,
}
