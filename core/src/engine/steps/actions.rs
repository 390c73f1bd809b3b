//! `{ do = "actions", extras = [..], fallback = "ID", empty_pool_ends_turn = true }`:
//! the turn's player takes any number of extra actions, exactly one main action (dice
//! placed on a dice space, whose `resolve` then runs), any number of extra actions
//! again, and ends the turn (M-TURN-1..3, M-DICE, M-EXTRA). Options come from data:
//! each dice space's legal placements (`engine/dice.rs`), each extra's dice or its
//! script's `options`.

use std::sync::Arc;

use serde::Deserialize;

use super::ProgramNames;
use super::StepCx;
use crate::content::dice::{DiceSpaceId, ExtraKind, Offers};
use crate::content::Content;
use crate::decision::{Action, Choice, Decision};
use crate::effects::HookOutcome;
use crate::engine::dice::{self, dice_words, die_text, MAX_PLACEMENT_OPTIONS};
use crate::error::EngineError;
use crate::events::EventLog;
use crate::flow::{Hook, HookCall, Job, Owner};
use crate::ops;
use crate::state::{GameState, PoolDie};

use super::{Next, StepKind, StepToml, Traits};
use crate::engine::interp::next_step;
use crate::engine::keys::MadeKey;
use crate::engine::Engine;

/// The key that ends the turn once its main action is taken.
pub const END_KEY: &str = "end";

/// The fields of an `actions` step.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ActionsToml {
    extras: Option<Vec<String>>,
    fallback: Option<String>,
    empty_pool_ends_turn: Option<bool>,
}

impl StepToml for ActionsToml {
    fn compile(self, cx: &mut dyn StepCx<'_>) -> Option<Box<dyn StepKind>> {
        let what = cx.what().to_string();
        let game = cx.game();
        if game.pools.is_none() {
            cx.fail(
                None,
                format!("{what}: the game declares no dice for a main action to place"),
                "declare every player's dice in game.toml: [pools] per_player = 5",
            );
        }
        let declared: Vec<&str> = game.extras.iter().map(|e| e.id.as_str()).collect();
        let index = |id: &str| declared.iter().position(|x| *x == id).map(|i| i as u8);
        let mut extras = Vec::new();
        match &self.extras {
            // Every extra the game declares, in order.
            None => extras.extend(0..declared.len() as u8),
            Some(ids) => {
                for id in ids {
                    match index(id) {
                        Some(i) if !extras.contains(&i) => extras.push(i),
                        Some(_) => cx.fail(
                            Some("extras"),
                            format!("{what}: extra `{id}` is listed twice"),
                            "list each extra once",
                        ),
                        None => cx.fail(
                            Some("extras"),
                            format!("{what}: `{id}` is not an extra of game.toml"),
                            format!(
                                "extras are: {}",
                                if declared.is_empty() {
                                    "none (declare them as [[extras]])".to_string()
                                } else {
                                    declared.join(", ")
                                }
                            ),
                        ),
                    }
                }
            }
        }
        let fallback = self.fallback.as_deref().and_then(|id| {
            let i = index(id);
            let is_place = game
                .extras
                .iter()
                .any(|e| e.id == id && e.kind == "place");
            if i.is_none() || !is_place {
                cx.fail(
                    Some("fallback"),
                    format!("{what}: fallback `{id}` is not an extra of kind `place`"),
                    "name the [[extras]] entry whose placement stands in for a main action no die can take (M-TURN-3's purse)",
                );
            }
            i.filter(|_| is_place)
        });
        Some(Box::new(ActionsStep {
            extras,
            fallback,
            empty_pool_ends_turn: self.empty_pool_ends_turn.unwrap_or(true),
        }))
    }
}

/// A turn of extra actions around one main action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionsStep {
    /// The extras offered, by index in `content.dice_play.extras`.
    pub extras: Vec<u8>,
    /// The `place` extra whose placement is the main action when no dice space takes
    /// the player's dice (M-TURN-3).
    pub fallback: Option<u8>,
    /// A pool emptied before the main action ends the turn (else the player goes on
    /// with extras and ends it).
    pub empty_pool_ends_turn: bool,
}

impl StepKind for ActionsStep {
    fn name(&self) -> &'static str {
        "actions"
    }

    fn traits(&self) -> Traits {
        Traits {
            places_dice: true,
            ..Traits::ASKS_THE_PLAYER
        }
    }

    fn outline(&self, _prog: &dyn ProgramNames, gate: &str) -> String {
        format!(
            "extra actions, one main action (dice on a dice space), extra actions{}{gate}",
            if self.fallback.is_some() {
                ", with a fallback main action"
            } else {
                ""
            }
        )
    }

    fn option_keys(&self, _prog: &dyn ProgramNames) -> Vec<(String, String)> {
        vec![
            (
                "place:<space>:<dice>".into(),
                "the main action: place those dice (pips, `n` after a neutral die, e.g. 25n6) on that dice space".into(),
            ),
            (
                "<extra>:<die>".into(),
                "a reroll extra on that pool die (e.g. reroll:5n)".into(),
            ),
            (
                "<extra>:<die>:up, <extra>:<die>:down".into(),
                "an adjust extra: that pool die one pip up or down".into(),
            ),
            ("<extra>".into(), "a take_neutral extra".into()),
            (
                "<extra>:<dice>".into(),
                "a place extra: those dice on its dice space".into(),
            ),
            (
                "<extra>:<key>".into(),
                "a script extra: one of the keys its options hook lists".into(),
            ),
            (END_KEY.into(), "end the turn (after the main action)".into()),
        ]
    }

    fn run(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        let c = Arc::clone(&eng.content);
        let p = eng.turn_player(st, "actions")?;
        let round = st.round;
        if !st.flow.main_done && !crate::pips::has_dice(&st.players[p].dice) {
            if self.empty_pool_ends_turn {
                // M-TURN-3: no die left for a main action.
                log.push(round, Some(p), "turn", || {
                    "has no die left: the turn ends without a main action".into()
                });
                next_step(st);
                return Ok(Next::Continue);
            }
            st.flow.main_done = true;
        }
        let mut options = Vec::new();
        if !st.flow.main_done {
            self.main_options(eng, &c, st, p, &mut options)?;
            if options.is_empty() {
                if let Some(f) = self.fallback {
                    self.extra_options(eng, &c, st, p, f, true, &mut options)?;
                }
            }
            if options.is_empty() {
                // No main action at all: the dice are set aside and the turn ends (no
                // extra may bring a die back to a pool that cannot be played).
                set_dice_aside(&c, st, p, log);
                next_step(st);
                return Ok(Next::Continue);
            }
        }
        for &e in &self.extras {
            if st.flow.main_done || Some(e) != self.fallback || !options_hold_extra(&c, &options, e)
            {
                self.extra_options(eng, &c, st, p, e, false, &mut options)?;
            }
            if options.len() > MAX_PLACEMENT_OPTIONS {
                return Err(too_many(eng));
            }
        }
        if st.flow.main_done {
            if options.is_empty() {
                // Nothing else to do: the turn ends by itself.
                next_step(st);
                return Ok(Next::Continue);
            }
            options.push(eng.choice(
                Arc::from(END_KEY),
                || "End the turn".into(),
                Action::EndTurn,
            ));
        }
        st.decision = Some(Arc::new(Decision {
            player: p,
            prompt: eng.prompt(|| {
                if st.flow.main_done {
                    "Take an extra action, or end the turn".into()
                } else {
                    "Place dice for your main action, or take an extra action first".into()
                }
            }),
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
        let c = Arc::clone(&eng.content);
        let fail = |eng: &Engine, message: String| super::flow_error(eng, "actions", message);
        match choice.action {
            Action::EndTurn => {
                next_step(st);
                Ok(())
            }
            Action::PlaceDice { space, dice: set } => {
                let def = &c.dice_play.spaces[space as usize];
                if def.extra {
                    let Some(e) = extra_of_space(&c, space) else {
                        return Err(fail(eng, format!("no extra places on {}", def.name)));
                    };
                    let as_main = !st.flow.main_done && Some(e) == self.fallback && {
                        let mut main = Vec::new();
                        self.main_options(eng, &c, st, p, &mut main)?;
                        main.is_empty()
                    };
                    take_extra(&c, st, log, p, e).map_err(|m| fail(eng, m))?;
                    if as_main {
                        st.flow.main_done = true;
                    }
                } else {
                    if st.flow.main_done {
                        return Err(fail(
                            eng,
                            "a second main action in one turn (M-TURN-1)".into(),
                        ));
                    }
                    st.flow.main_done = true;
                }
                dice::place(&c, st, log, p, space, set).map_err(|m| fail(eng, m))?;
                // `[pools] placed`: the placer's cards hear of it, after the space's
                // resolve (queued first), with the space's id (M-CHAR-11 b).
                if let Some(point) = placed_point(&c) {
                    st.flow.jobs.push(Job::Trigger {
                        player: p,
                        hook: point,
                        arg: def.id.clone(),
                    });
                }
                run_space(eng, st, p, space, log)
            }
            Action::Extra { extra, die, up } => {
                let def = &c.dice_play.extras[extra as usize];
                take_extra(&c, st, log, p, extra).map_err(|m| fail(eng, m))?;
                // The die rolled or turned, handed to the extra's hook point.
                let mut arg = String::new();
                let done = match def.kind {
                    ExtraKind::Reroll => {
                        let d = die.ok_or_else(|| fail(eng, "a reroll names no die".into()))?;
                        if !dice::take_from_pool(st, p, d) {
                            return Err(fail(eng, format!("no die {} to reroll", die_text(d))));
                        }
                        let faces = c.dice_play.pools.as_ref().map_or(6, |x| x.faces);
                        let pips = dice::roll(st, faces);
                        dice::add_to_pool(st, p, PoolDie { pips, ..d });
                        let round = st.round;
                        log.push(round, Some(p), "dice", || {
                            format!("rerolls a {} and rolls {pips}", die_text(d))
                        });
                        arg = pips.to_string();
                        Ok(())
                    }
                    ExtraKind::Adjust => {
                        let d = die.ok_or_else(|| fail(eng, "an adjust names no die".into()))?;
                        let faces = c.dice_play.pools.as_ref().map_or(6, |x| x.faces);
                        let pips = if up {
                            d.pips + 1
                        } else {
                            d.pips.wrapping_sub(1)
                        };
                        if !(1..=faces).contains(&pips) {
                            return Err(fail(eng, format!("a die shows 1 to {faces}, not {pips}")));
                        }
                        if !dice::take_from_pool(st, p, d) {
                            return Err(fail(eng, format!("no die {} to turn", die_text(d))));
                        }
                        dice::add_to_pool(st, p, PoolDie { pips, ..d });
                        let round = st.round;
                        log.push(round, Some(p), "dice", || {
                            format!("turns a {} to {pips}", die_text(d))
                        });
                        arg = pips.to_string();
                        Ok(())
                    }
                    ExtraKind::TakeNeutral => match dice::take_neutral(&c, st, log, p) {
                        Some(pips) => {
                            arg = pips.to_string();
                            Ok(())
                        }
                        None => Err(fail(eng, "the neutral dice are all taken".into())),
                    },
                    ExtraKind::Script => {
                        // Its hook point, queued before the resolve runs: it runs after
                        // the resolve and everything the resolve queues (its travels and
                        // their arrivals), whether or not the resolve asks.
                        if let Some(point) = hook_point(&c, def) {
                            st.flow.jobs.push(Job::Trigger {
                                player: p,
                                hook: point,
                                arg: String::new(),
                            });
                        }
                        let key = choice
                            .key
                            .strip_prefix(def.id.as_str())
                            .and_then(|k| k.strip_prefix(':'))
                            .unwrap_or_default()
                            .to_string();
                        let call = HookCall {
                            owner: Owner::Extra { extra },
                            hook: Hook::Resolve,
                            player: Some(p),
                        };
                        eng.run_hook(st, call, vec![key], log)
                    }
                    ExtraKind::Place { .. } => Err(fail(
                        eng,
                        "a place extra is answered by its placement".into(),
                    )),
                };
                done?;
                // Its hook point, for the cards the player holds (a character's power on
                // a black die, M-CHAR-6), with the die rolled or turned (a script
                // extra's was queued above).
                if def.kind != ExtraKind::Script {
                    if let Some(point) = hook_point(&c, def) {
                        st.flow.jobs.push(Job::Trigger {
                            player: p,
                            hook: point,
                            arg,
                        });
                    }
                }
                Ok(())
            }
            _ => Err(super::not_an_answer(
                eng,
                "actions",
                choice,
                "a placement, an extra action or the end of the turn",
            )),
        }
    }
}

/// Whether player `p` passes extra `def`'s data gates, checked before its script is
/// asked: `needs_ability` held above 0, one of `needs_any` held, a marker of one of
/// `needs_placed` on the board.
fn gates_open(c: &Content, st: &GameState, p: usize, def: &crate::content::dice::Extra) -> bool {
    def.needs_ability
        .as_deref()
        .is_none_or(|a| crate::powers::ability(c, st, p, a) > 0)
        && (def.needs_any.is_empty() || def.needs_any.iter().any(|&k| st.players[p].count(k) > 0))
        && (def.needs_placed.is_empty()
            || def
                .needs_placed
                .iter()
                .any(|&kind| st.markers[kind].iter().any(|&(_, q)| q as usize == p)))
}

/// The hook point `[pools] placed` names, fired after each placement, as the program's
/// index.
fn placed_point(c: &Content) -> Option<u8> {
    point_named(c, c.dice_play.pools.as_ref()?.placed.as_deref()?)
}

/// The hook point an extra fires when taken (its `trigger`), as the program's index.
fn hook_point(c: &Content, def: &crate::content::dice::Extra) -> Option<u8> {
    point_named(c, def.trigger.as_deref()?)
}

/// The program's index of the card hook point named `name`.
fn point_named(c: &Content, name: &str) -> Option<u8> {
    c.program
        .hooks
        .iter()
        .position(|h| h.on_cards && h.name == name)
        .map(|i| i as u8)
}

impl ActionsStep {
    /// The main action's options: every legal placement on every dice space that is no
    /// extra's (a space's `can_act` asked once per strength, not per placement).
    fn main_options(
        &self,
        eng: &mut Engine,
        c: &Content,
        st: &mut GameState,
        p: usize,
        options: &mut Vec<Choice>,
    ) -> Result<(), EngineError> {
        let mut sets = dice::PoolSets::new(MAX_PLACEMENT_OPTIONS + 1);
        for (i, def) in c.dice_play.spaces.iter().enumerate() {
            let space = i as DiceSpaceId;
            // (`placements` leaves out a space the pool cannot fill, counting the dice a
            // held card's `fewer_dice` spares, M-CHAR-2 a.)
            if def.extra {
                continue;
            }
            let found = dice::placements(c, st, p, space, &mut sets, &[]);
            for (set, fee) in usable(eng, st, p, space, found)? {
                let key = eng.keys.made(MadeKey::Place(space, set), || {
                    format!("place:{}:{set}", def.id)
                });
                options.push(eng.choice(
                    key,
                    || placement_label(c, def, set, fee),
                    Action::PlaceDice { space, dice: set },
                ));
            }
            if options.len() > MAX_PLACEMENT_OPTIONS {
                return Err(too_many(eng));
            }
        }
        Ok(())
    }

    /// Script extra `e`'s options for player `p` from its `offers`: the cards of its
    /// `needs_cards` zone, or the entries of its params list, that they can pay for.
    fn offers(
        &self,
        eng: &mut Engine,
        c: &Content,
        st: &GameState,
        p: usize,
        e: u8,
        options: &mut Vec<Choice>,
    ) {
        let def = &c.dice_play.extras[e as usize];
        let action = Action::Extra {
            extra: e,
            die: None,
            up: false,
        };
        match &def.offers {
            Some(Offers::Cards) => {
                let Some(z) = def.needs_cards else {
                    return;
                };
                for &card in st.players[p].zones[z as usize].cards.iter().flatten() {
                    let info = &c.cards[card as usize];
                    if ops::can_afford(c, st, p, &info.cost) {
                        let key = eng
                            .keys
                            .made(MadeKey::Card(e, card), || format!("{}:{}", def.id, info.id));
                        options.push(eng.choice(
                            key,
                            || format!("{}: {} ({})", def.name, info.name, info.text),
                            action,
                        ));
                    }
                }
            }
            Some(Offers::Entries(list)) => {
                for o in list {
                    if o.when.iter().all(|&(k, n)| ops::count(st, p, k) == n)
                        && ops::can_afford(c, st, p, &o.cost)
                    {
                        options.push(eng.choice(
                            Arc::clone(&o.key),
                            || format!("{}: {}", def.name, o.id),
                            action,
                        ));
                    }
                }
            }
            None => {}
        }
    }

    /// Extra `e`'s options for player `p`, unless its per-turn limit is reached or they
    /// cannot pay its cost (`as_main`: offered as the fallback main action, which no
    /// limit stops).
    #[allow(clippy::too_many_arguments)]
    fn extra_options(
        &self,
        eng: &mut Engine,
        c: &Content,
        st: &mut GameState,
        p: usize,
        e: u8,
        as_main: bool,
        options: &mut Vec<Choice>,
    ) -> Result<(), EngineError> {
        let def = &c.dice_play.extras[e as usize];
        let taken = st.flow.extras_taken.iter().filter(|&&x| x == e).count();
        if !as_main && def.per_turn > 0 && taken >= def.per_turn as usize {
            return Ok(());
        }
        if !ops::can_afford(c, st, p, &def.cost) {
            return Ok(());
        }
        if let Some(z) = def.needs_cards {
            if st.players[p].zones[z as usize]
                .cards
                .iter()
                .all(Option::is_none)
            {
                return Ok(());
            }
        }
        if !gates_open(c, st, p, def) {
            return Ok(());
        }
        let faces = c.dice_play.pools.as_ref().map_or(6, |x| x.faces);
        // Stand-ins are never rolled or turned (M-CHAR-11 a: a piece shows 6).
        // The distinct dice a reroll or turn may take, on the stack: this runs for every
        // such extra at every question of a turn.
        let distinct_dice = || {
            let mut pool: smallvec::SmallVec<[PoolDie; 8]> = st.players[p]
                .dice
                .iter()
                .copied()
                .filter(|d| !d.is_stand_in())
                .collect();
            pool.dedup();
            pool
        };
        match def.kind {
            ExtraKind::Reroll => {
                for d in distinct_dice() {
                    let key = eng.keys.made(MadeKey::Die(e, d, None), || {
                        format!("{}:{}", def.id, die_text(d))
                    });
                    options.push(eng.choice(
                        key,
                        || format!("{}: reroll your {}", def.name, die_words(d)),
                        Action::Extra {
                            extra: e,
                            die: Some(d),
                            up: false,
                        },
                    ));
                }
            }
            ExtraKind::Adjust => {
                for d in distinct_dice() {
                    for up in [true, false] {
                        if (up && d.pips >= faces) || (!up && d.pips <= 1) {
                            continue;
                        }
                        let key = eng.keys.made(MadeKey::Die(e, d, Some(up)), || {
                            format!(
                                "{}:{}:{}",
                                def.id,
                                die_text(d),
                                if up { "up" } else { "down" }
                            )
                        });
                        options.push(eng.choice(
                            key,
                            || {
                                format!(
                                    "{}: turn your {} to {}",
                                    def.name,
                                    die_words(d),
                                    if up { d.pips + 1 } else { d.pips - 1 }
                                )
                            },
                            Action::Extra {
                                extra: e,
                                die: Some(d),
                                up,
                            },
                        ));
                    }
                }
            }
            ExtraKind::TakeNeutral => {
                if st.neutral_dice > 0 {
                    let name = c
                        .dice_play
                        .pools
                        .as_ref()
                        .map_or("neutral die", |x| x.neutral_name.as_str());
                    options.push(eng.choice(
                        Arc::from(def.id.as_str()),
                        || format!("{}: take a {name}", def.name),
                        Action::Extra {
                            extra: e,
                            die: None,
                            up: false,
                        },
                    ));
                }
            }
            ExtraKind::Place { space } => {
                let space_def = &c.dice_play.spaces[space as usize];
                let mut sets = dice::PoolSets::new(MAX_PLACEMENT_OPTIONS + 1);
                let found = dice::placements(c, st, p, space, &mut sets, &def.cost);
                for (set, fee) in usable(eng, st, p, space, found)? {
                    let key = eng
                        .keys
                        .made(MadeKey::ExtraPlace(e, set), || format!("{}:{set}", def.id));
                    options.push(eng.choice(
                        key,
                        || placement_label(c, space_def, set, fee),
                        Action::PlaceDice { space, dice: set },
                    ));
                }
            }
            ExtraKind::Script if offered_from_data(c, st, p, def) => {
                self.offers(eng, c, st, p, e, options);
            }
            ExtraKind::Script => {
                let call = HookCall {
                    owner: Owner::Extra { extra: e },
                    hook: Hook::Options,
                    player: Some(p),
                };
                for (key, label) in eng.effects.options(c, st, &call)? {
                    let full = format!("{}:{key}", def.id);
                    let label = if !eng.labels {
                        String::new()
                    } else if label.is_empty() || label == key {
                        format!("{}: {key}", def.name)
                    } else {
                        label
                    };
                    options.push(Choice::new(
                        full,
                        label,
                        Action::Extra {
                            extra: e,
                            die: None,
                            up: false,
                        },
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Whether script extra `def`'s options for player `p` come from its `offers` (not from
/// its script): it has them, and `p` holds no `offers_script_for` ability.
fn offered_from_data(
    c: &Content,
    st: &GameState,
    p: usize,
    def: &crate::content::dice::Extra,
) -> bool {
    def.offers.is_some()
        && def
            .offers_script_for
            .as_deref()
            .is_none_or(|a| crate::powers::ability(c, st, p, a) <= 0)
}

/// Whether `options` already hold a placement of extra `e` (its fallback options).
fn options_hold_extra(c: &Content, options: &[Choice], e: u8) -> bool {
    let ExtraKind::Place { space } = c.dice_play.extras[e as usize].kind else {
        return false;
    };
    options
        .iter()
        .any(|o| matches!(o.action, Action::PlaceDice { space: s, .. } if s == space))
}

/// The extra action that places on the `extra` dice space `space`.
fn extra_of_space(c: &Content, space: DiceSpaceId) -> Option<u8> {
    c.dice_play
        .extras
        .iter()
        .position(|e| e.kind == ExtraKind::Place { space })
        .map(|i| i as u8)
}

/// Counts extra `e` as taken this turn and pays its cost.
fn take_extra(
    c: &Content,
    st: &mut GameState,
    log: &mut EventLog,
    p: usize,
    e: u8,
) -> Result<(), String> {
    let def = &c.dice_play.extras[e as usize];
    for &(k, n) in &def.cost {
        ops::pay(c, st, log, p, k, n)?;
    }
    st.flow.extras_taken.push(e);
    Ok(())
}

/// A player with dice and no legal main action nor fallback sets their dice aside for
/// the round (neutral ones back to the supply) and their turn ends, so the round's
/// turns can end; logged.
fn set_dice_aside(c: &Content, st: &mut GameState, p: usize, log: &mut EventLog) {
    // Stand-ins are not set aside: they wait for a turn with dice (M-CHAR-11 a).
    let (stand_ins, pool): (Vec<PoolDie>, Vec<PoolDie>) =
        std::mem::take(&mut st.player_mut(p).dice)
            .into_iter()
            .partition(|d| d.is_stand_in());
    st.player_mut(p).dice = stand_ins;
    let neutral = pool.iter().filter(|d| d.neutral).count() as u8;
    st.neutral_dice = st.neutral_dice.saturating_add(neutral);
    st.flow.main_done = true;
    let round = st.round;
    let name = c
        .dice_play
        .pools
        .as_ref()
        .map_or("neutral die", |x| x.neutral_name.as_str());
    log.push(round, Some(p), "turn", || {
        format!(
            "has {} dice and no dice space takes them: they are set aside for the round ({neutral} {name} back to the supply)",
            pool.len()
        )
    });
}

/// The placements of `found` that dice space `space`'s script lets player `p` make:
/// its `can_act` is asked once for each strength among them (not once a placement),
/// with `ctx:strength()` that strength, and only once when that call did not read the
/// strength (its answer holds for them all); all of them when it has none.
fn usable(
    eng: &mut Engine,
    st: &mut GameState,
    p: usize,
    space: DiceSpaceId,
    found: Vec<(crate::state::DiceSet, u32)>,
) -> Result<Vec<(crate::state::DiceSet, u32)>, EngineError> {
    if found.is_empty() {
        return Ok(found);
    }
    let c = Arc::clone(&eng.content);
    if !eng
        .effects
        .has_hook(&c, st, Owner::DiceSpace { space }, Hook::CanAct)
    {
        return Ok(found);
    }
    let mut allowed: Vec<(u8, bool)> = Vec::new();
    // The answer for every strength, when a call did not read the one it was handed.
    let mut for_all = None;
    let mut out = Vec::with_capacity(found.len());
    for (set, fee) in found {
        let strength = set.strength();
        let ok = match (for_all, allowed.iter().find(|(s, _)| *s == strength)) {
            (Some(ok), _) | (None, Some(&(_, ok))) => ok,
            (None, None) => {
                let ok = may_use(eng, st, p, space, strength)?;
                if !eng.effects.read_strength() {
                    for_all = Some(ok);
                }
                allowed.push((strength, ok));
                ok
            }
        };
        if ok {
            out.push((set, fee));
        }
    }
    Ok(out)
}

/// Whether player `p` may place with strength `strength` on dice space `space` now by
/// its script's `can_act` (read-only, on the state itself; `ctx:strength()` gives the
/// strength, handed over as the call's one recorded answer).
fn may_use(
    eng: &mut Engine,
    st: &mut GameState,
    p: usize,
    space: DiceSpaceId,
    strength: u8,
) -> Result<bool, EngineError> {
    let c = Arc::clone(&eng.content);
    let owner = Owner::DiceSpace { space };
    if !eng.effects.has_hook(&c, st, owner, Hook::CanAct) {
        return Ok(true);
    }
    let call = HookCall {
        owner,
        hook: Hook::CanAct,
        player: Some(p),
    };
    let strength = [strength.to_string()];
    match eng
        .effects
        .call(&c, st, &call, &strength, &mut EventLog::default())?
    {
        HookOutcome::Done(v) => Ok(v.unwrap_or(true)),
        HookOutcome::Ask { .. } => Err(eng
            .hook_error(st, &call, "can_act may not call ctx:choose")
            .into()),
    }
}

/// Runs the `resolve` of the dice space just placed on, for player `p`.
fn run_space(
    eng: &mut Engine,
    st: &mut GameState,
    p: usize,
    space: DiceSpaceId,
    log: &mut EventLog,
) -> Result<(), EngineError> {
    let c = Arc::clone(&eng.content);
    let owner = Owner::DiceSpace { space };
    if !eng.effects.has_hook(&c, st, owner, Hook::Resolve) {
        return Ok(());
    }
    let call = HookCall {
        owner,
        hook: Hook::Resolve,
        player: Some(p),
    };
    eng.run_hook(st, call, Vec::new(), log)
}

/// "Place a 2 and a 5 on Travel 2 (strength 2; fee 2 coins)".
fn placement_label(
    c: &Content,
    def: &crate::content::dice::DiceSpace,
    set: crate::state::DiceSet,
    fee: u32,
) -> String {
    let mut extras = Vec::new();
    if fee > 0 {
        if let Some(k) = def.fee {
            extras.push(format!("fee {fee} {}", c.counters[k as usize].id));
        }
    }
    for &(k, n) in &def.cost {
        extras.push(format!("pay {n} {}", c.counters[k as usize].id));
    }
    let tail = if extras.is_empty() {
        String::new()
    } else {
        format!("; {}", extras.join(", "))
    };
    format!(
        "Place {} on {} (strength {}{tail})",
        dice_words(set),
        def.name,
        set.strength()
    )
}

/// One die for people: "5", "neutral 5".
fn die_words(d: PoolDie) -> String {
    if d.neutral {
        format!("neutral {}", d.pips)
    } else {
        d.pips.to_string()
    }
}

/// The error for a question past [`MAX_PLACEMENT_OPTIONS`] options.
fn too_many(eng: &Engine) -> EngineError {
    super::flow_error(
        eng,
        "actions",
        format!("the turn's question would offer more than {MAX_PLACEMENT_OPTIONS} options: the pools hold too many dice, or there are too many dice spaces, for one decision"),
    )
}
