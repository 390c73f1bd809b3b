//! Digests of packs' files, for replays and records to name the content they were made
//! with. Below the loader and the layering, which both use it.

use sha2::{Digest, Sha256};

use super::PackFiles;

/// Digest of one pack's files.
pub(super) fn digest_files(name: &str, files: &PackFiles) -> String {
    let mut h = Sha256::new();
    h.update(name.as_bytes());
    for (path, text) in &files.files {
        h.update((path.len() as u64).to_le_bytes());
        h.update(path.as_bytes());
        h.update((text.len() as u64).to_le_bytes());
        h.update(text.as_bytes());
    }
    hex(&h.finalize()[..16])
}

/// Lower-case hex of bytes.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
