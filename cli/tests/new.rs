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
        &["new", "card", "x01", "--zone", "common", "--pack", "mine"],
        &["new", "card", "x02", "--zone", "merchant", "--pack", "mine"],
        &["new", "card", "x03", "--zone", "royal", "--pack", "mine"],
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
        &["new", "card", "x01", "--zone", "common", "--pack", "mine"],
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
    assert!(out.contains("1 test, 1 passed, 0 failed"), "{out}");
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
        out.contains("1 test, 1 passed, 0 failed, 1 filtered out (not run)"),
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

/// Runs `weft new …` in `dir` and expects it to succeed.
fn new_ok(dir: &std::path::Path, args: &[&str]) -> (String, String) {
    let mut all = vec!["new"];
    all.extend(args);
    let (code, out, err) = weft_in(dir, &all);
    assert_eq!(code, 0, "{all:?}: {out}{err}");
    (out, err)
}

/// Runs `weft new …` in `dir`, expects a refusal (exit 1) that writes nothing in
/// `pack`, and returns the message.
fn new_refused(dir: &std::path::Path, pack: &str, args: &[&str]) -> String {
    let before = tree(&dir.join(pack));
    let mut all = vec!["new"];
    all.extend(args);
    let (code, out, err) = weft_in(dir, &all);
    assert_eq!(code, 1, "{all:?}: {out}{err}");
    assert!(out.is_empty(), "{all:?} printed {out}");
    assert!(err.contains("nothing was written"), "{all:?}: {err}");
    assert_eq!(tree(&dir.join(pack)), before, "{all:?} wrote something");
    err
}

/// Every file below `dir` with its text, sorted by path.
fn tree(dir: &std::path::Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(tree(&path));
        } else {
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((path, text));
        }
    }
    out.sort();
    out
}

/// `weft check` and `weft test` pass on the pack as it stands.
fn check_and_test(dir: &std::path::Path, pack: &str) {
    let (code, out, err) = weft_in(dir, &["check", "--pack", pack, "--games", "4"]);
    assert_eq!(code, 0, "{pack}: {out}{err}");
    assert!(out.contains("0 problems"), "{out}");
    let (code, out, err) = weft_in(dir, &["test", "--pack", pack]);
    assert_eq!(code, 0, "{pack}: {out}{err}");
    assert!(out.contains(" 0 failed"), "{out}");
}

/// Issue 29, item 3: the scaffolds compose. In an expansion of Tabriz (`weft new pack`)
/// every tile kind and a card of every deck (and a starting card) fit the base game (its
/// start slot, its materials and dice, its decks); an area is refused, since Tabriz places no workers.
/// After each scaffold, `weft check` and `weft test` pass.
#[test]
fn scaffolds_fit_an_expansion_of_tabriz() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("scaffold-compose-pack");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    new_ok(&dir, &["pack", "exp"]);
    for kind in ["shop", "trader", "dice", "custom"] {
        let id = format!("my-{kind}");
        new_ok(&dir, &["tile", &id, "--kind", kind, "--pack", "exp"]);
        check_and_test(&dir, "exp");
    }
    let board = std::fs::read_to_string(dir.join("exp/board.toml")).unwrap();
    assert_eq!(board.matches("a = \"plaza\"").count(), 4, "{board}");
    let shop = std::fs::read_to_string(dir.join("exp/tiles/my-shop.toml")).unwrap();
    assert!(shop.contains("sells = [\"wool\"]"), "{shop}");
    let dice = std::fs::read_to_string(dir.join("exp/tiles/my-dice.toml")).unwrap();
    assert!(dice.contains("dice = [\"black\"]"), "{dice}");
    for (id, grade) in [
        ("e1", "common"),
        ("e2", "merchant"),
        ("e3", "royal"),
        ("e4", "starting"),
    ] {
        new_ok(&dir, &["card", id, "--zone", grade, "--pack", "exp"]);
    }
    check_and_test(&dir, "exp");
    // Refusals name what the game has.
    let err = new_refused(&dir, "exp", &["card", "e5", "--pack", "exp"]);
    assert!(err.contains("say which pile the card starts in"), "{err}");
    assert!(
        err.contains("shared piles: common_deck, merchant_deck, royal_deck, starting"),
        "{err}"
    );
    let err = new_refused(
        &dir,
        "exp",
        &["card", "e5", "--zone", "gold", "--pack", "exp"],
    );
    assert!(
        err.contains("`gold` is neither a zone nor a deck of Tabriz"),
        "{err}"
    );
    assert!(err.contains("royal_deck"), "{err}");
    let err = new_refused(
        &dir,
        "exp",
        &["card", "e5", "--zone", "hand", "--pack", "exp"],
    );
    assert!(err.contains("`hand` is a player zone"), "{err}");
    let err = new_refused(
        &dir,
        "exp",
        &["card", "c01", "--zone", "common", "--pack", "exp"],
    );
    assert!(
        err.contains("Tabriz already has a card `c01` (tabriz/cards/common.toml)"),
        "{err}"
    );
    let err = new_refused(
        &dir,
        "exp",
        &["tile", "wool-shop", "--kind", "shop", "--pack", "exp"],
    );
    assert!(err.contains("already has a tile `wool-shop`"), "{err}");
    let err = new_refused(&dir, "exp", &["area", "well", "--pack", "exp"]);
    assert!(err.contains("Tabriz does not place workers"), "{err}");
    assert!(err.contains("[placement]"), "{err}");
    assert!(err.contains("weft new tile"), "{err}");
}

/// Issue 29, item 3: in a game made by `weft new game` (zones, [[cards]], an area; no
/// board, materials or decks), a custom tile gains coins on a slot with no path, a card
/// is a [[cards]] template in a zone of the game with the params its scripts read, and
/// an area with its Lua is added and played; a shop, trader or dice tile and a pile
/// the game does not have are refused, naming what the game has. `weft check` and `weft test`
/// pass after each scaffold.
#[test]
fn scaffolds_fit_a_new_game() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("scaffold-compose-game");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    new_ok(&dir, &["game", "lg"]);
    for (kind, needs) in [
        ("shop", "[[materials]]"),
        ("trader", "[[materials]]"),
        ("dice", "[[dice]]"),
    ] {
        let err = new_refused(
            &dir,
            "lg",
            &["tile", "lamp-shop", "--kind", kind, "--pack", "lg"],
        );
        assert!(
            err.contains(&format!("a {kind} tile needs {needs}"))
                && err.contains("Lg declares none"),
            "{err}"
        );
        assert!(err.contains("--kind custom"), "{err}");
    }
    let (_, err) = new_ok(&dir, &["tile", "lamp", "--kind", "custom", "--pack", "lg"]);
    assert!(
        err.contains("no piece ever takes this tile's action"),
        "{err}"
    );
    let board = std::fs::read_to_string(dir.join("lg/board.toml")).unwrap();
    assert!(
        board.contains("id = \"lamp-slot\"") && !board.contains("[[paths]]"),
        "{board}"
    );
    let lua = std::fs::read_to_string(dir.join("lg/tiles/lamp.lua")).unwrap();
    assert!(
        lua.contains("ctx:gain(ctx:player(), \"coins\", params.gain)"),
        "{lua}"
    );
    check_and_test(&dir, "lg");
    // A card: the game's only shared pile is the default zone.
    let (out, _) = new_ok(&dir, &["card", "paper", "--pack", "lg"]);
    assert!(out.contains("created lg/cards/deck.toml"), "{out}");
    let cards = std::fs::read_to_string(dir.join("lg/cards/deck.toml")).unwrap();
    assert!(cards.contains("zone = \"deck\""), "{cards}");
    assert!(
        cards.contains("params = { cost = 2, prestige = 3 }"),
        "{cards}"
    );
    // A grid is filled from a pile by a refill step: no card starts in it (issue 30,
    // item 9, class 5: the setup deal made the grid longer than its positions).
    let err = new_refused(
        &dir,
        "lg",
        &["card", "silk", "--zone", "market", "--pack", "lg"],
    );
    assert!(err.contains("`market` is a grid"), "{err}");
    assert!(err.contains("shared piles: deck"), "{err}");
    check_and_test(&dir, "lg");
    let err = new_refused(
        &dir,
        "lg",
        &["card", "lamp", "--zone", "common", "--pack", "lg"],
    );
    assert!(
        err.contains("`common` is neither a zone nor a deck of Lg"),
        "{err}"
    );
    assert!(err.contains("piles: deck"), "{err}");
    assert!(err.contains("--zone deck"), "{err}");
    let err = new_refused(
        &dir,
        "lg",
        &["card", "lamp", "--zone", "tableau", "--pack", "lg"],
    );
    assert!(err.contains("`tableau` is a player zone"), "{err}");
    assert!(err.contains("piles: deck"), "{err}");
    let err = new_refused(&dir, "lg", &["card", "lantern", "--pack", "lg"]);
    assert!(err.contains("already has a card `lantern`"), "{err}");
    // An area, played by a scenario test.
    let (out, _) = new_ok(&dir, &["area", "well", "--pack", "lg"]);
    assert!(out.contains("changed lg/board.toml"), "{out}");
    assert!(out.contains("created lg/areas/well.lua"), "{out}");
    std::fs::write(
        dir.join("lg/tests/well.lua"),
        r#"return {
  ["a worker at the well takes 2 coins"] = function(t)
    local g = t:game{ players = 2, seed = 1 }
    local p = g:player()
    g:answer("place:well")
    g:answer("place:well")
    t:eq(g:player(), p, "the first worker placed resolves first")
    g:answer("take")
    t:eq(g:count(p, "coins"), 5)
  end,
  ["or pays 3 coins for 2 prestige"] = function(t)
    local g = t:game{ players = 2, seed = 1 }
    local p = g:player()
    g:answer("place:well")
    g:answer("place:well")
    g:answer("prestige")
    t:eq(g:count(p, "coins"), 0)
    t:eq(g:count(p, 'prestige'), 2)
  end,
}
"#,
    )
    .unwrap();
    check_and_test(&dir, "lg");
    let err = new_refused(&dir, "lg", &["area", "stall", "--pack", "lg"]);
    assert!(
        err.contains("Lg already has an area `stall` (lg/board.toml"),
        "{err}"
    );
}

/// A pack that does not load is not guessed at: the scaffold says why and writes
/// nothing. The help of `weft new card` names Tabriz's piles and the zones.
#[test]
fn scaffolds_need_a_pack_that_loads_and_say_so() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("scaffold-broken");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    new_ok(&dir, &["pack", "broken"]);
    std::fs::write(
        dir.join("broken/game.toml"),
        "[end]\ncommissions = \"many\"\n",
    )
    .unwrap();
    let err = new_refused(
        &dir,
        "broken",
        &["tile", "x", "--kind", "custom", "--pack", "broken"],
    );
    assert!(err.contains("broken/game.toml"), "{err}");
    assert!(err.contains("does not load"), "{err}");
    let (code, out, _) = weft_in(&dir, &["new", "card", "--help"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("common_deck, merchant_deck, royal_deck, starting"),
        "{out}"
    );
    assert!(out.contains("--zone <ZONE>"), "{out}");
    let (code, out, _) = weft_in(&dir, &["new", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("area"), "{out}");
}
