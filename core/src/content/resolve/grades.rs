//! `[[grades]]`: the grades commissions are sorted into, what unlocks each, and the
//! starting workshop's grade.

use crate::content::diagnostics::{EntryKey, Loader};
use crate::content::raw::GameToml;
use crate::content::{Counter, Grade, GradeId};

use super::counters::{counter_id, counter_list};

/// `[[grades]]`, each unlock on a counter. A pack with commissions (`has_commissions`)
/// needs at least one grade.
pub(in crate::content) fn resolve(
    ld: &mut Loader,
    gf: &str,
    game: &GameToml,
    counters: &[Counter],
    has_commissions: bool,
) -> Vec<Grade> {
    let grades: Vec<Grade> = game
        .grades
        .iter()
        .enumerate()
        .map(|(i, g)| Grade {
            id: g.id.clone(),
            name: g.name.clone(),
            unlock: g
                .unlock
                .iter()
                .filter_map(|(k, &n)| {
                    let id = counter_id(counters, k);
                    if id.is_none() {
                        let path = format!("unlock.{k}");
                        let at = EntryKey {
                            array: "grades",
                            k: i,
                            key: Some(&path),
                        };
                        ld.fail_entry(
                            at,
                            (gf, k),
                            format!("grade `{}` unlocks at `{k}`, which is not a counter", g.id),
                            &format!("counters are: {}", counter_list(counters)),
                        );
                    }
                    id.map(|id| (id, n as i64))
                })
                .collect(),
            deck: g.deck,
            declared_at: ld.locate_entry(
                EntryKey {
                    array: "grades",
                    k: i,
                    key: Some("id"),
                },
                (gf, &format!("id = \"{}\"", g.id)),
            ),
        })
        .collect();
    if grades.is_empty() && has_commissions {
        ld.fail(
            gf,
            "[[grades]]",
            "the pack has commissions but no [[grades]] to sort them into",
            "add [[grades]] (one per commissions/<grade>.toml file), or use [[cards]] in cards/*.toml",
        );
    }
    grades
}

/// The index of grade `id`.
pub(in crate::content) fn grade_id(grades: &[Grade], id: &str) -> Option<GradeId> {
    grades.iter().position(|g| g.id == id).map(|i| i as GradeId)
}

/// The grade ids, for help texts.
pub(in crate::content) fn grade_list(grades: &[Grade]) -> String {
    grades
        .iter()
        .map(|g| g.id.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Each grade's unlock is within its counter's max.
pub(in crate::content) fn check_unlocks(
    ld: &mut Loader,
    gf: &str,
    grades: &[Grade],
    counters: &[Counter],
) {
    for (i, g) in grades.iter().enumerate() {
        for &(k, n) in &g.unlock {
            if counters[k as usize].max.is_some_and(|max| n > max) {
                let path = format!("unlock.{}", counters[k as usize].id);
                let at = EntryKey {
                    array: "grades",
                    k: i,
                    key: Some(&path),
                };
                ld.fail_entry(
                    at,
                    (gf, &g.id),
                    format!(
                        "grade `{}` unlocks at {n} {}, above its max",
                        g.id, counters[k as usize].id
                    ),
                    "",
                );
            }
        }
    }
}

/// `[starting_workshop]`'s grade, when enabled: a grade that is not a deck.
pub(in crate::content) fn starting_grade(
    ld: &mut Loader,
    gf: &str,
    game: &GameToml,
    grades: &[Grade],
) -> Option<GradeId> {
    match &game.starting_workshop {
        Some(sw) if sw.enabled => match grade_id(grades, &sw.grade) {
            Some(g) if !grades[g as usize].deck => Some(g),
            Some(_) => {
                ld.fail(
                    gf,
                    &sw.grade,
                    format!(
                        "starting_workshop.grade `{}` is a deck; use a grade with deck = false",
                        sw.grade
                    ),
                    "",
                );
                None
            }
            None => {
                ld.fail(
                    gf,
                    &sw.grade,
                    format!("starting_workshop.grade names unknown grade `{}`", sw.grade),
                    &format!("grades are: {}", grade_list(grades)),
                );
                None
            }
        },
        _ => None,
    }
}
