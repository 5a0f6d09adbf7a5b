//! Dice anyone can check (docs/dice.md): recompute every roll of a saved game or a replay
//! code from its revealed seed, compare with its commitment and with the rolls the save
//! recorded, and count each seat's faces with a chi-square test.

use crate::colour::Colour;
use crate::dice::{Die, Seed};
use crate::replay;
use crate::save::{self, Checksum, SaveError, compare_rolls};
use crate::session::Session;

/// At most this many problems are listed; the rest are counted.
pub const MAX_LISTED: usize = 50;

/// What checking a game's dice found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyReport {
    /// SHA-256 of the seed, as hex.
    pub commitment: String,
    /// The commitment the game published (from the save, or given for a code).
    pub published: Option<String>,
    /// The seed, as hex.
    pub seed: String,
    /// Recorded rolls compared with the seed's (0 for replay codes, which record none).
    pub rolls_compared: usize,
    /// Rolls recomputed by replaying the game from the seed.
    pub rolls_replayed: usize,
    /// Every seat's rolls as the seed gives them, the roll-off first.
    pub seat_rolls: Vec<Vec<u8>>,
    /// Whether the game is over (before that, the seed would normally still be secret).
    /// Known only when the game could be replayed ([`VerifyReport::replayed`]).
    pub over: bool,
    /// Whether the game could be replayed from the seed and the choices; when not, the
    /// problem that stopped it is listed first, and `rolls_replayed`, `seat_rolls` and `over`
    /// say nothing.
    pub replayed: bool,
    /// What does not match, first ones first.
    pub problems: Vec<SaveError>,
    /// Problems beyond [`MAX_LISTED`], counted only.
    pub more_problems: usize,
}

impl VerifyReport {
    /// The report on `seed` before anything has been compared: its commitment worked out,
    /// the one the game published beside it, no rolls and no problems yet.
    fn empty(seed: &Seed, published: Option<String>) -> VerifyReport {
        VerifyReport {
            commitment: seed.commitment(),
            published,
            seed: seed.to_hex(),
            rolls_compared: 0,
            rolls_replayed: 0,
            seat_rolls: Vec::new(),
            over: false,
            replayed: false,
            problems: Vec::new(),
            more_problems: 0,
        }
    }

    /// Whether everything matched.
    pub fn is_valid(&self) -> bool {
        self.problems.is_empty()
    }

    fn problem(&mut self, e: SaveError) {
        if self.problems.len() < MAX_LISTED {
            self.problems.push(e);
        } else {
            self.more_problems += 1;
        }
    }
}

/// A commitment as a person noted it, in the form the reports compare: spaces anywhere (hex
/// written in groups) and case do not count.
pub fn normalize_commitment(noted: &str) -> String {
    noted
        .split_whitespace()
        .collect::<String>()
        .to_ascii_lowercase()
}

/// A commitment as a person noted it, if it is one: 64 hex digits once spaces and case are
/// set aside ([`normalize_commitment`]). A typo gives `None`, to be refused as such rather
/// than reported as another game's commitment.
pub fn parse_commitment(noted: &str) -> Option<String> {
    let hex = normalize_commitment(noted);
    (hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_hexdigit())).then_some(hex)
}

/// Checks a save file: the seed against its commitment, every recorded roll against the
/// seed (each seat's die on its own, so this does not depend on the log), the log by
/// replaying it, and the checksum. Fails only when the file cannot be read as a save.
pub fn verify_save(bytes: &[u8]) -> Result<VerifyReport, SaveError> {
    let doc = save::parse(bytes)?;
    let seed = doc.setup.seed;
    let mut report = VerifyReport::empty(&seed, Some(doc.commitment.clone()));
    let total = doc
        .rolls
        .as_ref()
        .map(|r| r.iter().map(Vec::len).sum::<usize>());
    // Replayed first, so that a replay that fails is the first problem listed (the report
    // points there for why), before the rolls it throws out.
    let replay = Session::replay(doc.setup.clone(), &doc.choices, total);
    if let Err(e) = &replay {
        report.problem(save::in_file_terms(doc.schema, SaveError::from(e.clone())));
    }
    if report.commitment != doc.commitment {
        report.problem(SaveError::CommitmentMismatch {
            commitment: doc.commitment.clone(),
            computed: report.commitment.clone(),
        });
    }
    if let Checksum::Invalid { recorded, computed } = &doc.checksum {
        report.problem(SaveError::ChecksumMismatch {
            recorded: recorded.clone(),
            computed: computed.clone(),
        });
    }
    if let Some(recorded) = &doc.rolls {
        for (seat, values) in recorded.iter().enumerate() {
            let mut die = Die::new(&seed, seat);
            for (index, &value) in values.iter().enumerate() {
                let computed = die.roll();
                report.rolls_compared += 1;
                if computed != value {
                    report.problem(SaveError::RollMismatch {
                        seat: seat as u8,
                        index,
                        recorded: Some(value),
                        computed: Some(computed),
                    });
                }
            }
        }
    }
    if let Ok(session) = replay {
        // Values were compared above; what is left is whether each seat rolled as often
        // as the file says.
        if let Some(recorded) = &doc.rolls
            && let Err(e @ SaveError::RollMismatch { .. }) = compare_rolls(&session, recorded)
            && matches!(
                e,
                SaveError::RollMismatch { recorded: None, .. }
                    | SaveError::RollMismatch { computed: None, .. }
            )
        {
            report.problem(e);
        }
        fill_from_session(&mut report, &session);
    }
    Ok(report)
}

/// Checks a replay code: it replays against its seed, and the seed's SHA-256 is
/// `published` (the commitment shown when the game began), if given.
pub fn verify_code(code: &str, published: Option<&str>) -> Result<VerifyReport, SaveError> {
    verify_code_game(code, published).map(|(report, _)| report)
}

/// [`verify_code`], with the game the code replays to, for a report that names its seats
/// or counts their dice ([`dice_stats`]) without decoding the code again.
pub fn verify_code_game(
    code: &str,
    published: Option<&str>,
) -> Result<(VerifyReport, Session), SaveError> {
    let session = replay::decode(code)?;
    let seed = session.setup().seed;
    let published = published.map(normalize_commitment);
    let mut report = VerifyReport::empty(&seed, published);
    if let Some(p) = report.published.clone()
        && p != report.commitment
    {
        report.problem(SaveError::CommitmentMismatch {
            commitment: p,
            computed: report.commitment.clone(),
        });
    }
    fill_from_session(&mut report, &session);
    Ok((report, session))
}

fn fill_from_session(report: &mut VerifyReport, session: &Session) {
    report.replayed = true;
    report.rolls_replayed = session.rolls().len();
    report.over = session.is_over();
    report.seat_rolls = (0..session.seats().len())
        .map(|seat| {
            session
                .rolls()
                .iter()
                .filter(|r| r.seat as usize == seat)
                .map(|r| r.value)
                .collect()
        })
        .collect();
}

/// One seat's dice: how often each face came up and how likely so uneven a spread is.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatDice {
    /// The seat's name.
    pub name: String,
    /// Its colour.
    pub colour: Colour,
    /// How often each face came up, 1 to 6.
    pub counts: [u64; 6],
    /// Rolls in all (the roll-off included).
    pub rolls: u64,
    /// Pearson's chi-square statistic against a fair die.
    pub chi_square: f64,
    /// The chance of a spread at least this uneven from a fair die (5 degrees of
    /// freedom); `None` with no rolls.
    pub p_value: Option<f64>,
}

/// Each seat's dice counts with a chi-square p-value, the roll-off included.
pub fn dice_stats(session: &Session) -> Vec<SeatDice> {
    session
        .seats()
        .iter()
        .enumerate()
        .map(|(seat, s)| {
            let mut counts = [0u64; 6];
            for r in session.rolls().iter().filter(|r| r.seat as usize == seat) {
                if let Some(c) = counts.get_mut(r.value as usize - 1) {
                    *c += 1;
                }
            }
            let (chi_square, p_value) = fairness(&counts);
            SeatDice {
                name: s.name.clone(),
                colour: session.colour(seat),
                counts,
                rolls: counts.iter().sum(),
                chi_square,
                p_value,
            }
        })
        .collect()
}

/// Pearson's chi-square of six face counts against a fair die, and its p-value.
pub fn fairness(counts: &[u64; 6]) -> (f64, Option<f64>) {
    let n: u64 = counts.iter().sum();
    if n == 0 {
        return (0.0, None);
    }
    let expected = n as f64 / 6.0;
    let x: f64 = counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum();
    (x, Some(chi_square_sf5(x)))
}

/// The survival function of the chi-square distribution with 5 degrees of freedom:
/// P(X ≥ x). For an odd number of degrees of freedom it has a closed form,
/// `erfc(√(x/2)) + √(2x/π)·e^(−x/2)·(1 + x/3)` for 5.
pub fn chi_square_sf5(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    if x <= 0.0 {
        return 1.0;
    }
    let tail = (2.0 * x / std::f64::consts::PI).sqrt() * (-x / 2.0).exp() * (1.0 + x / 3.0);
    (erfc((x / 2.0).sqrt()) + tail).clamp(0.0, 1.0)
}

/// The complementary error function, to a relative error below 1.2e-7 everywhere
/// (the Chebyshev fit of Numerical Recipes, `erfcc`).
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chi_square_p_values_match_the_tables() {
        // Critical values of chi-square with 5 degrees of freedom.
        for (x, p) in [
            (11.0705, 0.05),
            (15.0863, 0.01),
            (20.5150, 0.001),
            (4.35146, 0.5),
        ] {
            let got = chi_square_sf5(x);
            assert!((got - p).abs() < 1e-4 * p, "sf5({x}) = {got}, want {p}");
        }
        assert_eq!(chi_square_sf5(0.0), 1.0);
        assert!(chi_square_sf5(200.0) < 1e-30);
    }

    #[test]
    fn erfc_matches_known_values() {
        for (x, want) in [
            (0.0, 1.0),
            (0.5, 0.479_500_122),
            (1.0, 0.157_299_207),
            (2.0, 0.004_677_735),
        ] {
            assert!(
                (erfc(x) - want).abs() < 1e-7 * want.max(1e-3) * 10.0,
                "erfc({x})"
            );
        }
        assert!((erfc(-1.0) - 1.842_700_793).abs() < 1e-6);
    }

    #[test]
    fn a_lopsided_die_gets_a_tiny_p_value() {
        let (x, p) = fairness(&[100, 100, 100, 100, 100, 100]);
        assert_eq!((x, p), (0.0, Some(1.0)));
        let (_, p) = fairness(&[60, 60, 60, 60, 60, 300]);
        assert!(p.expect("p") < 1e-10);
        assert_eq!(fairness(&[0; 6]).1, None);
        // 200 rolls, 33⅓ expected of each face: (70² + 40² + 10² + 20² + 50² + 50²) / 9 / 33⅓.
        let (x, p) = fairness(&[10, 20, 30, 40, 50, 50]);
        assert!((x - 40.0).abs() < 1e-9, "{x}");
        assert_eq!(p, Some(chi_square_sf5(x)));
    }
}
