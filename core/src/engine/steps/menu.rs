//! `{ do = "menu", hook = "NAME" }`: offers each card the turn's player owns whose
//! behaviour has the hook, once, then `done` (R-WS-4: Tabriz's workshop actions, the
//! default hook `workshop`): the step pushes a use-cards job, whose question and answer
//! are here too.

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

/// The card hook a `menu` step calls when it names none, and a use phase a script
/// queues when no `menu` step names one (Tabriz's, R-WS-4).
pub const DEFAULT_CARD_HOOK: &str = "workshop";

/// The fields of a `menu` step.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MenuToml {
    /// The cards' hook, [`DEFAULT_CARD_HOOK`] when left out.
    hook: Option<String>,
}

impl StepToml for MenuToml {
    fn compile(self, cx: &mut StepCx<'_, '_>) -> Option<Box<dyn StepKind>> {
        let name = self.hook.as_deref().unwrap_or(DEFAULT_CARD_HOOK);
        let hook = cx.named_hook("hook", name, false)?;
        Some(Box::new(MenuStep { hook }))
    }
}

/// Each owned card's use (its behaviour's `hook`) once, then `done`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenuStep {
    /// The cards' hook (a [`Hook::Named`]).
    pub hook: Hook,
}

impl StepKind for MenuStep {
    fn name(&self) -> &'static str {
        "menu"
    }

    fn traits(&self) -> Traits {
        Traits::ASKS_THE_PLAYER
    }

    fn outline(&self, prog: &Program, gate: &str) -> String {
        let hook = prog.hook_name(self.hook);
        if hook == DEFAULT_CARD_HOOK {
            format!("use each owned card once{gate}")
        } else {
            format!("use each owned card once (`{hook}`){gate}")
        }
    }

    fn run(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        _log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        let p = eng.turn_player(st, "menu")?;
        st.flow.jobs.push(Job::UseCards {
            player: p,
            hook: self.hook,
            used: Vec::new(),
        });
        next_step(st);
        Ok(Next::Continue)
    }
}

/// The question of the use-cards job a `menu` step (or a script) pushed for player `p`
/// (R-WS-4): each card `p` owns whose behaviour has `hook`, not used yet this phase
/// (and, unless the pack allows it, not played this round: R-TILE-PWS DECISION), then
/// `done`. `None` when no card is left, and the job ends.
pub(crate) fn ask_job(
    eng: &Engine,
    st: &GameState,
    p: usize,
    hook: Hook,
    used: &[CardIx],
) -> Option<Arc<Decision>> {
    let c = &*eng.content;
    let mut options: Vec<Choice> = crate::decks::tucked(c, &st.players[p])
        .filter(|card| !used.contains(card))
        .filter(|card| c.personal_workshop_same_round || !st.flow.played_this_round.contains(card))
        .filter(|&card| eng.effects.has_hook(c, st, Owner::Card { card }, hook))
        .map(|card| {
            let def = &c.commissions[card as usize];
            eng.choice(
                eng.keys.use_card(card),
                || {
                    let text = eng
                        .effects
                        .card_text(card)
                        .or_else(|| def.workshop.as_ref().map(|w| w.text.clone()))
                        .unwrap_or_default();
                    format!("Workshop action of {}: {text}", def.name)
                },
                Action::Use { card },
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

/// Player `p`'s answer to the use-cards job's question: the card's hook runs (and the
/// card is used), or `done` ends the job.
pub(crate) fn answer_job(
    eng: &mut Engine,
    st: &mut GameState,
    p: usize,
    choice: &Choice,
    log: &mut EventLog,
) -> Result<(), EngineError> {
    let round = st.round;
    match choice.action {
        Action::Use { card } => {
            let Some(Job::UseCards { hook, used, .. }) = st.flow.jobs.last_mut() else {
                return Err(super::flow_error(
                    eng,
                    "menu",
                    format!("the answer `{}` came with no use phase running", choice.key),
                ));
            };
            used.push(card);
            let hook = *hook;
            st.flow.jobs.push(Job::Hook {
                call: HookCall {
                    owner: Owner::Card { card },
                    hook,
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
