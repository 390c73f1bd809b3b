//! R-SHOP-*, R-TRADE-1, R-DICE-*, R-TILE-*, R-WS-*: tiles and the workshop phase.

use weft_tests::{content_with_files, Game};

/// The labels of the pending question, as a player sees them.
fn labels(g: &Game) -> Vec<String> {
    g.decision()
        .options
        .iter()
        .map(|o| o.label().to_string())
        .collect()
}

/// A 2-player game whose first player stands on the plaza with `tile` placed at north.
fn at_tile(tile: &str, coins: u32) -> Game {
    let mut g = Game::new(2, 1);
    g.place_tile(tile, "north");
    let p = g.current();
    g.set(p, "coins", coins as i64);
    g.refresh();
    g
}

fn run_workshop_restock(g: &mut Game) {
    let round = g.st.round;
    g.pass_until(|g| g.st.round > round);
}

/// R-SHOP-1, R-SHOP-5: a shop sells from its display at its price, rightmost slot first.
#[test]
fn shop_sells_from_the_right_at_its_price() {
    let mut g = at_tile("camel-silk-shop", 20);
    let p = g.current();
    assert_eq!(g.display("north"), ["camel", "camel", "silk", "-", "-"]);
    g.answer("move:plaza:north");
    g.answer("act");
    // Only the rightmost material (silk, slot 3, price 4) is for sale.
    assert_eq!(g.keys(), vec!["buy:silk", "done"]);
    assert_eq!(labels(&g), ["Buy silk for 4", "Buy nothing more"]);
    g.answer("buy:silk");
    // Then the rightmost is camel (slot 2, price 3).
    assert_eq!(g.keys(), vec!["buy:camel", "done"]);
    // A later question is labelled too (labels are built only when asking: `ctx:asking()`).
    assert_eq!(labels(&g), ["Buy camel for 3", "Buy nothing more"]);
    // The effect commits when it finishes (invariant 4).
    g.answer("buy:camel");
    assert_eq!(g.count(p, "coins"), 20 - 4 - 3);
    assert_eq!(g.display("north"), ["camel", "-", "-", "-", "-"]);
}

/// R-SHOP-2: restock fills empty slots from the left; an overflow empties the display.
#[test]
fn single_shop_overflow_empties_the_display() {
    let mut g = at_tile("wool-shop", 5);
    assert_eq!(g.display("north"), ["wool", "wool", "wool", "-", "-"]);
    run_workshop_restock(&mut g); // +2 wool: 5 of 5
    assert_eq!(g.display("north"), ["wool"; 5]);
    run_workshop_restock(&mut g); // +2 wool: overflow, all removed, sold out
    assert_eq!(g.display("north"), ["-"; 5]);
    run_workshop_restock(&mut g); // a new round: restocked again
    assert_eq!(g.display("north"), ["wool", "wool", "-", "-", "-"]);
}

/// R-SHOP-3: a split combined shop restocks and overflows each display on its own.
#[test]
fn split_shop_displays_overflow_independently() {
    let mut g = at_tile("dye-shop", 0);
    assert_eq!(g.display("north"), ["green", "green", "-", "-", "red", "-"]);
    run_workshop_restock(&mut g); // green +2 (4/4), red +1 (2/2)
    assert_eq!(
        g.display("north"),
        ["green", "green", "green", "green", "red", "red"]
    );
    run_workshop_restock(&mut g); // both overflow
    assert_eq!(g.display("north"), ["-"; 6]);
    // Make only the red display overflow: green has room.
    let slot = g.slot("north") as usize;
    let (green, red) = (g.mat("green"), g.mat("red"));
    g.st.tile_mut(slot).slots = vec![None, None, None, None, Some(red), Some(red)];
    run_workshop_restock(&mut g);
    assert_eq!(g.display("north"), ["green", "green", "-", "-", "-", "-"]);
    let _ = green;
}

/// R-SHOP-4: a merged combined shop is one display: an overflow empties every slot.
#[test]
fn merged_shop_overflow_empties_everything() {
    let mut g = at_tile("camel-silk-shop", 0);
    run_workshop_restock(&mut g); // 3 + 2 = 5 of 5
    assert_eq!(
        g.display("north"),
        ["camel", "camel", "silk", "camel", "silk"]
    );
    run_workshop_restock(&mut g);
    assert_eq!(g.display("north"), ["-"; 5]);
}

/// R-SHOP-6: "when the last material is bought, restock 1".
#[test]
fn buying_the_last_material_restocks_one() {
    let mut g = at_tile("wool-shop", 10);
    g.answer("move:plaza:north");
    g.answer("act");
    g.answer("buy:wool");
    g.answer("buy:wool");
    g.answer("buy:wool"); // the last one: restock 1
    assert_eq!(g.display("north"), ["wool", "-", "-", "-", "-"]);
}

/// R-SHOP-6: "when this material is bought, restock (number bought + 1)".
#[test]
fn buying_red_restocks_bought_plus_one() {
    let mut g = at_tile("dye-shop", 10);
    g.answer("move:plaza:north");
    g.answer("act");
    g.answer("buy:red");
    g.answer("done");
    // 1 red bought → 2 red restocked into the 2-slot red display.
    assert_eq!(
        g.display("north"),
        ["green", "green", "-", "-", "red", "red"]
    );
}

/// R-SHOP-7: a tile's script may change the shop rules. Here a pack tile without the
/// overflow icon keeps its display when full (extra materials are ignored).
#[test]
fn scripts_change_shop_rules() {
    let c = content_with_files(|f| {
        let t = f.files["tiles/wool-shop.toml"].replace("overflow = true", "overflow = false");
        f.files.insert("tiles/wool-shop.toml".into(), t);
    });
    let mut g = Game::with(c, 2, 1);
    g.place_tile("wool-shop", "north");
    run_workshop_restock(&mut g);
    run_workshop_restock(&mut g);
    assert_eq!(
        g.display("north"),
        ["wool"; 5],
        "no overflow icon: the extras are ignored"
    );
}

/// R-TILE-SIDE: the pack chooses a tile's side; side B's parameters replace side A's.
#[test]
fn pack_chooses_tile_sides() {
    let c = content_with_files(|f| {
        let t = f.files["game.toml"].replace(
            "side = \"A\"",
            "side = \"A\"\nsides = { wool-shop = \"B\" }",
        );
        f.files.insert("game.toml".into(), t);
    });
    let tile = &c.tiles[c.tile("wool-shop").unwrap() as usize];
    assert_eq!(tile.side.as_deref(), Some("B"));
    let mut g = Game::with(c.clone(), 2, 1);
    g.place_tile("wool-shop", "north");
    let p = g.current();
    g.set(p, "coins", 10);
    g.refresh();
    g.answer("move:plaza:north");
    g.answer("act");
    g.answer("buy:wool");
    g.answer("buy:wool"); // side B: at most 2 per visit
    assert!(
        !g.offers("buy:wool"),
        "side B allows 2 buys: {:?}",
        g.st.decision().map(|d| &d.prompt)
    );
}

/// R-TRADE-1: trades repeat while the player can pay, except "at most once" trades.
#[test]
fn trades_repeat_except_once() {
    let mut g = at_tile("dye-trader", 5);
    let p = g.current();
    g.set_material(p, "green", 4);
    g.set_material(p, "camel", 2);
    g.refresh();
    g.answer("move:plaza:north");
    g.answer("act");
    assert_eq!(g.keys(), vec!["trade:1", "trade:2", "done"]);
    g.answer("trade:2"); // once: camel + coin → red
    assert_eq!(
        g.keys(),
        vec!["trade:1", "done"],
        "the once-only trade is gone"
    );
    // The second question is labelled as the first was (`ctx:asking()`), not by keys.
    let shown = labels(&g);
    assert!(
        shown[0].starts_with("Pay ") && shown[0].contains(" for "),
        "{shown:?}"
    );
    assert_eq!(shown[1], "Stop trading");
    g.answer("trade:1");
    g.answer("trade:1"); // repeated: 4 green → 2 red
    assert_eq!(g.count(p, "red"), 3);
    assert_eq!(g.count(p, "green"), 0);
}

/// R-DICE-1: the three dice kinds and their faces.
#[test]
fn dice_faces() {
    let c = weft_tests::content();
    let faces = |id: &str| -> Vec<String> {
        let d = c.dice.iter().find(|d| d.id == id).unwrap();
        d.faces
            .iter()
            .map(|&m| c.materials[m as usize].id.clone())
            .collect()
    };
    assert_eq!(
        faces("black"),
        ["wool", "wool", "green", "green", "camel", "camel"]
    );
    assert_eq!(
        faces("gray"),
        ["green", "green", "camel", "camel", "red", "red"]
    );
    assert_eq!(
        faces("white"),
        ["camel", "camel", "red", "red", "silk", "silk"]
    );
}

/// R-DICE-2, R-WS-3: the alley starts with rolled black and gray dice and their
/// materials; the workshop phase re-rolls and adds; taking materials is its action.
#[test]
fn dice_tile_rolls_adds_and_gives() {
    let mut g = at_tile("dice-alley", 0);
    let slot = g.slot("north") as usize;
    let tile = g.st.board[slot].clone();
    assert_eq!(tile.dice.len(), 2);
    assert_eq!(tile.dice[0].kind, 0, "black");
    assert_eq!(tile.dice[1].kind, 1, "gray");
    assert_eq!(g.display("north").iter().filter(|s| *s != "-").count(), 2);
    run_workshop_restock(&mut g);
    assert_eq!(
        g.display("north").iter().filter(|s| *s != "-").count(),
        4,
        "two more materials rolled in"
    );
    let p = g.current();
    g.pass_until(|g| g.at_move() && g.current() == p);
    let before = g.st.players[p].material_count(g.engine.content());
    g.answer("move:plaza:north");
    g.answer("act");
    let k = g.keys()[0].clone();
    g.answer(&k);
    g.answer("done");
    assert_eq!(
        g.st.players[p].material_count(g.engine.content()),
        before + 1
    );
    assert_eq!(g.display("north").iter().filter(|s| *s != "-").count(), 3);
}

/// R-TILE-PWS: the courtyard's action is a personal workshop phase.
#[test]
fn courtyard_gives_a_personal_workshop_phase() {
    let mut g = at_tile("courtyard", 0);
    let p = g.current();
    g.set_tucked(p, vec![g.card("c02")]); // workshop: gain 1 coin
    g.refresh();
    g.answer("move:plaza:north");
    g.answer("act");
    assert_eq!(g.keys(), vec!["workshop:c02", "done"]);
    g.answer("workshop:c02");
    assert_eq!(g.count(p, "coins"), 1);
    assert!(!g.offers("workshop:c02"), "each card once per phase");
}

/// R-WS-1..5: restock, recover, roll, workshop actions from the first player, then the
/// first-player marker passes left.
#[test]
fn workshop_phase_steps_in_order() {
    let mut g = Game::new(3, 4);
    let first = g.st.first_player;
    for p in 0..3 {
        g.set_tucked(p, vec![g.card(["c02", "c06", "c10"][p])]);
    }
    g.pass_until(|g| g.st.round == 2);
    // R-WS-2 already done, R-WS-4 asks the round's first player first.
    assert!(g
        .st
        .players
        .iter()
        .all(|p| p.pieces.iter().all(|x| !x.moved)));
    let mut asked = Vec::new();
    while !g.at_move() {
        if g.keys().iter().any(|k| k.starts_with("workshop:")) {
            asked.push(g.current());
            g.answer_prefix("workshop:");
        } else {
            let k = g.keys()[0].clone();
            g.answer(&k);
        }
    }
    assert_eq!(
        asked,
        vec![first, (first + 1) % 3, (first + 2) % 3],
        "R-WS-4 order"
    );
    assert_eq!(g.st.first_player, (first + 1) % 3, "R-WS-5");
    assert_eq!(
        g.current(),
        (first + 1) % 3,
        "the new first player moves first"
    );
}

/// R-WS-3, R-DICE-2: every die lying on a tile is re-rolled, with no condition: no dice
/// tile of the base game opts out (the potters' alley once did).
#[test]
fn no_base_game_dice_tile_keeps_its_faces() {
    let c = weft_tests::tabriz_content();
    let dice_tiles: Vec<_> = c
        .tiles
        .iter()
        .filter(|t| t.script.module == "weft.dice_tile")
        .collect();
    assert!(dice_tiles.len() >= 2, "the base game has dice alleys");
    for t in dice_tiles {
        assert_eq!(
            t.script.params.get("reroll").and_then(|r| r.as_bool()),
            Some(true),
            "tile `{}` must re-roll its dice (R-WS-3)",
            t.id
        );
    }
}

/// R-WS-3: the potters' alley of the base game re-rolls: over a few seeds its dice show
/// another face after a workshop phase at least once.
#[test]
fn potters_alley_rerolls_its_dice() {
    let c = weft_tests::tabriz_content();
    let mut changed = 0;
    for seed in 1..=8 {
        let mut g = Game::with(c.clone(), 2, seed);
        let slot =
            g.st.board
                .iter()
                .position(|s| c.tiles[s.tile as usize].id == "potters-alley")
                .unwrap();
        let before = g.st.board[slot].dice.clone();
        g.pass_until(|g| g.st.round == 2 && g.at_move());
        if g.st.board[slot].dice != before {
            changed += 1;
        }
    }
    assert!(changed > 0, "the dice kept their faces in all 8 games");
}

/// The steady-potters variant (a house rule that keeps the potters' alley's faces) loads
/// over the base game and its scenario tests pass.
#[test]
fn steady_potters_variant_keeps_faces() {
    use weft_core::content::{load_content, resolve_chain, PackFiles};
    let dir = weft_tests::repo().join("content/variants/steady-potters");
    let files = PackFiles::from_dir(&dir).unwrap();
    let chain = resolve_chain(vec![files.clone()], vec![weft_tests::tabriz_files()]).unwrap();
    let c = std::sync::Arc::new(load_content(&chain, &weft_tests::library()).unwrap());
    let t = &c.tiles[c.tile("potters-alley").unwrap() as usize];
    assert_eq!(t.script.params["reroll"].as_bool(), Some(false));
    let mut n = 0;
    for (path, source) in files.test_files() {
        for r in weft_core::scenario::run_file(&c, &format!("steady-potters/{path}"), source) {
            assert!(r.passed, "{}: {:?}", r.name, r.message);
            n += 1;
        }
    }
    assert!(n >= 1, "the variant ships a scenario test");
}

/// R-TILE-PWS DECISION (`played_this_round`, a param of the courtyard tile): a card
/// fulfilled earlier in the same round may be used at the courtyard by default; switched
/// off, it may not, and it is usable again from the next round's workshop phase (R-FUL-2).
#[test]
fn personal_workshop_and_cards_fulfilled_this_round() {
    for same_round in [true, false] {
        let c = content_with_files(|f| {
            let t = f.files["tiles/courtyard.toml"].replace(
                "played_this_round = true",
                &format!("played_this_round = {same_round}"),
            );
            f.files.insert("tiles/courtyard.toml".into(), t);
        });
        let courtyard = c.tiles.iter().find(|t| t.id == "courtyard").unwrap();
        assert_eq!(
            courtyard.script.params["played_this_round"].as_bool(),
            Some(same_round)
        );
        let mut g = Game::with(c, 2, 1);
        g.place_tile("courtyard", "north");
        let p = g.current();
        g.set_hand(p, &["c02"]); // workshop: gain 1 coin
        let c02 = g.card("c02");
        for &(k, n) in &g.content().cards[c02 as usize].cost {
            g.st.player_mut(p).counters[k as usize] += n as i64;
        }
        g.refresh();
        g.answer("move:plaza:plaza");
        g.answer("pass");
        g.answer("fulfil:c02");
        g.pass_until(|g| g.at_move() && g.current() == p);
        g.answer("move:plaza:north");
        g.answer("act");
        assert_eq!(
            g.offers("workshop:c02"),
            same_round,
            "played_this_round = {same_round}"
        );
        g.pass_until(|g| g.offers("workshop:c02") || g.st.round == 2 && g.at_move());
        assert!(
            g.offers("workshop:c02"),
            "usable in round 2's workshop phase"
        );
        assert_eq!(g.st.round, if same_round { 1 } else { 2 });
    }
}

/// R-TRADE-1 DECISION: a trade repeats as often as the player can pay, with no hidden
/// cap per visit (the trader library once stopped at 6).
#[test]
fn trades_repeat_as_often_as_the_player_can_pay() {
    let mut g = at_tile("dye-trader", 0);
    let p = g.current();
    g.set_material(p, "green", 20);
    g.set_material(p, "camel", 0);
    g.set_material(p, "red", 0);
    g.refresh();
    g.answer("move:plaza:north");
    g.answer("act");
    for _ in 0..10 {
        g.answer("trade:1");
    }
    assert_eq!(g.count(p, "red"), 10);
    assert_eq!(g.count(p, "green"), 0);
}

/// R-TRADE-1: with no cap, a repeatable trade that pays nothing could repeat forever; the
/// trader refuses it with an error naming the trade.
#[test]
fn a_repeatable_trade_that_pays_nothing_is_an_error() {
    let c = content_with_files(|f| {
        let t = f.files["tiles/dye-trader.toml"].replacen("pay = { green = 2 }", "pay = {}", 1);
        f.files.insert("tiles/dye-trader.toml".into(), t);
    });
    let mut g = Game::with(c, 2, 1);
    g.place_tile("dye-trader", "north");
    let p = g.current();
    g.set(p, "coins", 5);
    g.set_material(p, "camel", 1);
    g.refresh();
    g.answer("move:plaza:north");
    let e = g.try_answer("act").unwrap_err().to_string();
    assert!(e.contains("trade 1 pays nothing"), "{e}");
    assert!(e.contains("trader.lua"), "{e}");
}

/// R-PLAZA-3 DECISIONs: the player chooses, card by card, which unlocked deck to draw
/// from; of the 4 drawn they keep 1, and the rest are discarded (to their decks' discard
/// piles).
#[test]
fn plaza_draws_four_deck_by_deck_keeps_one_discards_the_rest() {
    let mut g = Game::new(2, 1);
    let p = g.current();
    g.set(p, "skill", 2); // common and merchant unlocked (R-COM-3)
    g.refresh();
    let hand = g.hand(p).len();
    g.answer("move:plaza:plaza");
    g.answer("act");
    for grade in ["common", "merchant", "merchant", "common"] {
        assert!(
            g.decision().prompt.starts_with("Draw"),
            "{}",
            g.decision().prompt
        );
        assert_eq!(g.keys(), vec!["common", "merchant"]);
        // Every question a person is asked is labelled, the later ones too (their
        // options are keys alone only when answered from replayed answers).
        assert_eq!(
            labels(&g),
            ["Draw from the common deck", "Draw from the merchant deck"]
        );
        g.answer(grade);
    }
    assert_eq!(g.decision().prompt, "Keep which commission?");
    assert_eq!(g.keys().len(), 4);
    let shown = labels(&g);
    assert!(
        shown[0].ends_with(" (common)") && shown[1].ends_with(" (merchant)"),
        "each card by name and deck: {shown:?}"
    );
    let k = g.keys()[0].clone();
    g.answer(&k);
    assert_eq!(g.hand(p).len(), hand + 1);
    let discards: usize = (0..g.content().decks.len() as u8)
        .map(|k| g.discard_len(k))
        .sum();
    assert_eq!(discards, 3, "the other three are discarded");
    assert_eq!(g.discard_len(0) + g.discard_len(1), 3);
}

/// R-PLAZA-3 DECISION as a parameter: with `deck_choice = "once"` the player picks one
/// deck and all four cards come from it; an unknown value is a content error at load.
#[test]
fn plaza_deck_choice_once_draws_all_four_from_one_deck() {
    let content = weft_tests::content_with_files(|f| {
        let t = f.files["tiles/plaza.toml"].replace("draw = 4", "draw = 4\ndeck_choice = \"once\"");
        f.files.insert("tiles/plaza.toml".into(), t);
    });
    let mut g = Game::with(content, 2, 1);
    let p = g.current();
    g.set(p, "skill", 2); // common and merchant unlocked (R-COM-3)
    g.refresh();
    let merchant_before = g.draw_len(1);
    g.answer("move:plaza:plaza");
    g.answer("act");
    assert_eq!(g.keys(), vec!["common", "merchant"]);
    g.answer("merchant");
    // No more deck questions: the other three come from the merchant deck.
    assert_eq!(g.decision().prompt, "Keep which commission?");
    assert_eq!(g.keys().len(), 4);
    let k = g.keys()[0].clone();
    g.answer(&k);
    assert_eq!(g.draw_len(1), merchant_before - 4);
    assert_eq!(g.discard_len(1), 3);

    let bad = weft_tests::content_with_files(|f| {
        let t =
            f.files["tiles/plaza.toml"].replace("draw = 4", "draw = 4\ndeck_choice = \"twice\"");
        f.files.insert("tiles/plaza.toml".into(), t);
    });
    // Refused when the tile is bound (its describe reads the params), before any game.
    let e = weft_core::lua::LuaHost::new(bad)
        .err()
        .expect("an unknown deck_choice is refused")
        .to_string();
    assert!(
        e.contains("tile `plaza`") && e.contains("deck_choice") && e.contains("twice"),
        "{e}"
    );
}

/// R-WS-4 with a bundle key the workshop cannot give: `gain = { prestige = 1 }` was
/// silently dropped; now the action is an error naming the key and the materials, and
/// the game state is left as it was.
#[test]
fn a_workshop_bundle_with_an_unknown_key_is_an_error_not_a_silent_nothing() {
    let content = content_with_files(|files| {
        let common = files.files.get_mut("cards/common.toml").unwrap();
        *common = common.replace(
            "params = { effect = \"gain\", gain = { coins = 1 } }",
            "params = { effect = \"gain\", gain = { prestige = 1 } }",
        );
    });
    let mut g = Game::with(content, 2, 1);
    let p = g.current();
    g.set_tucked(p, vec![g.card("c02")]);
    g.refresh();
    g.pass_until(|g| g.st.round == 2);
    while !g.offers("workshop:c02") {
        let k = g.keys()[0].clone();
        g.answer(&k);
    }
    let before = g.st.clone();
    let err = g.try_answer("workshop:c02").unwrap_err().to_string();
    assert!(
        err.contains("`prestige` in a bundle is not a number of coins or of a material"),
        "{err}"
    );
    assert!(err.contains("wool"), "names the materials: {err}");
    assert_eq!(g.st, before, "nothing changed");
}

/// A 2-player game of Tabriz whose first player stands on the plaza with the scribes'
/// courtyard (a tile of Tabriz's, not of the rules fixture) placed on the west court, next to it.
fn at_scribes() -> Game {
    let mut g = Game::with(weft_tests::tabriz_content(), 2, 1);
    g.place_tile("scribes-courtyard", "west-court");
    g.refresh();
    g
}

/// The scribes' courtyard (our design, `weft.discard_draw`): discard up to two cards
/// from hand, one question at a time with "nothing more" to stop, then draw as many,
/// each from a deck the player has unlocked (R-COM-2/3).
#[test]
fn scribes_courtyard_discards_up_to_two_then_draws_as_many() {
    let mut g = at_scribes();
    let p = g.current();
    g.set_hand(p, &["c01", "c02", "c03"]);
    g.refresh();
    let common_discards = g.discard_len(0);
    g.answer("move:plaza:west-court");
    g.answer("act");
    assert_eq!(g.decision().prompt, "Discard which commission?");
    assert_eq!(g.keys(), ["c01", "c02", "c03", "done"]);
    let shown = labels(&g);
    assert!(shown[0].starts_with("Discard "), "{shown:?}");
    assert_eq!(shown[3], "Discard nothing more");
    g.answer("c02");
    // The second question is labelled too, and no longer offers the discarded card.
    assert_eq!(g.keys(), ["c01", "c03", "done"]);
    assert_eq!(labels(&g)[2], "Discard nothing more");
    g.answer("c01");
    // Two discarded (the most): no third question; two draws, common only unlocked, so
    // each deck question has one option and is not asked.
    assert_eq!(g.discard_len(0), common_discards + 2);
    let hand: Vec<String> = g
        .hand(p)
        .iter()
        .map(|&c| g.content().cards[c as usize].id.clone())
        .collect();
    assert_eq!(hand.len(), 3, "c03 and two drawn: {hand:?}");
    assert_eq!(hand[0], "c03");
    assert!(!hand[1..].contains(&"c01".to_string()) && !hand[1..].contains(&"c02".to_string()));
}

/// The scribes' courtyard stops at "nothing more": no discard, no draw.
#[test]
fn scribes_courtyard_discarding_nothing_draws_nothing() {
    let mut g = at_scribes();
    let p = g.current();
    g.set_hand(p, &["c01"]);
    g.refresh();
    let before = (g.discard_len(0), g.draw_len(0));
    g.answer("move:plaza:west-court");
    g.answer("act");
    assert_eq!(g.keys(), ["c01", "done"]);
    g.answer("done");
    assert_eq!(g.hand(p).len(), 1);
    assert_eq!((g.discard_len(0), g.draw_len(0)), before);
}
