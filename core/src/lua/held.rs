//! A hook call stopped at a question, held so that its answer continues it.
//!
//! The rules replay a script's choices (invariant 4): a hook that asks is run again from
//! the start with every answer so far, and the state keeps only the answers, never a
//! suspended script. That is the meaning, and every run gives it. This is a shortcut to
//! the same result: when a call stops at a question asked without labels, the host keeps
//! the stopped coroutine, with its `ctx` (the state changed so far, the events) and
//! what it had used of its limits, until the next call on the host. If that
//! next call is the answer to this very question ([`crate::effects::Effects::resume`],
//! which the engine makes only for the state and answers the call stopped with), the
//! coroutine is resumed with the chosen option instead of re-running everything before
//! it. Any other call, a new game or a change of labels lets the held call go first, so
//! every other call runs on the VM as it would have.
//!
//! A continued call is charged as the re-run would be: its interrupt checks, `ctx` verbs
//! and log lines go on counting from where they stood, so asking questions never lifts
//! a limit. Scripts are deterministic (the same state and answers give the same run), so
//! continuing from the question reaches what re-running to it would. Three things differ
//! by nature: a hook that counts in a scalar module-level `local` (which `weft check`
//! warns about) counts its start once instead of once per answer; the per-call
//! wall-clock watchdog starts again at the answer; and the prefix is not allocated a
//! second time, so a call close to the memory cap has more room continued than re-run.
//! Only calls of changing hooks run for a player are held: a read-only hook or one run
//! for no player that asks is refused, as always. With the speed layer off
//! ([`crate::Engine::set_speed_layer`]) no call is held: every answer re-runs its hook.

use std::rc::Rc;

use super::ctx::Ctx;
use super::resume;
use super::sandbox::{self, Usage};
use super::{Invoked, LuaHost};
use crate::error::ScriptError;
use crate::events::EventLog;
use crate::state::GameState;

/// A call stopped at its question.
pub(super) struct Held {
    /// Names this stop; the engine hands it back with the answer.
    pub ticket: u64,
    /// The coroutine, stopped in `ctx:choose`, with the options table it yielded on
    /// top of its stack.
    thread: mlua::Thread,
    /// The call's `ctx`: the state as the script has changed it so far, its answers and
    /// events, and the question (`ask`).
    ctx: Box<Ctx>,
    /// The module the hook is in, for errors.
    module: Rc<str>,
    /// What the call had used of its limits, given back when it goes on.
    usage: Usage,
}

impl Held {
    /// The position (from 1) in the yielded options table of the option whose key is
    /// `answer`, if it is one.
    fn option(&self, answer: &str) -> Option<std::os::raw::c_int> {
        let ask = self.ctx.ask.as_ref()?;
        let i = ask.options.iter().position(|(key, _)| &**key == answer)?;
        let i = std::os::raw::c_int::try_from(i + 1).ok()?;
        // SAFETY: a held coroutine is stopped, not running.
        unsafe { resume::has_option(self.thread.state(), i) }.then_some(i)
    }
}

impl LuaHost {
    /// Keeps the call that just stopped at a question (the runner, with `ctx`, and the
    /// options table it yielded on its stack); the spare coroutine becomes the runner.
    /// `outer_checks` are given back to the VM this call ran inside.
    pub(super) fn hold(&mut self, ctx: Box<Ctx>, module: Rc<str>, outer_checks: u32) {
        let usage = Usage::take(&self.shared);
        sandbox::batch::restore(outer_checks);
        let spare = self
            .spare
            .take()
            .expect("the spare is here while no call is held");
        let thread = std::mem::replace(&mut self.runner, spare);
        self.held = Some(Box::new(Held {
            ticket: self.next_ticket,
            thread,
            ctx,
            module,
            usage,
        }));
        self.next_ticket += 1;
    }

    /// Lets the held call go, if any: its coroutine is cleared and becomes the spare,
    /// and what it had changed is dropped (as a question's re-run drops it).
    pub(super) fn release(&mut self) {
        if let Some(held) = self.held.take() {
            // Resetting a stopped coroutine cannot fail (Luau's reset reports nothing);
            // a call started on this coroutine later clears it again first.
            let _ = held.thread.reset(self.idle.clone());
            self.spare = Some(held.thread);
        }
    }

    /// Continues the held call `ticket` with `answer` (see
    /// [`crate::effects::Effects::resume`]); `None`, letting it go, when no such call is
    /// held, events are now recorded differently, labels are on, or `answer` is not one
    /// of its options.
    pub(super) fn continue_held(
        &mut self,
        ticket: u64,
        answer: &str,
        state: &mut GameState,
        log: &mut EventLog,
    ) -> Option<Result<Invoked, Box<ScriptError>>> {
        let labels = self.shared.labels.get();
        let option = self
            .held
            .as_ref()
            .filter(|h| h.ticket == ticket && h.ctx.log.enabled == log.enabled && !labels)
            .and_then(|h| h.option(answer));
        let Some(option) = option else {
            self.release();
            return None;
        };
        let held = self.held.take().expect("the option is the held call's");
        let Held {
            thread,
            mut ctx,
            module,
            usage,
            ..
        } = *held;
        // As the re-run's `ctx:choose` does with a recorded answer.
        ctx.ask = None;
        ctx.answers.push(answer.to_string());
        ctx.next_answer += 1;
        let call = ctx.call;
        let outer_checks = sandbox::batch::suspend();
        usage.resume(&self.shared, self.content.instruction_budget);
        *self.ctx.0.borrow_mut() = Some(ctx);
        self.spare = Some(std::mem::replace(&mut self.runner, thread));
        // SAFETY: the runner is the held coroutine, stopped at its question with the
        // options table on top, which has entry `option` (`Held::option` looked).
        let result =
            unsafe { resume::go_on(&self.lua, self.runner.state(), option, self.ctx_address) }
                .unwrap_or_else(|| Err(mlua::Error::runtime("the question's option is gone")));
        Some(self.finish(state, &call, module, log, result, outer_checks, true))
    }
}
