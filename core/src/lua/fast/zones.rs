//! Fronts for the zone functions (see the parent module for how a front answers or
//! hands a call on): the reads `cards`, `zone_size`, `grid`, `room`, `marks` and
//! `find_card`, and the verb `move_card`, which the library's `weft.cards` draws, keeps
//! and discards cards of decks with. A zone is found by the address of its id's string (see
//! [`super::by_address`]); the move is made by the method's own `Ctx` function.

use std::os::raw::c_int;

use mlua::ffi;

use super::{
    entry, front_data, named, new_list, number, number_or_nil, pack_card_arg, slow, whole,
    with_change, with_ctx, Entries,
};
use crate::content::{ZoneId, ZoneOwner};
use crate::lua::ctx::Ctx;
use crate::zones::ZoneRef;

/// The zone whose id is argument `i`.
///
/// # Safety
/// `l` is a front's state.
unsafe fn zone_arg(l: *mut ffi::lua_State, i: c_int) -> Option<ZoneId> {
    unsafe { ZoneId::try_from(named(l, i, &front_data(l).zones)?).ok() }
}

/// Zone `zone` in play, of player `p` (from 0) for a player zone, as `ZoneRef::named`
/// makes it: a shared zone leaves the player aside, a player zone needs one.
fn zone_of(c: &Ctx, zone: ZoneId, p: Option<usize>) -> Option<ZoneRef> {
    match (c.content.zones[zone as usize].owner, p) {
        (ZoneOwner::Shared, _) => Some(ZoneRef { zone, player: None }),
        (ZoneOwner::Player, Some(p)) => Some(ZoneRef {
            zone,
            player: Some(p),
        }),
        (ZoneOwner::Player, None) => None,
    }
}

/// The optional player argument at `i`, from 0: `Some(None)` when it is absent or nil,
/// `None` when it is not a player (the method then says why).
///
/// # Safety
/// `l` is a front's state.
unsafe fn player_at(l: *mut ffi::lua_State, c: &Ctx, i: c_int) -> Option<Option<usize>> {
    unsafe {
        match ffi::lua_type(l, i) {
            ffi::LUA_TNONE | ffi::LUA_TNIL => Some(None),
            _ => Some(Some(c.player_slot(whole(l, i)?)?)),
        }
    }
}

/// The zone named by argument 2, of the player at argument `player` (optional), when
/// well formed.
///
/// # Safety
/// `l` is a front's state.
unsafe fn zone_at(l: *mut ffi::lua_State, c: &Ctx, player: c_int) -> Option<ZoneRef> {
    unsafe {
        let p = player_at(l, c, player)?;
        zone_of(c, zone_arg(l, 2)?, p)
    }
}

/// The index (from 0) in zone `z` that argument `i` names, as the method reads a
/// position: a whole number (from 1, negative from the end), or the id of a card in the
/// zone (its first position).
///
/// # Safety
/// `l` is a front's state.
unsafe fn pos_at(l: *mut ffi::lua_State, c: &Ctx, z: ZoneRef, i: c_int) -> Option<usize> {
    unsafe {
        if ffi::lua_type(l, i) == ffi::LUA_TSTRING {
            let card = pack_card_arg(l, i)? as crate::content::CardIx;
            let cards = &z.get(&c.content, &c.state).cards;
            return cards.iter().position(|&x| x == Some(card));
        }
        crate::zones::position(&c.content, &c.state, z, whole(l, i)?).ok()
    }
}

/// `ctx:cards(zone, p)`: the cards of a zone (`false` for an empty place of a grid), a
/// new list.
pub(in crate::lua) unsafe extern "C-unwind" fn cards(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| {
            let cards = &zone_at(l, c, 3)?.get(&c.content, &c.state).cards;
            Entries::collect(cards.iter().map(|k| k.map(|k| k as usize)))
        });
        new_list(l, v)
    }
}

/// `ctx:zone_size(zone, p)`.
pub(in crate::lua) unsafe extern "C-unwind" fn zone_size(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| {
            Some(zone_at(l, c, 3)?.get(&c.content, &c.state).cards.len() as i64)
        });
        number(l, v)
    }
}

/// `ctx:grid(zone)`: the rows and columns of a grid zone at this player count.
pub(in crate::lua) unsafe extern "C-unwind" fn grid(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| {
            let z = zone_of(c, zone_arg(l, 2)?, None)?;
            c.content.zones[z.zone as usize].grid_size(c.state.players.len())
        });
        match v {
            Some((rows, columns)) => {
                ffi::lua_pushnumber(l, rows as f64);
                ffi::lua_pushnumber(l, columns as f64);
                2
            }
            None => slow(l),
        }
    }
}

/// `ctx:room(zone, p)`: the room left under a zone's cap, or `nil` with no cap.
pub(in crate::lua) unsafe extern "C-unwind" fn room(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| {
            let room = crate::zones::room(&c.content, &c.state, zone_at(l, c, 3)?);
            Some(room.map(i64::from))
        });
        number_or_nil(l, v)
    }
}

/// `ctx:marks(zone, pos, p)`: the marks at a position.
pub(in crate::lua) unsafe extern "C-unwind" fn marks(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| {
            let z = zone_at(l, c, 4)?;
            let i = pos_at(l, c, z, 3)?;
            Some(crate::zones::mark_at(&c.content, &c.state, z, i))
        });
        number(l, v)
    }
}

/// `ctx:find_card(zone, card, p)`: the first position of a pack card in a zone, or
/// `nil`.
pub(in crate::lua) unsafe extern "C-unwind" fn find_card(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| {
            let z = zone_at(l, c, 4)?;
            let ix = pack_card_arg(l, 3)? as crate::content::CardIx;
            let cards = &z.get(&c.content, &c.state).cards;
            Some(
                cards
                    .iter()
                    .position(|&x| x == Some(ix))
                    .map(|k| k as i64 + 1),
            )
        });
        number_or_nil(l, v)
    }
}

/// `ctx:move_card(zone, pos, to, p)`: moves the card at a position (or of an id) onto
/// zone `to` and returns its id (the front's list is the card ids by index). A move the zones refuse
/// goes to the method before anything changed.
pub(in crate::lua) unsafe extern "C-unwind" fn move_card(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let moved = with_change(l, |c| {
            let p = player_at(l, c, 5)?;
            let from = zone_of(c, zone_arg(l, 2)?, p)?;
            let to = zone_of(c, zone_arg(l, 4)?, p)?;
            let i = pos_at(l, c, from, 3)?;
            let card = c.move_card_at(from, i, to).ok()?;
            Some(Some(usize::from(card)))
        });
        entry(l, moved)
    }
}
