//! The option keys a pack's questions may offer, for `weft doc content`: the kernel's
//! step kinds say theirs ([`crate::engine::steps::StepKind::option_keys`]), a zone with
//! a `limit` adds `discard:<card>`, and each Lua module says its own in its `option_keys`
//! export (docs/lua-api.md), listed with the tiles, cards, areas and flow functions
//! that use it. A module that declares none is listed as such, so a designer knows
//! where a key they read in a replay comes from and what it means.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::content::Content;
use crate::lua::LuaHost;

/// The keys one source offers.
#[derive(Debug, Clone, Serialize)]
pub struct OptionKeysDoc {
    /// What offers them: `step move`, `zone limit`, or a module's name.
    pub source: String,
    /// Who uses a module: `tiles camel-shop, …; cards c01, …` (empty for a step).
    pub used_by: String,
    /// (pattern, meaning); `<card>`, `<slot>`, … stand for ids.
    pub keys: Vec<(String, String)>,
    /// Whether the module declares its keys (a step and the zone limit always do).
    pub declared: bool,
}

/// The option keys of `content`: its flow's steps (each kind once), the zone limit
/// when a zone has one, then every module a tile, card, unlock, area or flow function
/// uses, with those users.
pub fn option_key_docs(content: &Content, host: &LuaHost) -> Vec<OptionKeysDoc> {
    let prog = &content.program;
    let mut out: Vec<OptionKeysDoc> = Vec::new();
    for block in &prog.blocks {
        for step in &block.steps {
            let keys = step.kind.option_keys(prog);
            let source = format!("step `{}`", step.kind.name());
            if keys.is_empty() || out.iter().any(|d| d.source == source && d.keys == keys) {
                continue;
            }
            out.push(OptionKeysDoc {
                source,
                used_by: String::new(),
                keys,
                declared: true,
            });
        }
    }
    let limited: Vec<&str> = content
        .zones
        .iter()
        .filter(|z| z.limit.is_some())
        .map(|z| z.id.as_str())
        .collect();
    if !limited.is_empty() {
        out.push(OptionKeysDoc {
            source: "zone limit".into(),
            used_by: limited.join(", "),
            keys: vec![(
                "discard:<card>".into(),
                "discard that card, down to the zone's limit".into(),
            )],
            declared: true,
        });
    }
    // Module → (kind of user → ids), in the order first met.
    let mut users: BTreeMap<&str, BTreeMap<&str, Vec<String>>> = BTreeMap::new();
    let mut found: Vec<(String, &str, String)> = Vec::new();
    for t in &content.tiles {
        found.push((t.script.module.clone(), "tiles", t.id.clone()));
    }
    for c in &content.cards {
        if let Some(m) = &c.behaviour {
            found.push((m.clone(), "cards", c.template.clone()));
        }
    }
    for u in &content.unlocks {
        if let Some(s) = &u.on_reach {
            let name = &content.counters[u.counter as usize].id;
            found.push((s.module.clone(), "unlocks", format!("{name} {}", u.level)));
        }
    }
    for a in &content.board.areas {
        if let Some(s) = &a.script {
            found.push((s.module.clone(), "areas", a.id.clone()));
        }
    }
    for h in &prog.game_hooks {
        found.push((
            h.module.clone(),
            "flow",
            format!("{}.{}", h.module, h.function),
        ));
    }
    for (module, kind, id) in &found {
        let ids = users
            .entry(module.as_str())
            .or_default()
            .entry(kind)
            .or_default();
        if !ids.contains(id) {
            ids.push(id.clone());
        }
    }
    for (module, by_kind) in users {
        let used_by = by_kind
            .iter()
            .map(|(kind, ids)| format!("{kind} {}", ids.join(", ")))
            .collect::<Vec<_>>()
            .join("; ");
        let keys = host.option_keys(module);
        out.push(OptionKeysDoc {
            source: module.to_string(),
            used_by,
            keys: keys.map(<[_]>::to_vec).unwrap_or_default(),
            declared: keys.is_some(),
        });
    }
    out
}

/// The option keys as a Markdown section.
pub fn option_keys_markdown(docs: &[OptionKeysDoc], out: &mut String) {
    if docs.is_empty() {
        return;
    }
    out.push_str("\n## Option keys\n\n");
    out.push_str(
        "The keys a question may offer (what `weft state` shows, what replays and \
         `--answers` hold), by what offers them; `<card>`, `<slot>` and the like stand for \
         ids. A module's keys are its `option_keys` export (docs/lua-api.md).\n",
    );
    for d in docs {
        out.push('\n');
        if d.used_by.is_empty() {
            out.push_str(&format!("**{}**\n", d.source));
        } else {
            out.push_str(&format!("**{}** ({})\n", d.source, d.used_by));
        }
        if !d.declared {
            out.push_str(
                "- declares no keys: add `option_keys = { { \"pattern\", \"meaning\" }, … }` to the \
                 module\n",
            );
        }
        for (key, meaning) in &d.keys {
            out.push_str(&format!("- `{key}`: {meaning}\n"));
        }
    }
}
