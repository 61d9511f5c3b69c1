//! Text from outside (a file, a request, a command line) as messages and terminals show it:
//! cut short and escaped. Below every other module, so that all of them say it one way.

/// The most characters of a rejected text an error message repeats.
pub const SHOWN_CHARS: usize = 24;

/// `text` as an error message can repeat it: control characters escaped, cut after
/// [`SHOWN_CHARS`] characters.
pub fn shown(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(SHOWN_CHARS)
        .flat_map(char::escape_debug)
        .collect();
    if text.chars().nth(SHOWN_CHARS).is_some() {
        out.push_str("...");
    }
    out
}

/// `text` as a terminal can show it safely: control characters (escape sequences, carriage
/// returns, NULs) and the bidirectional overrides that reorder what follows them are written
/// as escapes (`\u{1b}`); everything else, quotes and backslashes included, as it is.
///
/// # Examples
/// ```
/// use mnk::text::printable;
/// assert_eq!(printable("Ann \u{1b}[2J Lee"), "Ann \\u{1b}[2J Lee");
/// assert_eq!(printable("O'Neil \\ 李"), "O'Neil \\ 李");
/// ```
#[must_use]
pub fn printable(text: &str) -> String {
    let hidden =
        |c: char| c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    if !text.chars().any(hidden) {
        return text.to_string();
    }
    text.chars()
        .map(|c| {
            if hidden(c) {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}
