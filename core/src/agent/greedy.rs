//! The greedy bot: one-step look-ahead with a weighted evaluation that content tunes
//! under `[bots.greedy]` in `game.toml`.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::Agent;
use crate::content::Content;
use crate::decision::Decision;
use crate::engine::Engine;
use crate::state::GameState;

/// Weights of the greedy bot's evaluation. Defaults here; a pack tunes them in
/// `game.toml` under `[bots.greedy]` with the same names, and weighs its own counters
/// and zones there too (no counter has a weight unless the pack gives it one).
#[derive(Debug, Clone)]
pub struct GreedyWeights {
    /// Per point of score (what the seat would score if the game ended now).
    pub score: f64,
    /// Per point of material value held.
    pub material: f64,
    /// Per point of a playable card's reward value, times the share of its cost held.
    pub progress: f64,
    /// Per point of a playable card's reward value, just for holding it.
    pub hand: f64,
    /// Per card with a behaviour in the zone of the `use_cards` step.
    pub used: f64,
    /// Added when the game is over and the player is among the winners.
    pub win: f64,
    /// Per unit of a pack counter: `[bots.greedy]` keys that name a counter (`coins =
    /// 0.1`), in the counters' declaration order.
    pub counters: Vec<(crate::content::CounterId, f64)>,
    /// Per card held in a player zone: `[bots.greedy]` keys `zone:<id>`.
    pub zones: Vec<(usize, f64)>,
    /// The counters the score sums (`[score]` parts): a card's reward in them is worth
    /// its points.
    pub scored: Vec<crate::content::CounterId>,
    /// Per card, what its reward is worth under these weights (points in scored
    /// counters, plus each other counter's weight times its amount): worked out once,
    /// read for every card in hand of every state a bot weighs.
    pub card_reward: Vec<f64>,
}

impl GreedyWeights {
    /// Defaults overridden by `[bots.greedy]` in the content.
    pub fn from_content(content: &Content) -> GreedyWeights {
        Self::from_content_set(content, None)
    }

    /// Defaults overridden by `[bots.greedy]`, then by the named weight set
    /// `[bots."greedy:SET"]` (a strategy: only the weights it names change).
    pub fn from_content_set(content: &Content, set: Option<&str>) -> GreedyWeights {
        let [score, material, progress, hand, used, win] = Self::DEFAULTS.map(|(_, v)| v);
        let mut w = GreedyWeights {
            score,
            material,
            progress,
            hand,
            used,
            win,
            counters: Vec::new(),
            zones: Vec::new(),
            scored: content
                .score
                .parts
                .iter()
                .filter_map(|p| match p {
                    &crate::content::ScorePart::Counter(k) => Some(k),
                    _ => None,
                })
                .collect(),
            card_reward: Vec::new(),
        };
        let tables = std::iter::once("greedy".to_string())
            .chain(set.map(|s| format!("greedy:{s}")))
            .filter_map(|key| content.bot_params.get(&key));
        for t in tables {
            let set = |name: &str, field: &mut f64| {
                if let Some(v) = t.get(name) {
                    *field = *v;
                }
            };
            set("score", &mut w.score);
            set("material", &mut w.material);
            set("progress", &mut w.progress);
            set("hand", &mut w.hand);
            set("used", &mut w.used);
            set("win", &mut w.win);
            for (name, &v) in t {
                if let Some(k) = content.counter(name) {
                    // A set's weight replaces the base table's for the same counter.
                    w.counters.retain(|&(c, _)| c != k);
                    w.counters.push((k, v));
                }
                if let Some(z) = name
                    .strip_prefix("zone:")
                    .and_then(|id| content.zone(id))
                    .map(|z| &content.zones[z as usize])
                    .filter(|z| z.owner == crate::content::ZoneOwner::Player)
                {
                    w.zones.retain(|&(i, _)| i != z.index);
                    w.zones.push((z.index, v));
                }
            }
        }
        w.counters.sort_by_key(|&(k, _)| k);
        w.card_reward = content
            .cards
            .iter()
            .map(|card| {
                let points: u32 = card
                    .reward
                    .iter()
                    .filter(|(k, _)| w.scored.contains(k))
                    .map(|&(_, n)| n)
                    .sum();
                let mut value = points as f64;
                for &(k, weight) in w.counters.iter().filter(|(k, _)| !w.scored.contains(k)) {
                    let n: u32 = card
                        .reward
                        .iter()
                        .filter(|&&(r, _)| r == k)
                        .map(|&(_, n)| n)
                        .sum();
                    value += weight * n as f64;
                }
                value
            })
            .collect();
        w
    }

    /// Whether `name` is a weight of `[bots.greedy]` in this content: a fixed name, a
    /// counter id, or `zone:<id>` of a player zone.
    pub fn accepts(content_counters: &[String], player_zones: &[String], name: &str) -> bool {
        Self::NAMES.contains(&name)
            || content_counters.iter().any(|c| c == name)
            || name
                .strip_prefix("zone:")
                .is_some_and(|z| player_zones.iter().any(|x| x == z))
    }

    /// Names a pack may set.
    pub const NAMES: [&'static str; 6] = ["score", "material", "progress", "hand", "used", "win"];

    /// The fixed weights' defaults, in the order of [`GreedyWeights::NAMES`].
    pub const DEFAULTS: [(&'static str, f64); 6] = [
        ("score", 1.0),
        ("material", 0.12),
        ("progress", 0.5),
        ("hand", 0.02),
        ("used", 0.6),
        ("win", 50.0),
    ];

    /// The fixed weight `name` (one of [`GreedyWeights::NAMES`]); `None` for another.
    pub fn fixed(&self, name: &str) -> Option<f64> {
        Some(match name {
            "score" => self.score,
            "material" => self.material,
            "progress" => self.progress,
            "hand" => self.hand,
            "used" => self.used,
            "win" => self.win,
            _ => return None,
        })
    }
}

/// How good a state looks for player `p` (the greedy evaluation), with the declared
/// score parts as the score so far.
pub fn evaluate(content: &Content, st: &GameState, p: usize, w: &GreedyWeights) -> f64 {
    let score = crate::ops::score_now(content, st, p) as f64;
    evaluate_scored(content, st, p, w, score)
}

/// [`evaluate`] with what `p`'s position is worth by the pack's own final scoring
/// ([`Engine::score_estimates`]: its `end` hooks run on a copy, plus its `[score]
/// potential`).
pub fn evaluate_with(engine: &mut Engine, st: &GameState, p: usize, w: &GreedyWeights) -> f64 {
    let content = engine.content().clone();
    if st.result.is_some() || !has_estimate(&content) {
        return evaluate(&content, st, p, w);
    }
    let score = engine.score_estimate(st, p);
    evaluate_scored(&content, st, p, w, score)
}

/// Every player's [`evaluate_with`], with one estimate for all.
pub fn evaluate_all(engine: &mut Engine, st: &GameState, w: &GreedyWeights) -> Vec<f64> {
    let content = engine.content().clone();
    let n = st.players.len();
    if st.result.is_some() || !has_estimate(&content) {
        return (0..n).map(|p| evaluate(&content, st, p, w)).collect();
    }
    let scores = engine.score_estimates(st);
    (0..n)
        .map(|p| evaluate_scored(&content, st, p, w, scores[p]))
        .collect()
}

/// Whether the pack scores beyond its declared parts (an `end` list, or `[score]
/// potential`).
fn has_estimate(c: &Content) -> bool {
    c.program.potential.is_some()
        || !c
            .program
            .block(crate::content::program::END_BLOCK)
            .steps
            .is_empty()
}

/// The evaluation with `score` as what `p` would score if the game ended now.
fn evaluate_scored(
    content: &Content,
    st: &GameState,
    p: usize,
    w: &GreedyWeights,
    score: f64,
) -> f64 {
    if let Some(r) = &st.result {
        let won = if r.winners.contains(&p) {
            w.win / r.winners.len() as f64
        } else {
            0.0
        };
        return w.score * r.scores[p] as f64 + won;
    }
    let pl = &st.players[p];
    let held = pl.materials(content);
    let material: i64 = held
        .iter()
        .enumerate()
        .map(|(m, &n)| content.materials[m].value as i64 * n)
        .sum();
    let mut cards = 0.0;
    for c in crate::decks::hand(content, pl) {
        let card = &content.cards[c as usize];
        let reward = w.card_reward[c as usize];
        let value = |k: crate::content::CounterId| content.counters[k as usize].value as i64;
        let need: i64 = card.cost.iter().map(|&(k, n)| value(k) * n as i64).sum();
        let have: i64 = card
            .cost
            .iter()
            .map(|&(k, n)| value(k) * (n as i64).min(pl.count(k).max(0)))
            .sum();
        let frac = if need == 0 {
            1.0
        } else {
            have as f64 / need as f64
        };
        cards += reward * (w.hand + w.progress * frac * frac);
    }
    let used = crate::decks::usable(content, pl)
        .filter(|&c| content.cards[c as usize].behaviour.is_some())
        .count() as f64;
    let mut value = w.score * score;
    for &(k, weight) in &w.counters {
        value += weight * pl.count(k) as f64;
    }
    for &(z, weight) in &w.zones {
        value += weight * pl.zones.get(z).map_or(0, crate::zones::held) as f64;
    }
    value + w.material * material as f64 + cards + w.used * used
}

/// One-step look-ahead: tries every option on a copy, finishes the rest of the player's
/// turn (or the pending effect) greedily without further look-ahead, and keeps the option
/// whose result evaluates best. The copy has hidden information re-dealt (see
/// [`super::determinize`]), so the bot does not see cards or dice it could not know,
/// except while a script's effect is still asking its questions: the copy then keeps
/// the real deal (a known gap: the effect is re-run with the answers so far). Ties are
/// broken at random with its own RNG.
pub struct GreedyAgent {
    rng: Pcg64Mcg,
    weights: Option<GreedyWeights>,
    /// The pack's weight set it plays (`greedy:SET`), if any.
    set: Option<String>,
    /// `greedy`, or `greedy:SET`: the name records and reports show.
    name: String,
}

impl GreedyAgent {
    /// A greedy bot with its own seed; weights come from the content on first use.
    pub fn new(seed: u64) -> GreedyAgent {
        GreedyAgent::with_set(seed, None)
    }

    /// A greedy bot that plays the pack's weight set `[bots."greedy:SET"]`.
    pub fn with_set(seed: u64, set: Option<&str>) -> GreedyAgent {
        GreedyAgent {
            rng: Pcg64Mcg::seed_from_u64(seed),
            weights: None,
            set: set.map(str::to_string),
            name: set.map_or_else(|| "greedy".to_string(), |s| format!("greedy:{s}")),
        }
    }
}

/// The value of each option of `d` for the player who answers: the evaluation of the
/// state right after it, or, with `finish_turn`, after finishing that player's turn (or
/// pending effect) with [`immediate_pick`]. An option that raises an error is worth
/// minus infinity. A tiny random amount from `rng` breaks ties.
pub(crate) fn option_values(
    engine: &mut Engine,
    st: &GameState,
    d: &Decision,
    w: &GreedyWeights,
    rng: &mut impl Rng,
    finish_turn: bool,
) -> Vec<f64> {
    let content = engine.content().clone();
    let p = d.player;
    (0..d.options.len())
        .map(|i| {
            let mut sim = st.clone();
            // A failed option's copy is dropped unread: no backup needed.
            if engine.apply_disposable(&mut sim, i).is_err() {
                return f64::NEG_INFINITY;
            }
            if finish_turn {
                for _ in 0..12 {
                    if !same_context(&content, &sim, p) {
                        break;
                    }
                    let Some(next) = sim.decision() else { break };
                    match immediate_child(engine, &sim, next, w, rng) {
                        Some(child) => sim = child,
                        None => break,
                    }
                }
            }
            evaluate_with(engine, &sim, p, w) + rng.random::<f64>() * 1e-6
        })
        .collect()
}

/// What each option of `d` is worth to the greedy bot with the pack's weights (or
/// weight set `set`, `greedy:SET`), as it values them before it chooses: the copy of
/// the game it looks ahead on is dealt from the asking seat's view with `rng`, each
/// option is tried on it and the asking player's turn finished greedily, and the
/// position evaluated for that player (counters by their weights plus the pack's
/// score estimate). Minus infinity: the option raises an error. For people who ask
/// what a bot would play (`weft play --hint`); the bot picks the largest.
pub fn option_estimates(
    engine: &mut Engine,
    st: &GameState,
    d: &Decision,
    set: Option<&str>,
    rng: &mut Pcg64Mcg,
) -> Vec<f64> {
    let content = engine.content().clone();
    let w = GreedyWeights::from_content_set(&content, set);
    let mut view = st.clone();
    super::determinize(&content, &mut view, d.player, rng);
    option_values(engine, &view, d, &w, rng, true)
}

/// The index of the largest value (the first on a tie).
pub(crate) fn best_index(values: &[f64]) -> usize {
    values
        .iter()
        .enumerate()
        .fold((0, f64::NEG_INFINITY), |best, (i, &v)| {
            if v > best.1 {
                (i, v)
            } else {
                best
            }
        })
        .0
}

/// The option of `d` whose resulting state evaluates best for the player who answers
/// (no further look-ahead).
pub(crate) fn immediate_pick(
    engine: &mut Engine,
    st: &GameState,
    d: &Decision,
    w: &GreedyWeights,
    rng: &mut impl Rng,
) -> usize {
    best_index(&option_values(engine, st, d, w, rng, false))
}

/// The state [`immediate_pick`]'s choice leads to: the very copy that option was valued
/// on, so it is not applied a second time. The same choice, with the same draws from
/// `rng`; `None` when the chosen option fails.
fn immediate_child(
    engine: &mut Engine,
    st: &GameState,
    d: &Decision,
    w: &GreedyWeights,
    rng: &mut impl Rng,
) -> Option<GameState> {
    let p = d.player;
    // As `best_index`: the first strictly largest value, option 0 when none beats -inf.
    let (mut best_i, mut best_v) = (0, f64::NEG_INFINITY);
    let (mut best, mut first): (Option<GameState>, Option<GameState>) = (None, None);
    for i in 0..d.options.len() {
        let mut sim = st.clone();
        if engine.apply_disposable(&mut sim, i).is_err() {
            continue; // worth minus infinity: never the strictly largest
        }
        let v = evaluate_with(engine, &sim, p, w) + rng.random::<f64>() * 1e-6;
        if v > best_v {
            (best_i, best_v) = (i, v);
            best = Some(sim);
        } else if i == 0 {
            first = Some(sim);
        }
    }
    if best_i == 0 && best.is_none() {
        first
    } else {
        best
    }
}

/// Whether `st` still asks player `p` something within the same turn or effect.
pub(crate) fn same_context(c: &Content, st: &GameState, p: usize) -> bool {
    st.decision().is_some_and(|d| d.player == p) && !crate::engine::at_turn_start(c, st)
}

impl Agent for GreedyAgent {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, engine: &mut Engine, state: &GameState, decision: &Decision) -> usize {
        if decision.options.len() == 1 {
            return 0;
        }
        let content = engine.content().clone();
        let w = self
            .weights
            .get_or_insert_with(|| GreedyWeights::from_content_set(&content, self.set.as_deref()))
            .clone();
        // Look ahead on a copy in which what this seat cannot see (other hands, deck
        // order, future dice) is re-dealt and re-seeded: a bot that looked ahead on the
        // real state would know which card it draws and how the dice fall (but for a
        // pending effect's decisions: see `determinize`). Every option is tried on the
        // same copy, so they are compared under the same luck.
        let mut view = state.clone();
        super::determinize(&content, &mut view, decision.player, &mut self.rng);
        best_index(&option_values(
            engine,
            &view,
            decision,
            &w,
            &mut self.rng,
            true,
        ))
    }
}
