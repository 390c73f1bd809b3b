//! Simulation: many seeded games played by bots, in parallel worker threads with one
//! engine (one Lua VM) each. Results do not depend on the number of workers: each game's
//! seed derives from the run seed and the game's index.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::agent::{make_agent, Agent};
use crate::content::Content;
use crate::engine::Engine;
use crate::error::EngineError;
use crate::replay::{Replay, FORMAT};
use crate::state::GameResult;

/// Most decisions one game may take before it is stopped as runaway.
pub const MAX_DECISIONS: usize = 200_000;

/// The seed of game `index` in a run seeded `run_seed` (SplitMix64 mixing).
pub fn game_seed(run_seed: u64, index: u64) -> u64 {
    let mut z = run_seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One finished (or errored) game.
#[derive(Debug, Clone, Serialize)]
pub struct GameRecord {
    /// Index in the run.
    pub index: u64,
    /// Game seed.
    pub seed: u64,
    /// Result, if the game finished.
    pub result: Option<GameResult>,
    /// The error, if it errored.
    pub error: Option<String>,
    /// Where a script error happened: `pack file hook`, for counting errors by site.
    pub error_site: Option<String>,
    /// Decisions answered.
    pub decisions: usize,
    /// Cards fulfilled in this game (deck grades only), by card index.
    #[serde(skip)]
    pub fulfilled: Vec<u16>,
    /// Apprentice visits per tile index (moves ending on it).
    #[serde(skip)]
    pub visits: Vec<u32>,
    /// A replay (answers and final hash).
    #[serde(skip)]
    pub replay: Replay,
}

/// Limits on one game beyond the per-hook instruction budget.
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    /// Wall-clock seconds a game may take before the watchdog stops it (reported as an
    /// error, never silently). `None`: no watchdog.
    pub game_seconds: Option<f64>,
}

/// A replay of game `seed` with these seats and no answers yet.
fn empty_replay(content: &Content, seats: &[Box<dyn Agent>], seed: u64) -> Replay {
    Replay {
        format: FORMAT,
        packs: content.packs.clone(),
        digest: content.digest.clone(),
        players: seats.len(),
        seats: seats.iter().map(|s| s.name().to_string()).collect(),
        seed,
        answers: Vec::new(),
        final_hash: String::new(),
        error: None,
        failing_answer: None,
        checkpoints: Vec::new(),
    }
}

/// Plays one game with the given seats. `on_decision` sees the state after every
/// applied answer (used to trace state hashes).
pub fn play_game_traced(
    engine: &mut Engine,
    seats: &mut [Box<dyn Agent>],
    seed: u64,
    index: u64,
    limits: Limits,
    on_decision: &mut dyn FnMut(&crate::state::GameState),
) -> GameRecord {
    let content = Arc::clone(engine.content());
    let players = seats.len();
    let mut replay = empty_replay(&content, seats, seed);
    let mut record = GameRecord {
        index,
        seed,
        result: None,
        error: None,
        error_site: None,
        decisions: 0,
        fulfilled: Vec::new(),
        visits: vec![0; content.tiles.len()],
        replay: replay.clone(),
    };
    let started = Instant::now();
    let deadline = limits
        .game_seconds
        .map(|s| started + Duration::from_secs_f64(s));
    engine.set_deadline(deadline);
    let mut st = match engine.new_game(players, seed) {
        Ok(st) => st,
        Err(e) => {
            record.error = Some(format!("setup failed: {e}"));
            engine.set_deadline(None);
            return record;
        }
    };
    while let Some(decision) = st.decision() {
        if replay.answers.len() >= MAX_DECISIONS {
            record.error = Some(format!(
                "the game took more than {MAX_DECISIONS} decisions and was stopped"
            ));
            break;
        }
        if deadline.is_some_and(|d| Instant::now() > d) {
            record.error = Some(format!(
                "watchdog: the game ran longer than {:.1} s of wall-clock time and was stopped (not deterministic)",
                limits.game_seconds.unwrap_or(0.0)
            ));
            record.error_site = Some("watchdog".into());
            break;
        }
        let choice = seats[decision.player].choose(engine, &st, decision);
        let key = decision.options[choice].key.clone();
        if let crate::decision::Action::Move { to, .. } = decision.options[choice].action {
            record.visits[st.board[to as usize].tile as usize] += 1;
        }
        if let Err(e) = engine.apply(&mut st, choice) {
            if let EngineError::Script(s) = &e {
                record.error_site = Some(format!("{} hook `{}` (pack {})", s.file, s.hook, s.pack));
            }
            record.error = Some(e.to_string());
            replay.failing_answer = Some(key);
            break;
        }
        replay.answers.push(key);
        on_decision(&st);
    }
    engine.set_deadline(None);
    record.decisions = replay.answers.len();
    record.result = st.result.clone();
    record.fulfilled = st
        .players
        .iter()
        .flat_map(|p| p.tucked.iter().copied())
        .filter(|&c| content.grades[content.commissions[c as usize].grade as usize].deck)
        .collect();
    replay.final_hash = st.hash();
    replay.error = record.error.clone();
    record.replay = replay;
    record
}

/// Plays one game with the given seats.
pub fn play_game(
    engine: &mut Engine,
    seats: &mut [Box<dyn Agent>],
    seed: u64,
    index: u64,
) -> GameRecord {
    play_game_traced(engine, seats, seed, index, Limits::default(), &mut |_| {})
}

/// Plays one game inside `catch_unwind`: a panic (an engine bug, or a host function
/// that panicked under a script) is recorded as an errored game and the caller goes on.
/// Returns whether a panic happened, after which the engine should be rebuilt.
pub fn play_game_guarded(
    engine: &mut Engine,
    seats: &mut [Box<dyn Agent>],
    seed: u64,
    index: u64,
    limits: Limits,
) -> (GameRecord, bool) {
    match catch_unwind(AssertUnwindSafe(|| {
        play_game_traced(engine, seats, seed, index, limits, &mut |_| {})
    })) {
        Ok(r) => (r, false),
        Err(panic) => {
            let what = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".into());
            let content = engine.content();
            let error = format!("engine panic: {what}");
            let record = GameRecord {
                index,
                seed,
                result: None,
                error: Some(error.clone()),
                error_site: Some("engine panic".into()),
                decisions: 0,
                fulfilled: Vec::new(),
                visits: Vec::new(),
                replay: Replay {
                    error: Some(error),
                    ..empty_replay(content, seats, seed)
                },
            };
            (record, true)
        }
    }
}

/// The seats of game `seed`: bot names cycled over the players, each seeded apart.
pub fn make_seats(cfg: &SimConfig, seed: u64) -> Vec<Box<dyn Agent>> {
    (0..cfg.players)
        .map(|s| {
            let name = &cfg.bots[s % cfg.bots.len()];
            make_agent(name, game_seed(seed, 1000 + s as u64)).expect("bot names are checked first")
        })
        .collect()
}

/// Plays games one after another and returns `game decision hash` for every decision:
/// two processes that print the same lines played the same games (hostile case 14).
pub fn hash_trace(content: &Arc<Content>, cfg: &SimConfig) -> Result<Vec<String>, String> {
    let mut engine = Engine::with_lua(Arc::clone(content)).map_err(|e| e.to_string())?;
    let mut lines = Vec::new();
    for i in 0..cfg.games {
        let seed = game_seed(cfg.seed, i);
        let mut seats = make_seats(cfg, seed);
        let mut k = 0usize;
        let record = play_game_traced(
            &mut engine,
            &mut seats,
            seed,
            i,
            Limits::default(),
            &mut |st| {
                k += 1;
                lines.push(format!("{i} {k} {}", st.hash()));
            },
        );
        if let Some(e) = record.error {
            lines.push(format!("{i} error {}", e.lines().next().unwrap_or("")));
        }
    }
    Ok(lines)
}

/// What a simulation run plays.
#[derive(Debug, Clone)]
pub struct SimConfig {
    /// Player count.
    pub players: usize,
    /// Games.
    pub games: u64,
    /// Run seed.
    pub seed: u64,
    /// Bot per seat (cycled when shorter than the player count).
    pub bots: Vec<String>,
    /// Worker threads.
    pub jobs: usize,
    /// Per-game limits.
    pub limits: Limits,
}

/// Plays a run. Each worker builds its own engine; a panicking game is recorded as an
/// error and the run goes on.
pub fn run(
    content: &Arc<Content>,
    cfg: &SimConfig,
    on_game: &(dyn Fn(u64) + Sync),
) -> Result<Vec<GameRecord>, String> {
    for b in &cfg.bots {
        make_agent(b, 0)?;
    }
    if cfg.bots.is_empty() {
        return Err("no bots given".into());
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<GameRecord>> = Mutex::new(Vec::with_capacity(cfg.games as usize));
    let setup_error: Mutex<Option<String>> = Mutex::new(None);
    let jobs = cfg.jobs.max(1).min(cfg.games.max(1) as usize);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                let mut engine = match Engine::with_lua(Arc::clone(content)) {
                    Ok(e) => e,
                    Err(e) => {
                        *setup_error.lock().expect("no poisoning") = Some(e.to_string());
                        return;
                    }
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed) as u64;
                    if i >= cfg.games {
                        break;
                    }
                    let seed = game_seed(cfg.seed, i);
                    let mut seats = make_seats(cfg, seed);
                    let (record, panicked) =
                        play_game_guarded(&mut engine, &mut seats, seed, i, cfg.limits);
                    if panicked {
                        // The VM may be in any state after a panic: start a new one.
                        if let Ok(e) = Engine::with_lua(Arc::clone(content)) {
                            engine = e;
                        }
                    }
                    on_game(i);
                    results.lock().expect("no poisoning").push(record);
                }
            });
        }
    });
    if let Some(e) = setup_error.into_inner().expect("no poisoning") {
        return Err(e);
    }
    let mut records = results.into_inner().expect("no poisoning");
    records.sort_by_key(|r| r.index);
    Ok(records)
}

/// Per-seat numbers of a run.
#[derive(Debug, Clone, Serialize)]
pub struct SeatSummary {
    /// Seat (1-based).
    pub seat: usize,
    /// Bot name.
    pub bot: String,
    /// Mean final prestige over finished games.
    pub mean_prestige: f64,
    /// Share of finished games won (a shared win counts as a fraction).
    pub win_share: f64,
}

/// A run's summary.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// Pack chain.
    pub packs: Vec<crate::content::PackInfo>,
    /// Players.
    pub players: usize,
    /// Run seed.
    pub seed: u64,
    /// Games played.
    pub games: u64,
    /// Games that finished.
    pub finished: u64,
    /// Games that errored.
    pub errored: u64,
    /// Games that hit the round cap.
    pub stalled: u64,
    /// First error, if any.
    pub first_error: Option<String>,
    /// Seed of the first errored game.
    pub first_error_seed: Option<u64>,
    /// Index of the first errored game in the run.
    pub first_error_index: Option<u64>,
    /// Errored games by where the error happened (`pack file hook`, `watchdog`, …).
    pub errors_by_site: std::collections::BTreeMap<String, u64>,
    /// Mean rounds over finished games.
    pub mean_rounds: f64,
    /// Mean decisions per game.
    pub mean_decisions: f64,
    /// Share of finished games by end cause.
    pub end_causes: std::collections::BTreeMap<String, f64>,
    /// Per seat.
    pub seats: Vec<SeatSummary>,
    /// Share of finished games in which each card was fulfilled, by card id.
    pub fulfilled_share: std::collections::BTreeMap<String, f64>,
    /// Mean apprentice visits per game, by tile id.
    pub tile_visits: std::collections::BTreeMap<String, f64>,
    /// Plain-language warnings: cards never or rarely fulfilled, tiles never visited.
    pub warnings: Vec<String>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Games per second.
    pub games_per_second: f64,
}

/// Summarises a run.
pub fn summarise(
    content: &Content,
    cfg: &SimConfig,
    records: &[GameRecord],
    seconds: f64,
) -> Summary {
    let finished: Vec<&GameResult> = records
        .iter()
        .filter(|r| r.error.is_none())
        .filter_map(|r| r.result.as_ref())
        .collect();
    let nf = finished.len().max(1) as f64;
    let mut seats: Vec<SeatSummary> = (0..cfg.players)
        .map(|s| SeatSummary {
            seat: s + 1,
            bot: cfg.bots[s % cfg.bots.len()].clone(),
            mean_prestige: 0.0,
            win_share: 0.0,
        })
        .collect();
    let mut causes = std::collections::BTreeMap::new();
    for r in &finished {
        for (s, seat) in seats.iter_mut().enumerate() {
            seat.mean_prestige += r.scores[s] as f64 / nf;
            if r.winners.contains(&s) {
                seat.win_share += 1.0 / r.winners.len() as f64 / nf;
            }
        }
        *causes.entry(r.cause.clone()).or_insert(0.0) += 1.0 / nf;
    }
    let first = records.iter().find(|r| r.error.is_some());
    let ok: Vec<&GameRecord> = records
        .iter()
        .filter(|r| r.error.is_none() && r.result.is_some())
        .collect();
    let mut fulfilled_share = std::collections::BTreeMap::new();
    for (i, card) in content.commissions.iter().enumerate() {
        if content.grades[card.grade as usize].deck {
            let n = ok
                .iter()
                .filter(|r| r.fulfilled.contains(&(i as u16)))
                .count();
            fulfilled_share.insert(card.id.clone(), n as f64 / nf);
        }
    }
    let mut tile_visits = std::collections::BTreeMap::new();
    for (i, tile) in content.tiles.iter().enumerate() {
        let n: u32 = ok
            .iter()
            .map(|r| r.visits.get(i).copied().unwrap_or(0))
            .sum();
        tile_visits.insert(tile.id.clone(), n as f64 / nf);
    }
    let mut warnings = Vec::new();
    if !ok.is_empty() {
        for (id, share) in &fulfilled_share {
            if *share == 0.0 {
                warnings.push(format!("commission {id} was never fulfilled"));
            } else if *share < 0.01 {
                warnings.push(format!(
                    "commission {id} was fulfilled in only {:.2}% of games",
                    share * 100.0
                ));
            }
        }
        for (id, visits) in &tile_visits {
            if *visits == 0.0 {
                warnings.push(format!("tile {id} was never visited"));
            }
        }
    }
    Summary {
        packs: content.packs.clone(),
        players: cfg.players,
        seed: cfg.seed,
        games: records.len() as u64,
        finished: finished.len() as u64,
        errored: records.iter().filter(|r| r.error.is_some()).count() as u64,
        stalled: finished.iter().filter(|r| r.cause == "stalled").count() as u64,
        first_error: first.and_then(|r| r.error.clone()),
        first_error_seed: first.map(|r| r.seed),
        first_error_index: first.map(|r| r.index),
        errors_by_site: records.iter().filter(|r| r.error.is_some()).fold(
            Default::default(),
            |mut m, r| {
                *m.entry(r.error_site.clone().unwrap_or_else(|| "rules".into()))
                    .or_insert(0) += 1;
                m
            },
        ),
        mean_rounds: finished.iter().fold(0.0, |a, r| a + r.rounds as f64) / nf,
        mean_decisions: records.iter().fold(0.0, |a, r| a + r.decisions as f64)
            / records.len().max(1) as f64,
        end_causes: causes,
        seats,
        fulfilled_share,
        tile_visits,
        warnings,
        seconds,
        games_per_second: records.len() as f64 / seconds.max(1e-9),
    }
}
