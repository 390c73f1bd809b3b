//! The TOML file formats of a pack, as typed serde structs. Unknown fields are errors
//! (`deny_unknown_fields`), so a typo is reported instead of silently ignored.
//! `docs/content-format.md` describes these files for designers.

use std::collections::BTreeMap;

use serde::Deserialize;

/// `pack.toml`: who the pack is.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackToml {
    /// The pack's name, used by `extends` and in reports.
    pub name: String,
    /// The pack's version, free text (semver recommended).
    pub version: String,
    /// Supported engine versions, e.g. `">=0.1"`.
    #[serde(default)]
    pub engine: Option<String>,
    /// Free text for people.
    #[serde(default)]
    pub description: Option<String>,
    /// Packs this one builds on, by name. Each must come earlier in the chain.
    #[serde(default)]
    pub extends: Vec<String>,
    /// Items of earlier packs this pack takes out.
    #[serde(default)]
    pub remove: RemoveToml,
    /// Where the pack's data comes from: which rules' data was invented, and in which
    /// files (`weft doc content` prints it).
    #[serde(default)]
    pub provenance: Option<ProvenanceToml>,
}

/// `[provenance]` in `pack.toml`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProvenanceToml {
    /// Free text: the source the rest of the data follows.
    #[serde(default)]
    pub source: Option<String>,
    /// Data made up for the pack, not in the source.
    #[serde(default)]
    pub invented: Vec<InventedToml>,
}

/// One item of invented data.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InventedToml {
    /// The rule id it fills in, e.g. `C-DATA-2`.
    pub rule: String,
    /// Pack files holding it.
    #[serde(default)]
    pub files: Vec<String>,
    /// What was invented, for people.
    #[serde(default)]
    pub note: String,
}

/// `[remove]` in `pack.toml`: ids of earlier packs' items to take out.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemoveToml {
    /// Tile ids.
    #[serde(default)]
    pub tiles: Vec<String>,
    /// Card template ids (`[[cards]]`).
    #[serde(default)]
    pub cards: Vec<String>,
    /// Board slot ids (their paths go with them).
    #[serde(default)]
    pub slots: Vec<String>,
}

/// `board.toml` of a pack that extends another: slots and paths to add.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardLayerToml {
    /// Slots to add (or replace, with `replace = true`).
    #[serde(default)]
    pub slots: Vec<SlotToml>,
    /// Paths to add.
    #[serde(default)]
    pub paths: Vec<PathToml>,
    /// Worker-placement areas to add (or replace, with `replace = true`).
    #[serde(default)]
    pub areas: Vec<AreaToml>,
    /// Dice spaces to add (or replace, with `replace = true`).
    #[serde(default)]
    pub dice_spaces: Vec<DiceSpaceToml>,
}

/// `game.toml`: the game's parameters.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameToml {
    /// Title for reports.
    pub title: String,
    /// Pieces (apprentices) per player; also the number of turns per player per round
    /// (R-ROUND-2). 0 (the default) for games without pieces on a board.
    #[serde(default)]
    pub pieces: u8,
    /// `"random"` or `"seat1"` (R-SETUP).
    #[serde(default = "default_first_player")]
    pub first_player: String,
    /// Interrupt checks one hook call may use before it is stopped: a pack may only
    /// lower the user's limit (`--budget`), never raise it.
    #[serde(default)]
    pub instruction_budget: Option<u64>,
    /// Memory cap of each Lua VM, in MiB: a pack may only lower the user's cap
    /// (`--memory-mb`), never raise or remove it.
    #[serde(default)]
    pub memory_limit_mb: Option<u32>,
    /// Materials, cheapest first (R-MAT-1).
    #[serde(default)]
    pub materials: Vec<MaterialToml>,
    /// Dice kinds (R-DICE-1).
    #[serde(default)]
    pub dice: Vec<DieToml>,
    /// Decks: a draw pile with its discard pile, and who may draw from it.
    #[serde(default)]
    pub decks: Vec<DeckToml>,
    /// Movement parameters (R-MOVE, R-PLAZA); needed by packs whose flow moves pieces.
    #[serde(default)]
    pub movement: Option<MovementToml>,
    /// Default abilities, raised by the unlocks of `[tracks]`.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::signed_map")]
    pub abilities: BTreeMap<String, i64>,
    /// Tracks by counter id (`[tracks.<counter>]`): points by value and unlocks.
    #[serde(default)]
    pub tracks: BTreeMap<String, TrackToml>,
    /// The game's length, its end triggers and their tokens (`[end]`).
    pub end: EndToml,
    /// Tile sides (R-TILE-SIDE).
    #[serde(default)]
    pub tiles: TilesToml,
    /// Setup per player count.
    pub setup: Vec<SetupToml>,
    /// Cards dealt to every player at setup, by name (`[deals.<name>]`).
    #[serde(default)]
    pub deals: BTreeMap<String, DealToml>,
    /// Bot parameters by bot name (`[bots.greedy]`).
    #[serde(default)]
    pub bots: BTreeMap<String, BTreeMap<String, f64>>,
    /// The counters each player holds besides the materials (coins, a score, a track):
    /// weft has none built in.
    #[serde(default)]
    pub counters: Vec<CounterToml>,
    /// How the game is scored and won.
    #[serde(default)]
    pub score: Option<ScoreToml>,
    /// The round as a program (`[flow]`); every pack declares one (absent, the load fails).
    #[serde(default)]
    pub flow: Option<FlowToml>,
    /// Workers each player places in `place` steps (C-COMP-3, C-PLACE-1).
    #[serde(default)]
    pub placement: Option<PlacementToml>,
    /// For reports: where a card's price and points are (`[report]`).
    #[serde(default)]
    pub report: ReportToml,
    /// Card zones: decks, displays, hands, tableaus (`[[zones]]`).
    #[serde(default)]
    pub zones: Vec<ZoneToml>,
    /// How `weft serve` draws the game (`[layout]`); no rule reads it.
    #[serde(default)]
    pub layout: LayoutToml,
    /// Every player's dice and the shared neutral dice (`[pools]`).
    #[serde(default)]
    pub pools: Option<PoolsToml>,
    /// Extra actions a turn offers around its main action (`[[extras]]`).
    #[serde(default)]
    pub extras: Vec<ExtraToml>,
    /// What may stand in for what in a payment (`[payment]`).
    #[serde(default)]
    pub payment: Option<PaymentToml>,
    /// Markers players place on board slots (`[[markers]]`): trading posts.
    #[serde(default)]
    pub markers: Vec<MarkerToml>,
}

/// One `[[markers]]` entry of `game.toml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkerToml {
    /// Identifier, as scripts name it.
    pub id: String,
    /// For people (default: the id).
    #[serde(default)]
    pub name: Option<String>,
    /// Markers each player has (1 to 64).
    pub per_player: u8,
    /// The most of one player's markers on one slot (default 1).
    #[serde(default)]
    pub per_slot: Option<u8>,
    /// How `weft serve` draws one: `square` (default), `diamond` or `triangle`.
    #[serde(default)]
    pub shape: Option<String>,
}

/// `[payment]` of `game.toml`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaymentToml {
    /// By substitute counter, the counters one unit of it may pay for, one for one
    /// (`jade = ["coins", "camels"]`, M-JADE-1).
    #[serde(default)]
    pub substitutes: BTreeMap<String, Vec<String>>,
}

/// `[pools]` of `game.toml`: dice in every player's pool and a neutral supply.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PoolsToml {
    /// Faces of each die (pips 1 to `faces`; default 6).
    #[serde(default)]
    pub faces: Option<u8>,
    /// Dice of each player's colour.
    pub per_player: u8,
    /// Neutral dice in the shared supply (default 0).
    #[serde(default)]
    pub neutral: u8,
    /// What people call a neutral die (default "neutral die").
    #[serde(default)]
    pub neutral_name: Option<String>,
    /// A hook point fired for the placer's cards after each placement, with the dice
    /// space's id (M-CHAR-11 b).
    #[serde(default)]
    pub placed: Option<String>,
}

/// One `[[extras]]` entry of `game.toml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtraToml {
    /// Identifier: the first word of its option keys.
    pub id: String,
    /// Display name (default: the id).
    #[serde(default)]
    pub name: Option<String>,
    /// `reroll`, `adjust`, `take_neutral`, `place` or `script`.
    pub kind: String,
    /// What taking it pays, by counter.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::amount_map")]
    pub cost: BTreeMap<String, u32>,
    /// Times per turn (default: no limit).
    #[serde(default)]
    pub per_turn: Option<u8>,
    /// A `place` extra's dice space.
    #[serde(default)]
    pub space: Option<String>,
    /// A `script` extra's module.
    #[serde(default)]
    pub behaviour: Option<String>,
    /// Parameters handed to its hooks.
    #[serde(default)]
    pub params: toml::Table,
    /// A hook point fired for the player's held cards when it is taken, with the die it
    /// rolled or turned.
    #[serde(default)]
    pub trigger: Option<String>,
    /// A player zone that must hold a card for the extra to be offered (its `options`
    /// hook is not even asked otherwise).
    #[serde(default)]
    pub needs_cards: Option<String>,
    /// An ability the player must hold above 0 for the extra to be offered (a
    /// character's own action: M-CHAR-10 d).
    #[serde(default)]
    pub needs_ability: Option<String>,
    /// Counters of which the player must hold at least 1 of one (goods to load,
    /// M-CARAVAN-3).
    #[serde(default)]
    pub needs_any: Vec<String>,
    /// Marker kinds of which the player must have one on the board (a caravan out,
    /// M-CARAVAN-7).
    #[serde(default)]
    pub needs_placed: Vec<String>,
    /// Options from data instead of the script's `options`: `"cards"` (the cards of
    /// `needs_cards` whose `cost` the player can pay) or `"params:LIST"` (the entries of
    /// that params list, `{id, cost, when}`, whose `when` counters hold and whose `cost`
    /// the player can pay).
    #[serde(default)]
    pub offers: Option<String>,
    /// An ability for which, held above 0, the player is asked the script's `options`
    /// instead of `offers` (a character's power that changes what may be chosen).
    #[serde(default)]
    pub offers_script_for: Option<String>,
    /// Rules text for people.
    #[serde(default)]
    pub text: String,
}

/// A dice space's `presence`: the marker a player must have on one of `at`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PresenceToml {
    /// The marker kind (`[[markers]]`).
    pub marker: String,
    /// The slots, one of which must hold the player's marker.
    pub at: Vec<String>,
    /// Whether the marker must have been placed before this turn (M-MOVE-9).
    #[serde(default)]
    pub settled: bool,
    /// Whether a stand-in's tag may stand for the placer (M-CHAR-11 a iii, iv).
    #[serde(default)]
    pub stand_in_tags: bool,
}

/// One `[[dice_spaces]]` entry of `board.toml`: an action space dice are placed on.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceSpaceToml {
    /// Identifier.
    pub id: String,
    /// Display name (default: the id).
    #[serde(default)]
    pub name: Option<String>,
    /// Dice a placement takes, exactly (default 1).
    #[serde(default)]
    pub dice: Option<u8>,
    /// The least strength a placement needs (default 1).
    #[serde(default)]
    pub min_strength: Option<u8>,
    /// `open` (default), `exclusive`, `ordered` or `unlimited`.
    #[serde(default)]
    pub occupancy: Option<String>,
    /// An `ordered` space's placements per round.
    #[serde(default)]
    pub slots: Option<u8>,
    /// The counter an open space's fee is paid in (one per point of strength).
    #[serde(default)]
    pub fee: Option<String>,
    /// Whether a player's own dice may lie on it once only (default: true, but for
    /// `unlimited` spaces).
    #[serde(default)]
    pub per_colour: Option<bool>,
    /// Linked spaces: a player's own dice on one rule out the others.
    #[serde(default)]
    pub group: Option<String>,
    /// What placing pays, by counter.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::amount_map")]
    pub cost: BTreeMap<String, u32>,
    /// What the player must hold after fee and cost, by counter.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::amount_map")]
    pub needs: BTreeMap<String, u32>,
    /// An ability (of `[abilities]`) that closes the space to a player holding it above
    /// 0 (a character's power, M-CHAR-7 a).
    #[serde(default)]
    pub closed_by: Option<String>,
    /// An ability by which a player holding it may place fewer dice, down to 1 (M-CHAR-2 a).
    #[serde(default)]
    pub fewer_dice: Option<String>,
    /// Open only to a player with a marker on one of some slots (M-CITY-1, M-SPECIAL-1).
    #[serde(default)]
    pub presence: Option<PresenceToml>,
    /// Placed only as an extra action.
    #[serde(default)]
    pub extra: bool,
    /// Module with the space's hooks.
    #[serde(default)]
    pub behaviour: Option<String>,
    /// Parameters handed to its hooks.
    #[serde(default)]
    pub params: toml::Table,
    /// Rules text for people.
    #[serde(default)]
    pub text: String,
    /// In a pack that extends another: replace the earlier space with this id.
    #[serde(default)]
    pub replace: bool,
    /// The `board.toml` that declared it (set by the loader).
    #[serde(skip)]
    pub declared_in: String,
}

/// `[layout]` of `game.toml`: drawing hints for `weft serve`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayoutToml {
    /// Pixels per unit of the slots' `pos`.
    #[serde(default)]
    pub scale: Option<f64>,
    /// An SVG file of the pack (under `layout/`) drawn under the slots.
    #[serde(default)]
    pub board: Option<String>,
    /// A colour per seat, `#rrggbb`, seat 1 first.
    #[serde(default)]
    pub seat_colours: Vec<String>,
    /// Colours of materials and counters by id, `#rrggbb`.
    #[serde(default)]
    pub colours: BTreeMap<String, String>,
}

/// A number, or one per player count: `3` or `{ 2 = 3, 3 = 4 }` (the entry of the
/// largest count not above the game's applies).
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum PerPlayers {
    /// The same at every player count.
    One(u32),
    /// By player count.
    By(BTreeMap<String, u32>),
}

/// A string, or a list of them.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum OneOrMany {
    /// One.
    One(String),
    /// Several.
    Many(Vec<String>),
}

impl OneOrMany {
    /// The strings, one or several.
    pub fn list(&self) -> Vec<String> {
        match self {
            OneOrMany::One(s) => vec![s.clone()],
            OneOrMany::Many(v) => v.clone(),
        }
    }
}

/// `[[zones]]`: a place cards are kept.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneToml {
    /// Identifier used by scripts, flow steps and cards.
    pub id: String,
    /// Name for people.
    #[serde(default)]
    pub name: String,
    /// `"shared"` (one zone) or `"player"` (one per player).
    #[serde(default = "default_shared")]
    pub owner: String,
    /// `"pile"` (ordered, the top is the end) or `"grid"` (fixed positions).
    #[serde(default = "default_pile")]
    pub kind: String,
    /// `"public"`, `"hidden"` (faces and order unknown to every player) or `"owner"`
    /// (faces seen by its player only).
    #[serde(default = "default_public")]
    pub visibility: String,
    /// Most cards it may hold.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::opt_amount")]
    pub cap: Option<u32>,
    /// A player zone's soft limit: over it, the owner discards down before any other
    /// step runs.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::opt_amount")]
    pub limit: Option<u32>,
    /// Whether each position carries an integer mark (coins on a card).
    #[serde(default)]
    pub marks: bool,
    /// Grid rows.
    #[serde(default)]
    pub rows: Option<PerPlayers>,
    /// Grid columns.
    #[serde(default)]
    pub columns: Option<PerPlayers>,
    /// Shuffle the pile at setup, after its cards are put in (default: when hidden).
    #[serde(default)]
    pub shuffle: Option<bool>,
}

fn default_shared() -> String {
    "shared".into()
}

fn default_pile() -> String {
    "pile".into()
}

fn default_public() -> String {
    "public".into()
}

/// A `cards/*.toml` file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    /// The card templates.
    #[serde(default)]
    pub cards: Vec<CardToml>,
}

/// One card template of `[[cards]]` and its copies.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardToml {
    /// Template id; copies are `<id>-1`, `<id>-2`, … when there can be more than one.
    pub id: String,
    /// Name for people.
    #[serde(default)]
    pub name: String,
    /// A free tag scripts and reports read (`project`, `special`).
    #[serde(default)]
    pub kind: String,
    /// The shared pile its copies start in.
    pub zone: String,
    /// Copies in every game.
    #[serde(default = "one")]
    #[serde(deserialize_with = "super::bounded::amount")]
    pub copies: u32,
    /// More copies from a player count on: `{ 3 = 1 }`.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::amount_map")]
    pub by_players: BTreeMap<String, u32>,
    /// What a `play` step makes its player pay for it, by counter id.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::amount_map")]
    pub cost: BTreeMap<String, u32>,
    /// What its player gains once when a `play` step plays it, by counter id.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::amount_map")]
    pub reward: BTreeMap<String, u32>,
    /// A Lua module scripts may call for the card's effect.
    #[serde(default)]
    pub behaviour: Option<String>,
    /// Data for scripts.
    #[serde(default)]
    pub params: toml::Table,
    /// Text for people.
    #[serde(default)]
    pub text: String,
    /// Replaces an earlier pack's template of the same id.
    #[serde(default)]
    pub replace: bool,
    /// Abilities its holder has while a copy lies in one of their zones: `{ name =
    /// value }`, each name one of `[abilities]`; the highest value wins (a character's
    /// power read by a dice space's `closed_by` or `fewer_dice`, a `move` step's range,
    /// or a script's `ctx:ability`).
    #[serde(default)]
    pub abilities: BTreeMap<String, i64>,
    /// More its holder gains with each unit of a counter they gain, by any verb or
    /// step: `{ jade = { vp = 1 } }` (M-CHAR-3 c).
    #[serde(default)]
    pub on_gain: BTreeMap<String, BTreeMap<String, u32>>,
}

fn one() -> u32 {
    1
}

/// `[report]`: for reports, not a rule. Where a `[[cards]]` card's price and the
/// points it scores are in its `params`, so the strength table can give its value for
/// cost (a card's own `cost` and `reward` are read where it has them).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReportToml {
    /// The param holding a card's price: a table of counter ids to amounts, each priced
    /// by its counter's `value`.
    #[serde(default)]
    pub card_cost: Option<String>,
    /// The param holding the points a card scores (a whole number).
    #[serde(default)]
    pub card_points: Option<String>,
    /// The player zone a taken card ends in when its player finished it (Cabriole's
    /// `completed`): a card taken often that never ends there is warned about.
    #[serde(default)]
    pub completed_zone: Option<String>,
}

/// `[placement]`: the workers of worker-placement games.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacementToml {
    /// Workers per player (1 to 64).
    #[serde(deserialize_with = "super::bounded::amount")]
    pub workers: u32,
    /// Workers per player at some player counts, overriding `workers`: `{ 2 = 6 }`.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::amount_map")]
    pub by_players: BTreeMap<String, u32>,
}

fn default_first_player() -> String {
    "random".into()
}

/// One material.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaterialToml {
    /// Identifier used in every other file.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Value used by bots and balance reports.
    #[serde(deserialize_with = "super::bounded::amount")]
    pub value: u32,
    /// Count in the supply; absent means unlimited (R-SUPPLY-1).
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::opt_amount")]
    pub supply: Option<u32>,
}

/// `[score]`: the parts of a score and the tie-break (players tied after it share the win).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreToml {
    /// Summed: counter ids, `"track:<counter>"` (the points of that counter's track at
    /// the player's value), `"tokens"` (the end tokens held).
    pub parts: Vec<String>,
    /// Tie-break keys in order: counter ids joined by `+` (`"materials"` stands for every
    /// material), or `"latest_in_start_order"` / `"earliest_in_start_order"`.
    #[serde(default)]
    pub tiebreak: Vec<String>,
    /// `module.function`: a read-only Lua function returning what the player's position
    /// (`ctx:player()`) is worth beyond the score it would have if the game ended now
    /// (unfinished work); bots add it to that score.
    #[serde(default)]
    pub potential: Option<NowToml>,
    /// How bots run the final scoring to value one player's position: `"whole"` (every
    /// `end` hook for every player, the default) or `"per_player"` (the `on = "players"`
    /// end hooks for that player alone, which is exact only when each player's hook reads
    /// and changes nothing of another player's; `weft check` verifies it).
    #[serde(default)]
    pub estimate: EstimateToml,
    /// By a majority's counter: an ability a player's value counts as at least, for that
    /// majority only (a character "counts as having 4 contracts", M-CHAR-10 c).
    #[serde(default)]
    pub majority_at_least: std::collections::BTreeMap<String, String>,
}

/// `[score] estimate`: what bots run of the final scoring to value one player.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EstimateToml {
    /// Every `end` hook, for every player.
    #[default]
    Whole,
    /// The `on = "players"` end hooks for the player valued alone.
    PerPlayer,
}

/// `[score] potential`: `"module.function"`, or `{ run = "module.function", params = {…} }`.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum NowToml {
    /// The function alone.
    Run(String),
    /// The function and the params handed to it.
    WithParams {
        /// `module.function`.
        run: String,
        /// Parameters.
        #[serde(default)]
        params: toml::Table,
    },
}

/// One counter a pack declares (`[[counters]]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterToml {
    /// Identifier scripts use (`ctx:count(p, "oak")`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Lowest value (default 0); paying below it is refused.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::signed64")]
    pub min: i64,
    /// Highest value, if any.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::opt_signed")]
    pub max: Option<i64>,
    /// What a gain past `max` does: `"refuse"` (the default: an error) or `"clip"` (the
    /// excess is lost, and logged).
    #[serde(default)]
    pub over: Option<String>,
    /// Value for bots and reports.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::amount")]
    pub value: u32,
    /// A shared supply; absent means unlimited.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::opt_amount")]
    pub supply: Option<u32>,
}

/// One kind of die.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DieToml {
    /// Identifier (`black`, `gray`, `white`).
    pub id: String,
    /// Material on each face.
    pub faces: Vec<String>,
}

/// `[[decks]]`: a draw pile with its discard pile.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckToml {
    /// Identifier.
    pub id: String,
    /// Display name.
    #[serde(default)]
    pub name: String,
    /// The draw pile: a shared pile zone.
    pub draw: String,
    /// The discard pile: a shared pile zone.
    pub discard: String,
    /// The counter values a player needs to draw from it (`{ skill = 2 }`, all of
    /// them); empty, any player may.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::amount_map")]
    pub unlock: BTreeMap<String, u32>,
}

/// `[deals.<name>]`: cards every player is dealt at setup.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealToml {
    /// A deck id, or a shared pile zone.
    pub from: String,
    /// A player zone.
    pub to: String,
    /// Cards per player: one number, or one per player count.
    pub count: PerPlayers,
    /// Deals run lower first; ties by name.
    #[serde(default)]
    pub order: i32,
    /// Whether the deal is made (a variant turns one on or off).
    #[serde(default = "yes")]
    pub enabled: bool,
}

fn yes() -> bool {
    true
}

/// Movement.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementToml {
    /// Slot kind whose tiles ignore distance and the once-per-round rule (R-PLAZA-1).
    pub free_kind: String,
    /// Slot where every piece starts (R-PLAZA-2).
    pub start: String,
    /// `module.function` run for the traveller when a travel (`ctx:travel`) ends, with
    /// `ctx:travel_path()` (M-MOVE-6..8).
    #[serde(default)]
    pub arrive: Option<String>,
}

/// `[tracks.<counter>]`: what a counter's values are worth and unlock.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackToml {
    /// Points printed on each value from 0 up, for the `[score]` part `track:<counter>`:
    /// a player scores every entry at or below their value. Empty: worth nothing.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::signed_list")]
    pub points: Vec<i32>,
    /// Unlocks along the track (`[[tracks.<counter>.unlocks]]`).
    #[serde(default)]
    pub unlocks: Vec<UnlockToml>,
}

/// One unlock of a track.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnlockToml {
    /// The counter's value at which it applies.
    #[serde(deserialize_with = "super::bounded::amount")]
    pub at: u32,
    /// Text for people.
    #[serde(default)]
    pub text: String,
    /// Abilities set from this value on (the highest unlocked value wins).
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::signed_map")]
    pub abilities: BTreeMap<String, i64>,
    /// A one-off effect when a player first reaches the value.
    #[serde(default)]
    pub on_reach: Option<ScriptToml>,
}

/// A reference to behaviour: a Lua module and its parameters.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptToml {
    /// Module name (`weft.shop`) or pack path (`tiles/x.lua`).
    pub behaviour: String,
    /// Parameters handed to every hook.
    #[serde(default)]
    pub params: toml::Table,
    /// Text for people (generated text comes with the reference issue).
    #[serde(default)]
    pub text: String,
}

/// End of game (`[end]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndToml {
    /// Safety cap: a game still running after this many rounds ends as stalled.
    #[serde(default = "default_max_rounds")]
    #[serde(deserialize_with = "super::bounded::amount")]
    pub max_rounds: u32,
    /// A fixed length: the game ends after this many rounds, if set (1..=`max_rounds`).
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::opt_amount")]
    pub rounds: Option<u32>,
    /// End tokens and the points each is worth (`[end.tokens]`, `bonus = 2`).
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::signed_map")]
    pub tokens: BTreeMap<String, i64>,
    /// End triggers by cause (`[end.triggers.<cause>]`): the first player whose counter
    /// reaches `at_least` takes the trigger's token, and the game ends after the round.
    #[serde(default)]
    pub triggers: BTreeMap<String, TriggerToml>,
}

/// `[end.triggers.<cause>]`: a counter reaching a value ends the game after the round.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TriggerToml {
    /// The counter watched.
    pub counter: String,
    /// The value that triggers; 0 turns the trigger off.
    #[serde(deserialize_with = "super::bounded::amount")]
    pub at_least: u32,
    /// The token the first player to reach it takes, if any (from `[end.tokens]`).
    #[serde(default)]
    pub token: Option<String>,
}

fn default_max_rounds() -> u32 {
    60
}

/// `[flow]`: the blocks run once at setup and in every round, and the named blocks
/// (tables keyed by name, so a later pack can replace one block through the deep merge
/// of `game.toml`). Compiled into a [`super::program::Program`] by `flow_toml.rs`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlowToml {
    /// Names of the blocks run once at setup, in order.
    #[serde(default)]
    pub setup: Vec<String>,
    /// Names of the blocks run in every round, in order (R-ROUND-1). May not be empty.
    #[serde(default)]
    pub round: Vec<String>,
    /// Names of the blocks run once when the game ends by its rules (after the last
    /// round, before the result): final scoring. Not run for a stalled game.
    #[serde(default)]
    pub end: Vec<String>,
    /// The blocks by name (`[flow.blocks.NAME]`).
    #[serde(default)]
    pub blocks: BTreeMap<String, BlockToml>,
    /// Hook points the pack's scripts fire with `ctx:trigger(p, "NAME")`: hooks a held
    /// card's behaviour may define (a character's power), besides those of `{ do =
    /// "hook", on = "cards" }` steps.
    #[serde(default)]
    pub hook_points: Vec<String>,
}

/// `[flow.blocks.NAME]`: a named list of steps.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlockToml {
    /// The steps, in order (an empty block does nothing).
    #[serde(default)]
    pub steps: Vec<StepToml>,
    /// If set, the only rounds the block runs in.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::opt_amounts")]
    pub rounds: Option<Vec<u32>>,
    /// Rounds the block is passed over in.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::amounts")]
    pub skip_rounds: Vec<u32>,
}

/// One step of a block, `{ do = "KIND", … }`: the kind, the rounds it runs in, and the
/// kind's own fields, which the kind's module under `engine/steps/` reads into a struct
/// of its own (unknown keys are refused there, each named with its line).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct StepToml {
    /// The kind (see [`crate::engine::steps::KINDS`]).
    #[serde(rename = "do")]
    pub kind: String,
    /// If set, the only rounds the step runs in.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::opt_amounts")]
    pub rounds: Option<Vec<u32>>,
    /// Rounds the step is passed over in.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::amounts")]
    pub skip_rounds: Vec<u32>,
    /// Every other key, for the kind.
    #[serde(flatten)]
    pub fields: toml::Table,
}

/// Tile sides.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TilesToml {
    /// Side used for every tile unless overridden (R-TILE-SIDE).
    #[serde(default)]
    pub side: Option<String>,
    /// Per-tile side overrides.
    #[serde(default)]
    pub sides: BTreeMap<String, String>,
}

/// Setup for one player count.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupToml {
    /// Player count this applies to.
    pub players: u8,
    /// What every player starts with, by counter (materials included).
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::amount_map")]
    pub start: BTreeMap<String, u32>,
    /// More by turn order, by counter: one amount per place, first player first.
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::amounts_map")]
    pub turn_order: BTreeMap<String, Vec<u32>>,
}

/// `board.toml`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardToml {
    /// Slots where tiles go.
    #[serde(default)]
    pub slots: Vec<SlotToml>,
    /// Paths between slots (undirected).
    #[serde(default)]
    pub paths: Vec<PathToml>,
    /// Worker-placement areas (C-QUEUE-1), in declaration order.
    #[serde(default)]
    pub areas: Vec<AreaToml>,
    /// Action spaces dice are placed on (M-DICE-2), in declaration order.
    #[serde(default)]
    pub dice_spaces: Vec<DiceSpaceToml>,
}

/// One worker-placement area, `[[areas]]` in `board.toml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaToml {
    /// Identifier.
    pub id: String,
    /// Display name (default: the id).
    #[serde(default)]
    pub name: Option<String>,
    /// When it resolves: lower first, ties in declaration order (C-RES-1; default 0).
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::signed")]
    pub resolve_order: i32,
    /// Whether one player may hold at most one of its spaces (C-EXTRA-2).
    #[serde(default)]
    pub exclusive_per_player: bool,
    /// The least player count the area is in play at (its every space is gated too):
    /// an area meant to be unused in smaller games, such as a market at two players.
    #[serde(default)]
    pub min_players: Option<u8>,
    /// Module with the area's `options` and `resolve` hooks, if any.
    #[serde(default)]
    pub behaviour: Option<String>,
    /// Parameters handed to its hooks.
    #[serde(default)]
    pub params: toml::Table,
    /// Rules text for people.
    #[serde(default)]
    pub text: String,
    /// Its spaces, left to right (C-QUEUE-1).
    pub spaces: Vec<SpaceToml>,
    /// In a pack that extends another: replace the earlier area with this id.
    #[serde(default)]
    pub replace: bool,
    /// The `board.toml` that declared it (set by the loader).
    #[serde(skip)]
    pub declared_in: String,
}

/// One space of an area: `{}` is always usable; `{ min_players = 3 }` only with 3 or
/// more players (C-QUEUE-2).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpaceToml {
    /// Fewest players at which the space is usable.
    #[serde(default)]
    pub min_players: Option<u8>,
    /// Most players at which the space is usable.
    #[serde(default)]
    pub max_players: Option<u8>,
}

/// One board slot.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlotToml {
    /// Identifier.
    pub id: String,
    /// Kind of tile the slot takes.
    pub kind: String,
    /// Position for drawing.
    #[serde(default)]
    pub pos: [f32; 2],
    /// A fixed tile instead of a random one of the kind.
    #[serde(default)]
    pub tile: Option<String>,
    /// In a pack that extends another: replace the earlier slot with this id.
    #[serde(default)]
    pub replace: bool,
}

/// One path.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PathToml {
    /// One end.
    pub a: String,
    /// Other end.
    pub b: String,
    /// What crossing it pays, by counter, in a travel (M-MOVE-3).
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::amount_map")]
    pub cost: BTreeMap<String, u32>,
    /// What a player must hold to cross it in a travel, by counter, not paid (M-MOVE-4).
    #[serde(default)]
    #[serde(deserialize_with = "super::bounded::amount_map")]
    pub requires: BTreeMap<String, u32>,
    /// The `board.toml` that declared it (set by the loader; a layer's paths are its own).
    #[serde(skip)]
    pub declared_in: String,
}

/// `tiles/<id>.toml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileToml {
    /// Identifier; must match the file name.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Kind; the tile is dealt to a slot of this kind.
    pub kind: String,
    /// Rules text for people.
    #[serde(default)]
    pub text: String,
    /// Module name; absent means `tiles/<id>.lua` next to the file.
    #[serde(default)]
    pub behaviour: Option<String>,
    /// Parameters common to every side.
    #[serde(default)]
    pub params: toml::Table,
    /// Per-side parameter overlays (R-TILE-SIDE).
    #[serde(default)]
    pub sides: BTreeMap<String, toml::Table>,
    /// In a pack that extends another: replace the earlier tile with this id.
    #[serde(default)]
    pub replace: bool,
}

/// One definition and where it came from.
#[derive(Debug, Clone)]
pub(crate) struct Placed<T> {
    /// `pack/path`, for messages.
    pub label: String,
    /// Path inside its pack, e.g. `tiles/x.toml`.
    pub path: String,
    /// Pack that defined it.
    pub pack: String,
    /// Pack that replaced it last, if any.
    pub replaced_by: Option<String>,
    /// The definition.
    pub item: T,
}
