//! `runs.jsonl`: one [`GameRecord`] per line, written by `weft sim --out` and read back
//! by `weft merge`. Reading trusts nothing: every line is parsed and checked with
//! [`GameRecord::validate`], lines are bounded in length and a file with too many bad
//! lines is not read further.

use std::io::{BufRead, BufWriter, Read, Write};
use std::path::Path;

use anyhow::Context;
use weft_core::sim::GameRecord;

/// Longest line of a runs file, in bytes (a record of a big pack is a few hundred KiB).
pub const MAX_LINE_BYTES: u64 = 16 << 20;
/// Bad lines after which the rest of a file is not read (it is not a runs file).
pub const MAX_BAD_LINES: usize = 100;

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

/// A valid record and its 1-based line number.
pub struct Line {
    /// Line number in the file.
    pub line: usize,
    /// The record on it.
    pub record: GameRecord,
}

/// What one runs file holds.
pub struct RunsFile {
    /// The valid records, in file order.
    pub records: Vec<Line>,
    /// One message per line that is not a valid record (`file:line: what`).
    pub problems: Vec<String>,
    /// Why reading stopped before the end of the file, if it did.
    pub stopped: Option<String>,
}

/// Reads the records of one file. A line that is not a valid game record becomes a
/// problem naming the file and line, and is left out; blank lines are skipped. Reading
/// stops at a line longer than [`MAX_LINE_BYTES`] or after [`MAX_BAD_LINES`] bad lines.
/// `Err` only if the file cannot be opened or read.
pub fn read(path: &Path) -> anyhow::Result<RunsFile> {
    let file = std::fs::File::open(path)
        .with_context(|| format!("error: could not open {}", path.display()))?;
    let mut reader = std::io::BufReader::new(file);
    let mut out = RunsFile {
        records: Vec::new(),
        problems: Vec::new(),
        stopped: None,
    };
    let mut buf = Vec::new();
    for n in 1.. {
        buf.clear();
        (&mut reader)
            .take(MAX_LINE_BYTES + 1)
            .read_until(b'\n', &mut buf)
            .with_context(|| format!("error: could not read {}", path.display()))?;
        if buf.is_empty() {
            break;
        }
        if buf.len() as u64 > MAX_LINE_BYTES {
            out.stopped = Some(format!(
                "{}:{n}: the line is longer than {} MiB, so this is not a runs file; the rest of the file was not read",
                path.display(),
                MAX_LINE_BYTES >> 20
            ));
            break;
        }
        if buf.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match parse(&buf) {
            Ok(record) => out.records.push(Line { line: n, record }),
            Err(why) => out.problems.push(format!("{}:{n}: {why}", path.display())),
        }
        if out.problems.len() >= MAX_BAD_LINES {
            out.stopped = Some(format!(
                "{}: {MAX_BAD_LINES} lines are not valid game records; the rest of the file was not read",
                path.display()
            ));
            break;
        }
    }
    Ok(out)
}

/// One line as a checked record, or what is wrong with it.
fn parse(line: &[u8]) -> Result<GameRecord, String> {
    let record: GameRecord = serde_json::from_slice(line).map_err(|e| {
        format!("not a weft game record ({e}); was it written by `weft sim --out`?")
    })?;
    record
        .validate()
        .map_err(|why| format!("not a valid game record: {why}"))?;
    Ok(record)
}
