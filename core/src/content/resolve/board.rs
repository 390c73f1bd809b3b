//! `board.toml`: the slots and the paths between them (with every distance), the start
//! of `[movement]`, the tiles each slot kind needs, the `[[areas]]` of worker placement,
//! and `[placement]` of `game.toml`.

use std::collections::{BTreeMap, VecDeque};

use crate::content::diagnostics::Loader;
use crate::content::raw::{AreaToml, BoardToml, GameToml, PlacementToml, ScriptToml};
use crate::content::{Area, AreaId, Board, Placement, Slot, SlotId, Space, Tile, TileId};

use super::{check_id, Scripts};

/// The most slots a board may have (distances take slots² entries).
const MAX_SLOTS: usize = 4096;

/// The board, and the slot pieces start on.
pub(in crate::content) fn resolve(
    ld: &mut Loader,
    (gf, bf): (&str, &str),
    game: &GameToml,
    board: &BoardToml,
    tiles: &[Tile],
    scripts: &Scripts,
    counters: &[crate::content::Counter],
) -> (Board, SlotId) {
    let mut slots = Vec::new();
    for s in &board.slots {
        if slots.iter().any(|x: &Slot| x.id == s.id) {
            ld.fail_in_entry(
                (bf, "slots", &s.id),
                Some("id"),
                &s.id,
                format!("slot `{}` is defined twice", s.id),
                "",
            );
        }
        let fixed_tile = s.tile.as_ref().and_then(|id| {
            let found = tiles.iter().position(|t| &t.id == id).map(|i| i as TileId);
            if found.is_none() {
                ld.fail_in_entry(
                    (bf, "slots", &s.id),
                    Some("tile"),
                    id,
                    format!("slot `{}` names unknown tile `{id}`", s.id),
                    "",
                );
            }
            found
        });
        slots.push(Slot {
            id: s.id.clone(),
            kind: s.kind.clone(),
            pos: s.pos,
            fixed_tile,
            declared_at: ld.locate(bf, &format!("id = \"{}\"", s.id)),
        });
    }
    let n = slots.len();
    if (n == 0 && (game.pieces > 0 || !tiles.is_empty())) || n > MAX_SLOTS {
        ld.fail(
            bf,
            "[[slots]]",
            format!("a board needs between 1 and {MAX_SLOTS} slots, not {n}"),
            "",
        );
    }
    let slot_of = |id: &str| slots.iter().position(|s| s.id == id);
    let mut neighbours = vec![Vec::new(); n];
    let mut routes: Vec<crate::content::Route> = Vec::new();
    let mut declared: std::collections::BTreeSet<(SlotId, SlotId)> = Default::default();
    for (k, p) in board.paths.iter().enumerate() {
        // The file of the layer that added the path, and the path's place among that
        // file's [[paths]], so its line can be found.
        let file = if p.declared_in.is_empty() {
            bf
        } else {
            p.declared_in.as_str()
        };
        let in_file = board.paths[..k]
            .iter()
            .filter(|q| q.declared_in == p.declared_in)
            .count();
        match (slot_of(&p.a), slot_of(&p.b)) {
            (Some(a), Some(b)) if a != b => {
                if !neighbours[a].contains(&(b as SlotId)) {
                    neighbours[a].push(b as SlotId);
                    neighbours[b].push(a as SlotId);
                }
                let mut amounts = |what: &str, raw: &BTreeMap<String, u32>| {
                    crate::content::resolve::counters::counter_amounts(counters, raw, |name| {
                        ld.fail_at_entry(
                            (file, "paths", in_file),
                            Some(&format!("{what}.{name}")),
                            name,
                            format!(
                                "path `{}`–`{}`: its {what} names `{name}`, which is not a counter",
                                p.a, p.b
                            ),
                            &format!(
                                "counters are: {}",
                                crate::content::resolve::counters::counter_list(counters)
                            ),
                        )
                    })
                };
                let cost = amounts("cost", &p.cost);
                let requires = amounts("requires", &p.requires);
                let ends = (a.min(b) as SlotId, a.max(b) as SlotId);
                let again = !declared.insert(ends);
                if again
                    && (!cost.is_empty()
                        || !requires.is_empty()
                        || routes.iter().any(|r| r.ends == ends))
                {
                    ld.fail_at_entry(
                        (file, "paths", in_file),
                        None,
                        &p.a,
                        format!(
                            "path `{}`–`{}` is declared twice, and a travel's cost or requirement depends on which",
                            p.a, p.b
                        ),
                        "declare each path once",
                    );
                } else if !cost.is_empty() || !requires.is_empty() {
                    if routes.iter().any(|r| r.ends == ends) {
                        ld.fail_at_entry(
                            (file, "paths", in_file),
                            None,
                            &p.a,
                            format!(
                                "path `{}`–`{}` is given a cost or requirement twice",
                                p.a, p.b
                            ),
                            "declare each path once",
                        );
                    } else {
                        routes.push(crate::content::Route {
                            ends,
                            cost,
                            requires,
                        });
                    }
                }
            }
            (Some(_), Some(_)) => ld.fail_at_entry(
                (file, "paths", in_file),
                Some("b"),
                &p.a,
                format!("path from `{}` to itself", p.a),
                "",
            ),
            (a, _) => {
                let (key, bad) = if a.is_none() {
                    ("a", &p.a)
                } else {
                    ("b", &p.b)
                };
                ld.fail_at_entry(
                    (file, "paths", in_file),
                    Some(key),
                    bad,
                    format!("path names unknown slot `{bad}`"),
                    "",
                );
            }
        }
    }
    // Distances are computed only for a board within the cap: an oversized one is an
    // error above, and n * n entries of it could exhaust memory.
    let measured = if n <= MAX_SLOTS { n } else { 0 };
    let mut distance = vec![u16::MAX; measured * measured];
    for start in 0..measured {
        let mut queue = VecDeque::from([start]);
        distance[start * n + start] = 0;
        while let Some(cur) = queue.pop_front() {
            let d = distance[start * n + cur];
            for &nb in &neighbours[cur] {
                let nb = nb as usize;
                if distance[start * n + nb] == u16::MAX {
                    distance[start * n + nb] = d + 1;
                    queue.push_back(nb);
                }
            }
        }
    }
    let start_slot = match &game.movement {
        None if game.pieces > 0 => {
            ld.fail(
                gf,
                "pieces",
                "the players have pieces but the game has no [movement]",
                "add [movement] with free_kind and start, or set pieces = 0",
            );
            0
        }
        None => 0,
        Some(m) => match slot_of(&m.start) {
            Some(i) => i as SlotId,
            None => {
                ld.fail_key(
                    "movement.start",
                    (gf, &m.start),
                    format!("movement.start names unknown slot `{}`", m.start),
                    "",
                );
                0
            }
        },
    };
    // Every slot kind needs enough tiles of that kind.
    let mut kinds: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for s in &slots {
        if s.fixed_tile.is_none() {
            kinds.entry(&s.kind).or_default().0 += 1;
        }
    }
    for t in tiles {
        if !slots
            .iter()
            .any(|s| s.fixed_tile.is_some_and(|f| tiles[f as usize].id == t.id))
        {
            if let Some(k) = kinds.get_mut(t.kind.as_str()) {
                k.1 += 1;
            }
        }
    }
    // A tile file that failed to load is missing from the count: its error above is the
    // cause, so the board (maybe another pack's file) is not blamed as well.
    let tile_failed = ld
        .errors()
        .iter()
        .any(|e| e.file.contains("/tiles/") && e.file.ends_with(".toml"));
    for (kind, (need, have)) in &kinds {
        if have < need && !tile_failed {
            // At the first slot of that kind.
            let first = board
                .slots
                .iter()
                .find(|s| &s.kind == kind)
                .map(|s| s.id.as_str());
            ld.fail_in_entry(
                (bf, "slots", first.unwrap_or_default()),
                Some("kind"),
                &format!("\"{kind}\""),
                format!("the board has {need} `{kind}` slots but the pack has {have} unfixed `{kind}` tiles"),
                "add tiles of that kind or remove slots",
            );
        }
    }

    let areas = resolve_areas(ld, &board.areas, bf, scripts);
    let mut resolve_order: Vec<AreaId> = (0..areas.len() as AreaId).collect();
    // A stable sort: ties resolve in declaration order (C-RES-1).
    resolve_order.sort_by_key(|&a| areas[a as usize].resolve_order);
    routes.sort_by_key(|r| r.ends);
    let board = Board {
        slots,
        neighbours,
        distance,
        areas,
        resolve_order,
        routes,
    };
    (board, start_slot)
}

/// The most spaces an area may have.
const MAX_SPACES: usize = 64;
/// The most areas a board may have.
const MAX_AREAS: usize = 1000;
/// The most workers a player may place.
const MAX_WORKERS: u32 = 64;

/// `[[areas]]` of `board.toml` (C-QUEUE-1..3): ids, spaces and their player counts,
/// behaviour. Every problem is recorded with its file and line.
fn resolve_areas(
    ld: &mut Loader,
    raw: &[AreaToml],
    board_label: &str,
    scripts: &Scripts,
) -> Vec<Area> {
    let mut areas: Vec<Area> = Vec::new();
    if raw.len() > MAX_AREAS {
        ld.fail(
            board_label,
            "[[areas]]",
            format!(
                "the board declares {} areas; weft takes at most {MAX_AREAS}",
                raw.len()
            ),
            "",
        );
        return areas;
    }
    let mut in_file: BTreeMap<String, usize> = BTreeMap::new();
    for a in raw {
        let file = if a.declared_in.is_empty() {
            board_label.to_string()
        } else {
            a.declared_in.clone()
        };
        let k = {
            let n = in_file.entry(file.clone()).or_default();
            *n += 1;
            *n - 1
        };
        let id_needle = "id";
        if let Err(problem) = check_id(&a.id) {
            ld.fail_in_area(
                &file,
                k,
                Some(id_needle),
                format!("area id `{}` {problem}", a.id.escape_debug()),
                "ids are 1 to 64 letters, digits, `_`, `-` or `.`",
            );
        }
        if areas.iter().any(|x| x.id == a.id) {
            ld.fail_in_area(
                &file,
                k,
                Some(id_needle),
                format!("area `{}` is defined twice", a.id),
                "give every area its own id",
            );
        }
        if a.spaces.is_empty() {
            ld.fail_in_area(
                &file,
                k,
                Some("spaces"),
                format!(
                    "area `{}` has no spaces: no worker could ever be placed in it",
                    a.id
                ),
                "give it spaces, e.g. spaces = [ {}, {}, { min_players = 3 } ]",
            );
        }
        if a.spaces.len() > MAX_SPACES {
            ld.fail_in_area(
                &file,
                k,
                Some("spaces"),
                format!(
                    "area `{}` has {} spaces; weft takes at most {MAX_SPACES}",
                    a.id,
                    a.spaces.len()
                ),
                "",
            );
        }
        let mut spaces = Vec::new();
        if a.min_players.is_some_and(|m| !(1..=8).contains(&m)) {
            ld.fail_in_area(
                &file,
                k,
                Some("min_players"),
                format!("area `{}`: min_players is not a player count", a.id),
                "player counts are 1 to 8",
            );
        }
        for (i, sp) in a.spaces.iter().enumerate() {
            let min = sp.min_players.unwrap_or(1);
            let what = format!("area `{}`, space {}", a.id, i + 1);
            let mut bad = |key: &str, message: String| {
                ld.fail_in_area(
                    &file,
                    k,
                    Some(&format!("spaces.{i}.{key}")),
                    message,
                    "player counts are 1 to 8; min_players may not be above max_players",
                )
            };
            if !(1..=8).contains(&min) {
                bad(
                    "min_players",
                    format!("{what}: min_players = {min} is not a player count"),
                );
            }
            if let Some(max) = sp.max_players {
                if !(1..=8).contains(&max) {
                    bad(
                        "max_players",
                        format!("{what}: max_players = {max} is not a player count"),
                    );
                } else if max < min {
                    bad(
                        "max_players",
                        format!(
                            "{what}: max_players = {max} is below min_players = {min}: the space is never usable"
                        ),
                    );
                }
            }
            spaces.push(Space {
                min_players: min.max(a.min_players.unwrap_or(1)),
                max_players: sp.max_players,
            });
        }
        let script = match &a.behaviour {
            Some(b) => Some(scripts.script_ref(
                ld,
                &ScriptToml {
                    behaviour: b.clone(),
                    params: a.params.clone(),
                    text: a.text.clone(),
                },
                &file,
            )),
            None => {
                if !a.params.is_empty() {
                    ld.fail_in_area(
                        &file,
                        k,
                        Some("params"),
                        format!("area `{}` has params but no behaviour to hand them to", a.id),
                        "add behaviour = \"module\" (a Lua module with the area's options and resolve hooks), or remove params",
                    );
                }
                None
            }
        };
        let declared_at = ld.locate_area(&file, k, &a.id);
        areas.push(Area {
            id: a.id.clone(),
            name: a.name.clone().unwrap_or_else(|| a.id.clone()),
            resolve_order: a.resolve_order,
            exclusive_per_player: a.exclusive_per_player,
            min_players: a.min_players.unwrap_or(1),
            script,
            spaces,
            declared_at,
        });
    }
    areas
}

/// `[placement]` of `game.toml`: workers per player, 1 to [`MAX_WORKERS`], and per
/// player count.
pub(in crate::content) fn placement(
    ld: &mut Loader,
    p: &PlacementToml,
    game_label: &str,
) -> Placement {
    let help = format!("workers are whole numbers from 1 to {MAX_WORKERS}");
    if !(1..=MAX_WORKERS).contains(&p.workers) {
        ld.fail(
            game_label,
            "workers",
            format!("[placement] workers = {}: {help}", p.workers),
            "",
        );
    }
    let mut by_players = BTreeMap::new();
    for (count, &n) in &p.by_players {
        match count.parse::<u8>().ok().filter(|c| (1..=8).contains(c)) {
            Some(c) => {
                by_players.insert(c, n.min(MAX_WORKERS) as u8);
            }
            None => ld.fail(
                game_label,
                "by_players",
                format!("[placement] by_players: `{count}` is not a player count"),
                "write by_players = { 2 = 6 } (player counts are 1 to 8)",
            ),
        }
        if !(1..=MAX_WORKERS).contains(&n) {
            ld.fail(
                game_label,
                "by_players",
                format!("[placement] by_players: {count} = {n}: {help}"),
                "",
            );
        }
    }
    Placement {
        workers: p.workers.min(MAX_WORKERS) as u8,
        by_players,
    }
}
