//! Seats: one trait for every player, human or bot. Bots get the state and the decision
//! and return an option index. Later bots (greedy, search) implement the same trait.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::content::Content;
use crate::decision::Decision;
use crate::state::GameState;

/// A player seat. Implementations must read only what their seat may see: the hidden
/// parts of the state (other hands, deck order) are the search bot's to re-sample.
pub trait Agent {
    /// Name for reports (`random`, …).
    fn name(&self) -> &str;

    /// Picks an option index of `decision`.
    fn choose(&mut self, content: &Content, state: &GameState, decision: &Decision) -> usize;
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

    fn choose(&mut self, _content: &Content, _state: &GameState, decision: &Decision) -> usize {
        self.rng.random_range(0..decision.options.len())
    }
}

/// Bot names `make_agent` knows.
pub const BOT_NAMES: &[&str] = &["random"];

/// Builds a bot by name, seeded.
pub fn make_agent(name: &str, seed: u64) -> Result<Box<dyn Agent>, String> {
    match name {
        "random" => Ok(Box::new(RandomAgent::new(seed))),
        other => Err(format!(
            "unknown bot `{other}`; bots are: {}",
            BOT_NAMES.join(", ")
        )),
    }
}
