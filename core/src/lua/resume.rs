//! Running a hook on the runner coroutine through the Lua C API (issue 12).
//!
//! `mlua::Thread::reset` and `resume` cost about a thousand instructions a call on top of
//! Luau's own `lua_resume`: every argument and result crosses mlua's reference thread, a
//! stack guard is set up and torn down twice, and a yielded table becomes a reference.
//! A game makes some 1,500 hook calls, most of them short, so this is done here
//! directly: the hook, the `ctx` userdata and the params are pushed from the registry
//! (where [`Registered`] keeps them), Luau resumes the coroutine, and the value or stop
//! is read off its stack.
//!
//! The results are the ones mlua gives, so nothing above this module changes: a value
//! other than `nil` or a boolean is handed to mlua to convert, and an error becomes the
//! same `mlua::Error` (see [`failure`]): a memory error its message, an error mlua raised
//! for a `ctx` method (its wrapped error, a full userdata) that very error, and any other
//! value the message with the coroutine's traceback, as `Thread::resume` writes it.

use std::os::raw::{c_int, c_void};

use mlua::{ffi, Lua, RegistryKey, Value};

/// A Lua value kept in the registry for the life of the VM, with its registry index.
pub(super) struct Registered {
    id: c_int,
    _key: RegistryKey,
}

/// Where a [`Registered`] value is in the registry: what [`start`] pushes.
#[derive(Clone, Copy)]
pub(super) struct RegistryIndex(c_int);

impl Registered {
    /// Keeps `value` in `lua`'s registry.
    pub fn new(lua: &Lua, value: impl mlua::IntoLua) -> mlua::Result<Registered> {
        let key = lua.create_registry_value(value)?;
        Ok(Registered {
            id: key.id(),
            _key: key,
        })
    }

    /// Where the value is in the registry.
    pub fn index(&self) -> RegistryIndex {
        RegistryIndex(self.id)
    }
}

/// How a run of the coroutine stopped, when it did not fail.
pub(super) enum Stop {
    /// The hook returned: its first value (`nil` if none).
    Returned(Value),
    /// The hook yielded (only `ctx:choose` does). With `options`, it yielded the
    /// question's options table, which stays on top of the coroutine's stack for
    /// [`go_on`]; otherwise the stack is cleared.
    Yielded {
        /// Whether the options table is on top of the stack.
        options: bool,
    },
}

/// An argument after the registered ones (an area's `resolve` takes the chosen key).
pub(super) enum Last<'a> {
    /// None.
    Nothing,
    /// `nil`.
    Nil,
    /// A string.
    Text(&'a str),
}

/// Starts `func` on the coroutine `co` with `args` (and `last` after them), after
/// clearing it of any earlier call, and runs it until it returns, yields or fails.
/// `ctx` is the address of the `ctx` userdata (see [`failure`]).
///
/// # Safety
/// `co` is a coroutine of `lua` that is not running, and at most 3 `args` are given (a
/// cleared coroutine has room for them, and `last`, without growing its stack).
pub(super) unsafe fn start(
    lua: &Lua,
    co: *mut ffi::lua_State,
    func: RegistryIndex,
    args: &[RegistryIndex],
    last: Last<'_>,
    ctx: *const c_void,
) -> mlua::Result<Stop> {
    debug_assert!(args.len() <= 3);
    unsafe {
        if ffi::lua_status(co) != ffi::LUA_OK {
            ffi::lua_resetthread(co);
        } else {
            ffi::lua_settop(co, 0);
        }
        ffi::lua_rawgeti(co, ffi::LUA_REGISTRYINDEX, func.0 as _);
        for a in args {
            ffi::lua_rawgeti(co, ffi::LUA_REGISTRYINDEX, a.0 as _);
        }
        let mut nargs = args.len() as c_int;
        match last {
            Last::Nothing => {}
            Last::Nil => {
                ffi::lua_pushnil(co);
                nargs += 1;
            }
            Last::Text(text) => {
                // Making the string allocates, so mlua makes it, in a protected call (at
                // the memory cap that is an error, not an abort), and it is moved over.
                let made = lua.exec_raw::<()>(text, |state| ffi::lua_xmove(state, co, 1));
                if let Err(e) = made {
                    ffi::lua_settop(co, 0);
                    return Err(e);
                }
                nargs += 1;
            }
        }
        run(lua, co, nargs, ctx)
    }
}

/// Whether `co`, stopped where it yielded its options table, has an entry `i` (from 1)
/// in that table: what [`go_on`] can continue it with.
///
/// # Safety
/// `co` is a coroutine that is not running.
pub(super) unsafe fn has_option(co: *mut ffi::lua_State, i: c_int) -> bool {
    unsafe {
        if ffi::lua_gettop(co) == 0 || ffi::lua_type(co, -1) != ffi::LUA_TTABLE {
            return false;
        }
        // The yielded frame (a C function's) has room for the one value pushed.
        let found = ffi::lua_rawgeti(co, -1, i as _) != ffi::LUA_TNIL;
        ffi::lua_pop(co, 1);
        found
    }
}

/// Continues `co`, stopped where it yielded its options table, with entry `i` (from 1)
/// of that table; `None`, changing nothing, if the table has no such entry.
///
/// # Safety
/// `co` is a coroutine of `lua` stopped by a yield that left its options table on top
/// of its stack ([`Stop::Yielded`] with `options`).
pub(super) unsafe fn go_on(
    lua: &Lua,
    co: *mut ffi::lua_State,
    i: c_int,
    ctx: *const c_void,
) -> Option<mlua::Result<Stop>> {
    unsafe {
        if !has_option(co, i) {
            return None;
        }
        ffi::lua_rawgeti(co, -1, i as _);
        ffi::lua_remove(co, -2);
        Some(run(lua, co, 1, ctx))
    }
}

/// Resumes `co` with the `nargs` values on top of its stack and reads how it stopped.
///
/// # Safety
/// As [`start`].
unsafe fn run(
    lua: &Lua,
    co: *mut ffi::lua_State,
    nargs: c_int,
    ctx: *const c_void,
) -> mlua::Result<Stop> {
    unsafe {
        let status = ffi::lua_resume_(co, std::ptr::null_mut(), nargs);
        match status {
            ffi::LUA_OK => {
                let value = if ffi::lua_gettop(co) == 0 {
                    Value::Nil
                } else {
                    ffi::lua_settop(co, 1);
                    first_value(lua, co)?
                };
                ffi::lua_settop(co, 0);
                Ok(Stop::Returned(value))
            }
            ffi::LUA_YIELD => {
                let options = ffi::lua_gettop(co) == 1 && ffi::lua_type(co, 1) == ffi::LUA_TTABLE;
                if !options {
                    ffi::lua_settop(co, 0);
                }
                Ok(Stop::Yielded { options })
            }
            _ => Err(failure(lua, co, status, ctx)),
        }
    }
}

/// The value on top of `co`'s stack, popped, as mlua converts it.
///
/// # Safety
/// `co` is a coroutine of `lua` that is not running, with a value on its stack.
unsafe fn first_value(lua: &Lua, co: *mut ffi::lua_State) -> mlua::Result<Value> {
    unsafe {
        match ffi::lua_type(co, -1) {
            ffi::LUA_TNIL => {
                ffi::lua_pop(co, 1);
                Ok(Value::Nil)
            }
            ffi::LUA_TBOOLEAN => {
                let b = ffi::lua_toboolean(co, -1) != 0;
                ffi::lua_pop(co, 1);
                Ok(Value::Boolean(b))
            }
            // Anything else is mlua's to convert: moved to the stack it reads from.
            _ => lua.exec_raw::<Value>((), |state| ffi::lua_xmove(co, state, 1)),
        }
    }
}

/// The `mlua::Error` that `Thread::resume` makes of the error object on top of `co`,
/// which failed with `status`. A full userdata other than `ctx` (the only one scripts
/// can reach) is an error mlua raised for a `ctx` method: it is raised again inside
/// mlua, which gives back the error it wraps. A memory error is its message; any other
/// error object is written as text followed by `co`'s traceback, as mlua writes it.
///
/// # Safety
/// `co` is a coroutine of `lua` that failed with `status`, its error object on top.
unsafe fn failure(
    lua: &Lua,
    co: *mut ffi::lua_State,
    status: c_int,
    ctx: *const c_void,
) -> mlua::Error {
    unsafe {
        let wrapped =
            ffi::lua_type(co, -1) == ffi::LUA_TUSERDATA && ffi::lua_topointer(co, -1) != ctx;
        if status == ffi::LUA_ERRMEM && !wrapped && ffi::lua_type(co, -1) == ffi::LUA_TSTRING {
            let mut len = 0usize;
            let p = ffi::lua_tolstring(co, -1, &mut len);
            let text = String::from_utf8_lossy(std::slice::from_raw_parts(p.cast::<u8>(), len))
                .into_owned();
            ffi::lua_pop(co, 1);
            return mlua::Error::MemoryError(text);
        }
        if wrapped {
            // Raised again inside mlua, whose message handler passes its own wrapped
            // errors through untouched, and which then unwraps it.
            let raised = lua.exec_raw::<()>((), |state| {
                ffi::lua_xmove(co, state, 1);
                ffi::lua_error(state);
            });
            return match raised {
                Err(e) => e,
                Ok(()) => mlua::Error::runtime("a hook failed, and its error could not be read"),
            };
        }
        // As mlua writes it: the value as text, then (but for a memory error) the
        // coroutine's traceback. Made as a value, not raised: mlua's message handler
        // would add a traceback of its own.
        let traced = status != ffi::LUA_ERRMEM;
        let traceback = lua.exec_raw::<mlua::String>((), |state| {
            ffi::lua_xmove(co, state, 1);
            let s = ffi::luaL_tolstring(state, -1, std::ptr::null_mut());
            if traced && ffi::lua_checkstack(state, ffi::LUA_TRACEBACK_STACK) != 0 {
                ffi::luaL_traceback(state, co, s, 0);
                ffi::lua_remove(state, -2);
            }
            ffi::lua_remove(state, -2);
        });
        match traceback {
            Ok(text) if status == ffi::LUA_ERRMEM => {
                mlua::Error::MemoryError(text.to_string_lossy())
            }
            Ok(text) => mlua::Error::RuntimeError(text.to_string_lossy()),
            Err(e) => e,
        }
    }
}
