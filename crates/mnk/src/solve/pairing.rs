//! Pairing strategies (Hales-Jewett): a proof that one side cannot win, found in a position.
//!
//! Suppose the empty cells hold disjoint pairs such that every window the attacker could still
//! complete (no defender stone in it) contains both cells of some pair. Then the defender
//! answers each attacker stone on a paired cell with the other cell of the pair, and plays
//! anywhere otherwise (a defender stone never spoils the pairing: a pair it breaks lies only in
//! windows it blocks). Every window ends up with a defender stone, so the attacker never
//! makes k in a row, whoever is to move now. This holds for both rules: a win under `exact`
//! is also k attacker stones in one window.
//!
//! Finding the pairs is a small exact-cover search: take the window with the fewest free
//! cells, try each pair of them (the pairs covering the most windows first), recurse. The
//! search gives up after [`PAIRING_BUDGET`] steps: "no pairing found" proves nothing, it
//! only means the solver searches on. Before it, the last few pairings found are tried (less
//! their pairs that are no longer empty): the solver asks about positions a few stones apart,
//! which often keep one. On 7x7 k=5 that answers 43% of the questions without a search, finds
//! pairings the budget missed (2.10M nodes instead of 2.18M) and takes about 8% off the time.
//!
//! The same search finds the drawing side's relevance zones ([`Pairing::zone`]): pairs that hold
//! only the windows reaching the cells the defender can no longer use, so that the attacker's
//! moves there need no search.
//!
//! The solver's finders are rationed ([`Pairing::rationed`]): a run of failed searches may
//! spend eight full budgets, then 16 steps a search until a pairing is found again. 7x7 k=5
//! keeps the same 2,106,160 nodes; on 8x8 k=5, where the proof-number search met hundreds of
//! thousands of failing searches in a row (83% of the time), the solver visits 3.3 times the
//! nodes in the same five minutes.

use super::lines::Spans;
use super::tunables::{
    PAIRING_BUDGET, PAIRING_MAX_PAIRS, PAIRING_MOST_CREDIT, PAIRING_RECENT,
    PAIRING_STEPS_PER_SEARCH, ZONE_TRIES,
};
use std::collections::VecDeque;

/// The pairing finder, with its scratch space.
#[derive(Debug, Default)]
pub(crate) struct Pairing {
    /// Stack of the windows still to cover (empty-cell mask, line), one block per level.
    stack: Vec<(u64, u16)>,
    /// The pairs chosen so far (on success: the pairing).
    chosen: Vec<u64>,
    /// Candidate pairs of every level of the search (windows covered, pair), one block per
    /// level.
    options: Vec<(u32, u64)>,
    budget: u32,
    /// Pairings found lately, oldest first (tried first: nearby positions often keep one).
    recent: VecDeque<Vec<u64>>,
    /// Whether the last search stopped with its steps used up and something left to try (not
    /// a proof that there is no pairing).
    gave_up: bool,
    /// Search steps in hand, for a rationed finder ([`Pairing::rationed`]); `None`: every
    /// search gets the full [`PAIRING_BUDGET`].
    credit: Option<u32>,
}

impl Pairing {
    /// A finder whose failed searches spend on average at most [`PAIRING_STEPS_PER_SEARCH`] steps
    /// each once a run of them has used up the steps in hand; a pairing found refills them.
    /// Where pairings are found often (7x7 k=5: half the searches find one, 90 steps a
    /// search) nothing changes, the same nodes; where every search fails with its whole
    /// budget (deep in an 8x8 k=5 solve: hundreds of thousands in a row, 3,000 steps each,
    /// 83% of the time) the solver stops spending its time on them.
    pub(crate) fn rationed() -> Self {
        Pairing {
            credit: Some(PAIRING_MOST_CREDIT),
            ..Pairing::default()
        }
    }

    /// Whether a pairing of the `empty` cells blocks every window of the side owning `attacker`
    /// that holds no stone of `defender`. `false` when none was found (within the budget).
    pub(crate) fn blocks(&mut self, lines: &Spans, attacker: u64, defender: u64) -> bool {
        self.blocks_on(lines, attacker, defender, lines.full())
    }

    /// [`Pairing::blocks`] with pairs of `usable` cells only: the cells where the defender may
    /// always answer (under renju, black's points that no stones to come can make forbidden).
    pub(crate) fn blocks_on(
        &mut self,
        lines: &Spans,
        attacker: u64,
        defender: u64,
        usable: u64,
    ) -> bool {
        self.covers_outside(lines, attacker, defender, usable, 0)
    }

    /// The drawing side's relevance zone, where the side owning `attacker` is to move and is
    /// asked whether it wins (freestyle only): the empty cells its moves must be searched on,
    /// or `None` when there is none smaller than every cell it could use.
    ///
    /// The zone `Z` holds every empty cell where the defender can still make k in a row, and
    /// the pairs found here (disjoint pairs of empty cells outside `Z`) hold both cells of
    /// some pair in every window the attacker could still complete that has an empty cell
    /// outside `Z`. Then, if the attacker wins by no move in `Z`, it does not win at all.
    ///
    /// Why: take the defender's strategy `T` that refutes the attacker's moves in `Z`, and
    /// play it on a *shadow* board that sees only the attacker's moves in `Z`. In the real
    /// game the defender answers an attacker stone on a paired cell with its partner, another
    /// attacker stone outside `Z` anywhere, and a stone in `Z` by `T` on the shadow board
    /// (where `T` names a cell the real board has filled, anywhere). Every real stone of the
    /// defender in `Z` is on the shadow board or extra, the attacker's are the same in both,
    /// so the attacker completes no window inside `Z`, which `T` prevents on the shadow
    /// board; a window reaching outside `Z` holds a pair of which the attacker never gets
    /// both cells. The attacker's stones outside `Z` lie where the defender can no longer
    /// make k in a row, so they spoil none of the defender's threats that `T` relies on, and
    /// a defender stone outside `Z` never belongs to a defender five either: a five the
    /// shadow board makes is made on the real board too (freestyle: extra stones never spoil
    /// it), and ends the game. (Under the exact rule an extra stone can turn a five into an
    /// overline, and the argument fails: the solver asks only under freestyle.) The check
    /// is local, so every node may take its own zone.
    pub(crate) fn zone(&mut self, lines: &Spans, attacker: u64, defender: u64) -> Option<u64> {
        let empty = lines.full() & !(attacker | defender);
        let usable = lines.live_cover(defender) & empty;
        let mut inside = lines.live_cover(attacker) & empty;
        for tries_left in (0..ZONE_TRIES).rev() {
            loop {
                if inside == 0 || usable & !inside == 0 {
                    // No defender cell: a pairing of everything, which the search asks for
                    // itself; or nothing would be left out.
                    return None;
                }
                // A window with one empty cell outside cannot hold a pair there: its cells
                // join.
                let mut grown = inside;
                for &w in lines.windows() {
                    let out = w & empty & !inside;
                    if w & defender == 0 && out != 0 && out & (out - 1) == 0 {
                        grown |= w & empty;
                    }
                }
                if grown == inside {
                    break;
                }
                inside = grown;
            }
            if self.covers_outside(lines, attacker, defender, lines.full(), inside) {
                return Some(inside);
            }
            if tries_left == 0 {
                break;
            }
            // No pairs found: the outside cell in the most windows to cover joins the zone.
            let mut windows_at = [0u8; 64];
            for &w in lines.windows() {
                let mut out = w & empty & !inside;
                if w & defender != 0 {
                    continue;
                }
                while out != 0 {
                    windows_at[out.trailing_zeros() as usize] += 1;
                    out &= out - 1;
                }
            }
            let (most, cell) = windows_at
                .iter()
                .enumerate()
                .map(|(c, &n)| (n, std::cmp::Reverse(c)))
                .max()
                .unwrap_or_default();
            if most == 0 {
                return None;
            }
            inside |= 1 << cell.0;
        }
        None
    }

    /// Whether disjoint pairs of `usable` empty cells outside `inside` hold a pair of every
    /// window of the side owning `attacker` that holds no stone of `defender` and has an empty
    /// cell outside `inside` (with `inside` empty: every such window).
    fn covers_outside(
        &mut self,
        lines: &Spans,
        attacker: u64,
        defender: u64,
        usable: u64,
        inside: u64,
    ) -> bool {
        let open = lines.full() & !(attacker | defender);
        let empty = open & usable & !inside;
        self.gave_up = false;
        self.stack.clear();
        let mut lines_seen = 0u128;
        let mut cells = 0u64;
        for (i, &w) in lines.windows().iter().enumerate() {
            if w & defender != 0 || (inside != 0 && w & open & !inside == 0) {
                continue;
            }
            let free = w & empty;
            if free.count_ones() < 2 {
                return false;
            }
            let line = lines.line_of()[i];
            self.stack.push((free, line));
            cells |= free;
            lines_seen |= 1 << (line % 128);
        }
        // Windows on different lines never share a pair: each line needs pairs of its own.
        if 2 * lines_seen.count_ones() > cells.count_ones() {
            return false;
        }
        let budget = match &mut self.credit {
            Some(credit) => {
                *credit = (*credit + PAIRING_STEPS_PER_SEARCH).min(PAIRING_MOST_CREDIT);
                (*credit).min(PAIRING_BUDGET)
            }
            None => PAIRING_BUDGET,
        };
        let found = self.reuse(empty) || {
            self.budget = budget;
            self.chosen.clear();
            let found = self.cover(0, empty);
            if let Some(credit) = &mut self.credit {
                // A pairing found refills the steps in hand: they run short only where
                // searches keep failing.
                *credit = if found {
                    PAIRING_MOST_CREDIT
                } else {
                    *credit - (budget - self.budget)
                };
            }
            if found {
                self.remember();
            }
            found
        };
        debug_assert!(!found || self.is_pairing(lines, defender, empty, inside));
        found
    }

    /// Whether one of the pairings found lately, less its pairs that are no longer both
    /// empty, still covers every window on the stack (whose masks hold only empty cells); it
    /// becomes the answer when it does.
    fn reuse(&mut self, empty: u64) -> bool {
        let stack = &self.stack;
        let Some(pairs) = self.recent.iter().find(|pairs| {
            stack
                .iter()
                .all(|&(free, _)| pairs.iter().any(|&p| p & !free == 0))
        }) else {
            return false;
        };
        self.chosen.clear();
        self.chosen
            .extend(pairs.iter().copied().filter(|&p| p & !empty == 0));
        true
    }

    /// Keeps the pairing just found among the recent ones.
    fn remember(&mut self) {
        let mut slot = if self.recent.len() == PAIRING_RECENT {
            self.recent.pop_front().unwrap_or_default()
        } else {
            Vec::new()
        };
        slot.clone_from(&self.chosen);
        self.recent.push_back(slot);
    }

    /// Whether the last question found no pairing because its search ran out of steps (a
    /// larger budget might have found one), rather than by ruling every pairing out.
    pub(crate) fn gave_up(&self) -> bool {
        self.gave_up
    }

    /// The pairs of the last pairing [`Pairing::blocks`] found (each a mask of two cells).
    pub(crate) fn pairs(&self) -> &[u64] {
        &self.chosen
    }

    /// Whether the chosen pairs are disjoint pairs of `empty` cells and every window free of
    /// `defender` with an `empty` cell holds one (the check of a found pairing, in debug
    /// builds; `empty` leaves out the cells `inside` a zone).
    fn is_pairing(&self, lines: &Spans, defender: u64, empty: u64, inside: u64) -> bool {
        let mut used = 0u64;
        for &p in &self.chosen {
            if p.count_ones() != 2 || p & !empty != 0 || p & used != 0 {
                return false;
            }
            used |= p;
        }
        lines
            .windows()
            .iter()
            .filter(|&&w| w & defender == 0 && (inside == 0 || w & empty != 0))
            .all(|&w| self.chosen.iter().any(|&p| p & !w == 0))
    }

    /// Whether the windows `stack[start..]` can be covered by disjoint pairs of `free` cells.
    fn cover(&mut self, start: usize, free: u64) -> bool {
        let end = self.stack.len();
        if start == end {
            return true;
        }
        if self.budget == 0 {
            self.gave_up = true;
            return false;
        }
        self.budget -= 1;
        let mut pick = start;
        let mut fewest = u32::MAX;
        for i in start..end {
            let n = (self.stack[i].0 & free).count_ones();
            if n < 2 {
                return false;
            }
            if n < fewest {
                fewest = n;
                pick = i;
            }
        }
        let (options, line) = (self.stack[pick].0 & free, self.stack[pick].1);
        // A pair covers only windows of its own line: count coverage among those.
        let mut same_line = [0u64; 16];
        let mut same = 0;
        for &(w, l) in &self.stack[start..end] {
            if l == line && same < same_line.len() {
                same_line[same] = w;
                same += 1;
            }
        }
        // This level's candidate pairs, on the shared scratch stack (a fresh array a level
        // was a kilobyte to zero at every step).
        let first = self.options.len();
        let mut a_bits = options;
        'outer: while a_bits != 0 {
            let a = a_bits & a_bits.wrapping_neg();
            a_bits &= a_bits - 1;
            let mut b_bits = a_bits;
            while b_bits != 0 {
                let b = b_bits & b_bits.wrapping_neg();
                b_bits &= b_bits - 1;
                let pair = a | b;
                let covered = same_line[..same]
                    .iter()
                    .filter(|&&w| w & pair == pair)
                    .count() as u32;
                self.options.push((covered, pair));
                if self.options.len() - first == PAIRING_MAX_PAIRS {
                    break 'outer;
                }
            }
        }
        self.options[first..].sort_unstable_by_key(|p| std::cmp::Reverse(p.0));
        let found = self.try_pairs(start, end, line, free, first);
        self.options.truncate(first);
        found
    }

    /// The loop of [`Pairing::cover`] over its candidate pairs `self.options[first..]` for the
    /// window picked (on `line`), in order: the first that lets the windows left be covered.
    fn try_pairs(&mut self, start: usize, end: usize, line: u16, free: u64, first: usize) -> bool {
        for o in first..self.options.len() {
            let pair = self.options[o].1;
            for i in start..end {
                let (w, l) = self.stack[i];
                if l != line || w & pair != pair {
                    self.stack.push((w, l));
                }
            }
            self.chosen.push(pair);
            let done = self.cover(end, free & !pair);
            self.stack.truncate(end);
            if done {
                return true;
            }
            self.chosen.pop();
            if self.budget == 0 {
                // Out of steps with pairs left to try: the search gives up.
                self.gave_up |= o + 1 < self.options.len();
                return false;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size, Variant};

    fn lines(w: u8, h: u8, k: u32) -> Spans {
        Spans::new(&Variant::new(Size::new(w, h), k, Rule::Freestyle).unwrap()).unwrap()
    }

    #[test]
    fn five_by_five_five_in_a_row_is_a_pairing_draw_from_the_start() {
        let l = lines(5, 5, 5);
        assert!(Pairing::default().blocks(&l, 0, 0));
    }

    #[test]
    fn tic_tac_toe_has_no_pairing_and_a_threat_defeats_one() {
        let l = lines(3, 3, 3);
        assert!(!Pairing::default().blocks(&l, 0, 0));
        // 4x4 k=4 with X two in a row on the top line: still nothing to pair on 10 lines.
        let l = lines(4, 4, 4);
        assert!(!Pairing::default().blocks(&l, 0b11, 0));
        // X has three in the top row: that window has one free cell, no pair.
        assert!(!Pairing::default().blocks(&l, 0b111, 1 << 5));
    }

    #[test]
    fn blocked_lines_need_no_pair() {
        // 3x3: O in the centre and on two corners kills most lines; X's remaining lines pair up.
        let l = lines(3, 3, 3);
        let o = 1 << 4 | 1 << 0 | 1 << 8;
        let x = 1 << 1;
        // X's live lines: none through 0, 4, 8. Lines without O: the right column (2,5,8 has
        // 8) ... only the top row? it has 0. Left column has 0. So X has no live line.
        assert!(Pairing::default().blocks(&l, x, o));
        // O with the centre on 4x4 k=3 cannot be stopped by pairs.
        let l = lines(4, 4, 3);
        assert!(!Pairing::default().blocks(&l, 1 << 5, 0));
    }

    #[test]
    fn a_recent_pairing_answers_after_the_attacker_takes_a_cell_and_the_defender_its_partner() {
        let l = lines(5, 5, 5);
        let mut pairing = Pairing::default();
        assert!(pairing.blocks(&l, 0, 0));
        let before = pairing.pairs().to_vec();
        let pair = before[0];
        let (x, o) = (pair & pair.wrapping_neg(), pair & (pair - 1));
        assert!(pairing.blocks(&l, x, o));
        // The same pairing, less the pair now taken: no search chose anew.
        let after: Vec<u64> = before.iter().copied().filter(|&p| p != pair).collect();
        assert_eq!(pairing.pairs(), &after[..]);
        assert!(pairing.is_pairing(&l, o, l.full() & !(x | o), 0));
    }

    #[test]
    fn a_rationed_finder_spends_little_where_searches_keep_failing() {
        // 7x7 k=5 from the start: no pairing within the budget (the game needs a search).
        let l = lines(7, 7, 5);
        let mut full = Pairing::default();
        assert!(!full.blocks(&l, 0, 0));
        assert_eq!(full.budget, 0, "the whole budget spent");
        assert!(
            full.gave_up(),
            "no pairing ruled out: the search ran out of steps"
        );
        let mut rationed = Pairing::rationed();
        let spent: Vec<u32> = (0..12)
            .map(|_| {
                let before = rationed.credit.unwrap();
                assert!(!rationed.blocks(&l, 0, 0));
                (before + PAIRING_STEPS_PER_SEARCH).min(PAIRING_MOST_CREDIT)
                    - rationed.credit.unwrap()
            })
            .collect();
        // The full budget while the steps in hand last (eight searches), then, after one
        // search that spends what is left, only what each question earns.
        let full_searches = (PAIRING_MOST_CREDIT / PAIRING_BUDGET) as usize;
        assert!(
            spent[..full_searches].iter().all(|&s| s == PAIRING_BUDGET),
            "{spent:?}"
        );
        assert!(
            spent[full_searches + 1..]
                .iter()
                .all(|&s| s == PAIRING_STEPS_PER_SEARCH),
            "{spent:?}"
        );
        // A pairing found (5x5 k=5) refills the steps in hand.
        assert!(rationed.blocks(&lines(5, 5, 5), 0, 0));
        assert!(!rationed.gave_up());
        assert_eq!(rationed.credit, Some(PAIRING_MOST_CREDIT));
        // The full finder keeps its whole budget for every search.
        assert!(!full.blocks(&l, 0, 0));
        assert_eq!((full.budget, full.credit), (0, None));
        assert!(full.gave_up());
        // 5x4 k=4, X on a1, O on c2: the search rules every pairing out within its steps
        // (107 of them), which is not giving up.
        assert!(!full.blocks(&lines(5, 4, 4), 1, 1 << 7));
        assert!(full.budget > 0 && !full.gave_up(), "{}", full.budget);
    }

    #[test]
    fn a_zone_leaves_out_only_cells_the_defender_cannot_use_and_pairs_every_window_reaching_them() {
        // Random positions of 7x7 k=5 (a fixed walk): wherever a zone is found, every empty
        // cell outside it is dead for the defender, and the pairs found are disjoint, empty,
        // outside the zone, and hold every attacker window with an empty cell outside.
        let l = lines(7, 7, 5);
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let (mut found, mut left_out) = (0, 0);
        for _ in 0..3000 {
            let (mut attacker, mut defender) = (0u64, 0u64);
            let stones = 8 + next(20);
            for i in 0..stones {
                let empty = l.full() & !(attacker | defender);
                let mut pick = next(u64::from(empty.count_ones()));
                let mut bits = empty;
                while pick > 0 {
                    bits &= bits - 1;
                    pick -= 1;
                }
                let cell = bits & bits.wrapping_neg();
                if i % 2 == 0 {
                    attacker |= cell;
                } else {
                    defender |= cell;
                }
            }
            let empty = l.full() & !(attacker | defender);
            let mut pairing = Pairing::default();
            let Some(zone) = pairing.zone(&l, attacker, defender) else {
                continue;
            };
            found += 1;
            let outside = empty & !zone;
            assert_eq!(
                outside & l.live_cover(attacker),
                0,
                "a defender cell left out"
            );
            assert!(pairing.is_pairing(&l, defender, outside, zone));
            left_out += (outside & l.live_cover(defender)).count_ones();
        }
        assert!(
            found >= 100 && left_out >= 100,
            "{found} zones, {left_out} cells"
        );
    }
}
