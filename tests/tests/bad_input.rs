//! Bad input found against the generic primitives (issue 30, item 9): each class of
//! pack value that made weft panic, wrap a number, report a line that is not the user's
//! or pick a silently wrong outcome ends now as a clear error naming the file and line
//! (and what to do), or as the correct result. One test per class; each fails without
//! its fix.

use weft_core::content::{load_content, Content, PackFiles};
use weft_tests::{cards_files, library};

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
    let mut files = edited(cards_files(), "game.toml", "id = \"gems\"", "id = \"win\"");
    let game = files.files["game.toml"].clone() + "\n[bots.greedy]\nwin = 2\n";
    files.files.insert("game.toml".into(), game);
    let line = line_of(&files, "game.toml", "win = 2");
    let err = load_error(files, "a greedy weight that is also a counter is refused");
    assert!(
        err.contains(&format!("cards/game.toml:{line}:")) && err.contains("counter"),
        "{err}"
    );
}
