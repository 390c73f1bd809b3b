//! The documentation stays true to the code.

use std::collections::BTreeSet;

fn registered_ctx_functions() -> BTreeSet<String> {
    let src = std::fs::read_to_string(weft_tests::repo().join("core/src/lua/ctx.rs")).unwrap();
    let mut out = BTreeSet::new();
    for marker in ["add_method(\"", "add_method_mut(\""] {
        for part in src.split(marker).skip(1) {
            let name = part.split('"').next().unwrap();
            if !name.starts_with("__") {
                out.insert(name.to_string());
            }
        }
    }
    out
}

/// docs/lua-api.md lists exactly the ctx functions the host registers.
#[test]
fn lua_api_doc_lists_every_ctx_function() {
    let doc = std::fs::read_to_string(weft_tests::repo().join("docs/lua-api.md")).unwrap();
    let documented: BTreeSet<String> = doc
        .split("`ctx:")
        .skip(1)
        .filter_map(|p| p.split(['(', '{', '`']).next().map(str::to_string))
        .collect();
    let registered = registered_ctx_functions();
    assert!(registered.len() > 30);
    assert_eq!(
        documented, registered,
        "docs/lua-api.md and core/src/lua/ctx.rs differ"
    );
}

/// The README opens with the two commands, and .ci/run runs its test command.
#[test]
fn readme_commands_are_run_by_ci() {
    let readme = std::fs::read_to_string(weft_tests::repo().join("README.md")).unwrap();
    let ci = std::fs::read_to_string(weft_tests::repo().join(".ci/run")).unwrap();
    assert!(
        readme.contains("cargo run --release -p weft-cli -- sim --games 1000 --players 4 --seed 7")
    );
    assert!(readme.contains("cargo test --workspace"));
    assert!(ci.contains("cargo test --workspace"));
}
