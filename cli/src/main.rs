//! `weft`: the command line of the weft rules engine.
//!
//! Data goes to stdout, messages to stderr; `--json` gives machine output. Exit codes:
//! 0 success; 1 a problem was found in what weft was given (content that does not load,
//! errored games, a failed check, a bad record or replay, a diverged replay, a refused
//! `weft new`); 2 bad usage (arguments clap cannot parse). Error texts are printed with
//! control characters escaped, since they may quote a pack.
//!
//! When the reader of its output goes away (`weft state | head`), weft ends quietly the
//! way `cat` and `grep` do: killed by SIGPIPE, which a shell reports as exit status 141.

mod bench_cmd;
mod check;
mod compare_cmd;
mod compare_html;
mod doc_cmd;
mod html;
mod merge_cmd;
mod new_cmd;
mod output;
mod packs;
mod packs_cmd;
mod play_args;
mod play_cmd;
mod play_text;
mod replay_cmd;
mod resume;
mod runs_file;
mod serve;
mod signals;
mod sim;
mod state_cmd;
mod state_json;
mod sweep_cmd;
mod table;
mod test_cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// weft, a scriptable rules engine for euro board games: games whose content is TOML
/// and Lua, played by bots and people, checked, simulated, compared and reported.
#[derive(Parser)]
#[command(name = "weft", version, long_about = None)]
struct Cli {
    /// Print results and errors only: no progress, no "wrote FILE" or "report: FILE"
    /// lines.
    #[arg(short, long, global = true)]
    quiet: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play many games with bots and print a summary.
    ///
    /// Example: weft sim --games 1000 --players 4 --seed 7
    Sim(sim::SimArgs),
    /// Join the `--out` records of several runs or shards into one summary and report.
    ///
    /// Example: weft merge shard-0.jsonl shard-1.jsonl --report report.html
    Merge(merge_cmd::MergeArgs),
    /// Compare two variants on paired seeds, with intervals and a sequential stop.
    ///
    /// Example: weft compare --pack content/tabriz --pack-b my-variant --games 2000
    Compare(compare_cmd::CompareArgs),
    /// Measure what one card or tile adds: the pack with and without it, compared.
    ///
    /// Example: weft ablate --card c07 --games 2000
    Ablate(compare_cmd::AblateArgs),
    /// Play one number of the pack at several values on the same seeds, and chart a metric
    /// against it: where does a card become fair?
    ///
    /// Example: weft sweep --set "cards/common.toml:c22.reward.prestige=0..3" --report sweep.html
    Sweep(sweep_cmd::SweepArgs),
    /// Load and validate a pack, call every hook on sample states, play 50 seeded games.
    ///
    /// Example: weft check --pack content/tabriz
    Check(check::CheckArgs),
    /// Play answer keys from the start and print the state, decision and events as JSON.
    ///
    /// Example: weft state --players 3 --seed 1 --answers move:plaza:south-market,act,buy:wool,done --json
    State(state_cmd::StateArgs),
    /// Reference documentation generated from a pack.
    ///
    /// Example: weft doc content --out docs/content.md
    Doc(doc_cmd::DocArgs),
    /// Measure the engine's speed as ratios against a baseline run in the same process.
    ///
    /// Example: weft bench --seconds 2
    Bench(bench_cmd::BenchArgs),
    /// Scaffold a pack, a game, a tile, a card or an area that passes `weft check` and
    /// `weft test` at once; a tile, card or area is fitted to its pack's game.
    ///
    /// Example: weft new pack my-expansion
    New(new_cmd::NewArgs),
    /// Run the Lua scenario tests a pack ships in tests/*.lua.
    ///
    /// Example: weft test --pack content/examples/silk-road
    Test(test_cmd::TestArgs),
    /// List the packs weft runs by name: the built-in ones and those on the pack path.
    ///
    /// Example: weft packs
    Packs(packs_cmd::PacksArgs),
    /// Play one game in the terminal: people against bots, or several people at one
    /// screen, each seeing only their seat's view; undo, save and resume, hints.
    ///
    /// Example: weft play --players 3 --seats human,greedy,mcts --seed 5
    Play(play_cmd::PlayCmdArgs),
    /// A local web page to play a game, watch any game move by move with each option's
    /// value to the bots, and see where a game changes when a pack file is edited.
    ///
    /// Example: weft serve --seats human,greedy,greedy --games saved/ --watch
    Serve(serve::ServeArgs),
    /// Re-run a replay file and verify its final state hash.
    ///
    /// Example: weft replay weft-failed/failed-00000.json
    Replay(replay_cmd::ReplayArgs),
    /// Print a shell completion script for weft, generated from its flags.
    ///
    /// Example: weft completions bash > /etc/bash_completion.d/weft
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Write man pages for weft and each of its commands, generated from its flags.
    ///
    /// Example: weft man --out man/ && man -l man/weft.1
    Man {
        /// The folder to write `weft.1` and `weft-COMMAND.1` into.
        #[arg(long, value_name = "DIR")]
        out: std::path::PathBuf,
    },
}

/// Writes `weft.1` and one `weft-COMMAND.1` per command into `dir` (made if missing).
fn write_man_pages(dir: &std::path::Path) -> anyhow::Result<ExitCode> {
    output::check_dir("--out", dir)?;
    let mut cmd = <Cli as clap::CommandFactory>::command();
    // Built, so each command carries the global flags (-q) and its synopsis its full
    // name (`weft sim`).
    cmd.build();
    let mut written = Vec::new();
    let mut page = |name: String, cmd: clap::Command| -> anyhow::Result<()> {
        let path = dir.join(format!("{name}.1"));
        let mut text = Vec::new();
        let shown = name.replacen('-', " ", 1);
        clap_mangen::Man::new(cmd.name(name.clone()).bin_name(shown)).render(&mut text)?;
        std::fs::write(&path, text)
            .map_err(|e| anyhow::anyhow!("error: could not write {}: {e}", path.display()))?;
        written.push(path);
        Ok(())
    };
    for sub in cmd.get_subcommands() {
        page(format!("weft-{}", sub.get_name()), sub.clone())?;
    }
    page("weft".into(), cmd)?;
    for path in &written {
        output::status(&format!("wrote {}", path.display()));
    }
    Ok(ExitCode::SUCCESS)
}

/// Restores the default action of SIGPIPE, which Rust programs ignore: a write to a closed
/// pipe then ends the process quietly, instead of failing inside `println!` with a panic.
/// Files weft writes itself are not pipes, so only the output the reader gave up on is
/// cut short.
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in `main`, before any other thread exists; setting a
    // signal's action to SIG_DFL installs no handler code.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = Cli::parse();
    output::set_quiet(cli.quiet);
    let result = match cli.command {
        Command::Sim(a) => sim::run(a),
        Command::Merge(a) => merge_cmd::run(a),
        Command::Compare(a) => compare_cmd::run_compare(a),
        Command::Ablate(a) => compare_cmd::run_ablate(a),
        Command::Sweep(a) => sweep_cmd::run(a),
        Command::Check(a) => check::run(a),
        Command::State(a) => state_cmd::run(a),
        Command::Replay(a) => replay_cmd::run(a),
        Command::Play(a) => play_cmd::run(a),
        Command::Serve(a) => serve::run(a),
        Command::Packs(a) => packs_cmd::run(a),
        Command::Doc(a) => doc_cmd::run(a),
        Command::Bench(a) => bench_cmd::run(a),
        Command::New(a) => new_cmd::run(a),
        Command::Test(a) => test_cmd::run(a),
        Command::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut cmd, "weft", &mut std::io::stdout());
            Ok(ExitCode::SUCCESS)
        }
        Command::Man { out } => write_man_pages(&out),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("{}", weft_core::text::printable(&format!("{e:#}")));
            ExitCode::from(1)
        }
    }
}
