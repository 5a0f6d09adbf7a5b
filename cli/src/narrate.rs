//! The game told in words: where a piece stands, what a move does, what a step of the turn
//! machine did. Pieces are numbered from 1 here, for people; JSON numbers them from 0.

use ludo_core::board::BoardSpec;
use ludo_core::position::{PIECES, Place, place_of};
use ludo_core::turn::{Penalty, Phase, Step};
use ludo_core::{Engine, Move, MoveKind, Position, YARD};

/// A track square as players read it off the board: the Parchís boards are printed from 1,
/// the others are numbered from 0 as in rules.md.
pub fn square_number(engine: &Engine, square: u8) -> u16 {
    match engine.board.spec {
        BoardSpec::Parchis { .. } => square as u16 + 1,
        _ => square as u16,
    }
}

/// Where a piece of board colour `colour` stands at `progress`, in a few words.
pub fn place_name(engine: &Engine, colour: usize, progress: u8) -> String {
    let board = &engine.board;
    match place_of(board, colour, progress) {
        Place::Yard => "the yard".to_string(),
        Place::Home => "home".to_string(),
        Place::Track(sq) => {
            let start = if progress == 0 { "start " } else { "" };
            let safe = if engine.is_safe(sq) { " (safe)" } else { "" };
            format!("{start}square {}{safe}", square_number(engine, sq))
        }
        Place::Column(_, p) => {
            let k = p - board.last_track;
            let what = match board.spec {
                BoardSpec::Mensch => "goal field",
                BoardSpec::PetitsChevaux => "staircase step",
                _ => "home column",
            };
            format!("{what} {k} of {}", board.home_column_len)
        }
    }
}

/// A move in words, from the mover's point of view: "moves piece 2 from square 14 to
/// square 18, capturing blue 3".
pub fn describe_move(engine: &Engine, pos: &Position, m: &Move) -> String {
    let colour = pos.seat_colour[pos.turn as usize] as usize;
    let pieces = if m.is_pair() {
        format!("pieces {} and {}", m.piece + 1, m.partner + 1)
    } else {
        format!("piece {}", m.piece + 1)
    };
    let to = place_name(engine, colour, m.to);
    let mut text = match m.kind {
        MoveKind::Enter => format!("enters {pieces} onto {to}"),
        MoveKind::Move | MoveKind::Bonus => {
            let from = place_name(engine, colour, m.from);
            if engine.at_end(m.to) && !engine.at_end(m.from) && engine.board.home.is_some() {
                format!("brings {pieces} home from {from}")
            } else {
                format!("moves {pieces} from {from} to {to}")
            }
        }
    };
    if m.captures != 0 {
        text.push_str(", capturing ");
        text.push_str(&captured_list(engine, pos, m.captures));
    }
    text
}

/// The captured pieces of a capture bit set, as "blue 3 and red 1".
pub fn captured_list(engine: &Engine, pos: &Position, mask: u32) -> String {
    let names: Vec<String> = ludo_core::moves::captured_pieces(mask)
        .map(|(s, i)| format!("{} {}", ludo_core::json::seat_colour(engine, pos, s), i + 1))
        .collect();
    match names.as_slice() {
        [] => "nothing".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// What followed a step, one sentence each: penalties, bonuses, finishing, extra rolls.
/// `after` is the position the step led to.
pub fn step_outcome(after: &Position, step: &Step) -> Vec<String> {
    let seat = step.seat as usize;
    let mut lines = Vec::new();
    match step.penalty {
        Some(Penalty::Burnt) => {
            lines.push("third six in a row: it is burnt, the turn passes".into())
        }
        Some(Penalty::SentHome(piece)) => lines.push(format!(
            "third six in a row: piece {} goes back to the yard, the turn passes",
            piece + 1
        )),
        None => {}
    }
    if let Some(n) = step.lapsed {
        lines.push(format!("the bonus of {n} is lost: no piece can move it"));
    }
    if step.finished {
        let place = after.finished_count;
        lines.push(format!("all four pieces are in: finishes in place {place}"));
    }
    match step.phase {
        Phase::Bonus(n) => lines.push(format!("earns a bonus: +{n} to move with one piece")),
        Phase::Roll if after.turn as usize == seat && !step.finished && step.penalty.is_none() => {
            lines.push("rolls again".into());
        }
        _ => {}
    }
    lines
}

/// A short summary of how far a seat has come: pieces home and pieces in the yard.
pub fn seat_summary(engine: &Engine, pos: &Position, seat: usize) -> String {
    let pieces = &pos.pieces[seat];
    let done = pieces.iter().filter(|&&p| engine.at_end(p)).count();
    let yard = pieces.iter().filter(|&&p| p == YARD).count();
    format!("{done}/{PIECES} home, {yard} in the yard")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludo_core::json::parse_position;
    use ludo_core::{Input, MoveList};
    use serde_json::json;

    #[test]
    fn places_are_named_in_the_boards_own_numbers() {
        let classic = Engine::preset("classic").expect("classic");
        assert_eq!(place_name(&classic, 0, 0), "start square 0 (safe)");
        assert_eq!(place_name(&classic, 1, 5), "square 18");
        assert_eq!(place_name(&classic, 0, 53), "home column 3 of 5");
        assert_eq!(place_name(&classic, 0, 56), "home");
        // Parchís squares are printed from 1: yellow's exit is 5.
        let parchis = Engine::preset("parchis").expect("parchis");
        assert_eq!(place_name(&parchis, 0, 0), "start square 5 (safe)");
        let mensch = Engine::preset("mensch").expect("mensch");
        assert_eq!(place_name(&mensch, 0, 41), "goal field 2 of 4");
    }

    #[test]
    fn a_capture_names_the_captured_piece() {
        let parsed = parse_position(&json!({"rules": "classic", "seats": ["red", "green"],
            "pieces": {"red": [9, "yard", "yard", "yard"], "green": [2, "yard", "yard", "yard"]}}))
        .expect("position");
        let mut list = MoveList::default();
        parsed
            .engine
            .legal_moves(&parsed.position, Input::Roll(6), &mut list);
        let texts: Vec<String> = list
            .as_slice()
            .iter()
            .map(|m| describe_move(&parsed.engine, &parsed.position, m))
            .collect();
        assert!(
            texts.contains(&"moves piece 1 from square 9 to square 15, capturing green 1".into()),
            "{texts:?}"
        );
        assert!(texts.contains(&"enters piece 2 onto start square 0 (safe)".into()));
    }
}
