//! A battery of basic tests for any pack, in the spirit of OpenSpiel's shared basic
//! tests (issue 30, item 8). [`battery`] runs every check at each of the pack's player
//! counts, on a few seeded random games:
//! - [`crate::conformance`]: options never empty before the end, every game ends, a
//!   clone played on equals the original, a replay reproduces the hash, no script error;
//! - [`json_round_trip`]: the state read back from its JSON at points of a game is the
//!   same state (equal, same hash, same JSON), and played on with the same answers it
//!   reaches the same end;
//! - [`apply_equals_apply_disposable`]: the two ways of applying an answer give the
//!   same state;
//! - [`labels_do_not_change_the_game`]: labels on and off give the same options, hashes
//!   and end;
//! - [`crate::play::same_both_ways`]: the speed layer on and off give the same games;
//! - [`determinization_keeps_what_the_seat_sees`]: a bot's re-deal changes only what
//!   the seat cannot see;
//! - [`views_name_no_unseen_card`]: no seat's view (`weft state --seat N`) holds a card
//!   that seat cannot see, in its zones, its flow, its texts or its events.

use std::collections::BTreeMap;
use std::sync::Arc;

use weft_core::agent::{determinize, Agent, RandomAgent};
use weft_core::content::{CardIx, Content, Visibility, ZoneId, ZoneOwner};
use weft_core::state::rng_from_seed;
use weft_core::zones::ZoneRef;
use weft_core::{Engine, GameState};

use crate::play::{same_both_ways, seed_of, Seats};

/// Conformance games per player count.
const CONFORMANCE_GAMES: u64 = 3;
/// Games per player count for each of the other checks.
const GAMES: u64 = 1;
/// The decisions of a game at which the state is read back from its JSON (and the
/// final state, always).
const JSON_POINTS: [usize; 6] = [0, 1, 7, 40, 150, 600];
/// A game is determinized for every seat at every this many decisions.
const DETERMINIZE_EVERY: usize = 5;

/// The pack's player counts.
pub fn player_counts(content: &Content) -> Vec<usize> {
    content
        .player_counts()
        .into_iter()
        .map(usize::from)
        .collect()
}

/// Every check of the battery at every player count of `content`; `name` names the
/// pack in failures.
pub fn battery(name: &str, content: &Arc<Content>) {
    let mut moved = Redeals::default();
    for players in player_counts(content) {
        crate::conformance(Arc::clone(content), players, CONFORMANCE_GAMES);
        for i in 0..GAMES {
            let game = Game {
                pack: name,
                content,
                players,
                seed: seed_of(players, i),
            };
            json_round_trip(&game);
            apply_equals_apply_disposable(&game);
            labels_do_not_change_the_game(&game);
            moved += determinization_keeps_what_the_seat_sees(&game);
            views_name_no_unseen_card(&game);
        }
        same_both_ways(name, content, &[players], GAMES, Seats::Random);
    }
    // Where a re-deal could move a card, some did: the check looked at real re-deals.
    assert!(
        moved.could == 0 || moved.did > 0,
        "{name}: no determinization moved a card, though {} could",
        moved.could
    );
}

/// Determinizations that could move a card (no question pending, and two different
/// cards of one back the seat cannot see), and those that did.
#[derive(Debug, Default, Clone, Copy)]
pub struct Redeals {
    /// Could move a card.
    pub could: usize,
    /// Moved one.
    pub did: usize,
}

impl std::ops::AddAssign for Redeals {
    fn add_assign(&mut self, other: Redeals) {
        self.could += other.could;
        self.did += other.did;
    }
}

/// One game the checks play: a pack, a player count and a seed.
#[derive(Clone, Copy)]
pub struct Game<'a> {
    /// The pack's name, for failures.
    pub pack: &'a str,
    /// The pack.
    pub content: &'a Arc<Content>,
    /// Players.
    pub players: usize,
    /// The game's seed (the random bot's too).
    pub seed: u64,
}

impl Game<'_> {
    /// The game's name in failures.
    fn name(&self) -> String {
        format!(
            "{}, {} players, seed {}",
            self.pack, self.players, self.seed
        )
    }

    /// An engine for the pack, labels on or off.
    fn engine(&self, labels: bool) -> Engine {
        let mut engine = Engine::with_lua(Arc::clone(self.content))
            .unwrap_or_else(|e| panic!("{}: {e}", self.name()));
        engine.set_labels(labels);
        engine
    }

    /// The game set up on `engine`.
    fn start(&self, engine: &mut Engine) -> GameState {
        engine
            .new_game(self.players, self.seed)
            .unwrap_or_else(|e| panic!("{}: {e}", self.name()))
    }

    /// The game's random bot.
    fn bot(&self) -> RandomAgent {
        RandomAgent::new(self.seed.rotate_left(29))
    }

    /// Plays the game to its end on `engine` with its random bot, calling `each` with
    /// the engine, the state, its decision's number and the option chosen before every
    /// answer; returns the answers and the final state.
    fn play(
        &self,
        engine: &mut Engine,
        mut each: impl FnMut(&mut Engine, &GameState, usize, usize),
    ) -> (Vec<usize>, GameState) {
        let mut bot = self.bot();
        let mut st = self.start(engine);
        let mut answers = Vec::new();
        while let Some(d) = st.decision() {
            let d = d.clone();
            let pick = bot.choose(engine, &st, &d);
            each(engine, &st, answers.len(), pick);
            if let Err(e) = engine.apply(&mut st, pick) {
                panic!("{}, decision {}: {e}", self.name(), answers.len());
            }
            answers.push(pick);
        }
        (answers, st)
    }
}

/// Plays `answers` on from `st` on `engine`; the state at the end.
fn play_on(engine: &mut Engine, mut st: GameState, answers: &[usize], name: &str) -> GameState {
    for (k, &pick) in answers.iter().enumerate() {
        if let Err(e) = engine.apply(&mut st, pick) {
            panic!("{name}: answer {k} after the read-back: {e}");
        }
    }
    st
}

/// `st` written as JSON and read back: the same state (equal, the same hash, the same
/// JSON written again).
pub fn read_back(st: &GameState, name: &str) -> GameState {
    let json = serde_json::to_string(st).expect("a state is written as JSON");
    let back: GameState = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("{name}: the state's JSON does not read back: {e}"));
    assert!(back == *st, "{name}: the state read back differs");
    assert_eq!(back.hash(), st.hash(), "{name}: the hash read back differs");
    let again = serde_json::to_string(&back).expect("written again");
    assert_eq!(again, json, "{name}: the JSON written again differs");
    back
}

/// The state read back from its JSON at several points of the game (labels on, so
/// prompts and labels are in it) is the same state, and played on with the same
/// answers, on another engine, reaches the same end.
pub fn json_round_trip(game: &Game<'_>) {
    let mut engine = game.engine(true);
    let mut points: Vec<(usize, GameState)> = Vec::new();
    let (answers, end) = game.play(&mut engine, |_, st, k, _| {
        if JSON_POINTS.contains(&k) {
            points.push((k, read_back(st, &format!("{}, decision {k}", game.name()))));
        }
    });
    read_back(&end, &format!("{}, the end", game.name()));
    let mut other = game.engine(true);
    for (k, back) in points {
        let name = format!("{}, read back at decision {k}", game.name());
        let reached = play_on(&mut other, back, &answers[k..], &name);
        assert!(reached == end, "{name}: played on, it reaches another end");
    }
}

/// At every decision, [`Engine::apply_disposable`] on a copy gives the state
/// [`Engine::apply`] gives (labels off, as bots play, so held calls are continued:
/// the copy takes the held call when it goes first, every other decision).
pub fn apply_equals_apply_disposable(game: &Game<'_>) {
    let mut engine = game.engine(false);
    let mut bot = game.bot();
    let mut st = game.start(&mut engine);
    let mut k = 0usize;
    while let Some(d) = st.decision() {
        let d = d.clone();
        let pick = bot.choose(&mut engine, &st, &d);
        let mut copy = st.clone();
        let disposable_first = k % 2 == 0;
        if disposable_first {
            apply_disposable(&mut engine, &mut copy, pick, game, k);
        }
        if let Err(e) = engine.apply(&mut st, pick) {
            panic!("{}, decision {k}: {e}", game.name());
        }
        if !disposable_first {
            apply_disposable(&mut engine, &mut copy, pick, game, k);
        }
        assert!(
            copy == st,
            "{}, decision {k}: apply_disposable and apply give different states",
            game.name()
        );
        assert_eq!(copy.hash(), st.hash());
        k += 1;
    }
}

/// [`Engine::apply_disposable`] of `pick` on `st`; panics with the error.
fn apply_disposable(
    engine: &mut Engine,
    st: &mut GameState,
    pick: usize,
    game: &Game<'_>,
    k: usize,
) {
    if let Err(e) = engine.apply_disposable(st, pick) {
        panic!("{}, decision {k}: apply_disposable: {e}", game.name());
    }
}

/// The game with labels on and with labels off offers the same options (by key, in the
/// same order) and has the same hash at every decision, and the same end.
pub fn labels_do_not_change_the_game(game: &Game<'_>) {
    let mut labelled = game.engine(true);
    let mut keyed = game.engine(false);
    let mut bot = game.bot();
    let mut a = game.start(&mut labelled);
    let mut b = game.start(&mut keyed);
    let mut k = 0usize;
    while let Some(d) = a.decision() {
        let d = d.clone();
        let keys = |d: &weft_core::Decision| -> Vec<String> {
            d.options.iter().map(|o| o.key.to_string()).collect()
        };
        let other = b
            .decision()
            .unwrap_or_else(|| panic!("{}, decision {k}: over without labels", game.name()));
        assert_eq!(
            keys(&d),
            keys(other),
            "{}, decision {k}: options",
            game.name()
        );
        assert_eq!(d.player, other.player, "{}, decision {k}", game.name());
        assert_eq!(a.hash(), b.hash(), "{}, decision {k}: hashes", game.name());
        let pick = bot.choose(&mut labelled, &a, &d);
        for (engine, st) in [(&mut labelled, &mut a), (&mut keyed, &mut b)] {
            if let Err(e) = engine.apply(st, pick) {
                panic!("{}, decision {k}: {e}", game.name());
            }
        }
        k += 1;
    }
    assert!(b.is_over(), "{}: over with labels only", game.name());
    assert_eq!(a.hash(), b.hash(), "{}: final hashes", game.name());
    assert_eq!(a.result, b.result, "{}: results", game.name());
}

/// At every few decisions of the game, and for every seat, [`determinize`] (a bot's
/// re-deal of what it cannot see) leaves what the seat sees as it was ([`seen_by`]:
/// its own `owner` zones, every public zone, the counters, the board, the flow, the
/// decision) and every card in play; only cards the seat cannot see move, among the
/// places it cannot see, each to a place of its own back. A copy determinized once is
/// then played to its end, as bots play on such copies. Returns how many
/// determinizations could move a card, and how many did.
pub fn determinization_keeps_what_the_seat_sees(game: &Game<'_>) -> Redeals {
    let c = game.content;
    let mut engine = game.engine(false);
    let mut rng = rng_from_seed(game.seed.rotate_left(7));
    let mut moved = Redeals::default();
    let mut a_copy: Option<GameState> = None;
    game.play(&mut engine, |_, st, k, _| {
        if k % DETERMINIZE_EVERY != 0 {
            return;
        }
        for me in 0..game.players {
            let mut copy = st.clone();
            determinize(c, &mut copy, me, &mut rng);
            let name = format!("{}, decision {k}, seat {}", game.name(), me + 1);
            assert!(
                seen_by(c, &copy, me) == seen_by(c, st, me),
                "{name}: the re-deal changed what the seat sees"
            );
            assert_eq!(
                cards_in_play(c, &copy),
                cards_in_play(c, st),
                "{name}: cards"
            );
            if st.flow.effect.is_none() && two_unseen_of_a_back(c, st, me) {
                moved.could += 1;
            }
            if copy.zones != st.zones || copy.players != st.players {
                moved.did += 1;
            }
            if a_copy.is_none() && k > 0 {
                a_copy = Some(copy);
            }
        }
    });
    if let Some(copy) = a_copy {
        play_random_to_end(&mut engine, copy, game);
    }
    moved
}

/// Plays `st` to its end with the game's random bot; every answer must be accepted.
fn play_random_to_end(engine: &mut Engine, mut st: GameState, game: &Game<'_>) {
    let mut bot = game.bot();
    let mut k = 0usize;
    while let Some(d) = st.decision() {
        let d = d.clone();
        let pick = bot.choose(engine, &st, &d);
        if let Err(e) = engine.apply(&mut st, pick) {
            panic!("{}: a determinized copy, answer {k}: {e}", game.name());
        }
        k += 1;
        assert!(
            k < 100_000,
            "{}: a determinized copy does not end",
            game.name()
        );
    }
}

/// Whether seat `me` sees the cards of zone `z` of `owner` (`None`: a shared zone).
pub fn sees(z: &weft_core::content::Zone, owner: Option<usize>, me: usize) -> bool {
    match z.visibility {
        Visibility::Public => true,
        Visibility::Hidden => false,
        Visibility::Owner => owner == Some(me),
    }
}

/// What seat `me` sees of `st`: the state with each card it cannot see (in a hidden
/// zone, or in another seat's `owner` zone) replaced by the first card of its back
/// (the zone its copies start in), and no generator (future rolls and shuffles are
/// unseen too).
pub fn seen_by(c: &Content, st: &GameState, me: usize) -> GameState {
    let mut view = st.clone();
    view.rng = rng_from_seed(0);
    for (k, z) in c.zones.iter().enumerate() {
        for owner in zone_owners(z, st).into_iter().filter(|&o| !sees(z, o, me)) {
            let zone = ZoneRef {
                zone: k as ZoneId,
                player: owner,
            };
            for card in zone.get_mut(c, &mut view).cards.iter_mut().flatten() {
                *card = back_of(c, *card);
            }
        }
    }
    view
}

/// Whether seat `me` cannot see two different cards of one back in `st`: a re-deal
/// could then swap them.
fn two_unseen_of_a_back(c: &Content, st: &GameState, me: usize) -> bool {
    let seen = seen_by(c, st, me);
    let mut by_back: BTreeMap<CardIx, CardIx> = BTreeMap::new();
    for (k, z) in c.zones.iter().enumerate() {
        for player in zone_owners(z, st) {
            if sees(z, player, me) {
                continue;
            }
            let zone = ZoneRef {
                zone: k as ZoneId,
                player,
            };
            let real = zone.get(c, st).cards.iter().flatten();
            let backs = zone.get(c, &seen).cards.iter().flatten();
            for (&card, &back) in real.zip(backs) {
                if *by_back.entry(back).or_insert(card) != card {
                    return true;
                }
            }
        }
    }
    false
}

/// The owners of zone `z`'s instances in `st`: `None` for a shared zone, else each seat.
fn zone_owners(z: &weft_core::content::Zone, st: &GameState) -> Vec<Option<usize>> {
    match z.owner {
        ZoneOwner::Shared => vec![None],
        ZoneOwner::Player => (0..st.players.len()).map(Some).collect(),
    }
}

/// The first card whose copies start in the zone `card`'s start in: its back.
fn back_of(c: &Content, card: CardIx) -> CardIx {
    let start = c.cards[card as usize].zone;
    let first = c.cards.iter().position(|k| k.zone == start);
    first.expect("the card itself starts there") as CardIx
}

/// How many of each card are in play, in any zone.
fn cards_in_play(c: &Content, st: &GameState) -> BTreeMap<CardIx, usize> {
    let mut out = BTreeMap::new();
    for (k, z) in c.zones.iter().enumerate() {
        for player in zone_owners(z, st) {
            let zone = ZoneRef {
                zone: k as ZoneId,
                player,
            };
            for &card in zone.get(c, st).cards.iter().flatten() {
                *out.entry(card).or_default() += 1;
            }
        }
    }
    out
}

/// At every few decisions of a game and for every seat, the seat's view
/// ([`weft_core::view::SeatView`], as `weft state --seat N` prints it) holds no card the
/// seat cannot see (by this file's own [`sees`]): each zone instance it cannot see is
/// `hidden` with its real count and no `cards`; every card index left in a zone or in
/// the flow is one it sees; no text (a label, a prompt, a script's answers) names an
/// unseen card's id; another seat's question shows no options; and, at every answer,
/// no event the answer made names, in the seat's reading, a card the seat sees neither
/// before nor after it.
pub fn views_name_no_unseen_card(game: &Game<'_>) {
    use weft_core::events::EventLog;
    use weft_core::view::SeatView;
    let c = game.content;
    let mut engine = game.engine(true);
    let mut bot = game.bot();
    let mut log = EventLog::recording();
    let mut st = engine
        .new_game_logged(game.players, game.seed, &mut log)
        .unwrap_or_else(|e| panic!("{}: {e}", game.name()));
    let others = other_ids(c);
    // Setup's events: before it, no seat saw anything.
    check_events(c, &st, &st, &log.events, &others, game, "setup", true);
    let mut k = 0usize;
    // While a script asks, what the seats see is the state it has made so far.
    let mut shown = at_question(&mut engine, &st, game, k);
    while let Some(d) = st.decision() {
        let d = d.clone();
        if k % DETERMINIZE_EVERY == 0 {
            for me in 0..game.players {
                let name = format!("{}, decision {k}, seat {}", game.name(), me + 1);
                let view = SeatView::of_game(&mut engine, &st, me);
                assert_eq!(view.uncommitted, st.flow.effect.is_some(), "{name}");
                let json = view.to_json(c);
                assert_eq!(json["uncommitted"] == true, view.uncommitted, "{name}");
                check_view(c, &shown, me, &json, &others, &name);
                let decision = view.decision_json(c);
                if d.player != me {
                    assert!(
                        decision["options"].is_null(),
                        "{name}: another seat's options"
                    );
                }
                check_texts(c, &shown, me, &decision.to_string(), &others, &name);
            }
        }
        let pick = bot.choose(&mut engine, &st, &d);
        let at = log.events.len();
        if let Err(e) = engine.apply_logged(&mut st, pick, &mut log) {
            panic!("{}, decision {k}: {e}", game.name());
        }
        let after = at_question(&mut engine, &st, game, k + 1);
        let what = format!("answer {k}");
        check_events(
            c,
            &shown,
            &after,
            &log.events[at..],
            &others,
            game,
            &what,
            false,
        );
        shown = after;
        k += 1;
    }
}

/// The state the seats see at decision `k` of `st`: while a script asks, the one it has
/// made so far ([`Engine::state_at_question`], which must give one exactly then).
fn at_question(engine: &mut Engine, st: &GameState, game: &Game<'_>, k: usize) -> GameState {
    let at = engine.state_at_question(st);
    assert_eq!(
        at.is_some(),
        st.flow.effect.is_some(),
        "{}, decision {k}: a script's question and its state so far",
        game.name()
    );
    at.unwrap_or_else(|| st.clone())
}

/// Ids of everything but cards (zones, counters, decks, tiles, slots, areas): a card id
/// equal to one of them cannot be looked for in texts.
fn other_ids(c: &Content) -> std::collections::BTreeSet<String> {
    let mut ids: std::collections::BTreeSet<String> = Default::default();
    ids.extend(c.zones.iter().map(|z| z.id.clone()));
    ids.extend(c.counters.iter().map(|k| k.id.clone()));
    ids.extend(c.decks.iter().map(|d| d.id.clone()));
    ids.extend(c.tiles.iter().map(|t| t.id.clone()));
    ids.extend(c.board.slots.iter().map(|s| s.id.clone()));
    ids.extend(c.board.areas.iter().map(|a| a.id.clone()));
    ids
}

/// Per card: whether seat `me` sees it where it lies in `st` (by [`sees`]).
fn seen_here(c: &Content, st: &GameState, me: usize) -> Vec<bool> {
    let mut seen = vec![false; c.cards.len()];
    for (k, z) in c.zones.iter().enumerate() {
        for owner in zone_owners(z, st) {
            if sees(z, owner, me) {
                let r = ZoneRef {
                    zone: k as ZoneId,
                    player: owner,
                };
                for &card in r.get(c, st).cards.iter().flatten() {
                    seen[card as usize] = true;
                }
            }
        }
    }
    seen
}

/// Whether `text` names card id `id` as a word (not inside a longer id).
fn names(text: &str, id: &str) -> bool {
    let word = |ch: char| ch.is_alphanumeric() || ch == '_' || ch == '-';
    text.match_indices(id).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + id.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

/// No text of `json` names the id of a card seat `me` does not see in `st`.
fn check_texts(
    c: &Content,
    st: &GameState,
    me: usize,
    json: &str,
    others: &std::collections::BTreeSet<String>,
    name: &str,
) {
    let seen = seen_here(c, st, me);
    // The seat's own answers to a running script: it knows what it chose, even a card
    // that has since gone out of its sight (a contract discarded under a face-down pile,
    // M-CONTRACT-2).
    let own: Vec<&str> = st
        .flow
        .effect
        .as_ref()
        .filter(|e| e.call.player == Some(me))
        .map(|e| e.answers.iter().map(String::as_str).collect())
        .unwrap_or_default();
    for (k, card) in c.cards.iter().enumerate() {
        if !seen[k]
            && !others.contains(&card.id)
            && !own.iter().any(|a| names(a, &card.id))
            && names(json, &card.id)
        {
            let at = json.find(&card.id).unwrap_or(0);
            let near: String = json[..at]
                .chars()
                .rev()
                .take(150)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .chain(json[at..].chars().take(100))
                .collect();
            panic!(
                "{name}: the view names `{}`, a card the seat does not see: …{near}…",
                card.id
            );
        }
    }
}

/// The structural and text checks of one view (see [`views_name_no_unseen_card`]).
fn check_view(
    c: &Content,
    st: &GameState,
    me: usize,
    view: &serde_json::Value,
    others: &std::collections::BTreeSet<String>,
    name: &str,
) {
    let seen = seen_here(c, st, me);
    assert!(
        view.get("rng").is_none(),
        "{name}: the view holds the generator"
    );
    for (k, z) in c.zones.iter().enumerate() {
        for owner in zone_owners(z, st) {
            let entry = match owner {
                None => &view["zones"][z.index],
                Some(p) => &view["players"][p]["zones"][z.index],
            };
            let r = ZoneRef {
                zone: k as ZoneId,
                player: owner,
            };
            let real = r.get(c, st).cards.iter().flatten().count();
            if sees(z, owner, me) {
                let cards = entry["cards"].as_array();
                assert!(cards.is_some(), "{name}: zone {} is seen: {entry}", z.id);
            } else {
                assert_eq!(entry["hidden"], true, "{name}: zone {} is unseen", z.id);
                assert!(
                    entry.get("cards").is_none(),
                    "{name}: zone {} shows cards",
                    z.id
                );
                assert_eq!(entry["count"], real, "{name}: zone {}'s count", z.id);
            }
            for card in entry["cards"].as_array().into_iter().flatten() {
                if let Some(i) = card.as_u64() {
                    assert!(seen[i as usize], "{name}: zone {} shows card {i}", z.id);
                }
            }
        }
    }
    // Card indices in the flow: hook owners, cards used or played.
    fn flow_cards(v: &serde_json::Value, out: &mut Vec<u64>) {
        match v {
            serde_json::Value::Object(m) => {
                if m.get("type").and_then(|t| t.as_str()) == Some("card") {
                    out.extend(m.get("card").and_then(|k| k.as_u64()));
                }
                for key in ["used", "played_this_round"] {
                    if let Some(serde_json::Value::Array(a)) = m.get(key) {
                        out.extend(a.iter().filter_map(|k| k.as_u64()));
                    }
                }
                m.values().for_each(|x| flow_cards(x, out));
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| flow_cards(x, out)),
            _ => {}
        }
    }
    let mut cards = Vec::new();
    flow_cards(&view["flow"], &mut cards);
    for i in cards {
        assert!(seen[i as usize], "{name}: the flow names card {i}");
    }
    check_texts(c, st, me, &view.to_string(), others, name);
}

/// The events of one answer (or of setup), as each seat reads them, name a card the
/// seat sees neither before (`before`) nor after (`after`) the answer only when the
/// event records the places the card lay in or moved between and the seat sees one of
/// them (by this file's [`sees`]): it watched the card there during the answer (a card
/// discarded face up, then shuffled back). At setup (`setup`) only what a seat sees
/// after counts.
#[allow(clippy::too_many_arguments)]
fn check_events(
    c: &Content,
    before: &GameState,
    after: &GameState,
    events: &[weft_core::events::Event],
    others: &std::collections::BTreeSet<String>,
    game: &Game<'_>,
    what: &str,
    setup: bool,
) {
    for me in 0..game.players {
        let view = weft_core::view::SeatView::of(c, after, me);
        let read = view.events(events);
        let (then, now) = (seen_here(c, before, me), seen_here(c, after, me));
        for (e, r) in events.iter().zip(&read) {
            for (k, card) in c.cards.iter().enumerate() {
                let saw = now[k] || (!setup && then[k]);
                if saw || others.contains(&card.id) || !names(&r.text, &card.id) {
                    continue;
                }
                let watched = e.private.as_ref().is_some_and(|p| {
                    p.places
                        .iter()
                        .any(|&(zone, player)| sees(&c.zones[zone as usize], player, me))
                });
                assert!(
                    watched,
                    "{}, {what}, seat {}: the event `{}` names `{}`, which the seat did not see",
                    game.name(),
                    me + 1,
                    r.text,
                    card.id
                );
            }
        }
    }
}
