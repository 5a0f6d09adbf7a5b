//! A small value network, trained by temporal differences, that turns a position of two to
//! six seats into each seat's chance of finishing first. The `expert` uses it in place of
//! the race utility of [`super::eval`] on the rules it was trained on (see [`for_game`]).
//!
//! Each seat is scored from its own point of view: its pieces first, then the other seats
//! in turn order, each piece as one active input for its progress (a one-hot slot), one
//! more input for how many seats away the turn is, one for "this is the seat the search
//! plays for", and the hand evaluation's worth of the seat (over [`SCALE`]) as a direct
//! input. A network with danger inputs ([`Net::threats`], as the built-in one has) also
//! sees, for every piece that an opponent could hit before its seat moves again, one input
//! for the piece's stretch of the road (an eighth of it) and how likely the hit is (below
//! 0.1, below 0.2, more). The chances are the softmax of the seats' scores. With the
//! hidden layer's output weights at zero the network is the hand race model, so training
//! starts from it and learns the corrections.
//!
//! A network is made for one preset and one number of seats ([`Net::preset`],
//! [`Net::seats`]). `core/examples/td_train.rs` trains one and writes it as JSON; the ones
//! built into the library are in `bots/nets/`, beside this module's folder, named after
//! their preset and seats ([`BUILT_IN`]). A built-in network may have partners
//! ([`PARTNERS`]), networks of the same shape trained apart, and then its chances are the
//! mean of theirs and its own. docs/bots.md tells how they were made.
//!
//! `pack.rs` holds the compact form the built-in networks take in the library, and
//! `built_in.rs` those networks and the choice of one for a game.

use serde::{Deserialize, Serialize};

use super::portable;
use crate::position::{PIECES, Position, YARD};

mod built_in;
mod pack;

pub use built_in::{BUILT_IN, PARTNERS, built_in, for_game};
pub use pack::Precision;

/// The scale of the worth input, in squares.
pub const SCALE: f32 = 30.0;
/// The most seats a network may be made for: as many as a board holds.
pub const SEATS: usize = crate::position::MAX_SEATS;
/// The most hidden units a network may have.
pub const MAX_HIDDEN: usize = 256;
/// Active inputs of one point of view at most: each piece of every seat for progress and
/// as many for danger, the turn, the learner.
const ACTIVE: usize = SEATS * PIECES * 2 + 2;
/// Stretches of the road a piece's danger input tells apart.
const THREAT_BANDS: usize = 8;
/// Classes of danger (a chance of being hit above zero): below 0.1, below 0.2, the rest.
const THREAT_CLASSES: usize = 3;
/// Danger inputs of one seat.
const THREAT_INPUTS: usize = THREAT_BANDS * THREAT_CLASSES;

/// The network's weights.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
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
    /// Whether it has danger inputs: for each piece in play, its stretch of the road and
    /// how likely it is to be hit before its seat moves again (absent in older files).
    #[serde(default)]
    pub threats: bool,
    /// The number of seats it scores, 2 to [`SEATS`] (absent in older files, which are
    /// all four-seat networks).
    #[serde(default = "four")]
    pub seats: usize,
    /// The preset whose games it was trained on (absent in older files, which are all
    /// `classic` networks).
    #[serde(default = "classic")]
    pub preset: String,
    /// Networks of the same shape (seats, progress slots, danger inputs) trained apart,
    /// whose chances [`Net::chances_of`] averages with this network's own: an ensemble,
    /// whose mean can err less than any one of its members. Not part of a network's file: the
    /// built-in networks get theirs from [`PARTNERS`] when they load.
    #[serde(skip)]
    pub partners: Vec<Net>,
}

/// The seat count of a network file that does not say.
fn four() -> usize {
    4
}

/// The preset of a network file that does not say.
fn classic() -> String {
    "classic".into()
}

impl std::fmt::Debug for Net {
    /// The shape only: the weights run to tens of thousands of numbers.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Net")
            .field("slots", &self.slots)
            .field("hidden", &self.hidden)
            .field("seats", &self.seats)
            .field("preset", &self.preset)
            .field("partners", &self.partners.len())
            .finish_non_exhaustive()
    }
}

/// Weights whose sizes do not agree with each other.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("network {field} has {found} values, expected {expected}")]
pub struct NetShapeError {
    /// The field whose length is wrong.
    pub field: &'static str,
    /// How many values it has.
    pub found: usize,
    /// How many it should have.
    pub expected: usize,
}

/// Why a network's JSON was refused.
#[derive(Debug, thiserror::Error)]
pub enum NetLoadError {
    /// The text is not a network's JSON.
    #[error("not a network's JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// The weights' sizes disagree.
    #[error(transparent)]
    Shape(#[from] NetShapeError),
    /// The bytes are not a packed network ([`Net::pack`]); says what is wrong and where.
    #[error("not a packed network: {0}")]
    Packed(String),
}

/// One seat's point of view on a position.
#[derive(Clone, Copy, Debug)]
pub struct View {
    active: [u16; ACTIVE],
    count: usize,
    worth: f32,
}

impl Net {
    /// A network for `seats` seats (at most [`SEATS`]) of `preset`, with `slots` progress
    /// slots a seat (the board's highest progress plus two), that scores like the hand race
    /// model, with small random input weights.
    pub fn new(
        preset: &str,
        seats: usize,
        slots: usize,
        hidden: usize,
        seed: u64,
        threats: bool,
    ) -> Net {
        let hidden = hidden.min(MAX_HIDDEN);
        let seats = seats.clamp(2, SEATS);
        let mut rng = crate::game::SplitMix(seed);
        let w1 = (0..Net::inputs(seats, slots, threats) * hidden)
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
            threats,
            seats,
            preset: preset.into(),
            partners: Vec::new(),
        }
    }

    /// The same network with danger inputs added, their weights at zero, so that it
    /// scores exactly as before until training moves them.
    pub fn with_threats(&self) -> Net {
        let mut net = self.clone();
        if !net.threats {
            net.threats = true;
            net.w1
                .resize(Net::inputs(net.seats, net.slots, true) * net.hidden, 0.0);
        }
        net
    }

    /// The number of inputs for `seats` seats of `slots` progress slots each (saturating,
    /// so that [`Net::check`] refuses absurd sizes rather than overflowing).
    fn inputs(seats: usize, slots: usize, threats: bool) -> usize {
        let danger = if threats { seats * THREAT_INPUTS } else { 0 };
        slots
            .saturating_mul(seats)
            .saturating_add(seats + 1 + danger)
    }

    /// A network from the JSON that `td_train` writes, its shape checked, so that scoring
    /// it can never index out of its weights.
    pub fn from_json(text: &str) -> Result<Net, NetLoadError> {
        let net: Net = serde_json::from_str(text)?;
        net.check()?;
        Ok(net)
    }

    /// Checks that the weights' sizes agree, and that the partners have this network's
    /// shape, so that scoring can never index out of them.
    pub fn check(&self) -> Result<(), NetShapeError> {
        agree("hidden", self.hidden, self.hidden.min(MAX_HIDDEN))?;
        agree("seats", self.seats, self.seats.clamp(2, SEATS))?;
        let weights = Net::inputs(self.seats, self.slots, self.threats).saturating_mul(self.hidden);
        agree("w1", self.w1.len(), weights)?;
        agree("b1", self.b1.len(), self.hidden)?;
        agree("w2", self.w2.len(), self.hidden)?;
        self.partners.iter().try_for_each(|p| self.fits(p))
    }

    /// Checks that `partner` reads the same points of view as this network (seats,
    /// progress slots and danger inputs) and that its own weights agree.
    pub fn fits(&self, partner: &Net) -> Result<(), NetShapeError> {
        agree("partner's seats", partner.seats, self.seats)?;
        agree("partner's slots", partner.slots, self.slots)?;
        let threats = (usize::from(partner.threats), usize::from(self.threats));
        agree("partner's danger inputs", threats.0, threats.1)?;
        partner.check()
    }

    /// Seat `seat`'s point of view; `None` when the position does not fit the network.
    /// `learner` marks the seat the search plays for; `danger` is each piece's chance of
    /// being hit before its seat moves again (read only by a network with danger inputs).
    pub fn view(
        &self,
        pieces: &[[u8; PIECES]],
        danger: &[[f32; PIECES]],
        turn: usize,
        seat: usize,
        worth: f32,
        learner: bool,
    ) -> Option<View> {
        let n = pieces.len();
        if n != self.seats || seat >= n {
            return None;
        }
        let mut view = View {
            active: [0; ACTIVE],
            count: 0,
            worth: worth / SCALE,
        };
        for k in 0..n {
            for &p in &pieces[(seat + k) % n] {
                let slot = if p == YARD { 0 } else { p as usize + 1 };
                if slot >= self.slots {
                    return None;
                }
                view.active[view.count] = (k * self.slots + slot) as u16;
                view.count += 1;
            }
        }
        view.active[view.count] = (n * self.slots + (turn + n - seat) % n) as u16;
        view.count += 1;
        if learner {
            view.active[view.count] = (n * self.slots + n) as u16;
            view.count += 1;
        }
        if self.threats {
            let base = n * self.slots + n + 1;
            for k in 0..n {
                let s = (seat + k) % n;
                for (&p, &d) in pieces[s].iter().zip(danger.get(s)?) {
                    let class = match d {
                        d if d <= 0.0 => continue,
                        d if d < 0.1 => 0,
                        d if d < 0.2 => 1,
                        _ => 2,
                    };
                    let band = (p as usize * THREAT_BANDS / self.slots).min(THREAT_BANDS - 1);
                    view.active[view.count] =
                        (base + k * THREAT_INPUTS + band * THREAT_CLASSES + class) as u16;
                    view.count += 1;
                }
            }
        }
        Some(view)
    }

    /// The score of a point of view; the hidden layer's outputs are left in `h`, which
    /// must hold `hidden` values.
    pub fn score(&self, view: &View, h: &mut [f32]) -> f32 {
        let hn = self.hidden;
        let h = &mut h[..hn];
        h.copy_from_slice(&self.b1);
        for &i in &view.active[..view.count] {
            let row = &self.w1[i as usize * hn..(i as usize + 1) * hn];
            for (a, w) in h.iter_mut().zip(row) {
                *a += w;
            }
        }
        let mut s = self.b2 + self.v * view.worth;
        for (a, w) in h.iter_mut().zip(&self.w2) {
            *a = a.max(0.0);
            s += *a * w;
        }
        s
    }

    /// One step of gradient descent for one point of view: `grad` is the loss's derivative
    /// with respect to the view's score, `h` the hidden outputs [`Net::score`] gave for it.
    fn learn(&mut self, view: &View, h: &[f32], grad: f32, lr: f32) {
        let hn = self.hidden;
        let g = lr * grad;
        for (j, (&a, &w)) in h[..hn].iter().zip(&self.w2).enumerate() {
            if a <= 0.0 {
                continue;
            }
            let d = g * w;
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

    /// Every seat's point of view on `pos`, from the seats' worths, their pieces' danger and
    /// the seat the search plays for (if any); `None` when the position does not fit the
    /// network. Views past the network's seats are left empty.
    pub fn views(
        &self,
        pos: &Position,
        worth: &[f32],
        danger: &[[f32; PIECES]],
        me: Option<usize>,
    ) -> Option<[View; SEATS]> {
        let n = pos.seat_count as usize;
        if n != self.seats || worth.len() < n {
            return None;
        }
        let mut views = [View {
            active: [0; ACTIVE],
            count: 0,
            worth: 0.0,
        }; SEATS];
        for (s, view) in views.iter_mut().enumerate().take(n) {
            *view = self.view(
                &pos.pieces[..n],
                danger,
                pos.turn as usize,
                s,
                worth[s],
                me == Some(s),
            )?;
        }
        Some(views)
    }

    /// The seats' chances of finishing first from their points of view: the softmax of
    /// their scores (0 past the network's seats), averaged with the chances its
    /// [`Net::partners`] give for the same views.
    pub fn chances_of(&self, views: &[View; SEATS]) -> [f32; SEATS] {
        let mut chances = self.own_chances(views);
        if self.partners.is_empty() {
            return chances;
        }
        for partner in &self.partners {
            for (c, p) in chances.iter_mut().zip(partner.own_chances(views)) {
                *c += p;
            }
        }
        let members = (self.partners.len() + 1) as f32;
        for c in chances.iter_mut() {
            *c /= members;
        }
        chances
    }

    /// The chances of [`Net::chances_of`] by this network alone, without its partners.
    pub fn own_chances(&self, views: &[View; SEATS]) -> [f32; SEATS] {
        let mut h = [0f32; MAX_HIDDEN];
        let mut chances = [0f32; SEATS];
        let n = self.seats.min(SEATS);
        for (c, view) in chances.iter_mut().zip(views).take(n) {
            *c = self.score(view, &mut h);
        }
        softmax(&mut chances[..n]);
        chances
    }

    /// Every seat's chance of finishing first, from the seats' worths and the seat the
    /// search plays for; `None` when the position does not fit the network.
    pub fn chances(
        &self,
        pos: &Position,
        worth: &[f32],
        danger: &[[f32; PIECES]],
        me: usize,
    ) -> Option<[f32; SEATS]> {
        self.views(pos, worth, danger, Some(me))
            .map(|views| self.chances_of(&views))
    }

    /// One step of gradient descent on the cross-entropy between this network's own
    /// chances for `views` (its partners take no part) and `target` (the chances they
    /// should have had); returns the loss before the step.
    pub fn learn_chances(&mut self, views: &[View; SEATS], target: &[f32; SEATS], lr: f32) -> f32 {
        let mut hidden = [[0f32; MAX_HIDDEN]; SEATS];
        let mut chances = [0f32; SEATS];
        let n = self.seats.min(SEATS);
        for ((c, view), h) in chances.iter_mut().zip(views).zip(&mut hidden).take(n) {
            *c = self.score(view, h);
        }
        softmax(&mut chances[..n]);
        let mut loss = 0.0;
        for s in 0..n {
            if target[s] > 0.0 {
                loss -= target[s] * chances[s].max(1e-9).ln();
            }
            let hn = self.hidden;
            self.learn(&views[s], &hidden[s][..hn], chances[s] - target[s], lr);
        }
        loss
    }
}

/// `Ok` if a size `found` is the `expected` one, else the error naming `field`.
fn agree(field: &'static str, found: usize, expected: usize) -> Result<(), NetShapeError> {
    if found == expected {
        Ok(())
    } else {
        Err(NetShapeError {
            field,
            found,
            expected,
        })
    }
}

/// The softmax of some scores, in place.
pub fn softmax(scores: &mut [f32]) {
    let top = scores.iter().copied().fold(f32::MIN, f32::max);
    let mut sum = 0.0;
    for s in scores.iter_mut() {
        *s = portable::exp(*s - top);
        sum += *s;
    }
    for s in scores.iter_mut() {
        *s /= sum;
    }
}
