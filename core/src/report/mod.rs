//! The designer's report: everything `weft sim` and `weft merge` print, computed from
//! game records alone (so a merged `runs.jsonl` gives the same numbers as a live run).
//!
//! Shares carry 95% Wilson intervals, means normal intervals ([`stats`]); quality
//! metrics follow Ludii's ([`metrics`]); [`Summary::warnings`] says in plain words what a
//! designer should look at.

pub mod catalogue;
pub mod lookahead;
pub mod metrics;
pub mod stats;
pub mod strength;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::content::PackInfo;
use crate::sim::GameRecord;
use crate::text::plural;
pub use metrics::Metrics;
pub use stats::{mean, wilson, Estimate};
pub use strength::{Flag, Strength};

/// Per-seat numbers.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SeatSummary {
    /// Seat (1-based).
    pub seat: usize,
    /// Bot name.
    pub bot: String,
    /// Mean final score.
    pub mean_score: Estimate,
    /// Share of finished games won (a shared win counts as a fraction).
    pub win_share: Estimate,
}

/// Per-bot numbers, over every seat the bot played.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BotSummary {
    /// Bot name.
    pub bot: String,
    /// Seats it held per game.
    pub seats: usize,
    /// Share of its seat-games won.
    pub win_share: Estimate,
    /// The share it would win if every seat were equal: seats / players.
    pub parity: f64,
}

/// Per deck card.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CardSummary {
    /// Card id.
    pub id: String,
    /// Mean times drawn per game.
    pub drawn: f64,
    /// Share of games in which it was fulfilled.
    pub fulfilled: Estimate,
    /// Win share of the seat that fulfilled it, over the games where it was fulfilled.
    pub win_share_when_fulfilled: Estimate,
}

/// Per `[[cards]]` template (packs with card zones).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct HeldSummary {
    /// Template id.
    pub id: String,
    /// Mean copies in play per game.
    pub in_play: f64,
    /// Share of games in which a seat took a copy (into one of its zones).
    pub taken: Estimate,
    /// Win share of the seats that took a copy, over every (game, seat) that did.
    pub win_share_when_taken: Estimate,
    /// Per player zone: the share of its copies in play that ended the game there
    /// (`completed` 0.4: four in ten copies were finished by someone), most first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ended_in: Vec<(String, f64)>,
}

/// Per worker-placement area.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AreaSummary {
    /// Area id.
    pub id: String,
    /// Mean workers placed in it per game.
    pub placed: f64,
    /// Win share of the seats that placed in it, weighted by their placements.
    pub win_share_of_placers: Estimate,
    /// Its share of all placements.
    pub placement_share: f64,
}

/// Per tile.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TileSummary {
    /// Tile id.
    pub id: String,
    /// Mean apprentice visits per game.
    pub visits: f64,
    /// Mean actions taken per game.
    pub actions: f64,
    /// Mean times its action was offered per game (taken or declined; 0 in records
    /// made before weft counted it).
    #[serde(default)]
    pub offered: f64,
    /// Mean materials gained by its action per game.
    pub gained: f64,
    /// Share of games in which its action was taken at least once.
    pub used_in: f64,
    /// Its share of all actions taken.
    pub action_share: f64,
    /// A free-movement tile (see [`crate::sim::TileCounts::hub`]): no warning for
    /// taking more than a fair share.
    #[serde(default)]
    pub hub: bool,
}

/// A run's summary.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Summary {
    /// Pack chain.
    pub packs: Vec<PackInfo>,
    /// Digest of the chain.
    pub digest: String,
    /// Players per game.
    pub players: usize,
    /// Run seed (`None` for merged records).
    pub seed: Option<u64>,
    /// Games recorded.
    pub games: u64,
    /// Games that ended by the rules (neither errored nor stalled).
    pub finished: u64,
    /// Games that errored.
    pub errored: u64,
    /// Games stopped at the round cap `end.max_rounds` (R-END-5). They are not finished
    /// games: scores, win shares, end causes and every per-card, per-tile and quality
    /// figure leave them out.
    pub stalled: u64,
    /// First error, if any.
    pub first_error: Option<String>,
    /// Seed of the first errored game.
    pub first_error_seed: Option<u64>,
    /// Index of the first errored game in the run.
    pub first_error_index: Option<u64>,
    /// Errored games by where the error happened (`file hook (pack)`, `watchdog`, …).
    pub errors_by_site: BTreeMap<String, u64>,
    /// Script errors the bots met while looking ahead (trying options, playing out),
    /// by place, most met first. A game in which they were met may still have finished:
    /// a bot values a failing option as worthless and plays on.
    #[serde(default)]
    pub lookahead_errors: Vec<lookahead::LookaheadSummary>,
    /// Games in which bots met any script error while looking ahead.
    #[serde(default)]
    pub lookahead_error_games: u64,
    /// Look-ahead errors at places a game did not list (beyond its first
    /// [`crate::sim::lookahead::MAX_PLACES`]), over the run.
    #[serde(default)]
    pub lookahead_other_places: u64,
    /// Rounds per finished game.
    pub rounds: Estimate,
    /// Mean decisions per game.
    pub mean_decisions: f64,
    /// Share of finished games by end cause.
    pub end_causes: BTreeMap<String, Estimate>,
    /// Per seat.
    pub seats: Vec<SeatSummary>,
    /// Per bot.
    pub bots: Vec<BotSummary>,
    /// Win share of the seat that was first player in round 1.
    pub first_player: Estimate,
    /// Final scores: (score, count) over every seat of every finished game.
    pub score_histogram: Vec<(i64, u64)>,
    /// Winning scores: (score, count).
    pub winning_score_histogram: Vec<(i64, u64)>,
    /// Game lengths: (rounds, count).
    pub rounds_histogram: Vec<(u32, u64)>,
    /// Per round (from the end of round 1), each seat's mean score over every finished
    /// game, a game that ended earlier counting with its final score (so the line is
    /// not pulled up or down by which games last longest); rounds fewer than a tenth of
    /// the games reached are left out.
    #[serde(default)]
    pub score_by_round: Vec<Vec<f64>>,
    /// Per round of `score_by_round`, the finished games that played it.
    #[serde(default)]
    pub games_by_round: Vec<u64>,
    /// Per board slot id, apprentice moves that ended on it per finished game.
    #[serde(default)]
    pub slot_visits: BTreeMap<String, f64>,
    /// Per deck card, in id order.
    pub cards: Vec<CardSummary>,
    /// Per tile, in id order.
    pub tiles: Vec<TileSummary>,
    /// Per `[[cards]]` template, in id order (packs with card zones).
    #[serde(default)]
    pub held: Vec<HeldSummary>,
    /// Per worker-placement area, in id order.
    #[serde(default)]
    pub areas: Vec<AreaSummary>,
    /// Per dice space placed on in some game (M-DICE-2), in id order: placements per
    /// game and how the seats that placed there fared.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice_spaces: Vec<AreaSummary>,
    /// Per component used in some game, its strength against its peers ([`strength`]).
    #[serde(default)]
    pub strength: Vec<Strength>,
    /// Names, prices and value for cost of the components, from the pack
    /// ([`Summary::describe`]); empty for a summary of records alone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub catalogue: Vec<catalogue::Entry>,
    /// The board's slots with their `board.toml` positions and neighbours, from the pack
    /// ([`Summary::describe`]), for the heatmap.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub board: Vec<catalogue::BoardSlot>,
    /// Ludii-style quality metrics.
    pub metrics: Metrics,
    /// Plain-language warnings.
    pub warnings: Vec<String>,
    /// Wall-clock seconds of the run (`None` for merged records).
    pub seconds: Option<f64>,
    /// Games per second (`None` for merged records).
    pub games_per_second: Option<f64>,
    /// The folder the run wrote every game's replay to (`weft sim --save-games`), which
    /// the report links the strength table's games to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saved_games: Option<String>,
    /// The player zone a finished card ends in (`[report] completed_zone`), when the
    /// pack was at hand and declares it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completed_zone: Option<String>,
}

impl Summary {
    /// Adds the pack's names, prices and value for cost ([`catalogue`]) and says them in
    /// the warnings. The pack must be the one the records were played with.
    pub fn describe(&mut self, content: &crate::content::Content) {
        self.catalogue = catalogue::catalogue(content);
        self.board = catalogue::board(content);
        self.completed_zone = content.card_value.completed_zone.clone();
        self.warnings = warnings(self);
    }

    /// Whether any script error was met: a game errored, or a bot met one while
    /// looking ahead. The commands that play games exit 1 then.
    pub fn has_errors(&self) -> bool {
        self.errored > 0 || !self.lookahead_errors.is_empty()
    }

    /// The catalogue entry of `component`, if the summary has one.
    pub fn entry(&self, component: &str) -> Option<&catalogue::Entry> {
        self.catalogue.iter().find(|e| e.component == component)
    }
}

/// Whether a game was stopped at the round cap (R-END-5).
pub fn stalled(r: &GameRecord) -> bool {
    r.error.is_none() && r.cause.as_deref() == Some(crate::engine::STALLED)
}

/// Whether a game ended by the rules: it neither errored nor stalled (R-END-5). Only
/// these games count in scores, win shares and the other statistics.
pub fn ended(r: &GameRecord) -> bool {
    r.finished() && !stalled(r)
}

/// Counts of each value, sorted by value.
fn histogram<T: Ord + Copy>(values: impl Iterator<Item = T>) -> Vec<(T, u64)> {
    let mut m = BTreeMap::new();
    for v in values {
        *m.entry(v).or_insert(0u64) += 1;
    }
    m.into_iter().collect()
}

/// Summarises `records` (all of one content digest and player count). `seed` and
/// `seconds` describe a live run and are `None` for merged records.
pub fn summarise(records: &[GameRecord], seed: Option<u64>, seconds: Option<f64>) -> Summary {
    let first = records.first();
    let players = first.map_or(0, |r| r.seats.len());
    let done: Vec<&GameRecord> = records.iter().filter(|r| ended(r)).collect();
    let nf = done.len() as f64;
    let seats: Vec<SeatSummary> = (0..players)
        .map(|s| {
            // `get`: a record that skipped validation may lack a seat's score.
            let scores: Vec<f64> = done
                .iter()
                .filter_map(|r| r.scores.get(s).map(|&x| x as f64))
                .collect();
            let wins: f64 = done.iter().map(|r| r.win_share(s)).sum();
            SeatSummary {
                seat: s + 1,
                bot: first.map_or(String::new(), |r| r.seats[s].clone()),
                mean_score: mean(&scores),
                win_share: wilson(wins, nf),
            }
        })
        .collect();
    let mut bot_names: Vec<String> = seats.iter().map(|s| s.bot.clone()).collect();
    bot_names.sort();
    bot_names.dedup();
    let bots = bot_names
        .into_iter()
        .map(|bot| {
            let mine: Vec<usize> = (0..players).filter(|&s| seats[s].bot == bot).collect();
            let wins: f64 = done
                .iter()
                .map(|r| mine.iter().map(|&s| r.win_share(s)).sum::<f64>())
                .sum();
            BotSummary {
                win_share: wilson(wins, nf),
                parity: mine.len() as f64 / players.max(1) as f64,
                seats: mine.len(),
                bot,
            }
        })
        .collect();
    let mut causes = BTreeMap::new();
    for r in &done {
        *causes
            .entry(r.cause.clone().unwrap_or_default())
            .or_insert(0.0) += 1.0;
    }
    let end_causes = causes
        .into_iter()
        .map(|(k, n)| (k, wilson(n, nf)))
        .collect();
    let first_error = records.iter().find(|r| r.error.is_some());
    let cards = card_summaries(&done);
    let tiles = tile_summaries(&done);
    let held = held_summaries(&done);
    let areas = area_summaries(&done);
    let dice_spaces = space_summaries(&done);
    let rounds: Vec<f64> = done.iter().map(|r| r.rounds as f64).collect();
    let shares: Vec<f64> = seats.iter().map(|s| s.win_share.value).collect();
    let mut summary = Summary {
        packs: first.map_or_else(Vec::new, |r| r.packs.clone()),
        digest: first.map_or_else(String::new, |r| r.digest.clone()),
        players,
        seed,
        games: records.len() as u64,
        finished: done.len() as u64,
        errored: records.iter().filter(|r| r.error.is_some()).count() as u64,
        stalled: records.iter().filter(|r| stalled(r)).count() as u64,
        first_error: first_error.and_then(|r| r.error.clone()),
        first_error_seed: first_error.map(|r| r.seed),
        first_error_index: first_error.map(|r| r.index),
        errors_by_site: records.iter().filter(|r| r.error.is_some()).fold(
            BTreeMap::new(),
            |mut m, r| {
                *m.entry(r.error_site.clone().unwrap_or_else(|| "rules".into()))
                    .or_insert(0) += 1;
                m
            },
        ),
        lookahead_errors: lookahead::summarise(records),
        lookahead_error_games: lookahead::games_with_errors(records),
        lookahead_other_places: records
            .iter()
            .fold(0u64, |n, r| n.saturating_add(r.lookahead_others)),
        rounds: mean(&rounds),
        mean_decisions: records.iter().map(|r| r.decisions as f64).sum::<f64>()
            / records.len().max(1) as f64,
        end_causes,
        first_player: wilson(done.iter().map(|r| r.win_share(r.first_player)).sum(), nf),
        score_histogram: histogram(done.iter().flat_map(|r| r.scores.iter().copied())),
        winning_score_histogram: histogram(
            done.iter()
                .filter_map(|r| r.winners.first().and_then(|&w| r.scores.get(w).copied())),
        ),
        rounds_histogram: histogram(done.iter().map(|r| r.rounds)),
        score_by_round: mean_score_by_round(&done, players),
        games_by_round: games_by_round(&done),
        slot_visits: {
            let mut m: BTreeMap<String, f64> = BTreeMap::new();
            for r in &done {
                for (id, &n) in &r.slot_visits {
                    *m.entry(id.clone()).or_default() += f64::from(n);
                }
            }
            m.values_mut().for_each(|v| *v /= nf.max(1.0));
            m
        },
        metrics: metrics::metrics(records, &shares),
        strength: strength::strengths(&done, players),
        catalogue: Vec::new(),
        board: Vec::new(),
        seats,
        bots,
        cards,
        tiles,
        held,
        areas,
        dice_spaces,
        warnings: Vec::new(),
        seconds,
        games_per_second: seconds.map(|s| records.len() as f64 / s.max(1e-9)),
        saved_games: None,
        completed_zone: None,
    };
    summary.warnings = warnings(&summary);
    summary
}

/// How many finished games played each round, up to the last round a tenth of them
/// (at least one) reached.
fn games_by_round(done: &[&GameRecord]) -> Vec<u64> {
    let mut reached: Vec<u64> = Vec::new();
    for r in done {
        for k in 0..r.score_by_round.len() {
            if reached.len() <= k {
                reached.push(0);
            }
            reached[k] += 1;
        }
    }
    let floor = (done.len() as u64).div_ceil(10).max(1);
    reached.into_iter().take_while(|&n| n >= floor).collect()
}

/// Each seat's mean score at the end of each round of [`games_by_round`], over every
/// finished game: a game that ended before a round counts with its final score there.
fn mean_score_by_round(done: &[&GameRecord], players: usize) -> Vec<Vec<f64>> {
    let rounds = games_by_round(done).len();
    let n = done.len().max(1) as f64;
    (0..rounds)
        .map(|k| {
            let mut sums = vec![0.0; players];
            for r in done {
                let row = r.score_by_round.get(k).or(r.score_by_round.last());
                for (s, &x) in row.into_iter().flatten().enumerate().take(players) {
                    sums[s] += x as f64;
                }
            }
            sums.into_iter().map(|x| x / n).collect()
        })
        .collect()
}

fn card_summaries(done: &[&GameRecord]) -> Vec<CardSummary> {
    let nf = done.len() as f64;
    let Some(first) = done.first() else {
        return Vec::new();
    };
    first
        .cards
        .keys()
        .map(|id| {
            let mut drawn = 0.0;
            let (mut fulfilled, mut wins) = (0.0, 0.0);
            for r in done {
                let Some(c) = r.cards.get(id) else { continue };
                drawn += c.drawn as f64;
                if let Some(s) = c.fulfilled_by {
                    fulfilled += 1.0;
                    wins += r.win_share(s);
                }
            }
            CardSummary {
                id: id.clone(),
                drawn: drawn / nf.max(1.0),
                fulfilled: wilson(fulfilled, nf),
                win_share_when_fulfilled: wilson(wins, fulfilled),
            }
        })
        .collect()
}

fn held_summaries(done: &[&GameRecord]) -> Vec<HeldSummary> {
    /// Sums over the records, per card template.
    #[derive(Default)]
    struct Acc<'a> {
        in_play: f64,
        games: f64,
        takers: f64,
        wins: f64,
        ended: BTreeMap<&'a str, f64>,
    }
    let nf = done.len() as f64;
    // One pass over every record (merged runs may mix player counts, and a hostile file
    // may hold many ids: no per-id scan of the records).
    let mut by_id: BTreeMap<&str, Acc> = BTreeMap::new();
    for r in done {
        for (id, h) in &r.held {
            let a = by_id.entry(id.as_str()).or_default();
            a.in_play += h.in_play as f64;
            for (zone, &n) in &h.ended_in {
                *a.ended.entry(zone.as_str()).or_default() += n as f64;
            }
            let mut any = false;
            for (s, &n) in h.taken_by.iter().enumerate() {
                if n > 0 {
                    any = true;
                    a.takers += 1.0;
                    a.wins += r.win_share(s);
                }
            }
            if any {
                a.games += 1.0;
            }
        }
    }
    // Kinds of card of which some copy was taken: a kind never taken in the whole run
    // is one that stays on the board (a city's action card), not a card nobody wants.
    let taken_kinds: std::collections::BTreeSet<&str> = done
        .iter()
        .flat_map(|r| r.held.values())
        .filter(|h| h.taken_by.iter().any(|&n| n > 0))
        .map(|h| h.kind.as_str())
        .collect();
    let kind_of: BTreeMap<&str, &str> = done
        .iter()
        .flat_map(|r| r.held.iter())
        .map(|(id, h)| (id.as_str(), h.kind.as_str()))
        .collect();
    by_id
        .into_iter()
        // A card in play in no game (its copies are for more players) is left out.
        .filter(|(_, a)| a.in_play > 0.0)
        .filter(|(id, _)| {
            let kind = kind_of.get(id).copied().unwrap_or("");
            kind.is_empty() || taken_kinds.contains(kind)
        })
        .map(|(id, a)| {
            let mut ended_in: Vec<(String, f64)> = a
                .ended
                .into_iter()
                .map(|(z, n)| (z.to_string(), n / a.in_play))
                .collect();
            ended_in.sort_by(|x, y| y.1.total_cmp(&x.1));
            HeldSummary {
                ended_in,
                id: id.to_string(),
                in_play: a.in_play / nf.max(1.0),
                taken: wilson(a.games, nf),
                win_share_when_taken: wilson(a.wins, a.takers),
            }
        })
        .collect()
}

fn area_summaries(done: &[&GameRecord]) -> Vec<AreaSummary> {
    // Per area: (games whose record lists it, placements, win-weighted placements). A
    // record lists the areas in play at its player count, so per-game figures are over
    // those games only.
    let mut by_id: BTreeMap<&str, (f64, f64, f64)> = BTreeMap::new();
    let mut all = 0.0;
    for r in done {
        for (id, a) in &r.areas {
            let e = by_id.entry(id.as_str()).or_default();
            e.0 += 1.0;
            for (s, &n) in a.placed.iter().enumerate() {
                e.1 += n as f64;
                e.2 += n as f64 * r.win_share(s);
                all += n as f64;
            }
        }
    }
    by_id
        .into_iter()
        .map(|(id, (games, placed, wins))| AreaSummary {
            id: id.to_string(),
            placed: placed / games.max(1.0),
            win_share_of_placers: wilson(wins, placed),
            placement_share: if all > 0.0 { placed / all } else { 0.0 },
        })
        .collect()
}

/// The dice spaces' placements, from the records' uses (components `space <id>`): per
/// game over every finished game, each placement weighted by its seat's win share.
fn space_summaries(done: &[&GameRecord]) -> Vec<AreaSummary> {
    let mut by_id: BTreeMap<&str, (f64, f64)> = BTreeMap::new();
    let mut all = 0.0;
    for r in done {
        for (component, u) in &r.uses {
            let Some(id) = component.strip_prefix("space ") else {
                continue;
            };
            let e = by_id.entry(id).or_default();
            for &[seat, _] in &u.by {
                e.0 += 1.0;
                e.1 += r.win_share(seat as usize);
                all += 1.0;
            }
        }
    }
    let games = done.len().max(1) as f64;
    by_id
        .into_iter()
        .map(|(id, (placed, wins))| AreaSummary {
            id: id.to_string(),
            placed: placed / games,
            win_share_of_placers: wilson(wins, placed),
            placement_share: if all > 0.0 { placed / all } else { 0.0 },
        })
        .collect()
}

fn tile_summaries(done: &[&GameRecord]) -> Vec<TileSummary> {
    let n = done.len().max(1) as f64;
    let Some(first) = done.first() else {
        return Vec::new();
    };
    let all_actions: f64 = done
        .iter()
        .flat_map(|r| r.tiles.values())
        .map(|t| t.actions as f64)
        .sum();
    first
        .tiles
        .keys()
        .map(|id| {
            let per: Vec<_> = done.iter().filter_map(|r| r.tiles.get(id)).collect();
            let actions: f64 = per.iter().map(|t| t.actions as f64).sum();
            TileSummary {
                id: id.clone(),
                visits: per.iter().map(|t| t.visits as f64).sum::<f64>() / n,
                actions: actions / n,
                offered: per.iter().map(|t| t.offered as f64).sum::<f64>() / n,
                gained: per.iter().map(|t| t.gained as f64).sum::<f64>() / n,
                used_in: per.iter().filter(|t| t.actions > 0).count() as f64 / n,
                action_share: actions / all_actions.max(1.0),
                hub: per.iter().any(|t| t.hub),
            }
        })
        .collect()
}

/// The warning for a score estimate that failed while bots looked ahead (`[score]
/// potential`, or the `end` hooks run on a copy): the bots counted its part as 0 and
/// played on, so they played without the pack's own valuation. `None` when none failed.
fn estimate_warning(s: &Summary) -> Option<String> {
    let failed: Vec<_> = s.lookahead_errors.iter().filter(|e| e.estimate).collect();
    let first = failed.first()?;
    let times = failed.iter().fold(0u64, |n, e| n.saturating_add(e.count));
    Some(format!(
        "the bots' score estimate failed {} at {} (first {}: {}): they counted what the pack's own scoring adds ([score] potential, or the end hooks run on a copy) as 0 and played on, so the games' numbers are of bots that did not see it; fix the hook (see the script errors below)",
        plural(times, "time"),
        plural(failed.len() as u64, "place"),
        first.site,
        first.message
    ))
}

/// Plain-language warnings a designer should read.
fn warnings(s: &Summary) -> Vec<String> {
    let mut w = Vec::new();
    if s.errored > 0 {
        w.push(format!(
            "{} of {} games errored (see the errors by place below)",
            s.errored, s.games
        ));
    }
    w.extend(estimate_warning(s));
    let trials: Vec<_> = s.lookahead_errors.iter().filter(|e| !e.estimate).collect();
    if !trials.is_empty() || s.lookahead_other_places > 0 {
        let times = trials
            .iter()
            .fold(s.lookahead_other_places, |n, e| n.saturating_add(e.count));
        w.push(format!(
            "bots met script errors while looking ahead: {} in {} of {} games, at {}{} (see the script errors below); the bots avoided those options, so the games' numbers are of a game without them",
            plural(times, "time"),
            s.lookahead_error_games,
            s.games,
            plural(trials.len() as u64, "place"),
            if s.lookahead_other_places > 0 {
                format!(" and more places than a game lists ({} times)", s.lookahead_other_places)
            } else {
                String::new()
            }
        ));
    }
    if s.stalled > 0 {
        w.push(format!(
            "{} stalled: {} the round cap (end.max_rounds) without an end condition",
            plural(s.stalled, "game"),
            if s.stalled == 1 { "it hit" } else { "they hit" }
        ));
    }
    if s.finished == 0 {
        return w;
    }
    // By weight: errors above, then the components that stand out, then the rest.
    for x in s.strength.iter().filter(|x| x.flag.is_some()) {
        w.push(strength_warning(s, x));
    }
    w.extend(chance_flags(s));
    let parity = 1.0 / s.players.max(1) as f64;
    let same_bot = s.bots.len() == 1;
    if same_bot {
        // One test for all seats (χ² goodness of fit to equal shares), so that four
        // seats' intervals do not raise a false alarm one run in five.
        let n = s.finished as f64;
        let expected = n * parity;
        let chi2: f64 = s
            .seats
            .iter()
            .map(|x| (x.win_share.value * n - expected).powi(2) / expected)
            .sum();
        let critical = stats::chi2_critical_95(s.players.saturating_sub(1));
        if chi2 > critical {
            let off: Vec<String> = s
                .seats
                .iter()
                .filter(|x| x.win_share.excludes(parity))
                .map(|x| format!("seat {} {}", x.seat, x.win_share.percent()))
                .collect();
            w.push(format!(
                "seat win shares differ more than chance allows (χ² = {chi2:.1} > {critical:.1}, p < 0.05; a fair share is {:.1}%){}{}; confirm with more games or another seed",
                parity * 100.0,
                if off.is_empty() { "" } else { ": " },
                off.join(", ")
            ));
        }
        if s.first_player.excludes(parity) {
            w.push(format!(
                "the first player wins {} of games, against a fair {:.1}%",
                s.first_player.percent(),
                parity * 100.0
            ));
        }
    }
    let rare = rarely_played(s);
    for c in &s.cards {
        if c.fulfilled.value == 0.0 {
            if c.drawn == 0.0 {
                w.push(format!("card {} was never drawn", c.id));
            } else {
                w.push(format!(
                    "card {} was never played (drawn {:.2} times per game)",
                    c.id, c.drawn
                ));
            }
        } else if c.fulfilled.value < 0.01
            && !rare.iter().any(|g| g.cards.iter().any(|x| x.id == c.id))
        {
            w.push(format!(
                "card {} was played in only {} of games",
                c.id,
                c.fulfilled.percent()
            ));
        }
    }
    for g in &rare {
        w.push(g.warning());
    }
    let fair = 1.0 / s.tiles.len().max(1) as f64;
    // In a game whose tiles take no actions at all (a map only travelled over), no
    // tile's action is missed.
    let tiles_act = s.tiles.iter().any(|t| t.actions > 0.0);
    let typical_take = typical_take_rate(&s.tiles);
    for t in &s.tiles {
        if t.visits == 0.0 {
            w.push(format!("tile {} was never visited", t.id));
        } else if t.actions == 0.0 && tiles_act {
            w.push(format!(
                "tile {} was visited but its action was never taken",
                t.id
            ));
        } else if let Some(rate) = rarely_taken(s, t, typical_take) {
            w.push(format!(
                "tile {} was offered {:.2} times a game but its action taken at only {} of those times, where a typical tile's is taken at {:.0}%: the bots may not understand what it gives (a payoff in a later round, a tile counter); try `--bots mcts --mcts-rounds 1`, or value it in `[score] potential`",
                t.id,
                chances(t),
                rate.percent(),
                typical_take * 100.0
            ));
        } else if !t.hub && t.used_in >= 0.999 && t.action_share > 3.0 * fair {
            w.push(format!(
                "tile {} was used in every game and takes {:.1}% of all actions ({:.1}× a fair share)",
                t.id,
                t.action_share * 100.0,
                t.action_share / fair
            ));
        }
    }
    for c in &s.held {
        if c.in_play > 0.0 && c.taken.value == 0.0 {
            w.push(format!(
                "card {} was never taken ({:.1} copies in play per game)",
                c.id, c.in_play
            ));
        } else if let Some(zone) = never_completed(s, c) {
            w.push(format!(
                "card {} was taken in {} of games but no copy ever ended in `{zone}`: too hard to finish, or not worth finishing?",
                c.id,
                c.taken.percent()
            ));
        }
    }
    for a in &s.areas {
        if a.placed == 0.0 {
            w.push(format!("area {} never had a worker placed in it", a.id));
        }
    }
    // Points far cheaper than the rest of its group, said even when play has not (yet)
    // shown it: a flagged component's warning already carries the sentence.
    for e in &s.catalogue {
        let flagged = s
            .strength
            .iter()
            .any(|x| x.component == e.component && x.flag.is_some());
        if let (Some(v), Some(m), Some((1, of)), Some(sentence)) = (
            e.value_for_cost,
            e.group_value_for_cost,
            e.rank,
            e.value_sentence(),
        ) {
            if !flagged && of >= 4 && v >= VALUE_OUTLIER * m {
                w.push(format!(
                    "{} ({}) gives {:.1}× the typical points for its price: {sentence}",
                    e.component,
                    e.name,
                    v / m
                ));
            }
        }
    }
    w
}

/// Games a card must be taken in before "never completed" is said of it.
const MIN_TAKEN_JUDGED: f64 = 10.0;

/// The pack's completed zone when card `c` was taken in at least [`MIN_TAKEN_JUDGED`]
/// games and no copy of it ended the game there, while cards of its group (its kind)
/// do: a kind no card of which is ever finished (a favour, a starting card) is not
/// meant to be.
fn never_completed<'a>(s: &'a Summary, c: &HeldSummary) -> Option<&'a str> {
    let zone = s.completed_zone.as_deref()?;
    let ends_there = |h: &HeldSummary| {
        h.ended_in
            .iter()
            .any(|(z, share)| z == zone && *share > 0.0)
    };
    let group = |id: &str| s.entry(&format!("card {id}")).map(|e| e.group.as_str());
    let kind = group(&c.id);
    let kind_is_finished = s.held.iter().any(|h| group(&h.id) == kind && ends_there(h));
    let taken_games = c.taken.value * c.taken.n;
    (kind_is_finished && taken_games >= MIN_TAKEN_JUDGED && !ends_there(c)).then_some(zone)
}

/// Cards of one group played far less often than the group's typical card.
struct RareCards<'a> {
    /// The group (a grade, a card kind).
    group: String,
    /// The group's median share of games in which a card was played.
    typical: f64,
    /// Its cards whose share's interval tops out under half of that, rarest first.
    cards: Vec<&'a CardSummary>,
}

impl RareCards<'_> {
    /// The warning, one for the group: a designer reads the list at once.
    fn warning(&self) -> String {
        let list: Vec<String> = self
            .cards
            .iter()
            .map(|c| format!("{} {}", c.id, c.fulfilled.percent()))
            .collect();
        let one = self.cards.len() == 1;
        format!(
            "{} {} card{} played far less often than a typical {} card (in {:.1}% of games): {}; {} may be too dear for what {} give{}, or too hard to complete: {} strength row{} (with enough users) or `weft ablate` say{} whether it matters",
            self.cards.len(),
            self.group,
            if one { " was" } else { "s were" },
            self.group,
            self.typical * 100.0,
            list.join(", "),
            if one { "it" } else { "they" },
            if one { "it" } else { "they" },
            if one { "s" } else { "" },
            if one { "its" } else { "their" },
            if one { "" } else { "s" },
            if one { "s" } else { "" },
        )
    }
}

/// Cards drawn that were played in some games, but whose share of games (with its
/// interval) tops out under half their group's median share, by group (the catalogue's:
/// a grade, a card kind). A group needs [`strength::MIN_GROUP`] cards played at all.
fn rarely_played(s: &Summary) -> Vec<RareCards<'_>> {
    let mut groups: std::collections::BTreeMap<String, Vec<&CardSummary>> = Default::default();
    for c in s.cards.iter().filter(|c| c.drawn > 0.0) {
        let group = s
            .entry(&format!("card {}", c.id))
            .map_or_else(|| "common".to_string(), |e| e.group.clone());
        groups.entry(group).or_default().push(c);
    }
    let mut out = Vec::new();
    for (group, cards) in groups {
        let mut shares: Vec<f64> = cards.iter().map(|c| c.fulfilled.value).collect();
        shares.sort_by(f64::total_cmp);
        if cards.iter().filter(|c| c.fulfilled.value > 0.0).count() < strength::MIN_GROUP {
            continue;
        }
        let typical = match shares.len() {
            n if n % 2 == 1 => shares[n / 2],
            n => (shares[n / 2 - 1] + shares[n / 2]) / 2.0,
        };
        let mut rare: Vec<&CardSummary> = cards
            .into_iter()
            .filter(|c| c.fulfilled.value > 0.0 && c.fulfilled.hi < typical / 2.0)
            .collect();
        rare.sort_by(|a, b| a.fulfilled.value.total_cmp(&b.fulfilled.value));
        if !rare.is_empty() {
            out.push(RareCards {
                group,
                typical,
                cards: rare,
            });
        }
    }
    out
}

/// The times a tile's action could be taken per game: the questions that offered it, or
/// (records made before weft counted them) the visits.
fn chances(t: &TileSummary) -> f64 {
    if t.offered > 0.0 {
        t.offered
    } else {
        t.visits
    }
}

/// The median share of its chances at which a tile's action is taken, over the tiles
/// whose action was taken at all (free-movement tiles aside).
fn typical_take_rate(tiles: &[TileSummary]) -> f64 {
    let mut rates: Vec<f64> = tiles
        .iter()
        .filter(|t| !t.hub && chances(t) > 0.0 && t.actions > 0.0)
        .map(|t| (t.actions / chances(t)).min(1.0))
        .collect();
    rates.sort_by(f64::total_cmp);
    match rates.len() {
        0 => 0.0,
        n if n % 2 == 1 => rates[n / 2],
        n => (rates[n / 2 - 1] + rates[n / 2]) / 2.0,
    }
}

/// Visits a tile needs over the run before its take rate is judged.
const MIN_VISITS_JUDGED: f64 = 20.0;

/// The share of its chances (the questions that offered it) at which tile `t`'s action
/// was taken, every seat's, with its interval, when it is clearly below the typical
/// tile's (`typical`): the interval's top under half of it, over at least
/// [`MIN_VISITS_JUDGED`] chances. Not judged for random bots, whose
/// choices say nothing about what a tile is worth, nor for a tile the strength table
/// flags weak: its takers lose, so the bots leave it for a reason (that warning says
/// so).
fn rarely_taken(s: &Summary, t: &TileSummary, typical: f64) -> Option<stats::Estimate> {
    let thinking = s.bots.iter().any(|b| b.bot != "random");
    let visits = chances(t) * s.finished as f64;
    let component = format!("tile {}", t.id);
    let weak = s
        .strength
        .iter()
        .any(|x| x.component == component && x.flag == Some(Flag::Weak));
    if !thinking || weak || t.hub || typical <= 0.0 || visits < MIN_VISITS_JUDGED {
        return None;
    }
    let rate = stats::wilson((t.actions * s.finished as f64).min(visits), visits);
    (rate.hi < typical / 2.0).then_some(rate)
}

/// How many of the strength flags chance alone would give: the components judged at
/// once and the false discovery rate they are held to. `None` without a flag.
fn chance_flags(s: &Summary) -> Option<String> {
    let flagged = s.strength.iter().filter(|x| x.flag.is_some()).count();
    if flagged == 0 {
        return None;
    }
    let judged = s
        .strength
        .iter()
        .filter(|x| x.users as usize >= strength::MIN_USERS)
        .count();
    Some(format!(
        "{} from {judged} components judged at once, at a {:.0}% false discovery rate: chance alone would give about {:.1} of {}; confirm a flag on other seeds before acting on it",
        plural(flagged as u64, "flag"),
        strength::FALSE_DISCOVERY_RATE * 100.0,
        strength::FALSE_DISCOVERY_RATE * flagged as f64,
        if flagged == 1 { "it" } else { "them" }
    ))
}

/// A card whose points per unit of price reach this multiple of its group's median is
/// named in the warnings (the base packs' cheapest points are 1.7× and 1.2× theirs).
pub const VALUE_OUTLIER: f64 = 2.0;

/// What using a component means, for people: `fulfils it`, `takes it`, …
fn use_verb(s: &Summary, component: &str) -> &'static str {
    match component.split_once(' ') {
        Some(("card", id)) if s.cards.iter().any(|c| c.id == id) => "fulfils it",
        Some(("card", _)) => "takes it",
        Some(("tile", _)) => "takes its action",
        Some(("area", _)) => "places a worker in it",
        _ => "uses it",
    }
}

/// A flagged component in plain words, e.g. `card c19 looks too strong: the seat that
/// fulfils it wins 66.9% (61.0–72.3%), 2.7× a fair share; its standing before predicted
/// 31.0%: +35.9 points, where a typical common card adds +9.1`.
fn strength_warning(s: &Summary, x: &Strength) -> String {
    let fair = 1.0 / s.players.max(1) as f64;
    let (word, typical) = match x.flag {
        Some(Flag::Strong) => ("too strong", "adds"),
        _ => ("weak", "adds"),
    };
    let entry = s.entry(&x.component);
    let name = entry.map_or(String::new(), |e| format!(" ({})", e.name));
    let value = entry
        .and_then(catalogue::Entry::value_sentence)
        .map_or(String::new(), |v| format!("; {v}"));
    format!(
        "{}{name} looks {word}: the seat that {} wins {} of the time, {:.1}× a fair share; its standing before predicted {:.1}%: {:+.1} points, where a typical {} {typical} {:+.1}{value}",
        x.component,
        use_verb(s, &x.component),
        x.win_share.percent(),
        x.win_share.value / fair,
        x.expected * 100.0,
        x.lift.value * 100.0,
        group_noun(&x.group, &x.component),
        x.group_lift * 100.0
    )
}

/// `common card`, `tile`, `area`, `project card`.
fn group_noun(group: &str, component: &str) -> String {
    let kind = component.split_once(' ').map_or(component, |(k, _)| k);
    if group == kind {
        kind.to_string()
    } else {
        format!("{group} {kind}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(winners: &[usize]) -> Vec<GameRecord> {
        let content = crate::load(&[], None).expect("base pack loads");
        winners
            .iter()
            .enumerate()
            .map(|(i, &w)| {
                let mut r = GameRecord::new(&content, vec!["random".into(); 4], i as u64, i as u64);
                r.winners = vec![w];
                r.scores = vec![1, 1, 1, 1];
                r.cause = Some("skill".into());
                r.rounds = 8;
                r.first_player = i % 4;
                r
            })
            .collect()
    }

    /// R-END-5: a stalled game is never a normal end: it counts as stalled, not as
    /// finished, and stays out of win shares, scores, end causes and lengths, even when
    /// its record names a winner.
    #[test]
    fn stalled_games_are_not_finished_games() {
        let mut records = games(&[0; 10]);
        for (i, mut r) in games(&[1; 10]).into_iter().enumerate() {
            r.index = 10 + i as u64;
            r.cause = Some("stalled".into());
            r.scores = vec![0, 50, 0, 0];
            r.rounds = 100;
            records.push(r);
        }
        let s = summarise(&records, None, None);
        assert_eq!((s.games, s.finished, s.stalled, s.errored), (20, 10, 10, 0));
        assert_eq!(s.seats[0].win_share.value, 1.0);
        assert_eq!(s.seats[1].win_share.value, 0.0);
        assert_eq!(s.bots[0].win_share.value, 1.0);
        assert_eq!(s.seats[1].mean_score.value, 1.0);
        assert!(!s.end_causes.contains_key("stalled"), "{:?}", s.end_causes);
        assert_eq!(s.rounds.value, 8.0);
        assert!(s.winning_score_histogram.iter().all(|&(v, _)| v == 1));
        assert!(s.warnings.iter().any(|w| w.starts_with("10 games stalled")));
    }

    /// Warnings come by weight: a component that stands out before a card never
    /// fulfilled (issue 29).
    #[test]
    fn a_strong_component_is_warned_before_a_card_never_played() {
        let mut s = summarise(&games(&[0, 1, 2, 3]), None, None);
        s.cards.push(CardSummary {
            id: "c99".into(),
            drawn: 1.0,
            fulfilled: wilson(0.0, 4.0),
            win_share_when_fulfilled: wilson(0.0, 0.0),
        });
        let mut strong = s.strength.first().cloned().unwrap_or_else(|| Strength {
            component: "card c01".into(),
            group: "common".into(),
            uses_per_game: 1.0,
            users: 40,
            win_share: wilson(30.0, 40.0),
            expected: 0.25,
            others: 0.25,
            lift: wilson(30.0, 40.0),
            group_lift: 0.0,
            flag: None,
            p_value: 1.0,
            games: Default::default(),
        });
        strong.flag = Some(Flag::Strong);
        s.strength = vec![strong];
        let w = warnings(&s);
        let at = |text: &str| w.iter().position(|x| x.contains(text)).unwrap();
        assert!(at("looks too strong") < at("c99 was never played"), "{w:?}");
    }

    /// Issue 33: a tile thinking bots reach but rarely act on is named, with what to try;
    /// not for random bots (their choices say nothing of a tile's worth), not on too few
    /// visits, and not for a tile acted on like the others.
    #[test]
    fn a_tile_reached_but_rarely_taken_by_thinking_bots_is_warned() {
        let tile = |id: &str, offered: f64, actions: f64| TileSummary {
            id: id.into(),
            visits: offered + 0.5,
            actions,
            offered,
            gained: 0.0,
            used_in: 1.0,
            action_share: 0.1,
            hub: false,
        };
        let mut s = summarise(&games(&[0, 1, 2, 3]), None, None);
        s.finished = 40;
        s.tiles = vec![
            tile("shop", 2.0, 1.8),
            tile("trader", 2.0, 1.6),
            tile("alley", 2.0, 1.7),
            tile("yard", 1.0, 0.9),
            tile("gate", 1.0, 0.8),
            tile("bank", 1.0, 0.05),
            tile("rare", 0.2, 0.0025),
        ];
        let about_bank = |s: &Summary| {
            warnings(s)
                .into_iter()
                .filter(|w| w.contains("was offered"))
                .collect::<Vec<_>>()
        };
        assert!(
            about_bank(&s).is_empty(),
            "random bots: {:?}",
            about_bank(&s)
        );
        s.bots[0].bot = "greedy".into();
        let w = about_bank(&s);
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(
            w[0].starts_with(
                "tile bank was offered 1.00 times a game but its action taken at only 5.0% ("
            ) && w[0].contains("typical tile's is taken at 80%")
                && w[0].contains("--mcts-rounds 1"),
            "{}",
            w[0]
        );
        // A bank whose takers lose (flagged weak) is left for a reason: no such warning.
        s.strength = vec![Strength {
            component: "tile bank".into(),
            group: "tile".into(),
            uses_per_game: 0.05,
            users: 20,
            win_share: wilson(0.0, 20.0),
            expected: 0.25,
            others: 0.25,
            lift: wilson(0.0, 20.0),
            group_lift: 0.0,
            flag: Some(Flag::Weak),
            p_value: 0.0,
            games: Default::default(),
        }];
        assert!(about_bank(&s).is_empty(), "{:?}", about_bank(&s));
        s.strength.clear();
        // 8 offers in 40 games are too few to judge "rare"; a bank taken at 40% is not rare.
        s.tiles[5].actions = 0.4;
        assert!(about_bank(&s).is_empty(), "{:?}", about_bank(&s));
    }

    /// Issue 33: cards played far less often than their group's typical card are named
    /// in one warning for the group, each with its interval; a card whose interval
    /// reaches half the typical share is not, nor is any card of a group under four.
    #[test]
    fn cards_played_far_less_than_their_group_are_named_with_intervals() {
        let card = |id: &str, played: f64, games: f64| CardSummary {
            id: id.into(),
            drawn: 1.0,
            fulfilled: wilson(played * games, games),
            win_share_when_fulfilled: wilson(0.0, 0.0),
        };
        let mut s = summarise(&games(&[0, 1, 2, 3]), None, None);
        s.cards = vec![
            card("c01", 0.6, 200.0),
            card("c02", 0.55, 200.0),
            card("c03", 0.5, 200.0),
            card("c04", 0.6, 200.0),
            card("c05", 0.025, 200.0),
            card("c06", 0.15, 200.0),
            // Too few games to tell: 1 in 5 is 20% (3.6–62.4%).
            card("c07", 0.2, 5.0),
        ];
        let w: Vec<String> = warnings(&s)
            .into_iter()
            .filter(|w| w.contains("far less often"))
            .collect();
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(
            w[0].starts_with("2 common cards were played far less often than a typical common card (in 50.0% of games): c05 2.5% (1.1–5.7), c06 15.0% ("),
            "{}",
            w[0]
        );
        assert!(!w[0].contains("c07"), "{}", w[0]);
        s.cards.truncate(3);
        assert!(warnings(&s).iter().all(|w| !w.contains("far less often")));
    }

    /// Issue 33: with `[report] completed_zone`, a card taken in ten games or more of
    /// which no copy was ever finished is named, when cards of its kind are finished
    /// (a kind never meant to be, such as a starting card, is not).
    #[test]
    fn a_card_taken_often_but_never_completed_is_named() {
        let held = |id: &str, taken: f64, completed: f64| HeldSummary {
            id: id.into(),
            in_play: 1.0,
            taken: wilson(taken * 100.0, 100.0),
            win_share_when_taken: wilson(0.0, 0.0),
            ended_in: vec![("completed".into(), completed), ("unfinished".into(), 0.3)],
        };
        let entry = |id: &str, group: &str| catalogue::Entry::new(format!("card {id}"), id, group);
        let mut s = summarise(&games(&[0, 1, 2, 3]), None, None);
        s.held = vec![
            held("A01", 0.8, 0.3),
            held("B07", 0.36, 0.0),
            held("B08", 0.05, 0.0),
            held("S1", 0.5, 0.0),
        ];
        s.catalogue = vec![
            entry("A01", "project"),
            entry("B07", "project"),
            entry("B08", "project"),
            entry("S1", "starting"),
        ];
        let named = |s: &Summary| -> Vec<String> {
            warnings(s)
                .into_iter()
                .filter(|w| w.contains("ever ended in"))
                .collect()
        };
        assert!(named(&s).is_empty(), "no completed zone declared");
        s.completed_zone = Some("completed".into());
        let w = named(&s);
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(
            w[0].starts_with("card B07 was taken in 36.0% (") && w[0].contains("`completed`"),
            "{}",
            w[0]
        );
    }

    /// Per-round means count a game that already ended with its final score: the line
    /// does not dip when only the longer games are left (issue 29), and the games that
    /// played each round are counted.
    #[test]
    fn per_round_scores_are_not_pulled_by_survivorship() {
        let mut records = games(&[0; 10]);
        for (i, r) in records.iter_mut().enumerate() {
            // Half the games end after 2 rounds with 20 points each, half after 3 with 6.
            r.score_by_round = if i % 2 == 0 {
                vec![vec![10; 4], vec![20; 4]]
            } else {
                vec![vec![2; 4], vec![4; 4], vec![6; 4]]
            };
            r.scores = r.score_by_round.last().unwrap().clone();
        }
        let s = summarise(&records, None, None);
        assert_eq!(s.games_by_round, vec![10, 10, 5]);
        assert_eq!(s.score_by_round[1][0], 12.0);
        // Round 3: the short games' 20 and the long games' 6, not the long games alone.
        assert_eq!(s.score_by_round[2][0], 13.0);
    }

    /// A free-movement tile (the plaza, R-PLAZA-1) is reached from anywhere and
    /// revisited at will: taking a large share of the actions is its rule, not a warning.
    /// Any other tile doing the same is warned about.
    #[test]
    fn a_hub_tile_is_not_warned_for_its_share_of_actions() {
        let heavy = |id: &str| {
            let mut records = games(&[0, 1, 2, 3]);
            for r in &mut records {
                for (tile, counts) in r.tiles.iter_mut() {
                    counts.actions = if tile == id { 30 } else { 1 };
                    counts.visits = counts.actions;
                }
            }
            summarise(&records, None, None).warnings
        };
        let w = heavy("plaza");
        assert!(!w.iter().any(|w| w.contains("plaza")), "{w:?}");
        let w = heavy("wool-shop");
        assert!(
            w.iter()
                .any(|w| w.starts_with("tile wool-shop was used in every game")),
            "{w:?}"
        );
    }

    #[test]
    fn seat_warning_needs_the_seats_to_differ_beyond_chance() {
        let even: Vec<usize> = (0..400).map(|i| i % 4).collect();
        let s = summarise(&games(&even), None, None);
        assert!(
            !s.warnings.iter().any(|w| w.contains("seat win shares")),
            "{:?}",
            s.warnings
        );
        // Seat 1 wins half of the games.
        let skewed: Vec<usize> = (0..400)
            .map(|i| if i % 2 == 0 { 0 } else { i % 4 })
            .collect();
        let s = summarise(&games(&skewed), None, None);
        let w = s
            .warnings
            .iter()
            .find(|w| w.contains("seat win shares"))
            .expect("warned");
        assert!(w.contains("seat 1 50.0%"), "{w}");
    }
}
