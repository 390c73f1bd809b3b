//! The checks of what weft reads back from files it wrote (game records, replays):
//! bounded names, hex digests, a plausible pack chain, bounded texts. A file weft did
//! not write must not make a report panic or allocate without bound. Below `sim` and
//! `replay`, which both use them.

use crate::content::PackInfo;

/// Largest `run_games` a record may claim (a million games a day for 2,700 years); a
/// bigger number is not a run weft played.
pub const MAX_RUN_GAMES: u64 = 1_000_000_000_000;
/// Most seats a record may list (the engine's player count is a `u8`).
pub const MAX_SEATS: usize = u8::MAX as usize;
/// Most packs in a record's chain.
pub const MAX_PACKS: usize = 256;
/// Longest id, bot name, pack name, digest or end cause in a record, in bytes.
pub const MAX_NAME: usize = 256;
/// Longest error text or error site in a record, in bytes.
pub const MAX_ERROR: usize = 1 << 20;

/// `Err` unless `text` is a plausible name: 1 to [`MAX_NAME`] bytes, no control character.
pub fn check_name(what: &str, text: &str) -> Result<(), String> {
    if text.is_empty() || text.len() > MAX_NAME {
        return Err(format!(
            "{what} is {} bytes long (1 to {MAX_NAME} allowed)",
            text.len()
        ));
    }
    if text.chars().any(char::is_control) {
        return Err(format!("{what} {text:?} contains a control character"));
    }
    Ok(())
}

/// `Err` unless `text` is lowercase hex of 1 to [`MAX_NAME`] digits (a digest or hash).
pub fn check_hex(what: &str, text: &str) -> Result<(), String> {
    let hex = |c: char| c.is_ascii_digit() || ('a'..='f').contains(&c);
    if text.is_empty() || text.len() > MAX_NAME || !text.chars().all(hex) {
        return Err(format!(
            "{what} {:?} is not a lowercase hex digest",
            text.chars().take(40).collect::<String>()
        ));
    }
    Ok(())
}

/// `Err` unless a file's pack chain and content digest are plausible: 1 to
/// [`MAX_PACKS`] packs, each with a name, a version and a hex digest (records and
/// replays both carry one).
pub fn check_chain(packs: &[PackInfo], digest: &str) -> Result<(), String> {
    if packs.is_empty() || packs.len() > MAX_PACKS {
        return Err(format!(
            "it lists {} packs (1 to {MAX_PACKS} allowed)",
            packs.len()
        ));
    }
    for p in packs {
        check_name("a pack name", &p.name)?;
        check_name(&format!("the version of pack {}", p.name), &p.version)?;
        check_hex(&format!("the digest of pack {}", p.name), &p.digest)?;
    }
    check_hex("the content digest", digest)
}

/// `Err` unless `text` is at most [`MAX_ERROR`] bytes.
pub fn check_text(what: &str, text: &str) -> Result<(), String> {
    if text.len() > MAX_ERROR {
        return Err(format!(
            "{what} is {} bytes long (at most {MAX_ERROR} allowed)",
            text.len()
        ));
    }
    Ok(())
}
