//! The frontier's AND/OR tree over the jobs' values: the root's value as far as the known
//! values settle it, the missing jobs that can still change it, and one proof of the whole.
//!
//! Values are bounds from X's side (-1 O wins, 0 draw, 1 X wins): a job without a value is
//! `[-1, 1]`, one that stopped with only bounds settled (a [`JobKnown::Bounds`]: "not a loss",
//! say) has those; where X moves a position's bounds are the greatest of its moves', where O
//! moves the least. The root's value is reported when its bounds meet. Bounds without a proof
//! serve the value only: a proof of the whole needs a proof from every job its lines reach.
//!
//! A missing job is *unnecessary* when no value of it can change the root's: alpha-beta's
//! windows, passed down from the root's bounds. A move's value matters only between the best
//! lower bound of its siblings (for the side that chooses) and the window of its parent; a job
//! whose window holds one value at most (on every path to it) cannot change the answer.

use super::frontier::{Frontier, Kind, Next};
use super::plan::JobKnown;
use crate::certificate::{Certificate, Goal, Record, Section};
use crate::game::{Cell, Side};
use crate::solve::{Known, Outcome, Wdl};
use std::collections::BTreeMap;
use thiserror::Error;

/// What the jobs' values settle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Combination {
    /// The root's value for its side to move, as far as it is known.
    pub known: Known,
    /// The moves to the end of a won or lost root, when every job that could change them
    /// proved its own (as `mnk solve` finds them: the fastest win, the slowest loss).
    pub moves_to_end: Option<u32>,
    /// A move of the root that achieves the value, once the value is settled: the one that
    /// achieves `moves_to_end` when that is known, else the first in the board's order.
    pub best: Option<Cell>,
    /// Jobs whose value is not known (their indices, from 0: without a result, or with bounds
    /// that do not meet) that can still change the root's.
    pub needed: Vec<usize>,
    /// Jobs whose value is not known that can no longer change the root's.
    pub unnecessary: Vec<usize>,
    /// What is known after each of the root's moves, one entry for the moves equal up to
    /// symmetry, in the board's order of their first (none when the root is itself the one
    /// job): where the proof stands, move by move.
    pub moves: Vec<MoveKnown>,
}

/// What the jobs' values settle after one of the root's moves, up to symmetry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveKnown {
    /// The root's moves that lead to this position up to symmetry, in the board's order; the
    /// first is the one the split's job files are written after (their frame).
    pub cells: Vec<Cell>,
    /// The position's value after it, for the root's side to move, as far as it is known.
    pub known: Known,
    /// How many of [`Combination::needed`] lie below this move.
    pub needed: usize,
}

impl Combination {
    /// The root's value, when the values known settle it.
    #[must_use]
    pub fn value(&self) -> Option<Wdl> {
        (self.known.at_least == self.known.at_most).then_some(self.known.at_least)
    }
}

/// Why no proof of the whole was written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CombineError {
    /// The jobs' values do not settle the root's.
    #[error("the root's value is not settled ({0}); no proof of it can be written")]
    Unsettled(Known),
    /// A job's proof cannot be used.
    #[error("job {number}: {why}")]
    Job {
        /// The job's number (from 1).
        number: usize,
        /// Why.
        why: String,
    },
}

/// Bounds from X's side.
type Bounds = (i8, i8);

/// Bounds of a solver score from X's side.
type Scores = (i32, i32);

fn from_x(value: i8, side: Side) -> i8 {
    if side == Side::X { value } else { -value }
}

fn score(wdl: Wdl) -> i8 {
    match wdl {
        Wdl::Loss => -1,
        Wdl::Draw => 0,
        Wdl::Win => 1,
    }
}

fn wdl(score: i8) -> Wdl {
    match score {
        1 => Wdl::Win,
        0 => Wdl::Draw,
        _ => Wdl::Loss,
    }
}

/// Bounds from X's side as what is known for `side`.
fn known_for(side: Side, (lo, hi): Bounds) -> Known {
    let (at_least, at_most) = if side == Side::X {
        (lo, hi)
    } else {
        (-hi, -lo)
    };
    Known {
        at_least: wdl(at_least),
        at_most: wdl(at_most),
    }
}

/// The bounds of a finished game from X's side.
fn over(winner: Option<Side>) -> Bounds {
    let v = winner.map_or(0, |w| from_x(1, w));
    (v, v)
}

impl Frontier {
    /// Every node's bounds from X's side, given what is known of the jobs (each for the side
    /// to move in the job's position).
    fn bounds(&self, values: &[JobKnown]) -> Vec<Bounds> {
        let mut bounds = vec![(-1, 1); self.nodes.len()];
        // Children come after their parents: from the last node up.
        for (i, node) in self.nodes.iter().enumerate().rev() {
            bounds[i] = match &node.kind {
                Kind::Job(j) => {
                    let known = values.get(*j).map_or(Known::NOTHING, |v| v.known());
                    let (lo, hi) = (score(known.at_least), score(known.at_most));
                    if node.to_move == Side::X {
                        (lo, hi)
                    } else {
                        (-hi, -lo)
                    }
                }
                Kind::Decided(win) => {
                    let s = from_x(if win.is_some() { 1 } else { -1 }, node.to_move);
                    (s, s)
                }
                Kind::Inner(children) => {
                    let each = children.iter().map(|&(_, next)| match next {
                        Next::Node(c) => bounds[c],
                        Next::Over(winner) => over(winner),
                    });
                    if node.to_move == Side::X {
                        each.fold((-1, -1), |(a, b), (lo, hi)| (a.max(lo), b.max(hi)))
                    } else {
                        each.fold((1, 1), |(a, b), (lo, hi)| (a.min(lo), b.min(hi)))
                    }
                }
            };
        }
        bounds
    }

    /// The solver score from X's side of `outcome` for `mover` with `stones` on the board.
    fn score_of(&self, outcome: Outcome, stones: usize, mover: Side) -> i32 {
        let s = outcome.to_score(stones, self.split.variant.size().cells());
        if mover == Side::X { s } else { -s }
    }

    /// The bounds of the solver score from X's side of where `next` leads from a position of
    /// `stones`.
    fn next_scores(&self, next: Next, stones: usize, scores: &[Scores]) -> Scores {
        match next {
            Next::Node(c) => scores[c],
            Next::Over(None) => (0, 0),
            Next::Over(Some(winner)) => {
                let s = self.score_of(Outcome::Win(1), stones, winner);
                (s, s)
            }
        }
    }

    /// Every node's bounds of the solver score from X's side (see [`crate::solve`]: a win
    /// completed with fewer stones scores higher): a value without its distance is any win
    /// (or loss) the position allows, a job without a value anything. Where the bounds meet,
    /// the score, and so the number of moves to the end, is known.
    fn scores(&self, values: &[JobKnown]) -> Vec<Scores> {
        let cells = self.split.variant.size().cells();
        let mut scores = vec![(0, 0); self.nodes.len()];
        for (i, node) in self.nodes.iter().enumerate().rev() {
            let stones = node.moves.len();
            // The largest score a win from here can have: completed with the next stone.
            let most = i32::try_from(cells - stones).unwrap_or(i32::MAX);
            let mover = |(lo, hi): Scores| {
                if node.to_move == Side::X {
                    (lo, hi)
                } else {
                    (-hi, -lo)
                }
            };
            let exact = |outcome| {
                let s = self.score_of(outcome, stones, node.to_move);
                (s, s)
            };
            scores[i] = match &node.kind {
                Kind::Job(j) => match values[*j] {
                    JobKnown::Value(v) => match (v.outcome(), v.value) {
                        (Some(outcome), _) => exact(outcome),
                        (None, Wdl::Win) => mover((1, most)),
                        (None, _) => mover((-most, -1)),
                    },
                    // A win scores from 1 up, a draw 0, a loss from -1 down.
                    JobKnown::Bounds(known) => mover((
                        match known.at_least {
                            Wdl::Loss => -most,
                            Wdl::Draw => 0,
                            Wdl::Win => 1,
                        },
                        match known.at_most {
                            Wdl::Loss => -1,
                            Wdl::Draw => 0,
                            Wdl::Win => most,
                        },
                    )),
                },
                Kind::Decided(Some(_)) => exact(Outcome::Win(1)),
                // One of the two winning cells is left after any move.
                Kind::Decided(None) => exact(Outcome::Loss(2)),
                Kind::Inner(children) => {
                    let each = children
                        .iter()
                        .map(|&(_, next)| self.next_scores(next, stones, &scores));
                    if node.to_move == Side::X {
                        each.fold((i32::MIN, i32::MIN), |(a, b), (lo, hi)| {
                            (a.max(lo), b.max(hi))
                        })
                    } else {
                        each.fold((i32::MAX, i32::MAX), |(a, b), (lo, hi)| {
                            (a.min(lo), b.min(hi))
                        })
                    }
                }
            };
        }
        scores
    }

    /// The root's value as far as `values` (what is known of each job, for the side to move
    /// in the job's position) settle it, a best move when they do, and the jobs whose value is
    /// not known that are still needed and those that are not.
    ///
    /// # Panics
    /// When `values` has not one entry per job.
    #[must_use]
    pub fn combine(&self, values: &[JobKnown]) -> Combination {
        assert_eq!(values.len(), self.len(), "one value per job");
        let bounds = self.bounds(values);
        let root = &self.nodes[0];
        let mover = root.to_move;
        let known = known_for(mover, bounds[0]);
        let (at_least, at_most) = (score(known.at_least), score(known.at_most));
        let scores = self.scores(values);
        let cells = self.split.variant.size().cells();
        let exact = |(lo, hi): Scores| (lo == hi).then_some(lo);
        let score = exact(scores[0]).filter(|_| at_least == at_most);
        let outcome = score.map(|s| {
            let mine = if mover == Side::X { s } else { -s };
            Outcome::from_score(mine, root.moves.len(), cells)
        });
        let moves_to_end = match outcome {
            Some(Outcome::Win(n) | Outcome::Loss(n)) => Some(n),
            _ => None,
        };
        let best = if at_least != at_most {
            None
        } else if let (Some(score), Kind::Inner(children)) = (score, &root.kind) {
            // The move that keeps the root's score: the fastest win, the slowest loss.
            let stones = root.moves.len();
            children
                .iter()
                .find(|&&(_, next)| exact(self.next_scores(next, stones, &scores)) == Some(score))
                .map(|&(cell, _)| cell)
        } else {
            self.good_move(0, mover, at_least, &bounds)
        };
        let windows = self.windows(&bounds);
        let (mut needed, mut unnecessary) = (Vec::new(), Vec::new());
        for (j, &node) in self.jobs.iter().enumerate() {
            if values[j].settled() {
                continue;
            }
            match windows[node] {
                Some((a, b)) if a < b => needed.push(j),
                _ => unnecessary.push(j),
            }
        }
        let moves = self.root_moves(&bounds, &needed);
        Combination {
            known,
            moves_to_end,
            best,
            needed,
            unnecessary,
            moves,
        }
    }

    /// What `bounds` say after each of the root's moves, with the jobs of `needed` below each.
    fn root_moves(&self, bounds: &[Bounds], needed: &[usize]) -> Vec<MoveKnown> {
        let root = &self.nodes[0];
        let Kind::Inner(children) = &root.kind else {
            return Vec::new();
        };
        let mut is_needed = vec![false; self.nodes.len()];
        for &j in needed {
            is_needed[self.jobs[j]] = true;
        }
        let mut moves: Vec<(Next, MoveKnown)> = Vec::new();
        for &(cell, next) in children {
            if let Some((_, same)) = moves.iter_mut().find(|(n, _)| *n == next) {
                same.cells.push(cell);
                continue;
            }
            let (b, needed) = match next {
                Next::Node(c) => (bounds[c], self.count_below(c, &is_needed)),
                Next::Over(winner) => (over(winner), 0),
            };
            moves.push((
                next,
                MoveKnown {
                    cells: vec![cell],
                    known: known_for(root.to_move, b),
                    needed,
                },
            ));
        }
        moves.into_iter().map(|(_, m)| m).collect()
    }

    /// The nodes marked in `marked` at or below node `from`, each counted once however many
    /// lines reach it.
    fn count_below(&self, from: usize, marked: &[bool]) -> usize {
        let mut seen = vec![false; self.nodes.len()];
        let mut stack = vec![from];
        let mut count = 0;
        while let Some(i) = stack.pop() {
            if std::mem::replace(&mut seen[i], true) {
                continue;
            }
            count += usize::from(marked[i]);
            if let Kind::Inner(children) = &self.nodes[i].kind {
                stack.extend(children.iter().filter_map(|&(_, next)| match next {
                    Next::Node(c) => Some(c),
                    Next::Over(_) => None,
                }));
            }
        }
        count
    }

    /// The first move of node `i` (whose side to move is `side`) whose value for `side` is at
    /// least `goal` (-1, 0 or 1) by `bounds`.
    fn good_move(&self, i: usize, side: Side, goal: i8, bounds: &[Bounds]) -> Option<Cell> {
        match &self.nodes[i].kind {
            Kind::Decided(win) => *win,
            Kind::Job(_) => None,
            Kind::Inner(children) => children
                .iter()
                .find(|&&(_, next)| lower_for(side, next, bounds) >= goal)
                .map(|&(cell, _)| cell),
        }
    }

    /// Each node's window from X's side (`None`: its value cannot change the root's).
    fn windows(&self, bounds: &[Bounds]) -> Vec<Option<Bounds>> {
        let mut windows: Vec<Option<Bounds>> = vec![None; self.nodes.len()];
        windows[0] = Some(bounds[0]);
        for (i, node) in self.nodes.iter().enumerate() {
            let Some((a, b)) = windows[i] else { continue };
            let (a, b) = (a.max(bounds[i].0), b.min(bounds[i].1));
            if a >= b {
                windows[i] = None;
                continue;
            }
            let Kind::Inner(children) = &node.kind else {
                continue;
            };
            let child_bounds = |next: Next| match next {
                Next::Node(c) => bounds[c],
                Next::Over(winner) => over(winner),
            };
            for &(_, next) in children {
                let Next::Node(c) = next else { continue };
                let others = children
                    .iter()
                    .filter(|&&(_, n)| n != next)
                    .map(|&(_, n)| child_bounds(n));
                let window = if node.to_move == Side::X {
                    (others.map(|b| b.0).fold(a, i8::max), b)
                } else {
                    (a, others.map(|b| b.1).fold(b, i8::min))
                };
                if window.0 < window.1 {
                    windows[c] = Some(match windows[c] {
                        Some((ca, cb)) => (ca.min(window.0), cb.max(window.1)),
                        None => window,
                    });
                }
            }
        }
        windows
    }

    /// The frontier's own part of a proof of the root's value: its moves where the proving
    /// side chooses, without the jobs' records, and the jobs that part reaches (by index, in
    /// order). Checked with [`crate::certificate::verify_assuming`] given the jobs' values, it
    /// proves the root's value as far as those values hold, which each job's own proof shows
    /// (`mnk verify DIR` checks a split so, one job's proof at a time).
    ///
    /// # Errors
    /// [`CombineError::Unsettled`]: the values do not settle the root's.
    ///
    /// # Panics
    /// When `values` has not one entry per job.
    pub fn top_certificate(
        &self,
        values: &[JobKnown],
    ) -> Result<(Certificate, Vec<usize>), CombineError> {
        let (top, wanted) = self.top(values)?;
        Ok((top, wanted.into_keys().collect()))
    }

    /// [`Frontier::top_certificate`], with the sections each job serves.
    fn top(&self, values: &[JobKnown]) -> Result<(Certificate, JobUses), CombineError> {
        let combination = self.combine(values);
        let value = combination
            .value()
            .ok_or(CombineError::Unsettled(combination.known))?;
        // Where the proved values alone settle the root, the lines follow them: a line then
        // reaches no job that stopped with only bounds (and so no proof) when it need not.
        let proved: Vec<JobKnown> = values.iter().map(|v| v.value().into()).collect();
        let bounds = Some(self.bounds(&proved))
            .filter(|b| b[0].0 == b[0].1)
            .unwrap_or_else(|| self.bounds(values));
        let root = &self.nodes[0];
        let mut sections = Vec::new();
        let mut wanted = JobUses::new();
        for (side, goal) in Certificate::needs(root.to_move, value) {
            let mut walk = Walk {
                frontier: self,
                bounds: &bounds,
                section: Section::new(side, goal),
                seen: vec![false; self.nodes.len()],
                jobs: Vec::new(),
            };
            walk.node(0)?;
            for job in walk.jobs {
                wanted.entry(job).or_default().push((sections.len(), goal));
            }
            sections.push(walk.section);
        }
        let top = Certificate {
            variant: self.split.variant,
            moves: self.split.root.clone(),
            value,
            sections,
        };
        Ok((top, wanted))
    }

    /// Whether `proof` is one for job `job` (by index): of its position, claiming the value
    /// `values` gives it. Why not, in words.
    ///
    /// # Errors
    /// The proof is of another game or position, or claims another value.
    ///
    /// # Panics
    /// When `job` is not a job's index or `values` has not one entry per job.
    pub fn fits(&self, job: usize, proof: &Certificate, values: &[JobKnown]) -> Result<(), String> {
        let node = &self.nodes[self.jobs[job]];
        if proof.variant != self.split.variant || proof.moves != node.moves {
            return Err("its proof is of another position".into());
        }
        let claimed = values[job].value().map(|v| v.value);
        if Some(proof.value) != claimed {
            return Err(format!(
                "its proof claims a {}, its result a {}",
                proof.value,
                claimed.map_or("no value", Wdl::word)
            ));
        }
        Ok(())
    }

    /// One proof of the root's value: the frontier's own moves where the proving side
    /// chooses, and the records of the jobs' proofs (asked of `proof_of` by job index, once
    /// each, only those the proof needs). Check it with [`crate::certificate::verify`].
    ///
    /// # Errors
    /// [`CombineError`]: the values do not settle the root's; a job's proof is not of its
    /// position, claims another value or lacks a section needed; or `proof_of` fails.
    ///
    /// # Panics
    /// When `values` has not one entry per job.
    pub fn certificate(
        &self,
        values: &[JobKnown],
        proof_of: &mut dyn FnMut(usize) -> Result<Certificate, String>,
    ) -> Result<Certificate, CombineError> {
        let (mut top, wanted) = self.top(values)?;
        // Before any proof is read: a line that reaches a job without a value proved.
        for &job in wanted.keys() {
            if let JobKnown::Bounds(known) = values[job] {
                let why = if known.at_least == known.at_most {
                    format!(
                        "a line of the proof reaches it, and its value ({}) was proved but its \
                         proof not written (its result says why): run it again, or split deeper \
                         where a proof cannot fit",
                        known.at_least
                    )
                } else {
                    format!(
                        "a line of the proof reaches it, and it stopped before its value was \
                         proved (known: {known}): solve it to the end"
                    )
                };
                return Err(CombineError::Job {
                    number: job + 1,
                    why,
                });
            }
        }
        let sections = &mut top.sections;
        for (job, uses) in wanted {
            let number = job + 1;
            let fail = |why: String| CombineError::Job { number, why };
            let proof = proof_of(job).map_err(fail)?;
            self.fits(job, &proof, values).map_err(fail)?;
            for (index, goal) in uses {
                let side = sections[index].side;
                // A win serves where not losing is all that is needed.
                let from = proof
                    .sections
                    .iter()
                    .filter(|s| s.side == side)
                    .find(|s| s.goal == goal)
                    .or_else(|| {
                        (goal == Goal::NotLose)
                            .then(|| {
                                proof
                                    .sections
                                    .iter()
                                    .find(|s| s.side == side && s.goal == Goal::Win)
                            })
                            .flatten()
                    })
                    .ok_or_else(|| {
                        fail(format!(
                            "its proof has no section '{side} {goal}' (nor '{side} win')"
                        ))
                    })?;
                let records = &mut sections[index].records;
                for (key, record) in &from.records {
                    records.entry(*key).or_insert_with(|| record.clone());
                }
            }
        }
        Ok(top)
    }
}

/// The sections each job's proof serves, by job index: (section index, goal needed).
type JobUses = BTreeMap<usize, Vec<(usize, Goal)>>;

/// The lower bound of `next`'s value for `side`.
fn lower_for(side: Side, next: Next, bounds: &[Bounds]) -> i8 {
    let (lo, hi) = match next {
        Next::Node(c) => bounds[c],
        Next::Over(winner) => over(winner),
    };
    if side == Side::X { lo } else { -hi }
}

/// One section's walk down the frontier's tree.
struct Walk<'a> {
    frontier: &'a Frontier,
    bounds: &'a [Bounds],
    section: Section,
    seen: Vec<bool>,
    /// The jobs whose proofs the section needs.
    jobs: Vec<usize>,
}

impl Walk<'_> {
    fn goal(&self) -> i8 {
        match self.section.goal {
            Goal::Win => 1,
            Goal::NotLose => 0,
        }
    }

    /// A position where the values say the section's side reaches its goal: its record, and
    /// the positions below it.
    fn node(&mut self, i: usize) -> Result<(), CombineError> {
        if std::mem::replace(&mut self.seen[i], true) {
            return Ok(());
        }
        let frontier = self.frontier;
        let node = &frontier.nodes[i];
        let side = self.section.side;
        let goal = self.goal();
        let bug = |why: &str| CombineError::Job {
            number: 0,
            why: format!("{why} (a bug in mnk's combination; please report it)"),
        };
        match &node.kind {
            Kind::Job(j) => self.jobs.push(*j),
            // The checker finds the win at once itself, and plays every reply to a loss.
            Kind::Decided(Some(_)) if node.to_move == side => {}
            Kind::Decided(None) if node.to_move != side => {}
            Kind::Decided(_) => return Err(bug("a decided position against the goal")),
            Kind::Inner(children) if node.to_move == side => {
                let &(cell, next) = children
                    .iter()
                    .find(|&&(_, next)| lower_for(side, next, self.bounds) >= goal)
                    .ok_or_else(|| bug("no move keeps the goal"))?;
                let (key, sym) = frontier.frames.frame(node.x, node.o);
                let image = frontier.frames.image(sym, cell);
                self.section.records.insert(key, Record::Move(image));
                if let Next::Node(c) = next {
                    self.node(c)?;
                }
            }
            Kind::Inner(children) => {
                for &(_, next) in children {
                    if lower_for(side, next, self.bounds) < goal {
                        return Err(bug("a reply beats the goal"));
                    }
                    if let Next::Node(c) = next {
                        self.node(c)?;
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::plan::{JobValue, Split};
    use super::*;
    use crate::certificate::{verify, verify_assuming};
    use crate::game::{Game, Rule, Size, Variant};
    use crate::notation::parse_moves;
    use crate::search::Control;
    use crate::solve::Solver;

    fn frontier(size: Size, k: u32, root: &str, depth: u32) -> Frontier {
        let variant = Variant::new(size, k, Rule::Freestyle).unwrap();
        Frontier::new(Split {
            variant,
            root: parse_moves(root, size).unwrap_or_default(),
            depth,
        })
        .unwrap()
    }

    /// Every job solved by the solver: values (with distances) and proofs.
    fn solve_all(f: &Frontier) -> (Vec<JobKnown>, Vec<Certificate>) {
        let mut solver = Solver::new(&f.split().variant).unwrap();
        let control = Control::unlimited();
        f.jobs()
            .map(|job| {
                let game = job.game().unwrap();
                let cert = solver.certificate(&game, &control).unwrap();
                let moves_to_end = match solver.solve(game.board(), &control).unwrap().outcome {
                    Outcome::Win(n) | Outcome::Loss(n) => Some(n),
                    Outcome::Draw => None,
                };
                let value = JobValue {
                    value: cert.value,
                    moves_to_end,
                };
                (JobKnown::Value(value), cert)
            })
            .unzip()
    }

    /// The values alone.
    fn wdl(values: &[JobKnown]) -> Vec<Option<Wdl>> {
        values.iter().map(|v| v.value().map(|v| v.value)).collect()
    }

    /// The one-machine solve: the value with its distance, and the best move.
    fn one_machine(size: Size, k: u32, root: &str) -> (Outcome, Cell) {
        let variant = Variant::new(size, k, Rule::Freestyle).unwrap();
        let game = Game::from_moves(variant, &parse_moves(root, size).unwrap_or_default()).unwrap();
        let solution = Solver::new(&variant)
            .unwrap()
            .solve(game.board(), &Control::unlimited())
            .unwrap();
        (solution.outcome, solution.best)
    }

    /// Split, every job solved, combined: the one-machine value and distance, and a proof the
    /// checker accepts.
    #[test]
    fn split_then_combine_gives_the_one_machine_value_and_a_proof() {
        for (size, k, root, depth) in [
            (Size::square(4), 4, "", 2),
            (Size::new(6, 5), 4, "c3", 1),
            (Size::new(6, 5), 4, "c3 d3", 2),
            (Size::square(3), 3, "", 3),
            (Size::square(3), 3, "b2", 2),
            // Ten moves into a game of perfect play: every move draws, in a moment.
            (Size::square(7), 5, "d4 d5 c5 e3 c3 c4 e5 f6 b2 a1", 2),
        ] {
            let f = frontier(size, k, root, depth);
            let (values, proofs) = solve_all(&f);
            let c = f.combine(&values);
            let (outcome, _) = one_machine(size, k, root);
            let value = Wdl::of_score(outcome.sign());
            assert_eq!(c.value(), Some(value), "{size} k={k} after {root:?}");
            let moves_to_end = match outcome {
                Outcome::Win(n) | Outcome::Loss(n) => Some(n),
                Outcome::Draw => None,
            };
            assert_eq!(c.moves_to_end, moves_to_end, "{size} k={k} after {root:?}");
            assert!(c.needed.is_empty() && c.unnecessary.is_empty());
            let mut asked = Vec::new();
            let cert = f
                .certificate(&values, &mut |j| {
                    asked.push(j);
                    Ok(proofs[j].clone())
                })
                .unwrap();
            let checked = verify(&cert).unwrap_or_else(|e| panic!("{size} k={k}: {e}"));
            assert_eq!(checked.value, value);
            // Each proof read once at most.
            let mut once = asked.clone();
            once.dedup();
            assert_eq!(once, asked);
        }
    }

    /// What is known after each of the root's moves: with every job solved, the one-machine
    /// value after it for the root's side, every empty cell in one group of moves equal up to
    /// symmetry; with no job known, nothing, and each job still needed counted under every
    /// move it lies below.
    #[test]
    fn after_each_move_the_one_machine_value_and_the_jobs_below_it() {
        for (size, k, root) in [
            (Size::square(3), 3, ""),
            (Size::square(4), 4, ""),
            (Size::new(6, 5), 4, "c3"),
        ] {
            let f = frontier(size, k, root, 2);
            let variant = f.split().variant;
            let moves = parse_moves(root, size).unwrap_or_default();
            let (values, _) = solve_all(&f);
            let c = f.combine(&values);
            let mut cells: Vec<Cell> = c.moves.iter().flat_map(|m| m.cells.clone()).collect();
            cells.sort_unstable();
            cells.dedup();
            let empty = size.cells() - moves.len();
            assert_eq!(cells.len(), empty, "{size} k={k} after {root:?}");
            assert_eq!(
                c.moves.iter().map(|m| m.cells.len()).sum::<usize>(),
                empty,
                "each move in one group"
            );
            assert!(c.moves.len() < empty, "symmetric moves grouped");
            for m in &c.moves {
                assert_eq!(m.needed, 0);
                for &cell in &m.cells {
                    let mut after = moves.clone();
                    after.push(cell);
                    let game = Game::from_moves(variant, &after).unwrap();
                    let solution = Solver::new(&variant)
                        .unwrap()
                        .solve(game.board(), &Control::unlimited())
                        .unwrap();
                    let value = Wdl::of_score(-solution.outcome.sign());
                    let exact = Known {
                        at_least: value,
                        at_most: value,
                    };
                    assert_eq!(m.known, exact, "{size} k={k} after {root:?} {cell:?}");
                }
            }
            let c = f.combine(&vec![JobKnown::NOTHING; f.len()]);
            assert!(c.moves.iter().all(|m| m.known == Known::NOTHING));
            assert_eq!(c.needed.len(), f.len());
            assert!(c.moves.iter().all(|m| 0 < m.needed && m.needed <= f.len()));
            // From the empty board each job lies below one move's group; after a stone, a
            // symmetry may swap it with one of the job's own stones, so a job can lie below
            // two groups.
            let below: usize = c.moves.iter().map(|m| m.needed).sum();
            if moves.is_empty() {
                assert_eq!(below, f.len(), "{size} k={k}");
            } else {
                assert!(below >= f.len(), "{size} k={k} after {root:?}");
            }
        }
    }

    /// The frontier's own part checked on top of the jobs' values (as `mnk verify DIR` does,
    /// one job's proof at a time): the value the whole proof has, from the jobs the whole
    /// proof reads; a job's value given wrongly fails the check.
    #[test]
    fn the_top_of_a_split_checks_on_the_jobs_values_alone() {
        for (size, k, root, depth) in [
            (Size::square(4), 4, "", 2),
            (Size::new(6, 5), 4, "c3", 1),
            (Size::square(3), 3, "", 3),
            (Size::square(7), 5, "d4 d5 c5 e3 c3 c4 e5 f6 b2 a1", 2),
        ] {
            let f = frontier(size, k, root, depth);
            let (values, proofs) = solve_all(&f);
            let (top, reached) = f.top_certificate(&values).unwrap();
            let mut asked = Vec::new();
            let whole = f
                .certificate(&values, &mut |j| {
                    asked.push(j);
                    Ok(proofs[j].clone())
                })
                .unwrap();
            assert_eq!(reached, asked, "{size} k={k} after {root:?}");
            // The top alone holds no job's records.
            assert!(top.records() < whole.records(), "{size} k={k}");
            let assumed: Vec<(Vec<Cell>, Wdl)> = reached
                .iter()
                .map(|&j| (f.job(j).moves, values[j].value().unwrap().value))
                .collect();
            let checked = verify_assuming(&top, &assumed)
                .unwrap_or_else(|e| panic!("{size} k={k} after {root:?}: {e}"));
            assert_eq!(checked.value, whole.value);
            assert!(checked.assumed_used > 0);
            // Without the jobs' values the top does not hold: the lines end at the jobs.
            assert!(verify(&top).is_err(), "{size} k={k} after {root:?}");
            // A job given the value it does not have, against the side it decides for.
            for (i, (_, value)) in assumed.iter().enumerate() {
                if *value == Wdl::Draw {
                    continue;
                }
                let mut wrong = assumed.clone();
                wrong[i].1 = value.other();
                assert!(
                    verify_assuming(&top, &wrong).is_err(),
                    "{size} k={k} after {root:?}: job {} given a {}",
                    reached[i] + 1,
                    value.other()
                );
            }
        }
    }

    /// 6x5 k=4 split at depth 1: X wins in 11 with c3, as the one-machine solve says (the
    /// fastest win, found from the jobs' distances); without the distances, the first winning
    /// move in the board's order, which wins (its job proves O lost there).
    #[test]
    fn the_best_move_of_a_combined_win_is_the_fastest() {
        let size = Size::new(6, 5);
        let f = frontier(size, 4, "", 1);
        let (values, _) = solve_all(&f);
        let c = f.combine(&values);
        let (outcome, best) = one_machine(size, 4, "");
        assert_eq!(
            (outcome, best),
            (Outcome::Win(11), parse_moves("c3", size).unwrap()[0])
        );
        assert_eq!(
            (c.value(), c.moves_to_end, c.best),
            (Some(Wdl::Win), Some(11), Some(best))
        );
        let plain: Vec<JobKnown> = wdl(&values)
            .into_iter()
            .map(|v| v.map(JobValue::from).into())
            .collect();
        let c = f.combine(&plain);
        assert_eq!((c.value(), c.moves_to_end), (Some(Wdl::Win), None));
        let first = c.best.unwrap();
        let job = f.jobs().find(|j| j.moves == [first]).unwrap();
        assert_eq!(wdl(&values)[job.number - 1], Some(Wdl::Loss));
    }

    /// Without a job's value the root's value is not reported unless no value of that job
    /// could change it; such jobs are told apart.
    #[test]
    fn a_missing_job_leaves_the_value_open_unless_it_cannot_matter() {
        let f = frontier(Size::new(6, 5), 4, "", 1);
        let (values, _) = solve_all(&f);
        let plain = wdl(&values);
        // X wins: the jobs (O to move) X wins are losses for O.
        let winning: Vec<usize> = (0..f.len())
            .filter(|&j| plain[j] == Some(Wdl::Loss))
            .collect();
        let other: Vec<usize> = (0..f.len())
            .filter(|&j| plain[j] != Some(Wdl::Loss))
            .collect();
        assert!(!winning.is_empty() && !other.is_empty());
        // Every winning job missing: the value is open, and only the missing ones are needed.
        let mut some = values.clone();
        for &j in &winning {
            some[j] = JobKnown::NOTHING;
        }
        let c = f.combine(&some);
        assert_eq!(c.value(), None);
        assert_eq!(c.known.at_most, Wdl::Win);
        assert_eq!(c.needed, winning);
        assert!(c.unnecessary.is_empty());
        assert!(matches!(
            f.certificate(&some, &mut |_| Err("not asked".into())),
            Err(CombineError::Unsettled(_))
        ));
        // One winning job known: every other job is unnecessary, and the value is X's win.
        let mut one = vec![JobKnown::NOTHING; f.len()];
        one[winning[0]] = values[winning[0]];
        let c = f.combine(&one);
        assert_eq!(c.value(), Some(Wdl::Win));
        assert_eq!(c.moves_to_end, None, "a missing job could win sooner");
        assert!(c.needed.is_empty());
        assert_eq!(c.unnecessary.len(), f.len() - 1);
        // Nothing known: everything needed.
        let c = f.combine(&vec![JobKnown::NOTHING; f.len()]);
        assert_eq!((c.value(), c.needed.len()), (None, f.len()));
    }

    /// Windows from the root's bounds: a job whose parent is settled by a sibling, and a job
    /// whose every value is below what its parent already has, are unnecessary; a job that
    /// could still settle the root is needed.
    #[test]
    fn unnecessary_jobs_follow_the_windows() {
        // 3x3 at depth 2: X's first move (corner, edge, centre), then O's replies.
        let f = frontier(Size::square(3), 3, "", 2);
        let (values, _) = solve_all(&f);
        let plain = wdl(&values);
        assert!(
            plain
                .iter()
                .all(|v| *v == Some(Wdl::Draw) || *v == Some(Wdl::Win))
        );
        // Only the jobs under the centre known: the centre draws, so the root is at least a
        // draw; the corners and edges could still win, and every job under them is needed.
        let centre = f
            .jobs()
            .filter(|j| j.moves[0].index() == 4)
            .map(|j| j.number - 1);
        let mut some = vec![JobKnown::NOTHING; f.len()];
        for j in centre {
            some[j] = values[j];
        }
        let c = f.combine(&some);
        assert_eq!((c.known.at_least, c.known.at_most), (Wdl::Draw, Wdl::Win));
        assert_eq!(c.needed.len(), some.iter().filter(|v| !v.settled()).count());
        // One reply of O to the corner known to draw: the corner is a draw at best for X,
        // which the centre already gives; the corner's other replies cannot change the root
        // and are unnecessary (the edge's are still needed).
        let corner: Vec<usize> = f
            .jobs()
            .filter(|j| j.moves[0].index() == 0)
            .map(|j| j.number - 1)
            .collect();
        let drawing = *corner
            .iter()
            .find(|&&j| plain[j] == Some(Wdl::Draw))
            .unwrap();
        some[drawing] = values[drawing];
        let c = f.combine(&some);
        for j in &corner {
            if *j != drawing {
                assert!(c.unnecessary.contains(j), "job {}", j + 1);
            }
        }
        assert_eq!(c.unnecessary.len(), corner.len() - 1);
        assert!(c.needed.iter().all(|&j| f.job(j).moves[0].index() == 1));
    }

    /// Bounds from jobs that stopped settle the value as (8,8,5)'s proof needs them: 3x3 at
    /// depth 2, X's centre answered by every reply known only not to lose for X (one of them,
    /// a corner, a draw), and one reply to each other first move known only not to win for
    /// X. The root is a draw; the jobs left open are unnecessary, and no proof is written
    /// from bounds.
    #[test]
    fn bounds_of_stopped_jobs_settle_the_value_without_a_proof() {
        let f = frontier(Size::square(3), 3, "", 2);
        let (values, _) = solve_all(&f);
        let plain = wdl(&values);
        let not_loss = Known {
            at_least: Wdl::Draw,
            at_most: Wdl::Win,
        };
        let not_win = Known {
            at_least: Wdl::Loss,
            at_most: Wdl::Draw,
        };
        let under = |first: usize| -> Vec<usize> {
            f.jobs()
                .filter(|j| j.moves[0].index() == first)
                .map(|j| j.number - 1)
                .collect()
        };
        let drawing = |first: usize| {
            *under(first)
                .iter()
                .find(|&&j| plain[j] == Some(Wdl::Draw))
                .unwrap()
        };
        let mut some = vec![JobKnown::NOTHING; f.len()];
        for j in under(4) {
            // Every reply to the centre draws or loses for O: "not a loss" for X is true.
            assert_ne!(plain[j], Some(Wdl::Loss));
            some[j] = JobKnown::Bounds(not_loss);
        }
        // "Not a loss" for X after each reply: the root is not a loss, and still open.
        let c = f.combine(&some);
        assert_eq!((c.known.at_least, c.known.at_most), (Wdl::Draw, Wdl::Win));
        // A job with bounds that leave the root open is still needed.
        assert!(under(4).iter().all(|j| c.needed.contains(j)));
        some[drawing(4)] = JobKnown::Bounds(Known {
            at_least: Wdl::Draw,
            at_most: Wdl::Draw,
        });
        let c = f.combine(&some);
        assert_eq!((c.known.at_least, c.known.at_most), (Wdl::Draw, Wdl::Win));
        for first in [0, 1] {
            some[drawing(first)] = JobKnown::Bounds(not_win);
        }
        let c = f.combine(&some);
        assert_eq!(c.value(), Some(Wdl::Draw));
        assert_eq!(c.best.map(Cell::index), Some(4));
        assert!(c.needed.is_empty());
        assert_eq!(
            c.unnecessary.len(),
            some.iter().filter(|v| !v.settled()).count()
        );
        // The value holds, but not a proof: a line of it reaches a job without one, which is
        // named before any proof is read.
        match f.certificate(&some, &mut |_| panic!("no proof is read")) {
            Err(CombineError::Job { why, .. }) => {
                assert!(why.contains("stopped before its value was proved"), "{why}");
            }
            other => panic!("{other:?}"),
        }
        // With the jobs' proved values in place of the bounds, the same value.
        let c = f.combine(&values);
        assert_eq!(c.value(), Some(Wdl::Draw));
    }

    /// A job stopped with bounds does not draw a line of the proof when the proved values
    /// settle the root without it: 3x3 at depth 2, every job proved but one reply of O to
    /// the edge b1 known only not to win for X; the proof is written from the proved jobs
    /// and checks. Bounds on a job off the best line leave the distance as it was; bounds
    /// that could give a faster win open it.
    #[test]
    fn proved_values_steer_the_proof_and_bounds_the_distance() {
        let f = frontier(Size::square(3), 3, "", 2);
        let (values, proofs) = solve_all(&f);
        let plain = wdl(&values);
        let b1: Vec<usize> = f
            .jobs()
            .filter(|j| j.moves[0].index() == 1)
            .map(|j| j.number - 1)
            .collect();
        let stopped = *b1.iter().find(|&&j| plain[j] == Some(Wdl::Draw)).unwrap();
        let mut some = values.clone();
        some[stopped] = JobKnown::Bounds(Known {
            at_least: Wdl::Loss,
            at_most: Wdl::Draw,
        });
        assert_eq!(f.combine(&some).value(), Some(Wdl::Draw));
        let cert = f
            .certificate(&some, &mut |j| {
                assert_ne!(j, stopped, "the stopped job's proof is not asked for");
                Ok(proofs[j].clone())
            })
            .unwrap();
        assert_eq!(verify(&cert).unwrap().value, Wdl::Draw);
        // 6x5 k=4: X wins in 11 with c3 (job 9). A losing move's job (O wins after it) known
        // only as "not a win" for O, that is no faster win for X there: the distance stands.
        let size = Size::new(6, 5);
        let f = frontier(size, 4, "", 1);
        let (values, _) = solve_all(&f);
        let c3 = f
            .jobs()
            .find(|j| j.moves == parse_moves("c3", size).unwrap())
            .unwrap();
        let other = f
            .jobs()
            .map(|j| j.number - 1)
            .find(|&j| j != c3.number - 1 && wdl(&values)[j] == Some(Wdl::Win))
            .expect("a first move that loses for X: O, to move, wins");
        let mut some = values.clone();
        some[other] = JobKnown::Bounds(Known {
            at_least: Wdl::Draw,
            at_most: Wdl::Win,
        });
        let c = f.combine(&some);
        assert_eq!((c.value(), c.moves_to_end), (Some(Wdl::Win), Some(11)));
        // A job that may be a win for X in any number of moves: the distance is open.
        let winning = f
            .jobs()
            .map(|j| j.number - 1)
            .find(|&j| j != c3.number - 1 && wdl(&values)[j] == Some(Wdl::Loss))
            .expect("another winning first move");
        some[winning] = JobKnown::Bounds(Known {
            at_least: Wdl::Loss,
            at_most: Wdl::Loss,
        });
        let c = f.combine(&some);
        assert_eq!((c.value(), c.moves_to_end), (Some(Wdl::Win), None));
    }
}
