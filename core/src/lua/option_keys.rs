//! The option keys a module says its questions offer: its `option_keys` export, a list of
//! `{ pattern, meaning }` pairs of strings (docs/lua-api.md, "What a module exports"),
//! read once at load for `weft doc content`.

use std::collections::{BTreeMap, HashMap};

use mlua::{Table, Value};

use crate::content::{Content, ContentError};

/// Each module's declared (pattern, meaning) pairs, by module name.
pub(super) type ByModule = BTreeMap<String, Vec<(String, String)>>;

/// Most pairs one module may declare, and most characters in one text.
const MOST_PAIRS: usize = 200;
const MOST_CHARS: usize = 300;

/// Each loaded module's declared option keys (modules without `option_keys` are left out), and
/// a load error for each `option_keys` that is not a list of `{ pattern, meaning }` strings.
pub(super) fn read(
    modules: &HashMap<String, Table>,
    content: &Content,
) -> (ByModule, Vec<ContentError>) {
    let mut out = BTreeMap::new();
    let mut errors = Vec::new();
    // By name: the errors come in the same order in every run.
    let mut names: Vec<&String> = modules.keys().collect();
    names.sort();
    for name in names {
        let module = &modules[name];
        let file = content
            .modules
            .get(name)
            .map_or_else(|| name.clone(), |m| m.chunk.clone());
        match module.raw_get::<Value>("option_keys") {
            Ok(Value::Nil) => {}
            Ok(Value::Table(list)) => match pairs(&list) {
                Ok(keys) => {
                    out.insert(name.clone(), keys);
                }
                Err(why) => errors.push(ContentError::new(
                    file,
                    format!("module `{name}`: `option_keys` {why}; write option_keys = {{ {{ \"buy:<material>\", \"buy one of that material\" }}, … }}"),
                )),
            },
            Ok(other) => errors.push(ContentError::new(
                file,
                format!(
                    "module `{name}`: `option_keys` must be a list of {{ pattern, meaning }} pairs, not a Lua {}",
                    other.type_name()
                ),
            )),
            Err(e) => errors.push(ContentError::new(file, format!("module `{name}`: {e}"))),
        }
    }
    (out, errors)
}

/// The pairs of an `option_keys` list, or what is wrong with it.
fn pairs(list: &Table) -> Result<Vec<(String, String)>, String> {
    let n = list.raw_len();
    if n > MOST_PAIRS {
        return Err(format!("has {n} entries, more than {MOST_PAIRS}"));
    }
    let text = |v: Value, i: usize, what: &str| -> Result<String, String> {
        match v {
            Value::String(s) => {
                let s = s.to_string_lossy();
                if s.chars().count() > MOST_CHARS {
                    return Err(format!(
                        "entry {i}: its {what} is longer than {MOST_CHARS} characters"
                    ));
                }
                Ok(crate::text::printable(&s).into_owned())
            }
            other => Err(format!(
                "entry {i}: its {what} must be a string, not a {}",
                other.type_name()
            )),
        }
    };
    let mut out = Vec::with_capacity(n);
    for i in 1..=n {
        let Ok(Value::Table(pair)) = list.raw_get::<Value>(i) else {
            return Err(format!("entry {i} must be a {{ pattern, meaning }} pair"));
        };
        let key = text(pair.raw_get(1).unwrap_or(Value::Nil), i, "pattern")?;
        let meaning = text(pair.raw_get(2).unwrap_or(Value::Nil), i, "meaning")?;
        out.push((key, meaning));
    }
    Ok(out)
}
