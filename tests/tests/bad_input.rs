//! Bad input found against the generic primitives (issue 30, item 9): each class of
//! pack value that made weft panic, wrap a number, report a line that is not the user's
//! or pick a silently wrong outcome ends now as a clear error naming the file and line
//! (and what to do), or as the correct result. One test per class; each fails without
//! its fix.

use std::sync::mpsc;
use std::time::Duration;

use weft_core::content::{load_content, Content, PackFiles};
use weft_tests::{at_courtyard, cards_files, fixture_files, library, with_courtyard_script};

/// Runs `f` on a thread and fails the test if it panics or has not finished within
/// `secs` (a panic is what some of these inputs caused).
fn within<T: Send + 'static>(secs: u64, what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(Duration::from_secs(secs)) {
        Ok(v) => v,
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("{what}: still running after {secs} s"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{what}: weft panicked (see above)"),
    }
}

fn load(files: PackFiles) -> Result<Content, String> {
    load_content(&[files], &library()).map_err(|e| e.to_string())
}

/// The load errors of `files`, which must not load (`what` says why).
fn load_error(files: PackFiles, what: &str) -> String {
    match load(files) {
        Ok(_) => panic!("the pack loaded, but {what}"),
        Err(e) => e,
    }
}

/// `files` with the first `from` in `file` replaced by `to` (which must be there).
fn edited(mut files: PackFiles, file: &str, from: &str, to: &str) -> PackFiles {
    let text = files.files[file].clone();
    let changed = text.replacen(from, to, 1);
    assert_ne!(text, changed, "{file} holds `{from}`");
    files.files.insert(file.into(), changed);
    files
}

/// The 1-based line of the first line of `file` in `files` that holds `needle`.
fn line_of(files: &PackFiles, file: &str, needle: &str) -> usize {
    files.files[file]
        .lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("{file} holds `{needle}`"))
        + 1
}

/// The cards fixture with `from` replaced by `to` in its game.toml, loaded; the load
/// error's text.
fn cards_error(from: &str, to: &str) -> String {
    let files = edited(cards_files(), "game.toml", from, to);
    load_error(files, "the edited pack must not load")
}

/// Issue 30 item 9, class 11: a broken `[flow]` made the loader fall back to Tabriz's
/// built-in round, whose `move` step then brought a second, false error about a missing
/// `[movement]` (the cards fixture has no board and no pieces). The flow's error comes
/// alone.
#[test]
fn a_broken_flow_brings_no_false_error_about_movement() {
    let err = cards_error(
        "{ do = \"refill\", zone = \"display\", from = \"deck\" }",
        "{ do = \"refil\", zone = \"display\", from = \"deck\" }",
    );
    assert!(err.contains("refil"), "the flow's own error: {err}");
    assert!(
        !err.contains("movement"),
        "no error about movement for a game that does not move: {err}"
    );
    assert!(err.contains("1 problem in the content"), "{err}");
}

/// Issue 30 item 9, class 6: a counter starts at 0 for every player, so a range that
/// leaves 0 out (`min = 1`, or `max` below 0) was accepted and every player began the
/// game outside it. It is an error naming the counter's line.
#[test]
fn a_counter_whose_range_excludes_its_start_is_refused() {
    for (range, says) in [("min = 1", "min = 1"), ("min = -5\nmax = -1", "max = -1")] {
        let files = edited(
            cards_files(),
            "game.toml",
            "max = 5\nover = \"clip\"",
            &format!("{range}\nover = \"clip\""),
        );
        let line = line_of(&files, "game.toml", "id = \"gems\"");
        let err = load_error(files, "a start outside the range is refused");
        assert!(
            err.contains(&format!("cards/game.toml:{line}:")) && err.contains(says),
            "{range}: {err}"
        );
        assert!(err.contains("starts at 0"), "{range}: {err}");
    }
}

/// Issue 30 item 9, class 4: `[score]` reads `track` and `tokens` in `parts`, and
/// `materials` and the start-order keys in `tiebreak`, as its own words, so a counter
/// with one of those ids was silently never scored or never compared. Such an id is an
/// error at the counter's line.
#[test]
fn a_counter_named_like_a_score_word_is_refused() {
    for word in [
        "track",
        "tokens",
        "materials",
        "latest_in_start_order",
        "earliest_in_start_order",
    ] {
        let files = edited(
            cards_files(),
            "game.toml",
            "id = \"gems\"",
            &format!("id = \"{word}\""),
        );
        let line = line_of(&files, "game.toml", &format!("id = \"{word}\""));
        let err = load_error(files, "a counter with a score word as id is refused");
        assert!(
            err.contains(&format!("cards/game.toml:{line}:")) && err.contains(word),
            "{word}: {err}"
        );
        assert!(err.contains("[score]"), "{word}: {err}");
    }
    // The greedy bot's weights are such words too: `win = 2` under [bots.greedy] set the
    // bot's win bonus and silently gave a counter named `win` no weight.
    let files = edited(cards_files(), "game.toml", "id = \"gems\"", "id = \"win\"");
    let files = edited(
        files,
        "game.toml",
        "[bots.greedy]\n",
        "[bots.greedy]\nwin = 2\n",
    );
    let line = line_of(&files, "game.toml", "win = 2");
    let err = load_error(files, "a greedy weight that is also a counter is refused");
    assert!(
        err.contains(&format!("cards/game.toml:{line}:")) && err.contains("counter"),
        "{err}"
    );
}

/// Issue 30 item 9, class 1: a grid zone whose `cap` is below its positions made the
/// first `refill` panic (the step fills every empty position and treated a refused move
/// as impossible). The cap is checked against the grid's positions at every player
/// count when the pack loads.
#[test]
fn a_grid_cap_below_its_positions_is_an_error_not_a_panic() {
    let files = edited(
        cards_files(),
        "game.toml",
        "columns = 3",
        "columns = 3\ncap = 2",
    );
    // At the grid's `cap` key, by the parser's spans.
    let line = line_of(&files, "game.toml", "cap = 2");
    let err = within(30, "loading and playing", move || {
        match load(files) {
            // Without the check the pack loads and the first refill panics.
            Ok(c) => {
                let mut engine = weft_core::engine::Engine::with_lua(std::sync::Arc::new(c))
                    .expect("content loads");
                let _ = engine.new_game(2, 1);
                "the pack loaded".to_string()
            }
            Err(e) => e,
        }
    });
    assert!(
        err.contains(&format!("cards/game.toml:{line}:")) && err.contains("cap = 2"),
        "{err}"
    );
    assert!(err.contains("6 positions"), "{err}");
    // Rows and columns whose product does not fit in 32 bits: an error, not an overflow.
    let files = edited(
        cards_files(),
        "game.toml",
        "rows = { 2 = 2, 4 = 3 }\ncolumns = 3",
        "rows = 65536\ncolumns = 65536",
    );
    let err = within(30, "loading", move || {
        load_error(files, "the grid is too big")
    });
    assert!(err.contains("rows = 65536"), "{err}");
}

/// Issue 30 item 9, class 5: the setup deal ignored declared caps. Every card starts in
/// its zone, so more cards than a pile's `cap` (or cards starting in a grid, whose
/// positions are its cap) filled it past it; and `[[setup]] hand` could deal more
/// commissions than `hand_limit`. Each is an error naming the line.
#[test]
fn a_setup_deal_past_a_declared_cap_is_refused() {
    // Eight cards start in the deck at 2 players (ruby 3, pearl 4, crown 1).
    let files = edited(
        cards_files(),
        "game.toml",
        "visibility = \"hidden\"",
        "visibility = \"hidden\"\ncap = 5",
    );
    let line = line_of(&files, "game.toml", "cap = 5");
    let err = load_error(files, "a deal past the cap is refused");
    assert!(
        err.contains(&format!("cards/game.toml:{line}:")) && err.contains("cap = 5"),
        "{err}"
    );
    assert!(err.contains("8 cards"), "{err}");

    // A card that starts in a grid.
    let files = edited(
        cards_files(),
        "cards/cards.toml",
        "zone = \"spare\"",
        "zone = \"display\"",
    );
    let line = line_of(&files, "cards/cards.toml", "zone = \"display\"");
    let err = load_error(files, "a card starting in a grid is refused");
    assert!(
        err.contains(&format!("cards/cards/cards.toml:{line}:")) && err.contains("grid"),
        "{err}"
    );

    // The rules fixture deals 2 commons at setup; a hand limit of 1 is below it.
    let files = edited(fixture_files(), "game.toml", "# limit = 7 ", "limit = 1 #");
    let line = line_of(&files, "game.toml", "id = \"hand\"");
    let err = load_error(files, "a setup hand above the hand limit is refused");
    assert!(
        err.contains(&format!("rules-fixture/game.toml:{line}:"))
            && err.contains("2 cards in `hand` at 2 players, above its limit of 1"),
        "{err}"
    );
}

/// Issue 30 item 9, class 10: a pack's name was never checked, so `name = ""` loaded and
/// every message about the pack named an empty one (files labelled `/game.toml`); and a
/// script error the engine raises itself, which knows no pack, printed `pack )`. The
/// name is checked at its line, and an error names no empty file or pack.
#[test]
fn no_error_names_an_empty_pack() {
    let files = edited(
        fixture_files(),
        "pack.toml",
        "name = \"rules-fixture\"",
        "name = \"\"",
    );
    let err = load_error(files, "an empty pack name is refused");
    assert!(
        err.contains("/pack.toml:1:") && err.contains("name is empty"),
        "{err}"
    );
    assert!(!err.contains("``"), "{err}");

    // The engine's own stop for a flow that never asks anyone: an unlock whose effect
    // passes its own level again queues itself forever.
    let mut f = fixture_files();
    with_courtyard_script(
        &mut f,
        "return { action = function(ctx) ctx:add(ctx:player(), 'skill', 1) end }",
    );
    f.files.insert(
        "tiles/loop.lua".into(),
        "return { on_reach = function(ctx) local p = ctx:player() ctx:add(p, 'skill', -1) ctx:add(p, 'skill', 1) end }".into(),
    );
    let f = edited(
        f,
        "game.toml",
        "[[tracks.skill.unlocks]]",
        "[[tracks.skill.unlocks]]\nat = 1\ntext = \"loops\"\non_reach = { behaviour = \"tiles/loop.lua\" }\n\n[[tracks.skill.unlocks]]",
    );
    let content = std::sync::Arc::new(load(f).unwrap_or_else(|e| panic!("{e}")));
    let m = within(60, "automatic loop", move || {
        let mut g = at_courtyard(content);
        g.try_answer("act").unwrap_err().to_string()
    });
    assert!(m.contains("automatic steps"), "{m}");
    assert!(
        !m.contains("pack )") && !m.contains("pack ``") && !m.contains("file ,"),
        "{m}"
    );
}

/// Issue 30 item 9, class 9: the instruction-budget stop comes from the Luau interrupt,
/// outside any Rust call a traceback would name, so its error named the script's file
/// but no line. It names the line the script was running when the budget ran out.
#[test]
fn the_budget_stop_names_the_scripts_line() {
    let source = "return {\n  action = function(ctx)\n    local n = 0\n    while true do\n      n = n + 1\n    end\n  end,\n}\n";
    let mut f = fixture_files();
    with_courtyard_script(&mut f, source);
    let content = std::sync::Arc::new(load(f).unwrap_or_else(|e| panic!("{e}")));
    let e = within(60, "an endless loop", move || {
        let mut g = at_courtyard(content);
        match g.try_answer("act").unwrap_err() {
            weft_core::error::EngineError::Script(e) => *e,
            other => panic!("expected a script error, got {other}"),
        }
    });
    assert!(e.message.contains("instruction budget"), "{e}");
    assert_eq!(e.file, "rules-fixture/tiles/courtyard.lua", "{e}");
    assert!(
        matches!(e.line, Some(4) | Some(5) | Some(6)),
        "the loop's line (4 to 6), not {:?}: {e}",
        e.line
    );
    assert!(e.to_string().contains("courtyard.lua:"), "{e}");
}

/// Issue 30 item 9, class 3: final scores were summed in 64 bits but kept as `i32`,
/// clamped: with three score parts near the holding limit two players both scored
/// i32::MAX, tied, and the tie-break gave the win to the one who scored less. Scores
/// are kept whole, and the higher one wins.
#[test]
fn a_score_past_i32_is_kept_whole_and_picks_the_right_winner() {
    let files = edited(
        cards_files(),
        "game.toml",
        "parts = [\"prestige\"]",
        "parts = [\"prestige\", \"coins\", \"gold\"]",
    );
    let files = edited(
        files,
        "game.toml",
        "[[counters]]",
        "[[counters]]\nid = \"gold\"\nname = \"Gold\"\n\n[[counters]]",
    );
    // Coins are scored here, so the greedy bot's own weight on them goes (it would
    // count them twice, and load refuses that).
    let mut files = edited(files, "game.toml", "[bots.greedy]\ncoins = 0.1\n", "");
    files.files.get_mut("game.toml").unwrap().push('\n');
    let content = std::sync::Arc::new(load(files).unwrap_or_else(|e| panic!("{e}")));
    let mut g = weft_tests::Game::with(content, 2, 1);
    let billion = weft_core::limits::MAX_HOLDING;
    // Seat 1: 2.9 billion. Seat 2: 2.2 billion, but more coins (the first tie-break).
    for (p, [prestige, coins, gold]) in [
        (0, [billion, billion / 10 * 9, billion]),
        (1, [billion, billion, billion / 10 * 2]),
    ] {
        g.set(p, "prestige", prestige);
        g.set(p, "coins", coins);
        g.set(p, "gold", gold);
    }
    let res = weft_core::engine::final_result(g.engine.content(), &g.st);
    assert_eq!(res.winners, vec![0], "{res:?}");
    assert_eq!(res.scores, vec![2_900_000_000, 2_200_000_000], "{res:?}");
}

/// Issue 30 item 9, class 8: `weft sweep` set its number by re-serialising the whole
/// TOML file, so the loader's errors at a swept value cited lines of weft's rewrite,
/// not of the user's file. The number is now edited where it stands (and a key the
/// file lacks is added inside its inline table), so every other line keeps its number.
#[test]
fn an_error_at_a_swept_value_cites_the_users_line() {
    use weft_core::sweep::{Setting, Value};
    let files = [weft_tests::tabriz_files()];
    let setting: Setting = "game.toml:end.max_rounds=0".parse().unwrap();
    let line = line_of(&files[0], "game.toml", "max_rounds = 100");
    let edited = setting.apply(&files, Value::Int(0)).unwrap();
    let err = weft_core::load_files(&edited, &library())
        .map(|_| ())
        .expect_err("max_rounds = 0 is refused");
    let err = err.to_string();
    assert!(
        err.contains(&format!("tabriz/game.toml:{line}:")),
        "the user's line {line}: {err}"
    );
    // Only the number changed: every other line is the user's, comments included.
    let (before, after) = (&files[0].files["game.toml"], &edited[0].files["game.toml"]);
    let changed: Vec<(&str, &str)> = before
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(before.lines().count(), after.lines().count(), "{after}");
    assert_eq!(
        changed,
        vec![(
            "max_rounds = 100      # R-END-5 DECISION: a game still running is stopped as \"stalled\" (no winner)",
            "max_rounds = 0      # R-END-5 DECISION: a game still running is stopped as \"stalled\" (no winner)"
        )]
    );
    // A key the inline table lacks goes inside its braces, on its line.
    let setting: Setting = "cards/common.toml:c03.reward.prestige=4".parse().unwrap();
    let edited = setting.apply(&files, Value::Int(4)).unwrap();
    let (before, after) = (
        &files[0].files["cards/common.toml"],
        &edited[0].files["cards/common.toml"],
    );
    assert_eq!(before.lines().count(), after.lines().count(), "{after}");
    let content = weft_core::load_files(&edited, &library()).unwrap_or_else(|e| panic!("{e}"));
    let c03 = content.cards.iter().find(|c| c.id == "c03").unwrap();
    assert_eq!(c03.reward_of(content.counter("prestige").unwrap()), 4);
    // A key missing under a [header] would need a line of its own, moving the lines
    // after it: refused, saying what to add.
    let setting: Setting = "game.toml:end.rounds=3".parse().unwrap();
    let err = setting.apply(&files, Value::Int(3)).unwrap_err();
    assert!(err.contains("add `rounds = …`"), "{err}");
}

/// Issue 30 item 9, class 7: when the pack's score estimate failed (`[score]
/// potential`, or the end hooks bots run on a copy, per player with `estimate =
/// "per_player"`), the bots counted it as 0 and played on; the summary only said they
/// "avoided those options", which they had not. It now warns that the estimate failed
/// and was counted as 0, naming the hook, for either kind of estimate.
#[test]
fn a_broken_score_estimate_is_warned_about() {
    let potential = edited(
        edited(
            cards_files(),
            "game.toml",
            "tiebreak = [\"coins\", \"earliest_in_start_order\"]",
            "tiebreak = [\"coins\", \"earliest_in_start_order\"]\npotential = { run = \"rules.potential\" }",
        ),
        "rules.lua",
        "\nreturn M",
        "\nfunction M.potential(ctx)\n  error(\"the potential is broken\")\nend\n\nreturn M",
    );
    let per_player = edited(
        edited(
            cards_files(),
            "game.toml",
            "tiebreak = [\"coins\", \"earliest_in_start_order\"]",
            "tiebreak = [\"coins\", \"earliest_in_start_order\"]\nestimate = \"per_player\"",
        ),
        "rules.lua",
        "function M.final(ctx)\n  local p = ctx:player()",
        "function M.final(ctx)\n  local p = ctx:player()\n  if ctx:round() < 4 then error(\"final scoring is broken early\") end",
    );
    for (files, hook) in [(potential, "rules.potential"), (per_player, "rules.final")] {
        let content = std::sync::Arc::new(load(files).unwrap_or_else(|e| panic!("{e}")));
        let mut cfg = weft_core::sim::SimConfig::new(2, 4, 1, &["greedy"]);
        cfg.jobs = 1;
        let records = weft_core::sim::run(&content, &cfg, &|_| {}).unwrap();
        assert!(
            records.iter().all(|r| r.error.is_none()),
            "the games finish"
        );
        let s = weft_core::report::summarise(&records, Some(1), None);
        let warning = s
            .warnings
            .iter()
            .find(|w| w.contains("score estimate"))
            .unwrap_or_else(|| panic!("{hook}: no warning about the estimate: {:?}", s.warnings));
        assert!(
            warning.contains("as 0") && warning.contains(hook),
            "{hook}: {warning}"
        );
        assert!(
            !s.warnings
                .iter()
                .any(|w| w.contains("avoided those options")),
            "{hook}: no option was avoided: {:?}",
            s.warnings
        );
    }
}
