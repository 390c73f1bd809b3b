//! `[score]`: what a player scores (counters, a track's points, the end tokens) and how
//! ties break.

use crate::content::diagnostics::Loader;
use crate::content::raw::ScoreToml;
use crate::content::{Counter, CounterId, ScorePart, ScoreRules, TieBreak, Track};

/// `[score]` resolved to counter ids. A game without one is an error showing the form.
pub(in crate::content) fn resolve(
    ld: &mut Loader,
    gf: &str,
    raw: Option<&ScoreToml>,
    (counters, abilities): (&[Counter], &std::collections::BTreeMap<String, i64>),
    tracks: &[Track],
    materials: usize,
) -> ScoreRules {
    let all_materials: Vec<CounterId> = (0..materials as CounterId).collect();
    let Some(raw) = raw else {
        ld.fail(
            gf,
            "",
            "the game has no [score]: weft has no built-in scoring",
            "declare what a player scores and how ties break, e.g.\n  [score]\n  parts = [\"prestige\", \"track:skill\", \"tokens\"]   # counters, a track's points, the end tokens\n  tiebreak = [\"coins + materials\"]",
        );
        return ScoreRules {
            parts: Vec::new(),
            tiebreak: Vec::new(),
        };
    };
    let counter = |id: &str| {
        counters
            .iter()
            .position(|k| k.id == id)
            .map(|i| i as CounterId)
    };
    let ids = || {
        counters
            .iter()
            .map(|k| k.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut parts = Vec::new();
    for part in &raw.parts {
        if let Some(rest) = part.strip_prefix("majority:") {
            let parsed = rest.split_once(':').and_then(|(id, points)| {
                let points: Option<Vec<i64>> = points
                    .split(',')
                    .map(|x| {
                        x.trim().parse::<i64>().ok().filter(|v| {
                            (-crate::limits::MAX_AMOUNT..=crate::limits::MAX_AMOUNT).contains(v)
                        })
                    })
                    .collect();
                Some((id, points.filter(|p| !p.is_empty() && p.len() <= 16)?))
            });
            match parsed {
                Some((id, points)) => match counter(id) {
                    Some(k) => parts.push(ScorePart::Majority {
                        counter: k,
                        points,
                        at_least: raw.majority_at_least.get(id).cloned(),
                    }),
                    None => ld.fail_in_list(
                        (gf, "score.parts", part),
                        format!("[score] parts: `{part}`: `{id}` is not a counter"),
                        &format!("counters are: {}", ids()),
                    ),
                },
                None => ld.fail_in_list(
                    (gf, "score.parts", part),
                    format!("[score] parts: `{part}` is not a majority"),
                    "write majority:<counter>:<points by place>, e.g. \"majority:contracts:8,4\" (1 to 16 places, each within ±1000000)",
                ),
            }
            continue;
        }
        if let Some(id) = part.strip_prefix("track:") {
            match counter(id).and_then(|k| tracks.iter().position(|t| t.counter == k)) {
                Some(t) => parts.push(ScorePart::TrackPoints(t)),
                None => ld.fail_in_list(
                    (gf, "score.parts", part),
                    format!("[score] parts: `{id}` has no [tracks.{id}]"),
                    "name a counter that has a track (its points), e.g. track:skill",
                ),
            }
            continue;
        }
        match part.as_str() {
            "track" => ld.fail_in_list(
                (gf, "score.parts", "track"),
                "[score] parts: `track` now names its counter",
                "write \"track:skill\" (the points of [tracks.skill] at the player's value)",
            ),
            "tokens" => parts.push(ScorePart::Tokens),
            id => match counter(id) {
                Some(k) => parts.push(ScorePart::Counter(k)),
                None => ld.fail_in_list(
                    (gf, "score.parts", id),
                    format!(
                        "[score] parts: `{id}` is not a counter, `track:<counter>` or `tokens`"
                    ),
                    &format!("counters are: {}", ids()),
                ),
            },
        }
    }
    for (id, ability) in &raw.majority_at_least {
        let majority = parts.iter().any(|p| {
            matches!(p, ScorePart::Majority { counter: k, .. } if counters[*k as usize].id == *id)
        });
        if !majority {
            ld.fail_key(
                &format!("score.majority_at_least.{id}"),
                (gf, "majority_at_least"),
                format!("[score] majority_at_least: `{id}` is no majority of [score] parts"),
                &format!("name the counter of a \"majority:{id}:…\" part, or remove it"),
            );
        }
        if !abilities.contains_key(ability) {
            ld.fail_key(
                &format!("score.majority_at_least.{id}"),
                (gf, "majority_at_least"),
                format!("[score] majority_at_least: `{ability}` is not an ability of [abilities]"),
                &format!("declare it in game.toml: [abilities] {ability} = 0 (a card's `abilities` raises it for its holder)"),
            );
        }
    }
    let mut tiebreak = Vec::new();
    for key in &raw.tiebreak {
        match key.as_str() {
            "latest_in_start_order" => tiebreak.push(TieBreak::LatestInStartOrder),
            "earliest_in_start_order" => tiebreak.push(TieBreak::EarliestInStartOrder),
            sum => {
                let mut ids_in = Vec::new();
                for id in sum.split('+').map(str::trim) {
                    if id == "materials" {
                        ids_in.extend(&all_materials);
                    } else if let Some(k) = counter(id) {
                        ids_in.push(k);
                    } else {
                        ld.fail_in_list(
                            (gf, "score.tiebreak", sum),
                            format!("[score] tiebreak: `{id}` is not a counter or `materials`"),
                            &format!("a key is counters joined by + (counters are: {}), or latest_in_start_order / earliest_in_start_order", ids()),
                        );
                    }
                }
                tiebreak.push(TieBreak::Sum(ids_in));
            }
        }
    }
    ScoreRules { parts, tiebreak }
}
