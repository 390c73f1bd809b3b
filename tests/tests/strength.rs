//! The strength table (issue 13, item 1): a card deliberately broken in a copy of the
//! base pack is flagged as too strong, an unchanged card beside it is not, and the
//! warning says so in plain words with the card's name, price and value for cost.

use weft_core::report::{summarise, Flag, Summary};
use weft_core::sim::{run, SimConfig};
use weft_tests::{library, tabriz_content, tabriz_files};

/// The base pack with commission c05 made far too good: one wool for 4 prestige, and a
/// workshop action that gains a coin and a silk every workshop phase.
fn broken_content() -> std::sync::Arc<weft_core::Content> {
    let mut files = tabriz_files();
    let path = "cards/common.toml".to_string();
    let text = files.files[&path].replace(
        "id = \"c05\"\nname = \"Bird saddle bag\"\nkind = \"commission\"\nzone = \"common_deck\"\ncost = { wool = 3 }\nreward = { coins = 2, skill = 1 }",
        "id = \"c05\"\nname = \"Bird saddle bag\"\nkind = \"commission\"\nzone = \"common_deck\"\ncost = { wool = 1 }\nreward = { coins = 2, skill = 1, prestige = 4 }\nbehaviour = \"weft.workshop\"\nparams = { effect = \"gain\", gain = { coins = 1, silk = 1 } }",
    );
    assert_ne!(text, files.files[&path], "the edit found c05");
    files.files.insert(path, text);
    weft_core::load_files(&[files], &library()).unwrap_or_else(|e| panic!("{e}"))
}

/// The summary of `games` games of `content` at `players` players with `bot` in every
/// seat (run seed 3, two workers), with the pack's names and prices.
fn described(
    content: &std::sync::Arc<weft_core::Content>,
    players: usize,
    games: u64,
    bot: &str,
) -> Summary {
    let mut cfg = SimConfig::new(players, games, 3, &[bot]);
    cfg.jobs = 2;
    let records = run(content, &cfg, &|_| {}).expect("the run plays");
    let mut s = summarise(&records, Some(3), None);
    s.describe(content);
    s
}

/// Greedy bots, 150 four-player games: the broken card is flagged strong and named in a
/// warning with its price; c11, unchanged, is measured and not flagged.
#[test]
fn a_broken_card_is_flagged_and_an_unchanged_one_is_not() {
    let s = described(&broken_content(), 4, 150, "greedy");
    let get = |id: &str| {
        s.strength
            .iter()
            .find(|x| x.component == id)
            .unwrap_or_else(|| panic!("{id} measured"))
    };
    let broken = get("card c05");
    assert_eq!(broken.flag, Some(Flag::Strong), "{broken:?}");
    assert!(broken.lift.lo > broken.group_lift, "{broken:?}");
    let plain = get("card c11");
    assert!(plain.users >= 20, "c11 is judged: {plain:?}");
    assert_eq!(plain.flag, None, "{plain:?}");
    let warning = s
        .warnings
        .iter()
        .find(|w| w.starts_with("card c05 (Bird saddle bag) looks too strong"))
        .unwrap_or_else(|| panic!("{:?}", s.warnings));
    assert!(
        warning
            .contains("it costs 1 wool (value 1) for 4 prestige, plus its effect (weft.workshop)"),
        "{warning}"
    );
    assert!(
        warning.contains("the most prestige for its price among the"),
        "{warning}"
    );
}

/// The same run on the unchanged base pack finds c19, the outlier issue 13 names (its
/// repeated workshop conversion), and leaves c05 and c11 alone.
#[test]
fn the_unchanged_base_pack_flags_its_known_outlier() {
    let s = described(&tabriz_content(), 4, 150, "greedy");
    let flag = |id: &str| {
        s.strength
            .iter()
            .find(|x| x.component == id)
            .unwrap_or_else(|| panic!("{id} measured"))
            .flag
    };
    assert_eq!(flag("card c19"), Some(Flag::Strong), "{:?}", s.warnings);
    assert_eq!(flag("card c05"), None, "{:?}", s.warnings);
    assert_eq!(flag("card c11"), None, "{:?}", s.warnings);
}

/// The uses a record keeps agree with its counts: one tile use per action taken, one
/// card use per deck commission fulfilled (in a round the game played), one area use per
/// worker placed, one card use per `[[cards]]` copy taken.
#[test]
fn recorded_uses_agree_with_the_counts() {
    let total = |r: &weft_core::sim::GameRecord, kind: &str| -> usize {
        r.uses
            .iter()
            .filter(|(k, _)| k.starts_with(kind))
            .map(|(_, u)| u.by.len())
            .sum()
    };
    let mut cfg = SimConfig::new(4, 20, 5, &["random"]);
    cfg.jobs = 2;
    for r in run(&tabriz_content(), &cfg, &|_| {}).unwrap() {
        let actions: u32 = r.players.iter().map(|p| p.actions).sum();
        assert_eq!(total(&r, "tile "), actions as usize);
        let fulfilled = r
            .cards
            .values()
            .filter(|c| c.fulfilled_by.is_some())
            .count();
        assert_eq!(total(&r, "card "), fulfilled);
        for (id, c) in &r.cards {
            if let Some(s) = c.fulfilled_by {
                let u = &r.uses[&format!("card {id}")];
                assert_eq!(u.by.len(), 1);
                assert_eq!(u.by[0][0] as usize, s, "{id}");
                assert!(
                    u.by[0][1] >= 1 && u.by[0][1] <= r.rounds,
                    "{id}: {:?}",
                    u.by
                );
            }
        }
        assert_eq!(
            r.score_by_round.len(),
            r.rounds as usize,
            "game {}",
            r.index
        );
        r.validate().unwrap();
    }
    let mut cfg = SimConfig::new(3, 10, 5, &["random"]);
    cfg.jobs = 2;
    for r in run(&weft_tests::cabriole_content(), &cfg, &|_| {}).unwrap() {
        let placed: u32 = r.areas.values().flat_map(|a| a.placed.iter()).sum();
        assert_eq!(total(&r, "area "), placed as usize);
        let taken: u32 = r.held.values().flat_map(|h| h.taken_by.iter()).sum();
        assert_eq!(total(&r, "card "), taken as usize);
        // One row per round played, the last the final score: setup (round 0, where
        // Cabriole's players choose) ends no round.
        assert_eq!(
            r.score_by_round.len(),
            r.rounds as usize,
            "game {}",
            r.index
        );
        r.validate().unwrap();
    }
}

/// A record read from a file that claims four billion rounds (validation bounds the rows,
/// not the count) is summarised at once: the win model walks the rows the record holds.
#[test]
fn a_record_claiming_billions_of_rounds_does_not_stall_the_report() {
    let mut cfg = SimConfig::new(2, 4, 5, &["random"]);
    cfg.jobs = 1;
    let mut records = run(&tabriz_content(), &cfg, &|_| {}).unwrap();
    records[0].rounds = u32::MAX;
    let started = std::time::Instant::now();
    let s = summarise(&records, None, None);
    assert_eq!(s.games, 4);
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
}

/// A card whose points are far cheaper than its group's is named in the warnings from
/// the pack's data alone, before play has shown anything: c05 broken (4 prestige for
/// one wool) in ten random games, too few to judge its strength.
#[test]
fn points_far_cheaper_than_the_group_are_named() {
    let s = described(&broken_content(), 2, 10, "random");
    let w = s
        .warnings
        .iter()
        .find(|w| w.starts_with("card c05 (Bird saddle bag) gives"))
        .unwrap_or_else(|| panic!("{:?}", s.warnings));
    assert!(
        w.contains("× the typical points for its price: it costs 1 wool (value 1) for 4 prestige"),
        "{w}"
    );
    // The unchanged base pack names no card this way.
    let s = described(&tabriz_content(), 2, 10, "random");
    assert!(
        !s.warnings.iter().any(|w| w.contains("the typical points")),
        "{:?}",
        s.warnings
    );
}
