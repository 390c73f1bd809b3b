//! Registration into mlua, driven by the table: each entry's implementation is added as
//! a method of `ctx` by the registrar of its kind (`kinds.rs`), which enforces its
//! access.

use mlua::{UserData, UserDataRegistry};

use super::entry::Imp;
use super::kinds::{Asks, Changes, Reads, Records, Registrar};
use super::table::CTX_API;
use crate::lua::ctx::CtxHandle;

/// The methods of `ctx` are the entries of the table.
impl UserData for CtxHandle {
    fn register(registry: &mut UserDataRegistry<Self>) {
        register_all(registry);
    }
}

/// Registers every entry of the table on the `ctx` userdata type, each through the
/// registrar of its kind. An entry that registers no implementation, or more than one,
/// is a bug: it panics here, when the first VM is made.
fn register_all(registry: &mut UserDataRegistry<CtxHandle>) {
    for f in CTX_API {
        let added = match f.imp {
            Imp::Read(add) => with::<Reads>(registry, f.name, add),
            Imp::Record(add) => with::<Records>(registry, f.name, add),
            Imp::Change(add) => with::<Changes>(registry, f.name, add),
            Imp::Ask(add) => with::<Asks>(registry, f.name, add),
        };
        assert_eq!(
            added, 1,
            "ctx:{}: a table entry registers exactly one implementation",
            f.name
        );
    }
    #[cfg(feature = "test-hooks")]
    mlua::UserDataMethods::add_method(registry, "__test_panic", |_, _, ()| -> mlua::Result<()> {
        panic!("a host function panicked (test hook)")
    });
}

/// Runs an entry's `add` with a registrar `R` of `name`; how many implementations it
/// added.
fn with<'a, R: Registrar<'a>>(
    registry: &'a mut UserDataRegistry<CtxHandle>,
    name: &'static str,
    add: fn(&mut R),
) -> u32 {
    let mut registrar = R::new(registry, name);
    add(&mut registrar);
    registrar.added()
}
