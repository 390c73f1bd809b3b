//! The commissions' built-in zones in play ([`crate::content::decks`]): a player's hand
//! and tucked cards, and each grade's draw and discard piles. The rules read and move
//! commission cards through these functions; they are plain zones, so scripts, bots and
//! tools also reach them by id (`hand`, `tucked`, `<grade>_deck`, `<grade>_discard`).
//!
//! In a pack without grades every list here is empty and every move is refused by the
//! loader before play (no commission exists to move).

use crate::content::{CardIx, Content, GradeId};
use crate::state::{GameState, Player, ZoneState};

/// The cards of a pile, bottom first.
fn pile(zs: Option<&ZoneState>) -> impl Iterator<Item = CardIx> + '_ {
    zs.into_iter()
        .flat_map(|z| z.cards.iter().flatten().copied())
}

/// The commissions in a player's hand, in the order they came in.
pub fn hand<'a>(c: &Content, pl: &'a Player) -> impl Iterator<Item = CardIx> + 'a {
    pile(c.decks.hand.map(|i| &pl.zones[i]))
}

/// How many commissions a player holds in hand.
pub fn hand_len(c: &Content, pl: &Player) -> usize {
    c.decks.hand.map_or(0, |i| pl.zones[i].cards.len())
}

/// The commissions a player has tucked (fulfilled, and starting workshop cards), in
/// the order they were tucked.
pub fn tucked<'a>(c: &Content, pl: &'a Player) -> impl Iterator<Item = CardIx> + 'a {
    pile(c.decks.tucked.map(|i| &pl.zones[i]))
}

/// Grade `g`'s draw pile (the top is the end).
pub fn draw_pile<'a>(c: &Content, st: &'a GameState, g: GradeId) -> &'a ZoneState {
    &st.zones[c.decks.draw[g as usize]]
}

/// Grade `g`'s discard pile (the top is the end).
pub fn discard_pile<'a>(c: &Content, st: &'a GameState, g: GradeId) -> &'a ZoneState {
    &st.zones[c.decks.discard[g as usize]]
}

fn hand_zone<'a>(c: &Content, st: &'a mut GameState, p: usize) -> &'a mut ZoneState {
    &mut st.player_mut(p).zones[c
        .decks
        .hand
        .expect("a pack with commissions has a hand zone")]
}

/// Whether zone `zone` may take card `card`: the built-in zones take commissions only,
/// and a grade's piles only that grade's (the rules read every card there as one).
/// Any other zone takes any card.
pub fn accepts(c: &Content, zone: crate::content::ZoneId, card: CardIx) -> Result<(), String> {
    let Some(&(_, grade)) = c.decks.zones.iter().find(|(z, _)| *z == zone) else {
        return Ok(());
    };
    let id = &c.zones[zone as usize].id;
    if !c.is_commission(card) {
        return Err(format!(
            "`{}` is not a commission: zone `{id}` holds commissions only",
            c.cards[card as usize].id
        ));
    }
    let own = c.commissions[card as usize].grade;
    match grade {
        Some(g) if g != own => Err(format!(
            "`{}` is a {} commission: zone `{id}` holds {} commissions only",
            c.commissions[card as usize].id, c.grades[own as usize].id, c.grades[g as usize].id
        )),
        _ => Ok(()),
    }
}

/// Puts a card on top of player `p`'s hand.
pub fn to_hand(c: &Content, st: &mut GameState, p: usize, card: CardIx) {
    hand_zone(c, st, p).cards.push(Some(card));
}

/// Takes a card out of player `p`'s hand; `false` (nothing changed) when it is not there.
pub fn take_from_hand(c: &Content, st: &mut GameState, p: usize, card: CardIx) -> bool {
    let hand = &mut hand_zone(c, st, p).cards;
    match hand.iter().position(|&x| x == Some(card)) {
        Some(i) => {
            hand.remove(i);
            true
        }
        None => false,
    }
}

/// Tucks a card under player `p`'s mat (R-FUL-2).
pub fn tuck(c: &Content, st: &mut GameState, p: usize, card: CardIx) {
    let i = c
        .decks
        .tucked
        .expect("a pack with commissions has a tucked zone");
    st.player_mut(p).zones[i].cards.push(Some(card));
}

/// Puts a commission on top of its grade's discard pile.
pub fn discard(c: &Content, st: &mut GameState, card: CardIx) {
    let g = c.commissions[card as usize].grade as usize;
    st.zones_mut()[c.decks.discard[g]].cards.push(Some(card));
}

/// Draws the top card of grade `g`'s pile; when it is empty, the discards are first
/// shuffled into a new draw pile with the game's RNG (`reshuffled` is then `true`).
/// `None` when both are empty.
pub fn draw(c: &Content, st: &mut GameState, g: GradeId) -> (Option<CardIx>, bool) {
    let (d, x) = (c.decks.draw[g as usize], c.decks.discard[g as usize]);
    let reshuffle = st.zones[d].cards.is_empty() && !st.zones[x].cards.is_empty();
    if !reshuffle && st.zones[d].cards.is_empty() {
        return (None, false); // both piles empty: nothing changes, nothing is copied
    }
    let zones = std::sync::Arc::make_mut(&mut st.zones);
    if reshuffle {
        zones.swap(d, x);
        crate::ops::shuffle(&mut zones[d].cards, &mut st.rng);
    }
    (zones[d].cards.pop().flatten(), reshuffle)
}

/// Cards of grade `g` left to draw: the draw pile and the discards.
pub fn deck_size(c: &Content, st: &GameState, g: GradeId) -> usize {
    draw_pile(c, st, g).cards.len() + discard_pile(c, st, g).cards.len()
}

/// Takes a card out of wherever it is (see [`crate::zones::take_at`]).
fn take_out(c: &Content, st: &mut GameState, card: CardIx) {
    if let Some((z, i)) = crate::zones::locate(c, st, card) {
        crate::zones::take_at(c, st, z, i);
    }
}

/// Takes a commission out of wherever it is (a pile, a hand, the tucked cards) and
/// puts it on top of player `p`'s hand: for tools and tests that build a position.
pub fn give(c: &Content, st: &mut GameState, p: usize, card: CardIx) {
    take_out(c, st, card);
    to_hand(c, st, p, card);
}

/// Sets player `p`'s hand to exactly `cards` (tools and tests): each is taken from
/// wherever it is; the cards the hand held before and does not keep go back to the
/// bottom of their grade's draw pile, so the next draws are unchanged.
pub fn set_hand(c: &Content, st: &mut GameState, p: usize, cards: &[CardIx]) {
    let i = c
        .decks
        .hand
        .expect("a pack with commissions has a hand zone");
    set_player_pile(c, st, p, i, cards);
}

/// Sets player `p`'s tucked cards to exactly `cards` (tools and tests), as
/// [`set_hand`] does the hand.
pub fn set_tucked(c: &Content, st: &mut GameState, p: usize, cards: &[CardIx]) {
    let i = c
        .decks
        .tucked
        .expect("a pack with commissions has a tucked zone");
    set_player_pile(c, st, p, i, cards);
}

/// Sets player `p`'s zone `i` (an index into `Player.zones`) to exactly `cards`, each
/// taken from wherever it is; the ones it held and does not keep go to the bottom of
/// their grade's draw pile.
fn set_player_pile(c: &Content, st: &mut GameState, p: usize, i: usize, cards: &[CardIx]) {
    let old = std::mem::take(&mut st.player_mut(p).zones[i].cards);
    for card in old.into_iter().flatten().filter(|k| !cards.contains(k)) {
        let g = c.commissions[card as usize].grade as usize;
        st.zones_mut()[c.decks.draw[g]].cards.insert(0, Some(card));
    }
    for &card in cards {
        take_out(c, st, card);
        st.player_mut(p).zones[i].cards.push(Some(card));
    }
}
