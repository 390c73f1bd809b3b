//! `[flow]` in `game.toml`, compiled into a [`Program`] (issue 11): block names resolved
//! to indices, every step checked by its kind's module (`engine/steps/`), and every
//! problem reported at once with its file and line. Every pack declares its `[flow]`:
//! there is no built-in round (issue 30).
//!
//! Blocks are numbered [`SETUP_BLOCK`], [`ROUND_BLOCK`] and [`END_BLOCK`] for the lists,
//! then the named blocks in the order a depth-first walk of the lists first reaches
//! them (so the numbers follow the round as it is read), then blocks nothing reaches, by
//! name.
//!
//! The walks here never recurse: a pack may declare many blocks and chain them deeply,
//! and a cycle is an error found by an explicit stack, never a hang.

use std::collections::HashSet;

use super::diagnostics::flow_text::{Pos, Texts};
use super::diagnostics::Loader;
use super::program::{
    Block, BlockId, GameHook, NamedHook, PlayZones, Program, RoundGate, Step, UsePhase, END_BLOCK,
    ROUND_BLOCK, SETUP_BLOCK,
};
use super::raw::{FlowToml, GameToml, StepToml};
use super::resolve::check_id;
use super::ContentError;
use super::{Counter, Zone, ZoneId, ZoneOwner};
use crate::engine::steps::{self, StepKind, TurnCount, KINDS};
use crate::flow::Hook;
use crate::limits::{MAX_FLOW_BLOCKS, MAX_FLOW_DEPTH, MAX_FLOW_STEPS, MAX_ROUNDS};

/// Whether `name` can be a function's name in `function M.name(...)`: a letter or `_`,
/// then letters, digits or `_`, at most 64 bytes, and no Luau keyword.
fn is_lua_identifier(name: &str) -> bool {
    const KEYWORDS: [&str; 21] = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ];
    let mut bytes = name.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && name.len() <= 64
        && !KEYWORDS.contains(&name)
}

/// The problem of a `game.toml` with no `[flow]` (weft has no built-in round since
/// issue 30: a pack written before `[flow]` existed played Tabriz's).
const NO_FLOW: &str = "game.toml declares no [flow]: weft has no built-in round, so every game declares its own (packs written before [flow] existed played Tabriz's round)";

/// The new form, for [`NO_FLOW`].
const NO_FLOW_HELP: &str = "declare the round in game.toml, e.g. Tabriz's turns:\n  [flow]\n  round = [\"turns\"]\n  [flow.blocks.turns]\n  steps = [ { do = \"turns\", until = \"each:pieces\", body = \"turn\" } ]\n  [flow.blocks.turn]\n  steps = [ { do = \"move\" }, { do = \"act\" }, { do = \"play\", from = \"hand\", to = \"tucked\", limit = \"fulfil_per_turn\" } ]\nTabriz's whole round, with its workshop phase, is the [flow] of content/tabriz/game.toml (`weft doc --pack tabriz` prints it); docs/content-format.md, \"The round\", lists the step kinds";

/// Checks `[end] rounds` and compiles `game.flow` into the program. `labels` are the
/// chain's `game.toml` labels, base first; `game_label` is the one errors without a
/// better place name. Problems go to `ld`; when there are any, an empty program is
/// returned (the content is refused anyway).
pub(super) fn compile(
    ld: &mut Loader,
    game: &GameToml,
    labels: &[String],
    game_label: &str,
    has_areas: bool,
    (counters, zones): (&[Counter], &[Zone]),
) -> Program {
    let texts = Texts::new(ld, labels);
    let mut c = Compiler {
        texts,
        game,
        has_areas,
        counters,
        zones,
        game_label: game_label.to_string(),
        errors: Vec::new(),
        seen: HashSet::new(),
        game_hooks: Vec::new(),
        hooks: Vec::new(),
        use_phase: None,
        play: None,
        card_verbs: Vec::new(),
    };
    c.check_end_rounds();
    let mut program = match &game.flow {
        None => {
            c.fail(None, NO_FLOW, NO_FLOW_HELP);
            None
        }
        Some(flow) => c.program(flow),
    };
    // `[score] potential`: a game hook of its own, after the flow's.
    if let (Some(p), Some(run)) = (
        program.as_mut(),
        game.score.as_ref().and_then(|s| s.potential.as_ref()),
    ) {
        let pos = c.texts.table("score");
        let (run, params) = match run {
            super::raw::NowToml::Run(r) => (r, None),
            super::raw::NowToml::WithParams { run, params } => (run, Some(params)),
        };
        if let Some(k) = c.game_hook("[score]", "potential", run, params, pos) {
            p.game_hooks = c.game_hooks.clone();
            p.potential = Some(k);
        }
    }
    // `[movement] arrive`: run for the traveller when a travel ends.
    if let (Some(p), Some(run)) = (
        program.as_mut(),
        game.movement.as_ref().and_then(|m| m.arrive.as_ref()),
    ) {
        let pos = c.texts.table("movement");
        if let Some(k) = c.game_hook("[movement]", "arrive", run, None, pos) {
            p.game_hooks = c.game_hooks.clone();
            p.arrive = Some(k);
        }
    }
    // `[score] estimate = "per_player"`: weft check verifies what it declares.
    if let (Some(p), Some(score)) = (program.as_mut(), game.score.as_ref()) {
        if score.estimate == super::raw::EstimateToml::PerPlayer {
            let pos = c.texts.table("score");
            p.per_player_estimate = Some(c.where_(pos));
        }
    }
    let failed = !c.errors.is_empty();
    for e in c.errors {
        ld.push(e);
    }
    match program {
        Some(p) if !failed => p,
        _ => Program::empty(game_label),
    }
}

/// A step compiled, its blocks still indices among the declared names.
#[derive(Debug)]
struct DraftStep {
    kind: Box<dyn StepKind>,
    rounds: RoundGate,
}

struct Compiler<'a> {
    texts: Texts,
    game: &'a GameToml,
    /// Whether `board.toml` declares `[[areas]]` (for `place` and `resolve`).
    has_areas: bool,
    /// The counters (a `resolve` step's `decline` pays some).
    counters: &'a [Counter],
    /// The zones (`play` and `use_cards` steps name player zones).
    zones: &'a [Zone],
    game_label: String,
    errors: Vec<ContentError>,
    seen: HashSet<(String, Option<usize>, Option<usize>, String)>,
    /// The functions `run` hooks name, in the order met.
    game_hooks: Vec<GameHook>,
    /// The hooks steps name, interned in the order met ([`Program::hooks`]).
    hooks: Vec<NamedHook>,
    /// The first `use_cards` step's ([`Program::use_phase`]).
    use_phase: Option<UsePhase>,
    /// The first `play` step's zones ([`Program::play`]).
    play: Option<PlayZones>,
    /// The option-key verbs of card steps ([`Program::card_verbs`]).
    card_verbs: Vec<String>,
}

impl Compiler<'_> {
    /// Records an error at `pos` (the latest `game.toml` when the place is unknown),
    /// once.
    fn fail(&mut self, pos: Option<Pos>, message: impl Into<String>, help: impl Into<String>) {
        let mut e = match pos {
            Some(p) => ContentError::new(p.file, message).at(p.line, p.column),
            None => ContentError::new(self.game_label.clone(), message),
        };
        let help = help.into();
        if !help.is_empty() {
            e = e.help(help);
        }
        let key = (e.file.clone(), e.line, e.column, e.message.clone());
        if self.seen.insert(key) {
            self.errors.push(e);
        }
    }

    /// `max_rounds` when it is valid (its own check reports it otherwise).
    fn max_rounds(&self) -> Option<u32> {
        let m = self.game.end.max_rounds;
        (1..=MAX_ROUNDS).contains(&m).then_some(m)
    }

    fn check_end_rounds(&mut self) {
        let Some(rounds) = self.game.end.rounds else {
            return;
        };
        let pos = self.texts.table_key("end", "rounds", None);
        if rounds == 0 {
            self.fail(
                pos,
                "end.rounds = 0: the game would end before its first round",
                "give the number of rounds the game lasts (at least 1), or leave rounds out",
            );
        } else if let Some(max) = self.max_rounds().filter(|&m| rounds > m) {
            self.fail(
                pos,
                format!("end.rounds = {rounds} is above end.max_rounds = {max}: the game would be stopped as stalled first"),
                "lower rounds, or raise max_rounds to at least rounds",
            );
        }
    }

    /// Compiles the flow, or `None` when it could not be (the errors say why).
    fn program(&mut self, flow: &FlowToml) -> Option<Program> {
        let names: Vec<&str> = flow.blocks.keys().map(String::as_str).collect();
        let flow_pos = self.texts.table("flow");
        if names.len() > MAX_FLOW_BLOCKS {
            self.fail(
                flow_pos,
                format!(
                    "[flow] declares {} blocks; weft takes at most {MAX_FLOW_BLOCKS}",
                    names.len()
                ),
                "",
            );
            return None;
        }
        for name in &names {
            if let Err(problem) = check_id(name) {
                let pos = self.texts.block(name);
                self.fail(
                    pos,
                    format!("block name `{}` {problem}", name.escape_debug()),
                    "block names are 1 to 64 letters, digits, `_`, `-` or `.`",
                );
            }
        }

        // Each step on its own.
        let mut drafts: Vec<Vec<Option<DraftStep>>> = Vec::with_capacity(names.len());
        let mut gates: Vec<RoundGate> = Vec::with_capacity(names.len());
        for (name, block) in &flow.blocks {
            gates.push(self.gate(
                &format!("[flow.blocks.{name}]"),
                &block.rounds,
                &block.skip_rounds,
                |t: &Texts, key: &str| t.block_key(name, key),
            ));
            if block.steps.len() > MAX_FLOW_STEPS {
                let pos = self.texts.block(name);
                self.fail(
                    pos,
                    format!(
                        "[flow.blocks.{name}] has {} steps; weft takes at most {MAX_FLOW_STEPS} in a block",
                        block.steps.len()
                    ),
                    "split it into blocks run by `block` steps",
                );
                drafts.push(Vec::new());
                continue;
            }
            let steps = block
                .steps
                .iter()
                .enumerate()
                .map(|(k, s)| self.step(&names, name, k, s))
                .collect();
            drafts.push(steps);
        }

        // The three lists.
        let mut lists: Vec<Vec<usize>> = Vec::new();
        for (list, entries) in [
            ("setup", &flow.setup),
            ("round", &flow.round),
            ("end", &flow.end),
        ] {
            if entries.len() > MAX_FLOW_STEPS {
                let pos = self.texts.table_key("flow", list, None);
                self.fail(
                    pos,
                    format!(
                        "[flow] {list} lists {} blocks; weft takes at most {MAX_FLOW_STEPS}",
                        entries.len()
                    ),
                    "",
                );
                return None;
            }
            let mut ids = Vec::new();
            for entry in entries {
                match names.binary_search(&entry.as_str()) {
                    Ok(i) => ids.push(i),
                    Err(_) => {
                        let pos = self.texts.table_key("flow", list, Some(entry));
                        self.fail(
                            pos,
                            format!("[flow] {list} names block `{entry}`, which [flow.blocks] does not declare"),
                            known_blocks(&names),
                        );
                    }
                }
            }
            lists.push(ids);
        }
        let points = flow
            .hook_points
            .iter()
            .map(|n| (n, "[flow] hook_points"))
            .chain(
                self.game
                    .extras
                    .iter()
                    .filter_map(|e| e.trigger.as_ref().map(|t| (t, "an extra's trigger"))),
            )
            .chain(
                self.game
                    .pools
                    .iter()
                    .filter_map(|p| p.placed.as_ref().map(|t| (t, "[pools] placed"))),
            );
        for (name, whose) in points.collect::<Vec<_>>() {
            let pos = if whose == "[pools] placed" {
                self.texts.table_key("pools", "placed", None)
            } else if whose.starts_with('[') {
                self.texts.table_key("flow", "hook_points", Some(name))
            } else {
                self.texts.table("extras")
            };
            if !is_lua_identifier(name) || Hook::RESERVED.contains(&name.as_str()) {
                self.fail(
                    pos,
                    format!("{whose}: `{}` is not a name a hook may have", name.escape_debug()),
                    format!("a hook point is a Lua identifier (a letter or `_`, then letters, digits or `_`), not a Lua keyword nor one of the engine's own hooks ({})", Hook::RESERVED.join(", ")),
                );
            } else if self.intern_hook(name, false).is_none() {
                self.fail(pos, "[flow] more than 256 named hooks", "");
            }
        }
        if flow.round.is_empty() {
            let pos = self
                .texts
                .table_key("flow", "round", None)
                .or_else(|| flow_pos.clone());
            self.fail(
                pos,
                "[flow] round is empty: a round that does nothing would repeat, asking no one anything, until max_rounds",
                "list the blocks a round runs, e.g. round = [\"turns\"]",
            );
        }

        if !self.structure(&names, &drafts, &lists) {
            return None;
        }
        if !self.errors.is_empty() {
            return None;
        }
        Some(self.build(&names, drafts, gates, &lists))
    }

    /// The [`Hook::Named`] of `name`, interned (called on board nodes when `on_nodes`,
    /// else on cards); `None` past the 256 names a hook index holds.
    fn intern_hook(&mut self, name: &str, on_nodes: bool) -> Option<Hook> {
        let i = match self.hooks.iter().position(|h| h.name == name) {
            Some(i) => i,
            None if self.hooks.len() <= u8::MAX as usize => {
                self.hooks.push(NamedHook {
                    name: name.to_string(),
                    on_nodes: false,
                    on_cards: false,
                });
                self.hooks.len() - 1
            }
            None => return None,
        };
        let h = &mut self.hooks[i];
        if on_nodes {
            h.on_nodes = true;
        } else {
            h.on_cards = true;
        }
        Some(Hook::Named(i as u8))
    }

    /// A block's or step's `rounds` and `skip_rounds` as a gate, each round checked.
    fn gate(
        &mut self,
        what: &str,
        only: &Option<Vec<u32>>,
        skip: &[u32],
        at: impl Fn(&Texts, &str) -> Option<Pos>,
    ) -> RoundGate {
        let last = self.max_rounds();
        let end_rounds = self
            .game
            .end
            .rounds
            .filter(|&r| r >= 1 && last.is_none_or(|m| r <= m));
        for (key, list) in [
            ("rounds", only.as_deref().unwrap_or(&[])),
            ("skip_rounds", skip),
        ] {
            for &r in list {
                let problem = if r == 0 {
                    Some("round 0 is setup: rounds are numbered from 1".to_string())
                } else if let Some(m) = last.filter(|&m| r > m) {
                    Some(format!(
                        "round {r} is above end.max_rounds = {m}: the game never gets there"
                    ))
                } else {
                    end_rounds.filter(|&n| r > n).map(|n| {
                        format!("round {r} is after the last round: the game ends after end.rounds = {n}")
                    })
                };
                if let Some(problem) = problem {
                    let pos = at(&self.texts, key);
                    self.fail(
                        pos,
                        format!("{what} {key}: {problem}"),
                        "list rounds from 1 to the last round the game can reach",
                    );
                }
            }
        }
        RoundGate {
            only: only.clone(),
            skip: skip.to_vec(),
        }
    }

    /// One step, checked on its own by its kind's module; `None` when it is broken (the
    /// errors say how).
    fn step(&mut self, names: &[&str], block: &str, k: usize, s: &StepToml) -> Option<DraftStep> {
        let what = format!("[flow.blocks.{block}] step {} (`{}`)", k + 1, s.kind);
        let rounds = self.gate(&what, &s.rounds, &s.skip_rounds, |t: &Texts, key: &str| {
            t.step(block, k, Some(key))
        });
        let mut cx = StepContext {
            c: self,
            names,
            block,
            k,
            kind: &s.kind,
            what,
        };
        match steps::compile(&s.kind, &s.fields, &mut cx) {
            Some(kind) => Some(DraftStep {
                kind: kind?,
                rounds,
            }),
            None => {
                let pos = self.texts.step(block, k, None);
                self.fail(
                    pos,
                    format!(
                        "[flow.blocks.{block}] step {}: unknown step kind `do = \"{}\"`",
                        k + 1,
                        s.kind
                    ),
                    format!("step kinds are: {}", KINDS.join(", ")),
                );
                None
            }
        }
    }

    /// Registers the Lua function `run` (`module.function`, given as `key` of the step
    /// `what`, found at `pos`) as a game hook with `params`; `None` when it is malformed.
    fn game_hook(
        &mut self,
        what: &str,
        key: &str,
        run: &str,
        params: Option<&toml::Table>,
        pos: Option<Pos>,
    ) -> Option<u16> {
        let Some((module, function)) = run
            .rsplit_once('.')
            .filter(|(m, f)| !m.is_empty() && !f.is_empty() && super::resolve::check_id(f).is_ok())
        else {
            self.fail(
                pos,
                format!("{what}: {key} = \"{run}\" is not `module.function`"),
                format!("name a module of the pack and a function in it, e.g. {key} = \"rules.income\" for `function M.income(ctx, params)` in rules.lua"),
            );
            return None;
        };
        if self.game_hooks.len() >= MAX_FLOW_STEPS {
            return None;
        }
        let declared_at = self.where_(pos);
        self.game_hooks.push(GameHook {
            module: module.to_string(),
            function: function.to_string(),
            params: params.cloned().unwrap_or_default(),
            declared_at,
        });
        Some((self.game_hooks.len() - 1) as u16)
    }

    /// The checks that need the whole graph of blocks: cycles, nesting depth, turns
    /// inside turns, player steps outside a turns body, `act` without a `move` before
    /// it, and a round with no turns. `false` when a cycle stopped them.
    fn structure(
        &mut self,
        names: &[&str],
        drafts: &[Vec<Option<DraftStep>>],
        lists: &[Vec<usize>],
    ) -> bool {
        let n = names.len();
        let children = |v: usize| {
            drafts[v].iter().enumerate().filter_map(|(i, s)| {
                s.as_ref()
                    .and_then(|s| s.kind.runs_block())
                    .map(|c| (i, c as usize))
            })
        };

        // Cycles, by a depth-first walk with an explicit stack; `post` is the order in
        // which blocks finish (every block after the blocks it runs).
        let mut colour = vec![0u8; n];
        let mut post = Vec::with_capacity(n);
        let mut cyclic = false;
        for start in 0..n {
            if colour[start] != 0 {
                continue;
            }
            colour[start] = 1;
            let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
            while let Some(&(v, next)) = stack.last() {
                let step = children(v).find(|&(i, _)| i >= next);
                match step {
                    Some((i, c)) => {
                        stack.last_mut().expect("not empty").1 = i + 1;
                        match colour[c] {
                            0 => {
                                colour[c] = 1;
                                stack.push((c, 0));
                            }
                            1 => {
                                cyclic = true;
                                let from = stack.iter().position(|&(b, _)| b == c).unwrap_or(0);
                                let mut path: Vec<&str> =
                                    stack[from..].iter().map(|&(b, _)| names[b]).collect();
                                path.push(names[c]);
                                let kind = drafts[v][i].as_ref().map_or("block", |s| s.kind.name());
                                let key = if kind == "turns" { "body" } else { "block" };
                                let pos = self.texts.step(names[v], i, Some(key));
                                self.fail(
                                    pos,
                                    format!(
                                        "[flow.blocks.{}] step {} (`{kind}`): block `{}` runs itself ({})",
                                        names[v],
                                        i + 1,
                                        names[c],
                                        path.join(" → ")
                                    ),
                                    "a block may not reach itself through `block` steps or `turns` bodies: rounds repeat by themselves, and turns repeat with `until`",
                                );
                            }
                            _ => {}
                        }
                    }
                    None => {
                        colour[v] = 2;
                        post.push(v);
                        stack.pop();
                    }
                }
            }
        }
        if cyclic {
            return false;
        }

        // Per block, from the bottom up: how deep it nests, whether it moves a piece,
        // whether it takes turns (itself or through `block` steps).
        let mut depth = vec![1usize; n];
        let mut moves = vec![false; n];
        let mut places = vec![false; n];
        let mut spends_dice = vec![false; n];
        let mut has_turns = vec![false; n];
        for &v in &post {
            for s in drafts[v].iter().flatten() {
                let k = &s.kind;
                if let Some(c) = k.runs_block().map(usize::from) {
                    depth[v] = depth[v].max(depth[c] + 1);
                    if k.as_turns().is_some() {
                        has_turns[v] = true;
                    } else {
                        moves[v] |= moves[c];
                        places[v] |= places[c];
                        spends_dice[v] |= spends_dice[c];
                        has_turns[v] |= has_turns[c];
                    }
                }
                moves[v] |= k.traits().moves_piece;
                places[v] |= k.traits().places_worker;
                spends_dice[v] |= k.traits().places_dice;
            }
        }
        // `until = "all_placed"` goes round while someone can place: its body must place.
        for v in 0..n {
            for (i, s) in drafts[v].iter().enumerate() {
                let Some(turns) = s.as_ref().and_then(|s| s.kind.as_turns()) else {
                    continue;
                };
                let body = turns.body as usize;
                if turns.count == TurnCount::AllPlaced && !places[body] {
                    let pos = self.texts.step(names[v], i, Some("until"));
                    self.fail(
                        pos,
                        format!(
                            "[flow.blocks.{}] step {} (`turns`): until = \"all_placed\" but its body `{}` has no `place` step: its turns would never place a worker",
                            names[v],
                            i + 1,
                            names[body]
                        ),
                        "put a { do = \"place\" } step in the body, directly or through a `block` step",
                    );
                }
                if turns.count == TurnCount::WhileDice && !spends_dice[body] {
                    let pos = self.texts.step(names[v], i, Some("until"));
                    self.fail(
                        pos,
                        format!(
                            "[flow.blocks.{}] step {} (`turns`): until = \"pools_empty\" but its body `{}` has no `actions` step: its turns would never place a die",
                            names[v],
                            i + 1,
                            names[body]
                        ),
                        "put an { do = \"actions\" } step in the body, directly or through a `block` step",
                    );
                }
            }
        }
        for (list, ids) in ["setup", "round", "end"].iter().zip(lists) {
            if let Some(&deep) = ids.iter().find(|&&b| depth[b] > MAX_FLOW_DEPTH) {
                let pos = self.texts.table_key("flow", list, Some(names[deep]));
                self.fail(
                    pos,
                    format!(
                        "[flow] {list}: block `{}` nests blocks {} deep; weft takes at most {MAX_FLOW_DEPTH}",
                        names[deep], depth[deep]
                    ),
                    "flatten the blocks: run them one after another instead of one inside another",
                );
            }
        }

        // From the top down: how each block is reached. `outside`: from a list or a
        // `block` step with no turns around it; `inside`: within a turns body (`via`
        // names one such body); `fresh`: at a point of a turns body where no `move` has
        // run yet; `in_round`: from the round list.
        let mut outside = vec![false; n];
        let mut inside = vec![false; n];
        let mut via: Vec<Option<usize>> = vec![None; n];
        let mut fresh = vec![false; n];
        let mut in_round = vec![false; n];
        for (l, ids) in lists.iter().enumerate() {
            for &b in ids {
                outside[b] = true;
                in_round[b] |= l == 1;
            }
        }
        let mut round_turns = false;
        for &v in post.iter().rev() {
            let mut moved = false;
            for (i, s) in drafts[v].iter().enumerate() {
                let Some(s) = s else { continue };
                let kind = s.kind.name();
                let what = format!("[flow.blocks.{}] step {} (`{kind}`)", names[v], i + 1);
                if let Some(turns) = s.kind.as_turns() {
                    let body = turns.body as usize;
                    round_turns |= in_round[v];
                    in_round[body] |= in_round[v];
                    inside[body] = true;
                    via[body] = via[body].or(Some(body));
                    fresh[body] = true;
                    if inside[v] {
                        let outer = via[v].map_or(names[v], |b| names[b]);
                        let pos = self.texts.step(names[v], i, None);
                        self.fail(
                            pos,
                            format!("{what} runs inside the turns body `{outer}`: a `turns` inside another `turns` is not supported"),
                            "run the inner turns from a block of the round list instead, one after the other",
                        );
                    }
                } else if let Some(c) = s.kind.runs_block().map(usize::from) {
                    outside[c] |= outside[v];
                    in_round[c] |= in_round[v];
                    if inside[v] {
                        inside[c] = true;
                        via[c] = via[c].or(via[v]);
                        fresh[c] |= fresh[v] && !moved;
                    }
                    moved |= moves[c];
                } else if s.kind.traits().needs_player {
                    if outside[v] {
                        let pos = self.texts.step(names[v], i, None);
                        self.fail(
                            pos,
                            format!("{what} acts for the player whose turn it is, but block `{}` runs outside any `turns` body", names[v]),
                            format!("move the step into the body of a turns step, e.g. {{ do = \"turns\", until = \"once\", body = \"{}\" }}", names[v]),
                        );
                    }
                    if s.kind.traits().needs_moved_piece && inside[v] && fresh[v] && !moved {
                        let body = via[v].map_or(names[v], |b| names[b]);
                        let pos = self.texts.step(names[v], i, None);
                        self.fail(
                            pos,
                            format!("{what} has no `move` before it in the turns body `{body}`: there is no node to act at"),
                            "put a { do = \"move\" } step before it in the same body",
                        );
                    }
                    moved |= s.kind.traits().moves_piece;
                }
            }
            if in_round[v] && has_turns[v] {
                round_turns = true;
            }
        }
        if !lists[1].is_empty() && !round_turns {
            let pos = self.texts.table_key("flow", "round", None);
            self.fail(
                pos,
                "[flow] round reaches no `turns` step: no player would ever be asked anything in a round",
                "add a block with a turns step to the round, e.g. { do = \"turns\", until = \"each:pieces\", body = \"turn\" }",
            );
        }
        true
    }

    /// The program, blocks numbered: the two lists, then named blocks in the order a
    /// depth-first walk of setup then round first reaches them, then the rest by name.
    fn build(
        &self,
        names: &[&str],
        drafts: Vec<Vec<Option<DraftStep>>>,
        gates: Vec<RoundGate>,
        lists: &[Vec<usize>],
    ) -> Program {
        let n = names.len();
        let mut id: Vec<Option<BlockId>> = vec![None; n];
        let mut order: Vec<usize> = Vec::with_capacity(n);
        let roots = lists.iter().flatten().copied().chain(0..n);
        for root in roots {
            let mut stack = vec![root];
            while let Some(v) = stack.pop() {
                if id[v].is_some() {
                    continue;
                }
                id[v] = Some((order.len() + 3) as BlockId);
                order.push(v);
                let children: Vec<usize> = drafts[v]
                    .iter()
                    .flatten()
                    .filter_map(|s| s.kind.runs_block().map(usize::from))
                    .collect();
                stack.extend(children.into_iter().rev());
            }
        }
        let id = |b: usize| id[b].expect("every block is numbered");
        let always = RoundGate::always;
        let list_block = |name: &str, ids: &[usize]| Block {
            id: name.to_string(),
            rounds: always(),
            steps: ids
                .iter()
                .map(|&b| Step::always(steps::BlockStep { block: id(b) }))
                .collect(),
            declared_at: self.where_(
                self.texts
                    .table_key("flow", name, None)
                    .or_else(|| self.texts.table("flow")),
            ),
        };
        let mut blocks = vec![
            list_block("setup", &lists[0]),
            list_block("round", &lists[1]),
            list_block("end", &lists[2]),
        ];
        let mut drafts: Vec<Option<Vec<Option<DraftStep>>>> =
            drafts.into_iter().map(Some).collect();
        for &v in &order {
            let steps = drafts[v]
                .take()
                .unwrap_or_default()
                .into_iter()
                .flatten()
                .map(|mut s| {
                    s.kind.renumber(&|b| id(b as usize));
                    Step {
                        kind: s.kind.into(),
                        rounds: s.rounds,
                    }
                })
                .collect();
            blocks.push(Block {
                id: names[v].to_string(),
                rounds: gates[v].clone(),
                steps,
                declared_at: self.where_(self.texts.block(names[v])),
            });
        }
        debug_assert_eq!(blocks[SETUP_BLOCK as usize].id, "setup");
        debug_assert_eq!(blocks[ROUND_BLOCK as usize].id, "round");
        debug_assert_eq!(blocks[END_BLOCK as usize].id, "end");
        Program {
            blocks,
            declared_at: self.where_(self.texts.table("flow")),
            game_hooks: self.game_hooks.clone(),
            potential: None,
            arrive: None,
            per_player_estimate: None,
            hooks: self.hooks.clone(),
            use_phase: self.use_phase,
            play: self.play,
            card_verbs: self.card_verbs.clone(),
        }
    }

    /// `file:line`, or the latest `game.toml` when the place is unknown.
    fn where_(&self, pos: Option<Pos>) -> String {
        pos.map_or_else(|| self.game_label.clone(), |p| p.label())
    }
}

/// What a step kind's module sees while its step is compiled: its fields' places, the
/// pack's declarations it may check against, and where problems go.
struct StepContext<'c, 'a> {
    c: &'c mut Compiler<'a>,
    names: &'c [&'c str],
    block: &'c str,
    k: usize,
    kind: &'c str,
    what: String,
}

impl StepContext<'_, '_> {
    /// Records a problem at key `key` of the step (the step itself for `None`).
    fn fail(&mut self, key: Option<&str>, message: impl Into<String>, help: impl Into<String>) {
        steps::StepCx::fail_at(self, key, message.into(), help.into());
    }
}

impl<'a> steps::StepCx<'a> for StepContext<'_, 'a> {
    fn what(&self) -> &str {
        &self.what
    }

    fn kind(&self) -> &str {
        self.kind
    }

    fn fail_at(&mut self, key: Option<&str>, message: String, help: String) {
        let pos = self.c.texts.step(self.block, self.k, key);
        self.c.fail(pos, message, help);
    }

    /// The block `name` (given as `key`), as its index among the declared names until
    /// the flow is numbered; a problem when `[flow.blocks]` has no such block.
    fn block_ref(&mut self, key: &str, name: &str) -> Option<BlockId> {
        let found = self.names.binary_search(&name).ok();
        if found.is_none() {
            let what = self.what.clone();
            let known = known_blocks(self.names);
            self.fail(
                Some(key),
                format!("{what}: {key} `{name}` is not a block of [flow.blocks]"),
                known,
            );
        }
        found.map(|i| i as BlockId)
    }

    /// A problem unless `name` (given as `key`, or the default when `defaulted`) is in
    /// `[abilities]`.
    fn ability(&mut self, key: &str, name: &str, defaulted: bool) {
        let abilities = &self.c.game.abilities;
        if abilities.contains_key(name) {
            return;
        }
        let known = abilities
            .keys()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(", ");
        let what = self.what.clone();
        let message = if defaulted {
            format!("{what} takes its {key} from ability `{name}` (the default), which [abilities] does not declare")
        } else {
            format!("{what}: {key} `{name}` is not an ability of [abilities]")
        };
        self.fail(
            (!defaulted).then_some(key),
            message,
            format!("abilities are: {known}; add `{name}` to [abilities] or name another"),
        );
    }

    /// Registers the Lua function `run` (`module.function`, given as `key`) as a game
    /// hook with `params`; `None` when it is malformed.
    fn game_hook(&mut self, key: &str, run: &str, params: Option<&toml::Table>) -> Option<u16> {
        let pos = self.c.texts.step(self.block, self.k, Some(key));
        let what = self.what.clone();
        self.c.game_hook(&what, key, run, params, pos)
    }

    /// The hook `name` (given as `key`) that the step calls on every board node
    /// (`on_nodes`) or on the cards a player owns, interned in [`Program::hooks`]; a
    /// problem when it is no Lua identifier or one of the kernel's ([`Hook::RESERVED`]).
    /// The first card hook is the one a use phase a script queues calls.
    fn named_hook(&mut self, key: &str, name: &str, on_nodes: bool) -> Option<Hook> {
        let what = self.what.clone();
        if !is_lua_identifier(name) {
            self.fail(
                Some(key),
                format!("{what}: {key} = \"{}\" is not a Lua identifier", name.escape_debug()),
                format!("a hook's name is the name of a function in the modules it is looked up in: a letter or `_`, then letters, digits or `_`, and no Lua keyword, e.g. {key} = \"harvest\""),
            );
            return None;
        }
        if Hook::RESERVED.contains(&name) {
            self.fail(
                Some(key),
                format!("{what}: {key} = \"{name}\" is a hook the engine calls itself"),
                format!(
                    "name the hook otherwise; the engine's own are: {}",
                    Hook::RESERVED.join(", ")
                ),
            );
            return None;
        }
        let Some(hook) = self.c.intern_hook(name, on_nodes) else {
            self.fail(
                Some(key),
                format!("{what}: the flow names more than 256 hooks"),
                "",
            );
            return None;
        };
        Some(hook)
    }

    /// The player zone `id` (given as `key`), as its [`ZoneId`]; a problem naming the
    /// player zones when it is not one, with `example` showing the step.
    fn player_zone(&mut self, key: &str, id: &str, example: &str) -> Option<ZoneId> {
        match super::zones::pile_of(self.c.zones, id, ZoneOwner::Player) {
            Ok(z) => Some(z),
            Err(miss) => {
                let what = self.what.clone();
                self.fail(
                    Some(key),
                    format!(
                        "{what}: {key} `{id}` {}",
                        if miss.is_zone { "is not a player's pile" } else { "is not a zone" }
                    ),
                    format!(
                        "name a [[zones]] entry with owner = \"player\" (player piles: {}), e.g. {example}",
                        miss.piles
                    ),
                );
                None
            }
        }
    }

    /// The index of option-key verb `verb` (given as `key`) in [`Program::card_verbs`],
    /// interned; a problem when it is not a plain word (letters, digits, `_`, `-`), since
    /// a key is `<verb>:<card>`, or past 256 verbs.
    fn card_verb(&mut self, key: &str, verb: &str) -> Option<u8> {
        let plain = !verb.is_empty()
            && verb.len() <= 32
            && verb
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if !plain {
            let what = self.what.clone();
            self.fail(
                Some(key),
                format!("{what}: {key} = \"{}\" is not a plain word", verb.escape_debug()),
                format!("an option key is `<{key}>:<card>`: give 1 to 32 letters, digits, `_` or `-`, e.g. {key} = \"play\""),
            );
            return None;
        }
        let verbs = &mut self.c.card_verbs;
        let at = match verbs.iter().position(|v| v == verb) {
            Some(i) => i,
            None => {
                verbs.push(verb.to_string());
                verbs.len() - 1
            }
        };
        u8::try_from(at).ok()
    }

    /// Records the first `use_cards` step's phase ([`Program::use_phase`]).
    fn note_use_phase(&mut self, phase: UsePhase) {
        self.c.use_phase.get_or_insert(phase);
    }

    /// Records the first `play` step's zones ([`Program::play`]).
    fn note_play(&mut self, zones: PlayZones) {
        self.c.play.get_or_insert(zones);
    }

    /// A problem unless `board.toml` declares areas (workers are placed in them).
    fn needs_areas(&mut self) {
        if !self.c.has_areas {
            let what = self.what.clone();
            self.fail(
                None,
                format!("{what}: board.toml declares no [[areas]] to place workers in"),
                "add [[areas]] with id and spaces to board.toml (docs/content-format.md, \"Areas\")",
            );
        }
    }

    /// The merged game parameters.
    fn game(&self) -> &'a GameToml {
        self.c.game
    }

    /// The pack's counters.
    fn counters(&self) -> &'a [Counter] {
        self.c.counters
    }
}

fn known_blocks(names: &[&str]) -> String {
    if names.is_empty() {
        "[flow.blocks] declares no blocks: add [flow.blocks.NAME] with steps = [...]".into()
    } else {
        format!("blocks are: {}", names.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::program::{BlockStep, MoveStep, PlayStep, PlayZones, TurnOrder, TurnsStep};
    use crate::content::{load_content, Content, ContentErrors, PackFiles};
    use crate::embedded::{base_pack, library};

    /// The base pack's game.toml with its `[flow]` (up to `[end]`) replaced by `flow`.
    fn game_with_flow(flow: &str) -> String {
        let game = base_pack().files["game.toml"].clone();
        let start = game
            .find("\n[flow]\n")
            .expect("the base pack declares [flow]")
            + 1;
        let end = game.find("\n[end]\n").expect("[end]") + 1;
        format!("{}{flow}\n{}", &game[..start], &game[end..])
    }

    fn load_game(game: String) -> Result<Content, ContentErrors> {
        let mut pack = base_pack();
        pack.files.insert("game.toml".into(), game);
        load_content(&[pack], &library())
    }

    fn load_flow(flow: &str) -> Result<Content, ContentErrors> {
        load_game(game_with_flow(flow))
    }

    /// The errors of a flow that must not load.
    fn errors(flow: &str) -> Vec<ContentError> {
        match load_flow(flow) {
            Ok(_) => panic!("the flow loaded:\n{flow}"),
            Err(e) => e.0,
        }
    }

    /// The one error whose message holds `needle`.
    fn error<'a>(errs: &'a [ContentError], needle: &str) -> &'a ContentError {
        let found: Vec<&ContentError> =
            errs.iter().filter(|e| e.message.contains(needle)).collect();
        assert_eq!(found.len(), 1, "one error with `{needle}` in {errs:#?}");
        found[0]
    }

    /// The 1-based line of the first line of the base game.toml (with `flow`) holding
    /// `needle`.
    fn line_of(flow: &str, needle: &str) -> usize {
        let game = game_with_flow(flow);
        let lines: Vec<&str> = game.lines().collect();
        let from = lines.iter().position(|l| *l == "[flow]").unwrap_or(0);
        from + lines[from..]
            .iter()
            .position(|l| l.contains(needle))
            .expect("needle in the file")
            + 1
    }

    const TURNS: &str = r#"[flow]
round = ["turns"]
[flow.blocks.turns]
steps = [ { do = "turns", until = "each:pieces", body = "turn" } ]
[flow.blocks.turn]
steps = [ { do = "move" }, { do = "act" }, { do = "play", from = "hand", to = "tucked", limit = "fulfil_per_turn" } ]
"#;

    #[test]
    fn run_hooks_name_a_function_and_whom_it_runs_for() {
        let flow = r#"[flow]
setup = ["deal"]
round = ["income", "turns"]
[flow.blocks.deal]
steps = [ { do = "hook", run = "weft.shop.setup", params = { extra = 2 } } ]
[flow.blocks.income]
steps = [ { do = "hook", run = "weft.shop.restock", on = "players" } ]
[flow.blocks.turns]
steps = [ { do = "turns", until = "each:pieces", body = "turn" } ]
[flow.blocks.turn]
steps = [ { do = "move" }, { do = "act" }, { do = "hook", run = "weft.shop.roll", on = "player" } ]
"#;
        let c = load_flow(flow).unwrap_or_else(|e| panic!("{e}"));
        let hooks = &c.program.game_hooks;
        assert_eq!(hooks.len(), 3);
        assert_eq!(
            (hooks[0].module.as_str(), hooks[0].function.as_str()),
            ("weft.shop", "setup")
        );
        assert_eq!(
            hooks[0].params.get("extra").and_then(|v| v.as_integer()),
            Some(2)
        );
        let line = line_of(flow, "weft.shop.setup");
        assert!(
            hooks[0].declared_at.ends_with(&format!("game.toml:{line}")),
            "{}",
            hooks[0].declared_at
        );
        let o = c.program.outline();
        assert!(o.contains("`weft.shop.restock` for each player"), "{o}");
        assert!(o.contains("`weft.shop.roll` for the player"), "{o}");
    }

    #[test]
    fn run_hooks_refuse_bad_targets() {
        let errs = errors(
            r#"[flow]
setup = ["a"]
round = ["turns"]
[flow.blocks.a]
steps = [ { do = "hook", run = "nodot" }, { do = "hook", run = "rules.x", on = "nodes" }, { do = "hook", run = "rules.y", hook = "roll", on = "nodes" }, { do = "hook", run = "rules.z", on = "player" } ]
[flow.blocks.turns]
steps = [ { do = "turns", until = "each:pieces", body = "turn" } ]
[flow.blocks.turn]
steps = [ { do = "move" } ]
"#,
        );
        error(&errs, "run = \"nodot\" is not `module.function`");
        error(
            &errs,
            "step 2 (`hook`): on = \"nodes\" is not a target for a `run` hook",
        );
        error(&errs, "has both `run` and `hook`");
        error(&errs, "(`hook`) acts for the player whose turn it is, but block `a` runs outside any `turns` body");
    }

    /// Tabriz's round as `weft doc` outlines it (R-ROUND-1/2, R-WS-1..5, R-MOVE, R-ACT,
    /// R-FUL): the base pack declares it in its `[flow]`.
    const TABRIZ_OUTLINE: &str = "setup:\n  tiles_setup\n    every node's `setup` hook\nround:\n  workshop [not in round 1]\n    every node's `restock` hook\n    stand all pieces\n    every node's `roll` hook\n    turns (one turn each, clockwise from the first player): workshop_turn\n      use each card in `tucked` once (`workshop`)\n    first player: passes clockwise\n  turns\n    turns (one turn per piece, clockwise from the first player): turn\n      move a piece (range: move_range)\n      take the node's action\n      play cards from `hand` to `tucked` (limit: fulfil_per_turn)\n";

    #[test]
    fn the_base_packs_flow_is_tabrizs_round() {
        let c = load_content(&[base_pack()], &library()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.program.outline(), TABRIZ_OUTLINE);
        // Blocks are numbered in the order the round first reaches them.
        let ids: Vec<&str> = c.program.blocks.iter().map(|b| b.id.as_str()).collect();
        assert_eq!(
            ids,
            [
                "setup",
                "round",
                "end",
                "tiles_setup",
                "workshop",
                "workshop_turn",
                "turns",
                "turn"
            ]
        );
        let game = &base_pack().files["game.toml"];
        let line = |needle: &str| game.lines().position(|l| l.starts_with(needle)).unwrap() + 1;
        assert_eq!(
            c.program.declared_at,
            format!("tabriz/game.toml:{}", line("[flow]"))
        );
        let phase = c
            .program
            .blocks
            .iter()
            .find(|b| b.id == "workshop")
            .unwrap();
        assert_eq!(
            phase.declared_at,
            format!("tabriz/game.toml:{}", line("[flow.blocks.workshop]"))
        );
        assert_eq!(c.end.rounds, None);
    }

    #[test]
    fn the_rules_fixtures_flow_is_tabrizs_round() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/rules");
        let fixture = PackFiles::from_dir(&dir).unwrap();
        let c = load_content(&[fixture], &library()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.program.outline(), TABRIZ_OUTLINE);
        assert!(c
            .program
            .declared_at
            .starts_with("rules-fixture/game.toml:"));
    }

    /// Issue 30: there is no built-in round. A pack written before `[flow]` existed
    /// (which played Tabriz's) is told so, with the new form to write.
    #[test]
    fn a_pack_without_flow_is_told_to_declare_its_round() {
        let errs = errors("");
        let e = error(&errs, "game.toml declares no [flow]");
        assert_eq!(e.file, "tabriz/game.toml");
        let help = e.help.as_deref().unwrap();
        assert!(help.contains("[flow.blocks.turn]"), "{help}");
        assert!(help.contains("content/tabriz/game.toml"), "{help}");
        assert_eq!(errs.len(), 1, "{errs:#?}");
    }

    #[test]
    fn a_small_flow_compiles_with_its_gates_and_orders() {
        let flow = r#"[flow]
setup = ["deal"]
round = ["pass", "turns"]
[flow.blocks.deal]
steps = [ { do = "hook", on = "nodes", hook = "setup" } ]
[flow.blocks.pass]
rounds = [2, 4]
steps = [ { do = "first_player", rule = "keep", skip_rounds = [4] } ]
[flow.blocks.turns]
steps = [ { do = "turns", order = "reverse", until = "each:2", body = "turn" } ]
[flow.blocks.turn]
steps = [ { do = "block", block = "moving" }, { do = "act" }, { do = "play", from = "hand", to = "tucked" }, { do = "use_cards", zone = "tucked", hook = "workshop", rounds = [3] } ]
[flow.blocks.moving]
steps = [ { do = "reset", pieces = "stand" }, { do = "move", range = "plaza_keep" } ]
"#;
        let c = load_flow(flow).unwrap_or_else(|e| panic!("{e}"));
        let p = &c.program;
        let names: Vec<&str> = p.blocks.iter().map(|b| b.id.as_str()).collect();
        assert_eq!(
            names,
            ["setup", "round", "end", "deal", "pass", "turns", "turn", "moving"]
        );
        assert_eq!(
            p.blocks[4].rounds,
            RoundGate {
                only: Some(vec![2, 4]),
                skip: vec![]
            }
        );
        assert_eq!(p.blocks[4].steps[0].rounds.skip, vec![4]);
        let kind = |b: usize, k: usize| format!("{:?}", p.blocks[b].steps[k].kind);
        assert_eq!(
            kind(5, 0),
            format!(
                "{:?}",
                TurnsStep {
                    order: TurnOrder::Reverse,
                    count: TurnCount::Each(2),
                    body: 6
                }
            )
        );
        assert_eq!(kind(6, 0), format!("{:?}", BlockStep { block: 7 }));
        assert_eq!(
            kind(6, 2),
            format!(
                "{:?}",
                PlayStep {
                    zones: PlayZones { from: 0, to: 1 },
                    zone_ids: ("hand".into(), "tucked".into()),
                    verb: 0,
                    limit: None,
                    count: None
                }
            )
        );
        assert_eq!(
            kind(7, 1),
            format!(
                "{:?}",
                MoveStep {
                    range: "plaza_keep".into()
                }
            )
        );
        let o = p.outline();
        assert!(o.contains("pass [rounds 2, 4]"), "{o}");
        assert!(
            o.contains("turns (2 turns each, counter-clockwise, first player last): turn"),
            "{o}"
        );
        assert!(
            o.contains("use each card in `tucked` once (`workshop`) [rounds 3]"),
            "{o}"
        );
    }

    #[test]
    fn an_unknown_step_kind_lists_the_kinds_with_its_line() {
        let flow = TURNS.replace(r#"{ do = "act" }"#, r#"{ do = "fulfil" }"#);
        let errs = errors(&flow);
        let e = error(&errs, "unknown step kind `do = \"fulfil\"`");
        assert_eq!(e.file, "tabriz/game.toml");
        assert_eq!(e.line, Some(line_of(&flow, "fulfil")));
        let help = e.help.as_deref().unwrap();
        for kind in [
            "block",
            "hook",
            "turns",
            "move",
            "act",
            "play",
            "use_cards",
            "reset",
            "first_player",
        ] {
            assert!(help.contains(kind), "{help}");
        }
    }

    #[test]
    fn a_key_of_another_kind_is_named_with_the_keys_the_step_takes() {
        let flow = TURNS.replace(
            r#"{ do = "act" }"#,
            r#"{ do = "act", range = "move_range" }"#,
        );
        let errs = errors(&flow);
        let e = error(&errs, "step 2 (`act`) takes no key `range`");
        assert_eq!(e.line, Some(line_of(&flow, "range")));
        assert!(e
            .help
            .as_deref()
            .unwrap()
            .contains("only rounds and skip_rounds"));
        assert_eq!(errs.len(), 1, "{errs:#?}");
    }

    /// Issue 30: a step's fields are read by its kind's own struct, so a value of the
    /// wrong type is named at its key and line, beside the step's other problems (it
    /// was a parse error of the whole file, or nothing).
    #[test]
    fn a_value_of_the_wrong_type_is_named_at_its_key() {
        let flow = TURNS
            .replace(r#"{ do = "act" }"#, r#"{ do = "act", rounds = [2] }"#)
            .replace(r#"{ do = "move" }"#, r#"{ do = "move", range = 3 }"#);
        let errs = errors(&flow);
        let e = error(
            &errs,
            "(`move`): `range`: invalid type: integer `3`, expected a string",
        );
        assert_eq!(e.line, Some(line_of(&flow, "range = 3")));
        assert!(e
            .help
            .as_deref()
            .unwrap()
            .contains("docs/content-format.md"));
        assert_eq!(errs.len(), 1, "{errs:#?}");
    }

    #[test]
    fn a_key_no_step_takes_is_a_parse_error_with_line_and_column() {
        let flow = TURNS.replace(r#"{ do = "act" }"#, r#"{ do = "act", colour = "red" }"#);
        let errs = errors(&flow);
        let e = error(&errs, "colour");
        assert_eq!(e.line, Some(line_of(&flow, "colour")));
        assert!(e.column.is_some());
    }

    #[test]
    fn unknown_block_names_are_all_reported() {
        let flow = r#"[flow]
setup = ["dela"]
round = ["turns", "wrkshop"]
[flow.blocks.turns]
steps = [ { do = "turns", until = "each:pieces", body = "trun" } ]
[flow.blocks.extra]
steps = [ { do = "block", block = "nowhere" } ]
"#;
        let errs = errors(flow);
        let e = error(&errs, "[flow] setup names block `dela`");
        assert_eq!(e.line, Some(line_of(flow, "\"dela\"")));
        assert!(e
            .help
            .as_deref()
            .unwrap()
            .contains("blocks are: extra, turns"));
        let e = error(&errs, "[flow] round names block `wrkshop`");
        assert_eq!(e.line, Some(line_of(flow, "\"wrkshop\"")));
        let e = error(&errs, "body `trun` is not a block");
        assert_eq!(e.line, Some(line_of(flow, "\"trun\"")));
        let e = error(&errs, "block `nowhere` is not a block");
        assert_eq!(e.line, Some(line_of(flow, "\"nowhere\"")));
    }

    #[test]
    fn a_block_that_runs_itself_is_an_error_not_a_hang() {
        let flow = r#"[flow]
round = ["a", "turns"]
[flow.blocks.a]
steps = [ { do = "block", block = "b" } ]
[flow.blocks.b]
steps = [ { do = "hook", on = "nodes", hook = "roll" }, { do = "block", block = "a" } ]
[flow.blocks.turns]
steps = [ { do = "turns", until = "once", body = "turn" } ]
[flow.blocks.turn]
steps = [ { do = "move" }, { do = "turns", until = "once", body = "turn" } ]
"#;
        let errs = errors(flow);
        let e = error(&errs, "block `a` runs itself (a → b → a)");
        assert_eq!(e.line, Some(line_of(flow, "block = \"a\"")));
        let e = error(&errs, "block `turn` runs itself (turn → turn)");
        assert_eq!(
            e.line,
            Some(line_of(flow, "{ do = \"move\" }, { do = \"turns\""))
        );
    }

    /// A long chain of blocks is walked without recursion: a cycle through a thousand
    /// blocks is found, and neither the walk nor the error overflows the stack.
    #[test]
    fn a_long_cycle_is_found_without_recursion() {
        let n = MAX_FLOW_BLOCKS;
        let mut flow = String::from("[flow]\nround = [\"b0\"]\n");
        for i in 0..n {
            flow.push_str(&format!(
                "[flow.blocks.b{i}]\nsteps = [ {{ do = \"block\", block = \"b{}\" }} ]\n",
                (i + 1) % n
            ));
        }
        let errs = errors(&flow);
        assert!(
            errs.iter().any(|e| e.message.contains("runs itself")),
            "{errs:#?}"
        );
    }

    /// A flow whose round runs `b0`, which runs `b1`, … down to `b{n-1}`.
    fn chain(n: usize) -> String {
        let mut flow = String::from("[flow]\nround = [\"b0\", \"turns\"]\n");
        flow.push_str(&TURNS["[flow]\nround = [\"turns\"]\n".len()..]);
        for i in 0..n {
            let step = if i + 1 < n {
                format!("{{ do = \"block\", block = \"b{}\" }}", i + 1)
            } else {
                "{ do = \"reset\", pieces = \"stand\" }".to_string()
            };
            flow.push_str(&format!("[flow.blocks.b{i}]\nsteps = [ {step} ]\n"));
        }
        flow
    }

    #[test]
    fn blocks_nested_too_deep_are_refused() {
        let n = MAX_FLOW_DEPTH + 1;
        let errs = errors(&chain(n));
        let e = error(
            &errs,
            &format!("block `b0` nests blocks {n} deep; weft takes at most {MAX_FLOW_DEPTH}"),
        );
        assert_eq!(e.line, Some(line_of(&chain(n), "round = ")));
        // As deep as allowed loads, and the outline shows the deepest step.
        let c = load_flow(&chain(MAX_FLOW_DEPTH)).unwrap_or_else(|e| panic!("{e}"));
        let o = c.program.outline();
        assert!(o.contains(&format!("b{}\n", MAX_FLOW_DEPTH - 1)), "{o}");
        assert!(o.contains("stand all pieces"), "{o}");
    }

    #[test]
    fn turns_inside_turns_are_not_supported() {
        let direct = r#"[flow]
round = ["turns"]
[flow.blocks.turns]
steps = [ { do = "turns", until = "once", body = "outer" } ]
[flow.blocks.outer]
steps = [ { do = "turns", until = "once", body = "turn" } ]
[flow.blocks.turn]
steps = [ { do = "move" }, { do = "act" } ]
"#;
        let errs = errors(direct);
        let e = error(
            &errs,
            "inside the turns body `outer`: a `turns` inside another `turns` is not supported",
        );
        assert_eq!(e.line, Some(line_of(direct, "body = \"turn\"")));
        let nested = r#"[flow]
round = ["turns"]
[flow.blocks.turns]
steps = [ { do = "turns", until = "once", body = "outer" } ]
[flow.blocks.outer]
steps = [ { do = "block", block = "middle" } ]
[flow.blocks.middle]
steps = [ { do = "turns", until = "once", body = "turn" } ]
[flow.blocks.turn]
steps = [ { do = "move" }, { do = "act" } ]
"#;
        let errs = errors(nested);
        let e = error(
            &errs,
            "[flow.blocks.middle] step 1 (`turns`) runs inside the turns body `outer`",
        );
        assert_eq!(e.line, Some(line_of(nested, "body = \"turn\"")));
    }

    #[test]
    fn player_steps_outside_turns_are_refused() {
        let flow = r#"[flow]
setup = ["pick"]
round = ["turns", "shop"]
[flow.blocks.pick]
steps = [ { do = "use_cards", zone = "tucked" } ]
[flow.blocks.shop]
steps = [ { do = "block", block = "buy" } ]
[flow.blocks.buy]
steps = [ { do = "move" }, { do = "act" }, { do = "play", from = "hand", to = "tucked" } ]
[flow.blocks.turns]
steps = [ { do = "turns", until = "each:pieces", body = "turn" } ]
[flow.blocks.turn]
steps = [ { do = "move" }, { do = "act" }, { do = "play", from = "hand", to = "tucked", limit = "fulfil_per_turn" } ]
"#;
        let errs = errors(flow);
        let e = error(&errs, "[flow.blocks.pick] step 1 (`use_cards`) acts for the player whose turn it is, but block `pick` runs outside any `turns` body");
        assert_eq!(
            e.line,
            Some(line_of(flow, "{ do = \"use_cards\", zone = \"tucked\" }"))
        );
        for (k, kind) in ["move", "act", "play"].iter().enumerate() {
            error(
                &errs,
                &format!(
                    "[flow.blocks.buy] step {} (`{kind}`) acts for the player",
                    k + 1
                ),
            );
        }
        assert_eq!(errs.len(), 4, "{errs:#?}");
    }

    #[test]
    fn act_needs_a_move_before_it_in_its_body() {
        let flow = TURNS.replace(
            r#"{ do = "move" }, { do = "act" }"#,
            r#"{ do = "act" }, { do = "block", block = "moving" }"#,
        ) + "[flow.blocks.moving]\nsteps = [ { do = \"move\" }, { do = \"act\" } ]\n";
        let errs = errors(&flow);
        let e = error(
            &errs,
            "[flow.blocks.turn] step 1 (`act`) has no `move` before it in the turns body `turn`",
        );
        assert_eq!(e.line, Some(line_of(&flow, "steps = [ { do = \"act\" }")));
        assert_eq!(
            errs.len(),
            1,
            "the act after the nested move is fine: {errs:#?}"
        );
        // A move in a block run before the act counts.
        let flow = TURNS.replace(
            r#"{ do = "move" }, { do = "act" }"#,
            r#"{ do = "block", block = "moving" }, { do = "act" }"#,
        ) + "[flow.blocks.moving]\nsteps = [ { do = \"move\" } ]\n";
        load_flow(&flow).unwrap_or_else(|e| panic!("{e}"));
    }

    #[test]
    fn abilities_must_be_declared() {
        let flow = TURNS
            .replace(r#"{ do = "move" }"#, r#"{ do = "move", range = "reach" }"#)
            .replace("fulfil_per_turn", "fulfil_per_trun");
        let errs = errors(&flow);
        let e = error(&errs, "range `reach` is not an ability of [abilities]");
        assert_eq!(e.line, Some(line_of(&flow, "reach")));
        assert!(e
            .help
            .as_deref()
            .unwrap()
            .contains("abilities are: fulfil_per_turn, move_range, plaza_keep"));
        error(&errs, "limit `fulfil_per_trun` is not an ability");
        // The default range needs its ability too.
        let game = game_with_flow(TURNS).replace("move_range = 3", "reach = 3");
        let errs = load_game(game).unwrap_err().0;
        error(&errs, "takes its range from ability `move_range` (the default), which [abilities] does not declare");
    }

    #[test]
    fn bad_turn_counts_and_orders() {
        for (until, problem) in [
            ("each:0", "would give no one a turn"),
            ("each:x", "is not a turn count"),
            ("twice", "is not a turn count"),
            ("each:1001", "at most 1000 turns each"),
        ] {
            let flow = TURNS.replace("each:pieces", until);
            let errs = errors(&flow);
            let e = error(&errs, problem);
            assert!(e.message.contains(&format!("until = \"{until}\"")), "{e:?}");
            assert_eq!(e.line, Some(line_of(&flow, until)));
        }
        let flow = TURNS.replace(
            "until = \"each:pieces\"",
            "order = \"widdershins\", until = \"each:3\"",
        );
        error(
            &errors(&flow),
            "order = \"widdershins\" is not a turn order",
        );
        let flow = TURNS.replace("until = \"each:pieces\", ", "");
        error(&errors(&flow), "step 1 (`turns`) needs `until`");
    }

    #[test]
    fn hooks_reset_and_first_player_values() {
        let flow = TURNS.replace(
            "round = [\"turns\"]",
            "round = [\"misc\", \"turns\"]\n[flow.blocks.misc]\nsteps = [ { do = \"hook\", on = \"players\", hook = \"restock\" }, { do = \"hook\", on = \"nodes\", hook = \"action\" }, { do = \"reset\", pieces = \"return\" }, { do = \"first_player\", rule = \"random\" }, { do = \"first_player\" } ]",
        );
        let errs = errors(&flow);
        error(
            &errs,
            "on = \"players\" with `hook`: a named hook runs on = \"nodes\"",
        );
        let e = error(&errs, "hook = \"action\" is a hook the engine calls itself");
        assert!(e
            .help
            .as_deref()
            .unwrap()
            .contains("setup, action, can_act"));
        error(&errs, "pieces = \"return\" is not a reset");
        error(&errs, "rule = \"random\" is not a first-player rule");
        error(&errs, "step 5 (`first_player`) needs `rule`");
        assert_eq!(errs.len(), 5, "{errs:#?}");
    }

    #[test]
    fn a_flow_names_its_own_hooks_and_the_kernel_keeps_none() {
        let flow = TURNS.replace(
            "round = [\"turns\"]",
            "round = [\"chores\", \"turns\"]\n[flow.blocks.chores]\nsteps = [ { do = \"hook\", on = \"nodes\", hook = \"harvest\" }, { do = \"hook\", on = \"nodes\", hook = \"setup\" }, { do = \"hook\", on = \"nodes\", hook = \"harvest\" }, { do = \"turns\", until = \"once\", body = \"feed\" } ]\n[flow.blocks.feed]\nsteps = [ { do = \"use_cards\", zone = \"tucked\", hook = \"feed\" }, { do = \"use_cards\", zone = \"tucked\", hook = \"workshop\" } ]",
        );
        let c = load_flow(&flow).unwrap_or_else(|e| panic!("{e}"));
        let p = &c.program;
        let names: Vec<(&str, bool, bool)> = p
            .hooks
            .iter()
            .map(|h| (h.name.as_str(), h.on_nodes, h.on_cards))
            .collect();
        // Interned once each, in the order the steps (blocks by name) name them.
        assert_eq!(
            names,
            [
                ("harvest", true, false),
                ("feed", false, true),
                ("workshop", false, true)
            ]
        );
        assert_eq!(p.named_hook("harvest"), Some(Hook::Named(0)));
        assert_eq!(p.hook_name(Hook::Named(1)), "feed");
        assert_eq!(p.hook_name(Hook::Reached), "on_reach");
        assert_eq!(
            p.use_phase.map(|u| u.hook),
            Some(Hook::Named(1)),
            "the first use_cards step's"
        );
        assert_eq!(
            p.named_hooks(true).collect::<Vec<_>>(),
            [Hook::Named(0)],
            "setup is the kernel's"
        );
        assert!(p.outline().contains("every node's `harvest` hook"));
        assert!(p
            .outline()
            .contains("use each card in `tucked` once (`feed`)"));
        // No use_cards step: a phase a script queues has nothing to use.
        let c = load_flow(TURNS).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.program.use_phase, None);
    }

    #[test]
    fn a_hook_name_is_a_lua_identifier_the_kernel_does_not_use() {
        let flow = TURNS.replace(
            "round = [\"turns\"]",
            "round = [\"chores\", \"turns\"]\n[flow.blocks.chores]\nsteps = [ { do = \"hook\", on = \"nodes\", hook = \"re-stock\" }, { do = \"hook\", on = \"nodes\", hook = \"end\" }, { do = \"hook\", on = \"nodes\", hook = \"describe\" }, { do = \"turns\", until = \"once\", body = \"feed\" } ]\n[flow.blocks.feed]\nsteps = [ { do = \"use_cards\", zone = \"tucked\", hook = \"on_reach\" } ]",
        );
        let errs = errors(&flow);
        let e = error(&errs, "hook = \"re-stock\" is not a Lua identifier");
        assert_eq!(e.line, Some(line_of(&flow, "re-stock")));
        error(&errs, "hook = \"end\" is not a Lua identifier");
        error(
            &errs,
            "hook = \"describe\" is a hook the engine calls itself",
        );
        error(
            &errs,
            "hook = \"on_reach\" is a hook the engine calls itself",
        );
        assert_eq!(errs.len(), 4, "{errs:#?}");
    }

    #[test]
    fn gates_name_rounds_the_game_reaches() {
        let flow = TURNS
            .replace(
                "[flow.blocks.turns]\n",
                "[flow.blocks.turns]\nskip_rounds = [0]\n",
            )
            .replace(r#"{ do = "act" }"#, r#"{ do = "act", rounds = [2, 101] }"#);
        let errs = errors(&flow);
        let e = error(&errs, "[flow.blocks.turns] skip_rounds: round 0 is setup");
        assert_eq!(e.line, Some(line_of(&flow, "skip_rounds = [0]")));
        let e = error(
            &errs,
            "(`act`) rounds: round 101 is above end.max_rounds = 100",
        );
        assert_eq!(e.line, Some(line_of(&flow, "101")));
        // With a fixed length, a round after it is named too.
        let game =
            game_with_flow(&TURNS.replace(r#"{ do = "act" }"#, r#"{ do = "act", rounds = [7] }"#))
                .replace("max_rounds = 100", "max_rounds = 100\nrounds = 6");
        let errs = load_game(game).unwrap_err().0;
        error(
            &errs,
            "round 7 is after the last round: the game ends after end.rounds = 6",
        );
    }

    #[test]
    fn end_rounds_is_bounded_by_max_rounds() {
        let with = |rounds: &str| {
            game_with_flow(TURNS).replace(
                "max_rounds = 100",
                &format!("max_rounds = 100\nrounds = {rounds}"),
            )
        };
        let c = load_game(with("6")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.end.rounds, Some(6));
        let game = with("0");
        let errs = load_game(game.clone()).unwrap_err().0;
        let e = error(
            &errs,
            "end.rounds = 0: the game would end before its first round",
        );
        let line = game
            .lines()
            .position(|l| l.starts_with("rounds = 0"))
            .unwrap()
            + 1;
        assert_eq!(e.line, Some(line));
        let errs = load_game(with("101")).unwrap_err().0;
        error(&errs, "end.rounds = 101 is above end.max_rounds = 100");
        // Bounded like every number.
        let errs = load_game(with("-1")).unwrap_err().0;
        error(&errs, "out of range");
    }

    #[test]
    fn a_round_must_do_something() {
        let flow = TURNS.replace("round = [\"turns\"]", "round = []");
        let errs = errors(&flow);
        let e = error(&errs, "[flow] round is empty");
        assert_eq!(e.line, Some(line_of(&flow, "round = []")));
        let flow = TURNS.replace("round = [\"turns\"]\n", "");
        error(&errors(&flow), "[flow] round is empty");
        let flow = TURNS.replace(
            "round = [\"turns\"]",
            "round = [\"idle\"]\n[flow.blocks.idle]\nsteps = [ { do = \"hook\", on = \"nodes\", hook = \"roll\" } ]",
        );
        let errs = errors(&flow);
        error(&errs, "[flow] round reaches no `turns` step");
    }

    #[test]
    fn block_names_are_ids() {
        let flow = TURNS.replace(
            "round = [\"turns\"]",
            "round = [\"turns\", \"a b\"]\n[flow.blocks.\"a b\"]\nsteps = []",
        );
        let errs = errors(&flow);
        let e = error(
            &errs,
            "block name `a b` holds a character that ids may not contain",
        );
        assert_eq!(e.line, Some(line_of(&flow, "[flow.blocks.\"a b\"]")));
    }

    /// Every problem of a flow is reported in one go.
    #[test]
    fn every_problem_at_once() {
        let flow = r#"[flow]
setup = ["nope"]
round = ["turns"]
[flow.blocks.turns]
steps = [ { do = "turns", until = "each:0", body = "turn" }, { do = "dance" } ]
[flow.blocks.turn]
steps = [ { do = "act" }, { do = "move", range = "far" }, { do = "play", from = "hand", to = "tucked", rounds = [0] } ]
"#;
        let errs = errors(flow);
        for needle in [
            "setup names block `nope`",
            "each:0",
            "unknown step kind `do = \"dance\"`",
            "range `far`",
            "round 0 is setup",
            "(`act`) has no `move` before it",
        ] {
            error(&errs, needle);
        }
        assert_eq!(errs.len(), 6, "{errs:#?}");
    }

    #[test]
    fn steps_as_arrays_of_tables_are_placed_too() {
        let flow = r#"[flow]
round = ["turns"]
[flow.blocks.turns]
steps = [ { do = "turns", until = "each:pieces", body = "turn" } ]

[[flow.blocks.turn.steps]]
do = "move"

[[flow.blocks.turn.steps]]
do = "act"
range = "move_range"
"#;
        let errs = errors(flow);
        let e = error(&errs, "step 2 (`act`) takes no key `range`");
        assert_eq!(e.line, Some(line_of(flow, "range = \"move_range\"")));
    }

    /// Odd text around a flow (CRLF line ends, non-ASCII names, `#` and `do =` inside
    /// strings and comments) is placed without a panic.
    #[test]
    fn odd_text_is_placed_without_panics() {
        let flow = TURNS
            .replace(
                "round = [\"turns\"]",
                "round = [\"turns\", \"ü#1\"] # do = \"x\"\n[ flow.blocks.\"ü#1\" ] # ü\nsteps = [ { do = \"reset\", pieces = \"sit # do = 1\" } ]",
            )
            .replace('\n', "\r\n");
        let errs = errors(&flow);
        let e = error(&errs, "block name `ü#1` holds a character");
        assert_eq!(e.line, Some(line_of(&flow, "[ flow.blocks.")));
        let e = error(&errs, "pieces = \"sit # do = 1\" is not a reset");
        assert_eq!(e.line, Some(line_of(&flow, "sit #")));
    }

    fn layer(game: &str) -> PackFiles {
        let mut files = std::collections::BTreeMap::new();
        files.insert(
            "pack.toml".to_string(),
            "name = \"variant\"\nversion = \"1\"\nextends = [\"tabriz\"]\n".to_string(),
        );
        files.insert("game.toml".to_string(), game.to_string());
        PackFiles {
            origin: "<variant>".into(),
            files,
        }
    }

    /// Blocks are tables keyed by name, so a variant replaces one block (key by key:
    /// its `steps`, keeping the base's `skip_rounds`) and keeps the rest of the round.
    #[test]
    fn a_variant_replaces_one_block_through_the_merge() {
        let variant = layer(
            "[flow.blocks.turns]\nsteps = [ { do = \"turns\", order = \"reverse\", until = \"each:pieces\", body = \"turn\" } ]\n\n[flow.blocks.workshop_turn]\nsteps = []\n",
        );
        let c = load_content(&[base_pack(), variant], &library()).unwrap_or_else(|e| panic!("{e}"));
        let o = c.program.outline();
        assert!(
            o.contains("turns (one turn per piece, counter-clockwise, first player last): turn"),
            "{o}"
        );
        assert!(o.contains("workshop [not in round 1]"), "kept: {o}");
        assert!(o.contains("every node's `restock` hook"), "kept: {o}");
        assert!(!o.contains("use each owned card once"), "replaced: {o}");
        let turns = c.program.blocks.iter().find(|b| b.id == "turns").unwrap();
        assert_eq!(turns.declared_at, "variant/game.toml:1");
        let turn = c.program.blocks.iter().find(|b| b.id == "turn").unwrap();
        assert!(turn.declared_at.starts_with("tabriz/game.toml:"));
        // A variant's mistake is placed in the variant's file.
        let variant = layer(
            "# A variant.\n[flow.blocks.turn]\nsteps = [ { do = \"move\" }, { do = \"jump\" } ]\n",
        );
        let errs = load_content(&[base_pack(), variant], &library())
            .unwrap_err()
            .0;
        let e = error(&errs, "unknown step kind `do = \"jump\"`");
        assert_eq!((e.file.as_str(), e.line), ("variant/game.toml", Some(3)));
    }
}
