//! The verbs that change a game state, shared by the Rust rules and the Lua `ctx` so
//! that every change is validated and logged the same way whoever makes it.

use crate::content::{CardIx, Content, CounterId, DeckId, Over, ScorePart};
use crate::events::EventLog;
use crate::flow::{Hook, HookCall, Job, Owner};
use crate::limits::MAX_HOLDING;
use crate::state::GameState;

/// How many of counter `id` player `p` holds.
pub fn count(st: &GameState, p: usize, id: CounterId) -> i64 {
    st.players[p].counters[id as usize]
}

/// Gives `n` of counter `id` to player `p`, and what the cards they hold bring with it
/// (their `on_gain`: [`gain_with`]). A counter with a supply takes from it; when the supply
/// is limited and runs out, the rest is lost and logged (R-SUPPLY-1). A gain past the
/// counter's maximum is clipped (logged) or refused, as the counter says. Returns what
/// was gained, or an error, changing nothing, when the player would hold more than
/// [`MAX_HOLDING`] or more than a refusing maximum.
pub fn gain(
    content: &Content,
    st: &mut GameState,
    log: &mut EventLog,
    p: usize,
    id: CounterId,
    n: u32,
) -> Result<u32, String> {
    let got = gain_once(content, st, log, p, id, n)?;
    gain_with(content, st, log, p, id, got);
    Ok(got)
}

/// What comes with player `p`'s gain of `got` of counter `k` by the cards they hold
/// (`on_gain`, [`crate::powers`]), gained now. These gains bring nothing more
/// themselves (no chain), and one past a counter's limit is lost and logged, never an
/// error: the gain that brought it stands.
fn gain_with(
    c: &Content,
    st: &mut GameState,
    log: &mut EventLog,
    p: usize,
    k: CounterId,
    got: u32,
) {
    if !c.cards_have_powers || got == 0 {
        return;
    }
    let more: Vec<(CounterId, u32)> = crate::powers::held(st, p)
        .flat_map(|card| {
            c.cards[card as usize]
                .on_gain
                .iter()
                .filter(|(on, _)| *on == k)
                .flat_map(|(_, with)| with.iter().copied())
        })
        .collect();
    for (other, per) in more {
        let n = per.saturating_mul(got);
        if let Err(why) = gain_once(c, st, log, p, other, n) {
            let round = st.round;
            log.push(round, Some(p), "gain", || {
                format!(
                    "{n} {} from a card's power lost: {why}",
                    c.counters[other as usize].id
                )
            });
        }
    }
}

/// [`gain`] without what held cards bring with it.
pub fn gain_once(
    content: &Content,
    st: &mut GameState,
    log: &mut EventLog,
    p: usize,
    id: CounterId,
    n: u32,
) -> Result<u32, String> {
    let def = &content.counters[id as usize];
    let mut got = match st.supply[id as usize] {
        Some(left) => n.min(left),
        None => n,
    };
    let have = count(st, p, id);
    let mut clipped = false;
    if let Some(max) = def.max {
        let room = (max - have).max(0);
        if got as i64 > room {
            if def.over == Over::Refuse {
                return Err(format!(
                    "player {} would hold {} {}, more than its maximum of {max}",
                    p + 1,
                    have + got as i64,
                    def.id
                ));
            }
            got = room as u32;
            clipped = true;
        }
    }
    let after = have + got as i64;
    if after > MAX_HOLDING {
        return Err(format!(
            "player {} would hold {after} {}, more than the limit of {MAX_HOLDING}",
            p + 1,
            def.id
        ));
    }
    if got > 0 && st.supply[id as usize].is_some() {
        if let Some(left) = &mut std::sync::Arc::make_mut(&mut st.supply)[id as usize] {
            *left -= got;
        }
    }
    st.player_mut(p).counters[id as usize] = after;
    let round = st.round;
    log.push(round, Some(p), "gain", || {
        let mut t = format!("gains {got} {}", def.id);
        if got < n {
            let why = if clipped {
                "over the maximum"
            } else {
                "the supply is empty"
            };
            t.push_str(&format!(" ({} lost: {why})", n - got));
        }
        t
    });
    changed(content, st, log, p, id, have, after);
    Ok(got)
}

/// Takes `n` of counter `id` from player `p` (a supply gets it back, R-FUL-1). What the
/// player cannot pay of it is paid, one for one, with its substitute of `[payment]`,
/// when it has one (M-JADE-1; the counter itself first, M-JADE-2). Fails, changing
/// nothing, when the player would go below a counter's minimum.
pub fn pay(
    content: &Content,
    st: &mut GameState,
    log: &mut EventLog,
    p: usize,
    id: CounterId,
    n: u32,
) -> Result<(), String> {
    let def = &content.counters[id as usize];
    let have = count(st, p, id);
    let short = (def.min + i64::from(n) - have).clamp(0, i64::from(n)) as u32;
    if short == 0 {
        return pay_exact(content, st, log, p, id, n);
    }
    let Some(sub) = substitute(content, id) else {
        return Err(format!(
            "player {} has {have} {} and cannot pay {n}",
            p + 1,
            def.id
        ));
    };
    let sdef = &content.counters[sub as usize];
    let shave = count(st, p, sub);
    if shave - i64::from(short) < sdef.min {
        return Err(format!(
            "player {} has {have} {} and {shave} {} and cannot pay {n} {}",
            p + 1,
            def.id,
            sdef.id,
            def.id
        ));
    }
    if n > short {
        pay_exact(content, st, log, p, id, n - short)?;
    }
    pay_exact(content, st, log, p, sub, short)?;
    let round = st.round;
    log.push(round, Some(p), "pay", || {
        format!("pays {short} {} for {short} {}", sdef.id, def.id)
    });
    Ok(())
}

/// The counter that may pay for `id` in its place (`[payment]`), if any.
pub fn substitute(content: &Content, id: CounterId) -> Option<CounterId> {
    content
        .substitutes
        .iter()
        .find(|(paid, _)| *paid == id)
        .map(|&(_, s)| s)
}

/// Whether player `p` can pay all of `costs` at once, substitutes standing in for what
/// a counter falls short of (`[payment]`, M-JADE-1).
pub fn can_afford(content: &Content, st: &GameState, p: usize, costs: &[(CounterId, u32)]) -> bool {
    // The common case first: a few distinct counters, each held without a substitute.
    if costs.len() <= 4
        && costs.iter().enumerate().all(|(i, &(k, n))| {
            costs[..i].iter().all(|&(x, _)| x != k)
                && count(st, p, k) - i64::from(n) >= content.counters[k as usize].min
        })
    {
        return true;
    }
    /// What each counter must give, its own cost and what it stands in for: a few
    /// entries, kept on the stack (this is asked for every option of every decision).
    type Want = smallvec::SmallVec<[(CounterId, i64); 12]>;
    fn add(want: &mut Want, k: CounterId, n: i64) {
        match want.iter_mut().find(|(x, _)| *x == k) {
            Some((_, m)) => *m += n,
            None => want.push((k, n)),
        }
    }
    let mut want = Want::new();
    for &(k, n) in costs {
        add(&mut want, k, i64::from(n));
    }
    let direct = want.clone();
    for (k, n) in direct {
        let room = (count(st, p, k) - content.counters[k as usize].min).max(0);
        if n > room {
            match substitute(content, k) {
                Some(s) => {
                    add(&mut want, k, -(n - room));
                    add(&mut want, s, n - room);
                }
                None => return false,
            }
        }
    }
    want.iter()
        .all(|&(k, n)| count(st, p, k) - n >= content.counters[k as usize].min)
}

/// Takes exactly `n` of counter `id` from player `p`, no substitute (see [`pay`]).
fn pay_exact(
    content: &Content,
    st: &mut GameState,
    log: &mut EventLog,
    p: usize,
    id: CounterId,
    n: u32,
) -> Result<(), String> {
    let def = &content.counters[id as usize];
    let have = count(st, p, id);
    if have - (n as i64) < def.min {
        return Err(format!(
            "player {} has {have} {} and cannot pay {n}",
            p + 1,
            def.id
        ));
    }
    st.player_mut(p).counters[id as usize] -= n as i64;
    if n > 0 && st.supply[id as usize].is_some() {
        if let Some(left) = &mut std::sync::Arc::make_mut(&mut st.supply)[id as usize] {
            // Conserved: a limited supply gets back what it gave.
            *left = left.saturating_add(n);
        }
    }
    let round = st.round;
    log.push(round, Some(p), "pay", || format!("pays {n} {}", def.id));
    Ok(())
}

/// Adds `n` (negative: takes) to player `p`'s counter `id`, without a supply: the
/// signed change of a track or a score. Past the counter's `min` or `max` the change is
/// clipped, as a `clip` counter says, or refused (an error, changing nothing); so is a
/// value past ±[`MAX_HOLDING`]. Then [`changed`] runs its unlocks and end triggers.
/// Returns the change made.
pub fn add(
    content: &Content,
    st: &mut GameState,
    log: &mut EventLog,
    p: usize,
    id: CounterId,
    n: i64,
) -> Result<i64, String> {
    let def = &content.counters[id as usize];
    let before = count(st, p, id);
    let wanted = before.saturating_add(n);
    if def.over == Over::Refuse && wanted.unsigned_abs() > MAX_HOLDING as u64 {
        return Err(format!(
            "player {}'s {} would be {wanted}, past the limit of ±{MAX_HOLDING}",
            p + 1,
            def.id
        ));
    }
    let low = def.min;
    let high = def.max.unwrap_or(i64::MAX);
    let after = if (low..=high).contains(&wanted) {
        wanted
    } else if def.over == Over::Clip {
        wanted.clamp(low, high.max(low))
    } else {
        return Err(format!(
            "player {} would hold {wanted} {}, outside its range {low}..={high}",
            p + 1,
            def.id
        ));
    };
    if after.unsigned_abs() > MAX_HOLDING as u64 {
        return Err(format!(
            "player {}'s {} would be {after}, past the limit of ±{MAX_HOLDING}",
            p + 1,
            def.id
        ));
    }
    st.player_mut(p).counters[id as usize] = after;
    let round = st.round;
    if content.track_of(id).is_some() {
        log.push(round, Some(p), "track", || {
            format!("{} {before} → {after}", def.id)
        });
    } else {
        log.push(round, Some(p), "add", || format!("{} {n:+}", def.id));
    }
    changed(content, st, log, p, id, before, after);
    Ok(after - before)
}

/// What follows a change of player `p`'s counter `id` from `before` to `after`: the
/// `on_reach` of every unlock on it passed is queued, and every end trigger on it that
/// `after` reaches fires.
pub fn changed(
    content: &Content,
    st: &mut GameState,
    log: &mut EventLog,
    p: usize,
    id: CounterId,
    before: i64,
    after: i64,
) {
    if after <= before {
        return;
    }
    for (i, u) in content.unlocks.iter().enumerate() {
        let level = u.level as i64;
        if u.counter == id && before < level && level <= after && u.on_reach.is_some() {
            st.flow.incoming.push(Job::Hook {
                call: HookCall {
                    owner: Owner::Unlock { index: i as u8 },
                    hook: Hook::Reached,
                    player: Some(p),
                },
            });
        }
    }
    for (t, trigger) in content.end.triggers.iter().enumerate() {
        if trigger.counter == id && after >= trigger.at_least {
            trigger_end(content, st, log, p, t);
        }
    }
}

/// Player `p` meets end trigger `t` (an index into `content.end.triggers`): they take
/// its token if no one holds it yet, and the game ends after this round, with the first
/// trigger met as its cause.
pub fn trigger_end(content: &Content, st: &mut GameState, log: &mut EventLog, p: usize, t: usize) {
    let trigger = &content.end.triggers[t];
    let cause = trigger.cause.as_str();
    if let Some(k) = trigger.token {
        if st.tokens.len() <= k {
            st.tokens.resize(k + 1, None);
        }
        if st.tokens[k].is_none() {
            st.tokens[k] = Some(p);
            let round = st.round;
            let token = &content.end.tokens[k];
            log.push(round, Some(p), "token", || {
                format!(
                    "takes the {} token ({:+}) for {cause}; the game ends after this round",
                    token.id, token.points
                )
            });
        }
    }
    if st.end_trigger.is_none() {
        st.end_trigger = Some(cause.to_string());
    }
}

/// The decks player `p` may draw from: those whose unlock their counters reach.
pub fn unlocked_decks(content: &Content, st: &GameState, p: usize) -> Vec<DeckId> {
    (0..content.decks.len() as DeckId)
        .filter(|&d| deck_unlocked(&content.decks[d as usize], st, p))
        .collect()
}

/// Whether player `p`'s counters reach deck `d`'s unlock.
pub fn deck_unlocked(d: &crate::content::Deck, st: &GameState, p: usize) -> bool {
    d.unlock.iter().all(|&(k, n)| st.players[p].count(k) >= n)
}

/// Whether player `p` holds a card's whole `cost` (R-FUL-1).
pub fn can_pay_cost(content: &Content, st: &GameState, p: usize, card: CardIx) -> bool {
    let cost = &content.cards[card as usize].cost;
    if content.substitutes.is_empty() {
        return cost.iter().all(|&(k, n)| count(st, p, k) >= n as i64);
    }
    can_afford(content, st, p, cost)
}

/// Player `p`'s points from a majority of counter `k` (M-SCORE-6): the distinct values
/// of at least 1 held, highest first, are the places; `p` scores the points of its
/// value's place, tied players alike, nothing past the last place or below 1. With
/// `at_least`, each player's value counts as at least their value of that ability
/// (M-CHAR-10 c: Vidal's 4 contracts).
pub fn majority_points(
    content: &Content,
    st: &GameState,
    p: usize,
    (k, at_least): (CounterId, Option<&str>),
    points: &[i64],
) -> i64 {
    let value = |q: usize| {
        let held = count(st, q, k);
        at_least.map_or(held, |a| {
            held.max(crate::powers::ability(content, st, q, a))
        })
    };
    let mine = value(p);
    if mine < 1 {
        return 0;
    }
    let higher = {
        let mut values: Vec<i64> = (0..st.players.len())
            .map(value)
            .filter(|&v| v > mine)
            .collect();
        values.sort_unstable();
        values.dedup();
        values.len()
    };
    points.get(higher).copied().unwrap_or(0)
}

/// Player `p`'s score if the game ended now: the sum of the `[score]` parts (R-END-3:
/// card and effect prestige, the skill track's prestige, and the bonus token(s) held).
pub fn score_now(content: &Content, st: &GameState, p: usize) -> i64 {
    let pl = &st.players[p];
    content
        .score
        .parts
        .iter()
        .map(|part| match part {
            &ScorePart::Counter(k) => pl.count(k),
            &ScorePart::TrackPoints(t) => {
                content.track_points(t, pl.count(content.tracks[t].counter))
            }
            ScorePart::Majority {
                counter,
                points,
                at_least,
            } => majority_points(content, st, p, (*counter, at_least.as_deref()), points),
            &ScorePart::Tokens => st
                .tokens
                .iter()
                .zip(&content.end.tokens)
                .filter(|(&holder, _)| holder == Some(p))
                .map(|(_, token)| token.points)
                .sum(),
        })
        .sum()
}
