-- Scenario tests of the Caravan expansion's characters, each against the base rule it
-- overrides, shown with another character in the same position: Tebaldo Visconti da
-- Piacenza (M-CHAR-8: M-CARAVAN-6, M-EXTRA-6, M-SCORE-3), Pietro Tartarino (M-CHAR-9:
-- M-CARAVAN-3, M-CARAVAN-6, M-CARAVAN-7) and Vidal Badoer (M-CHAR-10: M-EXTRA-1,
-- M-CONTRACT-1, M-SCORE-6, M-ICON-7, and his purchase of VP). Donata Badoer (M-CHAR-11)
-- is not built yet (issue 32): not tested here.
-- Run with `weft test --pack content/marco-polo-2-caravan`. Rule ids: the sections
-- "Caravan expansion" and "Scoring" of content/marco-polo-2/RULES.md. Route tiles, map,
-- guild costs, contracts, city cards and the crest table are invented data (M-DATA-1,
-- M-DATA-2, M-DATA-3, M-DATA-5, M-DATA-9, M-DATA-10, M-DATA-12): the tests write RULES.md's
-- values. A caravan's node is found by the `complete_route` option offered when the
-- traveller is put there (g:place). Helpers: marco-polo-2/tests/lib/helpers.lua.

local H = require("tests.lib.helpers")
local new_game, set, stock, delta = H.new_game, H.set, H.stock, H.delta
local dice_all, drive, has, with_prefix = H.dice_all, H.drive, H.has, H.with_prefix

local function sorted(list)
  local out = {}
  for _, v in ipairs(list) do
    out[#out + 1] = v
  end
  table.sort(out)
  return out
end

-- The options of the question asked now that start with `prefix`, sorted.
local function offered(g, prefix)
  return sorted(with_prefix(g:options(), prefix))
end

-- Whether player p may complete caravan k's route with the traveller put on `node`.
local function completes_at(g, p, k, node)
  g:place(p, 1, node)
  return has(g:options(), "complete_route:complete:" .. k)
end

-- Player p, whose traveller is put in `city`, starts a route on `tile` with caravan k,
-- answering the load questions with `loads` (a question with a single option is not
-- asked), and sends the caravan to `to`.
local function start(g, p, k, city, tile, loads, to)
  g:place(p, 1, city)
  g:answer("start_route:route:" .. k .. ":" .. tile)
  for _, key in ipairs(loads) do
    g:answer(key)
  end
  g:answer("to:" .. to)
end

-- Drives the game to the first placement of round 5 (purses only: no post, no move).
local function to_round_5(g)
  drive(g, function(x)
    return x:round() == 5 and #with_prefix(x:options(), "place:") > 0
  end)
end

-- Everything the final scoring counts set to 0 for player p (M-SCORE-2..6).
local NOTHING = { coins = 0, camels = 0, pepper = 0, silk = 0, gold = 0, jade = 0, vp = 0, contracts = 0,
  guild_farmers = 0, guild_spice = 0, guild_tailors = 0, guild_jewellers = 0 }

return {
  -- M-CHAR-8 a against M-CARAVAN-6: the pepper book's 1 step becomes 3.
  ["Tebaldo's caravan moves up to 2 steps more after a market action: 3 for the pepper book, where another's moves 1 (M-CHAR-8, M-CARAVAN-6)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "tebaldo", "mongke" } })
    set(g, o[1], { pepper = 1, silk = 0, gold = 0 })
    start(g, o[1], 1, "kashgar", "R01", {}, "xian") -- Dragon–Tower to Xi'an
    dice_all(g, 1)
    set(g, o[1], { coins = 0, camels = 0, jade = 0 })
    local before = stock(g, o[1])
    g:answer("place:market1:1")
    g:answer("upper:1")
    t:eq(sorted(g:options()), { "go:beijing", "go:lanzhou", "stop" }, "step 1, from Xi'an")
    g:answer("go:lanzhou")
    t:eq(sorted(g:options()), { "go:dunhuang", "go:lhasa", "go:xian", "stop" }, "step 2 with the pepper book")
    g:answer("go:dunhuang")
    t:eq(sorted(g:options()), { "go:lanzhou", "go:lop_nur", "go:turfan", "stop" }, "step 3 with the pepper book")
    g:answer("go:turfan")
    t:eq(with_prefix(g:options(), "go:"), {}, "no fourth step")
    t:eq(delta(g, o[1], before), { pepper = 2 }, "M1's 2P, no route costs")
    t:ok(completes_at(g, o[1], 1, "turfan"), "Tebaldo's caravan in Turfan")
    g:answer("end")
    -- The base rule: Mongke's caravan, from Xi'an too, moves 1 step on M1.
    t:eq(g:player(), o[2])
    set(g, o[2], { pepper = 1, silk = 0, gold = 0 })
    start(g, o[2], 1, "khotan", "R02", {}, "xian") -- Dragon–Moon to Xi'an
    dice_all(g, 1)
    set(g, o[2], { coins = 1, camels = 0, jade = 0 })
    before = stock(g, o[2])
    g:answer("place:market1:1")
    g:answer("upper:1")
    t:eq(sorted(g:options()), { "go:beijing", "go:lanzhou", "stop" })
    g:answer("go:lanzhou")
    t:eq(with_prefix(g:options(), "go:"), {}, "one step for another character")
    t:eq(delta(g, o[2], before), { coins = -1, pepper = 2 }, "M1's fee of 1 and its 2P")
  end,

  -- M-CHAR-8 b against M-EXTRA-6, M-DATA-5: the tailors' 5$+2S → 1S+1$ with no coins.
  ["Tebaldo upgrades a guild marker without paying its coins; another character pays them (M-CHAR-8, M-EXTRA-6, M-DATA-5)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "tebaldo", "mongke" } })
    set(g, o[1], { coins = 0, jade = 0, silk = 2, guild_tailors = 1 })
    t:ok(has(g:options(), "upgrade:tailors"), "Tebaldo with no coins")
    local before = stock(g, o[1])
    g:answer("upgrade:tailors")
    t:eq(delta(g, o[1], before), { silk = -1, coins = 1 }, "2S paid, 1S+1$ gained, no coins paid")
    t:eq(g:count(o[1], "guild_tailors"), 2, "upgraded")
    set(g, o[1], { silk = 1, gold = 1, guild_jewellers = 1 })
    t:ok(has(g:options(), "upgrade:jewellers"), "the jewellers (6$+1S+1G) with 1 coin")
    set(g, o[1], { silk = 0 })
    t:ok(not has(g:options(), "upgrade:jewellers"), "the goods are still due")
    dice_all(g, 1)
    g:answer("place:khan:1")
    g:answer("end")
    t:eq(g:player(), o[2])
    set(g, o[2], { coins = 4, jade = 0, silk = 2, guild_tailors = 1 })
    t:ok(not has(g:options(), "upgrade:tailors"), "another character with 4 coins")
    set(g, o[2], { coins = 5 })
    before = stock(g, o[2])
    g:answer("upgrade:tailors")
    t:eq(delta(g, o[2], before), { coins = -4, silk = -1 }, "5$+2S paid, 1S+1$ gained")
  end,

  -- M-CHAR-8 c against M-SCORE-3, M-DATA-3: 2 crests score 2 VP, 3 score 4.
  ["Tebaldo has 1 crest more at the final scoring than another character in the same position (M-CHAR-8, M-SCORE-3, M-DATA-3)"] = function(t)
    -- o[1] places posts in Xi'an (dragon) and Lanzhou (lion) with T3, then nothing more;
    -- everything else the final scoring counts is 0. O07's cities (Samarkand, Baghdad)
    -- hold no post.
    local function final_vp(char)
      local g, o = new_game(t, { seed = 3, chars = { char, "mongke" }, objectives = { "O07", "O08" } })
      g:put_card("CB02", "city_bonuses", 1) -- Lanzhou: ! 3$ (M-DATA-7), no question
      dice_all(g, 2)
      set(g, o[1], { coins = 10, camels = 10 })
      g:answer("place:travel3:222")
      g:answer("go:xian")
      g:answer("go:lanzhou")
      g:answer("post:xian")
      g:answer("none")                    -- no contract from Xi'an
      g:answer("end")
      to_round_5(g)
      set(g, o[1], NOTHING)
      drive(g)
      t:ok(g:over(), char .. ": the game is over")
      return g:count(o[1], "vp")
    end
    t:eq(final_vp("gantulga"), 2, "another character: 2 crests")
    t:eq(final_vp("tebaldo"), 4, "Tebaldo: 2 crests and 1")
  end,

  -- M-CHAR-9 a against M-CARAVAN-3, M-CARAVAN-6, M-CARAVAN-7: two caravans, each moving
  -- its allowance; with both on routes, the choice of the tile that goes back.
  ["Pietro runs two caravans: a second route starts while the first is out, each caravan moves its full allowance, and with both out he chooses which tile goes back (M-CHAR-9, M-CARAVAN-3, M-CARAVAN-6, M-CARAVAN-7)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "pietro", "mongke" } })
    local p = o[1]
    set(g, p, { pepper = 2, silk = 0, gold = 0 })
    g:place(p, 1, "xian")
    t:eq(offered(g, "start_route:"), {
      "start_route:route:1:R01", "start_route:route:1:R02", "start_route:route:1:R03",
      "start_route:route:2:R01", "start_route:route:2:R02", "start_route:route:2:R03",
    }, "both caravans off the map, in Xi'an")
    g:answer("start_route:route:1:R01")
    g:answer("done")                      -- 1 pepper of 2
    g:answer("to:kashgar")
    t:eq(g:cards("route1", p), { "R01" })
    t:eq(offered(g, "start_route:"), { "start_route:route:2:R02", "start_route:route:2:R03" }, "caravan 1 out: caravan 2")
    start(g, p, 2, "xian", "R02", {}, "khotan")
    t:eq({ g:count(p, "load1_pepper"), g:count(p, "load2_pepper"), g:count(p, "pepper") }, { 1, 1, 0 }, "each caravan's load")
    t:eq(g:cards("route2", p), { "R02" })
    set(g, p, { pepper = 1 })
    t:eq(offered(g, "start_route:"), {}, "both caravans out")
    t:ok(completes_at(g, p, 1, "kashgar") and not completes_at(g, p, 2, "kashgar"), "caravan 1 in Kashgar")
    t:ok(completes_at(g, p, 2, "khotan") and not completes_at(g, p, 1, "khotan"), "caravan 2 in Khotan")
    -- M1: each caravan its 1 step.
    dice_all(g, 1)
    set(g, p, { coins = 0, camels = 0, jade = 0 })
    g:answer("place:market1:1")
    g:answer("upper:1")
    t:eq(sorted(g:options()), { "go:khotan", "go:pamir", "go:samarkand", "go:turfan", "stop" }, "caravan 1, from Kashgar")
    g:answer("go:khotan")
    t:eq(sorted(g:options()), { "go:kashgar", "go:lhasa", "go:lop_nur", "stop" }, "caravan 2, from Khotan")
    g:answer("go:lhasa")
    t:eq(with_prefix(g:options(), "go:"), {}, "one step each")
    t:ok(completes_at(g, p, 1, "khotan") and not completes_at(g, p, 2, "khotan"), "caravan 1 in Khotan")
    t:ok(completes_at(g, p, 2, "lhasa") and not completes_at(g, p, 1, "lhasa"), "caravan 2 in Lhasa")
    -- Caravan 1 completes while caravan 2 is out: after the reward, the other's tile goes back.
    g:place(p, 1, "khotan")
    g:answer("complete_route:complete:1")
    t:eq(g:options(), { "sell", "upgrade", "double" }, "the reward first")
    g:answer("double")
    t:eq(sorted(g:options()), { "back:R01", "back:R02" }, "then the tile that goes back")
    g:answer("back:R02")
    t:eq(g:cards("routes_down"), { "R02" }, "caravan 2's tile is face down")
    t:eq(g:cards("route1", p), {}, "caravan 1 keeps no tile")
    t:eq(g:cards("route2", p), { "R01" }, "caravan 2 runs on the tile kept")
    t:eq({ g:count(p, "load1_pepper"), g:count(p, "load2_pepper") }, { 0, 1 }, "caravan 2 keeps its load")
    t:ok(completes_at(g, p, 2, "lhasa"), "caravan 2 is still in Lhasa")
    -- Khotan (moon): a new route for caravan 1, not on the face-down Dragon–Moon.
    g:place(p, 1, "khotan")
    t:eq(offered(g, "start_route:"), { "start_route:route:1:R08", "start_route:route:1:R09" }, "caravan 1 off the map again")
    -- Caravan 2 completes with caravan 1 off the map: no choice, its tile goes back.
    g:place(p, 1, "lhasa")
    g:answer("complete_route:complete:2")
    g:answer("sell")
    t:eq(sorted(g:cards("routes_down")), { "R01", "R02" }, "no choice with one route")
    t:eq(g:cards("route2", p), {})
    -- Both out again; this time the completed route's own tile goes back.
    set(g, p, { pepper = 2 })
    start(g, p, 1, "lhasa", "R07", { "done" }, "lanzhou") -- Lotus–Lion
    start(g, p, 2, "lhasa", "R08", {}, "khotan")          -- Lotus–Moon
    g:place(p, 1, "khotan")
    g:answer("complete_route:complete:2")
    g:answer("sell")
    t:eq(sorted(g:options()), { "back:R07", "back:R08" })
    g:answer("back:R08")
    t:eq(sorted(g:cards("routes_down")), { "R01", "R02", "R08" })
    t:eq(g:cards("route1", p), { "R07" }, "caravan 1 keeps its tile")
    t:eq(g:cards("route2", p), {})
    g:answer("end")
    -- The base rule: one caravan; none starts while it is out.
    t:eq(g:player(), o[2])
    set(g, o[2], { pepper = 2, silk = 0, gold = 0 })
    g:place(o[2], 1, "karakorum")
    t:eq(offered(g, "start_route:"), { "start_route:route:1:R04", "start_route:route:1:R05", "start_route:route:1:R06" }, "another character: caravan 1 only")
    g:answer("start_route:route:1:R04")
    g:answer("done")
    g:answer("to:balkh")
    t:eq(offered(g, "start_route:"), {}, "another character with the caravan out")
  end,

  -- M-CHAR-9 b against M-CARAVAN-7: 3 VP and 1 jade more per route.
  ["Pietro gains 3 VP and 1 jade for each route he completes; another character does not (M-CHAR-9, M-CARAVAN-7)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "pietro", "mongke" } })
    set(g, o[1], { pepper = 1, silk = 0, gold = 0 })
    start(g, o[1], 1, "xian", "R01", {}, "kashgar")
    g:place(o[1], 1, "kashgar")
    local before = stock(g, o[1])
    g:answer("complete_route:complete:1")
    g:answer("sell")
    t:eq(delta(g, o[1], before), { vp = 2 + 3, jade = 1 }, "the pepper's 2 VP and Pietro's 3 VP and 1 jade")
    -- Again with his second caravan, and two goods.
    set(g, o[1], { silk = 1, gold = 1 })
    start(g, o[1], 2, "kashgar", "R10", { "load:silk", "load:gold" }, "lanzhou")
    g:place(o[1], 1, "lanzhou")
    before = stock(g, o[1])
    g:answer("complete_route:complete:2")
    g:answer("sell")
    g:answer("sell")
    t:eq(delta(g, o[1], before), { vp = 4 + 6 + 3, jade = 1 }, "silk and gold sold, and Pietro's bonus once")
    dice_all(g, 1)
    g:answer("place:khan:1")
    g:answer("end")
    t:eq(g:player(), o[2])
    set(g, o[2], { pepper = 1, silk = 0, gold = 0 })
    start(g, o[2], 1, "khotan", "R02", {}, "xian")
    g:place(o[2], 1, "xian")
    before = stock(g, o[2])
    g:answer("complete_route:complete:1")
    g:answer("sell")
    t:eq(delta(g, o[2], before), { vp = 2 }, "another character: the pepper's 2 VP only")
  end,

  -- M-CHAR-10 a against M-EXTRA-1: only the coins paid, no VP, the rest of the reward.
  ["Vidal may fulfil a contract paying only its coins, and then gains none of its VP but the rest of its reward; another character pays it all (M-CHAR-10, M-EXTRA-1, M-DATA-10)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "vidal", "mongke" } })
    local p = o[1]
    for _, q in ipairs(o) do
      for _, c in ipairs(g:cards("contracts", q)) do
        g:put_card(c, "box")
      end
    end
    g:put_card("S4", "contracts", nil, p)  -- 1P+2$ → 3VP+1K
    g:put_card("C17", "contracts", nil, p) -- 1J+2S → 7VP+2$
    set(g, p, { coins = 1, camels = 0, pepper = 0, silk = 0, gold = 0, jade = 0 })
    t:eq(offered(g, "fulfil:"), { "fulfil:skip:C17" }, "1 coin: S4's 2$ are still due")
    set(g, p, { coins = 2 })
    t:eq(offered(g, "fulfil:"), { "fulfil:skip:C17", "fulfil:skip:S4" }, "2 coins, no goods")
    local before = stock(g, p)
    local contracts = g:count(p, "contracts")
    g:answer("fulfil:skip:S4")
    t:eq(delta(g, p, before), { coins = -2, camels = 1 }, "S4: its 2$ paid, its 1K gained, not its 3VP")
    t:eq(g:count(p, "contracts"), contracts + 1, "a fulfilled contract")
    t:eq(g:cards("fulfilled", p), { "S4" })
    before = stock(g, p)
    g:answer("fulfil:skip:C17")
    t:eq(delta(g, p, before), { coins = 2 }, "C17: no jade or silk paid, its 2$ gained, not its 7VP")
    t:eq(g:count(p, "contracts"), contracts + 2)
    -- He may still pay in full, for the VP.
    g:put_card("S1", "contracts", nil, p)  -- 1P+1K → 3VP+2$
    set(g, p, { pepper = 1, camels = 1 })
    t:eq(offered(g, "fulfil:"), { "fulfil:S1", "fulfil:skip:S1" })
    before = stock(g, p)
    g:answer("fulfil:S1")
    t:eq(delta(g, p, before), { pepper = -1, camels = -1, vp = 3, coins = 2 }, "S1 in full")
    dice_all(g, 1)
    g:answer("place:khan:1")
    g:answer("end")
    -- The base rule (M-EXTRA-1): the whole requirement.
    t:eq(g:player(), o[2])
    g:put_card("S6", "contracts", nil, o[2]) -- 1P+2K → 3VP+1J
    set(g, o[2], { coins = 5, camels = 2, pepper = 0, jade = 0 })
    t:eq(offered(g, "fulfil:"), {}, "another character without the pepper")
    set(g, o[2], { pepper = 1 })
    t:eq(offered(g, "fulfil:"), { "fulfil:S6" })
    before = stock(g, o[2])
    g:answer("fulfil:S6")
    t:eq(delta(g, o[2], before), { pepper = -1, camels = -2, vp = 3, jade = 1 })
  end,

  -- M-CHAR-10 b against M-CONTRACT-1: 1 contract, still the 3 coins.
  ["Vidal's contract action takes 1 contract and its 3 coins; another character may take a second (M-CHAR-10, M-CONTRACT-1)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "vidal", "mongke" } })
    -- Both travel to Xi'an (a contract city) with T1 and take no contract there.
    for k = 1, 2 do
      t:eq(g:player(), o[k])
      dice_all(g, 1)
      set(g, o[k], { coins = 10 })
      g:answer("place:travel1:1")
      g:answer("go:xian")
      g:answer("none")
      g:answer("end")
    end
    t:eq(g:player(), o[1])
    local held = #g:cards("contracts", o[1])
    local shown = g:cards("contracts_xian")
    dice_all(g, 1)
    set(g, o[1], { coins = 0, jade = 0 })
    local before = stock(g, o[1])
    g:answer("place:contracts:1")
    t:eq(sorted(g:options()), sorted({ "take:" .. shown[1], "take:" .. shown[2] }), "Xi'an's two contracts")
    g:answer("take:" .. shown[1])
    t:eq(with_prefix(g:options(), "take:"), {}, "no second contract for Vidal")
    t:ok(not has(g:options(), "done"), "no second question for Vidal")
    t:ok(has(g:options(), "end"), "Vidal's main action is over")
    t:eq(delta(g, o[1], before), { coins = 3 }, "Vidal's 3 coins")
    t:eq(#g:cards("contracts", o[1]), held + 1, "Vidal's one contract")
    g:answer("end")
    -- The base rule: a second contract may be taken (here declined, as the slots are full).
    t:eq(g:player(), o[2])
    dice_all(g, 1)
    set(g, o[2], { coins = 1, jade = 0 })
    before = stock(g, o[2])
    g:answer("place:contracts:1")
    shown = g:cards("contracts_xian")
    t:eq(sorted(g:options()), sorted({ "take:" .. shown[1], "take:" .. shown[2] }), "Xi'an's two contracts")
    g:answer("take:" .. shown[1])
    -- The second question: the contract left and the one refilled (M-CONTRACT-3), or none.
    local second = with_prefix(g:options(), "take:")
    t:eq(#second, 2, "another character: a second contract")
    t:ok(has(second, "take:" .. shown[2]) and not has(second, "take:" .. shown[1]))
    t:ok(has(g:options(), "done"))
    g:answer("done")
    t:eq(delta(g, o[2], before), { coins = -1 + 3 }, "the fee of 1 and the 3 coins")
  end,

  -- M-CHAR-10 c against M-SCORE-6: 4 contracts for the majority; M-ICON-7: the real count.
  ["Vidal counts as 4 fulfilled contracts for the majority at the end (8 VP to the most, 4 to the second), but his real count in play (M-CHAR-10, M-SCORE-6, M-ICON-7, M-SCORE-8, M-DATA-9)"] = function(t)
    -- o[1] has fulfilled 1 contract, o[2] n. The scores are read from the winners: with
    -- the VP set below, nothing else to score and equal camels, a shared win (M-SCORE-8)
    -- shows that the two scores are equal.
    local function winners(char, n, vp1, vp2)
      local g, o = new_game(t, { seed = 3, chars = { char, "mongke" } })
      to_round_5(g)
      set(g, o[1], NOTHING)
      set(g, o[2], NOTHING)
      set(g, o[1], { contracts = 1, vp = vp1 })
      set(g, o[2], { contracts = n, vp = vp2 })
      drive(g) -- 5 purses each for 2 camels: 10 camels each
      t:ok(g:over())
      t:eq({ g:count(o[1], "camels"), g:count(o[2], "camels") }, { 10, 10 }, "the camels that break ties")
      local w = {}
      for _, seat in ipairs(g:winners()) do
        w[#w + 1] = seat == o[1] and "o1" or "o2"
      end
      return sorted(w)
    end
    -- Another character: 1 against 3 is second (4) against first (8).
    t:eq(winners("gantulga", 3, 4, 0), { "o1", "o2" }, "another character, 1 against 3: 4 + 4 = 0 + 8")
    t:eq(winners("gantulga", 3, 3, 0), { "o2" }, "another character, 1 against 3: 3 + 4 < 0 + 8")
    -- Vidal: 4 against 3 is first (8) against second (4); 4 against 4 ties for first;
    -- 4 against 5 is second.
    t:eq(winners("vidal", 3, 0, 4), { "o1", "o2" }, "Vidal, 1 against 3: 0 + 8 = 4 + 4")
    t:eq(winners("vidal", 3, 0, 3), { "o1" }, "Vidal, 1 against 3: 0 + 8 > 3 + 4")
    t:eq(winners("vidal", 4, 0, 0), { "o1", "o2" }, "Vidal, 1 against 4: 0 + 8 = 0 + 8")
    t:eq(winners("vidal", 5, 4, 0), { "o1", "o2" }, "Vidal, 1 against 5: 4 + 4 = 0 + 8")
    -- M-ICON-7: in play, CA12 (min(d, contracts✓) VP) counts his 1 real contract.
    local g, o = new_game(t, { seed = 3, chars = { "vidal", "mongke" } })
    g:put_card("CA12", "common_actions", 1)
    set(g, o[1], { contracts = 1 })
    dice_all(g, 6)
    local before = stock(g, o[1])
    g:answer("place:common1:6")
    t:eq(delta(g, o[1], before), { vp = 1 }, "CA12 at d = 6 with 1 contract fulfilled")
  end,

  -- M-CHAR-10 d: 1G+1S+1P → 5 VP, an extra action once a turn; no one else has it.
  ["Vidal may pay 1 gold, 1 silk and 1 pepper for 5 VP once a turn; another character may not (M-CHAR-10)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "vidal", "mongke" } })
    set(g, o[1], { gold = 1, silk = 1, pepper = 0, jade = 3 })
    t:eq(with_prefix(g:options(), "buy_vp:"), {}, "no pepper")
    set(g, o[1], { pepper = 1 })
    t:eq(with_prefix(g:options(), "buy_vp:"), { "buy_vp:buy" })
    local before = stock(g, o[1])
    g:answer("buy_vp:buy")
    t:eq(delta(g, o[1], before), { gold = -1, silk = -1, pepper = -1, vp = 5 })
    set(g, o[1], { gold = 2, silk = 2, pepper = 2 })
    t:eq(with_prefix(g:options(), "buy_vp:"), {}, "a second purchase in the turn, before the main action")
    dice_all(g, 1)
    g:answer("place:khan:1")
    t:eq(with_prefix(g:options(), "buy_vp:"), {}, "a second purchase in the turn, after the main action")
    g:answer("end")
    t:eq(g:player(), o[2])
    set(g, o[2], { gold = 2, silk = 2, pepper = 2 })
    t:eq(with_prefix(g:options(), "buy_vp:"), {}, "another character")
    dice_all(g, 1)
    g:answer("place:khan:1")
    g:answer("end")
    t:eq(g:player(), o[1])
    t:eq(with_prefix(g:options(), "buy_vp:"), { "buy_vp:buy" }, "Vidal's next turn")
    before = stock(g, o[1])
    g:answer("buy_vp:buy")
    t:eq(delta(g, o[1], before), { gold = -1, silk = -1, pepper = -1, vp = 5 })
  end,
}
