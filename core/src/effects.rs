//! The boundary between rules and behaviour (DESIGN invariant 6): the rules call hooks
//! through [`Effects`]; [`crate::lua::LuaHost`] implements it, and tests may implement
//! it with tiny Rust fakes.

use crate::content::Content;
use crate::error::ScriptError;
use crate::events::EventLog;
use crate::flow::{Hook, HookCall, Owner};
use crate::state::GameState;

/// What a hook call came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HookOutcome {
    /// The hook finished; for read-only hooks, what it returned.
    Done(Option<bool>),
    /// The hook asked a question it has no recorded answer for; its writes must be
    /// discarded and the question put to `call.player`.
    Ask {
        /// What is asked.
        prompt: String,
        /// Options as (key, label), in the script's order; an option with no label
        /// has its key as its label (the same text, shared).
        options: Vec<(std::sync::Arc<str>, std::sync::Arc<str>)>,
    },
}

/// Runs content behaviour.
pub trait Effects {
    /// Whether the owner's behaviour defines this hook.
    fn has_hook(&self, content: &Content, state: &GameState, owner: Owner, hook: Hook) -> bool;

    /// Runs a hook on `state` (for a hook run for a player, a scratch copy the caller
    /// commits only on `Done`; for one run for no player, which may not ask, the
    /// caller's state, which it drops on an error), with `answers` to replay for its
    /// `choose` calls. After a question (`Ask`) or an error, what is left in `state` is
    /// unspecified: a host that holds the call keeps the state the script changed (see
    /// [`Effects::held`]).
    fn call(
        &mut self,
        content: &Content,
        state: &mut GameState,
        call: &HookCall,
        answers: &[String],
        log: &mut EventLog,
    ) -> Result<HookOutcome, Box<ScriptError>>;

    /// The ticket of the question the last [`Effects::call`] (or [`Effects::resume`])
    /// stopped at, when the host keeps that call stopped there so that its answer can
    /// continue it (see [`Effects::resume`]). `None` (the default) when it does not.
    fn held(&self) -> Option<u64> {
        None
    }

    /// Whether the last [`Effects::call`] read the strength it was handed (a dice
    /// space's `can_act` reading `ctx:strength()`). A call that did not would have given
    /// the same answer for any strength, so the caller may ask it once for all of them.
    /// `true` (the default) when the host cannot tell.
    fn read_strength(&self) -> bool {
        true
    }

    /// Continues the held call with ticket `ticket` (see [`Effects::held`]) with the
    /// answer `answer` to its question, instead of running it again from the start with
    /// every answer. The result is the one that run would give: the host continues only
    /// the very call that stopped, when no other call ran on it since; the caller checks
    /// that the state and answers are those the call stopped with. The state the call
    /// leaves is written to `state`, as by [`Effects::call`]. `None` when the host no
    /// longer holds that call (then run it again with [`Effects::call`]).
    fn resume(
        &mut self,
        _ticket: u64,
        _answer: &str,
        _state: &mut GameState,
        _log: &mut EventLog,
    ) -> Option<Result<HookOutcome, Box<ScriptError>>> {
        None
    }

    /// Runs a read-only hook that returns options (an area's `options`, C-RES-1) on
    /// `state` and returns them as (key, label) pairs in the script's order. A host
    /// without such hooks offers none.
    fn options(
        &mut self,
        _content: &Content,
        _state: &GameState,
        _call: &HookCall,
    ) -> Result<Vec<(String, String)>, Box<ScriptError>> {
        Ok(Vec::new())
    }

    /// Runs a read-only hook that returns a number (`[score] potential`: what a player's
    /// position is worth beyond its score now). A host without such hooks has none.
    fn estimate(
        &mut self,
        _content: &Content,
        _state: &GameState,
        _call: &HookCall,
    ) -> Result<Option<f64>, Box<ScriptError>> {
        Ok(None)
    }

    /// Re-runs a call that failed with an error that names no line on `state`, a copy of
    /// the state it ran on, and returns the script file and line it last ran before
    /// failing. Calls are deterministic, so the re-run fails at the same place. `None`
    /// when the host cannot tell. The Lua host names the line of a memory error from the
    /// failed call's frames already; this is the fallback, for hooks run for a player
    /// (a hook run for no player ran on the caller's state, so no copy is left).
    fn locate(
        &mut self,
        _content: &Content,
        _state: &mut GameState,
        _call: &HookCall,
        _answers: &[String],
    ) -> Option<(String, u32)> {
        None
    }

    /// Called before every new game: puts the host back in the condition it had after
    /// load, so no game depends on what ran before it.
    fn new_game(&mut self) {}

    /// Sets the wall-clock deadline after which running scripts are stopped (the
    /// watchdog for runaway games); `None` clears it. Hosts without scripts ignore it.
    fn set_deadline(&mut self, _deadline: Option<std::time::Instant>) {}

    /// Whether the questions hooks ask carry labels for people (on by default). Off,
    /// scripts are told no one is asked (`ctx:asking()` is false) and a question's
    /// options keep no label (each shows its key). Hosts without scripts ignore it.
    fn set_labels(&mut self, _on: bool) {}

    /// Whether the host's shortcuts are on (on by default; see
    /// [`crate::Engine::set_speed_layer`]): ways of reaching the same results faster,
    /// such as holding a call at its question ([`Effects::held`]). Off, the host takes
    /// the plain way to every result; the games are the same either way. Hosts without
    /// shortcuts ignore it.
    fn set_speed_layer(&mut self, _on: bool) {}

    /// Rules text of a card's workshop action, generated by its behaviour, if any.
    fn card_text(&self, _card: crate::content::CardIx) -> Option<String> {
        None
    }
}
