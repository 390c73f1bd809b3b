//! The benchmark workloads, shared by `cargo bench` (criterion) and `weft bench` (ratios
//! against a fixed baseline measured in the same process, because shared machines are
//! noisy and absolute times do not travel).

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use sha2::Digest;

use crate::agent::{make_agent, Agent, BotOptions, MctsAgent};
use crate::content::Content;
use crate::effects::Effects;
use crate::engine::Engine;
use crate::events::EventLog;
use crate::flow::{Hook, HookCall, Owner};
use crate::lua::LuaHost;
use crate::state::GameState;

/// The compass goal of the engine: random 4-player games per minute per core.
pub const GOAL_GAMES_PER_MINUTE_PER_CORE: f64 = 50_000.0;

/// Everything the workloads need, built once.
pub struct Bench {
    /// The content.
    pub content: Arc<Content>,
    /// An engine with a Lua host.
    pub engine: Engine,
    /// A second Lua host, for calling one hook directly.
    pub host: LuaHost,
    /// A state 40 random decisions into a 4-player game.
    pub mid_game: GameState,
    /// The slot of a tile whose `can_act` hook the hook workload calls.
    pub hook_slot: u16,
}

impl Bench {
    /// Builds the workloads on `content`.
    pub fn new(content: Arc<Content>) -> Result<Bench, String> {
        let mut engine = Engine::with_lua(Arc::clone(&content)).map_err(|e| e.to_string())?;
        let host = LuaHost::new(Arc::clone(&content)).map_err(|e| e.to_string())?;
        let mut st = engine.new_game(4, 1).map_err(|e| e.to_string())?;
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        for _ in 0..40 {
            let Some(d) = st.decision() else { break };
            let i = rng.random_range(0..d.options.len());
            engine.apply(&mut st, i).map_err(|e| e.to_string())?;
        }
        let hook_slot = (0..st.board.len())
            .find(|&s| host.has_hook(&content, &st, Owner::Tile { slot: s as u16 }, Hook::CanAct))
            .ok_or("no tile has a can_act hook")? as u16;
        Ok(Bench {
            content,
            engine,
            host,
            mid_game: st,
            hook_slot,
        })
    }

    /// Plays one random 4-player game; returns its decisions.
    pub fn random_game(&mut self, seed: u64) -> usize {
        let mut seats: Vec<Box<dyn Agent>> = (0..4)
            .map(|s| make_agent("random", seed * 8 + s).expect("random exists"))
            .collect();
        crate::sim::play_game(&mut self.engine, &mut seats, seed, 0).decisions
    }

    /// Clones the mid-game state.
    pub fn clone_state(&self) -> GameState {
        black_box(&self.mid_game).clone()
    }

    /// Calls one tile's `can_act` hook on a scratch copy of the mid-game state.
    pub fn hook_call(&mut self, scratch: &mut GameState) -> bool {
        let call = HookCall {
            owner: Owner::Tile {
                slot: self.hook_slot,
            },
            hook: Hook::CanAct,
            player: Some(0),
        };
        self.host
            .call(&self.content, scratch, &call, &[], &mut EventLog::default())
            .is_ok()
    }

    /// Runs `iterations` search iterations from the mid-game decision.
    pub fn mcts(&mut self, iterations: u32) -> u64 {
        let options = BotOptions {
            mcts_iterations: Some(iterations),
            mcts_millis: None,
        };
        let mut bot = MctsAgent::new(7, options);
        let st = &self.mid_game;
        let d = st.decision().expect("mid-game has a decision");
        black_box(bot.choose(&mut self.engine, st, d));
        bot.iterations_run
    }
}

/// The baseline: SHA-256 of 16 KiB, a fixed amount of plain CPU work. Every other
/// number is reported as a multiple of it.
pub fn baseline(buffer: &[u8; 16384]) -> [u8; 32] {
    sha2::Sha256::digest(black_box(buffer)).into()
}

/// One measured workload.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Measurement {
    /// Workload name.
    pub name: String,
    /// What one operation is.
    pub unit: String,
    /// Seconds per operation (best of the rounds).
    pub seconds: f64,
    /// Operations per second.
    pub per_second: f64,
    /// Seconds per operation divided by the baseline's, measured alongside.
    pub baseline_ratio: f64,
}

/// Times `op` for about `budget`; returns the best seconds per operation over 5 rounds.
pub fn time_per_op(budget: Duration, mut op: impl FnMut() -> u64) -> f64 {
    let mut best = f64::INFINITY;
    let per_round = budget / 5;
    for _ in 0..5 {
        let start = Instant::now();
        let mut ops = 0u64;
        while start.elapsed() < per_round || ops == 0 {
            ops += op().max(1);
        }
        best = best.min(start.elapsed().as_secs_f64() / ops as f64);
    }
    best
}

/// Measures every workload for about `budget` each, with the baseline measured before
/// each one so a busy machine slows both.
pub fn run_all(bench: &mut Bench, budget: Duration) -> Vec<Measurement> {
    let buffer = [7u8; 16384];
    let base = || time_per_op(budget / 2, || u64::from(baseline(&buffer)[0] < 255));
    let mut out = Vec::new();
    let mut push = |name: &str, unit: &str, seconds: f64, base: f64| {
        out.push(Measurement {
            name: name.into(),
            unit: unit.into(),
            seconds,
            per_second: 1.0 / seconds,
            baseline_ratio: seconds / base,
        });
    };
    let b = base();
    push("baseline", "SHA-256 of 16 KiB", b, b);
    let b = base();
    let clone = time_per_op(budget, || {
        black_box(bench.clone_state());
        1
    });
    push(
        "state clone",
        "clone of a 4-player mid-game state",
        clone,
        b,
    );
    let b = base();
    let mut scratch = bench.mid_game.clone();
    let hook = time_per_op(budget, || {
        black_box(bench.hook_call(&mut scratch));
        1
    });
    push("hook call", "one Lua can_act call", hook, b);
    let b = base();
    let mut seed = 0;
    let game = time_per_op(budget, || {
        seed += 1;
        black_box(bench.random_game(seed));
        1
    });
    push("random game", "one random 4-player game", game, b);
    let b = base();
    let iteration = time_per_op(budget, || bench.mcts(50));
    push(
        "mcts iteration",
        "one search iteration (mid-game)",
        iteration,
        b,
    );
    out
}
