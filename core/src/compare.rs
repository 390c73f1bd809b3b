//! Comparing two variants: paired games (game i of both variants has the same seed and
//! the same bot seeds: common random numbers), differences with 95% intervals, and a
//! sequential stop.
//!
//! After each batch of pairs, every metric's paired differences get an always-valid
//! p-value from the mixture SPRT ([`crate::report::stats::msprt_p_value`]). The run stops
//! as soon as one metric's p-value falls below `alpha / metrics` (Bonferroni), or when
//! the pair budget is spent. Because the p-values are valid at every look, stopping
//! early does not inflate the false-alarm rate the way re-testing a t-test would.

use std::sync::Arc;

use serde::Serialize;

use crate::content::{Content, PackInfo};
use crate::report::stats::{mean, msprt_p_value, wilson, Estimate};
use crate::report::{ended, summarise, Summary};
use crate::sim::{run_indices, GameRecord, SimConfig};

/// How a comparison runs. `sim.games` is the most pairs it plays.
#[derive(Debug, Clone)]
pub struct CompareConfig {
    /// Players, bots, seed, workers and the pair budget (`games`).
    pub sim: SimConfig,
    /// Pairs per batch between two looks.
    pub batch: u64,
    /// Pairs before the first look.
    pub min_pairs: u64,
    /// False-alarm rate over all metrics together.
    pub alpha: f64,
    /// Prior standard deviation of a metric's standardised effect for the mSPRT mixture.
    pub effect: f64,
}

impl CompareConfig {
    /// Defaults: batches of 100 pairs, a first look after 100, alpha 0.05, effect 0.2.
    pub fn new(sim: SimConfig) -> CompareConfig {
        CompareConfig {
            sim,
            batch: 100,
            min_pairs: 100,
            alpha: 0.05,
            effect: 0.2,
        }
    }
}

/// One metric in both variants.
#[derive(Debug, Clone, Serialize)]
pub struct MetricDiff {
    /// What is measured, e.g. `seat 1 win share`.
    pub metric: String,
    /// In variant A.
    pub a: Estimate,
    /// In variant B.
    pub b: Estimate,
    /// B − A over the pairs, with a 95% interval.
    pub diff: Estimate,
    /// Always-valid p-value of "no difference".
    pub p_value: f64,
}

/// The outcome of a comparison.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    /// Variant A's pack chain.
    pub a_packs: Vec<PackInfo>,
    /// Variant B's pack chain.
    pub b_packs: Vec<PackInfo>,
    /// Pairs in which both games ended by the rules (neither errored nor stalled).
    pub pairs: u64,
    /// Pairs played, errored ones included.
    pub played: u64,
    /// The pair budget.
    pub max_pairs: u64,
    /// Whether the sequential test stopped the run before the budget.
    pub stopped_early: bool,
    /// The p-value threshold each metric was held to (alpha / metrics).
    pub threshold: f64,
    /// Plain-language conclusion.
    pub verdict: String,
    /// Every metric, in a fixed order.
    pub metrics: Vec<MetricDiff>,
    /// Variant A's full summary.
    pub a: Summary,
    /// Variant B's full summary.
    pub b: Summary,
}

/// One metric's value in one game.
type Extract = Box<dyn Fn(&GameRecord) -> f64>;

/// The metrics compared: each seat's win share and mean score, the mean score over all
/// seats, the game length, and, in games that can end by commissions (R-END-1), the
/// share of games that did.
fn extractors(players: usize, by_commissions: bool) -> Vec<(String, bool, Extract)> {
    let mut m: Vec<(String, bool, Extract)> = Vec::new();
    for s in 0..players {
        m.push((
            format!("seat {} win share", s + 1),
            true,
            Box::new(move |r: &GameRecord| r.win_share(s)),
        ));
    }
    for s in 0..players {
        m.push((
            format!("seat {} mean score", s + 1),
            false,
            Box::new(move |r: &GameRecord| r.scores[s] as f64),
        ));
    }
    m.push((
        "mean score (all seats)".into(),
        false,
        Box::new(|r: &GameRecord| {
            r.scores.iter().map(|&x| x as f64).sum::<f64>() / r.scores.len().max(1) as f64
        }),
    ));
    m.push((
        "rounds".into(),
        false,
        Box::new(|r: &GameRecord| r.rounds as f64),
    ));
    if by_commissions {
        m.push((
            "ends by commissions".into(),
            true,
            Box::new(|r: &GameRecord| {
                f64::from(u8::from(r.cause.as_deref() == Some("commissions")))
            }),
        ));
    }
    m
}

/// Compares variant `a` with variant `b`. `on_batch(pairs played)` is called after each
/// batch.
pub fn compare(
    a: &Arc<Content>,
    b: &Arc<Content>,
    cfg: &CompareConfig,
    on_batch: &dyn Fn(u64),
) -> Result<Comparison, String> {
    let players = cfg.sim.players;
    let metrics = extractors(players, a.end.commissions > 0 || b.end.commissions > 0);
    let threshold = cfg.alpha / metrics.len() as f64;
    let (mut rec_a, mut rec_b) = (Vec::new(), Vec::new());
    let mut played = 0u64;
    let mut stopped_early = false;
    let mut last = Vec::new();
    while played < cfg.sim.games {
        let end = (played + cfg.batch.max(1)).min(cfg.sim.games);
        let indices: Vec<u64> = (played..end).collect();
        rec_a.extend(run_indices(a, &cfg.sim, &indices, &|_| {})?);
        rec_b.extend(run_indices(b, &cfg.sim, &indices, &|_| {})?);
        played = end;
        on_batch(played);
        last = diffs(&metrics, &rec_a, &rec_b, cfg.effect);
        let pairs = paired(&rec_a, &rec_b).len() as u64;
        if pairs >= cfg.min_pairs && last.iter().any(|m| m.p_value < threshold) {
            stopped_early = played < cfg.sim.games;
            break;
        }
    }
    let pairs = paired(&rec_a, &rec_b).len() as u64;
    let clear: Vec<&MetricDiff> = last.iter().filter(|m| m.p_value < threshold).collect();
    let verdict = if clear.is_empty() {
        format!(
            "no clear difference after {pairs} pairs of games: every interval below is the size of effect this run could have missed"
        )
    } else {
        let names: Vec<String> = clear
            .iter()
            .map(|m| format!("{} ({:+.3})", m.metric, m.diff.value))
            .collect();
        format!(
            "clear difference after {pairs} pairs of games{}: {}",
            if stopped_early { ", stopped early" } else { "" },
            names.join(", ")
        )
    };
    Ok(Comparison {
        a_packs: a.packs.clone(),
        b_packs: b.packs.clone(),
        pairs,
        played,
        max_pairs: cfg.sim.games,
        stopped_early,
        threshold,
        verdict,
        metrics: last,
        a: summarise(&rec_a, Some(cfg.sim.seed), None),
        b: summarise(&rec_b, Some(cfg.sim.seed), None),
    })
}

/// Pairs of games (same index) that both ended by the rules: an errored or stalled game
/// (R-END-5) has no winner to compare.
fn paired<'r>(a: &'r [GameRecord], b: &'r [GameRecord]) -> Vec<(&'r GameRecord, &'r GameRecord)> {
    a.iter()
        .zip(b)
        .filter(|(x, y)| x.index == y.index && ended(x) && ended(y))
        .collect()
}

fn diffs(
    metrics: &[(String, bool, Extract)],
    a: &[GameRecord],
    b: &[GameRecord],
    effect: f64,
) -> Vec<MetricDiff> {
    let pairs = paired(a, b);
    metrics
        .iter()
        .map(|(name, is_share, f)| {
            let xa: Vec<f64> = pairs.iter().map(|(x, _)| f(x)).collect();
            let xb: Vec<f64> = pairs.iter().map(|(_, y)| f(y)).collect();
            let d: Vec<f64> = xa.iter().zip(&xb).map(|(p, q)| q - p).collect();
            let est = |v: &[f64]| {
                if *is_share {
                    wilson(v.iter().sum(), v.len() as f64)
                } else {
                    mean(v)
                }
            };
            MetricDiff {
                metric: name.clone(),
                a: est(&xa),
                b: est(&xb),
                diff: mean(&d),
                p_value: msprt_p_value(&d, effect),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// R-END-5: a stalled game is not compared, as an errored one is not.
    #[test]
    fn stalled_games_are_not_paired() {
        let content = crate::load(&[], None).expect("base pack loads");
        let record = |index: u64, cause: &str| {
            let mut r = GameRecord::new(&content, vec!["random".into(); 2], index, index);
            r.cause = Some(cause.into());
            r.scores = vec![3, 1];
            r
        };
        let a = vec![record(0, "skill"), record(1, "stalled")];
        let b = vec![record(0, "commissions"), record(1, "skill")];
        let pairs = paired(&a, &b);
        assert_eq!(pairs.len(), 1);
        assert_eq!(pairs[0].0.index, 0);
    }
}
