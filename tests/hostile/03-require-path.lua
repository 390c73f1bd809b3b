-- Case 3: require resolves only module names of the pack chain and scripts/.
return {
  action = function(ctx)
    local ok1, e1 = pcall(require, "../../secret")
    local ok2, e2 = pcall(require, "/etc/passwd")
    local ok3, e3 = pcall(require, "no.such.module")
    error(tostring(ok1) .. tostring(ok2) .. tostring(ok3) .. " | " .. e1 .. " | " .. e2 .. " | " .. e3)
  end,
}
