//! `weft sim --resume FILE`: go on with a run stopped part-way. The records FILE holds
//! are checked to be games of this very run (same content, seed, size, seats and
//! shard); a line cut short by the stop is dropped (its game is played again). `weft
//! sim` then rewrites the file with these records alone and appends the missing games.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

use weft_core::sim::{GameRecord, SimConfig};
use weft_core::Content;

use crate::runs_file;

/// The records of `path` that belong to run `cfg` on `content`, each game once, in game
/// order. `Err` when the file is missing, unreadable, or holds games of another run.
pub fn read(
    path: &Path,
    content: &Arc<Content>,
    cfg: &SimConfig,
) -> anyhow::Result<Vec<GameRecord>> {
    if !path.is_file() {
        anyhow::bail!(
            "error: --resume {}: there is no such file; start a run with --out {} and resume it with --resume",
            path.display(),
            path.display()
        );
    }
    let read = runs_file::read(path)?;
    if let Some(stopped) = &read.stopped {
        anyhow::bail!("error: --resume: {stopped}");
    }
    for p in &read.problems {
        eprintln!("note: {p}; the line is dropped and its game, if any, is played again");
    }
    let seats: Vec<String> = (0..cfg.players)
        .map(|s| cfg.bots[s % cfg.bots.len()].clone())
        .collect();
    let mut seen = BTreeSet::new();
    let mut kept = Vec::new();
    for line in read.records {
        let r = line.record;
        let at = format!("{}:{}", path.display(), line.line);
        let differs = if r.digest != content.digest {
            Some("another pack chain or version of the pack".to_string())
        } else if r.run_seed != cfg.seed {
            Some(format!("run seed {}, not --seed {}", r.run_seed, cfg.seed))
        } else if r.run_games != cfg.games {
            Some(format!(
                "a run of {} games, not --games {}",
                r.run_games, cfg.games
            ))
        } else if r.seats != seats {
            Some(format!(
                "seats {}, not {}",
                r.seats.join(","),
                seats.join(",")
            ))
        } else if !cfg.shard.has(r.index) {
            Some(format!(
                "game {}, which is not in shard {}/{}",
                r.index, cfg.shard.index, cfg.shard.count
            ))
        } else if r.variant.is_some() {
            Some("a game of a sweep".to_string())
        } else {
            None
        };
        if let Some(why) = differs {
            anyhow::bail!(
                "error: --resume: {at}: the record is of another run ({why}); resume with the flags of the run that wrote the file"
            );
        }
        if seen.insert(r.index) {
            kept.push(r);
        }
    }
    kept.sort_by_key(|r| r.index);
    Ok(kept)
}
