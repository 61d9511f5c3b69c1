//! One line from the manager, parsed: [`Command`] through [`FromStr`], with [`CommandError`]
//! saying what could not be read.
//!
//! This is the "can it be read at all?" step: coordinates are non-negative numbers here, and
//! whether they are on the board, or the cell is free, is for the [`super::Brain`] to check.
//! Command words are case-insensitive, as in the protocol's reference skeleton; blanks around the
//! commas of `x,y` are allowed.

use crate::game::{Cell, Size};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A point in protocol coordinates: `x` is the column from the left, `y` the row from the top,
/// both from 0. Not yet checked against a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Point {
    /// Column, from 0 at the left.
    pub x: u32,
    /// Row, from 0 at the top.
    pub y: u32,
}

impl Point {
    /// The point of `cell` on a board of `size`.
    #[must_use]
    pub fn of(size: Size, cell: Cell) -> Point {
        Point {
            x: size.col(cell).unsigned_abs(),
            y: size.row(cell).unsigned_abs(),
        }
    }
}

impl fmt::Display for Point {
    /// `x,y`, as the protocol writes a move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// Whose stone a `BOARD` line places.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// `1`: the brain's own stone.
    Own,
    /// `2`: the opponent's stone.
    Opponent,
    /// `3`: a stone of a continuous game that belongs to a finished winning line (or is
    /// forbidden by renju rules): it belongs to nobody and blocks the cell.
    Neutral,
}

/// An `INFO key value` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Info {
    /// `timeout_turn`: milliseconds per move; 0 means "play as fast as possible".
    TimeoutTurn(u64),
    /// `timeout_match`: milliseconds for the whole game; 0 means no limit.
    TimeoutMatch(u64),
    /// `time_left`: milliseconds left of the whole game; negative once overrun,
    /// 2147483647 (or more) when the game is not timed.
    TimeLeft(i64),
    /// `max_memory`: bytes; 0 means no limit.
    MaxMemory(u64),
    /// `game_type`: 0 human opponent, 1 brain, 2 tournament, 3 network tournament.
    GameType(i64),
    /// `rule`: bit mask, 1 exactly five, 2 continuous game, 4 renju, 8 caro.
    Rule(u32),
    /// `thread_num` (Yixin-Board's extension): search threads.
    ThreadNum(u32),
    /// `max_node` (Yixin-Board's and c-gomoku-cli's extension): nodes a move may search; 0 or
    /// a negative number means no limit.
    MaxNode(Option<u64>),
    /// `max_depth` (the same extension): plies a move may search; 0 or a negative number
    /// means no limit.
    MaxDepth(Option<u32>),
    /// `show_detail` (Yixin-Board's extension): what the brain reports while and after it
    /// thinks, a bit mask: 1 realtime marks (`MESSAGE REALTIME ...`), 2 a detailed block per
    /// line (`INFO PV ...`); 0 neither.
    ShowDetail(u32),
    /// A key the brain does not use (`folder`, `evaluate`, anything newer): ignored.
    Other {
        /// The key, lowercase.
        key: String,
        /// The rest of the line.
        value: String,
    },
}

/// A command from the manager (or a data line of a `BOARD` block).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `START n`: a new game on an n x n board; answer `OK` or `ERROR`.
    Start(u32),
    /// `RECTSTART w,h`: a new game on a w x h board; answer `OK` or `ERROR`.
    RectStart {
        /// Columns (the x range).
        width: u32,
        /// Rows (the y range).
        height: u32,
    },
    /// `RESTART`: a new game on the same board; answer `OK`.
    Restart,
    /// `TURN x,y`: the opponent played there; answer with the brain's move.
    Turn(Point),
    /// `BEGIN`: the brain opens the game; answer with its move.
    Begin,
    /// `BOARD`: a whole position follows, one [`Command::Stone`] per line, then `DONE`.
    Board,
    /// `x,y,field`: one stone of a `BOARD` block.
    Stone(Point, Field),
    /// `DONE`: the end of a `BOARD` block; answer with the brain's move.
    Done,
    /// `INFO key value`: a setting; no answer.
    Info(Info),
    /// `END`: quit at once, no answer.
    End,
    /// `ABOUT`: answer `name="...", version="...", ...` on one line.
    About,
    /// `TAKEBACK x,y`: remove that stone; answer `OK`.
    Takeback(Point),
    /// `PLAY x,y`: the manager imposes the brain's move (after `SUGGEST`); answer `x,y`.
    Play(Point),
    /// `SWAP2BOARD`: the swap2 opening negotiation; its stones follow, then `DONE`.
    Swap2Board,
    /// `YXSTOP` (Yixin-Board; `STOP` as Rapfi also reads it): stop thinking now and answer
    /// with the best move so far. No answer of its own.
    YxStop,
    /// `YXBOARD` (Yixin-Board): a whole position follows, as after `BOARD`, then `DONE`; the
    /// brain takes it and does not think (no answer).
    YxBoard,
    /// `YXNBEST n` (Yixin-Board): think about the position for the best `n` moves, report
    /// each with its value and line, and answer with the best, as after `TURN`.
    YxNbest(u32),
}

/// Why a line is not a command.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CommandError {
    /// Nothing but blanks.
    #[error("empty line")]
    Empty,
    /// A first word that is no command of the protocol: answered with `UNKNOWN`.
    #[error(
        "unknown command '{0}'; the commands are START, RECTSTART, RESTART, BEGIN, TURN, BOARD, \
         DONE, INFO, TAKEBACK, PLAY, ABOUT, END, and Yixin-Board's YXBOARD, YXNBEST, YXSTOP"
    )]
    Unknown(String),
    /// A known command with arguments that cannot be read: answered with `ERROR`.
    #[error("{command}: cannot read '{text}', expected {expected}")]
    BadArguments {
        /// The command word, uppercase.
        command: &'static str,
        /// What followed it.
        text: String,
        /// What was expected.
        expected: &'static str,
    },
    /// `INFO` with a value that cannot be read for its key.
    #[error("INFO {key}: cannot read '{value}', expected {expected}")]
    BadInfo {
        /// The key, lowercase.
        key: &'static str,
        /// The value given.
        value: String,
        /// What was expected.
        expected: &'static str,
    },
}

impl CommandError {
    /// Whether the protocol answers this with `UNKNOWN` (rather than `ERROR`).
    #[must_use]
    pub const fn is_unknown(&self) -> bool {
        matches!(self, CommandError::Unknown(_))
    }

    /// Whether this is an `INFO` line that cannot be read (a bare `INFO`, a value that is not
    /// one): a manager expects no answer to `INFO`, so none is given (an answer would be read
    /// as the answer to the next command, and every answer after it would run a line late).
    #[must_use]
    pub fn is_info(&self) -> bool {
        matches!(
            self,
            CommandError::BadInfo { .. }
                | CommandError::BadArguments {
                    command: "INFO",
                    ..
                }
        )
    }
}

impl FromStr for Command {
    type Err = CommandError;

    fn from_str(line: &str) -> Result<Self, Self::Err> {
        let line = line.trim();
        if line.is_empty() {
            return Err(CommandError::Empty);
        }
        if line.starts_with(|c: char| c.is_ascii_digit()) {
            return parse_stone(line);
        }
        let (word, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(w, r)| (w, r.trim()));
        let upper = word.to_ascii_uppercase();
        let bare = |command: &'static str, value: Command| {
            if rest.is_empty() {
                Ok(value)
            } else {
                Err(bad(command, rest, "no argument"))
            }
        };
        match upper.as_str() {
            "START" => parse_number(rest)
                .map(Command::Start)
                .ok_or_else(|| bad("START", rest, "the board size, a number like 15 or 20")),
            "RECTSTART" => parse_pair(rest)
                .map(|(width, height)| Command::RectStart { width, height })
                .ok_or_else(|| bad("RECTSTART", rest, "width,height, like 20,15")),
            "TURN" => point("TURN", rest).map(Command::Turn),
            "TAKEBACK" => point("TAKEBACK", rest).map(Command::Takeback),
            "PLAY" => point("PLAY", rest).map(Command::Play),
            "INFO" => parse_info(rest).map(Command::Info),
            "RESTART" => bare("RESTART", Command::Restart),
            "BEGIN" => bare("BEGIN", Command::Begin),
            "BOARD" => bare("BOARD", Command::Board),
            "DONE" => bare("DONE", Command::Done),
            "ABOUT" => bare("ABOUT", Command::About),
            "SWAP2BOARD" => bare("SWAP2BOARD", Command::Swap2Board),
            "YXSTOP" | "STOP" => Ok(Command::YxStop),
            "YXBOARD" => bare("YXBOARD", Command::YxBoard),
            "YXNBEST" => parse_number(rest)
                .map(Command::YxNbest)
                .ok_or_else(|| bad("YXNBEST", rest, "the number of best moves, like 3")),
            // END is obeyed whatever follows it: the manager wants the brain gone.
            "END" => Ok(Command::End),
            _ => Err(CommandError::Unknown(shorten(word))),
        }
    }
}

fn bad(command: &'static str, text: &str, expected: &'static str) -> CommandError {
    CommandError::BadArguments {
        command,
        text: shorten(text),
        expected,
    }
}

/// At most 40 characters of what was received, so an error line stays short.
fn shorten(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let mut short: String = text.chars().take(MAX).collect();
        short.push_str("...");
        short
    }
}

fn parse_number(text: &str) -> Option<u32> {
    let text = text.trim();
    (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

fn parse_pair(text: &str) -> Option<(u32, u32)> {
    let (a, b) = text.split_once(',')?;
    Some((parse_number(a)?, parse_number(b)?))
}

/// A point written `x,y`, as `TURN` and the lines of `SWAP2BOARD` give it.
///
/// # Errors
/// [`CommandError::BadArguments`] naming `command` for anything else.
pub(super) fn point(command: &'static str, text: &str) -> Result<Point, CommandError> {
    parse_pair(text)
        .map(|(x, y)| Point { x, y })
        .ok_or_else(|| bad(command, text, "x,y: two numbers from 0, like 7,7"))
}

fn parse_stone(line: &str) -> Result<Command, CommandError> {
    let stone = || -> Option<Command> {
        let mut parts = line.split(',');
        let x = parse_number(parts.next()?)?;
        let y = parse_number(parts.next()?)?;
        let field = match parse_number(parts.next()?)? {
            1 => Field::Own,
            2 => Field::Opponent,
            3 => Field::Neutral,
            _ => return None,
        };
        parts
            .next()
            .is_none()
            .then_some(Command::Stone(Point { x, y }, field))
    };
    stone().ok_or_else(|| {
        bad(
            "BOARD",
            line,
            "x,y,field with field 1 (own), 2 (opponent) or 3 (continuous game)",
        )
    })
}

fn parse_info(rest: &str) -> Result<Info, CommandError> {
    let (key, value) = rest
        .split_once(char::is_whitespace)
        .map_or((rest, ""), |(k, v)| (k, v.trim()));
    if key.is_empty() {
        return Err(bad(
            "INFO",
            rest,
            "a key and a value, like timeout_turn 5000",
        ));
    }
    let key = key.to_ascii_lowercase();
    let unsigned = |key: &'static str| {
        value
            .parse::<u64>()
            .map_err(|_| info_error(key, value, "a whole number from 0"))
    };
    let signed = |key: &'static str| {
        value
            .parse::<i64>()
            .map_err(|_| info_error(key, value, "a whole number"))
    };
    // A limit: a positive whole number, or 0 / a negative number for none.
    let limit = |key: &'static str| {
        value
            .parse::<i128>()
            .map(|n| u64::try_from(n).ok().filter(|&n| n > 0))
            .map_err(|_| info_error(key, value, "a whole number (0 or less: no limit)"))
    };
    Ok(match key.as_str() {
        "timeout_turn" => Info::TimeoutTurn(unsigned("timeout_turn")?),
        "timeout_match" => Info::TimeoutMatch(unsigned("timeout_match")?),
        "time_left" => Info::TimeLeft(signed("time_left")?),
        "max_memory" => Info::MaxMemory(unsigned("max_memory")?),
        "game_type" => Info::GameType(signed("game_type")?),
        "thread_num" => Info::ThreadNum(
            value
                .parse::<u32>()
                .map_err(|_| info_error("thread_num", value, "a whole number from 0"))?,
        ),
        "max_node" => Info::MaxNode(limit("max_node")?),
        "max_depth" => Info::MaxDepth(
            limit("max_depth")?
                .map(|d| u32::try_from(d).unwrap_or(u32::MAX))
                .filter(|&d| d > 0),
        ),
        "show_detail" => Info::ShowDetail(
            value
                .parse::<u32>()
                .map_err(|_| info_error("show_detail", value, "0, 1, 2 or 3 (a bit mask)"))?,
        ),
        "rule" => Info::Rule(value.parse::<u32>().map_err(|_| {
            info_error(
                "rule",
                value,
                "a bit mask: 1 exact five, 2 continuous, 4 renju, 8 caro",
            )
        })?),
        _ => Info::Other {
            key,
            value: value.to_string(),
        },
    })
}

fn info_error(key: &'static str, value: &str, expected: &'static str) -> CommandError {
    CommandError::BadInfo {
        key,
        value: shorten(value),
        expected,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: u32, y: u32) -> Point {
        Point { x, y }
    }

    #[test]
    fn every_command_parses() {
        let cases = [
            ("START 20", Command::Start(20)),
            ("start 15", Command::Start(15)),
            (
                "RECTSTART 30,20",
                Command::RectStart {
                    width: 30,
                    height: 20,
                },
            ),
            (
                "RECTSTART 7 , 6",
                Command::RectStart {
                    width: 7,
                    height: 6,
                },
            ),
            ("RESTART", Command::Restart),
            ("TURN 10,15", Command::Turn(p(10, 15))),
            ("  turn 0,0\r", Command::Turn(p(0, 0))),
            ("BEGIN", Command::Begin),
            ("BOARD", Command::Board),
            ("10,10,1", Command::Stone(p(10, 10), Field::Own)),
            ("9,10,2", Command::Stone(p(9, 10), Field::Opponent)),
            ("3,4,3", Command::Stone(p(3, 4), Field::Neutral)),
            ("DONE", Command::Done),
            ("END", Command::End),
            ("ABOUT", Command::About),
            ("TAKEBACK 9,10", Command::Takeback(p(9, 10))),
            ("PLAY 12,10", Command::Play(p(12, 10))),
            ("SWAP2BOARD", Command::Swap2Board),
            ("YXSTOP", Command::YxStop),
            ("stop", Command::YxStop),
            ("YXBOARD", Command::YxBoard),
            ("yxnbest 3", Command::YxNbest(3)),
            ("YXNBEST 0", Command::YxNbest(0)),
        ];
        for (line, expected) in cases {
            assert_eq!(line.parse::<Command>(), Ok(expected), "{line}");
        }
    }

    #[test]
    fn info_keys_parse_and_unknown_keys_are_kept_aside() {
        let info = |line: &str| match line.parse::<Command>() {
            Ok(Command::Info(i)) => i,
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(info("INFO timeout_turn 5000"), Info::TimeoutTurn(5000));
        assert_eq!(info("INFO timeout_match 0"), Info::TimeoutMatch(0));
        assert_eq!(info("INFO time_left -120"), Info::TimeLeft(-120));
        assert_eq!(
            info("INFO max_memory 83886080"),
            Info::MaxMemory(83_886_080)
        );
        assert_eq!(info("INFO game_type 2"), Info::GameType(2));
        assert_eq!(info("INFO THREAD_NUM 2"), Info::ThreadNum(2));
        assert_eq!(info("INFO rule 1"), Info::Rule(1));
        assert_eq!(info("INFO SHOW_DETAIL 3"), Info::ShowDetail(3));
        assert_eq!(info("info RULE 5"), Info::Rule(5));
        assert_eq!(
            info("INFO folder C:\\data dir"),
            Info::Other {
                key: "folder".into(),
                value: "C:\\data dir".into()
            }
        );
        assert_eq!(
            info("INFO evaluate 3,4"),
            Info::Other {
                key: "evaluate".into(),
                value: "3,4".into()
            }
        );
    }

    #[test]
    fn bad_lines_say_what_was_expected() {
        assert_eq!("".parse::<Command>(), Err(CommandError::Empty));
        assert_eq!(" \t\r".parse::<Command>(), Err(CommandError::Empty));
        let e = "HELLO there".parse::<Command>().unwrap_err();
        assert!(e.is_unknown());
        assert!(e.to_string().contains("'HELLO'"), "{e}");
        for line in [
            "START",
            "START x",
            "START -5",
            "START 99999999999999",
            "RECTSTART 20",
            "TURN 3",
            "TURN -1,2",
            "TURN 1,2,3",
            "TAKEBACK",
            "BEGIN now",
            "INFO",
            "INFO timeout_turn fast",
            "INFO timeout_turn -5",
            "INFO max_memory 1e6",
            "INFO rule -1",
            "1,2",
            "1,2,4",
            "1,2,1,1",
            "1,,2",
            "YXNBEST",
            "YXNBEST three",
            "YXNBEST -1",
            "YXBOARD now",
            "INFO show_detail all",
        ] {
            let e = line.parse::<Command>().unwrap_err();
            assert!(!e.is_unknown(), "{line}: {e}");
            assert!(e.to_string().contains("expected"), "{line}: {e}");
        }
    }

    #[test]
    fn long_garbage_is_shortened_in_messages() {
        let long = format!("TURN {}", "9".repeat(500));
        let e = long.parse::<Command>().unwrap_err().to_string();
        assert!(e.len() < 150, "{e}");
    }

    #[test]
    fn end_is_obeyed_even_with_trailing_text() {
        assert_eq!("END now please".parse::<Command>(), Ok(Command::End));
    }
}
