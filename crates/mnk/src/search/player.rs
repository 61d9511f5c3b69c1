//! The [`Player`] every searcher implements, what it answers ([`Choice`]) and why it may not
//! ([`PlayerError`]).

use super::{Control, MoveValue, PvLine, SearchObserver, Value};
use crate::game::{Board, Cell, Variant};
use serde::Serialize;
use thiserror::Error;

/// A computer player: given a position, choose a move for the side to move.
///
/// A player is built once for a seat ([`crate::players::Seat`]) and asked for move after move:
/// what it learns (tables, an incremental position) it may keep between calls. Each call gets
/// a [`Control`] with everything the search may spend (time, nodes, depth) and its stop signal:
/// a player reads its depth from [`Control::depth`] (or uses its own default) and polls
/// [`Control::should_stop`] as it searches.
pub trait Player: Send {
    /// The catalog name of the player (`perfect`, `gomoku-pruned`, ...).
    fn name(&self) -> &'static str;

    /// Chooses a move for the side to move on `board`.
    ///
    /// # Errors
    /// [`PlayerError`] when the game is over, the position is beyond what this player can
    /// handle, or `control` stopped the search before it reached a decision.
    fn choose(&mut self, board: &Board, control: &Control) -> Result<Choice, PlayerError>;

    /// Chooses a move exactly as [`Player::choose`] does, reporting every node of the search
    /// to `observer` (see [`crate::explain`]). `None` for players that do not search a game
    /// tree they can report (the catalog says which do).
    fn choose_observed(
        &mut self,
        board: &Board,
        control: &Control,
        observer: &mut dyn SearchObserver,
    ) -> Option<Result<Choice, PlayerError>> {
        let _ = (board, control, observer);
        None
    }

    /// The exact value of every move the player considers, for the side that plays it, on the
    /// player's own scale: an analysis beyond [`Choice::candidates`], for players whose own
    /// search gives no value per move or only bounds (e.g. alpha-beta with a full window for
    /// each root move). `None` when the player has no such analysis (the catalog says which do).
    fn move_values(
        &mut self,
        board: &Board,
        control: &Control,
    ) -> Option<Result<Vec<MoveValue>, PlayerError>> {
        let _ = (board, control);
        None
    }

    /// Gets ready for games of `variant` (tables, precomputed patterns), so that the first move
    /// does not pay for it. Called when a seat is taken; choosing works without it.
    fn prepare(&mut self, variant: &Variant) {
        let _ = variant;
    }

    /// Forgets what earlier searches learned: a new game starts.
    fn new_game(&mut self) {}

    /// Bytes the player's tables hold now (what a seat costs to keep).
    fn memory(&self) -> usize {
        0
    }
}

/// A chosen move and what the player knows about it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Choice {
    /// The move.
    pub cell: Cell,
    /// The value of the move for the side that plays it, where the player has one.
    pub value: Option<Value>,
    /// Positions the player visited.
    pub nodes: u64,
    /// Depth reached, where the player searches to a depth.
    pub depth: Option<u32>,
    /// The line of play the player expects, starting with `cell`.
    pub pv: Vec<Cell>,
    /// The values the same search gave the moves it considered (the heat map), best first,
    /// `cell` first among equals; exact or bounds, as each says. Empty when the search gives
    /// no value per move.
    pub candidates: Vec<MoveValue>,
    /// Nodes of the game tree the seed program would have built, where that is known.
    pub tree_nodes: Option<u128>,
    /// The best lines, best first, from the same search, when it was asked for several
    /// ([`Control::lines`]) and the player gives them: the first is the choice's own. Empty
    /// otherwise; see [`Choice::best_lines`] for the lines of any player.
    pub lines: Vec<PvLine>,
}

impl Choice {
    /// A choice with only the move and the node count.
    #[must_use]
    pub fn new(cell: Cell, nodes: u64) -> Self {
        Choice {
            cell,
            value: None,
            nodes,
            depth: None,
            pv: vec![cell],
            candidates: Vec::new(),
            tree_nodes: None,
            lines: Vec::new(),
        }
    }

    /// Up to `n` best lines, best first: the player's own ([`Choice::lines`]) when it gave
    /// them; else the choice itself, then the other candidates whose value is exact, each a
    /// line of its one move. Fewer than `n` when the player knows no more.
    #[must_use]
    pub fn best_lines(&self, n: usize) -> Vec<PvLine> {
        if !self.lines.is_empty() {
            return self.lines.iter().take(n).cloned().collect();
        }
        let Some(value) = self.value else {
            return Vec::new();
        };
        let first = PvLine {
            value,
            pv: if self.pv.first() == Some(&self.cell) {
                self.pv.clone()
            } else {
                vec![self.cell]
            },
            depth: self.depth,
        };
        let others = self
            .candidates
            .iter()
            .filter(|c| c.cell != self.cell && c.bound == super::Bound::Exact)
            .map(|c| PvLine {
                value: c.value,
                pv: vec![c.cell],
                depth: c.depth,
            });
        std::iter::once(first).chain(others).take(n).collect()
    }
}

/// Why a player could not choose a move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayerError {
    /// There is nothing to choose: the game has ended.
    #[error("the game is over")]
    GameOver,
    /// The position is beyond this player's reach; the message says why and what to use instead.
    #[error("{0}")]
    TooLarge(String),
    /// A setting the player cannot use.
    #[error("{0}")]
    BadSetting(String),
    /// The player looked for what it plays (a forced win) and found none; the message says
    /// what was searched.
    #[error("{0}")]
    NotFound(String),
    /// The time or node limit (or a stop request) came before the player reached a decision.
    #[error("{player} was stopped after {nodes} nodes, before it reached a decision{hint}")]
    Stopped {
        /// The player.
        player: &'static str,
        /// Nodes visited.
        nodes: u64,
        /// What to try instead, starting with "; " when present.
        hint: String,
    },
}
