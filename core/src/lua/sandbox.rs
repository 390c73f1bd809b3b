//! The Luau sandbox (DESIGN invariant 9): which globals exist, our own `pcall`/`xpcall`
//! that cannot swallow engine signals, our own `require`, and the instruction budget.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use mlua::{ChunkMode, Function, Lua, LuaOptions, MultiValue, StdLib, Table, Value, VmState};

use crate::content::Content;

/// Why the host stopped a script, recorded outside Lua so a script cannot hide it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Signal {
    /// Nothing.
    None,
    /// `ctx:choose` needs an answer that is not recorded yet (invariant 4).
    Ask,
    /// The instruction budget ran out.
    Budget,
    /// The memory cap was hit.
    Memory,
    /// The wall-clock watchdog fired.
    Watchdog,
}

/// State shared between the host and the closures it installs in the VM.
#[derive(Debug)]
pub struct Shared {
    /// Set when the host stops a script.
    pub signal: Cell<Signal>,
    /// Interrupt checks used by the current call.
    pub used: Cell<u64>,
    /// Interrupt checks allowed per call.
    pub budget: Cell<u64>,
    /// Lines printed by scripts during the current call.
    pub printed: RefCell<Vec<String>>,
    /// Wall-clock deadline of the current game, if a watchdog is set. Not deterministic
    /// by nature: it only stops runaway games, and says so.
    pub deadline: Cell<Option<std::time::Instant>>,
}

/// The message of the error raised for a pending choice; never shown to players.
pub const ASK_MESSAGE: &str = "weft: a choice is pending (this error must not be caught)";

/// Creates a VM with only `table`, `string`, `math` (no random), `utf8` and the safe part
/// of the base library, a memory cap and the instruction budget.
pub fn new_vm(content: &Content, shared: &Rc<Shared>) -> mlua::Result<Lua> {
    let lua = Lua::new_with(
        StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8,
        LuaOptions::new().catch_rust_panics(false),
    )?;
    lua.set_memory_limit(content.memory_limit)?;
    let g = lua.globals();
    for name in [
        "getfenv",
        "setfenv",
        "loadstring",
        "load",
        "dofile",
        "loadfile",
        "collectgarbage",
        "gcinfo",
        "newproxy",
        "require",
        "print",
        "pcall",
        "xpcall",
    ] {
        g.raw_set(name, Value::Nil)?;
    }
    let math: Table = g.get("math")?;
    math.raw_set("random", Value::Nil)?;
    math.raw_set("randomseed", Value::Nil)?;

    let s = Rc::clone(shared);
    g.set(
        "pcall",
        lua.create_function(move |lua, (f, args): (Function, MultiValue)| {
            match f.call::<MultiValue>(args) {
                Ok(mut values) => {
                    values.push_front(Value::Boolean(true));
                    Ok(values)
                }
                Err(e) => {
                    let message = script_message(root_cause(&e));
                    if let Some(e) = unstoppable(&s, e) {
                        return Err(e);
                    }
                    Ok(MultiValue::from_iter([
                        Value::Boolean(false),
                        error_value(lua, &message)?,
                    ]))
                }
            }
        })?,
    )?;
    let s = Rc::clone(shared);
    g.set(
        "xpcall",
        lua.create_function(
            move |lua, (f, handler, args): (Function, Function, MultiValue)| match f
                .call::<MultiValue>(args)
            {
                Ok(mut values) => {
                    values.push_front(Value::Boolean(true));
                    Ok(values)
                }
                Err(e) => {
                    let message = script_message(root_cause(&e));
                    if let Some(e) = unstoppable(&s, e) {
                        return Err(e);
                    }
                    let handled: MultiValue = handler.call(error_value(lua, &message)?)?;
                    let mut out = MultiValue::from_iter([Value::Boolean(false)]);
                    out.extend(handled);
                    Ok(out)
                }
            },
        )?,
    )?;
    // tostring without addresses: a table's address differs between processes, and a
    // script that keeps one in the state would break determinism (invariant 5).
    let original: Function = g.get("tostring")?;
    let tostring = lua.create_function(move |lua, v: Value| match address_free(&v) {
        Some(name) => Ok(Value::String(lua.create_string(name)?)),
        None => original.call::<Value>(v),
    })?;
    g.set("tostring", tostring.clone())?;
    let s = Rc::clone(shared);
    g.set(
        "print",
        lua.create_function(move |_, args: MultiValue| {
            let mut line: Vec<String> = Vec::new();
            for v in args {
                let text = tostring.call::<Value>(v)?;
                line.push(text.to_string().unwrap_or_else(|_| "?".into()));
            }
            let mut printed = s.printed.borrow_mut();
            if printed.len() < 100 {
                printed.push(line.join("\t").chars().take(500).collect());
            }
            Ok(())
        })?,
    )?;

    let s = Rc::clone(shared);
    lua.set_interrupt(move |_| {
        let used = s.used.get() + 1;
        s.used.set(used);
        if used % 4096 == 0 {
            if let Some(deadline) = s.deadline.get() {
                if std::time::Instant::now() > deadline {
                    s.signal.set(Signal::Watchdog);
                    return Err(mlua::Error::runtime(
                        "the game ran past its wall-clock limit (watchdog); this stop is not deterministic",
                    ));
                }
            }
        }
        if s.signal.get() == Signal::Watchdog {
            return Err(mlua::Error::runtime("the game ran past its wall-clock limit (watchdog)"));
        }
        if used > s.budget.get() {
            s.signal.set(Signal::Budget);
            return Err(mlua::Error::runtime(format!(
                "the hook ran out of its instruction budget ({} interrupt checks); look for an endless loop",
                s.budget.get()
            )));
        }
        Ok(VmState::Continue)
    });
    Ok(lua)
}

/// The text `tostring` gives for values whose default text holds a memory address, or
/// `None` when the default is safe (or a `__tostring` metamethod decides).
fn address_free(v: &Value) -> Option<&'static str> {
    let has_tostring = |mt: Option<Table>| {
        mt.is_some_and(|m| m.raw_get::<Value>("__tostring").is_ok_and(|f| !f.is_nil()))
    };
    match v {
        Value::Table(t) if !has_tostring(t.metatable()) => Some("table"),
        Value::Function(_) => Some("function"),
        Value::Thread(_) => Some("thread"),
        Value::UserData(_) => Some("userdata"),
        Value::LightUserData(_) => Some("userdata"),
        _ => None,
    }
}

/// Errors a script may not catch: engine signals and memory errors. Returns `None`
/// when the error is an ordinary script error that `pcall` may catch.
fn unstoppable(s: &Shared, e: mlua::Error) -> Option<mlua::Error> {
    if matches!(root_cause(&e), mlua::Error::MemoryError(_)) {
        s.signal.set(Signal::Memory);
    }
    if s.signal.get() != Signal::None {
        Some(e)
    } else {
        None
    }
}

fn error_value(lua: &Lua, message: &str) -> mlua::Result<Value> {
    Ok(Value::String(lua.create_string(message)?))
}

/// The innermost error behind callback wrappers.
pub fn root_cause(e: &mlua::Error) -> &mlua::Error {
    match e {
        mlua::Error::CallbackError { cause, .. } => root_cause(cause),
        other => other,
    }
}

/// The message of an error without its traceback, capped in length.
pub fn script_message(e: &mlua::Error) -> String {
    let text = match e {
        mlua::Error::RuntimeError(m) | mlua::Error::MemoryError(m) => m.clone(),
        mlua::Error::SyntaxError { message, .. } => message.clone(),
        other => other.to_string(),
    };
    let text = text
        .split("\nstack traceback:")
        .next()
        .unwrap_or("")
        .to_string();
    cap(&text, 1000)
}

/// Cuts text to at most `n` characters, saying so.
pub fn cap(text: &str, n: usize) -> String {
    if text.chars().count() <= n {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(n).collect();
        s.push_str(" … (cut)");
        s
    }
}

/// Loads every module of the content: compiles each chunk as text (bytecode refused),
/// runs it once under the budget, and freezes the table it returns. `require` resolves
/// only these modules.
pub fn load_modules(
    lua: &Lua,
    content: &Content,
    shared: &Rc<Shared>,
) -> Result<HashMap<String, Table>, Vec<(String, String)>> {
    let loaded: Rc<RefCell<HashMap<String, Table>>> = Rc::new(RefCell::new(HashMap::new()));
    let loading: Rc<RefCell<Vec<String>>> = Rc::new(RefCell::new(Vec::new()));
    let modules = Rc::new(content.modules.clone());

    fn load_one(
        lua: &Lua,
        name: &str,
        modules: &std::collections::BTreeMap<String, crate::content::Module>,
        loaded: &RefCell<HashMap<String, Table>>,
        loading: &RefCell<Vec<String>>,
    ) -> mlua::Result<Table> {
        if let Some(t) = loaded.borrow().get(name) {
            return Ok(t.clone());
        }
        let Some(module) = modules.get(name) else {
            return Err(mlua::Error::runtime(format!(
                "module `{name}` not found: require takes a module name such as \"weft.shop\" from the pack chain or scripts/"
            )));
        };
        if loading.borrow().iter().any(|n| n == name) {
            return Err(mlua::Error::runtime(format!(
                "module `{name}` requires itself (a require cycle)"
            )));
        }
        loading.borrow_mut().push(name.to_string());
        let result = lua
            .load(module.source.as_str())
            .set_name(format!("@{}", module.chunk))
            .set_mode(ChunkMode::Text)
            .eval::<Value>();
        loading.borrow_mut().pop();
        let table = match result? {
            Value::Table(t) => t,
            other => {
                return Err(mlua::Error::runtime(format!(
                    "{}: a module must return a table of hooks or functions, not a {}",
                    module.chunk,
                    other.type_name()
                )))
            }
        };
        freeze(&table, 0);
        loaded.borrow_mut().insert(name.to_string(), table.clone());
        Ok(table)
    }

    let require = {
        let loaded = Rc::clone(&loaded);
        let loading = Rc::clone(&loading);
        let modules = Rc::clone(&modules);
        lua.create_function(move |lua, name: String| {
            if name.contains(['/', '\\']) || name.split('.').any(|p| p.is_empty() || p == "..") {
                return Err(mlua::Error::runtime(format!(
                    "require(\"{}\") refused: use a module name such as \"weft.shop\"; paths are not allowed",
                    cap(&name, 100)
                )));
            }
            load_one(lua, &name, &modules, &loaded, &loading)
        })
    };
    let mut errors = Vec::new();
    match require {
        Ok(f) => {
            if let Err(e) = lua.globals().set("require", f) {
                errors.push(("<vm>".to_string(), e.to_string()));
            }
        }
        Err(e) => errors.push(("<vm>".to_string(), e.to_string())),
    }
    if let Err(e) = lua.sandbox(true) {
        errors.push(("<vm>".to_string(), e.to_string()));
    }
    for (name, module) in content.modules.iter() {
        reset(shared, content.instruction_budget);
        if let Err(e) = load_one(lua, name, &modules, &loaded, &loading) {
            loading.borrow_mut().clear();
            errors.push((module.chunk.clone(), script_message(root_cause(&e))));
        }
    }
    // Globals are frozen after load: scripts keep nothing between calls (invariant 2).
    lua.globals().set_readonly(true);
    if errors.is_empty() {
        Ok(loaded.borrow().clone())
    } else {
        Err(errors)
    }
}

/// Makes a table and the tables inside it read-only.
pub fn freeze(t: &Table, depth: usize) {
    if t.is_readonly() || depth > 32 {
        return;
    }
    t.set_readonly(true);
    for (_, v) in t.pairs::<Value, Value>().flatten() {
        if let Value::Table(inner) = v {
            freeze(&inner, depth + 1);
        }
    }
}

/// Whether an error value means the memory cap was hit.
pub fn is_memory_error(e: &mlua::Error) -> bool {
    matches!(root_cause(e), mlua::Error::MemoryError(_))
}

/// Prepares the shared state for a new call with `budget` interrupt checks.
pub fn reset(shared: &Shared, budget: u64) {
    shared.used.set(0);
    shared.budget.set(budget);
    if shared.signal.get() != Signal::Watchdog {
        shared.signal.set(Signal::None);
    }
    shared.printed.borrow_mut().clear();
}
