-- Scenario tests of the Caravan expansion's characters, each against the base rule it
-- overrides, shown with another character in the same position: Tebaldo Visconti da
-- Piacenza (M-CHAR-8: M-CARAVAN-6, M-EXTRA-6, M-SCORE-3), Pietro Tartarino (M-CHAR-9:
-- M-CARAVAN-3, M-CARAVAN-6, M-CARAVAN-7), Vidal Badoer (M-CHAR-10: M-EXTRA-1,
-- M-CONTRACT-1, M-SCORE-6, M-ICON-7, and his purchase of VP) and Donata Badoer (M-CHAR-11:
-- her pieces against M-DICE-3, M-DICE-4, M-DICE-8, M-EXTRA-2, M-CITY-1, M-ROUND-4, and
-- her camels against M-DICE-6). Her pieces are the kernel's stand-ins, named in option
-- keys as `6s<colour>` (colour k from 1 to 4: seat k's; 5: white, M-MAT-3). They are
-- dealt by a setup power, which applies only to a character picked during setup, so her
-- games are set up with her picked (donata_game below), on seeds whose random colours
-- suit; the tests assert the colours they rely on.
-- Run with `weft test --pack content/marco-polo-2-caravan`. Rule ids: the sections
-- "Caravan expansion" and "Scoring" of content/marco-polo-2/RULES.md. Route tiles, map,
-- guild costs, contracts, city cards and the crest table are invented data (M-DATA-1,
-- M-DATA-2, M-DATA-3, M-DATA-5, M-DATA-9, M-DATA-10, M-DATA-12): the tests write RULES.md's
-- values. A caravan's node is found by the `complete_route` option offered when the
-- traveller is put there (g:place). Helpers: marco-polo-2/tests/lib/helpers.lua.

local H = require("tests.lib.helpers")
local new_game, set, stock, delta = H.new_game, H.set, H.stock, H.delta
local dice_all, drive, has, with_prefix = H.dice_all, H.drive, H.has, H.with_prefix

local CH = require("tests.lib.caravan")
local sorted, offered = CH.sorted, CH.offered

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

-- The characters the other players pick in donata_game, the first of these on offer.
local OTHERS = { "filippo", "de_wu", "gantulga", "abha_bas", "mongke", "tebaldo", "vidal", "pietro", "isabella" }

-- A new game of `players` players (default 2) on `seed`, in which the player at position
-- `pos` of the play order (default 1) picks Donata during setup (M-SETUP-7), so her setup
-- power applies (M-CHAR-11 a); the others pick from OTHERS. Played up to the start
-- player's first turn like new_game (objectives: the first; compensation: all coins).
-- Returns the game and the seats in play order, or nil when Donata is not on offer.
local function donata_game(t, seed, players, pos)
  local n = players or 2
  local g = t:game { players = n, seed = seed }
  if not has(g:cards("character_offer"), "donata") then
    return nil
  end
  local order = H.turn_order(g, n)
  for _ = 1, 100 do
    local options = g:options()
    local first = options[1]
    if string.sub(first, 1, 10) == "character:" then
      local key
      if g:player() == order[pos or 1] then
        key = "character:donata"
      else
        for _, id in ipairs(OTHERS) do
          if not key and has(options, "character:" .. id) then
            key = "character:" .. id
          end
        end
      end
      g:answer(key)
    elseif #with_prefix(options, "purse:") > 0 then
      return g, order
    else
      g:answer(first) -- an objective kept, compensation taken, a start-phase question
    end
  end
  error("donata_game: setup asked more than 100 questions")
end

-- The colours of the stand-ins offered to the player asked now (from the `6s<colour>`
-- of the option keys), sorted.
local function stand_ins(g)
  local seen, out = {}, {}
  for _, k in ipairs(g:options()) do
    for colour in string.gmatch(k, "s(%d)") do
      if not seen[colour] then
        seen[colour] = true
        out[#out + 1] = tonumber(colour)
      end
    end
  end
  table.sort(out)
  return out
end

-- The dice of the placements offered on `space`, sorted ({ "6s1", "16s5", … }).
local function on(g, space)
  return sorted(H.placements(g, space))
end

-- Whether some placement offered on `space` holds a stand-in.
local function stand_in_on(g, space)
  for _, dice in ipairs(H.placements(g, space)) do
    if string.find(dice, "s") then
      return true
    end
  end
  return false
end

-- The 7 city action cards (positions of the `city_actions` grid, board.toml), dealt
-- cards whose effect needs no more than the stock the tests set (M-DATA-9).
local CITIES = { "karakorum", "xian", "lhasa", "kashgar", "samarkand", "isfahan", "trebizond" }
local CITY_CARDS = { "CA16", "CA07", "CA09", "CA01", "CA08", "CA03", "CA02" }
local RICH = { coins = 20, camels = 10, pepper = 3, silk = 3, gold = 3, jade = 3 }

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
    }, "both caravans off the map, in Xi'an: the first runs the route")
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
    -- Again, with two goods (both caravans are off the map: the first runs it).
    set(g, o[1], { silk = 1, gold = 1 })
    start(g, o[1], 1, "kashgar", "R10", { "load:silk", "load:gold" }, "lanzhou")
    g:place(o[1], 1, "lanzhou")
    before = stock(g, o[1])
    g:answer("complete_route:complete:1")
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

  -- M-CHAR-11 a, M-SETUP-7: her setup power, whoever picks her and at any player count;
  -- M-DICE-3: each piece shows 6.
  ["Donata picked at setup gets 3 pieces of 3 different colours drawn from the 4 player colours and white, each placed as a 6; the other characters get none (M-CHAR-11, M-SETUP-7, M-MAT-3, M-DICE-3)"] = function(t)
    local sets, seen, games = {}, {}, {}
    for _, n in ipairs({ 2, 3, 4 }) do
      games[n] = 0
      for seed = 1, 30 do
        local pos = seed % n + 1
        local g, o = donata_game(t, seed, n, pos)
        if g then
          games[n] += 1
          local at = n .. " players, seed " .. seed
          t:eq(g:cards("character", o[pos]), { "donata" }, at)
          -- Before her turn: the others, one die each on Khan's favour.
          local k = 1
          while k < pos do
            t:eq(g:player(), o[k], at)
            t:eq(stand_ins(g), {}, at .. ": another character has no pieces")
            dice_all(g, 1)
            g:answer("place:khan:1")
            g:answer("end")
            k += 1
          end
          t:eq(g:player(), o[pos], at)
          local colours = stand_ins(g)
          t:eq(#colours, 3, at .. ": 3 pieces, each of its own colour")
          local key = ""
          for _, c in ipairs(colours) do
            t:ok(c >= 1 and c <= 5, at .. ": colour " .. c .. " is a player colour or white")
            t:ok(has(on(g, "market3"), "6s" .. c), at .. ": piece " .. c .. " placed alone as a 6 on M3 (5 or more)")
            seen[c] = true
            key = key .. c
          end
          sets[key] = true
          for _, opt in ipairs(g:options()) do
            local pieces = select(2, string.gsub(opt, "s%d", ""))
            local sixes = select(2, string.gsub(opt, "6s%d", ""))
            t:eq(sixes, pieces, at .. ": every piece shows 6 in " .. opt)
          end
          dice_all(g, 1)
          g:answer("place:khan:1")
          g:answer("end")
          -- After her turn: the others still have none.
          for j = pos + 1, n do
            t:eq(g:player(), o[j], at)
            t:eq(stand_ins(g), {}, at .. ": another character has no pieces")
            dice_all(g, 1)
            g:answer("place:khan:1")
            g:answer("end")
          end
        end
      end
      t:ok(games[n] >= 2, n .. " players: Donata was on offer in some games")
    end
    t:eq({ seen[1], seen[2], seen[3], seen[4], seen[5] }, { true, true, true, true, true }, "every colour is drawn in some game")
    local distinct = 0
    for _ in pairs(sets) do
      distinct += 1
    end
    t:ok(distinct >= 3, "the colours are drawn at random: several sets of colours")
  end,

  -- M-CHAR-11 a (i), (ii) against M-DICE-4 and M-DICE-8: a piece only on a space holding
  -- no die, alone, with her dice or her other pieces, never with a black die; M-EXTRA-2:
  -- not on the purse; M-DICE-3: a piece counts as a 6.
  ["Donata places a piece only on an action space holding no die (a black die included), never on the purse, alone or with her own dice or pieces but not with a black die, as a 6 (M-CHAR-11, M-DICE-3, M-DICE-4, M-DICE-8, M-EXTRA-2)"] = function(t)
    local g, o = donata_game(t, 1, 2, 2)
    local p = o[2]
    t:eq(g:cards("character", p), { "donata" })
    -- o[1] uses M1.
    dice_all(g, 1)
    g:answer("place:market1:1")
    g:answer("upper:1")
    g:answer("end")
    t:eq(g:player(), p)
    t:eq(stand_ins(g), { 1, 2, 5 }, "the colours of this seed")
    dice_all(g, 1)
    set(g, p, { coins = 10, camels = 10 })
    t:eq(on(g, "market1"), { "1" }, "M1 holds o[1]'s die: her own die only (fee 1)")
    t:eq(on(g, "market2"), { "6s1", "6s2", "6s5" }, "M2 holds no die: any piece alone")
    t:eq(on(g, "market3"), { "6s1", "6s2", "6s5" }, "M3 needs 5 or more: her 1s no, a piece yes")
    t:ok(has(on(g, "khan"), "6s1"), "Khan's favour holds no die")
    t:eq(on(g, "travel2"), { "11", "16s1", "16s2", "16s5", "6s16s2", "6s16s5", "6s26s5" }, "T2: two of her dice, a piece with one, or two pieces")
    t:ok(has(on(g, "travel3"), "6s16s26s5") and has(on(g, "travel3"), "16s16s5") and has(on(g, "travel3"), "116s2"), "T3: three pieces; two pieces and a die; a piece and two dice")
    t:eq(with_prefix(g:options(), "purse:"), { "purse:1" }, "the purse: her die, no piece")
    -- With a black die in her pool: never together with a piece.
    g:answer("black")
    dice_all(g, 1)
    t:ok(has(on(g, "travel2"), "11n") and has(on(g, "travel2"), "16s5"), "T2: a black die with her die; a piece with her die")
    for _, key in ipairs(g:options()) do
      local dice = string.match(key, "^place:[%w_]+:(.*)$")
      t:ok(not (dice and string.find(dice, "n") and string.find(dice, "s")), "a piece with a black die: " .. key)
    end
    t:ok(has(with_prefix(g:options(), "purse:"), "purse:1n"), "the black die may go on the purse")
    -- A piece is a 6: alone on M3 with only 1s in her pool, no fee on the empty space.
    local before = stock(g, p)
    g:answer("place:market3:6s1")
    g:answer("upper:1")
    t:eq(delta(g, p, before), { gold = 2 }, "M3's 2G, no fee")
    g:answer("end")
    -- o[1] puts a black die alone on M4: a space holding only a black die holds a die.
    t:eq(g:player(), o[1])
    set(g, o[1], { camels = 10, coins = 10 })
    g:answer("black")
    dice_all(g, 5)
    g:answer("place:market4:5n")
    g:answer("upper:1")
    g:answer("end")
    t:eq(g:player(), p)
    dice_all(g, 5)
    t:ok(not stand_in_on(g, "market4"), "M4 holds a black die: no piece")
    t:ok(has(on(g, "market4"), "5"), "her own die, with the fee")
    t:eq(stand_ins(g), { 2, 5 }, "the piece placed is gone")
  end,

  -- M-CHAR-11 a: "a piece leaves the game once its action is done"; M-DICE-4, M-DICE-6:
  -- the space a piece used alone holds no die afterwards.
  ["Donata's piece leaves the game once her action is done: it is not offered again, and a space it used alone holds no die for the next player, who may use an exclusive card and pays no fee (M-CHAR-11, M-DICE-4, M-DICE-6, M-CITY-3)"] = function(t)
    local g, o = donata_game(t, 10, 2, 1)
    local p = o[1]
    t:eq(g:cards("character", p), { "donata" })
    t:eq(stand_ins(g), { 1, 3, 5 }, "the colours of this seed")
    g:put_card("CA16", "common_actions", 1) -- ×d gain 1$ (M-DATA-9)
    dice_all(g, 1)
    local before = stock(g, p)
    g:answer("place:common1:6s3")
    t:eq(delta(g, p, before), { coins = 6 }, "the common card at d = 6")
    t:eq(stand_ins(g), {}, "after her main action no piece is placed")
    g:answer("end")
    -- o[1]: the exclusive common card holds no die.
    t:eq(g:player(), o[2])
    dice_all(g, 2)
    t:eq(on(g, "common1"), { "2" }, "the common card is free again")
    before = stock(g, o[2])
    g:answer("place:common1:2")
    t:eq(delta(g, o[2], before), { coins = 2 })
    g:answer("end")
    t:eq(g:player(), p)
    t:eq(stand_ins(g), { 1, 5 }, "piece 3 left the game; the others stay")
    t:eq(on(g, "common1"), {}, "the card holds o[2]'s die")
    -- A piece alone on M1: the next player pays no fee there.
    dice_all(g, 1)
    before = stock(g, p)
    g:answer("place:market1:6s5")
    g:answer("upper:1")
    t:eq(delta(g, p, before), { pepper = 2 }, "no fee on the empty M1")
    g:answer("end")
    t:eq(g:player(), o[2])
    set(g, o[2], { coins = 5 })
    before = stock(g, o[2])
    g:answer("place:market1:2")
    g:answer("upper:1")
    t:eq(delta(g, o[2], before), { pepper = 2 }, "M1 holds no die: no fee of 2")
    g:answer("end")
    t:eq(g:player(), p)
    t:eq(stand_ins(g), { 1 }, "piece 5 left the game too")
    t:ok(not stand_in_on(g, "market1"), "M1 holds o[2]'s die now")
  end,

  -- M-CHAR-11 a (iii), (iv) against M-CITY-1 and M-MOVE-9: a piece of a seat's colour on
  -- the card of a city holding that seat's post; one of a colour no player has (white, or
  -- a seat no one plays) on a card of a city holding no post; any piece where her own
  -- post lets her place a die.
  ["Donata's piece goes on a city card where a post of its colour stands, one of a colour no player has where no post stands, any where she has a post herself (M-CHAR-11, M-CITY-1, M-MOVE-9, M-MAT-3)"] = function(t)
    local g, o = donata_game(t, 28, 2, 1)
    local p = o[1]
    t:eq({ p, o[2] }, { 1, 2 }, "Donata is seat 1 (red), the other player seat 2 (blue)")
    t:eq(g:cards("character", p), { "donata" })
    t:eq(stand_ins(g), { 2, 3, 5 }, "the colours of this seed: seat 2's, a third seat's (no one plays it) and white")
    for k, c in ipairs(CITY_CARDS) do
      g:put_card(c, "city_actions", k)
    end
    g:put_card("TP1", "post_bonuses", 1) -- Karakorum's trading-post bonus: 4VP, no question
    set(g, p, RICH)
    dice_all(g, 1)
    for _, city in ipairs(CITIES) do
      t:eq(on(g, "city_" .. city), { "6s3", "6s5" }, "no post on the map: " .. city .. "'s card takes white and colour 3, not blue")
    end
    -- She places a post in Xi'an; o[2] one in Karakorum.
    g:answer("place:travel1:1")
    g:answer("go:xian")
    g:answer("none")
    g:answer("end")
    t:eq(g:player(), o[2])
    dice_all(g, 4)
    set(g, o[2], { coins = 10, camels = 10 })
    g:answer("place:travel1:4")
    g:answer("go:karakorum")
    g:answer("end")
    t:eq(g:player(), p)
    set(g, p, RICH)
    dice_all(g, 1)
    t:eq(on(g, "city_karakorum"), { "6s2" }, "blue's post in Karakorum: the blue piece; white and colour 3 no longer")
    t:eq(on(g, "city_xian"), { "1", "6s2", "6s3", "6s5" }, "her own post in Xi'an: her die and any piece")
    for k = 3, #CITIES do
      t:eq(on(g, "city_" .. CITIES[k]), { "6s3", "6s5" }, CITIES[k] .. " holds no post")
    end
    local before = stock(g, p)
    g:answer("place:city_karakorum:6s2")
    t:eq(delta(g, p, before), { coins = 6 }, "Karakorum's card (×d gain 1$) at d = 6")
    -- With 3 players colour 3 is a player's: like blue above, not like white.
    g, o = donata_game(t, 10, 3, 2)
    p = o[2]
    t:eq(o, { 1, 2, 3 }, "3 players: Donata is seat 2")
    t:eq(g:cards("character", p), { "donata" })
    for k, c in ipairs(CITY_CARDS) do
      g:put_card(c, "city_actions", k)
    end
    g:put_card("TP1", "post_bonuses", 1)
    dice_all(g, 1)
    g:answer("place:khan:1")
    g:answer("end")
    t:eq(g:player(), p)
    t:eq(stand_ins(g), { 1, 3, 5 }, "the colours of this seed: seat 1's, seat 3's and white")
    set(g, p, RICH)
    dice_all(g, 1)
    for _, city in ipairs(CITIES) do
      t:eq(on(g, "city_" .. city), { "6s5" }, "3 players, no post: " .. city .. "'s card takes white only")
    end
    g:answer("place:khan:1")
    g:answer("end")
    t:eq(g:player(), o[3])
    dice_all(g, 4)
    set(g, o[3], { coins = 10, camels = 10 })
    g:answer("place:travel1:4")
    g:answer("go:karakorum")
    g:answer("end")
    t:eq(g:player(), o[1])
    dice_all(g, 4)
    set(g, o[1], { coins = 10, camels = 10 })
    g:answer("place:travel1:4")
    g:answer("go:xian")
    g:answer("none")
    g:answer("end")
    t:eq(g:player(), p)
    set(g, p, RICH)
    dice_all(g, 1)
    t:eq(on(g, "city_karakorum"), { "6s3" }, "seat 3's post in Karakorum: colour 3")
    t:eq(on(g, "city_xian"), { "6s1" }, "seat 1's post in Xi'an: colour 1")
    t:eq(on(g, "city_lhasa"), { "6s5" }, "no post in Lhasa: white")
  end,

  -- M-CHAR-11 b against M-DICE-6: 2 camels besides the fee, for her own dice only, on an
  -- open space only (M-DICE-4: not Khan's favour, not the purse).
  ["Donata gains 2 camels when her own die goes on an open space already holding dice (a black die too), besides the fee; not on an empty space, not for a black die alone, not on Khan's favour or the purse; another character never (M-CHAR-11, M-DICE-6, M-DICE-4, M-DICE-8)"] = function(t)
    local g, o = donata_game(t, 10, 2, 1)
    local p, q = o[1], o[2]
    t:eq(g:cards("character", p), { "donata" })
    -- Each turn: the player's dice all turned to v, 10 coins and 5 camels, then `keys`
    -- answered; returns what the player's stock changed by.
    local function turn(who, v, keys)
      t:eq(g:player(), who)
      dice_all(g, v)
      set(g, who, { coins = 10, camels = 5 })
      local before = stock(g, who)
      for _, key in ipairs(keys) do
        g:answer(key)
      end
      local d = delta(g, who, before)
      g:answer("end")
      return d
    end
    t:eq(turn(p, 3, { "place:market1:3", "upper:1" }), { pepper = 2 }, "Donata on an empty M1: no fee, no camels")
    t:eq(turn(q, 3, { "purse:3", "coins", "place:market2:3", "upper:1" }), { silk = 2, coins = 3 }, "o[2] on an empty M2, and the purse")
    t:eq(turn(p, 3, { "purse:3", "coins", "place:market2:3", "upper:1" }), { camels = 2, silk = 2 },
      "Donata: the purse holding a die, 3$ and no camels; M2 holding o[2]'s die, M2's 2S, the fee of 3 and 2 camels")
    t:eq(turn(q, 3, { "place:market1:3", "upper:1" }), { coins = -3, pepper = 2 }, "o[2] on M1 holding Donata's die: the fee, no camels")
    -- A black die of hers, alone on M2 (which holds her die too, M-DICE-8): no camels.
    t:eq(g:player(), p)
    set(g, p, { camels = 3 })
    g:answer("black")
    t:eq(turn(p, 3, { "place:market2:3n", "upper:1" }), { coins = -3, silk = 2 }, "Donata's black die alone on M2: the fee, no camels")
    t:eq(turn(q, 3, { "place:khan:3" }), { coins = 4, camels = 2 }, "o[2] on Khan's favour")
    t:eq(turn(p, 3, { "place:khan:3" }), { coins = 4, camels = 2 }, "Donata on Khan's favour holding a die: its 4$ and 2K only")
    -- o[2] puts a black die alone on M3; Donata's own die there: the fee, and 2 camels.
    t:eq(g:player(), q)
    set(g, q, { camels = 3 })
    g:answer("black")
    t:eq(turn(q, 5, { "place:market3:5n", "upper:1" }), { gold = 2 }, "o[2]'s black die on an empty M3")
    t:eq(turn(p, 5, { "place:market3:5", "upper:1" }), { coins = -5, camels = 2, gold = 2 }, "Donata on M3 holding only a black die: fee 5, 2 camels")
  end,

  -- M-CHAR-11 a: "only in a turn she takes, that is, while she still has a die", against
  -- M-ROUND-4 (a pool with no die takes no turn) and M-TURN-3; unused pieces stay.
  ["Donata uses pieces only in a turn she takes: once her dice are gone she is skipped for the rest of the round though pieces remain, and the pieces are hers in the next round (M-CHAR-11, M-ROUND-4, M-TURN-3)"] = function(t)
    local g, o = donata_game(t, 10, 2, 1)
    local p, q = o[1], o[2]
    t:eq(g:cards("character", p), { "donata" })
    t:eq(stand_ins(g), { 1, 3, 5 }, "the colours of this seed")
    -- Her 5 dice on the purse, before any main action: then no piece may be placed.
    for k = 1, 5 do
      t:eq(g:player(), p, "purse " .. k)
      t:eq(stand_ins(g), { 1, 3, 5 }, "pieces offered while she has a die")
      g:answer(with_prefix(g:options(), "purse:")[1])
      g:answer("camels")
    end
    t:eq({ g:round(), g:player() }, { 1, q }, "no die left: her turn is over, no main action with a piece")
    -- o[2] takes turns one after the other: Donata, with only pieces, is skipped.
    dice_all(g, 1)
    g:answer("place:market1:1")
    g:answer("upper:1")
    g:answer("end")
    t:eq({ g:round(), g:player() }, { 1, q }, "after o[2]'s turn, o[2] again")
    dice_all(g, 1)
    g:answer("place:khan:1")
    g:answer("end")
    t:eq({ g:round(), g:player() }, { 1, q }, "and again")
    local asked = false
    drive(g, function(x)
      if x:round() == 1 and x:player() == p then
        asked = true
      end
      return x:round() > 1
    end)
    t:ok(not asked, "Donata is not asked again in round 1")
    t:eq(g:round(), 2, "the round ends with only her pieces left")
    drive(g, function(x)
      return x:player() == p and #with_prefix(x:options(), "place:") > 0
    end)
    t:eq(g:round(), 2)
    t:eq(stand_ins(g), { 1, 3, 5 }, "her 3 pieces in round 2")
    t:ok(has(on(g, "market1"), "6s1"), "and she may place them")
  end,
}
