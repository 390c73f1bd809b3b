//! `weft test`: runs the Lua scenario tests a pack ships in `tests/*.lua`.

use std::process::ExitCode;

use clap::Args;
use weft_core::scenario::{run_matching, TestResult};

use crate::packs::PackArgs;

/// Flags of `weft test`.
#[derive(Args, Debug)]
pub struct TestArgs {
    #[command(flatten)]
    packs: PackArgs,
    /// Also run the tests of the packs it extends (on the layered content).
    #[arg(long)]
    all: bool,
    /// Run only tests whose name contains this text.
    #[arg(long, value_name = "TEXT")]
    filter: Option<String>,
    /// Print the results as JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `weft test`: exit code 1 when a test fails.
pub fn run(a: TestArgs) -> anyhow::Result<ExitCode> {
    let (files, library) = a.packs.read()?;
    let content = a.packs.load_files(&files, &library)?;
    let first = if a.all { 0 } else { files.len() - 1 };
    let mut results: Vec<TestResult> = Vec::new();
    let mut filtered = 0;
    let keep = |name: &str| a.filter.as_ref().is_none_or(|f| name.contains(f.as_str()));
    for (pack, info) in files.iter().zip(&content.packs).skip(first) {
        for (path, source) in pack.test_files() {
            let label = format!("{}/{path}", info.name);
            let (ran, left_out) = run_matching(&content, &label, source, keep);
            results.extend(ran);
            filtered += left_out;
        }
    }
    let failed = results.iter().filter(|r| !r.passed).count();
    if a.json {
        println!("{}", serde_json::to_string_pretty(&results)?);
    } else {
        let chain: Vec<String> = content
            .packs
            .iter()
            .map(|p| format!("{} {}", p.name, p.version))
            .collect();
        println!("weft test: {}", chain.join(" + "));
        for r in &results {
            if r.passed {
                println!("  ok    {}  {}", r.file, r.name);
            } else {
                println!("  FAIL  {}  {}", r.file, r.name);
                for line in r.message.as_deref().unwrap_or("").lines() {
                    println!("        {line}");
                }
            }
        }
        if results.is_empty() && filtered == 0 {
            println!("  no tests: add tests/*.lua to the pack (see docs/modding.md)");
        }
        println!(
            "{}, {} passed, {failed} failed{}",
            weft_core::text::plural(results.len() as u64, "test"),
            results.len() - failed,
            if a.filter.is_some() {
                format!(", {filtered} filtered out (not run)")
            } else {
                String::new()
            }
        );
    }
    Ok(if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
