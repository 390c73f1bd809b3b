//! The `[report]` values of cards: each card's price and points, where the pack names
//! the params holding them.

use crate::content::diagnostics::Loader;
use crate::content::{Card, CardValue, Counter};

/// Every card that has the `[report]` params holds what they promise: a table of
/// counter amounts for the price, a whole number for the points.
pub(in crate::content) fn check_card_value(
    ld: &mut Loader,
    value: &CardValue,
    cards: &[Card],
    counters: &[Counter],
) {
    for card in cards {
        if let Some(key) = &value.cost {
            match card.params.get(key) {
                None => {}
                Some(toml::Value::Table(t)) => {
                    for (k, v) in t {
                        let ok = counters.iter().any(|c| &c.id == k)
                            && v.as_integer().is_some_and(|n| n >= 0);
                        if !ok {
                            ld.fail_in_entry(
                                (&card.declared_in, "cards", &card.template),
                                Some(&format!("params.{key}.{k}")),
                                &card.template,
                                format!("card `{}`: its price `{key}` has `{k} = {v}`, which is not an amount of a counter", card.template),
                                "[report] card_cost names a param that maps counter ids to whole amounts, e.g. needs = { oak = 2 }",
                            );
                        }
                    }
                }
                Some(other) => ld.fail_in_entry(
                    (&card.declared_in, "cards", &card.template),
                    Some(&format!("params.{key}")),
                    &card.template,
                    format!("card `{}`: its price `{key}` is {other}, not a table", card.template),
                    "[report] card_cost names a param that maps counter ids to whole amounts, e.g. needs = { oak = 2 }",
                ),
            }
        }
        if let Some(key) = &value.points {
            if let Some(v) = card.params.get(key) {
                if v.as_integer().is_none_or(|n| n < 0) {
                    ld.fail_in_entry(
                        (&card.declared_in, "cards", &card.template),
                        Some(&format!("params.{key}")),
                        &card.template,
                        format!("card `{}`: its points `{key}` is {v}, not a whole number", card.template),
                        "[report] card_points names a param holding the points a card scores, e.g. prestige = 7",
                    );
                }
            }
        }
    }
}
