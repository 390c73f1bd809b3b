//! Warnings of `weft check`: things that load and run but are probably mistakes. Unlike
//! problems they do not fail the check.

use std::borrow::Cow;
use std::collections::BTreeSet;

use crate::content::{Content, ScriptRef};
use crate::sim::GameRecord;

/// Every script reference of the content with what it belongs to.
pub fn script_refs(content: &Content) -> Vec<(String, Cow<'_, ScriptRef>)> {
    let mut out: Vec<(String, Cow<'_, ScriptRef>)> = content
        .tiles
        .iter()
        .map(|t| (format!("tile `{}`", t.id), Cow::Borrowed(&t.script)))
        .collect();
    let mut templates = BTreeSet::new();
    for c in &content.cards {
        let Some(module) = &c.behaviour else { continue };
        if templates.insert(c.template.as_str()) {
            let script = ScriptRef {
                module: module.clone(),
                params: c.params.clone(),
                text: c.text.clone(),
                declared_in: c.declared_in.clone(),
            };
            out.push((format!("card `{}`", c.template), Cow::Owned(script)));
        }
    }
    for u in &content.unlocks {
        if let Some(s) = &u.on_reach {
            let k = &content.counters[u.counter as usize].id;
            out.push((format!("unlock of `{k}` at {}", u.level), Cow::Borrowed(s)));
        }
    }
    for a in &content.board.areas {
        if let Some(s) = &a.script {
            out.push((format!("area `{}`", a.id), Cow::Borrowed(s)));
        }
    }
    for d in &content.dice_play.spaces {
        if let Some(s) = &d.script {
            out.push((format!("dice space `{}`", d.id), Cow::Borrowed(s)));
        }
    }
    for e in &content.dice_play.extras {
        if let Some(s) = &e.script {
            out.push((format!("extra `{}`", e.id), Cow::Borrowed(s)));
        }
    }
    out
}

/// The modules `name` loads, itself included, following `require("…")` in the sources.
fn module_closure(content: &Content, name: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![name.to_string()];
    while let Some(m) = todo.pop() {
        if !seen.insert(m.clone()) {
            continue;
        }
        if let Some(module) = content.modules.get(&m) {
            todo.extend(required(&module.source));
        }
    }
    seen
}

/// The identifiers and short-string texts of a Lua source, and the names read as
/// fields (`x.name`).
fn lua_words(source: &str) -> (BTreeSet<&str>, BTreeSet<&str>) {
    let mut words = BTreeSet::new();
    let mut fields = BTreeSet::new();
    let bytes = source.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            let word = &source[start..i];
            words.insert(word);
            if start > 0 && bytes[start - 1] == b'.' && !(start > 1 && bytes[start - 2] == b'.') {
                fields.insert(word);
            }
        } else {
            i += 1;
        }
    }
    (words, fields)
}

/// Edit distance of two short words, a swap of neighbours counting as one edit.
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

/// The `[params]` keys of `script` that no module it loads mentions (a heuristic: the
/// key is no word of the module's source or of the modules it requires), each with the
/// field those modules read that it is probably a typo of.
pub fn unread_params(content: &Content, script: &ScriptRef) -> Vec<(String, Option<String>)> {
    let modules = module_closure(content, &script.module);
    let sources: Vec<&str> = modules
        .iter()
        .filter_map(|m| content.modules.get(m).map(|m| m.source.as_str()))
        .collect();
    if sources.is_empty() {
        return Vec::new();
    }
    let mut words = BTreeSet::new();
    let mut fields = BTreeSet::new();
    for s in &sources {
        let (w, f) = lua_words(s);
        words.extend(w);
        fields.extend(f);
    }
    // A key that is no identifier (`max-count`) is read by its string: `params["max-count"]`.
    let quoted = |k: &str| {
        sources
            .iter()
            .any(|s| s.contains(&format!("\"{k}\"")) || s.contains(&format!("'{k}'")))
    };
    script
        .params
        .keys()
        .filter(|k| !words.contains(k.as_str()) && !quoted(k))
        .map(|k| {
            let near = fields
                .iter()
                .filter(|f| !script.params.contains_key(**f))
                .map(|f| (distance(k, f), *f))
                .filter(|(d, f)| *d <= 2 && *d < k.len().min(f.len()))
                .min()
                .map(|(_, f)| f.to_string());
            (k.clone(), near)
        })
        .collect()
}

/// Words in `script`'s `[params]` that look like a misspelt counter id: a key of a table
/// of numbers (a bundle, `pay = { wooll = 2 }`) or a text in a list (`sells =
/// ["wooll"]`) that is no counter of the game but one or two edits from one. Each as
/// (the word, the counter it is near).
pub fn misspelt_counters(content: &Content, script: &ScriptRef) -> Vec<(String, String)> {
    fn walk(v: &toml::Value, out: &mut Vec<String>) {
        match v {
            toml::Value::Table(t) => {
                for (k, x) in t {
                    if matches!(x, toml::Value::Integer(_) | toml::Value::Float(_)) {
                        out.push(k.clone());
                    }
                    walk(x, out);
                }
            }
            toml::Value::Array(a) => {
                for x in a {
                    match x {
                        toml::Value::String(s) => out.push(s.clone()),
                        other => walk(other, out),
                    }
                }
            }
            _ => {}
        }
    }
    let mut words = Vec::new();
    for v in script.params.values() {
        walk(v, &mut words);
    }
    words.sort();
    words.dedup();
    words
        .into_iter()
        .filter(|w| content.counter(w).is_none())
        .filter_map(|w| {
            content
                .counters
                .iter()
                .map(|c| (distance(&w, &c.id), c.id.clone()))
                .filter(|(d, id)| *d > 0 && *d <= 2 && *d < w.len().min(id.len()))
                .min()
                .map(|(_, id)| (w, id))
        })
        .collect()
}

/// The sentence for a word of `owner`'s params near the counter `near`.
pub fn misspelt_counter_text(owner: &str, word: &str, near: &str) -> String {
    format!("{owner}: `{word}` in its params is no counter of the game (did you mean `{near}`?)")
}

/// The sentence for a param of `owner`'s that its behaviour never reads.
pub fn unread_param_text(owner: &str, module: &str, key: &str, near: Option<&str>) -> String {
    format!(
        "{owner} sets param `{key}`, which its behaviour `{module}` never reads{}",
        near.map(|f| format!(" (did you mean `{f}`, which it reads?)"))
            .unwrap_or_default()
    )
}

/// Module names in `require("…")` / `require('…')` calls of a source.
fn required(source: &str) -> Vec<String> {
    source
        .split("require(")
        .skip(1)
        .filter_map(|rest| {
            let rest = rest.trim_start();
            let quote = rest.chars().next().filter(|c| *c == '"' || *c == '\'')?;
            rest[1..].split(quote).next().map(str::to_string)
        })
        .collect()
}

/// The warnings for `content`, with the records of the check's sample games.
pub fn warnings(content: &Content, records: &[GameRecord]) -> Vec<String> {
    let mut w = Vec::new();
    let refs = script_refs(content);

    // Words in [params] one or two edits from a counter id: a misspelt material.
    for (owner, s) in &refs {
        for (word, near) in misspelt_counters(content, s) {
            w.push(format!(
                "{}: {}",
                s.declared_in,
                misspelt_counter_text(owner, &word, &near)
            ));
        }
    }

    // [params] keys no script reads: a typo leaves the script reading a missing key.
    for (owner, s) in &refs {
        for (key, near) in unread_params(content, s) {
            w.push(format!(
                "{}: {}",
                s.declared_in,
                unread_param_text(owner, &s.module, &key, near.as_deref())
            ));
        }
    }

    // Lua files of the packs that nothing uses.
    let mut used = BTreeSet::new();
    for (_, s) in &refs {
        used.extend(module_closure(content, &s.module));
    }
    for h in &content.program.game_hooks {
        used.extend(module_closure(content, &h.module));
    }
    // A card's behaviour is called by the pack's scripts (`require(card.behaviour)`).
    for b in content.cards.iter().filter_map(|c| c.behaviour.as_ref()) {
        used.extend(module_closure(content, b));
    }
    for m in content.modules.values() {
        if m.pack != "scripts" && !used.contains(&m.name) {
            w.push(format!(
                "{}: module `{}` is not the behaviour of any tile, card, unlock, area, dice space or extra, no flow step calls it, and no module requires it",
                m.chunk, m.name
            ));
        }
    }

    // Cards no one can draw.
    for (g, deck) in content.decks.iter().enumerate() {
        let cards = content
            .cards
            .iter()
            .filter(|c| c.deck == Some(g as crate::content::DeckId))
            .count();
        if cards == 0 {
            continue;
        }
        for &(k, n) in &deck.unlock {
            if let Some(t) = content
                .end
                .triggers
                .iter()
                .find(|t| t.counter == k && t.at_least < n)
            {
                let id = &content.counters[k as usize].id;
                w.push(format!(
                    "deck `{}` unlocks at {id} {n}, after the game ends at {id} {}: its {cards} cards are unreachable",
                    deck.id, t.at_least
                ));
            }
        }
    }

    w.extend(unreachable_slots(content));
    w.extend(unusable_areas(content));
    w.extend(short_piles(content));
    w.extend(never_asks(content));
    w.extend(unreached_blocks(content));
    w.extend(unlock_mismatches(content));

    // Tiles whose action was never taken in the sample games.
    let finished: Vec<&GameRecord> = records.iter().filter(|r| r.finished()).collect();
    w.extend(limits_above_the_users(content));
    // In a game whose tiles take no actions at all (a map only travelled over), no
    // tile's action is missed.
    let tiles_act = finished
        .iter()
        .any(|r| r.tiles.values().any(|c| c.actions > 0));
    if tiles_act {
        for t in &content.tiles {
            let (visits, actions) = finished
                .iter()
                .filter_map(|r| r.tiles.get(&t.id))
                .fold((0, 0), |(v, a), c| (v + c.visits, a + c.actions));
            if visits > 0 && actions == 0 {
                w.push(format!(
                    "tile `{}` was visited {visits} times in {} sample games but its action was never taken: does its can_act ever return true?",
                    t.id,
                    finished.len()
                ));
            }
        }
    }
    w
}

/// Limits game.toml asks for above the ones weft runs under: the pack gets the user's
/// (a pack may only lower them), which may be too little for it.
fn limits_above_the_users(content: &Content) -> Vec<String> {
    let mut w = Vec::new();
    if let Some(asked) = content
        .requested_budget
        .filter(|&b| b > content.instruction_budget)
    {
        w.push(format!(
            "game.toml asks for instruction_budget = {asked}, above the {} weft runs under; hooks get {} (raise it with --budget {asked})",
            content.instruction_budget, content.instruction_budget
        ));
    }
    let cap_mb = content.memory_limit / (1024 * 1024);
    if let Some(asked) = content.requested_memory_mb.filter(|&m| m as usize > cap_mb) {
        w.push(format!(
            "game.toml asks for memory_limit_mb = {asked}, above the {cap_mb} weft runs under; the VM gets {cap_mb} MiB (raise it with --memory-mb {asked})"
        ));
    }
    w
}

/// Slots no apprentice can ever stand on: pieces start on the start slot and may always
/// go to a free-movement slot (R-PLAZA-1, R-PLAZA-2); every other move follows paths
/// (R-MOVE-2), so a slot that no path connects to those cannot be visited.
fn unreachable_slots(content: &Content) -> Vec<String> {
    let board = &content.board;
    let roots: Vec<usize> = (0..board.slots.len())
        .filter(|&s| s == content.start_slot as usize || board.slots[s].kind == content.free_kind)
        .collect();
    board
        .slots
        .iter()
        .enumerate()
        .filter(|&(s, _)| {
            !roots
                .iter()
                .any(|&r| board.distance(r as u16, s as u16) != u16::MAX)
        })
        .map(|(_, slot)| {
            format!(
                "{}: slot `{}` cannot be visited: no path connects it to the start slot `{}` or a `{}` slot; add a [[paths]] entry that reaches it, or remove the slot",
                slot.declared_at, slot.id, board.slots[content.start_slot as usize].id, content.free_kind
            )
        })
        .collect()
}

/// A program none of whose steps can ask a player anything: every game plays itself
/// (sometimes meant, for a solitaire automaton; usually a `turns` step forgotten).
fn never_asks(content: &Content) -> Vec<String> {
    let asks = content
        .program
        .blocks
        .iter()
        .flat_map(|b| &b.steps)
        .any(|s| s.kind.traits().may_ask);
    if asks {
        Vec::new()
    } else {
        vec![format!(
            "{}: no step of the round can ask a player anything (no move, act, play, menu, place, resolve, or hook run for players): every game plays itself",
            content.program.declared_at
        )]
    }
}

/// `refill` steps whose pile (the one of round 1) holds fewer cards at setup than the
/// grid has positions, at some supported player count: the first deal already leaves
/// positions empty (C-RESET-4 says what happens; this says it happens at once).
fn short_piles(content: &Content) -> Vec<String> {
    let mut out = Vec::new();
    for step in content.program.blocks.iter().flat_map(|b| &b.steps) {
        let Some(r) = step.kind.as_refill() else {
            continue;
        };
        let grid = &content.zones[r.zone as usize];
        let pile = r.source(1);
        for n in content.player_counts() {
            let positions = grid
                .grid_size(n as usize)
                .map_or(0, |(rows, cols)| rows * cols) as usize;
            let cards = content
                .cards
                .iter()
                .filter(|c| c.zone == pile && c.min_players <= n)
                .count();
            if cards < positions {
                out.push(format!(
                    "{}: zone `{}` starts with {cards} cards at {n} players, fewer than the {positions} positions of `{}` it fills: the first deal leaves positions empty",
                    grid.declared_at,
                    content.zones[pile as usize].id,
                    grid.id
                ));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Areas with no space usable at some player count the game supports: no worker can
/// ever go there in those games. Sometimes meant (C-TWO-2: a market unused at two
/// players), so a warning, never an error.
fn unusable_areas(content: &Content) -> Vec<String> {
    let counts = content.player_counts();
    content
        .board
        .areas
        .iter()
        .filter_map(|a| {
            let none: Vec<String> = counts
                .iter()
                .filter(|&&n| n >= a.min_players && a.usable_spaces(n as usize) == 0)
                .map(|n| n.to_string())
                .collect();
            (!none.is_empty()).then(|| {
                format!(
                    "{}: area `{}` has no space usable with {} players: no worker can be placed in it then (fine if meant, e.g. a market unused in a two-player game)",
                    a.declared_at,
                    a.id,
                    none.join(" or ")
                )
            })
        })
        .collect()
}

/// Blocks of `[flow]` that no step of `setup`, `round` or `end` reaches, through `block` steps
/// and `turns` bodies: declared, checked, and never run.
fn unreached_blocks(content: &Content) -> Vec<String> {
    use crate::content::program::{END_BLOCK, ROUND_BLOCK, SETUP_BLOCK};
    let program = &content.program;
    let mut reached = vec![false; program.blocks.len()];
    let mut todo = vec![SETUP_BLOCK, ROUND_BLOCK, END_BLOCK];
    while let Some(b) = todo.pop() {
        if std::mem::replace(&mut reached[b as usize], true) {
            continue;
        }
        for step in &program.block(b).steps {
            if let Some(c) = step.kind.runs_block() {
                todo.push(c);
            }
        }
    }
    program
        .blocks
        .iter()
        .zip(reached)
        .filter(|(_, r)| !r)
        .map(|(b, _)| {
            format!(
                "{}: block `{}` is declared in [flow] but never runs: no step of `setup`, `round` or `end` reaches it; name it in a list, a `block` step or a `turns` body, or remove it",
                b.declared_at, b.id
            )
        })
        .collect()
}

/// A skill unlock whose `on_reach` draws from a grade (`params.grade`, as `weft.draw_keep`
/// does for R-SKILL-1/2) at another value than the grade's `unlock` (R-COM-3/4):
/// two settings of one rule that a designer can change one at a time.
fn unlock_mismatches(content: &Content) -> Vec<String> {
    let mut w = Vec::new();
    for u in &content.unlocks {
        let Some(deck_id) = u
            .on_reach
            .as_ref()
            .and_then(|s| s.params.get("deck"))
            .and_then(|g| g.as_str())
        else {
            continue;
        };
        let Some(g) = content.deck(deck_id).map(|g| &content.decks[g as usize]) else {
            continue;
        };
        let Some(&(_, at)) = g.unlock.iter().find(|&&(k, _)| k == u.counter) else {
            continue;
        };
        if at != u.level as i64 {
            let k = &content.counters[u.counter as usize].id;
            w.push(format!(
                "{}: the unlock at {k} {} draws from deck `{deck_id}`, but deck `{deck_id}` unlocks at {k} {at} ({}): set the unlock's `at` and the deck's `unlock` to the same value",
                u.declared_at, u.level, g.declared_at
            ));
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use crate::content::load_content;
    use crate::embedded::{base_pack, library};

    #[test]
    fn a_block_nothing_runs_is_a_warning() {
        let base = load_content(&[base_pack()], &library()).unwrap();
        let flow_warnings = |c| {
            super::warnings(c, &[])
                .into_iter()
                .filter(|w| w.contains("[flow]"))
                .collect::<Vec<_>>()
        };
        assert_eq!(flow_warnings(&base), Vec::<String>::new());
        let mut pack = base_pack();
        let game = pack.files["game.toml"].replace(
            "[flow.blocks.turn]\n",
            "[flow.blocks.spare]\nsteps = [ { do = \"reset\", pieces = \"stand\" } ]\n\n[flow.blocks.turn]\n",
        );
        let line = game
            .lines()
            .position(|l| l == "[flow.blocks.spare]")
            .unwrap()
            + 1;
        pack.files.insert("game.toml".into(), game);
        let c = load_content(&[pack], &library()).unwrap();
        assert_eq!(
            flow_warnings(&c),
            [format!("tabriz/game.toml:{line}: block `spare` is declared in [flow] but never runs: no step of `setup`, `round` or `end` reaches it; name it in a list, a `block` step or a `turns` body, or remove it")]
        );
    }
}
