-- Case 7: a loop inside a coroutine (there is no coroutine library).
return {
  action = function(ctx)
    coroutine.wrap(function() while true do end end)()
  end,
}
