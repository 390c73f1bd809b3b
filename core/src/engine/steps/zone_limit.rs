//! A player zone's `limit` (Tabriz's hand limit, R-FUL-4): before anything else happens,
//! a player holding more cards in such a zone than its limit discards one, and is asked
//! again until within it. Not a step of `[flow]`: it is checked before every automatic
//! step, over the zones that have a limit (none in most games, so it costs nothing).

use std::sync::Arc;

use crate::content::{Content, ZoneId};
use crate::decision::{Action, Choice, Decision};
use crate::decks;
use crate::error::EngineError;
use crate::events::EventLog;
use crate::state::GameState;

use crate::engine::Engine;

/// The player zones of `c` that have a limit, in zone order.
pub(crate) fn limited_zones(c: &Content) -> Vec<ZoneId> {
    (0..c.zones.len() as ZoneId)
        .filter(|&z| c.zones[z as usize].limit.is_some())
        .collect()
}

/// The question of the first player over a zone's limit, if any: players in seat order,
/// each's limited zones in zone order.
pub(crate) fn ask(eng: &Engine, st: &GameState) -> Option<Arc<Decision>> {
    if eng.limited_zones.is_empty() {
        return None;
    }
    let c = &*eng.content;
    let (p, zone, limit) = (0..st.players.len()).find_map(|p| {
        eng.limited_zones.iter().find_map(|&z| {
            let def = &c.zones[z as usize];
            let limit = def.limit.unwrap_or(u32::MAX);
            let held = st.players[p].zones[def.index].cards.len();
            (held > limit as usize).then_some((p, def, limit))
        })
    })?;
    Some(Arc::new(Decision {
        player: p,
        prompt: eng.prompt(|| format!("Discard down to {limit} cards in {}", zone.name)),
        options: st.players[p].zones[zone.index]
            .cards
            .iter()
            .flatten()
            .map(|&card| {
                let def = &c.cards[card as usize];
                eng.choice(
                    eng.keys.discard(card),
                    || format!("Discard {}", def.name),
                    Action::Discard { card },
                )
            })
            .collect(),
    }))
}

/// Player `p` discards the card `choice` names, from the limited zone that holds it, to
/// where its discards go ([`decks::discard`]).
pub(crate) fn answer(
    eng: &mut Engine,
    st: &mut GameState,
    p: usize,
    choice: &Choice,
    log: &mut EventLog,
) -> Result<(), EngineError> {
    let Action::Discard { card } = choice.action else {
        return Err(super::not_an_answer(
            eng,
            "zone limit",
            choice,
            "a card to discard",
        ));
    };
    let c = &*eng.content;
    let held = eng.limited_zones.iter().copied().find(|&z| {
        st.players[p].zones[c.zones[z as usize].index]
            .cards
            .contains(&Some(card))
    });
    let Some(zone) = held else {
        return Err(super::not_an_answer(
            eng,
            "zone limit",
            choice,
            "a card in a zone over its limit",
        ));
    };
    decks::take_from_player(c, st, p, zone, card);
    decks::discard(c, st, card);
    let round = st.round;
    let def = &c.cards[card as usize];
    let to = def.deck.map_or(def.zone, |d| c.decks[d as usize].discard);
    let places = [crate::view::place(c, zone, p), crate::view::place(c, to, p)];
    log.push_private(
        round,
        Some(p),
        "discard",
        || format!("discards {} ({} limit)", def.id, c.zones[zone as usize].id),
        || {
            Some(crate::view::watchers(c, st, &places, || {
                format!("discards a card ({} limit)", c.zones[zone as usize].id)
            }))
        },
    );
    Ok(())
}
