//! A travel over the board's paths, step by step (`ctx:travel`, M-MOVE-1..4): the
//! traveller is asked where the piece goes next (`go:<slot>`, a path whose cost they can
//! pay, substitutes included, and whose requirements they hold) or whether it stops
//! there (`stop`, once it has counted the least steps); each step pays the path's cost.
//! When it ends, the pack's `[movement] arrive` hook runs for them, reading the path
//! with `ctx:travel_path()` (M-MOVE-6..8). Everything but the arrival is data.

use std::sync::Arc;

use crate::content::{Content, CounterId, SlotId};
use crate::decision::{Action, Choice, Decision};
use crate::error::EngineError;
use crate::events::EventLog;
use crate::flow::{Hook, HookCall, Job, Owner, TravelRecord};
use crate::ops;
use crate::state::GameState;

use super::Engine;

/// The key that ends a travel where the piece stands.
pub const STOP_KEY: &str = "stop";

/// A travel's state, read off its job.
struct Leg<'a> {
    player: usize,
    piece: u8,
    max: u8,
    min: u8,
    steps: u8,
    path: &'a [SlotId],
    unpaid: &'a [CounterId],
    free_kind: Option<&'a str>,
    tag: Option<&'a str>,
}

impl<'a> Leg<'a> {
    fn of(job: &'a Job) -> Option<Leg<'a>> {
        let Job::Travel {
            player,
            piece,
            max,
            min,
            steps,
            path,
            unpaid,
            free_kind,
            tag,
        } = job
        else {
            return None;
        };
        Some(Leg {
            player: *player,
            piece: *piece,
            max: *max,
            min: *min,
            steps: *steps,
            path,
            unpaid,
            free_kind: free_kind.as_deref(),
            tag: tag.as_deref(),
        })
    }

    /// Whether slot `s` is of the kind entered without counting a step.
    fn is_free(&self, c: &Content, s: SlotId) -> bool {
        self.free_kind
            .is_some_and(|k| c.board.slots[s as usize].kind == k)
    }

    /// Where the piece stands.
    fn at(&self) -> SlotId {
        *self
            .path
            .last()
            .expect("a travel's path starts where the piece stood")
    }

    /// Whether going on to `to` counts no step: `to` is a free slot not passed before
    /// in this travel (M-CHAR-1 a). A free slot entered again counts, so no travel goes
    /// round free slots for ever.
    fn passes_free(&self, c: &Content, to: SlotId) -> bool {
        self.is_free(c, to) && !self.path.contains(&to)
    }

    /// Steps counted if the piece stopped where it stands: a free slot reached without
    /// counting a step counts as the last one (M-CHAR-1: the path's last node always
    /// counts).
    fn steps_if_stopped(&self, c: &Content) -> u8 {
        let n = self.path.len();
        let uncounted = n >= 2
            && self.is_free(c, self.path[n - 1])
            && !self.path[..n - 1].contains(&self.path[n - 1]);
        self.steps + u8::from(uncounted)
    }
}

/// What a path's crossing costs the traveller: its cost less the counters they do not
/// pay in.
fn crossing_cost(
    c: &Content,
    from: SlotId,
    to: SlotId,
    unpaid: &[CounterId],
) -> Vec<(CounterId, u32)> {
    c.board.route(from, to).map_or_else(Vec::new, |r| {
        r.cost
            .iter()
            .copied()
            .filter(|(k, _)| !unpaid.contains(k))
            .collect()
    })
}

/// The slots the piece may go to next: neighbours whose path's requirements the player
/// holds and whose cost they can pay, within the steps left (a free slot needs a step
/// left to stop on or to leave by).
fn next_slots(c: &Content, st: &GameState, leg: &Leg) -> Vec<SlotId> {
    let from = leg.at();
    c.board.neighbours[from as usize]
        .iter()
        .copied()
        // Every step needs one left: a counted one, or, into a free slot, one to stop
        // there or to leave it by.
        .filter(|_| leg.steps < leg.max)
        .filter(|&to| {
            c.board.route(from, to).is_none_or(|r| {
                r.requires
                    .iter()
                    .all(|&(k, n)| ops::count(st, leg.player, k) >= i64::from(n))
            })
        })
        .filter(|&to| ops::can_afford(c, st, leg.player, &crossing_cost(c, from, to, leg.unpaid)))
        .collect()
}

/// Whether the piece may stop where it stands.
fn may_stop(c: &Content, leg: &Leg) -> bool {
    let counted = leg.steps_if_stopped(c);
    counted >= leg.min && counted <= leg.max && leg.path.len() > 1
        || (leg.min == 0 && leg.path.len() == 1)
}

impl Engine {
    /// The question of the travel job on top, or `None` when it is over (then popped,
    /// recorded and the arrival queued).
    pub(super) fn travel_question(
        &mut self,
        st: &mut GameState,
        log: &mut EventLog,
    ) -> Option<Arc<Decision>> {
        let c = Arc::clone(&self.content);
        let job = st.flow.jobs.last()?;
        let leg = Leg::of(job)?;
        let slots = next_slots(&c, st, &leg);
        let stop = may_stop(&c, &leg);
        if slots.is_empty() || leg.steps >= leg.max {
            // Nowhere to go: the travel ends here, whatever it counted.
            self.end_travel(st, log);
            return None;
        }
        let p = leg.player;
        let piece = leg.piece;
        let mut options: Vec<Choice> = slots
            .iter()
            .map(|&to| {
                let cost = crossing_cost(&c, leg.at(), to, leg.unpaid);
                let name = &c.board.slots[to as usize].id;
                self.choice(
                    format!("go:{name}").into(),
                    || {
                        if cost.is_empty() {
                            format!("Go to {name}")
                        } else {
                            let paid: Vec<String> = cost
                                .iter()
                                .map(|&(k, n)| format!("{n} {}", c.counters[k as usize].id))
                                .collect();
                            format!("Go to {name} (pay {})", paid.join(", "))
                        }
                    },
                    Action::Move { piece, to },
                )
            })
            .collect();
        if stop {
            options.push(self.choice(Arc::from(STOP_KEY), || "Stop here".into(), Action::Pass));
        }
        let at = c.board.slots[leg.at() as usize].id.clone();
        let (steps, max) = (leg.steps, leg.max);
        Some(Arc::new(Decision {
            player: p,
            prompt: self.prompt(|| format!("Travel from {at} ({steps} of {max} steps)")),
            options,
        }))
    }

    /// Takes the traveller's answer: one step to `to`, paying its path, or the stop.
    pub(super) fn answer_travel(
        &mut self,
        st: &mut GameState,
        choice: &Choice,
        log: &mut EventLog,
    ) -> Result<(), EngineError> {
        let c = Arc::clone(&self.content);
        let Some(Job::Travel {
            player,
            piece,
            path,
            unpaid,
            ..
        }) = st.flow.jobs.last().cloned()
        else {
            return Err(super::steps::flow_error(
                self,
                "travel",
                "no travel is under way".into(),
            ));
        };
        match choice.action {
            Action::Pass => {
                self.end_travel(st, log);
                Ok(())
            }
            Action::Move { to, .. } => {
                let from = *path.last().expect("a path");
                let cost = crossing_cost(&c, from, to, &unpaid);
                for &(k, n) in &cost {
                    ops::pay(&c, st, log, player, k, n)
                        .map_err(|m| super::steps::flow_error(self, "travel", m))?;
                }
                // A free slot counts no step when passed through the first time.
                let free = match st.flow.jobs.last() {
                    Some(job) => Leg::of(job).is_some_and(|l| l.passes_free(&c, to)),
                    None => false,
                };
                if let Some(Job::Travel { steps, path, .. }) = st.flow.jobs.last_mut() {
                    if !free {
                        *steps += 1;
                    }
                    path.push(to);
                }
                st.player_mut(player).pieces[piece as usize].at = to;
                let round = st.round;
                log.push(round, Some(player), "travel", || {
                    format!(
                        "travels from {} to {}",
                        c.board.slots[from as usize].id, c.board.slots[to as usize].id
                    )
                });
                Ok(())
            }
            _ => Err(super::steps::not_an_answer(
                self,
                "travel",
                choice,
                "a step or the stop of a travel",
            )),
        }
    }

    /// The travel on top ends: popped, recorded for `ctx:travel_path()`, logged, and the
    /// `[movement] arrive` hook queued for the traveller.
    fn end_travel(&mut self, st: &mut GameState, log: &mut EventLog) {
        let c = Arc::clone(&self.content);
        let Some(job) = st.flow.jobs.pop() else {
            return;
        };
        let Some(leg) = Leg::of(&job) else {
            st.flow.jobs.push(job);
            return;
        };
        let record = TravelRecord {
            player: leg.player,
            piece: leg.piece,
            path: leg.path.to_vec(),
            steps: leg.steps_if_stopped(&c),
            tag: leg.tag.map(str::to_string),
        };
        let round = st.round;
        let p = leg.player;
        log.push(round, Some(p), "travel", || {
            let at = &c.board.slots[leg.at() as usize].id;
            if record.path.len() == 1 {
                format!("does not move from {at}")
            } else {
                format!("stops at {at} after {} steps", record.steps)
            }
        });
        st.flow.travelled = Some(record);
        if let Some(hook) = c.program.arrive {
            st.flow.jobs.push(Job::Hook {
                call: HookCall {
                    owner: Owner::Game { hook },
                    hook: Hook::Run,
                    player: Some(p),
                },
            });
        }
    }
}
