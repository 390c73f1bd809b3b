//! The basic-tests battery (issue 30, item 8; `weft_tests::basic`) on every pack in the
//! repository, each at its player counts, and on a game made by `weft new game` as it
//! is created: random playouts whose options are never empty and which all end, the
//! state read back from its JSON, `apply` against `apply_disposable`, labels on and
//! off, the speed layer on and off, and determinization against what each seat sees.
//! It lives with the CLI so that the scaffold is made by the `weft` binary itself.

mod common;

use weft_core::content::PackFiles;
use weft_tests::basic::battery;
use weft_tests::packs::{load_chain, repo_pack, unlisted_pack_folders};

/// The battery on the repository's pack `name`.
fn run(name: &str) {
    let pack = repo_pack(name);
    battery(pack.name, &pack.content());
}

#[test]
fn tabriz() {
    run("tabriz");
}

#[test]
fn cabriole() {
    run("cabriole");
}

#[test]
fn silk_road() {
    run("silk-road");
}

#[test]
fn short_game() {
    run("short-game");
}

#[test]
fn long_legs() {
    run("long-legs");
}

#[test]
fn steady_potters() {
    run("steady-potters");
}

#[test]
fn rules_fixture() {
    run("rules-fixture");
}

#[test]
fn queues_fixture() {
    run("queues-fixture");
}

#[test]
fn cards_fixture() {
    run("cards-fixture");
}

#[test]
fn dice_fixture() {
    run("dice-fixture");
}

#[test]
fn marco_polo_2() {
    run("marco-polo-2");
}

#[test]
fn marco_polo_2_caravan() {
    run("marco-polo-2-caravan");
}

#[test]
fn a_new_game_as_weft_new_makes_it() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (code, out, err) = common::weft_in(dir.path(), &["new", "game", "lantern-market"]);
    assert_eq!(code, 0, "{out}{err}");
    let files = PackFiles::from_dir(&dir.path().join("lantern-market")).expect("it reads");
    battery("lantern-market", &load_chain(&[files]));
}

/// A pack added to the repository joins the battery (and the speed-layer test).
#[test]
fn every_pack_folder_of_the_repository_is_in_the_battery() {
    assert_eq!(unlisted_pack_folders(), Vec::<String>::new());
}
