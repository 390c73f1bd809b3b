//! Runs the round's program (see [`crate::content::program`]) one step at a time: a
//! stack of [`Frame`]s, innermost last. Each step either moves on by itself (queues
//! hooks, pushes a block, passes the marker) or sets the decision and stops. The
//! movement (R-MOVE), action (R-ACT) and fulfilment (R-FUL) steps are generic
//! primitives over pieces, nodes and cards.

use std::sync::Arc;

use crate::content::program::{
    FirstPlayerRule, HookOn, Program, StepKind, TurnCount, TurnOrder, END_BLOCK, ROUND_BLOCK,
    SETUP_BLOCK,
};
use crate::content::{Content, SlotId};
use crate::decision::{Action, Choice, Decision};
use crate::effects::HookOutcome;
use crate::error::{EngineError, ScriptError};
use crate::events::EventLog;
use crate::flow::{Frame, Hook, HookCall, Job, Owner};
use crate::ops;
use crate::state::GameState;

use super::{choice_if, prompt_or_empty, st_tile, tile_name, Engine, STALLED};

/// What the interpreter did with one step.
pub(super) enum Next {
    /// It moved on; run the loop again.
    Continue,
    /// A decision is set, or the game is over.
    Stop,
}

/// The `turns` step whose body frame `frames[i]` is, if it is one.
fn turns_of(prog: &Program, frames: &[Frame], i: usize) -> Option<(TurnOrder, TurnCount)> {
    let parent = frames.get(i.checked_sub(1)?)?;
    match &prog.block(parent.block).steps.get(parent.pc as usize)?.kind {
        StepKind::Turns { order, count, .. } => Some((*order, *count)),
        _ => None,
    }
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
pub(super) fn current_step<'a>(c: &'a Content, st: &GameState) -> Option<&'a StepKind> {
    let f = st.flow.frames.last()?;
    c.program
        .block(f.block)
        .steps
        .get(f.pc as usize)
        .map(|s| &s.kind)
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
        let n = st.players.len();
        match &step.kind {
            StepKind::Block(b) => {
                if prog.block(*b).rounds.admits(st.round) {
                    st.flow.frames.push(Frame {
                        block: *b,
                        pc: 0,
                        iter: 0,
                    });
                } else {
                    next_step(st);
                }
            }
            StepKind::NodeHooks(hook) => {
                self.queue_board_hooks(st, *hook);
                next_step(st);
            }
            StepKind::GameHook { hook, on } => {
                let owner = Owner::Game { hook: *hook };
                let job = |player| Job::Hook {
                    call: HookCall {
                        owner,
                        hook: Hook::Run,
                        player,
                    },
                };
                match on {
                    HookOn::Game => st.flow.jobs.push(job(None)),
                    HookOn::Player => {
                        let p = self.turn_player(st, "hook")?;
                        st.flow.jobs.push(job(Some(p)));
                    }
                    // In turn order: pushed last first, so the first player runs first.
                    HookOn::Players => {
                        for k in (0..n).rev() {
                            st.flow.jobs.push(job(Some(TurnOrder::FromFirst.player(
                                k,
                                st.first_player,
                                n,
                            ))));
                        }
                    }
                }
                next_step(st);
            }
            StepKind::Turns {
                count: TurnCount::AllPlaced,
                order,
                body,
            } => {
                // C-PLACE-1: from the first player who can place; no one, no turns.
                st.flow.end_turn();
                match self.next_placer(st, *order, 0) {
                    Some(k) => st.flow.frames.push(Frame {
                        block: *body,
                        pc: 0,
                        iter: k,
                    }),
                    None => {
                        self.end_placement(st, *order, 0, log);
                        next_step(st);
                    }
                }
            }
            StepKind::Turns { count, body, .. } => {
                st.flow.end_turn();
                if count.total(n, c.pieces as usize, 0) == 0 {
                    next_step(st);
                } else {
                    st.flow.frames.push(Frame {
                        block: *body,
                        pc: 0,
                        iter: 0,
                    });
                }
            }
            StepKind::Reset(reset) => {
                if reset.stand_pieces {
                    // R-WS-2
                    for pl in st.players.iter_mut().map(Arc::make_mut) {
                        for piece in &mut pl.pieces {
                            piece.moved = false;
                        }
                    }
                }
                if reset.clear_areas {
                    super::areas::clear(st); // C-ROUND-3
                }
                next_step(st);
            }
            StepKind::Place(_) => {
                let p = self.turn_player(st, "place")?;
                return Ok(self.place_step(st, p, log));
            }
            StepKind::Resolve(step) => return self.resolve_step(st, step, log),
            StepKind::Refill(r) => {
                crate::zones::refill(c, st, log, r.zone, r.source(st.round));
                next_step(st);
            }
            StepKind::FirstPlayer(rule) => {
                if *rule == FirstPlayerRule::NextSeat {
                    st.first_player = (st.first_player + 1) % n; // R-WS-5
                }
                next_step(st);
            }
            StepKind::Menu => {
                let p = self.turn_player(st, "menu")?;
                st.flow.jobs.push(Job::Workshop {
                    player: p,
                    used: Vec::new(),
                });
                next_step(st);
            }
            StepKind::Move(m) => {
                let p = self.turn_player(st, "move")?;
                let range = c.ability(&m.range, st.players[p].skill(c)).max(0) as u16;
                let labels = self.labels;
                let d = self.moves.get_or_build(st, p, range, labels, |texts| {
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
                return Ok(Next::Stop);
            }
            StepKind::Act => {
                let p = self.turn_player(st, "act")?;
                let Some(slot) = st.flow.acted else {
                    next_step(st); // nothing moved this turn: no action to take
                    return Ok(Next::Continue);
                };
                let owner = Owner::Tile { slot };
                let may_act = self.effects.has_hook(c, st, owner, Hook::Action)
                    && (!self.effects.has_hook(c, st, owner, Hook::CanAct)
                        || self.can_act(st, slot, p)?);
                if !may_act {
                    next_step(st);
                    return Ok(Next::Continue);
                }
                if !self.labels {
                    // Without labels the question names no tile: the same for every
                    // visit of this player, so it is made once.
                    st.decision = Some(self.keys.act_or_pass(p));
                    return Ok(Next::Stop);
                }
                let name = tile_name(c, st_tile(st, slot));
                st.decision = Some(std::sync::Arc::new(Decision {
                    player: p,
                    prompt: self.prompt(|| format!("Take the action of {name}?")),
                    options: vec![
                        self.choice(
                            self.keys.act.clone(),
                            || format!("Take the action of {name}"),
                            Action::Act,
                        ),
                        self.choice(
                            self.keys.pass.clone(),
                            || "Decline the action".into(),
                            Action::Pass,
                        ),
                    ],
                }));
                return Ok(Next::Stop);
            }
            StepKind::Play(play) => {
                // R-FUL-1, R-SKILL-5
                let p = self.turn_player(st, "play")?;
                let limit = match &play.limit {
                    Some(ability) => c.ability(ability, st.players[p].skill(c)).max(0),
                    None => i64::MAX,
                };
                let mut options: Vec<Choice> = if (st.flow.played_this_turn as i64) < limit {
                    crate::decks::hand(c, &st.players[p])
                        .filter(|&card| ops::can_fulfil(c, st, p, card))
                        .map(|card| {
                            let def = &c.commissions[card as usize];
                            self.choice(
                                self.keys.fulfil(card),
                                || format!("Fulfil {}", def.name),
                                Action::Fulfil { card },
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
                options.push(self.choice(
                    self.keys.pass.clone(),
                    || "Fulfil nothing more this turn".into(),
                    Action::Pass,
                ));
                st.decision = Some(std::sync::Arc::new(Decision {
                    player: p,
                    prompt: self.prompt(|| "Fulfil a commission?".into()),
                    options,
                }));
                return Ok(Next::Stop);
            }
        }
        Ok(Next::Continue)
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
            if count == TurnCount::AllPlaced {
                // C-PLACE-1: the next player round the table who can still place.
                if let Some(k) = self.next_placer(st, order, top.iter as usize + 1) {
                    let f = st.flow.frames.last_mut().expect("a frame");
                    f.iter = k;
                    f.pc = 0;
                    return;
                }
                self.end_placement(st, order, top.iter, log);
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
            ScriptError {
                pack: String::new(),
                file: self.content.program.declared_at.clone(),
                line: None,
                owner: "the game's flow".into(),
                hook: step.into(),
                message: format!(
                    "a `{step}` step ran outside any `turns` body, so it has no player; put it in a block that a `turns` step runs"
                ),
                traceback: String::new(),
            }
            .into()
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

    /// A tile's `can_act` (R-TILE-1), run on the state itself: no scratch copy, because a
    /// read-only hook cannot change it (every changing verb checks `Ctx::writable`
    /// first, and `can_act` is read-only).
    fn can_act(
        &mut self,
        st: &mut GameState,
        slot: SlotId,
        player: usize,
    ) -> Result<bool, EngineError> {
        let c = Arc::clone(&self.content);
        let call = HookCall {
            owner: Owner::Tile { slot },
            hook: Hook::CanAct,
            player: Some(player),
        };
        debug_assert!(call.hook.is_read_only());
        match self
            .effects
            .call(&c, st, &call, &[], &mut EventLog::default())?
        {
            HookOutcome::Done(v) => Ok(v.unwrap_or(true)),
            HookOutcome::Ask { .. } => Err(self
                .hook_error(st, &call, "can_act may not call ctx:choose")
                .into()),
        }
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
    texts: &mut super::move_cache::MoveTexts,
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
