//! The `ctx` functions of markers on board slots (`[[markers]]`, trading posts): place
//! and take back one, who has what where, and how many a player has left.

use mlua::{Lua, Table};

use super::ctx::{err, Ctx};
use crate::content::SlotId;
use crate::markers;

impl Ctx {
    /// The marker kind named `id`; an error naming the kinds when there is none.
    fn marker_kind(&self, id: &str) -> mlua::Result<usize> {
        markers::kind_index(&self.content, id).ok_or_else(|| {
            let ids: Vec<&str> = self.content.markers.iter().map(|m| m.id.as_str()).collect();
            err(format!(
                "`{id}` is not a marker of game.toml ({})",
                if ids.is_empty() {
                    "it declares none".to_string()
                } else {
                    ids.join(", ")
                }
            ))
        })
    }

    /// The slot named `id`; an error when the board has none.
    pub(super) fn slot_named(&self, id: &str) -> mlua::Result<SlotId> {
        self.content
            .board
            .slot_index(id)
            .ok_or_else(|| err(format!("`{id}` is not a slot of board.toml")))
    }

    /// `ctx:place_marker(p, kind, slot)`.
    pub(super) fn place_marker(&mut self, p: i64, kind: &str, slot: &str) -> mlua::Result<()> {
        let p = self.player_index(p)?;
        let k = self.marker_kind(kind)?;
        let s = self.slot_named(slot)?;
        let c = std::sync::Arc::clone(&self.content);
        markers::place(&c, &mut self.state, &mut self.log, (k, p, s)).map_err(err)
    }

    /// `ctx:remove_marker(p, kind, slot)`.
    pub(super) fn remove_marker(&mut self, p: i64, kind: &str, slot: &str) -> mlua::Result<()> {
        let p = self.player_index(p)?;
        let k = self.marker_kind(kind)?;
        let s = self.slot_named(slot)?;
        let c = std::sync::Arc::clone(&self.content);
        markers::remove(&c, &mut self.state, &mut self.log, (k, p, s)).map_err(err)
    }

    /// `ctx:markers(kind, slot)`: the players (from 1) with a marker there, one entry
    /// per marker, in the order placed.
    pub(super) fn markers_on(&self, lua: &Lua, kind: &str, slot: &str) -> mlua::Result<Table> {
        let k = self.marker_kind(kind)?;
        let s = self.slot_named(slot)?;
        let t = lua.create_table()?;
        for (i, &(_, q)) in self.state.markers[k]
            .iter()
            .filter(|&&(at, _)| at == s)
            .enumerate()
        {
            t.raw_set(i + 1, i64::from(q) + 1)?;
        }
        Ok(t)
    }

    /// `ctx:markers_of(p, kind)`: the slot ids holding p's markers, in the order placed.
    pub(super) fn markers_of(&self, lua: &Lua, p: i64, kind: &str) -> mlua::Result<Table> {
        let p = self.player_index(p)?;
        let k = self.marker_kind(kind)?;
        let t = lua.create_table()?;
        for (i, &(s, _)) in self.state.markers[k]
            .iter()
            .filter(|&&(_, q)| q as usize == p)
            .enumerate()
        {
            t.raw_set(i + 1, self.content.board.slots[s as usize].id.as_str())?;
        }
        Ok(t)
    }

    /// `ctx:placed_this_turn(p, kind, slot)`: whether p placed a marker of that kind on
    /// the slot during this turn (M-MOVE-9).
    pub(super) fn marker_placed_this_turn(
        &self,
        p: i64,
        kind: &str,
        slot: &str,
    ) -> mlua::Result<bool> {
        let p = self.player_index(p)?;
        let k = self.marker_kind(kind)?;
        let s = self.slot_named(slot)?;
        Ok(markers::placed_this_turn(&self.state, k, p, s))
    }

    /// `ctx:markers_left(p, kind)`.
    pub(super) fn markers_left(&self, p: i64, kind: &str) -> mlua::Result<usize> {
        let p = self.player_index(p)?;
        let k = self.marker_kind(kind)?;
        Ok(markers::left(&self.content, &self.state, k, p))
    }
}
