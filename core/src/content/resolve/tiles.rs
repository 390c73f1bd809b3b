//! `tiles/*.toml`: each tile with its side (`[tiles]` of `game.toml` chooses) and its
//! behaviour.

use crate::content::diagnostics::Loader;
use crate::content::raw::{GameToml, Placed, ScriptToml, TileToml};
use crate::content::Tile;

use super::Scripts;

/// Every tile, in the merged order; a tile's id is its file's name.
pub(in crate::content) fn resolve(
    ld: &mut Loader,
    gf: &str,
    game: &GameToml,
    tiles_raw: Vec<Placed<TileToml>>,
    scripts: &Scripts,
) -> Vec<Tile> {
    let side_default = game.tiles.side.clone();
    let mut tiles: Vec<Tile> = Vec::new();
    for placed in tiles_raw {
        let (path, t) = (placed.label, placed.item);
        let stem = placed
            .path
            .trim_start_matches("tiles/")
            .trim_end_matches(".toml");
        if stem != t.id {
            ld.fail(
                &path,
                "id",
                format!("tile id `{}` does not match its file name `{stem}`", t.id),
                "rename the file or the id",
            );
        }
        if tiles.iter().any(|x| x.id == t.id) {
            ld.fail(&path, "id", format!("tile id `{}` is used twice", t.id), "");
        }
        let behaviour = t
            .behaviour
            .clone()
            .unwrap_or_else(|| format!("tiles/{}.lua", t.id));
        let chosen = game
            .tiles
            .sides
            .get(&t.id)
            .cloned()
            .or_else(|| side_default.clone());
        let mut params = t.params.clone();
        let mut side = None;
        if !t.sides.is_empty() {
            let name = chosen
                .clone()
                .unwrap_or_else(|| t.sides.keys().next().cloned().unwrap_or_default());
            match t.sides.get(&name) {
                Some(overlay) => {
                    for (k, v) in overlay {
                        params.insert(k.clone(), v.clone());
                    }
                    side = Some(name);
                }
                None => ld.fail(
                    &path,
                    "sides",
                    format!("tile `{}` has no side `{name}`", t.id),
                    "add [sides.NAME] or choose another side in game.toml [tiles]",
                ),
            }
        }
        let s = ScriptToml {
            behaviour,
            params,
            text: t.text.clone(),
        };
        let script = scripts.script_ref(ld, &s, &path);
        tiles.push(Tile {
            id: t.id,
            name: t.name,
            kind: t.kind,
            text: t.text,
            side,
            script,
        });
    }
    for tile_id in game.tiles.sides.keys() {
        if !tiles.iter().any(|t| &t.id == tile_id) {
            ld.fail_key(
                &format!("tiles.sides.{tile_id}"),
                (gf, tile_id),
                format!("[tiles] sides names unknown tile `{tile_id}`"),
                "",
            );
        }
    }
    tiles
}
