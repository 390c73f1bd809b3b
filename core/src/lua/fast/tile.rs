//! Fronts for the reads and verbs of a hook's own tile: its display slots and its
//! counters (see the parent module for how a front answers or hands a call on).

use std::os::raw::c_int;
use std::sync::Arc;

use mlua::ffi;

use super::{entry, new_list, nothing, number, text, whole, with_change, with_ctx, Entries};
use crate::flow::Owner;
use crate::limits::{MAX_HOLDING, MAX_TILE_COUNTERS, MAX_TILE_COUNTER_NAME};

/// The board index of the hook's tile, when the hook belongs to a tile.
fn own_tile(c: &super::Ctx) -> Option<usize> {
    match c.call.owner {
        Owner::Tile { slot } if (slot as usize) < c.state.board.len() => Some(slot as usize),
        _ => None,
    }
}

/// Argument `i` as a display slot of tile `t`, from 0, when it is one.
///
/// # Safety
/// `l` is a front's state.
unsafe fn slot_arg(l: *mut ffi::lua_State, c: &super::Ctx, t: usize, i: c_int) -> Option<usize> {
    unsafe {
        let i = whole(l, i)?;
        let len = c.state.board[t].slots.len() as i64;
        (1..=len).contains(&i).then(|| (i - 1) as usize)
    }
}

/// `ctx:slot(i)`: the material in display slot `i` of this hook's tile, or `nil`.
pub(super) unsafe extern "C-unwind" fn slot(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| {
            let t = own_tile(c)?;
            let i = slot_arg(l, c, t, 2)?;
            Some(c.state.board[t].slots[i].map(|m| m as usize))
        });
        entry(l, v)
    }
}

/// `ctx:slots()`: the material in each display slot of this hook's tile (`false` when
/// empty), a new list.
pub(super) unsafe extern "C-unwind" fn slots(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| {
            let slots = &c.state.board[own_tile(c)?].slots;
            Entries::collect(slots.iter().map(|m| m.map(|m| m as usize)))
        });
        new_list(l, v)
    }
}

/// `ctx:slot_count()`.
pub(super) unsafe extern "C-unwind" fn slot_count(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| Some(c.state.board[own_tile(c)?].slots.len() as i64));
        number(l, v)
    }
}

/// `ctx:counter(name)`: the tile's counter, 0 when never set.
pub(super) unsafe extern "C-unwind" fn counter(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| {
            let counters = &c.state.board[own_tile(c)?].counters;
            Some(counters.get(text(l, 2)?).copied().unwrap_or(0))
        });
        number(l, v)
    }
}

/// `ctx:put_slot(i, material)`: `nil` empties the slot.
pub(super) unsafe extern "C-unwind" fn put_slot(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let done = with_change(l, |c| {
            let t = own_tile(c)?;
            let i = slot_arg(l, c, t, 2)?;
            let mat = match ffi::lua_type(l, 3) {
                ffi::LUA_TNONE | ffi::LUA_TNIL => None,
                ffi::LUA_TSTRING => Some(c.content.material(text(l, 3)?)?),
                _ => return None,
            };
            Arc::make_mut(&mut c.state.board[t]).slots[i] = mat;
            Some(())
        });
        nothing(l, done)
    }
}

/// `ctx:take_slot(i)`: empties the slot and returns what it held, or `nil`.
pub(super) unsafe extern "C-unwind" fn take_slot(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_change(l, |c| {
            let t = own_tile(c)?;
            let i = slot_arg(l, c, t, 2)?;
            let taken = Arc::make_mut(&mut c.state.board[t]).slots[i].take();
            Some(taken.map(|m| m as usize))
        });
        entry(l, v)
    }
}

/// `ctx:set_counter(name, value)`.
pub(super) unsafe extern "C-unwind" fn set_counter(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let done = with_change(l, |c| {
            let t = own_tile(c)?;
            let name = text(l, 2)?;
            let v = whole(l, 3)?;
            let counters = &c.state.board[t].counters;
            let new = !counters.contains_key(name);
            if v.abs() > MAX_HOLDING
                || (new && counters.len() >= MAX_TILE_COUNTERS)
                || name.len() > MAX_TILE_COUNTER_NAME
            {
                return None; // the method says which limit
            }
            let counters = &mut Arc::make_mut(&mut c.state.board[t]).counters;
            match counters.get_mut(name) {
                Some(held) => *held = v,
                None => {
                    counters.insert(name.to_string(), v);
                }
            }
            Some(())
        });
        nothing(l, done)
    }
}
