//! Games only bots play are played without labels (issue 12): `Engine::set_labels(false)`
//! builds no option label and no prompt, and tells scripts no one is asked
//! (`ctx:asking()` is false). Bots read keys only, so the game must be the same, move for
//! move and hash for hash, and the state hash leaves the text for people out.

use std::sync::Arc;

use weft_core::agent::make_agent;
use weft_core::error::EngineError;
use weft_core::sim::{play_game_traced, Limits};
use weft_core::{Content, Engine};
use weft_tests::{at_courtyard, cabriole_content, content_with_courtyard, tabriz_content};

/// One bot game: its answers, the state hash after each, and whether every decision
/// it met showed its keys as labels with no prompt.
struct Played {
    answers: Vec<String>,
    hashes: Vec<String>,
    final_hash: String,
    all_bare: bool,
    decisions: usize,
}

fn play(content: &Arc<Content>, bot: &str, players: usize, seed: u64, labels: bool) -> Played {
    let mut engine = Engine::with_lua(Arc::clone(content)).unwrap_or_else(|e| panic!("{e}"));
    engine.set_labels(labels);
    let mut seats: Vec<_> = (0..players as u64)
        .map(|s| make_agent(bot, seed * 8 + s).expect("a built-in bot"))
        .collect();
    let mut hashes = Vec::new();
    let mut all_bare = true;
    let mut decisions = 0;
    let record = play_game_traced(
        &mut engine,
        &mut seats,
        seed,
        0,
        &Limits::default(),
        &mut |st| {
            hashes.push(st.hash());
            if let Some(d) = st.decision() {
                decisions += 1;
                all_bare &= d.prompt.is_empty() && d.options.iter().all(|c| c.label() == &*c.key);
            }
        },
    );
    assert_eq!(record.error, None, "{bot} seed {seed}");
    Played {
        answers: record
            .replay
            .answers
            .iter()
            .map(|k| k.to_string())
            .collect(),
        hashes,
        final_hash: record.replay.final_hash,
        all_bare,
        decisions,
    }
}

/// The same seats and seed give the same game with labels and without, and every
/// intermediate state hashes the same; without labels no decision carries text.
fn same_game(content: &Arc<Content>, bot: &str, players: usize, seed: u64) {
    let with = play(content, bot, players, seed, true);
    let without = play(content, bot, players, seed, false);
    assert!(
        with.decisions > 10,
        "a real game: {} decisions",
        with.decisions
    );
    assert_eq!(
        with.answers, without.answers,
        "{bot} seed {seed}: the same moves"
    );
    assert_eq!(
        with.hashes, without.hashes,
        "{bot} seed {seed}: the same states"
    );
    assert_eq!(with.final_hash, without.final_hash);
    assert!(
        !with.all_bare,
        "with labels, decisions carry text for people"
    );
    assert!(
        without.all_bare,
        "without labels, every option shows its key and no prompt"
    );
}

#[test]
fn tabriz_bot_games_are_the_same_without_labels() {
    let content = tabriz_content();
    same_game(&content, "random", 4, 3);
    same_game(&content, "random", 2, 4);
    same_game(&content, "greedy", 2, 5);
}

/// Cabriole's area options (`options` hooks, C-RES-1) are listed without labels too.
#[test]
fn cabriole_bot_games_are_the_same_without_labels() {
    let content = cabriole_content();
    same_game(&content, "random", 3, 6);
    same_game(&content, "greedy", 2, 7);
}

/// A script asked without labels is told no one is asked, and its question keeps its
/// keys as labels and no prompt; the state hashes as the labelled one does.
#[test]
fn without_labels_a_script_is_not_asking_and_its_question_has_no_text() {
    let probe =
        "return { action = function(ctx)\n  error('asking ' .. tostring(ctx:asking()), 0)\nend }\n";
    for (labels, expected) in [(true, "asking true"), (false, "asking false")] {
        let mut g = at_courtyard(content_with_courtyard(probe));
        g.engine.set_labels(labels);
        let Err(EngineError::Script(e)) = g.try_answer("act") else {
            panic!("expected the probe's error")
        };
        assert_eq!(e.message, expected);
    }
    let ask = "return { action = function(ctx)\n  ctx:choose({ prompt = 'Pick one', options = { { key = 'a', label = 'Take A' }, { key = 'b', label = '' } } })\nend }\n";
    let mut labelled = at_courtyard(content_with_courtyard(ask));
    labelled.answer("act");
    let d = labelled.decision();
    assert_eq!(d.prompt, "Pick one");
    assert_eq!(d.options[0].label(), "Take A");
    assert_eq!(d.options[1].label(), "b", "an empty label shows the key");
    let mut bare = at_courtyard(content_with_courtyard(ask));
    bare.engine.set_labels(false);
    bare.answer("act");
    let d = bare.decision();
    assert_eq!(d.prompt, "");
    assert_eq!(d.options[0].label(), "a");
    assert_eq!(labelled.keys(), bare.keys());
    assert_eq!(labelled.st.hash(), bare.st.hash(), "labels are not hashed");
    assert_ne!(
        labelled.st, bare.st,
        "though the states differ in their text"
    );
    bare.answer("a");
    labelled.answer("a");
    assert_eq!(labelled.st.hash(), bare.st.hash());
}

/// The hash leaves out labels and prompts only: a key or an action still changes it.
#[test]
fn the_hash_still_covers_keys_and_actions() {
    let mut g = at_courtyard(content_with_courtyard(
        "return { action = function(ctx)\n  ctx:choose({ options = { 'a', 'b' } })\nend }\n",
    ));
    g.answer("act");
    let hash = g.st.hash();
    let mut renamed = (*g.st.decision.clone().unwrap()).clone();
    renamed.options[0].key = "c".into();
    let mut other = g.st.clone();
    other.decision = Some(Arc::new(renamed));
    assert_ne!(other.hash(), hash, "a key is part of the game");
    let mut relabelled = (*g.st.decision.clone().unwrap()).clone();
    relabelled.options[0].set_label("Something else".into());
    relabelled.prompt = "Another prompt".into();
    let mut other = g.st.clone();
    other.decision = Some(Arc::new(relabelled));
    assert_eq!(other.hash(), hash, "a label and a prompt are not");
}

/// Without labels, a new question is made pending by `ctx:choose`'s front; it stops the
/// script as the host does, inside `pcall` too, and anything out of the ordinary still
/// gets the host's error.
#[test]
fn without_labels_questions_stop_scripts_and_bad_ones_get_the_hosts_errors() {
    let bare = |source: &str| {
        let mut g = at_courtyard(content_with_courtyard(source));
        g.engine.set_labels(false);
        g
    };
    let mut g = bare(
        "return { action = function(ctx)\n  local ok = pcall(function() return ctx:choose({ options = { 'a', 'b' } }) end)\n  ctx:gain(ctx:player(), 'coins', 1)\nend }\n",
    );
    let p = g.current();
    let coins = g.count(p, "coins");
    g.answer("act");
    assert_eq!(
        g.keys(),
        vec!["a", "b"],
        "pcall cannot swallow the question"
    );
    assert_eq!(g.count(p, "coins"), coins, "nothing after it happened");
    g.answer("b");
    assert_eq!(g.count(p, "coins"), coins + 1);

    let mut g = bare(
        "return { action = function(ctx)\n  local n = ctx:choose({ options = { 1, 2, 3 } })\n  ctx:gain(ctx:player(), 'coins', n)\nend }\n",
    );
    let coins = g.count(p, "coins");
    g.answer("act");
    assert_eq!(g.keys(), vec!["1", "2", "3"], "number keys are their text");
    g.answer("3");
    assert_eq!(g.count(p, "coins"), coins + 3);

    for (source, message) in [
        (
            "return { action = function(ctx)\n  ctx:choose({ options = { 'a', 'a' } })\nend }\n",
            "two options share the key `a`",
        ),
        (
            "return { action = function(ctx)\n  ctx:choose({ options = { 'a', 'b,c' } })\nend }\n",
            "holds a control character or a comma",
        ),
        (
            "return { action = function(ctx)\n  ctx:choose({ options = {} })\nend }\n",
            "ctx:choose was given no options",
        ),
    ] {
        let mut g = bare(source);
        let before = g.st.clone();
        let err = g.try_answer("act").unwrap_err();
        assert!(err.to_string().contains(message), "{err}");
        assert_eq!(g.st, before, "the state is unchanged");
    }
}
