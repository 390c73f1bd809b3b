//! How a script stops at a question it has no recorded answer for (invariant 4).
//!
//! Hooks run in a coroutine the host keeps per VM. `ctx:choose` is a small C function in
//! front of the host's `choose`: when the host says a question is pending, it yields the
//! coroutine, which stops the script where it stands. Raising an error would do the same
//! through a C++ exception, which cost about a fourteenth of a greedy bot's time. Where
//! the script cannot yield (inside `pcall`, a host function), it raises the ask error as
//! before, and `pcall` passes it on (see `sandbox::unstoppable`).
//!
//! A question whose answer is recorded (an effect re-run for its next answer) is
//! answered by the front itself: it reads the options' keys on the Lua stack, with no
//! copy of any key, and returns the option whose key is the answer. Anything out of the
//! ordinary (a malformed option, a repeated key, an answer that is no longer an option)
//! goes to the host's `choose`, which raises the error it always did.

use std::borrow::Cow;
use std::cell::RefCell;
use std::os::raw::{c_int, c_void};

use mlua::{ffi, AnyUserData, LightUserData, Lua, Table, Value};

use super::ctx::{Ctx, OptionFields};
use super::sandbox::ASK_MESSAGE;

/// The value the host's `choose` returns for a pending question: the address of this
/// static, as a light userdata no script can make.
static PENDING: u8 = 0;

fn pending_ptr() -> *mut c_void {
    std::ptr::addr_of!(PENDING) as *mut c_void
}

/// What the host's `choose` returns when the question is pending.
pub fn pending() -> Value {
    Value::LightUserData(mlua::LightUserData(pending_ptr()))
}

/// Makes `ctx:choose` the stopping front of the host's `choose`, which stays reachable
/// as `__choose`. `methods` is the `__index` table of the `ctx` metatable; `cell` points
/// at the running call's `Ctx` (see [`super::fast`]), and `ctx` is the userdata scripts
/// get.
pub fn install(
    lua: &Lua,
    methods: &Table,
    cell: LightUserData,
    ctx: &AnyUserData,
    fields: &OptionFields,
) -> mlua::Result<()> {
    let host: Value = methods.raw_get("choose")?;
    methods.raw_set("__choose", host)?;
    let upvalues = (
        cell,
        ctx.clone(),
        fields.options.clone(),
        fields.key.clone(),
    );
    // SAFETY: `choose` follows the Lua C API contract: it keeps its stack balanced and
    // only yields as its return expression. The four upvalues are on the stack at 1..=4;
    // lua_pushcclosurek pops them and leaves the closure, the one result.
    let front: mlua::Function = unsafe {
        lua.exec_raw(upvalues, |l| {
            ffi::lua_pushcclosurek(l, choose, c"choose".as_ptr(), 4, None);
        })?
    };
    methods.raw_set("choose", front)
}

/// The front's upvalues: the cell of the running `Ctx`, the `ctx` userdata, and the
/// strings `options` and `key`.
const UP_CELL: c_int = 1;
const UP_SELF: c_int = 2;
const UP_OPTIONS: c_int = 3;
const UP_KEY: c_int = 4;

/// What the front found for a question with a recorded answer.
enum Replayed {
    /// Return the option at this position of `options` (from 1).
    Option(c_int),
    /// Leave it to the host's `choose`.
    Host,
}

/// `ctx:choose(spec)`: answers a recorded question itself when it can ([`replay`]);
/// else calls `ctx:__choose(spec)` and, on a pending question, yields (or raises the ask
/// error where the script cannot yield); else returns the chosen option.
unsafe extern "C-unwind" fn choose(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        ffi::lua_settop(l, 2); // ctx, spec
        if let Replayed::Option(i) = replay(l) {
            ffi::lua_rawgeti_(l, 3, i); // ctx, spec, options, option
            return 1;
        }
        ffi::lua_settop(l, 2);
        ffi::lua_getfield(l, 1, c"__choose".as_ptr());
        ffi::lua_insert(l, 1); // __choose, ctx, spec
        ffi::lua_call(l, 2, 1);
        if ffi::lua_tolightuserdata(l, -1) == pending_ptr() {
            if ffi::lua_isyieldable(l) != 0 {
                return ffi::lua_yield(l, 0);
            }
            ffi::lua_settop(l, 0);
            ffi::lua_pushlstring_(l, ASK_MESSAGE.as_ptr().cast(), ASK_MESSAGE.len());
            ffi::lua_error(l);
        }
        1
    }
}

/// The key of the option at the top of the stack, as `ctx:choose` reads it (a string, a
/// whole number, or a table's `key` field), if it is one the host's `choose` would take
/// (at most 200 bytes, no unsafe character, no comma); `None` leaves the call to the host.
///
/// # Safety
/// A borrowed key points into a Lua string the options table holds: use it before the
/// table can change or be collected (no Lua code runs in between).
unsafe fn top_key<'a>(l: *mut ffi::lua_State) -> Option<Cow<'a, str>> {
    unsafe {
        let at = ffi::lua_gettop(l);
        if ffi::lua_type(l, at) == ffi::LUA_TTABLE {
            ffi::lua_pushvalue(l, ffi::lua_upvalueindex(UP_KEY));
            ffi::lua_rawget(l, at);
        } else {
            ffi::lua_pushvalue(l, at);
        }
        let key = match ffi::lua_type(l, -1) {
            ffi::LUA_TSTRING => {
                let mut len = 0usize;
                let p = ffi::lua_tolstring(l, -1, &mut len);
                std::str::from_utf8(std::slice::from_raw_parts(p.cast::<u8>(), len))
                    .ok()
                    .map(Cow::Borrowed)
            }
            ffi::LUA_TNUMBER => {
                let n = ffi::lua_tonumber(l, -1);
                (n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_992.0)
                    .then(|| Cow::Owned((n as i64).to_string()))
            }
            _ => None,
        };
        ffi::lua_settop(l, at);
        key.filter(|k| k.len() <= 200 && !k.contains(',') && !k.chars().any(crate::text::is_unsafe))
    }
}

/// Answers a question from the recorded answers, as the host's `choose` does: every
/// option's key is read and checked, the options are counted, and the one whose key is
/// the next answer is picked (which uses up that answer). A single option is returned
/// without using an answer. Leaves `options` at index 3.
///
/// # Safety
/// `l` is the front's state with `ctx, spec` at 1 and 2; no Lua code runs here.
unsafe fn replay(l: *mut ffi::lua_State) -> Replayed {
    unsafe {
        if ffi::lua_rawequal(l, 1, ffi::lua_upvalueindex(UP_SELF)) == 0
            || ffi::lua_type(l, 2) != ffi::LUA_TTABLE
        {
            return Replayed::Host;
        }
        let cell = &*(ffi::lua_touserdata(l, ffi::lua_upvalueindex(UP_CELL))
            as *const RefCell<Option<Ctx>>);
        let Ok(mut borrowed) = cell.try_borrow_mut() else {
            return Replayed::Host;
        };
        let Some(ctx) = borrowed.as_mut() else {
            return Replayed::Host;
        };
        if ctx.ask.is_some() {
            return Replayed::Host;
        }
        let Some(answer) = ctx.answers.get(ctx.next_answer) else {
            return Replayed::Host; // to be asked: the host builds the question
        };
        ffi::lua_pushvalue(l, ffi::lua_upvalueindex(UP_OPTIONS));
        ffi::lua_rawget(l, 2); // ctx, spec, options
        if ffi::lua_type(l, 3) != ffi::LUA_TTABLE {
            return Replayed::Host;
        }
        let mut keys: Vec<Cow<str>> = Vec::new();
        let mut picked = None;
        loop {
            if keys.len() >= 1000 {
                return Replayed::Host; // too many options: the host says so
            }
            if ffi::lua_rawgeti_(l, 3, keys.len() as c_int + 1) == ffi::LUA_TNIL {
                ffi::lua_settop(l, 3);
                break;
            }
            let key = top_key(l);
            ffi::lua_settop(l, 3);
            let Some(key) = key else {
                return Replayed::Host;
            };
            if keys.contains(&key) {
                return Replayed::Host; // two options share a key
            }
            if *key == **answer {
                picked = Some(keys.len() as c_int + 1);
            }
            keys.push(key);
        }
        match (keys.len(), picked) {
            (0, _) => Replayed::Host,
            (1, _) => Replayed::Option(1), // nothing to decide: no answer used
            (_, Some(i)) => {
                ctx.next_answer += 1;
                Replayed::Option(i)
            }
            (_, None) => Replayed::Host, // no longer an option: the host says so
        }
    }
}
