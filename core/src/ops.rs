//! The verbs that change a game state, shared by the Rust rules and the Lua `ctx` so
//! that every change is validated and logged the same way whoever makes it.

use rand::Rng;

use crate::content::{CardId, Content, GradeId, MatId};
use crate::events::EventLog;
use crate::flow::{Hook, HookCall, Job, Owner};
use crate::limits::MAX_HOLDING;
use crate::state::GameState;

/// Something a player can hold a count of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resource {
    /// Coins.
    Coins,
    /// A material.
    Material(MatId),
}

impl Resource {
    /// Parses `coins` or a material id.
    pub fn parse(content: &Content, name: &str) -> Option<Resource> {
        if name == "coins" {
            Some(Resource::Coins)
        } else {
            content.material(name).map(Resource::Material)
        }
    }

    /// Its id.
    pub fn name(self, content: &Content) -> &str {
        match self {
            Resource::Coins => "coins",
            Resource::Material(m) => &content.materials[m as usize].id,
        }
    }
}

/// How many of `res` player `p` holds.
pub fn count(st: &GameState, p: usize, res: Resource) -> u32 {
    match res {
        Resource::Coins => st.players[p].coins,
        Resource::Material(m) => st.players[p].materials[m as usize],
    }
}

/// Gives `n` of `res` to player `p`. Materials come from the supply; when the supply is
/// limited and runs out, the rest is lost and logged (R-SUPPLY-1). Returns what was gained,
/// or an error, changing nothing, when the player would hold more than [`MAX_HOLDING`].
pub fn gain(
    content: &Content,
    st: &mut GameState,
    log: &mut EventLog,
    p: usize,
    res: Resource,
    n: u32,
) -> Result<u32, String> {
    let got = match (res, &st.supply) {
        (Resource::Material(m), supply) => match supply[m as usize] {
            Some(left) => n.min(left),
            None => n,
        },
        (Resource::Coins, _) => n,
    };
    let have = count(st, p, res);
    let after = have as i64 + got as i64;
    if after > MAX_HOLDING {
        return Err(format!(
            "player {} would hold {after} {}, more than the limit of {MAX_HOLDING}",
            p + 1,
            res.name(content)
        ));
    }
    let after = after as u32;
    match res {
        Resource::Coins => st.players[p].coins = after,
        Resource::Material(m) => {
            if let Some(left) = &mut st.supply[m as usize] {
                *left -= got;
            }
            st.players[p].materials[m as usize] = after;
        }
    }
    let round = st.round;
    log.push(round, Some(p), "gain", || {
        let mut t = format!("gains {got} {}", res.name(content));
        if got < n {
            t.push_str(&format!(" ({} lost: the supply is empty)", n - got));
        }
        t
    });
    Ok(got)
}

/// Takes `n` of `res` from player `p` (materials return to the supply, R-FUL-1).
/// Fails, changing nothing, when the player has fewer.
pub fn pay(
    content: &Content,
    st: &mut GameState,
    log: &mut EventLog,
    p: usize,
    res: Resource,
    n: u32,
) -> Result<(), String> {
    let have = count(st, p, res);
    if have < n {
        return Err(format!(
            "player {} has {have} {} and cannot pay {n}",
            p + 1,
            res.name(content)
        ));
    }
    match res {
        Resource::Coins => st.players[p].coins -= n,
        Resource::Material(m) => {
            st.players[p].materials[m as usize] -= n;
            if let Some(left) = &mut st.supply[m as usize] {
                // Materials are conserved: a limited supply gets back what it gave.
                *left = left.saturating_add(n);
            }
        }
    }
    let round = st.round;
    log.push(round, Some(p), "pay", || {
        format!("pays {n} {}", res.name(content))
    });
    Ok(())
}

/// Moves player `p` along the skill track by `n` (capped at 0 and the maximum). Queues
/// the `on_reach` of every unlock passed (R-SKILL-1, R-SKILL-2) and checks the end
/// trigger (R-END-1).
pub fn add_skill(content: &Content, st: &mut GameState, log: &mut EventLog, p: usize, n: i64) {
    let before = st.players[p].skill;
    let after = (before as i64)
        .saturating_add(n)
        .clamp(0, content.skill_max as i64) as u32;
    st.players[p].skill = after;
    let round = st.round;
    log.push(round, Some(p), "skill", || {
        format!("skill {before} → {after}")
    });
    for (i, u) in content.unlocks.iter().enumerate() {
        if before < u.level && u.level <= after && u.on_reach.is_some() {
            st.flow.incoming.push(Job::Hook {
                call: HookCall {
                    owner: Owner::Unlock { index: i as u8 },
                    hook: Hook::OnReach,
                    player: Some(p),
                },
            });
        }
    }
    if after >= content.end.skill {
        trigger_end(content, st, log, p, "skill");
    }
}

/// Adds (or with a negative `n`, removes) prestige; an error, changing nothing, when the
/// total would pass [`MAX_HOLDING`] either way.
pub fn add_prestige(
    st: &mut GameState,
    log: &mut EventLog,
    p: usize,
    n: i64,
) -> Result<(), String> {
    let after = st.players[p].prestige as i64 + n;
    if after.abs() > MAX_HOLDING {
        return Err(format!(
            "player {}'s prestige would be {after}, past the limit of ±{MAX_HOLDING}",
            p + 1
        ));
    }
    st.players[p].prestige = after as i32;
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
    let skill = st.players[p].skill;
    (0..content.grades.len() as GradeId)
        .filter(|&g| {
            content.grades[g as usize].deck && content.grades[g as usize].unlock_skill <= skill
        })
        .collect()
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
) -> Option<CardId> {
    #[cfg(feature = "test-hooks")]
    DRAW_ATTEMPTS.with(|n| n.set(n.get() + 1));
    let deck = &mut st.decks[grade as usize];
    if deck.draw.is_empty() && !deck.discard.is_empty() {
        std::mem::swap(&mut deck.draw, &mut deck.discard);
        shuffle(&mut deck.draw, &mut st.rng);
        let round = st.round;
        log.push(round, None, "reshuffle", || {
            format!(
                "the {} discards are shuffled into a new deck",
                content.grades[grade as usize].id
            )
        });
    }
    st.decks[grade as usize].draw.pop()
}

/// Fisher–Yates with the game RNG, so shuffles are reproducible.
pub fn shuffle<T>(items: &mut [T], rng: &mut impl Rng) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i);
        items.swap(i, j);
    }
}

/// Whether player `p` holds every material a card requires (R-FUL-1).
pub fn can_fulfil(content: &Content, st: &GameState, p: usize, card: CardId) -> bool {
    content.commissions[card as usize]
        .requires
        .iter()
        .all(|&(m, n)| st.players[p].materials[m as usize] >= n)
}

/// Player `p`'s score if the game ended now (R-END-3): card and effect prestige, the
/// skill track's prestige, and the bonus token(s) held (R-END-1).
pub fn score_now(content: &Content, st: &GameState, p: usize) -> i32 {
    let pl = &st.players[p];
    let tokens = [st.bonus, st.skill_bonus]
        .iter()
        .filter(|&&t| t == Some(p))
        .count() as i32;
    pl.prestige + content.skill_track_prestige(pl.skill) + tokens * content.end.bonus_prestige
}
