//! `[[decks]]`: a draw pile with its discard pile, each a shared pile zone, and the
//! counter values a player needs to draw from it. A card belongs to the deck whose draw
//! pile it starts in.

use crate::content::diagnostics::{EntryKey, Loader};
use crate::content::raw::GameToml;
use crate::content::zones::pile_of;
use crate::content::{Card, Counter, Deck, DeckId, Zone, ZoneId, ZoneOwner};

use super::counters::{counter_id, counter_list};

/// `[[decks]]`, each pile a shared pile zone used by one deck alone, each unlock on a
/// counter and within its range; then each card's deck set from its starting zone.
pub(in crate::content) fn resolve(
    ld: &mut Loader,
    gf: &str,
    game: &GameToml,
    zones: &[Zone],
    counters: &[Counter],
    cards: &mut [Card],
) -> Vec<Deck> {
    let mut decks: Vec<Deck> = Vec::new();
    for (i, d) in game.decks.iter().enumerate() {
        let at = |key: &'static str| EntryKey {
            array: "decks",
            k: i,
            key: Some(key),
        };
        if decks.iter().any(|x| x.id == d.id) {
            ld.fail_entry(
                at("id"),
                (gf, &d.id),
                format!("deck id `{}` is used twice", d.id),
                "give each [[decks]] entry its own id",
            );
        }
        let pile = |ld: &mut Loader, key: &'static str, id: &str| -> Option<ZoneId> {
            pile_of(zones, id, ZoneOwner::Shared)
                .map_err(|miss| {
                    let what = if miss.is_zone {
                        "is not a shared pile"
                    } else {
                        "is not a zone"
                    };
                    ld.fail_entry(
                        at(key),
                        (gf, id),
                        format!("deck `{}`: its {key} `{id}` {what}", d.id),
                        &format!(
                            "declare it with [[zones]] (owner = \"shared\", kind = \"pile\"); shared piles are: {}",
                            miss.piles
                        ),
                    );
                })
                .ok()
        };
        let draw = pile(ld, "draw", &d.draw);
        let discard = pile(ld, "discard", &d.discard);
        for (key, z) in [("draw", draw), ("discard", discard)] {
            let Some(z) = z else { continue };
            let other = decks
                .iter()
                .find(|x| x.draw == z || x.discard == z)
                .map(|x| x.id.clone());
            if other.is_some() || (key == "discard" && draw == Some(z)) {
                let other = other.unwrap_or_else(|| d.id.clone());
                ld.fail_entry(
                    at(key),
                    (gf, &d.id),
                    format!(
                        "deck `{}`: zone `{}` is already a pile of deck `{other}`",
                        d.id, zones[z as usize].id
                    ),
                    "each deck has a draw pile and a discard pile of its own",
                );
            }
        }
        let mut unlock = Vec::new();
        for (k, &n) in &d.unlock {
            let path = format!("unlock.{k}");
            let key = EntryKey {
                array: "decks",
                k: i,
                key: Some(&path),
            };
            match counter_id(counters, k) {
                None => ld.fail_entry(
                    key,
                    (gf, k),
                    format!("deck `{}` unlocks at `{k}`, which is not a counter", d.id),
                    &format!("counters are: {}", counter_list(counters)),
                ),
                Some(c)
                    if counters[c as usize]
                        .max
                        .is_some_and(|max| i64::from(n) > max) =>
                {
                    ld.fail_entry(
                        key,
                        (gf, k),
                        format!("deck `{}` unlocks at {n} {k}, above its max", d.id),
                        "lower the unlock or raise the counter's max",
                    )
                }
                Some(c) => unlock.push((c, i64::from(n))),
            }
        }
        let (Some(draw), Some(discard)) = (draw, discard) else {
            continue;
        };
        decks.push(Deck {
            id: d.id.clone(),
            name: if d.name.is_empty() {
                d.id.clone()
            } else {
                d.name.clone()
            },
            draw,
            discard,
            unlock,
            declared_at: ld.locate_entry(at("id"), (gf, &format!("id = \"{}\"", d.id))),
        });
    }
    if decks.len() > usize::from(DeckId::MAX) {
        ld.fail(gf, "[[decks]]", "more than 255 decks", "merge some decks");
    }
    for card in cards.iter_mut() {
        card.deck = decks
            .iter()
            .position(|d| d.draw == card.zone)
            .map(|i| i as DeckId);
    }
    decks
}
