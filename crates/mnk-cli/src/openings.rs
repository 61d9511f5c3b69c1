//! The openings a command starts its games from: a file's, the built-in 15x15 list, or none.

use crate::failure::Failure;
use crate::files::{read_at_most, text};
use mnk::arena::{MAX_OPENINGS_BYTES, StartPosition, parse_openings};
use mnk::game::{Size, Variant};
use std::path::Path;

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
            let text = read_at_most(Path::new(path), MAX_OPENINGS_BYTES, "a list of openings")
                .map_err(|e| e.to_string())
                .and_then(|bytes| text(bytes, "a list of openings"))
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
