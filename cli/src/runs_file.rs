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

/// Writes records to a runs file as the games end, one line each, handed to the system
/// at once: a run stopped by a signal, a scheduler's time limit or a crash keeps the
/// games that ended before it. Lines are in game order: a game that ends before an
/// earlier one waits for it (at most the games the other workers are playing), and
/// [`RunsWriter::finish`] writes whatever still waits, so a stopped run loses none.
pub struct RunsWriter {
    path: std::path::PathBuf,
    out: std::sync::Mutex<Order>,
}

/// The file, the games in the order they are written, and what waits.
struct Order {
    file: std::fs::File,
    /// Game indices in the order their lines go in the file.
    order: Vec<u64>,
    /// How many of `order` are written.
    written: usize,
    /// Lines of games that ended before an earlier one, by index.
    waiting: std::collections::BTreeMap<u64, Vec<u8>>,
    /// The first write error (later lines are then not written).
    error: Option<String>,
}

impl Order {
    fn write(&mut self, line: &[u8]) {
        if self.error.is_none() {
            if let Err(e) = self.file.write_all(line) {
                self.error = Some(e.to_string());
            }
        }
    }
}

impl RunsWriter {
    /// A new, empty runs file at `path` (an existing one is replaced), for the games
    /// `order` in that order.
    pub fn create(path: &Path, order: Vec<u64>) -> anyhow::Result<RunsWriter> {
        let file = std::fs::File::create(path)
            .with_context(|| format!("error: could not create {}", path.display()))?;
        Ok(Self::over(path, file, order))
    }

    /// `path` holding `records` alone, written anew (through a temporary file beside it,
    /// so the old file is whole until the new one is), and open for the games `order`.
    pub fn rewrite(
        path: &Path,
        records: &[GameRecord],
        order: Vec<u64>,
    ) -> anyhow::Result<RunsWriter> {
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(".resume-tmp");
        let tmp = path.with_file_name(name);
        write(&tmp, records)?;
        std::fs::rename(&tmp, path)
            .with_context(|| format!("error: could not replace {}", path.display()))?;
        let file = std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .with_context(|| format!("error: could not open {}", path.display()))?;
        Ok(Self::over(path, file, order))
    }

    fn over(path: &Path, file: std::fs::File, order: Vec<u64>) -> RunsWriter {
        RunsWriter {
            path: path.to_path_buf(),
            out: std::sync::Mutex::new(Order {
                file,
                order,
                written: 0,
                waiting: Default::default(),
                error: None,
            }),
        }
    }

    /// Adds `record`'s line: written at once when every earlier game is, else when they
    /// are.
    pub fn push(&self, record: &GameRecord) {
        let line = serde_json::to_vec(record).map(|mut l| {
            l.push(b'\n');
            l
        });
        let mut out = self.out.lock().unwrap_or_else(|p| p.into_inner());
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                out.error.get_or_insert(e.to_string());
                return;
            }
        };
        out.waiting.insert(record.index, line);
        while let Some(&next) = out.order.get(out.written) {
            let Some(line) = out.waiting.remove(&next) else {
                break;
            };
            out.write(&line);
            out.written += 1;
        }
    }

    /// Writes the lines still waiting (a stopped run's games that ended after a game
    /// that did not), then `Err` naming the file if any write failed.
    pub fn finish(self) -> anyhow::Result<()> {
        let mut out = self.out.into_inner().unwrap_or_else(|p| p.into_inner());
        for line in std::mem::take(&mut out.waiting).into_values() {
            out.write(&line);
        }
        if let Some(e) = out.error {
            anyhow::bail!("error: could not write {}: {e}", self.path.display());
        }
        out.file
            .sync_data()
            .with_context(|| format!("error: could not write {}", self.path.display()))
    }
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
