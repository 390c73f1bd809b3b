//! Worker placement over the board's `[[areas]]`: which areas a player may place in
//! (C-PLACE-3/4), where the worker goes (C-PLACE-2), the turns that go round until no
//! one can place (C-PLACE-1/6), and the resolution of placed workers area by area, left
//! to right, each with the area's options and a decline (C-RES-1..3). Everything here
//! is computed from data; an area's own effect is its Lua `options` and `resolve`.

use std::sync::Arc;

use crate::content::program::{ResolveStep, TurnCount, TurnOrder};
use crate::content::{AreaId, Content};
use crate::decision::{Action, Choice, Decision};
use crate::error::EngineError;
use crate::events::EventLog;
use crate::flow::{Hook, HookCall, Job, Owner};
use crate::ops;
use crate::state::{AreaState, GameState};

use super::interp::{next_step, Next};
use super::Engine;

/// The areas of a new game: every space empty, none closed.
pub(super) fn new_areas(c: &Content) -> Vec<AreaState> {
    c.board
        .areas
        .iter()
        .map(|a| AreaState {
            placed: vec![None; a.spaces.len()],
            closed: false,
            used: Vec::new(),
        })
        .collect()
}

/// Workers player `p` has not placed: their workers for this player count less those
/// standing on a space (a resolved worker has gone back, C-RES-3).
pub(crate) fn unplaced(c: &Content, st: &GameState, p: usize) -> usize {
    let Some(placement) = &c.placement else {
        return 0;
    };
    let on_board = st
        .areas
        .iter()
        .flat_map(|a| &a.placed)
        .filter(|s| **s == Some(p as u8))
        .count();
    (placement.workers(st.players.len()) as usize).saturating_sub(on_board)
}

/// The space a worker placed in `area` now takes: the leftmost free space usable at
/// this player count (C-PLACE-2, C-PLACE-3).
pub(crate) fn free_space(c: &Content, st: &GameState, area: AreaId) -> Option<usize> {
    let n = st.players.len();
    let def = &c.board.areas[area as usize];
    st.areas[area as usize]
        .placed
        .iter()
        .zip(&def.spaces)
        .position(|(placed, space)| placed.is_none() && space.usable(n))
}

/// Whether player `p` may place a worker in `area`, a worker aside: the area is not
/// closed (C-ROW-2), has a free usable space (C-PLACE-2/3), and, if it is exclusive,
/// `p` holds none of its spaces yet (C-EXTRA-2, C-PLACE-4).
fn may_place_in(c: &Content, st: &GameState, p: usize, area: AreaId) -> bool {
    let state = &st.areas[area as usize];
    let blocked =
        c.board.areas[area as usize].exclusive_per_player && state.placed.contains(&Some(p as u8));
    !state.closed && !blocked && free_space(c, st, area).is_some()
}

/// The areas player `p` may place a worker in now, in declaration order; none when
/// `p` has no worker left.
pub(crate) fn place_options(c: &Content, st: &GameState, p: usize) -> Vec<AreaId> {
    if unplaced(c, st, p) == 0 {
        return Vec::new();
    }
    (0..c.board.areas.len() as AreaId)
        .filter(|&a| may_place_in(c, st, p, a))
        .collect()
}

/// Whether player `p` can place a worker now (a worker left and a legal area).
pub(crate) fn can_place(c: &Content, st: &GameState, p: usize) -> bool {
    unplaced(c, st, p) > 0 && (0..c.board.areas.len() as AreaId).any(|a| may_place_in(c, st, p, a))
}

/// The next worker to resolve: the first occupied space of the areas in resolve order,
/// left to right (C-RES-1), as (area, space, player). Resolving empties the space
/// (C-RES-3), so no cursor is kept.
pub(crate) fn next_to_resolve(c: &Content, st: &GameState) -> Option<(AreaId, usize, usize)> {
    c.board.resolve_order.iter().find_map(|&a| {
        st.areas[a as usize]
            .placed
            .iter()
            .enumerate()
            .find_map(|(i, s)| s.map(|p| (a, i, p as usize)))
    })
}

/// Empties every area, reopens closed ones and frees their second-stage spaces
/// (C-ROUND-3).
pub(crate) fn clear(st: &mut GameState) {
    for a in st.areas_mut() {
        a.placed.iter_mut().for_each(|s| *s = None);
        a.closed = false;
        a.used.clear();
    }
}

impl Engine {
    /// The first turn position from `from` whose player can place, within one pass of
    /// the table and below the loop's safety bound (see [`TurnCount::total`]).
    pub(super) fn next_placer(&self, st: &GameState, order: TurnOrder, from: usize) -> Option<u16> {
        let c = &*self.content;
        let n = st.players.len();
        let workers = c.placement.as_ref().map_or(0, |p| p.workers(n) as usize);
        let bound = TurnCount::AllPlaced.total(n, c.pieces as usize, workers);
        (from..from + n)
            .take_while(|&k| k < bound)
            .find(|&k| can_place(c, st, order.player(k, st.first_player, n)))
            .map(|k| k as u16)
    }

    /// An `until = "all_placed"` loop ended: logs the workers no one could place
    /// (C-PLACE-6), and a loop stopped by its safety bound.
    pub(super) fn end_placement(
        &self,
        st: &GameState,
        order: TurnOrder,
        last: u16,
        log: &mut EventLog,
    ) {
        let c = &*self.content;
        let round = st.round;
        let n = st.players.len();
        if (0..n).any(|p| can_place(c, st, p)) {
            log.push(round, None, "place", || {
                format!(
                    "placement stops after {} turns in which workers were not placed: does the turn's `place` step run every round?",
                    last as usize + 1
                )
            });
            return;
        }
        for k in 0..n {
            let p = order.player(k, st.first_player, n);
            let left = unplaced(c, st, p);
            if left > 0 {
                log.push(round, Some(p), "place", || {
                    format!("has {left} workers left and no legal space: they are not placed this round")
                });
            }
        }
    }

    /// A `place` step: the areas the turn's player may place in, or nothing to do
    /// (C-PLACE-6, logged).
    pub(super) fn place_step(&mut self, st: &mut GameState, p: usize, log: &mut EventLog) -> Next {
        let c = Arc::clone(&self.content);
        let areas = place_options(&c, st, p);
        if areas.is_empty() {
            let round = st.round;
            let left = unplaced(&c, st, p);
            log.push(round, Some(p), "place", || {
                if left == 0 {
                    "has no worker left to place".into()
                } else {
                    "has no legal space and places nothing".into()
                }
            });
            next_step(st);
            return Next::Continue;
        }
        let options = areas
            .into_iter()
            .map(|area| {
                let def = &c.board.areas[area as usize];
                let space = free_space(&c, st, area).expect("offered areas have a free space");
                self.choice(
                    self.keys.place(area),
                    || format!("Place a worker in {} (space {})", def.name, space + 1),
                    Action::Place { area },
                )
            })
            .collect();
        st.decision = Some(std::sync::Arc::new(Decision {
            player: p,
            prompt: self.prompt(|| "Place a worker".into()),
            options,
        }));
        Next::Stop
    }

    /// Puts `p`'s worker on the leftmost free usable space of `area` (C-PLACE-2), then
    /// queues the step's `after` hook for `p` (C-ROW-1).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn apply_place(
        &mut self,
        st: &mut GameState,
        p: usize,
        area: AreaId,
        after: Option<u16>,
        log: &mut EventLog,
    ) {
        let c = Arc::clone(&self.content);
        let space = free_space(&c, st, area).expect("offered areas have a free space");
        st.areas_mut()[area as usize].placed[space] = Some(p as u8);
        let round = st.round;
        let def = &c.board.areas[area as usize];
        log.push(round, Some(p), "place", || {
            format!("places a worker in {} (space {})", def.name, space + 1)
        });
        if let Some(hook) = after {
            st.flow.jobs.push(Job::Hook {
                call: HookCall {
                    owner: Owner::Game { hook },
                    hook: Hook::Run,
                    player: Some(p),
                },
            });
        }
        next_step(st);
    }

    /// A `resolve` step: the next placed worker's owner is asked the area's options and
    /// the decline (C-RES-1/2); a decline that is the only option is applied at once. The
    /// step moves on when no worker is left on any space.
    pub(super) fn resolve_step(
        &mut self,
        st: &mut GameState,
        step: &ResolveStep,
        log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        let c = Arc::clone(&self.content);
        let Some((area, space, p)) = next_to_resolve(&c, st) else {
            next_step(st);
            return Ok(Next::Continue);
        };
        let owner = Owner::Area { area };
        let call = HookCall {
            owner,
            hook: Hook::Options,
            player: Some(p),
        };
        let offered = if self.effects.has_hook(&c, st, owner, Hook::Options) {
            self.effects.options(&c, st, &call)?
        } else {
            Vec::new()
        };
        if offered.iter().any(|(k, _)| k == "decline") {
            return Err(self
                .hook_error(
                    st,
                    &call,
                    "an option has the key `decline`, which the engine gives the decline every worker may choose (C-RES-2); use another key",
                )
                .into());
        }
        let def = &c.board.areas[area as usize];
        if offered.is_empty() {
            self.decline(st, p, area, space, step, true, log)?;
            return Ok(Next::Continue);
        }
        let space8 = space as u8;
        let mut options: Vec<Choice> = offered
            .into_iter()
            .map(|(key, label)| {
                let resolve = Action::Resolve {
                    area,
                    space: space8,
                };
                Choice::new(key, label, resolve)
            })
            .collect();
        let decline = Action::Decline {
            area,
            space: space8,
        };
        options.push(self.choice(
            self.keys.decline.clone(),
            || format!("Decline: take {}", step.text),
            decline,
        ));
        st.decision = Some(std::sync::Arc::new(Decision {
            player: p,
            prompt: self
                .prompt(|| format!("Resolve your worker in {} (space {})", def.name, space + 1)),
            options,
        }));
        Ok(Next::Stop)
    }

    /// The worker on `space` of `area` goes back (C-RES-3) and the area's `resolve` hook
    /// runs with `key` (its first recorded answer, so questions it asks are replayed
    /// with it: invariant 4).
    pub(super) fn apply_resolve(
        &mut self,
        st: &mut GameState,
        p: usize,
        area: AreaId,
        space: u8,
        key: String,
        log: &mut EventLog,
    ) -> Result<(), EngineError> {
        let c = Arc::clone(&self.content);
        st.areas_mut()[area as usize].placed[space as usize] = None;
        let round = st.round;
        let def = &c.board.areas[area as usize];
        log.push(round, Some(p), "resolve", || {
            format!(
                "resolves the worker in {} (space {}): {key}",
                def.name,
                space + 1
            )
        });
        let call = HookCall {
            owner: Owner::Area { area },
            hook: Hook::Resolve,
            player: Some(p),
        };
        if !self.effects.has_hook(&c, st, call.owner, Hook::Resolve) {
            return Err(self
                .hook_error(
                    st,
                    &call,
                    "the area offers options but has no `resolve` hook to carry one out",
                )
                .into());
        }
        self.run_hook(st, call, vec![key], log)
    }

    /// The decline answered: see [`Engine::decline`].
    #[allow(clippy::too_many_arguments)]
    pub(super) fn apply_decline(
        &mut self,
        st: &mut GameState,
        p: usize,
        area: AreaId,
        space: u8,
        step: &ResolveStep,
        log: &mut EventLog,
    ) -> Result<(), EngineError> {
        self.decline(st, p, area, space as usize, step, false, log)
    }

    /// The worker on `space` of `area` goes back (C-RES-3) and its owner takes the
    /// decline's payment (C-RES-2); `alone` when it was the only option.
    #[allow(clippy::too_many_arguments)]
    fn decline(
        &mut self,
        st: &mut GameState,
        p: usize,
        area: AreaId,
        space: usize,
        step: &ResolveStep,
        alone: bool,
        log: &mut EventLog,
    ) -> Result<(), EngineError> {
        let c = Arc::clone(&self.content);
        st.areas_mut()[area as usize].placed[space] = None;
        let round = st.round;
        let def = &c.board.areas[area as usize];
        log.push(round, Some(p), "decline", || {
            format!(
                "declines the worker in {} (space {}){}: takes {}",
                def.name,
                space + 1,
                if alone {
                    ", having no other option"
                } else {
                    ""
                },
                step.text
            )
        });
        for &(res, n) in &step.decline {
            ops::gain(&c, st, log, p, res, n)
                .map_err(|message| super::steps::flow_error(self, "resolve", message))?;
        }
        Ok(())
    }
}
