//! The `ctx` functions of the board's worker-placement areas (board.toml `[[areas]]`):
//! which area a hook belongs to, who is placed where, and the verbs that close an area
//! or take one of its second-stage spaces for the round.

use mlua::{Lua, Table};

use super::ctx::{err, Ctx};
use crate::content::AreaId;
use crate::flow::Owner;

impl Ctx {
    /// The area named `id`; an error naming the board's areas when there is none.
    pub(super) fn area_arg(&self, id: &str) -> mlua::Result<AreaId> {
        self.content.board.area_index(id).ok_or_else(|| {
            err(format!(
                "`{id}` is not an area of board.toml ({})",
                self.content
                    .board
                    .areas
                    .iter()
                    .map(|a| a.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
    }

    /// A second-stage space number, 1..=64, as an index from 0.
    pub(super) fn stage_space(i: i64, verb: &str) -> mlua::Result<u8> {
        if (1..=64).contains(&i) {
            Ok((i - 1) as u8)
        } else {
            Err(err(format!(
                "ctx:{verb}: space {i} does not exist: second-stage spaces are numbered 1 to 64"
            )))
        }
    }

    /// `ctx:area()`: the id of the area this hook belongs to.
    pub(super) fn own_area(&self) -> mlua::Result<String> {
        match self.call.owner {
            Owner::Area { area } => Ok(self.content.board.areas[area as usize].id.clone()),
            _ => Err(err(
                "this hook belongs to no area: ctx:area() is for area hooks",
            )),
        }
    }

    /// `ctx:area_closed(id)`.
    pub(super) fn area_closed(&self, id: &str) -> mlua::Result<bool> {
        Ok(self.state.areas[self.area_arg(id)? as usize].closed)
    }

    /// `ctx:placements(id)`: per space of the area, the seat (from 1) of the worker on
    /// it, or `false`.
    pub(super) fn placements(&self, lua: &Lua, id: &str) -> mlua::Result<Table> {
        let a = self.area_arg(id)?;
        let t = lua.create_table()?;
        for (i, s) in self.state.areas[a as usize].placed.iter().enumerate() {
            match s {
                Some(p) => t.raw_set(i + 1, *p as i64 + 1)?,
                None => t.raw_set(i + 1, false)?,
            }
        }
        Ok(t)
    }

    /// `ctx:space_used(id, i)`: whether the area's second-stage space `i` is taken.
    pub(super) fn space_used(&self, id: &str, i: i64) -> mlua::Result<bool> {
        let a = self.area_arg(id)?;
        let i = Ctx::stage_space(i, "space_used")?;
        Ok(self.state.areas[a as usize].used.contains(&i))
    }

    /// `ctx:close_area(id)`: no worker may be placed in the area for the rest of the
    /// round; logged the first time.
    pub(super) fn close_area(&mut self, id: &str) -> mlua::Result<()> {
        let a = self.area_arg(id)?;
        let area = &mut self.state.areas_mut()[a as usize];
        if !area.closed {
            area.closed = true;
            let round = self.state.round;
            let player = self.call.player;
            let name = self.content.board.areas[a as usize].name.clone();
            self.log.push(round, player, "close_area", || {
                format!("{name} is closed for the rest of the round")
            });
        }
        Ok(())
    }

    /// `ctx:use_space(id, i)`: takes the area's second-stage space `i` for the round; an
    /// error when it is taken already.
    pub(super) fn use_space(&mut self, id: &str, i: i64) -> mlua::Result<()> {
        let a = self.area_arg(id)?;
        let k = Ctx::stage_space(i, "use_space")?;
        let used = &mut self.state.areas_mut()[a as usize].used;
        match used.binary_search(&k) {
            Ok(_) => Err(err(format!(
                "ctx:use_space: space {i} of area `{id}` is already taken this round; check ctx:space_used first"
            ))),
            Err(at) => {
                used.insert(at, k);
                Ok(())
            }
        }
    }
}
