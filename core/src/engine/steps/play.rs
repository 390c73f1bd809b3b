//! `{ do = "play", from = "hand", to = "tucked", limit = "ABILITY", count = "COUNTER" }`:
//! plays cards from the turn player's `from` zone whose `cost` they hold, up to the
//! ability's limit per turn, or pass (Tabriz's fulfilment, R-FUL-1..3, R-SKILL-5).
//! Playing pays the cost, moves the card to `to` and gains its `reward`; each card
//! played adds 1 to the counter `count` names, after its reward (so an end trigger on
//! it, R-END-1, fires after the reward's own).

use std::sync::Arc;

use serde::Deserialize;

use super::ProgramNames;
use super::StepCx;
use crate::decision::{Action, Choice, Decision};
use crate::error::EngineError;
use crate::events::EventLog;
use crate::ops;
use crate::state::GameState;

use super::{Next, StepKind, StepToml, Traits};
use crate::engine::interp::next_step;
use crate::engine::Engine;

/// The zones of a `play` step: the player's cards come from `from` and go to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayZones {
    /// The player zone cards are played from (a hand).
    pub from: crate::content::ZoneId,
    /// The player zone played cards go to.
    pub to: crate::content::ZoneId,
}

/// The fields of a `play` step.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PlayToml {
    /// The player zone cards are played from.
    from: Option<String>,
    /// The player zone played cards go to.
    to: Option<String>,
    /// The ability that limits plays per turn.
    limit: Option<String>,
    /// The counter each card played adds 1 to.
    count: Option<String>,
    /// The verb of its option keys, `<key>:<card>` (default [`DEFAULT_KEY`]).
    key: Option<String>,
}

/// The verb of a `play` step's option keys when it names none: `play:<card>`.
pub const DEFAULT_KEY: &str = "play";

const EXAMPLE: &str = "{ do = \"play\", from = \"hand\", to = \"tucked\" }";

impl StepToml for PlayToml {
    fn compile(self, cx: &mut dyn StepCx<'_>) -> Option<Box<dyn StepKind>> {
        if let Some(limit) = &self.limit {
            cx.ability("limit", limit, false);
        }
        let count = self
            .count
            .as_deref()
            .and_then(|id| cx.counter("count", id, "declare it in [[counters]]"));
        let from = cx.need("from", &self.from, EXAMPLE);
        let to = cx.need("to", &self.to, EXAMPLE);
        let from = from.and_then(|z| cx.player_zone("from", &z, EXAMPLE));
        let to = to.and_then(|z| cx.player_zone("to", &z, EXAMPLE));
        let verb = cx.card_verb("key", self.key.as_deref().unwrap_or(DEFAULT_KEY));
        let zones = PlayZones {
            from: from?,
            to: to?,
        };
        let verb = verb?;
        cx.note_play(zones);
        Some(Box::new(PlayStep {
            zones,
            // Both are there: `need` refused a missing key above.
            zone_ids: (self.from?, self.to?),
            verb,
            limit: self.limit,
            count,
        }))
    }
}

/// Plays cards from a player zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayStep {
    /// Where cards are played from and go to.
    pub zones: PlayZones,
    /// The ids of those zones, for the outline.
    pub zone_ids: (String, String),
    /// Its option keys' verb, an index in the program's card verbs.
    pub verb: u8,
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

    fn outline(&self, _prog: &dyn ProgramNames, gate: &str) -> String {
        format!(
            "play cards from `{}` to `{}`{}{gate}",
            self.zone_ids.0,
            self.zone_ids.1,
            self.limit
                .as_ref()
                .map(|l| format!(" (limit: {l})"))
                .unwrap_or_default()
        )
    }

    fn option_keys(&self, prog: &dyn ProgramNames) -> Vec<(String, String)> {
        let (from, to) = &self.zone_ids;
        vec![
            (
                format!("{}:<card>", prog.card_verb(self.verb)),
                format!("play that card from `{from}` to `{to}`, paying its cost"),
            ),
            ("pass".into(), "play no card now".into()),
        ]
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
            Some(ability) => crate::powers::ability(c, st, p, ability).max(0),
            None => i64::MAX,
        };
        let mut options: Vec<Choice> = if (st.flow.played_this_turn as i64) < limit {
            crate::decks::player_pile(c, &st.players[p], self.zones.from)
                .filter(|&card| ops::can_pay_cost(c, st, p, card))
                .map(|card| {
                    let def = &c.cards[card as usize];
                    eng.choice(
                        eng.keys.card(self.verb, card),
                        || format!("Play {}", def.name),
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
            || "Play nothing more this turn".into(),
            Action::Pass,
        ));
        st.decision = Some(Arc::new(Decision {
            player: p,
            prompt: eng.prompt(|| "Play a card?".into()),
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
            Action::Play { card } => eng.play_card(st, p, (card, self.zones), self.count, log),
            _ => {
                next_step(st);
                Ok(())
            }
        }
    }
}
