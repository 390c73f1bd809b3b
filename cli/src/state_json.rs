//! The JSON of a game as `weft state` prints it (docs/state-json.md): the index tables,
//! the state, the decision, the result and the events, whole or as one seat may see
//! them. `weft serve` answers in the same shape.

use serde_json::{json, Value};
use weft_core::content::ZoneOwner;
use weft_core::events::Event;
use weft_core::state::GameState;
use weft_core::view::SeatView;
use weft_core::Content;

/// The game `st` of `players` players from `seed`, with `events`, as JSON: whole, or as
/// `view`'s seat may see it (then without `state_hash`, which would let a tool test
/// guesses at hidden cards). `answers_applied` and `error` are the caller's to add.
pub fn game_json(
    content: &Content,
    players: usize,
    seed: u64,
    st: &GameState,
    events: &[Event],
    view: Option<&SeatView>,
) -> Value {
    let mut out = json!({
        "format": weft_core::state::STATE_JSON_FORMAT,
        "packs": content.packs,
        "digest": content.digest,
        "players": players,
        "seed": seed,
        "counters": content.counters.iter().map(|k| &k.id).collect::<Vec<_>>(),
        "materials": content.materials.iter().map(|m| &m.id).collect::<Vec<_>>(),
        "decks": content.decks.iter().map(|d| &d.id).collect::<Vec<_>>(),
        "slots": content.board.slots.iter().map(|s| &s.id).collect::<Vec<_>>(),
        "tiles": content.tiles.iter().map(|t| &t.id).collect::<Vec<_>>(),
        "state": st,
        "state_hash": st.hash(),
        "decision": weft_core::view::decision_json(content, st),
        "result": st.result,
        "events": events,
    });
    if let Some(view) = view {
        out["view"] = json!({ "player": view.player, "seat": view.player + 1 });
        out["state"] = view.to_json(content);
        out["decision"] = view.decision_json(content);
        out["events"] = json!(view.events(events));
        if let Some(m) = out.as_object_mut() {
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
    // Dice spaces and extra actions, by index (left out when none).
    let dice = &content.dice_play;
    if !dice.spaces.is_empty() {
        out["dice_spaces"] = json!(dice.spaces.iter().map(|s| &s.id).collect::<Vec<_>>());
    }
    if !dice.extras.is_empty() {
        out["extras"] = json!(dice.extras.iter().map(|e| &e.id).collect::<Vec<_>>());
    }
    if !content.markers.is_empty() {
        out["markers"] = json!(content.markers.iter().map(|m| &m.id).collect::<Vec<_>>());
    }
    // Card zones and cards (left out when the pack has none): `zones` lists the shared
    // zones in the order of `state.zones`, `player_zones` those of `players[].zones`.
    if !content.zones.is_empty() {
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
                let (rows, columns) = z.grid_size(players)?;
                Some(json!({ "zone": z.id, "rows": rows, "columns": columns }))
            })
            .collect();
        if !grids.is_empty() {
            out["grids"] = json!(grids);
        }
    }
    out
}
