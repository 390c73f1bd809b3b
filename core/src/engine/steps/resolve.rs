//! `{ do = "resolve", decline = { coins = 2 } }`: resolves every placed worker, area by
//! area, left to right: its owner takes one of the area's options or the decline
//! (C-RES-1..3). The placement primitives are in `engine/areas.rs`.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::ProgramNames;
use super::StepCx;
use crate::content::CounterId;
use crate::decision::{Action, Choice};
use crate::error::EngineError;
use crate::events::EventLog;
use crate::state::GameState;

use super::{Next, StepKind, StepToml, Traits};
use crate::engine::Engine;

/// The fields of a `resolve` step.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ResolveToml {
    #[serde(default)]
    #[serde(deserialize_with = "crate::content::bounded::opt_amount_map")]
    decline: Option<BTreeMap<String, u32>>,
}

impl StepToml for ResolveToml {
    fn compile(self, cx: &mut dyn StepCx<'_>) -> Option<Box<dyn StepKind>> {
        cx.needs_areas();
        let mut decline = Vec::new();
        let mut text = Vec::new();
        for (name, &n) in self.decline.iter().flatten() {
            if let Some(res) = cx.counter("decline", name, "write decline = { coins = 2 }") {
                if n > 0 {
                    decline.push((res, n));
                    let label = cx.counters()[res as usize].name.to_lowercase();
                    text.push(format!("{n} {label}"));
                }
            }
        }
        let text = if text.is_empty() {
            "nothing".to_string()
        } else {
            text.join(", ")
        };
        Some(Box::new(ResolveStep { decline, text }))
    }
}

/// Resolves every placed worker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolveStep {
    /// What declining a worker's action pays (C-RES-2), e.g. 2 coins.
    pub decline: Vec<(CounterId, u32)>,
    /// The same for people, e.g. `2 coins` (`nothing` when it pays nothing).
    pub text: String,
}

impl StepKind for ResolveStep {
    fn name(&self) -> &'static str {
        "resolve"
    }

    fn traits(&self) -> Traits {
        Traits {
            may_ask: true,
            ..Traits::NONE
        }
    }

    fn outline(&self, _prog: &dyn ProgramNames, gate: &str) -> String {
        format!(
            "resolve every placed worker, area by area (decline: {}){gate}",
            self.text
        )
    }

    fn option_keys(&self, _prog: &dyn ProgramNames) -> Vec<(String, String)> {
        vec![(
            "decline".into(),
            "take the area's decline instead of its options".into(),
        )]
    }

    fn run(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        eng.resolve_step(st, self, log)
    }

    fn answer(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        p: usize,
        choice: &Choice,
        log: &mut EventLog,
    ) -> Result<(), EngineError> {
        match choice.action {
            Action::Resolve { area, space } => {
                eng.apply_resolve(st, p, area, space, String::from(&*choice.key), log)
            }
            Action::Decline { area, space } => eng.apply_decline(st, p, area, space, self, log),
            _ => Err(super::not_an_answer(
                eng,
                "resolve",
                choice,
                "a worker's option or its decline",
            )),
        }
    }
}
