//! The option keys the engine itself offers (`act`, `pass`, `fulfil:c03`, `place:market`,
//! …), made once per engine. A decision is made for nearly every apply, and most offer
//! some of these; sharing the text instead of formatting and allocating it for every
//! option is the same game, bit for bit, at a fraction of the cost.

use std::sync::Arc;

use crate::content::{AreaId, CardIx, Content};
use crate::decision::{Action, Choice, Decision};
use crate::pips::{DiceSet, PoolDie};

/// What a key made on first use stands for: a placement of a set on a dice space (a main
/// action's, or an extra's that places), an extra action on one die (turned up or down),
/// or a card a `script` extra offers from data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum MadeKey {
    /// `place:<space>:<set>`, by dice space.
    Place(crate::content::dice::DiceSpaceId, DiceSet),
    /// `<extra>:<set>`, by extra.
    ExtraPlace(u8, DiceSet),
    /// `<extra>:<die>`, or with `:up`/`:down` (`Some(up)`), by extra.
    Die(u8, PoolDie, Option<bool>),
    /// `<extra>:<card>`, by extra (`offers = "cards"`).
    Card(u8, CardIx),
}

/// The most made keys kept (past it a key is made each time it is offered): far more
/// than a game of dice placement offers, a bound on an engine's memory whatever a pack
/// does.
const MAX_MADE_KEYS: usize = 1 << 16;

/// Keys made once from the content an engine runs.
pub(super) struct Keys {
    /// `act`: take the tile's action (R-ACT-1).
    pub act: Arc<str>,
    /// `pass`: decline, or finish (R-ACT-2, R-FUL-1).
    pub pass: Arc<str>,
    /// `done`: finish workshop actions (R-WS-4).
    pub done: Arc<str>,
    /// `decline`: decline a worker's action (C-RES-2).
    pub decline: Arc<str>,
    /// `<verb>:<card>` by verb (the program's card verbs: those of `play` and
    /// `use_cards` steps), then by card.
    card: Vec<Vec<Arc<str>>>,
    /// `discard:<card>` (a zone's limit), by card.
    discard: Vec<Arc<str>>,
    /// `place:<area>`, by area.
    place: Vec<Arc<str>>,
    /// Each player's act-or-pass question without labels (R-ACT-1/2), made on first use.
    act_or_pass: Vec<Arc<Decision>>,
    /// Dice placements', die extras' and offered cards' keys, made on first use: a turn
    /// of dice placement offers a hundred of them, most offered again the next turn.
    made: rustc_hash::FxHashMap<MadeKey, Arc<str>>,
}

impl Keys {
    /// The keys of `c`'s cards and areas.
    pub fn new(c: &Content) -> Keys {
        let per_card = |verb: &str| -> Vec<Arc<str>> {
            c.cards
                .iter()
                .map(|def| format!("{verb}:{}", def.id).into())
                .collect()
        };
        Keys {
            act: "act".into(),
            pass: "pass".into(),
            done: "done".into(),
            decline: "decline".into(),
            card: c.program.card_verbs.iter().map(|v| per_card(v)).collect(),
            discard: per_card("discard"),
            place: c
                .board
                .areas
                .iter()
                .map(|a| format!("place:{}", a.id).into())
                .collect(),
            act_or_pass: Vec::new(),
            made: rustc_hash::FxHashMap::default(),
        }
    }

    /// The key `what` stands for, which `make` writes the first time it is asked.
    pub fn made(&mut self, what: MadeKey, make: impl FnOnce() -> String) -> Arc<str> {
        if let Some(key) = self.made.get(&what) {
            return Arc::clone(key);
        }
        let key: Arc<str> = make().into();
        if self.made.len() < MAX_MADE_KEYS {
            self.made.insert(what, Arc::clone(&key));
        }
        key
    }

    /// Player `p`'s question whether to take the action of the tile moved to (R-ACT-1)
    /// or decline it (R-ACT-2), without labels: no prompt, and each label its key.
    pub fn act_or_pass(&mut self, p: usize) -> Arc<Decision> {
        while self.act_or_pass.len() <= p {
            let player = self.act_or_pass.len();
            let choice =
                |key: &Arc<str>, action| Choice::shared(Arc::clone(key), Arc::clone(key), action);
            self.act_or_pass.push(Arc::new(Decision {
                player,
                prompt: String::new(),
                options: vec![
                    choice(&self.act, Action::Act),
                    choice(&self.pass, Action::Pass),
                ],
            }));
        }
        Arc::clone(&self.act_or_pass[p])
    }

    /// `<verb>:<card>`, with verb `verb` of the program's card verbs: a `play` or
    /// `use_cards` step's option (Tabriz's `fulfil:<card>`, R-FUL-1, and
    /// `workshop:<card>`, R-WS-4).
    pub fn card(&self, verb: u8, card: CardIx) -> Arc<str> {
        Arc::clone(&self.card[verb as usize][card as usize])
    }

    /// `discard:<card>` (a zone's limit; Tabriz's R-FUL-4).
    pub fn discard(&self, card: CardIx) -> Arc<str> {
        Arc::clone(&self.discard[card as usize])
    }

    /// `place:<area>` (C-PLACE-2).
    pub fn place(&self, area: AreaId) -> Arc<str> {
        Arc::clone(&self.place[area as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(pack: Option<&str>) -> Content {
        let dir = pack.map(|p| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("..")
                .join(p)
        });
        let packs: Vec<&std::path::Path> = dir.iter().map(|d| d.as_path()).collect();
        let (files, library) = crate::read_packs(&packs, &[], None).expect("the pack reads");
        crate::content::load_content(&files, &library).expect("the pack loads")
    }

    #[test]
    fn keys_name_the_card_and_area_they_stand_for() {
        let tabriz = load(None);
        let cabriole = load(Some("content/cabriole"));
        assert!(!tabriz.cards.is_empty() && !cabriole.board.areas.is_empty());
        // Tabriz's flow names its verbs (R-FUL-1, R-WS-4); Cabriole plays no cards.
        let mut verbs = tabriz.program.card_verbs.clone();
        verbs.sort();
        assert_eq!(verbs, ["fulfil", "workshop"]);
        assert!(cabriole.program.card_verbs.is_empty());
        for c in [tabriz, cabriole] {
            let keys = Keys::new(&c);
            for (i, def) in c.cards.iter().enumerate() {
                for (v, verb) in c.program.card_verbs.iter().enumerate() {
                    assert_eq!(
                        &*keys.card(v as u8, i as CardIx),
                        format!("{verb}:{}", def.id)
                    );
                }
                assert_eq!(&*keys.discard(i as CardIx), format!("discard:{}", def.id));
            }
            for (i, a) in c.board.areas.iter().enumerate() {
                assert_eq!(&*keys.place(i as AreaId), format!("place:{}", a.id));
            }
            assert_eq!(
                [&*keys.act, &*keys.pass, &*keys.done, &*keys.decline],
                ["act", "pass", "done", "decline"]
            );
        }
    }

    #[test]
    fn the_act_or_pass_question_is_each_players_own_and_made_once() {
        let mut keys = Keys::new(&load(None));
        let third = keys.act_or_pass(2);
        assert_eq!(third.player, 2);
        assert_eq!(third.prompt, "");
        let options: Vec<(&str, &str, Action)> = third
            .options
            .iter()
            .map(|c| (&*c.key, c.label(), c.action))
            .collect();
        assert_eq!(
            options,
            [("act", "act", Action::Act), ("pass", "pass", Action::Pass)]
        );
        assert_eq!(keys.act_or_pass(0).player, 0);
        assert!(
            Arc::ptr_eq(&third, &keys.act_or_pass(2)),
            "kept, not made again"
        );
    }
}
