//! Turning pack files into [`Content`]: parse every file, resolve every id, and report
//! every problem at once.

use std::collections::{BTreeMap, VecDeque};

use sha2::{Digest, Sha256};

use super::diagnostics::Loader;
use super::raw::*;
use super::*;

/// Whether `id` may name a material, die, grade, slot, tile or card: `Err` says why not.
pub(crate) fn check_id(id: &str) -> Result<(), &'static str> {
    if id.is_empty() || id.len() > 64 {
        return Err("must be 1 to 64 characters long");
    }
    if !id
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
    {
        return Err("holds a character that ids may not contain");
    }
    Ok(())
}

/// The most slots a board may have (distances take slots² entries).
const MAX_SLOTS: usize = 4096;

/// Loads a chain of packs (base first, each after the packs it extends) plus the shared
/// script library into validated [`Content`]. See `content/layers.rs` for how later packs
/// add, replace and remove items. Every problem in every file is returned together.
pub fn load_content(packs: &[PackFiles], library: &PackFiles) -> Result<Content, ContentErrors> {
    if packs.is_empty() {
        return Err(ContentErrors(vec![ContentError::new(
            "<none>",
            "no pack given",
        )]));
    }
    let mut ld = Loader::default();
    let Some(merged) = super::layers::merge(&mut ld, packs, library) else {
        return Err(ContentErrors(ld.into_errors()));
    };
    let mut content = resolve(&mut ld, merged);
    content.apply_limits(&crate::limits::ScriptLimits::default());
    if ld.errors().is_empty() {
        Ok(content)
    } else {
        Err(ContentErrors(ld.into_errors()))
    }
}

/// Digest of one pack's files.
pub(super) fn digest_files(name: &str, files: &PackFiles) -> String {
    let mut h = Sha256::new();
    h.update(name.as_bytes());
    for (path, text) in &files.files {
        h.update((path.len() as u64).to_le_bytes());
        h.update(path.as_bytes());
        h.update((text.len() as u64).to_le_bytes());
        h.update(text.as_bytes());
    }
    hex(&h.finalize()[..16])
}

/// Lower-case hex of bytes.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Resolves a `behaviour` string to a module name: `weft.shop` as is, `tiles/x.lua` as
/// `tiles.x`. Paths are checked so they cannot leave the pack.
fn module_name(behaviour: &str) -> Result<String, String> {
    if let Some(stem) = behaviour.strip_suffix(".lua") {
        check_relative_path(behaviour)?;
        Ok(stem.replace('/', "."))
    } else if behaviour.contains(['/', '\\']) {
        Err(format!(
            "`{behaviour}` is neither a module name nor a .lua path"
        ))
    } else if behaviour.split('.').any(|p| p.is_empty()) {
        Err(format!("`{behaviour}` is not a valid module name"))
    } else {
        Ok(behaviour.to_string())
    }
}

/// The materials as counters, in order: the first counters of every game (material `m`
/// is counter `m`); the pack's `[[counters]]` follow.
fn material_counters(materials: &[Material], supplies: &[Option<u32>]) -> Vec<super::Counter> {
    materials
        .iter()
        .zip(supplies)
        .map(|(m, &supply)| super::Counter {
            id: m.id.clone(),
            name: m.name.clone(),
            min: 0,
            max: None,
            over: super::Over::Refuse,
            value: m.value,
            supply,
        })
        .collect()
}

/// `[score]` resolved to counter ids. A game without one is an error showing the form.
fn score_rules(
    ld: &mut Loader,
    gf: &str,
    raw: Option<&ScoreToml>,
    counters: &[super::Counter],
    tracks: &[super::Track],
    materials: usize,
) -> super::ScoreRules {
    use super::{ScorePart, ScoreRules, TieBreak};
    let all_materials: Vec<CounterId> = (0..materials as CounterId).collect();
    let Some(raw) = raw else {
        ld.fail(
            gf,
            "",
            "the game has no [score]: weft has no built-in scoring",
            "declare what a player scores and how ties break, e.g.\n  [score]\n  parts = [\"prestige\", \"track:skill\", \"tokens\"]   # counters, a track's points, the end tokens\n  tiebreak = [\"coins + materials\"]",
        );
        return ScoreRules {
            parts: Vec::new(),
            tiebreak: Vec::new(),
        };
    };
    let counter = |id: &str| {
        counters
            .iter()
            .position(|k| k.id == id)
            .map(|i| i as CounterId)
    };
    let ids = || {
        counters
            .iter()
            .map(|k| k.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut parts = Vec::new();
    for part in &raw.parts {
        if let Some(id) = part.strip_prefix("track:") {
            match counter(id).and_then(|k| tracks.iter().position(|t| t.counter == k)) {
                Some(t) => parts.push(ScorePart::TrackPoints(t)),
                None => ld.fail(
                    gf,
                    &format!("\"{part}\""),
                    format!("[score] parts: `{id}` has no [tracks.{id}]"),
                    "name a counter that has a track (its points), e.g. track:skill",
                ),
            }
            continue;
        }
        match part.as_str() {
            "track" => ld.fail(
                gf,
                "\"track\"",
                "[score] parts: `track` now names its counter",
                "write \"track:skill\" (the points of [tracks.skill] at the player's value)",
            ),
            "tokens" => parts.push(ScorePart::Tokens),
            id => match counter(id) {
                Some(k) => parts.push(ScorePart::Counter(k)),
                None => ld.fail(
                    gf,
                    &format!("\"{id}\""),
                    format!(
                        "[score] parts: `{id}` is not a counter, `track:<counter>` or `tokens`"
                    ),
                    &format!("counters are: {}", ids()),
                ),
            },
        }
    }
    let mut tiebreak = Vec::new();
    for key in &raw.tiebreak {
        match key.as_str() {
            "latest_in_start_order" => tiebreak.push(TieBreak::LatestInStartOrder),
            "earliest_in_start_order" => tiebreak.push(TieBreak::EarliestInStartOrder),
            sum => {
                let mut ids_in = Vec::new();
                for id in sum.split('+').map(str::trim) {
                    if id == "materials" {
                        ids_in.extend(&all_materials);
                    } else if let Some(k) = counter(id) {
                        ids_in.push(k);
                    } else {
                        ld.fail(
                            gf,
                            &format!("\"{sum}\""),
                            format!("[score] tiebreak: `{id}` is not a counter or `materials`"),
                            &format!("a key is counters joined by + (counters are: {}), or latest_in_start_order / earliest_in_start_order", ids()),
                        );
                    }
                }
                tiebreak.push(TieBreak::Sum(ids_in));
            }
        }
    }
    ScoreRules { parts, tiebreak }
}

/// Records an error when a `[[setup]]` deals more commissions to each hand than
/// `hand_limit` (0: no limit) allows: one error, for the first such player count.
fn check_setup_hands(ld: &mut Loader, gf: &str, setups: &[SetupToml], hand_limit: u32) {
    let dealt = |s: &SetupToml| -> u64 { s.hand.values().map(|&n| u64::from(n)).sum() };
    if hand_limit == 0 {
        return;
    }
    if let Some(s) = setups.iter().find(|s| dealt(s) > u64::from(hand_limit)) {
        let dealt = dealt(s);
        ld.fail(
            gf,
            "hand_limit",
            format!(
                "[[setup]] for {} players deals {dealt} commissions to each hand, above hand_limit = {hand_limit}",
                s.players
            ),
            &format!("deal at most {hand_limit} (hand = {{ ... }} in [[setup]]), or raise hand_limit"),
        );
    }
}

/// The words `[score]` reads as its own in `parts` and `tiebreak`, with what each means
/// there: a counter or material with one of these ids could never be scored or compared.
const SCORE_WORDS: [(&str, &str); 5] = [
    (
        "track",
        "`parts` answers it with the form `track:<counter>`",
    ),
    ("tokens", "`parts` reads it as the end tokens held"),
    ("materials", "`tiebreak` reads it as every material"),
    (
        "latest_in_start_order",
        "`tiebreak` reads it as the seat order from the start player",
    ),
    (
        "earliest_in_start_order",
        "`tiebreak` reads it as the seat order from the start player",
    ),
];

/// What `[score]` reads `id` as, when it is one of its own words ([`SCORE_WORDS`]).
fn score_word(id: &str) -> Option<&'static str> {
    SCORE_WORDS
        .iter()
        .find(|(word, _)| *word == id)
        .map(|&(_, meaning)| meaning)
}

/// Whether the `[bots.greedy]` key `name` is a fixed weight of the bot that a counter of
/// the pack also has as its id (`coins`, `skill` and `prestige` are those counters).
fn shadows_a_counter(counter_ids: &[String], name: &str) -> bool {
    crate::agent::GreedyWeights::NAMES.contains(&name)
        && !["coins", "skill", "prestige"].contains(&name)
        && counter_ids.iter().any(|c| c == name)
}

/// Why counter `k`'s range leaves out 0, the value every player starts it at (before
/// `[[setup]]` or a setup hook gains any), with what to do; `None` when 0 is in range.
fn start_outside_range(k: &CounterToml) -> Option<(String, &'static str)> {
    const HELP: &str = "every player starts each counter at 0 (setup gains from there): give a range that holds 0, such as min = 0";
    if k.min > 0 {
        return Some((format!("below its min = {}", k.min), HELP));
    }
    match k.max {
        Some(max) if max < 0 => Some((format!("above its max = {max}"), HELP)),
        _ => None,
    }
}

/// Appends the pack's `[[counters]]`, checking each: a fresh id that `[score]` does not
/// read as a word of its own, `min <= max`, a range that holds the start (0), a known
/// `over`.
fn declare_counters(
    ld: &mut Loader,
    gf: &str,
    declared: &[CounterToml],
    counters: &mut Vec<super::Counter>,
) {
    for k in declared {
        let needle = format!("id = \"{}\"", k.id);
        if let Err(why) = check_id(&k.id) {
            ld.fail(gf, &needle, format!("counter id `{}`: {why}", k.id), "");
        }
        if let Some(meaning) = score_word(&k.id) {
            ld.fail(
                gf,
                &needle,
                format!(
                    "counter id `{}` is a word of [score]: {meaning}, never as this counter",
                    k.id
                ),
                "give the counter another id",
            );
        }
        if counters.iter().any(|c| c.id == k.id) {
            ld.fail(
                gf,
                &needle,
                format!(
                    "counter `{}` is declared twice (materials are counters too)",
                    k.id
                ),
                "give it another id",
            );
            continue;
        }
        if k.max.is_some_and(|max| max < k.min) {
            ld.fail(
                gf,
                &needle,
                format!("counter `{}`: max is below min", k.id),
                "",
            );
        } else if let Some((problem, help)) = start_outside_range(k) {
            ld.fail(
                gf,
                &needle,
                format!("counter `{}` starts at 0, {problem}", k.id),
                help,
            );
        }
        let over = match k.over.as_deref() {
            None | Some("refuse") => super::Over::Refuse,
            Some("clip") => super::Over::Clip,
            Some(other) => {
                ld.fail(
                    gf,
                    &needle,
                    format!(
                        "counter `{}`: over = \"{other}\" is not refuse or clip",
                        k.id
                    ),
                    "refuse: a gain past max is an error; clip: the excess is lost and logged",
                );
                super::Over::Refuse
            }
        };
        if counters.len() >= 256 {
            ld.fail(gf, &needle, "a game has at most 256 counters", "");
            return;
        }
        counters.push(super::Counter {
            id: k.id.clone(),
            name: k.name.clone(),
            min: k.min,
            max: k.max,
            over,
            value: k.value,
            supply: k.supply,
        });
    }
}

/// `[end]`: its tokens, and its triggers resolved to counters and tokens.
fn end_rules(
    ld: &mut Loader,
    gf: &str,
    raw: &crate::content::raw::EndToml,
    counters: &[super::Counter],
) -> EndRules {
    let tokens: Vec<super::EndToken> = raw
        .tokens
        .iter()
        .map(|(id, &points)| super::EndToken {
            id: id.clone(),
            points,
        })
        .collect();
    let token_list = || {
        tokens
            .iter()
            .map(|t| t.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut triggers = Vec::new();
    for (cause, t) in &raw.triggers {
        let here = format!("[end.triggers.{cause}]");
        let Some(counter) = counters.iter().position(|k| k.id == t.counter) else {
            ld.fail(
                gf,
                &here,
                format!("{here}: `{}` is not a counter", t.counter),
                &format!(
                    "counters are: {}",
                    counters
                        .iter()
                        .map(|k| k.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
            continue;
        };
        let token = match &t.token {
            None => None,
            Some(id) => {
                let found = tokens.iter().position(|k| &k.id == id);
                if found.is_none() {
                    ld.fail(
                        gf,
                        &here,
                        format!("{here}: token `{id}` is not in [end.tokens]"),
                        &format!(
                            "declare it as [end.tokens] {id} = POINTS (tokens are: {})",
                            token_list()
                        ),
                    );
                }
                found
            }
        };
        if t.at_least > 0 {
            triggers.push(super::EndTrigger {
                cause: cause.clone(),
                counter: counter as CounterId,
                at_least: t.at_least as i64,
                token,
            });
        }
    }
    if raw.max_rounds == 0 || raw.max_rounds > crate::limits::MAX_ROUNDS {
        ld.fail(
            gf,
            "max_rounds",
            format!(
                "end.max_rounds must be between 1 and {}",
                crate::limits::MAX_ROUNDS
            ),
            "",
        );
    }
    EndRules {
        max_rounds: raw.max_rounds,
        rounds: raw.rounds,
        tokens,
        triggers,
    }
}

fn resolve(ld: &mut Loader, merged: super::layers::Merged) -> Content {
    let super::layers::Merged {
        game,
        game_label,
        board,
        board_label,
        tiles: tiles_raw,
        cards: cards_raw,
        pack_cards,
        provenance,
        modules,
        test_modules,
        packs,
    } = merged;
    let (gf, bf) = (game_label.as_str(), board_label.as_str());
    let materials: Vec<Material> = game
        .materials
        .iter()
        .map(|m| Material {
            id: m.id.clone(),
            name: m.name.clone(),
            value: m.value,
        })
        .collect();
    if materials.len() > 64 {
        ld.fail(gf, "[[materials]]", "a game has at most 64 materials", "");
    }
    if game.instruction_budget == Some(0) {
        ld.fail(
            gf,
            "instruction_budget",
            "instruction_budget = 0 would stop every hook at once",
            "a pack may lower the budget weft runs it under (give at least 1), never raise it; the user raises it with --budget",
        );
    }
    if game.memory_limit_mb == Some(0) {
        ld.fail(
            gf,
            "memory_limit_mb",
            "memory_limit_mb = 0 is not \"no cap\": a pack may only lower the memory cap",
            "give at least 1 (MiB), or leave it out to use the cap weft runs under (--memory-mb)",
        );
    }
    let mat = |id: &str| {
        materials
            .iter()
            .position(|m| m.id == id)
            .map(|i| i as MatId)
    };
    let mat_list = materials
        .iter()
        .map(|m| m.id.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    let supplies: Vec<Option<u32>> = game.materials.iter().map(|m| m.supply).collect();
    let mut counters = material_counters(&materials, &supplies);
    for m in &materials {
        if let Some(meaning) = score_word(&m.id) {
            ld.fail(
                gf,
                &format!("id = \"{}\"", m.id),
                format!(
                    "material id `{}` is a word of [score]: {meaning}, never as this material",
                    m.id
                ),
                "give the material another id",
            );
        }
    }
    declare_counters(ld, gf, &game.counters, &mut counters);
    let counter_list = counters
        .iter()
        .map(|k| k.id.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    let counter_id = |id: &str| {
        counters
            .iter()
            .position(|k| k.id == id)
            .map(|i| i as CounterId)
    };

    let mut dice = Vec::new();
    for d in &game.dice {
        let mut faces = Vec::new();
        for f in &d.faces {
            match mat(f) {
                Some(m) => faces.push(m),
                None => ld.fail(
                    gf,
                    f,
                    format!("die `{}` has unknown material `{f}`", d.id),
                    &format!("materials are: {mat_list}"),
                ),
            }
        }
        if d.faces.is_empty() {
            ld.fail(gf, &d.id, format!("die `{}` has no faces", d.id), "");
        }
        dice.push(DieKind {
            id: d.id.clone(),
            faces,
        });
    }
    let grades: Vec<Grade> = game
        .grades
        .iter()
        .map(|g| Grade {
            id: g.id.clone(),
            name: g.name.clone(),
            unlock: g
                .unlock
                .iter()
                .filter_map(|(k, &n)| {
                    let id = counter_id(k);
                    if id.is_none() {
                        ld.fail(
                            gf,
                            k,
                            format!("grade `{}` unlocks at `{k}`, which is not a counter", g.id),
                            &format!("counters are: {counter_list}"),
                        );
                    }
                    id.map(|id| (id, n as i64))
                })
                .collect(),
            deck: g.deck,
            declared_at: ld.locate(gf, &format!("id = \"{}\"", g.id)),
        })
        .collect();
    if grades.is_empty() && !cards_raw.is_empty() {
        ld.fail(
            gf,
            "[[grades]]",
            "the pack has commissions but no [[grades]] to sort them into",
            "add [[grades]] (one per commissions/<grade>.toml file), or use [[cards]] in cards/*.toml",
        );
    }
    let grade = |id: &str| grades.iter().position(|g| g.id == id).map(|i| i as GradeId);
    let grade_list = grades
        .iter()
        .map(|g| g.id.as_str())
        .collect::<Vec<_>>()
        .join(", ");

    if game.pieces > 8 {
        ld.fail(gf, "pieces", "pieces must be between 0 and 8", "");
    }
    let script_ref = |ld: &mut Loader, s: &ScriptToml, file: &str| -> ScriptRef {
        let module = match module_name(&s.behaviour) {
            Ok(m) => m,
            Err(e) => {
                ld.fail(
                    file,
                    &s.behaviour,
                    e,
                    "name a module such as weft.shop, or a relative path such as tiles/x.lua",
                );
                String::new()
            }
        };
        if !module.is_empty() && !modules.contains_key(&module) {
            ld.fail(
                file,
                &s.behaviour,
                format!(
                    "behaviour `{}` names no Lua module in the pack or scripts/",
                    s.behaviour
                ),
                "check the spelling; library modules are named like weft.shop",
            );
        }
        ScriptRef {
            module,
            params: s.params.clone(),
            text: s.text.clone(),
            declared_in: file.to_string(),
        }
    };
    let (tracks, unlocks) = {
        let mut tracks = Vec::new();
        let mut unlocks: Vec<Unlock> = Vec::new();
        let mut by_counter: Vec<(CounterId, &String, &crate::content::raw::TrackToml)> = Vec::new();
        for (id, t) in &game.tracks {
            match counter_id(id) {
                Some(k) => by_counter.push((k, id, t)),
                None => ld.fail(
                    gf,
                    &format!("[tracks.{id}]"),
                    format!("[tracks.{id}]: `{id}` is not a counter"),
                    &format!(
                        "a track is on a counter of [[counters]]; counters are: {counter_list}"
                    ),
                ),
            }
        }
        by_counter.sort_by_key(|&(k, _, _)| k);
        for (k, id, t) in by_counter {
            let max = counters[k as usize].max;
            if let Some(max) = max {
                if t.points.len() as i64 > max + 1 {
                    ld.fail(
                        gf,
                        "points",
                        format!(
                            "[tracks.{id}] points has {} entries, more than the values 0..={max} of `{id}`",
                            t.points.len()
                        ),
                        "give one entry per value from 0 up to the counter's max",
                    );
                }
            }
            for u in &t.unlocks {
                if max.is_some_and(|max| u.at as i64 > max) {
                    ld.fail(
                        gf,
                        &format!("at = {}", u.at),
                        format!(
                            "[tracks.{id}] unlock at {} is above the max of `{id}` ({})",
                            u.at,
                            max.unwrap_or_default()
                        ),
                        "",
                    );
                }
                unlocks.push(Unlock {
                    counter: k,
                    level: u.at,
                    text: u.text.clone(),
                    abilities: u.abilities.clone(),
                    on_reach: u.on_reach.as_ref().map(|s| script_ref(ld, s, gf)),
                    declared_at: ld.locate(gf, &format!("at = {}", u.at)),
                });
            }
            tracks.push(super::Track {
                counter: k,
                points: t.points.clone(),
            });
        }
        (tracks, unlocks)
    };
    for g in &grades {
        for &(k, n) in &g.unlock {
            if counters[k as usize].max.is_some_and(|max| n > max) {
                ld.fail(
                    gf,
                    &g.id,
                    format!(
                        "grade `{}` unlocks at {n} {}, above its max",
                        g.id, counters[k as usize].id
                    ),
                    "",
                );
            }
        }
    }

    let mut setup = BTreeMap::new();
    for s in &game.setup {
        if !(1..=8).contains(&s.players) {
            ld.fail(
                gf,
                "players",
                format!("setup for {} players: player counts are 1 to 8", s.players),
                "",
            );
            continue;
        }
        let mut start = Vec::new();
        for (k, n) in &s.start {
            match counter_id(k) {
                Some(i) => start.push((i, *n)),
                None => ld.fail(
                    gf,
                    k,
                    format!(
                        "setup for {} players starts players with `{k}`, which is not a counter",
                        s.players
                    ),
                    &format!("counters are: {counter_list}"),
                ),
            }
        }
        start.sort_by_key(|&(k, _)| k);
        let mut turn_order = Vec::new();
        for (k, by_place) in &s.turn_order {
            match counter_id(k) {
                Some(i) => turn_order.push((i, by_place.clone())),
                None => ld.fail(
                    gf,
                    k,
                    format!(
                        "setup for {} players gives `{k}` by turn order, which is not a counter",
                        s.players
                    ),
                    &format!("counters are: {counter_list}"),
                ),
            }
        }
        turn_order.sort_by_key(|&(k, _)| k);
        let mut hand = Vec::new();
        for (g, n) in &s.hand {
            match grade(g) {
                Some(i) => hand.push((i, *n)),
                None => ld.fail(
                    gf,
                    g,
                    format!("setup names unknown grade `{g}`"),
                    &format!("grades are: {grade_list}"),
                ),
            }
        }
        if setup
            .insert(
                s.players,
                Setup {
                    start,
                    turn_order,
                    hand,
                },
            )
            .is_some()
        {
            ld.fail(
                gf,
                "players",
                format!("two setups for {} players", s.players),
                "",
            );
        }
    }
    check_setup_hands(ld, gf, &game.setup, game.hand_limit);
    if setup.is_empty() {
        ld.fail(
            gf,
            "[[setup]]",
            "no [[setup]] entry; add one per supported player count",
            "",
        );
    }

    // Tiles.
    let side_default = game.tiles.side.clone();
    let mut tiles: Vec<Tile> = Vec::new();
    for placed in tiles_raw {
        let (path, t) = (placed.label, placed.item);
        let stem = placed
            .path
            .trim_start_matches("tiles/")
            .trim_end_matches(".toml");
        if stem != t.id {
            ld.fail(
                &path,
                "id",
                format!("tile id `{}` does not match its file name `{stem}`", t.id),
                "rename the file or the id",
            );
        }
        if tiles.iter().any(|x| x.id == t.id) {
            ld.fail(&path, "id", format!("tile id `{}` is used twice", t.id), "");
        }
        let behaviour = t
            .behaviour
            .clone()
            .unwrap_or_else(|| format!("tiles/{}.lua", t.id));
        let chosen = game
            .tiles
            .sides
            .get(&t.id)
            .cloned()
            .or_else(|| side_default.clone());
        let mut params = t.params.clone();
        let mut side = None;
        if !t.sides.is_empty() {
            let name = chosen
                .clone()
                .unwrap_or_else(|| t.sides.keys().next().cloned().unwrap_or_default());
            match t.sides.get(&name) {
                Some(overlay) => {
                    for (k, v) in overlay {
                        params.insert(k.clone(), v.clone());
                    }
                    side = Some(name);
                }
                None => ld.fail(
                    &path,
                    "sides",
                    format!("tile `{}` has no side `{name}`", t.id),
                    "add [sides.NAME] or choose another side in game.toml [tiles]",
                ),
            }
        }
        let s = ScriptToml {
            behaviour,
            params,
            text: t.text.clone(),
        };
        let script = script_ref(ld, &s, &path);
        tiles.push(Tile {
            id: t.id,
            name: t.name,
            kind: t.kind,
            text: t.text,
            side,
            script,
        });
    }
    for tile_id in game.tiles.sides.keys() {
        if !tiles.iter().any(|t| &t.id == tile_id) {
            ld.fail(
                gf,
                tile_id,
                format!("[tiles] sides names unknown tile `{tile_id}`"),
                "",
            );
        }
    }

    // Board.
    let mut slots = Vec::new();
    for s in &board.slots {
        if slots.iter().any(|x: &Slot| x.id == s.id) {
            ld.fail(bf, &s.id, format!("slot `{}` is defined twice", s.id), "");
        }
        let fixed_tile = s.tile.as_ref().and_then(|id| {
            let found = tiles.iter().position(|t| &t.id == id).map(|i| i as TileId);
            if found.is_none() {
                ld.fail(
                    bf,
                    id,
                    format!("slot `{}` names unknown tile `{id}`", s.id),
                    "",
                );
            }
            found
        });
        slots.push(Slot {
            id: s.id.clone(),
            kind: s.kind.clone(),
            pos: s.pos,
            fixed_tile,
            declared_at: ld.locate(bf, &format!("id = \"{}\"", s.id)),
        });
    }
    let n = slots.len();
    if (n == 0 && (game.pieces > 0 || !tiles.is_empty())) || n > MAX_SLOTS {
        ld.fail(
            bf,
            "[[slots]]",
            format!("a board needs between 1 and {MAX_SLOTS} slots, not {n}"),
            "",
        );
    }
    let slot_of = |id: &str| slots.iter().position(|s| s.id == id);
    let mut neighbours = vec![Vec::new(); n];
    for p in &board.paths {
        // The file of the layer that added the path, so its line can be found.
        let file = if p.declared_in.is_empty() {
            bf
        } else {
            p.declared_in.as_str()
        };
        match (slot_of(&p.a), slot_of(&p.b)) {
            (Some(a), Some(b)) if a != b => {
                if !neighbours[a].contains(&(b as SlotId)) {
                    neighbours[a].push(b as SlotId);
                    neighbours[b].push(a as SlotId);
                }
            }
            (Some(_), Some(_)) => ld.fail(file, &p.a, format!("path from `{}` to itself", p.a), ""),
            (a, _) => {
                let bad = if a.is_none() { &p.a } else { &p.b };
                ld.fail(file, bad, format!("path names unknown slot `{bad}`"), "");
            }
        }
    }
    // Distances are computed only for a board within the cap: an oversized one is an
    // error above, and n * n entries of it could exhaust memory.
    let measured = if n <= MAX_SLOTS { n } else { 0 };
    let mut distance = vec![u16::MAX; measured * measured];
    for start in 0..measured {
        let mut queue = VecDeque::from([start]);
        distance[start * n + start] = 0;
        while let Some(cur) = queue.pop_front() {
            let d = distance[start * n + cur];
            for &nb in &neighbours[cur] {
                let nb = nb as usize;
                if distance[start * n + nb] == u16::MAX {
                    distance[start * n + nb] = d + 1;
                    queue.push_back(nb);
                }
            }
        }
    }
    let start_slot = match &game.movement {
        None if game.pieces > 0 => {
            ld.fail(
                gf,
                "pieces",
                "the players have pieces but the game has no [movement]",
                "add [movement] with free_kind and start, or set pieces = 0",
            );
            0
        }
        None => 0,
        Some(m) => match slot_of(&m.start) {
            Some(i) => i as SlotId,
            None => {
                ld.fail(
                    gf,
                    &m.start,
                    format!("movement.start names unknown slot `{}`", m.start),
                    "",
                );
                0
            }
        },
    };
    // Every slot kind needs enough tiles of that kind.
    let mut kinds: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for s in &slots {
        if s.fixed_tile.is_none() {
            kinds.entry(&s.kind).or_default().0 += 1;
        }
    }
    for t in &tiles {
        if !slots
            .iter()
            .any(|s| s.fixed_tile.is_some_and(|f| tiles[f as usize].id == t.id))
        {
            if let Some(k) = kinds.get_mut(t.kind.as_str()) {
                k.1 += 1;
            }
        }
    }
    // A tile file that failed to load is missing from the count: its error above is the
    // cause, so the board (maybe another pack's file) is not blamed as well.
    let tile_failed = ld
        .errors()
        .iter()
        .any(|e| e.file.contains("/tiles/") && e.file.ends_with(".toml"));
    for (kind, (need, have)) in &kinds {
        if have < need && !tile_failed {
            ld.fail(bf, &format!("\"{kind}\""), format!("the board has {need} `{kind}` slots but the pack has {have} unfixed `{kind}` tiles"), "add tiles of that kind or remove slots");
        }
    }

    let areas = resolve_areas(ld, &board.areas, bf, &script_ref);
    let mut resolve_order: Vec<AreaId> = (0..areas.len() as AreaId).collect();
    // A stable sort: ties resolve in declaration order (C-RES-1).
    resolve_order.sort_by_key(|&a| areas[a as usize].resolve_order);
    let placement = game
        .placement
        .as_ref()
        .map(|p| resolve_placement(ld, p, gf));

    // Commissions.
    let mut commissions: Vec<Commission> = Vec::new();
    for placed in cards_raw {
        let (path, c) = (placed.label, placed.item);
        let rel = placed
            .path
            .trim_start_matches("commissions/")
            .trim_end_matches(".toml");
        let grade_name = rel.split('/').next().unwrap_or(rel);
        let Some(g) = grade(grade_name) else {
            ld.fail(
                &path,
                "",
                format!("`{grade_name}` is not a grade"),
                &format!("name commission files after a grade: {grade_list}"),
            );
            continue;
        };
        {
            if commissions.iter().any(|x| x.id == c.id) {
                ld.fail(
                    &path,
                    &c.id,
                    format!("commission id `{}` is used twice", c.id),
                    "",
                );
            }
            if c.requires.is_empty() && grades[g as usize].deck {
                ld.fail(
                    &path,
                    &c.id,
                    format!("commission `{}` requires nothing", c.id),
                    "add requires = { material = count }",
                );
            }
            let mut requires = Vec::new();
            for (m, k) in &c.requires {
                match mat(m) {
                    Some(i) => requires.push((i, *k)),
                    None => ld.fail(
                        &path,
                        m,
                        format!("commission `{}` requires unknown material `{m}`", c.id),
                        &format!("materials are: {mat_list}"),
                    ),
                }
            }
            let mut reward = Vec::new();
            for (k, &n) in &c.reward {
                match counter_id(k) {
                    Some(i) => reward.push((i, n)),
                    None => ld.fail(
                        &path,
                        k,
                        format!(
                            "commission `{}` rewards `{k}`, which is not a counter",
                            c.id
                        ),
                        &format!("counters are: {counter_list}"),
                    ),
                }
            }
            reward.sort_by_key(|&(k, _)| k);
            let workshop = c.workshop.as_ref().map(|w| script_ref(ld, w, &path));
            commissions.push(Commission {
                id: c.id,
                name: c.name,
                grade: g,
                requires,
                reward,
                workshop,
                declared_in: path.clone(),
            });
        }
    }
    if commissions.len() > u16::MAX as usize || tiles.len() > u16::MAX as usize {
        ld.fail(
            gf,
            "",
            "too many cards or tiles (the limit is 65535 each)",
            "",
        );
    }

    for (bot, params) in &game.bots {
        if let Some((base, set)) = bot.split_once(':') {
            let good = !set.is_empty()
                && set
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            if base != "greedy" || !good {
                ld.fail(
                    gf,
                    bot,
                    format!("[bots.\"{bot}\"] is not a weight set weft can seat"),
                    "a weight set is [bots.\"greedy:NAME\"] with a NAME of letters, digits, - and _; it changes the greedy weights it names",
                );
                continue;
            }
        }
        let Some(known) = crate::agent::bot_param_names(bot) else {
            ld.fail(
                gf,
                bot,
                format!("[bots.{bot}]: there is no bot `{bot}`"),
                &format!("bots are: {}", crate::agent::BOT_NAMES.join(", ")),
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
                ld.fail(
                    gf,
                    name,
                    format!("[bots.{bot}] {name} = {value} is not a finite number"),
                    "give a number such as 1.5",
                );
            }
            let greedy = bot == "greedy" || bot.starts_with("greedy:");
            if greedy && shadows_a_counter(&counter_ids, name) {
                ld.fail_in_bots_table(
                    gf,
                    bot,
                    name,
                    format!("[bots.{bot}] {name}: `{name}` is both a weight of the greedy bot and a counter of the pack, and the bot reads it as its own weight, never as the counter's"),
                    "rename the counter to give it a weight of its own",
                );
            }
            let ok = if greedy {
                crate::agent::GreedyWeights::accepts(&counter_ids, &player_zones, name)
            } else {
                known.contains(&name.as_str())
            };
            if !ok {
                ld.fail(
                    gf,
                    name,
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
    let starting_grade = match &game.starting_workshop {
        Some(sw) if sw.enabled => match grade(&sw.grade) {
            Some(g) if !grades[g as usize].deck => Some(g),
            Some(_) => {
                ld.fail(
                    gf,
                    &sw.grade,
                    format!(
                        "starting_workshop.grade `{}` is a deck; use a grade with deck = false",
                        sw.grade
                    ),
                    "",
                );
                None
            }
            None => {
                ld.fail(
                    gf,
                    &sw.grade,
                    format!("starting_workshop.grade names unknown grade `{}`", sw.grade),
                    &format!("grades are: {grade_list}"),
                );
                None
            }
        },
        _ => None,
    };
    // Ids go into option keys (`move:a:b`, `fulfil:c07`) and answers: a `:` or a space
    // in one would let two options share a key.
    let ids = materials
        .iter()
        .map(|m| (gf, "material", m.id.as_str()))
        .chain(dice.iter().map(|d| (gf, "die", d.id.as_str())))
        .chain(grades.iter().map(|g| (gf, "grade", g.id.as_str())))
        .chain(slots.iter().map(|s| (bf, "slot", s.id.as_str())))
        .chain(
            tiles
                .iter()
                .map(|t| (t.script.declared_in.as_str(), "tile", t.id.as_str())),
        )
        .chain(
            commissions
                .iter()
                .map(|c| (c.declared_in.as_str(), "commission", c.id.as_str())),
        );
    for (file, what, id) in ids {
        if let Err(problem) = check_id(id) {
            let file = file.to_string();
            ld.fail(
                &file,
                id,
                format!("{what} id `{}` {problem}", id.escape_debug()),
                "ids are 1 to 64 letters, digits, `_`, `-` or `.`",
            );
        }
    }
    // The chain's game.toml files, base first (the library, last, has none).
    let game_labels: Vec<String> = packs[..packs.len().saturating_sub(1)]
        .iter()
        .map(|p| format!("{}/game.toml", p.name))
        .collect();
    let errors_before_flow = ld.errors().len();
    let program =
        super::flow_toml::compile(ld, &game, &game_labels, gf, !areas.is_empty(), &counters);

    // A `[flow]` that failed to compile comes back empty: its errors are the cause, and
    // no movement is asked for.
    let flow_failed = ld.errors().len() > errors_before_flow;
    if game.movement.is_none()
        && !flow_failed
        && program
            .blocks
            .iter()
            .any(|b| b.steps.iter().any(|s| s.kind.traits().moves_piece))
    {
        ld.fail(
            gf,
            "\"move\"",
            "the round moves pieces (a `move` step) but the game has no [movement]",
            "add [movement] with free_kind and start, or take the `move` step out of [flow]",
        );
    }
    let player_counts: Vec<u8> = setup.keys().copied().collect();
    let mut zones = super::zones::resolve_zones(ld, gf, &game.zones, &player_counts);
    let module_of = |b: &str| module_name(b).ok().filter(|m| modules.contains_key(m));
    let mut cards = super::zones::resolve_cards(ld, pack_cards, &zones, &module_of);
    super::zones::check_starting_caps(ld, gf, &zones, &cards, &player_counts);
    for card in &cards {
        if commissions.iter().any(|k| k.id == card.id) {
            ld.fail(
                &card.declared_in,
                &card.template,
                format!("card `{}` has the id of a commission", card.id),
                "ids of [[cards]] and commissions share one name space (ctx:card); rename one",
            );
        }
    }
    let decks =
        super::decks::lower_commissions(ld, gf, &grades, &commissions, &mut zones, &mut cards);
    let card_value = CardValue {
        cost: game.report.card_cost.clone(),
        points: game.report.card_points.clone(),
    };
    check_card_value(ld, &card_value, &cards[commissions.len()..], &counters);
    let mut h = Sha256::new();
    for p in &packs {
        h.update(p.digest.as_bytes());
    }
    let digest = hex(&h.finalize()[..16]);

    let score = score_rules(
        ld,
        gf,
        game.score.as_ref(),
        &counters,
        &tracks,
        materials.len(),
    );
    let end = end_rules(ld, gf, &game.end, &counters);
    Content {
        counters,
        score,
        packs,
        digest,
        title: game.title,
        pieces: game.pieces,
        hand_limit: game.hand_limit,
        personal_workshop_same_round: game.personal_workshop_same_round,
        random_first_player: game.first_player != "seat1",
        instruction_budget: 0,
        memory_limit: 0,
        hook_seconds: 0.0,
        requested_budget: game.instruction_budget,
        requested_memory_mb: game.memory_limit_mb,
        materials,
        dice,
        grades,
        free_kind: game
            .movement
            .as_ref()
            .map(|m| m.free_kind.clone())
            .unwrap_or_default(),
        start_slot,
        abilities: game.abilities,
        tracks,
        unlocks,
        end,
        setup,
        bot_params: game.bots.clone(),
        starting_grade,
        board: Board {
            slots,
            neighbours,
            distance,
            areas,
            resolve_order,
        },
        tiles,
        commissions,
        modules,
        program,
        placement,
        zones,
        cards,
        decks,
        provenance,
        card_value,
        test_modules,
    }
}

/// Every card that has the `[report]` params holds what they promise: a table of
/// counter amounts for the price, a whole number for the points.
fn check_card_value(ld: &mut Loader, value: &CardValue, cards: &[Card], counters: &[Counter]) {
    for card in cards {
        if let Some(key) = &value.cost {
            match card.params.get(key) {
                None => {}
                Some(toml::Value::Table(t)) => {
                    for (k, v) in t {
                        let ok = counters.iter().any(|c| &c.id == k)
                            && v.as_integer().is_some_and(|n| n >= 0);
                        if !ok {
                            ld.fail(
                                &card.declared_in,
                                &card.template,
                                format!("card `{}`: its price `{key}` has `{k} = {v}`, which is not an amount of a counter", card.template),
                                "[report] card_cost names a param that maps counter ids to whole amounts, e.g. needs = { oak = 2 }",
                            );
                        }
                    }
                }
                Some(other) => ld.fail(
                    &card.declared_in,
                    &card.template,
                    format!("card `{}`: its price `{key}` is {other}, not a table", card.template),
                    "[report] card_cost names a param that maps counter ids to whole amounts, e.g. needs = { oak = 2 }",
                ),
            }
        }
        if let Some(key) = &value.points {
            if let Some(v) = card.params.get(key) {
                if v.as_integer().is_none_or(|n| n < 0) {
                    ld.fail(
                        &card.declared_in,
                        &card.template,
                        format!("card `{}`: its points `{key}` is {v}, not a whole number", card.template),
                        "[report] card_points names a param holding the points a card scores, e.g. prestige = 7",
                    );
                }
            }
        }
    }
}

/// The most spaces an area may have.
const MAX_SPACES: usize = 64;
/// The most areas a board may have.
const MAX_AREAS: usize = 1000;
/// The most workers a player may place.
const MAX_WORKERS: u32 = 64;

/// `[[areas]]` of `board.toml` (C-QUEUE-1..3): ids, spaces and their player counts,
/// behaviour. Every problem is recorded with its file and line.
fn resolve_areas(
    ld: &mut Loader,
    raw: &[AreaToml],
    board_label: &str,
    script_ref: &dyn Fn(&mut Loader, &ScriptToml, &str) -> ScriptRef,
) -> Vec<Area> {
    let mut areas: Vec<Area> = Vec::new();
    if raw.len() > MAX_AREAS {
        ld.fail(
            board_label,
            "[[areas]]",
            format!(
                "the board declares {} areas; weft takes at most {MAX_AREAS}",
                raw.len()
            ),
            "",
        );
        return areas;
    }
    let mut in_file: BTreeMap<String, usize> = BTreeMap::new();
    for a in raw {
        let file = if a.declared_in.is_empty() {
            board_label.to_string()
        } else {
            a.declared_in.clone()
        };
        let k = {
            let n = in_file.entry(file.clone()).or_default();
            *n += 1;
            *n - 1
        };
        let id_needle = "id";
        if let Err(problem) = check_id(&a.id) {
            ld.fail_in_area(
                &file,
                k,
                Some(id_needle),
                format!("area id `{}` {problem}", a.id.escape_debug()),
                "ids are 1 to 64 letters, digits, `_`, `-` or `.`",
            );
        }
        if areas.iter().any(|x| x.id == a.id) {
            ld.fail_in_area(
                &file,
                k,
                Some(id_needle),
                format!("area `{}` is defined twice", a.id),
                "give every area its own id",
            );
        }
        if a.spaces.is_empty() {
            ld.fail_in_area(
                &file,
                k,
                Some("spaces"),
                format!(
                    "area `{}` has no spaces: no worker could ever be placed in it",
                    a.id
                ),
                "give it spaces, e.g. spaces = [ {}, {}, { min_players = 3 } ]",
            );
        }
        if a.spaces.len() > MAX_SPACES {
            ld.fail_in_area(
                &file,
                k,
                Some("spaces"),
                format!(
                    "area `{}` has {} spaces; weft takes at most {MAX_SPACES}",
                    a.id,
                    a.spaces.len()
                ),
                "",
            );
        }
        let mut spaces = Vec::new();
        if a.min_players.is_some_and(|m| !(1..=8).contains(&m)) {
            ld.fail_in_area(
                &file,
                k,
                Some("min_players"),
                format!("area `{}`: min_players is not a player count", a.id),
                "player counts are 1 to 8",
            );
        }
        for (i, sp) in a.spaces.iter().enumerate() {
            let min = sp.min_players.unwrap_or(1);
            let what = format!("area `{}`, space {}", a.id, i + 1);
            let mut bad = |key: &str, message: String| {
                ld.fail_in_area(
                    &file,
                    k,
                    Some(key),
                    message,
                    "player counts are 1 to 8; min_players may not be above max_players",
                )
            };
            if !(1..=8).contains(&min) {
                bad(
                    "min_players",
                    format!("{what}: min_players = {min} is not a player count"),
                );
            }
            if let Some(max) = sp.max_players {
                if !(1..=8).contains(&max) {
                    bad(
                        "max_players",
                        format!("{what}: max_players = {max} is not a player count"),
                    );
                } else if max < min {
                    bad(
                        "max_players",
                        format!(
                            "{what}: max_players = {max} is below min_players = {min}: the space is never usable"
                        ),
                    );
                }
            }
            spaces.push(Space {
                min_players: min.max(a.min_players.unwrap_or(1)),
                max_players: sp.max_players,
            });
        }
        let script = match &a.behaviour {
            Some(b) => Some(script_ref(
                ld,
                &ScriptToml {
                    behaviour: b.clone(),
                    params: a.params.clone(),
                    text: a.text.clone(),
                },
                &file,
            )),
            None => {
                if !a.params.is_empty() {
                    ld.fail_in_area(
                        &file,
                        k,
                        Some("params"),
                        format!("area `{}` has params but no behaviour to hand them to", a.id),
                        "add behaviour = \"module\" (a Lua module with the area's options and resolve hooks), or remove params",
                    );
                }
                None
            }
        };
        let declared_at = ld.locate_area(&file, k, &a.id);
        areas.push(Area {
            id: a.id.clone(),
            name: a.name.clone().unwrap_or_else(|| a.id.clone()),
            resolve_order: a.resolve_order,
            exclusive_per_player: a.exclusive_per_player,
            min_players: a.min_players.unwrap_or(1),
            script,
            spaces,
            declared_at,
        });
    }
    areas
}

/// `[placement]` of `game.toml`: workers per player, 1 to [`MAX_WORKERS`], and per
/// player count.
fn resolve_placement(ld: &mut Loader, p: &PlacementToml, game_label: &str) -> Placement {
    let help = format!("workers are whole numbers from 1 to {MAX_WORKERS}");
    if !(1..=MAX_WORKERS).contains(&p.workers) {
        ld.fail(
            game_label,
            "workers",
            format!("[placement] workers = {}: {help}", p.workers),
            "",
        );
    }
    let mut by_players = BTreeMap::new();
    for (count, &n) in &p.by_players {
        match count.parse::<u8>().ok().filter(|c| (1..=8).contains(c)) {
            Some(c) => {
                by_players.insert(c, n.min(MAX_WORKERS) as u8);
            }
            None => ld.fail(
                game_label,
                "by_players",
                format!("[placement] by_players: `{count}` is not a player count"),
                "write by_players = { 2 = 6 } (player counts are 1 to 8)",
            ),
        }
        if !(1..=MAX_WORKERS).contains(&n) {
            ld.fail(
                game_label,
                "by_players",
                format!("[placement] by_players: {count} = {n}: {help}"),
                "",
            );
        }
    }
    Placement {
        workers: p.workers.min(MAX_WORKERS) as u8,
        by_players,
    }
}
