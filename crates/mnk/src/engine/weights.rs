//! The evaluation's weights: the value of every kind of empty cell for the side to move and
//! for the opponent, and of every state of the initiative (who has which threats); and the
//! move-ordering scores of every kind of cell. The build embeds the file `weights.txt` next
//! to this module, and that is what the engine plays with: tables fitted to self-play games by
//! `mnk tune` ([`super::tune`]; its header says how).
//!
//! # The model
//! An empty cell is described, for each side, by the multiset of its four line levels
//! ([`code`](super::pattern::code): 495 kinds; the order of the lines does not matter). The evaluation, for the side
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
//!
//! # Move ordering
//! Below the threat tiers ([`eval::tier`](super::eval::tier): a win, a block of a five, ...),
//! a move on an empty cell scores `order_own[code_me(cell)] + order_opp[code_them(cell)]`:
//! what the stone makes for the mover and what it takes from the opponent. `mnk tune` fits
//! these as a softmax over the moves of a position, to the moves the self-play search chose;
//! a file without them gets the hand-set values ([`hand_set_order`]).

use super::pattern::{CODES, levels_of};
use std::fmt::Write as _;
use std::sync::OnceLock;
use thiserror::Error;

/// States of the initiative ([`threat_mask`](super::eval::threat_mask)): eleven bits.
pub const MASKS: usize = 1 << 11;
/// Evaluation units per unit of log-odds of winning (`eval / SCALE` is the logit).
pub const SCALE: f64 = 200.0;

/// Ordering units per unit of the move-ordering softmax's log-odds: a move scoring this much
/// more than another is e times likelier to be the search's choice ([`super::policy`]).
pub const TEMPERATURE: f64 = 100.0;

/// The weights the build embeds.
const EMBEDDED: &str = include_str!("weights.txt");

/// The longest weights file read, in bytes (16 MiB; the embedded one is far smaller): a reader
/// holds at most this much of an untrusted file.
pub const MAX_WEIGHTS_BYTES: u64 = 16 << 20;

/// Kinds of cell ([`code`](super::pattern::code)) with how many cells of each.
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
    /// Move-ordering score of a cell kind for the side to move (what the stone makes).
    pub order_own: Vec<i32>,
    /// Move-ordering score of a cell kind for the opponent (what the stone takes from him).
    pub order_opp: Vec<i32>,
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
            order_own: vec![0; CODES],
            order_opp: vec![0; CODES],
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

    /// A CRC-32 of the tables (never 0): what a net trained over these weights names
    /// ([`super::net::FloatNet::base`]), so that it is never played over other ones.
    #[must_use]
    pub fn checksum(&self) -> u32 {
        let mut hasher = crc32fast::Hasher::new();
        for table in [
            &self.own,
            &self.opp,
            &self.initiative,
            &self.order_own,
            &self.order_opp,
        ] {
            for v in table.iter() {
                hasher.update(&v.to_le_bytes());
            }
        }
        hasher.finalize().max(1)
    }

    /// Reads the text format of [`Weights::to_text`]: `#` comments, then the tables `own`,
    /// `opp`, `initiative`, `order_own` and `order_opp`, each a name followed by its values.
    /// The two ordering tables may be left out together (files written before they existed):
    /// they are then [`hand_set_order`]'s.
    ///
    /// # Errors
    /// [`WeightsError`] for a table of the wrong size or a value that is not a number.
    pub fn parse(text: &str) -> Result<Weights, WeightsError> {
        let mut tables: [(&'static str, usize, Vec<i32>); 5] = [
            ("own", CODES, Vec::new()),
            ("opp", CODES, Vec::new()),
            ("initiative", MASKS, Vec::new()),
            ("order_own", CODES, Vec::new()),
            ("order_opp", CODES, Vec::new()),
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
        if tables[3].2.is_empty() && tables[4].2.is_empty() {
            let (own, opp) = hand_set_order();
            tables[3].2 = own;
            tables[4].2 = opp;
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
        let [
            (_, _, own),
            (_, _, opp),
            (_, _, initiative),
            (_, _, order_own),
            (_, _, order_opp),
        ] = tables;
        Ok(Weights {
            own,
            opp,
            initiative,
            order_own,
            order_opp,
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
            ("order_own", &self.order_own),
            ("order_opp", &self.order_opp),
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

/// The hand-set move-ordering tables (`order_own`, `order_opp`): a cell's hand-set value
/// ([`eval::cell_info`](super::eval::cell_info)) for the opponent, and one and a half times
/// it for the mover (attack counts a little more than defence).
#[must_use]
pub fn hand_set_order() -> (Vec<i32>, Vec<i32>) {
    let values: Vec<i32> = (0..CODES)
        .map(|c| super::eval::cell_info(levels_of(c as u16)).value)
        .collect();
    (values.iter().map(|v| v * 3 / 2).collect(), values)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(embedded.order_own.len(), CODES);
        // A file without the ordering tables gets the hand-set ones.
        let old = "own\n".to_string()
            + &"1 ".repeat(CODES)
            + "\nopp\n"
            + &"2 ".repeat(CODES)
            + "\ninitiative\n"
            + &"0 ".repeat(MASKS);
        let read = Weights::parse(&old).unwrap();
        assert_eq!((read.order_own, read.order_opp), hand_set_order());
        // One ordering table without the other is a mistake.
        assert!(matches!(
            Weights::parse(&(old + "\norder_own\n" + &"3 ".repeat(CODES))),
            Err(WeightsError::Size {
                table: "order_opp",
                ..
            })
        ));
    }
}
