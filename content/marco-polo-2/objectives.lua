-- Objectives (M-SETUP-8, M-SCORE-2, M-SCORE-3; data M-DATA-11): each player keeps one of
-- the three dealt to them, hidden from the others; the other two leave the game face
-- down. The final scoring reads the one kept.
local M = {}

function M.keep(ctx)
  local p = ctx:player()
  local options = {}
  for _, card in ipairs(ctx:cards("objective_offer", p)) do
    options[#options + 1] = { key = "keep:" .. card, label = ctx:card(card).text }
  end
  if #options == 0 then
    return -- (`weft check` calls this at sample positions too, with none dealt)
  end
  local keep = string.sub(ctx:choose{ prompt = "Keep one objective", options = options }.key, 6)
  ctx:move_card("objective_offer", keep, "objective", p)
  while #ctx:cards("objective_offer", p) > 0 do
    ctx:move_card("objective_offer", -1, "objectives_out", p)
  end
end

-- What player p's objective adds at the final scoring: its VP when every guild marker it
-- shows is upgraded (M-SCORE-2), and the crests of its cities where p has a post
-- (M-SCORE-3).
function M.score(ctx, p, has_post)
  local vp, crests = 0, 0
  for _, card in ipairs(ctx:cards("objective", p)) do
    local o = ctx:card(card).params
    local all = true
    for _, g in ipairs(o.guilds) do
      if ctx:count(p, "guild_" .. g) < 2 then
        all = false
      end
    end
    if all then
      vp = vp + o.vp
    end
    for _, city in ipairs(o.cities) do
      if has_post(ctx, p, city) then
        crests = crests + 1
      end
    end
  end
  return vp, crests
end

return M
