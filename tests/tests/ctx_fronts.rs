//! The fast fronts of the most-used `ctx` functions and of a replayed `ctx:choose`
//! (issue 12) answer exactly as the host functions behind them: the same values and
//! changes for a well-formed call, the same count against the limit of changes, and the
//! host's own error, naming what is wrong, for any other.

use std::sync::Arc;
use weft_core::error::EngineError;

use weft_tests::{at_courtyard, content_with_courtyard, Game};

/// Runs `body` (Lua, with `ctx` and `p` in scope) as the courtyard's action, which ends
/// by raising the string the body returns; gives that string and the acting player
/// (from 1).
fn report(body: &str) -> (String, usize) {
    report_in(body, |_| {})
}

/// As [`report`], with `edit` applied to the game just before the action runs.
fn report_in(body: &str, edit: impl FnOnce(&mut Game)) -> (String, usize) {
    let source = format!(
        "return {{ action = function(ctx)\n  local p = ctx:player()\n  local function why(f, ...)\n    local ok, e = pcall(f, ctx, ...)\n    return if ok then 'ok' else tostring(e)\n  end\n  local out = (function() {body} end)()\n  error(out, 0)\nend }}\n"
    );
    let mut g = at_courtyard(content_with_courtyard(&source));
    edit(&mut g);
    let acting = g.current() + 1;
    let before = g.st.clone();
    let err = g.try_answer("act").unwrap_err();
    assert_eq!(g.st, before, "the state is unchanged");
    let EngineError::Script(e) = err else {
        panic!("expected the report as a script error, got {err}")
    };
    (e.message, acting)
}

#[test]
fn reads_answer_well_formed_calls() {
    let (got, acting) = report(
        "local held = ctx:count(p, 'coins')\n  return table.concat({ tostring(p), tostring(ctx:has(p, 'coins', held)), tostring(ctx:has(p, 'coins', held + 1)), tostring(ctx:has(p, 'coins', 0.0 + held)), tostring(ctx:zone_size('common_deck') > 0), ctx:card('c01').id, tostring(ctx:asking()), ctx:materials()[1] }, ' ')",
    );
    let words: Vec<&str> = got.split(' ').collect();
    assert_eq!(words[0], acting.to_string(), "{got}");
    assert_eq!(&words[1..4], ["true", "false", "true"], "{got}");
    assert_eq!(words[4], "true", "the common deck has cards: {got}");
    assert_eq!(words[5], "c01", "{got}");
    assert_eq!(words[6], "true", "no answer is recorded: {got}");
    assert!(!words[7].is_empty(), "{got}");
}

/// `cards` (of the `hand` and `tucked` zones), `decks` (their frozen tables) and `slots`
/// return a new list each call, with the game's values: a script may change the list it
/// got without changing the next one.
#[test]
fn list_reads_give_new_lists_of_the_games_values() {
    let body = "local function show(list) local out = {} for i, v in ipairs(list) do out[i] = tostring(v) end return table.concat(out, ',') end\n  local function ids(grades) local out = {} for i, g in ipairs(grades) do out[i] = g.id end return out end\n  local h = ctx:cards('hand', p)\n  table.insert(h, 'extra')\n  local s = ctx:slots()\n  s[1] = 'changed'\n  return table.concat({ show(ctx:cards('hand', p)), show(ctx:cards('tucked', p)), show(ids(ctx:decks(p))), show(ctx:slots()), tostring(#h), tostring(#ctx:cards('hand', p)), show(ctx:cards('hand', p, nil)) }, ' ')";
    let mut expected = Vec::new();
    let (got, acting) = report_in(body, |g| {
        let c = g.content();
        let p = g.current();
        // A display with a gap: an empty slot reads `false`.
        let at = g.st.players[p].pieces[0].at as usize;
        g.st.tile_mut(at).slots = vec![Some(g.mat("wool")), None, Some(g.mat("silk"))];
        let ids = |cards: Vec<u16>| -> String {
            cards
                .iter()
                .map(|&k| c.cards[k as usize].id.clone())
                .collect::<Vec<_>>()
                .join(",")
        };
        let pl = &g.st.players[p];
        expected.push(ids(weft_core::decks::hand(&c, pl).collect()));
        expected.push(ids(weft_core::decks::played(&c, pl).collect()));
        expected.push(
            weft_core::ops::unlocked_decks(&c, &g.st, p)
                .iter()
                .map(|&k| c.decks[k as usize].id.clone())
                .collect::<Vec<_>>()
                .join(","),
        );
        expected.push("wool,false,silk".to_string());
    });
    let words: Vec<&str> = got.split(' ').collect();
    assert_eq!(words.len(), 7, "{got}");
    assert_eq!(words[6], expected[0], "a nil player is no player: {got}");
    assert!(
        !expected[0].is_empty() && !expected[2].is_empty(),
        "{expected:?}"
    );
    assert_eq!(&words[..4], &expected[..], "player {acting}: {got}");
    let held = expected[0].split(',').count();
    assert_eq!(
        words[4],
        (held + 1).to_string(),
        "the script's own list grew"
    );
    assert_eq!(words[5], held.to_string(), "the next list is new");
}

#[test]
fn reads_give_the_host_errors_for_bad_arguments() {
    let (got, _) = report(
        "return table.concat({ why(ctx.has, p, 'coins', 1.5), why(ctx.has, 9, 'coins', 1), why(ctx.has, p, 'nothing', 1), why(ctx.count, p, 2), why(ctx.material_value, 'nothing'), why(ctx.slot, 1), why(ctx.card, 'nothing'), why(ctx.has, p, 'coins'), why(ctx.decks, 9), why(ctx.decks, 1.5), why(ctx.cards, 'tucked', 'x'), why(ctx.cards, 'nothing', p), why(ctx.cards, 'hand'), why(ctx.cards, 'hand', 9) }, '\\n')",
    );
    let lines: Vec<&str> = got.lines().collect();
    assert_eq!(lines.len(), 14, "{got}");
    assert!(lines[0].contains("1.5 is not a whole number"), "{got}");
    assert!(
        lines[1].contains("player 9 does not exist: players are 1..2"),
        "{got}"
    );
    assert!(lines[2].contains("`nothing` is not a counter"), "{got}");
    assert!(
        lines[3].contains("`2` is not a counter"),
        "a number read as text: {got}"
    );
    assert!(lines[4].contains("`nothing` is not a material"), "{got}");
    assert!(lines[5].contains("display slot 1 does not exist"), "{got}");
    assert!(lines[6].contains("`nothing` is not a card"), "{got}");
    assert!(
        lines[7].contains("expected a whole number"),
        "a missing amount: {got}"
    );
    assert!(lines[8].contains("player 9 does not exist"), "{got}");
    assert!(lines[9].contains("1.5 is not a whole number"), "{got}");
    assert!(lines[10].contains("expected a whole number"), "{got}");
    assert!(lines[11].contains("`nothing` is not a zone"), "{got}");
    assert!(lines[12].contains("name the player too"), "{got}");
    assert!(lines[13].contains("player 9 does not exist"), "{got}");
}

#[test]
fn reads_refuse_a_self_that_is_not_ctx() {
    let (got, _) = report(
        "local ok1 = pcall(ctx.player, {})\n  local ok2 = pcall(ctx.has, 'ctx', 1, 'coins', 0)\n  local ok3 = pcall(ctx.cards, {}, 'hand', 1)\n  local ok4 = pcall(ctx.slots, 'ctx')\n  return tostring(ok1) .. ' ' .. tostring(ok2) .. ' ' .. tostring(ok3) .. ' ' .. tostring(ok4)",
    );
    assert_eq!(got, "false false false false");
}

/// A replayed question picks the option with the recorded key, whether the key is a
/// string, a number, or a table's `key` field.
#[test]
fn a_replayed_question_picks_by_key_of_any_form() {
    let mut g = at_courtyard(content_with_courtyard(
        "return { action = function(ctx)\n  local a = ctx:choose({ options = { 1, 2, 3 } })\n  local b = ctx:choose({ options = { { key = 10, label = 'ten' }, { key = 'twenty' } } })\n  local c = ctx:choose({ options = { 'x', 'y' } })\n  ctx:gain(ctx:player(), 'coins', a + (if b.key == 10 then 10 else 20) + (if c == 'y' then 100 else 0))\nend }\n",
    ));
    let p = g.current();
    let coins = g.count(p, "coins");
    g.answer("act");
    g.answer("2");
    assert_eq!(g.keys(), vec!["10", "twenty"]);
    g.answer("10");
    g.answer("y");
    assert_eq!(g.count(p, "coins"), coins + 112);
}

/// A hook that keeps state between runs (against the rules) asks something else when it
/// is re-run; the replay says so instead of picking by chance, and a repeated key is
/// refused on a replay as when asking.
#[test]
fn a_replay_that_no_longer_matches_is_refused() {
    let mut g = at_courtyard(content_with_courtyard(
        "local runs = 0\nreturn { action = function(ctx)\n  runs += 1\n  ctx:choose({ options = { 'a' .. runs, 'b' .. runs } })\nend }\n",
    ));
    g.answer("act");
    let before = g.st.clone();
    let err = g.try_answer("a1").unwrap_err();
    assert!(
        err.to_string()
            .contains("the recorded answer `a1` is no longer an option"),
        "{err}"
    );
    assert_eq!(g.st, before, "the state is unchanged");
    let mut g = at_courtyard(content_with_courtyard(
        "local runs = 0\nreturn { action = function(ctx)\n  runs += 1\n  ctx:choose({ options = if runs == 1 then { 'a', 'b' } else { 'a', 'a' } })\nend }\n",
    ));
    g.answer("act");
    let err = g.try_answer("a").unwrap_err();
    assert!(
        err.to_string().contains("two options share the key `a`"),
        "{err}"
    );
}

/// `gain`, `pay`, `add`, `zone_size`, `player_count`, `round` and `logging`
/// answer and change the game as the methods do; `gain` returns what was gained.
#[test]
fn verbs_change_the_game_as_the_methods_do() {
    let mut expected = String::new();
    let (got, _) = report_in(
        "local before = ctx:count(p, 'coins')\n  local got = ctx:gain(p, 'coins', 3)\n  ctx:pay(p, 'coins', 2)\n  local prestige = ctx:count(p, 'prestige')\n  ctx:add(p, 'prestige', -4)\n  ctx:add(p, 'prestige', 1.0 + 2)\n  ctx:log('a line')\n  return table.concat({ tostring(got), tostring(ctx:count(p, 'coins') - before), tostring(ctx:count(p, 'prestige') - prestige), tostring(ctx:zone_size('hand', p)), tostring(ctx:player_count()), tostring(ctx:round()), tostring(ctx:logging()) }, ' ')",
        |g| {
            let c = g.content();
            let p = g.current();
            let hand = weft_core::decks::hand(&c, &g.st.players[p]).count();
            expected = format!("3 1 -1 {hand} {} {} false", g.st.players.len(), g.st.round);
        },
    );
    assert_eq!(got, expected);
}

/// A verb front hands every call it cannot make to the method, which raises its own
/// error: a wrong amount, player or counter, a counter taken below its minimum, a payment
/// the player cannot make, a log line that is not text.
#[test]
fn verbs_give_the_host_errors_for_bad_arguments() {
    let (got, _) = report(
        "local held = ctx:count(p, 'coins')\n  return table.concat({ why(ctx.gain, p, 'coins', 1.5), why(ctx.gain, 9, 'coins', 1), why(ctx.gain, p, 'nothing', 1), why(ctx.add, p, 'coins', -1000), why(ctx.pay, p, 'coins', -1), why(ctx.pay, p, 'coins', held + 1), why(ctx.add, p, 'prestige', 2000000), why(ctx.add, 9, 'prestige', 1), why(ctx.log, {}), why(ctx.zone_size, 'nothing', p), why(ctx.zone_size, 'hand', 9), tostring(ctx:count(p, 'coins') == held) }, '\\n')",
    );
    let lines: Vec<&str> = got.lines().collect();
    assert_eq!(lines.len(), 12, "{got}");
    assert!(lines[0].contains("1.5 is not a whole number"), "{got}");
    assert!(lines[1].contains("player 9 does not exist"), "{got}");
    assert!(lines[2].contains("`nothing` is not a counter"), "{got}");
    assert!(lines[3].contains("outside its range 0.."), "{got}");
    assert!(lines[4].contains("-1 is out of range"), "{got}");
    assert!(lines[5].contains("cannot pay"), "{got}");
    assert!(lines[6].contains("2000000 is out of range"), "{got}");
    assert!(lines[7].contains("player 9 does not exist"), "{got}");
    assert!(lines[8].contains("expected string"), "{got}");
    assert!(lines[9].contains("`nothing` is not a zone"), "{got}");
    assert!(lines[10].contains("player 9 does not exist"), "{got}");
    assert_eq!(lines[11], "true", "a refused payment took nothing: {got}");
}

/// The limit of changes a call may make counts the fronts' changes and a refused
/// change alike, as the methods always did: 9,999 changes and one refused payment reach
/// the limit, and the next change is refused, naming it. A log line is not a change.
#[test]
fn verbs_count_against_the_limit_of_changes_as_the_methods_do() {
    let (got, _) = report(
        "for _ = 1, 9999 do ctx:gain(p, 'coins', 0) end\n  local refused = why(ctx.pay, p, 'coins', 1000000)\n  for _ = 1, 20000 do ctx:log('x') end\n  return refused .. '\\n' .. why(ctx.gain, p, 'coins', 0)",
    );
    let lines: Vec<&str> = got.lines().collect();
    assert!(lines[0].contains("cannot pay"), "{got}");
    assert!(
        lines[1].contains("one hook call may make at most 10000 changes"),
        "{got}"
    );
    let (got, _) = report(
        "for _ = 1, 9999 do ctx:pay(p, 'coins', 0) end\n  for _ = 1, 20000 do ctx:log('x') end\n  return why(ctx.add, p, 'prestige', 0)",
    );
    assert_eq!(got, "ok", "the 10,000th change is allowed");
}

/// While events are recorded a call keeps its first 1,000 log lines and drops the rest,
/// without an error: a hook does the same whether its lines are kept or not.
#[test]
fn a_call_keeps_at_most_a_thousand_log_lines() {
    let mut g = at_courtyard(content_with_courtyard(
        "return { action = function(ctx)\n  for i = 1, 1500 do ctx:log('line ' .. i) end\n  ctx:gain(ctx:player(), 'coins', 1)\nend }\n",
    ));
    let p = g.current();
    let coins = g.count(p, "coins");
    let mut log = weft_core::events::EventLog::recording();
    g.engine
        .apply_logged(&mut g.st, "act", &mut log)
        .expect("act");
    let lines: Vec<&str> = log
        .events
        .iter()
        .filter(|e| e.kind == "script")
        .map(|e| e.text.as_str())
        .collect();
    assert_eq!(lines.len(), 1000);
    assert_eq!(lines[999], "line 1000");
    assert_eq!(g.count(p, "coins"), coins + 1);
}

/// The tile fronts (`slot_count`, `slot`, `slots`, `counter`, and the verbs `put_slot`,
/// `take_slot`, `set_counter`) read and change the hook's own tile as the methods do,
/// and what they change is kept when the hook finishes.
#[test]
fn tile_fronts_read_and_change_the_tile_as_the_methods_do() {
    let (got, _) = report(
        "ctx:set_slot_count(3)\n  ctx:put_slot(1, 'wool')\n  ctx:put_slot(2.0, 'silk')\n  local first = ctx:take_slot(1)\n  local again = ctx:take_slot(1)\n  ctx:put_slot(3, 'wool')\n  ctx:put_slot(3, nil)\n  ctx:set_counter('a', 5)\n  local a = ctx:counter('a')\n  ctx:set_counter('a', -2)\n  local s = ctx:slots()\n  return table.concat({ tostring(ctx:slot_count()), tostring(first), tostring(again), tostring(ctx:slot(2)), tostring(s[1]), tostring(s[2]), tostring(s[3]), tostring(a), tostring(ctx:counter('a')), tostring(ctx:counter('never')), tostring(ctx:counter(5)) }, ' ')",
    );
    assert_eq!(got, "3 wool nil silk false silk false 5 -2 0 0");

    let mut g = at_courtyard(content_with_courtyard(
        "return { action = function(ctx)\n  ctx:set_slot_count(2)\n  ctx:put_slot(2, 'silk')\n  ctx:set_counter('visits', ctx:counter('visits') + 1)\nend }\n",
    ));
    g.answer("act");
    let c = g.content();
    let north = &g.st.board[g.slot("north") as usize];
    assert_eq!(north.slots, vec![None, c.material("silk")]);
    assert_eq!(north.counters.get("visits"), Some(&1));
}

/// `ctx:reroll_dice()` rolls the tile's dice as the method does: the faces it returns are
/// those the tile's dice then show (read by `ctx:dice()`, a method), each roll counts
/// as one change, and the faces are kept when the hook finishes. (That it draws from
/// the game's generator in the method's order, the golden games check: every alley
/// re-rolls its dice every round.)
#[test]
fn the_reroll_front_rolls_the_tiles_dice_as_the_method_does() {
    let max = weft_core::limits::MAX_VERBS_PER_CALL;
    let (got, _) = report(&format!(
        "ctx:add_die('black')\n  ctx:add_die('gray')\n  local shown = ctx:reroll_dice()\n  local dice = ctx:dice()\n  local same = shown[1] == dice[1].face and shown[2] == dice[2].face\n  for i = 1, {} do ctx:reroll_dice() end\n  return table.concat({{ tostring(#shown), tostring(same), why(ctx.reroll_dice) }}, ' ')",
        max - 3
    ));
    assert_eq!(
        got,
        format!("2 true ctx:reroll_dice: one hook call may make at most {max} changes; look for a loop around a verb")
    );

    let mut g = at_courtyard(content_with_courtyard(
        "return { action = function(ctx)\n  ctx:add_die('black')\n  local shown = ctx:reroll_dice()\n  ctx:set_counter(shown[1], 1)\nend }\n",
    ));
    g.answer("act");
    let c = g.content();
    let north = &g.st.board[g.slot("north") as usize];
    let die = &north.dice[0];
    let face = c.dice[die.kind as usize].faces[die.face as usize];
    let shown = &c.materials[face as usize].id;
    assert_eq!(north.counters.get(shown), Some(&1), "{:?}", north.counters);
}

/// A tile front hands every call it cannot make to the method, which raises its own
/// error, and a refused change changes nothing.
#[test]
fn tile_fronts_give_the_host_errors_for_bad_arguments() {
    let (got, _) = report(
        "ctx:set_slot_count(2)\n  local out = { why(ctx.put_slot, 0, 'wool'), why(ctx.put_slot, 1, 'gold'), why(ctx.put_slot, 1, false), why(ctx.take_slot, 9), why(ctx.slot, 3), why(ctx.set_counter, 'a', 2000000000), why(ctx.set_counter, string.rep('x', 65), 1), why(ctx.set_counter, 'a', 1.5) }\n  for i = 1, 32 do ctx:set_counter('c' .. i, i) end\n  table.insert(out, why(ctx.set_counter, 'one more', 1))\n  table.insert(out, why(ctx.set_counter, 'c7', 70))\n  table.insert(out, tostring(ctx:slot(1)) .. ' ' .. tostring(ctx:counter('a')) .. ' ' .. tostring(ctx:counter('c7')))\n  return table.concat(out, '\\n')",
    );
    let lines: Vec<&str> = got.lines().collect();
    assert_eq!(lines.len(), 11, "{got}");
    assert!(lines[0].contains("display slot 0 does not exist"), "{got}");
    assert!(lines[1].contains("`gold` is not a material"), "{got}");
    assert!(lines[2].contains("expected string"), "{got}");
    assert!(lines[3].contains("display slot 9 does not exist"), "{got}");
    assert!(lines[4].contains("display slot 3 does not exist"), "{got}");
    assert!(lines[5].contains("2000000000 is out of range"), "{got}");
    assert!(lines[6].contains("limited to 64 bytes"), "{got}");
    assert!(lines[7].contains("1.5 is not a whole number"), "{got}");
    assert!(lines[8].contains("at most 32 counters"), "{got}");
    assert_eq!(lines[9], "ok", "an existing counter may change: {got}");
    assert_eq!(
        lines[10], "nil 0 70",
        "refused changes changed nothing: {got}"
    );
}

/// The courtyard's action of `content` run by the host alone on `g`'s game (no step of
/// the engine after it) with the recorded `answers`, with the speed layer `on`: the state
/// it leaves and the events it logged.
fn action_alone(
    g: &Game,
    content: &Arc<weft_core::Content>,
    answers: &[String],
    on: bool,
) -> (weft_core::GameState, Vec<weft_core::events::Event>) {
    use weft_core::effects::{Effects, HookOutcome};
    use weft_core::flow::{Hook, HookCall, Owner};
    let mut host = weft_core::lua::LuaHost::new(Arc::clone(content)).expect("host");
    host.set_speed_layer(on);
    let call = HookCall {
        owner: Owner::Tile {
            slot: g.slot("north"),
        },
        hook: Hook::Action,
        player: Some(g.current()),
    };
    let mut st = g.st.clone();
    let mut log = weft_core::events::EventLog::recording();
    let done = host
        .call(content, &mut st, &call, answers, &mut log)
        .unwrap_or_else(|e| panic!("the action runs: {}", e.message));
    assert!(matches!(done, HookOutcome::Done(_)), "{done:?}");
    (st, log.events)
}

/// `move_card`, and `weft.cards` over it, move commissions as the rules did, with the
/// speed layer on and off: cards drawn to choose from go onto the hand (seen by its
/// owner only), the kept one to the hand's top as it is chosen, the rest onto their
/// discard pile, a card of the hand onto its discard pile; the moved card's id is
/// returned, and each move is logged.
#[test]
fn move_card_and_weft_cards_move_commissions_as_the_rules_did() {
    let content = content_with_courtyard(
        "local cards = require('weft.cards')\nreturn { action = function(ctx)\n  local p = ctx:player()\n  local first = cards.hand(ctx, p)[1]\n  local drawn = cards.draw(ctx, p, 'common', 2)\n  local c = ctx:move_card('common_deck', -1, 'hand', p)\n  cards.keep(ctx, p, drawn, 1)\n  cards.discard(ctx, p, first)\n  ctx:log(table.concat({ drawn[1], drawn[2], c, first, tostring(ctx:ability(p, 'plaza_keep')), tostring(ctx:ability(p, 'nothing')) }, ' '))\nend }\n",
    );
    let g = at_courtyard(Arc::clone(&content));
    let c = g.content();
    let p = g.current();
    let grade = c.deck("common").expect("the fixture has a common deck") as usize;
    let top: Vec<u16> = g.st.zones[c.zones[c.decks[grade].draw as usize].index]
        .cards
        .iter()
        .rev()
        .take(3)
        .map(|k| k.expect("a card"))
        .collect();
    let hand_before: Vec<u16> = weft_core::decks::hand(&c, &g.st.players[p]).collect();
    let discards_before = g.st.zones[c.zones[c.decks[grade].discard as usize].index]
        .cards
        .clone();
    let id = |k: u16| c.cards[k as usize].id.clone();
    // The second card drawn is kept.
    let answers = [id(top[1])];
    for on in [true, false] {
        let (st, events) = action_alone(&g, &content, &answers, on);
        let line = events
            .iter()
            .find(|e| e.kind == "script")
            .map(|e| e.text.clone())
            .expect("the hook logged its line");
        let first = hand_before[0];
        assert_eq!(
            line,
            format!(
                "{} {} {} {} 1 0",
                id(top[0]),
                id(top[1]),
                id(top[2]),
                id(first)
            ),
            "speed layer {on}"
        );
        let mut hand_after: Vec<u16> = hand_before[1..].to_vec();
        hand_after.extend([top[2], top[1]]);
        assert_eq!(
            weft_core::decks::hand(&c, &st.players[p]).collect::<Vec<_>>(),
            hand_after,
            "speed layer {on}"
        );
        let mut discards = discards_before.clone();
        discards.extend([Some(top[0]), Some(first)]);
        assert_eq!(
            st.zones[c.zones[c.decks[grade].discard as usize].index].cards, discards,
            "the card not kept, then the hand's first card"
        );
        let moves = events.iter().filter(|e| e.kind == "move_card").count();
        assert_eq!(
            moves, 6,
            "two cards drawn to choose from, one drawn, one kept, two discarded: {events:?}"
        );
    }
}

/// `weft.cards` draws from an empty deck as the rules' own draw does: the discards are
/// shuffled into a new deck with the game's generator, and its top card is drawn (onto
/// the hand here); with both piles empty it draws nothing and changes nothing.
#[test]
fn weft_cards_reshuffles_an_empty_deck_as_the_rules_draw_does() {
    let content = content_with_courtyard(
        "local cards = require('weft.cards')\nreturn { action = function(ctx)\n  local p = ctx:player()\n  local drawn = cards.draw(ctx, p, 'common', 1)\n  ctx:log(tostring(drawn[1]))\nend }\n",
    );
    let mut g = at_courtyard(Arc::clone(&content));
    let c = g.content();
    let p = g.current();
    let grade = c.deck("common").expect("a common deck");
    let (deck, discards) = (
        c.zones[c.decks[grade as usize].draw as usize].index,
        c.zones[c.decks[grade as usize].discard as usize].index,
    );
    let mut all = std::mem::take(&mut g.st.zones_mut()[deck].cards);
    g.st.zones_mut()[discards].cards.append(&mut all);
    assert!(g.st.zones[discards].cards.len() > 2);
    let mut expected = g.st.clone();
    let (card, reshuffled) = weft_core::decks::draw(&c, &mut expected, grade);
    assert!(reshuffled);
    weft_core::decks::push_to_player(
        &c,
        &mut expected,
        p,
        c.zone("hand").unwrap(),
        card.expect("a card"),
    );
    for on in [true, false] {
        let (st, events) = action_alone(&g, &content, &[], on);
        assert!(
            st == expected,
            "speed layer {on}: the deck, the discards, the hand and the generator"
        );
        let back = events
            .iter()
            .filter(|e| {
                e.kind == "move_card" && e.text.contains("from `common_discard` to `common_deck`")
            })
            .count();
        assert_eq!(
            back,
            g.st.zones[discards].cards.len(),
            "each discard's move back is logged: {events:?}"
        );
    }
    g.st.zones_mut()[discards].cards.clear();
    let before = g.st.clone();
    let (st, events) = action_alone(&g, &content, &[], true);
    assert!(st == before, "nothing to draw, nothing changed");
    assert!(events.iter().any(|e| e.text == "nil"), "{events:?}");
}

/// Cards drawn to choose from are not shuffled back when the deck runs out in the same
/// run: as the rules' draws held them apart, the new deck is made of the discards there
/// were before, and the cards drawn and not kept end on the discards in the order drawn.
#[test]
fn cards_drawn_to_choose_from_stay_out_of_a_reshuffle_in_the_same_run() {
    let content = content_with_courtyard(
        "local cards = require('weft.cards')\nreturn { action = function(ctx)\n  local p = ctx:player()\n  cards.keep(ctx, p, cards.draw(ctx, p, 'common', 3), 0)\nend }\n",
    );
    let mut g = at_courtyard(Arc::clone(&content));
    let c = g.content();
    let grade = c.deck("common").expect("a common deck");
    let (deck, discards) = (
        c.zones[c.decks[grade as usize].draw as usize].index,
        c.zones[c.decks[grade as usize].discard as usize].index,
    );
    // One card left to draw; the rest are discards.
    let mut rest = std::mem::take(&mut g.st.zones_mut()[deck].cards);
    let last = rest.pop().expect("a card");
    g.st.zones_mut()[deck].cards.push(last);
    g.st.zones_mut()[discards].cards.append(&mut rest);
    let mut expected = g.st.clone();
    let mut drawn = Vec::new();
    for _ in 0..3 {
        drawn.push(
            weft_core::decks::draw(&c, &mut expected, grade)
                .0
                .expect("a card"),
        );
    }
    for card in drawn {
        weft_core::decks::discard(&c, &mut expected, card);
    }
    for on in [true, false] {
        let (st, _) = action_alone(&g, &content, &[], on);
        assert!(st == expected, "speed layer {on}");
    }
}

/// The `move_card` front hands every call it cannot make to the method, which raises
/// its own error, and a refused move changes nothing; `weft.cards` names a card that is
/// not in the hand.
#[test]
fn move_card_gives_the_host_errors_for_bad_arguments() {
    let (got, _) = report(
        "local cards = require('weft.cards')\n  local deck = ctx:cards('common_deck')\n  local hand = ctx:cards('hand', p)\n  local out = { why(ctx.move_card, 'nothing', 1, 'hand', p), why(ctx.move_card, 'common_deck', 0, 'hand', p), why(ctx.move_card, 'common_deck', -1, 'hand'), why(ctx.move_card, 'common_deck', -1, 'hand', 9), why(ctx.move_card, 'common_deck', 1.5, 'hand', p), why(ctx.move_card, 'common_deck', -1, 'royal_discard'), why(ctx.move_card, 'common_deck', -1, 'nowhere', p), why(cards.discard, p, deck[1]), why(cards.discard, p, 'zzz') }\n  table.insert(out, tostring(#ctx:cards('common_deck') == #deck and #ctx:cards('hand', p) == #hand))\n  return table.concat(out, '\\n')",
    );
    let lines: Vec<&str> = got.lines().collect();
    assert_eq!(lines.len(), 10, "{got}");
    assert!(lines[0].contains("`nothing` is not a zone"), "{got}");
    assert!(lines[1].contains("position 0 is outside"), "{got}");
    assert!(lines[2].contains("name the player too"), "{got}");
    assert!(lines[3].contains("player 9 does not exist"), "{got}");
    assert!(lines[4].contains("1.5 is not a whole number"), "{got}");
    assert!(
        lines[5].contains("zone `royal_discard` holds deck `royal`'s cards only"),
        "{got}"
    );
    assert!(lines[6].contains("`nowhere` is not a zone"), "{got}");
    assert!(lines[7].contains("is not in `hand` of player"), "{got}");
    assert!(lines[8].contains("`zzz` is not a card"), "{got}");
    assert_eq!(lines[9], "true", "refused moves changed nothing: {got}");
}

/// A read-only hook may not change the game, through a front or not.
#[test]
fn verbs_are_refused_in_read_only_hooks() {
    let mut g = Game::with(
        content_with_courtyard(
            "return { can_act = function(ctx)\n  ctx:gain(ctx:player(), 'coins', 1)\n  return true\nend, action = function(ctx) end }\n",
        ),
        2,
        1,
    );
    g.place_tile("courtyard", "north");
    g.refresh();
    let before = g.st.clone();
    let err = g.try_answer("move:plaza:north").unwrap_err().to_string();
    assert_eq!(g.st, before, "the state is unchanged");
    assert!(
        err.contains("ctx:gain changes the game; hook `can_act` may only read"),
        "{err}"
    );
}

/// While events are recorded, `ctx:logging()` is true and `ctx:log` keeps its line;
/// in a game played without a record both are dropped.
#[test]
fn log_lines_are_kept_only_while_events_are_recorded() {
    let source = "return { action = function(ctx)\n  if ctx:logging() then ctx:gain(ctx:player(), 'coins', 1) end\n  ctx:log('kept line')\nend }\n";
    let mut g = at_courtyard(content_with_courtyard(source));
    let p = g.current();
    let coins = g.count(p, "coins");
    let mut log = weft_core::events::EventLog::recording();
    g.engine
        .apply_logged(&mut g.st, "act", &mut log)
        .expect("act");
    assert!(
        log.events.iter().any(|e| e.text == "kept line"),
        "{:?}",
        log.events
    );
    assert_eq!(g.count(p, "coins"), coins + 1, "logging() was true");
    let mut g = at_courtyard(content_with_courtyard(source));
    let coins = g.count(p, "coins");
    g.answer("act");
    assert_eq!(g.count(p, "coins"), coins, "logging() was false");
}

/// Runs `body` (Lua, with `ctx`, `p`, `area` and `why` in scope) as the `options` hook
/// of Cabriole's oak market, on `st`; gives the string it raises.
fn cabriole_report(body: &str, st: &weft_core::GameState) -> String {
    use weft_core::effects::Effects;
    use weft_core::flow::{Hook, HookCall, Owner};
    let mut files = weft_tests::cabriole_files();
    let source = format!(
        "local M = {{}}\nfunction M.describe(params) return 'test' end\nfunction M.options(ctx, params)\n  local p, area = ctx:player(), ctx:area()\n  local function why(f, ...)\n    local ok, e = pcall(f, ctx, ...)\n    return if ok then 'ok' else tostring(e)\n  end\n  local out = (function() {body} end)()\n  error(out, 0)\nend\nfunction M.resolve(ctx, params, key) end\nreturn M\n"
    );
    files.files.insert("areas/market.lua".into(), source);
    let content = Arc::new(
        weft_core::load_files(&[files], &weft_tests::library()).unwrap_or_else(|e| panic!("{e}")),
    );
    let mut host = weft_core::lua::LuaHost::new(Arc::clone(&content)).expect("host");
    let area = content.board.area_index("market_oak").expect("market_oak");
    let call = HookCall {
        owner: Owner::Area { area },
        hook: Hook::Options,
        player: Some(1),
    };
    let err = host
        .options(&content, st, &call)
        .expect_err("the body raises");
    err.message
}

/// A Cabriole game after setup, with the oak market's space 2 taken, row 2 closed and
/// 2 coins on the display's first card.
fn cabriole_state() -> weft_core::GameState {
    let content = weft_tests::cabriole_content();
    let mut engine = weft_core::Engine::with_lua(Arc::clone(&content)).expect("engine");
    let mut st = engine.new_game(3, 4).expect("setup");
    let oak = content.board.area_index("market_oak").unwrap() as usize;
    st.areas_mut()[oak].used = vec![1];
    let row2 = content.board.area_index("row2").unwrap() as usize;
    st.areas_mut()[row2].closed = true;
    st.areas_mut()[row2].placed = vec![Some(0), None, Some(2)];
    let display = weft_core::zones::ZoneRef::named(&content, "display", None).unwrap();
    weft_core::zones::add_mark(&content, &mut st, display, 0, 2).expect("a mark");
    st
}

/// `grid`, `room`, `marks`, `find_card`, `card`, `area`, `area_closed`,
/// `space_used` and `placements` read the game's values; `placements` gives a new list
/// each call.
#[test]
fn zone_and_area_reads_answer_well_formed_calls() {
    let st = cabriole_state();
    let content = weft_tests::cabriole_content();
    let display = weft_core::zones::ZoneRef::named(&content, "display", None).unwrap();
    let cards = &display.get(&content, &st).cards;
    let first = &content.cards[cards[0].unwrap() as usize].id;
    let third = &content.cards[cards[2].unwrap() as usize].id;
    let (rows, cols) = content.zones[display.zone as usize].grid_size(3).unwrap();
    let unfinished = weft_core::zones::ZoneRef::named(&content, "unfinished", Some(1)).unwrap();
    let room = weft_core::zones::room(&content, &st, unfinished).expect("a cap");
    let row1 = content.board.area_index("row1").unwrap() as usize;
    let row1 = vec!["false"; st.areas[row1].placed.len()].join(",");
    let got = cabriole_report(
        &format!("local function show(list) local out = {{}} for i, v in ipairs(list) do out[i] = tostring(v) end return table.concat(out, ',') end\n  local mine = ctx:placements('row2')\n  table.insert(mine, 9)\n  local rows, cols = ctx:grid('display')\n  return table.concat({{ area, tostring(ctx:area_closed('row1')), tostring(ctx:area_closed('row2')), tostring(ctx:space_used(area, 1)), tostring(ctx:space_used(area, 2)), rows .. 'x' .. cols, tostring(ctx:room('unfinished', p)), tostring(ctx:room('display')), tostring(ctx:marks('display', 1)), tostring(ctx:marks('display', 2)), tostring(ctx:find_card('display', '{third}')), tostring(ctx:find_card('unfinished', '{first}', p)), ctx:card('{first}').id, show(ctx:placements('row2')), show(ctx:placements('row1')), tostring(#mine) }}, ' ')"),
        &st,
    );
    assert_eq!(
        got,
        format!("market_oak false true false true {rows}x{cols} {room} nil 2 0 3 nil {first} 1,false,3 {row1} 4")
    );
}

/// The zone and area fronts hand every call they cannot answer to the method, which
/// raises its own error.
#[test]
fn zone_and_area_reads_give_the_host_errors_for_bad_arguments() {
    let got = cabriole_report(
        "return table.concat({ why(ctx.grid, 'unfinished'), why(ctx.grid, 'nothing'), why(ctx.room, 'unfinished', 9), why(ctx.marks, 'display', 99), why(ctx.marks, 'display', 1.5), why(ctx.find_card, 'display', 'nothing'), why(ctx.area_closed, 'nothing'), why(ctx.space_used, area, 65), why(ctx.space_used, area, 1.5), why(ctx.card, 'nothing'), why(ctx.room, 'unfinished'), why(ctx.placements, 'nothing') }, '\\n')",
        &cabriole_state(),
    );
    let lines: Vec<&str> = got.lines().collect();
    assert_eq!(lines.len(), 12, "{got}");
    assert!(lines[0].contains("name the player too"), "{got}");
    assert!(lines[1].contains("`nothing` is not a zone"), "{got}");
    assert!(lines[2].contains("player 9 does not exist"), "{got}");
    assert!(lines[3].contains("position 99 is outside"), "{got}");
    assert!(lines[4].contains("1.5 is not a whole number"), "{got}");
    assert!(
        lines[5].contains("`nothing` is not a card of [[cards]]"),
        "{got}"
    );
    assert!(lines[6].contains("`nothing` is not an area"), "{got}");
    assert!(lines[7].contains("space 65 does not exist"), "{got}");
    assert!(lines[8].contains("1.5 is not a whole number"), "{got}");
    assert!(lines[9].contains("`nothing` is not a card"), "{got}");
    assert!(lines[10].contains("name the player too"), "{got}");
    assert!(lines[11].contains("`nothing` is not an area"), "{got}");
}
