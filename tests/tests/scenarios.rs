//! The Lua scenario tests shipped in packs (`tests/*.lua`) run in `cargo test` too, with
//! the same API as `weft test`; and a failing scenario names its file and line.

use std::sync::Arc;

use weft_core::content::{load_content, resolve_chain, PackFiles};
use weft_core::scenario::run_file;
use weft_tests::{library, repo, tabriz_content, tabriz_files};

fn run_pack_tests(files: &PackFiles, content: &Arc<weft_core::Content>, pack: &str) -> usize {
    let mut n = 0;
    for (path, source) in files.test_files() {
        for r in run_file(content, &format!("{pack}/{path}"), source) {
            assert!(r.passed, "{} — {}: {:?}", r.file, r.name, r.message);
            n += 1;
        }
    }
    n
}

#[test]
fn base_pack_scenarios_pass() {
    assert!(run_pack_tests(&tabriz_files(), &tabriz_content(), "tabriz") >= 4);
}

#[test]
fn silk_road_scenarios_pass() {
    let sr = PackFiles::from_dir(&repo().join("content/examples/silk-road")).unwrap();
    let chain = resolve_chain(vec![sr.clone()], vec![tabriz_files()]).unwrap();
    let content = Arc::new(load_content(&chain, &library()).unwrap());
    assert!(run_pack_tests(&sr, &content, "silk-road") >= 5);
}

#[test]
fn marco_polo_scenarios_pass() {
    let mp = PackFiles::from_dir(&repo().join("content/marco-polo-2")).unwrap();
    assert!(run_pack_tests(&mp, &weft_tests::marco_polo_content(), "marco-polo-2") >= 20);
}

#[test]
fn marco_polo_caravan_scenarios_pass() {
    let caravan = weft_tests::packs::repo_pack("marco-polo-2-caravan");
    let files = caravan.chain.last().expect("the caravan pack").clone();
    assert!(run_pack_tests(&files, &caravan.content(), "marco-polo-2-caravan") >= 15);
}

#[test]
fn a_failing_scenario_names_file_line_and_difference() {
    let src = "return {\n  ['sums'] = function(t)\n    t:eq({a = 1, b = 2}, {a = 1, b = 3})\n  end,\n  ['illegal answer'] = function(t)\n    local g = t:game{players = 2, seed = 1}\n    g:answer('no-such-key')\n  end,\n}\n";
    let results = run_file(&tabriz_content(), "x/tests/a.lua", src);
    let sums = results.iter().find(|r| r.name == "sums").unwrap();
    let msg = sums.message.as_deref().unwrap();
    assert!(msg.starts_with("x/tests/a.lua:3: expected"), "{msg}");
    assert!(msg.contains("[b] expected 3, got 2"), "{msg}");
    let illegal = results.iter().find(|r| r.name == "illegal answer").unwrap();
    let msg = illegal.message.as_deref().unwrap();
    assert!(msg.starts_with("x/tests/a.lua:7:"), "{msg}");
    assert!(msg.contains("`no-such-key` is not an option"), "{msg}");
}
