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
