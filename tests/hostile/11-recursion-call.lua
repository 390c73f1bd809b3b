-- Case 11: unbounded recursion through calls.
local function f(n) return f(n + 1) + 1 end
return { action = function(ctx) return f(1) end }
