//! `{ do = "roll" }`: the round's dice (M-ROUND-2 steps 3 and 5): every die comes back
//! from the dice spaces (each player's own to their pool, neutral dice to the supply) and
//! every player rolls their whole pool. What a roll gives besides (compensation,
//! M-COMP-1; a character's faces, M-CHAR-6) is the pack's: a `hook` step after it.

use serde::Deserialize;

use super::ProgramNames;
use super::StepCx;
use crate::error::EngineError;
use crate::events::EventLog;
use crate::state::GameState;

use super::{Next, StepKind, StepToml};
use crate::engine::interp::next_step;
use crate::engine::Engine;

/// The fields of a `roll` step: none.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RollToml {}

impl StepToml for RollToml {
    fn compile(self, cx: &mut dyn StepCx<'_>) -> Option<Box<dyn StepKind>> {
        if cx.game().pools.is_none() {
            let what = cx.what().to_string();
            cx.fail(
                None,
                format!("{what}: the game declares no dice to roll"),
                "declare every player's dice in game.toml: [pools] per_player = 5",
            );
        }
        Some(Box::new(RollStep))
    }
}

/// Returns every die and rolls every pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RollStep;

impl StepKind for RollStep {
    fn name(&self) -> &'static str {
        "roll"
    }

    fn outline(&self, _prog: &dyn ProgramNames, gate: &str) -> String {
        format!("every die comes back and every player rolls their pool{gate}")
    }

    fn run(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        let c = std::sync::Arc::clone(&eng.content);
        crate::engine::dice::return_and_roll(&c, st, log);
        next_step(st);
        Ok(Next::Continue)
    }
}
