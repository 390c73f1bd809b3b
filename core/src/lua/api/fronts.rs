//! The fronts the `ctx` table names (lua/api/table.rs), put in the `ctx` methods table:
//! each fast front (lua/fast.rs) in front of its mlua method, which the speed layer puts
//! back in its place ([`Fronts::set_on`]), and the question front (lua/ask.rs).

use std::cell::RefCell;

use mlua::{Function, LightUserData, Lua, Table, Value};

use super::entry::{Front, FrontList};
use super::table::CTX_API;
use crate::lua::ctx::{Ctx, Names};
use crate::lua::fast::{FrontData, MAX_LIST};

/// The running call's `Ctx`.
type Cell = RefCell<Option<Box<Ctx>>>;

/// The installed fronts: what they point at, and each front with the mlua method it
/// stands in front of, so that the speed layer can be turned off and on again
/// ([`Fronts::set_on`]). The host keeps it as long as the VM.
pub struct Fronts {
    /// What the fronts point at (upvalue 1 of each).
    _data: Box<FrontData>,
    /// The `ctx` methods table (the `__index` of `ctx`'s metatable).
    methods: Table,
    /// Each front's name, the front, and the mlua method behind it.
    pairs: Vec<(&'static str, Function, Function)>,
}

impl Fronts {
    /// Puts every front in the methods table (`on`, as installed), or the mlua method
    /// behind it in its place (off): then every call of those names goes to the method.
    pub fn set_on(&self, on: bool) -> mlua::Result<()> {
        for (name, front, method) in &self.pairs {
            let f = if on { front } else { method };
            self.methods.raw_set(*name, f.clone())?;
        }
        Ok(())
    }

    /// Each front's name and whether the methods table now holds the front (`true`)
    /// or the mlua method behind it (`false`).
    #[cfg(test)]
    pub fn in_place(&self) -> mlua::Result<Vec<(&'static str, bool)>> {
        self.pairs
            .iter()
            .map(|(name, front, method)| {
                let now: Function = self.methods.raw_get(*name)?;
                assert!(now == *front || now == *method, "`{name}` is neither");
                Ok((*name, now == *front))
            })
            .collect()
    }
}

/// Puts the fronts the `ctx` table names in the `ctx` methods table `methods` (the
/// `__index` of `ctx`'s metatable): each fast front in front of the mlua method of the
/// same name, and the question front (lua/ask.rs). `cell` is the host's
/// [`crate::lua::CtxHandle`] cell of the running call's `Ctx`, and `ctx` the userdata
/// scripts get. Returns the installed [`Fronts`]: the host keeps them as long as the VM.
pub fn install(
    lua: &Lua,
    methods: &Table,
    cell: &Cell,
    ctx: &mlua::AnyUserData,
    names: &Names,
) -> mlua::Result<Fronts> {
    let data = FrontData::new(cell, ctx, names);
    let lists = Lists::new(lua, names)?;
    let mut pairs = Vec::new();
    for f in CTX_API {
        match f.front {
            None => {}
            Some(Front::Question) => {
                let cell = LightUserData(std::ptr::from_ref(cell) as *mut std::ffi::c_void);
                crate::lua::ask::install(lua, methods, f.name, cell, ctx, &names.fields)?;
            }
            Some(Front::Fast(front, list)) => {
                let slow: Function = methods.raw_get(f.name)?;
                let front = data.front(lua, front, &slow, ctx, lists.get(list))?;
                methods.raw_set(f.name, front.clone())?;
                pairs.push((f.name, front, slow));
            }
        }
    }
    Ok(Fronts {
        _data: data,
        methods: methods.clone(),
        pairs,
    })
}

/// The lists fronts return entries of ([`FrontList`]), made once per VM.
struct Lists {
    materials: Table,
    seats: Table,
    card_info: Table,
    card_ids: Table,
    deck_info: Table,
    slot_ids: Table,
}

impl Lists {
    fn new(lua: &Lua, names: &Names) -> mlua::Result<Lists> {
        let card_info = lua.create_sequence_from(names.card_info.iter().cloned())?;
        card_info.set_readonly(true);
        Ok(Lists {
            materials: names.material_list.clone(),
            // Seat numbers from 1, for lists of players (`placements`).
            seats: lua.create_sequence_from(1..=MAX_LIST as i64)?,
            card_info,
            card_ids: lua.create_sequence_from(names.pack_cards.iter().cloned())?,
            deck_info: lua.create_sequence_from(names.deck_info.iter().cloned())?,
            slot_ids: lua.create_sequence_from(names.slots.iter().cloned())?,
        })
    }

    /// The front's fourth upvalue for `list`.
    fn get(&self, list: FrontList) -> Value {
        let t = match list {
            FrontList::None => return Value::Nil,
            FrontList::Materials => &self.materials,
            FrontList::Seats => &self.seats,
            FrontList::CardInfo => &self.card_info,
            FrontList::CardIds => &self.card_ids,
            FrontList::DeckInfo => &self.deck_info,
            FrontList::SlotIds => &self.slot_ids,
        };
        Value::Table(t.clone())
    }
}
