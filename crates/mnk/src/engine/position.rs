//! The engine's position: stones on a padded grid, with every empty cell's line patterns, threat
//! flags and values kept up to date as stones are placed and removed.
//!
//! The grid has a border of walls as wide as the pattern radius, so a line never needs a bounds
//! check. Cells are addressed by their padded index (`usize`); [`Position::cell`] and
//! [`Position::index`] convert to and from the board's [`Cell`].
//!
//! Per side, per board cell and per direction the position keeps the line's base-3 key
//! ([`pattern`] digits: empty, own, blocked) when the radius is small enough for a table of
//! every line ([`pattern::DENSE_DIGITS`]); larger `k` read the line from the grid and remember
//! each line's level in a map. From the four levels of an empty cell come its
//! [`CellInfo`] (threat flags and value), the per-side sets of cells with each threat, and the
//! per-side sums of values the evaluation uses. A move records each cell state it changes and
//! the sums before it, so taking it back restores them without reading a line again (about a
//! sixth of the search's time went into re-reading them). [`Position::check`] recomputes all of
//! it from the stones alone; debug builds call it after every move made and taken back.

use super::bitset::BitSet;
use super::eval::{self, CellInfo, Combo, flag};
use super::net::{self, Net, NetError};
use super::pattern::{self, BLOCKED, EMPTY, Level, OWN, POW3};
use super::weights::{Kinds, Weights};
use crate::game::{
    Board, BoardView, Cell, Direction, Forced, Side, Size, Variant, forced, renju, zobrist,
};
use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;
use std::sync::{Mutex, OnceLock};

/// A grid square: empty, a stone, or the wall around the board.
const STONE_EMPTY: u8 = 0;
const STONE_X: u8 = 1;
const STONE_O: u8 = 2;
const WALL: u8 = 3;
pub use super::tunables::NEAR;

/// Threat sets kept per side (see [`Position::threats`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threat {
    /// Cells where a stone wins.
    Five = 0,
    /// Cells where a stone makes an open four or a double four.
    OpenFour = 1,
    /// Cells where a stone makes at least a four.
    Four = 2,
    /// Cells where a stone makes an open three.
    Three = 3,
    /// Cells where a stone makes a four and an open three at once (or better).
    FourThree = 4,
}

impl Threat {
    const ALL: [Threat; 5] = [
        Threat::Five,
        Threat::OpenFour,
        Threat::Four,
        Threat::Three,
        Threat::FourThree,
    ];

    const fn flag(self) -> u8 {
        match self {
            Threat::Five => flag::FIVE,
            Threat::OpenFour => flag::OPEN_FOUR,
            Threat::Four => flag::FOUR,
            Threat::Three => flag::THREE,
            Threat::FourThree => flag::FOUR_THREE,
        }
    }
}

/// Where line levels come from.
#[derive(Clone, Debug)]
enum Levels {
    /// Per side, a table indexed by the incrementally kept line key.
    Dense([&'static [Level]; 2]),
    /// Lines read from the grid, each level computed once and remembered (by the line's key
    /// and its side's rule, see [`memo_key`]).
    Memo(FxHashMap<u128, Level>),
}

/// Tables made once for the life of the process, by what they are made from.
type Shared<K, T> = OnceLock<Mutex<FxHashMap<K, &'static [T]>>>;

/// The table of `cache` for `key`, built by `build` on first use. Each table is made once for
/// the life of the process (a few per program, at most 59,049 entries each), so it is leaked
/// into a plain reference: no reference count to touch at every move.
fn shared<K: std::hash::Hash + Eq, T>(
    cache: &'static Shared<K, T>,
    key: K,
    build: impl FnOnce() -> Vec<T>,
) -> &'static [T] {
    let mut map = cache
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    map.entry(key).or_insert_with(|| build().leak())
}

/// The table of every line, per (k, rule, radius).
fn dense_table(k: usize, exact: bool, r: usize) -> &'static [Level] {
    static TABLES: Shared<(usize, bool, usize), Level> = OnceLock::new();
    shared(&TABLES, (k, exact, r), || pattern::dense_table(k, exact, r))
}

/// The table of overlines, per (k, radius) (renju's black).
fn overline_table(k: usize, r: usize) -> &'static [bool] {
    static TABLES: Shared<(usize, usize), bool> = OnceLock::new();
    shared(&TABLES, (k, r), || pattern::overline_table(k, r))
}

/// The longest line a pattern reads: the radius is at most the largest k.
const MAX_LINE: usize = 2 * crate::game::MAX_SIDE as usize + 1;

/// A line read from the grid, from one side's point of view.
#[derive(Clone, Copy)]
struct Line {
    cells: [u8; MAX_LINE],
    len: usize,
}

impl Line {
    fn cells(&mut self) -> &mut [u8] {
        &mut self.cells[..self.len]
    }
}

/// The memo key of a line read from the grid under a side's rule: its cells in base 3, then
/// whether the rule is exact (renju reads black's lines exactly and white's freely).
fn memo_key(line: &Line, exact: bool) -> u128 {
    let cells = line.cells[..line.len]
        .iter()
        .fold(0u128, |acc, &c| acc * 3 + u128::from(c));
    cells * 2 + u128::from(exact)
}

/// What one move changed in a cell for one side: the cell's levels and info before.
#[derive(Clone, Copy, Debug)]
struct Change {
    side: u8,
    cell: u16,
    levels: [Level; 4],
    info: CellInfo,
}

/// What a move is taken back to: where its [`Change`]s start, and the sums before it.
#[derive(Clone, Debug)]
struct Frame {
    changes: usize,
    own: [i32; 2],
    opp: [i32; 2],
    combos: [[u16; 13]; 2],
    live: [u32; 2],
}

/// Renju's forbidden points of black (X), kept as stones come and go ([`Position::is_forbidden`]).
/// The judge ([`renju::forbidden`]) reads the position's own grid ([`BoardView`]).
#[derive(Clone, Debug)]
struct Forbidding {
    /// Whether an X stone on the centre of each of X's line keys makes an overline.
    overline: &'static [bool],
    /// The empty cells X's lines leave room for a forbidden point at
    /// ([`Position::may_be_forbidden`]): the only ones the judge looks at. They change only on
    /// the lines through a move, where [`Position::update_suspects`] reads them again.
    suspects: BitSet,
    /// The padded cells forbidden to X now.
    set: BitSet,
    /// The same cells, as a list.
    cells: Vec<u16>,
    /// Per move made, the list before it, one after the other; `starts` says where each begins.
    log: Vec<u16>,
    starts: Vec<u32>,
    /// Scratch: the cells whose verdict a move changed.
    changed: Vec<u16>,
}

/// Makes `set` hold the cells of `now`, having held those of `before`.
fn resync(set: &mut BitSet, before: &[u16], now: &[u16]) {
    for &q in before {
        set.remove(usize::from(q));
    }
    for &q in now {
        set.insert(usize::from(q));
    }
}

/// The engine's position.
#[derive(Clone, Debug)]
pub struct Position {
    variant: Variant,
    k: usize,
    /// Per side: whether it wins with exactly `k` only (its lines read under the exact rule).
    exact: [bool; 2],
    /// Pattern radius: the wider of the two sides' rules.
    r: usize,
    /// Padded width.
    pw: usize,
    /// Padded index steps of the four directions.
    steps: [usize; 4],
    /// Padded index of each board cell.
    to_padded: Vec<u16>,
    /// Board cell of each padded index (`u16::MAX` on the wall).
    to_board: Vec<u16>,
    grid: Vec<u8>,
    levels_from: Levels,
    /// Per side: line keys, `index * 4 + direction` (dense tables only).
    keys: [Vec<u32>; 2],
    /// Per side: the levels of each cell's four lines (all `None` on occupied cells).
    levels: [Vec<[Level; 4]>; 2],
    /// Per side: each cell's flags and value (default on occupied cells).
    info: [Vec<CellInfo>; 2],
    /// [`eval::cell_info`] of every combination of four levels.
    infos: &'static [CellInfo],
    /// The evaluation's weights.
    weights: &'static Weights,
    /// The network evaluation, when one is set ([`Position::set_net`]): it then gives the
    /// static value and the move-ordering scores below the threat tiers.
    net: Option<Box<net::State>>,
    /// A net whose state a move taken back could not restore (the move came before the net
    /// was set): [`Position::unmake`] computes the state afresh.
    net_stale: Option<&'static Net>,
    /// Per side: the sum over its empty cells of the weight of their kind for the side to
    /// move ([`Weights::own`]) and for the opponent ([`Weights::opp`]).
    own: [i32; 2],
    opp: [i32; 2],
    /// Per side: the threat sets, by [`Threat`].
    threats: [[BitSet; 5]; 2],
    /// Per side: empty cells of each [`Combo`], by its discriminant.
    combos: [[u16; 13]; 2],
    /// Per side: empty cells with some live line.
    live: [u32; 2],
    /// Stones within [`NEAR`] of each cell.
    near: Vec<u8>,
    /// Renju's forbidden points (`None` under the other rules). X's cell info on a forbidden
    /// point is that of a dead cell: no threat, no value, not live (X cannot play there), so
    /// every threat set, count and sum of X's leaves them out.
    forbidding: Option<Box<Forbidding>>,
    /// Empty board cells near a stone.
    candidates: BitSet,
    hash: u64,
    moves: Vec<u16>,
    winner: Option<Side>,
    /// Per move made: what taking it back restores ([`Position::unmake`]).
    frames: Vec<Frame>,
    /// The cells' states before each move's changes, the moves' one after the other.
    changes: Vec<Change>,
}

impl Position {
    /// The position of a board.
    #[must_use]
    pub fn new(board: &Board) -> Self {
        let variant = *board.variant();
        let size = variant.size();
        let k = variant.k();
        let rule = variant.rule();
        let exact = Side::BOTH.map(|s| rule.exact_for(s));
        let r = pattern::radius(k, exact[0]).max(pattern::radius(k, exact[1]));
        let pad = r.max(NEAR);
        let (w, h) = (usize::from(size.width), usize::from(size.height));
        let pw = w + 2 * pad;
        let cells = pw * (h + 2 * pad);
        let mut to_board = vec![u16::MAX; cells];
        let mut to_padded = Vec::with_capacity(size.cells());
        let mut grid = vec![WALL; cells];
        for row in 0..h {
            for col in 0..w {
                let p = (row + pad) * pw + col + pad;
                to_board[p] = (row * w + col) as u16;
                to_padded.push(p as u16);
                grid[p] = STONE_EMPTY;
            }
        }
        let dense = 2 * r <= pattern::DENSE_DIGITS;
        let mut pos = Position {
            variant,
            k,
            exact,
            r,
            pw,
            steps: [1, pw, pw + 1, pw - 1],
            to_padded,
            to_board,
            grid,
            levels_from: if dense {
                Levels::Dense(exact.map(|e| dense_table(k, e, r)))
            } else {
                Levels::Memo(FxHashMap::default())
            },
            keys: [Vec::new(), Vec::new()],
            levels: [vec![[Level::None; 4]; cells], vec![[Level::None; 4]; cells]],
            info: [
                vec![CellInfo::default(); cells],
                vec![CellInfo::default(); cells],
            ],
            infos: eval::cell_info_table(),
            weights: Weights::embedded(),
            net: None,
            net_stale: None,
            own: [0; 2],
            opp: [0; 2],
            threats: std::array::from_fn(|_| std::array::from_fn(|_| BitSet::new(cells))),
            // Every board cell starts as nothing of note.
            combos: [std::array::from_fn(|c| if c == 0 { size.cells() as u16 } else { 0 }); 2],
            live: [0; 2],
            near: vec![0; cells],
            forbidding: rule.has_forbidden_moves().then(|| {
                assert!(dense, "renju's k = 5 has a table of every line");
                Box::new(Forbidding {
                    overline: overline_table(k, r),
                    suspects: BitSet::new(cells),
                    set: BitSet::new(cells),
                    cells: Vec::new(),
                    log: Vec::new(),
                    starts: Vec::new(),
                    changed: Vec::new(),
                })
            }),
            candidates: BitSet::new(cells),
            hash: 0,
            moves: Vec::new(),
            winner: None,
            frames: Vec::new(),
            changes: Vec::new(),
        };
        if dense {
            pos.keys = [pos.fresh_keys(Side::X), pos.fresh_keys(Side::O)];
        }
        for i in 0..pos.to_padded.len() {
            let p = usize::from(pos.to_padded[i]);
            pos.refresh_cell(p);
        }
        // Replay the board's stones in the order X, O, X, ... (any order gives the same state).
        let mut xs = Vec::new();
        let mut os = Vec::new();
        for cell in size.all_cells() {
            match board.get(cell) {
                Some(Side::X) => xs.push(cell),
                Some(Side::O) => os.push(cell),
                None => {}
            }
        }
        for i in 0..xs.len().max(os.len()) {
            for (side, list) in [(Side::X, &xs), (Side::O, &os)] {
                if let Some(&cell) = list.get(i) {
                    let p = pos.index(cell);
                    pos.put(p, side);
                }
            }
        }
        pos.winner = board.status().winner();
        debug_assert_eq!(pos.hash, board.hash());
        pos
    }

    /// Brings the position to `board`'s stones the way a seated player follows a game: takes
    /// back its own moves down to the last one the board still agrees with, then places the
    /// board's other stones (X and O in turn). The result is the position
    /// [`Position::new`] would build (checked in debug builds); a board of another variant
    /// gets a new position.
    pub fn sync(&mut self, board: &Board) {
        if *board.variant() != self.variant {
            *self = Position::new(board);
            return;
        }
        let agree = self
            .moves
            .iter()
            .enumerate()
            .take_while(|&(i, &p)| {
                board.get(self.cell(usize::from(p))) == Some(Side::to_move_after(i))
            })
            .count();
        while self.moves.len() > agree {
            self.unmake();
        }
        let mut new = [Vec::new(), Vec::new()];
        for cell in board.size().all_cells() {
            if let Some(side) = board.get(cell)
                && self.grid[self.index(cell)] == STONE_EMPTY
            {
                new[side.index()].push(cell);
            }
        }
        let first = Side::to_move_after(agree);
        let order = [first, first.other()];
        for i in 0..new[0].len().max(new[1].len()) {
            for side in order {
                if let Some(&cell) = new[side.index()].get(i) {
                    let p = self.index(cell);
                    self.put(p, side);
                }
            }
        }
        self.winner = board.status().winner();
        debug_assert_eq!(self.hash, board.hash());
        debug_assert_eq!(self.stones(), board.stones());
        #[cfg(debug_assertions)]
        self.check();
    }

    /// The rules being played.
    #[must_use]
    pub const fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The padded index of a board cell.
    #[must_use]
    pub fn index(&self, cell: Cell) -> usize {
        usize::from(self.to_padded[cell.index()])
    }

    /// The board cell at a padded index (which must be on the board).
    #[must_use]
    pub fn cell(&self, p: usize) -> Cell {
        debug_assert_ne!(self.to_board[p], u16::MAX, "a wall is not a cell");
        Cell(self.to_board[p])
    }

    /// Padded indices of every board cell, in row-major order.
    pub fn board_indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.to_padded.iter().map(|&p| usize::from(p))
    }

    /// Number of padded indices (one past the largest).
    #[must_use]
    pub fn padded_len(&self) -> usize {
        self.grid.len()
    }

    /// The side to move.
    #[must_use]
    pub fn to_move(&self) -> Side {
        Side::to_move_after(self.moves.len())
    }

    /// Stones on the board.
    #[must_use]
    pub fn stones(&self) -> usize {
        self.moves.len()
    }

    /// Empty cells left.
    #[must_use]
    pub fn empty_cells(&self) -> usize {
        self.to_padded.len() - self.moves.len()
    }

    /// Whether every cell holds a stone.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.moves.len() == self.to_padded.len()
    }

    /// The winner, once a move has made a winning row.
    #[must_use]
    pub const fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// The Zobrist hash, equal to [`Board::hash`] of the same stones.
    #[must_use]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether the padded index `p` is an empty board cell.
    #[must_use]
    pub fn is_empty(&self, p: usize) -> bool {
        self.grid[p] == STONE_EMPTY
    }

    /// Whether the rules forbid some moves to `side` ([`crate::game::Rule::forbids`]: renju's
    /// to X).
    #[must_use]
    pub fn forbids(&self, side: Side) -> bool {
        self.variant.rule().forbids(side)
    }

    /// Whether the empty cell `p` is forbidden to X (renju's overline, double four, double
    /// three: [`crate::game::renju`]); never under the other rules.
    #[must_use]
    pub fn is_forbidden(&self, p: usize) -> bool {
        self.forbidding.as_ref().is_some_and(|f| f.set.contains(p))
    }

    /// Whether the side to move may play the empty cell `p`.
    #[must_use]
    pub fn is_legal(&self, p: usize) -> bool {
        !(self.is_forbidden(p) && self.forbids(self.to_move()))
    }

    /// Whether the side to move has a legal move: an empty cell it may play (renju's X may
    /// have none, every empty cell forbidden).
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        let forbidden = match &self.forbidding {
            Some(f) if self.forbids(self.to_move()) => f.cells.len(),
            _ => 0,
        };
        self.empty_cells() > forbidden
    }

    /// What the rules force on the side to move ([`forced`]), read off the threat sets: its
    /// five, the opponent's fives and their blocks (padded indices).
    #[must_use]
    pub fn forced(&self) -> Option<Forced<usize>> {
        let me = self.to_move();
        forced(
            !self.threats(me, Threat::Five).is_empty(),
            self.threats(me.other(), Threat::Five).iter(),
            |block| self.is_legal(block),
            || self.has_legal_move(),
        )
    }

    /// The cells where a stone of `side` makes at least a four as its lines read: its
    /// [`Threat::Four`] set and, under renju for X, the forbidden points where X's lines make
    /// one. X may not play those, but its opponent may block there: they are defences.
    #[must_use]
    pub fn four_cells(&self, side: Side) -> Vec<usize> {
        let mut cells: Vec<usize> = self.threats(side, Threat::Four).iter().collect();
        if self.forbids(side) {
            cells.extend(
                self.forbidden()
                    .filter(|&p| self.levels(side, p).iter().any(|l| l.is_four())),
            );
        }
        cells
    }

    /// The cells forbidden to X now (none under the other rules).
    pub fn forbidden(&self) -> impl Iterator<Item = usize> + '_ {
        self.forbidding
            .iter()
            .flat_map(|f| f.cells.iter().map(|&p| usize::from(p)))
    }

    /// The distance between two cells (padded indices): the most rows or columns apart.
    #[must_use]
    pub fn distance(&self, p: usize, q: usize) -> usize {
        let (rp, cp) = (p / self.pw, p % self.pw);
        let (rq, cq) = (q / self.pw, q % self.pw);
        rp.abs_diff(rq).max(cp.abs_diff(cq))
    }

    /// The moves made since the position was built from a board, oldest first.
    #[must_use]
    pub fn history(&self) -> &[u16] {
        &self.moves
    }

    /// What a stone of `side` on the empty cell `p` would make.
    #[must_use]
    pub fn info(&self, side: Side, p: usize) -> CellInfo {
        self.info[side.index()][p]
    }

    /// The levels of the four lines through the empty cell `p` for `side`.
    #[must_use]
    pub fn levels(&self, side: Side, p: usize) -> [Level; 4] {
        self.levels[side.index()][p]
    }

    /// The cells where a stone of `side` makes `threat`.
    #[must_use]
    pub fn threats(&self, side: Side, threat: Threat) -> &BitSet {
        &self.threats[side.index()][threat as usize]
    }

    /// Empty cells near some stone: where the search looks for moves.
    #[must_use]
    pub const fn candidates(&self) -> &BitSet {
        &self.candidates
    }

    /// Whether neither side can make a winning row any more: the game is a draw.
    #[must_use]
    pub fn is_dead_draw(&self) -> bool {
        self.live == [0, 0]
    }

    /// Number of empty cells where a stone of `side` makes `combo`.
    #[must_use]
    pub fn count(&self, side: Side, combo: Combo) -> u16 {
        self.combos[side.index()][combo as usize]
    }

    /// Number of empty cells where a stone of `side` makes `combo` or better.
    #[must_use]
    pub fn count_at_least(&self, side: Side, combo: Combo) -> u32 {
        self.combos[side.index()][combo as usize..]
            .iter()
            .map(|&n| u32::from(n))
            .sum()
    }

    /// Number of empty cells where `side` still has a live line.
    #[must_use]
    pub fn live_cells(&self, side: Side) -> u32 {
        self.live[side.index()]
    }

    /// The static evaluation for the side to move ([`super::weights`]): the weights of the
    /// kinds of empty cell of both sides and of the initiative.
    #[must_use]
    pub fn evaluate(&self) -> i32 {
        let me = self.to_move();
        let mask = self.initiative(me);
        let Some(st) = self.net.as_deref() else {
            return self.linear_value(me, mask);
        };
        let (m, t) = (me.index(), me.other().index());
        let value = st
            .net
            .value_by(&st.acc[m], &st.acc[t], mask, super::simd::head);
        if st.net.adds_to_linear() {
            value + self.linear_value(me, mask)
        } else {
            value
        }
    }

    /// The linear evaluation with `me` to move in threat state `mask` ([`super::weights`]).
    fn linear_value(&self, me: Side, mask: usize) -> i32 {
        self.own[me.index()] - self.opp[me.other().index()] + self.weights.initiative[mask]
    }

    /// Sets the network evaluation (or takes it away with `None`): from then on it gives the
    /// static value and the move-ordering scores below the threat tiers ([`super::net`]).
    ///
    /// # Errors
    /// [`NetError::Unsupported`] when the net was trained for another variant than this
    /// position's, or the variant's lines are not the net's ([`net::supports`]).
    pub fn set_net(&mut self, net: Option<&'static Net>) -> Result<(), NetError> {
        let Some(net) = net else {
            self.net = None;
            return Ok(());
        };
        if !net.serves(&self.variant) || !net::supports(&self.variant) || self.r != net::RADIUS {
            return Err(NetError::Unsupported(self.variant));
        }
        self.net = Some(Box::new(self.fresh_net(net)));
        Ok(())
    }

    /// The network evaluation, when one is set.
    #[must_use]
    pub fn net(&self) -> Option<&'static Net> {
        self.net.as_deref().map(|st| st.net)
    }

    /// The net's state computed from the line keys.
    fn fresh_net(&self, net: &'static Net) -> net::State {
        let cells = self.grid.len();
        let mut z = [
            vec![[0i16; net::WIDTH]; cells],
            vec![[0i16; net::WIDTH]; cells],
        ];
        let mut terms = [vec![[0i32; 2]; cells], vec![[0i32; 2]; cells]];
        let mut acc = [[0i32; net::WIDTH]; 2];
        for p in self.board_indices() {
            for s in 0..2 {
                let lines = std::array::from_fn(|d| self.net_pattern(s, p * 4 + d, 0, 0));
                z[s][p] = net::fresh(net, lines);
                terms[s][p] = net.terms(&z[s][p]);
                if self.grid[p] == STONE_EMPTY {
                    net::count(&mut acc[s], &z[s][p], 1);
                }
            }
        }
        net::State {
            net,
            z,
            terms,
            acc,
            log: Vec::new(),
            frames: Vec::new(),
        }
    }

    /// The net's pattern of line `at` (`cell * 4 + direction`) seen by side index `s`, its
    /// keys changed by `delta[side index]`.
    fn net_pattern(&self, s: usize, at: usize, delta_mine: i64, delta_theirs: i64) -> usize {
        let key = |i: usize, delta: i64| (i64::from(self.keys[i][at]) + delta) as u32;
        net::pattern(key(s, delta_mine), key(1 - s, delta_theirs))
    }

    /// What the net reads of this position ([`net::Inputs`]), for training and checks.
    /// `None` where the net cannot read the variant's lines.
    #[must_use]
    pub fn net_inputs(&self) -> Option<net::Inputs> {
        if !net::supports(&self.variant) || self.r != net::RADIUS {
            return None;
        }
        let me = self.to_move().index();
        let mask = self.initiative(self.to_move());
        let (m, t) = (me, 1 - me);
        let mut inputs = net::Inputs {
            cells: Vec::new(),
            me: Vec::new(),
            them: Vec::new(),
            mask: mask as u16,
            base_value: self.linear_value(self.to_move(), mask),
            base_order: Vec::new(),
        };
        for p in self
            .board_indices()
            .filter(|&p| self.grid[p] == STONE_EMPTY)
        {
            inputs.cells.push(self.to_board[p]);
            inputs
                .base_order
                .push(self.linear_order(self.info[m][p].code, self.info[t][p].code));
            for (s, out) in [(me, &mut inputs.me), (1 - me, &mut inputs.them)] {
                out.push(std::array::from_fn(|d| {
                    self.net_pattern(s, p * 4 + d, 0, 0) as u16
                }));
            }
        }
        Some(inputs)
    }

    /// Updates the net's sums for a stone of `side` added (or taken back) on `p`, before the
    /// line keys change: each line within the radius gets its new pattern's row in place of
    /// the old one's.
    fn shift_net(&mut self, p: usize, side: Side, added: bool) {
        let Some(mut st) = self.net.take() else {
            return;
        };
        if !added {
            // Back to the states the move's log kept; a move made before the net was set has
            // none, and the state is computed afresh once its keys are back.
            if let Some((start, acc)) = st.frames.pop() {
                while st.log.len() > start {
                    let c = st.log.pop().expect("an entry above the frame's start");
                    let (s, q) = (usize::from(c.side), usize::from(c.cell));
                    st.z[s][q] = c.z;
                    st.terms[s][q] = c.terms;
                }
                st.acc = acc;
                self.net = Some(st);
            } else {
                self.net_stale = Some(st.net);
            }
            return;
        }
        st.frames.push((st.log.len(), st.acc));
        let side = side.index();
        // At most two changes (one per perspective) for each cell within the radius.
        let mut changes = [net::Change::default(); 2 * 4 * 2 * net::RADIUS];
        let mut n = 0;
        self.walk_lines(p, |pos, d, offset, q| {
            // Walls have no sums, and occupied cells keep theirs (see `net::State`).
            if pos.grid[q] != STONE_EMPTY {
                return;
            }
            let digit = i64::from(POW3[pattern::offset_slot(offset, pos.r)]);
            let at = q * 4 + d;
            for s in 0..2 {
                // The stone is `OWN` in its side's keys, `BLOCKED` in the other's.
                let (mine, theirs) = if s == side {
                    (i64::from(OWN), i64::from(BLOCKED))
                } else {
                    (i64::from(BLOCKED), i64::from(OWN))
                };
                let old = pos.net_pattern(s, at, 0, 0);
                let new = pos.net_pattern(s, at, mine * digit, theirs * digit);
                if old != new {
                    changes[n] = net::Change {
                        side: s as u8,
                        cell: q as u16,
                        new: new as u16,
                        old: old as u16,
                    };
                    n += 1;
                }
            }
        });
        super::simd::apply(&mut st, &changes[..n]);
        // The stone's own cell stops counting.
        for s in 0..2 {
            let z = st.z[s][p];
            net::count(&mut st.acc[s], &z, -1);
        }
        self.net = Some(st);
    }

    /// The initiative state with `me` to move ([`eval::threat_mask`]): which classes of
    /// threat cells each side has.
    fn initiative(&self, me: Side) -> usize {
        eval::threat_mask(|mine, from, to| {
            let side = if mine { me } else { me.other() };
            self.combos[side.index()][from as usize..=to as usize]
                .iter()
                .any(|&n| n > 0)
        })
    }

    /// The kinds of empty cell of `side` with how many cells of each, and the initiative
    /// state, with `side` to move: what the evaluation of this position reads (for fitting
    /// its weights).
    #[must_use]
    pub fn features(&self, side: Side) -> (Kinds, Kinds, u16) {
        let count = |s: Side| {
            let mut counts = vec![0u16; pattern::CODES];
            for p in self.board_indices() {
                let code = self.info[s.index()][p].code;
                if let Some(n) = counts.get_mut(usize::from(code)) {
                    *n += 1;
                }
            }
            counts
                .into_iter()
                .enumerate()
                .filter(|&(_, n)| n > 0)
                .map(|(c, n)| (c as u16, n))
                .collect()
        };
        (
            count(side),
            count(side.other()),
            self.initiative(side) as u16,
        )
    }

    /// The move-ordering score of the empty cell `p` for the side to move: its threat tier
    /// ([`eval::tier`]), then the weights' ordering tables for what the stone makes for the
    /// mover and takes from the opponent ([`super::weights`]).
    #[must_use]
    pub fn move_score(&self, p: usize) -> i32 {
        let s = self.to_move();
        let (own, theirs) = (self.info(s, p), self.info(s.other(), p));
        let linear = || self.linear_order(own.code, theirs.code);
        let Some(st) = self.net.as_deref() else {
            return eval::tier(own, theirs) + linear();
        };
        let (m, t) = (s.index(), s.other().index());
        let policy = Net::policy(st.terms[m][p], st.terms[t][p]);
        let base = if st.net.adds_to_linear() { linear() } else { 0 };
        eval::tier(own, theirs) + policy + base
    }

    /// The linear ordering tables' score of a cell of kinds `own` (for the mover) and
    /// `theirs` ([`super::weights`]).
    fn linear_order(&self, own: u16, theirs: u16) -> i32 {
        let w = self.weights;
        let score = |table: &[i32], code: u16| table.get(usize::from(code)).copied().unwrap_or(0);
        score(&w.order_own, own) + score(&w.order_opp, theirs)
    }

    /// Plays the side to move's stone on the empty cell `p`.
    pub fn play(&mut self, p: usize) {
        debug_assert!(self.is_empty(p), "play on a taken cell");
        let side = self.to_move();
        if self.winner.is_none() && self.info(side, p).has(flag::FIVE) {
            self.winner = Some(side);
        }
        self.put(p, side);
        #[cfg(debug_assertions)]
        self.check();
    }

    /// Takes back the last move: the cells it changed get their states back from the move's
    /// records, the sums theirs from its frame (nothing is read again from the lines).
    ///
    /// # Panics
    /// When no move was made since the position was built.
    pub fn unmake(&mut self) {
        let p = usize::from(self.moves.pop().expect("a move to take back"));
        let frame = self.frames.pop().expect("a frame per move");
        let side = self.to_move();
        self.grid[p] = STONE_EMPTY;
        self.hash ^= zobrist::key(side, self.cell(p));
        self.winner = None;
        self.shift_net(p, side, false);
        if matches!(self.levels_from, Levels::Dense(_)) {
            self.update_keys(p, side, false);
        }
        if let Some(net) = self.net_stale.take() {
            self.net = Some(Box::new(self.fresh_net(net)));
        }
        // Newest first, so a cell changed twice ends with its state before the move.
        while self.changes.len() > frame.changes {
            let c = self
                .changes
                .pop()
                .expect("a change above the frame's start");
            let (s, q) = (usize::from(c.side), usize::from(c.cell));
            self.levels[s][q] = c.levels;
            let now = std::mem::replace(&mut self.info[s][q], c.info);
            if (now.flags ^ c.info.flags) & !flag::LIVE != 0 {
                for t in Threat::ALL {
                    self.threats[s][t as usize].set(q, c.info.has(t.flag()));
                }
            }
        }
        self.own = frame.own;
        self.opp = frame.opp;
        self.combos = frame.combos;
        self.live = frame.live;
        self.update_near(p, false);
        if let Some(f) = self.forbidding.as_deref_mut() {
            let start = f.starts.pop().expect("a forbidden list per move") as usize;
            let after = std::mem::take(&mut f.cells);
            f.cells.extend_from_slice(&f.log[start..]);
            f.log.truncate(start);
            resync(&mut f.set, &after, &f.cells);
            self.update_suspects(p);
        }
        #[cfg(debug_assertions)]
        self.check();
    }

    /// Places a stone of `side` on `p` and updates everything around it, recording what
    /// [`Position::unmake`] restores.
    fn put(&mut self, p: usize, side: Side) {
        self.frames.push(Frame {
            changes: self.changes.len(),
            own: self.own,
            opp: self.opp,
            combos: self.combos,
            live: self.live,
        });
        self.grid[p] = if side == Side::X { STONE_X } else { STONE_O };
        self.hash ^= zobrist::key(side, self.cell(p));
        self.moves.push(p as u16);
        self.clear_cell(p);
        self.shift_net(p, side, true);
        self.update_lines(p, side);
        self.update_near(p, true);
        if self.forbidding.is_some() {
            self.update_forbidden(p);
        }
    }

    /// After a stone on `p` under renju: finds X's forbidden points afresh, records
    /// the list before for [`Position::unmake`], and gives the cells that became forbidden (or
    /// stopped being so) X's dead info (or their own back), recording their states as
    /// [`Position::set_level`] does.
    fn update_forbidden(&mut self, p: usize) {
        self.update_suspects(p);
        let mut boxed = self.forbidding.take().expect("renju");
        let f = &mut *boxed;
        // The list before the move, kept for `unmake` and read as `before` here.
        let start = f.log.len();
        f.starts.push(start as u32);
        f.log.extend_from_slice(&f.cells);
        f.cells.clear();
        for q in f.suspects.iter() {
            let verdict = renju::forbidden(&self.variant, &*self, self.cell(q))
                .expect("the position's own board, an empty cell of it");
            if verdict.is_some() {
                f.cells.push(q as u16);
            }
        }
        resync(&mut f.set, &f.log[start..], &f.cells);
        let before = &f.log[start..];
        let mut changed = std::mem::take(&mut f.changed);
        changed.clear();
        changed.extend(before.iter().filter(|&&q| !f.set.contains(usize::from(q))));
        changed.extend(f.cells.iter().filter(|&q| !before.contains(q)));
        self.forbidding = Some(boxed);
        let x = Side::X.index();
        // The stone's own cell, if it was forbidden, keeps an occupied cell's info.
        for q in changed.iter().map(|&q| usize::from(q)).filter(|&q| q != p) {
            let levels = self.levels[x][q];
            self.changes.push(Change {
                side: x as u8,
                cell: q as u16,
                levels,
                info: self.info[x][q],
            });
            // `set_info` gives a forbidden cell X's dead info.
            self.set_info(x, q, self.infos[eval::combination(levels)]);
        }
        if let Some(f) = self.forbidding.as_deref_mut() {
            f.changed = changed;
        }
    }

    /// Whether X's lines through the empty cell `p` leave room for a forbidden point (the
    /// judge decides): two lines with an open three or better, a line with an open four (or
    /// two fours), or a run of five X stones the stone would join into six or more. Every
    /// forbidden shape shows one of these: a three of the rules can become a straight four, so
    /// its line is at least an open three ([`Level::Flex3`]) under the exact rule; two fours
    /// in one line leave two winning cells ([`Level::Flex4`]).
    fn may_be_forbidden(&self, f: &Forbidding, p: usize) -> bool {
        let x = Side::X.index();
        let levels = self.levels[x][p];
        let strong = levels.iter().filter(|&&l| l >= Level::Flex3).count();
        strong >= 2
            || levels.contains(&Level::Flex4)
            || (0..4).any(|d| f.overline[self.keys[x][p * 4 + d] as usize])
    }

    /// Reads again whether the cells on the lines through `p`, and `p` itself, are suspects
    /// ([`Forbidding::suspects`]): the cells whose X lines a stone on `p` changed.
    fn update_suspects(&mut self, p: usize) {
        let refresh = |pos: &mut Self, q: usize| {
            let suspect = pos.grid[q] == STONE_EMPTY
                && pos
                    .forbidding
                    .as_deref()
                    .is_some_and(|f| pos.may_be_forbidden(f, q));
            if let Some(f) = pos.forbidding.as_deref_mut() {
                f.suspects.set(q, suspect);
            }
        };
        refresh(self, p);
        self.walk_lines(p, |pos, _, _, q| refresh(pos, q));
    }

    /// Calls `f(position, d, offset, q)` for every cell `q` within the radius of `p` on the
    /// line through `p` in direction `d`, `offset` being `p`'s offset from `q` along it: the
    /// board cells and the walls among them (the walls are at least the radius wide, so the
    /// walk never leaves the grid nor reaches another row; `f` tells them apart). A fixed
    /// count of steps, no test: the walk runs twice for every move made and taken back.
    fn walk_lines(&mut self, p: usize, mut f: impl FnMut(&mut Self, usize, isize, usize)) {
        let r = self.r as isize;
        for d in 0..4 {
            let step = self.steps[d] as isize;
            for sign in [1isize, -1] {
                for i in 1..=r {
                    f(self, d, -sign * i, p.wrapping_add_signed(sign * i * step));
                }
            }
        }
    }

    /// Updates the cells within the radius of `p` for a stone of `side` added on `p`: their
    /// line keys, and the levels of the empty ones (read from the table of every line, or
    /// from the grid where there is none).
    fn update_lines(&mut self, p: usize, side: Side) {
        let (mine, theirs) = (side.index(), 1 - side.index());
        match self.levels_from {
            Levels::Dense(tables) => {
                let (table_mine, table_theirs) = (tables[mine], tables[theirs]);
                self.walk_lines(p, |pos, d, offset, q| {
                    pos.shift_key(side, d, offset, q, true);
                    if pos.grid[q] == STONE_EMPTY {
                        let at = q * 4 + d;
                        let (key_mine, key_theirs) = (pos.keys[mine][at], pos.keys[theirs][at]);
                        pos.set_level(mine, q, d, table_mine[key_mine as usize]);
                        pos.set_level(theirs, q, d, table_theirs[key_theirs as usize]);
                    }
                });
            }
            Levels::Memo(_) => self.walk_lines(p, |pos, d, _, q| {
                if pos.grid[q] == STONE_EMPTY {
                    pos.refresh_line(q, d);
                }
            }),
        }
    }

    /// Changes the line keys of the cells within the radius of `p` for a stone of `side`
    /// added (or taken back) on `p`: one digit each. Walls get keys too, never read (a wall's
    /// key is the line through it, as for a board cell).
    fn update_keys(&mut self, p: usize, side: Side, added: bool) {
        self.walk_lines(p, |pos, d, offset, q| {
            pos.shift_key(side, d, offset, q, added)
        });
    }

    /// Changes the keys of line `d` through `q`, for both sides, for a stone of `side` added
    /// (or taken back) at `offset` from `q`.
    fn shift_key(&mut self, side: Side, d: usize, offset: isize, q: usize, added: bool) {
        let (mine, theirs) = (side.index(), 1 - side.index());
        let digit = POW3[pattern::offset_slot(offset, self.r)];
        let (own, blocked) = (OWN as u32 * digit, BLOCKED as u32 * digit);
        let at = q * 4 + d;
        if added {
            self.keys[mine][at] += own;
            self.keys[theirs][at] += blocked;
        } else {
            self.keys[mine][at] -= own;
            self.keys[theirs][at] -= blocked;
        }
    }

    /// Sets the level of line `d` of the empty cell `p` for side index `s`.
    fn set_level(&mut self, s: usize, p: usize, d: usize, level: Level) {
        // The combination comes from the levels read before the one changes: reading all four
        // back right after storing one stalls the processor (a narrow store forwarded to a
        // wide load), which cost about a fifth of the search's time.
        const POW9: [usize; 4] = [1, 9, 81, 729];
        let levels = self.levels[s][p];
        let old = levels[d];
        if old != level {
            self.changes.push(Change {
                side: s as u8,
                cell: p as u16,
                levels,
                info: self.info[s][p],
            });
            self.levels[s][p][d] = level;
            let index =
                eval::combination(levels) + level as usize * POW9[d] - old as usize * POW9[d];
            let info = self.infos[index];
            self.set_info(s, p, info);
        }
    }

    fn update_near(&mut self, p: usize, added: bool) {
        let pw = self.pw as isize;
        for dr in -(NEAR as isize)..=NEAR as isize {
            for dc in -(NEAR as isize)..=NEAR as isize {
                let q = p.wrapping_add_signed(dr * pw + dc);
                if added {
                    self.near[q] += 1;
                    if self.near[q] == 1 && self.grid[q] == STONE_EMPTY {
                        self.candidates.insert(q);
                    }
                } else {
                    self.near[q] -= 1;
                    if self.near[q] == 0 {
                        self.candidates.remove(q);
                    }
                }
            }
        }
        if added {
            self.candidates.remove(p);
        } else if self.near[p] > 0 {
            self.candidates.insert(p);
        }
    }

    /// Removes an occupied cell's contributions (recording its states before).
    fn clear_cell(&mut self, p: usize) {
        for s in Side::BOTH {
            self.changes.push(Change {
                side: s.index() as u8,
                cell: p as u16,
                levels: self.levels[s.index()][p],
                info: self.info[s.index()][p],
            });
            self.levels[s.index()][p] = [Level::None; 4];
            self.set_info(s.index(), p, CellInfo::default());
        }
    }

    /// Re-reads all four lines of the empty cell `p`, for both sides.
    fn refresh_cell(&mut self, p: usize) {
        for s in Side::BOTH {
            let levels = std::array::from_fn(|d| self.line_level(p, d, s));
            self.levels[s.index()][p] = levels;
            let info = self.infos[eval::combination(levels)];
            self.set_info(s.index(), p, info);
        }
    }

    /// Re-reads line `d` of the empty cell `p`, for both sides.
    fn refresh_line(&mut self, p: usize, d: usize) {
        for s in Side::BOTH {
            let level = self.line_level(p, d, s);
            self.set_level(s.index(), p, d, level);
        }
    }

    fn set_info(&mut self, s: usize, p: usize, new: CellInfo) {
        let new = if s == Side::X.index() && self.is_forbidden(p) {
            CellInfo::default()
        } else {
            new
        };
        let old = std::mem::replace(&mut self.info[s][p], new);
        if old == new {
            return;
        }
        let w = self.weights;
        let weight = |table: &[i32], code: u16| table.get(usize::from(code)).copied().unwrap_or(0);
        self.own[s] += weight(&w.own, new.code) - weight(&w.own, old.code);
        self.opp[s] += weight(&w.opp, new.code) - weight(&w.opp, old.code);
        if old.combo != new.combo {
            self.combos[s][old.combo as usize] -= 1;
            self.combos[s][new.combo as usize] += 1;
        }
        let (was_live, is_live) = (old.has(flag::LIVE), new.has(flag::LIVE));
        if was_live != is_live {
            if is_live {
                self.live[s] += 1;
            } else {
                self.live[s] -= 1;
            }
        }
        if (old.flags ^ new.flags) & !flag::LIVE != 0 {
            for t in Threat::ALL {
                self.threats[s][t as usize].set(p, new.has(t.flag()));
            }
        }
    }

    /// The level of line `d` through the empty cell `p` for `side`.
    fn line_level(&mut self, p: usize, d: usize, side: Side) -> Level {
        match &self.levels_from {
            Levels::Dense(tables) => {
                tables[side.index()][self.keys[side.index()][p * 4 + d] as usize]
            }
            Levels::Memo(_) => {
                let mut line = self.read_line(p, d, side);
                let (k, exact) = (self.k, self.exact[side.index()]);
                let key = memo_key(&line, exact);
                let Levels::Memo(memo) = &mut self.levels_from else {
                    unreachable!()
                };
                match memo.entry(key) {
                    Entry::Occupied(e) => *e.get(),
                    Entry::Vacant(e) => *e.insert(pattern::classify_wide(line.cells(), k, exact)),
                }
            }
        }
    }

    /// The line of `d` through `p` from `side`'s point of view, read from the grid.
    fn read_line(&self, p: usize, d: usize, side: Side) -> Line {
        let own = if side == Side::X { STONE_X } else { STONE_O };
        let step = self.steps[d] as isize;
        let r = self.r as isize;
        let mut line = Line {
            cells: [EMPTY; MAX_LINE],
            len: 2 * self.r + 1,
        };
        for sign in [-1isize, 1] {
            let mut blocked = false;
            for i in 1..=r {
                let at = (r + sign * i) as usize;
                if !blocked {
                    let g = self.grid[p.wrapping_add_signed(sign * i * step)];
                    blocked = g == WALL;
                    line.cells[at] = match g {
                        STONE_EMPTY => EMPTY,
                        _ if g == own => OWN,
                        _ => BLOCKED,
                    };
                } else {
                    line.cells[at] = BLOCKED;
                }
            }
        }
        line
    }

    /// The key of a line read from the grid.
    fn fresh_key(&self, p: usize, d: usize, side: Side) -> u32 {
        let line = self.read_line(p, d, side);
        (0..2 * self.r)
            .map(|slot| u32::from(line.cells[pattern::slot_index(slot, self.r)]) * POW3[slot])
            .sum()
    }

    /// Line keys computed from the grid.
    fn fresh_keys(&self, side: Side) -> Vec<u32> {
        let mut keys = vec![0; self.grid.len() * 4];
        for p in self.board_indices() {
            for d in 0..4 {
                keys[p * 4 + d] = self.fresh_key(p, d, side);
            }
        }
        keys
    }

    /// The level of a line from the stones alone, without a table: the remembered level of the
    /// line read from the grid (each was classified from its cells), or the classifier itself.
    fn fresh_level(&self, p: usize, d: usize, side: Side) -> Level {
        let mut line = self.read_line(p, d, side);
        let exact = self.exact[side.index()];
        match &self.levels_from {
            Levels::Memo(memo) => memo.get(&memo_key(&line, exact)).copied(),
            Levels::Dense(_) => None,
        }
        .unwrap_or_else(|| pattern::classify_wide(line.cells(), self.k, exact))
    }

    /// Recomputes every incremental field from the stones and compares.
    ///
    /// # Panics
    /// When a field drifted from its from-scratch value: a bug in [`Position::play`] or
    /// [`Position::unmake`].
    pub fn check(&self) {
        // Dense tables: every key read afresh from the grid, and the levels looked up with it.
        let fresh_keys = match &self.levels_from {
            Levels::Dense(tables) => {
                let keys = [self.fresh_keys(Side::X), self.fresh_keys(Side::O)];
                // Board cells only: the walls' keys are never read (see `update_keys`).
                for (kept, fresh) in self.keys.iter().zip(&keys) {
                    for p in self.board_indices() {
                        let at = p * 4..p * 4 + 4;
                        assert!(kept[at.clone()] == fresh[at], "line keys drifted");
                    }
                }
                Some((keys, tables))
            }
            Levels::Memo(_) => None,
        };
        let fresh_level = |p: usize, d: usize, s: Side| match &fresh_keys {
            Some((keys, tables)) => tables[s.index()][keys[s.index()][p * 4 + d] as usize],
            None => self.fresh_level(p, d, s),
        };
        if let Some(st) = self.net.as_deref() {
            let fresh = self.fresh_net(st.net);
            for p in self
                .board_indices()
                .filter(|&p| self.grid[p] == STONE_EMPTY)
            {
                for s in 0..2 {
                    assert_eq!(st.z[s][p], fresh.z[s][p], "the net's sums drifted");
                    assert_eq!(st.terms[s][p], fresh.terms[s][p], "the policy drifted");
                }
            }
            assert_eq!(st.acc, fresh.acc, "the net's accumulators drifted");
        }
        let mut near = vec![0u8; self.grid.len()];
        let pw = self.pw as isize;
        for &m in &self.moves {
            for dr in -(NEAR as isize)..=NEAR as isize {
                for dc in -(NEAR as isize)..=NEAR as isize {
                    near[usize::from(m).wrapping_add_signed(dr * pw + dc)] += 1;
                }
            }
        }
        let mut own = [0; 2];
        let mut opp = [0; 2];
        let mut live = [0; 2];
        let mut combos = [[0u16; 13]; 2];
        let mut hash = 0;
        // Renju: X's forbidden points judged afresh on every empty cell (no pre-filter).
        let forbidden: Vec<usize> = match &self.forbidding {
            Some(f) => {
                let fresh: Vec<usize> = self
                    .board_indices()
                    .filter(|&p| {
                        renju::forbidden(&self.variant, self, self.cell(p))
                            .expect("the position's own board")
                            .is_some()
                    })
                    .collect();
                let mut kept: Vec<usize> = self.forbidden().collect();
                kept.sort_unstable();
                assert_eq!(kept, fresh, "forbidden points drifted");
                assert!(fresh.iter().all(|&p| f.set.contains(p)));
                assert_eq!(f.set.len(), fresh.len(), "forbidden set drifted");
                for p in self.board_indices() {
                    let suspect = self.grid[p] == STONE_EMPTY && self.may_be_forbidden(f, p);
                    assert_eq!(f.suspects.contains(p), suspect, "suspects drifted");
                }
                assert!(
                    fresh.iter().all(|&p| f.suspects.contains(p)),
                    "a forbidden point no suspect"
                );
                fresh
            }
            None => Vec::new(),
        };
        for p in self.board_indices() {
            let cell = self.cell(p);
            for s in Side::BOTH {
                let (levels, info) = if self.grid[p] == STONE_EMPTY {
                    let levels: [Level; 4] = std::array::from_fn(|d| fresh_level(p, d, s));
                    let dead = s == Side::X && forbidden.contains(&p);
                    let info = if dead {
                        CellInfo::default()
                    } else {
                        eval::cell_info(levels)
                    };
                    (levels, info)
                } else {
                    ([Level::None; 4], CellInfo::default())
                };
                assert_eq!(
                    self.levels[s.index()][p],
                    levels,
                    "levels drifted at {cell:?}"
                );
                assert_eq!(
                    self.info[s.index()][p],
                    info,
                    "cell info drifted at {cell:?}"
                );
                if let Some(&w) = self.weights.own.get(usize::from(info.code)) {
                    own[s.index()] += w;
                    opp[s.index()] += self.weights.opp[usize::from(info.code)];
                }
                live[s.index()] += u32::from(info.has(flag::LIVE));
                combos[s.index()][info.combo as usize] += 1;
                for t in Threat::ALL {
                    assert_eq!(
                        self.threats[s.index()][t as usize].contains(p),
                        info.has(t.flag()),
                        "threat set {t:?} drifted at {cell:?}"
                    );
                }
            }
            match self.grid[p] {
                STONE_X => hash ^= zobrist::key(Side::X, cell),
                STONE_O => hash ^= zobrist::key(Side::O, cell),
                _ => {}
            }
            assert_eq!(self.near[p], near[p], "near count drifted at {cell:?}");
            assert_eq!(
                self.candidates.contains(p),
                near[p] > 0 && self.grid[p] == STONE_EMPTY,
                "candidate set drifted at {cell:?}"
            );
        }
        assert_eq!((self.own, self.opp), (own, opp), "weight sums drifted");
        assert_eq!(self.live, live, "live counts drifted");
        assert_eq!(self.combos, combos, "class counts drifted");
        assert_eq!(self.hash, hash, "hash drifted");
    }

    /// The direction of line index `d`.
    #[must_use]
    pub const fn direction(d: usize) -> Direction {
        Direction::ALL[d]
    }
}

impl BoardView for Position {
    fn size(&self) -> Size {
        self.variant.size()
    }

    fn stone(&self, cell: Cell) -> Option<Side> {
        match self.grid[self.index(cell)] {
            STONE_X => Some(Side::X),
            STONE_O => Some(Side::O),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size};
    use crate::notation::parse_game;

    fn position(size: u8, k: u32, rule: Rule, moves: &str) -> Position {
        let v = Variant::new(Size::square(size), k, rule).unwrap();
        Position::new(parse_game(moves, v).unwrap().board())
    }

    #[test]
    fn an_open_three_gives_open_four_cells() {
        // X: h8 i8 j8 on 15x15, O elsewhere.
        let pos = position(15, 5, Rule::Freestyle, "h8 a1 i8 a3 j8 a5");
        let cells: Vec<String> = pos
            .threats(Side::X, Threat::OpenFour)
            .iter()
            .map(|p| crate::notation::format_cell(pos.cell(p), Size::square(15)))
            .collect();
        assert_eq!(cells, vec!["g8", "k8"]);
        assert_eq!(pos.threats(Side::X, Threat::Four).len(), 4); // f8 g8 k8 l8
        assert!(pos.threats(Side::X, Threat::Five).is_empty());
        pos.check();
    }

    #[test]
    fn distance_counts_the_most_rows_or_columns_apart() {
        let pos = position(15, 5, Rule::Freestyle, "");
        let at = |name: &str| {
            pos.index(crate::notation::parse_cell(name, Size::square(15)).expect("a cell"))
        };
        assert_eq!(pos.distance(at("h8"), at("h8")), 0);
        assert_eq!(pos.distance(at("h8"), at("l8")), 4);
        assert_eq!(pos.distance(at("h8"), at("k12")), 4); // 3 columns, 4 rows
        assert_eq!(pos.distance(at("a1"), at("o15")), 14); // corner to corner, not wrapping
        assert_eq!(pos.distance(at("o1"), at("a2")), 14); // the next row's first cell is far
    }

    #[test]
    fn play_and_unmake_restore_everything() {
        let mut pos = position(9, 5, Rule::Exact, "e5 d4 e4 d5 e6");
        let before = pos.clone();
        let p = pos.index(Cell(0));
        pos.play(p);
        pos.check();
        pos.unmake();
        pos.check();
        assert_eq!(pos.hash(), before.hash());
        assert_eq!((pos.own, pos.opp), (before.own, before.opp));
        assert_eq!(pos.keys, before.keys);
    }

    #[test]
    fn large_k_reads_lines_from_the_grid() {
        let mut pos = position(12, 8, Rule::Exact, "f6 g6 f7 g7 f8");
        assert!(matches!(pos.levels_from, Levels::Memo(_)));
        pos.check();
        let p = pos.index(Cell(30));
        pos.play(p);
        pos.unmake();
        pos.check();
    }

    #[test]
    fn a_full_tic_tac_toe_line_is_a_dead_draw() {
        // X O X / X O O / O X . : nobody can make three any more.
        let v = Variant::tic_tac_toe();
        let pos = Position::new(parse_game("a3 b3 c3 b2 a2 c2 b1 a1", v).unwrap().board());
        assert!(pos.is_dead_draw());
        let pos = Position::new(parse_game("b2 a1", v).unwrap().board());
        assert!(!pos.is_dead_draw());
    }
}
