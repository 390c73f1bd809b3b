-- Case 8: an endless error handler.
return {
  action = function(ctx)
    xpcall(function() while true do end end, function() while true do end end)
  end,
}
