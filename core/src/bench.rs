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
    /// The slot of a tile whose `can_act` hook the hook workload calls; `None` when no
    /// tile of the pack has one (the workload is then left out).
    pub hook_slot: Option<u16>,
}

impl Bench {
    /// Builds the workloads on `content`.
    pub fn new(content: Arc<Content>) -> Result<Bench, String> {
        let mut engine = crate::sim::bot_engine(&content)?;
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
            .map(|s| s as u16);
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
        bot_game(&mut self.engine, "random", seed)
    }

    /// Plays one greedy 4-player game; returns its decisions.
    pub fn greedy_game(&mut self, seed: u64) -> usize {
        bot_game(&mut self.engine, "greedy", seed)
    }

    /// Clones the mid-game state.
    pub fn clone_state(&self) -> GameState {
        black_box(&self.mid_game).clone()
    }

    /// Calls one tile's `can_act` hook on a scratch copy of the mid-game state (`false`
    /// when the pack has none).
    pub fn hook_call(&mut self, scratch: &mut GameState) -> bool {
        let Some(slot) = self.hook_slot else {
            return false;
        };
        let call = HookCall {
            owner: Owner::Tile { slot },
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
            ..BotOptions::default()
        };
        let mut bot = MctsAgent::new(7, options);
        let st = &self.mid_game;
        let d = st.decision().expect("mid-game has a decision");
        black_box(bot.choose(&mut self.engine, st, d));
        bot.iterations_run
    }
}

/// Plays game `seed` with four seats of the built-in `bot` (seeded from `seed`, as every
/// workload seeds them); returns its decisions.
fn bot_game(engine: &mut Engine, bot: &str, seed: u64) -> usize {
    let mut seats: Vec<Box<dyn Agent>> = (0..4)
        .map(|s| make_agent(bot, seed * 8 + s).expect("a built-in bot"))
        .collect();
    crate::sim::play_game(engine, &mut seats, seed, 0).decisions
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
    /// Seconds per operation: the median of the rounds.
    pub seconds: f64,
    /// Operations per second.
    pub per_second: f64,
    /// Seconds per operation divided by the baseline's (both medians), measured
    /// alongside.
    pub baseline_ratio: f64,
    /// Run-to-run spread: (slowest round − fastest round) / median, over rounds that
    /// each did the same work.
    pub spread: f64,
}

/// Seconds per unit of work in each round, and their median.
#[derive(Debug, Clone)]
pub struct Timing {
    /// Per round: seconds per unit.
    pub rounds: Vec<f64>,
}

impl Timing {
    /// The median round.
    pub fn median(&self) -> f64 {
        let mut v = self.rounds.clone();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    }

    /// (slowest − fastest) / median.
    pub fn spread(&self) -> f64 {
        let lo = self.rounds.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = self.rounds.iter().copied().fold(0.0, f64::max);
        (hi - lo) / self.median()
    }
}

/// Rounds each workload is timed for.
pub const ROUNDS: usize = 5;

/// Times a fixed amount of work: `op(i)` does operation `i` and returns how many units
/// it did (decisions in game `i`, say). How many operations make a round is found once,
/// so that a round takes about `round`; then every one of the [`ROUNDS`] rounds does
/// exactly operations `0..n` again, so rounds differ only by the machine's noise.
pub fn time_fixed(round: Duration, mut op: impl FnMut(u64) -> u64) -> Timing {
    let start = Instant::now();
    let mut n = 0u64;
    while n == 0 || start.elapsed() < round {
        op(n);
        n += 1;
    }
    time_count(n, op)
}

/// Times operations `0..n` (see [`time_fixed`]) in each of the [`ROUNDS`] rounds, with
/// no calibration: the count is given, so two builds timed with the same `n` do the
/// same work, however fast each is.
pub fn time_count(n: u64, mut op: impl FnMut(u64) -> u64) -> Timing {
    let n = n.max(1);
    let rounds = (0..ROUNDS)
        .map(|_| {
            let start = Instant::now();
            let units: u64 = (0..n).map(&mut op).sum();
            start.elapsed().as_secs_f64() / units.max(1) as f64
        })
        .collect();
    Timing { rounds }
}

/// How many games a round of the game workloads plays: as many as fit in the time
/// (`None`), or this many, seeds 1 to n, so that two builds play the same games.
#[derive(Debug, Clone, Copy, Default)]
pub struct GameCounts {
    /// Random games per round.
    pub random: Option<u64>,
    /// Greedy games per round.
    pub greedy: Option<u64>,
}

/// Measures every workload, each for about `budget`, with the baseline measured before
/// each one so a busy machine slows both. Every round of a workload does the same work:
/// the same seeds, the same positions; `games` can fix how many games that is.
pub fn run_all(bench: &mut Bench, budget: Duration, games: GameCounts) -> Vec<Measurement> {
    let buffer = [7u8; 16384];
    let round = budget / (ROUNDS as u32 + 1);
    let base = || time_fixed(round / 2, |_| u64::from(baseline(&buffer)[0] < 255) | 1);
    let mut out = Vec::new();
    let mut push = |name: &str, unit: &str, t: &Timing, base: &Timing| {
        let seconds = t.median();
        out.push(Measurement {
            name: name.into(),
            unit: unit.into(),
            seconds,
            per_second: 1.0 / seconds,
            baseline_ratio: seconds / base.median(),
            spread: t.spread(),
        });
    };
    let b = base();
    push("baseline", "SHA-256 of 16 KiB", &b, &b);
    let b = base();
    let clone = time_fixed(round, |_| {
        black_box(bench.clone_state());
        1
    });
    push(
        "state clone",
        "clone of a 4-player mid-game state",
        &clone,
        &b,
    );
    if bench.hook_slot.is_some() {
        let b = base();
        let mut scratch = bench.mid_game.clone();
        let hook = time_fixed(round, |_| {
            black_box(bench.hook_call(&mut scratch));
            1
        });
        push("hook call", "one Lua can_act call", &hook, &b);
    }
    // Random play, seeds 1, 2, … the same in every round: time per apply, and per game
    // at the mean length of those games.
    let b = base();
    let mut lengths: Vec<u64> = Vec::new();
    let random = |i: u64| {
        let n = bench.random_game(i + 1) as u64;
        if lengths.len() as u64 == i {
            lengths.push(n);
        }
        n
    };
    let apply = match games.random {
        Some(n) => time_count(n, random),
        None => time_fixed(round, random),
    };
    push(
        "random apply",
        "one apply in random 4-player play",
        &apply,
        &b,
    );
    let mean_length = lengths.iter().sum::<u64>() as f64 / lengths.len().max(1) as f64;
    let game = Timing {
        rounds: apply.rounds.iter().map(|s| s * mean_length).collect(),
    };
    push(
        "random game",
        &format!(
            "one random 4-player game ({mean_length:.0} decisions, seeds 1–{})",
            lengths.len()
        ),
        &game,
        &b,
    );
    let b = base();
    let mut played = 0u64;
    let greedy_game = |i: u64| {
        black_box(bench.greedy_game(i + 1));
        played = played.max(i + 1);
        1
    };
    let greedy = match games.greedy {
        Some(n) => time_count(n, greedy_game),
        None => time_fixed(round, greedy_game),
    };
    push(
        "greedy game",
        &format!("one greedy 4-player game (seeds 1–{played})"),
        &greedy,
        &b,
    );
    let b = base();
    let iteration = time_fixed(round, |_| bench.mcts(50));
    push(
        "mcts iteration",
        "one search iteration (mid-game)",
        &iteration,
        &b,
    );
    out
}

/// How much of the time play spends in the Lua host (issue 12: the floor is not a
/// do-nothing host, which would not be the game, but Lua's share of the real one).
#[derive(Debug, Clone, serde::Serialize)]
pub struct LuaShare {
    /// Share of random play's time spent in hook calls (seeds 1 to `random_games`).
    pub random: f64,
    /// Random games measured.
    pub random_games: u64,
    /// Share of greedy play's time spent in hook calls (the seed-1 game).
    pub greedy: f64,
    /// The script functions random play spent its hook time in, the costliest first
    /// (at most the number asked of [`lua_share`]).
    pub random_hooks: Vec<HookTime>,
    /// The same for greedy play.
    pub greedy_hooks: Vec<HookTime>,
}

/// The script functions [`LuaShare`] lists for each kind of play unless asked for more
/// (`weft bench --hooks`).
pub const HOOKS_SHOWN: usize = 8;

/// The time the Lua host spent in one script function over the games measured: where a
/// designer looks first when a pack plays slowly.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct HookTime {
    /// What ran: `area row1: options`, `tile wool-shop: can_act`, `rules.final_score`,
    /// `card c05: workshop`, `unlock at 4: on_reach`.
    pub hook: String,
    /// Calls made.
    pub calls: u64,
    /// Its share of all the time spent in hook calls.
    pub share: f64,
    /// Mean time a call, in microseconds.
    pub mean_us: f64,
}

/// Which script function a call runs, without building a name: the owner's kind, its
/// index (a tile's tile, not its slot), and the hook.
type HookKey = (u8, u32, Hook);

/// Calls and time per script function.
type HookTimes = std::collections::HashMap<HookKey, (u64, Duration)>;

fn hook_key(state: &GameState, call: &HookCall) -> HookKey {
    match call.owner {
        Owner::Tile { slot } => (
            0,
            state
                .board
                .get(slot as usize)
                .map_or(u32::MAX, |t| u32::from(t.tile)),
            call.hook,
        ),
        Owner::Card { card } => (1, u32::from(card), call.hook),
        Owner::Unlock { index } => (2, u32::from(index), call.hook),
        Owner::Game { hook } => (3, u32::from(hook), call.hook),
        Owner::Area { area } => (4, u32::from(area), call.hook),
        Owner::DiceSpace { space } => (5, u32::from(space), call.hook),
        Owner::Extra { extra } => (6, u32::from(extra), call.hook),
    }
}

fn hook_name(content: &Content, (kind, index, hook): HookKey) -> String {
    let i = index as usize;
    let id = |name: Option<&String>| name.map_or("?", |s| s.as_str()).to_string();
    match kind {
        0 => format!(
            "tile {}: {}",
            id(content.tiles.get(i).map(|t| &t.id)),
            content.program.hook_name(hook)
        ),
        1 => format!(
            "card {}: {}",
            id(content.cards.get(i).map(|c| &c.id)),
            content.program.hook_name(hook)
        ),
        2 => format!(
            "unlock at {}: {}",
            content.unlocks.get(i).map_or(0, |u| u.level),
            content.program.hook_name(hook)
        ),
        3 => match content.program.game_hooks.get(i) {
            Some(g) if hook == Hook::Potential => {
                format!("{}.{} ([score] potential)", g.module, g.function)
            }
            Some(g) => format!("{}.{}", g.module, g.function),
            None => "?".to_string(),
        },
        5 => format!(
            "dice space {}: {}",
            id(content.dice_play.spaces.get(i).map(|a| &a.id)),
            content.program.hook_name(hook)
        ),
        6 => format!(
            "extra {}: {}",
            id(content.dice_play.extras.get(i).map(|a| &a.id)),
            content.program.hook_name(hook)
        ),
        _ => format!(
            "area {}: {}",
            id(content.board.areas.get(i).map(|a| &a.id)),
            content.program.hook_name(hook)
        ),
    }
}

/// Seconds spent in all the calls of `times`.
fn total_seconds(times: &HookTimes) -> f64 {
    times.values().map(|(_, d)| d.as_secs_f64()).sum()
}

/// The costliest `shown` entries of `times`, named; `total` is [`total_seconds`] of
/// them.
fn costliest(content: &Content, times: &HookTimes, total: f64, shown: usize) -> Vec<HookTime> {
    let mut out: Vec<HookTime> = times
        .iter()
        .map(|(&key, &(calls, spent))| HookTime {
            hook: hook_name(content, key),
            calls,
            share: spent.as_secs_f64() / total.max(1e-12),
            mean_us: spent.as_secs_f64() * 1e6 / calls.max(1) as f64,
        })
        .collect();
    out.sort_by(|a, b| b.share.total_cmp(&a.share).then(a.hook.cmp(&b.hook)));
    out.truncate(shown);
    out
}

/// Measures [`LuaShare`] on `content`: plays the same games as the workloads with a host
/// that clocks every call it serves (the clock adds a little to both sides), listing the
/// costliest `shown` script functions of each kind of play.
pub fn lua_share(
    content: &Arc<Content>,
    random_games: u64,
    shown: usize,
) -> Result<LuaShare, String> {
    let times = std::rc::Rc::new(std::cell::RefCell::new(HookTimes::new()));
    let host = LuaHost::new(Arc::clone(content)).map_err(|e| e.to_string())?;
    let timed = TimedEffects {
        inner: host,
        times: std::rc::Rc::clone(&times),
        held: None,
    };
    let mut engine = Engine::new(Arc::clone(content), Box::new(timed));
    engine.set_labels(false);
    let mut share = |bot: &str, seeds: std::ops::RangeInclusive<u64>| {
        times.borrow_mut().clear();
        let start = Instant::now();
        for seed in seeds {
            black_box(bot_game(&mut engine, bot, seed));
        }
        let elapsed = start.elapsed().as_secs_f64().max(1e-9);
        let times = times.borrow();
        let spent = total_seconds(&times);
        (spent / elapsed, costliest(content, &times, spent, shown))
    };
    let (random, random_hooks) = share("random", 1..=random_games.max(1));
    let (greedy, greedy_hooks) = share("greedy", 1..=1);
    Ok(LuaShare {
        random,
        random_games: random_games.max(1),
        greedy,
        random_hooks,
        greedy_hooks,
    })
}

/// A Lua host that adds the time of every call it serves to `times`, by script
/// function.
struct TimedEffects {
    inner: LuaHost,
    times: std::rc::Rc<std::cell::RefCell<HookTimes>>,
    /// The script function of the call the host holds stopped at a question: its
    /// continuation is timed as that function.
    held: Option<HookKey>,
}

impl TimedEffects {
    fn timed<T>(&mut self, key: HookKey, f: impl FnOnce(&mut LuaHost) -> T) -> T {
        let start = Instant::now();
        let out = f(&mut self.inner);
        let spent = start.elapsed();
        let mut times = self.times.borrow_mut();
        let entry = times.entry(key).or_default();
        entry.0 += 1;
        entry.1 += spent;
        out
    }
}

impl Effects for TimedEffects {
    fn has_hook(&self, content: &Content, state: &GameState, owner: Owner, hook: Hook) -> bool {
        self.inner.has_hook(content, state, owner, hook)
    }

    fn call(
        &mut self,
        content: &Content,
        state: &mut GameState,
        call: &HookCall,
        answers: &[String],
        log: &mut EventLog,
    ) -> Result<crate::effects::HookOutcome, Box<crate::error::ScriptError>> {
        let key = hook_key(state, call);
        let out = self.timed(key, |h| h.call(content, state, call, answers, log));
        self.held = self.inner.held().map(|_| key);
        out
    }

    fn held(&self) -> Option<u64> {
        self.inner.held()
    }

    fn read_strength(&self) -> bool {
        self.inner.read_strength()
    }

    fn resume(
        &mut self,
        ticket: u64,
        answer: &str,
        state: &mut GameState,
        log: &mut EventLog,
    ) -> Option<Result<crate::effects::HookOutcome, Box<crate::error::ScriptError>>> {
        let key = self.held.take()?;
        if self.inner.held() != Some(ticket) {
            return None; // nothing to continue: not a call
        }
        let out = self.timed(key, |h| h.resume(ticket, answer, state, log));
        self.held = self.inner.held().map(|_| key);
        out
    }

    fn options(
        &mut self,
        content: &Content,
        state: &GameState,
        call: &HookCall,
    ) -> Result<Vec<(String, String)>, Box<crate::error::ScriptError>> {
        self.timed(hook_key(state, call), |h| h.options(content, state, call))
    }

    fn estimate(
        &mut self,
        content: &Content,
        state: &GameState,
        call: &HookCall,
    ) -> Result<Option<f64>, Box<crate::error::ScriptError>> {
        self.timed(hook_key(state, call), |h| h.estimate(content, state, call))
    }

    fn locate(
        &mut self,
        content: &Content,
        state: &mut GameState,
        call: &HookCall,
        answers: &[String],
    ) -> Option<(String, u32)> {
        self.inner.locate(content, state, call, answers)
    }

    fn new_game(&mut self) {
        self.inner.new_game();
    }

    fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.inner.set_deadline(deadline);
    }

    fn set_labels(&mut self, on: bool) {
        self.inner.set_labels(on);
    }

    fn card_text(&self, card: crate::content::CardIx) -> Option<String> {
        self.inner.card_text(card)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A given count is played as it is, in every round, with no calibration: two builds
    /// given the same count do the same work.
    #[test]
    fn a_given_count_is_the_work_of_every_round() {
        let mut calls: Vec<u64> = Vec::new();
        let t = time_count(3, |i| {
            calls.push(i);
            1
        });
        assert_eq!(t.rounds.len(), ROUNDS);
        assert_eq!(calls, [0, 1, 2].repeat(ROUNDS));
    }

    /// Every round repeats exactly the operations the calibration settled on, so rounds
    /// differ only by noise (issue 12: a trustworthy bench).
    #[test]
    fn every_round_does_the_same_work() {
        let mut calls: Vec<u64> = Vec::new();
        let t = time_fixed(Duration::from_millis(2), |i| {
            calls.push(i);
            std::thread::sleep(Duration::from_micros(200));
            i + 1
        });
        assert_eq!(t.rounds.len(), ROUNDS);
        // Calibration ran 0..n, then each round ran 0..n again.
        let per_round = calls.len() / (ROUNDS + 1);
        assert_eq!(calls.len(), per_round * (ROUNDS + 1));
        for chunk in calls.chunks(per_round) {
            assert_eq!(chunk, (0..per_round as u64).collect::<Vec<_>>().as_slice());
        }
        assert!(t.median() > 0.0 && t.spread() >= 0.0);
    }

    /// The Lua share is a share: more than nothing (Tabriz's tiles are all Lua) and less
    /// than the whole, for random and for greedy play.
    #[test]
    fn the_lua_share_is_a_share() {
        let content = Arc::new(crate::load(&[], None).expect("the base pack loads"));
        let share = lua_share(&content, 2, HOOKS_SHOWN).expect("measured");
        assert_eq!(share.random_games, 2);
        for s in [share.random, share.greedy] {
            assert!(s > 0.05 && s < 0.99, "{share:?}");
        }
        // Tabriz's hook time is spread over its tiles' hooks, named, the costliest
        // first; the eight listed are a part of it.
        for hooks in [&share.random_hooks, &share.greedy_hooks] {
            assert_eq!(hooks.len(), HOOKS_SHOWN, "{hooks:?}");
            let total: f64 = hooks.iter().map(|h| h.share).sum();
            assert!(total > 0.0 && total < 1.0, "{hooks:?}");
            assert!(
                hooks.windows(2).all(|w| w[0].share >= w[1].share),
                "{hooks:?}"
            );
            assert!(
                hooks.iter().all(|h| {
                    let named = |prefix: &str, ids: Vec<&String>| {
                        h.hook.strip_prefix(prefix).is_some_and(|rest| {
                            ids.iter().any(|id| rest.starts_with(&format!("{id}: ")))
                        })
                    };
                    (named("tile ", content.tiles.iter().map(|t| &t.id).collect())
                        || named("card ", content.cards.iter().map(|c| &c.id).collect())
                        || h.hook.starts_with("unlock at "))
                        && h.calls > 0
                        && h.mean_us > 0.0
                }),
                "{hooks:?}"
            );
            assert!(
                hooks.iter().any(|h| h.hook.ends_with(": action")),
                "{hooks:?}"
            );
        }
    }
}
