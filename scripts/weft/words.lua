-- weft.words: small helpers for texts people read (labels, log lines, descriptions), so
-- a pack writes "1 coin", "3 coins" and "an upholsterer" without special cases.
local M = {}

-- `n` and the noun, plural unless n is 1: count(1, "coin") is "1 coin", count(3, "coin")
-- "3 coins"; `plural` gives an irregular plural (count(2, "chest", "chests")).
function M.count(n, noun, plural)
  if n == 1 then
    return "1 " .. noun
  end
  return tostring(n) .. " " .. (plural or (noun .. "s"))
end

-- The word with "a" or "an" before it, by its first letter: a("chair") is "a chair",
-- a("upholsterer") "an upholsterer".
function M.a(word)
  local first = string.lower(string.sub(word, 1, 1))
  if string.find("aeiou", first, 1, true) then
    return "an " .. word
  end
  return "a " .. word
end

return M
