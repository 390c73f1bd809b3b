//! R-ACT-*, R-FUL-*, R-PLAZA-3, R-COM-*: a turn's action and fulfilment.

use weft_tests::{content_with, Game};

/// R-ACT-1: the action taken is that of the tile where the apprentice ended.
#[test]
fn action_is_the_destination_tiles() {
    let mut g = Game::new(2, 1);
    g.place_tile("wool-shop", "north");
    g.refresh();
    g.answer("move:plaza:north");
    g.answer("act");
    assert!(
        g.keys().iter().any(|k| k == "buy:wool"),
        "wool-shop buy options: {:?}",
        g.keys()
    );
}

/// R-ACT-2: declining the action is always a legal choice.
#[test]
fn declining_is_always_offered() {
    let mut g = Game::new(2, 1);
    g.answer("move:plaza:plaza");
    assert!(g.offers("pass") && g.offers("act"));
    let p = g.current();
    let hand = g.hand(p);
    g.answer("pass");
    assert_eq!(g.hand(p), hand, "declining the plaza draws nothing");
}

/// R-FUL-1: fulfilling returns the materials to the supply and gains the reward at once.
#[test]
fn fulfil_pays_materials_and_gains_reward() {
    let mut g = Game::new(2, 1);
    let p = g.current();
    g.set_hand(p, &["c01"]); // wool 2, green 1 → 3 coins, 1 prestige
    g.set_material(p, "wool", 3);
    g.set_material(p, "green", 1);
    let coins = g.count(p, "coins");
    g.answer("move:plaza:plaza");
    g.answer("pass");
    assert!(g.offers("fulfil:c01"), "{:?}", g.keys());
    g.answer("fulfil:c01");
    assert_eq!(g.count(p, "wool"), 1);
    assert_eq!(g.count(p, "green"), 0);
    assert_eq!(g.count(p, "coins"), coins + 3);
    assert_eq!(g.count(p, "prestige"), 1);
}

/// R-FUL-1: without the materials there is nothing to fulfil.
#[test]
fn cannot_fulfil_without_materials() {
    let mut g = Game::new(2, 1);
    let p = g.current();
    g.set_hand(p, &["c01"]);
    g.set_material(p, "wool", 2);
    g.set_material(p, "green", 0);
    g.answer("move:plaza:plaza");
    g.answer("pass");
    assert!(!g.offers("fulfil:c01"));
}

/// R-FUL-2: a fulfilled card is tucked, and its workshop action is offered in the next
/// workshop phase (R-WS-4).
#[test]
fn fulfilled_card_is_tucked_and_its_workshop_action_offered() {
    let mut g = Game::new(2, 1);
    let p = g.current();
    g.set_hand(p, &["c02"]); // 3 wool; workshop: gain 1 coin
    g.set_material(p, "wool", 3);
    g.answer("move:plaza:plaza");
    g.answer("pass");
    g.answer("fulfil:c02");
    assert_eq!(g.tucked(p), vec![g.card("c02")]);
    assert!(g.hand(p).is_empty());
    g.pass_until(|g| g.offers("workshop:c02"));
    assert_eq!(g.st.round, 2);
    assert_eq!(g.current(), p);
    let coins = g.count(p, "coins");
    g.answer("workshop:c02");
    assert_eq!(g.count(p, "coins"), coins + 1);
}

/// R-FUL-3: with an empty hand there is no fulfil step.
#[test]
fn empty_hand_cannot_fulfil() {
    let mut g = Game::new(2, 1);
    let p = g.current();
    g.set_hand(p, &[]);
    for m in ["wool", "green", "camel", "red", "silk"] {
        g.set_material(p, m, 9);
    }
    g.answer("move:plaza:plaza");
    g.answer("pass");
    assert!(
        g.at_move(),
        "no fulfil decision with an empty hand: {:?}",
        g.keys()
    );
}

/// R-FUL-4: the hand limit is a parameter (the hand zone's `limit`); over it, the
/// player discards at once.
#[test]
fn hand_limit_forces_a_discard() {
    let limited = content_with(|c| {
        let hand = c.zone("hand").expect("a hand zone") as usize;
        c.zones[hand].limit = Some(2);
    });
    let mut g = Game::with(limited, 2, 1);
    let p = g.current();
    assert_eq!(g.hand(p).len(), 2);
    g.answer("move:plaza:plaza");
    g.answer("act");
    while g.decision().prompt.starts_with("Draw") {
        g.answer("common");
    }
    let kept = g.keys()[0].clone();
    g.answer(&kept); // keep 1 → 3 cards in hand
    assert!(
        g.decision().prompt.starts_with("Discard"),
        "{}",
        g.decision().prompt
    );
    assert_eq!(g.current(), p);
    let k = g.keys()[0].clone();
    g.answer(&k);
    assert_eq!(g.hand(p).len(), 2);
}

/// R-PLAZA-3: draw 4 (deck chosen card by card among unlocked decks), keep 1, discard 3.
#[test]
fn plaza_draws_four_keeps_one() {
    let mut g = Game::new(2, 1);
    let p = g.current();
    let hand = g.hand(p).len();
    g.answer("move:plaza:plaza");
    g.answer("act");
    // Only the common deck is unlocked at skill 0, so no deck question: straight to keeping.
    assert_eq!(g.decision().prompt, "Keep which commission?");
    assert_eq!(g.keys().len(), 4);
    let k = g.keys()[2].clone();
    g.answer(&k);
    assert_eq!(g.hand(p).len(), hand + 1);
    assert_eq!(g.discard_len(0), 3);
}

/// R-PLAZA-3 DECISION and R-COM-2/3: with merchant unlocked the player picks the deck per card.
#[test]
fn plaza_deck_choice_among_unlocked_decks() {
    let mut g = Game::new(2, 1);
    let p = g.current();
    g.set(p, "skill", 2);
    g.refresh();
    g.answer("move:plaza:plaza");
    g.answer("act");
    assert_eq!(
        g.keys(),
        vec!["common", "merchant"],
        "royal is locked below skill 6 (R-COM-4)"
    );
    for grade in ["merchant", "merchant", "common", "merchant"] {
        g.answer(grade);
    }
    let grades: Vec<String> = g
        .decision()
        .options
        .iter()
        .map(|o| o.label().to_string())
        .collect();
    assert_eq!(
        grades.iter().filter(|l| l.contains("(merchant)")).count(),
        3
    );
}

/// R-COM-1, R-COM-5: three graded decks; each card has a cost and a reward.
#[test]
fn three_grades_with_requirements_and_rewards() {
    let c = weft_tests::content();
    let ids: Vec<&str> = c.decks.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, vec!["common", "merchant", "royal"]);
    let value = |g: u8| -> f64 {
        let cards: Vec<_> = c.cards.iter().filter(|x| x.deck == Some(g)).collect();
        assert!(cards.len() >= 8, "at least 8 cards per grade");
        cards
            .iter()
            .map(|x| {
                x.cost
                    .iter()
                    .map(|&(k, n)| c.counters[k as usize].value * n)
                    .sum::<u32>() as f64
            })
            .sum::<f64>()
            / cards.len() as f64
    };
    assert!(
        value(0) < value(1) && value(1) < value(2),
        "requirements rise by grade (R-COM-1)"
    );
    for x in &c.cards {
        assert!(!x.cost.is_empty());
        assert!(
            x.reward.iter().map(|&(_, n)| n).sum::<u32>() > 0,
            "{} has a reward",
            x.id
        );
    }
}

/// R-COM-2: at the start only the common deck is unlocked: starting hands are common.
#[test]
fn starting_hands_are_common() {
    let g = Game::new(4, 9);
    for p in 0..4 {
        assert_eq!(g.hand(p).len(), 2);
        assert!(g
            .hand(p)
            .iter()
            .all(|&c| g.content().cards[c as usize].deck == Some(0)));
    }
}
