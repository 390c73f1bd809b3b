//! The step kinds of a pack's `[flow]` (issue 30): each kind is one module here, with
//! its TOML fields (a struct that denies unknown keys), their checks at load, what the
//! structure checks need to know of it, its line of `weft doc`'s outline, how it runs,
//! and how it takes the answer to a question it asked. [`KINDS`] registers them: adding
//! a kind is its file, one line there, its tests and its docs.
//!
//! A step is compiled by [`compile`] from the fields a step of `[flow.blocks.NAME]`
//! wrote besides `do`, `rounds` and `skip_rounds`, and lives in the program as an
//! `Arc<dyn StepKind>`.

use std::fmt;
use std::sync::Arc;

use serde::de::DeserializeOwned;

use crate::decision::Choice;
use crate::error::{EngineError, ScriptError};
use crate::events::EventLog;
use crate::flow::{BlockId, Hook};
use crate::state::GameState;

use super::Engine;

mod act;
mod actions;
mod block;
mod cx;
mod first_player;
mod hook;
mod movement;
mod place;
mod play;
mod refill;
mod reset;
mod resolve;
mod roll;
mod turns;
pub(crate) mod use_cards;
pub(crate) mod zone_limit;

pub use act::ActStep;
pub use actions::{ActionsStep, END_KEY};
pub use block::BlockStep;
pub(crate) use cx::StepCx;
pub use first_player::{FirstPlayerRule, FirstPlayerStep};
pub use hook::{GameHookStep, HookOn, NodeHooksStep};
pub use movement::MoveStep;
pub use place::PlaceStep;
pub use play::{PlayStep, PlayZones};
pub use refill::RefillStep;
pub use reset::ResetStep;
pub use resolve::ResolveStep;
pub use roll::RollStep;
pub use turns::{TurnCount, TurnOrder, TurnsStep};
pub use use_cards::{UseCardsStep, UsePhase, DEFAULT_CARD_HOOK};

/// What a step's outline line (`weft doc`) reads of the program it belongs to; the
/// program (`content/program.rs`) implements it.
pub trait ProgramNames {
    /// Block `b`'s name as declared (`[flow.blocks.NAME]`).
    fn block_name(&self, b: BlockId) -> &str;
    /// Block `b`'s name with the rounds it runs in, e.g. `workshop [rounds 2, 3]`.
    fn block_title(&self, b: BlockId) -> String;
    /// A hook's name in Lua: the kernel's own, or the one the flow gave it.
    fn hook_name(&self, hook: Hook) -> &str;
    /// Game hook `h` (an index in the program's game hooks) as `module.function`.
    fn game_hook_name(&self, h: u16) -> String;
    /// Card verb `v` (an index in the program's card verbs): the word before `:<card>`
    /// in the option keys of a `play` or `use_cards` step.
    fn card_verb(&self, v: u8) -> &str;
}

/// What the interpreter did with one step.
pub enum Next {
    /// It moved on; run the loop again.
    Continue,
    /// A decision is set, or the game is over.
    Stop,
}

/// What a step is, for the checks of the whole flow (`content/flow_toml.rs`) and the
/// lint: each kind says which hold.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Traits {
    /// It acts for the player whose turn it is, so it must sit inside a `turns` body.
    pub needs_player: bool,
    /// It may ask a player a question (a program with none plays itself).
    pub may_ask: bool,
    /// It moves the turn's piece (an `act` after it has a node to act at).
    pub moves_piece: bool,
    /// It acts at the node the turn's piece moved to, so a step that moves a piece must
    /// come before it in the same turn.
    pub needs_moved_piece: bool,
    /// It places a worker (a `turns` body that goes round until every worker is placed
    /// needs one).
    pub places_worker: bool,
    /// It places dice from the player's pool (a `turns` body that goes round until every
    /// pool is empty needs one).
    pub places_dice: bool,
}

impl Traits {
    /// None of them.
    pub const NONE: Traits = Traits {
        needs_player: false,
        may_ask: false,
        moves_piece: false,
        needs_moved_piece: false,
        places_worker: false,
        places_dice: false,
    };

    /// A step that asks the player whose turn it is.
    pub const ASKS_THE_PLAYER: Traits = Traits {
        needs_player: true,
        may_ask: true,
        ..Traits::NONE
    };
}

/// One kind of step: what the loader, the checks, `weft doc` and the engine need of it.
/// Only [`StepKind::name`], [`StepKind::outline`] and [`StepKind::run`] have no default.
pub trait StepKind: fmt::Debug + Send + Sync {
    /// The `do = "…"` name of the kind.
    fn name(&self) -> &'static str;

    /// What the checks of the whole flow and the lint need to know of it (see
    /// [`Traits`]); none of them by default.
    fn traits(&self) -> Traits {
        Traits::NONE
    }

    /// The block it runs, if any (`block`, a `turns` body). While the flow is compiled
    /// this is the block's index among the declared names; [`StepKind::renumber`] makes
    /// it the block's id.
    fn runs_block(&self) -> Option<BlockId> {
        None
    }

    /// Replaces the block it runs by `map` of it (see [`StepKind::runs_block`]).
    fn renumber(&mut self, _map: &dyn Fn(BlockId) -> BlockId) {}

    /// The step as a `turns` step, if it is one (who plays each turn, how many).
    fn as_turns(&self) -> Option<&TurnsStep> {
        None
    }

    /// The step as a `refill` step, if it is one (checks of the piles it draws).
    fn as_refill(&self) -> Option<&RefillStep> {
        None
    }

    /// The game hook it calls, and for whom (`hook` with `run`).
    fn game_hook(&self) -> Option<(u16, HookOn)> {
        None
    }

    /// The hook it calls on every board node that defines it (`hook` with `on =
    /// "nodes"`).
    fn node_hook(&self) -> Option<Hook> {
        None
    }

    /// Its line of the program's outline, without indent (`weft doc`); `gate` is the
    /// step's rounds as text (` (rounds 2–5)`, or empty).
    fn outline(&self, prog: &dyn ProgramNames, gate: &str) -> String;

    /// The option keys its questions offer, as (pattern, meaning), for `weft doc
    /// content`: `<card>` stands for a card id, `<slot>` for a slot id and so on.
    /// None by default (a step that asks nothing, or whose options are a script's).
    fn option_keys(&self, _prog: &dyn ProgramNames) -> Vec<(String, String)> {
        Vec::new()
    }

    /// Runs the step the top frame stands on: it moves on by itself, or sets the
    /// decision and stops.
    fn run(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        log: &mut EventLog,
    ) -> Result<Next, EngineError>;

    /// Takes player `p`'s answer `choice` to the question this step asked.
    fn answer(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        p: usize,
        choice: &Choice,
        log: &mut EventLog,
    ) -> Result<(), EngineError> {
        let _ = (st, p, log);
        Err(not_an_answer(
            eng,
            self.name(),
            choice,
            "an answer to a question it asked",
        ))
    }
}

/// The error for an answer that is not one the step `step` can take (`what` it takes).
pub(super) fn not_an_answer(eng: &Engine, step: &str, choice: &Choice, what: &str) -> EngineError {
    flow_error(
        eng,
        step,
        format!(
            "the step `{step}` took the answer `{}`, which is not {what}",
            choice.key
        ),
    )
}

/// The fields of one kind of step as written in TOML, and how they compile.
pub(crate) trait StepToml: DeserializeOwned {
    /// Checks the fields (every problem to `cx`, with its file and line) and makes the
    /// step; `None` when it is too broken to take part in the checks of the whole flow.
    fn compile(self, cx: &mut dyn StepCx<'_>) -> Option<Box<dyn StepKind>>;
}

/// The registry: each kind's `do` name and its TOML fields. One line per kind.
macro_rules! kinds {
    ($($name:literal => $toml:ty,)*) => {
        /// Every kind's `do = "…"` name, in the order the docs list them.
        pub const KINDS: &[&str] = &[$($name),*];

        /// Compiles the step of kind `kind` from `fields` (its keys besides `do`,
        /// `rounds` and `skip_rounds`); `None` for an unknown kind or a broken step
        /// (the errors are in `cx`).
        pub(crate) fn compile(
            kind: &str,
            fields: &toml::Table,
            cx: &mut dyn StepCx<'_>,
        ) -> Option<Option<Box<dyn StepKind>>> {
            match kind {
                $($name => Some(cx.fields::<$toml>(fields).and_then(|t| t.compile(cx))),)*
                _ => None,
            }
        }
    };
}

kinds! {
    "block" => block::BlockToml,
    "hook" => hook::HookToml,
    "turns" => turns::TurnsToml,
    "move" => movement::MoveToml,
    "act" => act::ActToml,
    "play" => play::PlayToml,
    "use_cards" => use_cards::UseCardsToml,
    "place" => place::PlaceToml,
    "resolve" => resolve::ResolveToml,
    "reset" => reset::ResetToml,
    "first_player" => first_player::FirstPlayerToml,
    "refill" => refill::RefillToml,
    "roll" => roll::RollToml,
    "actions" => actions::ActionsToml,
}

/// A step error that belongs to the flow, not to a script: it names the pack and the
/// file that declare the flow.
pub(crate) fn flow_error(eng: &Engine, step: &str, message: String) -> EngineError {
    ScriptError {
        pack: ScriptError::pack_of(&eng.content.program.declared_at),
        file: eng.content.program.declared_at.clone(),
        line: None,
        owner: "the game's flow".into(),
        hook: step.into(),
        message,
        traceback: String::new(),
    }
    .into()
}

/// A compiled step, shared by the program's clones.
pub type SharedStep = Arc<dyn StepKind>;
