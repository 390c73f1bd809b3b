//! Small statistics for reports: estimates with 95% intervals (Wilson for shares, normal
//! for means) and an always-valid sequential test for paired differences.

use serde::{Deserialize, Serialize};

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A number with a 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The point estimate.
    pub value: f64,
    /// Lower end of the 95% interval.
    pub lo: f64,
    /// Upper end of the 95% interval.
    pub hi: f64,
    /// Observations behind it.
    pub n: f64,
}

impl Estimate {
    /// Whether `x` lies outside the interval.
    pub fn excludes(&self, x: f64) -> bool {
        x < self.lo || x > self.hi
    }

    /// `value` and interval as percentages, e.g. `25.3% (23.1–27.6)`.
    pub fn percent(&self) -> String {
        format!(
            "{:.1}% ({:.1}–{:.1})",
            self.value * 100.0,
            self.lo * 100.0,
            self.hi * 100.0
        )
    }

    /// The value with its interval: in percent when it is a share, else to two decimals.
    pub fn value_text(&self, share: bool) -> String {
        if share {
            self.percent()
        } else {
            format!("{:.2} ({:.2}–{:.2})", self.value, self.lo, self.hi)
        }
    }

    /// A difference with its interval: in points of percent when it is a difference of
    /// shares (`+6.8 pts (-8.7–+22.3)`), else to two decimals.
    pub fn diff_text(&self, share: bool) -> String {
        if share {
            format!(
                "{:+.1} pts ({:+.1}–{:+.1})",
                self.value * 100.0,
                self.lo * 100.0,
                self.hi * 100.0
            )
        } else {
            format!("{:+.2} ({:+.2}–{:+.2})", self.value, self.lo, self.hi)
        }
    }

    /// `value ± half-width` with `digits` decimals.
    pub fn plus_minus(&self, digits: usize) -> String {
        format!(
            "{:.*} ± {:.*}",
            digits,
            self.value,
            digits,
            (self.hi - self.lo) / 2.0
        )
    }
}

/// A share `successes / n` with its Wilson score interval. `successes` may be
/// fractional (a shared win counts 1/k to each winner).
pub fn wilson(successes: f64, n: f64) -> Estimate {
    if n <= 0.0 {
        return Estimate {
            value: 0.0,
            lo: 0.0,
            hi: 1.0,
            n: 0.0,
        };
    }
    let p = (successes / n).clamp(0.0, 1.0);
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    Estimate {
        value: p,
        lo: (centre - half).max(0.0),
        hi: (centre + half).min(1.0),
        n,
    }
}

/// Per-game values of one metric: a share (each value in 0..=1, summed as successes) with
/// its Wilson interval, or any other number as a mean with a normal interval.
pub fn estimate(values: &[f64], share: bool) -> Estimate {
    if share {
        wilson(values.iter().sum(), values.len() as f64)
    } else {
        mean(values)
    }
}

/// The mean of `values` with a normal 95% interval.
pub fn mean(values: &[f64]) -> Estimate {
    let n = values.len() as f64;
    if values.is_empty() {
        return Estimate {
            value: 0.0,
            lo: 0.0,
            hi: 0.0,
            n: 0.0,
        };
    }
    let m = values.iter().sum::<f64>() / n;
    let var = if values.len() > 1 {
        values.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let half = Z95 * (var / n).sqrt();
    Estimate {
        value: m,
        lo: m - half,
        hi: m + half,
        n,
    }
}

/// The mixture sequential probability ratio test (mSPRT, Johari, Pekelis and Walsh
/// 2017) for "the mean of these paired differences is zero". The mixing prior on the
/// mean is normal with standard deviation `effect` × σ (σ: the differences' standard
/// deviation, estimated from the data), so `effect` is a standardised effect size (0.2
/// is "small"). Its p-value is valid at every look: a run may check after each batch and
/// stop as soon as it is below the level.
pub fn msprt_p_value(diffs: &[f64], effect: f64) -> f64 {
    if diffs.len() < 2 {
        return 1.0;
    }
    let n = diffs.len() as f64;
    let xbar = diffs.iter().sum::<f64>() / n;
    let var = diffs.iter().map(|d| (d - xbar) * (d - xbar)).sum::<f64>() / (n - 1.0);
    if var <= 1e-12 {
        // Every pair differs by the same amount: decisive unless that amount is zero.
        return if xbar.abs() < 1e-12 { 1.0 } else { 0.0 };
    }
    let e2 = effect * effect;
    let log_ratio =
        -0.5 * (1.0 + n * e2).ln() + n * n * e2 * xbar * xbar / (2.0 * var * (1.0 + n * e2));
    (-log_ratio).exp().min(1.0)
}

/// The always-valid confidence interval that goes with [`msprt_p_value`] (a confidence
/// sequence): the means θ whose "the mean is θ" the mSPRT does not reject at level
/// `alpha`. It holds at every look at once, so a run may stop as soon as it lies inside a
/// margin ("no difference larger than this") without losing its coverage.
pub fn msprt_interval(diffs: &[f64], effect: f64, alpha: f64) -> (f64, f64) {
    if diffs.len() < 2 {
        return (f64::NEG_INFINITY, f64::INFINITY);
    }
    let n = diffs.len() as f64;
    let xbar = diffs.iter().sum::<f64>() / n;
    let var = diffs.iter().map(|d| (d - xbar) * (d - xbar)).sum::<f64>() / (n - 1.0);
    let e2 = effect * effect;
    // log ratio(θ) < ln(1/α)  ⇔  (x̄ − θ)² < 2σ²(1 + nτ²)(ln(1/α) + ½ ln(1 + nτ²)) / (n²τ²)
    let half = (2.0 * var * (1.0 + n * e2) * ((1.0 / alpha).ln() + 0.5 * (1.0 + n * e2).ln())
        / (n * n * e2))
        .sqrt();
    (xbar - half, xbar + half)
}

/// The 95% critical value of the χ² distribution with `df` degrees of freedom (1 to 10;
/// larger values use the Wilson–Hilferty approximation).
pub fn chi2_critical_95(df: usize) -> f64 {
    const TABLE: [f64; 10] = [
        3.841, 5.991, 7.815, 9.488, 11.070, 12.592, 14.067, 15.507, 16.919, 18.307,
    ];
    match df {
        0 => f64::INFINITY,
        1..=10 => TABLE[df - 1],
        _ => {
            let k = df as f64;
            let t = 1.0 - 2.0 / (9.0 * k) + 1.644_854 * (2.0 / (9.0 * k)).sqrt();
            k * t * t * t
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_a_worked_example() {
        // 50 of 100: the Wilson interval is 0.4038–0.5962.
        let e = wilson(50.0, 100.0);
        assert!(
            (e.lo - 0.4038).abs() < 1e-4 && (e.hi - 0.5962).abs() < 1e-4,
            "{e:?}"
        );
        let zero = wilson(0.0, 20.0);
        assert_eq!(zero.lo, 0.0);
        assert!(zero.hi > 0.15 && zero.hi < 0.17, "{zero:?}");
    }

    #[test]
    fn chi2_critical_values() {
        assert_eq!(chi2_critical_95(3), 7.815);
        // Wilson–Hilferty is within 0.1 of the table at 10 degrees of freedom.
        let k = 10.0f64;
        let t = 1.0 - 2.0 / (9.0 * k) + 1.644_854 * (2.0 / (9.0 * k)).sqrt();
        assert!((k * t * t * t - chi2_critical_95(10)).abs() < 0.1);
        assert!(chi2_critical_95(20) > 31.0 && chi2_critical_95(20) < 31.8);
    }

    #[test]
    fn mean_interval_shrinks_with_more_data() {
        let small: Vec<f64> = (0..10).map(|i| (i % 2) as f64).collect();
        let large: Vec<f64> = (0..1000).map(|i| (i % 2) as f64).collect();
        let (s, l) = (mean(&small), mean(&large));
        assert!((s.value - 0.5).abs() < 1e-9 && (l.value - 0.5).abs() < 1e-9);
        assert!(s.hi - s.lo > 5.0 * (l.hi - l.lo));
    }

    /// The interval and the p-value agree: 0 is inside exactly when "the mean is 0" is
    /// not rejected, and the interval narrows as pairs accumulate.
    #[test]
    fn msprt_interval_agrees_with_the_p_value() {
        let noise: Vec<f64> = (0..400)
            .map(|i| if i % 2 == 0 { 1.0 } else { -1.0 })
            .collect();
        let (lo0, hi0) = msprt_interval(&noise, 0.2, 0.05);
        assert!(lo0 < 0.0 && hi0 > 0.0, "{lo0} {hi0}");
        let shifted: Vec<f64> = noise.iter().map(|d| d + 0.5).collect();
        let (lo, _) = msprt_interval(&shifted, 0.2, 0.05);
        assert!(lo > 0.0 && msprt_p_value(&shifted, 0.2) < 0.05);
        for shift in [0.1, 0.15, 0.2, 0.25] {
            let d: Vec<f64> = noise.iter().map(|x| x + shift).collect();
            let (lo, _) = msprt_interval(&d, 0.2, 0.05);
            assert_eq!(lo > 0.0, msprt_p_value(&d, 0.2) < 0.05, "shift {shift}");
        }
        let more: Vec<f64> = (0..4000)
            .map(|i| if i % 2 == 0 { 1.0 } else { -1.0 })
            .collect();
        let (lo2, hi2) = msprt_interval(&more, 0.2, 0.05);
        assert!(hi2 - lo2 < (hi0 - lo0) * 0.6, "{lo2} {hi2}");
    }

    #[test]
    fn msprt_rejects_a_real_shift_and_keeps_noise() {
        let noise: Vec<f64> = (0..400)
            .map(|i| if i % 2 == 0 { 1.0 } else { -1.0 })
            .collect();
        assert!(msprt_p_value(&noise, 0.2) > 0.5);
        let shifted: Vec<f64> = noise.iter().map(|d| d + 0.5).collect();
        assert!(msprt_p_value(&shifted, 0.2) < 1e-6);
    }
}
