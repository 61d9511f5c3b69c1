//! The evaluation's weights: the value of every kind of empty cell for the side to move and
//! for the opponent, and of every state of the initiative (who has which threats). The build
//! embeds the file `weights.txt` next to this module, and that is what the engine plays with:
//! today the values set by hand (its header says so), which a table fitted to self-play games
//! by `mnk tune` ([`super::tune`]) has not yet beaten in matches.
//!
//! # The model
//! An empty cell is described, for each side, by the multiset of its four line levels
//! ([`code`]: 495 kinds; the order of the lines does not matter). The evaluation, for the side
//! to move `me` against `them`, is
//!
//! `sum over empty cells of own[code_me(cell)] - opp[code_them(cell)] + initiative[mask]`
//!
//! where `mask` says which classes of threat cells each side has
//! ([`threat_mask`](super::eval::threat_mask)). `own` and
//! `opp` are separate tables because having the move changes what a cell is worth; the
//! initiative table captures what single cells cannot (a four against an open three). The
//! score maps to the probability that the side to move wins as `1 / (1 + exp(-eval / SCALE))`;
//! the fit maximises the likelihood of the games' results under that model.

use super::pattern::Level;
use std::fmt::Write as _;
use std::sync::OnceLock;
use thiserror::Error;

/// Kinds of cell: multisets of four levels out of nine, `C(12, 4)`.
pub const CODES: usize = 495;
/// States of the initiative ([`threat_mask`](super::eval::threat_mask)): eleven bits.
pub const MASKS: usize = 1 << 11;
/// Evaluation units per unit of log-odds of winning (`eval / SCALE` is the logit).
pub const SCALE: f64 = 200.0;

/// The weights the build embeds.
const EMBEDDED: &str = include_str!("weights.txt");

/// Kinds of cell ([`code`]) with how many cells of each.
pub type Kinds = Vec<(u16, u16)>;

/// The tables of the evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Value of a cell kind for the side to move.
    pub own: Vec<i32>,
    /// Value of a cell kind for the opponent (subtracted).
    pub opp: Vec<i32>,
    /// Value of each initiative state.
    pub initiative: Vec<i32>,
}

/// Why a weights file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WeightsError {
    /// A table is missing or has the wrong number of values.
    #[error("table '{table}' needs {expected} values, found {found}")]
    Size {
        /// The table.
        table: &'static str,
        /// Values it needs.
        expected: usize,
        /// Values found.
        found: usize,
    },
    /// A value is not a whole number.
    #[error("'{0}' is not a whole number")]
    Number(String),
}

impl Weights {
    /// Every weight zero.
    #[must_use]
    pub fn zero() -> Self {
        Weights {
            own: vec![0; CODES],
            opp: vec![0; CODES],
            initiative: vec![0; MASKS],
        }
    }

    /// The weights the build embeds (parsed once).
    ///
    /// # Panics
    /// If the embedded file is not a valid weights file (a build made with a broken file;
    /// a test checks it).
    #[must_use]
    pub fn embedded() -> &'static Weights {
        static WEIGHTS: OnceLock<Weights> = OnceLock::new();
        WEIGHTS.get_or_init(|| Weights::parse(EMBEDDED).expect("the embedded weights parse"))
    }

    /// Reads the text format of [`Weights::to_text`]: `#` comments, then the tables `own`,
    /// `opp` and `initiative`, each a name followed by its values.
    ///
    /// # Errors
    /// [`WeightsError`] for a table of the wrong size or a value that is not a number.
    pub fn parse(text: &str) -> Result<Weights, WeightsError> {
        let mut tables: [(&'static str, usize, Vec<i32>); 3] = [
            ("own", CODES, Vec::new()),
            ("opp", CODES, Vec::new()),
            ("initiative", MASKS, Vec::new()),
        ];
        let mut current: Option<usize> = None;
        for token in text
            .lines()
            .map(|l| l.split('#').next().unwrap_or_default())
            .flat_map(str::split_whitespace)
        {
            if let Some(i) = tables.iter().position(|t| t.0 == token) {
                current = Some(i);
                continue;
            }
            let value = token
                .parse::<i32>()
                .map_err(|_| WeightsError::Number(token.chars().take(20).collect()))?;
            match current {
                Some(i) => tables[i].2.push(value),
                None => return Err(WeightsError::Number(token.to_string())),
            }
        }
        for (table, expected, values) in &tables {
            if values.len() != *expected {
                return Err(WeightsError::Size {
                    table,
                    expected: *expected,
                    found: values.len(),
                });
            }
        }
        let [(_, _, own), (_, _, opp), (_, _, initiative)] = tables;
        Ok(Weights {
            own,
            opp,
            initiative,
        })
    }

    /// The text format, with `header` as comment lines on top.
    #[must_use]
    pub fn to_text(&self, header: &str) -> String {
        let mut out = String::new();
        for line in header.lines() {
            let _ = writeln!(out, "# {line}");
        }
        for (name, values) in [
            ("own", &self.own),
            ("opp", &self.opp),
            ("initiative", &self.initiative),
        ] {
            let _ = writeln!(out, "{name}");
            for row in values.chunks(16) {
                let row: Vec<String> = row.iter().map(i32::to_string).collect();
                let _ = writeln!(out, "{}", row.join(" "));
            }
        }
        out
    }
}

/// The kind of a cell from its four line levels: the index of their multiset among all
/// multisets of four of the nine levels, in lexicographic order of their sorted levels.
#[must_use]
pub fn code(levels: [Level; 4]) -> u16 {
    static INDEX: OnceLock<Vec<u16>> = OnceLock::new();
    let index = INDEX.get_or_init(|| {
        let mut sorted_index = vec![0u16; 9 * 9 * 9 * 9];
        let mut next = 0u16;
        for a in 0..9usize {
            for b in a..9 {
                for c in b..9 {
                    for d in c..9 {
                        sorted_index[((a * 9 + b) * 9 + c) * 9 + d] = next;
                        next += 1;
                    }
                }
            }
        }
        sorted_index
    });
    let mut l = levels.map(|l| l as usize);
    l.sort_unstable();
    index[((l[0] * 9 + l[1]) * 9 + l[2]) * 9 + l[3]]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_ignore_the_order_of_the_lines_and_cover_every_multiset() {
        use Level::*;
        assert_eq!(code([None; 4]), 0);
        assert_eq!(code([Five; 4]) as usize, CODES - 1);
        assert_eq!(
            code([Flex3, None, Block4, One]),
            code([Block4, One, None, Flex3])
        );
        let mut seen = std::collections::HashSet::new();
        for i in 0..9usize.pow(4) {
            let levels =
                std::array::from_fn(|d| Level::from_index((i / 9usize.pow(d as u32) % 9) as u8));
            seen.insert(code(levels));
        }
        assert_eq!(seen.len(), CODES);
    }

    #[test]
    fn the_text_format_round_trips_and_bad_files_say_why() {
        let mut w = Weights::zero();
        w.own[3] = -17;
        w.initiative[MASKS - 1] = 4000;
        let text = w.to_text("a test\nsecond line");
        assert_eq!(Weights::parse(&text), Ok(w));
        assert!(matches!(
            Weights::parse("own 1 2 3"),
            Err(WeightsError::Size { table: "own", .. })
        ));
        assert!(matches!(
            Weights::parse("own x"),
            Err(WeightsError::Number(_))
        ));
        // The build's own file.
        let embedded = Weights::embedded();
        assert_eq!(embedded.own.len(), CODES);
    }
}
