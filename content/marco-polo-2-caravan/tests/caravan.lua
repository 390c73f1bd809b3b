-- Scenario tests of the Caravan expansion (pack marco-polo-2-caravan): the route tiles
-- at the start (M-CARAVAN-1, M-CARAVAN-8, M-DATA-12), starting a route (M-CARAVAN-3,
-- M-CARAVAN-5), loaded goods locked (M-CARAVAN-4), the caravan move after a market action
-- (M-CARAVAN-6, M-MARKET-4), completing a route (M-CARAVAN-7, M-CARAVAN-8) and the goods
-- still loaded at the end (M-CARAVAN-9, M-SCORE-7).
-- Run with `weft test --pack content/marco-polo-2-caravan`. Rule ids: the section "Caravan
-- expansion" of content/marco-polo-2/RULES.md. The route tiles, the map's crests and
-- routes are invented data (M-DATA-1, M-DATA-2, M-DATA-12): the tests write RULES.md's
-- values rather than read the pack's. The scenario API cannot read where a caravan
-- stands: the tests find it by the `complete_route` option offered when the traveller is
-- put on a node (g:place), and by the caravan's next moves. Helpers:
-- marco-polo-2/tests/lib/helpers.lua.

local H = require("tests.lib.helpers")
local new_game, set, stock, delta = H.new_game, H.set, H.stock, H.delta
local dice_all, drive, has, with_prefix = H.dice_all, H.drive, H.has, H.with_prefix

-- M-DATA-12 (invented): the 10 route tiles, in RULES.md's order, with the pack's ids.
local TILES = {
  R01 = { "dragon", "tower" },
  R02 = { "dragon", "moon" },
  R03 = { "dragon", "eagle" },
  R04 = { "horse", "eagle" },
  R05 = { "horse", "lotus" },
  R06 = { "horse", "star" },
  R07 = { "lotus", "lion" },
  R08 = { "lotus", "moon" },
  R09 = { "star", "moon" },
  R10 = { "tower", "lion" },
}

local COMPLETE = "complete_route:complete:1"

local CH = require("tests.lib.caravan")
local sorted, offered = CH.sorted, CH.offered

-- The start_route options for caravan 1 on the tiles `ids`, sorted.
local function route_keys(ids)
  local out = {}
  for _, id in ipairs(ids) do
    out[#out + 1] = "start_route:route:1:" .. id
  end
  return sorted(out)
end

-- The cards of a grid zone, without its empty positions, sorted.
local function present(list)
  local out = {}
  for _, v in ipairs(list) do
    if v then
      out[#out + 1] = v
    end
  end
  return sorted(out)
end

-- Player p, whose traveller is put in `city`, starts a route on `tile` with caravan 1,
-- answering the load questions with `loads` ({ "load:silk", "load:gold" }), and sends
-- the caravan to `to`. A question with a single option is not asked (the engine answers
-- it): a player holding 1 good of a single kind is asked nothing about the load.
local function start(g, p, city, tile, loads, to)
  g:place(p, 1, city)
  g:answer("start_route:route:1:" .. tile)
  for _, key in ipairs(loads) do
    g:answer(key)
  end
  g:answer("to:" .. to)
end

-- Whether player p may complete caravan 1's route with the traveller put on `node`.
local function completes_at(g, p, node)
  g:place(p, 1, node)
  return has(g:options(), COMPLETE)
end

return {
  -- M-CARAVAN-1: the tiles face up at the start (turned up by round 1's start phase,
  -- M-CARAVAN-8); M-DATA-12: their crest pairs.
  ["at the first turn the 10 route tiles lie face up with RULES.md's crest pairs; none is face down or kept (M-CARAVAN-1, M-CARAVAN-8, M-DATA-12)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "de_wu", "mongke" } })
    local tiles = g:cards("routes")
    t:eq(#tiles, 10, "positions of the face-up tiles")
    t:eq(present(tiles), { "R01", "R02", "R03", "R04", "R05", "R06", "R07", "R08", "R09", "R10" }, "the tiles face up")
    for _, id in ipairs(present(tiles)) do
      t:eq(sorted(g:card(id).params.crests), sorted(TILES[id]), id .. "'s crests")
    end
    t:eq(g:cards("routes_down"), {}, "no tile face down")
    for _, p in ipairs(o) do
      t:eq(g:cards("route1", p), {}, "player " .. p .. " keeps no tile")
      t:eq(g:cards("route2", p), {}, "player " .. p .. " keeps no second tile")
      for _, good in ipairs({ "pepper", "silk", "gold" }) do
        t:eq(g:count(p, "load1_" .. good), 0, "player " .. p .. "'s caravan carries no " .. good)
      end
    end
    -- The caravan is off the map: nothing to complete wherever the traveller stands.
    for _, node in ipairs({ "beijing", "xian", "gobi", "kashgar" }) do
      t:ok(not completes_at(g, o[1], node), "a route to complete with the traveller in " .. node)
    end
  end,

  -- M-CARAVAN-3 (2), M-CARAVAN-5: where a route may start, on which tiles; goods needed.
  ["a route starts only with the traveller in a city, on a face-up tile showing its crest, with a good to load (M-CARAVAN-3, M-CARAVAN-5, M-DATA-1, M-DATA-12)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "de_wu", "mongke" } })
    local p = o[1]
    set(g, p, { pepper = 1, silk = 0, gold = 0, jade = 2 })
    t:eq(offered(g, "start_route:"), {}, "in Beijing")
    g:place(p, 1, "gobi")
    t:eq(offered(g, "start_route:"), {}, "on an oasis (Gobi)")
    g:place(p, 1, "turfan")
    t:eq(offered(g, "start_route:"), {}, "on an oasis (Turfan)")
    g:place(p, 1, "xian")
    t:eq(offered(g, "start_route:"), route_keys({ "R01", "R02", "R03" }), "Xi'an (dragon)")
    g:place(p, 1, "karakorum")
    t:eq(offered(g, "start_route:"), route_keys({ "R04", "R05", "R06" }), "Karakorum (horse)")
    g:place(p, 1, "balkh")
    t:eq(offered(g, "start_route:"), route_keys({ "R03", "R04" }), "Balkh (eagle)")
    g:place(p, 1, "kashgar")
    t:eq(offered(g, "start_route:"), route_keys({ "R01", "R10" }), "Kashgar (tower)")
    -- Goods: gold alone or silk alone will do; jade alone will not.
    set(g, p, { pepper = 0, gold = 1 })
    t:eq(offered(g, "start_route:"), route_keys({ "R01", "R10" }), "gold only")
    set(g, p, { gold = 0, silk = 1 })
    t:eq(offered(g, "start_route:"), route_keys({ "R01", "R10" }), "silk only")
    set(g, p, { silk = 0 })
    t:eq(offered(g, "start_route:"), {}, "jade only")
    -- M-CARAVAN-5: no face-up tile with the city's crest.
    set(g, p, { pepper = 1 })
    g:place(p, 1, "xian")
    g:put_card("R01", "routes_down")
    t:eq(offered(g, "start_route:"), route_keys({ "R02", "R03" }), "Xi'an with Dragon–Tower face down")
    g:put_card("R02", "routes_down")
    g:put_card("R03", "routes_down")
    t:eq(offered(g, "start_route:"), {}, "Xi'an with every dragon tile face down")
  end,

  -- M-CARAVAN-3 (1), (3): 1 or 2 goods held, never jade; the other crest's cities.
  ["starting a route loads 1 good, then a 2nd or none, of the goods held and never jade; the caravan goes to a city of the tile's other crest; the goods leave the stock and the tile is kept; caravans may share a node (M-CARAVAN-3, M-CARAVAN-2)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "de_wu", "mongke" } })
    local p = o[1]
    set(g, p, { pepper = 0, silk = 1, gold = 2, jade = 3 })
    g:place(p, 1, "kashgar")
    local before = stock(g, p)
    g:answer("start_route:route:1:R10") -- Tower–Lion
    t:eq(g:options(), { "load:silk", "load:gold" }, "the first good: those held, no jade")
    g:answer("load:gold")
    t:eq(g:options(), { "load:silk", "load:gold", "done" }, "a second good, or none")
    g:answer("load:gold")
    t:eq(sorted(g:options()), { "to:isfahan", "to:lanzhou" }, "the cities with a lion; no third good")
    g:answer("to:lanzhou")
    t:eq(delta(g, p, before), { gold = -2 }, "two gold loaded")
    t:eq({ g:count(p, "load1_pepper"), g:count(p, "load1_silk"), g:count(p, "load1_gold") }, { 0, 0, 2 }, "the caravan's load")
    t:eq(g:cards("route1", p), { "R10" }, "the tile is kept")
    t:ok(not has(g:cards("routes"), "R10"), "the tile is no longer face up")
    t:eq(#present(g:cards("routes")), 9, "tiles face up")
    t:eq(g:cards("routes_down"), {}, "the tile is not face down")
    -- The caravan is in Lanzhou, not in Kashgar.
    t:ok(not completes_at(g, p, "kashgar"), "the caravan in Kashgar")
    t:ok(completes_at(g, p, "lanzhou"), "the caravan in Lanzhou")
    -- With the caravan on a route, no other route starts (M-CARAVAN-3).
    g:place(p, 1, "xian")
    t:eq(offered(g, "start_route:"), {}, "the caravan is on the map")
    dice_all(g, 1)
    g:answer("place:khan:1")
    g:answer("end")
    -- Another player loads 1 good of 2 and stops; Lotus–Lion from Lhasa, to Lanzhou too
    -- (M-CARAVAN-2: caravans may share a node).
    t:eq(g:player(), o[2])
    set(g, o[2], { pepper = 2, silk = 0, gold = 0, jade = 0 })
    g:place(o[2], 1, "lhasa")
    before = stock(g, o[2])
    g:answer("start_route:route:1:R07")
    -- The first load has one option, pepper, and is not asked; the second may be none.
    t:eq(g:options(), { "load:pepper", "done" }, "a second pepper, or none")
    g:answer("done")
    t:eq(sorted(g:options()), { "to:isfahan", "to:lanzhou" }, "the cities with a lion, o[1]'s caravan's too")
    g:answer("to:lanzhou")
    t:eq(delta(g, o[2], before), { pepper = -1 }, "one pepper loaded")
    t:eq(g:count(o[2], "load1_pepper"), 1)
    t:eq(g:cards("route1", o[2]), { "R07" })
    t:ok(not completes_at(g, o[2], "isfahan"), "o[2]'s caravan is not in Isfahan")
    t:ok(completes_at(g, o[2], "lanzhou"), "o[2]'s caravan in Lanzhou, beside o[1]'s")
  end,

  -- M-CARAVAN-4: loaded goods pay for nothing (an upgrade, a contract).
  ["goods on the caravan pay for nothing: an upgrade or a contract they paid for is no longer offered (M-CARAVAN-4, M-EXTRA-6, M-EXTRA-1)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "de_wu", "mongke" } })
    local p = o[1]
    for _, c in ipairs(g:cards("contracts", p)) do
      g:put_card(c, "box")
    end
    g:put_card("C07", "contracts", nil, p) -- 2S → 5VP+1K (M-DATA-10)
    -- Tailors: 5$+2S (M-DATA-5).
    set(g, p, { coins = 5, camels = 0, jade = 0, pepper = 0, silk = 2, gold = 0, guild_tailors = 1 })
    g:place(p, 1, "xian")
    t:ok(has(g:options(), "upgrade:tailors"), "2 silk held: the tailors' upgrade")
    t:ok(has(g:options(), "fulfil:C07"), "2 silk held: C07")
    g:answer("start_route:route:1:R02")
    g:answer("done")                      -- the first silk is loaded unasked, not a second
    g:answer("to:khotan")
    t:eq(g:count(p, "silk"), 1)
    t:eq(g:count(p, "load1_silk"), 1)
    t:ok(not has(g:options(), "upgrade:tailors"), "1 silk held and 1 loaded: no upgrade")
    t:ok(not has(g:options(), "fulfil:C07"), "1 silk held and 1 loaded: no C07")
    -- The silk held still pays; the loaded one does not: the jewellers (6$+1S+1G).
    set(g, p, { coins = 6, gold = 1, guild_jewellers = 1 })
    t:ok(has(g:options(), "upgrade:jewellers"), "the silk held pays")
    set(g, p, { silk = 0 })
    t:ok(not has(g:options(), "upgrade:jewellers"), "the loaded silk does not pay")
  end,

  -- M-CARAVAN-6, M-MARKET-4: 1, 2, 3 steps by the book, step by step, no route costs,
  -- gated routes by the guild marker held.
  ["after a market action the caravan may move up to 1, 2 or 3 steps for the pepper, silk or gold book, paying no route costs; a gated route needs the marker (M-CARAVAN-6, M-MARKET-4, M-MOVE-4, M-DATA-2)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "de_wu", "mongke" } })
    -- o[1]: Dragon–Tower from Kashgar to Xi'an; no tailors marker.
    set(g, o[1], { pepper = 1 })
    start(g, o[1], "kashgar", "R01", {}, "xian")
    dice_all(g, 6)
    set(g, o[1], { coins = 0, camels = 0, jade = 0, guild_tailors = 0 })
    local before = stock(g, o[1])
    g:answer("place:market3:6")
    g:answer("upper:1")
    t:eq(sorted(g:options()), { "go:beijing", "go:lanzhou", "stop" }, "M3 (gold book), from Xi'an: no tailors marker for Lhasa")
    g:answer("go:lanzhou")                -- 1$ for a traveller
    t:eq(sorted(g:options()), { "go:dunhuang", "go:lhasa", "go:xian", "stop" }, "step 2, from Lanzhou")
    g:answer("go:dunhuang")               -- 2$
    t:eq(sorted(g:options()), { "go:lanzhou", "go:lop_nur", "go:turfan", "stop" }, "step 3, from Dunhuang")
    g:answer("go:turfan")                 -- free
    t:eq(with_prefix(g:options(), "go:"), {}, "no fourth step for the gold book")
    t:ok(has(g:options(), "end"), "the main action is over")
    t:eq(delta(g, o[1], before), { gold = 2 }, "M3's 2G and no route cost with no coins, camels or jade")
    t:ok(not completes_at(g, o[1], "dunhuang"), "the caravan went on from Dunhuang")
    t:ok(completes_at(g, o[1], "turfan"), "the caravan stopped in Turfan")
    g:answer("end")
    -- o[2]: Dragon–Moon from Khotan to Xi'an; the tailors marker (not upgraded).
    t:eq(g:player(), o[2])
    set(g, o[2], { pepper = 1, guild_tailors = 1 })
    g:place(o[2], 1, "khotan")
    g:answer("start_route:route:1:R02")
    t:eq(sorted(g:options()), { "to:samarkand", "to:xian" }, "Dragon–Moon from Khotan: the dragon cities")
    g:answer("to:xian")
    dice_all(g, 3)
    set(g, o[2], { coins = 0, camels = 0, jade = 0 })
    before = stock(g, o[2])
    g:answer("place:market2:3")
    g:answer("upper:1")
    t:eq(sorted(g:options()), { "go:beijing", "go:lanzhou", "go:lhasa", "stop" }, "M2 (silk book), from Xi'an with the tailors marker")
    g:answer("go:lhasa")                  -- 1J and the tailors marker for a traveller
    t:eq(sorted(g:options()), { "go:khotan", "go:lanzhou", "go:xian", "stop" }, "step 2, from Lhasa: no jewellers marker for Balkh")
    g:answer("stop")
    t:eq(with_prefix(g:options(), "go:"), {}, "stopped after 1 step of 2")
    t:eq(delta(g, o[2], before), { silk = 2 }, "M2's 2S and no jade for Xi'an–Lhasa")
    t:ok(completes_at(g, o[2], "lhasa"), "o[2]'s caravan in Lhasa")
    g:answer("end")
    -- o[1], M1 (pepper book): 1 step.
    t:eq(g:player(), o[1])
    dice_all(g, 1)
    set(g, o[1], { coins = 0, camels = 0, jade = 0 })
    before = stock(g, o[1])
    g:answer("place:market1:1")
    g:answer("upper:1")
    t:eq(sorted(g:options()), { "go:dunhuang", "go:gobi", "go:kashgar", "stop" }, "M1 (pepper book), from Turfan")
    g:answer("go:kashgar")                -- 2K
    t:eq(with_prefix(g:options(), "go:"), {}, "no second step for the pepper book")
    t:eq(delta(g, o[1], before), { pepper = 2 }, "M1's 2P and no camels for Turfan–Kashgar")
    t:ok(completes_at(g, o[1], "kashgar"), "o[1]'s caravan in Kashgar")
    g:answer("end")
    -- o[2], M4 (gold book too): 3 steps.
    t:eq(g:player(), o[2])
    dice_all(g, 5)
    set(g, o[2], { coins = 0, camels = 0, jade = 0 })
    before = stock(g, o[2])
    g:answer("place:market4:5")
    g:answer("upper:1")
    t:eq(sorted(g:options()), { "go:khotan", "go:lanzhou", "go:xian", "stop" }, "M4 (gold book), from Lhasa")
    g:answer("go:khotan")                 -- 3$
    g:answer("go:kashgar")                -- 1$
    t:ok(has(g:options(), "go:samarkand"), "a third step for the gold book")
    g:answer("go:samarkand")              -- 3$
    t:eq(with_prefix(g:options(), "go:"), {}, "no fourth step")
    t:eq(delta(g, o[2], before), { gold = 1, camels = 3 }, "M4's 1G+3K and no coins for the routes")
    t:ok(completes_at(g, o[2], "samarkand"), "o[2]'s caravan in Samarkand")
  end,

  -- M-CARAVAN-7: where, the three choices and their values, the summary's example; the
  -- caravan off the map and the tile face down until the next start phase (M-CARAVAN-8).
  ["a route is completed with the traveller on the caravan's node, an oasis too: each good sold (6/4/2 VP), upgraded (not gold) or doubled; then the caravan is off the map and the tile face down until the next start phase (M-CARAVAN-7, M-CARAVAN-8)"] = function(t)
    local g, o = new_game(t, { seed = 3, chars = { "de_wu", "mongke" } })
    local p = o[1]
    set(g, p, { pepper = 0, silk = 1, gold = 1, jade = 0 })
    start(g, p, "xian", "R01", { "load:silk", "load:gold" }, "kashgar")
    t:eq(with_prefix(g:options(), "complete_route:"), {}, "the traveller in Xi'an, the caravan in Kashgar")
    -- M1 moves the caravan to the oasis of Turfan.
    dice_all(g, 1)
    g:answer("place:market1:1")
    g:answer("upper:1")
    g:answer("go:turfan")
    t:ok(not completes_at(g, p, "gobi"), "the traveller in Gobi, the caravan in Turfan")
    t:ok(not completes_at(g, p, "kashgar"), "the traveller where the caravan was")
    t:ok(completes_at(g, p, "turfan"), "the traveller on the caravan's oasis")
    t:eq(with_prefix(g:options(), "complete_route:"), { COMPLETE })
    -- The summary's example: gold and silk; the gold doubled, the silk sold: 2G and 4VP.
    local before = stock(g, p)
    g:answer(COMPLETE)
    t:eq(g:options(), { "sell", "upgrade", "double" }, "the silk")
    g:answer("sell")
    t:eq(g:options(), { "sell", "double" }, "the gold: no upgrade")
    g:answer("double")
    t:eq(delta(g, p, before), { gold = 2, vp = 4 }, "the summary's example")
    t:eq({ g:count(p, "load1_pepper"), g:count(p, "load1_silk"), g:count(p, "load1_gold") }, { 0, 0, 0 }, "the goods are back in the supply")
    t:eq(g:cards("route1", p), {}, "the tile is no longer kept")
    t:eq(g:cards("routes_down"), { "R01" }, "the tile is face down")
    t:ok(not has(g:cards("routes"), "R01"), "the tile is not face up")
    t:ok(not completes_at(g, p, "turfan"), "the caravan has left the map")
    -- A new route at once, but not on the face-down tile (Kashgar: tower).
    g:place(p, 1, "kashgar")
    t:eq(offered(g, "start_route:"), route_keys({ "R10" }), "Kashgar: Tower–Lion, not Dragon–Tower")
    -- Gold sold for 6 VP, pepper upgraded to 1 silk.
    set(g, p, { pepper = 1, silk = 0, gold = 1 })
    start(g, p, "kashgar", "R10", { "load:pepper", "load:gold" }, "lanzhou")
    g:place(p, 1, "lanzhou")
    before = stock(g, p)
    g:answer(COMPLETE)
    t:eq(g:options(), { "sell", "upgrade", "double" }, "the pepper")
    g:answer("upgrade")
    g:answer("sell")
    t:eq(delta(g, p, before), { silk = 1, vp = 6 }, "pepper upgraded to 1 silk, gold sold for 6 VP")
    -- Pepper doubled, silk upgraded to 1 gold (Lanzhou: lion; Lotus–Lion to Hormuz).
    set(g, p, { pepper = 1, silk = 1, gold = 0 })
    t:eq(offered(g, "start_route:"), route_keys({ "R07" }), "Lanzhou: Lotus–Lion, not Tower–Lion")
    start(g, p, "lanzhou", "R07", { "load:pepper", "load:silk" }, "hormuz")
    g:place(p, 1, "hormuz")
    before = stock(g, p)
    g:answer(COMPLETE)
    g:answer("double")
    t:eq(g:options(), { "sell", "upgrade", "double" }, "the silk")
    g:answer("upgrade")
    t:eq(delta(g, p, before), { pepper = 2, gold = 1 }, "pepper doubled, silk upgraded to 1 gold")
    -- Pepper sold for 2 VP, silk doubled (Hormuz: lotus; Lotus–Moon to Khotan).
    set(g, p, { pepper = 1, silk = 1, gold = 0 })
    t:eq(offered(g, "start_route:"), route_keys({ "R05", "R08" }), "Hormuz: Horse–Lotus and Lotus–Moon")
    start(g, p, "hormuz", "R08", { "load:pepper", "load:silk" }, "khotan")
    g:place(p, 1, "khotan")
    before = stock(g, p)
    g:answer(COMPLETE)
    g:answer("sell")
    g:answer("double")
    t:eq(delta(g, p, before), { vp = 2, silk = 2 }, "pepper sold for 2 VP, silk doubled")
    -- M-CARAVAN-8: face down for the rest of the round.
    t:eq(sorted(g:cards("routes_down")), { "R01", "R07", "R08", "R10" }, "the four tiles face down")
    g:answer("end")
    t:eq(g:player(), o[2])
    set(g, o[2], { pepper = 1 })
    g:place(o[2], 1, "kashgar")
    t:eq(offered(g, "start_route:"), {}, "Kashgar's tiles are face down in o[2]'s turn")
    -- M-CARAVAN-6: with no caravan on the map, a market action asks nothing more.
    dice_all(g, 3)
    g:answer("place:market2:3")
    g:answer("upper:1")
    t:eq(with_prefix(g:options(), "go:"), {}, "no caravan to move")
    t:ok(has(g:options(), "end"), "o[2]'s main action is over")
    drive(g, function(x)
      return x:round() == 2 and #with_prefix(x:options(), "place:") > 0
    end)
    t:eq(g:cards("routes_down"), {}, "round 2's start phase turns them face up")
    t:eq(present(g:cards("routes")), { "R01", "R02", "R03", "R04", "R05", "R06", "R07", "R08", "R09", "R10" })
    local q = g:player()
    set(g, q, { pepper = 1 })
    g:place(q, 1, "kashgar")
    t:eq(offered(g, "start_route:"), route_keys({ "R01", "R10" }), "Kashgar's tiles in round 2")
  end,

  -- M-CARAVAN-9, M-SCORE-7: loaded goods at the end; M-SCORE-5 does not count them.
  ["goods still loaded at the end score gold 3, silk 2, pepper 1 VP, on either of Pietro's caravans too, and do not count as resources (M-CARAVAN-9, M-SCORE-7, M-SCORE-5, M-CHAR-9)"] = function(t)
    -- Two games with the same seed, driven alike to the end; in one, o[1]'s caravan
    -- carries goods from round 5 on.
    local function play(char, load)
      local g, o = new_game(t, { seed = 3, chars = { char, "mongke" } })
      drive(g, function(x)
        return x:round() == 5 and #with_prefix(x:options(), "place:") > 0
      end)
      set(g, o[1], load)
      drive(g)
      t:ok(g:over(), "the game is over")
      return g, o
    end
    local g0, o = play("de_wu", {})
    local g1 = play("de_wu", { load1_gold = 1, load1_silk = 1, load1_pepper = 2 })
    t:eq(g1:count(o[1], "vp") - g0:count(o[1], "vp"), 3 + 2 + 2 * 1, "the loaded goods' VP")
    t:eq(g1:count(o[2], "vp"), g0:count(o[2], "vp"), "the other player's VP")
    for _, k in ipairs({ "pepper", "silk", "gold", "jade", "coins" }) do
      t:eq(g1:count(o[1], k), g0:count(o[1], k), "o[1]'s " .. k .. " held")
    end
    -- Pietro's two caravans (M-CHAR-9 a): both loads score.
    local p0, q = play("pietro", {})
    local p1 = play("pietro", { load1_pepper = 1, load2_gold = 1, load2_silk = 1 })
    t:eq(p1:count(q[1], "vp") - p0:count(q[1], "vp"), 1 + 3 + 2, "the goods on both of Pietro's caravans")
  end,
}
