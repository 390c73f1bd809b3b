//! `weft state`: the machine interface. Plays answer keys from the start and prints the
//! full state, the current decision (or the result) and the events, as one JSON object.
//! The shape is documented in docs/state-json.md.

use std::process::ExitCode;

use clap::Args;
use serde_json::json;
use weft_core::events::EventLog;
use weft_core::Engine;

use crate::packs::PackArgs;

/// Flags of `weft state`.
#[derive(Args, Debug)]
pub struct StateArgs {
    #[command(flatten)]
    packs: PackArgs,
    /// Players.
    #[arg(long, default_value_t = 4)]
    players: usize,
    /// Game seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Answer keys to play, comma separated (option keys or 0-based indices).
    #[arg(long, value_delimiter = ',')]
    answers: Vec<String>,
    /// Print JSON (the default and only format today; kept for scripts that pass it).
    #[arg(long)]
    json: bool,
    /// Print the game as seat N (from 1) may see it: other hands and hidden piles as
    /// counts and backs, no generator, another seat's question without its options
    /// (docs/state-json.md, "One seat's view").
    #[arg(long, value_name = "N")]
    seat: Option<usize>,
}

pub fn run(a: StateArgs) -> anyhow::Result<ExitCode> {
    if let Some(n) = a.seat {
        if n == 0 || n > a.players {
            anyhow::bail!(
                "--seat {n}: seats are numbered from 1 to {} (--players); give one of them",
                a.players
            );
        }
    }
    let content = a.packs.load()?;
    let mut engine = Engine::with_lua(content.clone()).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut log = EventLog::recording();
    let mut st = engine
        .new_game_logged(a.players, a.seed, &mut log)
        .map_err(|e| anyhow::anyhow!("error: {e}"))?;
    let mut error = None;
    let mut applied = 0;
    for (i, key) in a.answers.iter().filter(|k| !k.is_empty()).enumerate() {
        let answer = match key.parse::<usize>() {
            Ok(n) => weft_core::Answer::Index(n),
            Err(_) => weft_core::Answer::Key(key.clone()),
        };
        if let Err(e) = engine.apply_logged(&mut st, answer, &mut log) {
            error = Some(json!({ "answer_index": i, "answer": key, "message": e.to_string() }));
            break;
        }
        applied += 1;
    }
    let view = a
        .seat
        .map(|n| weft_core::view::SeatView::of_game(&mut engine, &st, n - 1));
    let mut out =
        crate::state_json::game_json(&content, a.players, a.seed, &st, &log.events, view.as_ref());
    out["answers_applied"] = json!(applied);
    out["error"] = json!(error);
    println!("{}", serde_json::to_string_pretty(&out)?);
    Ok(if error.is_some() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
