//! The round as a program (issue 11): the phases, turns and steps a pack declares in
//! `game.toml`'s `[flow]`, resolved into indices once at load. The engine runs it with
//! a stack of frames (see [`crate::flow::Frame`]); this module is only its read-only
//! shape.
//!
//! **Architecture Invariant:** a program is plain data inside [`crate::Content`]; no
//! step names a game. Each step is one of the step kinds of `engine/steps/` (see
//! [`crate::engine::steps::KINDS`]), compiled at load; what does not fit is a Lua hook.

pub use crate::engine::steps::{
    ActStep, BlockStep, FirstPlayerRule, FirstPlayerStep, GameHookStep, HookOn, MoveStep,
    NodeHooksStep, PlaceStep, PlayStep, PlayZones, RefillStep, ResetStep, ResolveStep, SharedStep,
    StepKind, TurnCount, TurnOrder, TurnsStep, UseCardsStep, UsePhase,
};

use crate::engine::steps::ProgramNames;
use crate::flow::Hook;

pub use crate::flow::BlockId;

/// The block that holds the setup list: its steps are [`StepKind::Block`]s.
pub const SETUP_BLOCK: BlockId = 0;
/// The block that holds one round: its steps are [`StepKind::Block`]s.
pub const ROUND_BLOCK: BlockId = 1;
/// The block run once when the game ends by its rules (`[flow] end`, final scoring):
/// its steps are [`StepKind::Block`]s.
pub const END_BLOCK: BlockId = 2;

/// A pack's round, compiled.
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    /// Every block; [`SETUP_BLOCK`], [`ROUND_BLOCK`] and [`END_BLOCK`] come first and
    /// hold the `setup`, `round` and `end` lists.
    pub blocks: Vec<Block>,
    /// Where the program was declared (`pack/game.toml:line`), or `built in`.
    pub declared_at: String,
    /// The Lua functions that `hook` steps with `run = "module.function"` call.
    pub game_hooks: Vec<GameHook>,
    /// `[score] potential`: the game hook (index into `game_hooks`) that says what a
    /// player's position is worth beyond its score if the game ended now, for bots.
    pub potential: Option<u16>,
    /// `[movement] arrive`: the game hook (index into `game_hooks`) run for the
    /// traveller when a travel ends (M-MOVE-6..8).
    pub arrive: Option<u16>,
    /// `[score] estimate = "per_player"`, where it was declared: bots valuing one player
    /// run the `on = "players"` end hooks for that player alone.
    pub per_player_estimate: Option<String>,
    /// The hooks the flow names, interned in the order met (a [`Hook::Named`] is an
    /// index here): every node's `hook` of `{ do = "hook", on = "nodes" }` steps and the
    /// card hook of `use_cards` steps. Any Lua identifier but the kernel's
    /// ([`Hook::RESERVED`]).
    pub hooks: Vec<NamedHook>,
    /// The first `use_cards` step's hook and zone: what a use phase a script queues
    /// (`ctx:use_cards`) uses. `None` when no step uses cards.
    pub use_phase: Option<UsePhase>,
    /// The first `play` step's zones: where tools and bots find the cards a player may
    /// play and has played. `None` when no step plays cards.
    pub play: Option<PlayZones>,
    /// The verbs of the option keys of `play` and `use_cards` steps (`<verb>:<card>`),
    /// interned in the order met: a step holds an index here.
    pub card_verbs: Vec<String>,
}

/// A hook the flow names, interned in [`Program::hooks`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedHook {
    /// Its name in Lua, e.g. `restock`.
    pub name: String,
    /// Whether a `hook` step calls it on every board node (for no player).
    pub on_nodes: bool,
    /// Whether a use phase calls it on the cards a player owns.
    pub on_cards: bool,
}

/// A Lua function the flow calls by name (`{ do = "hook", run = "rules.income" }`): a
/// phase hook, not any node's or card's.
#[derive(Debug, Clone, PartialEq)]
pub struct GameHook {
    /// Module, e.g. `rules`.
    pub module: String,
    /// Function in the module, e.g. `income`.
    pub function: String,
    /// Parameters handed to it (the step's `params`).
    pub params: toml::Table,
    /// Where the step was declared, for messages.
    pub declared_at: String,
}

/// A named list of steps.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// Name as written in `[flow.blocks.NAME]` (`setup` and `round` for the lists).
    pub id: String,
    /// Rounds in which the block runs.
    pub rounds: RoundGate,
    /// Steps in order.
    pub steps: Vec<Step>,
    /// Where it was declared, for messages.
    pub declared_at: String,
}

/// One step of a block.
#[derive(Debug, Clone)]
pub struct Step {
    /// What it does: its kind's module under `engine/steps/`.
    pub kind: SharedStep,
    /// Rounds in which it runs.
    pub rounds: RoundGate,
}

impl Step {
    /// A step that runs in every round.
    pub fn always(kind: impl StepKind + 'static) -> Step {
        Step {
            kind: std::sync::Arc::new(kind),
            rounds: RoundGate::always(),
        }
    }
}

impl PartialEq for Step {
    /// Two steps are equal when they are of the same kind with the same fields (their
    /// `Debug` forms, which print every field, are equal) and run in the same rounds.
    fn eq(&self, other: &Step) -> bool {
        self.rounds == other.rounds && format!("{:?}", self.kind) == format!("{:?}", other.kind)
    }
}

/// Which rounds a block or step runs in: all but `skip`, or only those in `only`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoundGate {
    /// If set, the only rounds it runs in.
    pub only: Option<Vec<u32>>,
    /// Rounds it is passed over in.
    pub skip: Vec<u32>,
}

impl RoundGate {
    /// Every round.
    pub fn always() -> RoundGate {
        RoundGate::default()
    }

    /// Whether it runs in `round` (1-based; 0 during setup).
    pub fn admits(&self, round: u32) -> bool {
        !self.skip.contains(&round) && self.only.as_ref().is_none_or(|o| o.contains(&round))
    }
}

impl Program {
    /// A program whose lists are empty: what a pack whose `[flow]` failed to compile
    /// holds while its errors are reported (such content is refused).
    pub fn empty(declared_at: &str) -> Program {
        let list = |id: &str| Block {
            id: id.into(),
            rounds: RoundGate::always(),
            steps: Vec::new(),
            declared_at: declared_at.into(),
        };
        Program {
            blocks: vec![list("setup"), list("round"), list("end")],
            declared_at: declared_at.into(),
            game_hooks: Vec::new(),
            potential: None,
            arrive: None,
            per_player_estimate: None,
            hooks: Vec::new(),
            use_phase: None,
            play: None,
            card_verbs: Vec::new(),
        }
    }

    /// A hook's name in Lua: the kernel's own, or the one the flow gave a
    /// [`Hook::Named`].
    pub fn hook_name(&self, hook: Hook) -> &str {
        match hook {
            Hook::Named(i) | Hook::Point(i) => {
                self.hooks.get(i as usize).map_or("?", |h| h.name.as_str())
            }
            other => other.kernel_name().unwrap_or("?"),
        }
    }

    /// The hook the flow named `name`, if it names one.
    pub fn named_hook(&self, name: &str) -> Option<Hook> {
        self.hooks
            .iter()
            .position(|h| h.name == name)
            .map(|i| Hook::Named(i as u8))
    }

    /// The named hooks called on `on_nodes` (board nodes) or else on cards.
    pub fn named_hooks(&self, on_nodes: bool) -> impl Iterator<Item = Hook> + '_ {
        self.hooks
            .iter()
            .enumerate()
            .filter(move |(_, h)| if on_nodes { h.on_nodes } else { h.on_cards })
            .map(|(i, _)| Hook::Named(i as u8))
    }

    /// The block a frame runs.
    pub fn block(&self, id: BlockId) -> &Block {
        &self.blocks[id as usize]
    }

    /// The program as an indented outline, for `weft doc` and messages.
    pub fn outline(&self) -> String {
        let mut out = String::new();
        for (name, root) in [
            ("setup", SETUP_BLOCK),
            ("round", ROUND_BLOCK),
            ("end", END_BLOCK),
        ] {
            if root == END_BLOCK && self.blocks[root as usize].steps.is_empty() {
                continue;
            }
            out.push_str(name);
            out.push_str(":\n");
            self.outline_block(root, 1, &mut out);
        }
        out
    }

    fn outline_block(&self, id: BlockId, depth: usize, out: &mut String) {
        if depth > 16 {
            return;
        }
        for step in &self.blocks[id as usize].steps {
            let pad = "  ".repeat(depth);
            let gate = gate_text(&step.rounds);
            out.push_str(&format!("{pad}{}\n", step.kind.outline(self, &gate)));
            if let Some(inner) = step.kind.runs_block() {
                self.outline_block(inner, depth + 1, out);
            }
        }
    }
}

/// A block's or step's rounds as text: ` [rounds 2, 3]`, ` [not in round 1]`, or empty.
pub fn gate_text(g: &RoundGate) -> String {
    let list = |v: &[u32]| {
        v.iter()
            .map(|r| r.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match (&g.only, g.skip.is_empty()) {
        (None, true) => String::new(),
        (Some(o), true) => format!(" [rounds {}]", list(o)),
        (None, false) => format!(" [not in round {}]", list(&g.skip)),
        (Some(o), false) => format!(" [rounds {}, not {}]", list(o), list(&g.skip)),
    }
}

/// What the step kinds' outline lines read of their program.
impl ProgramNames for Program {
    fn block_name(&self, b: BlockId) -> &str {
        &self.block(b).id
    }

    fn block_title(&self, b: BlockId) -> String {
        let block = self.block(b);
        format!("{}{}", block.id, gate_text(&block.rounds))
    }

    fn hook_name(&self, hook: Hook) -> &str {
        Program::hook_name(self, hook)
    }

    fn game_hook_name(&self, h: u16) -> String {
        let h = &self.game_hooks[h as usize];
        format!("{}.{}", h.module, h.function)
    }

    fn card_verb(&self, v: u8) -> &str {
        self.card_verbs.get(v as usize).map_or("?", String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reverse_order_ends_with_the_first_player() {
        let order: Vec<usize> = (0..4).map(|i| TurnOrder::Reverse.player(i, 1, 4)).collect();
        assert_eq!(order, vec![0, 3, 2, 1]);
        let order: Vec<usize> = (0..4)
            .map(|i| TurnOrder::FromFirst.player(i, 1, 4))
            .collect();
        assert_eq!(order, vec![1, 2, 3, 0]);
        let order: Vec<usize> = (0..4).map(|i| TurnOrder::Seat.player(i, 1, 4)).collect();
        assert_eq!(order, vec![0, 1, 2, 3]);
    }

    #[test]
    fn round_gates() {
        let g = RoundGate {
            only: None,
            skip: vec![1],
        };
        assert!(!g.admits(1) && g.admits(2));
        let g = RoundGate {
            only: Some(vec![2, 3]),
            skip: vec![3],
        };
        assert!(!g.admits(1) && g.admits(2) && !g.admits(3));
    }
}
