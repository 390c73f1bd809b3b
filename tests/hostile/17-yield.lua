-- Case 17: yielding from a hook.
return { action = function(ctx) coroutine.yield() end }
