//! Text from a pack made safe to print. A script's error message, a `print` line or an
//! option label can hold escape sequences (`\27[2J` clears a terminal; a forged
//! "0 problems" line can follow); weft shows every control character as a visible escape
//! instead, so what a pack writes can never act on the terminal of the person running it.

use std::borrow::Cow;

/// Whether `c` could act on a terminal or reorder what is shown: C0 and C1 controls
/// (except newline and tab), DEL, and the bidirectional overrides and isolates.
pub fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `text` with every unsafe character written as `\u{…}`; borrowed when there is none.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unsafe(c) {
            out.push_str(&c.escape_unicode().to_string());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// [`printable`] on one line: newlines are escaped too (for a label or a prompt).
pub fn printable_line(text: &str) -> String {
    printable(text).replace('\n', "\\n")
}

/// `n` and `noun`, the noun in the plural unless `n` is 1: `1 game`, `3 games`. For
/// nouns whose plural adds `s`.
pub fn plural(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_sequences_and_keeps_ordinary_text() {
        assert_eq!(printable("plain\ttext\n"), "plain\ttext\n");
        assert_eq!(printable("\u{1b}[2J0 problems"), "\\u{1b}[2J0 problems");
        assert_eq!(printable("a\u{9b}b\u{7f}"), "a\\u{9b}b\\u{7f}");
        assert_eq!(printable("x\u{202e}y"), "x\\u{202e}y");
        assert_eq!(printable("\rfake"), "\\u{d}fake");
        assert_eq!(printable_line("a\nb"), "a\\nb");
    }
}
