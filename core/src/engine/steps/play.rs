//! `{ do = "play", limit = "ABILITY", count = "COUNTER" }`: plays cards from hand whose
//! cost the turn's player holds, up to the ability's limit per turn, or pass (R-FUL-1..3,
//! R-SKILL-5); each card played adds 1 to the counter `count` names, after its reward
//! (so an end trigger on it, R-END-1, fires after the reward's own).

use std::sync::Arc;

use serde::Deserialize;

use crate::content::flow_toml::StepCx;
use crate::content::program::Program;
use crate::decision::{Action, Choice, Decision};
use crate::error::EngineError;
use crate::events::EventLog;
use crate::ops;
use crate::state::GameState;

use super::{Next, StepKind, StepToml, Traits};
use crate::engine::interp::next_step;
use crate::engine::Engine;

/// The fields of a `play` step.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PlayToml {
    limit: Option<String>,
    count: Option<String>,
}

impl StepToml for PlayToml {
    fn compile(self, cx: &mut StepCx<'_, '_>) -> Option<Box<dyn StepKind>> {
        if let Some(limit) = &self.limit {
            cx.ability("limit", limit, false);
        }
        let count = self
            .count
            .as_deref()
            .and_then(|id| cx.counter("count", id, "declare it in [[counters]]"));
        Some(Box::new(PlayStep {
            limit: self.limit,
            count,
        }))
    }
}

/// Plays cards from hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayStep {
    /// The ability that limits plays per turn (R-SKILL-5), or none for no limit.
    pub limit: Option<String>,
    /// The counter each card played adds 1 to, if any.
    pub count: Option<crate::content::CounterId>,
}

impl StepKind for PlayStep {
    fn name(&self) -> &'static str {
        "play"
    }

    fn traits(&self) -> Traits {
        Traits::ASKS_THE_PLAYER
    }

    fn outline(&self, _prog: &Program, gate: &str) -> String {
        format!(
            "play cards from hand{}{gate}",
            self.limit
                .as_ref()
                .map(|l| format!(" (limit: {l})"))
                .unwrap_or_default()
        )
    }

    fn run(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        _log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        // R-FUL-1, R-SKILL-5
        let c = Arc::clone(&eng.content);
        let c = &*c;
        let p = eng.turn_player(st, "play")?;
        let limit = match &self.limit {
            Some(ability) => c.ability(ability, &st.players[p].counters).max(0),
            None => i64::MAX,
        };
        let mut options: Vec<Choice> = if (st.flow.played_this_turn as i64) < limit {
            crate::decks::hand(c, &st.players[p])
                .filter(|&card| ops::can_fulfil(c, st, p, card))
                .map(|card| {
                    let def = &c.commissions[card as usize];
                    eng.choice(
                        eng.keys.play(card),
                        || format!("Fulfil {}", def.name),
                        Action::Play { card },
                    )
                })
                .collect()
        } else {
            Vec::new()
        };
        if options.is_empty() {
            next_step(st);
            return Ok(Next::Continue);
        }
        options.push(eng.choice(
            eng.keys.pass.clone(),
            || "Fulfil nothing more this turn".into(),
            Action::Pass,
        ));
        st.decision = Some(Arc::new(Decision {
            player: p,
            prompt: eng.prompt(|| "Fulfil a commission?".into()),
            options,
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
        match choice.action {
            Action::Play { card } => eng.play_card(st, p, card, self.count, log),
            _ => {
                next_step(st);
                Ok(())
            }
        }
    }
}
