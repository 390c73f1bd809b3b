-- Case 15: change the state through ctx, then fail.
return {
  action = function(ctx)
    ctx:gain(ctx:player(), "coins", 50)
    ctx:add_skill(ctx:player(), 3)
    error("x")
  end,
}
