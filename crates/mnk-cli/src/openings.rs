//! The openings a command starts its games from: a file's, the built-in 15x15 list, or none.

use crate::failure::Failure;
use mnk::arena::{StartPosition, parse_openings};
use mnk::game::{Size, Variant};

/// The built-in 15x15 openings, used on 15x15 when no list is given.
pub const OPENINGS_15X15: &str = include_str!("../../../data/openings/15x15.txt");

/// The openings `--openings` asks for, and where they come from in words: the file's (every
/// bad line refused), none for `none` (the empty board), and when it is not given the
/// built-in list on 15x15 and none elsewhere.
///
/// # Errors
/// [`Failure::Usage`] when the file cannot be read or holds a bad line.
pub fn choose(
    arg: Option<&str>,
    variant: Variant,
) -> Result<(Vec<StartPosition>, String), Failure> {
    Ok(match arg {
        Some("none") => (Vec::new(), "the empty board".to_string()),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Failure::Usage(format!("--openings {path}: {e}")))?;
            let list = parse_openings(&text, variant)
                .map_err(|e| Failure::Usage(format!("--openings {path}: {e}")))?;
            let n = list.len();
            (list, format!("{n} openings from {path}"))
        }
        None if variant.size() == Size::square(15) => {
            let list = parse_openings(OPENINGS_15X15, variant)
                .map_err(|e| Failure::Runtime(format!("built-in openings: {e}")))?;
            let n = list.len();
            (list, format!("{n} built-in 15x15 openings"))
        }
        None => (Vec::new(), "the empty board".to_string()),
    })
}
