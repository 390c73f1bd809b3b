//! `weft compare` (two variants) and `weft ablate` (a pack with and without one card or
//! tile): paired games, differences with intervals, and a sequential stop.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;
use weft_core::ablate::{ablate, Component};
use weft_core::compare::{compare, CompareConfig, Comparison, Metric};
use weft_core::Content;

use crate::packs::PackArgs;
use crate::play_args::PlayArgs;

/// Flags shared by compare and ablate.
#[derive(Args, Debug)]
pub struct PairArgs {
    #[command(flatten)]
    play: PlayArgs,
    /// Most pairs of games to play (each pair: one game per variant, same seed).
    #[arg(long, default_value_t = 2000)]
    games: u64,
    /// Bots by seat, comma separated, cycled over the seats.
    #[arg(long, value_delimiter = ',', default_value = "greedy")]
    bots: Vec<String>,
    /// Pairs between two looks of the sequential test.
    #[arg(long, default_value_t = 100)]
    batch: u64,
    /// False-alarm rate over all metrics together.
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// The metric to test and stop on: holder[:COMPONENT] (win share of the seats that
    /// used it; ablate's default, for the removed card or tile), seat-win:N,
    /// seat-score:N, score, rounds, ends:CAUSE, uses:COMPONENT, count:FIELD, or all
    /// (compare's default: stop on whichever standard metric differs first).
    #[arg(long, value_name = "NAME")]
    metric: Option<String>,
    /// Stop with "no difference" once the tested metric's always-valid interval lies
    /// inside ±MARGIN (in its units; a share as a fraction, 0.05 = 5 points). Default
    /// for win-share metrics: half a fair share (0.125 at four players); for others,
    /// none.
    #[arg(long, value_name = "MARGIN")]
    margin: Option<f64>,
    /// Print one JSON object on stdout.
    #[arg(long)]
    json: bool,
    /// Write a self-contained HTML report to FILE.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
}

impl PairArgs {
    /// The config, testing `default_metric` unless `--metric` names another.
    fn config(&self, default_metric: Metric) -> anyhow::Result<CompareConfig> {
        let sim = self.play.config(self.games, &self.bots);
        let mut cfg = CompareConfig::new(sim);
        cfg.batch = self.batch.max(1);
        cfg.min_pairs = cfg.batch.min(self.games);
        cfg.alpha = self.alpha;
        cfg.metric = match &self.metric {
            Some(m) => m
                .parse()
                .map_err(|e| anyhow::anyhow!("error: --metric: {e}"))?,
            None => default_metric.clone(),
        };
        if let Metric::Holder(c) = &mut cfg.metric {
            if c.is_empty() {
                match &default_metric {
                    Metric::Holder(d) => c.clone_from(d),
                    _ => anyhow::bail!(
                        "error: --metric holder needs a component in compare: --metric \"holder:card c22\""
                    ),
                }
            }
        }
        if let Some(m) = self.margin {
            if !(m > 0.0 && m.is_finite()) {
                anyhow::bail!("error: --margin must be a positive number, not {m}");
            }
        }
        cfg.margin = self
            .margin
            .or_else(|| CompareConfig::margin_for(&cfg.metric, self.play.players));
        Ok(cfg)
    }
}

/// Flags of `weft compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Variant A: --pack/--scripts as for every command.
    #[command(flatten)]
    packs: PackArgs,
    /// Variant B's pack folder (repeatable, like --pack).
    #[arg(long = "pack-b", value_name = "DIR", required = true)]
    pack_b: Vec<PathBuf>,
    #[command(flatten)]
    pair: PairArgs,
}

/// Flags of `weft ablate`.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("component").required(true).args(["card", "tile"])))]
pub struct AblateArgs {
    #[command(flatten)]
    packs: PackArgs,
    /// Take this commission card out of its deck.
    #[arg(long, value_name = "ID")]
    card: Option<String>,
    /// Close this tile: it keeps its slot but offers no action.
    #[arg(long, value_name = "ID")]
    tile: Option<String>,
    #[command(flatten)]
    pair: PairArgs,
}

pub fn run_compare(a: CompareArgs) -> anyhow::Result<ExitCode> {
    let content_a = a.packs.load()?;
    let b_args = PackArgs {
        packs: a.pack_b.clone(),
        ..a.packs.clone()
    };
    let content_b = b_args.load()?;
    report(
        "compare",
        &content_a,
        &content_b,
        &a.pair,
        ("A (--pack)", "B (--pack-b)"),
        Metric::All,
    )
}

pub fn run_ablate(a: AblateArgs) -> anyhow::Result<ExitCode> {
    let what = match (&a.card, &a.tile) {
        (Some(c), _) => Component::Card(c.clone()),
        (_, Some(t)) => Component::Tile(t.clone()),
        _ => unreachable!("clap requires one"),
    };
    let (files, library) = a.packs.read()?;
    let content_a = a.packs.load_files(&files, &library)?;
    let ablated = ablate(&files, &what).map_err(|e| anyhow::anyhow!("error: {e}"))?;
    let content_b = a
        .packs
        .load_files(&ablated, &library)
        .map_err(|e| anyhow::anyhow!("error: the pack without {what} does not load:\n{e}"))?;
    report(
        "ablate",
        &content_a,
        &content_b,
        &a.pair,
        ("with", &format!("without {what}")),
        Metric::Holder(what.to_string()),
    )
}

/// Runs the comparison and prints it under `weft {command}:`.
fn report(
    command: &str,
    a: &Arc<Content>,
    b: &Arc<Content>,
    pair: &PairArgs,
    (name_a, name_b): (&str, &str),
    default_metric: Metric,
) -> anyhow::Result<ExitCode> {
    if let Some(path) = &pair.report {
        crate::output::check_file("--report", path)?;
    }
    for (c, name) in [(a, name_a), (b, name_b)] {
        pair.play.check_players(c, &format!("variant `{name}`"))?;
    }
    pair.play.check_bots(&pair.bots)?;
    let cfg = pair.config(default_metric)?;
    let show = !pair.json
        && !crate::output::quiet()
        && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let on_batch = |n: u64| {
        if show {
            eprint!("\r{n}/{} pairs", cfg.sim.games);
        }
    };
    let c = compare(a, b, &cfg, &on_batch).map_err(|e| anyhow::anyhow!("error: {e}"))?;
    if show {
        eprintln!();
    }
    if let Some(path) = &pair.report {
        crate::compare_html::write(path, command, &c, (name_a, name_b))?;
    }
    if pair.json {
        println!("{}", serde_json::to_string_pretty(&c)?);
    } else {
        print(command, &c, name_a, name_b);
        if let Some(path) = &pair.report {
            crate::output::status(&format!("  report: {}", path.display()));
        }
    }
    Ok(if c.a.has_errors() || c.b.has_errors() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn print(command: &str, c: &Comparison, name_a: &str, name_b: &str) {
    let chain = |p: &[weft_core::content::PackInfo]| {
        p.iter()
            .map(|x| format!("{} {}", x.name, x.version))
            .collect::<Vec<_>>()
            .join(" + ")
    };
    let head = format!("weft {command}: ");
    println!("{head}{name_a} = {}", chain(&c.a_packs));
    println!(
        "{:w$}{name_b} = {}",
        "",
        chain(&c.b_packs),
        w = head.chars().count()
    );
    match &c.tested {
        Some(t) => {
            println!(
                "  {} pairs played of at most {}; paired seeds; tested: {} (p < {:.4}{})",
                c.played,
                c.max_pairs,
                c.metric,
                c.threshold,
                t.margin.map_or(String::new(), |m| if t.share {
                    format!(", or no difference inside ±{:.1} points", m * 100.0)
                } else {
                    format!(", or no difference inside ±{m:.2}")
                })
            );
            let fmt = |e: &weft_core::report::Estimate| e.value_text(t.share);
            println!(
                "\n  {}: {} {}, {} {} ({} pairs)",
                c.metric,
                name_a,
                fmt(&t.diff.a),
                name_b,
                fmt(&t.diff.b),
                t.pairs
            );
        }
        None => println!(
            "  {} pairs played of at most {}; paired seeds; each metric held to p < {:.4}",
            c.played, c.max_pairs, c.threshold
        ),
    }
    let wa = name_a.chars().count().max(22) + 1;
    let wb = name_b.chars().count().max(22) + 1;
    println!(
        "\n  {:<24} {:<wa$} {:<wb$} {:<24} p",
        "metric", name_a, name_b, "B − A (95%)"
    );
    for m in &c.metrics {
        let fmt = |e: &weft_core::report::Estimate| metric_value(&m.metric, e);
        let diff = metric_diff(&m.metric, &m.diff);
        let mark = if c.tested.is_none() && m.p_value < c.threshold {
            " *"
        } else {
            ""
        };
        println!(
            "  {:<24} {:<wa$} {:<wb$} {:<24} {:.4}{mark}",
            m.metric,
            fmt(&m.a),
            fmt(&m.b),
            diff,
            m.p_value
        );
    }
    println!("\n  {}", c.verdict);
    if c.a.errored + c.b.errored > 0 {
        println!(
            "  errored games: {} in A, {} in B (their pairs are left out)",
            c.a.errored, c.b.errored
        );
    }
    for (name, side) in [(name_a, &c.a), (name_b, &c.b)] {
        crate::table::print_lookahead_errors(
            &side.lookahead_errors,
            side.lookahead_error_games,
            side.games,
            &format!("{name}: "),
        );
    }
}

/// Whether a compare metric is a share of games, shown in percent and points.
pub(crate) fn is_share(metric: &str) -> bool {
    metric.contains("share") || metric.starts_with("ends")
}

/// A metric's value with its interval, in percent for shares.
pub(crate) fn metric_value(metric: &str, e: &weft_core::report::Estimate) -> String {
    e.value_text(is_share(metric))
}

/// A paired difference with its interval, in points of percent for shares.
pub(crate) fn metric_diff(metric: &str, d: &weft_core::report::Estimate) -> String {
    d.diff_text(is_share(metric))
}
