//! The hostile-input catalogue (`tests/hostile/README.md`), one test per case. Every
//! case ends in a clear error that names the place, leaves the state as it was, stays
//! bounded, and leaves the engine able to play the next game.

use std::sync::Arc;

use weft_core::agent::Agent;
use weft_core::content::{load_content, Content, PackFiles};
use weft_core::decision::Decision;
use weft_core::error::{EngineError, RuleError};
use weft_core::replay::{verify, Replay, ReplayError};
use weft_core::sim::{play_game, play_game_guarded, Limits};
use weft_core::{Engine, GameState};
use weft_tests::{at_courtyard, fixture_files, library, with_courtyard_script, Game};

/// The fixture pack with the courtyard's behaviour replaced by `source`.
fn pack_with_courtyard(source: &str) -> PackFiles {
    let mut f = fixture_files();
    with_courtyard_script(&mut f, source);
    f
}

fn script(case: &str) -> String {
    std::fs::read_to_string(weft_tests::repo().join("tests/hostile").join(case)).unwrap()
}

fn content_for(case: &str) -> Arc<Content> {
    Arc::new(
        load_content(&[pack_with_courtyard(&script(case))], &library())
            .unwrap_or_else(|e| panic!("{e}")),
    )
}

/// Plays a whole game on `engine`, never taking the courtyard's action, and checks it
/// finishes without error: the engine (and its VM) still works.
fn next_game_runs(engine: &mut Engine) {
    struct Avoid(weft_core::agent::RandomAgent);
    impl Agent for Avoid {
        fn name(&self) -> &str {
            "avoid"
        }
        fn choose(&mut self, engine: &mut Engine, st: &GameState, d: &Decision) -> usize {
            let c = engine.content().clone();
            if let (Some(i), Some(slot)) = (d.index_of("pass"), st.flow.acted) {
                if c.tiles[st.board[slot as usize].tile as usize].id == "courtyard" {
                    return i;
                }
            }
            self.0.choose(engine, st, d)
        }
    }
    let mut seats: Vec<Box<dyn Agent>> = (0..2)
        .map(|s| Box::new(Avoid(weft_core::agent::RandomAgent::new(s))) as Box<dyn Agent>)
        .collect();
    let record = play_game(engine, &mut seats, 99, 0);
    assert!(
        record.error.is_none(),
        "the next game failed: {:?}",
        record.error
    );
    assert!(record.finished());
}

/// Takes the hostile action and checks the common promises; returns the message.
fn script_error(case: &str) -> String {
    script_error_in(case, content_for(case))
}

fn script_error_in(case: &str, content: Arc<Content>) -> String {
    let mut g = at_courtyard(content);
    let before = g.st.clone();
    let started = std::time::Instant::now();
    let err = g
        .try_answer("act")
        .err()
        .unwrap_or_else(|| panic!("{case}: the hostile script must fail"));
    assert!(started.elapsed().as_secs() < 10, "{case}: bounded time");
    assert_eq!(g.st, before, "{case}: the state is unchanged");
    let EngineError::Script(e) = &err else {
        panic!("{case}: expected a script error, got {err}")
    };
    assert_eq!(e.pack, "rules-fixture", "{case}: {err}");
    assert_eq!(e.file, "rules-fixture/tiles/courtyard.lua", "{case}: {err}");
    assert_eq!(e.hook, "action");
    assert!(e.owner.contains("courtyard"));
    assert!(e.message.chars().count() <= 1100, "{case}: message capped");
    let text = err.to_string();
    assert!(
        text.contains("in hook `action`") && text.contains("left unchanged"),
        "{text}"
    );
    g.answer("pass");
    next_game_runs(&mut g.engine);
    e.message.clone()
}

fn budget(case: &str) {
    let m = script_error(case);
    assert!(m.contains("instruction budget"), "{case}: {m}");
}

#[test]
fn case_01_no_os_or_io() {
    let m = script_error("01-os-io.lua");
    assert!(m.contains("nil"), "{m}");
}

#[test]
fn case_02_no_loaders() {
    let m = script_error("02-loaders.lua");
    assert!(m.ends_with("present: "), "nothing may be present: {m}");
}

#[test]
fn case_03_require_paths_refused() {
    let m = script_error("03-require-path.lua");
    assert!(m.contains("falsefalsefalse"), "{m}");
    assert!(
        m.contains("paths are not allowed") && m.contains("not found"),
        "{m}"
    );
}

#[test]
fn case_04_bytecode_refused() {
    script_error("04-dump.lua");
    // A .lua file holding real Luau bytecode is refused at load.
    let bytecode = mlua::Compiler::new().compile("return {}").unwrap();
    let mut f = fixture_files();
    let as_text = String::from_utf8(bytecode.clone());
    match as_text {
        Ok(text) => {
            f.files.insert("tiles/courtyard.lua".into(), text);
            let t = f.files["tiles/courtyard.toml"]
                .replace("behaviour = \"weft.personal_workshop\"", "");
            f.files.insert("tiles/courtyard.toml".into(), t);
            let c = Arc::new(load_content(&[f], &library()).unwrap());
            let err = weft_core::lua::LuaHost::new(c)
                .err()
                .expect("bytecode refused");
            assert!(
                err.0
                    .iter()
                    .any(|e| e.file == "rules-fixture/tiles/courtyard.lua"),
                "{err}"
            );
        }
        Err(_) => {
            let errs =
                PackFiles::from_bytes("t", vec![("tiles/courtyard.lua", bytecode)]).unwrap_err();
            assert_eq!(errs.len(), 1);
        }
    }
}

#[test]
fn case_05_endless_loop() {
    budget("05-loop.lua");
}

#[test]
fn case_06_pcall_cannot_catch_the_budget() {
    budget("06-pcall-loop.lua");
}

#[test]
fn case_07_coroutines_absent() {
    let m = script_error("07-coroutine.lua");
    assert!(m.contains("nil"), "{m}");
}

#[test]
fn case_08_xpcall_handler_loop() {
    budget("08-xpcall.lua");
}

#[test]
fn case_09_pathological_pattern() {
    budget("09-pattern.lua");
}

#[test]
fn case_10_memory_bombs() {
    for case in [
        "10-memory-concat.lua",
        "10-memory-tables.lua",
        "10-memory-rep.lua",
    ] {
        // A budget large enough that the memory cap, not the budget, stops the script.
        let mut c = (*content_for(case)).clone();
        c.instruction_budget = 1_000_000_000;
        let m = script_error_in(case, Arc::new(c));
        assert!(
            m.contains("memory") || m.contains("too large"),
            "{case}: {m}"
        );
    }
}

#[test]
fn case_11_unbounded_recursion() {
    for case in [
        "11-recursion-call.lua",
        "11-recursion-index.lua",
        "11-recursion-gsub.lua",
        "11-recursion-tostring.lua",
    ] {
        let m = script_error(case);
        assert!(
            m.contains("stack overflow")
                || m.contains("instruction budget")
                || m.contains("C stack")
                || m.contains("error in error handling"),
            "{case}: {m}"
        );
    }
}

#[test]
fn case_12_deep_nesting_is_a_load_error() {
    for (open, close) in [("{", "}"), ("(", ")")] {
        let source = format!(
            "return {{ action = function(ctx) local x = {}1{} end }}",
            open.repeat(100_000),
            close.repeat(100_000)
        );
        let c = Arc::new(load_content(&[pack_with_courtyard(&source)], &library()).unwrap());
        let err = weft_core::lua::LuaHost::new(c).err().expect("a load error");
        assert!(
            err.0
                .iter()
                .any(|e| e.file == "rules-fixture/tiles/courtyard.lua"),
            "{err}"
        );
    }
}

#[test]
fn case_13_libraries_are_read_only() {
    let m = script_error("13-patch.lua");
    assert!(m.contains("refused 6"), "{m}");
    // And nothing leaked into other scripts: the base pack still plays.
}

#[test]
fn case_15_error_after_changes_leaves_state_unchanged() {
    let m = script_error("15-error-after-change.lua");
    assert!(m.ends_with('x'), "{m}");
}

#[test]
fn case_16_panic_in_host_function() {
    // The script's pcall cannot swallow the panic: the game ends as errored, reported,
    // and the process lives.
    struct ActThere;
    impl Agent for ActThere {
        fn name(&self) -> &str {
            "act"
        }
        fn choose(&mut self, _: &mut Engine, _: &GameState, d: &Decision) -> usize {
            d.index_of("act")
                .or_else(|| d.index_of("move:plaza:west"))
                .unwrap_or(0)
        }
    }
    let mut engine = Engine::with_lua(content_for("16-panic.lua")).unwrap();
    let mut seats: Vec<Box<dyn Agent>> = vec![Box::new(ActThere), Box::new(ActThere)];
    let (record, panicked) = play_game_guarded(&mut engine, &mut seats, 5, 0, &Limits::default());
    assert!(panicked);
    let e = record.error.expect("reported");
    assert!(e.contains("panic"), "{e}");
    let mut fresh = Engine::with_lua(content_for("16-panic.lua")).unwrap();
    next_game_runs(&mut fresh);
}

#[test]
fn case_17_yield_is_an_error() {
    let m = script_error("17-yield.lua");
    assert!(m.contains("nil"), "{m}");
}

#[test]
fn case_18_bad_tables_are_conversion_errors() {
    let m = script_error("18-cyclic-option.lua");
    assert!(m.contains("key"), "{m}");
    // Option tables are read raw: the raising `__index` is never run, and the table,
    // which holds no key of its own, is refused as one without a key.
    let m = script_error("18-index-raises.lua");
    assert!(m.contains("needs key") && m.contains("__index"), "{m}");
    let m = script_error("18-nan-key.lua");
    assert!(m.contains("NaN") || m.contains("nan"), "{m}");
    let m = script_error("18-deep-options.lua");
    assert!(m.contains("option"), "{m}");
}

/// Loads the base pack with one file replaced; returns the errors.
fn broken(path: &str, text: &str) -> Vec<weft_core::content::ContentError> {
    let mut f = fixture_files();
    f.files.insert(path.into(), text.into());
    load_content(&[f], &library()).expect_err("must not load").0
}

#[test]
fn case_19_deep_toml_is_a_parse_error() {
    for deep in [
        format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)),
        format!("{}1{}", "{a=".repeat(100_000), "}".repeat(100_000)),
    ] {
        let errs = broken(
            "tiles/deep.toml",
            &format!("id = \"deep\"\nname = \"d\"\nkind = \"shop\"\n[params]\nx = {deep}\n"),
        );
        let e = errs
            .iter()
            .find(|e| e.file == "rules-fixture/tiles/deep.toml")
            .expect("named");
        assert_eq!(e.line, Some(5), "{e}");
    }
}

#[test]
fn case_20_typed_toml_errors_have_positions() {
    let wool = fixture_files().files["tiles/wool-shop.toml"].clone();
    let cases = [
        (
            "duplicate key",
            wool.replace("kind = \"shop\"", "kind = \"shop\"\nkind = \"shop\""),
        ),
        (
            "integer too large",
            wool.replace(
                "max_buy = 3\n\n[[params",
                "max_buy = 99999999999999999999999\n\n[[params",
            ),
        ),
        (
            "wrong type",
            wool.replace("name = \"Wool merchant\"", "name = 7"),
        ),
        (
            "unknown field",
            wool.replace("kind = \"shop\"", "kind = \"shop\"\nprice = 3"),
        ),
    ];
    for (what, text) in cases {
        let errs = broken("tiles/wool-shop.toml", &text);
        let e = errs
            .iter()
            .find(|e| e.file == "rules-fixture/tiles/wool-shop.toml")
            .unwrap_or_else(|| panic!("{what}: {errs:?}"));
        assert!(e.line.is_some() && e.column.is_some(), "{what}: {e}");
    }
    let common = fixture_files().files["cards/common.toml"].clone();
    let errs = broken(
        "cards/common.toml",
        &common.replacen("wool = 2", "wool = -2", 1),
    );
    assert!(
        errs[0].line.is_some() && errs[0].column.is_some(),
        "negative count: {}",
        errs[0]
    );
}

#[test]
fn case_21_bad_bytes_refused_before_parsing() {
    let big = vec![b' '; weft_core::content::MAX_FILE_BYTES + 1];
    for (name, bytes) in [
        ("big.toml", big),
        ("latin1.toml", vec![b'a', 0xe9, b'\n']),
        ("nul.lua", b"return {}\0".to_vec()),
    ] {
        let errs = PackFiles::from_bytes("t", vec![(name, bytes)]).unwrap_err();
        assert_eq!(errs[0].file, name);
    }
    // Removed with everything in it when the test ends.
    let scratch = tempfile::Builder::new()
        .prefix("weft-hostile-21-")
        .tempdir()
        .unwrap();
    let dir = scratch.path().join("work");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("huge.toml"),
        vec![b'#'; weft_core::content::MAX_FILE_BYTES + 10],
    )
    .unwrap();
    let errs = PackFiles::from_dir(&dir).unwrap_err();
    assert!(errs[0].message.contains("limit"), "{}", errs[0]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn case_22_behaviour_paths_cannot_leave_the_pack() {
    for path in [
        "../../etc/passwd.lua",
        "/etc/x.lua",
        "tiles/../../x.lua",
        "C:/x.lua",
    ] {
        let t =
            fixture_files().files["tiles/courtyard.toml"].replace("weft.personal_workshop", path);
        let errs = broken("tiles/courtyard.toml", &t);
        let e = errs
            .iter()
            .find(|e| e.file == "rules-fixture/tiles/courtyard.toml")
            .unwrap_or_else(|| panic!("{path}: {errs:?}"));
        assert!(e.line.is_some(), "{e}");
    }
}

#[test]
fn case_23_illegal_answers_are_typed_rule_errors() {
    let mut g = Game::new(3, 4);
    let before = g.st.clone();
    assert!(matches!(
        g.engine.apply(&mut g.st, 10_000usize),
        Err(EngineError::Rule(RuleError::IndexOutOfRange { .. }))
    ));
    assert!(matches!(
        g.try_answer("nope"),
        Err(EngineError::Rule(RuleError::UnknownKey { .. }))
    ));
    let other = (g.current() + 1) % 3;
    assert!(matches!(
        g.engine.apply_as(&mut g.st, other, 0usize),
        Err(EngineError::Rule(RuleError::WrongPlayer { .. }))
    ));
    assert_eq!(g.st, before);
    g.pass_until(|g| g.st.is_over());
    assert!(matches!(
        g.engine.apply(&mut g.st, 0usize),
        Err(EngineError::Rule(RuleError::GameOver))
    ));
}

#[test]
fn case_24_bad_replays_say_what_and_where() {
    let content = weft_tests::content();
    let mut engine = Engine::with_lua(content.clone()).unwrap();
    let mut seats: Vec<Box<dyn Agent>> = (0..2)
        .map(|s| Box::new(weft_core::agent::RandomAgent::new(s)) as Box<dyn Agent>)
        .collect();
    let record = play_game(&mut engine, &mut seats, 8, 0);
    let json = record.replay.to_json();
    assert!(
        matches!(
            Replay::from_json(&json[..json.len() / 2]),
            Err(ReplayError::Parse(_))
        ),
        "truncated"
    );
    assert!(matches!(
        Replay::from_json("not json"),
        Err(ReplayError::Parse(_))
    ));
    let mut other = record.replay.clone();
    other.digest = "0000".into();
    assert!(matches!(
        verify(&content, &mut engine, &other),
        Err(ReplayError::Digest { .. })
    ));
    let mut illegal = record.replay.clone();
    illegal.answers[5] = "move:nowhere:never".into();
    match verify(&content, &mut engine, &illegal) {
        Err(ReplayError::Illegal { index, .. }) => assert_eq!(index, 5),
        other => panic!("expected an illegal answer at 5, got {other:?}"),
    }
    assert_eq!(
        verify(&content, &mut engine, &record.replay).unwrap(),
        record.replay.answers.len()
    );
    // With checkpoints, a divergence is located between two checkpoints.
    let mut checked = record.replay.clone();
    checked.add_checkpoints(&mut engine);
    assert!(
        checked.checkpoints.len() >= 2,
        "the game is long enough for checkpoints"
    );
    assert_eq!(
        verify(&content, &mut engine, &checked).unwrap(),
        checked.answers.len()
    );
    checked.checkpoints[1].1 = "0".repeat(32); // well-formed, but not the state's hash
    match verify(&content, &mut engine, &checked) {
        Err(ReplayError::Diverged { at, last_good, .. }) => assert_eq!((last_good, at), (25, 50)),
        other => panic!("expected a located divergence, got {other:?}"),
    }
}
