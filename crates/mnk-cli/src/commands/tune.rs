//! `mnk tune`: self-play games, the evaluation's weights fitted to their results, the weights
//! file written (the build embeds `crates/mnk/src/engine/weights.txt`).

use crate::args::TuneArgs;
use crate::failure::Failure;
use indicatif::{ProgressBar, ProgressStyle};
use mnk::arena::{StartPosition, self_play};
use mnk::engine::policy::{Choice, choices, fit_order};
use mnk::engine::tune::{FitOptions, Sample, fit, samples};
use mnk::engine::weights::Weights;
use mnk::game::{Side, Variant};
use mnk::notation::{format_moves, parse_moves};
use mnk::players::PlayerSpec;
use mnk::search::{Outcome, Value};
use rayon::prelude::*;
use std::io::Write;
use std::sync::Mutex;
use std::time::Instant;

/// A game, who won it, and the value the search gave each move (where it gave one).
struct Played {
    moves: Vec<mnk::game::Cell>,
    winner: Option<Side>,
    values: Vec<Option<Value>>,
}

pub fn run(args: &TuneArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let k = args.k.unwrap_or_else(|| Variant::default_k(args.size));
    let variant =
        Variant::new(args.size, k, args.rule).map_err(|e| Failure::Usage(e.to_string()))?;
    let started = Instant::now();
    let mut games = Vec::new();
    let mut sources = Vec::new();
    for path in &args.load_games {
        let read = read_games(path, variant)?;
        sources.push(format!("{} read from {path}", read.len()));
        games.extend(read);
    }
    let loaded = games.len();
    let (openings, source) = crate::openings::choose(args.openings.as_deref(), variant)?;
    if args.games > 0 {
        games.extend(play(args, variant, &openings)?);
    }
    if games.is_empty() {
        return Err(Failure::Usage(
            "no games: give --games N (to play) or --load-games FILE".into(),
        ));
    }
    let all: Vec<Sample> = games
        .iter()
        .enumerate()
        .flat_map(|(i, g)| {
            let i = u32::try_from(i).unwrap_or(u32::MAX);
            samples(
                i,
                variant,
                &g.moves,
                g.winner,
                &g.values,
                args.skip,
                args.lambda,
            )
        })
        .collect();
    let (x, o, d) = games.iter().fold((0, 0, 0), |(x, o, d), g| match g.winner {
        Some(Side::X) => (x + 1, o, d),
        Some(Side::O) => (x, o + 1, d),
        None => (x, o, d + 1),
    });
    writeln!(
        out,
        "{} games ({loaded} read, {} played): X won {x}, O won {o}, {d} drawn; {} samples",
        games.len(),
        games.len() - loaded,
        all.len()
    )?;
    if !(args.rate > 0.0 && args.rate.is_finite() && args.pull >= 0.0 && args.pull.is_finite()) {
        return Err(Failure::Usage(
            "--rate must be a positive number and --pull a number of at least 0".into(),
        ));
    }
    if !(0.0..=1.0).contains(&args.lambda) {
        return Err(Failure::Usage(
            "--lambda must be from 0 (the search's values alone) to 1 (the results alone)".into(),
        ));
    }
    let options = FitOptions {
        epochs: args.epochs as usize,
        learning_rate: args.rate,
        pull: args.pull,
        ..FitOptions::default()
    };
    let bar = ProgressBar::new(options.epochs as u64);
    bar.set_style(
        ProgressStyle::with_template("fitting {bar:30} {pos}/{len} epochs  {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let from = match &args.from {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Failure::Usage(format!("--from {path}: {e}")))?;
            Weights::parse(&text).map_err(|e| Failure::Usage(format!("--from {path}: {e}")))?
        }
        None => Weights::embedded().clone(),
    };
    let start = &from;
    let mut result = fit(&all, start, &options, &mut |_, loss| {
        bar.set_message(format!("held-out log loss {loss:.4}"));
        bar.inc(1);
    });
    bar.finish_and_clear();
    // The move-ordering tables, from the moves the games' searches chose.
    let choices: Vec<Choice> = games
        .iter()
        .enumerate()
        .flat_map(|(i, g)| {
            choices(
                u32::try_from(i).unwrap_or(u32::MAX),
                variant,
                &g.moves,
                args.skip,
            )
        })
        .collect();
    let bar = ProgressBar::new(options.epochs as u64);
    bar.set_style(
        ProgressStyle::with_template("ordering {bar:30} {pos}/{len} epochs  {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let order = fit_order(&choices, start, &options, &mut |_, loss| {
        bar.set_message(format!("held-out log loss {loss:.4}"));
        bar.inc(1);
    });
    bar.finish_and_clear();
    result.weights.order_own.clone_from(&order.order_own);
    result.weights.order_opp.clone_from(&order.order_opp);
    let played = games.len() - loaded;
    if played > 0 {
        sources.push(format!(
            "{played} self-play at {} nodes a move from {source} and {} random stones, seeds from {}",
            args.nodes, args.opening, args.seed
        ));
    }
    let header = format!(
        "mnk evaluation weights (see crates/mnk/src/engine/weights.rs), written by mnk tune\n\
         {} {variant} games ({}),\n\
         {} samples ({} fitted, {} held out), labels {} x result + {} x search value, {} epochs\n\
         held-out log loss: {:.4} with the weights before, {:.4} fitted\n\
         ordering: {} positions ({} held out), the move played first among the ordinary ones in \
         {:.1}% of the held-out positions with the tables before, {:.1}% fitted",
        games.len(),
        sources.join("; "),
        all.len(),
        result.trained,
        result.held_out,
        args.lambda,
        1.0 - args.lambda,
        options.epochs,
        result.start_loss,
        result.loss,
        choices.len(),
        order.held_out,
        100.0 * order.start_top1,
        100.0 * order.top1
    );
    crate::files::write_atomically(
        std::path::Path::new(&args.out),
        result.weights.to_text(&header).as_bytes(),
    )
    .map_err(|e| Failure::Runtime(format!("--out {}: {e}", args.out)))?;
    writeln!(
        out,
        "held-out log loss {:.4} -> {:.4} ({} samples fitted, {} held out); move ordering: the \
         played move first in {:.1}% -> {:.1}% of {} held-out positions; weights written to {} \
         ({:.1} s)",
        result.start_loss,
        result.loss,
        result.trained,
        result.held_out,
        100.0 * order.start_top1,
        100.0 * order.top1,
        order.held_out,
        args.out,
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

/// Plays the self-play games, in parallel, saving each as it ends.
fn play(
    args: &TuneArgs,
    variant: Variant,
    openings: &[StartPosition],
) -> Result<Vec<Played>, Failure> {
    let spec: PlayerSpec = format!("engine:nodes={}", args.nodes)
        .parse()
        .map_err(|e| Failure::Runtime(format!("{e}")))?;
    let save = match &args.save_games {
        Some(path) => Some(Mutex::new(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| Failure::Usage(format!("--save-games {path}: {e}")))?,
        )),
        None => None,
    };
    let bar = ProgressBar::new(args.games as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "self-play {bar:30} {pos}/{len} games  [{elapsed}, eta {eta}]",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .build()
        .map_err(|e| Failure::Runtime(e.to_string()))?;
    let played: Result<Vec<Played>, String> = pool.install(|| {
        (0..args.games as u64)
            .into_par_iter()
            .map(|i| {
                // Game i starts from opening i (round the list), then its random stones.
                let start = openings
                    .get(i as usize % openings.len().max(1))
                    .map_or(&[][..], |o| &o.moves[..]);
                let game = self_play(
                    variant,
                    &spec,
                    start,
                    args.opening as usize,
                    3,
                    args.seed + i,
                )
                .map_err(|e| e.to_string())?;
                let played = Played {
                    winner: game.game.board().status().winner(),
                    moves: game.game.moves().to_vec(),
                    values: game.values,
                };
                if let Some(file) = &save {
                    let line = game_line(&played, variant);
                    let mut f = file
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    writeln!(f, "{line}").map_err(|e| e.to_string())?;
                    f.flush().map_err(|e| e.to_string())?;
                }
                bar.inc(1);
                Ok(played)
            })
            .collect()
    });
    bar.finish_and_clear();
    played.map_err(Failure::Runtime)
}

/// A game as one line: the winner (`X`, `O` or `draw`), the moves, then ` |` and for each
/// move the value its search gave it: a score, `win` / `loss` / `draw` where it proved one,
/// `-` where there is none (the random opening stones).
fn game_line(game: &Played, variant: Variant) -> String {
    let winner = game
        .winner
        .map_or_else(|| "draw".to_string(), |s| s.to_string());
    let values: Vec<String> = game
        .values
        .iter()
        .map(|v| match v {
            None | Some(Value::Probability(_)) => "-".to_string(),
            Some(Value::Score(s)) => s.to_string(),
            Some(Value::Solved(Outcome::Win(_))) => "win".to_string(),
            Some(Value::Solved(Outcome::Loss(_))) => "loss".to_string(),
            Some(Value::Solved(Outcome::Draw)) => "draw".to_string(),
        })
        .collect();
    format!(
        "{winner} {} | {}",
        format_moves(&game.moves, variant.size()),
        values.join(" ")
    )
}

/// Games from a file of [`game_line`]s (the values after ` |` may be left out).
fn read_games(path: &str, variant: Variant) -> Result<Vec<Played>, Failure> {
    let read = || -> std::io::Result<String> {
        let mut text = String::new();
        let file = std::fs::File::open(path)?;
        if path.ends_with(".gz") {
            std::io::Read::read_to_string(&mut flate2::read::MultiGzDecoder::new(file), &mut text)?;
        } else {
            std::io::Read::read_to_string(&mut std::io::BufReader::new(file), &mut text)?;
        }
        Ok(text)
    };
    let text = read().map_err(|e| Failure::Usage(format!("--load-games {path}: {e}")))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, line)| {
            let bad = |why: String| Failure::Usage(format!("{path} line {}: {why}", i + 1));
            let (game, values) = line.split_once('|').unwrap_or((line, ""));
            let (winner, moves) = game.trim().split_once(' ').unwrap_or((game.trim(), ""));
            let winner = match winner {
                "X" => Some(Side::X),
                "O" => Some(Side::O),
                "draw" => None,
                other => return Err(bad(format!("'{other}' is not a result: X, O or draw"))),
            };
            let moves = parse_moves(moves, variant.size()).map_err(|e| bad(e.to_string()))?;
            let values = values
                .split_whitespace()
                .map(|v| match v {
                    "-" => Ok(None),
                    "win" => Ok(Some(Value::Solved(Outcome::Win(1)))),
                    "loss" => Ok(Some(Value::Solved(Outcome::Loss(1)))),
                    "draw" => Ok(Some(Value::Solved(Outcome::Draw))),
                    score => score.parse().map(|s| Some(Value::Score(s))).map_err(|_| {
                        bad(format!(
                            "'{score}' is not a move's value: a whole number, win, loss, draw or -"
                        ))
                    }),
                })
                .collect::<Result<Vec<_>, _>>()?;
            if !values.is_empty() && values.len() != moves.len() {
                return Err(bad(format!(
                    "{} moves but {} values: one value per move, or none",
                    moves.len(),
                    values.len()
                )));
            }
            Ok(Played {
                moves,
                winner,
                values,
            })
        })
        .collect()
}
