//! The search bot: single-observer information-set Monte Carlo tree search (SO-ISMCTS,
//! Cowling, Powley and Whitehouse 2012) over the engine's own decisions.
//!
//! Each iteration:
//! 1. **Determinize.** Copy the state and re-deal what the searching seat cannot see:
//!    the other players' hands and the order of every draw pile, shuffled together per
//!    grade. The copy's RNG is re-seeded from the bot's own RNG, so the search never
//!    knows the real future dice and never consumes the game's random stream.
//! 2. **Select and expand.** From the root, follow UCB1 over the options that are legal
//!    in this determinization (each option is a tree edge, named by its stable key), and
//!    add one untried option.
//! 3. **Roll out** through the searching seat's current turn and its next `rollout`
//!    turns (its decisions with the greedy one-step policy, the others' at random), then
//!    truncate: each seat's reward is a logistic of how much its greedy evaluation rose
//!    during the iteration (or its win share, if the game ended).
//! 4. **Back up** each seat's reward along the path; a node keeps the reward of the seat
//!    that chose it.
//!
//! The answer is the root option visited most. [`win_chances`] runs the same search
//! with every rollout played to the end of the game to estimate each seat's chance to
//! win (`weft serve --analyse`). With a fixed number of iterations the
//! bot is reproducible; with `--mcts-ms` it is not (how far a search gets depends on the
//! machine), and reports say so.

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::greedy::{evaluate_all, immediate_pick, option_values, same_context, GreedyWeights};
use super::{Agent, BotOptions};
use crate::content::Content;
use crate::decision::Decision;
use crate::engine::Engine;
use crate::state::{rng_from_seed, GameState};
use crate::view::SeatView;

/// Search settings. Defaults here; a pack sets them under `[bots.mcts]` in `game.toml`
/// and `weft sim --mcts-iterations/--mcts-ms` overrides both.
#[derive(Debug, Clone, PartialEq)]
pub struct MctsConfig {
    /// Iterations per decision.
    pub iterations: u32,
    /// Milliseconds per decision; when set, replaces `iterations`.
    pub millis: Option<u64>,
    /// Turns of the searching seat a rollout plays (after the one in progress) before
    /// the evaluation truncates it, when `rounds` is 0.
    pub rollout: u32,
    /// Rounds a rollout plays into before the evaluation truncates it, stopping at the
    /// first question of the last (0: use `rollout`; [`MctsConfig::MAX_ROUNDS`]: to the
    /// game's end). What pays at a round's end without asking (an investment, a
    /// conversion) is then in the evaluation.
    pub rounds: u32,
    /// The UCB1 exploration constant.
    pub exploration: f64,
    /// Evaluation points of gain that make a 73% (logistic 1) reward.
    pub scale: f64,
}

impl MctsConfig {
    /// Names a pack may set under `[bots.mcts]`.
    pub const NAMES: [&'static str; 6] = [
        "iterations",
        "millis",
        "rollout",
        "rounds",
        "exploration",
        "scale",
    ];

    /// `rounds` at which a rollout plays on to the game's end, however many rounds it has.
    pub const MAX_ROUNDS: u32 = 99;

    /// Defaults, then `[bots.mcts]` from the content, then command-line options.
    pub fn resolve(content: &Content, options: &BotOptions) -> MctsConfig {
        let mut c = MctsConfig {
            iterations: 100,
            millis: None,
            rollout: 1,
            rounds: 0,
            exploration: 0.7,
            scale: 1.0,
        };
        if let Some(t) = content.bot_params.get("mcts") {
            if let Some(v) = t.get("iterations") {
                c.iterations = v.max(1.0) as u32;
            }
            if let Some(v) = t.get("millis") {
                c.millis = Some(v.clamp(1.0, crate::limits::MAX_MCTS_MILLIS as f64) as u64);
            }
            if let Some(v) = t.get("rollout") {
                c.rollout = v.max(0.0) as u32;
            }
            if let Some(v) = t.get("rounds") {
                c.rounds = v.clamp(0.0, f64::from(Self::MAX_ROUNDS)) as u32;
            }
            if let Some(v) = t.get("exploration") {
                c.exploration = *v;
            }
            if let Some(v) = t.get("scale") {
                c.scale = v.max(1e-3);
            }
        }
        if let Some(n) = options.mcts_iterations {
            c.iterations = n.max(1);
            c.millis = None;
        }
        if let Some(n) = options.mcts_rounds {
            c.rounds = n.min(Self::MAX_ROUNDS);
        }
        if let Some(ms) = options.mcts_millis {
            // Past an hour a decision's deadline is no limit (and u64::MAX of them
            // would never come): the command line refuses more.
            c.millis = Some(ms.clamp(1, crate::limits::MAX_MCTS_MILLIS));
        }
        c
    }
}

/// One node of the search tree: reached by `key` from its parent, chosen by `mover`.
struct Node {
    mover: usize,
    visits: u32,
    /// Times this node's option was legal when its parent was selected from (ISMCTS).
    available: u32,
    reward: f64,
    children: Vec<(std::sync::Arc<str>, usize)>,
    /// Option keys best first by the greedy prior, computed the first time the node is
    /// selected from.
    order: Option<Vec<std::sync::Arc<str>>>,
}

impl Node {
    fn new(mover: usize) -> Node {
        Node {
            mover,
            visits: 0,
            available: 0,
            reward: 0.0,
            children: Vec::new(),
            order: None,
        }
    }
}

/// The search bot (`mcts`).
pub struct MctsAgent {
    rng: Pcg64Mcg,
    options: BotOptions,
    config: Option<(MctsConfig, GreedyWeights)>,
    /// Iterations run over all decisions so far (for benchmarks).
    pub iterations_run: u64,
}

impl MctsAgent {
    /// A search bot with its own seed.
    pub fn new(seed: u64, options: BotOptions) -> MctsAgent {
        MctsAgent {
            rng: Pcg64Mcg::seed_from_u64(seed),
            options,
            config: None,
            iterations_run: 0,
        }
    }
}

impl Agent for MctsAgent {
    fn name(&self) -> &str {
        "mcts"
    }

    fn choose(&mut self, engine: &mut Engine, state: &GameState, decision: &Decision) -> usize {
        if decision.options.len() == 1 {
            return 0;
        }
        let content = engine.content().clone();
        let (cfg, weights) = self
            .config
            .get_or_insert_with(|| {
                (
                    MctsConfig::resolve(&content, &self.options),
                    GreedyWeights::from_content(&content),
                )
            })
            .clone();
        let mut search = Search {
            engine,
            content: &content,
            weights: &weights,
            cfg: &cfg,
            rng: &mut self.rng,
            nodes: vec![Node::new(decision.player)],
            me: decision.player,
            to_end: false,
            totals: Vec::new(),
        };
        let deadline = cfg
            .millis
            .map(|ms| Instant::now() + Duration::from_millis(ms));
        let mut done = 0u32;
        loop {
            match deadline {
                Some(d) if Instant::now() >= d && done > 0 => break,
                None if done >= cfg.iterations => break,
                _ => {}
            }
            search.iterate(state);
            done += 1;
        }
        self.iterations_run += u64::from(done);
        let root = &search.nodes[0];
        let best = decision
            .options
            .iter()
            .enumerate()
            .filter_map(|(i, o)| {
                let child = root.children.iter().find(|(k, _)| *k == o.key)?.1;
                let n = &search.nodes[child];
                Some((n.visits, n.reward / f64::from(n.visits.max(1)), i))
            })
            .max_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
        best.map_or(0, |b| b.2)
    }
}

/// One decision's search.
struct Search<'a> {
    engine: &'a mut Engine,
    content: &'a Content,
    weights: &'a GreedyWeights,
    cfg: &'a MctsConfig,
    rng: &'a mut Pcg64Mcg,
    nodes: Vec<Node>,
    me: usize,
    /// Play every rollout to the end of the game, every seat by greedy's one-step
    /// policy (the win-chance estimate), instead of truncating it.
    to_end: bool,
    /// Each seat's reward summed over the iterations (the root's value).
    totals: Vec<f64>,
}

impl Search<'_> {
    fn iterate(&mut self, state: &GameState) {
        let mut sim = state.clone();
        determinize(self.content, &mut sim, self.me, self.rng);
        let baseline = self.evaluations(&sim);
        let mut path = vec![0usize];
        let mut node = 0usize;
        let mut failed_mover = None;
        while let Some(d) = sim.decision() {
            let player = d.player;
            let (index, child, fresh) = self.select(node, &sim, d);
            if self.engine.apply(&mut sim, index).is_err() {
                failed_mover = Some(player);
                path.push(child);
                break;
            }
            path.push(child);
            node = child;
            if fresh {
                break;
            }
        }
        if failed_mover.is_none() {
            if self.to_end {
                self.rollout_to_end(&mut sim);
            } else {
                self.rollout(&mut sim);
            }
        }
        let rewards = self.rewards(&sim, &baseline, failed_mover);
        if self.totals.len() < rewards.len() {
            self.totals.resize(rewards.len(), 0.0);
        }
        for (t, r) in self.totals.iter_mut().zip(&rewards) {
            *t += r;
        }
        for &n in &path {
            let node = &mut self.nodes[n];
            node.visits += 1;
            node.reward += rewards[node.mover];
        }
    }

    /// Adds option `i` of `d` as a new child of `node`; returns the child.
    fn add_child(&mut self, node: usize, d: &Decision, i: usize) -> usize {
        let child = self.nodes.len();
        self.nodes.push(Node::new(d.player));
        self.nodes[child].available = 1;
        self.nodes[node]
            .children
            .push((d.options[i].key.clone(), child));
        child
    }

    /// Picks the option to follow from `node` (whose decision is `d`, in `sim`).
    ///
    /// Progressive widening: a node with `n` visits may have `1 + sqrt(n)` children, and
    /// new children are added best first by a greedy prior (at the root, greedy's own
    /// ranking, which finishes the turn for every option; deeper, the value right after
    /// the option). So a one-iteration search plays exactly as greedy does, and more iterations
    /// spend themselves on the promising options. Otherwise the legal child with the best
    /// UCB1 is followed. Returns (option index, child, whether the child is new).
    fn select(&mut self, node: usize, sim: &GameState, d: &Decision) -> (usize, usize, bool) {
        if self.nodes[node].order.is_none() {
            let values = option_values(self.engine, sim, d, self.weights, self.rng, node == 0);
            let mut ranked: Vec<(f64, std::sync::Arc<str>)> = values
                .into_iter()
                .zip(&d.options)
                .map(|(v, o)| (v, o.key.clone()))
                .collect();
            ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
            self.nodes[node].order = Some(ranked.into_iter().map(|(_, k)| k).collect());
        }
        let mut legal = Vec::with_capacity(d.options.len());
        for (i, o) in d.options.iter().enumerate() {
            if let Some(&(_, c)) = self.nodes[node].children.iter().find(|(k, _)| *k == o.key) {
                legal.push((i, c));
            }
        }
        for &(_, c) in &legal {
            self.nodes[c].available += 1;
        }
        let n = &self.nodes[node];
        let allowed = 1 + (f64::from(n.visits)).sqrt() as usize;
        if legal.len() < allowed && legal.len() < d.options.len() {
            let order = n.order.as_deref().unwrap_or(&[]);
            let untried = |k: &str| !n.children.iter().any(|(c, _)| **c == *k);
            let pick = order
                .iter()
                .filter(|k| untried(k))
                .find_map(|k| d.index_of(k))
                .or_else(|| (0..d.options.len()).find(|&i| untried(&d.options[i].key)));
            if let Some(i) = pick {
                return (i, self.add_child(node, d, i), true);
            }
        }
        if legal.is_empty() {
            // Every child of this node is illegal in this determinization and widening
            // allows no new one: take the best-ranked legal option as a new child.
            let i = self.nodes[node]
                .order
                .as_deref()
                .unwrap_or(&[])
                .iter()
                .find_map(|k| d.index_of(k))
                .unwrap_or(0);
            return (i, self.add_child(node, d, i), true);
        }
        let c = self.cfg.exploration;
        let (i, child) = legal
            .iter()
            .copied()
            .max_by(|a, b| {
                let ucb = |n: &Node| {
                    let v = f64::from(n.visits.max(1));
                    n.reward / v + c * (f64::from(n.available.max(1)).ln() / v).sqrt()
                };
                ucb(&self.nodes[a.1]).total_cmp(&ucb(&self.nodes[b.1]))
            })
            .expect("legal is not empty");
        (i, child, false)
    }

    /// Plays on from a new leaf until the searching seat is about to start its
    /// `cfg.rollout + 1`-th turn from here: the searching seat's decisions with greedy's
    /// one-step policy, the other seats' at random (cheap; they matter to the searcher
    /// mostly through what they take). So a leaf is judged by what it leads to over the
    /// searcher's next turns, which greedy alone cannot see.
    fn rollout(&mut self, sim: &mut GameState) {
        if self.cfg.rounds > 0 {
            return self.rollout_rounds(sim);
        }
        let mut turns = 0;
        for _ in 0..MAX_ROLLOUT {
            let Some(d) = sim.decision() else {
                return;
            };
            let pick = if d.player == self.me {
                if !same_context(self.content, sim, self.me) {
                    if turns >= self.cfg.rollout {
                        return;
                    }
                    turns += 1;
                }
                if d.options.len() == 1 {
                    0
                } else {
                    immediate_pick(self.engine, sim, d, self.weights, self.rng)
                }
            } else {
                self.rng.random_range(0..d.options.len())
            };
            if self.engine.apply(sim, pick).is_err() {
                return;
            }
        }
    }

    /// Plays on from a new leaf until the first question after `cfg.rounds` more rounds
    /// have begun (or the game has ended; no limit at [`MctsConfig::MAX_ROUNDS`]): the
    /// searching seat's decisions with greedy's one-step policy, the others' at random,
    /// as [`Search::rollout`]. What the steps between a round's turns and that question
    /// pay without asking (a workshop phase's restock, an income step) is then part of
    /// what the leaf is judged by; what a player answers there (a use phase) is not.
    /// Answers are applied whole ([`Engine::apply`]): a failed one leaves the state as
    /// it was, which is then judged.
    fn rollout_rounds(&mut self, sim: &mut GameState) {
        let until = if self.cfg.rounds >= MctsConfig::MAX_ROUNDS {
            u32::MAX
        } else {
            sim.round.saturating_add(self.cfg.rounds)
        };
        for _ in 0..crate::limits::MAX_DECISIONS {
            if sim.round >= until {
                return;
            }
            let Some(d) = sim.decision() else {
                return;
            };
            let pick = if d.options.len() == 1 {
                0
            } else if d.player == self.me {
                immediate_pick(self.engine, sim, d, self.weights, self.rng)
            } else {
                self.rng.random_range(0..d.options.len())
            };
            if self.engine.apply(sim, pick).is_err() {
                return;
            }
        }
    }

    /// Plays on from a new leaf to the end of the game (at most
    /// [`crate::limits::MAX_DECISIONS`] answers), every seat by greedy's one-step policy.
    fn rollout_to_end(&mut self, sim: &mut GameState) {
        for _ in 0..crate::limits::MAX_DECISIONS {
            let Some(d) = sim.decision() else {
                return;
            };
            let pick = if d.options.len() == 1 {
                0
            } else {
                immediate_pick(self.engine, sim, d, self.weights, self.rng)
            };
            if self.engine.apply(sim, pick).is_err() {
                return;
            }
        }
    }

    /// Every seat's greedy evaluation of `sim`.
    fn evaluations(&mut self, sim: &GameState) -> Vec<f64> {
        evaluate_all(self.engine, sim, self.weights)
    }

    /// Each seat's reward in [0, 1]: its win share if the game is over, else a logistic
    /// of how much its own evaluation rose since the iteration began. (Each seat's own
    /// gain, not its lead: the lead would mix in the other hands, which are re-dealt
    /// every iteration, and drown the signal in noise.) A seat whose answer raised an
    /// error gets 0.
    fn rewards(
        &mut self,
        sim: &GameState,
        baseline: &[f64],
        failed_mover: Option<usize>,
    ) -> Vec<f64> {
        let mut r: Vec<f64> = match &sim.result {
            Some(res) => (0..sim.players.len())
                .map(|p| {
                    if res.winners.contains(&p) {
                        1.0 / res.winners.len() as f64
                    } else {
                        0.0
                    }
                })
                .collect(),
            None => self
                .evaluations(sim)
                .iter()
                .zip(baseline)
                .map(|(now, was)| 1.0 / (1.0 + (-(now - was) / self.cfg.scale).exp()))
                .collect(),
        };
        if let Some(p) = failed_mover {
            r[p] = 0.0;
        }
        r
    }
}

/// Each seat's chance to win from `state`, estimated by a search: `iterations`
/// iterations of the tree search above from the asking seat's view (unseen cards
/// re-dealt and dice re-seeded each time), every rollout played to the end of the game
/// with every seat on greedy's one-step policy, each seat's reward its win share (ties
/// shared; 0 for a seat whose answer fails). The estimate is each seat's mean reward
/// over the iterations: the tree steers every seat towards its better options, so it
/// judges the position under better play than the playouts alone. `None` when the game
/// is over or waits for no one.
pub fn win_chances(
    engine: &mut Engine,
    state: &GameState,
    iterations: u32,
    seed: u64,
) -> Option<Vec<f64>> {
    let decision = state.decision()?;
    let content = engine.content().clone();
    let weights = GreedyWeights::from_content(&content);
    let cfg = MctsConfig::resolve(&content, &BotOptions::default());
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut search = Search {
        engine,
        content: &content,
        weights: &weights,
        cfg: &cfg,
        rng: &mut rng,
        nodes: vec![Node::new(decision.player)],
        me: decision.player,
        to_end: true,
        totals: vec![0.0; state.players.len()],
    };
    let iterations = iterations.max(1);
    for _ in 0..iterations {
        search.iterate(state);
    }
    let n = f64::from(iterations);
    Some(search.totals.iter().map(|t| t / n).collect())
}

/// Most decisions one rollout plays, whatever the settings.
const MAX_ROLLOUT: usize = 120;

/// Replaces `st` by a state dealt from seat `me`'s view of it ([`SeatView::sample`]):
/// the cards the seat cannot see (in a hidden zone or in another player's `owner`
/// zone) are dealt at random among those places, each to a place of its back (Tabriz:
/// the other players' hands and the draw piles, per deck; hand and pile sizes stay as
/// they are), and the RNG is re-seeded from `rng`; the seat's view is all the deal
/// starts from. Not while a script's effect is asking its
/// questions: the copy then keeps the real deal and seed, so a decision there (and an
/// mcts playout from it) knows the real deck order and dice; a known gap, left until
/// the copy can be re-dealt once the effect is done.
pub fn determinize(content: &Content, st: &mut GameState, me: usize, rng: &mut Pcg64Mcg) {
    // A script's effect asking its questions is re-run from its start with the answers
    // so far: it has drawn cards or rolled dice that this seat saw as options. Re-dealt
    // piles or a new seed would make it draw others, and its recorded answers would no
    // longer be options. Until it is done, the copy keeps the real deal.
    if st.flow.effect.is_some() {
        return;
    }
    match SeatView::of(content, st, me).sample(content, rng) {
        Some(dealt) => *st = dealt,
        // A card out of every zone: no deal matches the view; the copy keeps the deal
        // and gets a new seed.
        None => st.rng = rng_from_seed(rng.random()),
    }
}
