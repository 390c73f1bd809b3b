//! `runs.jsonl`: one [`GameRecord`] per line, written by `weft sim --out` and read back
//! by `weft merge`.

use std::io::{BufRead, BufWriter, Write};
use std::path::Path;

use anyhow::Context;
use weft_core::sim::GameRecord;

/// Writes `records`, one JSON object per line.
pub fn write(path: &Path, records: &[GameRecord]) -> anyhow::Result<()> {
    let file = std::fs::File::create(path)
        .with_context(|| format!("error: could not create {}", path.display()))?;
    let mut out = BufWriter::new(file);
    for r in records {
        serde_json::to_writer(&mut out, r)?;
        out.write_all(b"\n")?;
    }
    out.flush()
        .with_context(|| format!("error: could not write {}", path.display()))
}

/// Reads the records of one file. A line that is not a game record is an error naming
/// the file and line; blank lines are skipped.
pub fn read(path: &Path) -> anyhow::Result<Vec<GameRecord>> {
    let file = std::fs::File::open(path)
        .with_context(|| format!("error: could not open {}", path.display()))?;
    let mut records = Vec::new();
    for (n, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.with_context(|| format!("error: could not read {}", path.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        let record: GameRecord = serde_json::from_str(&line).map_err(|e| {
            anyhow::anyhow!(
                "error: {}:{}: not a weft game record ({e}); was it written by `weft sim --out`?",
                path.display(),
                n + 1
            )
        })?;
        records.push(record);
    }
    Ok(records)
}
