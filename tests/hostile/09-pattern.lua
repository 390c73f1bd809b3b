-- Case 9: a pathological pattern; the budget must stop it.
return {
  action = function(ctx)
    local s = string.rep("a", 300)
    return s:find(".-.-.-.-.-.-.-.-.-.-b")
  end,
}
