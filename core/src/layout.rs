//! The drawing layout of every board: the grid cell and the kind of every track square,
//! home-column square, yard place and home, so that the terminal and both apps draw the same
//! board from the same numbers as the rules.
//!
//! Nothing here is a typed-in table of coordinates. Every board is a ring of *arms*, each
//! three lanes wide: the track runs out along one lane (the incoming lane), across the arm's
//! end and back along the other (the outgoing lane), and the colour's home column runs up the
//! middle lane from the end towards the centre. The board's own numbers place everything
//! else: the track length and the number of colours give the arm length, `last_track` puts
//! each colour's arm on the track (its last track square is the middle lane's end square),
//! and `home_column_len` says how far up the middle lane the home column runs.
//!
//! | board | grid (rows × cols) | shape |
//! |---|---|---|
//! | Ludo cross, arm length L | (2L+3) × (2L+3), 15 × 15 for L = 6 | four arms of 3 × L round a 3 × 3 centre; the track turns each corner diagonally; L × L yards in the corners |
//! | Parchís, 4 colours | 19 × 19 | the same cross with arms of 3 × 8, run counter-clockwise |
//! | Parchís, 6 colours | 19 × 22 | six arms of 3 × 8 round a 3 × 6 centre: one left, one right, two side by side above and two below, so that the track runs on from one to the other; each yard beside its exit, but the first arm of a pair has its yard beyond its other lane |
//! | Mensch ärgere Dich nicht | 11 × 11 | four arms of 3 × 4; the centre's corners are track squares; B fields in the outer corners |
//! | Petits chevaux | 15 × 15 | four arms of 3 × 6; the centre's corners are track squares, its sides the staircases' sixth steps, its middle the one shared home |
//!
//! A home column shorter than an arm's middle lane (the `home_col_len` option) ends on its arm
//! with its home right after it; one as long as the arm runs on to the centre's edge, and the
//! colours share the middle as their home; a longer one widens the Ludo centre so that the
//! columns still fit without crossing each other (and the track then crosses the centre's
//! corners, [`BoardLayout::non_adjacent`]).
//!
//! The classic board, from [`BoardLayout::render_ascii`] (`a`–`d` the start squares of board
//! colours 0–3, `A`–`D` their home columns, `*` the stars, `y` the yard places, `H` homes):
//!
//! ```
//! # use ludo_core::{Engine, layout::BoardLayout};
//! # let engine = Engine::preset("classic").expect("classic");
//! # let text = BoardLayout::of_engine(&engine).render_ascii();
//! # assert_eq!(text, "
//!       ...
//!  y  y .Cc y  y
//!       *C.
//!       .C.
//!  y  y .C. y  y
//!       .C.
//! .b.... H ...*..
//! .BBBBBH HDDDDD.
//! ..*... H ....d.
//!       .A.
//!  y  y .A. y  y
//!       .A.
//!       .A*
//!  y  y aA. y  y
//!       ...
//! # ".trim_start_matches('\n'));
//! ```

use serde::Serialize;

use crate::board::{Board, BoardSpec};
use crate::engine::Engine;
use crate::position::YARD;

/// What a cell of the board is, for drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CellKind {
    /// A plain track square.
    Track,
    /// A safe track square that is not a start square (a star, a seguro).
    Safe,
    /// A start (exit) square of a board colour, drawn in its colour, and marked safe where the
    /// rules make it so (`classic`'s starts and Parchís' exits are; `ludo_multijoueur`'s are not).
    Start {
        /// The board colour index.
        colour: u8,
        /// Whether no piece is captured there.
        safe: bool,
    },
    /// A square of a board colour's home column (corridor, goal field, staircase step).
    HomeColumn {
        /// The board colour index.
        colour: u8,
    },
    /// The place of one piece in a board colour's yard.
    Yard {
        /// The board colour index.
        colour: u8,
    },
    /// Where finished pieces are drawn: a colour's triangle or meta, or `None` for a centre
    /// that all colours share (Petits chevaux).
    Home {
        /// The board colour index, when each colour has a home of its own.
        colour: Option<u8>,
    },
}

/// One square of the board and where it is drawn. Row 0 is the top, column 0 the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Cell {
    /// Grid row, from the top.
    pub row: u8,
    /// Grid column, from the left.
    pub col: u8,
    /// What the square is.
    pub kind: CellKind,
}

/// The drawing layout of a board: every square's grid cell and kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardLayout {
    /// Rows of the grid.
    pub rows: u8,
    /// Columns of the grid.
    pub cols: u8,
    /// The cell of every track square; the index is the absolute square.
    pub track: Vec<Cell>,
    /// Each board colour's home column, from its first square to its last.
    pub home_columns: Vec<Vec<Cell>>,
    /// Each board colour's yard: one cell for each piece index.
    pub yards: Vec<Vec<Cell>>,
    /// Each board colour's home, where its finished pieces are drawn; several colours may
    /// share one centre cell. Empty on boards without a home (Mensch: the goal fields are the
    /// end).
    pub homes: Vec<Cell>,
    /// The track squares `s` whose step to `s + 1` is not between neighbouring cells, with
    /// why (a diagonal corner, a jump across a yard).
    pub non_adjacent: Vec<(u8, String)>,
    /// Each board colour's start square, as on the [`Board`], so [`BoardLayout::cell_of`]
    /// can follow a piece.
    pub start_squares: Vec<u8>,
    /// The progress of the last track square before the home column, as on the [`Board`].
    pub last_track: u8,
}

/// The layout of a board, with the rules' safe squares marked by `safe` (a track square in,
/// whether it is safe out). An app with an [`Engine`] calls [`BoardLayout::of_engine`].
pub fn layout(board: &Board, safe: impl Fn(u8) -> bool) -> BoardLayout {
    Shape::of(board).draw(board, safe)
}

impl BoardLayout {
    /// The layout of an engine's board, with its rules' safe squares.
    pub fn of_engine(engine: &Engine) -> BoardLayout {
        layout(&engine.board, |square| engine.is_safe(square))
    }

    /// Where a piece of board colour `colour` at `progress` is drawn: its yard place (the
    /// progress [`YARD`], `piece` choosing the place), its track square, its home-column
    /// square or its home. `None` when the colour, piece or progress is not on this board.
    pub fn cell_of(&self, colour: u8, progress: u8, piece: usize) -> Option<Cell> {
        let k = colour as usize;
        if progress == YARD {
            return self.yards.get(k)?.get(piece).copied();
        }
        if progress <= self.last_track {
            let start = *self.start_squares.get(k)? as usize;
            let square = (start + progress as usize).checked_rem(self.track.len())?;
            return self.track.get(square).copied();
        }
        let column = self.home_columns.get(k)?;
        let step = (progress - self.last_track - 1) as usize;
        if step < column.len() {
            column.get(step).copied()
        } else if step == column.len() {
            self.homes.get(k).copied()
        } else {
            None
        }
    }

    /// Every cell of the board: the track, the home columns, the yards, then the homes.
    pub fn cells(&self) -> impl Iterator<Item = &Cell> {
        self.track
            .iter()
            .chain(self.home_columns.iter().flatten())
            .chain(self.yards.iter().flatten())
            .chain(&self.homes)
    }

    /// A plain-text picture for debugging, one character a cell: `.` track, `*` safe, `a`,
    /// `b`, … the start square of board colour 0, 1, …, `A`, `B`, … its home column, `y` a
    /// yard place, `H` a home, space for nothing. Trailing spaces are trimmed.
    pub fn render_ascii(&self) -> String {
        let mut grid = vec![vec![' '; self.cols as usize]; self.rows as usize];
        for cell in self.cells() {
            if let Some(spot) = grid
                .get_mut(cell.row as usize)
                .and_then(|row| row.get_mut(cell.col as usize))
            {
                *spot = symbol(cell.kind);
            }
        }
        let mut text = String::new();
        for row in grid {
            text.push_str(row.into_iter().collect::<String>().trim_end());
            text.push('\n');
        }
        text
    }
}

fn symbol(kind: CellKind) -> char {
    let letter = |base: u8, colour: u8| char::from(base.saturating_add(colour));
    match kind {
        CellKind::Track => '.',
        CellKind::Safe => '*',
        CellKind::Start { colour, .. } => letter(b'a', colour),
        CellKind::HomeColumn { colour } => letter(b'A', colour),
        CellKind::Yard { .. } => 'y',
        CellKind::Home { .. } => 'H',
    }
}

/// A grid position, signed so that arm arithmetic can step either way.
type At = (i32, i32);

/// One arm: three lanes of cells running away from the centre.
struct Arm {
    /// The middle lane's innermost cell.
    base: At,
    /// One step away from the centre.
    out: At,
}

impl Arm {
    /// The cell `i` rows out from the arm's innermost row (negative: into the centre) on
    /// `lane`: +1 the incoming lane, 0 the middle, -1 the outgoing lane, further negative
    /// lanes beyond the outgoing one (where the yard lies).
    fn at(&self, i: i32, lane: i32) -> At {
        // The incoming lane is on the side the track arrives from when it runs clockwise.
        let side = (-self.out.1, self.out.0);
        (
            self.base.0 + i * self.out.0 + lane * side.0,
            self.base.1 + i * self.out.1 + lane * side.1,
        )
    }
}

/// How a board is drawn: its grid, its arms (one per board colour, in track order, drawn
/// clockwise) and the few choices that differ between boards.
struct Shape {
    rows: i32,
    cols: i32,
    arms: Vec<Arm>,
    /// Rows in each arm.
    arm_len: i32,
    /// The centre's corner cells are track squares joining two arms (Mensch, Petits
    /// chevaux); otherwise the track steps straight from one arm to the next.
    corner_squares: bool,
    /// Drawn mirrored, so that the track runs counter-clockwise (Parchís).
    counter_clockwise: bool,
    /// The centre cell, where a home is shared by every colour.
    centre: Option<At>,
    /// Each piece's yard place as (row of the arm, lane).
    yard: [At; 4],
    /// The arms whose yard lies beyond the incoming lane instead of the outgoing one (its
    /// lanes mirrored), where another arm stands beside the outgoing lane.
    yard_inside: Vec<bool>,
}

impl Shape {
    fn of(board: &Board) -> Shape {
        let sector = board.track_len as i32 / board.colours.max(1) as i32;
        let column = board.home_column_len as i32;
        match board.spec {
            BoardSpec::Parchis { colours: 6 } => {
                // From the middle lane's end square to the exit, counted along the track.
                let to_exit = board.track_len as i32 - board.last_track as i32;
                Shape::six_arms((sector - 1) / 2, to_exit)
            }
            BoardSpec::Parchis { .. } => {
                let arm_len = (sector - 1) / 2;
                Shape::cross(arm_len, column, false, true, spread(arm_len))
            }
            BoardSpec::Cross { .. } => {
                let arm_len = (sector - 1) / 2;
                Shape::cross(arm_len, column, false, false, spread(arm_len))
            }
            // A corner square joins each pair of arms: 2L + 2 squares a colour.
            BoardSpec::PetitsChevaux => {
                let arm_len = (sector - 2) / 2;
                Shape::cross(arm_len, column, true, false, spread(arm_len))
            }
            // The B fields fill the outermost two-by-two of each corner.
            BoardSpec::Mensch => {
                let arm_len = (sector - 2) / 2;
                Shape::cross(arm_len, column, true, false, [arm_len - 2, arm_len - 1])
            }
        }
    }

    /// Four arms of 3 × `arm_len` round a square centre, colour 0 at the bottom and the next
    /// colours clockwise. The centre is 3 × 3 unless a long home column needs more room.
    /// The yard is the corner block beside each outgoing lane, its pieces on the rows and
    /// columns `yard_at` counted from the block's inner corner.
    fn cross(
        arm_len: i32,
        column: i32,
        corner_squares: bool,
        counter_clockwise: bool,
        yard_at: [i32; 2],
    ) -> Shape {
        // Half the centre's side: the home column fills the middle lane's arm_len - 1 cells,
        // then runs on into the centre, one cell a side on the 3 × 3 centre, and its home is
        // the middle, shared (a column as long as the arm, as on Petits chevaux). A longer one
        // widens the centre so that the columns still stop short of the middle.
        let half = if corner_squares {
            1
        } else {
            (column + 1 - arm_len).max(1)
        };
        let mid = arm_len + half;
        let arms = [(1, 0), (0, -1), (-1, 0), (0, 1)]
            .into_iter()
            .map(|out: At| Arm {
                base: (mid + (half + 1) * out.0, mid + (half + 1) * out.1),
                out,
            })
            .collect();
        let [near, far] = yard_at;
        let lane = |j: i32| -(half + 1) - j;
        Shape {
            rows: 2 * mid + 1,
            cols: 2 * mid + 1,
            arms,
            arm_len,
            corner_squares,
            counter_clockwise,
            centre: Some((mid, mid)),
            yard_inside: vec![false; 4],
            yard: [
                (near, lane(near)),
                (near, lane(far)),
                (far, lane(near)),
                (far, lane(far)),
            ],
        }
    }

    /// The 6-colour Parchís board: six arms of 3 × `arm_len` round a 3-row centre, one arm
    /// left, one right, two above and two below. The two arms of a pair stand side by side,
    /// so that the track steps straight from one to the other; the yards are in the corners,
    /// the one of the pair's first arm beyond its incoming lane. Colour 0 is the lower-left
    /// arm before mirroring.
    fn six_arms(arm_len: i32, to_exit: i32) -> Shape {
        const GAP: i32 = 0;
        let (top, left) = (arm_len, arm_len);
        let right = left + 5 + GAP;
        let arm = |base: At, out: At| Arm { base, out };
        let (up, down, west, east) = ((-1, 0), (1, 0), (0, -1), (0, 1));
        let arms = vec![
            arm((top + 3, left + 1), down),
            arm((top + 1, left - 1), west),
            arm((top - 1, left + 1), up),
            arm((top - 1, right - 1), up),
            arm((top + 1, right + 1), east),
            arm((top + 3, right - 1), down),
        ];
        // The exit is `to_exit` squares past the end of the middle lane, on the outgoing
        // lane; the yard is the two-by-two block beside it.
        let exit = arm_len - to_exit;
        Shape {
            rows: 2 * arm_len + 3,
            cols: right + 1 + arm_len,
            arms,
            arm_len,
            corner_squares: false,
            counter_clockwise: true,
            centre: None,
            yard: [(exit, -2), (exit, -3), (exit + 1, -2), (exit + 1, -3)],
            yard_inside: vec![false, false, true, false, false, true],
        }
    }

    fn draw(&self, board: &Board, safe: impl Fn(u8) -> bool) -> BoardLayout {
        let len = self.arm_len;
        let track_len = board.track_len as i32;
        let mut track = vec![(0, 0); board.track_len as usize];
        let mut junctions = Vec::new();
        for (k, arm) in self.arms.iter().enumerate() {
            // The colour's last track square is its middle lane's end square.
            let end = board.track_square(k, board.last_track) as i32;
            let square = |offset: i32| (end + offset).rem_euclid(track_len) as usize;
            for i in 0..len {
                track[square(i - len)] = arm.at(i, 1);
            }
            track[square(0)] = arm.at(len - 1, 0);
            for step in 1..=len {
                track[square(step)] = arm.at(len - step, -1);
            }
            if self.corner_squares {
                track[square(len + 1)] = arm.at(-1, -1);
            } else {
                junctions.push(square(len));
            }
        }

        let track: Vec<Cell> = track
            .iter()
            .enumerate()
            .map(|(s, &at)| {
                let s = s as u8;
                let kind = match board.start_squares.iter().position(|&x| x == s) {
                    Some(k) => CellKind::Start {
                        colour: k as u8,
                        safe: safe(s),
                    },
                    None if safe(s) => CellKind::Safe,
                    None => CellKind::Track,
                };
                self.cell(at, kind)
            })
            .collect();

        let mut non_adjacent: Vec<(u8, String)> = junctions
            .into_iter()
            .filter_map(|s| {
                let (from, to) = (track[s], track[(s + 1) % track.len()]);
                step_reason(from, to).map(|why| (s as u8, why.to_string()))
            })
            .collect();
        non_adjacent.sort();

        let column = board.home_column_len as i32;
        let colours = || self.arms.iter().zip(0u8..);
        let home_columns = colours()
            .map(|(arm, k)| {
                (1..=column)
                    .map(|d| self.cell(arm.at(len - 1 - d, 0), CellKind::HomeColumn { colour: k }))
                    .collect()
            })
            .collect();
        let yards = colours()
            .map(|(arm, k)| {
                let inside = self.yard_inside.get(k as usize).copied().unwrap_or(false);
                self.yard
                    .iter()
                    .map(|&(i, lane)| {
                        let lane = if inside { -lane } else { lane };
                        self.cell(arm.at(i, lane), CellKind::Yard { colour: k })
                    })
                    .collect()
            })
            .collect();
        let homes = match board.home {
            None => Vec::new(),
            Some(_) => colours()
                .map(|(arm, k)| {
                    // Right after the home column: on its arm when the column is short, on
                    // the centre's edge when it fills the arm, in the middle (shared) when
                    // it runs on into the centre.
                    let at = arm.at(len - 2 - column, 0);
                    let colour = (Some(at) != self.centre).then_some(k);
                    self.cell(at, CellKind::Home { colour })
                })
                .collect(),
        };

        BoardLayout {
            rows: self.rows as u8,
            cols: self.cols as u8,
            track,
            home_columns,
            yards,
            homes,
            non_adjacent,
            start_squares: board.start_squares.clone(),
            last_track: board.last_track,
        }
    }

    fn cell(&self, (row, col): At, kind: CellKind) -> Cell {
        let col = if self.counter_clockwise {
            self.cols - 1 - col
        } else {
            col
        };
        Cell {
            row: row as u8,
            col: col as u8,
            kind,
        }
    }
}

/// Yard places spread over an `arm_len` × `arm_len` corner block: two rows and two columns
/// a third of the way in from either side.
fn spread(arm_len: i32) -> [i32; 2] {
    let inset = (arm_len - 1) / 3;
    [inset, arm_len - 1 - inset]
}

/// Why the track's step from one arm to the next is not between neighbouring cells, or
/// `None` when it is (two arms side by side).
fn step_reason(from: Cell, to: Cell) -> Option<&'static str> {
    let rows = (from.row as i32 - to.row as i32).abs();
    let cols = (from.col as i32 - to.col as i32).abs();
    match (rows, cols) {
        (0, 1) | (1, 0) => None,
        (1, 1) => Some("corner: the track turns diagonally from one arm into the next"),
        (0, _) | (_, 0) => Some("the track jumps across a gap between two side-by-side arms"),
        _ => Some("corner: the track crosses the corner of the widened centre"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incoming_lane_is_the_side_a_clockwise_track_arrives_from() {
        // Bottom arm: the track comes down the right lane and goes back up the left one.
        let bottom = Arm {
            base: (9, 7),
            out: (1, 0),
        };
        assert_eq!(bottom.at(0, 1), (9, 8));
        assert_eq!(bottom.at(5, -1), (14, 6));
        // Left arm: in along the bottom lane, out along the top one.
        let left = Arm {
            base: (7, 5),
            out: (0, -1),
        };
        assert_eq!(left.at(0, 1), (8, 5));
        assert_eq!(left.at(0, -1), (6, 5));
    }

    #[test]
    fn yard_places_spread_over_the_corner_block() {
        assert_eq!(spread(6), [1, 4]);
        assert_eq!(spread(8), [2, 5]);
        assert_eq!(spread(3), [0, 2]);
    }
}
