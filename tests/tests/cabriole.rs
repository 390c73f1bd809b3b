//! Cabriole as a content pack (issue 11): `content/cabriole` loads, passes `weft check`
//! with no problem and no warning, passes its own scenario tests (which cite every rule
//! id of `content/cabriole/RULES.md`: `rule_ids.rs`), plays the conformance run at every player
//! count, and marks its invented data.

use std::collections::BTreeSet;

use weft_core::check::check_content;
use weft_core::scenario::run_file;
use weft_tests::{cabriole_content, cabriole_files, conformance};

#[test]
fn cabriole_passes_check_with_no_problem_and_no_warning() {
    let report = check_content(&cabriole_content(), 30);
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
}

#[test]
fn cabriole_scenarios_pass() {
    let files = cabriole_files();
    let content = cabriole_content();
    let mut n = 0;
    for (path, source) in files.test_files() {
        for r in run_file(&content, &format!("cabriole/{path}"), source) {
            assert!(r.passed, "{} — {}: {:?}", r.file, r.name, r.message);
            n += 1;
        }
    }
    assert!(n >= 50, "{n} scenario tests");
}

/// Games per player count: as many as Tabriz's conformance run (issue 30);
/// `WEFT_CONFORMANCE_GAMES` overrides it, as there.
fn conformance_games() -> u64 {
    std::env::var("WEFT_CONFORMANCE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000)
}

#[test]
fn cabriole_plays_the_conformance_run_at_2_players() {
    conformance(cabriole_content(), 2, conformance_games());
}

#[test]
fn cabriole_plays_the_conformance_run_at_3_players() {
    conformance(cabriole_content(), 3, conformance_games());
}

#[test]
fn cabriole_plays_the_conformance_run_at_4_players() {
    conformance(cabriole_content(), 4, conformance_games());
}

/// C-DATA-*: the invented data is marked in pack.toml (provenance), at the top of each
/// invented file, and in `weft doc content`.
#[test]
fn invented_data_is_marked_where_a_reader_looks() {
    let c = cabriole_content();
    let rules: BTreeSet<&str> = c.provenance.iter().map(|i| i.rule.as_str()).collect();
    for id in [
        "C-DATA-1", "C-DATA-2", "C-DATA-3", "C-DATA-4", "C-DATA-6", "C-DATA-7", "C-DATA-8",
    ] {
        assert!(rules.contains(id), "pack.toml's [provenance] names {id}");
    }
    let host = weft_core::lua::LuaHost::new(c.clone()).unwrap();
    let doc = weft_core::doc::to_markdown(&weft_core::doc::content_doc(&c, &host), &c);
    assert!(doc.contains("## Invented data"), "{doc}");
    assert!(doc.contains("| cabriole | C-DATA-2 |"), "{doc}");
    let files = cabriole_files();
    for item in &c.provenance {
        for f in item.files.iter().filter(|f| f.ends_with(".toml")) {
            let head: String = files.files[f.as_str()]
                .lines()
                .take(6)
                .collect::<Vec<_>>()
                .join("\n");
            assert!(
                head.to_lowercase().contains("invented"),
                "{f} says at its top that its data is invented:\n{head}"
            );
        }
    }
}

/// Greedy's evaluation comes from the pack (its final scoring run on a copy, plus its
/// `[score] potential`): on Cabriole it beats random bots clearly.
#[test]
fn greedy_beats_random_on_cabriole() {
    use weft_core::agent::{make_agent, Agent};
    let mut engine = weft_core::engine::Engine::with_lua(cabriole_content()).unwrap();
    let games = 4;
    let mut greedy_wins = 0.0;
    for i in 0..games {
        let mut seats: Vec<Box<dyn Agent>> = vec![
            make_agent("greedy", i).unwrap(),
            make_agent("random", i).unwrap(),
        ];
        let record = weft_core::sim::play_game(&mut engine, &mut seats, 700 + i, i);
        assert!(record.finished(), "{:?}", record.error);
        greedy_wins += record.win_share(0);
    }
    assert!(greedy_wins >= 3.0, "greedy won {greedy_wins} of {games}");
}

/// Records count what a designer asks of Cabriole: every card template with its copies
/// in play and who took them, every area with who placed there.
#[test]
fn records_count_cards_taken_and_workers_placed() {
    use weft_core::agent::{make_agent, Agent};
    let content = cabriole_content();
    let mut engine = weft_core::engine::Engine::with_lua(content.clone()).unwrap();
    for players in [2usize, 4] {
        let mut seats: Vec<Box<dyn Agent>> = (0..players)
            .map(|s| make_agent("random", s as u64).unwrap())
            .collect();
        let r = weft_core::sim::play_game(&mut engine, &mut seats, 40 + players as u64, 0);
        assert!(r.finished(), "{:?}", r.error);
        r.validate().unwrap();
        // C-SETUP-4: one starting card dealt to each player, so taken by each.
        let starting: u32 = ["S1", "S2", "S3", "S4", "S5", "S6"]
            .iter()
            .map(|id| r.held[*id].taken_by.iter().sum::<u32>())
            .sum();
        assert_eq!(starting, players as u32);
        // ... and each ends the game in its player's `start` zone, where it stays.
        let ended: u32 = ["S1", "S2", "S3", "S4", "S5", "S6"]
            .iter()
            .map(|id| r.held[*id].ended_in.get("start").copied().unwrap_or(0))
            .sum();
        assert_eq!(ended, players as u32);
        // C-TWO-1: a "3+" copy is in play only from three players on.
        assert_eq!(r.held["A01"].in_play, if players == 2 { 2 } else { 3 });
        // C-PLACE-1: 5 workers each, six rounds, all placed.
        let placed: u32 = r.areas.values().flat_map(|a| a.placed.iter()).sum();
        assert_eq!(placed, 5 * 6 * players as u32);
        // C-TWO-2: the oak market is out of a two-player game, so its record and the
        // summary leave it out (no "never used" warning), as they leave out the cards
        // no copy of which is in play.
        if players == 2 {
            assert!(!r.areas.contains_key("market_oak"));
            let summary = weft_core::report::summarise(std::slice::from_ref(&r), None, None);
            assert!(summary.areas.iter().all(|a| a.id != "market_oak"));
            assert!(summary.held.iter().all(|h| h.in_play > 0.0));
            assert!(summary.held.iter().all(|h| h.id != "B-PATRON"), "a 3+ card");
            let warnings = summary.warnings.join("\n");
            assert!(!warnings.contains("market_oak"), "{warnings}");
        } else {
            let oak: u32 = r.areas["market_oak"].placed.iter().sum();
            assert!(oak > 0, "someone buys oak in a {players}-player game");
        }
    }
}

/// A recorded Cabriole game's replay (as `weft replay` reads it) verifies: same answers,
/// same final hash, through JSON and back.
#[test]
fn a_cabriole_replay_verifies() {
    use weft_core::agent::{make_agent, Agent};
    use weft_core::replay::{verify, Replay};
    let content = cabriole_content();
    let mut engine = weft_core::engine::Engine::with_lua(content.clone()).unwrap();
    let mut seats: Vec<Box<dyn Agent>> = (0..3).map(|s| make_agent("random", s).unwrap()).collect();
    let record = weft_core::sim::play_game(&mut engine, &mut seats, 91, 0);
    assert!(record.finished(), "{:?}", record.error);
    let replay = Replay::from_json(&record.replay.to_json()).unwrap();
    assert_eq!(
        verify(&content, &mut engine, &replay).unwrap(),
        record.decisions
    );
}

/// `[report]` (issue 13, item 1): Cabriole's projects are priced by their `needs` at the
/// resources' base prices and score their `prestige`, so the catalogue ranks them by
/// prestige for the price; a `card_cost` that names a param that is not a table of
/// counter amounts is refused, naming the card's file.
#[test]
fn projects_have_a_value_for_cost_and_a_wrong_report_param_is_refused() {
    let content = weft_tests::cabriole_content();
    let cat = weft_core::report::catalogue::catalogue(&content);
    let a01 = cat.iter().find(|e| e.component == "card A01").expect("A01");
    // A01 needs 1 walnut (2) and 2 silk (3 each): value 8, for 14 prestige.
    assert_eq!(a01.cost, "1 walnut, 2 silk");
    assert_eq!(a01.cost_value, Some(8));
    assert_eq!(a01.points, Some((14, "prestige".into())));
    assert!(a01.rank.is_some_and(|(r, of)| r >= 1 && r <= of), "{a01:?}");
    let mut files = weft_tests::cabriole_files();
    let game = files.files["game.toml"].replace("card_cost = \"needs\"", "card_cost = \"type\"");
    files.files.insert("game.toml".into(), game);
    let err = weft_core::load_files(&[files], &weft_tests::library())
        .unwrap_err()
        .to_string();
    assert!(err.contains("cards/deck-a.toml"), "{err}");
    assert!(
        err.contains("its price `type` is \"chair\", not a table"),
        "{err}"
    );
}

/// `[report] completed_zone` (issue 33, item 2) names the zone a finished project ends
/// in, so a report can say which projects are taken and never finished; a zone that is
/// not a player zone is refused at its line.
#[test]
fn the_completed_zone_is_a_player_zone_or_refused_at_its_line() {
    let content = weft_tests::cabriole_content();
    assert_eq!(
        content.card_value.completed_zone.as_deref(),
        Some("completed")
    );
    let mut files = weft_tests::cabriole_files();
    let line = files.files["game.toml"]
        .lines()
        .position(|l| l.starts_with("completed_zone"))
        .expect("Cabriole declares it")
        + 1;
    let game = files.files["game.toml"].replace(
        "completed_zone = \"completed\"",
        "completed_zone = \"display\"",
    );
    files.files.insert("game.toml".into(), game);
    let err = weft_core::load_files(&[files], &weft_tests::library())
        .unwrap_err()
        .to_string();
    assert!(err.contains(&format!("game.toml:{line}")), "{err}");
    assert!(
        err.contains("[report] completed_zone = \"display\" is not a player zone of [[zones]]"),
        "{err}"
    );
}

/// Cabriole with `rules.final_score` also adding the next player's walnut: a hook that
/// reads another player's state, which `[score] estimate = "per_player"` rules out.
fn cabriole_with_a_final_score_that_reads_another_player() -> weft_core::content::PackFiles {
    let mut files = cabriole_files();
    let rules = files.files["rules.lua"].replacen(
        "  local coins = ctx:count(p, \"coins\")\n",
        "  ctx:add(p, 'prestige', ctx:count(p % ctx:player_count() + 1, \"walnut\"))\n  local coins = ctx:count(p, \"coins\")\n",
        1,
    );
    assert_ne!(rules, files.files["rules.lua"], "the edit applies");
    files.files.insert("rules.lua".into(), rules);
    files
}

/// `[score] estimate = "per_player"`: bots valuing one player run the final scoring for
/// that player alone, which on Cabriole gives every player exactly the score the whole
/// final scoring gives (mid-game states of random games); on a pack whose hook reads
/// another player's state the two differ, and `weft check` says where, naming
/// game.toml's line and what to do.
#[test]
fn a_per_player_estimate_equals_the_whole_final_scoring_and_check_catches_a_wrong_one() {
    use weft_core::agent::{Agent, RandomAgent};
    use weft_core::engine::Engine;
    let states = |content: &std::sync::Arc<weft_core::content::Content>| {
        let mut engine = Engine::with_lua(content.clone()).expect("engine");
        let mut out = Vec::new();
        for seed in 1..=4u64 {
            let mut st = engine.new_game(4, seed).expect("setup");
            let mut bot = RandomAgent::new(seed);
            let mut k = 0;
            while let Some(d) = st.decision().cloned() {
                let i = bot.choose(&mut engine, &st, &d);
                engine
                    .apply(&mut st, d.options[i].key.as_ref())
                    .expect("apply");
                k += 1;
                if k % 25 == 0 {
                    out.push(st.clone());
                }
            }
        }
        (engine, out)
    };
    let content = cabriole_content();
    assert!(content.program.per_player_estimate.is_some());
    let (mut engine, samples) = states(&content);
    assert!(samples.len() > 20, "{} samples", samples.len());
    for st in &samples {
        let all = engine.score_estimates(st);
        for (p, whole) in all.iter().enumerate() {
            assert_eq!(engine.score_estimate(st, p), *whole, "player {p}");
        }
        assert_eq!(engine.per_player_estimate_mismatch(st), None);
    }

    let wrong = std::sync::Arc::new(
        weft_core::load_files(
            &[cabriole_with_a_final_score_that_reads_another_player()],
            &weft_tests::library(),
        )
        .expect("loads"),
    );
    let (mut engine, samples) = states(&wrong);
    // Alone, a player's hook reads the next player's walnut before that player sold it.
    assert!(
        samples
            .iter()
            .any(|st| engine.per_player_estimate_mismatch(st).is_some()),
        "the wrong declaration shows somewhere"
    );
    let report = check_content(&wrong, 30);
    let problem = report
        .problems
        .iter()
        .find(|p| p.contains("estimate = \"per_player\""))
        .unwrap_or_else(|| panic!("{:?}", report.problems));
    assert!(problem.contains("cabriole/game.toml:"), "{problem}");
    assert!(problem.contains("end scoring run alone gives"), "{problem}");
    assert!(problem.contains("or remove the line"), "{problem}");
}

/// `[score] estimate` takes `"whole"` or `"per_player"`; anything else is a load error
/// naming game.toml's line.
#[test]
fn an_unknown_estimate_is_refused_at_load() {
    let mut files = cabriole_files();
    let game =
        files.files["game.toml"].replace("estimate = \"per_player\"", "estimate = \"each_player\"");
    files.files.insert("game.toml".into(), game);
    let err = weft_core::load_files(&[files], &weft_tests::library())
        .unwrap_err()
        .to_string();
    assert!(err.contains("game.toml"), "{err}");
    assert!(err.contains("each_player"), "{err}");
    assert!(err.contains("per_player"), "{err}");
}
