//! Worker placement (issue 11, rule ids of `content/cabriole/RULES.md`): areas of
//! spaces in `board.toml`, the `place`, `resolve` and `reset areas` steps, and the ctx
//! functions for closed areas and second-stage spaces, played on the queues fixture
//! (`tests/fixtures/queues`: rows 1–3 with a "4" space, an exclusive `extra` area, a
//! silk market declared first but resolved last, and a wood bazaar with no space at two
//! players).

use std::sync::Arc;

use weft_core::content::{load_content, AreaId, ContentErrors, PackFiles};
use weft_core::events::EventLog;
use weft_core::Content;
use weft_tests::{library, queues_content, queues_files, Game};

/// The queues fixture with its files edited.
fn try_queues(edit: impl FnOnce(&mut PackFiles)) -> Result<Content, ContentErrors> {
    let mut files = queues_files();
    edit(&mut files);
    load_content(&[files], &library())
}

fn queues_with(edit: impl FnOnce(&mut PackFiles)) -> Arc<Content> {
    Arc::new(try_queues(edit).unwrap_or_else(|e| panic!("{e}")))
}

/// Replaces `from` by `to` in a file of the pack (which must hold it).
fn edit(files: &mut PackFiles, file: &str, from: &str, to: &str) {
    let text = files.files[file].clone();
    assert!(text.contains(from), "{file} holds `{from}`");
    files.files.insert(file.into(), text.replacen(from, to, 1));
}

/// The fixture with seat 1 always first, so turn order is known.
fn seat1(files: &mut PackFiles) {
    edit(
        files,
        "game.toml",
        "first_player = \"random\"",
        "first_player = \"seat1\"",
    );
}

/// A game of the fixture (seat 1 first) with `players` players.
fn game(players: usize) -> Game {
    Game::with(queues_with(seat1), players, 7)
}

fn area(g: &Game, id: &str) -> AreaId {
    g.content()
        .board
        .area_index(id)
        .unwrap_or_else(|| panic!("no area {id}"))
}

/// Seats (0-based) on each space of an area.
fn placed(g: &Game, id: &str) -> Vec<Option<u8>> {
    g.st.areas[area(g, id) as usize].placed.clone()
}

/// The areas offered to place in, by id.
fn offered(g: &Game) -> Vec<String> {
    g.keys()
        .into_iter()
        .map(|k| {
            k.strip_prefix("place:")
                .unwrap_or_else(|| panic!("not a placement: {k}"))
                .to_string()
        })
        .collect()
}

/// Places, for each area id in turn, the asked player's worker there.
fn place_all(g: &mut Game, areas: &[&str]) {
    for a in areas {
        g.answer(&format!("place:{a}"));
    }
}

fn events(log: &EventLog, kind: &str) -> Vec<(Option<usize>, String)> {
    log.events
        .iter()
        .filter(|e| e.kind == kind)
        .map(|e| (e.player, e.text.clone()))
        .collect()
}

// ---- placement ------------------------------------------------------------------

/// C-QUEUE-2, C-PLACE-3, C-TWO-3: a space marked for more players is never usable. At
/// two players the rows hold 2 workers (their "4" space is out), `extra` 1 and the wood
/// bazaar none (C-TWO-2: never offered); at four the rows hold 3.
#[test]
fn c_queue_2_spaces_marked_for_more_players_are_unusable() {
    let mut g = game(2);
    assert_eq!(offered(&g), ["market", "row1", "row2", "row3", "extra"]);
    place_all(&mut g, &["row1", "row1"]);
    assert_eq!(placed(&g, "row1"), [Some(0), Some(1), None]);
    assert!(
        !offered(&g).contains(&"row1".to_string()),
        "row 1 is full at 2p"
    );
    g.answer("place:extra");
    assert!(
        !offered(&g).contains(&"extra".to_string()),
        "extra has one 2p space"
    );

    let mut g = game(3);
    assert_eq!(
        offered(&g),
        ["market", "bazaar", "row1", "row2", "row3", "extra"]
    );
    place_all(&mut g, &["row1", "row1"]);
    assert!(
        !offered(&g).contains(&"row1".to_string()),
        "row 1 is full at 3p"
    );

    let mut g = game(4);
    place_all(&mut g, &["row1", "row1"]);
    assert!(offered(&g).contains(&"row1".to_string()), "the \"4\" space");
    g.answer("place:row1");
    assert_eq!(placed(&g, "row1"), [Some(0), Some(1), Some(2)]);
}

/// C-PLACE-2: the worker goes on the leftmost free usable space; several of one player's
/// workers may share an area, one placement at a time. The label names the space.
#[test]
fn c_place_2_the_worker_takes_the_leftmost_free_space() {
    let mut g = game(3);
    let label = |g: &Game, key: &str| {
        g.decision().options[g.decision().index_of(key).expect("offered")]
            .label()
            .to_string()
    };
    assert_eq!(
        label(&g, "place:market"),
        "Place a worker in Silk market (space 1)"
    );
    place_all(&mut g, &["market", "row1", "market"]);
    assert_eq!(placed(&g, "market"), [Some(0), Some(2), None, None]);
    assert_eq!(
        label(&g, "place:market"),
        "Place a worker in Silk market (space 3)"
    );
    g.answer("place:market"); // seat 1's second worker in the same queue
    assert_eq!(placed(&g, "market"), [Some(0), Some(2), Some(0), None]);
    assert!(
        !g.offers("place:market"),
        "the market's 4th space is for 4 players"
    );
}

/// C-PLACE-4, C-EXTRA-2: no player may hold two spaces of an exclusive area, though
/// others may still take its free one; C-ROW-2: no one may place in a closed area, and
/// answering it anyway is refused with the state unchanged.
#[test]
fn c_place_4_exclusive_and_closed_areas_are_refused() {
    let mut g = game(3);
    g.answer("place:extra"); // seat 1
    g.answer("place:row1"); // seat 2
    g.answer("place:row2"); // seat 3: rows 1 and 2 taken, row 3 closes (C-ROW-1)
    assert_eq!(g.current(), 0);
    let offered_now = offered(&g);
    assert!(
        !offered_now.contains(&"extra".to_string()),
        "{offered_now:?}"
    );
    assert!(
        !offered_now.contains(&"row3".to_string()),
        "{offered_now:?}"
    );
    let before = g.st.clone();
    assert!(g.try_answer("place:extra").is_err());
    assert!(g.try_answer("place:row3").is_err());
    assert_eq!(g.st, before, "a refused answer changes nothing");
    g.answer("place:market"); // seat 1
    assert!(
        g.offers("place:extra"),
        "seat 2 may take extra's other space"
    );
    g.answer("place:extra");
    assert_eq!(placed(&g, "extra"), [Some(0), Some(1)]);
}

/// C-ROW-1: the place step's `after` hook runs for the player after each placement; the
/// fixture's closes the one row left empty once every other row holds a worker, and
/// only then. The closing is logged; C-ROUND-3: `reset areas = "clear"` reopens it.
#[test]
fn c_row_1_an_after_hook_closes_the_last_empty_row() {
    let c = queues_with(seat1);
    let mut g = Game::with(Arc::clone(&c), 2, 7);
    let mut log = EventLog::recording();
    g.engine
        .apply_logged(&mut g.st, "place:row1", &mut log)
        .expect("legal");
    assert!(!g.st.areas[area(&g, "row3") as usize].closed);
    assert!(!g.st.areas[area(&g, "row2") as usize].closed);
    g.engine
        .apply_logged(&mut g.st, "place:row2", &mut log)
        .expect("legal");
    assert!(g.st.areas[area(&g, "row3") as usize].closed);
    assert_eq!(
        events(&log, "close_area"),
        [(
            Some(1),
            "Row 3 is closed for the rest of the round".to_string()
        )]
    );
    assert!(!g.offers("place:row3"));
    // Play out the round: in round 2 row 3 is open again.
    g.pass_until(|g| g.st.round == 2);
    assert!(!g.st.areas[area(&g, "row3") as usize].closed);
    assert!(g.offers("place:row3"));
}

/// C-PLACE-1: turns go round the table in turn order, one worker each, until every
/// worker is placed; a player with none left is passed over while the others go on.
#[test]
fn c_place_1_turns_go_round_until_every_worker_is_placed() {
    let mut g = game(3);
    let mut asked = Vec::new();
    for a in [
        "market", "row1", "row1", "row2", "row2", "extra", "market", "market", "bazaar",
    ] {
        asked.push(g.current());
        g.answer(&format!("place:{a}"));
    }
    assert_eq!(asked, [0, 1, 2, 0, 1, 2, 0, 1, 2]);
    assert!(
        !g.keys()[0].starts_with("place:"),
        "all 9 placed: resolution starts"
    );

    // Seat 1 already has two workers out (say from an earlier step): it places its last,
    // then the others go on without it.
    let mut g = game(2);
    let market = area(&g, "market") as usize;
    g.st.areas_mut()[market].placed[0] = Some(0);
    g.st.areas_mut()[market].placed[1] = Some(0);
    g.refresh();
    let mut asked = Vec::new();
    for a in ["row1", "row1", "row2", "extra"] {
        asked.push(g.current());
        g.answer(&format!("place:{a}"));
    }
    assert_eq!(asked, [0, 1, 1, 1]);
    assert!(!g.keys()[0].starts_with("place:"));
}

/// C-PLACE-6: a player with workers left and no legal space places nothing; the others
/// go on, the loop ends when no one can place, and the workers left over are logged.
/// With ten workers each at two players only seven usable spaces exist (row 3 closes).
#[test]
fn c_place_6_no_legal_space_is_skipped_and_logged() {
    let c = queues_with(|f| {
        seat1(f);
        edit(f, "game.toml", "workers = 3", "workers = 10");
    });
    let mut g = Game::with(c, 2, 7);
    let mut log = EventLog::recording();
    let mut placements = 0;
    while g.keys()[0].starts_with("place:") {
        let key = g.keys()[0].clone();
        g.engine
            .apply_logged(&mut g.st, key.as_str(), &mut log)
            .expect("legal");
        placements += 1;
        assert!(placements < 100, "placement does not end");
    }
    assert_eq!(placements, 7);
    let left: Vec<_> = events(&log, "place")
        .into_iter()
        .filter(|(_, t)| t.contains("no legal space"))
        .collect();
    let text = |n: usize| {
        format!("has {n} workers left and no legal space: they are not placed this round")
    };
    assert_eq!(left, [(Some(0), text(6)), (Some(1), text(7))]);
}

/// A flow in which no one can ever place (every space is for four players, the game has
/// two) asks nothing and does not loop: each round passes, and the game ends.
#[test]
fn a_round_where_no_one_can_place_passes_without_asking() {
    let c = queues_with(|f| {
        let board = f.files["board.toml"]
            .replace(
                "spaces = [ {}, {}, { min_players = 3 }, { min_players = 4 } ]",
                "spaces = [ { min_players = 4 } ]",
            )
            .replace(
                "spaces = [ {}, {}, { min_players = 4 } ]",
                "spaces = [ { min_players = 4 } ]",
            )
            .replace(
                "spaces = [ {}, { min_players = 3 } ]",
                "spaces = [ { min_players = 4 } ]",
            );
        f.files.insert("board.toml".into(), board);
    });
    let mut engine = weft_core::Engine::with_lua(c).unwrap_or_else(|e| panic!("{e}"));
    let st = engine.new_game(2, 1).expect("setup");
    let result = st.result.expect("over without a decision");
    assert_eq!((result.cause.as_str(), result.rounds), ("rounds", 3));
}

// ---- resolution -----------------------------------------------------------------

/// Plays the placement of C-RES-1's example at three players (seat 1 first).
fn res_example() -> (Game, EventLog) {
    let mut g = game(3);
    let mut log = EventLog::recording();
    for a in [
        "market", "row2", "extra", // seats 1, 2, 3
        "row1", "row1", "market", // row 3 closes after seat 1's
        "bazaar", "extra", "row2",
    ] {
        g.engine
            .apply_logged(&mut g.st, format!("place:{a}").as_str(), &mut log)
            .expect("legal");
    }
    (g, log)
}

/// C-RES-1: areas resolve by `resolve_order` (rows, then `extra`, then the markets,
/// though the silk market is declared first), ties in declaration order (silk market
/// before wood bazaar), and within an area left to right. C-RES-2: `extra` has no
/// options, so its workers decline without being asked.
#[test]
fn c_res_1_areas_resolve_in_order_and_left_to_right() {
    let (mut g, mut log) = res_example();
    let mut asked = Vec::new();
    while !g.keys()[0].starts_with("place:") {
        let d = g.decision().clone();
        asked.push((d.player, d.prompt.clone()));
        let key = if g.offers("coins") {
            "coins"
        } else {
            "decline"
        };
        g.engine
            .apply_logged(&mut g.st, key, &mut log)
            .expect("legal");
    }
    let want = [
        (0, "Resolve your worker in Row 1 (space 1)"),
        (1, "Resolve your worker in Row 1 (space 2)"),
        (1, "Resolve your worker in Row 2 (space 1)"),
        (2, "Resolve your worker in Row 2 (space 2)"),
        (0, "Resolve your worker in Silk market (space 1)"),
        (2, "Resolve your worker in Silk market (space 2)"),
        (0, "Resolve your worker in Wood bazaar (space 1)"),
    ];
    let want: Vec<(usize, String)> = want.iter().map(|(p, t)| (*p, t.to_string())).collect();
    assert_eq!(asked, want);
    // The two `extra` workers declined between the rows and the markets, unasked.
    let order: Vec<(Option<usize>, String)> = log
        .events
        .iter()
        .filter(|e| e.kind == "resolve" || e.kind == "decline")
        .map(|e| (e.player, e.text.clone()))
        .collect();
    assert_eq!(
        order[4],
        (
            Some(2),
            "declines the worker in Extra (space 1), having no other option: takes 2 coins".into()
        )
    );
    assert_eq!(
        order[5],
        (
            Some(1),
            "declines the worker in Extra (space 2), having no other option: takes 2 coins".into()
        )
    );
}

/// C-RES-2: every worker may decline for the step's payment (2 coins here), offered
/// last after the area's options; when it is the only option it is taken without
/// asking, and still pays.
#[test]
fn c_res_2_decline_is_always_offered_and_pays() {
    let (mut g, _) = res_example();
    assert_eq!(g.keys(), ["coins", "goods", "decline"]);
    let last = g.decision().options.last().expect("options").clone();
    assert_eq!(last.label(), "Decline: take 2 coins");
    let coins = g.count(0, "coins");
    g.answer("decline");
    assert_eq!(g.count(0, "coins"), coins + 2);
    assert!(placed(&g, "row1")[0].is_none(), "the worker went back");

    // The `extra` workers (an area with no behaviour) were paid without a question.
    let (mut g, _) = res_example();
    let before: Vec<i64> = (0..g.st.players.len())
        .map(|p| g.count(p, "coins"))
        .collect();
    for _ in 0..4 {
        g.answer("decline"); // rows 1 and 2
    }
    // Seats 2 and 3 (extra) gained 2 + 2 (row decline) each; seat 1 only its row's 2.
    let now: Vec<i64> = (0..g.st.players.len())
        .map(|p| g.count(p, "coins"))
        .collect();
    assert_eq!(now, [before[0] + 2, before[1] + 4 + 2, before[2] + 2 + 2]);
    assert_eq!(g.current(), 0, "the silk market is next");

    // A market worker who can afford nothing (C-MARKET-3) declines without a question.
    let (mut g, _) = res_example();
    for _ in 0..4 {
        g.answer("decline"); // rows 1 and 2
    }
    g.set(2, "coins", 0);
    g.answer("decline"); // seat 1's market worker
    assert_eq!(
        g.current(),
        0,
        "seat 3's market worker was declined unasked"
    );
    assert!(g.decision().prompt.contains("Wood bazaar"));
    assert_eq!(g.count(2, "coins"), 2, "the market decline paid");
}

/// Invariant 4: the area's `resolve` hook gets the chosen option's key and may ask
/// more; it is re-run from the start with the key and the answers so far.
#[test]
fn a_resolve_hook_may_ask_more_and_is_replayed_with_its_key() {
    let (mut g, _) = res_example();
    g.answer("goods");
    assert_eq!(g.decision().prompt, "Which good?");
    assert_eq!(g.keys(), ["wood", "silk"]);
    assert_eq!(g.current(), 0);
    g.answer("silk");
    assert_eq!(g.count(0, "silk"), 1);
    assert_eq!(g.current(), 1, "row 1's second worker is next");
}

/// C-RES-3: resolved and declined workers go back: after resolution every space is
/// empty, and the next round (first player passed on) places all workers again.
#[test]
fn c_res_3_workers_go_back_and_place_again_next_round() {
    let (mut g, _) = res_example();
    g.pass_until(|g| g.keys()[0].starts_with("place:"));
    assert_eq!(g.st.round, 2);
    assert!(g
        .st
        .areas
        .iter()
        .all(|a| a.placed.iter().all(Option::is_none)));
    assert!(g.st.areas.iter().all(|a| !a.closed && a.used.is_empty()));
    assert_eq!(g.current(), 1, "the first player passed clockwise");
    let mut placements = 0;
    while g.keys()[0].starts_with("place:") {
        let key = g.keys()[0].clone();
        g.answer(&key);
        placements += 1;
    }
    assert_eq!(placements, 9);
}

/// C-MARKET-5 (the source's example, with the fixture's silk prices 2/5/9/14 for 1–4):
/// Red buys 3 for 9 and Blue 2 for 5; Green may then buy 1 for 2 or 4 for 14, or
/// decline. Second-stage spaces are `ctx:use_space` flags, freed by `reset areas =
/// "clear"`; `weft state` shows them as `used`.
#[test]
fn c_market_5_purchase_spaces_are_taken_once_a_round() {
    let mut g = game(3);
    place_all(
        &mut g,
        &[
            "market", "market", "market", "row1", "row2", "extra", "row1", "row2", "bazaar",
        ],
    );
    for p in 0..g.st.players.len() {
        g.set(p, "coins", 20);
    }
    g.pass_until(|g| g.decision().prompt.contains("Silk market"));
    let (red, blue, green) = (0, 1, 2);
    assert_eq!(g.current(), red);
    assert_eq!(g.keys(), ["buy:1", "buy:2", "buy:3", "buy:4", "decline"]);
    let coins = g.count(red, "coins");
    g.answer("buy:3");
    assert_eq!(g.count(red, "coins"), coins - 9);
    assert_eq!(g.count(red, "silk"), 3);
    assert_eq!(g.current(), blue);
    assert_eq!(g.keys(), ["buy:1", "buy:2", "buy:4", "decline"]);
    g.answer("buy:2");
    assert_eq!(g.current(), green);
    assert_eq!(g.keys(), ["buy:1", "buy:4", "decline"]);
    let json = serde_json::to_value(&g.st).expect("serialises");
    assert_eq!(
        json["areas"][area(&g, "market") as usize]["used"],
        serde_json::json!([1, 2])
    );
    g.answer("buy:4");
    assert_eq!(g.count(green, "silk"), 4);
    // Next round every purchase space is free again.
    g.pass_until(|g| g.st.round == 2);
    assert!(g.st.areas.iter().all(|a| a.used.is_empty()));
}

/// `ctx:use_space` refuses a space taken this round; the hook fails and nothing
/// changes (invariant 10).
#[test]
fn use_space_twice_is_an_error_naming_the_space() {
    let c = queues_with(|f| {
        seat1(f);
        edit(
            f,
            "areas/market.lua",
            "  ctx:use_space(ctx:area(), i)\n",
            "  ctx:use_space(ctx:area(), i)\n  ctx:use_space(ctx:area(), i)\n",
        );
    });
    let mut g = Game::with(c, 2, 7);
    place_all(&mut g, &["market", "row1", "row1", "row2", "row2", "extra"]);
    g.pass_until(|g| g.decision().prompt.contains("Silk market"));
    let before = g.st.clone();
    let err = g.try_answer("buy:1").expect_err("refused").to_string();
    assert!(
        err.contains("space 1 of area `market` is already taken"),
        "{err}"
    );
    assert!(err.contains("market.lua"), "{err}");
    assert_eq!(g.st, before);
}

/// Tabriz's state has no areas, so its JSON carries no `areas` key (the golden files
/// stay as they are); a game with areas shows them, leaving out unset flags.
#[test]
fn the_state_json_shows_areas_only_where_there_are_some() {
    let tabriz = Game::new(2, 1);
    let json = serde_json::to_value(&tabriz.st).expect("serialises");
    assert!(json.get("areas").is_none());
    let mut g = game(2);
    g.answer("place:row1");
    let json = serde_json::to_value(&g.st).expect("serialises");
    let row1 = &json["areas"][area(&g, "row1") as usize];
    assert_eq!(row1, &serde_json::json!({ "placed": [0, null, null] }));
}

// ---- content errors and warnings --------------------------------------------------

/// The errors of a pack that must not load, as text.
fn load_errors(edit_files: impl FnOnce(&mut PackFiles)) -> String {
    match try_queues(edit_files) {
        Ok(_) => panic!("the pack loaded"),
        Err(e) => e.to_string(),
    }
}

/// The 1-based line of the first line of `file` (after the edit) holding `needle`.
fn line(files: &PackFiles, file: &str, needle: &str) -> usize {
    files.files[file]
        .lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("{file} has no `{needle}`"))
        + 1
}

/// Bad `[[areas]]`: each problem is reported at once with the file and line of the area.
#[test]
fn bad_areas_are_load_errors_with_their_lines() {
    let bad = r#"
[[areas]]
id = "row1"
spaces = [ {} ]

[[areas]]
id = "empty"
spaces = []

[[areas]]
id = "crowd"
spaces = [ { min_players = 9 }, { min_players = 3, max_players = 2 } ]

[[areas]]
id = "loose"
params = { coins = 1 }
spaces = [ {} ]
"#;
    let mut files = queues_files();
    let board = format!("{}{bad}", files.files["board.toml"]);
    files.files.insert("board.toml".into(), board);
    let at = |n: &str| line(&files, "board.toml", n);
    let (dup, empty, nine, below, loose) = (
        files.files["board.toml"]
            .lines()
            .enumerate()
            .filter(|(_, l)| l.contains("id = \"row1\""))
            .nth(1)
            .map(|(i, _)| i + 1)
            .expect("the second row1"),
        at("spaces = []"),
        at("min_players = 9"),
        at("max_players = 2"),
        files.files["board.toml"]
            .lines()
            .collect::<Vec<_>>()
            .iter()
            .rposition(|l| l.contains("params = { coins = 1 }"))
            .expect("loose's params")
            + 1,
    );
    let err = load_errors(|f| *f = files.clone());
    for (needle, l) in [
        ("area `row1` is defined twice", dup),
        ("area `empty` has no spaces", empty),
        (
            "area `crowd`, space 1: min_players = 9 is not a player count",
            nine,
        ),
        (
            "area `crowd`, space 2: max_players = 2 is below min_players = 3",
            below,
        ),
        ("area `loose` has params but no behaviour", loose),
    ] {
        let want = format!("board.toml:{l}:");
        let found = err.lines().find(|x| x.contains(needle));
        assert!(
            found.is_some_and(|x| x.contains(&want)),
            "`{needle}` at {want} in:\n{err}"
        );
    }
    assert!(err.contains("5 problems"), "{err}");

    // An unknown key is a parse error with its line.
    let err = load_errors(|f| {
        edit(
            f,
            "board.toml",
            "exclusive_per_player = true",
            "exclusive = true",
        )
    });
    assert!(err.contains("unknown field `exclusive`"), "{err}");
    assert!(err.contains("board.toml:"), "{err}");
    // An unknown behaviour module.
    let err = load_errors(|f| edit(f, "board.toml", "\"areas.row\"", "\"areas.nowhere\""));
    assert!(
        err.contains("behaviour `areas.nowhere` names no Lua module"),
        "{err}"
    );
}

/// An area's module with `options` but no `resolve` is refused when the host binds it.
#[test]
fn an_area_with_options_but_no_resolve_is_refused() {
    let c = queues_with(|f| {
        edit(
            f,
            "areas/row.lua",
            "function M.resolve(",
            "function M.carry_out(",
        )
    });
    let err = weft_core::Engine::with_lua(c)
        .err()
        .expect("refused")
        .to_string();
    assert!(
        err.contains("area `row1`: module `areas.row` has `options` but no `resolve`"),
        "{err}"
    );
}

/// Bad keys and values of the new steps: each names the step's line in game.toml.
#[test]
fn bad_placement_steps_are_load_errors() {
    let cases: [(&str, &str, &str); 6] = [
        (
            "{ do = \"place\", after = \"rules.after_place\"",
            "{ do = \"place\", range = \"far\", after = \"rules.after_place\"",
            "(`place`) takes no key `range`",
        ),
        (
            "decline = { coins = 2 }",
            "decline = { gold = 2 }",
            "decline names `gold`, which is not a counter",
        ),
        (
            "areas = \"clear\"",
            "areas = \"wipe\"",
            "areas = \"wipe\" is not a reset",
        ),
        (
            "after = \"rules.after_place\"",
            "after = \"after_place\"",
            "after = \"after_place\" is not `module.function`",
        ),
        (
            "[placement]\nworkers = 3\n",
            "",
            "the game declares no workers to place",
        ),
        (
            "body = \"place\"",
            "body = \"resolution\"",
            "until = \"all_placed\" but its body `resolution` has no `place` step",
        ),
    ];
    for (from, to, needle) in cases {
        let mut files = queues_files();
        edit(&mut files, "game.toml", from, to);
        let err = load_errors(|f| *f = files.clone());
        let found = err.lines().find(|l| l.contains(needle));
        assert!(
            found.is_some_and(|l| l.contains("queues-fixture/game.toml:")),
            "`{needle}` with a line in:\n{err}"
        );
    }
    // A `place` step in a pack whose board has no areas.
    let err = load_errors(|f| {
        let board = f.files["board.toml"].clone();
        let cut = board.find("# Declared first").expect("the areas");
        f.files
            .insert("board.toml".into(), board[..cut].to_string());
    });
    assert!(
        err.contains("board.toml declares no [[areas]] to place workers in"),
        "{err}"
    );
    // `[placement]` with no workers, and a player count that is not one.
    let err = load_errors(|f| {
        edit(
            f,
            "game.toml",
            "workers = 3",
            "workers = 0\nby_players = { 9 = 2 }",
        )
    });
    assert!(err.contains("[placement] workers = 0"), "{err}");
    assert!(
        err.contains("by_players: `9` is not a player count"),
        "{err}"
    );
}

/// `weft check` warns (never fails) about an area with no usable space at a supported
/// player count, naming the counts (C-TWO-2 makes it deliberate for Cabriole's oak).
#[test]
fn an_area_unusable_at_some_player_count_is_a_warning() {
    let c = queues_content();
    let w: Vec<String> = weft_core::lint::warnings(&c, &[])
        .into_iter()
        .filter(|w| w.contains("area"))
        .collect();
    let at = line(&queues_files(), "board.toml", "id = \"bazaar\"") - 1;
    assert_eq!(
        w,
        [format!("queues-fixture/board.toml:{at}: area `bazaar` has no space usable with 2 players: no worker can be placed in it then (fine if meant, e.g. a market unused in a two-player game)")]
    );
    let report = weft_core::check::check_content(&c, 6);
    assert!(report.ok, "{:?}", report.problems);
}

/// A pack that extends another adds areas and replaces one with `replace = true`; an
/// area id already on the board without it is a conflict naming the layer's file.
#[test]
fn a_layer_adds_and_replaces_areas() {
    let layer = |board: &str| PackFiles {
        origin: "<layer>".into(),
        files: [
            (
                "pack.toml".to_string(),
                "name = \"more-queues\"\nversion = \"1\"\nextends = [\"queues-fixture\"]\n"
                    .to_string(),
            ),
            ("board.toml".to_string(), board.to_string()),
        ]
        .into_iter()
        .collect(),
    };
    let board = r#"
[[areas]]
id = "extra"
replace = true
exclusive_per_player = true
spaces = [ {} ]

[[areas]]
id = "dock"
resolve_order = -1
spaces = [ {}, {} ]
"#;
    let c =
        load_content(&[queues_files(), layer(board)], &library()).unwrap_or_else(|e| panic!("{e}"));
    let ids: Vec<&str> = c.board.areas.iter().map(|a| a.id.as_str()).collect();
    assert_eq!(
        ids,
        ["market", "bazaar", "row1", "row2", "row3", "extra", "dock"]
    );
    let extra = &c.board.areas[c.board.area_index("extra").unwrap() as usize];
    assert_eq!(
        (extra.spaces.len(), extra.declared_at.as_str()),
        (1, "more-queues/board.toml:2")
    );
    let first = c.board.resolve_order[0];
    assert_eq!(
        c.board.areas[first as usize].id, "dock",
        "the lowest resolve_order comes first"
    );

    let err = load_content(
        &[
            queues_files(),
            layer("[[areas]]\nid = \"row1\"\nspaces = [ {} ]\n"),
        ],
        &library(),
    )
    .expect_err("a conflict")
    .to_string();
    assert!(err.contains("more-queues/board.toml:2"), "{err}");
    assert!(err.contains("area `row1` is already on the board"), "{err}");
}

/// The program outline names the new steps.
#[test]
fn the_outline_reads_as_the_round() {
    let o = queues_content().program.outline();
    for part in [
        "turns (until every worker is placed, clockwise from the first player): place",
        "place a worker in an area, then `rules.after_place`",
        "resolve every placed worker, area by area (decline: 2 coins)",
        "clear the areas",
    ] {
        assert!(o.contains(part), "{part} in\n{o}");
    }
}

// ---- conformance ------------------------------------------------------------------

/// Conformance on the queues fixture (see `tests/tests/conformance.rs`): random games at
/// 2–4 players always offer options, end, clone and replay exactly.
#[test]
fn conformance_on_the_queues_fixture() {
    let games = std::env::var("WEFT_CONFORMANCE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    for players in 2..=4 {
        weft_tests::conformance(queues_content(), players, games);
    }
}

/// Issue 11: a scenario builds a worker-placement position out of turn with
/// `g:place_worker`, under the placement rules (C-PLACE-2: leftmost free usable space;
/// C-EXTRA-2: one space per player in an exclusive area).
#[test]
fn a_scenario_places_workers_out_of_turn() {
    let src = r#"
return {
  ["place"] = function(t)
    local g = t:game{ players = 2, seed = 7 }
    g:place_worker(2, "row1")
    g:place_worker(2, "row1")
    g:place_worker(1, "extra")
    t:eq(g:placements("row1"), { 2, 2, 0 })
    t:eq(g:placements("extra"), { 1, 0 })
    local ok, err = pcall(function() g:place_worker(1, "extra") end)
    t:ok(not ok and string.find(tostring(err), "cannot place in `extra`"), tostring(err))
  end,
}
"#;
    let results = weft_core::scenario::run_file(&queues_with(seat1), "queues/tests/x.lua", src);
    assert_eq!(results.len(), 1);
    assert!(results[0].passed, "{:?}", results[0].message);
}

/// C-RES-1: an area's `options` hook only reads: every changing verb is refused ("may
/// only read"), and a game whose `options` tried them all under `pcall` is the same,
/// state for state, as the plain fixture's.
#[test]
fn an_options_hook_cannot_change_the_game() {
    let tries = "function M.options(ctx, params)\n  local p, a = ctx:player(), ctx:area()\n  for _, f in ipairs({\n    function() ctx:gain(p, 'coins', 1) end,\n    function() ctx:use_space(a, 1) end,\n    function() ctx:close_area(a) end,\n    function() ctx:random(6) end,\n  }) do\n    local ok, e = pcall(f)\n    if ok or not string.find(tostring(e), 'may only read', 1, true) then\n      error('a changing verb ran in options: ' .. tostring(e))\n    end\n  end\n";
    let trying = queues_with(|f| {
        seat1(f);
        edit(
            f,
            "areas/market.lua",
            "function M.options(ctx, params)\n",
            tries,
        );
    });
    let plain = queues_with(seat1);
    let play = |c: Arc<weft_core::Content>| {
        let mut g = Game::with(c, 3, 7);
        for a in [
            "market", "row2", "extra", "row1", "row1", "market", "bazaar", "extra", "row2",
        ] {
            g.answer(&format!("place:{a}"));
        }
        // Resolve everything, the first option each time, through the markets.
        while !g.keys()[0].starts_with("place:") {
            let k = g.keys()[0].clone();
            g.answer(&k);
        }
        g.st.hash()
    };
    assert_eq!(play(trying), play(plain));
}

/// C-TWO-2: an area none of whose spaces is usable at a player count (the bazaar at two)
/// is out of that game: its record leaves it out, so the report cannot warn that no
/// worker was ever placed there.
#[test]
fn records_leave_out_areas_with_no_usable_space() {
    use weft_core::agent::{make_agent, Agent};
    let c = queues_with(seat1);
    let mut engine = weft_core::Engine::with_lua(c).unwrap();
    for players in [2usize, 3] {
        let mut seats: Vec<Box<dyn Agent>> = (0..players)
            .map(|s| make_agent("random", s as u64).unwrap())
            .collect();
        let r = weft_core::sim::play_game(&mut engine, &mut seats, 5, 0);
        assert!(r.finished(), "{:?}", r.error);
        assert_eq!(
            r.areas.contains_key("bazaar"),
            players > 2,
            "{players} players"
        );
    }
}

/// `ctx:asking()` in a `resolve` hook (C-RES-1): the chosen option's key is not one of
/// the answers it counts. Right after the key the next question is put to the player
/// (labels built), and the final run, which replays that answer, sees false.
#[test]
fn asking_in_a_resolve_hook_does_not_count_the_chosen_key() {
    let content = queues_with(|f| {
        seat1(f);
        edit(
            f,
            "areas/row.lua",
            "local good = ctx:choose{ prompt = \"Which good?\", options = { \"wood\", \"silk\" } }",
            "if not ctx:asking() then ctx:gain(p, \"coins\", 100) end\n    local pick = ctx:choose{ prompt = \"Which good?\", options = { { key = \"wood\", label = ctx:asking() and \"Asked: wood\" or \"replayed\" }, \"silk\" } }\n    local good = if type(pick) == \"table\" then pick.key else pick",
        );
    });
    let mut g = Game::with(content, 3, 7);
    for a in [
        "market", "row2", "extra", "row1", "row1", "market", "bazaar", "extra", "row2",
    ] {
        g.answer(&format!("place:{a}"));
    }
    let p = g.current();
    let coins = g.count(p, "coins");
    g.answer("goods");
    assert_eq!(g.keys(), ["wood", "silk"]);
    assert_eq!(g.decision().options[0].label(), "Asked: wood");
    g.answer("wood");
    assert_eq!(
        g.count(p, "coins"),
        coins + 100,
        "the final run replayed the answer"
    );
}
