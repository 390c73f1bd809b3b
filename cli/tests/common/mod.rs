//! Running the `weft` binary from the CLI tests.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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

/// Runs `weft args` at the repository root, killing it after `limit`: the exit code
/// (`None` if it was killed), stdout and stderr (read as it runs, so a full pipe never
/// blocks it).
#[allow(dead_code)] // not every test binary needs a time limit
pub fn weft_within(args: &[&str], limit: Duration) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_weft"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("weft runs");
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_string(&mut text);
            }
            text
        })
    };
    let out = drain(child.stdout.take().map(|p| Box::new(p) as _));
    let err = drain(child.stderr.take().map(|p| Box::new(p) as _));
    let started = Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break status.code();
        }
        if started.elapsed() > limit {
            child.kill().expect("kills");
            child.wait().expect("waits");
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    (code, out.join().unwrap(), err.join().unwrap())
}
