//! Pack layering: the shipped expansion and variants, and every conflict the loader must
//! name (issue 6).

use std::collections::BTreeMap;
use std::sync::Arc;

use weft_core::content::{load_content, resolve_chain, Content, PackFiles};
use weft_core::effects::Effects;
use weft_core::events::EventLog;
use weft_core::flow::{Hook, HookCall, Owner};
use weft_core::lua::LuaHost;
use weft_core::Engine;
use weft_tests::{library, repo, tabriz_content, tabriz_files};

fn pack_dir(path: &str) -> PackFiles {
    PackFiles::from_dir(&repo().join(path)).unwrap()
}

fn chain(top: &[PackFiles]) -> Result<Arc<Content>, String> {
    let order = resolve_chain(top.to_vec(), vec![tabriz_files()]).map_err(|e| e.to_string())?;
    load_content(&order, &library())
        .map(Arc::new)
        .map_err(|e| e.to_string())
}

/// A pack in memory that extends tabriz.
fn layer(name: &str, files: &[(&str, &str)]) -> PackFiles {
    let mut map = BTreeMap::new();
    map.insert(
        "pack.toml".to_string(),
        format!("name = \"{name}\"\nversion = \"1\"\nextends = [\"tabriz\"]\n"),
    );
    for (path, text) in files {
        map.insert(path.to_string(), text.to_string());
    }
    PackFiles {
        origin: format!("<{name}>"),
        files: map,
    }
}

/// A Lua host and a 2-player game on `c`, and the slot the moneylender was dealt to.
fn at_moneylender(c: &Arc<Content>) -> (LuaHost, weft_core::GameState, u16) {
    let host = LuaHost::new(c.clone()).unwrap();
    let st = Engine::with_lua(c.clone()).unwrap().new_game(2, 1).unwrap();
    let slot = (0..st.board.len())
        .find(|&s| c.tiles[st.board[s].tile as usize].id == "moneylender")
        .unwrap() as u16;
    (host, st, slot)
}

#[test]
fn the_silk_road_expansion_layers_on_the_base_game() {
    let base = tabriz_content();
    let c = chain(&[pack_dir("content/examples/silk-road")]).unwrap();
    let names: Vec<&str> = c.packs.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["tabriz", "silk-road", "scripts"]);
    assert!(c.packs.iter().all(|p| p.digest.len() == 32));
    assert_ne!(c.digest, base.digest);
    assert_eq!(c.tiles.len(), base.tiles.len() + 3, "three new tiles");
    assert_eq!(c.cards.len(), base.cards.len() + 9, "nine new cards");
    let wool = c.tiles.iter().find(|t| t.id == "wool-shop").unwrap();
    assert_eq!(
        wool.name, "Wool merchant of the Silk Road",
        "replaced, in place"
    );
    assert_eq!(c.board.slots.len(), base.board.slots.len() + 3);
    let lender = c.tiles.iter().find(|t| t.id == "moneylender").unwrap();
    assert!(lender.script.declared_in.starts_with("silk-road/"));
    // And it plays: every game of a short run finishes.
    let mut engine = Engine::with_lua(c).unwrap();
    for seed in 0..3 {
        let mut seats: Vec<Box<dyn weft_core::agent::Agent>> = (0..3)
            .map(|s| weft_core::agent::make_agent("random", seed * 3 + s).unwrap())
            .collect();
        let r = weft_core::sim::play_game(&mut engine, &mut seats, seed, seed);
        assert!(r.finished(), "{:?}", r.error);
        assert!(r.tiles.contains_key("moneylender"));
    }
}

/// The moneylender's loan is repaid in the workshop phase, with prestige lost per kiran
/// short (its restock hook, run on a state built for the purpose).
#[test]
fn the_moneylender_collects_its_debt_in_the_workshop_phase() {
    let c = chain(&[pack_dir("content/examples/silk-road")]).unwrap();
    let (mut host, mut st, slot) = at_moneylender(&c);
    let call = |hook, player| HookCall {
        owner: Owner::Tile { slot },
        hook,
        player,
    };
    let coins = st.players[0].count_named(&c, "coins");
    host.call(
        &c,
        &mut st,
        &call(Hook::Action, Some(0)),
        &[],
        &mut EventLog::default(),
    )
    .unwrap();
    assert_eq!(
        st.players[0].count_named(&c, "coins"),
        coins + 4,
        "the loan"
    );
    assert_eq!(st.board[slot as usize].counters["debt:1"], 5);
    let can = host
        .call(
            &c,
            &mut st.clone(),
            &call(Hook::CanAct, Some(0)),
            &[],
            &mut EventLog::default(),
        )
        .unwrap();
    assert_eq!(
        can,
        weft_core::effects::HookOutcome::Done(Some(false)),
        "one loan at a time"
    );
    st.player_mut(0).set(c.counter("coins").unwrap(), 2);
    let prestige = st.players[0].count_named(&c, "prestige");
    host.call(
        &c,
        &mut st,
        &call(
            c.program
                .named_hook("restock")
                .expect("the flow names restock"),
            None,
        ),
        &[],
        &mut EventLog::default(),
    )
    .unwrap();
    assert_eq!(
        st.players[0].count_named(&c, "coins"),
        0,
        "pays what it can"
    );
    assert_eq!(
        st.players[0].count_named(&c, "prestige"),
        prestige - 3,
        "and 1 prestige per kiran short"
    );
    assert_eq!(st.board[slot as usize].counters["debt:1"], 0);
}

#[test]
fn variants_change_only_their_parameters() {
    let base = tabriz_content();
    let short = chain(&[pack_dir("content/variants/short-game")]).unwrap();
    let at_least = |c: &weft_core::content::Content, cause: &str| {
        c.end
            .triggers
            .iter()
            .find(|t| t.cause == cause)
            .unwrap()
            .at_least
    };
    assert_eq!(
        (at_least(&short, "commissions"), at_least(&short, "skill")),
        (7, 10)
    );
    assert_eq!(
        short.end.tokens[0].points, base.end.tokens[0].points,
        "merged, not replaced"
    );
    assert_eq!(short.end.triggers[0].counter, base.end.triggers[0].counter);
    assert_eq!(short.tiles.len(), base.tiles.len());
    let legs = chain(&[pack_dir("content/variants/long-legs")]).unwrap();
    assert_eq!(legs.abilities["move_range"], 4);
    assert_eq!(legs.abilities["plaza_keep"], base.abilities["plaza_keep"]);
    assert_eq!(legs.title, "Tabriz (long legs)");
}

#[test]
fn an_id_defined_again_without_replace_names_both_files() {
    let wool = tabriz_files().files["tiles/wool-shop.toml"].clone();
    let err = chain(&[layer("copycat", &[("tiles/wool-shop.toml", &wool)])]).unwrap_err();
    assert!(err.contains("copycat/tiles/wool-shop.toml"), "{err}");
    assert!(
        err.contains("already defined in tabriz/tiles/wool-shop.toml"),
        "{err}"
    );
    assert!(err.contains("replace = true"), "{err}");
}

#[test]
fn two_expansions_replacing_the_same_item_conflict() {
    let wool = tabriz_files().files["tiles/wool-shop.toml"]
        .replace("id = \"wool-shop\"", "id = \"wool-shop\"\nreplace = true");
    let a = layer("alpha", &[("tiles/wool-shop.toml", &wool)]);
    let b = layer("beta", &[("tiles/wool-shop.toml", &wool)]);
    assert!(
        chain(std::slice::from_ref(&a)).is_ok(),
        "one replacement is fine"
    );
    let err = chain(&[a, b]).unwrap_err();
    assert!(err.contains("replaced both by pack `alpha`"), "{err}");
    assert!(err.contains("beta"), "{err}");
}

#[test]
fn a_pack_replaces_only_items_of_packs_it_extends() {
    let new_tile =
        "id = \"kiosk\"\nname = \"Kiosk\"\nkind = \"shop\"\nbehaviour = \"weft.closed\"\n";
    let again = new_tile.replace("id = \"kiosk\"", "id = \"kiosk\"\nreplace = true");
    let a = layer("alpha", &[("tiles/kiosk.toml", new_tile)]);
    let b = layer("beta", &[("tiles/kiosk.toml", &again)]);
    let err = chain(&[a, b]).unwrap_err();
    assert!(err.contains("comes from pack `alpha`"), "{err}");
    assert!(err.contains("which `beta` does not extend"), "{err}");
}

#[test]
fn replacing_or_removing_what_does_not_exist_is_an_error() {
    let ghost = "id = \"ghost\"\nreplace = true\nname = \"G\"\nkind = \"shop\"\nbehaviour = \"weft.closed\"\n";
    let err = chain(&[layer("x", &[("tiles/ghost.toml", ghost)])]).unwrap_err();
    assert!(err.contains("no earlier pack defines it"), "{err}");
    let mut p = layer("y", &[]);
    p.files
        .get_mut("pack.toml")
        .unwrap()
        .push_str("[remove]\ncards = [\"zz9\"]\n");
    let err = chain(&[p]).unwrap_err();
    assert!(err.contains("[remove] names card `zz9`"), "{err}");
}

#[test]
fn removing_items_takes_them_out() {
    let mut p = layer("lean", &[]);
    p.files
        .get_mut("pack.toml")
        .unwrap()
        .push_str("[remove]\ncards = [\"c01\", \"c02\"]\n");
    let c = chain(&[p]).unwrap();
    assert!(c.cards.iter().all(|x| x.id != "c01" && x.id != "c02"));
    assert_eq!(c.cards.len(), tabriz_content().cards.len() - 2);
}

#[test]
fn chains_are_resolved_by_name_and_checked() {
    let sr = pack_dir("content/examples/silk-road");
    let order = resolve_chain(vec![sr.clone()], vec![tabriz_files()]).unwrap();
    assert_eq!(order.len(), 2);
    assert!(order[0].files["pack.toml"].contains("name = \"tabriz\""));
    let err = resolve_chain(vec![sr], vec![]).unwrap_err().to_string();
    assert!(
        err.contains("extends `tabriz`, but no pack of that name was found"),
        "{err}"
    );
    assert!(err.contains("--pack-path"), "{err}");
    let mut old = layer("old", &[]);
    old.files
        .get_mut("pack.toml")
        .unwrap()
        .push_str("engine = \">=9.0\"\n");
    let err = chain(&[old]).unwrap_err();
    assert!(err.contains("needs weft >=9.0"), "{err}");
}

#[test]
fn a_partial_game_toml_with_a_typo_is_reported() {
    let err = chain(&[layer("typo", &[("game.toml", "[end]\ncomissions = 7\n")])]).unwrap_err();
    assert!(err.contains("typo/game.toml"), "{err}");
    assert!(err.contains("comissions"), "{err}");
}

#[test]
fn a_script_error_in_a_layer_names_the_pack_that_owns_the_file() {
    let bad = "return { can_act = function() return true end, action = function(ctx) error('broken loan') end }";
    let mut sr = pack_dir("content/examples/silk-road");
    sr.files.insert("tiles/moneylender.lua".into(), bad.into());
    let c = chain(&[sr]).unwrap();
    let (mut host, mut st, slot) = at_moneylender(&c);
    let call = HookCall {
        owner: Owner::Tile { slot },
        hook: Hook::Action,
        player: Some(0),
    };
    let err = host
        .call(&c, &mut st, &call, &[], &mut EventLog::default())
        .unwrap_err();
    assert_eq!(err.pack, "silk-road");
    assert!(
        err.file.contains("silk-road/tiles/moneylender.lua"),
        "{}",
        err.file
    );
    assert!(err.to_string().contains("broken loan"));
}

/// `weft check` warns about what loads but is probably a mistake.
#[test]
fn check_warns_about_unused_files_unread_params_and_unreachable_cards() {
    let closed = "id = \"idle\"\nname = \"Idle\"\nkind = \"idle\"\nbehaviour = \"weft.closed\"\n[params]\nmax_buyy = 3\n";
    let board = "[[slots]]\nid = \"idle-slot\"\nkind = \"idle\"\n[[paths]]\na = \"plaza\"\nb = \"idle-slot\"\n";
    let mut p = layer(
        "lint",
        &[
            ("tiles/idle.toml", closed),
            ("board.toml", board),
            ("helpers/unused.lua", "return {}"),
            ("game.toml", "[end.triggers.skill]\nat_least = 5\n"),
        ],
    );
    p.files.get_mut("pack.toml").unwrap().push('\n');
    let c = chain(&[p]).unwrap();
    let report = weft_core::check::check_content(&c, 6);
    assert!(report.ok, "{:?}", report.problems);
    let all = report.warnings.join("\n");
    assert!(
        all.contains("lint/helpers/unused.lua: module `helpers.unused`"),
        "{all}"
    );
    assert!(
        all.contains("sets param `max_buyy`, which its behaviour `weft.closed` never reads"),
        "{all}"
    );
    assert!(
        all.contains("deck `royal` unlocks at skill 6, after the game ends at skill 5"),
        "{all}"
    );
    assert!(all.contains("tile `idle` was visited"), "{all}");
    let clean = weft_core::check::check_content(&tabriz_content(), 6);
    assert!(
        clean.warnings.is_empty(),
        "the base pack has no warnings: {:?}",
        clean.warnings
    );
}
