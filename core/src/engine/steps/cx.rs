//! What a step kind's module sees while its step is compiled at load ([`StepCx`]), and
//! how a step's TOML fields are read into its kind's struct. The loader
//! (`content/flow_toml.rs`) implements [`StepCx`]; the step kinds only see this trait,
//! so they do not reach into the loader.

use std::cell::RefCell;

use serde::de::{self, DeserializeOwned, IntoDeserializer, MapAccess, Visitor};

use super::{PlayZones, UsePhase};
use crate::content::raw::GameToml;
use crate::content::{Counter, CounterId, ZoneId};
use crate::flow::{BlockId, Hook};

/// What a step kind's module sees while its step is compiled: its fields' places, the
/// pack's declarations it may check against, and where problems go (each with the
/// file and line of the key it is about). `'a` is the life of the pack's declarations.
pub(crate) trait StepCx<'a> {
    /// The step for messages: `[flow.blocks.turn] step 2 (`move`)`.
    fn what(&self) -> &str;

    /// The step's kind as written in `do`.
    fn kind(&self) -> &str;

    /// Records a problem at key `key` of the step (the step itself for `None`).
    fn fail_at(&mut self, key: Option<&str>, message: String, help: String);

    /// The block `name` (given as `key`), as its index among the declared names until
    /// the flow is numbered; a problem when `[flow.blocks]` has no such block.
    fn block_ref(&mut self, key: &str, name: &str) -> Option<BlockId>;

    /// A problem unless `name` (given as `key`, or the default when `defaulted`) is in
    /// `[abilities]`.
    fn ability(&mut self, key: &str, name: &str, defaulted: bool);

    /// Registers the Lua function `run` (`module.function`, given as `key`) as a game
    /// hook with `params`; `None` when it is malformed.
    fn game_hook(&mut self, key: &str, run: &str, params: Option<&toml::Table>) -> Option<u16>;

    /// The hook `name` (given as `key`) that the step calls on every board node
    /// (`on_nodes`) or on the cards a player owns, interned in the program; a problem
    /// when it is no Lua identifier or one of the kernel's ([`Hook::RESERVED`]).
    fn named_hook(&mut self, key: &str, name: &str, on_nodes: bool) -> Option<Hook>;

    /// The player zone `id` (given as `key`), as its [`ZoneId`]; a problem naming the
    /// player zones when it is not one, with `example` showing the step.
    fn player_zone(&mut self, key: &str, id: &str, example: &str) -> Option<ZoneId>;

    /// The index of option-key verb `verb` (given as `key`) in the program's card
    /// verbs, interned; a problem when it is not a plain word or past 256 verbs.
    fn card_verb(&mut self, key: &str, verb: &str) -> Option<u8>;

    /// Records the first `use_cards` step's phase (the program's `use_phase`).
    fn note_use_phase(&mut self, phase: UsePhase);

    /// Records the first `play` step's zones (the program's `play`).
    fn note_play(&mut self, zones: PlayZones);

    /// A problem unless `board.toml` declares areas (workers are placed in them).
    fn needs_areas(&mut self);

    /// The merged game parameters.
    fn game(&self) -> &'a GameToml;

    /// The pack's counters.
    fn counters(&self) -> &'a [Counter];
}

impl<'a> dyn StepCx<'a> + '_ {
    /// Records a problem at key `key` of the step (the step itself for `None`).
    pub(crate) fn fail(
        &mut self,
        key: Option<&str>,
        message: impl Into<String>,
        help: impl Into<String>,
    ) {
        self.fail_at(key, message.into(), help.into());
    }

    /// `value` of the required key `key`, or a problem saying to write it like
    /// `example`.
    pub(crate) fn need(
        &mut self,
        key: &str,
        value: &Option<String>,
        example: &str,
    ) -> Option<String> {
        if value.is_none() {
            let what = self.what().to_string();
            self.fail(
                None,
                format!("{what} needs `{key}`"),
                format!("write it like {example}"),
            );
        }
        value.clone()
    }

    /// The counter the step's `key` names as `id`; when there is none, an error at the
    /// key saying so, with the counters there are and `example` of the key written right.
    pub(crate) fn counter(
        &mut self,
        key: &'static str,
        id: &str,
        example: &str,
    ) -> Option<CounterId> {
        let counters = self.counters();
        let found = counters.iter().position(|k| k.id == id);
        if found.is_none() {
            let known = counters
                .iter()
                .map(|k| k.id.as_str())
                .collect::<Vec<_>>()
                .join(", ");
            let what = self.what().to_string();
            self.fail(
                Some(key),
                format!("{what}: {key} names `{id}`, which is not a counter"),
                format!("{example}; counters are: {known}"),
            );
        }
        found.map(|i| i as CounterId)
    }

    /// The step's fields read into the kind's struct `T`: each key `T` does not take is
    /// a problem of its own, naming the keys it takes, and a value of the wrong type a
    /// problem at its key. The step is still made from the keys that were right (so a
    /// broken key does not also break the checks of the whole flow), unless a value is
    /// wrong where no key can be named.
    pub(crate) fn fields<T: DeserializeOwned>(&mut self, fields: &toml::Table) -> Option<T> {
        let what = self.what().to_string();
        let kind = self.kind().to_string();
        let mut table = fields.clone();
        let mut first = true;
        loop {
            let seen = RefCell::new(Seen::default());
            let result = T::deserialize(Fields {
                table: &table,
                seen: &seen,
            });
            let seen = seen.into_inner();
            if std::mem::take(&mut first) {
                for key in &seen.unknown {
                    let takes = if seen.known.is_empty() {
                        format!("`{kind}` takes only rounds and skip_rounds")
                    } else {
                        format!(
                            "`{kind}` takes {}, rounds and skip_rounds",
                            seen.known
                                .iter()
                                .map(|k| format!("`{k}`"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    };
                    self.fail(Some(key), format!("{what} takes no key `{key}`"), takes);
                }
            }
            let e = match result {
                Ok(t) => return Some(t),
                Err(e) => e,
            };
            let key = seen.current.filter(|k| table.contains_key(k));
            let message = match &key {
                Some(key) => format!("{what}: `{key}`: {}", e.message()),
                None => format!("{what}: {}", e.message()),
            };
            self.fail(
                key.as_deref(),
                message,
                format!("see `{kind}` in docs/content-format.md for the values each key takes"),
            );
            // Read again without the wrong value, as if it were not written.
            table.remove(&key?);
        }
    }
}

/// What reading a step's fields met: the keys its struct takes, those it does not, and
/// the key being read (where a wrong value is).
#[derive(Default)]
struct Seen {
    known: &'static [&'static str],
    unknown: Vec<String>,
    current: Option<String>,
}

/// A step's fields as a serde deserializer that skips (and notes) keys the target
/// struct does not take and notes the key whose value is being read.
struct Fields<'t> {
    table: &'t toml::Table,
    seen: &'t RefCell<Seen>,
}

impl<'de> de::Deserializer<'de> for Fields<'_> {
    type Error = toml::de::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        self.deserialize_struct("", &[], visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        known: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        let seen = self.seen;
        seen.borrow_mut().known = known;
        let entries = self.table.iter().filter(move |(k, _)| {
            let takes = known.contains(&k.as_str());
            if !takes {
                seen.borrow_mut().unknown.push(k.to_string());
            }
            takes
        });
        visitor.visit_map(FieldsMap {
            entries,
            value: None,
            seen,
        })
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map enum
        identifier ignored_any
    }
}

/// The entries of [`Fields`], one at a time.
struct FieldsMap<'t, I> {
    entries: I,
    value: Option<&'t toml::Value>,
    seen: &'t RefCell<Seen>,
}

impl<'de, 't, I: Iterator<Item = (&'t String, &'t toml::Value)>> MapAccess<'de>
    for FieldsMap<'t, I>
{
    type Error = toml::de::Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Self::Error> {
        let Some((key, value)) = self.entries.next() else {
            self.seen.borrow_mut().current = None;
            return Ok(None);
        };
        self.seen.borrow_mut().current = Some(key.clone());
        self.value = Some(value);
        seed.deserialize(key.as_str().into_deserializer()).map(Some)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, Self::Error> {
        let value = self
            .value
            .take()
            .cloned()
            .unwrap_or(toml::Value::Boolean(false));
        seed.deserialize(value)
    }
}
