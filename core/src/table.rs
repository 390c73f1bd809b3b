//! A table: one game that people and bots play together, one answer at a time, for
//! the front ends that show a game to people (`weft play` in a terminal, `weft serve`
//! in a browser). Each seat is a person (`human`) or a bot. The table keeps the game's
//! answers, so it can go back (undo: the game is played again from its answers, which
//! gives the same positions, DESIGN invariant 5), be saved as a replay at any point and
//! be resumed from one, on the same packs or on packs edited since.

use std::sync::Arc;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::agent::{check_bot, make_agent_with, option_estimates, Agent, BotOptions};
use crate::content::Content;
use crate::decision::{Answer, Decision};
use crate::engine::Engine;
use crate::error::EngineError;
use crate::events::{Event, EventLog};
use crate::replay::{Replay, CHECKPOINT_EVERY};
use crate::sim::game_seed;
use crate::state::{GameResult, GameState};
use crate::view::SeatView;

/// The seat name of a person.
pub const HUMAN: &str = "human";

/// What went wrong at the table. The game is never left half-changed: after an error
/// the position is the one before the answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// An answer from a seat that is not the one asked.
    #[error("seat {given} answered, but seat {asked} is asked")]
    NotAsked {
        /// The seat that answered, from 1.
        given: usize,
        /// The seat asked, from 1.
        asked: usize,
    },
    /// A person answered for a bot's seat.
    #[error("seat {0} is a bot's; it answers for itself")]
    BotSeat(usize),
    /// The engine refused the answer (not an option, or a script error running it).
    #[error("{0}")]
    Refused(String),
    /// A bot's answer raised an error: the game cannot go on from here (undo, or save
    /// the game to keep the error as a replay).
    // The key is left out of the text: it may name a card in the bot's hidden hand.
    #[error("seat {seat} ({bot})'s answer failed: {message}")]
    BotFailed {
        /// The seat, from 1.
        seat: usize,
        /// The bot.
        bot: String,
        /// The answer that failed.
        key: String,
        /// The error.
        message: String,
    },
    /// The game ran past the decisions a game may take.
    #[error("the game took more than {0} decisions and was stopped")]
    TooLong(usize),
    /// Nothing a person answered is left to take back.
    #[error("no answer of a person to take back")]
    NothingToUndo,
}

/// One answer given at the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// The seat that answered (0-based).
    pub player: usize,
    /// The option's key.
    pub key: Arc<str>,
    /// The option's label.
    pub label: String,
}

/// A bot's answer that failed, kept for the saved replay.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Failure {
    key: String,
    message: String,
}

/// How a resumed game went on the packs as they are now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resumed {
    /// Answers of the file played again.
    pub played: usize,
    /// Answers the file holds.
    pub recorded: usize,
    /// Whether the packs changed since the file was saved (other digests).
    pub packs_changed: bool,
    /// Why the rest of its answers were not played: the first answer no longer offered
    /// or failing on the packs as they are now (1-based number, key, reason).
    pub stopped: Option<(usize, String, String)>,
    /// Whether the state after the answers differs from the one the file recorded
    /// (only known when every answer was played).
    pub differs: bool,
}

/// A game at the table.
pub struct Table {
    content: Arc<Content>,
    engine: Engine,
    seats: Vec<String>,
    bots: Vec<Option<Box<dyn Agent>>>,
    seed: u64,
    st: GameState,
    answers: Vec<Arc<str>>,
    /// Who gave each answer (0-based seat).
    answered_by: Vec<usize>,
    /// State hashes every [`CHECKPOINT_EVERY`] answers, for the saved replay.
    checkpoints: Vec<(usize, String)>,
    /// Every event so far, as the engine logged them (with what only some seats read).
    events: Vec<Event>,
    /// How many events there were before each answer.
    events_before: Vec<usize>,
    failed: Option<Failure>,
    /// Things a person should know that are not the game's events: script errors a bot
    /// met while looking ahead.
    notes: Vec<String>,
}

impl Table {
    /// A new game of `content` from `seed`, one seat per entry of `seats` (`human`, or
    /// a bot name as `weft sim --bots` takes them). Bots are seeded from the game seed,
    /// each apart.
    pub fn new(
        content: Arc<Content>,
        seats: Vec<String>,
        seed: u64,
        bot_options: &BotOptions,
    ) -> Result<Table, String> {
        if seats.is_empty() {
            return Err("a game needs at least one seat".into());
        }
        let mut bots = Vec::with_capacity(seats.len());
        for (s, name) in seats.iter().enumerate() {
            if name == HUMAN {
                bots.push(None);
                continue;
            }
            check_bot(name, &content).map_err(|e| format!("seat {}: {e}", s + 1))?;
            let bot = make_agent_with(name, game_seed(seed, 1000 + s as u64), bot_options)
                .map_err(|e| format!("seat {}: {e}", s + 1))?;
            bots.push(Some(bot));
        }
        let mut engine = Engine::with_lua(Arc::clone(&content)).map_err(|e| e.to_string())?;
        let mut log = EventLog::recording();
        let st = engine
            .new_game_logged(seats.len(), seed, &mut log)
            .map_err(|e| format!("the game cannot be set up: {e}"))?;
        Ok(Table {
            content,
            engine,
            seats,
            bots,
            seed,
            st,
            answers: Vec::new(),
            answered_by: Vec::new(),
            checkpoints: Vec::new(),
            events: log.events,
            events_before: Vec::new(),
            failed: None,
            notes: Vec::new(),
        })
    }

    /// The game of `replay`, played again on `content` as far as its answers go, with
    /// `seats` (the replay's own when `None`; a saved seat that is no longer a bot this
    /// content knows is refused). On packs edited since it was saved, the answers are
    /// played while they are offered and run: [`Resumed`] says how far they went.
    pub fn resume(
        content: Arc<Content>,
        replay: &Replay,
        seats: Option<Vec<String>>,
        bot_options: &BotOptions,
    ) -> Result<(Table, Resumed), String> {
        replay.validate().map_err(|e| e.to_string())?;
        if replay.digest != content.digest {
            crate::replay::same_packs(&content, replay).map_err(|e| e.to_string())?;
        }
        let seats = seats.unwrap_or_else(|| replay.seats.clone());
        if seats.len() != replay.players {
            return Err(format!(
                "the saved game has {} players, but {} seats were given",
                replay.players,
                seats.len()
            ));
        }
        let mut table = Table::new(content, seats, replay.seed, bot_options)?;
        let mut stopped = None;
        for (i, key) in replay.answers.iter().enumerate() {
            let Some(asked) = table.st.decision().map(|d| d.player) else {
                stopped = Some((i + 1, key.to_string(), "the game is already over".into()));
                break;
            };
            if let Err(e) = table.apply(asked, Answer::Key(key.to_string())) {
                stopped = Some((i + 1, key.to_string(), e.to_string()));
                break;
            }
        }
        let played = table.answers.len();
        let differs = stopped.is_none() && table.st.hash() != replay.final_hash;
        let resumed = Resumed {
            played,
            recorded: replay.answers.len(),
            packs_changed: replay.digest != table.content.digest,
            stopped,
            differs,
        };
        Ok((table, resumed))
    }

    /// The content the game is played on.
    pub fn content(&self) -> &Arc<Content> {
        &self.content
    }

    /// The seats' names (`human` or a bot's name), by 0-based seat.
    pub fn seats(&self) -> &[String] {
        &self.seats
    }

    /// Whether seat `seat` (0-based) is a person's.
    pub fn is_human(&self, seat: usize) -> bool {
        self.bots.get(seat).is_some_and(Option::is_none)
    }

    /// The game seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The whole state (every hidden card in it: for tools, not for a seat's screen;
    /// see [`Table::view`]).
    pub fn state(&self) -> &GameState {
        &self.st
    }

    /// The pending question, if the game is not over.
    pub fn decision(&self) -> Option<&Decision> {
        self.st.decision()
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<&GameResult> {
        self.st.result.as_ref()
    }

    /// The answers given so far, in order.
    pub fn answers(&self) -> &[Arc<str>] {
        &self.answers
    }

    /// Who gave each answer (0-based seats), in order.
    pub fn answered_by(&self) -> &[usize] {
        &self.answered_by
    }

    /// Every event so far, with what only some seats may read (see
    /// [`SeatView::events`] for one seat's reading).
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// How many events had happened before answer `n` (0-based) was given; the count
    /// of all events for `n` past the last answer.
    pub fn events_before(&self, n: usize) -> usize {
        self.events_before
            .get(n)
            .copied()
            .unwrap_or(self.events.len())
    }

    /// The number of the last answer seat `seat` gave (0-based), if any.
    pub fn last_answer_of(&self, seat: usize) -> Option<usize> {
        self.answered_by.iter().rposition(|&s| s == seat)
    }

    /// Seat `seat`'s view of the game now (while a script asks, of its changes so far).
    pub fn view(&mut self, seat: usize) -> SeatView {
        SeatView::of_game(&mut self.engine, &self.st, seat)
    }

    /// The notes gathered since the last call (script errors bots met while looking
    /// ahead), for the front end to show.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }

    /// Whether the pending question is a bot's.
    pub fn bot_to_answer(&self) -> bool {
        self.failed.is_none() && self.st.decision().is_some_and(|d| !self.is_human(d.player))
    }

    /// Lets the bot that is asked answer. `None` when no bot is asked (a person is, or
    /// the game is over). A bot whose answer fails stops the game there
    /// ([`TableError::BotFailed`], again at every call until an undo).
    pub fn bot_turn(&mut self) -> Option<Result<Move, TableError>> {
        let d = self.st.decision()?;
        let p = d.player;
        if let Some(f) = &self.failed {
            return Some(Err(self.bot_failed(p, f.key.clone(), f.message.clone())));
        }
        let bot = self.bots.get_mut(p)?.as_mut()?;
        self.engine.set_lookahead(true);
        let choice = bot.choose(&mut self.engine, &self.st, d);
        self.engine.set_lookahead(false);
        let name = bot.name().to_string();
        self.note_lookahead(&name, p);
        Some(self.apply(p, Answer::Index(choice)).map_err(|e| match e {
            TableError::Refused(message) => {
                let key = self
                    .st
                    .decision()
                    .and_then(|d| d.options.get(choice))
                    .map_or_else(String::new, |o| o.key.to_string());
                self.failed = Some(Failure {
                    key: key.clone(),
                    message: message.clone(),
                });
                self.bot_failed(p, key, message)
            }
            other => other,
        }))
    }

    fn bot_failed(&self, p: usize, key: String, message: String) -> TableError {
        TableError::BotFailed {
            seat: p + 1,
            bot: self.seats[p].clone(),
            key,
            message,
        }
    }

    /// The error that stopped the game, when a bot's answer failed (until an undo).
    pub fn failure(&self) -> Option<TableError> {
        let f = self.failed.as_ref()?;
        let p = self.st.decision().map_or(0, |d| d.player);
        Some(self.bot_failed(p, f.key.clone(), f.message.clone()))
    }

    /// Seat `seat` (0-based, a person's) answers the pending question.
    pub fn answer(&mut self, seat: usize, answer: Answer) -> Result<Move, TableError> {
        let d = self.st.decision().ok_or(TableError::Over)?;
        if d.player != seat {
            return Err(TableError::NotAsked {
                given: seat + 1,
                asked: d.player + 1,
            });
        }
        if !self.is_human(seat) {
            return Err(TableError::BotSeat(seat + 1));
        }
        self.apply(seat, answer)
    }

    /// Applies `answer` for `p`, all or nothing, and keeps it with its events.
    fn apply(&mut self, p: usize, answer: Answer) -> Result<Move, TableError> {
        if self.answers.len() >= crate::limits::MAX_DECISIONS {
            return Err(TableError::TooLong(crate::limits::MAX_DECISIONS));
        }
        let d = self.st.decision().ok_or(TableError::Over)?;
        let index = match &answer {
            Answer::Index(i) => Some(*i),
            Answer::Key(k) => d.index_of(k),
        };
        let chosen = index.and_then(|i| d.options.get(i)).cloned();
        let mut log = EventLog::recording();
        self.engine
            .apply_logged(&mut self.st, answer, &mut log)
            .map_err(|e: EngineError| TableError::Refused(e.to_string()))?;
        let chosen = chosen.expect("an applied answer is one of the options");
        self.events_before.push(self.events.len());
        self.events.extend(log.events);
        self.answers.push(Arc::clone(&chosen.key));
        self.answered_by.push(p);
        if self.answers.len() % CHECKPOINT_EVERY == 0 {
            self.checkpoints.push((self.answers.len(), self.st.hash()));
        }
        Ok(Move {
            player: p,
            label: chosen.label().to_string(),
            key: chosen.key,
        })
    }

    /// Takes back the answers since the last one a person gave, that one included: the
    /// game is played again from its answers up to it. Returns the seat asked again
    /// (0-based), whose question is pending once more.
    pub fn undo(&mut self) -> Result<usize, TableError> {
        let last = (0..self.answers.len())
            .rev()
            .find(|&i| self.is_human(self.answered_by[i]))
            .ok_or(TableError::NothingToUndo)?;
        let keep: Vec<(Arc<str>, usize)> = self.answers[..last]
            .iter()
            .cloned()
            .zip(self.answered_by[..last].iter().copied())
            .collect();
        let mut log = EventLog::recording();
        let fresh = self
            .engine
            .new_game_logged(self.seats.len(), self.seed, &mut log)
            .map_err(|e| TableError::Refused(format!("the game cannot be set up again: {e}")))?;
        // The game as it is, put back if playing it again fails: undo is all or nothing.
        let before = (
            std::mem::replace(&mut self.st, fresh),
            std::mem::take(&mut self.answers),
            std::mem::take(&mut self.answered_by),
            std::mem::replace(&mut self.events, log.events),
            std::mem::take(&mut self.events_before),
            std::mem::take(&mut self.checkpoints),
        );
        for (i, (key, p)) in keep.into_iter().enumerate() {
            if let Err(e) = self.apply(p, Answer::Key(key.to_string())) {
                (
                    self.st,
                    self.answers,
                    self.answered_by,
                    self.events,
                    self.events_before,
                    self.checkpoints,
                ) = before;
                return Err(TableError::Refused(format!(
                    "the game went differently when played again (a hook that keeps state between calls?): answer {} (`{key}`): {e}",
                    i + 1
                )));
            }
        }
        self.failed = None;
        Ok(self.st.decision().map_or(0, |d| d.player))
    }

    /// What each option of the pending question is worth to the greedy bot (see
    /// [`option_estimates`]), for the asked seat; the same values for the same game
    /// and answers. `None` when the game is over, and while a card's or tile's effect
    /// is asking: the bot's copy of the game then keeps the real deal and dice (see
    /// `agent::determinize`), so its values would tell what the seat may not know.
    pub fn hints(&mut self) -> Option<Vec<f64>> {
        if self.st.flow.effect.is_some() {
            return None;
        }
        let d = self.st.decision()?.clone();
        let mut rng = Pcg64Mcg::seed_from_u64(game_seed(self.seed, self.answers.len() as u64));
        self.engine.set_lookahead(true);
        let values = option_estimates(&mut self.engine, &self.st, &d, None, &mut rng);
        self.engine.set_lookahead(false);
        self.note_lookahead("the greedy bot's estimate", d.player);
        Some(values)
    }

    /// Turns the script errors met while looking ahead into notes.
    fn note_lookahead(&mut self, who: &str, p: usize) {
        let (found, others) = self.engine.take_lookahead_errors();
        for e in found {
            self.notes.push(format!(
                "{who} (seat {}) met a script error while looking ahead ({}): {}",
                p + 1,
                crate::text::plural(e.count, "time"),
                e.error
            ));
        }
        if others > 0 {
            self.notes.push(format!(
                "{who} (seat {}) met {} more at other places",
                p + 1,
                crate::text::plural(others, "script error")
            ));
        }
    }

    /// The game so far as a replay (`weft replay`, `weft play --resume`): its answers,
    /// the hash of the position now, and a bot's failed answer with its error.
    pub fn replay(&self) -> Replay {
        let mut r = Replay::empty(&self.content, &self.seats, self.seed);
        r.answers = self.answers.clone();
        r.final_hash = self.st.hash();
        r.checkpoints = self.checkpoints.clone();
        if let Some(f) = &self.failed {
            r.error = Some(f.message.clone());
            r.failing_answer = Some(f.key.clone());
        }
        r
    }
}
