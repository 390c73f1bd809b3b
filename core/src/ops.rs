//! The verbs that change a game state, shared by the Rust rules and the Lua `ctx` so
//! that every change is validated and logged the same way whoever makes it.

use rand::Rng;

use crate::content::{CardIx, Content, CounterId, GradeId, Over, ScorePart};
use crate::events::EventLog;
use crate::flow::{Hook, HookCall, Job, Owner};
use crate::limits::MAX_HOLDING;
use crate::state::GameState;

/// How many of counter `id` player `p` holds.
pub fn count(st: &GameState, p: usize, id: CounterId) -> i64 {
    st.players[p].counters[id as usize]
}

/// Gives `n` of counter `id` to player `p`. A counter with a supply takes from it; when
/// the supply is limited and runs out, the rest is lost and logged (R-SUPPLY-1). A gain
/// past the counter's maximum is clipped (logged) or refused, as the counter says.
/// Returns what was gained, or an error, changing nothing, when the player would hold
/// more than [`MAX_HOLDING`] or more than a refusing maximum.
pub fn gain(
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
    Ok(got)
}

/// Takes `n` of counter `id` from player `p` (a supply gets it back, R-FUL-1). Fails,
/// changing nothing, when the player would go below the counter's minimum.
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

/// Moves player `p` along the skill track by `n` (capped at 0 and the maximum). Queues
/// the `on_reach` of every unlock passed (R-SKILL-1, R-SKILL-2) and checks the end
/// trigger (R-END-1).
pub fn add_skill(content: &Content, st: &mut GameState, log: &mut EventLog, p: usize, n: i64) {
    let track = content.core.track as usize;
    let before = st.players[p].counters[track];
    let after = before.saturating_add(n).clamp(0, content.skill_max as i64);
    st.player_mut(p).counters[track] = after;
    let round = st.round;
    log.push(round, Some(p), "skill", || {
        format!("skill {before} → {after}")
    });
    for (i, u) in content.unlocks.iter().enumerate() {
        let level = u.level as i64;
        if before < level && level <= after && u.on_reach.is_some() {
            st.flow.incoming.push(Job::Hook {
                call: HookCall {
                    owner: Owner::Unlock { index: i as u8 },
                    hook: Hook::OnReach,
                    player: Some(p),
                },
            });
        }
    }
    if content.end.skill > 0 && after >= content.end.skill as i64 {
        trigger_end(content, st, log, p, "skill");
    }
}

/// Adds (or with a negative `n`, removes) prestige; an error, changing nothing, when the
/// total would pass [`MAX_HOLDING`] either way.
pub fn add_prestige(
    content: &Content,
    st: &mut GameState,
    log: &mut EventLog,
    p: usize,
    n: i64,
) -> Result<(), String> {
    let score = content.core.score as usize;
    let after = st.players[p].counters[score] + n;
    if after.abs() > MAX_HOLDING {
        return Err(format!(
            "player {}'s prestige would be {after}, past the limit of ±{MAX_HOLDING}",
            p + 1
        ));
    }
    st.player_mut(p).counters[score] = after;
    let round = st.round;
    log.push(round, Some(p), "prestige", || format!("prestige {n:+}"));
    Ok(())
}

/// The first player to reach an end condition takes the bonus token and the end is
/// triggered (R-END-1, R-END-2).
pub fn trigger_end(
    content: &Content,
    st: &mut GameState,
    log: &mut EventLog,
    p: usize,
    cause: &str,
) {
    // R-END-1 DECISION: one token in all, or one per condition (game.toml switch).
    let token = if !content.end.one_bonus_token && cause == "skill" {
        &mut st.skill_bonus
    } else {
        &mut st.bonus
    };
    if token.is_none() {
        *token = Some(p);
        let round = st.round;
        let bonus = content.end.bonus_prestige;
        log.push(round, Some(p), "bonus", || format!("takes the bonus token (+{bonus} prestige) for {cause}; the game ends after this round"));
    }
    if st.end_trigger.is_none() {
        st.end_trigger = Some(cause.to_string());
    }
}

/// Grades player `p` may draw from (R-COM-2..4).
pub fn unlocked_grades(content: &Content, st: &GameState, p: usize) -> Vec<GradeId> {
    let skill = st.players[p].skill(content);
    (0..content.grades.len() as GradeId)
        .filter(|&g| grade_unlocked(&content.grades[g as usize], skill))
        .collect()
}

/// Whether a player at `skill` may draw from grade `g`: it has a deck and `skill`
/// reaches its unlock.
pub fn grade_unlocked(g: &crate::content::Grade, skill: i64) -> bool {
    g.deck && g.unlock_skill as i64 <= skill
}

#[cfg(feature = "test-hooks")]
thread_local! {
    /// Calls to [`draw_card`] on this thread (test hook: shows a loop that outlasts its deck).
    pub static DRAW_ATTEMPTS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Takes the top card of a grade's deck, reshuffling its discards when the pile is
/// empty. `None` when both are empty.
pub fn draw_card(
    content: &Content,
    st: &mut GameState,
    log: &mut EventLog,
    grade: GradeId,
) -> Option<CardIx> {
    #[cfg(feature = "test-hooks")]
    DRAW_ATTEMPTS.with(|n| n.set(n.get() + 1));
    let (card, reshuffled) = crate::decks::draw(content, st, grade);
    if reshuffled {
        let round = st.round;
        log.push(round, None, "reshuffle", || {
            format!(
                "the {} discards are shuffled into a new deck",
                content.grades[grade as usize].id
            )
        });
    }
    card
}

/// Fisher–Yates with the game RNG, so shuffles are reproducible.
pub fn shuffle<T>(items: &mut [T], rng: &mut impl Rng) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i);
        items.swap(i, j);
    }
}

/// Whether player `p` holds every material a card requires (R-FUL-1).
pub fn can_fulfil(content: &Content, st: &GameState, p: usize, card: CardIx) -> bool {
    content.commissions[card as usize]
        .requires
        .iter()
        .all(|&(m, n)| count(st, p, content.material_counter(m)) >= n as i64)
}

/// Player `p`'s score if the game ended now: the sum of the `[score]` parts (R-END-3:
/// card and effect prestige, the skill track's prestige, and the bonus token(s) held).
pub fn score_now(content: &Content, st: &GameState, p: usize) -> i64 {
    let pl = &st.players[p];
    content
        .score
        .parts
        .iter()
        .map(|part| match *part {
            ScorePart::Counter(k) => pl.count(k),
            ScorePart::TrackTable => content.skill_track_prestige(pl.skill(content)) as i64,
            ScorePart::Tokens => {
                [st.bonus, st.skill_bonus]
                    .iter()
                    .filter(|&&t| t == Some(p))
                    .count() as i64
                    * content.end.bonus_prestige as i64
            }
        })
        .sum()
}
