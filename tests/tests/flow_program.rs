//! The round as a program (issue 11): a pack's `[flow]` changes who plays when, calls
//! its own Lua phase hooks, and ends the game after a fixed number of rounds. Each test
//! edits the rules fixture's `[flow]` and plays it.

use std::sync::Arc;

use weft_core::content::PackFiles;
use weft_core::engine::Engine;
use weft_core::events::EventLog;
use weft_core::state::GameState;
use weft_core::Content;
use weft_tests::content_with_files;

/// A phase-hook module: logs who it ran for, and pays income.
const RULES: &str = r#"
local M = {}
function M.income(ctx, params)
  ctx:gain(ctx:player(), "coins", params.coins)
  ctx:log("income " .. ctx:player())
end
function M.turn_end(ctx, params)
  ctx:log("turn " .. ctx:player())
end
function M.announce(ctx, params)
  ctx:log("round " .. ctx:round() .. " for " .. tostring(ctx:player()))
end
function M.final(ctx, params)
  ctx:add(ctx:player(), "prestige", params.bonus)
  ctx:log("final " .. ctx:player())
end
function M.ask(ctx, params)
  local pick = ctx:choose{ prompt = "Pick", options = { "wool", "silk" } }
  ctx:gain(ctx:player(), pick, 1)
end
return M
"#;

/// Edits the fixture's files: `[flow]` (up to `[end]`) replaced by `flow`, `[end]`
/// extended by `end_extra`, and `rules.lua` holding `rules`.
fn with_flow(files: &mut PackFiles, flow: &str, end_extra: &str, rules: &str) {
    let game = files.files["game.toml"].clone();
    let start = game
        .find("\n[flow]\n")
        .expect("the fixture declares [flow]")
        + 1;
    let end = game.find("\n[end]\n").expect("[end]") + 1;
    let mut rest = game[end..].replacen("[end]\n", &format!("[end]\n{end_extra}\n"), 1);
    if flow.contains("[score]") {
        // The flow brings its own scoring: the fixture's goes.
        let own = "[score]\nparts = [\"prestige\", \"track:skill\", \"tokens\"]\ntiebreak = [\"coins + materials\"]\n";
        assert!(rest.contains(own), "the fixture's [score]");
        rest = rest.replacen(own, "", 1);
    }
    files.files.insert(
        "game.toml".into(),
        format!("{}{flow}\n{rest}", &game[..start]),
    );
    files.files.insert("rules.lua".into(), rules.into());
}

/// The fixture with [`with_flow`]'s edits and the [`RULES`] module, loaded.
fn content(flow: &str, end_extra: &str) -> Arc<Content> {
    content_with_files(|files| with_flow(files, flow, end_extra, RULES))
}

/// Plays `st` to the end, answering each decision with its first option, recording.
fn play_out(engine: &mut Engine, st: &mut GameState, log: &mut EventLog) {
    let mut guard = 0;
    while st.decision().is_some() {
        engine.apply_logged(st, 0, log).expect("a legal answer");
        guard += 1;
        assert!(guard < 100_000, "the game does not end");
    }
}

fn logged(log: &EventLog) -> Vec<(u32, String)> {
    log.events
        .iter()
        .filter(|e| e.kind == "script")
        .map(|e| (e.round, e.text.clone()))
        .collect()
}

const TURN: &str = r#"
[flow.blocks.turn]
steps = [ { do = "move" }, { do = "act" }, { do = "play", from = "hand", to = "tucked", limit = "fulfil_per_turn" }, { do = "hook", run = "rules.turn_end", on = "player" } ]
"#;

/// A `run` hook with `on = "players"` runs once per player clockwise from the first
/// player; `on = "player"` for the player whose turn it is; `on = "game"` for no one.
/// `[end] rounds` ends the game after that round (cause `rounds`).
#[test]
fn phase_hooks_run_for_whom_the_step_says_and_the_game_ends_after_its_rounds() {
    let flow = format!(
        r#"[flow]
setup = ["tiles_setup"]
round = ["start", "turns"]
[flow.blocks.tiles_setup]
steps = [ {{ do = "hook", on = "nodes", hook = "setup" }} ]
[flow.blocks.start]
steps = [ {{ do = "hook", run = "rules.announce" }}, {{ do = "hook", run = "rules.income", on = "players", params = {{ coins = 3 }} }}, {{ do = "first_player", rule = "next_seat" }} ]
[flow.blocks.turns]
steps = [ {{ do = "turns", until = "once", body = "turn" }} ]
{TURN}"#
    );
    let c = content(&flow, "rounds = 2");
    let mut engine = Engine::with_lua(Arc::clone(&c)).unwrap_or_else(|e| panic!("{e}"));
    let mut log = EventLog::recording();
    let mut st = engine.new_game_logged(3, 11, &mut log).expect("setup");
    // Round 1's start block already ran (new_game advances to the first decision) and
    // passed the marker once: the seat drawn at setup is one before it.
    let first = (st.first_player + 2) % 3;
    play_out(&mut engine, &mut st, &mut log);
    let result = st.result.as_ref().expect("over");
    assert_eq!(result.cause, "rounds");
    assert_eq!(result.rounds, 2);
    assert_eq!(st.round, 2);
    let seat = |k: usize| (k % 3) + 1; // ctx:player() is 1-based
    let mut want = Vec::new();
    for round in 1..=2u32 {
        // The marker passed after income, so each round's turns start one seat later.
        let f = first + round as usize - 1;
        want.push((round, format!("round {round} for nil")));
        for k in 0..3 {
            want.push((round, format!("income {}", seat(f + k))));
        }
        for k in 0..3 {
            want.push((round, format!("turn {}", seat(f + 1 + k))));
        }
    }
    assert_eq!(logged(&log), want);
}

/// A `turns` step with `order = "reverse"` runs counter-clockwise, the first player
/// last; `seat` runs from seat 1.
#[test]
fn turn_orders_reverse_and_seat() {
    for (order, expect) in [("reverse", [0usize, 3, 2, 1]), ("seat", [0, 1, 2, 3])] {
        let flow = format!(
            r#"[flow]
round = ["turns"]
[flow.blocks.turns]
steps = [ {{ do = "turns", order = "{order}", until = "once", body = "turn" }} ]
{TURN}"#
        );
        let c = content(&flow, "rounds = 1");
        let mut engine = Engine::with_lua(Arc::clone(&c)).unwrap_or_else(|e| panic!("{e}"));
        // Find a seed whose first player is seat 2 (index 1), so the orders differ.
        let (mut st, mut log) = (1..200)
            .find_map(|seed| {
                let mut log = EventLog::recording();
                let st = engine.new_game_logged(4, seed, &mut log).ok()?;
                (st.first_player == 1).then_some((st, log))
            })
            .expect("some seed has seat 2 first");
        play_out(&mut engine, &mut st, &mut log);
        let seats: Vec<String> = expect.iter().map(|p| format!("turn {}", p + 1)).collect();
        let got: Vec<String> = logged(&log).into_iter().map(|(_, t)| t).collect();
        assert_eq!(got, seats, "order = {order}");
    }
}

/// A phase hook run for each player may ask that player (invariant 4: re-run with the
/// answers); each player is asked in turn order, and an answer changes only their
/// holdings.
#[test]
fn a_phase_hook_for_each_player_may_ask_each_of_them() {
    let flow = format!(
        r#"[flow]
round = ["pick", "turns"]
[flow.blocks.pick]
rounds = [1]
steps = [ {{ do = "hook", run = "rules.ask", on = "players" }} ]
[flow.blocks.turns]
steps = [ {{ do = "turns", until = "once", body = "turn" }} ]
{TURN}"#
    );
    let c = content(&flow, "rounds = 1");
    let mut engine = Engine::with_lua(Arc::clone(&c)).unwrap_or_else(|e| panic!("{e}"));
    let mut st = engine.new_game(2, 5).expect("setup");
    let first = st.first_player;
    let silk = c.material("silk").unwrap() as usize;
    for k in 0..2 {
        let d = st.decision().expect("asked").clone();
        assert_eq!(d.player, (first + k) % 2, "asked in turn order");
        assert_eq!(d.prompt, "Pick");
        engine.apply(&mut st, "silk").expect("legal");
    }
    assert!(st.players.iter().all(|p| p.materials(&c)[silk] == 1));
    assert!(st.decision().unwrap().options[0].key.starts_with("move:"));
}

/// A flow hook naming a function its module lacks is a load error at the step's line.
#[test]
fn a_missing_phase_function_is_a_load_error_naming_the_line() {
    let flow = r#"[flow]
round = ["start", "turns"]
[flow.blocks.start]
steps = [ { do = "hook", run = "rules.nowhere" } ]
[flow.blocks.turns]
steps = [ { do = "turns", until = "once", body = "turn" } ]
[flow.blocks.turn]
steps = [ { do = "move" } ]
"#;
    let c = content(flow, "");
    let err = Engine::with_lua(c).err().expect("refused").to_string();
    assert!(err.contains("rules.nowhere"), "{err}");
    assert!(err.contains("has no function `nowhere`"), "{err}");
    assert!(err.contains("game.toml:"), "{err}");
}

/// A phase hook that fails stops the game with a script error naming the hook, and the
/// state is as it was (invariant 10).
#[test]
fn a_failing_phase_hook_changes_nothing_and_names_itself() {
    let flow = format!(
        r#"[flow]
round = ["turns", "after"]
[flow.blocks.after]
steps = [ {{ do = "hook", run = "rules.income", params = {{ coins = 1 }} }} ]
[flow.blocks.turns]
steps = [ {{ do = "turns", until = "once", body = "turn" }} ]
{TURN}"#
    );
    // `income` with no player: ctx:gain(nil, …) fails.
    let c = content(&flow, "");
    let mut engine = Engine::with_lua(Arc::clone(&c)).unwrap_or_else(|e| panic!("{e}"));
    let mut st = engine.new_game(2, 3).expect("setup");
    let mut last = None;
    for _ in 0..1000 {
        let before = st.clone();
        match engine.apply(&mut st, 0) {
            Ok(()) => {}
            Err(e) => {
                assert_eq!(st, before, "nothing changed");
                last = Some(e.to_string());
                break;
            }
        }
    }
    let err = last.expect("the round's end hook fails");
    assert!(err.contains("flow hook `rules.income`"), "{err}");
    assert!(err.contains("rules.lua"), "{err}");
}

/// `[flow] end` runs once when the game ends by its rules, after the last round and
/// before the result, so its hooks score (C-SCORE-1); `[score]` with only prestige and
/// a start-order tie-break gives one winner among tied players (C-SCORE-8).
#[test]
fn the_end_list_scores_before_the_result_and_start_order_breaks_ties() {
    let flow = r#"[flow]
round = ["turns"]
end = ["final"]
[flow.blocks.final]
steps = [ { do = "hook", run = "rules.final", on = "players", params = { bonus = 5 } } ]
[flow.blocks.turns]
steps = [ { do = "turns", until = "once", body = "turn" } ]
[flow.blocks.turn]
steps = [ { do = "move" } ]

[score]
parts = ["prestige"]
tiebreak = ["latest_in_start_order"]
"#;
    let c = content(flow, "rounds = 2");
    assert!(
        c.program.outline().contains("end:\n  final"),
        "{}",
        c.program.outline()
    );
    let mut engine = Engine::with_lua(Arc::clone(&c)).unwrap_or_else(|e| panic!("{e}"));
    for seed in 1..6 {
        let mut log = EventLog::recording();
        let mut st = engine.new_game_logged(3, seed, &mut log).expect("setup");
        play_out(&mut engine, &mut st, &mut log);
        let finals: Vec<(u32, String)> = logged(&log);
        assert_eq!(finals.len(), 3, "the end list ran once, for each player");
        assert!(finals
            .iter()
            .all(|(r, t)| *r == 2 && t.starts_with("final")));
        let r = st.result.as_ref().unwrap();
        assert_eq!(r.cause, "rounds");
        assert_eq!(
            r.scores,
            vec![5, 5, 5],
            "the end list's prestige is in the score"
        );
        // Everyone tied: the seat latest in the starting order wins alone.
        assert_eq!(r.winners, vec![(st.start_player + 2) % 3], "seed {seed}");
    }
}

#[test]
fn bad_score_keys_are_load_errors() {
    let flow = format!(
        r#"[flow]
round = ["turns"]
[flow.blocks.turns]
steps = [ {{ do = "turns", until = "once", body = "turn" }} ]
{TURN}
[score]
parts = ["prestige", "glory"]
tiebreak = ["coins+gold"]
"#
    );
    let mut files = weft_tests::fixture_files();
    with_flow(&mut files, &flow, "", RULES);
    let e = weft_core::content::load_content(&[files], &weft_tests::library())
        .expect_err("refused")
        .to_string();
    assert!(e.contains("[score] parts: `glory` is not a counter"), "{e}");
    assert!(
        e.contains("[score] tiebreak: `gold` is not a counter"),
        "{e}"
    );
}

/// `weft check` calls every flow hook on sample states (issue 11, item 6): one that
/// fails only when called for a player is reported, naming the hook and its step.
#[test]
fn weft_check_calls_flow_hooks_on_sample_states() {
    let flow = format!(
        r#"[flow]
round = ["turns"]
end = ["final"]
[flow.blocks.final]
steps = [ {{ do = "hook", run = "rules.broken", on = "players" }} ]
[flow.blocks.turns]
steps = [ {{ do = "turns", until = "once", body = "turn" }} ]
{TURN}"#
    );
    let rules = RULES.replace(
        "return M",
        "function M.broken(ctx) ctx:gain(ctx:player(), \"gold\", 1) end\nreturn M",
    );
    let c = content_with_files(|files| with_flow(files, &flow, "", &rules));
    let report = weft_core::check::check_content(&c, 1);
    let found = report
        .problems
        .iter()
        .find(|p| p.contains("flow hook `rules.broken`"))
        .unwrap_or_else(|| panic!("{:?}", report.problems));
    assert!(found.contains("`gold` is not a counter"), "{found}");
    assert!(found.contains("game.toml:"), "{found}");
}

/// A flow that never stands pieces again runs out of standing pieces: the `move` step
/// then passes (logged) instead of asking with no options, and the game goes on.
#[test]
fn a_move_with_no_standing_piece_passes_instead_of_asking_nothing() {
    let flow = format!(
        r#"[flow]
round = ["turns"]
[flow.blocks.turns]
steps = [ {{ do = "turns", until = "once", body = "turn" }} ]
{TURN}"#
    );
    let c = content(&flow, "rounds = 5");
    let mut engine = Engine::with_lua(Arc::clone(&c)).unwrap_or_else(|e| panic!("{e}"));
    let mut log = EventLog::recording();
    let mut st = engine.new_game_logged(2, 4, &mut log).expect("setup");
    while let Some(d) = st.decision() {
        assert!(!d.options.is_empty(), "a decision with no options");
        engine.apply_logged(&mut st, 0, &mut log).expect("legal");
    }
    assert_eq!(st.result.as_ref().unwrap().rounds, 5);
    // Three pieces each, one turn a round: rounds 4 and 5 have nothing to move.
    let idle = log
        .events
        .iter()
        .filter(|e| e.text == "has no standing piece to move")
        .count();
    assert_eq!(idle, 4);
}

/// A node hook is any name the pack chooses (issue 30: `restock` and `roll` are no words
/// of the kernel): `{ do = "hook", on = "nodes", hook = "harvest" }` calls the `harvest`
/// function of every node whose behaviour has one, for no player, where the flow says.
#[test]
fn a_node_hook_is_any_name_the_pack_gives_it() {
    let flow = format!(
        r#"[flow]
setup = ["tiles_setup"]
round = ["harvest", "turns"]
[flow.blocks.tiles_setup]
steps = [ {{ do = "hook", on = "nodes", hook = "setup" }} ]
[flow.blocks.harvest]
steps = [ {{ do = "hook", on = "nodes", hook = "harvest" }} ]
[flow.blocks.turns]
steps = [ {{ do = "turns", until = "once", body = "turn" }} ]
{TURN}"#
    );
    let courtyard = r#"
return {
  harvest = function(ctx) ctx:log("harvest for " .. tostring(ctx:player())) end,
  action = function(ctx) end,
}
"#;
    let c = content_with_files(|files| {
        with_flow(files, &flow, "rounds = 2", RULES);
        weft_tests::with_courtyard_script(files, courtyard);
    });
    let harvest = c.program.named_hook("harvest").expect("interned");
    assert_eq!(c.program.hook_name(harvest), "harvest");
    let mut engine = Engine::with_lua(Arc::clone(&c)).unwrap_or_else(|e| panic!("{e}"));
    let mut log = EventLog::recording();
    let mut st = engine.new_game_logged(2, 5, &mut log).expect("setup");
    play_out(&mut engine, &mut st, &mut log);
    let harvests: Vec<(u32, String)> = logged(&log)
        .into_iter()
        .filter(|(_, t)| t.starts_with("harvest"))
        .collect();
    assert_eq!(
        harvests,
        [(1, "harvest for nil".into()), (2, "harvest for nil".into())],
        "once a round, for no player"
    );
}
