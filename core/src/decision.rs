//! What the game asks and what may be answered (DESIGN invariant 3).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::content::{AreaId, CardIx, SlotId};

/// One legal answer: a stable key, a label for people, and what it means to the engine.
/// Key and label are shared strings: a decision built again from kept texts (the same
/// moves, the same cards) copies no text. A choice whose label is its key (every choice
/// made without labels, see [`crate::Engine::set_labels`]) holds the key alone, so making
/// and dropping it counts one reference, not two.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "ChoiceText", from = "ChoiceText")]
pub struct Choice {
    /// Stable key, e.g. `move:plaza:wool-shop`, `fulfil:c03`, `pass`.
    pub key: Arc<str>,
    /// Text for people when it differs from the key (never empty, never the key's text:
    /// the constructors see to it, so equal choices compare equal).
    label: Option<Arc<str>>,
    /// What the engine does with it.
    pub action: Action,
}

/// A [`Choice`] as it is written and read (`{"key", "label", "action"}`): the label is
/// always written, the key's text when the choice has no label of its own.
#[derive(Serialize, Deserialize)]
struct ChoiceText {
    key: Arc<str>,
    label: Arc<str>,
    action: Action,
}

impl From<Choice> for ChoiceText {
    fn from(c: Choice) -> ChoiceText {
        ChoiceText {
            label: c.label.unwrap_or_else(|| Arc::clone(&c.key)),
            key: c.key,
            action: c.action,
        }
    }
}

impl From<ChoiceText> for Choice {
    fn from(c: ChoiceText) -> Choice {
        Choice::shared(c.key, c.label, c.action)
    }
}

impl Choice {
    /// A choice from a script's key and label; an empty label (a question asked
    /// without labels, see [`crate::Engine::set_labels`]) shows the key, sharing its
    /// text.
    pub fn new(key: String, label: String, action: Action) -> Choice {
        let key: Arc<str> = key.into();
        let label = (!label.is_empty() && label != *key).then(|| label.into());
        Choice { key, label, action }
    }

    /// [`Choice::new`] from texts already shared: a label equal to the key (or empty)
    /// is the key's text, and nothing is copied.
    pub fn shared(key: Arc<str>, label: Arc<str>, action: Action) -> Choice {
        let label = (!label.is_empty() && label != key).then_some(label);
        Choice { key, label, action }
    }

    /// A choice whose label is its key.
    pub fn keyed(key: Arc<str>, action: Action) -> Choice {
        Choice {
            key,
            label: None,
            action,
        }
    }

    /// The text for people: the label, or the key when the choice has none.
    pub fn label(&self) -> &str {
        self.label.as_deref().unwrap_or(&self.key)
    }

    /// Gives the choice another label (the key's text when `label` is empty or the key).
    pub fn set_label(&mut self, label: Arc<str>) {
        self.label = (!label.is_empty() && label != self.key).then_some(label);
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
    /// Play a card from hand (a `play` step; R-FUL-1).
    Play {
        /// The card.
        card: CardIx,
    },
    /// Use a card of a player zone: run its hook (a `use_cards` phase; R-WS-4).
    Use {
        /// The card.
        card: CardIx,
    },
    /// Discard a card down to the hand limit (R-FUL-4).
    Discard {
        /// The card.
        card: CardIx,
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
    /// Place dice on a dice space, all at once: the turn's main action, or an extra
    /// action's on an `extra` space (M-DICE-2, M-EXTRA-2).
    PlaceDice {
        /// The space.
        space: crate::content::dice::DiceSpaceId,
        /// The dice.
        dice: crate::pips::DiceSet,
    },
    /// Take an extra action (M-EXTRA) of kind reroll, adjust, take_neutral or script.
    Extra {
        /// Index in `content.dice_play.extras`.
        extra: u8,
        /// The pool die it acts on (reroll, adjust), if any.
        die: Option<crate::pips::PoolDie>,
        /// An adjust's direction: one pip up (else down).
        up: bool,
    },
    /// End the turn, its main action taken (an `actions` step, M-TURN-1).
    EndTurn,
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
                .map(|c| Choice::keyed(Arc::clone(&c.key), c.action))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_equal_to_the_key_or_empty_is_no_label() {
        let keyed = Choice::keyed("pass".into(), Action::Pass);
        assert_eq!(keyed.label(), "pass");
        for label in ["", "pass"] {
            let c = Choice::new("pass".into(), label.into(), Action::Pass);
            assert_eq!(c, keyed, "label {label:?}");
            assert_eq!(
                Choice::shared("pass".into(), label.into(), Action::Pass),
                keyed
            );
        }
        let mut c = Choice::new("pass".into(), "Pass".into(), Action::Pass);
        assert_eq!(c.label(), "Pass");
        assert_ne!(c, keyed, "a label of its own is part of the choice");
        c.set_label("pass".into());
        assert_eq!(c, keyed);
    }

    #[test]
    fn a_choice_is_written_with_its_label_and_read_back_the_same() {
        let labelled = Choice::new("act".into(), "Take the action".into(), Action::Act);
        let keyed = Choice::keyed("pass".into(), Action::Pass);
        let json = serde_json::to_string(&[&labelled, &keyed]).unwrap();
        assert_eq!(
            json,
            r#"[{"key":"act","label":"Take the action","action":{"type":"act"}},{"key":"pass","label":"pass","action":{"type":"pass"}}]"#
        );
        let back: Vec<Choice> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, [labelled, keyed]);
    }
}
