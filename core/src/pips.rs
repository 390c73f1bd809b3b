//! Numeric dice as plain data: one die of a pool ([`PoolDie`]) and a set of up to six
//! ([`DiceSet`]), for the state and for the options that place them. Below both
//! `state` and `decision`, which use them.

use serde::{Deserialize, Serialize};

fn is_false(b: &bool) -> bool {
    !*b
}

/// A numeric die in a pool or on a dice space: the pips it shows, and whether it is a
/// neutral die (no player's colour, M-DICE-8). Dice order by pips, own before neutral.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PoolDie {
    /// Pips showing, 1 to the pool's faces.
    pub pips: u8,
    /// A neutral die (from the shared supply), not the player's colour.
    #[serde(default, skip_serializing_if = "is_false")]
    pub neutral: bool,
}

/// Up to six dice, lowest first, packed in a number (five bits a die) so that an option
/// carrying them stays small and copyable: what a dice placement puts down
/// ([`crate::decision::Action::PlaceDice`]). Written as its key text, each die's pips
/// with `n` after a neutral die: `"25n6"` is a 2, a neutral 5 and a 6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct DiceSet(u32);

impl DiceSet {
    /// The most dice a set holds.
    pub const MAX: usize = 6;

    /// The set of `dice` (at most [`DiceSet::MAX`], each of 1 to 9 pips), sorted.
    pub fn new(dice: &[PoolDie]) -> DiceSet {
        let mut sorted: Vec<PoolDie> = dice.iter().copied().take(Self::MAX).collect();
        sorted.sort_unstable();
        let mut bits = 0u32;
        for (i, d) in sorted.iter().enumerate() {
            let code = u32::from(d.pips.clamp(1, 9)) | (u32::from(d.neutral) << 4);
            bits |= code << (5 * i);
        }
        DiceSet(bits)
    }

    /// The dice, lowest first.
    pub fn dice(self) -> impl Iterator<Item = PoolDie> {
        (0..Self::MAX).map_while(move |i| {
            let code = (self.0 >> (5 * i)) & 0x1f;
            (code != 0).then_some(PoolDie {
                pips: (code & 0xf) as u8,
                neutral: code & 0x10 != 0,
            })
        })
    }

    /// How many dice.
    pub fn len(self) -> usize {
        self.dice().count()
    }

    /// Whether it holds no die.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest pips: the placement's strength (M-DICE-3); 0 for no dice.
    pub fn strength(self) -> u8 {
        self.dice().map(|d| d.pips).min().unwrap_or(0)
    }

    /// Whether a die of the placer's own colour is among them (M-DICE-5, M-DICE-8).
    pub fn has_own(self) -> bool {
        self.dice().any(|d| !d.neutral)
    }
}

impl std::fmt::Display for DiceSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for d in self.dice() {
            write!(f, "{}{}", d.pips, if d.neutral { "n" } else { "" })?;
        }
        Ok(())
    }
}

impl From<DiceSet> for String {
    fn from(s: DiceSet) -> String {
        s.to_string()
    }
}

impl TryFrom<String> for DiceSet {
    type Error = String;

    fn try_from(text: String) -> Result<DiceSet, String> {
        let mut dice = Vec::new();
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            let pips = c
                .to_digit(10)
                .filter(|&d| (1..=9).contains(&d))
                .ok_or_else(|| format!("`{text}` is not a set of dice such as 25n6"))?;
            let neutral = chars.next_if_eq(&'n').is_some();
            dice.push(PoolDie {
                pips: pips as u8,
                neutral,
            });
        }
        if dice.is_empty() || dice.len() > DiceSet::MAX {
            return Err(format!(
                "`{text}` holds {} dice; a set holds 1 to {}",
                dice.len(),
                DiceSet::MAX
            ));
        }
        Ok(DiceSet::new(&dice))
    }
}
