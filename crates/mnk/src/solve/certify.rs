//! Writing a proof: the solver's value turned into a [`Certificate`] that
//! [`crate::certificate::verify`] checks without the solver.
//!
//! The proof is extracted by walking the solved tree again with the solver as an oracle:
//! where the proving side moves, the first move (the table's, then by threats) whose position
//! the solver proves good enough (a loss for the other side, or not a win for it); where the
//! other side moves, every empty cell the checker will try: all of them, but in a not-lose
//! section under freestyle those outside the relevance zone of a move answered before
//! ([`crate::certificate`]'s zones, computed here by the checker's rules, so that the proof
//! holds a record for every position the checker reaches and no other). A position where
//! the proving side has a pairing against the other ends a "not-lose" line. Positions are
//! merged up to symmetry, as the checker reads them. Most oracle questions are answered from
//! the transposition table that the solve filled.

use super::pairing::Pairing;
use super::search::{Context, Searcher, Stopped};
use crate::certificate::{EVERY_CELL, Goal, Record, Section, hit, in_proof_order, map_zone};
use crate::game::{Cell, Side, SymmetryTable};
use crate::search::Control;
use std::collections::HashMap;

/// Why a proof could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Failed {
    /// A limit or a stop request came first.
    Stopped,
    /// The oracle found no move where the value said there was one (a solver bug).
    NoMove(String),
}

impl From<Stopped> for Failed {
    fn from(_: Stopped) -> Self {
        Failed::Stopped
    }
}

/// Extracts one section: `side`'s strategy for `goal` from the position `x` / `o`.
pub(crate) struct Builder<'a> {
    cx: &'a Context,
    control: &'a Control,
    base: u64,
    frames: SymmetryTable,
    section: Section,
    /// Positions done (canonical keys), with their relevance zones in the key's image (as
    /// the checker computes them; [`EVERY_CELL`] without zones).
    done: HashMap<u128, u64>,
    /// Whether the other side's moves go by relevance zones: a not-lose section under
    /// freestyle, as the checker reads it.
    zones: bool,
    /// The board's windows in the order the checker reads them when it grows a zone.
    windows: Vec<u64>,
    pairing: Pairing,
}

impl<'a> Builder<'a> {
    pub(crate) fn new(
        cx: &'a Context,
        control: &'a Control,
        base: u64,
        frames: SymmetryTable,
        side: Side,
        goal: Goal,
    ) -> Self {
        Builder {
            cx,
            control,
            base,
            frames,
            section: Section::new(side, goal),
            done: HashMap::new(),
            zones: goal == Goal::NotLose && !cx.lines.exact(),
            windows: in_proof_order(cx.lines.windows().to_vec()),
            pairing: Pairing::default(),
        }
    }

    /// The section for the position `x` / `o` (not finished).
    pub(crate) fn build(mut self, x: u64, o: u64) -> Result<Section, Failed> {
        self.position(x, o)?;
        Ok(self.section)
    }

    /// The proving side's stones and the other side's.
    fn sides(&self, x: u64, o: u64) -> (u64, u64) {
        if self.section.side == Side::X {
            (x, o)
        } else {
            (o, x)
        }
    }

    fn x_to_move(x: u64, o: u64) -> bool {
        (x | o).count_ones().is_multiple_of(2)
    }

    /// The solver's score of `own` / `opp` for the side to move, within `(alpha, beta)`
    /// (fail-soft: a result at or below `alpha` is an upper bound, at or above `beta` a lower
    /// one).
    fn score(&self, own: u64, opp: u64, alpha: i32, beta: i32) -> Result<i32, Stopped> {
        let mut searcher = Searcher::new(self.cx, self.control, self.base, own, opp);
        let v = searcher.search(own, opp, alpha, beta);
        searcher.report();
        v
    }

    fn record(&mut self, x: u64, o: u64, record: impl FnOnce(&SymmetryTable, usize) -> Record) {
        let (key, sym) = self.frames.frame(x, o);
        let record = record(&self.frames, sym);
        self.section.records.insert(key, record);
    }

    /// A pairing of the proving side against the other, if one is found: recorded, and its
    /// zone (the cells of its pairs) returned.
    fn paired(&mut self, x: u64, o: u64) -> Option<u64> {
        if self.section.goal != Goal::NotLose {
            return None;
        }
        let (own, other) = self.sides(x, o);
        if !self.pairing.blocks(&self.cx.lines, other, own) {
            return None;
        }
        let pairs: Vec<u64> = self.pairing.pairs().to_vec();
        self.record(x, o, |frames, sym| {
            Record::Pairs(
                pairs
                    .iter()
                    .map(|&p| {
                        let a = Cell(p.trailing_zeros() as u16);
                        let b = Cell(63 - p.leading_zeros() as u16);
                        [frames.image(sym, a), frames.image(sym, b)]
                    })
                    .collect(),
            )
        });
        Some(pairs.iter().fold(0, |zone, &p| zone | p))
    }

    /// The zone of the position after the proving side's winning move: a cell of every window
    /// the other side could still complete there (`own` holds the winning stone).
    fn won(&self, x: u64, o: u64, own: u64) -> u64 {
        let (_, other) = self.sides(x, o);
        if self.zones {
            hit(&self.windows, other, own, 0, 1)
        } else {
            EVERY_CELL
        }
    }

    /// Writes the records of the position `x` / `o` and those after it; returns its zone as
    /// the checker computes it.
    fn position(&mut self, x: u64, o: u64) -> Result<u64, Failed> {
        let (key, sym) = self.frames.frame(x, o);
        if let Some(&zone) = self.done.get(&key) {
            return Ok(map_zone(&self.frames, sym, zone, false));
        }
        let zone = self.write(x, o)?;
        let zone = if self.zones { zone } else { EVERY_CELL };
        self.done
            .insert(key, map_zone(&self.frames, sym, zone, true));
        Ok(zone)
    }

    /// [`Builder::position`] for a position not met before.
    fn write(&mut self, x: u64, o: u64) -> Result<u64, Failed> {
        let x_moves = Self::x_to_move(x, o);
        let proving_side_moves = x_moves == (self.section.side == Side::X);
        // Pairings are looked for where the other side is to move, as the solver does (it
        // looks for the mover's): a failed search costs up to its whole budget, and looking
        // at every position as well made the 7x7 k=5 proof take 96 s instead of 9 s.
        if !proving_side_moves && let Some(zone) = self.paired(x, o) {
            return Ok(zone);
        }
        let lines = &self.cx.lines;
        let empty = lines.full() & !(x | o);
        let (own, other) = self.sides(x, o);
        let play_cell = |c: u32| {
            if x_moves {
                (x | 1 << c, o)
            } else {
                (x, o | 1 << c)
            }
        };
        if proving_side_moves {
            // The proving side moves: a win now needs no record (the checker finds it, the
            // lowest winning cell).
            let wins = lines.win_cells(own, empty);
            if wins != 0 {
                let w = wins.trailing_zeros();
                let (wx, wo) = play_cell(w);
                return Ok(self.won(wx, wo, own | 1 << w) | 1 << w);
            }
            let searcher = Searcher::new(self.cx, self.control, self.base, own, other);
            for c in searcher.moves_in_order(own, other) {
                let after = own | 1 << c;
                let good = if after | other == lines.full() {
                    self.section.goal == Goal::NotLose
                } else {
                    match self.section.goal {
                        Goal::Win => self.score(other, after, -1, 0)? < 0,
                        Goal::NotLose => self.score(other, after, 0, 1)? <= 0,
                    }
                };
                if good {
                    self.record(x, o, |frames, sym| {
                        Record::Move(frames.image(sym, Cell(u16::from(c))))
                    });
                    let zone = if after | other == lines.full() {
                        0
                    } else {
                        let (x, o) = play_cell(u32::from(c));
                        self.position(x, o)?
                    };
                    return Ok(zone | 1 << c);
                }
            }
            Err(Failed::NoMove(format!(
                "no move keeps the {} for {}",
                self.section.goal, self.section.side
            )))
        } else {
            // The other side moves: every reply the checker tries (lowest cell first, but
            // those outside the zone of a reply answered before).
            let wins = lines.win_cells(other, empty);
            let (mut needed, mut zone) = (EVERY_CELL, 0u64);
            let mut cells = empty;
            while cells != 0 {
                let c = cells.trailing_zeros();
                cells &= cells - 1;
                if needed & 1 << c == 0 {
                    continue;
                }
                if wins & 1 << c != 0 {
                    return Err(Failed::NoMove(format!(
                        "{} wins at once",
                        self.section.side.other()
                    )));
                }
                let (nx, no) = play_cell(c);
                let refuted = if nx | no == lines.full() {
                    if self.section.goal == Goal::Win {
                        return Err(Failed::NoMove("the board fills: a draw".into()));
                    }
                    0
                } else {
                    self.position(nx, no)?
                };
                if self.zones {
                    needed &= refuted;
                    zone |= refuted | 1 << c;
                }
            }
            Ok(zone)
        }
    }
}
