//! How a turn of dice placement is listed (issue 32, item 6: the speed of a Marco Polo II
//! decision) without changing what is offered: a script extra's options from data
//! (`offers`, `offers_script_for`), a dice space's `can_act` asked once when it does not
//! read `ctx:strength()`, and the fronts of the reads such hooks make (`ctx:pool`,
//! `ctx:can_afford`, `ctx:markers`, `ctx:markers_of`), which answer as the methods behind
//! them. On the fixture `tests/fixtures/dice` (rule ids: content/marco-polo-2/RULES.md).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;

use weft_core::content::{load_content, CardIx, Content};
use weft_core::effects::{Effects, HookOutcome};
use weft_core::error::ScriptError;
use weft_core::events::EventLog;
use weft_core::flow::{Hook, HookCall, Owner};
use weft_core::lua::LuaHost;
use weft_core::state::{GameState, PoolDie};
use weft_core::Engine;
use weft_tests::{dice_files, library, Game};

/// The fixture with `game.toml` edited by `edit` and `spaces/sell.lua` replaced by
/// `sell` when given.
fn fixture(edit: impl FnOnce(&mut String), sell: Option<&str>) -> Result<Arc<Content>, String> {
    let mut files = dice_files();
    let mut game = files.files["game.toml"].clone();
    edit(&mut game);
    files.files.insert("game.toml".into(), game);
    if let Some(source) = sell {
        files
            .files
            .insert("spaces/sell.lua".into(), source.to_string());
    }
    load_content(&[files], &library())
        .map(Arc::new)
        .map_err(|e| e.to_string())
}

/// The fixture's `sell` extra with `extra` added to its entry (after its behaviour) and
/// its params replaced by `params`.
fn sell_with(extra: &str, params: &str) -> impl FnOnce(&mut String) {
    let extra = extra.to_string();
    let params = params.to_string();
    move |g: &mut String| {
        let old = "behaviour = \"spaces.sell\"\nparams = { vp = 2 }";
        assert!(g.contains(old), "the fixture's sell extra");
        *g = g.replace(
            old,
            &format!("behaviour = \"spaces.sell\"\n{extra}\nparams = {params}"),
        );
    }
}

fn set(g: &mut Game, p: usize, what: &str, n: i64) {
    let k = g.content().counter(what).unwrap();
    g.st.player_mut(p).set(k, n);
}

fn count(g: &Game, p: usize, what: &str) -> i64 {
    g.st.players[p].count_named(&g.content(), what)
}

/// The `sell:` options of the decision, in order.
fn sells(g: &Game) -> Vec<String> {
    g.keys()
        .into_iter()
        .filter(|k| k.starts_with("sell:"))
        .collect()
}

const LOTS: &str = "{ vp = 2, lots = [ { id = \"one\", when = { pass = 0 }, cost = { goods = 1 } }, { id = \"pair\", cost = { goods = 2, coins = 1 } } ] }";

#[test]
fn a_script_extras_options_may_come_from_data_and_its_script_answers_for_an_ability() {
    // M-EXTRA-1, M-EXTRA-6 (the options Marco Polo II's fulfil and upgrade list from
    // data), M-JADE-1 (a substitute pays), M-CHAR-8 b and M-CHAR-10 a (a character's
    // power asks the script instead)
    let content = fixture(sell_with("offers = \"params:lots\"", LOTS), None)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut g = Game::with(content, 2, 1);
    g.st.player_mut(0).dice = vec![PoolDie::own(2)];
    set(&mut g, 0, "goods", 0);
    set(&mut g, 0, "coins", 0);
    set(&mut g, 0, "jade", 0);
    g.refresh();
    assert_eq!(sells(&g), Vec::<String>::new(), "no goods: nothing to sell");
    set(&mut g, 0, "goods", 1);
    g.refresh();
    assert_eq!(sells(&g), ["sell:one"], "one good, no pass held");
    set(&mut g, 0, "goods", 2);
    g.refresh();
    assert_eq!(
        sells(&g),
        ["sell:one"],
        "two goods but no coin for the pair"
    );
    set(&mut g, 0, "jade", 1);
    g.refresh();
    assert_eq!(
        sells(&g),
        ["sell:one", "sell:pair"],
        "the jade pays the coin, in the list's order"
    );
    set(&mut g, 0, "pass", 1);
    g.refresh();
    assert_eq!(
        sells(&g),
        ["sell:pair"],
        "`when` holds exactly: a pass held"
    );
    // The script's resolve gets the key chosen (the fixture's sells one good for 2 vp).
    let vp = count(&g, 0, "vp");
    g.answer("sell:pair");
    assert_eq!(count(&g, 0, "goods"), 1);
    assert_eq!(count(&g, 0, "vp"), vp + 2);

    // A player holding the ability is asked the script's options (the fixture's:
    // `sell:good` while a good is held); without it, the data's.
    for (held, expected) in [(0, ["sell:one"]), (1, ["sell:good"])] {
        let content = fixture(
            |g| {
                sell_with(
                    "offers = \"params:lots\"\noffers_script_for = \"haggle\"",
                    LOTS,
                )(g);
                g.push_str(&format!("\n[abilities]\nhaggle = {held}\n"));
            },
            None,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let mut g = Game::with(content, 2, 1);
        g.st.player_mut(0).dice = vec![PoolDie::own(2)];
        set(&mut g, 0, "goods", 1);
        set(&mut g, 0, "pass", 0);
        g.refresh();
        assert_eq!(sells(&g), expected, "haggle = {held}");
    }
}

#[test]
fn wrong_offers_are_errors_naming_the_line_and_what_to_write() {
    // Each case: the lines added to the sell extra, its params, the key whose line the
    // error names, and what it says.
    let cases = [
        (
            "offers = \"cards\"",
            "{ vp = 2 }",
            "offers",
            "lists the cards of `needs_cards`, which it does not name",
        ),
        (
            "offers = \"maybe\"",
            "{ vp = 2 }",
            "offers",
            "offers = \"maybe\" is not one weft knows",
        ),
        (
            "offers = \"params:lots\"",
            "{ vp = 2 }",
            "params",
            "names no list `lots` in its params",
        ),
        (
            "offers = \"params:lots\"",
            "{ lots = [ { cost = { goods = 1 } } ] }",
            "params",
            "params.lots[1] has no text `id`",
        ),
        (
            "offers = \"params:lots\"",
            "{ lots = [ { id = \"x\", cost = { gems = 1 } } ] }",
            "params",
            "params.lots names `gems`, which is not a counter",
        ),
        (
            "offers = \"params:lots\"",
            "{ lots = [ { id = \"x\", cost = { goods = -1 } } ] }",
            "params",
            "x's cost.goods is -1, not a whole number from 0",
        ),
        (
            "offers = \"params:lots\"",
            "{ lots = [ \"x\" ] }",
            "params",
            "params.lots[1] is not a table",
        ),
        (
            "offers = \"params:lots\"",
            "{ lots = [ { id = \"x\", costs = { goods = 1 } } ] }",
            "params",
            "params.lots[1] (`x`) has no `cost`",
        ),
        (
            "offers = \"params:lots\"",
            "{ lots = [ { id = \"x\", cost = {} }, { id = \"x\", cost = {} } ] }",
            "params",
            "params.lots[2] repeats the id `x`",
        ),
        (
            "offers = \"params:lots\"\noffers_script_for = \"haggle\"",
            LOTS,
            "offers_script_for",
            "offers_script_for = \"haggle\" is not an ability of [abilities]",
        ),
        (
            "offers_script_for = \"haggle\"",
            "{ vp = 2 }",
            "offers_script_for",
            "which it does not have",
        ),
    ];
    for (extra, params, key, expected) in cases {
        let mut text = dice_files().files["game.toml"].clone();
        sell_with(extra, params)(&mut text);
        let entry = text.find("id = \"sell\"").expect("the sell entry");
        let at = entry + text[entry..].find(&format!("\n{key} =")).expect("the key") + 1;
        let line = text[..at].lines().count() + 1;
        let err = fixture(sell_with(extra, params), None).expect_err(extra);
        assert!(err.contains(expected), "{extra} / {params}: {err}");
        assert!(
            err.contains(&format!("game.toml:{line}:")),
            "names line {line} (`{key}`): {err}"
        );
    }
    let err = fixture(
        |g| {
            *g = g.replace(
                "kind = \"reroll\"",
                "kind = \"reroll\"\noffers = \"params:lots\"",
            )
        },
        None,
    )
    .expect_err("offers on a reroll");
    assert!(
        err.contains("`offers` lists a `script` extra's options"),
        "{err}"
    );
}

/// A Lua host that counts each dice space's `can_act` calls, and says whether the last
/// call read the strength only when `tells`.
struct Counting {
    inner: LuaHost,
    tells: bool,
    can_act: Rc<RefCell<BTreeMap<u16, u32>>>,
}

impl Effects for Counting {
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
        if let (Owner::DiceSpace { space }, Hook::CanAct) = (call.owner, call.hook) {
            *self.can_act.borrow_mut().entry(space).or_default() += 1;
        }
        self.inner.call(content, state, call, answers, log)
    }

    fn read_strength(&self) -> bool {
        !self.tells || self.inner.read_strength()
    }

    fn held(&self) -> Option<u64> {
        self.inner.held()
    }

    fn resume(
        &mut self,
        ticket: u64,
        answer: &str,
        state: &mut GameState,
        log: &mut EventLog,
    ) -> Option<Result<HookOutcome, Box<ScriptError>>> {
        self.inner.resume(ticket, answer, state, log)
    }

    fn options(
        &mut self,
        content: &Content,
        state: &GameState,
        call: &HookCall,
    ) -> Result<Vec<(String, String)>, Box<ScriptError>> {
        self.inner.options(content, state, call)
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

#[test]
fn a_can_act_that_does_not_read_the_strength_is_asked_once_for_every_strength() {
    // M-DICE-9: a placement is legal only if its action can be taken; the fixture's
    // city A (spaces/trade.lua) asks `ctx:round()` only, city B `ctx:strength() > 1`.
    let content = weft_tests::dice_content();
    let trade = content.dice_play.space_index("city_a").unwrap();
    let city_b = content.dice_play.space_index("city_b").unwrap();
    let mut listed = Vec::new();
    for tells in [true, false] {
        let calls = Rc::new(RefCell::new(BTreeMap::new()));
        let host = Counting {
            inner: LuaHost::new(Arc::clone(&content)).expect("the fixture loads"),
            tells,
            can_act: Rc::clone(&calls),
        };
        let engine = Engine::new(Arc::clone(&content), Box::new(host));
        let st = {
            let mut g = Game::with(Arc::clone(&content), 2, 1);
            g.st.player_mut(0).dice = [1, 3, 5].map(PoolDie::own).to_vec();
            set(&mut g, 0, "goods", 1);
            g.st
        };
        let mut g = Game { engine, st };
        calls.borrow_mut().clear();
        g.refresh();
        let asked = calls.borrow().clone();
        // Three strengths among the one-die placements: city B is asked for each, and
        // city A once when the host tells that it did not read the strength.
        assert_eq!(asked.get(&city_b), Some(&3), "tells = {tells}: {asked:?}");
        assert_eq!(
            asked.get(&trade),
            Some(if tells { &1 } else { &3 }),
            "tells = {tells}: {asked:?}"
        );
        listed.push(g.keys());
    }
    assert_eq!(listed[0], listed[1], "the same options either way");
    assert!(
        listed[0].iter().any(|k| k.starts_with("place:city_a:"))
            && !listed[0].iter().any(|k| k == "place:city_b:1")
            && listed[0].iter().any(|k| k == "place:city_b:3"),
        "{:?}",
        listed[0]
    );
}

/// A `sell` script whose options report what the reads give: each read's result (or
/// its error) as a key, with anything but letters and digits written `_`.
const READS: &str = r#"
local M = {}
local function show(v)
  if type(v) == "table" then
    local out = {}
    for i, x in ipairs(v) do
      if type(x) == "table" then
        out[i] = tostring(x.pips) .. (x.neutral and "n" or "o")
      else
        out[i] = tostring(x)
      end
    end
    return "t" .. table.concat(out, "-")
  end
  return tostring(v)
end
local function try(label, f, ...)
  local ok, v = pcall(f, ...)
  local text = ok and show(v) or ("err " .. tostring(v))
  return { key = label .. "_" .. string.sub((string.gsub(text, "[^%w]", "_")), 1, 40) }
end
function M.options(ctx)
  local p = ctx:player()
  return {
    try("pool", ctx.pool, ctx, p),
    try("pool99", ctx.pool, ctx, 99),
    try("poolx", ctx.pool, ctx, "x"),
    try("afford", ctx.can_afford, ctx, p, { coins = 2, camels = 1 }),
    try("affordjade", ctx.can_afford, ctx, p, { coins = 6 }),
    try("affordtoo", ctx.can_afford, ctx, p, { coins = 7 }),
    try("afforde", ctx.can_afford, ctx, p, {}),
    try("affordhalf", ctx.can_afford, ctx, p, { coins = 1.5 }),
    try("affordneg", ctx.can_afford, ctx, p, { coins = -1 }),
    try("affordgems", ctx.can_afford, ctx, p, { gems = 1 }),
    try("affordlist", ctx.can_afford, ctx, p, { 1, 2 }),
    try("affordtext", ctx.can_afford, ctx, p, "coins"),
    try("afford0", ctx.can_afford, ctx, 0, { coins = 1 }),
    try("markers", ctx.markers, ctx, "post", "a"),
    try("markersb", ctx.markers, ctx, "post", "b"),
    try("markersx", ctx.markers, ctx, "tower", "a"),
    try("markersy", ctx.markers, ctx, "post", "nowhere"),
    try("of", ctx.markers_of, ctx, p, "post"),
    try("of2", ctx.markers_of, ctx, 2, "post"),
    try("ofx", ctx.markers_of, ctx, p, "tower"),
    try("of9", ctx.markers_of, ctx, 9, "post"),
  }
end
function M.resolve(ctx) end
return M
"#;

#[test]
fn the_fronts_of_pool_can_afford_and_markers_answer_as_the_methods() {
    // Issue 12's rule for fronts: the same value for a well-formed call, the method's own
    // error for any other, with the speed layer on and off.
    let content = fixture(|_| {}, Some(READS)).unwrap_or_else(|e| panic!("{e}"));
    let mut seen = Vec::new();
    for on in [true, false] {
        let mut g = Game::with(Arc::clone(&content), 2, 1);
        g.engine.set_speed_layer(on);
        g.st.player_mut(0).dice = vec![PoolDie::neutral(2), PoolDie::own(4), PoolDie::own(4)];
        set(&mut g, 0, "coins", 5);
        set(&mut g, 0, "camels", 1);
        set(&mut g, 0, "jade", 1);
        let a = g.slot("a");
        let b = g.slot("b");
        g.st.markers[0].extend([(a, 1), (b, 0), (a, 0)]);
        g.refresh();
        seen.push(sells(&g));
    }
    assert_eq!(seen[0], seen[1], "the same with the speed layer on and off");
    let keys = &seen[0];
    for expected in [
        "sell:pool_t2n_4o_4o",
        "sell:afford_true",
        "sell:affordjade_true",
        "sell:affordtoo_false",
        "sell:afforde_true",
        "sell:markers_t2_1",
        "sell:markersb_t1",
        "sell:of_tb_a",
        "sell:of2_ta",
    ] {
        assert!(keys.iter().any(|k| k == expected), "{expected} in {keys:?}");
    }
    for errs in [
        "pool99",
        "poolx",
        // (A fraction of a coin is an error, never a coin: the method used to take
        // `1.5` as 1.)
        "affordhalf",
        "affordneg",
        "affordgems",
        "affordlist",
        "affordtext",
        "afford0",
        "markersx",
        "markersy",
        "ofx",
        "of9",
    ] {
        let prefix = format!("sell:{errs}_err");
        assert!(
            keys.iter().any(|k| k.starts_with(&prefix)),
            "{errs} is an error: {keys:?}"
        );
    }
}
