//! Card zones and pack cards (issue 11): `[[zones]]`, `[[cards]]` with copies by player
//! count, the `refill` step, marks on grid positions, caps, and the ctx functions over
//! them, on the cards fixture (`tests/fixtures/cards`, a game with no board). Rule ids
//! of `content/cabriole/RULES.md` name the behaviour each primitive exists for.

use std::sync::Arc;

use weft_core::content::{load_content, ContentErrors, PackFiles};
use weft_core::events::EventLog;
use weft_core::zones::ZoneRef;
use weft_core::Content;
use weft_tests::{cards_content, cards_files, conformance, library, Game};

fn try_cards(edit: impl FnOnce(&mut PackFiles)) -> Result<Content, ContentErrors> {
    let mut files = cards_files();
    edit(&mut files);
    load_content(&[files], &library())
}

fn cards_with(edit: impl FnOnce(&mut PackFiles)) -> Arc<Content> {
    Arc::new(try_cards(edit).unwrap_or_else(|e| panic!("{e}")))
}

/// Replaces `from` by `to` in a file of the pack (which must hold it).
fn edit(files: &mut PackFiles, file: &str, from: &str, to: &str) {
    let text = files.files[file].clone();
    assert!(text.contains(from), "{file} holds `{from}`");
    files.files.insert(file.into(), text.replacen(from, to, 1));
}

/// The load errors of an edited fixture, as one text.
fn errors(edit_files: impl FnOnce(&mut PackFiles)) -> String {
    match try_cards(edit_files) {
        Ok(_) => panic!("the edited fixture loads"),
        Err(e) => e.to_string(),
    }
}

fn shared(g: &Game, id: &str) -> ZoneRef {
    ZoneRef::named(&g.content(), id, None).unwrap()
}

/// Card ids in a zone, `-` for an empty grid position.
fn ids(g: &Game, z: ZoneRef) -> Vec<String> {
    let c = g.content();
    z.get(&c, &g.st)
        .cards
        .iter()
        .map(|x| x.map_or("-".to_string(), |k| c.cards[k as usize].id.clone()))
        .collect()
}

fn marks(g: &Game, z: ZoneRef) -> Vec<i64> {
    z.get(&g.content(), &g.st).marks.clone()
}

/// Passes every player's turn until round `r` starts.
fn pass_to_round(g: &mut Game, r: u32) {
    while g.st.round < r {
        g.answer("pass");
    }
}

#[test]
fn copies_are_numbered_and_extra_copies_join_from_their_player_count() {
    // C-DATA-5 (copy ids), C-TWO-1 / C-SETUP-2 (copies marked "3+" are out at 2p).
    let c = cards_content();
    let rubies: Vec<(&str, u8)> = c
        .cards
        .iter()
        .filter(|k| k.template == "ruby")
        .map(|k| (k.id.as_str(), k.min_players))
        .collect();
    assert_eq!(
        rubies,
        [
            ("ruby-1", 1),
            ("ruby-2", 1),
            ("ruby-3", 1),
            ("ruby-4", 3),
            ("ruby-5", 3)
        ]
    );
    assert!(c.card("crown").is_some(), "a single copy keeps its id");
    for (players, in_play) in [(2, 8), (3, 10), (4, 10)] {
        let g = Game::with(c.clone(), players, 3);
        let deck = ids(&g, shared(&g, "deck"));
        let display = ids(&g, shared(&g, "display"));
        let total = deck.len() + display.iter().filter(|x| *x != "-").count();
        assert_eq!(total, in_play, "{players} players");
        let rubies_out = deck.iter().chain(&display).any(|x| x == "ruby-4");
        assert_eq!(rubies_out, players >= 3, "{players} players");
    }
}

#[test]
fn the_display_has_its_size_by_player_count_and_is_dealt_row_by_row_at_setup() {
    // C-SETUP-3: the grid's size by player count; every position dealt, marks 0.
    for (players, positions) in [(2, 6), (3, 6), (4, 9)] {
        let g = Game::with(cards_content(), players, 5);
        let display = ids(&g, shared(&g, "display"));
        assert_eq!(display.len(), positions, "{players} players");
        assert!(display.iter().all(|x| x != "-"), "every position is dealt");
        assert_eq!(marks(&g, shared(&g, "display")), vec![0; positions]);
    }
    // Dealt from the top of the pile (the end of the list), position 1 first: a fresh
    // game's deck order plus the display, re-stacked, is the shuffled deck.
    let c = cards_content();
    let g = Game::with(c.clone(), 2, 5);
    let mut before = ids(&g, shared(&g, "deck"));
    let mut dealt = ids(&g, shared(&g, "display"));
    dealt.reverse();
    before.extend(dealt);
    assert_eq!(before.len(), 8);
    let again = Game::with(c, 2, 5);
    assert_eq!(
        ids(&again, shared(&again, "display")),
        ids(&g, shared(&g, "display")),
        "the same seed deals the same display"
    );
}

#[test]
fn unsold_cards_gather_marks_and_leave_at_the_limit_and_empty_positions_are_refilled() {
    // C-RESET-1..3 as the fixture writes them: +1 a round, discarded at 2, refilled.
    let mut g = Game::with(cards_content(), 2, 11);
    let display = shared(&g, "display");
    let first = ids(&g, display);
    g.answer("take:2"); // player 1 takes position 2
    g.answer("pass");
    assert_eq!(g.st.round, 2);
    // Round 2's reset: every unsold card +1, position 2 refilled from the deck with 0.
    let now = ids(&g, display);
    assert_eq!(marks(&g, display), vec![1, 0, 1, 1, 1, 1]);
    assert_ne!(now[1], first[1]);
    assert_eq!(
        (now[0].clone(), now[2..].to_vec()),
        (first[0].clone(), first[2..].to_vec()),
        "cards never slide between positions"
    );
    pass_to_round(&mut g, 4);
    // Round 3: marks 2 (and 1); round 4: the cards at 2 were discarded and refilled.
    let discard = ids(&g, shared(&g, "discard"));
    assert_eq!(discard.len(), 5, "the five round-1 cards left at 2 marks");
    assert!(discard.contains(&first[0]));
}

#[test]
fn a_pile_that_runs_out_leaves_positions_empty_and_says_so() {
    // C-RESET-4: the rest stay empty for the round, logged; nothing is drawn from
    // another pile but the one the step names for the round.
    let mut g = Game::with(cards_content(), 4, 2);
    let display = shared(&g, "display");
    assert_eq!(ids(&g, shared(&g, "deck")).len(), 1);
    for _ in 0..3 {
        g.answer_prefix("take:");
    }
    let mut log = EventLog::recording();
    let key = g.keys()[0].clone();
    g.engine
        .apply_logged(&mut g.st, key.as_str(), &mut log)
        .unwrap();
    // Round 2: four empty positions, one card left in the deck.
    assert_eq!(g.st.round, 2);
    let empty = ids(&g, display).iter().filter(|x| *x == "-").count();
    assert_eq!(empty, 3);
    assert!(ids(&g, shared(&g, "deck")).is_empty());
    let text: Vec<&str> = log.events.iter().map(|e| e.text.as_str()).collect();
    let text = text.join("\n");
    assert!(
        text.contains("`deck` ran out: 3 position(s) of `display` stay empty this round"),
        "{text}"
    );
    // Round 3 draws from the spare pile (`from = ["deck", "deck", "spare"]`).
    pass_to_round(&mut g, 3);
    assert!(ids(&g, display).iter().any(|x| x.starts_with("spare-")));
}

#[test]
fn a_zone_cap_limits_what_scripts_may_move_into_it() {
    // C-LIMIT-2's shape: a capped player zone; ctx:room reads it, and a move past it is
    // a script error that changes nothing.
    let mut g = Game::with(cards_content(), 2, 4);
    let mut coins = 0;
    for _ in 0..3 {
        g.answer_prefix("take:");
        coins = g.count(0, "coins");
        g.answer("pass");
    }
    let hand = ZoneRef::named(&g.content(), "hand", Some(0)).unwrap();
    assert_eq!(ids(&g, hand).len(), 3);
    // Round 4: with a full hand, passing is player 1's only option, taken unasked.
    assert_eq!(g.st.round, 4);
    assert_eq!(g.current(), 1, "player 1 was not asked");
    assert!(g.keys().iter().any(|k| k.starts_with("take:")));
    assert_eq!(g.count(0, "coins"), coins + 1, "the pass paid its coin");

    let c = cards_with(|f| {
        edit(
            f,
            "rules.lua",
            "if (ctx:room(\"hand\", p) or 0) > 0 then",
            "if true then",
        )
    });
    let mut g = Game::with(c, 2, 4);
    for _ in 0..3 {
        g.answer_prefix("take:");
        g.answer("pass");
    }
    let before = g.st.clone();
    let key = g.keys()[0].clone();
    let e = g.try_answer(&key).unwrap_err().to_string();
    assert!(
        e.contains("ctx:move_card: `hand` of player 1 is full (3 cards, its cap)"),
        "{e}"
    );
    assert!(g.st == before, "a refused move changes nothing");
}

#[test]
fn zones_are_in_the_state_json_only_for_games_that_have_them() {
    let g = Game::with(cards_content(), 2, 1);
    let json = serde_json::to_value(&g.st).unwrap();
    assert!(json["zones"].is_array());
    assert!(json["players"][0]["zones"].is_array());
    // A game with neither [[zones]] nor commissions (the placement fixture).
    let queues = Game::with(weft_tests::queues_content(), 2, 1);
    let json = serde_json::to_value(&queues.st).unwrap();
    assert!(json.get("zones").is_none());
    assert!(json["players"][0].get("zones").is_none());
}

/// R-COM-1, R-FUL-2: Tabriz's hand, tucked cards and decks are the built-in zones
/// `hand`, `tucked`, `<grade>_deck` and `<grade>_discard`, reachable by id like any
/// pack's zones, and they hold every commission exactly once.
#[test]
fn commissions_live_in_the_packs_zones() {
    let g = Game::new(3, 5);
    let c = g.content();
    let hand = ZoneRef::named(&c, "hand", Some(0)).unwrap();
    assert_eq!(
        hand.get(&c, &g.st).cards.len(),
        2,
        "two starting commissions"
    );
    assert_eq!(
        hand.get(&c, &g.st)
            .cards
            .iter()
            .flatten()
            .copied()
            .collect::<Vec<_>>(),
        g.hand(0)
    );
    assert!(ZoneRef::named(&c, "tucked", Some(2)).is_ok());
    let mut seen = vec![0u32; c.cards.len()];
    for g_id in &c.decks {
        for zone in [format!("{}_deck", g_id.id), format!("{}_discard", g_id.id)] {
            let z = ZoneRef::named(&c, &zone, None).unwrap();
            for &card in g.st.zones[c.zones[z.zone as usize].index]
                .cards
                .iter()
                .flatten()
            {
                seen[card as usize] += 1;
            }
        }
    }
    for p in 0..3 {
        for card in g.hand(p).into_iter().chain(g.tucked(p)) {
            seen[card as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n == 1), "{seen:?}");
    let json = serde_json::to_value(&g.st).unwrap();
    assert!(json.get("decks").is_none(), "the decks are zones now");
    assert!(json["players"][0].get("hand").is_none());
}

/// A deck's piles are declared shared piles, each of one deck only; a deal comes from a
/// deck or a shared pile and goes to a player's pile. Each mistake is named at its key.
#[test]
fn bad_decks_and_deals_are_named_at_their_keys() {
    let mut files = weft_tests::fixture_files();
    let game = files.files["game.toml"]
        .replace("draw = \"royal_deck\"", "draw = \"hand\"")
        .replace(
            "discard = \"merchant_discard\"",
            "discard = \"common_discard\"",
        )
        .replace("from = \"common\"", "from = \"uncommon\"")
        .replace(
            "from = \"starting\"\nto = \"tucked\"",
            "from = \"starting\"\nto = \"common_deck\"",
        );
    files.files.insert("game.toml".into(), game.clone());
    let e = weft_core::content::load_content(&[files], &weft_tests::library())
        .unwrap_err()
        .to_string();
    let line = |needle: &str| {
        1 + game
            .lines()
            .position(|l| l.starts_with(needle))
            .unwrap_or_else(|| panic!("no {needle}"))
    };
    for (at, words) in [
        (
            line("draw = \"hand\""),
            "deck `royal`: its draw `hand` is not a shared pile",
        ),
        (
            // The merchant deck's, the second line that names the common discards.
            1 + game
                .lines()
                .enumerate()
                .filter(|(_, l)| l.starts_with("discard = \"common_discard\""))
                .nth(1)
                .map(|(i, _)| i)
                .expect("the merchant deck's discard"),
            "zone `common_discard` is already a pile of deck `common`",
        ),
        (
            line("from = \"uncommon\""),
            "deal `hand` is from `uncommon`, which is neither a deck nor a zone",
        ),
    ] {
        let want = format!("rules-fixture/game.toml:{at}:");
        assert!(
            e.lines().any(|l| l.contains(&want) && l.contains(words)),
            "`{words}` at {want}:\n{e}"
        );
    }
    assert!(
        e.contains("deal `starting` is to `common_deck`, which is not a player's pile"),
        "{e}"
    );
}

#[test]
fn the_cards_fixture_passes_conformance_at_every_player_count() {
    for players in 2..=4 {
        conformance(cards_content(), players, 30);
    }
}

#[test]
fn bad_zones_and_cards_are_content_errors_with_file_and_line() {
    let e = errors(|f| {
        edit(
            f,
            "cards/cards.toml",
            "zone = \"spare\"",
            "zone = \"sparre\"",
        )
    });
    assert!(
        e.contains("cards/cards/cards.toml:")
            && e.contains("card `spare` names unknown zone `sparre`"),
        "{e}"
    );
    let e = errors(|f| edit(f, "game.toml", "rows = { 2 = 2, 4 = 3 }\n", ""));
    assert!(
        e.contains("cards/game.toml:") && e.contains("grid zone `display` has no rows"),
        "{e}"
    );
    let e = errors(|f| {
        edit(
            f,
            "game.toml",
            "rows = { 2 = 2, 4 = 3 }",
            "rows = { 3 = 2 }",
        )
    });
    assert!(
        e.contains("grid zone `display` has no size at 2 players"),
        "{e}"
    );
    let e = errors(|f| edit(f, "game.toml", "from = \"deck\"", "from = \"hand\""));
    assert!(
        e.contains("cards/game.toml:") && e.contains("`hand` is not a shared pile"),
        "{e}"
    );
    let e = errors(|f| {
        edit(
            f,
            "game.toml",
            "zone = \"display\", from = \"deck\"",
            "zone = \"deck\", from = \"deck\"",
        )
    });
    assert!(e.contains("zone `deck` is not a shared grid"), "{e}");
    let e = errors(|f| edit(f, "cards/cards.toml", "zone = \"spare\"", "zone = \"hand\""));
    assert!(
        e.contains("card `spare` starts in `hand`, a player zone"),
        "{e}"
    );
    let e = errors(|f| {
        edit(
            f,
            "cards/cards.toml",
            "by_players = { 3 = 2 }",
            "by_players = { three = 2 }",
        )
    });
    assert!(
        e.contains("by_players key `three` is not a player count"),
        "{e}"
    );
    let e = errors(|f| {
        edit(
            f,
            "game.toml",
            "visibility = \"owner\"",
            "visibility = \"secret\"",
        )
    });
    assert!(e.contains("zone `hand`: visibility = \"secret\""), "{e}");
    let e = errors(|f| edit(f, "pack.toml", "files = [\"cards\"]", "files = [\"cardz\"]"));
    assert!(
        e.contains("cards/pack.toml:") && e.contains("[provenance] names `cardz`"),
        "{e}"
    );
    let e = errors(|f| {
        edit(
            f,
            "game.toml",
            "{ do = \"refill\", zone = \"display\", from = \"deck\" }",
            "{ do = \"refill\", zone = \"display\" }",
        )
    });
    assert!(e.contains("needs `from`"), "{e}");
}

#[test]
fn weft_check_warns_when_a_pile_cannot_fill_its_grid_at_setup() {
    // C-RESET-4 / C-DATA-9's first bound: the deck must at least fill the display once.
    let c = cards_with(|f| edit(f, "cards/cards.toml", "copies = 4", "copies = 1"));
    let w = weft_core::lint::warnings(&c, &[]);
    let short: Vec<&String> = w.iter().filter(|x| x.contains("fewer than")).collect();
    assert_eq!(short.len(), 2, "2 and 4 players: {w:?}");
    assert!(
        short[0].contains("cards/game.toml:")
            && short[0].contains("zone `deck` starts with 5 cards at 2 players, fewer than the 6 positions of `display`"),
        "{}",
        short[0]
    );
    let fine = weft_core::lint::warnings(&cards_content(), &[]);
    assert!(!fine.iter().any(|x| x.contains("fewer than")), "{fine:?}");
}

#[test]
fn weft_check_warns_when_no_step_can_ask_anyone() {
    // Issue 11, bad input: a flow that never asks anyone anything.
    let c = cards_with(|f| {
        edit(
            f,
            "game.toml",
            "{ do = \"hook\", run = \"rules.take\", on = \"player\" }",
            "{ do = \"hook\", run = \"rules.final\", on = \"game\" }",
        );
        edit(
            f,
            "game.toml",
            "run = \"rules.final\", on = \"players\"",
            "run = \"rules.final\", on = \"game\"",
        );
    });
    let w = weft_core::lint::warnings(&c, &[]);
    assert!(
        w.iter().any(|x| x.starts_with("cards/game.toml:")
            && x.contains("no step of the round can ask a player anything")),
        "{w:?}"
    );
    let fine = weft_core::lint::warnings(&cards_content(), &[]);
    assert!(!fine.iter().any(|x| x.contains("can ask")), "{fine:?}");
}

/// R-COM-1, R-FUL-2: a deck's two piles take only the deck's own cards (the rules read
/// every card there as one of the deck's), and any other zone takes any card. A move
/// that would break this is refused and changes nothing.
#[test]
fn a_decks_piles_take_only_its_cards() {
    let mut files = weft_tests::fixture_files();
    let game = files.files["game.toml"].clone() + "\n[[zones]]\nid = \"market\"\n";
    files.files.insert("game.toml".into(), game);
    files.files.insert(
        "cards/goods.toml".into(),
        "[[cards]]\nid = \"goods\"\nname = \"Goods\"\nkind = \"goods\"\nzone = \"market\"\n".into(),
    );
    let c = std::sync::Arc::new(
        weft_core::content::load_content(&[files], &weft_tests::library()).unwrap(),
    );
    let mut g = Game::with(c.clone(), 2, 1);
    let market = ZoneRef::named(&c, "market", None).unwrap();
    let hand = ZoneRef::named(&c, "hand", Some(0)).unwrap();
    let common_discard = ZoneRef::named(&c, "common_discard", None).unwrap();
    let before = g.st.clone();
    let e =
        weft_core::zones::move_card(&c, &mut g.st, market, 0, common_discard, None).unwrap_err();
    assert!(
        e.contains("`goods` is in no deck: zone `common_discard` holds deck `common`'s cards only"),
        "{e}"
    );
    assert!(g.st == before, "a refused move changes nothing");
    // A card of a deck goes to its own deck's discards, not another's.
    let card = g.hand(0)[0];
    let own = &c.decks[c.cards[card as usize].deck.unwrap() as usize].id;
    let other = c.decks.iter().find(|x| &x.id != own).unwrap();
    let wrong = ZoneRef::named(&c, &format!("{}_discard", other.id), None).unwrap();
    let e = weft_core::zones::move_card(&c, &mut g.st, hand, 0, wrong, None).unwrap_err();
    assert!(
        e.contains(&format!("holds deck `{}`'s cards only", other.id)),
        "{e}"
    );
    assert!(g.st == before);
    let right = ZoneRef::named(&c, &format!("{own}_discard"), None).unwrap();
    weft_core::zones::move_card(&c, &mut g.st, hand, 0, right, None).unwrap();
    assert_eq!(g.hand(0).len(), 1);
}

/// `ctx:reshuffle(deck, leave)` (weft.cards' draw pile made again from its discards)
/// is the moves and the shuffle a script made one call at a time: the same state and
/// random draws. A `leave` past the discards is refused and changes nothing.
#[test]
fn reshuffle_is_the_moves_and_the_shuffle_in_one_call() {
    // Four cards drawn face up onto the discards, then all but the top one put back.
    let setup = "for _ = 1, 4 do ctx:move_card('common_deck', -1, 'common_discard') end\n";
    let one_call = format!(
        "return {{ action = function(ctx)\n{setup}  local n = ctx:reshuffle('common', 1)\n  if n ~= 3 then error('moved ' .. n, 0) end\nend }}\n"
    );
    let by_hand = format!(
        "return {{ action = function(ctx)\n{setup}  for _ = 1, 3 do ctx:move_card('common_discard', 1, 'common_deck') end\n  ctx:shuffle('common_deck')\nend }}\n"
    );
    let mut a = weft_tests::at_courtyard(weft_tests::content_with_courtyard(&one_call));
    let mut b = weft_tests::at_courtyard(weft_tests::content_with_courtyard(&by_hand));
    a.answer("act");
    b.answer("act");
    assert!(a.st == b.st, "the same state, random generator included");
    let discard = shared(&a, "common_discard");
    assert_eq!(
        ids(&a, discard).len(),
        1,
        "the top card stays on the discards"
    );

    let refused = "return { action = function(ctx)\n  ctx:reshuffle('common', 9)\nend }\n";
    let mut g = weft_tests::at_courtyard(weft_tests::content_with_courtyard(refused));
    let before = g.st.clone();
    let e = g.try_answer("act").unwrap_err().to_string();
    assert!(e.contains("ctx:reshuffle: leave = 9, but"), "{e}");
    assert!(g.st == before, "a refused reshuffle changes nothing");
    let unknown = "return { action = function(ctx)\n  ctx:reshuffle('nope')\nend }\n";
    let mut g = weft_tests::at_courtyard(weft_tests::content_with_courtyard(unknown));
    let e = g.try_answer("act").unwrap_err().to_string();
    assert!(
        e.contains("`nope` is not a deck (common, merchant, royal)"),
        "{e}"
    );
}
