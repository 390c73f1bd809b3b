//! weft-core: a rules engine for Tabriz whose tiles and cards are Lua content.
//!
//! Start at [`engine::Engine`]: load content with [`load`], create an engine with
//! [`engine::Engine::with_lua`], set up a game with `new_game`, then read
//! [`state::GameState::decision`] and answer with `apply` until the game is over.
//! `docs/architecture.md` maps the modules.

pub mod ablate;
pub mod agent;
pub mod bench;
pub mod check;
pub mod compare;
pub mod content;
pub mod decision;
pub mod decks;
pub mod doc;
pub mod doc_bots;
pub mod doc_dice;
pub mod doc_keys;
pub mod effects;
pub mod embedded;
pub mod engine;
pub mod error;
pub mod events;
pub mod file_checks;
pub mod flow;
pub mod limits;
pub mod lint;
pub mod lua;
pub mod markers;
pub mod ops;
pub mod pips;
pub mod powers;
pub mod replay;
pub mod report;
pub mod review;
pub mod scenario;
pub mod shuffle;
pub mod sim;
pub mod state;
pub mod sweep;
pub mod table;
pub mod text;
pub mod view;
pub mod zones;

use std::path::Path;
use std::sync::Arc;

pub use content::Content;
pub use decision::{Answer, Decision};
pub use engine::Engine;
pub use state::GameState;

/// Loads content from pack folders (or the embedded base pack when `packs` is empty),
/// with the shared library from `scripts` (or the embedded one), and checks that every
/// script loads in a VM. Packs the given ones `extends` are found on `pack_path` (see
/// [`read_packs`]). Every problem is reported at once.
pub fn load(
    packs: &[&Path],
    scripts: Option<&Path>,
) -> Result<Arc<Content>, content::ContentErrors> {
    let (files, library) = read_packs(packs, &[], scripts)?;
    load_files(&files, &library)
}

/// Reads packs (or the embedded base pack when `packs` is empty) and the shared
/// library (`scripts`, or the embedded one) into memory, without interpreting them. A
/// pack is a folder, or, when no such folder exists, the name of a pack in the
/// `pack_path` folders (a pack folder, or a folder of pack folders) or built into the
/// binary ([`embedded::packs`]). The packs they `extends` are added before them, found
/// by name the same way.
pub fn read_packs(
    packs: &[&Path],
    pack_path: &[std::path::PathBuf],
    scripts: Option<&Path>,
) -> Result<(Vec<content::PackFiles>, content::PackFiles), content::ContentErrors> {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    if packs.is_empty() {
        files.push(embedded::base_pack());
    }
    let (mut available, unreadable) = content::packs_on_path(pack_path);
    available.extend(embedded::packs().into_iter().map(|(_, p)| p));
    for p in packs {
        if p.is_dir() {
            match content::PackFiles::from_dir(p) {
                Ok(f) => files.push(f),
                Err(e) => errors.extend(e),
            }
        } else {
            match content::pack_named(&available, p) {
                Ok(f) => files.push(f),
                Err(e) => errors.push(e),
            }
        }
    }
    let library = match scripts {
        Some(dir) => content::PackFiles::from_dir(dir).unwrap_or_else(|e| {
            errors.extend(e);
            content::PackFiles::default()
        }),
        None => embedded::library(),
    };
    if !errors.is_empty() {
        return Err(content::ContentErrors(errors));
    }
    // A pack on the path that could not be read is not silently "not found": when the
    // chain fails, say why those folders were passed over.
    let chain = content::resolve_chain(files, available).map_err(|mut e| {
        e.0.extend(unreadable);
        e
    })?;
    Ok((chain, library))
}

/// Loads content from packs already in memory and checks that every script loads in a
/// VM.
pub fn load_files(
    files: &[content::PackFiles],
    library: &content::PackFiles,
) -> Result<Arc<Content>, content::ContentErrors> {
    let content = match content::load_content(files, library) {
        Ok(c) => Arc::new(c),
        Err(mut e) => {
            // The scripts cannot be bound to content that did not load, but their syntax
            // can still be checked: every independent problem in one run.
            e.0.extend(lua::syntax_errors(files, library));
            return Err(e);
        }
    };
    lua::LuaHost::new(Arc::clone(&content))?;
    Ok(content)
}
