//! What the game asks and what may be answered (DESIGN invariant 3).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::content::{AreaId, CardId, SlotId};

/// One legal answer: a stable key, a label for people, and what it means to the engine.
/// Key and label are shared strings: a decision built again from kept texts (the same
/// moves, the same cards) copies no text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    /// Stable key, e.g. `move:plaza:wool-shop`, `fulfil:c03`, `pass`.
    pub key: Arc<str>,
    /// Text for people.
    pub label: Arc<str>,
    /// What the engine does with it.
    pub action: Action,
}

impl Choice {
    /// A choice from a script's key and label; an empty label (a question asked
    /// without labels, see [`crate::Engine::set_labels`]) shows the key, sharing its
    /// text.
    pub fn new(key: String, label: String, action: Action) -> Choice {
        let key: Arc<str> = key.into();
        let label = if label.is_empty() || label == *key {
            Arc::clone(&key)
        } else {
            label.into()
        };
        Choice { key, label, action }
    }

    /// [`Choice::new`] from texts already shared: a label equal to the key (or empty)
    /// is the key's text, and nothing is copied.
    pub fn shared(key: Arc<str>, label: Arc<str>, action: Action) -> Choice {
        let label = if label.is_empty() || label == key {
            key.clone()
        } else {
            label
        };
        Choice { key, label, action }
    }
}

/// The engine's meaning of a choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Move piece `piece` to slot `to` (R-MOVE-1).
    Move {
        /// Piece index of the player.
        piece: u8,
        /// Destination slot.
        to: SlotId,
    },
    /// Take the tile's action (R-ACT-1).
    Act,
    /// Decline, or finish (R-ACT-2).
    Pass,
    /// Fulfil a commission from hand (R-FUL-1).
    Fulfil {
        /// The card.
        card: CardId,
    },
    /// Take a tucked card's workshop action (R-WS-4).
    Workshop {
        /// The card.
        card: CardId,
    },
    /// Discard a card down to the hand limit (R-FUL-4).
    Discard {
        /// The card.
        card: CardId,
    },
    /// An answer to a script's `ctx:choose` (invariant 4).
    Script,
    /// Place a worker in an area, on its leftmost free usable space (C-PLACE-2).
    Place {
        /// The area.
        area: AreaId,
    },
    /// Resolve the worker on a space with the area's option of the choice's key (C-RES-1).
    Resolve {
        /// The area.
        area: AreaId,
        /// The space (from 0).
        space: u8,
    },
    /// Decline the worker's action for the `resolve` step's payment (C-RES-2).
    Decline {
        /// The area.
        area: AreaId,
        /// The space (from 0).
        space: u8,
    },
}

/// A decision: who must answer, what they are asked, and the options in a stable order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// Seat that answers (0-based).
    pub player: usize,
    /// What is asked.
    pub prompt: String,
    /// Options; never empty.
    pub options: Vec<Choice>,
}

impl Decision {
    /// The same decision without its text for people: no prompt, and each option's
    /// label its key (what [`crate::state::GameState::hash`] hashes).
    pub fn without_text(&self) -> Decision {
        Decision {
            player: self.player,
            prompt: String::new(),
            options: self
                .options
                .iter()
                .map(|c| Choice {
                    key: Arc::clone(&c.key),
                    label: Arc::clone(&c.key),
                    action: c.action,
                })
                .collect(),
        }
    }

    /// Index of the option with this key.
    pub fn index_of(&self, key: &str) -> Option<usize> {
        self.options.iter().position(|c| *c.key == *key)
    }
}

/// An answer: by index into the options or by key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// The option at this index.
    Index(usize),
    /// The option with this key.
    Key(String),
}

impl From<usize> for Answer {
    fn from(i: usize) -> Self {
        Answer::Index(i)
    }
}

impl From<&str> for Answer {
    fn from(k: &str) -> Self {
        Answer::Key(k.to_string())
    }
}
