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
    /// Each parsed file's keys and arrays with their offsets, from the parse itself.
    index: BTreeMap<String, spans::FileEntries>,
    /// The chain's `game.toml` labels, the latest first.
    entries: Vec<String>,
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

    /// Parses one TOML file into `T`, recording a positioned error on failure. The file
    /// is parsed once: its keys' and entries' positions are indexed from that same
    /// parse, and `T` is read from it.
    pub fn parse<T: DeserializeOwned>(&mut self, label: &str) -> Option<T> {
        let Some(source) = self.sources.get(label).cloned() else {
            let file = label.rsplit('/').next().unwrap_or(label);
            let e = ContentError::new(label, "file is missing").help(format!(
                "every base pack needs {file}; see docs/content-format.md"
            ));
            self.errors.push(e);
            return None;
        };
        let positioned = |e: toml::de::Error| {
            let mut err = ContentError::new(label, e.message().trim().to_string());
            if let Some(span) = e.span() {
                err = err.at_offset(&source, span.start);
            }
            err
        };
        let doc = match toml::de::DeTable::parse(&source) {
            Ok(doc) => doc,
            Err(e) => {
                self.errors.push(positioned(e));
                return None;
            }
        };
        self.index
            .entry(label.to_string())
            .or_insert_with(|| spans::FileEntries::from_doc(label, &source, doc.get_ref()));
        if let Some((key, offset)) = spans::unsafe_text(doc.get_ref()) {
            let e = ContentError::new(
                label,
                format!("the text of `{key}` holds a control character"),
            )
            .at_offset(&source, offset)
            .help("text in a pack may not hold escape or control characters (they could act on a terminal); use plain text");
            self.errors.push(e);
        }
        match T::deserialize(toml::de::Deserializer::from(doc)) {
            Ok(v) => Some(v),
            Err(e) => {
                self.errors.push(positioned(e));
                None
            }
        }
    }

    /// Reads `T` from `table`, the file `label` as [`Loader::parse`] gave it, without
    /// parsing it again; when it does not fit, the text is read again (only then), so
    /// the error recorded has its place.
    pub fn read_table<T: DeserializeOwned>(
        &mut self,
        label: &str,
        table: toml::Table,
    ) -> Option<T> {
        match T::deserialize(toml::Value::Table(table)) {
            Ok(v) => Some(v),
            Err(e) => {
                let before = self.errors.len();
                self.parse::<T>(label);
                if self.errors.len() == before {
                    self.push(ContentError::new(label, e.message().trim().to_string()));
                }
                None
            }
        }
    }

    /// The positions in the file `label` (indexed when it was parsed; else parsed now,
    /// and a file that does not parse has none).
    fn file_index(&mut self, label: &str) -> Option<&spans::FileEntries> {
        if !self.index.contains_key(label) {
            let source = self.sources.get(label)?;
            let entries = match toml::de::DeTable::parse(source) {
                Ok(doc) => spans::FileEntries::from_doc(label, source, doc.get_ref()),
                Err(_) => spans::FileEntries {
                    label: label.to_string(),
                    ..Default::default()
                },
            };
            self.index.insert(label.to_string(), entries);
        }
        self.index.get(label)
    }

    /// The positions of the file `label`, when it has been parsed.
    pub fn positions(&self, label: &str) -> Option<&spans::FileEntries> {
        self.index.get(label)
    }

    /// Indexes the entries of the arrays of tables of the chain's `game.toml` files
    /// (`labels`, base first) by the parser's spans, for [`Loader::fail_entry`] and
    /// [`Loader::locate_entry`].
    pub fn index_entries(&mut self, labels: &[String]) {
        self.entries = labels
            .iter()
            .rev()
            .filter(|l| self.sources.contains_key(l.as_str()))
            .cloned()
            .collect();
        for l in self.entries.clone() {
            self.file_index(&l);
        }
    }

    /// The file and byte offset of `at`, the `k`-th entry of the merged array: the
    /// layers' arrays merged as `layers::deep_merge` merges them (arrays of tables with
    /// ids by id, others replaced whole), each merged entry placed in the latest file
    /// that writes its key (the entry's latest writer when none does).
    fn entry_place(&self, at: EntryKey) -> Option<(String, usize)> {
        // Each merged entry: its writers, (file, entry), base first.
        let mut merged: Vec<Vec<(&spans::FileEntries, &spans::Entry)>> = Vec::new();
        for file in self.entries.iter().rev().filter_map(|l| self.index.get(l)) {
            let Some(list) = file.arrays.get(at.array) else {
                continue;
            };
            let by_id = !list.is_empty()
                && list.iter().all(|e| e.id.is_some())
                && merged.iter().all(|w| w[0].1.id.is_some());
            if !by_id {
                merged = list.iter().map(|e| vec![(file, e)]).collect();
                continue;
            }
            let earlier = merged.len();
            for e in list {
                match merged[..earlier].iter_mut().find(|w| w[0].1.id == e.id) {
                    Some(writers) => writers.push((file, e)),
                    None => merged.push(vec![(file, e)]),
                }
            }
        }
        let writers = merged.get(at.k)?;
        let (file, entry) = at
            .key
            .and_then(|key| writers.iter().rev().find(|(_, e)| e.keys.contains_key(key)))
            .or(writers.last())?;
        Some((file.label.clone(), entry.offset(at.key)))
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
        let place = self.file_index(label).and_then(|file| {
            let entry = file
                .arrays
                .get(array)?
                .iter()
                .find(|e| e.id.as_deref() == Some(id))?;
            Some((label.to_string(), entry.offset(key)))
        });
        self.fail_placed(place, (label, needle), message, help);
    }

    /// Records an error at the key `key` (dotted; the entry itself for `None`, or when
    /// the entry does not write it) of the `k`-th entry (from 0) of array `array` in the
    /// file `label`, by the parser's spans; else at `needle` (see [`Loader::fail`]).
    pub fn fail_at_entry(
        &mut self,
        (label, array, k): (&str, &str, usize),
        key: Option<&str>,
        needle: &str,
        message: impl Into<String>,
        help: &str,
    ) {
        let place = self.nth_entry_place((label, array, k), key);
        self.fail_placed(place, (label, needle), message, help);
    }

    /// The file and offset of the key `key` (the entry for `None`, or when it does not
    /// write it) of the `k`-th entry (from 0) of array `array` in the file `label`, by
    /// the parser's spans.
    fn nth_entry_place(
        &mut self,
        (label, array, k): (&str, &str, usize),
        key: Option<&str>,
    ) -> Option<(String, usize)> {
        let entry = self.file_index(label)?.arrays.get(array)?.get(k)?;
        Some((label.to_string(), entry.offset(key)))
    }

    /// `file:line` of a place (file, byte offset).
    fn line_label(&self, (file, offset): (String, usize)) -> String {
        let source = self.sources.get(&file).map_or("", String::as_str);
        format!("{file}:{}", line_column(source, offset).0)
    }

    /// Records an error at the entry `text` of the list at key `path` (dotted) of the
    /// file `label` (`extends = ["tabriz"]`, `[remove] slots = ["x"]`), by the parser's
    /// spans; else at the key, else at `text` found as text.
    pub fn fail_in_list(
        &mut self,
        (label, path, text): (&str, &str, &str),
        message: impl Into<String>,
        help: &str,
    ) {
        let place = self.file_index(label).and_then(|file| {
            let listed = file
                .arrays
                .get(path)
                .and_then(|entries| entries.iter().find(|e| e.text.as_deref() == Some(text)))
                .map(|e| e.start);
            Some((
                label.to_string(),
                listed.or_else(|| file.keys.get(path).copied())?,
            ))
        });
        self.fail_placed(place, (label, text), message, help);
    }

    /// The file and byte offset of the key `path` (dotted, outside arrays): in the
    /// latest `game.toml` that writes it.
    fn key_place(&self, path: &str) -> Option<(String, usize)> {
        self.entries
            .iter()
            .filter_map(|l| self.index.get(l))
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
            Some(place) => self.line_label(place),
            None => self.locate(label, needle),
        }
    }

    /// `file:line` of the first line that starts with `needle` (spaces ignored, and not
    /// followed by more of a name or number) in the file `label`, else in a file of the
    /// same name in another pack of the chain; the bare `label` when none has it.
    pub fn locate(&self, label: &str, needle: &str) -> String {
        if let Some(offset) = self.span_of(label, needle) {
            return self.line_label((label.to_string(), offset));
        }
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

    /// Where the parser put what `needle` names in the file `label`, when it names a
    /// key or a table (`pieces`, `movement.start`, `[movement]`; a key inside a table,
    /// `workers`, is its first place; `[[slots]]` is the first entry) or an entry by its
    /// id (`id = "x"`: that entry's `id` key). `None` for other needles (text to find).
    fn span_of(&self, label: &str, needle: &str) -> Option<usize> {
        let idx = self.index.get(label)?;
        let n = needle.trim();
        if let Some(id) = n.strip_prefix("id = \"").and_then(|r| r.strip_suffix('"')) {
            // An entry of an array with that id; else the file's own `id` (a tile file).
            return idx
                .arrays
                .values()
                .flatten()
                .filter(|e| e.id.as_deref() == Some(id))
                .filter_map(|e| e.keys.get("id").copied())
                .min()
                .or_else(|| idx.keys.get("id").copied());
        }
        let key = n.trim_start_matches('[').trim_end_matches(']');
        let plain = !key.is_empty()
            && key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
        if !plain {
            return None;
        }
        if n.starts_with("[[") {
            return idx.arrays.get(key)?.first().map(|e| e.start);
        }
        idx.keys.get(key).copied().or_else(|| {
            let tail = format!(".{key}");
            (!key.contains('.'))
                .then(|| {
                    idx.keys
                        .iter()
                        .filter(|(path, _)| path.ends_with(&tail))
                        .map(|(_, &o)| o)
                        .min()
                })
                .flatten()
        })
    }

    /// Records an error at what `needle` names in the file `label`: by the parser's
    /// positions when it names a key, a table or an entry's id ([`Loader::span_of`]),
    /// else at the first place the text occurs.
    pub fn fail(&mut self, label: &str, needle: &str, message: impl Into<String>, help: &str) {
        let source = self.sources.get(label).cloned().unwrap_or_default();
        let e = ContentError::new(label, message);
        let mut e = match self.span_of(label, needle) {
            Some(offset) => e.at_offset(&source, offset),
            None => e.near(&source, needle),
        };
        if !help.is_empty() {
            e = e.help(help);
        }
        self.errors.push(e);
    }

    /// Records an error at the key `name` of the table `[bots.BOT]` (the key itself
    /// when `name` is `None`), in the latest `game.toml` of the chain that writes it (by
    /// the parser's spans), else at the first `name` in `file`.
    pub fn fail_in_bots_table(
        &mut self,
        file: &str,
        bot: &str,
        name: Option<&str>,
        message: String,
        help: &str,
    ) {
        let path = match name {
            Some(n) => format!("bots.{bot}.{n}"),
            None => format!("bots.{bot}"),
        };
        let place = self.key_place(&path);
        self.fail_placed(place, (file, name.unwrap_or(bot)), message, help);
    }

    /// Records an error about the `k`-th (from 0) `[[areas]]` of `file`, at its key
    /// `key` when given (else at its header).
    pub fn fail_in_area(
        &mut self,
        file: &str,
        k: usize,
        key: Option<&str>,
        message: String,
        help: &str,
    ) {
        let place = self.nth_entry_place((file, "areas", k), key);
        self.fail_placed(place, (file, key.unwrap_or("[[areas]]")), message, help);
    }

    /// `file:line` of the `k`-th (from 0) `[[areas]]` of `file`, else of its
    /// `id = "ID"` line (see [`Loader::locate`]).
    pub fn locate_area(&mut self, file: &str, k: usize, id: &str) -> String {
        match self.nth_entry_place((file, "areas", k), None) {
            Some(place) => self.line_label(place),
            None => self.locate(file, &format!("id = \"{id}\"")),
        }
    }
}
