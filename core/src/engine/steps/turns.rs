//! `{ do = "turns", until = "…", order = "…", body = "NAME" }`: runs `body` once per
//! turn, the player chosen by `order`, until the count of turns is taken (R-ROUND-2,
//! R-WS-4), or round and round while someone can place a worker (C-PLACE-1, C-PLACE-6).

use serde::Deserialize;

use super::ProgramNames;
use super::StepCx;
use crate::error::EngineError;
use crate::events::EventLog;
use crate::flow::BlockId;
use crate::flow::Frame;
use crate::limits::MAX_TURNS_EACH;
use crate::state::GameState;

use super::{Next, StepKind, StepToml};
use crate::engine::interp::next_step;
use crate::engine::Engine;

/// The fields of a `turns` step.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TurnsToml {
    order: Option<String>,
    until: Option<String>,
    body: Option<String>,
}

impl StepToml for TurnsToml {
    fn compile(self, cx: &mut dyn StepCx<'_>) -> Option<Box<dyn StepKind>> {
        let what = cx.what().to_string();
        let order = match self.order.as_deref() {
            None | Some("from_first") => TurnOrder::FromFirst,
            Some("reverse") => TurnOrder::Reverse,
            Some("seat") => TurnOrder::Seat,
            Some(other) => {
                cx.fail(
                    Some("order"),
                    format!("{what}: order = \"{other}\" is not a turn order"),
                    "orders are: from_first (the default: clockwise from the first player), reverse (counter-clockwise, first player last), seat (seat order from seat 1)",
                );
                TurnOrder::FromFirst
            }
        };
        let until = cx.need(
            "until",
            &self.until,
            "until = \"once\", \"each:N\" or \"each:pieces\"",
        );
        let body = cx.need(
            "body",
            &self.body,
            "body = \"turn\" (the block each turn runs)",
        );
        let count = match until.as_deref().map(parse_until) {
            Some(Ok(c)) => Some(c),
            Some(Err(problem)) => {
                cx.fail(
                    Some("until"),
                    format!("{what}: {problem}"),
                    format!("write until = \"once\", \"each:N\" (N from 1 to {MAX_TURNS_EACH}), \"each:pieces\" (one turn per piece), \"all_placed\" (round and round until no one can place a worker) or \"pools_empty\" (round and round, passing over empty pools, until every pool is empty)"),
                );
                None
            }
            None => None,
        };
        let body = body.and_then(|b| cx.block_ref("body", &b));
        // A broken count still leaves a turns step, for the checks of the whole flow.
        Some(Box::new(TurnsStep {
            order,
            count: count.unwrap_or(TurnCount::Each(1)),
            body: body?,
        }))
    }
}

/// `until = "…"` as a turn count, or what is wrong with it.
fn parse_until(until: &str) -> Result<TurnCount, String> {
    match until {
        "once" => Ok(TurnCount::Each(1)),
        "each:pieces" => Ok(TurnCount::EachPiece),
        "all_placed" => Ok(TurnCount::AllPlaced),
        "pools_empty" => Ok(TurnCount::WhileDice),
        _ => {
            let Some(n) = until.strip_prefix("each:") else {
                return Err(format!("until = \"{until}\" is not a turn count"));
            };
            match n.parse::<u32>() {
                Ok(0) => Err(format!(
                    "until = \"{until}\" would give no one a turn (N is at least 1)"
                )),
                Ok(k) if k <= MAX_TURNS_EACH => Ok(TurnCount::Each(k as u16)),
                Ok(_) => Err(format!(
                    "until = \"{until}\": weft takes at most {MAX_TURNS_EACH} turns each"
                )),
                Err(_) => Err(format!(
                    "until = \"{until}\" is not a turn count (N must be a whole number)"
                )),
            }
        }
    }
}

/// Who takes each turn of a `turns` step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnOrder {
    /// Clockwise from the first player (`from_first`).
    FromFirst,
    /// Counter-clockwise, ending with the first player (`reverse`).
    Reverse,
    /// Seat order from seat 1, whoever is first (`seat`).
    Seat,
}

impl TurnOrder {
    /// The player of turn `iter` with `n` players and `first` holding the marker.
    pub fn player(self, iter: usize, first: usize, n: usize) -> usize {
        let k = iter % n;
        match self {
            TurnOrder::FromFirst => (first + k) % n,
            TurnOrder::Reverse => (first + n - 1 - k) % n,
            TurnOrder::Seat => k,
        }
    }
}

/// How many turns a `turns` step runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnCount {
    /// Each player `N` turns (`until = "once"` is 1, `"each:N"` is N).
    Each(u16),
    /// Each player one turn per piece they own (`until = "each:pieces"`).
    EachPiece,
    /// Turns go round, passing over players who cannot place a worker, until no one
    /// can (`until = "all_placed"`, C-PLACE-1, C-PLACE-6).
    AllPlaced,
    /// Turns go round, passing over players whose dice pool is empty, until every pool
    /// is (`until = "pools_empty"`, M-ROUND-4).
    WhileDice,
}

impl TurnCount {
    /// Turns in all with `n` players and `pieces` pieces each; for
    /// [`TurnCount::AllPlaced`] the most turn positions the loop may take with `workers`
    /// workers each (every turn that is taken places one, and a pass of `n` positions
    /// without any placement is impossible unless no one can place), a safety net.
    pub fn total(self, n: usize, pieces: usize, workers: usize) -> usize {
        match self {
            TurnCount::Each(k) => n * k as usize,
            TurnCount::EachPiece => n * pieces,
            TurnCount::AllPlaced | TurnCount::WhileDice => n * (n * workers + 1),
        }
    }

    /// Whether the turns go round while someone can still play, passing over those who
    /// cannot (`all_placed`, `pools_empty`).
    pub fn goes_round(self) -> bool {
        matches!(self, TurnCount::AllPlaced | TurnCount::WhileDice)
    }
}

/// Turns: `body` once per turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnsStep {
    /// Who plays each turn.
    pub order: TurnOrder,
    /// How many turns.
    pub count: TurnCount,
    /// The block each turn runs.
    pub body: BlockId,
}

impl StepKind for TurnsStep {
    fn name(&self) -> &'static str {
        "turns"
    }

    fn runs_block(&self) -> Option<BlockId> {
        Some(self.body)
    }

    fn renumber(&mut self, map: &dyn Fn(BlockId) -> BlockId) {
        self.body = map(self.body);
    }

    fn as_turns(&self) -> Option<&TurnsStep> {
        Some(self)
    }

    fn outline(&self, prog: &dyn ProgramNames, gate: &str) -> String {
        let order = match self.order {
            TurnOrder::FromFirst => "clockwise from the first player",
            TurnOrder::Reverse => "counter-clockwise, first player last",
            TurnOrder::Seat => "in seat order",
        };
        let count = match self.count {
            TurnCount::Each(1) => "one turn each".to_string(),
            TurnCount::Each(k) => format!("{k} turns each"),
            TurnCount::EachPiece => "one turn per piece".to_string(),
            TurnCount::AllPlaced => "until every worker is placed".to_string(),
            TurnCount::WhileDice => "round and round until every dice pool is empty".to_string(),
        };
        format!(
            "turns ({count}, {order}){gate}: {}",
            prog.block_name(self.body)
        )
    }

    fn run(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        st.flow.end_turn();
        if self.count.goes_round() {
            // C-PLACE-1, M-ROUND-4: from the first player who can play; no one, no turns.
            match eng.next_able(st, self.order, self.count, 0) {
                Some(k) => st.flow.frames.push(Frame {
                    block: self.body,
                    pc: 0,
                    iter: k,
                }),
                None => {
                    if self.count == TurnCount::AllPlaced {
                        eng.end_placement(st, self.order, 0, log);
                    }
                    next_step(st);
                }
            }
        } else if self
            .count
            .total(st.players.len(), eng.content.pieces as usize, 0)
            == 0
        {
            next_step(st);
        } else {
            st.flow.frames.push(Frame {
                block: self.body,
                pc: 0,
                iter: 0,
            });
        }
        Ok(Next::Continue)
    }
}

impl Engine {
    /// For turns that go round ([`TurnCount::goes_round`]): the first turn position from
    /// `from` whose player can still play (place a worker; has a die in their pool),
    /// within one pass of the table and below the loop's safety bound.
    pub(in crate::engine) fn next_able(
        &self,
        st: &GameState,
        order: TurnOrder,
        count: TurnCount,
        from: usize,
    ) -> Option<u16> {
        match count {
            TurnCount::AllPlaced => self.next_placer(st, order, from),
            TurnCount::WhileDice => {
                let c = &*self.content;
                let n = st.players.len();
                let dice = c
                    .dice_play
                    .pools
                    .as_ref()
                    .map_or(0, |p| p.per_player as usize + p.neutral as usize)
                    // Stand-ins alone take turns without spending a die.
                    + st
                        .players
                        .iter()
                        .map(|pl| pl.dice.iter().filter(|d| d.is_stand_in()).count())
                        .max()
                        .unwrap_or(0);
                let bound = count.total(n, c.pieces as usize, dice);
                (from..from + n)
                    .take_while(|&k| k < bound)
                    .find(|&k| {
                        crate::pips::has_dice(&st.players[order.player(k, st.first_player, n)].dice)
                    })
                    .map(|k| k as u16)
            }
            _ => None,
        }
    }
}
