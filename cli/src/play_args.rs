//! The flags of every command that plays bot games (`sim`, `compare`, `ablate`,
//! `sweep`): players, run seed, workers, the per-game watchdog and the mcts bot's
//! iterations. Each command keeps its own `--games` and `--bots`, whose defaults differ.

use clap::Args;
use weft_core::agent::BotOptions;
use weft_core::sim::{Limits, SimConfig};
use weft_core::Content;

/// Flags shared by the commands that play bot games.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    /// Players per game.
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    /// Run seed; game i is seeded from (seed, i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Wall-clock seconds one game may take before the watchdog stops it (0: none).
    #[arg(long, default_value_t = 120.0, value_parser = game_seconds)]
    pub game_seconds: f64,
    /// Iterations per decision for the mcts bot (default 100, or `[bots.mcts]`).
    #[arg(long, value_name = "N")]
    pub mcts_iterations: Option<u32>,
    /// Rounds each mcts playout plays into before the evaluation judges it, stopping at
    /// the first question of the last (the searcher's own decisions greedy, the others'
    /// random), so the bot sees what a round's end pays; 0 for the searcher's next turn
    /// only (default 0, or `[bots.mcts] rounds`); 99 plays on to the game's end.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=99))]
    pub mcts_rounds: Option<u32>,
}

/// `--game-seconds`: 0 (no watchdog) to a year.
fn game_seconds(text: &str) -> Result<f64, String> {
    weft_core::limits::parse_seconds(text, Some("0 turns the watchdog off"))
}

impl PlayArgs {
    /// A run of `games` games with `bots` by seat, under these flags.
    pub fn config(&self, games: u64, bots: &[String]) -> SimConfig {
        let mut cfg = SimConfig::new(self.players, games, self.seed, &[]);
        cfg.bots = bots.to_vec();
        if let Some(j) = self.jobs {
            cfg.jobs = j.max(1);
        }
        cfg.limits = Limits {
            game_seconds: (self.game_seconds > 0.0).then_some(self.game_seconds),
            stop: None,
        };
        cfg.bot_options = BotOptions {
            mcts_iterations: self.mcts_iterations,
            mcts_millis: None,
            mcts_rounds: self.mcts_rounds,
        };
        cfg
    }

    /// An error when `--bots` names more bots than there are seats: the list is cycled
    /// over the seats, so the extra ones would never play.
    pub fn check_bots(&self, bots: &[String]) -> anyhow::Result<()> {
        if bots.len() > self.players {
            anyhow::bail!(
                "error: --bots names {} bots for {}; give at most {} (the list is cycled over the seats, so `{}` would never play)",
                bots.len(),
                weft_core::text::plural(self.players as u64, "player"),
                self.players,
                bots[self.players..].join(",")
            );
        }
        Ok(())
    }

    /// An error unless `content` (named `which` in the message) can be played at
    /// `--players`.
    pub fn check_players(&self, content: &Content, which: &str) -> anyhow::Result<()> {
        let known = u8::try_from(self.players).is_ok_and(|n| content.setup.contains_key(&n));
        if self.players == 0 || !known {
            anyhow::bail!(
                "error: {which} supports {} players, not {}",
                weft_core::text::list(&content.player_counts(), "or"),
                self.players
            );
        }
        Ok(())
    }
}
