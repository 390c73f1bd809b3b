//! `weft new area`: a worker-placement area appended to board.toml, with its `options`
//! and `resolve` hooks in areas/ID.lua, for games whose round places workers.

use std::path::PathBuf;

use clap::Args;

use super::files::{precheck, write_all, Write};
use super::game::{Game, LoadFlags};
use super::{check_id, title_case, Made};

/// Flags of `weft new area`.
#[derive(Args, Debug)]
pub struct NewArea {
    /// The area's id (lower case, dashes); players place on it with the option
    /// `place:ID`.
    id: String,
    /// The pack folder.
    #[arg(long, default_value = ".")]
    pack: PathBuf,
    #[command(flatten)]
    load: LoadFlags,
}

impl NewArea {
    /// The pack folder.
    pub fn pack(&self) -> &PathBuf {
        &self.pack
    }
}

/// Writes the area and its module; refuses a game whose round places no workers.
pub fn new_area(a: &NewArea) -> anyhow::Result<Made> {
    check_id(&a.id)?;
    // Links and special files first; an existing areas/ID.lua after the area's id.
    precheck(
        &a.pack,
        &[],
        &["board.toml".into(), format!("areas/{}.lua", a.id)],
    )?;
    let g = Game::load(&a.pack, &a.load)?;
    if !g.places_workers() {
        let what = match (
            g.content.placement.is_some(),
            g.has_step("place"),
            g.has_step("resolve"),
        ) {
            (false, _, _) => "game.toml has no [placement] (each player's workers)",
            (true, false, _) => "its round has no `place` step",
            (true, true, _) => "its round has no `resolve` step",
        };
        anyhow::bail!(
            "error: {} does not place workers: {what}, so no worker would reach an area\n  help: areas are for worker-placement games (`weft new game NAME` makes one; docs/content-format.md, \"Areas\" and \"The round\"); to add a place that pieces move to, use `weft new tile`; nothing was written",
            g.title()
        );
    }
    let id = &a.id;
    let counts = g.content.player_counts();
    let gated = counts.first().is_some_and(|&n| n < 3) && counts.last().is_some_and(|&n| n >= 3);
    let spaces = if gated {
        "[ {}, {}, { min_players = 3 } ]   # left to right; the third only with 3 or more players"
    } else {
        "[ {}, {} ]   # left to right; { min_players = 3 } gates a space by player count"
    };
    let coins = g.coins_name();
    let writes = [
        Write::append(
            "board.toml",
            "",
            format!(
                "
[[areas]]
id = \"{id}\"
name = \"{name}\"
behaviour = \"areas.{id}\"     # areas/{id}.lua: its options and resolve hooks
params = {{ take = 2, price = 3, prestige = 2 }}
text = \"Take 2 {coins}, or pay 3 {coins} for 2 prestige.\"
spaces = {spaces}
",
                name = title_case(id),
            ),
        ),
        Write::create(format!("areas/{id}.lua"), area_lua(id, &title_case(id))),
    ];
    g.refuse_used(g.area(id))?;
    Ok(Made::from(write_all(&a.pack, &writes)?))
}

/// The area's module: `options` (read-only: what the worker's owner may choose; the
/// engine adds `decline`) and `resolve` (the chosen option's effect).
fn area_lua(id: &str, name: &str) -> String {
    format!(
        "-- {name} (area `{id}`): a worker here takes coins, or pays coins for prestige. The
-- numbers are the area's params in board.toml. docs/lua-api.md lists every ctx function.
local M = {{}}

-- Read-only, once per worker being resolved (ctx:player() is its owner): the options,
-- as for ctx:choose. The engine adds `decline` (the resolve step's `decline`).
function M.options(ctx, params)
  local p = ctx:player()
  local out = {{ {{ key = \"take\", label = \"Take \" .. params.take .. \" coins\" }} }}
  if ctx:has(p, \"coins\", params.price) then
    out[#out + 1] = {{
      key = \"prestige\",
      label = \"Pay \" .. params.price .. \" coins for \" .. params.prestige .. \" prestige\",
    }}
  end
  return out
end

-- The chosen option's effect, after the worker went back. It may ask more with
-- ctx:choose.
function M.resolve(ctx, params, key)
  local p = ctx:player()
  if key == \"take\" then
    ctx:gain(p, \"coins\", params.take)
  elseif key == \"prestige\" then
    ctx:pay(p, \"coins\", params.price)
    ctx:add(p, \"prestige\", params.prestige)
  end
end

return M
"
    )
}
