//! Scenario tests written in Lua, shipped by a pack in `tests/*.lua` and run by
//! `weft test`. A test file returns a table of named test functions; each gets `t`:
//!
//! ```lua
//! return {
//!   ["the moneylender lends 4 kiran"] = function(t)
//!     local g = t:game{ players = 2, seed = 1 }
//!     g:set(1, "coins", 0)
//!     g:move_to("moneylender")
//!     g:answer("act")
//!     t:eq(g:count(1, "coins"), 4)
//!   end,
//! }
//! ```
//!
//! `t:game{players, seed}` sets up a game on the loaded chain; the game handle reads
//! the state (`count`, `hand`, `tucked`, `counter`, `display`,
//! `tile_at`, `round`, `player`, `options`, `over`), builds a position by hand (`set`,
//! `give_card`, `place` an apprentice, `swap_tiles`, `set_display`,
//! `set_counter`) and plays it by answer keys (`answer`, `move_to`, `finish_round`). `t:eq(actual,
//! expected, msg)` and `t:ok(cond, msg)` fail the test with the file and line of the
//! check and, for tables, the keys that differ. Tests run in the same sandbox as content
//! scripts, with a larger instruction budget.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use mlua::{Function, Table, UserData, UserDataMethods, Value};

use crate::content::Content;
use crate::decision::Action;
use crate::engine::Engine;
use crate::lua::sandbox::{self, script_message, Shared};
use crate::state::GameState;

/// Interrupt checks one test function may use.
const TEST_BUDGET: u64 = 50_000_000;

/// The outcome of one test.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TestResult {
    /// The test file, `pack/tests/x.lua`.
    pub file: String,
    /// The test's name.
    pub name: String,
    /// Whether it passed.
    pub passed: bool,
    /// `file:line: message` for a failure.
    pub message: Option<String>,
}

/// The assertion helpers and the diff, in Lua so `error(…, 2)` names the caller's line.
const PRELUDE: &str = r#"
local function show(v, depth)
  depth = depth or 0
  if type(v) ~= "table" then
    return type(v) == "string" and string.format("%q", v) or tostring(v)
  end
  if depth > 3 then return "{…}" end
  local keys = {}
  for k in pairs(v) do table.insert(keys, k) end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  local parts = {}
  local n = #v
  for _, k in ipairs(keys) do
    local key = (type(k) == "number" and k >= 1 and k <= n) and "" or (tostring(k) .. " = ")
    table.insert(parts, key .. show(v[k], depth + 1))
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end

local function same(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

local function diff(actual, expected)
  if type(actual) ~= "table" or type(expected) ~= "table" then return "" end
  local lines = {}
  local keys = {}
  for k in pairs(expected) do keys[k] = true end
  for k in pairs(actual) do keys[k] = true end
  local sorted = {}
  for k in pairs(keys) do table.insert(sorted, k) end
  table.sort(sorted, function(a, b) return tostring(a) < tostring(b) end)
  for _, k in ipairs(sorted) do
    if not same(actual[k], expected[k]) then
      table.insert(lines, "\n    [" .. tostring(k) .. "] expected " .. show(expected[k]) .. ", got " .. show(actual[k]))
    end
  end
  return table.concat(lines)
end

return {
  eq = function(_, actual, expected, msg)
    if not same(actual, expected) then
      error((msg and (msg .. ": ") or "") .. "expected " .. show(expected) .. ", got " .. show(actual) .. diff(actual, expected), 2)
    end
  end,
  ok = function(_, cond, msg)
    if not cond then
      error(msg or "expected a true value", 2)
    end
  end,
}
"#;

/// The game a test builds and plays.
struct Game {
    engine: Rc<RefCell<Engine>>,
    content: Arc<Content>,
    state: GameState,
}

impl Game {
    fn player(&self, p: i64) -> mlua::Result<usize> {
        let n = self.state.players.len() as i64;
        if p < 1 || p > n {
            return Err(mlua::Error::runtime(format!(
                "player {p} does not exist (players are 1 to {n})"
            )));
        }
        Ok((p - 1) as usize)
    }

    fn counter(&self, what: &str) -> mlua::Result<crate::content::CounterId> {
        self.content
            .counter_named(what)
            .map_err(mlua::Error::runtime)
    }

    fn refresh(&mut self) -> mlua::Result<()> {
        self.engine
            .borrow_mut()
            .refresh(&mut self.state)
            .map_err(|e| mlua::Error::runtime(e.to_string()))
    }

    fn answer(&mut self, key: &str) -> mlua::Result<()> {
        let Some(d) = self.state.decision() else {
            return Err(mlua::Error::runtime("the game is over; nothing to answer"));
        };
        if d.index_of(key).is_none() {
            let keys: Vec<&str> = d.options.iter().map(|o| &*o.key).collect();
            return Err(mlua::Error::runtime(format!(
                "`{key}` is not an option of \"{}\"; the options are: {}",
                d.prompt,
                keys.join(", ")
            )));
        }
        self.engine
            .borrow_mut()
            .apply(&mut self.state, key)
            .map_err(|e| mlua::Error::runtime(e.to_string()))
    }

    /// Zone `id`, of player `p` (from 1) when given.
    fn zone(&self, id: &str, p: Option<i64>) -> mlua::Result<crate::zones::ZoneRef> {
        let p = match p {
            Some(p) => Some(self.player(p)?),
            None => None,
        };
        crate::zones::ZoneRef::named(&self.content, id, p).map_err(mlua::Error::runtime)
    }

    fn slot_id(&self, slot: &str) -> mlua::Result<usize> {
        self.content
            .board
            .slots
            .iter()
            .position(|x| x.id == slot)
            .ok_or_else(|| mlua::Error::runtime(format!("no slot `{slot}`")))
    }

    /// The slot holding `tile`, or an error saying it is not on the board.
    fn slot_of_tile(&self, tile: &str) -> mlua::Result<usize> {
        (0..self.state.board.len())
            .find(|&s| self.content.tiles[self.state.board[s].tile as usize].id == tile)
            .ok_or_else(|| mlua::Error::runtime(format!("tile `{tile}` is not on the board")))
    }
}

impl UserData for Game {
    fn add_methods<M: UserDataMethods<Self>>(m: &mut M) {
        m.add_method("player", |_, g, ()| {
            Ok(g.state.decision().map(|d| d.player as i64 + 1))
        });
        m.add_method("options", |_, g, ()| {
            Ok(g.state
                .decision()
                .map(|d| {
                    d.options
                        .iter()
                        .map(|o| o.key.to_string())
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default())
        });
        m.add_method("over", |_, g, ()| Ok(g.state.is_over()));
        m.add_method("round", |_, g, ()| Ok(g.state.round));
        m.add_method("count", |_, g, (p, what): (i64, String)| {
            let p = g.player(p)?;
            Ok(g.state.players[p].count(g.counter(&what)?))
        });
        m.add_method("hand", |_, g, p: i64| {
            let p = g.player(p)?;
            Ok(crate::decks::hand(&g.content, &g.state.players[p])
                .map(|c| g.content.cards[c as usize].id.clone())
                .collect::<Vec<_>>())
        });
        m.add_method("played", |_, g, p: i64| {
            let p = g.player(p)?;
            Ok(crate::decks::played(&g.content, &g.state.players[p])
                .map(|c| g.content.cards[c as usize].id.clone())
                .collect::<Vec<_>>())
        });
        m.add_method("counter", |_, g, (tile, name): (String, String)| {
            let slot = g.slot_of_tile(&tile)?;
            Ok(g.state.board[slot]
                .counters
                .get(&name)
                .copied()
                .unwrap_or(0))
        });
        m.add_method_mut("set", |_, g, (p, what, n): (i64, String, i64)| {
            let p = g.player(p)?;
            let id = g.counter(&what)?;
            let def = &g.content.counters[id as usize];
            if n < def.min || def.max.is_some_and(|m| n > m) {
                return Err(mlua::Error::runtime(format!(
                    "g:set: {n} is outside `{what}`'s range ({} to {})",
                    def.min,
                    def.max.map_or("no maximum".to_string(), |m| m.to_string())
                )));
            }
            g.state.player_mut(p).set(id, n);
            g.refresh()
        });
        m.add_method_mut("give_card", |_, g, (p, id): (i64, String)| {
            let p = g.player(p)?;
            let card = g
                .content
                .card(&id)
                .ok_or_else(|| mlua::Error::runtime(format!("no card `{id}`")))?;
            let zones = g.content.program.play.ok_or_else(|| {
                mlua::Error::runtime("g:give_card puts a card where a `play` step plays from, and the flow has none; use g:move_card")
            })?;
            crate::decks::give(&g.content, &mut g.state, p, zones.from, card);
            g.refresh()
        });
        m.add_method("cards", |lua, g, (zone, p): (String, Option<i64>)| {
            let z = g.zone(&zone, p)?;
            Ok(z.get(&g.content, &g.state)
                .cards
                .iter()
                .map(|x| match x {
                    Some(card) => mlua::Value::String(
                        lua.create_string(&g.content.cards[*card as usize].id)
                            .expect("a short string"),
                    ),
                    None => mlua::Value::Boolean(false),
                })
                .collect::<Vec<_>>())
        });
        m.add_method("winners", |_, g, ()| match &g.state.result {
            Some(r) => Ok(r.winners.iter().map(|w| w + 1).collect::<Vec<_>>()),
            None => Err(mlua::Error::runtime("g:winners: the game is not over yet")),
        });
        m.add_method("card", |lua, g, id: String| {
            let Some(ix) = g.content.card(&id) else {
                return Err(mlua::Error::runtime(format!(
                    "g:card: `{id}` is not a card of [[cards]]"
                )));
            };
            let c = &g.content.cards[ix as usize];
            let t = lua.create_table()?;
            t.set("id", c.id.as_str())?;
            t.set("template", c.template.as_str())?;
            t.set("name", c.name.as_str())?;
            t.set("kind", c.kind.as_str())?;
            t.set("params", crate::lua::table_to_lua(lua, &c.params)?)?;
            Ok(t)
        });
        m.add_method(
            "marks",
            |_, g, (zone, pos, p): (String, i64, Option<i64>)| {
                let z = g.zone(&zone, p)?;
                let i = crate::zones::position(&g.content, &g.state, z, pos)
                    .map_err(mlua::Error::runtime)?;
                Ok(crate::zones::mark_at(&g.content, &g.state, z, i))
            },
        );
        m.add_method_mut(
            "set_marks",
            |_, g, (zone, pos, n, p): (String, i64, i64, Option<i64>)| {
                let z = g.zone(&zone, p)?;
                let i = crate::zones::position(&g.content, &g.state, z, pos)
                    .map_err(mlua::Error::runtime)?;
                let now = crate::zones::mark_at(&g.content, &g.state, z, i);
                let c = Arc::clone(&g.content);
                crate::zones::add_mark(&c, &mut g.state, z, i, n - now)
                    .map_err(|e| mlua::Error::runtime(format!("g:set_marks: {e}")))?;
                g.refresh()
            },
        );
        m.add_method_mut(
            "put_card",
            |_, g, (card, zone, pos, p): (String, String, Option<i64>, Option<i64>)| {
                let c = Arc::clone(&g.content);
                let ix = c.card(&card).ok_or_else(|| {
                    mlua::Error::runtime(format!("g:put_card: `{card}` is not a card of [[cards]]"))
                })?;
                let Some((from, i)) = crate::zones::locate(&c, &g.state, ix) else {
                    return Err(mlua::Error::runtime(format!(
                        "g:put_card: `{card}` is not in play at {} players",
                        g.state.players.len()
                    )));
                };
                let to = g.zone(&zone, p)?;
                let at = match pos {
                    Some(pos) => Some(
                        crate::zones::position(&c, &g.state, to, pos)
                            .map_err(mlua::Error::runtime)?,
                    ),
                    None => None,
                };
                match at {
                    // A taken grid position: the two cards change places.
                    Some(k) if crate::zones::card_at(&c, &g.state, to, k).is_some() => {
                        let other = crate::zones::card_at(&c, &g.state, to, k).expect("taken");
                        crate::zones::accepts(&c, to.zone, ix)
                            .and_then(|()| crate::zones::accepts(&c, from.zone, other))
                            .map_err(|e| mlua::Error::runtime(format!("g:put_card: {e}")))?;
                        crate::zones::swap(&c, &mut g.state, (from, i), (to, k))
                    }
                    _ => {
                        crate::zones::move_card(&c, &mut g.state, from, i, to, at)
                            .map_err(|e| mlua::Error::runtime(format!("g:put_card: {e}")))?;
                    }
                }
                g.refresh()
            },
        );
        m.add_method("placements", |_, g, area: String| {
            let a = g.content.board.area_index(&area).ok_or_else(|| {
                mlua::Error::runtime(format!("`{area}` is not an area of board.toml"))
            })?;
            Ok(g.state.areas[a as usize]
                .placed
                .iter()
                .map(|x| x.map_or(0, |s| s as i64 + 1))
                .collect::<Vec<_>>())
        });
        m.add_method("first_player", |_, g, ()| Ok(g.state.first_player + 1));
        m.add_method_mut("place_worker", |_, g, (p, area): (i64, String)| {
            // Builds a position: a worker of p on the area's leftmost free usable space,
            // out of turn, under the placement rules (C-PLACE-2..4).
            let p = g.player(p)?;
            let c = Arc::clone(&g.content);
            let a = c.board.area_index(&area).ok_or_else(|| {
                mlua::Error::runtime(format!("`{area}` is not an area of board.toml"))
            })?;
            if !crate::engine::areas::place_options(&c, &g.state, p).contains(&a) {
                return Err(mlua::Error::runtime(format!(
                    "g:place_worker: player {} cannot place in `{area}` now (no worker left, or the area is closed, full or already holds their worker when one per player)",
                    p + 1
                )));
            }
            let k = crate::engine::areas::free_space(&c, &g.state, a)
                .expect("a legal area has a free space");
            g.state.areas_mut()[a as usize].placed[k] = Some(p as u8);
            g.refresh()
        });
        m.add_method("tile_at", |_, g, slot: String| {
            let s = g.slot_id(&slot)?;
            Ok(g.content.tiles[g.state.board[s].tile as usize].id.clone())
        });
        m.add_method_mut("swap_tiles", |_, g, (a, b): (String, String)| {
            let (x, y) = (g.slot_of_tile(&a)?, g.slot_of_tile(&b)?);
            g.state.board_mut().swap(x, y);
            g.refresh()
        });
        m.add_method_mut("place", |_, g, (p, piece, slot): (i64, usize, String)| {
            let p = g.player(p)?;
            let at = g.slot_id(&slot)?;
            let pieces = g.state.players[p].pieces.len();
            let piece = piece
                .checked_sub(1)
                .filter(|&k| k < pieces)
                .ok_or_else(|| mlua::Error::runtime(format!("apprentices are 1 to {pieces}")))?;
            g.state.player_mut(p).pieces[piece] = crate::state::Piece {
                at: at as u16,
                moved: false,
            };
            g.refresh()
        });
        m.add_method_mut(
            "set_counter",
            |_, g, (tile, name, v): (String, String, i64)| {
                let slot = g.slot_of_tile(&tile)?;
                g.state.tile_mut(slot).counters.insert(name, v);
                g.refresh()
            },
        );
        m.add_method("display", |_, g, tile: String| {
            let slot = g.slot_of_tile(&tile)?;
            Ok(g.state.board[slot]
                .slots
                .iter()
                .map(|m| {
                    m.map_or("-".to_string(), |m| {
                        g.content.materials[m as usize].id.clone()
                    })
                })
                .collect::<Vec<_>>())
        });
        m.add_method_mut(
            "set_display",
            |_, g, (tile, items): (String, Vec<String>)| {
                let slot = g.slot_of_tile(&tile)?;
                let mut slots = Vec::new();
                for item in &items {
                    slots.push(if item == "-" {
                        None
                    } else {
                        Some(g.content.material(item).ok_or_else(|| {
                            mlua::Error::runtime(format!(
                                "`{item}` is not a material: a display holds materials"
                            ))
                        })?)
                    });
                }
                g.state.tile_mut(slot).slots = slots;
                g.refresh()
            },
        );
        m.add_method_mut("answer", |_, g, key: String| g.answer(&key));
        m.add_method_mut("move_to", |_, g, tile: String| {
            let slot = g.slot_of_tile(&tile)?;
            let key = g.state.decision().and_then(|d| {
                d.options
                    .iter()
                    .find(|o| matches!(o.action, Action::Move { to, .. } if to as usize == slot))
                    .map(|o| o.key.to_string())
            });
            match key {
                Some(k) => g.answer(&k),
                None => Err(mlua::Error::runtime(format!(
                    "no apprentice of the player asked can move to `{tile}` now; options: {}",
                    g.state
                        .decision()
                        .map(|d| d
                            .options
                            .iter()
                            .map(|o| &*o.key)
                            .collect::<Vec<_>>()
                            .join(", "))
                        .unwrap_or_default()
                ))),
            }
        });
        m.add_method_mut("finish_round", |_, g, ()| {
            // Answers `pass` where offered, else the first option, until the round
            // changes (the workshop phase included) or the game ends.
            let round = g.state.round;
            for _ in 0..10_000 {
                if g.state.round != round || g.state.is_over() {
                    return Ok(());
                }
                let d = g.state.decision().expect("not over");
                let key = d
                    .index_of("pass")
                    .map_or_else(|| d.options[0].key.to_string(), |_| "pass".to_string());
                g.answer(&key)?;
            }
            Err(mlua::Error::runtime(
                "the round did not end within 10,000 answers",
            ))
        });
    }
}

/// Runs every test of one file. `label` names it in messages (`pack/tests/x.lua`).
pub fn run_file(content: &Arc<Content>, label: &str, source: &str) -> Vec<TestResult> {
    run_matching(content, label, source, |_| true).0
}

/// Runs the tests of one file whose name `keep` accepts; the others are never called.
/// Returns the results and how many tests were left out. A file that does not load is
/// reported as a failed test named `(load)` whatever the filter, since which tests it
/// holds is unknown.
pub fn run_matching(
    content: &Arc<Content>,
    label: &str,
    source: &str,
    keep: impl Fn(&str) -> bool,
) -> (Vec<TestResult>, usize) {
    let fail = |name: &str, message: String| TestResult {
        file: label.to_string(),
        name: name.to_string(),
        passed: false,
        message: Some(message),
    };
    let shared = Rc::new(Shared::new(TEST_BUDGET, content.hook_seconds));
    let engine = match Engine::with_lua(Arc::clone(content)) {
        Ok(e) => Rc::new(RefCell::new(e)),
        Err(e) => return (vec![fail("(load)", e.to_string())], 0),
    };
    let lua = match sandbox::new_vm(content, &shared) {
        Ok(l) => l,
        Err(e) => return (vec![fail("(load)", e.to_string())], 0),
    };
    // The pack chain's modules and its test helpers, for `require` in tests.
    let mut modules = content.modules.clone();
    modules.extend(content.test_modules.clone());
    let (_, errors) = sandbox::load_module_map(&lua, modules, TEST_BUDGET, &shared);
    if !errors.is_empty() {
        let message = errors
            .iter()
            .map(|(file, e)| format!("{file}: {e}"))
            .collect::<Vec<_>>()
            .join("; ");
        return (vec![fail("(load)", message)], 0);
    }
    let setup = || -> mlua::Result<(Table, Table)> {
        let helpers: Table = lua.load(PRELUDE).set_name("=weft-test").eval()?;
        let tester = lua.create_table()?;
        tester.set("eq", helpers.get::<Function>("eq")?)?;
        tester.set("ok", helpers.get::<Function>("ok")?)?;
        let content2 = Arc::clone(content);
        let engine2 = Rc::clone(&engine);
        tester.set(
            "game",
            lua.create_function(move |_, (_, spec): (Value, Table)| {
                let players: usize = spec.get::<Option<usize>>("players")?.unwrap_or(2);
                let seed: u64 = spec.get::<Option<u64>>("seed")?.unwrap_or(1);
                let state = engine2
                    .borrow_mut()
                    .new_game(players, seed)
                    .map_err(|e| mlua::Error::runtime(e.to_string()))?;
                Ok(Game {
                    engine: Rc::clone(&engine2),
                    content: Arc::clone(&content2),
                    state,
                })
            })?,
        )?;
        sandbox::reset(&shared, TEST_BUDGET);
        let tests: Table = lua
            .load(source)
            .set_name(format!("@{label}"))
            .set_mode(mlua::ChunkMode::Text)
            .eval()?;
        Ok((tester, tests))
    };
    let (tester, tests) = match setup() {
        Ok(x) => x,
        Err(e) => {
            let message = format!(
                "{}; a test file returns a table of named test functions",
                script_message(sandbox::root_cause(&e))
            );
            return (vec![fail("(load)", message)], 0);
        }
    };
    let mut names: Vec<(String, Function)> = tests
        .pairs::<String, Function>()
        .filter_map(Result::ok)
        .collect();
    names.sort_by(|a, b| a.0.cmp(&b.0));
    if names.is_empty() {
        let message = "the file returns no test functions".to_string();
        return (vec![fail("(load)", message)], 0);
    }
    let total = names.len();
    names.retain(|(name, _)| keep(name));
    let left_out = total - names.len();
    let results = names
        .into_iter()
        .map(|(name, f)| {
            sandbox::reset(&shared, TEST_BUDGET);
            match f.call::<()>(tester.clone()) {
                Ok(()) => TestResult {
                    file: label.to_string(),
                    name,
                    passed: true,
                    message: None,
                },
                Err(e) => fail(&name, locate(&e, label)),
            }
        })
        .collect();
    (results, left_out)
}

/// The failure message with the test file's line in front: Lua assertions carry it
/// already; errors raised by the game handle get it from the traceback.
fn locate(e: &mlua::Error, label: &str) -> String {
    let message = script_message(sandbox::root_cause(e));
    if message.starts_with(label) {
        return message;
    }
    let trace = match e {
        mlua::Error::CallbackError { traceback, .. } => traceback.clone(),
        other => other.to_string(),
    };
    let line = trace
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with(label))
        .and_then(|l| l.split(':').nth(1))
        .map(|n| format!("{label}:{n}: "))
        .unwrap_or_else(|| format!("{label}: "));
    format!("{line}{message}")
}
