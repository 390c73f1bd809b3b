//! Runs the round's program (see [`crate::content::program`]) one step at a time: a
//! stack of [`Frame`]s, innermost last. Each step (a kind of `engine/steps/`) either
//! moves on by itself (queues hooks, pushes a block, passes the marker) or sets the
//! decision and stops; this module keeps the frames: the rounds, the turns and who
//! plays them.

use std::sync::Arc;

use crate::content::program::{
    Program, StepKind, TurnCount, TurnOrder, END_BLOCK, ROUND_BLOCK, SETUP_BLOCK,
};
use crate::content::{Content, SlotId};
use crate::error::EngineError;
use crate::events::EventLog;
use crate::flow::{Frame, Hook, HookCall, Job, Owner};
use crate::state::GameState;

use super::{Engine, STALLED};

pub(super) use super::steps::Next;

/// The `turns` step whose body frame `frames[i]` is, if it is one.
fn turns_of(prog: &Program, frames: &[Frame], i: usize) -> Option<(TurnOrder, TurnCount)> {
    let parent = frames.get(i.checked_sub(1)?)?;
    let turns = prog
        .block(parent.block)
        .steps
        .get(parent.pc as usize)?
        .kind
        .as_turns()?;
    Some((turns.order, turns.count))
}

/// The innermost `turns` body frame: its index in the stack.
fn innermost_turn(prog: &Program, frames: &[Frame]) -> Option<usize> {
    (1..frames.len())
        .rev()
        .find(|&i| turns_of(prog, frames, i).is_some())
}

/// The player whose turn it is, when play is inside a `turns` body.
pub fn current_player(c: &Content, st: &GameState) -> Option<usize> {
    let frames = &st.flow.frames;
    let i = innermost_turn(&c.program, frames)?;
    let (order, _) = turns_of(&c.program, frames, i)?;
    Some(order.player(frames[i].iter as usize, st.first_player, st.players.len()))
}

/// The number of the current turn within its `turns` step, from 0.
pub fn turn_index(c: &Content, st: &GameState) -> Option<u16> {
    innermost_turn(&c.program, &st.flow.frames).map(|i| st.flow.frames[i].iter)
}

/// Whether play stands at the very start of a turn: the top frame is a `turns` body at
/// its first step, with no job or script pending. Bots use it to tell "the same turn"
/// from "the next turn".
pub fn at_turn_start(c: &Content, st: &GameState) -> bool {
    let frames = &st.flow.frames;
    st.flow.effect.is_none()
        && st.flow.jobs.is_empty()
        && frames.last().is_some_and(|f| f.pc == 0)
        && turns_of(&c.program, frames, frames.len() - 1).is_some()
}

/// The kind of the step the top frame stands on.
pub(super) fn current_step<'a>(c: &'a Content, st: &GameState) -> Option<&'a dyn StepKind> {
    let f = st.flow.frames.last()?;
    c.program
        .block(f.block)
        .steps
        .get(f.pc as usize)
        .map(|s| &*s.kind)
}

/// Moves the top frame to its next step.
pub(super) fn next_step(st: &mut GameState) {
    if let Some(f) = st.flow.frames.last_mut() {
        f.pc += 1;
    }
}

impl Engine {
    /// Starts a game's program: the setup list.
    pub(super) fn start_program(&self, st: &mut GameState) {
        st.flow.frames.clear();
        st.flow.frames.push(Frame {
            block: SETUP_BLOCK,
            pc: 0,
            iter: 0,
        });
    }

    /// Runs the step the top frame stands on.
    pub(super) fn run_step(
        &mut self,
        st: &mut GameState,
        log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        let c = Arc::clone(&self.content);
        let c = &*c;
        let prog = &c.program;
        let Some(&top) = st.flow.frames.last() else {
            return Ok(Next::Stop);
        };
        let Some(step) = prog.block(top.block).steps.get(top.pc as usize) else {
            self.end_block(st, log);
            return Ok(if st.is_over() {
                Next::Stop
            } else {
                Next::Continue
            });
        };
        if !step.rounds.admits(st.round) {
            next_step(st);
            return Ok(Next::Continue);
        }
        step.kind.run(self, st, log)
    }

    /// The top frame ran out of steps: a turn ends (and maybe its `turns` step), a
    /// block returns to its parent, setup gives way to round 1, or a round ends.
    fn end_block(&mut self, st: &mut GameState, log: &mut EventLog) {
        let c = Arc::clone(&self.content);
        let prog = &c.program;
        let depth = st.flow.frames.len();
        let top = st.flow.frames[depth - 1];
        if let Some((order, count)) = turns_of(prog, &st.flow.frames, depth - 1) {
            st.flow.end_turn();
            super::dice::stand_ins_leave(st);
            if count.goes_round() {
                // C-PLACE-1, M-ROUND-4: the next player round the table who can still play.
                if let Some(k) = self.next_able(st, order, count, top.iter as usize + 1) {
                    let f = st.flow.frames.last_mut().expect("a frame");
                    f.iter = k;
                    f.pc = 0;
                    return;
                }
                if count == TurnCount::AllPlaced {
                    self.end_placement(st, order, top.iter, log);
                }
            } else {
                let total = count.total(st.players.len(), c.pieces as usize, 0);
                if (top.iter as usize) + 1 < total {
                    let f = st.flow.frames.last_mut().expect("a frame");
                    f.iter += 1;
                    f.pc = 0;
                    return;
                }
            }
        }
        st.flow.frames.pop();
        match top.block {
            SETUP_BLOCK if depth == 1 => self.start_round(st, log),
            ROUND_BLOCK if depth == 1 => {
                // R-END-2: the round in which the end was triggered is played out.
                if st.end_trigger.is_none() && c.end.rounds.is_some_and(|r| st.round >= r) {
                    st.end_trigger = Some("rounds".into());
                }
                match st.end_trigger.clone() {
                    // The end list (final scoring) runs, then the result.
                    Some(_) if !prog.block(END_BLOCK).steps.is_empty() => {
                        st.flow.frames.push(Frame {
                            block: END_BLOCK,
                            pc: 0,
                            iter: 0,
                        });
                    }
                    Some(cause) => self.finish(st, &cause, log),
                    None => self.start_round(st, log),
                }
            }
            END_BLOCK if depth == 1 => {
                let cause = st.end_trigger.clone().unwrap_or_else(|| "rounds".into());
                self.finish(st, &cause, log);
            }
            _ => next_step(st),
        }
    }

    /// A round begins (R-ROUND-1); past `end.max_rounds` the game stops as stalled
    /// (R-END-5).
    fn start_round(&mut self, st: &mut GameState, log: &mut EventLog) {
        st.round += 1;
        if st.round > self.content.end.max_rounds {
            st.round -= 1;
            self.finish(st, STALLED, log); // R-END-5
            return;
        }
        st.flow.played_this_round.clear();
        let round = st.round;
        log.push(round, None, "round", || format!("round {round} begins"));
        st.flow.frames.push(Frame {
            block: ROUND_BLOCK,
            pc: 0,
            iter: 0,
        });
    }

    /// The player whose turn it is, or a content error naming the step that needs one.
    pub(super) fn turn_player(&self, st: &GameState, step: &str) -> Result<usize, EngineError> {
        current_player(&self.content, st).ok_or_else(|| {
            super::steps::flow_error(
                self,
                step,
                format!(
                    "a `{step}` step ran outside any `turns` body, so it has no player; put it in a block that a `turns` step runs"
                ),
            )
        })
    }

    pub(super) fn queue_board_hooks(&mut self, st: &mut GameState, hook: Hook) {
        let c = &*self.content;
        for slot in (0..c.board.slots.len() as SlotId).rev() {
            let owner = Owner::Tile { slot };
            if self.effects.has_hook(c, st, owner, hook) {
                st.flow.jobs.push(Job::Hook {
                    call: HookCall {
                        owner,
                        hook,
                        player: None,
                    },
                });
            }
        }
    }
}
