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

use std::rc::Rc;

use mlua::{Function, Lua, MultiValue, Table, Value};

use super::sandbox::{address_free, Shared};

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
    /// missing `to` means `#t` of argument 1 and a missing `from` means 1.
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

/// Wraps the cost-bearing functions of `table`, `string`, `utf8` and the base library.
/// Called before the sandbox freezes the libraries.
pub fn bound_costs(lua: &Lua, shared: &Rc<Shared>) -> mlua::Result<()> {
    let g = lua.globals();
    let table: Table = g.get("table")?;
    for (name, cost) in [
        ("insert", Cost::TableLen { min_args: 3 }),
        ("remove", Cost::TableLen { min_args: 1 }),
        ("concat", Cost::Range { from: 3, to: 4 }),
        ("move", Cost::Range { from: 2, to: 3 }),
        ("sort", Cost::SortLen),
        ("clone", Cost::TableLen { min_args: 1 }),
        ("find", Cost::TableLen { min_args: 1 }),
        ("clear", Cost::TableLen { min_args: 1 }),
        ("maxn", Cost::TableLen { min_args: 1 }),
        ("foreach", Cost::TableLen { min_args: 1 }),
        ("foreachi", Cost::TableLen { min_args: 1 }),
    ] {
        wrap(lua, &table, name, shared, cost, true)?;
    }
    wrap(
        lua,
        &table,
        "create",
        shared,
        Cost::Range { from: 0, to: 1 },
        false,
    )?;
    let string: Table = g.get("string")?;
    for (name, cost) in [
        ("rep", Cost::Rep),
        ("find", Cost::Find),
        ("match", Cost::StringBytes),
        ("gmatch", Cost::StringBytes),
        ("gsub", Cost::StringBytes),
        ("format", Cost::StringBytes),
        ("upper", Cost::StringBytes),
        ("lower", Cost::StringBytes),
        ("reverse", Cost::StringBytes),
        ("split", Cost::ElementPerByte),
        ("pack", Cost::StringBytes),
        ("unpack", Cost::StringBytes),
        ("packsize", Cost::StringBytes),
    ] {
        wrap(lua, &string, name, shared, cost, true)?;
    }
    let format: Function = string.raw_get("format")?;
    string.raw_set("format", format_without_addresses(lua, format)?)?;
    let utf8: Table = g.get("utf8")?;
    for name in ["char", "codepoint", "len", "offset"] {
        wrap(lua, &utf8, name, shared, Cost::StringBytes, true)?;
    }
    wrap(lua, &g, "tonumber", shared, Cost::StringBytes, false)?;
    Ok(())
}

/// Replaces `lib[name]` with a function that charges `cost` before calling the original
/// and, when `after` is set, charges the bytes and elements of what it returned.
fn wrap(
    lua: &Lua,
    lib: &Table,
    name: &str,
    shared: &Rc<Shared>,
    cost: Cost,
    after: bool,
) -> mlua::Result<()> {
    let Value::Function(original) = lib.raw_get::<Value>(name)? else {
        return Ok(());
    };
    let s = Rc::clone(shared);
    let label = name.to_string();
    let wrapped = lua.create_function(move |_, args: MultiValue| {
        let units = units(cost, &args);
        if units == UNREADABLE {
            return Err(mlua::Error::runtime(format!(
                "{label}: a count or position lies outside -2^31..2^31-1 or is NaN; the library would read it as another number, so weft refuses it"
            )));
        }
        s.charge(units)?;
        let out = original
            .call::<MultiValue>(args)
            .map_err(|e| super::sandbox::memory_signal(&s, e))?;
        if after {
            s.charge(result_units(&out))?;
        }
        Ok(out)
    })?;
    lib.raw_set(name, wrapped)
}

/// `string.format` that prints tables, functions and threads by their type name, never
/// by their address (which differs between processes: DESIGN invariant 5).
fn format_without_addresses(lua: &Lua, format: Function) -> mlua::Result<Function> {
    lua.create_function(move |lua, args: MultiValue| {
        let mut clean = MultiValue::with_capacity(args.len());
        for v in args {
            match address_free(&v) {
                Some(name) => clean.push_back(Value::String(lua.create_string(name)?)),
                None => clean.push_back(v),
            }
        }
        format.call::<MultiValue>(clean)
    })
}

/// A whole number argument, if it is one.
fn number(v: Option<&Value>) -> Option<f64> {
    match v? {
        Value::Integer(i) => Some(*i as f64),
        Value::Number(n) => Some(*n),
        _ => None,
    }
}

/// `#v` for a table or a string, else 0.
fn length(v: Option<&Value>) -> u64 {
    match v {
        Some(Value::Table(t)) => t.raw_len() as u64,
        Some(Value::String(s)) => s.as_bytes().len() as u64,
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

/// Budget units for a call with `args`.
fn units(cost: Cost, args: &MultiValue) -> u64 {
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
                .map(|v| match v {
                    Value::String(s) => s.as_bytes().len() as u64,
                    _ => 0,
                })
                .fold(0, u64::saturating_add);
            div_up(bytes, BYTES_PER_UNIT)
        }
        Cost::ElementPerByte => div_up(length(arg(0)), ELEMENTS_PER_UNIT),
    }
}

/// Budget units for what a call returned: the bytes of its strings and the elements of
/// its tables.
fn result_units(out: &MultiValue) -> u64 {
    out.iter()
        .map(|v| match v {
            Value::String(s) => div_up(s.as_bytes().len() as u64, BYTES_PER_UNIT),
            Value::Table(t) => div_up(t.raw_len() as u64, ELEMENTS_PER_UNIT),
            _ => 0,
        })
        .fold(out.len() as u64 / ELEMENTS_PER_UNIT, u64::saturating_add)
}
