//! The checker: walks every line of play a section allows, with nothing but the rules.
//!
//! Where the section's side is to move, it plays the recorded move (or a win it finds itself);
//! where the other side is to move, it tries every empty cell. Each position is checked once
//! (up to symmetry). A pairing is checked statically: its cells are empty, its pairs disjoint,
//! and every window free of the side's stones holds a whole pair. The first position that
//! fails, in the order of the walk, is reported with the moves that lead to it.

use super::proof::{Certificate, Goal, Record, Section};
use crate::game::{Board, Cell, Side, Size, SymmetryTable, Variant, Wdl, WinMasks, Windows};
use crate::notation::{format_cell, format_moves};
use std::collections::{HashMap, HashSet};
use thiserror::Error;

/// What a certificate proved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// The value proved for the side to move.
    pub value: Wdl,
    /// The side to move in the certificate's position.
    pub to_move: Side,
    /// Positions checked (each once, up to symmetry), over all sections.
    pub nodes: u64,
    /// Records the checks used (a certificate may hold records no line of play reaches).
    pub records_used: u64,
    /// Positions whose value was taken from the assumptions ([`verify_assuming`]) rather than
    /// checked.
    pub assumed_used: u64,
}

/// Why a certificate does not prove its value.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CheckError {
    /// The certificate's own position cannot be checked.
    #[error("{0}")]
    Position(String),
    /// A section the value needs is missing.
    #[error("a {value} for {to_move} needs a section '{side} {goal}'; the proof has none")]
    Missing {
        /// The value claimed.
        value: Wdl,
        /// The side to move.
        to_move: Side,
        /// The section's side.
        side: Side,
        /// Its goal.
        goal: Goal,
    },
    /// A position where the section's strategy fails.
    #[error("section '{side} {goal}', after {path}: {why}")]
    Fails {
        /// The section's side.
        side: Side,
        /// Its goal.
        goal: Goal,
        /// The moves from the certificate's position to the failing one, in notation.
        path: String,
        /// What is wrong there.
        why: String,
    },
}

/// Checks that `certificate` proves the value it claims.
///
/// # Errors
/// [`CheckError`]: the position is not one the checker takes (over, illegal, above 64 cells), a
/// needed section is missing, or the first position where a section fails, with why.
pub fn verify(certificate: &Certificate) -> Result<Checked, CheckError> {
    verify_assuming(certificate, &[])
}

/// Checks that `certificate` proves the value it claims, given the values of the positions
/// `assumed` lists (each the moves from the empty board and its value for the side to move
/// there): where a line of play reaches one of them (up to symmetry), its value is taken as
/// it is given instead of being checked, and must be what the section needs there (a win for
/// the section's side, or not a loss). The proof then holds as far as the assumptions do: a
/// split's frontier checked on top of its jobs' values, each job's proof checked on its own
/// (`mnk verify DIR`), so that no check holds more than one job's records at once. With no
/// assumption this is [`verify`].
///
/// # Errors
/// As [`verify`]; also an assumed position that cannot be played, or one whose value does
/// not give a section what it needs where a line reaches it.
pub fn verify_assuming(
    certificate: &Certificate,
    assumed: &[(Vec<Cell>, Wdl)],
) -> Result<Checked, CheckError> {
    let variant = certificate.variant;
    let board = Board::from_moves(variant, &certificate.moves)
        .map_err(|(i, e)| CheckError::Position(format!("move {} of the position: {e}", i + 1)))?;
    if board.is_over() {
        return Err(CheckError::Position(
            "the position is a finished game: there is nothing to prove".into(),
        ));
    }
    if variant.rule().has_forbidden_moves() {
        return Err(CheckError::Position(format!(
            "proofs do not cover the {} rule yet (the checker's bit masks know no forbidden moves)",
            variant.rule()
        )));
    }
    let (x, o) = board.masks().ok_or_else(|| {
        CheckError::Position(format!(
            "proofs cover boards of at most 64 cells; {} has {}",
            variant.size(),
            variant.size().cells()
        ))
    })?;
    let to_move = board.to_move();
    let symmetry = SymmetryTable::new(variant.size());
    let mut values = HashMap::with_capacity(assumed.len());
    for (i, (moves, value)) in assumed.iter().enumerate() {
        let masks = Board::from_moves(variant, moves)
            .map_err(|(m, e)| format!("move {} of assumed position {}: {e}", m + 1, i + 1))
            .and_then(|b| {
                b.masks()
                    .ok_or_else(|| "off a board of 64 cells".to_string())
            })
            .map_err(CheckError::Position)?;
        values.insert(symmetry.frame(masks.0, masks.1).0, *value);
    }
    let mut checked = Checked {
        value: certificate.value,
        to_move,
        nodes: 0,
        records_used: 0,
        assumed_used: 0,
    };
    for (side, goal) in Certificate::needs(to_move, certificate.value) {
        let section = certificate
            .sections
            .iter()
            .find(|s| s.side == side && s.goal == goal)
            .ok_or(CheckError::Missing {
                value: certificate.value,
                to_move,
                side,
                goal,
            })?;
        let mut walk = Walk::new(variant, section, &values);
        let result = walk.position(x, o);
        checked.nodes += walk.done.len() as u64;
        checked.records_used += walk.used;
        checked.assumed_used += walk.assumed_used;
        result.map_err(|why| CheckError::Fails {
            side,
            goal,
            path: if walk.path.is_empty() {
                "no move (the position itself)".into()
            } else {
                format_moves(&walk.path, variant.size())
            },
            why,
        })?;
    }
    Ok(checked)
}

/// One section's walk.
struct Walk<'a> {
    size: Size,
    section: &'a Section,
    /// The values taken as given, by canonical key, for the side to move there.
    assumed: &'a HashMap<u128, Wdl>,
    assumed_used: u64,
    wins: WinMasks,
    symmetry: SymmetryTable,
    /// Every k-window as a mask.
    windows: Vec<u64>,
    full: u64,
    /// Positions checked (canonical keys).
    done: HashSet<u128>,
    used: u64,
    /// The moves from the root to the position being checked.
    path: Vec<Cell>,
}

impl<'a> Walk<'a> {
    fn new(variant: Variant, section: &'a Section, assumed: &'a HashMap<u128, Wdl>) -> Self {
        let size = variant.size();
        let all = Windows::new(size, variant.k());
        let windows = (0..all.len())
            .map(|w| all.cells(w).iter().fold(0, |m, c| m | 1u64 << c.index()))
            .collect();
        let wins = WinMasks::new(&variant).expect("checked: at most 64 cells");
        Walk {
            size,
            section,
            assumed,
            assumed_used: 0,
            full: wins.full(),
            wins,
            symmetry: SymmetryTable::new(size),
            windows,
            done: HashSet::new(),
            used: 0,
            path: Vec::new(),
        }
    }

    /// Whether a cell of a record (which a program may build by hand) is on the board.
    fn on_board(&self, cell: Cell) -> bool {
        cell.index() < self.size.cells()
    }

    fn name(&self, cell: Cell) -> String {
        format_cell(cell, self.size)
    }

    /// Checks the position `x` / `o` (not finished), and everything after it.
    fn position(&mut self, x: u64, o: u64) -> Result<(), String> {
        let (key, sym) = self.symmetry.frame(x, o);
        if self.done.contains(&key) {
            return Ok(());
        }
        let mover = if (x | o).count_ones().is_multiple_of(2) {
            Side::X
        } else {
            Side::O
        };
        let side = self.section.side;
        if let Some(&value) = self.assumed.get(&key) {
            // The value for the section's side, from the mover's.
            let own = if mover == side { value } else { value.other() };
            let enough = match self.section.goal {
                Goal::Win => own == Wdl::Win,
                Goal::NotLose => own != Wdl::Loss,
            };
            if !enough {
                return Err(format!(
                    "the position is given as a {value} for {mover}: not a {} for {side}",
                    self.section.goal
                ));
            }
            self.assumed_used += 1;
            self.done.insert(key);
            return Ok(());
        }
        let (own, other) = if side == Side::X { (x, o) } else { (o, x) };
        let record = self.section.records.get(&key);
        if record.is_some() {
            self.used += 1;
        }
        match record {
            Some(Record::Pairs(pairs)) => {
                if self.section.goal == Goal::Win {
                    return Err("a pairing can prove a draw, not a win".into());
                }
                if let Some(off) = pairs.iter().flatten().find(|c| !self.on_board(**c)) {
                    return Err(format!("the pairing names cell {}, off the board", off.0));
                }
                let pairs: Vec<[Cell; 2]> = pairs
                    .iter()
                    .map(|p| p.map(|c| self.symmetry.preimage(sym, c)))
                    .collect();
                self.pairing(own, other, &pairs)?;
            }
            Some(Record::Move(_)) if mover != side => {
                return Err(format!(
                    "a move is recorded for {side}, but {mover} is to move here"
                ));
            }
            Some(&Record::Move(cell)) => {
                if !self.on_board(cell) {
                    return Err(format!(
                        "the recorded move is cell {}, off the board",
                        cell.0
                    ));
                }
                let cell = self.symmetry.preimage(sym, cell);
                if (x | o) & 1 << cell.index() != 0 {
                    return Err(format!(
                        "the recorded move {} is not an empty cell",
                        self.name(cell)
                    ));
                }
                self.play(x, o, cell)?;
            }
            None if mover == side => {
                let empty = self.full & !(x | o);
                if !self.cells(empty).any(|c| self.wins.wins(own | 1 << c, c)) {
                    return Err(format!(
                        "no move is recorded for {side}, and it has no winning move"
                    ));
                }
            }
            None => {
                let empty = self.full & !(x | o);
                for c in self.cells(empty).collect::<Vec<_>>() {
                    self.play(x, o, Cell(c as u16))?;
                }
            }
        }
        self.done.insert(key);
        Ok(())
    }

    /// Plays `cell` for the side to move and checks what follows.
    fn play(&mut self, x: u64, o: u64, cell: Cell) -> Result<(), String> {
        let bit = 1u64 << cell.index();
        let (mover, x, o) = if (x | o).count_ones().is_multiple_of(2) {
            (Side::X, x | bit, o)
        } else {
            (Side::O, x, o | bit)
        };
        self.path.push(cell);
        let stones = if mover == Side::X { x } else { o };
        if self.wins.wins(stones, cell.index()) {
            if mover != self.section.side {
                return Err(format!("{mover} wins with {}", self.name(cell)));
            }
        } else if x | o == self.full {
            if self.section.goal == Goal::Win {
                return Err(format!(
                    "the board fills with {}: a draw, not a win for {}",
                    self.name(cell),
                    self.section.side
                ));
            }
        } else {
            self.position(x, o)?;
        }
        self.path.pop();
        Ok(())
    }

    /// Checks that `pairs` block every window free of `own` stones.
    fn pairing(&self, own: u64, other: u64, pairs: &[[Cell; 2]]) -> Result<(), String> {
        let mut used = 0u64;
        let mut masks = Vec::with_capacity(pairs.len());
        for &[a, b] in pairs {
            if a == b {
                return Err(format!(
                    "the pair {}-{} names one cell twice",
                    self.name(a),
                    self.name(b)
                ));
            }
            for c in [a, b] {
                if (own | other) & 1 << c.index() != 0 {
                    return Err(format!(
                        "the pair {}-{} holds a cell that is not empty",
                        self.name(a),
                        self.name(b)
                    ));
                }
            }
            let mask = 1u64 << a.index() | 1u64 << b.index();
            if mask & used != 0 {
                return Err(format!(
                    "the pair {}-{} shares a cell with another pair",
                    self.name(a),
                    self.name(b)
                ));
            }
            used |= mask;
            masks.push(mask);
        }
        for &w in &self.windows {
            if w & own == 0 && !masks.iter().any(|&p| p & !w == 0) {
                let first = Cell(w.trailing_zeros() as u16);
                let last = Cell(63 - w.leading_zeros() as u16);
                return Err(format!(
                    "the pairing leaves the window {}-{} open to {}",
                    self.name(first),
                    self.name(last),
                    self.section.side.other()
                ));
            }
        }
        Ok(())
    }

    /// The cells of a mask, lowest first.
    fn cells(&self, mut mask: u64) -> impl Iterator<Item = usize> + use<> {
        std::iter::from_fn(move || {
            (mask != 0).then(|| {
                let c = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                c
            })
        })
    }
}
