//! Dice play as data: every player's pool of numeric dice and a shared supply of neutral
//! dice (`[pools]` in `game.toml`), the action spaces dice are placed on
//! (`[[dice_spaces]]` in `board.toml`), and the extra actions a turn offers around its
//! main action (`[[extras]]` in `game.toml`). Marco Polo II is the game that asked for
//! them (M-DICE, M-EXTRA); nothing here is named after it. The rules that use them are in
//! `engine/dice.rs` and the `roll` and `actions` steps.

use super::{CounterId, ScriptRef};

/// A dice space's index in [`DicePlay::spaces`].
pub type DiceSpaceId = u16;

/// Every player's dice and the shared neutral dice (`[pools]`).
#[derive(Debug, Clone, PartialEq)]
pub struct Pools {
    /// Faces of every die: it shows 1 to `faces` pips (2 to 9).
    pub faces: u8,
    /// Dice of each player's own colour.
    pub per_player: u8,
    /// Neutral dice in the shared supply at the start (no player's colour).
    pub neutral: u8,
    /// What people call a neutral die (`"black die"`).
    pub neutral_name: String,
    /// The hook point fired for the placer's held cards after each placement, with the
    /// space's id as its argument (`placed`; a character's power, M-CHAR-11 b).
    pub placed: Option<String>,
}

/// Who may place on an occupied dice space.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Occupancy {
    /// Anyone, any number of times; entering a space that holds dice pays the space's
    /// `fee` (M-DICE-4, M-DICE-6).
    Open,
    /// Only while it holds no die (M-DICE-4).
    Exclusive,
    /// At most `slots` placements, filled left to right, each no weaker than the one
    /// before (M-KHAN-1, M-KHAN-2, M-KHAN-4).
    Ordered {
        /// Placements it takes in a round.
        slots: u8,
    },
    /// No limit, no fee, no colour rule (M-EXTRA-2).
    Unlimited,
}

impl Occupancy {
    /// The word `board.toml` writes.
    pub fn name(self) -> &'static str {
        match self {
            Occupancy::Open => "open",
            Occupancy::Exclusive => "exclusive",
            Occupancy::Ordered { .. } => "ordered",
            Occupancy::Unlimited => "unlimited",
        }
    }
}

/// An action space dice are placed on (`[[dice_spaces]]`).
#[derive(Debug, Clone)]
pub struct DiceSpace {
    /// Identifier; option keys are `place:<id>:<dice>`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Dice one placement takes, exactly (M-DICE-2).
    pub dice: u8,
    /// The least strength (lowest die) a placement needs (M-MARKET-1).
    pub min_strength: u8,
    /// Who may place on it when it holds dice.
    pub occupancy: Occupancy,
    /// The counter an open space's fee is paid in, one per point of strength, when it
    /// already holds a die (M-DICE-6); `None`: entering is free.
    pub fee: Option<CounterId>,
    /// A placement that includes a die of the player's colour is refused where one of
    /// their dice already lies (M-DICE-5; M-KHAN-3); neutral dice are exempt (M-DICE-8).
    pub per_colour: bool,
    /// Linked spaces (an index in [`DicePlay::groups`]): a player's own dice on one of
    /// them rule the others out for their own dice (M-SPECIAL-2).
    pub group: Option<u16>,
    /// What placing pays, besides the fee (M-MOVE-1's 2 coins).
    pub cost: Vec<(CounterId, u32)>,
    /// What the player must still hold after fee and cost for the action to run once
    /// (M-DICE-9): checked from data, no script called.
    pub needs: Vec<(CounterId, u32)>,
    /// An ability of `[abilities]`: the space is closed to a player whose value of it is
    /// above 0 (a held card's power, M-CHAR-7 a).
    pub closed_by: Option<String>,
    /// An ability of `[abilities]`: a player may place up to its value fewer dice, but
    /// at least 1 (M-CHAR-2 a).
    pub fewer_dice: Option<String>,
    /// Open only to a player with a marker of a kind on one of some slots (a trading
    /// post in the city, M-CITY-1, M-SPECIAL-1): checked from data, before any script.
    pub presence: Option<Presence>,
    /// Placed as an extra action (an `[[extras]]` entry of kind `place`), never as a
    /// main action (M-EXTRA-2's purse).
    pub extra: bool,
    /// The Lua module with the space's hooks: `resolve(ctx, params)` (the action, with
    /// `ctx:strength()`), and optionally `can_act(ctx, params)` (read-only: may this
    /// player use the space now?).
    pub script: Option<ScriptRef>,
    /// Rules text for people.
    pub text: String,
    /// `file:line` of its entry.
    pub declared_at: String,
}

/// A dice space's `presence`: a player may place on it only with a marker of kind
/// `kind` on one of the slots `at`; when `settled`, one placed before this turn (M-MOVE-9).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presence {
    /// The marker kind (index in `content.markers`).
    pub kind: usize,
    /// The slots.
    pub at: Vec<crate::content::SlotId>,
    /// Whether a marker placed this turn does not count.
    pub settled: bool,
    /// Whether a stand-in's tag may stand for the placer (`stand_in_tags`, M-CHAR-11 a
    /// iii, iv): a tag of a seat passes with that seat's marker, a tag no seat has with
    /// no one's.
    pub stand_in_tags: bool,
}

/// What an extra action does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExtraKind {
    /// Roll one die of the pool again (M-EXTRA-3); key `<id>:<die>`.
    Reroll,
    /// Turn one die of the pool one pip up or down, within the faces (M-EXTRA-4); keys
    /// `<id>:<die>:up`, `<id>:<die>:down`.
    Adjust,
    /// Take a neutral die from the supply, roll it and add it to the pool (M-EXTRA-5);
    /// key `<id>`.
    TakeNeutral,
    /// Place dice on an `extra` dice space (M-EXTRA-2); keys `<id>:<dice>`.
    Place {
        /// The space.
        space: DiceSpaceId,
    },
    /// A script's: its module's `options(ctx, params)` lists the keys (read-only) and
    /// `resolve(ctx, params, key)` carries one out; keys `<id>:<key>`.
    Script,
}

/// An extra action a turn's player may take before or after the main action
/// (`[[extras]]`, M-EXTRA).
#[derive(Debug, Clone)]
pub struct Extra {
    /// Identifier: the first word of its option keys.
    pub id: String,
    /// Display name.
    pub name: String,
    /// What it does.
    pub kind: ExtraKind,
    /// What taking it pays (M-EXTRA-3..5).
    pub cost: Vec<(CounterId, u32)>,
    /// Times a player may take it in one turn; 0: no limit (M-EXTRA-5's once).
    pub per_turn: u8,
    /// A `script` extra's module.
    pub script: Option<ScriptRef>,
    /// A hook point (of the flow's names) fired for the player's held cards when it is
    /// taken, with the die it rolled or turned (M-CHAR-6's black die).
    pub trigger: Option<String>,
    /// A player zone that must hold a card for it to be offered (its script's `options`
    /// is not asked otherwise): Marco Polo II's contracts to fulfil. Its index among the
    /// player's zones ([`crate::content::Zone::index`]).
    pub needs_cards: Option<crate::content::ZoneId>,
    /// An ability the player must hold above 0 (`needs_ability`).
    pub needs_ability: Option<String>,
    /// Counters of which the player must hold 1 of one at least (`needs_any`).
    pub needs_any: Vec<CounterId>,
    /// Marker kinds (indices in `content.markers`) of which the player must have one on
    /// the board (`needs_placed`).
    pub needs_placed: Vec<usize>,
    /// A `script` extra's options from data (`offers`), asked of no script.
    pub offers: Option<Offers>,
    /// An ability for which, held above 0, the script's `options` is asked instead of
    /// `offers` (`offers_script_for`).
    pub offers_script_for: Option<String>,
    /// Rules text for people.
    pub text: String,
    /// `file:line` of its entry.
    pub declared_at: String,
}

/// A `script` extra's options from data (`offers`): what the engine lists without asking
/// the script's `options`, whose `resolve` then gets the key chosen.
#[derive(Debug, Clone, PartialEq)]
pub enum Offers {
    /// `"cards"`: each card of the player's `needs_cards` zone whose `cost` they can pay
    /// (substitutes of `[payment]` standing in), keyed by the card's id, in the zone's
    /// order (Marco Polo II's contracts to fulfil, M-EXTRA-1).
    Cards,
    /// `"params:LIST"`: each entry of that params list whose `when` counters the player
    /// holds exactly and whose `cost` they can pay, keyed by its `id`, in order (the
    /// guild markers to upgrade, M-EXTRA-6).
    Entries(Vec<Offer>),
}

/// One entry of [`Offers::Entries`].
#[derive(Debug, Clone, PartialEq)]
pub struct Offer {
    /// Its option key, the extra's id before it: `upgrade:farmers`.
    pub key: std::sync::Arc<str>,
    /// The entry's `id`, for people.
    pub id: String,
    /// What the player must be able to pay.
    pub cost: Vec<(CounterId, u32)>,
    /// Counters the player must hold at exactly these values.
    pub when: Vec<(CounterId, i64)>,
}

/// Dice play: pools, spaces and extras; empty in games without dice pools.
#[derive(Debug, Clone, Default)]
pub struct DicePlay {
    /// `[pools]`, if the game has them.
    pub pools: Option<Pools>,
    /// `[[dice_spaces]]`, in declaration order.
    pub spaces: Vec<DiceSpace>,
    /// The names of the spaces' `group`s, in order of first use.
    pub groups: Vec<String>,
    /// `[[extras]]`, in declaration order.
    pub extras: Vec<Extra>,
}

impl DicePlay {
    /// The index of dice space `id`.
    pub fn space_index(&self, id: &str) -> Option<DiceSpaceId> {
        self.spaces
            .iter()
            .position(|s| s.id == id)
            .map(|i| i as DiceSpaceId)
    }

    /// The index of extra action `id`.
    pub fn extra_index(&self, id: &str) -> Option<u8> {
        self.extras.iter().position(|e| e.id == id).map(|i| i as u8)
    }
}
