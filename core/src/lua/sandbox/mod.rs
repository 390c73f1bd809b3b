//! The Luau sandbox (DESIGN invariant 9): which globals exist, our own `pcall`/`xpcall`
//! that cannot swallow engine signals, our own `require`, and the instruction budget.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use mlua::{ffi, ChunkMode, Function, Lua, LuaOptions, MultiValue, StdLib, Table, Value, VmState};

use crate::content::Content;

/// The library functions whose work the budget charges before they run: part of the
/// sandbox, which installs them in every VM.
mod library;

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
    /// The game's wall-clock watchdog fired.
    Watchdog,
    /// The current call's wall-clock watchdog fired.
    CallWatchdog,
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
    /// Wall-clock seconds one call may run (the per-call watchdog, on for every entry point).
    pub hook_seconds: f64,
    /// When the current call must end: none until its first look at the clock (see
    /// [`Shared::check`]), which [`reset`] makes the next look.
    pub call_deadline: Cell<Option<std::time::Instant>>,
    /// `ctx` verbs made by the current call.
    pub verbs: Cell<u32>,
    /// `ctx:log` lines the current call has kept.
    pub log_lines: Cell<u32>,
    /// When set, the interrupt records the script position it runs at (slow: only for
    /// re-running a failed call to find the line of an error that carries none). Set it
    /// with [`Shared::trace_lines`], which also makes every check reach the host.
    trace_lines: Cell<bool>,
    /// The last script position recorded while `trace_lines` was set: (file, line).
    pub last_line: RefCell<Option<(String, u32)>>,
    /// Whether questions carry labels for people (see [`crate::Engine::set_labels`]):
    /// when off, `ctx:asking()` is always false and `ctx:choose` keeps no label.
    pub labels: Cell<bool>,
    /// Whether the speed layer is on (see [`crate::Engine::set_speed_layer`]): when
    /// off, `ctx:choose`'s front leaves every question to the host's `choose`.
    pub speed_layer: Cell<bool>,
}

impl Shared {
    /// Host flags for a VM whose calls get `budget` interrupt checks and `hook_seconds`
    /// of wall-clock time each.
    pub fn new(budget: u64, hook_seconds: f64) -> Shared {
        Shared {
            signal: Cell::new(Signal::None),
            used: Cell::new(0),
            budget: Cell::new(budget),
            printed: RefCell::new(Vec::new()),
            deadline: Cell::new(None),
            hook_seconds,
            call_deadline: Cell::new(None),
            verbs: Cell::new(0),
            log_lines: Cell::new(0),
            trace_lines: Cell::new(false),
            last_line: RefCell::new(None),
            labels: Cell::new(true),
            speed_layer: Cell::new(true),
        }
    }

    /// Records the script position at every interrupt check (`on`), or stops.
    pub fn trace_lines(&self, on: bool) {
        self.trace_lines.set(on);
        batch::every_check(on);
    }

    /// Adds `units` of work to the current call's budget; fails, recording the signal,
    /// when the budget or the wall-clock limit is passed.
    pub fn charge(&self, units: u64) -> mlua::Result<()> {
        let used = self.used.get().saturating_add(units);
        self.used.set(used);
        self.check(used, units > 0)
    }

    /// The checks the interrupt makes: the game's and the call's wall-clock deadlines
    /// (when `look_at_clock`), then the budget.
    ///
    /// A call's clock starts at its first look, not in [`reset`]: most calls end before
    /// the interrupt's first batch of checks and never read the clock at all. What runs
    /// before that look is at most one batch of checks ([`batch::BATCH`]), or one `ctx`
    /// verb or library call, since those charge the budget (and so look) before they
    /// run: microseconds against a limit of seconds.
    fn check(&self, used: u64, look_at_clock: bool) -> mlua::Result<()> {
        if look_at_clock {
            let now = std::time::Instant::now();
            if self.call_deadline.get().is_none() {
                self.call_deadline.set(
                    std::time::Duration::try_from_secs_f64(self.hook_seconds)
                        .ok()
                        .and_then(|d| now.checked_add(d)),
                );
            }
            if self.deadline.get().is_some_and(|d| now > d) {
                self.signal.set(Signal::Watchdog);
            } else if self.call_deadline.get().is_some_and(|d| now > d) {
                self.signal.set(Signal::CallWatchdog);
                return Err(mlua::Error::runtime(format!(
                    "the hook ran past its wall-clock limit of {} s (watchdog; raise it with --hook-seconds); this stop is not deterministic",
                    self.hook_seconds
                )));
            }
        }
        match self.signal.get() {
            Signal::Watchdog => return Err(mlua::Error::runtime(
                "the game ran past its wall-clock limit (watchdog); this stop is not deterministic",
            )),
            Signal::CallWatchdog => {
                return Err(mlua::Error::runtime(
                    "the hook ran past its wall-clock limit (watchdog)",
                ))
            }
            _ => {}
        }
        if used > self.budget.get() {
            self.signal.set(Signal::Budget);
            return Err(mlua::Error::runtime(format!(
                "the hook ran out of its instruction budget ({} interrupt checks); look for an endless loop, or for library calls on very large tables or strings (raise it with --budget)",
                self.budget.get()
            )));
        }
        Ok(())
    }
}

/// What a script's error says when the memory cap was hit (Luau's own memory error
/// carries no text).
pub const MEMORY_MESSAGE: &str = "not enough memory: the Lua VM's memory cap was hit";

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
                let line: String = line.join("\t").chars().take(500).collect();
                printed.push(crate::text::printable(&line).into_owned());
            }
            Ok(())
        })?,
    )?;

    let s = Rc::clone(shared);
    lua.set_interrupt(move |lua| {
        if s.trace_lines.get() {
            let at = lua.inspect_stack(0, |d| {
                let file = d
                    .source()
                    .source
                    .map(|f| f.trim_start_matches('@').to_string());
                file.zip(d.current_line().map(|l| l as u32))
            });
            if let Some(Some(at)) = at {
                *s.last_line.borrow_mut() = Some(at);
            }
        }
        let used = s.used.get() + batch::take();
        s.used.set(used);
        // The clock is read once a batch: cheap, and prompt enough, since library work
        // between two checks is charged to the budget (see `library`).
        s.check(used, true).map_err(|e| at_running_line(lua, e))?;
        Ok(VmState::Continue)
    });
    batch::install(&lua)?;
    library::bound_costs(&lua, shared)?;
    Ok(lua)
}

/// The script position the VM is running, as (file, line): the innermost frame with a
/// line (a library function has none, so its caller's).
fn running_line(lua: &Lua) -> Option<(String, u32)> {
    (0..4).find_map(|level| {
        lua.inspect_stack(level, |d| {
            let file = d.source().source?.strip_prefix('@')?.to_string();
            Some((file, u32::try_from(d.current_line()?).ok()?))
        })
        .flatten()
    })
}

/// `e`, a stop the interrupt raised (budget, watchdog), with the script position the VM
/// was running put in front of its message as Lua puts it in front of its own errors
/// (`file:line: message`), so the error names its line: the interrupt runs outside any
/// Rust call, so no traceback names it.
fn at_running_line(lua: &Lua, e: mlua::Error) -> mlua::Error {
    match (running_line(lua), e) {
        (Some((file, line)), mlua::Error::RuntimeError(message)) => {
            mlua::Error::RuntimeError(format!("{file}:{line}: {message}"))
        }
        (_, e) => e,
    }
}

/// The text `tostring` gives for values whose default text holds a memory address, or
/// `None` when the default is safe (or a `__tostring` metamethod decides).
pub(crate) fn address_free(v: &Value) -> Option<&'static str> {
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

/// The Lua traceback recorded where a Rust function called from a script failed (the
/// outermost one: it reaches furthest into the script), or an empty string.
pub fn callback_traceback(e: &mlua::Error) -> String {
    match e {
        mlua::Error::CallbackError { traceback, .. } => traceback.clone(),
        _ => String::new(),
    }
}

/// `traceback` with each run of unnamed host frames (`[C]: in ?` lines in a row) written
/// once. A `ctx` front hands a call it does not answer to the mlua method behind it
/// (`lua/fast.rs`), which puts one more such frame under the method's; an error must
/// read the same whichever way it was raised, and the speed layer on or off.
pub fn one_host_frame_per_run(traceback: &str) -> String {
    const UNNAMED: &str = "[C]: in ?";
    let mut out = String::with_capacity(traceback.len());
    let mut after_unnamed = false;
    for line in traceback.split_inclusive('\n') {
        let unnamed = line.trim() == UNNAMED;
        if !(unnamed && after_unnamed) {
            out.push_str(line);
        }
        after_unnamed = unnamed;
    }
    out
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
        mlua::Error::RuntimeError(m) => m.clone(),
        // Luau's memory error carries no useful text (mlua shows it as `<nil>`).
        mlua::Error::MemoryError(_) => MEMORY_MESSAGE.into(),
        mlua::Error::SyntaxError { message, .. } => message.clone(),
        other => other.to_string(),
    };
    let text = text.split("\nstack traceback:").next().unwrap_or("");
    cap(&without_addresses(text), 1000)
}

/// Text with the memory addresses Lua prints for tables, functions and threads
/// (`table: 0x55d1…`) taken out: an address differs between processes, and a script that
/// catches an error must see the same text in every one (DESIGN invariant 5).
pub fn without_addresses(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(": 0x") {
        let digits = rest[at + 4..]
            .bytes()
            .take_while(u8::is_ascii_hexdigit)
            .count();
        out.push_str(&rest[..at]);
        if digits == 0 {
            out.push_str(": 0x");
        }
        rest = &rest[at + 4 + digits..];
    }
    out.push_str(rest);
    out
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
) -> (HashMap<String, Table>, Vec<(String, String)>) {
    load_module_map(
        lua,
        content.modules.clone(),
        content.instruction_budget,
        shared,
    )
}

/// [`load_modules`] over any set of modules (the scenario VM adds the pack's test
/// helpers, `tests/lib/*.lua`), each run under `budget`. Every module is tried: the
/// ones that loaded come back with the problems of the others, each `(chunk, message)`,
/// so one run reports every module that fails.
pub fn load_module_map(
    lua: &Lua,
    modules: std::collections::BTreeMap<String, crate::content::Module>,
    budget: u64,
    shared: &Rc<Shared>,
) -> (HashMap<String, Table>, Vec<(String, String)>) {
    let loaded: Rc<RefCell<HashMap<String, Table>>> = Rc::new(RefCell::new(HashMap::new()));
    let loading: Rc<RefCell<Vec<String>>> = Rc::new(RefCell::new(Vec::new()));
    let modules = Rc::new(modules);

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
        super::freeze::freeze_table(lua, &table)?;
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
    for (name, module) in modules.iter() {
        reset(shared, budget);
        if let Err(e) = load_one(lua, name, &modules, &loaded, &loading) {
            loading.borrow_mut().clear();
            errors.push((module.chunk.clone(), script_message(root_cause(&e))));
        }
    }
    // Globals are frozen after load: scripts keep nothing between calls (invariant 2).
    lua.globals().set_readonly(true);
    let loaded = loaded.borrow().clone();
    (loaded, errors)
}

/// Whether an error value means the memory cap was hit.
pub fn is_memory_error(e: &mlua::Error) -> bool {
    matches!(root_cause(e), mlua::Error::MemoryError(_))
}

/// Prepares the shared state for a new call with `budget` interrupt checks.
pub fn reset(shared: &Shared, budget: u64) {
    batch::take();
    shared.used.set(0);
    shared.verbs.set(0);
    shared.log_lines.set(0);
    shared.budget.set(budget);
    if shared.signal.get() != Signal::Watchdog {
        shared.signal.set(Signal::None);
    }
    // The call's clock starts at its first look (see `Shared::check`).
    shared.call_deadline.set(None);
    shared.printed.borrow_mut().clear();
}

/// What a call has used of its limits so far, as [`reset`] counts it: what a call held
/// at its question takes with it, and is given back when it goes on (`lua/held.rs`).
pub struct Usage {
    used: u64,
    verbs: u32,
    log_lines: u32,
    /// Interrupt checks counted and not yet charged.
    checks: u32,
    printed: Vec<String>,
}

impl Usage {
    /// Takes the running call's usage off the host flags; its pending interrupt checks
    /// too, so the caller gives back the ones of any VM the call ran inside.
    pub fn take(shared: &Shared) -> Usage {
        Usage {
            used: shared.used.get(),
            verbs: shared.verbs.get(),
            log_lines: shared.log_lines.get(),
            checks: batch::suspend(),
            printed: std::mem::take(&mut *shared.printed.borrow_mut()),
        }
    }

    /// Starts a call that goes on from this usage: as [`reset`], then the counts given
    /// back, so it is charged as if it had never stopped.
    pub fn resume(self, shared: &Shared, budget: u64) {
        reset(shared, budget);
        shared.used.set(self.used);
        shared.verbs.set(self.verbs);
        shared.log_lines.set(self.log_lines);
        *shared.printed.borrow_mut() = self.printed;
        batch::restore(self.checks);
    }
}

/// Most frames [`frames_of`] reads, innermost first.
const MAX_FRAMES: std::os::raw::c_int = 64;

/// Where `thread` stands, as `stack traceback:` lines (`file:line:`), innermost first
/// and at most [`MAX_FRAMES`]: after a call on it failed, its frames stay until it is
/// reset, so this says where the call was when it failed (an error raised by the
/// allocator carries no position of its own). Reading a frame allocates nothing, so
/// it works at the memory cap.
pub fn frames_of(thread: &mlua::Thread) -> String {
    // `Thread::state` is the coroutine's own state (mlua keeps it public but hidden;
    // `Cargo.lock` pins the mlua these fronts were written against).
    let co = thread.state();
    let mut out = String::from("stack traceback:");
    for level in 0..MAX_FRAMES {
        // SAFETY: `co` is a coroutine of this VM, alive while `thread` is, and not
        // running; `lua_getinfo` with "sl" only reads frame `level` into `ar`, whose
        // `short_src` points into `ar` itself.
        unsafe {
            let mut ar: ffi::lua_Debug = std::mem::zeroed();
            if ffi::lua_getinfo(co, level, c"sl".as_ptr(), &mut ar) == 0 {
                break;
            }
            if ar.currentline > 0 && !ar.short_src.is_null() {
                let src = std::ffi::CStr::from_ptr(ar.short_src).to_string_lossy();
                out.push_str(&format!("\n\t{src}:{}:", ar.currentline));
            }
        }
    }
    out
}

/// Interrupt checks reach the host in batches. Luau calls the interrupt at every call,
/// return and loop back edge; the host's interrupt (through mlua: an unwind guard and a
/// boxed closure per check) was about a tenth of a greedy bot's time. A plain function in
/// front of it counts the checks and hands the host every [`BATCH`]th, with the count,
/// so the budget is charged exactly and checked once a batch: a script stops at most
/// `BATCH - 1` checks past its budget, at the same check in every run, since [`reset`]
/// starts each call's count at zero.
pub(crate) mod batch {
    use std::cell::Cell;
    use std::os::raw::c_int;
    use std::sync::OnceLock;

    use mlua::ffi;
    use mlua::Lua;

    /// Checks counted before the host's interrupt runs.
    pub const BATCH: u32 = 64;

    /// The interrupt function mlua installs (the same for every VM: it finds the VM's
    /// own closure through the state).
    type Interrupt = unsafe extern "C-unwind" fn(*mut ffi::lua_State, c_int);
    static HOST: OnceLock<Interrupt> = OnceLock::new();

    thread_local! {
        /// Checks counted and not yet handed to the host.
        static PENDING: Cell<u32> = const { Cell::new(0) };
        /// Hand every check to the host (line tracing).
        static EVERY: Cell<bool> = const { Cell::new(false) };
    }

    /// Puts the counting function in front of the interrupt `Lua::set_interrupt`
    /// installed in `lua`.
    pub fn install(lua: &Lua) -> mlua::Result<()> {
        let mut installed = false;
        // SAFETY: `lua_callbacks` of the VM's main state is valid while `lua` lives, and
        // only this thread uses the VM (a `Lua` here is not `Send`).
        unsafe {
            lua.exec_raw::<()>((), |state| {
                let cb = ffi::lua_callbacks(state);
                if let Some(host) = (*cb).interrupt {
                    HOST.get_or_init(|| host);
                    (*cb).interrupt = Some(counting);
                    installed = true;
                }
            })?;
        }
        if installed {
            Ok(())
        } else {
            Err(mlua::Error::runtime(
                "the instruction budget could not be installed (no interrupt was set)",
            ))
        }
    }

    /// Counts one check; every `BATCH`th (or every one, when tracing) runs the host's.
    unsafe extern "C-unwind" fn counting(state: *mut ffi::lua_State, gc: c_int) {
        if gc >= 0 {
            return; // a garbage-collector step, not a script check (mlua ignores it too)
        }
        let n = PENDING.get() + 1;
        PENDING.set(n);
        if n >= BATCH || EVERY.get() {
            if let Some(host) = HOST.get() {
                // SAFETY: the function mlua installed for this VM, with the arguments
                // Luau gave us; it may raise a Lua error, which unwinds through here
                // (`C-unwind`) to the script's protected call.
                unsafe { host(state, gc) }
            }
        }
    }

    /// The checks counted since the last call, which the host charges; starts a new count.
    pub fn take() -> u64 {
        PENDING.replace(0) as u64
    }

    /// Sets aside the checks counted so far (those of a VM whose script called into
    /// this one) and starts a new count; give them back with [`restore`].
    pub fn suspend() -> u32 {
        PENDING.replace(0)
    }

    /// Gives back the checks [`suspend`] set aside, dropping the nested call's leftover.
    pub fn restore(outer: u32) {
        PENDING.set(outer);
    }

    /// Hands every check to the host while `on`.
    pub fn every_check(on: bool) {
        EVERY.set(on);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs an endless counting loop under `budget`; returns how many turns it made
    /// before the host stopped it, and the signal.
    fn count_until_stopped(budget: u64) -> (i64, Signal) {
        let content = crate::content::load_content(
            &[crate::embedded::base_pack()],
            &crate::embedded::library(),
        )
        .expect("the base pack loads");
        let shared = Rc::new(Shared::new(budget, 60.0));
        let lua = new_vm(&content, &shared).expect("a VM");
        let f: Function = lua
            .load("n = 0 while true do n = n + 1 end")
            .into_function()
            .expect("compiles");
        reset(&shared, budget);
        let e = f.call::<()>(()).expect_err("the budget stops it");
        assert!(e.to_string().contains("instruction budget"), "{e}");
        (lua.globals().get("n").expect("n"), shared.signal.get())
    }

    /// The interrupt's checks reach the host in batches: the budget still stops a
    /// script, within one batch of its limit, at the same turn every time.
    #[test]
    fn the_budget_stops_a_loop_within_one_batch_and_at_the_same_check() {
        for budget in [1_000, 5_000] {
            let (turns, signal) = count_until_stopped(budget);
            assert_eq!(signal, Signal::Budget);
            assert!(
                turns as u64 >= budget - 2 && turns as u64 <= budget + batch::BATCH as u64,
                "budget {budget}: stopped after {turns} turns"
            );
            assert_eq!(count_until_stopped(budget).0, turns, "deterministic");
        }
    }

    /// A front's frame under the method's reads as the method's frame alone; named C
    /// frames, script frames and single unnamed frames stay as they are.
    #[test]
    fn a_run_of_unnamed_host_frames_is_written_once() {
        let through_front =
            "stack traceback:\n\t[C]: in ?\n\t[C]: in ?\n\tp/a.lua:3: in function 'action'\n";
        let method_alone = "stack traceback:\n\t[C]: in ?\n\tp/a.lua:3: in function 'action'\n";
        assert_eq!(one_host_frame_per_run(through_front), method_alone);
        assert_eq!(one_host_frame_per_run(method_alone), method_alone);
        let named = "stack traceback:\n\t[C]: in ?\n\t[C]: in function 'pcall'\n\t[C]: in ?\n\tp/a.lua:3: in ?";
        assert_eq!(one_host_frame_per_run(named), named);
    }
}
