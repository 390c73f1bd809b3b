//! The `ctx` functions over card zones (`[[zones]]`, decks' piles among them): reads of
//! cards and marks,
//! and the verbs that move cards, change marks and shuffle. A zone is named by its id;
//! a player zone also takes the player (from 1) as the last argument. The library's
//! `weft.cards` (scripts/weft/cards.lua) draws, keeps and discards the cards of decks
//! with them.

use std::sync::Arc;

use mlua::{FromLua, Lua, Table, Value};

use super::ctx::{err, Ctx, Whole};
use crate::content::{CardIx, ZoneKind};
use crate::zones::{self, ZoneRef};

/// A position in a zone as a script names it: a whole number (from 1; negative counts
/// from the end, -1 is a pile's top), or a card's id, standing for its first position
/// in the zone.
pub enum Pos {
    /// A position number.
    At(i64),
    /// The id of a card in the zone.
    Card(String),
}

impl FromLua for Pos {
    fn from_lua(v: Value, lua: &Lua) -> mlua::Result<Self> {
        match v {
            Value::String(id) => Ok(Pos::Card(id.to_str()?.to_string())),
            other => Whole::from_lua(other, lua).map(|Whole(n)| Pos::At(n)),
        }
    }
}

/// Naming zones, positions and cards.
impl Ctx {
    /// The zone `id`, for player `p` (from 1) when given.
    pub(super) fn zone_ref(&self, id: &str, p: Option<Whole>) -> mlua::Result<ZoneRef> {
        let p = match p {
            Some(Whole(p)) => Some(self.player_index(p)?),
            None => None,
        };
        ZoneRef::named(&self.content, id, p).map_err(err)
    }

    /// A position argument (from 1, negative from the end, or a card's id) as an index
    /// from 0.
    fn zone_pos(&self, z: ZoneRef, pos: &Pos, verb: &str) -> mlua::Result<usize> {
        let id = match pos {
            Pos::At(n) => {
                return zones::position(&self.content, &self.state, z, *n)
                    .map_err(|e| err(format!("ctx:{verb}: {e}")))
            }
            Pos::Card(id) => id,
        };
        let Some(card) = self.content.card(id) else {
            return Err(err(format!("ctx:{verb}: `{id}` is not a card")));
        };
        let cards = &z.get(&self.content, &self.state).cards;
        cards.iter().position(|&x| x == Some(card)).ok_or_else(|| {
            err(format!(
                "ctx:{verb}: `{id}` is not in {}",
                z.describe(&self.content)
            ))
        })
    }

    /// The id of card `card`, interned once per VM.
    pub(super) fn card_name(&self, card: CardIx) -> mlua::String {
        self.names.pack_cards[card as usize].clone()
    }
}

/// The reads of zones.
impl Ctx {
    /// `ctx:cards(zone [, p])`: the card ids in position order, `false` for an empty
    /// grid position.
    pub(super) fn zone_cards(&self, lua: &Lua, id: &str, p: Option<Whole>) -> mlua::Result<Table> {
        let z = self.zone_ref(id, p)?;
        let t = lua.create_table()?;
        for (k, card) in z.get(&self.content, &self.state).cards.iter().enumerate() {
            let v = match card {
                Some(card) => Value::String(self.card_name(*card)),
                None => Value::Boolean(false),
            };
            t.raw_set(k + 1, v)?;
        }
        Ok(t)
    }

    /// `ctx:zone_size(zone [, p])`: its positions (a pile's cards).
    pub(super) fn zone_size(&self, id: &str, p: Option<Whole>) -> mlua::Result<usize> {
        let z = self.zone_ref(id, p)?;
        Ok(z.get(&self.content, &self.state).cards.len())
    }

    /// `ctx:grid(zone)`: a grid zone's rows and columns at this player count.
    pub(super) fn grid(&self, id: &str) -> mlua::Result<(u32, u32)> {
        let z = self.zone_ref(id, None)?;
        let n = self.state.players.len();
        self.content.zones[z.zone as usize]
            .grid_size(n)
            .ok_or_else(|| err(format!("ctx:grid: zone `{id}` is a pile, not a grid")))
    }

    /// `ctx:marks(zone, pos [, p])`: the mark at a position.
    pub(super) fn marks(&self, id: &str, pos: &Pos, p: Option<Whole>) -> mlua::Result<i64> {
        let z = self.zone_ref(id, p)?;
        let i = self.zone_pos(z, pos, "marks")?;
        Ok(zones::mark_at(&self.content, &self.state, z, i))
    }

    /// `ctx:room(zone [, p])`: cards the zone takes under its cap, if it has one.
    pub(super) fn room(&self, id: &str, p: Option<Whole>) -> mlua::Result<Option<u32>> {
        let z = self.zone_ref(id, p)?;
        Ok(zones::room(&self.content, &self.state, z))
    }

    /// `ctx:find_card(zone, card [, p])`: the first position (from 1) of `card`.
    pub(super) fn find_card(
        &self,
        id: &str,
        card: &str,
        p: Option<Whole>,
    ) -> mlua::Result<Option<usize>> {
        let z = self.zone_ref(id, p)?;
        let Some(ix) = self.content.card(card) else {
            return Err(err(format!(
                "ctx:find_card: `{card}` is not a card of [[cards]]"
            )));
        };
        Ok(z.get(&self.content, &self.state)
            .cards
            .iter()
            .position(|&x| x == Some(ix))
            .map(|k| k + 1))
    }
}

/// The verbs of zones.
impl Ctx {
    /// `ctx:add_marks(zone, pos, n [, p])`.
    pub(super) fn add_marks(
        &mut self,
        id: &str,
        pos: &Pos,
        n: i64,
        p: Option<Whole>,
    ) -> mlua::Result<i64> {
        let z = self.zone_ref(id, p)?;
        let i = self.zone_pos(z, pos, "add_marks")?;
        zones::add_mark(&self.content, &mut self.state, z, i, n)
            .map_err(|e| err(format!("ctx:add_marks: {e}")))
    }

    /// `ctx:move_card(zone, pos, to [, p])`: the card moved. Shared by the method and
    /// its fast front (lua/fast/zones.rs), with the zones and the position found.
    pub(super) fn move_card(
        &mut self,
        id: &str,
        pos: &Pos,
        to: &str,
        p: Option<Whole>,
    ) -> mlua::Result<CardIx> {
        let from = self.zone_ref(id, p)?;
        let target = self.zone_ref(to, p)?;
        let i = self.zone_pos(from, pos, "move_card")?;
        self.move_card_at(from, i, target)
    }

    /// `ctx:move_card_to_bottom(zone, pos, to [, p])`: as `move_card`, to the bottom of
    /// the pile `to`.
    pub(super) fn move_card_to_bottom(
        &mut self,
        id: &str,
        pos: &Pos,
        to: &str,
        p: Option<Whole>,
    ) -> mlua::Result<CardIx> {
        let from = self.zone_ref(id, p)?;
        let target = self.zone_ref(to, p)?;
        let i = self.zone_pos(from, pos, "move_card_to_bottom")?;
        if !matches!(
            self.content.zones[target.zone as usize].kind,
            crate::content::ZoneKind::Pile
        ) {
            return Err(err(format!(
                "ctx:move_card_to_bottom: {} is a grid; only a pile has a bottom",
                target.describe(&self.content)
            )));
        }
        self.move_card_into(from, i, target, true)
    }

    /// Moves the card at index `i` (from 0) of `from` onto `to` and logs it; the card
    /// moved. Refused, changing nothing, as [`zones::move_card`] refuses.
    pub(super) fn move_card_at(
        &mut self,
        from: ZoneRef,
        i: usize,
        to: ZoneRef,
    ) -> mlua::Result<CardIx> {
        self.move_card_into(from, i, to, false)
    }

    /// [`Ctx::move_card_at`], onto the top of a pile (a grid's first empty position) or,
    /// with `bottom`, under the pile.
    fn move_card_into(
        &mut self,
        from: ZoneRef,
        i: usize,
        to: ZoneRef,
        bottom: bool,
    ) -> mlua::Result<CardIx> {
        let c = &self.content;
        let verb = if bottom {
            "move_card_to_bottom"
        } else {
            "move_card"
        };
        let card = zones::move_card(c, &mut self.state, from, i, to, bottom.then_some(0))
            .map_err(|e| err(format!("ctx:{verb}: {e}")))?;
        // Built only when the event is kept (moves are hot in bots' play).
        let place = || {
            if bottom {
                format!("the bottom of {}", to.describe(c))
            } else {
                to.describe(c)
            }
        };
        let (round, player) = (self.state.round, self.call.player);
        let st = &self.state;
        self.log.push_private(
            round,
            player,
            "move_card",
            || {
                format!(
                    "{} goes from {} to {}",
                    c.cards[card as usize].id,
                    from.describe(c),
                    place()
                )
            },
            || {
                Some(crate::view::watchers(c, st, &[from, to], || {
                    format!("a card goes from {} to {}", from.describe(c), place())
                }))
            },
        );
        Ok(card)
    }

    /// `ctx:reshuffle(deck [, leave])`: the cards of a deck's discard pile but its top
    /// `leave` go onto its draw pile, bottom first (each move logged as `move_card`
    /// logs it), and the draw pile is shuffled; how many went. The same state, random
    /// draws and log as those moves and `ctx:shuffle` made one call at a time. Checked
    /// before anything changes: `leave` within the discards, room under the draw
    /// pile's cap.
    pub(super) fn reshuffle(&mut self, id: &str, leave: Option<Whole>) -> mlua::Result<u32> {
        let c = Arc::clone(&self.content);
        let Some(d) = c.deck(id) else {
            let ids: Vec<&str> = c.decks.iter().map(|d| d.id.as_str()).collect();
            return Err(err(format!(
                "ctx:reshuffle: `{id}` is not a deck ({})",
                ids.join(", ")
            )));
        };
        let deck = &c.decks[d as usize];
        let draw = ZoneRef {
            zone: deck.draw,
            player: None,
        };
        let discard = ZoneRef {
            zone: deck.discard,
            player: None,
        };
        let held = discard.get(&c, &self.state).cards.len();
        let leave = match leave {
            None => 0,
            Some(Whole(n)) => usize::try_from(n)
                .ok()
                .filter(|&n| n <= held)
                .ok_or_else(|| {
                    err(format!(
                        "ctx:reshuffle: leave = {n}, but {} holds {held} cards",
                        discard.describe(&c)
                    ))
                })?,
        };
        let found = held - leave;
        if zones::room(&c, &self.state, draw).is_some_and(|room| (room as usize) < found) {
            return Err(err(format!(
                "ctx:reshuffle: {} has room for fewer than the {found} cards",
                draw.describe(&c)
            )));
        }
        for _ in 0..found {
            self.move_card_at(discard, 0, draw)?;
        }
        self.shuffle(&c.zones[deck.draw as usize].id, None)?;
        Ok(found as u32)
    }

    /// `ctx:shuffle(zone [, p])`: shuffles a pile (marks travel with their cards).
    pub(super) fn shuffle(&mut self, id: &str, p: Option<Whole>) -> mlua::Result<()> {
        let z = self.zone_ref(id, p)?;
        if matches!(
            self.content.zones[z.zone as usize].kind,
            ZoneKind::Grid { .. }
        ) {
            return Err(err(format!(
                "ctx:shuffle: zone `{id}` is a grid; only piles are shuffled"
            )));
        }
        let c = Arc::clone(&self.content);
        let i = c.zones[z.zone as usize].index;
        let zs = match z.player {
            None => std::mem::take(&mut self.state.zones_mut()[i]),
            Some(p) => std::mem::take(&mut self.state.player_mut(p).zones_mut()[i]),
        };
        let mut pairs: Vec<_> = zs
            .cards
            .into_iter()
            .enumerate()
            .map(|(k, card)| (card, zs.marks.get(k).copied()))
            .collect();
        crate::shuffle::shuffle(&mut pairs, &mut self.state.rng);
        let back = crate::state::ZoneState {
            cards: pairs.iter().map(|x| x.0).collect(),
            marks: pairs.iter().filter_map(|x| x.1).collect(),
        };
        match z.player {
            None => self.state.zones_mut()[i] = back,
            Some(p) => self.state.player_mut(p).zones_mut()[i] = back,
        }
        Ok(())
    }
}
