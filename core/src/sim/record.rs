//! One game's record: everything a report needs about it, self-contained so that a
//! `runs.jsonl` file (one record per line) rebuilds every statistic without the pack.
//!
//! Cards and tiles are named by id, not index, and every record lists every deck card
//! and every tile (with zeros), so a merged set of records knows the whole catalogue.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::content::{Content, PackInfo};
use crate::decision::Action;
use crate::ops::score_now;
use crate::replay::Replay;
use crate::state::GameState;

/// What one player did in one game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PlayerCounts {
    /// Commissions fulfilled (deck grades and starting cards alike).
    pub fulfilled: u32,
    /// Commission cards that entered the hand (the starting hand included).
    pub drawn: u32,
    /// Tile actions taken (R-ACT-1).
    pub actions: u32,
    /// Materials gained while taking tile actions.
    pub gained: u32,
    /// Workshop actions taken (R-WS-4).
    pub workshop: u32,
    /// Coins at the end.
    pub coins: u32,
    /// Skill at the end.
    pub skill: u32,
}

/// What happened on one tile in one game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TileCounts {
    /// Apprentice moves that ended on it.
    pub visits: u32,
    /// Actions taken on it.
    pub actions: u32,
    /// Materials players gained while taking its action.
    pub gained: u32,
}

/// One deck card in one game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CardCounts {
    /// Times it entered a hand.
    pub drawn: u32,
    /// Seat that fulfilled it (0-based), if anyone did.
    pub fulfilled_by: Option<usize>,
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
    /// Bot name per seat.
    pub seats: Vec<String>,
    /// Seat that held the first-player marker in round 1.
    pub first_player: usize,
    /// Winners (more than one on a shared win); empty if the game errored.
    pub winners: Vec<usize>,
    /// Final score per seat (R-END-3); empty if the game errored.
    pub scores: Vec<i32>,
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
    /// Per seat.
    pub players: Vec<PlayerCounts>,
    /// Per tile id.
    pub tiles: BTreeMap<String, TileCounts>,
    /// Per deck-card id.
    pub cards: BTreeMap<String, CardCounts>,
    /// Each seat's score at the end of each round; the last row is the final score.
    pub score_by_round: Vec<Vec<i32>>,
    /// The answers, for a replay of an errored game (not written to `--out`).
    #[serde(skip)]
    pub replay: Replay,
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
            replay: Replay::empty(content, &seats, seed),
            seats,
            first_player: 0,
            winners: Vec::new(),
            scores: Vec::new(),
            rounds: 0,
            cause: None,
            decisions: 0,
            error: None,
            error_site: None,
            players: vec![PlayerCounts::default(); players],
            tiles: content
                .tiles
                .iter()
                .map(|t| (t.id.clone(), TileCounts::default()))
                .collect(),
            cards: content
                .commissions
                .iter()
                .filter(|c| content.grades[c.grade as usize].deck)
                .map(|c| (c.id.clone(), CardCounts::default()))
                .collect(),
            score_by_round: Vec::new(),
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

/// Watches a game answer by answer and fills a [`GameRecord`]'s counts. It only reads
/// states, so it cannot change how the game goes.
pub(crate) struct Tracker {
    hands: Vec<Vec<u16>>,
    acting: Option<(usize, usize, Vec<u32>)>,
    round: u32,
}

impl Tracker {
    /// Starts watching at the first decision of `st`; the starting hands count as drawn.
    pub fn start(content: &Content, st: &GameState, rec: &mut GameRecord) -> Tracker {
        rec.first_player = st.first_player;
        let mut t = Tracker {
            hands: vec![Vec::new(); st.players.len()],
            acting: None,
            round: st.round,
        };
        t.note_hands(content, st, rec);
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
                let tile = &content.tiles[st.board[to as usize].tile as usize].id;
                if let Some(t) = rec.tiles.get_mut(tile) {
                    t.visits += 1;
                }
            }
            Action::Act => {
                if let Some(slot) = st.flow.acted_slot {
                    let tile = st.board[slot as usize].tile as usize;
                    if let Some(t) = rec.tiles.get_mut(&content.tiles[tile].id) {
                        t.actions += 1;
                    }
                    rec.players[player].actions += 1;
                    self.acting = Some((player, tile, st.players[player].materials.clone()));
                }
            }
            Action::Workshop { .. } => rec.players[player].workshop += 1,
            _ => {}
        }
    }

    /// After an answer was applied and `st` is the new state.
    pub fn after(&mut self, content: &Content, st: &GameState, rec: &mut GameRecord) {
        self.note_hands(content, st, rec);
        if st.flow.effect.is_none() {
            if let Some((p, tile, before)) = self.acting.take() {
                let gained: u32 = st.players[p]
                    .materials
                    .iter()
                    .zip(&before)
                    .map(|(now, was)| now.saturating_sub(*was))
                    .sum();
                rec.players[p].gained += gained;
                if let Some(t) = rec.tiles.get_mut(&content.tiles[tile].id) {
                    t.gained += gained;
                }
            }
        }
        if st.round != self.round && st.result.is_none() {
            self.round = st.round;
            rec.score_by_round.push(scores_now(content, st));
        }
    }

    /// The game is over (or stopped): final counts.
    pub fn finish(&mut self, content: &Content, st: &GameState, rec: &mut GameRecord) {
        for (p, pl) in st.players.iter().enumerate() {
            let counts = &mut rec.players[p];
            counts.coins = pl.coins;
            counts.skill = pl.skill;
            counts.fulfilled = pl.tucked.len() as u32;
            for &c in &pl.tucked {
                if let Some(card) = rec.cards.get_mut(&content.commissions[c as usize].id) {
                    card.fulfilled_by = Some(p);
                }
            }
        }
        rec.rounds = st.round;
        if let Some(r) = &st.result {
            rec.winners = r.winners.clone();
            rec.scores = r.scores.clone();
            rec.rounds = r.rounds;
            rec.cause = Some(r.cause.clone());
            rec.score_by_round.push(r.scores.clone());
        }
    }

    fn note_hands(&mut self, content: &Content, st: &GameState, rec: &mut GameRecord) {
        for (p, pl) in st.players.iter().enumerate() {
            if pl.hand == self.hands[p] {
                continue;
            }
            for &c in &pl.hand {
                if !self.hands[p].contains(&c) {
                    rec.players[p].drawn += 1;
                    if let Some(card) = rec.cards.get_mut(&content.commissions[c as usize].id) {
                        card.drawn += 1;
                    }
                }
            }
            self.hands[p].clone_from(&pl.hand);
        }
    }
}

/// Every seat's score if the game ended now.
fn scores_now(content: &Content, st: &GameState) -> Vec<i32> {
    (0..st.players.len())
        .map(|p| score_now(content, st, p))
        .collect()
}
