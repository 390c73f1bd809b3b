-- Case 1: no os, no io.
return { action = function(ctx) os.execute("echo pwned"); io.open("/etc/passwd") end }
