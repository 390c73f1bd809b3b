//! The state a running script has made so far, while it asks a question.
//!
//! A script's choices are replayed, not suspended (invariant 4): while it waits for an
//! answer, the game's state is the one from before it ran, and its changes so far live
//! only in the run that asked. Views and tools that show the question (`weft state
//! --seat N`, the options a person reads) need those changes: a card the script drew is
//! an option before it is in the committed hand.

use std::sync::Arc;

use super::Engine;
use crate::events::EventLog;
use crate::state::GameState;

impl Engine {
    /// While a script's effect asks a question in `st`, the state as the effect has
    /// changed it so far: the effect run again with its answers, up to the question, on
    /// a copy (its decision and flow those of `st`, the question's). `None` when no
    /// effect is asking, or when the run does not come to the same question.
    pub fn state_at_question(&mut self, st: &GameState) -> Option<GameState> {
        let effect = st.flow.effect.as_ref()?;
        let c = Arc::clone(&self.content);
        // Running another call lets the host's held call go; the next answer then runs
        // the effect from its start, as it would without one.
        self.held = None;
        let mut scratch = st.clone();
        scratch.flow.incoming.clear();
        let outcome = self
            .effects
            .call(
                &c,
                &mut scratch,
                &effect.call,
                &effect.answers,
                &mut EventLog::default(),
            )
            .ok()?;
        if !matches!(outcome, crate::effects::HookOutcome::Ask { .. }) {
            return None;
        }
        scratch.flow = st.flow.clone();
        scratch.decision.clone_from(&st.decision);
        Some(scratch)
    }
}
