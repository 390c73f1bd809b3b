//! The classes of hostile input beyond the 24-case catalogue (`tests/hostile/README.md`,
//! "Classes that every new feature must also hold against"), one test per defence.
//! Each hostile call runs on its own thread with a time bound, so a defence that is
//! removed shows up as a failed test, not as a test run that never ends.

use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

use weft_core::content::{load_content, Content, PackFiles};
use weft_core::error::{EngineError, ScriptError};
use weft_core::limits::{ScriptLimits, MAX_HOLDING, MAX_QUESTIONS_PER_EFFECT};
use weft_tests::{at_courtyard, fixture_files, library, with_courtyard_script, Game};

/// Runs `f` on a thread and fails the test if it has not finished within `secs`.
fn within<T: Send + 'static>(secs: u64, what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(Duration::from_secs(secs)) {
        Ok(v) => v,
        Err(mpsc::RecvTimeoutError::Timeout) => {
            panic!("{what}: still running after {secs} s (the defence does not hold)")
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            panic!("{what}: the hostile call panicked (see above)")
        }
    }
}

fn courtyard_files(source: &str) -> PackFiles {
    let mut f = fixture_files();
    with_courtyard_script(&mut f, source);
    f
}

fn load(files: PackFiles) -> Result<Content, String> {
    load_content(&[files], &library()).map_err(|e| e.to_string())
}

/// The fixture pack with the first `from` in `file` replaced by `to` (which must be
/// there), loaded.
fn load_edited(file: &str, from: &str, to: &str) -> Result<Content, String> {
    let mut f = fixture_files();
    let text = f.files[file].clone();
    let edited = text.replacen(from, to, 1);
    assert_ne!(text, edited, "{file} holds `{from}`");
    f.files.insert(file.into(), edited);
    load(f)
}

/// Takes the courtyard's action with `source` as its behaviour, under `limits`; checks
/// the state is unchanged and returns the script error.
fn action_error(source: &str, limits: ScriptLimits) -> ScriptError {
    let mut content = load(courtyard_files(source)).unwrap_or_else(|e| panic!("{e}"));
    content.apply_limits(&limits);
    let mut g = at_courtyard(Arc::new(content));
    let before = g.st.clone();
    let err = g
        .try_answer("act")
        .expect_err("the hostile action must fail");
    assert_eq!(g.st, before, "the state is unchanged");
    match err {
        EngineError::Script(e) => *e,
        other => panic!("expected a script error, got {other}"),
    }
}

/// [`action_error`] under the default limits, bounded in time, returning the message.
fn fails(secs: u64, source: &'static str) -> String {
    within(secs, source, move || {
        action_error(source, ScriptLimits::default()).message
    })
}

fn over_budget(source: &'static str) {
    let m = fails(20, source);
    assert!(m.contains("instruction budget"), "{source}: {m}");
}

// ---- Class 1: work inside one library call ------------------------------------------

#[test]
fn class1_table_move_over_a_huge_range() {
    over_budget("return { action = function(ctx) table.move({}, 1, 2^31 - 1, 0) end }");
}

#[test]
fn class1_arguments_beyond_a_c_int_are_charged_in_full() {
    // Found by the fuzzer: 2^31 reaches the library as -2^31, so this "empty" range is
    // two billion steps.
    for source in [
        "return { action = function(ctx) table.move({}, 2^31, -100000, 2^31) end }",
        "return { action = function(ctx) string.rep('x', 0/0) end }",
    ] {
        let m = fails(20, source);
        assert!(m.contains("outside -2^31..2^31-1"), "{source}: {m}");
    }
}

#[test]
fn class1_insert_at_the_front_of_a_big_table() {
    over_budget(
        "return { action = function(ctx)
           local t = table.create(1000000, 1)
           for i = 1, 100000 do table.insert(t, 1, i) end
         end }",
    );
}

#[test]
fn class1_remove_from_the_front_of_a_big_table() {
    over_budget(
        "return { action = function(ctx)
           local t = table.create(1000000, 1)
           for i = 1, 100000 do table.remove(t, 1) ; table.insert(t, i) end
         end }",
    );
}

#[test]
fn class1_rep_of_an_empty_string() {
    over_budget(
        "return { action = function(ctx) for i = 1, 1000 do string.rep('', 2^31 - 1) end end }",
    );
}

#[test]
fn class1_plain_find_worst_case() {
    over_budget(
        "return { action = function(ctx)
           local s = string.rep('a', 4000000)
           local p = string.rep('a', 20000) .. 'b'
           return s:find(p, 1, true)
         end }",
    );
}

#[test]
fn class1_sort_clone_find_concat_upper_in_a_loop() {
    for source in [
        "return { action = function(ctx) local t = table.create(1000000, 1) for i = 1, 1000 do table.sort(t) end end }",
        "return { action = function(ctx) local t = table.create(1000000, 1) for i = 1, 1000 do table.clone(t) end end }",
        "return { action = function(ctx) local t = table.create(1000000, 1) for i = 1, 1000 do table.find(t, 2) end end }",
        "return { action = function(ctx) local t = table.create(1000000, 'x') for i = 1, 1000 do table.concat(t) end end }",
        "return { action = function(ctx) local s = string.rep('x', 8000000) for i = 1, 1000 do s:upper() end end }",
        "return { action = function(ctx) for i = 1, 1000 do table.create(1000000) end end }",
    ] {
        over_budget(source);
    }
}

#[test]
fn class1_the_call_watchdog_stops_work_the_budget_cannot_see() {
    // Each `..` copies 4 MiB inside one VM instruction; with the budget raised out of
    // the way, the per-call wall-clock watchdog is what stops the loop.
    let m = within(30, "concat loop", || {
        let limits = ScriptLimits {
            instruction_budget: u64::MAX,
            memory_mb: 1024,
            hook_seconds: 1.0,
        };
        action_error(
            "return { action = function(ctx)
               local s = string.rep('x', 4 * 1024 * 1024)
               while true do local t = s .. 'y' end
             end }",
            limits,
        )
        .message
    });
    assert!(
        m.contains("wall-clock") && m.contains("--hook-seconds"),
        "{m}"
    );
}

#[test]
fn class1_ordinary_library_use_fits_the_budget() {
    let m = fails(
        20,
        "return { action = function(ctx)
           local t = {}
           for i = 1, 200 do table.insert(t, 1, tostring(i)) end
           table.sort(t)
           local s = table.concat(t, ',')
           assert(s:find('199', 1, true))
           assert(string.format('%d-%s', 3, 'x') == '3-x')
           error('reached the end with ' .. #t)
         end }",
    );
    assert!(m.contains("reached the end with 200"), "{m}");
}

// ---- Class 2: a pack lifting the user's limits ----------------------------------------

/// The courtyard pack with `lines` added to the top-level keys of its game.toml.
fn with_game_toml(lines: &str, source: &str) -> PackFiles {
    let mut f = courtyard_files(source);
    let game = f.files["game.toml"].replacen("\ntitle = ", &format!("\n{lines}\ntitle = "), 1);
    f.files.insert("game.toml".into(), game);
    f
}

#[test]
fn class2_memory_limit_zero_is_an_error_not_no_cap() {
    let err = load(with_game_toml("memory_limit_mb = 0", "return {}")).unwrap_err();
    assert!(
        err.contains("game.toml:") && err.contains("memory_limit_mb = 0"),
        "{err}"
    );
}

#[test]
fn class2_a_pack_cannot_raise_the_budget_or_the_memory_cap() {
    let c = load(with_game_toml(
        "instruction_budget = 1000000000000\nmemory_limit_mb = 100000",
        "return { action = function(ctx) while true do end end }",
    ))
    .unwrap();
    let d = ScriptLimits::default();
    assert_eq!(c.instruction_budget, d.instruction_budget);
    assert_eq!(c.memory_limit, d.memory_mb as usize * 1024 * 1024);
    // weft check says so, and how the user may raise them.
    let w = weft_core::lint::warnings(&c, &[]).join("\n");
    assert!(
        w.contains("--budget 1000000000000") && w.contains("--memory-mb 100000"),
        "{w}"
    );
    // And the endless loop stops under the user's budget, at once.
    let m = within(20, "endless loop", move || {
        let mut g = at_courtyard(Arc::new(c));
        g.try_answer("act").unwrap_err().to_string()
    });
    assert!(m.contains("instruction budget (200000"), "{m}");
}

#[test]
fn class2_a_pack_may_lower_them_and_the_user_may_raise_them() {
    let files = with_game_toml(
        "instruction_budget = 5000\nmemory_limit_mb = 8",
        "return {}",
    );
    let mut c = load(files).unwrap();
    assert_eq!((c.instruction_budget, c.memory_limit), (5000, 8 << 20));
    c.apply_limits(&ScriptLimits {
        instruction_budget: 10_000_000,
        memory_mb: 512,
        ..ScriptLimits::default()
    });
    assert_eq!(
        (c.instruction_budget, c.memory_limit),
        (5000, 8 << 20),
        "the pack's lower limits hold"
    );
    let mut c = load(courtyard_files("return {}")).unwrap();
    c.apply_limits(&ScriptLimits {
        instruction_budget: 10_000_000,
        memory_mb: 512,
        ..ScriptLimits::default()
    });
    assert_eq!(
        (c.instruction_budget, c.memory_limit),
        (10_000_000, 512 << 20)
    );
}

// ---- Class 3: unbounded engine work on a pack's behalf --------------------------------

#[test]
fn class3_a_hand_of_four_billion_cards_is_refused() {
    let err = load_edited(
        "game.toml",
        "count = 2\norder = 1",
        "count = 4294967295\norder = 1",
    )
    .unwrap_err();
    assert!(
        err.contains("4294967295 is out of range") && err.contains("game.toml:"),
        "{err}"
    );
}

#[test]
fn class3_a_hand_larger_than_the_deck_stops_when_the_deck_runs_dry() {
    let c = Arc::new(
        load_edited(
            "game.toml",
            "[deals.hand]",
            "[deals.royal]\nfrom = \"royal\"\nto = \"hand\"\ncount = 1000000\norder = 2\n\n[deals.hand]",
        )
        .unwrap(),
    );
    let (g, attempts) = within(20, "huge hand", move || {
        weft_core::decks::DRAW_ATTEMPTS.with(|n| n.set(0));
        let len = Game::with(c, 2, 1).hand(1).len();
        (len, weft_core::decks::DRAW_ATTEMPTS.with(|n| n.get()))
    });
    assert!(g < 100, "{g}");
    // Dealing 1,000,000 from a deck of a few cards is cheap, so time cannot show a deal
    // that keeps drawing from an empty deck: count the draws instead.
    assert!(
        attempts < 1000,
        "{attempts} draws for a deck of fewer than 100 cards"
    );
}

#[test]
fn class3_a_verb_called_fifty_thousand_times() {
    let m = fails(
        20,
        "return { action = function(ctx) for i = 1, 50000 do ctx:gain(ctx:player(), 'coins', 0) end end }",
    );
    assert!(m.contains("at most 10000 changes"), "{m}");
}

#[test]
fn class3_five_thousand_questions() {
    let source = "return { action = function(ctx)
        for i = 1, 5000 do ctx:choose{ prompt = 'Which?', options = { 'a', 'b' } } end
      end }";
    let (asked, err) = within(60, "5000 questions", move || {
        let mut g = at_courtyard(Arc::new(load(courtyard_files(source)).unwrap()));
        g.answer("act");
        let mut asked = 1;
        loop {
            match g.try_answer("a") {
                Ok(()) => asked += 1,
                Err(e) => return (asked, e.to_string()),
            }
        }
    });
    assert_eq!(asked, MAX_QUESTIONS_PER_EFFECT);
    assert!(err.contains("at most 64 questions"), "{err}");
}

#[test]
fn class3_a_flow_that_never_asks_anyone() {
    // An unlock whose effect passes its own level again queues itself forever.
    let mut f =
        courtyard_files("return { action = function(ctx) ctx:add(ctx:player(), 'skill', 1) end }");
    f.files.insert(
        "tiles/loop.lua".into(),
        "return { on_reach = function(ctx) local p = ctx:player() ctx:add(p, 'skill', -1) ctx:add(p, 'skill', 1) end }".into(),
    );
    let game = f.files["game.toml"].clone();
    let i = game
        .find("[[tracks.skill.unlocks]]")
        .expect("the fixture has unlocks");
    let patched = format!(
        "{}[[tracks.skill.unlocks]]\nat = 1\ntext = \"loops\"\non_reach = {{ behaviour = \"tiles/loop.lua\" }}\n\n{}",
        &game[..i],
        &game[i..]
    );
    f.files.insert("game.toml".into(), patched);
    let c = Arc::new(load(f).unwrap_or_else(|e| panic!("{e}")));
    let m = within(60, "automatic loop", move || {
        let mut g = at_courtyard(c);
        let before = g.st.clone();
        let err = g.try_answer("act").unwrap_err().to_string();
        assert_eq!(g.st, before);
        err
    });
    assert!(m.contains("automatic steps"), "{m}");
}

// ---- Class 5: arithmetic that wraps ----------------------------------------------------

#[test]
fn class5_numbers_in_toml_are_bounded() {
    let err = load_edited(
        "cards/common.toml",
        "reward = { coins = 3, prestige = 1 }",
        "reward = { coins = 3, prestige = 4294967295 }",
    )
    .unwrap_err();
    assert!(
        err.contains("cards/common.toml:") && err.contains("4294967295 is out of range"),
        "{err}"
    );
    let err = load_edited(
        "game.toml",
        "start = { coins = 5",
        "start = { coins = 4294967290",
    )
    .unwrap_err();
    assert!(err.contains("out of range"), "{err}");
}

#[test]
fn class5_non_integers_and_huge_amounts_are_refused() {
    for (source, expect) in [
        (
            "return { action = function(ctx) ctx:gain(ctx:player(), 'coins', 1.5) end }",
            "1.5 is not a whole number",
        ),
        (
            "return { action = function(ctx) ctx:gain(1.5, 'coins', 1) end }",
            "1.5 is not a whole number",
        ),
        (
            "return { action = function(ctx) ctx:gain(ctx:player(), 'coins', 0/0) end }",
            "not a whole number",
        ),
        (
            "return { action = function(ctx) ctx:gain(ctx:player(), 'coins', 4294967295) end }",
            "out of range",
        ),
        (
            "return { action = function(ctx) ctx:add(ctx:player(), 'prestige', -2^40) end }",
            "out of range",
        ),
        (
            "return { action = function(ctx) ctx:set_counter('x', 2^60) end }",
            "out of range",
        ),
    ] {
        let m = within(20, source, move || {
            action_error(source, ScriptLimits::default()).message
        });
        assert!(m.contains(expect), "{source}: {m}");
    }
}

#[test]
fn class5_holdings_stop_at_the_limit_instead_of_wrapping() {
    for source in [
        "return { action = function(ctx) for i = 1, 1001 do ctx:gain(ctx:player(), 'coins', 1000000) end end }",
        "return { action = function(ctx) for i = 1, 1001 do ctx:add(ctx:player(), 'prestige', 1000000) end end }",
    ] {
        let m = within(20, source, move || action_error(source, ScriptLimits::default()).message);
        assert!(m.contains(&MAX_HOLDING.to_string()), "{source}: {m}");
    }
}

#[test]
fn class5_the_tie_break_sum_does_not_wrap() {
    // Two players tied on score; player 2 holds more coins and materials in total than
    // a u32 can count. Player 2 must win the tie-break.
    let mut g = Game::new(2, 1);
    for p in 0..2 {
        g.set(p, "prestige", 0);
        g.set(p, "skill", 0);
    }
    g.set(0, "coins", 10);
    g.set(1, "coins", u32::MAX as i64);
    g.set_material(1, "wool", 2);
    let res = weft_core::engine::final_result(g.engine.content(), &g.st);
    assert_eq!(res.winners, vec![1], "{res:?}");
}

// ---- Class 6: what a script sees is the same in every process -------------------------

#[test]
fn class6_errors_and_formats_carry_no_addresses() {
    let m = fails(
        20,
        "return { action = function(ctx)
           local ok, e = pcall(error, {})
           local ok2, e2 = pcall(function() local t = {} ; return t.x.y end)
           error(tostring(e) .. ' | ' .. string.format('%s %s', {}, print) .. ' | ' .. tostring(e2))
         end }",
    );
    assert!(!m.contains("0x"), "{m}");
    assert!(m.contains("table function"), "{m}");
}

/// `string.format` (a wrapper in front of the library's) shows a table, a function or a
/// userdata by its type name; an error raised inside a wrapped function (a `table.sort`
/// comparator) reaches the script as raised.
#[test]
fn class6_wrapped_library_calls_show_names_and_pass_errors_on() {
    let m = fails(
        20,
        "return { action = function(ctx)
           local ok, e = pcall(table.sort, { 3, 1, 2 }, function(a, b) error('no order', 0) end)
           error(string.format('%s %s %s %s|', {}, print, ctx, 1.5) .. tostring(ok) .. ' ' .. tostring(e))
         end }",
    );
    assert!(
        m.contains("table function userdata 1.5|false no order"),
        "{m}"
    );
}

#[test]
fn class6_tables_reached_through_upvalues_are_frozen() {
    let m = fails(
        20,
        "local cache = {}
         return { action = function(ctx) cache[#cache + 1] = 1 end }",
    );
    assert!(m.contains("readonly"), "{m}");
}

#[test]
fn class6_params_are_frozen_at_any_depth() {
    let mut f = courtyard_files(
        "return { action = function(ctx, params)
           local t = params
           while t.next do t = t.next end
           t.written = true
         end }",
    );
    let nested = (0..40).fold(String::from("{ leaf = 1 }"), |inner, _| {
        format!("{{ next = {inner} }}")
    });
    let t = f.files["tiles/courtyard.toml"].clone() + &format!("params = {nested}\n");
    f.files.insert("tiles/courtyard.toml".into(), t);
    let mut g = at_courtyard(Arc::new(load(f).unwrap_or_else(|e| panic!("{e}"))));
    let err = g.try_answer("act").unwrap_err().to_string();
    assert!(err.contains("readonly"), "{err}");
}

#[test]
fn class6_every_game_starts_from_the_same_vm_condition() {
    let c = Arc::new(
        load(courtyard_files(
            "local calls = 0
             return { action = function(ctx) calls = calls + 1 ; ctx:gain(ctx:player(), 'coins', calls) end }",
        ))
        .unwrap(),
    );
    // The player who takes the action (seed 1 may seat either player first).
    let gained = |g: &mut Game| {
        let p = g.decision().player;
        let coins = g.count(p, "coins");
        g.answer("act");
        g.count(p, "coins") - coins
    };
    let mut g = at_courtyard(Arc::clone(&c));
    let first = gained(&mut g);
    assert_eq!(first, 1, "the first call gains 1");
    // A new game on the same engine (the same VM) gains the same.
    g.st = g.engine.new_game(2, 1).unwrap();
    g.place_tile("courtyard", "north");
    g.refresh();
    g.answer("move:plaza:north");
    assert_eq!(gained(&mut g), first);
}

// ---- Class 7: ambiguous identity -------------------------------------------------------

#[test]
fn class7_ids_that_would_make_two_keys_equal_are_refused() {
    let mut f = fixture_files();
    let board = f.files["board.toml"].replacen("id = \"north\"", "id = \"no:rth\"", 1);
    let board = board.replace("\"north\"", "\"no:rth\"");
    f.files.insert("board.toml".into(), board);
    let err = load(f).unwrap_err();
    assert!(
        err.contains("board.toml:") && err.contains("slot id `no:rth`"),
        "{err}"
    );
}

// ---- Class 10: errors name the line ----------------------------------------------------

#[test]
fn class10_an_error_raised_by_weft_on_a_ctx_call_names_the_line() {
    for (source, line) in [
        ("return { action = function(ctx)\n  local p = nil\n  ctx:gain(p, 'coins', 1)\nend }", 3),
        ("return { action = function(ctx)\n  local n = -3\n  ctx:gain(ctx:player(), 'coins', n)\nend }", 3),
        ("return { action = function(ctx)\n  local o = {}\n  for i = 1, 2000 do o[i] = 'k' .. i end\n  ctx:choose{ options = o }\nend }", 4),
    ] {
        let e = within(20, source, move || action_error(source, ScriptLimits::default()));
        assert_eq!(e.line, Some(line), "{source}: {e}");
        assert_eq!(e.file, "rules-fixture/tiles/courtyard.lua");
    }
}

#[test]
fn class10_a_memory_bomb_in_describe_names_the_lua_file() {
    let f = courtyard_files(
        "return {\n  describe = function(params)\n    local s = 'x' for i = 1, 40 do s = s .. s end return s\n  end,\n}",
    );
    let c = Arc::new(load(f).unwrap());
    let err = weft_core::lua::LuaHost::new(c)
        .err()
        .expect("describe fails")
        .to_string();
    assert!(!err.contains("<nil>"), "{err}");
    assert!(err.contains("rules-fixture/tiles/courtyard.lua:3"), "{err}");
    assert!(err.contains("memory"), "{err}");
}

#[test]
fn class10_a_memory_bomb_in_a_hook_names_its_line() {
    let e = within(60, "memory bomb", || {
        action_error(
            "return { action = function(ctx)\n  local s = 'x'\n  for i = 1, 40 do s = s .. s end\nend }",
            ScriptLimits::default(),
        )
    });
    assert!(e.message.contains("memory cap"), "{e}");
    assert_eq!(e.line, Some(3), "{e}");
}

/// A hook run for no player (a tile's `restock`, at a round's start) runs on the state
/// itself, with no copy to run it again on: its memory bomb still names its line (read
/// from the failed call's frames), and the answer that led to it changes nothing.
#[test]
fn class10_a_memory_bomb_in_a_round_hook_names_its_line() {
    let (e, unchanged) = within(60, "memory bomb in restock", || {
        let content = load(courtyard_files(
            "return { action = function(ctx) end, restock = function(ctx)\n  local s = 'x'\n  for i = 1, 40 do s = s .. s end\nend }",
        ))
        .unwrap();
        let mut g = at_courtyard(Arc::new(content));
        for _ in 0..10_000 {
            let before = g.st.clone();
            match g.engine.apply(&mut g.st, 0usize) {
                Ok(()) => continue,
                Err(EngineError::Script(e)) => return (*e, g.st == before),
                Err(other) => panic!("expected a script error, got {other}"),
            }
        }
        panic!("no round began");
    });
    assert!(unchanged, "the state is unchanged");
    assert_eq!(e.hook, "restock", "{e}");
    assert!(e.message.contains("memory cap"), "{e}");
    assert_eq!(e.line, Some(3), "{e}");
}

// ---- Class 9: control characters from a pack -------------------------------------------

#[test]
fn class9_script_text_is_escaped_wherever_it_goes() {
    let e = action_error(
        "return { action = function(ctx) error('\\27[2J\\n0 problems') end }",
        ScriptLimits::default(),
    );
    assert!(!e.to_string().contains('\u{1b}'), "{e}");
    assert!(!e.message.contains('\u{1b}'), "{e}");
    // print lines, prompts and labels.
    let content = load(courtyard_files(
        "return { action = function(ctx)
           print('\\27[31mred')
           ctx:choose{ prompt = '\\27[2J?', options = { { key = 'a', label = '\\27]0;title\\7A' }, 'b' } }
         end }",
    ))
    .unwrap();
    let mut g = at_courtyard(Arc::new(content));
    g.answer("act");
    let d = g.decision().clone();
    assert!(
        !d.prompt.contains('\u{1b}') && d.prompt.contains("\\u{1b}"),
        "{}",
        d.prompt
    );
    assert!(d
        .options
        .iter()
        .all(|o| !o.label().chars().any(|c| c.is_control())));
    // A key with a control character is refused: answers are typed by people.
    let m = fails(
        20,
        "return { action = function(ctx) ctx:choose{ options = { '\\27a', 'b' } } end }",
    );
    assert!(m.contains("control character"), "{m}");
}

#[test]
fn class9_toml_text_with_control_characters_is_refused() {
    let err = load_edited(
        "tiles/courtyard.toml",
        "name = \"Weavers' courtyard\"",
        "name = \"\\u001b[2JWeavers' courtyard\"",
    )
    .unwrap_err();
    assert!(
        err.contains("tiles/courtyard.toml:") && err.contains("control character"),
        "{err}"
    );
    assert!(!err.contains('\u{1b}'), "{err}");
}

#[test]
fn class10_a_bad_path_in_a_layer_names_the_layers_board_toml() {
    let mut layer = PackFiles::from_dir(&weft_tests::repo().join("content/examples/silk-road"))
        .expect("silk-road reads");
    let board = layer.files["board.toml"].replacen("b = \"caravan-camp\"", "b = \"nowhere\"", 1);
    assert_ne!(board, layer.files["board.toml"]);
    layer.files.insert("board.toml".into(), board);
    let err = load_content(&[weft_tests::tabriz_files(), layer], &library())
        .unwrap_err()
        .to_string();
    assert!(err.contains("silk-road/board.toml:24:"), "{err}");
}

#[test]
fn class7_two_packs_with_one_name_are_an_error_naming_both() {
    let mut first = fixture_files();
    first.origin = "packs/first".into();
    let mut second = fixture_files();
    second.origin = "packs/second".into();
    let err = weft_core::content::resolve_chain(vec![first, second], Vec::new())
        .expect_err("two packs asked for by one name must not load (one would be dropped)")
        .to_string();
    assert!(err.contains("two packs are named `rules-fixture`"), "{err}");
    assert!(
        err.contains("packs/first") && err.contains("packs/second"),
        "{err}"
    );
}

#[test]
fn class9_a_script_error_prints_escaped_however_it_was_built() {
    let e = ScriptError {
        pack: "p\u{1b}[2J".into(),
        file: "f\u{1b}[2J".into(),
        line: None,
        owner: "o\u{1b}[2J".into(),
        hook: "h\u{1b}[2J".into(),
        message: "\u{1b}[2J0 problems".into(),
        traceback: "\u{1b}]0;title\u{7}".into(),
    };
    let shown = e.to_string();
    assert!(
        !shown.chars().any(|c| c.is_control() && c != '\n'),
        "{shown}"
    );
    assert!(shown.contains("\\u{1b}[2J0 problems"), "{shown}");
}

#[test]
fn class6_check_warns_about_a_hook_that_keeps_state_in_a_module_local() {
    let c = Arc::new(
        load(courtyard_files(
            "local calls = 0\nreturn {\n  action = function(ctx) calls = calls + 1 end,\n}",
        ))
        .unwrap(),
    );
    let report = weft_core::check::check_content(&c, 2);
    let w = report.warnings.join("\n");
    assert!(
        w.contains("rules-fixture/tiles/courtyard.lua:3") && w.contains("module-level local"),
        "{w}"
    );
    // A module whose locals never change is not flagged.
    let c = Arc::new(
        load(courtyard_files(
            "local step = 1\nreturn {\n  action = function(ctx) ctx:gain(ctx:player(), 'coins', step) end,\n}",
        ))
        .unwrap(),
    );
    let w = weft_core::check::check_content(&c, 2).warnings.join("\n");
    assert!(!w.contains("module-level local"), "{w}");
}
