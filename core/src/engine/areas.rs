//! Worker placement over the board's `[[areas]]`: the areas of a new game.

use crate::content::Content;
use crate::state::AreaState;

/// The areas of a new game: every space empty, none closed.
pub(super) fn new_areas(c: &Content) -> Vec<AreaState> {
    c.board
        .areas
        .iter()
        .map(|a| AreaState {
            placed: vec![None; a.spaces.len()],
            closed: false,
            used: Vec::new(),
        })
        .collect()
}
