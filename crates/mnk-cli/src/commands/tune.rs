//! `mnk tune`: self-play games, the evaluation's weights fitted to their results, the weights
//! file written (the build embeds `crates/mnk/src/engine/weights.txt`).

use crate::args::TuneArgs;
use crate::failure::Failure;
use indicatif::{ProgressBar, ProgressStyle};
use mnk::arena::self_play;
use mnk::engine::tune::{FitOptions, Sample, fit, samples};
use mnk::engine::weights::Weights;
use mnk::game::{Game, Side, Variant};
use mnk::notation::{format_moves, parse_moves};
use mnk::players::PlayerSpec;
use rayon::prelude::*;
use std::io::Write;
use std::sync::Mutex;
use std::time::Instant;

/// A game and who won it.
struct Played {
    moves: Vec<mnk::game::Cell>,
    winner: Option<Side>,
}

pub fn run(args: &TuneArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let k = args.k.unwrap_or_else(|| Variant::default_k(args.size));
    let variant =
        Variant::new(args.size, k, args.rule).map_err(|e| Failure::Usage(e.to_string()))?;
    let started = Instant::now();
    let mut games = match &args.load_games {
        Some(path) => read_games(path, variant)?,
        None => Vec::new(),
    };
    let loaded = games.len();
    if args.games > 0 {
        games.extend(play(args, variant)?);
    }
    if games.is_empty() {
        return Err(Failure::Usage(
            "no games: give --games N (to play) or --load-games FILE".into(),
        ));
    }
    let all: Vec<Sample> = games
        .iter()
        .flat_map(|g| samples(variant, &g.moves, g.winner, args.skip))
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
    let start = Weights::embedded();
    let result = fit(&all, start, &options, &mut |_, loss| {
        bar.set_message(format!("held-out log loss {loss:.4}"));
        bar.inc(1);
    });
    bar.finish_and_clear();
    let header = format!(
        "mnk evaluation weights (see crates/mnk/src/engine/weights.rs), written by mnk tune\n\
         {} {variant} games ({} self-play at {} nodes a move from {} random stones, seeds from {}),\n\
         {} samples ({} fitted, {} held out), {} epochs\n\
         held-out log loss: {:.4} with the weights before, {:.4} fitted",
        games.len(),
        games.len() - loaded,
        args.nodes,
        args.opening,
        args.seed,
        all.len(),
        result.trained,
        result.held_out,
        options.epochs,
        result.start_loss,
        result.loss
    );
    crate::files::write_atomically(
        std::path::Path::new(&args.out),
        result.weights.to_text(&header).as_bytes(),
    )
    .map_err(|e| Failure::Runtime(format!("--out {}: {e}", args.out)))?;
    writeln!(
        out,
        "held-out log loss {:.4} -> {:.4} ({} samples fitted, {} held out); weights written to {} ({:.1} s)",
        result.start_loss,
        result.loss,
        result.trained,
        result.held_out,
        args.out,
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

/// Plays the self-play games, in parallel, saving each as it ends.
fn play(args: &TuneArgs, variant: Variant) -> Result<Vec<Played>, Failure> {
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
                let game = self_play(variant, &spec, args.opening as usize, 3, args.seed + i)?;
                let played = Played {
                    winner: game.board().status().winner(),
                    moves: game.moves().to_vec(),
                };
                if let Some(file) = &save {
                    let line = game_line(&game);
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

/// A game as one line: the winner (`X`, `O` or `draw`), then the moves.
fn game_line(game: &Game) -> String {
    let winner = game
        .board()
        .status()
        .winner()
        .map_or_else(|| "draw".to_string(), |s| s.to_string());
    format!(
        "{winner} {}",
        format_moves(game.moves(), game.board().variant().size())
    )
}

/// Games from a file of [`game_line`]s.
fn read_games(path: &str, variant: Variant) -> Result<Vec<Played>, Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::Usage(format!("--load-games {path}: {e}")))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, line)| {
            let bad = |why: String| Failure::Usage(format!("{path} line {}: {why}", i + 1));
            let (winner, moves) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
            let winner = match winner {
                "X" => Some(Side::X),
                "O" => Some(Side::O),
                "draw" => None,
                other => return Err(bad(format!("'{other}' is not a result: X, O or draw"))),
            };
            let moves = parse_moves(moves, variant.size()).map_err(|e| bad(e.to_string()))?;
            Ok(Played { moves, winner })
        })
        .collect()
}
