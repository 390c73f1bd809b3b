//! The `ctx` table (core/src/lua/api/table.rs) says what each function may do, and the
//! registration wrapper and the fast fronts enforce it. These tests are generated from
//! the table: every function in it is called from a read-only hook. A changing verb
//! added to the table fails them until it has arguments in [`ARGUMENTS`], and is then
//! refused there by its kind alone.

use std::sync::Arc;

use weft_core::content::Content;
use weft_core::effects::Effects;
use weft_core::events::EventLog;
use weft_core::flow::{Hook, HookCall, Owner};
use weft_core::lua::api::{Access, Front, CTX_API};
use weft_core::lua::LuaHost;
use weft_core::GameState;
use weft_tests::{content_with_courtyard, Game};

/// Arguments each changing function is called with from the courtyard's `can_act`
/// below (`p` is the acting player; the tile has one display slot, holding wool): of
/// the types it takes (mlua reads them before the access check, as for any method), and
/// for a function with a fast front, ones the front would answer in a hook that may
/// change the game (see [`the_fronted_verbs_arguments_are_answered_in_an_action`]), so
/// that the front is the one asked.
const ARGUMENTS: &[(&str, &str)] = &[
    ("gain", "p, 'coins', 1"),
    ("trigger", "p, 'workshop'"),
    ("add_piece", "p"),
    ("pay", "p, 'coins', 0"),
    ("add", "p, 'prestige', 1"),
    ("set_slot_count", "2"),
    ("put_slot", "1, 'silk'"),
    ("take_slot", "1"),
    ("set_counter", "'x', 1"),
    ("roll", "'black'"),
    ("random", "6"),
    ("add_die", "'black'"),
    ("reroll_dice", ""),
    ("use_cards", "p"),
    ("add_marks", "'hand', 1, 1, p"),
    ("move_card", "'common_deck', -1, 'hand', p"),
    ("shuffle", "'common_deck'"),
    ("reshuffle", "'common', 0"),
    ("close_area", "'north'"),
    ("use_space", "'north', 1"),
    ("take_neutral_die", "p"),
    ("add_stand_in", "p, 6, 1"),
    ("travel", "p, { max = 1 }"),
    ("place_marker", "p, 'post', 'a'"),
    ("set_first_player", "p"),
    ("move_card_to_bottom", "'common_deck', -1, 'common_discard'"),
    ("remove_marker", "p, 'post', 'a'"),
];

/// The arguments of changing function `name`; a failure naming it when it has none.
fn arguments(name: &str) -> &'static str {
    ARGUMENTS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, args)| *args)
        .unwrap_or_else(|| {
            panic!("ctx:{name} changes the game: give it arguments in ARGUMENTS (tests/tests/ctx_api.rs)")
        })
}

/// The courtyard's `can_act` calling each of `calls` (a function's name and the
/// arguments after `ctx`) under `pcall`; it raises one line per call: the name, a tab,
/// and what came of it: `ok`, `refused` (the refusal of a change in `can_act`, naming
/// the function), `arguments` (mlua's error for a wrong argument), `owner` (the hook
/// belongs to no tile or area) or `other: ` and the error.
fn can_act_calling(calls: &[(&str, &str)]) -> String {
    let tries: String = calls
        .iter()
        .map(|(name, args)| {
            format!("    {{ '{name}', function() return ctx:{name}({args}) end }},\n")
        })
        .collect();
    format!(
        "local function came(name, ok, e)\n  if ok then return 'ok' end\n  local function has(text) return string.find(tostring(e), text, 1, true) ~= nil end\n  if has('ctx:' .. name .. ' changes the game; hook `can_act` may only read') then return 'refused' end\n  if has('bad argument #') then return 'arguments' end\n  if has('this hook belongs to no') then return 'owner' end\n  return 'other: ' .. tostring(e)\nend\nreturn {{\n  can_act = function(ctx)\n  local p = ctx:player()\n  local out = {{}}\n  for _, try in {{\n{tries}  }} do\n    local ok, e = pcall(try[2])\n    table.insert(out, try[1] .. '\\t' .. came(try[1], ok, e))\n  end\n  error(table.concat(out, '\\n'), 0)\nend,\n  action = function(ctx) end,\n}}\n"
    )
}

/// A two-player game with the courtyard at `north`, its display one slot of wool.
fn courtyard_game(content: &Arc<Content>) -> Game {
    let mut g = Game::with(Arc::clone(content), 2, 1);
    g.place_tile("courtyard", "north");
    let at = g.slot("north") as usize;
    let wool = g.mat("wool");
    g.st.tile_mut(at).slots = vec![Some(wool)];
    g
}

/// Runs the courtyard's `can_act` of `content` on `g`'s game with the speed layer `on`:
/// each call's line (name, then `ok` or the error), and the state after it.
fn run_can_act(g: &Game, content: &Arc<Content>, on: bool) -> (Vec<(String, String)>, GameState) {
    let mut host = LuaHost::new(Arc::clone(content)).expect("the pack loads");
    host.set_speed_layer(on);
    let call = HookCall {
        owner: Owner::Tile {
            slot: g.slot("north"),
        },
        hook: Hook::CanAct,
        player: Some(g.current()),
    };
    let mut st = g.st.clone();
    let err = host
        .call(content, &mut st, &call, &[], &mut EventLog::recording())
        .expect_err("can_act raises its report");
    let lines = err
        .message
        .lines()
        .map(|l| {
            let (name, said) = l
                .split_once('\t')
                .unwrap_or_else(|| panic!("name<TAB>result: {l}"));
            (name.to_string(), said.to_string())
        })
        .collect();
    (lines, st)
}

/// Every changing function of the table, called from `can_act` with its arguments, is
/// refused with the message that names it and the hook (through its fast front, which
/// leaves it to the method, or not); every reading function, called with no arguments,
/// answers or fails for its arguments (or for what the hook belongs to), never for
/// access; and the game is unchanged. Both with the fast fronts in place and without.
#[test]
fn every_function_of_the_table_keeps_to_its_access_in_a_read_only_hook() {
    let functions: Vec<_> = CTX_API
        .iter()
        .filter(|f| f.access() != Access::Ask)
        .collect();
    // In groups, so that each report fits an error message (which is cut past a length).
    for group in functions.chunks(32) {
        check_group(group);
    }
}

/// [`every_function_of_the_table_keeps_to_its_access_in_a_read_only_hook`] for one
/// group of functions.
fn check_group(group: &[&weft_core::lua::api::CtxFn]) {
    let calls: Vec<(&str, &str)> = group
        .iter()
        .map(|f| match f.access() {
            Access::Change => (f.name, arguments(f.name)),
            _ => (f.name, ""),
        })
        .collect();
    let content = content_with_courtyard(&can_act_calling(&calls));
    let g = courtyard_game(&content);
    for on in [true, false] {
        let (lines, st) = run_can_act(&g, &content, on);
        assert_eq!(lines.len(), calls.len(), "speed layer {on}: {lines:?}");
        for ((name, said), f) in lines.iter().zip(group) {
            assert_eq!(name, f.name);
            match f.access() {
                Access::Change => assert_eq!(
                    said, "refused",
                    "speed layer {on}: ctx:{name} changes the game, yet `can_act` was not refused it"
                ),
                _ => assert!(
                    ["ok", "arguments", "owner"].contains(&said.as_str()),
                    "speed layer {on}: ctx:{name} reads, yet failed in `can_act` for another reason than its arguments: {said}"
                ),
            }
        }
        assert!(st == g.st, "speed layer {on}: `can_act` changed the game");
    }
}

/// The arguments of each changing function with a fast front are answered in a hook
/// that may change the game (so the test above asks those fronts something they would
/// answer).
#[test]
fn the_fronted_verbs_arguments_are_answered_in_an_action() {
    let fronted: Vec<&str> = CTX_API
        .iter()
        .filter(|f| f.access() == Access::Change && matches!(f.front, Some(Front::Fast(..))))
        .map(|f| f.name)
        .collect();
    assert!(fronted.len() >= 8, "{fronted:?}");
    let tries: String = fronted
        .iter()
        .map(|name| format!("  ctx:{name}({})\n", arguments(name)))
        .collect();
    let content = content_with_courtyard(&format!(
        "return {{ action = function(ctx)\n  local p = ctx:player()\n{tries}end }}\n"
    ));
    let g = courtyard_game(&content);
    let mut host = LuaHost::new(Arc::clone(&content)).expect("the pack loads");
    let call = HookCall {
        owner: Owner::Tile {
            slot: g.slot("north"),
        },
        hook: Hook::Action,
        player: Some(g.current()),
    };
    let mut st = g.st.clone();
    host.call(&content, &mut st, &call, &[], &mut EventLog::recording())
        .unwrap_or_else(|e| panic!("{}", e.message));
    assert!(st != g.st, "the verbs changed the game");
}

/// Every function that asks, called from `can_act` with a question of two options, is
/// refused by the engine, naming the function, and the game is unchanged.
#[test]
fn every_function_that_asks_is_refused_in_a_read_only_hook() {
    let asking: Vec<&str> = CTX_API
        .iter()
        .filter(|f| f.access() == Access::Ask)
        .map(|f| f.name)
        .collect();
    assert!(!asking.is_empty());
    for name in asking {
        let content = content_with_courtyard(&format!(
            "return {{\n  can_act = function(ctx)\n    ctx:{name}({{ options = {{ 'a', 'b' }} }})\n    return true\n  end,\n  action = function(ctx) end,\n}}\n"
        ));
        let mut g = Game::with(content, 2, 1);
        g.place_tile("courtyard", "north");
        g.refresh();
        let before = g.st.clone();
        let err = g.try_answer("move:plaza:north").unwrap_err().to_string();
        assert!(err.contains(&format!("may not call ctx:{name}")), "{err}");
        assert!(g.st == before, "the state is unchanged");
    }
}

/// A changing verb's wrong argument is the error mlua gives any method's (the wrapper
/// reads the arguments as mlua does): position and name as for a reading function.
#[test]
fn a_verbs_wrong_argument_is_named_as_mlua_names_it() {
    let (got, _) = {
        let content = content_with_courtyard(
            "return { action = function(ctx)\n  local p = ctx:player()\n  local _, read = pcall(ctx.has, ctx, p, 'coins', 1.5)\n  local _, verb = pcall(ctx.add, ctx, p, 'prestige', 1.5)\n  error(tostring(read) .. '\\n' .. tostring(verb), 0)\nend }\n",
        );
        let g = courtyard_game(&content);
        let mut host = LuaHost::new(Arc::clone(&content)).expect("the pack loads");
        host.set_speed_layer(false);
        let call = HookCall {
            owner: Owner::Tile {
                slot: g.slot("north"),
            },
            hook: Hook::Action,
            player: Some(g.current()),
        };
        let mut st = g.st.clone();
        let err = host
            .call(&content, &mut st, &call, &[], &mut EventLog::recording())
            .expect_err("the action raises");
        (err.message, st)
    };
    let lines: Vec<&str> = got.lines().collect();
    assert_eq!(lines.len(), 2, "{got}");
    for (line, at) in lines
        .iter()
        .zip(["#4 to `CtxHandle.has`", "#4 to `CtxHandle.add`"])
    {
        assert!(
            line.starts_with(&format!("bad argument {at}: "))
                && line.ends_with("1.5 is not a whole number"),
            "{got}"
        );
    }
}
