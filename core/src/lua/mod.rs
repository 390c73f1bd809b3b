//! The Luau host: implements [`Effects`] by calling the hooks that content modules
//! return. One `LuaHost` (one VM) per worker thread; it is not `Send`.
//!
//! **Architecture Invariant:** the VM keeps nothing between calls. Modules are loaded
//! once and frozen, globals are read-only, and each call gets a fresh `ctx` that owns
//! the state it runs on (the caller's scratch copy, or for a hook run for no player the
//! caller's state) for the call's duration only. The one exception is a call
//! held at its question (`lua/held.rs`): it lives until the next call on the host, which lets
//! it go first unless it is that question's answer.

pub mod api;
pub mod api_doc;
mod ask;
mod choose;
mod ctx;
mod ctx_areas;
mod ctx_dice;
mod ctx_markers;
mod ctx_powers;
mod ctx_tile;
mod ctx_travel;
mod ctx_zones;
mod fast;
mod freeze;
mod held;
mod option_keys;
mod resume;
pub(crate) mod sandbox;

use std::rc::Rc;
use std::sync::Arc;

use mlua::{Function, Lua, Table, Value};

use crate::content::{Content, ContentError, ContentErrors, ScriptRef};
use crate::effects::{Effects, HookOutcome};
use crate::engine::{describe_owner, Engine};
use crate::error::ScriptError;
use crate::events::EventLog;
use crate::flow::{Hook, HookCall, Owner};
use crate::state::GameState;
use crate::text::printable;

pub use ctx::{Ctx, CtxHandle, Names};
use sandbox::{Shared, Signal};

/// The kernel's hooks a behaviour may have: [`Hook::KERNEL`], then [`Hook::Run`] and
/// [`Hook::Potential`]; the flow's named hooks come after them (see [`hook_index`]).
const KERNEL_HOOKS: usize = Hook::KERNEL.len() + 2;

/// Hooks of one behaviour: its functions by hook, and its frozen params table.
struct Bound {
    params: Table,
    /// The hooks (by [`hook_index`]) and params as the calls push them (see [`resume`]).
    refs: Refs,
    module: Rc<str>,
    /// Rules text from the module's `describe(params)`, if it has one.
    description: Option<String>,
}

/// The Lua implementation of [`Effects`].
pub struct LuaHost {
    lua: Lua,
    content: Arc<Content>,
    shared: Rc<Shared>,
    tiles: Vec<Bound>,
    /// By card: its behaviour's hooks, one bound behaviour shared by a template's
    /// copies.
    cards: Vec<Option<Rc<Bound>>>,
    unlocks: Vec<Option<Bound>>,
    /// The flow's named functions, by index in `content.program.game_hooks`.
    game_hooks: Vec<Bound>,
    /// Each worker-placement area's behaviour, if it has one.
    areas: Vec<Option<Bound>>,
    /// Each dice space's behaviour, if it has one.
    dice_spaces: Vec<Option<Bound>>,
    /// Each extra action's behaviour (`script` extras).
    extras: Vec<Option<Bound>>,
    names: Rc<Names>,
    /// Scalar upvalues as they were after load, restored before every game.
    snapshot: freeze::VmSnapshot,
    /// The coroutine hooks run in, reset for each call, so a question can stop a script
    /// by yielding (see [`ask`]). A call held at its question keeps its coroutine, and
    /// the spare becomes the runner (see [`held`]).
    runner: mlua::Thread,
    /// A function that does nothing, put in the runner to clear it after a call the
    /// memory cap stopped (other calls are cleared by the next call's reset).
    idle: mlua::Function,
    /// The `ctx` every hook call receives.
    ctx: CtxHandle,
    /// The `Ctx` of the last call that finished, kept to be filled for the next one:
    /// a call moves only the state in and out, not the whole `Ctx`.
    spare_ctx: Option<Box<Ctx>>,
    /// Whether the last call read `ctx:strength()` (see [`Effects::read_strength`]).
    strength_read: bool,
    /// The userdata scripts see `ctx` as, kept in the registry, and its address (see
    /// [`resume`]).
    ctx_ref: resume::Registered,
    ctx_address: *const std::ffi::c_void,
    /// The call last stopped at a question, kept until the next call (see [`held`]).
    held: Option<Box<held::Held>>,
    /// The second coroutine: the runner's replacement while a call is held on the
    /// runner, so it is here whenever no call is held, and in the held call otherwise.
    spare: Option<mlua::Thread>,
    /// The ticket the next held call gets.
    next_ticket: u64,
    /// The `ctx` fronts (see [`api::fronts::Fronts`]), kept as long as the VM, and put in or
    /// taken out of the methods table by [`Effects::set_speed_layer`].
    fronts: api::fronts::Fronts,
    /// The option keys each module declares (its `option_keys` export), by module name.
    option_keys: option_keys::ByModule,
}

/// A behaviour's hooks and params kept in the registry, where a call pushes them from.
struct Refs {
    /// By [`hook_index`]: the kernel's hooks, then the flow's named ones.
    hooks: Box<[Option<resume::Registered>]>,
    params: resume::Registered,
}

impl Refs {
    fn new(lua: &Lua, hooks: &[Option<Function>], params: &Table) -> mlua::Result<Refs> {
        let hooks = hooks
            .iter()
            .map(|f| {
                f.as_ref()
                    .map(|f| resume::Registered::new(lua, f.clone()))
                    .transpose()
            })
            .collect::<mlua::Result<_>>()?;
        Ok(Refs {
            hooks,
            params: resume::Registered::new(lua, params.clone())?,
        })
    }

    /// The function of `hook`, if the behaviour has one.
    fn hook(&self, hook: Hook) -> Option<&resume::Registered> {
        self.hooks.get(hook_index(hook))?.as_ref()
    }
}

/// Where a behaviour keeps `h`'s function: [`Hook::KERNEL`] in order, [`Hook::Run`],
/// [`Hook::Potential`], then the flow's named hooks by their index.
fn hook_index(h: Hook) -> usize {
    match h {
        Hook::Setup => 0,
        Hook::Action => 1,
        Hook::CanAct => 2,
        Hook::Reached => 3,
        Hook::Options => 4,
        Hook::Resolve => 5,
        Hook::Run => 6,
        Hook::Potential => 7,
        Hook::Named(i) | Hook::Point(i) => KERNEL_HOOKS + i as usize,
    }
}

/// Converts TOML parameters to a Lua table.
fn toml_to_lua(lua: &Lua, v: &toml::Value) -> mlua::Result<Value> {
    Ok(match v {
        toml::Value::String(s) => Value::String(lua.create_string(s)?),
        toml::Value::Integer(i) => Value::Integer(*i),
        toml::Value::Float(f) => Value::Number(*f),
        toml::Value::Boolean(b) => Value::Boolean(*b),
        toml::Value::Datetime(d) => Value::String(lua.create_string(d.to_string())?),
        toml::Value::Array(a) => {
            let t = lua.create_table()?;
            for (i, x) in a.iter().enumerate() {
                t.raw_set(i + 1, toml_to_lua(lua, x)?)?;
            }
            Value::Table(t)
        }
        toml::Value::Table(m) => Value::Table(table_to_lua(lua, m)?),
    })
}

/// Converts a TOML table to a (fresh, unfrozen) Lua table.
pub(crate) fn table_to_lua(lua: &Lua, m: &toml::Table) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    for (k, x) in m {
        t.raw_set(k.as_str(), toml_to_lua(lua, x)?)?;
    }
    Ok(t)
}

impl LuaHost {
    /// Creates the VM, loads and freezes every module, and binds every tile, card and
    /// unlock to its hooks. Script load errors are reported as content errors, all at once.
    pub fn new(content: Arc<Content>) -> Result<LuaHost, ContentErrors> {
        let shared = Rc::new(Shared::new(
            content.instruction_budget,
            content.hook_seconds,
        ));
        let vm_error = |e: mlua::Error| {
            ContentErrors(vec![ContentError::new(
                "<lua>",
                format!("could not set up the Lua VM: {e}"),
            )])
        };
        let lua = sandbox::new_vm(&content, &shared).map_err(vm_error)?;
        // Every module is loaded, and every tile, card and area whose module did load is
        // bound and described, so one run reports every independent problem; a module
        // that failed is reported once, not again for each item using it.
        let (modules, load_errors) = sandbox::load_modules(&lua, &content, &shared);
        let mut errors: Vec<ContentError> = load_errors
            .into_iter()
            .map(|(file, message)| located(&file, &message))
            .collect();
        // A module of the content that is not among the loaded ones failed, and said so.
        let failed = |module: &str| content.modules.contains_key(module);
        // The hooks a module defines by name: the kernel's, then the flow's.
        let hook_count = KERNEL_HOOKS + content.program.hooks.len();
        let named: Vec<Hook> = Hook::KERNEL
            .into_iter()
            .chain((0..content.program.hooks.len()).map(|i| Hook::Named(i as u8)))
            .collect();
        let mut bind = |script: &ScriptRef, owner: &str| -> Option<Bound> {
            let Some(module) = modules.get(&script.module) else {
                if !failed(&script.module) {
                    errors.push(ContentError::new(
                        script.declared_in.clone(),
                        format!("{owner}: module `{}` did not load", script.module),
                    ));
                }
                return None;
            };
            let mut hooks: Vec<Option<Function>> = vec![None; hook_count];
            for h in named.iter().copied() {
                let name = content.program.hook_name(h);
                match module.raw_get::<Value>(name) {
                    Ok(Value::Function(f)) => hooks[hook_index(h)] = Some(f),
                    Ok(Value::Nil) => {}
                    Ok(other) => errors.push(ContentError::new(
                        content.modules[&script.module].chunk.clone(),
                        format!("`{name}` must be a function, not a {}", other.type_name()),
                    )),
                    Err(e) => {
                        errors.push(ContentError::new(script.declared_in.clone(), e.to_string()))
                    }
                }
            }
            let params = match table_to_lua(&lua, &script.params) {
                Ok(t) => t,
                Err(e) => {
                    errors.push(ContentError::new(script.declared_in.clone(), e.to_string()));
                    return None;
                }
            };
            let refs = match Refs::new(&lua, &hooks, &params) {
                Ok(r) => r,
                Err(e) => {
                    errors.push(ContentError::new(script.declared_in.clone(), e.to_string()));
                    return None;
                }
            };
            if let Err(e) = freeze::freeze_table(&lua, &params) {
                errors.push(ContentError::new(script.declared_in.clone(), e.to_string()));
            }
            let description = match module.raw_get::<Value>("describe") {
                Ok(Value::Function(f)) => {
                    sandbox::reset(&shared, content.instruction_budget);
                    match f.call::<Value>(params.clone()) {
                        Ok(Value::String(text)) => Some(
                            printable(&sandbox::cap(&text.to_string_lossy(), 2000)).into_owned(),
                        ),
                        Ok(other) => {
                            errors.push(ContentError::new(
                                content.modules[&script.module].chunk.clone(),
                                format!(
                                    "{owner}: describe must return a string, not a {}",
                                    other.type_name()
                                ),
                            ));
                            None
                        }
                        Err(e) => {
                            let chunk = &content.modules[&script.module].chunk;
                            let message = sandbox::script_message(sandbox::root_cause(&e));
                            let line = parse_line(&message, chunk)
                                .or_else(|| {
                                    sandbox::callback_traceback(&e)
                                        .lines()
                                        .find_map(|l| parse_line(l.trim(), chunk))
                                })
                                .or_else(|| {
                                    // A memory error names no line: re-run with the
                                    // interrupt tracing lines (describe is deterministic).
                                    let _ = lua.gc_collect();
                                    shared.trace_lines(true);
                                    sandbox::reset(&shared, content.instruction_budget);
                                    let _ = f.call::<Value>(params.clone());
                                    shared.trace_lines(false);
                                    let _ = lua.gc_collect();
                                    let at = shared.last_line.borrow_mut().take();
                                    at.filter(|(file, _)| file == chunk).map(|(_, l)| l)
                                });
                            let message = match message.strip_prefix(chunk.as_str()) {
                                Some(rest) => rest
                                    .trim_start_matches(|c: char| c == ':' || c.is_ascii_digit())
                                    .trim_start()
                                    .to_string(),
                                None => message,
                            };
                            let mut error = ContentError::new(
                                chunk.clone(),
                                describe_failed(&content, script, owner, &message),
                            );
                            if let Some(line) = line {
                                error = error.at(line as usize, 1);
                            }
                            errors.push(error);
                            None
                        }
                    }
                }
                _ => None,
            };
            Some(Bound {
                params,
                refs,
                module: script.module.as_str().into(),
                description,
            })
        };
        let tiles: Vec<Option<Bound>> = content
            .tiles
            .iter()
            .map(|t| bind(&t.script, &format!("tile `{}`", t.id)))
            .collect();
        // A template's copies share its behaviour and params: bound (and described)
        // once.
        let mut by_template: std::collections::BTreeMap<&str, Option<Rc<Bound>>> =
            std::collections::BTreeMap::new();
        let cards: Vec<Option<Rc<Bound>>> = content
            .cards
            .iter()
            .map(|c| {
                let module = c.behaviour.as_ref()?;
                by_template
                    .entry(c.template.as_str())
                    .or_insert_with(|| {
                        let script = ScriptRef {
                            module: module.clone(),
                            params: c.params.clone(),
                            text: c.text.clone(),
                            declared_in: c.declared_in.clone(),
                        };
                        bind(&script, &format!("card `{}`", c.template)).map(Rc::new)
                    })
                    .clone()
            })
            .collect();
        let unlocks: Vec<Option<Bound>> = content
            .unlocks
            .iter()
            .map(|u| u.on_reach.as_ref().and_then(|s| bind(s, "skill unlock")))
            .collect();
        let areas: Vec<Option<Bound>> = content
            .board
            .areas
            .iter()
            .map(|a| bind(a.script.as_ref()?, &format!("area `{}`", a.id)))
            .collect();
        let dice_spaces: Vec<Option<Bound>> = content
            .dice_play
            .spaces
            .iter()
            .map(|d| bind(d.script.as_ref()?, &format!("dice space `{}`", d.id)))
            .collect();
        let extras: Vec<Option<Bound>> = content
            .dice_play
            .extras
            .iter()
            .map(|e| bind(e.script.as_ref()?, &format!("extra `{}`", e.id)))
            .collect();
        for (a, bound) in content.board.areas.iter().zip(&areas) {
            let (Some(bound), Some(script)) = (bound, &a.script) else {
                continue;
            };
            let has = |h: Hook| bound.refs.hook(h).is_some();
            if has(Hook::Options) != has(Hook::Resolve) {
                let (with, without) = if has(Hook::Options) {
                    ("options", "resolve")
                } else {
                    ("resolve", "options")
                };
                errors.push(ContentError::new(
                    content.modules[&script.module].chunk.clone(),
                    format!(
                        "area `{}`: module `{}` has `{with}` but no `{without}`; an area offers its options with `options(ctx, params)` and carries the chosen one out with `resolve(ctx, params, key)`",
                        a.id, script.module
                    ),
                ));
            }
        }
        for (e, bound) in content.dice_play.extras.iter().zip(&extras) {
            let (Some(bound), Some(script)) = (bound, &e.script) else {
                continue;
            };
            let has = |h: Hook| bound.refs.hook(h).is_some();
            if !has(Hook::Options) || !has(Hook::Resolve) {
                errors.push(ContentError::new(
                    content.modules[&script.module].chunk.clone(),
                    format!(
                        "extra `{}`: module `{}` needs both `options(ctx, params)` (the keys it offers now) and `resolve(ctx, params, key)` (the chosen one carried out)",
                        e.id, script.module
                    ),
                ));
            }
        }
        for (d, bound) in content.dice_play.spaces.iter().zip(&dice_spaces) {
            let (Some(bound), Some(script)) = (bound, &d.script) else {
                continue;
            };
            if bound.refs.hook(Hook::Resolve).is_none() {
                errors.push(ContentError::new(
                    content.modules[&script.module].chunk.clone(),
                    format!(
                        "dice space `{}`: module `{}` has no `resolve(ctx, params)`: the action placing dice there carries out",
                        d.id, script.module
                    ),
                ));
            }
        }
        let mut game_hooks = Vec::new();
        for h in &content.program.game_hooks {
            let name = format!("{}.{}", h.module, h.function);
            let Some(module) = modules.get(&h.module) else {
                if !failed(&h.module) {
                    errors.push(ContentError::new(
                        h.declared_at.clone(),
                        format!("flow hook `{name}`: module `{}` did not load", h.module),
                    ));
                }
                continue;
            };
            let func = match module.raw_get::<Value>(h.function.as_str()) {
                Ok(Value::Function(f)) => Some(f),
                Ok(other) => {
                    errors.push(ContentError::new(
                        h.declared_at.clone(),
                        format!(
                            "flow hook `{name}`: module `{}` has no function `{}` ({} found); define `function M.{}(ctx, params)` in it",
                            h.module,
                            h.function,
                            other.type_name(),
                            h.function
                        ),
                    ));
                    None
                }
                Err(e) => {
                    errors.push(ContentError::new(h.declared_at.clone(), e.to_string()));
                    None
                }
            };
            let params = match table_to_lua(&lua, &h.params) {
                Ok(t) => t,
                Err(e) => {
                    errors.push(ContentError::new(h.declared_at.clone(), e.to_string()));
                    continue;
                }
            };
            if let Err(e) = freeze::freeze_table(&lua, &params) {
                errors.push(ContentError::new(h.declared_at.clone(), e.to_string()));
            }
            let mut hooks: Vec<Option<Function>> = vec![None; KERNEL_HOOKS];
            // A flow function runs as a step (`run`) or, for `[score] potential`, read-only.
            hooks[hook_index(Hook::Potential)] = func.clone();
            hooks[hook_index(Hook::Run)] = func;
            let refs = match Refs::new(&lua, &hooks, &params) {
                Ok(r) => r,
                Err(e) => {
                    errors.push(ContentError::new(h.declared_at.clone(), e.to_string()));
                    continue;
                }
            };
            game_hooks.push(Bound {
                params,
                refs,
                module: h.module.as_str().into(),
                description: None,
            });
        }
        let (option_keys, key_errors) = option_keys::read(&modules, &content);
        errors.extend(key_errors);
        if !errors.is_empty() {
            // Hooks cannot be called nor games played now; what the data alone shows is
            // said in the same run (a misspelt material in a behaviour's params).
            for (owner, script) in crate::lint::script_refs(&content) {
                for (word, near) in crate::lint::misspelt_counters(&content, &script) {
                    errors.push(ContentError::new(
                        script.declared_in.clone(),
                        crate::lint::misspelt_counter_text(&owner, &word, &near),
                    ));
                }
            }
            return Err(ContentErrors(errors));
        }
        let names = make_names(&lua, &content, &cards).map_err(vm_error)?;
        // Everything scripts can reach is frozen now, and scalar upvalues recorded, so
        // every game can start from this condition.
        let mut roots: Vec<Value> = modules.values().cloned().map(Value::Table).collect();
        roots.extend(
            tiles
                .iter()
                .flatten()
                .chain(cards.iter().flatten().map(|b| &**b))
                .chain(unlocks.iter().flatten())
                .chain(areas.iter().flatten())
                .chain(game_hooks.iter())
                .map(|b| Value::Table(b.params.clone())),
        );
        roots.push(Value::Table(names.material_list.clone()));
        let snapshot = freeze::freeze_reachable(&lua, roots).map_err(vm_error)?;
        let idle = lua.create_function(|_, ()| Ok(())).map_err(vm_error)?;
        let runner = lua.create_thread(idle.clone()).map_err(vm_error)?;
        let spare = lua.create_thread(idle.clone()).map_err(vm_error)?;
        let ctx = CtxHandle::default();
        let ctx_userdata = lua.create_userdata(ctx.clone()).map_err(vm_error)?;
        let methods: mlua::Table = ctx_userdata
            .metatable()
            .and_then(|m| m.get("__index"))
            .map_err(vm_error)?;
        let fronts = api::fronts::install(&lua, &methods, &ctx.0, &ctx_userdata, &names)
            .map_err(vm_error)?;
        let ctx_ref = resume::Registered::new(&lua, &ctx_userdata).map_err(vm_error)?;
        let ctx_address = ctx_userdata.to_pointer();
        Ok(LuaHost {
            ctx_ref,
            ctx_address,
            fronts,
            runner,
            idle,
            held: None,
            spare: Some(spare),
            next_ticket: 1,
            ctx,
            spare_ctx: None,
            strength_read: true,
            snapshot,
            names: Rc::new(names),
            lua,
            shared,
            tiles: tiles
                .into_iter()
                .map(|t| t.expect("errors returned above"))
                .collect(),
            cards,
            unlocks,
            game_hooks,
            areas,
            dice_spaces,
            extras,
            content,
            option_keys,
        })
    }

    /// The option keys module `module` declares (its `option_keys` export: pattern and
    /// meaning), if it declares any.
    pub fn option_keys(&self, module: &str) -> Option<&[(String, String)]> {
        self.option_keys.get(module).map(Vec::as_slice)
    }

    fn bound(&self, st: &GameState, owner: Owner) -> Option<&Bound> {
        match owner {
            Owner::Tile { slot } => self.tiles.get(st.board.get(slot as usize)?.tile as usize),
            Owner::Card { card } => self.cards.get(card as usize)?.as_deref(),
            Owner::Unlock { index } => self.unlocks.get(index as usize)?.as_ref(),
            Owner::Game { hook } => self.game_hooks.get(hook as usize),
            Owner::Area { area } => self.areas.get(area as usize)?.as_ref(),
            Owner::DiceSpace { space } => self.dice_spaces.get(space as usize)?.as_ref(),
            Owner::Extra { extra } => self.extras.get(extra as usize)?.as_ref(),
        }
    }

    /// A tile's rules text generated by its behaviour's `describe(params)`.
    pub fn tile_description(&self, tile: crate::content::TileId) -> Option<&str> {
        self.tiles.get(tile as usize)?.description.as_deref()
    }

    /// A card's workshop text generated by its behaviour's `describe(params)`.
    pub fn card_description(&self, card: crate::content::CardIx) -> Option<&str> {
        self.cards
            .get(card as usize)?
            .as_deref()?
            .description
            .as_deref()
    }

    /// A skill unlock's `on_reach` text generated by `describe(params)`.
    pub fn unlock_description(&self, index: usize) -> Option<&str> {
        self.unlocks.get(index)?.as_ref()?.description.as_deref()
    }

    /// Functions whose module-level locals (scalar upvalues) hooks have changed since
    /// load, as `file:line (function name)`; they are put back. `weft check` warns about
    /// them: within a game such a hook depends on what ran before it.
    pub fn kept_state(&self) -> Vec<String> {
        self.snapshot.changed(&self.lua).unwrap_or_default()
    }

    /// Memory the VM uses now, in bytes.
    pub fn used_memory(&self) -> usize {
        self.lua.used_memory()
    }

    fn script_error(
        &self,
        st: &GameState,
        call: &HookCall,
        module: &str,
        message: String,
        traceback: String,
    ) -> ScriptError {
        let (owner, _) = describe_owner(&self.content, Some(st), call.owner);
        let m = self.content.modules.get(module);
        // Prefer the file Lua names in the message (it may be a library module).
        let named = self
            .content
            .modules
            .values()
            .find(|x| message.starts_with(&format!("{}:", x.chunk)));
        // Errors raised by the host (budget, memory) carry no position: take the innermost
        // script frame of the traceback.
        let from_trace = || {
            traceback.lines().find_map(|l| {
                let l = l.trim();
                self.content
                    .modules
                    .values()
                    .find(|x| l.starts_with(&format!("{}:", x.chunk)))
                    .and_then(|x| parse_line(l, &x.chunk).map(|line| (x, line)))
            })
        };
        let (file_module, line) = match named {
            Some(x) => (Some(x), parse_line(&message, &x.chunk)),
            None => match from_trace() {
                Some((x, line)) => (Some(x), Some(line)),
                None => (m, None),
            },
        };
        ScriptError {
            pack: file_module.map(|x| x.pack.clone()).unwrap_or_default(),
            file: file_module.map(|x| x.chunk.clone()).unwrap_or_default(),
            line,
            owner,
            hook: self.content.program.hook_name(call.hook).into(),
            message: printable(&sandbox::cap(&message, 1000)).into_owned(),
            traceback: printable(&sandbox::cap(
                &sandbox::one_host_frame_per_run(&traceback),
                2000,
            ))
            .into_owned(),
        }
    }
}

fn make_names(lua: &Lua, content: &Content, bound: &[Option<Rc<Bound>>]) -> mlua::Result<Names> {
    let strings = |ids: Vec<&str>| -> mlua::Result<Vec<mlua::String>> {
        ids.into_iter().map(|s| lua.create_string(s)).collect()
    };
    let materials = strings(content.materials.iter().map(|m| m.id.as_str()).collect())?;
    let material_list = lua.create_sequence_from(materials.iter().cloned())?;
    material_list.set_readonly(true);
    let pack_cards = strings(content.cards.iter().map(|c| c.id.as_str()).collect())?;
    // One frozen empty table stands for every empty cost, reward and params: a VM is
    // made for each worker, and a pack may have hundreds of cards.
    let empty = lua.create_table()?;
    freeze::freeze_table(lua, &empty)?;
    let mut card_info = Vec::with_capacity(content.cards.len());
    for (i, (c, id)) in content.cards.iter().zip(&pack_cards).enumerate() {
        let params = bound.get(i).and_then(|b| b.as_ref()).map(|b| &b.params);
        card_info.push(card_info_table(lua, content, c, id, params, &empty)?);
    }
    Ok(Names {
        pack_cards,
        card_info,
        zones: strings(content.zones.iter().map(|z| z.id.as_str()).collect())?,
        deck_info: content
            .decks
            .iter()
            .map(|d| deck_info(lua, content, d))
            .collect::<mlua::Result<_>>()?,
        counters: strings(content.counters.iter().map(|k| k.id.as_str()).collect())?,
        marker_kinds: strings(content.markers.iter().map(|m| m.id.as_str()).collect())?,
        slots: strings(content.board.slots.iter().map(|s| s.id.as_str()).collect())?,
        materials,
        material_list,
        fields: ctx::OptionFields::new(lua)?,
    })
}

/// The frozen `ctx:decks` table of a deck: `id`, `name`, and `draw` and `discard` (the
/// zones of its piles).
fn deck_info(lua: &Lua, content: &Content, d: &crate::content::Deck) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.raw_set("id", d.id.as_str())?;
    t.raw_set("name", d.name.as_str())?;
    t.raw_set("draw", content.zones[d.draw as usize].id.as_str())?;
    t.raw_set("discard", content.zones[d.discard as usize].id.as_str())?;
    freeze::freeze_table(lua, &t)?;
    Ok(t)
}

/// The frozen `ctx:card` table of a card: `id`, `template`, `name`, `kind`, `zone` (where
/// it starts), `deck`, `draw` and `discard` (its deck and the zones of its piles, when it
/// is in one), `cost` and `reward` (counter id → amount), `behaviour`, `params` and
/// `text`. `params` is the table its bound behaviour already has, if any (the same
/// params: shared, not copied); `empty` is the frozen empty table shared by every card.
fn card_info_table(
    lua: &Lua,
    content: &Content,
    c: &crate::content::Card,
    id: &mlua::String,
    params: Option<&Table>,
    empty: &Table,
) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.raw_set("id", id.clone())?;
    t.raw_set("template", c.template.as_str())?;
    t.raw_set("name", c.name.as_str())?;
    t.raw_set("kind", c.kind.as_str())?;
    t.raw_set("zone", content.zones[c.zone as usize].id.as_str())?;
    if let Some(d) = c.deck {
        let d = &content.decks[d as usize];
        t.raw_set("deck", d.id.as_str())?;
        t.raw_set("draw", content.zones[d.draw as usize].id.as_str())?;
        t.raw_set("discard", content.zones[d.discard as usize].id.as_str())?;
    }
    let amounts = |list: &[(crate::content::CounterId, u32)]| -> mlua::Result<Table> {
        if list.is_empty() {
            return Ok(empty.clone());
        }
        let t = lua.create_table()?;
        for &(k, n) in list {
            t.raw_set(content.counters[k as usize].id.as_str(), n)?;
        }
        freeze::freeze_table(lua, &t)?;
        Ok(t)
    };
    t.raw_set("cost", amounts(&c.cost)?)?;
    t.raw_set("reward", amounts(&c.reward)?)?;
    if let Some(b) = &c.behaviour {
        t.raw_set("behaviour", b.as_str())?;
    }
    let params = match params {
        Some(p) => p.clone(),
        None if c.params.is_empty() => empty.clone(),
        None => table_to_lua(lua, &c.params)?, // frozen with `t` below
    };
    t.raw_set("params", params)?;
    t.raw_set("text", c.text.as_str())?;
    freeze::freeze_table(lua, &t)?;
    Ok(t)
}

/// The syntax errors of every Lua file of `packs` (their scenario tests too) and of the
/// shared `library`, compiled without running anything: what `weft check` can still
/// say of the scripts when the packs' TOML does not load, so one run reports both.
pub fn syntax_errors(
    packs: &[crate::content::PackFiles],
    library: &crate::content::PackFiles,
) -> Vec<ContentError> {
    let lua = Lua::new();
    let mut errors = Vec::new();
    let named = packs
        .iter()
        .map(|p| {
            let name = crate::content::pack_header(p).map_or_else(|| p.origin.clone(), |h| h.name);
            (name, p)
        })
        .chain(std::iter::once(("scripts".to_string(), library)));
    for (name, pack) in named {
        for (path, source) in pack.files.iter().filter(|(p, _)| p.ends_with(".lua")) {
            let chunk = format!("{name}/{path}");
            let compiled = lua
                .load(source.as_str())
                .set_name(format!("@{chunk}"))
                .set_mode(mlua::ChunkMode::Text)
                .into_function();
            if let Err(e) = compiled {
                let message = sandbox::script_message(sandbox::root_cause(&e));
                errors.push(located(&chunk, &message));
            }
        }
    }
    errors
}

/// The message of a failed `describe`, naming the params its behaviour never reads
/// (a typo there is the usual cause: the script reads a key that is not set).
fn describe_failed(content: &Content, script: &ScriptRef, owner: &str, message: &str) -> String {
    let unread: Vec<String> = crate::lint::unread_params(content, script)
        .into_iter()
        .map(|(key, near)| {
            crate::lint::unread_param_text(owner, &script.module, &key, near.as_deref())
        })
        .collect();
    if unread.is_empty() {
        format!("{owner}: describe failed: {message}")
    } else {
        format!(
            "{owner}: describe failed: {message}; in {}, {}",
            script.declared_in,
            unread.join("; ")
        )
    }
}

/// A content error for Lua's `message` about `file`, placed at its line when the message
/// starts with `file:LINE:` (said once, in the error's position, not again in its text).
fn located(file: &str, message: &str) -> ContentError {
    match parse_line(message, file) {
        Some(line) => {
            let rest = message
                .splitn(3, ':')
                .nth(2)
                .unwrap_or(message)
                .trim_start();
            ContentError::new(file.to_string(), rest).at(line as usize, 1)
        }
        None => ContentError::new(file.to_string(), message.to_string()),
    }
}

/// The line in `file:LINE: message`.
fn parse_line(message: &str, file: &str) -> Option<u32> {
    let rest = message.strip_prefix(file)?.strip_prefix(':')?;
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}

impl Effects for LuaHost {
    fn card_text(&self, card: crate::content::CardIx) -> Option<String> {
        self.card_description(card).map(str::to_string)
    }

    /// Every game starts from the VM condition right after load: scalar upvalues a
    /// script changed are put back, and garbage left by a game that hit the memory cap
    /// is collected.
    fn new_game(&mut self) {
        self.release();
        self.shared.signal.set(Signal::None);
        if self.lua.used_memory() > self.content.memory_limit / 2 {
            let _ = self.lua.gc_collect();
        }
        // Restoring sets values that were there at load; only running out of memory can
        // fail it, and the collection above has just made room.
        let _ = self.snapshot.restore(&self.lua);
    }

    fn locate(
        &mut self,
        _content: &Content,
        state: &mut GameState,
        call: &HookCall,
        answers: &[String],
    ) -> Option<(String, u32)> {
        let _ = self.lua.gc_collect();
        self.shared.trace_lines(true);
        *self.shared.last_line.borrow_mut() = None;
        let _ = self.invoke(state, call, answers, &mut EventLog::default(), false);
        self.shared.trace_lines(false);
        let _ = self.lua.gc_collect();
        self.shared.last_line.borrow_mut().take()
    }

    /// Once the deadline has fired, every hook call fails until it is set again.
    fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        self.shared.deadline.set(deadline);
        self.shared.signal.set(Signal::None);
    }

    fn set_labels(&mut self, on: bool) {
        self.release();
        self.shared.labels.set(on);
    }

    /// Off, the `ctx` fronts are taken out of the methods table (every call goes to its
    /// mlua method), `ctx:choose` leaves every question to the host's `choose`, and no
    /// call is held at its question (every answer re-runs its hook from the start).
    fn set_speed_layer(&mut self, on: bool) {
        self.release();
        self.shared.speed_layer.set(on);
        // Each name is a key the table holds, its string interned: setting it allocates
        // nothing, so it does not fail.
        self.fronts
            .set_on(on)
            .expect("the ctx methods table takes its own keys");
    }

    fn held(&self) -> Option<u64> {
        self.held.as_ref().map(|h| h.ticket)
    }

    fn resume(
        &mut self,
        ticket: u64,
        answer: &str,
        state: &mut GameState,
        log: &mut EventLog,
    ) -> Option<Result<HookOutcome, Box<ScriptError>>> {
        Some(self.continue_held(ticket, answer, state, log)?.map(outcome))
    }

    fn read_strength(&self) -> bool {
        self.strength_read
    }

    fn has_hook(&self, _content: &Content, st: &GameState, owner: Owner, hook: Hook) -> bool {
        self.bound(st, owner)
            .is_some_and(|b| b.refs.hook(hook).is_some())
    }

    /// For an area's `resolve` hook, `answers[0]` is the key of the option chosen; it
    /// is handed to the hook as its third argument and the rest are the answers its
    /// questions replay.
    fn call(
        &mut self,
        _content: &Content,
        state: &mut GameState,
        call: &HookCall,
        answers: &[String],
        log: &mut EventLog,
    ) -> Result<HookOutcome, Box<ScriptError>> {
        // Only a question a changing hook puts to a player may be answered later: any
        // other question is refused by the caller, with the state as it was.
        let hold =
            !call.hook.is_read_only() && call.player.is_some() && self.shared.speed_layer.get();
        self.invoke(state, call, answers, log, hold).map(outcome)
    }

    fn estimate(
        &mut self,
        _content: &Content,
        state: &GameState,
        call: &HookCall,
    ) -> Result<Option<f64>, Box<ScriptError>> {
        self.estimate_value(state, call)
    }

    fn options(
        &mut self,
        _content: &Content,
        state: &GameState,
        call: &HookCall,
    ) -> Result<Vec<(String, String)>, Box<ScriptError>> {
        let hook = self.content.program.hook_name(call.hook).to_string();
        let names = Rc::clone(&self.names);
        let labels = self.shared.labels.get();
        self.read_only(
            state,
            call,
            &format!("`{hook}` may not call ctx:choose: it only lists the options"),
            |v| {
                choose::option_list(&names.fields, &v, labels).map_err(|e| {
                    format!(
                        "`{hook}` must return a list of options (strings, integers or {{key=, label=}} tables): {}",
                        sandbox::script_message(&e)
                    )
                })
            },
        )
    }
}

impl LuaHost {
    /// See [`Effects::estimate`].
    fn estimate_value(
        &mut self,
        state: &GameState,
        call: &HookCall,
    ) -> Result<Option<f64>, Box<ScriptError>> {
        self.read_only(
            state,
            call,
            "`[score] potential` may not call ctx:choose: it only values a position",
            |v| match v {
                Value::Integer(n) => Ok(Some(n as f64)),
                Value::Number(x) if x.is_finite() => Ok(Some(x)),
                other => Err(format!(
                    "`[score] potential` must return a finite number (what the position is worth beyond its score now), not {}",
                    other.type_name()
                )),
            },
        )
    }

    /// Runs a read-only hook on a copy of `state` and reads its value with `read`; a
    /// question (`no_ask` says why it may not ask) or a value `read` refuses is a script
    /// error of the hook's module.
    fn read_only<T>(
        &mut self,
        state: &GameState,
        call: &HookCall,
        no_ask: &str,
        read: impl FnOnce(Value) -> Result<T, String>,
    ) -> Result<T, Box<ScriptError>> {
        let mut scratch = state.clone();
        let module = self
            .bound(state, call.owner)
            .map(|b| b.module.clone())
            .unwrap_or_default();
        let message = match self.invoke(&mut scratch, call, &[], &mut EventLog::default(), false)? {
            Invoked::Ask { .. } => no_ask.to_string(),
            Invoked::Done(v) => match read(v) {
                Ok(t) => return Ok(t),
                Err(m) => m,
            },
        };
        Err(Box::new(self.script_error(
            state,
            call,
            &module,
            message,
            String::new(),
        )))
    }
}

/// What a finished or stopped call means to the rules.
fn outcome(invoked: Invoked) -> HookOutcome {
    match invoked {
        Invoked::Ask { prompt, options } => HookOutcome::Ask { prompt, options },
        Invoked::Done(v) => HookOutcome::Done(match v {
            Value::Boolean(b) => Some(b),
            Value::Nil => None,
            _ => Some(true),
        }),
    }
}

/// What a hook call came to, before its value is read.
enum Invoked {
    /// It returned this value (`nil` when the owner has no such hook).
    Done(Value),
    /// It asked a question it has no recorded answer for.
    Ask {
        prompt: String,
        options: Vec<(Arc<str>, Arc<str>)>,
    },
}

impl LuaHost {
    /// Runs a hook on `state` (see [`Effects::call`]) and returns its value. With `hold`,
    /// a call that stops at a question is kept stopped there for its answer (see
    /// [`held`]). Any call lets go of the call held before it.
    fn invoke(
        &mut self,
        state: &mut GameState,
        call: &HookCall,
        answers: &[String],
        log: &mut EventLog,
        hold: bool,
    ) -> Result<Invoked, Box<ScriptError>> {
        self.release();
        self.strength_read = true;
        let Some(bound) = self.bound(state, call.owner) else {
            return Ok(Invoked::Done(Value::Nil));
        };
        let Some(func) = bound.refs.hook(call.hook) else {
            return Ok(Invoked::Done(Value::Nil));
        };
        let func = func.index();
        let params = bound.refs.params.index();
        let module = bound.module.clone();
        // An area's or an extra's `resolve` takes the chosen option's key, recorded as
        // the first answer; a dice space's takes none (its placement is in the state).
        // A card's hook at a hook point takes the point's argument the same way.
        let keyed = (call.hook == Hook::Resolve
            && !matches!(call.owner, crate::flow::Owner::DiceSpace { .. }))
            || matches!(call.hook, Hook::Point(_));
        let (key, answers) = match (keyed, answers.split_first()) {
            (true, Some((key, rest))) => (Some(key.clone()), rest),
            _ => (None, answers),
        };
        // Checks counted for a VM this call runs inside (a scenario test's) are set aside
        // and given back after it, so each VM's count stays its own.
        let outer_checks = sandbox::batch::suspend();
        sandbox::reset(&self.shared, self.content.instruction_budget);
        let mut ctx = match self.spare_ctx.take() {
            Some(mut ctx) => {
                // The spare holds the placeholder its last call left in the caller's
                // place, and nothing else of that call.
                std::mem::swap(&mut ctx.state, state);
                ctx.call = *call;
                ctx.answers.extend_from_slice(answers);
                ctx.log.enabled = log.enabled;
                ctx.strength_read.set(false);
                ctx
            }
            None => Box::new(Ctx {
                content: Arc::clone(&self.content),
                state: std::mem::replace(state, GameState::placeholder()),
                call: *call,
                answers: answers.to_vec(),
                next_answer: 0,
                ask: None,
                log: EventLog {
                    enabled: log.enabled,
                    events: Vec::new(),
                },
                shared: Rc::clone(&self.shared),
                names: Rc::clone(&self.names),
                strength_read: std::cell::Cell::new(false),
            }),
        };
        // A read-only hook never asks: what it is handed (a dice space's `can_act` gets
        // the strength asked about, `ctx:strength()`) is no answer for `ctx:choose`,
        // which then stops it, refused as a question from a hook that may not ask.
        if call.hook.is_read_only() {
            ctx.next_answer = ctx.answers.len();
        }
        *self.ctx.0.borrow_mut() = Some(ctx);
        let last = match (keyed, key.as_deref()) {
            // A hook point without an argument hands `nil`.
            (true, Some("")) if matches!(call.hook, Hook::Point(_)) => resume::Last::Nil,
            (true, Some(key)) => resume::Last::Text(key),
            (true, None) => resume::Last::Nil,
            _ => resume::Last::Nothing,
        };
        // SAFETY: the runner is not running: a hook call has `&mut self` for as long as
        // it runs, and nothing a script reaches can call back into the host; the three
        // arguments fit a cleared coroutine.
        let result = unsafe {
            resume::start(
                &self.lua,
                self.runner.state(),
                func,
                &[self.ctx_ref.index(), params],
                last,
                self.ctx_address,
            )
        };
        self.finish(state, call, module, log, result, outer_checks, hold)
    }

    /// Reads what a run (or continuation) of a call on the runner came to: puts the
    /// state it left in `state`, the events it logged in `log`, gives back the checks
    /// counted for an outer VM, and holds a call stopped at a question when `hold`.
    #[allow(clippy::too_many_arguments)]
    fn finish(
        &mut self,
        state: &mut GameState,
        call: &HookCall,
        module: Rc<str>,
        log: &mut EventLog,
        result: mlua::Result<resume::Stop>,
        outer_checks: u32,
        hold: bool,
    ) -> Result<Invoked, Box<ScriptError>> {
        let (result, yielded, options_yielded) = match result {
            Ok(resume::Stop::Returned(v)) => (Ok(v), false, false),
            Ok(resume::Stop::Yielded { options }) => (Ok(Value::Nil), true, options),
            Err(e) => (Err(e), false, false),
        };
        let mut ctx = self
            .ctx
            .0
            .borrow_mut()
            .take()
            .expect("only invoke fills and empties the ctx");
        // A question `ctx:choose` asked without labels yields its options table: keep
        // the call stopped there, for its answer to continue it.
        if hold
            && options_yielded
            && !self.shared.labels.get()
            && self.shared.signal.get() == Signal::Ask
        {
            if let Some(ask) = &ctx.ask {
                let asked = Invoked::Ask {
                    prompt: ask.prompt.clone(),
                    options: ask.options.clone(),
                };
                self.strength_read = true;
                self.hold(ctx, module, outer_checks);
                return Ok(asked);
            }
        }
        sandbox::batch::restore(outer_checks);
        // The state goes back to the caller, and the placeholder there stays in the
        // `Ctx`, which is emptied of this call and kept for the next one.
        std::mem::swap(state, &mut ctx.state);
        let ask = ctx.ask.take();
        let sub = EventLog {
            enabled: ctx.log.enabled,
            events: std::mem::take(&mut ctx.log.events),
        };
        ctx.answers.clear();
        ctx.next_answer = 0;
        self.strength_read = ctx.strength_read.replace(false);
        self.spare_ctx = Some(ctx);
        let signal = self.shared.signal.get();
        // Where a call that ran out of memory stood: an error raised by the allocator
        // names no line, but the failed call's frames are still on the runner.
        let mut frames = String::new();
        if signal == Signal::Memory || result.as_ref().err().is_some_and(sandbox::is_memory_error) {
            // Those frames hold what the call made: clear them so the collection can
            // free it. The VM is at its cap, so the cap is lifted for the few bytes the
            // reset takes (reading the frames takes none).
            let _ = self.lua.set_memory_limit(usize::MAX);
            frames = sandbox::frames_of(&self.runner);
            let _ = self.runner.reset(self.idle.clone());
            let _ = self.lua.set_memory_limit(self.content.memory_limit);
            let _ = self.lua.gc_collect();
        }
        for line in self.shared.printed.borrow_mut().drain(..) {
            let round = state.round;
            log.push(round, call.player, "print", || line);
        }
        // The host's flag decides, not what the script returned (invariant 4).
        if signal == Signal::Ask {
            if let Some(ask) = ask {
                return Ok(Invoked::Ask {
                    prompt: ask.prompt,
                    options: ask.options,
                });
            }
        }
        if yielded {
            // Only `ctx:choose` yields, and only with a question pending.
            return Err(Box::new(self.script_error(
                state,
                call,
                &module,
                "the hook stopped without a pending question".into(),
                String::new(),
            )));
        }
        match result {
            Ok(v) if signal == Signal::None => {
                let mut sub = sub;
                log.events.append(&mut sub.events);
                Ok(Invoked::Done(v))
            }
            Ok(_) => Err(Box::new(self.script_error(
                state,
                call,
                &module,
                "the hook was stopped by the engine but returned normally".into(),
                String::new(),
            ))),
            Err(e) => {
                let root = sandbox::root_cause(&e);
                let full = sandbox::without_addresses(&match root {
                    mlua::Error::RuntimeError(m) => m.clone(),
                    mlua::Error::MemoryError(_) => sandbox::script_message(root),
                    other => other.to_string(),
                });
                let (message, mut traceback) = match full.split_once("\nstack traceback:") {
                    Some((m, t)) => (m.to_string(), format!("stack traceback:{t}")),
                    // An error raised by weft in a `ctx` call: the script's line is in
                    // the traceback of the call that failed.
                    None => (full.clone(), sandbox::callback_traceback(&e)),
                };
                if traceback.is_empty() {
                    traceback = frames;
                }
                let message = if signal == Signal::Memory || sandbox::is_memory_error(&e) {
                    format!(
                        "{} ({} MiB): {message}",
                        crate::error::MEMORY_CAP_MESSAGE,
                        self.content.memory_limit / (1024 * 1024)
                    )
                } else {
                    message
                };
                Err(Box::new(
                    self.script_error(state, call, &module, message, traceback),
                ))
            }
        }
    }
}

impl Engine {
    /// An engine whose behaviour runs on a new Luau VM.
    pub fn with_lua(content: Arc<Content>) -> Result<Engine, ContentErrors> {
        let host = LuaHost::new(Arc::clone(&content))?;
        Ok(Engine::new(content, Box::new(host)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names the fronts stand for, and whether each now holds its front in the
    /// methods table (`true`) or the mlua method behind it (`false`).
    fn fronts_in_place(host: &LuaHost) -> Vec<(&'static str, bool)> {
        host.fronts.in_place().expect("the methods table reads")
    }

    /// With the speed layer off every front is out of the `ctx` methods table and its
    /// mlua method is back in its place; on again, the fronts are back.
    #[test]
    fn the_speed_layer_off_puts_the_mlua_methods_back_in_place_of_the_fronts() {
        let content = crate::content::load_content(
            &[crate::embedded::base_pack()],
            &crate::embedded::library(),
        )
        .expect("the base pack loads");
        let mut host = LuaHost::new(Arc::new(content)).expect("the VM loads");
        let installed = fronts_in_place(&host);
        assert!(installed.len() > 30, "{installed:?}");
        assert!(installed.iter().all(|(_, front)| *front), "{installed:?}");
        for on in [false, true, false] {
            host.set_speed_layer(on);
            assert!(host.shared.speed_layer.get() == on);
            for (name, front) in fronts_in_place(&host) {
                assert_eq!(front, on, "`{name}` with the speed layer {on}");
            }
        }
    }
}
