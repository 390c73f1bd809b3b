//! Where play stands: the stage of the round (R-ROUND, R-WS) and the stack of triggered
//! jobs and the pending script choice. Plain data, part of [`crate::state::GameState`].

use serde::{Deserialize, Serialize};

use crate::content::{AreaId, CardIx, SlotId};

/// Index of a block in the program's blocks (`Program::blocks` of
/// [`crate::content::program`]).
pub type BlockId = u16;

/// One running block of the round's program (see [`crate::content::program`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    /// The block.
    pub block: BlockId,
    /// Index of the step running or next to run.
    pub pc: u16,
    /// For the body of a `turns` step: the turn number within it, from 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub iter: u16,
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}

/// Whose behaviour a hook belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Owner {
    /// The tile in this slot.
    Tile {
        /// Slot.
        slot: SlotId,
    },
    /// A card's behaviour (its use, R-WS-4).
    Card {
        /// Card.
        card: CardIx,
    },
    /// A threshold's behaviour (a skill unlock's `on_reach`).
    Unlock {
        /// Index in `content.unlocks`.
        index: u8,
    },
    /// A Lua function the flow calls by name (index in `content.program.game_hooks`).
    Game {
        /// Index of the game hook.
        hook: u16,
    },
    /// A worker-placement area's behaviour (`options`, `resolve`).
    Area {
        /// Index in `content.board.areas`.
        area: AreaId,
    },
    /// A dice space's behaviour (`resolve`, `can_act`).
    DiceSpace {
        /// Index in `content.dice_play.spaces`.
        space: crate::content::dice::DiceSpaceId,
    },
    /// A `script` extra action's behaviour (`options`, `resolve`).
    Extra {
        /// Index in `content.dice_play.extras`.
        extra: u8,
    },
}

/// A hook (see docs/lua-api.md): one the kernel calls by its own name, or one the pack's
/// flow names ([`Hook::Named`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hook {
    /// Tile setup.
    Setup,
    /// Tile action (R-ACT-1).
    Action,
    /// Read-only: may the tile's action be taken now?
    CanAct,
    /// A hook the pack's flow names: a `hook` step's `on = "nodes", hook = "NAME"`
    /// (R-WS-1, R-WS-3 in Tabriz) or a `use_cards` step's card hook (R-WS-4). The index is
    /// in [`crate::content::program::Program::hooks`], which holds its name in Lua;
    /// the state keeps only the index, so it serialises without the content.
    Named(u8),
    /// A card's hook of the flow's names (a [`Hook::Named`] index) run at a hook point
    /// (`{ do = "hook", on = "cards" }`, `ctx:trigger`): a power of a card its holder
    /// owns. Its first answer is the point's argument, handed to it as its third
    /// argument.
    Point(u8),
    /// A threshold reached (a skill unlock's `on_reach`, R-SKILL-1, R-SKILL-2).
    Reached,
    /// A function the flow names (`{ do = "hook", run = "module.function" }`).
    Run,
    /// Read-only: an area's options for a worker being resolved (C-RES-1).
    Options,
    /// An area's action for a worker being resolved, with the chosen option's key.
    Resolve,
    /// Read-only: `[score] potential`, what a player's position is worth beyond its score
    /// if the game ended now (for bots).
    Potential,
}

impl Hook {
    /// Name as written in Lua, for the kernel's own hooks; `None` for a
    /// [`Hook::Named`], whose name the content holds
    /// ([`crate::content::program::Program::hook_name`]).
    pub fn kernel_name(self) -> Option<&'static str> {
        Some(match self {
            Hook::Setup => "setup",
            Hook::Action => "action",
            Hook::CanAct => "can_act",
            Hook::Named(_) | Hook::Point(_) => return None,
            Hook::Reached => "on_reach",
            Hook::Run => "run",
            Hook::Options => "options",
            Hook::Resolve => "resolve",
            Hook::Potential => "potential",
        })
    }

    /// The kernel's hooks a node, card, unlock or area may define by name (not
    /// [`Hook::Run`] nor [`Hook::Potential`], whose function the flow names, nor the
    /// named hooks of the flow).
    pub const KERNEL: [Hook; 6] = [
        Hook::Setup,
        Hook::Action,
        Hook::CanAct,
        Hook::Reached,
        Hook::Options,
        Hook::Resolve,
    ];

    /// Names a pack may not give a hook of its flow: the kernel's hooks, and
    /// `describe`, which a module exports for its rules text.
    pub const RESERVED: [&'static str; 9] = [
        "setup",
        "action",
        "can_act",
        "on_reach",
        "run",
        "options",
        "resolve",
        "potential",
        "describe",
    ];

    /// Whether the hook may change the state.
    pub fn is_read_only(self) -> bool {
        matches!(self, Hook::CanAct | Hook::Options | Hook::Potential)
    }
}

/// One hook call: whose hook, which, on behalf of which player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HookCall {
    /// Owner of the behaviour.
    pub owner: Owner,
    /// Hook.
    pub hook: Hook,
    /// The acting player; `None` for board-wide hooks (setup, a flow's node hooks),
    /// which may not ask questions.
    pub player: Option<usize>,
}

/// Work queued by rules or scripts, done before the round moves on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Job {
    /// Run a hook.
    Hook {
        /// The call.
        call: HookCall,
    },
    /// A player uses each card in one of their zones once, by its `hook` (a `use_cards`
    /// step, or a phase a script queues with `ctx:use_cards`).
    UseCards {
        /// Player.
        player: usize,
        /// The cards' hook (a [`Hook::Named`]).
        hook: Hook,
        /// The player zone whose cards are offered.
        zone: crate::content::ZoneId,
        /// Whether cards played earlier this round are offered too.
        played_this_round: bool,
        /// Its option keys' verb (an index in `Program::card_verbs`).
        verb: u8,
        /// Cards already used in this phase.
        used: Vec<CardIx>,
    },
    /// The cards player `player` holds that define the hook point `hook` (a
    /// [`Hook::Named`] index) each run it for them, in zone and position order
    /// (`{ do = "hook", on = "cards" }`, `ctx:trigger`); `arg` is handed to each.
    Trigger {
        /// The holder.
        player: usize,
        /// The hook point.
        hook: u8,
        /// The point's argument (empty: none).
        #[serde(default, skip_serializing_if = "String::is_empty")]
        arg: String,
    },
    /// One card's hook at a hook point (a [`Job::Trigger`] expanded): `call.hook` is a
    /// [`Hook::Point`].
    CardHook {
        /// The call.
        call: HookCall,
        /// The point's argument (empty: none).
        #[serde(default, skip_serializing_if = "String::is_empty")]
        arg: String,
    },
    /// A player moves a piece step by step over the board's paths, paying each path's
    /// cost, until they stop or the steps run out (`ctx:travel`, M-MOVE-1..4).
    Travel {
        /// Player.
        player: usize,
        /// The piece, by index among the player's.
        piece: u8,
        /// Steps it may count at most.
        max: u8,
        /// Steps it must count before it may stop.
        min: u8,
        /// Steps counted so far.
        steps: u8,
        /// The slots passed, from where it started.
        path: Vec<SlotId>,
        /// Counters the paths' costs are not paid in (a power's, M-CHAR-7).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        unpaid: Vec<crate::content::CounterId>,
        /// A slot kind entered as an inner node without counting a step (M-CHAR-1).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        free_kind: Option<String>,
        /// A word the script that started it gives, for the arrival to read (which
        /// action it was).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tag: Option<String>,
    },
}

/// The last travel that ended, for the `arrive` hook (`ctx:travel_path()`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TravelRecord {
    /// Player.
    pub player: usize,
    /// The piece.
    pub piece: u8,
    /// The slots passed, from where it started to where it stopped.
    pub path: Vec<SlotId>,
    /// Steps counted.
    pub steps: u8,
    /// The tag the travel was started with, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
}

/// A script effect waiting for an answer: it is re-run from the start with `answers`
/// (invariant 4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingEffect {
    /// The call to re-run.
    pub call: HookCall,
    /// Answers given so far, by key.
    pub answers: Vec<String>,
}

/// Where play stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flow {
    /// The program's running blocks, innermost last; empty before setup and once the
    /// game is over.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub frames: Vec<Frame>,
    /// The node the current turn's piece moved to, for the `act` step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acted: Option<SlotId>,
    /// Cards played this turn (R-SKILL-5).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub played_this_turn: u8,
    /// Jobs; the last is next.
    pub jobs: Vec<Job>,
    /// Jobs raised during the running step, moved onto `jobs` (first raised runs first)
    /// once that step commits.
    pub incoming: Vec<Job>,
    /// A script waiting for an answer.
    pub effect: Option<PendingEffect>,
    /// Cards played this round, for R-TILE-PWS (`played_this_round` of a use phase).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub played_this_round: Vec<CardIx>,
    /// The turn's main action is taken (an `actions` step, M-TURN-1).
    #[serde(default, skip_serializing_if = "is_false")]
    pub main_done: bool,
    /// Extra actions taken this turn, by index in `content.dice_play.extras` (an
    /// `actions` step's per-turn limits, M-EXTRA-5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extras_taken: Vec<u8>,
    /// The last travel that ended (`ctx:travel_path()`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub travelled: Option<TravelRecord>,
    /// Markers placed this turn and still on the board, as (kind, slot, seat): what
    /// may not be used until the owner's next turn (M-MOVE-9, `ctx:placed_this_turn`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers_this_turn: Vec<(u8, SlotId, u8)>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Flow {
    /// The flow of a game before setup.
    pub fn new() -> Flow {
        Flow {
            frames: Vec::new(),
            acted: None,
            played_this_turn: 0,
            jobs: Vec::new(),
            incoming: Vec::new(),
            effect: None,
            played_this_round: Vec::new(),
            main_done: false,
            extras_taken: Vec::new(),
            travelled: None,
            markers_this_turn: Vec::new(),
        }
    }

    /// Moves raised jobs onto the stack so the first raised runs first.
    pub fn take_incoming(&mut self) {
        while let Some(job) = self.incoming.pop() {
            self.jobs.push(job);
        }
    }

    /// Clears what one turn keeps (the acted node, cards played this turn).
    pub fn end_turn(&mut self) {
        self.acted = None;
        self.played_this_turn = 0;
        self.main_done = false;
        self.extras_taken.clear();
        self.markers_this_turn.clear();
    }
}

impl Default for Flow {
    fn default() -> Self {
        Flow::new()
    }
}
