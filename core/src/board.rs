//! Board geometry: the track, the start squares, the star squares and the home columns of
//! every board of the family, generated from a few numbers rather than typed in as tables.
//!
//! Squares are numbered from 0 along the direction of movement. A piece's *progress* counts
//! the steps it has made since it entered: 0 is its own start square, `last_track` the last
//! track square before its home column, then the home column, then home.

use serde::{Deserialize, Serialize};

/// The largest track any board has (the 6-colour Parchís board), so that a square fits a
/// `u128` bit set.
pub const MAX_TRACK: usize = 102;

/// How a board is built. Each kind is generated from its numbers (rules.md §1, §2, §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum BoardSpec {
    /// The Ludo cross: four arms of 3 columns × `arm_len` rows. `home_column_len` overrides
    /// the usual `arm_len - 1` squares of home column.
    Cross {
        /// Rows in each arm (6 on the classic 15×15 board).
        arm_len: u8,
        /// Squares in each home column; `None` means `arm_len - 1`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        home_column_len: Option<u8>,
    },
    /// The Spanish Parchís board: 17 squares a colour, 4 or 6 colours, 7-square corridors.
    Parchis {
        /// 4 (68 squares) or 6 (102 squares).
        colours: u8,
    },
    /// Mensch ärgere Dich nicht: 40 squares and four goal fields a colour.
    Mensch,
    /// Petits chevaux: 56 squares and a six-step staircase to the centre.
    PetitsChevaux,
}

/// The geometry that decides moves, derived from a [`BoardSpec`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// What the board was built from.
    pub spec: BoardSpec,
    /// Number of colours the board has room for.
    pub colours: u8,
    /// Squares on the shared track.
    pub track_len: u8,
    /// Each colour's start (exit) square, by board colour index.
    pub start_squares: Vec<u8>,
    /// Star squares: safe squares that are not start squares when the rules make them safe.
    pub star_squares: Vec<u8>,
    /// Progress of the last track square before a colour turns into its home column.
    pub last_track: u8,
    /// Squares in each colour's home column (corridor, goal fields, staircase).
    pub home_column_len: u8,
    /// Progress of home, or `None` on boards without a separate home (Mensch: the goal fields
    /// are the end).
    pub home: Option<u8>,
}

impl Board {
    /// Builds the geometry for a spec. Fails with the name of the bad number.
    pub fn new(spec: BoardSpec) -> Result<Board, String> {
        let board = match spec {
            BoardSpec::Cross {
                arm_len,
                home_column_len,
            } => {
                if !(3..=8).contains(&arm_len) {
                    return Err(format!("board.arm_len: {arm_len} is not between 3 and 8"));
                }
                let sector = 2 * arm_len + 1;
                let track = 4 * sector;
                let col = home_column_len.unwrap_or(arm_len - 1);
                if !(1..=arm_len + 2).contains(&col) {
                    return Err(format!(
                        "board.home_column_len: {col} is not between 1 and {}",
                        arm_len + 2
                    ));
                }
                let last = track - 2;
                Board {
                    spec,
                    colours: 4,
                    track_len: track,
                    start_squares: (0..4).map(|k| k * sector).collect(),
                    // Five squares before the next start: abs 8, 21, 34, 47 on the 52 track.
                    star_squares: (0..4).map(|k| k * sector + sector - 5).collect(),
                    last_track: last,
                    home_column_len: col,
                    home: Some(last + col + 1),
                }
            }
            BoardSpec::Parchis { colours } => {
                if colours != 4 && colours != 6 {
                    return Err(format!("board.colours: {colours} is not 4 or 6"));
                }
                let track = 17 * colours;
                // Printed squares 1..=N; here square s is printed s + 1. Exits are printed
                // 17k+5, the other safe squares 17k+12 and 17k+17.
                let mut stars = Vec::new();
                for k in 0..colours {
                    stars.push(17 * k + 11);
                    stars.push(17 * k + 16);
                }
                let last = track - 5;
                Board {
                    spec,
                    colours,
                    track_len: track,
                    start_squares: (0..colours).map(|k| 17 * k + 4).collect(),
                    star_squares: stars,
                    last_track: last,
                    home_column_len: 7,
                    home: Some(last + 8),
                }
            }
            BoardSpec::Mensch => Board {
                spec,
                colours: 4,
                track_len: 40,
                start_squares: vec![0, 10, 20, 30],
                star_squares: Vec::new(),
                last_track: 39,
                home_column_len: 4,
                home: None,
            },
            BoardSpec::PetitsChevaux => Board {
                spec,
                colours: 4,
                track_len: 56,
                start_squares: vec![0, 14, 28, 42],
                star_squares: Vec::new(),
                last_track: 55,
                home_column_len: 6,
                home: Some(62),
            },
        };
        Ok(board)
    }

    /// The highest progress a piece can have: home, or the last goal field.
    pub fn max_progress(&self) -> u8 {
        self.home.unwrap_or(self.last_track + self.home_column_len)
    }

    /// The track square of a piece of board colour `colour` at track progress `progress`.
    pub fn track_square(&self, colour: usize, progress: u8) -> u8 {
        ((self.start_squares[colour] as u16 + progress as u16) % self.track_len as u16) as u8
    }

    /// The board's spread of `n` seats over its colours, as even as it can be: seat `k` takes
    /// colour `k · colours / n`, rounded down. 2 seats sit opposite, 3 take colours 0, 1, 2 of
    /// 4 and every other colour of 6, 4 of 6 take 0, 1, 3, 4 (rules.md §0, §1.2).
    pub fn default_seating(&self, n: usize) -> Option<Vec<usize>> {
        let c = self.colours as usize;
        if n == 0 || n > c {
            return None;
        }
        Some((0..n).map(|k| k * c / n).collect())
    }

    /// [`Board::default_seating`] as the colour bytes a position takes
    /// ([`crate::Position::empty`], [`crate::game::Game::new`]).
    pub fn seat_colours(&self, n: usize) -> Option<Vec<u8>> {
        self.default_seating(n)
            .map(|seats| seats.into_iter().map(|c| c as u8).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cross() -> Board {
        Board::new(BoardSpec::Cross {
            arm_len: 6,
            home_column_len: None,
        })
        .expect("classic board")
    }

    #[test]
    fn classic_cross_has_52_squares_starts_every_13_and_home_at_56() {
        let b = cross();
        assert_eq!(b.track_len, 52);
        assert_eq!(b.start_squares, vec![0, 13, 26, 39]);
        assert_eq!(b.star_squares, vec![8, 21, 34, 47]);
        assert_eq!(b.last_track, 50);
        assert_eq!(b.home_column_len, 5);
        assert_eq!(b.home, Some(56));
    }

    #[test]
    fn stars_stand_five_squares_before_the_next_start_on_every_cross() {
        for arm_len in 3..=8u8 {
            let b = Board::new(BoardSpec::Cross {
                arm_len,
                home_column_len: None,
            })
            .expect("a cross");
            let sector = 2 * u16::from(arm_len) + 1;
            for (k, (&start, &star)) in b.start_squares.iter().zip(&b.star_squares).enumerate() {
                assert_eq!(u16::from(start), k as u16 * sector);
                assert_eq!(
                    u16::from(star),
                    u16::from(start) + sector - 5,
                    "arm {arm_len}"
                );
            }
        }
    }

    #[test]
    fn parchis_boards_match_the_printed_numbers() {
        let b = Board::new(BoardSpec::Parchis { colours: 4 }).expect("parchis");
        assert_eq!(b.track_len, 68);
        let printed = |v: &Vec<u8>| v.iter().map(|s| s + 1).collect::<Vec<_>>();
        assert_eq!(printed(&b.start_squares), vec![5, 22, 39, 56]);
        let mut safe = printed(&b.start_squares);
        safe.extend(printed(&b.star_squares));
        safe.sort();
        assert_eq!(safe, vec![5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68]);
        assert_eq!(b.last_track, 63);
        assert_eq!(b.home, Some(71));
        // Yellow's home-entry square is printed 68.
        assert_eq!(b.track_square(0, 63) + 1, 68);
        let b6 = Board::new(BoardSpec::Parchis { colours: 6 }).expect("parchis6");
        assert_eq!(b6.track_len, 102);
        assert_eq!(b6.last_track, 97);
        assert_eq!(b6.home, Some(105));
        assert_eq!(b6.star_squares.len() + b6.start_squares.len(), 18);
    }

    #[test]
    fn seats_are_spread_evenly_and_two_sit_opposite() {
        let four = cross();
        assert_eq!(four.default_seating(0), None);
        assert_eq!(four.default_seating(1), Some(vec![0]));
        assert_eq!(four.default_seating(2), Some(vec![0, 2]));
        assert_eq!(four.default_seating(3), Some(vec![0, 1, 2]));
        assert_eq!(four.default_seating(4), Some(vec![0, 1, 2, 3]));
        assert_eq!(four.default_seating(5), None);
        assert_eq!(four.seat_colours(5), None);
        let b6 = Board::new(BoardSpec::Parchis { colours: 6 }).expect("parchis6");
        assert_eq!(b6.default_seating(2), Some(vec![0, 3]));
        assert_eq!(b6.default_seating(3), Some(vec![0, 2, 4]));
        assert_eq!(b6.seat_colours(4), Some(vec![0, 1, 3, 4]));
        assert_eq!(b6.default_seating(5), Some(vec![0, 1, 2, 3, 4]));
        assert_eq!(b6.default_seating(6), Some(vec![0, 1, 2, 3, 4, 5]));
        assert_eq!(b6.default_seating(7), None);
    }

    #[test]
    fn bad_arm_length_is_refused_with_its_field() {
        let e = Board::new(BoardSpec::Cross {
            arm_len: 1,
            home_column_len: None,
        })
        .expect_err("arm 1");
        assert!(e.contains("arm_len"), "{e}");
    }
}
