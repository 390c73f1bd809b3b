//! The repository stands alone (issue 29): every pack of `content/` is built into the
//! binary, `weft packs` lists them, and `--pack NAME` runs one from any folder; a
//! `--pack` that is neither a folder nor a name says what it is and which names exist.

mod common;
use common::weft_in;

use std::path::PathBuf;

/// A fresh folder with no `content/` or `scripts/` in it.
fn elsewhere(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_pack_of_the_repository_is_built_in_and_listed() {
    let dir = elsewhere("packs-list");
    let (code, out, err) = weft_in(&dir, &["packs", "--json"]);
    assert_eq!(code, 0, "{err}");
    let listed: serde_json::Value = serde_json::from_str(&out).unwrap();
    let names: Vec<&str> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    // Every pack.toml under content/ is a pack the binary carries.
    let mut expected = Vec::new();
    let mut stack = vec![PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../content"
    ))];
    while let Some(d) = stack.pop() {
        if d.join("pack.toml").is_file() {
            let text = std::fs::read_to_string(d.join("pack.toml")).unwrap();
            let name = text
                .lines()
                .find_map(|l| l.strip_prefix("name = \""))
                .and_then(|r| r.split('"').next())
                .unwrap()
                .to_string();
            expected.push(name);
            continue;
        }
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            if e.path().is_dir() {
                stack.push(e.path());
            }
        }
    }
    assert!(expected.len() >= 6, "{expected:?}");
    for name in &expected {
        assert!(
            names.contains(&name.as_str()),
            "{name} is not built in: {names:?}"
        );
    }
    for p in listed.as_array().unwrap() {
        assert_eq!(p["from"], "built in", "{p}");
    }
    let (code, out, _) = weft_in(&dir, &["packs"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("cabriole") && out.contains("extends tabriz"),
        "{out}"
    );
}

#[test]
fn a_built_in_pack_runs_by_name_from_any_folder() {
    let dir = elsewhere("packs-run");
    for (pack, players) in [("cabriole", "3"), ("short-game", "2"), ("silk-road", "2")] {
        let (code, out, err) = weft_in(
            &dir,
            &["sim", "--pack", pack, "--games", "2", "--players", players],
        );
        assert_eq!(code, 0, "{pack}: {err}");
        assert!(out.contains(&format!("{pack} 0.1.0")), "{pack}: {out}");
        assert!(out.contains("finished 2"), "{pack}: {out}");
    }
    let (code, out, err) = weft_in(&dir, &["check", "--pack", "cabriole", "--games", "2"]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = weft_in(&dir, &["test", "--pack", "cabriole"]);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn a_pack_that_is_neither_a_folder_nor_a_name_is_explained() {
    let dir = elsewhere("packs-bad");
    std::fs::write(dir.join("README.md"), "# not a pack\n").unwrap();
    let (code, _, err) = weft_in(&dir, &["sim", "--pack", "README.md", "--games", "1"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("README.md: is a file, not a pack folder"),
        "{err}"
    );
    assert!(
        err.contains("cabriole") && err.contains("weft packs"),
        "{err}"
    );
    let (code, _, err) = weft_in(&dir, &["sim", "--pack", "cabriol", "--games", "1"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("cabriol: is no folder and no pack's name"),
        "{err}"
    );
}
