//! The game parameters of `game.toml`: the limits a pack asks for, its materials and
//! dice, its pieces, and the ids that go into option keys.

use super::check_id;
use crate::content::diagnostics::{EntryKey, Loader};
use crate::content::raw::GameToml;
use crate::content::{DieKind, MatId, Material};

/// `[[materials]]`, checking their number and the limits the pack asks for
/// (`instruction_budget`, `memory_limit_mb`).
pub(in crate::content) fn materials(ld: &mut Loader, gf: &str, game: &GameToml) -> Vec<Material> {
    let materials: Vec<Material> = game
        .materials
        .iter()
        .map(|m| Material {
            id: m.id.clone(),
            name: m.name.clone(),
            value: m.value,
        })
        .collect();
    if materials.len() > 64 {
        ld.fail(gf, "[[materials]]", "a game has at most 64 materials", "");
    }
    if game.instruction_budget == Some(0) {
        ld.fail(
            gf,
            "instruction_budget",
            "instruction_budget = 0 would stop every hook at once",
            "a pack may lower the budget weft runs it under (give at least 1), never raise it; the user raises it with --budget",
        );
    }
    if game.memory_limit_mb == Some(0) {
        ld.fail(
            gf,
            "memory_limit_mb",
            "memory_limit_mb = 0 is not \"no cap\": a pack may only lower the memory cap",
            "give at least 1 (MiB), or leave it out to use the cap weft runs under (--memory-mb)",
        );
    }
    materials
}

/// The index of material `id`.
pub(in crate::content) fn material_id(materials: &[Material], id: &str) -> Option<MatId> {
    materials
        .iter()
        .position(|m| m.id == id)
        .map(|i| i as MatId)
}

/// The material ids, for help texts.
pub(in crate::content) fn material_list(materials: &[Material]) -> String {
    materials
        .iter()
        .map(|m| m.id.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `[[dice]]`, each face a material.
pub(in crate::content) fn dice(
    ld: &mut Loader,
    gf: &str,
    game: &GameToml,
    materials: &[Material],
) -> Vec<DieKind> {
    let mut dice = Vec::new();
    for (k, d) in game.dice.iter().enumerate() {
        let mut faces = Vec::new();
        for f in &d.faces {
            match material_id(materials, f) {
                Some(m) => faces.push(m),
                None => ld.fail_entry(
                    EntryKey {
                        array: "dice",
                        k,
                        key: Some("faces"),
                    },
                    (gf, f),
                    format!("die `{}` has unknown material `{f}`", d.id),
                    &format!("materials are: {}", material_list(materials)),
                ),
            }
        }
        if d.faces.is_empty() {
            ld.fail_entry(
                EntryKey {
                    array: "dice",
                    k,
                    key: Some("faces"),
                },
                (gf, &d.id),
                format!("die `{}` has no faces", d.id),
                "",
            );
        }
        dice.push(DieKind {
            id: d.id.clone(),
            faces,
        });
    }
    dice
}

/// `pieces`: 0 to 8 per player.
pub(in crate::content) fn pieces(ld: &mut Loader, gf: &str, game: &GameToml) {
    if game.pieces > 8 {
        ld.fail(gf, "pieces", "pieces must be between 0 and 8", "");
    }
}

/// Every id that goes into option keys (`move:a:b`, `fulfil:c07`) and answers, as
/// (file, what, id): a `:` or a space in one would let two options share a key, so each
/// must pass [`check_id`].
pub(in crate::content) fn check_ids<'a>(
    ld: &mut Loader,
    ids: impl Iterator<Item = (&'a str, &'static str, &'a str)>,
) {
    for (file, what, id) in ids {
        if let Err(problem) = check_id(id) {
            let file = file.to_string();
            ld.fail(
                &file,
                &format!("id = \"{id}\""),
                format!("{what} id `{}` {problem}", id.escape_debug()),
                "ids are 1 to 64 letters, digits, `_`, `-` or `.`",
            );
        }
    }
}
