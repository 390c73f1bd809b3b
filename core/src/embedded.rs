//! Every pack of the repository's `content/` folder (the base game, Cabriole, the
//! examples and variants) and the shared script library, embedded in the binary so an
//! installed `weft` runs any of them from any folder, by name.

use include_dir::{include_dir, Dir};

use crate::content::{ContentError, PackFiles};

static CONTENT: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/../content");
static LIBRARY: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/../scripts");

/// The files under `dir`, with paths relative to `root`.
fn collect(dir: &Dir<'_>, root: &std::path::Path, out: &mut Vec<(String, Vec<u8>)>) {
    for f in dir.files() {
        let path = f.path().strip_prefix(root).unwrap_or(f.path());
        out.push((
            path.to_string_lossy().replace('\\', "/"),
            f.contents().to_vec(),
        ));
    }
    for d in dir.dirs() {
        collect(d, root, out);
    }
}

fn pack(origin: &str, dir: &Dir<'_>) -> Result<PackFiles, Vec<ContentError>> {
    let mut files = Vec::new();
    collect(dir, dir.path(), &mut files);
    PackFiles::from_bytes(origin, files)
}

/// The folders of `dir` (itself included) that hold a `pack.toml`, in path order.
fn pack_dirs<'a>(dir: &'a Dir<'a>, out: &mut Vec<&'a Dir<'a>>) {
    if dir.get_file(dir.path().join("pack.toml")).is_some() {
        out.push(dir);
        return;
    }
    let mut subdirs: Vec<&Dir<'_>> = dir.dirs().collect();
    subdirs.sort_by_key(|d| d.path());
    for d in subdirs {
        pack_dirs(d, out);
    }
}

/// Every embedded pack, with its path under `content/` (`tabriz`, `variants/short-game`),
/// in path order. A folder whose files fail the checks (a stray binary file left in
/// `content/`) is left out, not a reason to stop: `weft packs` then does not list it, and
/// the test that every pack of the repository is listed fails.
pub fn packs() -> Vec<(String, PackFiles)> {
    let mut dirs = Vec::new();
    pack_dirs(&CONTENT, &mut dirs);
    dirs.into_iter()
        .filter_map(|d| {
            let at = d.path().to_string_lossy().replace('\\', "/");
            let files = pack(&format!("<built-in {at}>"), d).ok()?;
            Some((at, files))
        })
        .collect()
}

/// The base Tabriz pack as embedded at build time.
pub fn base_pack() -> PackFiles {
    let dir = CONTENT
        .get_dir("tabriz")
        .expect("content/tabriz is embedded");
    pack("<built-in tabriz>", dir).expect("the embedded base pack passes the file checks")
}

/// The shared script library (`scripts/`) as embedded at build time.
pub fn library() -> PackFiles {
    pack("<embedded scripts>", &LIBRARY).expect("the embedded library passes the file checks")
}
