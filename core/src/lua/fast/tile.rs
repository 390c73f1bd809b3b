//! Fronts for the reads and verbs of a hook's own tile: its display slots and its
//! counters (see the parent module for how a front answers or hands a call on). The
//! verbs make their change through the methods' own `Ctx` functions.

use std::os::raw::c_int;

use mlua::ffi;

use super::{entry, new_list, nothing, number, text, whole, with_change, with_ctx, Entries};
use crate::flow::Owner;

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
pub(in crate::lua) unsafe extern "C-unwind" fn slot(l: *mut ffi::lua_State) -> c_int {
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
pub(in crate::lua) unsafe extern "C-unwind" fn slots(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| {
            let slots = &c.state.board[own_tile(c)?].slots;
            Entries::collect(slots.iter().map(|m| m.map(|m| m as usize)))
        });
        new_list(l, v)
    }
}

/// `ctx:slot_count()`.
pub(in crate::lua) unsafe extern "C-unwind" fn slot_count(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| Some(c.state.board[own_tile(c)?].slots.len() as i64));
        number(l, v)
    }
}

/// `ctx:counter(name)`: the tile's counter, 0 when never set.
pub(in crate::lua) unsafe extern "C-unwind" fn counter(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| {
            let counters = &c.state.board[own_tile(c)?].counters;
            Some(counters.get(text(l, 2)?).copied().unwrap_or(0))
        });
        number(l, v)
    }
}

/// `ctx:put_slot(i, material)`: `nil` empties the slot.
pub(in crate::lua) unsafe extern "C-unwind" fn put_slot(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let done = with_change(l, |c| {
            let what = match ffi::lua_type(l, 3) {
                ffi::LUA_TNONE | ffi::LUA_TNIL => None,
                ffi::LUA_TSTRING => Some(text(l, 3)?),
                _ => return None,
            };
            c.put_slot(whole(l, 2)?, what).ok()
        });
        nothing(l, done)
    }
}

/// `ctx:take_slot(i)`: empties the slot and returns what it held, or `nil`.
pub(in crate::lua) unsafe extern "C-unwind" fn take_slot(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_change(l, |c| {
            let taken = c.take_slot(whole(l, 2)?).ok()?;
            Some(taken.map(usize::from))
        });
        entry(l, v)
    }
}

/// `ctx:set_counter(name, value)`.
pub(in crate::lua) unsafe extern "C-unwind" fn set_counter(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let done = with_change(l, |c| c.set_tile_counter(text(l, 2)?, whole(l, 3)?).ok());
        nothing(l, done)
    }
}

/// `ctx:reroll_dice()`: rolls the tile's dice again and returns the materials they
/// show, a new list.
pub(in crate::lua) unsafe extern "C-unwind" fn reroll_dice(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_change(l, |c| {
            // Nothing may be handed on once the dice are rolled: a list too long for a
            // front goes to the method before.
            if c.state.board[own_tile(c)?].dice.len() > super::MAX_ENTRIES {
                return None;
            }
            let shown = c.reroll_dice().ok()?;
            Entries::collect(shown.into_iter().map(|m| Some(m as usize)))
        });
        new_list(l, v)
    }
}
