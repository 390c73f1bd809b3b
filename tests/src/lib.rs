//! Helpers for weft's integration tests: load the base pack from the repository, edit
//! content, and drive a game by answer keys like a rulebook example.

pub mod basic;
pub mod packs;
pub mod play;

use std::path::PathBuf;
use std::sync::Arc;

use weft_core::content::{load_content, CardIx, Content, MatId, PackFiles, SlotId};
use weft_core::decision::Decision;
use weft_core::engine::Engine;
use weft_core::error::EngineError;
use weft_core::state::GameState;

/// The repository root.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The rules fixture pack's files (`tests/fixtures/rules`): the first base pack, frozen so
/// that rule tests name slots, tiles and cards that do not move when the base game is
/// rebalanced.
pub fn fixture_files() -> PackFiles {
    PackFiles::from_dir(&repo().join("tests/fixtures/rules")).expect("the fixture pack reads")
}

/// The base game's files, read from `content/tabriz`.
pub fn tabriz_files() -> PackFiles {
    PackFiles::from_dir(&repo().join("content/tabriz")).expect("the base pack reads")
}

/// The base game, loaded.
pub fn tabriz_content() -> Arc<Content> {
    Arc::new(load_content(&[tabriz_files()], &library()).unwrap_or_else(|e| panic!("{e}")))
}

/// The shared library's files, read from `scripts/`.
pub fn library() -> PackFiles {
    PackFiles::from_dir(&repo().join("scripts")).expect("the library reads")
}

/// The rules fixture pack, loaded.
pub fn content() -> Arc<Content> {
    Arc::new(load_content(&[fixture_files()], &library()).unwrap_or_else(|e| panic!("{e}")))
}

/// The rules fixture pack with its files edited before loading.
pub fn content_with_files(edit: impl FnOnce(&mut PackFiles)) -> Arc<Content> {
    let mut files = fixture_files();
    edit(&mut files);
    Arc::new(load_content(&[files], &library()).unwrap_or_else(|e| panic!("{e}")))
}

/// The worker-placement fixture pack's files (`tests/fixtures/queues`): queues with
/// player-count marks, an exclusive area, markets with second-stage spaces, and a round
/// of placement, resolution and reset.
pub fn queues_files() -> PackFiles {
    PackFiles::from_dir(&repo().join("tests/fixtures/queues")).expect("the queues fixture reads")
}

/// The worker-placement fixture pack, loaded.
pub fn queues_content() -> Arc<Content> {
    Arc::new(load_content(&[queues_files()], &library()).unwrap_or_else(|e| panic!("{e}")))
}

/// The card-game fixture pack's files (`tests/fixtures/cards`): no board and no Tabriz
/// sections; a hidden deck, a display grid with marks, hands with a cap.
pub fn cards_files() -> PackFiles {
    PackFiles::from_dir(&repo().join("tests/fixtures/cards")).expect("the cards fixture reads")
}

/// The card-game fixture pack, loaded.
pub fn cards_content() -> Arc<Content> {
    Arc::new(load_content(&[cards_files()], &library()).unwrap_or_else(|e| panic!("{e}")))
}

/// The dice fixture pack's files (`tests/fixtures/dice`): dice pools, dice spaces of
/// every occupancy, extra actions around one main action, turns until every pool is
/// empty.
pub fn dice_files() -> PackFiles {
    PackFiles::from_dir(&repo().join("tests/fixtures/dice")).expect("the dice fixture reads")
}

/// The dice fixture pack, loaded.
pub fn dice_content() -> Arc<Content> {
    Arc::new(load_content(&[dice_files()], &library()).unwrap_or_else(|e| panic!("{e}")))
}

/// The Marco Polo II pack's files (`content/marco-polo-2`).
pub fn marco_polo_files() -> PackFiles {
    PackFiles::from_dir(&repo().join("content/marco-polo-2")).expect("the Marco Polo II pack reads")
}

/// The Marco Polo II pack, loaded.
pub fn marco_polo_content() -> Arc<Content> {
    Arc::new(load_content(&[marco_polo_files()], &library()).unwrap_or_else(|e| panic!("{e}")))
}

/// The Cabriole pack's files (`content/cabriole`).
pub fn cabriole_files() -> PackFiles {
    PackFiles::from_dir(&repo().join("content/cabriole")).expect("the Cabriole pack reads")
}

/// The Cabriole pack, loaded.
pub fn cabriole_content() -> Arc<Content> {
    Arc::new(load_content(&[cabriole_files()], &library()).unwrap_or_else(|e| panic!("{e}")))
}

/// Conformance in the spirit of OpenSpiel's basic_tests, on `games` seeded random games
/// of `content` with `players` players: options are never empty before the end, every
/// game ends, a clone played on equals the original played on, replaying the answers
/// reproduces the final hash, and no script errors.
pub fn conformance(content: Arc<Content>, players: usize, games: u64) {
    use weft_core::agent::{Agent, RandomAgent};
    use weft_core::sim::game_seed;

    let mut engine = Engine::with_lua(content.clone()).expect("content loads");
    let mut replayer = Engine::with_lua(content.clone()).expect("content loads");
    for i in 0..games {
        let seed = game_seed(players as u64 * 1_000_003, i);
        let mut bot = RandomAgent::new(seed.rotate_left(17));
        let mut st = engine
            .new_game(players, seed)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let mut answers: Vec<String> = Vec::new();
        let mut clone_at: Option<(GameState, usize)> = None;
        let split = 50 + (seed % 400) as usize;
        while let Some(d) = st.decision() {
            assert!(
                !d.options.is_empty(),
                "seed {seed}: empty options before the end"
            );
            assert!(d.player < players);
            if answers.len() == split {
                clone_at = Some((st.clone(), answers.len()));
            }
            let pick = bot.choose(&mut engine, &st, d);
            let key = d.options[pick].key.to_string();
            engine
                .apply(&mut st, pick)
                .unwrap_or_else(|e| panic!("seed {seed}, answer {} `{key}`: {e}", answers.len()));
            answers.push(key);
            assert!(
                answers.len() < 100_000,
                "seed {seed}: the game does not end"
            );
        }
        let result = st
            .result
            .as_ref()
            .unwrap_or_else(|| panic!("seed {seed}: no result"));
        assert!(result.rounds <= content.end.max_rounds);
        // A clone played on with the same answers equals the original played on.
        if let Some((mut clone, from)) = clone_at {
            for key in &answers[from..] {
                replayer
                    .apply(&mut clone, key.as_str())
                    .expect("the clone accepts the same answers");
            }
            assert!(
                clone == st,
                "seed {seed}: the clone diverged from the original"
            );
        }
        // Replaying the answers from the start, on another engine, reproduces the hash.
        let mut again = replayer.new_game(players, seed).expect("setup");
        for key in &answers {
            replayer
                .apply(&mut again, key.as_str())
                .expect("replayed answers stay legal");
        }
        assert_eq!(again.hash(), st.hash(), "seed {seed}: replay diverged");
    }
}

/// The rules fixture pack with its resolved content edited (parameters a test wants to vary).
pub fn content_with(edit: impl FnOnce(&mut Content)) -> Arc<Content> {
    let mut c = (*content()).clone();
    edit(&mut c);
    Arc::new(c)
}

/// Replaces the courtyard tile's behaviour with `source` (a module returning hooks), for
/// tests of what scripts may and may not do.
pub fn with_courtyard_script(files: &mut PackFiles, source: &str) {
    files
        .files
        .insert("tiles/courtyard.lua".into(), source.into());
    let t =
        files.files["tiles/courtyard.toml"].replace("behaviour = \"weft.personal_workshop\"", "");
    files.files.insert("tiles/courtyard.toml".into(), t);
}

/// The rules fixture pack with the courtyard's behaviour replaced by `source`.
pub fn content_with_courtyard(source: &str) -> Arc<Content> {
    content_with_files(|f| with_courtyard_script(f, source))
}

/// A game whose first player has just moved onto the courtyard (placed at `north`),
/// ready to answer `act`.
pub fn at_courtyard(content: Arc<Content>) -> Game {
    let mut g = Game::with(content, 2, 1);
    g.place_tile("courtyard", "north");
    g.refresh();
    g.answer("move:plaza:north");
    g
}

/// A game under test: an engine and its state.
pub struct Game {
    /// The engine.
    pub engine: Engine,
    /// The state.
    pub st: GameState,
}

impl Game {
    /// A new game of the rules fixture pack.
    pub fn new(players: usize, seed: u64) -> Game {
        Game::with(content(), players, seed)
    }

    /// A new game of the given content.
    pub fn with(content: Arc<Content>, players: usize, seed: u64) -> Game {
        let mut engine = Engine::with_lua(content).unwrap_or_else(|e| panic!("{e}"));
        let st = engine
            .new_game(players, seed)
            .unwrap_or_else(|e| panic!("{e}"));
        Game { engine, st }
    }

    /// The content.
    pub fn content(&self) -> Arc<Content> {
        Arc::clone(self.engine.content())
    }

    /// The current decision.
    pub fn decision(&self) -> &Decision {
        self.st.decision().expect("the game is not over")
    }

    /// The seat being asked.
    pub fn current(&self) -> usize {
        self.decision().player
    }

    /// Option keys of the current decision.
    pub fn keys(&self) -> Vec<String> {
        self.decision()
            .options
            .iter()
            .map(|o| o.key.to_string())
            .collect()
    }

    /// Whether the current decision offers `key`.
    pub fn offers(&self, key: &str) -> bool {
        self.st
            .decision()
            .is_some_and(|d| d.index_of(key).is_some())
    }

    /// Answers by key; panics with the options when the key is not offered.
    pub fn answer(&mut self, key: &str) {
        if let Err(e) = self.engine.apply(&mut self.st, key) {
            panic!("answer `{key}` failed: {e}");
        }
    }

    /// Answers by key, returning the error.
    pub fn try_answer(&mut self, key: &str) -> Result<(), EngineError> {
        self.engine.apply(&mut self.st, key)
    }

    /// Recomputes the decision after editing the state.
    pub fn refresh(&mut self) {
        self.engine
            .refresh(&mut self.st)
            .unwrap_or_else(|e| panic!("{e}"));
    }

    /// Index of a slot by id.
    pub fn slot(&self, id: &str) -> SlotId {
        self.content()
            .board
            .slot_index(id)
            .unwrap_or_else(|| panic!("no slot {id}"))
    }

    /// Index of a material by id.
    pub fn mat(&self, id: &str) -> MatId {
        self.content()
            .material(id)
            .unwrap_or_else(|| panic!("no material {id}"))
    }

    /// Index of a card by id.
    pub fn card(&self, id: &str) -> CardIx {
        self.content()
            .card(id)
            .unwrap_or_else(|| panic!("no card {id}"))
    }

    /// Id of the tile in a slot.
    pub fn tile_at(&self, slot: &str) -> String {
        let t = self.st.board[self.slot(slot) as usize].tile;
        self.content().tiles[t as usize].id.clone()
    }

    /// Moves the tile `tile` (with everything on it) to `slot`, swapping with what was there.
    pub fn place_tile(&mut self, tile: &str, slot: &str) {
        let c = self.content();
        let t = c.tile(tile).unwrap_or_else(|| panic!("no tile {tile}"));
        let to = self.slot(slot) as usize;
        let from = self
            .st
            .board
            .iter()
            .position(|s| s.tile == t)
            .unwrap_or_else(|| panic!("tile {tile} is not on the board"));
        self.st.board_mut().swap(from, to);
    }

    /// Sets a player's count of a material.
    pub fn set_material(&mut self, p: usize, mat: &str, n: u32) {
        let id = self.engine.content().material_counter(self.mat(mat));
        self.st.player_mut(p).set(id, n as i64);
    }

    /// Sets a player's counter by id (`coins`, a material, `skill`, `prestige`, …).
    pub fn set(&mut self, p: usize, counter: &str, n: i64) {
        let id = self.counter_id(counter);
        self.st.player_mut(p).set(id, n);
    }

    /// A player's counter by id.
    pub fn count(&self, p: usize, counter: &str) -> i64 {
        self.st.players[p].count(self.counter_id(counter))
    }

    fn counter_id(&self, counter: &str) -> weft_core::content::CounterId {
        self.engine
            .content()
            .counter(counter)
            .unwrap_or_else(|| panic!("no counter {counter}"))
    }

    /// Gives a player exactly these cards in hand.
    pub fn set_hand(&mut self, p: usize, cards: &[&str]) {
        let ids: Vec<CardIx> = cards.iter().map(|c| self.card(c)).collect();
        let content = self.content();
        let zones = content.program.play.expect("the flow has a play step");
        weft_core::decks::set_player_pile(&content, &mut self.st, p, zones.from, &ids);
    }

    /// Sets a player's tucked cards to exactly these.
    /// The `commissions` counter (R-END-1, counted by the `play` step) is set to the
    /// cards of decks among them, as if the player had fulfilled them.
    pub fn set_tucked(&mut self, p: usize, cards: Vec<CardIx>) {
        let content = self.content();
        let zones = content.program.play.expect("the flow has a play step");
        weft_core::decks::set_player_pile(&content, &mut self.st, p, zones.to, &cards);
        if let Some(k) = content.counter("commissions") {
            let fulfilled = cards
                .iter()
                .filter(|&&c| content.cards[c as usize].deck.is_some())
                .count();
            self.st.player_mut(p).set(k, fulfilled as i64);
        }
    }

    /// A player's hand, bottom first.
    pub fn hand(&self, p: usize) -> Vec<CardIx> {
        weft_core::decks::hand(&self.content(), &self.st.players[p]).collect()
    }

    /// A player's tucked cards, in the order they were tucked.
    pub fn tucked(&self, p: usize) -> Vec<CardIx> {
        weft_core::decks::played(&self.content(), &self.st.players[p]).collect()
    }

    /// Cards in grade `g`'s draw pile.
    pub fn draw_len(&self, g: u8) -> usize {
        weft_core::decks::draw_pile(&self.content(), &self.st, g)
            .cards
            .len()
    }

    /// Cards in grade `g`'s discard pile.
    pub fn discard_len(&self, g: u8) -> usize {
        weft_core::decks::discard_pile(&self.content(), &self.st, g)
            .cards
            .len()
    }

    /// The display of the tile in a slot, as material ids (`-` for empty).
    pub fn display(&self, slot: &str) -> Vec<String> {
        let c = self.content();
        self.st.board[self.slot(slot) as usize]
            .slots
            .iter()
            .map(|s| s.map_or("-".to_string(), |m| c.materials[m as usize].id.clone()))
            .collect()
    }

    /// Answers with the first option whose key starts with `prefix`.
    pub fn answer_prefix(&mut self, prefix: &str) {
        let key = self
            .keys()
            .into_iter()
            .find(|k| k.starts_with(prefix))
            .unwrap_or_else(|| panic!("no option starts with {prefix}: {:?}", self.keys()));
        self.answer(&key);
    }

    /// Plays `pass`/`done` (or else the first option) until `stop` holds or the game ends.
    pub fn pass_until(&mut self, stop: impl Fn(&Game) -> bool) {
        for _ in 0..100_000 {
            if self.st.is_over() || stop(self) {
                return;
            }
            let keys = self.keys();
            let key = keys
                .iter()
                .find(|k| *k == "pass" || *k == "done")
                .or_else(|| keys.iter().find(|k| k.ends_with(":plaza")))
                .unwrap_or(&keys[0])
                .clone();
            self.answer(&key);
        }
        panic!("pass_until did not reach its stop condition");
    }

    /// The number of the current turn within its `turns` step, from 0 (0 outside any).
    pub fn turn(&self) -> u16 {
        weft_core::engine::turn_index(self.engine.content(), &self.st).unwrap_or(0)
    }

    /// Whether the current decision is a move.
    pub fn at_move(&self) -> bool {
        self.st
            .decision()
            .is_some_and(|d| d.options.iter().all(|o| o.key.starts_with("move:")))
    }
}
