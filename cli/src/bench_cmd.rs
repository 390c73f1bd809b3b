//! `weft bench`: the engine's speed on one pack, as ratios against a baseline measured
//! in the same process (SHA-256 of 16 KiB), so numbers from noisy machines compare.

use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use weft_core::bench::{lua_share, run_all, Bench, GameCounts};

use crate::packs::PackArgs;

/// Flags of `weft bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(flatten)]
    packs: PackArgs,
    /// Seconds spent on each workload.
    #[arg(long, default_value_t = 2.0, value_parser = crate::packs::positive_seconds)]
    seconds: f64,
    /// Random games in each round (seeds 1 to N), instead of as many as fit in the time:
    /// give two builds the same N to time them on the same games.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100_000))]
    random_games: Option<u64>,
    /// Greedy games in each round (seeds 1 to N), as --random-games.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=10_000))]
    greedy_games: Option<u64>,
    /// Script functions listed under "where the Lua host's time goes", the costliest
    /// first.
    #[arg(long, value_name = "N", default_value_t = weft_core::bench::HOOKS_SHOWN)]
    hooks: usize,
    /// Print JSON on stdout.
    #[arg(long)]
    json: bool,
}

pub fn run(a: BenchArgs) -> anyhow::Result<ExitCode> {
    let content = a.packs.load()?;
    let mut bench =
        Bench::new(std::sync::Arc::clone(&content)).map_err(|e| anyhow::anyhow!("error: {e}"))?;
    let budget = Duration::from_secs_f64(a.seconds.max(0.05));
    let games = GameCounts {
        random: a.random_games,
        greedy: a.greedy_games,
    };
    let results = run_all(&mut bench, budget, games);
    let lua =
        lua_share(&content, LUA_SHARE_GAMES, a.hooks).map_err(|e| anyhow::anyhow!("error: {e}"))?;
    let per_second = |name: &str| {
        results
            .iter()
            .find(|m| m.name == name)
            .map_or(0.0, |m| m.per_second)
    };
    let game = per_second("random game") * 60.0;
    let greedy = per_second("greedy game");
    if a.json {
        let v = serde_json::json!({
            "workloads": results,
            "random_games_per_minute_per_core": game,
            "greedy_games_per_second_per_core": greedy,
            "lua_share": lua,
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "weft bench: one core, {:.1} s per workload; the median of {} rounds that each do the same work",
        a.seconds,
        weft_core::bench::ROUNDS
    );
    println!(
        "\n  {:<16} {:>14} {:>14} {:>12} {:>8}   one operation",
        "workload", "per second", "time", "× baseline", "spread"
    );
    for m in &results {
        println!(
            "  {:<16} {:>14.1} {:>14} {:>12.2} {:>7.1}%   {}",
            m.name,
            m.per_second,
            human(m.seconds),
            m.baseline_ratio,
            m.spread * 100.0,
            m.unit
        );
    }
    println!("\n  random 4-player games per minute per core: {game:.0}");
    println!("  greedy 4-player games per second per core: {greedy:.2}");
    println!(
        "  time spent in the Lua host (hook calls, with the ctx functions they call): random play {:.0}% ({} games), greedy play {:.0}% (one game)",
        lua.random * 100.0,
        lua.random_games,
        lua.greedy * 100.0
    );
    for (play, hooks) in [
        ("random play", &lua.random_hooks),
        ("greedy play", &lua.greedy_hooks),
    ] {
        println!("  where the Lua host's time goes, {play}:");
        for h in hooks {
            println!(
                "    {:>5.1}%  {:>9} calls  {:>9.1} µs a call  {}",
                h.share * 100.0,
                h.calls,
                h.mean_us,
                h.hook
            );
        }
    }
    println!(
        "  spread: (slowest round − fastest) / median; compare two builds by their × baseline"
    );
    Ok(ExitCode::SUCCESS)
}

/// Random games played to measure the Lua host's share of the time.
const LUA_SHARE_GAMES: u64 = 20;

/// A duration in the unit that reads best.
fn human(seconds: f64) -> String {
    if seconds >= 1.0 {
        format!("{seconds:.2} s")
    } else if seconds >= 1e-3 {
        format!("{:.2} ms", seconds * 1e3)
    } else if seconds >= 1e-6 {
        format!("{:.2} µs", seconds * 1e6)
    } else {
        format!("{:.0} ns", seconds * 1e9)
    }
}
