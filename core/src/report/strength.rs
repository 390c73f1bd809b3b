//! Strength per component: does the seat that uses a card, tile or area win more than
//! its standing before the use predicted, and more than the seats using its peers?
//!
//! **The expectation.** Every finished game gives, for each seat and round, the seat's
//! standing at the start of that round (how many seats were strictly ahead on the score
//! after the previous round; everyone is level in round 1) and whether the seat went on
//! to win (a shared win counts 1/k). From these, [`WinModel`] estimates the chance to
//! win from a seat, round and standing, shrinking sparse cells toward coarser ones
//! (standing and round, then standing alone, then a fair share).
//!
//! **The lift.** For each use of a component, the user's eventual win share minus the
//! chance the model gave it at the start of that round. The lift is the mean over uses;
//! its interval treats each (game, seat) as one cluster, since one seat's repeated uses
//! in a game are not independent.
//!
//! **The flag.** Fulfilling any commission or taking any good action helps, so a
//! component is judged against its peers (same group: a grade, a card kind, tiles,
//! areas): it is flagged when its lift differs from the group's median lift by more than
//! a fifth of a fair share, with the false discovery rate over every component judged
//! at once held at [`FALSE_DISCOVERY_RATE`] (Benjamini–Hochberg on each component's
//! one-sided p-value of "the gap is no more than that margin"), in a group of at least
//! [`MIN_GROUP`] judged components. This is association, not proof: `weft ablate` measures what the
//! component causes.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::stats::Estimate;
use crate::sim::GameRecord;

/// Pseudo-observations a cell of the win model borrows from its coarser parent.
const SHRINK: f64 = 10.0;
/// Rounds from this one on share one cell of the win model.
const LAST_ROUND_CELL: u32 = 12;
/// Fewest (game, seat) users before a component is judged.
pub const MIN_USERS: usize = 20;
/// Fewest judged components a group needs before any of them is flagged: against a
/// group of two, each would be judged against a median it makes half of.
pub const MIN_GROUP: usize = 4;
/// How far (as a share of a fair win share) a component's lift must sit from its
/// group's median, beyond its interval, to be flagged.
pub const MARGIN_OF_FAIR: f64 = 0.2;

/// A component that stands out from its peers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Flag {
    /// Its users win clearly more than its peers' users.
    Strong,
    /// Its users win clearly less than its peers' users.
    Weak,
}

/// One component's strength.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Strength {
    /// `card c19`, `tile wool-shop`, `area market`.
    pub component: String,
    /// Its peer group (a grade, a card kind, `tile`, `area`).
    pub group: String,
    /// Mean uses per finished game.
    pub uses_per_game: f64,
    /// (game, seat) pairs that used it at least once.
    pub users: u64,
    /// Win share of its users, per use, with a 95% interval.
    pub win_share: Estimate,
    /// The win share the users' standing at the start of each use's round predicted.
    pub expected: f64,
    /// Win share of the (game, seat) pairs that did not use it.
    pub others: f64,
    /// `win_share − expected`, with a 95% interval.
    pub lift: Estimate,
    /// The median lift of its group (components with enough users).
    pub group_lift: f64,
    /// Set when it stands out from its group.
    pub flag: Option<Flag>,
    /// The chance of a gap to the group this far beyond the margin if the component's
    /// true gap were only the margin (one-sided; 1 when not judged): what the false
    /// discovery rate control ranks.
    #[serde(default = "one")]
    pub p_value: f64,
    /// Games to watch: where a seat that used it won, and where one lost.
    #[serde(default)]
    pub games: ExampleGames,
}

fn one() -> f64 {
    1.0
}

/// The false discovery rate the flags are held to (Benjamini–Hochberg): of the
/// components flagged in a run, at most this share are expected to be chance.
pub const FALSE_DISCOVERY_RATE: f64 = 0.05;

/// Most game indices kept in each list of [`ExampleGames`].
pub const EXAMPLE_GAMES: usize = 5;

/// A few games in which a component was used, by game index (the run's `game-NNNNN`),
/// the first of the run: where a seat that used it won, and where one did not.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ExampleGames {
    /// Games in which a seat that used it won (a shared win counts).
    pub won: Vec<u64>,
    /// Games in which a seat that used it did not win.
    pub lost: Vec<u64>,
}

/// Chance to win from a seat, round and standing, estimated from finished games.
pub struct WinModel {
    fair: f64,
    by_ahead: BTreeMap<u32, (f64, f64)>,
    by_round: BTreeMap<(u32, u32), (f64, f64)>,
    by_seat: BTreeMap<(u32, u32, u32), (f64, f64)>,
}

/// How many seats were strictly ahead of `seat` at the start of `round` (1-based): the
/// row of the end of the round before, never the final row (that would be the outcome).
/// Records written before setup rounds were left out of the rows (Cabriole's round 0
/// gave an extra first row) are read with that offset.
fn ahead(r: &GameRecord, seat: usize, round: u32) -> u32 {
    let rows = &r.score_by_round;
    let offset = rows.len().saturating_sub(r.rounds as usize);
    let last_standing = rows.len().checked_sub(2);
    let Some(row) = (round as usize)
        .checked_sub(2)
        .map(|k| k + offset)
        .filter(|&k| last_standing.is_some_and(|l| k <= l))
        .and_then(|k| rows.get(k))
    else {
        return 0;
    };
    let mine = row.get(seat).copied().unwrap_or(0);
    row.iter().filter(|&&x| x > mine).count() as u32
}

fn add(m: &mut (f64, f64), win: f64) {
    m.0 += 1.0;
    m.1 += win;
}

/// `(n, wins)` shrunk toward `prior` by [`SHRINK`] pseudo-observations.
fn shrunk(cell: Option<&(f64, f64)>, prior: f64) -> f64 {
    let (n, w) = cell.copied().unwrap_or((0.0, 0.0));
    (w + SHRINK * prior) / (n + SHRINK)
}

impl WinModel {
    /// Fits the model on `done` (finished games of one player count).
    pub fn fit(done: &[&GameRecord], players: usize) -> WinModel {
        let mut m = WinModel {
            fair: 1.0 / players.max(1) as f64,
            by_ahead: BTreeMap::new(),
            by_round: BTreeMap::new(),
            by_seat: BTreeMap::new(),
        };
        for r in done {
            // Bounded by the rows the record holds: a hostile `rounds` cannot make this
            // loop run for billions of rounds.
            let rounds = r.rounds.max(1).min(r.score_by_round.len() as u32 + 1);
            for round in 1..=rounds {
                let cell = round.min(LAST_ROUND_CELL);
                for seat in 0..r.seats.len() {
                    let a = ahead(r, seat, round);
                    let w = r.win_share(seat);
                    add(m.by_ahead.entry(a).or_default(), w);
                    add(m.by_round.entry((cell, a)).or_default(), w);
                    add(m.by_seat.entry((seat as u32, cell, a)).or_default(), w);
                }
            }
        }
        m
    }

    /// The chance that `seat`, `ahead` seats behind the lead at the start of `round`,
    /// goes on to win.
    /// A use before round 1 (a setup choice, as a character taken at setup) is judged
    /// as at the start of round 1: everyone level, each seat its own rate.
    pub fn expect(&self, seat: usize, round: u32, ahead: u32) -> f64 {
        let cell = round.clamp(1, LAST_ROUND_CELL);
        let p1 = shrunk(self.by_ahead.get(&ahead), self.fair);
        let p2 = shrunk(self.by_round.get(&(cell, ahead)), p1);
        shrunk(self.by_seat.get(&(seat as u32, cell, ahead)), p2)
    }
}

/// Per component: its group and, per (game, seat) that used it, (uses, Σ wins, Σ
/// expected).
type Clusters = BTreeMap<String, (String, Vec<(f64, f64, f64)>)>;

/// The strength of every component used in `done`, in component order.
pub fn strengths(done: &[&GameRecord], players: usize) -> Vec<Strength> {
    if done.is_empty() {
        return Vec::new();
    }
    let model = WinModel::fit(done, players);
    let mut clusters: Clusters = BTreeMap::new();
    let mut examples: BTreeMap<&str, ExampleGames> = BTreeMap::new();
    for r in done {
        for (id, u) in &r.uses {
            let ex = examples.entry(id.as_str()).or_default();
            let won =
                u.by.iter()
                    .any(|&[seat, _]| r.winners.contains(&(seat as usize)));
            let lost =
                u.by.iter()
                    .any(|&[seat, _]| !r.winners.contains(&(seat as usize)));
            if won && ex.won.len() < EXAMPLE_GAMES {
                ex.won.push(r.index);
            }
            if lost && ex.lost.len() < EXAMPLE_GAMES {
                ex.lost.push(r.index);
            }
            let mut per_seat: BTreeMap<u32, (f64, f64, f64)> = BTreeMap::new();
            for &[seat, round] in &u.by {
                let s = seat as usize;
                let e = model.expect(s, round, ahead(r, s, round));
                let c = per_seat.entry(seat).or_default();
                c.0 += 1.0;
                c.1 += r.win_share(s);
                c.2 += e;
            }
            let entry = clusters
                .entry(id.clone())
                .or_insert_with(|| (u.group.clone(), Vec::new()));
            entry.1.extend(per_seat.into_values());
        }
    }
    let seat_games: f64 = done.iter().map(|r| r.seats.len() as f64).sum();
    let games = done.len() as f64;
    let mut out: Vec<Strength> = clusters
        .into_iter()
        .map(|(component, (group, units))| {
            let ex = examples.remove(component.as_str()).unwrap_or_default();
            Strength {
                games: ex,
                ..measure(component, group, &units, seat_games, games)
            }
        })
        .collect();
    judge(&mut out, 1.0 / players.max(1) as f64);
    out
}

/// A ratio of sums over clusters with its cluster-robust 95% interval.
fn ratio(units: &[(f64, f64)]) -> Estimate {
    let n: f64 = units.iter().map(|u| u.0).sum();
    let y: f64 = units.iter().map(|u| u.1).sum();
    let value = y / n.max(1e-12);
    // The k / (k − 1) small-sample factor keeps intervals honest at 20 clusters.
    let k = units.len() as f64;
    let var: f64 = units
        .iter()
        .map(|&(ni, yi)| (yi - value * ni).powi(2))
        .sum::<f64>()
        / (n * n).max(1e-12)
        * if k > 1.0 { k / (k - 1.0) } else { 1.0 };
    let half = super::stats::Z95 * var.sqrt();
    Estimate {
        value,
        lo: value - half,
        hi: value + half,
        n: units.len() as f64,
    }
}

fn measure(
    component: String,
    group: String,
    units: &[(f64, f64, f64)],
    seat_games: f64,
    games: f64,
) -> Strength {
    let uses: f64 = units.iter().map(|u| u.0).sum();
    let mut win_share = ratio(&units.iter().map(|u| (u.0, u.1)).collect::<Vec<_>>());
    win_share.lo = win_share.lo.max(0.0);
    win_share.hi = win_share.hi.min(1.0);
    let lift = ratio(&units.iter().map(|u| (u.0, u.1 - u.2)).collect::<Vec<_>>());
    let expected = units.iter().map(|u| u.2).sum::<f64>() / uses.max(1e-12);
    // Shares of the users' wins: a user's games won, not weighted by uses.
    let user_wins: f64 = units.iter().map(|u| u.1 / u.0.max(1.0)).sum();
    let others_n = seat_games - units.len() as f64;
    Strength {
        component,
        group,
        uses_per_game: uses / games.max(1.0),
        users: units.len() as u64,
        win_share,
        expected,
        others: if others_n > 0.0 {
            ((games - user_wins) / others_n).clamp(0.0, 1.0)
        } else {
            0.0
        },
        lift,
        group_lift: 0.0,
        flag: None,
        p_value: 1.0,
        games: ExampleGames::default(),
    }
}

/// The minimum-evidence rule, in words: what a component needs before it gets a verdict.
pub const EVIDENCE_RULE: &str =
    "a verdict needs 20 seats that used the component, in a group of at least 4 such components";

/// A component used too little for a verdict, and what it would take.
#[derive(Debug, Clone, PartialEq)]
pub struct Unjudged {
    /// `card c06`, `tile bank`.
    pub component: String,
    /// Seats (game, seat) that used it.
    pub users: u64,
    /// More games, at its rate of users a game, before it has [`MIN_USERS`].
    pub more_games: u64,
}

/// The components used by fewer than [`MIN_USERS`] seats in `finished` games, with the
/// games each still needs at its rate, the nearest to a verdict first.
pub fn unjudged(all: &[Strength], finished: u64) -> Vec<Unjudged> {
    let mut out: Vec<Unjudged> = all
        .iter()
        .filter(|s| (s.users as usize) < MIN_USERS && s.users > 0)
        .map(|s| {
            let per_game = s.users as f64 / finished.max(1) as f64;
            let missing = (MIN_USERS as u64 - s.users) as f64;
            Unjudged {
                component: s.component.clone(),
                users: s.users,
                more_games: (missing / per_game).ceil() as u64,
            }
        })
        .collect();
    out.sort_by(|a, b| {
        a.more_games
            .cmp(&b.more_games)
            .then(a.component.cmp(&b.component))
    });
    out
}

/// "no verdict yet for 43 components (the rule): card m22 (19 users, about 6 more
/// games), …": the components without a verdict, the first `shown` named, each name
/// passed through `name` (the HTML report escapes it); the terminal and the report
/// say the same sentence.
pub fn unjudged_sentence(
    waiting: &[Unjudged],
    shown: usize,
    name: impl Fn(&str) -> String,
) -> String {
    let named: Vec<String> = waiting
        .iter()
        .take(shown)
        .map(|u| {
            format!(
                "{} ({} users, about {} more games)",
                name(&u.component),
                u.users,
                u.more_games
            )
        })
        .collect();
    format!(
        "no verdict yet for {} component{} ({EVIDENCE_RULE}): {}{}",
        waiting.len(),
        if waiting.len() == 1 { "" } else { "s" },
        named.join(", "),
        if waiting.len() > named.len() {
            ", …"
        } else {
            ""
        }
    )
}

/// Sets each component's group median, p-value and flag: a component is flagged when
/// its gap to the group's median lift is beyond the margin (a fifth of a fair share)
/// at a false discovery rate of [`FALSE_DISCOVERY_RATE`] over every component judged
/// at once (Benjamini–Hochberg on the one-sided p-values of "the gap is no more than
/// the margin").
fn judge(all: &mut [Strength], fair: f64) {
    let judged = |s: &Strength| s.users as usize >= MIN_USERS;
    let tested = all.iter().filter(|s| judged(s)).count();
    if tested == 0 {
        return;
    }
    // Each group's median lift, and how many of its components are judged.
    let mut medians: BTreeMap<String, (f64, usize)> = BTreeMap::new();
    let groups: Vec<String> = all.iter().map(|s| s.group.clone()).collect();
    for g in groups {
        if medians.contains_key(&g) {
            continue;
        }
        let mut lifts: Vec<f64> = all
            .iter()
            .filter(|s| s.group == g && judged(s))
            .map(|s| s.lift.value)
            .collect();
        lifts.sort_by(f64::total_cmp);
        medians.insert(g, (median(&lifts), lifts.len()));
    }
    let mut candidates: Vec<(f64, usize)> = Vec::new();
    for (i, s) in all.iter_mut().enumerate() {
        let (group_lift, size) = medians[&s.group];
        s.group_lift = group_lift;
        if !judged(s) || size < MIN_GROUP {
            continue;
        }
        let half = (s.lift.hi - s.lift.lo) / 2.0;
        let se = (half / super::stats::Z95).max(1e-12);
        let gap = s.lift.value - s.group_lift;
        s.p_value = normal_upper_tail((gap.abs() - MARGIN_OF_FAIR * fair) / se);
        candidates.push((s.p_value, i));
    }
    // Benjamini–Hochberg over the `tested` components: the largest k whose k-th smallest
    // p-value is at most k·q/m, and every component up to it.
    candidates.sort_by(|a, b| a.0.total_cmp(&b.0));
    let m = tested as f64;
    let cut = candidates
        .iter()
        .enumerate()
        .filter(|(k, (p, _))| *p <= (*k as f64 + 1.0) * FALSE_DISCOVERY_RATE / m)
        .map(|(k, _)| k + 1)
        .max()
        .unwrap_or(0);
    for &(_, i) in &candidates[..cut] {
        let s = &mut all[i];
        let gap = s.lift.value - s.group_lift;
        s.flag = Some(if gap > 0.0 { Flag::Strong } else { Flag::Weak });
    }
}

/// The chance that a standard normal exceeds `z` (Abramowitz and Stegun 7.1.26 for the
/// error function, absolute error under 1.5e-7).
pub fn normal_upper_tail(z: f64) -> f64 {
    let x = z.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erfc = poly * (-x * x).exp();
    if z >= 0.0 {
        erfc / 2.0
    } else {
        1.0 - erfc / 2.0
    }
}

/// The median of sorted values (0 for none).
fn median(sorted: &[f64]) -> f64 {
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// The standard normal quantile (Acklam's rational approximation, relative error under
/// 1.2e-9), for `p` in (0, 1).
pub fn normal_quantile(p: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    let p = p.clamp(1e-300, 1.0 - 1e-16);
    let tail = |q: f64| {
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    if p < 0.024_25 {
        tail((-2.0 * p.ln()).sqrt())
    } else if p > 1.0 - 0.024_25 {
        -tail((-2.0 * (1.0 - p).ln()).sqrt())
    } else {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Uses;

    /// Four-seat games won by seat `winner`, with level scores until the last round.
    fn games(n: usize, winner: impl Fn(usize) -> usize) -> Vec<GameRecord> {
        let content = crate::load(&[], None).expect("base pack loads");
        (0..n)
            .map(|i| {
                let w = winner(i);
                let mut r = GameRecord::new(&content, vec!["x".into(); 4], i as u64, i as u64);
                r.winners = vec![w];
                r.cause = Some("skill".into());
                r.rounds = 4;
                let mut last = vec![1, 1, 1, 1];
                last[w] = 5;
                r.score_by_round = vec![vec![0; 4], vec![1; 4], vec![1; 4], last.clone()];
                r.scores = last;
                r
            })
            .collect()
    }

    fn use_it(r: &mut GameRecord, component: &str, seat: u32, round: u32) {
        r.uses
            .entry(component.into())
            .or_insert_with(|| Uses {
                group: "common".into(),
                by: Vec::new(),
            })
            .by
            .push([seat, round]);
    }

    /// A component far above its group is flagged with a tiny p-value; its peers, at the
    /// group's median, are not (their p-values are those of a gap under the margin).
    #[test]
    fn a_clear_outlier_is_flagged_and_its_peers_are_not() {
        let mut records = games(400, |i| i % 4);
        for r in &mut records {
            let w = r.winners[0] as u32;
            for (k, id) in ["card a", "card b", "card c", "card d", "card e", "card f"]
                .iter()
                .enumerate()
            {
                use_it(r, id, (k as u32) % 4, 1);
            }
            use_it(r, "card g", w, 1);
        }
        let s = strengths(&records.iter().collect::<Vec<_>>(), 4);
        let g = s.iter().find(|x| x.component == "card g").unwrap();
        assert_eq!(g.flag, Some(Flag::Strong), "{g:?}");
        assert!(g.p_value < 1e-6, "{}", g.p_value);
        for x in s.iter().filter(|x| x.component != "card g") {
            assert_eq!(x.flag, None, "{x:?}");
            assert!(x.p_value > 0.5, "{x:?}");
        }
    }

    #[test]
    fn the_upper_tail_matches_the_normal_table() {
        for (z, tail) in [
            (0.0, 0.5),
            (1.0, 0.158_655),
            (1.959_964, 0.025),
            (3.0, 0.001_35),
            (-1.0, 0.841_345),
        ] {
            assert!(
                (normal_upper_tail(z) - tail).abs() < 1e-5,
                "{z}: {}",
                normal_upper_tail(z)
            );
        }
    }

    #[test]
    fn the_quantile_matches_the_normal_table() {
        assert!((normal_quantile(0.975) - 1.959_964).abs() < 1e-5);
        assert!((normal_quantile(0.5)).abs() < 1e-9);
        assert!((normal_quantile(0.001) + 3.090_232).abs() < 1e-5);
    }

    /// A seat ahead at the start of a round is expected to win more than one behind.
    #[test]
    fn the_model_expects_more_from_a_leader() {
        let content = crate::load(&[], None).expect("base pack loads");
        let records: Vec<GameRecord> = (0..200)
            .map(|i| {
                let mut r = GameRecord::new(&content, vec!["x".into(); 2], i, i);
                // Seat 0 leads after round 1 in every game and wins three in four.
                let w = usize::from(i % 4 == 0);
                r.winners = vec![w];
                r.cause = Some("skill".into());
                r.rounds = 2;
                let mut last = vec![3, 3];
                last[w] = 4;
                r.score_by_round = vec![vec![2, 0], last.clone()];
                r.scores = last;
                r
            })
            .collect();
        let done: Vec<&GameRecord> = records.iter().collect();
        let m = WinModel::fit(&done, 2);
        let leader = m.expect(0, 2, 0);
        let trailer = m.expect(1, 2, 1);
        assert!(leader > 0.7 && trailer < 0.3, "{leader} {trailer}");
        // In round 1 everyone is level: each seat's own rate, pulled toward a fair share.
        assert!(m.expect(0, 1, 0) > 0.6, "{}", m.expect(0, 1, 0));
        // A setup choice (round 0, e.g. a character) is judged as round 1, by seat.
        assert_eq!(m.expect(0, 0, 0), m.expect(0, 1, 0));
        assert_eq!(m.expect(1, 0, 0), m.expect(1, 1, 0));
    }

    /// A card whose user always wins is flagged strong; cards used by whoever, whatever
    /// the outcome, are not.
    #[test]
    fn a_card_that_always_wins_stands_out_from_its_group() {
        let mut records = games(400, |i| i % 4);
        for (i, r) in records.iter_mut().enumerate() {
            let w = (i % 4) as u32;
            use_it(r, "card strong", w, 2);
            // Three ordinary cards, each taken by a seat that wins one game in four.
            for k in 0..3u32 {
                use_it(r, &format!("card plain{k}"), (i as u32 / 4 + k) % 4, 2);
            }
        }
        let done: Vec<&GameRecord> = records.iter().collect();
        let s = strengths(&done, 4);
        let get = |id: &str| s.iter().find(|x| x.component == id).unwrap();
        assert_eq!(get("card strong").flag, Some(Flag::Strong));
        assert!((get("card strong").win_share.value - 1.0).abs() < 1e-9);
        for k in 0..3 {
            let plain = get(&format!("card plain{k}"));
            assert_eq!(plain.flag, None, "{plain:?}");
            assert!(
                plain.lift.excludes(0.75) && !plain.lift.excludes(0.0),
                "{plain:?}"
            );
        }
    }

    /// A group of two is too small to judge by: the same winning card beside one peer is
    /// measured, not flagged (issue 29).
    #[test]
    fn a_group_of_two_gives_no_verdict() {
        let mut records = games(400, |i| i % 4);
        for (i, r) in records.iter_mut().enumerate() {
            use_it(r, "card strong", (i % 4) as u32, 2);
            use_it(r, "card plain", (i as u32 / 4) % 4, 2);
        }
        let done: Vec<&GameRecord> = records.iter().collect();
        let s = strengths(&done, 4);
        let strong = s.iter().find(|x| x.component == "card strong").unwrap();
        assert!((strong.win_share.value - 1.0).abs() < 1e-9);
        assert_eq!(strong.flag, None, "{strong:?}");
    }

    /// Too few users: measured, never judged.
    #[test]
    fn components_without_a_verdict_say_how_many_games_they_need() {
        let mut records = games(40, |i| i % 4);
        for r in records.iter_mut().take(5) {
            use_it(r, "card c06", 1, 1);
        }
        let s = strengths(&records.iter().collect::<Vec<_>>(), 4);
        let u = unjudged(&s, 40);
        // 5 users in 40 games: 15 more at 1 in 8 games is 120 games.
        assert_eq!(
            u,
            vec![Unjudged {
                component: "card c06".into(),
                users: 5,
                more_games: 120
            }]
        );
    }

    #[test]
    fn a_rarely_used_card_is_not_judged() {
        let mut records = games(400, |i| i % 4);
        for (i, r) in records.iter_mut().enumerate().take(MIN_USERS - 1) {
            use_it(r, "card rare", (i % 4) as u32, 2);
        }
        let done: Vec<&GameRecord> = records.iter().collect();
        let s = strengths(&done, 4);
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].users as usize, MIN_USERS - 1);
        assert_eq!(s[0].flag, None);
    }
}
