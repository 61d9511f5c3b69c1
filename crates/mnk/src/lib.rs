//! # mnk
//!
//! m,n,k-games (an m x n board, k stones in a row win): the rules, move notation, counting
//! ground truth, and computer players from the tutorials the project grew from up to perfect
//! play, proofs of solved positions that anyone can check ([`certificate`]), and game records
//! ([`record`]: the move line, Piskvork's psq, SGF), and a game being played ([`session`]: the
//! one type every front end drives). The library does no I/O; the `mnk` command lives in the
//! `mnk-cli` crate.
#![deny(missing_docs)]
#![deny(unsafe_code)]

pub mod arena;
pub mod certificate;
pub mod count;
pub mod engine;
pub mod explain;
pub mod game;
pub mod notation;
pub mod players;
pub mod protocol;
pub mod record;
pub mod search;
pub mod session;
pub mod solve;
pub mod split;
pub mod text;
