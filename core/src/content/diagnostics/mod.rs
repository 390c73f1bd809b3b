//! Diagnostics of loading: the [`Loader`] that holds every file's text and collects
//! every problem at once, and the ways a problem found after parsing is placed in its
//! file (a line found by its text, the `k`-th `[[areas]]`, a key of a `[bots.X]` table,
//! a step of a `[flow]` block in [`flow_text`]). Every error names its `pack/path`
//! label and, where found, its line and column.

pub(super) mod flow_text;
pub(super) mod spans;

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;

use super::{line_column, ContentError};

/// Collects errors while loading, so every broken file is reported in one go. Files
/// are named by label, `pack/relative/path`.
#[derive(Default)]
pub(crate) struct Loader {
    sources: BTreeMap<String, String>,
    errors: Vec<ContentError>,
    /// The arrays of tables of the chain's `game.toml` files, the latest first.
    entries: Vec<spans::FileEntries>,
}

/// A place in an array of tables of `game.toml`: the array's dotted path, the entry's index
/// in the merged array, and a key of the entry (dotted, `start.coins`), else the
/// entry itself.
#[derive(Clone, Copy)]
pub(crate) struct EntryKey<'a> {
    /// The array's dotted path, such as `setup` or `tracks.skill.unlocks`.
    pub array: &'a str,
    /// The entry's index, from 0.
    pub k: usize,
    /// A key of the entry, as a dotted path; `None` for the entry itself.
    pub key: Option<&'a str>,
}

impl Loader {
    /// Makes a file's text available under `label` (for parsing and for positions).
    pub fn add_source(&mut self, label: &str, text: Option<&String>) {
        if let Some(t) = text {
            self.sources.insert(label.to_string(), t.clone());
        }
    }

    /// The text of the file `label`, if it was added.
    pub fn source(&self, label: &str) -> Option<&str> {
        self.sources.get(label).map(String::as_str)
    }

    /// Records an error.
    pub fn push(&mut self, e: ContentError) {
        self.errors.push(e);
    }

    /// The errors recorded so far, in the order found.
    pub fn errors(&self) -> &[ContentError] {
        &self.errors
    }

    /// Every error recorded, for the caller to report.
    pub fn into_errors(self) -> Vec<ContentError> {
        self.errors
    }

    /// Parses one TOML file into `T`, recording a positioned error on failure.
    pub fn parse<T: DeserializeOwned>(&mut self, label: &str) -> Option<T> {
        let Some(source) = self.sources.get(label) else {
            let file = label.rsplit('/').next().unwrap_or(label);
            let e = ContentError::new(label, "file is missing").help(format!(
                "every base pack needs {file}; see docs/content-format.md"
            ));
            self.errors.push(e);
            return None;
        };
        if let Ok(table) = toml::from_str::<toml::Table>(source) {
            if let Some(key) = unsafe_text(&table) {
                let e = ContentError::new(
                    label,
                    format!("the text of `{key}` holds a control character"),
                )
                .near(source, &key)
                .help("text in a pack may not hold escape or control characters (they could act on a terminal); use plain text");
                self.errors.push(e);
            }
        }
        match toml::from_str::<T>(source) {
            Ok(v) => Some(v),
            Err(e) => {
                let mut err = ContentError::new(label, e.message().trim().to_string());
                if let Some(span) = e.span() {
                    err = err.at_offset(source, span.start);
                }
                self.errors.push(err);
                None
            }
        }
    }

    /// Indexes the entries of the arrays of tables of the chain's `game.toml` files
    /// (`labels`, base first) by the parser's spans, for [`Loader::fail_entry`] and
    /// [`Loader::locate_entry`].
    pub fn index_entries(&mut self, labels: &[String]) {
        self.entries = labels
            .iter()
            .rev()
            .filter_map(|l| self.sources.get(l).map(|t| spans::FileEntries::new(l, t)))
            .collect();
    }

    /// The file and byte offset of `at`: in the latest `game.toml` that writes the
    /// array (a later layer's array replaces the earlier one's whole).
    fn entry_place(&self, at: EntryKey) -> Option<(String, usize)> {
        let file = self
            .entries
            .iter()
            .find(|f| f.arrays.contains_key(at.array))?;
        let entry = file.arrays[at.array].get(at.k)?;
        let offset = match at.key {
            Some(key) => *entry.keys.get(key)?,
            None => entry.start,
        };
        Some((file.label.clone(), offset))
    }

    /// Records an error at the key `key` (dotted; the entry itself for `None`) of the
    /// entry of array `array` whose `id` is `id`, in the file `label` (any TOML file of
    /// the chain: a card file, say), by the parser's spans; else, when the parser did
    /// not place it, at `needle` (see [`Loader::fail`]).
    pub fn fail_in_entry(
        &mut self,
        (label, array, id): (&str, &str, &str),
        key: Option<&str>,
        needle: &str,
        message: impl Into<String>,
        help: &str,
    ) {
        let place = self.sources.get(label).and_then(|source| {
            let file = spans::FileEntries::new(label, source);
            let entry = file
                .arrays
                .get(array)?
                .iter()
                .find(|e| e.id.as_deref() == Some(id))?;
            let offset = match key {
                Some(k) => *entry.keys.get(k)?,
                None => entry.start,
            };
            Some((label.to_string(), offset))
        });
        self.fail_placed(place, (label, needle), message, help);
    }

    /// The file and byte offset of the key `path` (dotted, outside arrays): in the
    /// latest `game.toml` that writes it.
    fn key_place(&self, path: &str) -> Option<(String, usize)> {
        self.entries
            .iter()
            .find_map(|f| f.keys.get(path).map(|&o| (f.label.clone(), o)))
    }

    /// Records an error at the key `path` of `game.toml` (dotted, such as
    /// `tracks.skill.points`), else, when the parser did not place it, at `needle` in
    /// the file `label` (see [`Loader::fail`]).
    pub fn fail_key(
        &mut self,
        path: &str,
        (label, needle): (&str, &str),
        message: impl Into<String>,
        help: &str,
    ) {
        let place = self.key_place(path);
        self.fail_placed(place, (label, needle), message, help);
    }

    /// Records an error at `place`, else at `needle` in the file `label`.
    fn fail_placed(
        &mut self,
        place: Option<(String, usize)>,
        (label, needle): (&str, &str),
        message: impl Into<String>,
        help: &str,
    ) {
        let Some((file, offset)) = place else {
            return self.fail(label, needle, message, help);
        };
        let source = self.sources.get(&file).cloned().unwrap_or_default();
        let mut e = ContentError::new(file, message).at_offset(&source, offset);
        if !help.is_empty() {
            e = e.help(help);
        }
        self.errors.push(e);
    }

    /// Records an error at `at` (see [`EntryKey`]), else, when the parser did not place
    /// it, at `needle` in the file `label` (see [`Loader::fail`]).
    pub fn fail_entry(
        &mut self,
        at: EntryKey,
        (label, needle): (&str, &str),
        message: impl Into<String>,
        help: &str,
    ) {
        let place = self.entry_place(at);
        self.fail_placed(place, (label, needle), message, help);
    }

    /// `file:line` of `at` (see [`EntryKey`]), else of the line [`Loader::locate`]
    /// finds for `needle` in `label`.
    pub fn locate_entry(&self, at: EntryKey, (label, needle): (&str, &str)) -> String {
        match self.entry_place(at) {
            Some((file, offset)) => {
                let source = self.sources.get(&file).map_or("", String::as_str);
                format!("{file}:{}", line_column(source, offset).0)
            }
            None => self.locate(label, needle),
        }
    }

    /// `file:line` of the first line that starts with `needle` (spaces ignored, and not
    /// followed by more of a name or number) in the file `label`, else in a file of the
    /// same name in another pack of the chain; the bare `label` when none has it.
    pub fn locate(&self, label: &str, needle: &str) -> String {
        let squeeze = |t: &str| t.chars().filter(|c| *c != ' ').collect::<String>();
        let needle = squeeze(needle);
        let name = format!("/{}", label.rsplit('/').next().unwrap_or(label));
        let others = self
            .sources
            .keys()
            .filter(|k| k.ends_with(&name) && k.as_str() != label);
        for l in std::iter::once(label).chain(others.map(String::as_str)) {
            let Some(source) = self.sources.get(l) else {
                continue;
            };
            for (i, line) in source.lines().enumerate() {
                let line = squeeze(line);
                if let Some(rest) = line.strip_prefix(&needle) {
                    if !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == '-') {
                        return format!("{l}:{}", i + 1);
                    }
                }
            }
        }
        label.to_string()
    }

    /// Records an error pointing at `needle` in the file `label`.
    pub fn fail(&mut self, label: &str, needle: &str, message: impl Into<String>, help: &str) {
        let source = self.sources.get(label).cloned().unwrap_or_default();
        let mut e = ContentError::new(label, message).near(&source, needle);
        if !help.is_empty() {
            e = e.help(help);
        }
        self.errors.push(e);
    }

    /// Records an error at the key `name` of the table `[bots.BOT]` (or `[bots."BOT"]`)
    /// in `file`, else at the first `name` in it.
    pub fn fail_in_bots_table(
        &mut self,
        file: &str,
        bot: &str,
        name: &str,
        message: String,
        help: &str,
    ) {
        let source = self.source(file).unwrap_or_default().to_string();
        let table = [format!("[bots.{bot}]"), format!("[bots.\"{bot}\"]")]
            .iter()
            .find_map(|h| source.find(h.as_str()));
        let at = table.and_then(|t| source[t..].find(name).map(|i| t + i));
        let e = match at {
            Some(offset) => ContentError::new(file, message).at_offset(&source, offset),
            None => ContentError::new(file, message).near(&source, name),
        };
        self.push(e.help(help));
    }

    /// Records an error about the `k`-th (from 0) `[[areas]]` of `file`, pointing at
    /// `needle` within it when given (else at its header).
    pub fn fail_in_area(
        &mut self,
        file: &str,
        k: usize,
        needle: Option<&str>,
        message: String,
        help: &str,
    ) {
        let source = self.source(file).unwrap_or_default().to_string();
        let mut e = ContentError::new(file, message);
        if let Some(start) = nth_header(&source, "[[areas]]", k) {
            let at = needle
                .and_then(|n| source[start..].find(n).map(|i| start + i))
                .unwrap_or(start);
            e = e.at_offset(&source, at);
        } else if let Some(n) = needle {
            e = e.near(&source, n);
        }
        if !help.is_empty() {
            e = e.help(help);
        }
        self.push(e);
    }

    /// `file:line` of the `k`-th (from 0) `[[areas]]` header of `file`, else of its
    /// `id = "ID"` line (see [`Loader::locate`]).
    pub fn locate_area(&self, file: &str, k: usize, id: &str) -> String {
        match self
            .source(file)
            .and_then(|src| nth_header(src, "[[areas]]", k).map(|o| line_column(src, o).0))
        {
            Some(line) => format!("{file}:{line}"),
            None => self.locate(file, &format!("id = \"{id}\"")),
        }
    }
}

/// The key of the first string (key or value, at any depth) holding a character that
/// could act on a terminal (see [`crate::text::is_unsafe`]).
fn unsafe_text(table: &toml::Table) -> Option<String> {
    fn walk(key: &str, v: &toml::Value) -> Option<String> {
        match v {
            toml::Value::String(s) if s.chars().any(crate::text::is_unsafe) => {
                Some(key.to_string())
            }
            toml::Value::Array(items) => items.iter().find_map(|x| walk(key, x)),
            toml::Value::Table(t) => t.iter().find_map(|(k, x)| {
                if k.chars().any(crate::text::is_unsafe) {
                    Some(crate::text::printable_line(k))
                } else {
                    walk(k, x)
                }
            }),
            _ => None,
        }
    }
    walk("", &toml::Value::Table(table.clone()))
}

/// Byte offset of the `k`-th (from 0) line that starts with `header` in `source`.
fn nth_header(source: &str, header: &str, k: usize) -> Option<usize> {
    let mut offset = 0;
    let mut seen = 0;
    for line in source.split_inclusive('\n') {
        let indent = line.len() - line.trim_start().len();
        if line.trim_start().starts_with(header) {
            if seen == k {
                return Some(offset + indent);
            }
            seen += 1;
        }
        offset += line.len();
    }
    None
}
