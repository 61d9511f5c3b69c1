//! A proof split into jobs: the positions some plies below a root (its *frontier*), each
//! solved on its own (on another machine, by a cluster's scheduler), then combined into the
//! root's value and one proof of the whole. The commands are `mnk solve --split DEPTH --jobs
//! DIR`, `mnk solve --job FILE` and `mnk solve --combine DIR`; this module holds what they
//! share and does no I/O.
//!
//! - [`Frontier`] (`frontier`): the tree of the positions between the root and the frontier,
//!   up to the board's symmetries (positions that are symmetric, or reached by moves in
//!   another order, are one), with the positions already decided left out (a finished game; a
//!   side to move that wins at once; a side to move facing two winning cells of the other).
//!   Each remaining position `depth` plies below the root is a [`Job`], numbered from 1 in the
//!   order the tree is built (level by level, moves in the board's order), so the same split
//!   always gives the same jobs.
//! - [`Combination`] (`combine`): the frontier's AND/OR tree evaluated over the jobs' values.
//!   A job without a value may be anything, so the root's value is reported only when no
//!   missing job could change it; the missing jobs whose value can no longer change the answer
//!   (a sibling already settled what they would) are listed apart, so that a driver can cancel
//!   them. [`Frontier::certificate`] writes one [`Certificate`](crate::certificate::Certificate)
//!   of the root: the frontier's own moves where the proving side chooses, and the jobs'
//!   proofs, whose records are keyed by canonical position and so merge by union.
//! - [`Job`] and [`JobResult`] (`files`): the job and result files, versioned text that names
//!   the game, the split (root and depth), the job's place in it and its position; a file of
//!   another game, another split or another version, or cut short, is refused with why.
//!
//! # Why the union of the jobs' proofs is a proof
//!
//! A job's proof holds, for each of its records, a strategy from that record's position that
//! the checker accepts. In the union, where two proofs hold a record for the same position,
//! one of them is kept; the walk from any position then follows records each of which holds
//! from its own position on, and by induction on the empty cells left the whole walk holds. A
//! "win" strategy also keeps from losing, so a job proved a win serves a section that needs
//! only "not-lose". `mnk verify` checks the result as it checks any proof: nothing of this
//! argument is taken on trust.
//!
//! # Checking a split one job at a time
//!
//! The union holds every job's records at once: too large for memory at the frontier of
//! (8,8,5). [`Frontier::top_certificate`] gives the frontier's own part alone, and
//! [`crate::certificate::verify_assuming`] checks it with each job's position taken at the value
//! its own proof was checked to have: where a line of play reaches a job's position (up to
//! symmetry) the checker takes that value instead of walking on. This proves the root's value
//! because every line the top allows either ends by the rules above the frontier or reaches a
//! job position whose value, for the side to move there, has been checked by the job's own
//! proof: by the same induction as for the union, the side the section is for achieves its goal
//! from the root. `mnk verify DIR` checks each job's proof alone (its position the job's, its
//! value the result's), keeping only its value, then the top on those values: no check holds
//! more than one job's records.

mod combine;
mod files;
mod frontier;
mod plan;

pub use combine::{Combination, CombineError, MoveKnown};
pub use files::{Job, JobOutcome, JobResult, MAX_JOB_BYTES, ProofFile, checksum};
pub use frontier::{Frontier, FrontierStats, MAX_JOBS, SplitError};
pub use plan::{JobKnown, JobValue, Split};
