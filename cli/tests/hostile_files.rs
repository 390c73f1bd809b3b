//! Issue 10, class 4: special files in a pack. Every case runs `weft check` with a time
//! limit, so a regression shows as a failure, never as a hang, and must end with exit
//! code 1 and an error naming the file and the cap. `weft new` never writes through a
//! link or onto a special file.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A fresh folder holding a pack `fan` that extends the base game; returns the folder
/// (run weft there) and the pack folder.
fn fan_pack(case: &str) -> (PathBuf, PathBuf) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-files-{case}"));
    let _ = std::fs::remove_dir_all(&dir);
    let pack = dir.join("fan");
    std::fs::create_dir_all(pack.join("tiles")).unwrap();
    std::fs::write(
        pack.join("pack.toml"),
        "name = \"fan\"\nversion = \"0.1.0\"\nengine = \">=0.1\"\nextends = [\"tabriz\"]\n",
    )
    .unwrap();
    (dir, pack)
}

/// Runs `weft args` in `dir`, killed after 60 seconds (a failure); exit code and stderr.
fn weft_timed(dir: &Path, args: &[&str]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_weft"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("weft runs");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().ok();
            child.wait().ok();
            panic!("weft {args:?} still running after 60 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// `weft check --pack fan` must fail with exit code 1 and say all of `needles`.
fn check_refuses(dir: &Path, needles: &[&str]) {
    let (code, err) = weft_timed(dir, &["check", "--pack", "fan", "--games", "1"]);
    assert_eq!(code, 1, "{err}");
    for n in needles {
        assert!(err.contains(n), "expected `{n}` in:\n{err}");
    }
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success(), "mkfifo {}", path.display());
}

#[test]
fn a_fifo_in_a_pack_is_refused_not_read() {
    let (dir, pack) = fan_pack("fifo");
    mkfifo(&pack.join("tiles/x.lua"));
    check_refuses(
        &dir,
        &[
            "fan/tiles/x.lua",
            "not a regular file (a FIFO): weft reads only regular files",
        ],
    );
}

#[test]
fn a_fifo_in_the_script_library_is_refused_not_read() {
    let (dir, _) = fan_pack("fifo-scripts");
    std::fs::create_dir_all(dir.join("lib/weft")).unwrap();
    mkfifo(&dir.join("lib/weft/shop.lua"));
    let (code, err) = weft_timed(&dir, &["check", "--pack", "fan", "--scripts", "lib"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("lib/weft/shop.lua"), "{err}");
    assert!(err.contains("(a FIFO)"), "{err}");
}

#[test]
fn symbolic_links_are_refused_a_folder_loop_included() {
    let (dir, pack) = fan_pack("links");
    std::os::unix::fs::symlink("/dev/zero", pack.join("tiles/zero.lua")).unwrap();
    std::os::unix::fs::symlink("..", pack.join("tiles/loop")).unwrap();
    check_refuses(
        &dir,
        &[
            "fan/tiles/zero.lua",
            "fan/tiles/loop",
            "symbolic links are not read",
        ],
    );
}

#[test]
fn hard_links_count_toward_the_pack_size_cap() {
    let (dir, pack) = fan_pack("hard-links");
    let notes = pack.join("notes");
    std::fs::create_dir_all(&notes).unwrap();
    let one = notes.join("a.toml");
    std::fs::write(&one, vec![b'#'; 1_000_000]).unwrap();
    for i in 0..40 {
        std::fs::hard_link(&one, notes.join(format!("b{i}.toml"))).unwrap();
    }
    check_refuses(
        &dir,
        &[
            "more than 33554432 bytes together (the cap",
            "once per name",
        ],
    );
}

#[test]
fn the_file_count_is_capped() {
    let (dir, pack) = fan_pack("many-files");
    let many = pack.join("many");
    std::fs::create_dir_all(&many).unwrap();
    for i in 0..10_001 {
        std::fs::write(many.join(format!("f{i}.txt")), "").unwrap();
    }
    check_refuses(&dir, &["fan", "more than 10000 files (the cap)"]);
}

#[test]
fn a_folder_with_too_many_entries_is_not_listed_to_the_end() {
    // Hidden entries are skipped, but still counted while the folder is listed.
    let (dir, pack) = fan_pack("many-entries");
    let many = pack.join("many");
    std::fs::create_dir_all(&many).unwrap();
    for i in 0..11_001 {
        std::fs::write(many.join(format!(".h{i}")), "").unwrap();
    }
    check_refuses(&dir, &["fan/many holds more than 11000 entries"]);
}

#[test]
fn the_folder_count_is_capped() {
    let (dir, pack) = fan_pack("many-folders");
    for i in 0..1_000 {
        std::fs::create_dir_all(pack.join(format!("many/d{i}"))).unwrap();
    }
    check_refuses(&dir, &["more than 1000 folders (the cap)"]);
}

#[test]
fn the_folder_depth_is_capped() {
    let (dir, pack) = fan_pack("deep");
    let mut deep = pack.clone();
    for _ in 0..40 {
        deep.push("d");
    }
    std::fs::create_dir_all(&deep).unwrap();
    check_refuses(&dir, &["is nested more than 16 folders deep (the cap)"]);
}

/// Runs `weft new args` in `dir`: it must refuse with exit code 1, say `needle`, and
/// leave `outside` (a folder outside the pack) and the pack's board.toml as they were.
fn new_refuses(dir: &Path, args: &[&str], needle: &str, outside: &Path) {
    let board = regular_text(&dir.join("fan/board.toml"));
    let before = listing(outside);
    let mut all = vec!["new"];
    all.extend_from_slice(args);
    let (code, err) = weft_timed(dir, &all);
    assert_eq!(code, 1, "{args:?}: {err}");
    assert!(err.contains(needle), "expected `{needle}` in:\n{err}");
    assert_eq!(listing(outside), before, "{args:?} wrote outside the pack");
    assert_eq!(regular_text(&dir.join("fan/board.toml")), board);
}

/// The bytes of `path` if it is a regular file (never opening a FIFO or following a link).
fn regular_text(path: &Path) -> Option<Vec<u8>> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    meta.is_file().then(|| std::fs::read(path).unwrap())
}

/// Every file under `dir` with its contents, sorted.
fn listing(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(listing(&path));
        } else {
            out.push((path.clone(), std::fs::read(&path).unwrap()));
        }
    }
    out.sort();
    out
}

#[test]
fn weft_new_never_writes_through_a_link_or_onto_a_special_file() {
    let (dir, pack) = fan_pack("new-links");
    let outside = dir.join("outside");
    std::fs::create_dir_all(outside.join("tiles")).unwrap();
    std::fs::write(outside.join("board.toml"), "# not the pack's\n").unwrap();
    std::fs::write(outside.join("common.toml"), "# not the pack's\n").unwrap();
    std::fs::write(pack.join("board.toml"), "# the pack's board\n").unwrap();

    // A linked tiles/ folder: the tile file would land outside.
    std::fs::remove_dir(pack.join("tiles")).unwrap();
    std::os::unix::fs::symlink(outside.join("tiles"), pack.join("tiles")).unwrap();
    let tile = ["tile", "spy", "--kind", "custom", "--pack", "fan"];
    new_refuses(&dir, &tile, "fan/tiles is a symbolic link", &outside);
    std::fs::remove_file(pack.join("tiles")).unwrap();

    // A linked board.toml: checked before the tile files are written, so none is.
    std::fs::rename(pack.join("board.toml"), dir.join("board.keep")).unwrap();
    std::os::unix::fs::symlink(outside.join("board.toml"), pack.join("board.toml")).unwrap();
    new_refuses(&dir, &tile, "fan/board.toml is a symbolic link", &outside);
    assert!(!pack.join("tiles/spy.toml").exists() && !pack.join("tiles/spy.lua").exists());
    std::fs::remove_file(pack.join("board.toml")).unwrap();

    // A board.toml that is a FIFO: refused, not opened.
    mkfifo(&pack.join("board.toml"));
    new_refuses(
        &dir,
        &tile,
        "fan/board.toml is not a regular file",
        &outside,
    );
    std::fs::remove_file(pack.join("board.toml")).unwrap();
    std::fs::rename(dir.join("board.keep"), pack.join("board.toml")).unwrap();

    // A linked cards/common_deck.toml, and a linked cards/ folder.
    std::fs::create_dir_all(pack.join("cards")).unwrap();
    std::os::unix::fs::symlink(
        outside.join("common.toml"),
        pack.join("cards/common_deck.toml"),
    )
    .unwrap();
    let card = ["card", "x01", "--zone", "common_deck", "--pack", "fan"];
    new_refuses(&dir, &card, "common_deck.toml is a symbolic link", &outside);
    std::fs::remove_dir_all(pack.join("cards")).unwrap();
    std::os::unix::fs::symlink(&outside, pack.join("cards")).unwrap();
    new_refuses(&dir, &card, "fan/cards is a symbolic link", &outside);

    // A new pack whose folder is a link out.
    std::os::unix::fs::symlink(&outside, dir.join("evil")).unwrap();
    new_refuses(&dir, &["pack", "evil"], "evil is a symbolic link", &outside);

    // And with nothing in the way, the same tile is made.
    std::fs::remove_file(pack.join("cards")).unwrap();
    let (code, err) = weft_timed(
        &dir,
        &["new", "tile", "spy", "--kind", "custom", "--pack", "fan"],
    );
    assert_eq!(code, 0, "{err}");
    let board = std::fs::read_to_string(pack.join("board.toml")).unwrap();
    assert!(
        board.starts_with("# the pack's board\n") && board.contains("spy-slot"),
        "{board}"
    );
}
