//! The rules of one m,n,k-game: board size, `k`, and the win rule.

use super::geometry::{MAX_SIDE, Size};
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
}

impl Rule {
    /// Whether a run of `len` stones wins under this rule with the given `k`.
    #[must_use]
    pub const fn wins(self, len: usize, k: usize) -> bool {
        match self {
            Rule::Freestyle => len >= k,
            Rule::Exact => len == k,
        }
    }

    /// The rule's name as written on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Exact => "exact",
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
    "unknown rule '{0}': expected 'freestyle' (k or more in a row wins) or 'exact' (exactly k)"
)]
pub struct RuleError(pub String);

impl FromStr for Rule {
    type Err = RuleError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "freestyle" | "free" => Ok(Rule::Freestyle),
            "exact" | "standard" => Ok(Rule::Exact),
            _ => Err(RuleError(s.to_string())),
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
    /// [`VariantError`] when a side is outside `1..=26` or `k` outside `1..=max(width, height)`.
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
        Ok(Variant {
            size,
            k: k as u8,
            rule,
        })
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
    let syntax = || VariantError::SizeSyntax(text.to_string());
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
        assert!("renju".parse::<Rule>().is_err());
        assert!(Rule::Exact.wins(5, 5) && !Rule::Exact.wins(6, 5));
        assert!(Rule::Freestyle.wins(6, 5) && !Rule::Freestyle.wins(4, 5));
    }
}
