//! A game's record of the script errors its bots met while looking ahead
//! ([`crate::Engine::set_lookahead`]): each place once, with how often, and where in the
//! game it was first met, so a broken script is reported even when the bots steered
//! around it and the game itself finished.

use serde::{Deserialize, Serialize};

use crate::decision::Decision;
use crate::engine::{Engine, LookaheadError};
use crate::error::EngineError;
use crate::replay::Replay;
use crate::state::GameState;
use crate::text::printable;

/// Most places one record lists (as [`crate::engine::MAX_LOOKAHEAD_PLACES`]).
pub const MAX_PLACES: usize = crate::engine::MAX_LOOKAHEAD_PLACES;

/// Script errors met at one place while the bots of one game looked ahead.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LookaheadRecord {
    /// Where: `file:line hook `h` of owner (pack p)`, the key the summary groups by.
    pub site: String,
    /// The first line of Lua's message (capped).
    pub message: String,
    /// Times met in this game.
    pub count: u64,
    /// Answers given before the decision at which it was first met.
    pub decision: usize,
    /// The seat (from 1) that was choosing then.
    pub seat: usize,
    /// The option of that decision whose trial reached it (`None`: evaluating the
    /// decision's own position).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option: Option<String>,
    /// Answers past that option at which it was met (0: the option itself failed).
    #[serde(default)]
    pub depth: u32,
    /// Whether it was met estimating a score (`[score] potential`, or the `end` hooks
    /// run on a copy): the bot counted the estimate's part as 0, it avoided nothing.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub estimate: bool,
}

/// Most times one record says an error was met (far above what one game can meet).
pub const MAX_COUNT: u64 = 1 << 50;

/// Longest message a record keeps, in characters.
const MAX_MESSAGE: usize = 500;

/// The place of a script error, as the summary groups them.
pub fn site(e: &crate::error::ScriptError) -> String {
    let mut site = String::new();
    if !e.file.is_empty() {
        site.push_str(&format!(
            "{}{} ",
            printable(&e.file),
            e.line.map(|l| format!(":{l}")).unwrap_or_default()
        ));
    }
    site.push_str(&format!(
        "hook `{}` of {}",
        printable(&e.hook),
        printable(&e.owner)
    ));
    if !e.pack.is_empty() {
        site.push_str(&format!(" (pack {})", printable(&e.pack)));
    }
    site
}

/// Adds the errors `found` while the seat answering `decision` chose, after the
/// answers of `so_far`, to `record`'s look-ahead errors (past [`MAX_PLACES`] places, to
/// its count of others). The first time one is met in the game, the record gets a replay
/// that reaches it ([`reach`]).
pub(crate) fn note(
    engine: &mut Engine,
    record: &mut super::GameRecord,
    found: Vec<LookaheadError>,
    so_far: &Replay,
    st: &GameState,
    decision: &Decision,
) {
    let super::GameRecord {
        lookahead_errors: list,
        lookahead_others: others,
        lookahead_replay: replay,
        ..
    } = record;
    for e in found {
        let place = site(&e.error);
        let message = crate::text::fit(
            printable(e.error.message.lines().next().unwrap_or("")).as_ref(),
            MAX_MESSAGE,
        );
        if let Some(r) = list
            .iter_mut()
            .find(|r| r.site == place && r.message == message && r.estimate == e.estimate)
        {
            r.count = r.count.saturating_add(e.count);
            continue;
        }
        if list.len() >= MAX_PLACES {
            *others = others.saturating_add(e.count);
            continue;
        }
        let option = e
            .first
            .root()
            .and_then(|i| decision.options.get(i))
            .map(|o| o.key.to_string());
        if replay.is_none() && option.is_some() {
            *replay = Some(reach(engine, so_far, st, &e));
        }
        list.push(LookaheadRecord {
            site: place,
            message,
            count: e.count,
            decision: so_far.answers.len(),
            seat: decision.player + 1,
            option,
            depth: e.first.depth(),
            estimate: e.estimate,
        });
    }
}

/// A replay that reaches look-ahead error `e`, met while a bot chose at `st` (reached by
/// `so_far`): the options of the bot's trial are played on the game itself, and the
/// one that fails there is the replay's failing answer, after the ones before it. When
/// none fails there (the bot had re-dealt what it could not see, the trial went deeper
/// than a mark keeps, or an evaluation hook failed), the replay stops at `st` with the
/// trial's first option as its failing answer, and its error says so.
fn reach(engine: &mut Engine, so_far: &Replay, st: &GameState, e: &LookaheadError) -> Replay {
    let mut game = st.clone();
    let mut keys = Vec::new();
    for &i in e.first.kept() {
        let Some(key) = game
            .decision()
            .and_then(|d| d.options.get(i as usize))
            .map(|o| std::sync::Arc::clone(&o.key))
        else {
            break;
        };
        match engine.apply(&mut game, i as usize) {
            Ok(()) => keys.push(key),
            Err(EngineError::Script(now))
                if now.file == e.error.file
                    && now.hook == e.error.hook
                    && now.owner == e.error.owner =>
            {
                let mut r = so_far.clone();
                r.answers.extend(keys);
                r.final_hash = game.hash();
                r.failing_answer = Some(key.to_string());
                r.error = Some(format!(
                    "a bot met this error while looking ahead, trying these answers:\n{now}"
                ));
                return r;
            }
            // Another error, or an answer that is no option on the game itself.
            Err(_) => break,
        }
    }
    let mut r = so_far.clone();
    r.met_on_copy = true;
    r.final_hash = st.hash();
    r.failing_answer = e
        .first
        .root()
        .and_then(|i| st.decision().and_then(|d| d.options.get(i)))
        .map(|o| o.key.to_string());
    r.error = Some(format!(
        "a bot met this error while looking ahead, {} answers past this option; played on the game itself, the answers it tried do not raise it (it re-dealt what it cannot see, or the error came from an evaluation hook such as `[score] potential`):\n{}",
        e.first.depth(),
        e.error
    ));
    r
}

/// `Err` unless the records are plausible: at most [`MAX_PLACES`], texts within
/// bounds, positions within a game's length.
pub(crate) fn validate(list: &[LookaheadRecord], seats: usize) -> Result<(), String> {
    use crate::file_checks::check_text;
    if list.len() > MAX_PLACES {
        return Err(format!(
            "it lists {} look-ahead error places (at most {MAX_PLACES})",
            list.len()
        ));
    }
    for r in list {
        check_text("a look-ahead error's place", &r.site)?;
        check_text("a look-ahead error's message", &r.message)?;
        if r.site.is_empty() || r.count == 0 || r.count > MAX_COUNT {
            return Err(format!(
                "a look-ahead error has no place or a count of {} (1 to {MAX_COUNT} allowed)",
                r.count
            ));
        }
        if r.decision > super::MAX_DECISIONS || r.seat == 0 || r.seat > seats {
            return Err(format!(
                "a look-ahead error is placed at decision {} by seat {} of {seats}",
                r.decision, r.seat
            ));
        }
        if let Some(k) = &r.option {
            check_text("a look-ahead error's option", k)?;
        }
    }
    Ok(())
}
