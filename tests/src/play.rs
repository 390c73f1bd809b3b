//! Whole games played by bots, kept as what they came to (the answers, the errors, the
//! events and the final hash), to compare two ways of running the same games: the Lua
//! host's speed layer on and off ([`Engine::set_speed_layer`], issue 30).

use std::sync::Arc;

use weft_core::agent::{make_agent, Agent, RandomAgent};
use weft_core::events::{Event, EventLog};
use weft_core::sim::game_seed;
use weft_core::{Content, Engine, GameState};

/// Most decisions a game may take before it counts as one that does not end.
const MAX_DECISIONS: usize = 100_000;

/// What one game came to.
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    /// The key of each answer applied, in order.
    pub answers: Vec<String>,
    /// Each refused answer: the decision's number, the key, and the whole error (its
    /// message, place and traceback); a refused answer is followed by the next option.
    pub errors: Vec<String>,
    /// The events, when the game recorded them.
    pub events: Vec<Event>,
    /// The final state's hash.
    pub hash: String,
}

/// The bots in the seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seats {
    /// One random bot for every seat.
    Random,
    /// A greedy bot per seat (they look ahead with `apply_disposable`, determinized).
    Greedy,
}

impl Seats {
    /// The bots of a game from `seed` with `players` players.
    fn bots(self, seed: u64, players: usize) -> Vec<Box<dyn Agent>> {
        match self {
            Seats::Random => vec![Box::new(RandomAgent::new(seed.rotate_left(29)))],
            Seats::Greedy => (0..players)
                .map(|s| make_agent("greedy", seed.rotate_left(29) ^ s as u64).expect("greedy"))
                .collect(),
        }
    }
}

/// An engine for bot play (labels off, as `weft sim` plays) with the speed layer on
/// or off.
pub fn bot_engine(content: &Arc<Content>, speed_layer: bool) -> Engine {
    let mut engine = Engine::with_lua(Arc::clone(content)).unwrap_or_else(|e| panic!("{e}"));
    engine.set_labels(false);
    engine.set_speed_layer(speed_layer);
    engine
}

/// Plays a game of `players` from `seed` with `seats` to its end on `engine`, events
/// recorded when `record`. An answer refused with an error is noted and the next
/// option is tried (in order, wrapping), so a pack whose scripts fail goes on; a
/// decision none of whose options is accepted ends the game there.
pub fn play(engine: &mut Engine, players: usize, seed: u64, seats: Seats, record: bool) -> Played {
    let mut bots = seats.bots(seed, players);
    let mut st = engine
        .new_game(players, seed)
        .unwrap_or_else(|e| panic!("{players} players, seed {seed}: {e}"));
    let mut log = EventLog {
        enabled: record,
        events: Vec::new(),
    };
    let mut played = Played {
        answers: Vec::new(),
        errors: Vec::new(),
        events: Vec::new(),
        hash: String::new(),
    };
    while let Some(d) = st.decision() {
        let d = d.clone();
        let seat = d.player % bots.len();
        engine.set_lookahead(true);
        let pick = bots[seat].choose(engine, &st, &d);
        engine.set_lookahead(false);
        let (looked, more) = engine.take_lookahead_errors();
        if !looked.is_empty() {
            played.errors.push(format!(
                "look-ahead at decision {}: {looked:?} and {more} more",
                played.answers.len()
            ));
        }
        if !answer_from(engine, &mut st, &d.options, pick, &mut log, &mut played) {
            break;
        }
        assert!(
            played.answers.len() < MAX_DECISIONS,
            "{players} players, seed {seed}: the game does not end"
        );
    }
    played.events = log.events;
    played.hash = st.hash();
    played
}

/// Applies option `pick`, or when it is refused the next accepted option; notes the
/// answer and every refusal in `played`. `false` when no option is accepted.
fn answer_from(
    engine: &mut Engine,
    st: &mut GameState,
    options: &[weft_core::decision::Choice],
    pick: usize,
    log: &mut EventLog,
    played: &mut Played,
) -> bool {
    for k in 0..options.len() {
        let i = (pick + k) % options.len();
        let key = options[i].key.to_string();
        match engine.apply_logged(st, i, log) {
            Ok(()) => {
                played.answers.push(key);
                return true;
            }
            Err(e) => played
                .errors
                .push(format!("decision {}, `{key}`: {e:?}", played.answers.len())),
        }
    }
    false
}

/// The seed of game `i` at `players` players in these tests.
pub fn seed_of(players: usize, i: u64) -> u64 {
    game_seed(players as u64 * 7_919 + 30, i)
}

/// Plays `games` games at each of `counts` player counts of `content` with `seats`,
/// with the speed layer on and with it off, and panics at the first game that differs
/// in its answers, errors, events or final hash, naming the first difference. Every
/// other game records its events, and every third is played with labels on (no call
/// is held then, but the fronts still answer). Returns the games (as played with the
/// layer on).
pub fn same_both_ways(
    name: &str,
    content: &Arc<Content>,
    counts: &[usize],
    games: u64,
    seats: Seats,
) -> Vec<Played> {
    let mut fast = bot_engine(content, true);
    let mut plain = bot_engine(content, false);
    let mut out = Vec::new();
    for &players in counts {
        for i in 0..games {
            let seed = seed_of(players, i);
            let record = i % 2 == 1;
            let labels = i % 3 == 2;
            fast.set_labels(labels);
            plain.set_labels(labels);
            let a = play(&mut fast, players, seed, seats, record);
            let b = play(&mut plain, players, seed, seats, record);
            if let Some(diff) = first_difference(&a, &b) {
                panic!("{name}, {players} players, game {i} ({seats:?}, labels {labels}): speed layer on and off differ: {diff}");
            }
            out.push(a);
        }
    }
    out
}

/// Where two games differ first (`a` on the left), or `None` when they are the same.
pub fn first_difference(a: &Played, b: &Played) -> Option<String> {
    if let Some(d) = first_in("answer", &a.answers, &b.answers) {
        return Some(d);
    }
    if let Some(d) = first_in("error", &a.errors, &b.errors) {
        return Some(d);
    }
    if let Some(d) = first_in("event", &a.events, &b.events) {
        return Some(d);
    }
    (a.hash != b.hash).then(|| format!("final hash {} against {}", a.hash, b.hash))
}

/// The first entry where two lists differ, described, or `None`.
fn first_in<T: PartialEq + std::fmt::Debug>(what: &str, a: &[T], b: &[T]) -> Option<String> {
    if let Some(k) = a.iter().zip(b).position(|(x, y)| x != y) {
        return Some(format!("{what} {k}: {:?}\nagainst\n{:?}", a[k], b[k]));
    }
    (a.len() != b.len()).then(|| format!("{} {what}s against {}", a.len(), b.len()))
}
