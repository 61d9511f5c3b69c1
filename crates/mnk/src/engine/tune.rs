//! Fitting the evaluation's weights ([`super::weights`]) to the results of games, as engine
//! authors tune: every position of a game is a sample labelled with the game's result for its
//! side to move, mixed with what the search that played the game thought of the position
//! (its value for the move it chose, as a probability of winning), and the weights are those
//! that make the labels most likely under the logistic model
//! `P(win) = 1 / (1 + exp(-eval / SCALE))` (a logistic regression on the evaluation's
//! features, fitted by Adam with a pull towards the starting weights for kinds of cell the
//! games rarely show). The games themselves come from self-play ([`crate::arena::self_play`]).
//!
//! The result says who won, but a game has many moves between a position and its end; the
//! search's value says what a deeper look saw from this very position (threats the static
//! evaluation cannot see, forced wins it proved), but only as well as the search sees. The
//! label is `lambda * result + (1 - lambda) * P(search value)`.
//!
//! The games are kept one a line ([`PlayedGame::to_line`], read back by [`PlayedGame::parse`]): what
//! `mnk tune --save-games` writes and what `mnk tune` and `mnk-train` (the network
//! evaluation's trainer) read.
//!
//! Pure computation: `mnk tune` reads and writes the files and shows the progress.

use super::eval::Combo;
use super::pattern::{self, CODES, Level};
use super::position::{Position, Threat};
use super::weights::{Kinds, MASKS, SCALE, Weights};
use crate::game::{Board, Cell, MoveError, Side, Variant};
use crate::notation::{NotationError, format_moves, parse_moves};
use crate::search::{Outcome, Value};
use crate::text::shown;
use thiserror::Error;

/// The most text a games file may hold, after decompression (1 GiB, some millions of games):
/// a gzip file that expands without end is refused there.
pub const MAX_GAMES_BYTES: u64 = 1 << 30;

/// The longest line of a games file (a game on the largest board, 676 moves with a value each,
/// takes under 8 KiB).
pub const MAX_GAME_LINE: u64 = 64 << 10;

/// A finished game of a games file: its moves, who won it, and the value the search gave each
/// move (where it gave one).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame {
    /// The moves, X first.
    pub moves: Vec<Cell>,
    /// The winner; `None` for a draw (or a game stopped before its end: a draw adjudicated).
    pub winner: Option<Side>,
    /// Per move, the value the search that played it gave it, for the side that played it;
    /// empty where the line gives none.
    pub values: Vec<Option<Value>>,
}

/// A line of a games file that is not a game of the variant.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameLineError {
    /// The first word is not a result.
    #[error("'{0}' is not a result: X, O or draw")]
    Result(String),
    /// The moves cannot be read.
    #[error(transparent)]
    Moves(#[from] NotationError),
    /// A value cannot be read.
    #[error("'{0}' is not a move's value: a whole number, win, loss, draw or -")]
    Value(String),
    /// Values given, but not one per move.
    #[error("{moves} moves but {values} values: one value per move, or none")]
    ValueCount {
        /// Moves on the line.
        moves: usize,
        /// Values on it.
        values: usize,
    },
    /// A move that cannot be played there.
    #[error("move {number} ({cell}): {error}")]
    Illegal {
        /// The move's number, from 1.
        number: usize,
        /// The move as written.
        cell: String,
        /// Why it cannot be played.
        error: MoveError,
    },
    /// The result the line states is not the one its moves end with.
    #[error("it says {said}, but its moves end {ends}")]
    Winner {
        /// What the line says (`X won`, `a draw`).
        said: String,
        /// How the moves end (`with X's win`, `without a winner`).
        ends: String,
    },
}

impl PlayedGame {
    /// A game as one line: the winner (`X`, `O` or `draw`), the moves, then ` |` and for each
    /// move the value its search gave it: a score, `win` / `loss` / `draw` where it proved one,
    /// `-` where there is none (the random opening stones).
    #[must_use]
    pub fn to_line(&self, variant: Variant) -> String {
        let winner = self
            .winner
            .map_or_else(|| "draw".to_string(), |s| s.to_string());
        let values: Vec<String> = self
            .values
            .iter()
            .map(|v| match v {
                None | Some(Value::Probability(_) | Value::WinRate(_)) => "-".to_string(),
                Some(Value::Score(s)) => s.to_string(),
                Some(Value::Solved(Outcome::Win(_))) => "win".to_string(),
                Some(Value::Solved(Outcome::Loss(_))) => "loss".to_string(),
                Some(Value::Solved(Outcome::Draw)) => "draw".to_string(),
            })
            .collect();
        format!(
            "{winner} {} | {}",
            format_moves(&self.moves, variant.size()),
            values.join(" ")
        )
    }

    /// A game from one line of a games file ([`PlayedGame::to_line`]; the values after ` |`
    /// may be left out), checked: its moves legal on the board, the winner it states the one
    /// its moves show (`draw` for a game that ends without one, or that stops before its end:
    /// a draw adjudicated). `None` for a line with no game: blank, or a comment (`#`). A byte
    /// order mark before the line is no part of it.
    ///
    /// # Errors
    /// [`GameLineError`]: what on the line is wrong, and what is accepted there.
    pub fn parse(line: &str, variant: Variant) -> Result<Option<PlayedGame>, GameLineError> {
        let line = line.trim_start_matches('\u{feff}').trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(None);
        }
        let (game, values) = line.split_once('|').unwrap_or((line, ""));
        let (winner, moves) = game.trim().split_once(' ').unwrap_or((game.trim(), ""));
        let winner = match winner {
            "X" => Some(Side::X),
            "O" => Some(Side::O),
            "draw" => None,
            other => return Err(GameLineError::Result(shown(other))),
        };
        let moves = parse_moves(moves, variant.size())?;
        let values = values
            .split_whitespace()
            .map(|v| match v {
                "-" => Ok(None),
                "win" => Ok(Some(Value::Solved(Outcome::Win(1)))),
                "loss" => Ok(Some(Value::Solved(Outcome::Loss(1)))),
                "draw" => Ok(Some(Value::Solved(Outcome::Draw))),
                score => score
                    .parse()
                    .map(|s| Some(Value::Score(s)))
                    .map_err(|_| GameLineError::Value(shown(score))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        if !values.is_empty() && values.len() != moves.len() {
            return Err(GameLineError::ValueCount {
                moves: moves.len(),
                values: values.len(),
            });
        }
        let board =
            Board::from_moves(variant, &moves).map_err(|(i, error)| GameLineError::Illegal {
                number: i + 1,
                cell: format_moves(&moves[i..=i], variant.size()),
                error,
            })?;
        let ended = board.status().winner();
        if ended.is_some() && ended != winner || ended.is_none() && winner.is_some() {
            return Err(GameLineError::Winner {
                said: winner.map_or_else(|| "a draw".to_string(), |s| format!("{s} won")),
                ends: ended.map_or_else(
                    || "without a winner".to_string(),
                    |s| format!("with {s}'s win"),
                ),
            });
        }
        Ok(Some(PlayedGame {
            moves,
            winner,
            values,
        }))
    }
}

/// One position: the kinds of empty cell of the side to move and of the opponent (each with
/// how many cells), the initiative state, and the game's result for the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Kinds of cell of the side to move, with their counts.
    pub own: Kinds,
    /// Kinds of cell of the opponent, with their counts.
    pub opp: Kinds,
    /// The initiative state.
    pub mask: u16,
    /// The label: the probability that the side to move wins (1 a win, 0 a loss, 0.5 a
    /// draw for a game's result alone; see the module documentation).
    pub result: f32,
    /// The game it comes from (the positions of one game are held out together).
    pub game: u32,
}

impl Sample {
    /// The evaluation of this position under `w`.
    #[must_use]
    pub fn eval(&self, w: &Weights) -> f64 {
        let own: i64 = self
            .own
            .iter()
            .map(|&(c, n)| i64::from(w.own[usize::from(c)]) * i64::from(n))
            .sum();
        let opp: i64 = self
            .opp
            .iter()
            .map(|&(c, n)| i64::from(w.opp[usize::from(c)]) * i64::from(n))
            .sum();
        (own - opp + i64::from(w.initiative[usize::from(self.mask)])) as f64
    }
}

/// The probability of winning a search's value says, for the side it belongs to: a proven
/// win 1, a loss 0, a draw one half, a score through the evaluation's logistic model.
#[must_use]
pub fn win_probability(value: &Value) -> f64 {
    match *value {
        Value::Score(s) => sigmoid(f64::from(s) / SCALE),
        Value::Probability(p) | Value::WinRate(p) => p,
        Value::Solved(Outcome::Win(_)) => 1.0,
        Value::Solved(Outcome::Loss(_)) => 0.0,
        Value::Solved(Outcome::Draw) => 0.5,
    }
}

/// The positions of a finished game worth learning from: from ply `skip` on, every position
/// the evaluation could be asked about (neither side has a five to make, the side to move has
/// no open four: the search settles those itself). `visit(position, ply, label)` is called
/// for each, `ply` counted from 0 (the move played from it is `game.moves[ply]`), `label` the
/// probability that its side to move wins: `lambda` times the game's result (1 a win, 0 a
/// loss, one half a draw) plus `1 - lambda` times the [`win_probability`] of the value the
/// search gave the move played there (the result alone where there is none). The walk stops
/// at a move that cannot be played.
pub fn visit_samples(
    variant: Variant,
    game: &PlayedGame,
    skip: usize,
    lambda: f64,
    visit: &mut dyn FnMut(&Position, usize, f64),
) {
    let mut board = Board::new(variant);
    let mut pos = Position::new(&board);
    for (i, &cell) in game.moves.iter().enumerate() {
        if board.is_over() || !board.is_empty(cell) {
            break;
        }
        let me = board.to_move();
        let quiet = pos.threats(me, Threat::Five).is_empty()
            && pos.threats(me.other(), Threat::Five).is_empty()
            && pos.count(me, Combo::Flex4) == 0;
        if i >= skip && quiet {
            let result = match game.winner {
                Some(w) if w == me => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            let label = match game.values.get(i).copied().flatten() {
                Some(v) => lambda * result + (1.0 - lambda) * win_probability(&v),
                None => result,
            };
            visit(&pos, i, label);
        }
        board.play(cell);
        pos.play(pos.index(cell));
    }
}

/// The samples of a finished game ([`visit_samples`]), saying they come from game number
/// `number`.
#[must_use]
pub fn samples(
    number: u32,
    variant: Variant,
    game: &PlayedGame,
    skip: usize,
    lambda: f64,
) -> Vec<Sample> {
    let mut out = Vec::new();
    visit_samples(variant, game, skip, lambda, &mut |pos, _, label| {
        let (own, opp, mask) = pos.features(pos.to_move());
        out.push(Sample {
            own,
            opp,
            mask,
            result: label as f32,
            game: number,
        });
    });
    out
}

/// How to fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitOptions {
    /// Passes over the samples.
    pub epochs: usize,
    /// Adam's step size, in evaluation units, at the start; it decays along a half cosine to a
    /// tenth of that by the last epoch, so the fit settles instead of wandering
    /// ([`FitOptions::rate_at`]).
    pub learning_rate: f64,
    /// Pull of every weight towards its starting value (L2, per sample).
    pub pull: f64,
    /// Samples per step.
    pub batch: usize,
    /// The samples of every this many games are held out to measure the fit (0: none).
    pub holdout_every: usize,
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions {
            epochs: 20,
            learning_rate: 2.0,
            pull: 0.0,
            batch: 256,
            holdout_every: 10,
        }
    }
}

/// What a fit found.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// The fitted weights, rounded.
    pub weights: Weights,
    /// Mean log loss on the held-out samples with the starting weights ...
    pub start_loss: f64,
    /// ... and with the fitted ones.
    pub loss: f64,
    /// Samples fitted on, and held out.
    pub trained: usize,
    /// Samples held out.
    pub held_out: usize,
}

/// Mean log loss of `w` on `samples`.
#[must_use]
pub fn log_loss(samples: &[&Sample], w: &Weights) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(s.eval(w) / SCALE).clamp(1e-9, 1.0 - 1e-9);
            let y = f64::from(s.result);
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len() as f64
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

impl FitOptions {
    /// The items fitted and the items held out: every `holdout_every`-th game is held out
    /// whole (`game` says an item's game).
    #[must_use]
    pub fn split<'a, T>(
        &self,
        items: &'a [T],
        game: impl Fn(&T) -> u32,
    ) -> (Vec<&'a T>, Vec<&'a T>) {
        items.iter().partition(|&t| {
            !(self.holdout_every > 0 && (game(t) as usize).is_multiple_of(self.holdout_every))
        })
    }

    /// Adam's step size in `epoch` (from 0): [`FitOptions::learning_rate`] decayed along a
    /// half cosine to a tenth of it by the last epoch.
    #[must_use]
    pub fn rate_at(&self, epoch: usize) -> f64 {
        let done = epoch as f64 / self.epochs.max(1) as f64;
        self.learning_rate * (0.1 + 0.9 * 0.5 * (1.0 + (std::f64::consts::PI * done).cos()))
    }
}

/// Adam's state for one table.
pub(super) struct Adam {
    /// The weights being fitted.
    pub(super) w: Vec<f64>,
    m: Vec<f64>,
    v: Vec<f64>,
    /// The gradient summed over the current batch.
    pub(super) grad: Vec<f64>,
    /// Weights that keep their starting value.
    frozen: Vec<bool>,
}

impl Adam {
    pub(super) fn new(start: &[i32], frozen: Vec<bool>) -> Self {
        Adam {
            w: start.iter().map(|&x| f64::from(x)).collect(),
            m: vec![0.0; start.len()],
            v: vec![0.0; start.len()],
            grad: vec![0.0; start.len()],
            frozen,
        }
    }

    /// One step over the batch's summed gradient (times `scale`), at step size `rate`; the
    /// gradient is cleared.
    pub(super) fn step(
        &mut self,
        start: &[i32],
        t: i32,
        rate: f64,
        options: &FitOptions,
        scale: f64,
    ) {
        const B1: f64 = 0.9;
        const B2: f64 = 0.999;
        let weights = self.w.iter_mut().zip(&mut self.m).zip(&mut self.v);
        let grads = self.grad.iter_mut().zip(start).zip(&self.frozen);
        for (((w, m), v), ((grad, &s), &frozen)) in weights.zip(grads) {
            if frozen {
                *grad = 0.0;
                continue;
            }
            let g = *grad * scale + options.pull * (*w - f64::from(s));
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            let m_hat = *m / (1.0 - B1.powi(t));
            let v_hat = *v / (1.0 - B2.powi(t));
            *w -= rate * m_hat / (v_hat.sqrt() + 1e-8);
            *grad = 0.0;
        }
    }

    pub(super) fn rounded(&self) -> Vec<i32> {
        self.w.iter().map(|&x| x.round() as i32).collect()
    }
}

/// Fits the weights to `samples`, starting from `start`; `progress(epoch, held_out_loss)` after
/// each pass.
#[must_use]
pub fn fit(
    samples: &[Sample],
    start: &Weights,
    options: &FitOptions,
    progress: &mut dyn FnMut(usize, f64),
) -> Fit {
    let (train, held) = options.split(samples, |s| s.game);
    let start_loss = log_loss(&held, start);
    // Kinds of cell where no line is more than alive (most of the board) keep their weights:
    // being on every board, they would learn how full it is rather than who is ahead.
    let quiet = quiet_codes();
    let mut own = Adam::new(&start.own, quiet.clone());
    let mut opp = Adam::new(&start.opp, quiet);
    let mut initiative = Adam::new(&start.initiative, vec![false; MASKS]);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = SplitMix(0x5eed);
    let mut t = 0;
    let current = |own: &Adam, opp: &Adam, initiative: &Adam| Weights {
        own: own.rounded(),
        opp: opp.rounded(),
        initiative: initiative.rounded(),
        order_own: start.order_own.clone(),
        order_opp: start.order_opp.clone(),
    };
    for epoch in 0..options.epochs {
        let rate = options.rate_at(epoch);
        // The fit's own generator: the same samples give the same fit.
        rng.shuffle(&mut order);
        for batch in order.chunks(options.batch.max(1)) {
            for &i in batch {
                let s = train[i];
                let eval = s
                    .own
                    .iter()
                    .map(|&(c, n)| own.w[usize::from(c)] * f64::from(n))
                    .sum::<f64>()
                    - s.opp
                        .iter()
                        .map(|&(c, n)| opp.w[usize::from(c)] * f64::from(n))
                        .sum::<f64>()
                    + initiative.w[usize::from(s.mask)];
                // d(log loss)/d(eval) = (p - y) / SCALE.
                let g = (sigmoid(eval / SCALE) - f64::from(s.result)) / SCALE;
                for &(c, n) in &s.own {
                    own.grad[usize::from(c)] += g * f64::from(n);
                }
                for &(c, n) in &s.opp {
                    opp.grad[usize::from(c)] -= g * f64::from(n);
                }
                initiative.grad[usize::from(s.mask)] += g;
            }
            t += 1;
            let scale = 1.0 / batch.len() as f64;
            own.step(&start.own, t, rate, options, scale);
            opp.step(&start.opp, t, rate, options, scale);
            initiative.step(&start.initiative, t, rate, options, scale);
        }
        progress(
            epoch + 1,
            log_loss(&held, &current(&own, &opp, &initiative)),
        );
    }
    let weights = current(&own, &opp, &initiative);
    Fit {
        loss: log_loss(&held, &weights),
        weights,
        start_loss,
        trained: train.len(),
        held_out: held.len(),
    }
}

/// The kinds of cell whose four lines are all at most [`Level::One`] (alive, no stone of the
/// side on them).
fn quiet_codes() -> Vec<bool> {
    let mut quiet = vec![false; CODES];
    for a in [Level::None, Level::One] {
        for b in [Level::None, Level::One] {
            for c in [Level::None, Level::One] {
                for d in [Level::None, Level::One] {
                    quiet[usize::from(pattern::code([a, b, c, d]))] = true;
                }
            }
        }
    }
    quiet
}

/// A small deterministic generator (SplitMix64) for shuffling and for openings.
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Shuffles `items` (Fisher-Yates): the same generator state gives the same order.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = (self.next_u64() % (i as u64 + 1)) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_skip_decided_positions_and_label_by_the_side_to_move() {
        use crate::game::{Rule, Size};
        use crate::notation::parse_moves;
        let v = Variant::new(Size::square(9), 5, Rule::Freestyle).unwrap();
        // X makes five on row 5 while O plays along row 1.
        let moves = parse_moves("a5 a1 b5 b1 c5 c1 d5 d1 e5", v.size()).unwrap();
        let game = PlayedGame {
            moves,
            winner: Some(Side::X),
            values: Vec::new(),
        };
        let s = samples(0, v, &game, 2, 1.0);
        // Plies 2..=6 (X has no four before ply 6; after d5, at ply 7, O faces a five).
        assert_eq!(s.len(), 5, "{s:?}");
        let results: Vec<f32> = s.iter().map(|x| x.result).collect();
        assert_eq!(results, [1.0, 0.0, 1.0, 0.0, 1.0]);
        assert!(log_loss(&s.iter().collect::<Vec<_>>(), Weights::embedded()).is_finite());
    }

    #[test]
    fn labels_mix_the_result_with_the_search_s_value() {
        use crate::game::{Rule, Size};
        use crate::notation::parse_moves;
        let v = Variant::new(Size::square(9), 5, Rule::Freestyle).unwrap();
        let moves = parse_moves("a5 a1 b5 b1 c5 c1 d5 d1 e5", v.size()).unwrap();
        // The search thought ply 2 even (score 0), ply 3 lost for O, ply 4 a sure win for X;
        // no value for ply 5 and 6.
        let values = [
            None,
            None,
            Some(Value::Score(0)),
            Some(Value::Solved(Outcome::Loss(4))),
            Some(Value::Solved(Outcome::Win(3))),
        ];
        let game = PlayedGame {
            moves,
            winner: Some(Side::X),
            values: values.to_vec(),
        };
        let s = samples(0, v, &game, 2, 0.25);
        let labels: Vec<f32> = s.iter().map(|x| x.result).collect();
        // X won: 0.25 * 1 + 0.75 * 0.5; O lost and knew it: 0; X won and knew it: 1; then the
        // results alone.
        assert_eq!(labels, [0.625, 0.0, 1.0, 0.0, 1.0]);
        assert!((win_probability(&Value::Score(200)) - 0.731_058_6).abs() < 1e-6);
    }

    #[test]
    fn a_game_line_reads_back_and_a_bad_one_says_what_is_wrong() {
        use crate::game::{Rule, Size};
        use crate::notation::parse_moves;
        let v = Variant::new(Size::square(9), 5, Rule::Freestyle).unwrap();
        let game = PlayedGame {
            moves: parse_moves("a5 a1 b5 b1 c5 c1 d5 d1 e5", v.size()).unwrap(),
            winner: Some(Side::X),
            values: [None, None, Some(Value::Score(-12))]
                .into_iter()
                .chain([Some(Value::Solved(Outcome::Win(1))); 6])
                .collect(),
        };
        let line = game.to_line(v);
        assert_eq!(
            line,
            "X a5 a1 b5 b1 c5 c1 d5 d1 e5 | - - -12 win win win win win win"
        );
        assert_eq!(PlayedGame::parse(&line, v), Ok(Some(game)));
        assert_eq!(PlayedGame::parse("  # a comment", v), Ok(None));
        assert_eq!(PlayedGame::parse("\u{feff}", v), Ok(None));
        let bad = |line: &str| PlayedGame::parse(line, v).unwrap_err().to_string();
        assert_eq!(bad("Y a5"), "'Y' is not a result: X, O or draw");
        assert_eq!(
            bad("X a5 a1 | - 3 7"),
            "2 moves but 3 values: one value per move, or none"
        );
        assert!(
            bad("draw a5 a5").starts_with("move 2 (a5): "),
            "{}",
            bad("draw a5 a5")
        );
        assert_eq!(
            bad("O a5 a1 b5 b1 c5 c1 d5 d1 e5"),
            "it says O won, but its moves end with X's win"
        );
        assert_eq!(
            bad("draw a1 | x"),
            "'x' is not a move's value: a whole number, win, loss, draw or -"
        );
    }

    #[test]
    fn fitting_learns_what_decides_the_games() {
        // Made-up games where only one kind of cell matters: the side with kind 5 wins.
        let sample = |i: u32, mine: bool| Sample {
            own: if mine { vec![(5, 1)] } else { vec![(6, 1)] },
            opp: if mine { vec![(6, 1)] } else { vec![(5, 1)] },
            mask: 0,
            result: if mine { 1.0 } else { 0.0 },
            game: i,
        };
        let samples: Vec<Sample> = (0..2000).map(|i| sample(i, i % 3 != 0)).collect();

        let fit = fit(
            &samples,
            &Weights::zero(),
            &FitOptions {
                epochs: 30,
                ..FitOptions::default()
            },
            &mut |_, _| {},
        );
        assert!(
            fit.loss < fit.start_loss * 0.6,
            "{} -> {}",
            fit.start_loss,
            fit.loss
        );
        assert!(fit.weights.own[5] > fit.weights.own[6]);
        assert!(fit.weights.opp[5] > fit.weights.opp[6]);
        assert_eq!((fit.trained, fit.held_out), (1800, 200));
    }
}
