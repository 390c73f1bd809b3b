//! `[deals.<name>]`: the cards every player is dealt at setup, from a deck or a shared
//! pile into one of their zones, in `order` (ties by name); a deal that would overfill
//! its zone's `cap` or `limit` at some player count is refused here, not mid-setup.

use std::collections::BTreeMap;

use crate::content::diagnostics::Loader;
use crate::content::raw::{GameToml, PerPlayers};
use crate::content::zones::{by_player_count, pile_of};
use crate::content::{Deal, DealSource, Deck, DeckId, Zone, ZoneOwner};
use crate::limits::MAX_AMOUNT;

/// The enabled deals, in the order they run; each checked against the zones and decks
/// at every player count of `players`.
pub(in crate::content) fn resolve(
    ld: &mut Loader,
    gf: &str,
    game: &GameToml,
    zones: &[Zone],
    decks: &[Deck],
    players: &[u8],
) -> Vec<Deal> {
    let mut named: Vec<(i32, &String, Deal)> = Vec::new();
    for (name, d) in &game.deals {
        let key = |k: &str| format!("deals.{name}.{k}");
        let from = match decks.iter().position(|x| x.id == d.from) {
            Some(i) => Some(DealSource::Deck(i as DeckId)),
            None => match pile_of(zones, &d.from, ZoneOwner::Shared) {
                Ok(z) => Some(DealSource::Pile(z)),
                Err(miss) => {
                    let decks: Vec<&str> = decks.iter().map(|x| x.id.as_str()).collect();
                    ld.fail_key(
                        &key("from"),
                        (gf, &d.from),
                        format!(
                            "deal `{name}` is from `{}`, which {}",
                            d.from,
                            if miss.is_zone {
                                "is not a shared pile"
                            } else {
                                "is neither a deck nor a zone"
                            }
                        ),
                        &format!(
                            "name a deck ({}) or a shared pile zone",
                            if decks.is_empty() {
                                "none declared".to_string()
                            } else {
                                decks.join(", ")
                            }
                        ),
                    );
                    None
                }
            },
        };
        let to = match pile_of(zones, &d.to, ZoneOwner::Player) {
            Ok(z) => Some(z),
            Err(miss) => {
                ld.fail_key(
                    &key("to"),
                    (gf, &d.to),
                    format!(
                        "deal `{name}` is to `{}`, which {}",
                        d.to,
                        if miss.is_zone {
                            "is not a player's pile"
                        } else {
                            "is not a zone"
                        }
                    ),
                    &format!(
                        "name a zone with owner = \"player\"; player piles are: {}",
                        miss.piles
                    ),
                );
                None
            }
        };
        let count = counts(ld, gf, name, &d.count);
        let (Some(from), Some(to)) = (from, to) else {
            continue;
        };
        if d.enabled {
            named.push((
                d.order,
                name,
                Deal {
                    name: name.clone(),
                    from,
                    to,
                    count,
                },
            ));
        }
    }
    named.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
    let deals: Vec<Deal> = named.into_iter().map(|(_, _, d)| d).collect();
    check_room(ld, gf, &deals, zones, players);
    deals
}

/// `count` as cards per player by player count (one entry at 1 for a single number);
/// each number at most [`MAX_AMOUNT`], as every amount a pack gives.
fn counts(ld: &mut Loader, gf: &str, name: &str, v: &PerPlayers) -> BTreeMap<u8, u32> {
    let numbers: Vec<u32> = match v {
        PerPlayers::One(n) => vec![*n],
        PerPlayers::By(map) => map.values().copied().collect(),
    };
    if let Some(n) = numbers.into_iter().find(|&n| i64::from(n) > MAX_AMOUNT) {
        ld.fail_key(
            &format!("deals.{name}.count"),
            (gf, "count"),
            format!("deal `{name}`: count {n} is out of range: weft takes whole numbers from 0 to {MAX_AMOUNT} here"),
            "deal as many cards as a player could hold",
        );
        return BTreeMap::new();
    }
    let (out, bad) = by_player_count(v);
    for k in bad {
        ld.fail_key(
            &format!("deals.{name}.count"),
            (gf, "count"),
            format!("deal `{name}`: count key `{k}` is not a player count"),
            "player counts are 1 to 8: count = { 2 = 3, 4 = 2 }",
        );
    }
    out
}

/// An error for the first player count at which the deals put more cards in a zone
/// than its `cap` or `limit` allows.
fn check_room(ld: &mut Loader, gf: &str, deals: &[Deal], zones: &[Zone], players: &[u8]) {
    for z in zones.iter().filter(|z| z.owner == ZoneOwner::Player) {
        let bounds = [("cap", z.cap), ("limit", z.limit)];
        let Some((what, most)) = bounds
            .into_iter()
            .filter_map(|(w, n)| n.map(|n| (w, n)))
            .min_by_key(|&(_, n)| n)
        else {
            continue;
        };
        for &n in players {
            let dealt: u64 = deals
                .iter()
                .filter(|d| zones[d.to as usize].id == z.id)
                .map(|d| u64::from(d.count_at(n as usize)))
                .sum();
            if dealt > u64::from(most) {
                ld.fail(
                    gf,
                    &format!("id = \"{}\"", z.id),
                    format!(
                        "the [deals] give each player {dealt} cards in `{}` at {n} players, above its {what} of {most}",
                        z.id
                    ),
                    &format!("deal at most {most} into `{}`, or raise its {what}", z.id),
                );
                break;
            }
        }
    }
}
