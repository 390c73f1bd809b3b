//! The three kinds of error (DESIGN invariant 10): rule errors, script errors and
//! content errors (in [`crate::content`]).

use std::fmt;

use serde::Serialize;

use crate::text::printable;

/// An illegal answer. Nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The game is over; nothing more may be answered.
    #[error("the game is over; no answer is accepted")]
    GameOver,
    /// The index is not an option.
    #[error("answer index {index} is out of range: there are {count} options, numbered 0 to {}", count.saturating_sub(1))]
    IndexOutOfRange {
        /// Given index.
        index: usize,
        /// Option count.
        count: usize,
    },
    /// The key is not an option.
    #[error("`{key}` is not an option here; options are: {options}")]
    UnknownKey {
        /// Given key.
        key: String,
        /// Valid keys, comma separated.
        options: String,
    },
    /// The answer came from a player who is not being asked.
    #[error("player {given} answered, but the decision belongs to player {expected}")]
    WrongPlayer {
        /// Who answered (0-based).
        given: usize,
        /// Who is asked.
        expected: usize,
    },
}

/// How a script error caused by the memory cap begins (the host adds it; the engine
/// re-runs such a call to find its line, since a memory error carries none).
pub const MEMORY_CAP_MESSAGE: &str = "the hook hit the memory cap";

/// A failure inside a script: which pack, file, content and hook, and Lua's message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
pub struct ScriptError {
    /// Pack owning the behaviour.
    pub pack: String,
    /// Chunk name of the behaviour's module (`pack/path`).
    pub file: String,
    /// Line in that file, when Lua reported one.
    pub line: Option<u32>,
    /// The tile, card or unlock whose hook failed.
    pub owner: String,
    /// Hook name.
    pub hook: String,
    /// Lua's message (capped in length).
    pub message: String,
    /// Lua traceback, if any (capped in length).
    pub traceback: String,
}

impl ScriptError {
    /// The pack of a file label `pack/path` (empty when the label names no pack), for
    /// errors the engine raises about a pack's file.
    pub fn pack_of(label: &str) -> String {
        label
            .split_once('/')
            .map(|(pack, _)| pack.to_string())
            .unwrap_or_default()
    }

    /// What is known of where the error is, for people: `file F:LINE` and `pack P`, each
    /// left out when empty (an error the engine raises may know neither), so no message
    /// names an empty file or pack. Escaped for the terminal.
    pub fn whereabouts(&self) -> Vec<String> {
        let mut parts = Vec::new();
        if !self.file.is_empty() {
            parts.push(format!(
                "file {}{}",
                printable(&self.file),
                self.line.map(|l| format!(":{l}")).unwrap_or_default()
            ));
        }
        if !self.pack.is_empty() {
            parts.push(format!("pack {}", printable(&self.pack)));
        }
        parts
    }
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Everything here may come from a pack: shown with control characters escaped.
        write!(f, "error: {}", printable(&self.message))?;
        write!(
            f,
            "\n  in hook `{}` of {}",
            printable(&self.hook),
            printable(&self.owner)
        )?;
        let parts = self.whereabouts();
        if !parts.is_empty() {
            write!(f, " ({})", parts.join(", "))?;
        }
        write!(f, "\n  the game was left unchanged")?;
        if !self.traceback.is_empty() {
            write!(f, "\n{}", printable(&self.traceback))?;
        }
        Ok(())
    }
}

/// Any error from [`crate::engine::Engine::apply`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// An illegal answer.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// A script failed.
    #[error(transparent)]
    Script(#[from] Box<ScriptError>),
}

impl From<ScriptError> for EngineError {
    fn from(e: ScriptError) -> Self {
        EngineError::Script(Box::new(e))
    }
}
