//! Script errors a bot meets while it looks ahead: greedy's trials of each option, the
//! search bot's expansions and playouts, and the evaluation hooks (`[score] potential`,
//! the `end` list run on a copy) they call. A bot that meets one just values that
//! option as worthless and plays on, so without this log a broken script hides behind
//! the bots' choices. While a caller says a bot is looking ahead
//! ([`Engine::set_lookahead`]), every script error the engine returns or swallows is
//! counted here by where it happened; the caller takes the counts after the bot has
//! chosen ([`Engine::take_lookahead_errors`]).

use super::Engine;
use crate::error::{EngineError, ScriptError};
use crate::state::{GameState, LookaheadMark};

/// Most distinct places one log keeps; errors at further places are only counted
/// ([`Engine::take_lookahead_errors`] returns how many).
pub const MAX_PLACES: usize = 32;

/// The errors met at one place (file, line, hook, owner and message) while bots looked
/// ahead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LookaheadError {
    /// The first error met there (its message and traceback as the host capped them).
    pub error: ScriptError,
    /// How many times.
    pub count: u64,
    /// Where the first one was met: the options applied from the decision being chosen
    /// to reach it (none: evaluating the decision's own position), the failing one last.
    pub first: LookaheadMark,
    /// Whether it was met estimating a position's score (`[score] potential`, or the
    /// `end` hooks run on a copy): the bot then counted what the estimate adds as 0 and
    /// played on; it did not avoid an option.
    pub estimate: bool,
}

/// The log the engine keeps while [`Engine::set_lookahead`] is on.
#[derive(Debug, Default)]
pub(super) struct LookaheadLog {
    /// Whether a bot is looking ahead now.
    pub(super) on: bool,
    /// Errors by place, in the order first met.
    pub(super) errors: Vec<LookaheadError>,
    /// Errors at places beyond the first [`MAX_PLACES`].
    pub(super) others: u64,
}

impl LookaheadLog {
    /// Counts `error`, met on a copy marked `mark` (while estimating a score, when
    /// `estimate`).
    fn note(&mut self, error: &ScriptError, mark: LookaheadMark, estimate: bool) {
        let same = |e: &LookaheadError| {
            e.estimate == estimate
                && e.error.file == error.file
                && e.error.line == error.line
                && e.error.hook == error.hook
                && e.error.owner == error.owner
                && e.error.message == error.message
        };
        if let Some(e) = self.errors.iter_mut().find(|e| same(e)) {
            e.count = e.count.saturating_add(1);
        } else if self.errors.len() < MAX_PLACES {
            self.errors.push(LookaheadError {
                error: error.clone(),
                count: 1,
                first: mark,
                estimate,
            });
        } else {
            self.others = self.others.saturating_add(1);
        }
    }
}

impl Engine {
    /// Tells the engine whether a bot is now looking ahead on copies of the game (on:
    /// between asking a bot and getting its choice). While on, the engine marks each
    /// copy with the option it descends from and counts every script error it meets.
    /// Turning it off keeps the counts for [`Engine::take_lookahead_errors`].
    pub fn set_lookahead(&mut self, on: bool) {
        self.lookahead.on = on;
    }

    /// The script errors met while looking ahead since the last call, by place, in the
    /// order first met, and how many more were met at places beyond [`MAX_PLACES`].
    pub fn take_lookahead_errors(&mut self) -> (Vec<LookaheadError>, u64) {
        (
            std::mem::take(&mut self.lookahead.errors),
            std::mem::take(&mut self.lookahead.others),
        )
    }

    /// Notes `result`, of applying option `index` to a copy marked `before`; on success
    /// the copy `st` gets the mark that follows.
    pub(super) fn note_trial(
        &mut self,
        st: &mut GameState,
        before: LookaheadMark,
        index: usize,
        result: &Result<(), EngineError>,
    ) {
        if !self.lookahead.on {
            return;
        }
        let mark = before.after(index);
        match result {
            Ok(()) => st.lookahead = mark,
            Err(EngineError::Script(e)) => self.lookahead.note(e, mark, false),
            Err(EngineError::Rule(_)) => {}
        }
    }

    /// Notes a script error an evaluation hook met on `st` (its result is then taken as
    /// nothing more).
    pub(super) fn note_evaluation_error(&mut self, st: &GameState, error: &ScriptError) {
        if self.lookahead.on {
            self.lookahead.note(error, st.lookahead, true);
        }
    }
}
