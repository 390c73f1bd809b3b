//! How a script stops at a question it has no recorded answer for (invariant 4).
//!
//! Hooks run in a coroutine the host keeps per VM. `ctx:choose` is a small C function in
//! front of the host's `choose`: when the host says a question is pending, it yields the
//! coroutine, which stops the script where it stands. Raising an error would do the same
//! through a C++ exception, which cost about a fourteenth of a greedy bot's time. Where
//! the script cannot yield (inside `pcall`, a host function), it raises the ask error as
//! before, and `pcall` passes it on (see `sandbox::unstoppable`).
//!
//! A question whose answer is recorded (an effect re-run for its next answer) is
//! answered by the front itself: it reads the options' keys on the Lua stack, with no
//! copy of any key, and returns the option whose key is the answer. Anything out of the
//! ordinary (a malformed option, a repeated key, an answer that is no longer an option)
//! goes to the host's `choose`, which raises the error it always did. In bot play, with
//! labels off, the front also makes a new question pending itself (its keys only: no
//! label or prompt is read then), so a bot's look-ahead reaching a question makes no
//! host call. It yields the question's options table, which the host may keep to
//! continue the call from there with the option chosen (see [`super::held`]).

use std::borrow::Cow;
use std::cell::RefCell;
use std::os::raw::c_int;

use mlua::{ffi, AnyUserData, LightUserData, Lua, Table, Value};

use super::choose::{key_is_valid, pending_ptr};
use super::ctx::{exact_whole, Ask, Ctx, OptionFields};
use super::sandbox::{Signal, ASK_MESSAGE};
use crate::limits::MAX_QUESTIONS_PER_EFFECT;

/// Makes `ctx:NAME` (`ctx:choose`, the table's question function) the stopping front of
/// the host's method, which stays reachable as `__NAME`. `methods` is the `__index`
/// table of the `ctx` metatable; `cell` points at the running call's `Ctx` (see
/// [`super::fast`]), and `ctx` is the userdata scripts get.
pub fn install(
    lua: &Lua,
    methods: &Table,
    name: &str,
    cell: LightUserData,
    ctx: &AnyUserData,
    fields: &OptionFields,
) -> mlua::Result<()> {
    let host: Value = methods.raw_get(name)?;
    methods.raw_set(format!("__{name}"), host.clone())?;
    let upvalues = (
        cell,
        ctx.clone(),
        fields.options.clone(),
        fields.key.clone(),
        host,
    );
    // SAFETY: `choose` follows the Lua C API contract: it keeps its stack balanced and
    // only yields as its return expression. The five upvalues are on the stack at 1..=5;
    // lua_pushcclosurek pops them and leaves the closure, the one result.
    let front: mlua::Function = unsafe {
        lua.exec_raw(upvalues, |l| {
            ffi::lua_pushcclosurek(l, choose, c"choose".as_ptr(), 5, None);
        })?
    };
    methods.raw_set(name, front)
}

/// The front's upvalues: the cell of the running `Ctx`, the `ctx` userdata, the
/// strings `options` and `key`, and the host's method.
const UP_CELL: c_int = 1;
const UP_SELF: c_int = 2;
const UP_OPTIONS: c_int = 3;
const UP_KEY: c_int = 4;
const UP_HOST: c_int = 5;

/// What the front made of a question.
enum Replayed {
    /// Return the option at this position of `options` (from 1).
    Option(c_int),
    /// The question is put to the player, asked without labels: stop the script.
    Pending,
    /// Leave it to the host's `choose`.
    Host,
}

/// `ctx:choose(spec)`: answers a recorded question itself when it can ([`replay`]);
/// else calls the host's method (upvalue 5, also `ctx:__choose`) and, on a pending
/// question, yields (or raises the ask error where the script cannot yield); else
/// returns the chosen option.
unsafe extern "C-unwind" fn choose(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        ffi::lua_settop(l, 2); // ctx, spec
        match replay(l) {
            Replayed::Option(i) => {
                ffi::lua_rawgeti_(l, 3, i); // ctx, spec, options, option
                return 1;
            }
            Replayed::Pending => {
                // The question's options go with the yield: the host may hold the call
                // stopped here and continue it with the option chosen (see `held`).
                if ffi::lua_isyieldable(l) != 0 {
                    ffi::lua_settop(l, 3);
                    return ffi::lua_yield(l, 1);
                }
                return stop(l);
            }
            Replayed::Host => {}
        }
        ffi::lua_settop(l, 2);
        ffi::lua_pushvalue(l, ffi::lua_upvalueindex(UP_HOST));
        ffi::lua_insert(l, 1); // host, ctx, spec
        ffi::lua_call(l, 2, 1);
        if ffi::lua_tolightuserdata(l, -1) == pending_ptr() {
            return stop(l);
        }
        1
    }
}

/// Stops the script at a pending question: yields its coroutine, or raises the ask
/// error where it cannot yield.
///
/// # Safety
/// `l` is the front's state, with no Rust value alive that needs dropping.
unsafe fn stop(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        if ffi::lua_isyieldable(l) != 0 {
            return ffi::lua_yield(l, 0);
        }
        ffi::lua_settop(l, 0);
        ffi::lua_pushlstring_(l, ASK_MESSAGE.as_ptr().cast(), ASK_MESSAGE.len());
        ffi::lua_error(l)
    }
}

/// The key of the option at the top of the stack, as `ctx:choose` reads it (a string, a
/// whole number, or a table's `key` field), if it is one the host's `choose` would take
/// (at most 200 bytes, no unsafe character, no comma); `None` leaves the call to the host.
///
/// # Safety
/// A borrowed key points into a Lua string the options table holds: use it before the
/// table can change or be collected (no Lua code runs in between).
unsafe fn top_key<'a>(l: *mut ffi::lua_State) -> Option<Cow<'a, str>> {
    unsafe {
        let at = ffi::lua_gettop(l);
        if ffi::lua_type(l, at) == ffi::LUA_TTABLE {
            ffi::lua_pushvalue(l, ffi::lua_upvalueindex(UP_KEY));
            ffi::lua_rawget(l, at);
        } else {
            ffi::lua_pushvalue(l, at);
        }
        let key = match ffi::lua_type(l, -1) {
            ffi::LUA_TSTRING => {
                let mut len = 0usize;
                let p = ffi::lua_tolstring(l, -1, &mut len);
                std::str::from_utf8(std::slice::from_raw_parts(p.cast::<u8>(), len))
                    .ok()
                    .map(Cow::Borrowed)
            }
            ffi::LUA_TNUMBER => {
                exact_whole(ffi::lua_tonumber(l, -1)).map(|n| Cow::Owned(n.to_string()))
            }
            _ => None,
        };
        ffi::lua_settop(l, at);
        key.filter(|k| key_is_valid(k))
    }
}

/// Answers a question from the recorded answers, as the host's `choose` does: every
/// option's key is read and checked, the options are counted, and the one whose key is
/// the next answer is picked (which uses up that answer). A single option is returned
/// without using an answer. With no answer left and labels off (bot play, which reads
/// neither labels nor a prompt), the question is made pending here as the host would
/// make it. Leaves `options` at index 3.
///
/// # Safety
/// `l` is the front's state with `ctx, spec` at 1 and 2; no Lua code runs here.
unsafe fn replay(l: *mut ffi::lua_State) -> Replayed {
    unsafe {
        if ffi::lua_rawequal(l, 1, ffi::lua_upvalueindex(UP_SELF)) == 0
            || ffi::lua_type(l, 2) != ffi::LUA_TTABLE
        {
            return Replayed::Host;
        }
        let cell = &*(ffi::lua_touserdata(l, ffi::lua_upvalueindex(UP_CELL))
            as *const RefCell<Option<Box<Ctx>>>);
        let Ok(mut borrowed) = cell.try_borrow_mut() else {
            return Replayed::Host;
        };
        let Some(ctx) = borrowed.as_mut() else {
            return Replayed::Host;
        };
        // A question pending, or the speed layer off: the host's `choose` answers.
        if ctx.ask.is_some() || !ctx.shared.speed_layer.get() {
            return Replayed::Host;
        }
        let answer = ctx.answers.get(ctx.next_answer);
        // To be asked with labels, or past the question limit: the host does it.
        if answer.is_none()
            && (ctx.shared.labels.get() || ctx.answers.len() >= MAX_QUESTIONS_PER_EFFECT)
        {
            return Replayed::Host;
        }
        ffi::lua_pushvalue(l, ffi::lua_upvalueindex(UP_OPTIONS));
        ffi::lua_rawget(l, 2); // ctx, spec, options
        if ffi::lua_type(l, 3) != ffi::LUA_TTABLE {
            return Replayed::Host;
        }
        let mut keys = Keys::new();
        let mut picked = None;
        loop {
            if keys.len() >= 1000 {
                return Replayed::Host; // too many options: the host says so
            }
            if ffi::lua_rawgeti_(l, 3, keys.len() as c_int + 1) == ffi::LUA_TNIL {
                ffi::lua_settop(l, 3);
                break;
            }
            let key = top_key(l);
            ffi::lua_settop(l, 3);
            let Some(key) = key else {
                return Replayed::Host;
            };
            if keys.contains(&key) {
                return Replayed::Host; // two options share a key
            }
            if answer.is_some_and(|a| *key == **a) {
                picked = Some(keys.len() as c_int + 1);
            }
            keys.push(key);
        }
        match (keys.len(), picked) {
            (0, _) => Replayed::Host,
            (1, _) => Replayed::Option(1), // nothing to decide: no answer used
            (_, Some(i)) => {
                ctx.next_answer += 1;
                Replayed::Option(i)
            }
            (_, None) if answer.is_none() => {
                // As the host's `choose` asks without labels: keys only, no prompt.
                let options = keys
                    .iter()
                    .map(|k| {
                        let key: std::sync::Arc<str> = (**k).into();
                        (std::sync::Arc::clone(&key), key)
                    })
                    .collect();
                ctx.ask = Some(Ask {
                    prompt: String::new(),
                    options,
                });
                ctx.shared.signal.set(Signal::Ask);
                Replayed::Pending
            }
            (_, None) => Replayed::Host, // no longer an option: the host says so
        }
    }
}

/// Most keys of a question [`Keys`] holds in place.
const INLINE_KEYS: usize = 16;

/// The keys of a question read so far, in order: the first [`INLINE_KEYS`] held in
/// place, any more in a vector, so that reading a common question allocates nothing
/// (the front reads one for every question a hook asks, replayed or not).
struct Keys<'a> {
    inline: [Option<Cow<'a, str>>; INLINE_KEYS],
    more: Vec<Cow<'a, str>>,
    len: usize,
}

impl<'a> Keys<'a> {
    fn new() -> Keys<'a> {
        Keys {
            inline: Default::default(),
            more: Vec::new(),
            len: 0,
        }
    }

    /// How many keys were read.
    fn len(&self) -> usize {
        self.len
    }

    /// The keys, in order.
    fn iter(&self) -> impl Iterator<Item = &Cow<'a, str>> {
        self.inline.iter().flatten().chain(self.more.iter())
    }

    /// Whether `key` was read already.
    fn contains(&self, key: &str) -> bool {
        self.iter().any(|k| **k == *key)
    }

    /// Adds `key` after the others.
    fn push(&mut self, key: Cow<'a, str>) {
        match self.inline.get_mut(self.len) {
            Some(slot) => *slot = Some(key),
            None => self.more.push(key),
        }
        self.len += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::{Keys, INLINE_KEYS};
    use std::borrow::Cow;

    /// Keys past the ones held in place are kept in order too, and found.
    #[test]
    fn keys_keep_their_order_past_the_inline_ones() {
        let texts: Vec<String> = (0..INLINE_KEYS + 3).map(|k| format!("k{k}")).collect();
        let mut keys = Keys::new();
        for t in &texts {
            assert!(!keys.contains(t));
            keys.push(Cow::Borrowed(t.as_str()));
        }
        assert_eq!(keys.len(), texts.len());
        let read: Vec<&str> = keys.iter().map(|k| &**k).collect();
        assert_eq!(read, texts.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(keys.contains("k0") && keys.contains(&format!("k{}", INLINE_KEYS + 2)));
    }
}
