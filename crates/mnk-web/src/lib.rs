//! # mnk-web
//!
//! `mnk serve`: one page to play any m,n,k-game in a browser and see why the machine moves
//! where it does, over a JSON API (documented route by route in the project's docs/web-api.md).
//!
//! - [`app`] builds the axum router (the page, its files and the API) with its [`Limits`];
//!   [`serve()`] runs it on a listener until Ctrl-C, connections bounded and timed out
//!   ([`mod@serve`]).
//! - Games live in memory ([`store`]), at most [`Limits::max_games`], the least recently used
//!   evicted first, and at most [`Limits::games_per_client`] of one client.
//! - Searches run on blocking threads, at most [`Limits::searches`] at once and
//!   [`Limits::searches_per_client`] of one client, each bounded by
//!   [`Limits::think_time`] and [`Limits::max_nodes`] through [`mnk::search::Control`], and
//!   stopped as soon as its client goes away ([`searcher`]).
//! - Every error is a 4xx (or 503 when busy) with a JSON body `{"error": "..."}`.
//!
//! The page's files are compiled into the binary ([`assets`]): nothing is read from disk or
//! fetched at run time.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod assets;
pub mod body;
pub mod config;
pub mod error;
pub mod opening;
pub mod routes;
pub mod searcher;
pub mod serve;
pub mod state;
pub mod store;
pub mod views;

pub use config::Limits;
pub use routes::{app, app_with};
pub use serve::serve;
pub use state::AppState;
