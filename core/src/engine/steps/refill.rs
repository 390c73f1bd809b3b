//! `{ do = "refill", zone = "display", from = "deck" }`: fills a shared grid zone's
//! empty positions from a pile, or from one pile per round (C-SETUP-3, C-RESET-3/4).

use serde::Deserialize;

use super::ProgramNames;
use super::StepCx;
use crate::content::raw::OneOrMany;
use crate::content::ZoneId;
use crate::error::EngineError;
use crate::events::EventLog;
use crate::state::GameState;

use super::{Next, StepKind, StepToml};
use crate::engine::interp::next_step;
use crate::engine::Engine;

/// The fields of a `refill` step.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RefillToml {
    zone: Option<String>,
    from: Option<OneOrMany>,
}

impl StepToml for RefillToml {
    fn compile(self, cx: &mut dyn StepCx<'_>) -> Option<Box<dyn StepKind>> {
        let what = cx.what().to_string();
        let zones = &cx.game().zones;
        let ids = zones
            .iter()
            .map(|z| z.id.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        let find = |id: &str| zones.iter().position(|z| z.id == id);
        let Some(zone_id) = &self.zone else {
            cx.fail(
                None,
                format!("{what} needs `zone`"),
                "write { do = \"refill\", zone = \"display\", from = \"deck\" }",
            );
            return None;
        };
        let zone = match find(zone_id) {
            Some(z) if zones[z].kind == "grid" && zones[z].owner == "shared" => z,
            Some(_) => {
                cx.fail(
                    Some("zone"),
                    format!("{what}: zone `{zone_id}` is not a shared grid"),
                    "refill fills the empty positions of a grid zone (kind = \"grid\", owner = \"shared\")",
                );
                return None;
            }
            None => {
                cx.fail(
                    Some("zone"),
                    format!("{what}: `{zone_id}` is not a zone"),
                    format!("zones are: {ids}"),
                );
                return None;
            }
        };
        let from = self.from.as_ref().map(|f| f.list()).unwrap_or_default();
        if from.is_empty() {
            let key = if self.from.is_some() {
                Some("from")
            } else {
                None
            };
            cx.fail(
                key,
                format!("{what} needs `from`: the pile it draws from"),
                "write from = \"deck\", or one pile per round: from = [\"deck_a\", \"deck_b\"]",
            );
            return None;
        }
        let mut piles = Vec::new();
        for id in &from {
            match find(id) {
                Some(z) if zones[z].kind == "pile" && zones[z].owner == "shared" => {
                    piles.push(z as ZoneId)
                }
                found => {
                    let why = if found.is_some() {
                        format!("{what}: `{id}` is not a shared pile")
                    } else {
                        format!("{what}: `{id}` is not a zone")
                    };
                    cx.fail(Some("from"), why, format!("zones are: {ids}"));
                    return None;
                }
            }
        }
        let text = format!("`{zone_id}` from {}", by_round(&from));
        Some(Box::new(RefillStep {
            zone: zone as ZoneId,
            from: piles,
            text,
        }))
    }
}

/// `deck_a (rounds 1–3), then deck_b`: a per-round list of names, runs merged.
fn by_round(names: &[String]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut start = 0;
    for k in 1..=names.len() {
        if k == names.len() || names[k] != names[start] {
            let name = &names[start];
            parts.push(if k == names.len() {
                if start == 0 {
                    format!("`{name}`")
                } else {
                    format!("then `{name}`")
                }
            } else if k - start == 1 {
                format!("`{name}` (round {})", start + 1)
            } else {
                format!("`{name}` (rounds {}–{k})", start + 1)
            });
            start = k;
        }
    }
    parts.join(", ")
}

/// Fills a grid zone from a pile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefillStep {
    /// The grid zone filled.
    pub zone: ZoneId,
    /// The pile drawn from, by round (round 1 first; the last entry repeats).
    pub from: Vec<ZoneId>,
    /// For people: `display from deck_a (rounds 1–3), deck_b`.
    pub text: String,
}

impl RefillStep {
    /// The pile drawn from in `round` (from 1; setup counts as round 1).
    pub fn source(&self, round: u32) -> ZoneId {
        let i = (round.max(1) as usize - 1).min(self.from.len() - 1);
        self.from[i]
    }
}

impl StepKind for RefillStep {
    fn name(&self) -> &'static str {
        "refill"
    }

    fn as_refill(&self) -> Option<&RefillStep> {
        Some(self)
    }

    fn outline(&self, _prog: &dyn ProgramNames, gate: &str) -> String {
        format!("refill {}{gate}", self.text)
    }

    fn run(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        let c = &*eng.content;
        crate::zones::refill(c, st, log, self.zone, self.source(st.round));
        next_step(st);
        Ok(Next::Continue)
    }
}
