//! A refused verb changes nothing (issue 30, item 5): every `ctx` verb, and the `ops`,
//! `zones` and `decks` functions under them, check everything before they change
//! anything, so the game after a refused call equals the game before it, whichever path
//! made the call (a fast front, or the mlua method with the speed layer off). A script
//! that catches the refusal with `pcall` goes on from the game as it was.

use std::sync::Arc;

use weft_core::content::{Content, ZoneKind};
use weft_core::events::EventLog;
use weft_core::limits::MAX_HOLDING;
use weft_core::zones::{self, ZoneRef};
use weft_core::{ops, GameState};
use weft_tests::{at_courtyard, cards_content, content_with_courtyard, tabriz_content, Game};

/// The courtyard action: `prefix`, then (when given) `refused` under `pcall`, which
/// must fail; then a draw from the game's generator, kept on the tile, so a refused
/// call that moved the generator shows in what follows too.
fn courtyard_action(prefix: &str, refused: Option<&str>) -> String {
    let refused = refused.map_or(String::new(), |call| {
        format!(
            "local ok, why = pcall(function() {call} end)\n  if ok then error('not refused: {}', 0) end",
            call.replace('\'', "\"")
        )
    });
    format!(
        "return {{ action = function(ctx)\n  local p = ctx:player()\n  {prefix}\n  {refused}\n  ctx:set_counter('after', ctx:random(1000000))\nend }}\n"
    )
}

/// The game after the courtyard's action ran `source`, with the speed layer `on`.
fn after_action(source: &str, on: bool) -> GameState {
    let mut g = at_courtyard(content_with_courtyard(source));
    g.engine.set_speed_layer(on);
    if let Err(e) = g.try_answer("act") {
        panic!("{source}\n{e}");
    }
    g.st
}

/// `refused`, after `prefix`, is refused and changes nothing: the game equals the one
/// where the action made `prefix` alone, with the speed layer on and off.
fn assert_refused_changes_nothing(prefix: &str, refused: &str) {
    for on in [true, false] {
        let without = after_action(&courtyard_action(prefix, None), on);
        let with = after_action(&courtyard_action(prefix, Some(refused)), on);
        assert!(
            with == without,
            "speed layer {on}: `{refused}` (after `{prefix}`) was refused but changed the game"
        );
        assert_eq!(with.hash(), without.hash());
    }
}

#[test]
fn refused_counter_verbs_change_nothing() {
    for refused in [
        "ctx:gain(p, 'coins', 1000001)",
        "ctx:gain(p, 'woool', 1)",
        "ctx:gain(99, 'coins', 1)",
        "ctx:gain(p, 'coins', 1.5)",
        "ctx:pay(p, 'skill', 1)",
        "ctx:add(p, 'coins', -1000)",
        "ctx:pay(p, 'coins', 999)",
        "ctx:pay(p, 'coins', -1)",
        "ctx:add(p, 'prestige', 1000001)",
        "ctx:add(p, 'skill', 1000001)",
        "ctx:use_cards(99)",
    ] {
        assert_refused_changes_nothing("", refused);
    }
}

#[test]
fn refused_tile_verbs_change_nothing() {
    let slots = "ctx:set_slot_count(2) ctx:put_slot(1, 'wool')";
    for refused in [
        "ctx:put_slot(3, 'wool')",
        "ctx:put_slot(2, 'woool')",
        "ctx:take_slot(0)",
        "ctx:set_slot_count(65)",
        "ctx:set_counter(string.rep('x', 100), 1)",
        "ctx:set_counter('n', 2000000000)",
        "ctx:roll('purple')",
        "ctx:random(0)",
        "ctx:add_die('purple')",
    ] {
        assert_refused_changes_nothing(slots, refused);
    }
}

/// The bug this guards: `add_die` rolled the new die (moving the game's generator)
/// before it found the tile full, so a script that caught the refusal went on with
/// other rolls than a script that never asked.
#[test]
fn a_refused_add_die_leaves_the_generator_where_it_was() {
    let sixteen = "for _ = 1, 16 do ctx:add_die('black') end";
    assert_refused_changes_nothing(sixteen, "ctx:add_die('black')");
}

#[test]
fn refused_card_and_zone_verbs_change_nothing() {
    // A commission of another grade than the first in hand's: its discard pile refuses
    // that card.
    let other_pile = "local first = ctx:cards('hand', p)[1]\n  local deck = ctx:card(first).deck\n  local pile = (if deck == 'common' then 'royal' else 'common') .. '_discard'";
    let drawn = "local drawn = ctx:move_card('common_deck', -1, 'hand', p)";
    for (prefix, refused) in [
        ("", "ctx:move_card('nograde_deck', -1, 'hand', p)"),
        ("", "ctx:move_card('common_deck', -1, 'royal_discard')"),
        ("", "ctx:move_card('hand', 1, 'hand', 99)"),
        (drawn, "ctx:move_card('hand', -1, 'tucked', 99)"),
        (drawn, "ctx:move_card('hand', -1, 'royal_deck', p)"),
        ("", "ctx:move_card('hand', 1, 'common_discard', 99)"),
        ("", "ctx:move_card('hand', 99, 'tucked', p)"),
        ("", "ctx:move_card('hand', 1, 'nozone', p)"),
        (other_pile, "ctx:move_card('hand', 1, pile, p)"),
        ("", "ctx:add_marks('hand', 1, 1, p)"),
        ("", "ctx:shuffle('nozone')"),
        ("", "ctx:close_area('nowhere')"),
        ("", "ctx:use_space('nowhere', 1)"),
    ] {
        assert_refused_changes_nothing(prefix, refused);
    }
}

/// `result` is an error and `st` equals `before`.
fn assert_refused<T: std::fmt::Debug>(
    what: &str,
    result: Result<T, String>,
    st: &GameState,
    before: &GameState,
) {
    assert!(result.is_err(), "{what}: not refused ({result:?})");
    assert!(st == before, "{what}: refused, yet the game changed");
}

#[test]
fn refused_ops_change_nothing() {
    let c = tabriz_content();
    let g = Game::with(Arc::clone(&c), 3, 7);
    let coins = c.counter("coins").unwrap();
    let mut st = g.st.clone();
    st.player_mut(0).set(coins, MAX_HOLDING);
    let before = st.clone();
    let mut log = EventLog::recording();
    let gained = ops::gain(&c, &mut st, &mut log, 0, coins, 1);
    assert_refused("gain past the holding limit", gained, &st, &before);
    let paid = ops::pay(&c, &mut st, &mut log, 1, coins, 1_000);
    assert_refused("pay more than held", paid, &st, &before);
    st.player_mut(2)
        .set(c.counter("prestige").unwrap(), MAX_HOLDING);
    let before = st.clone();
    let added = ops::add(&c, &mut st, &mut log, 2, c.counter("prestige").unwrap(), 1);
    assert_refused("prestige past the limit", added, &st, &before);
    assert!(log.events.is_empty(), "a refused verb logs nothing");
}

/// The cards fixture's zone `id`, of player `p` for a player zone.
fn zone(c: &Content, id: &str, p: Option<usize>) -> ZoneRef {
    ZoneRef::named(c, id, p).expect("the fixture has the zone")
}

#[test]
fn refused_zone_moves_and_marks_change_nothing() {
    let c = cards_content();
    let g = Game::with(Arc::clone(&c), 2, 3);
    let mut st = g.st.clone();
    let (display, hand) = (zone(&c, "display", None), zone(&c, "hand", Some(0)));
    assert!(matches!(
        c.zones[display.zone as usize].kind,
        ZoneKind::Grid { .. }
    ));
    // Fill the hand to its cap of 3 from the piles; the display keeps its cards.
    let piles = ["deck", "spare"].map(|id| zone(&c, id, None));
    while zones::room(&c, &st, hand) != Some(0) {
        let pile = piles
            .into_iter()
            .find(|z| !z.get(&c, &st).cards.is_empty())
            .expect("the piles hold cards");
        zones::move_card(&c, &mut st, pile, 0, hand, None).expect("the hand has room");
    }
    let before = st.clone();
    let taken = (0..display.get(&c, &st).cards.len())
        .find(|&k| zones::card_at(&c, &st, display, k).is_some())
        .expect("the display is dealt");
    let full = zones::move_card(&c, &mut st, display, taken, hand, None);
    assert_refused("a move into a full hand", full, &st, &before);
    let onto = zones::move_card(&c, &mut st, hand, 0, display, Some(taken));
    assert_refused("a move onto a taken position", onto, &st, &before);
    let into_pile = zones::move_card(&c, &mut st, hand, 0, piles[0], Some(1));
    assert_refused("a move to a position of a pile", into_pile, &st, &before);
    // Position 0 of a pile is its bottom (ctx:move_card_to_bottom): taken, not refused.
    let mut bottom = st.clone();
    let moved = zones::move_card(&c, &mut bottom, hand, 0, piles[0], Some(0)).unwrap();
    assert_eq!(
        piles[0].get(&c, &bottom).cards[0],
        Some(moved),
        "at the bottom"
    );
    let past = zones::move_card(&c, &mut st, hand, 0, display, Some(999));
    assert_refused("a move past the grid", past, &st, &before);
    let empty = zones::move_card(&c, &mut st, hand, 5, piles[0], None);
    assert_refused("a move from an empty position", empty, &st, &before);
    let no_marks = zones::add_mark(&c, &mut st, hand, 0, 1);
    assert_refused("a mark in a zone without marks", no_marks, &st, &before);
    let over = zones::add_mark(&c, &mut st, display, taken, MAX_HOLDING + 1);
    assert_refused("a mark past the limit", over, &st, &before);
    let below = zones::add_mark(&c, &mut st, display, taken, -1);
    assert_refused("a mark below 0", below, &st, &before);
}

#[test]
fn refused_deck_moves_change_nothing() {
    let c = tabriz_content();
    let g = Game::with(Arc::clone(&c), 2, 5);
    let mut st = g.st.clone();
    let before = st.clone();
    let not_held = weft_core::decks::hand(&c, &st.players[1])
        .next()
        .expect("player 2 holds a commission");
    let hand = c.zone("hand").unwrap();
    let taken = weft_core::decks::take_from_player(&c, &mut st, 0, hand, not_held);
    assert!(!taken, "player 1 does not hold player 2's card");
    assert!(st == before, "a refused take changes nothing");
}
