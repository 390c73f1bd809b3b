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
use crate::runs_file::RunsWriter;
use crate::{html, resume, signals, table};

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
    /// Write a replay file of every game into DIR (`game-NNNNN.json`, by game index),
    /// to watch or check any game later with `weft replay`.
    #[arg(long, value_name = "DIR")]
    save_games: Option<PathBuf>,
    /// Play the games in two separate processes and compare the state hash after every
    /// decision; exit 1 at the first difference.
    #[arg(long)]
    verify_determinism: bool,
    /// Print `game decision hash` after every decision instead of a summary (used by
    /// --verify-determinism).
    #[arg(long, hide = true)]
    emit_hashes: bool,
    /// Write one JSON object per game to FILE (JSON Lines), enough to rebuild every
    /// statistic offline with `weft merge`. Each game's line is written as it ends, so a
    /// run that is stopped keeps its finished games (see --resume).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Go on with a run that was stopped part-way (Ctrl-C, SIGTERM, a scheduler's time
    /// limit, a crash): FILE is its --out file; the games it holds are kept, only the
    /// missing ones are played and appended, and the summary covers them all. Give the
    /// run's own flags (pack, players, games, seed, bots, shard).
    #[arg(long, value_name = "FILE", conflicts_with = "out")]
    resume: Option<PathBuf>,
    /// Play only shard I of N (0-based): the games whose index % N == I. Run the N
    /// shards anywhere with the same flags and join their --out files with `weft merge`.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    shard: Option<sim::Shard>,
    /// Milliseconds per decision for the mcts bot instead of a fixed number of
    /// iterations. Not reproducible: the search depth depends on the machine.
    #[arg(long, value_name = "MS", value_parser = weft_core::limits::parse_mcts_millis)]
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
    a.play.check_bots(&a.bots)?;
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
    if a.games == 0 {
        anyhow::bail!("error: --games 0 plays nothing; give --games 1 or more");
    }
    if let Some(path) = &a.report {
        crate::output::check_file("--report", path)?;
    }
    if let Some(dir) = &a.save_failed {
        crate::output::check_dir("--save-failed", dir)?;
    }
    if let Some(dir) = &a.save_games {
        crate::output::check_dir("--save-games", dir)?;
    }
    // The run's games (this shard's), and those of them still to play.
    let all = cfg.indices();
    let kept = match &a.resume {
        Some(path) => resume::read(path, &content, &cfg)?,
        None => Vec::new(),
    };
    let present: std::collections::BTreeSet<u64> = kept.iter().map(|r| r.index).collect();
    let indices: Vec<u64> = all
        .iter()
        .copied()
        .filter(|i| !present.contains(i))
        .collect();
    let writer = match (&a.resume, &a.out) {
        // The file anew with the whole records alone, open for the missing games.
        (Some(path), _) => Some(RunsWriter::rewrite(path, &kept, indices.clone())?),
        (None, Some(path)) => Some(RunsWriter::create(path, indices.clone())?),
        (None, None) => None,
    };
    let stop = signals::Stop::install();
    cfg.limits.stop = Some(stop.flag());
    let bar = progress_bar(indices.len() as u64, a.json || crate::output::quiet());
    // Each game's replay is written as the game ends, so a stopped run keeps them; the
    // first failure to write one is reported after the run.
    let save_error: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);
    let on_game = |r: &sim::GameRecord| {
        if let Some(w) = &writer {
            w.push(r);
        }
        if let Some(dir) = &a.save_games {
            if let Err(e) = save_game(dir, r) {
                if let Ok(mut first) = save_error.lock() {
                    first.get_or_insert_with(|| format!("--save-games {}: {e}", dir.display()));
                }
            }
        }
        bar.inc(1);
    };
    let start = Instant::now();
    let played = sim::run_indices(&content, &cfg, &indices, &on_game)
        .map_err(|e| anyhow::anyhow!("error: {e}"))?;
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let new_games = played.len();
    let mut records = kept;
    records.extend(played);
    records.sort_by_key(|r| r.index);
    let mut summary = report::summarise(&records, Some(a.play.seed), Some(seconds));
    summary.games_per_second = Some(new_games as f64 / seconds.max(1e-9));
    summary.describe(&content);
    // The report links its games to the replays, by an absolute path so the link holds
    // wherever the report is opened from.
    summary.saved_games = a.save_games.as_ref().map(|d| {
        std::fs::canonicalize(d)
            .unwrap_or_else(|_| d.clone())
            .display()
            .to_string()
    });
    let out_path = a.out.as_ref().or(a.resume.as_ref());
    if let Some(w) = writer {
        w.finish()?;
    }
    if let Some(path) = &a.report {
        html::write(path, &summary)?;
    }
    let mut saved = None;
    if summary.has_errors() || a.save_failed.is_some() {
        let dir = a
            .save_failed
            .clone()
            .unwrap_or_else(|| PathBuf::from("weft-failed"));
        match save_failed(&content, &dir, &records) {
            Ok(()) => saved = Some(dir),
            Err(e) => eprintln!("warning: could not write replays to {}: {e}", dir.display()),
        }
    }
    let unsaved = save_error.lock().ok().and_then(|mut e| e.take());
    if let Some(why) = &unsaved {
        eprintln!("error: {why}; the summary is whole, some replays are missing");
    }
    if a.json {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        table::print(&summary);
        print_errors(&summary, saved.as_ref(), &a.packs.to_args().join(" "));
        if let Some(path) = out_path {
            crate::output::status(&format!(
                "\nrecords: {} ({})",
                path.display(),
                weft_core::text::plural(records.len() as u64, "game")
            ));
        }
        if let Some(path) = &a.report {
            crate::output::status(&format!("report:  {}", path.display()));
        }
    }
    // A signal after the last game ended stopped nothing.
    if let Some(code) = stop.exit_code().filter(|_| records.len() < all.len()) {
        eprintln!(
            "\nstopped by {}: {} of the run's {} finished (the games under way were dropped){}",
            stop.name(),
            records.len(),
            weft_core::text::plural(all.len() as u64, "game"),
            match out_path {
                Some(p) => format!(
                    "; their records are in {}: go on with the same flags and --resume {} in place of --out",
                    p.display(),
                    p.display()
                ),
                None => "; with --out FILE a stopped run can be resumed".to_string(),
            }
        );
        return Ok(ExitCode::from(code));
    }
    Ok(if summary.has_errors() || unsaved.is_some() {
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
    // An errored game's replay, else the replay of the first look-ahead error met in it;
    // only for games played by this process: a record read back by --resume carries no
    // answers (the run that played it wrote its replay).
    let failed: Vec<_> = records
        .iter()
        .filter(|r| r.replay.format != 0)
        .filter_map(|r| {
            let replay = if r.error.is_some() {
                Some(&r.replay)
            } else {
                r.lookahead_replay.as_ref()
            };
            replay.map(|replay| (r.index, replay))
        })
        .collect();
    if failed.is_empty() {
        return Ok(());
    }
    std::fs::create_dir_all(dir)?;
    let mut engine =
        weft_core::Engine::with_lua(content.clone()).map_err(|e| anyhow::anyhow!("{e}"))?;
    for (index, replay) in failed {
        let mut replay = replay.clone();
        replay.add_checkpoints(&mut engine);
        std::fs::write(dir.join(failed_name(index)), replay.to_json())?;
    }
    Ok(())
}

/// Writes the replay of game `r` into `dir`, as `game-NNNNN.json` (by game index).
fn save_game(dir: &std::path::Path, r: &sim::GameRecord) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir)?;
    let json = serde_json::to_string(&r.replay)?;
    std::fs::write(dir.join(format!("game-{:05}.json", r.index)), json)?;
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
    if let Some(n) = a.play.mcts_rounds {
        args.extend(["--mcts-rounds".into(), n.to_string()]);
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
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {rate}  eta {eta}")
            .map(|style| {
                // Games a second to one decimal: indicatif's own `{per_sec}` prints four.
                style.with_key(
                    "rate",
                    |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{:.1} games/s", state.per_sec());
                    },
                )
            })
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// The file name of game `index`'s replay in the `--save-failed` folder.
fn failed_name(index: u64) -> String {
    format!("failed-{index:05}.json")
}

/// The command that replays game `index` from `dir`.
fn replay_command(dir: &std::path::Path, index: u64, pack_args: &str) -> String {
    format!(
        "weft replay {}{}",
        if pack_args.is_empty() {
            String::new()
        } else {
            format!("{pack_args} ")
        },
        dir.join(failed_name(index)).display()
    )
}

/// Where the errors happened and how to replay the first one, on stderr (the summary
/// above them is stdout).
fn print_errors(s: &Summary, saved: Option<&PathBuf>, pack_args: &str) {
    print_lookahead_first(s, saved, pack_args);
    if let Some(e) = &s.first_error {
        eprintln!("\nerrored games by place:");
        for (site, n) in &s.errors_by_site {
            eprintln!("  {n:>6}  {site}");
        }
        let index = s.first_error_index.unwrap_or(0);
        eprintln!(
            "\nfirst error (game {index}, seed {}):\n{e}",
            s.first_error_seed.unwrap_or(0)
        );
        match saved {
            Some(dir) => eprintln!("\nreplay it: {}", replay_command(dir, index, pack_args)),
            None => {
                eprintln!("\nrerun with --save-failed DIR to write replays of the errored games")
            }
        }
    }
}

/// The script errors bots met while looking ahead: each place with how often, in how
/// many games, and how to reach the first one.
fn print_lookahead_first(s: &Summary, saved: Option<&PathBuf>, pack_args: &str) {
    if s.lookahead_errors.is_empty() {
        return;
    }
    let first = &s.lookahead_errors[0];
    if s.first_error.is_none() {
        eprintln!(
            "\nthe most met place was first met in game {} (seed {}) at answer {}{}",
            first.first_game,
            first.first_seed,
            first.first_decision,
            first
                .first_option
                .as_ref()
                .map(|o| format!(", trying option `{o}`"))
                .unwrap_or_default()
        );
        match saved {
            Some(dir) if first.first_option.is_some() => eprintln!(
                "a replay that reaches the first look-ahead error of that game: {}",
                replay_command(dir, first.first_game, pack_args)
            ),
            Some(_) => {}
            None => eprintln!("rerun with --save-failed DIR to write replays that reach them"),
        }
    }
}
