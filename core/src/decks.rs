//! Decks and player piles in play: drawing from a deck (its discards reshuffled when the
//! draw pile runs out), discarding a card to its deck, and the player zones the flow's
//! `play` and `use_cards` steps name (where tools and bots find a player's hand and the
//! cards they have played). Every pile here is a plain zone, so scripts reach the same
//! cards by zone id.

use crate::content::{CardIx, Content, DeckId, ZoneId};
use crate::events::EventLog;
use crate::state::{GameState, Player, ZoneState};

/// The cards of a pile, bottom first.
fn pile(zs: Option<&ZoneState>) -> impl Iterator<Item = CardIx> + '_ {
    zs.into_iter()
        .flat_map(|z| z.cards.iter().flatten().copied())
}

/// Player `pl`'s zone `zone` (a player zone's [`ZoneId`]).
fn own<'a>(c: &Content, pl: &'a Player, zone: ZoneId) -> &'a ZoneState {
    &pl.zones[c.zones[zone as usize].index]
}

/// The cards in a player's zone `zone` (a player zone's [`ZoneId`]), bottom first.
pub fn player_pile<'a>(
    c: &Content,
    pl: &'a Player,
    zone: ZoneId,
) -> impl Iterator<Item = CardIx> + 'a {
    pile(Some(own(c, pl, zone)))
}

/// The cards a player may play: those in the first `play` step's `from` zone, in the
/// order they came in (none without a `play` step).
pub fn hand<'a>(c: &Content, pl: &'a Player) -> impl Iterator<Item = CardIx> + 'a {
    pile(c.program.play.map(|z| own(c, pl, z.from)))
}

/// The cards a player has played: those in the first `play` step's `to` zone, in the
/// order they came in (none without a `play` step).
pub fn played<'a>(c: &Content, pl: &'a Player) -> impl Iterator<Item = CardIx> + 'a {
    pile(c.program.play.map(|z| own(c, pl, z.to)))
}

/// The cards a player may use: those in the first `use_cards` step's zone (none
/// without one).
pub fn usable<'a>(c: &Content, pl: &'a Player) -> impl Iterator<Item = CardIx> + 'a {
    pile(c.program.use_phase.map(|u| own(c, pl, u.zone)))
}

/// Deck `d`'s draw pile (the top is the end).
pub fn draw_pile<'a>(c: &Content, st: &'a GameState, d: DeckId) -> &'a ZoneState {
    &st.zones[c.zones[c.decks[d as usize].draw as usize].index]
}

/// Deck `d`'s discard pile (the top is the end).
pub fn discard_pile<'a>(c: &Content, st: &'a GameState, d: DeckId) -> &'a ZoneState {
    &st.zones[c.zones[c.decks[d as usize].discard as usize].index]
}

/// Puts a card on top of player `p`'s zone `zone` (a player zone's [`ZoneId`]).
pub fn push_to_player(c: &Content, st: &mut GameState, p: usize, zone: ZoneId, card: CardIx) {
    let i = c.zones[zone as usize].index;
    st.player_mut(p).zones_mut()[i].cards.push(Some(card));
}

/// Takes a card out of player `p`'s zone `zone`; `false` (nothing changed) when it is
/// not there.
pub fn take_from_player(
    c: &Content,
    st: &mut GameState,
    p: usize,
    zone: ZoneId,
    card: CardIx,
) -> bool {
    let i = c.zones[zone as usize].index;
    // Found on the shared state first: a card not there changes (and copies) nothing.
    let Some(at) = st.players[p].zones[i]
        .cards
        .iter()
        .position(|&x| x == Some(card))
    else {
        return false;
    };
    st.player_mut(p).zones_mut()[i].cards.remove(at);
    true
}

/// Puts a card on top of its deck's discard pile, or, for a card of no deck, of the
/// shared zone it started in.
pub fn discard(c: &Content, st: &mut GameState, card: CardIx) {
    let def = &c.cards[card as usize];
    let zone = def.deck.map_or(def.zone, |d| c.decks[d as usize].discard);
    st.zones_mut()[c.zones[zone as usize].index]
        .cards
        .push(Some(card));
}

/// Draws the top card of deck `d`'s draw pile; when it is empty, the discards are first
/// shuffled into a new draw pile with the game's RNG (`reshuffled` is then `true`).
/// `None` when both are empty.
pub fn draw(c: &Content, st: &mut GameState, d: DeckId) -> (Option<CardIx>, bool) {
    let deck = &c.decks[d as usize];
    let (dz, xz) = (
        c.zones[deck.draw as usize].index,
        c.zones[deck.discard as usize].index,
    );
    let reshuffle = st.zones[dz].cards.is_empty() && !st.zones[xz].cards.is_empty();
    if !reshuffle && st.zones[dz].cards.is_empty() {
        return (None, false); // both piles empty: nothing changes, nothing is copied
    }
    let zones = std::sync::Arc::make_mut(&mut st.zones);
    if reshuffle {
        zones.swap(dz, xz);
        crate::shuffle::shuffle(&mut zones[dz].cards, &mut st.rng);
    }
    (zones[dz].cards.pop().flatten(), reshuffle)
}

#[cfg(feature = "test-hooks")]
thread_local! {
    /// Calls to [`draw_card`] on this thread (test hook: shows a loop that outlasts its deck).
    pub static DRAW_ATTEMPTS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Takes the top card of deck `deck`, reshuffling its discards when the draw pile is
/// empty. `None` when both are empty.
pub fn draw_card(
    content: &Content,
    st: &mut GameState,
    log: &mut EventLog,
    deck: DeckId,
) -> Option<CardIx> {
    #[cfg(feature = "test-hooks")]
    DRAW_ATTEMPTS.with(|n| n.set(n.get() + 1));
    let (card, reshuffled) = draw(content, st, deck);
    if reshuffled {
        let round = st.round;
        log.push(round, None, "reshuffle", || {
            format!(
                "the {} discards are shuffled into a new draw pile",
                content.decks[deck as usize].id
            )
        });
    }
    card
}

/// Takes the top card of shared pile `zone`; `None` when it is empty.
pub fn take_top(c: &Content, st: &mut GameState, zone: ZoneId) -> Option<CardIx> {
    let i = c.zones[zone as usize].index;
    if st.zones[i].cards.is_empty() {
        return None;
    }
    st.zones_mut()[i].cards.pop().flatten()
}

/// Cards of deck `d` left to draw: the draw pile and the discards.
pub fn deck_size(c: &Content, st: &GameState, d: DeckId) -> usize {
    draw_pile(c, st, d).cards.len() + discard_pile(c, st, d).cards.len()
}

/// Takes a card out of wherever it is (see [`crate::zones::take_at`]).
fn take_out(c: &Content, st: &mut GameState, card: CardIx) {
    if let Some((z, i)) = crate::zones::locate(c, st, card) {
        crate::zones::take_at(c, st, z, i);
    }
}

/// Takes a card out of wherever it is (a pile, a hand, a player's played cards) and puts
/// it on top of player `p`'s zone `zone`: for tools and tests that build a position.
pub fn give(c: &Content, st: &mut GameState, p: usize, zone: ZoneId, card: CardIx) {
    take_out(c, st, card);
    push_to_player(c, st, p, zone, card);
}

/// Sets player `p`'s zone `zone` to exactly `cards` (tools and tests): each is taken
/// from wherever it is; the cards the zone held before and does not keep go back to the
/// bottom of the shared zone they started in (a deck's draw pile), so the next draws
/// are unchanged.
pub fn set_player_pile(c: &Content, st: &mut GameState, p: usize, zone: ZoneId, cards: &[CardIx]) {
    let i = c.zones[zone as usize].index;
    let old = std::mem::take(&mut st.player_mut(p).zones_mut()[i].cards);
    for card in old.into_iter().flatten().filter(|k| !cards.contains(k)) {
        let home = c.zones[c.cards[card as usize].zone as usize].index;
        st.zones_mut()[home].cards.insert(0, Some(card));
    }
    for &card in cards {
        take_out(c, st, card);
        st.player_mut(p).zones_mut()[i].cards.push(Some(card));
    }
}
