//! `{ do = "reset", pieces = "stand", areas = "clear" }`: stands every piece again
//! (R-WS-2) and/or clears the areas (C-ROUND-3).

use std::sync::Arc;

use serde::Deserialize;

use super::ProgramNames;
use super::StepCx;
use crate::error::EngineError;
use crate::events::EventLog;
use crate::state::GameState;

use super::{Next, StepKind, StepToml};
use crate::engine::interp::next_step;
use crate::engine::Engine;

/// The fields of a `reset` step.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ResetToml {
    pieces: Option<String>,
    areas: Option<String>,
}

impl StepToml for ResetToml {
    fn compile(self, cx: &mut dyn StepCx<'_>) -> Option<Box<dyn StepKind>> {
        let what = cx.what().to_string();
        if self.pieces.is_none() && self.areas.is_none() {
            cx.fail(
                None,
                format!("{what} needs `pieces` or `areas`"),
                "write it like { do = \"reset\", pieces = \"stand\" } or { do = \"reset\", areas = \"clear\" }",
            );
            return None;
        }
        let stand_pieces = match self.pieces.as_deref() {
            None => false,
            Some("stand") => true,
            Some(other) => {
                cx.fail(
                    Some("pieces"),
                    format!("{what}: pieces = \"{other}\" is not a reset"),
                    "write pieces = \"stand\" (stand every piece again)",
                );
                return None;
            }
        };
        let clear_areas = match self.areas.as_deref() {
            None => false,
            Some("clear") => true,
            Some(other) => {
                cx.fail(
                    Some("areas"),
                    format!("{what}: areas = \"{other}\" is not a reset"),
                    "write areas = \"clear\" (empty every area's spaces, reopen closed areas, free their second-stage spaces)",
                );
                return None;
            }
        };
        Some(Box::new(ResetStep {
            stand_pieces,
            clear_areas,
        }))
    }
}

/// Stands pieces and/or clears areas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResetStep {
    /// Stand every piece again (`pieces = "stand"`, R-WS-2).
    pub stand_pieces: bool,
    /// Empty every area's spaces, reopen closed areas and free their second-stage
    /// spaces (`areas = "clear"`, C-ROUND-3).
    pub clear_areas: bool,
}

impl StepKind for ResetStep {
    fn name(&self) -> &'static str {
        "reset"
    }

    fn outline(&self, _prog: &dyn ProgramNames, gate: &str) -> String {
        let what = match (self.stand_pieces, self.clear_areas) {
            (true, true) => "stand all pieces and clear the areas",
            (true, false) => "stand all pieces",
            (false, true) => "clear the areas",
            (false, false) => "nothing",
        };
        format!("{what}{gate}")
    }

    fn run(
        &self,
        _eng: &mut Engine,
        st: &mut GameState,
        _log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        if self.stand_pieces {
            // R-WS-2
            for pl in st.players.iter_mut().map(Arc::make_mut) {
                for piece in &mut pl.pieces {
                    piece.moved = false;
                }
            }
        }
        if self.clear_areas {
            crate::engine::areas::clear(st); // C-ROUND-3
        }
        next_step(st);
        Ok(Next::Continue)
    }
}
