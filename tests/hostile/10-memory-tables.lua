-- Case 10: tables forever.
return { action = function(ctx) local t = {} local i = 0 while true do i += 1 t[i] = {} end end }
