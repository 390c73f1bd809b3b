//! Keys of `game.toml` that weft no longer reads, each answered with the form that
//! replaced it: a pack written for an older weft gets an error naming the file, the line
//! and what to write instead, not "unknown field".
//!
//! Replaced when weft stopped building in Tabriz's counters (issue 30): the skill track,
//! the end conditions and their bonus token, a grade's `unlock_skill`, and a setup's
//! `coins`, `turn_order_coins` and `materials`.

/// One replaced key: where it is in a `game.toml` and what to write now.
struct Replaced {
    /// The text its line starts with (for the line number).
    needle: &'static str,
    /// What was found.
    found: &'static str,
    /// The new form.
    form: &'static str,
}

const SKILL: Replaced = Replaced {
    needle: "[skill]",
    found: "[skill] is gone: the skill track is now a counter with a track",
    form: "declare the counter and its track:\n  [[counters]]\n  id = \"skill\"\n  name = \"Skill\"\n  max = 14\n  over = \"clip\"\n  [tracks.skill]\n  points = [0, 0, ...]        # was [skill] prestige\n  [[tracks.skill.unlocks]]    # was [[skill.unlocks]]\n  at = 2                      # was level\n  and score it with [score] parts = [\"prestige\", \"track:skill\", \"tokens\"]",
};

const END: Replaced = Replaced {
    needle: "[end]",
    found: "[end] commissions, skill, bonus_prestige and one_bonus_token are gone: end triggers are declared",
    form: "count the commissions with the play step ({ do = \"play\", ..., count = \"commissions\" } and a [[counters]] id = \"commissions\"), then:\n  [end.tokens]\n  bonus = 2                        # was bonus_prestige\n  [end.triggers.commissions]\n  counter = \"commissions\"\n  at_least = 9                     # was commissions\n  token = \"bonus\"\n  [end.triggers.skill]\n  counter = \"skill\"\n  at_least = 14                    # was skill\n  token = \"bonus\"                  # one_bonus_token = false: a token of its own",
};

const UNLOCK_SKILL: Replaced = Replaced {
    needle: "unlock_skill",
    found: "a grade's unlock_skill is gone",
    form: "write unlock = { skill = 2 } (the counter values a player needs; leave it out for a deck open from the start)",
};

const SETUP: Replaced = Replaced {
    needle: "coins =",
    found: "a [[setup]]'s coins, turn_order_coins and materials are gone: a setup names its counters",
    form: "write start = { coins = 5, wool = 1 } (what every player starts with) and turn_order = { coins = [0, 1, 1] } (more by place, first player first)",
};

/// Each replaced key in the `game.toml` files `labels` (`source` gives their text):
/// (the file, the text its line starts with, what was found, the new form).
pub(super) fn replaced<'a>(
    labels: &'a [String],
    source: impl Fn(&str) -> Option<&'a str>,
) -> Vec<(&'a str, &'static str, &'static str, &'static str)> {
    let mut out = Vec::new();
    for label in labels {
        let Some(table) = source(label).and_then(|s| toml::from_str::<toml::Table>(s).ok()) else {
            continue;
        };
        let mut found: Vec<&Replaced> = Vec::new();
        if table.contains_key("skill") {
            found.push(&SKILL);
        }
        let end = table.get("end").and_then(|e| e.as_table());
        if end.is_some_and(|e| {
            ["commissions", "skill", "bonus_prestige", "one_bonus_token"]
                .iter()
                .any(|k| e.contains_key(*k))
        }) {
            found.push(&END);
        }
        let any_in = |list: &str, keys: &[&str]| {
            table
                .get(list)
                .and_then(|g| g.as_array())
                .into_iter()
                .flatten()
                .filter_map(|g| g.as_table())
                .any(|g| keys.iter().any(|k| g.contains_key(*k)))
        };
        if any_in("grades", &["unlock_skill"]) {
            found.push(&UNLOCK_SKILL);
        }
        if any_in("setup", &["coins", "turn_order_coins", "materials"]) {
            found.push(&SETUP);
        }
        out.extend(
            found
                .into_iter()
                .map(|r| (label.as_str(), r.needle, r.found, r.form)),
        );
    }
    out
}
