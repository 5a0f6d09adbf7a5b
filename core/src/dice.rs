//! Fair, reproducible dice: one ChaCha20 stream per seat from one game seed.
//!
//! Seat `s` rolls from the ChaCha20 keystream with the seed as key and `s` as stream
//! number, so a decision never changes the numbers any seat rolls later, undo cannot
//! re-roll, and anyone with the seed can recompute every roll. The keystream is read as
//! 32-bit words, each word's bytes low to high; a byte `b` below 252 gives the die
//! `b % 6 + 1`, and bytes 252..=255 are skipped so that all six faces are equally likely.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use sha2::{Digest, Sha256};

/// A game's seed: 32 bytes, shown as 64 hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seed(pub [u8; 32]);

impl Seed {
    /// A seed from a small number (the first 8 bytes little-endian, the rest zero), for
    /// tests, benchmarks and the command line.
    pub fn from_u64(n: u64) -> Seed {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&n.to_le_bytes());
        Seed(bytes)
    }

    /// A fresh seed from the operating system's randomness.
    pub fn random() -> Seed {
        let mut bytes = [0u8; 32];
        rand::fill(&mut bytes);
        Seed(bytes)
    }

    /// The seed as 64 lowercase hex digits.
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// Parses 64 hex digits (either case; spaces around them are ignored).
    pub fn from_hex(text: &str) -> Option<Seed> {
        let text = text.trim();
        // Every character a hex digit: `from_str_radix` alone would also take a `+`.
        if text.len() != 64 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let mut bytes = [0u8; 32];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(Seed(bytes))
    }

    /// The public commitment to this seed: SHA-256 of its 32 bytes, as hex.
    pub fn commitment(&self) -> String {
        hex(&Sha256::digest(self.0))
    }
}

/// Lowercase hex of some bytes.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

/// The keystream seat `seat` rolls from: ChaCha20 keyed with the seed, the seat as stream.
pub(crate) fn seat_stream(seed: &Seed, seat: usize) -> ChaCha20Rng {
    let mut rng = ChaCha20Rng::from_seed(seed.0);
    rng.set_stream(seat as u64);
    rng
}

/// The face a keystream byte gives, or `None` for the four bytes that are skipped.
#[inline]
pub(crate) fn face(byte: u8) -> Option<u8> {
    (byte < 252).then_some(byte % 6 + 1)
}

/// One seat's die.
#[derive(Clone, Debug)]
pub struct Die {
    rng: ChaCha20Rng,
    word: u32,
    bytes_left: u8,
}

impl Die {
    /// The die of seat `seat` for a game seed.
    pub fn new(seed: &Seed, seat: usize) -> Die {
        Die {
            rng: seat_stream(seed, seat),
            word: 0,
            bytes_left: 0,
        }
    }

    /// The next value, 1 to 6.
    #[inline]
    pub fn roll(&mut self) -> u8 {
        loop {
            if self.bytes_left == 0 {
                self.word = self.rng.next_u32();
                self.bytes_left = 4;
            }
            let b = self.word as u8;
            self.word >>= 8;
            self.bytes_left -= 1;
            if let Some(face) = face(b) {
                return face;
            }
        }
    }
}

/// The dice of a whole table: one [`Die`] per seat.
#[derive(Clone, Debug)]
pub struct Dice {
    dice: Vec<Die>,
}

impl Dice {
    /// Dice for `seats` seats from one seed.
    pub fn new(seed: &Seed, seats: usize) -> Dice {
        Dice {
            dice: (0..seats).map(|s| Die::new(seed, s)).collect(),
        }
    }

    /// The next value of a seat's die. Seats beyond the table roll nothing: 0.
    #[inline]
    pub fn roll(&mut self, seat: usize) -> u8 {
        self.dice.get_mut(seat).map_or(0, Die::roll)
    }
}

/// Decides the first seat: every seat rolls its own die, the highest starts, tied seats
/// roll again. Returns the first seat and every roll made, round by round.
pub fn roll_off(dice: &mut Dice, seats: usize) -> (usize, Vec<Vec<(usize, u8)>>) {
    let mut rounds: Vec<Vec<(usize, u8)>> = Vec::new();
    let first = roll_off_with(seats, |round, seat| {
        let value = dice.roll(seat);
        if rounds.len() == round {
            rounds.push(Vec::new());
        }
        if let Some(this) = rounds.get_mut(round) {
            this.push((seat, value));
        }
        value
    });
    (first, rounds)
}

/// The roll-off with any dice: `roll(round, seat)` gives that seat's next value in round
/// `round` (from 0); the contenders of a round roll in seat order. Returns the first seat.
pub(crate) fn roll_off_with(seats: usize, mut roll: impl FnMut(usize, usize) -> u8) -> usize {
    let mut contenders: Vec<usize> = (0..seats).collect();
    let mut round = 0;
    while contenders.len() > 1 {
        let values: Vec<(usize, u8)> = contenders.iter().map(|&s| (s, roll(round, s))).collect();
        let best = values.iter().map(|&(_, v)| v).max().unwrap_or(0);
        contenders = values
            .iter()
            .filter(|&&(_, v)| v == best)
            .map(|&(s, _)| s)
            .collect();
        round += 1;
    }
    contenders.first().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_is_exactly_64_hex_digits() {
        let seed = Seed::from_u64(7);
        assert_eq!(Seed::from_hex(&seed.to_hex()), Some(seed));
        assert_eq!(Seed::from_hex(&seed.to_hex().to_uppercase()), Some(seed));
        assert_eq!(
            Seed::from_hex(&format!("  {}\n", seed.to_hex())),
            Some(seed)
        );
        // `u8::from_str_radix` takes "+e", so each character is checked first.
        let plus: String = "+e".repeat(32);
        assert_eq!(Seed::from_hex(&plus), None);
        assert_eq!(Seed::from_hex(&"g".repeat(64)), None);
        assert_eq!(Seed::from_hex(&"0".repeat(63)), None);
    }

    #[test]
    fn same_seed_same_rolls_and_seats_are_independent() {
        let seed = Seed::from_u64(7);
        let mut a = Dice::new(&seed, 4);
        let mut b = Dice::new(&seed, 4);
        let first: Vec<u8> = (0..50).map(|_| a.roll(1)).collect();
        // Rolling other seats in between never changes seat 1's numbers.
        let second: Vec<u8> = (0..50)
            .map(|_| {
                b.roll(0);
                b.roll(3);
                b.roll(1)
            })
            .collect();
        assert_eq!(first, second);
        assert!(first.iter().all(|v| (1..=6).contains(v)));
        let mut c = Dice::new(&Seed::from_u64(8), 4);
        let other: Vec<u8> = (0..50).map(|_| c.roll(1)).collect();
        assert_ne!(first, other);
    }

    #[test]
    fn every_face_comes_up_about_equally() {
        let mut die = Die::new(&Seed::from_u64(1), 0);
        let mut counts = [0u32; 7];
        for _ in 0..60_000 {
            counts[die.roll() as usize] += 1;
        }
        for face in 1..=6 {
            assert!((9_500..10_500).contains(&counts[face]), "{counts:?}");
        }
    }

    #[test]
    fn seed_hex_round_trips_and_commitment_is_sha256() {
        let seed = Seed::from_u64(42);
        assert_eq!(Seed::from_hex(&seed.to_hex()), Some(seed));
        assert_eq!(Seed::from_hex("zz"), None);
        assert_eq!(seed.commitment().len(), 64);
        assert_ne!(seed.commitment(), Seed::from_u64(43).commitment());
    }

    #[test]
    fn roll_off_gives_the_highest_roller() {
        let mut dice = Dice::new(&Seed::from_u64(3), 4);
        let (first, rounds) = roll_off(&mut dice, 4);
        let last = rounds.last().expect("a round");
        let best = last.iter().map(|r| r.1).max().expect("max");
        assert_eq!(last.iter().filter(|r| r.1 == best).count(), 1);
        assert!(last.contains(&(first, best)));
    }

    #[test]
    fn tied_seats_and_only_they_roll_again_in_a_round_of_their_own() {
        let mut went_to_a_second_round = 0;
        for n in 0..100 {
            let seed = Seed::from_u64(n);
            let (first, rounds) = roll_off(&mut Dice::new(&seed, 4), 4);
            // Every value is that seat's own die, in order, whatever the others rolled.
            let mut dice = Dice::new(&seed, 4);
            let mut contenders: Vec<usize> = (0..4).collect();
            for round in &rounds {
                let seats: Vec<usize> = round.iter().map(|r| r.0).collect();
                assert_eq!(seats, contenders, "seed {n}: {rounds:?}");
                for &(seat, value) in round {
                    assert_eq!(value, dice.roll(seat), "seed {n}");
                }
                let best = round.iter().map(|r| r.1).max().expect("a roll");
                contenders = round.iter().filter(|r| r.1 == best).map(|r| r.0).collect();
            }
            assert_eq!(contenders, vec![first], "seed {n}: {rounds:?}");
            if rounds.len() > 1 {
                went_to_a_second_round += 1;
            }
        }
        // Four dice tie for the highest about two times in five.
        assert!(went_to_a_second_round > 20, "{went_to_a_second_round}");
    }
}
