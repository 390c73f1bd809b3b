-- Case 16: a host function panics under the script's pcall.
return {
  action = function(ctx)
    local ok = pcall(function() ctx:__test_panic() end)
    ctx:gain(ctx:player(), "coins", 1)
  end,
}
