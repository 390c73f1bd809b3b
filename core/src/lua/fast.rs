//! Fast fronts for the `ctx` calls hooks make most (issue 12).
//!
//! A `ctx` method registered through mlua costs about a quarter of a microsecond a call
//! in its callback machinery (protected call, userdata borrow and type check, argument
//! conversion), more than most reads do. A greedy game of Tabriz makes some 200,000 of
//! them. The calls below get a small C function in front: it answers the common,
//! well-formed call from the running [`Ctx`] directly, and hands every other call
//! (a wrong argument, a player that does not exist, a `ctx` kept past its call) to the
//! mlua method, unchanged, which answers or raises exactly the error it always did. So
//! the front changes speed only, never a result or a message.
//!
//! Which functions have a front, and the list each returns entries of, the `ctx` table
//! says (lua/api/table.rs, [`crate::lua::api::Front`]); lua/api/fronts.rs puts the
//! fronts it names in place, each made by [`FrontData::front`].
//!
//! Counters, cards and zones are found by the address of the Lua string naming them
//! (Luau interns every string; see [`by_address`]): a binary search over a list made
//! once per VM, with no copy, UTF-8 check or comparison of text.
//!
//! The verbs among them (`gain`, `pay`, `add`, the tile verbs `put_slot`,
//! `take_slot`, `set_counter` and `reroll_dice` in [`tile`], and the zone verb
//! `move_card` in [`zones`]) change the game only through [`with_change`], the one way a
//! front gets the `Ctx` to change: it refuses in read-only hooks as the registration
//! wrapper does (the call then goes to the method, which raises the refusal), and counts
//! the change against the call's limit as the wrapper does. They check their arguments
//! with the method's own checks and make the change through the same `Ctx`, `ops` or
//! `zones` function; a change that would be refused goes to the method before anything
//! is changed, so the method raises its own error.
//!
//! The list reads (`decks`, `slots`, the zone read `cards` and the area read
//! `placements`) build a new table each call, as the methods do, from ids interned (or
//! seat numbers made) once per VM; a list longer than 64 goes to the method.
//!
//! `ctx:materials()` returns the same frozen list every call: its front returns it,
//! and makes no table at all.
//!
//! With the speed layer off ([`crate::Engine::set_speed_layer`]) every front is taken
//! out of the methods table and the mlua method put back in its place
//! (`Fronts::set_on`, lua/api/fronts.rs), so each of these calls goes to the method, as if the fronts
//! had never been installed.

use std::cell::RefCell;
use std::os::raw::c_int;

use mlua::{ffi, Function, LightUserData, Lua, Value};

use super::ctx::{Ctx, Names};

pub(in crate::lua) mod reads;
pub(in crate::lua) mod tile;
pub(in crate::lua) mod zones;
use crate::content::CounterId;
use crate::ops;

/// The running call's `Ctx`.
type Cell = RefCell<Option<Box<Ctx>>>;

/// What every front reaches through its first upvalue: the host's cell, and the address
/// of the `ctx` userdata's block, which a front's first argument must have (one pointer
/// compare, instead of comparing Lua values through an upvalue pseudo-index). The host
/// keeps it, boxed, as long as the VM.
pub struct FrontData {
    cell: *const Cell,
    ctx: *const std::ffi::c_void,
    /// Counters, cards and zones by the address of their id's Lua string (see
    /// [`by_address`]), and the strings themselves, kept alive here.
    counters: Vec<(usize, usize)>,
    pack_cards: Vec<(usize, usize)>,
    zones: Vec<(usize, usize)>,
    marker_kinds: Vec<(usize, usize)>,
    slots: Vec<(usize, usize)>,
    _ids: Vec<mlua::String>,
}

/// Each string's index in `ids`, the first of equal strings, sorted by the address of
/// the string. Luau interns every string, so while these strings live a Lua string
/// with the same bytes is the same object at the same address, and no other string can
/// have that address: a front finds a name by the address of the string it was given,
/// with no copy, UTF-8 check or comparison of text.
fn by_address(ids: &[mlua::String]) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::with_capacity(ids.len());
    for (ix, id) in ids.iter().enumerate() {
        let at = id.to_pointer() as usize;
        if !out.iter().any(|&(a, _)| a == at) {
            out.push((at, ix));
        }
    }
    out.sort_unstable();
    out
}

/// The index `by_address` gave the string at argument `i`, if it is one of those strings.
///
/// # Safety
/// `l` is a front's state.
unsafe fn named(l: *mut ffi::lua_State, i: c_int, list: &[(usize, usize)]) -> Option<usize> {
    unsafe {
        if ffi::lua_type(l, i) != ffi::LUA_TSTRING {
            return None;
        }
        let at = ffi::lua_topointer(l, i) as usize;
        let k = list.binary_search_by_key(&at, |&(a, _)| a).ok()?;
        Some(list[k].1)
    }
}

/// The front's [`FrontData`] (upvalue 1).
///
/// # Safety
/// `l` is a front's state: upvalue 1 points at the host's live [`FrontData`].
unsafe fn front_data<'a>(l: *mut ffi::lua_State) -> &'a FrontData {
    unsafe { &*(ffi::lua_touserdata(l, ffi::lua_upvalueindex(UP_DATA)) as *const FrontData) }
}

/// The counter whose id is the string at argument `i` (as `Content::counter` finds it).
///
/// # Safety
/// `l` is a front's state.
unsafe fn counter_arg(l: *mut ffi::lua_State, i: c_int) -> Option<CounterId> {
    unsafe { CounterId::try_from(named(l, i, &front_data(l).counters)?).ok() }
}

/// Upvalues of every front: the [`FrontData`], the mlua method, the `ctx` userdata
/// (kept alive with the closure), and a list the front returns entries of (or `nil`).
const UP_DATA: c_int = 1;
const UP_SLOW: c_int = 2;
const UP_LIST: c_int = 4;

impl FrontData {
    /// What the fronts of the `ctx` userdata `ctx` point at: `cell` is the host's
    /// [`super::ctx::CtxHandle`] cell of the running call's `Ctx`, and `names` the ids
    /// interned for the VM. The host keeps it, boxed, as long as the fronts.
    pub(in crate::lua) fn new(
        cell: &Cell,
        ctx: &mlua::AnyUserData,
        names: &Names,
    ) -> Box<FrontData> {
        Box::new(FrontData {
            cell: std::ptr::from_ref(cell),
            ctx: ctx.to_pointer(),
            counters: by_address(&names.counters),
            pack_cards: by_address(&names.pack_cards),
            zones: by_address(&names.zones),
            marker_kinds: by_address(&names.marker_kinds),
            slots: by_address(&names.slots),
            _ids: [
                &names.counters,
                &names.pack_cards,
                &names.zones,
                &names.marker_kinds,
                &names.slots,
            ]
            .into_iter()
            .flatten()
            .cloned()
            .collect(),
        })
    }

    /// The front `front` as a Lua function, in front of the mlua method `slow`, with
    /// its upvalues: this data, the method, the `ctx` userdata, and `list` (the list it
    /// returns entries of, or `nil`).
    pub(in crate::lua) fn front(
        &self,
        lua: &Lua,
        front: ffi::lua_CFunction,
        slow: &Function,
        ctx: &mlua::AnyUserData,
        list: Value,
    ) -> mlua::Result<Function> {
        let data = LightUserData(std::ptr::from_ref(self) as *mut std::ffi::c_void);
        // SAFETY: the four arguments are on the stack at 1..=4; lua_pushcclosurek pops
        // them as the closure's upvalues and leaves the closure, the one result.
        unsafe {
            lua.exec_raw((data, slow.clone(), ctx.clone(), list), |l| {
                ffi::lua_pushcclosurek(l, front, std::ptr::null(), 4, None);
            })
        }
    }
}

/// Hands the call to the mlua method (upvalue 2) with all its arguments, and returns
/// what it returns; it raises its errors.
///
/// # Safety
/// `l` is a front's state, with no Rust value alive in the front that needs dropping.
unsafe fn slow(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let n = ffi::lua_gettop(l);
        ffi::lua_pushvalue(l, ffi::lua_upvalueindex(UP_SLOW));
        ffi::lua_insert(l, 1);
        ffi::lua_call(l, n, ffi::LUA_MULTRET);
        ffi::lua_gettop(l)
    }
}

/// Runs `read` on the running `Ctx` when argument 1 is this VM's `ctx` and a call is
/// running; `None` otherwise (the mlua method then answers).
///
/// # Safety
/// `l` is a front's state: upvalue 1 points at the host's live [`FrontData`].
unsafe fn with_ctx<T>(l: *mut ffi::lua_State, read: impl FnOnce(&Ctx) -> Option<T>) -> Option<T> {
    unsafe {
        let borrowed = own_cell(l)?.try_borrow().ok()?;
        read(borrowed.as_ref()?)
    }
}

/// The host's cell when argument 1 is this VM's `ctx` (the same userdata block).
///
/// # Safety
/// `l` is a front's state: upvalue 1 points at the host's live [`FrontData`].
unsafe fn own_cell<'a>(l: *mut ffi::lua_State) -> Option<&'a Cell> {
    unsafe {
        let data = front_data(l);
        if ffi::lua_touserdata(l, 1).cast_const() != data.ctx {
            return None;
        }
        Some(&*data.cell)
    }
}

/// Runs `change` on the running `Ctx` when argument 1 is this VM's `ctx`, a call is
/// running, and the call may make one more change (see [`Ctx::may_change`]: never in a
/// read-only hook): the change is counted as the registration wrapper counts it
/// ([`Ctx::count_change`]). `None` otherwise, and when `change` returns `None`, which it
/// may only do before it changed anything (the count is then taken back): the mlua
/// method then answers, refusing, counting and raising as it always does. The one way a
/// front gets the `Ctx` to change.
///
/// # Safety
/// `l` is a front's state: upvalue 1 points at the host's live [`FrontData`].
unsafe fn with_change<T>(
    l: *mut ffi::lua_State,
    change: impl FnOnce(&mut Ctx) -> Option<T>,
) -> Option<T> {
    unsafe {
        let mut borrowed = own_cell(l)?.try_borrow_mut().ok()?;
        let c = borrowed.as_mut()?;
        if !c.may_change() {
            return None;
        }
        let verbs = c.shared.verbs.get();
        c.shared.verbs.set(verbs + 1);
        let done = change(c);
        if done.is_none() {
            c.shared.verbs.set(verbs);
        }
        done
    }
}

/// Argument `i` as a whole number, when it is one exactly (as `Whole` reads it).
unsafe fn whole(l: *mut ffi::lua_State, i: c_int) -> Option<i64> {
    unsafe {
        if ffi::lua_type(l, i) != ffi::LUA_TNUMBER {
            return None;
        }
        super::ctx::exact_whole(ffi::lua_tonumber(l, i))
    }
}

/// Argument `i` as text, when it is a Lua string holding UTF-8.
///
/// # Safety
/// The text borrows the string on the stack: use it before the stack changes.
unsafe fn text<'a>(l: *mut ffi::lua_State, i: c_int) -> Option<&'a str> {
    unsafe {
        if ffi::lua_type(l, i) != ffi::LUA_TSTRING {
            return None;
        }
        let mut len = 0usize;
        let p = ffi::lua_tolstring(l, i, &mut len);
        std::str::from_utf8(std::slice::from_raw_parts(p.cast::<u8>(), len)).ok()
    }
}

/// Pushes a number result, or hands the call on.
unsafe fn number(l: *mut ffi::lua_State, v: Option<i64>) -> c_int {
    unsafe {
        match v {
            Some(v) => {
                ffi::lua_pushnumber(l, v as f64);
                1
            }
            None => slow(l),
        }
    }
}

/// Returns no result when the call was answered, or hands it on.
unsafe fn nothing(l: *mut ffi::lua_State, done: Option<()>) -> c_int {
    unsafe {
        match done {
            Some(()) => 0,
            None => slow(l),
        }
    }
}

/// Pushes a number result or `nil`, or hands the call on.
unsafe fn number_or_nil(l: *mut ffi::lua_State, v: Option<Option<i64>>) -> c_int {
    unsafe {
        match v {
            Some(Some(n)) => number(l, Some(n)),
            Some(None) => {
                ffi::lua_pushnil(l);
                1
            }
            None => slow(l),
        }
    }
}

/// Pushes a boolean result, or hands the call on.
unsafe fn boolean(l: *mut ffi::lua_State, v: Option<bool>) -> c_int {
    unsafe {
        match v {
            Some(b) => {
                ffi::lua_pushboolean(l, b as c_int);
                1
            }
            None => slow(l),
        }
    }
}

/// Pushes entry `ix` (from 0) of the front's list, or hands the call on.
unsafe fn entry(l: *mut ffi::lua_State, ix: Option<Option<usize>>) -> c_int {
    unsafe {
        match ix {
            Some(Some(ix)) => {
                ffi::lua_rawgeti_(l, ffi::lua_upvalueindex(UP_LIST), ix as c_int + 1);
                1
            }
            Some(None) => {
                ffi::lua_pushnil(l);
                1
            }
            None => slow(l),
        }
    }
}

/// Most seat numbers the `placements` front's list of seats holds.
pub(in crate::lua) const MAX_LIST: usize = 256;

/// Most entries a front builds a list of; a longer list goes to the method. Small, so
/// that making and moving [`Entries`] costs little next to the table itself.
const MAX_ENTRIES: usize = 64;

/// The entries of a new list: each an index (from 0) into the front's list, or `None`
/// for `false`. Held inline, so nothing needs dropping if making the table raises.
#[derive(Clone, Copy)]
struct Entries {
    items: [Option<u16>; MAX_ENTRIES],
    len: usize,
}

impl Entries {
    /// The entries `items` gives, when there are at most [`MAX_ENTRIES`].
    fn collect(items: impl IntoIterator<Item = Option<usize>>) -> Option<Entries> {
        let mut out = Entries {
            items: [None; MAX_ENTRIES],
            len: 0,
        };
        for item in items {
            let slot = out.items.get_mut(out.len)?;
            *slot = match item {
                Some(ix) => Some(u16::try_from(ix).ok()?),
                None => None,
            };
            out.len += 1;
        }
        Some(out)
    }
}

/// Pushes a new list of `entries`, or hands the call on.
unsafe fn new_list(l: *mut ffi::lua_State, entries: Option<Entries>) -> c_int {
    unsafe {
        let Some(e) = entries else {
            return slow(l);
        };
        ffi::lua_createtable(l, e.len as c_int, 0);
        for (k, item) in e.items[..e.len].iter().enumerate() {
            match item {
                Some(ix) => {
                    ffi::lua_rawgeti_(l, ffi::lua_upvalueindex(UP_LIST), *ix as c_int + 1);
                }
                None => ffi::lua_pushboolean(l, 0),
            }
            ffi::lua_rawseti_(l, -2, k as c_int + 1);
        }
        1
    }
}

/// `ctx:materials()`: the frozen list of material ids (the front's list), the same
/// table every call.
pub(in crate::lua) unsafe extern "C-unwind" fn materials(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        match with_ctx(l, |_| Some(())) {
            Some(()) => {
                ffi::lua_pushvalue(l, ffi::lua_upvalueindex(UP_LIST));
                1
            }
            None => slow(l),
        }
    }
}

/// `ctx:player()`.
pub(in crate::lua) unsafe extern "C-unwind" fn player(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| Some(c.call.player.map(|p| p as i64 + 1)));
        number_or_nil(l, v)
    }
}

/// `ctx:player_count()`.
pub(in crate::lua) unsafe extern "C-unwind" fn player_count(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| Some(c.state.players.len() as i64));
        number(l, v)
    }
}

/// `ctx:round()`.
pub(in crate::lua) unsafe extern "C-unwind" fn round(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| Some(c.state.round as i64));
        number(l, v)
    }
}

/// `ctx:logging()`.
pub(in crate::lua) unsafe extern "C-unwind" fn logging(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| Some(c.log.enabled));
        boolean(l, v)
    }
}

/// `ctx:log(text)` while no events are recorded: the line is dropped unread. A
/// recorded line goes to the method, which keeps it.
pub(in crate::lua) unsafe extern "C-unwind" fn log(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let done = with_ctx(l, |c| {
            text(l, 2)?;
            (!c.log.enabled).then_some(())
        });
        nothing(l, done)
    }
}

/// `ctx:gain(p, what, n)`: returns what was gained.
pub(in crate::lua) unsafe extern "C-unwind" fn gain(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let got = with_change(l, |c| {
            let (p, k, n) = change_args(l, c)?;
            let content = std::sync::Arc::clone(&c.content);
            // ops::gain refuses before it changes anything.
            ops::gain(&content, &mut c.state, &mut c.log, p, k, n).ok()
        });
        number(l, got.map(i64::from))
    }
}

/// `ctx:pay(p, what, n)`.
pub(in crate::lua) unsafe extern "C-unwind" fn pay(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let done = with_change(l, |c| {
            let (p, k, n) = change_args(l, c)?;
            let content = std::sync::Arc::clone(&c.content);
            // ops::pay refuses before it changes anything.
            ops::pay(&content, &mut c.state, &mut c.log, p, k, n).ok()
        });
        nothing(l, done)
    }
}

/// The arguments of `gain` and `pay`, `(p, what, n)`, when they are well formed: a
/// player, a counter of the game, an amount from 0 to `MAX_AMOUNT`.
///
/// # Safety
/// `l` is a front's state, with the arguments at 2..=4.
unsafe fn change_args(l: *mut ffi::lua_State, c: &Ctx) -> Option<(usize, CounterId, u32)> {
    unsafe {
        let p = c.player_slot(whole(l, 2)?)?;
        let k = counter_arg(l, 3)?;
        let n = Ctx::count_arg(whole(l, 4)?, "gain").ok()?;
        Some((p, k, n))
    }
}

/// `ctx:add(p, what, n)`: returns the change made.
pub(in crate::lua) unsafe extern "C-unwind" fn add(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let made = with_change(l, |c| {
            let p = c.player_slot(whole(l, 2)?)?;
            let k = counter_arg(l, 3)?;
            let n = super::ctx::amount(whole(l, 4)?, true, "add").ok()?;
            let content = std::sync::Arc::clone(&c.content);
            // ops::add refuses before it changes anything.
            ops::add(&content, &mut c.state, &mut c.log, p, k, n).ok()
        });
        number(l, made)
    }
}

/// `ctx:ability(p, name)`: player `p`'s ability at their counters.
pub(in crate::lua) unsafe extern "C-unwind" fn ability(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| {
            let p = c.player_slot(whole(l, 2)?)?;
            Some(crate::powers::ability(&c.content, &c.state, p, text(l, 3)?))
        });
        number(l, v)
    }
}

/// `ctx:asking()`.
pub(in crate::lua) unsafe extern "C-unwind" fn asking(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| Some(c.asking()));
        boolean(l, v)
    }
}

/// `ctx:count(p, what)`.
pub(in crate::lua) unsafe extern "C-unwind" fn count(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| {
            let p = c.player_slot(whole(l, 2)?)?;
            let k = counter_arg(l, 3)?;
            Some(ops::count(&c.state, p, k))
        });
        number(l, v)
    }
}

/// `ctx:has(p, what, n)`.
pub(in crate::lua) unsafe extern "C-unwind" fn has(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| {
            let p = c.player_slot(whole(l, 2)?)?;
            let k = counter_arg(l, 3)?;
            let n = whole(l, 4)?;
            Some(ops::count(&c.state, p, k) >= n)
        });
        boolean(l, v)
    }
}

/// The index (from 0) of the pack card whose id is argument `i`, as
/// `Content::card` finds it (the first card of an id).
///
/// # Safety
/// `l` is a front's state.
unsafe fn pack_card_arg(l: *mut ffi::lua_State, i: c_int) -> Option<usize> {
    unsafe { named(l, i, &front_data(l).pack_cards) }
}

/// `ctx:card(id)`: the frozen table of a card (an id that names none goes to the
/// method, which raises the error).
pub(in crate::lua) unsafe extern "C-unwind" fn card(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| {
            let ix = pack_card_arg(l, 2)?;
            (ix < c.names.card_info.len()).then_some(Some(ix))
        });
        entry(l, v)
    }
}

/// `ctx:deck(id)`: the frozen table of a deck (an id that names none goes to the
/// method, which raises the error).
pub(in crate::lua) unsafe extern "C-unwind" fn deck(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| Some(Some(c.content.deck(text(l, 2)?)? as usize)));
        entry(l, v)
    }
}

/// A list read of player `p` (argument 2): `list` gives the entries for that player
/// (from 0), or the call goes on to the method.
unsafe fn player_list(
    l: *mut ffi::lua_State,
    list: impl FnOnce(&Ctx, usize) -> Option<Entries>,
) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| list(c, c.player_slot(whole(l, 2)?)?));
        new_list(l, v)
    }
}

/// `ctx:decks(p)`: the frozen tables of the decks player `p` may draw from, a new list.
pub(in crate::lua) unsafe extern "C-unwind" fn decks(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        player_list(l, |c, p| {
            let decks = c.content.decks.iter().enumerate();
            Entries::collect(
                decks
                    .filter(|(_, d)| ops::deck_unlocked(d, &c.state, p))
                    .map(|(i, _)| Some(i)),
            )
        })
    }
}

/// The area named by argument 2, when it is one.
///
/// # Safety
/// `l` is a front's state.
unsafe fn area_arg(l: *mut ffi::lua_State, c: &Ctx) -> Option<usize> {
    unsafe { Some(c.content.board.area_index(text(l, 2)?)? as usize) }
}

/// `ctx:area()`: this area hook's area id.
pub(in crate::lua) unsafe extern "C-unwind" fn area(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        // The id's bytes, pushed once the borrow has ended (pushing may raise): the
        // content they live in is the running call's, alive until the front returns.
        let v = with_ctx(l, |c| match c.call.owner {
            crate::flow::Owner::Area { area } => {
                let id = &c.content.board.areas[area as usize].id;
                Some((id.as_ptr(), id.len()))
            }
            _ => None,
        });
        match v {
            Some((ptr, len)) => {
                ffi::lua_pushlstring(l, ptr.cast(), len);
                1
            }
            None => slow(l),
        }
    }
}

/// `ctx:area_closed(id)`.
pub(in crate::lua) unsafe extern "C-unwind" fn area_closed(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| Some(c.state.areas[area_arg(l, c)?].closed));
        boolean(l, v)
    }
}

/// `ctx:placements(id)`: per space of the area, the seat (from 1) of the worker on it
/// or `false`, a new list.
pub(in crate::lua) unsafe extern "C-unwind" fn placements(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| {
            let placed = &c.state.areas[area_arg(l, c)?].placed;
            Entries::collect(placed.iter().map(|s| s.map(usize::from)))
        });
        new_list(l, v)
    }
}

/// `ctx:space_used(id, i)`: whether the area's second-stage space `i` (1 to 64) is
/// taken.
pub(in crate::lua) unsafe extern "C-unwind" fn space_used(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let v = with_ctx(l, |c| {
            let a = area_arg(l, c)?;
            let i = Ctx::stage_space(whole(l, 3)?, "space_used").ok()?;
            Some(c.state.areas[a].used.contains(&i))
        });
        boolean(l, v)
    }
}
