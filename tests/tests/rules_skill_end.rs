//! R-SKILL-*, R-END-*, R-MAT-*, R-SUPPLY-1: the skill track, the end and scoring.

use weft_core::ops;
use weft_tests::{content_with, content_with_files, Game};

/// Fulfils `card` for the current player from the plaza, with the materials given.
fn fulfil_now(g: &mut Game, card: &str) {
    let p = g.current();
    g.set_hand(p, &[card]);
    let c = g.content();
    let id = g.card(card);
    for &(k, n) in &c.cards[id as usize].cost {
        g.st.player_mut(p).counters[k as usize] += n as i64;
    }
    g.answer("move:plaza:plaza");
    g.answer("pass");
    g.answer(&format!("fulfil:{card}"));
}

/// R-SKILL-1, R-COM-3: reaching skill 2 unlocks merchant: draw 2 merchant cards, keep 1.
#[test]
fn skill_two_draws_two_merchant_keeps_one() {
    let mut g = Game::new(2, 1);
    let p = g.current();
    g.set(p, "skill", 1);
    fulfil_now(&mut g, "c03"); // +1 skill → 2
    assert_eq!(g.count(p, "skill"), 2);
    assert_eq!(g.decision().prompt, "Keep which commission?");
    assert_eq!(g.keys().len(), 2);
    let k = g.keys()[0].clone();
    g.answer(&k);
    let deck = g.content().cards[g.hand(p)[0] as usize].deck;
    assert_eq!(deck, Some(1), "merchant");
    assert_eq!(g.discard_len(1), 1);
}

/// R-SKILL-2: reaching skill 6 unlocks royal: draw 2 royal, keep 1.
#[test]
fn skill_six_draws_two_royal_keeps_one() {
    let mut g = Game::new(2, 1);
    let p = g.current();
    g.set(p, "skill", 5);
    fulfil_now(&mut g, "c03");
    assert_eq!(g.keys().len(), 2);
    assert!(g
        .decision()
        .options
        .iter()
        .all(|o| o.label().contains("(royal)")));
}

/// R-SKILL-3: from skill 4 apprentices move up to 4 tiles.
#[test]
fn skill_four_moves_four() {
    let mut g = Game::new(2, 1);
    let p = g.current();
    g.st.player_mut(p).pieces[0].at = g.slot("far-east");
    g.refresh();
    assert!(!g.offers("move:far-east:west"));
    g.set(p, "skill", 4);
    g.refresh();
    assert!(g.offers("move:far-east:west"));
}

/// R-SKILL-4: from skill 8 the plaza keeps 2 of 4.
#[test]
fn skill_eight_keeps_two_at_the_plaza() {
    let mut g = Game::new(2, 1);
    let p = g.current();
    g.set(p, "skill", 8);
    let hand = g.hand(p).len();
    g.refresh();
    g.answer("move:plaza:plaza");
    g.answer("act");
    for _ in 0..4 {
        if g.decision().prompt.starts_with("Draw") {
            g.answer("common");
        }
    }
    let k = g.keys()[0].clone();
    g.answer(&k);
    let k = g.keys()[0].clone();
    g.answer(&k);
    assert_eq!(g.hand(p).len(), hand + 2);
}

/// R-SKILL-5: from skill 10 a player may fulfil 2 commissions in one turn.
#[test]
fn skill_ten_fulfils_two_per_turn() {
    for (skill, expected) in [(9, false), (10, true)] {
        let mut g = Game::new(2, 1);
        let p = g.current();
        g.set(p, "skill", skill);
        g.set_hand(p, &["c02", "c09"]);
        g.set_material(p, "wool", 7);
        g.refresh();
        g.answer("move:plaza:plaza");
        g.answer("pass");
        g.answer("fulfil:c02");
        assert_eq!(g.offers("fulfil:c09"), expected, "skill {skill}");
    }
}

/// R-SKILL-6, R-END-3: final prestige = cards + every skill space at or below + bonus.
#[test]
fn final_score_adds_track_and_bonus() {
    let c = weft_tests::content();
    let points = &c.tracks[0].points;
    assert_eq!(c.track_points(0, 0), 0);
    assert_eq!(
        c.track_points(0, 14),
        points.iter().map(|&x| x as i64).sum::<i64>()
    );
    assert_eq!(
        c.track_points(0, 9),
        points[..=9].iter().map(|&x| x as i64).sum::<i64>()
    );
    let mut g = Game::new(2, 1);
    let p = g.current();
    g.set(p, "skill", 13);
    g.set(p, "prestige", 7);
    fulfil_now(&mut g, "c03"); // +1 skill → 14: end triggered, bonus
    g.pass_until(|g| g.st.is_over());
    let r = g.st.result.clone().unwrap();
    assert_eq!(r.cause, "skill");
    assert_eq!(
        r.scores[p],
        7 + c.track_points(0, 14) + c.end.tokens[0].points
    );
}

/// R-END-1: the first to 9 commissions takes the bonus; a second player does not.
#[test]
fn first_to_nine_takes_the_only_bonus() {
    let mut g = Game::new(2, 1);
    let p = g.current();
    let other = 1 - p;
    g.set_tucked(
        p,
        (0..8).map(|i| g.card(&format!("c{:02}", i + 4))).collect(),
    );
    g.set_tucked(
        other,
        (0..8).map(|i| g.card(&format!("m{:02}", i + 1))).collect(),
    );
    fulfil_now(&mut g, "c01");
    assert_eq!(g.st.tokens[0], Some(p));
    assert_eq!(g.st.end_trigger.as_deref(), Some("commissions"));
    g.pass_until(|g| g.at_move() && g.current() == other);
    fulfil_now(&mut g, "c02");
    assert_eq!(g.st.tokens[0], Some(p), "only one bonus token");
}

/// R-END-2: after the triggering turn the rest of the round is played, then the game ends.
#[test]
fn the_round_is_played_out() {
    let mut g = Game::new(3, 2);
    let p = g.current();
    g.set_tucked(
        p,
        (0..8).map(|i| g.card(&format!("m{:02}", i + 1))).collect(),
    );
    fulfil_now(&mut g, "c01");
    assert!(!g.st.is_over());
    let mut turns = 0;
    while !g.st.is_over() {
        if g.at_move() {
            turns += 1;
            g.answer_prefix("move:");
        } else {
            let keys = g.keys();
            let k = keys
                .iter()
                .find(|k| *k == "pass" || *k == "done")
                .unwrap_or(&keys[0])
                .clone();
            g.answer(&k);
        }
    }
    assert_eq!(turns, 8, "the other 8 turns of the round");
    assert_eq!(g.st.result.as_ref().unwrap().rounds, 1);
}

/// R-END-4: ties break on coins + materials; still tied, a shared win.
#[test]
fn ties_break_on_coins_and_materials() {
    let mut g = Game::new(2, 1);
    let p = g.current();
    let o = 1 - p;
    g.set(p, "skill", 13);
    fulfil_now(&mut g, "c03"); // ends at skill 14 with the bonus
                               // Equalise prestige so that only the tie-break decides.
    g.pass_until(|g| g.st.is_over() || (g.at_move() && g.turn() == 5));
    let c = g.content();
    let score_p =
        g.count(p, "prestige") + c.track_points(0, g.count(p, "skill")) + c.end.tokens[0].points;
    g.set(o, "skill", g.count(p, "skill"));
    g.set(
        o,
        "prestige",
        score_p - c.track_points(0, g.count(o, "skill")),
    );
    for p in 0..2 {
        for m in &c.materials {
            g.set(p, &m.id, 0);
        }
    }
    g.set(p, "coins", 3);
    g.set(o, "coins", 5);
    let mut tie = g.st.clone();
    g.pass_until(|g| g.st.is_over());
    assert_eq!(
        g.st.result.as_ref().unwrap().winners,
        vec![o],
        "more coins wins the tie"
    );
    tie.player_mut(p).set(c.counter("coins").unwrap(), 5);
    g.st = tie;
    g.pass_until(|g| g.st.is_over());
    let mut w = g.st.result.as_ref().unwrap().winners.clone();
    w.sort();
    assert_eq!(w, vec![0, 1], "a shared win");
}

/// R-MAT-1: five materials, cheapest to dearest.
#[test]
fn materials_cheapest_to_dearest() {
    let c = weft_tests::content();
    let ids: Vec<&str> = c.materials.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(ids, ["wool", "green", "camel", "red", "silk"]);
    assert!(c.materials.windows(2).all(|w| w[0].value < w[1].value));
}

/// R-MAT-2: coins are one integer count; paying more than one has is refused.
#[test]
fn coins_are_an_integer_count() {
    let g = Game::new(2, 1);
    let c = g.content();
    let mut st = g.st.clone();
    let mut log = weft_core::events::EventLog::default();
    st.player_mut(0).set(c.counter("coins").unwrap(), 16);
    ops::pay(&c, &mut st, &mut log, 0, c.counter("coins").unwrap(), 7).unwrap();
    assert_eq!(st.players[0].count_named(&c, "coins"), 9);
    assert!(ops::pay(&c, &mut st, &mut log, 0, c.counter("coins").unwrap(), 10).is_err());
    assert_eq!(st.players[0].count_named(&c, "coins"), 9);
}

/// R-SUPPLY-1: unlimited by default; a limited supply runs out and the rest is lost.
#[test]
fn limited_supply_runs_out() {
    let g = Game::new(2, 1);
    assert!(g.st.supply.iter().all(|s| s.is_none()));
    let limited = content_with(|c| {
        let silk = c.material_counter(4) as usize;
        c.counters[silk].supply = Some(1)
    });
    let silk = limited.material_counter(4);
    let g = Game::with(limited.clone(), 2, 1);
    let mut st = g.st.clone();
    let mut log = weft_core::events::EventLog::default();
    assert_eq!(ops::gain(&limited, &mut st, &mut log, 0, silk, 3), Ok(1));
    assert_eq!(st.players[0].count(silk), 1);
    assert_eq!(st.supply[silk as usize], Some(0));
    ops::pay(&limited, &mut st, &mut log, 0, silk, 1).unwrap();
    assert_eq!(
        st.supply[silk as usize],
        Some(1),
        "paid materials return to the supply (R-FUL-1)"
    );
}

/// R-END-5: a game that reaches the `end.max_rounds` cap without an end condition is
/// stopped as stalled, never as a normal end: it has no winner, and its record gives no
/// seat a share of a win.
#[test]
fn the_round_cap_stalls_the_game_without_a_winner() {
    let capped = content_with(|c| c.end.max_rounds = 1);
    let mut g = Game::with(capped.clone(), 2, 1);
    g.pass_until(|g| g.st.is_over());
    let r = g.st.result.clone().unwrap();
    assert_eq!(r.cause, "stalled");
    assert_eq!(r.rounds, 1);
    assert!(r.winners.is_empty(), "winners {:?}", r.winners);
    assert_eq!(
        r.scores.len(),
        2,
        "the scores at the cap are still reported"
    );

    let mut engine = weft_core::Engine::with_lua(capped).unwrap();
    let mut seats: Vec<Box<dyn weft_core::agent::Agent>> = (0..2)
        .map(|s| weft_core::agent::make_agent("random", s).unwrap())
        .collect();
    let record = weft_core::sim::play_game(&mut engine, &mut seats, 5, 0);
    assert_eq!(record.cause.as_deref(), Some("stalled"));
    assert_eq!(record.win_share(0) + record.win_share(1), 0.0);
    let summary = weft_core::report::summarise(&[record], None, None);
    assert_eq!((summary.finished, summary.stalled), (0, 1));
}

/// R-END-5: a game whose end is triggered in the last round the cap allows ends
/// normally, with a winner.
#[test]
fn an_end_in_the_last_allowed_round_is_a_normal_end() {
    let capped = content_with(|c| c.end.max_rounds = 1);
    let mut g = Game::with(capped, 2, 1);
    let p = g.current();
    g.set(p, "skill", 13);
    fulfil_now(&mut g, "c03"); // +1 skill → 14 in round 1
    g.pass_until(|g| g.st.is_over());
    let r = g.st.result.clone().unwrap();
    assert_eq!((r.cause.as_str(), r.rounds), ("skill", 1));
    assert!(!r.winners.is_empty());
}

/// The rules fixture with `key = value` added to its `[end]` table of game.toml.
fn with_skill_token(own: bool) -> std::sync::Arc<weft_core::Content> {
    content_with_files(|f| {
        let mut g = f.files["game.toml"].clone();
        if own {
            g = g.replace(
                "[end.tokens]\nbonus = 2\n",
                "[end.tokens]\nbonus = 2\nskill_bonus = 2\n",
            );
            let skill =
                "[end.triggers.skill]\ncounter = \"skill\"\nat_least = 14\ntoken = \"bonus\"";
            assert!(g.contains(skill), "the rules fixture's skill trigger");
            g = g.replace(
                skill,
                &skill.replace("token = \"bonus\"", "token = \"skill_bonus\""),
            );
        }
        f.files.insert("game.toml".into(), g);
    })
}

/// R-END-1 DECISION (which token each end trigger names, in game.toml): by default both
/// name one token, so the first to skill 14 after someone's 9th commission takes none;
/// with a token of its own, each trigger hands out its own, and a player scores every
/// token held.
#[test]
fn one_bonus_token_in_all_or_one_per_condition() {
    for one in [true, false] {
        let c = with_skill_token(!one);
        assert_eq!(c.end.tokens.len(), if one { 1 } else { 2 });
        let mut g = Game::with(c.clone(), 2, 1);
        let p = g.current();
        let other = 1 - p;
        g.set_tucked(
            p,
            (0..8).map(|i| g.card(&format!("c{:02}", i + 4))).collect(),
        );
        fulfil_now(&mut g, "c01"); // p's 9th commission
        assert_eq!(g.st.tokens[0], Some(p));
        g.pass_until(|g| g.at_move() && g.current() == other);
        g.set(other, "skill", 13);
        fulfil_now(&mut g, "c03"); // +1 skill → 14
        assert_eq!(g.count(other, "skill"), 14);
        assert_eq!(
            g.st.tokens.get(1).copied().flatten(),
            if one { None } else { Some(other) },
            "one_bonus_token = {one}"
        );
        g.pass_until(|g| g.st.is_over());
        let r = g.st.result.clone().unwrap();
        let tokens = if one { 0 } else { 1 };
        assert_eq!(
            r.scores[other],
            g.count(other, "prestige") + c.track_points(0, 14) + tokens * c.end.tokens[0].points,
            "one_bonus_token = {one}"
        );
    }
}

/// R-END-2: a trigger outside a turn (skill 14 from a workshop action in the workshop
/// phase) counts the same way: the player takes the bonus token, the turns of that round
/// are played, and the game ends at the end of the round.
#[test]
fn a_trigger_in_the_workshop_phase_ends_the_game_after_that_round() {
    let mut g = Game::new(2, 1);
    let p = g.current();
    g.set(p, "skill", 13);
    g.set_tucked(p, vec![g.card("m10")]); // workshop: gain 1 skill
    g.refresh();
    g.pass_until(|g| g.st.round == 2);
    assert!(g.st.end_trigger.is_none());
    while !g.offers("workshop:m10") {
        let k = g.keys()[0].clone();
        g.answer(&k);
    }
    g.answer("workshop:m10");
    assert_eq!(g.count(p, "skill"), 14);
    assert_eq!(g.st.tokens[0], Some(p));
    assert_eq!(g.st.end_trigger.as_deref(), Some("skill"));
    let mut moves = 0;
    while !g.st.is_over() {
        if g.at_move() {
            moves += 1;
        }
        let keys = g.keys();
        let k = keys
            .iter()
            .find(|k| *k == "pass" || *k == "done")
            .or_else(|| keys.iter().find(|k| k.ends_with(":plaza")))
            .unwrap_or(&keys[0])
            .clone();
        g.answer(&k);
    }
    assert_eq!(moves, 6, "every turn of round 2 is played");
    let r = g.st.result.clone().unwrap();
    assert_eq!((r.cause.as_str(), r.rounds), ("skill", 2));
}
