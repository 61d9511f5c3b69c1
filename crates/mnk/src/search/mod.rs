//! The runtime every search uses, and the vocabulary every player speaks. It depends only on
//! [`crate::game`]; the engine, the solver, the players and [`crate::explain`] build on it.
//!
//! | piece | module | concept |
//! |---|---|---|
//! | [`TimeControl`] -> [`TimePlan`] | `time` | the one place time is planned: a clock in, a target and a deadline out |
//! | [`Timing`], [`Clocks`] | `clock` | how a game is timed; both players' clocks as it goes |
//! | [`MOVE_OVERHEAD`], [`OPENING_MOVES_TO_GO`], ... | `tunables` | every tunable of time planning, with how it was obtained |
//! | [`Stop`] | `stop` | the one stop signal, linked from a caller's to its searches' |
//! | [`Control`], [`Limits`] | `control` | what one search may spend (time, nodes, depth) and is asked for (lines, root moves); what it polls |
//! | [`run_team`] | `threads` | the one driver of a search's helper threads |
//! | [`Player`], [`Choice`], [`PlayerError`] | `player` | what a player is asked and answers |
//! | [`Value`], [`Bound`], [`MoveValue`], [`PvLine`], [`Outcome`] | `value`, `outcome` | what a player says about a move, and about its best lines |
//! | [`SearchObserver`] | `observer` | the hook through which a search can be watched |
//! | [`Progress`], [`Report`] | `progress` | what a search has found so far, for a watcher |
//!
//! A search is started the same way everywhere: the caller (a [`crate::players::Seat`])
//! builds one [`Control`] from the player's limits, the clock's [`TimePlan`] and a [`Stop`],
//! and the player polls it. A transport (the Gomocup protocol, the web server, the command
//! line) says once how much each move costs it outside the search (the `overhead` of
//! [`TimeControl::plan`]); nothing below keeps another margin.

mod clock;
mod control;
mod observer;
mod outcome;
mod player;
mod progress;
mod stop;
mod threads;
mod time;
pub mod tunables;
mod value;

pub use clock::{Clocks, Timing, TimingError, clock_face};
pub use control::{Control, Limits, LinesError, MAX_LINES, check_lines};
pub use observer::{NodeKind, SearchObserver, Silent, StaticTerms};
pub use outcome::Outcome;
pub use player::{Choice, Player, PlayerError};
pub use progress::{Progress, Report};
pub use stop::Stop;
pub use threads::{Team, TeamResult, cores, run_team};
pub use time::{GameClock, TimeControl, TimePlan, game_time_to_share, own_moves_left};
pub use tunables::{
    GAME_RESERVE_DIVISOR, GAME_RESERVE_MAX, MAX_SHARE_OF_GAME, MIN_MOVES_TO_GO, MOVE_OVERHEAD,
    OPENING_MOVES_TO_GO,
};
pub use value::{Bound, MoveValue, PvLine, Value, Viewed, sort_best_first};
