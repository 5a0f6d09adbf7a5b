//! Drawing a position for the terminal: the board as a grid of cells from the core's
//! [`BoardLayout`], with the pieces on it, and under it one line a colour giving each
//! piece's progress and square.
//!
//! Each cell is three characters wide. Empty squares: `.` track, `*` safe, `(r)` a start
//! square, `r` a home-column square, `o` a yard place, `H` a home (lowercase letters are
//! board colours). Pieces: `R2` red's piece 2 alone; `3R` three red pieces; `RG` pieces of
//! several colours (`RG+` more than two).

use crate::narrate::square_number;
use crate::paint::paint;
use ludo_core::Colour;
use ludo_core::json::seat_colour;
use ludo_core::layout::{BoardLayout, CellKind};
use ludo_core::position::{PIECES, Place};
use ludo_core::{Engine, Position};
use std::fmt::Write;

/// The position as text: the board grid, then one line for each seat (the seat to move
/// marked with `>`). `colour` turns on ANSI colours; without it the colour letters (R, G,
/// Y, B, A, F) show whose piece is whose.
pub fn render(engine: &Engine, pos: &Position, colour: bool) -> String {
    let mut out = grid(engine, pos, colour);
    out.push('\n');
    out.push_str(&summary(engine, pos, colour));
    out
}

/// What a grid cell shows.
#[derive(Clone, Default)]
struct Spot {
    /// The square, when the cell is part of the board.
    kind: Option<CellKind>,
    /// The pieces drawn there: (colour, piece index).
    pieces: Vec<(Colour, usize)>,
}

/// The board with its pieces, one text line a grid row.
fn grid(engine: &Engine, pos: &Position, ansi: bool) -> String {
    let layout = BoardLayout::of_engine(engine);
    let (rows, cols) = (layout.rows as usize, layout.cols as usize);
    let mut spots = vec![vec![Spot::default(); cols]; rows];
    for cell in layout.cells() {
        if let Some(spot) = spots
            .get_mut(cell.row as usize)
            .and_then(|r| r.get_mut(cell.col as usize))
        {
            spot.kind = Some(cell.kind);
        }
    }
    for seat in pos.seats() {
        let board_colour = pos.seat_colour[seat];
        let c = seat_colour(engine, pos, seat);
        for piece in 0..PIECES {
            let progress = pos.pieces[seat][piece];
            if let Some(cell) = layout.cell_of(board_colour, progress, piece)
                && let Some(spot) = spots
                    .get_mut(cell.row as usize)
                    .and_then(|r| r.get_mut(cell.col as usize))
            {
                spot.pieces.push((c, piece));
            }
        }
    }
    let mut out = String::new();
    for row in spots {
        let line: String = row.iter().map(|s| draw_spot(engine, s, ansi)).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// One cell, three characters wide.
fn draw_spot(engine: &Engine, spot: &Spot, ansi: bool) -> String {
    let colour_of = |k: u8| engine.rules.colours.get(k as usize).copied();
    let lower = |c: Colour| c.letter().to_ascii_lowercase().to_string();
    match spot.pieces.as_slice() {
        [] => {}
        [(c, i)] => return paint(*c, &format!("{}{} ", c.letter(), i + 1), ansi),
        many => {
            let first = many[0].0;
            if many.iter().all(|&(c, _)| c == first) {
                return paint(first, &format!("{}{} ", many.len(), first.letter()), ansi);
            }
            let mut colours: Vec<Colour> = many.iter().map(|&(c, _)| c).collect();
            colours.dedup();
            let mut text: String = colours
                .iter()
                .take(2)
                .map(|&c| paint(c, &c.letter().to_string(), ansi))
                .collect();
            text.push(if colours.len() > 2 { '+' } else { ' ' });
            return text;
        }
    }
    match spot.kind {
        None => "   ".to_string(),
        Some(CellKind::Track) => " . ".to_string(),
        Some(CellKind::Safe) => " * ".to_string(),
        Some(CellKind::Start { colour, .. }) => match colour_of(colour) {
            Some(c) => paint(c, &format!("({})", lower(c)), ansi),
            None => "( )".to_string(),
        },
        Some(CellKind::HomeColumn { colour }) => match colour_of(colour) {
            Some(c) => paint(c, &format!(" {} ", lower(c)), ansi),
            None => " - ".to_string(),
        },
        Some(CellKind::Yard { colour }) => match colour_of(colour) {
            Some(c) => paint(c, " o ", ansi),
            None => " o ".to_string(),
        },
        Some(CellKind::Home { colour }) => match colour.and_then(colour_of) {
            Some(c) => paint(c, " H ", ansi),
            None => " H ".to_string(),
        },
    }
}

/// One line for each seat: every piece's progress and square.
fn summary(engine: &Engine, pos: &Position, colour: bool) -> String {
    let mut out = String::new();
    for seat in pos.seats() {
        let c = seat_colour(engine, pos, seat);
        // The seat to move; nobody once the game is over.
        let to_move = seat == pos.turn as usize && !engine.is_over(pos);
        let mark = if to_move { '>' } else { ' ' };
        let name = paint(c, &format!("{:<7}", c.name()), colour);
        let mut line = format!("{mark} {name}");
        for piece in 0..PIECES {
            let label = paint(c, &format!("{}{}", c.letter(), piece + 1), colour);
            let _ = write!(
                line,
                "  {label} {:<8}",
                piece_text(engine, pos, seat, piece)
            );
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str("  (progress@square, * safe square, col k: home column square k)\n");
    out
}

/// One piece, briefly: `yard`, `home`, `14@27*` (progress 14 on square 27, safe) or
/// `col 2/5`.
fn piece_text(engine: &Engine, pos: &Position, seat: usize, piece: usize) -> String {
    let progress = pos.pieces[seat][piece];
    match engine.place(pos, seat, piece) {
        Place::Yard => "yard".to_string(),
        Place::Home => "home".to_string(),
        Place::Track(sq) => {
            let safe = if engine.is_safe(sq) { "*" } else { "" };
            format!("{progress}@{}{safe}", square_number(engine, sq))
        }
        Place::Column(..) => format!(
            "col {}/{}",
            progress - engine.board.last_track,
            engine.board.home_column_len
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludo_core::json::parse_position;
    use serde_json::json;

    fn sample() -> (Engine, Position) {
        let parsed = parse_position(&json!({
            "rules": "classic", "seats": ["red", "yellow"], "turn": "yellow",
            "pieces": {"red": [0, 0, "yard", "home"], "yellow": [8, "yard", 53, "yard"]}
        }))
        .expect("position");
        (parsed.engine, parsed.position)
    }

    #[test]
    fn plain_output_uses_letters_and_no_escapes() {
        let (engine, pos) = sample();
        let text = render(&engine, &pos, false);
        assert!(!text.contains('\x1b'));
        // Two red pieces share the start square; yellow 1 stands alone on a star.
        assert!(text.contains("2R "), "{text}");
        assert!(text.contains("Y1 "), "{text}");
        assert!(text.contains("> yellow"), "{text}");
        assert!(text.contains("Y3 col 3/5"), "{text}");
        assert!(text.contains("R4 home"), "{text}");
        // 15 grid rows, a blank line, two seats and the legend.
        assert_eq!(text.lines().count(), 15 + 1 + 2 + 1, "{text}");
    }

    #[test]
    fn a_square_shared_by_colours_shows_two_letters_and_a_plus_for_more() {
        use Colour::{Green, Red, Yellow};
        let engine = Engine::preset("classic").expect("classic");
        let draw = |pieces: Vec<(Colour, usize)>| {
            let spot = Spot {
                kind: Some(CellKind::Safe),
                pieces,
            };
            draw_spot(&engine, &spot, false)
        };
        assert_eq!(draw(vec![(Red, 3)]), "R4 ");
        assert_eq!(draw(vec![(Red, 0), (Red, 3)]), "2R ");
        assert_eq!(draw(vec![(Red, 0), (Green, 2)]), "RG ");
        assert_eq!(draw(vec![(Red, 0), (Red, 1), (Green, 2)]), "RG ");
        assert_eq!(draw(vec![(Red, 0), (Green, 2), (Yellow, 1)]), "RG+");
        assert_eq!(draw(Vec::new()), " * ");
    }

    #[test]
    fn the_seat_to_move_is_marked_until_the_game_is_over() {
        let (engine, pos) = sample();
        assert!(summary(&engine, &pos, false).contains("> yellow"));
        // Red home with every piece: the game is over, and nobody is to move.
        let over = parse_position(&json!({
            "rules": "classic", "seats": ["red", "yellow"], "turn": "red",
            "pieces": {"red": ["home", "home", "home", "home"], "yellow": [8, "yard", 53, "yard"]}
        }))
        .expect("position");
        let text = summary(&over.engine, &over.position, false);
        assert!(!text.contains('>'), "{text}");
    }

    #[test]
    fn colour_output_uses_ansi_escapes() {
        let (engine, pos) = sample();
        assert!(render(&engine, &pos, true).contains("\x1b[1;31m"));
    }

    #[test]
    fn every_preset_draws_every_piece() {
        for preset in ludo_core::rules::PRESETS {
            let engine = Engine::preset(preset).expect("preset");
            let seats: Vec<u8> = (0..engine.board.colours).collect();
            let pos = engine.start_position(&seats);
            let text = grid(&engine, &pos, false);
            // Read the cells back: `R2` is one piece, `3R` three.
            let mut drawn = 0;
            for line in text.lines() {
                let chars: Vec<char> = line.chars().collect();
                for cell in chars.chunks(3) {
                    match cell {
                        [l, d, ..] if l.is_ascii_uppercase() && d.is_ascii_digit() => drawn += 1,
                        [d, l, ..] if d.is_ascii_digit() && l.is_ascii_uppercase() => {
                            drawn += d.to_digit(10).unwrap_or(0) as usize
                        }
                        _ => {}
                    }
                }
            }
            assert_eq!(drawn, seats.len() * PIECES, "{preset}:\n{text}");
        }
    }
}
