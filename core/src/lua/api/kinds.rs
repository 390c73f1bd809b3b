//! The kinds of `ctx` function, as registration sees them: each kind's registrar adds an
//! entry's implementation as a method of `ctx` through the wrapper of that kind, which
//! lends the implementation only what the kind may touch and refuses what the hook may
//! not do. So no implementation checks its own access: a changing verb is refused in a
//! read-only hook by [`Changes::add`] before it runs (mlua has read its arguments by
//! then, as for any method: a wrong one is its error first).

use mlua::{FromLuaMulti, IntoLuaMulti, Lua, UserDataMethods, UserDataRegistry};

use crate::events::EventLog;
use crate::lua::ctx::{err, Ctx, CtxHandle};

/// What a `ctx` method says when no hook call is running.
const OUTSIDE: &str =
    "this ctx is not usable now: a ctx is only good during the hook call it was passed to";

/// The registry and the name an entry's implementation is registered under.
struct Slot<'a> {
    registry: &'a mut UserDataRegistry<CtxHandle>,
    name: &'static str,
    added: u32,
}

impl<'a> Slot<'a> {
    fn new(registry: &'a mut UserDataRegistry<CtxHandle>, name: &'static str) -> Slot<'a> {
        Slot {
            registry,
            name,
            added: 0,
        }
    }
}

/// What every registrar tells registration: how many implementations it added.
pub(super) trait Registrar<'a>: Sized {
    /// A registrar of entry `name` on `registry`.
    fn new(registry: &'a mut UserDataRegistry<CtxHandle>, name: &'static str) -> Self;
    /// How many implementations were added (one, for a sound entry).
    fn added(&self) -> u32;
}

/// Registers a reading function: the closure gets the running call's `Ctx` to read.
pub struct Reads<'a>(Slot<'a>);

/// Registers a function that reads and adds to the event log (`ctx:log`).
pub struct Records<'a>(Slot<'a>);

/// Registers a changing function: refused in read-only hooks, counted against the
/// changes one call may make.
pub struct Changes<'a>(Slot<'a>);

/// Registers a function that asks the acting player (`ctx:choose`).
pub struct Asks<'a>(Slot<'a>);

impl<'a> Registrar<'a> for Reads<'a> {
    fn new(registry: &'a mut UserDataRegistry<CtxHandle>, name: &'static str) -> Self {
        Reads(Slot::new(registry, name))
    }

    fn added(&self) -> u32 {
        self.0.added
    }
}

impl Reads<'_> {
    /// Registers `f` as the function: it reads the running call's `Ctx`.
    pub fn add<F, A, R>(&mut self, f: F)
    where
        F: Fn(&Lua, &Ctx, A) -> mlua::Result<R> + 'static,
        A: FromLuaMulti,
        R: IntoLuaMulti,
    {
        self.0.added += 1;
        self.0
            .registry
            .add_method(self.0.name, move |lua, h, args| {
                let cell = h.0.try_borrow().map_err(|_| err(OUTSIDE))?;
                f(lua, cell.as_deref().ok_or_else(|| err(OUTSIDE))?, args)
            });
    }
}

impl<'a> Registrar<'a> for Records<'a> {
    fn new(registry: &'a mut UserDataRegistry<CtxHandle>, name: &'static str) -> Self {
        Records(Slot::new(registry, name))
    }

    fn added(&self) -> u32 {
        self.0.added
    }
}

impl Records<'_> {
    /// Registers `f` as the function: it reads the running call's `Ctx` and may add to
    /// the call's event log, lent apart from the `Ctx` for the call.
    pub fn add<F, A, R>(&mut self, f: F)
    where
        F: Fn(&Lua, &Ctx, &mut EventLog, A) -> mlua::Result<R> + 'static,
        A: FromLuaMulti,
        R: IntoLuaMulti,
    {
        self.0.added += 1;
        self.0
            .registry
            .add_method(self.0.name, move |lua, h, args| {
                let mut cell = h.0.try_borrow_mut().map_err(|_| err(OUTSIDE))?;
                let ctx = cell.as_deref_mut().ok_or_else(|| err(OUTSIDE))?;
                let mut log = std::mem::take(&mut ctx.log);
                let done = f(lua, ctx, &mut log, args);
                ctx.log = log;
                done
            });
    }
}

impl<'a> Registrar<'a> for Changes<'a> {
    fn new(registry: &'a mut UserDataRegistry<CtxHandle>, name: &'static str) -> Self {
        Changes(Slot::new(registry, name))
    }

    fn added(&self) -> u32 {
        self.0.added
    }
}

impl Changes<'_> {
    /// Registers `f` as the function, behind the access check: in a read-only hook the
    /// call is refused; else the change is counted, and `f` makes it on the running
    /// call's `Ctx`. (mlua reads the arguments first, as for every method, so that the
    /// wrapper costs a verb nothing more than the check.)
    pub fn add<F, A, R>(&mut self, f: F)
    where
        F: Fn(&Lua, &mut Ctx, A) -> mlua::Result<R> + 'static,
        A: FromLuaMulti,
        R: IntoLuaMulti,
    {
        self.0.added += 1;
        let name = self.0.name;
        self.0.registry.add_method(name, move |lua, h, args| {
            let mut cell = h.0.try_borrow_mut().map_err(|_| err(OUTSIDE))?;
            let ctx = cell.as_deref_mut().ok_or_else(|| err(OUTSIDE))?;
            ctx.refuse_in_read_only(name)?;
            ctx.count_change(name)?;
            f(lua, ctx, args)
        });
    }
}

impl<'a> Registrar<'a> for Asks<'a> {
    fn new(registry: &'a mut UserDataRegistry<CtxHandle>, name: &'static str) -> Self {
        Asks(Slot::new(registry, name))
    }

    fn added(&self) -> u32 {
        self.0.added
    }
}

impl Asks<'_> {
    /// Registers `f` as the function: it records the question in the running call's
    /// `Ctx`.
    pub fn add<F, A, R>(&mut self, f: F)
    where
        F: Fn(&Lua, &mut Ctx, A) -> mlua::Result<R> + 'static,
        A: FromLuaMulti,
        R: IntoLuaMulti,
    {
        self.0.added += 1;
        self.0
            .registry
            .add_method(self.0.name, move |lua, h, args| {
                let mut cell = h.0.try_borrow_mut().map_err(|_| err(OUTSIDE))?;
                f(lua, cell.as_deref_mut().ok_or_else(|| err(OUTSIDE))?, args)
            });
    }
}
