//! `ctx`: the handle every hook receives. Reads are methods; writes are verbs that
//! validate, go through [`crate::ops`] and log an event. Players are numbered from 1 in
//! Lua. `docs/lua-api.md` lists every function.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use mlua::{
    FromLuaMulti, IntoLuaMulti, Lua, String as LuaStr, Table, UserData, UserDataMethods, Value,
};
use rand::Rng;

use crate::content::{AreaId, CardIx, Content, CounterId, MatId, SlotId};
use crate::events::EventLog;
use crate::flow::{HookCall, Job, Owner};
use crate::limits::{
    MAX_AMOUNT, MAX_HOLDING, MAX_LOG_LINES_PER_CALL, MAX_QUESTIONS_PER_EFFECT, MAX_TILE_COUNTERS,
    MAX_TILE_COUNTER_NAME, MAX_VERBS_PER_CALL,
};
use crate::ops;
use crate::state::{Die, GameState, TileState};
use crate::text::{printable, printable_line};

use super::sandbox::{Shared, Signal, ASK_MESSAGE};

/// Most dice one tile holds (`ctx:add_die`).
const MAX_TILE_DICE: usize = 16;

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
    /// Card ids by index.
    pub cards: Vec<mlua::String>,
    /// Grade ids by index.
    pub grades: Vec<mlua::String>,
    /// Counter ids by index (`content.counters`).
    pub counters: Vec<mlua::String>,
    /// The frozen list of material ids, cheapest first.
    pub material_list: Table,
    /// Ids of the pack's cards (`[[cards]]` copies) by index.
    pub pack_cards: Vec<mlua::String>,
    /// The frozen `ctx:card` table of each pack card.
    pub card_info: Vec<Table>,
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
    /// Cards drawn but not yet given or discarded.
    pub drawn: Vec<CardIx>,
    /// Host flags.
    pub shared: Rc<Shared>,
    /// Interned names.
    pub names: Rc<Names>,
}

/// The tile and deck verbs, once counted ([`Ctx::writable`]): shared by the `ctx`
/// methods and their fast fronts (`fast/tile.rs`, `fast/cards.rs`), so both make the
/// same change and refuse the same calls. Each refuses before it changes anything.
impl Ctx {
    /// `ctx:put_slot(i, what)`: display slot `i` of the hook's tile holds material
    /// `what`, or nothing.
    pub(super) fn put_slot(&mut self, i: i64, what: Option<&str>) -> mlua::Result<()> {
        let i = self.slot_index(i)?;
        let mat = what.map(|w| self.material(w)).transpose()?;
        self.tile_state_mut()?.slots[i] = mat;
        Ok(())
    }

    /// `ctx:take_slot(i)`: empties display slot `i` of the hook's tile; what it held.
    pub(super) fn take_slot(&mut self, i: i64) -> mlua::Result<Option<MatId>> {
        let i = self.slot_index(i)?;
        Ok(self.tile_state_mut()?.slots[i].take())
    }

    /// `ctx:set_counter(name, v)`: the hook's tile's counter `name` holds `v`.
    pub(super) fn set_tile_counter(&mut self, name: &str, v: i64) -> mlua::Result<()> {
        if v.abs() > MAX_HOLDING {
            return Err(err(format!(
                "ctx:set_counter: {v} is out of range: counters hold whole numbers within ±{MAX_HOLDING}"
            )));
        }
        let counters = &mut self.tile_state_mut()?.counters;
        if !counters.contains_key(name) && counters.len() >= MAX_TILE_COUNTERS {
            return Err(err(format!(
                "a tile keeps at most {MAX_TILE_COUNTERS} counters"
            )));
        }
        if name.len() > MAX_TILE_COUNTER_NAME {
            return Err(err(format!(
                "counter names are limited to {MAX_TILE_COUNTER_NAME} bytes"
            )));
        }
        match counters.get_mut(name) {
            Some(held) => *held = v,
            None => {
                counters.insert(name.to_string(), v);
            }
        }
        Ok(())
    }

    /// `ctx:draw(grade)`: the card drawn from `grade`'s deck (kept among the cards this
    /// hook drew), or none when the deck and its discards are empty.
    pub(super) fn draw(&mut self, grade: &str) -> mlua::Result<Option<CardIx>> {
        let g = self
            .content
            .grade(grade)
            .ok_or_else(|| err(format!("`{grade}` is not a grade")))?;
        let c = Arc::clone(&self.content);
        let card = ops::draw_card(&c, &mut self.state, &mut self.log, g);
        self.drawn.extend(card);
        Ok(card)
    }

    /// `ctx:give(p, id)`: `card`, which this hook drew, goes to player `p`'s hand.
    pub(super) fn give(&mut self, p: usize, card: CardIx) -> mlua::Result<()> {
        let id = &self.content.commissions[card as usize].id;
        let Some(pos) = self.drawn.iter().position(|&c| c == card) else {
            return Err(err(format!(
                "`{id}` was not drawn by this hook; draw it with ctx:draw first"
            )));
        };
        self.drawn.remove(pos);
        let c = Arc::clone(&self.content);
        crate::decks::to_hand(&c, &mut self.state, p, card);
        let round = self.state.round;
        self.log.push(round, Some(p), "take_card", || {
            format!(
                "takes commission {} into hand",
                c.commissions[card as usize].id
            )
        });
        Ok(())
    }

    /// `ctx:discard(id [, p])`: `card` goes to its discard pile, from the cards this hook
    /// drew or else from the hand of player `p` (from 1; the acting player when `None`).
    pub(super) fn discard_card(&mut self, card: CardIx, p: Option<i64>) -> mlua::Result<()> {
        let c = Arc::clone(&self.content);
        if let Some(pos) = self.drawn.iter().position(|&d| d == card) {
            self.drawn.remove(pos);
        } else {
            let p = match p {
                Some(p) => self.player_index(p)?,
                None => self
                    .call
                    .player
                    .ok_or_else(|| err("ctx:discard(card, player): name the player"))?,
            };
            if !crate::decks::take_from_hand(&c, &mut self.state, p, card) {
                return Err(err(format!(
                    "`{}` is neither drawn by this hook nor in player {}'s hand",
                    c.commissions[card as usize].id,
                    p + 1
                )));
            }
        }
        crate::decks::discard(&c, &mut self.state, card);
        let round = self.state.round;
        let player = self.call.player;
        self.log.push(round, player, "discard", || {
            format!("discards commission {}", c.commissions[card as usize].id)
        });
        Ok(())
    }
}

pub(super) fn err(message: impl Into<String>) -> mlua::Error {
    mlua::Error::runtime(message.into())
}

/// A whole number passed by a script. `1.5`, NaN and the infinities are errors, never
/// truncated: a verb given `1.5` coins must not silently give 1.
#[derive(Debug, Clone, Copy)]
pub struct Whole(pub i64);

/// `n` as a whole number, when it is one exactly and within 2^53 (beyond it a double
/// no longer holds every whole number).
pub(super) fn exact_whole(n: f64) -> Option<i64> {
    (n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_992.0).then_some(n as i64)
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

impl Ctx {
    /// `ctx:asking()`: whether the next question will be put to the player (every
    /// recorded answer is consumed) and labels are on.
    pub(super) fn asking(&self) -> bool {
        self.shared.labels.get() && self.next_answer >= self.answers.len()
    }

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

    /// A counter `gain` and `pay` may change: any but the skill track and the score,
    /// which have their own verbs (unlocks and the end trigger ride on them).
    fn resource(&self, what: &str, verb: &str) -> mlua::Result<CounterId> {
        let id = self.counter(what)?;
        if self.is_resource(id) {
            return Ok(id);
        }
        if id == self.content.core.track {
            return Err(err(format!(
                "ctx:{verb}: `{what}` moves with ctx:add_skill (its unlocks and the end trigger ride on it)"
            )));
        }
        Err(err(format!(
            "ctx:{verb}: `{what}` changes with ctx:add_prestige"
        )))
    }

    fn material(&self, what: &str) -> mlua::Result<MatId> {
        self.content
            .material(what)
            .ok_or_else(|| err(format!("`{what}` is not a material")))
    }

    /// Whether `gain` and `pay` may change counter `id` (any but the skill track and the
    /// score).
    pub(super) fn is_resource(&self, id: CounterId) -> bool {
        let core = self.content.core;
        id != core.track && id != core.score
    }

    /// Whether the call may make one more change: its hook may change the game and it
    /// has made fewer than [`MAX_VERBS_PER_CALL`]. The check [`Ctx::writable`] makes,
    /// without counting or an error.
    pub(super) fn may_change(&self) -> bool {
        !self.call.hook.is_read_only() && self.shared.verbs.get() < MAX_VERBS_PER_CALL
    }

    pub(super) fn count_arg(n: i64, verb: &str) -> mlua::Result<u32> {
        Ok(amount(n, false, verb)? as u32)
    }

    /// Refuses verbs in read-only hooks, and counts them against [`MAX_VERBS_PER_CALL`].
    pub(super) fn writable(&self, verb: &str) -> mlua::Result<()> {
        if self.call.hook.is_read_only() {
            return Err(err(format!(
                "ctx:{verb} changes the game; hook `{}` may only read",
                self.call.hook.name()
            )));
        }
        self.count_verb(verb)
    }

    fn count_verb(&self, verb: &str) -> mlua::Result<()> {
        let verbs = self.shared.verbs.get() + 1;
        self.shared.verbs.set(verbs);
        if verbs > MAX_VERBS_PER_CALL {
            return Err(err(format!(
                "ctx:{verb}: one hook call may make at most {MAX_VERBS_PER_CALL} changes; look for a loop around a verb"
            )));
        }
        Ok(())
    }

    fn slot(&self) -> mlua::Result<SlotId> {
        match self.call.owner {
            Owner::Tile { slot } => Ok(slot),
            _ => Err(err(
                "this hook belongs to no tile, so it has no tile slots, dice or counters",
            )),
        }
    }

    fn tile_state(&self) -> mlua::Result<&TileState> {
        let slot = self.slot()?;
        Ok(&self.state.board[slot as usize])
    }

    /// This hook's tile, to change: copied first if another copy of the state shares it.
    fn tile_state_mut(&mut self) -> mlua::Result<&mut TileState> {
        let slot = self.slot()?;
        Ok(self.state.tile_mut(slot as usize))
    }

    fn slot_index(&mut self, i: i64) -> mlua::Result<usize> {
        let len = self.tile_state()?.slots.len() as i64;
        if i >= 1 && i <= len {
            Ok((i - 1) as usize)
        } else {
            Err(err(format!(
                "display slot {i} does not exist: this tile has slots 1..{len}"
            )))
        }
    }

    fn area_arg(&self, id: &str) -> mlua::Result<AreaId> {
        self.content.board.area_index(id).ok_or_else(|| {
            err(format!(
                "`{id}` is not an area of board.toml ({})",
                self.content
                    .board
                    .areas
                    .iter()
                    .map(|a| a.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
    }

    /// A second-stage space number, 1..=64, as an index from 0.
    pub(super) fn stage_space(i: i64, verb: &str) -> mlua::Result<u8> {
        if (1..=64).contains(&i) {
            Ok((i - 1) as u8)
        } else {
            Err(err(format!(
                "ctx:{verb}: space {i} does not exist: second-stage spaces are numbered 1 to 64"
            )))
        }
    }

    fn card_arg(&self, id: &str) -> mlua::Result<CardIx> {
        self.content
            .card(id)
            .ok_or_else(|| err(format!("`{id}` is not a card or commission")))
    }

    fn die_kind(&self, kind: &str) -> mlua::Result<u8> {
        self.content
            .dice
            .iter()
            .position(|d| d.id == kind)
            .map(|i| i as u8)
            .ok_or_else(|| err(format!("`{kind}` is not a die kind")))
    }

    fn roll_die(&mut self, kind: u8) -> u8 {
        let faces = self.content.dice[kind as usize].faces.len();
        self.state.rng.random_range(0..faces) as u8
    }

    /// R-DICE-2: rolls each die on this hook's tile again, in order, and returns the
    /// material each now shows. The method and its front both call it, after counting
    /// the change.
    pub(super) fn reroll_dice(&mut self) -> mlua::Result<Vec<MatId>> {
        let slot = self.slot()? as usize;
        let count = self.state.board[slot].dice.len();
        let mut shown = Vec::with_capacity(count);
        for i in 0..count {
            let kind = self.state.board[slot].dice[i].kind;
            let face = self.roll_die(kind);
            self.state.tile_mut(slot).dice[i].face = face;
            shown.push(self.content.dice[kind as usize].faces[face as usize]);
        }
        Ok(shown)
    }

    /// `ctx:add_die(kind)`: a die of `kind`, rolled, joins this hook's tile; the face
    /// it shows. Everything is checked before the die is rolled, so a refused call
    /// leaves the game's generator where it was.
    fn add_die(&mut self, kind: &str) -> mlua::Result<String> {
        let kind = self.die_kind(kind)?;
        if self.tile_state()?.dice.len() >= MAX_TILE_DICE {
            return Err(err(format!("a tile holds at most {MAX_TILE_DICE} dice")));
        }
        let face = self.roll_die(kind);
        let die = Die { kind, face };
        let name = self.face_name(&die);
        self.tile_state_mut()?.dice.push(die);
        Ok(name)
    }

    fn face_name(&self, die: &Die) -> String {
        let d = &self.content.dice[die.kind as usize];
        self.content.materials[d.faces[die.face as usize] as usize]
            .id
            .clone()
    }

    fn choose(&mut self, spec: Table) -> mlua::Result<Value> {
        if self.ask.is_some() {
            return Err(err(ASK_MESSAGE)); // a question is pending: the script must stop
        }
        let f = &self.names.fields;
        let list: Table = spec
            .raw_get::<Option<Table>>(&f.options)?
            .ok_or_else(|| err("ctx:choose needs options = { ... }"))?;
        // Keys first; labels and the prompt are read only when the player must be asked.
        let mut options: Vec<(String, Value)> = Vec::new();
        for v in list.sequence_values::<Value>() {
            let v = v?;
            let key = option_key(f, &v)?;
            check_key(&key)?;
            if options.iter().any(|(k, _)| *k == key) {
                return Err(err(format!(
                    "ctx:choose: two options share the key `{key}`"
                )));
            }
            options.push((key, v));
            if options.len() > 1000 {
                return Err(err("ctx:choose takes at most 1000 options"));
            }
        }
        if options.is_empty() {
            return Err(err("ctx:choose was given no options"));
        }
        if options.len() == 1 {
            return Ok(options.pop().expect("one option").1); // nothing to decide
        }
        if let Some(answer) = self.answers.get(self.next_answer) {
            self.next_answer += 1;
            return options
                .into_iter()
                .find(|(k, _)| k == answer)
                .map(|(_, v)| v)
                .ok_or_else(|| {
                    err(format!(
                        "the recorded answer `{answer}` is no longer an option; hooks must ask the same questions when re-run (no hidden state)"
                    ))
                });
        }
        if self.answers.len() >= MAX_QUESTIONS_PER_EFFECT {
            return Err(err(format!(
                "ctx:choose: one effect may ask at most {MAX_QUESTIONS_PER_EFFECT} questions (each answer re-runs it from the start); split it into several effects"
            )));
        }
        // Without labels (bot play) neither the prompt nor the labels are read: a
        // question then shows its keys, and `weft check`, which plays with labels,
        // reports a prompt or label that is not text.
        let labels = self.shared.labels.get();
        let prompt = if labels {
            let prompt: String = spec
                .raw_get::<Option<String>>(&f.prompt)?
                .unwrap_or_else(|| "Choose".into());
            printable_line(&prompt)
        } else {
            String::new()
        };
        let mut asked = Vec::with_capacity(options.len());
        for (key, v) in options {
            // Without labels an option keeps none: the engine shows its key.
            let label: Option<Arc<str>> = if labels {
                Some(option_label(f, &key, &v)?.into())
            } else {
                None
            };
            let key: Arc<str> = key.into();
            // A label equal to its key shares the key's text when the choice is made
            // (`Choice::shared`).
            asked.push((Arc::clone(&key), label.unwrap_or(key)));
        }
        self.ask = Some(Ask {
            prompt,
            options: asked,
        });
        self.shared.signal.set(Signal::Ask);
        // `ctx:choose` (see `super::ask`) stops the script on this value: by yielding
        // its coroutine, or by raising the ask error where it cannot yield.
        Ok(super::ask::pending())
    }
}

/// Checks one option key as `ctx:choose` does: at most 200 bytes, no control
/// character or comma.
fn check_key(key: &str) -> mlua::Result<()> {
    if key_is_valid(key) {
        return Ok(());
    }
    if key.len() > 200 {
        return Err(err("option keys are limited to 200 bytes"));
    }
    Err(err(format!(
        "option key `{}` holds a control character or a comma (keys are typed and listed by people)",
        printable_line(key)
    )))
}

/// Whether `key` is a key `ctx:choose` takes: at most 200 bytes, no control character
/// or comma.
pub(super) fn key_is_valid(key: &str) -> bool {
    key.len() <= 200 && !key.contains(',') && !key.chars().any(crate::text::is_unsafe)
}

/// An option's label for people: a table's `label`, else the key; at most 500 bytes,
/// shown printable.
fn option_label(f: &OptionFields, key: &str, v: &Value) -> mlua::Result<String> {
    let label = match v {
        Value::Table(t) => t
            .raw_get::<Option<String>>(&f.label)?
            .unwrap_or_else(|| key.to_string()),
        _ => key.to_string(),
    };
    if label.len() > 500 {
        return Err(err("option labels are limited to 500 bytes"));
    }
    Ok(printable_line(&label))
}

/// A list of options returned by a hook (an area's `options`): each a string, an
/// integer or a `{key=, label=}` table, as for `ctx:choose`; `nil` is no options. Keys
/// are checked as `ctx:choose` checks them; labels default to the key. Without
/// `labels`, every label is left empty (the engine shows the key).
pub(super) fn option_list(
    f: &OptionFields,
    v: &Value,
    labels: bool,
) -> mlua::Result<Vec<(String, String)>> {
    let list = match v {
        Value::Nil => return Ok(Vec::new()),
        Value::Table(t) => t,
        other => {
            return Err(err(format!(
                "expected a list of options, not a {}",
                other.type_name()
            )))
        }
    };
    let mut out: Vec<(String, String)> = Vec::new();
    for v in list.clone().sequence_values::<Value>() {
        let v = v?;
        let key = option_key(f, &v)?;
        check_key(&key)?;
        if out.iter().any(|(k, _)| *k == key) {
            return Err(err(format!("two options share the key `{key}`")));
        }
        let label = if labels {
            option_label(f, &key, &v)?
        } else {
            String::new()
        };
        out.push((key, label));
        if out.len() > 1000 {
            return Err(err("a hook may return at most 1000 options"));
        }
    }
    Ok(out)
}

/// The key of one `ctx:choose` option: a string, an integer, or a table's `key` field.
fn option_key(f: &OptionFields, v: &Value) -> mlua::Result<String> {
    match v {
        Value::String(s) => Ok(s.to_str()?.to_string()),
        Value::Integer(i) => Ok(i.to_string()),
        Value::Number(n) if n.fract() == 0.0 && n.is_finite() => Ok((*n as i64).to_string()),
        Value::Table(t) => match t.raw_get::<Value>(&f.key)? {
            Value::String(s) => Ok(s.to_str()?.to_string()),
            Value::Integer(i) => Ok(i.to_string()),
            _ => Err(err(
                "an option table needs key = a string or an integer (option tables are read as plain tables: a metatable's __index is not consulted)",
            )),
        },
        other => Err(err(format!(
            "an option must be a string, an integer or {{key=, label=}}, not a {}",
            other.type_name()
        ))),
    }
}

fn list<T: mlua::IntoLua>(lua: &Lua, items: impl IntoIterator<Item = T>) -> mlua::Result<Table> {
    lua.create_sequence_from(items)
}

/// The `ctx` every hook receives: one userdata per VM, which holds the running call's
/// [`Ctx`] only while that call runs (invariant 2). Outside a call it holds nothing, so a
/// `ctx` a script kept from an earlier call refuses every method. Made once, it spares
/// each hook call a new userdata.
#[derive(Clone, Default)]
pub struct CtxHandle(pub Rc<RefCell<Option<Box<Ctx>>>>);

/// What a `ctx` method says when no hook call is running.
const OUTSIDE: &str =
    "this ctx is not usable now: a ctx is only good during the hook call it was passed to";

/// Registers the `ctx` methods, written over [`Ctx`], on [`CtxHandle`]: each borrows the
/// running call's `Ctx` for its duration.
pub(super) struct Methods<'a, M>(&'a mut M);

impl<M: UserDataMethods<CtxHandle>> Methods<'_, M> {
    /// A method that reads the call.
    pub(super) fn add_method<F, A, R>(&mut self, name: &str, f: F)
    where
        F: Fn(&Lua, &Ctx, A) -> mlua::Result<R> + 'static,
        A: FromLuaMulti,
        R: IntoLuaMulti,
    {
        self.0.add_method(name, move |lua, h, a| {
            let cell = h.0.try_borrow().map_err(|_| err(OUTSIDE))?;
            f(lua, cell.as_ref().ok_or_else(|| err(OUTSIDE))?, a)
        });
    }

    /// A method that changes the call (its state, answers or log).
    pub(super) fn add_method_mut<F, A, R>(&mut self, name: &str, f: F)
    where
        F: Fn(&Lua, &mut Ctx, A) -> mlua::Result<R> + 'static,
        A: FromLuaMulti,
        R: IntoLuaMulti,
    {
        self.0.add_method(name, move |lua, h, a| {
            let mut cell = h.0.try_borrow_mut().map_err(|_| err(OUTSIDE))?;
            f(lua, cell.as_mut().ok_or_else(|| err(OUTSIDE))?, a)
        });
    }
}

impl UserData for CtxHandle {
    fn add_methods<M: UserDataMethods<Self>>(m: &mut M) {
        let m = &mut Methods(m);
        super::ctx_zones::add_zone_methods(m);
        // ---- reads ----
        m.add_method("player", |_, this, ()| {
            Ok(this.call.player.map(|p| p as i64 + 1))
        });
        m.add_method("player_count", |_, this, ()| Ok(this.state.players.len()));
        m.add_method("round", |_, this, ()| Ok(this.state.round));
        m.add_method("count", |_, this, (Whole(p), what): (Whole, LuaStr)| {
            let what = what.to_str()?;
            let p = this.player_index(p)?;
            Ok(ops::count(&this.state, p, this.counter(&what)?))
        });
        m.add_method(
            "has",
            |_, this, (Whole(p), what, Whole(n)): (Whole, LuaStr, Whole)| {
                let what = what.to_str()?;
                let p = this.player_index(p)?;
                Ok(ops::count(&this.state, p, this.counter(&what)?) >= n)
            },
        );
        m.add_method("skill", |_, this, Whole(p): Whole| {
            Ok(this.state.players[this.player_index(p)?].skill(&this.content))
        });
        m.add_method("prestige", |_, this, Whole(p): Whole| {
            Ok(this.state.players[this.player_index(p)?].prestige(&this.content))
        });
        m.add_method("ability", |_, this, (Whole(p), name): (Whole, String)| {
            let p = this.player_index(p)?;
            Ok(this
                .content
                .ability(&name, this.state.players[p].skill(&this.content)))
        });
        m.add_method("hand", |lua, this, Whole(p): Whole| {
            let p = this.player_index(p)?;
            list(
                lua,
                crate::decks::hand(&this.content, &this.state.players[p])
                    .map(|c| this.names.cards[c as usize].clone()),
            )
        });
        m.add_method("tucked", |lua, this, Whole(p): Whole| {
            let p = this.player_index(p)?;
            list(
                lua,
                crate::decks::tucked(&this.content, &this.state.players[p])
                    .map(|c| this.names.cards[c as usize].clone()),
            )
        });
        m.add_method("card", |_, this, id: String| {
            // Built once per VM, frozen (`Names::card_info`): a commission's requirements
            // and rewards, or a `[[cards]]` copy's params.
            let ix = match this.content.pack_card(&id) {
                Some(ix) => ix,
                None => this.card_arg(&id)?,
            };
            Ok(this.names.card_info[ix as usize].clone())
        });
        m.add_method("asking", |_, this, ()| Ok(this.asking()));
        m.add_method("logging", |_, this, ()| Ok(this.log.enabled));
        m.add_method("materials", |_, this, ()| {
            Ok(this.names.material_list.clone())
        });
        m.add_method("material_value", |_, this, what: LuaStr| {
            let what = what.to_str()?;
            Ok(this.content.materials[this.material(&what)? as usize].value)
        });
        m.add_method("grades", |lua, this, Whole(p): Whole| {
            let p = this.player_index(p)?;
            list(
                lua,
                ops::unlocked_grades(&this.content, &this.state, p)
                    .into_iter()
                    .map(|g| this.names.grades[g as usize].clone()),
            )
        });
        m.add_method("deck_size", |_, this, grade: LuaStr| {
            let grade = grade.to_str()?;
            let g = this
                .content
                .grade(&grade)
                .ok_or_else(|| err(format!("`{grade}` is not a grade")))?;
            Ok(crate::decks::deck_size(&this.content, &this.state, g))
        });
        m.add_method_mut("tile", |_, this, ()| {
            let t = this.tile_state()?.tile;
            Ok(this.content.tiles[t as usize].id.clone())
        });
        m.add_method_mut("slot_count", |_, this, ()| {
            Ok(this.tile_state()?.slots.len())
        });
        m.add_method_mut("slot", |_, this, Whole(i): Whole| {
            let i = this.slot_index(i)?;
            let v = this.tile_state()?.slots[i];
            Ok(v.map(|mat| this.names.materials[mat as usize].clone()))
        });
        m.add_method_mut("slots", |lua, this, ()| {
            let slots = this.tile_state()?.slots.clone();
            let t = lua.create_table()?;
            for (i, s) in slots.iter().enumerate() {
                match s {
                    Some(mat) => t.raw_set(i + 1, this.names.materials[*mat as usize].clone())?,
                    None => t.raw_set(i + 1, false)?,
                }
            }
            Ok(t)
        });
        m.add_method_mut("dice", |lua, this, ()| {
            let dice = this.tile_state()?.dice.clone();
            let t = lua.create_table()?;
            for (i, d) in dice.iter().enumerate() {
                let e = lua.create_table()?;
                e.set("kind", this.content.dice[d.kind as usize].id.as_str())?;
                e.set("face", this.face_name(d))?;
                t.raw_set(i + 1, e)?;
            }
            Ok(t)
        });
        m.add_method_mut("counter", |_, this, name: String| {
            Ok(this.tile_state()?.counters.get(&name).copied().unwrap_or(0))
        });
        m.add_method("area", |_, this, ()| match this.call.owner {
            Owner::Area { area } => Ok(this.content.board.areas[area as usize].id.clone()),
            _ => Err(err(
                "this hook belongs to no area: ctx:area() is for area hooks",
            )),
        });
        m.add_method("area_closed", |_, this, id: String| {
            let a = this.area_arg(&id)?;
            Ok(this.state.areas[a as usize].closed)
        });
        m.add_method("placements", |lua, this, id: String| {
            let a = this.area_arg(&id)?;
            let t = lua.create_table()?;
            for (i, s) in this.state.areas[a as usize].placed.iter().enumerate() {
                match s {
                    Some(p) => t.raw_set(i + 1, *p as i64 + 1)?,
                    None => t.raw_set(i + 1, false)?,
                }
            }
            Ok(t)
        });
        m.add_method("space_used", |_, this, (id, Whole(i)): (String, Whole)| {
            let a = this.area_arg(&id)?;
            let i = Ctx::stage_space(i, "space_used")?;
            Ok(this.state.areas[a as usize].used.contains(&i))
        });

        // ---- verbs ----
        m.add_method_mut(
            "gain",
            |_, this, (Whole(p), what, Whole(n)): (Whole, LuaStr, Whole)| {
                let what = what.to_str()?;
                this.writable("gain")?;
                let p = this.player_index(p)?;
                let res = this.resource(&what, "gain")?;
                let n = Ctx::count_arg(n, "gain")?;
                let c = Arc::clone(&this.content);
                ops::gain(&c, &mut this.state, &mut this.log, p, res, n).map_err(err)
            },
        );
        m.add_method_mut(
            "pay",
            |_, this, (Whole(p), what, Whole(n)): (Whole, LuaStr, Whole)| {
                let what = what.to_str()?;
                this.writable("pay")?;
                let p = this.player_index(p)?;
                let res = this.resource(&what, "pay")?;
                let n = Ctx::count_arg(n, "pay")?;
                let c = Arc::clone(&this.content);
                ops::pay(&c, &mut this.state, &mut this.log, p, res, n).map_err(err)
            },
        );
        m.add_method_mut(
            "add_skill",
            |_, this, (Whole(p), Whole(n)): (Whole, Whole)| {
                this.writable("add_skill")?;
                let p = this.player_index(p)?;
                let c = Arc::clone(&this.content);
                let n = amount(n, true, "add_skill")?;
                ops::add_skill(&c, &mut this.state, &mut this.log, p, n);
                Ok(())
            },
        );
        m.add_method_mut(
            "add_prestige",
            |_, this, (Whole(p), Whole(n)): (Whole, Whole)| {
                this.writable("add_prestige")?;
                let p = this.player_index(p)?;
                let n = amount(n, true, "add_prestige")?;
                let c = Arc::clone(&this.content);
                ops::add_prestige(&c, &mut this.state, &mut this.log, p, n).map_err(err)
            },
        );
        m.add_method_mut("set_slot_count", |_, this, Whole(n): Whole| {
            this.writable("set_slot_count")?;
            if !(0..=64).contains(&n) {
                return Err(err("a tile has between 0 and 64 display slots"));
            }
            this.tile_state_mut()?.slots.resize(n as usize, None);
            Ok(())
        });
        m.add_method_mut(
            "put_slot",
            |_, this, (Whole(i), what): (Whole, Option<String>)| {
                this.writable("put_slot")?;
                this.put_slot(i, what.as_deref())
            },
        );
        m.add_method_mut("take_slot", |_, this, Whole(i): Whole| {
            this.writable("take_slot")?;
            let v = this.take_slot(i)?;
            Ok(v.map(|mat| this.names.materials[mat as usize].clone()))
        });
        m.add_method_mut(
            "set_counter",
            |_, this, (name, Whole(v)): (String, Whole)| {
                this.writable("set_counter")?;
                this.set_tile_counter(&name, v)
            },
        );
        m.add_method_mut("close_area", |_, this, id: String| {
            this.writable("close_area")?;
            let a = this.area_arg(&id)?;
            let area = &mut this.state.areas_mut()[a as usize];
            if !area.closed {
                area.closed = true;
                let round = this.state.round;
                let player = this.call.player;
                let name = this.content.board.areas[a as usize].name.clone();
                this.log.push(round, player, "close_area", || {
                    format!("{name} is closed for the rest of the round")
                });
            }
            Ok(())
        });
        m.add_method_mut(
            "use_space",
            |_, this, (id, Whole(i)): (String, Whole)| {
                this.writable("use_space")?;
                let a = this.area_arg(&id)?;
                let k = Ctx::stage_space(i, "use_space")?;
                let used = &mut this.state.areas_mut()[a as usize].used;
                match used.binary_search(&k) {
                    Ok(_) => Err(err(format!(
                        "ctx:use_space: space {i} of area `{id}` is already taken this round; check ctx:space_used first"
                    ))),
                    Err(at) => {
                        used.insert(at, k);
                        Ok(())
                    }
                }
            },
        );
        m.add_method_mut("roll", |_, this, kind: String| {
            this.writable("roll")?;
            let kind = this.die_kind(&kind)?;
            let face = this.roll_die(kind);
            Ok(this.face_name(&Die { kind, face }))
        });
        m.add_method_mut("random", |_, this, Whole(n): Whole| {
            this.writable("random")?;
            if !(1..=1_000_000).contains(&n) {
                return Err(err("ctx:random(n) needs 1 <= n <= 1000000"));
            }
            Ok(this.state.rng.random_range(1..=n))
        });
        m.add_method_mut("add_die", |_, this, kind: String| {
            this.writable("add_die")?;
            this.add_die(&kind)
        });
        m.add_method_mut("reroll_dice", |lua, this, ()| {
            this.writable("reroll_dice")?;
            let shown = this.reroll_dice()?;
            let names = shown
                .into_iter()
                .map(|m| this.content.materials[m as usize].id.clone());
            list(lua, names)
        });
        m.add_method_mut("draw", |_, this, grade: String| {
            this.writable("draw")?;
            let card = this.draw(&grade)?;
            Ok(card.map(|card| this.content.commissions[card as usize].id.clone()))
        });
        m.add_method_mut("give", |_, this, (Whole(p), id): (Whole, String)| {
            this.writable("give")?;
            let p = this.player_index(p)?;
            let card = this.card_arg(&id)?;
            this.give(p, card)
        });
        m.add_method_mut("discard", |_, this, (id, p): (String, Option<Whole>)| {
            this.writable("discard")?;
            let card = this.card_arg(&id)?;
            this.discard_card(card, p.map(|Whole(p)| p))
        });
        m.add_method_mut("personal_workshop", |_, this, Whole(p): Whole| {
            this.writable("personal_workshop")?;
            let p = this.player_index(p)?;
            this.state.flow.incoming.push(Job::Workshop {
                player: p,
                used: Vec::new(),
            });
            Ok(())
        });
        m.add_method_mut("choose", |_, this, spec: Table| this.choose(spec));
        #[cfg(feature = "test-hooks")]
        m.add_method("__test_panic", |_, _, ()| -> mlua::Result<()> {
            panic!("a host function panicked (test hook)")
        });
        m.add_method_mut("log", |_, this, text: String| {
            // Not a change, and not counted as one: a line dropped (no events recorded,
            // or past the call's MAX_LOG_LINES_PER_CALL) and a line kept cost a hook
            // the same, so `ctx:logging()` can never change what a hook does.
            let kept = this.shared.log_lines.get();
            if !this.log.enabled || kept >= MAX_LOG_LINES_PER_CALL {
                return Ok(());
            }
            this.shared.log_lines.set(kept + 1);
            let round = this.state.round;
            let player = this.call.player;
            let text: String = text.chars().take(500).collect();
            let text = printable(&text).into_owned();
            this.log.push(round, player, "script", || text);
            Ok(())
        });
    }
}
