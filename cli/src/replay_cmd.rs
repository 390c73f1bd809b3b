//! `weft replay FILE`: re-runs a replay and verifies its final hash, or says where it
//! diverged.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use weft_core::replay::{verify, Replay, MAX_FILE_BYTES};
use weft_core::Engine;

use crate::packs::PackArgs;

/// Flags of `weft replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The replay file (JSON, at most 64 MiB). It is checked before anything runs: a
    /// file that is not a consistent replay is an error (exit code 1).
    file: PathBuf,
    #[command(flatten)]
    packs: PackArgs,
}

/// The text of `path`: `Err(String)` if it is larger than [`MAX_FILE_BYTES`] or not
/// UTF-8 (a problem in the file), `Err` of the outer result if it cannot be read at all.
fn read_capped(path: &Path) -> anyhow::Result<Result<String, String>> {
    let file =
        std::fs::File::open(path).map_err(|e| anyhow::anyhow!("error: {}: {e}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| anyhow::anyhow!("error: {}: {e}", path.display()))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Ok(Err(format!(
            "not a valid replay file: it is larger than {} MiB",
            MAX_FILE_BYTES >> 20
        )));
    }
    Ok(
        String::from_utf8(bytes)
            .map_err(|_| "not a valid replay file: it is not UTF-8 text".into()),
    )
}

/// Runs `weft replay`.
pub fn run(a: ReplayArgs) -> anyhow::Result<ExitCode> {
    let text = read_capped(&a.file)?;
    let replay = match text.and_then(|t| Replay::from_json(&t).map_err(|e| e.to_string())) {
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
