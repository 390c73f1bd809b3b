//! The Lua API reference (`weft doc lua-api`, written to `docs/lua-api.md`), generated
//! from the methods the host really registers on `ctx` (read back from the userdata's
//! metatable) and the descriptions below. A registered method without a description, or
//! a description without a method, is an error, so the reference cannot drift.

use crate::flow::Hook;

/// What a ctx function may do, which decides the hooks that may call it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Reads the state: every hook.
    Read,
    /// Changes the state: every hook but read-only ones (`can_act`).
    Write,
    /// Asks the acting player: hooks with an acting player that may ask.
    Ask,
}

/// One ctx function's entry in the reference.
#[derive(Debug, Clone, Copy)]
pub struct CtxDoc {
    /// Method name as registered.
    pub name: &'static str,
    /// How it is called.
    pub call: &'static str,
    /// What it returns or does.
    pub text: &'static str,
    /// What it may do.
    pub access: Access,
}

/// Descriptions of the ctx functions.
pub const CTX_DOCS: &[CtxDoc] = &[
    CtxDoc {
        name: "player",
        call: "ctx:player()",
        text: "the acting player, or nil in board-wide hooks",
        access: Access::Read,
    },
    CtxDoc {
        name: "player_count",
        call: "ctx:player_count()",
        text: "number of players",
        access: Access::Read,
    },
    CtxDoc {
        name: "round",
        call: "ctx:round()",
        text: "current round",
        access: Access::Read,
    },
    CtxDoc {
        name: "count",
        call: "ctx:count(p, what)",
        text: "the value of a counter: `\"coins\"`, a material, `\"skill\"`, `\"prestige\"` or any counter the pack declares",
        access: Access::Read,
    },
    CtxDoc {
        name: "has",
        call: "ctx:has(p, what, n)",
        text: "whether p holds at least n",
        access: Access::Read,
    },
    CtxDoc {
        name: "skill",
        call: "ctx:skill(p)",
        text: "skill",
        access: Access::Read,
    },
    CtxDoc {
        name: "prestige",
        call: "ctx:prestige(p)",
        text: "prestige so far",
        access: Access::Read,
    },
    CtxDoc {
        name: "ability",
        call: "ctx:ability(p, name)",
        text: "an ability from `[abilities]` and skill unlocks (`move_range`, `plaza_keep`, `fulfil_per_turn`, …)",
        access: Access::Read,
    },
    CtxDoc {
        name: "hand",
        call: "ctx:hand(p)",
        text: "card ids in hand",
        access: Access::Read,
    },
    CtxDoc {
        name: "tucked",
        call: "ctx:tucked(p)",
        text: "fulfilled card ids",
        access: Access::Read,
    },
    CtxDoc {
        name: "card",
        call: "ctx:card(id)",
        text: "a commission: `{id, name, grade, requires = {mat = n}, coins, skill, prestige, workshop}`; a card of `[[cards]]` (by copy id): `{id, template, name, kind, behaviour, params, text}`; both frozen (read-only, built once per VM)",
        access: Access::Read,
    },
    CtxDoc {
        name: "materials",
        call: "ctx:materials()",
        text: "material ids, cheapest first",
        access: Access::Read,
    },
    CtxDoc {
        name: "material_value",
        call: "ctx:material_value(m)",
        text: "a material's value",
        access: Access::Read,
    },
    CtxDoc {
        name: "grades",
        call: "ctx:grades(p)",
        text: "grade ids p may draw from",
        access: Access::Read,
    },
    CtxDoc {
        name: "deck_size",
        call: "ctx:deck_size(grade)",
        text: "cards left in a grade's deck and discards",
        access: Access::Read,
    },
    CtxDoc {
        name: "tile",
        call: "ctx:tile()",
        text: "this tile's id (tile hooks)",
        access: Access::Read,
    },
    CtxDoc {
        name: "slot_count",
        call: "ctx:slot_count()",
        text: "display slots of this tile",
        access: Access::Read,
    },
    CtxDoc {
        name: "slot",
        call: "ctx:slot(i)",
        text: "material in display slot i, or nil",
        access: Access::Read,
    },
    CtxDoc {
        name: "slots",
        call: "ctx:slots()",
        text: "all display slots (`false` when empty)",
        access: Access::Read,
    },
    CtxDoc {
        name: "dice",
        call: "ctx:dice()",
        text: "dice on this tile: `{kind, face}`",
        access: Access::Read,
    },
    CtxDoc {
        name: "counter",
        call: "ctx:counter(name)",
        text: "a tile counter (0 if unset)",
        access: Access::Read,
    },
    CtxDoc {
        name: "gain",
        call: "ctx:gain(p, what, n)",
        text: "gives n of a counter (coins, a material, any the pack declares; not skill or prestige, which have their own verbs); a limited supply may give fewer, a capped counter clips or refuses as declared; returns what was gained",
        access: Access::Write,
    },
    CtxDoc {
        name: "pay",
        call: "ctx:pay(p, what, n)",
        text: "takes n of a counter (as for `gain`); an error if p would go below its minimum",
        access: Access::Write,
    },
    CtxDoc {
        name: "add_skill",
        call: "ctx:add_skill(p, n)",
        text: "moves along the skill track; triggers unlocks and the end",
        access: Access::Write,
    },
    CtxDoc {
        name: "add_prestige",
        call: "ctx:add_prestige(p, n)",
        text: "adds (or removes) prestige",
        access: Access::Write,
    },
    CtxDoc {
        name: "set_slot_count",
        call: "ctx:set_slot_count(n)",
        text: "sizes this tile's display",
        access: Access::Write,
    },
    CtxDoc {
        name: "put_slot",
        call: "ctx:put_slot(i, m)",
        text: "puts a material (or nil) in display slot i",
        access: Access::Write,
    },
    CtxDoc {
        name: "take_slot",
        call: "ctx:take_slot(i)",
        text: "empties display slot i; returns what was there",
        access: Access::Write,
    },
    CtxDoc {
        name: "set_counter",
        call: "ctx:set_counter(name, v)",
        text: "sets a tile counter",
        access: Access::Write,
    },
    CtxDoc {
        name: "roll",
        call: "ctx:roll(kind)",
        text: "rolls a die of a kind; returns the material shown",
        access: Access::Write,
    },
    CtxDoc {
        name: "random",
        call: "ctx:random(n)",
        text: "a number 1..n from the game's RNG",
        access: Access::Write,
    },
    CtxDoc {
        name: "add_die",
        call: "ctx:add_die(kind)",
        text: "places a rolled die on this tile; returns its face",
        access: Access::Write,
    },
    CtxDoc {
        name: "reroll_dice",
        call: "ctx:reroll_dice()",
        text: "re-rolls every die on this tile; returns the faces",
        access: Access::Write,
    },
    CtxDoc {
        name: "draw",
        call: "ctx:draw(grade)",
        text: "draws a card; returns its id or nil; undealt drawn cards are discarded when the hook ends",
        access: Access::Write,
    },
    CtxDoc {
        name: "give",
        call: "ctx:give(p, id)",
        text: "puts a card drawn by this hook into p's hand",
        access: Access::Write,
    },
    CtxDoc {
        name: "discard",
        call: "ctx:discard(id, p?)",
        text: "discards a drawn card, or a card from p's hand",
        access: Access::Write,
    },
    CtxDoc {
        name: "personal_workshop",
        call: "ctx:personal_workshop(p)",
        text: "queues a personal workshop phase for p (R-TILE-PWS)",
        access: Access::Write,
    },
    CtxDoc {
        name: "choose",
        call: "ctx:choose{prompt=, options=}",
        text: "asks the acting player; options are strings, integers or `{key=, label=, …}` tables, read as plain tables (metatables are not consulted); returns the chosen option (a single option is returned without asking)",
        access: Access::Ask,
    },
    CtxDoc {
        name: "asking",
        call: "ctx:asking()",
        text: "whether the next `ctx:choose` with two or more options will be put to the player (true) or is answered from the answers this run replays (false). Labels are read only when asking: build costly labels only then (`label = asking and (\"Buy \" .. m) or nil`; a missing label shows the key). Read it just before building each question's options, and use it for labels and prompts only, never for keys, for which options are offered or for changes (a re-run would differ); a replayed pick's `label` may be nil. Games only bots play (`weft sim`, `ablate`, `compare`, `sweep`, `bench`) are played without labels: there it is always false, and a question shows its keys",
        access: Access::Read,
    },
    CtxDoc {
        name: "logging",
        call: "ctx:logging()",
        text: "whether `ctx:log` keeps its text: true while events are recorded (a person plays, `weft state`, `weft replay`), false in games only bots play and in their look-ahead, where a line is dropped unread. Build a costly line (`string.format`, a card's description) only when it is true: `if ctx:logging() then ctx:log(...) end`. Never let it change what the hook does",
        access: Access::Read,
    },
    CtxDoc {
        name: "area",
        call: "ctx:area()",
        text: "this area's id (area hooks)",
        access: Access::Read,
    },
    CtxDoc {
        name: "area_closed",
        call: "ctx:area_closed(id)",
        text: "whether the area is closed for the rest of the round",
        access: Access::Read,
    },
    CtxDoc {
        name: "placements",
        call: "ctx:placements(id)",
        text: "the area's spaces left to right: the player (from 1) whose worker is on each, `false` when empty (one entry per declared space, usable or not)",
        access: Access::Read,
    },
    CtxDoc {
        name: "space_used",
        call: "ctx:space_used(id, i)",
        text: "whether the area's second-stage space i (1 to 64, e.g. a market's purchase space) is taken this round",
        access: Access::Read,
    },
    CtxDoc {
        name: "counter_info",
        call: "ctx:counter_info(what)",
        text: "a counter's declaration: `{id, name, min, max, value}` (`max` nil when it has none)",
        access: Access::Read,
    },
    CtxDoc {
        name: "cards",
        call: "ctx:cards(zone [, p])",
        text: "the card ids in a zone, in position order (a pile's top is last); an empty grid position is `false`. Player zones (`owner = \"player\"`) take the player",
        access: Access::Read,
    },
    CtxDoc {
        name: "zone_size",
        call: "ctx:zone_size(zone [, p])",
        text: "positions in the zone: a grid's rows × columns, a pile's card count",
        access: Access::Read,
    },
    CtxDoc {
        name: "grid",
        call: "ctx:grid(zone)",
        text: "a grid zone's rows and columns at this player count (two values); positions are numbered row by row from 1",
        access: Access::Read,
    },
    CtxDoc {
        name: "marks",
        call: "ctx:marks(zone, pos [, p])",
        text: "the mark (e.g. coins on a card) at a position; 0 for zones without marks. Positions count from 1; negative ones from the end (-1 is a pile's top)",
        access: Access::Read,
    },
    CtxDoc {
        name: "room",
        call: "ctx:room(zone [, p])",
        text: "how many more cards the zone takes under its `cap`, or nil when it has none",
        access: Access::Read,
    },
    CtxDoc {
        name: "find_card",
        call: "ctx:find_card(zone, id [, p])",
        text: "the position of card `id` in the zone, or nil",
        access: Access::Read,
    },
    CtxDoc {
        name: "add_marks",
        call: "ctx:add_marks(zone, pos, n [, p])",
        text: "adds n (negative removes) to the mark of the card at a position; the mark stays 0 or more, and the position must hold a card",
        access: Access::Write,
    },
    CtxDoc {
        name: "move_card",
        call: "ctx:move_card(zone, pos, to [, p])",
        text: "moves the card at a position to zone `to`: on top of a pile, or into a grid's first empty position; returns its id. Its mark is dropped (read it first). `p` is the player of whichever zone belongs to a player. An error, changing nothing, when the position is empty or `to` is full (check `ctx:room`)",
        access: Access::Write,
    },
    CtxDoc {
        name: "shuffle",
        call: "ctx:shuffle(zone [, p])",
        text: "shuffles a pile with the game's random generator",
        access: Access::Write,
    },
    CtxDoc {
        name: "close_area",
        call: "ctx:close_area(id)",
        text: "closes the area for the rest of the round: no worker may be placed in it (workers already on it stay); a `reset` step with `areas = \"clear\"` reopens it",
        access: Access::Write,
    },
    CtxDoc {
        name: "use_space",
        call: "ctx:use_space(id, i)",
        text: "takes the area's second-stage space i (1 to 64) for the rest of the round; an error if it is already taken. A `reset` step with `areas = \"clear\"` frees them",
        access: Access::Write,
    },
    CtxDoc {
        name: "log",
        call: "ctx:log(text)",
        text: "adds a line to the event log (the first 500 characters; at most 1,000 lines a call, later ones dropped). Not a change: it does not count against the limit of changes a call may make. When no events are recorded (`ctx:logging()` is false) the line is dropped",
        access: Access::Read,
    },
];

/// Who owns a hook, when it runs, and whether it may ask.
fn hook_row(h: Hook) -> (&'static str, &'static str, bool) {
    match h {
        Hook::Setup => ("tile", "at game setup", false),
        Hook::CanAct => (
            "tile",
            "before offering the action; return `false` to hide it; read-only",
            false,
        ),
        Hook::Action => ("tile", "the tile's action (R-ACT-1)", true),
        Hook::Restock => ("tile", "workshop step 1 (R-WS-1)", false),
        Hook::Roll => ("tile", "workshop step 3 (R-WS-3)", false),
        Hook::Workshop => ("commission", "its workshop action (R-WS-4)", true),
        Hook::OnReach => ("skill unlock", "a player first reaches the level", true),
        Hook::Options => (
            "area",
            "a worker on the area is resolved (`resolve` step): return its owner's options, a list like `ctx:choose`'s; the engine adds `decline`, and a decline left alone is taken without asking; read-only",
            false,
        ),
        Hook::Resolve => (
            "area",
            "the option chosen for that worker, called as `resolve(ctx, params, key)` after the worker went back",
            true,
        ),
        Hook::Run => (
            "the flow",
            "a `hook` step with `run = \"module.function\"` (the function has the name the step gives it); with `on = \"players\"` once per player from the first, with `on = \"player\"` for the player whose turn it is; a `place` step's `after = \"module.function\"` for the player after each placement",
            true,
        ),
        Hook::Potential => (
            "the game",
            "`[score] potential = \"module.function\"`: bots ask what the position of `ctx:player()` is worth beyond the score it would have if the game ended now (unfinished work); return a number; read-only",
            false,
        ),
    }
}

/// The hooks that may call a function of this access.
fn hooks_for(access: Access) -> String {
    match access {
        Access::Read => "all".into(),
        Access::Write => Hook::ALL
            .iter()
            .chain([Hook::Run].iter())
            .filter(|h| !h.is_read_only())
            .map(|h| format!("`{}`", h.name()))
            .collect::<Vec<_>>()
            .join(", "),
        Access::Ask => Hook::ALL
            .iter()
            .chain([Hook::Run].iter())
            .filter(|h| hook_row(**h).2)
            .map(|h| format!("`{}`", h.name()))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

const INTRO: &str = "# The Lua API

<!-- Generated by `weft doc lua-api --out docs/lua-api.md` from the methods the host
registers (core/src/lua/ctx.rs) and their descriptions (core/src/lua/api_doc.rs). Do not
edit by hand: a test fails when this file and the code differ. -->

Behaviour is Luau. A module returns a table of hooks; each hook is called as
`hook(ctx, params)`, where `params` is the frozen table from the TOML that named the
module. Players are numbered from 1. What is available in the sandbox: `table`,
`string`, `math` (without `random`), `utf8`, and the safe base functions (`pairs`,
`ipairs`, `type`, `tostring`, `error`, `pcall`, `xpcall`, `select`, `setmetatable`, …).
`require(\"weft.shop\")` loads a module of the pack chain or `scripts/`; paths are refused.
`print` goes to the game's event log. Globals, loaded modules and every table they reach
are read-only. Each hook call has an instruction budget, which library calls on large
tables and strings are charged to, and a wall-clock limit; the VM has a memory cap.
`game.toml` may lower the budget and the cap (`instruction_budget`, `memory_limit_mb`);
only the user raises them (`--budget`, `--memory-mb`, `--hook-seconds`). Numbers passed
to `ctx` verbs must be whole: `1.5` is an error. See docs/modding.md, \"Limits\".

A module may also export `describe(params)`, returning the rules text for those
parameters (`weft doc content` prints it).
";

/// The names of the methods registered on `ctx`, read from its metatable.
pub fn registered_methods() -> Result<Vec<String>, String> {
    let lua = mlua::Lua::new();
    let proxy = lua
        .create_proxy::<super::ctx::CtxHandle>()
        .map_err(|e| e.to_string())?;
    let meta = proxy.metatable().map_err(|e| e.to_string())?;
    let index: mlua::Table = meta.get("__index").map_err(|e| e.to_string())?;
    let mut names: Vec<String> = index
        .pairs::<String, mlua::Value>()
        .filter_map(Result::ok)
        .map(|(k, _)| k)
        .filter(|k| !k.starts_with("__"))
        .collect();
    names.sort();
    Ok(names)
}

/// `docs/lua-api.md`: the hooks and every ctx function. An error names any registered
/// method without a description and any description without a method.
pub fn markdown() -> Result<String, String> {
    let registered = registered_methods()?;
    let documented: Vec<&str> = CTX_DOCS.iter().map(|d| d.name).collect();
    let undocumented: Vec<&String> = registered
        .iter()
        .filter(|r| !documented.contains(&r.as_str()))
        .collect();
    let unregistered: Vec<&&str> = documented
        .iter()
        .filter(|d| !registered.iter().any(|r| r == **d))
        .collect();
    if !undocumented.is_empty() || !unregistered.is_empty() {
        return Err(format!(
            "ctx methods without a description in core/src/lua/api_doc.rs: {undocumented:?}; descriptions of methods ctx does not register: {unregistered:?}"
        ));
    }
    let mut md = String::from(INTRO);
    md.push_str(
        "\n## Hooks\n\n| hook | owner | when | may ask (`ctx:choose`) |\n|---|---|---|---|\n",
    );
    for h in Hook::ALL.into_iter().chain([Hook::Run, Hook::Potential]) {
        let (owner, when, ask) = hook_row(h);
        let name = match h {
            Hook::Run => "module.function",
            Hook::Potential => "[score] potential",
            _ => h.name(),
        };
        md.push_str(&format!(
            "| `{}` | {owner} | {when} | {} |\n",
            name,
            if ask { "yes" } else { "no" }
        ));
    }
    md.push_str(
        "\nA hook's changes are committed only when it returns; if it fails, nothing changes. A
hook that asks a question is re-run from the start with the answers so far, so it must
ask the same questions given the same state and answers (use `ctx` for randomness).

## ctx functions
",
    );
    for (title, access) in [
        ("Reads", Access::Read),
        ("Verbs (an error in read-only hooks)", Access::Write),
        ("Questions", Access::Ask),
    ] {
        md.push_str(&format!(
            "\n{title}; called from {} hooks:\n\n| function | returns or does |\n|---|---|\n",
            hooks_for(access)
        ));
        for d in CTX_DOCS.iter().filter(|d| d.access == access) {
            md.push_str(&format!("| `{}` | {} |\n", d.call, d.text));
        }
    }
    Ok(md)
}
