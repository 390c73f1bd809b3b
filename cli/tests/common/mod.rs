//! Running the `weft` binary from the CLI tests.

use std::path::Path;
use std::process::Command;

/// Runs `weft args` in `dir`; returns the exit code, stdout and stderr.
pub fn weft_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_weft"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("weft runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// Runs `weft args` at the repository root.
#[allow(dead_code)] // not every test binary runs at the root
pub fn weft(args: &[&str]) -> (i32, String, String) {
    weft_in(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")), args)
}

/// Copies a folder tree (a pack to edit in a test).
#[allow(dead_code)] // not every test binary copies packs
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}
