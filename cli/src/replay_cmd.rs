//! `weft replay FILE`: re-runs a replay and verifies its final hash, or says where it
//! diverged.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use weft_core::replay::{verify, Replay};
use weft_core::Engine;

use crate::packs::PackArgs;

/// Flags of `weft replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The replay file (JSON).
    file: PathBuf,
    #[command(flatten)]
    packs: PackArgs,
}

pub fn run(a: ReplayArgs) -> anyhow::Result<ExitCode> {
    let text = std::fs::read_to_string(&a.file)
        .map_err(|e| anyhow::anyhow!("error: {}: {e}", a.file.display()))?;
    let replay = match Replay::from_json(&text) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {}: {e}", a.file.display());
            return Ok(ExitCode::from(1));
        }
    };
    let content = a.packs.load()?;
    let mut engine = Engine::with_lua(content.clone()).map_err(|e| anyhow::anyhow!("{e}"))?;
    match verify(&content, &mut engine, &replay) {
        Ok(n) => {
            println!(
                "{}: answers replayed: {n}; final state hash {} matches",
                a.file.display(),
                replay.final_hash
            );
            if let (Some(answer), Some(error)) = (&replay.failing_answer, &replay.error) {
                let mut st = engine.new_game(replay.players, replay.seed)?;
                for k in &replay.answers {
                    engine.apply(&mut st, k.as_str())?;
                }
                match engine.apply(&mut st, answer.as_str()) {
                    Err(e) => println!("the recorded error happens again at answer {} (`{answer}`):\n{e}", n),
                    Ok(()) => println!("the recorded error no longer happens at answer {n} (`{answer}`); it was:\n{error}"),
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("error: {}: {e}", a.file.display());
            Ok(ExitCode::from(1))
        }
    }
}
