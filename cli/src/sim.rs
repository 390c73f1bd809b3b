//! `weft sim`: many bot games and a summary.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use clap::Args;
use weft_core::sim::{self, SimConfig, Summary};

use crate::packs::PackArgs;

/// Flags of `weft sim`.
#[derive(Args, Debug)]
pub struct SimArgs {
    #[command(flatten)]
    packs: PackArgs,
    /// Players per game (2–5 in the base pack).
    #[arg(long, default_value_t = 4)]
    players: usize,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Run seed; game i is seeded from (seed, i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Bots by seat, comma separated, cycled over the seats.
    #[arg(long, value_delimiter = ',', default_value = "random")]
    bots: Vec<String>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    jobs: Option<usize>,
    /// Print one JSON summary object on stdout.
    #[arg(long)]
    json: bool,
    /// Write a replay file for every errored game into DIR.
    #[arg(long, value_name = "DIR")]
    save_failed: Option<PathBuf>,
}

pub fn run(a: SimArgs) -> anyhow::Result<ExitCode> {
    let content = a.packs.load()?;
    if !content.setup.contains_key(&(a.players as u8)) || a.players == 0 {
        anyhow::bail!(
            "error: this pack supports {:?} players, not {}",
            content.player_counts(),
            a.players
        );
    }
    let cfg = SimConfig {
        players: a.players,
        games: a.games,
        seed: a.seed,
        bots: a.bots.clone(),
        jobs: a
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
    };
    let done = AtomicU64::new(0);
    let show = std::io::stderr().is_terminal() && !a.json;
    let total = a.games;
    let progress = move |_i: u64| {
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if show && (n % 100 == 0 || n == total) {
            eprint!("\r{n}/{total} games");
        }
    };
    let start = Instant::now();
    let records = sim::run(&content, &cfg, &progress).map_err(|e| anyhow::anyhow!("error: {e}"))?;
    if show {
        eprintln!();
    }
    let summary = sim::summarise(&content, &cfg, &records, start.elapsed().as_secs_f64());
    if let Some(dir) = &a.save_failed {
        std::fs::create_dir_all(dir)?;
        for r in records.iter().filter(|r| r.error.is_some()) {
            let path = dir.join(format!("failed-{:05}.json", r.index));
            std::fs::write(&path, r.replay.to_json())?;
        }
    }
    if a.json {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print_summary(&summary, a.save_failed.as_ref());
    }
    Ok(if summary.errored > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn print_summary(s: &Summary, saved: Option<&PathBuf>) {
    let chain: Vec<String> = s
        .packs
        .iter()
        .map(|p| format!("{} {}", p.name, p.version))
        .collect();
    println!(
        "weft sim: {} games, {} players, seed {} ({})",
        s.games,
        s.players,
        s.seed,
        chain.join(" + ")
    );
    println!("  finished      {:>8}", s.finished);
    println!("  errored       {:>8}", s.errored);
    if s.stalled > 0 {
        println!(
            "  stalled       {:>8}   (hit the round cap; see end.max_rounds)",
            s.stalled
        );
    }
    println!("  mean rounds   {:>8.2}", s.mean_rounds);
    println!("  decisions/game{:>8.1}", s.mean_decisions);
    let causes: Vec<String> = s
        .end_causes
        .iter()
        .map(|(k, v)| format!("{k} {:.1}%", v * 100.0))
        .collect();
    println!("  end causes    {}", causes.join(", "));
    println!("  seat  bot        mean prestige   win share");
    for seat in &s.seats {
        println!(
            "  {:>4}  {:<10} {:>13.2}   {:>8.1}%",
            seat.seat,
            seat.bot,
            seat.mean_prestige,
            seat.win_share * 100.0
        );
    }
    println!(
        "  games/second  {:>8.1}   ({:.2} s)",
        s.games_per_second, s.seconds
    );
    if let Some(e) = &s.first_error {
        println!(
            "\nfirst error (game seed {}):\n{e}",
            s.first_error_seed.unwrap_or(0)
        );
        match saved {
            Some(dir) => println!(
                "replays of errored games are in {}; run: weft replay {}/failed-NNNNN.json",
                dir.display(),
                dir.display()
            ),
            None => println!("rerun with --save-failed DIR to write replays of the errored games"),
        }
    }
}
