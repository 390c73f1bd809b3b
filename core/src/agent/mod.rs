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

pub use greedy::{evaluate, evaluate_all, option_estimates, GreedyAgent, GreedyWeights};
pub use mcts::{determinize, win_chances, MctsAgent, MctsConfig};

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
    /// mcts: round ends each playout runs through before it is judged (`rounds`).
    pub mcts_rounds: Option<u32>,
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
    let (base, set) = split_bot(name);
    match (base, set) {
        ("random", None) => Ok(Box::new(RandomAgent::new(seed))),
        ("greedy", set) => Ok(Box::new(GreedyAgent::with_set(seed, set))),
        ("mcts", None) => Ok(Box::new(MctsAgent::new(seed, options.clone()))),
        ("random" | "mcts", Some(_)) => Err(format!(
            "bot `{name}`: weight sets are for the greedy bot (`greedy:SET`, from `[bots.\"greedy:SET\"]` in the pack)"
        )),
        _ => Err(format!(
            "unknown bot `{name}`; bots are: {}, and greedy:SET for a weight set of the pack",
            BOT_NAMES.join(", ")
        )),
    }
}

/// A bot name split into the bot and its weight set: `greedy:rush-silk` is
/// (`greedy`, `rush-silk`).
pub fn split_bot(name: &str) -> (&str, Option<&str>) {
    match name.split_once(':') {
        Some((base, set)) => (base, Some(set)),
        None => (name, None),
    }
}

/// `Ok` when `name` is a bot this content can seat: a built-in bot, or `greedy:SET`
/// for a weight set `[bots."greedy:SET"]` the pack declares.
pub fn check_bot(name: &str, content: &crate::content::Content) -> Result<(), String> {
    make_agent_with(name, 0, &BotOptions::default())?;
    if let (_, Some(set)) = split_bot(name) {
        if !content.bot_params.contains_key(name) {
            let sets: Vec<&str> = content
                .bot_params
                .keys()
                .filter_map(|k| k.strip_prefix("greedy:"))
                .collect();
            return Err(format!(
                "bot `{name}`: the pack has no weight set `{set}` ([bots.\"greedy:{set}\"] in game.toml); {}",
                if sets.is_empty() {
                    "it declares none".to_string()
                } else {
                    format!("its sets are: {}", sets.join(", "))
                }
            ));
        }
    }
    Ok(())
}

/// The parameters a pack may set under `[bots.NAME]` (or `[bots."greedy:SET"]`, a
/// weight set), or `None` for an unknown bot.
pub fn bot_param_names(bot: &str) -> Option<&'static [&'static str]> {
    match bot.strip_prefix("greedy:").map_or(bot, |_| "greedy") {
        "random" => Some(&[]),
        "greedy" => Some(&GreedyWeights::NAMES),
        "mcts" => Some(&MctsConfig::NAMES),
        _ => None,
    }
}

/// Bot parameters by bot name, as read from `[bots.NAME]` in `game.toml`.
pub type BotParams = BTreeMap<String, BTreeMap<String, f64>>;
