//! Content packs: the game's data (TOML) and behaviour (Lua), loaded, validated and
//! resolved into [`Content`], which the rules and the Lua host read and never change.
//!
//! **Architecture Invariant:** every id in a file is resolved to an index here, once;
//! the game state refers to materials, decks, tiles and cards by those indices.

pub mod bounded;
mod chain;
mod diagnostics;
pub mod dice;
mod digest;
mod error;
mod files;
pub(crate) mod flow_toml;
mod layers;
mod load;
mod old_format;
pub mod program;
pub mod raw;
mod resolve;
pub mod zones;

use std::collections::BTreeMap;

pub use chain::{pack_header, pack_named, packs_on_path, resolve_chain, PackHeader};
pub(crate) use digest::hex as hex_digest;
pub use error::{line_column, ContentError, ContentErrors};
pub use files::{check_relative_path, check_text, PackFiles, MAX_FILE_BYTES};
pub use load::load_content;
pub use zones::{Card, CardIx, Visibility, Zone, ZoneId, ZoneKind, ZoneOwner};

/// Index of a material in [`Content::materials`].
pub type MatId = u8;
/// Index of a tile in [`Content::tiles`].
pub type TileId = u16;
/// Index of a board slot in [`Board::slots`].
pub type SlotId = u16;
/// Index of a deck in [`Content::decks`].
pub type DeckId = u8;
/// Index of a counter in [`Content::counters`], and in each player's `counters`.
pub type CounterId = u16;

/// What a gain past a counter's maximum does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Over {
    /// The excess is lost (and logged).
    Clip,
    /// The change is an error and nothing changes.
    Refuse,
}

/// A number each player holds: coins, a material, a track position, a score.
#[derive(Debug, Clone)]
pub struct Counter {
    /// Identifier, as scripts name it (`ctx:count(p, "coins")`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Lowest value; paying below it is refused.
    pub min: i64,
    /// Highest value, if any.
    pub max: Option<i64>,
    /// What a gain past `max` does.
    pub over: Over,
    /// Value for bots and reports (a material's `value`).
    pub value: u32,
    /// Shared supply at setup; `None` is unlimited (R-SUPPLY-1).
    pub supply: Option<u32>,
}

/// Index of a worker-placement area in [`Board::areas`].
pub type AreaId = u16;

/// A pack in the loaded chain, for replays and reports.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PackInfo {
    /// Name from `pack.toml` (`scripts` for the shared library).
    pub name: String,
    /// Version from `pack.toml`.
    pub version: String,
    /// SHA-256 of the pack's files, hex.
    pub digest: String,
}

/// Data a pack says it invented (`[provenance]` in `pack.toml`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invented {
    /// The pack.
    pub pack: String,
    /// The rule id it fills in.
    pub rule: String,
    /// Files holding it.
    pub files: Vec<String>,
    /// What was invented.
    pub note: String,
}

/// A material (R-MAT-1).
#[derive(Debug, Clone)]
pub struct Material {
    /// Identifier.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Value for bots and reports.
    pub value: u32,
}

/// A kind of die (R-DICE-1).
#[derive(Debug, Clone)]
pub struct DieKind {
    /// Identifier.
    pub id: String,
    /// Material on each face.
    pub faces: Vec<MatId>,
}

/// A deck (`[[decks]]`): a draw pile with its discard pile. Drawing from an empty draw
/// pile first shuffles the discards into it; a card of the deck is discarded to its
/// discard pile. Its two piles take only its own cards.
#[derive(Debug, Clone)]
pub struct Deck {
    /// Identifier.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The draw pile, a shared zone.
    pub draw: ZoneId,
    /// The discard pile, a shared zone.
    pub discard: ZoneId,
    /// The counter values a player needs to draw from it (all of them).
    pub unlock: Vec<(CounterId, i64)>,
    /// Where it is declared, `pack/game.toml:line`, for messages.
    pub declared_at: String,
}

/// Where a deal (`[deals.<name>]`) takes its cards from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DealSource {
    /// A deck: drawn as from the deck (its discards reshuffled when the pile runs out).
    Deck(DeckId),
    /// A shared pile: its top card.
    Pile(ZoneId),
}

/// Cards each player is dealt at setup (`[deals.<name>]`), player by player in turn
/// order, after the counters of `[[setup]]`.
#[derive(Debug, Clone)]
pub struct Deal {
    /// Its name (the key of `[deals]`).
    pub name: String,
    /// Where the cards come from.
    pub from: DealSource,
    /// The player zone they go to.
    pub to: ZoneId,
    /// Cards per player, by player count: the entry of the largest count not above the
    /// game's applies (one entry at 1 for the same at every count).
    pub count: BTreeMap<u8, u32>,
}

impl Deal {
    /// Cards per player with `players` players.
    pub fn count_at(&self, players: usize) -> u32 {
        zones::at_count(&self.count, players)
    }
}

/// A piece of behaviour: which Lua module, with which parameters.
#[derive(Debug, Clone)]
pub struct ScriptRef {
    /// Module name, e.g. `weft.shop` or `tiles.plaza`.
    pub module: String,
    /// Parameters handed to each hook.
    pub params: toml::Table,
    /// Text for people.
    pub text: String,
    /// The file that declared it, for messages.
    pub declared_in: String,
}

/// A track on a counter (`[tracks.<counter>]`): what its values are worth.
#[derive(Debug, Clone)]
pub struct Track {
    /// The counter.
    pub counter: CounterId,
    /// Points printed on each value from 0 up; a player scores every entry at or below
    /// their value (the `[score]` part `track:<counter>`).
    pub points: Vec<i32>,
}

/// An unlock along a track (`[[tracks.<counter>.unlocks]]`).
#[derive(Debug, Clone)]
pub struct Unlock {
    /// The counter whose value unlocks it.
    pub counter: CounterId,
    /// The value where it applies.
    pub level: u32,
    /// Text for people.
    pub text: String,
    /// Abilities it sets.
    pub abilities: BTreeMap<String, i64>,
    /// One-off effect on first reaching the level.
    pub on_reach: Option<ScriptRef>,
    /// Where it is declared, `pack/game.toml:line`, for messages.
    pub declared_at: String,
}

/// End-of-game parameters (`[end]`).
#[derive(Debug, Clone)]
pub struct EndRules {
    /// Rounds after which a game is stopped as stalled.
    pub max_rounds: u32,
    /// A fixed length: the game ends after this many rounds (cause `rounds`), if set.
    pub rounds: Option<u32>,
    /// End tokens: the first player to meet a trigger takes its token (`[end.tokens]`).
    pub tokens: Vec<EndToken>,
    /// End triggers (`[end.triggers.<cause>]`), by cause name.
    pub triggers: Vec<EndTrigger>,
}

/// An end token and what it is worth (the `[score]` part `tokens`).
#[derive(Debug, Clone)]
pub struct EndToken {
    /// Identifier.
    pub id: String,
    /// Points to its holder.
    pub points: i64,
}

/// A counter value that ends the game after the round: the first player to reach it
/// takes the trigger's token.
#[derive(Debug, Clone)]
pub struct EndTrigger {
    /// The cause recorded in the result (the trigger's key).
    pub cause: String,
    /// The counter watched.
    pub counter: CounterId,
    /// The value that triggers.
    pub at_least: i64,
    /// Index in [`EndRules::tokens`] of the token taken, if any.
    pub token: Option<usize>,
}

/// One part of a player's score (summed, R-END-3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScorePart {
    /// A counter's value.
    Counter(CounterId),
    /// Points by place in a counter's majority: the most scores `points[0]`, the next
    /// value below it `points[1]` and so on; tied players all score their place, and a
    /// value below 1 never scores (M-SCORE-6).
    Majority {
        /// The counter compared.
        counter: CounterId,
        /// Points by place, first place first.
        points: Vec<i64>,
        /// An ability each player's value counts as at least (`[score]
        /// majority_at_least`).
        at_least: Option<String>,
    },
    /// The points of track `i` of [`Content::tracks`] at the player's value.
    TrackPoints(usize),
    /// The points of the end tokens the player holds.
    Tokens,
}

/// One key of the tie-break, compared in order (R-END-4, C-SCORE-8).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TieBreak {
    /// The sum of these counters: more is better.
    Sum(Vec<CounterId>),
    /// The player latest in the starting turn order wins (C-SCORE-8).
    LatestInStartOrder,
    /// The player earliest in the starting turn order wins.
    EarliestInStartOrder,
}

/// How a finished game is scored and won (`[score]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoreRules {
    /// Summed into each player's score.
    pub parts: Vec<ScorePart>,
    /// Tie-break keys in order; the first is recorded in the result. Players still
    /// tied after every key share the win (R-END-4); a start-order key leaves no tie
    /// (C-SCORE-8).
    pub tiebreak: Vec<TieBreak>,
}

/// Setup for one player count.
#[derive(Debug, Clone)]
pub struct Setup {
    /// What every player starts with, by counter.
    pub start: Vec<(CounterId, u32)>,
    /// More by turn order, by counter: one amount per place, first player first.
    pub turn_order: Vec<(CounterId, Vec<u32>)>,
}

/// A board slot.
#[derive(Debug, Clone)]
pub struct Slot {
    /// Identifier.
    pub id: String,
    /// Tile kind it takes.
    pub kind: String,
    /// Drawing position.
    pub pos: [f32; 2],
    /// Fixed tile, if any.
    pub fixed_tile: Option<TileId>,
    /// Where it is declared, `pack/board.toml:line`, for messages.
    pub declared_at: String,
}

/// One space of an area (`spaces = [ {}, { min_players = 3 } ]` in `board.toml`): it
/// holds at most one worker, and is usable only at the player counts it admits
/// (C-QUEUE-2, C-PLACE-3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Space {
    /// Fewest players at which the space is usable (1 when unmarked).
    pub min_players: u8,
    /// Most players at which the space is usable, if limited.
    pub max_players: Option<u8>,
}

impl Space {
    /// Whether the space is usable with `players` players.
    pub fn usable(&self, players: usize) -> bool {
        players >= self.min_players as usize
            && self.max_players.is_none_or(|m| players <= m as usize)
    }
}

/// A worker-placement area (`[[areas]]` in `board.toml`): an ordered line of spaces,
/// filled from the left (C-QUEUE-1, C-PLACE-2) and resolved left to right (C-RES-1).
#[derive(Debug, Clone)]
pub struct Area {
    /// Identifier (in option keys: `place:<id>`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// When the area resolves: lower first, ties in declaration order (C-RES-1).
    pub resolve_order: i32,
    /// Whether one player may hold at most one of its spaces (C-EXTRA-2).
    pub exclusive_per_player: bool,
    /// The least player count it is in play at (`min_players` of the area).
    pub min_players: u8,
    /// The Lua module with the area's `options` and `resolve` hooks, and its params.
    pub script: Option<ScriptRef>,
    /// Its spaces, left to right.
    pub spaces: Vec<Space>,
    /// Where it is declared, `pack/board.toml:line`, for messages.
    pub declared_at: String,
}

impl Area {
    /// How many of its spaces are usable with `players` players.
    pub fn usable_spaces(&self, players: usize) -> usize {
        self.spaces.iter().filter(|s| s.usable(players)).count()
    }
}

/// Workers each player places (`[placement]` in `game.toml`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// Workers per player.
    pub workers: u8,
    /// Workers per player at particular player counts, overriding `workers`.
    pub by_players: BTreeMap<u8, u8>,
}

impl Placement {
    /// Workers per player with `players` players.
    pub fn workers(&self, players: usize) -> u8 {
        u8::try_from(players)
            .ok()
            .and_then(|n| self.by_players.get(&n).copied())
            .unwrap_or(self.workers)
    }
}

/// The board graph, with all-pairs distances precomputed (R-MOVE-2), and the
/// worker-placement areas.
#[derive(Debug, Clone)]
pub struct Board {
    /// Slots.
    pub slots: Vec<Slot>,
    /// Neighbours of each slot.
    pub neighbours: Vec<Vec<SlotId>>,
    /// `distance[a * n + b]`, `u16::MAX` when unreachable.
    pub distance: Vec<u16>,
    /// Worker-placement areas, in declaration order.
    pub areas: Vec<Area>,
    /// The areas in the order they resolve: by `resolve_order`, ties in declaration
    /// order (C-RES-1).
    pub resolve_order: Vec<AreaId>,
    /// The paths with a cost or a requirement for travels (M-MOVE-3, M-MOVE-4), each
    /// with its ends in order (lower slot first), sorted; other paths are free.
    pub routes: Vec<Route>,
}

/// A kind of marker players place on board slots (`[[markers]]`): trading posts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkerKind {
    /// Identifier.
    pub id: String,
    /// For people.
    pub name: String,
    /// Markers each player has.
    pub per_player: u8,
    /// The most of one player's markers on one slot (M-MOVE-10: 1).
    pub per_slot: u8,
    /// How `weft serve` draws one: one of [`MARKER_SHAPES`] (a trading post a square, a
    /// caravan a diamond).
    pub shape: &'static str,
}

/// The shapes a marker may be drawn in, the default first.
pub const MARKER_SHAPES: [&str; 3] = ["square", "diamond", "triangle"];

/// A path's rules for a travel: what crossing it pays and what it needs held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    /// Its ends, lower slot first.
    pub ends: (SlotId, SlotId),
    /// Paid on crossing, by counter (M-MOVE-3).
    pub cost: Vec<(CounterId, u32)>,
    /// Held to cross, not paid (M-MOVE-4).
    pub requires: Vec<(CounterId, u32)>,
}

impl Board {
    /// The travel rules of the path between `a` and `b`, if it has any.
    pub fn route(&self, a: SlotId, b: SlotId) -> Option<&Route> {
        let ends = (a.min(b), a.max(b));
        self.routes
            .binary_search_by(|r| r.ends.cmp(&ends))
            .ok()
            .map(|i| &self.routes[i])
    }

    /// Shortest-path distance between two slots.
    pub fn distance(&self, a: SlotId, b: SlotId) -> u16 {
        self.distance[a as usize * self.slots.len() + b as usize]
    }

    /// Index of the slot with this id.
    pub fn slot_index(&self, id: &str) -> Option<SlotId> {
        self.slots
            .iter()
            .position(|s| s.id == id)
            .map(|i| i as SlotId)
    }

    /// Index of the area with this id.
    pub fn area_index(&self, id: &str) -> Option<AreaId> {
        self.areas
            .iter()
            .position(|a| a.id == id)
            .map(|i| i as AreaId)
    }
}

/// A tile (R-SHOP, R-TRADE, R-DICE, R-PLAZA-3, R-TILE-PWS).
#[derive(Debug, Clone)]
pub struct Tile {
    /// Identifier.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Kind.
    pub kind: String,
    /// Rules text.
    pub text: String,
    /// The side in use (R-TILE-SIDE), if the tile has sides.
    pub side: Option<String>,
    /// Behaviour with the chosen side's parameters.
    pub script: ScriptRef,
}

/// `[report]` of `game.toml`: the `[[cards]]` params that hold a card's price (a table
/// of counter amounts) and the points it scores. Reports only; no rule reads them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CardValue {
    /// The price param, if declared.
    pub cost: Option<String>,
    /// The points param, if declared.
    pub points: Option<String>,
    /// The player zone a finished card ends in, if declared (`[report] completed_zone`).
    pub completed_zone: Option<String>,
}

/// How `weft serve` draws the game (`[layout]` of `game.toml`): hints only, no rule
/// reads them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Layout {
    /// Pixels per unit of the slots' `pos` (the page's default when `None`).
    pub scale: Option<f64>,
    /// The SVG drawn under the slots: its path in the pack and its text.
    pub board: Option<(String, String)>,
    /// A colour per seat (`#rrggbb`), seat 1 first; the page's own after them.
    pub seat_colours: Vec<String>,
    /// Colours of materials and counters by id (`#rrggbb`).
    pub colours: BTreeMap<String, String>,
}

/// A Lua source file of the chain.
#[derive(Debug, Clone)]
pub struct Module {
    /// Module name.
    pub name: String,
    /// Chunk name used in tracebacks: `pack/path`.
    pub chunk: String,
    /// Owning pack.
    pub pack: String,
    /// Source text.
    pub source: String,
}

/// Everything a game needs from its packs, resolved and validated.
#[derive(Debug, Clone)]
pub struct Content {
    /// The chain of packs, library included.
    pub packs: Vec<PackInfo>,
    /// Digest of the whole chain.
    pub digest: String,
    /// Title.
    pub title: String,
    /// Pieces per player.
    pub pieces: u8,
    /// Whether the first player is drawn at random.
    pub random_first_player: bool,
    /// Interrupt checks per hook call in force: the user's limit, or the pack's lower one.
    pub instruction_budget: u64,
    /// Bytes per Lua VM in force: the user's cap, or the pack's lower one.
    pub memory_limit: usize,
    /// Wall-clock seconds one hook call may run (the user's; a pack cannot change it).
    pub hook_seconds: f64,
    /// The budget `game.toml` asks for, if any (it can only lower the user's).
    pub requested_budget: Option<u64>,
    /// The memory cap in MiB `game.toml` asks for, if any (it can only lower the user's).
    pub requested_memory_mb: Option<u32>,
    /// Materials.
    pub materials: Vec<Material>,
    /// Dice kinds.
    pub dice: Vec<DieKind>,
    /// Decks (`[[decks]]`), in declaration order.
    pub decks: Vec<Deck>,
    /// Slot kind with free movement.
    pub free_kind: String,
    /// Start slot.
    pub start_slot: SlotId,
    /// Default abilities.
    pub abilities: BTreeMap<String, i64>,
    /// Whether any card has powers (`abilities`, `on_gain`): when none does, the kernel
    /// looks at no player's cards for them.
    pub cards_have_powers: bool,
    /// Tracks on counters (`[tracks]`), in counter order.
    pub tracks: Vec<Track>,
    /// Every track's unlocks, in track order, then value order as declared.
    pub unlocks: Vec<Unlock>,
    /// End rules.
    pub end: EndRules,
    /// Setups by player count.
    pub setup: BTreeMap<u8, Setup>,
    /// Bot parameters by bot name, from `[bots.NAME]`.
    pub bot_params: BTreeMap<String, BTreeMap<String, f64>>,
    /// The setup deals (`[deals]`) that are enabled, in the order they run.
    pub deals: Vec<Deal>,
    /// Board.
    pub board: Board,
    /// Tiles.
    pub tiles: Vec<Tile>,
    /// Lua modules by name.
    pub modules: BTreeMap<String, Module>,
    /// The round as a program (`[flow]`; every pack declares one).
    pub program: program::Program,
    /// What each player holds, by [`CounterId`]: the materials in order, then the
    /// `[[counters]]` as declared.
    pub counters: Vec<Counter>,
    /// The ids of the `[[counters]]` (the counters after the materials), shared by every
    /// game record of a run ([`crate::sim::record::CounterValues`]).
    pub counter_ids: std::sync::Arc<[String]>,
    /// Scoring and the tie-break (`[score]`).
    pub score: ScoreRules,
    /// Workers per player for `place` steps (`[placement]`), if the game places any.
    pub placement: Option<Placement>,
    /// Card zones (`[[zones]]`).
    pub zones: Vec<Zone>,
    /// Every card, one per copy, in the order the packs declare them.
    pub cards: Vec<Card>,
    /// Data the packs say they invented.
    pub provenance: Vec<Invented>,
    /// Where a `[[cards]]` card's price and points are in its params (`[report]`), for
    /// the value-for-cost column of reports.
    pub card_value: CardValue,
    /// Scenario-test helper modules (`tests/lib/*.lua`, named `tests.lib.NAME`): loaded
    /// only in `weft test`'s VM, never in a game's.
    pub test_modules: BTreeMap<String, Module>,
    /// Drawing hints for `weft serve` (`[layout]`).
    pub layout: Layout,
    /// Dice pools, dice spaces and extra actions (`[pools]`, `[[dice_spaces]]`,
    /// `[[extras]]`); empty in games without dice pools.
    pub dice_play: dice::DicePlay,
    /// `[payment]`: (counter paid, the counter that may pay for it, one for one), sorted;
    /// empty in games without substitutes (M-JADE-1).
    pub substitutes: Vec<(CounterId, CounterId)>,
    /// `[[markers]]`: markers each player places on board slots (trading posts).
    pub markers: Vec<MarkerKind>,
}

impl Content {
    /// Puts the user's script limits in force, lowered where `game.toml` asks for less
    /// (a pack can never raise them).
    pub fn apply_limits(&mut self, user: &crate::limits::ScriptLimits) {
        let l = user.lowered_by(self.requested_budget, self.requested_memory_mb);
        self.instruction_budget = l.instruction_budget;
        self.memory_limit = l.memory_mb as usize * 1024 * 1024;
        self.hook_seconds = l.hook_seconds;
    }

    /// Index of a material by id.
    pub fn material(&self, id: &str) -> Option<MatId> {
        self.materials
            .iter()
            .position(|m| m.id == id)
            .map(|i| i as MatId)
    }

    /// Index of a counter by id.
    pub fn counter(&self, id: &str) -> Option<CounterId> {
        self.counters
            .iter()
            .position(|c| c.id == id)
            .map(|i| i as CounterId)
    }

    /// Index of a zone by id.
    pub fn zone(&self, id: &str) -> Option<ZoneId> {
        self.zones
            .iter()
            .position(|z| z.id == id)
            .map(|i| i as ZoneId)
    }

    /// Index of a card (a copy of a `[[cards]]` template) by id.
    pub fn card(&self, id: &str) -> Option<CardIx> {
        self.cards
            .iter()
            .position(|c| c.id == id)
            .map(|i| i as CardIx)
    }

    /// Index of a counter by id, or a message naming the id and every counter.
    pub fn counter_named(&self, id: &str) -> Result<CounterId, String> {
        self.counter(id).ok_or_else(|| {
            let ids: Vec<&str> = self.counters.iter().map(|k| k.id.as_str()).collect();
            format!("`{id}` is not a counter ({})", ids.join(", "))
        })
    }

    /// The counter of material `m`.
    pub fn material_counter(&self, m: MatId) -> CounterId {
        m as CounterId
    }

    /// Index of a deck by id.
    pub fn deck(&self, id: &str) -> Option<DeckId> {
        self.decks
            .iter()
            .position(|d| d.id == id)
            .map(|i| i as DeckId)
    }

    /// Index of a tile by id.
    pub fn tile(&self, id: &str) -> Option<TileId> {
        self.tiles
            .iter()
            .position(|t| t.id == id)
            .map(|i| i as TileId)
    }

    /// Player counts this content supports.
    pub fn player_counts(&self) -> Vec<u8> {
        self.setup.keys().copied().collect()
    }

    /// A player's value of an ability, from their `counters` (by [`CounterId`]): the
    /// highest value set by an unlock their counter has reached, else the default.
    pub fn ability(&self, name: &str, counters: &[i64]) -> i64 {
        let base = self.abilities.get(name).copied().unwrap_or(0);
        self.unlocks
            .iter()
            .filter(|u| u.level as i64 <= counters[u.counter as usize])
            .filter_map(|u| u.abilities.get(name).copied())
            .fold(base, i64::max)
    }

    /// The points of track `t` at `value`: every entry at or below it.
    pub fn track_points(&self, t: usize, value: i64) -> i64 {
        self.tracks[t]
            .points
            .iter()
            .take(value.max(-1).saturating_add(1) as usize)
            .map(|&v| v as i64)
            .sum()
    }

    /// The track on counter `id`, if it has one.
    pub fn track_of(&self, id: CounterId) -> Option<usize> {
        self.tracks.iter().position(|t| t.counter == id)
    }
}
