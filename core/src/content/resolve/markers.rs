//! `[[markers]]` of `game.toml`: markers each player places on board slots (trading
//! posts, M-MOVE-6..11), as [`MarkerKind`]s.

use crate::content::diagnostics::{EntryKey, Loader};
use crate::content::raw::GameToml;
use crate::content::{MarkerKind, MARKER_SHAPES};

use super::check_id;

/// The most marker kinds a game may have.
const MAX_KINDS: usize = 16;

/// Resolves the marker kinds, every problem at its line.
pub(in crate::content) fn resolve(ld: &mut Loader, gf: &str, game: &GameToml) -> Vec<MarkerKind> {
    let mut out: Vec<MarkerKind> = Vec::new();
    if game.markers.len() > MAX_KINDS {
        ld.fail(
            gf,
            "[[markers]]",
            format!(
                "game.toml declares {} kinds of markers; weft takes at most {MAX_KINDS}",
                game.markers.len()
            ),
            "",
        );
        return out;
    }
    for (k, m) in game.markers.iter().enumerate() {
        let needle = format!("id = \"{}\"", m.id);
        let fail = |ld: &mut Loader, key: &str, message: String, help: &str| {
            ld.fail_entry(
                EntryKey {
                    array: "markers",
                    k,
                    key: Some(key),
                },
                (gf, &needle),
                message,
                help,
            );
        };
        if let Err(problem) = check_id(&m.id) {
            fail(
                ld,
                "id",
                format!("marker id `{}` {problem}", m.id.escape_debug()),
                "ids are 1 to 64 letters, digits, `_`, `-` or `.`",
            );
        }
        if out.iter().any(|x| x.id == m.id) {
            fail(ld, "id", format!("marker `{}` is declared twice", m.id), "");
        }
        if !(1..=64).contains(&m.per_player) {
            fail(
                ld,
                "per_player",
                format!(
                    "marker `{}`: per_player = {}; each player has 1 to 64",
                    m.id, m.per_player
                ),
                "",
            );
        }
        let per_slot = m.per_slot.unwrap_or(1);
        if per_slot == 0 {
            fail(
                ld,
                "per_slot",
                format!(
                    "marker `{}`: per_slot = 0 would let no marker be placed",
                    m.id
                ),
                "per_slot is at least 1 (the default)",
            );
        }
        let shape = match m.shape.as_deref() {
            None => MARKER_SHAPES[0],
            Some(s) => MARKER_SHAPES
                .iter()
                .copied()
                .find(|&k| k == s)
                .unwrap_or_else(|| {
                    fail(
                        ld,
                        "shape",
                        format!(
                            "marker `{}`: shape = \"{}\" is no shape weft draws",
                            m.id,
                            s.escape_debug()
                        ),
                        "write square, diamond or triangle",
                    );
                    MARKER_SHAPES[0]
                }),
        };
        out.push(MarkerKind {
            id: m.id.clone(),
            name: m.name.clone().unwrap_or_else(|| m.id.clone()),
            per_player: m.per_player.clamp(1, 64),
            per_slot: per_slot.max(1),
            shape,
        });
    }
    out
}
