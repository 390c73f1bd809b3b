-- Case 4: no string.dump, no load: bytecode cannot be made or loaded from a script.
return { action = function(ctx) return load(string.dump(function() end)) end }
