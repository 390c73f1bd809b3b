//! `[end]`: the most rounds, a fixed length, the end tokens and the triggers that end
//! the game when a counter reaches a value.

use crate::content::diagnostics::Loader;
use crate::content::raw::EndToml;
use crate::content::{Counter, CounterId, EndRules, EndToken, EndTrigger};

/// `[end]`: its tokens, and its triggers resolved to counters and tokens.
pub(in crate::content) fn resolve(
    ld: &mut Loader,
    gf: &str,
    raw: &EndToml,
    counters: &[Counter],
) -> EndRules {
    let tokens: Vec<EndToken> = raw
        .tokens
        .iter()
        .map(|(id, &points)| EndToken {
            id: id.clone(),
            points,
        })
        .collect();
    let token_list = || {
        tokens
            .iter()
            .map(|t| t.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut triggers = Vec::new();
    for (cause, t) in &raw.triggers {
        let here = format!("[end.triggers.{cause}]");
        let Some(counter) = counters.iter().position(|k| k.id == t.counter) else {
            ld.fail_key(
                &format!("end.triggers.{cause}.counter"),
                (gf, &here),
                format!("{here}: `{}` is not a counter", t.counter),
                &format!(
                    "counters are: {}",
                    counters
                        .iter()
                        .map(|k| k.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
            continue;
        };
        let token = match &t.token {
            None => None,
            Some(id) => {
                let found = tokens.iter().position(|k| &k.id == id);
                if found.is_none() {
                    ld.fail_key(
                        &format!("end.triggers.{cause}.token"),
                        (gf, &here),
                        format!("{here}: token `{id}` is not in [end.tokens]"),
                        &format!(
                            "declare it as [end.tokens] {id} = POINTS (tokens are: {})",
                            token_list()
                        ),
                    );
                }
                found
            }
        };
        if t.at_least > 0 {
            triggers.push(EndTrigger {
                cause: cause.clone(),
                counter: counter as CounterId,
                at_least: t.at_least as i64,
                token,
            });
        }
    }
    if raw.max_rounds == 0 || raw.max_rounds > crate::limits::MAX_ROUNDS {
        ld.fail(
            gf,
            "max_rounds",
            format!(
                "end.max_rounds must be between 1 and {}",
                crate::limits::MAX_ROUNDS
            ),
            "",
        );
    }
    EndRules {
        max_rounds: raw.max_rounds,
        rounds: raw.rounds,
        tokens,
        triggers,
    }
}
