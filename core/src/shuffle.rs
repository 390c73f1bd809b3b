//! The one shuffle of the game: Fisher–Yates with the game's RNG, so every shuffle of a
//! pile, a pool or a list is reproducible from the seed.

use rand::Rng;

/// Shuffles `items` in place with `rng` (Fisher–Yates).
pub fn shuffle<T>(items: &mut [T], rng: &mut impl Rng) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i);
        items.swap(i, j);
    }
}
