//! A game reviewed move by move: a replay played once with every position kept, so a
//! viewer can step forward and back, jump to a round, see the options of each decision
//! and the one chosen, what each option was worth to the greedy bot, each seat's
//! standing over the game, and (analysed) each seat's chance to win from a position.
//! When the packs are edited, [`Review::diverge`] plays the same answers on the new
//! content and says where the game first goes differently (`weft serve --watch`).

use std::collections::BTreeMap;
use std::sync::Arc;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::agent::{
    evaluate_all, option_estimates, win_chances, Agent, GreedyAgent, GreedyWeights,
};
use crate::content::Content;
use crate::decision::{Answer, Decision};
use crate::engine::Engine;
use crate::events::{Event, EventLog};
use crate::replay::Replay;
use crate::sim::game_seed;
use crate::state::GameState;

/// A replay's game with every position kept.
pub struct Review {
    content: Arc<Content>,
    engine: Engine,
    replay: Replay,
    /// `states[k]`: the position before answer `k`; the last one after every answer
    /// played.
    states: Vec<GameState>,
    /// The option index each answer chose.
    chosen: Vec<usize>,
    /// Every event, and how many there were before each answer (one more entry: all).
    events: Vec<Event>,
    events_before: Vec<usize>,
    /// The first answer that did not play (1-based number, key, why), if any.
    stopped: Option<(usize, String, String)>,
    /// The greedy bot's value of each option, by answer, once asked for.
    values: BTreeMap<usize, Vec<f64>>,
    /// Chances to win, by answer, analyst and playouts, once asked for.
    chances: BTreeMap<(usize, Analyst, u32), Vec<f64>>,
}

/// How [`Review::chances`] estimates each seat's chance to win from a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Analyst {
    /// A tree search (the mcts bot's, [`win_chances`]): each playout one iteration,
    /// played to the end with every seat on greedy's one-step policy, the tree steering
    /// each seat towards its better options; each seat's mean win share.
    Search,
    /// Games played on by greedy bots, each seat's share of wins.
    Greedy,
}

impl Analyst {
    /// The name on the command line and in the API (`mcts`, `greedy`).
    pub fn name(self) -> &'static str {
        match self {
            Analyst::Search => "mcts",
            Analyst::Greedy => "greedy",
        }
    }
}

/// Where a game goes differently on edited packs.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Divergence {
    /// The answer (0-based) from which it differs; `None`: the same game to its end.
    pub at: Option<usize>,
    /// Why: the answer is no longer offered (or fails), or the position after it
    /// differs.
    pub why: String,
}

impl Review {
    /// Plays `replay` on `content`, keeping every position. Its answers are played while
    /// they are options and run; [`Review::stopped`] says where they stopped.
    pub fn new(content: Arc<Content>, replay: Replay) -> Result<Review, String> {
        replay.validate().map_err(|e| e.to_string())?;
        let mut engine = Engine::with_lua(Arc::clone(&content)).map_err(|e| e.to_string())?;
        let mut log = EventLog::recording();
        let mut st = engine
            .new_game_logged(replay.players, replay.seed, &mut log)
            .map_err(|e| format!("the game cannot be set up: {e}"))?;
        let mut states = Vec::with_capacity(replay.answers.len() + 1);
        let mut chosen = Vec::with_capacity(replay.answers.len());
        let mut events_before = Vec::with_capacity(replay.answers.len() + 1);
        let mut stopped = None;
        for (i, key) in replay.answers.iter().enumerate() {
            let Some(index) = st.decision().and_then(|d| d.index_of(key)) else {
                let why = if st.is_over() {
                    "the game is already over".to_string()
                } else {
                    format!("`{key}` is not an option there")
                };
                stopped = Some((i + 1, key.to_string(), why));
                break;
            };
            let before = st.clone();
            let mark = log.events.len();
            if let Err(e) = engine.apply_logged(&mut st, Answer::Index(index), &mut log) {
                stopped = Some((i + 1, key.to_string(), e.to_string()));
                break;
            }
            states.push(before);
            chosen.push(index);
            events_before.push(mark);
        }
        states.push(st);
        events_before.push(log.events.len());
        Ok(Review {
            content,
            engine,
            replay,
            states,
            chosen,
            events: log.events,
            events_before,
            stopped,
            values: BTreeMap::new(),
            chances: BTreeMap::new(),
        })
    }

    /// The content it is played on.
    pub fn content(&self) -> &Arc<Content> {
        &self.content
    }

    /// The replay reviewed.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// Answers played (the positions are `0..=answers()`).
    pub fn answers(&self) -> usize {
        self.chosen.len()
    }

    /// The first answer that did not play on this content (1-based number, key, why).
    pub fn stopped(&self) -> Option<&(usize, String, String)> {
        self.stopped.as_ref()
    }

    /// The position before answer `k` (after every answer for `k` = [`Review::answers`]).
    pub fn state(&self, k: usize) -> &GameState {
        &self.states[k.min(self.states.len() - 1)]
    }

    /// The question answer `k` answered, and the option it chose.
    pub fn decision(&self, k: usize) -> Option<(&Decision, usize)> {
        let d = self.states.get(k)?.decision()?;
        Some((d, *self.chosen.get(k)?))
    }

    /// The events before position `k` (setup and answers `0..k`), and how many of
    /// them came before answer `k - 1`: the last answer's events are `[from..]`.
    pub fn events_to(&self, k: usize) -> (&[Event], usize) {
        let k = k.min(self.chosen.len());
        let end = self.events_before[k];
        let from = if k == 0 { 0 } else { self.events_before[k - 1] };
        (&self.events[..end], from)
    }

    /// The first position of each round: `(round, k)`.
    pub fn rounds(&self) -> Vec<(u32, usize)> {
        let mut out: Vec<(u32, usize)> = Vec::new();
        for (k, st) in self.states.iter().enumerate() {
            if out.last().is_none_or(|&(r, _)| r != st.round) {
                out.push((st.round, k));
            }
        }
        out
    }

    /// What each option of decision `k` was worth to the greedy bot (see
    /// [`option_estimates`]; the same values every time).
    pub fn values(&mut self, k: usize) -> Option<Vec<f64>> {
        if let Some(v) = self.values.get(&k) {
            return Some(v.clone());
        }
        let st = self.states.get(k)?.clone();
        let d = st.decision()?.clone();
        let mut rng = Pcg64Mcg::seed_from_u64(game_seed(self.replay.seed, k as u64));
        let v = option_estimates(&mut self.engine, &st, &d, None, &mut rng);
        self.values.insert(k, v.clone());
        Some(v)
    }

    /// Each seat's standing at every position: the greedy bot's evaluation of the
    /// position for that seat (counters by their weights plus the pack's score
    /// estimate), by position.
    pub fn standings(&mut self) -> Vec<Vec<f64>> {
        let w = GreedyWeights::from_content(&self.content);
        let engine = &mut self.engine;
        self.states
            .iter()
            .map(|st| evaluate_all(engine, st, &w))
            .collect()
    }

    /// Each seat's chance to win from position `k`, estimated by `analyst` with
    /// `playouts` games played on from it (see [`Analyst`]); a finished game's chances
    /// are its result (ties shared). `None` past the end.
    pub fn chances(&mut self, k: usize, playouts: u32, analyst: Analyst) -> Option<Vec<f64>> {
        let playouts = playouts.max(1);
        if let Some(c) = self.chances.get(&(k, analyst, playouts)) {
            return Some(c.clone());
        }
        let start = self.states.get(k)?.clone();
        let seed = game_seed(self.replay.seed ^ 0x5eed, k as u64);
        let c = match (&start.result, analyst) {
            (Some(r), _) => (0..start.players.len())
                .map(|p| {
                    if r.winners.contains(&p) {
                        1.0 / r.winners.len() as f64
                    } else {
                        0.0
                    }
                })
                .collect(),
            (None, Analyst::Search) => win_chances(&mut self.engine, &start, playouts, seed)
                .unwrap_or_else(|| vec![0.0; start.players.len()]),
            (None, Analyst::Greedy) => self.greedy_chances(&start, playouts, seed),
        };
        self.chances.insert((k, analyst, playouts), c.clone());
        Some(c)
    }

    /// The share of `playouts` games played on from `start` by greedy bots (the unseen
    /// cards re-dealt and the dice re-seeded for each) that each seat wins, ties shared.
    fn greedy_chances(&mut self, start: &GameState, playouts: u32, seed: u64) -> Vec<f64> {
        let players = start.players.len();
        let mut wins = vec![0.0; players];
        for i in 0..playouts {
            let seed = game_seed(seed, u64::from(i));
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut sim = start.clone();
            let asked = sim.decision().map_or(0, |d| d.player);
            crate::agent::determinize(&self.content, &mut sim, asked, &mut rng);
            let mut bots: Vec<GreedyAgent> = (0..players)
                .map(|p| GreedyAgent::new(game_seed(seed, p as u64)))
                .collect();
            for _ in 0..crate::limits::MAX_DECISIONS {
                let Some(d) = sim.decision().cloned() else {
                    break;
                };
                let pick = bots[d.player].choose(&mut self.engine, &sim, &d);
                if self.engine.apply_disposable(&mut sim, pick).is_err() {
                    break;
                }
            }
            if let Some(r) = &sim.result {
                for &w in &r.winners {
                    wins[w] += 1.0 / r.winners.len() as f64;
                }
            }
        }
        wins.iter().map(|w| w / f64::from(playouts)).collect()
    }

    /// Where the same answers go differently on `content` (the packs edited): the first
    /// answer no longer offered or failing, or the first position that differs from
    /// this review's.
    pub fn diverge(&self, content: &Arc<Content>) -> Result<Divergence, String> {
        let other = Review::new(Arc::clone(content), self.replay.clone())?;
        let same_len = self.states.len().min(other.states.len());
        for k in 0..same_len {
            if self.states[k].hash() != other.states[k].hash() {
                let why = if k == 0 {
                    "the game is set up differently".to_string()
                } else {
                    format!(
                        "after answer {} (`{}`) the position differs",
                        k,
                        self.replay.answers[k - 1]
                    )
                };
                return Ok(Divergence {
                    at: Some(k.saturating_sub(1)),
                    why,
                });
            }
        }
        // Where each stopped (the answers played); the earlier stop is where they part.
        let stop = |r: &Review| r.stopped.as_ref().map(|(n, _, _)| *n);
        match (stop(self), stop(&other)) {
            (a, b) if a == b => {}
            (Some(m), Some(n)) if m < n => {
                let (_, key, _) = self.stopped.as_ref().expect("stopped");
                return Ok(Divergence {
                    at: Some(m - 1),
                    why: format!("answer {m} (`{key}`), which did not go before, goes now"),
                });
            }
            (Some(m), None) => {
                let (_, key, _) = self.stopped.as_ref().expect("stopped");
                return Ok(Divergence {
                    at: Some(m - 1),
                    why: format!("answer {m} (`{key}`), which did not go before, goes now"),
                });
            }
            _ => {
                let (n, key, why) = other.stopped().expect("stopped first");
                return Ok(Divergence {
                    at: Some(n - 1),
                    why: format!("answer {n} (`{key}`) no longer goes: {why}"),
                });
            }
        }
        // The answer a saved game failed on (on the game itself, not on a bot's copy):
        // failing on these packs, does it go on the new ones?
        let failing = self
            .replay
            .failing_answer
            .as_ref()
            .filter(|_| !self.replay.met_on_copy && other.stopped.is_none());
        if let Some(key) = failing {
            let goes = |content: &Arc<Content>, st: &GameState| -> Result<bool, String> {
                let mut st = st.clone();
                let mut engine =
                    Engine::with_lua(Arc::clone(content)).map_err(|e| e.to_string())?;
                Ok(st
                    .decision()
                    .and_then(|d| d.index_of(key))
                    .is_some_and(|i| engine.apply(&mut st, i).is_ok()))
            };
            if !goes(&self.content, self.state(self.answers()))?
                && goes(content, other.state(other.answers()))?
            {
                return Ok(Divergence {
                    at: Some(other.answers()),
                    why: format!(
                        "answer {} (`{key}`), which failed, goes now",
                        other.answers() + 1
                    ),
                });
            }
        }
        Ok(Divergence {
            at: None,
            why: "the same game to its end".into(),
        })
    }
}
