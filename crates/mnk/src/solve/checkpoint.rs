//! Checkpoints: what the transposition table knows, written to a byte stream and read back,
//! so that a solve of hours survives an interruption. A resumed solve starts again from the
//! root with the table it had: every bound the table kept cuts its subtree at once, so the
//! search is soon back where it stopped (entries the table had already replaced are lost).
//!
//! The table holds exact positions, not a position's tree, so a checkpoint serves any
//! position of the same game solved with the same symmetry setting; the header names both and
//! a checkpoint of another game is refused.
//!
//! # Layout
//! `mnk-table 1\n`, a header line (`7x7 k=5 freestyle symmetry\n`), then blocks: a
//! little-endian `u32` count `n` (at most [`BLOCK`]) and `n` records of 20 bytes (the
//! position's key as a little-endian `u128`, then lower bound, upper bound, best move and
//! work, one byte each). A block of count 0 ends the records; after it, the number of records
//! (`u64`) and the CRC-32 of every record byte (`u32`). A file cut short, or whose checksum
//! does not match, is refused and leaves the table empty; so is one whose checksum matches
//! but holds a record no solve of the game writes (`Plausible`: a position the players
//! cannot reach, bounds out of order, a win or loss sooner than k in a row allows, a best move
//! on a taken cell).

use super::key::Symmetries;
use super::table::{Entry, NO_MOVE, Table};
use crate::game::Variant;
use std::io::{self, Read, Write};
use thiserror::Error;

const MAGIC: &[u8] = b"mnk-table 1\n";
/// Records in one block.
const BLOCK: usize = 4096;
const RECORD: usize = 20;

/// Why a checkpoint could not be read.
#[derive(Debug, Error)]
pub enum CheckpointError {
    /// Reading failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// Not a checkpoint of mnk's.
    #[error("not an mnk solver checkpoint (it should start with 'mnk-table 1')")]
    NotACheckpoint,
    /// A checkpoint of another game or symmetry setting.
    #[error("a checkpoint of {found}, not of {wanted}")]
    OtherGame {
        /// What the file holds.
        found: String,
        /// What this solver solves.
        wanted: String,
    },
    /// Cut short or corrupted.
    #[error("the checkpoint is damaged ({0}); nothing of it was kept")]
    Damaged(String),
}

/// The header line that names what a table's keys mean.
pub(crate) fn header(variant: &Variant, symmetry: bool) -> String {
    format!(
        "{} {} {}",
        variant,
        variant.rule(),
        if symmetry { "symmetry" } else { "no-symmetry" }
    )
}

/// Writes the table's entries. Returns the number written.
pub(crate) fn write(table: &Table, header: &str, out: &mut dyn Write) -> io::Result<u64> {
    out.write_all(MAGIC)?;
    out.write_all(header.as_bytes())?;
    out.write_all(b"\n")?;
    let mut crc = crc32fast::Hasher::new();
    let mut block = Vec::with_capacity(BLOCK * RECORD);
    let mut total = 0u64;
    table.for_each(|key, e| {
        let start = block.len();
        block.extend_from_slice(&key.to_le_bytes());
        block.extend_from_slice(&[e.lower as u8, e.upper as u8, e.best, e.work]);
        crc.update(&block[start..]);
        total += 1;
        if block.len() == BLOCK * RECORD {
            flush(&mut block, out)?;
        }
        Ok::<(), io::Error>(())
    })?;
    if !block.is_empty() {
        flush(&mut block, out)?;
    }
    out.write_all(&0u32.to_le_bytes())?;
    out.write_all(&total.to_le_bytes())?;
    out.write_all(&crc.finalize().to_le_bytes())?;
    out.flush()?;
    Ok(total)
}

/// Writes one block of records and empties it.
fn flush(block: &mut Vec<u8>, out: &mut dyn Write) -> io::Result<()> {
    let n = (block.len() / RECORD) as u32;
    out.write_all(&n.to_le_bytes())?;
    out.write_all(block)?;
    block.clear();
    Ok(())
}

/// What an entry of this game may say: each record read is checked against it, so that a
/// file with a valid checksum but an impossible entry (a crafted or mis-written one) is refused
/// rather than trusted.
pub(crate) struct Plausible<'a> {
    /// The board's symmetries, which decode a key into its position.
    pub(crate) syms: &'a Symmetries,
    /// The board's cells.
    pub(crate) cells: u32,
    /// Stones in a row that win.
    pub(crate) k: u32,
}

impl Plausible<'_> {
    /// Whether `entry` can be true of the position `key` encodes: a position X and O reach
    /// taking turns (X first), bounds in order, a win claimed no sooner than the side to move
    /// can complete `k` in a row, a loss no sooner than the other side can, and a best move on
    /// an empty cell. A score counts the stones on the board when the game ends (see
    /// [`crate::solve`]): a win completed with `s` stones scores `cells + 1 - s`.
    fn allows(&self, key: u128, entry: Entry) -> bool {
        let Some((x, o)) = self.syms.decode(key) else {
            return false;
        };
        let (nx, no) = (x.count_ones(), o.count_ones());
        if nx != no && nx != no + 1 {
            return false;
        }
        let stones = nx + no;
        // The side to move is X when the counts are equal.
        let (own, other) = if nx == no { (nx, no) } else { (no, nx) };
        let n = i32::try_from(self.cells).unwrap_or(i32::MAX);
        // The score of a game that ends with `at` stones on the board (0 if it cannot).
        let score = |at: u32| (n + 1 - i32::try_from(at).unwrap_or(i32::MAX)).max(0);
        let best_win = score(stones + (2 * self.k.saturating_sub(own)).saturating_sub(1).max(1));
        let worst_loss = -score(stones + (2 * self.k.saturating_sub(other)).max(2));
        let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
        let lower_ok = entry.lower == i8::MIN || (lower >= -n && lower <= best_win);
        let upper_ok = entry.upper == i8::MAX || (upper <= n && upper >= worst_loss);
        let best_ok = entry.best == NO_MOVE
            || (u32::from(entry.best) < self.cells && (x | o) >> entry.best & 1 == 0);
        lower_ok && upper_ok && lower <= upper && best_ok
    }
}

/// Reads a checkpoint into the table, every record checked against `plausible`. Returns the
/// number of records read.
pub(crate) fn read(
    table: &Table,
    header: &str,
    plausible: &Plausible<'_>,
    input: &mut dyn Read,
) -> Result<u64, CheckpointError> {
    let mut magic = [0u8; MAGIC.len()];
    input
        .read_exact(&mut magic)
        .map_err(|_| CheckpointError::NotACheckpoint)?;
    if magic != MAGIC {
        return Err(CheckpointError::NotACheckpoint);
    }
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    loop {
        input
            .read_exact(&mut byte)
            .map_err(|_| CheckpointError::Damaged("no header line".into()))?;
        if byte[0] == b'\n' {
            break;
        }
        if line.len() > 200 {
            return Err(CheckpointError::NotACheckpoint);
        }
        line.push(byte[0]);
    }
    let found = String::from_utf8_lossy(&line).into_owned();
    if found != header {
        return Err(CheckpointError::OtherGame {
            found,
            wanted: header.to_string(),
        });
    }
    let result = records(table, plausible, input);
    if result.is_err() {
        table.clear();
    }
    result
}

fn records(
    table: &Table,
    plausible: &Plausible<'_>,
    input: &mut dyn Read,
) -> Result<u64, CheckpointError> {
    let damaged = |what: &str| CheckpointError::Damaged(what.to_string());
    let mut crc = crc32fast::Hasher::new();
    let mut total = 0u64;
    let mut block = vec![0u8; BLOCK * RECORD];
    loop {
        let mut count = [0u8; 4];
        input
            .read_exact(&mut count)
            .map_err(|_| damaged("cut short"))?;
        let n = u32::from_le_bytes(count) as usize;
        if n == 0 {
            break;
        }
        if n > BLOCK {
            return Err(damaged("a block larger than any written"));
        }
        let bytes = &mut block[..n * RECORD];
        input.read_exact(bytes).map_err(|_| damaged("cut short"))?;
        crc.update(bytes);
        let mut filled = 0;
        for r in bytes.chunks_exact(RECORD) {
            let key = u128::from_le_bytes(r[..16].try_into().expect("16 bytes"));
            let entry = Entry {
                lower: r[16] as i8,
                upper: r[17] as i8,
                best: r[18],
                work: r[19],
            };
            if key >> 106 != 0 || entry.best > NO_MOVE || entry.work > 63 {
                return Err(damaged("a record no table holds"));
            }
            if !plausible.allows(key, entry) {
                return Err(damaged(
                    "a record no solve of this game writes: a position, bound or move that cannot be",
                ));
            }
            filled += u64::from(table.store(key, entry));
        }
        table.add_filled(filled);
        table.maybe_grow();
        total += n as u64;
    }
    let mut trailer = [0u8; 12];
    input
        .read_exact(&mut trailer)
        .map_err(|_| damaged("cut short"))?;
    let count = u64::from_le_bytes(trailer[..8].try_into().expect("8 bytes"));
    let sum = u32::from_le_bytes(trailer[8..].try_into().expect("4 bytes"));
    if count != total || sum != crc.finalize() {
        return Err(damaged("its checksum does not match"));
    }
    Ok(total)
}
