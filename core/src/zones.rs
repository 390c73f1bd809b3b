//! Cards in zones (`[[zones]]`, `[[cards]]`): dealing the piles at setup, moving a card
//! from one zone to another, marks on a position, refilling a grid from a pile.
//!
//! Every function checks before it changes anything, so a refused move leaves the
//! state as it was; errors are plain sentences for the script or tool that asked.

use crate::content::{CardIx, Content, ZoneId, ZoneKind, ZoneOwner};
use crate::events::EventLog;
use crate::state::{GameRng, GameState, ZoneState};

/// One zone in play: which declared zone, and for player zones, whose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ZoneRef {
    /// The declared zone.
    pub zone: ZoneId,
    /// The player, for zones with `owner = "player"`.
    pub player: Option<usize>,
}

impl ZoneRef {
    /// The zone named `id`, for player `p` (0-based) when it is a player zone; an error
    /// naming the zones when there is none, or when a player zone is named without a
    /// player.
    pub fn named(c: &Content, id: &str, p: Option<usize>) -> Result<ZoneRef, String> {
        let Some(zone) = c.zone(id) else {
            let ids: Vec<&str> = c.zones.iter().map(|z| z.id.as_str()).collect();
            return Err(if ids.is_empty() {
                format!("`{id}` is not a zone: the pack declares no [[zones]]")
            } else {
                format!("`{id}` is not a zone ({})", ids.join(", "))
            });
        };
        match (c.zones[zone as usize].owner, p) {
            (ZoneOwner::Player, None) => Err(format!(
                "zone `{id}` belongs to each player: name the player too"
            )),
            (ZoneOwner::Shared, _) => Ok(ZoneRef { zone, player: None }),
            (ZoneOwner::Player, Some(p)) => Ok(ZoneRef {
                zone,
                player: Some(p),
            }),
        }
    }

    /// The zone's cards and marks.
    pub fn get<'a>(&self, c: &Content, st: &'a GameState) -> &'a ZoneState {
        let i = c.zones[self.zone as usize].index;
        match self.player {
            None => &st.zones[i],
            Some(p) => &st.players[p].zones[i],
        }
    }

    /// The zone's cards and marks, to change (tools and tests; rules use the functions
    /// below, which check first).
    pub fn get_mut<'a>(&self, c: &Content, st: &'a mut GameState) -> &'a mut ZoneState {
        let i = c.zones[self.zone as usize].index;
        match self.player {
            None => &mut st.zones_mut()[i],
            Some(p) => &mut st.player_mut(p).zones_mut()[i],
        }
    }

    /// The zone's id, with the player for player zones (`unfinished of player 2`).
    pub fn describe(&self, c: &Content) -> String {
        let id = &c.zones[self.zone as usize].id;
        match self.player {
            None => format!("`{id}`"),
            Some(p) => format!("`{id}` of player {}", p + 1),
        }
    }
}

/// The empty zones of a new game with `players` players: grids at their size for that
/// count, every pile empty. Returns the shared zones and one list per player.
pub fn empty_zones(c: &Content, players: usize) -> (Vec<ZoneState>, Vec<ZoneState>) {
    let make = |z: &crate::content::Zone| {
        let n = z.grid_size(players).map_or(0, |(r, k)| (r * k) as usize);
        ZoneState {
            cards: vec![None; n],
            marks: if z.marks { vec![0; n] } else { Vec::new() },
        }
    };
    let shared = c
        .zones
        .iter()
        .filter(|z| z.owner == ZoneOwner::Shared)
        .map(make)
        .collect();
    let mine = c
        .zones
        .iter()
        .filter(|z| z.owner == ZoneOwner::Player)
        .map(make)
        .collect();
    (shared, mine)
}

/// Puts every card in play at this player count into its starting pile, in
/// declaration order, then shuffles the piles that ask for it, in zone order
/// (C-SETUP-2, C-TWO-1: copies marked for more players stay out).
pub fn deal_piles(c: &Content, st: &mut GameState, rng: &mut GameRng) {
    let n = st.players.len();
    for (i, card) in c.cards.iter().enumerate() {
        if (card.min_players as usize) <= n {
            let z = &c.zones[card.zone as usize];
            let zs = &mut st.zones_mut()[z.index];
            zs.cards.push(Some(i as CardIx));
            if z.marks {
                zs.marks.push(0);
            }
        }
    }
    for z in &c.zones {
        if z.owner == ZoneOwner::Shared && z.kind == ZoneKind::Pile && z.shuffle {
            crate::shuffle::shuffle(&mut st.zones_mut()[z.index].cards, rng);
        }
    }
}

/// Cards a zone holds (grid positions that are filled, every card of a pile).
pub fn held(zs: &ZoneState) -> usize {
    zs.cards.iter().filter(|c| c.is_some()).count()
}

/// Room left under the zone's cap, or `None` when it has none.
pub fn room(c: &Content, st: &GameState, z: ZoneRef) -> Option<u32> {
    c.zones[z.zone as usize]
        .cap
        .map(|cap| cap.saturating_sub(held(z.get(c, st)) as u32))
}

/// The 0-based position of `pos` (from 1; negative counts from the end, -1 the last).
pub fn position(c: &Content, st: &GameState, z: ZoneRef, pos: i64) -> Result<usize, String> {
    let len = z.get(c, st).cards.len() as i64;
    let i = if pos < 0 { len + pos } else { pos - 1 };
    if pos == 0 || i < 0 || i >= len {
        return Err(format!(
            "position {pos} is outside {} ({len} positions; 1 is the first, -1 the last)",
            z.describe(c)
        ));
    }
    Ok(i as usize)
}

/// The card at a 0-based position, if any.
pub fn card_at(c: &Content, st: &GameState, z: ZoneRef, i: usize) -> Option<CardIx> {
    z.get(c, st).cards.get(i).copied().flatten()
}

/// The mark at a 0-based position (0 for zones without marks).
pub fn mark_at(c: &Content, st: &GameState, z: ZoneRef, i: usize) -> i64 {
    z.get(c, st).marks.get(i).copied().unwrap_or(0)
}

/// Adds `n` (negative to remove) to the mark at a 0-based position, which must hold a
/// card of a zone with marks; the mark stays between 0 and `MAX_HOLDING`.
pub fn add_mark(
    c: &Content,
    st: &mut GameState,
    z: ZoneRef,
    i: usize,
    n: i64,
) -> Result<i64, String> {
    if !c.zones[z.zone as usize].marks {
        return Err(format!(
            "{} has no marks: add marks = true to its [[zones]] entry",
            z.describe(c)
        ));
    }
    if card_at(c, st, z, i).is_none() {
        return Err(format!("position {} of {} is empty", i + 1, z.describe(c)));
    }
    let now = mark_at(c, st, z, i);
    let after = now
        .checked_add(n)
        .filter(|v| (0..=crate::limits::MAX_HOLDING).contains(v))
        .ok_or_else(|| {
            format!(
                "the mark at position {} of {} would be {now} + {n}: marks stay between 0 and {}",
                i + 1,
                z.describe(c),
                crate::limits::MAX_HOLDING
            )
        })?;
    z.get_mut(c, st).marks[i] = after;
    Ok(after)
}

/// Moves the card at 0-based position `i` of `from` to `to`: on top of a pile (at its
/// bottom with `at = Some(0)`; any other position of a pile is refused), or into the
/// first empty position of a grid (or position `at` of a grid, when given). Its mark is
/// dropped. Refused, changing nothing, when the position is empty, the target
/// is full or over its cap.
pub fn move_card(
    c: &Content,
    st: &mut GameState,
    from: ZoneRef,
    i: usize,
    to: ZoneRef,
    at: Option<usize>,
) -> Result<CardIx, String> {
    let Some(card) = card_at(c, st, from, i) else {
        return Err(format!(
            "position {} of {} is empty",
            i + 1,
            from.describe(c)
        ));
    };
    let target = &c.zones[to.zone as usize];
    accepts(c, to.zone, card)?;
    if from != to && room(c, st, to) == Some(0) {
        return Err(format!(
            "{} is full ({} cards, its cap): check ctx:room first",
            to.describe(c),
            target.cap.unwrap_or(0)
        ));
    }
    let slot = match (&target.kind, at) {
        (ZoneKind::Pile, None) => None,
        // The bottom of a pile (`ctx:move_card_to_bottom`).
        (ZoneKind::Pile, Some(0)) => Some(usize::MAX),
        (ZoneKind::Pile, Some(_)) => {
            return Err(format!(
                "{} is a pile: cards go on its top or at its bottom, not to a position",
                to.describe(c)
            ))
        }
        (ZoneKind::Grid { .. }, Some(k)) => {
            let zs = to.get(c, st);
            if k >= zs.cards.len() {
                return Err(format!("{} has no position {}", to.describe(c), k + 1));
            }
            if zs.cards[k].is_some() && !(from == to && k == i) {
                return Err(format!("position {} of {} is taken", k + 1, to.describe(c)));
            }
            Some(k)
        }
        (ZoneKind::Grid { .. }, None) => {
            let zs = to.get(c, st);
            match zs.cards.iter().position(|x| x.is_none()) {
                Some(k) => Some(k),
                None => return Err(format!("{} has no empty position", to.describe(c))),
            }
        }
    };
    take_at(c, st, from, i);
    // Put it in.
    let dst = to.get_mut(c, st);
    match slot {
        Some(usize::MAX) => {
            dst.cards.insert(0, Some(card));
            if target.marks {
                dst.marks.insert(0, 0);
            }
        }
        Some(k) => dst.cards[k] = Some(card),
        None => {
            dst.cards.push(Some(card));
            if target.marks {
                dst.marks.push(0);
            }
        }
    }
    Ok(card)
}

/// Takes the card at 0-based position `i` out of zone `z`, unchecked: a pile closes
/// up, a grid position is left empty; the position's mark goes with it.
pub fn take_at(c: &Content, st: &mut GameState, z: ZoneRef, i: usize) {
    let grid = matches!(c.zones[z.zone as usize].kind, ZoneKind::Grid { .. });
    let zs = z.get_mut(c, st);
    if grid {
        zs.cards[i] = None;
        if let Some(m) = zs.marks.get_mut(i) {
            *m = 0;
        }
    } else {
        zs.cards.remove(i);
        if i < zs.marks.len() {
            zs.marks.remove(i);
        }
    }
}

/// Fills every empty position of a shared grid, row-major, from the top of a shared
/// pile (C-SETUP-3, C-RESET-3). When the pile runs out the rest stay empty, logged
/// (C-RESET-4). Returns how many cards were dealt.
pub fn refill(
    c: &Content,
    st: &mut GameState,
    log: &mut EventLog,
    grid: ZoneId,
    pile: ZoneId,
) -> usize {
    let (g, p) = (
        ZoneRef {
            zone: grid,
            player: None,
        },
        ZoneRef {
            zone: pile,
            player: None,
        },
    );
    let empty: Vec<usize> = g
        .get(c, st)
        .cards
        .iter()
        .enumerate()
        .filter(|(_, x)| x.is_none())
        .map(|(k, _)| k)
        .collect();
    let mut dealt = 0;
    for k in &empty {
        let top = p.get(c, st).cards.len();
        if top == 0 {
            let round = st.round;
            let left = empty.len() - dealt;
            log.push(round, None, "refill", || {
                format!(
                    "`{}` ran out: {left} position(s) of `{}` stay empty this round",
                    c.zones[pile as usize].id, c.zones[grid as usize].id
                )
            });
            break;
        }
        // The loader refuses a grid whose cap is below its positions, so an empty position
        // takes the card; were it refused, the refill stops there, logged.
        if let Err(why) = move_card(c, st, p, top - 1, g, Some(*k)) {
            let round = st.round;
            log.push(round, None, "refill", || {
                format!(
                    "the refill of `{}` stopped: {why}",
                    c.zones[grid as usize].id
                )
            });
            break;
        }
        dealt += 1;
    }
    dealt
}

/// Where card `card` is: its zone and 0-based position, if it is in play.
pub fn locate(c: &Content, st: &GameState, card: CardIx) -> Option<(ZoneRef, usize)> {
    for (k, z) in c.zones.iter().enumerate() {
        let players: Vec<Option<usize>> = match z.owner {
            ZoneOwner::Shared => vec![None],
            ZoneOwner::Player => (0..st.players.len()).map(Some).collect(),
        };
        for player in players {
            let r = ZoneRef {
                zone: k as ZoneId,
                player,
            };
            if let Some(i) = r.get(c, st).cards.iter().position(|&x| x == Some(card)) {
                return Some((r, i));
            }
        }
    }
    None
}

/// Swaps the cards at two positions (0-based), marks staying with the positions: for
/// tools and tests that build a position ("put this card there, and the one there
/// where mine was").
pub fn swap(c: &Content, st: &mut GameState, a: (ZoneRef, usize), b: (ZoneRef, usize)) {
    let x = a.0.get(c, st).cards[a.1];
    let y = b.0.get(c, st).cards[b.1];
    a.0.get_mut(c, st).cards[a.1] = y;
    b.0.get_mut(c, st).cards[b.1] = x;
}

/// Whether zone `zone` may take card `card`: a deck's two piles take only its own
/// cards (the rules read every card there as one of the deck's); any other zone takes
/// any card.
pub fn accepts(c: &Content, zone: ZoneId, card: CardIx) -> Result<(), String> {
    let Some(deck) = c.decks.iter().find(|d| d.draw == zone || d.discard == zone) else {
        return Ok(());
    };
    let def = &c.cards[card as usize];
    let own = def.deck.map(|d| &c.decks[d as usize]);
    if own.is_some_and(|o| o.id == deck.id) {
        return Ok(());
    }
    let id = &c.zones[zone as usize].id;
    Err(match own {
        Some(o) => format!(
            "`{}` is a card of deck `{}`: zone `{id}` holds deck `{}`'s cards only",
            def.id, o.id, deck.id
        ),
        None => format!(
            "`{}` is in no deck: zone `{id}` holds deck `{}`'s cards only",
            def.id, deck.id
        ),
    })
}
