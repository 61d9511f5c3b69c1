//! Gomocup's rule numbers: the bit mask of game rules the protocol's `INFO rule` sends and SGF
//! records write in `RU`, and which of them mnk plays. Below both the protocol and the
//! records, which read it.

use super::variant::Rule;
use thiserror::Error;

/// Bit 1: exactly five in a row wins (an overline does not).
pub const EXACT_FIVE: u32 = 1;
/// Bit 2: continuous game (play goes on after a five, whose stones become neutral).
pub const CONTINUOUS: u32 = 2;
/// Bit 4: renju.
pub const RENJU: u32 = 4;
/// Bit 8: caro (a five blocked at both ends does not win).
pub const CARO: u32 = 8;

/// A rule mask asking for something mnk cannot play.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "rule {bits} asks for {what}, which mnk does not play; it plays rule 0 (freestyle: five or more in a row), rule 1 (exactly five) and rule 4 (renju)"
)]
pub struct UnsupportedRule {
    /// The mask received.
    pub bits: u32,
    /// The first unsupported part, in words.
    pub what: &'static str,
}

/// The win rule a mask asks for.
///
/// # Errors
/// [`UnsupportedRule`] for continuous games, caro and bits the protocol does not define.
/// Renju (bit 4) is [`Rule::Renju`] with or without the exact-five bit (black wins with exactly
/// five under renju anyway, white with five or more).
///
/// # Examples
/// ```
/// use mnk::game::Rule;
/// use mnk::game::rule_bits::rule_from_bits;
/// assert_eq!(rule_from_bits(0), Ok(Rule::Freestyle));
/// assert_eq!(rule_from_bits(1), Ok(Rule::Exact));
/// assert_eq!(rule_from_bits(4), Ok(Rule::Renju));
/// assert!(rule_from_bits(8).is_err());
/// ```
pub fn rule_from_bits(bits: u32) -> Result<Rule, UnsupportedRule> {
    let refuse = |what| Err(UnsupportedRule { bits, what });
    if bits & CARO != 0 {
        refuse("caro (8)")
    } else if bits & CONTINUOUS != 0 {
        refuse("a continuous game (2)")
    } else if bits & !(EXACT_FIVE | RENJU) != 0 {
        refuse("bits the protocol does not define")
    } else if bits & RENJU != 0 {
        Ok(Rule::Renju)
    } else if bits & EXACT_FIVE != 0 {
        Ok(Rule::Exact)
    } else {
        Ok(Rule::Freestyle)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn freestyle_exact_and_renju_are_played_the_rest_refused_with_the_reason() {
        assert_eq!(rule_from_bits(0), Ok(Rule::Freestyle));
        assert_eq!(rule_from_bits(1), Ok(Rule::Exact));
        assert_eq!(rule_from_bits(4), Ok(Rule::Renju));
        assert_eq!(rule_from_bits(5), Ok(Rule::Renju));
        for (bits, word) in [
            (2, "continuous"),
            (3, "continuous"),
            (6, "continuous"),
            (12, "caro"),
            (8, "caro"),
            (9, "caro"),
            (16, "does not define"),
        ] {
            let e = rule_from_bits(bits).unwrap_err().to_string();
            assert!(e.contains(word) && e.contains("rule 1"), "{bits}: {e}");
        }
    }
}
