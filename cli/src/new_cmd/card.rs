//! `weft new card`: a `[[cards]]` template in one of the game's shared piles (a deck's
//! draw pile, such as Tabriz's `common_deck`, or any pile, such as the deck of a game
//! made by `weft new game`). Its kind, cost, reward, params and behaviour are copied
//! from a card of that pile, so the game's scripts and steps find what they read.

use std::path::PathBuf;

use clap::Args;
use weft_core::content::Card;

use super::files::{check_target, plain_name, precheck, write_all, Write};
use super::game::{Game, LoadFlags};
use super::{check_id, title_case, Made};

/// Flags of `weft new card`.
#[derive(Args, Debug)]
pub struct NewCard {
    /// The card's id (lower case, digits, dashes).
    id: String,
    /// Write a [[cards]] template whose copies start in this zone, one of the game's
    /// shared piles (Tabriz: common_deck, merchant_deck, royal_deck, starting; a
    /// `weft new game`: deck), or in the draw pile of this deck ([[decks]]: Tabriz's
    /// common), to cards/ZONE.toml. May be left out when the game has exactly one
    /// shared pile; a wrong zone is refused with the game's piles listed.
    #[arg(long, value_name = "ZONE")]
    zone: Option<String>,
    /// The pack folder.
    #[arg(long, default_value = ".")]
    pack: PathBuf,
    #[command(flatten)]
    load: LoadFlags,
}

impl NewCard {
    /// The pack folder.
    pub fn pack(&self) -> &PathBuf {
        &self.pack
    }
}

/// The example command for a help line.
fn example(c: &NewCard, flag: &str, value: &str) -> String {
    format!(
        "for example `weft new card {} --{flag} {value} --pack {}`",
        c.id,
        c.pack.display()
    )
}

/// The shared pile the card starts in, from the flag (a zone, or a deck's draw pile)
/// and what the game has, or says what exists.
fn target(c: &NewCard, g: &Game) -> anyhow::Result<String> {
    let zones = g.card_zones();
    if zones.is_empty() {
        anyhow::bail!(
            "error: {} has no shared [[zones]] for [[cards]], so a card has nowhere to go\n  help: declare a zone in game.toml ([[zones]] id = \"deck\"; docs/content-format.md, \"Cards and zones\"); nothing was written",
            g.title()
        );
    }
    let Some(zone) = &c.zone else {
        if zones.len() == 1 {
            return Ok(zones[0].id.clone());
        }
        anyhow::bail!(
            "error: say which pile the card starts in with --zone; {} has the shared piles: {}\n  help: {}; nothing was written",
            g.title(),
            g.card_zone_list(),
            example(c, "zone", &zones[0].id)
        );
    };
    if zones.iter().any(|z| &z.id == zone) {
        return Ok(zone.clone());
    }
    if let Some(d) = g.content.decks.iter().find(|d| &d.id == zone) {
        return Ok(g.content.zones[d.draw as usize].id.clone());
    }
    let declared = g.content.zones.iter().find(|z| &z.id == zone);
    anyhow::bail!(
        "error: `{zone}` is {} of {}; a card starts in one of its shared piles: {}\n  help: {}; nothing was written",
        match declared {
            Some(z) if z.owner == weft_core::content::ZoneOwner::Player => {
                "a player zone (cards are dealt to players by the game's deals and hooks), not a shared pile"
            }
            Some(_) => "a grid (a refill step fills it from a pile), not a pile",
            None => "neither a zone nor a deck",
        },
        g.title(),
        g.card_zone_list(),
        example(c, "zone", &zones[0].id)
    );
}

/// Writes the card; refuses an id the game already has, and a zone it does not.
pub fn new_card(c: &NewCard) -> anyhow::Result<Made> {
    check_id(&c.id)?;
    // The file, when the flag names it, is checked before the pack is read.
    let named = match &c.zone {
        Some(zone) if plain_name(zone) => Some(format!("cards/{zone}.toml")),
        _ => None,
    };
    precheck(&c.pack, &[], named.as_slice())?;
    let g = Game::load(&c.pack, &c.load)?;
    let zone = target(c, &g)?;
    let (write, copies) = template(c, &g, &zone);
    let ids: Vec<String> = if copies == 1 {
        vec![c.id.clone()]
    } else {
        std::iter::once(c.id.clone())
            .chain((1..=copies).map(|k| format!("{}-{k}", c.id)))
            .collect()
    };
    // Checked before it is read: the file may be a link out of the pack.
    check_target(&c.pack, &write)?;
    for id in &ids {
        g.refuse_used(g.card(id))?;
    }
    Ok(Made::from(write_all(&c.pack, &[write])?))
}

/// A `[[cards]]` template in cards/ZONE.toml, starting in `zone`, and its number of
/// copies. Its kind, cost, reward, behaviour, params, text and copies are those of a
/// card of the game (the first in the zone, else the first of any zone), so the game's
/// scripts and steps find what they read.
fn template(c: &NewCard, g: &Game, zone: &str) -> (Write, usize) {
    let zone_ix = g.content.zone(zone);
    let templates: Vec<&Card> = g.content.cards.iter().collect();
    let model = templates
        .iter()
        .find(|k| Some(k.zone) == zone_ix)
        .or_else(|| templates.first())
        .copied();
    let copies = model.map_or(2, |m| {
        g.content
            .cards
            .iter()
            .filter(|k| k.template == m.template)
            .count()
    });
    let amounts = |what: &str, list: &[(weft_core::content::CounterId, u32)]| {
        if list.is_empty() {
            return String::new();
        }
        let parts: Vec<String> = list
            .iter()
            .map(|&(k, n)| format!("{} = {n}", key(&g.content.counters[k as usize].id)))
            .collect();
        format!("{what} = {{ {} }}\n", parts.join(", "))
    };
    let (kind, behaviour, params, text, from) = match model {
        Some(m) => (
            m.kind.clone(),
            amounts("cost", &m.cost)
                + &amounts("reward", &m.reward)
                + &m.behaviour
                    .as_ref()
                    .map(|b| format!("behaviour = \"{b}\"\n"))
                    .unwrap_or_default(),
            inline_table(&m.params),
            m.text.clone(),
            format!(
                "# Kind, cost, reward, params and text copied from card `{}` ({}):\n# the game's scripts and steps read these. Change them to make this card its own.\n",
                m.template, m.declared_in
            ),
        ),
        None => (
            "card".to_string(),
            String::new(),
            "{}".to_string(),
            String::new(),
            "# The game has no other card to copy params from: give the params its scripts read.\n"
                .to_string(),
        ),
    };
    let write = Write::append(
        format!("cards/{zone}.toml"),
        &format!("# Cards whose copies start in zone `{zone}` (game.toml [[zones]]).\n"),
        format!(
            "
[[cards]]
{from}id = \"{id}\"{note}
name = \"{name}\"
kind = \"{kind}\"
zone = \"{zone}\"
copies = {copies}
{behaviour}params = {params}
text = \"{text}\"
",
            id = c.id,
            note = if copies == 1 {
                String::new()
            } else {
                format!(
                    "                # its copies are {id}-1, {id}-2, …",
                    id = c.id
                )
            },
            name = title_case(&c.id),
            text = text.replace('\\', "\\\\").replace('"', "\\\""),
        ),
    );
    (write, copies)
}

/// A TOML table as an inline table: `{ cost = 2, needs = { wool = 1 } }`.
fn inline_table<'a, V: std::fmt::Display + 'a>(
    t: impl IntoIterator<Item = (&'a String, &'a V)>,
) -> String {
    let parts: Vec<String> = t
        .into_iter()
        .map(|(k, v)| format!("{} = {v}", key(k)))
        .collect();
    if parts.is_empty() {
        return "{}".into();
    }
    format!("{{ {} }}", parts.join(", "))
}

/// A key as TOML writes it: bare when it can be, else quoted.
fn key(k: &str) -> String {
    if !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        k.to_string()
    } else {
        format!("\"{}\"", k.replace('\\', "\\\\").replace('"', "\\\""))
    }
}
