//! Library functions whose work the instruction budget cannot see.
//!
//! Luau's interrupt fires on calls and loop back-edges in Lua code, never inside a C
//! function: `table.move({}, 1, 2^31-1, 0)` is one call that loops two billion times, and
//! `table.insert(t, 1, x)` on a table of four million elements, called in a loop, does
//! four million moves per interrupt. Every library function whose cost grows with its
//! arguments is wrapped here: before it runs, the wrapper charges the budget for the work
//! its arguments ask for (and, for functions that build strings, after it runs, for the
//! length of what it built). So a call that would take long fails at once with the
//! budget error, deterministically.
//!
//! Work the VM itself does on large values (`s .. t`, `#`, comparisons) takes at most one
//! pass over memory the cap bounds; the per-call wall-clock watchdog stops a loop of
//! such steps (`sandbox::Shared::charge`).
//!
//! Builtins that Luau runs by "fastcall" without calling the function object (`type`,
//! `rawlen`, `string.len`, `string.sub`, `table.insert` with two arguments …) do bounded
//! work: at most one pass over their argument. When a fastcall does not apply, the
//! wrapped function runs. `string.byte`, `string.char`, `table.unpack` and `unpack` are
//! left as they are: the results they make are limited by the Lua stack (8,000 values),
//! checked before any work.
//!
//! A wrapper is a small C function (issue 12): it reads the costs from the arguments on
//! the Lua stack, charges them, and calls the original in place. Written as an mlua
//! function it crossed into Rust and back twice a call, and `string.format` in a pack's
//! final scoring, which greedy bots run for every option they weigh, cost Cabriole a
//! tenth of its time.

use std::ffi::CStr;
use std::os::raw::{c_int, c_void};
use std::rc::Rc;

use mlua::{ffi, Function, LightUserData, Lua, Table, Value};

use super::{script_message, Shared, Signal, MEMORY_MESSAGE};

/// Table elements (or loop steps) one budget unit pays for.
const ELEMENTS_PER_UNIT: u64 = 8;
/// String bytes one budget unit pays for.
const BYTES_PER_UNIT: u64 = 64;
/// The cost of a call whose count or position the library cannot read as it is.
const UNREADABLE: u64 = u64::MAX;

/// How a wrapped function's cost is estimated from its arguments.
#[derive(Clone, Copy)]
enum Cost {
    /// Elements of the table in argument 1 (`#t`), when there are at least `min_args`.
    TableLen { min_args: usize },
    /// `n log n` in the elements of the table in argument 1.
    SortLen,
    /// Steps of the range from argument `from` to argument `to` (1-based), where a
    /// missing `to` means `#t` of argument 1 and a missing `from` means 1 (`from` 0:
    /// the range starts at 0).
    Range { from: usize, to: usize },
    /// `string.rep(s, n)`: `n` steps plus the bytes of the result.
    Rep,
    /// A search of argument 2 in argument 1, naive in the worst case: `#s * #p` bytes.
    Find,
    /// Bytes of every string argument.
    StringBytes,
    /// Elements: one per byte of argument 1 (`string.split` makes a piece per byte at most).
    ElementPerByte,
}

/// A wrapped library function.
struct Wrapped {
    /// The global library table (`""` for the base library).
    lib: &'static str,
    /// The function's name, for tracebacks and messages.
    name: &'static CStr,
    /// What its arguments cost.
    cost: Cost,
    /// Whether what it returns is charged too (functions that build strings or tables).
    after: bool,
    /// Whether tables, functions and threads among its arguments are passed as their
    /// type names (`string.format`: an address differs between processes, invariant 5).
    clean: bool,
}

const fn wrapped(lib: &'static str, name: &'static CStr, cost: Cost, after: bool) -> Wrapped {
    Wrapped {
        lib,
        name,
        cost,
        after,
        clean: false,
    }
}

/// Every wrapped function.
static WRAPPED: &[Wrapped] = &[
    wrapped("table", c"insert", Cost::TableLen { min_args: 3 }, true),
    wrapped("table", c"remove", Cost::TableLen { min_args: 1 }, true),
    wrapped("table", c"concat", Cost::Range { from: 3, to: 4 }, true),
    wrapped("table", c"move", Cost::Range { from: 2, to: 3 }, true),
    wrapped("table", c"sort", Cost::SortLen, true),
    wrapped("table", c"clone", Cost::TableLen { min_args: 1 }, true),
    wrapped("table", c"find", Cost::TableLen { min_args: 1 }, true),
    wrapped("table", c"clear", Cost::TableLen { min_args: 1 }, true),
    wrapped("table", c"maxn", Cost::TableLen { min_args: 1 }, true),
    wrapped("table", c"foreach", Cost::TableLen { min_args: 1 }, true),
    wrapped("table", c"foreachi", Cost::TableLen { min_args: 1 }, true),
    wrapped("table", c"create", Cost::Range { from: 0, to: 1 }, false),
    wrapped("string", c"rep", Cost::Rep, true),
    wrapped("string", c"find", Cost::Find, true),
    wrapped("string", c"match", Cost::StringBytes, true),
    wrapped("string", c"gmatch", Cost::StringBytes, true),
    wrapped("string", c"gsub", Cost::StringBytes, true),
    Wrapped {
        lib: "string",
        name: c"format",
        cost: Cost::StringBytes,
        after: true,
        clean: true,
    },
    wrapped("string", c"upper", Cost::StringBytes, true),
    wrapped("string", c"lower", Cost::StringBytes, true),
    wrapped("string", c"reverse", Cost::StringBytes, true),
    wrapped("string", c"split", Cost::ElementPerByte, true),
    wrapped("string", c"pack", Cost::StringBytes, true),
    wrapped("string", c"unpack", Cost::StringBytes, true),
    wrapped("string", c"packsize", Cost::StringBytes, true),
    wrapped("utf8", c"char", Cost::StringBytes, true),
    wrapped("utf8", c"codepoint", Cost::StringBytes, true),
    wrapped("utf8", c"len", Cost::StringBytes, true),
    wrapped("utf8", c"offset", Cost::StringBytes, true),
    wrapped("", c"tonumber", Cost::StringBytes, false),
];

/// Keeps the host's flags alive as long as the VM whose wrappers point at them.
struct KeepShared(#[allow(dead_code)] Rc<Shared>);

/// Wraps the cost-bearing functions of `table`, `string`, `utf8` and the base library.
/// Called before the sandbox freezes the libraries.
pub fn bound_costs(lua: &Lua, shared: &Rc<Shared>) -> mlua::Result<()> {
    lua.set_app_data(KeepShared(Rc::clone(shared)));
    let flags = LightUserData(Rc::as_ptr(shared) as *mut c_void);
    let g = lua.globals();
    for (i, w) in WRAPPED.iter().enumerate() {
        let lib: Table = if w.lib.is_empty() {
            g.clone()
        } else {
            g.get(w.lib)?
        };
        let name = w.name.to_str().expect("names are ASCII");
        let Value::Function(original) = lib.raw_get::<Value>(name)? else {
            continue;
        };
        // SAFETY: the three upvalues are on the stack at 1..=3; lua_pushcclosurek pops
        // them and leaves the closure, the one result. `call_wrapped` keeps to the Lua
        // C API contract.
        let f: Function = unsafe {
            lua.exec_raw((original, flags, i as f64), |l| {
                ffi::lua_pushcclosurek(l, call_wrapped, w.name.as_ptr(), 3, None);
            })?
        };
        lib.raw_set(name, f)?;
    }
    Ok(())
}

/// Upvalues of a wrapper: the original function, the host's [`Shared`], and the
/// wrapper's index in [`WRAPPED`].
const UP_ORIGINAL: c_int = 1;
const UP_SHARED: c_int = 2;
const UP_ENTRY: c_int = 3;

/// A wrapped library function: charges its arguments, calls the original with them,
/// charges what it returned; raises the budget's error, or the original's.
unsafe extern "C-unwind" fn call_wrapped(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        // SAFETY: upvalue 2 points at the `Shared` the VM's app data keeps alive.
        let shared = &*(ffi::lua_touserdata(l, ffi::lua_upvalueindex(UP_SHARED)) as *const Shared);
        let w = &WRAPPED[ffi::lua_tonumber(l, ffi::lua_upvalueindex(UP_ENTRY)) as usize];
        let n = ffi::lua_gettop(l);
        let units = units(w.cost, &stack_args(l, 1, n));
        if units == UNREADABLE {
            let name = w.name.to_str().unwrap_or("library function");
            return raise(
                l,
                format!("{name}: a count or position lies outside -2^31..2^31-1 or is NaN; the library would read it as another number, so weft refuses it"),
            );
        }
        if let Err(e) = shared.charge(units) {
            return raise(l, script_message(&e));
        }
        if w.clean {
            clean_addresses(l, n);
        }
        ffi::lua_pushvalue(l, ffi::lua_upvalueindex(UP_ORIGINAL));
        ffi::lua_insert(l, 1);
        let status = ffi::lua_pcall(l, n, ffi::LUA_MULTRET, 0);
        if status == ffi::LUA_ERRMEM {
            shared.signal.set(Signal::Memory);
            return raise(l, MEMORY_MESSAGE.into());
        }
        if status != ffi::LUA_OK {
            ffi::lua_error(l); // the original's error, as it raised it
        }
        let results = ffi::lua_gettop(l);
        if w.after {
            let made = made_units(&stack_args(l, 1, results));
            if let Err(e) = shared.charge(made) {
                return raise(l, script_message(&e));
            }
        }
        results
    }
}

/// Raises `text` as a Lua error. The text is copied into the VM and dropped before the
/// error unwinds.
unsafe fn raise(l: *mut ffi::lua_State, text: String) -> c_int {
    unsafe {
        ffi::lua_settop(l, 0);
        ffi::lua_pushlstring_(l, text.as_ptr().cast(), text.len());
        drop(text);
        ffi::lua_error(l)
    }
}

/// Replaces each argument at 1..=n whose text would hold an address (a table without
/// `__tostring`, a function, a thread, a userdata) by its type name, as `tostring` does.
unsafe fn clean_addresses(l: *mut ffi::lua_State, n: c_int) {
    unsafe {
        for i in 1..=n {
            let name: &CStr = match ffi::lua_type(l, i) {
                ffi::LUA_TTABLE => {
                    let mut shown = false;
                    if ffi::lua_getmetatable(l, i) != 0 {
                        ffi::lua_pushstring_(l, c"__tostring".as_ptr());
                        ffi::lua_rawget(l, -2);
                        shown = ffi::lua_type(l, -1) != ffi::LUA_TNIL;
                        ffi::lua_settop(l, n);
                    }
                    if shown {
                        continue;
                    }
                    c"table"
                }
                ffi::LUA_TFUNCTION => c"function",
                ffi::LUA_TTHREAD => c"thread",
                ffi::LUA_TUSERDATA | ffi::LUA_TLIGHTUSERDATA => c"userdata",
                _ => continue,
            };
            ffi::lua_pushstring_(l, name.as_ptr());
            ffi::lua_replace(l, i);
        }
    }
}

/// One argument as a cost reads it.
#[derive(Clone, Copy, Debug)]
enum Arg {
    /// A table and its length (`#t`, raw).
    Table(u64),
    /// A string and its bytes.
    Str(u64),
    /// A number.
    Num(f64),
    /// Anything else.
    Other,
}

/// The values at `from..=to` on the stack, as costs read them.
unsafe fn stack_args(l: *mut ffi::lua_State, from: c_int, to: c_int) -> Vec<Arg> {
    unsafe {
        (from..=to)
            .map(|i| match ffi::lua_type(l, i) {
                ffi::LUA_TTABLE => Arg::Table(ffi::lua_objlen(l, i) as u64),
                ffi::LUA_TSTRING => Arg::Str(ffi::lua_objlen(l, i) as u64),
                ffi::LUA_TNUMBER => Arg::Num(ffi::lua_tonumber(l, i)),
                _ => Arg::Other,
            })
            .collect()
    }
}

/// A number argument, if it is one.
fn number(a: Option<&Arg>) -> Option<f64> {
    match a? {
        Arg::Num(n) => Some(*n),
        _ => None,
    }
}

/// `#v` for a table or a string, else 0.
fn length(a: Option<&Arg>) -> u64 {
    match a {
        Some(Arg::Table(n) | Arg::Str(n)) => *n,
        _ => 0,
    }
}

/// A number as the library will see it: Luau reads these arguments as a C `int`, and a
/// number outside its range (or NaN) converts to an arbitrary one (`2^31` may become
/// `-2^31`, a range of two billion steps). `None` for such a number: its cost cannot be
/// told from the argument, so the call is refused.
fn as_c_int(n: f64) -> Option<f64> {
    if n.is_nan() || n < i32::MIN as f64 || n >= i32::MAX as f64 + 1.0 {
        None
    } else {
        Some(n.trunc())
    }
}

fn steps(n: f64) -> u64 {
    if n.is_nan() || n <= 0.0 {
        0
    } else {
        // Both ends are C ints here, so the count fits far below UNREADABLE.
        n as u64
    }
}

fn div_up(n: u64, by: u64) -> u64 {
    n / by + u64::from(n % by != 0)
}

/// Budget units for what a call returned: the bytes of its strings and the elements of
/// its tables.
fn made_units(results: &[Arg]) -> u64 {
    results
        .iter()
        .map(|a| match *a {
            Arg::Str(bytes) => div_up(bytes, BYTES_PER_UNIT),
            Arg::Table(len) => div_up(len, ELEMENTS_PER_UNIT),
            _ => 0,
        })
        .fold(
            results.len() as u64 / ELEMENTS_PER_UNIT,
            u64::saturating_add,
        )
}

/// Budget units for a call with `args`.
fn units(cost: Cost, args: &[Arg]) -> u64 {
    let arg = |i: usize| args.get(i);
    match cost {
        Cost::TableLen { min_args } if args.len() >= min_args => {
            div_up(length(arg(0)), ELEMENTS_PER_UNIT)
        }
        Cost::TableLen { .. } => 0,
        Cost::SortLen => {
            let n = length(arg(0));
            let log = 64 - n.leading_zeros() as u64;
            div_up(n.saturating_mul(log.max(1)), ELEMENTS_PER_UNIT)
        }
        Cost::Range { from, to } => {
            let start = if from == 0 {
                Some(0.0)
            } else {
                number(arg(from - 1)).map_or(Some(1.0), as_c_int)
            };
            let end = number(arg(to - 1)).map_or(Some(length(arg(0)) as f64), as_c_int);
            match (start, end) {
                (Some(start), Some(end)) => div_up(steps(end - start + 1.0), ELEMENTS_PER_UNIT),
                _ => UNREADABLE,
            }
        }
        Cost::Rep => {
            let Some(n) = number(arg(1)).map_or(Some(0.0), as_c_int) else {
                return UNREADABLE;
            };
            let n = steps(n);
            let bytes = length(arg(0)).saturating_mul(n);
            div_up(n, ELEMENTS_PER_UNIT).saturating_add(div_up(bytes, BYTES_PER_UNIT))
        }
        Cost::Find => {
            let work = length(arg(0)).saturating_mul(length(arg(1)).max(1));
            div_up(work, BYTES_PER_UNIT)
        }
        Cost::StringBytes => {
            let bytes: u64 = args
                .iter()
                .map(|a| match a {
                    Arg::Str(bytes) => *bytes,
                    _ => 0,
                })
                .fold(0, u64::saturating_add);
            div_up(bytes, BYTES_PER_UNIT)
        }
        Cost::ElementPerByte => div_up(length(arg(0)), ELEMENTS_PER_UNIT),
    }
}
