//! Powers of the cards a player holds (a character, M-CHAR-*): rules a card changes for
//! its holder while a copy lies in one of their zones. Three kinds, each at a named point
//! of the kernel or the pack:
//! - `abilities = { name = value }` raise `[abilities]` for the holder (the highest value
//!   wins, as a track's unlocks do): read by a dice space's `closed_by` and `fewer_dice`,
//!   a `move` step's range, a `play` step's limit and a script's `ctx:ability`;
//! - `on_gain = { jade = { vp = 1 } }`: whatever the holder gains of one counter, by any
//!   verb or step, brings more of others (M-CHAR-3 c; [`crate::ops::gain`]);
//! - a card's behaviour may define hooks at the pack's hook points, run for its holder
//!   by `{ do = "hook", on = "cards", hook = "NAME" }` and `ctx:trigger(p, "NAME")`
//!   (queued as [`crate::flow::Job::Trigger`]; see the engine).

use crate::content::{CardIx, Content};
use crate::state::GameState;

/// The cards player `p` holds, in zone and position order.
pub fn held(st: &GameState, p: usize) -> impl Iterator<Item = CardIx> + '_ {
    st.players[p]
        .zones
        .iter()
        .flat_map(|z| z.cards.iter().flatten().copied())
}

/// Player `p`'s value of ability `name`: `[abilities]` raised by the tracks' unlocks
/// they reached and by the cards they hold (the highest wins).
pub fn ability(c: &Content, st: &GameState, p: usize, name: &str) -> i64 {
    let base = c.ability(name, &st.players[p].counters);
    if !c.cards_have_powers {
        return base;
    }
    held(st, p)
        .filter_map(|card| {
            c.cards[card as usize]
                .abilities
                .iter()
                .find(|(n, _)| n == name)
                .map(|&(_, v)| v)
        })
        .fold(base, i64::max)
}
