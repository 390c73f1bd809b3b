//! Issue 10, class 8: files weft did not write. Every game record and every replay is
//! checked before use ([`GameRecord::validate`], [`Replay::validate`]); a report built
//! from records that skipped the check still does not panic. (`weft merge` on corrupt
//! record files is tested through the CLI in `cli/tests/runs.rs`.)

use std::sync::Arc;

use weft_core::agent::{Agent, RandomAgent};
use weft_core::replay::{verify, Replay, ReplayError, MAX_ANSWERS};
use weft_core::report::summarise;
use weft_core::sim::{self, play_game, GameRecord, SimConfig};
use weft_core::{Content, Engine};

/// The records of a real 3-player run of `games` games.
fn run(content: &Arc<Content>, players: usize, games: u64) -> Vec<GameRecord> {
    let mut cfg = SimConfig::new(players, games, 11, &["random"]);
    cfg.jobs = 1;
    sim::run(content, &cfg, &|_| {}).expect("the run plays")
}

/// A real finished game and the replay of it.
fn game() -> (Arc<Content>, Engine, GameRecord) {
    let content = weft_tests::content();
    let mut engine = Engine::with_lua(content.clone()).unwrap();
    let mut seats: Vec<Box<dyn Agent>> = (0..2)
        .map(|s| Box::new(RandomAgent::new(s)) as Box<dyn Agent>)
        .collect();
    let record = play_game(&mut engine, &mut seats, 8, 0);
    assert!(record.finished(), "{:?}", record.error);
    (content, engine, record)
}

#[test]
fn records_weft_writes_are_valid() {
    let content = weft_tests::content();
    for r in run(&content, 3, 6) {
        r.validate()
            .unwrap_or_else(|e| panic!("game {}: {e}", r.index));
        assert_eq!(r.tiebreak.len(), 3, "finished games carry tie-breaks");
    }
    // Games that never start (no setup for 9 players) are valid errored records.
    for r in run(&content, 9, 2) {
        assert!(r.error.is_some());
        r.validate()
            .unwrap_or_else(|e| panic!("game {}: {e}", r.index));
    }
}

#[test]
fn a_tie_is_won_by_the_tie_break_and_else_shared() {
    let content = weft_tests::content();
    let mut r = run(&content, 3, 1).remove(0);
    let rows = r.score_by_round.len();
    r.scores = vec![7, 7, 3];
    r.score_by_round[rows - 1] = r.scores.clone();
    r.tiebreak = vec![4, 4, 9];
    r.winners = vec![0, 1];
    assert_eq!(r.validate(), Ok(()), "a shared win on equal tie-breaks");
    r.winners = vec![0];
    let e = r.validate().unwrap_err();
    assert!(e.contains("they are seats [1, 2]"), "{e}");
    r.tiebreak = vec![5, 4, 9];
    assert_eq!(r.validate(), Ok(()), "the better tie-break wins alone");
    // Without tie-breaks (older records) a tied seat may have lost the tie-break.
    r.tiebreak.clear();
    assert_eq!(r.validate(), Ok(()));
    r.winners = vec![2];
    let e = r.validate().unwrap_err();
    assert!(
        e.contains("seat 3 is listed as a winner with 3 prestige"),
        "{e}"
    );
}

/// Records that skipped validation: the report reads them with `get` and sums scores
/// as floats, so nothing indexes out of range or overflows.
#[test]
fn a_report_of_unchecked_records_does_not_panic() {
    let content = weft_tests::content();
    let good = run(&content, 3, 2);
    let edits: [fn(&mut GameRecord); 7] = [
        |r| r.scores.clear(),
        |r| {
            r.winners = vec![99];
            r.scores = vec![1];
        },
        |r| r.score_by_round.iter_mut().for_each(|row| row.truncate(1)),
        |r| {
            let w = r.winners[0];
            r.score_by_round = vec![
                vec![i64::MAX; 3],
                (0..3)
                    .map(|s| if s == w { i64::MIN } else { i64::MAX })
                    .collect(),
                vec![1; 3],
            ];
        },
        // A use by a seat that is not in the game, and one in a round it never played.
        |r| {
            let u = weft_core::sim::Uses {
                group: "tile".into(),
                by: vec![[99, 1]],
            };
            r.uses.insert("tile plaza".into(), u);
            assert!(r.validate().unwrap_err().contains("seat index 99"));
        },
        |r| {
            let u = weft_core::sim::Uses {
                group: "common".into(),
                by: vec![[0, r.rounds + 7]],
            };
            r.uses.insert("card c01".into(), u);
            assert!(r.validate().unwrap_err().contains("in round"));
        },
        |r| {
            r.slot_visits.insert("plaza".into(), u32::MAX);
            assert!(r
                .validate()
                .unwrap_err()
                .contains("more than a game has decisions"));
        },
    ];
    for (i, edit) in edits.iter().enumerate() {
        let mut records = good.clone();
        for r in &mut records {
            edit(r);
            assert!(r.validate().is_err(), "edit {i} is caught by validate");
        }
        let s = std::panic::catch_unwind(|| summarise(&records, None, None));
        assert!(s.is_ok(), "edit {i}: the report panicked");
    }
}

/// One inconsistent replay per invariant of `Replay::validate`: each is refused by
/// `from_json` and by `verify` before anything runs.
#[test]
fn inconsistent_replays_are_refused_before_they_run() {
    let (content, mut engine, record) = game();
    let good = record.replay.clone();
    good.validate().expect("a replay weft wrote is valid");
    Replay::from_json(&good.to_json()).expect("and reads back");
    type Edit = (fn(&mut Replay), &'static str);
    let edits: Vec<Edit> = vec![
        (|r| r.players = 0, "players is 0"),
        (
            |r| {
                r.players = 300;
                r.seats = vec!["x".into(); 300];
            },
            "players is 300",
        ),
        (
            |r| r.seats.pop().map(drop).unwrap(),
            "it lists 1 seats for 2 players",
        ),
        (
            |r| r.seats[0] = "a\u{1b}[2J".into(),
            "contains a control character",
        ),
        (
            |r| r.answers = vec!["pass".into(); MAX_ANSWERS + 1],
            "answers (a game stops at 200000)",
        ),
        (
            |r| r.answers[3] = "".into(),
            "answer 3 is not an answer key",
        ),
        (
            |r| r.answers[4] = "k".repeat(2000).into(),
            "answer 4 is not an answer key",
        ),
        (
            |r| r.failing_answer = Some("act".into()),
            "a failing answer but no error",
        ),
        (
            |r| r.final_hash = "zz".into(),
            "the final hash \"zz\" is not",
        ),
        (|r| r.final_hash.clear(), "the final hash \"\" is not"),
        (|r| r.digest = "../x".into(), "the content digest"),
        (|r| r.packs.clear(), "it lists 0 packs"),
        (|r| r.packs[0].digest = "G".into(), "the digest of pack"),
        (
            |r| r.checkpoints = vec![(25, "ab".into()), (25, "ab".into())],
            "checkpoint at answer 25 is not after 25",
        ),
        (
            |r| r.checkpoints = vec![(0, "ab".into())],
            "checkpoint at answer 0 is not after 0",
        ),
        (
            |r| r.checkpoints = vec![(usize::MAX, "ab".into())],
            "is not after 0 and within the",
        ),
        (
            |r| r.checkpoints = vec![(25, "not hex".into())],
            "the hash of checkpoint 25",
        ),
        (
            |r| r.error = Some("e".repeat(2 << 20)),
            "the error is 2097152 bytes",
        ),
    ];
    for (edit, says) in edits {
        let mut bad = good.clone();
        edit(&mut bad);
        let json = serde_json::to_string(&bad).unwrap();
        match Replay::from_json(&json) {
            Err(ReplayError::Invalid(e)) => assert!(e.contains(says), "{says}: {e}"),
            other => panic!("{says}: from_json gave {other:?}"),
        }
        match verify(&content, &mut engine, &bad) {
            Err(ReplayError::Invalid(e)) => assert!(e.contains(says), "{says}: {e}"),
            other => panic!("{says}: verify gave {other:?}"),
        }
    }
    // A game that never started has no final hash, and is still a replay.
    let mut unstarted = good.clone();
    unstarted.answers.clear();
    unstarted.final_hash.clear();
    unstarted.error = Some("setup failed".into());
    assert_eq!(unstarted.validate(), Ok(()));
}
