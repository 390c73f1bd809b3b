//! The generic driver: setup (the deal of tiles and cards, the `[[setup]]` counters and
//! the `[deals]`), the round as the pack's `[flow]` program run step by step (the step
//! kinds are in `steps/`), the jobs a step or a script queues, a zone's limit checked
//! before every automatic step, and the end. Tile and card behaviour is called through
//! [`Effects`].
//!
//! **API Boundary:** [`Engine::new_game`] and [`Engine::apply`] are the only ways a state
//! changes. `apply` works on a copy and commits it only when everything succeeded, so a
//! rule or script error leaves the caller's state exactly as it was (invariant 10).

use std::sync::Arc;

use rand::Rng;

use crate::content::program::HookOn;
use crate::content::{CardIx, Content, CounterId, SlotId, TieBreak};
use crate::decision::{Action, Answer, Choice, Decision};
use crate::effects::{Effects, HookOutcome};
use crate::error::{EngineError, RuleError, ScriptError};
use crate::events::EventLog;
use crate::flow::{Flow, Hook, HookCall, Job, Owner, PendingEffect};
use crate::ops;
use crate::{
    decks,
    state::{rng_from_seed, GameResult, GameState, Piece, Player, TileState},
};

pub(crate) mod areas;
pub mod dice;
mod interp;
mod keys;
mod lookahead;
mod move_cache;
mod pending;
pub mod steps;
mod travel;

pub use lookahead::{LookaheadError, MAX_PLACES as MAX_LOOKAHEAD_PLACES};

pub use interp::{at_turn_start, current_player, turn_index};

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The content has no setup for this player count.
    #[error(
        "this content supports {} players, not {players}",
        crate::text::list(supported, "or")
    )]
    PlayerCount {
        /// Asked for.
        players: usize,
        /// Supported counts.
        supported: Vec<u8>,
    },
    /// A setup hook failed.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// The setup's numbers break a limit (see [`crate::limits`]).
    #[error("setup: {0}")]
    Limit(String),
}

/// The end cause of a game stopped at `end.max_rounds` (R-END-5): never a normal end, so
/// it has no winners.
pub const STALLED: &str = "stalled";

/// Rules plus behaviour: the thing that runs games of one content chain.
pub struct Engine {
    content: Arc<Content>,
    effects: Box<dyn Effects>,
    /// Move decisions already built, shared by the positions that reach them again.
    moves: move_cache::MoveCache,
    /// The option keys the engine offers, made once.
    keys: keys::Keys,
    /// Whether decisions carry text for people (see [`Engine::set_labels`]).
    labels: bool,
    /// The hook call the host holds stopped at the current question, if any.
    held: Option<Box<HeldCall>>,
    /// Script errors met while a bot looks ahead ([`Engine::set_lookahead`]).
    lookahead: lookahead::LookaheadLog,
    /// The player zones with a `limit`, checked before every automatic step.
    limited_zones: Vec<crate::content::ZoneId>,
}

/// A hook call the host keeps stopped at its question ([`Effects::held`]), with the
/// state and answers it was run with: an answer given on that same state continues it
/// ([`Effects::resume`]) instead of running it again.
struct HeldCall {
    /// The host's name for the stop.
    ticket: u64,
    /// The state the call ran on, before the question was recorded in it.
    origin: GameState,
    call: HookCall,
    answers: Vec<String>,
}

impl Engine {
    /// An engine over `content` whose behaviour comes from `effects`.
    pub fn new(content: Arc<Content>, effects: Box<dyn Effects>) -> Engine {
        Engine {
            keys: keys::Keys::new(&content),
            limited_zones: steps::zone_limit::limited_zones(&content),
            content,
            effects,
            moves: move_cache::MoveCache::default(),
            labels: true,
            held: None,
            lookahead: lookahead::LookaheadLog::default(),
        }
    }

    /// What each player's position is worth, for bots: the score it would have if the
    /// game ended now (when the program has an `end` list of game hooks or `on = "nodes"`
    /// hooks, final scoring, they run on a copy and the declared score parts are read
    /// from it; else the parts
    /// as they stand), plus the pack's `[score] potential` when it has one (what
    /// unfinished work is worth). A hook that fails or asks a question counts as nothing
    /// more (`weft check` reports failing hooks).
    pub fn score_estimates(&mut self, st: &GameState) -> Vec<f64> {
        let base = self.base_scores(st, None);
        base.into_iter()
            .enumerate()
            .map(|(p, score)| score + self.potential(st, p))
            .collect()
    }

    /// [`Engine::score_estimates`] for player `p` alone (the other players' potentials
    /// are not asked for). With `[score] estimate = "per_player"`, the `on = "players"`
    /// end hooks run for `p` alone.
    pub fn score_estimate(&mut self, st: &GameState, p: usize) -> f64 {
        self.base_scores(st, Some(p))[p] + self.potential(st, p)
    }

    /// Where `[score] estimate = "per_player"` is wrong at `st`: the first player whose
    /// end scoring run alone differs from their score after every player's, as (player,
    /// alone, after all). `None` when the pack does not declare it, when they agree, or
    /// when the end hooks fail or ask (`weft check` reports those on its own).
    pub fn per_player_estimate_mismatch(&mut self, st: &GameState) -> Option<(usize, f64, f64)> {
        self.content.program.per_player_estimate.as_ref()?;
        if st.is_over() {
            return None;
        }
        let all = self.ended_now(st, None)?;
        (0..st.players.len()).find_map(|p| {
            let alone = self.ended_now(st, Some(p))?[p];
            (alone != all[p]).then_some((p, alone, all[p]))
        })
    }

    /// Every player's score if the game ended now (before any potential); with `only`,
    /// the score of that player is the one asked for (see [`Engine::score_estimate`]).
    fn base_scores(&mut self, st: &GameState, only: Option<usize>) -> Vec<f64> {
        let c = Arc::clone(&self.content);
        let parts = |s: &GameState| -> Vec<f64> {
            (0..s.players.len())
                .map(|p| ops::score_now(&c, s, p) as f64)
                .collect()
        };
        if st.is_over() {
            return parts(st);
        }
        self.ended_now(st, only).unwrap_or_else(|| parts(st))
    }

    /// `[score] potential` of player `p` (0 when the pack has none, when it fails, or
    /// when the game is over).
    fn potential(&mut self, st: &GameState, p: usize) -> f64 {
        let c = Arc::clone(&self.content);
        let Some(k) = c.program.potential.filter(|_| !st.is_over()) else {
            return 0.0;
        };
        let call = HookCall {
            owner: Owner::Game { hook: k },
            hook: Hook::Potential,
            player: Some(p),
        };
        match self.effects.estimate(&c, st, &call) {
            Ok(Some(v)) => v,
            Ok(None) => 0.0,
            Err(e) => {
                self.note_evaluation_error(st, &e);
                0.0
            }
        }
    }

    /// The declared score parts after the `end` list's game and node hooks ran on a copy
    /// of `st` (node hooks on every tile that defines them, in slot order);
    /// `None` when there are none, or one failed or asked. With `only` and `[score]
    /// estimate = "per_player"`, the `on = "players"` hooks run for that player alone,
    /// so only that player's part is meant.
    fn ended_now(&mut self, st: &GameState, only: Option<usize>) -> Option<Vec<f64>> {
        let c = Arc::clone(&self.content);
        let n = st.players.len();
        let hooks = end_hooks(&c.program);
        if hooks.is_empty() {
            return None;
        }
        let alone = only.filter(|_| c.program.per_player_estimate.is_some());
        let mut scratch = st.clone();
        let mut log = EventLog::default();
        for end_hook in hooks {
            let calls: Vec<HookCall> = match end_hook {
                EndHook::Game(hook, on) => {
                    let players: Vec<Option<usize>> = match (on, alone) {
                        (HookOn::Game, _) => vec![None],
                        (HookOn::Players, Some(p)) => vec![Some(p)],
                        (HookOn::Players, None) => {
                            (0..n).map(|k| Some((st.first_player + k) % n)).collect()
                        }
                        (HookOn::Player, _) => continue,
                    };
                    players
                        .into_iter()
                        .map(|player| HookCall {
                            owner: Owner::Game { hook },
                            hook: Hook::Run,
                            player,
                        })
                        .collect()
                }
                // A tile's end scoring (a patron's favours, a bank's deposits) counts
                // as a game hook's does: every node that defines it, in slot order.
                EndHook::Nodes(hook) => (0..st.board.len() as crate::content::SlotId)
                    .map(|slot| HookCall {
                        owner: Owner::Tile { slot },
                        hook,
                        player: None,
                    })
                    .filter(|call| self.effects.has_hook(&c, &scratch, call.owner, hook))
                    .collect(),
            };
            for call in calls {
                match self.effects.call(&c, &mut scratch, &call, &[], &mut log) {
                    Ok(HookOutcome::Done(_)) => {}
                    Ok(_) => return None,
                    Err(e) => {
                        self.note_evaluation_error(st, &e);
                        return None;
                    }
                }
            }
        }
        Some(
            (0..n)
                .map(|p| ops::score_now(&c, &scratch, p) as f64)
                .collect(),
        )
    }

    /// Sets the wall-clock deadline for scripts (see [`Effects::set_deadline`]).
    pub fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        self.effects.set_deadline(deadline);
    }

    /// Whether decisions carry text for people: option labels and prompts (on by
    /// default). Bots read keys only, so bot games turn it off and no label is built:
    /// each option's label is its key, prompts are empty, and scripts are told no one
    /// is asked (`ctx:asking()` is false; see [`Effects::set_labels`]). The game is the
    /// same either way: [`GameState::hash`] leaves labels and prompts out.
    pub fn set_labels(&mut self, on: bool) {
        if on != self.labels {
            // Kept move decisions carry the texts of the mode they were built in.
            self.moves = move_cache::MoveCache::default();
        }
        self.labels = on;
        self.effects.set_labels(on);
    }

    /// Whether the Lua host's speed layer is on (on by default): the fast C fronts in
    /// front of the most used `ctx` methods (`lua/fast.rs`), a replayed `ctx:choose`
    /// answered in its front (`lua/ask.rs`), and held calls (a hook stopped at a
    /// question continued with its answer instead of re-run, `lua/held.rs`). Off, every
    /// `ctx` call goes to its mlua method and every answer re-runs its hook from the
    /// start: slower, and the same games (the same states, answers, events and errors),
    /// which `tests/tests/speed_layer.rs` checks. For proving the layer, and for
    /// telling whether a surprise comes from it.
    pub fn set_speed_layer(&mut self, on: bool) {
        self.held = None;
        self.effects.set_speed_layer(on);
    }

    /// A choice whose label `make` writes, when labels are on; else the key serves.
    fn choice(&self, key: Arc<str>, make: impl FnOnce() -> String, action: Action) -> Choice {
        choice_if(self.labels, key, make, action)
    }

    /// A prompt that `make` writes, when labels are on; else empty.
    fn prompt(&self, make: impl FnOnce() -> String) -> String {
        prompt_or_empty(self.labels, make)
    }

    /// The content this engine runs.
    pub fn content(&self) -> &Arc<Content> {
        &self.content
    }

    /// Sets up a new game: deals tiles, shuffles decks, deals hands, runs tiles' `setup`
    /// hooks, and advances to the first decision.
    pub fn new_game(&mut self, players: usize, seed: u64) -> Result<GameState, SetupError> {
        self.new_game_logged(players, seed, &mut EventLog::default())
    }

    /// [`Engine::new_game`], recording events into `log`.
    pub fn new_game_logged(
        &mut self,
        players: usize,
        seed: u64,
        log: &mut EventLog,
    ) -> Result<GameState, SetupError> {
        self.effects.new_game();
        let c = &*self.content;
        let Some(setup) = u8::try_from(players).ok().and_then(|n| c.setup.get(&n)) else {
            return Err(SetupError::PlayerCount {
                players,
                supported: c.player_counts(),
            });
        };
        let mut rng = rng_from_seed(seed);
        let first_player = if c.random_first_player {
            rng.random_range(0..players)
        } else {
            0
        };

        // Tiles dealt at random to slots of their kind (R-SHOP, R-TRADE, R-DICE setup).
        let mut board: Vec<Option<TileState>> = vec![None; c.board.slots.len()];
        let mut kinds: Vec<&str> = c.board.slots.iter().map(|s| s.kind.as_str()).collect();
        kinds.sort_unstable();
        kinds.dedup();
        for kind in kinds {
            let mut pool: Vec<u16> = (0..c.tiles.len() as u16)
                .filter(|&t| c.tiles[t as usize].kind == kind)
                .filter(|&t| !c.board.slots.iter().any(|s| s.fixed_tile == Some(t)))
                .collect();
            crate::shuffle::shuffle(&mut pool, &mut rng);
            for (i, slot) in c.board.slots.iter().enumerate() {
                if slot.kind == kind {
                    let tile = slot
                        .fixed_tile
                        .or_else(|| pool.pop())
                        .expect("content checks tile counts");
                    board[i] = Some(TileState {
                        tile,
                        slots: Vec::new(),
                        dice: Vec::new(),
                        counters: Default::default(),
                    });
                }
            }
        }
        let (shared_zones, player_zones) = crate::zones::empty_zones(c, players);
        let mut st = GameState {
            players: (0..players)
                .map(|_| {
                    Arc::new(Player {
                        counters: vec![0; c.counters.len()],
                        zones: Arc::new(player_zones.clone()),
                        pieces: (0..c.pieces)
                            .map(|_| Piece {
                                at: c.start_slot, // R-PLAZA-2
                                moved: false,
                            })
                            .collect(),
                        // Dice come into the pools when a `roll` step rolls them.
                        dice: Vec::new(),
                    })
                })
                .collect(),
            board: Arc::new(
                board
                    .into_iter()
                    .map(|t| Arc::new(t.expect("every slot has a tile")))
                    .collect(),
            ),
            areas: std::sync::Arc::new(areas::new_areas(c)),
            zones: std::sync::Arc::new(shared_zones),
            supply: Arc::new(c.counters.iter().map(|k| k.supply).collect()),
            dice_spaces: Arc::new(vec![Default::default(); c.dice_play.spaces.len()]),
            neutral_dice: c.dice_play.pools.as_ref().map_or(0, |p| p.neutral),
            dice_placed: 0,
            markers: vec![Vec::new(); c.markers.len()],
            round: 0,
            first_player,
            start_player: first_player,
            tokens: vec![None; c.end.tokens.len()],
            end_trigger: None,
            flow: Flow::new(),
            decision: None,
            result: None,
            rng,
            lookahead: Default::default(),
        };
        // C-SETUP-2, R-COM-1: the cards into their piles, each shuffled pile in zone
        // order (no RNG draw without zones).
        if !c.zones.is_empty() {
            let mut rng = std::mem::replace(&mut st.rng, crate::state::rng_from_seed(0));
            crate::zones::deal_piles(c, &mut st, &mut rng);
            st.rng = rng;
        }
        for order in 0..players {
            let p = (first_player + order) % players;
            // What every player starts with, plus what their place in the turn order
            // adds, counter by counter.
            let by_place = |k: CounterId| {
                setup
                    .turn_order
                    .iter()
                    .find(|(id, _)| *id == k)
                    .and_then(|(_, by)| by.get(order).copied())
            };
            let mut given: Vec<CounterId> = Vec::new();
            for &(k, n) in &setup.start {
                let n = n.saturating_add(by_place(k).unwrap_or(0));
                ops::gain(c, &mut st, log, p, k, n).map_err(SetupError::Limit)?;
                given.push(k);
            }
            for &(k, _) in &setup.turn_order {
                if let Some(n) = by_place(k).filter(|_| !given.contains(&k)) {
                    ops::gain(c, &mut st, log, p, k, n).map_err(SetupError::Limit)?;
                }
            }
            // The deals (R-SETUP's hands; the advanced setup's starting card), in order.
            for deal in &c.deals {
                // A source that runs dry ends the deal: the loop never outlasts the cards.
                for _ in 0..deal.count_at(players) {
                    let card = match deal.from {
                        crate::content::DealSource::Deck(d) => decks::draw_card(c, &mut st, log, d),
                        crate::content::DealSource::Pile(z) => decks::take_top(c, &mut st, z),
                    };
                    let Some(card) = card else {
                        break;
                    };
                    decks::push_to_player(c, &mut st, p, deal.to, card);
                }
            }
        }
        self.start_program(&mut st);
        self.advance(&mut st, log)?;
        Ok(st)
    }

    /// Recomputes the current decision after a state was edited by hand (scenario tests,
    /// tools that build positions). Runs any queued jobs. Not for use while a script's
    /// question is pending: its options come from the script and are kept as they are.
    pub fn refresh(&mut self, st: &mut GameState) -> Result<(), EngineError> {
        if st.flow.effect.is_some() || st.is_over() {
            return Ok(());
        }
        let mut next = st.clone();
        next.decision = None;
        self.advance(&mut next, &mut EventLog::default())?;
        *st = next;
        Ok(())
    }

    /// Applies an answer to the current decision. On any error the state is unchanged.
    pub fn apply(
        &mut self,
        st: &mut GameState,
        answer: impl Into<Answer>,
    ) -> Result<(), EngineError> {
        self.apply_logged(st, answer, &mut EventLog::default())
    }

    /// [`Engine::apply`] of option `index` for look-ahead on a copy the caller throws away
    /// when this fails: it skips the backup copy that makes `apply` all-or-nothing, so
    /// after an error `st` is half-changed and must not be read again. Bots evaluating
    /// options call this on their own clones, and `sim` on its games (rebuilding the
    /// position before a failed answer by replaying the answers before it).
    pub fn apply_disposable(
        &mut self,
        st: &mut GameState,
        index: usize,
    ) -> Result<(), EngineError> {
        let Some(decision) = st.decision.as_ref() else {
            return Err(RuleError::GameOver.into());
        };
        if index >= decision.options.len() {
            return Err(RuleError::IndexOutOfRange {
                index,
                count: decision.options.len(),
            }
            .into());
        }
        let mut log = EventLog::default();
        let before = st.lookahead;
        let result = self
            .apply_choice(st, index, &mut log)
            .and_then(|()| self.advance(st, &mut log));
        self.note_trial(st, before, index, &result);
        result
    }

    /// [`Engine::apply`], checking that `player` is the one being asked (R-ROUND-2).
    pub fn apply_as(
        &mut self,
        st: &mut GameState,
        player: usize,
        answer: impl Into<Answer>,
    ) -> Result<(), EngineError> {
        if let Some(d) = st.decision() {
            if d.player != player {
                return Err(RuleError::WrongPlayer {
                    given: player,
                    expected: d.player,
                }
                .into());
            }
        }
        self.apply(st, answer)
    }

    /// [`Engine::apply`], recording events into `log` (only when the answer succeeds).
    pub fn apply_logged(
        &mut self,
        st: &mut GameState,
        answer: impl Into<Answer>,
        log: &mut EventLog,
    ) -> Result<(), EngineError> {
        let Some(decision) = st.decision.as_ref() else {
            return Err(RuleError::GameOver.into());
        };
        let index = match answer.into() {
            Answer::Index(i) if i < decision.options.len() => i,
            Answer::Index(i) => {
                return Err(RuleError::IndexOutOfRange {
                    index: i,
                    count: decision.options.len(),
                }
                .into())
            }
            Answer::Key(k) => decision.index_of(&k).ok_or_else(|| RuleError::UnknownKey {
                key: k.clone(),
                options: decision
                    .options
                    .iter()
                    .map(|o| &*o.key)
                    .collect::<Vec<_>>()
                    .join(", "),
            })?,
        };
        let before = st.lookahead;
        let mut next = st.clone();
        let mut sub = EventLog {
            enabled: log.enabled,
            events: Vec::new(),
        };
        let result = self
            .apply_choice(&mut next, index, &mut sub)
            .and_then(|()| self.advance(&mut next, &mut sub));
        self.note_trial(&mut next, before, index, &result);
        result?;
        *st = next;
        log.events.append(&mut sub.events);
        Ok(())
    }

    fn apply_choice(
        &mut self,
        st: &mut GameState,
        index: usize,
        log: &mut EventLog,
    ) -> Result<(), EngineError> {
        let decision = st.decision.take().expect("checked by apply");
        let choice = &decision.options[index];
        let p = decision.player;
        let c = Arc::clone(&self.content);
        let c = &*c;
        match choice.action {
            Action::Script => {
                let mut pending = st
                    .flow
                    .effect
                    .take()
                    .expect("script decisions have an effect");
                pending.answers.push(String::from(&*choice.key));
                self.run_hook(st, pending.call, pending.answers, log)?;
            }
            // A zone's limit asked (it comes before everything else).
            Action::Discard { .. } => steps::zone_limit::answer(self, st, p, choice, log)?,
            // A travel (`ctx:travel`) asked where to go next.
            Action::Move { .. } | Action::Pass
                if matches!(st.flow.jobs.last(), Some(Job::Travel { .. })) =>
            {
                self.answer_travel(st, choice, log)?
            }
            // The use-cards job of a `use_cards` step (or a script) asked.
            Action::Use { .. } | Action::Pass
                if matches!(st.flow.jobs.last(), Some(Job::UseCards { .. })) =>
            {
                steps::use_cards::answer_job(self, st, p, choice, log)?
            }
            // Every other answer goes to the step that asked (the top frame's).
            _ => {
                let Some(step) = interp::current_step(c, st) else {
                    return Err(steps::flow_error(
                        self,
                        "answer",
                        format!("the answer `{}` came when no step was asking", choice.key),
                    ));
                };
                step.answer(self, st, p, choice, log)?;
            }
        }
        Ok(())
    }

    /// Plays `card` from `p`'s zone `zones.from` (R-FUL-1, R-FUL-2: pay its cost, move
    /// it to `zones.to`, gain its reward), then adds 1 to the `count` counter (R-END-1
    /// rides on it).
    fn play_card(
        &mut self,
        st: &mut GameState,
        p: usize,
        (card, zones): (CardIx, crate::content::program::PlayZones),
        count: Option<CounterId>,
        log: &mut EventLog,
    ) -> Result<(), EngineError> {
        let c = Arc::clone(&self.content);
        let def = &c.cards[card as usize];
        for &(k, n) in &def.cost {
            ops::pay(&c, st, log, p, k, n).expect("play options are affordable");
        }
        decks::take_from_player(&c, st, p, zones.from, card);
        decks::push_to_player(&c, st, p, zones.to, card);
        st.flow.played_this_turn += 1;
        st.flow.played_this_round.push(card);
        let round = st.round;
        let places = [
            crate::view::place(&c, zones.from, p),
            crate::view::place(&c, zones.to, p),
        ];
        log.push_private(
            round,
            Some(p),
            "play",
            || format!("plays {} ({})", def.id, def.name),
            || {
                Some(crate::view::watchers(&c, st, &places, || {
                    "plays a card".into()
                }))
            },
        );
        let limit = |message: String| -> EngineError {
            ScriptError {
                pack: ScriptError::pack_of(&def.declared_in),
                file: def.declared_in.clone(),
                line: None,
                owner: format!("card `{}`", def.id),
                hook: "play".into(),
                message,
                traceback: String::new(),
            }
            .into()
        };
        for &(k, n) in &def.reward {
            if n > 0 {
                ops::gain(&c, st, log, p, k, n).map_err(limit)?;
            }
        }
        if let Some(k) = count {
            ops::add(&c, st, log, p, k, 1).map_err(limit)?;
        }
        st.flow.take_incoming();
        Ok(())
    }

    /// Runs a hook: one run for a player on a scratch copy, committed when the hook
    /// finishes, or the question it asked recorded (invariant 4); one run for no player
    /// in place ([`Engine::run_hook_in_place`]).
    fn run_hook(
        &mut self,
        st: &mut GameState,
        call: HookCall,
        answers: Vec<String>,
        log: &mut EventLog,
    ) -> Result<(), EngineError> {
        let c = Arc::clone(&self.content);
        let mut sub = EventLog {
            enabled: log.enabled,
            events: Vec::new(),
        };
        let Some(player) = call.player else {
            return self.run_hook_in_place(st, call, answers, log, sub);
        };
        let (result, mut scratch) = match self.resume_held(st, &call, &answers, &mut sub) {
            Some(resumed) => resumed,
            None => {
                let mut scratch = st.clone();
                scratch.flow.incoming.clear();
                let result = self
                    .effects
                    .call(&c, &mut scratch, &call, &answers, &mut sub);
                (result, scratch)
            }
        };
        let outcome = match result {
            Ok(outcome) => outcome,
            Err(mut e) => {
                if e.line.is_none() && e.message.starts_with(crate::error::MEMORY_CAP_MESSAGE) {
                    let mut copy = st.clone();
                    copy.flow.incoming.clear();
                    if let Some((file, line)) = self.effects.locate(&c, &mut copy, &call, &answers)
                    {
                        if let Some(m) = c.modules.values().find(|m| m.chunk == file) {
                            e.pack = m.pack.clone();
                        }
                        e.file = file;
                        e.line = Some(line);
                    }
                }
                return Err(e.into());
            }
        };
        match outcome {
            HookOutcome::Done(_) => {
                scratch.flow.take_incoming();
                *st = scratch;
                log.events.append(&mut sub.events);
            }
            HookOutcome::Ask { prompt, options } => {
                if options.is_empty() {
                    return Err(self
                        .hook_error(st, &call, "ctx:choose was given no options")
                        .into());
                }
                if let Some(ticket) = self.effects.held() {
                    self.held = Some(Box::new(HeldCall {
                        ticket,
                        origin: st.clone(),
                        call,
                        answers: answers.clone(),
                    }));
                }
                st.decision = Some(std::sync::Arc::new(Decision {
                    player,
                    prompt,
                    options: options
                        .into_iter()
                        .map(|(key, label)| Choice::shared(key, label, Action::Script))
                        .collect(),
                }));
                st.flow.effect = Some(PendingEffect { call, answers });
            }
        }
        Ok(())
    }

    /// [`Engine::run_hook`] for a hook run for no player: such a hook may not ask (a
    /// question is an error), so nothing needs the state as it was before it, and it
    /// runs on `st` itself, with no scratch copy. On an error `st` is half-changed; every
    /// caller works on a state it drops then (`apply` on its copy, `apply_disposable`'s
    /// caller, `new_game` on the state it was making). A call it runs lets go of any held
    /// call, which no answer can continue after it.
    fn run_hook_in_place(
        &mut self,
        st: &mut GameState,
        call: HookCall,
        answers: Vec<String>,
        log: &mut EventLog,
        mut sub: EventLog,
    ) -> Result<(), EngineError> {
        let c = Arc::clone(&self.content);
        self.held = None;
        st.flow.incoming.clear();
        match self.effects.call(&c, st, &call, &answers, &mut sub)? {
            HookOutcome::Done(_) => {
                st.flow.take_incoming();
                log.events.append(&mut sub.events);
                Ok(())
            }
            HookOutcome::Ask { .. } => Err(self
                .hook_error(
                    st,
                    &call,
                    "this hook runs for no player and may not call ctx:choose",
                )
                .into()),
        }
    }

    /// Continues the call the host holds, when `call` with `answers` on `st` is the answer
    /// to its question: the same call, run on the same state, with one answer more than
    /// it stopped with. Returns what it came to and the state it left; `None` (the held
    /// call is let go by the next call) when the call must run from the start.
    fn resume_held(
        &mut self,
        st: &GameState,
        call: &HookCall,
        answers: &[String],
        log: &mut EventLog,
    ) -> Option<(Result<HookOutcome, Box<ScriptError>>, GameState)> {
        let held = self.held.take()?;
        let (answer, before) = answers.split_last()?;
        if held.call != *call || before != held.answers.as_slice() || held.origin != *st {
            return None;
        }
        let mut left = GameState::placeholder();
        let result = self.effects.resume(held.ticket, answer, &mut left, log)?;
        Some((result, left))
    }

    /// A script error raised by the engine itself about a hook's behaviour.
    fn hook_error(&self, st: &GameState, call: &HookCall, message: &str) -> ScriptError {
        let (owner, script) = describe_owner(&self.content, Some(st), call.owner);
        let module = script.and_then(|m| self.content.modules.get(m));
        ScriptError {
            pack: module.map(|m| m.pack.clone()).unwrap_or_default(),
            file: module.map(|m| m.chunk.clone()).unwrap_or_default(),
            line: None,
            owner,
            hook: self.content.program.hook_name(call.hook).into(),
            message: message.into(),
            traceback: String::new(),
        }
    }

    /// Queues hook point `point` (a named hook's index) of each card player `p` holds
    /// whose behaviour defines it, in zone and position order, each handed `arg` (a
    /// [`Job::Trigger`] expanded; [`crate::powers`]).
    fn queue_card_hooks(&mut self, st: &mut GameState, p: usize, point: u8, arg: String) {
        let c = Arc::clone(&self.content);
        let cards: Vec<crate::content::CardIx> = crate::powers::held(st, p)
            .filter(|&card| {
                self.effects
                    .has_hook(&c, st, Owner::Card { card }, Hook::Named(point))
            })
            .collect();
        for &card in cards.iter().rev() {
            st.flow.jobs.push(Job::CardHook {
                call: HookCall {
                    owner: Owner::Card { card },
                    hook: Hook::Point(point),
                    player: Some(p),
                },
                arg: arg.clone(),
            });
        }
    }

    /// Runs automatic steps until a decision is needed or the game is over.
    fn advance(&mut self, st: &mut GameState, log: &mut EventLog) -> Result<(), EngineError> {
        let mut automatic: u64 = 0;
        loop {
            if st.flow.effect.is_some() {
                return Ok(());
            }
            automatic += 1;
            if automatic > crate::limits::MAX_AUTOMATIC_STEPS {
                return Err(ScriptError {
                    pack: String::new(),
                    file: "game.toml".into(),
                    line: None,
                    owner: "the game's flow".into(),
                    hook: "advance".into(),
                    message: format!(
                        "the game ran {} automatic steps without asking anyone anything; look for hooks that queue work forever (e.g. a card use that queues another use phase)",
                        crate::limits::MAX_AUTOMATIC_STEPS
                    ),
                    traceback: String::new(),
                }
                .into());
            }
            // Over a zone's limit (R-FUL-4's hand limit), discard before anything else.
            if let Some(d) = steps::zone_limit::ask(self, st) {
                st.decision = Some(d);
                return Ok(());
            }
            if matches!(st.flow.jobs.last(), Some(Job::Travel { .. })) {
                if let Some(d) = self.travel_question(st, log) {
                    st.decision = Some(d);
                    return Ok(());
                }
                continue;
            }
            if let Some(job) = st.flow.jobs.last() {
                match job {
                    Job::Travel { .. } => unreachable!("asked above"),
                    Job::Hook { call } => {
                        let call = *call;
                        st.flow.jobs.pop();
                        self.run_hook(st, call, Vec::new(), log)?;
                    }
                    Job::Trigger { player, hook, arg } => {
                        let (player, hook, arg) = (*player, *hook, arg.clone());
                        st.flow.jobs.pop();
                        self.queue_card_hooks(st, player, hook, arg);
                    }
                    Job::CardHook { call, arg } => {
                        let (call, arg) = (*call, arg.clone());
                        st.flow.jobs.pop();
                        self.run_hook(st, call, vec![arg], log)?;
                    }
                    Job::UseCards {
                        player,
                        hook,
                        zone,
                        played_this_round,
                        verb,
                        used,
                    } => {
                        let offer = steps::use_cards::Offer {
                            hook: *hook,
                            zone: *zone,
                            played_this_round: *played_this_round,
                            verb: *verb,
                            used,
                        };
                        match steps::use_cards::ask_job(self, st, *player, offer) {
                            Some(d) => {
                                st.decision = Some(d);
                                return Ok(());
                            }
                            None => {
                                st.flow.jobs.pop();
                            }
                        }
                    }
                }
                continue;
            }
            if let interp::Next::Stop = self.run_step(st, log)? {
                return Ok(());
            }
        }
    }

    /// R-END-3, R-END-4: final scores and winners.
    fn finish(&mut self, st: &mut GameState, cause: &str, log: &mut EventLog) {
        let mut result = final_result(&self.content, st);
        result.cause = cause.to_string();
        // R-END-5: a game stopped at the round cap did not end by the rules: no winner.
        if cause == STALLED {
            result.winners.clear();
        }
        let round = st.round;
        log.push(round, None, "game_over", || {
            format!(
                "the game ends ({cause}); scores {}; {} {}",
                result
                    .scores
                    .iter()
                    .enumerate()
                    .map(|(s, x)| format!("seat {} {x}", s + 1))
                    .collect::<Vec<_>>()
                    .join(", "),
                if result.winners.len() == 1 {
                    "winner"
                } else {
                    "winners"
                },
                crate::text::list(
                    &result
                        .winners
                        .iter()
                        .map(|w| format!("seat {}", w + 1))
                        .collect::<Vec<_>>(),
                    "and"
                )
            )
        });
        st.result = Some(result);
        st.flow.frames.clear();
        st.decision = None;
    }
}

/// The scores and winners if the game ended now (R-END-3, R-END-4): the highest score
/// wins; a tie goes through the `[score]` tie-break keys in order (sums in 64 bits, so
/// no holding can wrap them); players still tied share the win. `cause` is left empty
/// for the caller.
pub fn final_result(c: &Content, st: &GameState) -> GameResult {
    let n = st.players.len();
    // Each part is bounded by the holding limit, so their sum fits in 64 bits; in 32 a
    // few parts near the limit would have to be clamped, and tie where they do not.
    let scores: Vec<i64> = (0..n).map(|i| ops::score_now(c, st, i)).collect();
    let key = |k: &TieBreak, p: usize| -> i64 {
        // Place in the starting turn order: 0 for the start player (C-SETUP-5).
        let place = (p + n - st.start_player % n) % n;
        match k {
            TieBreak::Sum(ids) => ids.iter().map(|&id| st.players[p].count(id)).sum(),
            TieBreak::LatestInStartOrder => place as i64,
            TieBreak::EarliestInStartOrder => (n - 1 - place) as i64,
        }
    };
    let best = scores.iter().copied().max().unwrap_or(0);
    let mut winners: Vec<usize> = (0..n).filter(|&i| scores[i] == best).collect();
    for k in &c.score.tiebreak {
        let top = winners.iter().map(|&p| key(k, p)).max().unwrap_or(0);
        winners.retain(|&p| key(k, p) == top);
    }
    let tiebreak: Vec<u64> = (0..n)
        .map(|p| {
            c.score
                .tiebreak
                .first()
                .map_or(0, |k| key(k, p).max(0) as u64)
        })
        .collect();
    GameResult {
        scores,
        tiebreak,
        winners,
        cause: String::new(),
        rounds: st.round,
    }
}

/// A choice labelled by what `make` writes when `labels` is on; else the key serves.
fn choice_if(labels: bool, key: Arc<str>, make: impl FnOnce() -> String, action: Action) -> Choice {
    if labels {
        Choice::shared(key, make().into(), action)
    } else {
        Choice::keyed(key, action)
    }
}

/// The prompt `make` writes when `labels` is on; else empty.
fn prompt_or_empty(labels: bool, make: impl FnOnce() -> String) -> String {
    if labels {
        make()
    } else {
        String::new()
    }
}

fn st_tile(st: &GameState, slot: SlotId) -> u16 {
    st.board[slot as usize].tile
}

fn tile_name(c: &Content, tile: u16) -> &str {
    &c.tiles[tile as usize].name
}

/// A readable name for a hook owner and the module behind it.
pub fn describe_owner<'a>(
    c: &'a Content,
    st: Option<&GameState>,
    owner: Owner,
) -> (String, Option<&'a str>) {
    match owner {
        Owner::Tile { slot } => {
            let tile = st
                .map(|s| s.board[slot as usize].tile)
                .or(c.board.slots[slot as usize].fixed_tile);
            match tile {
                Some(t) => {
                    let t = &c.tiles[t as usize];
                    (format!("tile `{}`", t.id), Some(t.script.module.as_str()))
                }
                None => (
                    format!("the tile in slot `{}`", c.board.slots[slot as usize].id),
                    None,
                ),
            }
        }
        Owner::Card { card } => {
            let d = &c.cards[card as usize];
            (format!("card `{}`", d.id), d.behaviour.as_deref())
        }
        Owner::Game { hook } => {
            let h = &c.program.game_hooks[hook as usize];
            (
                format!("flow hook `{}.{}`", h.module, h.function),
                Some(h.module.as_str()),
            )
        }
        Owner::Unlock { index } => {
            let u = &c.unlocks[index as usize];
            (
                format!("skill unlock at level {}", u.level),
                u.on_reach.as_ref().map(|s| s.module.as_str()),
            )
        }
        Owner::Area { area } => {
            let a = &c.board.areas[area as usize];
            (
                format!("area `{}`", a.id),
                a.script.as_ref().map(|s| s.module.as_str()),
            )
        }
        Owner::DiceSpace { space } => {
            let d = &c.dice_play.spaces[space as usize];
            (
                format!("dice space `{}`", d.id),
                d.script.as_ref().map(|s| s.module.as_str()),
            )
        }
        Owner::Extra { extra } => {
            let e = &c.dice_play.extras[extra as usize];
            (
                format!("extra `{}`", e.id),
                e.script.as_ref().map(|s| s.module.as_str()),
            )
        }
    }
}

/// A hook of the program's `end` list that a score estimate runs.
#[derive(Debug, Clone, Copy)]
enum EndHook {
    /// A game hook (`run = "module.function"`), and for whom.
    Game(u16, HookOn),
    /// Every board node's hook of that name (`on = "nodes"`), in slot order.
    Nodes(Hook),
}

/// Whether a score estimate runs any hook of the program's `end` list on a copy (an
/// `on = "player"` hook has no player outside a turn and is left out; so are card
/// hooks): else it reads the declared score parts as they stand.
pub fn estimate_runs_end_hooks(prog: &crate::content::program::Program) -> bool {
    end_hooks(prog)
        .iter()
        .any(|h| !matches!(h, EndHook::Game(_, HookOn::Player)))
}

/// The hooks of the program's `end` list, in order, nested blocks included.
fn end_hooks(prog: &crate::content::program::Program) -> Vec<EndHook> {
    use crate::content::program::END_BLOCK;
    fn walk(
        prog: &crate::content::program::Program,
        b: crate::content::program::BlockId,
        depth: usize,
        out: &mut Vec<EndHook>,
    ) {
        if depth > 16 {
            return;
        }
        for step in &prog.block(b).steps {
            if let Some((hook, on)) = step.kind.game_hook() {
                out.push(EndHook::Game(hook, on));
            } else if let Some(hook) = step.kind.node_hook() {
                out.push(EndHook::Nodes(hook));
            } else if step.kind.as_turns().is_none() {
                if let Some(inner) = step.kind.runs_block() {
                    walk(prog, inner, depth + 1, out);
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(prog, END_BLOCK, 0, &mut out);
    out
}
