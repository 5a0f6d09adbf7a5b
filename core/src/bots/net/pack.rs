//! A network as compact bytes ([`Net::pack`]), the form the built-in networks take in the
//! library, and back ([`Net::unpack`]).

use super::{Net, NetLoadError};

/// The first bytes of a packed network; the format's version follows.
const PACK_MARK: &[u8; 7] = b"LUDONET";

/// How a packed network keeps its input weights, which are nearly all of its bytes; the
/// format version written after the mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precision {
    /// Version 1: every weight a little-endian f32 ([`Net::pack_exact`]).
    Exact = 1,
    /// Version 2: each input's weights in 16 bits, with a power of two for its row
    /// ([`Net::pack`]); the rest as in version 1.
    Bits16 = 2,
    /// Version 3: as version 2 but in 8 bits, half the size, each weight kept to within a
    /// 127th of its row's largest (every built-in network but `classic`'s).
    Bits8 = 3,
}

impl Precision {
    /// The precision a format version stands for.
    fn of_version(version: u8) -> Option<Precision> {
        [Precision::Exact, Precision::Bits16, Precision::Bits8]
            .into_iter()
            .find(|p| *p as u8 == version)
    }

    /// The precision of packed bytes, from their format version; `None` if they do not
    /// start as a packed network does.
    pub fn of_packed(bytes: &[u8]) -> Option<Precision> {
        let version = bytes.strip_prefix(PACK_MARK)?.first()?;
        Precision::of_version(*version)
    }

    /// The largest step count of a quantised input weight; `None` for exact weights.
    fn steps(self) -> Option<f32> {
        match self {
            Precision::Exact => None,
            Precision::Bits16 => Some(i16::MAX as f32),
            Precision::Bits8 => Some(i8::MAX as f32),
        }
    }

    /// The bytes of one input's row of `hidden` weights.
    fn row_bytes(self, hidden: usize) -> usize {
        match self {
            Precision::Exact => hidden.saturating_mul(4),
            Precision::Bits16 => hidden.saturating_mul(2).saturating_add(1),
            Precision::Bits8 => hidden.saturating_add(1),
        }
    }
}

impl Net {
    /// The network as compact bytes, the form the built-in networks take in the library
    /// (version 2, about a sixth of the JSON's size): the mark `LUDONET` and the version;
    /// the seats, 1 if it has danger inputs, the slots and the hidden units (u16), the
    /// preset's length and name; then each input's row of `w1` as one byte `e` and its
    /// weights as little-endian i16 steps of 2^e; then `b1`, `w2`, `v` and `b2` as
    /// little-endian f32, exact. A row's power of two is the smallest that keeps its
    /// largest weight within 32,767 steps, so each weight moves by at most half a step, a
    /// 32,767th of its row's largest, and packing what this unpacks to gives the same
    /// bytes.
    pub fn pack(&self) -> Vec<u8> {
        self.pack_in(Precision::Bits16)
    }

    /// The network as bytes of the given precision: [`Net::pack`] for 16 bits, the same
    /// layout with i8 steps (and at most 127 of them) for 8 bits, [`Net::pack_exact`] for
    /// exact weights. Packing what [`Net::unpack`] gives, in the same precision, gives the
    /// same bytes.
    pub fn pack_in(&self, precision: Precision) -> Vec<u8> {
        let mut out = self.pack_header(precision as u8);
        let Some(q_max) = precision.steps() else {
            out.extend(self.w1.iter().flat_map(|w| w.to_le_bytes()));
            self.pack_tail(&mut out);
            return out;
        };
        let (inputs, hidden) = (
            Net::inputs(self.seats, self.slots, self.threats),
            self.hidden,
        );
        for i in 0..inputs {
            // A network whose `w1` is too short packs short rows, which unpacking refuses.
            let start = i.saturating_mul(hidden);
            let row = self
                .w1
                .get(start..start.saturating_add(hidden))
                .unwrap_or(&[]);
            let e = row_exponent(row, q_max);
            out.push(e as u8);
            let step = power_of_two(e);
            // `as` saturates, so even a weight that is not finite packs to a bounded step.
            for w in row {
                let q = (w / step).round();
                match precision {
                    Precision::Bits8 => out.push(q as i8 as u8),
                    _ => out.extend((q as i16).to_le_bytes()),
                }
            }
        }
        self.pack_tail(&mut out);
        out
    }

    /// The network as bytes that keep every weight exact (version 1, a third of the JSON's
    /// size): the header of [`Net::pack`], then `w1`, `b1`, `w2`, `v` and `b2` as
    /// little-endian f32.
    pub fn pack_exact(&self) -> Vec<u8> {
        self.pack_in(Precision::Exact)
    }

    /// The mark, the version and the shape, as [`Net::pack`] describes them.
    fn pack_header(&self, version: u8) -> Vec<u8> {
        let mut out = PACK_MARK.to_vec();
        out.push(version);
        out.push(self.seats.min(u8::MAX as usize) as u8);
        out.push(u8::from(self.threats));
        out.extend((self.slots.min(u16::MAX as usize) as u16).to_le_bytes());
        out.extend((self.hidden.min(u16::MAX as usize) as u16).to_le_bytes());
        let preset = &self.preset.as_bytes()[..self.preset.len().min(u8::MAX as usize)];
        out.push(preset.len() as u8);
        out.extend(preset);
        out
    }

    /// `b1`, `w2`, `v` and `b2` as little-endian f32.
    fn pack_tail(&self, out: &mut Vec<u8>) {
        let rest = self.b1.iter().chain(&self.w2).chain([&self.v, &self.b2]);
        out.extend(rest.flat_map(|w| w.to_le_bytes()));
    }

    /// A network from the bytes [`Net::pack_in`] writes, in any of its precisions, its
    /// shape checked.
    pub fn unpack(bytes: &[u8]) -> Result<Net, NetLoadError> {
        let bad = |what: String| NetLoadError::Packed(what);
        let rest = bytes
            .strip_prefix(PACK_MARK)
            .ok_or_else(|| bad("it does not start with the packed network's mark".into()))?;
        let [version, seats, threats, s0, s1, h0, h1, len, rest @ ..] = rest else {
            return Err(bad(format!("the header stops at byte {}", bytes.len())));
        };
        let Some(precision) = Precision::of_version(*version) else {
            return Err(bad(format!(
                "format version {version} is not one this library reads (1 to 3)"
            )));
        };
        let len = *len as usize;
        let (preset, weights) = (rest.get(..len), rest.get(len..));
        let (Some(preset), Some(weights)) = (preset, weights) else {
            return Err(bad(format!(
                "the preset name stops at byte {}",
                bytes.len()
            )));
        };
        let preset =
            std::str::from_utf8(preset).map_err(|_| bad("the preset name is not UTF-8".into()))?;
        let (slots, hidden) = (
            u16::from_le_bytes([*s0, *s1]) as usize,
            u16::from_le_bytes([*h0, *h1]) as usize,
        );
        let threats = *threats != 0;
        let inputs = Net::inputs(*seats as usize, slots, threats);
        let row_bytes = precision.row_bytes(hidden);
        let tail_bytes = hidden.saturating_mul(2).saturating_add(2).saturating_mul(4);
        let expected = inputs.saturating_mul(row_bytes).saturating_add(tail_bytes);
        if weights.len() != expected {
            return Err(bad(format!(
                "the weights take {} bytes, expected {expected} for {hidden} hidden units of \
                 {inputs} inputs (format version {version})",
                weights.len()
            )));
        }
        let (rows, tail) = weights.split_at(inputs.saturating_mul(row_bytes));
        let mut w1 = Vec::with_capacity(inputs.saturating_mul(hidden));
        if precision == Precision::Exact {
            w1.extend(rows.chunks_exact(4).map(f32_at));
        } else {
            for (i, row) in rows.chunks_exact(row_bytes).enumerate() {
                let e = row[0] as i8;
                if !(-126..=127).contains(&e) {
                    return Err(bad(format!("input {i}'s scale 2^{e} is out of range")));
                }
                let step = power_of_two(e);
                if precision == Precision::Bits8 {
                    w1.extend(row[1..].iter().map(|&q| f32::from(q as i8) * step));
                } else {
                    let steps = row[1..].chunks_exact(2);
                    w1.extend(steps.map(|c| f32::from(i16::from_le_bytes([c[0], c[1]])) * step));
                }
            }
        }
        let mut values = tail.chunks_exact(4).map(f32_at);
        let mut take = |n: usize| values.by_ref().take(n).collect::<Vec<f32>>();
        let (b1, w2) = (take(hidden), take(hidden));
        let (Some(v), Some(b2)) = (values.next(), values.next()) else {
            return Err(bad("the last two weights are missing".into()));
        };
        let net = Net {
            slots,
            hidden,
            w1,
            b1,
            w2,
            v,
            b2,
            threats,
            seats: *seats as usize,
            preset: preset.into(),
            partners: Vec::new(),
        };
        net.check()?;
        Ok(net)
    }
}

/// A little-endian f32 from four bytes.
fn f32_at(bytes: &[u8]) -> f32 {
    f32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
}

/// 2^e, for e from -126 to 127 (the normal range of f32).
fn power_of_two(e: i8) -> f32 {
    f32::from_bits(((i32::from(e) + 127).clamp(1, 254) as u32) << 23)
}

/// The smallest e (from -126 to 127) for which the largest magnitude in `row` is at most
/// `q_max` × 2^e.
fn row_exponent(row: &[f32], q_max: f32) -> i8 {
    let largest = row.iter().fold(0f32, |a, w| a.max(w.abs()));
    let least_step = (largest / q_max).max(f32::MIN_POSITIVE);
    if !least_step.is_finite() {
        return 127;
    }
    let bits = least_step.to_bits();
    let e = ((bits >> 23) & 0xff) as i32 - 127 + i32::from(bits & 0x7f_ffff != 0);
    e.min(127) as i8
}
