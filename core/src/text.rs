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

/// Items joined for a sentence, the last two with `last` ("or", "and"): `2, 3 or 4`.
pub fn list<T: std::fmt::Display>(items: &[T], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., end] => format!(
            "{} {last} {end}",
            init.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// `text` in at most `width` characters: cut with an ellipsis when longer.
pub fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut out: String = text.chars().take(width.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// `1st`, `2nd`, `13th`.
pub fn ordinal(n: u64) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
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

    #[test]
    fn words_for_people() {
        assert_eq!(plural(1, "game"), "1 game");
        assert_eq!(plural(0, "game"), "0 games");
        assert_eq!(list(&[2, 3, 4], "or"), "2, 3 or 4");
        assert_eq!(list(&["a"], "and"), "a");
        assert_eq!(fit("Gabbeh door rug", 20), "Gabbeh door rug");
        assert_eq!(fit("Palmette table carpet, large", 10), "Palmette …");
        assert_eq!(fit("Palmette table carpet, large", 10).chars().count(), 10);
    }
}
