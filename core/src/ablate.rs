//! Ablation: a copy of a pack with one component taken out, to measure what that
//! component adds (`weft ablate`). A card is removed from its deck; a tile is closed (it
//! keeps its slot, so the board stays the same, but its behaviour becomes `weft.closed`,
//! which offers no action).

use crate::content::PackFiles;

/// What to take out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Component {
    /// A card, by id: a `[[cards]]` template (every copy).
    Card(String),
    /// A tile, by id.
    Tile(String),
}

impl std::fmt::Display for Component {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Component::Card(id) => write!(f, "card {id}"),
            Component::Tile(id) => write!(f, "tile {id}"),
        }
    }
}

/// The packs with `what` taken out of whichever pack defines it (the last one wins).
pub fn ablate(packs: &[PackFiles], what: &Component) -> Result<Vec<PackFiles>, String> {
    let mut out = packs.to_vec();
    for pack in out.iter_mut().rev() {
        let done = match what {
            Component::Card(id) => remove_card(pack, id)?,
            Component::Tile(id) => close_tile(pack, id)?,
        };
        if done {
            return Ok(out);
        }
    }
    Err(format!(
        "no pack defines {what}; `weft doc content` lists the ids"
    ))
}

fn parse(pack: &PackFiles, path: &str, text: &str) -> Result<toml::Table, String> {
    text.parse::<toml::Table>()
        .map_err(|e| format!("{}/{path}: {e}", pack.origin))
}

/// Removes the template `[[cards]] id = ID` (all its copies) from the pack's
/// `cards/*.toml` files.
fn remove_card(pack: &mut PackFiles, id: &str) -> Result<bool, String> {
    let paths: Vec<(String, &str)> = pack
        .under("cards", ".toml")
        .map(|(p, _)| (p.clone(), "cards"))
        .collect();
    for (path, key) in paths {
        let mut table = parse(pack, &path, &pack.files[&path])?;
        let Some(toml::Value::Array(cards)) = table.get_mut(key) else {
            continue;
        };
        let before = cards.len();
        cards.retain(|c| c.get("id").and_then(|v| v.as_str()) != Some(id));
        if cards.len() != before {
            let text = toml::to_string(&table).map_err(|e| e.to_string())?;
            pack.files.insert(path, text);
            return Ok(true);
        }
    }
    Ok(false)
}

/// Gives the tile with this id the behaviour `weft.closed`.
fn close_tile(pack: &mut PackFiles, id: &str) -> Result<bool, String> {
    let paths: Vec<String> = pack
        .under("tiles", ".toml")
        .map(|(p, _)| p.clone())
        .collect();
    for path in paths {
        let mut table = parse(pack, &path, &pack.files[&path])?;
        if table.get("id").and_then(|v| v.as_str()) != Some(id) {
            continue;
        }
        table.insert("behaviour".into(), "weft.closed".into());
        table.insert("text".into(), "Closed (taken out by weft ablate).".into());
        let text = toml::to_string(&table).map_err(|e| e.to_string())?;
        pack.files.insert(path, text);
        return Ok(true);
    }
    Ok(false)
}
