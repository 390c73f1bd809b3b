//! `{ do = "place", after = "module.function" }`: the turn's player places one worker
//! in an area, on its leftmost free usable space, then the `after` hook runs for them
//! (C-PLACE-1..6, C-ROW-1). The placement primitives are in `engine/areas.rs`.

use serde::Deserialize;

use super::ProgramNames;
use super::StepCx;
use crate::decision::{Action, Choice};
use crate::error::EngineError;
use crate::events::EventLog;
use crate::state::GameState;

use super::{Next, StepKind, StepToml, Traits};
use crate::engine::Engine;

/// The fields of a `place` step.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PlaceToml {
    after: Option<String>,
    params: Option<toml::Table>,
}

impl StepToml for PlaceToml {
    fn compile(self, cx: &mut dyn StepCx<'_>) -> Option<Box<dyn StepKind>> {
        let what = cx.what().to_string();
        cx.needs_areas();
        if cx.game().placement.is_none() {
            cx.fail(
                None,
                format!("{what}: the game declares no workers to place"),
                "add [placement] workers = N to game.toml (each player's workers per round)",
            );
        }
        if self.params.is_some() && self.after.is_none() {
            cx.fail(
                Some("params"),
                format!("{what} has `params` but no `after` function to hand them to"),
                "add after = \"module.function\", or remove params",
            );
        }
        let after = match &self.after {
            Some(run) => Some(cx.game_hook("after", run, self.params.as_ref())?),
            None => None,
        };
        Some(Box::new(PlaceStep { after }))
    }
}

/// Places one worker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlaceStep {
    /// The game hook (index into the program's game hooks) run for the player after each
    /// placement (`after = "module.function"`, C-ROW-1).
    pub after: Option<u16>,
}

impl StepKind for PlaceStep {
    fn name(&self) -> &'static str {
        "place"
    }

    fn traits(&self) -> Traits {
        Traits {
            places_worker: true,
            ..Traits::ASKS_THE_PLAYER
        }
    }

    fn outline(&self, prog: &dyn ProgramNames, gate: &str) -> String {
        format!(
            "place a worker in an area{}{gate}",
            self.after
                .map(|h| format!(", then `{}`", prog.game_hook_name(h)))
                .unwrap_or_default()
        )
    }

    fn option_keys(&self, _prog: &dyn ProgramNames) -> Vec<(String, String)> {
        vec![(
            "place:<area>".into(),
            "place a worker on the first free space of that area".into(),
        )]
    }

    fn run(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        let p = eng.turn_player(st, "place")?;
        Ok(eng.place_step(st, p, log))
    }

    fn answer(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        p: usize,
        choice: &Choice,
        log: &mut EventLog,
    ) -> Result<(), EngineError> {
        let Action::Place { area } = choice.action else {
            return Err(super::not_an_answer(eng, "place", choice, "a placement"));
        };
        eng.apply_place(st, p, area, self.after, log);
        Ok(())
    }
}
