//! The speed layer is provable (issue 30, item 5): with it off
//! ([`Engine::set_speed_layer`]) every `ctx` call goes to its mlua method and every
//! answer re-runs its hook, and the games are the same as with it on: the same answers,
//! the same errors (message, place and traceback), the same events and the same final
//! hash, on every pack in the repository, for random and greedy bots, and on a pack
//! whose script fails in the ways scripts fail.

use std::sync::Arc;

use weft_core::effects::{Effects, HookOutcome};
use weft_core::events::EventLog;
use weft_core::flow::{Hook, HookCall, Owner};
use weft_core::lua::LuaHost;
use weft_core::Engine;
use weft_tests::packs::{failing_pack, repo_pack, repo_packs, RepoPack};
use weft_tests::play::{same_both_ways, Seats};
use weft_tests::{at_courtyard, content_with_courtyard};

/// Random games per player count and pack.
const RANDOM_GAMES: u64 = 3;

/// `pack`'s random games at every player count, both ways.
fn random_both_ways(pack: &RepoPack) {
    let content = pack.content();
    let counts: Vec<usize> = content
        .player_counts()
        .iter()
        .map(|&n| n as usize)
        .collect();
    same_both_ways(pack.name, &content, &counts, RANDOM_GAMES, Seats::Random);
}

#[test]
fn tabriz_and_cabriole_play_the_same_random_games_with_the_speed_layer_on_and_off() {
    for name in ["tabriz", "cabriole"] {
        random_both_ways(&repo_pack(name));
    }
}

#[test]
fn every_other_pack_plays_the_same_random_games_with_the_speed_layer_on_and_off() {
    for pack in repo_packs() {
        if !["tabriz", "cabriole"].contains(&pack.name) {
            random_both_ways(&pack);
        }
    }
}

/// Greedy bots look ahead on determinized copies with `apply_disposable`, and read the
/// evaluation hooks: a game each at two player counts of both games.
#[test]
fn greedy_games_are_the_same_with_the_speed_layer_on_and_off() {
    for (name, counts) in [("tabriz", [2, 4]), ("cabriole", [2, 3])] {
        let content = repo_pack(name).content();
        same_both_ways(name, &content, &counts, 1, Seats::Greedy);
    }
}

#[test]
fn a_failing_script_fails_the_same_way_with_the_speed_layer_on_and_off() {
    let pack = failing_pack();
    let content = pack.content();
    let games = same_both_ways(pack.name, &content, &[2, 3, 4], 8, Seats::Random);
    let errors: Vec<&str> = games
        .iter()
        .flat_map(|g| g.errors.iter().map(String::as_str))
        .collect();
    // Each way of failing was met (and so compared), and the game went on after it.
    for (what, text) in [
        ("a verb given 1.5", "1.5 is not a whole number"),
        ("a name that is no counter", "woool"),
        (
            "a player that does not exist",
            "does not exist: players are",
        ),
        ("the script's own error", "the courtyard gives way"),
        ("misused ctx functions under pcall", "false"),
    ] {
        assert!(
            errors.iter().any(|e| e.contains(text)),
            "no game met {what} (`{text}`): {errors:#?}"
        );
    }
    assert!(
        games.iter().all(|g| !g.answers.is_empty()),
        "every game goes on after its errors"
    );
}

/// A question asked in bot play is held with the speed layer on, and not with it off
/// (its answer then re-runs the hook).
#[test]
fn with_the_speed_layer_off_no_call_is_held() {
    let source =
        "return { action = function(ctx)\n  ctx:choose({ options = { 'x', 'y' } })\nend }\n";
    let content = content_with_courtyard(source);
    let g = at_courtyard(Arc::clone(&content));
    let slot = g.slot("north");
    let call = HookCall {
        owner: Owner::Tile { slot },
        hook: Hook::Action,
        player: Some(g.current()),
    };
    for on in [true, false] {
        let mut host = LuaHost::new(Arc::clone(&content)).expect("the pack loads");
        host.set_labels(false);
        host.set_speed_layer(on);
        let mut scratch = g.st.clone();
        let outcome = host
            .call(&content, &mut scratch, &call, &[], &mut EventLog::default())
            .expect("the action asks");
        assert!(matches!(outcome, HookOutcome::Ask { .. }), "{outcome:?}");
        assert_eq!(host.held().is_some(), on, "speed layer {on}");
    }
}

/// The switch works on an engine between games, and back.
#[test]
fn the_speed_layer_can_be_turned_off_and_on_again_between_games() {
    let content = repo_pack("tabriz").content();
    let mut engine = Engine::with_lua(Arc::clone(&content)).expect("Tabriz loads");
    engine.set_labels(false);
    let mut hashes = Vec::new();
    for on in [true, false, true] {
        engine.set_speed_layer(on);
        let played = weft_tests::play::play(&mut engine, 3, 11, Seats::Random, false);
        hashes.push(played.hash);
    }
    assert!(hashes.iter().all(|h| *h == hashes[0]), "{hashes:?}");
}
