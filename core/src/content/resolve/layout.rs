//! `[layout]` of `game.toml`: how `weft serve` draws the game (pixels per board unit,
//! an SVG of the pack under the slots, seat colours, colours of materials and
//! counters). Hints for people only: no rule reads them, but a wrong one is an error
//! naming the key, so a typo does not go unnoticed.

use std::collections::BTreeMap;

use crate::content::diagnostics::Loader;
use crate::content::raw::LayoutToml;
use crate::content::{Counter, Layout};

/// The largest board SVG, in bytes.
const MAX_SVG: usize = 2 << 20;

/// Whether `c` is a colour the page takes: `#rgb` or `#rrggbb`.
fn is_colour(c: &str) -> bool {
    c.strip_prefix('#')
        .is_some_and(|h| (h.len() == 3 || h.len() == 6) && h.chars().all(|x| x.is_ascii_hexdigit()))
}

const COLOUR_HELP: &str = "write a colour as \"#rrggbb\" (or \"#rgb\"), e.g. \"#3b8c4f\"";

/// The layout hints, checked: `files` are the packs' `layout/*.svg` by path.
pub(in crate::content) fn resolve(
    ld: &mut Loader,
    gf: &str,
    raw: &LayoutToml,
    files: &BTreeMap<String, String>,
    counters: &[Counter],
) -> Layout {
    let mut layout = Layout::default();
    if let Some(scale) = raw.scale {
        if scale.is_finite() && (5.0..=1000.0).contains(&scale) {
            layout.scale = Some(scale);
        } else {
            ld.fail_key(
                "layout.scale",
                (gf, "scale"),
                format!("[layout] scale = {scale}: pixels per board unit must be from 5 to 1000"),
                "the slots' pos are in board units; scale = 110 draws a unit as 110 pixels",
            );
        }
    }
    if let Some(path) = &raw.board {
        match files.get(path) {
            Some(text) if !text.contains("<svg") => ld.fail_key(
                "layout.board",
                (gf, "board"),
                format!("[layout] board = \"{path}\" is not an SVG file (no <svg> element)"),
                "the board picture is an SVG file in the pack's layout/ folder",
            ),
            Some(text) if text.len() > MAX_SVG => ld.fail_key(
                "layout.board",
                (gf, "board"),
                format!("[layout] board = \"{path}\" is over {} MiB", MAX_SVG >> 20),
                "simplify the picture; it is drawn under the slots, not instead of them",
            ),
            Some(text) => layout.board = Some((path.clone(), text.clone())),
            None => {
                let svgs: Vec<&str> = files.keys().map(String::as_str).collect();
                ld.fail_key(
                    "layout.board",
                    (gf, "board"),
                    format!("[layout] board = \"{path}\": the packs have no such file"),
                    &if svgs.is_empty() {
                        "put the SVG in the pack's layout/ folder and name it from the pack's root: board = \"layout/board.svg\"".to_string()
                    } else {
                        format!("the packs' layout files are: {}", svgs.join(", "))
                    },
                );
            }
        }
    }
    for (i, c) in raw.seat_colours.iter().enumerate() {
        if !is_colour(c) {
            ld.fail_key(
                "layout.seat_colours",
                (gf, c),
                format!(
                    "[layout] seat_colours: seat {}'s `{c}` is not a colour",
                    i + 1
                ),
                COLOUR_HELP,
            );
        }
    }
    layout.seat_colours = raw
        .seat_colours
        .iter()
        .filter(|c| is_colour(c))
        .cloned()
        .collect();
    for (id, c) in &raw.colours {
        if !counters.iter().any(|k| &k.id == id) {
            let ids: Vec<&str> = counters.iter().map(|k| k.id.as_str()).collect();
            ld.fail_key(
                &format!("layout.colours.{id}"),
                (gf, id),
                format!("[layout.colours] `{id}` is not a material or counter of the game"),
                &format!(
                    "colours are given by material or counter id: {}",
                    ids.join(", ")
                ),
            );
        } else if !is_colour(c) {
            ld.fail_key(
                &format!("layout.colours.{id}"),
                (gf, id),
                format!("[layout.colours] {id} = \"{c}\" is not a colour"),
                COLOUR_HELP,
            );
        } else {
            layout.colours.insert(id.clone(), c.clone());
        }
    }
    layout
}
