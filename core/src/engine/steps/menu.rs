//! `{ do = "menu" }`: offers each card the turn's player owns, once, then `done`
//! (R-WS-4): the step pushes a workshop job, whose question and answer are here too.

use std::sync::Arc;

use serde::Deserialize;

use crate::content::flow_toml::StepCx;
use crate::content::program::Program;
use crate::content::CardIx;
use crate::decision::{Action, Choice, Decision};
use crate::error::EngineError;
use crate::events::EventLog;
use crate::flow::{Hook, HookCall, Job, Owner};
use crate::state::GameState;

use super::{Next, StepKind, StepToml, Traits};
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

    fn traits(&self) -> Traits {
        Traits::ASKS_THE_PLAYER
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

/// The question of the workshop job a `menu` step pushed for player `p` (R-WS-4): each
/// card `p` owns with a workshop hook, not used yet this phase (and, unless the pack
/// allows it, not fulfilled this round: R-TILE-PWS DECISION), then `done`. `None` when
/// no card is left, and the job ends.
pub(crate) fn ask_job(
    eng: &Engine,
    st: &GameState,
    p: usize,
    used: &[CardIx],
) -> Option<Arc<Decision>> {
    let c = &*eng.content;
    let mut options: Vec<Choice> = crate::decks::tucked(c, &st.players[p])
        .filter(|card| !used.contains(card))
        .filter(|card| c.personal_workshop_same_round || !st.flow.played_this_round.contains(card))
        .filter(|&card| {
            eng.effects
                .has_hook(c, st, Owner::Card { card }, Hook::Workshop)
        })
        .map(|card| {
            let def = &c.commissions[card as usize];
            eng.choice(
                eng.keys.workshop(card),
                || {
                    let text = eng
                        .effects
                        .card_text(card)
                        .or_else(|| def.workshop.as_ref().map(|w| w.text.clone()))
                        .unwrap_or_default();
                    format!("Workshop action of {}: {text}", def.name)
                },
                Action::Workshop { card },
            )
        })
        .collect();
    if options.is_empty() {
        return None;
    }
    options.push(eng.choice(
        eng.keys.done.clone(),
        || "Finish workshop actions".into(),
        Action::Pass,
    ));
    Some(Arc::new(Decision {
        player: p,
        prompt: eng.prompt(|| "Take a workshop action (R-WS-4)".into()),
        options,
    }))
}

/// Player `p`'s answer to the workshop job's question: a card's workshop hook runs
/// (and the card is used), or `done` ends the job.
pub(crate) fn answer_job(
    eng: &mut Engine,
    st: &mut GameState,
    p: usize,
    choice: &Choice,
    log: &mut EventLog,
) -> Result<(), EngineError> {
    let round = st.round;
    match choice.action {
        Action::Workshop { card } => {
            if let Some(Job::Workshop { used, .. }) = st.flow.jobs.last_mut() {
                used.push(card);
            }
            st.flow.jobs.push(Job::Hook {
                call: HookCall {
                    owner: Owner::Card { card },
                    hook: Hook::Workshop,
                    player: Some(p),
                },
            });
            let c = &eng.content;
            log.push(round, Some(p), "workshop", || {
                format!(
                    "takes the workshop action of {}",
                    c.commissions[card as usize].id
                )
            });
        }
        _ => {
            st.flow.jobs.pop();
            log.push(round, Some(p), "workshop_done", || {
                "ends their workshop actions".into()
            });
        }
    }
    Ok(())
}
