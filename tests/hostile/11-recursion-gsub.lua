-- Case 11: unbounded recursion through gsub callbacks.
local function g(s) return (s:gsub(".", g)) end
return { action = function(ctx) return g("ab") end }
