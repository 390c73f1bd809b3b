//! The screen of `weft play`: one seat's view of the game as text, for any pack. It is
//! drawn from [`SeatView`] only, so it can show nothing the seat may not see: another
//! hand or a face-down pile is a count, another seat's question has no options, and
//! events read as that seat may read them. Every text from the pack is passed through
//! [`printable_line`], so a pack cannot act on the terminal.

use std::fmt::Write;

use weft_core::content::{CardIx, ZoneOwner};
use weft_core::events::Event;
use weft_core::text::printable_line;
use weft_core::view::SeatView;
use weft_core::zones::ZoneRef;
use weft_core::Content;

/// Most events shown under "What happened"; older ones are counted.
pub const MAX_EVENTS: usize = 40;

/// `text` made safe and one line.
fn safe(text: &str) -> String {
    printable_line(text)
}

/// A card by name, with its id when the name differs.
fn card_name(c: &Content, k: CardIx) -> String {
    let card = &c.cards[k as usize];
    if card.name.is_empty() || card.name == card.id {
        safe(&card.id)
    } else {
        format!("{} ({})", safe(&card.name), safe(&card.id))
    }
}

/// Seat `p` (0-based) as the screen names it: `seat 2 (greedy)`, or `seat 2 (you)`.
pub fn seat_name(seats: &[String], p: usize, me: Option<usize>) -> String {
    if me == Some(p) {
        format!("seat {} (you)", p + 1)
    } else {
        format!(
            "seat {} ({})",
            p + 1,
            seats.get(p).map_or("?", String::as_str)
        )
    }
}

/// The cards of one zone instance as the seat sees them: names, or a count of face-down
/// cards.
fn zone_text(c: &Content, view: &SeatView, r: ZoneRef, players: usize) -> String {
    let st = view.state();
    let z = &c.zones[r.zone as usize];
    let zone = r.get(c, st);
    if let Some(backs) = view.backs(r) {
        let n = backs.iter().flatten().count();
        return match n {
            0 => "empty".into(),
            1 => "1 card, face down".into(),
            n => format!("{n} cards, face down"),
        };
    }
    let names: Vec<String> = zone
        .cards
        .iter()
        .map(|k| k.map_or_else(|| "·".to_string(), |k| card_name(c, k)))
        .collect();
    if names.is_empty() {
        return "empty".into();
    }
    if let Some((_, columns)) = z.grid_size(players) {
        let columns = columns.max(1) as usize;
        let rows: Vec<String> = names.chunks(columns).map(|row| row.join(" | ")).collect();
        return rows.join(" / ");
    }
    let top = if names.len() > 1 { " (top last)" } else { "" };
    format!("{}{top}", names.join(", "))
}

/// The screen for seat `me` (0-based): players, board, areas, card zones.
pub fn board(c: &Content, view: &SeatView, seats: &[String], me: usize) -> String {
    let st = view.state();
    let players = st.players.len();
    let mut out = String::new();
    let uncommitted = if view.uncommitted {
        " · an effect is under way: what it did so far is shown, not yet final"
    } else {
        ""
    };
    let _ = writeln!(
        out,
        "══ {} · round {} · first player seat {}{uncommitted}",
        safe(&c.title),
        st.round,
        st.first_player + 1
    );
    let _ = writeln!(out, "Players");
    for (p, player) in st.players.iter().enumerate() {
        let counters: Vec<String> = c
            .counters
            .iter()
            .zip(&player.counters)
            .map(|(k, v)| format!("{} {v}", safe(&k.name)))
            .collect();
        let mark = if p == me { "▶" } else { " " };
        let _ = writeln!(
            out,
            "{mark} {}: {}",
            seat_name(seats, p, Some(me)),
            counters.join(" · ")
        );
        if !player.dice.is_empty() {
            let dice: Vec<String> = player
                .dice
                .iter()
                .map(|&d| weft_core::engine::dice::die_text(d))
                .collect();
            let _ = writeln!(out, "      dice: {}", dice.join(" "));
        }
        for z in c.zones.iter().filter(|z| z.owner == ZoneOwner::Player) {
            let r = ZoneRef {
                zone: c.zone(&z.id).unwrap_or_default(),
                player: Some(p),
            };
            let _ = writeln!(
                out,
                "      {}: {}",
                safe(&z.name),
                zone_text(c, view, r, players)
            );
        }
    }
    if !c.board.slots.is_empty() {
        let _ = writeln!(out, "Board");
        for (i, slot) in c.board.slots.iter().enumerate() {
            let Some(tile) = st.board.get(i) else {
                continue;
            };
            let mut parts = vec![format!(
                "{} {}",
                safe(&slot.id),
                safe(&c.tiles[tile.tile as usize].name)
            )];
            if !tile.slots.is_empty() {
                let display: Vec<String> = tile
                    .slots
                    .iter()
                    .map(|m| m.map_or("·".into(), |m| safe(&c.materials[m as usize].name)))
                    .collect();
                parts.push(format!("[{}]", display.join(" ")));
            }
            if !tile.dice.is_empty() {
                let dice: Vec<String> = tile
                    .dice
                    .iter()
                    .map(|d| {
                        let kind = &c.dice[d.kind as usize];
                        let face = kind
                            .faces
                            .get(d.face as usize)
                            .map_or("?".into(), |&m| safe(&c.materials[m as usize].name));
                        format!("{} shows {face}", safe(&kind.id))
                    })
                    .collect();
                parts.push(format!("dice: {}", dice.join(", ")));
            }
            for (k, v) in &tile.counters {
                parts.push(format!("{} {v}", safe(k)));
            }
            let pieces: Vec<String> = st
                .players
                .iter()
                .enumerate()
                .filter_map(|(p, pl)| {
                    let n = pl.pieces.iter().filter(|x| x.at as usize == i).count();
                    (n > 0).then(|| {
                        if n == 1 {
                            format!("seat {}", p + 1)
                        } else {
                            format!("seat {} ×{n}", p + 1)
                        }
                    })
                })
                .collect();
            if !pieces.is_empty() {
                parts.push(format!("pieces: {}", pieces.join(", ")));
            }
            for (k, kind) in c.markers.iter().enumerate() {
                let seats: Vec<String> = st
                    .markers
                    .get(k)
                    .into_iter()
                    .flatten()
                    .filter(|(s, _)| *s as usize == i)
                    .map(|(_, p)| format!("seat {}", p + 1))
                    .collect();
                if !seats.is_empty() {
                    parts.push(format!("{}: {}", safe(&kind.name), seats.join(", ")));
                }
            }
            let _ = writeln!(out, "  {}", parts.join(" · "));
        }
    }
    if !c.dice_play.spaces.is_empty() {
        let neutral = c
            .dice_play
            .pools
            .as_ref()
            .map(|p| {
                format!(
                    " ({} × {} in the supply)",
                    st.neutral_dice,
                    safe(&p.neutral_name)
                )
            })
            .unwrap_or_default();
        let _ = writeln!(out, "Action spaces{neutral}");
        for (i, space) in c.dice_play.spaces.iter().enumerate() {
            let placed: Vec<String> = st
                .dice_spaces
                .get(i)
                .map(|s| {
                    s.placements
                        .iter()
                        .map(|pl| {
                            let dice: Vec<String> = pl
                                .dice
                                .iter()
                                .map(|&d| weft_core::engine::dice::die_text(d))
                                .collect();
                            format!("seat {} [{}]", pl.player + 1, dice.join(" "))
                        })
                        .collect()
                })
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "  {} ({}, {} {}): {}",
                safe(&space.name),
                safe(&space.id),
                space.dice,
                if space.dice == 1 { "die" } else { "dice" },
                if placed.is_empty() {
                    "empty".to_string()
                } else {
                    placed.join(", ")
                }
            );
        }
    }
    if !c.board.areas.is_empty() {
        let _ = writeln!(out, "Areas");
        for (i, area) in c.board.areas.iter().enumerate() {
            let Some(a) = st.areas.get(i) else { continue };
            let spaces: Vec<String> = a
                .placed
                .iter()
                .map(|s| s.map_or("[ ]".into(), |p| format!("[{}]", p + 1)))
                .collect();
            let closed = if a.closed { " · closed" } else { "" };
            let _ = writeln!(
                out,
                "  {} ({}): {}{closed}",
                safe(&area.name),
                safe(&area.id),
                spaces.join("")
            );
        }
    }
    let shared: Vec<_> = c
        .zones
        .iter()
        .filter(|z| z.owner == ZoneOwner::Shared)
        .collect();
    if !shared.is_empty() {
        let _ = writeln!(out, "Cards");
        for z in shared {
            let r = ZoneRef {
                zone: c.zone(&z.id).unwrap_or_default(),
                player: None,
            };
            let _ = writeln!(
                out,
                "  {}: {}",
                safe(&z.name),
                zone_text(c, view, r, players)
            );
        }
    }
    out
}

/// Events as the seat reads them, one per line, the seat's number first; at most
/// [`MAX_EVENTS`], the older ones counted.
pub fn events(view: &SeatView, events: &[Event]) -> String {
    let seen = view.events(events);
    let mut out = String::new();
    let skip = seen.len().saturating_sub(MAX_EVENTS);
    if skip > 0 {
        let _ = writeln!(out, "  … {skip} earlier events");
    }
    for e in &seen[skip..] {
        let text = safe(&e.text);
        match e.seat {
            Some(s) => {
                let _ = writeln!(out, "  seat {s}: {text}");
            }
            None => {
                let _ = writeln!(out, "  — {text}");
            }
        }
    }
    out
}

/// The question put to the seat, its options numbered from 1 with key and label, and
/// with `hints` each option's value to the greedy bot against the best.
pub fn question(view: &SeatView, hints: Option<&[f64]>) -> String {
    let Some(d) = view.state().decision() else {
        return String::new();
    };
    if d.player != view.player {
        return format!("Seat {} is asked: {}\n", d.player + 1, safe(&d.prompt));
    }
    let mut out = String::new();
    let _ = writeln!(out, "Your move: {}", safe(&d.prompt));
    let best = hints.map(|h| h.iter().copied().fold(f64::NEG_INFINITY, f64::max));
    let width = d
        .options
        .iter()
        .map(|o| o.key.len())
        .max()
        .unwrap_or(0)
        .min(40);
    for (i, o) in d.options.iter().enumerate() {
        let key = safe(&o.key);
        let label = safe(o.label());
        let mut line = format!("  {:>3}  {key:<width$}", i + 1);
        if label != key {
            line.push_str("  ");
            line.push_str(&label);
        }
        if let (Some(h), Some(best)) = (hints, best) {
            let v = h.get(i).copied().unwrap_or(f64::NEG_INFINITY);
            let hint = if v == f64::NEG_INFINITY {
                "fails".to_string()
            } else if best - v < 0.005 {
                "best".to_string()
            } else {
                format!("{:+.2}", v - best)
            };
            line.push_str(&format!("   [greedy: {hint}]"));
        }
        let _ = writeln!(out, "{line}");
    }
    out
}

/// The name and rule text of what `id` names (a card, a tile, an area or a zone), for
/// `look ID`: public information (what a card says, not where it is).
pub fn look(c: &Content, id: &str) -> Option<String> {
    if let Some(card) = c
        .cards
        .iter()
        .find(|k| k.id == id || k.template == id || k.name.eq_ignore_ascii_case(id))
    {
        let mut parts: Vec<String> = card_terms(c, card).iter().map(|t| safe(t)).collect();
        if !card.params.is_empty() {
            let params = serde_json::to_string(&card.params).unwrap_or_default();
            parts.push(format!("params {}", safe(&params)));
        }
        if parts.is_empty() {
            parts.push("(no rule text)".into());
        }
        return Some(format!(
            "{} [{}]: {}",
            card_name_of(card),
            safe(&card.kind),
            parts.join("; ")
        ));
    }
    if let Some(t) = c
        .tiles
        .iter()
        .find(|t| t.id == id || t.name.eq_ignore_ascii_case(id))
    {
        return Some(format!(
            "{} ({}): {}",
            safe(&t.name),
            safe(&t.id),
            safe(&t.text)
        ));
    }
    if let Some(a) = c.board.areas.iter().find(|a| a.id == id) {
        return Some(format!(
            "{} ({}): an area of {} spaces",
            safe(&a.name),
            safe(&a.id),
            a.spaces.len()
        ));
    }
    None
}

/// What a card says, for people: its rule text, then what it costs and gives (by
/// counter name), each a part; unescaped (a terminal needs [`printable_line`]).
pub fn card_terms(c: &Content, card: &weft_core::content::Card) -> Vec<String> {
    let amounts = |list: &[(weft_core::content::CounterId, u32)]| {
        list.iter()
            .map(|&(k, n)| format!("{n} {}", c.counters[k as usize].name))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut parts = Vec::new();
    if !card.text.is_empty() {
        parts.push(card.text.clone());
    }
    if !card.cost.is_empty() {
        parts.push(format!("costs {}", amounts(&card.cost)));
    }
    if !card.reward.is_empty() {
        parts.push(format!("gives {}", amounts(&card.reward)));
    }
    parts
}

fn card_name_of(card: &weft_core::content::Card) -> String {
    if card.name.is_empty() || card.name == card.id {
        safe(&card.id)
    } else {
        format!("{} ({})", safe(&card.name), safe(&card.template))
    }
}
