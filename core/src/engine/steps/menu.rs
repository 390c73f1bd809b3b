//! `{ do = "menu" }`: offers each card the turn's player owns, once, then `done`
//! (R-WS-4): the workshop job does the asking.

use serde::Deserialize;

use crate::content::flow_toml::StepCx;
use crate::content::program::Program;
use crate::error::EngineError;
use crate::events::EventLog;
use crate::flow::Job;
use crate::state::GameState;

use super::{Next, StepKind, StepToml};
use crate::engine::interp::next_step;
use crate::engine::Engine;

/// The fields of a `menu` step: none.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MenuToml {}

impl StepToml for MenuToml {
    fn compile(self, _cx: &mut StepCx<'_, '_>) -> Option<Box<dyn StepKind>> {
        Some(Box::new(MenuStep))
    }
}

/// Each owned card's use once, then `done`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenuStep;

impl StepKind for MenuStep {
    fn name(&self) -> &'static str {
        "menu"
    }

    fn needs_player(&self) -> bool {
        true
    }

    fn may_ask(&self) -> bool {
        true
    }

    fn outline(&self, _prog: &Program, gate: &str) -> String {
        format!("use each owned card once{gate}")
    }

    fn run(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        _log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        let p = eng.turn_player(st, "menu")?;
        st.flow.jobs.push(Job::Workshop {
            player: p,
            used: Vec::new(),
        });
        next_step(st);
        Ok(Next::Continue)
    }
}
