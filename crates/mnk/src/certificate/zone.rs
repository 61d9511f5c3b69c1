//! Relevance zones in a not-lose section: what lets the checker try only some of the other
//! side's moves, and the proof writer record only those.
//!
//! In a section where side `S` never loses, call the other side `A`. The zone `Z` of a checked
//! position `P` claims that `A` does not win from `P` even with extra `A` stones on any empty
//! cells outside `Z` (the same side to move), and has no k in a row there. Zones are computed
//! bottom up, by the same rules in the checker and in the solver's proof writer:
//!
//! - a pairing: the cells of its pairs (every window `A` could complete holds a whole pair,
//!   which no extra stone touches);
//! - `S` to move wins on `w`: `w`, and a cell of every window `A` could still complete (so that
//!   extra stones complete none);
//! - `S` plays `b`: `b` and the zone after it (nothing more where the board fills);
//! - `A` to move: its moves are tried lowest cell first; once a move is checked with zone `Z1`,
//!   every move outside `Z1` is covered and not tried. The position after such a move `m` is
//!   the one after the first with one more `A` stone outside `Z1` (on `m`) and one fewer (on
//!   the first), and in freestyle a stone taken from `A` never helps it: it plays as if the
//!   stone were there. Each move tried narrows the moves left to try to those inside its zone
//!   too, and `Z` is the union of the moves tried and their zones (a move that fills the
//!   board has the empty zone).
//!
//! The rules hold under freestyle only (under the exact rule an extra stone can make an
//! overline of a five, and a stone taken away can make a five possible): there, and in win
//! sections, every move is tried. The solver's search uses the same argument with more leaf
//! rules (`solve::zones`).

use crate::game::SymmetryTable;

/// The zone of every cell: no claim beyond "`A` does not win".
pub(crate) const EVERY_CELL: u64 = u64::MAX;

/// `zone` in the image of symmetry `sym` (`to_image`), or back from it ([`EVERY_CELL`] stays
/// itself): zones are kept with a position's canonical key, in the key's image.
#[must_use]
pub(crate) fn map_zone(symmetry: &SymmetryTable, sym: usize, zone: u64, to_image: bool) -> u64 {
    match (zone, to_image) {
        (EVERY_CELL, _) => zone,
        (_, true) => symmetry.image_mask(sym, zone),
        (_, false) => symmetry.preimage_mask(sym, zone),
    }
}

/// The windows in the order [`hit`] reads them in proofs: by mask, lowest first, so that
/// the checker and the proof writer, which list them in different orders, grow the same
/// zones.
#[must_use]
pub(crate) fn in_proof_order(mut windows: Vec<u64>) -> Vec<u64> {
    windows.sort_unstable();
    windows
}

/// `zone` grown so that each of `windows` free of `defender`'s stones has at least `need` of
/// its empty cells in it (all of them when it has fewer): chosen greedily, the cells in the
/// most such windows first (the lowest among equals), the windows taken in the order given
/// (proofs give them [`in_proof_order`]; the solver's search its own order, which proves the
/// same values with fewer nodes on 9x4 k=4).
#[must_use]
pub(crate) fn hit(windows: &[u64], attacker: u64, defender: u64, zone: u64, need: u32) -> u64 {
    if zone == EVERY_CELL {
        return zone;
    }
    let full = windows.iter().fold(0, |m, &w| m | w);
    let empty = full & !(attacker | defender);
    let live = || windows.iter().filter(|&&w| w & defender == 0);
    let mut windows_at = [0u8; 64];
    for &w in live() {
        let mut free = w & empty;
        while free != 0 {
            windows_at[free.trailing_zeros() as usize] += 1;
            free &= free - 1;
        }
    }
    let mut zone = zone;
    for &w in live() {
        let free = w & empty;
        let mut missing = need.saturating_sub((free & zone).count_ones());
        let mut outside = free & !zone;
        while missing > 0 && outside != 0 {
            let mut best = outside.trailing_zeros();
            let mut rest = outside & (outside - 1);
            while rest != 0 {
                let c = rest.trailing_zeros();
                if windows_at[c as usize] > windows_at[best as usize] {
                    best = c;
                }
                rest &= rest - 1;
            }
            zone |= 1 << best;
            outside &= !(1 << best);
            missing -= 1;
        }
    }
    zone
}
