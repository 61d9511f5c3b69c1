//! What the API answers: games, choices and trees as JSON, moves in renju notation.

use crate::store::Entry;
use mnk::explain::{NodeKind, Role, SearchTree, StaticTerms, TreeNode};
use mnk::game::{Cell, Ending, Side, Size, Stage, Status};
use mnk::notation::{board_rows, format_cell, format_moves};
use mnk::players::{PlayerInfo, PlayerSpec, info};
use mnk::search::{Bound, Choice, MoveValue, PvLine, Timing, Value};
use mnk::session::Session;
use serde::Serialize;
use std::cmp::Ordering;

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
    /// The seats of a game as text: `human`, or the player with its settings.
    #[must_use]
    pub fn new(session: &Session) -> Self {
        let names = session.names();
        SeatsView {
            x: names.x.unwrap_or_default(),
            o: names.o.unwrap_or_default(),
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
    /// The empty cells the side to move may not play, in notation: renju's forbidden points
    /// when X is to move; empty otherwise.
    pub forbidden: Vec<String>,
    /// Why each of `forbidden` is forbidden: `overline`, `double four` or `double three`.
    pub forbidden_reasons: std::collections::BTreeMap<String, &'static str>,
    /// Whether the side to move is a computer player.
    pub machine_to_move: bool,
    /// Bumped at every change.
    pub version: u64,
    /// How the game ended, as a record writes it (`X wins`, `draw`, `O wins by T` for a flag
    /// fall, `by R` for a resignation); null while it is on.
    pub result: Option<String>,
    /// How the game is timed; null when it is not.
    pub time_control: Option<TimingView>,
    /// The tournament opening the game begins with (swap or swap2), while under way and
    /// after; null for a game without one ([`crate::opening`] describes it).
    pub opening: Option<OpeningView>,
}

/// A game's tournament opening, as [`crate::opening`] describes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OpeningView {
    /// `swap` or `swap2`.
    pub rule: String,
    /// `place`, `choose` or `done`.
    pub stage: &'static str,
    /// The seat that acts now, `x` or `o` (as in `players`); null when done.
    pub to_act: Option<&'static str>,
    /// Stones the seat to act places now (0 unless placing).
    pub to_place: usize,
    /// The opening's stones so far, black first.
    pub stones: Vec<String>,
    /// The seats changed colours: the seat that opened plays O.
    pub swapped: bool,
    /// The choices `POST /api/games/{id}/opening` takes now: `black`, `white`, `place` for a
    /// person, `machine` for a computer.
    pub accepts: Vec<&'static str>,
    /// How many of the first moves undo leaves.
    pub kept: usize,
    /// Once the opening is over: the opening as `opening` in `POST /api/games` takes it, with
    /// the game's moves, to make the same game again (the page's address holds it).
    pub opened: Option<String>,
}

impl OpeningView {
    /// The view of `entry`'s opening, if it has one.
    #[must_use]
    pub fn new(entry: &Entry) -> Option<Self> {
        let session = &entry.session;
        let opening = *session.opening()?;
        let moves = session.moves();
        let stage = opening.stage();
        let stones = opening.placed().min(moves.len());
        let to_act = session.to_act().filter(|_| stage != Stage::Done);
        let accepts = match to_act {
            Some(side) if entry.seat(side).is_some() => vec!["machine"],
            Some(_) => opening.choices().iter().map(|c| c.name()).collect(),
            None => Vec::new(),
        };
        Some(OpeningView {
            rule: opening.rule().to_string(),
            stage: stage.name(),
            to_act: to_act.map(|side| if side == Side::X { "x" } else { "o" }),
            to_place: opening.to_place(),
            stones: cells(&moves[..stones], session.variant().size()),
            swapped: opening.swapped(),
            accepts,
            kept: opening.kept(),
            opened: opening.opened().map(|o| o.to_string()),
        })
    }
}

/// How a game is timed: a limit per move, or a game clock with an increment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TimingView {
    /// As `--time-control` writes it: `5m+3s`, `10s/move`.
    pub text: String,
    /// The limit of each move, in milliseconds, for a per-move control.
    pub per_move_ms: Option<u128>,
    /// Each side's time for the whole game, in milliseconds, for a game clock.
    pub base_ms: Option<u128>,
    /// Added after each move, in milliseconds, for a game clock.
    pub increment_ms: Option<u128>,
}

impl TimingView {
    /// The view of `timing`.
    #[must_use]
    pub fn new(timing: Timing) -> Self {
        let (per_move, base, increment) = match timing {
            Timing::PerMove(t) => (Some(t), None, None),
            Timing::Game { base, increment } => (None, Some(base), Some(increment)),
        };
        TimingView {
            text: timing.to_string(),
            per_move_ms: per_move.map(|t| t.as_millis()),
            base_ms: base.map(|t| t.as_millis()),
            increment_ms: increment.map(|t| t.as_millis()),
        }
    }
}

impl GameView {
    /// The view of a stored game.
    #[must_use]
    pub fn new(id: &str, entry: &Entry) -> Self {
        let session = &entry.session;
        let board = session.board();
        let size = board.size();
        let variant = board.variant();
        let (mut winner, win_line) = match board.status() {
            Status::InProgress | Status::Draw => (None, Vec::new()),
            Status::Won { side, line } => (
                Some(side),
                line.cells(size).map(|c| format_cell(c, size)).collect(),
            ),
        };
        let mut status = board.status().name();
        // A result the board does not show (a flag fall, a resignation) ends the game too.
        if !board.is_over()
            && let Some(stated) = session.ended_off_board()
        {
            (status, winner) = match stated {
                Ending::Won { winner, .. } => ("won", Some(*winner)),
                Ending::Drawn(_) => ("draw", None),
            };
        }
        let to_move = (!session.is_over()).then(|| board.to_move());
        let forbidden = if to_move.is_some() {
            board.forbidden_points()
        } else {
            Vec::new()
        };
        GameView {
            id: id.to_string(),
            size: SizeView {
                width: size.width,
                height: size.height,
            },
            k: variant.k(),
            rule: variant.rule().name(),
            players: SeatsView::new(session),
            moves: cells(session.moves(), size),
            record: format_moves(session.moves(), size),
            board: board_rows(board),
            status,
            to_move,
            winner,
            win_line,
            last_move: session.game().last_move().map(|c| format_cell(c, size)),
            forbidden: forbidden
                .iter()
                .map(|&(c, _)| format_cell(c, size))
                .collect(),
            forbidden_reasons: forbidden
                .iter()
                .map(|&(c, why)| (format_cell(c, size), why.name()))
                .collect(),
            machine_to_move: session.to_act().is_some_and(|s| entry.seat(s).is_some()),
            version: entry.version,
            result: session.ending().map(|o| o.to_string()),
            time_control: session.clocks().map(|c| TimingView::new(c.timing())),
            opening: OpeningView::new(entry),
        }
    }
}

/// Cells in notation.
#[must_use]
pub fn cells(cells: &[Cell], size: Size) -> Vec<String> {
    cells.iter().map(|&c| format_cell(c, size)).collect()
}

/// What kind of number a value is: `score`, `probability` (a number from 0 to 1 for the side:
/// `gametree`'s win probability under random play, or `mcts`'s win rate of playouts, whose
/// text says which) or `solved`.
#[must_use]
pub const fn scale(v: &Value) -> &'static str {
    match v {
        Value::Score(_) => "score",
        Value::Probability(_) | Value::WinRate(_) => "probability",
        Value::Solved(_) => "solved",
    }
}

/// A value as a number (see [`Value::as_number`]) and in words.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ValueView {
    /// The number: a score, a probability, or +1 / 0 / -1 for a solved win / draw / loss, for
    /// `side`.
    pub value: f64,
    /// What kind of number: `score`, `probability` or `solved`.
    pub scale: &'static str,
    /// The value in words, saying whose it is and its unit (`X +3 (score)`, `win in 5 for O`,
    /// `O 0.6667 (win probability under random play)`, `draw`).
    pub text: String,
    /// The side the value belongs to.
    pub side: Side,
}

impl ValueView {
    /// The view of `v`, a value for `side`.
    #[must_use]
    pub fn new(v: Value, side: Side) -> Self {
        ValueView {
            value: v.as_number(),
            scale: scale(&v),
            text: v.seen_by(side).to_string(),
            side,
        }
    }
}

/// A move and its value for the side that plays it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CandidateView {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value as a number, for `side`: numbers of different `scale`s do not compare (a
    /// proven loss is -1, below every score); `rank` orders them.
    pub value: f64,
    /// What kind of number: `score`, `probability` or `solved`.
    pub scale: &'static str,
    /// Where the value sits between a loss (0) and a win (1) for `side`, on the player's fixed
    /// scale ([`PlayerInfo::level`]: a win rate, or its scores' range); null for a player
    /// without one.
    pub level: Option<f64>,
    /// The value's place among the candidates' values, best first: 0 for the best; equal
    /// values share a rank. Proven wins (the sooner the better) come before scores, proven
    /// losses (the later the better) after them.
    pub rank: usize,
    /// The side that plays the move, whose value it is.
    pub side: Side,
    /// For a solved win or loss, the moves (stones of both sides) until the game ends.
    pub ends_in: Option<u32>,
    /// Its value in words, saying whose it is and its unit, with its bound (`at most X -40
    /// (score)`, `win in 3 for O`).
    pub value_text: String,
    /// `exact`, or `upper` (at most this) or `lower` (at least this) where the search only
    /// bounded the move.
    pub bound: Bound,
    /// The depth the value comes from, in plies including the move, for players with depths.
    pub depth: Option<u32>,
    /// The Monte Carlo playouts through the move (its visit count), for `mcts`: how much its
    /// win rate rests on. `null` for other players.
    pub visits: Option<u64>,
}

/// Candidates in notation, in the order given, each ranked among the others by
/// [`Value::compare`]: values of `side`, the side to move, given by the player `player`.
#[must_use]
pub fn candidates(
    list: &[MoveValue],
    side: Side,
    size: Size,
    player: Option<&PlayerInfo>,
) -> Vec<CandidateView> {
    let mut ladder: Vec<Value> = list.iter().map(|m| m.value).collect();
    ladder.sort_by(|a, b| b.compare(a));
    ladder.dedup_by(|a, b| a.compare(b) == Ordering::Equal);
    list.iter()
        .map(|m| CandidateView {
            mv: format_cell(m.cell, size),
            value: m.value.as_number(),
            scale: scale(&m.value),
            level: player.and_then(|p| p.level(m.value)),
            rank: ladder.partition_point(|v| v.compare(&m.value) == Ordering::Greater),
            side,
            ends_in: match m.value {
                Value::Solved(mnk::search::Outcome::Win(n) | mnk::search::Outcome::Loss(n)) => {
                    Some(n)
                }
                _ => None,
            },
            value_text: m.seen_by(side).to_string(),
            bound: m.bound,
            depth: m.depth,
            visits: m.visits,
        })
        .collect()
}

/// One line of play a search expects, as `lines` holds them (the same fields as `mnk best
/// --multipv`'s JSON).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LineView {
    /// Its first move.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value for the side to move, as a number.
    pub value: Option<f64>,
    /// The value in words, saying whose it is.
    pub value_text: Option<String>,
    /// The line, from its first move.
    pub pv: Vec<String>,
    /// The depth it was searched to, in plies including its move, for players with depths.
    pub depth: Option<u32>,
}

impl LineView {
    /// The view of `line`, a line of `side`, the side to move.
    #[must_use]
    pub fn new(line: &PvLine, side: Side, size: Size) -> Self {
        let value = ValueView::new(line.value, side);
        LineView {
            mv: line
                .pv
                .first()
                .map(|&c| format_cell(c, size))
                .unwrap_or_default(),
            value: Some(value.value),
            value_text: Some(value.text),
            pv: cells(&line.pv, size),
            depth: line.depth,
        }
    }
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
    /// The value in words, saying whose it is (`side`'s) and its unit.
    pub value_text: Option<String>,
    /// `score`, `probability` or `solved`.
    pub value_scale: Option<&'static str>,
    /// Where the value sits between a loss (0) and a win (1) for `side`, on the player's
    /// fixed scale ([`PlayerInfo::level`]).
    pub level: Option<f64>,
    /// The player's scale for its scores, in words (`win rate`, `scores from -100 (a loss)
    /// to 100 (a win)`); null for a player without scores.
    pub level_scale: Option<String>,
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
    /// The view of a choice of the player `player`.
    #[must_use]
    pub fn new(player: &PlayerSpec, side: Side, choice: &Choice, size: Size, time_ms: f64) -> Self {
        let value = choice.value.map(|v| ValueView::new(v, side));
        let info = info(player.name);
        ChoiceView {
            player: player.to_string(),
            side,
            level: info.zip(choice.value).and_then(|(p, v)| p.level(v)),
            level_scale: info
                .and_then(|p| p.abilities.score_scale)
                .map(|s| s.to_string()),
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

/// The terms of a static evaluation e(P) = open lines for MAX - open lines for MIN.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TermsView {
    /// Lines (k-windows) still open for MAX, `value_side`.
    pub open_for_max: i32,
    /// Lines still open for MIN, the other side.
    pub open_for_min: i32,
    /// e(P), their difference: the node's value.
    pub value: i32,
    /// In words: `e(P) = 5 - 4 = +1: open lines for X minus open lines for O`.
    pub text: String,
}

impl TermsView {
    /// The view of `terms`, MAX being `root`.
    #[must_use]
    pub fn new(terms: StaticTerms, root: Side) -> Self {
        TermsView {
            open_for_max: terms.open_for_max,
            open_for_min: terms.open_for_min,
            value: terms.value(),
            text: format!(
                "e(P) = {} - {} = {:+}: open lines for {root} minus open lines for {}",
                terms.open_for_max,
                terms.open_for_min,
                terms.value(),
                root.other()
            ),
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
    /// The value for the side to move at the root of the search (`value_side`).
    pub value: Option<f64>,
    /// The side the values of the whole tree belong to: the side to move at its root.
    pub value_side: Side,
    /// The value in words, saying whose it is and its unit, with its bound.
    pub value_text: Option<String>,
    /// `exact`, `upper` (at most) or `lower` (at least).
    pub bound: Bound,
    /// The alpha-beta window the node was searched with.
    pub window: Option<(i32, i32)>,
    /// `max` (the side to move at the root, `value_side`, moves here and takes the largest
    /// value) or `min` (the opponent moves here and takes the smallest).
    pub role: Role,
    /// `MAX` or `MIN`, as the row's label.
    pub role_label: &'static str,
    /// When the search entered this node: 1 for the root, n for the n-th position entered
    /// (step through the search by it); 0 for a pruned node.
    pub order: u64,
    /// The window as the node left it (searched inner nodes with a window): MAX raised alpha
    /// to its value, MIN lowered beta. The parent's window after a child is the next child's
    /// `window`, after its last child its `window_after`.
    pub window_after: Option<(i32, i32)>,
    /// For a leaf scored by the static evaluation with terms (`alphabeta`'s horizon), e(P)
    /// and its terms: `value` is exactly this.
    pub terms: Option<TermsView>,
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
    /// The view of `tree`'s focus node and the subtree recorded below it, `root` being the
    /// side to move at the search's root; `None` when the search did not reach the focus.
    #[must_use]
    pub fn focus_of(tree: &SearchTree, root: Side, size: Size) -> Option<Self> {
        let node = tree.focus_node()?;
        let to_move = if tree.focus.len().is_multiple_of(2) {
            root
        } else {
            root.other()
        };
        let mut path = tree.focus.clone();
        Some(NodeView::new(node, &mut path, to_move, root, size))
    }

    /// The view of `node`, reached from the search's root by `path`, with `to_move` to play;
    /// its values are `root`'s, the side to move at the search's root.
    #[must_use]
    pub fn new(
        node: &TreeNode,
        path: &mut Vec<Cell>,
        to_move: Side,
        root: Side,
        size: Size,
    ) -> Self {
        let children = node
            .children
            .iter()
            .map(|c| {
                path.push(c.cell.expect("children have moves"));
                let v = NodeView::new(c, path, to_move.other(), root, size);
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
            value_side: root,
            value_text: node
                .value
                .map(|v| v.seen_by(root).bounded(node.bound).to_string()),
            bound: node.bound,
            window: node.window,
            role: node.role,
            role_label: node.role.label(),
            order: node.order,
            window_after: node.window_after,
            terms: node.terms.map(|t| TermsView::new(t, root)),
            visited: node.visited,
            hidden: node.hidden,
            pruned: node.pruned,
            best: node.best,
            children,
        }
    }
}
