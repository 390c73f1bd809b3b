//! Content errors: problems found while loading a pack, each naming its file and place.

use std::fmt;

use crate::text::printable;

/// One problem in a pack's files: where it is, what is wrong and what to do.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ContentError {
    /// The file, as `pack/relative/path` where the pack is known.
    pub file: String,
    /// 1-based line, where known.
    pub line: Option<usize>,
    /// 1-based column, where known.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
    /// What to do about it.
    pub help: Option<String>,
}

impl ContentError {
    /// A new error about `file` with no position yet.
    pub fn new(file: impl Into<String>, message: impl Into<String>) -> Self {
        ContentError {
            file: file.into(),
            line: None,
            column: None,
            message: message.into(),
            help: None,
        }
    }

    /// Sets the 1-based line and column.
    pub fn at(mut self, line: usize, column: usize) -> Self {
        self.line = Some(line);
        self.column = Some(column);
        self
    }

    /// Sets the position from a byte offset into `source`.
    pub fn at_offset(self, source: &str, offset: usize) -> Self {
        let (line, column) = line_column(source, offset);
        self.at(line, column)
    }

    /// Points at the first occurrence of `needle` in `source`, if any (used for errors
    /// found after parsing, such as an unknown material name).
    pub fn near(self, source: &str, needle: &str) -> Self {
        match source.find(needle) {
            Some(offset) => self.at_offset(source, offset),
            None => self,
        }
    }

    /// Adds advice on how to fix the problem.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(source.len());
    let before = &source[..floor_char_boundary(source, offset)];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error: {}", printable(&self.file))?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(col) = self.column {
                write!(f, ":{col}")?;
            }
        }
        write!(f, ": {}", printable(&self.message))?;
        if let Some(help) = &self.help {
            write!(f, "\n  help: {}", printable(help))?;
        }
        Ok(())
    }
}

/// Every problem found in a pack chain, reported at once.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ContentErrors(pub Vec<ContentError>);

impl fmt::Display for ContentErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        write!(
            f,
            "\n{} problem{} in the content; nothing was run",
            self.0.len(),
            if self.0.len() == 1 { "" } else { "s" }
        )
    }
}
