//! `weft replay FILE`: re-runs a replay and verifies its final hash, or says where it
//! diverged.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use weft_core::replay::{rerun_changed, verify, Replay, ReplayError, Rerun, MAX_FILE_BYTES};
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
    /// Print the outcome as one JSON object on stdout (`matches`, `answers_replayed`,
    /// `final_hash`, `error`, `recorded_error`).
    #[arg(long)]
    json: bool,
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

/// The text of replay file `path`, at most [`MAX_FILE_BYTES`] of UTF-8 (for `weft play
/// --resume`): every problem an error naming the file.
pub fn read_replay_text(path: &Path) -> anyhow::Result<String> {
    read_capped(path)?.map_err(|e| anyhow::anyhow!("error: {}: {e}", path.display()))
}

/// What `weft replay --json` prints.
#[derive(serde::Serialize, Default)]
struct Outcome {
    /// The replay file.
    file: String,
    /// Whether the replay ran to its end with the recorded final state hash.
    matches: bool,
    /// Answers replayed.
    #[serde(skip_serializing_if = "Option::is_none")]
    answers_replayed: Option<usize>,
    /// The final state hash the replay records.
    #[serde(skip_serializing_if = "Option::is_none")]
    final_hash: Option<String>,
    /// Why it could not be replayed, or where it diverged.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// For the replay of an errored game: the answer that failed, whether it fails again,
    /// and the error now (or the recorded one, when it no longer happens).
    #[serde(skip_serializing_if = "Option::is_none")]
    recorded_error: Option<RecordedError>,
    /// When the packs changed since the replay was recorded (same packs by name, other
    /// files): how its answers go on them now (`Differs`, `FailsAgain`, `RunsPast`,
    /// `Played`). Its hashes are not compared then.
    #[serde(skip_serializing_if = "Option::is_none")]
    on_changed_packs: Option<Rerun>,
    /// For the replay of a look-ahead error a bot met only on its own copy of the game:
    /// the recorded error. Its failing answer runs without it on the game itself, so the
    /// replay cannot tell whether it still happens.
    #[serde(skip_serializing_if = "Option::is_none")]
    met_on_copy: Option<String>,
}

/// The recorded error of an errored game's replay, tried again.
#[derive(serde::Serialize)]
struct RecordedError {
    answer: String,
    happens_again: bool,
    error: String,
}

/// Runs `weft replay`.
pub fn run(a: ReplayArgs) -> anyhow::Result<ExitCode> {
    let outcome = replay_file(&a)?;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&outcome)?);
    } else if let Some(rerun) = &outcome.on_changed_packs {
        print_rerun(&outcome, rerun);
    } else if let Some(e) = &outcome.error {
        eprintln!("error: {}: {e}", outcome.file);
    } else {
        println!(
            "{}: answers replayed: {}; final state hash {} matches",
            outcome.file,
            outcome.answers_replayed.unwrap_or(0),
            outcome.final_hash.as_deref().unwrap_or("")
        );
        if let Some(e) = &outcome.met_on_copy {
            println!(
                "a bot met the recorded error on its own copy of the game, not on these answers: this replay reaches the decision and the option it was trying, but cannot tell whether the error still happens (run weft sim again to see); it was:\n{e}"
            );
        }
        if let Some(r) = &outcome.recorded_error {
            let n = outcome.answers_replayed.unwrap_or(0);
            if r.happens_again {
                println!(
                    "the recorded error happens again at answer {n} (`{}`):\n{}",
                    r.answer, r.error
                );
            } else {
                println!(
                    "the recorded error no longer happens at answer {n} (`{}`); it was:\n{}",
                    r.answer, r.error
                );
            }
        }
    }
    let fixed = matches!(
        outcome.on_changed_packs,
        Some(Rerun::RunsPast { .. } | Rerun::Played)
    );
    Ok(if outcome.matches || fixed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// How a replay's answers went on packs that changed since it was recorded.
fn print_rerun(outcome: &Outcome, rerun: &Rerun) {
    println!(
        "{}: the packs changed since this game was recorded, so its state hashes are not checked; its answers were played on the packs as they are now:",
        outcome.file
    );
    match rerun {
        Rerun::Differs { index, key, reason } => println!(
            "the game now differs at answer {index} (`{key}`): {reason}"
        ),
        Rerun::FailsAgain { key, error } => println!(
            "every answer applies, and the recorded error happens again at answer {} (`{key}`):\n{error}",
            outcome.answers_replayed.unwrap_or(0)
        ),
        Rerun::RunsPast { key, over } => println!(
            "every answer applies, and the game now runs past the failure: answer {} (`{key}`) applies without error{}",
            outcome.answers_replayed.unwrap_or(1).saturating_sub(1),
            if *over { " and ends the game" } else { "" }
        ),
        Rerun::Played => println!(
            "all {} answers apply{}",
            outcome.answers_replayed.unwrap_or(0),
            if outcome.met_on_copy.is_some() {
                "; the recorded error was met by a bot on its own copy of the game, so this replay cannot tell whether it is fixed (run weft sim again to see)"
            } else {
                ""
            }
        ),
    }
}

/// Replays `a.file`; a file that is not a replay, or a replay that diverges, is an
/// outcome with `error`, not an `Err` (that is for packs that do not load).
fn replay_file(a: &ReplayArgs) -> anyhow::Result<Outcome> {
    let mut outcome = Outcome {
        file: a.file.display().to_string(),
        ..Outcome::default()
    };
    let text = read_capped(&a.file)?;
    let replay = match text.and_then(|t| Replay::from_json(&t).map_err(|e| e.to_string())) {
        Ok(r) => r,
        Err(e) => {
            outcome.error = Some(e);
            return Ok(outcome);
        }
    };
    let content = a.packs.load()?;
    let mut engine = Engine::with_lua(content.clone()).map_err(|e| anyhow::anyhow!("{e}"))?;
    match verify(&content, &mut engine, &replay) {
        Ok(n) => {
            outcome.matches = true;
            outcome.answers_replayed = Some(n);
            outcome.final_hash = Some(replay.final_hash.to_string());
            if replay.met_on_copy {
                outcome.met_on_copy = replay.error.clone();
            } else if let (Some(answer), Some(error)) = (&replay.failing_answer, &replay.error) {
                let mut st = engine.new_game(replay.players, replay.seed)?;
                for k in &replay.answers {
                    engine.apply(&mut st, &**k)?;
                }
                outcome.recorded_error = Some(match engine.apply(&mut st, answer.as_str()) {
                    Err(e) => RecordedError {
                        answer: answer.clone(),
                        happens_again: true,
                        error: e.to_string(),
                    },
                    Ok(()) => RecordedError {
                        answer: answer.clone(),
                        happens_again: false,
                        error: error.clone(),
                    },
                });
            }
        }
        Err(ReplayError::Digest { .. }) => match rerun_changed(&content, &mut engine, &replay) {
            Ok((n, rerun)) => {
                outcome.answers_replayed = Some(n);
                outcome.on_changed_packs = Some(rerun);
                if replay.met_on_copy {
                    outcome.met_on_copy = replay.error.clone();
                }
            }
            Err(e) => outcome.error = Some(e.to_string()),
        },
        Err(e) => outcome.error = Some(e.to_string()),
    }
    Ok(outcome)
}
