-- Case 5: an endless loop.
return { action = function(ctx) while true do end end }
