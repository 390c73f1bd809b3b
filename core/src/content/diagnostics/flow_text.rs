//! Where a problem of `[flow]` is: errors about it are found after parsing (the merged
//! game parameters carry no spans), so their places are found in the text of the
//! chain's `game.toml` files, the way [`Loader::locate`] does, but block by block and
//! step by step: a step's place is its `do` key, counted within its block's section.

use std::collections::BTreeMap;

use super::Loader;

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

/// One `game.toml` of the chain, indexed once.
struct FileIndex {
    label: String,
    /// Each line with its comment cut off.
    lines: Vec<String>,
    /// Table headers (`[end]`, `[flow]`, `[flow.blocks]`), squeezed, by first section.
    tables: BTreeMap<String, (usize, usize)>,
    /// Block sections by block name: first line, end line (exclusive).
    blocks: BTreeMap<String, (usize, usize)>,
    /// Per block: the line and byte column of each step's `do` key, in order.
    steps: BTreeMap<String, Vec<(usize, usize)>>,
}

/// The chain's `game.toml` files, the latest first (its definitions win the merge).
pub(crate) struct Texts {
    files: Vec<FileIndex>,
}

/// The text without white space outside quotes (`[ flow.blocks."a b" ]` is
/// `[flow.blocks."a b"]`).
fn squeeze(s: &str) -> String {
    let mut quote: Option<char> = None;
    s.chars()
        .filter(|&c| {
            match quote {
                Some(q) if c == q => quote = None,
                None if c == '"' || c == '\'' => quote = Some(c),
                _ => {}
            }
            quote.is_some() || !c.is_whitespace()
        })
        .collect()
}

/// The line without its comment (a `#` outside a string).
fn strip_comment(line: &str) -> &str {
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match quote {
            Some(q) => {
                if escaped {
                    escaped = false;
                } else if c == '\\' && q == '"' {
                    escaped = true;
                } else if c == q {
                    quote = None;
                }
            }
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == '#' => return &line[..i],
            None => {}
        }
    }
    line
}

/// The block a squeezed table header belongs to: `[flow.blocks.X]`,
/// `[flow.blocks."X"]`, `[flow.blocks.X.…]`, `[[flow.blocks.X.steps]]`.
fn header_block(h: &str) -> Option<String> {
    let rest = h
        .strip_prefix("[[flow.blocks.")
        .or_else(|| h.strip_prefix("[flow.blocks."))?;
    if let Some(q) = rest.strip_prefix('"') {
        return q.split('"').next().map(str::to_string);
    }
    let end = rest.find(['.', ']']).unwrap_or(rest.len());
    Some(rest[..end].to_string())
}

/// The key an inline block definition starts with, `X = {` under `[flow.blocks]` or
/// `blocks.X = {` under `[flow]`.
fn inline_block(table: &str, squeezed: &str) -> Option<String> {
    let rest = match table {
        "[flow.blocks]" => squeezed,
        "[flow]" => squeezed.strip_prefix("blocks.")?,
        _ => return None,
    };
    let (key, value) = rest.split_once('=')?;
    if !value.starts_with('{') {
        return None;
    }
    Some(key.trim_matches('"').to_string())
}

/// Byte columns of the keys `key = ` in `line` (not part of a longer name).
fn key_columns<'a>(line: &'a str, key: &'a str) -> impl Iterator<Item = usize> + 'a {
    line.match_indices(key).filter_map(move |(i, _)| {
        let before = line[..i].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '"')) {
            return None;
        }
        line[i + key.len()..]
            .trim_start()
            .starts_with('=')
            .then_some(i)
    })
}

impl FileIndex {
    fn new(label: &str, text: &str) -> FileIndex {
        let lines: Vec<String> = text
            .split('\n')
            .map(|l| strip_comment(l.trim_end_matches('\r')).to_string())
            .collect();
        let mut tables: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        let mut blocks: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        let mut open_table: Option<String> = None;
        let mut open_block: Option<String> = None;
        let mut table = String::new();
        for (i, line) in lines.iter().enumerate() {
            let sq = squeeze(line);
            if sq.starts_with('[') {
                let block = header_block(&sq);
                if open_block.is_some() && block != open_block {
                    if let Some(b) = open_block.take().and_then(|b| blocks.get_mut(&b)) {
                        b.1 = i;
                    }
                }
                if let Some(t) = open_table.take().and_then(|t| tables.get_mut(&t)) {
                    t.1 = i;
                }
                if let Some(b) = block {
                    if !blocks.contains_key(&b) {
                        blocks.insert(b.clone(), (i, lines.len()));
                        open_block = Some(b);
                    }
                } else if !tables.contains_key(&sq) {
                    tables.insert(sq.clone(), (i, lines.len()));
                    open_table = Some(sq.clone());
                }
                table = sq;
                continue;
            }
            if let Some(b) = inline_block(&table, &sq) {
                if let Some(prev) = open_block.take().and_then(|p| blocks.get_mut(&p)) {
                    prev.1 = i;
                }
                if !blocks.contains_key(&b) {
                    blocks.insert(b.clone(), (i, lines.len()));
                    open_block = Some(b);
                }
            }
        }
        let steps = blocks
            .iter()
            .map(|(name, &(from, to))| {
                let at: Vec<(usize, usize)> = (from..to)
                    .flat_map(|l| key_columns(&lines[l], "do").map(move |c| (l, c)))
                    .collect();
                (name.clone(), at)
            })
            .collect();
        FileIndex {
            label: label.to_string(),
            lines,
            tables,
            blocks,
            steps,
        }
    }

    fn pos(&self, line: usize, byte: usize) -> Pos {
        let text = &self.lines[line];
        let byte = byte.min(text.len());
        Pos {
            file: self.label.clone(),
            line: line + 1,
            column: text[..byte].chars().count() + 1,
        }
    }

    /// The first `key = ` (or, with `value`, the first `value` at or after it) between
    /// two places.
    fn find(
        &self,
        from: (usize, usize),
        to: (usize, usize),
        key: &str,
        value: Option<&str>,
    ) -> Option<Pos> {
        let mut key_at: Option<(usize, usize)> = None;
        for l in from.0..to.0.min(self.lines.len()) + 1 {
            let Some(line) = self.lines.get(l) else { break };
            let start = if l == from.0 { from.1 } else { 0 };
            let end = if l == to.0 {
                to.1.min(line.len())
            } else {
                line.len()
            };
            if start > end {
                continue;
            }
            let seg = &line[start..end];
            if key_at.is_none() {
                if let Some(c) = key_columns(seg, key).next() {
                    key_at = Some((l, start + c));
                }
            }
            if let (Some((kl, kc)), Some(v)) = (key_at, value) {
                let s = if l == kl { kc } else { start };
                if let Some(c) = line[s..end].find(&format!("\"{v}\"")) {
                    return Some(self.pos(l, s + c));
                }
            }
        }
        key_at
            .filter(|_| value.is_none())
            .map(|(l, c)| self.pos(l, c))
    }
}

impl Texts {
    /// Indexes the files `labels` (base first) that `ld` holds.
    pub fn new(ld: &Loader, labels: &[String]) -> Texts {
        let files = labels
            .iter()
            .rev()
            .filter_map(|l| ld.source(l).map(|t| FileIndex::new(l, t)))
            .collect();
        Texts { files }
    }

    /// A table's header, e.g. `[flow]`.
    pub fn table(&self, table: &str) -> Option<Pos> {
        let h = format!("[{table}]");
        self.files
            .iter()
            .find_map(|f| f.tables.get(&h).map(|&(l, _)| f.pos(l, 0)))
    }

    /// `key = ` in a table (with `value`: that quoted value after it), else the header.
    pub fn table_key(&self, table: &str, key: &str, value: Option<&str>) -> Option<Pos> {
        let h = format!("[{table}]");
        self.files
            .iter()
            .find_map(|f| {
                let &(from, to) = f.tables.get(&h)?;
                f.find((from + 1, 0), (to, 0), key, value)
                    .or_else(|| value.and_then(|_| f.find((from + 1, 0), (to, 0), key, None)))
            })
            .or_else(|| self.table(table))
    }

    /// Where block `name` is declared.
    pub fn block(&self, name: &str) -> Option<Pos> {
        self.files
            .iter()
            .find_map(|f| f.blocks.get(name).map(|&(l, _)| f.pos(l, 0)))
    }

    /// A block-level key (`rounds`, `skip_rounds`) of block `name`, else the block.
    pub fn block_key(&self, name: &str, key: &str) -> Option<Pos> {
        self.files
            .iter()
            .find_map(|f| {
                let &(from, to) = f.blocks.get(name)?;
                (from..to).find_map(|l| {
                    let line = &f.lines[l];
                    let start = line.len() - line.trim_start().len();
                    key_columns(line, key)
                        .find(|&c| c == start)
                        .map(|c| f.pos(l, c))
                })
            })
            .or_else(|| self.block(name))
    }

    /// Step `k` of block `name`: with `key`, that key of the step, else its `do`. Falls
    /// back to the step, then to the block.
    pub fn step(&self, name: &str, k: usize, key: Option<&str>) -> Option<Pos> {
        self.files
            .iter()
            .find_map(|f| {
                let at = f.steps.get(name)?;
                let &(l, c) = at.get(k)?;
                let Some(key) = key else {
                    return Some(f.pos(l, c));
                };
                let end = at
                    .get(k + 1)
                    .copied()
                    .unwrap_or_else(|| (f.blocks[name].1, 0));
                f.find((l, c), end, key, None).or(Some(f.pos(l, c)))
            })
            .or_else(|| self.block(name))
    }
}
