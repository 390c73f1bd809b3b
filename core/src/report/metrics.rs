//! Game-quality metrics in the style of Ludii's (Browne 2008; Piette et al., the Ludii
//! metrics list), computed from each game's score after every round.
//!
//! - **balance**: 1 − (highest − lowest seat win share). 1 is perfectly even seats; it
//!   only says something about the game when every seat plays the same bot.
//! - **decisiveness**: share of the game's rounds played after the eventual winner took a
//!   lead they never lost. High: games are decided early and the rest is a formality.
//! - **lead changes**: times the sole leader changed, divided by the rounds played.
//! - **drama**: over the rounds in which the eventual winner was not leading, the mean
//!   distance to the leader, as a share of the winner's final score. High: winners come
//!   from behind.
//!
//! The last four read the scores round by round. A game whose scores do not move before
//! its final scoring (every seat level until then) says nothing of them: it is left out,
//! and when no game is left they are `None`, with the reason in
//! [`Metrics::not_applicable`].

use serde::{Deserialize, Serialize};

use crate::sim::GameRecord;

/// The quality metrics of a set of games (each a mean over finished games; the
/// round-by-round ones over those whose scores move before the end).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Metrics {
    /// 1 − (highest − lowest seat win share).
    pub balance: f64,
    /// Share of rounds after the winner's lead became permanent.
    pub decisiveness: Option<f64>,
    /// Sole-leader changes per round.
    pub lead_changes: Option<f64>,
    /// Mean deficit of the eventual winner while behind, as a share of its final score.
    pub drama: Option<f64>,
    /// Share of games in which the eventual winner led after round 1.
    pub early_leader_wins: Option<f64>,
    /// Finished games the round-by-round metrics are over.
    #[serde(default)]
    pub games_scored_during_play: u64,
    /// Why the round-by-round metrics are `None`, when they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_applicable: Option<String>,
}

/// Whether a game's scores move before its last row: some earlier row is not level.
fn scored_during_play(r: &GameRecord) -> bool {
    let rows = &r.score_by_round;
    rows.len() > 1
        && rows[..rows.len() - 1]
            .iter()
            .any(|row| row.iter().any(|&x| Some(&x) != row.first()))
}

/// One game's decisiveness, lead changes per round, drama, and whether the round-1
/// leader won.
type GameMetrics = (f64, f64, f64, bool);

/// The sole leader of a score row, or `None` on a tie for the lead.
fn sole_leader(row: &[i64]) -> Option<usize> {
    let best = *row.iter().max()?;
    let mut leaders = row.iter().enumerate().filter(|(_, &s)| s == best);
    let first = leaders.next()?.0;
    leaders.next().is_none().then_some(first)
}

/// Per-game metrics; `None` for a game without a winner or score rows, or with a row
/// that has no score for the winner (a record that skipped validation).
fn game_metrics(r: &GameRecord) -> Option<GameMetrics> {
    let winner = *r.winners.first()?;
    let rows = &r.score_by_round;
    if rows.is_empty() || rows.iter().any(|row| row.len() <= winner) {
        return None;
    }
    let n = rows.len() as f64;
    // Decisiveness: the first row from which the winner leads (alone or tied) to the end.
    let mut since = rows.len();
    for (k, row) in rows.iter().enumerate().rev() {
        let best = row.iter().copied().max().unwrap_or(0);
        if row[winner] < best {
            break;
        }
        since = k;
    }
    let decisiveness = (rows.len() - since) as f64 / n;
    let mut changes = 0u32;
    let mut leader = None;
    for row in rows {
        if let Some(l) = sole_leader(row) {
            if leader.is_some_and(|x| x != l) {
                changes += 1;
            }
            leader = Some(l);
        }
    }
    let final_best = rows.last()?[winner].max(1) as f64;
    let behind: Vec<f64> = rows
        .iter()
        .filter_map(|row| {
            let best = row.iter().copied().max().unwrap_or(0);
            // In f64: the gap between two scores of a record read from a file can
            // exceed i64.
            (row[winner] < best).then(|| (best as f64 - row[winner] as f64) / final_best)
        })
        .collect();
    let drama = if behind.is_empty() {
        0.0
    } else {
        behind.iter().sum::<f64>() / behind.len() as f64
    };
    let early = sole_leader(&rows[0]) == Some(winner);
    Some((decisiveness, changes as f64 / n, drama, early))
}

/// The metrics over `records`, with `seat_win_shares` for balance.
pub fn metrics(records: &[GameRecord], seat_win_shares: &[f64]) -> Metrics {
    let ended: Vec<&GameRecord> = records.iter().filter(|r| super::ended(r)).collect();
    let per_game: Vec<GameMetrics> = ended
        .iter()
        .filter(|r| scored_during_play(r))
        .filter_map(|r| game_metrics(r))
        .collect();
    let n = per_game.len() as f64;
    let mean = |f: &dyn Fn(&GameMetrics) -> f64| {
        (!per_game.is_empty()).then(|| per_game.iter().map(f).sum::<f64>() / n)
    };
    let hi = seat_win_shares.iter().copied().fold(f64::MIN, f64::max);
    let lo = seat_win_shares.iter().copied().fold(f64::MAX, f64::min);
    Metrics {
        balance: if seat_win_shares.is_empty() {
            0.0
        } else {
            1.0 - (hi - lo)
        },
        decisiveness: mean(&|g| g.0),
        lead_changes: mean(&|g| g.1),
        drama: mean(&|g| g.2),
        early_leader_wins: mean(&|g| if g.3 { 1.0 } else { 0.0 }),
        games_scored_during_play: per_game.len() as u64,
        not_applicable: (per_game.is_empty() && !ended.is_empty()).then(|| {
            "the scores do not move before the final scoring in any finished game: every seat is level until then, so who led when says nothing".to_string()
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(rows: Vec<Vec<i64>>, winner: usize) -> GameRecord {
        let content = crate::load(&[], None).expect("base pack loads");
        let mut r = GameRecord::new(&content, vec!["x".into(), "y".into()], 1, 0);
        r.winners = vec![winner];
        r.cause = Some("skill".into());
        r.scores = rows.last().cloned().unwrap_or_default();
        r.score_by_round = rows;
        r
    }

    #[test]
    fn a_wire_to_wire_win_is_fully_decisive_without_drama() {
        let g = game(vec![vec![3, 1], vec![6, 2], vec![9, 4], vec![12, 5]], 0);
        let m = metrics(&[g], &[1.0, 0.0]);
        assert_eq!(m.decisiveness, Some(1.0));
        assert_eq!(m.lead_changes, Some(0.0));
        assert_eq!(m.drama, Some(0.0));
        assert_eq!(m.early_leader_wins, Some(1.0));
        assert_eq!(m.balance, 0.0);
        assert_eq!(m.games_scored_during_play, 1);
    }

    #[test]
    fn a_comeback_has_lead_changes_and_drama() {
        // Seat 1 trails by 4 then 2, takes the lead in the last row.
        let g = game(vec![vec![5, 1], vec![6, 4], vec![7, 10]], 1);
        let m = metrics(&[g], &[0.5, 0.5]);
        let v = |x: Option<f64>| x.expect("applicable");
        assert!((v(m.decisiveness) - 1.0 / 3.0).abs() < 1e-9, "{m:?}");
        assert!((v(m.lead_changes) - 1.0 / 3.0).abs() < 1e-9, "{m:?}");
        assert!(
            (v(m.drama) - (4.0 / 10.0 + 2.0 / 10.0) / 2.0).abs() < 1e-9,
            "{m:?}"
        );
        assert_eq!(m.early_leader_wins, Some(0.0));
        assert_eq!(m.balance, 1.0);
    }

    #[test]
    fn a_game_scored_only_at_its_end_says_nothing_of_leads() {
        // Level until the final scoring: decisiveness 1 and no drama would be made up.
        let g = game(vec![vec![0, 0], vec![0, 0], vec![0, 0], vec![7, 12]], 1);
        let m = metrics(std::slice::from_ref(&g), &[0.0, 1.0]);
        assert_eq!(m.decisiveness, None);
        assert_eq!(m.lead_changes, None);
        assert_eq!(m.drama, None);
        assert_eq!(m.early_leader_wins, None);
        assert!(m
            .not_applicable
            .is_some_and(|r| r.contains("final scoring")));
        assert_eq!(m.balance, 0.0, "balance reads win shares: still applicable");
        // Beside a game that scores during play, it is left out of the means.
        let moving = game(vec![vec![3, 1], vec![6, 2], vec![9, 4]], 0);
        let m = metrics(&[g, moving], &[0.5, 0.5]);
        assert_eq!(m.decisiveness, Some(1.0));
        assert_eq!(m.games_scored_during_play, 1);
        assert!(m.not_applicable.is_none());
    }
}
