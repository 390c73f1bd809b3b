//! The limits a pack runs under. The person running weft sets the script limits
//! ([`ScriptLimits`], from the command line, with the defaults below); a pack's
//! `game.toml` may ask for *lower* ones, never higher. The engine's own limits on work it
//! does for a pack (the constants) are fixed: no pack and no flag lifts them.
//! `docs/modding.md` lists them all.

/// Interrupt checks one hook call may use, unless the user says otherwise.
pub const DEFAULT_INSTRUCTION_BUDGET: u64 = 200_000;
/// Memory cap of each Lua VM in MiB, unless the user says otherwise.
pub const DEFAULT_MEMORY_MB: u32 = 64;
/// Wall-clock seconds one hook call may run, unless the user says otherwise.
pub const DEFAULT_HOOK_SECONDS: f64 = 10.0;

/// The largest number a pack may write for an amount, a price, a reward or a count in
/// its TOML files, and the largest amount one `ctx` verb may move.
pub const MAX_AMOUNT: i64 = 1_000_000;
/// The most coins or materials a player may hold, and the largest prestige (either sign).
/// A verb that would go past it is an error, never a wrapped or clipped number.
pub const MAX_HOLDING: i64 = 1_000_000_000;
/// `ctx` verbs (calls that change the game) one hook call may make.
pub const MAX_VERBS_PER_CALL: u32 = 10_000;
/// Lines of `ctx:log` one hook call keeps while events are recorded; later lines of the
/// call are dropped, as every line is when none are recorded. Logging is not a change,
/// so whether lines are kept never changes what a hook does.
pub const MAX_LOG_LINES_PER_CALL: u32 = 1_000;
/// Questions (`ctx:choose` with more than one option) one effect may ask. Each answer
/// re-runs the effect from the start (DESIGN invariant 4; in bot play an answer
/// continues the held call instead), so the cost of an effect asked with labels grows
/// with the square of its questions.
pub const MAX_QUESTIONS_PER_EFFECT: usize = 64;
/// Counters one tile may keep (`ctx:set_counter`).
pub const MAX_TILE_COUNTERS: usize = 32;
/// The longest name, in bytes, of a tile's counter.
pub const MAX_TILE_COUNTER_NAME: usize = 64;
/// Automatic engine steps (hooks, phases, rounds) in a row without a decision before the
/// flow is stopped as one that never asks anyone anything.
pub const MAX_AUTOMATIC_STEPS: u64 = 1_000_000;
/// Rounds a pack may set as `max_rounds`.
pub const MAX_ROUNDS: u32 = 10_000;
/// Named blocks a pack's `[flow]` may declare.
pub const MAX_FLOW_BLOCKS: usize = 1_000;
/// Steps one `[flow]` block may hold (and entries in the `setup` or `round` list).
pub const MAX_FLOW_STEPS: usize = 1_000;
/// How deep named `[flow]` blocks may nest below the `setup` or `round` list, through
/// `block` steps and `turns` bodies (`weft doc` prints the program to this depth).
pub const MAX_FLOW_DEPTH: usize = 15;
/// The largest `N` of a `turns` step's `until = "each:N"`.
pub const MAX_TURNS_EACH: u32 = 1_000;

/// The most seconds a duration given on the command line may be (a year): a longer
/// watchdog is none, and far longer ones overflow the clock's arithmetic.
pub const MAX_FLAG_SECONDS: f64 = 31_536_000.0;
/// The most milliseconds the mcts bot may be given per decision (an hour).
pub const MAX_MCTS_MILLIS: u64 = 3_600_000;

/// Reads a duration in seconds given on the command line: a finite number above 0 and
/// at most [`MAX_FLAG_SECONDS`], or 0 too when `zero` says what 0 means (e.g. "0 turns
/// the watchdog off"). `Err` says what it takes.
pub fn parse_seconds(text: &str, zero: Option<&str>) -> Result<f64, String> {
    let value = text.trim().parse::<f64>().ok();
    let low_ok = |v: f64| v > 0.0 || (v == 0.0 && zero.is_some());
    match value {
        Some(v) if v.is_finite() && low_ok(v) && v <= MAX_FLAG_SECONDS => Ok(v),
        _ => Err(match zero {
            Some(zero) => format!(
                "`{text}` is not a number of seconds from 0 to {MAX_FLAG_SECONDS} (a year); {zero}"
            ),
            None => format!(
                "`{text}` is not a number of seconds above 0 and at most {MAX_FLAG_SECONDS} (a year)"
            ),
        }),
    }
}

/// Reads the mcts bot's milliseconds per decision given on the command line: a whole
/// number from 1 to [`MAX_MCTS_MILLIS`]. `Err` says what it takes.
pub fn parse_mcts_millis(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(ms) if (1..=MAX_MCTS_MILLIS).contains(&ms) => Ok(ms),
        _ => Err(format!(
            "`{text}` is not a number of milliseconds from 1 to {MAX_MCTS_MILLIS} (an hour: {} seconds per decision)",
            MAX_MCTS_MILLIS / 1000
        )),
    }
}

/// Limits on scripts, set by the person running weft. A pack may lower the budget and
/// the memory cap in its `game.toml`; the lower of the two is used.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScriptLimits {
    /// Interrupt checks (loop iterations, calls, and charged library work) per hook call.
    pub instruction_budget: u64,
    /// Memory cap of each Lua VM, in MiB (at least 1).
    pub memory_mb: u32,
    /// Wall-clock seconds one hook call may run before the watchdog stops it. This stop
    /// is not deterministic, and its error says so; the budget is the deterministic limit.
    pub hook_seconds: f64,
}

impl Default for ScriptLimits {
    fn default() -> Self {
        ScriptLimits {
            instruction_budget: DEFAULT_INSTRUCTION_BUDGET,
            memory_mb: DEFAULT_MEMORY_MB,
            hook_seconds: DEFAULT_HOOK_SECONDS,
        }
    }
}

impl ScriptLimits {
    /// The limits in force when a pack asks for `budget` and `memory_mb`: never above
    /// the user's.
    pub fn lowered_by(&self, budget: Option<u64>, memory_mb: Option<u32>) -> ScriptLimits {
        ScriptLimits {
            instruction_budget: budget
                .map_or(self.instruction_budget, |b| b.min(self.instruction_budget)),
            memory_mb: memory_mb.map_or(self.memory_mb, |m| m.min(self.memory_mb)),
            hook_seconds: self.hook_seconds,
        }
    }

    /// Checks values given on the command line; `Err` says what is wrong.
    pub fn validate(&self) -> Result<(), String> {
        if self.instruction_budget == 0 {
            return Err("--budget must be at least 1".into());
        }
        if self.memory_mb == 0 {
            return Err("--memory-mb must be at least 1 (there is no \"no cap\")".into());
        }
        if !(self.hook_seconds.is_finite()
            && self.hook_seconds > 0.0
            && self.hook_seconds <= MAX_FLAG_SECONDS)
        {
            return Err(format!(
                "--hook-seconds must be a number of seconds above 0 and at most {MAX_FLAG_SECONDS} (a year)"
            ));
        }
        Ok(())
    }
}

/// Most decisions one game may take before it is stopped as runaway.
pub const MAX_DECISIONS: usize = 200_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pack_lowers_but_never_raises() {
        let user = ScriptLimits::default();
        let low = user.lowered_by(Some(10), Some(8));
        assert_eq!((low.instruction_budget, low.memory_mb), (10, 8));
        let high = user.lowered_by(Some(u64::MAX), Some(u32::MAX));
        assert_eq!(high, user);
        assert_eq!(user.lowered_by(None, None), user);
    }

    #[test]
    fn durations_outside_their_range_are_refused() {
        let zero = Some("0 turns the watchdog off");
        assert_eq!(parse_seconds("2.5", None), Ok(2.5));
        assert_eq!(parse_seconds("0", zero), Ok(0.0));
        for bad in ["0", "-1", "NaN", "inf", "1e300", "x"] {
            assert!(parse_seconds(bad, None).is_err(), "{bad}");
        }
        assert!(parse_seconds("-0.5", zero).is_err());
        assert_eq!(parse_mcts_millis("250"), Ok(250));
        for bad in ["0", "-1", "18446744073709551615", "3600001"] {
            assert!(parse_mcts_millis(bad).is_err(), "{bad}");
        }
        let huge = ScriptLimits {
            hook_seconds: 1e300,
            ..ScriptLimits::default()
        };
        assert!(huge.validate().is_err());
    }

    #[test]
    fn zero_is_refused() {
        let l = ScriptLimits {
            memory_mb: 0,
            ..ScriptLimits::default()
        };
        assert!(l.validate().is_err());
        let l = ScriptLimits {
            instruction_budget: 0,
            ..ScriptLimits::default()
        };
        assert!(l.validate().is_err());
    }
}
