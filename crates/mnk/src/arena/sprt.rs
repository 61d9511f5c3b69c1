//! The sequential probability ratio test of a match (`--sprt elo0,elo1`): does A stand `elo1`
//! or more above B (H1), or `elo0` or less (H0)? Engine authors run it to accept a change
//! after as few games as the evidence needs.
//!
//! The log-likelihood ratio is the usual normal approximation for results of 1, 1/2 and 0
//! (the "GSPRT" of fishtest and cutechess): with `N` games of mean score `m` and per-game
//! variance `v` ([`super::elo`]'s, a score of 0 or 1 taken as there), and the scores `s0`,
//! `s1` the logistic model expects at `elo0` and `elo1`,
//!
//! `LLR = N (s1 - s0) (2m - s0 - s1) / (2v)`.
//!
//! The test accepts H1 when `LLR >= ln((1 - beta) / alpha)`, H0 when `LLR <= ln(beta / (1 -
//! alpha))`, and asks for more games between the two. Both error rates are 5% ([`ALPHA`],
//! [`BETA`]), as in most engine testing. Until a game is decided (every game a draw) the spread
//! is unknown and the ratio is 0.

use super::elo::{Moments, score_of_elo};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// The chance of accepting H1 when H0 holds.
pub const ALPHA: f64 = 0.05;
/// The chance of accepting H0 when H1 holds.
pub const BETA: f64 = 0.05;

/// The two hypotheses, in Elo of A over B.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    /// H0: A is at most this much stronger.
    pub elo0: f64,
    /// H1: A is at least this much stronger (above `elo0`).
    pub elo1: f64,
}

/// What the test says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Verdict {
    /// H1 accepted: A is `elo1` or more stronger.
    H1,
    /// H0 accepted: A is `elo0` or less stronger.
    H0,
    /// Neither yet: play more games.
    #[serde(rename = "continue")]
    Continue,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::H1 => "H1 accepted",
            Verdict::H0 => "H0 accepted",
            Verdict::Continue => "continue (neither bound reached)",
        })
    }
}

/// The test on a match's results.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SprtReport {
    /// H0's Elo.
    pub elo0: f64,
    /// H1's Elo.
    pub elo1: f64,
    /// [`ALPHA`].
    pub alpha: f64,
    /// [`BETA`].
    pub beta: f64,
    /// The log-likelihood ratio of H1 against H0.
    pub llr: f64,
    /// The ratio at or below which H0 is accepted.
    pub lower: f64,
    /// The ratio at or above which H1 is accepted.
    pub upper: f64,
    /// The verdict.
    pub verdict: Verdict,
}

impl Sprt {
    /// The test of A's `wins`, `losses` and `draws`.
    #[must_use]
    pub fn test(&self, wins: u64, losses: u64, draws: u64) -> SprtReport {
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        let llr = match Moments::of(wins, losses, draws) {
            Some(m) if m.variance > 0.0 => {
                m.games * (s1 - s0) * (2.0 * m.mean - s0 - s1) / (2.0 * m.variance)
            }
            _ => 0.0,
        };
        let lower = (BETA / (1.0 - ALPHA)).ln();
        let upper = ((1.0 - BETA) / ALPHA).ln();
        let verdict = if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        };
        SprtReport {
            elo0: self.elo0,
            elo1: self.elo1,
            alpha: ALPHA,
            beta: BETA,
            llr,
            lower,
            upper,
            verdict,
        }
    }
}

impl FromStr for Sprt {
    type Err = String;

    /// `ELO0,ELO1`, as `0,5`: H0's Elo, then H1's, above it.
    fn from_str(text: &str) -> Result<Self, String> {
        let bad = || {
            format!(
                "{text:?} is not two Elo differences ELO0,ELO1 with ELO0 below ELO1 (as 0,5 or \
                 -2,3)"
            )
        };
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let elo0: f64 = a.trim().parse().map_err(|_| bad())?;
        let elo1: f64 = b.trim().parse().map_err(|_| bad())?;
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(bad());
        }
        Ok(Sprt { elo0, elo1 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Known counts, the ratio worked by hand: 600-400-0 against H0 0, H1 10: m = 0.6, v =
    /// 0.24, s1 = 0.514387, LLR = 1000 x 0.014387 x 0.185613 / 0.48 = 5.563.
    #[test]
    fn verdicts_on_known_counts() {
        let sprt: Sprt = "0,10".parse().unwrap();
        let r = sprt.test(600, 400, 0);
        assert!((r.llr - 5.563).abs() < 0.002, "{}", r.llr);
        assert_eq!(r.verdict, Verdict::H1);
        assert!((r.upper - 2.944).abs() < 0.001 && (r.lower + 2.944).abs() < 0.001);
        // Even: 5000-5000: LLR = 10000 x 0.014387 x (-0.014387) / 0.5 = -4.140: H0.
        let r = sprt.test(5000, 5000, 0);
        assert!((r.llr + 4.140).abs() < 0.002, "{}", r.llr);
        assert_eq!(r.verdict, Verdict::H0);
        // 300-300-400: v = 0.15, LLR = 1000 x 0.014387 x (-0.014387) / 0.3 = -0.690: go on.
        let r = sprt.test(300, 300, 400);
        assert!((r.llr + 0.690).abs() < 0.002, "{}", r.llr);
        assert_eq!(r.verdict, Verdict::Continue);
        // No decided game: no spread, no verdict.
        assert_eq!(sprt.test(0, 0, 50).verdict, Verdict::Continue);
        assert_eq!(sprt.test(0, 0, 0).llr, 0.0);
        // Every game won: counted as one draw, as the estimate does; 30 wins is enough.
        assert_eq!(sprt.test(30, 0, 0).verdict, Verdict::H1);
    }

    #[test]
    fn hypotheses_are_read_and_checked() {
        assert_eq!(
            "-2.5, 3".parse::<Sprt>(),
            Ok(Sprt {
                elo0: -2.5,
                elo1: 3.0
            })
        );
        for bad in ["5", "5,0", "0,0", "a,b", "0,inf", ""] {
            let e = bad.parse::<Sprt>().unwrap_err();
            assert!(e.contains("ELO0,ELO1"), "{bad}: {e}");
        }
    }
}
