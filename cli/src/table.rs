//! The compact stdout table of a [`Summary`], shared by `weft sim` and `weft merge`.

use weft_core::report::lookahead::LookaheadSummary;
use weft_core::report::Summary;
use weft_core::text::plural;

/// How many cards to list at each end of the fulfilment ranking.
const CARDS_EACH_END: usize = 5;

/// Prints the summary as a compact table.
pub fn print(s: &Summary) {
    let chain: Vec<String> = s
        .packs
        .iter()
        .map(|p| format!("{} {}", p.name, p.version))
        .collect();
    let seed = s
        .seed
        .map_or(String::from("merged"), |x| format!("seed {x}"));
    if s.games == 0 {
        println!("weft: no games were played ({seed})");
        return;
    }
    println!(
        "weft: {} games, {} players, {seed} ({})",
        s.games,
        s.players,
        chain.join(" + ")
    );
    println!(
        "  finished {}   errored {}   stalled {}{}",
        s.finished,
        s.errored,
        s.stalled,
        if s.lookahead_errors.is_empty() {
            String::new()
        } else {
            format!(
                "   script errors met looking ahead in {}",
                plural(s.lookahead_error_games, "game")
            )
        }
    );
    if s.finished == 0 {
        // No finished game: shares, scores and quality would be made of nothing.
        println!("  no game finished, so there is nothing to summarise");
        print_warnings(s);
        print_lookahead_errors(&s.lookahead_errors, s.lookahead_error_games, s.games, "");
        return;
    }
    println!(
        "  rounds         {:<18} decisions/game {:.0}",
        s.rounds.plus_minus(2),
        s.mean_decisions
    );
    let causes: Vec<String> = s
        .end_causes
        .iter()
        .map(|(k, v)| format!("{k} {}", v.percent()))
        .collect();
    println!("  end causes     {}", causes.join(", "));
    // Bot names include weight sets (`greedy:skill-track`): the column fits the longest.
    let bw = s
        .seats
        .iter()
        .map(|x| x.bot.chars().count())
        .max()
        .unwrap_or(0)
        .max(10);
    println!(
        "\n  seat  {:<bw$} mean score       win share (95% interval)",
        "bot"
    );
    for seat in &s.seats {
        println!(
            "  {:>4}  {:<bw$} {:<16} {}",
            seat.seat,
            seat.bot,
            seat.mean_score.plus_minus(2),
            seat.win_share.percent()
        );
    }
    if s.bots.len() > 1 {
        println!(
            "\n  {:<bw$} seats   win share (95% interval)   parity",
            "bot"
        );
        for b in &s.bots {
            println!(
                "  {:<bw$} {:>5}   {:<26} {:.1}%",
                b.bot,
                b.seats,
                b.win_share.percent(),
                b.parity * 100.0
            );
        }
    }
    println!(
        "\n  first player   wins {} (fair: {:.1}%)",
        s.first_player.percent(),
        100.0 / s.players.max(1) as f64
    );
    let m = &s.metrics;
    match (m.decisiveness, m.lead_changes, m.drama) {
        (Some(d), Some(l), Some(dr)) => println!(
            "  quality        balance {:.3}  decisiveness {d:.3}  lead changes {l:.3}/round  drama {dr:.3}",
            m.balance
        ),
        _ => println!(
            "  quality        balance {:.3}  decisiveness, lead changes, drama: n/a ({})",
            m.balance,
            m.not_applicable.as_deref().unwrap_or("no finished game")
        ),
    }
    print_cards(s);
    print_strength(s);
    print_tiles(s);
    print_held(s);
    print_areas(s);
    print_dice_spaces(s);
    if let Some(gps) = s.games_per_second {
        println!(
            "\n  games/second   {gps:.1}   ({:.2} s)",
            s.seconds.unwrap_or(0.0)
        );
    }
    print_warnings(s);
    print_lookahead_errors(&s.lookahead_errors, s.lookahead_error_games, s.games, "");
}

fn print_warnings(s: &Summary) {
    if !s.warnings.is_empty() {
        println!("\nwarnings:");
        for w in s.warnings.iter().take(20) {
            println!("  {w}");
        }
        if s.warnings.len() > 20 {
            println!(
                "  … and {} more (see --json or --report)",
                s.warnings.len() - 20
            );
        }
    }
}

fn print_cards(s: &Summary) {
    if s.cards.is_empty() {
        return;
    }
    let mut by_share: Vec<_> = s.cards.iter().collect();
    by_share.sort_by(|a, b| b.fulfilled.value.total_cmp(&a.fulfilled.value));
    println!("\n  card        fulfilled in            win share when fulfilled");
    print_ends(&by_share, |c| {
        println!(
            "  {:<10}  {:<22}  {}",
            c.id,
            c.fulfilled.percent(),
            share_or_dash(&c.win_share_when_fulfilled)
        )
    });
}

/// Components ranked by how far their lift sits from their group's typical lift
/// (`weft_core::report::strength`), the ends of the ranking shown; flagged ones marked.
fn print_strength(s: &Summary) {
    let mut ranked: Vec<_> = s
        .strength
        .iter()
        .filter(|x| x.users as usize >= weft_core::report::strength::MIN_USERS)
        .collect();
    print_unjudged(s);
    if ranked.is_empty() {
        return;
    }
    ranked.sort_by(|a, b| (b.lift.value - b.group_lift).total_cmp(&(a.lift.value - a.group_lift)));
    let w = ranked
        .iter()
        .map(|x| x.component.chars().count())
        .max()
        .unwrap_or(0)
        .max(9);
    println!(
        "
  {:<w$}  {:<20}  users  win share               expected  lift (95%)             typical  value  verdict",
        "strength", "name"
    );
    print_ends(&ranked, |x| {
        let entry = s.entry(&x.component);
        let name = weft_core::text::fit(entry.map_or("", |e| e.name.as_str()), 20);
        let value = entry
            .and_then(|e| e.rank.map(|(r, of)| format!("{r}/{of}")))
            .unwrap_or_else(|| "-".into());
        let mark = match x.flag {
            Some(weft_core::report::Flag::Strong) => "  strong",
            Some(weft_core::report::Flag::Weak) => "  weak",
            None => "  -",
        };
        println!(
            "  {:<w$}  {:<20}  {:>5}  {:<22}  {:>7.1}%  {:<21}  {:>+6.1}  {:>5}{mark}",
            x.component,
            name,
            x.users,
            x.win_share.percent(),
            x.expected * 100.0,
            format!(
                "{:+.1} ({:+.1}–{:+.1})",
                x.lift.value * 100.0,
                x.lift.lo * 100.0,
                x.lift.hi * 100.0
            ),
            x.group_lift * 100.0,
            value
        )
    });
}

/// The components the strength table leaves out for want of users, with the rule and
/// the games each would need at its rate (the nearest few named).
fn print_unjudged(s: &Summary) {
    let waiting = weft_core::report::strength::unjudged(&s.strength, s.finished);
    if waiting.is_empty() {
        return;
    }
    println!(
        "\n  {}",
        weft_core::report::strength::unjudged_sentence(&waiting, 6, str::to_string)
    );
}

/// The pack's cards (packs with card zones), ranked by the win share of the seats that
/// took them, the ends of the ranking shown.
fn print_held(s: &Summary) {
    if s.held.is_empty() {
        return;
    }
    let mut ranked: Vec<_> = s.held.iter().collect();
    ranked.sort_by(|a, b| {
        b.win_share_when_taken
            .value
            .total_cmp(&a.win_share_when_taken.value)
    });
    let w = ranked
        .iter()
        .map(|c| c.id.chars().count())
        .max()
        .unwrap_or(0)
        .max(10);
    println!(
        "\n  {:<w$}  in play  taken in                win share when taken     ends most in",
        "card"
    );
    print_ends(&ranked, |c| {
        println!(
            "  {:<w$}  {:>7.1}  {:<22}  {:<23}  {}",
            c.id,
            c.in_play,
            c.taken.percent(),
            share_or_dash(&c.win_share_when_taken),
            ended_in(c)
        )
    });
}

/// Where a card's copies most often end the game, among players' zones: `completed
/// 40%` (of its copies in play), or `-`.
fn ended_in(c: &weft_core::report::HeldSummary) -> String {
    c.ended_in.first().map_or("-".into(), |(z, share)| {
        format!("{z} {:.0}%", share * 100.0)
    })
}

/// Prints the first and last [`CARDS_EACH_END`] rows of a ranking with `row`, and how
/// many were left out between them.
fn print_ends<T>(ranked: &[T], row: impl Fn(&T)) {
    let n = ranked.len();
    for (i, item) in ranked.iter().enumerate() {
        if i == CARDS_EACH_END && n > 2 * CARDS_EACH_END {
            println!(
                "  … {} more (see --json or --report)",
                n - 2 * CARDS_EACH_END
            );
        }
        if i >= CARDS_EACH_END && i < n.saturating_sub(CARDS_EACH_END) {
            continue;
        }
        row(item);
    }
}

/// A share with its interval, or `-` when nothing was measured.
fn share_or_dash(e: &weft_core::report::Estimate) -> String {
    if e.n > 0.0 {
        e.percent()
    } else {
        "-".into()
    }
}

/// The worker-placement areas: placements per game and how the seats that used them
/// fared.
fn print_areas(s: &Summary) {
    print_placements("area", &s.areas);
}

/// The dice spaces (M-DICE-2): placements per game and how the seats that placed there
/// fared.
fn print_dice_spaces(s: &Summary) {
    print_placements("dice space", &s.dice_spaces);
}

/// A table of places players put workers or dice (`what`: its first column's title):
/// placements per game, their share, and the win share of the seats that placed there.
fn print_placements(what: &str, rows: &[weft_core::report::AreaSummary]) {
    if rows.is_empty() {
        return;
    }
    let w = rows
        .iter()
        .map(|a| a.id.chars().count())
        .max()
        .unwrap_or(0)
        .max(16);
    println!("\n  {what:<w$}  placed/game  share   win share of placers");
    for a in rows {
        println!(
            "  {:<w$}  {:>11.2}  {:>4.1}%  {}",
            a.id,
            a.placed,
            a.placement_share * 100.0,
            share_or_dash(&a.win_share_of_placers)
        );
    }
}

fn print_tiles(s: &Summary) {
    if s.tiles.is_empty() {
        return;
    }
    println!("\n  tile                   visits  actions  gained   (per game)");
    for t in &s.tiles {
        println!(
            "  {:<22} {:>6.2}  {:>7.2}  {:>6.2}",
            t.id, t.visits, t.actions, t.gained
        );
    }
}

/// The script errors bots met while looking ahead, each place with how often and in how
/// many of `games` games (`with_errors` of them met any); `whose` names the variant or
/// value they belong to, when there are several.
pub fn print_lookahead_errors(
    errors: &[LookaheadSummary],
    with_errors: u64,
    games: u64,
    whose: &str,
) {
    if errors.is_empty() {
        return;
    }
    println!(
        "\n{whose}script errors the bots met while looking ahead (in {with_errors} of {}; they avoided the options that failed, and counted a failed score estimate as 0):",
        plural(games, "game")
    );
    for e in errors {
        println!(
            "  {:>12} in {:>10}  {}{}\n  {:>25}  {}",
            plural(e.count, "time"),
            plural(e.games, "game"),
            e.site,
            if e.estimate {
                "  (score estimate: counted as 0)"
            } else {
                ""
            },
            "",
            e.message
        );
    }
}
