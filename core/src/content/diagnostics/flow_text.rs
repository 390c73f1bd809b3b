//! Where a problem of `[flow]` is: errors about it are found after parsing (the merged
//! game parameters carry no spans), so their places are looked up in the positions the
//! parser gave each `game.toml` of the chain ([`super::spans`]): a table's key, a
//! block's table, a step's entry in its block's `steps` and the keys of that entry.

use super::spans::FileEntries;
use super::Loader;
use crate::content::line_column;

/// Where something is: file label, 1-based line and column.
#[derive(Debug, Clone)]
pub(crate) struct Pos {
    /// The file label, `pack/game.toml`.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
}

impl Pos {
    /// `file:line`.
    pub fn label(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }
}

/// One `game.toml` of the chain: its text (for lines and columns) and its positions.
struct File {
    source: String,
    entries: FileEntries,
}

impl File {
    fn pos(&self, offset: usize) -> Pos {
        let (line, column) = line_column(&self.source, offset);
        Pos {
            file: self.entries.label.clone(),
            line,
            column,
        }
    }

    fn key(&self, path: &str) -> Option<Pos> {
        self.entries.keys.get(path).map(|&o| self.pos(o))
    }
}

/// The chain's `game.toml` files, the latest first (its definitions win the merge).
pub(crate) struct Texts {
    files: Vec<File>,
}

impl Texts {
    /// The files `labels` (base first) that `ld` holds, with the positions it indexed
    /// when it parsed them.
    pub fn new(ld: &Loader, labels: &[String]) -> Texts {
        let files = labels
            .iter()
            .rev()
            .filter_map(|l| {
                Some(File {
                    source: ld.source(l)?.to_string(),
                    entries: ld.positions(l)?.clone(),
                })
            })
            .collect();
        Texts { files }
    }

    /// A table's key (its header, `[flow]`, or its first dotted key).
    pub fn table(&self, table: &str) -> Option<Pos> {
        self.files.iter().find_map(|f| f.key(table))
    }

    /// `key` of a table (with `value`: the entry of that text in the key's list), else
    /// the key, else the table.
    pub fn table_key(&self, table: &str, key: &str, value: Option<&str>) -> Option<Pos> {
        let path = format!("{table}.{key}");
        self.files
            .iter()
            .find_map(|f| {
                let listed = value.and_then(|v| {
                    f.entries
                        .arrays
                        .get(&path)?
                        .iter()
                        .find(|e| e.text.as_deref() == Some(v))
                        .map(|e| f.pos(e.start))
                });
                listed.or_else(|| f.key(&path))
            })
            .or_else(|| self.table(table))
    }

    /// Where block `name` is declared.
    pub fn block(&self, name: &str) -> Option<Pos> {
        let path = format!("flow.blocks.{name}");
        self.files.iter().find_map(|f| f.key(&path))
    }

    /// A block-level key (`rounds`, `skip_rounds`) of block `name`, else the block.
    pub fn block_key(&self, name: &str, key: &str) -> Option<Pos> {
        let path = format!("flow.blocks.{name}.{key}");
        self.files
            .iter()
            .find_map(|f| f.key(&path))
            .or_else(|| self.block(name))
    }

    /// Step `k` of block `name`: with `key`, that key of the step, else its `do`. Falls
    /// back to the step, then to the block.
    pub fn step(&self, name: &str, k: usize, key: Option<&str>) -> Option<Pos> {
        let path = format!("flow.blocks.{name}.steps");
        self.files
            .iter()
            .find_map(|f| {
                let entry = f.entries.arrays.get(&path)?.get(k)?;
                let at = key
                    .and_then(|key| entry.keys.get(key))
                    .or_else(|| entry.keys.get("do"))
                    .copied()
                    .unwrap_or(entry.start);
                Some(f.pos(at))
            })
            .or_else(|| self.block(name))
    }
}
