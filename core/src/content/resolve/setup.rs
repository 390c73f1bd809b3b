//! `[[setup]]`: per player count, what each player starts with, what the turn order
//! gives, and the commissions dealt to each hand.

use std::collections::BTreeMap;

use crate::content::diagnostics::{EntryKey, Loader};
use crate::content::raw::{GameToml, SetupToml};
use crate::content::{Counter, Grade, Setup};

use super::counters::{counter_id, counter_list};
use super::grades::{grade_id, grade_list};

/// The setups by player count: one per count, 1 to 8, at least one.
pub(in crate::content) fn resolve(
    ld: &mut Loader,
    gf: &str,
    game: &GameToml,
    counters: &[Counter],
    grades: &[Grade],
) -> BTreeMap<u8, Setup> {
    let mut setup = BTreeMap::new();
    for (i, s) in game.setup.iter().enumerate() {
        if !(1..=8).contains(&s.players) {
            ld.fail_entry(
                at(i, "players"),
                (gf, "players"),
                format!("setup for {} players: player counts are 1 to 8", s.players),
                "",
            );
            continue;
        }
        let mut start = Vec::new();
        for (k, n) in &s.start {
            match counter_id(counters, k) {
                Some(c) => start.push((c, *n)),
                None => ld.fail_entry(
                    at(i, &format!("start.{k}")),
                    (gf, k),
                    format!(
                        "setup for {} players starts players with `{k}`, which is not a counter",
                        s.players
                    ),
                    &format!("counters are: {}", counter_list(counters)),
                ),
            }
        }
        start.sort_by_key(|&(k, _)| k);
        let mut turn_order = Vec::new();
        for (k, by_place) in &s.turn_order {
            match counter_id(counters, k) {
                Some(c) => turn_order.push((c, by_place.clone())),
                None => ld.fail_entry(
                    at(i, &format!("turn_order.{k}")),
                    (gf, k),
                    format!(
                        "setup for {} players gives `{k}` by turn order, which is not a counter",
                        s.players
                    ),
                    &format!("counters are: {}", counter_list(counters)),
                ),
            }
        }
        turn_order.sort_by_key(|&(k, _)| k);
        let mut hand = Vec::new();
        for (g, n) in &s.hand {
            match grade_id(grades, g) {
                Some(c) => hand.push((c, *n)),
                None => ld.fail_entry(
                    at(i, &format!("hand.{g}")),
                    (gf, g),
                    format!("setup names unknown grade `{g}`"),
                    &format!("grades are: {}", grade_list(grades)),
                ),
            }
        }
        if setup
            .insert(
                s.players,
                Setup {
                    start,
                    turn_order,
                    hand,
                },
            )
            .is_some()
        {
            ld.fail_entry(
                at(i, "players"),
                (gf, "players"),
                format!("two setups for {} players", s.players),
                "",
            );
        }
    }
    check_setup_hands(ld, gf, &game.setup, game.hand_limit);
    if setup.is_empty() {
        ld.fail(
            gf,
            "[[setup]]",
            "no [[setup]] entry; add one per supported player count",
            "",
        );
    }
    setup
}

/// Records an error when a `[[setup]]` deals more commissions to each hand than
/// `hand_limit` (0: no limit) allows: one error, for the first such player count.
fn check_setup_hands(ld: &mut Loader, gf: &str, setups: &[SetupToml], hand_limit: u32) {
    let dealt = |s: &SetupToml| -> u64 { s.hand.values().map(|&n| u64::from(n)).sum() };
    if hand_limit == 0 {
        return;
    }
    if let Some(s) = setups.iter().find(|s| dealt(s) > u64::from(hand_limit)) {
        let dealt = dealt(s);
        ld.fail(
            gf,
            "hand_limit",
            format!(
                "[[setup]] for {} players deals {dealt} commissions to each hand, above hand_limit = {hand_limit}",
                s.players
            ),
            &format!("deal at most {hand_limit} (hand = {{ ... }} in [[setup]]), or raise hand_limit"),
        );
    }
}

/// The key `key` (a dotted path) of the `k`-th `[[setup]]`.
fn at(k: usize, key: &str) -> EntryKey<'_> {
    EntryKey {
        array: "setup",
        k,
        key: Some(key),
    }
}
