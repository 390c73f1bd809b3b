//! Tabriz does not change while the core does (issue 11): for 200 seeds at each player
//! count on the base pack, the rules fixture, silk-road and the variants, random play's
//! answer sequence (as a digest) and the final state hash must equal the recorded ones in
//! `tests/golden/random-games.tsv`; and 5 seeds per player count of greedy bots on the
//! base pack (which read the evaluation, the determinization and the lookahead) those in
//! `tests/golden/greedy-games.tsv`; and likewise Cabriole and the queues fixture (issue
//! 30), in `cabriole-random-games.tsv` and `cabriole-greedy-games.tsv`. A change that
//! alters any game fails here, naming the first game that differs. If a change is
//! *meant* to alter games (a rules fix, a new state field in the JSON), regenerate the
//! files with `WEFT_BLESS=1 cargo test -p weft-tests --test golden` in a commit that
//! says why: that mode refuses to write if any
//! game's moves (every column but the final hash) changed; `WEFT_BLESS=all` writes
//! anyway, for a change meant to alter play. The hashes were blessed once when issue 11
//! had reshaped the state (counters, the flow program, commissions in zones), after
//! every game had been shown move for move and state for state the same through a
//! projection of the new state onto the old JSON.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;

use sha2::{Digest, Sha256};
use weft_core::agent::{make_agent, Agent, RandomAgent};
use weft_core::content::{load_content, PackFiles};
use weft_core::sim::game_seed;
use weft_core::{Content, Engine};
use weft_tests::{cabriole_files, fixture_files, library, queues_files, repo, tabriz_files};

/// Seeds per pack and player count, random bots.
const SEEDS: u64 = 200;
/// Seeds per chain and player count, greedy bots (slower: ~180 applies per decision).
const GREEDY_SEEDS: u64 = 5;
/// Seeds per player count, greedy bots on Cabriole (issue 30: 10 games a count).
const CABRIOLE_GREEDY_SEEDS: u64 = 10;

fn golden_file(name: &str) -> PathBuf {
    repo().join("tests/golden").join(name)
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
/// The seats are `bot`s, seeded from the game's seed.
fn play_all(name: &str, content: Arc<Content>, bot: &str, seeds: u64) -> String {
    let mut engine = Engine::with_lua(Arc::clone(&content)).expect("content loads");
    let mut out = String::new();
    for players in content.player_counts() {
        let players = players as usize;
        for i in 0..seeds {
            let seed = game_seed(players as u64 * 7_919 + name.len() as u64, i);
            // Random play uses one bot for every seat (as recorded); other bots get a
            // seat each, seeded apart.
            let mut seats: Vec<Box<dyn Agent>> = if bot == "random" {
                vec![Box::new(RandomAgent::new(seed.rotate_left(29)))]
            } else {
                (0..players)
                    .map(|s| {
                        make_agent(bot, seed.rotate_left(29) ^ s as u64).expect("the bot exists")
                    })
                    .collect()
            };
            let mut st = engine
                .new_game(players, seed)
                .unwrap_or_else(|e| panic!("{name} {players}p seed {i}: {e}"));
            let mut answers = Sha256::new();
            let mut decisions = 0usize;
            while let Some(d) = st.decision() {
                let d = d.clone();
                let seat = d.player % seats.len();
                let pick = seats[seat].choose(&mut engine, &st, &d);
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

/// Plays `chains` with `bot` seats on two threads (the machine has two cores; each
/// thread has its own engine and VM) and compares with, or with `WEFT_BLESS` writes,
/// the golden file `file`.
fn guard(file: &str, chains: Vec<(&'static str, Vec<PackFiles>)>, bot: &str, seeds: u64) {
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
                            play_all(name, content, bot, seeds)
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
    let path = golden_file(file);
    // `WEFT_BLESS=docs` is the doc numbers' bless (cli/tests/doc_numbers.rs), not ours.
    if let Some(mode) = std::env::var_os("WEFT_BLESS").filter(|m| m != "docs") {
        // Blessing may only change the final hashes (a new state shape) unless asked for
        // `all`: the games themselves, move for move, must stay the same.
        if mode != "all" {
            if let Ok(recorded) = std::fs::read_to_string(&path) {
                let games = |text: &str| -> Vec<String> {
                    text.lines()
                        .map(|l| {
                            l.rsplit_once('\t')
                                .map_or(l, |(games, _)| games)
                                .to_string()
                        })
                        .collect()
                };
                if let Some((was, is)) = games(&recorded)
                    .iter()
                    .zip(games(&now).iter())
                    .find(|(a, b)| a != b)
                {
                    panic!(
                        "{file}: refusing to bless: a game's moves differ, not only its final state:\n  recorded {was}\n  now      {is}\n\
                         If the games are meant to change, bless with WEFT_BLESS=all in a commit that says why."
                    );
                }
            }
        }
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &now).unwrap();
        return;
    }
    let recorded = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; record it with WEFT_BLESS=1 cargo test -p weft-tests --test golden",
            path.display()
        )
    });
    if let Some((was, is)) = recorded.lines().zip(now.lines()).find(|(a, b)| a != b) {
        panic!(
            "{file}: a game differs from the recorded one:\n  recorded {was}\n  now      {is}\n\
             If the change is meant to alter games, regenerate with WEFT_BLESS=1 (see this file's header)."
        );
    }
    assert_eq!(
        recorded.lines().count(),
        now.lines().count(),
        "{file}: the number of recorded games differs"
    );
}

#[test]
fn random_games_are_move_for_move_the_same() {
    guard("random-games.tsv", packs(), "random", SEEDS);
}

#[test]
fn greedy_games_are_move_for_move_the_same() {
    // Two chains of the base pack so both threads work: the second with another name
    // plays other seeds (the name enters the seed).
    guard(
        "greedy-games.tsv",
        vec![
            ("tabriz", vec![tabriz_files()]),
            ("tabriz-b", vec![tabriz_files()]),
        ],
        "greedy",
        GREEDY_SEEDS,
    );
}

/// Issue 30's guard for the generic parts Tabriz does not use (areas, zones, refills,
/// effects that ask): Cabriole and the queues fixture, 200 random seeds per count.
#[test]
fn cabriole_random_games_are_move_for_move_the_same() {
    guard(
        "cabriole-random-games.tsv",
        vec![
            ("cabriole", vec![cabriole_files()]),
            ("queues", vec![queues_files()]),
        ],
        "random",
        SEEDS,
    );
}

/// Cabriole with greedy bots: 10 games per player count (two chains, one a thread).
#[test]
fn cabriole_greedy_games_are_move_for_move_the_same() {
    guard(
        "cabriole-greedy-games.tsv",
        vec![
            ("cabriole", vec![cabriole_files()]),
            ("cabriole-b", vec![cabriole_files()]),
        ],
        "greedy",
        CABRIOLE_GREEDY_SEEDS / 2,
    );
}
