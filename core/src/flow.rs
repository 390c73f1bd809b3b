//! Where play stands: the stage of the round (R-ROUND, R-WS) and the stack of triggered
//! jobs and the pending script choice. Plain data, part of [`crate::state::GameState`].

use serde::{Deserialize, Serialize};

use crate::content::{CardId, SlotId};

/// A stage of the round skeleton that Rust runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Tiles' `setup` hooks are queued; then the first round starts.
    Setup,
    /// A round begins (R-ROUND-1).
    RoundStart,
    /// R-WS-1: every tile's `restock` hook.
    WsRestock,
    /// R-WS-2: stand all pieces.
    WsRecover,
    /// R-WS-3: every tile's `roll` hook.
    WsRoll,
    /// R-WS-4: each player's workshop actions, in turn order from the first player.
    WsActions,
    /// R-WS-5: pass the first-player marker.
    WsPass,
    /// Turn step 1: move (R-MOVE).
    TurnMove,
    /// Turn step 2: the tile's action (R-ACT).
    TurnAction,
    /// Turn step 3: fulfil (R-FUL).
    TurnFulfil,
    /// The turn ends.
    TurnEnd,
    /// The round ends; the game may end (R-END-2).
    RoundEnd,
    /// Game over.
    Over,
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
    /// A commission's workshop action.
    Card {
        /// Card.
        card: CardId,
    },
    /// A skill unlock's `on_reach`.
    Unlock {
        /// Index in `content.unlocks`.
        index: u8,
    },
}

/// A hook name (see docs/lua-api.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hook {
    /// Tile setup.
    Setup,
    /// Tile action (R-ACT-1).
    Action,
    /// Read-only: may the tile's action be taken now?
    CanAct,
    /// Workshop step 1 (R-WS-1).
    Restock,
    /// Workshop step 3 (R-WS-3).
    Roll,
    /// A tucked card's workshop action (R-WS-4).
    Workshop,
    /// A skill unlock reached (R-SKILL-1, R-SKILL-2).
    OnReach,
}

impl Hook {
    /// Name as written in Lua.
    pub fn name(self) -> &'static str {
        match self {
            Hook::Setup => "setup",
            Hook::Action => "action",
            Hook::CanAct => "can_act",
            Hook::Restock => "restock",
            Hook::Roll => "roll",
            Hook::Workshop => "workshop",
            Hook::OnReach => "on_reach",
        }
    }

    /// Every hook.
    pub const ALL: [Hook; 7] = [
        Hook::Setup,
        Hook::Action,
        Hook::CanAct,
        Hook::Restock,
        Hook::Roll,
        Hook::Workshop,
        Hook::OnReach,
    ];

    /// Whether the hook may change the state.
    pub fn is_read_only(self) -> bool {
        matches!(self, Hook::CanAct)
    }
}

/// One hook call: whose hook, which, on behalf of which player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HookCall {
    /// Owner of the behaviour.
    pub owner: Owner,
    /// Hook.
    pub hook: Hook,
    /// The acting player; `None` for board-wide hooks (setup, restock, roll), which may
    /// not ask questions.
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
    /// A player's workshop actions (R-WS-4, or a personal phase from R-TILE-PWS).
    Workshop {
        /// Player.
        player: usize,
        /// Cards already used in this phase.
        used: Vec<CardId>,
    },
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
    /// Stage of the round.
    pub stage: Stage,
    /// Turn index within the round; the player is `(first + turn) % players`.
    pub turn: u16,
    /// Seats already done in R-WS-4 this phase.
    pub ws_done: u8,
    /// Commissions fulfilled this turn (R-SKILL-5).
    pub fulfilled_this_turn: u8,
    /// Slot the current turn's piece ended on.
    pub acted_slot: Option<SlotId>,
    /// Jobs; the last is next.
    pub jobs: Vec<Job>,
    /// Jobs raised during the running step, moved onto `jobs` (first raised runs first)
    /// once that step commits.
    pub incoming: Vec<Job>,
    /// A script waiting for an answer.
    pub effect: Option<PendingEffect>,
    /// Cards fulfilled this round, for R-TILE-PWS (`personal_workshop_same_round`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fulfilled_this_round: Vec<CardId>,
}

impl Flow {
    /// The flow of a game before setup.
    pub fn new() -> Flow {
        Flow {
            stage: Stage::Setup,
            turn: 0,
            ws_done: 0,
            fulfilled_this_turn: 0,
            acted_slot: None,
            jobs: Vec::new(),
            incoming: Vec::new(),
            effect: None,
            fulfilled_this_round: Vec::new(),
        }
    }

    /// Moves raised jobs onto the stack so the first raised runs first.
    pub fn take_incoming(&mut self) {
        while let Some(job) = self.incoming.pop() {
            self.jobs.push(job);
        }
    }
}

impl Default for Flow {
    fn default() -> Self {
        Flow::new()
    }
}
