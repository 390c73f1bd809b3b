//! Replays: a game is reproduced by (pack digests, seats, seed, answers) (invariant 5).
//! A replay file is JSON; [`verify`] re-runs it and checks the final state hash.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::content::{Content, PackInfo};
use crate::engine::Engine;

/// Replay file format version.
pub const FORMAT: u32 = 1;

/// Everything needed to play a game again.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    /// Format version.
    pub format: u32,
    /// Pack chain with digests.
    pub packs: Vec<PackInfo>,
    /// Digest of the whole chain.
    pub digest: String,
    /// Player count.
    pub players: usize,
    /// Bot or human per seat (informational).
    pub seats: Vec<String>,
    /// Game seed.
    pub seed: u64,
    /// Answer keys in order (shared with the options they were chosen from: a game's
    /// record copies no key text).
    pub answers: Vec<std::sync::Arc<str>>,
    /// Hash of the state after the last answer.
    pub final_hash: String,
    /// The error that ended the game, if it errored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The answer that raised that error (not among `answers`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failing_answer: Option<String>,
    /// Set on the replay of a look-ahead error that a bot met only on its own copy of
    /// the game (in what it re-dealt, deeper than its trial is kept, or in an evaluation
    /// hook): `failing_answer` is the option the bot was trying, which runs without the
    /// error on the game itself, so replaying it says nothing of whether it is fixed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub met_on_copy: bool,
    /// State hashes after every [`CHECKPOINT_EVERY`]th answer, so a diverging replay
    /// can say where it diverged: `(answers applied, hash)`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checkpoints: Vec<(usize, String)>,
}

impl Replay {
    /// A replay of game `seed` on `content` with these seats and no answers yet.
    pub fn empty(content: &Content, seats: &[String], seed: u64) -> Replay {
        Replay {
            format: FORMAT,
            packs: content.packs.clone(),
            digest: content.digest.clone(),
            players: seats.len(),
            seats: seats.to_vec(),
            seed,
            ..Replay::default()
        }
    }
}

/// Most answers a replay may hold: a game stops at this many decisions.
pub const MAX_ANSWERS: usize = crate::limits::MAX_DECISIONS;
/// Longest answer key in a replay, in bytes.
pub const MAX_KEY: usize = 1024;
/// Largest replay file `weft replay` reads, in bytes (a replay of the longest game is
/// well below it).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// Answers between two checkpoints of a replay.
pub const CHECKPOINT_EVERY: usize = 25;

/// Why a replay could not be verified.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// Not a replay file.
    #[error("not a valid replay file: {0}")]
    Parse(String),
    /// A replay file whose parts do not fit together (see [`Replay::validate`]).
    #[error("not a valid replay: {0}; replays are written by `weft sim --save-failed`")]
    Invalid(String),
    /// Made with other content.
    #[error("the packs changed since the replay was recorded (content {expected}, now {found}; recorded chain: {chain}), so its state hashes cannot be checked; `weft replay` then plays its answers on the packs as they are now")]
    Digest {
        /// Recorded digest.
        expected: String,
        /// Loaded digest.
        found: String,
        /// Recorded packs.
        chain: String,
    },
    /// Recorded on a chain of other packs (not only other versions of the same ones).
    #[error("the replay was played on {recorded}, but {loaded} is loaded; {help}")]
    OtherPacks {
        /// The recorded chain, by name.
        recorded: String,
        /// The loaded chain, by name.
        loaded: String,
        /// What to add or drop.
        help: String,
    },
    /// The game could not be set up.
    #[error("could not set up the game: {0}")]
    Setup(String),
    /// An answer stopped being legal.
    #[error("answer {index} (`{key}`) is not legal at that point: {reason}")]
    Illegal {
        /// 0-based index of the answer.
        index: usize,
        /// The answer.
        key: String,
        /// Why.
        reason: String,
    },
    /// The game went differently.
    #[error("{}", diverged_text(*at, *last_good, expected, found))]
    Diverged {
        /// Answers applied where the first differing hash was seen.
        at: usize,
        /// Answers applied at the last checkpoint that still matched (0 if none).
        last_good: usize,
        /// Recorded.
        expected: String,
        /// Replayed.
        found: String,
    },
}

fn diverged_text(at: usize, last_good: usize, expected: &str, found: &str) -> String {
    format!(
        "the replay diverged between answer {last_good} and answer {at}: after answer {at} the recorded state hash is {expected} but the replayed one is {found}"
    )
}

impl Replay {
    /// Plays the replay on `engine` and records a state hash every
    /// [`CHECKPOINT_EVERY`] answers (answers that stop being legal end the recording).
    pub fn add_checkpoints(&mut self, engine: &mut Engine) {
        self.checkpoints.clear();
        let Ok(mut st) = engine.new_game(self.players, self.seed) else {
            return;
        };
        for (i, key) in self.answers.iter().enumerate() {
            if engine.apply(&mut st, &**key).is_err() {
                return;
            }
            if (i + 1) % CHECKPOINT_EVERY == 0 {
                self.checkpoints.push((i + 1, st.hash()));
            }
        }
    }

    /// Parses replay JSON and checks it with [`Replay::validate`].
    pub fn from_json(text: &str) -> Result<Replay, ReplayError> {
        let r: Replay =
            serde_json::from_str(text).map_err(|e| ReplayError::Parse(e.to_string()))?;
        if r.format != FORMAT {
            return Err(ReplayError::Parse(format!(
                "format {} is not supported (expected {FORMAT})",
                r.format
            )));
        }
        r.validate()?;
        Ok(r)
    }

    /// Checks what [`verify`] relies on before anything runs: at most [`MAX_ANSWERS`]
    /// answers of at most [`MAX_KEY`] bytes, a player count a game can have with one
    /// seat each, well-formed digests and hashes, and checkpoints that increase and lie
    /// within the answers.
    pub fn validate(&self) -> Result<(), ReplayError> {
        self.check().map_err(ReplayError::Invalid)
    }

    fn check(&self) -> Result<(), String> {
        use crate::file_checks::MAX_SEATS;
        use crate::file_checks::{check_chain, check_hex, check_name, check_text};
        if self.players == 0 || self.players > MAX_SEATS {
            return Err(format!(
                "players is {} (1 to {MAX_SEATS} allowed)",
                self.players
            ));
        }
        if self.seats.len() != self.players {
            return Err(format!(
                "it lists {} seats for {} players",
                self.seats.len(),
                self.players
            ));
        }
        for (s, name) in self.seats.iter().enumerate() {
            check_name(&format!("seat {}", s + 1), name)?;
        }
        check_chain(&self.packs, &self.digest)?;
        // A game that failed to set up (or panicked) has no state to hash.
        let unstarted = self.answers.is_empty() && self.error.is_some();
        if !(unstarted && self.final_hash.is_empty()) {
            check_hex("the final hash", &self.final_hash)?;
        }
        if self.answers.len() > MAX_ANSWERS {
            return Err(format!(
                "it holds {} answers (a game stops at {MAX_ANSWERS})",
                self.answers.len()
            ));
        }
        let keys = self
            .answers
            .iter()
            .map(|k| &**k)
            .chain(self.failing_answer.as_deref());
        if let Some((i, k)) = keys.enumerate().find(|(_, k)| !key_ok(k)) {
            return Err(format!(
                "answer {i} is not an answer key ({} bytes, at most {MAX_KEY}, no control characters)",
                k.len()
            ));
        }
        if let Some(e) = &self.error {
            check_text("the error", e)?;
        } else if self.failing_answer.is_some() {
            return Err("it has a failing answer but no error".into());
        }
        let mut previous = 0;
        for (at, hash) in &self.checkpoints {
            if *at <= previous || *at > self.answers.len() {
                return Err(format!(
                    "checkpoint at answer {at} is not after {previous} and within the {} answers",
                    self.answers.len()
                ));
            }
            check_hex(&format!("the hash of checkpoint {at}"), hash)?;
            previous = *at;
        }
        Ok(())
    }

    /// Pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("replays serialise")
    }
}

/// Whether `key` can be an answer key: 1 to [`MAX_KEY`] bytes, no control character.
fn key_ok(key: &str) -> bool {
    !key.is_empty() && key.len() <= MAX_KEY && !key.chars().any(char::is_control)
}

/// Checks a replay ([`Replay::validate`]), re-runs it and checks its final hash.
/// Returns the number of answers applied.
pub fn verify(
    content: &Arc<Content>,
    engine: &mut Engine,
    replay: &Replay,
) -> Result<usize, ReplayError> {
    replay.validate()?;
    if replay.digest != content.digest {
        same_packs(content, replay)?;
        return Err(ReplayError::Digest {
            expected: replay.digest.clone(),
            found: content.digest.clone(),
            chain: replay
                .packs
                .iter()
                .map(|p| format!("{} {} ({})", p.name, p.version, p.digest))
                .collect::<Vec<_>>()
                .join(", "),
        });
    }
    let mut st = engine
        .new_game(replay.players, replay.seed)
        .map_err(|e| ReplayError::Setup(e.to_string()))?;
    let mut checkpoints = replay.checkpoints.iter().peekable();
    let mut last_good = 0;
    for (index, key) in replay.answers.iter().enumerate() {
        engine
            .apply(&mut st, &**key)
            .map_err(|e| ReplayError::Illegal {
                index,
                key: key.to_string(),
                reason: e.to_string(),
            })?;
        if let Some((at, expected)) = checkpoints.next_if(|(at, _)| *at == index + 1) {
            let found = st.hash();
            if &found != expected {
                return Err(ReplayError::Diverged {
                    at: *at,
                    last_good,
                    expected: expected.clone(),
                    found,
                });
            }
            last_good = *at;
        }
    }
    let found = st.hash();
    if found != replay.final_hash {
        return Err(ReplayError::Diverged {
            at: replay.answers.len(),
            last_good,
            expected: replay.final_hash.clone(),
            found,
        });
    }
    Ok(replay.answers.len())
}

/// The names of a chain's packs, the shared library left out, joined with ` + `.
fn chain_names(packs: &[PackInfo]) -> Vec<&str> {
    packs
        .iter()
        .filter(|p| p.name != "scripts")
        .map(|p| p.name.as_str())
        .collect()
}

/// `Ok` when `content` is the same chain of packs as the replay's by name (their
/// files may have changed since); else what to add or drop, naming the flag.
pub fn same_packs(content: &Content, replay: &Replay) -> Result<(), ReplayError> {
    let recorded = chain_names(&replay.packs);
    let loaded = chain_names(&content.packs);
    if recorded == loaded {
        return Ok(());
    }
    let missing: Vec<&str> = recorded
        .iter()
        .filter(|n| !loaded.contains(n))
        .copied()
        .collect();
    let extra: Vec<&str> = loaded
        .iter()
        .filter(|n| !recorded.contains(n))
        .copied()
        .collect();
    let mut help = Vec::new();
    if !missing.is_empty() {
        help.push(format!(
            "add --pack with the folder (or the name, if weft packs lists it) of {}",
            missing.join(" and ")
        ));
    }
    if !extra.is_empty() {
        help.push(format!("leave out {}", extra.join(" and ")));
    }
    if help.is_empty() {
        help.push("load the packs in the recorded order".into());
    }
    Err(ReplayError::OtherPacks {
        recorded: recorded.join(" + "),
        loaded: if loaded.is_empty() {
            "no pack".into()
        } else {
            loaded.join(" + ")
        },
        help: help.join("; "),
    })
}

/// How a replay's answers go on packs whose files changed since it was recorded: its
/// hashes say nothing then, so only the answers are played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Rerun {
    /// Answer `index` (`key`) is not an option any more: the game now differs there.
    Differs {
        /// 0-based answer.
        index: usize,
        /// The answer.
        key: String,
        /// Why it is refused now (the options there, or the error it raises).
        reason: String,
    },
    /// Every answer applied; the recorded error, if any, happens again at the failing
    /// answer, with this text now.
    FailsAgain {
        /// The failing answer.
        key: String,
        /// The error now.
        error: String,
    },
    /// Every answer applied, and the failing answer now applies without error: the game
    /// runs past the failure (`over`: and that answer ended it).
    RunsPast {
        /// The failing answer.
        key: String,
        /// Whether the game is over after it.
        over: bool,
    },
    /// Every answer applied; the replay recorded no error.
    Played,
}

/// Plays `replay`'s answers on `content` as it is now (the same chain of packs, changed
/// files: see [`same_packs`]), then its failing answer, and says how the game goes.
/// Returns the answers applied and the outcome.
pub fn rerun_changed(
    content: &Arc<Content>,
    engine: &mut Engine,
    replay: &Replay,
) -> Result<(usize, Rerun), ReplayError> {
    replay.validate()?;
    same_packs(content, replay)?;
    let mut st = engine
        .new_game(replay.players, replay.seed)
        .map_err(|e| ReplayError::Setup(e.to_string()))?;
    for (index, key) in replay.answers.iter().enumerate() {
        if let Err(e) = engine.apply(&mut st, &**key) {
            return Ok((
                index,
                Rerun::Differs {
                    index,
                    key: key.to_string(),
                    reason: e.to_string(),
                },
            ));
        }
    }
    let n = replay.answers.len();
    let Some(key) = replay.failing_answer.clone() else {
        return Ok((n, Rerun::Played));
    };
    if replay.met_on_copy {
        return Ok((n, Rerun::Played));
    }
    Ok(match engine.apply(&mut st, key.as_str()) {
        Err(crate::error::EngineError::Script(e)) => (
            n,
            Rerun::FailsAgain {
                key,
                error: e.to_string(),
            },
        ),
        Err(e) => (
            n,
            Rerun::Differs {
                index: n,
                key,
                reason: e.to_string(),
            },
        ),
        Ok(()) => (
            n + 1,
            Rerun::RunsPast {
                key,
                over: st.is_over(),
            },
        ),
    })
}
