//! The `ctx` functions of travel over the board's paths (`ctx:travel`, M-MOVE-1..4):
//! starting one, the path of the last one (for `[movement] arrive`), and where a
//! player's pieces stand.

use mlua::{Lua, Table, Value};

use super::ctx::{err, Ctx, Whole};
use crate::flow::Job;

/// The most steps one travel may count.
const MAX_STEPS: i64 = 64;

/// The most pieces one player may have (`ctx:add_piece`).
pub const MAX_PIECES: usize = 8;

impl Ctx {
    /// `ctx:travel(p, opts)`: queues a travel for player p: `opts.max` steps at most
    /// (required, 1 to 64), `opts.min` at least before stopping (default 1), `opts.piece`
    /// (default 1), `opts.unpaid` (counters the paths' costs are not paid in) and
    /// `opts.free_kind` (a slot kind entered as an inner node without counting a step)
    /// and `opts.tag` (a word `ctx:travel_path()` gives back).
    pub(super) fn queue_travel(&mut self, p: i64, opts: Table) -> mlua::Result<()> {
        let p = self.player_index(p)?;
        let whole = |key: &str, default: Option<i64>| -> mlua::Result<i64> {
            match opts.raw_get::<Value>(key)? {
                Value::Nil => {
                    default.ok_or_else(|| err(format!("ctx:travel: opts.{key} is required")))
                }
                Value::Integer(n) => Ok(n),
                Value::Number(f) if f.fract() == 0.0 && f.abs() < 1e9 => Ok(f as i64),
                other => Err(err(format!(
                    "ctx:travel: opts.{key} must be a whole number, not a {}",
                    other.type_name()
                ))),
            }
        };
        let max = whole("max", None)?;
        let min = whole("min", Some(1))?;
        let piece = whole("piece", Some(1))?;
        if !(1..=MAX_STEPS).contains(&max) {
            return Err(err(format!(
                "ctx:travel: opts.max = {max}; a travel counts 1 to {MAX_STEPS} steps"
            )));
        }
        if !(0..=max).contains(&min) {
            return Err(err(format!(
                "ctx:travel: opts.min = {min}; it is 0 to opts.max ({max})"
            )));
        }
        let pieces = self.state.players[p].pieces.len() as i64;
        if !(1..=pieces).contains(&piece) {
            return Err(err(format!(
                "ctx:travel: player {} has no piece {piece} (pieces are 1 to {pieces})",
                p + 1
            )));
        }
        let mut unpaid = Vec::new();
        if let Some(list) = opts.raw_get::<Option<Table>>("unpaid")? {
            for name in list.sequence_values::<String>() {
                unpaid.push(self.counter_id_of(&name?)?);
            }
        }
        let free_kind = opts.raw_get::<Option<String>>("free_kind")?;
        if let Some(kind) = &free_kind {
            let slots = &self.content.board.slots;
            if !slots.iter().any(|s| &s.kind == kind) {
                let mut kinds: Vec<&str> = slots.iter().map(|s| s.kind.as_str()).collect();
                kinds.sort_unstable();
                kinds.dedup();
                return Err(err(format!(
                    "ctx:travel: opts.free_kind `{kind}` is the kind of no slot (kinds: {})",
                    kinds.join(", ")
                )));
            }
        }
        let tag = opts.raw_get::<Option<String>>("tag")?;
        if tag.as_ref().is_some_and(|t| t.len() > 64) {
            return Err(err("ctx:travel: opts.tag is at most 64 characters"));
        }
        let at = self.state.players[p].pieces[(piece - 1) as usize].at;
        self.state.flow.incoming.push(Job::Travel {
            player: p,
            piece: (piece - 1) as u8,
            max: max as u8,
            min: min as u8,
            steps: 0,
            path: vec![at],
            unpaid,
            free_kind,
            tag,
        });
        Ok(())
    }

    /// `ctx:travel_path()`: the last travel that ended, as `{player, piece, steps, path, tag}`
    /// (`path`: slot ids from where it started), or nil.
    pub(super) fn travel_path(&self, lua: &Lua) -> mlua::Result<Value> {
        let Some(t) = &self.state.flow.travelled else {
            return Ok(Value::Nil);
        };
        let out = lua.create_table()?;
        out.set("player", t.player as i64 + 1)?;
        out.set("piece", i64::from(t.piece) + 1)?;
        out.set("steps", t.steps)?;
        out.set("tag", t.tag.as_deref())?;
        let path = lua.create_table()?;
        for (i, &s) in t.path.iter().enumerate() {
            path.raw_set(i + 1, self.content.board.slots[s as usize].id.as_str())?;
        }
        out.set("path", path)?;
        Ok(Value::Table(out))
    }

    /// `ctx:piece_count(p)`: how many pieces player p has (`ctx:piece_at(p, piece)`, below,
    /// says where one stands).
    pub(super) fn piece_count(&self, Whole(p): Whole) -> mlua::Result<usize> {
        let p = self.player_index(p)?;
        Ok(self.state.players[p].pieces.len())
    }

    /// `ctx:add_piece(p [, slot])`: gives player p one more piece, on `slot` (default:
    /// where their first piece stands, else the start slot); returns its number (from 1).
    /// At most [`MAX_PIECES`] each.
    pub(super) fn add_piece(
        &mut self,
        Whole(p): Whole,
        slot: Option<String>,
    ) -> mlua::Result<usize> {
        let p = self.player_index(p)?;
        let at =
            match slot {
                Some(id) => self.content.board.slot_index(&id).ok_or_else(|| {
                    err(format!("ctx:add_piece: `{id}` is not a slot of board.toml"))
                })?,
                None => match self.state.players[p].pieces.first() {
                    Some(piece) => piece.at,
                    None => self.content.start_slot,
                },
            };
        if self.state.players[p].pieces.len() >= MAX_PIECES {
            return Err(err(format!(
                "ctx:add_piece: player {} has {MAX_PIECES} pieces, the most a player may have",
                p + 1
            )));
        }
        let Some(slot) = self.content.board.slots.get(at as usize) else {
            return Err(err(
                "ctx:add_piece: the game has no board slot to put a piece on",
            ));
        };
        let round = self.state.round;
        let name = slot.id.clone();
        self.state
            .player_mut(p)
            .pieces
            .push(crate::state::Piece { at, moved: false });
        self.log.push(round, Some(p), "piece", || {
            format!("gains a piece on {name}")
        });
        Ok(self.state.players[p].pieces.len())
    }

    /// `ctx:routes(slot)`: the paths from a slot, each `{to, cost = {counter = n},
    /// requires = {counter = n}}`, in the board's neighbour order (a move a script makes
    /// itself, e.g. a caravan's that pays nothing but needs the gates, M-CARAVAN-6).
    pub(super) fn routes_from(&self, lua: &Lua, slot: &str) -> mlua::Result<Table> {
        let from = self.slot_named(slot)?;
        let board = &self.content.board;
        let out = lua.create_table()?;
        for (i, &to) in board.neighbours[from as usize].iter().enumerate() {
            let entry = lua.create_table()?;
            entry.set("to", board.slots[to as usize].id.as_str())?;
            let cost = lua.create_table()?;
            let requires = lua.create_table()?;
            if let Some(r) = board.route(from, to) {
                for &(k, n) in &r.cost {
                    cost.set(self.content.counters[k as usize].id.as_str(), n)?;
                }
                for &(k, n) in &r.requires {
                    requires.set(self.content.counters[k as usize].id.as_str(), n)?;
                }
            }
            entry.set("cost", cost)?;
            entry.set("requires", requires)?;
            out.raw_set(i + 1, entry)?;
        }
        Ok(out)
    }

    /// `ctx:piece_at(p, piece)`: the slot id where player p's piece stands.
    pub(super) fn piece_at(&self, Whole(p): Whole, Whole(piece): Whole) -> mlua::Result<String> {
        let p = self.player_index(p)?;
        let pieces = &self.state.players[p].pieces;
        let i = usize::try_from(piece - 1)
            .ok()
            .filter(|&i| i < pieces.len())
            .ok_or_else(|| {
                err(format!(
                    "player {} has no piece {piece} (pieces are 1 to {})",
                    p + 1,
                    pieces.len()
                ))
            })?;
        Ok(self.content.board.slots[pieces[i].at as usize].id.clone())
    }
}
