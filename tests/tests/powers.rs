//! Card powers (docs/content-format.md, "Card powers"), on Marco Polo II's characters
//! (M-CHAR-*): bad data and bad hooks are errors naming the file and line, never a
//! hang, a panic or a half-changed game.

use std::sync::Arc;

use weft_core::content::load_content;
use weft_tests::{library, marco_polo_files, Game};

/// The Marco Polo II pack with file `name` edited.
fn edited(name: &str, edit: impl FnOnce(&mut String)) -> Result<Arc<weft_core::Content>, String> {
    let mut files = marco_polo_files();
    let mut text = files.files[name].clone();
    edit(&mut text);
    files.files.insert(name.into(), text);
    load_content(&[files], &library())
        .map(Arc::new)
        .map_err(|e| e.to_string())
}

#[test]
fn an_ability_no_one_declared_is_a_load_error_naming_the_card_line() {
    // M-CHAR-2's data: `guild_fewer_dice` misspelt on the card
    let e = edited("cards/characters.toml", |t| {
        *t = t.replace(
            "abilities = { guild_fewer_dice = 1",
            "abilities = { guild_fewer_die = 1",
        )
    })
    .expect_err("an undeclared ability");
    assert!(e.contains("cards/characters.toml:"), "{e}");
    assert!(
        e.contains("`guild_fewer_die` is not declared in [abilities]"),
        "{e}"
    );
    assert!(
        e.contains("guild_fewer_dice"),
        "the declared ones are named: {e}"
    );
}

#[test]
fn a_space_closed_by_an_unknown_ability_or_a_bad_on_gain_is_a_load_error() {
    let e = edited("board.toml", |t| {
        *t = t.replacen(
            "closed_by = \"moves_only_lowest\"",
            "closed_by = \"moves_only\"",
            1,
        )
    })
    .expect_err("an unknown ability");
    assert!(e.contains("board.toml:"), "{e}");
    assert!(
        e.contains("closed_by = \"moves_only\" is not an ability"),
        "{e}"
    );
    let e = edited("cards/characters.toml", |t| {
        *t = t.replace(
            "on_gain = { jade = { vp = 1 } }",
            "on_gain = { jade = { fame = 1 } }",
        )
    })
    .expect_err("an unknown counter");
    assert!(
        e.contains("on_gain.jade names `fame`, which is not a counter"),
        "{e}"
    );
}

#[test]
fn a_hook_point_that_is_no_lua_name_is_a_load_error() {
    let e = edited("game.toml", |t| {
        *t = t.replace(
            "hook_points = [\"black_die\"",
            "hook_points = [\"black die\"",
        )
    })
    .expect_err("a hook point with a space");
    assert!(e.contains("game.toml:"), "{e}");
    assert!(
        e.contains("`black die` is not a name a hook may have"),
        "{e}"
    );
}

/// Plays a 2-player game with seat 1 holding `character`, first options throughout,
/// until it ends or an answer fails; returns the failure.
fn play_holding(content: Arc<weft_core::Content>, character: &str) -> Option<String> {
    let mut g = Game::with(content, 2, 5);
    let c = g.content();
    let card = c.card(character).unwrap();
    let zone = c.zones.iter().find(|z| z.id == "character").unwrap().index;
    while g.st.result.is_none() {
        if g.keys().iter().any(|k| k.starts_with("character:")) {
            let k = g.keys()[0].clone();
            g.answer(&k);
            continue;
        }
        if !g.st.players[0].zones[zone].cards.contains(&Some(card)) {
            for z in g.st.zones_mut().iter_mut() {
                z.cards.retain(|&k| k != Some(card));
            }
            for p in 0..2 {
                g.st.player_mut(p).zones_mut()[zone].cards.clear();
            }
            g.st.player_mut(0).zones_mut()[zone].cards.push(Some(card));
            g.refresh();
        }
        let before = g.st.clone();
        let k = g.keys()[0].clone();
        if let Err(e) = g.try_answer(&k) {
            assert_eq!(g.st, before, "a failed answer changes nothing");
            return Some(e.to_string());
        }
    }
    None
}

#[test]
fn a_character_hook_that_errors_or_loops_names_its_file_and_line() {
    // M-CHAR-6's hook, broken two ways
    let content = edited("characters/isabella.lua", |t| {
        *t = t.replace(
            "function M.rolled(ctx, params)\n",
            "function M.rolled(ctx, params)\n  error(\"no roll today\")\n",
        )
    })
    .unwrap();
    let e = play_holding(content, "isabella").expect("the hook fails");
    assert!(
        e.contains("characters/isabella.lua:11: no roll today"),
        "{e}"
    );
    let content = edited("characters/isabella.lua", |t| {
        *t = t.replace(
            "function M.rolled(ctx, params)\n",
            "function M.rolled(ctx, params)\n  while true do end\n",
        )
    })
    .unwrap();
    let e = play_holding(content, "isabella").expect("the hook is stopped");
    assert!(e.contains("characters/isabella.lua:11"), "{e}");
    assert!(e.contains("instruction budget"), "{e}");
}

#[test]
fn a_trigger_of_no_hook_point_is_a_script_error_saying_how_to_declare_it() {
    let content = edited("extras/fulfil.lua", |t| {
        *t = t.replace(
            "ctx:trigger(p, \"fulfilled\", key)",
            "ctx:trigger(p, \"fulfiled\", key)",
        )
    })
    .unwrap();
    let mut g = Game::with(content, 2, 8);
    while !g.keys().iter().any(|k| k.starts_with("place:")) {
        let k = g.keys()[0].clone();
        g.answer(&k);
    }
    // Enough of everything for the starting contract.
    let p = g.current();
    for what in ["pepper", "silk", "gold", "camels", "coins"] {
        let k = g.content().counter(what).unwrap();
        g.st.player_mut(p).set(k, 10);
    }
    g.refresh();
    let mut failure = None;
    for _ in 0..3000 {
        if g.st.result.is_some() {
            break;
        }
        let keys = g.keys();
        let k = keys
            .iter()
            .find(|k| k.starts_with("fulfil:"))
            .unwrap_or(&keys[0])
            .clone();
        if let Err(e) = g.try_answer(&k) {
            failure = Some(e.to_string());
            break;
        }
    }
    let e = failure.expect("a contract is fulfilled in the game");
    assert!(e.contains("extras/fulfil.lua:"), "{e}");
    assert!(e.contains("`fulfiled` is not a hook point"), "{e}");
    assert!(e.contains("hook_points"), "{e}");
}

#[test]
fn a_presence_or_needs_cards_naming_nothing_is_a_load_error() {
    // The data gates of M-CITY-1 and M-EXTRA-1 (checked before any script runs)
    let e = edited("board.toml", |t| {
        *t = t.replacen(
            "presence = { marker = \"post\", at = [\"karakorum\"]",
            "presence = { marker = \"posts\", at = [\"karakorum\"]",
            1,
        )
    })
    .expect_err("an unknown marker");
    assert!(e.contains("board.toml:"), "{e}");
    assert!(e.contains("presence names marker `posts`"), "{e}");
    let e = edited("board.toml", |t| {
        *t = t.replacen(
            "at = [\"karakorum\"], settled",
            "at = [\"karakorun\"], settled",
            1,
        )
    })
    .expect_err("an unknown slot");
    assert!(e.contains("presence names slot `karakorun`"), "{e}");
    let e = edited("game.toml", |t| {
        *t = t.replace(
            "needs_cards = \"contracts\"",
            "needs_cards = \"contract_pile\"",
        )
    })
    .expect_err("a shared zone");
    assert!(e.contains("game.toml:"), "{e}");
    assert!(
        e.contains("needs_cards = \"contract_pile\" is a shared zone"),
        "{e}"
    );
    let e = edited("game.toml", |t| {
        *t = t.replace(
            "kind = \"place\"\nspace = \"purse\"",
            "kind = \"place\"\nspace = \"purse\"\ntrigger = \"black_die\"",
        )
    })
    .expect_err("a place extra's trigger");
    assert!(e.contains("a `place` extra fires no hook point"), "{e}");
}

#[test]
fn weft_check_runs_a_card_s_hook_points_and_names_a_failing_one() {
    // A hook point called as ctx:trigger would, with no argument: a hook that reads its
    // argument as a number fails in `weft check`, naming the card, the hook and the line.
    let content = edited("characters/isabella.lua", |t| {
        *t = t.replace(
            "function M.black_die(ctx, params, pips)\n",
            "function M.black_die(ctx, params, pips)\n  local n = pips + 1\n",
        )
    })
    .unwrap();
    let report = weft_core::check::check_content(&content, 1);
    let all = report.problems.join("\n");
    assert!(all.contains("card `isabella`, hook `black_die`"), "{all}");
    assert!(all.contains("characters/isabella.lua:"), "{all}");
}
