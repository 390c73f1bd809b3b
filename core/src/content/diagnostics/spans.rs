//! Positions from the TOML parser's spans: each file of a pack, as [`Loader::parse`]
//! parses it (once, with [`toml::de::DeTable`]), has its keys indexed by dotted path
//! and the entries of its arrays (`[[counters]]`, `[[decks]]`, `[[setup]]`,
//! `[[tracks.X.unlocks]]`, …) with the byte offset of each entry and of every key
//! within it. A problem of the `k`-th entry is placed there, in the file that wrote it
//! (a later layer's array of tables with ids merges into the earlier one by id, any
//! other replaces it whole), where a scan of the text would find the first line that
//! looks alike.

use std::collections::BTreeMap;

use toml::de::{DeTable, DeValue};

/// One entry of an array (of tables, or of plain values).
#[derive(Debug, Default, Clone)]
pub(crate) struct Entry {
    /// Byte offset of the entry: its `[[name]]` header, or its `{` inline.
    pub start: usize,
    /// Byte offset of each key, by dotted path within the entry (`id`, `start.coins`).
    pub keys: BTreeMap<String, usize>,
    /// Its `id`, when it has a string one (a card template, a deck).
    pub id: Option<String>,
    /// The entry itself, when it is a string (`round = ["turns", "income"]`).
    pub text: Option<String>,
}

impl Entry {
    /// Byte offset of its key `key` (dotted); of the entry itself for `None`, or when it
    /// does not write that key (a default).
    pub fn offset(&self, key: Option<&str>) -> usize {
        key.and_then(|k| self.keys.get(k).copied())
            .unwrap_or(self.start)
    }
}

/// The arrays of tables and the keys of one file.
#[derive(Debug, Default, Clone)]
pub(crate) struct FileEntries {
    /// The file's label.
    pub label: String,
    /// The entries of each array of tables, by its dotted path (`setup`,
    /// `tracks.skill.unlocks`); arrays within arrays are not indexed.
    pub arrays: BTreeMap<String, Vec<Entry>>,
    /// Byte offset of each key outside arrays, by dotted path (`end.max_rounds`).
    pub keys: BTreeMap<String, usize>,
}

impl FileEntries {
    /// Indexes `source`, the file `label`; a file that does not parse has no entries.
    #[cfg(test)]
    pub fn new(label: &str, source: &str) -> FileEntries {
        match DeTable::parse(source) {
            Ok(doc) => FileEntries::from_doc(label, source, doc.get_ref()),
            Err(_) => FileEntries {
                label: label.to_string(),
                ..FileEntries::default()
            },
        }
    }

    /// Indexes `doc`, the parsed text `source` of the file `label`.
    pub fn from_doc(label: &str, source: &str, doc: &DeTable) -> FileEntries {
        let mut f = FileEntries {
            label: label.to_string(),
            ..FileEntries::default()
        };
        f.walk(source, doc, "");
        f
    }

    /// Indexes the keys and arrays of tables of `t`, whose path is `prefix`.
    fn walk(&mut self, source: &str, t: &DeTable, prefix: &str) {
        for (key, value) in t.iter() {
            let path = format!("{prefix}{}", key.get_ref());
            self.keys.insert(path.clone(), key.span().start);
            match value.get_ref() {
                DeValue::Table(inner) => self.walk(source, inner, &format!("{path}.")),
                DeValue::Array(items) => {
                    let entries: Vec<Entry> = items
                        .iter()
                        .map(|item| {
                            let mut e = Entry {
                                start: entry_start(source, item.span().start),
                                ..Entry::default()
                            };
                            if let DeValue::String(text) = item.get_ref() {
                                e.text = Some(text.to_string());
                            }
                            if let DeValue::Table(t) = item.get_ref() {
                                keys_of(t, "", &mut e.keys);
                                e.id = t.iter().find(|(k, _)| k.get_ref() == "id").and_then(
                                    |(_, v)| match v.get_ref() {
                                        DeValue::String(s) => Some(s.to_string()),
                                        _ => None,
                                    },
                                );
                            }
                            e
                        })
                        .collect();
                    self.arrays.insert(path, entries);
                }
                _ => {}
            }
        }
    }
}

/// The `[[name]]` header an entry's body follows, when there is one on the lines
/// before it (else the offset itself).
fn entry_start(source: &str, offset: usize) -> usize {
    let before = &source[..offset.min(source.len())];
    let text = before.trim_end();
    if text.ends_with("]]") {
        let line = text.rfind('\n').map_or(0, |i| i + 1);
        if text[line..].trim_start().starts_with("[[") {
            return line + (text[line..].len() - text[line..].trim_start().len());
        }
    }
    offset
}

/// Every key of `t` (and of its tables, as dotted paths; of a table in an array, with
/// its index: `spaces.1.min_players`) with its offset.
fn keys_of(t: &DeTable, prefix: &str, out: &mut BTreeMap<String, usize>) {
    for (k, v) in t.iter() {
        let path = format!("{prefix}{}", k.get_ref());
        out.insert(path.clone(), k.span().start);
        match v.get_ref() {
            DeValue::Table(inner) => keys_of(inner, &format!("{path}."), out),
            DeValue::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    if let DeValue::Table(inner) = item.get_ref() {
                        keys_of(inner, &format!("{path}.{i}."), out);
                    }
                }
            }
            _ => {}
        }
    }
}

/// The first string (or key) of `doc` that holds a character that could act on a
/// terminal (see [`crate::text::is_unsafe`]): the key it is under, and its offset.
pub(crate) fn unsafe_text(doc: &DeTable) -> Option<(String, usize)> {
    fn walk(key: &str, v: &toml::Spanned<DeValue>) -> Option<(String, usize)> {
        match v.get_ref() {
            DeValue::String(s) if s.chars().any(crate::text::is_unsafe) => {
                Some((key.to_string(), v.span().start))
            }
            DeValue::Array(items) => items.iter().find_map(|x| walk(key, x)),
            DeValue::Table(t) => in_table(t),
            _ => None,
        }
    }
    fn in_table(t: &DeTable) -> Option<(String, usize)> {
        t.iter().find_map(|(k, x)| {
            if k.get_ref().chars().any(crate::text::is_unsafe) {
                Some((crate::text::printable_line(k.get_ref()), k.span().start))
            } else {
                walk(k.get_ref(), x)
            }
        })
    }
    in_table(doc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_and_keys_are_placed() {
        let src = "title = \"x\"\n\n[[setup]]\nplayers = 2\nstart = { coins = 1 }\n\n[[setup]]\nplayers = 3\n[setup.start]\ncoins = 2\n\ncounters = 1\n";
        let f = FileEntries::new("p/game.toml", src);
        let setup = &f.arrays["setup"];
        assert_eq!(setup.len(), 2);
        let at = |o: usize| crate::content::line_column(src, o);
        assert_eq!(at(setup[0].start), (3, 1));
        assert_eq!(at(setup[1].start), (7, 1));
        assert_eq!(at(setup[1].keys["players"]), (8, 1));
        assert_eq!(at(setup[0].keys["start.coins"]), (5, 11));
        assert_eq!(at(setup[1].keys["start.coins"]), (10, 1));
        assert_eq!(at(f.keys["title"]), (1, 1));
        let nested = "[tracks.gems]\npoints = [0, 1]\n\n[[tracks.gems.unlocks]]\nat = 1\n\n[[tracks.gems.unlocks]]\nat = 2\n";
        let t = FileEntries::new("p/game.toml", nested);
        let unlocks = &t.arrays["tracks.gems.unlocks"];
        assert_eq!(
            crate::content::line_column(nested, unlocks[1].keys["at"]),
            (8, 1)
        );
        assert_eq!(
            crate::content::line_column(nested, t.keys["tracks.gems.points"]),
            (2, 1)
        );
        let spaces = "[[areas]]\nid = \"a\"\nspaces = [\n  {},\n  { min_players = 9 },\n]\n";
        let a = FileEntries::new("p/board.toml", spaces);
        assert_eq!(
            crate::content::line_column(spaces, a.arrays["areas"][0].keys["spaces.1.min_players"]),
            (5, 5)
        );
        let inline = "grades = [ { id = \"a\" }, { id = \"b\" } ]\n";
        let g = FileEntries::new("p/game.toml", inline);
        assert_eq!(g.arrays["grades"][1].keys["id"], 27);
        assert_eq!(g.arrays["grades"][1].id.as_deref(), Some("b"));
    }
}
