//! Player specifications: a catalog name with optional settings, `NAME:key=value,...`.
//!
//! `perfect`, `gomoku-pruned:depth=3`, `engine:time-ms=100,depth=8` (`:` also separates settings).

use super::catalog;
use super::options::{
    Evaluation, Exploration, MAX_MEMORY_MIB, MAX_PLAYOUTS, MAX_THREADS, MoveOrder, PlayerOptions,
};
use crate::game::Variant;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Sets the setting `key` of `options` to `value`.
fn set(options: &mut PlayerOptions, key: &str, value: &str) -> Result<(), SpecError> {
    let bad = || SpecError::BadValue {
        key: key.to_string(),
        value: value.to_string(),
    };
    let number = |v: &str| v.trim().replace('_', "").parse::<u64>().map_err(|_| bad());
    let refused = |accepted: String| SpecError::BadSetting {
        key: key.to_string(),
        value: value.to_string(),
        accepted,
    };
    // A count from 1 to `most`.
    let counted = |n: u64, most: u64| {
        if (1..=most).contains(&n) {
            Ok(n)
        } else {
            Err(SpecError::OutOfRange {
                key: key.to_string(),
                value: n,
                range: format!("1 to {most}"),
            })
        }
    };
    match key.trim().to_ascii_lowercase().replace('_', "-").as_str() {
        "depth" | "d" => options.depth = Some(u32::try_from(number(value)?).map_err(|_| bad())?),
        "nodes" | "n" => options.nodes = Some(number(value)?),
        "time-ms" | "time" | "ms" => options.time_ms = Some(number(value)?),
        "threads" => {
            let threads = counted(number(value)?, MAX_THREADS as u64)?;
            options.threads = Some(threads as usize);
        }
        "memory-mb" | "memory" | "hash" => {
            options.memory_mib = Some(counted(number(value)?, MAX_MEMORY_MIB)?);
        }
        "playouts" | "p" => options.playouts = Some(counted(number(value)?, MAX_PLAYOUTS)?),
        "exploration" | "c" => {
            let accepted = format!(
                "a number from 0 to {} with at most three decimals (e.g. exploration=1.414)",
                Exploration::MAX
            );
            options.exploration = Some(value.parse().map_err(|()| refused(accepted))?);
        }
        "seed" => options.seed = Some(number(value)?),
        "order" => {
            let accepted = format!("one of {}", MoveOrder::NAMES);
            options.order = Some(value.parse().map_err(|_: String| refused(accepted))?);
        }
        "eval" | "evaluation" => {
            let accepted = format!("one of {}", Evaluation::NAMES);
            options.eval = Some(value.parse().map_err(|_: String| refused(accepted))?);
        }
        _ => return Err(SpecError::UnknownKey(key.to_string())),
    }
    Ok(())
}

/// The strongest player for a variant: the first whose
/// [`strongest_up_to`](super::Abilities::strongest_up_to) covers the board (`perfect` where
/// the solver finishes quickly, otherwise `engine`).
#[must_use]
pub fn strongest_for(variant: &Variant) -> PlayerSpec {
    PlayerSpec {
        name: catalog::strongest(variant).name,
        options: PlayerOptions::default(),
    }
}

/// A player named on a command line or in a request, with its own settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerSpec {
    /// The catalog name.
    pub name: &'static str,
    /// Settings given with the name.
    pub options: PlayerOptions,
}

/// Why a player specification was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    /// No player by that name.
    #[error("unknown player '{0}'; the players are: {list}", list = catalog::names().join(", "))]
    UnknownPlayer(String),
    /// A setting no player has.
    #[error("unknown setting '{0}' for a player; the settings are: {keys}", keys = PlayerOptions::KEYS)]
    UnknownKey(String),
    /// A number outside what the setting accepts.
    #[error("setting '{key}' accepts {range}, not {value}")]
    OutOfRange {
        /// The setting.
        key: String,
        /// What was given.
        value: u64,
        /// What is accepted.
        range: String,
    },
    /// A setting whose value is not one it takes.
    #[error("setting '{key}' takes {accepted}, not '{value}'")]
    BadSetting {
        /// The setting.
        key: String,
        /// What was given.
        value: String,
        /// What is accepted.
        accepted: String,
    },
    /// A setting without `=value`, or a value that is not a number.
    #[error("setting '{key}' needs a whole number, not '{value}' (e.g. depth=4)")]
    BadValue {
        /// The setting.
        key: String,
        /// What was given.
        value: String,
    },
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut parts = s.trim().split([':', ',']);
        let name = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
        let info = catalog::info(&name).ok_or_else(|| SpecError::UnknownPlayer(name.clone()))?;
        let mut options = PlayerOptions::default();
        for part in parts.filter(|p| !p.trim().is_empty()) {
            let (key, value) = part.split_once('=').ok_or_else(|| SpecError::BadValue {
                key: part.to_string(),
                value: String::new(),
            })?;
            set(&mut options, key, value)?;
        }
        Ok(PlayerSpec {
            name: info.name,
            options,
        })
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)?;
        let o = &self.options;
        let settings: Vec<String> = [
            o.depth.map(|v| format!("depth={v}")),
            o.nodes.map(|v| format!("nodes={v}")),
            o.time_ms.map(|v| format!("time-ms={v}")),
            o.threads.map(|v| format!("threads={v}")),
            o.memory_mib.map(|v| format!("memory-mb={v}")),
            o.playouts.map(|v| format!("playouts={v}")),
            o.exploration.map(|v| format!("exploration={v}")),
            o.seed.map(|v| format!("seed={v}")),
            o.order.map(|v| format!("order={v}")),
            o.eval.map(|v| format!("eval={v}")),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !settings.is_empty() {
            write!(f, ":{}", settings.join(","))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eval_chooses_the_engine_s_evaluation_and_names_what_it_takes() {
        let spec: PlayerSpec = "engine:eval=net,nodes=100".parse().unwrap();
        assert_eq!(spec.options.eval, Some(Evaluation::Net));
        assert_eq!(spec.to_string(), "engine:nodes=100,eval=net");
        let linear: PlayerSpec = "engine:eval=Linear".parse().unwrap();
        assert_eq!(linear.options.eval, Some(Evaluation::Linear));
        let err = "engine:eval=deep".parse::<PlayerSpec>().unwrap_err();
        assert!(err.to_string().contains("linear, net"), "{err}");
    }

    #[test]
    fn tic_tac_toe_defaults_to_perfect_and_gomoku_to_the_engine() {
        use crate::game::{Rule, Size};
        assert_eq!(strongest_for(&Variant::tic_tac_toe()).name, "perfect");
        let six = Variant::new(Size::square(6), 4, Rule::Freestyle).unwrap();
        assert_eq!(strongest_for(&six).name, "perfect");
        let gomoku = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
        assert_eq!(strongest_for(&gomoku).name, "engine");
    }

    #[test]
    fn names_and_settings_parse() {
        let spec: PlayerSpec = "gomoku-pruned:depth=3".parse().unwrap();
        assert_eq!(spec.name, "gomoku-pruned");
        assert_eq!(spec.options.depth, Some(3));
        let spec: PlayerSpec = "Perfect:time-ms=100,nodes=1_000".parse().unwrap();
        assert_eq!(
            (spec.options.time_ms, spec.options.nodes),
            (Some(100), Some(1000))
        );
        assert_eq!(spec.to_string(), "perfect:nodes=1000,time-ms=100");
        assert_eq!(spec.to_string().parse::<PlayerSpec>().unwrap(), spec);
    }

    #[test]
    fn teaching_settings_parse_and_print_as_given() {
        use crate::players::{Exploration, MoveOrder};
        let spec: PlayerSpec = "MCTS:playouts=5_000,c=.5,seed=7".parse().unwrap();
        assert_eq!(spec.options.playouts, Some(5000));
        assert_eq!(spec.options.exploration, Some(Exploration(500)));
        assert_eq!(
            spec.to_string(),
            "mcts:playouts=5000,exploration=0.5,seed=7"
        );
        assert_eq!(spec.to_string().parse::<PlayerSpec>().unwrap(), spec);
        let spec: PlayerSpec = "alphabeta:order=worst_first".parse().unwrap();
        assert_eq!(spec.options.order, Some(MoveOrder::WorstFirst));
        assert_eq!(spec.to_string(), "alphabeta:order=worst-first");
        for (text, thousandths) in [("1.414", 1414), ("2", 2000), ("0", 0), ("100", 100_000)] {
            assert_eq!(text.parse(), Ok(Exploration(thousandths)), "{text}");
        }
        for bad in ["1.2345", "100.001", "-1", "", ".", "1e3", "1,5"] {
            assert_eq!(bad.parse::<Exploration>(), Err(()), "{bad}");
        }
        let e = "mcts:exploration=lots".parse::<PlayerSpec>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "setting 'exploration' takes a number from 0 to 100 with at most three decimals \
             (e.g. exploration=1.414), not 'lots'"
        );
        let e = "alphabeta:order=up".parse::<PlayerSpec>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "setting 'order' takes one of row-major, best-first, worst-first, not 'up'"
        );
        let e = "mcts:playouts=20_000_001"
            .parse::<PlayerSpec>()
            .unwrap_err();
        assert!(e.to_string().contains("1 to 20000000"), "{e}");
    }

    #[test]
    fn bad_specs_say_what_is_accepted() {
        let e = "nobody".parse::<PlayerSpec>().unwrap_err();
        assert!(e.to_string().contains("perfect"), "{e}");
        assert!(matches!(
            "minimax:colour=red".parse::<PlayerSpec>(),
            Err(SpecError::UnknownKey(_))
        ));
        assert!(matches!(
            "minimax:depth=deep".parse::<PlayerSpec>(),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            "minimax:depth".parse::<PlayerSpec>(),
            Err(SpecError::BadValue { .. })
        ));
        // A table the machine cannot hold (or none at all) is refused, saying the range.
        for bad in ["engine:memory-mb=100000000", "engine:memory-mb=0"] {
            let e = bad.parse::<PlayerSpec>().unwrap_err();
            assert!(e.to_string().contains("1 to 4096"), "{e}");
        }
        let spec: PlayerSpec = "engine:memory-mb=4096".parse().unwrap();
        assert_eq!(spec.options.memory_mib, Some(4096));
    }
}
