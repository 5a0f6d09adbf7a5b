//! Maths that gives the same bits on every platform.
//!
//! `f32::exp` comes from the platform's maths library, and libraries differ in the last
//! bit. A bot that compared two moves whose values differed only there could then choose
//! differently on a phone and on a laptop, and the same seed would no longer give the same
//! game everywhere. [`exp`] uses only IEEE 754 additions, multiplications and an exact
//! rounding, which every platform does alike (Rust does not fuse them).

/// 1 / ln 2.
const LOG2_E: f32 = std::f32::consts::LOG2_E;
/// ln 2 split in two, so that `k · ln 2` is subtracted without losing bits: the high part
/// has few enough significant bits that `k · LN2_HI` is exact for every `k` used here.
const LN2_HI: f32 = 0.693_359_4;
const LN2_LO: f32 = -2.121_944_4e-4;
/// Above this, e^x is more than the largest `f32`.
const MAX_ARG: f32 = 88.722_84;
/// Below this, e^x is less than half the smallest subnormal `f32`.
const MIN_ARG: f32 = -103.972_08;

/// e^x in `f32`, within one unit in the last place of the exact value, with the
/// same result on every platform. Overflows to infinity, underflows to zero, and gives NaN
/// for NaN.
pub fn exp(x: f32) -> f32 {
    if x.is_nan() {
        return x;
    }
    if x > MAX_ARG {
        return f32::INFINITY;
    }
    if x < MIN_ARG {
        return 0.0;
    }
    // x = k ln 2 + r with |r| ≤ ln 2 / 2, so e^x = 2^k e^r.
    let k = (x * LOG2_E).round();
    let r = (x - k * LN2_HI) - k * LN2_LO;
    // e^r by its Taylor series, with the coefficients adjusted for the interval
    // (the minimax fit of the Cephes library's `expf`).
    let mut p = 1.987_569_1e-4_f32;
    p = p * r + 1.398_199_9e-3;
    p = p * r + 8.333_452e-3;
    p = p * r + 4.166_579_6e-2;
    p = p * r + 1.666_666_5e-1;
    p = p * r + 0.5;
    let e_r = p * r * r + r + 1.0;
    // 2^k in two factors, so that neither overflows nor goes subnormal on its own:
    // k is between -150 and 128.
    let k = k as i32;
    let half = k / 2;
    e_r * pow2(half) * pow2(k - half)
}

/// 2^n for n from -126 to 127, exactly.
fn pow2(n: i32) -> f32 {
    f32::from_bits(((n + 127) as u32) << 23)
}

#[cfg(test)]
mod tests {
    use super::exp;

    #[test]
    fn exp_is_within_one_unit_in_the_last_place_of_the_exact_value() {
        let mut worst = 0.0f64;
        let mut x = -103.0f32;
        while x < 88.7 {
            let exact = (x as f64).exp();
            let got = exp(x) as f64;
            // One unit in the last place of the exact value, as an f32 (subnormals have
            // a fixed one).
            let ulp = (exact as f32).abs().max(f32::MIN_POSITIVE) as f64 * f32::EPSILON as f64;
            worst = worst.max((got - exact).abs() / ulp);
            x += 0.003_1;
        }
        assert!(worst <= 1.0, "worst error {worst} units in the last place");
    }

    #[test]
    fn exp_has_the_right_values_at_the_edges() {
        assert_eq!(exp(0.0), 1.0);
        assert_eq!(exp(1.0), std::f32::consts::E);
        assert_eq!(exp(-0.0), 1.0);
        assert_eq!(exp(100.0), f32::INFINITY);
        assert_eq!(exp(f32::INFINITY), f32::INFINITY);
        assert_eq!(exp(-200.0), 0.0);
        assert_eq!(exp(f32::NEG_INFINITY), 0.0);
        assert!(exp(f32::NAN).is_nan());
        assert!(exp(88.7).is_finite() && exp(88.7) > 3.0e38);
        assert!(exp(-103.0) > 0.0, "subnormal results are kept");
        // Monotonic over a fine sweep.
        let mut last = 0.0;
        let mut x = -30.0f32;
        while x < 30.0 {
            let y = exp(x);
            assert!(y >= last, "exp({x}) = {y} < {last}");
            last = y;
            x += 0.000_7;
        }
    }

    /// These bits (the exact values rounded to `f32`) are what every platform must give; a
    /// platform whose `f32` arithmetic were not IEEE 754, or a change to the formula, would
    /// fail here.
    #[test]
    fn exp_gives_these_bits() {
        let cases: [(f32, u32); 6] = [
            (0.5, 0x3fd3_094c),
            (-1.25, 0x3e92_b0c2),
            (3.7, 0x4221_ca0b),
            (-17.3, 0x3303_b967),
            (42.0, 0x5dc1_192b),
            (-90.0, 0x0008_ec28),
        ];
        for (x, bits) in cases {
            assert_eq!(exp(x).to_bits(), bits, "exp({x}) = {}", exp(x));
        }
    }
}
