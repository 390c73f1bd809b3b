-- Scenario tests of Marco Polo II: movement (M-MOVE-1..9), route costs paid with coins,
-- camels or jade (M-MOVE-3, M-JADE-1), gated routes (M-MOVE-4, M-GUILD-3), trading posts
-- and their bonuses (M-MOVE-6..8, M-ROUND-3) and Gantulga Od's power (M-CHAR-7).
-- Run with `weft test --pack content/marco-polo-2`. Rule ids: content/marco-polo-2/RULES.md.
-- Route costs and bonus cards are invented data (M-DATA-2, M-DATA-7, M-DATA-8): the tests
-- write RULES.md's values. Helpers: tests/lib/helpers.lua.

local H = require("tests.lib.helpers")
local new_game, set, stock, delta = H.new_game, H.set, H.stock, H.delta
local dice_all, placements, drive, has, with_prefix = H.dice_all, H.placements, H.drive, H.has, H.with_prefix

-- Positions of the bonus and action card grids (bonuses.lua's city lists, the order of
-- the `city_actions` grid in board.toml).
local TP_KARAKORUM, TP_LHASA = 1, 2
local CB_LANZHOU = 1
local CA_KARAKORUM, CA_XIAN = 1, 2

-- A main action for the player asked now that moves no traveller: every die turned to 1
-- and one placed on Khan's favour if it is open to a 1, else on M1.
local function pass_turn(g)
  dice_all(g, 1)
  local key = #placements(g, "khan") > 0 and "place:khan:1" or "place:market1:1"
  g:answer(key)
  if has(g:options(), "upper:1") then
    g:answer("upper:1")
  end
  g:answer("end")
end

return {
  -- M-MOVE-1, M-MOVE-3, M-JADE-1: T1's cost and a route's; M-MOVE-6, M-MOVE-8 c: the post
  -- and its trading-post bonus card; M-MOVE-9: the city card from the next turn on.
  ["T1 costs 2 coins and moves 1 step, paying the route (jade for a missing camel); the post takes the city's bonus card and opens its city card next turn (M-MOVE-1, M-MOVE-3, M-MOVE-6, M-MOVE-8, M-MOVE-9, M-JADE-1)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "de_wu", "mongke" } })
    local p = o[1]
    g:put_card("TP1", "post_bonuses", TP_KARAKORUM)  -- 4VP (M-DATA-8)
    g:put_card("CA16", "city_actions", CA_KARAKORUM) -- ×d gain 1$ (M-DATA-9)
    dice_all(g, 4)
    set(g, p, { coins = 1, camels = 0, jade = 0, vp = 0 })
    t:eq(placements(g, "travel1"), {}, "T1 with 1 coin")
    set(g, p, { jade = 1 })
    t:eq(placements(g, "travel1"), { "4" }, "T1 with 1 coin and 1 jade (M-JADE-1)")
    set(g, p, { coins = 2 })
    local before = stock(g, p)
    g:answer("place:travel1:4")
    -- T1 takes the 2 coins (coins first, M-JADE-2); with 1 jade left, Gobi's 2$ is out of
    -- reach and Karakorum's 1K is paid in jade.
    t:eq(g:options(), { "go:xian", "go:karakorum" })
    g:answer("go:karakorum")
    t:eq(delta(g, p, before), { coins = -2, jade = -1, vp = 4 }, "T1's 2$, the route's 1K as 1J, TP1's 4VP")
    t:eq(g:cards("post_bonuses")[TP_KARAKORUM], false, "Karakorum's trading-post bonus card is taken")
    t:ok(not has(g:options(), "place:city_karakorum:4"), "one main action a turn")
    g:answer("end")
    t:eq(g:player(), o[2])
    t:eq(placements(g, "city_karakorum"), {}, "o[2] has no post in Karakorum")
    pass_turn(g)
    t:eq(g:player(), p)
    t:eq(placements(g, "city_karakorum"), { "4" }, "p's post in Karakorum, placed last turn")
  end,

  -- M-MOVE-3: routes the player cannot pay are not offered; M-MOVE-5: no post on an oasis.
  ["a route the player cannot pay is not offered; an oasis takes no post (M-MOVE-3, M-MOVE-5)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "de_wu", "mongke" } })
    local p = o[1]
    dice_all(g, 4)
    set(g, p, { coins = 4, camels = 0, jade = 0 })
    local before = stock(g, p)
    g:answer("place:travel1:4")
    -- 2 coins left: Gobi (2$) and Xi'an (free), not Karakorum (1K).
    t:eq(g:options(), { "go:xian", "go:gobi" })
    g:answer("go:gobi")
    t:eq(delta(g, p, before), { coins = -4 }, "T1's 2$ and the route's 2$")
    t:ok(has(g:options(), "end"), "no post question on an oasis: the turn goes on")
  end,

  -- M-MOVE-4, M-GUILD-3: a gated route needs the marker (upgraded or not); M-MOVE-3: its jade.
  ["a gated route needs its guild's marker, and its jade (M-MOVE-4, M-GUILD-3, M-MOVE-3)"] = function(t)
    local g, o = new_game(t, { players = 3, seed = 3, chars = { "de_wu", "mongke", "abha_bas" } })
    g:put_card("TP1", "post_bonuses", TP_LHASA) -- 4VP
    -- Xi'an: to Beijing (free), to Lanzhou (1$), to Lhasa (1J, tailors).
    local function from_xian(p, what)
      g:place(p, 1, "xian")
      dice_all(g, 1)
      set(g, p, what)
      g:answer("place:travel1:1")
    end
    from_xian(o[1], { coins = 3, jade = 1, guild_tailors = 0 })
    t:eq(g:options(), { "go:beijing", "go:lanzhou" }, "no tailors marker, 1 jade")
    g:answer("go:beijing")
    g:answer("end")
    from_xian(o[2], { coins = 4, jade = 0, guild_tailors = 1 })
    t:eq(g:options(), { "go:beijing", "go:lanzhou" }, "the tailors marker, no jade")
    g:answer("go:beijing")
    g:answer("end")
    from_xian(o[3], { coins = 4, jade = 1, guild_tailors = 2, vp = 0 })
    t:eq(g:options(), { "go:beijing", "go:lanzhou", "go:lhasa" }, "the upgraded tailors marker and 1 jade")
    local before = stock(g, o[3])
    g:answer("go:lhasa")
    t:eq(delta(g, o[3], before), { jade = -1, vp = 4 }, "the route's 1J, Lhasa's TP1")
    t:eq(g:count(o[3], "guild_tailors"), 2, "a gate is not paid with the marker")
  end,

  -- M-MOVE-1: T2's and T3's step limits, at least 1 step; M-MOVE-7: T3's post on the way.
  ["T2 moves 1 to min(d, 3) steps, T3 1 to d; every move makes at least 1 step (M-MOVE-1, M-MOVE-2, M-MOVE-7)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "de_wu", "abha_bas" } })
    dice_all(g, 6)
    set(g, o[1], { coins = 10, camels = 10 })
    local before = stock(g, o[1])
    g:answer("place:travel2:66")
    t:ok(not has(g:options(), "stop"), "no stop before the first step")
    g:answer("go:karakorum")
    t:ok(has(g:options(), "stop"), "stop after a step")
    g:answer("go:gobi")
    g:answer("go:turfan")
    t:eq(with_prefix(g:options(), "go:"), {}, "a fourth step with d = 6 on T2")
    t:ok(has(g:options(), "end"), "T2 places no post on the way")
    t:eq(delta(g, o[1], before), { camels = -2 }, "Beijing-Karakorum 1K, Karakorum-Gobi free, Gobi-Turfan 1K")
    g:answer("end")
    -- T3 with d = 2: two steps, then a post may go in the city passed through.
    dice_all(g, 2)
    set(g, o[2], { coins = 10, camels = 10 })
    g:answer("place:travel3:222")
    g:answer("go:karakorum")
    g:answer("go:gobi")
    t:eq(g:options(), { "post:karakorum", "none" }, "a third step with d = 2, then M-MOVE-7's question")
  end,

  -- M-MOVE-7: T3's post in a city passed through; M-MOVE-8 b, M-ROUND-3: a city bonus card
  -- at once and in the next start phase.
  ["T3 may also place a post in a city passed through; a city bonus is gained at once and in each start phase (M-MOVE-7, M-MOVE-8, M-ROUND-3)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "de_wu", "mongke" } })
    local p = o[1]
    g:put_card("CB02", "city_bonuses", CB_LANZHOU) -- ! 3$ (M-DATA-7)
    g:put_card("CA16", "city_actions", CA_XIAN)    -- ×d gain 1$
    dice_all(g, 2)
    set(g, p, { coins = 10, camels = 10 })
    local before = stock(g, p)
    g:answer("place:travel3:222")
    g:answer("go:xian")
    g:answer("go:lanzhou")
    t:eq(g:options(), { "post:xian", "none" })
    g:answer("post:xian")
    t:eq(#with_prefix(g:options(), "take:"), 2, "Xi'an's post: one of its 2 contracts (M-MOVE-8 d)")
    g:answer("none")
    t:eq(delta(g, p, before), { coins = 2 }, "Xi'an-Lanzhou 1$, then Lanzhou's 3$")
    g:answer("end")
    pass_turn(g)
    t:eq(g:player(), p)
    t:eq(placements(g, "city_xian"), { "2" }, "the post on the way is on the map")
    -- Round 2's start phase: Lanzhou's bonus again.
    local coins = g:count(p, "coins")
    drive(g, function(x)
      return x:round() == 2
    end)
    t:eq(g:count(p, "coins") - coins, 3, "Lanzhou's ! 3$ in round 2's start phase")
  end,

  -- M-CHAR-7 a: only T3 (against M-MOVE-1 for others); M-CHAR-7 b: no coins or camels for
  -- routes (against M-MOVE-3 for others), but jade still (M-MOVE-4's route).
  ["Gantulga Od may use only T3 and pays no coins or camels for routes, but does pay jade (M-CHAR-7, M-MOVE-1, M-MOVE-3, M-MOVE-4)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "gantulga", "de_wu" } })
    dice_all(g, 3)
    set(g, o[1], { coins = 10, camels = 0, jade = 0 })
    t:eq(placements(g, "travel1"), {}, "T1 for Gantulga")
    t:eq(placements(g, "travel2"), {}, "T2 for Gantulga")
    t:eq(placements(g, "travel3"), { "333" })
    local before = stock(g, o[1])
    g:answer("place:travel3:333")
    t:eq(g:options(), { "go:xian", "go:karakorum", "go:gobi" }, "routes of 1K and 2$ with no camels")
    g:answer("go:karakorum")
    g:answer("go:gobi")
    g:answer("go:turfan")
    g:answer("none")
    t:eq(delta(g, o[1], before), {}, "Gantulga's three steps")
    g:answer("end")
    -- The base rule: De Wu, on the same path, pays T3's fee (d = 3) and 2 camels.
    dice_all(g, 3)
    set(g, o[2], { coins = 10, camels = 5, jade = 0 })
    t:eq(placements(g, "travel1"), { "3" }, "T1 for another character")
    before = stock(g, o[2])
    g:answer("place:travel3:333")
    g:answer("go:karakorum")
    g:answer("go:gobi")
    g:answer("go:turfan")
    g:answer("none")
    t:eq(delta(g, o[2], before), { coins = -3, camels = -2 })
    -- Gantulga in Xi'an with the tailors marker, on T3 with d = 1: Lanzhou (1$) is free
    -- to him, Lhasa (1J) is not.
    local function from_xian(jade)
      local gx, ox = new_game(t, { seed = 3, chars = { "gantulga", "de_wu" } })
      gx:put_card("TP1", "post_bonuses", TP_LHASA) -- 4VP
      gx:place(ox[1], 1, "xian")
      dice_all(gx, 1)
      set(gx, ox[1], { coins = 0, camels = 0, jade = jade, vp = 0, guild_tailors = 1 })
      gx:answer("place:travel3:111")
      return gx, ox[1]
    end
    g = from_xian(0)
    t:eq(g:options(), { "go:beijing", "go:lanzhou" }, "no jade")
    local p
    g, p = from_xian(1)
    t:eq(g:options(), { "go:beijing", "go:lanzhou", "go:lhasa" }, "1 jade")
    before = stock(g, p)
    g:answer("go:lhasa")
    t:eq(delta(g, p, before), { jade = -1, vp = 4 }, "the route's 1J, Lhasa's TP1")
  end,
}
