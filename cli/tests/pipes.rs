//! Issue 10, class 11: a reader that stops reading (`weft state | head -c 10`) ends weft
//! quietly, for every command that prints: no panic message, killed by SIGPIPE as `cat`
//! and `grep` are (a shell shows exit status 141), or exit 0.
#![cfg(unix)]

use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs `weft args` at the repository root with its stdout closed before it writes, and
/// checks that it ends within 120 s, quietly.
fn closed_pipe(args: &[&str]) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_weft"))
        .args(args)
        .current_dir(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("weft runs");
    // The reader goes away at once, as `head` does once it has its lines.
    drop(child.stdout.take());
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(120) {
            child.kill().ok();
            panic!("weft {args:?} still running after 120 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(!err.contains("panicked"), "weft {args:?}:\n{err}");
    assert!(
        status.success() || status.signal() == Some(SIGPIPE),
        "weft {args:?}: {status}\n{err}"
    );
}

/// SIGPIPE's number on Linux, macOS and the BSDs.
const SIGPIPE: i32 = 13;

#[test]
fn every_printing_command_ends_quietly_on_a_closed_pipe() {
    let scratch = tempfile::Builder::new()
        .prefix("weft-pipes-")
        .tempdir()
        .unwrap();
    let out = scratch.path().join("games.jsonl");
    let out_arg = out.display().to_string();
    let sim = ["sim", "--games", "4", "--players", "2"];
    let (code, _, _) = run(&[&sim[..], &["--out", &out_arg]].concat());
    assert_eq!(code, 0);
    for args in [
        &["state", "--players", "2", "--seed", "1", "--json"][..],
        &["doc", "content"],
        &["doc", "lua-api"],
        &[&sim[..], &["--json"]].concat(),
        &sim,
        &["merge", &out_arg, "--json"],
        &["check", "--games", "2", "--json"],
        &["check", "--games", "2"],
        &["test", "--pack", "content/examples/silk-road", "--json"],
        &["--help"],
    ] {
        closed_pipe(args);
    }
    std::fs::remove_file(&out).ok();
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_weft"))
        .args(args)
        .current_dir(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")))
        .output()
        .expect("weft runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}
