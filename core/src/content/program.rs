//! The round as a program (issue 11): the phases, turns and steps a pack declares in
//! `game.toml`'s `[flow]`, resolved into indices once at load. The engine runs it with
//! a stack of frames (see [`crate::flow::Frame`]); this module is only its read-only
//! shape.
//!
//! **Architecture Invariant:** a program is plain data inside [`crate::Content`]; no
//! step names a game. Twelve step kinds (`hook`, `turns`, `move`, `act`, `play`, `menu`,
//! `place`, `resolve`, `reset`, `first_player`, `block`, and the end rule beside them)
//! cover Tabriz's round and worker placement; what does not fit is a Lua hook.

use crate::content::CounterId;
use crate::flow::Hook;

/// Index of a block in [`Program::blocks`].
pub type BlockId = u16;

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
    /// `[score] estimate = "per_player"`, where it was declared: bots valuing one player
    /// run the `on = "players"` end hooks for that player alone.
    pub per_player_estimate: Option<String>,
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

/// For whom a game hook runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HookOn {
    /// Once, for no player (`on = "game"`, the default): it may not ask questions.
    Game,
    /// Once per player, in turn order from the first player (`on = "players"`).
    Players,
    /// For the player whose turn it is (`on = "player"`, inside a `turns` body).
    Player,
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
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// What it does.
    pub kind: StepKind,
    /// Rounds in which it runs.
    pub rounds: RoundGate,
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

/// The step kinds Rust runs.
#[derive(Debug, Clone, PartialEq)]
pub enum StepKind {
    /// Run another block, then go on (`{ do = "block", block = "NAME" }`; also every
    /// entry of the `setup` and `round` lists).
    Block(BlockId),
    /// Call one hook of every board node that defines it, in slot order (`{ do = "hook",
    /// on = "nodes", hook = "restock" }`). These hooks act for no player.
    NodeHooks(Hook),
    /// Call a Lua function of the pack (`{ do = "hook", run = "rules.income", on =
    /// "players" }`), index into [`Program::game_hooks`].
    GameHook {
        /// Which function.
        hook: u16,
        /// For whom.
        on: HookOn,
    },
    /// Turns: run `body` once per turn, the player chosen by `order`, until `count`
    /// turns have been taken (R-ROUND-2, R-WS-4).
    Turns {
        /// Who plays each turn.
        order: TurnOrder,
        /// How many turns.
        count: TurnCount,
        /// The block each turn runs.
        body: BlockId,
    },
    /// Move one standing piece along the board graph (R-MOVE-1..7, R-PLAZA-1).
    Move(MoveStep),
    /// Offer the action of the node the turn's piece moved to, or pass (R-ACT-1/2).
    Act,
    /// Play cards from hand whose cost the player holds, up to a limit, or pass
    /// (R-FUL-1..3, R-SKILL-5).
    Play(PlayStep),
    /// Offer each owned card's use once, then `done` (R-WS-4).
    Menu,
    /// Place one worker in an area, on its leftmost free usable space (C-PLACE-1..6).
    Place(PlaceStep),
    /// Resolve every placed worker, area by area, left to right (C-RES-1..3).
    Resolve(ResolveStep),
    /// Stand every piece again (R-WS-2) and/or clear the areas (C-ROUND-3).
    Reset(ResetStep),
    /// Pass the first-player marker (R-WS-5).
    FirstPlayer(FirstPlayerRule),
    /// Fill a grid zone's empty positions from a pile (C-SETUP-3, C-RESET-3/4).
    Refill(RefillStep),
}

impl StepKind {
    /// The `do = "…"` name of the kind.
    pub fn name(&self) -> &'static str {
        match self {
            StepKind::Block(_) => "block",
            StepKind::NodeHooks(_) | StepKind::GameHook { .. } => "hook",
            StepKind::Turns { .. } => "turns",
            StepKind::Move(_) => "move",
            StepKind::Act => "act",
            StepKind::Play(_) => "play",
            StepKind::Menu => "menu",
            StepKind::Place(_) => "place",
            StepKind::Resolve(_) => "resolve",
            StepKind::Reset(_) => "reset",
            StepKind::FirstPlayer(_) => "first_player",
            StepKind::Refill(_) => "refill",
        }
    }

    /// Whether the step acts for the player whose turn it is, so it must sit inside a
    /// `turns` body.
    pub fn needs_player(&self) -> bool {
        matches!(
            self,
            StepKind::Move(_)
                | StepKind::Act
                | StepKind::Play(_)
                | StepKind::Menu
                | StepKind::Place(_)
                | StepKind::GameHook {
                    on: HookOn::Player,
                    ..
                }
        )
    }
}

/// Who takes each turn of a `turns` step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnOrder {
    /// Clockwise from the first player (`from_first`).
    FromFirst,
    /// Counter-clockwise, ending with the first player (`reverse`).
    Reverse,
    /// Seat order from seat 1, whoever is first (`seat`).
    Seat,
}

impl TurnOrder {
    /// The player of turn `iter` with `n` players and `first` holding the marker.
    pub fn player(self, iter: usize, first: usize, n: usize) -> usize {
        let k = iter % n;
        match self {
            TurnOrder::FromFirst => (first + k) % n,
            TurnOrder::Reverse => (first + n - 1 - k) % n,
            TurnOrder::Seat => k,
        }
    }
}

/// How many turns a `turns` step runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnCount {
    /// Each player `N` turns (`until = "once"` is 1, `"each:N"` is N).
    Each(u16),
    /// Each player one turn per piece they own (`until = "each:pieces"`).
    EachPiece,
    /// Turns go round, passing over players who cannot place a worker, until no one
    /// can (`until = "all_placed"`, C-PLACE-1, C-PLACE-6).
    AllPlaced,
}

impl TurnCount {
    /// Turns in all with `n` players and `pieces` pieces each; for
    /// [`TurnCount::AllPlaced`] the most turn positions the loop may take with `workers`
    /// workers each (every turn that is taken places one, and a pass of `n` positions
    /// without any placement is impossible unless no one can place), a safety net.
    pub fn total(self, n: usize, pieces: usize, workers: usize) -> usize {
        match self {
            TurnCount::Each(k) => n * k as usize,
            TurnCount::EachPiece => n * pieces,
            TurnCount::AllPlaced => n * (n * workers + 1),
        }
    }
}

/// The parameters of a `place` step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlaceStep {
    /// The game hook (index into [`Program::game_hooks`]) run for the player after each
    /// placement (`after = "module.function"`, C-ROW-1).
    pub after: Option<u16>,
}

/// The parameters of a `resolve` step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolveStep {
    /// What declining a worker's action pays (C-RES-2), e.g. 2 coins.
    pub decline: Vec<(CounterId, u32)>,
    /// The same for people, e.g. `2 coins` (`nothing` when it pays nothing).
    pub text: String,
}

/// The parameters of a `reset` step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResetStep {
    /// Stand every piece again (`pieces = "stand"`, R-WS-2).
    pub stand_pieces: bool,
    /// Empty every area's spaces, reopen closed areas and free their second-stage
    /// spaces (`areas = "clear"`, C-ROUND-3).
    pub clear_areas: bool,
}

/// The parameters of a `refill` step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefillStep {
    /// The grid zone filled.
    pub zone: crate::content::ZoneId,
    /// The pile drawn from, by round (round 1 first; the last entry repeats).
    pub from: Vec<crate::content::ZoneId>,
    /// For people: `display from deck_a (rounds 1–3), deck_b`.
    pub text: String,
}

impl RefillStep {
    /// The pile drawn from in `round` (from 1; setup counts as round 1).
    pub fn source(&self, round: u32) -> crate::content::ZoneId {
        let i = (round.max(1) as usize - 1).min(self.from.len() - 1);
        self.from[i]
    }
}

/// The parameters of a `move` step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveStep {
    /// The ability that gives the range (R-MOVE-2), e.g. `move_range`.
    pub range: String,
}

/// The parameters of a `play` step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayStep {
    /// The ability that limits plays per turn (R-SKILL-5), or none for no limit.
    pub limit: Option<String>,
}

/// How a `first_player` step passes the marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstPlayerRule {
    /// To the next seat clockwise (`next_seat`).
    NextSeat,
    /// Nowhere (`keep`).
    Keep,
}

impl Program {
    /// Tabriz's round (R-ROUND-1/2, R-WS-1..5, R-MOVE, R-ACT, R-FUL), the program of a
    /// pack that declares no `[flow]`.
    pub fn tabriz() -> Program {
        let step = |kind| Step {
            kind,
            rounds: RoundGate::always(),
        };
        let block = |id: &str, rounds: RoundGate, steps: Vec<Step>| Block {
            id: id.into(),
            rounds,
            steps,
            declared_at: "built in".into(),
        };
        Program {
            potential: None,
            per_player_estimate: None,
            blocks: vec![
                block("setup", RoundGate::always(), vec![step(StepKind::Block(3))]),
                block(
                    "round",
                    RoundGate::always(),
                    vec![step(StepKind::Block(4)), step(StepKind::Block(6))],
                ),
                block("end", RoundGate::always(), Vec::new()),
                block(
                    "tiles_setup",
                    RoundGate::always(),
                    vec![step(StepKind::NodeHooks(Hook::Setup))],
                ),
                // R-ROUND-1: no workshop phase in round 1.
                block(
                    "workshop",
                    RoundGate {
                        only: None,
                        skip: vec![1],
                    },
                    vec![
                        step(StepKind::NodeHooks(Hook::Restock)), // R-WS-1
                        step(StepKind::Reset(ResetStep {
                            stand_pieces: true,
                            clear_areas: false,
                        })), // R-WS-2
                        step(StepKind::NodeHooks(Hook::Roll)),    // R-WS-3
                        // R-WS-4 DECISION: one player at a time from the first player.
                        step(StepKind::Turns {
                            order: TurnOrder::FromFirst,
                            count: TurnCount::Each(1),
                            body: 5,
                        }),
                        step(StepKind::FirstPlayer(FirstPlayerRule::NextSeat)), // R-WS-5
                    ],
                ),
                block(
                    "workshop_turn",
                    RoundGate::always(),
                    vec![step(StepKind::Menu)],
                ),
                // R-ROUND-2: every player takes one turn per piece.
                block(
                    "turns",
                    RoundGate::always(),
                    vec![step(StepKind::Turns {
                        order: TurnOrder::FromFirst,
                        count: TurnCount::EachPiece,
                        body: 7,
                    })],
                ),
                block(
                    "turn",
                    RoundGate::always(),
                    vec![
                        step(StepKind::Move(MoveStep {
                            range: "move_range".into(),
                        })),
                        step(StepKind::Act),
                        step(StepKind::Play(PlayStep {
                            limit: Some("fulfil_per_turn".into()),
                        })),
                    ],
                ),
            ],
            declared_at: "built in".into(),
            game_hooks: Vec::new(),
        }
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
            match &step.kind {
                StepKind::Block(b) => {
                    let inner = &self.blocks[*b as usize];
                    let gate = gate_text(&inner.rounds);
                    out.push_str(&format!("{pad}{}{gate}\n", inner.id));
                    self.outline_block(*b, depth + 1, out);
                }
                StepKind::Turns { order, count, body } => {
                    let order = match order {
                        TurnOrder::FromFirst => "clockwise from the first player",
                        TurnOrder::Reverse => "counter-clockwise, first player last",
                        TurnOrder::Seat => "in seat order",
                    };
                    let count = match count {
                        TurnCount::Each(1) => "one turn each".to_string(),
                        TurnCount::Each(k) => format!("{k} turns each"),
                        TurnCount::EachPiece => "one turn per piece".to_string(),
                        TurnCount::AllPlaced => "until every worker is placed".to_string(),
                    };
                    let name = &self.blocks[*body as usize].id;
                    out.push_str(&format!("{pad}turns ({count}, {order}){gate}: {name}\n"));
                    self.outline_block(*body, depth + 1, out);
                }
                StepKind::GameHook { hook, on } => {
                    let h = &self.game_hooks[*hook as usize];
                    let whom = match on {
                        HookOn::Game => "",
                        HookOn::Players => " for each player",
                        HookOn::Player => " for the player",
                    };
                    out.push_str(&format!("{pad}`{}.{}`{whom}{gate}\n", h.module, h.function))
                }
                StepKind::NodeHooks(h) => {
                    out.push_str(&format!("{pad}every node's `{}` hook{gate}\n", h.name()))
                }
                StepKind::Move(m) => {
                    out.push_str(&format!("{pad}move a piece (range: {}){gate}\n", m.range))
                }
                StepKind::Act => out.push_str(&format!("{pad}take the node's action{gate}\n")),
                StepKind::Play(p) => out.push_str(&format!(
                    "{pad}play cards from hand{}{gate}\n",
                    p.limit
                        .as_ref()
                        .map(|l| format!(" (limit: {l})"))
                        .unwrap_or_default()
                )),
                StepKind::Menu => out.push_str(&format!("{pad}use each owned card once{gate}\n")),
                StepKind::Place(p) => out.push_str(&format!(
                    "{pad}place a worker in an area{}{gate}\n",
                    p.after
                        .map(|h| {
                            let h = &self.game_hooks[h as usize];
                            format!(", then `{}.{}`", h.module, h.function)
                        })
                        .unwrap_or_default()
                )),
                StepKind::Resolve(r) => out.push_str(&format!(
                    "{pad}resolve every placed worker, area by area (decline: {}){gate}\n",
                    r.text
                )),
                StepKind::Reset(r) => {
                    let what = match (r.stand_pieces, r.clear_areas) {
                        (true, true) => "stand all pieces and clear the areas",
                        (true, false) => "stand all pieces",
                        (false, true) => "clear the areas",
                        (false, false) => "nothing",
                    };
                    out.push_str(&format!("{pad}{what}{gate}\n"))
                }
                StepKind::Refill(r) => out.push_str(&format!("{pad}refill {}{gate}\n", r.text)),
                StepKind::FirstPlayer(r) => out.push_str(&format!(
                    "{pad}first player: {}{gate}\n",
                    match r {
                        FirstPlayerRule::NextSeat => "passes clockwise",
                        FirstPlayerRule::Keep => "stays",
                    }
                )),
            }
        }
    }
}

fn gate_text(g: &RoundGate) -> String {
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

    #[test]
    fn tabriz_outline_reads_as_the_round() {
        let o = Program::tabriz().outline();
        assert!(o.contains("workshop [not in round 1]"), "{o}");
        assert!(
            o.contains("turns (one turn per piece, clockwise from the first player): turn"),
            "{o}"
        );
    }
}
