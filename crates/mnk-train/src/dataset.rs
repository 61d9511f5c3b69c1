//! The positions the net learns from, kept compact: per position its empty cells' pattern
//! classes (`u16`), the move played next, the value label and the threat state; the tensors
//! of a batch are built from it when the batch is trained ([`Dataset::batch`]).
//!
//! A position of 15x15 with `e` empty cells takes `16 e + 14` bytes (eight pattern classes a
//! cell, two views of four lines): about 3 KB in the middle game, so 300,000 positions take
//! about 0.9 GB.

use mnk::engine::net::Inputs;
use mnk::engine::policy::TEMPERATURE;
use mnk::engine::tune::{PlayedGame, SplitMix, visit_samples};
use mnk::engine::weights::SCALE;
use mnk::game::Variant;

/// Pattern classes a cell has: its four lines seen by the side to move, then by the other.
pub const CELL_PATTERNS: usize = 8;

/// The positions of a set of games ([`Dataset::add_game`]).
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// Per empty cell of every position, its [`CELL_PATTERNS`] classes: the side to move's
    /// four lines, then the other side's.
    patterns: Vec<u16>,
    /// Per position, where its cells start (in cells); one more at the end.
    starts: Vec<u64>,
    /// Per position, the move played from it: an index into its cells.
    targets: Vec<u16>,
    /// Per position, the probability that its side to move wins.
    labels: Vec<f32>,
    /// Per position, its threat state ([`Inputs::mask`]).
    masks: Vec<u16>,
    /// Per position, the number of the game it comes from.
    games: Vec<u32>,
    /// Per position, the linear evaluation's logit ([`Inputs::base_value`] over `SCALE`).
    base_values: Vec<f32>,
    /// Per empty cell of every position, the linear ordering's logit ([`Inputs::base_order`]
    /// over the ordering's temperature).
    base_orders: Vec<f32>,
}

/// The inputs of a batch of positions, flat, ready to become tensors: every cell of every
/// position one after the other.
#[derive(Clone, Debug, PartialEq)]
pub struct BatchData {
    /// Positions in the batch.
    pub positions: usize,
    /// The most cells a position of the batch has (the width of the padded policy).
    pub width: usize,
    /// Per cell, its [`CELL_PATTERNS`] pattern classes.
    pub patterns: Vec<u32>,
    /// Per position, its first cell; one more at the end (the number of cells).
    pub firsts: Vec<u32>,
    /// Per position, the slot of the move played in the padded policy (`positions x width`,
    /// row per position): `row * width + index`.
    pub targets: Vec<u32>,
    /// Per position, the move played: an index into its cells.
    pub moves: Vec<u32>,
    /// Per position, the value label.
    pub labels: Vec<f32>,
    /// Per position, the threat state.
    pub masks: Vec<u32>,
    /// Per position, the linear evaluation's logit (what a net over it adds to).
    pub base_values: Vec<f32>,
    /// `positions x width`: per slot of the padded policy, the linear ordering's logit (0 where
    /// a slot has no cell).
    pub base_policy: Vec<f32>,
}

impl Dataset {
    /// An empty set.
    #[must_use]
    pub fn new() -> Dataset {
        Dataset {
            starts: vec![0],
            ..Dataset::default()
        }
    }

    /// Adds the positions of game number `game` that the linear evaluation's tuner would take
    /// ([`visit_samples`]: from ply `skip`, the quiet ones, labelled with `lambda`), each with
    /// the move played from it as the policy's target. The variant must be one the net reads
    /// ([`mnk::engine::net::supports`]; positions of another give nothing).
    pub fn add_game(
        &mut self,
        game: u32,
        variant: Variant,
        played: &PlayedGame,
        skip: usize,
        lambda: f64,
    ) {
        visit_samples(variant, played, skip, lambda, &mut |pos, ply, label| {
            let Some(inputs) = pos.net_inputs() else {
                return;
            };
            let next = played.moves[ply].index();
            let Some(target) = inputs.cells.iter().position(|&c| usize::from(c) == next) else {
                return;
            };
            self.push(&inputs, target, label as f32, game);
        });
    }

    /// Adds one position: its inputs, the index of the move played among its cells, its label
    /// and its game.
    ///
    /// # Panics
    /// If `target` is not an index of `inputs.cells`.
    pub fn push(&mut self, inputs: &Inputs, target: usize, label: f32, game: u32) {
        assert!(
            target < inputs.cells.len(),
            "the target is one of the cells"
        );
        for (me, them) in inputs.me.iter().zip(&inputs.them) {
            self.patterns.extend_from_slice(me);
            self.patterns.extend_from_slice(them);
        }
        self.starts
            .push((self.patterns.len() / CELL_PATTERNS) as u64);
        self.targets.push(target as u16);
        self.labels.push(label);
        self.masks.push(inputs.mask);
        self.games.push(game);
        self.base_values
            .push((f64::from(inputs.base_value) / SCALE) as f32);
        self.base_orders.extend(
            inputs
                .base_order
                .iter()
                .map(|&o| (f64::from(o) / TEMPERATURE) as f32),
        );
    }

    /// Positions held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// Whether it holds no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// The bytes it takes (its arrays' contents).
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        2 * self.patterns.len()
            + 8 * self.starts.len()
            + 2 * self.targets.len()
            + 4 * self.labels.len()
            + 2 * self.masks.len()
            + 4 * self.games.len()
            + 4 * self.base_values.len()
            + 4 * self.base_orders.len()
    }

    /// The game position `i` comes from.
    #[must_use]
    pub fn game(&self, i: usize) -> u32 {
        self.games[i]
    }

    /// Position `i`'s label.
    #[must_use]
    pub fn label(&self, i: usize) -> f32 {
        self.labels[i]
    }

    /// The positions to fit and those to hold out: the positions of a game are held out
    /// together, each game with probability `share`, drawn from `seed` and the game's
    /// number (so a game is held out or not whatever else is read with it).
    #[must_use]
    pub fn split(&self, share: f64, seed: u64) -> (Vec<usize>, Vec<usize>) {
        (0..self.len()).partition(|&i| {
            let draw = SplitMix(seed ^ u64::from(self.games[i]).wrapping_mul(0x9E37_79B9))
                .next_u64() as f64
                / 2f64.powi(64);
            draw >= share
        })
    }

    /// The inputs of the positions `indices`, in that order.
    ///
    /// # Panics
    /// If an index is not a position's.
    #[must_use]
    pub fn batch(&self, indices: &[usize]) -> BatchData {
        let span = |i: usize| self.starts[i] as usize..self.starts[i + 1] as usize;
        let width = indices.iter().map(|&i| span(i).len()).max().unwrap_or(0);
        let cells: usize = indices.iter().map(|&i| span(i).len()).sum();
        let mut out = BatchData {
            positions: indices.len(),
            width,
            patterns: Vec::with_capacity(cells * CELL_PATTERNS),
            firsts: Vec::with_capacity(indices.len() + 1),
            targets: Vec::with_capacity(indices.len()),
            moves: Vec::with_capacity(indices.len()),
            labels: Vec::with_capacity(indices.len()),
            masks: Vec::with_capacity(indices.len()),
            base_values: Vec::with_capacity(indices.len()),
            base_policy: vec![0.0; indices.len() * width],
        };
        let mut first = 0u32;
        for (row, &i) in indices.iter().enumerate() {
            let span = span(i);
            let n = span.len() as u32;
            out.patterns.extend(
                self.patterns[span.start * CELL_PATTERNS..span.end * CELL_PATTERNS]
                    .iter()
                    .map(|&p| u32::from(p)),
            );
            out.firsts.push(first);
            out.targets
                .push((row * width) as u32 + u32::from(self.targets[i]));
            out.moves.push(u32::from(self.targets[i]));
            out.labels.push(self.labels[i]);
            out.masks.push(u32::from(self.masks[i]));
            out.base_values.push(self.base_values[i]);
            out.base_policy[row * width..row * width + span.len()]
                .copy_from_slice(&self.base_orders[span.clone()]);
            first += n;
        }
        out.firsts.push(first);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mnk::game::{Rule, Size};

    fn gomoku() -> Variant {
        Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap()
    }

    #[test]
    fn a_game_gives_its_quiet_positions_with_the_move_played() {
        let v = gomoku();
        let game = PlayedGame::parse("X h8 h9 i8 i9 j8 j9 k8 k9 l8", v)
            .unwrap()
            .unwrap();
        let mut data = Dataset::new();
        data.add_game(7, v, &game, 2, 1.0);
        // Plies 2 to 5: at ply 6 X can make an open four (h8 to j8 and k8), then fives are
        // there to make or to stop.
        assert_eq!(data.len(), 4);
        assert_eq!(data.game(0), 7);
        assert_eq!(data.label(0), 1.0);
        assert_eq!(data.label(1), 0.0);
        let batch = data.batch(&[1, 0]);
        assert_eq!(batch.positions, 2);
        // Ply 3 has 222 empty cells, ply 2 has 223.
        assert_eq!(batch.width, 223);
        assert_eq!(batch.firsts, [0, 222, 445]);
        assert_eq!(batch.patterns.len(), 8 * (222 + 223));
        // The move played at ply 3 (i9) is the cell of that index.
        let mut board = mnk::game::Board::new(v);
        for &m in &game.moves[..3] {
            board.play(m);
        }
        let pos = mnk::engine::position::Position::new(&board);
        let inputs = pos.net_inputs().unwrap();
        let i9 = game.moves[3].index();
        let t = batch.targets[0] as usize;
        assert_eq!(usize::from(inputs.cells[t]), i9);
        assert_eq!(batch.targets[1] as usize - 223, {
            let mut board = mnk::game::Board::new(v);
            board.play(game.moves[0]);
            board.play(game.moves[1]);
            let inputs = mnk::engine::position::Position::new(&board)
                .net_inputs()
                .unwrap();
            inputs
                .cells
                .iter()
                .position(|&c| usize::from(c) == game.moves[2].index())
                .unwrap()
        });
        // The classes are the inputs' own, side to move first.
        assert_eq!(&batch.patterns[..4], inputs.me[0].map(u32::from).as_slice());
        assert_eq!(
            &batch.patterns[4..8],
            inputs.them[0].map(u32::from).as_slice()
        );
    }

    #[test]
    fn the_held_out_games_are_whole_and_about_their_share() {
        let mut data = Dataset::new();
        let inputs = Inputs {
            cells: vec![0, 1],
            me: vec![[0; 4]; 2],
            them: vec![[0; 4]; 2],
            mask: 0,
            base_value: 0,
            base_order: vec![0; 2],
        };
        for game in 0..1000 {
            for _ in 0..3 {
                data.push(&inputs, 1, 0.5, game);
            }
        }
        let (fit, held) = data.split(0.1, 5);
        assert_eq!(fit.len() + held.len(), 3000);
        assert!((240..=360).contains(&held.len()), "{}", held.len());
        for i in &held {
            assert!(!fit.iter().any(|&j| data.game(j) == data.game(*i)));
        }
        assert_eq!(data.split(0.1, 5), (fit, held));
        assert_ne!(data.split(0.1, 6).1, data.split(0.1, 5).1);
    }
}
