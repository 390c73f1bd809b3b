//! The `ctx` table: every function scripts call on `ctx`, each declared once with how
//! it is called, its reference text, what it may do (`Read`, `Record`, `Change`, `Ask`)
//! with its implementation, and its fast front. Registration into mlua
//! (lua/api/register.rs), the fronts and the speed layer (lua/api/fronts.rs), the reference
//! (`weft doc lua-api`, docs/lua-api.md) and the access test (tests/tests/ctx_api.rs) are
//! all driven from it.
//!
//! To add a function: one entry here, its implementation (a short closure, or a `Ctx`
//! function in lua/ctx*.rs), and a test; then `weft doc lua-api --out docs/lua-api.md`.
//! A changing verb is refused in read-only hooks by its kind alone.

use mlua::{String as LuaStr, Table};

use super::entry::{CtxFn, Front::*, FrontList, Imp::*};
use crate::lua::ctx::{list, Whole};
use crate::lua::ctx_zones::Pos;
use crate::lua::fast::{self, reads, tile, zones};

/// Every `ctx` function, in the reference's order within each kind.
pub static CTX_API: &[CtxFn] = &[
    CtxFn {
        name: "player",
        call: "ctx:player()",
        text: "the acting player, or nil in board-wide hooks",
        imp: Read(|m| m.add(|_, c, ()| Ok(c.call.player.map(|p| p as i64 + 1)))),
        front: Some(Fast(fast::player, FrontList::None)),
    },
    CtxFn {
        name: "player_count",
        call: "ctx:player_count()",
        text: "number of players",
        imp: Read(|m| m.add(|_, c, ()| Ok(c.state.players.len()))),
        front: Some(Fast(fast::player_count, FrontList::None)),
    },
    CtxFn {
        name: "round",
        call: "ctx:round()",
        text: "current round",
        imp: Read(|m| m.add(|_, c, ()| Ok(c.state.round))),
        front: Some(Fast(fast::round, FrontList::None)),
    },
    CtxFn {
        name: "count",
        call: "ctx:count(p, what)",
        text: "the value of a counter: `\"coins\"`, a material, `\"skill\"`, `\"prestige\"` or any counter the pack declares",
        imp: Read(|m| m.add(|_, c, (Whole(p), what): (Whole, LuaStr)| {
            c.count_of(p, &what.to_str()?)
        })),
        front: Some(Fast(fast::count, FrontList::None)),
    },
    CtxFn {
        name: "has",
        call: "ctx:has(p, what, n)",
        text: "whether p holds at least n",
        imp: Read(|m| m.add(|_, c, (Whole(p), what, Whole(n)): (Whole, LuaStr, Whole)| {
            Ok(c.count_of(p, &what.to_str()?)? >= n)
        })),
        front: Some(Fast(fast::has, FrontList::None)),
    },
    CtxFn {
        name: "can_afford",
        call: "ctx:can_afford(p, costs)",
        text: "whether p can pay all of `costs` (`{coins = 2, camels = 1}`) at once, each counter's substitute of `[payment]` standing in for what it falls short of (jade for coins, M-JADE-1)",
        imp: Read(|m| m.add(|_, c, (Whole(p), costs): (Whole, Table)| c.can_afford(p, &costs))),
        front: Some(Fast(reads::can_afford, FrontList::None)),
    },
    CtxFn {
        name: "ability",
        call: "ctx:ability(p, name)",
        text: "an ability: its value in `[abilities]`, raised by the unlocks of `[tracks]` the player has reached and the `abilities` of the cards they hold (Tabriz: `move_range`, `plaza_keep`, `fulfil_per_turn`; a character's power)",
        imp: Read(|m| m.add(|_, c, (Whole(p), name): (Whole, String)| {
            let p = c.player_index(p)?;
            Ok(crate::powers::ability(&c.content, &c.state, p, &name))
        })),
        front: Some(Fast(fast::ability, FrontList::None)),
    },
    CtxFn {
        name: "card",
        call: "ctx:card(id)",
        text: "a card, by copy id: `{id, template, name, kind, zone, deck, draw, discard, cost = {counter = n}, reward = {counter = n}, behaviour, params, text}` (`zone`: where it starts; `deck`, `draw` and `discard`: its deck and the zones of its piles, nil for a card in no deck), frozen (read-only, built once per VM)",
        imp: Read(|m| m.add(|_, c, id: String| c.card_info(&id))),
        front: Some(Fast(fast::card, FrontList::CardInfo)),
    },
    CtxFn {
        name: "materials",
        call: "ctx:materials()",
        text: "material ids, cheapest first",
        imp: Read(|m| m.add(|_, c, ()| Ok(c.names.material_list.clone()))),
        front: Some(Fast(fast::materials, FrontList::Materials)),
    },
    CtxFn {
        name: "material_value",
        call: "ctx:material_value(m)",
        text: "a material's value",
        imp: Read(|m| m.add(|_, c, what: LuaStr| {
            Ok(c.content.materials[c.material(&what.to_str()?)? as usize].value)
        })),
        front: None,
    },
    CtxFn {
        name: "deck",
        call: "ctx:deck(id)",
        text: "the deck `id` (of [[decks]]): `{id, name, draw, discard}` (the zones of its draw and discard piles), frozen",
        imp: Read(|m| m.add(|_, c, id: String| c.deck(&id))),
        front: Some(Fast(fast::deck, FrontList::DeckInfo)),
    },
    CtxFn {
        name: "decks",
        call: "ctx:decks(p)",
        text: "the decks p may draw from (their `unlock` reached), each `{id, name, draw, discard}` (the zones of its draw and discard piles), frozen",
        imp: Read(|m| m.add(|lua, c, Whole(p): Whole| c.decks(lua, p))),
        front: Some(Fast(fast::decks, FrontList::DeckInfo)),
    },
    CtxFn {
        name: "tile",
        call: "ctx:tile()",
        text: "this tile's id (tile hooks)",
        imp: Read(|m| m.add(|_, c, ()| c.tile_id())),
        front: None,
    },
    CtxFn {
        name: "slot_count",
        call: "ctx:slot_count()",
        text: "display slots of this tile",
        imp: Read(|m| m.add(|_, c, ()| Ok(c.tile_state()?.slots.len()))),
        front: Some(Fast(tile::slot_count, FrontList::None)),
    },
    CtxFn {
        name: "slot",
        call: "ctx:slot(i)",
        text: "material in display slot i, or nil",
        imp: Read(|m| m.add(|_, c, Whole(i): Whole| c.slot_material(i))),
        front: Some(Fast(tile::slot, FrontList::Materials)),
    },
    CtxFn {
        name: "slots",
        call: "ctx:slots()",
        text: "all display slots (`false` when empty)",
        imp: Read(|m| m.add(|lua, c, ()| c.slot_list(lua))),
        front: Some(Fast(tile::slots, FrontList::Materials)),
    },
    CtxFn {
        name: "dice",
        call: "ctx:dice()",
        text: "dice on this tile: `{kind, face}`",
        imp: Read(|m| m.add(|lua, c, ()| c.dice_list(lua))),
        front: None,
    },
    CtxFn {
        name: "counter",
        call: "ctx:counter(name)",
        text: "a tile counter (0 if unset)",
        imp: Read(|m| m.add(|_, c, name: String| c.tile_counter(&name))),
        front: Some(Fast(tile::counter, FrontList::None)),
    },
    CtxFn {
        name: "tile_counter_of",
        call: "ctx:tile_counter_of(what, name)",
        text: "a counter of any tile on the board (0 if unset), named by the tile's id (the first slot holding it) or else by a slot's id; a name that is neither is an error: what a tile keeps for a player (`\"debt:2\"`), for a `[score] potential` that values it",
        imp: Read(|m| m.add(|_, c, (what, name): (String, String)| c.tile_counter_of(&what, &name))),
        front: None,
    },
    CtxFn {
        name: "board_tiles",
        call: "ctx:board_tiles()",
        text: "the board's slots in order: `{slot, tile, counters}` each (`counters`: a copy of the tile's counters, name to value)",
        imp: Read(|m| m.add(|lua, c, ()| c.board_tiles(lua))),
        front: None,
    },
    CtxFn {
        name: "gain",
        call: "ctx:gain(p, what, n)",
        text: "gives n of a counter (coins, a material, any the pack declares; not skill or prestige, which have their own verbs); a limited supply may give fewer, a capped counter clips or refuses as declared; returns what was gained",
        imp: Change(|m| m.add(|_, c, (Whole(p), what, Whole(n)): (Whole, LuaStr, Whole)| {
            c.gain(p, &what.to_str()?, n)
        })),
        front: Some(Fast(fast::gain, FrontList::None)),
    },
    CtxFn {
        name: "pay",
        call: "ctx:pay(p, what, n)",
        text: "takes n of a counter (as for `gain`); an error if p would go below its minimum",
        imp: Change(|m| m.add(|_, c, (Whole(p), what, Whole(n)): (Whole, LuaStr, Whole)| {
            c.pay(p, &what.to_str()?, n)
        })),
        front: Some(Fast(fast::pay, FrontList::None)),
    },
    CtxFn {
        name: "add",
        call: "ctx:add(p, what, n)",
        text: "adds n (negative: takes) to a counter, without its supply: a score or a track. Past its min or max a `clip` counter stops there, any other refuses (an error, changing nothing). Reaching an unlock of its track queues the unlock's `on_reach`; reaching an end trigger ends the game after the round. Returns the change made",
        imp: Change(|m| m.add(|_, c, (Whole(p), what, Whole(n)): (Whole, LuaStr, Whole)| {
            c.add(p, &what.to_str()?, n)
        })),
        front: Some(Fast(fast::add, FrontList::None)),
    },
    CtxFn {
        name: "take_neutral_die",
        call: "ctx:take_neutral_die(p)",
        text: "takes a neutral die from the supply, rolls it and adds it to p's pool; returns its pips, or nil when none is left",
        imp: Change(|m| m.add(|_, c, Whole(p): Whole| c.take_neutral_die(p))),
        front: None,
    },
    CtxFn {
        name: "add_stand_in",
        call: "ctx:add_stand_in(p, pips, tag)",
        text: "gives player p a stand-in: a piece placed like a neutral die showing `pips`, only on an action space holding no dice, alone or with p's own dice and stand-ins, which leaves the game when the turn it was placed in ends; never rolled or turned, kept from round to round, and no die for the turns (M-CHAR-11 a). `tag` (1 to 7) is its colour: a seat from 1, or a colour no seat has, read by a `presence` with `stand_in_tags`",
        imp: Change(|m| m.add(|_, c, (Whole(p), Whole(pips), Whole(tag)): (Whole, Whole, Whole)| c.add_stand_in(p, pips, tag))),
        front: None,
    },
    CtxFn {
        name: "travel",
        call: "ctx:travel(p, opts)",
        text: "queues a travel for player p, asked step by step after this hook: `opts.max` steps at most (1 to 64), `opts.min` before stopping (default 1), `opts.piece` (default 1), `opts.unpaid` (counters the paths' costs are not paid in), `opts.free_kind` (a slot kind passed through without counting a step), `opts.tag` (a word the arrival reads back); each step pays its path's `cost` (substitutes standing in) and needs its `requires`; `[movement] arrive` runs when it ends",
        imp: Change(|m| m.add(|_, c, (Whole(p), opts): (Whole, Table)| c.queue_travel(p, opts))),
        front: None,
    },
    CtxFn {
        name: "trigger",
        call: "ctx:trigger(p, point [, arg])",
        text: "fires hook point `point` (of `[flow] hook_points`, or a `{ do = \"hook\", on = \"cards\" }` step's) for player p: after this hook, each card p holds whose behaviour defines that hook runs it for them, in zone and position order, as `point(ctx, params, arg)` (`arg`: a string or a whole number, handed as a string; nil when left out)",
        imp: Change(|m| {
            m.add(|_, c, (Whole(p), point, arg): (Whole, String, mlua::Value)| {
                c.trigger(p, &point, arg)
            })
        }),
        front: None,
    },
    CtxFn {
        name: "add_piece",
        call: "ctx:add_piece(p [, slot])",
        text: "gives player p one more piece on the slot (default: where their first piece stands; a character's second traveller, M-CHAR-4 a); returns its number, from 1; at most 8 pieces each",
        imp: Change(|m| m.add(|_, c, (p, slot): (Whole, Option<String>)| c.add_piece(p, slot))),
        front: None,
    },
    CtxFn {
        name: "place_marker",
        call: "ctx:place_marker(p, kind, slot)",
        text: "places one of p's markers of that kind on the slot: an error while they have none left or the slot holds `per_slot` of theirs already",
        imp: Change(|m| m.add(|_, c, (Whole(p), kind, slot): (Whole, String, String)| c.place_marker(p, &kind, &slot))),
        front: None,
    },
    CtxFn {
        name: "remove_marker",
        call: "ctx:remove_marker(p, kind, slot)",
        text: "takes one of p's markers of that kind off the slot, back to p: an error when none of theirs is there",
        imp: Change(|m| m.add(|_, c, (Whole(p), kind, slot): (Whole, String, String)| c.remove_marker(p, &kind, &slot))),
        front: None,
    },
    CtxFn {
        name: "set_first_player",
        call: "ctx:set_first_player(p)",
        text: "gives player p the first-player marker: turns `from_first` start with them (M-START-1)",
        imp: Change(|m| m.add(|_, c, Whole(p): Whole| c.set_first_player(p))),
        front: None,
    },
    CtxFn {
        name: "move_card_to_bottom",
        call: "ctx:move_card_to_bottom(zone, pos, to [, p])",
        text: "as `move_card`, to the bottom of the pile `to` (M-CONTRACT-2); returns the card's id",
        imp: Change(|m| m.add(|_, c, (id, pos, to, p): (String, Pos, String, Option<Whole>)| {
            let card = c.move_card_to_bottom(&id, &pos, &to, p)?;
            Ok(c.card_name(card))
        })),
        front: None,
    },
    CtxFn {
        name: "set_slot_count",
        call: "ctx:set_slot_count(n)",
        text: "sizes this tile's display",
        imp: Change(|m| m.add(|_, c, Whole(n): Whole| c.set_slot_count(n))),
        front: None,
    },
    CtxFn {
        name: "put_slot",
        call: "ctx:put_slot(i, m)",
        text: "puts a material (or nil) in display slot i",
        imp: Change(|m| m.add(|_, c, (Whole(i), what): (Whole, Option<String>)| {
            c.put_slot(i, what.as_deref())
        })),
        front: Some(Fast(tile::put_slot, FrontList::None)),
    },
    CtxFn {
        name: "take_slot",
        call: "ctx:take_slot(i)",
        text: "empties display slot i; returns what was there",
        imp: Change(|m| m.add(|_, c, Whole(i): Whole| {
            let taken = c.take_slot(i)?;
            Ok(taken.map(|mat| c.names.materials[mat as usize].clone()))
        })),
        front: Some(Fast(tile::take_slot, FrontList::Materials)),
    },
    CtxFn {
        name: "set_counter",
        call: "ctx:set_counter(name, v)",
        text: "sets a tile counter",
        imp: Change(|m| m.add(|_, c, (name, Whole(v)): (String, Whole)| c.set_tile_counter(&name, v))),
        front: Some(Fast(tile::set_counter, FrontList::None)),
    },
    CtxFn {
        name: "roll",
        call: "ctx:roll(kind)",
        text: "rolls a die of a kind; returns the material shown",
        imp: Change(|m| m.add(|_, c, kind: String| c.roll(&kind))),
        front: None,
    },
    CtxFn {
        name: "random",
        call: "ctx:random(n)",
        text: "a number 1..n from the game's RNG",
        imp: Change(|m| m.add(|_, c, Whole(n): Whole| c.random(n))),
        front: None,
    },
    CtxFn {
        name: "add_die",
        call: "ctx:add_die(kind)",
        text: "places a rolled die on this tile; returns its face",
        imp: Change(|m| m.add(|_, c, kind: String| c.add_die(&kind))),
        front: None,
    },
    CtxFn {
        name: "reroll_dice",
        call: "ctx:reroll_dice()",
        text: "re-rolls every die on this tile; returns the faces",
        imp: Change(|m| m.add(|lua, c, ()| {
            let shown = c.reroll_dice()?;
            let names = shown.into_iter().map(|m| c.content.materials[m as usize].id.clone());
            list(lua, names)
        })),
        front: Some(Fast(tile::reroll_dice, FrontList::Materials)),
    },
    CtxFn {
        name: "use_cards",
        call: "ctx:use_cards(p [, {played_this_round = b}])",
        text: "queues a phase in which p uses each card in a zone of theirs once, with the hook and zone of the first `use_cards` step; `played_this_round = false` leaves out cards played earlier this round (Tabriz's personal workshop, R-TILE-PWS)",
        imp: Change(|m| m.add(|_, c, (Whole(p), opts): (Whole, Option<Table>)| c.queue_use_phase(p, opts))),
        front: None,
    },
    CtxFn {
        name: "choose",
        call: "ctx:choose{prompt=, options=}",
        text: "asks the acting player; options are strings, integers or `{key=, label=, …}` tables, read as plain tables (metatables are not consulted); returns the chosen option (a single option is returned without asking)",
        imp: Ask(|m| m.add(|_, c, spec: Table| c.choose(spec))),
        front: Some(Question),
    },
    CtxFn {
        name: "asking",
        call: "ctx:asking()",
        text: "whether the next `ctx:choose` with two or more options will be put to the player (true) or is answered from the answers this run replays (false). Labels are read only when asking: build costly labels only then (`label = asking and (\"Buy \" .. m) or nil`; a missing label shows the key). Read it just before building each question's options, and use it for labels and prompts only, never for keys, for which options are offered or for changes (a re-run would differ); a replayed pick's `label` may be nil. Games only bots play (`weft sim`, `ablate`, `compare`, `sweep`, `bench`) are played without labels: there it is always false, and a question shows its keys",
        imp: Read(|m| m.add(|_, c, ()| Ok(c.asking()))),
        front: Some(Fast(fast::asking, FrontList::None)),
    },
    CtxFn {
        name: "logging",
        call: "ctx:logging()",
        text: "whether `ctx:log` keeps its text: true while events are recorded (a person plays, `weft state`, `weft replay`), false in games only bots play and in their look-ahead, where a line is dropped unread. Build a costly line (`string.format`, a card's description) only when it is true: `if ctx:logging() then ctx:log(...) end`. Never let it change what the hook does",
        imp: Read(|m| m.add(|_, c, ()| Ok(c.log.enabled))),
        front: Some(Fast(fast::logging, FrontList::None)),
    },
    CtxFn {
        name: "area",
        call: "ctx:area()",
        text: "this area's id (area hooks)",
        imp: Read(|m| m.add(|_, c, ()| c.own_area())),
        front: Some(Fast(fast::area, FrontList::None)),
    },
    CtxFn {
        name: "area_closed",
        call: "ctx:area_closed(id)",
        text: "whether the area is closed for the rest of the round",
        imp: Read(|m| m.add(|_, c, id: String| c.area_closed(&id))),
        front: Some(Fast(fast::area_closed, FrontList::None)),
    },
    CtxFn {
        name: "placements",
        call: "ctx:placements(id)",
        text: "the area's spaces left to right: the player (from 1) whose worker is on each, `false` when empty (one entry per declared space, usable or not)",
        imp: Read(|m| m.add(|lua, c, id: String| c.placements(lua, &id))),
        front: Some(Fast(fast::placements, FrontList::Seats)),
    },
    CtxFn {
        name: "space_used",
        call: "ctx:space_used(id, i)",
        text: "whether the area's second-stage space i (1 to 64, e.g. a market's purchase space) is taken this round",
        imp: Read(|m| m.add(|_, c, (id, Whole(i)): (String, Whole)| c.space_used(&id, i))),
        front: Some(Fast(fast::space_used, FrontList::None)),
    },
    CtxFn {
        name: "strength",
        call: "ctx:strength()",
        text: "the strength of the dice placement this dice space's hook runs for, its lowest die: in `resolve` the placement just made, in `can_act` the one asked about (asked once for each strength a question's placements have, and only once when it does not call ctx:strength()) (dice space hooks)",
        imp: Read(|m| m.add(|_, c, ()| c.strength())),
        front: None,
    },
    CtxFn {
        name: "dice_space",
        call: "ctx:dice_space()",
        text: "this dice space's id (dice space hooks)",
        imp: Read(|m| m.add(|_, c, ()| c.own_dice_space())),
        front: None,
    },
    CtxFn {
        name: "pool",
        call: "ctx:pool(p)",
        text: "player p's dice not placed, lowest first: `{pips, neutral}` each (`[pools]`); stand-ins are not dice (`ctx:stand_ins`)",
        imp: Read(|m| m.add(|lua, c, Whole(p): Whole| c.pool(lua, p))),
        front: Some(Fast(reads::pool, FrontList::None)),
    },
    CtxFn {
        name: "stand_ins",
        call: "ctx:stand_ins(p)",
        text: "player p's stand-ins not placed (`ctx:add_stand_in`), lowest first: `{pips, tag}` each",
        imp: Read(|m| m.add(|lua, c, Whole(p): Whole| c.stand_ins(lua, p))),
        front: None,
    },
    CtxFn {
        name: "neutral_dice",
        call: "ctx:neutral_dice()",
        text: "neutral dice left in the shared supply",
        imp: Read(|m| m.add(|_, c, ()| Ok(c.state.neutral_dice))),
        front: None,
    },
    CtxFn {
        name: "dice_placements",
        call: "ctx:dice_placements(id)",
        text: "the placements on a dice space this round, in the order made: `{player, strength, dice, neutral, seq}` (`dice`: the pips, lowest first; `neutral`: how many are neutral; `seq`: the placement's number in the round, later ones higher)",
        imp: Read(|m| m.add(|lua, c, id: String| c.dice_placements(lua, &id))),
        front: None,
    },
    CtxFn {
        name: "travel_path",
        call: "ctx:travel_path()",
        text: "the last travel that ended: `{player, piece, steps, path, tag}` (`path`: the slot ids passed, from where it started; `steps`: the steps it counted), or nil; the `[movement] arrive` hook reads it",
        imp: Read(|m| m.add(|lua, c, ()| c.travel_path(lua))),
        front: Some(Fast(reads::travel_path, FrontList::SlotIds)),
    },
    CtxFn {
        name: "piece_at",
        call: "ctx:piece_at(p, piece)",
        text: "the slot id where player p's piece (from 1) stands",
        imp: Read(|m| m.add(|_, c, (p, piece): (Whole, Whole)| c.piece_at(p, piece))),
        front: None,
    },
    CtxFn {
        name: "routes",
        call: "ctx:routes(slot)",
        text: "the paths from a slot: `{to, cost, requires}` each (`cost` and `requires`: `{counter = n}`, empty on a free path), in the board's order; for a move a script makes step by step itself (a caravan that pays no costs but needs the gates, M-CARAVAN-6)",
        imp: Read(|m| m.add(|lua, c, slot: String| c.routes_from(lua, &slot))),
        front: None,
    },
    CtxFn {
        name: "piece_count",
        call: "ctx:piece_count(p)",
        text: "how many pieces player p has (`pieces` of game.toml, and any `ctx:add_piece` gave them)",
        imp: Read(|m| m.add(|_, c, p: Whole| c.piece_count(p))),
        front: None,
    },
    CtxFn {
        name: "markers",
        call: "ctx:markers(kind, slot)",
        text: "the players (from 1) with a marker of that kind (`[[markers]]`) on the slot, one entry per marker, in the order placed",
        imp: Read(|m| m.add(|lua, c, (kind, slot): (String, String)| c.markers_on(lua, &kind, &slot))),
        front: Some(Fast(reads::markers, FrontList::Seats)),
    },
    CtxFn {
        name: "markers_of",
        call: "ctx:markers_of(p, kind)",
        text: "the slot ids holding p's markers of that kind, in the order placed",
        imp: Read(|m| m.add(|lua, c, (Whole(p), kind): (Whole, String)| c.markers_of(lua, p, &kind))),
        front: Some(Fast(reads::markers_of, FrontList::SlotIds)),
    },
    CtxFn {
        name: "markers_left",
        call: "ctx:markers_left(p, kind)",
        text: "how many markers of that kind p has left to place",
        imp: Read(|m| m.add(|_, c, (Whole(p), kind): (Whole, String)| c.markers_left(p, &kind))),
        front: None,
    },
    CtxFn {
        name: "placed_this_turn",
        call: "ctx:placed_this_turn(p, kind, slot)",
        text: "whether p placed a marker of that kind on the slot during this turn and it is still there (a trading post is used from the next turn on, M-MOVE-9)",
        imp: Read(|m| {
            m.add(|_, c, (Whole(p), kind, slot): (Whole, String, String)| {
                c.marker_placed_this_turn(p, &kind, &slot)
            })
        }),
        front: None,
    },
    CtxFn {
        name: "counter_info",
        call: "ctx:counter_info(what)",
        text: "a counter's declaration: `{id, name, min, max, value}` (`max` nil when it has none)",
        imp: Read(|m| m.add(|lua, c, what: String| c.counter_info(lua, &what))),
        front: None,
    },
    CtxFn {
        name: "cards",
        call: "ctx:cards(zone [, p])",
        text: "the card ids in a zone, in position order (a pile's top is last); an empty grid position is `false`. Player zones (`owner = \"player\"`) take the player",
        imp: Read(|m| m.add(|lua, c, (id, p): (String, Option<Whole>)| c.zone_cards(lua, &id, p))),
        front: Some(Fast(zones::cards, FrontList::CardIds)),
    },
    CtxFn {
        name: "zone_size",
        call: "ctx:zone_size(zone [, p])",
        text: "positions in the zone: a grid's rows × columns, a pile's card count",
        imp: Read(|m| m.add(|_, c, (id, p): (String, Option<Whole>)| c.zone_size(&id, p))),
        front: Some(Fast(zones::zone_size, FrontList::None)),
    },
    CtxFn {
        name: "grid",
        call: "ctx:grid(zone)",
        text: "a grid zone's rows and columns at this player count (two values); positions are numbered row by row from 1",
        imp: Read(|m| m.add(|_, c, id: String| c.grid(&id))),
        front: Some(Fast(zones::grid, FrontList::None)),
    },
    CtxFn {
        name: "marks",
        call: "ctx:marks(zone, pos [, p])",
        text: "the mark (e.g. coins on a card) at a position; 0 for zones without marks. Positions count from 1; negative ones from the end (-1 is a pile's top); a card's id stands for its position in the zone (here and for `add_marks` and `move_card`)",
        imp: Read(|m| m.add(|_, c, (id, pos, p): (String, Pos, Option<Whole>)| {
            c.marks(&id, &pos, p)
        })),
        front: Some(Fast(zones::marks, FrontList::None)),
    },
    CtxFn {
        name: "room",
        call: "ctx:room(zone [, p])",
        text: "how many more cards the zone takes under its `cap`, or nil when it has none",
        imp: Read(|m| m.add(|_, c, (id, p): (String, Option<Whole>)| c.room(&id, p))),
        front: Some(Fast(zones::room, FrontList::None)),
    },
    CtxFn {
        name: "find_card",
        call: "ctx:find_card(zone, id [, p])",
        text: "the position of card `id` in the zone, or nil",
        imp: Read(|m| m.add(|_, c, (id, card, p): (String, String, Option<Whole>)| {
            c.find_card(&id, &card, p)
        })),
        front: Some(Fast(zones::find_card, FrontList::None)),
    },
    CtxFn {
        name: "add_marks",
        call: "ctx:add_marks(zone, pos, n [, p])",
        text: "adds n (negative removes) to the mark of the card at a position; the mark stays 0 or more, and the position must hold a card",
        imp: Change(|m| m.add(|_, c, (id, pos, Whole(n), p): (String, Pos, Whole, Option<Whole>)| {
            c.add_marks(&id, &pos, n, p)
        })),
        front: None,
    },
    CtxFn {
        name: "move_card",
        call: "ctx:move_card(zone, pos, to [, p])",
        text: "moves the card at a position to zone `to`: on top of a pile, or into a grid's first empty position; returns its id. Its mark is dropped (read it first). `p` is the player of whichever zone belongs to a player. An error, changing nothing, when the position is empty or `to` is full (check `ctx:room`)",
        imp: Change(|m| m.add(|_, c, (id, pos, to, p): (String, Pos, String, Option<Whole>)| {
            let card = c.move_card(&id, &pos, &to, p)?;
            Ok(c.card_name(card))
        })),
        front: Some(Fast(zones::move_card, FrontList::CardIds)),
    },
    CtxFn {
        name: "reshuffle",
        call: "ctx:reshuffle(deck [, leave])",
        text: "makes a deck's draw pile again from its discards: every card of its discard pile but the top `leave` (default 0) goes onto the draw pile, bottom first, and the draw pile is shuffled with the game's random generator; returns how many went (what `weft.cards` does when a draw pile runs out)",
        imp: Change(|m| m.add(|_, c, (id, leave): (String, Option<Whole>)| c.reshuffle(&id, leave))),
        front: None,
    },
    CtxFn {
        name: "shuffle",
        call: "ctx:shuffle(zone [, p])",
        text: "shuffles a pile with the game's random generator",
        imp: Change(|m| m.add(|_, c, (id, p): (String, Option<Whole>)| c.shuffle(&id, p))),
        front: None,
    },
    CtxFn {
        name: "close_area",
        call: "ctx:close_area(id)",
        text: "closes the area for the rest of the round: no worker may be placed in it (workers already on it stay); a `reset` step with `areas = \"clear\"` reopens it",
        imp: Change(|m| m.add(|_, c, id: String| c.close_area(&id))),
        front: None,
    },
    CtxFn {
        name: "use_space",
        call: "ctx:use_space(id, i)",
        text: "takes the area's second-stage space i (1 to 64) for the rest of the round; an error if it is already taken. A `reset` step with `areas = \"clear\"` frees them",
        imp: Change(|m| m.add(|_, c, (id, Whole(i)): (String, Whole)| c.use_space(&id, i))),
        front: None,
    },
    CtxFn {
        name: "log",
        call: "ctx:log(text)",
        text: "adds a line to the event log (the first 500 characters; at most 1,000 lines a call, later ones dropped). Not a change: it does not count against the limit of changes a call may make. When no events are recorded (`ctx:logging()` is false) the line is dropped",
        imp: Record(|m| m.add(|_, c, log, text: String| {
            c.log_line(log, &text);
            Ok(())
        })),
        front: Some(Fast(fast::log, FrontList::None)),
    },
];
