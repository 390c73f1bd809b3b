//! `weft check` reports every independent problem in one run (issue 29): a Lua syntax
//! error in one tile's script does not hide a failing `describe` in another, and a
//! param whose key is a typo is named by its key, with the key the script reads.

use weft_core::content::{load_content, PackFiles};
use weft_tests::{library, tabriz_files};

/// The base game with the wool shop's script broken and the dye shop's param misspelt.
fn two_mistakes() -> PackFiles {
    let mut files = tabriz_files();
    let own = |files: &mut PackFiles, tile: &str, source: &str, params: &str| {
        files
            .files
            .insert(format!("tiles/{tile}.lua"), source.to_string());
        let toml = &files.files[&format!("tiles/{tile}.toml")];
        let head: String = toml
            .lines()
            .take_while(|l| !l.starts_with("[params]") && !l.starts_with("[[params"))
            .filter(|l| !l.starts_with("behaviour"))
            .map(|l| format!("{l}\n"))
            .collect();
        files.files.insert(
            format!("tiles/{tile}.toml"),
            format!("{head}\n[params]\n{params}\n"),
        );
    };
    own(
        &mut files,
        "wool-shop",
        "return {\n  action = function(ctx, params)\n    ctx:gain(ctx:player(), \"wool\", 1) end end\n}\n",
        "gain = 1",
    );
    own(
        &mut files,
        "dye-shop",
        "return {\n  describe = function(params)\n    return \"Gain \" .. params.gain .. \" wool.\"\n  end,\n  action = function(ctx, params)\n    ctx:gain(ctx:player(), \"wool\", params.gain)\n  end,\n}\n",
        "gian = 1",
    );
    files
}

#[test]
fn a_syntax_error_and_a_misspelt_param_are_reported_together() {
    let files = two_mistakes();
    let content = load_content(&[files], &library()).expect("the TOML is valid");
    let errors = weft_core::lua::LuaHost::new(std::sync::Arc::new(content))
        .err()
        .expect("the scripts fail")
        .to_string();
    assert!(
        errors.contains("tiles/wool-shop.lua:3"),
        "the syntax error, with its line: {errors}"
    );
    assert!(
        errors.contains("tile `dye-shop`: describe failed"),
        "the other tile's failure in the same run: {errors}"
    );
    assert!(
        errors.contains("sets param `gian`") && errors.contains("did you mean `gain`"),
        "the misspelt key is named, with the key the script reads: {errors}"
    );
    // The module that failed is reported once, not again as "did not load".
    assert!(!errors.contains("did not load"), "{errors}");
}

#[test]
fn a_misspelt_param_that_fails_nothing_is_a_warning_with_a_suggestion() {
    let mut files = tabriz_files();
    let toml = files.files["tiles/wool-shop.toml"].replace("max_buy = 3", "max_buyy = 3");
    files.files.insert("tiles/wool-shop.toml".into(), toml);
    let content = std::sync::Arc::new(load_content(&[files], &library()).expect("loads"));
    let report = weft_core::check::check_content(&content, 2);
    let all = report.warnings.join("\n");
    assert!(
        all.contains("sets param `max_buyy`, which its behaviour `weft.shop` never reads (did you mean `max_buy`"),
        "{all}"
    );
}

#[test]
fn malformed_toml_does_not_hide_a_lua_syntax_error() {
    let mut files = tabriz_files();
    let toml = format!("{}\noops = [\n", files.files["tiles/wool-shop.toml"]);
    files.files.insert("tiles/wool-shop.toml".into(), toml);
    files.files.insert(
        "tiles/lantern.lua".into(),
        "return {\n  action = function(ctx) end end\n}\n".into(),
    );
    let errors = weft_core::load_files(&[files], &library())
        .expect_err("the pack fails")
        .to_string();
    assert!(errors.contains("tiles/wool-shop.toml"), "{errors}");
    assert!(
        errors.contains("tabriz/tiles/lantern.lua:2"),
        "the Lua syntax error is reported in the same run: {errors}"
    );
}

#[test]
fn a_misspelt_material_comes_in_the_same_run_as_a_script_error() {
    let mut files = two_mistakes();
    let toml =
        files.files["tiles/moneychanger.toml"].replace("pay = { wool = 1 }", "pay = { wooll = 1 }");
    assert!(toml.contains("wooll"), "the fixture still has the trade");
    files.files.insert("tiles/moneychanger.toml".into(), toml);
    let errors = weft_core::load_files(&[files], &library())
        .expect_err("the pack fails")
        .to_string();
    assert!(errors.contains("tiles/wool-shop.lua:3"), "{errors}");
    assert!(errors.contains("did you mean `gain`"), "{errors}");
    assert!(
        errors.contains("`wooll` in its params is no counter of the game (did you mean `wool`?)"),
        "{errors}"
    );
}
