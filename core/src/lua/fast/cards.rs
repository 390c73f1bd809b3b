//! Fronts for the built-in commission decks: `draw`, `give` and `discard` (see the
//! parent module for how a front answers or hands a call on). A commission is found by
//! the address of its id's string, as `Content::card` finds it (the first of an id); the
//! change is made by the methods' own `Ctx` functions.

use std::os::raw::c_int;

use mlua::ffi;

use super::{entry, front_data, named, nothing, text, whole, with_change};
use crate::content::CardIx;

/// The commission whose id is argument `i`.
///
/// # Safety
/// `l` is a front's state.
unsafe fn commission_arg(l: *mut ffi::lua_State, i: c_int) -> Option<CardIx> {
    unsafe { CardIx::try_from(named(l, i, &front_data(l).commissions)?).ok() }
}

/// `ctx:draw(grade)`: the id of the card drawn, or `nil` when the deck and its discards
/// are empty. The front's list is the commission ids by index.
pub(super) unsafe extern "C-unwind" fn draw(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let drawn = with_change(l, |c| {
            let card = c.draw(text(l, 2)?).ok()?;
            Some(card.map(usize::from))
        });
        entry(l, drawn)
    }
}

/// `ctx:give(p, id)`: a card this hook drew goes to player `p`'s hand.
pub(super) unsafe extern "C-unwind" fn give(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let done = with_change(l, |c| {
            let p = c.player_slot(whole(l, 2)?)?;
            c.give(p, commission_arg(l, 3)?).ok()
        });
        nothing(l, done)
    }
}

/// `ctx:discard(id [, p])`: a card this hook drew, or else one from the hand of player
/// `p` (the acting player when not given), goes to its discard pile.
pub(super) unsafe extern "C-unwind" fn discard(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let done = with_change(l, |c| {
            let card = commission_arg(l, 2)?;
            let p = match ffi::lua_type(l, 3) {
                ffi::LUA_TNONE | ffi::LUA_TNIL => None,
                _ => Some(whole(l, 3)?),
            };
            c.discard_card(card, p).ok()
        });
        nothing(l, done)
    }
}
