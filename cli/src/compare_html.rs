//! The self-contained HTML report of `weft compare` and `weft ablate`: the verdict, the
//! tested metric with its always-valid interval, every standard metric, and the
//! strength table of each variant.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Context;
use weft_core::compare::Comparison;

use crate::html::{esc, strength_table, STYLE};

/// Writes the report of comparison `c` (made by `command`) to `path`.
pub fn write(
    path: &Path,
    command: &str,
    c: &Comparison,
    names: (&str, &str),
) -> anyhow::Result<()> {
    let html = render(command, c, names)
        .map_err(|e| anyhow::anyhow!("error: could not write the report: {e}"))?;
    std::fs::write(path, html).with_context(|| format!("error: could not write {}", path.display()))
}

fn chain(p: &[weft_core::content::PackInfo]) -> String {
    p.iter()
        .map(|x| format!("{} {}", esc(&x.name), esc(&x.version)))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The whole page.
pub fn render(
    command: &str,
    c: &Comparison,
    (name_a, name_b): (&str, &str),
) -> Result<String, std::fmt::Error> {
    let mut h = String::new();
    write!(
        h,
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>weft {command}</title><style>{STYLE}</style></head><body><h1>weft {command}</h1>"
    )?;
    write!(h, "{}", crate::html::header_line(&c.a))?;
    write!(
        h,
        "<p>{} = {}<br>{} = {}</p><p>{} pairs played of at most {} (paired seeds: game i of both variants has the same seed and bot seeds); tested: {}</p>",
        esc(name_a),
        chain(&c.a_packs),
        esc(name_b),
        chain(&c.b_packs),
        c.played,
        c.max_pairs,
        esc(&c.metric)
    )?;
    write!(
        h,
        "<h2>Verdict</h2><p class=\"verdict\">{}</p>",
        esc(&c.verdict)
    )?;
    if let Some(t) = &c.tested {
        let f = |e: &weft_core::report::Estimate| {
            if t.share {
                e.percent()
            } else {
                format!("{:.2} ({:.2}–{:.2})", e.value, e.lo, e.hi)
            }
        };
        let (lo, hi) = t.interval;
        let scale = if t.share { 100.0 } else { 1.0 };
        write!(
            h,
            "<table><tr><th>tested metric</th><th>{}</th><th>{}</th><th>B − A</th><th>always-valid {:.0}% interval</th><th>margin</th><th>pairs</th><th>p</th></tr><tr><td>{}</td><td>{}</td><td>{}</td><td>{:+.2}</td><td>{:+.2} to {:+.2}</td><td>{}</td><td>{}</td><td>{:.4}</td></tr></table>",
            esc(name_a),
            esc(name_b),
            (1.0 - c.threshold) * 100.0,
            esc(&t.diff.metric),
            f(&t.diff.a),
            f(&t.diff.b),
            t.diff.diff.value * scale,
            lo * scale,
            hi * scale,
            t.margin.map_or("–".to_string(), |m| format!("±{:.2}", m * scale)),
            t.pairs,
            t.diff.p_value
        )?;
        if t.share {
            h.push_str("<p>Shares are in points (percent of games).</p>");
        }
    }
    h.push_str("<h2>Every standard metric</h2><table><tr><th>metric</th><th>A</th><th>B</th><th>B − A (95%)</th><th>p (always valid)</th></tr>");
    for m in &c.metrics {
        write!(
            h,
            "<tr><td>{}</td><td>{:.3} ({:.3}–{:.3})</td><td>{:.3} ({:.3}–{:.3})</td><td>{:+.3} ({:+.3}–{:+.3})</td><td>{:.4}</td></tr>",
            esc(&m.metric),
            m.a.value,
            m.a.lo,
            m.a.hi,
            m.b.value,
            m.b.lo,
            m.b.hi,
            m.diff.value,
            m.diff.lo,
            m.diff.hi,
            m.p_value
        )?;
    }
    h.push_str("</table>");
    for (name, s) in [(name_a, &c.a), (name_b, &c.b)] {
        write!(h, "<h2>{}: warnings</h2>", esc(name))?;
        crate::html::warnings_list(&mut h, &s.warnings);
        let mut table = String::new();
        strength_table(&mut table, s)?;
        h.push_str(&table.replacen(
            "<h2>Strength</h2>",
            &format!("<h2>{}: strength</h2>", esc(name)),
            1,
        ));
    }
    h.push_str(crate::html::SORT_SCRIPT);
    h.push_str("</body></html>");
    Ok(h)
}
