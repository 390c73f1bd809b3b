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
    let mut out = json!({
        "format": weft_core::state::STATE_JSON_FORMAT,
        "packs": content.packs,
        "digest": content.digest,
        "players": a.players,
        "seed": a.seed,
        "answers_applied": applied,
        "error": error,
        "counters": content.counters.iter().map(|k| &k.id).collect::<Vec<_>>(),
        "materials": content.materials.iter().map(|m| &m.id).collect::<Vec<_>>(),
        "decks": content.decks.iter().map(|d| &d.id).collect::<Vec<_>>(),
        "slots": content.board.slots.iter().map(|s| &s.id).collect::<Vec<_>>(),
        "tiles": content.tiles.iter().map(|t| &t.id).collect::<Vec<_>>(),
        "state": st,
        "state_hash": st.hash(),
        "decision": weft_core::view::decision_json(&content, &st),
        "result": st.result,
        "events": log.events,
    });
    if let Some(n) = a.seat {
        let view = weft_core::view::SeatView::of_game(&mut engine, &st, n - 1);
        out["view"] = json!({ "player": n - 1, "seat": n });
        out["state"] = view.to_json(&content);
        out["decision"] = view.decision_json(&content);
        out["events"] = json!(view.events(&log.events));
        if let Some(m) = out.as_object_mut() {
            // A hash of the whole state would let a tool test guesses at hidden cards.
            m.remove("state_hash");
        }
    }
    // Worker-placement areas, by index as `state.areas` holds them (left out when none).
    if !content.board.areas.is_empty() {
        out["areas"] = json!(content
            .board
            .areas
            .iter()
            .map(|a| &a.id)
            .collect::<Vec<_>>());
    }
    // Card zones and cards (left out when the pack has none): `zones` lists the shared
    // zones in the order of `state.zones`, `player_zones` those of `players[].zones`.
    if !content.zones.is_empty() {
        use weft_core::content::ZoneOwner;
        let ids = |owner: ZoneOwner| {
            content
                .zones
                .iter()
                .filter(|z| z.owner == owner)
                .map(|z| &z.id)
                .collect::<Vec<_>>()
        };
        out["zones"] = json!(ids(ZoneOwner::Shared));
        out["player_zones"] = json!(ids(ZoneOwner::Player));
        out["cards"] = json!(content.cards.iter().map(|c| &c.id).collect::<Vec<_>>());
        // Grid zones' shapes at this player count (positions run row by row).
        let grids: Vec<_> = content
            .zones
            .iter()
            .filter_map(|z| {
                let (rows, columns) = z.grid_size(a.players)?;
                Some(json!({ "zone": z.id, "rows": rows, "columns": columns }))
            })
            .collect();
        if !grids.is_empty() {
            out["grids"] = json!(grids);
        }
    }
    println!("{}", serde_json::to_string_pretty(&out)?);
    Ok(if error.is_some() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
