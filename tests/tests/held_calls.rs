//! A hook call stopped at a question asked without labels (bot play) is held, and its
//! answer continues it instead of running it again from the start (issue 12). Replay
//! stays the meaning (invariant 4): these tests show that continuing gives what the
//! re-run gives (the same games, the same limits, the same errors), that it is really
//! used, and that a held call is let go whenever anything else comes first.

use std::cell::Cell;
use std::rc::Rc;
use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use weft_core::content::{CardIx, Content};
use weft_core::effects::{Effects, HookOutcome};
use weft_core::error::{EngineError, ScriptError};
use weft_core::events::EventLog;
use weft_core::flow::{Hook, HookCall, Owner};
use weft_core::lua::LuaHost;
use weft_core::state::GameState;
use weft_core::Engine;

use weft_tests::{
    cabriole_content, content_with_files, tabriz_content, with_courtyard_script, Game,
};

/// A courtyard action that counts its starts (a scalar upvalue, which only a re-run
/// counts again), asks two questions and gains 1 or 2 coins by the first answer.
const TWO_QUESTIONS: &str = r#"
local starts = 0
return { action = function(ctx)
  starts = starts + 1
  ctx:log("start " .. starts)
  local p = ctx:player()
  local a = ctx:choose({ prompt = "First?", options = { "x", "y" } })
  local b = ctx:choose({ prompt = "Second?", options = { "u", "v" } })
  ctx:gain(p, "coins", if a == "y" then 2 else 1)
  ctx:log("answers " .. a .. b .. " after " .. starts .. " starts")
end }
"#;

/// A game at the courtyard whose action is `source`, under `budget` interrupt checks
/// when given, with labels on (every call re-run) or off (held calls continued).
fn courtyard(source: &str, budget: Option<u64>, labels: bool) -> Game {
    courtyard_counted(source, budget, labels).0
}

/// As [`courtyard`], on a host that counts the calls it continues.
fn courtyard_counted(source: &str, budget: Option<u64>, labels: bool) -> (Game, Rc<Cell<u64>>) {
    let content = content_with_files(|f| {
        with_courtyard_script(f, source);
        if let Some(b) = budget {
            let game = f.files["game.toml"].clone();
            f.files.insert(
                "game.toml".into(),
                format!("instruction_budget = {b}\n{game}"),
            );
        }
    });
    let continued = Rc::new(Cell::new(0));
    let host = Host {
        inner: LuaHost::new(Arc::clone(&content)).expect("the pack loads"),
        hold: true,
        continued: Rc::clone(&continued),
    };
    let mut engine = Engine::new(content, Box::new(host));
    let st = engine.new_game(2, 1).expect("a game");
    let mut g = Game { engine, st };
    g.place_tile("courtyard", "north");
    g.refresh();
    g.answer("move:plaza:north");
    g.engine.set_labels(labels);
    (g, continued)
}

/// Answers `keys` in turn, recording events; returns the texts of the last answer's.
fn answer_logged(g: &mut Game, keys: &[&str]) -> Result<Vec<String>, EngineError> {
    let mut texts = Vec::new();
    for key in keys {
        let mut log = EventLog::recording();
        g.engine.apply_logged(&mut g.st, *key, &mut log)?;
        texts = log.events.into_iter().map(|e| e.text).collect();
    }
    Ok(texts)
}

#[test]
fn an_answer_continues_the_held_call_instead_of_running_it_again() {
    for (labels, starts) in [(false, 1), (true, 3)] {
        let mut g = courtyard(TWO_QUESTIONS, None, labels);
        let p = g.current();
        let coins = g.count(p, "coins");
        let texts = answer_logged(&mut g, &["act", "y", "v"]).expect("the action runs");
        assert_eq!(g.count(p, "coins"), coins + 2, "labels {labels}");
        let starts_logged: Vec<_> = texts.iter().filter(|t| t.starts_with("start")).collect();
        assert_eq!(
            starts_logged.len(),
            1,
            "the finished call logs its start once: {texts:?}"
        );
        assert!(
            texts.contains(&format!("answers yv after {starts} starts")),
            "labels {labels}: {texts:?}"
        );
    }
}

#[test]
fn a_held_call_is_let_go_when_another_answer_or_an_edit_comes_first() {
    // Another copy of the state answered first: that answer continued the call, so
    // this one (with another first answer) must run from the start.
    let mut g = courtyard(TWO_QUESTIONS, None, false);
    let p = g.current();
    let coins = g.count(p, "coins");
    answer_logged(&mut g, &["act"]).expect("asks");
    let mut other = g.st.clone();
    g.engine
        .apply_logged(&mut other, "x", &mut EventLog::recording())
        .expect("the other copy answers");
    let texts = answer_logged(&mut g, &["y", "v"]).expect("the action runs");
    assert!(
        texts.contains(&"answers yv after 2 starts".to_string()),
        "{texts:?}"
    );
    assert_eq!(g.count(p, "coins"), coins + 2);

    // The state edited while the question waits: the answer runs on the edited state.
    let mut g = courtyard(TWO_QUESTIONS, None, false);
    let p = g.current();
    answer_logged(&mut g, &["act"]).expect("asks");
    g.set(p, "coins", 7);
    let texts = answer_logged(&mut g, &["y", "v"]).expect("the action runs");
    assert!(
        texts.contains(&"answers yv after 2 starts".to_string()),
        "{texts:?}"
    );
    assert_eq!(g.count(p, "coins"), 9);
}

/// Runs `source` (loops around one question) at the courtyard under `budget` with
/// labels on and off; gives each mode's error for the answer, if any, and checks that a
/// failed answer leaves the state as it was, and that labels off continued the call
/// (and labels on did not).
fn answer_under(source: &str, budget: Option<u64>) -> Vec<Option<String>> {
    [true, false]
        .into_iter()
        .map(|labels| {
            let (mut g, continued) = courtyard_counted(source, budget, labels);
            g.answer("act");
            let before = g.st.clone();
            let out = match g.try_answer("x") {
                Ok(()) => None,
                Err(e) => {
                    assert_eq!(g.st, before, "a failed answer changes nothing");
                    Some(e.to_string())
                }
            };
            assert_eq!(continued.get(), u64::from(!labels), "labels {labels}");
            out
        })
        .collect()
}

#[test]
fn a_continued_call_is_charged_its_checks_from_where_it_stopped() {
    let source = r#"
return { action = function(ctx)
  local n = 0
  for i = 1, 30000 do n = n + 1 end
  local a = ctx:choose({ options = { "x", "y" } })
  for i = 1, 30000 do n = n + 1 end
end }
"#;
    let failed = answer_under(source, Some(50_000));
    for (mode, e) in ["re-run", "continued"].iter().zip(&failed) {
        let e = e.as_deref().unwrap_or_else(|| {
            panic!("{mode}: 60,000 checks in one call must pass a budget of 50,000")
        });
        assert!(e.contains("instruction budget"), "{mode}: {e}");
        assert!(e.contains("courtyard.lua"), "{mode}: {e}");
    }
    assert_eq!(failed[0], failed[1], "the same error either way");
    assert_eq!(answer_under(source, Some(100_000)), vec![None, None]);
}

#[test]
fn a_continued_call_counts_its_changes_from_where_it_stopped() {
    let source = r#"
return { action = function(ctx)
  local p = ctx:player()
  for i = 1, 6000 do ctx:gain(p, "coins", 0) end
  local a = ctx:choose({ options = { "x", "y" } })
  for i = 1, 6000 do ctx:gain(p, "coins", 0) end
end }
"#;
    let failed = answer_under(source, None);
    for e in &failed {
        let e = e
            .as_deref()
            .expect("12,000 changes pass the limit of 10,000");
        assert!(e.contains("10000") || e.contains("10,000"), "{e}");
    }
    assert_eq!(failed[0], failed[1], "the same error either way");
}

#[test]
fn an_error_after_the_question_names_the_same_line_either_way() {
    let source = r#"
return { action = function(ctx)
  local a = ctx:choose({ options = { "x", "y" } })
  print("answered " .. a)
  local t = nil
  return t.field
end }
"#;
    let failed = answer_under(source, None);
    let e = failed[0].as_deref().expect("indexing nil fails");
    assert!(e.contains("courtyard.lua:6"), "{e}");
    assert_eq!(failed[0], failed[1], "the same error either way");
}

/// A Lua host that holds calls or not, and counts the calls it continued.
struct Host {
    inner: LuaHost,
    hold: bool,
    continued: Rc<Cell<u64>>,
}

impl Effects for Host {
    fn has_hook(&self, content: &Content, state: &GameState, owner: Owner, hook: Hook) -> bool {
        self.inner.has_hook(content, state, owner, hook)
    }

    fn call(
        &mut self,
        content: &Content,
        state: &mut GameState,
        call: &HookCall,
        answers: &[String],
        log: &mut EventLog,
    ) -> Result<HookOutcome, Box<ScriptError>> {
        self.inner.call(content, state, call, answers, log)
    }

    fn held(&self) -> Option<u64> {
        self.inner.held().filter(|_| self.hold)
    }

    fn resume(
        &mut self,
        ticket: u64,
        answer: &str,
        state: &mut GameState,
        log: &mut EventLog,
    ) -> Option<Result<HookOutcome, Box<ScriptError>>> {
        let out = self.inner.resume(ticket, answer, state, log);
        if out.is_some() {
            self.continued.set(self.continued.get() + 1);
        }
        out
    }

    fn options(
        &mut self,
        content: &Content,
        state: &GameState,
        call: &HookCall,
    ) -> Result<Vec<(String, String)>, Box<ScriptError>> {
        self.inner.options(content, state, call)
    }

    fn estimate(
        &mut self,
        content: &Content,
        state: &GameState,
        call: &HookCall,
    ) -> Result<Option<f64>, Box<ScriptError>> {
        self.inner.estimate(content, state, call)
    }

    fn locate(
        &mut self,
        content: &Content,
        state: &mut GameState,
        call: &HookCall,
        answers: &[String],
    ) -> Option<(String, u32)> {
        self.inner.locate(content, state, call, answers)
    }

    fn new_game(&mut self) {
        self.inner.new_game();
    }

    fn set_labels(&mut self, on: bool) {
        self.inner.set_labels(on);
    }

    fn card_text(&self, card: CardIx) -> Option<String> {
        self.inner.card_text(card)
    }
}

/// Plays `games` random games of `content` (labels off, events recorded) on one
/// engine; gives each game's final state and event texts, and how many calls the host
/// continued.
fn random_games(
    content: &Arc<Content>,
    players: usize,
    games: u64,
    hold: bool,
) -> (Vec<(GameState, Vec<String>)>, u64) {
    let continued = Rc::new(Cell::new(0));
    let host = Host {
        inner: LuaHost::new(Arc::clone(content)).expect("the pack loads"),
        hold,
        continued: Rc::clone(&continued),
    };
    let mut engine = Engine::new(Arc::clone(content), Box::new(host));
    engine.set_labels(false);
    let played = (1..=games)
        .map(|seed| {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut st = engine.new_game(players, seed).expect("a game");
            let mut log = EventLog::recording();
            while let Some(d) = st.decision() {
                let i = rng.random_range(0..d.options.len());
                engine
                    .apply_logged(&mut st, i, &mut log)
                    .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            }
            (st, log.events.into_iter().map(|e| e.text).collect())
        })
        .collect();
    (played, continued.get())
}

/// A read-only hook that asks is refused as before, with the state unchanged, when no
/// labels are read: nothing is held for a question no one may answer.
#[test]
fn a_read_only_hook_that_asks_is_refused_in_bot_play_too() {
    let source = "return { can_act = function(ctx)\n  return ctx:choose({ options = { 'x', 'y' } }) == 'x'\nend, action = function(ctx) end }\n";
    for labels in [true, false] {
        let content = content_with_files(|f| with_courtyard_script(f, source));
        let mut g = Game::with(content, 2, 1);
        g.engine.set_labels(labels);
        g.place_tile("courtyard", "north");
        g.refresh();
        let before = g.st.clone();
        let err = g
            .try_answer("move:plaza:north")
            .expect_err("can_act may not ask")
            .to_string();
        assert_eq!(g.st, before, "labels {labels}: the state is unchanged");
        assert!(err.contains("can_act may not call ctx:choose"), "{err}");
    }
}

#[test]
fn continued_calls_play_the_same_games_as_re_run_ones() {
    for (name, content, players, games) in [
        ("Tabriz", tabriz_content(), 4, 12),
        ("Cabriole", cabriole_content(), 3, 8),
    ] {
        let (re_run, none) = random_games(&content, players, games, false);
        let (continued, count) = random_games(&content, players, games, true);
        assert_eq!(
            none, 0,
            "{name}: a host that holds nothing continues nothing"
        );
        assert!(
            count > 10 * games,
            "{name}: only {count} calls continued in {games} games"
        );
        for (seed, (a, b)) in re_run.iter().zip(&continued).enumerate() {
            assert!(
                a.0 == b.0,
                "{name}, game {}: the final states differ",
                seed + 1
            );
            assert!(a.1 == b.1, "{name}, game {}: the events differ", seed + 1);
        }
    }
}
