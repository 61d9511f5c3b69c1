//! Reading and writing records: each format's reader and writer, chosen by [`Format`].

use super::MAX_RECORD_BYTES;
use super::checked::Record;
use super::draft::{Draft, Given};
use super::error::{Problem, RecordError};
use super::format::Format;
use super::{move_line, psq, sgf};

impl Draft {
    /// Reads a record's text.
    ///
    /// # Errors
    /// [`RecordError`] for text the format does not allow, with its line; text longer than
    /// [`MAX_RECORD_BYTES`] is refused before it is read ([`Problem::TooLarge`]).
    pub fn parse(text: &str, format: Format) -> Result<Draft, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(RecordError::at(
                1,
                Problem::TooLarge {
                    bytes: text.len() as u64,
                },
            ));
        }
        match format {
            Format::MoveLine => move_line::parse(text),
            Format::Psq => psq::parse(text),
            Format::Sgf => sgf::parse(text),
        }
    }
}

impl Record {
    /// Reads a record whole ([`Draft::parse`], then [`Draft::into_record`]).
    ///
    /// # Errors
    /// [`RecordError`]: the line, what is wrong there and what is accepted.
    pub fn parse(text: &str, format: Format, given: &Given) -> Result<Record, RecordError> {
        Draft::parse(text, format)?.into_record(given)
    }

    /// The record in a format. What the format cannot carry is left out (k and the rule in
    /// psq, the result in psq).
    #[must_use]
    pub fn write(&self, format: Format) -> String {
        match format {
            Format::MoveLine => move_line::write(self),
            Format::Psq => psq::write(self),
            Format::Sgf => sgf::write(self),
        }
    }
}
