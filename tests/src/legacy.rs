//! The state's JSON as it was before issue 11 reshaped it, rebuilt from today's state, so
//! `tests/golden/*.tsv` (recorded before the change) keeps guarding every game's final
//! state while the shape changes. Only final states are projected: a finished game's
//! flow is quiet, so what the old fields held at the end follows from the content.
//!
//! When the shape is settled, the golden files are blessed once with [`GameState::hash`]
//! (a commit that says why) and this module goes.

use serde::Serialize;
use sha2::{Digest, Sha256};
use weft_core::content::CardId;
use weft_core::decks;
use weft_core::state::{GameResult, GameState, Piece, Player, TileState};
use weft_core::Content;

/// The old `Flow` of a finished game.
#[derive(Serialize)]
struct LegacyFlow<'a> {
    stage: &'static str,
    turn: u16,
    ws_done: u8,
    fulfilled_this_turn: u8,
    acted_slot: Option<u16>,
    jobs: [u8; 0],
    incoming: [u8; 0],
    effect: Option<()>,
    #[serde(skip_serializing_if = "<[CardId]>::is_empty")]
    fulfilled_this_round: &'a [CardId],
}

/// The old `Player`: named holdings instead of counters.
#[derive(Serialize)]
struct LegacyPlayer<'a> {
    coins: i64,
    materials: &'a [i64],
    skill: i64,
    prestige: i64,
    hand: Vec<CardId>,
    tucked: Vec<CardId>,
    pieces: &'a [Piece],
}

impl<'a> LegacyPlayer<'a> {
    fn new(c: &Content, pl: &'a Player) -> LegacyPlayer<'a> {
        LegacyPlayer {
            coins: pl.coins(c),
            materials: pl.materials(c),
            skill: pl.skill(c),
            prestige: pl.prestige(c),
            hand: decks::hand(c, pl).collect(),
            tucked: decks::tucked(c, pl).collect(),
            pieces: &pl.pieces,
        }
    }
}

/// The old commission deck of a grade.
#[derive(Serialize)]
struct LegacyDeck {
    draw: Vec<CardId>,
    discard: Vec<CardId>,
}

/// The old `GameState`, field for field, borrowing today's values.
#[derive(Serialize)]
struct LegacyState<'a> {
    players: Vec<LegacyPlayer<'a>>,
    board: &'a [TileState],
    decks: Vec<LegacyDeck>,
    supply: &'a [Option<u32>],
    round: u32,
    first_player: usize,
    bonus: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    skill_bonus: Option<usize>,
    end_trigger: &'a Option<String>,
    flow: LegacyFlow<'a>,
    decision: Option<()>,
    result: &'a Option<GameResult>,
    rng: String,
}

/// The hash the old engine gave a finished game's state: SHA-256 of the old JSON, first
/// 16 bytes, hex. Panics on a game that is not over (only final states are projected).
pub fn legacy_hash(c: &Content, st: &GameState) -> String {
    assert!(st.is_over(), "only finished games have a legacy hash");
    let n = st.players.len();
    let played = st.round >= 1;
    let first = c.material_counter(0) as usize;
    let legacy = LegacyState {
        players: st
            .players
            .iter()
            .map(|pl| LegacyPlayer::new(c, pl))
            .collect(),
        board: &st.board,
        decks: (0..c.grades.len() as u8)
            .map(|g| LegacyDeck {
                draw: decks::draw_pile(c, st, g)
                    .cards
                    .iter()
                    .flatten()
                    .copied()
                    .collect(),
                discard: decks::discard_pile(c, st, g)
                    .cards
                    .iter()
                    .flatten()
                    .copied()
                    .collect(),
            })
            .collect(),
        // Supplies were kept per material.
        supply: &st.supply[first..first + c.materials.len()],
        round: st.round,
        first_player: st.first_player,
        bonus: st.bonus,
        skill_bonus: st.skill_bonus,
        end_trigger: &st.end_trigger,
        flow: LegacyFlow {
            stage: "over",
            // Every finished round ran all its turns; R-ROUND-1: round 1 has no workshop.
            turn: if played {
                (n * c.pieces as usize) as u16
            } else {
                0
            },
            ws_done: if st.round >= 2 { n as u8 } else { 0 },
            fulfilled_this_turn: 0,
            acted_slot: None,
            jobs: [],
            incoming: [],
            effect: None,
            fulfilled_this_round: &st.flow.played_this_round,
        },
        decision: None,
        result: &st.result,
        rng: serde_json::to_string(&st.rng).expect("the rng serialises"),
    };
    let json = serde_json::to_vec(&legacy).expect("the state serialises");
    Sha256::digest(&json)[..16]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
