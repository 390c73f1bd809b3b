//! Seats: one trait for every player, human or bot. A bot gets the engine (to look ahead
//! on copies of the state), the state and the decision, and returns an option index.

use std::collections::BTreeMap;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::decision::Decision;
use crate::engine::Engine;
use crate::state::GameState;

mod greedy;
mod mcts;

pub use greedy::{evaluate, GreedyAgent, GreedyWeights};
pub use mcts::{determinize, MctsAgent, MctsConfig};

/// A player seat. Implementations must base their choice only on what their seat may
/// see; look-ahead bots simulate on copies (the search bot will also re-sample hidden
/// hands and deck order).
pub trait Agent {
    /// Name for reports (`random`, `greedy`, …).
    fn name(&self) -> &str;

    /// Picks an option index of `decision`. `engine` may be used to apply answers to
    /// copies of `state`; it must not be used on anything else.
    fn choose(&mut self, engine: &mut Engine, state: &GameState, decision: &Decision) -> usize;
}

/// Picks uniformly at random, with its own RNG so it never touches the game's.
pub struct RandomAgent {
    rng: Pcg64Mcg,
}

impl RandomAgent {
    /// A random bot with its own seed.
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

impl Agent for RandomAgent {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, _engine: &mut Engine, _state: &GameState, decision: &Decision) -> usize {
        self.rng.random_range(0..decision.options.len())
    }
}

/// Bot names `make_agent` knows.
pub const BOT_NAMES: &[&str] = &["random", "greedy", "mcts"];

/// Settings for bots given on the command line; they override `[bots.NAME]` in the
/// content.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BotOptions {
    /// mcts: iterations per decision.
    pub mcts_iterations: Option<u32>,
    /// mcts: milliseconds per decision instead of a fixed number of iterations (not
    /// reproducible: how far a search gets depends on the machine).
    pub mcts_millis: Option<u64>,
}

/// Builds a bot by name, seeded, with default options.
pub fn make_agent(name: &str, seed: u64) -> Result<Box<dyn Agent>, String> {
    make_agent_with(name, seed, &BotOptions::default())
}

/// Builds a bot by name, seeded, with command-line options.
pub fn make_agent_with(
    name: &str,
    seed: u64,
    options: &BotOptions,
) -> Result<Box<dyn Agent>, String> {
    match name {
        "random" => Ok(Box::new(RandomAgent::new(seed))),
        "greedy" => Ok(Box::new(GreedyAgent::new(seed))),
        "mcts" => Ok(Box::new(MctsAgent::new(seed, options.clone()))),
        other => Err(format!(
            "unknown bot `{other}`; bots are: {}",
            BOT_NAMES.join(", ")
        )),
    }
}

/// The parameters a pack may set under `[bots.NAME]`, or `None` for an unknown bot.
pub fn bot_param_names(bot: &str) -> Option<&'static [&'static str]> {
    match bot {
        "random" => Some(&[]),
        "greedy" => Some(&GreedyWeights::NAMES),
        "mcts" => Some(&MctsConfig::NAMES),
        _ => None,
    }
}

/// Bot parameters by bot name, as read from `[bots.NAME]` in `game.toml`.
pub type BotParams = BTreeMap<String, BTreeMap<String, f64>>;
