//! `{ do = "first_player", rule = "next_seat" }`: passes the first-player marker
//! (R-WS-5), or keeps it.

use serde::Deserialize;

use super::ProgramNames;
use super::StepCx;
use crate::error::EngineError;
use crate::events::EventLog;
use crate::state::GameState;

use super::{Next, StepKind, StepToml};
use crate::engine::interp::next_step;
use crate::engine::Engine;

/// The fields of a `first_player` step.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FirstPlayerToml {
    rule: Option<String>,
}

impl StepToml for FirstPlayerToml {
    fn compile(self, cx: &mut dyn StepCx<'_>) -> Option<Box<dyn StepKind>> {
        let what = cx.what().to_string();
        let rule = match cx
            .need(
                "rule",
                &self.rule,
                "{ do = \"first_player\", rule = \"next_seat\" }",
            )?
            .as_str()
        {
            "next_seat" => FirstPlayerRule::NextSeat,
            "keep" => FirstPlayerRule::Keep,
            other => {
                cx.fail(
                    Some("rule"),
                    format!("{what}: rule = \"{other}\" is not a first-player rule"),
                    "rules are: next_seat (the marker passes clockwise), keep (it stays)",
                );
                return None;
            }
        };
        Some(Box::new(FirstPlayerStep { rule }))
    }
}

/// How a `first_player` step passes the marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstPlayerRule {
    /// To the next seat clockwise (`next_seat`).
    NextSeat,
    /// Nowhere (`keep`).
    Keep,
}

/// Passes the marker by its rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FirstPlayerStep {
    /// How.
    pub rule: FirstPlayerRule,
}

impl StepKind for FirstPlayerStep {
    fn name(&self) -> &'static str {
        "first_player"
    }

    fn outline(&self, _prog: &dyn ProgramNames, gate: &str) -> String {
        format!(
            "first player: {}{gate}",
            match self.rule {
                FirstPlayerRule::NextSeat => "passes clockwise",
                FirstPlayerRule::Keep => "stays",
            }
        )
    }

    fn run(
        &self,
        _eng: &mut Engine,
        st: &mut GameState,
        _log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        if self.rule == FirstPlayerRule::NextSeat {
            st.first_player = (st.first_player + 1) % st.players.len(); // R-WS-5
        }
        next_step(st);
        Ok(Next::Continue)
    }
}
