//! `[payment]` of `game.toml`: which counter may stand in for which in a payment, one
//! unit for one (M-JADE-1: jade for coins or camels).

use crate::content::diagnostics::Loader;
use crate::content::raw::GameToml;
use crate::content::{Counter, CounterId};

use super::counters::{counter_id, counter_list};

/// The substitutes, as (counter paid, counter that may pay for it); each counter paid
/// has at most one.
pub(in crate::content) fn resolve(
    ld: &mut Loader,
    gf: &str,
    game: &GameToml,
    counters: &[Counter],
) -> Vec<(CounterId, CounterId)> {
    let mut out: Vec<(CounterId, CounterId)> = Vec::new();
    let Some(payment) = &game.payment else {
        return out;
    };
    for (sub, paid) in &payment.substitutes {
        let Some(s) = counter_id(counters, sub) else {
            ld.fail(
                gf,
                sub,
                format!("[payment] substitutes: `{sub}` is not a counter"),
                &format!("counters are: {}", counter_list(counters)),
            );
            continue;
        };
        for name in paid {
            match counter_id(counters, name) {
                Some(k) if k == s => ld.fail(
                    gf,
                    sub,
                    format!("[payment] substitutes: `{sub}` cannot stand in for itself"),
                    "",
                ),
                Some(k) => match out.iter().find(|(x, _)| *x == k) {
                    Some(&(_, other)) => ld.fail(
                        gf,
                        sub,
                        format!(
                            "[payment] substitutes: `{name}` already has a substitute, `{}`",
                            counters[other as usize].id
                        ),
                        "give each counter at most one substitute",
                    ),
                    None => out.push((k, s)),
                },
                None => ld.fail(
                    gf,
                    sub,
                    format!("[payment] substitutes: `{sub}` stands in for `{name}`, which is not a counter"),
                    &format!("counters are: {}", counter_list(counters)),
                ),
            }
        }
    }
    // A substitute that is itself paid for by another would chain payments.
    for &(k, s) in &out {
        if out.iter().any(|&(x, _)| x == s) {
            ld.fail(
                gf,
                &counters[s as usize].id,
                format!(
                    "[payment] substitutes: `{}` stands in for `{}` and has a substitute of its own",
                    counters[s as usize].id, counters[k as usize].id
                ),
                "substitutes do not chain: give the substitute none",
            );
        }
    }
    out.sort_unstable();
    out
}
