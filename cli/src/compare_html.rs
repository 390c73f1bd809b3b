//! The self-contained HTML report of `weft compare` and `weft ablate`: the verdict, the
//! tested metric with its always-valid interval and its path over the run (a chart),
//! every standard metric, each seat's win share in both variants (a chart), the score
//! over rounds and the strength table of each variant.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Context;
use plotters::prelude::*;
use weft_core::compare::{Comparison, Tested};
use weft_core::report::Estimate;

use crate::html::{
    esc, legend, score_over_rounds_chart, strength_table, whole, DrawResult, FAIR_RED, SERIES_BLUE,
    STYLE,
};

/// Writes the report of comparison `c` (made by `command`) to `path`.
pub fn write(
    path: &Path,
    command: &str,
    c: &Comparison,
    names: (&str, &str),
) -> anyhow::Result<()> {
    let html = render(command, c, names)
        .map_err(|e| anyhow::anyhow!("error: could not draw the report: {e}"))?;
    std::fs::write(path, html).with_context(|| format!("error: could not write {}", path.display()))
}

fn chain(p: &[weft_core::content::PackInfo]) -> String {
    p.iter()
        .map(|x| format!("{} {}", esc(&x.name), esc(&x.version)))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The whole page.
pub fn render(command: &str, c: &Comparison, (name_a, name_b): (&str, &str)) -> DrawResult<String> {
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
        let f = |e: &weft_core::report::Estimate| e.value_text(t.share);
        let (lo, hi) = t.interval;
        let scale = if t.share { 100.0 } else { 1.0 };
        write!(
            h,
            "<table><tr><th>tested metric</th><th>{}</th><th>{}</th><th>B − A</th><th>always-valid {}% interval</th><th>margin</th><th>pairs</th><th>p</th></tr><tr><td>{}</td><td>{}</td><td>{}</td><td>{:+.2}</td><td>{:+.2} to {:+.2}</td><td>{}</td><td>{}</td><td>{:.4}</td></tr></table>",
            esc(name_a),
            esc(name_b),
            level_text((1.0 - c.threshold) * 100.0),
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
        h.push_str(&path_chart(t, (1.0 - c.threshold) * 100.0)?);
    }
    h.push_str("<h2>Every standard metric</h2><table><tr><th>metric</th><th>A</th><th>B</th><th>B − A (95%)</th><th>p (always valid)</th></tr>");
    for m in &c.metrics {
        write!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.4}</td></tr>",
            esc(&m.metric),
            crate::compare_cmd::metric_value(&m.metric, &m.a),
            crate::compare_cmd::metric_value(&m.metric, &m.b),
            crate::compare_cmd::metric_diff(&m.metric, &m.diff),
            m.p_value
        )?;
    }
    h.push_str("</table>");
    h.push_str(&seats_chart(c, (name_a, name_b))?);
    for (name, s) in [(name_a, &c.a), (name_b, &c.b)] {
        let rounds = score_over_rounds_chart(s)?;
        if !rounds.is_empty() {
            write!(h, "<h2>{}: score over rounds</h2>{rounds}", esc(name))?;
        }
    }
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

/// The tested metric's B − A and its always-valid interval at every look of the run,
/// with the zero line and the "no difference" margin: where the run stopped and why.
fn path_chart(t: &Tested, level: f64) -> DrawResult<String> {
    let looks: Vec<_> = t
        .looks
        .iter()
        .filter(|l| l.lo.is_finite() && l.hi.is_finite())
        .collect();
    let mut svg = String::new();
    if looks.is_empty() {
        return Ok(svg);
    }
    let scale = if t.share { 100.0 } else { 1.0 };
    let margin = t.margin.map(|m| m * scale);
    let lo = looks
        .iter()
        .map(|l| l.lo * scale)
        .fold(-margin.unwrap_or(0.0), f64::min);
    let hi = looks
        .iter()
        .map(|l| l.hi * scale)
        .fold(margin.unwrap_or(0.0), f64::max);
    let pad = ((hi - lo) * 0.08).max(0.5);
    let last = looks.last().map_or(1, |l| l.played) as f64;
    {
        let root = SVGBackend::with_string(&mut svg, (760, 360)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("{}: B − A over the run", t.diff.metric),
                ("sans-serif", 16),
            )
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0f64..last * 1.05, (lo - pad)..(hi + pad))?;
        let share = t.share;
        chart
            .configure_mesh()
            .x_desc("pairs played")
            .y_desc(if share { "B − A (points)" } else { "B − A" })
            .x_label_formatter(&|x| whole(*x))
            .y_label_formatter(&|y| {
                let text = if share {
                    format!("{y:+.0}")
                } else {
                    format!("{y:+.2}")
                };
                // No "+0" or "-0" at the zero line.
                if text
                    .trim_start_matches(['+', '-'])
                    .chars()
                    .all(|c| c == '0' || c == '.')
                {
                    text.trim_start_matches(['+', '-']).to_string()
                } else {
                    text
                }
            })
            .draw()?;
        let blue = SERIES_BLUE;
        // The interval as a band: along its top end, then back along its bottom end.
        let band: Vec<(f64, f64)> = looks
            .iter()
            .map(|l| (l.played as f64, l.hi * scale))
            .chain(looks.iter().rev().map(|l| (l.played as f64, l.lo * scale)))
            .collect();
        chart.draw_series(std::iter::once(Polygon::new(band, blue.mix(0.15).filled())))?;
        for (end, name) in [(0usize, "always-valid interval"), (1, "")] {
            let series = chart.draw_series(LineSeries::new(
                looks
                    .iter()
                    .map(|l| (l.played as f64, if end == 0 { l.lo } else { l.hi } * scale)),
                blue.mix(0.5).stroke_width(1),
            ))?;
            if !name.is_empty() {
                series
                    .label(format!("{name} ({}%)", level_text(level)))
                    .legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 20, y)], blue.mix(0.5))
                    });
            }
        }
        chart
            .draw_series(LineSeries::new(
                looks.iter().map(|l| (l.played as f64, l.diff * scale)),
                blue.stroke_width(2),
            ))?
            .label("B − A (estimate)")
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], blue.stroke_width(2))
            });
        chart.draw_series(PointSeries::of_element(
            looks.iter().map(|l| (l.played as f64, l.diff * scale)),
            3,
            blue.filled(),
            &|c, s, st| EmptyElement::at(c) + Circle::new((0, 0), s, st),
        ))?;
        chart
            .draw_series(LineSeries::new(
                vec![(0.0, 0.0), (last * 1.05, 0.0)],
                BLACK.stroke_width(1),
            ))?
            .label("no difference (0)")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], BLACK));
        if let Some(m) = margin {
            let red = FAIR_RED;
            for (k, y) in [m, -m].into_iter().enumerate() {
                let series = chart.draw_series(DashedLineSeries::new(
                    vec![(0.0, y), (last * 1.05, y)],
                    6,
                    4,
                    red.stroke_width(1),
                ))?;
                if k == 0 {
                    series
                        .label(format!("margin ±{}", fmt_margin(m, share)))
                        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], red));
                }
            }
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        root.present()?;
    }
    Ok(svg)
}

/// `95`, `99.9`: the interval's level without a rounding that would say 100%.
fn level_text(level: f64) -> String {
    let text = format!("{level:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn fmt_margin(m: f64, share: bool) -> String {
    if share {
        format!("{m:.1} points")
    } else {
        format!("{m:.2}")
    }
}

/// Each seat's win share in A and in B, side by side with 95% intervals, and the fair
/// share as a line.
fn seats_chart(c: &Comparison, (name_a, name_b): (&str, &str)) -> DrawResult<String> {
    let seats: Vec<(&Estimate, &Estimate)> = c
        .metrics
        .iter()
        .filter(|m| m.metric.ends_with(" win share") && m.metric.starts_with("seat "))
        .map(|m| (&m.a, &m.b))
        .collect();
    let mut svg = String::new();
    if seats.is_empty() || c.pairs == 0 {
        return Ok(svg);
    }
    let fair = 100.0 / seats.len() as f64;
    let top = seats
        .iter()
        .map(|(a, b)| a.hi.max(b.hi) * 100.0)
        .fold(fair, f64::max)
        * 1.15;
    {
        let root = SVGBackend::with_string(&mut svg, (760, 340)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption("win share by seat, in both variants", ("sans-serif", 16))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(0.5f64..seats.len() as f64 + 0.5, 0f64..top)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc("seat")
            .y_desc("percent of games won")
            .x_label_formatter(&|x| whole(*x))
            .y_label_formatter(&|y| format!("{y:.0}%"))
            .draw()?;
        let colours = [SERIES_BLUE, RGBColor(230, 150, 40)];
        for (k, name) in [name_a, name_b].into_iter().enumerate() {
            let colour = colours[k];
            let offset = if k == 0 { -0.18 } else { 0.18 };
            let at = |i: usize| i as f64 + 1.0 + offset;
            let est = |i: usize| if k == 0 { seats[i].0 } else { seats[i].1 };
            chart
                .draw_series((0..seats.len()).map(|i| {
                    Rectangle::new(
                        [(at(i) - 0.16, 0.0), (at(i) + 0.16, est(i).value * 100.0)],
                        colour.filled(),
                    )
                }))?
                .label(name.to_string())
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 14, y + 5)], colour.filled())
                });
            chart.draw_series((0..seats.len()).map(|i| {
                let e = est(i);
                ErrorBar::new_vertical(
                    at(i),
                    e.lo * 100.0,
                    e.value * 100.0,
                    e.hi * 100.0,
                    BLACK.stroke_width(1),
                    8,
                )
            }))?;
        }
        let red = FAIR_RED;
        chart
            .draw_series(LineSeries::new(
                vec![(0.5, fair), (seats.len() as f64 + 0.5, fair)],
                red.stroke_width(1),
            ))?
            .label("fair share")
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], red));
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        root.present()?;
    }
    Ok(svg)
}
