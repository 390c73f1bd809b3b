//! What one seat may see of a game: its view (OpenSpiel's observation, boardgame.io's
//! `playerView`).
//!
//! A seat sees every public zone and its own `owner` zones card by card; of a hidden zone
//! (a face-down pile) and of another seat's `owner` zone (a hand) it sees only how many
//! cards there are and the back of each: the zone its copies start in (Tabriz: which
//! deck a card in a hand comes from). It sees every counter, the board and the flow, but
//! not the generator (future shuffles and rolls), nor the options and the answers of a
//! question put to another seat, nor which card a move it could not watch moved.
//!
//! [`SeatView::of`] makes the view; [`SeatView::to_json`] gives it in the shape of
//! `weft state --seat N` (docs/state-json.md); [`SeatView::sample`] deals the unseen
//! cards at random to make a full state consistent with the view, which is how bots
//! that look ahead (mcts) fill in what their seat cannot know.

use serde_json::{json, Value};

use crate::content::{CardIx, Content, Visibility, ZoneId, ZoneOwner};
use crate::events::{Event, Private};
use crate::state::{rng_from_seed, GameState};
use crate::zones::ZoneRef;
use crate::Engine;

/// Whether seat `me` (0-based) sees the cards of zone instance `r`.
pub fn sees(c: &Content, r: ZoneRef, me: usize) -> bool {
    match c.zones[r.zone as usize].visibility {
        Visibility::Public => true,
        Visibility::Hidden => false,
        Visibility::Owner => r.player == Some(me),
    }
}

/// Every zone instance of `st`: each shared zone once, each player zone per seat.
pub fn zone_refs(c: &Content, st: &GameState) -> Vec<ZoneRef> {
    let mut out = Vec::new();
    for (k, z) in c.zones.iter().enumerate() {
        let zone = k as ZoneId;
        match z.owner {
            ZoneOwner::Shared => out.push(ZoneRef { zone, player: None }),
            ZoneOwner::Player => out.extend((0..st.players.len()).map(|p| ZoneRef {
                zone,
                player: Some(p),
            })),
        }
    }
    out
}

/// Per card of the pack: whether seat `me` sees it where it lies in `st`.
pub fn seen_cards(c: &Content, st: &GameState, me: usize) -> Vec<bool> {
    let mut seen = vec![false; c.cards.len()];
    for r in zone_refs(c, st) {
        if sees(c, r, me) {
            for &card in r.get(c, st).cards.iter().flatten() {
                if let Some(s) = seen.get_mut(card as usize) {
                    *s = true;
                }
            }
        }
    }
    seen
}

/// Zone `zone` as player `p` holds it when it is a player zone, else the shared one.
pub fn place(c: &Content, zone: ZoneId, p: usize) -> ZoneRef {
    let player = (c.zones[zone as usize].owner == ZoneOwner::Player).then_some(p);
    ZoneRef { zone, player }
}

/// Who may read an event that names a card lying in, or moving between, `places`: the
/// seats that see one of them; the others read `public_text` (see [`Private`]). The
/// event records its places even when every seat reads it.
pub fn watchers(
    c: &Content,
    st: &GameState,
    places: &[ZoneRef],
    public_text: impl FnOnce() -> String,
) -> Private {
    let seats = (0..st.players.len()).filter(|&s| places.iter().any(|&r| sees(c, r, s)));
    Private::new(
        seats,
        public_text(),
        places.iter().map(|r| (r.zone, r.player)).collect(),
    )
}

/// What one seat may see of a game.
#[derive(Debug, Clone)]
pub struct SeatView {
    /// The seat (0-based).
    pub player: usize,
    /// The state with every card the seat cannot see taken out of its position (the
    /// position stays, empty) and a placeholder generator.
    state: GameState,
    /// The zone instances the seat cannot see, each with the back of the card at each
    /// position (`None`: an empty grid position).
    unseen: Vec<(ZoneRef, Vec<Option<ZoneId>>)>,
    /// Per card: whether the seat sees it.
    seen: Vec<bool>,
    /// Made from the changes a script asking a question has made so far, which are not
    /// part of the game until it finishes ([`SeatView::of_game`]).
    pub uncommitted: bool,
}

impl SeatView {
    /// Seat `me`'s view of `st`.
    pub fn of(c: &Content, st: &GameState, me: usize) -> SeatView {
        let seen = seen_cards(c, st, me);
        let mut state = st.clone();
        state.rng = rng_from_seed(0);
        let mut unseen = Vec::new();
        for r in zone_refs(c, st) {
            if sees(c, r, me) {
                continue;
            }
            let backs = r
                .get(c, st)
                .cards
                .iter()
                .map(|card| card.map(|k| c.cards[k as usize].zone))
                .collect();
            for card in r.get_mut(c, &mut state).cards.iter_mut() {
                *card = None;
            }
            unseen.push((r, backs));
        }
        SeatView {
            player: me,
            state,
            unseen,
            seen,
            uncommitted: false,
        }
    }

    /// Seat `me`'s view of the game `engine` plays in `st`: while a script's effect
    /// asks a question, of the state as the effect has changed it so far (the cards it
    /// drew are where it put them; [`Engine::state_at_question`]), marked
    /// `uncommitted`; else of `st`.
    pub fn of_game(engine: &mut Engine, st: &GameState, me: usize) -> SeatView {
        match engine.state_at_question(st) {
            Some(at) => SeatView {
                uncommitted: true,
                ..SeatView::of(engine.content(), &at, me)
            },
            None => SeatView::of(engine.content(), st, me),
        }
    }

    /// The state as the seat sees it: every card it cannot see taken out of its
    /// position (the position stays, empty: see [`SeatView::backs`]) and a placeholder
    /// generator. Another seat's pending question keeps its options here: show them
    /// only to the seat asked (as [`SeatView::decision_json`] does).
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// For a zone instance the seat does not see, the back of the card at each position
    /// (the zone its copies start in; `None` for an empty grid position); `None` for a
    /// zone it sees.
    pub fn backs(&self, r: ZoneRef) -> Option<&[Option<ZoneId>]> {
        self.unseen
            .iter()
            .find(|(u, _)| *u == r)
            .map(|(_, b)| b.as_slice())
    }

    /// Whether the seat sees card `card` where it lies.
    pub fn sees_card(&self, card: CardIx) -> bool {
        self.seen.get(card as usize).copied().unwrap_or(false)
    }

    /// The view as JSON: the state's shape (docs/state-json.md) with `rng` left out,
    /// `uncommitted: true` when made from a running script's changes so far,
    /// each unseen zone as `{hidden: true, count, backs}` (`backs`: per position the id
    /// of the zone its card's copies start in, `null` for an empty grid position;
    /// `marks` kept), another seat's question without its options and a script's
    /// answers for another seat without their keys, and a card the seat does not see
    /// named nowhere in the flow.
    pub fn to_json(&self, c: &Content) -> Value {
        let mut v = serde_json::to_value(&self.state).unwrap_or(Value::Null);
        let Some(obj) = v.as_object_mut() else {
            return v;
        };
        obj.remove("rng");
        if self.uncommitted {
            obj.insert("uncommitted".into(), json!(true));
        }
        for (r, backs) in &self.unseen {
            let at = match r.player {
                None => obj
                    .get_mut("zones")
                    .and_then(|z| z.get_mut(c.zones[r.zone as usize].index)),
                Some(p) => obj
                    .get_mut("players")
                    .and_then(|ps| ps.get_mut(p))
                    .and_then(|p| p.get_mut("zones"))
                    .and_then(|z| z.get_mut(c.zones[r.zone as usize].index)),
            };
            let Some(Value::Object(zone)) = at else {
                continue;
            };
            zone.remove("cards");
            zone.insert("hidden".into(), json!(true));
            zone.insert("count".into(), json!(backs.iter().flatten().count()));
            let ids: Vec<Option<&str>> = backs
                .iter()
                .map(|b| b.map(|z| c.zones[z as usize].id.as_str()))
                .collect();
            zone.insert("backs".into(), json!(ids));
        }
        let decision = self.decision_json(c);
        if let Some(d) = obj.get_mut("decision") {
            *d = decision;
        }
        if let Some(flow) = obj.get_mut("flow") {
            self.redact_flow(flow);
        }
        v
    }

    /// The pending question as the seat may see it: in full when it is the seat's (each
    /// option with what it belongs to, `of`: see [`decision_json`]), else who answers
    /// and the prompt, with `options` null and `option_count`.
    pub fn decision_json(&self, c: &Content) -> Value {
        match self.state.decision() {
            None => Value::Null,
            Some(d) if d.player == self.player => decision_json(c, &self.state),
            Some(d) => json!({
                "player": d.player,
                "prompt": d.prompt,
                "options": Value::Null,
                "option_count": d.options.len(),
            }),
        }
    }

    /// Takes out of the flow's JSON what the seat may not see: another seat's answers
    /// to a running script (`answers` null, `answer_count`), and every card the seat
    /// does not see (the owner of a hook, a card used or played), as `null`.
    fn redact_flow(&self, flow: &mut Value) {
        let hide_card = |v: &mut Value| {
            if let Some(k) = v.as_u64() {
                if !CardIx::try_from(k).is_ok_and(|k| self.sees_card(k)) {
                    *v = Value::Null;
                }
            }
        };
        // A hook's owner, wherever a call is: `{"type": "card", "card": k}`.
        fn owners(v: &mut Value, hide: &dyn Fn(&mut Value)) {
            match v {
                Value::Object(m) => {
                    if m.get("type").and_then(Value::as_str) == Some("card") {
                        if let Some(k) = m.get_mut("card") {
                            hide(k);
                        }
                    }
                    for (_, x) in m.iter_mut() {
                        owners(x, hide);
                    }
                }
                Value::Array(a) => a.iter_mut().for_each(|x| owners(x, hide)),
                _ => {}
            }
        }
        owners(flow, &hide_card);
        for list in ["played_this_round"] {
            if let Some(Value::Array(a)) = flow.get_mut(list) {
                a.iter_mut().for_each(hide_card);
            }
        }
        for jobs in ["jobs", "incoming"] {
            if let Some(Value::Array(a)) = flow.get_mut(jobs) {
                for job in a {
                    if let Some(Value::Array(used)) = job.get_mut("used") {
                        used.iter_mut().for_each(hide_card);
                    }
                    // A hook point's argument is the pack's to give its holder (a card
                    // id, a die): another seat sees only that there is one.
                    let holder = job
                        .get("player")
                        .or_else(|| job.get("call").and_then(|c| c.get("player")))
                        .and_then(Value::as_u64);
                    if holder != Some(self.player as u64) {
                        if let Some(arg) = job.get_mut("arg") {
                            *arg = json!("?");
                        }
                    }
                }
            }
        }
        let theirs = self
            .state
            .flow
            .effect
            .as_ref()
            .is_some_and(|e| e.call.player != Some(self.player));
        if theirs {
            if let Some(Value::Object(e)) = flow.get_mut("effect") {
                let n = e
                    .get("answers")
                    .and_then(Value::as_array)
                    .map_or(0, Vec::len);
                e.insert("answers".into(), Value::Null);
                e.insert("answer_count".into(), json!(n));
            }
        }
    }

    /// `events` as the seat may read them: an event about a card the seat could not
    /// watch move (from a place it does not see to another) reads its public text.
    pub fn events(&self, events: &[Event]) -> Vec<Event> {
        events
            .iter()
            .map(|e| match &e.private {
                Some(p) if !p.seen_by(self.player) => Event {
                    text: p.public_text.clone(),
                    private: None,
                    ..e.clone()
                },
                _ => Event {
                    private: None,
                    ..e.clone()
                },
            })
            .collect()
    }

    /// A full state consistent with the view: the unseen cards of each back (the cards
    /// starting in that zone that the view holds nowhere) shuffled with `rng` and dealt
    /// to the unseen positions of that back, the players' positions first (from the
    /// end of the shuffled pool), the piles the rest in order; and a new generator from
    /// `rng`. `None` when the unseen positions of a back do not match its unseen cards
    /// (a card out of every zone).
    pub fn sample(&self, c: &Content, rng: &mut impl rand::Rng) -> Option<GameState> {
        use rand::seq::SliceRandom;
        use std::collections::BTreeMap;
        let mut st = self.state.clone();
        // The cards the view holds are the ones the seat sees.
        let mut pools: BTreeMap<ZoneId, Vec<CardIx>> = BTreeMap::new();
        for (k, card) in c.cards.iter().enumerate() {
            if !self.sees_card(k as CardIx) {
                pools.entry(card.zone).or_default().push(k as CardIx);
            }
        }
        let spots = |held: bool| {
            self.unseen
                .iter()
                .filter(move |(r, _)| r.player.is_some() == held)
                .flat_map(|(r, backs)| {
                    backs
                        .iter()
                        .enumerate()
                        .filter_map(move |(i, b)| b.map(|b| (*r, i, b)))
                })
        };
        let mut wanted: BTreeMap<ZoneId, usize> = BTreeMap::new();
        for (_, _, b) in spots(true).chain(spots(false)) {
            *wanted.entry(b).or_default() += 1;
        }
        let sizes: BTreeMap<ZoneId, usize> = pools.iter().map(|(&b, p)| (b, p.len())).collect();
        if wanted != sizes {
            return None;
        }
        for pool in pools.values_mut() {
            pool.shuffle(rng);
        }
        for (r, i, b) in spots(true) {
            let card = pools.get_mut(&b)?.pop()?;
            r.get_mut(c, &mut st).cards[i] = Some(card);
        }
        let mut next: BTreeMap<ZoneId, usize> = BTreeMap::new();
        for (r, i, b) in spots(false) {
            let k = next.entry(b).or_default();
            let card = *pools.get(&b)?.get(*k)?;
            *k += 1;
            r.get_mut(c, &mut st).cards[i] = Some(card);
        }
        st.rng = rng_from_seed(rng.random());
        Some(st)
    }
}

/// The pending question of `st` as JSON (`{player, prompt, options}`, as the state holds
/// it), each option with `of`: the tile, card or area it belongs to ([`option_of`]).
pub fn decision_json(c: &Content, st: &GameState) -> Value {
    let Some(d) = st.decision() else {
        return Value::Null;
    };
    let mut v = json!(d);
    if let Some(options) = v.get_mut("options").and_then(Value::as_array_mut) {
        for (o, choice) in options.iter_mut().zip(&d.options) {
            if let Some(o) = o.as_object_mut() {
                o.insert("of".into(), option_of(c, st, &choice.action));
            }
        }
    }
    v
}

/// What an option of `st`'s question belongs to, for people and tools: `{tile, slot}`
/// for a move (the tile it goes to) and for taking or passing a tile's action (the tile
/// the piece stands on); `{card}` for playing, using or discarding a card; `{area}` for
/// placing at, resolving or declining an area; for a script's option, the owner of the
/// script that asks (its tile, card or area; `{unlock: n}` for a track's threshold,
/// `{game: "module.function"}` for a game hook); `null` when none.
pub fn option_of(c: &Content, st: &GameState, action: &crate::decision::Action) -> Value {
    use crate::decision::Action;
    use crate::flow::Owner;
    let tile = |slot: crate::content::SlotId| {
        let at = st.board.get(slot as usize);
        json!({
            "tile": at.map(|t| c.tiles[t.tile as usize].id.as_str()),
            "slot": c.board.slots.get(slot as usize).map(|s| s.id.as_str()),
        })
    };
    let card = |k: CardIx| json!({ "card": c.cards.get(k as usize).map(|d| d.id.as_str()) });
    let area = |a: crate::content::AreaId| json!({ "area": c.board.areas.get(a as usize).map(|x| x.id.as_str()) });
    let dice_space = |s: crate::content::dice::DiceSpaceId| json!({ "dice_space": c.dice_play.spaces.get(s as usize).map(|x| x.id.as_str()) });
    let extra_of =
        |e: u8| json!({ "extra": c.dice_play.extras.get(e as usize).map(|x| x.id.as_str()) });
    match action {
        Action::Move { to, .. } => tile(*to),
        Action::Act | Action::Pass => st.flow.acted.map_or(Value::Null, tile),
        Action::Play { card: k } | Action::Use { card: k } | Action::Discard { card: k } => {
            card(*k)
        }
        Action::Place { area: a }
        | Action::Resolve { area: a, .. }
        | Action::Decline { area: a, .. } => area(*a),
        Action::PlaceDice { space, .. } => dice_space(*space),
        Action::Extra { extra, .. } => extra_of(*extra),
        Action::EndTurn => Value::Null,
        Action::Script => match st.flow.effect.as_ref().map(|e| e.call.owner) {
            Some(Owner::DiceSpace { space }) => dice_space(space),
            Some(Owner::Extra { extra }) => extra_of(extra),
            Some(Owner::Tile { slot }) => tile(slot),
            Some(Owner::Card { card: k }) => card(k),
            Some(Owner::Area { area: a }) => area(a),
            Some(Owner::Unlock { index }) => json!({ "unlock": index }),
            Some(Owner::Game { hook }) => json!({
                "game": c
                    .program
                    .game_hooks
                    .get(hook as usize)
                    .map(|h| format!("{}.{}", h.module, h.function)),
            }),
            None => Value::Null,
        },
    }
}
