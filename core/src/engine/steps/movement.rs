//! `{ do = "move", range = "ABILITY" }`: the turn's player moves one standing piece
//! along the board graph, at most the ability's range (R-MOVE-1..7, R-PLAZA-1).

use std::sync::Arc;

use serde::Deserialize;

use super::ProgramNames;
use super::StepCx;
use crate::content::Content;
use crate::decision::{Action, Choice, Decision};
use crate::error::EngineError;
use crate::events::EventLog;
use crate::state::{GameState, Piece};

use super::{Next, StepKind, StepToml, Traits};
use crate::engine::interp::next_step;
use crate::engine::move_cache::MoveTexts;
use crate::engine::{choice_if, prompt_or_empty, tile_name, Engine};

/// The fields of a `move` step.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MoveToml {
    range: Option<String>,
}

impl StepToml for MoveToml {
    fn compile(self, cx: &mut dyn StepCx<'_>) -> Option<Box<dyn StepKind>> {
        let range = self.range.clone().unwrap_or_else(|| "move_range".into());
        cx.ability("range", &range, self.range.is_none());
        Some(Box::new(MoveStep { range }))
    }
}

/// Moves one standing piece of the turn's player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveStep {
    /// The ability that gives the range (R-MOVE-2), e.g. `move_range`.
    pub range: String,
}

impl StepKind for MoveStep {
    fn name(&self) -> &'static str {
        "move"
    }

    fn traits(&self) -> Traits {
        Traits {
            moves_piece: true,
            ..Traits::ASKS_THE_PLAYER
        }
    }

    fn outline(&self, _prog: &dyn ProgramNames, gate: &str) -> String {
        format!("move a piece (range: {}){gate}", self.range)
    }

    fn option_keys(&self, _prog: &dyn ProgramNames) -> Vec<(String, String)> {
        vec![(
            "move:<from>:<to>".into(),
            "move a piece from the first slot to the second".into(),
        )]
    }

    fn run(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        let c = Arc::clone(&eng.content);
        let c = &*c;
        let p = eng.turn_player(st, "move")?;
        let range = crate::powers::ability(c, st, p, &self.range).max(0) as u16;
        let labels = eng.labels;
        let d = eng.moves.get_or_build(st, p, range, labels, |texts| {
            move_decision(c, st, p, range, texts, labels)
        });
        if d.options.is_empty() {
            // Every piece lies (a flow with no `reset pieces` between turns):
            // nothing to move, so nothing to act at; the turn goes on.
            let round = st.round;
            log.push(round, Some(p), "move", || {
                "has no standing piece to move".into()
            });
            next_step(st);
            return Ok(Next::Continue);
        }
        st.decision = Some(d);
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
        let Action::Move { piece, to } = choice.action else {
            return Err(super::not_an_answer(eng, "move", choice, "a move"));
        };
        let c = &eng.content;
        let from = st.players[p].pieces[piece as usize].at;
        st.player_mut(p).pieces[piece as usize] = Piece {
            at: to,
            moved: true,
        }; // R-MOVE-4
        st.flow.acted = Some(to);
        next_step(st);
        let round = st.round;
        log.push(round, Some(p), "move", || {
            format!(
                "moves an apprentice from {} to {}",
                c.board.slots[from as usize].id, c.board.slots[to as usize].id
            )
        });
        Ok(())
    }
}

/// R-MOVE-1..7, R-PLAZA-1: every legal (piece, destination) within `range`, one piece
/// per start slot. A pure function of the mover, the range, its pieces and the board's
/// tiles (see [`super::move_cache`]). Without `labels`, each label is its key and the
/// prompt is empty.
fn move_decision(
    c: &Content,
    st: &GameState,
    p: usize,
    range: u16,
    texts: &mut MoveTexts,
    labels: bool,
) -> Decision {
    let pieces = &st.players[p].pieces;
    let standing = pieces.iter().filter(|q| !q.moved).count();
    // The room of a decision put out of the cache, if any (see `Scratch::options`).
    let mut options = std::mem::take(&mut texts.scratch.options);
    options.clear();
    options.reserve(c.board.slots.len() * standing.max(1));
    let free_slots = texts.free_slots(c);
    // R-MOVE-5: the slots where one of the mover's pieces already lies.
    let mut lying = std::mem::take(&mut texts.scratch.lying);
    lying.clear();
    lying.resize(c.board.slots.len(), false);
    for q in pieces.iter().filter(|q| q.moved) {
        if let Some(l) = lying.get_mut(q.at as usize) {
            *l = true;
        }
    }
    for (i, piece) in pieces.iter().enumerate() {
        // R-MOVE-1: standing pieces only; pieces on one slot are alike.
        if piece.moved || pieces[..i].iter().any(|q| !q.moved && q.at == piece.at) {
            continue;
        }
        let from = piece.at;
        let (reach, made) = texts.reach_from(c, from, range);
        for &to in reach {
            // R-MOVE-5: not onto a slot where one of the mover's pieces lies, but a
            // free slot may repeat (R-PLAZA-1).
            if lying[to as usize] && !free_slots[to as usize] {
                continue;
            }
            let made = made[to as usize].get_or_insert_with(|| {
                let from = &c.board.slots[from as usize].id;
                let to_id = &c.board.slots[to as usize].id;
                let key: Arc<str> = format!("move:{from}:{to_id}").into();
                let label = || {
                    let tile = tile_name(c, st.board[to as usize].tile);
                    format!("Move from {from} to {to_id} ({tile})")
                };
                choice_if(labels, key, label, Action::Pass)
            });
            // One reference counted without labels: the choice has the key alone.
            let mut choice = made.clone();
            choice.action = Action::Move { piece: i as u8, to };
            options.push(choice);
        }
    }
    if options.is_empty() {
        // R-MOVE-7: a turn can always proceed: the start slot is always legal.
        if let Some(i) = pieces.iter().position(|q| !q.moved) {
            let to = c.start_slot;
            let key: Arc<str> = format!(
                "move:{}:{}",
                c.board.slots[pieces[i].at as usize].id, c.board.slots[to as usize].id
            )
            .into();
            let action = Action::Move { piece: i as u8, to };
            options.push(choice_if(
                labels,
                key,
                || "Return to the start".into(),
                action,
            ));
        }
    }
    texts.scratch.lying = lying;
    Decision {
        player: p,
        prompt: prompt_or_empty(labels, || "Move an apprentice (R-MOVE-1)".into()),
        options,
    }
}
