//! Comparing two variants: paired games (game i of both variants has the same seed and
//! the same bot seeds: common random numbers), differences with 95% intervals, and a
//! sequential stop.
//!
//! After each batch of pairs, the paired differences get an always-valid p-value from
//! the mixture SPRT ([`crate::report::stats::msprt_p_value`]) and an always-valid
//! interval ([`crate::report::stats::msprt_interval`]). With one metric chosen
//! ([`Metric`], `--metric`), the run stops as soon as its p-value falls below `alpha`
//! (a clear difference) or its interval lies inside `±margin` (no difference that
//! large); with [`Metric::All`], as soon as any standard metric's p-value falls below
//! `alpha / metrics` (Bonferroni). Otherwise it stops when the pair budget is spent.
//! Because both are valid at every look, stopping early does not inflate the error
//! rates the way re-testing a t-test would.

pub mod metric;

use std::sync::Arc;

use serde::Serialize;

pub use metric::Metric;

use crate::content::{Content, PackInfo};
use crate::report::stats::{estimate, mean, msprt_interval, msprt_p_value, Estimate};
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
    /// The metric tested and stopped on.
    pub metric: Metric,
    /// The run also stops, with "no difference", once the tested metric's always-valid
    /// interval lies inside `±margin` (`None`: never; see [`CompareConfig::margin_for`]).
    pub margin: Option<f64>,
}

impl CompareConfig {
    /// Defaults: batches of 100 pairs, a first look after 100, alpha 0.05, effect 0.2,
    /// every metric tested, no margin.
    pub fn new(sim: SimConfig) -> CompareConfig {
        CompareConfig {
            sim,
            batch: 100,
            min_pairs: 100,
            alpha: 0.05,
            effect: 0.2,
            metric: Metric::All,
            margin: None,
        }
    }

    /// The default margin of a metric: half a fair share for a win share (12.5 points at
    /// four players), none for the others (their units are the pack's). Half a fair
    /// share is what greedy bots can rule out in about a minute on two cores; a tighter
    /// `--margin` needs about (half / margin)² times the pairs.
    pub fn margin_for(metric: &Metric, players: usize) -> Option<f64> {
        matches!(metric, Metric::Holder(_) | Metric::SeatWin(_))
            .then(|| 0.5 / players.max(1) as f64)
    }
}

/// The tested metric of a comparison ([`CompareConfig::metric`]).
#[derive(Debug, Clone, Serialize)]
pub struct Tested {
    /// Its values and difference, as the other metrics.
    pub diff: MetricDiff,
    /// The always-valid 95% interval (1 − alpha) of B − A.
    pub interval: (f64, f64),
    /// The margin inside which the run calls it "no difference", if any.
    pub margin: Option<f64>,
    /// Pairs that say something about it (a holder metric leaves out pairs where neither
    /// game used the component).
    pub pairs: u64,
    /// Whether it is a share, shown in percent.
    pub share: bool,
    /// The estimate and always-valid interval at every look of the run where the
    /// interval was bounded, in order (the sequential path the report charts).
    pub looks: Vec<Look>,
}

/// The tested metric at one look of a sequential run.
#[derive(Debug, Clone, Serialize)]
pub struct Look {
    /// Pairs played by this look.
    pub played: u64,
    /// B − A over the pairs that say something about the metric.
    pub diff: f64,
    /// The always-valid interval's low end.
    pub lo: f64,
    /// Its high end.
    pub hi: f64,
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
    /// The p-value threshold each metric was held to (alpha / metrics with every metric
    /// tested, alpha for the one tested metric).
    pub threshold: f64,
    /// The metric tested, in words.
    pub metric: String,
    /// Why the run stopped: `difference`, `no difference` or `budget`.
    pub stopped_on: String,
    /// The tested metric, unless every metric was tested.
    pub tested: Option<Tested>,
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
/// seats, the game length, and for each end trigger of either variant (`[end.triggers]`,
/// Tabriz's R-END-1), the share of games it ended.
fn extractors(players: usize, causes: &[String]) -> Vec<(String, bool, Extract)> {
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
    for cause in causes {
        let cause = cause.clone();
        m.push((
            format!("ends by {cause}"),
            true,
            Box::new(move |r: &GameRecord| {
                f64::from(u8::from(r.cause.as_deref() == Some(cause.as_str())))
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
    if matches!(&cfg.metric, Metric::Holder(c) if c.is_empty()) {
        return Err("the holder metric needs a component: --metric \"holder:card c19\"".into());
    }
    if !(cfg.alpha > 0.0 && cfg.alpha < 1.0) {
        return Err(format!("alpha must be between 0 and 1, not {}", cfg.alpha));
    }
    // The metric must name something of the variant with it (A): in `ablate`, B lacks
    // the removed card by design.
    cfg.metric.check(a, players)?;
    let mut causes: Vec<String> = Vec::new();
    for t in a.end.triggers.iter().chain(&b.end.triggers) {
        if !causes.contains(&t.cause) {
            causes.push(t.cause.clone());
        }
    }
    let metrics = extractors(players, &causes);
    let all = cfg.metric == Metric::All;
    let threshold = if all {
        cfg.alpha / metrics.len() as f64
    } else {
        cfg.alpha
    };
    let (mut rec_a, mut rec_b) = (Vec::new(), Vec::new());
    let mut played = 0u64;
    let mut stopped_on = "budget";
    let mut last = Vec::new();
    let mut tested = None;
    while played < cfg.sim.games {
        let end = (played + cfg.batch.max(1)).min(cfg.sim.games);
        let indices: Vec<u64> = (played..end).collect();
        rec_a.extend(run_indices(a, &cfg.sim, &indices, &|_| {})?);
        rec_b.extend(run_indices(b, &cfg.sim, &indices, &|_| {})?);
        played = end;
        on_batch(played);
        last = diffs(&metrics, &rec_a, &rec_b, cfg.effect);
        let pairs = paired(&rec_a, &rec_b).len() as u64;
        if all {
            if pairs >= cfg.min_pairs && last.iter().any(|m| m.p_value < threshold) {
                stopped_on = "difference";
                break;
            }
            continue;
        }
        let mut t = test_metric(cfg, &rec_a, &rec_b);
        let mut looks = tested.take().map_or_else(Vec::new, |old: Tested| old.looks);
        // Before two pairs inform it the interval is unbounded: no look to chart.
        if t.interval.0.is_finite() && t.interval.1.is_finite() {
            looks.push(Look {
                played,
                diff: t.diff.diff.value,
                lo: t.interval.0,
                hi: t.interval.1,
            });
        }
        t.looks = looks;
        // The tests are valid at every look; a floor of pairs keeps the variance estimate
        // they use from resting on a handful of games.
        let enough = t.pairs >= MIN_TESTED_PAIRS;
        let inside = t
            .margin
            .is_some_and(|m| t.interval.0 > -m && t.interval.1 < m);
        let clear = t.diff.p_value < threshold;
        tested = Some(t);
        if enough && pairs >= cfg.min_pairs && (clear || inside) {
            stopped_on = if clear { "difference" } else { "no difference" };
            break;
        }
    }
    let stopped_early = stopped_on != "budget" && played < cfg.sim.games;
    let pairs = paired(&rec_a, &rec_b).len() as u64;
    let verdict = match &tested {
        Some(t) => tested_verdict(t, stopped_on, stopped_early, played),
        None => all_verdict(&last, threshold, pairs, stopped_early),
    };
    let describe = |records: &[GameRecord], content: &Content| {
        let mut s = summarise(records, Some(cfg.sim.seed), None);
        s.describe(content);
        s
    };
    Ok(Comparison {
        a_packs: a.packs.clone(),
        b_packs: b.packs.clone(),
        pairs,
        played,
        max_pairs: cfg.sim.games,
        stopped_early,
        threshold,
        metric: cfg.metric.to_string(),
        stopped_on: stopped_on.to_string(),
        tested,
        verdict,
        metrics: last,
        a: describe(&rec_a, a),
        b: describe(&rec_b, b),
    })
}

/// Fewest pairs informing the tested metric before the run may stop on it.
const MIN_TESTED_PAIRS: u64 = 30;

/// The tested metric over the pairs so far.
fn test_metric(cfg: &CompareConfig, a: &[GameRecord], b: &[GameRecord]) -> Tested {
    let values: Vec<(f64, f64)> = paired(a, b)
        .into_iter()
        .filter_map(|(x, y)| cfg.metric.pair(x, y))
        .collect();
    let xa: Vec<f64> = values.iter().map(|v| v.0).collect();
    let xb: Vec<f64> = values.iter().map(|v| v.1).collect();
    let d: Vec<f64> = values.iter().map(|v| v.1 - v.0).collect();
    let share = cfg.metric.is_share();
    Tested {
        diff: MetricDiff {
            metric: cfg.metric.to_string(),
            a: estimate(&xa, share),
            b: estimate(&xb, share),
            diff: mean(&d),
            p_value: msprt_p_value(&d, cfg.effect),
        },
        interval: msprt_interval(&d, cfg.effect, cfg.alpha),
        margin: cfg.margin,
        pairs: d.len() as u64,
        share,
        looks: Vec::new(),
    }
}

/// `B − A = +3.1 points (always-valid 95%: −1.0 to +7.2)` or the same in the metric's
/// units.
fn interval_text(t: &Tested) -> String {
    let (lo, hi) = t.interval;
    if t.share {
        format!(
            "{:+.1} points (always-valid interval {:+.1} to {:+.1})",
            t.diff.diff.value * 100.0,
            lo * 100.0,
            hi * 100.0
        )
    } else {
        format!(
            "{:+.2} (always-valid interval {:+.2} to {:+.2})",
            t.diff.diff.value, lo, hi
        )
    }
}

fn tested_verdict(t: &Tested, stopped_on: &str, stopped_early: bool, played: u64) -> String {
    let early = if stopped_early { ", stopped early" } else { "" };
    // The pairs that say something of the metric, and of how many played, when fewer
    // (a holder metric leaves out the pairs where neither game used the component).
    let after = if t.pairs < played {
        format!(
            "{} of the {played} pairs played (those that say something of it)",
            t.pairs
        )
    } else {
        format!("{} pairs", t.pairs)
    };
    let margin = |m: f64| {
        if t.share {
            format!("±{:.1} points", m * 100.0)
        } else {
            format!("±{m:.2}")
        }
    };
    match stopped_on {
        "difference" => format!(
            "clear difference in {} after {after}{early}: B − A = {}",
            t.diff.metric,
            interval_text(t)
        ),
        "no difference" => format!(
            "no difference beyond {} in {} after {after}{early}: B − A = {}",
            margin(t.margin.unwrap_or(0.0)),
            t.diff.metric,
            interval_text(t)
        ),
        _ => format!(
            "undecided after {after} (the budget): {} B − A = {}{}",
            t.diff.metric,
            interval_text(t),
            t.margin.map_or(String::new(), |m| format!(
                "; neither a clear difference nor inside {}",
                margin(m)
            ))
        ),
    }
}

fn all_verdict(last: &[MetricDiff], threshold: f64, pairs: u64, stopped_early: bool) -> String {
    let clear: Vec<&MetricDiff> = last.iter().filter(|m| m.p_value < threshold).collect();
    if clear.is_empty() {
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
    }
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
            MetricDiff {
                metric: name.clone(),
                a: estimate(&xa, *is_share),
                b: estimate(&xb, *is_share),
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
