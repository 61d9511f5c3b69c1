//! Match statistics: the score, the Elo difference it implies, and a 95% error margin.
//!
//! With `W` wins, `D` draws and `L` losses in `N` games, the score is `S = (W + D/2) / N` and
//! the Elo difference `E = -400 log10(1/S - 1)` (the logistic model: a player 100 Elo stronger
//! scores about 64%). The margin comes from the spread of the per-game scores (1, 1/2, 0): the
//! standard error of the mean score is `sqrt(var / N)`, and 1.96 of it either side of `S` is a
//! 95% interval of the score, turned into Elo through the slope of the curve at `S`
//! (`400 / (ln 10 * S * (1 - S))` Elo per unit of score), so the margin stays finite near the
//! ends where the interval of the score would pass 0 or 1. A score of 0 or 1 has no finite Elo;
//! it is reported as if one decisive game had been a draw, which gives a bound, and flagged.

use serde::Serialize;

/// The 97.5% quantile of the normal distribution: a 95% two-sided interval.
pub const Z95: f64 = 1.959_963_985;

/// Wins, losses and draws from one player's point of view, with what they imply.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct EloEstimate {
    /// The score, 0 to 1.
    pub score: f64,
    /// The Elo difference.
    pub elo: f64,
    /// Half the width of the 95% interval of the Elo difference.
    pub elo_error: f64,
    /// Whether the score was 0 or 1 and the figures are the bound described above.
    pub bound: bool,
}

/// The Elo difference of a score strictly between 0 and 1.
#[must_use]
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The score expected against a player `elo` points weaker.
#[must_use]
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The per-game scores of a match (1 a win, 1/2 a draw, 0 a loss), as the estimate and the
/// SPRT read them: their number, mean and variance, with a score of 0 or 1 taken as if one
/// decisive game had been a draw (`bound`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Moments {
    /// Games.
    pub(crate) games: f64,
    /// The mean score, of the counts as taken.
    pub(crate) mean: f64,
    /// The variance of a game's score about that mean.
    pub(crate) variance: f64,
    /// Whether the score was 0 or 1 and one game was counted as a draw.
    pub(crate) bound: bool,
}

impl Moments {
    /// The moments of `wins`, `losses` and `draws`; `None` with no games.
    pub(crate) fn of(wins: u64, losses: u64, draws: u64) -> Option<Moments> {
        let n = wins + losses + draws;
        if n == 0 {
            return None;
        }
        // A perfect (or nil) score: count one decisive game as a draw.
        let (w, l, d, bound) = if losses == 0 && draws == 0 {
            (wins - 1, 0, 1, true)
        } else if wins == 0 && draws == 0 {
            (0, losses - 1, 1, true)
        } else {
            (wins, losses, draws, false)
        };
        let (w, l, d, nf) = (w as f64, l as f64, d as f64, n as f64);
        let s = (w + d / 2.0) / nf;
        let variance = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / nf;
        Some(Moments {
            games: nf,
            mean: s,
            variance,
            bound,
        })
    }
}

/// The estimate from `wins`, `losses` and `draws`; `None` with no games.
#[must_use]
pub fn estimate(wins: u64, losses: u64, draws: u64) -> Option<EloEstimate> {
    let m = Moments::of(wins, losses, draws)?;
    let score = (wins as f64 + draws as f64 / 2.0) / m.games;
    let se = (m.variance / m.games).sqrt();
    let slope = 400.0 / (std::f64::consts::LN_10 * m.mean * (1.0 - m.mean));
    Some(EloEstimate {
        score,
        elo: elo_of_score(m.mean),
        elo_error: Z95 * se * slope,
        bound: m.bound,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_scores_are_zero_elo() {
        let e = estimate(10, 10, 5).unwrap();
        assert!((e.score - 0.5).abs() < 1e-12);
        assert!(e.elo.abs() < 1e-9);
        // 25 games, per-game standard deviation about 0.45: +-0.175 of score, +-122 Elo.
        assert!((e.elo_error - 121.8).abs() < 0.5, "{}", e.elo_error);
        assert!(!e.bound);
    }

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-400.0, -100.0, 0.0, 50.0, 191.0, 800.0] {
            assert!((elo_of_score(score_of_elo(elo)) - elo).abs() < 1e-6);
        }
        assert!((score_of_elo(100.0) - 0.64).abs() < 0.001);
        let e = estimate(75, 25, 0).unwrap();
        assert!((e.elo - 190.85).abs() < 0.01, "{}", e.elo);
        // A lopsided score keeps a finite, sensible margin: 29 wins, 3 losses.
        let e = estimate(29, 3, 0).unwrap();
        assert!(
            (e.elo - 394.0).abs() < 1.0 && (e.elo_error - 206.0).abs() < 2.0,
            "{e:?}"
        );
    }

    #[test]
    fn a_perfect_score_is_a_flagged_bound() {
        let e = estimate(20, 0, 0).unwrap();
        assert_eq!(e.score, 1.0);
        assert!(e.bound && e.elo.is_finite() && e.elo > 400.0);
        assert!(e.elo_error.is_finite() && e.elo_error > 0.0);
        let e = estimate(0, 8, 0).unwrap();
        assert!(e.bound && e.elo < -300.0);
        assert!(estimate(0, 0, 0).is_none());
        // More games, narrower margin.
        assert!(estimate(40, 40, 20).unwrap().elo_error < estimate(4, 4, 2).unwrap().elo_error);
    }
}
