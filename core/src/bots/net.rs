//! Experiment: a small value network, trained by temporal differences on self-play, that
//! turns a position into each seat's chance of finishing first.
//!
//! Each seat is scored from its own point of view: its pieces first, then the other seats
//! in turn order, each piece as one active input for its progress, the seat to move as one
//! more, and the hand evaluation's worth of the seat (over [`SCALE`]) as a direct input.
//! The chances are the softmax of the seats' scores. With the hidden layer's output weights
//! at zero the network is the hand race model, so training starts from it and learns the
//! corrections.

use serde::{Deserialize, Serialize};

/// The scale of the worth input, in squares.
pub const SCALE: f32 = 30.0;
/// Seats the network is laid out for.
pub const SEATS: usize = 4;
/// Active inputs of one point of view at most: 4 seats × 4 pieces, and the turn.
const ACTIVE: usize = SEATS * 4 + 2;

/// The network's weights.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Net {
    /// Progress slots per seat: the yard, then each progress value.
    pub slots: usize,
    /// Hidden units.
    pub hidden: usize,
    /// Input to hidden weights, one row of `hidden` per input.
    pub w1: Vec<f32>,
    /// Hidden biases.
    pub b1: Vec<f32>,
    /// Hidden to score weights.
    pub w2: Vec<f32>,
    /// The weight of the worth input.
    pub v: f32,
    /// The score's bias.
    pub b2: f32,
}

/// One seat's point of view on a position.
#[derive(Clone, Copy, Debug)]
pub struct View {
    active: [u16; ACTIVE],
    count: usize,
    worth: f32,
}

impl Net {
    /// A network that scores like the hand race model, with small random input weights.
    pub fn new(slots: usize, hidden: usize, seed: u64) -> Net {
        let inputs = SEATS * slots + SEATS + 1;
        let mut rng = crate::game::SplitMix(seed);
        let w1 = (0..inputs * hidden)
            .map(|_| (rng.below(2001) as f32 - 1000.0) / 1000.0 * 0.1)
            .collect();
        Net {
            slots,
            hidden,
            w1,
            b1: vec![0.05; hidden],
            w2: vec![0.0; hidden],
            v: 1.0,
            b2: 0.0,
        }
    }

    /// Seat `seat`'s point of view; `None` when the position does not fit the network.
    pub fn view(
        &self,
        pieces: &[[u8; 4]],
        turn: usize,
        seat: usize,
        worth: f32,
        learner: bool,
    ) -> Option<View> {
        let n = pieces.len();
        if n > SEATS || seat >= n {
            return None;
        }
        let mut view = View {
            active: [0; ACTIVE],
            count: 0,
            worth: worth / SCALE,
        };
        for k in 0..n {
            for &p in &pieces[(seat + k) % n] {
                let slot = if p == crate::position::YARD {
                    0
                } else {
                    p as usize + 1
                };
                if slot >= self.slots {
                    return None;
                }
                view.active[view.count] = (k * self.slots + slot) as u16;
                view.count += 1;
            }
        }
        view.active[view.count] = (SEATS * self.slots + (turn + n - seat) % n) as u16;
        view.count += 1;
        if learner {
            view.active[view.count] = (SEATS * self.slots + SEATS) as u16;
            view.count += 1;
        }
        Some(view)
    }

    /// The score of a point of view, and the hidden layer's outputs into `h`.
    pub fn score(&self, view: &View, h: &mut [f32]) -> f32 {
        let hn = self.hidden;
        h[..hn].copy_from_slice(&self.b1);
        for &i in &view.active[..view.count] {
            let row = &self.w1[i as usize * hn..(i as usize + 1) * hn];
            for (a, w) in h[..hn].iter_mut().zip(row) {
                *a += w;
            }
        }
        let mut s = self.b2 + self.v * view.worth;
        for (a, w) in h[..hn].iter_mut().zip(&self.w2) {
            *a = a.max(0.0);
            s += *a * w;
        }
        s
    }

    /// Moves the weights so that the score of `view` falls by `lr * grad`'s direction:
    /// `grad` is the loss's derivative with respect to the score, `h` the hidden outputs
    /// `score` gave for this view.
    pub fn learn(&mut self, view: &View, h: &[f32], grad: f32, lr: f32) {
        let hn = self.hidden;
        let g = lr * grad;
        for j in 0..hn {
            if h[j] <= 0.0 {
                continue;
            }
            let d = g * self.w2[j];
            self.b1[j] -= d;
            for &i in &view.active[..view.count] {
                self.w1[i as usize * hn + j] -= d;
            }
        }
        for (w, a) in self.w2.iter_mut().zip(h) {
            *w -= g * a;
        }
        self.v -= g * view.worth;
        self.b2 -= g;
    }
}

/// The softmax of some scores, in place.
pub fn softmax(scores: &mut [f32]) {
    let top = scores.iter().copied().fold(f32::MIN, f32::max);
    let mut sum = 0.0;
    for s in scores.iter_mut() {
        *s = (*s - top).exp();
        sum += *s;
    }
    for s in scores.iter_mut() {
        *s /= sum;
    }
}
