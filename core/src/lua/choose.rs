//! `ctx:choose`, as the host answers it: reading the options, replaying a recorded
//! answer, or making the question pending (the front of lua/ask.rs stops the script
//! then). And the option lists an area's `options` hook returns, read the same way.

use std::sync::Arc;

use mlua::{Table, Value};

use super::ctx::{err, Ask, Ctx, OptionFields};
use super::sandbox::{Signal, ASK_MESSAGE};
use crate::limits::MAX_QUESTIONS_PER_EFFECT;
use crate::text::printable_line;

/// The value the host's `choose` returns for a pending question: the address of this
/// static, as a light userdata no script can make.
static PENDING: u8 = 0;

/// The address of [`PENDING`]: the question front (lua/ask.rs) compares the host's
/// answer with it.
pub(super) fn pending_ptr() -> *mut std::ffi::c_void {
    std::ptr::addr_of!(PENDING) as *mut std::ffi::c_void
}

/// What the host's `choose` returns when the question is pending.
pub(super) fn pending() -> Value {
    Value::LightUserData(mlua::LightUserData(pending_ptr()))
}

impl Ctx {
    /// `ctx:choose(spec)` (the host's side): the chosen option, or the pending-question
    /// value ([`pending`]) once the question is recorded in `ask`.
    pub(super) fn choose(&mut self, spec: Table) -> mlua::Result<Value> {
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
        Ok(pending())
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
    if key.len() > 200 {
        return false;
    }
    // Keys are most often ASCII: one pass over the bytes (a control byte other than a
    // newline or a tab is unsafe, as `is_unsafe` says of its character).
    if key.is_ascii() {
        return key
            .bytes()
            .all(|b| b != b',' && (b >= 0x20 && b != 0x7f || b == b'\n' || b == b'\t'));
    }
    !key.contains(',') && !key.chars().any(crate::text::is_unsafe)
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

#[cfg(test)]
mod tests {
    use super::key_is_valid;

    /// An ASCII key is judged as any other: by its characters, a comma and its length.
    #[test]
    fn key_is_valid_judges_ascii_keys_as_their_characters() {
        for b in 0u8..=127 {
            let key = format!("a{}b", b as char);
            let expected = b != b',' && !crate::text::is_unsafe(b as char);
            assert_eq!(key_is_valid(&key), expected, "byte {b}");
        }
        assert!(key_is_valid("buy:wool") && key_is_valid("line\nbreak\ttab"));
        assert!(key_is_valid("kilim \u{e9}") && !key_is_valid("a\u{202E}b"));
        assert!(key_is_valid(&"x".repeat(200)) && !key_is_valid(&"x".repeat(201)));
    }
}
