//! `weft new`: scaffolds for a pack, a game, a tile, a card and an area that load and
//! pass `weft check` and `weft test` as they are, with comments that show what to
//! change. A tile, card or area is fitted to the game its pack loads (the pack and the
//! packs it extends): it names the game's own slots, materials, dice, grades, zones and
//! counters, and a kind the game cannot hold is refused, naming what the game has.

mod area;
mod card;
mod files;
mod game;
mod tile;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Subcommand};

use files::{write_all, Refused, Write, Written};

/// What to create.
#[derive(Subcommand, Debug)]
pub enum NewWhat {
    /// A pack folder that extends a game (by default the base game, Tabriz): pack.toml,
    /// board.toml, game.toml, tests/.
    ///
    /// Example: weft new pack my-expansion
    Pack(NewPack),
    /// A tile in a pack, fitted to its game, with a board slot of its own.
    ///
    /// The tile is of a kind of its own with one board slot, joined by a path to the
    /// game's start slot (or its first slot; no path on a board with no slots). shop,
    /// trader and dice use the game's materials and dice, and are refused, naming what
    /// to do, in a game without them; custom gains a material, or coins.
    ///
    /// Example: weft new tile tea-merchant --kind trader --pack my-expansion
    Tile(tile::NewTile),
    /// A card in a pack: a [[cards]] template in one of the game's shared piles (--zone).
    ///
    /// The card starts in a shared pile of the game (--zone: Tabriz's common_deck,
    /// merchant_deck, royal_deck or starting, or a deck's id such as common for its draw
    /// pile; a `weft new game`'s deck). Its kind, cost, reward, behaviour and params are
    /// copied from a card of that pile, for the game's scripts and steps to read. Without
    /// --zone, the game's only shared pile is used; a missing or wrong zone is refused
    /// with the game's piles listed.
    ///
    /// Example: weft new card x01 --zone common --pack my-expansion
    ///
    /// Example: weft new card lamp --zone deck --pack lantern-market
    Card(card::NewCard),
    /// A worker-placement area in a pack: an [[areas]] entry and areas/ID.lua.
    ///
    /// For a game that places workers ([placement] and `place` and `resolve` steps, as
    /// in a game made by `weft new game`): the [[areas]] entry is appended to board.toml
    /// and its options and resolve hooks are written to areas/ID.lua. Refused, saying
    /// why, in a game without worker placement (Tabriz).
    ///
    /// Example: weft new area well --pack lantern-market
    Area(area::NewArea),
    /// A new game of your own (not an expansion): its round as a [flow], one
    /// worker-placement area, one card, a scenario test. Walk-through: docs/new-game.md.
    ///
    /// Example: weft new game lantern-market
    Game(NewGame),
}

/// Flags of `weft new game`.
#[derive(Args, Debug)]
pub struct NewGame {
    /// The game's name (also its pack and folder name).
    name: String,
    /// Folder to create the game folder in.
    #[arg(long, default_value = ".")]
    dir: PathBuf,
}

/// The files of `weft new game`, with `{name}` and `{title}` to fill in.
const GAME_TEMPLATE: [(&str, &str); 7] = [
    ("pack.toml", include_str!("../templates/game/pack.toml")),
    ("game.toml", include_str!("../templates/game/game.toml")),
    ("board.toml", include_str!("../templates/game/board.toml")),
    (
        "cards/lanterns.toml",
        include_str!("../templates/game/cards/lanterns.toml"),
    ),
    (
        "areas/stall.lua",
        include_str!("../templates/game/areas/stall.lua"),
    ),
    ("rules.lua", include_str!("../templates/game/rules.lua")),
    (
        "tests/game.lua",
        include_str!("../templates/game/tests/game.lua"),
    ),
];

fn new_game(g: &NewGame) -> anyhow::Result<Vec<Written>> {
    check_id(&g.name)?;
    let title = title_case(&g.name);
    let writes: Vec<Write> = GAME_TEMPLATE
        .iter()
        .map(|(rel, text)| {
            Write::create(
                format!("{}/{rel}", g.name),
                text.replace("{name}", &g.name).replace("{title}", &title),
            )
        })
        .collect();
    write_all(&g.dir, &writes)
}

/// Flags of `weft new pack`.
#[derive(Args, Debug)]
pub struct NewPack {
    /// The pack's name (also its folder name).
    name: String,
    /// The pack it builds on.
    #[arg(long, default_value = "tabriz")]
    extends: String,
    /// Folder to create the pack folder in.
    #[arg(long, default_value = ".")]
    dir: PathBuf,
}

/// Flags of `weft new`.
#[derive(Args, Debug)]
pub struct NewArgs {
    #[command(subcommand)]
    what: NewWhat,
}

/// What a scaffold wrote, and notes for the user (printed on stderr after the files).
pub struct Made {
    /// The files created or changed.
    written: Vec<Written>,
    /// Things worth knowing about what was made (a tile no piece reaches).
    notes: Vec<String>,
}

impl From<Vec<Written>> for Made {
    fn from(written: Vec<Written>) -> Made {
        Made {
            written,
            notes: Vec::new(),
        }
    }
}

/// Runs `weft new`. Every file is checked before any is written, so a refusal writes
/// nothing.
pub fn run(a: NewArgs) -> anyhow::Result<ExitCode> {
    let check = |pack: &Path| format!("next: weft check --pack {}", pack.display());
    let (result, next) = match a.what {
        NewWhat::Pack(p) => (new_pack(&p).map(Made::from), check(&p.dir.join(&p.name))),
        NewWhat::Tile(t) => (tile::new_tile(&t), check(t.pack())),
        NewWhat::Card(c) => (card::new_card(&c), check(c.pack())),
        NewWhat::Area(a) => (area::new_area(&a), check(a.pack())),
        NewWhat::Game(g) => {
            let folder = g.dir.join(&g.name);
            return finish(new_game(&g).map(Made::from), &format!(
                "next: weft check --pack {0} && weft test --pack {0} && weft sim --pack {0} --games 200 --players 3 --bots greedy",
                folder.display()
            ));
        }
    };
    finish(result, &next)
}

/// Prints what was created, the notes and the next command, or the refusal.
fn finish(result: anyhow::Result<Made>, next: &str) -> anyhow::Result<ExitCode> {
    let made = match result {
        Ok(made) => made,
        Err(e) => match e.downcast_ref::<Refused>() {
            Some(r) => {
                eprintln!("{r}");
                return Ok(ExitCode::from(1));
            }
            None => return Err(e),
        },
    };
    for w in &made.written {
        let verb = if w.created { "created" } else { "changed" };
        println!("{verb} {}", w.path.display());
    }
    for note in &made.notes {
        eprintln!("{}", weft_core::text::printable(note));
    }
    println!("{next}");
    Ok(ExitCode::SUCCESS)
}

fn check_id(id: &str) -> anyhow::Result<()> {
    let ok = !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    if !ok {
        anyhow::bail!("error: `{id}` is not a valid id: use lower-case letters, digits, - and _");
    }
    Ok(())
}

fn new_pack(p: &NewPack) -> anyhow::Result<Vec<Written>> {
    check_id(&p.name)?;
    let name = &p.name;
    write_all(
        &p.dir,
        &[
            Write::create(
                format!("{name}/pack.toml"),
                format!(
                    "# Who this pack is. `extends` names the pack it builds on; weft finds it with
# --pack, on the pack path (--pack-path, WEFT_PACK_PATH, ./content), or built in.
name = \"{name}\"
version = \"0.1.0\"
engine = \">=0.1\"
description = \"My expansion for {extends}.\"
extends = [\"{extends}\"]

# Take items of the packs below out by id:
# [remove]
# tiles = [\"silk-shop\"]
# commissions = [\"c07\"]
# slots = []
",
                    name = p.name,
                    extends = p.extends
                ),
            ),
            Write::create(
                format!("{name}/board.toml"),
                "# Slots, paths and areas this pack adds to the board. `weft new tile` adds a slot
# per tile, `weft new area` an area (in a game that places workers).
",
            ),
            Write::create(
                format!("{name}/game.toml"),
                format!(
                "# Game parameters this pack changes, merged key by key into the base game.toml.
# For example, a shorter game:
# [end]
# {}
",
                if p.extends == "tabriz" {
                    "commissions = 7"
                } else {
                    "rounds = 4          # a game of a fixed number of rounds"
                }
            ),
            ),
            Write::create(
                format!("{name}/tests/example.lua"),
                "-- Scenario tests for this pack, run by `weft test --pack <this folder>`.
-- The file returns a table of named tests; each gets `t`. See docs/modding.md for the
-- test API (t:game, g:move_to, g:answer, g:count, t:eq, t:ok, ...).
return {
  [\"a game of this pack starts\"] = function(t)
    local g = t:game{ players = 2, seed = 1 }
    t:ok(g:round() <= 1, \"the first question comes in the setup (round 0) or round 1\")
    t:ok(not g:over(), \"the game is not over before it starts\")
  end,
}
",
            ),
        ],
    )
}

/// `tea-merchant` → `Tea merchant`.
fn title_case(id: &str) -> String {
    let words = id.replace(['-', '_'], " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(f) => f.to_uppercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}
