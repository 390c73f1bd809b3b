-- Case 15: change the state through ctx, then fail.
return {
  action = function(ctx)
    ctx:gain(ctx:player(), "coins", 50)
    ctx:add(ctx:player(), "skill", 3)
    error("x")
  end,
}
