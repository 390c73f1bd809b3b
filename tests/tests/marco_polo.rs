//! Marco Polo II (`content/marco-polo-2`, in progress; rule ids M-… in its RULES.md):
//! setup, the market, Khan's favour, travel with trading posts, compensation, the start
//! player and the final scoring, each against the rules' numbers.

use std::collections::BTreeMap;
use std::sync::Arc;

use weft_core::state::PoolDie;
use weft_core::GameState;
use weft_tests::{conformance, marco_polo_content, Game};

fn own(pips: u8) -> PoolDie {
    PoolDie::own(pips)
}

fn count(g: &Game, p: usize, what: &str) -> i64 {
    g.st.players[p].count_named(&g.content(), what)
}

fn set(g: &mut Game, p: usize, what: &str, n: i64) {
    let k = g.content().counter(what).unwrap();
    g.st.player_mut(p).set(k, n);
}

/// Answers the setup's character picks (M-SETUP-7) and the start phase's questions
/// (compensation, a character's) with their first options.
fn through_setup(g: &mut Game) {
    const SETUP: [&str; 5] = ["coins:", "character:", "keep:", "pairs:", "oasis:"];
    while g
        .keys()
        .iter()
        .any(|k| SETUP.iter().any(|s| k.starts_with(s)))
    {
        let k = g.keys()[0].clone();
        g.answer(&k);
    }
}

/// A new game with its characters and objectives picked (each seat its first option,
/// M-SETUP-7, M-SETUP-8): at the first question of round 1's start phase, or its first
/// turn.
fn picked(players: usize, seed: u64) -> Game {
    let mut g = Game::with(marco_polo_content(), players, seed);
    while g
        .keys()
        .iter()
        .any(|k| k.starts_with("character:") || k.starts_with("keep:"))
    {
        let k = g.keys()[0].clone();
        g.answer(&k);
    }
    g
}

/// Puts every character back in the box, and every second traveller (M-CHAR-4 a): the
/// base rules, with no power overriding them.
fn no_characters(g: &mut Game) {
    for p in 0..g.st.players.len() {
        g.st.player_mut(p).pieces.truncate(1);
    }
    let c = g.content();
    let zone = c.zones.iter().find(|z| z.id == "character").unwrap().index;
    let bx = c.zones.iter().find(|z| z.id == "box").unwrap().index;
    for p in 0..g.st.players.len() {
        let held: Vec<_> = g.st.player_mut(p).zones_mut()[zone]
            .cards
            .drain(..)
            .collect();
        g.st.zones_mut()[bx].cards.extend(held);
    }
    g.refresh();
}

/// Gives player `p` character `id` (taken from wherever it lies), besides any other.
fn give_character(g: &mut Game, p: usize, id: &str) {
    let c = g.content();
    let card = c.card(id).unwrap();
    let zone = c.zones.iter().find(|z| z.id == "character").unwrap().index;
    for z in g.st.zones_mut().iter_mut() {
        z.cards.retain(|&k| k != Some(card));
    }
    for q in 0..g.st.players.len() {
        for z in g.st.player_mut(q).zones_mut().iter_mut() {
            z.cards.retain(|&k| k != Some(card));
        }
    }
    g.st.player_mut(p).zones_mut()[zone].cards.push(Some(card));
    g.refresh();
}

/// Fires hook point `point` for player `p`'s cards, as `ctx:trigger` does.
fn trigger(g: &mut Game, p: usize, point: &str, arg: &str) {
    let c = g.content();
    let hook = c
        .program
        .hooks
        .iter()
        .position(|h| h.name == point)
        .unwrap() as u8;
    g.st.flow.jobs.push(weft_core::flow::Job::Trigger {
        player: p,
        hook,
        arg: arg.into(),
    });
    g.refresh();
}

/// A 2-player game at the first turn of round 1 (compensation answered by taking
/// coins, no characters), the asked seat's pool set to `dice`.
fn at_first_turn(seed: u64, dice: &[PoolDie]) -> Game {
    let mut g = Game::with(marco_polo_content(), 2, seed);
    through_setup(&mut g);
    no_characters(&mut g);
    let p = g.current();
    g.st.player_mut(p).dice = dice.to_vec();
    g.refresh();
    g
}

fn posts(g: &Game, p: usize) -> Vec<String> {
    let c = g.content();
    let k = weft_core::markers::kind_index(&c, "post").unwrap();
    g.st.markers[k]
        .iter()
        .filter(|(_, q)| *q as usize == p)
        .map(|(s, _)| c.board.slots[*s as usize].id.clone())
        .collect()
}

/// Takes every city bonus and trading-post bonus card off the map (M-MOVE-8 b, c), for
/// tests that count what a post gives without them.
fn no_bonus_cards(g: &mut Game) {
    let c = g.content();
    for id in ["city_bonuses", "post_bonuses"] {
        let z = c.zones.iter().find(|z| z.id == id).unwrap().index;
        for card in g.st.zones_mut()[z].cards.iter_mut() {
            *card = None;
        }
    }
    g.refresh();
}

fn stand(g: &mut Game, p: usize, at: &str) {
    let s = g.slot(at);
    g.st.player_mut(p).pieces[0].at = s;
}

#[test]
fn setup_gives_dice_coins_camels_and_a_traveller_in_beijing() {
    // M-SETUP-1, M-SETUP-5, M-SETUP-9 (the black dice on their space, no die on a space),
    // M-MAT-3, M-MAT-4, M-MAT-2 (no supply is limited)
    for players in 2..=4 {
        let g = picked(players, 3);
        for p in 0..players {
            assert_eq!(g.st.players[p].dice.len(), 5, "five dice each");
            assert_eq!(
                g.content().board.slots[g.st.players[p].pieces[0].at as usize].id,
                "beijing"
            );
            assert!(count(&g, p, "coins") >= 8, "8 coins, and compensation");
            assert!(count(&g, p, "camels") >= 3);
        }
        assert_eq!(g.st.neutral_dice, 4, "four black dice");
        assert!(
            g.st.dice_spaces.iter().all(|s| s.placements.is_empty()),
            "no die on a space"
        );
        assert!(g.st.supply.iter().all(Option::is_none), "unlimited supply");
    }
}

#[test]
fn compensation_gives_what_a_low_roll_misses_of_15_as_coins_and_camels() {
    // M-COMP-1
    let mut seen = 0;
    for seed in 0..40 {
        let g = picked(2, seed);
        if !g.keys().iter().any(|k| k.starts_with("coins:")) {
            continue;
        }
        let p = g.current();
        let sum: i64 = g.st.players[p].dice.iter().map(|d| i64::from(d.pips)).sum();
        assert!(sum < 15);
        let gap = 15 - sum;
        assert_eq!(
            g.keys().len() as i64,
            gap + 1,
            "0 to {gap} coins, the rest camels"
        );
        let (coins, camels) = (count(&g, p, "coins"), count(&g, p, "camels"));
        let mut g = g;
        g.answer(&format!("coins:{}", gap - 1));
        assert_eq!(count(&g, p, "coins"), coins + gap - 1);
        assert_eq!(count(&g, p, "camels"), camels + 1);
        seen += 1;
    }
    assert!(seen >= 3, "low rolls in 40 seeds: {seen}");
}

#[test]
fn the_market_offers_its_upper_patterns_and_this_rounds_lower_ones_for_jade() {
    // M-MARKET-1, M-MARKET-2, M-MARKET-3, M-DATA-4 (market 1, round 1: 3P+1K / 2P+1S+1K),
    // M-DICE-1 (only the player's own dice)
    let mut g = at_first_turn(1, &[own(2), own(3), own(5)]);
    let p = g.current();
    let other = 1 - p;
    g.st.player_mut(other).dice = vec![own(4)];
    g.refresh();
    assert!(
        !g.keys().iter().any(|k| k.ends_with(":4")),
        "not another's 4: {:?}",
        g.keys()
    );
    let keys = g.keys();
    for k in [
        "place:market1:2",
        "place:market2:3",
        "place:market3:5",
        "place:market4:5",
    ] {
        assert!(keys.contains(&k.to_string()), "{k}: {keys:?}");
    }
    assert!(!keys.contains(&"place:market2:2".to_string()), "M2 needs 3");
    assert!(!keys.contains(&"place:market3:3".to_string()), "M3 needs 5");
    set(&mut g, p, "jade", 1);
    g.refresh();
    g.answer("place:market1:2");
    assert_eq!(
        g.keys(),
        ["upper:1", "upper:2", "lower:1"],
        "one jade: the lower left only"
    );
    let (pepper, camels) = (count(&g, p, "pepper"), count(&g, p, "camels"));
    g.answer("lower:1");
    assert_eq!(count(&g, p, "jade"), 0);
    assert_eq!(count(&g, p, "pepper"), pepper + 3);
    assert_eq!(count(&g, p, "camels"), camels + 1);
}

#[test]
fn khans_favour_pays_4_coins_and_2_camels() {
    // M-KHAN-1
    let mut g = at_first_turn(2, &[own(4)]);
    let p = g.current();
    let (coins, camels) = (count(&g, p, "coins"), count(&g, p, "camels"));
    g.answer("place:khan:4");
    assert_eq!(count(&g, p, "coins"), coins + 4);
    assert_eq!(count(&g, p, "camels"), camels + 2);
}

#[test]
fn a_move_ends_with_a_trading_post_and_the_longest_one_places_one_on_the_way() {
    // M-MOVE-1, M-MOVE-3, M-MOVE-5, M-MOVE-6, M-MOVE-7, M-DATA-2
    let mut g = at_first_turn(3, &[own(4), own(5), own(6)]);
    let p = g.current();
    set(&mut g, p, "coins", 20);
    set(&mut g, p, "camels", 5);
    no_bonus_cards(&mut g);
    g.answer("place:travel3:456");
    // Beijing–Xi'an is free, Xi'an–Lanzhou 1 coin, Lanzhou–Dunhuang 2 coins.
    let coins = count(&g, p, "coins");
    g.answer("go:xian");
    g.answer("go:lanzhou");
    g.answer("go:dunhuang");
    assert_eq!(count(&g, p, "coins"), coins - 3, "the routes' coins");
    g.answer("stop");
    // A post on the way first: Xi'an or Lanzhou, not Beijing (M-MOVE-5).
    let mut keys = g.keys();
    keys.sort();
    assert_eq!(keys, ["none", "post:lanzhou", "post:xian"]);
    g.answer("post:xian");
    // Xi'an is a contract city (M-MOVE-8 d): the post offers one of its contracts.
    assert!(g.offers("none"), "{:?}", g.keys());
    g.answer("none");
    assert_eq!(posts(&g, p), ["xian", "dunhuang"]);
}

#[test]
fn the_ninth_tenth_and_eleventh_posts_score_and_with_none_left_one_moves() {
    // M-MOVE-8 (a), M-MOVE-11
    let cities = [
        "xian",
        "lanzhou",
        "dunhuang",
        "lhasa",
        "khotan",
        "kashgar",
        "samarkand",
        "bukhara",
        "sarai",
        "balkh",
        "herat",
    ];
    for (already, more) in [(8, 5), (9, 5), (10, 10)] {
        let mut g = at_first_turn(4, &[own(1)]);
        let p = g.current();
        let c = g.content();
        let k = weft_core::markers::kind_index(&c, "post").unwrap();
        for city in &cities[..already] {
            let s = g.slot(city);
            g.st.markers[k].push((s, p as u8));
        }
        set(&mut g, p, "coins", 10);
        no_bonus_cards(&mut g);
        let vp = count(&g, p, "vp");
        g.answer("place:travel1:1");
        g.answer("go:karakorum");
        assert_eq!(posts(&g, p).len(), already + 1);
        assert_eq!(count(&g, p, "vp"), vp + more, "post {}", already + 1);
    }
    // All eleven out: the next post moves one, the player's choice, and scores nothing.
    let mut g = at_first_turn(4, &[own(1)]);
    let p = g.current();
    let c = g.content();
    let k = weft_core::markers::kind_index(&c, "post").unwrap();
    for city in cities {
        let s = g.slot(city);
        g.st.markers[k].push((s, p as u8));
    }
    set(&mut g, p, "coins", 10);
    no_bonus_cards(&mut g);
    let vp = count(&g, p, "vp");
    g.answer("place:travel1:1");
    g.answer("go:karakorum");
    assert!(
        g.keys().iter().all(|k| k.starts_with("move:")),
        "{:?}",
        g.keys()
    );
    assert_eq!(g.keys().len(), 11, "any of the eleven");
    g.answer("move:herat");
    let now = posts(&g, p);
    assert!(now.contains(&"karakorum".to_string()) && !now.contains(&"herat".to_string()));
    assert_eq!(now.len(), 11);
    assert_eq!(count(&g, p, "vp"), vp);
}

#[test]
fn a_gated_route_needs_its_guild_marker() {
    // M-MOVE-4, M-GUILD-3, M-DATA-2 (Xi'an–Lhasa: 1 jade, tailors)
    let mut g = at_first_turn(5, &[own(1)]);
    let p = g.current();
    stand(&mut g, p, "xian");
    set(&mut g, p, "coins", 10);
    set(&mut g, p, "jade", 1);
    g.refresh();
    g.answer("place:travel1:1");
    assert!(!g.offers("go:lhasa"), "no tailors' marker: {:?}", g.keys());
    let mut g = at_first_turn(5, &[own(1)]);
    stand(&mut g, p, "xian");
    set(&mut g, p, "coins", 10);
    set(&mut g, p, "jade", 1);
    set(&mut g, p, "guild_tailors", 1);
    no_bonus_cards(&mut g);
    g.answer("place:travel1:1");
    assert!(g.offers("go:lhasa"));
    g.answer("go:lhasa");
    assert_eq!(count(&g, p, "jade"), 0, "the route's jade");
}

/// Plays random bots' first options until `stop` says so; returns the state before the
/// last answer and the answer's key.
fn play_until(g: &mut Game, stop: impl Fn(&GameState) -> bool) -> GameState {
    loop {
        let before = g.st.clone();
        let key = g.keys()[0].clone();
        g.answer(&key);
        if stop(&g.st) {
            return before;
        }
    }
}

#[test]
fn the_start_player_is_who_moved_with_the_most_dice_latest() {
    // M-START-1, M-START-2, M-DICE-7 (each space's placements kept in order until the
    // next start phase)
    for seed in 0..6 {
        let mut g = Game::with(marco_polo_content(), 3, seed);
        let before = play_until(&mut g, |st| st.round == 2);
        let c = g.content();
        let mut want = before.first_player;
        for space in ["travel3", "travel2", "travel1"] {
            let i = c.dice_play.space_index(space).unwrap() as usize;
            if let Some(pl) = before.dice_spaces[i]
                .placements
                .iter()
                .max_by_key(|pl| pl.seq)
            {
                want = pl.player as usize;
                break;
            }
        }
        assert_eq!(g.st.first_player, want, "seed {seed}");
    }
}

const CREST_TABLE: [i64; 12] = [0, 1, 2, 4, 6, 9, 12, 16, 20, 24, 28, 33];
const CRESTS: [(&str, &str); 17] = [
    ("karakorum", "horse"),
    ("xian", "dragon"),
    ("lanzhou", "lion"),
    ("dunhuang", "star"),
    ("lhasa", "lotus"),
    ("khotan", "moon"),
    ("kashgar", "tower"),
    ("samarkand", "dragon"),
    ("bukhara", "horse"),
    ("sarai", "horse"),
    ("balkh", "eagle"),
    ("herat", "star"),
    ("hormuz", "lotus"),
    ("isfahan", "lion"),
    ("tabriz", "eagle"),
    ("baghdad", "moon"),
    ("trebizond", "tower"),
];

/// Seat `p`'s score by the rules, from `end` (the game played to its end on the pack
/// without its final scoring): the VP gained in play, the objective (M-SCORE-2), the
/// crests (M-SCORE-3: distinct crests, the objective's cities, De Wu's), coins
/// (M-SCORE-4), resources (M-SCORE-5) and the contracts' majority (M-SCORE-6).
fn score_by_the_rules(end: &GameState, c: &weft_core::content::Content, p: usize) -> i64 {
    let crests: BTreeMap<&str, &str> = CRESTS.into_iter().collect();
    let k = weft_core::markers::kind_index(c, "post").unwrap();
    let posts: Vec<&str> = end.markers[k]
        .iter()
        .filter(|(_, q)| *q as usize == p)
        .map(|(s, _)| c.board.slots[*s as usize].id.as_str())
        .collect();
    let mut kinds: Vec<&str> = posts
        .iter()
        .filter_map(|s| crests.get(s).copied())
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    let held = |what: &str| end.players[p].count_named(c, what);
    let de_wu = player_cards_in(end, c, p, "character").contains(&"de_wu".to_string());
    let (objective_vp, objective_crests) = objective_part(end, c, p, &posts);
    let n = (kinds.len() + objective_crests + usize::from(de_wu)).min(11);
    let resources: i64 = ["pepper", "silk", "gold", "jade"]
        .iter()
        .map(|r| held(r))
        .sum();
    let contracts = c.counter("contracts").unwrap();
    held("vp")
        + objective_vp
        + CREST_TABLE[n]
        + held("coins") / 10
        + resources / 2
        + weft_core::ops::majority_points(c, end, p, (contracts, None), &[8, 4])
}

/// Seat `p`'s objective at the end (M-SCORE-2, M-SCORE-3): its VP when every guild
/// marker it shows is upgraded, and the crests of its cities among `posts`.
fn objective_part(
    end: &GameState,
    c: &weft_core::content::Content,
    p: usize,
    posts: &[&str],
) -> (i64, usize) {
    let held = |what: &str| end.players[p].count_named(c, what);
    let (mut vp, mut crests) = (0, 0);
    for id in player_cards_in(end, c, p, "objective") {
        let o = &c.cards[c.card(&id).unwrap() as usize].params;
        let guilds = o["guilds"].as_array().unwrap();
        if guilds
            .iter()
            .all(|g| held(&format!("guild_{}", g.as_str().unwrap())) == 2)
        {
            vp += o["vp"].as_integer().unwrap();
        }
        crests += o["cities"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|city| posts.contains(&city.as_str().unwrap()))
            .count();
    }
    (vp, crests)
}

/// The pack without its final scoring (`end = []`).
fn without_final_scoring() -> Arc<weft_core::content::Content> {
    let mut files = weft_tests::marco_polo_files();
    let game = files.files["game.toml"].replace("end = [\"final\"]", "end = []");
    files.files.insert("game.toml".into(), game);
    Arc::new(
        weft_core::content::load_content(&[files], &weft_tests::library())
            .unwrap_or_else(|e| panic!("{e}")),
    )
}

#[test]
fn the_final_scoring_counts_crests_coins_and_resources() {
    // M-SCORE-2, M-SCORE-3 (distinct crests, M-DATA-3's table), M-SCORE-4, M-SCORE-5,
    // M-SCORE-6, M-END-1: the same games on the pack without its final scoring
    let bare = without_final_scoring();
    for seed in 0..4 {
        let mut g = Game::with(marco_polo_content(), 2, seed);
        let mut h = Game::with(Arc::clone(&bare), 2, seed);
        while g.st.result.is_none() {
            let key = g.keys()[0].clone();
            g.answer(&key);
            h.answer(&key);
        }
        let result = g.st.result.clone().unwrap();
        for p in 0..2 {
            let want = score_by_the_rules(&h.st, &g.content(), p);
            assert_eq!(result.scores[p], want, "seed {seed}, seat {}", p + 1);
        }
    }
}

#[test]
fn an_objective_scores_its_vp_with_its_guilds_upgraded_and_crests_for_its_cities() {
    // M-SETUP-8, M-SCORE-2, M-SCORE-3, M-DATA-11 (O09: spice + tailors, 12 VP; Bukhara,
    // Xi'an)
    let bare = without_final_scoring();
    let mut scores = Vec::new();
    for upgraded in [false, true] {
        let mut g = Game::with(marco_polo_content(), 2, 31);
        let mut h = Game::with(Arc::clone(&bare), 2, 31);
        // Each keeps one of three, hidden (M-MAT-6): seat 1's offer is three of its own.
        let offer = player_cards(&mut g, 0, "objective_offer");
        assert_eq!(offer.len(), 3);
        while g.st.result.is_none() {
            // Before the last answer: seat 1 holds O09, with its cities and guilds.
            if g.st.round == 5 && g.st.players.iter().all(|pl| pl.dice.len() <= 1) {
                for x in [&mut g, &mut h] {
                    let c = x.content();
                    let zone = c.zones.iter().find(|z| z.id == "objective").unwrap().index;
                    let o09 = c.card("O09").unwrap();
                    for z in x.st.zones_mut().iter_mut() {
                        z.cards.retain(|&k| k != Some(o09));
                    }
                    for q in 0..2 {
                        for z in x.st.player_mut(q).zones_mut().iter_mut() {
                            z.cards.retain(|&k| k != Some(o09));
                        }
                    }
                    x.st.player_mut(0).zones_mut()[zone].cards = vec![Some(o09)];
                    let k = weft_core::markers::kind_index(&c, "post").unwrap();
                    x.st.markers[k].retain(|(_, q)| *q != 0);
                    for city in ["bukhara", "xian"] {
                        let s = x.slot(city);
                        x.st.markers[k].push((s, 0));
                    }
                    let level = if upgraded { 2 } else { 1 };
                    x.set(0, "guild_spice", level);
                    x.set(0, "guild_tailors", level);
                    x.refresh();
                }
            }
            let key = g.keys()[0].clone();
            g.answer(&key);
            h.answer(&key);
        }
        let result = g.st.result.clone().unwrap();
        assert_eq!(result.scores[0], score_by_the_rules(&h.st, &g.content(), 0));
        scores.push(objective_part(&h.st, &g.content(), 0, &["bukhara", "xian"]));
    }
    // Upgraded: its 12 VP; either way its two cities' crests.
    assert_eq!(scores, [(0, 2), (12, 2)]);
}

#[test]
fn random_games_are_complete_legal_and_replayable() {
    // M-ROUND-1 (five rounds), M-END-1
    for players in 2..=4 {
        conformance(marco_polo_content(), players, 6);
        let mut g = Game::with(marco_polo_content(), players, 40);
        while g.st.result.is_none() {
            let k = g.keys()[0].clone();
            g.answer(&k);
        }
        assert_eq!(g.st.round, 5, "five rounds");
        assert_eq!(g.st.result.as_ref().unwrap().cause, "rounds");
    }
}

#[test]
fn a_tie_on_points_goes_to_the_most_camels_then_is_shared() {
    // M-SCORE-8
    let c = marco_polo_content();
    let mut g = Game::with(Arc::clone(&c), 3, 41);
    for p in 0..3 {
        set(&mut g, p, "vp", 50);
        set(&mut g, p, "contracts", 0);
    }
    set(&mut g, 0, "camels", 4);
    set(&mut g, 1, "camels", 6);
    set(&mut g, 2, "camels", 6);
    set(&mut g, 2, "vp", 49);
    let r = weft_core::engine::final_result(&c, &g.st);
    assert_eq!(
        r.winners,
        [1],
        "seat 2: 50 VP and the most camels of those on 50"
    );
    set(&mut g, 0, "camels", 6);
    let r = weft_core::engine::final_result(&c, &g.st);
    assert_eq!(r.winners, [0, 1], "still tied: a shared win");
}

#[test]
fn the_black_die_and_sealed_letter_icons_of_a_post_bonus() {
    // M-ICON-5 (TP5: BD+2K: a black die rolled into the pool), M-ICON-4 (TP8: draw+2VP:
    // the refill pile's top contract into the slots), M-MOVE-8 (c)
    for (card, icon) in [("TP5", "black"), ("TP8", "draw")] {
        let mut g = at_first_turn(42, &[own(1)]);
        let p = g.current();
        no_bonus_cards(&mut g);
        put_card(&mut g, "post_bonuses", 0, card); // Karakorum
        set(&mut g, p, "coins", 10);
        set(&mut g, p, "camels", 5);
        g.refresh();
        let top = shared_cards(&mut g, "contract_pile")
            .last()
            .unwrap()
            .clone();
        let (vp, camels, black) = (
            count(&g, p, "vp"),
            count(&g, p, "camels"),
            g.st.neutral_dice,
        );
        g.answer("place:travel1:1");
        g.answer("go:karakorum"); // 1 camel
        let st = now(&mut g);
        if icon == "black" {
            assert_eq!(st.neutral_dice, black - 1);
            assert_eq!(st.players[p].dice.iter().filter(|d| d.neutral).count(), 1);
            assert_eq!(
                st.players[p].count_named(&g.content(), "camels"),
                camels - 1 + 2
            );
        } else {
            assert!(player_cards(&mut g, p, "contracts").contains(&top), "{top}");
            assert_eq!(st.players[p].count_named(&g.content(), "vp"), vp + 2);
        }
    }
}

#[test]
fn a_guild_marker_needs_its_strength_and_gives_its_jade() {
    // M-GUILD-1, M-DICE-9 (a strength no guild the player lacks takes is no placement)
    let mut g = at_first_turn(6, &[own(1), own(1), own(3), own(5)]);
    let p = g.current();
    let guilds: Vec<String> = g
        .keys()
        .into_iter()
        .filter(|k| k.starts_with("place:guild:"))
        .collect();
    assert_eq!(
        guilds,
        [
            "place:guild:11",
            "place:guild:13",
            "place:guild:15",
            "place:guild:35"
        ]
    );
    set(&mut g, p, "guild_farmers", 1);
    g.refresh();
    assert!(
        !g.offers("place:guild:11") && !g.offers("place:guild:13"),
        "strength 1 takes only the farmers', which seat has: {:?}",
        g.keys()
    );
    g.answer("place:guild:35");
    let mut keys = g.keys();
    keys.sort();
    assert_eq!(
        keys,
        ["guild:spice", "guild:tailors"],
        "3 reaches spice (2) and tailors (3)"
    );
    let jade = count(&g, p, "jade");
    g.answer("guild:tailors");
    assert_eq!(count(&g, p, "guild_tailors"), 1);
    assert_eq!(count(&g, p, "jade"), jade + 2);
}

#[test]
fn with_every_guild_marker_the_guild_action_is_not_offered() {
    // M-GUILD-2
    let mut g = at_first_turn(6, &[own(5), own(6)]);
    let p = g.current();
    for id in ["farmers", "spice", "tailors", "jewellers"] {
        set(&mut g, p, &format!("guild_{id}"), 1);
    }
    g.refresh();
    assert!(!g.keys().iter().any(|k| k.starts_with("place:guild:")));
}

#[test]
fn an_upgrade_pays_its_cost_flips_the_marker_and_pays_its_bonus_now_and_each_round() {
    // M-EXTRA-6, M-GUILD-4, M-ROUND-3, M-DATA-5 (farmers: 3 coins + 2 camels → 1 pepper + 1 camel)
    let mut g = at_first_turn(7, &[own(2)]);
    let p = g.current();
    set(&mut g, p, "guild_farmers", 1);
    set(&mut g, p, "coins", 3);
    set(&mut g, p, "camels", 2);
    set(&mut g, p, "jade", 0);
    g.refresh();
    assert!(g.offers("upgrade:farmers"), "{:?}", g.keys());
    assert!(!g.offers("upgrade:spice"), "not held");
    g.answer("upgrade:farmers");
    assert_eq!(count(&g, p, "guild_farmers"), 2);
    assert_eq!((count(&g, p, "coins"), count(&g, p, "camels")), (0, 1));
    assert_eq!(count(&g, p, "pepper"), 1);
    assert!(!g.offers("upgrade:farmers"), "once");
    // Round 2's start phase pays the bonus again: every pool emptied, the turn's end
    // ends the round, and nothing but the start phase comes between.
    let pepper = count(&g, p, "pepper");
    for q in 0..2 {
        g.st.player_mut(q).dice.clear();
    }
    g.refresh();
    assert_eq!(g.st.round, 2, "the round ended: no dice left");
    assert_eq!(
        count(&g, p, "pepper"),
        pepper + 1,
        "the upgraded marker's pepper at round 2's start"
    );
}

/// The game as it stands, an effect's changes so far included (while it asks).
fn now(g: &mut Game) -> GameState {
    g.engine
        .state_at_question(&g.st)
        .unwrap_or_else(|| g.st.clone())
}

/// The card ids in shared zone `id` (empty grid positions left out), as the game stands.
fn shared_cards(g: &mut Game, id: &str) -> Vec<String> {
    let c = g.content();
    let z = c.zones.iter().find(|z| z.id == id).unwrap();
    now(g).zones[z.index]
        .cards
        .iter()
        .flatten()
        .map(|&k| c.cards[k as usize].id.clone())
        .collect()
}

/// The card ids in player `p`'s zone `id` of state `st`.
fn player_cards_in(
    st: &GameState,
    c: &weft_core::content::Content,
    p: usize,
    id: &str,
) -> Vec<String> {
    let z = c.zones.iter().find(|z| z.id == id).unwrap();
    st.players[p].zones[z.index]
        .cards
        .iter()
        .flatten()
        .map(|&k| c.cards[k as usize].id.clone())
        .collect()
}

/// The cards out of the game but the characters nobody took (M-SETUP-7).
fn boxed(g: &mut Game) -> Vec<String> {
    let c = g.content();
    shared_cards(g, "box")
        .into_iter()
        .filter(|id| c.cards[c.card(id).unwrap() as usize].kind != "character")
        .collect()
}

/// The card ids in player `p`'s zone `id`, as the game stands.
fn player_cards(g: &mut Game, p: usize, id: &str) -> Vec<String> {
    let c = g.content();
    let z = c.zones.iter().find(|z| z.id == id).unwrap();
    now(g).players[p].zones[z.index]
        .cards
        .iter()
        .flatten()
        .map(|&k| c.cards[k as usize].id.clone())
        .collect()
}

fn post_in(g: &mut Game, p: usize, city: &str) {
    let c = g.content();
    let k = weft_core::markers::kind_index(&c, "post").unwrap();
    let s = g.slot(city);
    g.st.markers[k].push((s, p as u8));
}

#[test]
fn setup_shows_two_contracts_in_each_contract_city_and_deals_one_starting_contract() {
    // M-SETUP-4, M-SETUP-5, M-DATA-10
    let mut g = Game::with(marco_polo_content(), 3, 2);
    for city in ["xian", "kashgar", "balkh", "isfahan", "trebizond"] {
        let shown = shared_cards(&mut g, &format!("contracts_{city}"));
        assert_eq!(shown.len(), 2, "{city}");
        assert!(shown.iter().all(|id| id.starts_with('C')));
    }
    assert_eq!(shared_cards(&mut g, "contract_pile").len(), 30 - 10);
    for p in 0..3 {
        let held = player_cards(&mut g, p, "contracts");
        assert_eq!(held.len(), 1);
        assert!(held[0].starts_with('S'), "a starting contract");
    }
}

#[test]
fn the_contract_action_needs_a_post_in_a_contract_city_and_takes_up_to_two_then_3_coins() {
    // M-CONTRACT-1, M-CONTRACT-3
    let mut g = at_first_turn(8, &[own(2)]);
    let p = g.current();
    assert!(!g.offers("place:contracts:2"), "no post in a contract city");
    post_in(&mut g, p, "kashgar");
    g.refresh();
    let shown = shared_cards(&mut g, "contracts_kashgar");
    let pile = shared_cards(&mut g, "contract_pile");
    let coins = count(&g, p, "coins");
    g.answer("place:contracts:2");
    let mut keys = g.keys();
    keys.sort();
    let mut want: Vec<String> = shown.iter().map(|c| format!("take:{c}")).collect();
    want.sort();
    assert_eq!(keys, want, "only Kashgar's, where seat has its post");
    g.answer(&format!("take:{}", shown[0]));
    // Replaced at once from the refill pile's top; the new one may be taken second.
    let now = shared_cards(&mut g, "contracts_kashgar");
    assert!(now.contains(pile.last().unwrap()), "{now:?}");
    assert!(g.offers("done"));
    let start = player_cards(&mut g, p, "contracts")
        .into_iter()
        .find(|c| c.starts_with('S'))
        .expect("the starting contract");
    g.answer(&format!("take:{}", pile.last().unwrap()));
    // The slots were full: the starting contract, the one not just taken, is discarded
    // (its only choice, taken without asking) and leaves the game.
    assert_eq!(boxed(&mut g), [start], "out of the game");
    assert_eq!(player_cards(&mut g, p, "contracts").len(), 2);
    assert_eq!(count(&g, p, "coins"), coins + 3);
}

#[test]
fn a_discarded_contract_goes_under_the_refill_pile() {
    // M-CONTRACT-2 (not the one just taken; to the bottom of the pile)
    let mut g = at_first_turn(8, &[own(2)]);
    let p = g.current();
    post_in(&mut g, p, "xian");
    // Two pile contracts in the slots already.
    let c = g.content();
    let slots = c.zones.iter().find(|z| z.id == "contracts").unwrap().index;
    let pile = c
        .zones
        .iter()
        .find(|z| z.id == "contract_pile")
        .unwrap()
        .index;
    let a = g.st.zones_mut()[pile].cards.pop().unwrap();
    let b = g.st.zones_mut()[pile].cards.pop().unwrap();
    g.st.player_mut(p).zones_mut()[slots].cards = vec![a, b];
    g.refresh();
    g.answer("place:contracts:2");
    let first = g.keys()[0].clone();
    g.answer(&first);
    let discard: Vec<String> = g.keys();
    assert_eq!(
        discard.len(),
        2,
        "either held one, not the one just taken: {discard:?}"
    );
    g.answer(&discard[0]);
    g.answer("done");
    assert_eq!(
        shared_cards(&mut g, "contract_pile")[0],
        discard[0][8..],
        "at the bottom of the refill pile"
    );
}

#[test]
fn fulfilling_a_contract_pays_its_requirement_with_jade_for_coins_and_camels_only() {
    // M-EXTRA-1, M-CONTRACT-5, M-JADE-1, M-DATA-10 (S1: 1 pepper + 1 camel → 3 VP + 2 coins)
    let mut g = at_first_turn(8, &[own(2)]);
    let p = g.current();
    let c = g.content();
    let slots = c.zones.iter().find(|z| z.id == "contracts").unwrap().index;
    let s1 = c.card("S1").unwrap();
    g.st.player_mut(p).zones_mut()[slots].cards = vec![Some(s1)];
    set(&mut g, p, "pepper", 0);
    set(&mut g, p, "camels", 0);
    set(&mut g, p, "jade", 1);
    g.refresh();
    assert!(!g.offers("fulfil:S1"), "jade never stands in for pepper");
    set(&mut g, p, "pepper", 1);
    g.refresh();
    assert!(g.offers("fulfil:S1"), "the camel in jade: {:?}", g.keys());
    let (vp, coins) = (count(&g, p, "vp"), count(&g, p, "coins"));
    g.answer("fulfil:S1");
    assert_eq!((count(&g, p, "pepper"), count(&g, p, "jade")), (0, 0));
    assert_eq!(count(&g, p, "vp"), vp + 3);
    assert_eq!(count(&g, p, "coins"), coins + 2);
    assert_eq!(count(&g, p, "contracts"), 1);
    assert_eq!(player_cards(&mut g, p, "fulfilled"), ["S1"]);
    assert!(player_cards(&mut g, p, "contracts").is_empty());
}

#[test]
fn a_post_in_a_contract_city_offers_one_of_its_contracts() {
    // M-MOVE-8 (d), M-CONTRACT-4
    let mut g = at_first_turn(9, &[own(1)]);
    let p = g.current();
    set(&mut g, p, "coins", 10);
    g.refresh();
    let shown = shared_cards(&mut g, "contracts_xian");
    g.answer("place:travel1:1");
    g.answer("go:xian");
    let mut keys = g.keys();
    keys.sort();
    let mut want: Vec<String> = shown.iter().map(|c| format!("take:{c}")).collect();
    want.push("none".into());
    want.sort();
    assert_eq!(keys, want);
    g.answer(&format!("take:{}", shown[1]));
    assert!(player_cards(&mut g, p, "contracts").contains(&shown[1]));
}

#[test]
fn each_guild_has_its_least_strength_and_its_jade() {
    // M-GUILD-1 (farmers any, 0 jade; spice 2+, 1; tailors 3+, 2; jewellers 4+, 3)
    for (dice, id, least, jade) in [
        ([1, 1], "farmers", 1, 0),
        ([2, 2], "spice", 2, 1),
        ([3, 3], "tailors", 3, 2),
        ([4, 4], "jewellers", 4, 3),
    ] {
        let mut g = at_first_turn(6, &[own(dice[0]), own(dice[1])]);
        let p = g.current();
        let before = count(&g, p, "jade");
        g.answer(&format!("place:guild:{}{}", dice[0], dice[1]));
        // The guilds the strength reaches, no higher one (a lone one is taken at once).
        let keys = g.keys();
        let asked = keys.iter().filter(|k| k.starts_with("guild:")).count();
        let want = if least == 1 { 0 } else { least };
        assert_eq!(asked, want, "{id} at {least}: {keys:?}");
        if least > 1 {
            g.answer(&format!("guild:{id}"));
        }
        assert_eq!(count(&g, p, &format!("guild_{id}")), 1, "{id}'s marker");
        assert_eq!(count(&g, p, "jade"), before + jade, "{id}'s jade");
    }
}

/// A rules text amount list (`2P+1S+1K`, `3VP+step`) as counters and the icon, if any.
fn rules_amounts(text: &str) -> (BTreeMap<String, u32>, Option<String>) {
    let mut out = BTreeMap::new();
    let mut icon = None;
    for part in text.split('+').map(str::trim) {
        match part {
            "step" => icon = Some("step".to_string()),
            "BD" => icon = Some("black_die".to_string()),
            "draw" => icon = Some("draw".to_string()),
            _ => {
                let digits: String = part.chars().take_while(char::is_ascii_digit).collect();
                let n: u32 = digits
                    .parse()
                    .unwrap_or_else(|_| panic!("amount in `{part}`"));
                let what = match &part[digits.len()..] {
                    "P" => "pepper",
                    "S" => "silk",
                    "G" => "gold",
                    "J" => "jade",
                    "K" => "camels",
                    "$" => "coins",
                    "VP" => "vp",
                    other => panic!("unknown good `{other}` in `{text}`"),
                };
                out.insert(what.to_string(), n);
            }
        }
    }
    (out, icon)
}

#[test]
fn the_contracts_are_the_rules_table() {
    // M-DATA-10 (invented): every contract's requirement and reward as RULES.md lists
    // them, the starting ones S1–S6 in their pile, C01–C30 in the refill pile.
    let rules =
        std::fs::read_to_string(weft_tests::repo().join("content/marco-polo-2/RULES.md")).unwrap();
    let from = rules.find("**M-DATA-10**").unwrap();
    let to = rules[from..].find("**M-DATA-11**").unwrap() + from;
    let c = marco_polo_content();
    let mut seen = 0;
    for cell in rules[from..to]
        .split('|')
        .map(str::trim)
        .collect::<Vec<_>>()
        .windows(2)
    {
        let (id, text) = (cell[0], cell[1]);
        let is_id =
            (id.starts_with('S') && id.len() == 2) || (id.starts_with('C') && id.len() == 3);
        if !is_id || !text.contains('→') || !id[1..].chars().all(|ch| ch.is_ascii_digit()) {
            continue;
        }
        let (need, give) = text.split_once('→').unwrap();
        let (cost, _) = rules_amounts(need);
        let (reward, icon) = rules_amounts(give);
        let k = c.card(id).unwrap_or_else(|| panic!("no card {id}"));
        let card = &c.cards[k as usize];
        let named = |list: &[(weft_core::content::CounterId, u32)]| -> BTreeMap<String, u32> {
            list.iter()
                .map(|&(k, n)| (c.counters[k as usize].id.clone(), n))
                .collect()
        };
        assert_eq!(named(&card.cost), cost, "{id}'s requirement");
        assert_eq!(named(&card.reward), reward, "{id}'s reward");
        let extra = card
            .params
            .get("extra")
            .and_then(|v| v.as_str())
            .map(str::to_string);
        assert_eq!(extra, icon, "{id}'s icon");
        let zone = &c.zones[card.zone as usize].id;
        let want = if id.starts_with('S') {
            "starting_contracts"
        } else {
            "contract_pile"
        };
        assert_eq!(zone, want, "{id}'s pile");
        seen += 1;
    }
    assert_eq!(seen, 36, "6 starting contracts and 30 in the pile");
}

/// Puts card `id` at position `pos` (from 0) of shared zone `zone`, swapping it with
/// whatever lay there (so no card is doubled).
fn put_card(g: &mut Game, zone: &str, pos: usize, id: &str) {
    let c = g.content();
    let card = c.card(id).unwrap();
    let to = c.zones.iter().find(|z| z.id == zone).unwrap().index;
    let zones = g.st.zones_mut();
    let here = zones[to].cards[pos];
    for z in zones.iter_mut() {
        for slot in z.cards.iter_mut() {
            if *slot == Some(card) {
                *slot = here;
            }
        }
    }
    zones[to].cards[pos] = Some(card);
    g.refresh();
}

#[test]
fn setup_deals_city_cards_and_bonus_cards_onto_the_map() {
    // M-SETUP-2, M-SETUP-3, M-DATA-7, M-DATA-8, M-DATA-9
    let mut g = Game::with(marco_polo_content(), 2, 6);
    let on_cities = shared_cards(&mut g, "city_actions");
    assert_eq!(on_cities.len(), 7, "one on each large city");
    assert_eq!(shared_cards(&mut g, "common_actions").len(), 2);
    assert_eq!(shared_cards(&mut g, "city_action_deck").len(), 18 - 9);
    assert!(on_cities.iter().all(|id| id.starts_with("CA")));
    let bonuses = shared_cards(&mut g, "city_bonuses");
    assert_eq!(bonuses.len(), 10, "one on each city bonus slot");
    assert!(bonuses.iter().all(|id| id.starts_with("CB")));
    assert_eq!(shared_cards(&mut g, "post_bonuses").len(), 6);
    assert_eq!(
        shared_cards(&mut g, "post_bonus_pile").len(),
        2,
        "two not dealt"
    );
}

#[test]
fn a_city_card_needs_a_post_there_and_applies_up_to_d_times() {
    // M-CITY-1, M-CITY-3, M-DICE-9, M-DATA-9 (CA01: ×d 2$ → 1P)
    let mut g = at_first_turn(11, &[own(3)]);
    let p = g.current();
    put_card(&mut g, "city_actions", 0, "CA01"); // Karakorum's card
    assert!(!g.offers("place:city_karakorum:3"), "no post in Karakorum");
    post_in(&mut g, p, "karakorum");
    set(&mut g, p, "coins", 0);
    set(&mut g, p, "jade", 0);
    g.refresh();
    assert!(
        !g.offers("place:city_karakorum:3"),
        "nothing to pay with: not once (M-DICE-9)"
    );
    set(&mut g, p, "coins", 5);
    g.refresh();
    let pepper = count(&g, p, "pepper");
    g.answer("place:city_karakorum:3");
    // d = 3, but 5 coins pay twice: the player chooses once or twice.
    let mut keys = g.keys();
    keys.sort();
    assert_eq!(keys, ["times:1", "times:2"]);
    g.answer("times:2");
    assert_eq!(count(&g, p, "coins"), 1);
    assert_eq!(count(&g, p, "pepper"), pepper + 2);
}

#[test]
fn a_city_card_is_exclusive_and_the_common_ones_need_no_post() {
    // M-CITY-2, M-CITY-4, M-DICE-4, M-DATA-9 (CA16: ×d gain 1$)
    let mut g = at_first_turn(12, &[own(4), own(5)]);
    let p = g.current();
    put_card(&mut g, "common_actions", 0, "CA16");
    put_card(&mut g, "common_actions", 1, "CA07");
    assert!(posts(&g, p).is_empty());
    let coins = count(&g, p, "coins");
    g.answer("place:common1:4");
    assert_eq!(count(&g, p, "coins"), coins + 4, "×d 1 coin, d = 4");
    while g.current() == p {
        g.answer("end");
    }
    let q = g.current();
    g.st.player_mut(q).dice = vec![own(6)];
    g.refresh();
    assert!(!g.offers("place:common1:6"), "taken this round");
    assert!(g.offers("place:common2:6"), "the other common card");
}

#[test]
fn the_common_city_cards_are_replaced_from_round_two() {
    // M-CITY-4, M-ROUND-2 (4)
    let mut g = Game::with(marco_polo_content(), 2, 13);
    let first = shared_cards(&mut g, "common_actions");
    let deck = shared_cards(&mut g, "city_action_deck");
    let end = play_until(&mut g, |st| st.round == 2);
    let _ = end;
    // Play on into round 2's turns.
    while g.st.round == 1 {
        let k = g.keys()[0].clone();
        g.answer(&k);
    }
    let now = shared_cards(&mut g, "common_actions");
    assert_eq!(now.len(), 2);
    assert!(
        now.iter().all(|c| !first.contains(c)),
        "{first:?} → {now:?}"
    );
    assert_eq!(
        now,
        [deck[deck.len() - 1].clone(), deck[deck.len() - 2].clone()],
        "the deck's top two"
    );
    let discards = shared_cards(&mut g, "city_action_discard");
    assert!(first.iter().all(|c| discards.contains(c)));
}

#[test]
fn a_city_is_used_from_the_turn_after_its_post() {
    // M-MOVE-9, M-ICON-3 (S3's step places a post before the main action)
    let mut g = at_first_turn(14, &[own(2), own(6)]);
    let p = g.current();
    let c = g.content();
    let slots = c.zones.iter().find(|z| z.id == "contracts").unwrap().index;
    g.st.player_mut(p).zones_mut()[slots].cards = vec![Some(c.card("S3").unwrap())];
    set(&mut g, p, "silk", 1);
    put_card(&mut g, "city_actions", 1, "CA16"); // Xi'an's card
    no_bonus_cards(&mut g);
    g.answer("fulfil:S3");
    g.answer("go:xian");
    if g.offers("none") {
        g.answer("none"); // Xi'an's contracts
    }
    assert!(posts(&g, p).contains(&"xian".to_string()));
    assert!(
        !g.offers("place:city_xian:2"),
        "the post was placed this turn: {:?}",
        g.keys()
    );
    g.answer("place:khan:2");
    while g.current() == p {
        g.answer("end");
    }
    while g.current() != p {
        let k = g
            .keys()
            .into_iter()
            .find(|k| !k.contains("city_xian"))
            .unwrap();
        g.answer(&k);
    }
    assert!(
        g.offers("place:city_xian:6"),
        "the next turn: {:?}",
        g.keys()
    );
}

#[test]
fn a_special_city_space_gives_more_with_its_guild_upgraded_and_closes_the_other() {
    // M-SPECIAL-1, M-SPECIAL-2, M-SPECIAL-3, M-GUILD-5, M-DATA-6 (Hormuz A: ⌈d/2⌉ P, +⌈d/3⌉ P)
    let mut g = at_first_turn(15, &[own(5), own(6)]);
    let p = g.current();
    assert!(!g.offers("place:hormuz_a:5"), "no post in Hormuz");
    post_in(&mut g, p, "hormuz");
    set(&mut g, p, "guild_spice", 2);
    set(&mut g, p, "pepper", 0);
    g.refresh();
    g.answer("place:hormuz_a:5");
    assert_eq!(count(&g, p, "pepper"), 3 + 2, "⌈5/2⌉ and, upgraded, ⌈5/3⌉");
    while g.current() == p {
        g.answer("end");
    }
    while g.current() != p {
        let k = g.keys()[0].clone();
        g.answer(&k);
    }
    g.st.player_mut(p).dice = vec![own(6)];
    set(&mut g, p, "pepper", 3);
    g.refresh();
    assert!(
        !g.offers("place:hormuz_b:6"),
        "its own colour on A closes B (M-SPECIAL-2)"
    );
}

#[test]
fn a_post_takes_the_city_bonus_now_and_each_round_and_the_post_bonus_once() {
    // M-MOVE-8 (b, c), M-ROUND-3, M-ICON-2, M-DATA-7 (CB02: 3$), M-DATA-8 (TP6: 6$)
    let mut g = at_first_turn(16, &[own(1)]);
    let p = g.current();
    no_bonus_cards(&mut g);
    put_card(&mut g, "city_bonuses", 4, "CB02"); // Sarai's city bonus
    put_card(&mut g, "post_bonuses", 4, "TP6"); // Sarai's trading-post bonus
    stand(&mut g, p, "bukhara");
    set(&mut g, p, "coins", 10);
    set(&mut g, p, "camels", 5);
    g.refresh();
    g.answer("place:travel1:1");
    let coins = count(&g, p, "coins");
    g.answer("go:sarai"); // 2 coins and a camel
    assert_eq!(
        count(&g, p, "coins"),
        coins - 2 + 3 + 6,
        "route, city bonus, post bonus"
    );
    assert!(
        shared_cards(&mut g, "post_bonuses").is_empty(),
        "the card left"
    );
    assert_eq!(boxed(&mut g), ["TP6"]);
    // The start phase gives the city bonus again (not the post bonus): the same game
    // with and without a post in Sarai, played alike into round 2, differ by 3 coins.
    let mut coins_at_round_2 = Vec::new();
    for with_post in [false, true] {
        let mut g = at_first_turn(16, &[own(1)]);
        no_bonus_cards(&mut g);
        put_card(&mut g, "city_bonuses", 4, "CB02");
        let p = g.current();
        if with_post {
            post_in(&mut g, p, "sarai");
            g.refresh();
        }
        play_until(&mut g, |st| st.round == 2);
        let now = now(&mut g);
        assert_eq!(now.round, 2);
        coins_at_round_2.push(now.players[p].count_named(&g.content(), "coins"));
    }
    assert_eq!(coins_at_round_2[1], coins_at_round_2[0] + 3);
}

#[test]
fn the_question_card_gains_another_city_bonus() {
    // M-ICON-6, M-DATA-7 (CB12 "?")
    let mut g = at_first_turn(17, &[own(1)]);
    let p = g.current();
    no_bonus_cards(&mut g);
    put_card(&mut g, "city_bonuses", 0, "CB12"); // Lanzhou
    put_card(&mut g, "city_bonuses", 1, "CB05"); // Dunhuang: 1 jade
    put_card(&mut g, "city_bonuses", 2, "CB03"); // Khotan: 2 camels
    stand(&mut g, p, "xian");
    set(&mut g, p, "coins", 10);
    set(&mut g, p, "jade", 0);
    g.refresh();
    g.answer("place:travel1:1");
    g.answer("go:lanzhou");
    let mut keys = g.keys();
    keys.sort();
    assert_eq!(keys, ["bonus:CB03", "bonus:CB05"], "not the ? card itself");
    g.answer("bonus:CB05");
    assert_eq!(count(&g, p, "jade"), 1);
}

#[test]
fn characters_one_more_than_the_players_are_taken_in_reverse_play_order() {
    // M-SETUP-7
    for players in 2..=4 {
        let mut g = Game::with(marco_polo_content(), players, 21);
        let offer = shared_cards(&mut g, "character_offer");
        assert_eq!(offer.len(), players + 1, "one more than the players");
        let first = g.st.first_player;
        let mut order = Vec::new();
        while g.keys().iter().any(|k| k.starts_with("character:")) {
            order.push(g.current());
            let k = g.keys()[0].clone();
            g.answer(&k);
        }
        let want: Vec<usize> = (0..players)
            .map(|k| (first + players - 1 - k) % players)
            .collect();
        assert_eq!(order, want, "the first player picks last");
        for p in 0..players {
            assert_eq!(player_cards(&mut g, p, "character").len(), 1);
        }
        assert!(shared_cards(&mut g, "character_offer").is_empty());
        let out: Vec<String> = shared_cards(&mut g, "box");
        assert_eq!(out.len(), 1, "the one left goes out of the game");
    }
}

#[test]
fn mongke_skips_oases_and_scores_each_one() {
    // M-CHAR-1 (a, b), against M-MOVE-1 (T2 at strength 1: one step)
    for with in [false, true] {
        let mut g = at_first_turn(22, &[own(1), own(1)]);
        let p = g.current();
        if with {
            give_character(&mut g, p, "mongke");
        }
        set(&mut g, p, "coins", 10);
        set(&mut g, p, "camels", 10);
        no_bonus_cards(&mut g);
        g.answer("place:travel2:11");
        g.answer("go:gobi"); // Beijing–Gobi: 2 coins
        if !with {
            assert!(!g.offers("go:turfan"), "one step only: {:?}", g.keys());
            continue;
        }
        g.answer("go:turfan"); // 1 camel
        let (vp, coins) = (count(&g, p, "vp"), count(&g, p, "coins"));
        g.answer("go:kashgar"); // 2 camels: the one step counted
        while g.offers("none") {
            g.answer("none"); // Kashgar's contracts
        }
        assert!(posts(&g, p).contains(&"kashgar".to_string()));
        // Two oases skipped: 3 VP each, and coins or a camel each.
        assert!(g.offers("oasis:1") && g.offers("oasis:2"), "{:?}", g.keys());
        g.answer("oasis:1");
        g.answer("oasis:2");
        assert_eq!(count(&g, p, "vp"), vp + 6);
        assert_eq!(count(&g, p, "coins"), coins + 2);
        assert_eq!(count(&g, p, "camels"), 10 - 3 + 1);
    }
}

#[test]
fn de_wu_takes_a_guild_marker_with_one_die_and_a_jade_per_upgrade() {
    // M-CHAR-2 (a, b), against M-GUILD-1 (two dice)
    let mut g = at_first_turn(23, &[own(4), own(6)]);
    let p = g.current();
    assert!(!g.offers("place:guild:4"), "two dice for others");
    assert!(g.offers("place:guild:46"));
    give_character(&mut g, p, "de_wu");
    assert!(
        g.offers("place:guild:4"),
        "one die for De Wu: {:?}",
        g.keys()
    );
    assert!(g.offers("place:guild:46"), "or two");
    let jade = count(&g, p, "jade");
    g.answer("place:guild:4");
    g.answer("guild:jewellers");
    assert_eq!(
        count(&g, p, "jade"),
        jade + 3,
        "the jewellers' 3 jade (M-GUILD-1)"
    );
    set(&mut g, p, "guild_farmers", 1);
    set(&mut g, p, "coins", 3);
    set(&mut g, p, "camels", 2);
    g.refresh();
    let jade = count(&g, p, "jade");
    g.answer("upgrade:farmers");
    assert_eq!(
        count(&g, p, "jade"),
        jade + 1,
        "De Wu's jade for an upgrade"
    );
    // With one die left, too.
    let mut g = at_first_turn(23, &[own(5)]);
    let p = g.current();
    assert!(!g.offers("place:guild:5"));
    give_character(&mut g, p, "de_wu");
    assert!(g.offers("place:guild:5"), "his last die: {:?}", g.keys());
}

#[test]
fn abha_bas_gains_coins_each_round_jade_per_contract_and_vp_per_jade() {
    // M-CHAR-3 (a, b, c)
    let mut g = at_first_turn(24, &[own(2)]);
    let p = g.current();
    give_character(&mut g, p, "abha_bas");
    let coins = count(&g, p, "coins");
    trigger(&mut g, p, "income", "");
    assert_eq!(count(&g, p, "coins"), coins + 2, "a start phase's 2 coins");
    // A contract fulfilled: its reward, 1 jade, and 1 VP for that jade.
    let c = g.content();
    let slots = c.zones.iter().find(|z| z.id == "contracts").unwrap().index;
    g.st.player_mut(p).zones_mut()[slots].cards = vec![Some(c.card("S1").unwrap())];
    set(&mut g, p, "pepper", 1);
    set(&mut g, p, "camels", 1);
    set(&mut g, p, "jade", 0);
    g.refresh();
    let vp = count(&g, p, "vp");
    g.answer("fulfil:S1");
    assert_eq!(count(&g, p, "jade"), 1);
    assert_eq!(count(&g, p, "vp"), vp + 3 + 1);
    // Jade from anywhere (the purse) brings its VP too.
    let vp = count(&g, p, "vp");
    g.answer("purse:2");
    g.answer("jade");
    assert_eq!(count(&g, p, "jade"), 2);
    assert_eq!(count(&g, p, "vp"), vp + 1);
}

#[test]
fn filippo_keeps_the_trading_post_bonus_cards_and_uses_them_later() {
    // M-CHAR-5 (a, b), M-EXTRA-7 (his extra action), against M-MOVE-8 (c)
    let mut g = at_first_turn(25, &[own(1)]);
    let p = g.current();
    let q = 1 - p;
    give_character(&mut g, q, "filippo");
    no_bonus_cards(&mut g);
    put_card(&mut g, "post_bonuses", 0, "TP6"); // Karakorum: 6 coins
    set(&mut g, p, "coins", 10);
    g.refresh();
    g.answer("place:travel1:1");
    let coins = count(&g, p, "coins");
    g.answer("go:karakorum"); // 1 camel
    assert_eq!(
        count(&g, p, "coins"),
        coins + 6,
        "the effect stays the placer's"
    );
    assert_eq!(
        player_cards(&mut g, q, "kept_bonuses"),
        ["TP6"],
        "then Filippo's"
    );
    // Filippo's own post: the card kept, unresolved; his extra action resolves it.
    let mut g = at_first_turn(25, &[own(1)]);
    let p = g.current();
    give_character(&mut g, p, "filippo");
    no_bonus_cards(&mut g);
    put_card(&mut g, "post_bonuses", 0, "TP6");
    set(&mut g, p, "coins", 10);
    g.refresh();
    g.answer("place:travel1:1");
    let coins = count(&g, p, "coins");
    g.answer("go:karakorum");
    assert_eq!(count(&g, p, "coins"), coins, "kept unresolved");
    assert_eq!(player_cards(&mut g, p, "kept_bonuses"), ["TP6"]);
    assert!(g.offers("kept:TP6"), "{:?}", g.keys());
    g.answer("kept:TP6");
    assert_eq!(count(&g, p, "coins"), coins + 6);
    assert!(player_cards(&mut g, p, "kept_bonuses").is_empty());
    assert!(boxed(&mut g).contains(&"TP6".to_string()));
}

#[test]
fn isabella_gains_by_each_die_or_pair_of_her_roll_and_each_black_die() {
    // M-CHAR-6 (its DECISION: pairs of one value, each die in one pair at most)
    let mut g = at_first_turn(26, &[own(1), own(1), own(3), own(5), own(6)]);
    let p = g.current();
    give_character(&mut g, p, "isabella");
    set(&mut g, p, "jade", 0);
    let (coins, camels, vp) = (
        count(&g, p, "coins"),
        count(&g, p, "camels"),
        count(&g, p, "vp"),
    );
    trigger(&mut g, p, "rolled", "");
    let mut keys = g.keys();
    keys.sort();
    assert_eq!(keys, ["pairs:1:0", "pairs:1:1"], "only the two 1s pair");
    g.answer("pairs:1:1");
    assert_eq!(count(&g, p, "jade"), 1, "a pair of 1s: 1 jade");
    assert_eq!(count(&g, p, "camels"), camels + 1, "the 3");
    assert_eq!(count(&g, p, "vp"), vp + 1, "the 5");
    assert_eq!(count(&g, p, "coins"), coins + 2, "the 6");
    // A black die she takes gives by its value (the `black` extra's hook point).
    set(&mut g, p, "camels", 3);
    g.refresh();
    let before = (
        count(&g, p, "coins"),
        count(&g, p, "camels"),
        count(&g, p, "vp"),
    );
    g.answer("black");
    let die = now(&mut g).players[p]
        .dice
        .iter()
        .find(|d| d.neutral)
        .expect("a black die")
        .pips;
    let got = (
        count(&g, p, "coins") - before.0,
        count(&g, p, "camels") - (before.1 - 3),
        count(&g, p, "vp") - before.2,
    );
    let want = match die {
        1 | 6 => (2, 0, 0),
        2 | 5 => (0, 0, 1),
        _ => (0, 1, 0),
    };
    assert_eq!(got, want, "a black {die}");
}

#[test]
fn gantulga_moves_only_with_the_lowest_space_and_pays_no_coins_or_camels_for_routes() {
    // M-CHAR-7 (a, b), against M-MOVE-1 and M-MOVE-3
    let mut g = at_first_turn(27, &[own(3), own(4), own(5)]);
    let p = g.current();
    assert!(g.offers("place:travel1:3") && g.offers("place:travel2:34"));
    give_character(&mut g, p, "gantulga");
    assert!(!g.offers("place:travel1:3"), "T1 closed to him");
    assert!(!g.offers("place:travel2:34"), "T2 closed to him");
    let (coins, camels) = (count(&g, p, "coins"), count(&g, p, "camels"));
    g.answer("place:travel3:345");
    g.answer("go:karakorum"); // 1 camel for others
    g.answer("go:gobi"); // free
    g.answer("go:turfan"); // 1 camel
    assert_eq!(
        (count(&g, p, "coins"), count(&g, p, "camels")),
        (coins, camels),
        "no route costs in coins or camels"
    );
}

#[test]
fn each_player_keeps_one_of_three_objectives_hidden_from_the_others() {
    // M-SETUP-8, M-MAT-6
    let mut g = Game::with(marco_polo_content(), 3, 32);
    for p in 0..3 {
        assert_eq!(player_cards(&mut g, p, "objective_offer").len(), 3);
    }
    let c = g.content();
    let offer = c.zones.iter().find(|z| z.id == "objective_offer").unwrap();
    let kept = c.zones.iter().find(|z| z.id == "objective").unwrap();
    assert_eq!(offer.visibility, weft_core::content::Visibility::Owner);
    assert_eq!(kept.visibility, weft_core::content::Visibility::Owner);
    let g = picked(3, 32);
    let mut g = g;
    for p in 0..3 {
        assert_eq!(player_cards(&mut g, p, "objective").len(), 1);
        assert!(player_cards(&mut g, p, "objective_offer").is_empty());
    }
    assert_eq!(
        shared_cards(&mut g, "objectives_out").len(),
        6,
        "face down, out of the game"
    );
}

/// The text of RULES.md between rule `from`'s bold id and rule `to`'s.
fn rules_section(from: &str, to: &str) -> String {
    let rules =
        std::fs::read_to_string(weft_tests::repo().join("content/marco-polo-2/RULES.md")).unwrap();
    let a = rules.find(&format!("**{from}**")).unwrap();
    let b = rules[a..].find(&format!("**{to}**")).unwrap() + a;
    rules[a..b].to_string()
}

/// A card's params table as counters (`{ pepper = 1 }`).
fn param_amounts(v: Option<&toml::Value>) -> BTreeMap<String, u32> {
    v.and_then(|v| v.as_table())
        .map(|t| {
            t.iter()
                .map(|(k, v)| (k.clone(), v.as_integer().unwrap() as u32))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn the_bonus_cards_are_the_rules_lists() {
    // M-DATA-7 (city bonus cards, "!"), M-DATA-8 (trading-post bonus cards): each card's
    // reward and icon as RULES.md lists them, in order
    let c = marco_polo_content();
    let cards = |kind: &str| -> Vec<&weft_core::content::Card> {
        c.cards.iter().filter(|k| k.kind == kind).collect()
    };
    for (rule, next, kind) in [
        ("M-DATA-7", "M-DATA-8", "city_bonus"),
        ("M-DATA-8", "M-DATA-9", "post_bonus"),
    ] {
        let text = rules_section(rule, next).replace('\n', " ");
        let list = text.split("The cards:").nth(1).unwrap();
        let list = list
            .trim()
            .trim_end_matches('-')
            .trim()
            .trim_end_matches('.');
        let items: Vec<&str> = list
            .split(';')
            .map(|x| x.trim().trim_end_matches('.'))
            .collect();
        let ours = cards(kind);
        assert_eq!(items.len(), ours.len(), "{rule}: {items:?}");
        for (item, card) in items.iter().zip(ours) {
            if item.starts_with('"') {
                assert_eq!(
                    card.params.get("pick").and_then(|v| v.as_bool()),
                    Some(true),
                    "{rule} {}",
                    card.id
                );
                continue;
            }
            let (want, icon) = rules_amounts(item);
            let got: BTreeMap<String, u32> = card
                .reward
                .iter()
                .map(|&(k, n)| (c.counters[k as usize].id.clone(), n))
                .collect();
            assert_eq!(got, want, "{rule} {}: {item}", card.id);
            assert_eq!(
                card.params
                    .get("extra")
                    .and_then(|v| v.as_str())
                    .map(str::to_string),
                icon,
                "{rule} {}: {item}",
                card.id
            );
        }
    }
}

#[test]
fn the_city_action_cards_and_objectives_are_the_rules_tables() {
    // M-DATA-9 (city action cards: each formula as RULES.md writes it, read back from the
    // card's params), M-DATA-11 (objectives: guilds, VP, cities)
    let c = marco_polo_content();
    let table = rules_section("M-DATA-9", "M-DATA-10");
    let mut seen = 0;
    for cell in table
        .split('|')
        .map(str::trim)
        .collect::<Vec<_>>()
        .windows(2)
    {
        let (id, effect) = (cell[0], cell[1]);
        if !id.starts_with("CA") || id.len() != 4 {
            continue;
        }
        let card = &c.cards[c.card(id).unwrap() as usize];
        let p = &card.params;
        let times = p.get("times").and_then(|v| v.as_str()).unwrap_or("1");
        let pay = param_amounts(p.get("pay"));
        let gain = param_amounts(p.get("gain"));
        let mult = match times {
            "d" => "×d",
            "ceil(d/2)" => "×⌈d/2⌉",
            "ceil(d/3)" => "×⌈d/3⌉",
            "floor(d/2)" => "×⌊d/2⌋",
            other => panic!("{id}: times {other}"),
        };
        // The table's formula read against the params: its multiplier, then what is
        // paid and gained (M-CITY-3, M-ICON-1, M-ICON-7).
        if let Some(cap) = p.get("cap").and_then(|v| v.as_str()) {
            let what = if cap == "contracts" {
                "contracts✓"
            } else {
                "posts✓"
            };
            let unit = if gain.contains_key("vp") { "VP" } else { "$" };
            assert_eq!(effect, format!("gain min(d, {what}) {unit}"), "{id}");
            assert_eq!(gain.values().sum::<u32>(), 1, "{id}: one a time");
        } else if p.get("first").is_some() {
            let rest = effect.strip_prefix("BD, then ").expect(id);
            let (m, g) = rest.split_once(" gain ").expect(id);
            assert_eq!((m, rules_amounts(g).0), (mult, gain.clone()), "{id}");
        } else {
            let (m, rest) = effect.split_once(' ').expect(id);
            assert_eq!(m, mult, "{id}");
            if let Some(extra) = p.get("extra").and_then(|v| v.as_str()) {
                assert_eq!(rest, extra, "{id}");
            } else if let Some(g) = rest.strip_prefix("gain ") {
                assert!(pay.is_empty(), "{id}");
                assert_eq!(rules_amounts(g).0, gain, "{id}");
            } else {
                let (paid, got) = rest.split_once(" → ").expect(id);
                assert_eq!(rules_amounts(got).0, gain, "{id}");
                match p.get("pay_distinct").and_then(|v| v.as_integer()) {
                    Some(n) => assert_eq!(paid, format!("{n}≠"), "{id}"),
                    None => assert_eq!(rules_amounts(paid).0, pay, "{id}"),
                }
            }
        }
        assert_eq!(card.text, effect, "{id}'s text");
        seen += 1;
    }
    assert_eq!(seen, 18, "M-DATA-9 lists 18 cards");
    let table = rules_section("M-DATA-11", "M-DATA-12");
    let mut seen = 0;
    for row in table.lines().filter(|l| l.trim_start().starts_with("| O")) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let (id, guilds, vp, cities) = (cells[1], cells[2], cells[3], cells[4]);
        let o = &c.cards[c.card(id).unwrap() as usize].params;
        let want_guilds: Vec<&str> = guilds.split(" + ").collect();
        let got_guilds: Vec<&str> = o["guilds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g.as_str().unwrap())
            .collect();
        assert_eq!(got_guilds, want_guilds, "{id}");
        assert_eq!(o["vp"].as_integer().unwrap().to_string(), vp, "{id}");
        let names: Vec<String> = o["cities"]
            .as_array()
            .unwrap()
            .iter()
            .map(|city| {
                let id = city.as_str().unwrap();
                c.board
                    .slots
                    .iter()
                    .find(|s| s.id == id)
                    .map(|_| id.to_string())
                    .unwrap()
            })
            .collect();
        let want: Vec<String> = cities
            .split(", ")
            .map(|n| n.to_lowercase().replace(['\'', ' '], ""))
            .collect();
        assert_eq!(names, want, "{id}");
        seen += 1;
    }
    assert_eq!(seen, 12, "M-DATA-11 lists 12 objectives");
}

#[test]
fn mei_lin_moves_either_of_two_travellers_and_gains_a_bonus_twice() {
    // M-CHAR-4 (a, b, c), against M-SETUP-1 (one traveller) and M-ROUND-3 (each bonus once)
    let mut g = at_first_turn(33, &[own(1)]);
    let p = g.current();
    give_character(&mut g, p, "mei_lin");
    let coins = count(&g, p, "coins");
    trigger(&mut g, p, "chosen", "");
    assert_eq!(now(&mut g).players[p].pieces.len(), 2, "a second traveller");
    assert_eq!(count(&g, p, "coins"), coins + 3, "3 more coins");
    let second = now(&mut g).players[p].pieces[1].at;
    assert_eq!(g.content().board.slots[second as usize].id, "beijing");
    // Apart, she chooses which one moves; the post goes where that one stops.
    let xian = g.slot("xian");
    g.st.player_mut(p).pieces[1].at = xian;
    set(&mut g, p, "coins", 10);
    no_bonus_cards(&mut g);
    g.answer("place:travel1:1");
    let mut keys = g.keys();
    keys.sort();
    assert_eq!(keys, ["traveller:1", "traveller:2"]);
    g.answer("traveller:2");
    assert!(g.offers("go:lanzhou"), "from Xi'an: {:?}", g.keys());
    g.answer("go:lanzhou");
    assert!(posts(&g, p).contains(&"lanzhou".to_string()));
    assert_eq!(
        g.content().board.slots[now(&mut g).players[p].pieces[0].at as usize].id,
        "beijing",
        "the other stayed"
    );
    // A start phase: her one city bonus (3 coins) twice.
    let mut coins_at_round_2 = Vec::new();
    for with in [false, true] {
        let mut g = at_first_turn(16, &[own(1)]);
        no_bonus_cards(&mut g);
        put_card(&mut g, "city_bonuses", 4, "CB02"); // Sarai: 3 coins
        let p = g.current();
        post_in(&mut g, p, "sarai");
        if with {
            give_character(&mut g, p, "mei_lin");
        }
        g.refresh();
        play_until(&mut g, |st| st.round == 2);
        let now = now(&mut g);
        coins_at_round_2.push(now.players[p].count_named(&g.content(), "coins"));
    }
    assert_eq!(coins_at_round_2[1], coins_at_round_2[0] + 3);
}

#[test]
fn two_different_goods_may_be_paid_as_often_as_the_goods_allow() {
    // M-ICON-1 ("2≠"), M-CITY-3, M-DICE-9, M-DATA-9 (CA15: ×⌈d/2⌉ 2≠ → 4VP): with 2
    // pepper, 1 silk and 1 gold, pepper+silk then pepper+gold is twice
    let mut g = at_first_turn(34, &[own(4)]);
    let p = g.current();
    put_card(&mut g, "common_actions", 0, "CA15");
    set(&mut g, p, "pepper", 2);
    set(&mut g, p, "silk", 1);
    set(&mut g, p, "gold", 1);
    g.refresh();
    let vp = count(&g, p, "vp");
    g.answer("place:common1:4");
    let mut keys = g.keys();
    keys.sort();
    assert_eq!(keys, ["times:1", "times:2"], "twice at d = 4");
    g.answer("times:2");
    // Silk first: then only pepper keeps a second time payable (silk and gold would
    // leave two pepper), so it is taken without asking; the second time asks again.
    g.answer("pay:silk");
    let so_far = now(&mut g);
    assert_eq!(
        so_far.players[p].count_named(&g.content(), "pepper"),
        1,
        "pepper went with the silk"
    );
    let mut keys = g.keys();
    keys.sort();
    assert_eq!(keys, ["pay:gold", "pay:pepper"], "the second time");
    g.answer("pay:pepper");
    assert_eq!(
        (
            count(&g, p, "pepper"),
            count(&g, p, "silk"),
            count(&g, p, "gold")
        ),
        (0, 0, 0)
    );
    assert_eq!(count(&g, p, "vp"), vp + 8);
}

#[test]
fn the_map_is_the_rules_table_of_nodes() {
    // M-DATA-1 (invented): every node with its kind, and as many card slots as the
    // table's `cb`, `tp` and `ct` columns; M-MAT-5 (the cards under cards/)
    let c = marco_polo_content();
    let table = rules_section("M-DATA-1", "M-DATA-2");
    let (mut nodes, mut cb, mut tp, mut ct) = (0, 0, 0, 0);
    for row in table.lines().filter(|l| l.trim_start().starts_with("| ")) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let (id, name, kind, slots) = (cells[1], cells[2], cells[3], cells[5]);
        if id == "id" || id.starts_with("---") {
            continue;
        }
        let slot_id = name
            .to_lowercase()
            .replace('\'', "")
            .replace([' ', '-'], "_");
        let slot = c
            .board
            .slots
            .iter()
            .find(|s| s.id == slot_id)
            .unwrap_or_else(|| panic!("{id} {name}: no slot {slot_id}"));
        let kind = kind.split_whitespace().next().unwrap();
        assert_eq!(slot.kind, kind, "{id} {name}");
        cb += usize::from(slots.contains("cb"));
        tp += usize::from(slots.contains("tp"));
        ct += usize::from(slots.contains("ct"));
        nodes += 1;
    }
    assert_eq!(nodes, 24);
    assert_eq!(nodes, c.board.slots.len(), "no node but the table's");
    // The pack's card slots: a position per city of each grid, a display per contract city.
    let mut g = Game::with(Arc::clone(&c), 2, 1);
    let contract_cities = c
        .zones
        .iter()
        .filter(|z| z.id.starts_with("contracts_"))
        .count();
    assert_eq!(
        (
            shared_cards(&mut g, "city_bonuses").len(),
            shared_cards(&mut g, "post_bonuses").len(),
            contract_cities
        ),
        (cb, tp, ct)
    );
    assert_eq!((cb, tp, ct), (10, 6, 5));
    assert!(
        c.cards.iter().all(|k| k.declared_in.contains("/cards/")),
        "M-MAT-5"
    );
}
