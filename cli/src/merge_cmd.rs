//! `weft merge`: joins the `--out` files of the shards of a run into one report.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use weft_core::report;
use weft_core::sim::GameRecord;

use crate::{html, runs_file, table};

/// Flags of `weft merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Record files written by `weft sim --out` (JSON Lines), e.g. the shards of a run.
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
}

/// Where a game index was first seen.
struct Seen {
    file: usize,
    seed: u64,
}

pub fn run(a: MergeArgs) -> anyhow::Result<ExitCode> {
    let mut records: Vec<GameRecord> = Vec::new();
    let mut seen: BTreeMap<(u64, u64), Seen> = BTreeMap::new();
    for (f, path) in a.files.iter().enumerate() {
        for r in runs_file::read(path)? {
            if let Some(first) = records.first() {
                check_same_run(first, &r, &a.files[0], path)?;
            }
            if let Some(prev) = seen.get(&(r.run_seed, r.index)) {
                anyhow::bail!(
                    "error: game {} of run seed {} is in both {} and {} (seeds {} and {}); did two shards use the same --shard?",
                    r.index,
                    r.run_seed,
                    a.files[prev.file].display(),
                    path.display(),
                    prev.seed,
                    r.seed
                );
            }
            seen.insert(
                (r.run_seed, r.index),
                Seen {
                    file: f,
                    seed: r.seed,
                },
            );
            records.push(r);
        }
    }
    if records.is_empty() {
        anyhow::bail!("error: the files hold no game records");
    }
    records.sort_by_key(|r| (r.run_seed, r.index));
    let seeds: Vec<u64> = seen.keys().map(|k| k.0).collect();
    let single_run = seeds.windows(2).all(|w| w[0] == w[1]);
    let missing = if single_run {
        let expected = records[0].run_games;
        (0..expected)
            .filter(|i| !seen.contains_key(&(records[0].run_seed, *i)))
            .collect()
    } else {
        Vec::new()
    };
    let mut summary = report::summarise(&records, single_run.then(|| records[0].run_seed), None);
    if !missing.is_empty() {
        let shown: Vec<String> = missing.iter().take(10).map(u64::to_string).collect();
        summary.warnings.insert(
            0,
            format!(
                "{} of the run's {} games are missing (indices {}{}); did every shard finish?",
                missing.len(),
                records[0].run_games,
                shown.join(", "),
                if missing.len() > 10 { ", …" } else { "" }
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
            println!("report:  {}", path.display());
        }
    }
    Ok(if summary.errored > 0 || !missing.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Records from different content or seatings do not mix into one report.
fn check_same_run(
    first: &GameRecord,
    r: &GameRecord,
    first_path: &std::path::Path,
    path: &std::path::Path,
) -> anyhow::Result<()> {
    if r.digest != first.digest {
        anyhow::bail!(
            "error: {} was played on other content than {} (digest {} vs {}); merge only the shards of one run",
            path.display(),
            first_path.display(),
            r.digest,
            first.digest
        );
    }
    if r.seats != first.seats {
        anyhow::bail!(
            "error: {} has seats {:?} but {} has {:?}; merge only runs with the same --bots and --players",
            path.display(),
            r.seats,
            first_path.display(),
            first.seats
        );
    }
    Ok(())
}
