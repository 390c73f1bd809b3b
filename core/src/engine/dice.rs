//! Dice pools and dice placement, from data (`content/dice.rs`): rolling every pool at
//! the round's start, the placements a player may make on a dice space (the lowest die
//! is the strength, occupancy, fee, the colour rule, linked spaces, costs and needs:
//! M-DICE-1..9, M-KHAN-1..4, M-SPECIAL-2), making one, and the dice a player's extra
//! actions change (M-EXTRA-3..5). No script is called here; a space's `resolve` and
//! `can_act` run from the `actions` step.

use crate::content::dice::{DiceSpace, DiceSpaceId, Occupancy};
use crate::content::Content;
use crate::events::EventLog;
use crate::ops;
use crate::state::{DicePlacement, DiceSet, GameState, PoolDie};
use rand::Rng;

/// The most options one placement question may offer: more is refused with an error
/// (a pack whose pools and spaces make the question unanswerable by people and bots).
pub const MAX_PLACEMENT_OPTIONS: usize = 4096;

/// A die's text in option keys and logs: its pips, `n` after a neutral die, `s<tag>`
/// after a stand-in.
pub fn die_text(d: PoolDie) -> String {
    crate::pips::die_key(d)
}

/// One roll of a die of `faces` faces, from the game's generator.
pub(crate) fn roll(st: &mut GameState, faces: u8) -> u8 {
    st.rng.random_range(1..=faces)
}

/// The round's start (M-ROUND-2 steps 3 and 5): every die comes back (each player's own
/// to their pool, neutral dice to the supply), every dice space is emptied, and every
/// player rolls their pool, in seat order. Logs each roll.
pub(crate) fn return_and_roll(c: &Content, st: &mut GameState, log: &mut EventLog) {
    let Some(pools) = &c.dice_play.pools else {
        return;
    };
    for space in st.dice_spaces_mut() {
        space.placements.clear();
    }
    st.neutral_dice = pools.neutral;
    st.dice_placed = 0;
    for p in 0..st.players.len() {
        let mut dice: Vec<PoolDie> = (0..pools.per_player)
            .map(|_| PoolDie::own(roll(st, pools.faces)))
            .collect();
        // Stand-ins are not dice of the round: those not placed stay (M-CHAR-11 a).
        dice.extend(st.players[p].dice.iter().filter(|d| d.is_stand_in()));
        dice.sort_unstable();
        let round = st.round;
        log.push(round, Some(p), "roll", || {
            let shown: Vec<String> = dice
                .iter()
                .filter(|d| !d.is_stand_in())
                .map(|d| d.pips.to_string())
                .collect();
            format!("rolls {}", shown.join(" "))
        });
        st.player_mut(p).dice = dice;
    }
}

/// Adds die `d` to player `p`'s pool, keeping it sorted.
pub(crate) fn add_to_pool(st: &mut GameState, p: usize, d: PoolDie) {
    let pool = &mut st.player_mut(p).dice;
    let at = pool.partition_point(|x| *x <= d);
    pool.insert(at, d);
}

/// Takes one die equal to `d` out of player `p`'s pool; false when there is none.
pub(crate) fn take_from_pool(st: &mut GameState, p: usize, d: PoolDie) -> bool {
    match st.players[p].dice.iter().position(|x| *x == d) {
        Some(i) => {
            st.player_mut(p).dice.remove(i);
            true
        }
        None => false,
    }
}

/// Takes a neutral die from the supply for player `p`, rolls it and adds it to their
/// pool (M-EXTRA-5, M-ICON-5); `None` when the supply is empty.
pub(crate) fn take_neutral(
    c: &Content,
    st: &mut GameState,
    log: &mut EventLog,
    p: usize,
) -> Option<u8> {
    let pools = c.dice_play.pools.as_ref()?;
    if st.neutral_dice == 0 {
        return None;
    }
    st.neutral_dice -= 1;
    let pips = roll(st, pools.faces);
    add_to_pool(st, p, PoolDie::neutral(pips));
    let round = st.round;
    let name = &pools.neutral_name;
    log.push(round, Some(p), "dice", || {
        format!("takes a {name} and rolls {pips}")
    });
    Some(pips)
}

/// Each distinct set of `n` dice `pool` holds (dice of equal pips and colour are the same
/// die to the rules), lowest dice first; at most `cap` of them.
fn distinct_sets(pool: &[PoolDie], n: usize, cap: usize) -> Vec<DiceSet> {
    // The pool as (die, how many), in order.
    let mut kinds: Vec<(PoolDie, usize)> = Vec::new();
    for &d in pool {
        match kinds.last_mut() {
            Some((k, count)) if *k == d => *count += 1,
            _ => kinds.push((d, 1)),
        }
    }
    kinds.sort_unstable();
    let mut out = Vec::new();
    let mut chosen: Vec<PoolDie> = Vec::with_capacity(n);
    fn walk(
        kinds: &[(PoolDie, usize)],
        n: usize,
        chosen: &mut Vec<PoolDie>,
        out: &mut Vec<DiceSet>,
        cap: usize,
    ) {
        if out.len() >= cap {
            return;
        }
        if chosen.len() == n {
            out.push(DiceSet::new(chosen));
            return;
        }
        let Some(((die, count), rest)) = kinds.split_first() else {
            return;
        };
        let room = n - chosen.len();
        for take in (0..=(*count).min(room)).rev() {
            for _ in 0..take {
                chosen.push(*die);
            }
            walk(rest, n, chosen, out, cap);
            for _ in 0..take {
                chosen.pop();
            }
        }
    }
    walk(&kinds, n, &mut chosen, &mut out, cap);
    out.sort_unstable();
    out
}

/// What placing `dice` on `space` would cost player `p` in fee (M-DICE-6), or why it is
/// not allowed by the space's data: occupancy (M-DICE-4, M-KHAN-2/4), strength
/// (M-MARKET-1), the colour rule (M-DICE-5, M-DICE-8, M-KHAN-3), linked spaces
/// (M-SPECIAL-2), and what fee, cost and needs ask of the player (M-DICE-9).
pub(crate) fn check_placement(
    c: &Content,
    st: &GameState,
    p: usize,
    space: DiceSpaceId,
    dice: DiceSet,
) -> Result<u32, String> {
    check_placement_paying(c, st, p, space, dice, &[])
}

/// [`check_placement`] with `also` to pay besides (an extra action's cost, when the
/// placement is that extra's): the whole must be affordable at once.
fn check_placement_paying(
    c: &Content,
    st: &GameState,
    p: usize,
    space: DiceSpaceId,
    dice: DiceSet,
    also: &[(crate::content::CounterId, u32)],
) -> Result<u32, String> {
    let def = &c.dice_play.spaces[space as usize];
    let here = &st.dice_spaces[space as usize].placements;
    if let Some(a) = &def.closed_by {
        if crate::powers::ability(c, st, p, a) > 0 {
            return Err(format!(
                "{} is closed to player {} (their `{a}`)",
                def.name,
                p + 1
            ));
        }
    }
    if dice.has_stand_in() {
        stand_ins_allowed(def, here, dice)?;
    }
    if let Some(pr) = &def.presence {
        // A tag opens the space to the stand-ins alone: the placer's own dice still need
        // the placer's marker (M-CHAR-11 a iii gives the piece, not her dice, the card).
        let by_tags = pr.stand_in_tags && !dice.has_own() && tags_present(st, pr, dice);
        if !(present(st, p, pr) || by_tags) {
            return Err(format!(
                "{} needs player {}'s {} on {}{}",
                def.name,
                p + 1,
                c.markers[pr.kind].name,
                pr.at
                    .iter()
                    .map(|&s| c.board.slots[s as usize].id.as_str())
                    .collect::<Vec<_>>()
                    .join(" or "),
                if pr.settled {
                    ", placed before this turn"
                } else {
                    ""
                }
            ));
        }
    }
    let least = least_dice(c, st, p, def);
    if !(least..=def.dice as usize).contains(&dice.len()) {
        return Err(if least == def.dice as usize {
            format!(
                "{} takes {} dice at once, not {}",
                def.name,
                def.dice,
                dice.len()
            )
        } else {
            format!(
                "{} takes {least} to {} dice at once for player {}, not {}",
                def.name,
                def.dice,
                p + 1,
                dice.len()
            )
        });
    }
    let strength = dice.strength();
    if strength < def.min_strength {
        return Err(format!(
            "{} needs a lowest die of at least {}",
            def.name, def.min_strength
        ));
    }
    match def.occupancy {
        Occupancy::Exclusive if !here.is_empty() => {
            return Err(format!("{} is taken this round", def.name));
        }
        Occupancy::Ordered { slots } => {
            if here.len() >= slots as usize {
                return Err(format!("{} is full this round", def.name));
            }
            if let Some(last) = here.last() {
                if strength < last.strength {
                    return Err(format!(
                        "{} takes no die below the {} placed before",
                        def.name, last.strength
                    ));
                }
            }
        }
        _ => {}
    }
    if dice.has_own() {
        if def.per_colour && own_dice_on(st, p, space as usize) {
            return Err(format!(
                "a die of player {}'s colour is already on {}",
                p + 1,
                def.name
            ));
        }
        if let Some(other) = linked_with_own_dice(c, st, p, space) {
            return Err(format!(
                "player {}'s own dice are on {}, linked to {}",
                p + 1,
                c.dice_play.spaces[other].name,
                def.name
            ));
        }
    }
    let fee = fee_of(def, here, strength);
    payable::<true>(c, st, p, def, fee, also)?;
    Ok(fee)
}

/// Whether a die of player `p`'s own colour lies on dice space `space` (M-DICE-5).
fn own_dice_on(st: &GameState, p: usize, space: usize) -> bool {
    st.dice_spaces[space]
        .placements
        .iter()
        .any(|pl| pl.player as usize == p && pl.dice.iter().any(|d| !d.neutral))
}

/// Another dice space linked to `space` by its `group` where player `p`'s own dice lie
/// (M-SPECIAL-2), if any.
fn linked_with_own_dice(
    c: &Content,
    st: &GameState,
    p: usize,
    space: DiceSpaceId,
) -> Option<usize> {
    let spaces = &c.dice_play.spaces;
    let g = spaces[space as usize].group?;
    (0..spaces.len())
        .find(|&i| i != space as usize && spaces[i].group == Some(g) && own_dice_on(st, p, i))
}

/// The fee of placing at `strength` on `def`, holding the placements `here`: an open
/// space with a fee costs the strength once it holds dice (M-DICE-6).
fn fee_of(def: &DiceSpace, here: &[DicePlacement], strength: u8) -> u32 {
    match (def.occupancy, def.fee) {
        (Occupancy::Open, Some(_)) if !here.is_empty() => u32::from(strength),
        _ => 0,
    }
}

/// Whether `def`, holding the placements `here`, takes no placement this round: an
/// exclusive space taken, an ordered one full (M-DICE-4, M-KHAN-2).
fn full(def: &DiceSpace, here: &[DicePlacement]) -> bool {
    match def.occupancy {
        Occupancy::Exclusive => !here.is_empty(),
        Occupancy::Ordered { slots } => here.len() >= slots as usize,
        _ => false,
    }
}

/// Whether player `p` holds the fee, the cost and, after both, the needs of `def`,
/// substitutes of `[payment]` standing in (M-DICE-9, M-JADE-1).
/// Without `EXPLAIN` a refusal carries no text.
fn payable<const EXPLAIN: bool>(
    c: &Content,
    st: &GameState,
    p: usize,
    def: &DiceSpace,
    fee: u32,
    also: &[(crate::content::CounterId, u32)],
) -> Result<(), String> {
    let mut want: smallvec::SmallVec<[(crate::content::CounterId, u32); 12]> =
        also.iter().copied().collect();
    if let (Some(k), true) = (def.fee, fee > 0) {
        want.push((k, fee));
    }
    want.extend(def.cost.iter().chain(&def.needs).copied());
    if ops::can_afford(c, st, p, &want) {
        return Ok(());
    }
    if !EXPLAIN {
        return Err(String::new());
    }
    let words: Vec<String> = want
        .iter()
        .map(|&(k, n)| format!("{n} {}", c.counters[k as usize].id))
        .collect();
    Err(format!(
        "{} needs {} (fee, cost and what the action uses), more than player {} has",
        def.name,
        words.join(", "),
        p + 1
    ))
}

/// Why `dice`, holding a stand-in, may not go on `def` now (M-CHAR-11 a): a stand-in goes
/// only on an action space (no `extra` one, M-EXTRA-2) that holds no dice this round,
/// and never with a neutral die that is not a stand-in.
fn stand_ins_allowed(def: &DiceSpace, here: &[DicePlacement], dice: DiceSet) -> Result<(), String> {
    if def.extra {
        return Err(format!(
            "{} is no action space: a stand-in goes only on one",
            def.name
        ));
    }
    if !here.is_empty() {
        return Err(format!(
            "{} holds dice this round: a stand-in goes only on a space that holds none",
            def.name
        ));
    }
    if dice.has_plain_neutral() {
        return Err("a stand-in is placed alone or with its holder's own dice and stand-ins, not with a neutral die".into());
    }
    Ok(())
}

/// Whether every stand-in of `dice` passes `pr` by its tag (`stand_in_tags`, M-CHAR-11
/// a iii, iv): a tag of a seat (1 to the players) needs that seat's marker on one of the
/// slots, a tag no seat has needs no marker of the kind on any of them.
fn tags_present(st: &GameState, pr: &crate::content::dice::Presence, dice: DiceSet) -> bool {
    let players = st.players.len();
    let mut tags = dice.dice().filter(|d| d.is_stand_in()).map(|d| d.stand_in);
    let mut any = false;
    let all = tags.all(|t| {
        any = true;
        let t = usize::from(t);
        if t <= players {
            present(st, t - 1, pr)
        } else {
            !st.markers[pr.kind].iter().any(|&(s, _)| pr.at.contains(&s))
        }
    });
    any && all
}

/// Stand-ins leave the game when the turn they were placed in ends (M-CHAR-11 a): each
/// is taken off its placement, and a placement left with no die goes, so the space
/// holds no dice for the players after.
pub(crate) fn stand_ins_leave(st: &mut GameState) {
    let placed = st.dice_spaces.iter().any(|s| {
        s.placements
            .iter()
            .any(|pl| pl.dice.iter().any(|d| d.is_stand_in()))
    });
    if !placed {
        return;
    }
    for space in st.dice_spaces_mut() {
        for pl in &mut space.placements {
            if pl.dice.iter().any(|d| d.is_stand_in()) {
                pl.dice.retain(|d| !d.is_stand_in());
                // What stays is the dice left: a weaker stand-in no longer sets the
                // strength an ordered space compares with (M-KHAN-2).
                pl.strength = pl.dice.iter().map(|d| d.pips).min().unwrap_or(0);
            }
        }
        space.placements.retain(|pl| !pl.dice.is_empty());
    }
}

/// Whether player `p` has a marker of `pr`'s kind on one of its slots (placed before
/// this turn, when it must be settled: M-MOVE-9).
fn present(st: &GameState, p: usize, pr: &crate::content::dice::Presence) -> bool {
    st.markers[pr.kind].iter().any(|&(s, q)| {
        q as usize == p
            && pr.at.contains(&s)
            && !(pr.settled && crate::markers::placed_this_turn(st, pr.kind, p, s))
    })
}

/// The fewest dice player `p` may place on `def` at once: its `dice`, less their value of
/// its `fewer_dice` ability (a held card's power, M-CHAR-2 a), at least 1.
fn least_dice(c: &Content, st: &GameState, p: usize, def: &DiceSpace) -> usize {
    let fewer = def
        .fewer_dice
        .as_ref()
        .map_or(0, |a| crate::powers::ability(c, st, p, a).max(0));
    (i64::from(def.dice) - fewer).max(1) as usize
}

/// The distinct sets of each size one pool holds (at most `cap` of a size), each made the
/// first time it is asked: a turn's options check the same pool on every dice space.
pub(crate) struct PoolSets {
    cap: usize,
    by_size: Vec<Option<Vec<DiceSet>>>,
}

impl PoolSets {
    /// None made yet, at most `cap` sets of a size.
    pub(crate) fn new(cap: usize) -> PoolSets {
        PoolSets {
            cap,
            by_size: Vec::new(),
        }
    }

    /// The distinct sets of `n` dice of `pool` (always the same pool for one
    /// `PoolSets`).
    fn of(&mut self, pool: &[PoolDie], n: usize) -> &[DiceSet] {
        if self.by_size.len() <= n {
            self.by_size.resize(n + 1, None);
        }
        let cap = self.cap;
        self.by_size[n].get_or_insert_with(|| distinct_sets(pool, n, cap))
    }
}

/// What [`check_placement_paying`] asks of the space and the player alone, the same for
/// every set of dice: found once for all the sets a listing checks.
struct SpaceFacts {
    /// The fewest dice the player may place there ([`least_dice`]).
    least: usize,
    /// Whether the player's own marker opens the space's `presence`.
    present: bool,
    /// Whether a die of the player's colour is on the space.
    own_here: bool,
    /// Whether a die of the player's colour is on a space linked to it (`group`).
    own_linked: bool,
}

/// The [`SpaceFacts`] of player `p` on `space`, or `None` when the space refuses them
/// whatever the dice: closed to them, or taken or full this round.
fn space_facts(c: &Content, st: &GameState, p: usize, space: DiceSpaceId) -> Option<SpaceFacts> {
    let def = &c.dice_play.spaces[space as usize];
    let here = &st.dice_spaces[space as usize].placements;
    if full(def, here)
        || def
            .closed_by
            .as_ref()
            .is_some_and(|a| crate::powers::ability(c, st, p, a) > 0)
    {
        return None;
    }
    Some(SpaceFacts {
        least: least_dice(c, st, p, def),
        present: def.presence.as_ref().is_some_and(|pr| present(st, p, pr)),
        own_here: def.per_colour && own_dice_on(st, p, space as usize),
        own_linked: linked_with_own_dice(c, st, p, space).is_some(),
    })
}

/// The fee of placing `dice` on `space` when [`check_placement_paying`] allows it, from
/// the space's `facts`: the same refusals, without their texts (a listing checks
/// hundreds of sets and needs only to know); `paid` keeps what each fee's payment came to.
#[allow(clippy::too_many_arguments)]
fn allowed_fee(
    c: &Content,
    st: &GameState,
    p: usize,
    space: DiceSpaceId,
    facts: &SpaceFacts,
    dice: DiceSet,
    also: &[(crate::content::CounterId, u32)],
    paid: &mut PaidByFee,
) -> Option<u32> {
    let def = &c.dice_play.spaces[space as usize];
    let here = &st.dice_spaces[space as usize].placements;
    if dice.has_stand_in() && stand_ins_allowed(def, here, dice).is_err() {
        return None;
    }
    if let Some(pr) = &def.presence {
        let by_tags = pr.stand_in_tags && !dice.has_own() && tags_present(st, pr, dice);
        if !(facts.present || by_tags) {
            return None;
        }
    }
    if !(facts.least..=def.dice as usize).contains(&dice.len()) {
        return None;
    }
    let strength = dice.strength();
    if strength < def.min_strength {
        return None;
    }
    if let (Occupancy::Ordered { .. }, Some(last)) = (def.occupancy, here.last()) {
        if strength < last.strength {
            return None;
        }
    }
    if dice.has_own() && (facts.own_here || facts.own_linked) {
        return None;
    }
    let fee = fee_of(def, here, strength);
    paid.ask(fee, || payable::<false>(c, st, p, def, fee, also).is_ok())
        .then_some(fee)
}

/// Whether the player can pay a space's fee, cost and needs, by fee: the same for every
/// set of the same fee, so a listing asks [`payable`] once a fee (a few times a space,
/// not once a set).
struct PaidByFee([Option<bool>; 16]);

impl PaidByFee {
    fn new() -> Self {
        PaidByFee([None; 16])
    }

    /// The answer for `fee`, from `pay` the first time.
    fn ask(&mut self, fee: u32, pay: impl FnOnce() -> bool) -> bool {
        match self.0.get_mut(fee as usize) {
            Some(Some(known)) => *known,
            Some(slot) => *slot.insert(pay()),
            None => pay(),
        }
    }
}

/// The placements player `p` may make on `space` now, from data: each distinct set of
/// the space's number of dice from their pool (`sets`, made from it) that
/// [`check_placement`] allows, with its fee, `also` (an extra action's cost) paid
/// besides. At most the cap of `sets`.
pub(crate) fn placements(
    c: &Content,
    st: &GameState,
    p: usize,
    space: DiceSpaceId,
    sets: &mut PoolSets,
    also: &[(crate::content::CounterId, u32)],
) -> Vec<(DiceSet, u32)> {
    let def = &c.dice_play.spaces[space as usize];
    let pool = &st.players[p].dice;
    if def.presence.as_ref().is_some_and(|pr| {
        !(present(st, p, pr) || (pr.stand_in_tags && pool.iter().any(|d| d.is_stand_in())))
    }) {
        return Vec::new();
    }
    let Some(facts) = space_facts(c, st, p, space) else {
        return Vec::new();
    };
    if pool.len() < facts.least {
        return Vec::new();
    }
    let cap = sets.cap;
    let mut out = Vec::new();
    let mut seen = 0;
    let mut paid = PaidByFee::new();
    for n in facts.least..=(def.dice as usize).min(pool.len()) {
        for &set in sets.of(pool, n) {
            if seen == cap {
                return out;
            }
            seen += 1;
            let fee = allowed_fee(c, st, p, space, &facts, set, also, &mut paid);
            // The two checks are one rule: a test build holds them to it.
            debug_assert_eq!(
                fee,
                check_placement_paying(c, st, p, space, set, also).ok(),
                "the listing and the check disagree on {set} on {}",
                def.id
            );
            if let Some(fee) = fee {
                out.push((set, fee));
            }
        }
    }
    out
}

/// Places `dice` of player `p` on `space`: checks it again, pays the fee and the cost,
/// takes the dice out of the pool and records the placement (M-DICE-6, M-DICE-7). The
/// check comes first, fee, cost and needs together, so the payments cannot fail; the
/// engine drops a state whose answer erred in any case.
pub(crate) fn place(
    c: &Content,
    st: &mut GameState,
    log: &mut EventLog,
    p: usize,
    space: DiceSpaceId,
    dice: DiceSet,
) -> Result<(), String> {
    let fee = check_placement(c, st, p, space, dice)?;
    let mut pool = st.players[p].dice.clone();
    for d in dice.dice() {
        match pool.iter().position(|x| *x == d) {
            Some(i) => {
                pool.remove(i);
            }
            None => {
                return Err(format!(
                    "player {} has no die {} to place",
                    p + 1,
                    die_text(d)
                ))
            }
        }
    }
    let def = &c.dice_play.spaces[space as usize];
    let round = st.round;
    let strength = dice.strength();
    log.push(round, Some(p), "place", || {
        format!(
            "places {} on {} (strength {strength})",
            dice_words(dice),
            def.name
        )
    });
    if let (Some(k), true) = (def.fee, fee > 0) {
        ops::pay(c, st, log, p, k, fee)?;
    }
    for &(k, n) in &def.cost {
        ops::pay(c, st, log, p, k, n)?;
    }
    st.player_mut(p).dice = pool;
    st.dice_placed += 1;
    let seq = st.dice_placed;
    st.dice_spaces_mut()[space as usize]
        .placements
        .push(DicePlacement {
            player: p as u8,
            dice: dice.dice().collect(),
            strength,
            seq,
        });
    Ok(())
}

/// `dice` for people: "a 2, a neutral 5 and a 6".
pub fn dice_words(dice: DiceSet) -> String {
    let words: Vec<String> = dice
        .dice()
        .map(|d| {
            if d.is_stand_in() {
                format!("a stand-in {} (tag {})", d.pips, d.stand_in)
            } else if d.neutral {
                format!("a neutral {}", d.pips)
            } else {
                format!("a {}", d.pips)
            }
        })
        .collect();
    match words.as_slice() {
        [] => "no dice".into(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The strength of the placement a dice space's hook runs for: the last one made on it
/// (M-DICE-3); 0 when it holds none.
pub(crate) fn last_strength(st: &GameState, space: DiceSpaceId) -> u8 {
    st.dice_spaces
        .get(space as usize)
        .and_then(|s| s.placements.last())
        .map_or(0, |pl| pl.strength)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(pips: u8) -> PoolDie {
        PoolDie::own(pips)
    }

    fn n(pips: u8) -> PoolDie {
        PoolDie::neutral(pips)
    }

    #[test]
    fn distinct_sets_count_equal_dice_once() {
        let pool = [d(2), d(2), d(5), n(5), d(6)];
        let sets: Vec<String> = distinct_sets(&pool, 2, 100)
            .iter()
            .map(|s| s.to_string())
            .collect();
        // 2 2, 2 5, 2 5n, 2 6, 5 5n, 5 6, 5n 6: seven, each once.
        assert_eq!(sets.len(), 7, "{sets:?}");
        let mut unique = sets.clone();
        unique.dedup();
        assert_eq!(unique, sets);
        assert!(sets.contains(&"25n".to_string()));
        assert!(sets.contains(&"22".to_string()));
        assert_eq!(
            distinct_sets(&pool, 6, 100),
            Vec::new(),
            "more than the pool"
        );
        assert_eq!(distinct_sets(&pool, 3, 2).len(), 2, "capped");
    }

    #[test]
    fn a_dice_set_reads_back_its_key() {
        let s = DiceSet::new(&[d(6), n(5), d(2)]);
        assert_eq!(s.to_string(), "25n6");
        assert_eq!(s.strength(), 2);
        assert!(s.has_own());
        assert_eq!(DiceSet::try_from("25n6".to_string()).unwrap(), s);
        assert!(!DiceSet::new(&[n(3)]).has_own());
        assert!(DiceSet::try_from("0".to_string()).is_err());
        assert!(DiceSet::try_from("1234567".to_string()).is_err());
        assert_eq!(dice_words(s), "a 2, a neutral 5 and a 6");
        let t = DiceSet::new(&[d(4), PoolDie::stand_in(6, 2)]);
        assert_eq!(t.to_string(), "46s2");
        assert_eq!(DiceSet::try_from("46s2".to_string()).unwrap(), t);
        assert!(t.has_stand_in() && !t.has_plain_neutral() && t.has_own());
        assert!(
            DiceSet::try_from("6s8".to_string()).is_err(),
            "tags are 1 to 7"
        );
        assert!(DiceSet::try_from("6s".to_string()).is_err());
        assert!(DiceSet::new(&[n(3), PoolDie::stand_in(6, 7)]).has_plain_neutral());
    }
}
