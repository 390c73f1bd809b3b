//! `weft new tile`: a tile of a kind of its own, with one board slot, so it is in every
//! game; its params name the game's own materials, dice and coins, and its slot is
//! joined by a path to the game's start slot (or first slot; no path on an empty
//! board).

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::files::{precheck, write_all, Write};
use weft_core::content::Material;

use super::game::{amount, Game, LoadFlags};
use super::{check_id, title_case, Made};

/// Kinds of tile scaffold.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileKind {
    /// Sells one of the game's materials from a display (library behaviour weft.shop);
    /// needs [[materials]].
    Shop,
    /// Trades bundles of coins and materials (weft.trader); needs [[materials]].
    Trader,
    /// Holds dice whose faces are materials to take (weft.dice_tile); needs [[dice]].
    Dice,
    /// Your own Lua behaviour, in tiles/ID.lua; gains a material, or coins in a game
    /// without materials.
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
    #[command(flatten)]
    load: LoadFlags,
}

impl NewTile {
    /// The pack folder.
    pub fn pack(&self) -> &PathBuf {
        &self.pack
    }
}

/// What a tile kind writes: its `behaviour` (empty for its own module), its `[params]`
/// and its rules text.
struct Body {
    behaviour: &'static str,
    params: String,
    text: String,
}

/// Refuses a kind that needs something the game does not declare, saying what to do.
fn cannot_fit(g: &Game, kind: &str, needs: &str, why: &str) -> anyhow::Error {
    anyhow::anyhow!(
        "error: a {kind} tile needs {needs}, and {} declares none\n  help: {why}; or start from --kind custom (its Lua gains {}); nothing was written",
        g.title(),
        if g.materials().is_empty() {
            "coins"
        } else {
            "a material"
        }
    )
}

/// An amount of coins or of a material in a trade: its id, its name for rules text.
struct Amount<'a> {
    id: &'a str,
    name: String,
    n: u32,
}

impl Amount<'_> {
    /// As a bundle of the trader's params: `{ wool = 2 }`.
    fn toml(&self) -> String {
        format!("{{ {} = {} }}", self.id, self.n)
    }

    /// As rules text: `2 wool`, `1 coin`.
    fn text(&self) -> String {
        if self.id == "coins" && self.n == 1 {
            amount(1, &singular(&self.name))
        } else {
            amount(self.n, &self.name)
        }
    }
}

/// The behaviour, params and text of a tile of `kind`, with the game's materials, dice
/// and coins; a kind whose needs the game does not declare is refused.
fn body<'a>(g: &'a Game, kind: TileKind) -> anyhow::Result<Body> {
    let mats = g.materials();
    let coins = g.coins_name();
    let need_mats = |k: &str| {
        cannot_fit(
            g,
            k,
            "[[materials]] (what it deals in)",
            "declare [[materials]] in game.toml (id, name, value)",
        )
    };
    Ok(match kind {
        TileKind::Shop => {
            let m = mats.first().ok_or_else(|| need_mats("shop"))?;
            Body {
                behaviour: "weft.shop",
                params: format!(
                    "[params]
max_buy = 2               # materials bought per visit

[[params.displays]]       # one display; add more for a split shop
sells = [\"{id}\"]          # what it sells: materials of game.toml
price = 1                 # coins each
slots = 4                 # display size
start = [\"{id}\", \"{id}\"]  # filled at setup
restock = [\"{id}\"]        # added by each restock step of the round (`hook`, on = \"nodes\")
overflow = true           # a full display empties instead of overflowing
",
                    id = m.id
                ),
                text: format!(
                    "Buy up to 2 {}, 1 {} each.",
                    m.name.to_lowercase(),
                    singular(&coins)
                ),
            }
        }
        TileKind::Trader => {
            let first = mats.first().ok_or_else(|| need_mats("trader"))?;
            let coins = |n| Amount {
                id: "coins",
                name: coins.clone(),
                n,
            };
            let mat = |m: &'a Material, n| Amount {
                id: &m.id,
                name: m.name.to_lowercase(),
                n,
            };
            // A material for the next one up, repeatable, and once a visit coins for a
            // third; with one material, coins for it, and once a visit it for coins.
            let trades = match mats.get(1) {
                Some(second) => [
                    (mat(first, 2), mat(second, 1)),
                    (coins(2), mat(mats.get(2).unwrap_or(second), 1)),
                ],
                None => [(coins(1), mat(first, 1)), (mat(first, 2), coins(3))],
            };
            let [(pay1, gain1), (pay2, gain2)] = &trades;
            Body {
                behaviour: "weft.trader",
                params: format!(
                    "[[params.trades]]         # pay the left bundle, gain the right one
pay = {}
gain = {}

[[params.trades]]
pay = {}
gain = {}
once = true               # at most once per visit
",
                    pay1.toml(),
                    gain1.toml(),
                    pay2.toml(),
                    gain2.toml(),
                ),
                text: format!(
                    "Trade {} for {}; once per visit, {} for {}.",
                    pay1.text(),
                    gain1.text(),
                    pay2.text(),
                    gain2.text(),
                ),
            }
        }
        TileKind::Dice => {
            let die = g.content.dice.first().ok_or_else(|| {
                cannot_fit(
                    g,
                    "dice",
                    "[[dice]] (kinds of die, whose faces are materials)",
                    "declare [[materials]] and [[dice]] (id, faces) in game.toml",
                )
            })?;
            Body {
                behaviour: "weft.dice_tile",
                params: format!(
                    "[params]
dice = [\"{}\"]          # dice placed rolled at setup (kinds from game.toml [[dice]])
reroll = true             # re-rolled by each roll step of the round (`hook`, on = \"nodes\")
capacity = 4              # materials the tile holds
take = 1                  # materials taken per visit
",
                    die.id
                ),
                text: "Take 1 material from the dice.".into(),
            }
        }
        TileKind::Custom => {
            let name = mats
                .first()
                .map_or(coins.clone(), |m| m.name.to_lowercase());
            Body {
                behaviour: "",
                params: "[params]
gain = 1                  # read by tiles/ID.lua as params.gain
"
                .into(),
                text: format!("Gain 1 {}.", singular(&name)),
            }
        }
    })
}

/// `coins` → `coin` for "1 coin each"; other names are kept.
fn singular(name: &str) -> String {
    name.strip_suffix('s').unwrap_or(name).to_string()
}

/// The Lua module of a custom tile, gaining `counter` (`wool`, or `coins`).
fn custom_lua(id: &str, counter: &str, name: &str) -> String {
    format!(
        "-- {id}: a tile behaviour. Each hook is called as hook(ctx, params); params is the
-- frozen [params] table of tiles/{id}.toml. docs/lua-api.md lists every ctx function
-- and which hooks may call it; players are numbered from 1.
return {{
  -- Rules text generated from the params (weft doc content shows it).
  describe = function(params)
    return \"Gain \" .. params.gain .. \" {name}.\"
  end,

  -- Read-only: may the acting player take the action now? (ctx:player(), ctx:count, …)
  can_act = function(ctx, params)
    return true
  end,

  -- The action, when a player's piece takes it (an `act` step). It may ask with
  -- ctx:choose{{prompt = , options = {{…}}}}.
  action = function(ctx, params)
    ctx:gain(ctx:player(), \"{counter}\", params.gain)
  end,

  -- Optional board-wide hooks, run by the round's `hook` steps with on = \"nodes\":
  -- setup, restock, roll. They may not ask questions.
  -- restock = function(ctx, params) end,
}}
"
    )
}

/// Writes the tile, its slot and its path; refuses a kind the game cannot hold.
pub fn new_tile(t: &NewTile) -> anyhow::Result<Made> {
    check_id(&t.id)?;
    let id = &t.id;
    let mut create = vec![format!("tiles/{id}.toml")];
    if t.kind == TileKind::Custom {
        create.push(format!("tiles/{id}.lua"));
    }
    // Files first: a tile of this pack already there is "already exists".
    precheck(&t.pack, &create, &["board.toml".into()])?;
    let g = Game::load(&t.pack, &t.load)?;
    let b = body(&g, t.kind)?;
    let behaviour_line = if b.behaviour.is_empty() {
        format!("# No behaviour line: the module is tiles/{id}.lua next to this file.\n")
    } else {
        format!("behaviour = \"{}\"\n", b.behaviour)
    };
    let mut writes = vec![Write::create(
        format!("tiles/{id}.toml"),
        format!(
            "id = \"{id}\"
name = \"{name}\"
# The slot kind this tile is dealt to. `{id}` is a kind of its own, with one slot in
# board.toml, so the tile is in every game; use the kind of other tiles of the game to
# deal it at random among them instead.
kind = \"{id}\"
text = \"{text}\"
{behaviour_line}
{params}",
            name = title_case(id),
            text = b.text,
            params = b.params,
        ),
    )];
    if t.kind == TileKind::Custom {
        let (counter, name) = match g.materials().first() {
            Some(m) => (m.id.clone(), m.name.to_lowercase()),
            None => ("coins".to_string(), g.coins_name()),
        };
        writes.push(Write::create(
            format!("tiles/{id}.lua"),
            custom_lua(id, &counter, &name),
        ));
    }
    writes.push(Write::append("board.toml", "", slot_text(&g, id)));
    g.refuse_used(g.tile(id))?;
    g.refuse_used(g.slot(&format!("{id}-slot")))?;
    let mut made = Made::from(write_all(&t.pack, &writes)?);
    if !g.acts_on_tiles() {
        made.notes.push(format!(
            "note: {} has no [movement] or no `act` step in its round, so no piece ever takes this tile's action\n  help: give the game pieces that move ([movement] and `move` and `act` steps; docs/content-format.md, \"The round\"), or use `weft new area` for a worker-placement space",
            g.title()
        ));
    }
    Ok(made)
}

/// The `[[slots]]` of the tile and its `[[paths]]` to the anchor slot, below the
/// lowest slot of the board.
fn slot_text(g: &Game, id: &str) -> String {
    let slots = &g.content.board.slots;
    let anchor = g.anchor_slot();
    let x = anchor.map_or(0.0, |s| s.pos[0]);
    let y = slots.iter().map(|s| s.pos[1]).fold(f32::INFINITY, f32::min);
    let y = if y.is_finite() { y - 1.2 } else { 0.0 };
    let path = match anchor {
        Some(a) => format!(
            "
[[paths]]                 # to {}, the {}
a = \"{}\"
b = \"{id}-slot\"
",
            a.id,
            if g.has_movement() {
                "start slot"
            } else {
                "first slot"
            },
            a.id
        ),
        None => String::new(),
    };
    format!(
        "
[[slots]]
id = \"{id}-slot\"
kind = \"{id}\"
pos = [{x:.1}, {y:.1}]
{path}"
    )
}
