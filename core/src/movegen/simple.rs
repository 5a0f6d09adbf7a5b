//! The fast generator for rules whose moves need no path checks: no barriers or blocks,
//! no square capacity, no staircase, no bouncing back and no pairs moving together.
//! Classic Ludo, Mensch and the French rules are of this kind, and they are most of the
//! games simulated and searched. [`Engine::legal_moves`] picks this generator from the
//! rules data ([`Engine::simple_moves`]); the general generator in the parent module stays
//! the reference, and a property test checks that both list the same moves.
//!
//! Nothing here builds a view of the whole board: a landing square is looked up in each
//! seat's four progress bytes at once, through the table that turns a track square back
//! into each colour's progress.

use crate::engine::{COLOUR_ROWS, Engine, OFF_TRACK};
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::{NO_PIECE, PIECES, Position, YARD};

/// One bit per byte of `four` that equals `v` (bit `i` for byte `i`).
#[inline]
pub(crate) fn equal_bytes(four: [u8; PIECES], v: u8) -> u32 {
    const LOW7: u32 = 0x7F7F_7F7F;
    let x = u32::from_le_bytes(four) ^ (0x0101_0101 * v as u32);
    // The high bit of each byte that is zero, with no false hits (no borrow between bytes).
    let zero = !(((x & LOW7) + LOW7) | x) & !LOW7;
    // Gather the four high bits into bits 28..31, then down to 0..3.
    (zero >> 7).wrapping_mul(0x1020_4080) >> 28
}

impl Engine {
    /// Fills `out` with the moves by `steps` of the seat to move, entering a piece first
    /// if `enter` allows it. `out` is empty on entry; the choice rules come after.
    #[inline]
    pub(super) fn simple_legal_moves(
        &self,
        pos: &Position,
        steps: u8,
        enter: bool,
        kind: MoveKind,
        out: &mut MoveList,
    ) {
        let seat = pos.turn as usize;
        let own = pos.pieces[seat];
        let open = &self.open_square[pos.seat_colour[seat] as usize & (COLOUR_ROWS - 1)];
        let opponents = !(0xF << (seat * PIECES));
        // Whom a piece captures by ending on progress `to`, or `None` if its own piece stands
        // there and the rules forbid that. (The piece that moves never counts: a move of at
        // least one step leaves its square.)
        let landing = |to: u8| -> Option<u32> {
            if self.forbids_own_landing && Some(to) != self.board.home && equal_bytes(own, to) != 0
            {
                return None;
            }
            let sq = open[to as usize];
            Some(if sq == OFF_TRACK {
                0
            } else {
                pos.pieces_on(sq) & opponents
            })
        };
        if enter
            && let Some(piece) = own.iter().position(|&p| p == YARD)
            && let Some(captures) = landing(0)
        {
            out.push(Move::enter(piece as u8, captures));
        }
        for (piece, &from) in own.iter().enumerate() {
            // One compare rules out the yard (255), home and overshooting the end.
            let to = from as u16 + steps as u16;
            if to > self.max_progress as u16 {
                continue;
            }
            let to = to as u8;
            // Pieces on one square make the same moves: list the first one only.
            if (0..piece).any(|j| own[j] == from) {
                continue;
            }
            if let Some(captures) = landing(to) {
                out.push(Move {
                    kind,
                    piece: piece as u8,
                    partner: NO_PIECE,
                    from,
                    to,
                    captures,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::equal_bytes;
    use crate::Engine;
    use crate::dice::Seed;
    use crate::game::{Game, SplitMix};
    use crate::moves::{Input, MoveList};
    use crate::rules::{PRESETS, Rules};
    use proptest::prelude::*;

    /// The same rules with the fast generator switched off.
    fn general_only(engine: &Engine) -> Engine {
        let mut general = engine.clone();
        general.simple_moves = false;
        general
    }

    /// Plays a seeded random game and, at every step, asks both generators for every roll
    /// and for a bonus count: they must list the same moves in the same order.
    fn both_generators_agree(rules: Rules, seats: usize, seed: u64) -> Result<(), TestCaseError> {
        let fast = Engine::new(rules).expect("rules");
        prop_assume!(fast.simple_moves);
        let general = general_only(&fast);
        let colours = fast.board.seat_colours(seats).expect("seating");
        let mut game = Game::new(&fast, &colours, &Seed::from_u64(seed));
        let mut pick = SplitMix(seed);
        let (mut a, mut b) = (MoveList::default(), MoveList::default());
        let mut steps = 0;
        while let Some(input) = game.next_input() {
            for probe in (1..=6)
                .map(Input::Roll)
                .chain([Input::Bonus(10), Input::Bonus(20)])
            {
                fast.legal_moves(&game.position, probe, &mut a);
                general.legal_moves(&game.position, probe, &mut b);
                prop_assert_eq!(a.as_slice(), b.as_slice(), "{:?} at step {}", probe, steps);
            }
            fast.legal_moves(&game.position, input, &mut a);
            let mv = (!a.is_empty()).then(|| a.as_slice()[pick.below(a.len())]);
            game.play(&fast, input, mv.as_ref());
            steps += 1;
            prop_assert!(steps < 20_000, "game did not end");
        }
        Ok(())
    }

    #[test]
    fn the_fast_generator_serves_the_presets_without_path_rules() {
        let simple: Vec<&str> = PRESETS
            .iter()
            .copied()
            .filter(|p| Engine::preset(p).expect("preset").simple_moves)
            .collect();
        assert_eq!(simple, ["classic", "ludo_multijoueur", "mensch"]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn fast_and_general_generators_list_the_same_moves(
            preset in prop::sample::select(vec!["classic", "ludo_multijoueur", "mensch"]),
            seats in 2usize..=4,
            seed in any::<u64>(),
        ) {
            both_generators_agree(Rules::preset(preset).expect("preset"), seats, seed)?;
        }

        #[test]
        fn the_generators_agree_under_house_rule_options(
            seed in any::<u64>(),
            stack in any::<bool>(),
            bonus in prop::sample::select(vec!["none", "extra_roll", "move"]),
        ) {
            let mut rules = Rules::preset("classic").expect("classic");
            if !stack {
                rules.same_colour_landing = crate::rules::SameColourLanding::Forbidden;
            }
            rules.capture_bonus = match bonus {
                "extra_roll" => crate::rules::Bonus::ExtraRoll,
                "move" => crate::rules::Bonus::Move(20),
                _ => crate::rules::Bonus::None,
            };
            rules.enter_on = crate::rules::EnterOn::OneOrSix;
            both_generators_agree(rules, 4, seed)?;
        }
    }

    #[test]
    fn equal_bytes_marks_exactly_the_equal_bytes() {
        assert_eq!(equal_bytes([3, 0, 3, 255], 3), 0b0101);
        assert_eq!(equal_bytes([255, 255, 0, 255], 255), 0b1011);
        assert_eq!(equal_bytes([1, 0, 1, 0], 0), 0b1010);
        assert_eq!(equal_bytes([0x80, 0x7F, 0x01, 0x00], 0x7F), 0b0010);
        assert_eq!(equal_bytes([9, 9, 9, 9], 8), 0);
        for v in 0..=255u8 {
            for k in 0..4 {
                let mut four = [v.wrapping_add(1); 4];
                four[k] = v;
                assert_eq!(equal_bytes(four, v), 1 << k, "byte {k} = {v}");
            }
        }
    }
}
