//! The table behind `weft play` and `weft serve` (core/src/table.rs): people and bots at
//! one game, undo by playing the answers again, save and resume, hints, a bot's failed
//! answer kept for the replay (issue 31 item 3).

use std::sync::Arc;

use weft_core::agent::BotOptions;
use weft_core::replay::{verify, Replay};
use weft_core::review::Analyst;
use weft_core::table::{Table, TableError};
use weft_core::zones::ZoneRef;
use weft_core::{Answer, Engine};
use weft_tests::{cabriole_content, content_with_courtyard, tabriz_content};

fn seats(names: &[&str]) -> Vec<String> {
    names.iter().map(|s| s.to_string()).collect()
}

/// Lets the bots answer until a person is asked or the game ends.
fn run_bots(t: &mut Table) {
    while let Some(r) = t.bot_turn() {
        r.expect("the bots' answers go");
    }
}

/// Plays `n` answers at `t`: the person picks the last option, the bots their own.
fn play(t: &mut Table, n: usize) {
    for _ in 0..n {
        run_bots(t);
        let Some(d) = t.decision() else { return };
        let (p, last) = (d.player, d.options.len() - 1);
        t.answer(p, Answer::Index(last))
            .expect("an offered option is taken");
    }
    run_bots(t);
}

#[test]
fn undo_goes_back_to_the_last_answer_a_person_gave() {
    let mut t = Table::new(
        tabriz_content(),
        seats(&["human", "greedy", "random"]),
        5,
        &BotOptions::default(),
    )
    .unwrap();
    play(&mut t, 6);
    // The person answers until a bot is asked; undo takes back their last answer.
    let (hash, answers, events, d) = loop {
        let before = (t.state().hash(), t.answers().len(), t.events().len());
        let d = t.decision().unwrap().clone();
        assert_eq!(d.player, 0, "the person is asked");
        t.answer(0, Answer::Index(0)).unwrap();
        if t.bot_to_answer() {
            break (before.0, before.1, before.2, d);
        }
    };
    run_bots(&mut t);
    assert!(
        t.answers().len() > answers + 1,
        "bots answered after the person"
    );
    assert_eq!(t.undo(), Ok(0));
    assert_eq!(
        t.state().hash(),
        hash,
        "the position before the person's answer"
    );
    assert_eq!(t.answers().len(), answers);
    assert_eq!(
        t.events().len(),
        events,
        "the events of that position, no more"
    );
    assert_eq!(t.decision().unwrap().options, d.options);
}

#[test]
fn undo_without_a_persons_answer_is_refused() {
    let mut t = Table::new(
        tabriz_content(),
        seats(&["random", "random"]),
        2,
        &BotOptions::default(),
    )
    .unwrap();
    for _ in 0..5 {
        t.bot_turn().unwrap().unwrap();
    }
    assert_eq!(t.undo(), Err(TableError::NothingToUndo));
    assert_eq!(t.answers().len(), 5, "nothing taken back");
}

#[test]
fn a_person_answers_only_their_own_question() {
    let mut t = Table::new(
        tabriz_content(),
        seats(&["greedy", "human"]),
        3,
        &BotOptions::default(),
    )
    .unwrap();
    let asked = t.decision().unwrap().player;
    let other = 1 - asked;
    let before = t.state().hash();
    let err = t.answer(other, Answer::Index(0)).unwrap_err();
    assert_eq!(
        err,
        TableError::NotAsked {
            given: other + 1,
            asked: asked + 1
        }
    );
    if asked == 0 {
        assert_eq!(t.answer(0, Answer::Index(0)), Err(TableError::BotSeat(1)));
    }
    assert!(matches!(
        t.answer(asked, Answer::Key("no-such-key".into())),
        Err(TableError::Refused(_)) | Err(TableError::BotSeat(_))
    ));
    assert_eq!(t.state().hash(), before, "a refused answer changes nothing");
}

#[test]
fn a_saved_game_replays_and_resumes_to_the_same_position() {
    let content = cabriole_content();
    let mut t = Table::new(
        Arc::clone(&content),
        seats(&["human", "greedy", "human"]),
        9,
        &BotOptions::default(),
    )
    .unwrap();
    play(&mut t, 40);
    let replay = Replay::from_json(&t.replay().to_json()).expect("a valid replay");
    assert_eq!(replay.seats, seats(&["human", "greedy", "human"]));
    assert!(
        !replay.checkpoints.is_empty(),
        "checkpoints every 25 answers"
    );
    let mut engine = Engine::with_lua(Arc::clone(&content)).unwrap();
    assert_eq!(
        verify(&content, &mut engine, &replay),
        Ok(replay.answers.len())
    );
    let (resumed, how) =
        Table::resume(Arc::clone(&content), &replay, None, &BotOptions::default()).unwrap();
    assert_eq!(resumed.state().hash(), t.state().hash());
    assert_eq!(
        (how.played, how.recorded),
        (replay.answers.len(), replay.answers.len())
    );
    assert!(how.stopped.is_none() && !how.differs && !how.packs_changed);
    assert_eq!(
        resumed.answered_by(),
        t.answered_by(),
        "who answered each, again"
    );
}

#[test]
fn a_resumed_game_stops_at_the_first_answer_no_longer_offered() {
    let content = tabriz_content();
    let mut t = Table::new(
        Arc::clone(&content),
        seats(&["human", "random"]),
        4,
        &BotOptions::default(),
    )
    .unwrap();
    play(&mut t, 10);
    let mut replay = t.replay();
    let n = replay.answers.len();
    assert!(n > 8);
    replay.answers[7] = "move:nowhere:nowhere".into();
    let (resumed, how) =
        Table::resume(Arc::clone(&content), &replay, None, &BotOptions::default()).unwrap();
    assert_eq!(how.played, 7);
    let (at, key, why) = how.stopped.expect("answer 8 is not an option");
    assert_eq!((at, key.as_str()), (8, "move:nowhere:nowhere"));
    assert!(why.contains("not an option"), "{why}");
    assert_eq!(resumed.answers(), &t.answers()[..7]);
}

#[test]
fn hints_value_every_option_the_same_way_twice() {
    let mut t = Table::new(
        tabriz_content(),
        seats(&["human", "greedy", "greedy"]),
        5,
        &BotOptions::default(),
    )
    .unwrap();
    run_bots(&mut t);
    let n = t.decision().unwrap().options.len();
    let a = t.hints().unwrap();
    let b = t.hints().unwrap();
    assert_eq!(a.len(), n);
    assert_eq!(a, b, "the same values for the same game and answers");
    assert!(
        a.iter().all(|v| v.is_finite()),
        "no option of the opening fails"
    );
}

#[test]
fn a_bot_answer_that_fails_stops_the_game_and_the_replay_keeps_it() {
    // The scribes' courtyard errors when its action is taken: random bots take it.
    let content =
        content_with_courtyard("return { action = function(ctx) error('courtyard broke') end }");
    let mut t = Table::new(
        content,
        seats(&["random", "random"]),
        1,
        &BotOptions::default(),
    )
    .unwrap();
    let failed = loop {
        match t.bot_turn() {
            Some(Ok(_)) => continue,
            Some(Err(e)) => break e,
            None => panic!("the game ended without the courtyard's error"),
        }
    };
    let TableError::BotFailed { key, message, .. } = &failed else {
        panic!("{failed:?}");
    };
    assert!(message.contains("courtyard broke"), "{message}");
    let answers = t.answers().len();
    assert_eq!(t.bot_turn(), Some(Err(failed.clone())), "it stays stopped");
    assert_eq!(t.answers().len(), answers);
    let replay = t.replay();
    assert_eq!(replay.failing_answer.as_deref(), Some(key.as_str()));
    assert!(replay
        .error
        .as_deref()
        .is_some_and(|e| e.contains("courtyard broke")));
    replay
        .validate()
        .expect("a valid replay of an errored game");
    // Watched, the game ends at the question whose answer failed, which is offered.
    let mut r = weft_core::review::Review::new(t.content().clone(), replay.clone()).unwrap();
    assert_eq!(r.answers(), replay.answers.len());
    assert!(r.stopped().is_none(), "every saved answer plays");
    let last = r
        .state(r.answers())
        .decision()
        .expect("a question at the end")
        .clone();
    let at = last
        .index_of(key)
        .expect("the failing answer is one of its options");
    assert_eq!(
        r.values(r.answers()).unwrap()[at],
        f64::NEG_INFINITY,
        "the greedy bot values the failing option as worthless"
    );
}

#[test]
fn a_seats_view_at_the_table_hides_the_other_hands() {
    let content = tabriz_content();
    let mut t = Table::new(
        Arc::clone(&content),
        seats(&["human", "human"]),
        6,
        &BotOptions::default(),
    )
    .unwrap();
    let hand = content.zone("hand").unwrap();
    let view = t.view(0);
    let own = ZoneRef {
        zone: hand,
        player: Some(0),
    };
    let theirs = ZoneRef {
        zone: hand,
        player: Some(1),
    };
    assert!(view.backs(own).is_none(), "its own hand is seen");
    let backs = view.backs(theirs).expect("the other hand is not");
    assert_eq!(backs.len(), t.state().players[1].zones[0].cards.len());
    assert!(view.state().players[1].zones[0]
        .cards
        .iter()
        .all(Option::is_none));
}

#[test]
fn unknown_seats_are_refused_with_the_bots_named() {
    let err = Table::new(
        tabriz_content(),
        seats(&["human", "grumpy"]),
        1,
        &BotOptions::default(),
    )
    .err()
    .unwrap();
    assert!(err.starts_with("seat 2: unknown bot `grumpy`"), "{err}");
}

/// A game of random bots at a table on `content`, as a replay.
fn random_game(content: Arc<weft_core::Content>, players: usize, seed: u64) -> Replay {
    let mut t = Table::new(
        content,
        vec!["random".into(); players],
        seed,
        &BotOptions::default(),
    )
    .unwrap();
    run_bots(&mut t);
    assert!(t.result().is_some(), "the game ends");
    t.replay()
}

#[test]
fn a_review_keeps_every_position_of_the_game() {
    use weft_core::review::Review;
    let content = tabriz_content();
    let replay = random_game(Arc::clone(&content), 3, 8);
    let mut r = Review::new(Arc::clone(&content), replay.clone()).unwrap();
    assert_eq!(r.answers(), replay.answers.len());
    assert!(r.stopped().is_none());
    assert_eq!(r.state(r.answers()).hash(), replay.final_hash);
    // Each position is the one the answers before it reach.
    let mut engine = Engine::with_lua(Arc::clone(&content)).unwrap();
    let mut st = engine.new_game(3, replay.seed).unwrap();
    for (k, key) in replay.answers.iter().enumerate() {
        assert_eq!(r.state(k).hash(), st.hash(), "position {k}");
        let (d, chosen) = r.decision(k).unwrap();
        assert_eq!(&*d.options[chosen].key, &**key);
        engine.apply(&mut st, &**key).unwrap();
    }
    let rounds = r.rounds();
    assert!(rounds
        .windows(2)
        .all(|w| w[0].0 < w[1].0 && w[0].1 < w[1].1));
    let (events, from) = r.events_to(5);
    assert!(from <= events.len());
    let values = r.values(5).unwrap();
    assert_eq!(values.len(), r.decision(5).unwrap().0.options.len());
    assert_eq!(r.values(5).unwrap(), values, "the same values again");
    assert_eq!(r.standings().len(), r.answers() + 1);
    let winners = &r
        .state(r.answers())
        .result
        .as_ref()
        .unwrap()
        .winners
        .clone();
    let end = r.chances(r.answers(), 1, Analyst::Search).unwrap();
    assert_eq!(end, r.chances(r.answers(), 1, Analyst::Greedy).unwrap());
    for (p, c) in end.iter().enumerate() {
        let want = if winners.contains(&p) {
            1.0 / winners.len() as f64
        } else {
            0.0
        };
        assert!(
            (c - want).abs() < 1e-9,
            "a finished game's chances are its result"
        );
    }
}

/// The search's estimate of each seat's chance to win: shares that add up to one, the
/// same every time, and in a game a greedy seat plays against random ones, the greedy
/// seat the favourite from the middle of the game on, as it is by greedy playouts.
#[test]
fn a_review_estimates_chances_to_win_by_search() {
    use weft_core::review::Review;
    let content = tabriz_content();
    let mut t = Table::new(
        Arc::clone(&content),
        seats(&["greedy", "random", "random"]),
        4,
        &BotOptions::default(),
    )
    .unwrap();
    run_bots(&mut t);
    assert_eq!(
        t.result().unwrap().winners,
        vec![0],
        "greedy wins this game"
    );
    let mut r = Review::new(Arc::clone(&content), t.replay()).unwrap();
    let mid = r.answers() / 2;
    let search = r.chances(mid, 24, Analyst::Search).unwrap();
    assert_eq!(search.len(), 3);
    assert!(
        (search.iter().sum::<f64>() - 1.0).abs() < 1e-9,
        "{search:?}"
    );
    assert!(search[0] > 0.6, "the greedy seat leads: {search:?}");
    assert_eq!(r.chances(mid, 24, Analyst::Search).unwrap(), search);
    let greedy = r.chances(mid, 24, Analyst::Greedy).unwrap();
    assert!(greedy[0] > 0.6, "{greedy:?}");
    let mut fresh = Review::new(Arc::clone(&content), t.replay()).unwrap();
    assert_eq!(
        fresh.chances(mid, 24, Analyst::Search).unwrap(),
        search,
        "the same in a new review"
    );
}

#[test]
fn a_review_on_edited_packs_says_where_the_game_goes_differently() {
    use weft_core::review::Review;
    let pays = |n: u32| {
        content_with_courtyard(&format!(
            "return {{ action = function(ctx) ctx:gain(ctx:player(), \"coins\", {n}) end }}"
        ))
    };
    let before = pays(1);
    let replay = random_game(Arc::clone(&before), 2, 11);
    let r = Review::new(Arc::clone(&before), replay.clone()).unwrap();
    let same = r.diverge(&pays(1)).unwrap();
    assert_eq!(same.at, None, "{}", same.why);
    let d = r.diverge(&pays(2)).unwrap();
    let at = d.at.expect("the courtyard pays differently");
    let (decision, chosen) = r.decision(at).unwrap();
    assert!(d.why.contains("position differs"), "{}", d.why);
    // The answer where it differs is the courtyard's action.
    let key = &decision.options[chosen].key;
    assert_eq!(&**key, "act", "{}: {}", d.why, key);
}

#[test]
fn a_review_of_a_failed_game_says_when_an_edit_makes_its_failing_answer_go() {
    use weft_core::review::Review;
    let broken =
        content_with_courtyard("return { action = function(ctx) error('courtyard broke') end }");
    let mut t = Table::new(
        Arc::clone(&broken),
        seats(&["random", "random"]),
        1,
        &BotOptions::default(),
    )
    .unwrap();
    while let Some(Ok(_)) = t.bot_turn() {}
    let replay = t.replay();
    assert!(replay.failing_answer.is_some());
    let r = Review::new(broken, replay.clone()).unwrap();
    let fixed = content_with_courtyard(
        "return { action = function(ctx) ctx:gain(ctx:player(), \"coins\", 1) end }",
    );
    let d = r.diverge(&fixed).unwrap();
    assert_eq!(d.at, Some(replay.answers.len()), "{}", d.why);
    assert!(d.why.contains("which failed, goes now"), "{}", d.why);
}
