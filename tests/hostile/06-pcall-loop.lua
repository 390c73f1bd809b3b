-- Case 6: a script must not be able to catch the budget error.
return { action = function(ctx) while true do pcall(function() while true do end end) end end }
