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
        /// Options as (key, label), in the script's order.
        options: Vec<(String, String)>,
    },
}

/// Runs content behaviour.
pub trait Effects {
    /// Whether the owner's behaviour defines this hook.
    fn has_hook(&self, content: &Content, state: &GameState, owner: Owner, hook: Hook) -> bool;

    /// Runs a hook on `state` (a scratch copy the caller commits only on `Done`), with
    /// `answers` to replay for its `choose` calls.
    fn call(
        &mut self,
        content: &Content,
        state: &mut GameState,
        call: &HookCall,
        answers: &[String],
        log: &mut EventLog,
    ) -> Result<HookOutcome, Box<ScriptError>>;

    /// Sets the wall-clock deadline after which running scripts are stopped (the
    /// watchdog for runaway games); `None` clears it. Hosts without scripts ignore it.
    fn set_deadline(&mut self, _deadline: Option<std::time::Instant>) {}
}
