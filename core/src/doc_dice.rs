//! `weft doc content`'s "Dice" section: the pools, every dice space with what it takes
//! (dice, strength, occupancy, fee, cost, needs, links) and every extra action.

use crate::content::dice::{ExtraKind, Occupancy};
use crate::content::{Content, CounterId};

/// Counters as `2 coins, 1 camels`; `—` for none.
fn amounts(c: &Content, list: &[(CounterId, u32)]) -> String {
    if list.is_empty() {
        return "—".into();
    }
    list.iter()
        .map(|&(k, n)| format!("{n} {}", c.counters[k as usize].id))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The section, or nothing in a game without dice pools.
pub fn dice_markdown(c: &Content) -> String {
    let d = &c.dice_play;
    let Some(pools) = &d.pools else {
        return String::new();
    };
    let mut out = String::from("\n## Dice\n\n");
    out.push_str(&format!(
        "Each player rolls {} dice of 1 to {} pips; neutral dice in the shared supply: {} (each a {}).\n\n",
        pools.per_player, pools.faces, pools.neutral, pools.neutral_name
    ));
    if !d.spaces.is_empty() {
        out.push_str("| dice space | name | dice | least strength | occupancy | fee | cost | needs | linked | open to | behaviour |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
        for s in &d.spaces {
            let occupancy = match s.occupancy {
                Occupancy::Ordered { slots } => format!("ordered, {slots} slots"),
                o => o.name().to_string(),
            };
            let occupancy = if s.extra {
                format!("{occupancy} (extra action)")
            } else {
                occupancy
            };
            // Who may place: a marker's presence, and held cards' powers.
            let mut open = Vec::new();
            if let Some(pr) = &s.presence {
                let at: Vec<&str> = pr
                    .at
                    .iter()
                    .map(|&x| c.board.slots[x as usize].id.as_str())
                    .collect();
                open.push(format!(
                    "a {} on {}{}",
                    c.markers[pr.kind].id,
                    at.join(" or "),
                    if pr.settled {
                        ", placed before this turn"
                    } else {
                        ""
                    }
                ));
            }
            if let Some(a) = &s.closed_by {
                open.push(format!("not with `{a}`"));
            }
            if let Some(a) = &s.fewer_dice {
                open.push(format!("fewer dice with `{a}`"));
            }
            let open = if open.is_empty() {
                "all".to_string()
            } else {
                open.join("; ")
            };
            out.push_str(&format!(
                "| {} | {} | {} | {} | {}{} | {} | {} | {} | {} | {open} | {} |\n",
                s.id,
                s.name.replace('|', "\\|"),
                s.dice,
                s.min_strength,
                occupancy,
                if s.per_colour { "" } else { ", any colour" },
                s.fee.map_or("—".to_string(), |k| format!(
                    "strength in {}",
                    c.counters[k as usize].id
                )),
                amounts(c, &s.cost),
                amounts(c, &s.needs),
                s.group.map_or("—", |g| d.groups[g as usize].as_str()),
                s.script.as_ref().map_or("—", |x| x.module.as_str()),
            ));
        }
    }
    if !d.extras.is_empty() {
        out.push_str("\n| extra | name | does | cost | per turn |\n|---|---|---|---|---|\n");
        for e in &d.extras {
            let does = match e.kind {
                ExtraKind::Reroll => "reroll a pool die".to_string(),
                ExtraKind::Adjust => "turn a pool die one pip up or down".to_string(),
                ExtraKind::TakeNeutral => format!("take a {}", pools.neutral_name),
                ExtraKind::Place { space } => {
                    format!("place on {}", d.spaces[space as usize].id)
                }
                ExtraKind::Script => format!(
                    "script {}",
                    e.script.as_ref().map_or("?", |s| s.module.as_str())
                ),
            };
            let mut does = does;
            if let Some(z) = e.needs_cards {
                let zone = c
                    .zones
                    .iter()
                    .find(|x| x.owner == crate::content::ZoneOwner::Player && x.index == z as usize)
                    .map_or("?", |x| x.id.as_str());
                does.push_str(&format!(" (with a card in {zone})"));
            }
            if let Some(a) = &e.needs_ability {
                does.push_str(&format!(" (with {a} above 0)"));
            }
            if !e.needs_any.is_empty() {
                let names: Vec<&str> = e
                    .needs_any
                    .iter()
                    .map(|&k| c.counters[k as usize].id.as_str())
                    .collect();
                does.push_str(&format!(" (holding one of {})", names.join(", ")));
            }
            if !e.needs_placed.is_empty() {
                let names: Vec<&str> = e
                    .needs_placed
                    .iter()
                    .map(|&k| c.markers[k].id.as_str())
                    .collect();
                does.push_str(&format!(" (with a {} on the board)", names.join(" or ")));
            }
            match &e.offers {
                Some(crate::content::dice::Offers::Cards) => {
                    does.push_str("; offers the cards it can pay for");
                }
                Some(crate::content::dice::Offers::Entries(list)) => {
                    let ids: Vec<&str> = list.iter().map(|o| o.id.as_str()).collect();
                    does.push_str(&format!("; offers {} when payable", ids.join(", ")));
                }
                None => {}
            }
            if let Some(a) = &e.offers_script_for {
                does.push_str(&format!(" (its script's options for {a} above 0)"));
            }
            if let Some(t) = &e.trigger {
                does.push_str(&format!("; fires `{t}`"));
            }
            out.push_str(&format!(
                "| {} | {} | {does} | {} | {} |\n",
                e.id,
                e.name.replace('|', "\\|"),
                amounts(c, &e.cost),
                if e.per_turn == 0 {
                    "any".to_string()
                } else {
                    e.per_turn.to_string()
                }
            ));
        }
    }
    out
}
