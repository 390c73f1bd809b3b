-- Case 10: one giant string.rep (1 GiB, far over the 64 MiB cap).
return { action = function(ctx) return string.rep("abcdefgh", 2 ^ 27) end }
