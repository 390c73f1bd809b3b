//! DESIGN invariant 10: rule errors and script errors leave the state unchanged;
//! content errors name file, line and column, all at once.

use weft_core::content::{load_content, PackFiles};
use weft_core::error::{EngineError, RuleError};
use weft_tests::{at_courtyard, content_with_courtyard, fixture_files, library, Game};

/// An illegal answer is a typed rule error and changes nothing.
#[test]
fn illegal_answers_change_nothing() {
    let mut g = Game::new(3, 1);
    let before = g.st.clone();
    assert!(matches!(
        g.try_answer("move:plaza:nowhere"),
        Err(EngineError::Rule(RuleError::UnknownKey { .. }))
    ));
    assert!(matches!(
        g.engine.apply(&mut g.st, 999usize),
        Err(EngineError::Rule(RuleError::IndexOutOfRange { .. }))
    ));
    let wrong = (g.current() + 1) % 3;
    assert!(matches!(
        g.engine.apply_as(&mut g.st, wrong, 0usize),
        Err(EngineError::Rule(RuleError::WrongPlayer { .. }))
    ));
    assert_eq!(g.st, before);
    g.pass_until(|g| g.st.is_over());
    let over = g.st.clone();
    assert!(matches!(
        g.engine.apply(&mut g.st, 0usize),
        Err(EngineError::Rule(RuleError::GameOver))
    ));
    assert_eq!(g.st, over);
}

/// A hook that changes the state and then fails leaves the state exactly as it was, and
/// the error names the pack, file, line, tile and hook.
#[test]
fn script_errors_change_nothing_and_say_where() {
    let mut g = at_courtyard(content_with_courtyard(
        "return {\n  action = function(ctx)\n    ctx:gain(ctx:player(), \"coins\", 5)\n    error(\"boom\")\n  end,\n}\n",
    ));
    let before = g.st.clone();
    let err = g.try_answer("act").unwrap_err();
    assert_eq!(g.st, before, "the state is unchanged");
    let EngineError::Script(e) = err else {
        panic!("expected a script error, got {err}")
    };
    assert_eq!(e.file, "rules-fixture/tiles/courtyard.lua");
    assert_eq!(e.line, Some(4));
    assert_eq!(e.hook, "action");
    assert!(e.owner.contains("courtyard"));
    assert!(e.message.contains("boom"));
    // The game goes on: declining is still possible.
    g.answer("pass");
}

/// A hook may raise any value, not only a string: a table, a number, a table with a
/// `__tostring`, the `ctx` itself, or the error a `ctx` method raised, caught and raised
/// again. Each is a script error with the value as its message (its text, where Lua has
/// one), the line that raised it, and the state unchanged.
#[test]
fn a_hook_that_raises_any_value_says_what_and_where() {
    let cases = [
        ("error(42)", "42"),
        (
            "error(setmetatable({}, { __tostring = function() return \"a table says boom\" end }))",
            "a table says boom",
        ),
        ("error({})", "table"),
        ("error(ctx)", "CtxHandle"),
        (
            "local ok, e = pcall(function() ctx:gain(99, \"coins\", 1) end)\n    error(e)",
            "player",
        ),
    ];
    for (raise, says) in cases {
        let source = format!(
            "return {{\n  action = function(ctx)\n    ctx:gain(ctx:player(), \"coins\", 5)\n    {raise}\n  end,\n}}\n"
        );
        let mut g = at_courtyard(content_with_courtyard(&source));
        let before = g.st.clone();
        let err = g.try_answer("act").unwrap_err();
        assert_eq!(g.st, before, "{raise}: the state is unchanged");
        let EngineError::Script(e) = err else {
            panic!("{raise}: expected a script error, got {err}")
        };
        assert_eq!(
            e.file, "rules-fixture/tiles/courtyard.lua",
            "{raise}: {e:?}"
        );
        assert!(
            e.line.is_some_and(|l| (4..=5).contains(&l)),
            "{raise}: {e:?}"
        );
        assert_eq!(e.hook, "action");
        assert!(e.message.contains(says), "{raise}: {e:?}");
        g.answer("pass");
    }
}

/// A hook that wraps ctx:choose in pcall cannot swallow the engine's question.
#[test]
fn pcall_cannot_swallow_a_choice() {
    let mut g = at_courtyard(content_with_courtyard(
        "return { action = function(ctx)\n  local ok = pcall(function() return ctx:choose({ options = { 'a', 'b' } }) end)\n  ctx:gain(ctx:player(), 'coins', 1)\nend }\n",
    ));
    g.answer("act");
    assert_eq!(g.keys(), vec!["a", "b"], "the question reaches the player");
}

/// `ctx:choose` reads option tables as plain tables: a key or label behind a metatable's
/// `__index` is not seen (the host reads fields raw, the fast way), and the script is told
/// which field is missing; plain fields beside it are read as usual.
#[test]
fn choose_reads_option_tables_raw() {
    let mut g = at_courtyard(content_with_courtyard(
        "return { action = function(ctx)\n  local hidden = setmetatable({}, { __index = { key = 'a' } })\n  ctx:choose({ options = { hidden, 'b' } })\nend }\n",
    ));
    let before = g.st.clone();
    let err = g.try_answer("act").unwrap_err();
    assert_eq!(g.st, before, "the state is unchanged");
    assert!(
        err.to_string().contains("an option table needs key"),
        "{err}"
    );
    let mut g = at_courtyard(content_with_courtyard(
        "return { action = function(ctx)\n  local o = setmetatable({ key = 'a', label = 'Plain A' }, { __index = { label = 'hidden' } })\n  ctx:choose({ prompt = 'Which?', options = { o, { key = 'b' } } })\nend }\n",
    ));
    g.answer("act");
    assert_eq!(g.keys(), vec!["a", "b"]);
    let d = g.st.decision().expect("asked");
    assert_eq!(d.prompt, "Which?");
    assert_eq!(d.options[0].label(), "Plain A");
    assert_eq!(d.options[1].label(), "b", "a missing label is the key");
}

/// `ctx:asking()`: true when the next question will be put to the player (its labels are
/// read), false while the run replays recorded answers (labels unread). Each answer re-runs
/// the hook from the start, so the final run sees false before both questions, and a
/// question that is asked gets the labels built for it.
#[test]
fn asking_tells_a_question_put_to_the_player_from_a_replayed_one() {
    let mut g = at_courtyard(content_with_courtyard(
        "return { action = function(ctx)\n  local replayed = 0\n  if not ctx:asking() then replayed += 1 end\n  ctx:choose({ options = { { key = 'a', label = ctx:asking() and 'Asked A' or 'replayed A' }, 'b' } })\n  if not ctx:asking() then replayed += 1 end\n  ctx:choose({ options = { { key = 'c', label = ctx:asking() and 'Asked C' or 'replayed C' }, 'd' } })\n  ctx:gain(ctx:player(), 'coins', replayed)\nend }\n",
    ));
    let p = g.current();
    let coins = g.count(p, "coins");
    g.answer("act");
    assert_eq!(g.st.decision().unwrap().options[0].label(), "Asked A");
    g.answer("a");
    assert_eq!(g.st.decision().unwrap().options[0].label(), "Asked C");
    g.answer("d");
    assert_eq!(
        g.count(p, "coins"),
        coins + 2,
        "both questions replayed in the final run"
    );
}

/// A script that reaches past `ctx:choose` to the host function behind it
/// (`ctx:__choose`) and goes on after a pending question still only asks: the host's
/// flag decides, its changes are thrown away, and a second question is refused.
#[test]
fn going_past_a_pending_question_changes_nothing() {
    let mut g = at_courtyard(content_with_courtyard(
        "return { action = function(ctx)\n  ctx:__choose({ options = { 'a', 'b' } })\n  ctx:gain(ctx:player(), 'coins', 7)\nend }\n",
    ));
    let p = g.st.decision().expect("asked").player;
    let coins = |g: &weft_tests::Game| g.count(p, "coins");
    let before = coins(&g);
    g.answer("act");
    assert_eq!(g.keys(), vec!["a", "b"], "the question reaches the player");
    assert_eq!(coins(&g), before, "the changes after it are thrown away");
    let mut g = at_courtyard(content_with_courtyard(
        "return { action = function(ctx)\n  ctx:__choose({ options = { 'a', 'b' } })\n  ctx:choose({ options = { 'c', 'd' } })\nend }\n",
    ));
    g.answer("act");
    assert_eq!(
        g.keys(),
        vec!["a", "b"],
        "the first question is the one asked"
    );
}

/// A hook stopped by the memory cap leaves nothing behind: the memory its frames held
/// (a big local table, and the helper's table that hit the cap) is freed, so the next
/// call of the same VM fits under the cap (a stopped call's frames must not outlive it,
/// or what a game can do would depend on what failed before it).
#[test]
fn a_memory_error_frees_what_the_failed_call_held() {
    let source = "local function more()\n  local t = {}\n  for i = 1, 1e8 do t[i] = i end\nend\nreturn { action = function(ctx)\n  local pick = ctx:choose({ options = { 'bomb', 'small' } })\n  local big = {}\n  for i = 1, 150000 do big[i] = i end\n  if pick == 'bomb' then more() end\n  ctx:gain(ctx:player(), 'coins', 1)\nend }\n";
    let mut c = (*content_with_courtyard(source)).clone();
    c.memory_limit = 12 << 20;
    c.instruction_budget = 1_000_000_000; // the cap, not the budget, stops `more`
    let mut g = at_courtyard(std::sync::Arc::new(c));
    g.answer("act");
    let before = g.st.clone();
    let err = g.try_answer("bomb").unwrap_err();
    assert!(err.to_string().contains("memory"), "{err}");
    assert_eq!(g.st, before, "the state is unchanged");
    g.answer("small"); // about 6 MiB at its peak: fits only if the failed call's is gone
}

/// An endless loop is stopped by the instruction budget, as a script error.
#[test]
fn endless_loops_are_stopped() {
    let mut g = at_courtyard(content_with_courtyard(
        "return { action = function(ctx) while true do end end }\n",
    ));
    let err = g.try_answer("act").unwrap_err();
    assert!(err.to_string().contains("instruction budget"), "{err}");
}

/// Broken TOML files are all reported at once, each with file, line and column.
#[test]
fn content_errors_name_file_line_and_column() {
    let mut files = fixture_files();
    files.files.insert(
        "tiles/wool-shop.toml".into(),
        files.files["tiles/wool-shop.toml"]
            .replace("kind = \"shop\"", "kind = \"shop\"\ncolour = \"red\""),
    );
    files.files.insert(
        "cards/common.toml".into(),
        files.files["cards/common.toml"].replacen("wool = 2", "wool = -2", 1),
    );
    files.files.insert(
        "cards/royal.toml".into(),
        files.files["cards/royal.toml"].replacen("silk = 2", "silkk = 2", 1),
    );
    let err = load_content(&[files], &library()).unwrap_err();
    let text = err.to_string();
    // Three broken files. The board now lacks the unreadable shop tile, but that is the
    // tile's error, not the board's: the board is not blamed too (issue 13).
    assert_eq!(err.0.len(), 3, "{text}");
    assert!(!err.0.iter().any(|e| e.file == "rules-fixture/board.toml"));
    let unknown = err
        .0
        .iter()
        .find(|e| e.file == "rules-fixture/tiles/wool-shop.toml")
        .expect("unknown field");
    assert_eq!(unknown.line, Some(4));
    assert!(unknown.message.contains("colour"), "{}", unknown.message);
    let negative = err
        .0
        .iter()
        .find(|e| e.file == "rules-fixture/cards/common.toml")
        .expect("negative count");
    assert!(negative.line.is_some() && negative.column.is_some());
    let material = err
        .0
        .iter()
        .find(|e| e.file == "rules-fixture/cards/royal.toml")
        .expect("unknown material");
    assert!(material.message.contains("silkk") && material.line.is_some());
}

/// Oversized, non-UTF-8 and NUL-containing files are refused before parsing.
#[test]
fn bad_bytes_are_refused() {
    let big = vec![b'#'; weft_core::content::MAX_FILE_BYTES + 1];
    let errs = PackFiles::from_bytes(
        "t",
        vec![
            ("a.toml", big),
            ("b.toml", vec![0xff, 0xfe]),
            ("c.lua", b"x\0".to_vec()),
        ],
    )
    .unwrap_err();
    assert_eq!(errs.len(), 3);
    assert!(errs.iter().any(|e| e.message.contains("limit")));
    assert!(errs.iter().any(|e| e.message.contains("UTF-8")));
    assert!(errs.iter().any(|e| e.message.contains("NUL")));
}

/// A Lua syntax error is a content error naming the file and line.
#[test]
fn lua_syntax_errors_are_reported_at_load() {
    let mut files = fixture_files();
    files.files.insert(
        "tiles/broken.lua".into(),
        "return {\n  action = function(ctx)\n    if then\n  end,\n}\n".into(),
    );
    let content = std::sync::Arc::new(load_content(&[files], &library()).expect("TOML is fine"));
    let err = weft_core::lua::LuaHost::new(content)
        .err()
        .expect("syntax error");
    let e = &err.0[0];
    assert_eq!(e.file, "rules-fixture/tiles/broken.lua");
    assert_eq!(e.line, Some(3), "{err}");
}

/// R-TILE-1: `can_act` runs on the game's own state (no scratch copy, issue 12), which is
/// safe only because a read-only hook can change nothing: every changing verb is refused
/// with "may only read", and a `can_act` that tried them all under `pcall` leaves the
/// game exactly as one that only answered.
#[test]
fn can_act_cannot_change_the_game() {
    let trying = at_courtyard(content_with_courtyard(
        "local function refused(f)\n  local ok, e = pcall(f)\n  return not ok and string.find(tostring(e), 'may only read', 1, true) ~= nil\nend\nreturn {\n  can_act = function(ctx)\n    local p = ctx:player()\n    return refused(function() ctx:gain(p, 'coins', 1) end)\n      and refused(function() ctx:random(6) end)\n      and refused(function() ctx:move_card('common_deck', -1, 'hand', p) end)\n      and refused(function() ctx:set_counter('x', 1) end)\n      and refused(function() ctx:take_slot(1) end)\n      and refused(function() ctx:use_cards(p) end)\n  end,\n  action = function(ctx) end,\n}\n",
    ));
    let plain = at_courtyard(content_with_courtyard(
        "return {\n  can_act = function(ctx) return true end,\n  action = function(ctx) end,\n}\n",
    ));
    assert_eq!(trying.keys(), vec!["act", "pass"], "every verb was refused");
    assert_eq!(trying.st.hash(), plain.st.hash(), "and nothing changed");
}

/// Invariant 4: a hook that changes the game and then asks leaves the game as it was
/// while the question is open, and its change happens once, when the answer re-runs it
/// to the end.
#[test]
fn a_hook_that_asks_after_a_change_leaves_the_game_as_it_was() {
    let mut g = at_courtyard(content_with_courtyard(
        "return { action = function(ctx)\n  ctx:gain(ctx:player(), 'coins', 5)\n  ctx:choose({ options = { 'a', 'b' } })\nend }\n",
    ));
    let p = g.current();
    let coins = g.count(p, "coins");
    let before = g.st.clone();
    g.answer("act");
    assert_eq!(g.keys(), vec!["a", "b"]);
    assert_eq!(
        g.count(p, "coins"),
        coins,
        "no coins while the question is open"
    );
    let mut asked = g.st.clone();
    asked.decision = before.decision.clone();
    asked.flow = before.flow.clone();
    assert!(
        asked == before,
        "nothing but the decision and the flow moved"
    );
    g.answer("a");
    assert_eq!(g.count(p, "coins"), coins + 5, "the change happens once");
}

/// A tile file that fails to load is the one problem reported: the board's count of
/// slots of that kind, short by the missing tile, is a knock-on and is not blamed on
/// the board (which may be another pack's file).
#[test]
fn a_tile_that_fails_to_load_is_not_blamed_on_the_board() {
    let mut files = weft_tests::tabriz_files();
    let path = "tiles/wool-shop.toml".to_string();
    let text = files.files[&path].replace("behaviour =", "behavior =");
    assert_ne!(text, files.files[&path]);
    files.files.insert(path, text);
    let err = weft_core::load_files(&[files], &weft_tests::library())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("tiles/wool-shop.toml") && err.contains("unknown field `behavior`"),
        "{err}"
    );
    assert!(!err.contains("board.toml"), "{err}");
    assert!(err.contains("1 problem in the content"), "{err}");
}

/// A simulated game that fails records the position before the failing answer, as an
/// all-or-nothing `apply` would have left it: `sim` plays without a backup copy and
/// rebuilds that position by replaying the game's answers.
#[test]
fn a_failed_sim_game_records_the_position_before_the_failing_answer() {
    let content = content_with_courtyard(
        r#"return {
  action = function(ctx)
    ctx:gain(ctx:player(), "coins", 5)
    local pick = ctx:choose({ prompt = "Which?", options = { { key = "a" }, { key = "b" } } })
    if ctx:round() >= 2 and pick.key == "b" then
      error("the courtyard collapses")
    end
  end,
}"#,
    );
    let mut engine = weft_core::Engine::with_lua(content.clone()).unwrap();
    engine.set_labels(false);
    let (mut failed, mut with_greedy) = (0, 0);
    for seed in 1..40 {
        // A greedy seat in every other game: its look-ahead runs hooks (and lets go of
        // held questions) between the answers the rebuild replays.
        let mut seats: Vec<Box<dyn weft_core::agent::Agent>> = (0..2)
            .map(|s| {
                let bot = if s == 0 && seed % 2 == 1 {
                    "greedy"
                } else {
                    "random"
                };
                weft_core::agent::make_agent(bot, seed * 2 + s).unwrap()
            })
            .collect();
        let record = weft_core::sim::play_game(&mut engine, &mut seats, seed, 0);
        let Some(error) = &record.error else { continue };
        failed += 1;
        with_greedy += seed % 2;
        assert!(error.contains("the courtyard collapses"), "{error}");
        assert!(!error.contains("half-applied"), "{error}");
        assert_eq!(record.replay.failing_answer.as_deref(), Some("b"));
        // The same answers on an engine that keeps a backup of every position.
        let mut st = engine.new_game(2, seed).unwrap();
        for key in &record.replay.answers {
            engine.apply(&mut st, &**key).unwrap();
        }
        let before = st.clone();
        assert!(engine.apply(&mut st, "b").is_err());
        assert_eq!(st, before);
        assert_eq!(record.replay.final_hash, st.hash(), "seed {seed}");
        for (p, counts) in record.players.iter().enumerate() {
            assert_eq!(
                counts.counters.get("coins").unwrap(),
                st.players[p].count_named(&content, "coins")
            );
        }
    }
    assert!(
        failed >= 5,
        "only {failed} games reached the failing action"
    );
    assert!(with_greedy >= 1, "no game with a greedy seat failed");
}

/// Issue 31, item 1: a module's `option_keys` (the keys its questions offer, for `weft
/// doc content`) that is not a list of `{ pattern, meaning }` strings is a load error
/// naming the module's file and what to write; a good one reaches the host as written.
#[test]
fn a_malformed_option_keys_is_a_load_error_naming_the_file() {
    let host = |keys: &str| {
        let mut files = fixture_files();
        files.files.insert(
            "tiles/courtyard.lua".into(),
            format!("return {{\n  option_keys = {keys},\n  action = function(ctx) end,\n}}\n"),
        );
        let t = files.files["tiles/courtyard.toml"]
            .replace("behaviour = \"weft.personal_workshop\"", "");
        files.files.insert("tiles/courtyard.toml".into(), t);
        let content =
            std::sync::Arc::new(load_content(&[files], &library()).expect("TOML is fine"));
        weft_core::lua::LuaHost::new(content)
    };
    for (keys, says) in [
        (
            "5",
            "must be a list of { pattern, meaning } pairs, not a Lua integer",
        ),
        (
            "{ \"done\" }",
            "entry 1 must be a { pattern, meaning } pair",
        ),
        (
            "{ { \"done\", 3 } }",
            "entry 1: its meaning must be a string",
        ),
    ] {
        let err = host(keys)
            .err()
            .unwrap_or_else(|| panic!("{keys}: no error"));
        let e = &err.0[0];
        assert_eq!(e.file, "rules-fixture/tiles/courtyard.lua", "{keys}");
        assert!(e.message.contains(says), "{keys}: {}", e.message);
        assert!(e.message.contains("option_keys"), "{}", e.message);
    }
    let good = host("{ { \"take:<card>\", \"take that card\" }, { \"done\", \"stop\" } }")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        good.option_keys("tiles.courtyard"),
        Some(
            &[
                ("take:<card>".to_string(), "take that card".to_string()),
                ("done".to_string(), "stop".to_string())
            ][..]
        )
    );
}
