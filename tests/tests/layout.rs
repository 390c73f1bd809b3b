//! `[layout]` of game.toml (issue 31 item 7): drawing hints for `weft serve`, checked
//! like every other part of a pack: a wrong one is an error naming the file, line and
//! what to write.

use weft_core::content::load_content;
use weft_tests::{library, tabriz_files};

/// Tabriz with its `[layout]` replaced by `layout` and `extra` files added.
fn load(layout: &str, extra: &[(&str, &str)]) -> Result<weft_core::Content, String> {
    let mut files = tabriz_files();
    let game = &files.files["game.toml"];
    let cut = game
        .find("# How `weft serve` draws")
        .expect("Tabriz has a [layout]");
    let game = format!("{}{layout}", &game[..cut]);
    files.files.insert("game.toml".into(), game);
    for (path, text) in extra {
        files.files.insert(path.to_string(), text.to_string());
    }
    load_content(&[files], &library()).map_err(|e| e.to_string())
}

#[test]
fn the_base_pack_declares_its_colours() {
    let c = weft_tests::tabriz_content();
    assert_eq!(c.layout.colours["green"], "#3b8c4f");
    assert_eq!(c.layout.scale, Some(110.0));
    assert!(c.layout.board.is_none());
}

#[test]
fn a_board_picture_and_colours_load() {
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><rect width=\"10\" height=\"10\" fill=\"#eee\"/></svg>";
    let c = load(
        "[layout]\nboard = \"layout/bazaar.svg\"\nseat_colours = [\"#112233\", \"#abc\"]\n[layout.colours]\nwool = \"#ffffff\"\n",
        &[("layout/bazaar.svg", svg)],
    )
    .unwrap();
    assert_eq!(
        c.layout.board,
        Some(("layout/bazaar.svg".into(), svg.into()))
    );
    assert_eq!(c.layout.seat_colours, ["#112233", "#abc"]);
    assert_eq!(c.layout.colours["wool"], "#ffffff");
}

#[test]
fn wrong_layout_hints_are_errors_naming_the_line_and_what_to_write() {
    for (layout, extra, wanted) in [
        ("[layout]\nscale = 0\n", vec![], "game.toml:"),
        (
            "[layout]\nscale = 0\n",
            vec![],
            "pixels per board unit must be from 5 to 1000",
        ),
        (
            "[layout]\nboard = \"layout/none.svg\"\n",
            vec![],
            "the packs have no such file",
        ),
        (
            "[layout]\nboard = \"layout/b.svg\"\n",
            vec![("layout/b.svg", "just text")],
            "is not an SVG file",
        ),
        (
            "[layout]\nseat_colours = [\"red\"]\n",
            vec![],
            "seat 1's `red` is not a colour",
        ),
        (
            "[layout.colours]\nwool = \"#12345\"\n",
            vec![],
            "wool = \"#12345\" is not a colour",
        ),
        (
            "[layout.colours]\nplatinum = \"#123456\"\n",
            vec![],
            "`platinum` is not a material or counter",
        ),
        ("[layout]\nboard_image = \"x.svg\"\n", vec![], "board_image"),
    ] {
        let err = load(layout, &extra).unwrap_err();
        assert!(
            err.contains(wanted),
            "{layout}: wanted `{wanted}` in:\n{err}"
        );
        assert!(err.contains("game.toml:"), "{layout}: a line: {err}");
    }
}
