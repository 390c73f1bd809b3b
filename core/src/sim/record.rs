//! One game's record: everything a report needs about it, self-contained so that a
//! `runs.jsonl` file (one record per line) rebuilds every statistic without the pack.
//!
//! Cards and tiles are named by id, not index, and every record lists every deck card
//! and every tile (with zeros), so a merged set of records knows the whole catalogue.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::content::{Content, PackInfo, ZoneOwner};
use crate::decision::Action;
use crate::ops::score_now;
use crate::replay::Replay;
use crate::state::GameState;

/// What one player did in one game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PlayerCounts {
    /// Cards played by the flow's `play` step, and any other card in its `to` zone at
    /// the end (Tabriz: commissions fulfilled, starting cards alike). Written
    /// `fulfilled` by records before it was named so; read either way.
    #[serde(alias = "fulfilled")]
    pub played: u32,
    /// Cards that entered the `play` step's `from` zone (the starting hand included).
    pub drawn: u32,
    /// Tile actions taken (R-ACT-1).
    pub actions: u32,
    /// Materials gained while taking tile actions.
    pub gained: u32,
    /// Cards used in use phases (`use_cards`; Tabriz's workshop actions, R-WS-4).
    /// Written `workshop` by older records; read either way.
    #[serde(alias = "workshop")]
    pub used: u32,
    /// Every counter the pack declares besides the materials, by id, at the end (empty
    /// in records written before it was recorded, whose `coins` and `skill` are dropped).
    #[serde(default, skip_serializing_if = "CounterValues::is_empty")]
    pub counters: CounterValues,
}

/// Counter values by id: written and read as a map (`{"coins": 4, "prestige": 21}`),
/// held as the values in the pack's order beside the ids every record of the run shares
/// ([`Content::counter_ids`]), so thousands of records kept for a summary do not each
/// hold a copy of every id.
#[derive(Debug, Clone, Default)]
pub struct CounterValues {
    ids: std::sync::Arc<[String]>,
    values: Vec<i64>,
}

impl CounterValues {
    /// `values` of the counters `ids` (the same length).
    pub fn new(ids: std::sync::Arc<[String]>, values: Vec<i64>) -> CounterValues {
        debug_assert_eq!(ids.len(), values.len());
        CounterValues { ids, values }
    }

    /// The value of counter `id`, if the record has it.
    pub fn get(&self, id: &str) -> Option<i64> {
        self.ids
            .iter()
            .position(|k| k == id)
            .map(|i| self.values[i])
    }

    /// Whether it holds no counter (a record written before counters were recorded).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Every (id, value), in the pack's order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, i64)> {
        self.ids
            .iter()
            .map(String::as_str)
            .zip(self.values.iter().copied())
    }
}

impl PartialEq for CounterValues {
    fn eq(&self, other: &Self) -> bool {
        self.iter().collect::<BTreeMap<_, _>>() == other.iter().collect::<BTreeMap<_, _>>()
    }
}

impl Serialize for CounterValues {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // By id, as a map has always been written.
        s.collect_map(self.iter().collect::<BTreeMap<_, _>>())
    }
}

impl<'de> Deserialize<'de> for CounterValues {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = BTreeMap::<String, i64>::deserialize(d)?;
        let (ids, values): (Vec<String>, Vec<i64>) = map.into_iter().unzip();
        Ok(CounterValues::new(ids.into(), values))
    }
}

/// What happened on one tile in one game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TileCounts {
    /// Apprentice moves that ended on it.
    pub visits: u32,
    /// Actions taken on it.
    pub actions: u32,
    /// Times its action was offered (a question with `act` on it answered), taken or
    /// not: a visit whose `can_act` refused is no chance to take it.
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub offered: u32,
    /// Materials players gained while taking its action.
    pub gained: u32,
    /// A tile of the free-movement kind (`[movement] free_kind`, R-PLAZA-1): reached from
    /// anywhere and revisited at will, so its heavy use is by rule, not a sign of balance.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hub: bool,
}

/// One deck card in one game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CardCounts {
    /// Times it entered a hand.
    pub drawn: u32,
    /// Seat that fulfilled it (0-based), if anyone did.
    pub fulfilled_by: Option<usize>,
}

/// One `[[cards]]` template in one game (packs with card zones).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HeldCounts {
    /// Copies in play at this player count.
    pub in_play: u32,
    /// Per seat, copies that entered one of that seat's zones (taken, bought, dealt).
    pub taken_by: Vec<u32>,
    /// Per player zone id, copies in that zone (of any seat) when the game ended: where
    /// the cards end up (Cabriole: `completed` projects, still `unfinished` ones).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub ended_in: BTreeMap<String, u32>,
    /// The card's `kind`: a kind of which no copy is ever taken in a run (cards that stay
    /// on the board, like a city's action card) is left out of the held-card figures.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
}

/// One worker-placement area in one game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AreaCounts {
    /// Per seat, workers placed in it.
    pub placed: Vec<u32>,
}

/// Every use of one component in one game, for the strength table
/// ([`crate::report::strength`]).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Uses {
    /// Its peer group: a played card's deck, another card's kind, `tile` or `area`.
    /// A component is compared with the others of its group.
    pub group: String,
    /// Each use as `[seat (0-based), round]`.
    pub by: Vec<[u32; 2]>,
}

/// One finished or errored game of a run.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameRecord {
    /// Index in the run (game `index` is seeded from the run seed and this index).
    pub index: u64,
    /// Game seed.
    pub seed: u64,
    /// Seed of the run the game belongs to (its seed derives from this and `index`).
    #[serde(default)]
    pub run_seed: u64,
    /// Games in the whole run (every shard), so a merge can tell whether games are missing.
    #[serde(default)]
    pub run_games: u64,
    /// The pack chain it ran on.
    pub packs: Vec<PackInfo>,
    /// Digest of the whole chain; records of different content never merge.
    pub digest: String,
    /// The one setting this game's pack was changed at, `FILE:PATH=VALUE`, when it was
    /// played by a `weft sweep` shard ([`crate::sweep`]); `None` otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// Bot name per seat.
    pub seats: Vec<String>,
    /// Seat that held the first-player marker in round 1.
    pub first_player: usize,
    /// Winners (more than one on a shared win); empty if the game errored.
    pub winners: Vec<usize>,
    /// Final score per seat (R-END-3); empty if the game errored.
    pub scores: Vec<i64>,
    /// Tie-break value per seat, coins + materials (R-END-4); empty if the game errored
    /// (and in records written before it was recorded).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tiebreak: Vec<u64>,
    /// Rounds played.
    pub rounds: u32,
    /// `commissions`, `skill` or `stalled`; `None` if the game errored.
    pub cause: Option<String>,
    /// Decisions answered.
    pub decisions: usize,
    /// The error, if it errored.
    pub error: Option<String>,
    /// Where the error happened (`file hook (pack)`, `watchdog`, `engine panic`).
    pub error_site: Option<String>,
    /// Script errors the bots met while looking ahead, each place once (left out when
    /// there were none). The game itself may have finished: the bots valued the failing
    /// options as worthless and played on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lookahead_errors: Vec<super::lookahead::LookaheadRecord>,
    /// Look-ahead errors met at places beyond the ones listed (a game lists at most
    /// [`super::lookahead::MAX_PLACES`]).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub lookahead_others: u64,
    /// Per seat.
    pub players: Vec<PlayerCounts>,
    /// Per tile id.
    pub tiles: BTreeMap<String, TileCounts>,
    /// Per deck-card id.
    pub cards: BTreeMap<String, CardCounts>,
    /// Per `[[cards]]` template, in packs with card zones: copies in play and who took
    /// them.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub held: BTreeMap<String, HeldCounts>,
    /// Per worker-placement area: workers placed by each seat.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub areas: BTreeMap<String, AreaCounts>,
    /// Each seat's score at the end of each round; the last row is the final score.
    pub score_by_round: Vec<Vec<i64>>,
    /// Per component (`card c19`, `tile wool-shop`, `area market`), every use: a
    /// commission is used when it is fulfilled, a `[[cards]]` card when a copy enters a
    /// seat's zone, a tile when its action is taken, an area when a worker is placed in
    /// it. Components not used in the game are left out, and so is the whole map in
    /// records written before it was recorded.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub uses: BTreeMap<String, Uses>,
    /// Per board slot id, the moves that ended on it (the board heatmap; tiles are dealt
    /// to slots at random, so this is where play happens, not which tile). Left out of
    /// records written before it was recorded.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub slot_visits: BTreeMap<String, u32>,
    /// The answers, for a replay of an errored game (not written to `--out`).
    #[serde(skip)]
    pub replay: Replay,
    /// A replay that reaches the decision at which the first look-ahead error was met
    /// and gives the option whose trial failed as its failing answer (not written to
    /// `--out`).
    #[serde(skip)]
    pub lookahead_replay: Option<Replay>,
    /// Whether the game was stopped part-way because the run was asked to stop
    /// ([`super::Limits::stop`]): such a record is no game of the run and is dropped.
    #[serde(skip)]
    pub stopped: bool,
}

impl GameRecord {
    /// An empty record of game `seed` for these seats.
    pub fn new(content: &Content, seats: Vec<String>, seed: u64, index: u64) -> GameRecord {
        let players = seats.len();
        GameRecord {
            index,
            seed,
            run_seed: 0,
            run_games: 0,
            packs: content.packs.clone(),
            digest: content.digest.clone(),
            variant: None,
            replay: Replay::empty(content, &seats, seed),
            seats,
            first_player: 0,
            winners: Vec::new(),
            scores: Vec::new(),
            tiebreak: Vec::new(),
            rounds: 0,
            cause: None,
            decisions: 0,
            error: None,
            error_site: None,
            lookahead_errors: Vec::new(),
            lookahead_others: 0,
            lookahead_replay: None,
            stopped: false,
            players: vec![PlayerCounts::default(); players],
            tiles: content
                .tiles
                .iter()
                .map(|t| {
                    let counts = TileCounts {
                        hub: t.kind == content.free_kind,
                        ..TileCounts::default()
                    };
                    (t.id.clone(), counts)
                })
                .collect(),
            // With a `play` step, the cards of decks are drawn and played (this table);
            // without one, cards are taken into players' zones (`held`).
            cards: content
                .cards
                .iter()
                .filter(|c| content.program.play.is_some() && c.deck.is_some())
                .map(|c| (c.id.clone(), CardCounts::default()))
                .collect(),
            held: content
                .cards
                .iter()
                .filter(|_| content.program.play.is_none())
                .map(|c| {
                    (
                        c.template.clone(),
                        HeldCounts {
                            in_play: 0,
                            taken_by: vec![0; players],
                            ended_in: BTreeMap::new(),
                            kind: c.kind.clone(),
                        },
                    )
                })
                .collect(),
            // The areas in play at this player count (C-TWO-2: some are not at two, by
            // the area's `min_players` or because none of its spaces is usable).
            areas: content
                .board
                .areas
                .iter()
                .filter(|a| players >= a.min_players as usize && a.usable_spaces(players) > 0)
                .map(|a| {
                    (
                        a.id.clone(),
                        AreaCounts {
                            placed: vec![0; players],
                        },
                    )
                })
                .collect(),
            score_by_round: Vec::new(),
            uses: BTreeMap::new(),
            slot_visits: BTreeMap::new(),
        }
    }

    /// Records the uses `by` (`[seat, round]`, in the order they happened) of
    /// `component`, of peer group `group`.
    fn used_all(&mut self, component: &str, group: &str, by: Vec<[u32; 2]>) {
        match self.uses.get_mut(component) {
            Some(u) => u.by.extend(by),
            None => {
                self.uses.insert(
                    component.to_string(),
                    Uses {
                        group: group.to_string(),
                        by,
                    },
                );
            }
        }
    }

    /// Whether the game finished without an error.
    pub fn finished(&self) -> bool {
        self.error.is_none() && self.cause.is_some()
    }

    /// Seat `s`'s share of the win: 1 for a sole winner, 1/k in a k-way shared win.
    pub fn win_share(&self, s: usize) -> f64 {
        if self.winners.contains(&s) {
            1.0 / self.winners.len() as f64
        } else {
            0.0
        }
    }
}

use crate::file_checks::{check_chain, check_name, check_text};
pub use crate::file_checks::{MAX_ERROR, MAX_NAME, MAX_PACKS, MAX_RUN_GAMES, MAX_SEATS};

impl GameRecord {
    /// Checks every invariant the report relies on, so that a record read from a file
    /// weft did not write cannot make a report panic, allocate without bound or show a
    /// result the rules cannot give: seat-indexed lists have one entry per seat, seat
    /// numbers are in range, the winners are the seats the rules (R-END-4) make winners,
    /// counts agree with each other and sizes are bounded. `Err` says what is wrong; the
    /// caller names the file and line.
    pub fn validate(&self) -> Result<(), String> {
        self.validate_names()?;
        self.validate_run()?;
        self.validate_result()?;
        self.validate_rows()?;
        self.validate_counts()?;
        super::lookahead::validate(&self.lookahead_errors, self.seats.len())
    }

    fn validate_names(&self) -> Result<(), String> {
        if self.seats.is_empty() || self.seats.len() > MAX_SEATS {
            return Err(format!(
                "it lists {} seats (1 to {MAX_SEATS} allowed)",
                self.seats.len()
            ));
        }
        for (s, name) in self.seats.iter().enumerate() {
            check_name(&format!("the bot name of seat {}", s + 1), name)?;
        }
        check_chain(&self.packs, &self.digest)?;
        if let Some(variant) = &self.variant {
            check_text("the sweep setting", variant)?;
            // It is echoed in messages: no terminal escapes.
            if variant.chars().any(char::is_control) {
                return Err("the sweep setting holds a control character".into());
            }
        }
        if let Some(cause) = &self.cause {
            check_name("the end cause", cause)?;
        }
        if let Some(error) = &self.error {
            check_text("the error", error)?;
        }
        if let Some(site) = &self.error_site {
            check_text("the error site", site)?;
        }
        for id in self.tiles.keys() {
            check_name("a tile id", id)?;
        }
        for id in self.cards.keys().chain(self.held.keys()) {
            check_name("a card id", id)?;
        }
        for zone in self.held.values().flat_map(|h| h.ended_in.keys()) {
            check_name("a zone id", zone)?;
        }
        for id in self.areas.keys() {
            check_name("an area id", id)?;
        }
        for (id, &n) in &self.slot_visits {
            check_name("a slot id", id)?;
            if n as usize > super::MAX_DECISIONS {
                return Err(format!(
                    "slot {id} claims {n} visits, more than a game has decisions"
                ));
            }
        }
        for (id, u) in &self.uses {
            check_name("a component", id)?;
            check_name(&format!("the group of {id}"), &u.group)?;
        }
        Ok(())
    }

    fn validate_run(&self) -> Result<(), String> {
        let seats = self.seats.len();
        if self.run_games > MAX_RUN_GAMES {
            return Err(format!(
                "run_games is {} (at most {MAX_RUN_GAMES} allowed)",
                self.run_games
            ));
        }
        // `run_games` 0: a record written before runs were recorded; its seed is unchecked.
        if self.run_games > 0 {
            if self.index >= self.run_games {
                return Err(format!(
                    "game index {} is not below the run's {} games",
                    self.index, self.run_games
                ));
            }
            let seed = super::game_seed(self.run_seed, self.index);
            if self.seed != seed {
                return Err(format!(
                    "seed {} is not the seed of game {} of run seed {} (that is {seed})",
                    self.seed, self.index, self.run_seed
                ));
            }
        }
        if self.decisions > super::MAX_DECISIONS {
            return Err(format!(
                "it claims {} decisions (a game stops at {})",
                self.decisions,
                super::MAX_DECISIONS
            ));
        }
        if self.first_player >= seats {
            return Err(format!(
                "first_player is seat index {} but there are {seats} seats",
                self.first_player
            ));
        }
        if self.players.len() != seats {
            return Err(format!(
                "it has counts for {} players but {seats} seats",
                self.players.len()
            ));
        }
        Ok(())
    }

    fn validate_result(&self) -> Result<(), String> {
        let seats = self.seats.len();
        match (&self.error, &self.cause) {
            (Some(_), Some(_)) => Err("it has both an error and an end cause".into()),
            (None, None) => Err("it has neither an error nor an end cause".into()),
            (Some(_), None) => {
                if self.winners.is_empty() && self.scores.is_empty() && self.tiebreak.is_empty() {
                    Ok(())
                } else {
                    Err("an errored game has winners, scores or tie-breaks".into())
                }
            }
            (None, Some(cause)) => {
                if self.scores.len() != seats {
                    return Err(format!(
                        "it has {} scores for {seats} seats",
                        self.scores.len()
                    ));
                }
                if !self.tiebreak.is_empty() && self.tiebreak.len() != seats {
                    return Err(format!(
                        "it has {} tie-breaks for {seats} seats",
                        self.tiebreak.len()
                    ));
                }
                if self.winners.is_empty() && cause != "stalled" {
                    return Err(format!("a game that ended ({cause}) has no winner"));
                }
                self.validate_winners()
            }
        }
    }

    /// The winners are seats in increasing order, each with the best score; with
    /// tie-breaks recorded, exactly the seats R-END-4 makes winners.
    fn validate_winners(&self) -> Result<(), String> {
        let seats = self.seats.len();
        if let Some(&w) = self.winners.iter().find(|&&w| w >= seats) {
            return Err(format!(
                "winner {w} is not a seat index (there are {seats} seats)"
            ));
        }
        if self.winners.windows(2).any(|p| p[0] >= p[1]) {
            return Err(format!(
                "winners {:?} are not distinct seats in increasing order",
                self.winners
            ));
        }
        let best = self.scores.iter().copied().max().unwrap_or(0);
        if let Some(&w) = self.winners.iter().find(|&&w| self.scores[w] < best) {
            return Err(format!(
                "seat {} is listed as a winner with {} prestige, but the best score is {best} (R-END-4)",
                w + 1,
                self.scores[w]
            ));
        }
        if self.tiebreak.is_empty() || self.winners.is_empty() {
            return Ok(());
        }
        let tied = (0..seats).filter(|&s| self.scores[s] == best);
        let best_tb = tied.clone().map(|s| self.tiebreak[s]).max().unwrap_or(0);
        let expected: Vec<usize> = tied.filter(|&s| self.tiebreak[s] == best_tb).collect();
        if self.winners != expected {
            return Err(format!(
                "winners are seats {:?} but by scores {:?} and tie-breaks {:?} they are seats {:?} (R-END-4)",
                self.winners.iter().map(|w| w + 1).collect::<Vec<_>>(),
                self.scores,
                self.tiebreak,
                expected.iter().map(|w| w + 1).collect::<Vec<_>>()
            ));
        }
        Ok(())
    }

    fn validate_rows(&self) -> Result<(), String> {
        let seats = self.seats.len();
        if self.score_by_round.len() > self.rounds as usize + 1 {
            return Err(format!(
                "it has {} rows of scores by round for {} rounds",
                self.score_by_round.len(),
                self.rounds
            ));
        }
        if let Some(k) = self.score_by_round.iter().position(|r| r.len() != seats) {
            return Err(format!(
                "scores by round, row {}, has {} scores for {seats} seats",
                k + 1,
                self.score_by_round[k].len()
            ));
        }
        if self.finished() && self.score_by_round.last() != Some(&self.scores) {
            return Err("the last row of scores by round is not the final score".into());
        }
        Ok(())
    }

    fn validate_counts(&self) -> Result<(), String> {
        let seats = self.seats.len();
        let sum = |f: fn(&PlayerCounts) -> u32| -> u64 {
            self.players.iter().map(|p| u64::from(f(p))).sum()
        };
        let tiles = |f: fn(&TileCounts) -> u32| -> u64 {
            self.tiles.values().map(|t| u64::from(f(t))).sum()
        };
        if tiles(|t| t.actions) != sum(|p| p.actions) {
            return Err("the tiles' actions do not add up to the players' actions".into());
        }
        if tiles(|t| t.gained) != sum(|p| p.gained) {
            return Err("the tiles' materials gained do not add up to the players'".into());
        }
        let card_draws: u64 = self.cards.values().map(|c| u64::from(c.drawn)).sum();
        if card_draws > sum(|p| p.drawn) {
            return Err("the cards were drawn more often than the players drew".into());
        }
        let mut fulfilled = vec![0u64; seats];
        for (id, c) in &self.cards {
            match c.fulfilled_by {
                Some(s) if s >= seats => {
                    return Err(format!(
                        "card {id} is fulfilled by seat index {s} but there are {seats} seats"
                    ))
                }
                Some(s) => fulfilled[s] += 1,
                None => {}
            }
        }
        for (id, h) in &self.held {
            if h.taken_by.len() != seats {
                return Err(format!(
                    "card {id} has takes for {} seats but there are {seats}",
                    h.taken_by.len()
                ));
            }
            let ended: u64 = h.ended_in.values().map(|&n| u64::from(n)).sum();
            if ended > u64::from(h.in_play) {
                return Err(format!(
                    "card {id} ended in player zones {ended} times but only {} copies were in play",
                    h.in_play
                ));
            }
            let taken: u64 = h.taken_by.iter().map(|&n| u64::from(n)).sum();
            if taken > u64::from(h.in_play) {
                return Err(format!(
                    "card {id} was taken {taken} times but only {} copies were in play",
                    h.in_play
                ));
            }
        }
        self.validate_uses()?;
        for (id, a) in &self.areas {
            if a.placed.len() != seats {
                return Err(format!(
                    "area {id} has placements for {} seats but there are {seats}",
                    a.placed.len()
                ));
            }
            if a.placed.iter().any(|&n| n as usize > super::MAX_DECISIONS) {
                return Err(format!(
                    "area {id} claims more placements than a game has decisions"
                ));
            }
        }
        if let Some(s) = (0..seats).find(|&s| fulfilled[s] > u64::from(self.players[s].played)) {
            return Err(format!(
                "seat {} played {} deck cards but its count says {}",
                s + 1,
                fulfilled[s],
                self.players[s].played
            ));
        }
        Ok(())
    }
}

impl GameRecord {
    /// Each use names a seat of the game and a round it played (the round after the
    /// last, at most: a use in the final turn before the round counter moved on), and no
    /// component claims more uses than a game has decisions.
    fn validate_uses(&self) -> Result<(), String> {
        let seats = self.seats.len() as u32;
        for (id, u) in &self.uses {
            if u.by.len() > super::MAX_DECISIONS {
                return Err(format!(
                    "{id} claims {} uses, more than a game has decisions",
                    u.by.len()
                ));
            }
            if let Some([s, r]) =
                u.by.iter()
                    .find(|[s, r]| *s >= seats || *r == 0 || *r > self.rounds.saturating_add(1))
            {
                return Err(format!(
                    "{id} has a use by seat index {s} in round {r}, but the game has {seats} seats and {} rounds",
                    self.rounds
                ));
            }
        }
        Ok(())
    }
}

/// Watches a game answer by answer and fills a [`GameRecord`]'s counts. It only reads
/// states, so it cannot change how the game goes. What it counts often is counted by
/// index while the game runs and added to the record's maps by name in
/// [`Tracker::finish`], so an answer looks nothing up by name.
pub(crate) struct Tracker {
    /// Per player, the hand zone's slots as last seen (compared whole, answer by answer).
    hands: Vec<Vec<Option<u16>>>,
    /// Per pack card: whether it has entered a player's zone yet (counted once).
    taken: Vec<bool>,
    /// The player taking a tile's action and the tile, while the action runs; their
    /// materials before it are in `acting_before`.
    acting: Option<(usize, usize)>,
    acting_before: Vec<i64>,
    round: u32,
    /// Per player, cards in the `play` step's `to` zone so far (a played card is used
    /// when it arrives there).
    played: Vec<usize>,
    /// The last name made by [`Tracker::component`], its buffer reused.
    component: String,
    /// Moves that ended on each tile and on each board slot, by index, added to the
    /// record's counts by name in [`Tracker::finish`].
    tile_visits: Vec<u32>,
    slot_visits: Vec<u32>,
    /// Per tile, by index: actions taken on it and materials gained while taking them.
    tile_actions: Vec<u32>,
    /// Per tile, by index: questions that offered its action.
    tile_offered: Vec<u32>,
    tile_gained: Vec<u32>,
    /// Workers placed, at `area * seats + seat`.
    area_placed: Vec<u32>,
    /// Per card, by index: times it entered the `play` step's `from` zone.
    drawn: Vec<u32>,
    /// Every use of a component (see [`GameRecord::uses`]) in the order it happened, with
    /// its seat and round, named in [`Tracker::finish`].
    uses: Vec<(Used, usize, u32)>,
}

/// A component used, by index (named as [`GameRecord::uses`] names it in
/// [`Tracker::finish`]).
#[derive(Clone, Copy)]
enum Used {
    /// A tile whose action was taken.
    Tile(usize),
    /// An area a worker was placed in.
    Area(usize),
    /// A `[[cards]]` card (by card index) that entered a player's zone.
    Card(usize),
    /// A card of a deck (by card index) that was played.
    Played(usize),
    /// A dice space dice were placed on (M-DICE-2), extras' spaces included.
    DiceSpace(usize),
}

impl Tracker {
    /// Starts watching at the first decision of `st`; the starting hands count as drawn.
    pub fn start(content: &Content, st: &GameState, rec: &mut GameRecord) -> Tracker {
        rec.first_player = st.first_player;
        let n = st.players.len();
        for card in content.cards.iter().filter(|c| c.min_players as usize <= n) {
            if let Some(h) = rec.held.get_mut(&card.template) {
                h.in_play += 1;
            }
        }
        let mut t = Tracker {
            taken: vec![false; content.cards.len()],
            hands: vec![Vec::new(); st.players.len()],
            acting: None,
            acting_before: Vec::new(),
            round: st.round,
            played: st
                .players
                .iter()
                .map(|pl| crate::decks::played(content, pl).count())
                .collect(),
            component: String::new(),
            tile_visits: vec![0; content.tiles.len()],
            slot_visits: vec![0; content.board.slots.len()],
            tile_actions: vec![0; content.tiles.len()],
            tile_offered: vec![0; content.tiles.len()],
            tile_gained: vec![0; content.tiles.len()],
            area_placed: vec![0; content.board.areas.len() * n],
            drawn: vec![0; content.cards.len()],
            uses: Vec::new(),
        };
        t.note_hands(content, st, rec);
        t.note_takes(content, st, rec);
        t
    }

    /// Before `action` by `player` is applied to `st`.
    pub fn before(
        &mut self,
        content: &Content,
        st: &GameState,
        player: usize,
        action: &Action,
        rec: &mut GameRecord,
    ) {
        match *action {
            Action::Move { to, .. } => {
                // Counted by index here, by name in `finish`: moves are most answers.
                let tile = st.board[to as usize].tile as usize;
                if let Some(n) = self.tile_visits.get_mut(tile) {
                    *n += 1;
                }
                if let Some(n) = self.slot_visits.get_mut(to as usize) {
                    *n += 1;
                }
            }
            Action::Act | Action::Pass => {
                self.note_offered(st);
            }
            _ => {}
        }
        match *action {
            Action::Act => {
                if let Some(slot) = st.flow.acted {
                    let tile = st.board[slot as usize].tile as usize;
                    if let Some(n) = self.tile_actions.get_mut(tile) {
                        *n += 1;
                    }
                    rec.players[player].actions += 1;
                    self.uses.push((Used::Tile(tile), player, st.round));
                    self.acting = Some((player, tile));
                    self.acting_before.clear();
                    self.acting_before
                        .extend_from_slice(st.players[player].materials(content));
                }
            }
            Action::Use { .. } => rec.players[player].used += 1,
            Action::Place { area } => {
                let seats = rec.players.len();
                if let Some(n) = self.area_placed.get_mut(area as usize * seats + player) {
                    *n += 1;
                }
                self.uses
                    .push((Used::Area(area as usize), player, st.round));
            }
            Action::PlaceDice { space, .. } => {
                self.uses
                    .push((Used::DiceSpace(space as usize), player, st.round));
            }
            _ => {}
        }
    }

    /// Counts an offer of the tile action when `st` asks whether to take it (a question
    /// with an `act` option, at the tile the apprentice stands on), answered either way.
    fn note_offered(&mut self, st: &GameState) {
        let (Some(slot), Some(d)) = (st.flow.acted, st.decision()) else {
            return;
        };
        if d.options.iter().any(|o| matches!(o.action, Action::Act)) {
            let tile = st.board[slot as usize].tile as usize;
            if let Some(n) = self.tile_offered.get_mut(tile) {
                *n += 1;
            }
        }
    }

    /// After an answer was applied and `st` is the new state.
    pub fn after(&mut self, content: &Content, st: &GameState, rec: &mut GameRecord) {
        self.note_hands(content, st, rec);
        self.note_takes(content, st, rec);
        self.note_fulfilled(content, st, rec);
        if st.flow.effect.is_none() {
            if let Some((p, tile)) = self.acting.take() {
                let gained: u32 = st.players[p]
                    .materials(content)
                    .iter()
                    .zip(&self.acting_before)
                    .map(|(now, was)| (now - was).clamp(0, u32::MAX as i64) as u32)
                    .fold(0u32, u32::saturating_add);
                rec.players[p].gained += gained;
                if let Some(n) = self.tile_gained.get_mut(tile) {
                    *n += gained;
                }
            }
        }
        if st.round != self.round && st.result.is_none() {
            // A row is the score at the end of a round played: moving from setup (round
            // 0, as in Cabriole, whose players choose during setup) to round 1 ends none.
            if self.round >= 1 {
                rec.score_by_round.push(scores_now(content, st));
            }
            self.round = st.round;
        }
    }

    /// The game is over (or stopped): final counts.
    pub fn finish(&mut self, content: &Content, st: &GameState, rec: &mut GameRecord) {
        for (i, tile) in content.tiles.iter().enumerate() {
            let (visits, actions, gained, offered) = (
                self.tile_visits[i],
                self.tile_actions[i],
                self.tile_gained[i],
                self.tile_offered[i],
            );
            if visits == 0 && actions == 0 && gained == 0 && offered == 0 {
                continue;
            }
            if let Some(t) = rec.tiles.get_mut(&tile.id) {
                t.visits += visits;
                t.actions += actions;
                t.gained += gained;
                t.offered += offered;
            }
        }
        let seats = rec.players.len();
        for (area, placed) in content
            .board
            .areas
            .iter()
            .zip(self.area_placed.chunks(seats.max(1)))
        {
            if placed.iter().any(|&n| n > 0) {
                if let Some(a) = rec.areas.get_mut(&area.id) {
                    for (to, &n) in a.placed.iter_mut().zip(placed) {
                        *to += n;
                    }
                }
            }
        }
        for (card, &n) in content.cards.iter().zip(&self.drawn) {
            if let Some(c) = rec.cards.get_mut(&card.id).filter(|_| n > 0) {
                c.drawn += n;
            }
        }
        self.name_uses(content, rec);
        for (slot, &n) in content.board.slots.iter().zip(&self.slot_visits) {
            if n > 0 {
                *rec.slot_visits.entry(slot.id.clone()).or_default() += n;
            }
        }
        for (p, pl) in st.players.iter().enumerate() {
            let counts = &mut rec.players[p];
            counts.counters = CounterValues::new(
                std::sync::Arc::clone(&content.counter_ids),
                pl.counters[content.materials.len()..].to_vec(),
            );
            counts.played = crate::decks::played(content, pl).count() as u32;
            for c in crate::decks::played(content, pl) {
                if let Some(card) = rec.cards.get_mut(&content.cards[c as usize].id) {
                    card.fulfilled_by = Some(p);
                }
            }
        }
        if !rec.held.is_empty() {
            for pl in &st.players {
                for z in content
                    .zones
                    .iter()
                    .filter(|z| z.owner == ZoneOwner::Player)
                {
                    for &card in pl.zones[z.index].cards.iter().flatten() {
                        let template = &content.cards[card as usize].template;
                        if let Some(h) = rec.held.get_mut(template) {
                            *h.ended_in.entry(z.id.clone()).or_default() += 1;
                        }
                    }
                }
            }
        }
        rec.rounds = st.round;
        if let Some(r) = &st.result {
            rec.winners = r.winners.clone();
            rec.scores = r.scores.clone();
            rec.tiebreak = r.tiebreak.clone();
            rec.rounds = r.rounds;
            rec.cause = Some(r.cause.clone());
            rec.score_by_round.push(r.scores.clone());
        }
    }

    /// Adds the uses counted by index to [`GameRecord::uses`]: each component's uses in
    /// the order they happened, with one lookup by name per component.
    fn name_uses(&mut self, content: &Content, rec: &mut GameRecord) {
        // Each component's place in `by`: tiles, then areas, cards taken, cards played,
        // dice spaces.
        let areas = content.tiles.len();
        let cards = areas + content.board.areas.len();
        let played = cards + content.cards.len();
        let spaces = played + content.cards.len();
        let mut by: Vec<Vec<[u32; 2]>> = vec![Vec::new(); spaces + content.dice_play.spaces.len()];
        let mut first: Vec<usize> = Vec::new();
        for &(used, seat, round) in &self.uses {
            let at = match used {
                Used::Tile(t) => t,
                Used::Area(a) => areas + a,
                Used::Card(c) => cards + c,
                Used::Played(c) => played + c,
                Used::DiceSpace(d) => spaces + d,
            };
            if by[at].is_empty() {
                first.push(at);
            }
            // A card dealt during setup counts as used in round 1.
            by[at].push([seat as u32, round.max(1)]);
        }
        for at in first {
            let (component, group) = if at < areas {
                (self.component("tile", &content.tiles[at].id), "tile")
            } else if at < cards {
                let area = &content.board.areas[at - areas];
                (self.component("area", &area.id), "area")
            } else if at < played {
                let card = &content.cards[at - cards];
                (self.component("card", &card.template), card.kind.as_str())
            } else if at >= spaces {
                let space = &content.dice_play.spaces[at - spaces];
                (self.component("space", &space.id), "space")
            } else {
                let card = &content.cards[at - played];
                let deck = card
                    .deck
                    .map_or("", |d| content.decks[d as usize].id.as_str());
                (self.component("card", &card.id), deck)
            };
            rec.used_all(component, group, std::mem::take(&mut by[at]));
        }
    }

    /// `"{kind} {id}"`, the name a component's uses are counted under in
    /// [`GameRecord::uses`], made in a buffer kept from call to call.
    fn component(&mut self, kind: &str, id: &str) -> &str {
        self.component.clear();
        self.component.push_str(kind);
        self.component.push(' ');
        self.component.push_str(id);
        &self.component
    }

    /// Cards that entered a player's zone since the last look, counted for that seat
    /// (once per card and game).
    fn note_takes(&mut self, content: &Content, st: &GameState, rec: &mut GameRecord) {
        if rec.held.is_empty() {
            return; // cards played from a hand are counted by `note_hands`
        }
        let round = self.round;
        for (p, pl) in st.players.iter().enumerate() {
            for zone in pl.zones.iter() {
                for &card in zone.cards.iter().flatten() {
                    let seen = &mut self.taken[card as usize];
                    if !*seen {
                        *seen = true;
                        let c = &content.cards[card as usize];
                        if let Some(h) = rec.held.get_mut(&c.template) {
                            h.taken_by[p] += 1;
                            self.uses.push((Used::Card(card as usize), p, round));
                        }
                    }
                }
            }
        }
    }

    /// Cards of decks that arrived in the `play` step's `to` zone since the last look:
    /// played in the round being played.
    fn note_fulfilled(&mut self, content: &Content, st: &GameState, rec: &mut GameRecord) {
        let round = self.round;
        for (p, pl) in st.players.iter().enumerate() {
            let before = self.played[p];
            let now = crate::decks::played(content, pl).count();
            if now == before {
                continue;
            }
            self.played[p] = now;
            for c in crate::decks::played(content, pl).skip(before) {
                let card = &content.cards[c as usize];
                if rec.cards.contains_key(&card.id) {
                    self.uses.push((Used::Played(c as usize), p, round));
                }
            }
        }
    }

    /// Cards that entered the `play` step's `from` zone since the last look.
    fn note_hands(&mut self, content: &Content, st: &GameState, rec: &mut GameRecord) {
        let Some(zones) = content.program.play else {
            return;
        };
        let zone = content.zones[zones.from as usize].index;
        for (p, pl) in st.players.iter().enumerate() {
            let now = &pl.zones[zone].cards;
            if *now == self.hands[p] {
                continue;
            }
            for c in crate::decks::hand(content, pl) {
                if !self.hands[p].contains(&Some(c)) {
                    rec.players[p].drawn += 1;
                    if let Some(n) = self.drawn.get_mut(c as usize) {
                        *n += 1;
                    }
                }
            }
            self.hands[p].clone_from(now);
        }
    }
}

/// Every seat's score if the game ended now.
fn scores_now(content: &Content, st: &GameState) -> Vec<i64> {
    (0..st.players.len())
        .map(|p| score_now(content, st, p))
        .collect()
}

/// Whether a count is zero (left out of a record's JSON).
fn is_zero(n: &u64) -> bool {
    *n == 0
}

fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counter values are written as a map by id (sorted, as before they were held
    /// as a list), read back equal, and share their ids with the run's content.
    #[test]
    fn counter_values_are_a_map_in_json() {
        let ids: std::sync::Arc<[String]> = vec!["skill".to_string(), "coins".to_string()].into();
        let v = CounterValues::new(std::sync::Arc::clone(&ids), vec![3, -2]);
        let json = serde_json::to_string(&v).unwrap();
        assert_eq!(json, r#"{"coins":-2,"skill":3}"#);
        let back: CounterValues = serde_json::from_str(&json).unwrap();
        assert_eq!(back, v);
        assert_eq!(
            (back.get("skill"), back.get("coins"), back.get("gold")),
            (Some(3), Some(-2), None)
        );
        let w = CounterValues::new(ids, vec![3, -1]);
        assert_ne!(w, v);
        assert!(CounterValues::default().is_empty());
    }
}
