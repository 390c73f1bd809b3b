//! Move decisions already built, kept by what they are made of, so a position reached
//! again (bots try every option of the player before, and most lead to the same move
//! decision) shares the decision instead of formatting every option's key and label
//! anew. A move decision is a pure function of the mover, its range, its pieces and the
//! board's tiles (the labels name the tiles), so a kept one is the one that would be
//! built: the game is the same, bit for bit. Without labels nothing in it names a tile
//! (keys name slots), so kept decisions and texts then outlive a game's board.

use std::sync::Arc;

use crate::content::{Content, SlotId, TileId};
use crate::decision::{Choice, Decision};
use crate::state::{GameState, Piece};

/// Kept decisions: a direct-mapped table, a position's key picking its one entry, so a
/// miss costs a hash and a compare and the memory stays bounded (64 decisions of
/// 20-odd options take about 200 KiB).
const ENTRIES: usize = 64;

/// Built move decisions by (player, range, pieces), and the key and label of each
/// (from, to) move: for one board of tiles with labels, for every board without.
#[derive(Default)]
pub(super) struct MoveCache {
    /// The tile on each slot when the kept decisions and texts were built.
    tiles: Vec<TileId>,
    /// Kept decisions with their keys, at the entry the key hashes to.
    kept: Vec<Option<(Vec<u16>, Arc<Decision>)>>,
    /// The key being looked up (reused: no allocation per lookup).
    scratch: Vec<u16>,
    /// Each move's key and label, at `from * slots + to`, made on first use.
    pub(super) texts: MoveTexts,
}

/// Scratch space for building one move decision, kept to build the next one.
#[derive(Default)]
pub(super) struct Scratch {
    /// R-MOVE-5: whether one of the mover's pieces lies on each slot.
    pub(super) lying: Vec<bool>,
    /// The option list of a kept decision no state holds any more, put out of the
    /// cache by this one: the new decision's options reuse its room.
    pub(super) options: Vec<Choice>,
}

/// The key and label of each (from, to) move, formatted once per board (once per
/// engine without labels), and the slots each (from, range) reaches.
#[derive(Default)]
pub(super) struct MoveTexts {
    made: Vec<Option<Choice>>,
    /// Whether each slot is of the free kind (R-PLAZA-1), read once per engine.
    free: Arc<[bool]>,
    /// The slots a piece may move to from each slot with each range, by distance and
    /// kind alone, at `from * reach_width + column` (see [`MoveTexts::reach_from`]):
    /// they depend on the board's layout only, so a new board of tiles keeps them (they
    /// go with the whole cache when labels are switched).
    reach: Vec<Option<Box<[SlotId]>>>,
    /// Columns of `reach` per slot: the ranges up to the longest finite distance
    /// between two slots (a longer range reaches no further), and one for the range
    /// `u16::MAX`, which also reaches slots no path joins.
    reach_width: usize,
    /// Scratch space for the decision being built.
    pub(super) scratch: Scratch,
}

impl MoveTexts {
    /// Whether each slot of the board is of the content's free kind, by slot index.
    pub(super) fn free_slots(&mut self, c: &Content) -> Arc<[bool]> {
        if self.free.len() != c.board.slots.len() {
            self.free = c
                .board
                .slots
                .iter()
                .map(|s| s.kind == c.free_kind)
                .collect();
        }
        Arc::clone(&self.free)
    }

    /// The slots a piece on `from` may move to with `range` by distance and kind alone,
    /// ascending: a slot of the free kind at any distance, the piece's own included
    /// (R-PLAZA-1), and any other slot 1 to `range` steps away (R-MOVE-2, R-MOVE-3);
    /// R-MOVE-5 is the caller's to apply. Beside them, the moves from `from` by
    /// destination slot, as choices whose key and label are kept (their action is the
    /// caller's to set), each made on first use (`get_or_insert_with`).
    pub(super) fn reach_from(
        &mut self,
        c: &Content,
        from: SlotId,
        range: u16,
    ) -> (&[SlotId], &mut [Option<Choice>]) {
        let n = c.board.slots.len();
        if self.made.len() != n * n {
            self.made = vec![None; n * n];
        }
        if self.free.len() != n {
            self.free_slots(c);
        }
        if self.reach_width == 0 || self.reach.len() != n * self.reach_width {
            let farthest = (0..n as SlotId)
                .flat_map(|a| (0..n as SlotId).map(move |b| (a, b)))
                .map(|(a, b)| c.board.distance(a, b))
                .filter(|&d| d != u16::MAX)
                .max()
                .unwrap_or(0);
            self.reach_width = farthest as usize + 2;
            self.reach = vec![None; n * self.reach_width];
        }
        let column = if range == u16::MAX {
            self.reach_width - 1
        } else {
            (range as usize).min(self.reach_width - 2)
        };
        let free = &self.free;
        let reach =
            self.reach[from as usize * self.reach_width + column].get_or_insert_with(|| {
                (0..n as SlotId)
                    .filter(|&to| {
                        let d = c.board.distance(from, to);
                        free[to as usize] || (to != from && d >= 1 && d <= range)
                    })
                    .collect()
            });
        (reach, &mut self.made[from as usize * n..][..n])
    }
}

impl MoveCache {
    /// The move decision of player `p` with `range`, from the cache or from `build`.
    /// `labels` says whether decisions name tiles (see [`crate::Engine::set_labels`],
    /// which empties the cache when it changes): only then does a new board empty it.
    pub(super) fn get_or_build(
        &mut self,
        st: &GameState,
        p: usize,
        range: u16,
        labels: bool,
        build: impl FnOnce(&mut MoveTexts) -> Decision,
    ) -> Arc<Decision> {
        if labels && !self.same_board(st) {
            self.kept.clear();
            self.texts.made.clear();
            self.tiles.clear();
            self.tiles.extend(st.board.iter().map(|t| t.tile));
        }
        if self.kept.is_empty() {
            self.kept.resize(ENTRIES, None);
        }
        Self::key(&mut self.scratch, p, range, &st.players[p].pieces);
        let at = fnv1a(&self.scratch) as usize % ENTRIES;
        if let Some((key, d)) = &self.kept[at] {
            if *key == self.scratch {
                return Arc::clone(d);
            }
        }
        // The entry is put out before the build, so a build that panics leaves no entry
        // behind; its decision, when no state holds it, lends its list's room.
        let mut key = match self.kept[at].take() {
            Some((key, mut out)) => {
                if let Some(out) = Arc::get_mut(&mut out) {
                    self.texts.scratch.options = std::mem::take(&mut out.options);
                }
                key
            }
            None => Vec::new(),
        };
        let d = Arc::new(build(&mut self.texts));
        key.clone_from(&self.scratch);
        self.kept[at] = Some((key, Arc::clone(&d)));
        d
    }

    fn same_board(&self, st: &GameState) -> bool {
        self.tiles.len() == st.board.len()
            && self
                .tiles
                .iter()
                .zip(st.board.iter())
                .all(|(&t, s)| t == s.tile)
    }

    /// Everything a move decision is made of besides the board: the player, the range,
    /// and each piece's slot and whether it has moved.
    fn key(out: &mut Vec<u16>, p: usize, range: u16, pieces: &[Piece]) {
        out.clear();
        out.push(p as u16);
        out.push(range);
        for piece in pieces {
            out.push(piece.at);
            out.push(piece.moved as u16);
        }
    }
}

/// FNV-1a over the key's values: fixed, so the table is the same in every process.
fn fnv1a(key: &[u16]) -> u64 {
    key.iter().fold(0xcbf2_9ce4_8422_2325, |h: u64, &v| {
        (h ^ v as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decision::Action;

    fn decision(tag: &str) -> Decision {
        Decision {
            player: 0,
            prompt: tag.into(),
            options: vec![Choice::keyed(tag.into(), Action::Pass)],
        }
    }

    fn piece(at: u16, moved: bool) -> Piece {
        Piece { at, moved }
    }

    #[test]
    fn builds_once_per_key_and_again_for_a_new_board() {
        let mut st = GameState::placeholder();
        st.players = vec![Default::default()];
        st.player_mut(0).pieces = vec![piece(1, false), piece(2, true)];
        let mut cache = MoveCache::default();
        let mut built = 0;
        let mut get = |cache: &mut MoveCache, st: &GameState, range: u16| {
            cache.get_or_build(st, 0, range, true, |_| {
                built += 1;
                decision(&format!("d{built}"))
            })
        };
        let a = get(&mut cache, &st, 2);
        let b = get(&mut cache, &st, 2);
        assert!(Arc::ptr_eq(&a, &b), "the same position shares its decision");
        let c = get(&mut cache, &st, 3);
        assert_ne!(a.prompt, c.prompt, "another range is another decision");
        st.player_mut(0).pieces[1].moved = false;
        let d = get(&mut cache, &st, 2);
        assert_ne!(a.prompt, d.prompt, "a piece that stands again changes it");
        st.player_mut(0).pieces[1].moved = true;
        assert!(Arc::ptr_eq(&a, &get(&mut cache, &st, 2)));
        st.board_mut().push(Default::default());
        let e = get(&mut cache, &st, 2);
        assert!(!Arc::ptr_eq(&a, &e), "another board builds again");
    }

    #[test]
    fn without_labels_a_new_board_keeps_the_decisions() {
        let mut st = GameState::placeholder();
        st.players = vec![Default::default()];
        st.player_mut(0).pieces = vec![piece(1, false)];
        let mut cache = MoveCache::default();
        let a = cache.get_or_build(&st, 0, 2, false, |_| decision("a"));
        st.board_mut().push(Default::default());
        let b = cache.get_or_build(&st, 0, 2, false, |_| decision("b"));
        assert!(Arc::ptr_eq(&a, &b), "keys name slots, not tiles");
        let c = cache.get_or_build(&st, 0, 2, true, |_| decision("c"));
        assert_eq!(c.prompt, "c", "with labels, a new board builds again");
    }

    #[test]
    fn stays_within_its_capacity() {
        let mut st = GameState::placeholder();
        st.players = vec![Default::default()];
        st.player_mut(0).pieces = vec![piece(0, false)];
        let mut cache = MoveCache::default();
        for at in 0..(ENTRIES as u16 * 3) {
            st.player_mut(0).pieces[0].at = at;
            cache.get_or_build(&st, 0, 1, true, |_| decision("x"));
            assert_eq!(cache.kept.len(), ENTRIES);
        }
    }

    /// The slots `reach_from` keeps are those the rules give for every range, however
    /// the ranges come (a range past the longest distance shares a column; the range
    /// `u16::MAX` has its own, reaching slots no path joins).
    #[test]
    fn reach_is_the_rules_for_every_range() {
        let (files, library) = crate::read_packs(&[], &[], None).expect("the base pack reads");
        let mut c = crate::content::load_content(&files, &library).expect("the base pack loads");
        let n = c.board.slots.len();
        // Cut slots 0 and 1 apart: only the range u16::MAX reaches across.
        c.board.distance[1] = u16::MAX;
        c.board.distance[n] = u16::MAX;
        let free: Vec<bool> = c
            .board
            .slots
            .iter()
            .map(|s| s.kind == c.free_kind)
            .collect();
        let rule = |from: SlotId, range: u16| -> Vec<SlotId> {
            (0..n as SlotId)
                .filter(|&to| {
                    let d = c.board.distance(from, to);
                    free[to as usize] || (to != from && d >= 1 && d <= range)
                })
                .collect()
        };
        let mut texts = MoveTexts::default();
        let ranges = [7, 0, 30, 2, u16::MAX, 1, 12, u16::MAX - 1, 3, 9, 4, 5, 6, 8];
        for from in 0..n as SlotId {
            for &range in &ranges {
                let (reach, made) = texts.reach_from(&c, from, range);
                assert_eq!(reach, rule(from, range), "from {from}, range {range}");
                assert_eq!(made.len(), n);
            }
        }
        let (reach, _) = texts.reach_from(&c, 0, u16::MAX);
        assert!(reach.contains(&1), "the range u16::MAX reaches slot 1");
        let (reach, _) = texts.reach_from(&c, 0, u16::MAX - 1);
        assert!(!reach.contains(&1) || free[1], "no other range does");
    }
}
