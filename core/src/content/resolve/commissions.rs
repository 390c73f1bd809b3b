//! `commissions/<grade>/*.toml`: Tabriz's commission cards, each in the grade its
//! file is named after, with what it requires and rewards.

use crate::content::diagnostics::Loader;
use crate::content::raw::{CommissionToml, Placed};
use crate::content::{Commission, Counter, Grade, Material};

use super::counters::{counter_id, counter_list};
use super::game::{material_id, material_list};
use super::grades::{grade_id, grade_list};
use super::Scripts;

/// The section's parts the commissions are resolved against.
pub(in crate::content) struct Against<'a> {
    /// The game's materials (what commissions require).
    pub materials: &'a [Material],
    /// The counters (what commissions reward).
    pub counters: &'a [Counter],
    /// The grades (one per commission file name).
    pub grades: &'a [Grade],
    /// How many tiles the pack has (tiles and cards are at most 65535 each).
    pub tiles: usize,
}

/// Every commission, in the merged order.
pub(in crate::content) fn resolve(
    ld: &mut Loader,
    gf: &str,
    cards_raw: Vec<Placed<CommissionToml>>,
    against: &Against,
    scripts: &Scripts,
) -> Vec<Commission> {
    let Against {
        materials,
        counters,
        grades,
        tiles,
    } = *against;
    let mut commissions: Vec<Commission> = Vec::new();
    for placed in cards_raw {
        let (path, c) = (placed.label, placed.item);
        let rel = placed
            .path
            .trim_start_matches("commissions/")
            .trim_end_matches(".toml");
        let grade_name = rel.split('/').next().unwrap_or(rel);
        let Some(g) = grade_id(grades, grade_name) else {
            ld.fail(
                &path,
                "",
                format!("`{grade_name}` is not a grade"),
                &format!(
                    "name commission files after a grade: {}",
                    grade_list(grades)
                ),
            );
            continue;
        };
        {
            if commissions.iter().any(|x| x.id == c.id) {
                ld.fail(
                    &path,
                    &c.id,
                    format!("commission id `{}` is used twice", c.id),
                    "",
                );
            }
            if c.requires.is_empty() && grades[g as usize].deck {
                ld.fail(
                    &path,
                    &c.id,
                    format!("commission `{}` requires nothing", c.id),
                    "add requires = { material = count }",
                );
            }
            let mut requires = Vec::new();
            for (m, k) in &c.requires {
                match material_id(materials, m) {
                    Some(i) => requires.push((i, *k)),
                    None => ld.fail(
                        &path,
                        m,
                        format!("commission `{}` requires unknown material `{m}`", c.id),
                        &format!("materials are: {}", material_list(materials)),
                    ),
                }
            }
            let mut reward = Vec::new();
            for (k, &n) in &c.reward {
                match counter_id(counters, k) {
                    Some(i) => reward.push((i, n)),
                    None => ld.fail(
                        &path,
                        k,
                        format!(
                            "commission `{}` rewards `{k}`, which is not a counter",
                            c.id
                        ),
                        &format!("counters are: {}", counter_list(counters)),
                    ),
                }
            }
            reward.sort_by_key(|&(k, _)| k);
            let workshop = c
                .workshop
                .as_ref()
                .map(|w| scripts.script_ref(ld, w, &path));
            commissions.push(Commission {
                id: c.id,
                name: c.name,
                grade: g,
                requires,
                reward,
                workshop,
                declared_in: path.clone(),
            });
        }
    }
    if commissions.len() > u16::MAX as usize || tiles > u16::MAX as usize {
        ld.fail(
            gf,
            "",
            "too many cards or tiles (the limit is 65535 each)",
            "",
        );
    }
    commissions
}
