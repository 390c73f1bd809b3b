//! A hostile pack run through the real commands: every command ends within its limits
//! with exit code 1, names the file, never lets the pack's text act on the terminal, and
//! never lets the pack raise the limits the user runs it under (issue classes 2 and 9).

mod common;

use std::path::Path;

use common::{copy_dir, weft_in};

/// The rules fixture pack in a fresh folder, its courtyard's behaviour replaced by
/// `source` and `limits` added to its game.toml.
/// The folder is removed when the returned guard is dropped.
fn hostile_pack(name: &str, source: &str, limits: &str) -> tempfile::TempDir {
    let repo = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let scratch = tempfile::Builder::new()
        .prefix(&format!("weft-hostile-{name}-"))
        .tempdir()
        .unwrap();
    let dir = scratch.path().to_path_buf();
    copy_dir(&repo.join("tests/fixtures/rules"), &dir);
    std::fs::write(dir.join("tiles/courtyard.lua"), source).unwrap();
    let toml = std::fs::read_to_string(dir.join("tiles/courtyard.toml")).unwrap();
    std::fs::write(
        dir.join("tiles/courtyard.toml"),
        toml.replace("behaviour = \"weft.personal_workshop\"", ""),
    )
    .unwrap();
    let game = std::fs::read_to_string(dir.join("game.toml")).unwrap();
    std::fs::write(
        dir.join("game.toml"),
        game.replacen("\ntitle = ", &format!("\n{limits}\ntitle = "), 1),
    )
    .unwrap();
    scratch
}

fn scripts() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts").to_string()
}

#[test]
fn escape_sequences_from_a_script_never_reach_the_terminal() {
    let scratch = hostile_pack(
        "escape",
        "return { action = function(ctx) print('\\27[31mred') error('\\27[2J\\27[H\\n0 problems, all fine') end }",
        "",
    );
    let dir = scratch.path();
    let pack = dir.display().to_string();
    let s = scripts();
    for args in [
        vec!["check", "--pack", &pack, "--scripts", &s, "--games", "5"],
        vec![
            "sim",
            "--pack",
            &pack,
            "--scripts",
            &s,
            "--games",
            "20",
            "--players",
            "2",
            "--save-failed",
            &pack,
        ],
    ] {
        let (code, out, err) = weft_in(dir, &args);
        assert_eq!(code, 1, "{args:?}: {out}{err}");
        let all = format!("{out}{err}");
        assert!(!all.contains('\u{1b}'), "{args:?} printed an escape: {all}");
        assert!(
            all.contains("\\u{1b}[2J"),
            "{args:?} shows it escaped: {all}"
        );
    }
}

#[test]
fn a_pack_cannot_lift_the_budget_of_any_command() {
    let scratch = hostile_pack(
        "budget",
        "return { action = function(ctx) while true do end end }",
        "instruction_budget = 1000000000000\nmemory_limit_mb = 0",
    );
    let dir = scratch.path();
    let pack = dir.display().to_string();
    let s = scripts();
    // memory_limit_mb = 0 is refused before anything runs.
    let (code, out, err) = weft_in(dir, &["check", "--pack", &pack, "--scripts", &s]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("game.toml:") && err.contains("memory_limit_mb = 0"),
        "{err}"
    );
    let game = std::fs::read_to_string(dir.join("game.toml")).unwrap();
    std::fs::write(
        dir.join("game.toml"),
        game.replace("memory_limit_mb = 0", ""),
    )
    .unwrap();
    let started = std::time::Instant::now();
    let (code, out, err) = weft_in(
        dir,
        &["check", "--pack", &pack, "--scripts", &s, "--games", "5"],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        format!("{out}{err}").contains("instruction budget (200000"),
        "{out}{err}"
    );
    assert!(started.elapsed().as_secs() < 60);
    // The user may raise it; the pack's request above it still does not count.
    let (_, out, err) = weft_in(
        dir,
        &[
            "check",
            "--pack",
            &pack,
            "--scripts",
            &s,
            "--games",
            "1",
            "--budget",
            "300000",
        ],
    );
    assert!(
        format!("{out}{err}").contains("instruction budget (300000"),
        "{out}{err}"
    );
}

#[test]
fn two_packs_of_one_name_are_an_error_not_a_silent_drop() {
    let a = hostile_pack("same-a", "return {}", "");
    let a = a.path();
    let b = hostile_pack("same-b", "return {}", "");
    let b = b.path();
    let (pa, pb) = (a.display().to_string(), b.display().to_string());
    let s = scripts();
    let (code, out, err) = weft_in(a, &["check", "--pack", &pa, "--pack", &pb, "--scripts", &s]);
    assert_ne!(code, 0, "{out}{err}");
    assert!(
        err.contains("two packs are named `rules-fixture`")
            && err.contains(&pa)
            && err.contains(&pb),
        "{err}"
    );
}

#[test]
fn a_pack_on_the_pack_path_that_cannot_be_read_is_named_not_called_missing() {
    // The base of a layered pack sits on the pack path with a FIFO in it.
    let repo = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let scratch = tempfile::Builder::new()
        .prefix("weft-hostile-path-")
        .tempdir()
        .unwrap();
    let root = scratch.path().to_path_buf();
    let base = root.join("path/fan-base");
    copy_dir(&repo.join("tests/fixtures/rules"), &base);
    let toml = std::fs::read_to_string(base.join("pack.toml")).unwrap();
    std::fs::write(
        base.join("pack.toml"),
        toml.replace("name = \"rules-fixture\"", "name = \"fan-base\""),
    )
    .unwrap();
    let status = std::process::Command::new("mkfifo")
        .arg(base.join("tiles/x.lua"))
        .status()
        .unwrap();
    assert!(status.success());
    let layer = root.join("layer");
    std::fs::create_dir_all(&layer).unwrap();
    std::fs::write(
        layer.join("pack.toml"),
        "name = \"layer\"\nversion = \"0.1.0\"\nextends = [\"fan-base\"]\n",
    )
    .unwrap();
    let (l, p, s) = (
        layer.display().to_string(),
        root.join("path").display().to_string(),
        scripts(),
    );
    let (code, out, err) = weft_in(
        &root,
        &["check", "--pack", &l, "--pack-path", &p, "--scripts", &s],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("extends `fan-base`"), "{err}");
    assert!(
        err.contains("tiles/x.lua") && err.contains("not a regular file (a FIFO)"),
        "the unreadable pack is named with its reason: {err}"
    );
}

/// A run in which every game errors prints counts and errors, not shares and scores
/// made of nothing (issue 13: no "-0", no "(fair: 100%)").
#[test]
fn a_run_where_every_game_errors_prints_an_honest_summary() {
    let scratch = hostile_pack(
        "allerr",
        "return { setup = function(ctx) error('broken setup') end }",
        "",
    );
    let dir = scratch.path();
    let pack = dir.display().to_string();
    let s = scripts();
    let failed = dir.join("failed").display().to_string();
    let (code, out, err) = weft_in(
        dir,
        &[
            "sim",
            "--pack",
            &pack,
            "--scripts",
            &s,
            "--games",
            "3",
            "--players",
            "2",
            "--save-failed",
            &failed,
        ],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("finished 0   errored 3"), "{out}");
    assert!(out.contains("no game finished"), "{out}");
    assert!(!out.contains(" -0") && !out.contains("fair:"), "{out}");
    assert!(
        err.contains("broken setup"),
        "the errors are listed, on stderr: {err}"
    );
}
