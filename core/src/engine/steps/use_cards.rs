//! `{ do = "use_cards", zone = "ZONE", hook = "NAME", played_this_round = true }`:
//! offers each card in the turn player's zone whose behaviour has the hook, once, then
//! `done` (Tabriz's workshop phase, R-WS-4). The step pushes a use-cards job, whose
//! question and answer are here too; `ctx:use_cards` queues the same job (R-TILE-PWS).

use std::sync::Arc;

use serde::Deserialize;

use super::ProgramNames;
use super::StepCx;
use crate::content::{CardIx, ZoneId};
use crate::decision::{Action, Choice, Decision};
use crate::error::EngineError;
use crate::events::EventLog;
use crate::flow::{Hook, HookCall, Job, Owner};
use crate::state::GameState;

use super::{Next, StepKind, StepToml, Traits};
use crate::engine::interp::next_step;
use crate::engine::Engine;

/// What a `use_cards` step offers: each card in a player's zone whose behaviour has the
/// hook, once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UsePhase {
    /// The cards' hook (a [`Hook::Named`]).
    pub hook: Hook,
    /// The player zone whose cards are offered.
    pub zone: crate::content::ZoneId,
    /// Whether cards played earlier this round are offered too.
    pub played_this_round: bool,
    /// Its option keys' verb, an index in the program's card verbs.
    pub verb: u8,
}

/// The card hook a `use_cards` step calls when it names none.
pub const DEFAULT_CARD_HOOK: &str = "use";

/// The fields of a `use_cards` step.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct UseCardsToml {
    /// The player zone whose cards are offered.
    zone: Option<String>,
    /// The cards' hook, [`DEFAULT_CARD_HOOK`] when left out.
    hook: Option<String>,
    /// Whether cards played earlier this round are offered too (default true).
    played_this_round: Option<bool>,
    /// The verb of its option keys, `<key>:<card>` (default [`DEFAULT_KEY`]).
    key: Option<String>,
}

/// The verb of a `use_cards` step's option keys when it names none: `use:<card>`.
pub const DEFAULT_KEY: &str = "use";

const EXAMPLE: &str = "{ do = \"use_cards\", zone = \"tucked\", hook = \"workshop\" }";

impl StepToml for UseCardsToml {
    fn compile(self, cx: &mut dyn StepCx<'_>) -> Option<Box<dyn StepKind>> {
        let name = self.hook.as_deref().unwrap_or(DEFAULT_CARD_HOOK);
        let hook = cx.named_hook("hook", name, false);
        let verb = cx.card_verb("key", self.key.as_deref().unwrap_or(DEFAULT_KEY));
        let zone_id = cx.need("zone", &self.zone, EXAMPLE)?;
        let zone = cx.player_zone("zone", &zone_id, EXAMPLE)?;
        let phase = UsePhase {
            hook: hook?,
            zone,
            played_this_round: self.played_this_round.unwrap_or(true),
            verb: verb?,
        };
        cx.note_use_phase(phase);
        Some(Box::new(UseCardsStep { phase, zone_id }))
    }
}

/// Each card in a zone of the turn's player used once (its behaviour's hook), then
/// `done`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UseCardsStep {
    /// The hook, the zone and whether cards played this round count.
    pub phase: UsePhase,
    /// The zone's id, for the outline.
    pub zone_id: String,
}

impl StepKind for UseCardsStep {
    fn name(&self) -> &'static str {
        "use_cards"
    }

    fn traits(&self) -> Traits {
        Traits::ASKS_THE_PLAYER
    }

    fn outline(&self, prog: &dyn ProgramNames, gate: &str) -> String {
        let hook = prog.hook_name(self.phase.hook);
        let when = if self.phase.played_this_round {
            ""
        } else {
            ", not those played this round"
        };
        format!(
            "use each card in `{}` once (`{hook}`{when}){gate}",
            self.zone_id
        )
    }

    fn option_keys(&self, prog: &dyn ProgramNames) -> Vec<(String, String)> {
        vec![
            (
                format!("{}:<card>", prog.card_verb(self.phase.verb)),
                format!(
                    "use that card's `{}` hook once",
                    prog.hook_name(self.phase.hook)
                ),
            ),
            ("done".into(), "use no more cards".into()),
        ]
    }

    fn run(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        _log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        let p = eng.turn_player(st, "use_cards")?;
        st.flow.jobs.push(use_job(p, self.phase));
        next_step(st);
        Ok(Next::Continue)
    }
}

/// The job of player `p`'s use phase.
pub(crate) fn use_job(p: usize, phase: UsePhase) -> Job {
    Job::UseCards {
        player: p,
        hook: phase.hook,
        zone: phase.zone,
        played_this_round: phase.played_this_round,
        verb: phase.verb,
        used: Vec::new(),
    }
}

/// What a use-cards job offers: its hook, its zone, and whether cards played this
/// round count.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Offer<'a> {
    /// The cards' hook.
    pub hook: Hook,
    /// The player zone.
    pub zone: ZoneId,
    /// Whether cards played earlier this round are offered.
    pub played_this_round: bool,
    /// Its option keys' verb.
    pub verb: u8,
    /// Cards used already in this phase.
    pub used: &'a [CardIx],
}

/// The question of the use-cards job for player `p`: each card in the job's zone whose
/// behaviour has its hook, not used yet this phase (and, unless the job allows it, not
/// played this round), then `done`. `None` when no card is left, and the job ends.
pub(crate) fn ask_job(
    eng: &Engine,
    st: &GameState,
    p: usize,
    offer: Offer<'_>,
) -> Option<Arc<Decision>> {
    let c = &*eng.content;
    let zone = c.zones[offer.zone as usize].index;
    let mut options: Vec<Choice> = st.players[p].zones[zone]
        .cards
        .iter()
        .flatten()
        .copied()
        .filter(|card| !offer.used.contains(card))
        .filter(|card| offer.played_this_round || !st.flow.played_this_round.contains(card))
        .filter(|&card| {
            eng.effects
                .has_hook(c, st, Owner::Card { card }, offer.hook)
        })
        .map(|card| {
            let def = &c.cards[card as usize];
            eng.choice(
                eng.keys.card(offer.verb, card),
                || {
                    // The behaviour's `describe`, else the card's own text (as it was
                    // for a commission's workshop action with a `text`).
                    let text = eng
                        .effects
                        .card_text(card)
                        .unwrap_or_else(|| def.text.clone());
                    format!("Use {}: {text}", def.name)
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
        || "Use no more cards".into(),
        Action::Pass,
    ));
    Some(Arc::new(Decision {
        player: p,
        prompt: eng.prompt(|| {
            format!(
                "Use a card of your {} once",
                c.zones[offer.zone as usize].name
            )
        }),
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
            let Some(Job::UseCards {
                hook, used, zone, ..
            }) = st.flow.jobs.last_mut()
            else {
                return Err(super::flow_error(
                    eng,
                    "use_cards",
                    format!("the answer `{}` came with no use phase running", choice.key),
                ));
            };
            used.push(card);
            let (hook, zone) = (*hook, *zone);
            st.flow.jobs.push(Job::Hook {
                call: HookCall {
                    owner: Owner::Card { card },
                    hook,
                    player: Some(p),
                },
            });
            let c = &eng.content;
            let places = [crate::view::place(c, zone, p)];
            log.push_private(
                round,
                Some(p),
                "use",
                || format!("uses {}", c.cards[card as usize].id),
                || {
                    Some(crate::view::watchers(c, st, &places, || {
                        "uses a card".into()
                    }))
                },
            );
        }
        _ => {
            st.flow.jobs.pop();
            log.push(round, Some(p), "use_done", || "uses no more cards".into());
        }
    }
    Ok(())
}
