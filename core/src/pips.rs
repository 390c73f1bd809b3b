//! Numeric dice as plain data: one die of a pool ([`PoolDie`]) and a set of up to six
//! ([`DiceSet`]), for the state and for the options that place them. Below both
//! `state` and `decision`, which use them.

use serde::{Deserialize, Serialize};

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// The most a stand-in's tag may be (`ctx:add_stand_in`): tags are 1 to 7.
pub const MAX_STAND_IN_TAG: u8 = 7;

/// A numeric die in a pool or on a dice space: the pips it shows, whether it is a
/// neutral die (no player's colour, M-DICE-8), and whether it is a *stand-in*: a piece
/// placed like a neutral die of fixed pips (Donata's pieces, M-CHAR-11), which goes only
/// on an action space that holds no dice, never with another player's neutral die, is
/// never rolled, turned or set aside, keeps no turn going, and leaves the game when the
/// turn it was placed in ends. Dice order by pips, own before neutral.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PoolDie {
    /// Pips showing, 1 to the pool's faces.
    pub pips: u8,
    /// A neutral die (from the shared supply, or a stand-in), not the player's colour.
    #[serde(default, skip_serializing_if = "is_false")]
    pub neutral: bool,
    /// 0 for a die; 1 to [`MAX_STAND_IN_TAG`] for a stand-in with that tag (a colour the
    /// pack gives it meaning: a seat from 1, or one no player has, for a dice space's
    /// `presence` with `stand_ins = "by_tag"`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub stand_in: u8,
}

impl PoolDie {
    /// A die of the player's colour.
    pub fn own(pips: u8) -> PoolDie {
        PoolDie {
            pips,
            neutral: false,
            stand_in: 0,
        }
    }

    /// A neutral die.
    pub fn neutral(pips: u8) -> PoolDie {
        PoolDie {
            pips,
            neutral: true,
            stand_in: 0,
        }
    }

    /// A stand-in with tag `tag` (1 to [`MAX_STAND_IN_TAG`]).
    pub fn stand_in(pips: u8, tag: u8) -> PoolDie {
        PoolDie {
            pips,
            neutral: true,
            stand_in: tag,
        }
    }

    /// Whether it is a stand-in rather than a die.
    pub fn is_stand_in(self) -> bool {
        self.stand_in != 0
    }
}

/// Whether a pool holds a die (stand-ins do not count: they keep no turn going).
pub fn has_dice(pool: &[PoolDie]) -> bool {
    pool.iter().any(|d| !d.is_stand_in())
}

/// Up to six dice, lowest first, packed in a number (eight bits a die) so that an option
/// carrying them stays small and copyable: what a dice placement puts down
/// ([`crate::decision::Action::PlaceDice`]). Written as its key text, each die's pips
/// with `n` after a neutral die and `s<tag>` after a stand-in: `"25n6"` is a 2, a
/// neutral 5 and a 6; `"46s2"` a 4 and a stand-in of tag 2 showing 6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct DiceSet(u64);

impl DiceSet {
    /// The most dice a set holds.
    pub const MAX: usize = 6;

    /// The set of `dice` (at most [`DiceSet::MAX`], each of 1 to 9 pips), sorted.
    pub fn new(dice: &[PoolDie]) -> DiceSet {
        // Sorted on the stack: a turn's options make a set for every way to place.
        let n = dice.len().min(Self::MAX);
        let mut sorted = [PoolDie {
            pips: 0,
            neutral: false,
            stand_in: 0,
        }; Self::MAX];
        sorted[..n].copy_from_slice(&dice[..n]);
        sorted[..n].sort_unstable();
        let mut bits = 0u64;
        for (i, d) in sorted[..n].iter().enumerate() {
            let code = u64::from(d.pips.clamp(1, 9))
                | (u64::from(d.neutral || d.is_stand_in()) << 4)
                | (u64::from(d.stand_in.min(MAX_STAND_IN_TAG)) << 5);
            bits |= code << (8 * i);
        }
        DiceSet(bits)
    }

    /// The dice, lowest first.
    pub fn dice(self) -> impl Iterator<Item = PoolDie> {
        (0..Self::MAX).map_while(move |i| {
            let code = (self.0 >> (8 * i)) & 0xff;
            (code != 0).then_some(PoolDie {
                pips: (code & 0xf) as u8,
                neutral: code & 0x10 != 0,
                stand_in: (code >> 5) as u8,
            })
        })
    }

    /// Whether a stand-in is among them.
    pub fn has_stand_in(self) -> bool {
        self.dice().any(PoolDie::is_stand_in)
    }

    /// Whether a neutral die that is not a stand-in is among them.
    pub fn has_plain_neutral(self) -> bool {
        self.dice().any(|d| d.neutral && !d.is_stand_in())
    }

    /// How many dice (each takes the next eight bits up, from the lowest).
    pub fn len(self) -> usize {
        (64 - self.0.leading_zeros() as usize).div_ceil(8)
    }

    /// Whether it holds no die.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest pips: the placement's strength (M-DICE-3); 0 for no dice.
    pub fn strength(self) -> u8 {
        // The dice are sorted lowest first, so the lowest is the first.
        (self.0 & 0xf) as u8
    }

    /// Whether a die of the placer's own colour is among them (M-DICE-5, M-DICE-8).
    pub fn has_own(self) -> bool {
        self.dice().any(|d| !d.neutral)
    }
}

/// A die's text in option keys and logs: its pips, `n` after a neutral die, `s<tag>`
/// after a stand-in.
pub fn die_key(d: PoolDie) -> String {
    if d.is_stand_in() {
        format!("{}s{}", d.pips, d.stand_in)
    } else if d.neutral {
        format!("{}n", d.pips)
    } else {
        d.pips.to_string()
    }
}

impl std::fmt::Display for DiceSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for d in self.dice() {
            write!(f, "{}", die_key(d))?;
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
            let stand_in = if !neutral && chars.next_if_eq(&'s').is_some() {
                chars
                    .next()
                    .and_then(|c| c.to_digit(10))
                    .filter(|&t| (1..=u32::from(MAX_STAND_IN_TAG)).contains(&t))
                    .ok_or_else(|| {
                        format!("`{text}`: a stand-in is written s and its tag, 1 to {MAX_STAND_IN_TAG} (6s2)")
                    })? as u8
            } else {
                0
            };
            dice.push(PoolDie {
                pips: pips as u8,
                neutral: neutral || stand_in != 0,
                stand_in,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `len` and `strength`, read from the packed bits, agree with the dice the set
    /// holds, for every mix of pips, neutral dice and stand-ins of up to six.
    #[test]
    fn len_and_strength_read_the_packed_dice() {
        let kinds = [
            PoolDie {
                pips: 1,
                neutral: false,
                stand_in: 0,
            },
            PoolDie {
                pips: 6,
                neutral: true,
                stand_in: 0,
            },
            PoolDie {
                pips: 3,
                neutral: true,
                stand_in: 7,
            },
            PoolDie {
                pips: 9,
                neutral: false,
                stand_in: 0,
            },
        ];
        assert_eq!(DiceSet::new(&[]).len(), 0);
        assert_eq!(DiceSet::new(&[]).strength(), 0);
        let mut seed = 7u32;
        for _ in 0..2000 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let n = 1 + (seed >> 16) as usize % DiceSet::MAX;
            let dice: Vec<PoolDie> = (0..n)
                .map(|i| {
                    let mut d = kinds[((seed >> (2 * i)) & 3) as usize];
                    d.pips = 1 + ((seed >> (3 * i + 1)) % 9) as u8;
                    d
                })
                .collect();
            let set = DiceSet::new(&dice);
            assert_eq!(set.len(), set.dice().count(), "{dice:?}");
            assert_eq!(set.len(), n);
            assert_eq!(
                set.strength(),
                dice.iter().map(|d| d.pips).min().unwrap(),
                "{dice:?}"
            );
        }
    }
}
