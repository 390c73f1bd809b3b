//! `weft sim --out/--shard/--report` and `weft merge`: shards of a run merge into the
//! same numbers as the whole run, bad record files are named by file and line, and the
//! HTML report stands alone.

mod common;
use common::weft;

use std::path::PathBuf;

/// A fresh scratch folder under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn sim(extra: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "sim",
        "--games",
        "9",
        "--players",
        "3",
        "--seed",
        "11",
        "--json",
    ];
    args.extend_from_slice(extra);
    let (code, out, err) = weft(&args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

/// The statistics that must not depend on how a run was split.
const SAME: [&str; 9] = [
    "games",
    "finished",
    "rounds",
    "seats",
    "cards",
    "tiles",
    "metrics",
    "end_causes",
    "first_player",
];

#[test]
fn shards_merge_into_the_whole_run() {
    let dir = scratch("shards");
    let whole = dir.join("whole.jsonl");
    let full = sim(&["--out", whole.to_str().unwrap()]);
    let mut parts = Vec::new();
    for i in 0..3 {
        let part = dir.join(format!("part-{i}.jsonl"));
        let shard = format!("{i}/3");
        let v = sim(&["--shard", &shard, "--out", part.to_str().unwrap()]);
        assert_eq!(v["games"], 3, "shard {i} plays every third game");
        parts.push(part);
    }
    let report = dir.join("merged.html");
    let mut args = vec!["merge", "--json", "--report", report.to_str().unwrap()];
    args.extend(parts.iter().map(|p| p.to_str().unwrap()));
    let (code, out, err) = weft(&args);
    assert_eq!(code, 0, "{err}");
    let merged: serde_json::Value = serde_json::from_str(&out).unwrap();
    for key in SAME {
        assert_eq!(merged[key], full[key], "`{key}` differs after the merge");
    }
    assert_eq!(merged["seed"], 11);
    // Records are one JSON object per line, one line per game.
    let text = std::fs::read_to_string(&whole).unwrap();
    assert_eq!(text.lines().count(), 9);
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    for key in [
        "seed", "seats", "winners", "scores", "rounds", "cause", "players", "error",
    ] {
        assert!(first.get(key).is_some(), "records carry `{key}`");
    }
}

#[test]
fn merge_reports_missing_and_duplicate_games() {
    let dir = scratch("merge-errors");
    let part = dir.join("part-0.jsonl");
    sim(&["--shard", "0/3", "--out", part.to_str().unwrap()]);
    let (code, out, _) = weft(&["merge", part.to_str().unwrap()]);
    assert_eq!(code, 1, "missing shards are a problem: {out}");
    assert!(out.contains("6 of the run's 9 games are missing"), "{out}");
    let (code, _, err) = weft(&["merge", part.to_str().unwrap(), part.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("is in both"), "{err}");
}

#[test]
fn a_corrupt_record_is_named_by_file_and_line() {
    let dir = scratch("corrupt");
    let part = dir.join("runs.jsonl");
    sim(&["--out", part.to_str().unwrap()]);
    let mut text = std::fs::read_to_string(&part).unwrap();
    text.push_str("{\"index\": \"not a number\"}\n");
    std::fs::write(&part, text).unwrap();
    let (code, _, err) = weft(&["merge", part.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("runs.jsonl:10:"), "{err}");
}

#[test]
fn the_html_report_is_self_contained() {
    let dir = scratch("report");
    let path = dir.join("report.html");
    let (code, out, err) = weft(&[
        "sim",
        "--games",
        "8",
        "--players",
        "4",
        "--seed",
        "2",
        "--report",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("report:"), "{out}");
    let html = std::fs::read_to_string(&path).unwrap();
    assert!(html.matches("<svg").count() >= 4, "charts are inline SVG");
    for section in [
        "Warnings",
        "Who wins",
        "decisiveness",
        "Commissions",
        "Tiles",
    ] {
        assert!(html.contains(section), "the report has `{section}`");
    }
    for outside in ["src=\"http", "href=\"http", "<script", "<link"] {
        assert!(
            !html.contains(outside),
            "the report loads nothing: {outside}"
        );
    }
}

#[test]
fn shipped_scenario_tests_pass() {
    for pack in [None, Some("content/examples/silk-road")] {
        let mut args = vec!["test"];
        if let Some(p) = pack {
            args.extend(["--pack", p]);
        }
        let (code, out, err) = weft(&args);
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.contains(" 0 failed"), "{out}");
        assert!(!out.contains("no tests"), "{out}");
    }
}

#[test]
fn a_broken_test_file_is_reported_not_run() {
    let dir = scratch("broken-test");
    let pack = dir.join("p");
    std::fs::create_dir_all(pack.join("tests")).unwrap();
    std::fs::write(
        pack.join("pack.toml"),
        "name = \"p\"\nversion = \"1\"\nextends = [\"tabriz\"]\n",
    )
    .unwrap();
    std::fs::write(
        pack.join("tests/bad.lua"),
        "return { ['x'] = function(t) t:eq(1, ) end }",
    )
    .unwrap();
    std::fs::write(
        pack.join("tests/loop.lua"),
        "return { ['spins'] = function(t) while true do end end }",
    )
    .unwrap();
    let (code, out, _) = weft(&["test", "--pack", pack.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("p/tests/bad.lua  (load)"), "{out}");
    assert!(out.contains("p/tests/loop.lua  spins"), "{out}");
}
