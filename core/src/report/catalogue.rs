//! What each component is, for people: its name, what it costs and what it gives, and
//! its value for cost, from the pack's own data. A report made from records alone has
//! ids only; a command that has the pack (`sim`, `compare`, `ablate`, `merge --pack`)
//! adds this.
//!
//! **Value for cost** is the points a card scores (a commission's reward into a counter
//! that `[score]` counts; a `[[cards]]` card's `[report] card_points` param) per unit
//! of price (a commission's `requires`; a card's `[report] card_cost` param), each
//! counter priced at its `value`. It reads the one-off reward only: a workshop action,
//! an ongoing effect or a coin reward is not priced, which is why the strength table
//! (what players win with it) sits beside it.

use serde::{Deserialize, Serialize};

use crate::content::{Content, CounterId, ScorePart};

/// One component as a designer knows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// `card c19`, `tile wool-shop`, `area market`: as in the strength table.
    pub component: String,
    /// Its name in the pack.
    pub name: String,
    /// Its peer group, as in the strength table.
    pub group: String,
    /// Its price in words (`1 wool, 1 green dye`), empty if it has none.
    pub cost: String,
    /// What it gives, in words (`2 coins, 1 prestige, and a workshop action`), or its
    /// rules text.
    pub gives: String,
    /// The price in counter value (each counter at its `value`).
    pub cost_value: Option<u32>,
    /// The points it scores, and the counter they are counted in.
    pub points: Option<(u32, String)>,
    /// Points per unit of price.
    pub value_for_cost: Option<f64>,
    /// Its rank by value for cost in its group (1 = most points for the price), and how
    /// many of the group have a price and points.
    pub rank: Option<(usize, usize)>,
    /// The median value for cost of its group.
    pub group_value_for_cost: Option<f64>,
    /// What it gives that value for cost leaves out (`a workshop action`, `its
    /// effect`), if anything.
    pub unpriced: Option<String>,
}

impl Entry {
    /// An entry with its names and group, and nothing priced yet.
    pub(super) fn new(component: String, name: &str, group: &str) -> Entry {
        Entry {
            component,
            name: name.to_string(),
            group: group.to_string(),
            cost: String::new(),
            gives: String::new(),
            cost_value: None,
            points: None,
            value_for_cost: None,
            rank: None,
            group_value_for_cost: None,
            unpriced: None,
        }
    }

    /// `it costs 1 wool, 1 green dye (value 3) for 3 prestige, the most prestige for its
    /// price of the 27 common cards`, or `None` without a price and points.
    pub fn value_sentence(&self) -> Option<String> {
        let (points, counter) = self.points.as_ref()?;
        let cost_value = self.cost_value?;
        let (rank, of) = self.rank?;
        let place = match rank {
            1 => format!("the most {counter} for its price"),
            r if r == of => format!("the least {counter} for its price"),
            r => format!(
                "{} by {counter} for its price",
                crate::text::ordinal(r as u64)
            ),
        };
        let extra = self
            .unpriced
            .as_ref()
            .map_or(String::new(), |u| format!(", plus {u} this leaves out"));
        Some(format!(
            "it costs {} (value {cost_value}) for {points} {counter}{extra}: {place} among the {of} {} cards that give {counter}",
            self.cost, self.group
        ))
    }
}

/// A board slot for drawing: where `board.toml` puts it and what it touches.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoardSlot {
    /// Slot id.
    pub id: String,
    /// Slot kind.
    pub kind: String,
    /// `pos` from `board.toml`.
    pub pos: [f32; 2],
    /// Ids of the neighbouring slots.
    pub neighbours: Vec<String>,
}

/// The board's slots (empty for a board without slots).
pub fn board(content: &Content) -> Vec<BoardSlot> {
    let b = &content.board;
    b.slots
        .iter()
        .enumerate()
        .map(|(i, s)| BoardSlot {
            id: s.id.clone(),
            kind: s.kind.clone(),
            pos: s.pos,
            neighbours: b
                .neighbours
                .get(i)
                .map(|n| n.iter().map(|&j| b.slots[j as usize].id.clone()).collect())
                .unwrap_or_default(),
        })
        .collect()
}

/// `2 wool, 1 green dye` from (name, amount) pairs, skipping zeros.
fn words<'a>(parts: impl IntoIterator<Item = (&'a str, u32)>) -> String {
    parts
        .into_iter()
        .filter(|&(_, n)| n > 0)
        .map(|(name, n)| format!("{n} {}", name.to_lowercase()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every deck commission, `[[cards]]` template, tile and area of `content`.
pub fn catalogue(content: &Content) -> Vec<Entry> {
    let scored = |counter: usize| {
        content
            .score
            .parts
            .iter()
            .any(|p| matches!(p, ScorePart::Counter(k) if *k as usize == counter))
    };
    let mut out = Vec::new();
    // With a `play` step, the cards of decks are played for their cost and reward (as
    // the records count them); without one, cards are taken, by template (below).
    let plays = content.program.play.is_some();
    for c in content.cards.iter().filter(|_| plays) {
        let Some(deck) = c.deck.map(|d| &content.decks[d as usize]) else {
            continue;
        };
        let mut e = Entry::new(format!("card {}", c.id), &c.name, &deck.id);
        e.cost = words(
            c.cost
                .iter()
                .map(|&(k, n)| (content.counters[k as usize].name.as_str(), n)),
        );
        e.cost_value = Some(
            c.cost
                .iter()
                .map(|&(k, n)| content.counters[k as usize].value.saturating_mul(n))
                .fold(0u32, u32::saturating_add),
        );
        let counter = |k: CounterId| content.counters[k as usize].name.as_str();
        e.gives = words(c.reward.iter().map(|&(k, n)| (counter(k), n)));
        let points: u32 = c
            .reward
            .iter()
            .filter(|&&(k, _)| scored(k as usize))
            .map(|&(_, n)| n)
            .sum();
        let score_name = content
            .score
            .parts
            .iter()
            .find_map(|p| match *p {
                ScorePart::Counter(k) => Some(content.counters[k as usize].name.to_lowercase()),
                _ => None,
            })
            .unwrap_or_else(|| "points".to_string());
        e.points = Some((points, score_name));
        if let Some(b) = &c.behaviour {
            let effect = format!("its effect ({b})");
            e.gives.push_str(&if e.gives.is_empty() {
                effect.clone()
            } else {
                format!(", and {effect}")
            });
            e.unpriced = Some(effect);
        }
        out.push(e);
    }
    let mut seen = std::collections::BTreeSet::new();
    for card in content.cards.iter().filter(|_| !plays) {
        if !seen.insert(card.template.as_str()) {
            continue;
        }
        let mut e = Entry::new(format!("card {}", card.template), &card.name, &card.kind);
        e.gives = card.text.clone();
        e.unpriced = card.behaviour.as_ref().map(|b| format!("its effect ({b})"));
        if let Some(toml::Value::Table(t)) = content
            .card_value
            .cost
            .as_ref()
            .and_then(|k| card.params.get(k))
        {
            // In the pack's counter order (wood before silk), not the table's key order.
            let priced: Vec<(&str, u32, u32)> = content
                .counters
                .iter()
                .filter_map(|c| {
                    let n = u32::try_from(t.get(&c.id)?.as_integer()?).ok()?;
                    Some((c.name.as_str(), n, c.value))
                })
                .collect();
            e.cost = words(priced.iter().map(|&(name, n, _)| (name, n)));
            e.cost_value = Some(
                priced
                    .iter()
                    .map(|&(_, n, v)| n.saturating_mul(v))
                    .fold(0u32, u32::saturating_add),
            );
        }
        if let Some(key) = &content.card_value.points {
            if let Some(n) = card
                .params
                .get(key)
                .and_then(toml::Value::as_integer)
                .and_then(|n| u32::try_from(n).ok())
            {
                e.points = Some((n, key.clone()));
            }
        }
        out.push(e);
    }
    for t in &content.tiles {
        let mut e = Entry::new(format!("tile {}", t.id), &t.name, "tile");
        e.gives = t.text.clone();
        out.push(e);
    }
    for a in &content.board.areas {
        out.push(Entry::new(format!("area {}", a.id), &a.name, "area"));
    }
    rank(&mut out);
    out
}

/// Sets value for cost, rank and group median for every entry with a price and points.
fn rank(entries: &mut [Entry]) {
    for e in entries.iter_mut() {
        if let (Some((p, _)), Some(c)) = (&e.points, e.cost_value) {
            if c > 0 && *p > 0 {
                e.value_for_cost = Some(f64::from(*p) / f64::from(c));
            }
        }
    }
    let groups: std::collections::BTreeSet<String> =
        entries.iter().map(|e| e.group.clone()).collect();
    for g in groups {
        let mut values: Vec<f64> = entries
            .iter()
            .filter(|e| e.group == g)
            .filter_map(|e| e.value_for_cost)
            .collect();
        values.sort_by(|a, b| b.total_cmp(a));
        if values.is_empty() {
            continue;
        }
        let n = values.len();
        let median = if n % 2 == 1 {
            values[n / 2]
        } else {
            (values[n / 2 - 1] + values[n / 2]) / 2.0
        };
        for e in entries.iter_mut().filter(|e| e.group == g) {
            if let Some(v) = e.value_for_cost {
                // Ties share the better rank.
                let better = values.iter().filter(|&&x| x > v).count();
                e.rank = Some((better + 1, n));
                e.group_value_for_cost = Some(median);
            }
        }
    }
}
