//! Dice play (issue 32, the primitives Marco Polo II needs; rule ids M-… in
//! content/marco-polo-2/RULES.md): pools rolled each round, placement of exact numbers of
//! dice with the lowest die as strength, occupancy from data (open with a fee,
//! exclusive, ordered, unlimited), the colour rule neutral dice escape, linked spaces,
//! extra actions around one main action, the fallback main action, and turns that go
//! round until every pool is empty. On the fixture `tests/fixtures/dice`.

use std::sync::Arc;

use weft_core::content::load_content;
use weft_core::state::{DicePlacement, PoolDie};
use weft_tests::{conformance, dice_content, dice_files, library, Game};

fn own(pips: u8) -> PoolDie {
    PoolDie::own(pips)
}

fn neutral(pips: u8) -> PoolDie {
    PoolDie::neutral(pips)
}

/// A 2-player game at its first decision, seat 1 to play, with the pools set.
fn game_with_pools(first: &[PoolDie], second: &[PoolDie]) -> Game {
    let mut g = Game::with(dice_content(), 2, 1);
    assert_eq!(g.current(), 0, "seat 1 starts (first_player = \"seat1\")");
    g.st.player_mut(0).dice = first.to_vec();
    g.st.player_mut(1).dice = second.to_vec();
    // No jade, so that coins and camels alone pay (see the jade test).
    let jade = g.content().counter("jade").unwrap();
    for p in 0..2 {
        g.st.player_mut(p).set(jade, 0);
    }
    g.refresh();
    g
}

fn count(g: &Game, p: usize, what: &str) -> i64 {
    g.st.players[p].count_named(&g.content(), what)
}

fn set(g: &mut Game, p: usize, what: &str, n: i64) {
    let k = g.content().counter(what).unwrap();
    g.st.player_mut(p).set(k, n);
}

fn space(g: &Game, id: &str) -> usize {
    g.content().dice_play.space_index(id).unwrap() as usize
}

fn put(g: &mut Game, id: &str, player: u8, dice: &[PoolDie]) {
    let s = space(g, id);
    let strength = dice.iter().map(|d| d.pips).min().unwrap();
    g.st.dice_placed += 1;
    let seq = g.st.dice_placed;
    g.st.dice_spaces_mut()[s].placements.push(DicePlacement {
        player,
        dice: dice.to_vec(),
        strength,
        seq,
    });
}

fn places(g: &Game, prefix: &str) -> Vec<String> {
    g.keys()
        .into_iter()
        .filter(|k| k.starts_with(prefix))
        .collect()
}

#[test]
fn each_round_every_die_comes_back_and_every_pool_is_rolled() {
    // M-ROUND-2 (3, 5), M-MAT-3, M-MAT-4
    let mut g = Game::with(dice_content(), 3, 7);
    for p in 0..3 {
        let pool = &g.st.players[p].dice;
        assert_eq!(pool.len(), 3, "three dice each");
        assert!(pool.windows(2).all(|w| w[0] <= w[1]), "lowest first");
        assert!(pool.iter().all(|d| (1..=6).contains(&d.pips) && !d.neutral));
    }
    assert_eq!(g.st.neutral_dice, 2);
    // Play round 1 to its end with the first option each time.
    while g.st.round == 1 {
        let key = g.keys()[0].clone();
        g.answer(&key);
    }
    assert_eq!(g.st.round, 2);
    assert!(g.st.players.iter().all(|p| p.dice.len() == 3));
    assert!(g.st.dice_spaces.iter().all(|s| s.placements.is_empty()));
    assert_eq!(g.st.neutral_dice, 2);
    assert_eq!(g.st.dice_placed, 0);
}

#[test]
fn the_strength_is_the_lowest_die_and_thresholds_compare_it() {
    // M-DICE-2, M-DICE-3, M-MARKET-1, M-MOVE-1 (a cost)
    let mut g = game_with_pools(&[own(2), own(5), own(6)], &[own(1)]);
    assert_eq!(places(&g, "place:high:"), ["place:high:5", "place:high:6"]);
    assert_eq!(
        places(&g, "place:travel:"),
        ["place:travel:25", "place:travel:26", "place:travel:56"],
        "exactly two dice, each distinct set once"
    );
    let (coins, vp) = (count(&g, 0, "coins"), count(&g, 0, "vp"));
    g.answer("place:travel:25");
    assert_eq!(
        count(&g, 0, "vp"),
        vp + 2,
        "the yield reads the strength, 2"
    );
    assert_eq!(count(&g, 0, "coins"), coins - 2, "the space's cost");
    assert_eq!(g.st.players[0].dice, [own(6)]);
    let pl = &g.st.dice_spaces[space(&g, "travel")].placements[0];
    assert_eq!((pl.player, pl.strength, pl.seq), (0, 2, 1));
}

#[test]
fn an_occupied_open_space_costs_its_strength_and_takes_each_colour_once() {
    // M-DICE-4, M-DICE-5, M-DICE-6, M-DICE-8
    let mut g = game_with_pools(&[own(3), own(6)], &[own(4), own(5)]);
    assert!(g.offers("place:market:3"));
    g.answer("place:market:3");
    g.answer("end");
    assert_eq!(g.current(), 1);
    let coins = count(&g, 1, "coins");
    assert!(g
        .decision()
        .options
        .iter()
        .any(|o| o.key.as_ref() == "place:market:4" && o.label().contains("fee 4 coins")));
    g.answer("place:market:4");
    assert_eq!(count(&g, 1, "coins"), coins - 4, "the fee is the strength");
    g.answer("end");
    // Seat 1 again: its colour is on the market, so no own die goes there ...
    assert_eq!(g.current(), 0);
    assert!(places(&g, "place:market:").is_empty(), "{:?}", g.keys());
    // ... but a neutral die does (M-DICE-8), and pays the fee.
    g.st.player_mut(0).dice.push(neutral(2));
    g.refresh();
    assert_eq!(places(&g, "place:market:"), ["place:market:2n"]);
}

#[test]
fn a_placement_whose_fee_or_needs_cannot_be_paid_is_not_offered() {
    // M-DICE-6, M-DICE-9
    let mut g = game_with_pools(&[own(1), own(4)], &[own(2)]);
    put(&mut g, "market", 1, &[own(6)]);
    set(&mut g, 0, "coins", 1);
    g.refresh();
    assert_eq!(
        places(&g, "place:market:"),
        ["place:market:1"],
        "a fee of 4 is too much"
    );
    assert!(
        places(&g, "place:city_a:").is_empty(),
        "city A needs a good to trade"
    );
    set(&mut g, 0, "goods", 1);
    g.refresh();
    assert_eq!(
        places(&g, "place:city_a:"),
        ["place:city_a:1", "place:city_a:4"]
    );
    assert!(
        places(&g, "place:travel:").is_empty(),
        "travel costs 2 coins and a fee, and seat 1 has 1 coin"
    );
}

#[test]
fn exclusive_spaces_take_one_placement_and_linked_spaces_one_colour() {
    // M-DICE-4 (exclusive), M-SPECIAL-2 (linked spaces)
    let mut g = game_with_pools(&[own(3), own(4)], &[own(2), own(5)]);
    set(&mut g, 0, "goods", 2);
    g.refresh();
    g.answer("place:city_a:3");
    // City A asks how many trades, up to the strength (M-DICE-9).
    assert_eq!(g.keys(), ["times:1", "times:2"]);
    g.answer("times:2");
    assert_eq!(count(&g, 0, "vp"), 4);
    g.answer("end");
    assert!(places(&g, "place:city_a:").is_empty(), "taken this round");
    assert_eq!(
        places(&g, "place:city_b:"),
        ["place:city_b:2", "place:city_b:5"]
    );
    g.answer("place:market:2");
    g.answer("end");
    // Seat 1's own dice are on city A: city B, linked to it, is closed to them ...
    assert!(places(&g, "place:city_b:").is_empty(), "{:?}", g.keys());
    // ... but not to a neutral die.
    g.st.player_mut(0).dice.push(neutral(6));
    g.refresh();
    assert_eq!(places(&g, "place:city_b:"), ["place:city_b:6n"]);
}

#[test]
fn the_ordered_space_fills_left_to_right_with_no_weaker_die() {
    // M-KHAN-1, M-KHAN-2, M-KHAN-3, M-KHAN-4
    let mut g = game_with_pools(&[own(4), own(6)], &[own(2), own(3), own(5)]);
    let coins = count(&g, 0, "coins");
    g.answer("place:khan:4");
    assert_eq!(count(&g, 0, "coins"), coins + 4, "no fee; the favour paid");
    g.answer("end");
    assert_eq!(
        places(&g, "place:khan:"),
        ["place:khan:5"],
        "only a die no weaker than the 4 before"
    );
    g.answer("place:khan:5");
    g.answer("end");
    assert!(
        places(&g, "place:khan:").is_empty(),
        "full, and seat 1's colour is there"
    );
    g.st.player_mut(0).dice.push(neutral(6));
    g.refresh();
    assert!(places(&g, "place:khan:").is_empty(), "full: two slots");
}

#[test]
fn extras_reroll_adjust_and_take_a_neutral_die_for_their_costs() {
    // M-EXTRA-3, M-EXTRA-4, M-EXTRA-5
    let mut g = game_with_pools(&[own(1), own(6)], &[own(3)]);
    set(&mut g, 0, "camels", 10);
    g.refresh();
    let keys = g.keys();
    for k in [
        "reroll:1",
        "reroll:6",
        "adjust:1:up",
        "adjust:6:down",
        "black",
    ] {
        assert!(keys.contains(&k.to_string()), "{k} in {keys:?}");
    }
    assert!(
        !keys.contains(&"adjust:1:down".to_string()),
        "never below 1"
    );
    assert!(!keys.contains(&"adjust:6:up".to_string()), "never above 6");
    g.answer("adjust:1:up");
    assert_eq!(g.st.players[0].dice, [own(2), own(6)]);
    assert_eq!(count(&g, 0, "camels"), 8);
    g.answer("reroll:6");
    assert_eq!(g.st.players[0].dice.len(), 2);
    assert_eq!(count(&g, 0, "camels"), 7);
    g.answer("black");
    assert_eq!(g.st.neutral_dice, 1);
    assert_eq!(g.st.players[0].dice.iter().filter(|d| d.neutral).count(), 1);
    assert_eq!(count(&g, 0, "camels"), 4);
    assert!(!g.offers("black"), "once per turn");
    set(&mut g, 0, "camels", 0);
    g.refresh();
    assert!(
        !g.keys()
            .iter()
            .any(|k| k.starts_with("reroll:") || k.starts_with("adjust:")),
        "no camels, no reroll or adjust"
    );
}

#[test]
fn a_turn_is_extras_then_one_main_action_then_extras_then_its_end() {
    // M-TURN-1, M-TURN-2
    let mut g = game_with_pools(&[own(2), own(5)], &[own(3)]);
    set(&mut g, 0, "goods", 1);
    g.refresh();
    assert!(!g.offers("end"), "no end before the main action");
    assert!(g.offers("sell:good"), "a script's extra before it");
    g.answer("sell:good");
    assert_eq!((count(&g, 0, "goods"), count(&g, 0, "vp")), (0, 2));
    g.answer("place:market:5");
    assert_eq!(count(&g, 0, "goods"), 1, "the market's good");
    assert!(places(&g, "place:").is_empty(), "one main action a turn");
    assert!(g.offers("end"));
    assert!(g.offers("sell:good"), "extras after the main action too");
    assert!(g.offers("purse:2"), "the purse is an extra");
    assert!(g.try_answer("place:market:2").is_err());
    g.answer("end");
    assert_eq!(g.current(), 1);
}

#[test]
fn the_purse_stands_in_when_no_dice_space_takes_the_dice() {
    // M-TURN-3, M-EXTRA-2
    let mut g = game_with_pools(&[own(1)], &[own(3)]);
    put(&mut g, "market", 0, &[own(4)]);
    put(&mut g, "khan", 1, &[own(2)]);
    put(&mut g, "khan", 1, &[own(3)]);
    put(&mut g, "city_a", 1, &[own(2)]);
    put(&mut g, "city_b", 0, &[own(5)]);
    put(&mut g, "pilgrim", 1, &[own(6)]);
    g.refresh();
    assert!(places(&g, "place:").is_empty(), "{:?}", g.keys());
    assert!(!g.offers("end"), "the main action is still to take");
    assert_eq!(places(&g, "purse:"), ["purse:1"]);
    g.answer("purse:1");
    g.answer("coins");
    assert!(g.st.flow.main_done, "the purse was the main action");
    // The turn goes on with extras (a black die for 3 camels), and may end now.
    assert_eq!(g.current(), 0);
    assert!(g.offers("end") && g.offers("black"), "{:?}", g.keys());
    assert!(places(&g, "purse:").is_empty(), "the pool is empty");
}

#[test]
fn a_pool_emptied_before_the_main_action_ends_the_turn() {
    // M-TURN-3 (`empty_pool_ends_turn`, the default)
    let mut g = game_with_pools(&[own(3)], &[own(4)]);
    assert!(g.offers("place:market:3"), "a main action exists");
    g.answer("purse:3");
    g.answer("camels");
    assert_eq!(g.current(), 1, "seat 1's pool is empty: its turn ended");
    assert!(!g.st.flow.main_done);
}

#[test]
fn turns_pass_over_empty_pools_until_every_pool_is_empty() {
    // M-ROUND-4
    let mut g = game_with_pools(&[own(2)], &[own(3), own(4), own(5)]);
    g.answer("place:market:2");
    g.answer("end");
    // Seat 1 has no die: seat 2 takes every turn left this round.
    let mut turns = 0;
    while g.st.round == 1 {
        assert_eq!(g.current(), 1, "only seat 2 has dice");
        let key = g
            .keys()
            .into_iter()
            .find(|k| k.starts_with("place:") || k == "end" || k.starts_with("purse:"))
            .unwrap_or_else(|| g.keys()[0].clone());
        if key.starts_with("place:") || key.starts_with("purse:") {
            turns += 1;
        }
        g.answer(&key);
    }
    assert!((1..=3).contains(&turns), "{turns}");
    assert_eq!(g.st.round, 2);
}

#[test]
fn random_games_are_complete_legal_and_replayable() {
    for players in 2..=4 {
        conformance(dice_content(), players, 12);
    }
}

/// The line (from 1) of the fixture's file `name` where `needle` starts.
fn line_of(name: &str, needle: &str) -> usize {
    let text = &dice_files().files[name];
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle} in {name}"));
    text[..at].lines().count() + 1
}

/// The fixture with `game.toml` and `board.toml` edited by `edit`.
fn load_edited(
    edit: impl FnOnce(&mut String, &mut String),
) -> Result<Arc<weft_core::Content>, String> {
    let mut files = dice_files();
    let mut game = files.files["game.toml"].clone();
    let mut board = files.files["board.toml"].clone();
    edit(&mut game, &mut board);
    files.files.insert("game.toml".into(), game);
    files.files.insert("board.toml".into(), board);
    load_content(&[files], &library())
        .map(Arc::new)
        .map_err(|e| e.to_string())
}

#[test]
fn wrong_dice_data_is_an_error_naming_the_file_line_and_what_to_write() {
    type Edit = Box<dyn Fn(&mut String, &mut String)>;
    let at_0 = format!(
        "board.toml:{}:1: dice space `city_a`: occupancy `private` is not one weft knows",
        line_of("board.toml", "occupancy = \"exclusive\"\ngroup")
    );
    let at_1 = format!(
        "board.toml:{}:1: dice space `high`: min_strength = 7, but a die shows 1 to 6",
        line_of("board.toml", "min_strength = 5")
    );
    let at_2 = format!(
        "game.toml:{}:1: extra `black`: kind `steal` is not one weft knows",
        line_of("game.toml", "kind = \"take_neutral\"")
    );
    let cases: Vec<(Edit, &str)> = vec![
        (
            Box::new(|_, b| {
                *b = b.replace(
                    "occupancy = \"exclusive\"\ngroup",
                    "occupancy = \"private\"\ngroup",
                )
            }),
            &at_0,
        ),
        (
            Box::new(|_, b| *b = b.replace("slots = 2\n", "")),
            "needs `slots`",
        ),
        (
            Box::new(|_, b| *b = b.replace("min_strength = 5", "min_strength = 7")),
            &at_1,
        ),
        (
            Box::new(|_, b| {
                *b = b.replace(
                    "occupancy = \"ordered\"",
                    "occupancy = \"ordered\"\nfee = \"coins\"",
                )
            }),
            "a fee is paid to enter an occupied open space",
        ),
        (
            Box::new(|_, b| *b = b.replace("dice = 2", "dice = 9")),
            "dice = 9; a placement takes 1 to 6 dice",
        ),
        (
            // Issue 32's bad input: a space needing more dice than a player can hold.
            Box::new(|g, b| {
                *g = g.replace("per_player = 3", "per_player = 2");
                *b = b.replace("dice = 2", "dice = 5");
            }),
            "dice = 5, but a player never holds more than 4 dice",
        ),
        (
            Box::new(|_, b| *b = b.replace("cost = { coins = 2 }", "cost = { gold = 2 }")),
            "its cost names `gold`, which is not a counter",
        ),
        (
            Box::new(|g, _| *g = g.replace("kind = \"take_neutral\"", "kind = \"steal\"")),
            &at_2,
        ),
        (
            Box::new(|g, _| *g = g.replace("space = \"purse\"", "space = \"market\"")),
            "extra `purse` places on dice space `market`, which is a main action's",
        ),
        (
            Box::new(|g, _| {
                *g = g.replace(
                    "{ do = \"actions\", fallback = \"purse\" }",
                    "{ do = \"actions\", fallback = \"reroll\" }",
                )
            }),
            "fallback `reroll` is not an extra of kind `place`",
        ),
        (
            Box::new(|g, _| {
                *g = g.replace(
                    "{ do = \"actions\", fallback = \"purse\" }",
                    "{ do = \"actions\", extras = [\"reroll\", \"juggle\"] }",
                )
            }),
            "`juggle` is not an extra of game.toml",
        ),
        (
            Box::new(|g, _| {
                *g = g.replace(
                    "steps = [ { do = \"actions\", fallback = \"purse\" } ]",
                    "steps = [ { do = \"hook\", run = \"spaces.sell.options\", on = \"player\" } ]",
                )
            }),
            "until = \"pools_empty\" but its body `turn` has no `actions` step",
        ),
        (
            Box::new(|g, _| {
                let start = g.find("[pools]").unwrap();
                let end = g.find("neutral_name = \"black die\"\n").unwrap()
                    + "neutral_name = \"black die\"\n".len();
                g.replace_range(start..end, "");
            }),
            "the game declares no dice to roll",
        ),
        (
            Box::new(|g, _| *g = g.replace("per_player = 3", "per_player = 40")),
            "per_player = 40: each player has 1 to 16 dice",
        ),
        (
            Box::new(|g, _| {
                *g = g.replace(
                    "jade = [\"coins\", \"camels\"]",
                    "jade = [\"coins\", \"rubies\"]",
                )
            }),
            "[payment] substitutes: `jade` stands in for `rubies`, which is not a counter",
        ),
        (
            Box::new(|g, _| *g = g.replace("majority:goods:3,1", "majority:goods:three")),
            "`majority:goods:three` is not a majority",
        ),
        (
            Box::new(|g, _| *g = g.replace("majority:goods:3,1", "majority:gold:3,1")),
            "`gold` is not a counter",
        ),
    ];
    for (edit, wanted) in cases {
        let err = load_edited(|g, b| edit(g, b))
            .err()
            .unwrap_or_else(|| panic!("loads, but should fail with {wanted}"));
        assert!(err.contains(wanted), "wanted `{wanted}` in:\n{err}");
    }
}

#[test]
fn jade_pays_what_coins_and_camels_fall_short_of() {
    // M-JADE-1, M-JADE-2 (coins and camels first, jade for the shortfall)
    let mut g = game_with_pools(&[own(4)], &[own(2)]);
    put(&mut g, "market", 1, &[own(6)]);
    set(&mut g, 0, "coins", 1);
    set(&mut g, 0, "jade", 2);
    set(&mut g, 0, "camels", 0);
    g.refresh();
    assert!(
        !g.offers("place:market:4"),
        "a fee of 4 against 1 coin and 2 jade"
    );
    assert!(g.offers("reroll:4"), "a camel's cost paid in jade");
    set(&mut g, 0, "jade", 3);
    g.refresh();
    assert!(g.offers("place:market:4"));
    g.answer("place:market:4");
    assert_eq!((count(&g, 0, "coins"), count(&g, 0, "jade")), (0, 0));
    // A counter without a substitute is never paid by another.
    set(&mut g, 0, "goods", 0);
    set(&mut g, 0, "jade", 5);
    g.refresh();
    let c = g.content();
    let goods = c.counter("goods").unwrap();
    assert!(!weft_core::ops::can_afford(&c, &g.st, 0, &[(goods, 1)]));
    let coins = c.counter("coins").unwrap();
    let camels = c.counter("camels").unwrap();
    assert!(weft_core::ops::can_afford(
        &c,
        &g.st,
        0,
        &[(coins, 2), (camels, 3)]
    ));
    assert!(
        !weft_core::ops::can_afford(&c, &g.st, 0, &[(coins, 3), (camels, 3)]),
        "one jade pays for one unit, once"
    );
}

#[test]
fn a_majority_scores_by_place_ties_sharing_it_and_nothing_below_one() {
    // M-SCORE-6
    let mut g = Game::with(dice_content(), 4, 1);
    let goods = g.content().counter("goods").unwrap();
    let score = |g: &Game| -> Vec<i64> {
        (0..4)
            .map(|p| {
                weft_core::ops::majority_points(&g.content(), &g.st, p, (goods, None), &[3, 1])
            })
            .collect()
    };
    for (held, want) in [
        ([3, 3, 1, 0], [3, 3, 1, 0]),
        ([2, 1, 1, 5], [1, 0, 0, 3]),
        ([0, 0, 0, 0], [0, 0, 0, 0]),
        ([4, 0, 0, 0], [3, 0, 0, 0]),
    ] {
        for (p, n) in held.into_iter().enumerate() {
            g.st.player_mut(p).set(goods, n);
        }
        assert_eq!(score(&g), want, "goods {held:?}");
    }
    // It is part of the score.
    g.st.player_mut(0).set(goods, 4);
    let vp = g.content().counter("vp").unwrap();
    g.st.player_mut(0).set(vp, 2);
    assert_eq!(weft_core::ops::score_now(&g.content(), &g.st, 0), 5);
}

#[test]
fn a_majority_may_count_a_players_value_as_at_least_an_ability() {
    // M-CHAR-10 c against M-SCORE-6: a power "counts as having 4 contracts" for the
    // majority alone ([score] majority_at_least); here every player's `floor` is 2.
    let content = load_edited(|g, _| {
        *g = g.replace(
            "tiebreak = [\"camels\"]",
            "tiebreak = [\"camels\"]\nmajority_at_least = { goods = \"floor\" }",
        );
        g.push_str("\n[abilities]\nfloor = 2\n");
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let mut g = Game::with(content, 4, 1);
    let goods = g.content().counter("goods").unwrap();
    for (p, n) in [0, 1, 3, 2].into_iter().enumerate() {
        g.st.player_mut(p).set(goods, n);
    }
    let c = g.content();
    let scores: Vec<i64> = (0..4)
        .map(|p| weft_core::ops::score_now(&c, &g.st, p) - count(&g, p, "vp"))
        .collect();
    // Counted 2, 2, 3, 2: the 3 is first, the rest share second.
    assert_eq!(scores, [1, 1, 3, 1]);
    assert_eq!(count(&g, 0, "goods"), 0, "the counter keeps the real count");

    for (edit, expected) in [
        (
            "majority_at_least = { vp = \"floor\" }",
            "`vp` is no majority of [score] parts",
        ),
        (
            "majority_at_least = { goods = \"nerve\" }",
            "`nerve` is not an ability of [abilities]",
        ),
    ] {
        let err = load_edited(|g, _| {
            *g = g.replace(
                "tiebreak = [\"camels\"]",
                &format!("tiebreak = [\"camels\"]\n{edit}"),
            );
            g.push_str("\n[abilities]\nfloor = 0\n");
        })
        .expect_err(edit);
        assert!(err.contains(expected), "{err}");
        let line = line_of("game.toml", "tiebreak = [\"camels\"]") + 1;
        assert!(
            err.contains(&format!("game.toml:{line}:")),
            "line {line}: {err}"
        );
    }
}

fn slot(g: &Game, id: &str) -> u16 {
    g.content().board.slot_index(id).unwrap()
}

fn stand(g: &mut Game, p: usize, at: &str) {
    let s = slot(g, at);
    g.st.player_mut(p).pieces[0].at = s;
}

#[test]
fn a_travel_goes_step_by_step_paying_each_path_within_its_steps() {
    // M-MOVE-1, M-MOVE-2, M-MOVE-3
    let mut g = game_with_pools(&[own(2), own(5)], &[own(3)]);
    set(&mut g, 0, "coins", 5);
    set(&mut g, 0, "camels", 3);
    g.refresh();
    let vp = count(&g, 0, "vp");
    g.answer("place:road:25");
    let mut keys = g.keys();
    keys.sort();
    assert_eq!(keys, ["go:a", "go:b"], "no stop before a step (min 1)");
    assert!(g
        .decision()
        .options
        .iter()
        .any(|o| o.key.as_ref() == "go:b" && o.label().contains("pay 2 coins")));
    g.answer("go:a");
    assert!(g.offers("stop"), "one step counted");
    assert!(g.offers("go:oasis") && g.offers("go:home"));
    g.answer("go:oasis");
    assert_eq!(count(&g, 0, "camels"), 2, "the path's camel");
    // Two steps of a strength-2 placement: the travel ended by itself and arrived.
    assert_eq!(g.st.players[0].pieces[0].at, slot(&g, "oasis"));
    let t = g.st.flow.travelled.clone().expect("recorded");
    assert_eq!(t.steps, 2);
    assert_eq!(t.path.len(), 3);
    assert_eq!(count(&g, 0, "vp"), vp + 2, "rules.arrive: a point a step");
    assert_eq!(
        g.current(),
        1,
        "seat 1's pool is empty and no extra is affordable"
    );
}

#[test]
fn a_path_needs_its_requirement_held_and_its_cost_payable() {
    // M-MOVE-3, M-MOVE-4, M-JADE-1
    let mut g = game_with_pools(&[own(4), own(5)], &[own(3)]);
    stand(&mut g, 0, "b");
    g.refresh();
    g.answer("place:road:45");
    assert!(!g.offers("go:c"), "the pass is needed: {:?}", g.keys());
    let mut g = game_with_pools(&[own(4), own(5)], &[own(3)]);
    stand(&mut g, 0, "b");
    set(&mut g, 0, "pass", 1);
    set(&mut g, 0, "coins", 0);
    g.refresh();
    g.answer("place:road:45");
    assert!(g.offers("go:c"), "held, not paid");
    assert!(!g.offers("go:home"), "2 coins, and seat 1 has none");
    set(&mut g, 0, "jade", 2);
    g.refresh();
    assert!(g.offers("go:home"), "jade pays for coins: {:?}", g.keys());
    g.answer("go:home");
    assert_eq!((count(&g, 0, "jade"), count(&g, 0, "pass")), (0, 1));
}

#[test]
fn a_power_passes_oases_without_a_step_and_pays_no_coins_or_camels() {
    // M-CHAR-1 (oases passed count no step), M-CHAR-7 (no coins or camels for paths)
    let mut g = game_with_pools(&[own(1)], &[own(3)]);
    stand(&mut g, 0, "a");
    set(&mut g, 0, "camels", 0);
    g.refresh();
    g.answer("place:pilgrim:1");
    assert!(
        g.offers("go:oasis"),
        "its camel is not paid: {:?}",
        g.keys()
    );
    g.answer("go:oasis");
    assert!(g.offers("stop"), "stopping on the oasis counts it: 1 of 1");
    g.answer("go:b");
    let t =
        g.st.flow
            .travelled
            .clone()
            .expect("ended: one step counted");
    assert_eq!(t.steps, 1, "a–oasis–b is one step");
    assert_eq!(g.st.players[0].pieces[0].at, slot(&g, "b"));
    assert_eq!(count(&g, 0, "camels"), 0);
}

#[test]
fn a_travel_ends_with_a_trading_post_and_the_last_one_moves() {
    // M-MOVE-6, M-MOVE-10, M-MOVE-11 (the fixture's arrive hook on the markers primitive)
    let mut g = game_with_pools(&[own(1), own(2)], &[own(3)]);
    let c = g.content();
    let post = weft_core::markers::kind_index(&c, "post").unwrap();
    let posts = |g: &Game| -> Vec<String> {
        g.st.markers[post]
            .iter()
            .filter(|(_, q)| *q == 0)
            .map(|(s, _)| g.content().board.slots[*s as usize].id.clone())
            .collect()
    };
    g.answer("place:road:12");
    g.answer("go:a");
    assert_eq!(posts(&g), ["a"], "a post where it stopped");
    assert_eq!(weft_core::markers::left(&c, &g.st, post, 0), 1);

    // Both posts on the board: the next travel's end moves the first one placed.
    let mut g = game_with_pools(&[own(1), own(2)], &[own(3)]);
    let (a, cc) = (slot(&g, "a"), slot(&g, "c"));
    g.st.markers[post] = vec![(a, 0), (cc, 0)];
    set(&mut g, 0, "coins", 2);
    g.refresh();
    g.answer("place:road:12");
    g.answer("go:b");
    assert_eq!(posts(&g), ["c", "b"], "none left: the one at a moved to b");

    // The primitive refuses, changing nothing, past per_player and per_slot.
    let b = slot(&g, "b");
    let mut log = weft_core::events::EventLog::default();
    let before = g.st.clone();
    assert!(weft_core::markers::place(&c, &mut g.st, &mut log, (post, 0, a)).is_err());
    assert_eq!(g.st, before);
    assert!(
        weft_core::markers::place(&c, &mut g.st, &mut log, (post, 1, b)).is_ok(),
        "another player's post shares the city"
    );
    assert!(
        weft_core::markers::place(&c, &mut g.st, &mut log, (post, 1, b)).is_err(),
        "one per city each"
    );
    assert!(weft_core::markers::remove(&c, &mut g.st, &mut log, (post, 1, a)).is_err());
}

/// A game of the fixture edited by `edit`, at its first decision, pools set as in
/// [`game_with_pools`].
fn edited_game(
    edit: impl FnOnce(&mut String, &mut String),
    first: &[PoolDie],
    second: &[PoolDie],
) -> Game {
    let content = load_edited(edit).unwrap_or_else(|e| panic!("{e}"));
    let mut g = Game::with(content, 2, 1);
    g.st.player_mut(0).dice = first.to_vec();
    g.st.player_mut(1).dice = second.to_vec();
    let jade = g.content().counter("jade").unwrap();
    for p in 0..2 {
        g.st.player_mut(p).set(jade, 0);
    }
    g.refresh();
    g
}

#[test]
fn a_place_extra_is_offered_only_when_its_cost_and_the_spaces_are_payable_together() {
    // M-DICE-9, M-EXTRA-2 (a placement is legal only if everything it pays can be paid)
    let mut g = edited_game(
        |g, b| {
            *g = g.replace(
                "space = \"purse\"",
                "space = \"purse\"\ncost = { coins = 2 }",
            );
            *b = b.replace(
                "occupancy = \"unlimited\"\nextra = true",
                "occupancy = \"unlimited\"\nextra = true\ncost = { coins = 2 }",
            );
        },
        &[own(2), own(5)],
        &[own(3)],
    );
    set(&mut g, 0, "coins", 3);
    g.refresh();
    assert!(
        !g.offers("purse:2"),
        "2 + 2 coins against 3: {:?}",
        g.keys()
    );
    set(&mut g, 0, "coins", 4);
    g.refresh();
    g.answer("purse:2");
    g.answer("coins");
    assert_eq!(count(&g, 0, "coins"), 3, "4 − 2 − 2 + 3");
}

#[test]
fn a_travel_does_not_go_round_free_slots_for_ever() {
    // M-CHAR-1's shape: oases passed through count no step, however many in a row
    // (A–oasis–oasis–B is one step), but an oasis entered again counts one.
    let mut g = edited_game(
        |_, b| {
            *b = b.replace(
                "[[paths]]\na = \"home\"\nb = \"a\"",
                "[[slots]]\nid = \"oasis2\"\nkind = \"oasis\"\ntile = \"node\"\npos = [2, 1]\n\n[[paths]]\na = \"oasis\"\nb = \"oasis2\"\n\n[[paths]]\na = \"home\"\nb = \"a\"",
            );
        },
        &[own(1)],
        &[own(3)],
    );
    stand(&mut g, 0, "a");
    set(&mut g, 0, "camels", 0);
    g.refresh();
    g.answer("place:pilgrim:1");
    g.answer("go:oasis");
    g.answer("go:oasis2");
    assert!(
        g.st.flow.travelled.is_none(),
        "two oases passed, no step counted yet"
    );
    assert!(
        g.offers("stop"),
        "stopping on an oasis counts it: {:?}",
        g.keys()
    );
    g.answer("go:oasis");
    let t =
        g.st.flow
            .travelled
            .clone()
            .expect("entering an oasis again counted the one step: it ended");
    assert_eq!(t.steps, 1);
    assert_eq!(g.st.players[0].pieces[0].at, slot(&g, "oasis"));
}

#[test]
fn dice_with_no_main_action_and_no_fallback_are_set_aside_and_the_turn_ends() {
    // M-TURN-3 without the purse: the round's turns still end
    let mut g = edited_game(
        |g, _| {
            *g = g.replace(
                "{ do = \"actions\", fallback = \"purse\" }",
                "{ do = \"actions\" }",
            )
        },
        &[own(1)],
        &[own(3)],
    );
    put(&mut g, "market", 0, &[own(4)]);
    put(&mut g, "khan", 1, &[own(2)]);
    put(&mut g, "khan", 1, &[own(3)]);
    put(&mut g, "city_a", 1, &[own(2)]);
    put(&mut g, "city_b", 0, &[own(5)]);
    put(&mut g, "pilgrim", 1, &[own(6)]);
    g.refresh();
    assert_eq!(g.current(), 1, "seat 1's die was set aside, its turn over");
    assert!(g.st.players[0].dice.is_empty());
}

#[test]
fn a_marker_shape_weft_does_not_draw_is_an_error_naming_its_line() {
    let err = load_edited(|g, _| {
        *g = g.replace("per_player = 2\n", "per_player = 2\nshape = \"hexagon\"\n")
    })
    .expect_err("a marker shape weft has no drawing for");
    assert!(
        err.contains("shape = \"hexagon\" is no shape weft draws")
            && err.contains("square, diamond or triangle")
            && err.contains("game.toml:45"),
        "{err}"
    );
    let content = load_edited(|g, _| {
        *g = g.replace("per_player = 2\n", "per_player = 2\nshape = \"diamond\"\n")
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(content.markers[0].shape, "diamond");
}

#[test]
fn wrong_paths_and_travel_options_are_errors() {
    let err = load_edited(|_, b| {
        *b = b.replace(
            "[[paths]]\na = \"b\"",
            "[[paths]]\na = \"a\"\nb = \"home\"\ncost = { coins = 1 }\n\n[[paths]]\na = \"b\"",
        )
    })
    .expect_err("a path declared twice with a cost");
    assert!(err.contains("path `a`–`home` is declared twice"), "{err}");
    let err = load_edited(|g, _| {
        *g = g.replace(
            "space = \"purse\"",
            "space = \"purse\"\n\n[[extras]]\nid = \"purse2\"\nkind = \"place\"\nspace = \"purse\"",
        )
    })
    .expect_err("two place extras on one space");
    assert!(
        err.contains("extra `purse2` places on dice space `purse`, as another extra does"),
        "{err}"
    );
    let err = load_edited(|g, _| {
        *g = g.replace("majority:goods:3,1", "majority:goods:-9223372036854775808")
    })
    .expect_err("a majority's points out of range");
    assert!(err.contains("is not a majority"), "{err}");
    let mut g = edited_game(
        |_, b| *b = b.replace("free_kind = \"oasis\"", "free_kind = \"oases\""),
        &[own(1)],
        &[own(3)],
    );
    let e = g.try_answer("place:pilgrim:1").unwrap_err().to_string();
    assert!(
        e.contains("opts.free_kind `oases` is the kind of no slot"),
        "{e}"
    );
    assert_eq!(g.current(), 0, "the game as it was");
}

#[test]
fn a_spaces_can_act_is_asked_about_each_strength_once() {
    // M-DICE-9: a placement is legal only if its action can be taken (fixture: city B
    // takes no 1)
    let mut g = game_with_pools(&[own(1), own(3), own(3)], &[own(2)]);
    assert_eq!(places(&g, "place:city_b:"), ["place:city_b:3"]);
    g.answer("place:city_b:3");
    assert_eq!(count(&g, 0, "vp"), 1, "resolve reads the placement made");
}

#[test]
fn a_can_act_that_asks_is_refused_and_the_strength_is_no_answer() {
    // A read-only hook never asks: the strength handed to can_act answers no question.
    let mut files = dice_files();
    let board = files.files["board.toml"].replace(
        "behaviour = \"spaces.city_b\"",
        "behaviour = \"spaces.asking\"",
    );
    files.files.insert("board.toml".into(), board);
    files.files.insert(
        "spaces/asking.lua".into(),
        "local M = {}\nfunction M.can_act(ctx)\n  return ctx:choose{ prompt = 'which?', options = { '1', '2', '3', '4', '5', '6' } }.key == '2'\nend\nfunction M.resolve(ctx) end\nreturn M\n".into(),
    );
    let content = Arc::new(load_content(&[files], &library()).unwrap_or_else(|e| panic!("{e}")));
    let mut engine = weft_core::Engine::with_lua(content).unwrap();
    let err = engine
        .new_game(2, 1)
        .expect_err("the first question asks city B's can_act, which asks")
        .to_string();
    assert!(err.contains("can_act"), "{err}");
    assert!(
        !err.contains("recorded answer"),
        "not taken as an answer: {err}"
    );
}

fn stand_in(pips: u8, tag: u8) -> PoolDie {
    PoolDie::stand_in(pips, tag)
}

#[test]
fn a_stand_in_goes_on_an_empty_action_space_alone_or_with_own_dice_and_leaves_when_the_turn_ends() {
    // M-CHAR-11 a (i, ii; the piece shows 6, M-DICE-3), M-EXTRA-2's DECISION (not the
    // purse), M-DICE-8 (neutral: no colour rule, no fee on an empty space)
    let mut g = game_with_pools(&[own(2), stand_in(6, 3)], &[own(3)]);
    put(&mut g, "market", 1, &[own(4)]);
    set(&mut g, 0, "coins", 10);
    set(&mut g, 0, "camels", 10);
    g.refresh();
    let keys = g.keys();
    let has = |k: &str| keys.iter().any(|x| x == k);
    assert!(
        has("place:market:2"),
        "an own die on the open space: {keys:?}"
    );
    assert!(
        !has("place:market:6s3"),
        "the market holds dice: no stand-in there"
    );
    assert!(
        has("place:high:6s3"),
        "alone on an empty space, strength 6: {keys:?}"
    );
    assert!(has("place:travel:26s3"), "with an own die: {keys:?}");
    let dice_of = |k: &str| {
        k.rsplit(':')
            .find(|w| w.chars().next().is_some_and(|c| c.is_ascii_digit()))
            .unwrap_or("")
            .to_string()
    };
    assert!(
        !keys
            .iter()
            .any(|k| k.starts_with("purse:") && dice_of(k).contains('s')),
        "not on the purse: {keys:?}"
    );
    assert!(
        !keys
            .iter()
            .any(|k| (k.starts_with("reroll:") || k.starts_with("adjust:"))
                && dice_of(k).contains('s')),
        "a stand-in is never rerolled or turned: {keys:?}"
    );
    let goods = count(&g, 0, "goods");
    let coins = count(&g, 0, "coins");
    g.answer("place:high:6s3");
    assert_eq!(
        count(&g, 0, "goods"),
        goods + 2,
        "the high market's action, strength 6"
    );
    assert_eq!(count(&g, 0, "coins"), coins, "no fee on an empty space");
    g.answer("end");
    let high = space(&g, "high");
    assert!(
        g.st.dice_spaces[high].placements.is_empty(),
        "the stand-in left with the turn: the space holds no dice"
    );
    assert_eq!(g.st.players[0].dice, vec![own(2)], "the stand-in is gone");
    assert_eq!(g.current(), 1);
}

#[test]
fn a_neutral_die_never_joins_a_stand_in_and_stand_ins_keep_no_turn_going_but_stay_for_later_rounds()
{
    // M-CHAR-11 a (ii: alone or with her own dice and pieces; she uses pieces only in a
    // turn she takes, while she still has a die), M-ROUND-4
    let mut g = game_with_pools(&[own(2), neutral(5), stand_in(6, 1)], &[own(3)]);
    set(&mut g, 0, "coins", 10);
    g.refresh();
    assert!(g.offers("place:travel:26s1"));
    assert!(!g.offers("place:travel:5n6s1"), "{:?}", g.keys());
    assert!(
        g.offers("place:travel:25n"),
        "the neutral die with an own one"
    );
    // A pool of stand-ins only takes no turn: seat 1 plays on alone, and the round ends
    // when seat 2's dice are gone; the stand-in waits for the next round.
    let mut g = game_with_pools(&[own(2), stand_in(6, 1)], &[own(3), own(4)]);
    g.answer("place:market:2");
    g.answer("end");
    assert_eq!(g.current(), 1);
    g.answer("place:city_b:3");
    g.answer("end");
    assert_eq!(
        g.current(),
        1,
        "seat 1 holds only a stand-in: seat 2 plays again"
    );
    g.answer("place:khan:4");
    g.answer("end");
    assert_eq!(
        g.st.round, 2,
        "every pool is empty of dice: the round ended"
    );
    let pool = &g.st.players[0].dice;
    assert_eq!(
        pool.len(),
        4,
        "three dice rolled and the stand-in kept: {pool:?}"
    );
    assert!(pool.contains(&stand_in(6, 1)));
}

#[test]
fn a_stand_in_tag_stands_for_its_seat_where_presence_allows_tags() {
    // M-CHAR-11 a (iii: a piece of a seat's colour where that seat's marker stands; iv: a
    // colour no seat has where no marker of the kind stands)
    let content = load_edited(|_, b| {
        *b = b.replace(
            "behaviour = \"spaces.city_b\"",
            "behaviour = \"spaces.city_b\"\npresence = { marker = \"post\", at = [\"a\"], stand_in_tags = true }",
        )
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let mut g = Game::with(content, 2, 1);
    g.st.player_mut(0).dice = vec![own(2), stand_in(6, 2), stand_in(6, 4)];
    g.st.player_mut(1).dice = vec![own(3)];
    g.refresh();
    let city = |g: &Game| places(g, "place:city_b:");
    assert_eq!(
        city(&g),
        ["place:city_b:6s4"],
        "no post at a: only the colour no seat has"
    );
    let post = g
        .content()
        .markers
        .iter()
        .position(|m| m.id == "post")
        .unwrap();
    let a = slot(&g, "a");
    g.st.markers[post].push((a, 1));
    g.refresh();
    assert_eq!(
        city(&g),
        ["place:city_b:6s2"],
        "seat 2's post: seat 2's colour, and no longer the colourless one"
    );
    g.st.markers[post].push((a, 0));
    g.refresh();
    assert_eq!(
        city(&g),
        ["place:city_b:2", "place:city_b:6s2", "place:city_b:6s4"],
        "her own post: wherever her die may go, her stand-ins may too"
    );
}

#[test]
fn a_script_extra_is_offered_only_past_its_data_gates() {
    // M-CARAVAN-3 (goods to load: needs_any), M-CARAVAN-7 (a caravan out: needs_placed),
    // M-CHAR-10 d (Vidal's own action: needs_ability), checked before the script
    let gated = |gate: &str| {
        let gate = gate.to_string();
        load_edited(move |g, _| {
            *g = g.replace(
                "behaviour = \"spaces.sell\"",
                &format!("behaviour = \"spaces.sell\"\n{gate}"),
            )
        })
    };
    let content = gated("needs_placed = [\"post\"]").unwrap_or_else(|e| panic!("{e}"));
    let mut g = Game::with(content, 2, 1);
    g.st.player_mut(0).dice = vec![own(2)];
    set(&mut g, 0, "goods", 1);
    g.refresh();
    assert!(
        !g.offers("sell:good"),
        "no post on the board: {:?}",
        g.keys()
    );
    let a = slot(&g, "a");
    g.st.markers[0].push((a, 1));
    g.refresh();
    assert!(!g.offers("sell:good"), "another seat's post does not count");
    g.st.markers[0].push((a, 0));
    g.refresh();
    assert!(g.offers("sell:good"), "a post of hers: the script is asked");

    let content = gated("needs_any = [\"camels\", \"vp\"]").unwrap_or_else(|e| panic!("{e}"));
    let mut g = Game::with(content, 2, 1);
    g.st.player_mut(0).dice = vec![own(2)];
    set(&mut g, 0, "goods", 1);
    set(&mut g, 0, "camels", 0);
    set(&mut g, 0, "vp", 0);
    g.refresh();
    assert!(!g.offers("sell:good"), "neither camels nor vp held");
    set(&mut g, 0, "vp", 1);
    g.refresh();
    assert!(g.offers("sell:good"), "one of them held");

    let err = gated("needs_ability = \"haggle\"").expect_err("an ability not declared");
    assert!(
        err.contains("needs_ability = \"haggle\" is not an ability of [abilities]"),
        "{err}"
    );
    let err = gated("needs_placed = [\"tower\"]").expect_err("a marker not declared");
    assert!(
        err.contains("needs_placed names `tower`, which is not a marker"),
        "{err}"
    );
    let err = gated("needs_any = [\"gems\"]").expect_err("a counter not declared");
    assert!(
        err.contains("needs_any names `gems`, which is not a counter"),
        "{err}"
    );
    let err = load_edited(|g, _| {
        *g = g.replace(
            "kind = \"reroll\"",
            "kind = \"reroll\"\nneeds_any = [\"goods\"]",
        )
    })
    .expect_err("a gate on a reroll");
    assert!(err.contains("gate a `script` extra's options"), "{err}");
}

#[test]
fn a_stand_in_leaving_leaves_the_strength_of_the_dice_that_stay_and_opens_no_space_to_own_dice() {
    // M-CHAR-11 a (the piece leaves once its action is done; iii opens a card to the
    // piece, not to the placer's own dice), M-DICE-3 (strength: the lowest die)
    let mut g = game_with_pools(&[own(4), stand_in(2, 1)], &[own(3)]);
    set(&mut g, 0, "coins", 10);
    g.refresh();
    g.answer("place:travel:2s14");
    while !g.offers("end") {
        g.answer_prefix("stop");
    }
    g.answer("end");
    let travel = space(&g, "travel");
    let pl = &g.st.dice_spaces[travel].placements[0];
    assert_eq!(pl.dice, vec![own(4)]);
    assert_eq!(pl.strength, 4, "the stand-in's 2 left with it");

    let content = load_edited(|_, b| {
        *b = b.replace(
            "cost = { coins = 2 }\nfee = \"coins\"\nbehaviour = \"spaces.by_strength\"",
            "cost = { coins = 2 }\nfee = \"coins\"\nbehaviour = \"spaces.by_strength\"\npresence = { marker = \"post\", at = [\"a\"], stand_in_tags = true }",
        )
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let mut g = Game::with(content, 2, 1);
    g.st.player_mut(0).dice = vec![own(5), stand_in(6, 3), stand_in(6, 4)];
    g.st.player_mut(1).dice = vec![own(3)];
    set(&mut g, 0, "coins", 10);
    g.refresh();
    assert_eq!(
        places(&g, "place:travel:"),
        ["place:travel:6s36s4"],
        "no post at a: the colourless pieces alone, not with her own 5"
    );
}
