//! The base pack (`content/tabriz`): the published game's component counts, every shop
//! mechanism and workshop family used, the board's reach, the advanced setup, and the
//! generated reference kept up to date.

use std::collections::BTreeSet;
use std::sync::Arc;

use weft_core::doc::{content_doc, to_markdown};
use weft_core::lua::LuaHost;
use weft_core::Engine;
use weft_tests::{tabriz_content, tabriz_files};

fn tiles_of(kind: &str) -> Vec<String> {
    let c = tabriz_content();
    c.tiles
        .iter()
        .filter(|t| t.kind == kind)
        .map(|t| t.id.clone())
        .collect()
}

#[test]
fn component_counts() {
    let c = tabriz_content();
    assert_eq!(tiles_of("plaza").len(), 1);
    assert_eq!(tiles_of("courtyard").len(), 2);
    assert_eq!(tiles_of("shop").len(), 6);
    assert_eq!(tiles_of("alley").len(), 2);
    assert_eq!(tiles_of("trader").len(), 6);
    for (zone, n) in [
        ("common_deck", 27),
        ("merchant_deck", 27),
        ("royal_deck", 27),
        ("starting", 10),
    ] {
        let z = c.zone(zone).unwrap();
        assert_eq!(c.cards.iter().filter(|x| x.zone == z).count(), n, "{zone}");
    }
    for (deck, zone) in [
        ("common", "common_deck"),
        ("merchant", "merchant_deck"),
        ("royal", "royal_deck"),
    ] {
        let d = &c.decks[c.deck(deck).unwrap() as usize];
        assert_eq!(c.zones[d.draw as usize].id, zone, "R-COM-1: {deck}");
    }
    // The board has a slot for every tile kind, as many as tiles of that kind.
    for kind in ["plaza", "courtyard", "shop", "alley", "trader"] {
        let slots = c.board.slots.iter().filter(|s| s.kind == kind).count();
        assert_eq!(slots, tiles_of(kind).len(), "{kind}");
    }
}

#[test]
fn a_three_step_move_reaches_most_but_not_all_tiles() {
    let c = tabriz_content();
    let n = c.board.slots.len() as u16;
    let reach = (0..n)
        .filter(|&s| s != c.start_slot && c.board.distance(c.start_slot, s) <= 3)
        .count();
    assert!(
        reach * 4 >= 3 * (n as usize - 1),
        "most: {reach} of {}",
        n - 1
    );
    assert!(reach < n as usize - 1, "not all");
}

#[test]
fn every_shop_mechanism_is_used() {
    let c = tabriz_content();
    let shops: Vec<&toml::Table> = c
        .tiles
        .iter()
        .filter(|t| t.kind == "shop")
        .map(|t| &t.script.params)
        .collect();
    let displays = |p: &toml::Table| p["displays"].as_array().unwrap().clone();
    let has = |f: &dyn Fn(&toml::Value) -> bool| shops.iter().any(|p| displays(p).iter().any(f));
    assert!(
        shops.iter().any(|p| displays(p).len() >= 2),
        "a split combined shop (R-SHOP-3)"
    );
    assert!(
        has(&|d| d["sells"].as_array().unwrap().len() >= 2),
        "a merged combined shop (R-SHOP-4)"
    );
    assert!(
        has(&|d| d.get("overflow").and_then(|o| o.as_bool()) == Some(true)),
        "overflow icon"
    );
    assert!(
        has(&|d| d.get("overflow").and_then(|o| o.as_bool()) == Some(false)),
        "a shop without it"
    );
    assert!(
        has(&|d| d.get("restock_when_empty").is_some()),
        "restock 1 when last bought (R-SHOP-6)"
    );
    assert!(
        has(&|d| d.get("restock_on_buy").is_some()),
        "restock bought + 1 (R-SHOP-6)"
    );
    // Single shops cover every material family.
    let mut single: BTreeSet<String> = BTreeSet::new();
    for p in &shops {
        if displays(p).len() == 1 {
            for m in displays(p)[0]["sells"].as_array().unwrap() {
                single.insert(m.as_str().unwrap().to_string());
            }
        }
    }
    for m in ["wool", "green", "camel", "silk"] {
        assert!(single.contains(m), "a shop selling {m}");
    }
    let once = c.tiles.iter().filter(|t| t.kind == "trader").any(|t| {
        t.script.params["trades"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x.get("once").is_some())
    });
    assert!(once, "a trade marked at most once (R-TRADE-1)");
}

#[test]
fn workshop_actions_cover_every_family() {
    let c = tabriz_content();
    let families: BTreeSet<String> = c
        .cards
        .iter()
        .filter(|x| x.behaviour.as_deref() == Some("weft.workshop"))
        .map(|w| {
            let effect = w.params["effect"].as_str().unwrap().to_string();
            if effect == "gain" && w.params.contains_key("skill") {
                "gain skill".into()
            } else if effect == "gain" {
                "gain coins or materials".into()
            } else {
                effect
            }
        })
        .collect();
    for f in [
        "gain coins or materials",
        "gain skill",
        "trade",
        "buy",
        "sell",
        "draw",
        "convert",
        "roll",
    ] {
        assert!(families.contains(f), "family {f}: {families:?}");
    }
}

#[test]
fn requirements_and_rewards_rise_by_grade() {
    let c = tabriz_content();
    let mean = |deck: &str, f: &dyn Fn(&weft_core::content::Card) -> u32| -> f64 {
        let d = c.deck(deck).unwrap();
        let cards: Vec<_> = c.cards.iter().filter(|x| x.deck == Some(d)).collect();
        cards.iter().map(|x| f(x) as f64).sum::<f64>() / cards.len() as f64
    };
    let value = |x: &weft_core::content::Card| {
        x.cost
            .iter()
            .map(|&(k, n)| c.counters[k as usize].value * n)
            .sum()
    };
    let score = c.counter("prestige").unwrap();
    let prestige = |x: &weft_core::content::Card| {
        x.reward
            .iter()
            .filter(|&&(k, _)| k == score)
            .map(|&(_, n)| n)
            .sum()
    };
    assert!(mean("common", &value) < mean("merchant", &value));
    assert!(mean("merchant", &value) < mean("royal", &value));
    assert!(mean("common", &prestige) < mean("merchant", &prestige));
    assert!(mean("merchant", &prestige) < mean("royal", &prestige));
}

/// The advanced setup deals each player one starting workshop card, tucked; it does not
/// count towards the 9 commissions of R-END-1.
#[test]
fn advanced_setup_deals_starting_workshop_cards() {
    let mut files = tabriz_files();
    let game =
        files.files["game.toml"].replace("order = 0\nenabled = false", "order = 0\nenabled = true");
    files.files.insert("game.toml".into(), game);
    let c = Arc::new(weft_core::content::load_content(&[files], &weft_tests::library()).unwrap());
    let starting = c.zone("starting").unwrap();
    let mut engine = Engine::with_lua(c.clone()).unwrap();
    let st = engine.new_game(4, 3).unwrap();
    let mut dealt = BTreeSet::new();
    for p in &st.players {
        let tucked: Vec<u16> = weft_core::decks::played(&c, p).collect();
        assert_eq!(tucked.len(), 1);
        assert_eq!(c.cards[tucked[0] as usize].zone, starting);
        dealt.insert(tucked[0]);
    }
    assert_eq!(dealt.len(), 4, "different cards");
    // Off by default.
    let plain_content = tabriz_content();
    let mut plain = Engine::with_lua(plain_content.clone()).unwrap();
    assert!(plain
        .new_game(4, 3)
        .unwrap()
        .players
        .iter()
        .all(|p| weft_core::decks::played(&plain_content, p).next().is_none()));
}

/// `docs/content.md` is what `weft doc content` generates for the base pack.
#[test]
fn content_reference_is_up_to_date() {
    let c = tabriz_content();
    let host = LuaHost::new(c.clone()).unwrap();
    let doc = content_doc(&c, &host);
    let md = to_markdown(&doc, &c);
    let on_disk = std::fs::read_to_string(weft_tests::repo().join("docs/content.md")).unwrap();
    assert!(
        md == on_disk,
        "docs/content.md is stale: run `weft doc content --out docs/content.md`"
    );
    // Every commission of a deck has a cost, and every workshop action generated text.
    assert!(doc
        .played
        .iter()
        .filter(|x| x.zone != "starting")
        .all(|x| !x.cost.is_empty()));
    assert!(doc
        .played
        .iter()
        .filter(|x| c
            .cards
            .iter()
            .any(|y| y.id == x.id && y.behaviour.is_some()))
        .all(|x| x.effect.as_deref().is_some_and(|t| !t.is_empty())));
    assert!(
        doc.tiles.iter().all(|t| t.generated.is_some()),
        "every tile's behaviour describes it"
    );
}

/// The greedy bot (one-step look-ahead) beats random bots on the base pack, and its
/// games end in a Tabriz-like number of rounds.
#[test]
fn greedy_beats_random() {
    use weft_core::agent::{make_agent, Agent};
    let content = tabriz_content();
    let mut engine = Engine::with_lua(content).unwrap();
    let mut greedy_wins = 0.0;
    let mut rounds = 0;
    let games = 6;
    for i in 0..games {
        let mut seats: Vec<Box<dyn Agent>> = vec![
            make_agent("greedy", i).unwrap(),
            make_agent("random", i).unwrap(),
        ];
        let record = weft_core::sim::play_game(&mut engine, &mut seats, 100 + i, i);
        assert!(record.finished(), "{:?}", record.error);
        greedy_wins += record.win_share(0);
        rounds += record.rounds;
    }
    assert!(greedy_wins >= 5.0, "greedy won {greedy_wins} of {games}");
    assert!(
        rounds as f64 / (games as f64) < 20.0,
        "mean rounds {}",
        rounds as f64 / games as f64
    );
}

/// The base pack draws no warning from the content checks that need no games.
#[test]
fn base_pack_has_no_lint_warnings() {
    let w = weft_core::lint::warnings(&tabriz_content(), &[]);
    assert!(w.is_empty(), "{w:#?}");
}

/// The base pack with `edit` applied to its files, loaded.
fn edited(edit: impl FnOnce(&mut weft_core::content::PackFiles)) -> Arc<weft_core::Content> {
    let mut files = tabriz_files();
    edit(&mut files);
    Arc::new(weft_core::content::load_content(&[files], &weft_tests::library()).unwrap())
}

/// 1-based line of the first line of `file` in the base pack that starts with `text`.
fn line_of(file: &str, text: &str) -> usize {
    tabriz_files().files[file]
        .lines()
        .position(|l| l.starts_with(text))
        .unwrap()
        + 1
}

/// R-COM-3, R-SKILL-1: a grade's `unlock` and the skill unlock that draws from that
/// grade are two settings of one rule; `weft check` warns, naming both lines, when they
/// disagree.
#[test]
fn check_warns_when_a_deck_and_its_unlock_disagree() {
    let c = edited(|f| {
        let g = f.files["game.toml"].replace("unlock = { skill = 2 }", "unlock = { skill = 3 }");
        f.files.insert("game.toml".into(), g);
    });
    let w = weft_core::lint::warnings(&c, &[]);
    let unlock_line = line_of("game.toml", "at = 2");
    let grade_line = line_of("game.toml", "id = \"merchant\"");
    let hit = w
        .iter()
        .find(|x| x.contains("draws from deck `merchant`"))
        .unwrap_or_else(|| panic!("no warning: {w:#?}"));
    assert!(
        hit.starts_with(&format!("tabriz/game.toml:{unlock_line}: ")),
        "{hit}"
    );
    assert!(
        hit.contains(&format!(
            "unlocks at skill 3 (tabriz/game.toml:{grade_line})"
        )),
        "{hit}"
    );
    assert_eq!(w.len(), 1, "{w:#?}");
}

/// A board slot that no path reaches cannot be visited: `weft check` warns, naming
/// board.toml and the slot's line (in the base pack and in a pack layered on it).
#[test]
fn check_warns_about_a_slot_no_path_reaches() {
    let lonely_tile = "id = \"lonely\"\nname = \"Lonely\"\nkind = \"lonely\"\nbehaviour = \"weft.personal_workshop\"\n";
    let c = edited(|f| {
        let b = f.files["board.toml"].clone()
            + "\n[[slots]]\nid = \"lonely-corner\"\nkind = \"lonely\"\npos = [9.0, 9.0]\n";
        f.files.insert("board.toml".into(), b);
        f.files
            .insert("tiles/lonely.toml".into(), lonely_tile.into());
    });
    // The appended lines: a blank line, `[[slots]]`, then the id.
    let expected_line = tabriz_files().files["board.toml"].lines().count() + 3;
    let w = weft_core::lint::warnings(&c, &[]);
    assert_eq!(w.len(), 1, "{w:#?}");
    assert!(
        w[0].starts_with(&format!(
            "tabriz/board.toml:{expected_line}: slot `lonely-corner` cannot be visited"
        )),
        "{}",
        w[0]
    );

    // The same slot added by a pack that extends the base game.
    let mut layer = weft_core::content::PackFiles {
        origin: "lonely-pack".into(),
        files: Default::default(),
    };
    layer.files.insert(
        "pack.toml".into(),
        "name = \"lonely\"\nversion = \"1\"\nextends = [\"tabriz\"]\n".into(),
    );
    layer.files.insert(
        "board.toml".into(),
        "[[slots]]\nid = \"lonely-corner\"\nkind = \"lonely\"\n".into(),
    );
    layer
        .files
        .insert("tiles/lonely.toml".into(), lonely_tile.into());
    let c = Arc::new(
        weft_core::content::load_content(&[tabriz_files(), layer], &weft_tests::library()).unwrap(),
    );
    let w = weft_core::lint::warnings(&c, &[]);
    assert_eq!(w.len(), 1, "{w:#?}");
    assert!(
        w[0].starts_with("lonely/board.toml:2: slot `lonely-corner`"),
        "{}",
        w[0]
    );
}
