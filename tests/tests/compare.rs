//! `weft compare` and `weft ablate` in the core: paired seeds, the sequential stop, and
//! the two kinds of ablation.

use weft_core::ablate::{ablate, Component};
use weft_core::compare::{compare, CompareConfig, Metric};
use weft_core::sim::SimConfig;
use weft_tests::{library, tabriz_content, tabriz_files};

fn config(games: u64) -> CompareConfig {
    let mut sim = SimConfig::new(4, games, 9, &["random"]);
    sim.jobs = 2;
    let mut cfg = CompareConfig::new(sim);
    cfg.batch = 40;
    cfg.min_pairs = 40;
    cfg
}

#[test]
fn a_variant_compared_with_itself_differs_in_nothing() {
    let c = tabriz_content();
    let out = compare(&c, &c, &config(80), &|_| {}).unwrap();
    assert_eq!(out.played, 80, "no difference never stops early");
    assert!(!out.stopped_early);
    for m in &out.metrics {
        // Paired seeds: the same game twice, so every difference is exactly zero.
        assert_eq!(m.diff.value, 0.0, "{}", m.metric);
        assert_eq!(m.p_value, 1.0, "{}", m.metric);
    }
    assert!(
        out.verdict.starts_with("no clear difference"),
        "{}",
        out.verdict
    );
}

#[test]
fn closing_a_tile_is_a_clear_difference_that_stops_the_run_early() {
    let a = tabriz_content();
    let files = ablate(&[tabriz_files()], &Component::Tile("dice-alley".into())).unwrap();
    let b = weft_core::load_files(&files, &library()).unwrap();
    let out = compare(&a, &b, &config(400), &|_| {}).unwrap();
    assert!(out.stopped_early, "{}", out.verdict);
    assert!(out.played <= 160, "{} pairs", out.played);
    let rounds = out.metrics.iter().find(|m| m.metric == "rounds").unwrap();
    assert!(
        rounds.diff.lo > 0.0,
        "games get longer without the alley: {rounds:?}"
    );
    let closed = out.b.tiles.iter().find(|t| t.id == "dice-alley").unwrap();
    assert!(closed.visits > 0.0, "the slot is still there");
    assert_eq!(closed.actions, 0.0, "but it offers no action");
}

#[test]
fn ablating_a_card_takes_it_out_of_its_deck() {
    let files = ablate(&[tabriz_files()], &Component::Card("c07".into())).unwrap();
    let b = weft_core::load_files(&files, &library()).unwrap();
    let a = tabriz_content();
    assert_eq!(b.cards.len() + 1, a.cards.len());
    assert!(b.cards.iter().all(|c| c.id != "c07"));
    assert!(a.cards.iter().any(|c| c.id == "c07"));
}

#[test]
fn ablating_a_pack_card_takes_every_copy_out() {
    let files = ablate(
        &[weft_tests::cabriole_files()],
        &Component::Card("A01".into()),
    )
    .unwrap();
    let b = weft_core::load_files(&files, &library()).unwrap();
    let a = weft_tests::cabriole_content();
    assert_eq!(
        a.cards.iter().filter(|c| c.template == "A01").count(),
        3,
        "A01 has 2 copies and a 3+ copy"
    );
    assert!(b.cards.iter().all(|c| c.template != "A01"));
    assert_eq!(b.cards.len() + 3, a.cards.len());
}

#[test]
fn ablating_an_unknown_id_says_so() {
    let err = ablate(&[tabriz_files()], &Component::Card("nope".into())).unwrap_err();
    assert!(err.contains("no pack defines card nope"), "{err}");
    let err = ablate(&[tabriz_files()], &Component::Tile("nope".into())).unwrap_err();
    assert!(err.contains("tile nope"), "{err}");
}

/// `weft compare` on a pack that ends after fixed rounds (Cabriole) has no Tabriz metric:
/// no "ends by commissions" share, which would be 0 on both sides; Tabriz has one share
/// per end trigger it declares.
#[test]
fn comparing_cabriole_variants_uses_only_its_own_metrics() {
    let c = weft_tests::cabriole_content();
    let mut sim = SimConfig::new(3, 20, 9, &["random"]);
    sim.jobs = 2;
    let mut cfg = CompareConfig::new(sim);
    cfg.batch = 20;
    cfg.min_pairs = 20;
    let out = compare(&c, &c, &cfg, &|_| {}).unwrap();
    let names: Vec<&str> = out.metrics.iter().map(|m| m.metric.as_str()).collect();
    assert!(
        !names.iter().any(|n| n.contains("commissions")),
        "{names:?}"
    );
    assert!(names.contains(&"rounds"), "{names:?}");
    let tabriz = compare(&tabriz_content(), &tabriz_content(), &config(40), &|_| {}).unwrap();
    for cause in ["commissions", "skill"] {
        let name = format!("ends by {cause}");
        assert!(tabriz.metrics.iter().any(|m| m.metric == name), "{name}");
    }
}

/// `--metric` (issue 13, item 2): a variant compared with itself, testing one metric with
/// a margin, stops at the first look with "no difference" (every paired difference is
/// zero, so the always-valid interval is the point 0).
#[test]
fn one_tested_metric_stops_on_no_difference_inside_its_margin() {
    let c = tabriz_content();
    let mut cfg = config(400);
    cfg.metric = Metric::Rounds;
    cfg.margin = Some(0.5);
    let out = compare(&c, &c, &cfg, &|_| {}).unwrap();
    assert_eq!(out.stopped_on, "no difference", "{}", out.verdict);
    assert_eq!(out.played, 40, "the first look decides");
    let t = out.tested.as_ref().expect("a tested metric");
    assert_eq!(t.interval, (0.0, 0.0));
    assert!(
        out.verdict
            .starts_with("no difference beyond ±0.50 in rounds after 40 pairs"),
        "{}",
        out.verdict
    );
    // Without a margin the same run can only spend its budget.
    cfg.margin = None;
    cfg.sim.games = 80;
    let out = compare(&c, &c, &cfg, &|_| {}).unwrap();
    assert_eq!((out.stopped_on.as_str(), out.played), ("budget", 80));
    assert!(
        out.verdict.starts_with("undecided after 80 pairs"),
        "{}",
        out.verdict
    );
}

/// Ablating the dice alley with the holder metric: the seats that took the alley's
/// action lose much of their win share when it is closed, and the run stops on that
/// difference, not on whichever other metric moved first.
#[test]
fn the_holder_metric_measures_what_the_removed_tile_gave_its_users() {
    let a = tabriz_content();
    let files = ablate(&[tabriz_files()], &Component::Tile("dice-alley".into())).unwrap();
    let b = weft_core::load_files(&files, &library()).unwrap();
    let mut cfg = config(400);
    cfg.metric = Metric::Holder("tile dice-alley".into());
    cfg.margin = CompareConfig::margin_for(&cfg.metric, 4);
    let out = compare(&a, &b, &cfg, &|_| {}).unwrap();
    let t = out.tested.as_ref().expect("a tested metric");
    assert!(t.pairs > 0 && t.pairs <= out.pairs, "{t:?}");
    assert_eq!(
        out.metric,
        "win share of the seats that used tile dice-alley"
    );
    assert!(
        matches!(out.stopped_on.as_str(), "difference" | "no difference"),
        "{}",
        out.verdict
    );
    // The interval the verdict rests on is consistent with the stop.
    if out.stopped_on == "difference" {
        assert!(t.interval.0 > 0.0 || t.interval.1 < 0.0, "{t:?}");
    } else {
        assert!(t.interval.0 > -0.125 && t.interval.1 < 0.125, "{t:?}");
    }
}

/// A metric about something the game does not have would compare zeros and stop on "no
/// difference": a seat past the player count, a card or tile the pack does not define, a
/// commission that is never used (not of a deck), and an alpha outside (0, 1) are
/// refused before any game.
#[test]
fn a_metric_about_nothing_is_refused() {
    let c = tabriz_content();
    for (metric, wanted) in [
        (Metric::SeatWin(9), "there are seats 1 to 4"),
        (Metric::SeatScore(0), "there are seats 1 to 4"),
        (
            Metric::Holder("card nope".into()),
            "the pack has no card nope",
        ),
        (
            Metric::Uses("tile nope".into()),
            "the pack has no tile nope",
        ),
    ] {
        let mut cfg = config(40);
        cfg.metric = metric;
        let err = compare(&c, &c, &cfg, &|_| {}).unwrap_err();
        assert!(err.contains(wanted), "{err}");
    }
    let mut cfg = config(40);
    cfg.alpha = 1.5;
    assert!(compare(&c, &c, &cfg, &|_| {})
        .unwrap_err()
        .contains("alpha"));
}

/// A holder metric without a component cannot be tested.
#[test]
fn the_holder_metric_needs_a_component() {
    let c = tabriz_content();
    let mut cfg = config(40);
    cfg.metric = Metric::Holder(String::new());
    let err = compare(&c, &c, &cfg, &|_| {}).unwrap_err();
    assert!(err.contains("holder:card c19"), "{err}");
}
