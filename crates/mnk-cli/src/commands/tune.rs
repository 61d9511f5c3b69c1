//! `mnk tune`: self-play games, the evaluation's weights fitted to their results, the weights
//! file written (the build embeds `crates/mnk/src/engine/weights.txt`).

use crate::args::TuneArgs;
use crate::failure::Failure;
use crate::files::open_to_append;
use crate::files::{read_at_most, text};
use indicatif::{ProgressBar, ProgressStyle};
use mnk::engine::policy::{Choice, choices, fit_order};
use mnk::engine::tune::{FitOptions, Sample, fit, samples};
use mnk::engine::weights::{MAX_WEIGHTS_BYTES, Weights};
use mnk::game::Side;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

pub fn run(args: &TuneArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let variant = super::selfplay::variant(&args.series)?;
    let started = Instant::now();
    let mut games = Vec::new();
    let mut sources = Vec::new();
    for path in &args.load_games {
        let read = super::selfplay::read_games(path, variant, "--load-games")?;
        sources.push(format!("{} read from {path}", read.len()));
        games.extend(read);
    }
    let loaded = games.len();
    let (openings, source) = crate::openings::choose(args.series.openings.as_deref(), variant)?;
    if args.games > 0 {
        let save = match &args.save_games {
            Some(path) => Some(super::selfplay::Save {
                option: "--save-games",
                path,
                file: open_to_append(Path::new(path))
                    .map_err(|e| Failure::Usage(format!("--save-games {path}: {e}")))?,
            }),
            None => None,
        };
        let series = super::selfplay::Series::of(
            &args.series,
            variant,
            args.nodes,
            &openings,
            0,
            args.games as u64,
        );
        let (played, stopped) = super::selfplay::play(&series, save)?;
        if stopped {
            let n = played.len();
            let saved = args
                .save_games
                .as_ref()
                .map(|p| format!("; they are in {p}"))
                .unwrap_or_default();
            return Err(Failure::Interrupted(format!(
                "Interrupted: {n} of {} self-play games finished{saved} (the games cut short \
                 do not count); nothing was fitted.",
                args.games
            )));
        }
        games.extend(played);
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
            samples(i, variant, g, args.skip, args.lambda)
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
            let text = read_at_most(Path::new(path), MAX_WEIGHTS_BYTES, "a weights file")
                .map_err(|e| e.to_string())
                .and_then(|bytes| text(bytes, "a weights file"))
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
            args.nodes, args.series.opening, args.series.seed
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
