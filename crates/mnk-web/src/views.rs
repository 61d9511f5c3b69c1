//! What the API answers: games, choices and trees as JSON, moves in renju notation.

use crate::store::{Entry, Seats};
use mnk::explain::{NodeKind, TreeNode};
use mnk::game::{Board, Cell, Side, Size, Status};
use mnk::notation::{format_cell, format_moves};
use mnk::search::{Bound, Choice, MoveValue, Value};
use serde::Serialize;

/// The board's dimensions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SizeView {
    /// Columns (letters from `a`).
    pub width: u8,
    /// Rows (numbers from 1 at the bottom).
    pub height: u8,
}

/// Who plays each side: `"human"` or a player specification.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatsView {
    /// Who plays X (moves first).
    pub x: String,
    /// Who plays O.
    pub o: String,
}

impl SeatsView {
    /// The seats as text.
    #[must_use]
    pub fn new(seats: &Seats) -> Self {
        let name = |s: &Option<mnk::players::PlayerSpec>| {
            s.as_ref()
                .map_or_else(|| "human".to_string(), ToString::to_string)
        };
        SeatsView {
            x: name(&seats[0]),
            o: name(&seats[1]),
        }
    }
}

/// A game as `GET /api/games/{id}` shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameView {
    /// The game's id.
    pub id: String,
    /// The board's dimensions.
    pub size: SizeView,
    /// Stones in a row to win.
    pub k: usize,
    /// `freestyle` or `exact`.
    pub rule: &'static str,
    /// Who plays each side.
    pub players: SeatsView,
    /// The moves so far, X first.
    pub moves: Vec<String>,
    /// The same moves as one line, as `moves` in `POST /api/games` accepts them.
    pub record: String,
    /// The board, top row first: `X`, `O` or `.` per cell.
    pub board: Vec<String>,
    /// `playing`, `won` or `draw`.
    pub status: &'static str,
    /// The side to move, while the game is on.
    pub to_move: Option<Side>,
    /// The winner, if any.
    pub winner: Option<Side>,
    /// The cells of the winning run, if any.
    pub win_line: Vec<String>,
    /// The last move, if any.
    pub last_move: Option<String>,
    /// Whether the side to move is a computer player.
    pub machine_to_move: bool,
    /// Bumped at every change.
    pub version: u64,
}

impl GameView {
    /// The view of a stored game.
    #[must_use]
    pub fn new(id: &str, entry: &Entry) -> Self {
        let board = entry.game.board();
        let size = board.size();
        let variant = board.variant();
        let (status, winner, win_line) = match board.status() {
            Status::InProgress => ("playing", None, Vec::new()),
            Status::Draw => ("draw", None, Vec::new()),
            Status::Won { side, line } => (
                "won",
                Some(side),
                line.cells(size).map(|c| format_cell(c, size)).collect(),
            ),
        };
        let to_move = (!board.is_over()).then(|| board.to_move());
        GameView {
            id: id.to_string(),
            size: SizeView {
                width: size.width,
                height: size.height,
            },
            k: variant.k(),
            rule: variant.rule().name(),
            players: SeatsView::new(&entry.seats),
            moves: cells(entry.game.moves(), size),
            record: format_moves(entry.game.moves(), size),
            board: rows(board),
            status,
            to_move,
            winner,
            win_line,
            last_move: entry.game.last_move().map(|c| format_cell(c, size)),
            machine_to_move: to_move.is_some_and(|s| entry.seat(s).is_some()),
            version: entry.version,
        }
    }
}

/// Cells in notation.
#[must_use]
pub fn cells(cells: &[Cell], size: Size) -> Vec<String> {
    cells.iter().map(|&c| format_cell(c, size)).collect()
}

fn rows(board: &Board) -> Vec<String> {
    let size = board.size();
    (0..i32::from(size.height))
        .map(|r| {
            (0..i32::from(size.width))
                .map(|c| {
                    let cell = size.cell(r, c).expect("on the board");
                    board.get(cell).map_or('.', Side::symbol)
                })
                .collect()
        })
        .collect()
}

/// A value as a number (see [`Value::as_number`]) and in words.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ValueView {
    /// The number: a score, a probability, or +1 / 0 / -1 for a solved win / draw / loss.
    pub value: f64,
    /// What kind of number: `score`, `probability` or `solved`.
    pub scale: &'static str,
    /// The value in words (`+3`, `win in 5`, `win probability 0.6667`).
    pub text: String,
}

impl ValueView {
    /// The view of a value.
    #[must_use]
    pub fn new(v: Value) -> Self {
        ValueView {
            value: v.as_number(),
            scale: match v {
                Value::Score(_) => "score",
                Value::Probability(_) => "probability",
                Value::Solved(_) => "solved",
            },
            text: v.to_string(),
        }
    }
}

/// A move and its value for the side that plays it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CandidateView {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value as a number.
    pub value: f64,
    /// Its value in words.
    pub value_text: String,
    /// `exact`, or `upper` (at most this) or `lower` (at least this) where the search only
    /// bounded the move.
    pub bound: Bound,
    /// The depth the value comes from, in plies including the move, for players with depths.
    pub depth: Option<u32>,
}

/// Candidates in notation, in the order given.
#[must_use]
pub fn candidates(list: &[MoveValue], size: Size) -> Vec<CandidateView> {
    list.iter()
        .map(|m| CandidateView {
            mv: format_cell(m.cell, size),
            value: m.value.as_number(),
            value_text: m.value.to_string(),
            bound: m.bound,
            depth: m.depth,
        })
        .collect()
}

/// What a player chose and what it knows about the position.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChoiceView {
    /// The player (with its settings).
    pub player: String,
    /// The side it moved for.
    pub side: Side,
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// The value of the move for that side, as a number, if the player has one.
    pub value: Option<f64>,
    /// The value in words.
    pub value_text: Option<String>,
    /// `score`, `probability` or `solved`.
    pub value_scale: Option<&'static str>,
    /// Positions visited.
    pub nodes: u64,
    /// Depth reached, for players that search to a depth.
    pub depth: Option<u32>,
    /// Thinking time in milliseconds (microsecond precision).
    pub time_ms: f64,
    /// The line the player expects, from its move.
    pub pv: Vec<String>,
    /// Nodes of the game tree seed 003's program would build, where known.
    pub tree_nodes: Option<u128>,
}

impl ChoiceView {
    /// The view of a choice.
    #[must_use]
    pub fn new(player: String, side: Side, choice: &Choice, size: Size, time_ms: f64) -> Self {
        let value = choice.value.map(ValueView::new);
        ChoiceView {
            player,
            side,
            mv: format_cell(choice.cell, size),
            value: value.as_ref().map(|v| v.value),
            value_text: value.as_ref().map(|v| v.text.clone()),
            value_scale: value.as_ref().map(|v| v.scale),
            nodes: choice.nodes,
            depth: choice.depth,
            time_ms,
            pv: cells(&choice.pv, size),
            tree_nodes: choice.tree_nodes,
        }
    }
}

/// One node of a recorded search tree.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NodeView {
    /// The move from the parent (`null` at the root).
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// The moves from the root of the search to here: the `path` to send to expand it.
    pub path: Vec<String>,
    /// The side to move here.
    pub to_move: Side,
    /// `terminal`, `horizon`, `inner`, `cutoff`, `pruned` or `transposition`.
    pub kind: NodeKind,
    /// The value for the side to move at the root of the search.
    pub value: Option<f64>,
    /// The value in words.
    pub value_text: Option<String>,
    /// `exact`, `upper` (at most) or `lower` (at least).
    pub bound: Bound,
    /// The alpha-beta window the node was searched with.
    pub window: Option<(i32, i32)>,
    /// Positions the search entered below and at this node.
    pub visited: u64,
    /// Children not included here (beyond the depth or node cap): expand to see them.
    pub hidden: u32,
    /// Children skipped by a cut-off here.
    pub pruned: u32,
    /// Whether this is the move the player prefers at its parent.
    pub best: bool,
    /// The children included.
    pub children: Vec<NodeView>,
}

impl NodeView {
    /// The view of `node`, reached from the search's root by `path`, with `to_move` to play.
    #[must_use]
    pub fn new(node: &TreeNode, path: &mut Vec<Cell>, to_move: Side, size: Size) -> Self {
        let children = node
            .children
            .iter()
            .map(|c| {
                path.push(c.cell.expect("children have moves"));
                let v = NodeView::new(c, path, to_move.other(), size);
                path.pop();
                v
            })
            .collect();
        NodeView {
            mv: node.cell.map(|c| format_cell(c, size)),
            path: cells(path, size),
            to_move,
            kind: node.kind,
            value: node.value.map(|v| v.as_number()),
            value_text: node.value.map(|v| v.to_string()),
            bound: node.bound,
            window: node.window,
            visited: node.visited,
            hidden: node.hidden,
            pruned: node.pruned,
            best: node.best,
            children,
        }
    }
}
