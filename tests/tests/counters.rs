//! Counters (issue 11): what a player holds is a list of counters the pack declares.
//! Tabriz's coins, materials, skill and prestige are counters; a pack adds its own with
//! `[[counters]]`, with a minimum, a maximum and what a gain past it does (Cabriole's
//! C-LIMIT-1 DECISION: a stock of at most 7, the excess lost).

use std::sync::Arc;

use weft_core::content::{load_content, Content, ContentErrors};
use weft_core::error::EngineError;
use weft_tests::{at_courtyard, fixture_files, library, with_courtyard_script};

const COUNTERS: &str = r#"
[[counters]]
id = "oak"
name = "Oak"
max = 7
over = "clip"
value = 2

[[counters]]
id = "favour"
name = "Favour"
min = -3
max = 2

[[counters]]
id = "marks"
name = "Marks"
supply = 4
"#;

/// The fixture with `extra` appended to game.toml and the courtyard's action `action`.
fn load(extra: &str, action: &str) -> Result<Content, ContentErrors> {
    let mut files = fixture_files();
    let game = format!("{}\n{extra}", files.files["game.toml"]);
    files.files.insert("game.toml".into(), game);
    with_courtyard_script(
        &mut files,
        &format!("return {{ action = function(ctx)\n{action}\nend }}"),
    );
    load_content(&[files], &library())
}

/// Plays the courtyard action `action` for the first player; the state after, or the
/// error (with the state checked unchanged).
fn act(action: &str) -> Result<(Arc<Content>, weft_tests::Game), EngineError> {
    let c = Arc::new(load(COUNTERS, action).unwrap_or_else(|e| panic!("{e}")));
    let mut g = at_courtyard(Arc::clone(&c));
    let before = g.st.clone();
    match g.try_answer("act") {
        Ok(()) => Ok((c, g)),
        Err(e) => {
            assert_eq!(g.st, before, "an error changes nothing");
            Err(e)
        }
    }
}

#[test]
fn declared_counters_follow_the_built_in_ones_and_start_at_zero() {
    let c = load(COUNTERS, "").unwrap_or_else(|e| panic!("{e}"));
    let ids: Vec<&str> = c.counters.iter().map(|k| k.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "coins", "wool", "green", "camel", "red", "silk", "skill", "prestige", "oak", "favour",
            "marks"
        ]
    );
    let (_, g) = act("").unwrap();
    let p = g.current();
    assert_eq!((g.count(p, "oak"), g.count(p, "favour")), (0, 0));
}

/// C-LIMIT-1 DECISION: a capped stock with `over = "clip"` keeps 7; the excess is lost
/// and logged, never an error.
#[test]
fn a_clipping_maximum_keeps_the_cap_and_loses_the_rest() {
    let (_, g) = act(r#"local p = ctx:player()
           assert(ctx:gain(p, "oak", 5) == 5)
           assert(ctx:gain(p, "oak", 5) == 2)
           assert(ctx:count(p, "oak") == 7)"#)
    .unwrap();
    let p = 1 - g.current(); // the turn has moved on
    assert_eq!(g.count(p, "oak"), 7);
}

/// A refusing maximum (the default) makes the gain an error, and nothing changes.
#[test]
fn a_refusing_maximum_is_an_error_that_changes_nothing() {
    let e = act(r#"local p = ctx:player()
           ctx:gain(p, "coins", 1)
           ctx:gain(p, "favour", 3)"#)
    .err()
    .expect("refused")
    .to_string();
    assert!(e.contains("more than its maximum of 2"), "{e}");
}

/// A minimum below zero lets a counter go negative down to it, no further.
#[test]
fn a_minimum_bounds_paying() {
    let (_, g) = act(r#"ctx:pay(ctx:player(), "favour", 3)"#).unwrap();
    assert_eq!(g.count(1 - g.current(), "favour"), -3);
    let e = act(r#"ctx:pay(ctx:player(), "favour", 4)"#)
        .err()
        .expect("refused")
        .to_string();
    assert!(e.contains("cannot pay 4"), "{e}");
}

/// R-SUPPLY-1 for any counter: a limited supply gives what it has, and gets back what
/// is paid.
#[test]
fn a_counters_supply_runs_out() {
    let (c, g) = act(r#"local p = ctx:player()
           assert(ctx:gain(p, "marks", 3) == 3)
           assert(ctx:gain(p, "marks", 3) == 1)
           ctx:pay(p, "marks", 2)"#)
    .unwrap();
    let marks = c.counter("marks").unwrap() as usize;
    assert_eq!(g.st.supply[marks], Some(2));
}

/// The skill track and the score have their own verbs (unlocks and the end trigger
/// ride on them): `gain` and `pay` refuse them, `count` reads them.
#[test]
fn skill_and_prestige_are_read_by_count_but_moved_by_their_own_verbs() {
    let (_, g) = act(r#"local p = ctx:player()
           assert(ctx:count(p, "skill") == ctx:skill(p))
           assert(ctx:count(p, "prestige") == ctx:prestige(p))"#)
    .unwrap();
    drop(g);
    for (verb, what, says) in [
        ("gain", "skill", "ctx:add_skill"),
        ("pay", "prestige", "ctx:add_prestige"),
    ] {
        let e = act(&format!(r#"ctx:{verb}(ctx:player(), "{what}", 1)"#))
            .err()
            .expect("refused")
            .to_string();
        assert!(e.contains(says), "{e}");
    }
    let e = act(r#"ctx:count(ctx:player(), "gold")"#)
        .err()
        .expect("refused")
        .to_string();
    assert!(e.contains("`gold` is not a counter"), "{e}");
}

#[test]
fn bad_counter_declarations_are_load_errors_with_lines() {
    let errs = load(
        r#"
[[counters]]
id = "wool"
name = "Twice"

[[counters]]
id = "odd"
name = "Odd"
min = 5
max = 1
over = "wrap"
"#,
        "",
    )
    .expect_err("refused")
    .to_string();
    assert!(errs.contains("counter `wool` is declared twice"), "{errs}");
    assert!(errs.contains("counter `odd`: max is below min"), "{errs}");
    assert!(
        errs.contains("over = \"wrap\" is not refuse or clip"),
        "{errs}"
    );
    assert!(errs.contains("game.toml:"), "{errs}");
}

#[test]
fn a_material_may_not_take_a_built_in_counters_name() {
    let mut files = fixture_files();
    let game = files.files["game.toml"].replace("id = \"silk\"", "id = \"prestige\"");
    let game = game.replace("\"silk\"", "\"prestige\"");
    files.files.insert("game.toml".into(), game);
    let errs = load_content(&[files], &library())
        .expect_err("refused")
        .to_string();
    assert!(
        errs.contains("material `prestige` has the name of a built-in counter"),
        "{errs}"
    );
}
