//! No built-in counters (issue 30, item 3): a game declares its coins, its score and its
//! tracks; a track's unlocks and the end triggers are data on any counter; a setup names
//! its counters; and a `game.toml` written for the older format is answered with the
//! file, the line and the form that replaced each key.

use std::sync::Arc;

use weft_core::content::{load_content, Content, ContentErrors, PackFiles};
use weft_core::events::EventLog;
use weft_core::ops;
use weft_tests::{cards_files, library, Game};

/// The cards fixture (no skill, no commissions) with `extra` appended to its game.toml.
fn cards_with(extra: &str) -> Result<Content, ContentErrors> {
    let mut files = cards_files();
    let game = format!("{}\n{extra}", files.files["game.toml"]);
    files.files.insert("game.toml".into(), game);
    load_content(&[files], &library())
}

/// A track and an end trigger on a counter that is not Tabriz's skill.
const GEM_TRACK: &str = r#"
[abilities]
reach = 1

[tracks.gems]
points = [0, 1, 1, 2, 3, 5]

[[tracks.gems.unlocks]]
at = 3
text = "Reach 2."
abilities = { reach = 2 }

[end.tokens]
crown = 4

[end.triggers.gems]
counter = "gems"
at_least = 4
token = "crown"
"#;

#[test]
fn a_track_and_an_end_trigger_work_on_any_counter() {
    let c = Arc::new(cards_with(GEM_TRACK).unwrap_or_else(|e| panic!("{e}")));
    let gems = c.counter("gems").unwrap();
    assert_eq!(c.track_of(gems), Some(0));
    let g = Game::with(Arc::clone(&c), 2, 3);
    let mut st = g.st.clone();
    let mut log = EventLog::recording();
    assert_eq!(c.ability("reach", &st.players[0].counters), 1);
    ops::gain(&c, &mut st, &mut log, 0, gems, 3).unwrap();
    assert_eq!(
        c.ability("reach", &st.players[0].counters),
        2,
        "the unlock at 3 raises it"
    );
    assert_eq!(
        c.ability("reach", &st.players[1].counters),
        1,
        "only for the player who reached it"
    );
    assert!(st.end_trigger.is_none(), "3 is below the trigger");
    assert_eq!(c.track_points(0, 3), 4, "every entry at or below 3");
    // The signed verb crosses the trigger: player 2 takes the crown, the game ends after
    // the round with the trigger's key as its cause.
    ops::add(&c, &mut st, &mut log, 1, gems, 4).unwrap();
    assert_eq!(st.tokens, vec![Some(1)]);
    assert_eq!(st.end_trigger.as_deref(), Some("gems"));
    ops::add(&c, &mut st, &mut log, 0, gems, 1).unwrap();
    assert_eq!(
        st.tokens,
        vec![Some(1)],
        "the first to reach it keeps the token"
    );
    // A clip counter stops at its range, both ways; the change made is returned.
    assert_eq!(ops::add(&c, &mut st, &mut log, 0, gems, 9).unwrap(), 1);
    assert_eq!(st.players[0].count(gems), 5);
    assert_eq!(ops::add(&c, &mut st, &mut log, 0, gems, -9).unwrap(), -5);
    assert_eq!(st.players[0].count(gems), 0);
}

#[test]
fn the_score_reads_a_track_and_the_tokens_by_name() {
    let extra = format!(
        "{GEM_TRACK}\n[score]\nparts = [\"prestige\", \"track:gems\", \"tokens\"]\ntiebreak = [\"coins\"]\n"
    );
    // The fixture's own [score] is replaced: drop it first.
    let mut files = cards_files();
    let base = files.files["game.toml"].replace(
        "[score]\nparts = [\"prestige\"]\ntiebreak = [\"coins\", \"earliest_in_start_order\"]\n",
        "",
    );
    files
        .files
        .insert("game.toml".into(), format!("{base}\n{extra}"));
    let c = Arc::new(load_content(&[files], &library()).unwrap_or_else(|e| panic!("{e}")));
    let (prestige, gems) = (c.counter("prestige").unwrap(), c.counter("gems").unwrap());
    let mut st = Game::with(Arc::clone(&c), 2, 3).st.clone();
    st.player_mut(0).set(prestige, 10);
    st.player_mut(0).set(gems, 3);
    st.tokens = vec![Some(0)];
    assert_eq!(ops::score_now(&c, &st, 0), 10 + 4 + 4);
    assert_eq!(ops::score_now(&c, &st, 1), 0);
}

/// Each error: (what is appended or replaced, words the error must hold).
#[test]
fn declared_counters_are_checked_with_file_and_line() {
    for (extra, wanted) in [
        (
            "[tracks.nothing]\npoints = [1]\n",
            "[tracks.nothing]: `nothing` is not a counter",
        ),
        (
            "[tracks.gems]\npoints = [0, 1, 2, 3, 4, 5, 6]\n",
            "points has 7 entries, more than the values 0..=5",
        ),
        (
            "[[tracks.gems.unlocks]]\nat = 6\n",
            "unlock at 6 is above the max of `gems` (5)",
        ),
        (
            "[end.triggers.x]\ncounter = \"nothing\"\nat_least = 2\n",
            "[end.triggers.x]: `nothing` is not a counter",
        ),
        (
            "[end.triggers.x]\ncounter = \"gems\"\nat_least = 2\ntoken = \"crown\"\n",
            "token `crown` is not in [end.tokens]",
        ),
    ] {
        let e = cards_with(extra).expect_err(extra).to_string();
        assert!(e.contains(wanted), "{extra}\n→ {e}");
        assert!(e.contains("cards/game.toml:"), "names the file: {e}");
    }
}

#[test]
fn a_setup_names_counters_that_exist() {
    let mut files = cards_files();
    let game = files.files["game.toml"].replace("start = { coins = 1 }", "start = { coin = 1 }");
    files.files.insert("game.toml".into(), game);
    let e = load_content(&[files], &library()).unwrap_err().to_string();
    assert!(
        e.contains("starts players with `coin`, which is not a counter")
            && e.contains("counters are: coins, prestige, gems"),
        "{e}"
    );
}

#[test]
fn a_setup_gives_by_turn_order() {
    let c = Arc::new(
        load_content(&[weft_tests::fixture_files()], &library()).unwrap_or_else(|e| panic!("{e}")),
    );
    let coins = c.counter("coins").unwrap();
    let wool = c.material_counter(c.material("wool").unwrap());
    let g = Game::with(Arc::clone(&c), 4, 9);
    let first = g.st.first_player;
    // The rules fixture: start = { coins = 5, wool = 1 }, turn_order = { coins = [0, 1, 1, 2] }.
    for (place, extra) in [0, 1, 1, 2].into_iter().enumerate() {
        let p = (first + place) % 4;
        assert_eq!(g.st.players[p].count(coins), 5 + extra, "place {place}");
        assert_eq!(g.st.players[p].count(wool), 1);
    }
}

#[test]
fn a_game_without_a_score_is_told_the_form() {
    let mut files = cards_files();
    let game = files.files["game.toml"].replace(
        "[score]\nparts = [\"prestige\"]\ntiebreak = [\"coins\", \"earliest_in_start_order\"]\n",
        "",
    );
    files.files.insert("game.toml".into(), game);
    let e = load_content(&[files], &library()).unwrap_err().to_string();
    assert!(e.contains("the game has no [score]"), "{e}");
    assert!(e.contains("parts = [\"prestige\""), "shows the form: {e}");
}

/// Loads the rules fixture with `old` as its game.toml and checks each old key is
/// answered at its line (`(line, words, new form)`), the new form among the `lines`
/// lines from there, and that no serde error comes besides them.
fn answered_with_new_forms(old: &str, cases: &[(usize, &str, &str)], lines: usize) {
    let mut files: PackFiles = weft_tests::fixture_files();
    files.files.insert("game.toml".into(), old.into());
    let e = load_content(&[files], &library()).unwrap_err().to_string();
    for &(line, words, form) in cases {
        let at = format!("rules-fixture/game.toml:{line}:");
        let hit = e
            .lines()
            .position(|l| l.contains(&at) && l.contains(words))
            .unwrap_or_else(|| panic!("no `{words}` at {at}:\n{e}"));
        let rest: String = e
            .lines()
            .skip(hit)
            .take(lines)
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            rest.contains(form),
            "{words}: the new form `{form}`:\n{rest}"
        );
    }
    assert!(
        !e.contains("unknown field"),
        "no serde error besides them: {e}"
    );
}

/// The keys of the older format, each with the line it is on and its new form.
#[test]
fn the_older_format_is_answered_with_the_new_form() {
    let old = r#"title = "Old"
pieces = 3

[[materials]]
id = "wool"
name = "Wool"
value = 1

[[grades]]
id = "common"
name = "Common"
unlock_skill = 0

[skill]
max = 14
prestige = [0]

[end]
commissions = 9
skill = 14
bonus_prestige = 2

[[setup]]
players = 2
coins = 5
"#;
    answered_with_new_forms(
        old,
        &[
            (14, "[skill] is gone", "[tracks.skill]"),
            (
                18,
                "bonus_prestige and one_bonus_token are gone",
                "[end.triggers.commissions]",
            ),
            (12, "unlock_skill is gone", "unlock = { skill = 2 }"),
            (
                25,
                "turn_order_coins and materials are gone",
                "start = { coins = 5, wool = 1 }",
            ),
        ],
        14,
    );
}

/// `ops::add` takes any whole number from Rust: the largest and smallest ones are refused
/// (or, for a `clip` counter, stopped at its range), never a panic or a wrapped value.
#[test]
fn the_signed_verb_takes_extreme_numbers_without_wrapping() {
    let c = Arc::new(cards_with(GEM_TRACK).unwrap_or_else(|e| panic!("{e}")));
    let (gems, prestige) = (c.counter("gems").unwrap(), c.counter("prestige").unwrap());
    let mut st = Game::with(Arc::clone(&c), 2, 3).st.clone();
    let mut log = EventLog::default();
    for n in [i64::MIN, i64::MAX] {
        let before = st.clone();
        assert!(
            ops::add(&c, &mut st, &mut log, 0, prestige, n).is_err(),
            "{n}"
        );
        assert_eq!(st, before, "a refused change changes nothing");
    }
    assert_eq!(
        ops::add(&c, &mut st, &mut log, 0, gems, i64::MAX).unwrap(),
        5
    );
    assert_eq!(
        ops::add(&c, &mut st, &mut log, 0, gems, i64::MIN).unwrap(),
        -5
    );
}

/// The keys of the format before commissions became cards and grades decks, each
/// answered at its line with its new form: `[[grades]]`, `hand_limit`,
/// `personal_workshop_same_round`, `[starting_workshop]`, a setup's `hand`, the `menu`
/// step and a `play` step without zones; then a `commissions/` file and `[remove]
/// commissions` in `pack.toml`, each named with its file.
#[test]
fn the_format_before_cards_and_decks_is_answered_with_the_new_form() {
    let old = r#"title = "Old"
pieces = 3
hand_limit = 7
personal_workshop_same_round = false

[[grades]]
id = "common"
name = "Common"

[starting_workshop]
enabled = false
grade = "starting"

[[setup]]
players = 2
start = { coins = 5 }
hand = { common = 2 }

[flow]
round = ["turns"]

[flow.blocks.turns]
steps = [ { do = "menu" }, { do = "play", limit = "fulfil_per_turn" } ]
"#;
    answered_with_new_forms(
        old,
        &[
            (3, "hand_limit is gone", "limit = 7"),
            (
                4,
                "personal_workshop_same_round is gone",
                "played_this_round = false",
            ),
            (6, "[[grades]] is gone", "[[decks]]"),
            (10, "[starting_workshop] is gone", "[deals.starting]"),
            (17, "a [[setup]]'s hand is gone", "[deals.hand]"),
            (
                23,
                "the `menu` step is now `use_cards`",
                "zone = \"tucked\"",
            ),
            (
                23,
                "a `play` step now names the zones",
                "from = \"hand\", to = \"tucked\"",
            ),
        ],
        16,
    );

    // A pack of the older layout: commissions in their own folder, removed by id.
    let mut files: PackFiles = weft_tests::fixture_files();
    files.files.insert(
        "commissions/common.toml".into(),
        "# old\n[[commission]]\nid = \"c01\"\nname = \"Mat\"\nrequires = { wool = 1 }\n".into(),
    );
    let pack = files.files["pack.toml"].clone() + "\n[remove]\ncommissions = [\"c01\"]\n";
    files.files.insert("pack.toml".into(), pack);
    let e = load_content(&[files], &library()).unwrap_err().to_string();
    let line = |file: &str, words: &str| -> String {
        e.lines()
            .find(|l| l.contains(file) && l.contains(words))
            .unwrap_or_else(|| panic!("no `{words}` in {file}:\n{e}"))
            .to_string()
    };
    line(
        "commissions/common.toml:2:",
        "the commissions/ folder is gone",
    );
    let rest = e
        .split("the commissions/ folder is gone")
        .nth(1)
        .unwrap_or_default();
    assert!(rest.contains("cost = { wool = 1, green = 1 }"), "{rest}");
    line("pack.toml:", "[remove] commissions is gone");
}
