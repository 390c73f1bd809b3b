//! `weft sweep`: one number of the pack at several values, on the same seeds, with the
//! chosen metric and its interval per value (a table, `--json`, or an HTML chart).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use plotters::prelude::*;
use weft_core::compare::Metric;
use weft_core::sweep::{self, Setting, Sweep};
use weft_core::Content;

use crate::html::{esc, legend, DrawResult, FAIR_RED, SERIES_BLUE, STYLE};
use crate::packs::PackArgs;
use crate::play_args::PlayArgs;

/// Flags of `weft sweep`.
#[derive(Args, Debug)]
pub struct SweepArgs {
    #[command(flatten)]
    packs: PackArgs,
    /// The number to sweep: FILE:PATH=VALUES, e.g.
    /// "cards/common.toml:c22.reward.prestige=0..3" (PATH may start with the id
    /// of an element of an array of tables; VALUES is A..B or a comma list).
    #[arg(
        long = "set",
        value_name = "FILE:PATH=VALUES",
        required_unless_present = "merge"
    )]
    set: Option<String>,
    /// The metric per value (as for compare): default, the win share of the seats that
    /// used the card or tile whose id starts PATH (holder).
    #[arg(long, value_name = "NAME")]
    metric: Option<String>,
    #[command(flatten)]
    play: PlayArgs,
    /// Games per value (every value plays the same seeds).
    #[arg(long, default_value_t = 200)]
    games: u64,
    /// Bots by seat, comma separated, cycled over the seats.
    #[arg(long, value_delimiter = ',', default_value = "greedy")]
    bots: Vec<String>,
    /// Play only shard I of N (0-based) of every value's games, and write them to --out.
    /// Run the N shards anywhere with the same flags, then join them with --merge.
    #[arg(
        long,
        value_name = "I/N",
        value_parser = weft_core::sim::Shard::parse,
        requires = "out",
        conflicts_with_all = ["report", "json"]
    )]
    shard: Option<weft_core::sim::Shard>,
    /// Write every game of every value to FILE (JSON Lines, marked with its value).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Join the --out files of a sweep's shards and report the sweep instead of playing
    /// (the setting, games, seed and bots come from the files; give the same --pack).
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["shard", "out"])]
    merge: Vec<PathBuf>,
    /// Print one JSON object on stdout.
    #[arg(long)]
    json: bool,
    /// Write a self-contained HTML report (the chart and the table) to FILE.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
}

/// The holder metric of the card or tile whose id starts the path, if there is one.
fn default_metric(setting: &Setting, content: &weft_core::Content) -> Option<Metric> {
    let id = setting.path.first()?;
    ["card", "tile"]
        .into_iter()
        .find(|kind| weft_core::compare::metric::recorded(content, kind, id))
        .map(|kind| Metric::Holder(format!("{kind} {id}")))
}

/// The metric to chart: `--metric`, else (or for a bare `holder`) the holder metric of
/// the card or tile the setting names; checked against `base` at `players`.
fn chosen_metric(
    given: Option<&str>,
    setting: &Setting,
    base: &Content,
    players: usize,
) -> anyhow::Result<Metric> {
    let metric = match given {
        Some(m) => m
            .parse::<Metric>()
            .map_err(|e| anyhow::anyhow!("error: --metric: {e}"))?,
        None => default_metric(setting, base).ok_or_else(|| {
            anyhow::anyhow!(
                "error: `{}` names no card or tile, so there is no default metric; give --metric (seat-win:1, score, rounds, …)",
                setting
            )
        })?,
    };
    let metric = match metric {
        Metric::Holder(c) if c.is_empty() => default_metric(setting, base).ok_or_else(|| {
            anyhow::anyhow!(
                "error: --metric holder needs a component here: --metric \"holder:card c22\""
            )
        })?,
        m => m,
    };
    sweep::check(base, &metric, players).map_err(|e| anyhow::anyhow!("error: {e}"))?;
    Ok(metric)
}

/// Runs `weft sweep`.
pub fn run(a: SweepArgs) -> anyhow::Result<ExitCode> {
    if let Some(path) = &a.report {
        crate::output::check_file("--report", path)?;
    }
    if let Some(path) = &a.out {
        crate::output::check_file("--out", path)?;
    }
    let given: Option<Setting> = a
        .set
        .as_deref()
        .map(str::parse)
        .transpose()
        .map_err(|e| anyhow::anyhow!("error: --set: {e}"))?;
    let (files, library) = a.packs.read()?;
    let load = |f: &[weft_core::content::PackFiles]| {
        a.packs.load_files(f, &library).map_err(|e| e.to_string())
    };
    if !a.merge.is_empty() {
        return merge(&a, given.as_ref(), &files, &load);
    }
    let setting = given.expect("clap: --set is required without --merge");
    let base = load(&files).map_err(|e| anyhow::anyhow!("{e}"))?;
    a.play.check_players(&base, "the pack")?;
    a.play.check_bots(&a.bots)?;
    // The setting must name a number of the pack before anything else is said of it (a
    // mistyped card id is the problem, not the metric it would have given).
    setting
        .current(&files)
        .map_err(|e| anyhow::anyhow!("error: --set {setting}: {e}"))?;
    // A shard only plays: the metric is chosen at the join (a given one is checked now).
    let metric = if a.shard.is_some() && a.metric.is_none() {
        None
    } else {
        Some(chosen_metric(
            a.metric.as_deref(),
            &setting,
            &base,
            a.play.players,
        )?)
    };
    let mut cfg = a.play.config(a.games, &a.bots);
    cfg.shard = a.shard.unwrap_or(weft_core::sim::Shard::ALL);
    let show =
        !a.json && !crate::output::quiet() && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let n = setting.values.len();
    let on_value = |i: usize| {
        if show {
            eprint!("\r{}/{n} values", i + 1);
        }
    };
    let runs = sweep::play(&files, &setting, &cfg, &load, &on_value)
        .map_err(|e| anyhow::anyhow!("error: {e}"))?;
    if show {
        eprintln!();
    }
    if let Some(path) = &a.out {
        let records: Vec<_> = runs
            .iter()
            .flat_map(|v| v.records.iter().cloned())
            .collect();
        crate::runs_file::write(path, &records)?;
    }
    if let Some(shard) = a.shard {
        let played: usize = runs.iter().map(|v| v.records.len()).sum();
        let out = a.out.as_ref().expect("clap: --shard requires --out");
        let errored = runs
            .iter()
            .flat_map(|v| &v.records)
            .filter(|r| r.error.is_some() || !r.lookahead_errors.is_empty())
            .count();
        println!(
            "weft sweep: shard {}/{} of {setting}: {played} games over {n} values written to {}",
            shard.index,
            shard.count,
            out.display()
        );
        if errored > 0 {
            println!("  {errored} games errored or met script errors while bots looked ahead; run weft sim at that value with --save-failed to see why");
        }
        println!("  when every shard is done: weft sweep --merge FILE… (with the same --pack)");
        return Ok(if errored > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        });
    }
    let metric = metric.expect("chosen unless this is a shard");
    let s = sweep::summarise(&files, &base, &setting, &metric, &runs)
        .map_err(|e| anyhow::anyhow!("error: {e}"))?;
    finish(&a, &s)
}

/// `--merge`: joins the shards' records and reports the sweep they make.
fn merge(
    a: &SweepArgs,
    given: Option<&Setting>,
    files: &[weft_core::content::PackFiles],
    load: &sweep::LoadPacks<'_>,
) -> anyhow::Result<ExitCode> {
    let mut records = Vec::new();
    for path in &a.merge {
        let read = crate::runs_file::read(path)?;
        if let Some(p) = read.problems.first().or(read.stopped.as_ref()) {
            anyhow::bail!("error: {p}; a sweep is joined from whole shards only");
        }
        records.extend(read.records.into_iter().map(|l| l.record));
    }
    let (setting, runs) = sweep::join(records).map_err(|e| anyhow::anyhow!("error: {e}"))?;
    if let Some(g) = given {
        if (g.file.as_str(), &g.path) != (setting.file.as_str(), &setting.path) {
            anyhow::bail!("error: the files hold a sweep of {setting}, not of {g}");
        }
    }
    sweep::check_played_on(files, &setting, &runs, load)
        .map_err(|e| anyhow::anyhow!("error: {e}"))?;
    let base = load(files).map_err(|e| anyhow::anyhow!("{e}"))?;
    let players = runs[0].records[0].seats.len();
    let metric = chosen_metric(a.metric.as_deref(), &setting, &base, players)?;
    let s = sweep::summarise(files, &base, &setting, &metric, &runs)
        .map_err(|e| anyhow::anyhow!("error: {e}"))?;
    finish(a, &s)
}

/// Writes the report, prints the table or JSON, and exits 1 if any game errored.
fn finish(a: &SweepArgs, s: &Sweep) -> anyhow::Result<ExitCode> {
    if let Some(path) = &a.report {
        let html =
            render(s).map_err(|e| anyhow::anyhow!("error: could not draw the report: {e}"))?;
        std::fs::write(path, html)
            .with_context(|| format!("error: could not write {}", path.display()))?;
    }
    if a.json {
        println!("{}", serde_json::to_string_pretty(s)?);
    } else {
        print(s);
        if let Some(path) = &a.report {
            crate::output::status(&format!("  report: {}", path.display()));
        }
    }
    let errored: u64 = s.points.iter().map(|p| p.errored).sum();
    let looked = s.points.iter().any(|p| !p.lookahead_errors.is_empty());
    Ok(if errored > 0 || looked {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn fmt_value(s: &Sweep, e: &weft_core::report::Estimate) -> String {
    e.value_text(s.share)
}

fn fmt_diff(s: &Sweep, e: &weft_core::report::Estimate) -> String {
    e.diff_text(s.share)
}

fn print(s: &Sweep) {
    let chain: Vec<String> = s
        .packs
        .iter()
        .map(|p| format!("{} {}", p.name, p.version))
        .collect();
    println!(
        "weft sweep: {} ({}); {} games per value, {} players, bots {}, seed {}",
        s.setting,
        s.current
            .map_or("not set in the pack".into(), |c| format!("now {c}")),
        s.games,
        s.seats.len(),
        s.seats.join(","),
        s.seed
    );
    println!("  packs: {}", chain.join(" + "));
    println!(
        "  metric: {}{}",
        s.metric,
        s.fair
            .map_or(String::new(), |f| format!(" (fair {:.1}%)", f * 100.0))
    );
    println!(
        "\n  {:>8}  {:>8}  {:<24}  versus now (paired, 95%)",
        "value", "finished", "metric (95%)"
    );
    for p in &s.points {
        let now = s.current == Some(p.value);
        println!(
            "  {:>8}  {:>8}  {:<24}  {}",
            format!("{}{}", p.value, if now { " (now)" } else { "" }),
            p.finished,
            fmt_value(s, &p.metric),
            match (&p.versus_current, now) {
                (_, true) => "–".into(),
                (Some(d), false) => fmt_diff(s, d),
                (None, false) => "–".into(),
            }
        );
    }
    let errored: u64 = s.points.iter().map(|p| p.errored).sum();
    if errored > 0 {
        println!("\n  {errored} games errored (left out); run weft sim at that value to see why");
    }
    for p in &s.points {
        crate::table::print_lookahead_errors(
            &p.lookahead_errors,
            p.lookahead_error_games,
            p.finished + p.errored,
            &format!("at {}: ", p.value),
        );
    }
}

/// The metric against the value, with 95% error bars and the fair share as a line.
fn chart(s: &Sweep) -> DrawResult<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (640, 360)).into_drawing_area();
        root.fill(&WHITE)?;
        let xs: Vec<f64> = s.points.iter().map(|p| p.value.as_f64()).collect();
        let (x0, x1) = xs
            .iter()
            .fold((f64::MAX, f64::MIN), |(lo, hi), &x| (lo.min(x), hi.max(x)));
        let pad = ((x1 - x0) * 0.1).max(0.5);
        let scale = if s.share { 100.0 } else { 1.0 };
        let lo = s
            .points
            .iter()
            .map(|p| p.metric.lo * scale)
            .fold(s.fair.map_or(f64::MAX, |f| f * scale), f64::min);
        let hi = s
            .points
            .iter()
            .map(|p| p.metric.hi * scale)
            .fold(s.fair.map_or(f64::MIN, |f| f * scale), f64::max);
        let ypad = ((hi - lo) * 0.1).max(0.5);
        let mut c = ChartBuilder::on(&root)
            .caption(format!("{} by {}", s.metric, s.setting), ("sans-serif", 14))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d((x0 - pad)..(x1 + pad), (lo - ypad)..(hi + ypad))?;
        let whole_x = s
            .points
            .iter()
            .all(|p| matches!(p.value, weft_core::sweep::Value::Int(_)));
        let share = s.share;
        c.configure_mesh()
            .x_desc(s.setting.clone())
            .y_desc(if s.share {
                "percent of games".to_string()
            } else {
                s.metric.clone()
            })
            .x_label_formatter(&|x| {
                if whole_x {
                    // Whole-number sweeps are labelled at whole numbers only.
                    if (x - x.round()).abs() < 1e-9 {
                        format!("{}", x.round() as i64)
                    } else {
                        String::new()
                    }
                } else {
                    format!("{x}")
                }
            })
            .y_label_formatter(&|y| {
                if share {
                    format!("{y:.0}%")
                } else {
                    format!("{y}")
                }
            })
            .draw()?;
        let blue = SERIES_BLUE;
        c.draw_series(LineSeries::new(
            s.points
                .iter()
                .map(|p| (p.value.as_f64(), p.metric.value * scale)),
            blue.stroke_width(2),
        ))?
        .label(s.metric.clone())
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], blue.stroke_width(2)));
        c.draw_series(s.points.iter().map(|p| {
            ErrorBar::new_vertical(
                p.value.as_f64(),
                p.metric.lo * scale,
                p.metric.value * scale,
                p.metric.hi * scale,
                BLACK.stroke_width(1),
                10,
            )
        }))?
        .label("95% interval")
        .legend(|(x, y)| PathElement::new(vec![(x + 10, y - 5), (x + 10, y + 5)], BLACK));
        if let Some(f) = s.fair {
            let red = FAIR_RED;
            c.draw_series(LineSeries::new(
                vec![(x0 - pad, f * scale), (x1 + pad, f * scale)],
                red.stroke_width(1),
            ))?
            .label("fair share")
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], red));
        }
        legend(&mut c, SeriesLabelPosition::LowerRight)?;
        root.present()?;
    }
    Ok(svg)
}

fn render(s: &Sweep) -> DrawResult<String> {
    let mut h = String::new();
    write!(
        h,
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>weft sweep</title><style>{STYLE}</style></head><body><h1>weft sweep</h1><p class=\"meta\"><code>{}</code><br>weft {} · {} (UTC) · {} games per value · {} players · bots {} · seed {}</p>",
        esc(&crate::html::command_line()),
        env!("CARGO_PKG_VERSION"),
        crate::html::today(),
        s.games,
        s.seats.len(),
        esc(&s.seats.join(",")),
        s.seed
    )?;
    write!(
        h,
        "<p>{} ({}); metric: {}</p>",
        esc(&s.setting),
        s.current
            .map_or("not set in the pack".into(), |c| format!("now {c}")),
        esc(&s.metric)
    )?;
    h.push_str(&chart(s)?);
    h.push_str("<table><tr><th>value</th><th>finished games</th><th>metric (95%)</th><th>versus now (paired, 95%)</th></tr>");
    for p in &s.points {
        let now = s.current == Some(p.value);
        write!(
            h,
            "<tr><td>{}{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            p.value,
            if now { " (now)" } else { "" },
            p.finished,
            fmt_value(s, &p.metric),
            p.versus_current
                .as_ref()
                .filter(|_| !now)
                .map_or("–".into(), |d| esc(&fmt_diff(s, d)))
        )?;
    }
    h.push_str("</table>");
    h.push_str(crate::html::SORT_SCRIPT);
    h.push_str("</body></html>");
    Ok(h)
}
