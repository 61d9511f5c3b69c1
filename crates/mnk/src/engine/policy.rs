//! Fitting the move-ordering tables ([`super::weights`]: `order_own`, `order_opp`) to the moves
//! a search chose, as engine authors fit a policy: in every position of a game, the moves the
//! engine would order by these tables (those below the threat tiers) compete in a softmax of
//! their scores `order_own[code_me] + order_opp[code_them]` over [`TEMPERATURE`], and the
//! tables are those that make the moves the self-play search played most likely. A move the
//! search picks early in the list is searched first, cut off sooner and reduced less.
//! Pure computation, like [`super::tune`], which fits the evaluation from the same games.

use super::eval::{self, Combo};
use super::movegen::MoveList;
use super::pattern::CODES;
use super::position::{Position, Threat};
use super::tune::{Adam, FitOptions, SplitMix};
pub use super::weights::TEMPERATURE;
use super::weights::Weights;
use crate::game::{Board, Cell, Variant};

/// One position: the kinds of cell (for the mover, for the opponent) of every move the tables
/// order, and which of them the search played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// `(code for the mover, code for the opponent)` of each candidate move.
    pub moves: Vec<(u16, u16)>,
    /// The index in `moves` of the move played.
    pub chosen: usize,
    /// The game it comes from (the positions of one game are held out together).
    pub game: u32,
}

/// The positions of a finished game whose move the tables decide, from ply `skip` on: neither
/// side has a five or an open four to make or stop (the tiers order those), and the move
/// played is an ordinary one. The candidates are the moves the engine's move generation lists
/// there ([`MoveList::generate_all`]).
#[must_use]
pub fn choices(game: u32, variant: Variant, moves: &[Cell], skip: usize) -> Vec<Choice> {
    let mut board = Board::new(variant);
    let mut pos = Position::new(&board);
    let mut list = MoveList::default();
    let mut out = Vec::new();
    for (i, &cell) in moves.iter().enumerate() {
        if board.is_over() || !board.is_empty(cell) {
            break;
        }
        let me = board.to_move();
        let them = me.other();
        let open = pos.threats(me, Threat::Five).is_empty()
            && pos.threats(them, Threat::Five).is_empty()
            && pos.count(me, Combo::Flex4) == 0
            && pos.count(them, Combo::Flex4) == 0;
        if i >= skip && open {
            list.generate_all(&pos, |_| 0);
            let ordinary = |p: usize| eval::tier(pos.info(me, p), pos.info(them, p)) == 0;
            let candidates: Vec<usize> = list.iter().filter(|&p| ordinary(p)).collect();
            let played = pos.index(cell);
            if let Some(chosen) = candidates.iter().position(|&p| p == played)
                && candidates.len() > 1
            {
                out.push(Choice {
                    moves: candidates
                        .iter()
                        .map(|&p| (pos.info(me, p).code, pos.info(them, p).code))
                        .collect(),
                    chosen,
                    game,
                });
            }
        }
        board.play(cell);
        pos.play(pos.index(cell));
    }
    out
}

/// What a fit of the ordering found.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyFit {
    /// `order_own` and `order_opp`, rounded.
    pub order_own: Vec<i32>,
    /// See `order_own`.
    pub order_opp: Vec<i32>,
    /// Share of held-out positions whose played move the starting tables put first ...
    pub start_top1: f64,
    /// ... and the fitted ones.
    pub top1: f64,
    /// Mean log loss of the held-out choices with the starting tables ...
    pub start_loss: f64,
    /// ... and the fitted ones.
    pub loss: f64,
    /// Positions fitted on.
    pub trained: usize,
    /// Positions held out.
    pub held_out: usize,
}

/// The softmax scores of a position's moves under the tables `own` and `opp`.
fn scores(choice: &Choice, own: &[f64], opp: &[f64]) -> Vec<f64> {
    choice
        .moves
        .iter()
        .map(|&(a, b)| (own[usize::from(a)] + opp[usize::from(b)]) / TEMPERATURE)
        .collect()
}

/// Softmax probabilities of `scores`, in place.
fn softmax(scores: &mut [f64]) {
    let max = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut sum = 0.0;
    for s in scores.iter_mut() {
        *s = (*s - max).exp();
        sum += *s;
    }
    for s in scores.iter_mut() {
        *s /= sum;
    }
}

/// Mean log loss and top-1 share of `choices` under the tables `own` and `opp`.
fn measure(choices: &[&Choice], own: &[f64], opp: &[f64]) -> (f64, f64) {
    if choices.is_empty() {
        return (0.0, 0.0);
    }
    let (mut loss, mut top) = (0.0, 0usize);
    for c in choices {
        let mut p = scores(c, own, opp);
        let best = p
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map_or(0, |(i, _)| i);
        top += usize::from(best == c.chosen);
        softmax(&mut p);
        loss -= p[c.chosen].max(1e-12).ln();
    }
    let n = choices.len() as f64;
    (loss / n, top as f64 / n)
}

/// Fits `order_own` and `order_opp` to `choices`, starting from `start`'s; `progress(epoch,
/// held_out_loss)` after each pass. The options are the evaluation fit's ([`FitOptions`]:
/// epochs, step size, pull, batch, held-out games).
#[must_use]
pub fn fit_order(
    choices: &[Choice],
    start: &Weights,
    options: &FitOptions,
    progress: &mut dyn FnMut(usize, f64),
) -> PolicyFit {
    let (train, held) = options.split(choices, |c| c.game);
    let mut own = Adam::new(&start.order_own, vec![false; CODES]);
    let mut opp = Adam::new(&start.order_opp, vec![false; CODES]);
    let (start_loss, start_top1) = measure(&held, &own.w, &opp.w);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = SplitMix(0x0_5eed);
    let mut t = 0;
    for epoch in 0..options.epochs {
        let rate = options.rate_at(epoch);
        rng.shuffle(&mut order);
        for batch in order.chunks(options.batch.max(1)) {
            for &i in batch {
                let c = train[i];
                let mut p = scores(c, &own.w, &opp.w);
                softmax(&mut p);
                // d(-ln p_chosen)/d(score_j) = p_j - [j = chosen], over the temperature.
                for (j, (&(a, b), pj)) in c.moves.iter().zip(p).enumerate() {
                    let g = (pj - f64::from(u8::from(j == c.chosen))) / TEMPERATURE;
                    own.grad[usize::from(a)] += g;
                    opp.grad[usize::from(b)] += g;
                }
            }
            t += 1;
            let scale = 1.0 / batch.len() as f64;
            own.step(&start.order_own, t, rate, options, scale);
            opp.step(&start.order_opp, t, rate, options, scale);
        }
        progress(epoch + 1, measure(&held, &own.w, &opp.w).0);
    }
    let (order_own, order_opp) = (own.rounded(), opp.rounded());
    let rounded = |v: &[i32]| v.iter().map(|&x| f64::from(x)).collect::<Vec<f64>>();
    let (loss, top1) = measure(&held, &rounded(&order_own), &rounded(&order_opp));
    PolicyFit {
        order_own,
        order_opp,
        start_top1,
        top1,
        start_loss,
        loss,
        trained: train.len(),
        held_out: held.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size};
    use crate::notation::parse_moves;

    #[test]
    fn choices_list_the_ordinary_moves_with_the_one_played() {
        let v = Variant::new(Size::square(9), 5, Rule::Freestyle).unwrap();
        let moves = parse_moves("e5 d4 e6 d6", v.size()).unwrap();
        let c = choices(7, v, &moves, 1);
        // Plies 1, 2 and 3: every move ordinary, the one played among the candidates.
        assert_eq!(c.len(), 3, "{c:?}");
        for choice in &c {
            assert!(choice.moves.len() > 1 && choice.chosen < choice.moves.len());
            assert_eq!(choice.game, 7);
        }
        // After e5 the 24 cells around it are the candidates.
        assert_eq!(c[0].moves.len(), 24);
        // X's open three (e5 e6 e7, O elsewhere): O's block is not an ordinary move.
        let moves = parse_moves("e5 a1 e6 a9 e7 e4", v.size()).unwrap();
        assert!(choices(0, v, &moves, 5).is_empty());
    }

    #[test]
    fn fitting_learns_which_kind_of_cell_the_search_plays() {
        // Positions where the search always plays the candidate of kind 9 for the mover
        // among candidates of kinds 3 to 12.
        let choices: Vec<Choice> = (0..1000)
            .map(|i| Choice {
                moves: (3u16..13).map(|k| (k, (k * 7) % 13)).collect(),
                chosen: 6,
                game: i,
            })
            .collect();
        let fit = fit_order(
            &choices,
            &Weights::zero(),
            &FitOptions {
                epochs: 20,
                ..FitOptions::default()
            },
            &mut |_, _| {},
        );
        assert!(
            fit.loss < fit.start_loss / 2.0,
            "{} -> {}",
            fit.start_loss,
            fit.loss
        );
        assert_eq!(fit.top1, 1.0);
        assert!(fit.order_own[9] > fit.order_own[4]);
        assert_eq!((fit.trained, fit.held_out), (900, 100));
    }
}
