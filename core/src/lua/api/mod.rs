//! The Lua API of `ctx` as one table ([`CTX_API`], in `table.rs`): each function
//! declared once, with its name and call, reference text, what it may do with its
//! implementation, and its optional fast front (`entry.rs`). The kinds of function and
//! the access each enforces are in `kinds.rs`; registration into mlua, driven by the
//! table, in `register.rs`; the fronts and the speed layer, driven by it too, in
//! `fronts.rs`; the reference in lua/api_doc.rs.

mod entry;
pub(super) mod fronts;
mod kinds;
mod register;
mod table;

pub use entry::{Access, CtxFn, Front, FrontList, Imp};
pub use kinds::{Asks, Changes, Reads, Records};
pub use table::CTX_API;
