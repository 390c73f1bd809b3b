//! The bots: the search bot's determinization and strength, and bot parameters in
//! `game.toml`.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use weft_core::agent::{determinize, make_agent, make_agent_with, Agent, BotOptions};
use weft_core::{decks, Engine};
use weft_tests::{library, tabriz_content, tabriz_files};

/// Cards of each deck among the other seats' hands and the draw piles, sorted, for
/// comparing multisets.
fn unseen(st: &weft_core::GameState, me: usize) -> Vec<Vec<u16>> {
    let content = tabriz_content();
    let mut out: Vec<Vec<u16>> = (0..content.decks.len() as u8)
        .map(|g| {
            decks::draw_pile(&content, st, g)
                .cards
                .iter()
                .flatten()
                .copied()
                .collect()
        })
        .collect();
    for (p, pl) in st.players.iter().enumerate() {
        if p != me {
            for c in decks::hand(&content, pl) {
                out[content.cards[c as usize].deck.unwrap() as usize].push(c);
            }
        }
    }
    for v in &mut out {
        v.sort();
    }
    out
}

fn hand(st: &weft_core::GameState, p: usize) -> Vec<u16> {
    decks::hand(&tabriz_content(), &st.players[p]).collect()
}

#[test]
fn determinization_redeals_only_what_the_seat_cannot_see() {
    let content = tabriz_content();
    let mut engine = Engine::with_lua(content.clone()).unwrap();
    let st = engine.new_game(4, 17).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut changed_hands = 0;
    for _ in 0..20 {
        let mut copy = st.clone();
        determinize(&content, &mut copy, 0, &mut rng);
        assert_eq!(hand(&copy, 0), hand(&st, 0), "my own hand is known");
        assert_eq!(unseen(&copy, 0), unseen(&st, 0), "the same unseen cards");
        for p in 0..st.players.len() {
            assert_eq!(hand(&copy, p).len(), hand(&st, p).len());
            changed_hands += usize::from(hand(&copy, p) != hand(&st, p));
        }
        for g in 0..content.decks.len() as u8 {
            assert_eq!(
                decks::discard_pile(&content, &copy, g),
                decks::discard_pile(&content, &st, g),
                "discards are public"
            );
        }
        assert_ne!(copy.rng, st.rng, "the search never sees the real future");
        assert_eq!(copy.decision, st.decision);
    }
    assert!(
        changed_hands > 20,
        "other hands are re-dealt ({changed_hands})"
    );
}

#[test]
fn the_search_bot_is_reproducible_and_beats_random() {
    let content = tabriz_content();
    let mut engine = Engine::with_lua(content).unwrap();
    let options = BotOptions {
        mcts_iterations: Some(24),
        mcts_millis: None,
        mcts_rounds: None,
    };
    let mut wins = 0.0;
    let mut first_hash = None;
    for i in 0..4 {
        let mut seats: Vec<Box<dyn Agent>> = vec![
            make_agent_with("mcts", i, &options).unwrap(),
            make_agent("random", i).unwrap(),
        ];
        let record = weft_core::sim::play_game(&mut engine, &mut seats, 300 + i, i);
        assert!(record.finished(), "{:?}", record.error);
        wins += record.win_share(0);
        if i == 0 {
            first_hash = Some(record.replay.final_hash.clone());
        }
    }
    assert!(wins >= 3.0, "mcts won {wins} of 4 against random");
    let mut seats: Vec<Box<dyn Agent>> = vec![
        make_agent_with("mcts", 0, &options).unwrap(),
        make_agent("random", 0).unwrap(),
    ];
    let again = weft_core::sim::play_game(&mut engine, &mut seats, 300, 0);
    assert_eq!(
        Some(again.replay.final_hash),
        first_hash,
        "same seeds, same game"
    );
}

/// The base pack with `keys` added to its `[bots.greedy]` table (a second table of
/// that name would be a TOML error).
fn tabriz_with_greedy(keys: &str) -> weft_core::content::PackFiles {
    let mut files = tabriz_files();
    let game =
        files.files["game.toml"].replacen("[bots.greedy]\n", &format!("[bots.greedy]\n{keys}"), 1);
    assert!(
        game.contains(keys),
        "the base pack has a [bots.greedy] table"
    );
    files.files.insert("game.toml".into(), game);
    files
}

/// The greedy bot's weights name nothing of one game (issue 30, item 3): `prestige` and
/// `workshop` became `score` and `used`, and a pack's old key is answered with the new
/// name; a weight on a counter the score already sums is refused as counting it twice.
#[test]
fn old_greedy_weight_names_are_answered_with_the_new_ones() {
    for (keys, wanted) in [
        (
            "workshop = 0.6\n",
            "the greedy bot's `workshop` weight is now `used`",
        ),
        ("prestige = 2.0\n", "`prestige` is part of the score"),
        ("prestige = 2.0\n", "write `score = 2`"),
    ] {
        let err = weft_core::content::load_content(&[tabriz_with_greedy(keys)], &library())
            .unwrap_err()
            .to_string();
        assert!(err.contains(wanted), "{keys}: {err}");
        assert!(
            err.contains("game.toml:"),
            "{keys}: names the file and line: {err}"
        );
    }
    let content = weft_core::content::load_content(
        &[tabriz_with_greedy("score = 2.0\nused = 0.1\n")],
        &library(),
    )
    .unwrap();
    let w = weft_core::agent::GreedyWeights::from_content(&content);
    assert_eq!((w.score, w.used), (2.0, 0.1));
}

#[test]
fn bot_parameters_are_checked_by_bot_and_name() {
    let err =
        weft_core::content::load_content(&[tabriz_with_greedy("prestig = 2.0\n")], &library())
            .unwrap_err();
    assert!(
        err.to_string().contains("has no parameter `prestig`"),
        "{err}"
    );
    for (section, wanted) in [
        (
            "[bots.mcts]\niteration = 50\n",
            "parameters are: iterations",
        ),
        ("[bots.random]\nspeed = 1\n", "takes no parameters"),
        ("[bots.clever]\nx = 1\n", "there is no bot `clever`"),
    ] {
        let mut files = tabriz_files();
        let game = files.files["game.toml"].clone() + "\n" + section;
        files.files.insert("game.toml".into(), game);
        let err = weft_core::content::load_content(&[files], &library()).unwrap_err();
        assert!(err.to_string().contains(wanted), "{section}: {err}");
    }
    let mut files = tabriz_files();
    let game = files.files["game.toml"].clone() + "\n[bots.mcts]\niterations = 7\nrollout = 2\n";
    files.files.insert("game.toml".into(), game);
    let content = weft_core::content::load_content(&[files], &library()).unwrap();
    let cfg = weft_core::agent::MctsConfig::resolve(&content, &BotOptions::default());
    assert_eq!((cfg.iterations, cfg.rollout), (7, 2));
    let cli = BotOptions {
        mcts_iterations: Some(99),
        mcts_millis: None,
        mcts_rounds: None,
    };
    assert_eq!(
        weft_core::agent::MctsConfig::resolve(&content, &cli).iterations,
        99
    );
}

/// With one iteration the search adds the root's best option by greedy's own ranking and
/// answers with it: the same choice greedy makes from the same seed. More iterations can
/// only move the answer away from greedy's where the search finds something better.
#[test]
fn one_search_iteration_plays_exactly_as_greedy() {
    use weft_core::agent::{GreedyAgent, MctsAgent};
    let content = tabriz_content();
    let mut engine = Engine::with_lua(content).unwrap();
    let mut st = engine.new_game(4, 3).unwrap();
    let mut driver = make_agent("random", 5).unwrap();
    let mut compared = 0;
    for k in 0..400 {
        let Some(d) = st.decision().cloned() else {
            break;
        };
        if d.options.len() > 1 {
            let one = BotOptions {
                mcts_iterations: Some(1),
                mcts_millis: None,
                mcts_rounds: None,
            };
            let g = GreedyAgent::new(k).choose(&mut engine, &st, &d);
            let m = MctsAgent::new(k, one).choose(&mut engine, &st, &d);
            assert_eq!(
                d.options[g].key, d.options[m].key,
                "decision {k}: {}",
                d.prompt
            );
            compared += 1;
        }
        let i = driver.choose(&mut engine, &st, &d);
        engine.apply(&mut st, i).unwrap();
    }
    assert!(compared > 100, "{compared}");
}

/// The look-ahead apply (no backup copy) reaches the same state as `apply` for every
/// option along a game, and refuses an index out of range.
#[test]
fn the_disposable_apply_matches_apply() {
    let content = tabriz_content();
    let mut engine = Engine::with_lua(content).unwrap();
    let mut st = engine.new_game(3, 8).unwrap();
    for step in 0..150 {
        let Some(d) = st.decision().cloned() else {
            break;
        };
        for i in 0..d.options.len() {
            let (mut a, mut b) = (st.clone(), st.clone());
            let ra = engine.apply(&mut a, i);
            let rb = engine.apply_disposable(&mut b, i);
            assert_eq!(ra.is_ok(), rb.is_ok(), "step {step} option {i}");
            if ra.is_ok() {
                assert!(a == b, "step {step} option {i}: the states differ");
            }
        }
        let mut c = st.clone();
        assert!(engine.apply_disposable(&mut c, d.options.len()).is_err());
        engine.apply(&mut st, step % d.options.len()).unwrap();
    }
}

/// Named weight sets (issue 13, item 4): `[bots."greedy:SET"]` changes only the weights
/// it names, over `[bots.greedy]`; `--bots greedy:SET` seats it under that name; a set
/// the pack does not declare, a set for another bot or a badly named one is refused
/// with what exists.
#[test]
fn weight_sets_are_strategies_a_seat_can_play() {
    use weft_core::agent::{check_bot, GreedyWeights};
    let mut files = tabriz_files();
    let game = files.files["game.toml"]
        .replacen("coins = 0.1 ", "coins = 0.3 ", 1)
        .replacen("[bots.greedy]\n", "[bots.greedy]\nwool = 0.2\n", 1)
        + "\n[bots.\"greedy:hoard\"]\ncoins = 0.9\n";
    files.files.insert("game.toml".into(), game);
    let content = weft_core::content::load_content(&[files], &library()).unwrap();
    let base = GreedyWeights::from_content(&content);
    let hoard = GreedyWeights::from_content_set(&content, Some("hoard"));
    let weight = |w: &GreedyWeights, id: &str| {
        let k = content.counter(id).unwrap();
        w.counters.iter().find(|&&(c, _)| c == k).map(|&(_, v)| v)
    };
    assert_eq!(
        (weight(&base, "coins"), weight(&hoard, "coins")),
        (Some(0.3), Some(0.9))
    );
    assert_eq!(
        (weight(&hoard, "wool"), weight(&hoard, "skill")),
        (Some(0.2), Some(0.5)),
        "the base table's wool and skill still hold in the set"
    );
    assert_eq!(weight(&base, "wool"), Some(0.2));
    assert_eq!(check_bot("greedy:hoard", &content), Ok(()));
    let err = check_bot("greedy:rush", &content).unwrap_err();
    assert!(
        err.contains("no weight set `rush`") && err.contains("rush-silk, skill-track"),
        "{err}"
    );
    let err = check_bot("mcts:hoard", &content).unwrap_err();
    assert!(err.contains("weight sets are for the greedy bot"), "{err}");
    let seat = make_agent("greedy:hoard", 1).unwrap();
    assert_eq!(seat.name(), "greedy:hoard");
    for (section, wanted) in [
        (
            "[bots.\"mcts:deep\"]\niterations = 5\n",
            "not a weight set weft can seat",
        ),
        (
            "[bots.\"greedy:two words\"]\ncoins = 1\n",
            "not a weight set weft can seat",
        ),
        (
            "[bots.\"greedy:x\"]\nprestig = 1\n",
            "has no parameter `prestig`",
        ),
    ] {
        let mut files = tabriz_files();
        let game = files.files["game.toml"].clone() + "\n" + section;
        files.files.insert("game.toml".into(), game);
        let err = weft_core::content::load_content(&[files], &library()).unwrap_err();
        assert!(err.to_string().contains(wanted), "{section}: {err}");
    }
}

/// A seat playing a weight set plays differently from plain greedy, and the record names
/// it: the same seeds with `greedy:skill-track` in seat 1 give other games.
#[test]
fn a_weight_set_changes_play_and_is_named_in_the_record() {
    let content = tabriz_content();
    let play = |bots: &[&str]| {
        let mut cfg = weft_core::sim::SimConfig::new(2, 3, 4, bots);
        cfg.jobs = 1;
        weft_core::sim::run(&content, &cfg, &|_| {}).unwrap()
    };
    let plain = play(&["greedy"]);
    let set = play(&["greedy:skill-track", "greedy"]);
    assert_eq!(set[0].seats, ["greedy:skill-track", "greedy"]);
    assert!(
        plain
            .iter()
            .zip(&set)
            .any(|(a, b)| a.decisions != b.decisions || a.scores != b.scores),
        "a different strategy plays a different game"
    );
}
