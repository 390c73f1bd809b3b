//! The self-contained HTML report: inline SVG charts drawn with plotters, tables, and
//! the warnings. It needs no network and no other file to be read.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Context;
use plotters::prelude::*;
use weft_core::report::{Estimate, Summary};

/// Chart size in pixels.
const SIZE: (u32, u32) = (640, 320);

/// Writes the report for `s` to `path`.
pub fn write(path: &Path, s: &Summary) -> anyhow::Result<()> {
    let html = render(s).map_err(|e| anyhow::anyhow!("error: could not draw the report: {e}"))?;
    std::fs::write(path, html).with_context(|| format!("error: could not write {}", path.display()))
}

/// A component's name cell (and its price and what it gives, with `priced`), from the
/// summary's catalogue; empty cells when the pack was not at hand.
fn described(s: &Summary, component: &str, priced: bool) -> String {
    let e = s.entry(component);
    let cell = |f: fn(&weft_core::report::catalogue::Entry) -> &str| {
        format!("<td>{}</td>", e.map_or(String::new(), |e| esc(f(e))))
    };
    if priced {
        cell(|e| &e.name) + &cell(|e| &e.cost) + &cell(|e| &e.gives)
    } else {
        cell(|e| &e.name)
    }
}

/// The warnings as a list, or "None.".
pub(crate) fn warnings_list(h: &mut String, warnings: &[String]) {
    if warnings.is_empty() {
        h.push_str("<p>None.</p>");
        return;
    }
    h.push_str("<ul class=\"warn\">");
    for w in warnings {
        h.push_str("<li>");
        h.push_str(&esc(w));
        h.push_str("</li>");
    }
    h.push_str("</ul>");
}

/// Today's date (UTC) as `YYYY-MM-DD`, from the system clock.
pub(crate) fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    // Howard Hinnant's days-to-civil algorithm.
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The command this process was run with, as it could be typed again (`weft sweep
/// --set "a b=1"`: words with spaces or quotes quoted).
pub(crate) fn command_line() -> String {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .map(|a| {
            if a.is_empty() || a.contains(|c: char| c.is_whitespace() || c == '"') {
                format!("{a:?}")
            } else {
                a
            }
        })
        .collect();
    format!("weft {}", args.join(" "))
}

/// A report's provenance line: the command that made it, the bots by seat, the weft
/// version and the date.
pub(crate) fn header_line(s: &Summary) -> String {
    let bots: Vec<String> = s
        .seats
        .iter()
        .map(|x| format!("seat {} {}", x.seat, x.bot))
        .collect();
    format!(
        "<p class=\"meta\"><code>{}</code><br>bots: {} · weft {} · {} (UTC)</p>",
        esc(&command_line()),
        esc(&bots.join(", ")),
        env!("CARGO_PKG_VERSION"),
        today()
    )
}

/// Escapes text for HTML.
pub(crate) fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// What drawing a chart returns (plotters' errors, boxed).
pub(crate) type DrawResult<T> = Result<T, Box<dyn std::error::Error>>;

/// The colour of the main series of every chart.
pub(crate) const SERIES_BLUE: RGBColor = RGBColor(70, 130, 180);
/// The colour of the fair-share and margin lines.
pub(crate) const FAIR_RED: RGBColor = RGBColor(200, 60, 40);

/// The whole page.
pub fn render(s: &Summary) -> DrawResult<String> {
    let mut h = String::new();
    let chain: Vec<String> = s
        .packs
        .iter()
        .map(|p| {
            format!(
                "{} {} <code>{}</code>",
                esc(&p.name),
                esc(&p.version),
                esc(&p.digest[..p.digest.len().min(12)])
            )
        })
        .collect();
    let parity = 1.0 / s.players.max(1) as f64;
    write!(
        h,
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>weft report</title><style>{STYLE}</style></head><body>"
    )?;
    h.push_str("<h1>weft report</h1>");
    h.push_str(&header_line(s));
    write!(
        h,
        "<p>{} games, {} players, {}; packs: {}</p>",
        s.games,
        s.players,
        s.seed
            .map_or("merged records".to_string(), |x| format!("run seed {x}")),
        chain.join(" + ")
    )?;
    write!(
        h,
        "<p>finished {} · errored {} · stalled {} · rounds {} · decisions per game {:.0}</p>",
        s.finished,
        s.errored,
        s.stalled,
        s.rounds.plus_minus(2),
        s.mean_decisions
    )?;
    h.push_str("<h2>Warnings</h2>");
    warnings_list(&mut h, &s.warnings);
    lookahead_errors(&mut h, s)?;

    h.push_str("<h2>Who wins</h2>");
    let labels: Vec<String> = s
        .seats
        .iter()
        .map(|x| format!("seat {} ({})", x.seat, x.bot))
        .collect();
    let shares: Vec<Estimate> = s.seats.iter().map(|x| x.win_share).collect();
    h.push_str(&shares_chart(
        "win share per seat, 95% intervals",
        &labels,
        &shares,
        Some(parity),
    )?);
    h.push_str(
        "<table><tr><th>seat</th><th>bot</th><th>mean score</th><th>win share (95%)</th></tr>",
    );
    for x in &s.seats {
        write!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            x.seat,
            esc(&x.bot),
            x.mean_score.plus_minus(2),
            x.win_share.percent()
        )?;
    }
    h.push_str("</table>");
    if s.bots.len() > 1 {
        h.push_str(
            "<table><tr><th>bot</th><th>seats</th><th>win share (95%)</th><th>parity</th></tr>",
        );
        for b in &s.bots {
            write!(
                h,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.1}%</td></tr>",
                esc(&b.bot),
                b.seats,
                b.win_share.percent(),
                b.parity * 100.0
            )?;
        }
        h.push_str("</table>");
    }
    write!(
        h,
        "<p>First player (round 1) wins {}; a fair share is {:.1}%.</p>",
        s.first_player.percent(),
        parity * 100.0
    )?;

    h.push_str("<h2>How games go</h2>");
    let causes: Vec<String> = s
        .end_causes
        .iter()
        .map(|(k, v)| format!("{} {}", esc(k), v.percent()))
        .collect();
    write!(h, "<p>End causes: {}.</p>", causes.join(", "))?;
    let m = &s.metrics;
    let na = "n/a".to_string();
    let f = |x: Option<f64>| x.map_or_else(|| na.clone(), |v| format!("{v:.3}"));
    write!(
        h,
        "<table><tr><th>metric</th><th>value</th><th>meaning</th></tr>\
         <tr><td>balance</td><td>{:.3}</td><td>1 − (highest − lowest seat win share); 1 is even</td></tr>\
         <tr><td>decisiveness</td><td>{}</td><td>share of rounds after the winner's lead became permanent</td></tr>\
         <tr><td>lead changes</td><td>{}</td><td>changes of the sole leader per round</td></tr>\
         <tr><td>drama</td><td>{}</td><td>winner's mean deficit while behind, as a share of its final score</td></tr>\
         <tr><td>early leader wins</td><td>{}</td><td>games won by the leader after round 1</td></tr></table>",
        m.balance,
        f(m.decisiveness),
        f(m.lead_changes),
        f(m.drama),
        m.early_leader_wins
            .map_or_else(|| na.clone(), |v| format!("{:.1}%", v * 100.0)),
    )?;
    if let Some(why) = &m.not_applicable {
        write!(
            h,
            "<p>The round-by-round metrics are n/a: {}.</p>",
            esc(why)
        )?;
    } else if m.games_scored_during_play < s.finished {
        write!(
            h,
            "<p>The round-by-round metrics are over the {} of {} finished games whose scores moved before the final scoring.</p>",
            m.games_scored_during_play, s.finished
        )?;
    }
    let scores: Vec<(f64, u64)> = s
        .score_histogram
        .iter()
        .map(|&(v, n)| (v as f64, n))
        .collect();
    h.push_str(&histogram_chart(
        "final scores (every seat)",
        "prestige",
        &scores,
    )?);
    let winning: Vec<(f64, u64)> = s
        .winning_score_histogram
        .iter()
        .map(|&(v, n)| (v as f64, n))
        .collect();
    h.push_str(&histogram_chart("winning scores", "prestige", &winning)?);
    let rounds: Vec<(f64, u64)> = s
        .rounds_histogram
        .iter()
        .map(|&(v, n)| (v as f64, n))
        .collect();
    h.push_str(&histogram_chart("game length", "rounds", &rounds)?);
    h.push_str(&score_over_rounds_chart(s)?);

    strength_table(&mut h, s)?;
    if !s.cards.is_empty() {
        h.push_str("<h2>Commissions</h2><table><tr><th>card</th><th>name</th><th>costs</th><th>gives</th><th>drawn per game</th><th>fulfilled in (95%)</th><th>win share when fulfilled (95%)</th><th></th><th>games: a user won · lost</th></tr>");
    }
    for c in &s.cards {
        write!(
            h,
            "<tr><td>{}</td>{}<td>{:.2}</td><td>{}</td><td>{}</td><td><div class=\"bar\" style=\"width:{:.0}px\"></div></td><td>{}</td></tr>",
            esc(&c.id),
            described(s, &format!("card {}", c.id), true),
            c.drawn,
            c.fulfilled.percent(),
            if c.win_share_when_fulfilled.n > 0.0 {
                c.win_share_when_fulfilled.percent()
            } else {
                "–".into()
            },
            c.fulfilled.value * 200.0,
            games_of(s, &format!("card {}", c.id))
        )?;
    }
    if !s.cards.is_empty() {
        h.push_str("</table>");
    }
    if !s.held.is_empty() {
        h.push_str("<h2>Cards</h2><table><tr><th>card</th><th>name</th><th>costs</th><th>gives</th><th>copies in play per game</th><th>taken in (95%)</th><th>win share when taken (95%)</th><th></th><th>where its copies end (share of copies in play)</th><th>games: a user won · lost</th></tr>");
        for c in &s.held {
            let ends: Vec<String> = c
                .ended_in
                .iter()
                .map(|(z, share)| format!("{} {:.0}%", esc(z), share * 100.0))
                .collect();
            write!(
                h,
                "<tr><td>{}</td>{}<td>{:.1}</td><td>{}</td><td>{}</td><td><div class=\"bar\" style=\"width:{:.0}px\"></div></td><td>{}</td><td>{}</td></tr>",
                esc(&c.id),
                described(s, &format!("card {}", c.id), true),
                c.in_play,
                c.taken.percent(),
                if c.win_share_when_taken.n > 0.0 {
                    c.win_share_when_taken.percent()
                } else {
                    "–".into()
                },
                c.win_share_when_taken.value * 200.0,
                ends.join(", "),
                games_of(s, &format!("card {}", c.id))
            )?;
        }
        h.push_str("</table>");
    }
    if !s.areas.is_empty() {
        h.push_str("<h2>Areas</h2><table><tr><th>area</th><th>name</th><th>workers placed per game</th><th>share of placements</th><th>win share of placers (95%)</th><th>games: a user won · lost</th></tr>");
        for a in &s.areas {
            write!(
                h,
                "<tr><td>{}</td>{}<td>{:.2}</td><td>{:.1}%</td><td>{}</td><td>{}</td></tr>",
                esc(&a.id),
                described(s, &format!("area {}", a.id), false),
                a.placed,
                a.placement_share * 100.0,
                if a.win_share_of_placers.n > 0.0 {
                    a.win_share_of_placers.percent()
                } else {
                    "–".into()
                },
                games_of(s, &format!("area {}", a.id))
            )?;
        }
        h.push_str("</table>");
    }
    h.push_str(&board_heatmap(s));
    if !s.tiles.is_empty() {
        h.push_str("<h2>Tiles</h2><table><tr><th>tile</th><th>name</th><th>visits per game</th><th>actions per game</th><th>materials gained per game</th><th>used in</th><th>share of actions</th><th>games: a user won · lost</th></tr>");
    }
    for t in &s.tiles {
        write!(
            h,
            "<tr><td>{}</td>{}<td>{:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{:.1}%</td><td>{:.1}%</td><td>{}</td></tr>",
            esc(&t.id),
            described(s, &format!("tile {}", t.id), false),
            t.visits,
            t.actions,
            t.gained,
            t.used_in * 100.0,
            t.action_share * 100.0,
            games_of(s, &format!("tile {}", t.id))
        )?;
    }
    if !s.tiles.is_empty() {
        h.push_str("</table>");
    }
    if !s.errors_by_site.is_empty() {
        h.push_str("<h2>Errors</h2><table><tr><th>games</th><th>where</th></tr>");
        for (site, n) in &s.errors_by_site {
            write!(h, "<tr><td>{n}</td><td>{}</td></tr>", esc(site))?;
        }
        h.push_str("</table>");
        if let Some(e) = &s.first_error {
            write!(h, "<pre>{}</pre>", esc(e))?;
        }
    }
    h.push_str("<p class=\"foot\">Intervals are 95%: Wilson for shares, normal for means. Generated by weft. Click a column's header to sort its table.</p>");
    h.push_str(SORT_SCRIPT);
    h.push_str("</body></html>");
    Ok(h)
}

pub(crate) const STYLE: &str = "body{font-family:sans-serif;max-width:1200px;margin:2em auto;color:#222}\
table{border-collapse:collapse;margin:1em 0;font-size:14px}td,th{border-bottom:1px solid #ddd;padding:2px 8px;text-align:left;vertical-align:top}\
th{cursor:pointer;user-select:none}th[data-dir=asc]::after{content:' \\25B2'}th[data-dir=desc]::after{content:' \\25BC'}\
.warn li{color:#a40}.bar{background:#4a7;height:10px}.foot{color:#777;font-size:small}svg{display:block;margin:1em 0}";

/// Sorts a report's tables by the column whose header is clicked (numbers by value,
/// text alphabetically; a second click reverses). Inline, so the page stays one file.
pub(crate) const SORT_SCRIPT: &str = "<script>document.querySelectorAll('table').forEach(t=>{const h=t.rows[0];if(!h)return;[...h.cells].forEach((th,i)=>th.addEventListener('click',()=>{const rows=[...t.rows].slice(1);const dir=th.dataset.dir==='asc'?'desc':'asc';[...h.cells].forEach(c=>delete c.dataset.dir);th.dataset.dir=dir;const key=r=>{const x=(r.cells[i]||{}).textContent||'';const n=parseFloat(x.replace('\\u2212','-'));return isNaN(n)?x:n};rows.sort((a,b)=>{const p=key(a),q=key(b);const c=(typeof p==='number'&&typeof q==='number')?p-q:String(p).localeCompare(String(q));return dir==='asc'?c:-c});rows.forEach(r=>t.tBodies[0].appendChild(r))}))})</script>";

/// A whole number's label (`5`), and none between whole numbers.
pub(crate) fn whole(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round() as i64)
    } else {
        String::new()
    }
}

/// Rows shown in the strength table before the rest folds away: the strongest and the
/// weakest this many, and every flagged component.
const STRENGTH_ENDS: usize = 6;

/// The components left out of the strength table for want of users: the rule, and the
/// games the nearest ones still need at their rate.
fn unjudged_note(
    h: &mut String,
    waiting: &[weft_core::report::strength::Unjudged],
) -> std::fmt::Result {
    use std::fmt::Write;
    if waiting.is_empty() {
        return Ok(());
    }
    let sentence = weft_core::report::strength::unjudged_sentence(waiting, 12, esc);
    let mut chars = sentence.chars();
    let first = chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>())
        .unwrap_or_default();
    write!(h, "<p class=\"note\">{first}{}.</p>", chars.as_str())
}

/// Every component with enough users, ranked by how far its lift sits from its group's
/// typical lift, with its price and value for cost when the pack was at hand. A long
/// table shows its two ends and every flagged row; the whole of it follows, folded, one
/// table per group; the components without a verdict are named above it, with what
/// they need.
pub(crate) fn strength_table(h: &mut String, s: &Summary) -> std::fmt::Result {
    use std::fmt::Write;
    let min = weft_core::report::strength::MIN_USERS;
    let mut ranked: Vec<_> = s
        .strength
        .iter()
        .filter(|x| x.users as usize >= min)
        .collect();
    let waiting = weft_core::report::strength::unjudged(&s.strength, s.finished);
    if ranked.is_empty() && waiting.is_empty() {
        return Ok(());
    }
    ranked.sort_by(|a, b| (b.lift.value - b.group_lift).total_cmp(&(a.lift.value - a.group_lift)));
    write!(
        h,
        "<h2>Strength</h2><p>For each use of a component, the user's win share against the chance its standing at the start of that round gave it (the <em>lift</em>), compared with the typical lift of its group. Components used by fewer than {min} seats are left out. A flag means the gap to the group is larger than a fifth of a fair share, with the false discovery rate over every component judged at once held at 5% (Benjamini–Hochberg): about one flag in twenty may be chance. This is association: <code>weft ablate</code> measures what a component causes.</p>"
    )?;
    unjudged_note(h, &waiting)?;
    let n = ranked.len();
    if n == 0 {
        return Ok(());
    }
    if n <= 2 * STRENGTH_ENDS + 2 {
        return strength_rows(h, s, &ranked);
    }
    let shown: Vec<_> = ranked
        .iter()
        .enumerate()
        .filter(|(i, x)| *i < STRENGTH_ENDS || *i >= n - STRENGTH_ENDS || x.flag.is_some())
        .map(|(_, x)| *x)
        .collect();
    write!(
        h,
        "<p>The {STRENGTH_ENDS} furthest above their group, the {STRENGTH_ENDS} furthest below, and every flagged one; all {n} follow, by group.</p>"
    )?;
    strength_rows(h, s, &shown)?;
    let mut groups: Vec<&str> = ranked.iter().map(|x| x.group.as_str()).collect();
    groups.sort_unstable();
    groups.dedup();
    write!(
        h,
        "<details><summary>All {n} components, by group</summary>"
    )?;
    for g in groups {
        let rows: Vec<_> = ranked.iter().filter(|x| x.group == g).copied().collect();
        write!(h, "<h3>{} ({})</h3>", esc(g), rows.len())?;
        strength_rows(h, s, &rows)?;
    }
    h.push_str("</details>");
    Ok(())
}

/// One strength table of `rows`, in the order given.
fn strength_rows(
    h: &mut String,
    s: &Summary,
    rows: &[&weft_core::report::Strength],
) -> std::fmt::Result {
    use std::fmt::Write;
    h.push_str("<table><tr><th>component</th><th>name</th><th>group</th><th>costs</th><th>gives</th><th>users</th><th>win share (95%)</th><th>expected</th><th>lift (95%)</th><th>typical of group</th><th>value for cost (rank)</th><th></th><th>games: a user won · lost</th></tr>");
    for x in rows {
        let e = s.entry(&x.component);
        let text = |f: fn(&weft_core::report::catalogue::Entry) -> &str| {
            e.map_or(String::new(), |e| esc(f(e)))
        };
        let value = e
            .and_then(|e| {
                let (r, of) = e.rank?;
                Some(format!("{:.2} ({r} of {of})", e.value_for_cost?))
            })
            .unwrap_or_else(|| "–".into());
        let flag = match x.flag {
            Some(weft_core::report::Flag::Strong) => "<b>strong</b>",
            Some(weft_core::report::Flag::Weak) => "<b>weak</b>",
            None => "",
        };
        write!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.1}%</td><td>{:+.1} ({:+.1}–{:+.1})</td><td>{:+.1}</td><td>{value}</td><td>{flag}</td><td>{}</td></tr>",
            esc(&x.component),
            text(|e| &e.name),
            esc(&x.group),
            text(|e| &e.cost),
            text(|e| &e.gives),
            x.users,
            x.win_share.percent(),
            x.expected * 100.0,
            x.lift.value * 100.0,
            x.lift.lo * 100.0,
            x.lift.hi * 100.0,
            x.group_lift * 100.0,
            example_games(s, &x.games),
        )?;
    }
    h.push_str("</table>");
    if let Some(dir) = &s.saved_games {
        write!(
            h,
            "<p class=\"note\">Each game number links to its replay. To watch one move by move, with every option's value to the bots: <code>weft serve --games {}</code>, then open <code>http://127.0.0.1:8765/#watch=game-00003.json</code> (the game's file name).</p>",
            esc(dir)
        )?;
    }
    Ok(())
}

/// The games to watch for the component `key` (`card c19`, `tile wool-shop`, `area
/// market`): see [`example_games`]; `–` when no game used it.
fn games_of(s: &Summary, key: &str) -> String {
    s.strength
        .iter()
        .find(|x| x.component == key)
        .map_or_else(|| "–".into(), |x| example_games(s, &x.games))
}

/// The games to watch for one component: game indices where a user won, then where one
/// lost, each a link to its replay when the run saved them (`--save-games`).
fn example_games(s: &Summary, games: &weft_core::report::strength::ExampleGames) -> String {
    let list = |ids: &[u64]| -> String {
        let each: Vec<String> = ids
            .iter()
            .map(|&i| match &s.saved_games {
                Some(dir) => format!(
                    "<a href=\"{}\">{i}</a>",
                    esc(&format!("{dir}/game-{i:05}.json"))
                ),
                None => i.to_string(),
            })
            .collect();
        if each.is_empty() {
            "–".into()
        } else {
            each.join(" ")
        }
    };
    format!("{} · {}", list(&games.won), list(&games.lost))
}

/// The board as `board.toml` lays it out: each slot a circle whose area and colour grow
/// with the moves that ended on it per game, labelled with its id and that number, and
/// lines between neighbours. Empty without the pack's board or without visits.
fn board_heatmap(s: &Summary) -> String {
    if s.board.len() < 2 || s.slot_visits.is_empty() {
        return String::new();
    }
    let (w, h, pad) = (760.0f64, 520.0f64, 60.0f64);
    let xs = s.board.iter().map(|b| f64::from(b.pos[0]));
    let ys = s.board.iter().map(|b| f64::from(b.pos[1]));
    let (x0, x1) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
    let (y0, y1) = ys.fold((f64::MAX, f64::MIN), |(a, b), y| (a.min(y), b.max(y)));
    let sx = (w - 2.0 * pad) / (x1 - x0).max(1e-6);
    let sy = (h - 2.0 * pad) / (y1 - y0).max(1e-6);
    let k = sx.min(sy);
    // Board y grows upward; SVG y grows downward.
    let at = |p: [f32; 2]| {
        (
            pad + (f64::from(p[0]) - x0) * k,
            h - pad - (f64::from(p[1]) - y0) * k,
        )
    };
    let most = s
        .slot_visits
        .values()
        .copied()
        .fold(0.0f64, f64::max)
        .max(1e-9);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"11\">"
    );
    for b in &s.board {
        let (ax, ay) = at(b.pos);
        for n in &b.neighbours {
            if let Some(o) = s.board.iter().find(|o| &o.id == n).filter(|o| o.id > b.id) {
                let (bx, by) = at(o.pos);
                svg.push_str(&format!(
                    "<line x1=\"{ax:.1}\" y1=\"{ay:.1}\" x2=\"{bx:.1}\" y2=\"{by:.1}\" stroke=\"#bbb\"/>"
                ));
            }
        }
    }
    for b in &s.board {
        let (x, y) = at(b.pos);
        let v = s.slot_visits.get(&b.id).copied().unwrap_or(0.0);
        let share = v / most;
        let r = 6.0 + 24.0 * share.sqrt();
        let red = 255.0;
        let other = 235.0 - 200.0 * share;
        svg.push_str(&format!(
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"rgb({red:.0},{other:.0},{other:.0})\" stroke=\"#555\"><title>{} ({}): {v:.1} visits per game</title></circle><text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{} {v:.1}</text>",
            esc(&b.id),
            esc(&b.kind),
            y + r + 12.0,
            esc(&b.id)
        ));
    }
    svg.push_str(&format!(
        "<text x=\"10\" y=\"{:.0}\" fill=\"#555\">circle area and colour: apprentice moves ending on the slot per game (largest {most:.1}); lines join neighbours</text></svg>",
        h - 10.0
    ));
    format!("<h2>Board: where moves end</h2>{svg}")
}

/// Each seat's mean score at the end of each round: one line per seat, with a legend.
pub(crate) fn score_over_rounds_chart(s: &Summary) -> DrawResult<String> {
    let mut svg = String::new();
    let rows = &s.score_by_round;
    if rows.len() < 2 {
        return Ok(svg);
    }
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE)?;
        let top = rows.iter().flatten().copied().fold(1.0f64, f64::max) * 1.1;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "mean score at the end of each round, per seat (a game that ended counts with its final score)",
                ("sans-serif", 14),
            )
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(0.5f64..rows.len() as f64 + 0.5, 0f64..top)?;
        chart
            .configure_mesh()
            .x_desc("round")
            .y_desc("mean score")
            .x_label_formatter(&|x| whole(*x))
            .y_label_formatter(&|y| whole(*y))
            .draw()?;
        for seat in 0..s.players {
            let colour = Palette99::pick(seat).to_rgba();
            let name = s.seats.get(seat).map_or(format!("seat {}", seat + 1), |x| {
                format!("seat {} ({})", x.seat, x.bot)
            });
            chart
                .draw_series(LineSeries::new(
                    rows.iter()
                        .enumerate()
                        .map(|(k, row)| ((k + 1) as f64, row.get(seat).copied().unwrap_or(0.0))),
                    colour.stroke_width(2),
                ))?
                .label(name)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
                });
        }
        legend(&mut chart, SeriesLabelPosition::UpperLeft)?;
        root.present()?;
    }
    let reached: Vec<String> = s
        .games_by_round
        .iter()
        .enumerate()
        .map(|(k, n)| format!("{}: {n}", k + 1))
        .collect();
    svg.push_str(&format!(
        "<p>Games that played each round (round: games): {}.</p>",
        reached.join(", ")
    ));
    Ok(svg)
}

/// The legend box of a chart, at `at`: every report's charts draw it the same way.
pub(crate) fn legend<'a, CT: CoordTranslate>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, CT>,
    at: SeriesLabelPosition,
) -> DrawResult<()> {
    chart
        .configure_series_labels()
        .position(at)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    Ok(())
}

/// Bars with 95% interval whiskers and an optional parity line.
fn shares_chart(
    title: &str,
    labels: &[String],
    shares: &[Estimate],
    parity: Option<f64>,
) -> DrawResult<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE)?;
        let top = shares
            .iter()
            .map(|e| e.hi)
            .fold(parity.unwrap_or(0.0), f64::max)
            .max(0.05)
            // Room above the bars for the legend.
            * 1.4;
        let n = shares.len().max(1) as u32;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 16))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d((0..n - 1).into_segmented(), 0f64..top)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc("seat")
            .y_desc("percent of games won")
            .x_label_formatter(&|x| match x {
                SegmentValue::CenterOf(i) => labels.get(*i as usize).cloned().unwrap_or_default(),
                _ => String::new(),
            })
            .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
            .draw()?;
        let blue = SERIES_BLUE;
        chart
            .draw_series(
                Histogram::vertical(&chart)
                    .style(blue.filled())
                    .margin(20)
                    .data(shares.iter().enumerate().map(|(i, e)| (i as u32, e.value))),
            )?
            .label("win share")
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], blue.filled()));
        chart
            .draw_series(shares.iter().enumerate().map(|(i, e)| {
                ErrorBar::new_vertical(
                    SegmentValue::CenterOf(i as u32),
                    e.lo,
                    e.value,
                    e.hi,
                    BLACK.stroke_width(2),
                    12,
                )
            }))?
            .label("95% interval")
            .legend(|(x, y)| {
                PathElement::new(vec![(x + 7, y - 6), (x + 7, y + 6)], BLACK.stroke_width(2))
            });
        if let Some(p) = parity {
            let red = FAIR_RED;
            chart
                .draw_series(LineSeries::new(
                    vec![(SegmentValue::Exact(0), p), (SegmentValue::Last, p)],
                    red.stroke_width(1),
                ))?
                .label("fair share")
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], red));
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        root.present()?;
    }
    Ok(svg)
}

/// A histogram of (value, count) pairs.
fn histogram_chart(title: &str, x_label: &str, data: &[(f64, u64)]) -> DrawResult<String> {
    let mut svg = String::new();
    if data.is_empty() {
        return Ok(svg);
    }
    // Bins of 1, 2, 5, 10, 20, … points, wide enough for at most 30 bars: 1-point bars
    // over a range of 80 points are noise.
    let min = data.iter().map(|d| d.0).fold(f64::MAX, f64::min);
    let max = data.iter().map(|d| d.0).fold(f64::MIN, f64::max);
    let width = bin_width(max - min);
    let mut bins: std::collections::BTreeMap<i64, u64> = std::collections::BTreeMap::new();
    for &(v, n) in data {
        *bins.entry((v / width).floor() as i64).or_default() += n;
    }
    let data: Vec<(f64, u64)> = bins
        .into_iter()
        .map(|(b, n)| (b as f64 * width, n))
        .collect();
    let x_label = if width > 1.0 {
        format!("{x_label} (bins of {width})")
    } else {
        x_label.to_string()
    };
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE)?;
        let lo = data.iter().map(|d| d.0).fold(f64::MAX, f64::min) - width;
        let hi = data.iter().map(|d| d.0).fold(f64::MIN, f64::max) + 2.0 * width;
        let top = data.iter().map(|d| d.1).max().unwrap_or(1) as f64 * 1.1;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 16))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(lo..hi, 0f64..top)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc(x_label.as_str())
            .y_desc("count")
            // Scores and rounds are whole numbers: no "5.0", no labels between them.
            .x_label_formatter(&|x| whole(*x))
            .y_label_formatter(&|y| whole(*y))
            .draw()?;
        chart.draw_series(data.iter().map(|&(v, n)| {
            // A one-point bin is centred on its value; a wider one spans [v, v + width).
            let (a, b) = if width > 1.0 {
                (v + 0.05 * width, v + 0.95 * width)
            } else {
                (v - 0.45, v + 0.45)
            };
            Rectangle::new([(a, 0.0), (b, n as f64)], SERIES_BLUE.filled())
        }))?;
        root.present()?;
    }
    Ok(svg)
}

/// The smallest of 1, 2, 5, 10, 20, 50, … that cuts `range` into at most 30 bins.
fn bin_width(range: f64) -> f64 {
    let mut width = 1.0;
    for step in [2.0, 2.5, 2.0].iter().cycle().take(60) {
        if range / width <= 30.0 {
            return width;
        }
        width *= step;
    }
    width
}

/// The script errors bots met while looking ahead: a table of place, message, times and
/// games, with the first game that met each.
fn lookahead_errors(h: &mut String, s: &Summary) -> std::fmt::Result {
    if s.lookahead_errors.is_empty() {
        return Ok(());
    }
    write!(
        h,
        "<h2>Script errors met while looking ahead</h2><p>The bots met these errors while trying options (in {} of {} games) and avoided those options, so the games finished as if the failing parts were not in the pack; an error marked <em>score estimate</em> came from the pack's own score estimate, which the bots counted as 0. <code>weft sim --save-failed DIR</code> writes a replay that reaches each game's first one.</p><table><tr><th>place</th><th>message</th><th>times</th><th>games</th><th>first game</th></tr>",
        s.lookahead_error_games, s.games
    )?;
    for e in &s.lookahead_errors {
        write!(
            h,
            "<tr><td><code>{}</code>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} (seed {})</td></tr>",
            esc(&e.site),
            if e.estimate {
                " <em>score estimate</em>"
            } else {
                ""
            },
            esc(&e.message),
            e.count,
            e.games,
            e.first_game,
            e.first_seed
        )?;
    }
    h.push_str("</table>");
    Ok(())
}
