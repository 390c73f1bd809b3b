//! Content checks beyond loading (`weft check`): every hook of every tile, card and
//! unlock is called on sample states with random answers, and seeded games are played.

use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::Serialize;

use crate::agent::{Agent, RandomAgent};
use crate::content::program::HookOn;
use crate::content::{AreaId, CardIx, Content, SlotId, TileId};
use crate::effects::{Effects, HookOutcome};
use crate::engine::Engine;
use crate::events::EventLog;
use crate::flow::{Hook, HookCall, Owner};
use crate::lua::LuaHost;
use crate::sim::{game_seed, play_game};
use crate::state::{GameState, TileState};

/// What `weft check` found.
#[derive(Debug, Clone, Serialize)]
pub struct CheckReport {
    /// No problems.
    pub ok: bool,
    /// Tiles checked.
    pub tiles: usize,
    /// What the pack has, each kind with how many (tiles, cards, card templates, decks,
    /// card zones, areas, flow hooks), the kinds it has none of left out.
    pub components: Vec<(String, usize)>,
    /// Hook calls made.
    pub hook_calls: usize,
    /// Games played.
    pub games: u64,
    /// Problems, each a readable message.
    pub problems: Vec<String>,
    /// Probable mistakes that do not fail the check (see [`crate::lint`]).
    pub warnings: Vec<String>,
}

/// Most answers a hook may need in a check before it is reported as never finishing.
const MAX_ANSWERS: usize = 64;

/// Runs a hook to completion, answering its questions at random. Returns the calls made.
fn run_randomly(
    host: &mut LuaHost,
    content: &Content,
    st: &GameState,
    call: HookCall,
    rng: &mut Pcg64Mcg,
) -> Result<usize, String> {
    run_randomly_from(host, content, st, call, Vec::new(), rng)
}

/// [`run_randomly`] with answers already given (an area's `resolve` takes the chosen
/// option's key as its first).
fn run_randomly_from(
    host: &mut LuaHost,
    content: &Content,
    st: &GameState,
    call: HookCall,
    mut answers: Vec<String>,
    rng: &mut Pcg64Mcg,
) -> Result<usize, String> {
    for calls in 1..=MAX_ANSWERS {
        let mut scratch = st.clone();
        match host.call(
            content,
            &mut scratch,
            &call,
            &answers,
            &mut EventLog::default(),
        ) {
            Ok(HookOutcome::Done(_)) => return Ok(calls),
            Ok(HookOutcome::Ask { options, .. }) => {
                if call.player.is_none() {
                    return Err(format!(
                        "hook `{}` runs for no player but called ctx:choose",
                        content.program.hook_name(call.hook)
                    ));
                }
                let pick = rng.random_range(0..options.len());
                answers.push(options[pick].0.to_string());
            }
            Err(e) => return Err(e.to_string()),
        }
    }
    Err(format!(
        "hook `{}` asked more than {MAX_ANSWERS} questions in one call",
        content.program.hook_name(call.hook)
    ))
}

/// Checks content: hooks on sample states and `games` seeded random games.
pub fn check_content(content: &Arc<Content>, games: u64) -> CheckReport {
    let mut problems = Vec::new();
    // (game, players, seed, decisions, error) of every game that errored.
    let mut game_errors: Vec<(u64, usize, u64, usize, String)> = Vec::new();
    let mut hook_calls = 0;
    let counts = content.player_counts();
    let mut samples: Vec<GameState> = Vec::new();
    let mut records = Vec::new();
    let mut engine = match Engine::with_lua(Arc::clone(content)) {
        Ok(e) => e,
        Err(e) => {
            return CheckReport {
                ok: false,
                tiles: content.tiles.len(),
                components: components(content),
                hook_calls: 0,
                games: 0,
                problems: vec![e.to_string()],
                warnings: Vec::new(),
            }
        }
    };
    for i in 0..games {
        let players = counts[i as usize % counts.len()] as usize;
        let seed = game_seed(0xC4EC, i);
        let mut seats: Vec<Box<dyn Agent>> = (0..players)
            .map(|s| Box::new(RandomAgent::new(seed ^ s as u64)) as Box<dyn Agent>)
            .collect();
        let record = play_game(&mut engine, &mut seats, seed, i);
        if let Some(e) = &record.error {
            game_errors.push((i, players, seed, record.decisions, e.clone()));
        }
        records.push(record.clone());
        // Sample states along a replay of the game.
        if samples.len() < 12 {
            if let Ok(mut st) = engine.new_game(players, seed) {
                for (k, key) in record.replay.answers.iter().enumerate() {
                    if engine.apply(&mut st, &**key).is_err() {
                        break;
                    }
                    if k % 60 == 30 && samples.len() < 12 {
                        samples.push(st.clone());
                    }
                }
            }
        }
    }
    problems.extend(group_game_errors(&game_errors));
    if samples.is_empty() {
        if let Ok(st) = engine.new_game(counts[0] as usize, 1) {
            samples.push(st);
        }
    }

    problems.extend(per_player_estimate_problem(&mut engine, &samples));

    let mut host = match LuaHost::new(Arc::clone(content)) {
        Ok(h) => h,
        Err(e) => {
            problems.push(e.to_string());
            return report(content, hook_calls, games, problems, &records);
        }
    };
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    for (t, tile) in content.tiles.iter().enumerate() {
        for st in &samples {
            let mut st = st.clone();
            let slot = (0..st.board.len())
                .find(|&s| content.board.slots[s].kind == tile.kind)
                .unwrap_or(0) as SlotId;
            st.board_mut()[slot as usize] = std::sync::Arc::new(TileState {
                tile: t as TileId,
                slots: Vec::new(),
                dice: Vec::new(),
                counters: Default::default(),
            });
            let owner = Owner::Tile { slot };
            let player = st.decision().map(|d| d.player).unwrap_or(0);
            // Setup, the flow's node hooks, then the action.
            let hooks = std::iter::once(Hook::Setup)
                .chain(content.program.named_hooks(true))
                .chain([Hook::CanAct, Hook::Action]);
            for hook in hooks {
                if !host.has_hook(content, &st, owner, hook) {
                    continue;
                }
                let call = HookCall {
                    owner,
                    hook,
                    player: if matches!(hook, Hook::CanAct | Hook::Action) {
                        Some(player)
                    } else {
                        None
                    },
                };
                match run_randomly(&mut host, content, &st, call, &mut rng) {
                    Ok(n) => hook_calls += n,
                    Err(e) => {
                        problems.push(format!(
                            "tile `{}`, hook `{}`: {e}",
                            tile.id,
                            content.program.hook_name(hook)
                        ));
                        break;
                    }
                }
                // Keep the setup's effects so later hooks see a set-up tile.
                if hook == Hook::Setup {
                    let mut scratch = st.clone();
                    if let Ok(HookOutcome::Done(_)) =
                        host.call(content, &mut scratch, &call, &[], &mut EventLog::default())
                    {
                        st = scratch;
                    }
                }
            }
        }
    }
    for (c, card) in content.cards.iter().enumerate() {
        if card.behaviour.is_none() {
            continue;
        }
        let owner = Owner::Card { card: c as CardIx };
        let Some(st) = samples.first() else { break };
        for hook in content.program.named_hooks(false) {
            if !host.has_hook(content, st, owner, hook) {
                continue;
            }
            // Called as a hook point, as `ctx:trigger` would, with no argument (nil; a
            // `use_cards` hook ignores the third argument).
            let Hook::Named(i) = hook else { continue };
            for st in &samples {
                let call = HookCall {
                    owner,
                    hook: Hook::Point(i),
                    player: Some(0),
                };
                match run_randomly_from(&mut host, content, st, call, vec![String::new()], &mut rng)
                {
                    Ok(n) => hook_calls += n,
                    Err(e) => {
                        problems.push(format!(
                            "card `{}`, hook `{}`: {e}",
                            card.id,
                            content.program.hook_name(hook)
                        ));
                        break;
                    }
                }
            }
        }
    }
    for (i, u) in content.unlocks.iter().enumerate() {
        if u.on_reach.is_none() {
            continue;
        }
        for st in &samples {
            let call = HookCall {
                owner: Owner::Unlock { index: i as u8 },
                hook: Hook::Reached,
                player: Some(0),
            };
            match run_randomly(&mut host, content, st, call, &mut rng) {
                Ok(n) => hook_calls += n,
                Err(e) => {
                    problems.push(format!(
                        "skill unlock at level {}, hook `on_reach`: {e}",
                        u.level
                    ));
                    break;
                }
            }
        }
    }
    // Areas: the options of a worker of the asked player, each carried out.
    for (a, area) in content.board.areas.iter().enumerate() {
        let owner = Owner::Area { area: a as AreaId };
        let Some(st) = samples.first() else { break };
        if !host.has_hook(content, st, owner, Hook::Options) {
            continue;
        }
        'samples: for st in &samples {
            let player = Some(st.decision().map(|d| d.player).unwrap_or(0));
            let call = HookCall {
                owner,
                hook: Hook::Options,
                player,
            };
            let options = match host.options(content, st, &call) {
                Ok(o) => o,
                Err(e) => {
                    problems.push(format!("area `{}`, hook `options`: {e}", area.id));
                    break;
                }
            };
            hook_calls += 1;
            for (key, _) in options {
                let call = HookCall {
                    owner,
                    hook: Hook::Resolve,
                    player,
                };
                match run_randomly_from(&mut host, content, st, call, vec![key.clone()], &mut rng) {
                    Ok(n) => hook_calls += n,
                    Err(e) => {
                        problems.push(format!(
                            "area `{}`, hook `resolve` with option `{key}`: {e}",
                            area.id
                        ));
                        break 'samples;
                    }
                }
            }
        }
    }
    // Flow hooks: every function a `hook` step (or a `place` step's `after`) names, for
    // the asked player unless every step runs it for no one.
    for (h, flow_hook) in content.program.game_hooks.iter().enumerate() {
        let for_no_one = content
            .program
            .blocks
            .iter()
            .flat_map(|b| &b.steps)
            .any(|s| s.kind.game_hook() == Some((h as u16, HookOn::Game)));
        if content.program.potential == Some(h as u16) {
            // `[score] potential`: read-only, once per player of each sample state.
            'estimates: for st in &samples {
                for p in 0..st.players.len() {
                    let call = HookCall {
                        owner: Owner::Game { hook: h as u16 },
                        hook: Hook::Potential,
                        player: Some(p),
                    };
                    hook_calls += 1;
                    if let Err(e) = host.estimate(content, st, &call) {
                        problems.push(format!(
                            "[score] potential `{}.{}` ({}): {e}",
                            flow_hook.module, flow_hook.function, flow_hook.declared_at
                        ));
                        break 'estimates;
                    }
                }
            }
            continue;
        }
        for st in &samples {
            let player = (!for_no_one).then(|| st.decision().map(|d| d.player).unwrap_or(0));
            let call = HookCall {
                owner: Owner::Game { hook: h as u16 },
                hook: Hook::Run,
                player,
            };
            match run_randomly(&mut host, content, st, call, &mut rng) {
                Ok(n) => hook_calls += n,
                Err(e) => {
                    problems.push(format!(
                        "flow hook `{}.{}` ({}): {e}",
                        flow_hook.module, flow_hook.function, flow_hook.declared_at
                    ));
                    break;
                }
            }
        }
    }
    let mut report = report(content, hook_calls, games, problems, &records);
    // Every hook has now run many times on this host: a module-level local it changed
    // means it keeps state between calls (DESIGN invariant 2).
    for place in host.kept_state() {
        report.warnings.push(format!(
            "{place} changes a module-level local between calls; weft puts it back before each game, but within a game the hook then depends on what ran before it (bots' lookahead, replays): keep lasting state in ctx:set_counter"
        ));
    }
    report
}

/// `[score] estimate = "per_player"` checked on the sample states: each player's end
/// scoring run alone must give what it gives after every player's.
fn per_player_estimate_problem(engine: &mut Engine, samples: &[GameState]) -> Option<String> {
    let content = Arc::clone(engine.content());
    let declared_at = content.program.per_player_estimate.as_ref()?;
    samples.iter().enumerate().find_map(|(i, st)| {
        let (p, alone, all) = engine.per_player_estimate_mismatch(st)?;
        Some(format!(
            "[score] estimate = \"per_player\" ([score] at {declared_at}): at sample state {} (round {}), player {}'s end scoring run alone gives {alone}, but {all} after every player's: an `on = \"players\"` end hook reads or changes another player's state (or an `on = \"game\"` end hook reads what they changed, or the end hooks draw random numbers). Make each player's hook read and change only ctx:player()'s state, or remove the line (bots then run every player's)",
            i + 1,
            st.round,
            p + 1
        ))
    })
}

/// One problem per distinct game error: the first game that hit it, and how many more
/// did (so fifty games failing the same way read as one problem, not fifty).
fn group_game_errors(errors: &[(u64, usize, u64, usize, String)]) -> Vec<String> {
    let mut order: Vec<&str> = Vec::new();
    let mut by_error: std::collections::BTreeMap<&str, Vec<u64>> = Default::default();
    for (i, _, _, _, e) in errors {
        let games = by_error.entry(e.as_str()).or_default();
        if games.is_empty() {
            order.push(e.as_str());
        }
        games.push(*i);
    }
    order
        .into_iter()
        .map(|e| {
            let games = &by_error[e];
            let &(i, players, seed, decisions, _) = errors
                .iter()
                .find(|g| g.4 == e)
                .expect("every grouped error has a game");
            let more = match games.len() - 1 {
                0 => String::new(),
                n => format!(
                    " (and {n} more game{} with the same error: {}{})",
                    if n == 1 { "" } else { "s" },
                    games[1..]
                        .iter()
                        .take(8)
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                    if n > 8 { ", …" } else { "" }
                ),
            };
            format!(
                "game {i} ({players} players, seed {seed}) errored after {decisions} decisions{more}:\n{e}"
            )
        })
        .collect()
}

/// The problems with repeats folded: each once, in first-seen order, with how many times
/// it occurred (the same hook failing on every sample state is one problem).
fn fold_repeats(problems: Vec<String>) -> Vec<String> {
    let mut counts: std::collections::HashMap<String, usize> = Default::default();
    let mut order = Vec::new();
    for p in problems {
        let n = counts.entry(p.clone()).or_insert(0);
        if *n == 0 {
            order.push(p);
        }
        *n += 1;
    }
    order
        .into_iter()
        .map(|p| match counts[&p] {
            1 => p,
            n => format!("{p}\n(the same problem occurred {n} times, on different sample states)"),
        })
        .collect()
}

fn report(
    content: &Content,
    hook_calls: usize,
    games: u64,
    problems: Vec<String>,
    records: &[crate::sim::GameRecord],
) -> CheckReport {
    let problems = fold_repeats(problems);
    CheckReport {
        ok: problems.is_empty(),
        tiles: content.tiles.len(),
        components: components(content),
        hook_calls,
        games,
        problems,
        warnings: crate::lint::warnings(content, records),
    }
}

/// What `content` has, by kind, for the check's closing line: only the kinds it has.
fn components(content: &Content) -> Vec<(String, usize)> {
    [
        ("tile", content.tiles.len()),
        ("card", content.cards.len()),
        (
            "card template",
            content
                .cards
                .iter()
                .map(|c| c.template.as_str())
                .collect::<std::collections::BTreeSet<_>>()
                .len(),
        ),
        ("deck", content.decks.len()),
        ("card zone", content.zones.len()),
        ("area", content.board.areas.len()),
        ("flow hook", content.program.game_hooks.len()),
    ]
    .into_iter()
    .filter(|(_, n)| *n > 0)
    .map(|(kind, n)| (kind.to_string(), n))
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fifty games failing the same way are one problem naming the first game and the
    /// others; a different error is its own problem.
    #[test]
    fn game_errors_are_grouped_by_error() {
        let mut errors: Vec<(u64, usize, u64, usize, String)> = (0..12)
            .map(|i| (i, 4, 100 + i, 7, "boom at line 3".to_string()))
            .collect();
        errors.insert(1, (1, 2, 9, 3, "other".to_string()));
        let p = group_game_errors(&errors);
        assert_eq!(p.len(), 2, "{p:?}");
        assert!(
            p[0].starts_with("game 0 (4 players, seed 100) errored after 7 decisions (and 11 more games with the same error: 1, 2, 3, 4, 5, 6, 7, 8, …):\nboom at line 3"),
            "{}",
            p[0]
        );
        assert!(p[1].starts_with("game 1 (2 players, seed 9) errored after 3 decisions:\nother"));
    }

    #[test]
    fn repeated_problems_are_listed_once_with_their_count() {
        let p = fold_repeats(vec!["a".into(), "b".into(), "a".into(), "a".into()]);
        assert_eq!(
            p,
            [
                "a\n(the same problem occurred 3 times, on different sample states)",
                "b"
            ]
        );
    }
}
