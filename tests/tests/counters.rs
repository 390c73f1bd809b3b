//! Counters (issues 11 and 30): what a player holds is a list of counters the pack
//! declares: its materials, then its `[[counters]]` (Tabriz declares coins, prestige,
//! skill and the commissions fulfilled; weft has none built in), with a minimum, a maximum and what a gain past it does (Cabriole's
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
fn declared_counters_follow_the_materials_and_start_at_zero() {
    let c = load(COUNTERS, "").unwrap_or_else(|e| panic!("{e}"));
    let ids: Vec<&str> = c.counters.iter().map(|k| k.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "wool",
            "green",
            "camel",
            "red",
            "silk",
            "coins",
            "prestige",
            "skill",
            "commissions",
            "oak",
            "favour",
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

/// Every counter moves by the same verbs: a gain on the skill track passes its
/// unlocks (R-SKILL-3: move_range 4 from skill 4), `add` takes the score below 0 (its
/// declared `min`), and refuses a counter below its own.
#[test]
fn the_track_and_the_score_move_by_the_common_verbs() {
    let (c, g) = act(r#"local p = ctx:player()
           assert(ctx:ability(p, 'move_range') == 3)
           assert(ctx:gain(p, 'skill', 4) == 4)
           assert(ctx:ability(p, 'move_range') == 4)
           assert(ctx:add(p, 'prestige', -3) == -3)
           assert(ctx:count(p, 'prestige') == -3)"#)
    .unwrap();
    let p = g.current();
    assert_eq!(g.st.players[p].count(c.counter("skill").unwrap()), 4);
    let e = act(r#"ctx:add(ctx:player(), "coins", -100)"#)
        .err()
        .expect("refused")
        .to_string();
    assert!(e.contains("outside its range 0.."), "{e}");
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
fn a_material_and_a_counter_may_not_share_an_id() {
    let mut files = fixture_files();
    let game = files.files["game.toml"].replace("id = \"silk\"", "id = \"prestige\"");
    let game = game.replace("\"silk\"", "\"prestige\"");
    files.files.insert("game.toml".into(), game);
    let errs = load_content(&[files], &library())
        .expect_err("refused")
        .to_string();
    assert!(
        errs.contains("counter `prestige` is declared twice (materials are counters too)"),
        "{errs}"
    );
}
