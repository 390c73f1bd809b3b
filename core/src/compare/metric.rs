//! What `weft compare` and `weft ablate` test and stop on (`--metric NAME`): one
//! number per game of a pair, so the run asks the question the designer means.

use std::fmt;
use std::str::FromStr;

use crate::sim::GameRecord;

/// Per-player counts a `count:FIELD` metric may name.
pub const COUNT_FIELDS: [&str; 5] = ["played", "drawn", "actions", "gained", "used"];

/// The older names of two [`COUNT_FIELDS`], still taken: `fulfilled` and `workshop`.
const COUNT_ALIASES: [(&str, &str); 2] = [("fulfilled", "played"), ("workshop", "used")];

/// The metric a comparison tests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Metric {
    /// Every standard metric at once, stopping on whichever differs first (each held to
    /// `alpha / metrics`).
    All,
    /// The win share of the seats that used a component (`card c19`, `tile plaza`): in
    /// each game, the seats that used it; in a game where nobody did (always, for the
    /// variant without it in `ablate`), the seats that used it in the other game of the
    /// pair. Pairs where neither game used it are left out.
    Holder(String),
    /// One seat's win share (seat from 1).
    SeatWin(usize),
    /// One seat's final score (seat from 1).
    SeatScore(usize),
    /// The mean final score over all seats.
    Score,
    /// Rounds played.
    Rounds,
    /// Whether the game ended by this cause (`commissions`, `skill`, …).
    Ends(String),
    /// Uses of a component in the game (see [`crate::sim::GameRecord::uses`]).
    Uses(String),
    /// A per-player count at the end, the mean over seats ([`COUNT_FIELDS`]).
    Count(String),
}

/// The help text listing every metric name.
pub const METRIC_HELP: &str = "holder[:COMPONENT] (win share of the seats that used it; ablate's default), seat-win:N, seat-score:N, score, rounds, ends:CAUSE, uses:COMPONENT, count:FIELD (played, drawn, actions, gained, used, or a counter of the pack such as coins), all";

/// `card c19`, `card:c19` or `c19`-style input as a component name (`kind id`).
fn component(text: &str) -> Result<String, String> {
    let text = text.trim();
    let (kind, id) = text.split_once([' ', ':']).ok_or_else(|| {
        format!(
            "`{text}` is not a component; write it as `card c19`, `tile plaza` or `area market`"
        )
    })?;
    if !["card", "tile", "area"].contains(&kind) || id.trim().is_empty() {
        return Err(format!(
            "`{text}` is not a component; write it as `card c19`, `tile plaza` or `area market`"
        ));
    }
    Ok(format!("{kind} {}", id.trim()))
}

fn seat(text: &str) -> Result<usize, String> {
    text.parse::<usize>()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| format!("`{text}` is not a seat number (1, 2, …)"))
}

impl FromStr for Metric {
    type Err = String;

    fn from_str(text: &str) -> Result<Metric, String> {
        let (name, arg) = match text.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (text, None),
        };
        let need = |what: &str| {
            arg.filter(|a| !a.trim().is_empty())
                .ok_or_else(|| format!("metric `{name}` needs {what}: `{name}:…`"))
        };
        Ok(match name {
            "all" => Metric::All,
            "holder" => Metric::Holder(match arg {
                Some(a) => component(a)?,
                None => String::new(),
            }),
            "seat-win" => Metric::SeatWin(seat(need("a seat")?)?),
            "seat-score" => Metric::SeatScore(seat(need("a seat")?)?),
            "score" => Metric::Score,
            "rounds" => Metric::Rounds,
            "ends" => Metric::Ends(need("an end cause")?.to_string()),
            "uses" => Metric::Uses(component(need("a component")?)?),
            "count" => {
                let field = need("a field")?;
                let field = COUNT_ALIASES
                    .iter()
                    .find(|(old, _)| *old == field)
                    .map_or(field, |(_, new)| new);
                Metric::Count(field.to_string())
            }
            _ => {
                return Err(format!(
                    "there is no metric `{name}`; metrics are {METRIC_HELP}"
                ))
            }
        })
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Metric::All => write!(f, "all metrics"),
            Metric::Holder(c) => write!(f, "win share of the seats that used {c}"),
            Metric::SeatWin(s) => write!(f, "seat {s} win share"),
            Metric::SeatScore(s) => write!(f, "seat {s} mean score"),
            Metric::Score => write!(f, "mean score (all seats)"),
            Metric::Rounds => write!(f, "rounds"),
            Metric::Ends(c) => write!(f, "ends by {c}"),
            Metric::Uses(c) => write!(f, "uses of {c} per game"),
            Metric::Count(k) => write!(f, "{k} per seat"),
        }
    }
}

/// Whether records keep the uses of component `kind id` (see
/// [`crate::sim::GameRecord::uses`]): a `card` (a card of a deck, by id, in a game
/// whose flow plays cards; a template otherwise), a `tile`, an `area` the pack defines.
/// A card a `play` step could play but that is in no deck is not recorded.
pub fn recorded(content: &crate::content::Content, kind: &str, id: &str) -> bool {
    match kind {
        "card" => {
            if content.program.play.is_some() {
                content.cards.iter().any(|k| k.id == id && k.deck.is_some())
            } else {
                content.cards.iter().any(|k| k.template == id)
            }
        }
        "tile" => content.tiles.iter().any(|t| t.id == id),
        "area" => content.board.areas.iter().any(|a| a.id == id),
        _ => false,
    }
}

/// The seats that used `component` in `r`.
fn users(r: &GameRecord, component: &str) -> Vec<usize> {
    let mut seats: Vec<usize> = r
        .uses
        .get(component)
        .map(|u| u.by.iter().map(|&[s, _]| s as usize).collect())
        .unwrap_or_default();
    seats.sort_unstable();
    seats.dedup();
    seats
}

/// Mean win share of `seats` in `r`.
fn share_of(r: &GameRecord, seats: &[usize]) -> f64 {
    seats.iter().map(|&s| r.win_share(s)).sum::<f64>() / seats.len().max(1) as f64
}

fn count(r: &GameRecord, field: &str) -> f64 {
    let total: f64 = r
        .players
        .iter()
        .map(|p| match field {
            "played" => f64::from(p.played),
            "drawn" => f64::from(p.drawn),
            "actions" => f64::from(p.actions),
            "gained" => f64::from(p.gained),
            "used" => f64::from(p.used),
            counter => p.counters.get(counter).unwrap_or(0) as f64,
        })
        .sum();
    total / r.players.len().max(1) as f64
}

impl Metric {
    /// `Err` unless the metric names things this content and player count have: a seat
    /// from 1 to `players`, a component (`card`, `tile`, `area`) the pack defines.
    /// A metric about something absent would compare zeros and stop on "no difference".
    pub fn check(&self, content: &crate::content::Content, players: usize) -> Result<(), String> {
        match self {
            Metric::SeatWin(s) | Metric::SeatScore(s) if *s == 0 || *s > players => {
                Err(format!("{self}: there are seats 1 to {players}"))
            }
            Metric::Holder(c) | Metric::Uses(c) if !c.is_empty() => {
                let (kind, id) = c.split_once(' ').unwrap_or(("", c));
                if recorded(content, kind, id) {
                    Ok(())
                } else {
                    Err(format!(
                        "{self}: the pack has no {c}; `weft doc content` lists the ids"
                    ))
                }
            }
            Metric::Count(field)
                if !COUNT_FIELDS.contains(&field.as_str())
                    && content
                        .counter(field)
                        .is_none_or(|k| (k as usize) < content.materials.len()) =>
            {
                let counters: Vec<&str> = content.counters[content.materials.len()..]
                    .iter()
                    .map(|k| k.id.as_str())
                    .collect();
                Err(format!(
                    "`count:{field}`: the fields are {}, and the pack's counters {}",
                    COUNT_FIELDS.join(", "),
                    counters.join(", ")
                ))
            }
            _ => Ok(()),
        }
    }

    /// Whether the metric is a share (0 to 1), shown as a percentage.
    pub fn is_share(&self) -> bool {
        matches!(
            self,
            Metric::Holder(_) | Metric::SeatWin(_) | Metric::Ends(_)
        )
    }

    /// Its value in each game of a pair, or `None` when the pair says nothing about it
    /// (a holder metric where neither game used the component).
    pub fn pair(&self, a: &GameRecord, b: &GameRecord) -> Option<(f64, f64)> {
        match self {
            Metric::Holder(c) => {
                let (ua, ub) = (users(a, c), users(b, c));
                let (sa, sb) = match (ua.is_empty(), ub.is_empty()) {
                    (true, true) => return None,
                    (false, true) => (&ua, &ua),
                    (true, false) => (&ub, &ub),
                    (false, false) => (&ua, &ub),
                };
                Some((share_of(a, sa), share_of(b, sb)))
            }
            _ => Some((self.game(a)?, self.game(b)?)),
        }
    }

    /// Its value in one game (`None` for [`Metric::All`] and holder metrics, which need
    /// the pair).
    fn game(&self, r: &GameRecord) -> Option<f64> {
        Some(match self {
            Metric::All | Metric::Holder(_) => return None,
            Metric::SeatWin(s) => r.win_share(s.checked_sub(1)?),
            Metric::SeatScore(s) => *r.scores.get(s.checked_sub(1)?)? as f64,
            Metric::Score => {
                r.scores.iter().map(|&x| x as f64).sum::<f64>() / r.scores.len().max(1) as f64
            }
            Metric::Rounds => f64::from(r.rounds),
            Metric::Ends(c) => f64::from(u8::from(r.cause.as_deref() == Some(c.as_str()))),
            Metric::Uses(c) => r.uses.get(c).map_or(0.0, |u| u.by.len() as f64),
            Metric::Count(k) => count(r, k),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(winner: usize, users: &[u32]) -> GameRecord {
        let content = crate::load(&[], None).expect("base pack loads");
        let mut r = GameRecord::new(&content, vec!["x".into(); 4], 1, 0);
        r.winners = vec![winner];
        r.cause = Some("skill".into());
        r.scores = vec![1; 4];
        r.rounds = 3;
        if !users.is_empty() {
            r.uses.insert(
                "card c19".into(),
                crate::sim::Uses {
                    group: "common".into(),
                    by: users.iter().map(|&s| [s, 2]).collect(),
                },
            );
        }
        r
    }

    /// In `ablate`, the game without the card has no users: the seats that used it in
    /// the game with it are followed into the game without it.
    #[test]
    fn the_holder_metric_follows_the_seats_into_the_game_without_the_card() {
        let m = Metric::Holder("card c19".into());
        // Seat 2 took c19 and won; without c19, seat 3 won.
        assert_eq!(m.pair(&record(2, &[2]), &record(3, &[])), Some((1.0, 0.0)));
        // Each game's own users when both have some (compare).
        assert_eq!(
            m.pair(&record(2, &[2]), &record(1, &[1, 1])),
            Some((1.0, 1.0))
        );
        // Two users: their mean share.
        assert_eq!(
            m.pair(&record(2, &[2, 0]), &record(0, &[])),
            Some((0.5, 0.5))
        );
        // Nobody used it: the pair says nothing.
        assert_eq!(m.pair(&record(2, &[]), &record(0, &[])), None);
        assert_eq!(
            Metric::SeatWin(3).pair(&record(2, &[]), &record(0, &[])),
            Some((1.0, 0.0))
        );
    }

    #[test]
    fn names_parse_and_bad_ones_say_what_to_write() {
        assert_eq!("holder".parse(), Ok(Metric::Holder(String::new())));
        assert_eq!(
            "holder:card:c19".parse(),
            Ok(Metric::Holder("card c19".into()))
        );
        assert_eq!(
            "holder:card c19".parse(),
            Ok(Metric::Holder("card c19".into()))
        );
        assert_eq!("seat-win:2".parse(), Ok(Metric::SeatWin(2)));
        assert_eq!("count:coins".parse(), Ok(Metric::Count("coins".into())));
        assert!("seat-win:0"
            .parse::<Metric>()
            .unwrap_err()
            .contains("seat number"));
        assert!("holder:c19"
            .parse::<Metric>()
            .unwrap_err()
            .contains("card c19"));
        assert_eq!(
            "count:fulfilled".parse(),
            Ok(Metric::Count("played".into())),
            "the older name"
        );
        assert!("speed".parse::<Metric>().unwrap_err().contains("holder"));
        assert!("ends".parse::<Metric>().unwrap_err().contains("ends:"));
    }
}
