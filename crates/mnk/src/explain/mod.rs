//! Seeing the search: the tree a player visited, node by node, with the value of each node.
//!
//! Players that search a game tree report each node to a [`SearchObserver`] as they walk it
//! ([`crate::search::Player::choose_observed`]); an ordinary move choice passes [`Silent`],
//! which compiles to nothing, so the search itself is the same code with or without a
//! recording. [`TreeRecorder`] keeps a bounded part of the tree: the line to a focus node
//! and the subtree below it to a depth, within a node cap. Because the searches are
//! deterministic, a learner can expand any node by asking again with that node as the focus.
//!
//! Values are from the point of view of the side to move at the root (MAX), on the player's
//! own scale: `minimax` +10 / -10 / 0, `alphabeta` open lines and +-100, seed 003's gomoku
//! programs 0..1000 around 500, `gametree` the probability that MAX wins. Alpha-beta nodes
//! carry their window and say whether their value is exact or a bound; children skipped by a
//! cut-off appear as [`NodeKind::Pruned`].
//!
//! ```
//! use mnk::explain::{TreeOptions, explain};
//! use mnk::game::{Board, Variant};
//! use mnk::players::{PlayerSpec, create};
//! use mnk::search::Control;
//!
//! let board = Board::new(Variant::tic_tac_toe());
//! let mut player = create(&"minimax".parse::<PlayerSpec>().unwrap());
//! let seen = explain(player.as_mut(), &board, &Control::unlimited(), TreeOptions::default()).unwrap();
//! assert_eq!(seen.tree.root.visited, 549_946); // the whole game tree of tic-tac-toe
//! assert_eq!(seen.tree.root.children.len(), 9);
//! ```

mod pv;
mod recorder;
mod tree;

pub use crate::search::{Bound, NodeKind, SearchObserver, Silent, StaticTerms};
pub use pv::PvRecorder;
pub use recorder::{TreeOptions, TreeRecorder};
pub use tree::{Role, SearchTree, TreeNode, effective_branching_factor};

use crate::game::{Board, Cell};
use crate::search::{Choice, Control, Player, PlayerError};
use thiserror::Error;

/// A player's choice together with the recorded part of the tree it searched.
#[derive(Debug, Clone, PartialEq)]
pub struct Explanation {
    /// What the player chose, exactly as [`Player::choose`] returns it.
    pub choice: Choice,
    /// The recorded tree.
    pub tree: SearchTree,
}

/// Why no tree could be recorded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ExplainError {
    /// The player does not search a game tree it can report (e.g. `rules`, or the solver
    /// behind `perfect`, whose table merges transpositions and symmetries).
    #[error("{player} does not report its search tree (`mnk players` marks the players that do)")]
    NotRecorded {
        /// The player.
        player: &'static str,
    },
    /// The player could not choose a move.
    #[error(transparent)]
    Player(#[from] PlayerError),
    /// The focus line is not in the tree: the search pruned it or never reached it.
    #[error(
        "the search did not reach that line (its moves were pruned, or the game ends before it)"
    )]
    NotSearched {
        /// The focus asked for.
        focus: Vec<Cell>,
    },
}

/// Asks `player` for a move on `board` and fills in the line it expects ([`Choice::pv`])
/// from its search, for players that report their tree and give no line of their own.
/// Other players' choices are returned as they are.
///
/// # Errors
/// [`PlayerError`] when the player cannot choose.
pub fn choose_with_line(
    player: &mut dyn Player,
    board: &Board,
    control: &Control,
) -> Result<Choice, PlayerError> {
    let mut recorder = PvRecorder::new();
    match player.choose_observed(board, control, &mut recorder) {
        None => player.choose(board, control),
        Some(choice) => {
            let mut choice = choice?;
            let line = recorder.line();
            if choice.pv.len() <= 1 && line.first() == Some(&choice.cell) {
                choice.pv = line;
            }
            Ok(choice)
        }
    }
}

/// Asks `player` for a move on `board` and records the part of its search tree that
/// `options` describe.
///
/// # Errors
/// [`ExplainError`] when the player records no tree, cannot choose, or the focus line was not
/// searched.
pub fn explain(
    player: &mut dyn Player,
    board: &Board,
    control: &Control,
    options: TreeOptions,
) -> Result<Explanation, ExplainError> {
    let focus = options.focus.clone();
    let mut recorder = TreeRecorder::new(options);
    let choice = player
        .choose_observed(board, control, &mut recorder)
        .ok_or(ExplainError::NotRecorded {
            player: player.name(),
        })??;
    let tree = recorder.finish().ok_or(ExplainError::NotRecorded {
        player: player.name(),
    })?;
    if tree.focus_node().is_none() {
        return Err(ExplainError::NotSearched { focus });
    }
    Ok(Explanation { choice, tree })
}
