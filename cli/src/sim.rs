//! `weft sim`: many bot games and a summary.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use weft_core::report::{self, Summary};
use weft_core::sim;

use crate::packs::PackArgs;
use crate::play_args::PlayArgs;
use crate::{html, runs_file, table};

/// Flags of `weft sim`.
#[derive(Args, Debug)]
pub struct SimArgs {
    #[command(flatten)]
    packs: PackArgs,
    #[command(flatten)]
    play: PlayArgs,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Bots by seat, comma separated, cycled over the seats.
    #[arg(long, value_delimiter = ',', default_value = "random")]
    bots: Vec<String>,
    /// Print one JSON summary object on stdout.
    #[arg(long)]
    json: bool,
    /// Write a replay file for every errored game into DIR (default when games error:
    /// ./weft-failed).
    #[arg(long, value_name = "DIR")]
    save_failed: Option<PathBuf>,
    /// Play the games in two separate processes and compare the state hash after every
    /// decision; exit 1 at the first difference.
    #[arg(long)]
    verify_determinism: bool,
    /// Print `game decision hash` after every decision instead of a summary (used by
    /// --verify-determinism).
    #[arg(long, hide = true)]
    emit_hashes: bool,
    /// Write one JSON object per game to FILE (JSON Lines), enough to rebuild every
    /// statistic offline with `weft merge`.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Play only shard I of N (0-based): the games whose index % N == I. Run the N
    /// shards anywhere with the same flags and join their --out files with `weft merge`.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    shard: Option<sim::Shard>,
    /// Milliseconds per decision for the mcts bot instead of a fixed number of
    /// iterations. Not reproducible: the search depth depends on the machine.
    #[arg(long, value_name = "MS")]
    mcts_ms: Option<u64>,
    /// Write a self-contained HTML report (charts inline, no network needed) to FILE.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
}

fn parse_shard(text: &str) -> Result<sim::Shard, String> {
    sim::Shard::parse(text)
}

pub fn run(a: SimArgs) -> anyhow::Result<ExitCode> {
    let content = a.packs.load()?;
    a.play.check_players(&content, "the pack")?;
    let mut cfg = a.play.config(a.games, &a.bots);
    cfg.shard = a.shard.unwrap_or(sim::Shard::ALL);
    cfg.bot_options.mcts_millis = a.mcts_ms;
    if a.emit_hashes {
        for line in sim::hash_trace(&content, &cfg).map_err(|e| anyhow::anyhow!("error: {e}"))? {
            println!("{line}");
        }
        return Ok(ExitCode::SUCCESS);
    }
    if a.verify_determinism {
        return verify_determinism(&a);
    }
    if let Some(path) = &a.out {
        crate::output::check_file("--out", path)?;
    }
    if let Some(path) = &a.report {
        crate::output::check_file("--report", path)?;
    }
    if let Some(dir) = &a.save_failed {
        crate::output::check_dir("--save-failed", dir)?;
    }
    let bar = progress_bar(cfg.indices().len() as u64, a.json || crate::output::quiet());
    let on_game = |_: &sim::GameRecord| bar.inc(1);
    let start = Instant::now();
    let records = sim::run(&content, &cfg, &on_game).map_err(|e| anyhow::anyhow!("error: {e}"))?;
    bar.finish_and_clear();
    let mut summary = report::summarise(
        &records,
        Some(a.play.seed),
        Some(start.elapsed().as_secs_f64()),
    );
    summary.describe(&content);
    if let Some(path) = &a.out {
        runs_file::write(path, &records)?;
    }
    if let Some(path) = &a.report {
        html::write(path, &summary)?;
    }
    let mut saved = None;
    if summary.errored > 0 || a.save_failed.is_some() {
        let dir = a
            .save_failed
            .clone()
            .unwrap_or_else(|| PathBuf::from("weft-failed"));
        match save_failed(&content, &dir, &records) {
            Ok(()) => saved = Some(dir),
            Err(e) => eprintln!("warning: could not write replays to {}: {e}", dir.display()),
        }
    }
    if a.json {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        table::print(&summary);
        print_errors(&summary, saved.as_ref(), &a.packs.to_args().join(" "));
        if let Some(path) = &a.out {
            crate::output::status(&format!(
                "\nrecords: {} ({} games)",
                path.display(),
                records.len()
            ));
        }
        if let Some(path) = &a.report {
            crate::output::status(&format!("report:  {}", path.display()));
        }
    }
    Ok(if summary.errored > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn save_failed(
    content: &std::sync::Arc<weft_core::Content>,
    dir: &PathBuf,
    records: &[sim::GameRecord],
) -> anyhow::Result<()> {
    let failed: Vec<_> = records.iter().filter(|r| r.error.is_some()).collect();
    if failed.is_empty() {
        return Ok(());
    }
    std::fs::create_dir_all(dir)?;
    let mut engine =
        weft_core::Engine::with_lua(content.clone()).map_err(|e| anyhow::anyhow!("{e}"))?;
    for r in failed {
        let mut replay = r.replay.clone();
        replay.add_checkpoints(&mut engine);
        std::fs::write(
            dir.join(format!("failed-{:05}.json", r.index)),
            replay.to_json(),
        )?;
    }
    Ok(())
}

/// Runs the same games in two child processes and compares their hash traces.
fn verify_determinism(a: &SimArgs) -> anyhow::Result<ExitCode> {
    let exe = std::env::current_exe()?;
    let mut args: Vec<String> = vec!["sim".into(), "--emit-hashes".into()];
    args.extend(a.packs.to_args());
    args.extend([
        "--players".into(),
        a.play.players.to_string(),
        "--games".into(),
        a.games.to_string(),
        "--seed".into(),
        a.play.seed.to_string(),
        "--bots".into(),
        a.bots.join(","),
    ]);
    if let Some(n) = a.play.mcts_iterations {
        args.extend(["--mcts-iterations".into(), n.to_string()]);
    }
    let run = || -> anyhow::Result<String> {
        let out = std::process::Command::new(&exe).args(&args).output()?;
        if !out.status.success() {
            anyhow::bail!(
                "error: the child process failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let (first, second) = (run()?, run()?);
    let (la, lb): (Vec<&str>, Vec<&str>) = (first.lines().collect(), second.lines().collect());
    for (i, (x, y)) in la.iter().zip(lb.iter()).enumerate() {
        if x != y {
            println!(
                "determinism: FAILED at line {}: first process `{x}`, second `{y}`",
                i + 1
            );
            return Ok(ExitCode::from(1));
        }
    }
    if la.len() != lb.len() {
        println!(
            "determinism: FAILED: {} vs {} decisions",
            la.len(),
            lb.len()
        );
        return Ok(ExitCode::from(1));
    }
    println!("determinism: ok: {} games, {} decisions, the same state hash after every decision in two processes", a.games, la.len());
    Ok(ExitCode::SUCCESS)
}

/// A progress bar on stderr, drawn only when stderr is a terminal and `--json` is off.
fn progress_bar(total: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// Where the errors happened and how to replay the first one.
fn print_errors(s: &Summary, saved: Option<&PathBuf>, pack_args: &str) {
    if let Some(e) = &s.first_error {
        println!("\nerrored games by place:");
        for (site, n) in &s.errors_by_site {
            println!("  {n:>6}  {site}");
        }
        let index = s.first_error_index.unwrap_or(0);
        println!(
            "\nfirst error (game {index}, seed {}):\n{e}",
            s.first_error_seed.unwrap_or(0)
        );
        match saved {
            Some(dir) => println!(
                "\nreplay it: weft replay {}{}",
                if pack_args.is_empty() {
                    String::new()
                } else {
                    format!("{pack_args} ")
                },
                dir.join(format!("failed-{index:05}.json")).display()
            ),
            None => {
                println!("\nrerun with --save-failed DIR to write replays of the errored games")
            }
        }
    }
}
