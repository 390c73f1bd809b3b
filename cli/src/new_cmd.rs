//! `weft new`: scaffolds for a pack, a tile and a card that load and pass `weft check`
//! as they are, with comments that show what to change.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Subcommand, ValueEnum};

/// What to create.
#[derive(Subcommand, Debug)]
pub enum NewWhat {
    /// A pack folder that extends the base game: pack.toml, board.toml, tests/.
    ///
    /// Example: weft new pack my-expansion
    Pack(NewPack),
    /// A tile in a pack, with a board slot of its own next to the plaza.
    ///
    /// Example: weft new tile tea-merchant --kind trader --pack my-expansion
    Tile(NewTile),
    /// A commission card in a pack.
    ///
    /// Example: weft new card x01 --grade common --pack my-expansion
    Card(NewCard),
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

/// Kinds of tile scaffold.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum TileKind {
    /// Sells materials from displays (library behaviour weft.shop).
    Shop,
    /// Trades bundles of materials (weft.trader).
    Trader,
    /// Holds dice whose faces are materials to take (weft.dice_tile).
    Dice,
    /// Your own Lua behaviour, in tiles/ID.lua.
    Custom,
}

/// Flags of `weft new tile`.
#[derive(Args, Debug)]
pub struct NewTile {
    /// The tile's id (lower case, dashes).
    id: String,
    /// Which behaviour to start from.
    #[arg(long, value_enum)]
    kind: TileKind,
    /// The pack folder.
    #[arg(long, default_value = ".")]
    pack: PathBuf,
}

/// Grades of the base game.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum Grade {
    /// Common commissions (skill 0).
    Common,
    /// Merchant commissions (skill 2).
    Merchant,
    /// Royal commissions (skill 6).
    Royal,
}

/// Flags of `weft new card`.
#[derive(Args, Debug)]
pub struct NewCard {
    /// The card's id.
    id: String,
    /// Its grade.
    #[arg(long, value_enum)]
    grade: Grade,
    /// The pack folder.
    #[arg(long, default_value = ".")]
    pack: PathBuf,
}

/// Flags of `weft new`.
#[derive(Args, Debug)]
pub struct NewArgs {
    #[command(subcommand)]
    what: NewWhat,
}

/// A refusal to write through a symbolic link or onto something that is not a regular
/// file: a problem found in the folder, reported with exit code 1.
#[derive(Debug)]
struct Refused(String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

/// Runs `weft new`. Every file is checked before any is written, so a refusal writes
/// nothing.
pub fn run(a: NewArgs) -> anyhow::Result<ExitCode> {
    let check = |pack: &Path| format!("next: weft check --pack {}", pack.display());
    let (result, next) = match a.what {
        NewWhat::Pack(p) => (new_pack(&p), check(&p.dir.join(&p.name))),
        NewWhat::Tile(t) => (new_tile(&t), check(&t.pack)),
        NewWhat::Card(c) => (new_card(&c), check(&c.pack)),
        NewWhat::Game(g) => {
            let folder = g.dir.join(&g.name);
            return finish(new_game(&g), &format!(
                "next: weft check --pack {0} && weft test --pack {0} && weft sim --pack {0} --games 200 --players 3 --bots greedy",
                folder.display()
            ));
        }
    };
    finish(result, &next)
}

/// Prints what was created and the next command, or the refusal.
fn finish(result: anyhow::Result<Vec<Written>>, next: &str) -> anyhow::Result<ExitCode> {
    let created = match result {
        Ok(created) => created,
        Err(e) => match e.downcast_ref::<Refused>() {
            Some(r) => {
                eprintln!("{r}");
                return Ok(ExitCode::from(1));
            }
            None => return Err(e),
        },
    };
    for w in &created {
        let verb = if w.created { "created" } else { "changed" };
        println!("{verb} {}", w.path.display());
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

/// A file `weft new` wrote, and whether it was new or changed (appended to).
struct Written {
    path: PathBuf,
    created: bool,
}

/// One file `weft new` writes, at a `/`-separated path below the pack folder.
struct Write {
    /// The path below the pack folder, e.g. `tiles/x.toml`.
    rel: String,
    /// What to write (appended when `append` is set and the file exists).
    text: String,
    /// `Some(header)`: append to the file if it exists (`text` starts on a new line),
    /// else create it with `header` first. `None`: create it; an existing file is an
    /// error.
    append: Option<String>,
}

impl Write {
    /// A new file; an existing one is an error.
    fn create(rel: impl Into<String>, text: impl Into<String>) -> Write {
        Write {
            rel: rel.into(),
            text: text.into(),
            append: None,
        }
    }

    /// Text appended to a file, created with `header` first if it does not exist.
    fn append(rel: impl Into<String>, header: &str, text: impl Into<String>) -> Write {
        Write {
            append: Some(header.to_string()),
            ..Write::create(rel, text)
        }
    }
}

/// Checks every write, then writes them all; returns the paths written.
fn write_all(root: &Path, writes: &[Write]) -> anyhow::Result<Vec<Written>> {
    for w in writes {
        check_target(root, w)?;
    }
    writes.iter().map(|w| write_one(root, w)).collect()
}

/// Refuses a write that would go through a symbolic link (each folder below `root` and
/// the file itself are looked at, links not followed), onto a file that is not a regular
/// file, or over an existing file when creating.
fn check_target(root: &Path, w: &Write) -> anyhow::Result<()> {
    let parts: Vec<&str> = w.rel.split('/').collect();
    let mut at = root.to_path_buf();
    for (i, part) in parts.iter().enumerate() {
        at.push(part);
        let last = i + 1 == parts.len();
        let meta = match std::fs::symlink_metadata(&at) {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(Refused(format!("error: {}: {e}", at.display())).into()),
        };
        if meta.file_type().is_symlink() {
            return Err(Refused(format!(
                "error: {} is a symbolic link; weft new never writes through a link (it may point outside the pack)\n  help: replace the link with a real {} inside the pack; nothing was written",
                at.display(),
                if last { "file" } else { "folder" }
            ))
            .into());
        }
        if !last && !meta.is_dir() {
            return Err(Refused(format!(
                "error: {} is not a folder; nothing was written",
                at.display()
            ))
            .into());
        }
        if last && !meta.is_file() {
            return Err(Refused(format!(
                "error: {} is not a regular file; weft new writes only regular files; nothing was written",
                at.display()
            ))
            .into());
        }
        if last && w.append.is_none() {
            anyhow::bail!(
                "error: {} already exists; weft new never overwrites a file",
                at.display()
            );
        }
    }
    Ok(())
}

/// Opens `path` with `options`, never following a symbolic link in its last part.
fn open_no_follow(options: &mut OpenOptions, path: &Path) -> std::io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    options.open(path)
}

/// The text of an existing file below the pack folder (`None` when there is none), read
/// without following a link and only if it is a regular file.
fn read_existing(path: &Path) -> anyhow::Result<Option<String>> {
    let file = match open_no_follow(OpenOptions::new().read(true), path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Refused(format!("error: {}: {e}", path.display())).into()),
    };
    if !file.metadata()?.is_file() {
        return Err(Refused(format!("error: {} is not a regular file", path.display())).into());
    }
    let mut text = String::new();
    file.take(weft_core::content::MAX_FILE_BYTES as u64 + 1)
        .read_to_string(&mut text)
        .with_context(|| format!("error: could not read {}", path.display()))?;
    Ok(Some(text))
}

/// Writes one checked file: a new file is created only if nothing is there (a link
/// included); an append goes to the regular file that was checked.
fn write_one(root: &Path, w: &Write) -> anyhow::Result<Written> {
    let path = root.join(&w.rel);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("error: could not create {}", dir.display()))?;
    }
    let existing = read_existing(&path)?;
    let created = existing.is_none();
    let (text, file) = match (existing, &w.append) {
        (Some(old), Some(_)) => {
            let gap = if old.is_empty() || old.ends_with('\n') {
                ""
            } else {
                "\n"
            };
            let file = open_no_follow(OpenOptions::new().append(true), &path);
            (format!("{gap}{}", w.text), file)
        }
        (_, header) => {
            let file = open_no_follow(OpenOptions::new().write(true).create_new(true), &path);
            (
                format!("{}{}", header.as_deref().unwrap_or(""), w.text),
                file,
            )
        }
    };
    let mut file = file.with_context(|| format!("error: could not write {}", path.display()))?;
    file.write_all(text.as_bytes())
        .with_context(|| format!("error: could not write {}", path.display()))?;
    Ok(Written { path, created })
}

fn need_pack(dir: &Path) -> anyhow::Result<()> {
    if !dir.join("pack.toml").is_file() {
        anyhow::bail!(
            "error: {} holds no pack.toml; create a pack first with `weft new pack NAME`, or give --pack DIR",
            dir.display()
        );
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
description = \"My expansion for Tabriz.\"
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
            "# Slots and paths this pack adds to the board. `weft new tile` adds a slot per tile.
",
        ),
        Write::create(
            format!("{name}/game.toml"),
            "# Game parameters this pack changes, merged key by key into the base game.toml.
# For example, a shorter game:
# [end]
# commissions = 7
",
        ),
        Write::create(
            format!("{name}/tests/example.lua"),
            "-- Scenario tests for this pack, run by `weft test --pack <this folder>`.
-- The file returns a table of named tests; each gets `t`. See docs/modding.md for the
-- test API (t:game, g:move_to, g:answer, g:count, t:eq, t:ok, ...).
return {
  [\"a game of this pack starts in round 1\"] = function(t)
    local g = t:game{ players = 2, seed = 1 }
    t:eq(g:round(), 1)
    t:ok(not g:over(), \"the game is not over before it starts\")
  end,
}
",
        ),
        ],
    )
}

fn new_tile(t: &NewTile) -> anyhow::Result<Vec<Written>> {
    check_id(&t.id)?;
    need_pack(&t.pack)?;
    let id = &t.id;
    let (behaviour, params, text) = match t.kind {
        TileKind::Shop => (
            "weft.shop",
            "[params]
max_buy = 2               # materials bought per visit

[[params.displays]]       # one display; add more for a split shop
sells = [\"wool\"]          # what it sells
price = 1                 # kiran each
slots = 4                 # display size
start = [\"wool\", \"wool\"]  # filled at setup
restock = [\"wool\"]        # added in each workshop phase (R-WS-1)
overflow = true           # a full display empties instead of overflowing
",
            "Buy up to 2 wool, 1 kiran each.",
        ),
        TileKind::Trader => (
            "weft.trader",
            "[[params.trades]]         # pay the left bundle, gain the right one
pay = { wool = 2 }
gain = { green = 1 }

[[params.trades]]
pay = { coins = 2 }
gain = { camel = 1 }
once = true               # at most once per visit
",
            "Trade 2 wool for 1 green dye; once per visit, 2 coins for 1 camel hair.",
        ),
        TileKind::Dice => (
            "weft.dice_tile",
            "[params]
dice = [\"black\"]          # dice placed rolled at setup (kinds from game.toml [[dice]])
reroll = true             # re-rolled in each workshop phase (R-WS-3)
capacity = 4              # materials the tile holds
take = 1                  # materials taken per visit
",
            "Take 1 material from the dice.",
        ),
        TileKind::Custom => (
            "",
            "[params]
gain = 1                  # read by tiles/ID.lua as params.gain
",
            "Gain 1 wool.",
        ),
    };
    let behaviour_line = if behaviour.is_empty() {
        format!("# No behaviour line: the module is tiles/{id}.lua next to this file.\n")
    } else {
        format!("behaviour = \"{behaviour}\"\n")
    };
    let mut writes = vec![Write::create(
        format!("tiles/{id}.toml"),
        format!(
            "id = \"{id}\"
name = \"{name}\"
# The slot kind this tile is dealt to. `{id}` is a kind of its own, with one slot in
# board.toml, so the tile is in every game; use shop, trader, alley or courtyard to
# deal it at random among the base game's tiles of that kind instead.
kind = \"{id}\"
text = \"{text}\"
{behaviour_line}
{params}",
            name = title_case(id),
        ),
    )];
    if matches!(t.kind, TileKind::Custom) {
        writes.push(Write::create(
            format!("tiles/{id}.lua"),
            format!(
                "-- {id}: a tile behaviour. Each hook is called as hook(ctx, params); params is the
-- frozen [params] table of tiles/{id}.toml. docs/lua-api.md lists every ctx function
-- and which hooks may call it; players are numbered from 1.
return {{
  -- Rules text generated from the params (weft doc content shows it).
  describe = function(params)
    return \"Gain \" .. params.gain .. \" wool.\"
  end,

  -- Read-only: may the acting player take the action now? (ctx:player(), ctx:count, …)
  can_act = function(ctx, params)
    return true
  end,

  -- The action (R-ACT-1). It may ask with ctx:choose{{prompt = , options = {{…}}}}.
  action = function(ctx, params)
    ctx:gain(ctx:player(), \"wool\", params.gain)
  end,

  -- Optional board-wide hooks: setup (game start), restock (workshop step 1),
  -- roll (workshop step 3). They may not ask questions.
  -- restock = function(ctx, params) end,
}}
"
            ),
        ));
    }
    writes.push(Write::append(
        "board.toml",
        "",
        format!(
            "
[[slots]]
id = \"{id}-slot\"
kind = \"{id}\"
pos = [0.0, -2.8]

[[paths]]
a = \"plaza\"
b = \"{id}-slot\"
"
        ),
    ));
    write_all(&t.pack, &writes)
}

fn new_card(c: &NewCard) -> anyhow::Result<Vec<Written>> {
    check_id(&c.id)?;
    need_pack(&c.pack)?;
    let grade = match c.grade {
        Grade::Common => "common",
        Grade::Merchant => "merchant",
        Grade::Royal => "royal",
    };
    let write = Write::append(
        format!("commissions/{grade}.toml"),
        &format!("# {grade} commissions of this pack (R-COM-5).\n"),
        format!(
            "
[[commission]]
id = \"{id}\"
name = \"{name}\"
requires = {{ wool = 1, green = 1 }}          # materials returned to the supply
reward = {{ coins = 1, skill = 1, prestige = 1 }}
# A workshop action (R-WS-4), from the library or your own module:
# workshop = {{ behaviour = \"weft.workshop\", params = {{ effect = \"gain\", gain = {{ coins = 1 }} }} }}
",
            id = c.id,
            name = title_case(&c.id),
        ),
    );
    // Checked before it is read: the file may be a link out of the pack.
    check_target(&c.pack, &write)?;
    let path = c.pack.join(&write.rel);
    if read_existing(&path)?.is_some_and(|t| t.contains(&format!("id = \"{}\"", c.id))) {
        anyhow::bail!("error: {} already has a card `{}`", path.display(), c.id);
    }
    write_all(&c.pack, &[write])
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
