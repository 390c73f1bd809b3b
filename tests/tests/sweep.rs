//! `weft sweep` in the core (issue 13, item 3): one number of the pack played at several
//! values on the same seeds, the metric per value, and paired differences against the
//! pack's current value.

use weft_core::compare::Metric;
use weft_core::sim::SimConfig;
use weft_core::sweep::{sweep, Setting, Value};
use weft_tests::{library, tabriz_files};

fn load(
    files: &[weft_core::content::PackFiles],
) -> Result<std::sync::Arc<weft_core::Content>, String> {
    weft_core::load_files(files, &library()).map_err(|e| e.to_string())
}

/// Fewer commissions to end the game (R-END-1) make games shorter, value by value, and
/// the value the pack has now is the zero of the paired differences.
#[test]
fn a_sweep_plays_each_value_on_the_same_seeds() {
    let setting: Setting = "game.toml:end.triggers.commissions.at_least=5,9"
        .parse()
        .unwrap();
    let mut cfg = SimConfig::new(2, 30, 4, &["random"]);
    cfg.jobs = 2;
    let s = sweep(
        &[tabriz_files()],
        &setting,
        &Metric::Rounds,
        &cfg,
        &load,
        &|_| {},
    )
    .unwrap();
    assert_eq!(s.current, Some(Value::Int(9)));
    assert_eq!(s.points.len(), 2);
    let (five, nine) = (&s.points[0], &s.points[1]);
    assert!(five.metric.value < nine.metric.value, "{five:?} {nine:?}");
    let d = five
        .versus_current
        .as_ref()
        .expect("paired with the current value");
    assert!(d.hi < 0.0, "shorter on the same seeds: {d:?}");
    assert_eq!(nine.versus_current.as_ref().unwrap().value, 0.0);
}

/// A card's number by its id (`c22.reward.prestige`), and what is refused: a path that
/// is not there, a value that is not a number, a file no pack has, and `all`.
#[test]
fn a_setting_finds_a_card_by_id_and_refuses_what_is_not_a_number() {
    let files = [tabriz_files()];
    let s: Setting = "cards/common.toml:c22.reward.prestige=0..2"
        .parse()
        .unwrap();
    assert_eq!(s.current(&files).unwrap(), Some(Value::Int(1)));
    let edited = s.apply(&files, Value::Int(2)).unwrap();
    let content = load(&edited).unwrap();
    let c22 = content.cards.iter().find(|c| c.id == "c22").unwrap();
    assert_eq!(c22.reward_of(content.counter("prestige").unwrap()), 2);
    for (bad, wanted) in [
        (
            "cards/common.toml:c99.reward.prestige=1",
            "there is no `c99`",
        ),
        ("cards/common.toml:c22.name=1", "not a number"),
        (
            "cards/none.toml:c22.reward.prestige=1",
            "no pack of the chain has the file",
        ),
    ] {
        let s: Setting = bad.parse().unwrap();
        let err = s.apply(&files, Value::Int(1)).unwrap_err();
        assert!(err.contains(wanted), "{bad}: {err}");
    }
    let cfg = SimConfig::new(2, 2, 1, &["random"]);
    let err = sweep(&files, &s, &Metric::All, &cfg, &load, &|_| {}).unwrap_err();
    assert!(err.contains("give --metric"), "{err}");
}

/// Sharding (issue 13, item 3, "shardable like sim"): the shards of a sweep, joined in
/// any order, give the same sweep as one process; a join refuses a missing shard, a
/// shard given twice, two different sweeps, and records played on another pack.
#[test]
fn the_shards_of_a_sweep_join_into_the_whole_sweep() {
    use weft_core::sim::Shard;
    use weft_core::sweep::{check_played_on, join, play, summarise};
    let files = [tabriz_files()];
    let setting: Setting = "game.toml:end.triggers.commissions.at_least=7,9"
        .parse()
        .unwrap();
    let mut cfg = SimConfig::new(2, 12, 5, &["random"]);
    cfg.jobs = 2;
    let whole = sweep(&files, &setting, &Metric::Rounds, &cfg, &load, &|_| {}).unwrap();
    let shard = |index| {
        let mut c = cfg.clone();
        c.shard = Shard { index, count: 2 };
        play(&files, &setting, &c, &load, &|_| {})
            .unwrap()
            .into_iter()
            .flat_map(|v| v.records)
            .collect::<Vec<_>>()
    };
    let (zero, one) = (shard(0), shard(1));
    assert_eq!(
        zero[0].variant.as_deref(),
        Some("game.toml:end.triggers.commissions.at_least=7")
    );
    let both: Vec<_> = one.iter().chain(&zero).cloned().collect();
    let (joined, runs) = join(both).unwrap();
    assert_eq!(joined.values, setting.values);
    check_played_on(&files, &joined, &runs, &load).unwrap();
    let base = load(&files).unwrap();
    let merged = summarise(&files, &base, &joined, &Metric::Rounds, &runs).unwrap();
    assert_eq!(
        serde_json::to_string(&merged).unwrap(),
        serde_json::to_string(&whole).unwrap()
    );

    let err = join(zero.clone()).unwrap_err();
    assert!(
        err.contains("6 of the 12 games at value 7 are missing"),
        "{err}"
    );
    let twice: Vec<_> = zero.iter().chain(&zero).chain(&one).cloned().collect();
    let err = join(twice).unwrap_err();
    assert!(err.contains("there twice"), "{err}");
    let mut other = one.clone();
    for r in &mut other {
        r.variant = Some("game.toml:end.triggers.skill.at_least=7".into());
    }
    let err = join(zero.iter().cloned().chain(other).collect()).unwrap_err();
    assert!(err.contains("mix two sweeps"), "{err}");
    let mut plain = zero.clone();
    plain[0].variant = None;
    assert!(join(plain).unwrap_err().contains("weft merge"));
    let mut sizeless = zero.clone();
    for r in &mut sizeless {
        r.run_games = 0;
    }
    let err = join(sizeless).unwrap_err();
    assert!(err.contains("not written by a `weft sweep` shard"), "{err}");
    let mut escaped = zero[0].clone();
    escaped.variant = Some("game.toml:end.triggers.commissions.at_least\u{1b}[2J=7".into());
    let err = escaped.validate().unwrap_err();
    assert!(err.contains("control character"), "{err}");
    // Played at 7 and 9, joined against a pack whose `7` is something else.
    let elsewhere: Setting = "game.toml:end.triggers.skill.at_least=7,9".parse().unwrap();
    let err = check_played_on(&files, &elsewhere, &runs, &load).unwrap_err();
    assert!(err.contains("other content"), "{err}");
}
