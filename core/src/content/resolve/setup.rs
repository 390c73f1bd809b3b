//! `[[setup]]`: per player count, what each player starts with and what the turn order
//! gives. The cards dealt are `[deals]` ([`super::deals`]).

use std::collections::BTreeMap;

use crate::content::diagnostics::{EntryKey, Loader};
use crate::content::raw::GameToml;
use crate::content::{Counter, Setup};

use super::counters::{counter_id, counter_list};

/// The setups by player count: one per count, 1 to 8, at least one.
pub(in crate::content) fn resolve(
    ld: &mut Loader,
    gf: &str,
    game: &GameToml,
    counters: &[Counter],
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
        if setup
            .insert(s.players, Setup { start, turn_order })
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

/// The key `key` (a dotted path) of the `k`-th `[[setup]]`.
fn at(k: usize, key: &str) -> EntryKey<'_> {
    EntryKey {
        array: "setup",
        k,
        key: Some(key),
    }
}
