//! `[tracks.<counter>]`: points by value, and the unlocks along each track.

use crate::content::diagnostics::{EntryKey, Loader};
use crate::content::raw::{GameToml, TrackToml};
use crate::content::{Counter, CounterId, Track, Unlock};

use super::counters::{counter_id, counter_list};
use super::Scripts;

/// The tracks, in their counters' order, and every unlock on them.
pub(in crate::content) fn resolve(
    ld: &mut Loader,
    gf: &str,
    game: &GameToml,
    counters: &[Counter],
    scripts: &Scripts,
) -> (Vec<Track>, Vec<Unlock>) {
    let mut tracks = Vec::new();
    let mut unlocks: Vec<Unlock> = Vec::new();
    let mut by_counter: Vec<(CounterId, &String, &TrackToml)> = Vec::new();
    for (id, t) in &game.tracks {
        match counter_id(counters, id) {
            Some(k) => by_counter.push((k, id, t)),
            None => ld.fail(
                gf,
                &format!("[tracks.{id}]"),
                format!("[tracks.{id}]: `{id}` is not a counter"),
                &format!(
                    "a track is on a counter of [[counters]]; counters are: {}",
                    counter_list(counters)
                ),
            ),
        }
    }
    by_counter.sort_by_key(|&(k, _, _)| k);
    for (k, id, t) in by_counter {
        let max = counters[k as usize].max;
        if let Some(max) = max {
            if t.points.len() as i64 > max + 1 {
                ld.fail_key(
                    &format!("tracks.{id}.points"),
                    (gf, "points"),
                    format!(
                        "[tracks.{id}] points has {} entries, more than the values 0..={max} of `{id}`",
                        t.points.len()
                    ),
                    "give one entry per value from 0 up to the counter's max",
                );
            }
        }
        let array = format!("tracks.{id}.unlocks");
        for (j, u) in t.unlocks.iter().enumerate() {
            let at = EntryKey {
                array: &array,
                k: j,
                key: Some("at"),
            };
            if max.is_some_and(|max| u.at as i64 > max) {
                ld.fail_entry(
                    at,
                    (gf, &format!("at = {}", u.at)),
                    format!(
                        "[tracks.{id}] unlock at {} is above the max of `{id}` ({})",
                        u.at,
                        max.unwrap_or_default()
                    ),
                    "",
                );
            }
            unlocks.push(Unlock {
                counter: k,
                level: u.at,
                text: u.text.clone(),
                abilities: u.abilities.clone(),
                on_reach: u.on_reach.as_ref().map(|s| scripts.script_ref(ld, s, gf)),
                declared_at: ld.locate_entry(at, (gf, &format!("at = {}", u.at))),
            });
        }
        tracks.push(Track {
            counter: k,
            points: t.points.clone(),
        });
    }
    (tracks, unlocks)
}
