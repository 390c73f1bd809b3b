//! The documentation stays true to the code.

/// docs/lua-api.md is exactly what `weft doc lua-api` generates from the methods the
/// host registers; regenerate it with `weft doc lua-api --out docs/lua-api.md`.
#[test]
fn lua_api_doc_is_generated_from_the_registration_code() {
    let doc = std::fs::read_to_string(weft_tests::repo().join("docs/lua-api.md")).unwrap();
    let generated = weft_core::lua::api_doc::markdown().unwrap();
    assert!(
        doc == generated,
        "docs/lua-api.md is stale: run `cargo run -p weft-cli -- doc lua-api --out docs/lua-api.md`"
    );
    let registered = weft_core::lua::api_doc::registered_methods().unwrap();
    assert!(registered.len() > 30, "{registered:?}");
    for name in &registered {
        assert!(
            generated.contains(&format!("`ctx:{name}")),
            "{name} is documented"
        );
    }
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
