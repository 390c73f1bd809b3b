//! Commissions as cards in zones: the loader lowers the `commissions/` folder into
//! [`Card`]s of kind `commission` and declares the zones they move through, so the
//! rules, the bots and the tools handle them as any pack's cards (issue 11: "Tabriz's
//! commissions become uses of these, not special cases").
//!
//! The zones, built in for a pack that declares `[[grades]]` (R-COM-1, R-FUL-2):
//! - `hand`: one per player, seen by its owner only;
//! - `tucked`: one per player, public (fulfilled cards, under the mat);
//! - per grade `G`: `G_deck`, face down and shuffled at setup, and `G_discard`, public.
//!
//! Commission `i` is card `i`: the lowered cards come before the pack's `[[cards]]`, so
//! [`super::Content::commissions`] is the side table of their requirements and rewards,
//! indexed by the same [`CardIx`].

use super::diagnostics::Loader;
use super::zones::{Card, CardIx, Visibility, Zone, ZoneId, ZoneKind, ZoneOwner};
use super::{Commission, Grade};

/// Where the built-in commission zones are: indices into `Player.zones` (hand, tucked)
/// and `GameState.zones` (per grade: draw pile and discard pile). Empty for a pack
/// without grades.
#[derive(Debug, Clone, Default)]
pub struct DeckZones {
    /// Index of the `hand` zone among each player's zones.
    pub hand: Option<usize>,
    /// Index of the `tucked` zone among each player's zones.
    pub tucked: Option<usize>,
    /// Per grade: index of its draw pile among the shared zones.
    pub draw: Vec<usize>,
    /// Per grade: index of its discard pile among the shared zones.
    pub discard: Vec<usize>,
    /// Each built-in zone's id in `Content::zones`, with the grade whose cards alone it
    /// takes (`None`: any commission, for `hand` and `tucked`).
    pub zones: Vec<(ZoneId, Option<u8>)>,
}

/// The id of grade `grade`'s draw pile zone.
pub fn deck_zone_id(grade: &str) -> String {
    format!("{grade}_deck")
}

/// The id of grade `grade`'s discard pile zone.
pub fn discard_zone_id(grade: &str) -> String {
    format!("{grade}_discard")
}

/// Adds the built-in zones after the declared ones and the commission cards before the
/// pack's cards (whose starting zones are unchanged: zone ids only grow). A declared
/// zone with a built-in id is an error naming it.
pub(super) fn lower_commissions(
    ld: &mut Loader,
    gf: &str,
    grades: &[Grade],
    commissions: &[Commission],
    zones: &mut Vec<Zone>,
    cards: &mut Vec<Card>,
) -> DeckZones {
    if grades.is_empty() {
        return DeckZones::default();
    }
    let mut next_shared = zones
        .iter()
        .filter(|z| z.owner == ZoneOwner::Shared)
        .count();
    let mut next_player = zones
        .iter()
        .filter(|z| z.owner == ZoneOwner::Player)
        .count();
    let at = format!("{gf} (built in: the commissions' zones)");
    // The zone id of grade 0's draw pile: after the declared zones, hand and tucked.
    let first_draw = zones.len() + 2;
    let mut built: Vec<ZoneId> = Vec::new();
    let mut add = |ld: &mut Loader, id: String, name: String, owner, visibility| -> usize {
        if zones.iter().any(|z| z.id == id) {
            ld.fail(
                gf,
                &format!("id = \"{id}\""),
                format!("zone `{id}` has the id of a zone weft builds for the commissions"),
                "rename it: `hand`, `tucked`, and `<grade>_deck` and `<grade>_discard` for each grade are built in",
            );
        }
        let next = match owner {
            ZoneOwner::Shared => &mut next_shared,
            ZoneOwner::Player => &mut next_player,
        };
        let index = *next;
        *next += 1;
        built.push(zones.len() as ZoneId);
        zones.push(Zone {
            id,
            name,
            owner,
            kind: ZoneKind::Pile,
            visibility,
            cap: None,
            marks: false,
            shuffle: visibility == Visibility::Hidden,
            index,
            declared_at: at.clone(),
        });
        index
    };
    let hand = add(
        ld,
        "hand".into(),
        "Hand".into(),
        ZoneOwner::Player,
        Visibility::Owner,
    );
    let tucked = add(
        ld,
        "tucked".into(),
        "Tucked commissions".into(),
        ZoneOwner::Player,
        Visibility::Public,
    );
    let mut out = DeckZones {
        hand: Some(hand),
        tucked: Some(tucked),
        draw: Vec::new(),
        discard: Vec::new(),
        zones: Vec::new(),
    };
    // Draw piles first, in grade order: setup shuffles them in zone order (R-COM-1).
    for g in grades {
        out.draw.push(add(
            ld,
            deck_zone_id(&g.id),
            format!("{} deck", g.name),
            ZoneOwner::Shared,
            Visibility::Hidden,
        ));
    }
    for g in grades {
        out.discard.push(add(
            ld,
            discard_zone_id(&g.id),
            format!("{} discards", g.name),
            ZoneOwner::Shared,
            Visibility::Public,
        ));
    }
    let grades_n = grades.len();
    out.zones = built
        .iter()
        .enumerate()
        .map(|(k, &id)| {
            // hand, tucked, then the draw piles and the discard piles in grade order.
            let grade = (k >= 2).then(|| ((k - 2) % grades_n) as u8);
            (id, grade)
        })
        .collect();
    let lowered: Vec<Card> = commissions
        .iter()
        .map(|k| Card {
            id: k.id.clone(),
            template: k.id.clone(),
            name: k.name.clone(),
            kind: "commission".into(),
            zone: (first_draw + k.grade as usize) as ZoneId,
            min_players: 0,
            behaviour: None,
            params: toml::Table::new(),
            text: String::new(),
            declared_in: k.declared_in.clone(),
        })
        .collect();
    if lowered.len() + cards.len() > CardIx::MAX as usize {
        ld.fail(
            gf,
            "",
            format!(
                "{} commissions and {} cards: more than {} in all",
                lowered.len(),
                cards.len(),
                CardIx::MAX
            ),
            "split the game into smaller packs",
        );
        return out;
    }
    cards.splice(0..0, lowered);
    out
}
