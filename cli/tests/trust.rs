//! Runs a designer can trust (issue 29): a script error the bots meet while looking
//! ahead makes `sim`, `compare` and `merge` exit 1 and is named by file and line, with a
//! replay that reaches it; a run stopped by SIGINT or SIGTERM keeps and summarises its
//! finished games, exits 130 or 143, and `--resume` plays only the missing ones.

mod common;
use common::{weft, weft_in};

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A fresh scratch folder under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A pack on the base game with a tile of its own whose action always raises `boom`.
fn boom_pack(dir: &Path) -> PathBuf {
    let (code, _, err) = weft_in(dir, &["new", "pack", "boom"]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = weft_in(
        dir,
        &[
            "new",
            "tile",
            "boom-stall",
            "--kind",
            "custom",
            "--pack",
            "boom",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let lua = dir.join("boom/tiles/boom-stall.lua");
    let text = std::fs::read_to_string(&lua).unwrap();
    let marker = "action = function(ctx, params)\n";
    assert!(text.contains(marker), "{text}");
    std::fs::write(
        &lua,
        text.replacen(marker, &format!("{marker}    error(\"boom\")\n"), 1),
    )
    .unwrap();
    dir.join("boom")
}

#[test]
fn an_error_met_only_while_looking_ahead_fails_the_run_and_is_named() {
    let dir = scratch("trust-boom");
    let pack = boom_pack(&dir);
    let failed = dir.join("failed");
    let (code, out, err) = weft_in(
        &dir,
        &[
            "sim",
            "--pack",
            pack.to_str().unwrap(),
            "--games",
            "3",
            "--players",
            "3",
            "--bots",
            "greedy",
            "--save-failed",
            failed.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 1, "a script error fails the run: {out}{err}");
    assert!(
        out.contains("errored 0"),
        "the games themselves finished: {out}"
    );
    assert!(
        out.contains("script errors the bots met while looking ahead"),
        "{out}"
    );
    assert!(
        out.contains("boom/tiles/boom-stall.lua:") && out.contains("hook `action`"),
        "file, line and hook are named: {out}"
    );
    assert!(out.contains("boom"), "{out}");
    let replay = failed.join("failed-00000.json");
    assert!(replay.is_file(), "a replay reaches it: {out}");
    let (code, out, err) = weft_in(
        &dir,
        &[
            "replay",
            "--pack",
            pack.to_str().unwrap(),
            replay.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("happens again"), "{out}");
    // The JSON summary carries the places too.
    let (code, out, _) = weft_in(
        &dir,
        &[
            "sim",
            "--pack",
            pack.to_str().unwrap(),
            "--games",
            "2",
            "--players",
            "3",
            "--bots",
            "greedy",
            "--json",
        ],
    );
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["lookahead_error_games"], 2);
    assert!(v["lookahead_errors"][0]["site"]
        .as_str()
        .unwrap()
        .contains("boom-stall.lua"));
    // compare: either side's look-ahead errors fail it.
    let (code, out, err) = weft_in(
        &dir,
        &[
            "compare",
            "--pack",
            pack.to_str().unwrap(),
            "--pack-b",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../content/tabriz"),
            "--games",
            "2",
            "--players",
            "3",
            "--bots",
            "greedy",
        ],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("boom-stall.lua"), "{out}");
}

/// Starts a long greedy run writing `out`, waits until it has written `lines` games,
/// sends `signal` and returns the exit code, stdout and stderr.
fn stop_run(out: &Path, signal: i32, lines: usize) -> (i32, String, String) {
    let written = || std::fs::read_to_string(out).map_or(0, |t| t.lines().count());
    stop_long_run(&["--out"], out, signal, written, lines)
}

/// Starts a long greedy run with `flag` `path` (`--out FILE`, `--save-games DIR`),
/// waits until `written()` reaches `at_least` games, sends `signal` and returns the exit
/// code, stdout and stderr.
fn stop_long_run(
    flag: &[&str],
    path: &Path,
    signal: i32,
    written: impl Fn() -> usize,
    at_least: usize,
) -> (i32, String, String) {
    let child = Command::new(env!("CARGO_BIN_EXE_weft"))
        .args([
            "sim",
            "--games",
            "100000",
            "--players",
            "3",
            "--seed",
            "3",
            "--bots",
            "greedy",
            "--jobs",
            "2",
        ])
        .args(flag)
        .arg(path)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        let n = written();
        if n >= at_least {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the run wrote {n} games in 120 s"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // SAFETY: kill(2) on our own child's pid.
    let sent = unsafe { libc::kill(child.id() as i32, signal) };
    assert_eq!(sent, 0);
    let output = child.wait_with_output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into(),
        String::from_utf8_lossy(&output.stderr).into(),
    )
}

/// The number `weft: N games` of a summary's first line.
fn summarised_games(out: &str) -> usize {
    let first = out.lines().next().unwrap_or("");
    first
        .strip_prefix("weft: ")
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no summary: {out}"))
}

#[test]
fn sigint_and_sigterm_keep_every_finished_game() {
    let dir = scratch("trust-stop");
    for (signal, expected, name) in [
        (libc::SIGINT, 130, "SIGINT"),
        (libc::SIGTERM, 143, "SIGTERM"),
    ] {
        let out = dir.join(format!("{name}.jsonl"));
        let (code, stdout, stderr) = stop_run(&out, signal, 3);
        assert_eq!(code, expected, "{name}: {stderr}");
        assert!(stderr.contains(&format!("stopped by {name}")), "{stderr}");
        assert!(
            stderr.contains("--resume"),
            "it says how to go on: {stderr}"
        );
        let games = summarised_games(&stdout);
        assert!(games >= 3, "{stdout}");
        // Every finished game is in the file, each a whole record, and nothing else.
        let text = std::fs::read_to_string(&out).unwrap();
        assert_eq!(text.lines().count(), games, "{stdout}");
        let (code, merged, err) = weft(&["merge", "--json", out.to_str().unwrap()]);
        assert_eq!(code, 1, "the run is partial: its missing games are named");
        assert!(
            err.contains("missing") || merged.contains("missing"),
            "{err}"
        );
        let v: serde_json::Value = serde_json::from_str(&merged).unwrap();
        assert_eq!(v["games"], games as u64);
    }
}

#[test]
fn resume_plays_only_the_missing_games_and_matches_the_whole_run() {
    let dir = scratch("trust-resume");
    let flags = [
        "sim",
        "--games",
        "14",
        "--players",
        "3",
        "--seed",
        "9",
        "--json",
    ];
    let whole = dir.join("whole.jsonl");
    let (code, full, err) = weft(&[&flags[..], &["--out", whole.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    // A run that ended after some games, its last line cut short by the stop.
    let part = dir.join("part.jsonl");
    let text = std::fs::read_to_string(&whole).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.truncate(5);
    let cut = &text.lines().nth(5).unwrap()[..40];
    std::fs::write(&part, format!("{}\n{cut}", lines.join("\n"))).unwrap();
    let (code, resumed, err) = weft(&[&flags[..], &["--resume", part.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("part.jsonl:6"), "the cut line is named: {err}");
    let (a, b): (serde_json::Value, serde_json::Value) = (
        serde_json::from_str(&full).unwrap(),
        serde_json::from_str(&resumed).unwrap(),
    );
    for key in [
        "games", "finished", "seats", "cards", "tiles", "metrics", "rounds",
    ] {
        assert_eq!(a[key], b[key], "`{key}` differs after the resume");
    }
    let mut x: Vec<String> = std::fs::read_to_string(&whole)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let mut y: Vec<String> = std::fs::read_to_string(&part)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    x.sort();
    y.sort();
    assert_eq!(x, y, "the resumed file holds the same games");
    // Resuming a finished run plays nothing more.
    let (code, _, err) = weft(&[&flags[..], &["--resume", part.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&part).unwrap().lines().count(), 14);
    // Another run's flags are refused, naming the file and line.
    let (code, _, err) = weft(&[
        "sim",
        "--games",
        "14",
        "--players",
        "3",
        "--seed",
        "10",
        "--resume",
        part.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("part.jsonl:1") && err.contains("run seed 9"),
        "{err}"
    );
    let (code, _, err) = weft(&["sim", "--resume", dir.join("none.jsonl").to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("--out"), "{err}");
}

/// A failed game re-runs on the fixed pack: `weft replay` plays the recorded answers on
/// the pack as it is now and says that the game runs past the failure, or where it now
/// differs; a replay of packs that are not loaded names the flag to add.
#[test]
fn a_failed_game_re_runs_on_the_changed_pack() {
    let dir = scratch("trust-rerun");
    let pack = boom_pack(&dir);
    let failed = dir.join("failed");
    let (code, _, _) = weft_in(
        &dir,
        &[
            "sim",
            "--pack",
            pack.to_str().unwrap(),
            "--games",
            "4",
            "--players",
            "2",
            "--save-failed",
            failed.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 1, "random bots meet the error in the game itself");
    let replay = std::fs::read_dir(&failed)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .min()
        .expect("a replay");
    let replay = replay.to_str().unwrap();
    // Without --pack only the base game is loaded: the error names the flag.
    let (code, out, err) = weft_in(&dir, &["replay", replay]);
    assert_eq!(code, 1, "{out}");
    assert!(
        err.contains("tabriz + boom") && err.contains("add --pack") && err.contains("boom"),
        "{err}"
    );
    // Unchanged, the error happens again.
    let pack_arg = pack.to_str().unwrap();
    let (code, out, _) = weft_in(&dir, &["replay", "--pack", pack_arg, replay]);
    assert_eq!(code, 0);
    assert!(out.contains("happens again"), "{out}");
    // Fixed: the game now runs past the failure.
    let lua = pack.join("tiles/boom-stall.lua");
    let text = std::fs::read_to_string(&lua).unwrap();
    std::fs::write(&lua, text.replace("    error(\"boom\")\n", "")).unwrap();
    let (code, out, err) = weft_in(&dir, &["replay", "--pack", pack_arg, replay]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("the packs changed"), "{out}");
    assert!(out.contains("runs past the failure"), "{out}");
    let (code, out, _) = weft_in(&dir, &["replay", "--pack", pack_arg, replay, "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["on_changed_packs"]["RunsPast"].is_object(), "{v}");
    // The tile's slot renamed: the recorded move is no longer an option.
    let board = pack.join("board.toml");
    let text = std::fs::read_to_string(&board).unwrap();
    std::fs::write(&board, text.replace("boom-stall-slot", "boom-stall-spot")).unwrap();
    let (code, out, _) = weft_in(&dir, &["replay", "--pack", pack_arg, replay]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("the game now differs at answer"), "{out}");
    assert!(out.contains("boom-stall-slot"), "{out}");
}

/// A resumed run writes replays only for the games it plays: the records it keeps carry
/// no answers, and an empty replay must never overwrite the one the first run wrote.
#[test]
fn a_resumed_run_writes_only_whole_replays() {
    let dir = scratch("trust-resume-replays");
    let pack = boom_pack(&dir);
    let pack_arg = pack.to_str().unwrap();
    let out = dir.join("runs.jsonl");
    let flags = ["sim", "--pack", pack_arg, "--games", "6", "--players", "2"];
    let first = dir.join("first");
    let (code, _, _) = weft_in(
        &dir,
        &[
            &flags[..],
            &[
                "--out",
                out.to_str().unwrap(),
                "--save-failed",
                first.to_str().unwrap(),
            ],
        ]
        .concat(),
    );
    assert_eq!(code, 1, "random bots meet the error");
    // Keep the first three games, as a run stopped there would.
    let text = std::fs::read_to_string(&out).unwrap();
    let kept: Vec<&str> = text.lines().take(3).collect();
    std::fs::write(&out, format!("{}\n", kept.join("\n"))).unwrap();
    let again = dir.join("again");
    let (code, _, err) = weft_in(
        &dir,
        &[
            &flags[..],
            &[
                "--resume",
                out.to_str().unwrap(),
                "--save-failed",
                again.to_str().unwrap(),
            ],
        ]
        .concat(),
    );
    assert_eq!(code, 1, "{err}");
    let written: Vec<std::path::PathBuf> = std::fs::read_dir(&again)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert!(!written.is_empty());
    for path in &written {
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        assert!(
            ![
                "failed-00000.json",
                "failed-00001.json",
                "failed-00002.json"
            ]
            .contains(&name.as_str()),
            "a kept game's replay was written again: {name}"
        );
        let (code, out, err) = weft_in(
            &dir,
            &["replay", "--pack", pack_arg, path.to_str().unwrap()],
        );
        assert_eq!(code, 0, "{name}: {out}{err}");
    }
}

/// Issue 31, item 2: `--save-games` writes each game's replay as the game ends, so a run
/// stopped part-way (SIGTERM) keeps the replays of its finished games, each of which
/// `weft replay` plays back to its final hash.
#[test]
fn a_stopped_run_keeps_the_replays_of_its_finished_games() {
    let dir = std::env::temp_dir().join(format!("weft-saved-stop-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let files = || std::fs::read_dir(&dir).map_or(0, |d| d.count());
    let (code, _, err) = stop_long_run(&["--save-games"], &dir, libc::SIGTERM, files, 3);
    assert_ne!(code, 0, "a stopped run says so: {err}");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    assert!(names.len() >= 3, "{names:?}");
    for file in names.iter().take(3) {
        let (code, out, err) = weft(&["replay", file.to_str().unwrap()]);
        assert_eq!(code, 0, "{}: {out}{err}", file.display());
        assert!(out.contains("matches"), "{out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
