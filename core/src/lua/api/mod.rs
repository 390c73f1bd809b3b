//! The Lua API of `ctx` as one table ([`CTX_API`], in `table.rs`): each function
//! declared once, with its name and call, reference text, what it may do with its
//! implementation, and its optional fast front (`entry.rs`). Registration into mlua and
//! the enforcement of access are in `register.rs`; the fronts (lua/fast.rs) and the
//! reference (lua/api_doc.rs) read the same table.

mod entry;
mod register;
mod table;

pub use entry::{Access, CtxFn, Front, FrontList, Imp};
pub use register::{Asks, Changes, Reads, Records};
pub use table::CTX_API;

pub(super) use register::register_all;

/// The entry of the `ctx` function `name`, if there is one.
pub fn entry(name: &str) -> Option<&'static CtxFn> {
    CTX_API.iter().find(|f| f.name == name)
}
