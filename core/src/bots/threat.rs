//! Who can hit whom before the next turn: the chance that a square's pieces are captured
//! by the seats that roll before their owner rolls again.
//!
//! The chance is worked out from the rules data (safe squares, barriers, blocks, entering,
//! the 6→7 rule, extra rolls) and the board geometry, without generating moves, because the
//! evaluation asks it thousands of times a decision. It assumes an opponent takes a capture
//! whenever it has one, and follows a six into at most one more roll.

use crate::board::MAX_TRACK;
use crate::engine::{Engine, OFF_TRACK};
use crate::moves::captured_pieces;
use crate::position::{MAX_SEATS, PIECES, Position, YARD};
use crate::rules::Barrier;

/// The bits of one seat's four pieces in a `seat * 4 + piece` bit set.
pub(crate) const fn seat_bits(seat: usize) -> u32 {
    0xF << (seat * PIECES)
}

/// What stands where, built once per position.
pub(crate) struct Table<'a> {
    pub engine: &'a Engine,
    pub pos: &'a Position,
    /// For each track square, the pieces on it, one bit per `seat * 4 + piece`.
    pub occupants: [u32; MAX_TRACK],
    /// For each seat, the track squares its pieces cannot pass (barriers and blocks).
    blocked_for: [u128; MAX_SEATS],
    /// For each seat, the track squares where it has two or more pieces.
    pub pairs: [u128; MAX_SEATS],
    /// For each seat and die value, the squares that roll moves a piece (0: none).
    steps: [[u8; 7]; MAX_SEATS],
}

impl<'a> Table<'a> {
    /// Reads the position.
    pub fn new(engine: &'a Engine, pos: &'a Position) -> Table<'a> {
        let mut occupants = [0u32; MAX_TRACK];
        let mut pairs = [0u128; MAX_SEATS];
        for s in pos.seats() {
            let c = pos.seat_colour[s];
            for i in 0..PIECES {
                let sq = engine.square_of(c, pos.pieces[s][i]);
                if let Some(cell) = occupants.get_mut(sq as usize) {
                    if *cell & seat_bits(s) != 0 {
                        pairs[s] |= 1u128 << sq;
                    }
                    *cell |= 1 << (s * PIECES + i);
                }
            }
        }
        let mut blocked_for = [0u128; MAX_SEATS];
        let all: u128 = pairs.iter().fold(0, |a, p| a | p);
        for t in pos.seats() {
            blocked_for[t] = match engine.rules.barrier {
                Barrier::None => 0,
                Barrier::BlocksAll => all,
                Barrier::BlocksOpponents => all & !pairs[t],
            };
        }
        let mut steps = [[0u8; 7]; MAX_SEATS];
        for (t, row) in steps.iter_mut().enumerate().take(pos.seat_count as usize) {
            for (die, s) in row.iter_mut().enumerate().skip(1) {
                *s = roll_steps(engine, pos, t, die as u8);
            }
        }
        Table {
            engine,
            pos,
            occupants,
            blocked_for,
            pairs,
            steps,
        }
    }

    /// The track square of a seat's piece at `progress`, or [`OFF_TRACK`].
    #[inline]
    pub fn square(&self, seat: usize, progress: u8) -> u8 {
        self.engine.square_of(self.pos.seat_colour[seat], progress)
    }

    /// Whether a piece of `seat` at `progress` can walk `steps` squares along the track
    /// without meeting a barrier or block.
    fn path_is_clear(&self, seat: usize, progress: u8, steps: u8) -> bool {
        let blocked = self.blocked_for[seat];
        blocked == 0
            || (1..steps).all(|k| {
                let sq = self.square(seat, progress + k);
                sq == OFF_TRACK || blocked & (1u128 << sq) == 0
            })
    }

    /// The chance that `attacker`, in its next turn, captures what `victim` has on track
    /// square `sq`.
    pub fn seat_hit_chance(&self, attacker: usize, victim: usize, sq: u8) -> f32 {
        let engine = self.engine;
        let rules = &engine.rules;
        let track = engine.board.track_len as u16;
        let last = engine.board.last_track;
        let here = self.occupants[sq as usize];
        let start = self.square(attacker, 0);
        let in_yard = self.pos.in_yard(attacker) > 0;
        if engine.is_safe(sq) {
            return self.entry_capture_chance(attacker, victim, sq);
        }
        if rules.barrier != Barrier::None && (here & seat_bits(victim)).count_ones() >= 2 {
            return 0.0;
        }
        // Bits 1..=6: die values that hit at once; `chain`: second rolls that hit after a 6.
        let mut direct = 0u8;
        let mut chain = 0u8;
        let steps = &self.steps[attacker];
        let six = steps[6];
        for &p in &self.pos.pieces[attacker] {
            if p == YARD || p > last {
                continue;
            }
            let from = self.square(attacker, p) as u16;
            let d = ((sq as u16 + track - from) % track) as u8;
            if d == 0 || d > 13 || p as u16 + d as u16 > last as u16 {
                continue;
            }
            if !self.path_is_clear(attacker, p, d) {
                continue;
            }
            for (die, &s) in steps.iter().enumerate().skip(1) {
                if s == d {
                    direct |= 1 << die;
                }
            }
            if rules.extra_roll_on_six && six > 0 && d > six && d - six <= 6 {
                chain |= 1 << (d - six);
            }
        }
        if in_yard {
            for die in 1..=6u8 {
                if rules.enter_on.allows(die) && sq == start {
                    direct |= 1 << die;
                }
            }
            if rules.extra_roll_on_six && rules.enter_on.allows(6) {
                let d = ((sq as u16 + track - start as u16) % track) as u8;
                if (1..=6).contains(&d) && self.path_is_clear(attacker, 0, d) {
                    chain |= 1 << d;
                }
            }
        }
        let low = (direct & 0b0011_1110).count_ones() as f32 / 6.0;
        let six_hits = direct & 0b0100_0000 != 0;
        if !rules.extra_roll_on_six {
            return low + if six_hits { 1.0 / 6.0 } else { 0.0 };
        }
        let after_six = if six_hits {
            1.0
        } else {
            ((chain | direct) & 0b0011_1110).count_ones() as f32 / 6.0
        };
        low + after_six / 6.0
    }

    /// The chance that `attacker` takes `victim`'s pieces on the safe square `sq` by the one
    /// capture made on such a square (Parchís, rules.md §1.6): entering onto its own exit
    /// when that is full, beside one of its own pieces or not, which takes the opponent
    /// piece there that arrived last.
    fn entry_capture_chance(&self, attacker: usize, victim: usize, sq: u8) -> f32 {
        let rules = &self.engine.rules;
        let Some(cap) = rules.capacity.map(u32::from) else {
            return 0.0;
        };
        let here = self.occupants[sq as usize];
        let own = here & seat_bits(attacker);
        let others = here & !own;
        let can_enter_here =
            rules.exit_capture && sq == self.square(attacker, 0) && self.pos.in_yard(attacker) > 0;
        if !can_enter_here || here.count_ones() < cap {
            return 0.0;
        }
        let opponent_pair = self
            .pos
            .seats()
            .any(|s| (others & seat_bits(s)).count_ones() >= 2);
        if rules.exit_barrier_blocks_entry && opponent_pair {
            return 0.0;
        }
        // None when the exit holds only the attacker's own pieces: then it cannot enter.
        let taken = captured_pieces(others).max_by_key(|&(s, i)| self.pos.arrival[s][i]);
        if taken.map(|(s, _)| s) != Some(victim) {
            return 0.0;
        }
        (1..=6).filter(|&d| rules.enter_on.allows(d)).count() as f32 / 6.0
    }

    /// The chance that what `victim` has on track square `sq` is captured before `victim`
    /// rolls again, by any seat still playing.
    pub fn hit_chance(&self, victim: usize, sq: u8) -> f32 {
        let mut miss = 1.0f32;
        for t in self.pos.seats() {
            if t != victim && !self.pos.is_finished(t) {
                miss *= 1.0 - self.seat_hit_chance(t, victim, sq);
            }
        }
        1.0 - miss
    }

    /// The chance that the piece `piece` of `seat` is captured before `seat` rolls again.
    pub fn piece_hit_chance(&self, seat: usize, piece: usize) -> f32 {
        let sq = self.square(seat, self.pos.pieces[seat][piece]);
        if sq == OFF_TRACK {
            0.0
        } else {
            self.hit_chance(seat, sq)
        }
    }
}

/// The squares a roll of `die` moves a piece of `seat` (the Parchís 6 that moves 7), or 0
/// when that roll must be spent entering a piece.
fn roll_steps(engine: &Engine, pos: &Position, seat: usize, die: u8) -> u8 {
    let rules = &engine.rules;
    let in_yard = pos.in_yard(seat);
    if in_yard > 0 && rules.enter_compulsory && rules.enter_on.allows(die) {
        return 0;
    }
    if die == 6 && rules.six_moves_seven_when_yard_empty && in_yard == 0 {
        7
    } else {
        die
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{ParsedPosition, parse_position};
    use crate::rules::Rules;
    use serde_json::{Value, json};

    fn parsed(rules: Value, pieces: Value, arrivals: Value) -> ParsedPosition {
        let seats: Vec<&String> = pieces.as_object().expect("pieces").keys().collect();
        let seats = json!(seats);
        parse_position(&json!({
            "rules": rules, "seats": seats, "pieces": pieces, "arrivals": arrivals
        }))
        .expect("position")
    }

    /// The chance that the first piece of `colour` is captured before it rolls again.
    fn hit_chance_of(colour: &str, rules: Value, pieces: Value, arrivals: Value) -> f32 {
        let p = parsed(rules, pieces, arrivals);
        let seat = (0..p.position.seat_count as usize)
            .find(|&s| {
                p.engine.rules.colours[usize::from(p.position.seat_colour[s])].name() == colour
            })
            .expect("a seat of that colour");
        Table::new(&p.engine, &p.position).piece_hit_chance(seat, 0)
    }

    /// The chance that red's first piece is captured before red rolls again.
    fn red_hit_chance(rules: &str, pieces: Value) -> f32 {
        hit_chance_of("red", json!(rules), pieces, json!([]))
    }

    /// On `classic`, the chance that red's piece at `red` is hit by yellow's one piece on the
    /// road, on square 13 (the others home).
    fn lone_yellow_hits_red_at(red: u8) -> f32 {
        red_hit_chance(
            "classic",
            json!({"red": [red, "yard", "yard", "yard"], "yellow": [39, "home", "home", "home"]}),
        )
    }

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() < 1e-6
    }

    // On `classic` red starts on square 0 and yellow on 26, so yellow's piece at 39 stands
    // on square 13 and red's piece at 16 on square 16, three squares ahead of it.
    //
    // The chances are counted by hand, in positions where the estimate is exact: where a
    // hit on the roll after a six needs another piece to spend the six, the attacker has
    // one. (With a single piece that must move past its target, the estimate still counts
    // that hit, 1/36 too much; docs/bots.md says so.)

    #[test]
    fn a_piece_three_squares_ahead_is_hit_by_a_three_or_by_a_three_after_a_six() {
        // Yellow's other piece (at 10, on square 36) can take the six; then a three hits.
        let chance = red_hit_chance(
            "classic",
            json!({"red": [16, "yard", "yard", "yard"], "yellow": [39, 10, "home", "home"]}),
        );
        assert!(close(chance, 1.0 / 6.0 + 1.0 / 36.0), "{chance}");
    }

    #[test]
    fn a_piece_six_squares_ahead_is_hit_by_a_six_and_nine_ahead_by_a_six_and_a_three() {
        let six = lone_yellow_hits_red_at(19);
        assert!(close(six, 1.0 / 6.0), "{six}");
        let nine = lone_yellow_hits_red_at(22);
        assert!(close(nine, 1.0 / 36.0), "{nine}");
        // Fourteen squares is beyond a six and a six.
        let far = lone_yellow_hits_red_at(27);
        assert_eq!(far, 0.0);
    }

    #[test]
    fn nothing_is_hit_on_a_safe_square_or_from_in_front() {
        // The star on 21, eight squares ahead of yellow's piece on 13.
        let star = lone_yellow_hits_red_at(21);
        assert_eq!(star, 0.0);
        // Square 10 is behind yellow's piece on 13.
        let behind = lone_yellow_hits_red_at(10);
        assert_eq!(behind, 0.0);
    }

    #[test]
    fn a_piece_just_past_an_opponents_start_is_hit_by_a_piece_that_comes_out() {
        // Yellow comes out onto 26 with a six, and its extra roll of two hits square 28.
        let chance = red_hit_chance(
            "classic",
            json!({"red": [28, "yard", "yard", "yard"], "yellow": ["yard", "home", "home", "home"]}),
        );
        assert!(close(chance, 1.0 / 36.0), "{chance}");
    }

    #[test]
    fn two_attackers_miss_only_if_both_miss() {
        // Yellow three behind and green (which starts on 13) two behind, on 14; each has
        // a second piece far off to take a six, so each hits with 1/6 + 1/36.
        let chance = red_hit_chance(
            "classic",
            json!({
                "red": [16, "yard", "yard", "yard"],
                "green": [1, 40, "home", "home"],
                "yellow": [39, 10, "home", "home"],
            }),
        );
        let each = 1.0 / 6.0 + 1.0 / 36.0;
        assert!(close(chance, 1.0 - (1.0 - each) * (1.0 - each)), "{chance}");
    }

    #[test]
    fn a_pair_cannot_be_hit_and_a_block_stops_an_attacker_behind_it_on_ludo_blocks() {
        // Here green starts on 0, yellow on 13 and red on 26: red's piece at 16 stands on
        // square 42, yellow's at 26 on 39, three behind it, and yellow's piece at 40 (on
        // square 1) can take a six.
        let yellow = json!([26, 40, "home", "home"]);
        let open = red_hit_chance(
            "ludo_blocks",
            json!({"red": [16, "yard", "yard", "yard"], "yellow": yellow}),
        );
        assert!(close(open, 1.0 / 6.0 + 1.0 / 36.0), "{open}");
        // With green seated first, red's pieces are bits 4 to 7 of a square's occupants.
        let pair = red_hit_chance(
            "ludo_blocks",
            json!({
                "green": ["yard", "yard", "yard", "yard"],
                "red": [16, 16, "yard", "yard"],
                "yellow": [26, "home", "home", "home"],
            }),
        );
        assert_eq!(pair, 0.0);
        // A red pair on 41 stands between them; one red piece there does not.
        let behind_a_block = red_hit_chance(
            "ludo_blocks",
            json!({"red": [16, 15, 15, "yard"], "yellow": yellow}),
        );
        assert_eq!(behind_a_block, 0.0);
        let past_one_piece = red_hit_chance(
            "ludo_blocks",
            json!({"red": [16, 15, "yard", "yard"], "yellow": yellow}),
        );
        assert!(close(past_one_piece, open), "{past_one_piece}");
        // Nor does a pair elsewhere (at 30, on square 4).
        let pair_elsewhere = red_hit_chance(
            "ludo_blocks",
            json!({"red": [16, 30, 30, "yard"], "yellow": yellow}),
        );
        assert!(close(pair_elsewhere, open), "{pair_elsewhere}");
    }

    /// On `parchis`: the progress of a piece of `colour` on the square where `owner`'s
    /// piece at `owner_progress` stands, and whether that square is safe.
    fn beside_on_parchis(colour: &str, owner: &str, owner_progress: u8) -> (u8, bool) {
        let engine = Engine::preset("parchis").expect("parchis");
        let index = |name: &str| {
            let c = engine.rules.colours.iter().position(|c| c.name() == name);
            c.expect("a colour of the board") as u8
        };
        let sq = engine.square_of(index(owner), owner_progress);
        let progress = (0..=engine.board.last_track)
            .find(|&p| engine.square_of(index(colour), p) == sq)
            .expect("on the track");
        (progress, engine.is_safe(sq))
    }

    /// The progress at which a piece of `colour` stands on the exit of `owner` on `parchis`.
    fn on_exit_of(owner: &str, colour: &str) -> u8 {
        beside_on_parchis(colour, owner, 0).0
    }

    #[test]
    fn entering_onto_a_full_exit_takes_the_opponent_piece_that_came_last() {
        // Parchís enters on a 5: a chance of 1/6 for the piece it would take.
        let red = on_exit_of("yellow", "red");
        let blue = on_exit_of("yellow", "blue");
        let parchis = || json!("parchis");
        // Beside a yellow piece on yellow's exit, red's piece is taken whoever came first.
        for arrivals in [
            json!([["yellow", 0], ["red", 0]]),
            json!([["red", 0], ["yellow", 0]]),
        ] {
            let pieces = json!({"red": [red, "yard", "yard", "yard"], "yellow": [0, "yard", "yard", "yard"]});
            let chance = hit_chance_of("red", parchis(), pieces, arrivals);
            assert!(close(chance, 1.0 / 6.0), "{chance}");
        }
        // Not when yellow has nothing to bring out, nor when the exit is not full.
        let none_out =
            json!({"red": [red, "yard", "yard", "yard"], "yellow": [0, "home", "home", "home"]});
        assert_eq!(hit_chance_of("red", parchis(), none_out, json!([])), 0.0);
        let room =
            json!({"red": [red, "yard", "yard", "yard"], "yellow": [10, "yard", "yard", "yard"]});
        assert_eq!(hit_chance_of("red", parchis(), room, json!([])), 0.0);
        // Red and blue there: the one that came last goes, the other stays.
        let both = json!({
            "blue": [blue, "yard", "yard", "yard"],
            "red": [red, "yard", "yard", "yard"],
            "yellow": [30, "yard", "yard", "yard"],
        });
        let red_last = json!([["blue", 0], ["red", 0]]);
        assert!(close(
            hit_chance_of("red", parchis(), both.clone(), red_last.clone()),
            1.0 / 6.0
        ));
        assert_eq!(
            hit_chance_of("blue", parchis(), both.clone(), red_last),
            0.0
        );
        let blue_last = json!([["red", 0], ["blue", 0]]);
        assert_eq!(
            hit_chance_of("red", parchis(), both.clone(), blue_last.clone()),
            0.0
        );
        assert!(close(
            hit_chance_of("blue", parchis(), both, blue_last),
            1.0 / 6.0
        ));
        // A red pair there is broken by entering, unless the rules say it stops the entry.
        let pair =
            json!({"red": [red, red, "yard", "yard"], "yellow": [30, "yard", "yard", "yard"]});
        let chance = hit_chance_of("red", parchis(), pair.clone(), json!([]));
        assert!(close(chance, 1.0 / 6.0), "{chance}");
        let stops = json!({"preset": "parchis", "options": {"exit_barrier_blocks_entry": true}});
        assert_eq!(hit_chance_of("red", stops.clone(), pair, json!([])), 0.0);
        // Under that rule two colours still make no barrier: the last to come goes.
        let two_colours = json!({
            "blue": [blue, "yard", "yard", "yard"],
            "red": [red, "yard", "yard", "yard"],
            "yellow": [30, "yard", "yard", "yard"],
        });
        let red_last = json!([["blue", 0], ["red", 0]]);
        let chance = hit_chance_of("red", stops, two_colours, red_last);
        assert!(close(chance, 1.0 / 6.0), "{chance}");
    }

    #[test]
    fn two_ways_to_one_square_count_once() {
        // Yellow three behind (a 3 hits) and nine behind (a 6, then a 3 hits): 1/6 for the
        // 3, and 1/36 for a 6 and then a 3, whichever piece takes the six.
        let chance = red_hit_chance(
            "classic",
            json!({"red": [16, "yard", "yard", "yard"], "yellow": [39, 33, "home", "home"]}),
        );
        assert!(close(chance, 1.0 / 6.0 + 1.0 / 36.0), "{chance}");
        // Yellow on its start, two behind red, with pieces to bring out: a 2 hits, and a
        // 6 (bringing a piece out) then a 2.
        let chance = red_hit_chance(
            "classic",
            json!({"red": [28, "yard", "yard", "yard"], "yellow": [0, "yard", "yard", "yard"]}),
        );
        assert!(close(chance, 1.0 / 6.0 + 1.0 / 36.0), "{chance}");
    }

    #[test]
    fn a_piece_past_any_start_is_hit_by_a_piece_brought_out_there() {
        // Green starts on 13: its six brings a piece out there, and a 2 then hits 15.
        let chance = red_hit_chance(
            "classic",
            json!({"green": ["yard", "yard", "yard", "yard"], "red": [15, "yard", "yard", "yard"]}),
        );
        assert!(close(chance, 1.0 / 36.0), "{chance}");
    }

    #[test]
    fn where_starts_are_not_safe_a_piece_on_one_is_hit_by_a_piece_brought_out() {
        // `ludo_multijoueur` has no safe squares: yellow's six brings a piece out onto red's
        // piece on yellow's start (26).
        let chance = red_hit_chance(
            "ludo_multijoueur",
            json!({"red": [26, "yard", "yard", "yard"], "yellow": ["yard", "yard", "yard", "yard"]}),
        );
        assert!(close(chance, 1.0 / 6.0), "{chance}");
    }

    #[test]
    fn without_extra_rolls_only_the_roll_itself_hits() {
        let mut rules = Rules::preset("classic").expect("classic");
        rules.extra_roll_on_six = false;
        let engine = Engine::new(rules).expect("rules");
        let chance = |yellow: Value| {
            let pieces = json!({"red": [16, "yard", "yard", "yard"], "yellow": yellow});
            let p = parsed(json!("classic"), pieces, json!([]));
            Table::new(&engine, &p.position).piece_hit_chance(0, 0)
        };
        // Three behind: a 3. Three and six behind: a 3 or a 6.
        assert!(close(
            chance(json!([39, "home", "home", "home"])),
            1.0 / 6.0
        ));
        let both = chance(json!([39, 36, "home", "home"]));
        assert!(close(both, 2.0 / 6.0), "{both}");
        // Nine behind: nothing, with no second roll.
        assert_eq!(chance(json!([33, "home", "home", "home"])), 0.0);
    }

    /// On `parchis`: red's progress on the square yellow reaches at `yellow_progress`.
    fn red_where_yellow_reaches(yellow_progress: u8) -> u8 {
        let (red, safe) = beside_on_parchis("red", "yellow", yellow_progress);
        assert!(!safe, "red's progress {red} is on a safe square");
        red
    }

    #[test]
    fn on_parchis_a_six_moves_seven_once_the_yard_is_empty_and_a_five_must_bring_a_piece_out() {
        let parchis = || json!("parchis");
        // Yellow's piece at 3, red's seven squares ahead. With nothing left in the yard
        // yellow's 6 moves 7 and hits; six squares ahead, nothing does.
        let seven = red_where_yellow_reaches(10);
        let empty = json!(["home", 3, "home", "home"]);
        let pieces = json!({"red": [seven, "yard", "yard", "yard"], "yellow": empty.clone()});
        let chance = hit_chance_of("red", parchis(), pieces, json!([]));
        assert!(close(chance, 1.0 / 6.0), "{chance}");
        let six = red_where_yellow_reaches(9);
        let pieces = json!({"red": [six, "yard", "yard", "yard"], "yellow": empty});
        assert_eq!(hit_chance_of("red", parchis(), pieces, json!([])), 0.0);
        // Five squares ahead: with a piece in the yard the 5 must bring it out and misses;
        // with none, the 5 hits (and so does a 6 moving 7 with yellow's other piece, at 40,
        // then a 5).
        let five = red_where_yellow_reaches(8);
        let waiting =
            json!({"red": [five, "yard", "yard", "yard"], "yellow": ["yard", 3, "home", "home"]});
        assert_eq!(hit_chance_of("red", parchis(), waiting, json!([])), 0.0);
        let free =
            json!({"red": [five, "yard", "yard", "yard"], "yellow": [40, 3, "home", "home"]});
        let chance = hit_chance_of("red", parchis(), free, json!([]));
        assert!(close(chance, 1.0 / 6.0 + 1.0 / 36.0), "{chance}");
        // Coming out on a 5 gives no second roll: two squares past yellow's exit is safe
        // from yellow's yard.
        let past_exit = red_where_yellow_reaches(2);
        let yard = json!({"red": [past_exit, "yard", "yard", "yard"], "yellow": ["yard", "yard", "yard", "yard"]});
        assert_eq!(hit_chance_of("red", parchis(), yard, json!([])), 0.0);
    }
}
