//! Reading the manager's lines: ended by CR LF, LF or CR; any bytes (invalid UTF-8 is replaced,
//! not fatal); very long lines cut, as the protocol allows.

use std::io::{BufRead, BufReader, ErrorKind, Read};

/// Lines are cut after this many bytes (the rest of the line is dropped).
pub const MAX_LINE: usize = 64 * 1024;

/// Non-empty lines of a byte stream.
pub struct LineReader<R> {
    input: BufReader<R>,
}

impl<R: Read> LineReader<R> {
    /// Reads `input`.
    pub fn new(input: R) -> Self {
        LineReader {
            input: BufReader::new(input),
        }
    }

    /// The next non-empty line, without its ending; `None` at the end of input (or when it
    /// cannot be read any more).
    pub fn next_line(&mut self) -> Option<String> {
        let mut line = Vec::new();
        loop {
            let buf = match self.input.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(_) => return None,
            };
            if buf.is_empty() {
                return (!line.is_empty()).then(|| String::from_utf8_lossy(&line).into_owned());
            }
            match buf.iter().position(|&b| b == b'\n' || b == b'\r') {
                Some(end) => {
                    take_up_to(&mut line, &buf[..end]);
                    self.input.consume(end + 1);
                    if !line.is_empty() {
                        return Some(String::from_utf8_lossy(&line).into_owned());
                    }
                }
                None => {
                    let n = buf.len();
                    take_up_to(&mut line, buf);
                    self.input.consume(n);
                }
            }
        }
    }
}

/// Appends what fits under [`MAX_LINE`].
fn take_up_to(line: &mut Vec<u8>, bytes: &[u8]) {
    let room = MAX_LINE.saturating_sub(line.len());
    line.extend_from_slice(&bytes[..bytes.len().min(room)]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(bytes: &[u8]) -> Vec<String> {
        let mut reader = LineReader::new(bytes);
        std::iter::from_fn(|| reader.next_line()).collect()
    }

    #[test]
    fn every_line_ending_and_no_empty_lines() {
        assert_eq!(
            all(b"START 15\r\nBEGIN\nTURN 1,2\rABOUT\r\n\r\n\nEND"),
            ["START 15", "BEGIN", "TURN 1,2", "ABOUT", "END"]
        );
        assert!(all(b"").is_empty());
        assert!(all(b"\r\n\r\n").is_empty());
    }

    #[test]
    fn invalid_utf8_is_replaced_and_long_lines_are_cut() {
        assert_eq!(all(b"AB\xff\xfeC\n"), ["AB\u{fffd}\u{fffd}C"]);
        let mut long = vec![b'9'; MAX_LINE * 3];
        long.extend_from_slice(b"\nABOUT\n");
        let lines = all(&long);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].len(), MAX_LINE);
        assert_eq!(lines[1], "ABOUT");
    }
}
