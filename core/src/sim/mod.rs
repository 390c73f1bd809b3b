//! Simulation: many seeded games played by bots, in parallel on a rayon pool with one
//! engine (one Lua VM) per worker. Results do not depend on the number of workers: each
//! game's seed derives from the run seed and the game's index.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::agent::{make_agent_with, Agent, BotOptions};
use crate::content::Content;
use crate::engine::Engine;
use crate::error::EngineError;

pub mod lookahead;
pub(crate) mod record;

use record::Tracker;
pub use record::{
    CardCounts, GameRecord, PlayerCounts, TileCounts, Uses, MAX_ERROR, MAX_NAME, MAX_PACKS,
    MAX_RUN_GAMES, MAX_SEATS,
};

pub use crate::limits::MAX_DECISIONS;

/// The seed of game `index` in a run seeded `run_seed` (SplitMix64 mixing).
pub fn game_seed(run_seed: u64, index: u64) -> u64 {
    let mut z = run_seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Limits on one game beyond the per-hook instruction budget.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// Wall-clock seconds a game may take before the watchdog stops it (reported as an
    /// error, never silently). `None`: no watchdog.
    pub game_seconds: Option<f64>,
    /// Set from outside (a signal, a scheduler's time limit) to stop the run: a game
    /// under way stops at its next decision and is left out ([`GameRecord::stopped`]),
    /// and no further game starts. `None`: the run is never stopped.
    pub stop: Option<Arc<std::sync::atomic::AtomicBool>>,
}

impl Limits {
    /// Whether the run has been asked to stop.
    pub fn stopping(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// An engine for games only bots play: its decisions carry no labels, which no bot
/// reads ([`Engine::set_labels`]). The games are the same as with labels.
pub fn bot_engine(content: &Arc<Content>) -> Result<Engine, String> {
    let mut engine = Engine::with_lua(Arc::clone(content)).map_err(|e| e.to_string())?;
    engine.set_labels(false);
    Ok(engine)
}

/// Seat names for a record.
fn seat_names(seats: &[Box<dyn Agent>]) -> Vec<String> {
    seats.iter().map(|s| s.name().to_string()).collect()
}

/// Plays one game with the given seats. `on_decision` sees the state after every
/// applied answer (used to trace state hashes).
pub fn play_game_traced(
    engine: &mut Engine,
    seats: &mut [Box<dyn Agent>],
    seed: u64,
    index: u64,
    limits: &Limits,
    on_decision: &mut dyn FnMut(&crate::state::GameState),
) -> GameRecord {
    let content = Arc::clone(engine.content());
    let players = seats.len();
    let mut record = GameRecord::new(&content, seat_names(seats), seed, index);
    let mut replay = std::mem::take(&mut record.replay);
    let started = Instant::now();
    let deadline = limits.game_seconds.and_then(|s| deadline_after(started, s));
    engine.set_deadline(deadline);
    let mut st = match engine.new_game(players, seed) {
        Ok(st) => st,
        Err(e) => {
            record.error = Some(format!("setup failed: {e}"));
            engine.set_deadline(None);
            record.replay = replay;
            return record;
        }
    };
    let mut tracker = Tracker::start(&content, &st, &mut record);
    let mut failed = false;
    while let Some(decision) = st.decision() {
        if limits.stopping() {
            record.stopped = true;
            break;
        }
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
        // Every script error the bot meets while it looks ahead is counted: it values
        // such an option as worthless and plays on, which would hide the error.
        engine.set_lookahead(true);
        let choice = seats[decision.player].choose(engine, &st, decision);
        engine.set_lookahead(false);
        let (found, others) = engine.take_lookahead_errors();
        // After the game's own deadline every hook fails on the clock: the watchdog stops
        // the game next, and those failures are not the scripts' (issue 29 review).
        let timed_out = deadline.is_some_and(|d| Instant::now() > d);
        if !timed_out {
            record.lookahead_others = record.lookahead_others.saturating_add(others);
        }
        if !found.is_empty() && !timed_out {
            lookahead::note(engine, &mut record, found, &replay, &st, decision);
        }
        let option = &decision.options[choice];
        let key = Arc::clone(&option.key);
        tracker.before(&content, &st, decision.player, &option.action, &mut record);
        // No backup copy: an answer that fails leaves `st` half-changed, and the position
        // before it is rebuilt below. Errors are rare; a copy for every answer is not.
        if let Err(e) = engine.apply_disposable(&mut st, choice) {
            if let EngineError::Script(s) = &e {
                record.error_site = Some(error_site(s));
            }
            record.error = Some(e.to_string());
            replay.failing_answer = Some(key.to_string());
            failed = true;
            break;
        }
        tracker.after(&content, &st, &mut record);
        replay.answers.push(key);
        on_decision(&st);
    }
    if failed {
        let rebuilt = if deadline.is_some_and(|d| Instant::now() > d) {
            // The game's watchdog stopped the answer: replaying the game would take as
            // long again.
            Err("the game's watchdog stopped it".to_string())
        } else {
            // Under the game's limit again, so a stopped game costs at most twice it.
            engine.set_deadline(
                limits
                    .game_seconds
                    .and_then(|s| deadline_after(Instant::now(), s)),
            );
            rebuild(engine, players, seed, &replay.answers)
        };
        match rebuilt {
            Ok(before) => st = before,
            Err(why) => {
                record.error = Some(format!(
                    "{} (the counts of this game are of a half-applied answer: the position before it could not be rebuilt by replaying the game's answers: {why}. A replay goes differently only when a hook depends on the clock (a watchdog) or keeps state between calls, which `weft check` warns about; otherwise it is an engine bug, please report it)",
                    record.error.take().unwrap_or_default()
                ));
            }
        }
    }
    engine.set_deadline(None);
    tracker.finish(&content, &st, &mut record);
    record.decisions = replay.answers.len();
    replay.final_hash = st.hash();
    replay.error = record.error.clone();
    record.replay = replay;
    record
}

/// The instant `seconds` after `start`; `None` (no deadline) when `seconds` is not a
/// duration the clock can hold (negative, not a number, or centuries away): the
/// command line refuses those, so this only keeps a library caller from a panic.
fn deadline_after(start: Instant, seconds: f64) -> Option<Instant> {
    Duration::try_from_secs_f64(seconds)
        .ok()
        .and_then(|d| start.checked_add(d))
}

/// Where a game's script error happened, as the summary groups errors: `FILE hook `H`
/// (pack P)`, leaving out a file or pack the error does not know (the engine raises some
/// errors of its own, which name neither).
fn error_site(e: &crate::error::ScriptError) -> String {
    let mut site = String::new();
    if !e.file.is_empty() {
        site.push_str(&e.file);
        site.push(' ');
    }
    site.push_str(&format!("hook `{}`", e.hook));
    if !e.pack.is_empty() {
        site.push_str(&format!(" (pack {})", e.pack));
    }
    site
}

/// The position after `answers` in a new game of `players` seats from `seed`: the
/// same engine, seats and answers give the same game (DESIGN invariant 5), so this is
/// the position those answers reached when the game was first played.
fn rebuild(
    engine: &mut Engine,
    players: usize,
    seed: u64,
    answers: &[Arc<str>],
) -> Result<crate::state::GameState, String> {
    let mut st = engine.new_game(players, seed).map_err(|e| e.to_string())?;
    for (i, key) in answers.iter().enumerate() {
        let index = st
            .decision()
            .and_then(|d| d.index_of(key))
            .ok_or_else(|| format!("answer {} (`{key}`) is not an option there", i + 1))?;
        engine
            .apply_disposable(&mut st, index)
            .map_err(|e| format!("answer {} (`{key}`): {e}", i + 1))?;
    }
    Ok(st)
}

/// Plays one game with the given seats.
pub fn play_game(
    engine: &mut Engine,
    seats: &mut [Box<dyn Agent>],
    seed: u64,
    index: u64,
) -> GameRecord {
    play_game_traced(engine, seats, seed, index, &Limits::default(), &mut |_| {})
}

/// Plays one game inside `catch_unwind`: a panic (an engine bug, or a host function
/// that panicked under a script) is recorded as an errored game and the caller goes on.
/// Returns whether a panic happened, after which the engine should be rebuilt.
pub fn play_game_guarded(
    engine: &mut Engine,
    seats: &mut [Box<dyn Agent>],
    seed: u64,
    index: u64,
    limits: &Limits,
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
            let mut record = GameRecord::new(engine.content(), seat_names(seats), seed, index);
            record.error = Some(format!("engine panic: {what}"));
            record.error_site = Some("engine panic".into());
            record.replay.error = record.error.clone();
            (record, true)
        }
    }
}

/// The seats of game `seed`: bot names cycled over the players, each seeded apart.
pub fn make_seats(cfg: &SimConfig, seed: u64) -> Vec<Box<dyn Agent>> {
    (0..cfg.players)
        .map(|s| {
            let name = &cfg.bots[s % cfg.bots.len()];
            make_agent_with(name, game_seed(seed, 1000 + s as u64), &cfg.bot_options)
                .expect("bot names are checked first")
        })
        .collect()
}

/// Plays games one after another and returns `game decision hash` for every decision:
/// two processes that print the same lines played the same games (hostile case 14).
pub fn hash_trace(content: &Arc<Content>, cfg: &SimConfig) -> Result<Vec<String>, String> {
    let mut engine = bot_engine(content)?;
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
            &Limits::default(),
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

/// Which part of a run this process plays: shard `index` of `count` plays the games whose
/// index leaves remainder `index` when divided by `count`. The shards of a run together
/// play every game once, and `weft merge` joins their records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// 0-based shard number, below `count`.
    pub index: u64,
    /// Number of shards.
    pub count: u64,
}

impl Shard {
    /// The whole run in one shard.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Parses `i/n` (0-based `i`, as Slurm's `--array=0-(n-1)` and Kubernetes' indexed
    /// Jobs number their tasks).
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard takes i/n with 0 <= i < n, e.g. 0/4; got `{text}`");
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether game `index` of the run belongs to this shard.
    pub fn has(&self, index: u64) -> bool {
        index % self.count == self.index
    }
}

/// What a simulation run plays.
#[derive(Debug, Clone)]
pub struct SimConfig {
    /// Player count.
    pub players: usize,
    /// Games in the whole run (all shards).
    pub games: u64,
    /// Run seed.
    pub seed: u64,
    /// Bot per seat (cycled when shorter than the player count).
    pub bots: Vec<String>,
    /// Worker threads.
    pub jobs: usize,
    /// Per-game limits.
    pub limits: Limits,
    /// The part of the run this process plays.
    pub shard: Shard,
    /// Bot settings from the command line.
    pub bot_options: BotOptions,
}

impl SimConfig {
    /// A run of `games` games with these bots, one worker per core, no watchdog.
    pub fn new(players: usize, games: u64, seed: u64, bots: &[&str]) -> SimConfig {
        SimConfig {
            players,
            games,
            seed,
            bots: bots.iter().map(|b| b.to_string()).collect(),
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            limits: Limits::default(),
            shard: Shard::ALL,
            bot_options: BotOptions::default(),
        }
    }

    /// Game indices this process plays.
    pub fn indices(&self) -> Vec<u64> {
        (0..self.games).filter(|&i| self.shard.has(i)).collect()
    }
}

/// Plays a run on a rayon pool of `cfg.jobs` workers, each with its own engine (one Lua
/// VM). A panicking game is recorded as an error and the worker builds a fresh engine.
/// `on_game` is called as each game ends, from the worker that played it. The records
/// come back sorted by game index, whatever the number of workers.
pub fn run(
    content: &Arc<Content>,
    cfg: &SimConfig,
    on_game: &(dyn Fn(&GameRecord) + Sync),
) -> Result<Vec<GameRecord>, String> {
    run_indices(content, cfg, &cfg.indices(), on_game)
}

/// Plays the games `indices` of the run `cfg` (see [`run`]).
pub fn run_indices(
    content: &Arc<Content>,
    cfg: &SimConfig,
    indices: &[u64],
    on_game: &(dyn Fn(&GameRecord) + Sync),
) -> Result<Vec<GameRecord>, String> {
    if cfg.bots.is_empty() {
        return Err("no bots given".into());
    }
    for b in &cfg.bots {
        crate::agent::check_bot(b, content)?;
        make_agent_with(b, 0, &cfg.bot_options)?;
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<GameRecord>> = Mutex::new(Vec::with_capacity(indices.len()));
    let setup_error: Mutex<Option<String>> = Mutex::new(None);
    let jobs = cfg.jobs.max(1).min(indices.len().max(1));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .thread_name(|i| format!("weft-sim-{i}"))
        .build()
        .map_err(|e| format!("could not start {jobs} worker threads: {e}"))?;
    pool.broadcast(|_| {
        let mut engine = match bot_engine(content) {
            Ok(e) => e,
            Err(e) => {
                *setup_error.lock().expect("no poisoning") = Some(e);
                return;
            }
        };
        while let Some(&i) = indices.get(next.fetch_add(1, Ordering::Relaxed)) {
            if cfg.limits.stopping() {
                break;
            }
            let seed = game_seed(cfg.seed, i);
            let mut seats = make_seats(cfg, seed);
            let (mut record, panicked) =
                play_game_guarded(&mut engine, &mut seats, seed, i, &cfg.limits);
            if record.stopped {
                // Stopped part-way: not a game of the run.
                break;
            }
            record.run_seed = cfg.seed;
            record.run_games = cfg.games;
            if panicked {
                // The VM may be in any state after a panic: start a new one.
                if let Ok(e) = bot_engine(content) {
                    engine = e;
                }
            }
            on_game(&record);
            results.lock().expect("no poisoning").push(record);
        }
    });
    if let Some(e) = setup_error.into_inner().expect("no poisoning") {
        return Err(e);
    }
    let mut records = results.into_inner().expect("no poisoning");
    records.sort_by_key(|r| r.index);
    Ok(records)
}
