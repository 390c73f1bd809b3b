//! Keys of `game.toml` that weft no longer reads, each answered with the form that
//! replaced it: a pack written for an older weft gets an error naming the file, the line
//! and what to write instead, not "unknown field".
//!
//! Replaced when weft stopped building in Tabriz's counters (issue 30): the skill track,
//! the end conditions and their bonus token, a grade's `unlock_skill`, and a setup's
//! `coins`, `turn_order_coins` and `materials`. Replaced when commissions became cards
//! and grades decks: `[[grades]]`, `hand_limit`, `personal_workshop_same_round`,
//! `[starting_workshop]`, a setup's `hand`, the `menu` step, the `commissions/` folder
//! and `[remove] commissions` in `pack.toml`.

/// One replaced key: where it is in a `game.toml` and what to write now.
struct Replaced {
    /// The text its line starts with (for the line number).
    needle: &'static str,
    /// What was found.
    found: &'static str,
    /// The new form.
    form: &'static str,
}

const OLD_TRACK: Replaced = Replaced {
    needle: "[skill]",
    found: "[skill] is gone: the skill track is now a counter with a track",
    form: "declare the counter and its track:\n  [[counters]]\n  id = \"skill\"\n  name = \"Skill\"\n  max = 14\n  over = \"clip\"\n  [tracks.skill]\n  points = [0, 0, ...]        # was [skill] prestige\n  [[tracks.skill.unlocks]]    # was [[skill.unlocks]]\n  at = 2                      # was level\n  and score it with [score] parts = [\"prestige\", \"track:skill\", \"tokens\"]",
};

const END: Replaced = Replaced {
    needle: "[end]",
    found: "[end] commissions, skill, bonus_prestige and one_bonus_token are gone: end triggers are declared",
    form: "count the commissions with the play step ({ do = \"play\", ..., count = \"commissions\" } and a [[counters]] id = \"commissions\"), then:\n  [end.tokens]\n  bonus = 2                        # was bonus_prestige\n  [end.triggers.commissions]\n  counter = \"commissions\"\n  at_least = 9                     # was commissions\n  token = \"bonus\"\n  [end.triggers.skill]\n  counter = \"skill\"\n  at_least = 14                    # was skill\n  token = \"bonus\"                  # one_bonus_token = false: a token of its own",
};

const OLD_UNLOCK: Replaced = Replaced {
    needle: "unlock_skill",
    found: "a grade's unlock_skill is gone",
    form: "write unlock = { skill = 2 } (the counter values a player needs; leave it out for a deck open from the start)",
};

const SETUP: Replaced = Replaced {
    needle: "coins =",
    found: "a [[setup]]'s coins, turn_order_coins and materials are gone: a setup names its counters",
    form: "write start = { coins = 5, wool = 1 } (what every player starts with) and turn_order = { coins = [0, 1, 1] } (more by place, first player first)",
};

const OLD_PILES: Replaced = Replaced {
    needle: "[[grades]]",
    found: "[[grades]] is gone: a grade is now a deck, a draw pile with its discard pile, both declared zones",
    form: "declare the piles as shared zones, then the deck:\n  [[zones]]\n  id = \"common_deck\"\n  visibility = \"hidden\"\n  [[zones]]\n  id = \"common_discard\"\n  [[decks]]\n  id = \"common\"\n  name = \"Common\"\n  draw = \"common_deck\"\n  discard = \"common_discard\"\n  unlock = { skill = 2 }      # as before\nand declare the players' zones too: [[zones]] id = \"hand\" owner = \"player\" visibility = \"owner\", and id = \"tucked\" owner = \"player\". A grade with deck = false becomes a shared pile zone its cards start in",
};

const HAND_LIMIT: Replaced = Replaced {
    needle: "hand_limit",
    found: "hand_limit is gone: a limit is a property of the player zone it limits",
    form: "give the hand zone a limit: [[zones]] id = \"hand\" owner = \"player\" visibility = \"owner\" limit = 7 (leave limit out for none; 0 was none)",
};

const SAME_ROUND: Replaced = Replaced {
    needle: "personal_workshop_same_round",
    found: "personal_workshop_same_round is gone: it is a setting of the phase that uses cards",
    form: "write played_this_round = false on the use_cards step ({ do = \"use_cards\", zone = \"tucked\", hook = \"workshop\", played_this_round = false }) and in the personal workshop tile's params (params = { played_this_round = false })",
};

const STARTING: Replaced = Replaced {
    needle: "[starting_workshop]",
    found: "[starting_workshop] is gone: cards dealt at setup are [deals]",
    form: "write\n  [deals.starting]\n  from = \"starting\"      # the shared pile the cards start in\n  to = \"tucked\"\n  count = 1\n  order = 0\n  enabled = false         # was enabled",
};

const SETUP_HAND: Replaced = Replaced {
    needle: "hand =",
    found: "a [[setup]]'s hand is gone: cards dealt at setup are [deals]",
    form: "write\n  [deals.hand]\n  from = \"common\"        # a deck, or a shared pile zone\n  to = \"hand\"\n  count = 2               # or one per player count: { 2 = 3, 4 = 2 }\n  order = 1",
};

const MENU: Replaced = Replaced {
    needle: "{ do = \"menu\"",
    found: "the `menu` step is now `use_cards`, and names the zone whose cards are used",
    form: "write { do = \"use_cards\", zone = \"tucked\", hook = \"workshop\" } (hook: the cards' Lua function, `use` when left out)",
};

const PLAY: Replaced = Replaced {
    needle: "{ do = \"play\"",
    found: "a `play` step now names the zones cards are played from and to",
    form: "write { do = \"play\", from = \"hand\", to = \"tucked\", ... } (both player zones)",
};

const OLD_FOLDER: Replaced = Replaced {
    needle: "[[commission]]",
    found: "the commissions/ folder is gone: commissions are [[cards]] in cards/*.toml",
    form: "move each file to cards/ and write each card as\n  [[cards]]\n  id = \"c01\"\n  name = \"Boteh mat\"\n  kind = \"commission\"\n  zone = \"common_deck\"               # its deck's draw pile (was the file's grade)\n  cost = { wool = 1, green = 1 }       # was requires\n  reward = { coins = 2, prestige = 1 }\n  behaviour = \"weft.workshop\"         # was workshop = { behaviour, params }\n  params = { effect = \"gain\", gain = { coins = 1 } }",
};

const OLD_REMOVE: Replaced = Replaced {
    needle: "commissions",
    found: "[remove] commissions is gone: commissions are cards",
    form: "write [remove] cards = [\"c01\"] (the card ids)",
};

/// The 1-based line and column of the first step written `needle` (`{ do = "play"`)
/// in `source`: for a `play` step, the first without zones.
pub(super) fn step_line(source: &str, needle: &str) -> Option<(usize, usize)> {
    let play = needle.contains("\"play\"");
    source.lines().enumerate().find_map(|(i, line)| {
        let col = line.find(needle)?;
        let zoned = play
            && line[col..]
                .split('}')
                .next()
                .is_some_and(|s| s.contains("from"));
        (!zoned).then_some((i + 1, col + 1))
    })
}

/// The files of one pack written for an older weft: its `commissions/` folder and
/// `[remove] commissions` in `pack.toml`, each as (path, the text its line starts with,
/// what was found, the new form).
pub(super) fn replaced_files(
    files: &super::PackFiles,
    pack_toml: Option<&toml::Table>,
) -> Vec<(String, &'static str, &'static str, &'static str)> {
    let mut out = Vec::new();
    for path in files.files.keys().filter(|p| p.starts_with("commissions/")) {
        let r = &OLD_FOLDER;
        out.push((path.clone(), r.needle, r.found, r.form));
    }
    let remove = pack_toml
        .and_then(|t| t.get("remove"))
        .and_then(|r| r.as_table());
    if remove.is_some_and(|r| r.contains_key("commissions")) {
        let r = &OLD_REMOVE;
        out.push(("pack.toml".into(), r.needle, r.found, r.form));
    }
    out
}

/// The `do` of every step of a `[flow]` table, with whether it has `from` and `to`.
fn flow_steps(table: &toml::Table) -> Vec<(String, bool)> {
    let blocks = table
        .get("flow")
        .and_then(|f| f.get("blocks"))
        .and_then(|b| b.as_table());
    blocks
        .into_iter()
        .flat_map(|b| b.values())
        .filter_map(|b| b.get("steps").and_then(|s| s.as_array()))
        .flatten()
        .filter_map(|s| s.as_table())
        .filter_map(|s| {
            let kind = s.get("do")?.as_str()?.to_string();
            Some((kind, s.contains_key("from") && s.contains_key("to")))
        })
        .collect()
}

/// Each replaced key in one `game.toml`, as parsed: (the text its line starts with,
/// what was found, the new form). A step's needle (`{ do = "menu"`) is found anywhere
/// in its line ([`step_line`]).
pub(super) fn replaced(table: &toml::Table) -> Vec<(&'static str, &'static str, &'static str)> {
    let mut found: Vec<&Replaced> = Vec::new();
    if table.contains_key("skill") {
        found.push(&OLD_TRACK);
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
        found.push(&OLD_UNLOCK);
    }
    if any_in("setup", &["coins", "turn_order_coins", "materials"]) {
        found.push(&SETUP);
    }
    if table.contains_key("grades") {
        found.push(&OLD_PILES);
    }
    if table.contains_key("hand_limit") {
        found.push(&HAND_LIMIT);
    }
    if table.contains_key("personal_workshop_same_round") {
        found.push(&SAME_ROUND);
    }
    if table.contains_key("starting_workshop") {
        found.push(&STARTING);
    }
    if any_in("setup", &["hand"]) {
        found.push(&SETUP_HAND);
    }
    let steps = flow_steps(table);
    if steps.iter().any(|(kind, _)| kind == "menu") {
        found.push(&MENU);
    }
    if steps.iter().any(|(kind, zones)| kind == "play" && !zones) {
        found.push(&PLAY);
    }
    found
        .into_iter()
        .map(|r| (r.needle, r.found, r.form))
        .collect()
}
