//! The page in a real headless Chromium, on a desktop's and a phone's screen: playing games,
//! seeing the search (values that say whose they are, in the order of their worth), choosing
//! players and their depth or time, errors that end the waiting and say what to do, and a
//! board that fits the screen. Screenshots are checked for a rendered page (not blank) and kept
//! in the test's target folder (`browser-screenshots/`).
//!
//! See `harness.rs` for what the tests need and how a browser is run.

mod clocks;
mod harness;
mod layout;
mod live;
mod opening;
mod page;
mod play;
mod readme;
mod records;
mod search;
mod settings;
mod teaching;
mod trouble;
