//! Resolving the merged pack into the parts of [`Content`](super::Content), one
//! function per section of a pack: game parameters and materials ([`game`]), counters
//! ([`counters`]), tracks ([`tracks`]), setup ([`setup`]), tiles ([`tiles`]), the board
//! with its areas ([`board`]), decks ([`decks`]), deals ([`deals`]), bots ([`bots`]),
//! the `[report]` card values ([`cards`]), `[score]` ([`score`]) and `[end]` ([`end`]).
//! `load.rs` calls them in order; `[flow]` and the zones and cards have modules of
//! their own. Each records its problems in the [`Loader`], with the file
//! and line they were written at.

pub(super) mod board;
pub(super) mod bots;
pub(super) mod cards;
pub(super) mod counters;
pub(super) mod deals;
pub(super) mod decks;
pub(super) mod dice;
pub(super) mod end;
pub(super) mod game;
pub(super) mod layout;
pub(super) mod markers;
pub(super) mod payment;
pub(super) mod score;
pub(super) mod setup;
pub(super) mod tiles;
pub(super) mod tracks;

use std::collections::BTreeMap;

use super::diagnostics::Loader;
use super::raw::ScriptToml;
use super::{check_relative_path, Module, ScriptRef};

/// Whether `id` may name a material, die, deck, slot, tile or card: `Err` says why not.
pub(crate) fn check_id(id: &str) -> Result<(), &'static str> {
    if id.is_empty() || id.len() > 64 {
        return Err("must be 1 to 64 characters long");
    }
    if !id
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
    {
        return Err("holds a character that ids may not contain");
    }
    Ok(())
}

/// Resolves a `behaviour` string to a module name: `weft.shop` as is, `tiles/x.lua` as
/// `tiles.x`. Paths are checked so they cannot leave the pack.
pub(super) fn module_name(behaviour: &str) -> Result<String, String> {
    if let Some(stem) = behaviour.strip_suffix(".lua") {
        check_relative_path(behaviour)?;
        Ok(stem.replace('/', "."))
    } else if behaviour.contains(['/', '\\']) {
        Err(format!(
            "`{behaviour}` is neither a module name nor a .lua path"
        ))
    } else if behaviour.split('.').any(|p| p.is_empty()) {
        Err(format!("`{behaviour}` is not a valid module name"))
    } else {
        Ok(behaviour.to_string())
    }
}

/// The pack's Lua modules, to resolve the `behaviour` of a tile, card, unlock or area.
pub(super) struct Scripts<'a> {
    /// Every Lua module, the library's included.
    pub modules: &'a BTreeMap<String, Module>,
}

impl Scripts<'_> {
    /// `s` as a [`ScriptRef`] declared in `file`, recording an error when its
    /// behaviour names no module of the pack.
    pub fn script_ref(&self, ld: &mut Loader, s: &ScriptToml, file: &str) -> ScriptRef {
        let module = match module_name(&s.behaviour) {
            Ok(m) => m,
            Err(e) => {
                ld.fail(
                    file,
                    &s.behaviour,
                    e,
                    "name a module such as weft.shop, or a relative path such as tiles/x.lua",
                );
                String::new()
            }
        };
        if !module.is_empty() && !self.modules.contains_key(&module) {
            ld.fail(
                file,
                &s.behaviour,
                format!(
                    "behaviour `{}` names no Lua module in the pack or scripts/",
                    s.behaviour
                ),
                "check the spelling; library modules are named like weft.shop",
            );
        }
        ScriptRef {
            module,
            params: s.params.clone(),
            text: s.text.clone(),
            declared_in: file.to_string(),
        }
    }
}
