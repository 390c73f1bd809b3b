//! Pack layering: a chain of packs (base first) merged into one set of raw definitions.
//!
//! - The first pack is complete: `pack.toml`, `game.toml`, `board.toml`. A later pack
//!   must `extends` packs earlier in the chain, and may bring a partial `game.toml`
//!   (its tables are merged into the earlier ones key by key, its arrays of tables
//!   with ids by id; any other value replaces the earlier one), a `board.toml` of slots, paths and areas to add,
//!   tiles, cards and Lua files.
//! - An item (tile, card, slot) whose id an earlier pack defines is a conflict
//!   unless it says `replace = true`. A pack replaces only items of packs it extends, and
//!   two packs that do not extend one another may not both replace the same item. `[remove]` in `pack.toml` takes items out by id.
//! - A Lua file at the same path as an earlier pack's replaces it when the later pack
//!   extends the earlier one, and is a conflict otherwise. Lua files under `tests/` are
//!   the pack's scenario tests, not modules.

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;

use super::diagnostics::Loader;
use super::raw::*;
use super::{Module, PackFiles, PackInfo};

/// The chain, merged.
pub(super) struct Merged {
    /// The merged game parameters.
    pub game: GameToml,
    /// Label of the `game.toml` that errors in game parameters point at (the last one
    /// to change them).
    pub game_label: String,
    /// The merged board.
    pub board: BoardToml,
    /// Label of the base `board.toml`.
    pub board_label: String,
    /// Every tile.
    pub tiles: Vec<Placed<TileToml>>,
    /// Every `[[cards]]` template.
    pub pack_cards: Vec<Placed<CardToml>>,
    /// Invented data, per pack (`[provenance]` in `pack.toml`).
    pub provenance: Vec<super::Invented>,
    /// Every Lua module, the library's included.
    pub modules: BTreeMap<String, Module>,
    /// Scenario-test helpers (`tests/lib/*.lua`), named `tests.lib.NAME`.
    pub test_modules: BTreeMap<String, Module>,
    /// The chain with digests, the library last.
    pub packs: Vec<PackInfo>,
    /// The packs' drawing files (`layout/*.svg`) by path; a later pack's replaces an
    /// earlier one's.
    pub layout_files: BTreeMap<String, String>,
}

/// Merges `packs` (base first) and the shared `library`. Problems go to `ld`; `None`
/// when a file needed to go on could not be read.
pub(super) fn merge(ld: &mut Loader, packs: &[PackFiles], library: &PackFiles) -> Option<Merged> {
    let mut ancestors: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut infos = Vec::new();
    let mut game: Option<(toml::Table, Vec<String>)> = None;
    // Each layer's game.toml keys an older weft read: (file, line start, found, form).
    let mut replaced: Vec<(String, &str, &str, &str)> = Vec::new();
    let mut board: Option<(BoardToml, String)> = None;
    let mut tiles: Vec<Placed<TileToml>> = Vec::new();
    let mut pack_cards: Vec<Placed<CardToml>> = Vec::new();
    let mut provenance: Vec<super::Invented> = Vec::new();
    let mut modules = library_modules(library);
    let mut layout_files: BTreeMap<String, String> = BTreeMap::new();
    let mut test_modules: BTreeMap<String, Module> = BTreeMap::new();
    for (i, files) in packs.iter().enumerate() {
        let origin_label = format!("{}/pack.toml", files.origin);
        ld.add_source(&origin_label, files.files.get("pack.toml"));
        // Parsed once (the loader keeps its positions); read for old-format keys, then
        // into its struct.
        let table = ld.parse::<toml::Table>(&origin_label);
        let old = super::old_format::replaced_files(files, table.as_ref());
        if !old.is_empty() {
            for (path, needle, found, form) in old {
                let label = format!("{}/{path}", files.origin);
                ld.add_source(&label, files.files.get(&path));
                ld.fail(&label, needle, found, form);
            }
            continue;
        }
        let Some(table) = table else {
            continue;
        };
        let Some(pt) = ld.read_table::<PackToml>(&origin_label, table) else {
            continue;
        };
        // The name labels every file of the pack (`name/path`) and every message about it.
        if let Err(problem) = super::resolve::check_id(&pt.name) {
            ld.fail(
                &origin_label,
                "name",
                if pt.name.is_empty() {
                    "the pack's name is empty".to_string()
                } else {
                    format!("pack name `{}` {problem}", pt.name.escape_debug())
                },
                "a pack's name labels its files in every message and is what `extends` names: use letters, digits, `_`, `-` or `.`, e.g. name = \"my-variant\"",
            );
            continue;
        }
        let name = pt.name.clone();
        for (path, text) in &files.files {
            ld.add_source(&format!("{name}/{path}"), Some(text));
        }
        let label = |path: &str| format!("{name}/{path}");
        if ancestors.contains_key(&name) {
            ld.fail(
                &label("pack.toml"),
                "name",
                format!("two packs in the chain are named `{name}`"),
                "give every pack its own name",
            );
            continue;
        }
        check_engine(ld, &pt, &label("pack.toml"));
        for item in pt.provenance.iter().flat_map(|p| &p.invented) {
            for f in &item.files {
                if !files.files.contains_key(f)
                    && !files.files.keys().any(|k| k.starts_with(&format!("{f}/")))
                {
                    ld.fail(
                        &label("pack.toml"),
                        f,
                        format!(
                            "[provenance] names `{f}`, which is not a file or folder of the pack"
                        ),
                        "give paths inside the pack, such as cards/deck-a.toml",
                    );
                }
            }
            provenance.push(super::Invented {
                pack: name.clone(),
                rule: item.rule.clone(),
                files: item.files.clone(),
                note: item.note.clone(),
            });
        }
        let mut mine = BTreeSet::new();
        for parent in &pt.extends {
            match ancestors.get(parent) {
                Some(up) => {
                    mine.insert(parent.clone());
                    mine.extend(up.iter().cloned());
                }
                None => ld.fail_in_list(
                    (&label("pack.toml"), "extends", parent),
                    format!("`{name}` extends `{parent}`, which is not loaded before it"),
                    "give the pack it extends with --pack, or put it on the pack path (--pack-path DIR)",
                ),
            }
        }
        if i > 0 && pt.extends.is_empty() {
            ld.fail(
                &label("pack.toml"),
                "name",
                format!("`{name}` is not the first pack but extends nothing"),
                "add extends = [\"tabriz\"] (or the pack it builds on) to its pack.toml",
            );
        }
        ancestors.insert(name.clone(), mine.clone());

        // game.toml
        // Parsed once here (the loader keeps its positions); a syntax error is reported
        // with its place.
        if files.files.contains_key("game.toml") || i == 0 {
            if let Some(table) = ld.parse::<toml::Table>(&label("game.toml")) {
                for (needle, found, form) in super::old_format::replaced(&table) {
                    replaced.push((label("game.toml"), needle, found, form));
                }
                match &mut game {
                    None => game = Some((table, vec![label("game.toml")])),
                    Some((acc, labels)) => {
                        deep_merge(acc, table);
                        labels.push(label("game.toml"));
                    }
                }
            }
        }

        // board.toml
        if i == 0 && !files.files.contains_key("board.toml") {
            // A game with no board: cards, counters and areas only.
            board = Some((BoardToml::default(), label("board.toml")));
        } else if i == 0 {
            if let Some(mut b) = ld.parse::<BoardToml>(&label("board.toml")) {
                for p in &mut b.paths {
                    p.declared_in = label("board.toml");
                }
                for a in &mut b.areas {
                    a.declared_in = label("board.toml");
                }
                for d in &mut b.dice_spaces {
                    d.declared_in = label("board.toml");
                }
                board = Some((b, label("board.toml")));
            }
        } else if files.files.contains_key("board.toml") {
            if let (Some(layer), Some((b, _))) = (
                ld.parse::<BoardLayerToml>(&label("board.toml")),
                board.as_mut(),
            ) {
                for s in layer.slots {
                    match b.slots.iter().position(|x| x.id == s.id) {
                        Some(k) if s.replace => b.slots[k] = s,
                        Some(_) => ld.fail_in_entry(
                            (&label("board.toml"), "slots", &s.id),
                            Some("id"),
                            &s.id,
                            format!("slot `{}` is already on the board", s.id),
                            "add replace = true to replace it, or choose another id",
                        ),
                        None => b.slots.push(s),
                    }
                }
                b.paths.extend(layer.paths.into_iter().map(|mut p| {
                    p.declared_in = label("board.toml");
                    p
                }));
                for mut a in layer.areas {
                    a.declared_in = label("board.toml");
                    match b.areas.iter().position(|x| x.id == a.id) {
                        Some(k) if a.replace => b.areas[k] = a,
                        Some(_) => ld.fail_in_entry(
                            (&label("board.toml"), "areas", &a.id),
                            Some("id"),
                            &a.id,
                            format!("area `{}` is already on the board", a.id),
                            "add replace = true to replace it, or choose another id",
                        ),
                        None => b.areas.push(a),
                    }
                }
                for mut d in layer.dice_spaces {
                    d.declared_in = label("board.toml");
                    match b.dice_spaces.iter().position(|x| x.id == d.id) {
                        Some(k) if d.replace => b.dice_spaces[k] = d,
                        Some(_) => ld.fail_in_entry(
                            (&label("board.toml"), "dice_spaces", &d.id),
                            Some("id"),
                            &d.id,
                            format!("dice space `{}` is already on the board", d.id),
                            "add replace = true to replace it, or choose another id",
                        ),
                        None => b.dice_spaces.push(d),
                    }
                }
            }
        }

        // Removals.
        remove(
            ld,
            &label("pack.toml"),
            "tile",
            &pt.remove.tiles,
            &mut tiles,
            |t| &t.id,
        );
        remove(
            ld,
            &label("pack.toml"),
            "card",
            &pt.remove.cards,
            &mut pack_cards,
            |c| &c.id,
        );
        if let Some((b, _)) = board.as_mut() {
            for id in &pt.remove.slots {
                if !b.slots.iter().any(|s| &s.id == id) {
                    ld.fail_in_list(
                        (&label("pack.toml"), "remove.slots", id),
                        format!("[remove] names slot `{id}`, which no earlier pack defines"),
                        "",
                    );
                }
                b.slots.retain(|s| &s.id != id);
                b.paths.retain(|p| &p.a != id && &p.b != id);
            }
        }

        // Tiles (one per file) and cards.
        add_from_files(
            ld,
            files,
            "tiles",
            "tile",
            (&name, &mine),
            &mut tiles,
            |t: TileToml| vec![t],
            |t| (&t.id, t.replace),
        );
        add_from_files(
            ld,
            files,
            "cards",
            "card",
            (&name, &mine),
            &mut pack_cards,
            |f: CardFile| f.cards,
            |c| (&c.id, c.replace),
        );

        for (path, source) in &files.files {
            if path.starts_with("layout/") && path.ends_with(".svg") {
                layout_files.insert(path.clone(), source.clone());
            }
        }
        // Lua modules; tests/*.lua are the pack's scenario tests (`weft test`), not
        // behaviour, but tests/lib/*.lua help them (`require("tests.lib.x")` there).
        for (path, source) in &files.files {
            let Some(stem) = path.strip_suffix(".lua") else {
                continue;
            };
            let helper = path.starts_with("tests/lib/");
            if path.starts_with("tests/") && !helper {
                continue;
            }
            let module = Module {
                name: stem.replace('/', "."),
                chunk: label(path),
                pack: name.clone(),
                source: source.clone(),
            };
            if helper {
                test_modules.insert(module.name.clone(), module);
                continue;
            }
            if let Some(old) = modules.get(&module.name) {
                let allowed = old.pack != "scripts" && mine.contains(&old.pack);
                if !allowed {
                    let help = if old.pack == "scripts" {
                        "rename the file: the shared library's module names are reserved"
                    } else {
                        "rename one of the files, or make one pack extend the other"
                    };
                    ld.fail(
                        &label(path),
                        "",
                        format!(
                            "module `{}` is already defined by {}",
                            module.name, old.chunk
                        ),
                        help,
                    );
                    continue;
                }
            }
            modules.insert(module.name.clone(), module);
        }
        infos.push(PackInfo {
            name: name.clone(),
            version: pt.version.clone(),
            digest: super::digest::digest_files(&name, files),
        });
    }
    infos.push(PackInfo {
        name: "scripts".into(),
        version: env!("CARGO_PKG_VERSION").into(),
        digest: super::digest::digest_files("scripts", library),
    });
    let (table, labels) = game?;
    let (board, board_label) = board?;
    let game_label = labels.last().cloned().unwrap_or_default();
    if !replaced.is_empty() {
        for (label, needle, found, form) in replaced {
            let at = needle
                .starts_with("{ do = ")
                .then(|| {
                    ld.source(&label)
                        .and_then(|s| super::old_format::step_line(s, needle))
                })
                .flatten();
            match at {
                Some((line, column)) => ld.push(
                    super::ContentError::new(label.clone(), found)
                        .at(line, column)
                        .help(form),
                ),
                None => ld.fail(&label, needle, found, form),
            }
        }
        return None;
    }
    // Read from the table parsed above, not parsed again.
    let game = match labels.len() {
        1 => ld.read_table::<GameToml>(&game_label, table)?,
        _ => match GameToml::deserialize(toml::Value::Table(table)) {
            Ok(g) => g,
            Err(e) => {
                ld.push(
                    super::ContentError::new(
                        labels.join(" + "),
                        format!("the merged game parameters are invalid: {}", e.message()),
                    )
                    .help("check the keys of each game.toml against docs/content-format.md"),
                );
                return None;
            }
        },
    };
    Some(Merged {
        game,
        game_label,
        board,
        board_label,
        tiles,
        pack_cards,
        provenance,
        modules,
        test_modules,
        packs: infos,
        layout_files,
    })
}

/// The shared library's modules.
fn library_modules(library: &PackFiles) -> BTreeMap<String, Module> {
    let mut modules = BTreeMap::new();
    for (path, source) in &library.files {
        if let Some(stem) = path.strip_suffix(".lua") {
            let name = stem.replace('/', ".");
            modules.insert(
                name.clone(),
                Module {
                    name,
                    chunk: format!("scripts/{path}"),
                    pack: "scripts".into(),
                    source: source.clone(),
                },
            );
        }
    }
    modules
}

/// Checks `engine = "…"` (a semver requirement such as `">=0.1, <0.3"`) against this
/// weft's version.
fn check_engine(ld: &mut Loader, pt: &PackToml, label: &str) {
    let Some(req) = &pt.engine else { return };
    let version = semver::Version::parse(env!("CARGO_PKG_VERSION")).expect("our version");
    match semver::VersionReq::parse(req) {
        Ok(r) if r.matches(&version) => {}
        Ok(_) => ld.fail(
            label,
            "engine",
            format!(
                "pack `{}` needs weft {req}, but this is weft {version}",
                pt.name
            ),
            "use a weft version in that range, or update the pack",
        ),
        Err(e) => ld.fail(
            label,
            "engine",
            format!("engine = \"{req}\" is not a version requirement: {e}"),
            "write it like \">=0.1, <0.3\"",
        ),
    }
}

/// Merges `over` into `base`: tables key by key; arrays of tables that all have an `id`
/// (`[[counters]]`, `[[zones]]`, `[[markers]]`, `[[extras]]` …) by id, an entry with a
/// new id appended and one with an id already there merged into it, so an expansion
/// adds a counter or changes one field of an extra without repeating the rest; anything
/// else (other arrays included) replaced.
pub(super) fn deep_merge(base: &mut toml::Table, over: toml::Table) {
    for (k, v) in over {
        match (base.get_mut(&k), v) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => deep_merge(b, o),
            (Some(toml::Value::Array(b)), toml::Value::Array(o))
                if all_have_ids(b) && all_have_ids(&o) && !o.is_empty() =>
            {
                merge_by_id(b, o);
            }
            (_, v) => {
                base.insert(k, v);
            }
        }
    }
}

/// The id of an entry of an array of tables, when it has a string one.
fn entry_id(v: &toml::Value) -> Option<&str> {
    v.as_table()?.get("id")?.as_str()
}

/// Whether every entry of `a` is a table with a string `id`.
fn all_have_ids(a: &[toml::Value]) -> bool {
    a.iter().all(|v| entry_id(v).is_some())
}

/// Merges the entries of `over` into `base` by id (both arrays of tables with ids): an
/// id of the earlier layers' entries is merged into it, any other appended (so an id
/// written twice in one layer stays twice, and is reported as declared twice).
fn merge_by_id(base: &mut Vec<toml::Value>, over: Vec<toml::Value>) {
    let earlier = base.len();
    for entry in over {
        let id = entry_id(&entry).unwrap_or_default().to_string();
        match base[..earlier]
            .iter_mut()
            .find(|b| entry_id(b) == Some(id.as_str()))
        {
            Some(toml::Value::Table(b)) => {
                if let toml::Value::Table(o) = entry {
                    deep_merge(b, o);
                }
            }
            _ => base.push(entry),
        }
    }
}

/// Adds `new` to `items`, or replaces the item with its id when it says `replace`.
/// Adds the items of every `folder/*.toml` file of a pack to `items`: each file parsed as
/// `F` (a parse error is reported and the file skipped), its items listed by `items_of`.
/// `pack` is the pack's name and the packs it extends.
#[allow(clippy::too_many_arguments)]
fn add_from_files<F: serde::de::DeserializeOwned, T>(
    ld: &mut Loader,
    files: &PackFiles,
    folder: &str,
    kind: &str,
    pack: (&String, &BTreeSet<String>),
    items: &mut Vec<Placed<T>>,
    items_of: impl Fn(F) -> Vec<T>,
    key: impl Fn(&T) -> (&String, bool) + Copy,
) {
    let (name, mine) = pack;
    for (path, _) in files.under(folder, ".toml") {
        let label = format!("{name}/{path}");
        if let Some(f) = ld.parse::<F>(&label) {
            for item in items_of(f) {
                let placed = Placed {
                    label: label.clone(),
                    path: path.clone(),
                    pack: name.clone(),
                    replaced_by: None,
                    item,
                };
                add(ld, kind, placed, items, mine, key);
            }
        }
    }
}

fn add<T>(
    ld: &mut Loader,
    kind: &str,
    mut new: Placed<T>,
    items: &mut Vec<Placed<T>>,
    ancestors: &BTreeSet<String>,
    key: impl Fn(&T) -> (&String, bool),
) {
    let (id, replace) = key(&new.item);
    let id = id.clone();
    let existing = items.iter().position(|x| *key(&x.item).0 == id);
    match existing {
        // The same pack defining an id twice is reported when the items are resolved.
        Some(k) if items[k].pack == new.pack => items.push(new),
        Some(k) if replace => {
            let old = &items[k];
            if let Some(other) = &old.replaced_by {
                if !ancestors.contains(other) {
                    ld.fail(
                        &new.label,
                        &format!("id = \"{id}\""),
                        format!(
                            "{kind} `{id}` is replaced both by pack `{other}` ({}) and by pack `{}`",
                            old.label, new.pack
                        ),
                        "two packs that do not extend one another cannot replace the same item; load only one, or make one extend the other",
                    );
                    return;
                }
            }
            if old.replaced_by.is_none() && !ancestors.contains(&old.pack) {
                ld.fail(
                    &new.label,
                    &format!("id = \"{id}\""),
                    format!(
                        "{kind} `{id}` comes from pack `{}` ({}), which `{}` does not extend",
                        old.pack, old.label, new.pack
                    ),
                    "a pack may replace only items of the packs it extends; add it to extends",
                );
                return;
            }
            new.replaced_by = Some(new.pack.clone());
            items[k] = new;
        }
        Some(k) => ld.fail(
            &new.label,
            &format!("id = \"{id}\""),
            format!("{kind} `{id}` is already defined in {}", items[k].label),
            "add replace = true to replace it, or choose another id",
        ),
        None if replace => ld.fail(
            &new.label,
            &format!("id = \"{id}\""),
            format!("{kind} `{id}` says replace = true, but no earlier pack defines it"),
            "remove replace = true",
        ),
        None => items.push(new),
    }
}

/// Takes the items with these ids out.
fn remove<T>(
    ld: &mut Loader,
    label: &str,
    kind: &str,
    ids: &[String],
    items: &mut Vec<Placed<T>>,
    id_of: impl Fn(&T) -> &String,
) {
    for id in ids {
        let before = items.len();
        items.retain(|x| id_of(&x.item) != id);
        if items.len() == before {
            ld.fail_in_list(
                (label, &format!("remove.{kind}s"), id),
                format!("[remove] names {kind} `{id}`, which no earlier pack defines"),
                "check the id; `weft doc content` lists them",
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::deep_merge;

    fn table(text: &str) -> toml::Table {
        text.parse().expect("test TOML")
    }

    #[test]
    fn arrays_of_tables_with_ids_merge_by_id_and_other_arrays_replace() {
        let mut base = table(
            "steps = [1, 2]\n[[counters]]\nid = \"coins\"\nname = \"Coins\"\n[[counters]]\nid = \"vp\"\nname = \"VP\"\nmin = 0\n",
        );
        let over = table(
            "steps = [3]\n[[counters]]\nid = \"vp\"\nmin = -5\n[[counters]]\nid = \"load\"\nname = \"Load\"\n",
        );
        deep_merge(&mut base, over);
        let ids: Vec<&str> = base["counters"]
            .as_array()
            .expect("an array")
            .iter()
            .map(|c| c["id"].as_str().expect("an id"))
            .collect();
        assert_eq!(
            ids,
            ["coins", "vp", "load"],
            "a new id is appended, an old one kept in place"
        );
        assert_eq!(
            base["counters"][1]["min"].as_integer(),
            Some(-5),
            "merged key by key"
        );
        assert_eq!(
            base["counters"][1]["name"].as_str(),
            Some("VP"),
            "keys not given are kept"
        );
        assert_eq!(
            base["steps"].as_array().map(Vec::len),
            Some(1),
            "arrays without ids replace"
        );
    }

    #[test]
    fn an_id_written_twice_in_one_layer_stays_twice() {
        let mut base = table("[[zones]]\nid = \"box\"\n");
        deep_merge(
            &mut base,
            table("[[zones]]\nid = \"bag\"\n[[zones]]\nid = \"bag\"\n"),
        );
        assert_eq!(
            base["zones"].as_array().map(Vec::len),
            Some(3),
            "box, bag, bag"
        );
    }

    #[test]
    fn an_array_whose_entries_lack_ids_replaces_the_earlier_one() {
        let mut base = table("[[setup]]\nplayers = 2\n[[setup]]\nplayers = 3\n");
        deep_merge(&mut base, table("[[setup]]\nplayers = 4\n"));
        assert_eq!(base["setup"].as_array().map(Vec::len), Some(1));
    }
}
