//! No hidden script errors (issue 29): a script error a bot meets while it looks ahead
//! (greedy's trials, the search bot's expansions and playouts) is counted and reported
//! like a game's own, with its file, line, hook and message, and a replay reaches the
//! decision and the option whose trial failed. Tested with a tile whose action always
//! fails and one that fails only after round 3, under each bot.

use std::sync::Arc;

use weft_core::content::{load_content, Content};
use weft_core::error::EngineError;
use weft_core::report::summarise;
use weft_core::sim::{run, GameRecord, SimConfig};
use weft_core::Engine;
use weft_tests::{library, tabriz_files};

/// The base game with the wool shop's action replaced by a script that raises `boom`
/// on line 3, always or only after round 3.
fn failing_wool_shop(after_round_3: bool) -> Arc<Content> {
    let mut files = tabriz_files();
    let condition = if after_round_3 {
        "ctx:round() > 3"
    } else {
        "true"
    };
    files.files.insert(
        "tiles/wool-shop.lua".into(),
        format!(
            "return {{\n  action = function(ctx, params)\n    if {condition} then error(\"boom\") end\n    ctx:gain(ctx:player(), \"wool\", 1)\n  end,\n}}\n"
        ),
    );
    let toml = files.files["tiles/wool-shop.toml"].replace("behaviour = \"weft.shop\"", "");
    files.files.insert("tiles/wool-shop.toml".into(), toml);
    Arc::new(load_content(&[files], &library()).unwrap_or_else(|e| panic!("{e}")))
}

fn play(content: &Arc<Content>, bot: &str, games: u64) -> Vec<GameRecord> {
    let mut cfg = SimConfig::new(3, games, 5, &[bot]);
    cfg.jobs = 1;
    cfg.bot_options.mcts_iterations = Some(24);
    run(content, &cfg, &|_| {}).expect("the run starts")
}

/// Every record's look-ahead errors name the failing file, line, hook and message.
fn assert_placed(records: &[GameRecord]) {
    for r in records {
        for e in &r.lookahead_errors {
            assert!(
                e.site.contains("tabriz/tiles/wool-shop.lua:3") && e.site.contains("`action`"),
                "{}",
                e.site
            );
            assert!(e.message.contains("boom"), "{}", e.message);
            assert!(e.count >= 1);
        }
    }
}

/// The replay of game `r`'s first look-ahead error reaches a position at which its
/// failing answer raises the same error on the game itself.
fn assert_replay_reaches_it(content: &Arc<Content>, r: &GameRecord) {
    let replay = r
        .lookahead_replay
        .as_ref()
        .expect("a game with a look-ahead error has a replay that reaches it");
    replay.validate().expect("the replay is well formed");
    let mut engine = Engine::with_lua(Arc::clone(content)).expect("engine");
    let mut st = engine.new_game(replay.players, replay.seed).expect("setup");
    for k in &replay.answers {
        engine
            .apply(&mut st, &**k)
            .expect("the answers before it apply");
    }
    assert_eq!(st.hash(), replay.final_hash);
    let failing = replay.failing_answer.as_deref().expect("a failing answer");
    match engine.apply(&mut st, failing) {
        Err(EngineError::Script(e)) => assert!(e.message.contains("boom"), "{}", e.message),
        other => panic!("the failing answer `{failing}` gave {other:?}"),
    }
}

#[test]
fn greedy_trials_that_fail_are_counted_and_reported() {
    let content = failing_wool_shop(false);
    let records = play(&content, "greedy", 3);
    assert!(records.iter().all(|r| !r.lookahead_errors.is_empty()));
    assert_placed(&records);
    assert_replay_reaches_it(&content, &records[0]);
    let s = summarise(&records, Some(5), None);
    assert!(s.has_errors(), "a run with look-ahead errors has errors");
    assert_eq!(s.lookahead_error_games, 3);
    assert_eq!(s.lookahead_errors.len(), 1, "{:?}", s.lookahead_errors);
    let e = &s.lookahead_errors[0];
    assert_eq!(e.games, 3);
    assert!(e.count >= 3);
    assert!(
        s.warnings[0].contains("looking ahead"),
        "the look-ahead warning comes first: {:?}",
        s.warnings
    );
    // The JSON a tool reads carries them too.
    let json = serde_json::to_value(&s).expect("json");
    assert!(json["lookahead_errors"][0]["site"]
        .as_str()
        .is_some_and(|x| x.contains("wool-shop.lua:3")));
}

#[test]
fn mcts_expansions_and_playouts_that_fail_are_counted() {
    let content = failing_wool_shop(false);
    let records = play(&content, "mcts", 1);
    assert!(!records[0].lookahead_errors.is_empty());
    assert_placed(&records);
    assert_replay_reaches_it(&content, &records[0]);
}

#[test]
fn random_games_meet_the_error_as_the_game_own() {
    let content = failing_wool_shop(false);
    let records = play(&content, "random", 3);
    // Random bots look nowhere ahead: the game errors itself, at the same place.
    assert!(records.iter().any(|r| r
        .error
        .as_deref()
        .is_some_and(|e| e.contains("boom") && e.contains("wool-shop.lua:3"))));
    assert!(records.iter().all(|r| r.lookahead_errors.is_empty()));
}

#[test]
fn an_error_only_after_round_3_is_found_by_each_bot() {
    let content = failing_wool_shop(true);
    for (bot, games) in [("greedy", 3), ("mcts", 1)] {
        let records = play(&content, bot, games);
        assert!(
            records.iter().any(|r| !r.lookahead_errors.is_empty()),
            "{bot}: the late error is reported"
        );
        assert_placed(&records);
        for r in records.iter().filter(|r| !r.lookahead_errors.is_empty()) {
            // First met in round 4 or later: after some answers, never at the start.
            let first = &r.lookahead_errors[0];
            assert!(first.decision > 0);
            if first.depth < 8 {
                assert_replay_reaches_it(&content, r);
            } else {
                // A playout crossed into round 4 further than a trial's path is kept:
                // the replay stops at the decision, with the option it started from.
                let replay = r.lookahead_replay.as_ref().expect("a replay");
                assert_eq!(replay.failing_answer, first.option);
                assert!(replay.error.as_deref().is_some_and(|e| e.contains("boom")));
            }
        }
    }
    let records = play(&content, "random", 3);
    assert!(records
        .iter()
        .any(|r| r.error.as_deref().is_some_and(|e| e.contains("boom"))));
}

#[test]
fn a_pack_without_errors_reports_none_under_the_search_bots() {
    // The re-deal of hidden cards while an effect is asking must not make a replayed
    // question fail ("the recorded answer is no longer an option").
    let content = weft_tests::tabriz_content();
    for (bot, games) in [("greedy", 4), ("mcts", 1)] {
        let records = play(&content, bot, games);
        for r in &records {
            assert!(r.error.is_none(), "{bot}: {:?}", r.error);
            assert!(
                r.lookahead_errors.is_empty(),
                "{bot}: {:?}",
                r.lookahead_errors
            );
        }
    }
}

#[test]
fn records_with_lookahead_errors_survive_a_round_trip_and_are_validated() {
    let content = failing_wool_shop(false);
    let records = play(&content, "greedy", 1);
    let line = serde_json::to_string(&records[0]).expect("json");
    let back: GameRecord = serde_json::from_str(&line).expect("reads back");
    assert_eq!(back.lookahead_errors, records[0].lookahead_errors);
    back.validate().expect("valid");
    let mut bad = back.clone();
    bad.lookahead_errors[0].seat = 9;
    assert!(bad.validate().is_err(), "a seat out of range is refused");
    let mut bad = back;
    bad.lookahead_errors[0].count = 0;
    assert!(bad.validate().is_err(), "a count of 0 is refused");
}
