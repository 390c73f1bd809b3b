//! `ctx`: the handle every hook receives, and the state of the call it stands for
//! ([`Ctx`]). Every function scripts call on it is declared once in the table of
//! `lua/api/table.rs`; the functions of `Ctx` here and in `ctx_*.rs` are what those
//! entries (and the fast fronts, lua/fast.rs) run. Reads take `&Ctx`; verbs take
//! `&mut Ctx`, validate, go through [`crate::ops`] or [`crate::zones`] and log an event.
//! Players are numbered from 1 in Lua. `docs/lua-api.md` lists every function.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use mlua::{Lua, Table, Value};
use rand::Rng;

use crate::content::{Content, CounterId, MatId};
use crate::events::EventLog;
use crate::flow::HookCall;
use crate::limits::{MAX_AMOUNT, MAX_VERBS_PER_CALL};
use crate::ops;
use crate::state::GameState;

use super::sandbox::Shared;

/// A question asked by `ctx:choose` that has no recorded answer yet.
#[derive(Debug, Clone)]
pub struct Ask {
    /// Prompt.
    pub prompt: String,
    /// (key, label) pairs; without a label, the key's text is the label.
    pub options: Vec<(Arc<str>, Arc<str>)>,
}

/// Lua strings and tables made once per VM, so hooks do not allocate a new string for
/// every material or card id they read.
pub struct Names {
    /// Material ids by index.
    pub materials: Vec<mlua::String>,
    /// The frozen `ctx:deck` table of each deck, by index: `{id, name, draw,
    /// discard}`.
    pub deck_info: Vec<Table>,
    /// Counter ids by index (`content.counters`).
    pub counters: Vec<mlua::String>,
    /// Zone ids by index (`content.zones`).
    pub zones: Vec<mlua::String>,
    /// The frozen list of material ids, cheapest first.
    pub material_list: Table,
    /// Ids of the pack's cards (one per copy) by index.
    pub pack_cards: Vec<mlua::String>,
    /// The frozen `ctx:card` table of each pack card.
    pub card_info: Vec<Table>,
    /// Marker kind ids by index (`content.markers`).
    pub marker_kinds: Vec<mlua::String>,
    /// Board slot ids by index (`content.board.slots`).
    pub slots: Vec<mlua::String>,
    /// The field names `ctx:choose` reads, made once per VM.
    pub fields: OptionFields,
}

/// The Lua strings `options`, `prompt`, `key` and `label`, made once per VM: reading an
/// option table's fields with them needs no new string per read.
pub struct OptionFields {
    /// `options`.
    pub options: mlua::String,
    /// `prompt`.
    pub prompt: mlua::String,
    /// `key`.
    pub key: mlua::String,
    /// `label`.
    pub label: mlua::String,
}

impl OptionFields {
    /// The four names, made in `lua`.
    pub fn new(lua: &Lua) -> mlua::Result<OptionFields> {
        Ok(OptionFields {
            options: lua.create_string("options")?,
            prompt: lua.create_string("prompt")?,
            key: lua.create_string("key")?,
            label: lua.create_string("label")?,
        })
    }
}

/// The state of one hook call, lent to Lua for the call's duration only (invariant 2).
pub struct Ctx {
    /// Content.
    pub content: Arc<Content>,
    /// The scratch state the hook changes.
    pub state: GameState,
    /// The call.
    pub call: HookCall,
    /// Recorded answers to replay.
    pub answers: Vec<String>,
    /// Next answer to hand out.
    pub next_answer: usize,
    /// A question with no recorded answer.
    pub ask: Option<Ask>,
    /// Events.
    pub log: EventLog,
    /// Host flags.
    pub shared: Rc<Shared>,
    /// Interned names.
    pub names: Rc<Names>,
    /// Whether the call read the strength it was handed (`ctx:strength()` in a
    /// `can_act`): see [`crate::effects::Effects::read_strength`].
    pub strength_read: std::cell::Cell<bool>,
}

/// A script error with `message`.
pub(super) fn err(message: impl Into<String>) -> mlua::Error {
    mlua::Error::runtime(message.into())
}

/// A whole number passed by a script. `1.5`, NaN and the infinities are errors, never
/// truncated: a verb given `1.5` coins must not silently give 1.
#[derive(Debug, Clone, Copy)]
pub struct Whole(pub i64);

/// `n` as a whole number, when it is one exactly and within 2^53 (beyond it a double
/// no longer holds every whole number). NaN and the infinities are none: their
/// conversion does not convert back to them. (A round trip, not `fract`, which is a call
/// into the maths library: the fronts read every number through here.)
pub(super) fn exact_whole(n: f64) -> Option<i64> {
    let whole = n as i64;
    (whole as f64 == n && n.abs() <= 9_007_199_254_740_992.0).then_some(whole)
}

impl mlua::FromLua for Whole {
    fn from_lua(v: Value, _: &Lua) -> mlua::Result<Self> {
        match v {
            Value::Integer(i) => Ok(Whole(i)),
            Value::Number(n) => exact_whole(n)
                .map(Whole)
                .ok_or_else(|| err(format!("{n} is not a whole number"))),
            other => Err(err(format!(
                "expected a whole number, not a {}",
                other.type_name()
            ))),
        }
    }
}

/// Checks that a script's amount lies within ±[`MAX_AMOUNT`] (or 0..=MAX_AMOUNT when
/// `signed` is false).
pub(super) fn amount(n: i64, signed: bool, verb: &str) -> mlua::Result<i64> {
    let low = if signed { -MAX_AMOUNT } else { 0 };
    if (low..=MAX_AMOUNT).contains(&n) {
        Ok(n)
    } else {
        Err(err(format!(
            "ctx:{verb}: {n} is out of range: an amount is a whole number from {low} to {MAX_AMOUNT}"
        )))
    }
}

/// A new Lua list of `items`.
pub(super) fn list<T: mlua::IntoLua>(
    lua: &Lua,
    items: impl IntoIterator<Item = T>,
) -> mlua::Result<Table> {
    lua.create_sequence_from(items)
}

/// What the call may do: the checks the registrar of changing functions makes
/// (lua/api/kinds.rs), and the fast fronts through [`Ctx::may_change`].
impl Ctx {
    /// Refuses a change in a read-only hook, with the message every verb gives there.
    pub(super) fn refuse_in_read_only(&self, verb: &str) -> mlua::Result<()> {
        if self.call.hook.is_read_only() {
            return Err(err(format!(
                "ctx:{verb} changes the game; hook `{}` may only read",
                self.content.program.hook_name(self.call.hook)
            )));
        }
        Ok(())
    }

    /// Counts one change against [`MAX_VERBS_PER_CALL`]; an error past it.
    pub(super) fn count_change(&self, verb: &str) -> mlua::Result<()> {
        let verbs = self.shared.verbs.get() + 1;
        self.shared.verbs.set(verbs);
        if verbs > MAX_VERBS_PER_CALL {
            return Err(err(format!(
                "ctx:{verb}: one hook call may make at most {MAX_VERBS_PER_CALL} changes; look for a loop around a verb"
            )));
        }
        Ok(())
    }

    /// Whether the call may make one more change: its hook may change the game and it
    /// has made fewer than [`MAX_VERBS_PER_CALL`]. The checks of
    /// [`Ctx::refuse_in_read_only`] and [`Ctx::count_change`], without counting or an
    /// error.
    pub(super) fn may_change(&self) -> bool {
        !self.call.hook.is_read_only() && self.shared.verbs.get() < MAX_VERBS_PER_CALL
    }
}

/// Arguments: players, counters, materials and cards named by a script.
impl Ctx {
    /// `ctx:asking()`: whether the next question will be put to the player (every
    /// recorded answer is consumed) and labels are on.
    pub(super) fn asking(&self) -> bool {
        self.shared.labels.get() && self.next_answer >= self.answers.len()
    }

    /// Player `p` (from 1) as an index from 0; an error naming the players when there is
    /// no such player.
    pub(super) fn player_index(&self, p: i64) -> mlua::Result<usize> {
        self.player_slot(p).ok_or_else(|| {
            let n = self.state.players.len();
            err(format!("player {p} does not exist: players are 1..{n}"))
        })
    }

    /// Player `p` (from 1) as an index from 0, if that player exists.
    pub(super) fn player_slot(&self, p: i64) -> Option<usize> {
        (p >= 1 && p <= self.state.players.len() as i64).then(|| (p - 1) as usize)
    }

    /// A counter a script may read by name (any the content has).
    fn counter(&self, what: &str) -> mlua::Result<CounterId> {
        self.content.counter_named(what).map_err(err)
    }

    /// [`Ctx::counter`], for the other `ctx` modules.
    pub(super) fn counter_id_of(&self, what: &str) -> mlua::Result<CounterId> {
        self.counter(what)
    }

    /// The material named `what`.
    pub(super) fn material(&self, what: &str) -> mlua::Result<MatId> {
        self.content
            .material(what)
            .ok_or_else(|| err(format!("`{what}` is not a material")))
    }

    /// An amount a verb adds or takes: 0 to [`MAX_AMOUNT`].
    pub(super) fn count_arg(n: i64, verb: &str) -> mlua::Result<u32> {
        Ok(amount(n, false, verb)? as u32)
    }
}

/// The reads and verbs of players' counters, cards and the skill track.
impl Ctx {
    /// `ctx:count(p, what)`: player `p`'s counter `what`.
    pub(super) fn count_of(&self, p: i64, what: &str) -> mlua::Result<i64> {
        let p = self.player_index(p)?;
        Ok(ops::count(&self.state, p, self.counter(what)?))
    }

    /// `ctx:counter_info(what)`: a counter's declaration, `{id, name, min, max, value}`.
    pub(super) fn counter_info(&self, lua: &Lua, what: &str) -> mlua::Result<Table> {
        let k = &self.content.counters[self.counter(what)? as usize];
        let t = lua.create_table()?;
        t.raw_set("id", k.id.as_str())?;
        t.raw_set("name", k.name.as_str())?;
        t.raw_set("min", k.min)?;
        t.raw_set("max", k.max)?;
        t.raw_set("value", k.value)?;
        Ok(t)
    }

    /// `ctx:card(id)`: the frozen table of a card (made once per VM, `Names::card_info`):
    /// its deck, cost, reward, behaviour and params.
    pub(super) fn card_info(&self, id: &str) -> mlua::Result<Table> {
        let ix = self
            .content
            .card(id)
            .ok_or_else(|| err(format!("`{id}` is not a card")))?;
        Ok(self.names.card_info[ix as usize].clone())
    }

    /// `ctx:deck(id)`: deck `id`'s frozen table (`Names::deck_info`).
    pub(super) fn deck(&self, id: &str) -> mlua::Result<Table> {
        let d = self.content.deck(id).ok_or_else(|| {
            let ids: Vec<&str> = self.content.decks.iter().map(|d| d.id.as_str()).collect();
            err(format!("`{id}` is not a deck ({})", ids.join(", ")))
        })?;
        Ok(self.names.deck_info[d as usize].clone())
    }

    /// `ctx:decks(p)`: the decks player `p` may draw from, each its frozen table
    /// (`Names::deck_info`).
    pub(super) fn decks(&self, lua: &Lua, p: i64) -> mlua::Result<Table> {
        let p = self.player_index(p)?;
        let decks = ops::unlocked_decks(&self.content, &self.state, p);
        list(
            lua,
            decks
                .into_iter()
                .map(|d| self.names.deck_info[d as usize].clone()),
        )
    }

    /// `ctx:gain(p, what, n)`: what was gained.
    pub(super) fn gain(&mut self, p: i64, what: &str, n: i64) -> mlua::Result<u32> {
        let p = self.player_index(p)?;
        let res = self.counter(what)?;
        let n = Ctx::count_arg(n, "gain")?;
        let c = Arc::clone(&self.content);
        ops::gain(&c, &mut self.state, &mut self.log, p, res, n).map_err(err)
    }

    /// `ctx:can_afford(p, costs)`: whether p can pay every counter of `costs`
    /// (`{coins = 2, camels = 1}`) at once, substitutes of `[payment]` standing in.
    pub(super) fn can_afford(&self, p: i64, costs: &Table) -> mlua::Result<bool> {
        let p = self.player_index(p)?;
        let mut list = Vec::new();
        // Amounts are whole numbers: `{coins = 1.5}` is an error, never 1 coin.
        for pair in costs.pairs::<String, Whole>() {
            let (what, Whole(n)) = pair?;
            list.push((self.counter(&what)?, Ctx::count_arg(n, "can_afford")?));
            if list.len() > 64 {
                return Err(err("ctx:can_afford: at most 64 counters"));
            }
        }
        list.sort_unstable();
        Ok(ops::can_afford(&self.content, &self.state, p, &list))
    }

    /// `ctx:set_first_player(p)`: the first-player marker to player p.
    pub(super) fn set_first_player(&mut self, p: i64) -> mlua::Result<()> {
        let p = self.player_index(p)?;
        self.state.first_player = p;
        let round = self.state.round;
        self.log.push(round, Some(p), "first_player", || {
            "takes the first-player marker".into()
        });
        Ok(())
    }

    /// `ctx:pay(p, what, n)`.
    pub(super) fn pay(&mut self, p: i64, what: &str, n: i64) -> mlua::Result<()> {
        let p = self.player_index(p)?;
        let res = self.counter(what)?;
        let n = Ctx::count_arg(n, "pay")?;
        let c = Arc::clone(&self.content);
        ops::pay(&c, &mut self.state, &mut self.log, p, res, n).map_err(err)
    }

    /// `ctx:add(p, what, n)`: a signed change of a counter, without its supply; the
    /// change made.
    pub(super) fn add(&mut self, p: i64, what: &str, n: i64) -> mlua::Result<i64> {
        let p = self.player_index(p)?;
        let k = self.counter(what)?;
        let n = amount(n, true, "add")?;
        let c = Arc::clone(&self.content);
        ops::add(&c, &mut self.state, &mut self.log, p, k, n).map_err(err)
    }

    /// `ctx:random(n)`: a number 1..=n from the game's generator.
    pub(super) fn random(&mut self, n: i64) -> mlua::Result<i64> {
        if !(1..=1_000_000).contains(&n) {
            return Err(err("ctx:random(n) needs 1 <= n <= 1000000"));
        }
        Ok(self.state.rng.random_range(1..=n))
    }

    /// `ctx:use_cards(p [, opts])`: queues a use phase for player `p` (R-TILE-PWS), with
    /// the hook and zone of the flow's first `use_cards` step
    /// ([`crate::content::program::Program::use_phase`]); `opts.played_this_round`
    /// (a boolean) says whether cards played earlier this round are offered, else the
    /// step's setting holds.
    pub(super) fn queue_use_phase(&mut self, p: i64, opts: Option<Table>) -> mlua::Result<()> {
        let p = self.player_index(p)?;
        let mut phase = self.content.program.use_phase.ok_or_else(|| {
            err("the game's flow has no `use_cards` step to take the hook and zone from")
        })?;
        if let Some(opts) = opts {
            match opts.raw_get::<Value>("played_this_round")? {
                Value::Nil => {}
                Value::Boolean(b) => phase.played_this_round = b,
                other => {
                    return Err(err(format!(
                        "ctx:use_cards: played_this_round must be true or false, not a {}",
                        other.type_name()
                    )))
                }
            }
        }
        self.state
            .flow
            .incoming
            .push(crate::engine::steps::use_cards::use_job(p, phase));
        Ok(())
    }

    /// `ctx:log(text)` into `log` (the call's event log, lent apart from the `Ctx`):
    /// not a change, and not counted as one. A line dropped (no events recorded, or past
    /// the call's [`crate::limits::MAX_LOG_LINES_PER_CALL`]) and a line kept cost a hook
    /// the same, so `ctx:logging()` can never change what a hook does.
    pub(super) fn log_line(&self, log: &mut EventLog, text: &str) {
        let kept = self.shared.log_lines.get();
        if !log.enabled || kept >= crate::limits::MAX_LOG_LINES_PER_CALL {
            return;
        }
        self.shared.log_lines.set(kept + 1);
        let text: String = text.chars().take(500).collect();
        let text = crate::text::printable(&text).into_owned();
        log.push(self.state.round, self.call.player, "script", || text);
    }
}

/// The `ctx` every hook receives: one userdata per VM, which holds the running call's
/// [`Ctx`] only while that call runs (invariant 2). Outside a call it holds nothing, so a
/// `ctx` a script kept from an earlier call refuses every method. Made once, it spares
/// each hook call a new userdata. Its methods are the entries of the `ctx` table
/// (lua/api/table.rs), registered by lua/api/register.rs.
#[derive(Clone, Default)]
pub struct CtxHandle(pub Rc<RefCell<Option<Box<Ctx>>>>);

#[cfg(test)]
mod tests {
    use super::exact_whole;

    /// Whole numbers within 2^53 are read exactly; fractions, NaN, the infinities and
    /// numbers past 2^53 are not whole numbers to a script.
    #[test]
    fn exact_whole_takes_whole_numbers_within_two_to_the_53() {
        let limit = 9_007_199_254_740_992.0;
        for (n, whole) in [
            (3.0, Some(3)),
            (-7.0, Some(-7)),
            (-0.0, Some(0)),
            (limit, Some(9_007_199_254_740_992)),
            (-limit, Some(-9_007_199_254_740_992)),
            (1.5, None),
            (-0.25, None),
            (limit * 2.0, None),
            (9.3e18, None),
            (f64::NAN, None),
            (f64::INFINITY, None),
            (f64::NEG_INFINITY, None),
        ] {
            assert_eq!(exact_whole(n), whole, "{n}");
        }
    }
}
