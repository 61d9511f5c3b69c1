//! The rules of one m,n,k-game: board size, `k`, and the win rule.

use super::geometry::{MAX_SIDE, Size};
use super::side::Side;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// When does a row of stones win?
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rule {
    /// `k` or more in a row wins (the default).
    #[default]
    Freestyle,
    /// Exactly `k` in a row wins; an overline (`k + 1` or more) does not.
    Exact,
    /// Renju (played with `k = 5`): X, who moves first (black), wins only with exactly five and
    /// may not make an overline, a double four or a double three ([`super::renju`]); O (white)
    /// wins with five or more and may play anywhere.
    Renju,
}

impl Rule {
    /// Whether a run of `len` stones of `side` wins under this rule with the given `k`.
    #[must_use]
    pub const fn wins(self, side: Side, len: usize, k: usize) -> bool {
        match (self, side) {
            (Rule::Freestyle, _) | (Rule::Renju, Side::O) => len >= k,
            (Rule::Exact, _) | (Rule::Renju, Side::X) => len == k,
        }
    }

    /// Whether `side` wins with exactly `k` only (an overline does not win for it).
    #[must_use]
    pub const fn exact_for(self, side: Side) -> bool {
        matches!((self, side), (Rule::Exact, _) | (Rule::Renju, Side::X))
    }

    /// Whether some moves are forbidden to a side (renju's for X).
    #[must_use]
    pub const fn has_forbidden_moves(self) -> bool {
        matches!(self, Rule::Renju)
    }

    /// Whether some moves are forbidden to `side`: renju's black (X). White (O) may play, and
    /// block on, every empty cell, black's forbidden points too.
    #[must_use]
    pub const fn forbids(self, side: Side) -> bool {
        matches!((self, side), (Rule::Renju, Side::X))
    }

    /// The rule's name as written on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Exact => "exact",
            Rule::Renju => "renju",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rule name that is not `freestyle` or `exact`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "unknown rule '{0}': expected 'freestyle' (k or more in a row wins), 'exact' (exactly k) or 'renju' (five; X must make exactly five and may not make an overline, a double four or a double three)"
)]
pub struct RuleError(pub String);

impl FromStr for Rule {
    type Err = RuleError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "freestyle" | "free" => Ok(Rule::Freestyle),
            "exact" | "standard" => Ok(Rule::Exact),
            "renju" => Ok(Rule::Renju),
            _ => Err(RuleError(crate::text::shown(s))),
        }
    }
}

/// Why a game description was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VariantError {
    /// A side outside `1..=26`.
    #[error("board side {0} is out of range: each side must be 1 to {MAX_SIDE}")]
    SideOutOfRange(u32),
    /// `k` outside `1..=max(width, height)`.
    #[error("k = {k} does not fit a {size} board: k must be 1 to {max}", max = size.width.max(size.height))]
    KOutOfRange {
        /// The requested k.
        k: u32,
        /// The board.
        size: Size,
    },
    /// Renju with a `k` other than five.
    #[error(
        "the renju rule is played with k = 5, not k = {0}: its forbidden moves are defined for five in a row"
    )]
    RenjuK(u32),
    /// Text that is not a board size.
    #[error(
        "cannot read board size '{0}': write one number for a square board (15) or WIDTHxHEIGHT (7x6)"
    )]
    SizeSyntax(String),
}

/// A checked m,n,k-game description: the board size, `k` and the rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Variant {
    size: Size,
    k: u8,
    rule: Rule,
}

impl Variant {
    /// Checks and builds a variant.
    ///
    /// # Errors
    /// [`VariantError`] when a side is outside `1..=26`, `k` outside `1..=max(width, height)`,
    /// or the rule is renju and `k` is not 5.
    ///
    /// # Examples
    /// ```
    /// use mnk::game::{Rule, Size, Variant};
    /// let gomoku = Variant::new(Size::square(15), 5, Rule::Exact).unwrap();
    /// assert_eq!(gomoku.k(), 5);
    /// assert!(Variant::new(Size::square(3), 4, Rule::Freestyle).is_err());
    /// ```
    pub fn new(size: Size, k: u32, rule: Rule) -> Result<Self, VariantError> {
        for side in [size.width, size.height] {
            if side == 0 || side > MAX_SIDE {
                return Err(VariantError::SideOutOfRange(u32::from(side)));
            }
        }
        if k == 0 || k > u32::from(size.width.max(size.height)) {
            return Err(VariantError::KOutOfRange { k, size });
        }
        if rule == Rule::Renju && k != 5 {
            return Err(VariantError::RenjuK(k));
        }
        Ok(Variant {
            size,
            k: k as u8,
            rule,
        })
    }

    /// The variant of what was given, the rest by default: a board of `unstated` (renju's 15x15
    /// under renju) and `k` = [`Variant::default_k`] (5 under renju); the rule freestyle.
    ///
    /// # Errors
    /// As [`Variant::new`].
    ///
    /// ```
    /// use mnk::game::{Rule, Size, Variant};
    /// let renju = Variant::with_defaults(None, None, Some(Rule::Renju), Size::square(3)).unwrap();
    /// assert_eq!((renju.size(), renju.k()), (Size::square(15), 5));
    /// let ttt = Variant::with_defaults(None, None, None, Size::square(3)).unwrap();
    /// assert_eq!(ttt, Variant::tic_tac_toe());
    /// ```
    pub fn with_defaults(
        size: Option<Size>,
        k: Option<u32>,
        rule: Option<Rule>,
        unstated: Size,
    ) -> Result<Self, VariantError> {
        let rule = rule.unwrap_or_default();
        let renju = rule == Rule::Renju;
        let size = size.unwrap_or(if renju { Size::square(15) } else { unstated });
        let k = k.unwrap_or_else(|| if renju { 5 } else { Variant::default_k(size) });
        Variant::new(size, k, rule)
    }

    /// Tic-tac-toe: 3x3, three in a row.
    #[must_use]
    pub fn tic_tac_toe() -> Self {
        Variant {
            size: Size::square(3),
            k: 3,
            rule: Rule::Freestyle,
        }
    }

    /// The `k` a board gets when none is given: `min(width, height, 5)`.
    #[must_use]
    pub fn default_k(size: Size) -> u32 {
        u32::from(size.width.min(size.height).min(5))
    }

    /// The board size.
    #[must_use]
    pub const fn size(&self) -> Size {
        self.size
    }

    /// Stones in a row needed to win.
    #[must_use]
    pub const fn k(&self) -> usize {
        self.k as usize
    }

    /// The win rule.
    #[must_use]
    pub const fn rule(&self) -> Rule {
        self.rule
    }

    /// The game in a few words, for narrow places: `5 in a row`, `exactly 5 in a row`, `renju`.
    #[must_use]
    pub fn short_phrase(&self) -> String {
        match self.rule {
            Rule::Freestyle => format!("{} in a row", self.k),
            Rule::Exact => format!("exactly {} in a row", self.k),
            Rule::Renju => "renju".to_string(),
        }
    }

    /// What wins, in words: `5 in a row wins`, `exactly 5 in a row wins`, or renju's rule.
    ///
    /// ```
    /// use mnk::game::{Rule, Size, Variant};
    /// let renju = Variant::new(Size::square(15), 5, Rule::Renju).unwrap();
    /// assert!(renju.win_phrase().starts_with("renju: X (black) wins with exactly 5"));
    /// ```
    #[must_use]
    pub fn win_phrase(&self) -> String {
        let k = self.k;
        match self.rule {
            Rule::Freestyle => format!("{k} in a row wins"),
            Rule::Exact => format!("exactly {k} in a row wins"),
            Rule::Renju => format!(
                "renju: X (black) wins with exactly {k} in a row and may not make an overline, \
                 a double four or a double three; O (white) wins with {k} or more"
            ),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} k={}", self.size, self.k)?;
        if self.rule != Rule::Freestyle {
            write!(f, " {}", self.rule)?;
        }
        Ok(())
    }
}

/// Parses a board size: `15` (square) or `7x6` (width x height).
///
/// # Errors
/// [`VariantError::SizeSyntax`] for text that is not a size, [`VariantError::SideOutOfRange`]
/// for a side outside `1..=26`.
pub fn parse_size(text: &str) -> Result<Size, VariantError> {
    let syntax = || VariantError::SizeSyntax(crate::text::shown(text));
    let lower = text.trim().to_ascii_lowercase();
    let (w, h) = match lower.split_once(['x', '*', ',']) {
        Some((w, h)) => (w.trim(), h.trim()),
        None => (lower.as_str(), lower.as_str()),
    };
    let w: u32 = w.parse().map_err(|_| syntax())?;
    let h: u32 = h.parse().map_err(|_| syntax())?;
    for side in [w, h] {
        if side == 0 || side > u32::from(MAX_SIDE) {
            return Err(VariantError::SideOutOfRange(side));
        }
    }
    Ok(Size::new(w as u8, h as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_square_and_rectangular() {
        assert_eq!(parse_size("15"), Ok(Size::square(15)));
        assert_eq!(parse_size("7x6"), Ok(Size::new(7, 6)));
        assert_eq!(parse_size(" 4X3 "), Ok(Size::new(4, 3)));
        assert_eq!(parse_size("27"), Err(VariantError::SideOutOfRange(27)));
        assert_eq!(parse_size("0x3"), Err(VariantError::SideOutOfRange(0)));
        assert!(matches!(
            parse_size("big"),
            Err(VariantError::SizeSyntax(_))
        ));
        assert!(matches!(parse_size("3x"), Err(VariantError::SizeSyntax(_))));
    }

    #[test]
    fn k_must_fit_the_longer_side() {
        assert!(Variant::new(Size::new(7, 1), 7, Rule::Freestyle).is_ok());
        assert!(Variant::new(Size::new(7, 1), 8, Rule::Freestyle).is_err());
        assert!(Variant::new(Size::square(3), 0, Rule::Freestyle).is_err());
        assert_eq!(Variant::default_k(Size::square(3)), 3);
        assert_eq!(Variant::default_k(Size::square(15)), 5);
        assert_eq!(Variant::default_k(Size::new(7, 4)), 4);
    }

    #[test]
    fn rules_parse_case_insensitively() {
        assert_eq!("Exact".parse::<Rule>(), Ok(Rule::Exact));
        assert_eq!("freestyle".parse::<Rule>(), Ok(Rule::Freestyle));
        assert_eq!("Renju".parse::<Rule>(), Ok(Rule::Renju));
        assert!("caro".parse::<Rule>().is_err());
        let (x, o) = (Side::X, Side::O);
        assert!(Rule::Exact.wins(o, 5, 5) && !Rule::Exact.wins(o, 6, 5));
        assert!(Rule::Freestyle.wins(x, 6, 5) && !Rule::Freestyle.wins(x, 4, 5));
        assert!(Rule::Renju.wins(x, 5, 5) && !Rule::Renju.wins(x, 6, 5));
        assert!(Rule::Renju.wins(o, 5, 5) && Rule::Renju.wins(o, 6, 5));
    }

    #[test]
    fn renju_is_played_with_five() {
        assert!(Variant::new(Size::square(15), 5, Rule::Renju).is_ok());
        let e = Variant::new(Size::square(15), 4, Rule::Renju).unwrap_err();
        assert_eq!(e, VariantError::RenjuK(4));
        assert!(e.to_string().contains("k = 5"));
    }
}
