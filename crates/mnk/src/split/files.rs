//! The job and result files of a split proof, as text: written by `Display`, read by `parse`
//! (a file that cannot be read says which line and why).
//!
//! A job file:
//!
//! ```text
//! mnk-job 1
//! size 6x5
//! k 4
//! rule freestyle
//! root -
//! depth 2
//! job 5 of 57
//! moves a3 b1
//! needs value proof
//! end
//! ```
//!
//! names the game, the split (its `root`, in notation or `-` for the empty board, and its
//! `depth`), the job's number among the split's jobs, its position (`moves` from the empty
//! board, X first) and what the combination needs of it: the position's value for the side to
//! move, and a proof of it. A result file begins with `mnk-result 1` and the same lines from
//! `size` to `moves`, then either a value:
//!
//! ```text
//! value win
//! moves-to-end 9
//! best-move c3
//! proof 05.proof 0a1b2c3d
//! nodes 12345
//! time-ms 120
//! end
//! ```
//!
//! (`moves-to-end`: stones of both sides to the end, counting the next, or `-` when not
//! proved, always for a draw; `proof` names the proof file, beside the result, and the CRC-32
//! of its bytes in hexadecimal, or `-` when the rule allows no proof), or what a stopped job
//! knew:
//!
//! ```text
//! value none
//! at-least draw
//! at-most win
//! stopped limit reached
//! nodes 12345
//! time-ms 60000
//! end
//! ```
//!
//! The `end` line tells a whole file from one cut short.

use super::plan::{JobValue, Split};
use crate::certificate::{NumberedLines, ParseError, err, shown, write_game, write_moves};
use crate::game::{Board, Cell, Game};
use crate::notation::{format_cell, parse_cell};
use crate::solve::{Known, Wdl};
use std::fmt;

/// The version written on a job file's first line (and on a result file's).
const VERSION: u32 = 1;

/// The most bytes a job or result file holds (one is a few hundred): a longer file is not one.
pub const MAX_JOB_BYTES: u64 = 1 << 20;

/// The CRC-32 of a file's bytes, as a result file records its proof's.
#[must_use]
pub fn checksum(bytes: &[u8]) -> u32 {
    crc32fast::hash(bytes)
}

/// One position of a split's frontier, to be solved on its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    /// The split it belongs to.
    pub split: Split,
    /// Its number, from 1.
    pub number: usize,
    /// The split's number of jobs.
    pub count: usize,
    /// Its position: the moves from the empty board, X first.
    pub moves: Vec<Cell>,
}

impl Job {
    /// The job's name: its number with as many leading zeros as the split's largest number
    /// has digits (`05` of 57), so that names sort in the jobs' order. Its files are
    /// `NAME.job`, `NAME.result` and `NAME.proof`.
    #[must_use]
    pub fn name(&self) -> String {
        let width = self.count.max(1).to_string().len();
        format!("{:0width$}", self.number)
    }

    /// The job's position as a game.
    ///
    /// # Errors
    /// When a move cannot be played (a job file's moves are checked against the split's
    /// frontier before it is solved; see [`super::Frontier::mismatch`]).
    pub fn game(&self) -> Result<Game, String> {
        Game::from_moves(self.split.variant, &self.moves)
            .map_err(|(i, e)| format!("move {} of the job's position: {e}", i + 1))
    }

    /// Reads a job file written by `Display`.
    ///
    /// # Errors
    /// [`ParseError`] with the first line that cannot be read and what is accepted there.
    pub fn parse(text: &str) -> Result<Job, ParseError> {
        let mut lines = NumberedLines::new(text);
        lines.version("mnk-job", VERSION, "a job file")?;
        let job = read_job(&mut lines)?;
        let (n, needs) = lines.field("needs", "value proof")?;
        if needs != "value proof" {
            return Err(err(
                n,
                format!(
                    "this mnk gives a job's value and proof ('needs value proof'); found {}",
                    shown(needs)
                ),
            ));
        }
        lines.end("a job file")?;
        Ok(job)
    }

    fn write(&self, f: &mut dyn fmt::Write) -> fmt::Result {
        let size = self.split.variant.size();
        write_game(f, &self.split.variant)?;
        write_moves(f, "root", &self.split.root, size)?;
        writeln!(f, "depth {}", self.split.depth)?;
        writeln!(f, "job {} of {}", self.number, self.count)?;
        write_moves(f, "moves", &self.moves, size)
    }
}

impl fmt::Display for Job {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "mnk-job {VERSION}")?;
        self.write(f)?;
        writeln!(f, "needs value proof")?;
        writeln!(f, "end")
    }
}

/// The lines from `size` to `moves` of a job or result file.
fn read_job(lines: &mut NumberedLines<'_>) -> Result<Job, ParseError> {
    let variant = lines.game()?;
    let root = lines.moves("root", variant)?;
    let (n, depth) = lines.field("depth", "PLIES")?;
    let depth = depth.parse().map_err(|_| {
        err(
            n,
            format!("the depth is a number of plies; found {}", shown(depth)),
        )
    })?;
    let (n, place) = lines.field("job", "NUMBER of COUNT")?;
    let (number, count) = place
        .split_once(" of ")
        .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)))
        .filter(|&(number, count): &(usize, usize)| number >= 1 && number <= count)
        .ok_or_else(|| {
            err(
                n,
                format!(
                    "expected 'job NUMBER of COUNT' (as 'job 5 of 57'); found {}",
                    shown(place)
                ),
            )
        })?;
    let moves = lines.moves("moves", variant)?;
    if Board::from_moves(variant, &moves).is_err() {
        return Err(err(lines.last, "the job's moves cannot be played"));
    }
    Ok(Job {
        split: Split {
            variant,
            root,
            depth,
        },
        number,
        count,
        moves,
    })
}

/// The proof a result file names: the file (beside the result) and the CRC-32 of its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProofFile {
    /// The file's name, in the result's directory.
    pub name: String,
    /// [`checksum`] of its bytes.
    pub checksum: u32,
}

/// What a job found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobOutcome {
    /// The position's value.
    Proved {
        /// The value for the side to move, with its distance when that was proved.
        value: JobValue,
        /// A move that achieves it.
        best: Cell,
        /// The proof, if the rule allows one.
        proof: Option<ProofFile>,
    },
    /// The job stopped before the value was proved.
    Stopped {
        /// What it had proved.
        known: Known,
        /// Why it stopped, in words ("limit reached", "interrupted").
        why: String,
    },
}

/// A job's result file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobResult {
    /// The job.
    pub job: Job,
    /// What it found.
    pub outcome: JobOutcome,
    /// Nodes the solver searched.
    pub nodes: u64,
    /// Milliseconds it took.
    pub time_ms: u64,
}

impl JobResult {
    /// The value, when the job proved one.
    #[must_use]
    pub fn value(&self) -> Option<JobValue> {
        match self.outcome {
            JobOutcome::Proved { value, .. } => Some(value),
            JobOutcome::Stopped { .. } => None,
        }
    }

    /// Reads a result file written by `Display`.
    ///
    /// # Errors
    /// [`ParseError`] with the first line that cannot be read and what is accepted there.
    pub fn parse(text: &str) -> Result<JobResult, ParseError> {
        let mut lines = NumberedLines::new(text);
        lines.version("mnk-result", VERSION, "a result file")?;
        let job = read_job(&mut lines)?;
        let size = job.split.variant.size();
        let wdl = |n: usize, text: &str| text.parse::<Wdl>().map_err(|e| err(n, e));
        let (n, value) = lines.field("value", "win|draw|loss|none")?;
        let outcome = if value == "none" {
            let (n, at_least) = lines.field("at-least", "win|draw|loss")?;
            let at_least = wdl(n, at_least)?;
            let (n, at_most) = lines.field("at-most", "win|draw|loss")?;
            let at_most = wdl(n, at_most)?;
            if at_least > at_most {
                return Err(err(n, "'at-most' is below 'at-least'"));
            }
            let (_, why) = lines.field("stopped", "WHY")?;
            JobOutcome::Stopped {
                known: Known { at_least, at_most },
                why: why.to_string(),
            }
        } else {
            let value = wdl(n, value)?;
            let (n, moves) = lines.field("moves-to-end", "N|-")?;
            let moves_to_end = match moves {
                "-" => None,
                _ => Some(moves.parse().map_err(|_| {
                    err(
                        n,
                        format!("expected a number or '-'; found {}", shown(moves)),
                    )
                })?),
            };
            if moves_to_end.is_some_and(|m: u32| m as usize > size.cells()) {
                return Err(err(
                    n,
                    format!(
                        "more moves to the end than the board has cells ({})",
                        size.cells()
                    ),
                ));
            }
            if value == Wdl::Draw && moves_to_end.is_some() {
                return Err(err(n, "a draw has no moves to the end ('moves-to-end -')"));
            }
            let value = JobValue {
                value,
                moves_to_end,
            };
            let (n, best) = lines.field("best-move", "CELL")?;
            let best = parse_cell(best, size).map_err(|e| err(n, e.to_string()))?;
            let (n, proof) = lines.field("proof", "FILE CRC32|-")?;
            let proof = match proof.split_whitespace().collect::<Vec<_>>()[..] {
                ["-"] => None,
                [name, sum] if sum.len() == 8 && !name.contains('/') => Some(ProofFile {
                    name: name.to_string(),
                    checksum: u32::from_str_radix(sum, 16).map_err(|_| {
                        err(
                            n,
                            format!("the checksum is 8 hexadecimal digits; found {sum:?}"),
                        )
                    })?,
                }),
                _ => {
                    return Err(err(
                        n,
                        format!(
                            "expected 'proof FILE CRC32' (a name in the same directory and 8 \
                             hexadecimal digits) or 'proof -'; found {}",
                            shown(proof)
                        ),
                    ));
                }
            };
            JobOutcome::Proved { value, best, proof }
        };
        let mut number = |word: &str| -> Result<u64, ParseError> {
            let (n, text) = lines.field(word, "N")?;
            text.parse()
                .map_err(|_| err(n, format!("'{word}' is a number; found {}", shown(text))))
        };
        let nodes = number("nodes")?;
        let time_ms = number("time-ms")?;
        lines.end("a result file")?;
        Ok(JobResult {
            job,
            outcome,
            nodes,
            time_ms,
        })
    }
}

impl fmt::Display for JobResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "mnk-result {VERSION}")?;
        self.job.write(f)?;
        match &self.outcome {
            JobOutcome::Proved { value, best, proof } => {
                writeln!(f, "value {}", value.value)?;
                match value.moves_to_end {
                    Some(n) => writeln!(f, "moves-to-end {n}")?,
                    None => writeln!(f, "moves-to-end -")?,
                }
                writeln!(
                    f,
                    "best-move {}",
                    format_cell(*best, self.job.split.variant.size())
                )?;
                match proof {
                    Some(p) => writeln!(f, "proof {} {:08x}", p.name, p.checksum)?,
                    None => writeln!(f, "proof -")?,
                }
            }
            JobOutcome::Stopped { known, why } => {
                writeln!(f, "value none")?;
                writeln!(f, "at-least {}", known.at_least)?;
                writeln!(f, "at-most {}", known.at_most)?;
                writeln!(f, "stopped {why}")?;
            }
        }
        writeln!(f, "nodes {}", self.nodes)?;
        writeln!(f, "time-ms {}", self.time_ms)?;
        writeln!(f, "end")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size, Variant};
    use crate::notation::parse_moves;

    fn job() -> Job {
        let size = Size::new(6, 5);
        Job {
            split: Split {
                variant: Variant::new(size, 4, Rule::Freestyle).unwrap(),
                root: Vec::new(),
                depth: 2,
            },
            number: 5,
            count: 57,
            moves: parse_moves("a3 b1", size).unwrap(),
        }
    }

    #[test]
    fn a_job_file_reads_back_and_names_itself() {
        let job = job();
        let text = job.to_string();
        assert_eq!(
            text,
            "mnk-job 1\nsize 6x5\nk 4\nrule freestyle\nroot -\ndepth 2\njob 5 of 57\n\
             moves a3 b1\nneeds value proof\nend\n"
        );
        assert_eq!(Job::parse(&text), Ok(job.clone()));
        assert_eq!(job.name(), "05");
        assert_eq!(job.game().unwrap().moves(), &job.moves[..]);
    }

    #[test]
    fn results_read_back() {
        let size = Size::new(6, 5);
        let proved = JobResult {
            job: job(),
            outcome: JobOutcome::Proved {
                value: JobValue {
                    value: Wdl::Win,
                    moves_to_end: Some(9),
                },
                best: parse_cell("c3", size).unwrap(),
                proof: Some(ProofFile {
                    name: "05.proof".into(),
                    checksum: 0x0a1b_2c3d,
                }),
            },
            nodes: 12345,
            time_ms: 120,
        };
        let text = proved.to_string();
        assert!(
            text.contains("\nmoves-to-end 9\nbest-move c3\nproof 05.proof 0a1b2c3d\n"),
            "{text}"
        );
        assert_eq!(JobResult::parse(&text), Ok(proved.clone()));
        assert_eq!(proved.value().map(|v| v.value), Some(Wdl::Win));
        // More moves to the end than the 30 cells: refused (it would overflow a score).
        for moves in ["31", "4294967295"] {
            let e =
                JobResult::parse(&text.replace("moves-to-end 9", &format!("moves-to-end {moves}")))
                    .unwrap_err();
            assert!(
                e.why.contains("than the board has cells (30)"),
                "{moves}: {e}"
            );
        }
        let thirty = text.replace("moves-to-end 9", "moves-to-end 30");
        assert!(JobResult::parse(&thirty).is_ok());
        let stopped = JobResult {
            outcome: JobOutcome::Stopped {
                known: Known {
                    at_least: Wdl::Draw,
                    at_most: Wdl::Win,
                },
                why: "limit reached".into(),
            },
            ..proved
        };
        let text = stopped.to_string();
        assert_eq!(JobResult::parse(&text), Ok(stopped.clone()));
        assert_eq!(stopped.value(), None);
    }

    /// A file cut short, of another version, or damaged is refused with the line and why.
    #[test]
    fn bad_files_are_refused_with_the_line_and_why() {
        let text = job().to_string();
        let cut = &text[..text.len() - 4];
        let e = Job::parse(cut).unwrap_err();
        assert!(e.why.contains("cut short"), "{e}");
        let e = Job::parse(&text.replace("mnk-job 1", "mnk-job 2")).unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.why.contains("version \"2\""), "{e}");
        let e = Job::parse(&text.replace("job 5 of 57", "job 58 of 57")).unwrap_err();
        assert_eq!(e.line, 7);
        let e = Job::parse(&text.replace("moves a3 b1", "moves a3 a3")).unwrap_err();
        assert_eq!(e.line, 8);
        let e = JobResult::parse(&text).unwrap_err();
        assert!(e.why.contains("mnk-result"), "{e}");
        let e = Job::parse(&format!("{text}more\n")).unwrap_err();
        assert!(e.why.contains("nothing may follow"), "{e}");
    }
}
