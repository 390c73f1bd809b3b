//! What one entry of the `ctx` table says: the function's name and how it is called,
//! its reference text, what it may do with its implementation, and its fast front.

use mlua::ffi::lua_CFunction;

use super::kinds::{Asks, Changes, Reads, Records};

/// One `ctx` function, declared once in [`super::CTX_API`]. Registration, the fast
/// fronts, the reference (`docs/lua-api.md`) and the access test all read it.
pub struct CtxFn {
    /// The method's name: scripts call `ctx:NAME(...)`.
    pub name: &'static str,
    /// How it is called, as the reference shows it: `ctx:count(p, what)`.
    pub call: &'static str,
    /// What it returns or does, for the reference (Markdown, one line).
    pub text: &'static str,
    /// What it may do, and its implementation.
    pub imp: Imp,
    /// The fast front that answers its common calls, if it is a hot one.
    pub front: Option<Front>,
}

impl CtxFn {
    /// What the function may do, which decides the hooks that may call it.
    pub fn access(&self) -> Access {
        self.imp.access()
    }
}

/// A `ctx` function's implementation, by what it may do. Each kind registers a closure
/// that sees only what that kind may touch, through the registrar of that kind
/// (`kinds.rs`), which refuses what the hook may not do.
pub enum Imp {
    /// Reads the game: the closure gets the running call's `Ctx` to read.
    Read(fn(&mut Reads<'_>)),
    /// Reads the game and adds to the event log (`ctx:log`): not a change, so every
    /// hook may call it. The closure gets the `Ctx` to read and the call's log.
    Record(fn(&mut Records<'_>)),
    /// Changes the game: refused in read-only hooks before it runs, and counted against
    /// the changes one call may make. The closure gets the `Ctx` to change.
    Change(fn(&mut Changes<'_>)),
    /// Asks the acting player (`ctx:choose`): the closure gets the `Ctx` to record the
    /// question; the host refuses a question from a hook that may not ask when the call
    /// stops, and the question front (lua/ask.rs) stops the script.
    Ask(fn(&mut Asks<'_>)),
}

impl Imp {
    /// What a function of this kind may do.
    pub fn access(&self) -> Access {
        match self {
            Imp::Read(_) | Imp::Record(_) => Access::Read,
            Imp::Change(_) => Access::Change,
            Imp::Ask(_) => Access::Ask,
        }
    }
}

/// What a `ctx` function may do, which decides the hooks that may call it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Reads the game: every hook.
    Read,
    /// Changes the game: every hook but the read-only ones (`can_act`, `options`,
    /// `[score] potential`).
    Change,
    /// Asks the acting player: hooks with an acting player that may ask.
    Ask,
}

/// A front put in the methods table in place of a function's mlua method.
#[derive(Clone, Copy)]
pub enum Front {
    /// A C function that answers the common, well-formed call from the running `Ctx`
    /// and hands every other call to the method (lua/fast.rs), with the list whose
    /// entries it returns. The speed layer takes it out and puts it back.
    Fast(lua_CFunction, FrontList),
    /// The question front (lua/ask.rs): answers a replayed question and stops the script
    /// at a new one; the method stays reachable as `__NAME`. Always in place: stopping
    /// the script is how a question works.
    Question,
}

/// The list a fast front returns entries of (its fourth upvalue), made once per VM.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrontList {
    /// No list.
    None,
    /// The frozen list of material ids, cheapest first.
    Materials,
    /// Seat numbers from 1 (for lists of players).
    Seats,
    /// The frozen `ctx:card` table of each card, by index.
    CardInfo,
    /// The id of each card, by index.
    CardIds,
    /// The frozen `ctx:decks` table of each deck, by index.
    DeckInfo,
    /// The id of each board slot, by index.
    SlotIds,
}
