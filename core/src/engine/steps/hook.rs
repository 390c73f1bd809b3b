//! `{ do = "hook", on = "nodes", hook = "NAME" }` calls one hook of every board node
//! that defines it, in slot order, for no player: `setup`, or any hook the pack names
//! (Tabriz's `restock` and `roll`, R-WS-1, R-WS-3); `{ do = "hook", run =
//! "module.function", on = "game" | "players" | "player" }` calls a function of the
//! pack (a game hook); `{ do = "hook", on = "cards", hook = "NAME" }` runs the hook
//! point NAME of every card each player holds that defines it, for its holder, players in
//! turn order from the first (a character's power, [`crate::powers`]).

use serde::Deserialize;

use super::ProgramNames;
use super::StepCx;
use crate::error::EngineError;
use crate::events::EventLog;
use crate::flow::{Hook, HookCall, Job, Owner};
use crate::state::GameState;

use super::turns::TurnOrder;
use super::{Next, StepKind, StepToml, Traits};
use crate::engine::interp::next_step;
use crate::engine::Engine;

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

/// The fields of a `hook` step.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct HookToml {
    on: Option<String>,
    hook: Option<String>,
    run: Option<String>,
    params: Option<toml::Table>,
}

const EXAMPLE: &str = "{ do = \"hook\", on = \"nodes\", hook = \"harvest\" } or { do = \"hook\", run = \"rules.income\" }";

impl StepToml for HookToml {
    fn compile(self, cx: &mut dyn StepCx<'_>) -> Option<Box<dyn StepKind>> {
        let what = cx.what().to_string();
        if let Some(run) = &self.run {
            if self.hook.is_some() {
                cx.fail(
                    Some("hook"),
                    format!("{what} has both `run` and `hook`"),
                    "`run = \"module.function\"` calls a function of the pack; `hook = \"NAME\", on = \"nodes\"` calls every node's hook: keep one",
                );
            }
            let on = match self.on.as_deref() {
                None | Some("game") => HookOn::Game,
                Some("players") => HookOn::Players,
                Some("player") => HookOn::Player,
                Some(other) => {
                    cx.fail(
                        Some("on"),
                        format!("{what}: on = \"{other}\" is not a target for a `run` hook"),
                        "with `run`, on is game (the default: once, for no player), players (once per player from the first) or player (the player whose turn it is)",
                    );
                    return None;
                }
            };
            let hook = cx.game_hook("run", run, self.params.as_ref())?;
            return Some(Box::new(GameHookStep { hook, on }));
        }
        if self.params.is_some() {
            cx.fail(
                Some("params"),
                format!("{what} has `params` but no `run` function to hand them to"),
                "add run = \"module.function\", or remove params",
            );
        }
        let on = cx.need("on", &self.on, EXAMPLE);
        let hook = cx.need("hook", &self.hook, EXAMPLE);
        if on.as_deref() == Some("cards") {
            let Hook::Named(point) = cx.named_hook("hook", &hook?, false)? else {
                return None;
            };
            return Some(Box::new(CardHooksStep { point }));
        }
        if let Some(on) = on.as_deref().filter(|o| *o != "nodes") {
            cx.fail(
                Some("on"),
                format!("{what}: on = \"{on}\" with `hook`: a named hook runs on = \"nodes\" (every board node's, for no player) or on = \"cards\" (every held card's, for its holder)"),
                "write on = \"nodes\" or on = \"cards\", or call a function of the pack with run = \"module.function\", on = \"game\", \"players\" or \"player\"",
            );
        }
        let hook = hook?;
        let hook = match hook.as_str() {
            "setup" => Hook::Setup,
            name => cx.named_hook("hook", name, true)?,
        };
        Some(Box::new(NodeHooksStep { hook }))
    }
}

/// Calls one hook of every board node that defines it, in slot order. These hooks act
/// for no player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeHooksStep {
    /// Which hook: [`Hook::Setup`] or a [`Hook::Named`].
    pub hook: Hook,
}

impl StepKind for NodeHooksStep {
    fn name(&self) -> &'static str {
        "hook"
    }

    fn outline(&self, prog: &dyn ProgramNames, gate: &str) -> String {
        format!("every node's `{}` hook{gate}", prog.hook_name(self.hook))
    }

    fn node_hook(&self) -> Option<Hook> {
        Some(self.hook)
    }

    fn run(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        _log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        eng.queue_board_hooks(st, self.hook);
        next_step(st);
        Ok(Next::Continue)
    }
}

/// Runs hook point `point` of every card each player holds that defines it, for its
/// holder: players in turn order from the first, each one's cards in zone and position
/// order ([`Job::Trigger`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardHooksStep {
    /// The hook point (an index into the program's named hooks).
    pub point: u8,
}

impl StepKind for CardHooksStep {
    fn name(&self) -> &'static str {
        "hook"
    }

    fn traits(&self) -> Traits {
        Traits {
            may_ask: true,
            ..Traits::NONE
        }
    }

    fn outline(&self, prog: &dyn ProgramNames, gate: &str) -> String {
        format!(
            "every held card's `{}` hook, for its holder{gate}",
            prog.hook_name(Hook::Named(self.point))
        )
    }

    fn run(
        &self,
        _eng: &mut Engine,
        st: &mut GameState,
        _log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        let n = st.players.len();
        // Pushed last first, so the first player's cards run first.
        for k in (0..n).rev() {
            let player = TurnOrder::FromFirst.player(k, st.first_player, n);
            st.flow.jobs.push(Job::Trigger {
                player,
                hook: self.point,
                arg: String::new(),
            });
        }
        next_step(st);
        Ok(Next::Continue)
    }
}

/// Calls a Lua function of the pack, the program's game hooks`[hook]`, for `on`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameHookStep {
    /// Which function.
    pub hook: u16,
    /// For whom.
    pub on: HookOn,
}

impl StepKind for GameHookStep {
    fn name(&self) -> &'static str {
        "hook"
    }

    fn traits(&self) -> Traits {
        Traits {
            needs_player: self.on == HookOn::Player,
            may_ask: self.on != HookOn::Game,
            ..Traits::NONE
        }
    }

    fn game_hook(&self) -> Option<(u16, HookOn)> {
        Some((self.hook, self.on))
    }

    fn outline(&self, prog: &dyn ProgramNames, gate: &str) -> String {
        let whom = match self.on {
            HookOn::Game => "",
            HookOn::Players => " for each player",
            HookOn::Player => " for the player",
        };
        format!("`{}`{whom}{gate}", prog.game_hook_name(self.hook))
    }

    fn run(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        _log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        let owner = Owner::Game { hook: self.hook };
        let job = |player| Job::Hook {
            call: HookCall {
                owner,
                hook: Hook::Run,
                player,
            },
        };
        let n = st.players.len();
        match self.on {
            HookOn::Game => st.flow.jobs.push(job(None)),
            HookOn::Player => {
                let p = eng.turn_player(st, "hook")?;
                st.flow.jobs.push(job(Some(p)));
            }
            // In turn order: pushed last first, so the first player runs first.
            HookOn::Players => {
                for k in (0..n).rev() {
                    let p = TurnOrder::FromFirst.player(k, st.first_player, n);
                    st.flow.jobs.push(job(Some(p)));
                }
            }
        }
        next_step(st);
        Ok(Next::Continue)
    }
}
