//! `weft doc content`: a readable reference of every tile and card of a pack, with rules
//! text generated from the data by each behaviour's `describe(params)`, so a designer can
//! proof-read a pack without opening its files.

use serde::Serialize;

use crate::content::Content;
use crate::lua::LuaHost;

/// One tile in the reference.
#[derive(Debug, Clone, Serialize)]
pub struct TileDoc {
    /// Id.
    pub id: String,
    /// Kind (slot kind it is dealt to).
    pub kind: String,
    /// Name.
    pub name: String,
    /// Side in use.
    pub side: Option<String>,
    /// Behaviour module.
    pub behaviour: String,
    /// The designer's text from the TOML.
    pub text: String,
    /// Rules text generated from the params.
    pub generated: Option<String>,
}

/// One commission in the reference.
#[derive(Debug, Clone, Serialize)]
pub struct CommissionDoc {
    /// Id.
    pub id: String,
    /// Grade id.
    pub grade: String,
    /// Name.
    pub name: String,
    /// Required materials, cheapest first.
    pub requires: Vec<(String, u32)>,
    /// Total value of the requirement.
    pub requirement_value: u32,
    /// The reward: amounts by counter id, in counter order.
    pub reward: Vec<(String, u32)>,
    /// Workshop action text, generated.
    pub workshop: Option<String>,
}

/// The whole reference.
#[derive(Debug, Clone, Serialize)]
pub struct ContentDoc {
    /// Title.
    pub title: String,
    /// Pack chain.
    pub packs: Vec<crate::content::PackInfo>,
    /// Tiles.
    pub tiles: Vec<TileDoc>,
    /// Commissions (starting cards included, with their grade).
    pub commissions: Vec<CommissionDoc>,
    /// The tracks' unlocks as text.
    pub unlocks: Vec<String>,
    /// The round as an indented outline (see [`crate::content::program::Program::outline`]).
    pub round: String,
    /// Card templates of `[[cards]]`.
    pub cards: Vec<CardDoc>,
    /// Data the packs say they invented (`[provenance]`).
    pub invented: Vec<InventedDoc>,
}

/// One `[[cards]]` template in the reference.
#[derive(Debug, Clone, Serialize)]
pub struct CardDoc {
    /// Template id.
    pub id: String,
    /// Name.
    pub name: String,
    /// The template's tag.
    pub kind: String,
    /// The zone its copies start in.
    pub zone: String,
    /// Copies in play at each supported player count: `(players, copies)`.
    pub copies: Vec<(u8, usize)>,
    /// Its parameters, as compact TOML.
    pub params: String,
    /// The designer's text.
    pub text: String,
    /// The file it comes from.
    pub file: String,
}

/// One item of invented data.
#[derive(Debug, Clone, Serialize)]
pub struct InventedDoc {
    /// Pack.
    pub pack: String,
    /// Rule id it fills in.
    pub rule: String,
    /// Files holding it.
    pub files: Vec<String>,
    /// What was invented.
    pub note: String,
}

/// A TOML table on one line: `{ a = 1, b = "x" }`.
fn inline_table(t: &toml::Table) -> String {
    let parts: Vec<String> = t.iter().map(|(k, v)| format!("{k} = {v}")).collect();
    parts.join(", ")
}

fn card_docs(content: &Content) -> Vec<CardDoc> {
    let counts = content.player_counts();
    let mut out: Vec<CardDoc> = Vec::new();
    // The pack's `[[cards]]`; the commissions have their own section.
    for c in &content.cards[content.commissions.len()..] {
        if out
            .last()
            .is_some_and(|d| d.id == c.template && d.file == c.declared_in)
        {
            continue;
        }
        let copies: Vec<&crate::content::Card> = content
            .cards
            .iter()
            .filter(|k| k.template == c.template)
            .collect();
        out.push(CardDoc {
            id: c.template.clone(),
            name: c.name.clone(),
            kind: c.kind.clone(),
            zone: content.zones[c.zone as usize].id.clone(),
            copies: counts
                .iter()
                .map(|&n| (n, copies.iter().filter(|k| k.min_players <= n).count()))
                .collect(),
            params: inline_table(&c.params),
            text: c.text.clone(),
            file: c.declared_in.clone(),
        });
    }
    out
}

/// Builds the reference for `content`, with texts from `host`.
pub fn content_doc(content: &Content, host: &LuaHost) -> ContentDoc {
    let tiles = content
        .tiles
        .iter()
        .enumerate()
        .map(|(i, t)| TileDoc {
            id: t.id.clone(),
            kind: t.kind.clone(),
            name: t.name.clone(),
            side: t.side.clone(),
            behaviour: t.script.module.clone(),
            text: t.text.clone(),
            generated: host.tile_description(i as u16).map(str::to_string),
        })
        .collect();
    let commissions = content
        .commissions
        .iter()
        .enumerate()
        .map(|(i, c)| CommissionDoc {
            id: c.id.clone(),
            grade: content.grades[c.grade as usize].id.clone(),
            name: c.name.clone(),
            requires: c
                .requires
                .iter()
                .map(|&(m, n)| (content.materials[m as usize].id.clone(), n))
                .collect(),
            requirement_value: c
                .requires
                .iter()
                .map(|&(m, n)| content.materials[m as usize].value * n)
                .sum(),
            reward: c
                .reward
                .iter()
                .map(|&(k, n)| (content.counters[k as usize].id.clone(), n))
                .collect(),
            workshop: host
                .card_description(i as u16)
                .map(str::to_string)
                .or_else(|| c.workshop.as_ref().map(|w| w.text.clone())),
        })
        .collect();
    let unlocks = content
        .unlocks
        .iter()
        .enumerate()
        .map(|(i, u)| {
            let name = &content.counters[u.counter as usize].name;
            let mut text = format!("{name} {}: {}", u.level, u.text);
            if let Some(d) = host.unlock_description(i) {
                text.push_str(&format!(" ({d})"));
            }
            text
        })
        .collect();
    ContentDoc {
        title: content.title.clone(),
        packs: content.packs.clone(),
        tiles,
        commissions,
        unlocks,
        round: content.program.outline(),
        cards: card_docs(content),
        invented: content
            .provenance
            .iter()
            .map(|i| InventedDoc {
                pack: i.pack.clone(),
                rule: i.rule.clone(),
                files: i.files.clone(),
                note: i.note.clone(),
            })
            .collect(),
    }
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// The reference as Markdown (what `docs/content.md` holds for the base pack).
pub fn to_markdown(doc: &ContentDoc, content: &Content) -> String {
    let mut out = String::new();
    let chain: Vec<String> = doc
        .packs
        .iter()
        .filter(|p| p.name != "scripts")
        .map(|p| format!("{} {}", p.name, p.version))
        .collect();
    out.push_str(&format!("# {}: content reference\n\n", doc.title));
    out.push_str(&format!(
        "Generated by `weft doc content` from {}; do not edit by hand. Rules text in *italics* is generated from each tile's and card's parameters by its behaviour.\n\n",
        chain.join(" + ")
    ));
    if !doc.invented.is_empty() {
        out.push_str("## Invented data\n\nNot in the game's source: made up for the pack, to be replaced if the real data becomes known.\n\n| pack | rule | files | what |\n|---|---|---|---|\n");
        for i in &doc.invented {
            out.push_str(&format!(
                "| {} | {} | {} | {} |\n",
                i.pack,
                i.rule,
                i.files.join(", "),
                cell(&i.note)
            ));
        }
        out.push('\n');
    }
    if !content.materials.is_empty() {
        out.push_str("## Materials\n\n| id | name | value |\n|---|---|---|\n");
        for m in &content.materials {
            out.push_str(&format!("| {} | {} | {} |\n", m.id, m.name, m.value));
        }
        out.push('\n');
    }
    let first_pack_counter = content.materials.len();
    if content.counters.len() > first_pack_counter {
        out.push_str("## Counters\n\nEach player holds these besides the materials.\n\n| id | name | min | max | past max | value |\n|---|---|---|---|---|---|\n");
        for k in &content.counters[first_pack_counter..] {
            out.push_str(&format!(
                "| {} | {} | {} | {} | {} | {} |\n",
                k.id,
                cell(&k.name),
                k.min,
                k.max.map_or("—".to_string(), |m| m.to_string()),
                match k.over {
                    crate::content::Over::Clip => "clip",
                    crate::content::Over::Refuse => "refuse",
                },
                k.value
            ));
        }
        out.push('\n');
    }
    if !content.tracks.is_empty() || !content.end.triggers.is_empty() {
        tracks_markdown(doc, content, &mut out);
    }
    round_markdown(content, &mut out);
    if !content.zones.is_empty() {
        zones_markdown(doc, content, &mut out);
    }
    if !content.board.areas.is_empty() {
        out.push_str(&areas_markdown(content));
    }
    tiles_and_commissions_markdown(doc, content, &mut out);
    out
}

fn tracks_markdown(doc: &ContentDoc, content: &Content, out: &mut String) {
    out.push_str("## Tracks and the end\n\n");
    for t in &content.tracks {
        let k = &content.counters[t.counter as usize];
        let points: Vec<String> = t.points.iter().map(|p| p.to_string()).collect();
        out.push_str(&format!(
            "- {} (`{}`) 0 to {}; points per value: {}.\n",
            k.name,
            k.id,
            k.max.map_or("no max".to_string(), |m| m.to_string()),
            if points.is_empty() {
                "none".to_string()
            } else {
                points.join(", ")
            }
        ));
    }
    for t in &content.end.triggers {
        let k = &content.counters[t.counter as usize];
        let token = t
            .token
            .map(|i| &content.end.tokens[i])
            .map(|tok| {
                format!(
                    "; the first takes the `{}` token ({:+})",
                    tok.id, tok.points
                )
            })
            .unwrap_or_default();
        out.push_str(&format!(
            "- End `{}`: {} reaches {}{token}; the game ends after that round.\n",
            t.cause, k.id, t.at_least
        ));
    }
    out.push('\n');
    for u in &doc.unlocks {
        out.push_str(&format!("- {u}\n"));
    }
    out.push('\n');
}

fn round_markdown(content: &Content, out: &mut String) {
    out.push_str("## Round\n\n");
    let program = &content.program;
    out.push_str(&format!(
        "Declared in `[flow]` ({}).\n\n",
        program.declared_at
    ));
    out.push_str("```text\n");
    out.push_str(&program.outline());
    out.push_str("```\n\n");
    if let Some(n) = content.end.rounds {
        out.push_str(&format!("Fixed length: {n} rounds (`[end] rounds`). "));
    }
    out.push_str(&format!(
        "A game still running after {} rounds is stopped as stalled (`[end] max_rounds`).\n",
        content.end.max_rounds
    ));
}

/// The zones with their shape per player count, and the cards by zone.
fn zones_markdown(doc: &ContentDoc, content: &Content, out: &mut String) {
    use crate::content::{Visibility, ZoneOwner};
    let counts = content.player_counts();
    out.push_str("\n## Zones\n\n| id | name | owner | shape | seen by | cap | marks |\n|---|---|---|---|---|---|---|\n");
    for z in &content.zones {
        let shape = match z.grid_size(counts.first().copied().unwrap_or(2) as usize) {
            None => {
                let sizes: Vec<(u8, usize)> = counts
                    .iter()
                    .map(|&n| {
                        let k = content
                            .cards
                            .iter()
                            .filter(|c| {
                                content.zones[c.zone as usize].id == z.id && c.min_players <= n
                            })
                            .count();
                        (n, k)
                    })
                    .collect();
                if sizes.iter().all(|s| s.1 == 0) {
                    "pile".to_string()
                } else if sizes.iter().all(|s| s.1 == sizes[0].1) {
                    format!("pile of {} cards at setup", sizes[0].1)
                } else {
                    let by: Vec<String> =
                        sizes.iter().map(|(n, k)| format!("{k} at {n}p")).collect();
                    format!("pile of {} cards at setup", by.join(", "))
                }
            }
            Some(_) => {
                let sizes: Vec<String> = counts
                    .iter()
                    .map(|&n| {
                        let (r, c) = z.grid_size(n as usize).unwrap_or((0, 0));
                        format!("{r}×{c} at {n}p")
                    })
                    .collect();
                format!("grid {}", sizes.join(", "))
            }
        };
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} |\n",
            z.id,
            cell(&z.name),
            if z.owner == ZoneOwner::Shared {
                "shared"
            } else {
                "each player"
            },
            shape,
            match z.visibility {
                Visibility::Public => "everyone",
                Visibility::Hidden => "no one",
                Visibility::Owner => "its player",
            },
            z.cap.map_or("—".to_string(), |c| c.to_string()),
            if z.marks { "yes" } else { "no" }
        ));
    }
    if doc.cards.is_empty() {
        return;
    }
    let heads: Vec<String> = counts.iter().map(|n| format!("{n}p")).collect();
    out.push_str(&format!(
        "\n## Cards\n\nCopies in play by player count; parameters as the scripts read them.\n\n| id | name | kind | starts in | {} | params | text |\n|---|---|---|---|{}---|---|\n",
        heads.join(" | "),
        "---|".repeat(counts.len())
    ));
    for c in &doc.cards {
        let copies: Vec<String> = c.copies.iter().map(|(_, k)| k.to_string()).collect();
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} |\n",
            c.id,
            cell(&c.name),
            cell(&c.kind),
            c.zone,
            copies.join(" | "),
            cell(&c.params),
            cell(&c.text)
        ));
    }
}

fn tiles_and_commissions_markdown(doc: &ContentDoc, content: &Content, out: &mut String) {
    if doc.tiles.is_empty() {
        return tiles_done(doc, content, out);
    }
    out.push_str("\n## Tiles\n\n");
    let mut kinds: Vec<&str> = doc.tiles.iter().map(|t| t.kind.as_str()).collect();
    kinds.sort_unstable();
    kinds.dedup();
    for kind in kinds {
        let slots = content
            .board
            .slots
            .iter()
            .filter(|s| s.kind == kind)
            .count();
        out.push_str(&format!(
            "### {kind} ({slots} slot{} on the board)\n\n",
            if slots == 1 { "" } else { "s" }
        ));
        for t in doc.tiles.iter().filter(|t| t.kind == kind) {
            let side = t
                .side
                .as_ref()
                .map(|s| format!(", side {s}"))
                .unwrap_or_default();
            out.push_str(&format!(
                "**{}** (`{}`, {}{side})  \n{}",
                t.name, t.id, t.behaviour, t.text
            ));
            if let Some(g) = &t.generated {
                out.push_str(&format!("  \n*{g}*"));
            }
            out.push_str("\n\n");
        }
    }
    tiles_done(doc, content, out)
}

fn tiles_done(doc: &ContentDoc, content: &Content, out: &mut String) {
    for grade in &content.grades {
        let cards: Vec<&CommissionDoc> = doc
            .commissions
            .iter()
            .filter(|c| c.grade == grade.id)
            .collect();
        if cards.is_empty() {
            continue;
        }
        out.push_str(&format!("## {} ({} cards)\n\n", grade.name, cards.len()));
        out.push_str("| id | name | requires | value | reward | workshop action |\n|---|---|---|---|---|---|\n");
        for c in cards {
            let req: Vec<String> = c.requires.iter().map(|(m, n)| format!("{n} {m}")).collect();
            let reward: Vec<String> = c.reward.iter().map(|(k, n)| format!("{n} {k}")).collect();
            out.push_str(&format!(
                "| {} | {} | {} | {} | {} | {} |\n",
                c.id,
                cell(&c.name),
                req.join(", "),
                c.requirement_value,
                if reward.is_empty() {
                    "—".to_string()
                } else {
                    reward.join(", ")
                },
                cell(c.workshop.as_deref().unwrap_or("—"))
            ));
        }
        out.push('\n');
    }
}

/// The worker-placement areas: spaces usable at each supported player count, resolve
/// order, exclusivity and behaviour.
fn areas_markdown(content: &Content) -> String {
    let counts = content.player_counts();
    let mut out = String::from("\n## Areas\n\n");
    if let Some(p) = &content.placement {
        let per: Vec<String> = counts
            .iter()
            .map(|&n| format!("{} at {n} players", p.workers(n as usize)))
            .collect();
        out.push_str(&format!("Workers per player: {}.\n\n", per.join(", ")));
    }
    let heads: Vec<String> = counts.iter().map(|n| format!("{n}p")).collect();
    out.push_str(&format!(
        "Usable spaces by player count; areas resolve by `resolve_order`, ties in this order.\n\n| id | name | resolve order | {} | one per player | behaviour |\n|---|---|---|{}---|---|\n",
        heads.join(" | "),
        "---|".repeat(counts.len())
    ));
    for a in &content.board.areas {
        let usable: Vec<String> = counts
            .iter()
            .map(|&n| a.usable_spaces(n as usize).to_string())
            .collect();
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            a.id,
            cell(&a.name),
            a.resolve_order,
            usable.join(" | "),
            if a.exclusive_per_player { "yes" } else { "no" },
            a.script.as_ref().map_or("—", |s| s.module.as_str())
        ));
    }
    out
}
