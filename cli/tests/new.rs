//! `weft new`: every scaffold loads and passes `weft check` as created, and is played.

use std::path::PathBuf;
use std::process::Command;

fn weft_in(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
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

#[test]
fn scaffolds_pass_check_and_are_played() {
    // Outside the checkout, so the base pack comes from the binary.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("scaffold");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let steps: &[&[&str]] = &[
        &["new", "pack", "mine"],
        &[
            "new",
            "tile",
            "tea-house",
            "--kind",
            "trader",
            "--pack",
            "mine",
        ],
        &["new", "tile", "stall", "--kind", "shop", "--pack", "mine"],
        &[
            "new", "tile", "dice-den", "--kind", "dice", "--pack", "mine",
        ],
        &[
            "new",
            "tile",
            "magic-loom",
            "--kind",
            "custom",
            "--pack",
            "mine",
        ],
        &["new", "card", "x01", "--grade", "common", "--pack", "mine"],
        &[
            "new", "card", "x02", "--grade", "merchant", "--pack", "mine",
        ],
        &["new", "card", "x03", "--grade", "royal", "--pack", "mine"],
    ];
    for args in steps {
        let (code, _, err) = weft_in(&dir, args);
        assert_eq!(code, 0, "{args:?}: {err}");
    }
    let (code, out, err) = weft_in(&dir, &["check", "--pack", "mine", "--games", "6"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("0 problems"), "{out}");
    let (code, out, err) = weft_in(
        &dir,
        &[
            "sim",
            "--pack",
            "mine",
            "--games",
            "20",
            "--players",
            "3",
            "--json",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let chain: Vec<&str> = v["packs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(chain, ["tabriz", "mine", "scripts"]);
    for tile in v["tiles"].as_array().unwrap() {
        if ["tea-house", "stall", "dice-den", "magic-loom"].contains(&tile["id"].as_str().unwrap())
        {
            assert!(tile["actions"].as_f64().unwrap() > 0.0, "{tile}");
        }
    }
    // Never overwrites.
    let (code, _, err) = weft_in(
        &dir,
        &["new", "tile", "stall", "--kind", "shop", "--pack", "mine"],
    );
    assert_eq!(code, 2);
    assert!(err.contains("already exists"), "{err}");
    let (code, _, err) = weft_in(
        &dir,
        &["new", "card", "x01", "--grade", "common", "--pack", "mine"],
    );
    assert_eq!(code, 2);
    assert!(err.contains("already has a card"), "{err}");
}
