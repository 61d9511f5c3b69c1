//! Proofs that anyone can check: the certificate of a position's value that the solver writes
//! (`mnk solve --proof FILE`), its text format, and a small checker (`mnk verify FILE`) that
//! shares only the rules with the solver (the [`crate::game`] module: moves, wins, windows,
//! symmetries), not its search.
//!
//! # What a certificate proves
//!
//! A value is proved by one or two *sections*, each a strategy for one side:
//! - a **win** for the side to move: a section "X win" (if X is to move);
//! - a **loss**: a section "O win" for the opponent;
//! - a **draw**: "X not-lose" and "O not-lose" (neither side can force a win).
//!
//! A section for side `S` is a map from positions to *records*. Where `S` is to move, the
//! record is `S`'s move; where the other side is to move, every reply is checked (no record is
//! needed). A record may instead be a **pairing**, for "not-lose" only: disjoint pairs of
//! empty cells such that every k-window holding no stone of `S` contains both cells of some
//! pair. Whoever is to move, `S` then never loses (it answers a stone on a paired cell with the
//! other cell of the pair; Hales-Jewett), so the position needs nothing more. Where `S` can win
//! with its next stone, no record is needed either: the checker finds the winning cell.
//! A "win" section holds where every line of play it allows ends with `S` completing a win; a
//! "not-lose" section where none ends with the other side's win. In a not-lose section under
//! freestyle the checker need not try every reply: a reply outside the *relevance zone* of one
//! it has checked (the cells whose stones that reply's lines depend on) is refuted by the
//! same lines, and the proof holds records for the replies the checker tries only (module
//! `zone` has the rules and why they are sound). Version 1 files, which answer every reply,
//! read and check as well.
//!
//! Positions are keyed **up to symmetry**: a record's key is the position's canonical image
//! ([`SymmetryTable::frame`](crate::game::SymmetryTable::frame): the image under the 8
//! symmetries of a square board, or the 4 of a rectangle, whose `(x << 64) | o` is smallest,
//! where bit `i` of `x` is X's stone on cell `i`, cells numbered row by row from the top
//! left), and its cells are named in that image. So one record serves every symmetric position.
//!
//! # The text format
//!
//! ```text
//! mnk-proof 2
//! size 4x4
//! k 4
//! rule freestyle
//! moves -
//! value draw
//! section X not-lose 2
//! 00000000000000000000000000000000 move b3
//! 00000000000000200000000000000000 pairs a4-b4 a3-a2 b2-c2 c4-c3 d4-a1 b1-c1 d3-d2
//! section O not-lose 6
//! 00000000000000010000000000000000 move b3
//! 00000000000000010000000000000020 pairs b4-c4 a3-a2 b2-c2 c3-c1 d4-a1 b1-d1 d3-d2
//! 00000000000000020000000000000000 move b3
//! 00000000000000020000000000000020 pairs a4-c4 a3-a2 b2-c2 c3-c1 d4-a1 b1-d1 d3-d2
//! 00000000000000200000000000000000 move c3
//! 00000000000000200000000000000040 pairs b4-b2 a4-c4 c2-d1 a2-d2 a3-a1 b1-c1 d4-d3
//! end
//! ```
//!
//! (4x4 k=4, a draw: after X's b3, X's pairs block every window of O, whatever O plays; O
//! answers each first move of X up to symmetry, then holds a pairing too.)
//!
//! The header names the game (`size`, `k`, `rule`), the position (`moves` in notation, X
//! first, or `-` for the empty board) and its `value` for the side to move (`win`, `draw` or
//! `loss`). Then each section: `section SIDE GOAL COUNT` (`GOAL` is `win` or `not-lose`) and
//! `COUNT` records, one a line: the key as 32 hexadecimal digits (X's mask, then O's), then
//! `move CELL` or `pairs A-B C-D ...` (cells in notation, in the key's image; `pairs` alone is
//! the empty pairing: the other side has no window left). `end` closes the file. Records are
//! written in the order of their keys, so the same proof always gives the same file.

/// The longest proof file read, in bytes (2 GiB): `mnk verify` reads a proof whole (the
/// 7x7 k=5 proof is 11.7 MB and takes about 70 MB to check), so a larger one is refused before
/// it is read rather than read until memory runs out.
pub const MAX_PROOF_BYTES: u64 = 2 << 30;

mod check;
mod proof;
mod text;
mod zone;

pub use check::{CheckError, Checked, verify, verify_assuming};
pub use proof::{Certificate, Goal, Record, Section, VERSION};
pub use text::ParseError;
pub(crate) use text::{NumberedLines, err, shown, write_game, write_moves};
pub(crate) use zone::{EVERY_CELL, hit, in_proof_order, map_zone};
