//! The summary's view of the script errors bots met while looking ahead: each place and
//! message once, with how often and in how many games, so a broken script shows even
//! when every game finished.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::sim::GameRecord;

/// Script errors met at one place while bots looked ahead, over a run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LookaheadSummary {
    /// Where: `file:line hook `h` of owner (pack p)`.
    pub site: String,
    /// The first line of Lua's message.
    pub message: String,
    /// Times met, over every game.
    pub count: u64,
    /// Games in which it was met.
    pub games: u64,
    /// The first such game's index in the run.
    pub first_game: u64,
    /// That game's seed.
    pub first_seed: u64,
    /// In that game, the answers before the decision at which it was first met.
    pub first_decision: usize,
    /// The option of that decision whose trial reached it, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_option: Option<String>,
    /// Whether it was met estimating a score: the bots counted the estimate's part as
    /// 0 (see [`crate::sim::lookahead::LookaheadRecord::estimate`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub estimate: bool,
}

/// The places of `records`' look-ahead errors, most met first (ties by place).
pub fn summarise(records: &[GameRecord]) -> Vec<LookaheadSummary> {
    let mut by_place: BTreeMap<(&str, &str, bool), LookaheadSummary> = BTreeMap::new();
    for r in records {
        for e in &r.lookahead_errors {
            let s = by_place
                .entry((e.site.as_str(), e.message.as_str(), e.estimate))
                .or_insert_with(|| LookaheadSummary {
                    site: e.site.clone(),
                    message: e.message.clone(),
                    count: 0,
                    games: 0,
                    first_game: r.index,
                    first_seed: r.seed,
                    first_decision: e.decision,
                    first_option: e.option.clone(),
                    estimate: e.estimate,
                });
            s.count = s.count.saturating_add(e.count);
            s.games += 1;
        }
    }
    let mut list: Vec<LookaheadSummary> = by_place.into_values().collect();
    list.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.site.cmp(&b.site)));
    list
}

/// Games in which bots met any script error while looking ahead.
pub fn games_with_errors(records: &[GameRecord]) -> u64 {
    records
        .iter()
        .filter(|r| !r.lookahead_errors.is_empty())
        .count() as u64
}
