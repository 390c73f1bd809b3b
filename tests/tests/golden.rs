//! Tabriz does not change while the core does (issue 11): for 200 seeds at each player
//! count on the base pack, the rules fixture, silk-road and the variants, random play's
//! answer sequence (as a digest) and the final state hash must equal the recorded ones in
//! `tests/golden/random-games.tsv`. A change that alters any game fails here, naming the
//! first game that differs. If a change is *meant* to alter games (a rules fix, a new
//! state field in the JSON), regenerate the file with `WEFT_BLESS=1 cargo test -p
//! weft-tests --test golden` in a commit that says why.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;

use sha2::{Digest, Sha256};
use weft_core::agent::{Agent, RandomAgent};
use weft_core::content::{load_content, PackFiles};
use weft_core::sim::game_seed;
use weft_core::{Content, Engine};
use weft_tests::{fixture_files, library, repo, tabriz_files};

/// Seeds per pack and player count.
const SEEDS: u64 = 200;

fn golden_file() -> PathBuf {
    repo().join("tests/golden/random-games.tsv")
}

fn pack(path: &str) -> PackFiles {
    PackFiles::from_dir(&repo().join(path)).unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

/// The packs under watch, each as its chain (base first).
fn packs() -> Vec<(&'static str, Vec<PackFiles>)> {
    vec![
        ("tabriz", vec![tabriz_files()]),
        ("rules-fixture", vec![fixture_files()]),
        (
            "silk-road",
            vec![tabriz_files(), pack("content/examples/silk-road")],
        ),
        (
            "short-game",
            vec![tabriz_files(), pack("content/variants/short-game")],
        ),
        (
            "long-legs",
            vec![tabriz_files(), pack("content/variants/long-legs")],
        ),
    ]
}

/// One line per game: pack, players, seed index, decisions, answers digest, final hash.
fn play_all(name: &str, content: Arc<Content>) -> String {
    let mut engine = Engine::with_lua(Arc::clone(&content)).expect("content loads");
    let mut out = String::new();
    for players in content.player_counts() {
        let players = players as usize;
        for i in 0..SEEDS {
            let seed = game_seed(players as u64 * 7_919 + name.len() as u64, i);
            let mut bot = RandomAgent::new(seed.rotate_left(29));
            let mut st = engine
                .new_game(players, seed)
                .unwrap_or_else(|e| panic!("{name} {players}p seed {i}: {e}"));
            let mut answers = Sha256::new();
            let mut decisions = 0usize;
            while let Some(d) = st.decision() {
                let pick = bot.choose(&mut engine, &st, d);
                answers.update(d.options[pick].key.as_bytes());
                answers.update(b"\n");
                engine
                    .apply(&mut st, pick)
                    .unwrap_or_else(|e| panic!("{name} {players}p seed {i}: {e}"));
                decisions += 1;
            }
            let digest: String = answers.finalize()[..8]
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            writeln!(
                out,
                "{name}\t{players}\t{i}\t{decisions}\t{digest}\t{}",
                st.hash()
            )
            .unwrap();
        }
    }
    out
}

#[test]
fn random_games_are_move_for_move_the_same() {
    let chains = packs();
    // Two threads: the machine has two cores; each thread has its own engine and VM.
    let lines: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = chains
            .chunks(chains.len().div_ceil(2))
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|(name, chain)| {
                            let content = Arc::new(
                                load_content(chain, &library())
                                    .unwrap_or_else(|e| panic!("{name}: {e}")),
                            );
                            play_all(name, content)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a golden thread panicked"))
            .collect()
    });
    let now = format!(
        "# pack\tplayers\tseed index\tdecisions\tanswers sha256 (first 8 bytes)\tfinal state hash\n{}",
        lines.concat()
    );
    if std::env::var_os("WEFT_BLESS").is_some() {
        std::fs::create_dir_all(golden_file().parent().unwrap()).unwrap();
        std::fs::write(golden_file(), &now).unwrap();
        return;
    }
    let recorded = std::fs::read_to_string(golden_file()).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; record it with WEFT_BLESS=1 cargo test -p weft-tests --test golden",
            golden_file().display()
        )
    });
    if let Some((was, is)) = recorded.lines().zip(now.lines()).find(|(a, b)| a != b) {
        panic!(
            "a game differs from the recorded one:\n  recorded {was}\n  now      {is}\n\
             If the change is meant to alter games, regenerate with WEFT_BLESS=1 (see this file's header)."
        );
    }
    assert_eq!(
        recorded.lines().count(),
        now.lines().count(),
        "the number of recorded games differs"
    );
}
