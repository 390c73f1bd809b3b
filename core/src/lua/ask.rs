//! How a script stops at a question it has no recorded answer for (invariant 4).
//!
//! Hooks run in a coroutine the host keeps per VM. `ctx:choose` is a small C function in
//! front of the host's `choose`: when the host says a question is pending, it yields the
//! coroutine, which stops the script where it stands. Raising an error would do the same
//! through a C++ exception, which cost about a fourteenth of a greedy bot's time. Where
//! the script cannot yield (inside `pcall`, a host function), it raises the ask error as
//! before, and `pcall` passes it on (see `sandbox::unstoppable`).

use std::os::raw::{c_int, c_void};

use mlua::{ffi, Lua, Table, Value};

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
/// as `__choose`. `methods` is the `__index` table of the `ctx` metatable.
pub fn install(lua: &Lua, methods: &Table) -> mlua::Result<()> {
    let host: Value = methods.raw_get("choose")?;
    methods.raw_set("__choose", host)?;
    // SAFETY: `choose` follows the Lua C API contract: it keeps its stack balanced and
    // only yields as its return expression.
    let front = unsafe { lua.create_c_function(choose)? };
    methods.raw_set("choose", front)
}

/// `ctx:choose(spec)`: calls `ctx:__choose(spec)`; on a pending question, yields (or
/// raises the ask error where the script cannot yield); else returns the chosen option.
unsafe extern "C-unwind" fn choose(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        ffi::lua_settop(l, 2); // ctx, spec
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
