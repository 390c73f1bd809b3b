//! Markers players place on board slots (`[[markers]]`, trading posts: M-MOVE-6..11):
//! placing one (while the player has one left and the slot takes another of theirs),
//! taking one back, and who has what where. Every change is checked and logged here;
//! scripts reach it through `ctx:place_marker` and the like.

use crate::content::{Content, SlotId};
use crate::events::EventLog;
use crate::state::GameState;

/// The kind of marker named `id`.
pub fn kind_index(c: &Content, id: &str) -> Option<usize> {
    c.markers.iter().position(|m| m.id == id)
}

/// How many of kind `k` player `p` has on the board.
pub fn placed(st: &GameState, k: usize, p: usize) -> usize {
    st.markers[k]
        .iter()
        .filter(|&&(_, q)| q as usize == p)
        .count()
}

/// How many of kind `k` player `p` has left to place.
pub fn left(c: &Content, st: &GameState, k: usize, p: usize) -> usize {
    (c.markers[k].per_player as usize).saturating_sub(placed(st, k, p))
}

/// How many of kind `k` player `p` has on `slot`.
pub fn on_slot(st: &GameState, k: usize, p: usize, slot: SlotId) -> usize {
    st.markers[k]
        .iter()
        .filter(|&&(s, q)| s == slot && q as usize == p)
        .count()
}

/// Whether player `p` placed a marker of kind `k` on `slot` this turn (still there):
/// what M-MOVE-9 keeps from use until their next turn.
pub fn placed_this_turn(st: &GameState, k: usize, p: usize, slot: SlotId) -> bool {
    st.flow
        .markers_this_turn
        .iter()
        .any(|&(kk, s, q)| kk as usize == k && s == slot && q as usize == p)
}

/// Places one of player `p`'s markers of kind `k` on `slot`; an error, changing
/// nothing, when they have none left or the slot holds as many of theirs as it takes.
pub fn place(
    c: &Content,
    st: &mut GameState,
    log: &mut EventLog,
    (k, p, slot): (usize, usize, SlotId),
) -> Result<(), String> {
    let def = &c.markers[k];
    if left(c, st, k, p) == 0 {
        return Err(format!(
            "player {} has no {} left to place (all {} are on the board)",
            p + 1,
            def.name,
            def.per_player
        ));
    }
    if on_slot(st, k, p, slot) >= def.per_slot as usize {
        return Err(format!(
            "player {} already has {} {} on {} (at most {})",
            p + 1,
            on_slot(st, k, p, slot),
            def.name,
            c.board.slots[slot as usize].id,
            def.per_slot
        ));
    }
    st.markers[k].push((slot, p as u8));
    st.flow.markers_this_turn.push((k as u8, slot, p as u8));
    let round = st.round;
    log.push(round, Some(p), "marker", || {
        format!(
            "places a {} on {}",
            def.name, c.board.slots[slot as usize].id
        )
    });
    Ok(())
}

/// Takes one of player `p`'s markers of kind `k` off `slot` (back to them); an error,
/// changing nothing, when none of theirs is there.
pub fn remove(
    c: &Content,
    st: &mut GameState,
    log: &mut EventLog,
    (k, p, slot): (usize, usize, SlotId),
) -> Result<(), String> {
    let def = &c.markers[k];
    let Some(i) = st.markers[k]
        .iter()
        .position(|&(s, q)| s == slot && q as usize == p)
    else {
        return Err(format!(
            "player {} has no {} on {}",
            p + 1,
            def.name,
            c.board.slots[slot as usize].id
        ));
    };
    st.markers[k].remove(i);
    if let Some(j) = st
        .flow
        .markers_this_turn
        .iter()
        .position(|&(kk, s, q)| kk as usize == k && s == slot && q as usize == p)
    {
        st.flow.markers_this_turn.remove(j);
    }
    let round = st.round;
    log.push(round, Some(p), "marker", || {
        format!(
            "takes a {} off {}",
            def.name, c.board.slots[slot as usize].id
        )
    });
    Ok(())
}
