//! `{ do = "act" }`: offers the action of the node the turn's piece moved to, or pass
//! (R-ACT-1, R-ACT-2; a tile's `can_act` may refuse it, R-TILE-1).

use std::sync::Arc;

use serde::Deserialize;

use super::ProgramNames;
use super::StepCx;
use crate::content::SlotId;
use crate::decision::{Action, Choice, Decision};
use crate::effects::HookOutcome;
use crate::error::EngineError;
use crate::events::EventLog;
use crate::flow::{Hook, HookCall, Job, Owner};
use crate::state::GameState;

use super::{Next, StepKind, StepToml, Traits};
use crate::engine::interp::next_step;
use crate::engine::{st_tile, tile_name, Engine};

/// The fields of an `act` step: none.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ActToml {}

impl StepToml for ActToml {
    fn compile(self, _cx: &mut dyn StepCx<'_>) -> Option<Box<dyn StepKind>> {
        Some(Box::new(ActStep))
    }
}

/// The node's action, or pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActStep;

impl StepKind for ActStep {
    fn name(&self) -> &'static str {
        "act"
    }

    fn traits(&self) -> Traits {
        Traits {
            needs_moved_piece: true,
            ..Traits::ASKS_THE_PLAYER
        }
    }

    fn outline(&self, _prog: &dyn ProgramNames, gate: &str) -> String {
        format!("take the node's action{gate}")
    }

    fn option_keys(&self, _prog: &dyn ProgramNames) -> Vec<(String, String)> {
        vec![
            (
                "act".into(),
                "take the action of the tile the piece stands on".into(),
            ),
            ("pass".into(), "decline the action".into()),
        ]
    }

    fn run(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        _log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        let c = Arc::clone(&eng.content);
        let c = &*c;
        let p = eng.turn_player(st, "act")?;
        let Some(slot) = st.flow.acted else {
            next_step(st); // nothing moved this turn: no action to take
            return Ok(Next::Continue);
        };
        let owner = Owner::Tile { slot };
        let may_act = eng.effects.has_hook(c, st, owner, Hook::Action)
            && (!eng.effects.has_hook(c, st, owner, Hook::CanAct) || can_act(eng, st, slot, p)?);
        if !may_act {
            next_step(st);
            return Ok(Next::Continue);
        }
        if !eng.labels {
            // Without labels the question names no tile: the same for every visit of
            // this player, so it is made once.
            st.decision = Some(eng.keys.act_or_pass(p));
            return Ok(Next::Stop);
        }
        let name = tile_name(c, st_tile(st, slot));
        st.decision = Some(Arc::new(Decision {
            player: p,
            prompt: eng.prompt(|| format!("Take the action of {name}?")),
            options: vec![
                eng.choice(
                    eng.keys.act.clone(),
                    || format!("Take the action of {name}"),
                    Action::Act,
                ),
                eng.choice(
                    eng.keys.pass.clone(),
                    || "Decline the action".into(),
                    Action::Pass,
                ),
            ],
        }));
        Ok(Next::Stop)
    }

    fn answer(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        p: usize,
        choice: &Choice,
        log: &mut EventLog,
    ) -> Result<(), EngineError> {
        let round = st.round;
        match choice.action {
            Action::Act => {
                let Some(slot) = st.flow.acted else {
                    return Err(super::flow_error(
                        eng,
                        "act",
                        "an action was taken with no piece moved this turn".into(),
                    ));
                };
                st.flow.jobs.push(Job::Hook {
                    call: HookCall {
                        owner: Owner::Tile { slot },
                        hook: Hook::Action,
                        player: Some(p),
                    },
                });
                next_step(st);
                let c = &eng.content;
                log.push(round, Some(p), "act", || {
                    format!("takes the action of {}", tile_name(c, st_tile(st, slot)))
                });
            }
            _ => {
                // R-ACT-2
                log.push(round, Some(p), "pass", || "declines the action".into());
                next_step(st);
            }
        }
        Ok(())
    }
}

/// A tile's `can_act` (R-TILE-1), run on the state itself: no scratch copy, because a
/// read-only hook cannot change it (the `ctx` table's registration refuses every
/// changing verb there, lua/api/kinds.rs, and `can_act` is read-only).
fn can_act(
    eng: &mut Engine,
    st: &mut GameState,
    slot: SlotId,
    player: usize,
) -> Result<bool, EngineError> {
    let c = Arc::clone(&eng.content);
    let call = HookCall {
        owner: Owner::Tile { slot },
        hook: Hook::CanAct,
        player: Some(player),
    };
    debug_assert!(call.hook.is_read_only());
    match eng
        .effects
        .call(&c, st, &call, &[], &mut EventLog::default())?
    {
        HookOutcome::Done(v) => Ok(v.unwrap_or(true)),
        HookOutcome::Ask { .. } => Err(eng
            .hook_error(st, &call, "can_act may not call ctx:choose")
            .into()),
    }
}
