//! Conformance in the spirit of OpenSpiel's basic_tests: seeded random games per player
//! count. Options are never empty before the end, every game ends, a clone played on
//! equals the original played on, replaying the answers reproduces the final hash, and
//! no script errors. `WEFT_CONFORMANCE_GAMES` overrides the 2,000 games per count.

use std::sync::Arc;

use weft_core::agent::{Agent, RandomAgent};
use weft_core::sim::game_seed;
use weft_core::{Content, Engine};

fn games() -> u64 {
    std::env::var("WEFT_CONFORMANCE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000)
}

fn conformance(content: Arc<Content>, players: usize) {
    let mut engine = Engine::with_lua(content.clone()).expect("content loads");
    let mut replayer = Engine::with_lua(content.clone()).expect("content loads");
    for i in 0..games() {
        let seed = game_seed(players as u64 * 1_000_003, i);
        let mut bot = RandomAgent::new(seed.rotate_left(17));
        let mut st = engine
            .new_game(players, seed)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let mut answers: Vec<String> = Vec::new();
        let mut clone_at: Option<(weft_core::GameState, usize)> = None;
        let split = 50 + (seed % 400) as usize;
        while let Some(d) = st.decision() {
            assert!(
                !d.options.is_empty(),
                "seed {seed}: empty options before the end"
            );
            assert!(d.player < players);
            if answers.len() == split {
                clone_at = Some((st.clone(), answers.len()));
            }
            let pick = bot.choose(&mut engine, &st, d);
            let key = d.options[pick].key.clone();
            engine
                .apply(&mut st, pick)
                .unwrap_or_else(|e| panic!("seed {seed}, answer {} `{key}`: {e}", answers.len()));
            answers.push(key);
            assert!(
                answers.len() < 100_000,
                "seed {seed}: the game does not end"
            );
        }
        let result = st
            .result
            .as_ref()
            .unwrap_or_else(|| panic!("seed {seed}: no result"));
        assert!(result.rounds <= content.end.max_rounds);
        // A clone played on with the same answers equals the original played on.
        if let Some((mut clone, from)) = clone_at {
            for key in &answers[from..] {
                replayer
                    .apply(&mut clone, key.as_str())
                    .expect("the clone accepts the same answers");
            }
            assert!(
                clone == st,
                "seed {seed}: the clone diverged from the original"
            );
        }
        // Replaying the answers from the start, on another engine, reproduces the hash.
        let mut again = replayer.new_game(players, seed).expect("setup");
        for key in &answers {
            replayer
                .apply(&mut again, key.as_str())
                .expect("replayed answers stay legal");
        }
        assert_eq!(again.hash(), st.hash(), "seed {seed}: replay diverged");
    }
}

#[test]
fn conformance_2_players() {
    conformance(weft_tests::tabriz_content(), 2);
}

#[test]
fn conformance_3_players() {
    conformance(weft_tests::tabriz_content(), 3);
}

#[test]
fn conformance_4_players() {
    conformance(weft_tests::tabriz_content(), 4);
}

#[test]
fn conformance_5_players() {
    conformance(weft_tests::tabriz_content(), 5);
}
