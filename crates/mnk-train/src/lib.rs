//! Training the engine's network evaluation ([`mnk::engine::net`]) on games, with candle.
//!
//! The games are those `mnk tune --save-games` writes (one a line: the winner, the moves, the
//! search's value of each move); the positions taken from them are the linear evaluation's
//! tuner's ([`mnk::engine::tune::visit_samples`]: from a ply on, the quiet ones), each kept
//! compactly ([`dataset`]) with its label (the game's result mixed with the search's value)
//! and the move played from it. The net's float weights ([`mnk::engine::net::FloatNet`])
//! become candle variables ([`model`]) whose forward pass over a batch computes exactly the
//! float net's value and policy; [`train`] fits them with AdamW to the value's binary
//! cross-entropy plus the policy's cross-entropy over the empty cells, measuring whole games
//! held out; the command ([`cli`]) reads the files, shows the progress and writes the net
//! file the engine reads ([`mnk::engine::net::FloatNet::to_bytes`]).
//!
//! A crate of its own so that the `mnk` command does not build candle. With the `cuda`
//! feature, `--device cuda` trains on an NVIDIA GPU.

#![deny(missing_docs)]

pub mod cells;
pub mod cli;
pub mod dataset;
pub mod model;
pub mod train;
