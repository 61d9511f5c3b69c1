//! The checker: walks every line of play a section allows, with nothing but the rules.
//!
//! Where the section's side is to move, it plays the recorded move (or a win it finds itself);
//! where the other side is to move, it tries every empty cell, but in a not-lose section under
//! freestyle those its relevance zones cover (`zone`: a move outside the zone of a move
//! already checked is refuted by that move's lines). Each position is checked once (up to
//! symmetry). A pairing is checked statically: its cells are empty, its pairs disjoint,
//! and every window free of the side's stones holds a whole pair. The first position that
//! fails, in the order of the walk, is reported with the moves that lead to it.

use super::proof::{Certificate, Goal, Record, Section};
use super::zone::{EVERY_CELL, hit, in_proof_order, map_zone};
use crate::game::{Board, Cell, Rule, Side, Size, SymmetryTable, Variant, Wdl, WinMasks, Windows};
use crate::notation::{format_cell, format_moves};
use std::collections::HashMap;
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
        let result = walk.position(x, o).map(|_| ());
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
    /// Whether the other side's moves are tried by relevance zones (`zone`): a not-lose
    /// section under freestyle.
    zones: bool,
    /// Positions checked (canonical keys), with their zones in the key's image.
    done: HashMap<u128, u64>,
    used: u64,
    /// The moves from the root to the position being checked.
    path: Vec<Cell>,
    /// The replies left out as covered by a zone: the position (X's and O's stones) and the
    /// cell (for the tests, which solve each).
    #[cfg(test)]
    skipped: Vec<(u64, u64, usize)>,
}

impl<'a> Walk<'a> {
    fn new(variant: Variant, section: &'a Section, assumed: &'a HashMap<u128, Wdl>) -> Self {
        let size = variant.size();
        let all = Windows::new(size, variant.k());
        let windows = in_proof_order(
            (0..all.len())
                .map(|w| all.cells(w).iter().fold(0, |m, c| m | 1u64 << c.index()))
                .collect(),
        );
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
            zones: section.goal == Goal::NotLose && variant.rule() == Rule::Freestyle,
            done: HashMap::new(),
            used: 0,
            path: Vec::new(),
            #[cfg(test)]
            skipped: Vec::new(),
        }
    }

    /// Whether a cell of a record (which a program may build by hand) is on the board.
    fn on_board(&self, cell: Cell) -> bool {
        cell.index() < self.size.cells()
    }

    fn name(&self, cell: Cell) -> String {
        format_cell(cell, self.size)
    }

    /// Checks the position `x` / `o` (not finished), and everything after it; returns its
    /// relevance zone (`zone`; [`EVERY_CELL`] where zones are not used).
    fn position(&mut self, x: u64, o: u64) -> Result<u64, String> {
        let (key, sym) = self.symmetry.frame(x, o);
        if let Some(&zone) = self.done.get(&key) {
            return Ok(map_zone(&self.symmetry, sym, zone, false));
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
            self.done.insert(key, EVERY_CELL);
            return Ok(EVERY_CELL);
        }
        let (own, other) = if side == Side::X { (x, o) } else { (o, x) };
        let record = self.section.records.get(&key);
        if record.is_some() {
            self.used += 1;
        }
        let zone = match record {
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
                // Every window the other side could complete holds a whole pair.
                pairs
                    .iter()
                    .flatten()
                    .fold(0, |zone, c| zone | 1u64 << c.index())
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
                self.play(x, o, cell)? | 1 << cell.index()
            }
            None if mover == side => {
                let empty = self.full & !(x | o);
                let Some(win) = self.cells(empty).find(|&c| self.wins.wins(own | 1 << c, c)) else {
                    return Err(format!(
                        "no move is recorded for {side}, and it has no winning move"
                    ));
                };
                self.play(x, o, Cell(win as u16))? | 1 << win
            }
            None => {
                // Every move of the other side, lowest cell first, but those outside the zone
                // of a move checked before (`zone`).
                let empty = self.full & !(x | o);
                let (mut needed, mut zone) = (EVERY_CELL, 0u64);
                for c in self.cells(empty).collect::<Vec<_>>() {
                    if needed & 1 << c == 0 {
                        #[cfg(test)]
                        self.skipped.push((x, o, c));
                        continue;
                    }
                    let refuted = self.play(x, o, Cell(c as u16))?;
                    if self.zones {
                        needed &= refuted;
                        zone |= refuted | 1 << c;
                    }
                }
                if self.zones { zone } else { EVERY_CELL }
            }
        };
        let zone = if self.zones { zone } else { EVERY_CELL };
        self.done
            .insert(key, map_zone(&self.symmetry, sym, zone, true));
        Ok(zone)
    }

    /// Plays `cell` for the side to move and checks what follows; returns the relevance zone
    /// of the position after it (`zone`): a win of the section's side needs a cell of every
    /// window the other side could still complete, a full board none.
    fn play(&mut self, x: u64, o: u64, cell: Cell) -> Result<u64, String> {
        let bit = 1u64 << cell.index();
        let (mover, x, o) = if (x | o).count_ones().is_multiple_of(2) {
            (Side::X, x | bit, o)
        } else {
            (Side::O, x, o | bit)
        };
        self.path.push(cell);
        let stones = if mover == Side::X { x } else { o };
        let zone = if self.wins.wins(stones, cell.index()) {
            if mover != self.section.side {
                return Err(format!("{mover} wins with {}", self.name(cell)));
            }
            let (own, other) = if mover == Side::X { (x, o) } else { (o, x) };
            if self.zones {
                hit(&self.windows, other, own, 0, 1)
            } else {
                EVERY_CELL
            }
        } else if x | o == self.full {
            if self.section.goal == Goal::Win {
                return Err(format!(
                    "the board fills with {}: a draw, not a win for {}",
                    self.name(cell),
                    self.section.side
                ));
            }
            0
        } else {
            self.position(x, o)?
        };
        self.path.pop();
        Ok(zone)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::search::Control;
    use crate::solve::{Distance, Ideas, Solver, SolverConfig};

    /// The board of the stones `x` and `o` (X to move when they are as many).
    fn board(v: Variant, x: u64, o: u64) -> Board {
        let cells = |mut m: u64| {
            std::iter::from_fn(move || {
                (m != 0).then(|| {
                    let c = m.trailing_zeros();
                    m &= m - 1;
                    Cell(c as u16)
                })
            })
        };
        let (xs, os): (Vec<Cell>, Vec<Cell>) = (cells(x).collect(), cells(o).collect());
        let mut moves = Vec::new();
        for i in 0..xs.len().max(os.len()) {
            moves.extend(xs.get(i));
            moves.extend(os.get(i));
        }
        Board::from_moves(v, &moves).expect("a position without a five")
    }

    /// Every reply the zones let the checker skip is refuted indeed: solved by a solver
    /// without zones, the side that made it does not win. On the empty boards and random
    /// positions of boards whose draws need deep lines (5x5 k=4, 6x5 k=4, 6x6 k=5).
    #[test]
    fn the_replies_a_zone_covers_do_not_win() {
        let control = Control::unlimited();
        let plain = SolverConfig {
            ideas: Ideas::DEFAULT.without("refutation-zones").unwrap(),
            ..SolverConfig::default()
        };
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let (mut checked, mut proofs) = (0, 0);
        for (w, h, k, games) in [(5, 5, 4, 14), (6, 5, 4, 8), (6, 6, 5, 8)] {
            let v = Variant::new(Size::new(w, h), k, Rule::Freestyle).unwrap();
            let mut oracle = Solver::with_config(&v, plain).unwrap();
            for g in 0..games {
                let mut game = Game::new(v);
                for _ in 0..if g == 0 { 0 } else { 2 + next(5) } {
                    let moves: Vec<Cell> = game.board().moves().collect();
                    let mut after = game.clone();
                    after.play(moves[next(moves.len())]).unwrap();
                    if after.board().is_over() {
                        break;
                    }
                    game = after;
                }
                let mut solver = Solver::new(&v).unwrap();
                let certificate = solver.certificate(&game, &control).unwrap();
                proofs += 1;
                let (x, o) = game.board().masks().unwrap();
                for (side, goal) in Certificate::needs(game.board().to_move(), certificate.value) {
                    let section = certificate
                        .sections
                        .iter()
                        .find(|s| s.side == side && s.goal == goal)
                        .unwrap();
                    let assumed = HashMap::new();
                    let mut walk = Walk::new(v, section, &assumed);
                    walk.position(x, o).unwrap();
                    for &(x, o, c) in walk.skipped.iter().take(40) {
                        let mover_x = (x | o).count_ones() % 2 == 0;
                        let (x, o) = if mover_x {
                            (x | 1 << c, o)
                        } else {
                            (x, o | 1 << c)
                        };
                        let after = board(v, x, o);
                        let value = oracle
                            .prove(&after, &control, Distance::Skip)
                            .unwrap()
                            .value;
                        // The value for the side to move there: the section's side.
                        assert_ne!(value, Wdl::Loss, "{v}: {after:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(
            proofs >= 20 && checked >= 200,
            "{proofs} proofs, {checked} replies checked"
        );
    }
}
