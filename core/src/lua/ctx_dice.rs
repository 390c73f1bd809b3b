//! The `ctx` functions of dice play (`[pools]`, `[[dice_spaces]]`): a player's pool, the
//! neutral supply, the placements on a dice space and the strength a dice space's hook
//! runs with (M-DICE-3), and taking a neutral die (M-ICON-5).

use mlua::{Lua, Table};

use super::ctx::{err, Ctx};
use crate::content::dice::DiceSpaceId;
use crate::flow::Owner;

impl Ctx {
    /// The dice space named `id`; an error naming the board's dice spaces when there is
    /// none.
    fn dice_space_arg(&self, id: &str) -> mlua::Result<DiceSpaceId> {
        self.content.dice_play.space_index(id).ok_or_else(|| {
            let ids: Vec<&str> = self
                .content
                .dice_play
                .spaces
                .iter()
                .map(|s| s.id.as_str())
                .collect();
            err(format!(
                "`{id}` is not a dice space of board.toml ({})",
                if ids.is_empty() {
                    "it declares none".to_string()
                } else {
                    ids.join(", ")
                }
            ))
        })
    }

    /// `ctx:strength()`: the strength of the placement a dice space's hook runs for: in
    /// `resolve`, the placement just made; in `can_act`, the one asked about (handed
    /// over as the call's one recorded answer).
    pub(super) fn strength(&self) -> mlua::Result<u8> {
        match self.call.owner {
            Owner::DiceSpace { .. } if self.call.hook == crate::flow::Hook::CanAct => {
                self.strength_read.set(true);
                self.answers
                    .first()
                    .and_then(|a| a.parse().ok())
                    .ok_or_else(|| err("ctx:strength(): no placement is being asked about"))
            }
            Owner::DiceSpace { space } => {
                Ok(crate::engine::dice::last_strength(&self.state, space))
            }
            _ => Err(err(
                "this hook belongs to no dice space: ctx:strength() is for dice space hooks",
            )),
        }
    }

    /// `ctx:dice_space()`: the id of the dice space this hook belongs to.
    pub(super) fn own_dice_space(&self) -> mlua::Result<String> {
        match self.call.owner {
            Owner::DiceSpace { space } => {
                Ok(self.content.dice_play.spaces[space as usize].id.clone())
            }
            _ => Err(err(
                "this hook belongs to no dice space: ctx:dice_space() is for dice space hooks",
            )),
        }
    }

    /// `ctx:pool(p)`: player p's dice, lowest first, as `{pips, neutral}`.
    pub(super) fn pool(&self, lua: &Lua, p: i64) -> mlua::Result<Table> {
        let p = self.player_index(p)?;
        let t = lua.create_table()?;
        let dice = self.state.players[p]
            .dice
            .iter()
            .filter(|d| !d.is_stand_in());
        for (i, d) in dice.enumerate() {
            let e = lua.create_table()?;
            e.set("pips", d.pips)?;
            e.set("neutral", d.neutral)?;
            t.raw_set(i + 1, e)?;
        }
        Ok(t)
    }

    /// `ctx:stand_ins(p)`: player p's stand-ins not placed, as `{pips, tag}`, lowest first.
    pub(super) fn stand_ins(&self, lua: &Lua, p: i64) -> mlua::Result<Table> {
        let p = self.player_index(p)?;
        let t = lua.create_table()?;
        let pieces = self.state.players[p]
            .dice
            .iter()
            .filter(|d| d.is_stand_in());
        for (i, d) in pieces.enumerate() {
            let e = lua.create_table()?;
            e.set("pips", d.pips)?;
            e.set("tag", d.stand_in)?;
            t.raw_set(i + 1, e)?;
        }
        Ok(t)
    }

    /// `ctx:add_stand_in(p, pips, tag)`: gives player p a stand-in (M-CHAR-11 a).
    pub(super) fn add_stand_in(&mut self, p: i64, pips: i64, tag: i64) -> mlua::Result<()> {
        let p = self.player_index(p)?;
        let Some(pools) = &self.content.dice_play.pools else {
            return Err(err(
                "ctx:add_stand_in: the game has no dice ([pools] in game.toml)",
            ));
        };
        if !(1..=i64::from(pools.faces)).contains(&pips) {
            return Err(err(format!(
                "ctx:add_stand_in: pips = {pips}; a stand-in shows 1 to {} (the pools' faces)",
                pools.faces
            )));
        }
        let most = crate::pips::MAX_STAND_IN_TAG;
        if !(1..=i64::from(most)).contains(&tag) {
            return Err(err(format!(
                "ctx:add_stand_in: tag = {tag}; a tag is 1 to {most} (a seat from 1, or a colour no seat has)"
            )));
        }
        if self.state.players[p].dice.len() >= 64 {
            return Err(err(
                "ctx:add_stand_in: a pool holds at most 64 dice and stand-ins",
            ));
        }
        let d = crate::state::PoolDie::stand_in(pips as u8, tag as u8);
        crate::engine::dice::add_to_pool(&mut self.state, p, d);
        let round = self.state.round;
        self.log.push(round, Some(p), "dice", || {
            format!("gains a stand-in showing {pips} (tag {tag})")
        });
        Ok(())
    }

    /// `ctx:dice_placements(id)`: the placements on dice space `id` this round, in the
    /// order made, as `{player, strength, dice, seq}` (`dice`: pips, lowest first).
    pub(super) fn dice_placements(&self, lua: &Lua, id: &str) -> mlua::Result<Table> {
        let s = self.dice_space_arg(id)?;
        let t = lua.create_table()?;
        for (i, pl) in self.state.dice_spaces[s as usize]
            .placements
            .iter()
            .enumerate()
        {
            let e = lua.create_table()?;
            e.set("player", i64::from(pl.player) + 1)?;
            e.set("strength", pl.strength)?;
            e.set("seq", pl.seq)?;
            let dice = lua.create_table()?;
            for (k, d) in pl.dice.iter().enumerate() {
                dice.raw_set(k + 1, d.pips)?;
            }
            e.set("dice", dice)?;
            e.set(
                "neutral",
                pl.dice.iter().filter(|d| d.neutral).count() as i64,
            )?;
            t.raw_set(i + 1, e)?;
        }
        Ok(t)
    }

    /// `ctx:take_neutral_die(p)`: a neutral die from the supply, rolled, into p's pool;
    /// its pips, or nil when the supply is empty.
    pub(super) fn take_neutral_die(&mut self, p: i64) -> mlua::Result<Option<u8>> {
        let p = self.player_index(p)?;
        if self.content.dice_play.pools.is_none() {
            return Err(err(
                "ctx:take_neutral_die: the game has no dice ([pools] in game.toml)",
            ));
        }
        let c = std::sync::Arc::clone(&self.content);
        Ok(crate::engine::dice::take_neutral(
            &c,
            &mut self.state,
            &mut self.log,
            p,
        ))
    }
}
