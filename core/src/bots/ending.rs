//! The solitaire ending, played exactly: once every piece a seat has left stands in its own
//! home column, no other seat can touch them and nothing the seat does touches anyone else,
//! so the race comes down to bringing them home while handing the dice on as few times as
//! possible (each time gives every other seat a turn). [`Ending`] works out, for every state
//! of such an ending, the expected number of turns the seat will still end without bringing
//! its last piece home, when every choice is the best one, by value iteration over the
//! states the engine can reach from it; and picks the move that leaves the fewest.
//!
//! The engine is the only source of what a roll does, so every finishing rule is followed
//! as it is played: exact counts, bounce-back, the Petits-chevaux staircase, extra rolls,
//! the third six and bonus counts. The rolls within one turn (after a six, say) cost
//! nothing; a turn costs one when the engine hands the dice to another seat. Mensch ärgere
//! Dich nicht has no such ending: a seat whose pieces are all in its goal fields has
//! finished.

use std::collections::HashMap;

use crate::engine::Engine;
use crate::moves::{Input, Move, MoveList};
use crate::position::{PIECES, Place, Position};
use crate::rules::Rules;
use crate::turn::Phase;

/// The most states one ending may have before the solver gives up and leaves the choice
/// to the search: several times what any preset's home columns give (6,612 for four pieces
/// at the foot of a Parchís column), so that only a home column lengthened by an option
/// far past the presets' falls back, rather than make the expert think for seconds.
const MAX_STATES: usize = 50_000;
/// The turns of a state from which no roll ever moves a piece.
const NEVER: f32 = 1e9;
/// Value iteration stops when no state's value moves by more than this many turns…
const SETTLED: f32 = 1e-5;
/// …or after this many sweeps.
const MAX_SWEEPS: usize = 5_000;

/// What decides how the rest of a solitaire ending can go: the seat's board colour and
/// pieces, and the state of its turn (sixes in a row, the piece moved last, rolls tried).
/// The other seats' pieces do not matter, since they can neither reach the pieces nor be
/// reached from them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    colour: u8,
    pieces: [u8; PIECES],
    sixes: u8,
    last_moved: u8,
    tries: u8,
}

impl Key {
    fn of(pos: &Position, seat: usize) -> Key {
        Key {
            colour: pos.seat_colour[seat],
            pieces: pos.pieces[seat],
            sixes: pos.sixes,
            last_moved: pos.last_moved,
            tries: pos.tries,
        }
    }
}

/// Where one choice leads, in the graph the solver builds.
#[derive(Clone, Copy, Debug)]
enum Next {
    /// The seat has brought its last piece home.
    Home,
    /// The seat rolls again in the same turn: the state to roll from.
    Roll(usize),
    /// The turn passed: one turn spent, then the state the seat rolls from next time.
    Passed(usize),
    /// The seat plays a bonus count: the decision, by its index.
    Bonus(usize),
}

/// A decision of the graph: the choices of one input, each with where it leads (one
/// entry with no move when none is legal).
#[derive(Debug, Default)]
struct Decision {
    choices: Vec<Next>,
}

/// Solves solitaire endings and remembers what it has solved, for the rules it was last
/// asked about.
#[derive(Clone, Debug, Default)]
pub struct Ending {
    /// The rules the remembered values were worked out for.
    rules: Option<Rules>,
    /// The expected turns still to spend (see the module's notes) from each state where
    /// the seat is about to roll.
    turns: HashMap<Key, f32>,
}

impl Ending {
    /// A solver that remembers nothing yet.
    pub fn new() -> Ending {
        Ending::default()
    }

    /// Whether `seat` is in a solitaire ending in `pos`: some of its pieces are still to
    /// come home, and every one of them is in its home column or home.
    pub fn applies(engine: &Engine, pos: &Position, seat: usize) -> bool {
        seat < pos.seat_count as usize
            && !pos.is_finished(seat)
            && !pos.all_at_end(&engine.board, seat)
            && (0..PIECES)
                .all(|i| matches!(engine.place(pos, seat, i), Place::Column(..) | Place::Home))
    }

    /// The move of `moves` (legal for `input` in `pos`) that leaves the mover the fewest
    /// turns to spend on average before its pieces are home, when the mover is in a
    /// solitaire ending; `None` otherwise, or if the ending is too large to solve. Of
    /// equally good moves, the first.
    pub fn choose(
        &mut self,
        engine: &Engine,
        pos: &Position,
        input: Input,
        moves: &MoveList,
    ) -> Option<usize> {
        if moves.len() < 2 {
            return None;
        }
        // `move_costs` answers `None` outside a solitaire ending.
        let costs = self.move_costs(engine, pos, input, moves.as_slice())?;
        let best = costs.iter().copied().fold(f32::INFINITY, f32::min);
        costs.iter().position(|&c| c <= best + SETTLED)
    }

    /// The expected turns still to spend after each of `moves`, the current one included
    /// if the move ends it without bringing the last piece home; `None` when the mover is
    /// not in a solitaire ending or the ending is too large to solve.
    pub fn move_costs(
        &mut self,
        engine: &Engine,
        pos: &Position,
        input: Input,
        moves: &[Move],
    ) -> Option<Vec<f32>> {
        let seat = pos.turn as usize;
        if !Ending::applies(engine, pos, seat) {
            return None;
        }
        self.fit(engine);
        moves
            .iter()
            .map(|m| {
                let mut child = *pos;
                let step = engine.play(&mut child, input, Some(m));
                self.cost_after(engine, &child, step.phase, seat)
            })
            .collect()
    }

    /// How many times, on average, the seat to move in `pos` will hand the dice on before
    /// its last piece is home, when it is about to roll and plays every choice as well as
    /// possible; `None` when it is not in a solitaire ending or the ending is too large.
    pub fn turns_to_finish(&mut self, engine: &Engine, pos: &Position) -> Option<f32> {
        let seat = pos.turn as usize;
        if !Ending::applies(engine, pos, seat) {
            return None;
        }
        self.fit(engine);
        self.turns_from(engine, pos, seat)
    }

    /// Forgets what was solved for other rules than `engine`'s.
    fn fit(&mut self, engine: &Engine) {
        if self.rules.as_ref() != Some(&engine.rules) {
            self.rules = Some(engine.rules.clone());
            self.turns.clear();
        }
    }

    /// The expected turns still to spend from `pos`, reached by a move of `seat` that led to
    /// `phase`.
    fn cost_after(
        &mut self,
        engine: &Engine,
        pos: &Position,
        phase: Phase,
        seat: usize,
    ) -> Option<f32> {
        if pos.is_finished(seat) {
            return Some(0.0);
        }
        match phase {
            Phase::Bonus(n) => {
                let mut list = MoveList::default();
                engine.legal_moves(pos, Input::Bonus(n), &mut list);
                let mut best: Option<f32> = None;
                for m in list.as_slice() {
                    let mut child = *pos;
                    let step = engine.play(&mut child, Input::Bonus(n), Some(m));
                    let cost = self.cost_after(engine, &child, step.phase, seat)?;
                    best = Some(best.map_or(cost, |b| b.min(cost)));
                }
                best
            }
            Phase::Roll if pos.turn as usize == seat => self.turns_from(engine, pos, seat),
            // The turn passed (or the game went on without the seat).
            _ => {
                let next = next_turn(engine, pos, seat);
                Some(1.0 + self.turns_from(engine, &next, seat)?)
            }
        }
    }

    /// The expected turns still to spend when `seat` is about to roll in `pos`, solving the
    /// ending from there if it has not been solved yet.
    fn turns_from(&mut self, engine: &Engine, pos: &Position, seat: usize) -> Option<f32> {
        let key = Key::of(pos, seat);
        if let Some(&t) = self.turns.get(&key) {
            return Some(t);
        }
        self.solve(engine, pos, seat)?;
        self.turns.get(&key).copied()
    }

    /// Builds the graph of every state reachable from `pos` (the seat about to roll) and
    /// settles the expected turns of each by value iteration; `None` when there are more
    /// than [`MAX_STATES`].
    fn solve(&mut self, engine: &Engine, pos: &Position, seat: usize) -> Option<()> {
        let mut graph = Graph::default();
        graph.state(pos, seat);
        let mut list = MoveList::default();
        let mut done = 0;
        while done < graph.positions.len() {
            if graph.positions.len() > MAX_STATES || graph.left_the_ending {
                return None;
            }
            let at = graph.positions[done];
            let rolls: [usize; 6] = std::array::from_fn(|d| {
                graph.decision(engine, &at, Input::Roll(d as u8 + 1), seat, &mut list)
            });
            graph.rolls.push(rolls);
            done += 1;
        }
        if graph.left_the_ending {
            return None;
        }
        let values = graph.settle(&self.turns);
        for (p, v) in graph.positions.iter().zip(values) {
            self.turns.insert(Key::of(p, seat), v);
        }
        Some(())
    }
}

/// The reachable part of one ending: states where the seat is about to roll, each with the
/// decision each die value gives it, and the decisions (rolls and bonus counts).
#[derive(Default)]
struct Graph {
    /// The position of each state, in the order found.
    positions: Vec<Position>,
    index: HashMap<Key, usize>,
    /// For each state whose rolls are worked out, the decision of each die value.
    rolls: Vec<[usize; 6]>,
    decisions: Vec<Decision>,
    /// Set when some play took a piece out of the ending (a rule that sends a piece in
    /// its home column back to the yard): the ending is then no solitaire after all.
    left_the_ending: bool,
}

impl Graph {
    /// The index of the state of `pos` (the seat about to roll), added if new.
    fn state(&mut self, pos: &Position, seat: usize) -> usize {
        let key = Key::of(pos, seat);
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        self.positions.push(*pos);
        self.index.insert(key, self.positions.len() - 1);
        self.positions.len() - 1
    }

    /// Adds the decision of `input` for the seat in `pos`, with where each choice leads,
    /// and returns its index.
    fn decision(
        &mut self,
        engine: &Engine,
        pos: &Position,
        input: Input,
        seat: usize,
        list: &mut MoveList,
    ) -> usize {
        engine.legal_moves(pos, input, list);
        let moves: Vec<Option<Move>> = if list.is_empty() {
            vec![None]
        } else {
            list.as_slice().iter().copied().map(Some).collect()
        };
        let at = self.decisions.len();
        self.decisions.push(Decision::default());
        for m in moves {
            let mut child = *pos;
            let step = engine.play(&mut child, input, m.as_ref());
            let next = if child.is_finished(seat) {
                Next::Home
            } else if !Ending::applies(engine, &child, seat) {
                self.left_the_ending = true;
                Next::Home
            } else {
                match step.phase {
                    Phase::Bonus(n) if child.turn as usize == seat => {
                        Next::Bonus(self.decision(engine, &child, Input::Bonus(n), seat, list))
                    }
                    Phase::Roll if child.turn as usize == seat => {
                        Next::Roll(self.state(&child, seat))
                    }
                    _ => Next::Passed(self.state(&next_turn(engine, &child, seat), seat)),
                }
            };
            self.decisions[at].choices.push(next);
        }
        at
    }

    /// The value of decision `d`, its best choice, given the states' values `state`.
    fn best(&self, d: usize, state: &[f32]) -> f32 {
        self.decisions[d]
            .choices
            .iter()
            .map(|next| match *next {
                Next::Home => 0.0,
                Next::Roll(s) => state[s],
                Next::Passed(s) => 1.0 + state[s],
                Next::Bonus(b) => self.best(b, state),
            })
            .fold(f32::INFINITY, f32::min)
    }

    /// The expected turns of every state, by value iteration from what is already known
    /// (`known`) or zero. The states are swept from the last found, which are the
    /// furthest on, so that values flow back towards the first state in few sweeps.
    fn settle(&self, known: &HashMap<Key, f32>) -> Vec<f32> {
        let seat_key = |p: &Position| {
            // Every position in the graph is the seat's own, about to roll.
            Key::of(p, p.turn as usize)
        };
        let mut state: Vec<f32> = self
            .positions
            .iter()
            .map(|p| known.get(&seat_key(p)).copied().unwrap_or(0.0))
            .collect();
        for _ in 0..MAX_SWEEPS {
            let mut moved = 0f32;
            // Backwards, so that a state sees this sweep's values of the states found after
            // it, which are mostly the ones its rolls lead to.
            for s in (0..self.positions.len()).rev() {
                // A roll that moves nothing and hands the dice on from the turn's first
                // state comes back to it: with k such rolls, V = (1/6)(sum of the others
                // + k (1 + V)), solved for V here rather than crept up to sweep by sweep.
                let (mut others, mut idle) = (0f32, 0f32);
                for &d in &self.rolls[s] {
                    match self.decisions[d].choices[..] {
                        [Next::Passed(t)] if t == s => idle += 1.0,
                        _ => others += self.best(d, &state),
                    }
                }
                let value = if idle < 6.0 {
                    (others + idle) / (6.0 - idle)
                } else {
                    NEVER
                };
                moved = moved.max((value - state[s]).abs());
                state[s] = value;
            }
            if moved <= SETTLED {
                break;
            }
        }
        state
    }
}

/// `pos` with the dice back in `seat`'s hand at the start of its next turn, as they will be
/// once the other seats have played: only the seat's own pieces matter to the ending.
fn next_turn(engine: &Engine, pos: &Position, seat: usize) -> Position {
    let mut next = *pos;
    next.turn = seat as u8;
    next.sixes = 0;
    next.last_moved = crate::position::NO_PIECE;
    next.tries = 0;
    engine.refresh_squares(&mut next);
    next
}
