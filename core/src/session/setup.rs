//! Who sits at the table: the seats, the setup that decides a game before its first roll,
//! and the check that fits the seats to the board.

use crate::colour::Colour;
use crate::dice::Seed;
use crate::engine::Engine;
use crate::rules::RulesSpec;

use super::SessionError;

/// The longest a seat name may be, in bytes.
pub const MAX_NAME_LEN: usize = 40;
/// The longest a bot level may be, in bytes.
pub const MAX_LEVEL_LEN: usize = 24;

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SeatKind {
    /// A person at this device: the one whose decisions undo takes back.
    Human,
    /// The computer, at a level the bots module knows (e.g. `"easy"`).
    Bot {
        /// The bot's level.
        level: String,
    },
}

/// A seat at the table, in turn order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Seat {
    /// The name shown for the seat.
    pub name: String,
    /// Human or bot.
    pub kind: SeatKind,
    /// The colour the seat plays. `None` on every seat lets the board spread the seats
    /// over its colours; a session's own seats always have one.
    pub colour: Option<Colour>,
}

impl Seat {
    /// A human seat whose colour the board chooses.
    pub fn human(name: &str) -> Seat {
        Seat {
            name: name.to_string(),
            kind: SeatKind::Human,
            colour: None,
        }
    }

    /// A bot seat whose colour the board chooses.
    pub fn bot(name: &str, level: &str) -> Seat {
        Seat {
            name: name.to_string(),
            kind: SeatKind::Bot {
                level: level.to_string(),
            },
            colour: None,
        }
    }

    /// The same seat playing `colour`.
    pub fn with_colour(mut self, colour: Colour) -> Seat {
        self.colour = Some(colour);
        self
    }

    /// Whether a person plays this seat.
    pub fn is_human(&self) -> bool {
        self.kind == SeatKind::Human
    }
}

/// Everything that decides a game before its first roll.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSetup {
    /// The rules: a preset, or a preset with options.
    pub rules: RulesSpec,
    /// The seats in turn order.
    pub seats: Vec<Seat>,
    /// The seed of every die of the game.
    pub seed: Seed,
    /// An online game: nobody may take a decision back.
    pub online: bool,
    /// When the game began, in seconds since 1970.
    pub created_at: u64,
}

impl GameSetup {
    /// An offline game with a fresh random seed, starting now.
    pub fn new(rules: RulesSpec, seats: Vec<Seat>) -> GameSetup {
        GameSetup {
            rules,
            seats,
            seed: Seed::random(),
            online: false,
            created_at: unix_now(),
        }
    }
}

/// Seconds since 1970 by the system clock (0 if the clock is before 1970).
pub fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Checks the seats against the rules and fills in their colours; returns each seat's
/// board colour index in turn order.
pub(super) fn resolve_seats(engine: &Engine, seats: &mut [Seat]) -> Result<Vec<u8>, SessionError> {
    let bad = |text: String| Err(SessionError::Seats(text));
    let board_colours = engine.board.colours as usize;
    if seats.len() < 2 || seats.len() > board_colours {
        return bad(format!(
            "{} seats, but this board seats 2 to {board_colours}",
            seats.len()
        ));
    }
    for (i, seat) in seats.iter().enumerate() {
        if seat.name.len() > MAX_NAME_LEN {
            return bad(format!(
                "seat {i}: the name is longer than {MAX_NAME_LEN} bytes"
            ));
        }
        // A name is shown as it is, so a control character in it (a line break, a
        // terminal's escape) would garble or take over the screen that shows it.
        if seat.name.chars().any(char::is_control) {
            return bad(format!("seat {i}: the name holds a control character"));
        }
        if let SeatKind::Bot { level } = &seat.kind {
            if level.is_empty() || level.len() > MAX_LEVEL_LEN {
                return bad(format!(
                    "seat {i}: a bot level has 1 to {MAX_LEVEL_LEN} bytes"
                ));
            }
            // A level this build does not know is still shown (in replays, and in the
            // error that refuses to play it): the same rule as for names.
            if level.chars().any(char::is_control) {
                return bad(format!("seat {i}: the bot level holds a control character"));
            }
        }
    }
    let given = seats.iter().filter(|s| s.colour.is_some()).count();
    let indices: Vec<usize> = if given == 0 {
        engine
            .board
            .default_seating(seats.len())
            .ok_or_else(|| SessionError::Seats("the board cannot seat that many".into()))?
    } else if given < seats.len() {
        return bad("give every seat a colour, or none".into());
    } else {
        let mut indices = Vec::new();
        for (i, seat) in seats.iter().enumerate() {
            let colour = seat.colour.unwrap_or(Colour::Red);
            let Some(idx) = engine.rules.colours.iter().position(|&c| c == colour) else {
                return bad(format!("seat {i}: {colour} is not a colour of this board"));
            };
            if indices.contains(&idx) {
                return bad(format!("seat {i}: {colour} is taken by another seat"));
            }
            indices.push(idx);
        }
        indices
    };
    for (seat, &idx) in seats.iter_mut().zip(&indices) {
        seat.colour = engine.rules.colours.get(idx).copied();
    }
    Ok(indices.into_iter().map(|i| i as u8).collect())
}
