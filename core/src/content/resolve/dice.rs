//! `[pools]` and `[[extras]]` of `game.toml` and `[[dice_spaces]]` of `board.toml` into
//! [`DicePlay`]: every problem recorded with its file and line.

use std::collections::BTreeMap;

use super::super::diagnostics::{EntryKey, Loader};
use super::super::dice::{
    DicePlay, DiceSpace, DiceSpaceId, Extra, ExtraKind, Occupancy, Offer, Offers, Pools,
};
use super::super::raw::{DiceSpaceToml, GameToml, ScriptToml};
use super::super::{Counter, CounterId};
use super::counters::{counter_amounts, counter_id, counter_list};
use super::{check_id, Scripts};

/// The most dice a player's pool or the neutral supply may hold.
pub const MAX_POOL: u8 = 16;
/// The most dice one placement may take.
pub const MAX_PLACED: u8 = 6;
/// The most dice spaces a board may have.
const MAX_SPACES: usize = 1000;
/// The most extra actions a game may have.
const MAX_EXTRAS: usize = 64;

/// Resolves the game's dice play.
pub(in crate::content) fn resolve(
    ld: &mut Loader,
    gf: &str,
    game: &GameToml,
    raw_spaces: &[DiceSpaceToml],
    bf: &str,
    counters: &[Counter],
    scripts: &Scripts,
) -> DicePlay {
    let pools = game.pools.as_ref().map(|p| {
        let faces = p.faces.unwrap_or(6);
        if !(2..=9).contains(&faces) {
            ld.fail(
                gf,
                "faces",
                format!(
                    "[pools] faces = {faces}: a die shows 1 to `faces` pips, and weft takes 2 to 9"
                ),
                "write faces = 6 for six-sided dice",
            );
        }
        if p.per_player == 0 || p.per_player > MAX_POOL {
            ld.fail(
                gf,
                "per_player",
                format!(
                    "[pools] per_player = {}: each player has 1 to {MAX_POOL} dice",
                    p.per_player
                ),
                "",
            );
        }
        if p.neutral > MAX_POOL {
            ld.fail(
                gf,
                "neutral",
                format!(
                    "[pools] neutral = {}: the supply holds at most {MAX_POOL} neutral dice",
                    p.neutral
                ),
                "",
            );
        }
        Pools {
            faces: faces.clamp(2, 9),
            per_player: p.per_player.clamp(1, MAX_POOL),
            neutral: p.neutral.min(MAX_POOL),
            neutral_name: p
                .neutral_name
                .clone()
                .unwrap_or_else(|| "neutral die".into()),
            placed: p.placed.clone(),
        }
    });
    let faces = pools.as_ref().map_or(6, |p| p.faces);
    // The most dice one player can ever hold at once: their own and every neutral one.
    let most = pools.as_ref().map_or(usize::from(MAX_PLACED), |p| {
        usize::from(p.per_player) + usize::from(p.neutral)
    });
    let mut groups: Vec<String> = Vec::new();
    let spaces = resolve_spaces(
        ld,
        raw_spaces,
        bf,
        (counters, &game.abilities),
        scripts,
        (faces, most),
        &mut groups,
    );
    if pools.is_none() {
        if let Some(s) = spaces.first() {
            ld.fail_at_entry(
                (bf, "dice_spaces", 0),
                None,
                "[[dice_spaces]]",
                format!("dice space `{}`: the game has no dice to place on it", s.id),
                "declare the players' dice in game.toml: [pools] per_player = 5",
            );
        }
    }
    let extras = resolve_extras(ld, gf, game, counters, scripts, &spaces);
    if pools.is_none() && !extras.is_empty() {
        let needs_dice = extras.iter().find(|e| !matches!(e.kind, ExtraKind::Script));
        if let Some(e) = needs_dice {
            ld.fail(
                gf,
                &format!("id = \"{}\"", e.id),
                format!("extra `{}` acts on dice, and the game has none", e.id),
                "declare the players' dice: [pools] per_player = 5",
            );
        }
    }
    DicePlay {
        pools,
        spaces,
        groups,
        extras,
    }
}

/// `[[dice_spaces]]`.
fn resolve_spaces(
    ld: &mut Loader,
    raw: &[DiceSpaceToml],
    bf: &str,
    (counters, abilities): (&[Counter], &BTreeMap<String, i64>),
    scripts: &Scripts,
    (faces, most): (u8, usize),
    groups: &mut Vec<String>,
) -> Vec<DiceSpace> {
    let mut spaces: Vec<DiceSpace> = Vec::new();
    if raw.len() > MAX_SPACES {
        ld.fail(
            bf,
            "[[dice_spaces]]",
            format!(
                "the board declares {} dice spaces; weft takes at most {MAX_SPACES}",
                raw.len()
            ),
            "",
        );
        return spaces;
    }
    let mut in_file: BTreeMap<String, usize> = BTreeMap::new();
    for s in raw {
        let file = if s.declared_in.is_empty() {
            bf.to_string()
        } else {
            s.declared_in.clone()
        };
        let k = {
            let n = in_file.entry(file.clone()).or_default();
            *n += 1;
            *n - 1
        };
        let what = format!("dice space `{}`", s.id);
        let fail = |ld: &mut Loader, key: &str, message: String, help: &str| {
            ld.fail_at_entry((&file, "dice_spaces", k), Some(key), key, message, help);
        };
        if let Err(problem) = check_id(&s.id) {
            fail(
                ld,
                "id",
                format!("dice space id `{}` {problem}", s.id.escape_debug()),
                "ids are 1 to 64 letters, digits, `_`, `-` or `.`",
            );
        }
        if spaces.iter().any(|x| x.id == s.id) {
            fail(
                ld,
                "id",
                format!("{what} is defined twice"),
                "give every dice space its own id",
            );
        }
        let dice = s.dice.unwrap_or(1);
        if dice == 0 || dice > MAX_PLACED {
            fail(
                ld,
                "dice",
                format!("{what}: dice = {dice}; a placement takes 1 to {MAX_PLACED} dice"),
                "",
            );
        } else if usize::from(dice) > most && s.fewer_dice.is_none() {
            fail(
                ld,
                "dice",
                format!(
                    "{what}: dice = {dice}, but a player never holds more than {most} dice ([pools] per_player and neutral): no one could ever place on it"
                ),
                &format!("take {most} dice or fewer, or give the players more in [pools]"),
            );
        }
        let min_strength = s.min_strength.unwrap_or(1);
        if min_strength == 0 || min_strength > faces {
            fail(
                ld,
                "min_strength",
                format!(
                    "{what}: min_strength = {min_strength}, but a die shows 1 to {faces}: no placement could ever be strong enough"
                ),
                "",
            );
        }
        let occupancy = match s.occupancy.as_deref().unwrap_or("open") {
            "open" => Occupancy::Open,
            "exclusive" => Occupancy::Exclusive,
            "unlimited" => Occupancy::Unlimited,
            "ordered" => match s.slots {
                Some(n) if (1..=64).contains(&n) => Occupancy::Ordered { slots: n },
                _ => {
                    fail(
                        ld,
                        "slots",
                        format!("{what} is `ordered` and needs `slots`, 1 to 64: how many placements it takes in a round"),
                        "write slots = 4",
                    );
                    Occupancy::Ordered { slots: 1 }
                }
            },
            other => {
                fail(
                    ld,
                    "occupancy",
                    format!("{what}: occupancy `{other}` is not one weft knows"),
                    "occupancy is open, exclusive, ordered or unlimited",
                );
                Occupancy::Open
            }
        };
        if s.slots.is_some() && !matches!(occupancy, Occupancy::Ordered { .. }) {
            fail(
                ld,
                "slots",
                format!("{what}: `slots` belongs to ordered spaces only"),
                "remove slots, or write occupancy = \"ordered\"",
            );
        }
        let fee = s.fee.as_ref().and_then(|name| {
            let id = counter_id(counters, name);
            if id.is_none() {
                fail(
                    ld,
                    "fee",
                    format!("{what}: fee `{name}` is not a counter"),
                    &format!("counters are: {}", counter_list(counters)),
                );
            }
            id
        });
        if fee.is_some() && occupancy != Occupancy::Open {
            fail(
                ld,
                "fee",
                format!(
                    "{what}: a fee is paid to enter an occupied open space, and this one is {}",
                    occupancy.name()
                ),
                "remove fee, or make the space open",
            );
        }
        let cost = counter_amounts(counters, &s.cost, |name| {
            fail(
                ld,
                &format!("cost.{name}"),
                format!("{what}: its cost names `{name}`, which is not a counter"),
                &format!("counters are: {}", counter_list(counters)),
            )
        });
        let needs = counter_amounts(counters, &s.needs, |name| {
            fail(
                ld,
                &format!("needs.{name}"),
                format!("{what}: its needs name `{name}`, which is not a counter"),
                &format!("counters are: {}", counter_list(counters)),
            )
        });
        // A power of a held card (an ability) closing the space, or lowering its dice.
        let mut ability_named = |key: &str, name: &Option<String>| -> Option<String> {
            let name = name.as_ref()?;
            if abilities.contains_key(name) {
                return Some(name.clone());
            }
            fail(
                ld,
                key,
                format!("{what}: {key} = \"{name}\" is not an ability of [abilities]"),
                &format!("declare it in game.toml: [abilities] {name} = 0 (a card's `abilities` raises it for its holder)"),
            );
            None
        };
        let closed_by = ability_named("closed_by", &s.closed_by);
        let fewer_dice = ability_named("fewer_dice", &s.fewer_dice);
        let group = s
            .group
            .as_ref()
            .map(|g| match groups.iter().position(|x| x == g) {
                Some(i) => i as u16,
                None => {
                    groups.push(g.clone());
                    (groups.len() - 1) as u16
                }
            });
        let script = match &s.behaviour {
            Some(b) => Some(scripts.script_ref(
                ld,
                &ScriptToml {
                    behaviour: b.clone(),
                    params: s.params.clone(),
                    text: s.text.clone(),
                },
                &file,
            )),
            None => {
                if !s.params.is_empty() {
                    fail(
                        ld,
                        "params",
                        format!("{what} has params but no behaviour to hand them to"),
                        "add behaviour = \"module\" (a Lua module with the space's resolve hook), or remove params",
                    );
                }
                None
            }
        };
        let declared_at = ld.locate_entry(
            EntryKey {
                array: "dice_spaces",
                k,
                key: None,
            },
            (&file, &format!("id = \"{}\"", s.id)),
        );
        spaces.push(DiceSpace {
            id: s.id.clone(),
            name: s.name.clone().unwrap_or_else(|| s.id.clone()),
            dice: dice.clamp(1, MAX_PLACED),
            min_strength: min_strength.clamp(1, faces),
            occupancy,
            fee,
            per_colour: s.per_colour.unwrap_or(occupancy != Occupancy::Unlimited),
            group,
            cost,
            needs,
            closed_by,
            fewer_dice,
            presence: None,
            extra: s.extra,
            script,
            text: s.text.clone(),
            declared_at,
        });
    }
    spaces
}

/// The parts of dice play that name markers and zones, resolved once those are: each
/// space's `presence` and each extra's `needs_cards` and `needs_placed`.
pub(in crate::content) fn link(
    ld: &mut Loader,
    (gf, bf): (&str, &str),
    (game, raw_spaces): (&GameToml, &[DiceSpaceToml]),
    (markers, zones, slots): (
        &[crate::content::MarkerKind],
        &[crate::content::Zone],
        &[crate::content::Slot],
    ),
    play: &mut DicePlay,
) {
    let mut in_file: BTreeMap<String, usize> = BTreeMap::new();
    for (s, space) in raw_spaces.iter().zip(play.spaces.iter_mut()) {
        let file = if s.declared_in.is_empty() {
            bf.to_string()
        } else {
            s.declared_in.clone()
        };
        let k = {
            let n = in_file.entry(file.clone()).or_default();
            *n += 1;
            *n - 1
        };
        let Some(pr) = &s.presence else {
            continue;
        };
        let fail = |ld: &mut Loader, message: String, help: &str| {
            ld.fail_at_entry(
                (&file, "dice_spaces", k),
                Some("presence"),
                "presence",
                message,
                help,
            );
        };
        let Some(kind) = markers.iter().position(|m| m.id == pr.marker) else {
            let ids: Vec<&str> = markers.iter().map(|m| m.id.as_str()).collect();
            fail(
                ld,
                format!(
                    "dice space `{}`: presence names marker `{}`, which game.toml does not declare",
                    s.id, pr.marker
                ),
                &format!(
                    "markers are: {}",
                    if ids.is_empty() {
                        "none ([[markers]] in game.toml)".to_string()
                    } else {
                        ids.join(", ")
                    }
                ),
            );
            continue;
        };
        let mut at = Vec::new();
        for slot in &pr.at {
            match slots.iter().position(|x| &x.id == slot) {
                Some(i) => at.push(i as crate::content::SlotId),
                None => fail(
                    ld,
                    format!("dice space `{}`: presence names slot `{slot}`, which board.toml does not declare", s.id),
                    "name slots of [[slots]]",
                ),
            }
        }
        if pr.at.is_empty() {
            fail(
                ld,
                format!("dice space `{}`: presence lists no slot", s.id),
                "write at = [\"<slot>\"]: the slots one of which must hold the player's marker",
            );
        }
        space.presence = Some(super::super::dice::Presence {
            kind,
            at,
            settled: pr.settled,
            stand_in_tags: pr.stand_in_tags,
        });
    }
    for (k, (e, extra)) in game.extras.iter().zip(play.extras.iter_mut()).enumerate() {
        for name in &e.needs_placed {
            match markers.iter().position(|m| &m.id == name) {
                Some(kind) => extra.needs_placed.push(kind),
                None => {
                    let ids: Vec<&str> = markers.iter().map(|m| m.id.as_str()).collect();
                    ld.fail_entry(
                        EntryKey {
                            array: "extras",
                            k,
                            key: Some("needs_placed"),
                        },
                        (gf, &format!("id = \"{}\"", e.id)),
                        format!("extra `{}`: needs_placed names `{name}`, which is not a marker of game.toml", e.id),
                        &format!("markers are: {}", if ids.is_empty() { "none".to_string() } else { ids.join(", ") }),
                    );
                }
            }
        }
        let Some(name) = &e.needs_cards else {
            continue;
        };
        match zones.iter().position(|z| &z.id == name) {
            Some(z) if zones[z].owner == crate::content::ZoneOwner::Player => {
                extra.needs_cards = Some(zones[z].index as crate::content::ZoneId);
            }
            found => ld.fail_entry(
                EntryKey {
                    array: "extras",
                    k,
                    key: Some("needs_cards"),
                },
                (gf, &format!("id = \"{}\"", e.id)),
                format!(
                    "extra `{}`: needs_cards = \"{name}\" is {}",
                    e.id,
                    if found.is_some() {
                        "a shared zone, not a player's"
                    } else {
                        "no zone of game.toml"
                    }
                ),
                "name a player zone (owner = \"player\"), the one that must hold a card",
            ),
        }
    }
}

/// `[[extras]]`.
fn resolve_extras(
    ld: &mut Loader,
    gf: &str,
    game: &GameToml,
    counters: &[Counter],
    scripts: &Scripts,
    spaces: &[DiceSpace],
) -> Vec<Extra> {
    let mut extras: Vec<Extra> = Vec::new();
    if game.extras.len() > MAX_EXTRAS {
        ld.fail(
            gf,
            "[[extras]]",
            format!(
                "game.toml declares {} extras; weft takes at most {MAX_EXTRAS}",
                game.extras.len()
            ),
            "",
        );
        return extras;
    }
    for (k, e) in game.extras.iter().enumerate() {
        let what = format!("extra `{}`", e.id);
        let needle = format!("id = \"{}\"", e.id);
        let fail = |ld: &mut Loader, key: &str, message: String, help: &str| {
            ld.fail_entry(
                EntryKey {
                    array: "extras",
                    k,
                    key: Some(key),
                },
                (gf, &needle),
                message,
                help,
            );
        };
        if let Err(problem) = check_id(&e.id) {
            fail(
                ld,
                "id",
                format!("extra id `{}` {problem}", e.id.escape_debug()),
                "ids are 1 to 64 letters, digits, `_`, `-` or `.`",
            );
        }
        if extras.iter().any(|x| x.id == e.id) || e.id == "end" || e.id == "place" {
            fail(
                ld,
                "id",
                format!("{what}: the id is taken (by another extra, or by the keys `end` and `place:` of the main action)"),
                "give every extra its own id",
            );
        }
        let kind = match e.kind.as_str() {
            "reroll" => ExtraKind::Reroll,
            "adjust" => ExtraKind::Adjust,
            "take_neutral" => ExtraKind::TakeNeutral,
            "script" => ExtraKind::Script,
            "place" => {
                let space = e.space.as_deref().and_then(|id| {
                    spaces
                        .iter()
                        .position(|s| s.id == id)
                        .map(|i| i as DiceSpaceId)
                });
                let taken = space.is_some_and(|i| {
                    extras
                        .iter()
                        .any(|x: &Extra| x.kind == ExtraKind::Place { space: i })
                });
                match (space, e.space.as_deref()) {
                    (Some(_), Some(id)) if taken => {
                        fail(
                            ld,
                            "space",
                            format!("{what} places on dice space `{id}`, as another extra does"),
                            "give each extra dice space one place extra",
                        );
                        ExtraKind::Script
                    }
                    (Some(i), _) if spaces[i as usize].extra => ExtraKind::Place { space: i },
                    (Some(_), Some(id)) => {
                        fail(
                            ld,
                            "space",
                            format!("{what} places on dice space `{id}`, which is a main action's"),
                            "mark the space extra = true in board.toml",
                        );
                        ExtraKind::Script
                    }
                    (_, id) => {
                        fail(
                            ld,
                            "space",
                            format!(
                                "{what} is of kind `place` and names no dice space{}",
                                id.map(|i| format!(" (`{i}` is none)")).unwrap_or_default()
                            ),
                            "write space = \"<id of a [[dice_spaces]] entry with extra = true>\"",
                        );
                        ExtraKind::Script
                    }
                }
            }
            other => {
                fail(
                    ld,
                    "kind",
                    format!("{what}: kind `{other}` is not one weft knows"),
                    "kind is reroll, adjust, take_neutral, place or script",
                );
                ExtraKind::Script
            }
        };
        if e.trigger.is_some() && e.kind == "place" {
            fail(
                ld,
                "trigger",
                format!("{what}: a `place` extra fires no hook point (its space's resolve runs instead)"),
                "fire it from the space's resolve with ctx:trigger(p, \"NAME\"), or remove trigger",
            );
        }
        if e.needs_cards.is_some() && e.kind != "script" {
            fail(
                ld,
                "needs_cards",
                format!("{what}: `needs_cards` gates a `script` extra's options"),
                "remove needs_cards",
            );
        }
        if e.space.is_some() && e.kind != "place" {
            fail(
                ld,
                "space",
                format!("{what}: `space` belongs to extras of kind `place`"),
                "remove space",
            );
        }
        let script = match (&e.behaviour, e.kind.as_str()) {
            (Some(b), "script") => Some(scripts.script_ref(
                ld,
                &ScriptToml {
                    behaviour: b.clone(),
                    params: e.params.clone(),
                    text: e.text.clone(),
                },
                gf,
            )),
            (Some(_), _) => {
                fail(
                    ld,
                    "behaviour",
                    format!("{what}: `behaviour` belongs to extras of kind `script`"),
                    "remove behaviour, or write kind = \"script\"",
                );
                None
            }
            (None, "script") => {
                fail(
                    ld,
                    "behaviour",
                    format!("{what} is of kind `script` and names no module"),
                    "write behaviour = \"module\" (a Lua module with options and resolve hooks)",
                );
                None
            }
            (None, _) => None,
        };
        let cost = counter_amounts(counters, &e.cost, |name| {
            fail(
                ld,
                &format!("cost.{name}"),
                format!("{what}: its cost names `{name}`, which is not a counter"),
                &format!("counters are: {}", counter_list(counters)),
            )
        });
        let declared_at = ld.locate_entry(
            EntryKey {
                array: "extras",
                k,
                key: None,
            },
            (gf, &needle),
        );
        let needs_ability = e.needs_ability.clone().filter(|name| {
            let known = game.abilities.contains_key(name);
            if !known {
                fail(
                    ld,
                    "needs_ability",
                    format!("{what}: needs_ability = \"{name}\" is not an ability of [abilities]"),
                    &format!("declare it in game.toml: [abilities] {name} = 0 (a card's `abilities` raises it for its holder)"),
                );
            }
            known
        });
        let needs_any: Vec<crate::content::CounterId> = e
            .needs_any
            .iter()
            .filter_map(|name| {
                let k = counters.iter().position(|c| &c.id == name);
                if k.is_none() {
                    fail(
                        ld,
                        "needs_any",
                        format!("{what}: needs_any names `{name}`, which is not a counter"),
                        &format!("counters are: {}", counter_list(counters)),
                    );
                }
                k.map(|k| k as crate::content::CounterId)
            })
            .collect();
        let offers = e.offers.as_deref().and_then(|how| {
            let mut problem = |message: String, help: &str| fail(ld, "offers", message, help);
            if e.kind != "script" {
                problem(
                    format!("{what}: `offers` lists a `script` extra's options"),
                    "remove offers, or give the extra kind = \"script\"",
                );
                return None;
            }
            if how == "cards" {
                if e.needs_cards.is_none() {
                    problem(
                        format!("{what}: offers = \"cards\" lists the cards of `needs_cards`, which it does not name"),
                        "add needs_cards = \"ZONE\" (a player zone)",
                    );
                    return None;
                }
                return Some(Offers::Cards);
            }
            let Some(list) = how.strip_prefix("params:") else {
                problem(
                    format!("{what}: offers = \"{how}\" is not one weft knows"),
                    "offers is \"cards\" or \"params:LIST\" (a list of {id, cost, when} in params)",
                );
                return None;
            };
            // What is wrong with the list is told at `params`, where it is written.
            offer_entries(&e.id, &e.params, list, counters)
                .map_err(|(message, help)| fail(ld, "params", format!("{what}: {message}"), &help))
                .ok()
        });
        let offers_script_for = e.offers_script_for.clone().filter(|name| {
            let known = game.abilities.contains_key(name) && e.offers.is_some();
            if !known {
                fail(
                    ld,
                    "offers_script_for",
                    if e.offers.is_none() {
                        format!("{what}: offers_script_for names when to ask the script instead of `offers`, which it does not have")
                    } else {
                        format!("{what}: offers_script_for = \"{name}\" is not an ability of [abilities]")
                    },
                    &format!("declare it in game.toml: [abilities] {name} = 0, or remove offers_script_for"),
                );
            }
            known
        });
        let gated = needs_ability.is_some() || !needs_any.is_empty() || !e.needs_placed.is_empty();
        if gated && e.kind != "script" {
            fail(
                ld,
                if needs_ability.is_some() { "needs_ability" } else if needs_any.is_empty() { "needs_placed" } else { "needs_any" },
                format!("{what}: needs_ability, needs_any and needs_placed gate a `script` extra's options"),
                "remove them, or give the extra kind = \"script\"",
            );
        }
        extras.push(Extra {
            id: e.id.clone(),
            name: e.name.clone().unwrap_or_else(|| e.id.clone()),
            kind,
            cost,
            per_turn: e.per_turn.unwrap_or(0),
            script,
            trigger: e.trigger.clone(),
            needs_cards: None,
            needs_ability,
            needs_any,
            needs_placed: Vec::new(),
            offers,
            offers_script_for,
            text: e.text.clone(),
            declared_at,
        });
    }
    extras
}

/// The entries of params list `list` of extra `extra` as [`Offer`]s: each a table with
/// `id` (text), `cost` (counter → whole number from 0) and, if any, `when` (counter →
/// whole number); what is wrong (message, help) otherwise.
fn offer_entries(
    extra: &str,
    params: &toml::Table,
    list: &str,
    counters: &[Counter],
) -> Result<Offers, (String, String)> {
    let shape = || {
        "each entry is { id = \"ID\", cost = { COUNTER = N, ... }, when = { COUNTER = N, ... } } (when may be left out)".to_string()
    };
    let Some(toml::Value::Array(entries)) = params.get(list) else {
        return Err((
            format!("offers = \"params:{list}\" names no list `{list}` in its params"),
            format!("add params = {{ {list} = [ ... ] }}: {}", shape()),
        ));
    };
    let counter = |name: &str| -> Result<CounterId, (String, String)> {
        counter_id(counters, name).ok_or_else(|| {
            (
                format!("params.{list} names `{name}`, which is not a counter"),
                format!("counters are: {}", counter_list(counters)),
            )
        })
    };
    let whole = |v: &toml::Value, at: String, low: i64| -> Result<i64, (String, String)> {
        match v.as_integer() {
            Some(n) if (low..=crate::limits::MAX_AMOUNT).contains(&n) => Ok(n),
            _ => Err((
                format!(
                    "params.{list}: {at} is {v}, not a whole number from {low} to {}",
                    crate::limits::MAX_AMOUNT
                ),
                shape(),
            )),
        }
    };
    let mut out = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let bad = |what: &str| (format!("params.{list}[{}] {what}", i + 1), shape());
        let Some(t) = entry.as_table() else {
            return Err(bad("is not a table"));
        };
        let Some(id) = t.get("id").and_then(|v| v.as_str()) else {
            return Err(bad("has no text `id`"));
        };
        if out.iter().any(|o: &Offer| o.id == id) {
            return Err(bad(&format!(
                "repeats the id `{id}` (each option needs its own key)"
            )));
        }
        if !t.contains_key("cost") {
            return Err(bad(&format!(
                "(`{id}`) has no `cost` (write cost = {{}} for one that costs nothing)"
            )));
        }
        let pairs = |key: &str, low: i64| -> Result<Vec<(CounterId, i64)>, (String, String)> {
            let Some(v) = t.get(key) else {
                return Ok(Vec::new());
            };
            let Some(m) = v.as_table() else {
                return Err(bad(&format!("`{key}` is not a table of counters")));
            };
            let mut got = Vec::new();
            for (name, n) in m {
                got.push((
                    counter(name)?,
                    whole(n, format!("{id}'s {key}.{name}"), low)?,
                ));
            }
            got.sort_unstable();
            Ok(got)
        };
        let cost = pairs("cost", 0)?
            .into_iter()
            .map(|(k, n)| (k, n as u32))
            .collect();
        let when = pairs("when", -crate::limits::MAX_AMOUNT)?;
        out.push(Offer {
            key: format!("{extra}:{id}").into(),
            id: id.to_string(),
            cost,
            when,
        });
    }
    Ok(Offers::Entries(out))
}
