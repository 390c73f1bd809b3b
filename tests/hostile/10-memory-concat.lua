-- Case 10: doubling a string until memory runs out.
return { action = function(ctx) local s = "x" for _ = 1, 100 do s = s .. s end end }
