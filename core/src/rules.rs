//! The rules of a game as data: one struct whose fields are the rule variants, the named
//! presets of rules.md, and the options a player can set on top of a preset.

use crate::board::{Board, BoardSpec};
use crate::colour::Colour;
use serde::{Deserialize, Serialize};

/// Which die values take a piece out of its yard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnterOn {
    /// A 6 (Ludo, Mensch, Petits chevaux).
    Six,
    /// A 5 (Parchís).
    Five,
    /// Any value; the piece stops on its start square.
    Any,
    /// A 1 or a 6.
    OneOrSix,
}

impl EnterOn {
    /// Whether die value `die` lets a piece enter.
    pub fn allows(self, die: u8) -> bool {
        match self {
            EnterOn::Six => die == 6,
            EnterOn::Five => die == 5,
            EnterOn::Any => true,
            EnterOn::OneOrSix => die == 1 || die == 6,
        }
    }
}

/// What happens on the third six in a row in one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThreeSixes {
    /// Nothing special: sixes may follow sixes without limit.
    None,
    /// The third six is not played and the turn passes; earlier moves stand.
    Burn,
    /// The third six is not played, the last piece moved this turn goes back to its yard
    /// unless it is in its home column or home, and the turn passes (Parchís).
    SendLastMovedHome,
}

/// What a move may do when it would end on a square holding a piece of its own colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SameColourLanding {
    /// Own pieces stack freely.
    Stack,
    /// The move is illegal.
    Forbidden,
    /// The pieces form a block (see [`Barrier`]).
    Block,
    /// The piece stops on the nearest free square behind its own piece.
    OccupyPrevious,
}

impl SameColourLanding {
    /// Whether two pieces of one colour can never stand on one square: a move onto one's own
    /// piece is illegal, or stops short of it.
    pub fn forbids_own(self) -> bool {
        matches!(
            self,
            SameColourLanding::Forbidden | SameColourLanding::OccupyPrevious
        )
    }
}

/// Which pieces two pieces of one colour on a square stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Barrier {
    /// Pairs stop nobody.
    None,
    /// A pair is a barrier that no piece passes, its own colour included (Parchís).
    BlocksAll,
    /// A pair is a block that opponents may neither pass nor land on (Ludo with blocks).
    BlocksOpponents,
}

/// A reward for capturing or for reaching home.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bonus {
    /// No reward.
    None,
    /// The player rolls again.
    ExtraRoll,
    /// The player must move one piece this many squares (Parchís: 20 and 10).
    Move(u8),
}

impl Bonus {
    /// The count to move, if this bonus is a move.
    pub fn count(self) -> Option<u8> {
        match self {
            Bonus::Move(n) => Some(n),
            _ => None,
        }
    }
}

/// How the places after the winner are decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlaceOrder {
    /// By the order in which colours finish (the game goes on until one is left, unless
    /// `stop_at_first_winner`).
    Finishing,
    /// The game ends with the first winner; the others are ranked by the total distance
    /// their pieces still have to go, a piece in its yard counting `yard_distance`.
    Distance {
        /// What a piece in the yard counts (72 on the 68 board, 106 on the 102 board).
        yard_distance: u16,
    },
}

/// Every rule of a game. Build one from a preset with [`Rules::preset`] or
/// [`RulesSpec::resolve`]; [`Rules::validate`] rejects impossible combinations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// The preset these rules started from.
    pub preset: String,
    /// The board.
    pub board: BoardSpec,
    /// The board's colours in turn order; a colour's index here is its board colour index.
    pub colours: Vec<Colour>,
    /// Pieces of each colour placed on its start square when the game begins.
    pub pieces_on_start: u8,
    /// Which rolls let a piece enter.
    pub enter_on: EnterOn,
    /// Whether entering must be chosen when it is possible.
    pub enter_compulsory: bool,
    /// While pieces wait in the yard, a piece on the start square must move away first.
    pub clear_start_first: bool,
    /// A 6 moves 7 when the colour has no piece in its yard (Parchís).
    pub six_moves_seven_when_yard_empty: bool,
    /// A 6 gives another roll.
    pub extra_roll_on_six: bool,
    /// What the third six in a row does.
    pub three_sixes: ThreeSixes,
    /// A player with no piece in play gets up to three rolls to enter.
    pub three_tries_when_none_out: bool,
    /// At most this many pieces on a track or home-column square.
    pub capacity: Option<u8>,
    /// Start squares are safe.
    pub safe_starts: bool,
    /// Star squares are safe.
    pub safe_stars: bool,
    /// Landing on one's own piece.
    pub same_colour_landing: SameColourLanding,
    /// What a pair of one colour blocks.
    pub barrier: Barrier,
    /// Die values with which a single piece may pass (never land on) an opponent block.
    pub block_pass_on: Vec<u8>,
    /// A block may move as one unit by half of an even roll.
    pub doubled_move_half: bool,
    /// A block moving as one unit captures an opponent block of its size by landing on it.
    pub coppit_block_capture: bool,
    /// On a 6, a player with a barrier must open one, or move nothing.
    pub forced_barrier_open_on_six: bool,
    /// The reward for a capture.
    pub capture_bonus: Bonus,
    /// The reward for bringing a piece home.
    pub home_bonus: Bonus,
    /// Bonus moves may pass blocks.
    pub bonus_passes_blocks: bool,
    /// Entering onto a full start square captures the opponent that arrived last (Parchís).
    pub exit_capture: bool,
    /// An opponent barrier on a start square stops entering instead.
    pub exit_barrier_blocks_entry: bool,
    /// Each home-column step needs its own number, and home a 6 (Petits chevaux).
    pub staircase: bool,
    /// A piece that overshoots the end of its track bounces back instead of not moving.
    pub bounce_back: bool,
    /// The game ends with the first colour home.
    pub stop_at_first_winner: bool,
    /// How places are decided.
    pub places: PlaceOrder,
    /// Ranking points by place, for each table size (index 0: 2 seats … index 4: 6 seats).
    #[serde(default)]
    pub ranking_points: Vec<Vec<i32>>,
}

/// Every preset id, in the order the menus show them.
pub const PRESETS: [&str; 7] = [
    "classic",
    "ludo_multijoueur",
    "ludo_blocks",
    "parchis",
    "parchis6",
    "mensch",
    "petits_chevaux",
];

const LUDO_COLOURS: [Colour; 4] = [Colour::Red, Colour::Green, Colour::Yellow, Colour::Blue];

impl Rules {
    /// Whether these rules ever give a bonus move of `count` (for a capture or for reaching
    /// home).
    pub fn gives_bonus(&self, count: u8) -> bool {
        [self.capture_bonus, self.home_bonus]
            .iter()
            .any(|b| b.count() == Some(count))
    }

    /// Why a bonus of `count` cannot be played under these rules: the bonuses they give.
    pub fn bonus_refusal(&self, count: u8) -> String {
        let given: Vec<String> = [
            (self.capture_bonus, "for a capture"),
            (self.home_bonus, "for reaching home"),
        ]
        .iter()
        .filter_map(|&(b, what)| b.count().map(|n| format!("{n} {what}")))
        .collect();
        if given.is_empty() {
            format!("these rules give no bonus moves, so there is no bonus of {count} to play")
        } else {
            format!(
                "these rules give no bonus of {count} (they give {})",
                given.join(" and ")
            )
        }
    }
    /// The rules of a named preset (rules.md, "Presets").
    pub fn preset(id: &str) -> Result<Rules, RulesError> {
        let cross = BoardSpec::Cross {
            arm_len: 6,
            home_column_len: None,
        };
        let base = Rules {
            preset: id.to_string(),
            board: cross,
            colours: LUDO_COLOURS.to_vec(),
            pieces_on_start: 0,
            enter_on: EnterOn::Six,
            enter_compulsory: false,
            clear_start_first: false,
            six_moves_seven_when_yard_empty: false,
            extra_roll_on_six: true,
            three_sixes: ThreeSixes::Burn,
            three_tries_when_none_out: false,
            capacity: None,
            safe_starts: false,
            safe_stars: false,
            same_colour_landing: SameColourLanding::Stack,
            barrier: Barrier::None,
            block_pass_on: Vec::new(),
            doubled_move_half: false,
            coppit_block_capture: false,
            forced_barrier_open_on_six: false,
            capture_bonus: Bonus::None,
            home_bonus: Bonus::None,
            bonus_passes_blocks: false,
            exit_capture: false,
            exit_barrier_blocks_entry: false,
            staircase: false,
            bounce_back: false,
            stop_at_first_winner: false,
            places: PlaceOrder::Finishing,
            ranking_points: Vec::new(),
        };
        let parchis = |colours: u8| Rules {
            board: BoardSpec::Parchis { colours },
            colours: if colours == 6 {
                vec![
                    Colour::Yellow,
                    Colour::Blue,
                    Colour::Red,
                    Colour::Green,
                    Colour::Gray,
                    Colour::Fuchsia,
                ]
            } else {
                vec![Colour::Yellow, Colour::Blue, Colour::Red, Colour::Green]
            },
            pieces_on_start: 1,
            enter_on: EnterOn::Five,
            enter_compulsory: true,
            six_moves_seven_when_yard_empty: true,
            three_sixes: ThreeSixes::SendLastMovedHome,
            capacity: Some(2),
            safe_starts: true,
            safe_stars: true,
            barrier: Barrier::BlocksAll,
            forced_barrier_open_on_six: true,
            capture_bonus: Bonus::Move(20),
            home_bonus: Bonus::Move(10),
            exit_capture: true,
            stop_at_first_winner: true,
            places: PlaceOrder::Distance {
                yard_distance: if colours == 6 { 106 } else { 72 },
            },
            ranking_points: vec![
                vec![1, -1],
                vec![1, 0, -1],
                vec![2, 1, -1, -2],
                vec![2, 1, 0, -1, -2],
                vec![3, 2, 1, -1, -2, -3],
            ],
            ..base.clone()
        };
        let rules = match id {
            "classic" => Rules {
                safe_starts: true,
                safe_stars: true,
                ..base
            },
            "ludo_multijoueur" => Rules {
                same_colour_landing: SameColourLanding::Forbidden,
                ..base
            },
            "ludo_blocks" => Rules {
                colours: vec![Colour::Green, Colour::Yellow, Colour::Red, Colour::Blue],
                three_sixes: ThreeSixes::None,
                same_colour_landing: SameColourLanding::Block,
                barrier: Barrier::BlocksOpponents,
                ..base
            },
            "parchis" => parchis(4),
            "parchis6" => parchis(6),
            "mensch" => Rules {
                board: BoardSpec::Mensch,
                pieces_on_start: 1,
                enter_compulsory: true,
                clear_start_first: true,
                three_sixes: ThreeSixes::None,
                same_colour_landing: SameColourLanding::Forbidden,
                ..base
            },
            "petits_chevaux" => Rules {
                board: BoardSpec::PetitsChevaux,
                three_sixes: ThreeSixes::None,
                same_colour_landing: SameColourLanding::OccupyPrevious,
                staircase: true,
                ..base
            },
            other => return Err(RulesError::UnknownPreset(crate::echo::echo(other))),
        };
        Ok(rules)
    }

    /// The board these rules are played on.
    pub fn board(&self) -> Result<Board, RulesError> {
        Board::new(self.board).map_err(RulesError::Invalid)
    }

    /// Rejects rules that cannot be played, naming the field at fault.
    pub fn validate(&self) -> Result<Board, RulesError> {
        let bad = |field: &str, why: &str| Err(RulesError::Invalid(format!("{field}: {why}")));
        let board = self.board()?;
        if self.colours.len() != board.colours as usize {
            return bad(
                "colours",
                &format!("the board has {} colours", board.colours),
            );
        }
        for (i, c) in self.colours.iter().enumerate() {
            if self.colours[..i].contains(c) {
                return bad("colours", &format!("{c} appears twice"));
            }
        }
        if self.pieces_on_start > 4 {
            return bad("pieces_on_start", "a colour has only 4 pieces");
        }
        if let Some(cap) = self.capacity {
            if cap == 0 {
                return bad("capacity", "a square must hold at least one piece");
            }
            if self.pieces_on_start > cap {
                return bad("pieces_on_start", "more pieces than the start square holds");
            }
        }
        if self.pieces_on_start > 1 && self.same_colour_landing == SameColourLanding::Forbidden {
            return bad(
                "pieces_on_start",
                "own pieces may not share a square under these rules",
            );
        }
        if self.block_pass_on.iter().any(|d| !(1..=6).contains(d)) {
            return bad("block_pass_on", "die values run from 1 to 6");
        }
        if !self.block_pass_on.is_empty() && self.barrier != Barrier::BlocksOpponents {
            return bad("block_pass_on", "needs blocks (barrier: blocks_opponents)");
        }
        if self.doubled_move_half && self.barrier == Barrier::None {
            return bad("doubled_move_half", "needs blocks or barriers");
        }
        if self.coppit_block_capture && !self.doubled_move_half {
            return bad("coppit_block_capture", "needs doubled_move_half");
        }
        if self.barrier != Barrier::None && self.same_colour_landing.forbids_own() {
            return bad(
                "barrier",
                "pairs cannot form when own pieces may not share a square",
            );
        }
        if self.forced_barrier_open_on_six && self.barrier != Barrier::BlocksAll {
            return bad("forced_barrier_open_on_six", "needs barrier: blocks_all");
        }
        if self.exit_barrier_blocks_entry && !self.exit_capture {
            return bad("exit_barrier_blocks_entry", "needs exit_capture");
        }
        if self.exit_capture && self.capacity.is_none() {
            return bad("exit_capture", "needs a square capacity");
        }
        // The Parchís exit capture takes one opponent off a full exit and leaves the others
        // there with the entering piece: it needs the exit to be a square where colours may
        // meet, and where the entering piece may join one of its own.
        if self.exit_capture && !self.safe_starts {
            return bad("exit_capture", "needs safe start squares (safe_starts)");
        }
        if self.exit_capture && self.same_colour_landing.forbids_own() {
            return bad(
                "exit_capture",
                "needs own pieces to be able to share the exit (same_colour_landing)",
            );
        }
        if self.bonus_passes_blocks
            && self.capture_bonus.count().is_none()
            && self.home_bonus.count().is_none()
        {
            return bad("bonus_passes_blocks", "needs a bonus move");
        }
        for (field, bonus) in [
            ("capture_bonus", self.capture_bonus),
            ("home_bonus", self.home_bonus),
        ] {
            if bonus == Bonus::Move(0) {
                return bad(field, "a bonus move must be at least 1");
            }
        }
        if self.staircase && board.home.is_none() {
            return bad("staircase", "the board has no home to climb to");
        }
        if self.safe_stars && board.star_squares.is_empty() {
            return bad("safe_stars", "the board has no star squares");
        }
        if let PlaceOrder::Distance { .. } = self.places
            && !self.stop_at_first_winner
        {
            return bad("places", "ranking by distance needs stop_at_first_winner");
        }
        Ok(board)
    }
}

/// A rules object as written in JSON: a preset id, or a preset with options.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RulesSpec {
    /// Just the preset id, e.g. `"classic"`.
    Preset(String),
    /// A preset with options, e.g. `{"preset": "ludo_multijoueur", "options": {"safe_stars": true}}`.
    WithOptions {
        /// The preset id.
        preset: String,
        /// Options that change the preset.
        #[serde(default)]
        options: serde_json::Map<String, serde_json::Value>,
    },
}

/// Which preset each option may change; `None` means any preset.
struct OptionInfo {
    name: &'static str,
    only: Option<&'static [&'static str]>,
}

const LUDO_FAMILY: &[&str] = &["classic", "ludo_multijoueur", "ludo_blocks"];
const PARCHIS_FAMILY: &[&str] = &["parchis", "parchis6"];

/// The options a rules object may set, with the presets each may apply to.
const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        name: "safe_stars",
        only: Some(LUDO_FAMILY),
    },
    OptionInfo {
        name: "safe_starts",
        only: Some(LUDO_FAMILY),
    },
    OptionInfo {
        name: "enter_on",
        only: None,
    },
    OptionInfo {
        name: "three_tries_when_none_out",
        only: None,
    },
    OptionInfo {
        name: "same_colour_landing",
        only: Some(LUDO_FAMILY),
    },
    OptionInfo {
        name: "block_pass_on",
        only: Some(LUDO_FAMILY),
    },
    OptionInfo {
        name: "doubled_move_half",
        only: Some(LUDO_FAMILY),
    },
    OptionInfo {
        name: "coppit_block_capture",
        only: Some(LUDO_FAMILY),
    },
    OptionInfo {
        name: "home_col_len",
        only: Some(LUDO_FAMILY),
    },
    OptionInfo {
        name: "capture_bonus",
        only: None,
    },
    OptionInfo {
        name: "home_bonus",
        only: None,
    },
    OptionInfo {
        name: "bonus_passes_blocks",
        only: Some(LUDO_FAMILY),
    },
    OptionInfo {
        name: "stop_at_first_winner",
        only: None,
    },
    OptionInfo {
        name: "three_sixes",
        only: None,
    },
    OptionInfo {
        name: "exit_barrier_blocks_entry",
        only: Some(PARCHIS_FAMILY),
    },
    OptionInfo {
        name: "bounce_back",
        only: Some(&["petits_chevaux"]),
    },
];

/// Names and meanings of the options, for menus and docs: (name, presets it applies to).
pub fn option_names() -> Vec<(&'static str, Option<&'static [&'static str]>)> {
    OPTIONS.iter().map(|o| (o.name, o.only)).collect()
}

impl RulesSpec {
    /// The preset this spec starts from.
    pub fn preset_id(&self) -> &str {
        match self {
            RulesSpec::Preset(p) => p,
            RulesSpec::WithOptions { preset, .. } => preset,
        }
    }

    /// Builds and validates the rules: the preset, then each option in turn.
    pub fn resolve(&self) -> Result<Rules, RulesError> {
        let mut rules = Rules::preset(self.preset_id())?;
        if let RulesSpec::WithOptions { options, .. } = self {
            for (name, value) in options {
                rules.apply_option(name, value)?;
            }
        }
        rules.validate()?;
        Ok(rules)
    }
}

impl Rules {
    /// Sets one named option, checking that it exists, applies to this preset and has a
    /// value of the right shape.
    pub fn apply_option(
        &mut self,
        name: &str,
        value: &serde_json::Value,
    ) -> Result<(), RulesError> {
        let info = OPTIONS
            .iter()
            .find(|o| o.name == name)
            .ok_or_else(|| RulesError::UnknownOption(crate::echo::echo(name)))?;
        if let Some(only) = info.only
            && !only.contains(&self.preset.as_str())
        {
            return Err(RulesError::OptionNotApplicable {
                option: name.to_string(),
                preset: self.preset.clone(),
            });
        }
        fn parse<T: serde::de::DeserializeOwned>(
            name: &str,
            value: &serde_json::Value,
        ) -> Result<T, RulesError> {
            serde_json::from_value(value.clone()).map_err(|e| {
                let e = crate::echo::echo_quoted(&e.to_string());
                RulesError::Invalid(format!("options.{name}: {e}"))
            })
        }
        match name {
            "safe_stars" => self.safe_stars = parse(name, value)?,
            "safe_starts" => self.safe_starts = parse(name, value)?,
            "enter_on" => self.enter_on = parse(name, value)?,
            "three_tries_when_none_out" => self.three_tries_when_none_out = parse(name, value)?,
            "same_colour_landing" => {
                self.same_colour_landing = parse(name, value)?;
                self.barrier = if self.same_colour_landing == SameColourLanding::Block {
                    Barrier::BlocksOpponents
                } else {
                    Barrier::None
                };
            }
            "block_pass_on" => self.block_pass_on = parse(name, value)?,
            "doubled_move_half" => self.doubled_move_half = parse(name, value)?,
            "coppit_block_capture" => self.coppit_block_capture = parse(name, value)?,
            "home_col_len" => {
                let len: u8 = parse(name, value)?;
                if let BoardSpec::Cross { arm_len, .. } = self.board {
                    let board = BoardSpec::Cross {
                        arm_len,
                        home_column_len: Some(len),
                    };
                    // Checked here, so that the error names the option given rather than the
                    // board field it sets.
                    Board::new(board).map_err(|e| {
                        let why = e.split_once(": ").map_or(e.as_str(), |(_, why)| why);
                        RulesError::Invalid(format!("options.{name}: {why}"))
                    })?;
                    self.board = board;
                }
            }
            "capture_bonus" => self.capture_bonus = parse(name, value)?,
            "home_bonus" => self.home_bonus = parse(name, value)?,
            "bonus_passes_blocks" => self.bonus_passes_blocks = parse(name, value)?,
            "stop_at_first_winner" => {
                let stop: bool = parse(name, value)?;
                if !stop && matches!(self.places, PlaceOrder::Distance { .. }) {
                    return Err(RulesError::Invalid(format!(
                        "options.{name}: {} always ends with the first winner",
                        self.preset
                    )));
                }
                self.stop_at_first_winner = stop;
            }
            "three_sixes" => self.three_sixes = parse(name, value)?,
            "exit_barrier_blocks_entry" => self.exit_barrier_blocks_entry = parse(name, value)?,
            "bounce_back" => self.bounce_back = parse(name, value)?,
            _ => return Err(RulesError::UnknownOption(crate::echo::echo(name))),
        }
        Ok(())
    }
}

/// Why a rules object was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The preset id is not one of [`PRESETS`].
    #[error(
        "unknown preset \"{0}\" (known: classic, ludo_multijoueur, ludo_blocks, parchis, parchis6, mensch, petits_chevaux)"
    )]
    UnknownPreset(String),
    /// No option has this name.
    #[error("unknown option \"{0}\"")]
    UnknownOption(String),
    /// The option exists but does not apply to this preset.
    #[error("option \"{option}\" does not apply to preset \"{preset}\"")]
    OptionNotApplicable {
        /// The option's name.
        option: String,
        /// The preset it was given for.
        preset: String,
    },
    /// A field has an impossible value; the text starts with the field's name.
    #[error("invalid rules: {0}")]
    Invalid(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_validates() {
        for id in PRESETS {
            let rules = Rules::preset(id).expect(id);
            rules.validate().unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(rules.preset, id);
        }
    }

    #[test]
    fn rules_round_trip_through_json() {
        for id in PRESETS {
            let rules = Rules::preset(id).expect(id);
            let json = serde_json::to_string(&rules).expect("serialize");
            let back: Rules = serde_json::from_str(&json).expect("deserialize");
            assert_eq!(back, rules);
        }
    }

    #[test]
    fn unknown_preset_is_named() {
        let e = Rules::preset("chess").expect_err("chess");
        assert!(e.to_string().contains("chess"));
    }

    #[test]
    fn validation_names_the_field() {
        let mut r = Rules::preset("classic").expect("classic");
        r.capacity = Some(0);
        assert!(
            r.validate()
                .expect_err("cap")
                .to_string()
                .contains("capacity")
        );
        let mut r = Rules::preset("classic").expect("classic");
        r.colours.pop();
        assert!(
            r.validate()
                .expect_err("colours")
                .to_string()
                .contains("colours")
        );
        let mut r = Rules::preset("classic").expect("classic");
        r.coppit_block_capture = true;
        assert!(
            r.validate()
                .expect_err("coppit")
                .to_string()
                .contains("coppit_block_capture")
        );
        // The exit capture leaves colours together on the exit, and may put the entering
        // piece beside one of its own: rules where neither may be are refused.
        let mut r = Rules::preset("parchis").expect("parchis");
        r.safe_starts = false;
        let e = r.validate().expect_err("unsafe exit").to_string();
        assert!(
            e.contains("exit_capture") && e.contains("safe_starts"),
            "{e}"
        );
        for landing in [
            SameColourLanding::Forbidden,
            SameColourLanding::OccupyPrevious,
        ] {
            let mut r = Rules::preset("parchis").expect("parchis");
            r.same_colour_landing = landing;
            r.barrier = Barrier::None;
            r.forced_barrier_open_on_six = false;
            let e = r.validate().expect_err("no sharing").to_string();
            assert!(e.contains("exit_capture"), "{e}");
        }
        let mut r = Rules::preset("classic").expect("classic");
        r.pieces_on_start = 5;
        assert!(
            r.validate()
                .expect_err("5")
                .to_string()
                .contains("pieces_on_start")
        );
    }

    #[test]
    fn options_are_checked_by_name_and_preset() {
        let spec: RulesSpec = serde_json::from_str(
            r#"{"preset": "ludo_multijoueur", "options": {"safe_stars": true, "home_col_len": 4}}"#,
        )
        .expect("spec");
        let r = spec.resolve().expect("resolve");
        assert!(r.safe_stars);
        assert_eq!(r.board().expect("board").home, Some(55));

        let spec: RulesSpec =
            serde_json::from_str(r#"{"preset": "classic", "options": {"wobble": 1}}"#)
                .expect("spec");
        assert_eq!(
            spec.resolve(),
            Err(RulesError::UnknownOption("wobble".into()))
        );

        let spec: RulesSpec =
            serde_json::from_str(r#"{"preset": "parchis", "options": {"safe_stars": true}}"#)
                .expect("spec");
        assert!(matches!(
            spec.resolve(),
            Err(RulesError::OptionNotApplicable { .. })
        ));

        let spec: RulesSpec =
            serde_json::from_str(r#"{"preset": "classic", "options": {"enter_on": "seven"}}"#)
                .expect("spec");
        assert!(
            spec.resolve()
                .expect_err("bad value")
                .to_string()
                .contains("enter_on")
        );
    }
}
