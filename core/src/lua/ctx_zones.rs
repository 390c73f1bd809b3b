//! The ctx functions over card zones (`[[zones]]`): reads of cards and marks, and the
//! verbs that move cards, change marks and shuffle. A zone is named by its id; a player
//! zone also takes the player (from 1) as the last argument.

use mlua::{UserDataMethods, Value};

use super::ctx::{err, Ctx, CtxHandle, Methods, Whole};
use crate::content::ZoneKind;
use crate::zones::{self, ZoneRef};

impl Ctx {
    /// The zone `id`, for player `p` (from 1) when given.
    fn zone_ref(&self, id: &str, p: Option<Whole>) -> mlua::Result<ZoneRef> {
        let p = match p {
            Some(Whole(p)) => Some(self.player_index(p)?),
            None => None,
        };
        ZoneRef::named(&self.content, id, p).map_err(err)
    }

    /// A position argument (from 1, negative from the end) as an index from 0.
    fn zone_pos(&self, z: ZoneRef, pos: i64, verb: &str) -> mlua::Result<usize> {
        zones::position(&self.content, &self.state, z, pos)
            .map_err(|e| err(format!("ctx:{verb}: {e}")))
    }

    fn card_name(&self, card: crate::content::CardIx) -> mlua::String {
        self.names.pack_cards[card as usize].clone()
    }
}

/// Registers the zone functions on `ctx`.
pub(super) fn add_zone_methods<M: UserDataMethods<CtxHandle>>(m: &mut Methods<'_, M>) {
    m.add_method("cards", |lua, this, (id, p): (String, Option<Whole>)| {
        let z = this.zone_ref(&id, p)?;
        let t = lua.create_table()?;
        for (k, card) in z.get(&this.content, &this.state).cards.iter().enumerate() {
            let v = match card {
                Some(card) => Value::String(this.card_name(*card)),
                None => Value::Boolean(false),
            };
            t.raw_set(k + 1, v)?;
        }
        Ok(t)
    });
    m.add_method("counter_info", |lua, this, what: String| {
        let id = this.content.counter_named(&what).map_err(err)?;
        let k = &this.content.counters[id as usize];
        let t = lua.create_table()?;
        t.raw_set("id", k.id.as_str())?;
        t.raw_set("name", k.name.as_str())?;
        t.raw_set("min", k.min)?;
        t.raw_set("max", k.max)?;
        t.raw_set("value", k.value)?;
        Ok(t)
    });
    m.add_method("zone_size", |_, this, (id, p): (String, Option<Whole>)| {
        let z = this.zone_ref(&id, p)?;
        Ok(z.get(&this.content, &this.state).cards.len())
    });
    m.add_method("grid", |_, this, id: String| {
        let z = this.zone_ref(&id, None)?;
        let n = this.state.players.len();
        match this.content.zones[z.zone as usize].grid_size(n) {
            Some((rows, columns)) => Ok((rows, columns)),
            None => Err(err(format!("ctx:grid: zone `{id}` is a pile, not a grid"))),
        }
    });
    m.add_method(
        "marks",
        |_, this, (id, Whole(pos), p): (String, Whole, Option<Whole>)| {
            let z = this.zone_ref(&id, p)?;
            let i = this.zone_pos(z, pos, "marks")?;
            Ok(zones::mark_at(&this.content, &this.state, z, i))
        },
    );
    m.add_method("room", |_, this, (id, p): (String, Option<Whole>)| {
        let z = this.zone_ref(&id, p)?;
        Ok(zones::room(&this.content, &this.state, z))
    });
    m.add_method(
        "find_card",
        |_, this, (id, card, p): (String, String, Option<Whole>)| {
            let z = this.zone_ref(&id, p)?;
            let Some(ix) = this.content.pack_card(&card) else {
                return Err(err(format!(
                    "ctx:find_card: `{card}` is not a card of [[cards]]"
                )));
            };
            Ok(z.get(&this.content, &this.state)
                .cards
                .iter()
                .position(|&x| x == Some(ix))
                .map(|k| k + 1))
        },
    );
    m.add_method_mut(
        "add_marks",
        |_, this, (id, Whole(pos), Whole(n), p): (String, Whole, Whole, Option<Whole>)| {
            this.writable("add_marks")?;
            let z = this.zone_ref(&id, p)?;
            let i = this.zone_pos(z, pos, "add_marks")?;
            zones::add_mark(&this.content, &mut this.state, z, i, n)
                .map_err(|e| err(format!("ctx:add_marks: {e}")))
        },
    );
    m.add_method_mut(
        "move_card",
        |_, this, (id, Whole(pos), to, p): (String, Whole, String, Option<Whole>)| {
            this.writable("move_card")?;
            let from = this.zone_ref(&id, p)?;
            let target = this.zone_ref(&to, p)?;
            let i = this.zone_pos(from, pos, "move_card")?;
            let c = std::sync::Arc::clone(&this.content);
            let card = zones::move_card(&c, &mut this.state, from, i, target, None)
                .map_err(|e| err(format!("ctx:move_card: {e}")))?;
            let (round, player) = (this.state.round, this.call.player);
            this.log.push(round, player, "move_card", || {
                format!(
                    "{} goes from {} to {}",
                    c.cards[card as usize].id,
                    from.describe(&c),
                    target.describe(&c)
                )
            });
            Ok(this.card_name(card))
        },
    );
    m.add_method_mut("shuffle", |_, this, (id, p): (String, Option<Whole>)| {
        this.writable("shuffle")?;
        let z = this.zone_ref(&id, p)?;
        if matches!(
            this.content.zones[z.zone as usize].kind,
            ZoneKind::Grid { .. }
        ) {
            return Err(err(format!(
                "ctx:shuffle: zone `{id}` is a grid; only piles are shuffled"
            )));
        }
        let c = std::sync::Arc::clone(&this.content);
        let i = c.zones[z.zone as usize].index;
        let zs = match z.player {
            None => std::mem::take(&mut this.state.zones_mut()[i]),
            Some(p) => std::mem::take(&mut this.state.player_mut(p).zones[i]),
        };
        // Marks travel with their cards.
        let mut pairs: Vec<_> = zs
            .cards
            .into_iter()
            .enumerate()
            .map(|(k, card)| (card, zs.marks.get(k).copied()))
            .collect();
        crate::ops::shuffle(&mut pairs, &mut this.state.rng);
        let back = crate::state::ZoneState {
            cards: pairs.iter().map(|x| x.0).collect(),
            marks: pairs.iter().filter_map(|x| x.1).collect(),
        };
        match z.player {
            None => this.state.zones_mut()[i] = back,
            Some(p) => this.state.player_mut(p).zones[i] = back,
        }
        Ok(())
    });
}
