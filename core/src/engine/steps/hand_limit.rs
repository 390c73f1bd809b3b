//! The hand limit (R-FUL-4): before anything else happens, a player holding more cards
//! in hand than `hand_limit` discards one, and is asked again until within it. Not a
//! step of `[flow]`: it is checked before every automatic step.

use std::sync::Arc;

use crate::decision::{Action, Choice, Decision};
use crate::decks;
use crate::error::EngineError;
use crate::events::EventLog;
use crate::state::GameState;

use crate::engine::Engine;

/// The question of the first player over the hand limit, if any.
pub(crate) fn ask(eng: &Engine, st: &GameState) -> Option<Arc<Decision>> {
    let c = &*eng.content;
    if c.hand_limit == 0 {
        return None;
    }
    let p = (0..st.players.len())
        .find(|&p| decks::hand_len(c, &st.players[p]) as u32 > c.hand_limit)?;
    Some(Arc::new(Decision {
        player: p,
        prompt: eng.prompt(|| format!("Discard down to {} commissions", c.hand_limit)),
        options: decks::hand(c, &st.players[p])
            .map(|card| {
                let def = &c.commissions[card as usize];
                eng.choice(
                    eng.keys.discard(card),
                    || format!("Discard {}", def.name),
                    Action::Discard { card },
                )
            })
            .collect(),
    }))
}

/// Player `p` discards the card `choice` names.
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
            "hand limit",
            choice,
            "a card to discard",
        ));
    };
    let c = &*eng.content;
    decks::take_from_hand(c, st, p, card);
    decks::discard(c, st, card);
    let round = st.round;
    log.push(round, Some(p), "discard", || {
        format!("discards {} (hand limit)", c.commissions[card as usize].id)
    });
    Ok(())
}
