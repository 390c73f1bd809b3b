//! `weft merge`: joins the `--out` files of the shards of a run into one report.
//!
//! Record files are input weft cannot trust (they may be edited, truncated or forged):
//! a line that is not a valid game record is named by file and line and skipped, the
//! report is made from the other lines, says how many were skipped, and the exit code
//! is 1. Files that do not belong to one run (other content, other seats, a game twice)
//! are refused.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use weft_core::report;
use weft_core::sim::GameRecord;

use crate::packs::PackArgs;
use crate::{html, runs_file, table};

/// Flags of `weft merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Record files written by `weft sim --out` (JSON Lines), e.g. the shards of a run.
    /// A line that is not a valid game record is named (file:line) and skipped: the
    /// report is made from the other lines and the exit code is 1.
    #[arg(required = true, value_name = "RUNS.jsonl")]
    files: Vec<PathBuf>,
    /// Print one JSON summary object on stdout.
    #[arg(long)]
    json: bool,
    /// Write a self-contained HTML report to FILE.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// Write the merged records, sorted by game index, to FILE.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// A pack the games were played with (repeatable, as for `sim`), to name the
    /// components and give their prices and value for cost. Without it, the default
    /// pack is used when it is the records' content; otherwise components keep their ids.
    #[arg(long = "pack", value_name = "DIR")]
    packs: Vec<PathBuf>,
    /// A folder where packs named by `extends` are looked up (as for `sim`).
    #[arg(long = "pack-path", value_name = "DIR")]
    pack_path: Vec<PathBuf>,
    /// The shared Lua library folder (as for `sim`).
    #[arg(long, value_name = "DIR")]
    scripts: Option<PathBuf>,
    /// The folder of the games' replays (`weft sim --save-games DIR` on every shard, into
    /// one folder or copied together): the report links each game it names to its
    /// replay there, as `sim --report` does.
    #[arg(long, value_name = "DIR")]
    games: Option<PathBuf>,
}

/// Adds the pack's names and prices to the summary: from the packs the user named (they
/// must be the records' content), or from the default pack when it is.
fn describe(summary: &mut report::Summary, packs: &PackArgs) -> anyhow::Result<()> {
    let named = !packs.packs.is_empty();
    let content = match packs.load() {
        Ok(c) => c,
        Err(e) if named => return Err(e),
        Err(_) => return Ok(()),
    };
    if content.digest == summary.digest {
        summary.describe(&content);
    } else if named {
        anyhow::bail!(
            "error: the records were played with other content (digest {}) than --pack gives ({}); name the packs of the run, or leave --pack out",
            summary.digest,
            content.digest
        );
    }
    Ok(())
}

/// Skipped lines listed on stderr before the rest are only counted.
const PROBLEMS_SHOWN: usize = 20;

/// Where a game index was first seen.
struct Seen {
    at: String,
    seed: u64,
}

/// The valid records of every file, with the lines that were skipped.
struct Read {
    records: Vec<GameRecord>,
    seen: BTreeMap<(u64, u64), Seen>,
    /// Games per run seed (every record of a run agrees).
    run_games: BTreeMap<u64, u64>,
    problems: Vec<String>,
    /// Files whose reading stopped early, and why.
    stopped: Vec<String>,
}

/// Runs `weft merge`.
pub fn run(a: MergeArgs) -> anyhow::Result<ExitCode> {
    if let Some(path) = &a.report {
        crate::output::check_file("--report", path)?;
    }
    if let Some(path) = &a.out {
        crate::output::check_file("--out", path)?;
    }
    let Read {
        mut records,
        seen,
        run_games,
        problems,
        stopped,
    } = read_all(&a.files)?;
    for p in problems.iter().take(PROBLEMS_SHOWN) {
        eprintln!("error: {p}; line skipped");
    }
    if problems.len() > PROBLEMS_SHOWN {
        eprintln!(
            "error: … and {} more lines skipped",
            problems.len() - PROBLEMS_SHOWN
        );
    }
    for s in &stopped {
        eprintln!("error: {s}");
    }
    if records.is_empty() {
        if problems.is_empty() && stopped.is_empty() {
            anyhow::bail!("error: the files hold no game records");
        }
        eprintln!("error: the files hold no valid game records");
        return Ok(ExitCode::from(1));
    }
    records.sort_by_key(|r| (r.run_seed, r.index));
    let single_run = run_games.len() == 1;
    let (run_seed, expected) = (records[0].run_seed, records[0].run_games);
    // Every index is below `run_games` (validated), so the missing count is a difference,
    // and finding the first ten missing takes at most `present + 10` steps. `run_games`
    // 0 is a record older than run sizes: nothing is known to be missing.
    let present = seen.keys().filter(|k| k.0 == run_seed).count() as u64;
    let missing = if single_run {
        expected.saturating_sub(present)
    } else {
        0
    };
    let shown: Vec<String> = (0..expected)
        .filter(|i| !seen.contains_key(&(run_seed, *i)))
        .take(if single_run { 10 } else { 0 })
        .map(|i| i.to_string())
        .collect();
    let mut summary = report::summarise(&records, single_run.then_some(run_seed), None);
    let packs = PackArgs {
        packs: a.packs.clone(),
        pack_path: a.pack_path.clone(),
        scripts: a.scripts.clone(),
        budget: None,
        memory_mb: None,
        hook_seconds: None,
    };
    describe(&mut summary, &packs)?;
    if let Some(dir) = &a.games {
        if !dir.is_dir() {
            anyhow::bail!(
                "error: --games {}: not a folder; give the folder `weft sim --save-games` wrote",
                dir.display()
            );
        }
        // An absolute path, so the links hold wherever the report is opened from.
        summary.saved_games = Some(
            std::fs::canonicalize(dir)
                .unwrap_or_else(|_| dir.clone())
                .display()
                .to_string(),
        );
    }
    if missing > 0 {
        summary.warnings.insert(
            0,
            format!(
                "{missing} of the run's {expected} games are missing (indices {}{}); did every shard finish?",
                shown.join(", "),
                if missing > 10 { ", …" } else { "" }
            ),
        );
    }
    for s in &stopped {
        summary.warnings.insert(0, s.clone());
    }
    if let Some(first) = problems.first() {
        summary.warnings.insert(
            0,
            format!(
                "record lines skipped because they are not valid game records: {} (first: {first})",
                problems.len()
            ),
        );
    }
    if let Some(path) = &a.out {
        runs_file::write(path, &records)?;
    }
    if let Some(path) = &a.report {
        html::write(path, &summary)?;
    }
    if a.json {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        table::print(&summary);
        if let Some(path) = &a.report {
            crate::output::status(&format!("report:  {}", path.display()));
        }
    }
    Ok(
        if summary.has_errors() || missing > 0 || !problems.is_empty() || !stopped.is_empty() {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        },
    )
}

/// Reads every file: valid records that fit the first one's run, the lines skipped, and
/// an error for files that do not belong together.
fn read_all(files: &[PathBuf]) -> anyhow::Result<Read> {
    let mut out = Read {
        records: Vec::new(),
        seen: BTreeMap::new(),
        run_games: BTreeMap::new(),
        problems: Vec::new(),
        stopped: Vec::new(),
    };
    let mut first_at = String::new();
    for path in files {
        let file = runs_file::read(path)?;
        out.problems.extend(file.problems);
        out.stopped.extend(file.stopped);
        for runs_file::Line { line, record: r } in file.records {
            let at = format!("{}:{line}", path.display());
            if r.variant.is_some() {
                anyhow::bail!(
                    "error: {at} was played by `weft sweep` (each value on its own pack); join a sweep's shards with `weft sweep --merge FILES`"
                );
            }
            if let Some(first) = out.records.first() {
                check_same_run(first, &first_at, &r, &at)?;
                if let Err(why) = same_catalogue(first, &r) {
                    out.problems
                        .push(format!("{at}: {why} than {first_at} with the same digest"));
                    continue;
                }
            } else {
                first_at.clone_from(&at);
            }
            let games = *out.run_games.entry(r.run_seed).or_insert(r.run_games);
            if games != r.run_games {
                out.problems.push(format!(
                    "{at}: run_games is {} but an earlier record of run seed {} says {games}",
                    r.run_games, r.run_seed
                ));
                continue;
            }
            if let Some(prev) = out.seen.get(&(r.run_seed, r.index)) {
                anyhow::bail!(
                    "error: game {} of run seed {} is in both {} and {at} (seeds {} and {}); did two shards use the same --shard?",
                    r.index,
                    r.run_seed,
                    prev.at,
                    prev.seed,
                    r.seed
                );
            }
            out.seen
                .insert((r.run_seed, r.index), Seen { at, seed: r.seed });
            out.records.push(r);
        }
    }
    Ok(out)
}

/// Records from different content or seatings do not mix into one report.
fn check_same_run(
    first: &GameRecord,
    first_at: &str,
    r: &GameRecord,
    at: &str,
) -> anyhow::Result<()> {
    if r.digest != first.digest {
        anyhow::bail!(
            "error: {at} was played on other content than {first_at} (digest {} vs {}); merge only the shards of one run",
            r.digest,
            first.digest
        );
    }
    if r.seats != first.seats {
        anyhow::bail!(
            "error: {at} has seats {} but {first_at} has {}; merge only runs with the same --bots and --players",
            r.seats.join(","),
            first.seats.join(",")
        );
    }
    Ok(())
}

/// The same content has the same packs, tiles and deck cards: a record that differs
/// was edited.
fn same_catalogue(first: &GameRecord, r: &GameRecord) -> Result<(), String> {
    if r.packs != first.packs {
        return Err("it lists other packs".into());
    }
    if !r.tiles.keys().eq(first.tiles.keys()) {
        return Err("it lists other tiles".into());
    }
    if !r.cards.keys().eq(first.cards.keys()) {
        return Err("it lists other cards".into());
    }
    Ok(())
}
