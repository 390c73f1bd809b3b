//! Conformance in the spirit of OpenSpiel's basic_tests: seeded random games per player
//! count. Options are never empty before the end, every game ends, a clone played on
//! equals the original played on, replaying the answers reproduces the final hash, and
//! no script errors. `WEFT_CONFORMANCE_GAMES` overrides the 2,000 games per count.

fn games() -> u64 {
    std::env::var("WEFT_CONFORMANCE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000)
}

fn conformance(content: std::sync::Arc<weft_core::Content>, players: usize) {
    weft_tests::conformance(content, players, games());
}

#[test]
fn conformance_2_players() {
    conformance(weft_tests::tabriz_content(), 2);
}

#[test]
fn conformance_3_players() {
    conformance(weft_tests::tabriz_content(), 3);
}

#[test]
fn conformance_4_players() {
    conformance(weft_tests::tabriz_content(), 4);
}

#[test]
fn conformance_5_players() {
    conformance(weft_tests::tabriz_content(), 5);
}
