//! Issue 30, item 6: the loader places a problem of an entry of an array of tables
//! (`[[counters]]`, `[[decks]]`, `[[setup]]`) by the TOML parser's spans, at the entry
//! that holds it. A scan of the text for the first line that looks alike named the
//! first entry with the same key (or a line that merely holds the same word).

use weft_core::content::{load_content, ContentError, ContentErrors, PackFiles};
use weft_tests::{cards_files, library};

/// The cards fixture with its game.toml edited.
fn cards_game(edit: impl FnOnce(&str) -> String) -> PackFiles {
    let mut files = cards_files();
    let game = edit(&files.files["game.toml"]);
    files.files.insert("game.toml".into(), game);
    files
}

/// The 1-based line of the `n`-th (from 0) line of `text` that is `line` (trimmed).
fn line_of(text: &str, line: &str, n: usize) -> usize {
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.trim() == line)
        .nth(n)
        .map(|(i, _)| i + 1)
        .unwrap_or_else(|| panic!("no {n}-th line `{line}`"))
}

/// The one error whose message holds `words`.
fn error_with(errors: &ContentErrors, words: &str) -> ContentError {
    let found: Vec<&ContentError> = errors
        .0
        .iter()
        .filter(|e| e.message.contains(words))
        .collect();
    assert_eq!(found.len(), 1, "one error with `{words}`: {errors}");
    found[0].clone()
}

#[test]
fn a_later_setup_with_a_bad_player_count_is_named_at_its_own_line() {
    let files = cards_game(|g| g.replace("players = 4", "players = 9"));
    let text = files.files["game.toml"].clone();
    let errors = load_content(&[files], &library()).unwrap_err();
    let e = error_with(&errors, "setup for 9 players: player counts are 1 to 8");
    assert_eq!(e.file, "cards/game.toml");
    assert_eq!(e.line, Some(line_of(&text, "players = 9", 0)), "{e}");
    assert_eq!(e.column, Some(1), "{e}");
}

#[test]
fn the_second_of_two_setups_for_a_count_is_the_one_named() {
    let files = cards_game(|g| g.replace("players = 3", "players = 2"));
    let text = files.files["game.toml"].clone();
    let errors = load_content(&[files], &library()).unwrap_err();
    let e = error_with(&errors, "two setups for 2 players");
    assert_eq!(e.line, Some(line_of(&text, "players = 2", 1)), "{e}");
}

#[test]
fn an_unknown_counter_in_a_later_setup_is_named_in_that_setup() {
    // `coin` is also the start of `id = "coins"`, the line a scan of the text found.
    let files = cards_game(|g| {
        let second = g.find("players = 3").expect("a 3-player setup");
        format!(
            "{}{}",
            &g[..second],
            g[second..].replacen("start = { coins = 1 }", "start = { coin = 1 }", 1)
        )
    });
    let text = files.files["game.toml"].clone();
    let errors = load_content(&[files], &library()).unwrap_err();
    let e = error_with(
        &errors,
        "starts players with `coin`, which is not a counter",
    );
    assert_eq!(
        e.line,
        Some(line_of(&text, "start = { coin = 1 }", 0)),
        "{e}"
    );
    assert_eq!(e.column, Some("start = { ".len() + 1), "{e}");
}

#[test]
fn a_counter_declared_twice_is_named_at_its_second_declaration() {
    let files = cards_game(|g| format!("{g}\n[[counters]]\nid = \"gems\"\nname = \"More gems\"\n"));
    let text = files.files["game.toml"].clone();
    let errors = load_content(&[files], &library()).unwrap_err();
    let e = error_with(&errors, "counter `gems` is declared twice");
    assert_eq!(e.line, Some(line_of(&text, "id = \"gems\"", 1)), "{e}");
}

#[test]
fn a_grade_written_inline_is_declared_at_its_own_line() {
    // Grades build the zone `hand` of the commissions: the fixture's own is renamed.
    let files = cards_game(|g| {
        let g = g.replace("id = \"hand\"", "id = \"held\"");
        format!(
            "decks = [\n  {{ id = \"low\", name = \"Low\", draw = \"deck\", discard = \"discard\" }},\n  {{ id = \"high\", name = \"High\", draw = \"spare\", discard = \"spare_discard\", unlock = {{ gems = 2 }} }},\n]\n{g}\n[[zones]]\nid = \"spare_discard\"\n"
        )
    });
    let content = load_content(&[files], &library()).unwrap_or_else(|e| panic!("{e}"));
    let at: Vec<&str> = content
        .decks
        .iter()
        .map(|g| g.declared_at.as_str())
        .collect();
    assert_eq!(at, ["cards/game.toml:2", "cards/game.toml:3"]);
}

#[test]
fn an_unknown_counter_a_deck_unlocks_at_is_named_in_that_deck() {
    // `lo` is also the start of the deck `low` a line above, which a scan of the text
    // found.
    let files = cards_game(|g| {
        format!("decks = [\n  {{ id = \"low\", name = \"Low\", draw = \"deck\", discard = \"discard\" }},\n  {{ id = \"high\", name = \"High\", draw = \"spare\", discard = \"spare_discard\", unlock = {{ lo = 2 }} }},\n]\n{g}\n[[zones]]\nid = \"spare_discard\"\n")
    });
    let errors = load_content(&[files], &library()).unwrap_err();
    let e = error_with(
        &errors,
        "deck `high` unlocks at `lo`, which is not a counter",
    );
    assert_eq!(
        (e.file.as_str(), e.line),
        ("cards/game.toml", Some(3)),
        "{e}"
    );
}

#[test]
fn a_setup_a_later_layer_leaves_alone_is_named_in_the_file_that_wrote_it() {
    let base = cards_game(|g| g.replace("players = 4", "players = 9"));
    let text = base.files["game.toml"].clone();
    let mut files = std::collections::BTreeMap::new();
    files.insert(
        "pack.toml".to_string(),
        "name = \"retitled\"\nversion = \"1\"\nextends = [\"cards\"]\n".to_string(),
    );
    files.insert(
        "game.toml".to_string(),
        "title = \"Retitled\"\n".to_string(),
    );
    let layer = PackFiles {
        origin: "<retitled>".into(),
        files,
    };
    let errors = load_content(&[base, layer], &library()).unwrap_err();
    let e = error_with(&errors, "setup for 9 players: player counts are 1 to 8");
    assert_eq!(
        (e.file.as_str(), e.line),
        ("cards/game.toml", Some(line_of(&text, "players = 9", 0))),
        "{e}"
    );
}

/// Two tracks, each with a point list and an unlock at the same value: `gems`'s after
/// `coins`'s, so a scan of the text for `at = …` or `points` found `coins`'s.
fn two_tracks(gem_points: &str, gem_at: u32) -> String {
    format!(
        "\n[tracks.coins]\npoints = [0, 1]\n\n[[tracks.coins.unlocks]]\nat = {gem_at}\ntext = \"Rich.\"\n\n[tracks.gems]\npoints = {gem_points}\n\n[[tracks.gems.unlocks]]\nat = {gem_at}\ntext = \"Shiny.\"\n"
    )
}

#[test]
fn a_track_unlock_is_declared_and_checked_at_its_own_line() {
    let extra = two_tracks("[0, 1]", 3);
    let files = cards_game(|g| format!("{g}{extra}"));
    let text = files.files["game.toml"].clone();
    let content = load_content(&[files], &library()).unwrap_or_else(|e| panic!("{e}"));
    let gems = content.counter("gems").expect("gems");
    let unlock = content
        .unlocks
        .iter()
        .find(|u| u.counter == gems)
        .expect("the gems unlock");
    assert_eq!(
        unlock.declared_at,
        format!("cards/game.toml:{}", line_of(&text, "at = 3", 1))
    );

    let extra = two_tracks("[0, 1, 2, 3, 4, 5, 6]", 6);
    let files = cards_game(|g| format!("{g}{extra}"));
    let text = files.files["game.toml"].clone();
    let errors = load_content(&[files], &library()).unwrap_err();
    let e = error_with(&errors, "[tracks.gems] unlock at 6 is above the max");
    assert_eq!(e.line, Some(line_of(&text, "at = 6", 1)), "{e}");
    let e = error_with(&errors, "[tracks.gems] points has 7 entries");
    assert_eq!(
        e.line,
        Some(line_of(&text, "points = [0, 1, 2, 3, 4, 5, 6]", 0)),
        "{e}"
    );
}

#[test]
fn a_deck_unlock_above_the_counters_max_is_named_at_its_key() {
    // `high` is also in the name of the deck a line above, which a scan found.
    let files = cards_game(|g| {
        format!("decks = [\n  {{ id = \"low\", name = \"Below high\", draw = \"deck\", discard = \"discard\" }},\n  {{ id = \"high\", name = \"High\", draw = \"spare\", discard = \"spare_discard\", unlock = {{ gems = 9 }} }},\n]\n{g}\n[[zones]]\nid = \"spare_discard\"\n")
    });
    let errors = load_content(&[files], &library()).unwrap_err();
    let e = error_with(&errors, "deck `high` unlocks at 9 gems, above its max");
    let column = "  { id = \"high\", name = \"High\", draw = \"spare\", discard = \"spare_discard\", unlock = { ".len() + 1;
    assert_eq!((e.line, e.column), (Some(3), Some(column)), "{e}");
}

/// A card's problems are placed at the key of its own `[[cards]]` entry, in its file:
/// an unknown starting zone and a cost in something that is not a counter. A scan of
/// the text looked for a line starting with the zone's or the counter's name and found
/// none, so the error named the file alone.
#[test]
fn a_cards_problems_are_placed_at_its_keys() {
    let mut files = weft_tests::fixture_files();
    let common = files.files["cards/common.toml"].clone();
    // The second card of the file: its zone and one cost key are wrong.
    let second = common.match_indices("[[cards]]").nth(1).unwrap().0;
    let (head, tail) = common.split_at(second);
    let tail = tail
        .replacen("zone = \"common_deck\"", "zone = \"nowhere\"", 1)
        .replacen("cost = { ", "cost = { gems = 1, ", 1);
    let text = format!("{head}{tail}");
    files.files.insert("cards/common.toml".into(), text.clone());
    let errors = load_content(&[files], &library()).unwrap_err();
    let at = |needle: &str| -> (usize, usize) {
        let offset = text.find(needle).unwrap_or_else(|| panic!("no {needle}"));
        weft_core::content::line_column(&text, offset)
    };
    let zone = error_with(&errors, "names unknown zone `nowhere`");
    assert_eq!(zone.file, "rules-fixture/cards/common.toml", "{zone}");
    assert_eq!((zone.line, zone.column), {
        let (l, c) = at("zone = \"nowhere\"");
        (Some(l), Some(c))
    });
    let errors = {
        // With the zone back, the cost's unknown counter is the one problem left.
        let mut files = weft_tests::fixture_files();
        let tail = common
            .split_at(second)
            .1
            .replacen("cost = { ", "cost = { gems = 1, ", 1);
        let text2 = format!("{head}{tail}");
        files
            .files
            .insert("cards/common.toml".into(), text2.clone());
        (load_content(&[files], &library()).unwrap_err(), text2)
    };
    let (errors, text2) = errors;
    let gems = error_with(&errors, "its cost names `gems`, which is not a counter");
    let offset = text2.find("gems = 1").unwrap();
    let (l, c) = weft_core::content::line_column(&text2, offset);
    assert_eq!((gems.line, gems.column), (Some(l), Some(c)), "{gems}");
}

/// A layer over the cards fixture whose game.toml is `game`.
fn layer(game: &str) -> PackFiles {
    let mut files = std::collections::BTreeMap::new();
    files.insert(
        "pack.toml".to_string(),
        "name = \"layered\"\nversion = \"1\"\nextends = [\"cards\"]\n".to_string(),
    );
    files.insert("game.toml".to_string(), game.to_string());
    PackFiles {
        origin: "<layered>".into(),
        files,
    }
}

#[test]
fn an_error_in_a_merged_array_entry_is_named_where_its_key_was_written() {
    // A layer's [[counters]] merge by id: one changes a base counter's key, one is new;
    // a base counter the layer leaves alone keeps its place in the base file. (The
    // counter check names the entry, so each error is on its entry's first line, in the
    // latest file that writes the entry.)
    let game = "\n[[counters]]\nid = \"gems\"\nmin = 9\n\n[[counters]]\nid = \"pearls\"\nname = \"Pearls\"\nmin = 2\nmax = 1\n";
    let base = cards_game(|g| g.replace("min = -1000000", "min = 10\nmax = 3"));
    let base_text = base.files["game.toml"].clone();
    let errors = load_content(&[base, layer(game)], &library()).unwrap_err();
    let layered = |e: &ContentError| (e.file.clone(), e.line);
    let gems = error_with(&errors, "counter `gems`: max is below min");
    assert_eq!(
        layered(&gems),
        (
            "layered/game.toml".to_string(),
            Some(line_of(game, "id = \"gems\"", 0))
        ),
        "{gems}"
    );
    let pearls = error_with(&errors, "counter `pearls`: max is below min");
    assert_eq!(
        layered(&pearls),
        (
            "layered/game.toml".to_string(),
            Some(line_of(game, "id = \"pearls\"", 0))
        ),
        "{pearls}"
    );
    let prestige = error_with(&errors, "counter `prestige`: max is below min");
    assert_eq!(
        layered(&prestige),
        (
            "cards/game.toml".to_string(),
            Some(line_of(&base_text, "id = \"prestige\"", 0))
        ),
        "{prestige}"
    );
}
