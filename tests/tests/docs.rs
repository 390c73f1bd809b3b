//! The documentation stays true to the code.

/// docs/lua-api.md is exactly what `weft doc lua-api` generates from the table of `ctx`
/// functions; regenerate it with `weft doc lua-api --out docs/lua-api.md`. The methods
/// the host registers are the table's, each documented by its entry.
#[test]
fn lua_api_doc_is_generated_from_the_table() {
    let doc = std::fs::read_to_string(weft_tests::repo().join("docs/lua-api.md")).unwrap();
    let generated = weft_core::lua::api_doc::markdown().unwrap();
    assert!(
        doc == generated,
        "docs/lua-api.md is stale: run `cargo run -p weft-cli -- doc lua-api --out docs/lua-api.md`"
    );
    let registered = weft_core::lua::api_doc::registered_methods().unwrap();
    let mut declared: Vec<&str> = weft_core::lua::api::CTX_API
        .iter()
        .map(|f| f.name)
        .collect();
    declared.sort_unstable();
    assert_eq!(registered, declared, "ctx registers the table's functions");
    assert!(registered.len() > 30, "{registered:?}");
    for f in weft_core::lua::api::CTX_API {
        assert!(
            f.call.starts_with(&format!("ctx:{}", f.name)),
            "{}: its call `{}` names it",
            f.name,
            f.call
        );
        assert!(
            generated.contains(&format!("| `{}` | {} |", f.call, f.text)),
            "{} is documented",
            f.name
        );
    }
}

/// The README opens with the two commands, and .ci/run runs its test command.
#[test]
fn readme_commands_are_run_by_ci() {
    let readme = std::fs::read_to_string(weft_tests::repo().join("README.md")).unwrap();
    let ci = std::fs::read_to_string(weft_tests::repo().join(".ci/run")).unwrap();
    let block = readme
        .split("```")
        .nth(1)
        .expect("the README opens with a code block");
    let lines: Vec<&str> = block.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 2, "two commands: {lines:?}");
    assert!(
        lines[0].starts_with("cargo run --release -p weft-cli -- sim ")
            && lines[0].contains("--bots greedy"),
        "the main job is a greedy bot simulation of the base pack: {}",
        lines[0]
    );
    assert_eq!(lines[1], "cargo test --workspace");
    assert!(ci.contains("cargo test --workspace"));
}
