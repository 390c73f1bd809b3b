//! `weft new card`: a commission of one of the game's grades (games with `[[grades]]`,
//! such as Tabriz), or a `[[cards]]` template in one of its shared piles (games with
//! `[[zones]]`, such as one made by `weft new game`). The card's materials, params and
//! zone are the game's own.

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
    /// Write a commission of this grade, one of the game's [[grades]] (Tabriz: common,
    /// merchant, royal, starting), to commissions/GRADE.toml. May be left out when the
    /// game has exactly one grade and no [[zones]]; a wrong grade is refused with the
    /// game's grades listed.
    #[arg(long, value_name = "GRADE", conflicts_with = "zone")]
    grade: Option<String>,
    /// Write a [[cards]] template whose copies start in this zone, one of the game's
    /// shared piles (a `weft new game`: deck; a grid such as its market is filled from a
    /// pile), to cards/ZONE.toml. May be left out when the game has no grades and exactly
    /// one shared pile; a wrong zone is refused with the game's piles listed.
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

/// What the card will be: a commission of a grade, or a template in a zone.
enum Target {
    Grade(String),
    Zone(String),
}

/// The example command for a help line.
fn example(c: &NewCard, flag: &str, value: &str) -> String {
    format!(
        "for example `weft new card {} --{flag} {value} --pack {}`",
        c.id,
        c.pack.display()
    )
}

/// Picks what to write from the flags and what the game has, or says what exists.
fn target(c: &NewCard, g: &Game) -> anyhow::Result<Target> {
    let grades = &g.content.grades;
    let zones = g.card_zones();
    let none = || {
        anyhow::anyhow!(
            "error: {} has no [[grades]] (commissions) and no shared [[zones]] for [[cards]], so a card has nowhere to go\n  help: declare a zone in game.toml ([[zones]] id = \"deck\"; docs/content-format.md, \"Cards and zones\"); nothing was written",
            g.title()
        )
    };
    match (&c.grade, &c.zone) {
        (Some(grade), _) => {
            if grades.iter().any(|x| &x.id == grade) {
                return Ok(Target::Grade(grade.clone()));
            }
            if grades.is_empty() {
                if zones.is_empty() {
                    return Err(none());
                }
                anyhow::bail!(
                    "error: {} has no [[grades]]: commission grades are a game's own (Tabriz has them); its cards are [[cards]] templates that start in its shared piles: {}\n  help: {}; nothing was written",
                    g.title(),
                    g.card_zone_list(),
                    example(c, "zone", &zones[0].id)
                );
            }
            anyhow::bail!(
                "error: `{grade}` is not a grade of {}; its grades are: {}\n  help: {}; nothing was written",
                g.title(),
                g.grade_list(),
                example(c, "grade", &grades[0].id)
            );
        }
        (None, Some(zone)) => {
            if zones.iter().any(|z| &z.id == zone) {
                return Ok(Target::Zone(zone.clone()));
            }
            if zones.is_empty() {
                if grades.is_empty() {
                    return Err(none());
                }
                anyhow::bail!(
                    "error: {} has no shared [[zones]] for [[cards]]; its cards are commissions of the grades: {}\n  help: {}; nothing was written",
                    g.title(),
                    g.grade_list(),
                    example(c, "grade", &grades[0].id)
                );
            }
            let declared = g.content.zones.iter().find(|z| &z.id == zone);
            anyhow::bail!(
                "error: `{zone}` is {} of {}; a card starts in one of its shared piles: {}\n  help: {}; nothing was written",
                match declared {
                    Some(z) if z.owner == weft_core::content::ZoneOwner::Player => {
                        "a player zone (cards are dealt to players by the game's hooks), not a shared pile"
                    }
                    Some(_) => "a grid (a refill step fills it from a pile), not a pile",
                    None => "not a zone",
                },
                g.title(),
                g.card_zone_list(),
                example(c, "zone", &zones[0].id)
            );
        }
        (None, None) => {
            match (grades.len(), zones.len()) {
                (0, 0) => Err(none()),
                (1, 0) => Ok(Target::Grade(grades[0].id.clone())),
                (0, 1) => Ok(Target::Zone(zones[0].id.clone())),
                (0, _) => anyhow::bail!(
                    "error: say which pile the card starts in with --zone; {} has the shared piles: {}\n  help: {}; nothing was written",
                    g.title(),
                    g.card_zone_list(),
                    example(c, "zone", &zones[0].id)
                ),
                (_, 0) => anyhow::bail!(
                    "error: say which grade the card is with --grade; {} has the grades: {}\n  help: {}; nothing was written",
                    g.title(),
                    g.grade_list(),
                    example(c, "grade", &grades[0].id)
                ),
                _ => anyhow::bail!(
                    "error: {} has commissions and [[cards]]: say which with --grade (grades: {}) or --zone (zones: {})\n  help: {}; nothing was written",
                    g.title(),
                    g.grade_list(),
                    g.card_zone_list(),
                    example(c, "grade", &grades[0].id)
                ),
            }
        }
    }
}

/// Writes the card; refuses an id the game already has, and a grade or zone it does not.
pub fn new_card(c: &NewCard) -> anyhow::Result<Made> {
    check_id(&c.id)?;
    // The file, when the flags name it, is checked before the pack is read.
    let named = match (&c.grade, &c.zone) {
        (Some(grade), _) if plain_name(grade) => Some(format!("commissions/{grade}.toml")),
        (None, Some(zone)) if plain_name(zone) => Some(format!("cards/{zone}.toml")),
        _ => None,
    };
    precheck(&c.pack, &[], named.as_slice())?;
    let g = Game::load(&c.pack, &c.load)?;
    let (write, ids) = match target(c, &g)? {
        Target::Grade(grade) => (commission(c, &g, &grade)?, vec![c.id.clone()]),
        Target::Zone(zone) => {
            let copies = 2;
            let ids = std::iter::once(c.id.clone())
                .chain((1..=copies).map(|k| format!("{}-{k}", c.id)))
                .collect();
            (template(c, &g, &zone, copies), ids)
        }
    };
    // Checked before it is read: the file may be a link out of the pack.
    check_target(&c.pack, &write)?;
    for id in &ids {
        g.refuse_used(g.card(id))?;
    }
    Ok(Made::from(write_all(&c.pack, &[write])?))
}

/// A `[[commission]]` of `grade` in commissions/GRADE.toml, requiring the game's first
/// two materials (a grade that is not drawn, `deck = false`, gets a workshop action and
/// no requirement, like Tabriz's starting cards).
fn commission(c: &NewCard, g: &Game, grade: &str) -> anyhow::Result<Write> {
    let info = g
        .content
        .grades
        .iter()
        .find(|x| x.id == grade)
        .expect("a grade of the game");
    let mats = g.materials();
    let body = if info.deck {
        if mats.is_empty() {
            anyhow::bail!(
                "error: a commission requires materials, and {} declares no [[materials]]\n  help: declare [[materials]] in game.toml; nothing was written",
                g.title()
            );
        }
        let requires: Vec<String> = mats
            .iter()
            .take(2)
            .map(|m| format!("{} = 1", m.id))
            .collect();
        format!(
            "requires = {{ {} }}          # materials returned to the supply
reward = {{ coins = 1, skill = 1, prestige = 1 }}
# A workshop action, from the library or your own module:
# workshop = {{ behaviour = \"weft.workshop\", params = {{ effect = \"gain\", gain = {{ coins = 1 }} }} }}
",
            requires.join(", ")
        )
    } else {
        "# Not drawn (deck = false): dealt at setup, never fulfilled, so no requires.
workshop = { behaviour = \"weft.workshop\", params = { effect = \"gain\", gain = { coins = 1 } } }
"
        .to_string()
    };
    let drawn = if info.deck {
        format!("drawn {}", g.unlock_text(info))
    } else {
        "not drawn: dealt at setup".to_string()
    };
    Ok(Write::append(
        format!("commissions/{grade}.toml"),
        &format!("# {} commissions of this pack ({drawn}).\n", info.name),
        format!(
            "
[[commission]]
id = \"{id}\"
name = \"{name}\"
{body}",
            id = c.id,
            name = title_case(&c.id),
        ),
    ))
}

/// A `[[cards]]` template in cards/ZONE.toml, starting in `zone`. Its kind, behaviour,
/// params and text are those of a card of the game (the first in the zone, else the
/// first of any zone), so the game's scripts find the params they read.
fn template(c: &NewCard, g: &Game, zone: &str, copies: u32) -> Write {
    let zone_ix = g.content.zone(zone);
    let templates: Vec<&Card> = g
        .content
        .cards
        .iter()
        .skip(g.content.commissions.len())
        .collect();
    let model = templates
        .iter()
        .find(|k| Some(k.zone) == zone_ix)
        .or_else(|| templates.first())
        .copied();
    let (kind, behaviour, params, text, from) = match model {
        Some(m) => (
            m.kind.clone(),
            m.behaviour
                .as_ref()
                .map(|b| format!("behaviour = \"{b}\"\n"))
                .unwrap_or_default(),
            inline_table(&m.params),
            m.text.clone(),
            format!(
                "# Kind, params and text copied from card `{}` ({}):\n# the game's scripts read these params. Change them to make this card its own.\n",
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
    Write::append(
        format!("cards/{zone}.toml"),
        &format!("# Cards whose copies start in zone `{zone}` (game.toml [[zones]]).\n"),
        format!(
            "
[[cards]]
{from}id = \"{id}\"                # its copies are {id}-1, {id}-2
name = \"{name}\"
kind = \"{kind}\"
zone = \"{zone}\"
copies = {copies}
{behaviour}params = {params}
text = \"{text}\"
",
            id = c.id,
            name = title_case(&c.id),
            text = text.replace('\\', "\\\\").replace('"', "\\\""),
        ),
    )
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
