//! The game state: plain, cloneable, serialisable data (DESIGN invariant 1).
//!
//! **Architecture Invariant:** nothing here refers to Lua. Tiles, cards, materials and
//! slots are indices into [`crate::content::Content`]; a clone is a deep copy of a few
//! small vectors.

use std::collections::BTreeMap;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

use crate::content::{CardIx, Content, CounterId, MatId, SlotId, TileId};
use crate::decision::Decision;
use crate::flow::Flow;
pub use crate::pips::{DiceSet, PoolDie};

/// The engine's random generator: small, fast, portable and serialisable (invariant 5).
pub type GameRng = Pcg64Mcg;

/// Makes the game RNG from a seed.
pub fn rng_from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// The version of the shape of `weft state --json` (docs/state-json.md), written in
/// its `format` key. It goes up whenever a key changes meaning or goes, so a tool can
/// refuse a shape it does not know. 1 was the shape before the key existed; 2 is the
/// first with it (issue 30); 3 has `tokens` and the pack's counters; 4 has `decks` and
/// no `commissions`.
pub const STATE_JSON_FORMAT: u32 = 4;

/// One apprentice (a generic player piece: owner is the player holding it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    /// Slot it stands or lies on.
    pub at: SlotId,
    /// Moved (lying) this round (R-MOVE-4).
    pub moved: bool,
}

/// A player.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// What the player holds, by counter (indexed like `content.counters`: each
    /// material, then the pack's `[[counters]]` as declared).
    pub counters: Vec<i64>,
    /// Apprentices.
    pub pieces: Vec<Piece>,
    /// The player's card zones, indexed by [`crate::content::Zone::index`] of the
    /// zones with `owner = "player"` (none in games without them). Shared between
    /// copies of the state until one changes them ([`Player::zones_mut`]): most changes
    /// to a player are to their counters, and a hook runs on a copy.
    #[serde(default, skip_serializing_if = "no_zones")]
    pub zones: std::sync::Arc<Vec<ZoneState>>,
    /// The player's pool: their dice not placed, own and neutral, lowest first
    /// (`[pools]`, M-DICE-1); empty in games without dice pools.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<PoolDie>,
}

impl Player {
    /// The player's card zones, to change: copied first if another copy of the state
    /// shares them.
    pub fn zones_mut(&mut self) -> &mut Vec<ZoneState> {
        std::sync::Arc::make_mut(&mut self.zones)
    }
}

/// Dice placed together on a dice space (M-DICE-2, M-DICE-7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DicePlacement {
    /// The seat (0-based) that placed them.
    pub player: u8,
    /// The dice, lowest first.
    pub dice: Vec<PoolDie>,
    /// The placement's strength: its lowest die (M-DICE-3).
    pub strength: u8,
    /// Its number among all placements this round, from 1: which came later (M-DICE-7,
    /// M-START-1).
    pub seq: u32,
}

/// A dice space in play (`content.dice_play.spaces`, same index).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceSpaceState {
    /// The placements on it this round, in the order made.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub placements: Vec<DicePlacement>,
}

impl Player {
    /// The value of counter `id`.
    pub fn count(&self, id: CounterId) -> i64 {
        self.counters[id as usize]
    }

    /// Sets counter `id` (for tools and tests that build positions; rules use the verbs
    /// in [`crate::ops`]).
    pub fn set(&mut self, id: CounterId, n: i64) {
        self.counters[id as usize] = n;
    }

    /// The materials held, in material order.
    pub fn materials<'a>(&'a self, c: &Content) -> &'a [i64] {
        &self.counters[..c.materials.len()]
    }

    /// Materials held, summed (each is at most `MAX_HOLDING`, so no sum of 64 wraps).
    pub fn material_count(&self, c: &Content) -> i64 {
        self.materials(c).iter().sum()
    }

    /// The value of the counter named `id`, or 0 when the game has none by that name
    /// (for tools and reports that show a common counter where a game declares it).
    pub fn count_named(&self, c: &Content, id: &str) -> i64 {
        c.counter(id).map_or(0, |k| self.count(k))
    }
}

/// A die lying on a tile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Die {
    /// Index into `content.dice`.
    pub kind: u8,
    /// Face index showing.
    pub face: u8,
}

/// The tile in one board slot and everything on it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TileState {
    /// The tile dealt here.
    pub tile: TileId,
    /// Display slots, left to right (R-SHOP-1); `None` is empty.
    pub slots: Vec<Option<MatId>>,
    /// Dice on the tile (R-DICE-2).
    pub dice: Vec<Die>,
    /// Small integer counters a script may keep on its tile.
    pub counters: BTreeMap<String, i64>,
}

/// A worker-placement area in play (`content.board.areas`, same index).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaState {
    /// Per space, left to right: the seat (0-based) of the worker on it, if any.
    pub placed: Vec<Option<u8>>,
    /// Closed for the rest of the round: no worker may be placed in it (C-ROW-1/2).
    #[serde(default, skip_serializing_if = "is_false")]
    pub closed: bool,
    /// The area's second-stage spaces (0-based, sorted) taken this round, e.g. a
    /// market's purchase spaces (C-MARKET-2/3, C-GUILD-1/2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub used: Vec<u8>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The cards in one zone (`[[zones]]`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZoneState {
    /// Per position: the card there (a pile's top is the end; a grid's empty position
    /// is `None`). Indices into `content.cards`.
    pub cards: Vec<Option<CardIx>>,
    /// Per position, for zones with `marks = true`: the integer mark (coins on a card).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<i64>,
}

/// How a finished game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// Final prestige per player (R-END-3).
    pub scores: Vec<i64>,
    /// Tie-break value per player: coins + materials (R-END-4).
    pub tiebreak: Vec<u64>,
    /// Winners (more than one on a shared win).
    pub winners: Vec<usize>,
    /// The cause of an end trigger (`[end.triggers.<cause>]`; Tabriz: `commissions`,
    /// `skill`), `rounds`, or `stalled` (hit `end.max_rounds`).
    pub cause: String,
    /// Rounds played.
    pub rounds: u32,
}

/// Whether a game has no worker-placement areas (their JSON is then left out).
fn no_areas(areas: &std::sync::Arc<Vec<AreaState>>) -> bool {
    areas.is_empty()
}

/// Whether a game has no dice spaces (their JSON is then left out).
fn no_dice_spaces(spaces: &std::sync::Arc<Vec<DiceSpaceState>>) -> bool {
    spaces.is_empty()
}

fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}

fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}

/// Whether a game has no shared zones, or a player no zones of their own (their JSON is
/// then left out).
fn no_zones(zones: &std::sync::Arc<Vec<ZoneState>>) -> bool {
    zones.is_empty()
}

/// The whole game state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    /// Players in seat order (clockwise). Like tiles, each is shared between copies of
    /// the state until one changes it ([`GameState::player_mut`]): most moves change
    /// one player.
    pub players: Vec<std::sync::Arc<Player>>,
    /// One entry per board slot, indexed like `content.board.slots`. The board as a
    /// whole, and each tile on it, is shared between copies of the state until one of
    /// them changes it ([`GameState::tile_mut`]): a copy of the state copies no tile
    /// and no list of them, and most hook calls change one tile or none.
    pub board: std::sync::Arc<Vec<std::sync::Arc<TileState>>>,
    /// Worker-placement areas, indexed like `content.board.areas` (none in games
    /// without areas, so the JSON of those is unchanged).
    /// Shared between copies of the state as a whole until one of them changes an area
    /// ([`GameState::areas_mut`]): bots value many positions that change none.
    #[serde(default, skip_serializing_if = "no_areas")]
    pub areas: std::sync::Arc<Vec<AreaState>>,
    /// Shared card zones, indexed by [`crate::content::Zone::index`] of the zones with
    /// `owner = "shared"` (none in games without them). Shared between copies of the
    /// state as a whole until one of them changes a zone ([`GameState::zones_mut`]): most
    /// moves change none.
    #[serde(default, skip_serializing_if = "no_zones")]
    pub zones: std::sync::Arc<Vec<ZoneState>>,
    /// Dice spaces, indexed like `content.dice_play.spaces` (none in games without
    /// them). Shared between copies of the state until one changes a space
    /// ([`GameState::dice_spaces_mut`]).
    #[serde(default, skip_serializing_if = "no_dice_spaces")]
    pub dice_spaces: std::sync::Arc<Vec<DiceSpaceState>>,
    /// Neutral dice in the shared supply (M-MAT-4).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub neutral_dice: u8,
    /// Markers on board slots (`[[markers]]`), per kind: each placed one as (slot,
    /// seat), in the order placed; empty in games without markers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<Vec<(SlotId, u8)>>,
    /// Dice placements made this round (numbers them, M-DICE-7).
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub dice_placed: u32,
    /// Supply per counter; `None` is unlimited (R-SUPPLY-1). Shared between copies of
    /// the state until one of them takes from a limited supply or gives back to it.
    pub supply: std::sync::Arc<Vec<Option<u32>>>,
    /// Current round, from 1.
    pub round: u32,
    /// Seat holding the first-player marker.
    pub first_player: usize,
    /// Seat that held it at setup: the starting turn order (C-SETUP-5, C-SCORE-8).
    #[serde(default)]
    pub start_player: usize,
    /// Who holds each end token of `[end.tokens]`, in their order (`null`: no one yet).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tokens: Vec<Option<usize>>,
    /// What triggered the end, once triggered (R-END-2).
    pub end_trigger: Option<String>,
    /// Where play stands and what is pending.
    pub flow: Flow,
    /// The current decision; `None` when the game is over. Shared, not copied, between
    /// copies of the state: a decision is never changed once asked, only replaced.
    pub decision: Option<std::sync::Arc<Decision>>,
    /// The result, once the game is over.
    pub result: Option<GameResult>,
    /// The one source of randomness (invariant 5). Serialised as a string because its
    /// 128-bit state does not fit a JSON number.
    #[serde(with = "rng_as_string")]
    pub rng: GameRng,
    /// Where a bot's look-ahead copy stands (see [`LookaheadMark`]); not part of the
    /// game: never serialised, hashed or compared.
    #[serde(skip)]
    pub lookahead: LookaheadMark,
}

/// On a copy a bot looks ahead on, the options applied to it since it was copied from
/// the real game: set only while the engine is told a bot is looking ahead
/// ([`crate::Engine::set_lookahead`]), so a script error met there can be placed and
/// reached again (the decision, the option whose trial failed, and the answers after
/// it). Two marks always compare equal: it is not part of the game.
#[derive(Debug, Clone, Copy, Default)]
pub struct LookaheadMark {
    /// The first [`LookaheadMark::MAX_PATH`] option indices applied, in order.
    pub path: [u32; LookaheadMark::MAX_PATH],
    /// Options applied in all (may exceed the path kept).
    pub len: u32,
}

impl LookaheadMark {
    /// Option indices a mark keeps.
    pub const MAX_PATH: usize = 8;

    /// The mark after option `index` is applied to a copy marked `self`.
    pub fn after(mut self, index: usize) -> LookaheadMark {
        if let Some(slot) = self.path.get_mut(self.len as usize) {
            *slot = u32::try_from(index).unwrap_or(u32::MAX);
        }
        self.len = self.len.saturating_add(1);
        self
    }

    /// The option of the real decision this copy descends from; `None` on the real
    /// game and on a copy nothing was applied to yet.
    pub fn root(&self) -> Option<usize> {
        (self.len > 0).then_some(self.path[0] as usize)
    }

    /// Answers applied after the root option.
    pub fn depth(&self) -> u32 {
        self.len.saturating_sub(1)
    }

    /// The option indices kept, from the root.
    pub fn kept(&self) -> &[u32] {
        &self.path[..(self.len as usize).min(Self::MAX_PATH)]
    }
}

impl PartialEq for LookaheadMark {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for LookaheadMark {}

/// Serde for the RNG as a JSON string, so every JSON reader can carry it unchanged.
mod rng_as_string {
    use super::GameRng;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(rng: &GameRng, s: S) -> Result<S::Ok, S::Error> {
        let text = serde_json::to_string(rng).map_err(serde::ser::Error::custom)?;
        s.serialize_str(&text)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<GameRng, D::Error> {
        let text = String::deserialize(d)?;
        serde_json::from_str(&text).map_err(D::Error::custom)
    }
}

impl GameState {
    /// Player `p`, to change: copied first if another copy of the state shares it.
    pub fn player_mut(&mut self, p: usize) -> &mut Player {
        std::sync::Arc::make_mut(&mut self.players[p])
    }

    /// The worker-placement areas, to change: copied first if another copy of the state
    /// shares them.
    pub fn areas_mut(&mut self) -> &mut Vec<AreaState> {
        std::sync::Arc::make_mut(&mut self.areas)
    }

    /// The board's tiles, to change (to move or replace a tile): the list is copied
    /// first if another copy of the state shares it.
    pub fn board_mut(&mut self) -> &mut Vec<std::sync::Arc<TileState>> {
        std::sync::Arc::make_mut(&mut self.board)
    }

    /// The tile on board slot `slot`, to change: it, and the board's list, are copied
    /// first if another copy of the state shares them.
    pub fn tile_mut(&mut self, slot: usize) -> &mut TileState {
        std::sync::Arc::make_mut(&mut self.board_mut()[slot])
    }

    /// The dice spaces, to change: copied first if another copy of the state shares
    /// them.
    pub fn dice_spaces_mut(&mut self) -> &mut Vec<DiceSpaceState> {
        std::sync::Arc::make_mut(&mut self.dice_spaces)
    }

    /// The shared card zones, to change: copied first if another copy of the state
    /// shares them.
    pub fn zones_mut(&mut self) -> &mut Vec<ZoneState> {
        std::sync::Arc::make_mut(&mut self.zones)
    }

    /// The decision the game is waiting for, if it is not over (invariant 3).
    pub fn decision(&self) -> Option<&Decision> {
        self.decision.as_deref()
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// Player count.
    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    /// An empty state that allocates nothing, used while a hook borrows the real one:
    /// its areas and zones are one shared empty list each, and its generator is never
    /// drawn from (so it is made without seeding).
    pub(crate) fn placeholder() -> GameState {
        static NO_AREAS: std::sync::OnceLock<std::sync::Arc<Vec<AreaState>>> =
            std::sync::OnceLock::new();
        static NO_ZONES: std::sync::OnceLock<std::sync::Arc<Vec<ZoneState>>> =
            std::sync::OnceLock::new();
        static NO_BOARD: std::sync::OnceLock<std::sync::Arc<Vec<std::sync::Arc<TileState>>>> =
            std::sync::OnceLock::new();
        static NO_SUPPLY: std::sync::OnceLock<std::sync::Arc<Vec<Option<u32>>>> =
            std::sync::OnceLock::new();
        static NO_DICE_SPACES: std::sync::OnceLock<std::sync::Arc<Vec<DiceSpaceState>>> =
            std::sync::OnceLock::new();
        GameState {
            players: Vec::new(),
            board: std::sync::Arc::clone(NO_BOARD.get_or_init(Default::default)),
            areas: std::sync::Arc::clone(NO_AREAS.get_or_init(Default::default)),
            zones: std::sync::Arc::clone(NO_ZONES.get_or_init(Default::default)),
            supply: std::sync::Arc::clone(NO_SUPPLY.get_or_init(Default::default)),
            dice_spaces: std::sync::Arc::clone(NO_DICE_SPACES.get_or_init(Default::default)),
            neutral_dice: 0,
            dice_placed: 0,
            markers: Vec::new(),
            round: 0,
            first_player: 0,
            start_player: 0,
            tokens: Vec::new(),
            end_trigger: None,
            flow: Flow::new(),
            decision: None,
            result: None,
            rng: GameRng::new(0),
            lookahead: LookaheadMark::default(),
        }
    }

    /// A stable hash of the game (SHA-256 of the state's JSON form, hex), leaving out
    /// the text for people: the pending decision's prompt and its options' labels. A
    /// game played without labels (bots, [`crate::Engine::set_labels`]) and the same
    /// game played with them hash the same.
    pub fn hash(&self) -> String {
        use sha2::{Digest, Sha256};
        let json = match &self.decision {
            Some(d) => {
                let mut game = self.clone();
                game.decision = Some(std::sync::Arc::new(d.without_text()));
                serde_json::to_vec(&game)
            }
            None => serde_json::to_vec(self),
        }
        .expect("game state always serialises");
        crate::content::hex_digest(&Sha256::digest(&json)[..16])
    }
}
