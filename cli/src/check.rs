//! `weft check`: loads and validates a pack, calls every tile's and card's hooks on
//! sample states, and plays 50 seeded games. Lists every problem; exit 1 if any.

use std::process::ExitCode;

use clap::Args;
use weft_core::check::{check_content, CheckReport};
use weft_core::text::plural;

use crate::packs::PackArgs;

/// Flags of `weft check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    packs: PackArgs,
    /// Seeded games to play.
    #[arg(long, default_value_t = 50)]
    games: u64,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(a: CheckArgs) -> anyhow::Result<ExitCode> {
    let content = match a.packs.load() {
        Ok(c) => c,
        Err(e) => {
            if a.json {
                println!(
                    "{}",
                    serde_json::json!({ "ok": false, "problems": [e.to_string()] })
                );
            } else {
                eprintln!("{e}");
            }
            return Ok(ExitCode::from(1));
        }
    };
    let report: CheckReport = check_content(&content, a.games);
    if a.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        for p in &report.problems {
            println!("{p}\n");
        }
        for w in &report.warnings {
            println!("warning: {w}");
        }
        if !report.warnings.is_empty() {
            println!();
        }
        let has: Vec<String> = report
            .components
            .iter()
            .map(|(kind, n)| plural(*n as u64, kind))
            .collect();
        println!(
            "weft check: {}, {}, {} played; {}, {}",
            if has.is_empty() {
                "no components".to_string()
            } else {
                has.join(", ")
            },
            plural(report.hook_calls as u64, "hook call"),
            plural(report.games, "game"),
            plural(report.problems.len() as u64, "problem"),
            plural(report.warnings.len() as u64, "warning")
        );
    }
    Ok(if report.ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
