//! Counters: the materials (the first counters of every game) and the pack's
//! `[[counters]]`, each checked.

use super::check_id;
use crate::content::diagnostics::{EntryKey, Loader};
use crate::content::raw::{CounterToml, GameToml};
use crate::content::{Counter, CounterId, Material, Over};

/// The counters of the game: the materials, then the pack's `[[counters]]`. A material
/// or counter whose id `[score]` reads as a word of its own is an error.
pub(in crate::content) fn resolve(
    ld: &mut Loader,
    gf: &str,
    game: &GameToml,
    materials: &[Material],
) -> Vec<Counter> {
    let supplies: Vec<Option<u32>> = game.materials.iter().map(|m| m.supply).collect();
    let mut counters = material_counters(materials, &supplies);
    for (i, m) in materials.iter().enumerate() {
        if let Some(meaning) = score_word(&m.id) {
            let at = EntryKey {
                array: "materials",
                k: i,
                key: Some("id"),
            };
            ld.fail_entry(
                at,
                (gf, &format!("id = \"{}\"", m.id)),
                format!(
                    "material id `{}` is a word of [score]: {meaning}, never as this material",
                    m.id
                ),
                "give the material another id",
            );
        }
    }
    declare_counters(ld, gf, &game.counters, &mut counters);
    counters
}

/// The index of counter `id`.
pub(in crate::content) fn counter_id(counters: &[Counter], id: &str) -> Option<CounterId> {
    counters
        .iter()
        .position(|k| k.id == id)
        .map(|i| i as CounterId)
}

/// A `cost`, `needs` or similar map of counter ids to amounts, as amounts by counter in
/// counter order; `fail` records each key that is not a counter.
pub(in crate::content) fn counter_amounts(
    counters: &[Counter],
    raw: &std::collections::BTreeMap<String, u32>,
    mut fail: impl FnMut(&str),
) -> Vec<(CounterId, u32)> {
    let mut out = Vec::new();
    for (k, &n) in raw {
        match counter_id(counters, k) {
            Some(id) => out.push((id, n)),
            None => fail(k),
        }
    }
    out.sort_by_key(|&(k, _)| k);
    out
}

/// The counter ids, for help texts.
pub(in crate::content) fn counter_list(counters: &[Counter]) -> String {
    counters
        .iter()
        .map(|k| k.id.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The materials as counters, in order: the first counters of every game (material `m`
/// is counter `m`); the pack's `[[counters]]` follow.
fn material_counters(materials: &[Material], supplies: &[Option<u32>]) -> Vec<Counter> {
    materials
        .iter()
        .zip(supplies)
        .map(|(m, &supply)| Counter {
            id: m.id.clone(),
            name: m.name.clone(),
            min: 0,
            max: None,
            over: Over::Refuse,
            value: m.value,
            supply,
        })
        .collect()
}

/// The words `[score]` reads as its own in `parts` and `tiebreak`, with what each means
/// there: a counter or material with one of these ids could never be scored or compared.
const SCORE_WORDS: [(&str, &str); 5] = [
    (
        "track",
        "`parts` answers it with the form `track:<counter>`",
    ),
    ("tokens", "`parts` reads it as the end tokens held"),
    ("materials", "`tiebreak` reads it as every material"),
    (
        "latest_in_start_order",
        "`tiebreak` reads it as the seat order from the start player",
    ),
    (
        "earliest_in_start_order",
        "`tiebreak` reads it as the seat order from the start player",
    ),
];

/// What `[score]` reads `id` as, when it is one of its own words ([`SCORE_WORDS`]).
fn score_word(id: &str) -> Option<&'static str> {
    SCORE_WORDS
        .iter()
        .find(|(word, _)| *word == id)
        .map(|&(_, meaning)| meaning)
}

/// Why counter `k`'s range leaves out 0, the value every player starts it at (before
/// `[[setup]]` or a setup hook gains any), with what to do; `None` when 0 is in range.
fn start_outside_range(k: &CounterToml) -> Option<(String, &'static str)> {
    const HELP: &str = "every player starts each counter at 0 (setup gains from there): give a range that holds 0, such as min = 0";
    if k.min > 0 {
        return Some((format!("below its min = {}", k.min), HELP));
    }
    match k.max {
        Some(max) if max < 0 => Some((format!("above its max = {max}"), HELP)),
        _ => None,
    }
}

/// Appends the pack's `[[counters]]`, checking each: a fresh id that `[score]` does not
/// read as a word of its own, `min <= max`, a range that holds the start (0), a known
/// `over`.
fn declare_counters(
    ld: &mut Loader,
    gf: &str,
    declared: &[CounterToml],
    counters: &mut Vec<Counter>,
) {
    for (i, k) in declared.iter().enumerate() {
        let needle = format!("id = \"{}\"", k.id);
        let at = EntryKey {
            array: "counters",
            k: i,
            key: Some("id"),
        };
        if let Err(why) = check_id(&k.id) {
            ld.fail_entry(
                at,
                (gf, &needle),
                format!("counter id `{}`: {why}", k.id),
                "",
            );
        }
        if let Some(meaning) = score_word(&k.id) {
            ld.fail_entry(
                at,
                (gf, &needle),
                format!(
                    "counter id `{}` is a word of [score]: {meaning}, never as this counter",
                    k.id
                ),
                "give the counter another id",
            );
        }
        if counters.iter().any(|c| c.id == k.id) {
            ld.fail_entry(
                at,
                (gf, &needle),
                format!(
                    "counter `{}` is declared twice (materials are counters too)",
                    k.id
                ),
                "give it another id",
            );
            continue;
        }
        if k.max.is_some_and(|max| max < k.min) {
            ld.fail_entry(
                at,
                (gf, &needle),
                format!("counter `{}`: max is below min", k.id),
                "",
            );
        } else if let Some((problem, help)) = start_outside_range(k) {
            ld.fail_entry(
                at,
                (gf, &needle),
                format!("counter `{}` starts at 0, {problem}", k.id),
                help,
            );
        }
        let over = match k.over.as_deref() {
            None | Some("refuse") => Over::Refuse,
            Some("clip") => Over::Clip,
            Some(other) => {
                ld.fail_entry(
                    at,
                    (gf, &needle),
                    format!(
                        "counter `{}`: over = \"{other}\" is not refuse or clip",
                        k.id
                    ),
                    "refuse: a gain past max is an error; clip: the excess is lost and logged",
                );
                Over::Refuse
            }
        };
        if counters.len() >= 256 {
            ld.fail_entry(at, (gf, &needle), "a game has at most 256 counters", "");
            return;
        }
        counters.push(Counter {
            id: k.id.clone(),
            name: k.name.clone(),
            min: k.min,
            max: k.max,
            over,
            value: k.value,
            supply: k.supply,
        });
    }
}
