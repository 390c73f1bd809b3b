//! `[bots.X]` of `game.toml`: parameters of the bots weft seats, and weight sets of
//! the greedy bot (`[bots."greedy:NAME"]`).

use crate::content::diagnostics::Loader;
use crate::content::raw::GameToml;

/// What the bots take, handed in by the loader (the bots are built on the content, so
/// this module does not reach them itself).
pub(in crate::content) struct Catalog {
    /// The bots weft can seat.
    pub names: &'static [&'static str],
    /// The parameters a bot takes, `None` for no such bot.
    pub params: fn(&str) -> Option<&'static [&'static str]>,
    /// The fixed weights of the greedy bot.
    pub greedy_weights: &'static [&'static str],
    /// Whether the greedy bot takes a key, given the pack's counters and player zones.
    pub greedy_accepts: fn(&[String], &[String], &str) -> bool,
}

/// Checks every `[bots.X]` table: a bot weft has, parameters it takes, finite numbers.
pub(in crate::content) fn check(ld: &mut Loader, gf: &str, game: &GameToml, catalog: &Catalog) {
    for (bot, params) in &game.bots {
        if let Some((base, set)) = bot.split_once(':') {
            let good = !set.is_empty()
                && set
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            if base != "greedy" || !good {
                ld.fail_in_bots_table(
                    gf,
                    bot,
                    None,
                    format!("[bots.\"{bot}\"] is not a weight set weft can seat"),
                    "a weight set is [bots.\"greedy:NAME\"] with a NAME of letters, digits, - and _; it changes the greedy weights it names",
                );
                continue;
            }
        }
        let Some(known) = (catalog.params)(bot) else {
            ld.fail_in_bots_table(
                gf,
                bot,
                None,
                format!("[bots.{bot}]: there is no bot `{bot}`"),
                &format!("bots are: {}", catalog.names.join(", ")),
            );
            continue;
        };
        let counter_ids: Vec<String> = game
            .materials
            .iter()
            .map(|m| m.id.clone())
            .chain(game.counters.iter().map(|k| k.id.clone()))
            .collect();
        let player_zones: Vec<String> = game
            .zones
            .iter()
            .filter(|z| z.owner == "player")
            .map(|z| z.id.clone())
            .collect();
        for (name, value) in params {
            if !value.is_finite() {
                ld.fail_in_bots_table(
                    gf,
                    bot,
                    Some(name),
                    format!("[bots.{bot}] {name} = {value} is not a finite number"),
                    "give a number such as 1.5",
                );
            }
            let greedy = bot == "greedy" || bot.starts_with("greedy:");
            if greedy && shadows_a_counter(catalog, &counter_ids, name) {
                ld.fail_in_bots_table(
                    gf,
                    bot,
                    Some(name),
                    format!("[bots.{bot}] {name}: `{name}` is both a weight of the greedy bot and a counter of the pack, and the bot reads it as its own weight, never as the counter's"),
                    "rename the counter to give it a weight of its own",
                );
            }
            let ok = if greedy {
                (catalog.greedy_accepts)(&counter_ids, &player_zones, name)
            } else {
                known.contains(&name.as_str())
            };
            let scored = game
                .score
                .as_ref()
                .is_some_and(|sc| sc.parts.iter().any(|part| part == name));
            if greedy && scored {
                ld.fail_in_bots_table(
                    gf,
                    bot,
                    Some(name),
                    format!("[bots.{bot}] {name}: `{name}` is part of the score, which the greedy bot already weighs by `score`; a weight of its own would count it twice"),
                    &format!("to weigh the score, write `score = {value}` (it was `prestige` before weights stopped naming one game's counters)"),
                );
                continue;
            }
            if greedy && !ok {
                if let Some(&(_, now)) = RENAMED.iter().find(|(old, _)| old == name) {
                    ld.fail_in_bots_table(
                        gf,
                        bot,
                        Some(name),
                        format!("[bots.{bot}] {name}: the greedy bot's `{name}` weight is now `{now}`"),
                        &format!("write `{now} = {value}`; a counter's own weight is its id (`coins = 0.1`), and no counter has one unless the pack gives it"),
                    );
                    continue;
                }
            }
            if !ok {
                ld.fail_in_bots_table(
                    gf,
                    bot,
                    Some(name),
                    format!("[bots.{bot}] has no parameter `{name}`"),
                    &if known.is_empty() {
                        format!("the {bot} bot takes no parameters")
                    } else if bot == "greedy" || bot.starts_with("greedy:") {
                        format!(
                            "parameters are: {}, a counter id (a weight per unit), or zone:<id> of a player zone (a weight per card)",
                            known.join(", ")
                        )
                    } else {
                        format!("parameters are: {}", known.join(", "))
                    },
                );
            }
        }
    }
}

/// Fixed weights of the greedy bot that were renamed when they stopped naming one
/// game's things: (old name, new name).
const RENAMED: [(&str, &str); 2] = [("prestige", "score"), ("workshop", "used")];

/// Whether the `[bots.greedy]` key `name` is a fixed weight of the bot that a counter of
/// the pack also has as its id.
fn shadows_a_counter(catalog: &Catalog, counter_ids: &[String], name: &str) -> bool {
    catalog.greedy_weights.contains(&name) && counter_ids.iter().any(|c| c == name)
}
