//! Every rule id of each pack's rules reference (`content/<pack>/RULES.md`, in the
//! repository: no test reads anything beside it) is cited by a test: a Rust test in
//! `tests/tests/` or `cli/tests/`, or a Lua scenario test the pack ships. A rule whose
//! id no test names could break unseen.

use std::collections::BTreeSet;
use std::path::Path;

use weft_tests::repo;

/// The ids a rules reference defines: each rule leads with its bold id (`**R-MOVE-3**`).
fn defined_ids(rules: &str, prefix: &str) -> BTreeSet<String> {
    rules
        .split("**")
        .skip(1)
        .step_by(2)
        .filter(|w| {
            let mut parts = w.split('-');
            parts.next() == Some(prefix)
                && parts.clone().count() == 2
                && parts.all(|p| {
                    !p.is_empty()
                        && p.chars()
                            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
                })
        })
        .map(str::to_string)
        .collect()
}

/// The text of every `.rs` file under `dirs` and every `.lua` file under `lua_dirs`.
fn test_texts(dirs: &[&Path], lua_dirs: &[std::path::PathBuf]) -> String {
    let mut text = String::new();
    let mut add = |dir: &Path, ext: &str| {
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for entry in std::fs::read_dir(&d).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == ext)
                    // This file names ids in its own test of the reader.
                    && path.file_name().is_none_or(|n| n != "rule_ids.rs")
                {
                    text.push_str(&std::fs::read_to_string(&path).unwrap());
                    text.push('\n');
                }
            }
        }
    };
    for d in dirs {
        add(d, "rs");
    }
    for d in lua_dirs {
        add(d, "lua");
    }
    text
}

/// The ids of `ids` that `text` never names (`C-PROD-1` is not found inside `C-PROD-10`).
fn uncited<'a>(ids: &'a BTreeSet<String>, text: &str) -> Vec<&'a String> {
    ids.iter()
        .filter(|id| {
            !text.match_indices(id.as_str()).any(|(i, _)| {
                !text[i + id.len()..].starts_with(|c: char| c.is_ascii_alphanumeric())
            })
        })
        .collect()
}

fn check_pack(pack: &str, prefix: &str, at_least: usize) {
    check_pack_but(pack, prefix, at_least, &[], &[]);
}

/// [`check_pack`] but for the ids of parts not built yet (`unbuilt`), each of which must
/// still be defined: the list shrinks as they are built. The scenario tests of the packs
/// in `layers` (expansions whose rules this reference holds) count too.
fn check_pack_but(pack: &str, prefix: &str, at_least: usize, unbuilt: &[&str], layers: &[&str]) {
    let root = repo();
    let rules = std::fs::read_to_string(root.join(format!("content/{pack}/RULES.md")))
        .unwrap_or_else(|e| panic!("content/{pack}/RULES.md: {e}"));
    let ids = defined_ids(&rules, prefix);
    assert!(
        ids.len() >= at_least,
        "{pack}: {} rule ids found",
        ids.len()
    );
    // Each id is defined once.
    for id in &ids {
        let leads = rules.matches(&format!("**{id}**")).count();
        assert_eq!(leads, 1, "{pack}: {id} leads {leads} rules");
    }
    let text = test_texts(
        &[&root.join("tests/tests"), &root.join("cli/tests")],
        &std::iter::once(pack)
            .chain(layers.iter().copied())
            .map(|p| root.join(format!("content/{p}/tests")))
            .collect::<Vec<_>>(),
    );
    for id in unbuilt {
        assert!(ids.iter().any(|i| i == id), "{pack}: {id} is no rule id");
    }
    let missing: Vec<_> = uncited(&ids, &text)
        .into_iter()
        .filter(|id| !unbuilt.contains(&id.as_ref()))
        .collect();
    assert!(
        missing.is_empty(),
        "{pack}: rule ids no test cites: {missing:?}"
    );
}

#[test]
fn every_tabriz_rule_id_is_cited_by_a_test() {
    check_pack("tabriz", "R", 50);
}

#[test]
fn every_cabriole_rule_id_is_cited_by_a_test() {
    check_pack("cabriole", "C", 80);
}

/// Marco Polo II and its Caravan expansion (issue 32): every rule id, cited by a Rust
/// test or a scenario test of either pack; M-DATA-13 is balance notes, not a rule.
#[test]
fn every_marco_polo_rule_id_built_is_cited_by_a_test() {
    // M-DATA-13 is balance notes, not a rule.
    check_pack_but(
        "marco-polo-2",
        "M",
        120,
        &["M-DATA-13"],
        &["marco-polo-2-caravan"],
    );
}

#[test]
fn the_id_reader_finds_ids_and_tells_c_prod_1_from_c_prod_10() {
    let ids = defined_ids(
        "- **C-PROD-1** a\n- **C-PROD-10** b\n- **R-TILE-SIDE** c\n**DECISION** d",
        "C",
    );
    assert_eq!(ids.len(), 2);
    let text = "cites C-PROD-10 only";
    assert_eq!(uncited(&ids, text), vec!["C-PROD-1"]);
}
