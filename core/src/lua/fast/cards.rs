//! Fronts for the built-in commission decks: `draw`, `give` and `discard` (see the
//! parent module for how a front answers or hands a call on). A commission is found by
//! the address of its id's string, as `Content::card` finds it (the first of an id).

use std::os::raw::c_int;
use std::sync::Arc;

use mlua::ffi;

use super::{entry, front_data, named, nothing, text, whole, with_change};
use crate::content::CardId;
use crate::ops;

/// The commission whose id is argument `i`.
///
/// # Safety
/// `l` is a front's state.
unsafe fn commission_arg(l: *mut ffi::lua_State, i: c_int) -> Option<CardId> {
    unsafe { CardId::try_from(named(l, i, &front_data(l).commissions)?).ok() }
}

/// `ctx:draw(grade)`: the id of the card drawn, or `nil` when the deck and its discards
/// are empty. The front's list is the commission ids by index.
pub(super) unsafe extern "C-unwind" fn draw(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let drawn = with_change(l, |c| {
            let grade = c.content.grade(text(l, 2)?)?;
            let content = Arc::clone(&c.content);
            let card = ops::draw_card(&content, &mut c.state, &mut c.log, grade);
            c.drawn.extend(card);
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
            let card = commission_arg(l, 3)?;
            let at = c.drawn.iter().position(|&d| d == card)?;
            c.drawn.remove(at);
            let content = Arc::clone(&c.content);
            crate::decks::to_hand(&content, &mut c.state, p, card);
            let round = c.state.round;
            c.log.push(round, Some(p), "take_card", || {
                format!(
                    "takes commission {} into hand",
                    content.commissions[card as usize].id
                )
            });
            Some(())
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
            let named = match ffi::lua_type(l, 3) {
                ffi::LUA_TNONE | ffi::LUA_TNIL => None,
                _ => Some(whole(l, 3)?),
            };
            let content = Arc::clone(&c.content);
            if let Some(at) = c.drawn.iter().position(|&d| d == card) {
                c.drawn.remove(at);
            } else {
                let p = match named {
                    Some(n) => c.player_slot(n)?,
                    None => c.call.player?,
                };
                // Refused before it changes anything: the method says why.
                if !crate::decks::take_from_hand(&content, &mut c.state, p, card) {
                    return None;
                }
            }
            crate::decks::discard(&content, &mut c.state, card);
            let round = c.state.round;
            let player = c.call.player;
            c.log.push(round, player, "discard", || {
                format!(
                    "discards commission {}",
                    content.commissions[card as usize].id
                )
            });
            Some(())
        });
        nothing(l, done)
    }
}
