//! The `ctx` functions of a hook's own tile: its display slots, counters and dice. The
//! verbs are shared by the `ctx` methods and their fast fronts (lua/fast/tile.rs), so
//! both make the same change and refuse the same calls; each refuses before it changes
//! anything.

use mlua::{Lua, Table};
use rand::Rng;

use super::ctx::{err, Ctx};
use crate::content::{MatId, SlotId};
use crate::flow::Owner;
use crate::limits::{MAX_HOLDING, MAX_TILE_COUNTERS, MAX_TILE_COUNTER_NAME};
use crate::state::{Die, TileState};

/// Most dice one tile holds (`ctx:add_die`).
const MAX_TILE_DICE: usize = 16;

/// Finding the hook's tile and its parts.
impl Ctx {
    /// The board slot of the hook's tile; an error for a hook that belongs to no tile.
    fn slot(&self) -> mlua::Result<SlotId> {
        match self.call.owner {
            Owner::Tile { slot } => Ok(slot),
            _ => Err(err(
                "this hook belongs to no tile, so it has no tile slots, dice or counters",
            )),
        }
    }

    /// This hook's tile.
    pub(super) fn tile_state(&self) -> mlua::Result<&TileState> {
        let slot = self.slot()?;
        Ok(&self.state.board[slot as usize])
    }

    /// This hook's tile, to change: copied first if another copy of the state shares it.
    fn tile_state_mut(&mut self) -> mlua::Result<&mut TileState> {
        let slot = self.slot()?;
        Ok(self.state.tile_mut(slot as usize))
    }

    /// Display slot `i` (from 1) of the hook's tile, as an index from 0.
    fn slot_index(&self, i: i64) -> mlua::Result<usize> {
        let len = self.tile_state()?.slots.len() as i64;
        if i >= 1 && i <= len {
            Ok((i - 1) as usize)
        } else {
            Err(err(format!(
                "display slot {i} does not exist: this tile has slots 1..{len}"
            )))
        }
    }

    /// The die kind named `kind`.
    fn die_kind(&self, kind: &str) -> mlua::Result<u8> {
        self.content
            .dice
            .iter()
            .position(|d| d.id == kind)
            .map(|i| i as u8)
            .ok_or_else(|| err(format!("`{kind}` is not a die kind")))
    }

    /// A face of a die of `kind`, from the game's generator.
    fn roll_die(&mut self, kind: u8) -> u8 {
        let faces = self.content.dice[kind as usize].faces.len();
        self.state.rng.random_range(0..faces) as u8
    }

    /// The material a die shows.
    fn face_name(&self, die: &Die) -> String {
        let d = &self.content.dice[die.kind as usize];
        self.content.materials[d.faces[die.face as usize] as usize]
            .id
            .clone()
    }
}

/// The reads of the hook's tile.
impl Ctx {
    /// `ctx:tile()`: the tile's id.
    pub(super) fn tile_id(&self) -> mlua::Result<String> {
        let t = self.tile_state()?.tile;
        Ok(self.content.tiles[t as usize].id.clone())
    }

    /// `ctx:slot(i)`: the material in display slot `i`, if any.
    pub(super) fn slot_material(&self, i: i64) -> mlua::Result<Option<mlua::String>> {
        let v = self.tile_state()?.slots[self.slot_index(i)?];
        Ok(v.map(|mat| self.names.materials[mat as usize].clone()))
    }

    /// `ctx:slots()`: the material in each display slot, `false` when empty.
    pub(super) fn slot_list(&self, lua: &Lua) -> mlua::Result<Table> {
        let t = lua.create_table()?;
        for (i, s) in self.tile_state()?.slots.iter().enumerate() {
            match s {
                Some(mat) => t.raw_set(i + 1, self.names.materials[*mat as usize].clone())?,
                None => t.raw_set(i + 1, false)?,
            }
        }
        Ok(t)
    }

    /// `ctx:dice()`: each die on the tile as `{kind, face}`.
    pub(super) fn dice_list(&self, lua: &Lua) -> mlua::Result<Table> {
        let t = lua.create_table()?;
        for (i, d) in self.tile_state()?.dice.iter().enumerate() {
            let e = lua.create_table()?;
            e.set("kind", self.content.dice[d.kind as usize].id.as_str())?;
            e.set("face", self.face_name(d))?;
            t.raw_set(i + 1, e)?;
        }
        Ok(t)
    }

    /// `ctx:counter(name)`: the tile's counter `name`, 0 when never set.
    pub(super) fn tile_counter(&self, name: &str) -> mlua::Result<i64> {
        Ok(self.tile_state()?.counters.get(name).copied().unwrap_or(0))
    }

    /// The board slot `what` names: the slot holding the tile with that id, else the
    /// slot with that id; an error naming both when neither is on the board.
    fn board_slot(&self, what: &str) -> mlua::Result<usize> {
        let by_tile = self
            .content
            .tile(what)
            .and_then(|t| self.state.board.iter().position(|x| x.tile == t));
        match by_tile.or_else(|| self.content.board.slot_index(what).map(usize::from)) {
            Some(slot) if slot < self.state.board.len() => Ok(slot),
            _ => Err(err(format!(
                "`{what}` is neither a tile on the board nor a slot of board.toml"
            ))),
        }
    }

    /// `ctx:tile_counter_of(what, name)`: a counter of any tile on the board, named by its
    /// id or its slot's (0 if unset), so a hook that values a position (`[score]
    /// potential`) reads what a tile keeps for a player.
    pub(super) fn tile_counter_of(&self, what: &str, name: &str) -> mlua::Result<i64> {
        let slot = self.board_slot(what)?;
        Ok(self.state.board[slot]
            .counters
            .get(name)
            .copied()
            .unwrap_or(0))
    }

    /// `ctx:board_tiles()`: the board's slots in order, `{slot, tile, counters}` each
    /// (`counters` a copy of the tile's counters). Every slot holds a tile.
    pub(super) fn board_tiles(&self, lua: &Lua) -> mlua::Result<Table> {
        let list = lua.create_table()?;
        for (i, t) in self.state.board.iter().enumerate() {
            let entry = lua.create_table()?;
            entry.raw_set("slot", self.content.board.slots[i].id.as_str())?;
            entry.raw_set("tile", self.content.tiles[t.tile as usize].id.as_str())?;
            let counters = lua.create_table()?;
            for (k, v) in &t.counters {
                counters.raw_set(k.as_str(), *v)?;
            }
            entry.raw_set("counters", counters)?;
            list.raw_set(i + 1, entry)?;
        }
        Ok(list)
    }
}

/// The verbs of the hook's tile.
impl Ctx {
    /// `ctx:set_slot_count(n)`: the tile's display has `n` slots (new ones empty).
    pub(super) fn set_slot_count(&mut self, n: i64) -> mlua::Result<()> {
        if !(0..=64).contains(&n) {
            return Err(err("a tile has between 0 and 64 display slots"));
        }
        self.tile_state_mut()?.slots.resize(n as usize, None);
        Ok(())
    }

    /// `ctx:put_slot(i, what)`: display slot `i` of the hook's tile holds material
    /// `what`, or nothing.
    pub(super) fn put_slot(&mut self, i: i64, what: Option<&str>) -> mlua::Result<()> {
        let i = self.slot_index(i)?;
        let mat = what.map(|w| self.material(w)).transpose()?;
        self.tile_state_mut()?.slots[i] = mat;
        Ok(())
    }

    /// `ctx:take_slot(i)`: empties display slot `i` of the hook's tile; what it held.
    pub(super) fn take_slot(&mut self, i: i64) -> mlua::Result<Option<MatId>> {
        let i = self.slot_index(i)?;
        Ok(self.tile_state_mut()?.slots[i].take())
    }

    /// `ctx:set_counter(name, v)`: the hook's tile's counter `name` holds `v`.
    pub(super) fn set_tile_counter(&mut self, name: &str, v: i64) -> mlua::Result<()> {
        if v.abs() > MAX_HOLDING {
            return Err(err(format!(
                "ctx:set_counter: {v} is out of range: counters hold whole numbers within ±{MAX_HOLDING}"
            )));
        }
        let counters = &mut self.tile_state_mut()?.counters;
        if !counters.contains_key(name) && counters.len() >= MAX_TILE_COUNTERS {
            return Err(err(format!(
                "a tile keeps at most {MAX_TILE_COUNTERS} counters"
            )));
        }
        if name.len() > MAX_TILE_COUNTER_NAME {
            return Err(err(format!(
                "counter names are limited to {MAX_TILE_COUNTER_NAME} bytes"
            )));
        }
        match counters.get_mut(name) {
            Some(held) => *held = v,
            None => {
                counters.insert(name.to_string(), v);
            }
        }
        Ok(())
    }

    /// `ctx:roll(kind)`: rolls a die of `kind` (kept nowhere); the material it shows.
    pub(super) fn roll(&mut self, kind: &str) -> mlua::Result<String> {
        let kind = self.die_kind(kind)?;
        let face = self.roll_die(kind);
        Ok(self.face_name(&Die { kind, face }))
    }

    /// R-DICE-2: rolls each die on this hook's tile again, in order, and returns the
    /// material each now shows. The method and its front both call it, after counting
    /// the change.
    pub(super) fn reroll_dice(&mut self) -> mlua::Result<Vec<MatId>> {
        let slot = self.slot()? as usize;
        let count = self.state.board[slot].dice.len();
        let mut shown = Vec::with_capacity(count);
        for i in 0..count {
            let kind = self.state.board[slot].dice[i].kind;
            let face = self.roll_die(kind);
            self.state.tile_mut(slot).dice[i].face = face;
            shown.push(self.content.dice[kind as usize].faces[face as usize]);
        }
        Ok(shown)
    }

    /// `ctx:add_die(kind)`: a die of `kind`, rolled, joins this hook's tile; the face
    /// it shows. Everything is checked before the die is rolled, so a refused call
    /// leaves the game's generator where it was.
    pub(super) fn add_die(&mut self, kind: &str) -> mlua::Result<String> {
        let kind = self.die_kind(kind)?;
        if self.tile_state()?.dice.len() >= MAX_TILE_DICE {
            return Err(err(format!("a tile holds at most {MAX_TILE_DICE} dice")));
        }
        let face = self.roll_die(kind);
        let die = Die { kind, face };
        let name = self.face_name(&die);
        self.tile_state_mut()?.dice.push(die);
        Ok(name)
    }
}
