//! The game told in words: where a piece stands, what a move does, what a step of the turn
//! machine did. Pieces are numbered from 1 here, for people; JSON numbers them from 0.

use ludo_core::board::BoardSpec;
use ludo_core::position::{PIECES, Place, place_of};
use ludo_core::session::GameEvent;
use ludo_core::{Engine, Move, MoveKind, Position, YARD};

/// A player's name as the terminal shows it: [`display_name`]'s form, or "no name" for a
/// name that would show as nothing. JSON output keeps names as they are.
///
/// [`display_name`]: ludo_core::session::display_name
pub fn shown_name(name: &str) -> String {
    ludo_core::session::display_name(name).unwrap_or_else(|| "no name".to_owned())
}

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
    let partner = m.is_pair().then_some(m.partner);
    let from = (m.kind != MoveKind::Enter).then_some(m.from);
    let mut text = move_words(engine, colour, m.piece, partner, from, m.to);
    if m.captures != 0 {
        text.push_str(", capturing ");
        text.push_str(&captured_list(engine, pos, m.captures));
    }
    text
}

/// A move without its captures: "enters piece 1 onto start square 0 (safe)", "moves
/// pieces 1 and 2 from square 4 to square 9", "brings piece 3 home from home column 4 of 5".
/// `from` is `None` for a piece that enters from the yard.
fn move_words(
    engine: &Engine,
    colour: usize,
    piece: u8,
    partner: Option<u8>,
    from: Option<u8>,
    to: u8,
) -> String {
    let pieces = match partner {
        Some(p) => format!("pieces {} and {}", piece + 1, p + 1),
        None => format!("piece {}", piece + 1),
    };
    let to_name = place_name(engine, colour, to);
    match from {
        None => format!("enters {pieces} onto {to_name}"),
        Some(from) => {
            let from_name = place_name(engine, colour, from);
            let mut text =
                if engine.at_end(to) && !engine.at_end(from) && engine.board.home.is_some() {
                    format!("brings {pieces} home from {from_name}")
                } else {
                    format!("moves {pieces} from {from_name} to {to_name}")
                };
            // What would otherwise read as a miscount: a piece that comes back (Petits
            // chevaux's bounce off the square before its staircase), or a 6 that moves 7
            // (Parchís, with no piece left in the yard). No die or pair moves 7 otherwise, and
            // bonuses move 10 or 20.
            if to < from {
                text.push_str(", bouncing back off the end");
            } else if to - from == 7 && engine.rules.six_moves_seven_when_yard_empty {
                text.push_str(", the 6 counting 7 with no piece left in the yard");
            }
            text
        }
    }
}

/// The captured pieces of a capture bit set, as "blue 3 and red 1".
pub fn captured_list(engine: &Engine, pos: &Position, mask: u32) -> String {
    let names: Vec<String> = ludo_core::moves::captured_pieces(mask)
        .map(|(s, i)| format!("{} {}", ludo_core::json::seat_colour(engine, pos, s), i + 1))
        .collect();
    and_list(&names)
}

/// "a", "a and b", "a, b and c"; "nothing" for none.
fn and_list(names: &[String]) -> String {
    match names {
        [] => "nothing".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// A short summary of how far a seat has come: pieces home and pieces in the yard.
pub fn seat_summary(engine: &Engine, pos: &Position, seat: usize) -> String {
    let pieces = &pos.pieces[seat];
    let done = pieces.iter().filter(|&&p| engine.at_end(p)).count();
    let yard = pieces.iter().filter(|&&p| p == YARD).count();
    format!("{done}/{PIECES} home, {yard} in the yard")
}

/// Tells a session's events as sentences, one line a roll: "green (expert) rolls 6:
/// enters piece 1 onto start square 13 (safe); rolls again." A bonus played after a roll
/// gets its own line ("… plays a bonus of 20: moves piece 3 …"), and a choice a person
/// makes at a prompt continues without a lead ("red (you) moves piece 2 …"), since the
/// prompt has already said the roll.
///
/// Events arrive one action at a time; a line is complete when the next roll (or another
/// seat) begins, or when [`Narrator::end_line`] says so. [`Narrator::take`] hands over the
/// complete lines.
#[derive(Debug, Default)]
pub struct Narrator {
    /// Each seat's label as printed ("green (expert)").
    labels: Vec<String>,
    /// Each seat's board colour index, for naming places.
    board_colours: Vec<usize>,
    /// Each seat's colour name, for naming captured pieces.
    colour_names: Vec<String>,
    line: Option<Line>,
    done: Vec<String>,
    /// A bonus count earned and not yet played: the move that plays it starts a line.
    bonus: Option<u8>,
}

/// A sentence being told.
#[derive(Debug)]
struct Line {
    seat: u8,
    /// "rolls 4", "plays a bonus of 20", or nothing for a choice made at a prompt.
    lead: Option<String>,
    parts: Vec<Part>,
}

/// One clause: a move (with the pieces it captured) or an outcome.
#[derive(Debug)]
struct Part {
    text: String,
    captured: Vec<String>,
}

impl Narrator {
    /// A narrator for seats with these labels, board colour indices and colour names.
    pub fn new(labels: Vec<String>, board_colours: Vec<usize>, colour_names: Vec<String>) -> Self {
        Narrator {
            labels,
            board_colours,
            colour_names,
            ..Narrator::default()
        }
    }

    /// Tells the events of one action.
    pub fn feed(&mut self, engine: &Engine, events: &[GameEvent]) {
        for event in events {
            match *event {
                GameEvent::Rolled { seat, value } => {
                    self.end_line();
                    self.bonus = None;
                    self.start(seat, Some(format!("rolls {value}")));
                }
                GameEvent::NoMove { seat } => self.say(seat, "no legal move".into()),
                GameEvent::Moved {
                    seat,
                    piece,
                    partner,
                    from,
                    to,
                } => {
                    if let Some(n) = self.bonus.take() {
                        self.end_line();
                        self.start(seat, Some(format!("plays a bonus of {n}")));
                    }
                    let colour = self.board_colours.get(seat as usize).copied().unwrap_or(0);
                    let text = move_words(engine, colour, piece, partner, from, to);
                    self.say(seat, text);
                }
                GameEvent::Captured { seat, piece, by } => {
                    let name = self
                        .colour_names
                        .get(seat as usize)
                        .map_or("?", String::as_str);
                    let captured = format!("{name} {}", piece + 1);
                    match self.line.as_mut().and_then(|l| l.parts.last_mut()) {
                        Some(part) => part.captured.push(captured),
                        None => self.say(by, format!("captures {captured}")),
                    }
                }
                GameEvent::Bonus { seat, count } => {
                    self.say(
                        seat,
                        format!("earns a bonus: +{count} to move with one piece"),
                    );
                    self.bonus = Some(count);
                }
                GameEvent::BonusLapsed { seat, count } => {
                    self.bonus = None;
                    self.say(
                        seat,
                        format!("the bonus of {count} is lost: no piece can move it"),
                    );
                }
                GameEvent::ExtraRoll { seat } => self.say(seat, "rolls again".into()),
                GameEvent::ThreeSixes { seat, sent_home } => {
                    let text = match sent_home {
                        None => "third six in a row: it is burnt, the turn passes".to_string(),
                        Some(piece) => format!(
                            "third six in a row: piece {} goes back to the yard, the turn passes",
                            piece + 1
                        ),
                    };
                    self.say(seat, text);
                }
                GameEvent::Finished { seat, place } => self.say(
                    seat,
                    format!("all {PIECES} pieces are in: finishes in place {place}"),
                ),
                GameEvent::RollOff { .. }
                | GameEvent::Starts { .. }
                | GameEvent::GameOver { .. }
                | GameEvent::Undone { .. } => {}
            }
        }
    }

    /// Completes the line being told, if any.
    pub fn end_line(&mut self) {
        if let Some(line) = self.line.take() {
            let label = self
                .labels
                .get(line.seat as usize)
                .map_or("?", String::as_str);
            let parts: Vec<String> = line
                .parts
                .iter()
                .map(|p| {
                    if p.captured.is_empty() {
                        p.text.clone()
                    } else {
                        format!("{}, capturing {}", p.text, and_list(&p.captured))
                    }
                })
                .collect();
            let text = match (line.lead, parts.is_empty()) {
                (Some(lead), true) => format!("{label} {lead}."),
                (Some(lead), false) => format!("{label} {lead}: {}.", parts.join("; ")),
                (None, _) => format!("{label} {}.", parts.join("; ")),
            };
            self.done.push(text);
        }
    }

    /// Before a person is asked to choose: a roll with nothing told after it is left for
    /// the prompt to say ("red (you) rolls 4. Your moves:"); anything else is completed.
    /// What the person then plays starts a line of its own.
    pub fn before_choice(&mut self) {
        if self.line.as_ref().is_some_and(|l| l.parts.is_empty()) {
            self.line = None;
        }
        self.end_line();
        self.bonus = None;
    }

    /// Forgets the line being told (after an undo, it never happened).
    pub fn forget(&mut self) {
        self.line = None;
        self.bonus = None;
    }

    /// The complete lines told so far, handed over once.
    pub fn take(&mut self) -> Vec<String> {
        std::mem::take(&mut self.done)
    }

    fn start(&mut self, seat: u8, lead: Option<String>) {
        self.line = Some(Line {
            seat,
            lead,
            parts: Vec::new(),
        });
    }

    fn say(&mut self, seat: u8, text: String) {
        if self.line.as_ref().is_none_or(|l| l.seat != seat) {
            self.end_line();
            self.start(seat, None);
        }
        if let Some(line) = self.line.as_mut() {
            line.parts.push(Part {
                text,
                captured: Vec::new(),
            });
        }
    }
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
        let chevaux = Engine::preset("petits_chevaux").expect("petits_chevaux");
        let foot = chevaux.board.last_track;
        assert_eq!(
            place_name(&chevaux, 0, foot + 2),
            format!("staircase step 2 of {}", chevaux.board.home_column_len)
        );
    }

    #[test]
    fn a_seat_s_summary_counts_its_pieces_home_and_in_the_yard() {
        let parsed = parse_position(&json!({"rules": "classic", "seats": ["red", "green"],
            "pieces": {"red": ["home", "yard", 53, "yard"], "green": [2, 7, 30, 40]}}))
        .expect("position");
        let summary = |seat| seat_summary(&parsed.engine, &parsed.position, seat);
        assert_eq!(summary(0), "1/4 home, 2 in the yard");
        assert_eq!(summary(1), "0/4 home, 0 in the yard");
    }

    #[test]
    fn a_bounce_and_a_six_that_counts_seven_are_told_as_such() {
        let texts = |position: serde_json::Value, roll: u8| -> Vec<String> {
            let parsed = parse_position(&position).expect("position");
            let mut list = MoveList::default();
            parsed
                .engine
                .legal_moves(&parsed.position, Input::Roll(roll), &mut list);
            list.as_slice()
                .iter()
                .map(|m| describe_move(&parsed.engine, &parsed.position, m))
                .collect()
        };
        // Petits chevaux: 53 with a 5 goes up to 55 and comes back to 52.
        let bounce = texts(
            json!({"rules": {"preset": "petits_chevaux", "options": {"bounce_back": true}},
                "pieces": {"red": [53, "home", "home", "home"]}}),
            5,
        );
        assert_eq!(
            bounce,
            vec!["moves piece 1 from square 53 to square 52, bouncing back off the end"]
        );
        // Parchís, no piece in casa: a 6 moves 7, printed squares 5 to 12.
        let seven = texts(
            json!({"rules": "parchis", "seats": ["yellow", "red"],
                "pieces": {"yellow": [0, "home", "home", "home"], "red": ["yard", "yard", "yard", "yard"]}}),
            6,
        );
        assert_eq!(
            seven,
            vec![
                "moves piece 1 from start square 5 (safe) to square 12 (safe), the 6 counting 7 \
                 with no piece left in the yard"
            ]
        );
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

    /// Red (seat 0) moves `piece` alone from `from` (`None`: the yard) to `to`.
    fn moved(piece: u8, from: Option<u8>, to: u8) -> GameEvent {
        GameEvent::Moved {
            seat: 0,
            piece,
            partner: None,
            from,
            to,
        }
    }

    fn narrator() -> (Engine, Narrator) {
        let engine = Engine::preset("classic").expect("classic");
        let n = Narrator::new(
            vec!["red (Ann)".into(), "green (hard)".into()],
            vec![0, 1],
            vec!["red".into(), "green".into()],
        );
        (engine, n)
    }

    #[test]
    fn the_narrator_tells_one_line_a_roll_and_a_line_for_a_bonus() {
        let (engine, mut n) = narrator();
        n.feed(
            &engine,
            &[
                GameEvent::Rolled { seat: 0, value: 6 },
                moved(0, None, 0),
                GameEvent::ExtraRoll { seat: 0 },
                GameEvent::Rolled { seat: 0, value: 5 },
                moved(0, Some(0), 5),
                GameEvent::Captured {
                    seat: 1,
                    piece: 2,
                    by: 0,
                },
                GameEvent::Captured {
                    seat: 1,
                    piece: 3,
                    by: 0,
                },
                GameEvent::Bonus { seat: 0, count: 20 },
            ],
        );
        // A computer's choice comes as its own action and continues the story.
        n.feed(
            &engine,
            &[
                moved(1, Some(3), 23),
                GameEvent::Rolled { seat: 1, value: 6 },
                GameEvent::ThreeSixes {
                    seat: 1,
                    sent_home: Some(1),
                },
                GameEvent::Rolled { seat: 0, value: 2 },
                GameEvent::NoMove { seat: 0 },
            ],
        );
        n.end_line();
        assert_eq!(
            n.take(),
            vec![
                "red (Ann) rolls 6: enters piece 1 onto start square 0 (safe); rolls again.",
                "red (Ann) rolls 5: moves piece 1 from start square 0 (safe) to square 5, \
                 capturing green 3 and green 4; earns a bonus: +20 to move with one piece.",
                "red (Ann) plays a bonus of 20: moves piece 2 from square 3 to square 23.",
                "green (hard) rolls 6: third six in a row: piece 2 goes back to the yard, \
                 the turn passes.",
                "red (Ann) rolls 2: no legal move.",
            ]
        );
        assert!(n.take().is_empty());
    }

    #[test]
    fn a_choice_at_a_prompt_is_told_without_the_roll() {
        let (engine, mut n) = narrator();
        n.feed(&engine, &[GameEvent::Rolled { seat: 0, value: 4 }]);
        // The prompt says "red (Ann) rolls 4. Your moves:" itself.
        n.before_choice();
        assert!(n.take().is_empty());
        n.feed(
            &engine,
            &[
                GameEvent::Moved {
                    seat: 0,
                    piece: 0,
                    partner: Some(1),
                    from: Some(52),
                    to: 56,
                },
                GameEvent::Finished { seat: 0, place: 1 },
            ],
        );
        n.end_line();
        assert_eq!(
            n.take(),
            vec![
                "red (Ann) brings pieces 1 and 2 home from home column 2 of 5; \
                 all 4 pieces are in: finishes in place 1."
            ]
        );
        // A roll that played itself before the choice is told before the prompt.
        n.feed(
            &engine,
            &[
                GameEvent::Rolled { seat: 1, value: 3 },
                GameEvent::NoMove { seat: 1 },
                GameEvent::Rolled { seat: 0, value: 5 },
            ],
        );
        n.forget();
        n.before_choice();
        assert_eq!(n.take(), vec!["green (hard) rolls 3: no legal move."]);
    }

    #[test]
    fn an_undone_move_is_forgotten_with_its_bonus() {
        let (engine, mut n) = narrator();
        let capture = [
            GameEvent::Rolled { seat: 0, value: 5 },
            moved(0, Some(0), 5),
            GameEvent::Captured {
                seat: 1,
                piece: 0,
                by: 0,
            },
            GameEvent::Bonus { seat: 0, count: 20 },
        ];
        n.feed(&engine, &capture);
        // Undone before the line ended: none of it is told, and the bonus is not owed.
        n.forget();
        n.end_line();
        assert!(n.take().is_empty());
        n.feed(
            &engine,
            &[
                moved(1, Some(3), 8),
                GameEvent::Rolled { seat: 1, value: 2 },
                GameEvent::NoMove { seat: 1 },
            ],
        );
        n.end_line();
        let lines = n.take();
        assert!(
            lines.iter().all(|l| !l.contains("bonus")) && lines.len() == 2,
            "{lines:?}"
        );
    }
}
