//! Output paths, checked before a run starts: a report, a records file or a replay
//! folder that cannot be written is an error up front, not after the games were played
//! and thrown away.

use std::fs::OpenOptions;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by `-q/--quiet`: no progress, no "wrote FILE" or "report: FILE" lines.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Turns status output off (`-q/--quiet`) for the rest of the process.
pub fn set_quiet(on: bool) {
    QUIET.store(on, Ordering::Relaxed);
}

/// Whether `-q/--quiet` is on: results and errors still print, progress and status
/// lines do not.
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// Prints a status line (a file written) on stdout unless `-q/--quiet` is on.
pub fn status(line: &str) {
    if !quiet() {
        println!("{line}");
    }
}

/// Checks that `path`, given with `flag`, can be written as a file: it is not a folder,
/// its folder exists, and a file can be created there. An existing file is left as it
/// is; a file made for the check is removed again.
pub fn check_file(flag: &str, path: &Path) -> anyhow::Result<()> {
    if path.is_dir() {
        anyhow::bail!(
            "error: {flag} {} is a folder; give a file name (stopped before the run)",
            path.display()
        );
    }
    let existed = path.exists();
    OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| {
            anyhow::anyhow!(
                "error: {flag} {} cannot be written: {e}; give a path in a folder you can write to (stopped before the run)",
                path.display()
            )
        })?;
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

/// Checks that `dir`, given with `flag`, is a folder files can be written in, making it
/// (and its parents) when it does not exist yet.
pub fn check_dir(flag: &str, dir: &Path) -> anyhow::Result<()> {
    let fail = |e: &dyn std::fmt::Display| {
        anyhow::anyhow!(
            "error: {flag} {} cannot be written: {e}; give a folder you can write to (stopped before the run)",
            dir.display()
        )
    };
    if dir.exists() && !dir.is_dir() {
        return Err(fail(&"it is a file, not a folder"));
    }
    std::fs::create_dir_all(dir).map_err(|e| fail(&e))?;
    let probe = dir.join(format!(".weft-write-check-{}", std::process::id()));
    std::fs::write(&probe, b"").map_err(|e| fail(&e))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_in_a_missing_folder_is_refused_and_nothing_is_left_behind() {
        let root = std::env::temp_dir().join(format!("weft-output-{}", std::process::id()));
        std::fs::create_dir_all(&root).unwrap();
        let ok = root.join("report.html");
        check_file("--report", &ok).unwrap();
        assert!(!ok.exists(), "the check leaves no file behind");
        std::fs::write(&ok, "kept").unwrap();
        check_file("--report", &ok).unwrap();
        assert_eq!(
            std::fs::read_to_string(&ok).unwrap(),
            "kept",
            "not truncated"
        );
        let missing = root.join("no-such-folder").join("report.html");
        let e = check_file("--report", &missing).unwrap_err().to_string();
        assert!(
            e.contains("--report") && e.contains("stopped before the run"),
            "{e}"
        );
        let e = check_file("--out", &root).unwrap_err().to_string();
        assert!(e.contains("is a folder"), "{e}");
        let e = check_dir("--save-failed", &ok).unwrap_err().to_string();
        assert!(e.contains("not a folder"), "{e}");
        let made = root.join("a").join("b");
        check_dir("--save-failed", &made).unwrap();
        assert!(made.is_dir());
        assert_eq!(
            std::fs::read_dir(&made).unwrap().count(),
            0,
            "no probe left"
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
