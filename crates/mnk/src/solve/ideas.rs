//! The solver's ideas, each of which can be switched off to measure what it gains
//! (`mnk solve --without pairing,vcf`), or on where it is off by default (`--with vct`). The
//! figures are in the module documentation of [`crate::solve`].

use crate::game::Rule;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Which of the solver's ideas are on. All but `vct` are on by default ([`Ideas::DEFAULT`]);
/// every combination is exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ideas {
    /// Key positions by their smallest image under the board's symmetries, and search only
    /// one move of each set of symmetric moves.
    pub symmetry: bool,
    /// Ask "does the side to move win?" and then "does it lose?" with null windows, instead
    /// of one search for win, draw or loss.
    pub null_window: bool,
    /// Prove "this side cannot win" by a pairing strategy (see `pairing`).
    pub pairing: bool,
    /// Look for a victory by continuous fours before searching every move.
    pub vcf: bool,
    /// Order moves by the threats they make and block (otherwise by a static order).
    pub threat_order: bool,
    /// Skip moves on cells no side can use any more (freestyle only).
    pub dead_cells: bool,
    /// Answer the questions "does the side to move win?" and "does it avoid losing?" by
    /// proof-number search (df-pn, `dfpn`) in turns with alpha-beta: alpha-beta's first 4M
    /// nodes, then df-pn with eight times as many, and so on, doubling (with one thread; with
    /// more, the first thread does, the others search by alpha-beta).
    pub dfpn: bool,
    /// In proof-number search, where the attacker would win by continuous fours if the
    /// defender passed, search only the defender's moves where the relevance zones of up to
    /// four such lines meet (`threats::Vcf::zone`).
    pub zones: bool,
    /// Where the side to move is asked whether it wins and the other side holds pairs of the
    /// cells only the side to move can still use, covering every window that reaches them,
    /// search only its moves on the other cells: the drawing side's relevance zone
    /// (`pairing::Pairing::zone`, with the argument why it is sound). Freestyle only.
    pub drawing_zones: bool,
    /// Where the side to move is asked whether it wins and its first move is refuted, every
    /// move of it outside the relevance zone of that refutation's proof (the cells whose
    /// stones the proof depends on) is refuted as well, and only the moves inside are
    /// searched (`zones`, with the argument why it is sound). Freestyle only.
    pub refutation_zones: bool,
    /// Where continuous fours found no win, look for a victory by continuous threats: fours
    /// and threes, the defender's answers to a three limited to the relevance zones of the
    /// attacker's lines (`vct`). Off by default: on the boards measured it cost more than it
    /// saved (see [`crate::solve`]).
    pub vct: bool,
}

impl Default for Ideas {
    fn default() -> Self {
        Ideas::DEFAULT
    }
}

/// An idea name that does not exist.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown solver idea '{0}'; the ideas are: {list}", list = Ideas::NAMES.join(", "))]
pub struct IdeaError(pub String);

impl Ideas {
    /// Every idea on.
    pub const ALL: Ideas = Ideas {
        symmetry: true,
        null_window: true,
        pairing: true,
        vcf: true,
        threat_order: true,
        dead_cells: true,
        dfpn: true,
        zones: true,
        drawing_zones: true,
        refutation_zones: true,
        vct: true,
    };

    /// The ideas a solver uses unless told otherwise: every idea that gains.
    pub const DEFAULT: Ideas = Ideas {
        vct: false,
        ..Ideas::ALL
    };

    /// The ideas the solver knows under a rule that forbids black moves (renju): the search's
    /// own bookkeeping, pairings (black defends only with points that can never become
    /// forbidden) and continuous fours (black's on legal points; white's four whose block is
    /// forbidden to black wins). Dead cells, both kinds of relevance zones, proof-number search and
    /// continuous threats assume that both sides may play every empty cell, and are off.
    pub const WITH_FORBIDDEN_MOVES: Ideas = Ideas {
        symmetry: true,
        null_window: true,
        pairing: true,
        vcf: true,
        threat_order: true,
        dead_cells: false,
        dfpn: false,
        zones: false,
        drawing_zones: false,
        refutation_zones: false,
        vct: false,
    };

    /// These ideas as a solver of `rule` uses them: under a rule that forbids moves, only
    /// those of [`Ideas::WITH_FORBIDDEN_MOVES`].
    #[must_use]
    pub const fn under(self, rule: Rule) -> Ideas {
        if rule.has_forbidden_moves() {
            self.and(Ideas::WITH_FORBIDDEN_MOVES)
        } else {
            self
        }
    }

    /// The ideas on in both `self` and `other`.
    #[must_use]
    pub const fn and(self, other: Ideas) -> Ideas {
        Ideas {
            symmetry: self.symmetry && other.symmetry,
            null_window: self.null_window && other.null_window,
            pairing: self.pairing && other.pairing,
            vcf: self.vcf && other.vcf,
            threat_order: self.threat_order && other.threat_order,
            dead_cells: self.dead_cells && other.dead_cells,
            dfpn: self.dfpn && other.dfpn,
            zones: self.zones && other.zones,
            drawing_zones: self.drawing_zones && other.drawing_zones,
            refutation_zones: self.refutation_zones && other.refutation_zones,
            vct: self.vct && other.vct,
        }
    }

    /// The names used on the command line.
    pub const NAMES: [&'static str; 11] = [
        "symmetry",
        "null-window",
        "pairing",
        "vcf",
        "threat-order",
        "dead-cells",
        "dfpn",
        "zones",
        "drawing-zones",
        "refutation-zones",
        "vct",
    ];

    fn flag(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "symmetry" => &mut self.symmetry,
            "null-window" => &mut self.null_window,
            "pairing" => &mut self.pairing,
            "vcf" => &mut self.vcf,
            "threat-order" => &mut self.threat_order,
            "dead-cells" => &mut self.dead_cells,
            "dfpn" => &mut self.dfpn,
            "zones" => &mut self.zones,
            "drawing-zones" => &mut self.drawing_zones,
            "refutation-zones" => &mut self.refutation_zones,
            "vct" => &mut self.vct,
            _ => return None,
        })
    }

    /// These ideas with the ones named in `list` (comma-separated) switched off.
    ///
    /// # Errors
    /// [`IdeaError`] for a name that is not an idea.
    pub fn without(self, list: &str) -> Result<Ideas, IdeaError> {
        self.set(list, false)
    }

    /// These ideas with the ones named in `list` (comma-separated) switched on.
    ///
    /// # Errors
    /// [`IdeaError`] for a name that is not an idea.
    pub fn with(self, list: &str) -> Result<Ideas, IdeaError> {
        self.set(list, true)
    }

    /// These ideas with the ones named in `list` (comma-separated) switched `on` or off.
    fn set(mut self, list: &str, on: bool) -> Result<Ideas, IdeaError> {
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let key = name.to_ascii_lowercase().replace('_', "-");
            *self.flag(&key).ok_or_else(|| IdeaError(name.to_string()))? = on;
        }
        Ok(self)
    }

    /// The names of the ideas that are off.
    #[must_use]
    pub fn off(&self) -> Vec<&'static str> {
        let mut copy = *self;
        Self::NAMES
            .into_iter()
            .filter(|n| copy.flag(n).is_some_and(|f| !*f))
            .collect()
    }
}

impl FromStr for Ideas {
    type Err = IdeaError;

    /// Parses a list of ideas to switch off (from the default ones).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ideas::DEFAULT.without(s)
    }
}

impl fmt::Display for Ideas {
    /// The difference from the default ideas: "without pairing, vcf", "with vct", both
    /// ("without pairing; with vct"), or "the default ideas".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let off = self.off();
        let default_off = Ideas::DEFAULT.off();
        let without: Vec<_> = off.iter().filter(|n| !default_off.contains(n)).collect();
        let with: Vec<_> = default_off.iter().filter(|n| !off.contains(n)).collect();
        let list = |names: &[&&str]| names.iter().map(|n| **n).collect::<Vec<_>>().join(", ");
        match (without.is_empty(), with.is_empty()) {
            (true, true) => f.write_str("the default ideas"),
            (false, true) => write!(f, "without {}", list(&without)),
            (true, false) => write!(f, "with {}", list(&with)),
            (false, false) => write!(f, "without {}; with {}", list(&without), list(&with)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ideas_switch_off_by_name() {
        let ideas: Ideas = "pairing, VCF".parse().unwrap();
        assert!(!ideas.pairing && !ideas.vcf && ideas.symmetry);
        assert_eq!(ideas.to_string(), "without pairing, vcf");
        assert_eq!(ideas.off(), vec!["pairing", "vcf", "vct"]);
        assert!("telepathy".parse::<Ideas>().is_err());
        assert!(Ideas::DEFAULT.with("telepathy").is_err());
        assert_eq!(Ideas::default().to_string(), "the default ideas");
        assert_eq!(Ideas::ALL.to_string(), "with vct");
        let both = ideas.with("VCT").unwrap();
        assert!(both.vct && !both.pairing);
        assert_eq!(both.to_string(), "without pairing, vcf; with vct");
    }
}
