//! Keeping the VM stateless between calls and games (DESIGN invariant 2).
//!
//! After load, everything a script can reach is frozen: every table reachable from the
//! modules, params and names, through table keys and values, metatables and the
//! upvalues of Lua functions, at any depth. What freezing cannot cover are scalar
//! upvalues (`local calls = 0` at the top of a module, counted up in a hook): their values
//! after load are recorded, and [`VmSnapshot::restore`] puts them back before every game,
//! so each game starts from the same VM condition whatever ran before it.

use std::collections::HashSet;

use mlua::{ffi, Function, Lua, MultiValue, Table, Value};

/// The most upvalues Luau gives one function.
const MAX_UPVALUES: i32 = 255;

/// The scalar upvalues of the loaded code, as they were after load.
#[derive(Default)]
pub struct VmSnapshot {
    /// Each function with its upvalues (all of them, in order).
    functions: Vec<(Function, MultiValue)>,
}

/// Reads a Lua function's upvalues.
fn upvalues(lua: &Lua, f: &Function) -> mlua::Result<MultiValue> {
    // SAFETY: the closure runs in a protected call with `f` at index 1; it only pushes
    // values after checking stack space, then removes `f`, leaving the upvalues as
    // the results.
    unsafe {
        lua.exec_raw::<MultiValue>(f.clone(), |state| {
            let mut n = 1;
            while n <= MAX_UPVALUES {
                if ffi::lua_checkstack(state, 2) == 0 {
                    break;
                }
                if ffi::lua_getupvalue(state, 1, n).is_null() {
                    break;
                }
                n += 1;
            }
            ffi::lua_remove(state, 1);
        })
    }
}

/// Sets a Lua function's upvalues, in order, to `values`.
fn set_upvalues(lua: &Lua, f: &Function, values: &MultiValue) -> mlua::Result<()> {
    let mut args = MultiValue::with_capacity(values.len() + 1);
    args.push_back(Value::Function(f.clone()));
    args.extend(values.iter().cloned());
    let count = values.len() as i32;
    // SAFETY: arguments are at indices 1 (the function) and 2.. (the values); each
    // value is pushed once and popped by lua_setupvalue.
    unsafe {
        lua.exec_raw::<()>(args, |state| {
            for i in 0..count {
                ffi::lua_pushvalue(state, i + 2);
                if ffi::lua_setupvalue(state, 1, i + 1).is_null() {
                    ffi::lua_pop(state, 1);
                    break;
                }
            }
            ffi::lua_settop(state, 0);
        })
    }
}

/// Freezes every table reachable from `roots` and records the upvalues of every Lua
/// function reachable from them.
pub fn freeze_reachable(lua: &Lua, roots: Vec<Value>) -> mlua::Result<VmSnapshot> {
    let mut seen: HashSet<usize> = HashSet::new();
    let mut stack = roots;
    let mut snapshot = VmSnapshot::default();
    while let Some(v) = stack.pop() {
        match v {
            Value::Table(t) => {
                if !seen.insert(t.to_pointer() as usize) {
                    continue;
                }
                if let Some(mt) = t.metatable() {
                    stack.push(Value::Table(mt));
                }
                for pair in t.pairs::<Value, Value>() {
                    let (k, v) = pair?;
                    stack.push(k);
                    stack.push(v);
                }
                t.set_readonly(true);
            }
            Value::Function(f) => {
                if !seen.insert(f.to_pointer() as usize) || f.info().what == "C" {
                    continue;
                }
                let values = upvalues(lua, &f)?;
                stack.extend(values.iter().cloned());
                let has_scalar = values
                    .iter()
                    .any(|v| !matches!(v, Value::Table(_) | Value::Function(_)));
                if has_scalar {
                    snapshot.functions.push((f, values));
                }
            }
            _ => {}
        }
    }
    Ok(snapshot)
}

impl VmSnapshot {
    /// Puts every recorded upvalue back to its value after load.
    pub fn restore(&self, lua: &Lua) -> mlua::Result<()> {
        for (f, values) in &self.functions {
            set_upvalues(lua, f, values)?;
        }
        Ok(())
    }
}

/// Freezes one table and everything reachable from it (params built from TOML).
pub fn freeze_table(lua: &Lua, t: &Table) -> mlua::Result<()> {
    freeze_reachable(lua, vec![Value::Table(t.clone())]).map(|_| ())
}

impl VmSnapshot {
    /// The functions whose scalar upvalues differ from their values after load, as
    /// `file:line (function name)`: module-level locals that hooks changed, so that a
    /// hook's behaviour depends on what ran before it. Puts them back afterwards.
    pub fn changed(&self, lua: &Lua) -> mlua::Result<Vec<String>> {
        let mut found = Vec::new();
        for (f, values) in &self.functions {
            let now = upvalues(lua, f)?;
            let differs = now.len() != values.len()
                || now.iter().zip(values.iter()).any(|(a, b)| !same(a, b));
            if differs {
                let info = f.info();
                let file = info.source.unwrap_or_default();
                found.push(format!(
                    "{}:{} (function `{}`)",
                    file.trim_start_matches('@'),
                    info.line_defined.unwrap_or(0),
                    info.name.unwrap_or_else(|| "?".into())
                ));
            }
        }
        self.restore(lua)?;
        found.sort();
        found.dedup();
        Ok(found)
    }
}

/// The same Lua value: numbers by their bits (so NaN equals itself), others as Lua
/// compares them raw.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.to_bits() == y.to_bits(),
        _ => a == b,
    }
}
