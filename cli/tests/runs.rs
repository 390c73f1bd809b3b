//! `weft sim --out/--shard/--report` and `weft merge`: shards of a run merge into the
//! same numbers as the whole run, bad record files are named by file and line, and the
//! HTML report stands alone.

mod common;
use common::{weft, weft_within};

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

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
    assert_eq!(code, 1);
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
    let (code, out, err) = weft(&["merge", part.to_str().unwrap()]);
    assert_eq!(code, 1, "a bad line is a problem found in the input: {err}");
    assert!(
        err.contains("runs.jsonl:10: not a weft game record"),
        "{err}"
    );
    assert!(out.contains("record lines skipped"), "{out}");
}

#[test]
fn the_html_report_is_self_contained() {
    let dir = scratch("report");
    let path = dir.join("report.html");
    let (code, out, err) = weft(&[
        "sim",
        "--games",
        "30",
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
        "Strength",
        "Board: where moves end",
        "mean score at the end of each round",
        "Gabbeh door rug",
        // A long strength table shows its ends and folds the whole of it, by group.
        "The 6 furthest above their group",
        "<details><summary>All ",
        "<h3>tile (",
    ] {
        assert!(html.contains(section), "the report has `{section}`");
    }
    // The one script is inline (sortable tables) and loads nothing.
    assert_eq!(html.matches("<script").count(), 1);
    for outside in [
        "src=\"http",
        "href=\"http",
        "<script src",
        "<link",
        "import(",
    ] {
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

/// The records of a real 9-game run, one JSON value per game.
fn real_records(dir: &Path) -> Vec<Value> {
    let path = dir.join("real.jsonl");
    sim(&["--out", path.to_str().unwrap()]);
    std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Writes `records` as a runs file.
fn write_runs(path: &Path, records: &[Value]) {
    let text: String = records.iter().map(|r| format!("{r}\n")).collect();
    std::fs::write(path, text).unwrap();
}

/// An edit of one record, what the error must say, and what it guards.
type Corruption = (&'static str, fn(&mut Value), &'static str);

/// The last row of a record's scores by round.
fn last_row(r: &mut Value) -> &mut Value {
    r["score_by_round"]
        .as_array_mut()
        .unwrap()
        .last_mut()
        .unwrap()
}

/// One corrupt record per invariant of `GameRecord::validate` and of the merge.
fn corruptions() -> Vec<Corruption> {
    vec![
        // The examples.
        (
            "winner 99",
            |r| r["winners"] = json!([99]),
            "winner 99 is not a seat index",
        ),
        (
            "no scores",
            |r| r["scores"] = json!([]),
            "it has 0 scores for 3 seats",
        ),
        (
            "run_games 1e15",
            |r| r["run_games"] = json!(1_000_000_000_000_000u64),
            "run_games is 1000000000000000 (at most 1000000000000 allowed)",
        ),
        (
            "loser wins",
            |r| {
                let w = r["winners"][0].as_u64().unwrap();
                r["winners"] = json!([(w + 1) % 3]);
            },
            "is listed as a winner with",
        ),
        // Every other invariant.
        (
            "tie-break",
            |r| {
                r["scores"] = json!([10, 10, 10]);
                *last_row(r) = json!([10, 10, 10]);
                r["tiebreak"] = json!([1, 5, 1]);
                r["winners"] = json!([0]);
            },
            "by scores [10, 10, 10] and tie-breaks [1, 5, 1] they are seats [2]",
        ),
        (
            "tie-break count",
            |r| r["tiebreak"] = json!([1]),
            "1 tie-breaks for 3 seats",
        ),
        (
            "winner twice",
            |r| {
                let w = r["winners"][0].clone();
                r["winners"] = json!([w, w]);
            },
            "are not distinct seats in increasing order",
        ),
        ("no winner", |r| r["winners"] = json!([]), "has no winner"),
        ("no seats", |r| r["seats"] = json!([]), "it lists 0 seats"),
        (
            "player counts",
            |r| r["players"] = json!([]),
            "counts for 0 players but 3 seats",
        ),
        (
            "first player",
            |r| r["first_player"] = json!(7),
            "first_player is seat index 7",
        ),
        (
            "index",
            |r| r["index"] = json!(50),
            "game index 50 is not below the run's 9 games",
        ),
        (
            "seed",
            |r| r["seed"] = json!(12345),
            "seed 12345 is not the seed of game",
        ),
        (
            "decisions",
            |r| r["decisions"] = json!(u64::MAX),
            "decisions (a game stops at",
        ),
        (
            "error and cause",
            |r| r["error"] = json!("boom"),
            "both an error and an end cause",
        ),
        (
            "neither",
            |r| r["cause"] = Value::Null,
            "neither an error nor an end cause",
        ),
        (
            "errored with scores",
            |r| {
                r["cause"] = Value::Null;
                r["error"] = json!("boom");
            },
            "an errored game has winners, scores or tie-breaks",
        ),
        (
            "short row",
            |r| r["score_by_round"][0] = json!([1]),
            "row 1, has 1 scores for 3 seats",
        ),
        (
            "last row",
            |r| {
                *last_row(r) = json!([0, 0, 0]);
            },
            "the last row of scores by round is not the final score",
        ),
        (
            "rows",
            |r| r["rounds"] = json!(1),
            "rows of scores by round for 1 rounds",
        ),
        (
            "fulfilled by",
            |r| {
                let card = r["cards"]
                    .as_object_mut()
                    .unwrap()
                    .values_mut()
                    .next()
                    .unwrap();
                card["fulfilled_by"] = json!(9);
            },
            "is fulfilled by seat index 9 but there are 3 seats",
        ),
        (
            "fulfilled count",
            |r| {
                for p in r["players"].as_array_mut().unwrap() {
                    p["played"] = json!(0);
                }
            },
            "deck cards but its count says 0",
        ),
        (
            "draws",
            |r| {
                for p in r["players"].as_array_mut().unwrap() {
                    p["drawn"] = json!(0);
                }
            },
            "the cards were drawn more often than the players drew",
        ),
        (
            "tile actions",
            |r| {
                let tile = r["tiles"]
                    .as_object_mut()
                    .unwrap()
                    .values_mut()
                    .next()
                    .unwrap();
                tile["actions"] = json!(tile["actions"].as_u64().unwrap() + 1);
            },
            "the tiles' actions do not add up",
        ),
        (
            "tile gains",
            |r| {
                let tile = r["tiles"]
                    .as_object_mut()
                    .unwrap()
                    .values_mut()
                    .next()
                    .unwrap();
                tile["gained"] = json!(tile["gained"].as_u64().unwrap() + 1);
            },
            "the tiles' materials gained do not add up",
        ),
        (
            "long id",
            |r| {
                let cards = r["cards"].as_object_mut().unwrap();
                let (id, c) = cards
                    .iter()
                    .next()
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .unwrap();
                cards.remove(&id);
                cards.insert("x".repeat(300), c);
            },
            "a card id is 300 bytes long",
        ),
        (
            "escape in a bot name",
            |r| r["seats"][1] = json!("random\u{1b}[2J"),
            "contains a control character",
        ),
        (
            "digest",
            |r| r["digest"] = json!("<script>"),
            "is not a lowercase hex digest",
        ),
        (
            "huge error",
            |r| {
                r["cause"] = Value::Null;
                r["winners"] = json!([]);
                r["scores"] = json!([]);
                r["tiebreak"] = json!([]);
                r["error"] = json!("e".repeat(2 << 20));
            },
            "the error is 2097152 bytes long",
        ),
        // Checks across the records of a run.
        (
            "run_games disagree",
            |r| r["run_games"] = json!(10),
            "run_games is 10 but an earlier record of run seed 11 says 9",
        ),
        (
            "catalogue",
            |r| {
                let tiles = r["tiles"].as_object_mut().unwrap();
                let (id, t) = tiles
                    .iter()
                    .next()
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .unwrap();
                tiles.remove(&id);
                tiles.insert("zz-forged".into(), t);
            },
            "it lists other tiles than",
        ),
    ]
}

/// Issue 10, class 8: each corrupt record is named by file and line and skipped; the
/// report is made from the other eight games and the exit code is 1, never a panic.
#[test]
fn merge_names_and_skips_every_kind_of_invalid_record() {
    let dir = scratch("invalid-records");
    let good = real_records(&dir);
    assert!(
        good[2]["tiebreak"].as_array().is_some_and(|t| t.len() == 3),
        "records carry tie-breaks"
    );
    let mut failures = Vec::new();
    for (name, corrupt, says) in corruptions() {
        let mut records = good.clone();
        corrupt(&mut records[2]);
        let path = dir.join("runs.jsonl");
        write_runs(&path, &records);
        let (code, out, err) = weft_within(
            &["merge", "--json", path.to_str().unwrap()],
            Duration::from_secs(20),
        );
        let warnings = serde_json::from_str::<Value>(&out)
            .map(|s| (s["games"].clone(), s["warnings"].to_string()))
            .unwrap_or_default();
        let ok = code == Some(1)
            && err.contains("runs.jsonl:3: ")
            && err.contains(says)
            && !err.contains("panicked")
            && warnings.0 == 8
            && warnings
                .1
                .contains("record lines skipped because they are not valid game records: 1")
            && warnings
                .1
                .contains("1 of the run's 9 games are missing (indices 2)");
        if !ok {
            failures.push(format!("{name}: exit {code:?}: {err}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A run that claims 10^12 games (the most a record may claim) is merged at once: the
/// missing games are counted, not listed.
#[test]
fn a_huge_run_size_is_counted_not_allocated() {
    let dir = scratch("huge-run");
    let mut records = real_records(&dir);
    for r in &mut records {
        r["run_games"] = json!(1_000_000_000_000u64);
    }
    let path = dir.join("runs.jsonl");
    write_runs(&path, &records);
    let (code, out, err) = weft_within(&["merge", path.to_str().unwrap()], Duration::from_secs(20));
    assert_eq!(code, Some(1), "{err}");
    assert!(
        out.contains(
            "999999999991 of the run's 1000000000000 games are missing (indices 9, 10, 11,"
        ),
        "{out}"
    );
}

/// Files that are not runs files at all: a line with no end, or nothing but garbage.
#[test]
fn merge_stops_reading_a_file_that_is_not_a_runs_file() {
    let dir = scratch("not-runs");
    let endless = dir.join("endless.jsonl");
    let file = std::fs::File::create(&endless).unwrap();
    file.set_len(17 << 20).unwrap(); // 17 MiB of zeros, no newline
    let (code, _, err) = weft_within(
        &["merge", endless.to_str().unwrap()],
        Duration::from_secs(20),
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("endless.jsonl:1: the line is longer than 16 MiB"),
        "{err}"
    );
    let garbage = dir.join("garbage.jsonl");
    std::fs::write(&garbage, "{}\n".repeat(1000)).unwrap();
    let (code, _, err) = weft_within(
        &["merge", garbage.to_str().unwrap()],
        Duration::from_secs(20),
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("garbage.jsonl: 100 lines are not valid game records; the rest of the file was not read"), "{err}");
    assert!(
        err.contains("the files hold no valid game records"),
        "{err}"
    );
    assert!(
        err.lines().count() < 30,
        "the skipped lines are not all listed: {err}"
    );
}

/// Every way of damaging a valid record: each number set to 0, −1, 2^64−1 and 1e300,
/// each list emptied and lengthened, each value nulled. Merge never panics and never
/// takes more than a few seconds.
#[test]
fn damaged_records_never_panic_or_hang_merge() {
    let dir = scratch("damaged");
    let good = real_records(&dir);
    let record = &good[0];
    let mut variants = Vec::new();
    damage(record, &mut Vec::new(), &mut variants);
    assert!(variants.len() > 300, "{} variants", variants.len());
    let path = dir.join("runs.jsonl");
    for (at, bad) in &variants {
        write_runs(&path, std::slice::from_ref(bad));
        let started = Instant::now();
        let (code, _, err) =
            weft_within(&["merge", path.to_str().unwrap()], Duration::from_secs(10));
        assert!(
            code.is_some(),
            "{at}: merge was killed after {:?}",
            started.elapsed()
        );
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{at}: took {:?}",
            started.elapsed()
        );
        assert_ne!(code, Some(101), "{at}: {err}");
        assert!(!err.contains("panicked"), "{at}: {err}");
    }
}

/// Pushes `(path, damaged copy of root)` for every damage to every value under `root`.
fn damage(root: &Value, at: &mut Vec<String>, out: &mut Vec<(String, Value)>) {
    let here = pointer(root, at).clone();
    let mut replacements = vec![Value::Null];
    match &here {
        Value::Number(_) => {
            replacements.extend([json!(0), json!(-1), json!(u64::MAX), json!(1e300)])
        }
        Value::Array(items) => {
            replacements.push(json!([]));
            let mut longer = items.clone();
            longer.extend(items.iter().cloned());
            longer.push(items.last().cloned().unwrap_or(json!(0)));
            replacements.push(Value::Array(longer));
        }
        Value::String(_) => replacements.extend([json!(""), json!("\u{1b}[2J")]),
        _ => {}
    }
    for v in replacements {
        let mut copy = root.clone();
        *pointer_mut(&mut copy, at) = v;
        out.push((format!("/{}", at.join("/")), copy));
    }
    let children: Vec<String> = match &here {
        // The first three tiles, cards and list items stand for the rest.
        Value::Object(m) if matches!(at.last().map(String::as_str), Some("tiles" | "cards")) => {
            m.keys().take(3).cloned().collect()
        }
        Value::Object(m) => m.keys().cloned().collect(),
        Value::Array(items) => (0..items.len().min(3)).map(|i| i.to_string()).collect(),
        _ => Vec::new(),
    };
    for c in children {
        at.push(c);
        damage(root, at, out);
        at.pop();
    }
}

fn pointer<'v>(v: &'v Value, at: &[String]) -> &'v Value {
    at.iter().fold(v, |v, k| match v {
        Value::Array(a) => &a[k.parse::<usize>().unwrap()],
        _ => &v[k.as_str()],
    })
}

fn pointer_mut<'v>(v: &'v mut Value, at: &[String]) -> &'v mut Value {
    at.iter().fold(v, |v, k| match v {
        Value::Array(a) => &mut a[k.parse::<usize>().unwrap()],
        _ => &mut v[k.as_str()],
    })
}

/// `weft replay` checks a replay file before loading packs or running anything: too
/// big, not UTF-8 or inconsistent is an error naming the file, exit code 1.
#[test]
fn replay_refuses_files_that_are_not_replays() {
    let dir = scratch("bad-replays");
    let big = dir.join("big.json");
    std::fs::File::create(&big)
        .unwrap()
        .set_len((64 << 20) + 1)
        .unwrap();
    let binary = dir.join("binary.json");
    std::fs::write(&binary, [b'{', 0xff, 0xfe, b'}']).unwrap();
    let seats = dir.join("seats.json");
    let replay = json!({
        "format": 1,
        "packs": [{"name": "tabriz", "version": "0.1.0", "digest": "ab"}],
        "digest": "ab",
        "players": 3,
        "seats": ["random"],
        "seed": 1,
        "answers": ["act"],
        "final_hash": "ab",
    });
    std::fs::write(&seats, replay.to_string()).unwrap();
    for (path, says) in [
        (
            &big,
            "big.json: not a valid replay file: it is larger than 64 MiB",
        ),
        (
            &binary,
            "binary.json: not a valid replay file: it is not UTF-8",
        ),
        (
            &seats,
            "seats.json: not a valid replay: it lists 1 seats for 3 players",
        ),
    ] {
        let (code, _, err) =
            weft_within(&["replay", path.to_str().unwrap()], Duration::from_secs(20));
        assert_eq!(code, Some(1), "{says}: {err}");
        assert!(err.contains(says), "{says}: {err}");
    }
}
