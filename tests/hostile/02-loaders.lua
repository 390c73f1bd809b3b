-- Case 2: loaders and environment functions are absent.
return {
  action = function(ctx)
    local found = {}
    for _, name in ipairs({ "dofile", "loadfile", "load", "loadstring", "getfenv", "setfenv", "collectgarbage" }) do
      if _G[name] ~= nil then
        table.insert(found, name)
      end
    end
    error("present: " .. table.concat(found, ","))
  end,
}
