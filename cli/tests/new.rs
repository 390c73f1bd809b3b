//! `weft new`: every scaffold loads and passes `weft check` as created, and is played;
//! `weft test` runs only the tests its `--filter` keeps.

mod common;
use common::weft_in;

use std::path::PathBuf;

#[test]
fn scaffolds_pass_check_and_are_played() {
    // Outside the checkout, so the base pack comes from the binary.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("scaffold");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let steps: &[&[&str]] = &[
        &["new", "pack", "mine"],
        &[
            "new",
            "tile",
            "tea-house",
            "--kind",
            "trader",
            "--pack",
            "mine",
        ],
        &["new", "tile", "stall", "--kind", "shop", "--pack", "mine"],
        &[
            "new", "tile", "dice-den", "--kind", "dice", "--pack", "mine",
        ],
        &[
            "new",
            "tile",
            "magic-loom",
            "--kind",
            "custom",
            "--pack",
            "mine",
        ],
        &["new", "card", "x01", "--grade", "common", "--pack", "mine"],
        &[
            "new", "card", "x02", "--grade", "merchant", "--pack", "mine",
        ],
        &["new", "card", "x03", "--grade", "royal", "--pack", "mine"],
    ];
    for args in steps {
        let (code, _, err) = weft_in(&dir, args);
        assert_eq!(code, 0, "{args:?}: {err}");
    }
    let (code, out, err) = weft_in(&dir, &["check", "--pack", "mine", "--games", "6"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("0 problems"), "{out}");
    let (code, out, err) = weft_in(
        &dir,
        &[
            "sim",
            "--pack",
            "mine",
            "--games",
            "20",
            "--players",
            "3",
            "--json",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let chain: Vec<&str> = v["packs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(chain, ["tabriz", "mine", "scripts"]);
    for tile in v["tiles"].as_array().unwrap() {
        if ["tea-house", "stall", "dice-den", "magic-loom"].contains(&tile["id"].as_str().unwrap())
        {
            assert!(tile["actions"].as_f64().unwrap() > 0.0, "{tile}");
        }
    }
    // The pack's own scenario tests: a passing and a failing one.
    std::fs::write(
        dir.join("mine/tests/example.lua"),
        r#"return {
  ["the magic loom gives 1 wool"] = function(t)
    local g = t:game{ players = 2, seed = 1 }
    local p = g:player()
    g:set(p, "wool", 0)
    g:move_to("magic-loom")
    g:answer("act")
    t:eq(g:count(p, "wool"), 1)
  end,
  ["a wrong expectation"] = function(t)
    t:eq({ wool = 1, silk = 2 }, { wool = 1, silk = 3 }, "materials")
  end,
}
"#,
    )
    .unwrap();
    let (code, out, _) = weft_in(&dir, &["test", "--pack", "mine"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("ok    mine/tests/example.lua  the magic loom gives 1 wool"),
        "{out}"
    );
    assert!(
        out.contains("mine/tests/example.lua:11: materials: expected"),
        "{out}"
    );
    assert!(out.contains("[silk] expected 3, got 2"), "{out}");
    assert!(out.contains("2 tests, 1 passed, 1 failed"), "{out}");
    let (code, out, _) = weft_in(&dir, &["test", "--pack", "mine", "--filter", "loom"]);
    assert_eq!(code, 0, "{out}");
    // Never overwrites.
    let (code, _, err) = weft_in(
        &dir,
        &["new", "tile", "stall", "--kind", "shop", "--pack", "mine"],
    );
    assert_eq!(code, 1);
    assert!(err.contains("already exists"), "{err}");
    let (code, _, err) = weft_in(
        &dir,
        &["new", "card", "x01", "--grade", "common", "--pack", "mine"],
    );
    assert_eq!(code, 1);
    assert!(err.contains("already has a card"), "{err}");
}

/// The scaffold of `weft new pack` passes `weft check` and `weft test` as created.
#[test]
fn a_new_pack_passes_check_and_test_as_created() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("scaffold-fresh");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (code, _, err) = weft_in(&dir, &["new", "pack", "fresh"]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = weft_in(&dir, &["check", "--pack", "fresh", "--games", "2"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("0 problems"), "{out}");
    let (code, out, err) = weft_in(&dir, &["test", "--pack", "fresh"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("1 tests, 1 passed, 0 failed"), "{out}");
}

/// A test left out by `--filter` is never called: here it would hang until the budget
/// stops it, and it marks that it ran where the kept test looks.
#[test]
fn filtered_out_tests_are_not_run() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("scaffold-filter");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (code, _, err) = weft_in(&dir, &["new", "pack", "hang"]);
    assert_eq!(code, 0, "{err}");
    std::fs::write(
        dir.join("hang/tests/example.lua"),
        r#"local ran = false
return {
  ["a hanging test"] = function(t)
    ran = true
    while true do end
  end,
  ["b kept test"] = function(t)
    t:ok(not ran, "the filtered-out test ran")
  end,
}
"#,
    )
    .unwrap();
    let (code, out, _) = weft_in(&dir, &["test", "--pack", "hang", "--filter", "kept"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("1 tests, 1 passed, 0 failed, 1 filtered out (not run)"),
        "{out}"
    );
    assert!(!out.contains("hanging"), "{out}");
}

/// `weft new game` makes a whole game of its own (its flow, an area, a card, tests) that
/// passes `weft check` and `weft test` as created and plays with greedy bots; the
/// created files and the next command are printed.
#[test]
fn a_new_game_passes_check_and_test_and_plays() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("scaffold-game");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (code, out, err) = weft_in(&dir, &["new", "game", "lantern-market"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("created ./lantern-market/game.toml"), "{out}");
    assert!(
        out.contains("next: weft check --pack ./lantern-market"),
        "{out}"
    );
    let (code, out, err) = weft_in(&dir, &["check", "--pack", "lantern-market"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("0 problems, 0 warnings"), "{out}");
    let (code, out, err) = weft_in(&dir, &["test", "--pack", "lantern-market"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("3 tests, 3 passed, 0 failed"), "{out}");
    let (code, out, err) = weft_in(
        &dir,
        &[
            "sim",
            "--pack",
            "lantern-market",
            "--games",
            "20",
            "--players",
            "3",
            "--bots",
            "greedy",
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("finished 20"), "{out}");
    // A second run refuses to overwrite.
    let (code, _, err) = weft_in(&dir, &["new", "game", "lantern-market"]);
    assert_ne!(code, 0);
    assert!(err.contains("already exists"), "{err}");
}

/// `weft new` says which files it created and which it changed, and its next command is
/// one that runs as printed (issue 13, item 6).
#[test]
fn new_names_created_and_changed_files_and_a_next_command_that_runs() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("scaffold-said");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (code, out, err) = weft_in(&dir, &["new", "pack", "said"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("created ./said/board.toml"), "{out}");
    let (code, out, err) = weft_in(
        &dir,
        &["new", "tile", "stall", "--kind", "shop", "--pack", "said"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("created said/tiles/stall.toml"), "{out}");
    assert!(
        out.contains("changed said/board.toml"),
        "an existing file is changed: {out}"
    );
    let next = out
        .lines()
        .find_map(|l| l.strip_prefix("next: weft "))
        .expect("a next command");
    assert_eq!(next, "check --pack said");
    let mut args: Vec<&str> = next.split_whitespace().collect();
    args.extend(["--games", "2"]);
    let (code, out, err) = weft_in(&dir, &args);
    assert_eq!(code, 0, "{out}{err}");
}
