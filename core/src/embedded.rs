//! The base pack and the shared script library, embedded in the binary so an installed
//! `weft` works anywhere.

use include_dir::{include_dir, Dir};

use crate::content::{ContentError, PackFiles};

static BASE_PACK: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/../content/tabriz");
static LIBRARY: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/../scripts");

fn collect(dir: &Dir<'_>, out: &mut Vec<(String, Vec<u8>)>) {
    for f in dir.files() {
        out.push((
            f.path().to_string_lossy().replace('\\', "/"),
            f.contents().to_vec(),
        ));
    }
    for d in dir.dirs() {
        collect(d, out);
    }
}

fn pack(origin: &str, dir: &Dir<'_>) -> Result<PackFiles, Vec<ContentError>> {
    let mut files = Vec::new();
    collect(dir, &mut files);
    PackFiles::from_bytes(origin, files)
}

/// The base Tabriz pack as embedded at build time.
pub fn base_pack() -> PackFiles {
    pack("<embedded tabriz>", &BASE_PACK).expect("the embedded base pack passes the file checks")
}

/// The shared script library (`scripts/`) as embedded at build time.
pub fn library() -> PackFiles {
    pack("<embedded scripts>", &LIBRARY).expect("the embedded library passes the file checks")
}
