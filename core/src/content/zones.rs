//! Card zones and the pack's cards: `[[zones]]` in `game.toml` and `[[cards]]` in
//! `cards/*.toml`, resolved into [`Zone`] and [`Card`] (issue 11: decks, display grids
//! with marks, hands and tableaus as data; decks filtered by player count, C-TWO-1).

use std::collections::BTreeMap;

use super::diagnostics::{EntryKey, Loader};
use super::raw::{CardToml, PerPlayers, Placed, ZoneToml};

/// Index of a zone in [`super::Content::zones`].
pub type ZoneId = u16;
/// Index of a card in [`super::Content::cards`] (one entry per copy): the one card index.
/// A commission's index in [`super::Content::commissions`] is its card's index.
pub type CardIx = u16;

/// The most zones a pack may declare.
const MAX_ZONES: usize = 64;
/// The most cards (copies) a pack may have.
const MAX_CARDS: usize = 4096;
/// The most positions a grid may have.
const MAX_GRID: u32 = 256;

/// Who a zone belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ZoneOwner {
    /// One zone for the whole table (a deck, a display).
    Shared,
    /// One zone per player (a hand, a tableau).
    Player,
}

/// Who sees a zone's cards (bots re-deal what a player cannot see).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visibility {
    /// Faces and order seen by everyone.
    Public,
    /// Faces and order seen by no one (a face-down deck).
    Hidden,
    /// Faces seen by the zone's player only (a hand).
    Owner,
}

/// A zone's shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ZoneKind {
    /// An ordered pile; the top is the end.
    Pile,
    /// Fixed positions, row-major, that may be empty; rows and columns by player count.
    Grid {
        /// Rows at each player count (key: the least count it applies from).
        rows: BTreeMap<u8, u32>,
        /// Columns likewise.
        columns: BTreeMap<u8, u32>,
    },
}

/// A declared zone.
#[derive(Debug, Clone)]
pub struct Zone {
    /// Identifier.
    pub id: String,
    /// Name for people.
    pub name: String,
    /// Shared or per player.
    pub owner: ZoneOwner,
    /// Pile or grid.
    pub kind: ZoneKind,
    /// Who sees its cards.
    pub visibility: Visibility,
    /// Most cards it may hold.
    pub cap: Option<u32>,
    /// A player zone's soft limit: over it, the owner discards down before any other
    /// step runs.
    pub limit: Option<u32>,
    /// Whether each position carries an integer mark.
    pub marks: bool,
    /// Shuffled at setup.
    pub shuffle: bool,
    /// Index among the zones of its owner kind: into `GameState.zones` for shared
    /// zones, into `Player.zones` for player zones.
    pub index: usize,
    /// `file:line` of its declaration.
    pub declared_at: String,
}

impl Zone {
    /// Rows and columns of a grid at `players` players (`None` for a pile).
    pub fn grid_size(&self, players: usize) -> Option<(u32, u32)> {
        match &self.kind {
            ZoneKind::Pile => None,
            ZoneKind::Grid { rows, columns } => {
                Some((at_count(rows, players), at_count(columns, players)))
            }
        }
    }
}

/// Positions of a grid with `rows` and `columns` at `players` players, in 64 bits: the
/// loader reads the counts before it refuses those above 16, so their product may not
/// fit in 32.
fn positions_at(rows: &BTreeMap<u8, u32>, columns: &BTreeMap<u8, u32>, players: usize) -> u64 {
    u64::from(at_count(rows, players)) * u64::from(at_count(columns, players))
}

/// The entry of the largest player count not above `players` (0 when there is none).
pub(crate) fn at_count(by: &BTreeMap<u8, u32>, players: usize) -> u32 {
    by.range(..=players.min(255) as u8)
        .next_back()
        .map(|(_, &v)| v)
        .unwrap_or(0)
}

/// One card (a copy of a `[[cards]]` template).
#[derive(Debug, Clone)]
pub struct Card {
    /// The copy's id (`A01-2`, or the template id when there is one copy).
    pub id: String,
    /// The template's id.
    pub template: String,
    /// Name for people.
    pub name: String,
    /// The template's tag.
    pub kind: String,
    /// The shared pile it starts in.
    pub zone: ZoneId,
    /// The least player count it is in play at (C-TWO-1: "3+" copies).
    pub min_players: u8,
    /// What a `play` step makes its player pay for it, by counter, in counter order.
    pub cost: Vec<(crate::content::CounterId, u32)>,
    /// What its player gains once when a `play` step plays it, by counter, in counter
    /// order.
    pub reward: Vec<(crate::content::CounterId, u32)>,
    /// The deck it belongs to: the one whose draw pile is its starting zone.
    pub deck: Option<crate::content::DeckId>,
    /// Module of its effect, if any.
    pub behaviour: Option<String>,
    /// Data for scripts.
    pub params: toml::Table,
    /// Text for people.
    pub text: String,
    /// `pack/path` of its file.
    pub declared_in: String,
    /// Abilities its holder has while it lies in one of their zones (`abilities`), by
    /// name.
    pub abilities: Vec<(String, i64)>,
    /// What its holder gains besides, per unit of a counter they gain (`on_gain`):
    /// (the counter gained, what comes with each unit).
    pub on_gain: Vec<(
        crate::content::CounterId,
        Vec<(crate::content::CounterId, u32)>,
    )>,
}

impl Card {
    /// Whether holding it changes a rule: abilities or gains on gains.
    pub fn has_powers(&self) -> bool {
        !self.abilities.is_empty() || !self.on_gain.is_empty()
    }

    /// How much of counter `k` its reward gives (0 when none).
    pub fn reward_of(&self, k: crate::content::CounterId) -> u32 {
        self.reward
            .iter()
            .find(|&&(id, _)| id == k)
            .map_or(0, |&(_, n)| n)
    }
}

/// Why an id names no pile of the owner looked for ([`pile_of`]).
pub(crate) struct NotAPile {
    /// Whether the id names a zone at all (one of another owner or kind).
    pub is_zone: bool,
    /// The ids of the piles of that owner, `, `-separated, or `none`: for help texts.
    pub piles: String,
}

/// The zone `id` when it is a pile owned by `owner` (a deck's pile, a deal's source or
/// target, a `play` or `use_cards` step's zone), else why not.
pub(crate) fn pile_of(zones: &[Zone], id: &str, owner: ZoneOwner) -> Result<ZoneId, NotAPile> {
    let is_pile = |z: &Zone| z.owner == owner && z.kind == ZoneKind::Pile;
    match zones.iter().position(|z| z.id == id) {
        Some(z) if is_pile(&zones[z]) => Ok(z as ZoneId),
        found => {
            let piles: Vec<&str> = zones
                .iter()
                .filter(|z| is_pile(z))
                .map(|z| z.id.as_str())
                .collect();
            Err(NotAPile {
                is_zone: found.is_some(),
                piles: if piles.is_empty() {
                    "none".into()
                } else {
                    piles.join(", ")
                },
            })
        }
    }
}

/// `v` as values by player count (one entry at 1 for a single number), and the keys
/// that are no player count (1 to 8), left out.
pub(crate) fn by_player_count(v: &PerPlayers) -> (BTreeMap<u8, u32>, Vec<&str>) {
    let mut out = BTreeMap::new();
    let mut bad = Vec::new();
    match v {
        PerPlayers::One(n) => {
            out.insert(1, *n);
        }
        PerPlayers::By(map) => {
            for (k, &n) in map {
                match k.parse::<u8>().ok().filter(|c| (1..=8).contains(c)) {
                    Some(c) => {
                        out.insert(c, n);
                    }
                    None => bad.push(k.as_str()),
                }
            }
        }
    }
    (out, bad)
}

/// The key `key` (the entry itself for `None`) of the `k`-th `[[zones]]` entry.
fn zone_key(k: usize, key: Option<&str>) -> EntryKey<'_> {
    EntryKey {
        array: "zones",
        k,
        key,
    }
}

fn per_players(
    ld: &mut Loader,
    (gf, k): (&str, usize),
    zone: &str,
    what: &str,
    v: &Option<PerPlayers>,
) -> BTreeMap<u8, u32> {
    let Some(v) = v else {
        ld.fail_entry(
            zone_key(k, None),
            (gf, &format!("id = \"{zone}\"")),
            format!("grid zone `{zone}` has no {what}"),
            &format!("give {what} = 4, or one per player count: {what} = {{ 2 = 3, 4 = 4 }}"),
        );
        return BTreeMap::new();
    };
    let (out, bad) = by_player_count(v);
    for count in bad {
        ld.fail_entry(
            zone_key(k, Some(what)),
            (gf, &format!("id = \"{zone}\"")),
            format!("zone `{zone}`: {what} key `{count}` is not a player count"),
            "player counts are 1 to 8",
        );
    }
    for (&c, &n) in &out {
        if n == 0 || n > 16 {
            ld.fail_entry(
                zone_key(k, Some(what)),
                (gf, &format!("id = \"{zone}\"")),
                format!("zone `{zone}`: {what} = {n} at {c}+ players"),
                "grids have 1 to 16 rows and columns",
            );
        }
    }
    out
}

/// Records an error when a grid's `cap` is below its positions at a supported player
/// count: a `refill` fills every empty position, so the cap would refuse it.
fn check_grid_cap(
    ld: &mut Loader,
    (gf, k): (&str, usize),
    z: &ZoneToml,
    rows: &BTreeMap<u8, u32>,
    columns: &BTreeMap<u8, u32>,
    players: &[u8],
) {
    let Some(cap) = z.cap else { return };
    let positions = |n: u8| positions_at(rows, columns, n as usize);
    if let Some(&n) = players.iter().find(|&&n| positions(n) > u64::from(cap)) {
        ld.fail_entry(
            zone_key(k, Some("cap")),
            (gf, &format!("id = \"{}\"", z.id)),
            format!(
                "grid zone `{}` has cap = {cap} but {} positions at {n} players",
                z.id,
                positions(n)
            ),
            &format!(
                "a refill fills every empty position of a grid: give cap = {} or more, or leave cap out (a grid holds one card per position)",
                players.iter().map(|&n| positions(n)).max().unwrap_or(0)
            ),
        );
    }
}

/// Resolves `[[zones]]`; `players` are the counts the pack supports (from `[[setup]]`).
pub(super) fn resolve_zones(
    ld: &mut Loader,
    gf: &str,
    raw: &[ZoneToml],
    players: &[u8],
) -> Vec<Zone> {
    if raw.len() > MAX_ZONES {
        ld.fail_entry(
            zone_key(MAX_ZONES, None),
            (gf, "[[zones]]"),
            format!("{} zones: a pack has at most {MAX_ZONES}", raw.len()),
            "",
        );
    }
    let mut zones: Vec<Zone> = Vec::new();
    let (mut shared, mut per_player) = (0, 0);
    for (k, z) in raw.iter().take(MAX_ZONES).enumerate() {
        let at = format!("id = \"{}\"", z.id);
        if let Err(problem) = super::resolve::check_id(&z.id) {
            ld.fail_entry(
                zone_key(k, Some("id")),
                (gf, &at),
                format!("zone id `{}` {problem}", z.id.escape_debug()),
                "",
            );
        }
        if zones.iter().any(|x| x.id == z.id) {
            ld.fail_entry(
                zone_key(k, Some("id")),
                (gf, &at),
                format!("zone `{}` is declared twice", z.id),
                "",
            );
        }
        let owner = match z.owner.as_str() {
            "shared" => ZoneOwner::Shared,
            "player" => ZoneOwner::Player,
            other => {
                ld.fail_entry(
                    zone_key(k, Some("owner")),
                    (gf, &at),
                    format!("zone `{}`: owner = \"{other}\"", z.id),
                    "owner is \"shared\" (one zone) or \"player\" (one per player)",
                );
                ZoneOwner::Shared
            }
        };
        let visibility = match z.visibility.as_str() {
            "public" => Visibility::Public,
            "hidden" => Visibility::Hidden,
            "owner" => Visibility::Owner,
            other => {
                ld.fail_entry(
                    zone_key(k, Some("visibility")),
                    (gf, &at),
                    format!("zone `{}`: visibility = \"{other}\"", z.id),
                    "visibility is \"public\", \"hidden\" or \"owner\"",
                );
                Visibility::Public
            }
        };
        if z.limit.is_some() && owner == ZoneOwner::Shared {
            ld.fail_entry(
                zone_key(k, Some("limit")),
                (gf, &at),
                format!("zone `{}` is shared: a limit is for a player's zone", z.id),
                "give limit to a zone with owner = \"player\" (its owner discards down to it), or use cap",
            );
        }
        if visibility == Visibility::Owner && owner == ZoneOwner::Shared {
            ld.fail_entry(
                zone_key(k, Some("visibility")),
                (gf, &at),
                format!("zone `{}` is shared, so no one owns it", z.id),
                "use visibility = \"owner\" on a zone with owner = \"player\"",
            );
        }
        let kind = match z.kind.as_str() {
            "pile" => {
                if z.rows.is_some() || z.columns.is_some() {
                    ld.fail_entry(
                        zone_key(k, Some("rows")),
                        (gf, &at),
                        format!("zone `{}` is a pile: rows and columns are for grids", z.id),
                        "add kind = \"grid\", or remove rows and columns",
                    );
                }
                ZoneKind::Pile
            }
            "grid" => {
                let rows = per_players(ld, (gf, k), &z.id, "rows", &z.rows);
                let columns = per_players(ld, (gf, k), &z.id, "columns", &z.columns);
                check_grid_cap(ld, (gf, k), z, &rows, &columns, players);
                for &n in players {
                    let (r, c) = (at_count(&rows, n as usize), at_count(&columns, n as usize));
                    if r == 0 || c == 0 {
                        ld.fail_entry(
                            zone_key(k, Some("rows")),
                            (gf, &at),
                            format!("grid zone `{}` has no size at {n} players", z.id),
                            "give rows and columns from the least player count of [[setup]] on",
                        );
                    } else if positions_at(&rows, &columns, n as usize) > u64::from(MAX_GRID) {
                        ld.fail_entry(
                            zone_key(k, Some("rows")),
                            (gf, &at),
                            format!(
                                "grid zone `{}` has {} positions",
                                z.id,
                                positions_at(&rows, &columns, n as usize)
                            ),
                            &format!("a grid has at most {MAX_GRID} positions"),
                        );
                    }
                }
                ZoneKind::Grid { rows, columns }
            }
            other => {
                ld.fail_entry(
                    zone_key(k, Some("kind")),
                    (gf, &at),
                    format!("zone `{}`: kind = \"{other}\"", z.id),
                    "kind is \"pile\" or \"grid\"",
                );
                ZoneKind::Pile
            }
        };
        let index = match owner {
            ZoneOwner::Shared => {
                shared += 1;
                shared - 1
            }
            ZoneOwner::Player => {
                per_player += 1;
                per_player - 1
            }
        };
        zones.push(Zone {
            id: z.id.clone(),
            name: if z.name.is_empty() {
                z.id.clone()
            } else {
                z.name.clone()
            },
            owner,
            shuffle: z.shuffle.unwrap_or(visibility == Visibility::Hidden),
            kind,
            visibility,
            cap: z.cap,
            limit: z.limit,
            marks: z.marks,
            index,
            declared_at: ld.locate_entry(zone_key(k, Some("id")), (gf, &at)),
        });
    }
    zones
}

/// Resolves the `[[cards]]` templates into one [`Card`] per copy. `module_of` gives the
/// module a behaviour names (`cards/x.lua` and `cards.x` are the same), if the chain has
/// it.
pub(super) fn resolve_cards(
    ld: &mut Loader,
    raw: Vec<Placed<CardToml>>,
    zones: &[Zone],
    counters: &[crate::content::Counter],
    abilities: &BTreeMap<String, i64>,
    module_of: &dyn Fn(&str) -> Option<String>,
) -> Vec<Card> {
    let mut cards: Vec<Card> = Vec::new();
    let mut templates: BTreeMap<String, String> = BTreeMap::new();
    for placed in raw {
        let (file, t) = (placed.label, placed.item);
        let at = format!("id = \"{}\"", t.id);
        if let Err(problem) = super::resolve::check_id(&t.id) {
            ld.fail_in_entry(
                (&file, "cards", &t.id),
                Some("id"),
                &at,
                format!("card id `{}` {problem}", t.id.escape_debug()),
                "",
            );
        }
        if let Some(first) = templates.insert(t.id.clone(), file.clone()) {
            ld.fail_in_entry(
                (&file, "cards", &t.id),
                Some("id"),
                &at,
                format!("card `{}` is also defined in {first}", t.id),
                "give each card template its own id",
            );
        }
        let zone = match zones.iter().position(|z| z.id == t.zone) {
            Some(z) if matches!(zones[z].kind, ZoneKind::Grid { .. }) => {
                ld.fail_in_entry(
                    (&file, "cards", &t.id),
                    Some("zone"),
                    &t.zone,
                    format!("card `{}` starts in `{}`, a grid zone", t.id, t.zone),
                    &format!("cards start in a pile, and a refill step fills the grid from it: {{ do = \"refill\", zone = \"{}\", from = \"<pile>\" }}", t.zone),
                );
                continue;
            }
            Some(z) if zones[z].owner == ZoneOwner::Shared => z as ZoneId,
            Some(_) => {
                ld.fail_in_entry(
                    (&file, "cards", &t.id),
                    Some("zone"),
                    &t.zone,
                    format!("card `{}` starts in `{}`, a player zone", t.id, t.zone),
                    "cards start in a shared zone; deal them to players in a setup hook",
                );
                continue;
            }
            None => {
                let ids: Vec<&str> = zones.iter().map(|z| z.id.as_str()).collect();
                ld.fail_in_entry(
                    (&file, "cards", &t.id),
                    Some("zone"),
                    &t.zone,
                    format!("card `{}` names unknown zone `{}`", t.id, t.zone),
                    &if ids.is_empty() {
                        "declare the zone with [[zones]] in game.toml".to_string()
                    } else {
                        format!("zones are: {}", ids.join(", "))
                    },
                );
                continue;
            }
        };
        let behaviour = match &t.behaviour {
            Some(b) => match module_of(b) {
                Some(m) => Some(m),
                None => {
                    ld.fail_in_entry(
                        (&file, "cards", &t.id),
                        Some("behaviour"),
                        b,
                        format!("card `{}`: behaviour `{b}` names no Lua module", t.id),
                        "name a module of the pack chain, such as cards.special (cards/special.lua)",
                    );
                    None
                }
            },
            None => None,
        };
        let cost = amounts(ld, &file, &t, "cost", &t.cost, counters);
        let reward = amounts(ld, &file, &t, "reward", &t.reward, counters);
        let powers = card_powers(ld, &file, &t, counters, abilities);
        let mut copies: Vec<u8> = vec![1; t.copies as usize];
        for (count, &n) in &t.by_players {
            match count.parse::<u8>().ok().filter(|c| (1..=8).contains(c)) {
                Some(c) => copies.extend(std::iter::repeat_n(c, n as usize)),
                None => ld.fail_in_entry(
                    (&file, "cards", &t.id),
                    Some(&format!("by_players.{count}")),
                    &at,
                    format!(
                        "card `{}`: by_players key `{count}` is not a player count",
                        t.id
                    ),
                    "write by_players = { 3 = 1 } (one more copy from 3 players on)",
                ),
            }
        }
        if copies.is_empty() {
            ld.fail_in_entry(
                (&file, "cards", &t.id),
                Some("copies"),
                &at,
                format!("card `{}` has no copies", t.id),
                "give copies = 1 or more, or by_players",
            );
        }
        if cards.len() + copies.len() > MAX_CARDS {
            ld.fail_in_entry(
                (&file, "cards", &t.id),
                None,
                &at,
                format!("more than {MAX_CARDS} cards in the pack"),
                "",
            );
            break;
        }
        let single = copies.len() == 1;
        for (k, min_players) in copies.into_iter().enumerate() {
            cards.push(Card {
                id: if single {
                    t.id.clone()
                } else {
                    format!("{}-{}", t.id, k + 1)
                },
                template: t.id.clone(),
                name: if t.name.is_empty() {
                    t.id.clone()
                } else {
                    t.name.clone()
                },
                kind: t.kind.clone(),
                zone,
                min_players,
                cost: cost.clone(),
                reward: reward.clone(),
                deck: None,
                behaviour: behaviour.clone(),
                params: t.params.clone(),
                text: t.text.clone(),
                declared_in: file.clone(),
                abilities: powers.0.clone(),
                on_gain: powers.1.clone(),
            });
        }
    }
    let mut seen: BTreeMap<&str, &str> = BTreeMap::new();
    let mut clashes = Vec::new();
    for c in &cards {
        if let Some(other) = seen.insert(&c.id, &c.template) {
            if other != c.template {
                clashes.push((
                    c.declared_in.clone(),
                    c.id.clone(),
                    other.to_string(),
                    c.template.clone(),
                ));
            }
        }
    }
    for (file, id, other, template) in clashes {
        ld.fail_in_entry(
            (&file, "cards", &template),
            Some("id"),
            &id,
            format!("card copy id `{id}` is also a copy of `{other}`"),
            "rename one template (copies are numbered <id>-1, <id>-2, …)",
        );
    }
    cards
}

/// A card's `abilities` (each declared in `[abilities]`, 0 or more: the highest value
/// wins, so a lower one would never apply) and `on_gain` (counters, 1 to 1,000 per
/// unit), checked.
#[allow(clippy::type_complexity)]
fn card_powers(
    ld: &mut Loader,
    file: &str,
    t: &CardToml,
    counters: &[crate::content::Counter],
    declared: &BTreeMap<String, i64>,
) -> (
    Vec<(String, i64)>,
    Vec<(
        crate::content::CounterId,
        Vec<(crate::content::CounterId, u32)>,
    )>,
) {
    let mut abilities = Vec::new();
    for (name, &v) in &t.abilities {
        if !declared.contains_key(name) {
            let names: Vec<&str> = declared.keys().map(String::as_str).collect();
            ld.fail_in_entry(
                (file, "cards", &t.id),
                Some(&format!("abilities.{name}")),
                name,
                format!(
                    "card `{}`: ability `{name}` is not declared in [abilities] of game.toml",
                    t.id
                ),
                &if names.is_empty() {
                    format!("declare it with its value for everyone else: [abilities] {name} = 0")
                } else {
                    format!(
                        "abilities are: {}; or declare it: [abilities] {name} = 0",
                        names.join(", ")
                    )
                },
            );
            continue;
        }
        if !(0..=1_000_000).contains(&v) {
            ld.fail_in_entry(
                (file, "cards", &t.id),
                Some(&format!("abilities.{name}")),
                name,
                format!("card `{}`: ability `{name}` = {v} is out of range", t.id),
                "give a value from 0 to 1000000: a holder's ability is the highest of its values, so a card can raise one, never lower it",
            );
            continue;
        }
        abilities.push((name.clone(), v));
    }
    let mut on_gain = Vec::new();
    for (what, more) in &t.on_gain {
        let Some(k) = counters.iter().position(|c| &c.id == what) else {
            let ids: Vec<&str> = counters.iter().map(|c| c.id.as_str()).collect();
            ld.fail_in_entry(
                (file, "cards", &t.id),
                Some(&format!("on_gain.{what}")),
                what,
                format!(
                    "card `{}`: on_gain names `{what}`, which is not a counter",
                    t.id
                ),
                &format!("counters are: {}", ids.join(", ")),
            );
            continue;
        };
        let mut with = Vec::new();
        for (other, &n) in more {
            match counters.iter().position(|c| &c.id == other) {
                Some(o) if (1..=1000).contains(&n) => {
                    with.push((o as crate::content::CounterId, n))
                }
                Some(_) => ld.fail_in_entry(
                    (file, "cards", &t.id),
                    Some(&format!("on_gain.{what}.{other}")),
                    other,
                    format!(
                        "card `{}`: on_gain.{what}.{other} = {n} is out of range",
                        t.id
                    ),
                    "give 1 to 1000 per unit gained",
                ),
                None => ld.fail_in_entry(
                    (file, "cards", &t.id),
                    Some(&format!("on_gain.{what}.{other}")),
                    other,
                    format!(
                        "card `{}`: on_gain.{what} names `{other}`, which is not a counter",
                        t.id
                    ),
                    "name a counter of [[counters]] or a material",
                ),
            }
        }
        with.sort_by_key(|&(o, _)| o);
        on_gain.push((k as crate::content::CounterId, with));
    }
    (abilities, on_gain)
}

/// A card's `cost` or `reward` (`what`) as amounts by counter, in counter order; an
/// error for each key that is not a counter.
fn amounts(
    ld: &mut Loader,
    file: &str,
    t: &CardToml,
    what: &str,
    raw: &BTreeMap<String, u32>,
    counters: &[crate::content::Counter],
) -> Vec<(crate::content::CounterId, u32)> {
    let mut out = Vec::new();
    for (k, &n) in raw {
        match counters.iter().position(|c| &c.id == k) {
            Some(i) => out.push((i as crate::content::CounterId, n)),
            None => {
                let ids: Vec<&str> = counters.iter().map(|c| c.id.as_str()).collect();
                ld.fail_in_entry(
                    (file, "cards", &t.id),
                    Some(&format!("{what}.{k}")),
                    k,
                    format!(
                        "card `{}`: its {what} names `{k}`, which is not a counter",
                        t.id
                    ),
                    &format!("counters are: {}", ids.join(", ")),
                );
            }
        }
    }
    out.sort_by_key(|&(k, _)| k);
    out
}

/// Records an error for each zone with a `cap` that more cards start in than it allows,
/// at some player count of `players`: the setup deal puts every card in play into its
/// starting zone.
pub(super) fn check_starting_caps(
    ld: &mut Loader,
    gf: &str,
    zones: &[Zone],
    cards: &[Card],
    players: &[u8],
) {
    for (k, z) in zones.iter().enumerate() {
        let Some(cap) = z.cap else { continue };
        let starting = |n: u8| {
            cards
                .iter()
                .filter(|c| c.zone as usize == k && c.min_players <= n)
                .count()
        };
        if let Some(&n) = players.iter().find(|&&n| starting(n) > cap as usize) {
            let most = players.iter().map(|&n| starting(n)).max().unwrap_or(0);
            ld.fail_entry(
                zone_key(k, Some("cap")),
                (gf, &format!("id = \"{}\"", z.id)),
                format!(
                    "zone `{}` has cap = {cap} but {} cards start in it at {n} players",
                    z.id,
                    starting(n)
                ),
                &format!("the setup deal puts every card in play into its zone: give cap = {most} or more, or start fewer cards there (copies, by_players)"),
            );
        }
    }
}
