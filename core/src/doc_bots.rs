//! The bots' settings for `weft doc content`: what the greedy bot values (its default
//! weights, with the pack's `[bots.greedy]` and weight sets over them) and how far the
//! search bot looks, so a designer reads what the bots understand of a pack before
//! trusting what they play.

use crate::agent::{BotOptions, GreedyWeights, MctsConfig};
use crate::content::Content;

/// What one unit of each fixed greedy weight is, for people.
const GREEDY_MEANINGS: [(&str, &str); 6] = [
    (
        "score",
        "a point the seat would score if the game ended now (the pack's score estimate)",
    ),
    ("material", "a point of material value held"),
    (
        "progress",
        "a point of a card's reward, times the share of its cost held, squared",
    ),
    ("hand", "a point of a card's reward, for holding the card"),
    (
        "used",
        "a card with a behaviour in the zone a `use_cards` step uses",
    ),
    ("win", "being among the winners, once the game is over"),
];

/// The "Bots" section of the content reference.
pub fn bots_markdown(content: &Content) -> String {
    let w = GreedyWeights::from_content(content);
    let from_pack = content.bot_params.get("greedy");
    let mut out = String::from(
        "\n## Bots\n\nWhat the bots value in this pack. The greedy bot tries each option on a copy of the game, finishes its turn, and keeps the option whose position is worth most by these weights; the search bot (`mcts`) plays on from each option as set below and judges where it ends by the same weights. A mechanic whose value none of these see (a tile counter, a payoff in a later round) is invisible to greedy: weigh it in `[score] potential`, or let mcts play through rounds (`rounds`).\n\n### greedy (`[bots.greedy]` in game.toml)\n\n| weight | value | default | one unit is |\n|---|---|---|---|\n",
    );
    for (name, meaning) in GREEDY_MEANINGS {
        let value = w.fixed(name).unwrap_or_default();
        let default = GreedyWeights::DEFAULTS
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(0.0, |&(_, v)| v);
        let set_here = from_pack.is_some_and(|t| t.contains_key(name));
        out.push_str(&format!(
            "| {name} | {value}{} | {} | {meaning} |\n",
            if set_here { " (pack)" } else { "" },
            default
        ));
    }
    for &(k, v) in &w.counters {
        out.push_str(&format!(
            "| {} | {v} (pack) | 0 | one {} held |\n",
            content.counters[k as usize].id, content.counters[k as usize].id
        ));
    }
    for &(z, v) in &w.zones {
        // `z` counts player zones only (a player's zone list), as the weights do.
        let id = content
            .zones
            .iter()
            .find(|x| x.owner == crate::content::ZoneOwner::Player && x.index == z)
            .map_or("?", |x| x.id.as_str());
        out.push_str(&format!(
            "| zone:{id} | {v} (pack) | 0 | a card held in it |\n"
        ));
    }
    out.push_str(&format!("\nScore estimate: {}.\n", estimate_words(content)));
    let sets: Vec<(&String, _)> = content
        .bot_params
        .iter()
        .filter(|(k, _)| k.starts_with("greedy:"))
        .collect();
    if !sets.is_empty() {
        out.push_str("\nWeight sets (`--bots greedy:SET`), each changing only what it names:\n\n| set | weights |\n|---|---|\n");
        for (name, t) in sets {
            let list: Vec<String> = t.iter().map(|(k, v)| format!("{k} = {v}")).collect();
            out.push_str(&format!("| {name} | {} |\n", list.join(", ")));
        }
    }
    let m = MctsConfig::resolve(content, &BotOptions::default());
    out.push_str(&format!(
        "\n### mcts (`[bots.mcts]`; `--mcts-iterations`, `--mcts-rounds`)\n\n| setting | value | what it does |\n|---|---|---|\n| iterations | {} | searches for each decision |\n| rounds | {} | {} |\n| rollout | {} | turns of its own a playout plays when `rounds` is 0 |\n| exploration | {} | UCB1 constant |\n| scale | {} | evaluation points of gain worth a 73% reward |\n",
        m.iterations,
        m.rounds,
        match m.rounds {
            0 => "playouts stop after the searcher's next turn: what pays later is seen only through the score estimate".to_string(),
            n if n >= MctsConfig::MAX_ROUNDS => "playouts run to the game's end".to_string(),
            n => format!("playouts run into the {n} round(s) after the one in play, to the first question there: what a round's end pays without asking counts"),
        },
        m.rollout,
        m.exploration,
        m.scale
    ));
    out
}

/// How the score estimate bots use is made, in words.
fn estimate_words(content: &Content) -> String {
    let program = &content.program;
    let end = crate::engine::estimate_runs_end_hooks(program);
    let potential = program.potential.map(|i| {
        let h = &program.game_hooks[i as usize];
        format!("`{}.{}` ([score] potential)", h.module, h.function)
    });
    match (end, potential) {
        (true, Some(p)) => format!("the pack's end hooks run on a copy, plus {p}"),
        (true, None) => "the pack's end hooks run on a copy; no `[score] potential`".into(),
        (false, Some(p)) => format!("the declared score parts, plus {p}"),
        (false, None) => "the declared score parts only; no `[score] potential`".into(),
    }
}
