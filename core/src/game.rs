//! A whole game driven by the dice: the roll-off, then roll, choose, play until it is over.
//! Simulations, benchmarks, bots and sessions build on this loop.

use crate::dice::{Dice, Seed, roll_off};
use crate::engine::Engine;
use crate::moves::{Input, Move, MoveList};
use crate::position::Position;
use crate::turn::{Phase, Step};

/// A game in progress: the position, what it waits for, and the table's dice.
#[derive(Clone, Debug)]
pub struct Game {
    /// The position.
    pub position: Position,
    /// What the game waits for.
    pub phase: Phase,
    /// The dice.
    pub dice: Dice,
    /// Rolls made so far (the roll-off not counted).
    pub rolls: u64,
}

impl Game {
    /// A new game with these seats (board colour indices in turn order); the roll-off
    /// decides the first seat.
    pub fn new(engine: &Engine, seat_colours: &[u8], seed: &Seed) -> Game {
        let mut dice = Dice::new(seed, seat_colours.len());
        let (first, _) = roll_off(&mut dice, seat_colours.len());
        let mut position = engine.start_position(seat_colours);
        position.turn = first as u8;
        Game {
            position,
            phase: Phase::Roll,
            dice,
            rolls: 0,
        }
    }

    /// The input the seat to move has to play next: a fresh roll of its die, or the
    /// pending bonus. `None` once the game is over.
    pub fn next_input(&mut self) -> Option<Input> {
        match self.phase {
            Phase::Roll => {
                self.rolls += 1;
                Some(Input::Roll(self.dice.roll(self.position.turn as usize)))
            }
            Phase::Bonus(n) => Some(Input::Bonus(n)),
            Phase::Over => None,
        }
    }

    /// Plays `input` with a move from its legal list (or `None` when it is empty).
    pub fn play(&mut self, engine: &Engine, input: Input, mv: Option<&Move>) -> Step {
        let step = engine.play(&mut self.position, input, mv);
        self.phase = step.phase;
        step
    }

    /// Plays the game to its end, asking `choose` for a move whenever there are at least
    /// two. Returns the number of rolls made. `max_rolls` stops a game that would not end.
    pub fn play_out(
        &mut self,
        engine: &Engine,
        max_rolls: u64,
        mut choose: impl FnMut(&Position, Input, &MoveList) -> usize,
    ) -> u64 {
        let mut list = MoveList::default();
        while self.rolls < max_rolls {
            let Some(input) = self.next_input() else {
                break;
            };
            engine.legal_moves(&self.position, input, &mut list);
            let mv = match list.len() {
                0 => None,
                1 => list.get(0),
                _ => list.get(choose(&self.position, input, &list)),
            }
            .copied();
            self.play(engine, input, mv.as_ref());
        }
        self.rolls
    }
}

/// SplitMix64: a small fast generator for random move choices in simulations and for
/// deriving seeds from seeds (never for the dice themselves).
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The random choices of [`random_game`] with this seed.
    pub fn for_random_game(seed: u64) -> SplitMix {
        SplitMix(seed ^ 0x5EED)
    }

    /// The next 64-bit output.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The next number below `n` (`n` > 0).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// Plays one game of random moves from a seed, with `seats` seats spread over the board.
/// Returns the finished game. The benchmark and the property tests use this.
pub fn random_game(engine: &Engine, seats: usize, seed: u64) -> Game {
    let colours = engine.board.seat_colours(seats).unwrap_or_default();
    let mut game = Game::new(engine, &colours, &Seed::from_u64(seed));
    let mut pick = SplitMix::for_random_game(seed);
    game.play_out(engine, 100_000, |_, _, list| pick.below(list.len()));
    game
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_mix_is_splitmix64() {
        // SplitMix64 from state 0 gives 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4,
        // 0x06c45d188009454f, 0xf88bb8a8724c81ec, ...; `below(2^32)` is the high half of
        // each, `below(n)` scales it.
        let mut high = SplitMix(0);
        let firsts: Vec<usize> = (0..8).map(|_| high.below(1 << 32)).collect();
        let reference = [
            0xe220_a839,
            0x6e78_9e6a,
            0x06c4_5d18,
            0xf88b_b8a8,
            0x1b39_896a,
            0x53cb_9f0c,
            0x2c82_9abe,
            0xc584_133a,
        ];
        assert_eq!(firsts, reference);
        let mut whole = SplitMix(0);
        let words: Vec<u64> = (0..4).map(|_| whole.next_u64()).collect();
        assert_eq!(
            words,
            [
                0xe220_a839_7b1d_cdaf,
                0x6e78_9e6a_a1b9_65f4,
                0x06c4_5d18_8009_454f,
                0xf88b_b8a8_724c_81ec
            ]
        );
        let mut die = SplitMix(0);
        let scaled: Vec<usize> = (0..3).map(|_| die.below(6)).collect();
        assert_eq!(scaled, [5, 2, 0]);
    }

    #[test]
    fn split_mix_below_n_is_even() {
        let mut pick = SplitMix(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[pick.below(6)] += 1;
        }
        // 10,000 each expected; 5 standard deviations is about 456.
        for (face, &n) in counts.iter().enumerate() {
            assert!((9_544..=10_456).contains(&n), "{face}: {n} of 60,000");
        }
    }

    #[test]
    fn play_out_stops_at_its_roll_limit() {
        let engine = Engine::preset("classic").expect("classic");
        let colours = engine.board.seat_colours(4).expect("four seats");
        let mut game = Game::new(&engine, &colours, &Seed::from_u64(3));
        let mut asked = 0;
        let made = game.play_out(&engine, 10, |_, _, list| {
            asked += 1;
            list.len() - 1
        });
        assert_eq!((made, game.rolls), (10, 10));
        assert_ne!(game.phase, Phase::Over, "ten rolls do not end a game");
        // Played on, it ends well before the limit, and says how many rolls it took.
        let made = game.play_out(&engine, 100_000, |_, _, list| list.len() - 1);
        assert_eq!(game.phase, Phase::Over);
        assert!(made > 10 && made < 100_000 && made == game.rolls, "{made}");
        assert!(asked <= 10);
    }
}
