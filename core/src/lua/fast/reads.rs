//! Fronts for reads that walk or build tables (see the parent module for how a front
//! answers or hands a call on): `can_afford`, which reads a cost table, `pool`, which
//! makes a table for each die, the marker reads `markers` and `markers_of`, and
//! `travel_path`, which makes a table of the last travel. Through
//! mlua each of these costs a few thousand instructions a call (a protected call for
//! every field set or read); a turn of dice placement asks them dozens of times.
//! Counters, marker kinds and slots are found by the address of their id's string (see
//! [`super::by_address`]).

use std::os::raw::c_int;

use mlua::ffi;

use super::{front_data, named, new_list, slow, whole, with_ctx, Entries};
use crate::content::CounterId;
use crate::limits::MAX_AMOUNT;
use crate::ops;

/// Most counters a cost table the front reads holds (the method takes up to 64).
const MAX_COSTS: usize = 16;

/// Most dice a pool the front lists holds; a larger pool goes to the method.
const MAX_DICE: usize = 32;

/// The cost table at argument `i` as (counter, amount) pairs, sorted as the method
/// sorts them, when every key is a counter's id and every amount a whole number in
/// 0..=[`MAX_AMOUNT`]; `None` (the method then answers, or raises its error) otherwise.
///
/// # Safety
/// `l` is a front's state, with room for two more values on its stack.
unsafe fn costs_at(
    l: *mut ffi::lua_State,
    i: c_int,
) -> Option<smallvec::SmallVec<[(CounterId, u32); MAX_COSTS]>> {
    unsafe {
        if ffi::lua_type(l, i) != ffi::LUA_TTABLE {
            return None;
        }
        let counters = &front_data(l).counters;
        let mut out = smallvec::SmallVec::new();
        ffi::lua_pushnil(l);
        while ffi::lua_next(l, i) != 0 {
            // Key at -2, value at -1.
            let entry = (|| {
                let k = CounterId::try_from(named(l, -2, counters)?).ok()?;
                let n = whole(l, -1)?;
                (0..=MAX_AMOUNT).contains(&n).then_some((k, n as u32))
            })();
            ffi::lua_pop(l, 1);
            match entry {
                Some(e) if out.len() < MAX_COSTS => out.push(e),
                _ => {
                    ffi::lua_pop(l, 1);
                    return None;
                }
            }
        }
        out.sort_unstable();
        Some(out)
    }
}

/// `ctx:can_afford(p, costs)`.
pub(in crate::lua) unsafe extern "C-unwind" fn can_afford(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        // (The costs are dropped before the call may go to the method, which may raise.)
        let v = {
            let p = whole(l, 2);
            let costs = costs_at(l, 3);
            with_ctx(l, |c| {
                let p = c.player_slot(p?)?;
                Some(ops::can_afford(&c.content, &c.state, p, &costs?))
            })
        };
        match v {
            Some(b) => {
                ffi::lua_pushboolean(l, b as c_int);
                1
            }
            None => slow(l),
        }
    }
}

/// `ctx:pool(p)`: a new list of new tables `{pips, neutral}`, one a die, lowest first.
pub(in crate::lua) unsafe extern "C-unwind" fn pool(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        // The dice are read into a list held inline, so that nothing needs dropping if
        // making a table raises.
        let dice = with_ctx(l, |c| {
            let p = c.player_slot(whole(l, 2)?)?;
            let mut out = [(0u8, false); MAX_DICE];
            let mut n = 0;
            for d in c.state.players[p].dice.iter().filter(|d| !d.is_stand_in()) {
                *out.get_mut(n)? = (d.pips, d.neutral);
                n += 1;
            }
            Some((out, n))
        });
        let Some((dice, n)) = dice else {
            return slow(l);
        };
        ffi::lua_createtable(l, n as c_int, 0);
        for (i, &(pips, neutral)) in dice[..n].iter().enumerate() {
            ffi::lua_createtable(l, 0, 2);
            ffi::lua_pushnumber(l, f64::from(pips));
            ffi::lua_setfield(l, -2, c"pips".as_ptr());
            ffi::lua_pushboolean(l, neutral as c_int);
            ffi::lua_setfield(l, -2, c"neutral".as_ptr());
            ffi::lua_rawseti_(l, -2, i as c_int + 1);
        }
        1
    }
}

/// The marker kind whose id is argument `i`.
///
/// # Safety
/// `l` is a front's state.
unsafe fn kind_arg(l: *mut ffi::lua_State, i: c_int) -> Option<usize> {
    unsafe { named(l, i, &front_data(l).marker_kinds) }
}

/// `ctx:markers(kind, slot)`: the seats (from 1) with a marker of the kind on the slot,
/// a new list of entries of the seats list.
pub(in crate::lua) unsafe extern "C-unwind" fn markers(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| {
            let k = kind_arg(l, 2)?;
            let s = named(l, 3, &front_data(l).slots)?;
            Entries::collect(
                c.state
                    .markers
                    .get(k)?
                    .iter()
                    .filter(|&&(at, _)| usize::from(at) == s)
                    .map(|&(_, q)| Some(usize::from(q))),
            )
        });
        new_list(l, v)
    }
}

/// `ctx:markers_of(p, kind)`: the slots holding p's markers of the kind, in the order
/// placed, a new list of entries of the slot ids list.
pub(in crate::lua) unsafe extern "C-unwind" fn markers_of(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| {
            let p = c.player_slot(whole(l, 2)?)?;
            let k = kind_arg(l, 3)?;
            Entries::collect(
                c.state
                    .markers
                    .get(k)?
                    .iter()
                    .filter(|&&(_, q)| usize::from(q) == p)
                    .map(|&(s, _)| Some(usize::from(s))),
            )
        });
        new_list(l, v)
    }
}

/// Most slots of a travel's path, and bytes of its tag, the front copies; a longer one
/// goes to the method.
const MAX_PATH: usize = 64;
const MAX_TAG: usize = 64;

/// `ctx:travel_path()`: a new table `{player, piece, steps, tag, path}` of the last
/// travel that ended (`path` a new list of entries of the slot ids list), or nil.
pub(in crate::lua) unsafe extern "C-unwind" fn travel_path(l: *mut ffi::lua_State) -> c_int {
    /// The travel, copied inline (nothing to drop if making a table raises).
    struct Copied {
        player: usize,
        piece: u8,
        steps: u8,
        tag: Option<([u8; MAX_TAG], usize)>,
        path: [u16; MAX_PATH],
        len: usize,
    }
    unsafe {
        let v = with_ctx(l, |c| {
            let Some(t) = &c.state.flow.travelled else {
                return Some(None);
            };
            let mut out = Copied {
                player: t.player,
                piece: t.piece,
                steps: t.steps,
                tag: None,
                path: [0; MAX_PATH],
                len: t.path.len(),
            };
            out.path.get_mut(..t.path.len())?.copy_from_slice(&t.path);
            if let Some(tag) = &t.tag {
                let mut bytes = [0u8; MAX_TAG];
                bytes.get_mut(..tag.len())?.copy_from_slice(tag.as_bytes());
                out.tag = Some((bytes, tag.len()));
            }
            Some(Some(out))
        });
        let t = match v {
            None => return slow(l),
            Some(None) => {
                ffi::lua_pushnil(l);
                return 1;
            }
            Some(Some(t)) => t,
        };
        ffi::lua_createtable(l, 0, 5);
        ffi::lua_pushnumber(l, t.player as f64 + 1.0);
        ffi::lua_setfield(l, -2, c"player".as_ptr());
        ffi::lua_pushnumber(l, f64::from(t.piece) + 1.0);
        ffi::lua_setfield(l, -2, c"piece".as_ptr());
        ffi::lua_pushnumber(l, f64::from(t.steps));
        ffi::lua_setfield(l, -2, c"steps".as_ptr());
        if let Some((bytes, len)) = &t.tag {
            ffi::lua_pushlstring(l, bytes.as_ptr().cast(), *len);
            ffi::lua_setfield(l, -2, c"tag".as_ptr());
        }
        ffi::lua_createtable(l, t.len as c_int, 0);
        for (i, &s) in t.path[..t.len].iter().enumerate() {
            ffi::lua_rawgeti_(l, ffi::lua_upvalueindex(super::UP_LIST), c_int::from(s) + 1);
            ffi::lua_rawseti_(l, -2, i as c_int + 1);
        }
        ffi::lua_setfield(l, -2, c"path".as_ptr());
        1
    }
}
