//! `mnk match`: two players, many games, a progress bar on stderr, and A's results.

use crate::args::MatchArgs;
use crate::failure::Failure;
use crate::files::open_to_append;
use crate::interrupt::Searching;
use crate::seating;
use indicatif::{ProgressBar, ProgressStyle};
use mnk::arena::{MatchConfig, MatchReport, Played, ThinkStats, run_match};
use mnk::game::{Ending, Wdl, WinBy};
use mnk::notation::format_moves;
use mnk::search::Timing;
use std::io::Write;
use std::sync::Mutex;
use std::time::Duration;

pub fn run(args: &MatchArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let variant = args
        .game
        .variant()
        .map_err(|e| Failure::Usage(e.to_string()))?;
    if args.games == 0 {
        return Err(Failure::Usage("--games must be at least 1".into()));
    }
    let (openings, source) = match args.opening {
        Some(rule) => (
            Vec::new(),
            format!("{rule} openings, the players opening in turn"),
        ),
        None => crate::openings::choose(args.openings.as_deref(), variant)?,
    };
    let defaults = args.limits.options();
    let mut a = args.a.clone();
    let mut b = args.b.clone();
    a.options = a.options.or(defaults);
    b.options = b.options.or(defaults);
    // Both players take on every position a game starts from (the one with the fewest stones
    // is the hardest), or the match is refused before the first game.
    let start = openings
        .iter()
        .min_by_key(|o| o.moves.len())
        .map_or_else(
            || Ok(mnk::game::Board::new(variant)),
            |o| mnk::game::Board::from_moves(variant, &o.moves),
        )
        .map_err(|(_, e)| Failure::Runtime(format!("an opening cannot be played: {e}")))?;
    seating::check("A", &a, &start)?;
    seating::check("B", &b, &start)?;
    let threads = a
        .options
        .threads
        .unwrap_or(1)
        .max(b.options.threads.unwrap_or(1));
    let cores = mnk::search::cores();
    let jobs = args.jobs.unwrap_or((cores / threads).max(1)).max(1);
    let config = MatchConfig {
        variant,
        a: a.clone(),
        b: b.clone(),
        games: args.games,
        openings,
        timing: args
            .game_ms
            .map(|ms| Timing::Game {
                base: Duration::from_millis(ms),
                increment: Duration::ZERO,
            })
            .or(args.time_control),
        jobs,
        opening_rule: args.opening,
    };
    let bar = ProgressBar::new(args.games as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}  [{elapsed}, eta {eta}]")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    // Each game is appended to --save as it ends, one line written whole and flushed: a kill
    // loses only the games in progress. The file is opened first, so a bad path fails now.
    let save = match &args.save {
        Some(path) => Some(
            open_to_append(std::path::Path::new(path))
                .map_err(|e| Failure::Usage(format!("--save {path}: {e}")))?,
        ),
        None => None,
    };
    let save = Mutex::new((save, None::<std::io::Error>));
    let tally = Mutex::new([0u64; 3]);
    let progress = |played: &Played, _done: usize| {
        let mut saving = save
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let (file, error) = &mut *saving;
        if let Some(f) = file
            && error.is_none()
            && let Err(e) = f
                .write_all(game_line(&config, played).as_bytes())
                .and_then(|()| f.flush())
        {
            // Said at once (the match goes on; its result is still printed at the end).
            bar.suspend(|| crate::say!("warning: --save: {e}; the next games are not saved"));
            *error = Some(e);
        }
        drop(saving);
        let mut t = tally
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        t[match played.result {
            Wdl::Win => 0,
            Wdl::Loss => 1,
            Wdl::Draw => 2,
        }] += 1;
        bar.set_message(format!("{} +{} -{} ={}", a.name, t[0], t[1], t[2]));
        bar.inc(1);
    };
    // Ctrl-C (or SIGTERM, SIGHUP) ends the match: the games being played are cut short and
    // left out, and the finished ones are summed up (a second Ctrl-C a second later leaves).
    let searching = Searching::start();
    let report = run_match(&config, &progress, &searching.stop())
        .map_err(|e| Failure::Runtime(e.to_string()))?;
    drop(searching);
    bar.finish_and_clear();
    if report.games.is_empty() {
        return Err(Failure::Interrupted(
            "Interrupted before any game ended: nothing to report.".into(),
        ));
    }
    print_results(args, &report, &config, &source, out)?;
    if report.stopped {
        return Err(Failure::Interrupted(format!(
            "Interrupted: {} of {} games played; the games cut short do not count{}.",
            report.games.len(),
            config.games,
            args.save
                .as_ref()
                .map(|p| format!(" (the finished ones are in {p})"))
                .unwrap_or_default()
        )));
    }
    match (
        &args.save,
        save.into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    ) {
        (Some(path), (_, Some(e))) => Err(Failure::Runtime(format!(
            "--save {path}: {e}; the games before it are saved"
        ))),
        _ => Ok(()),
    }
}

/// The match's result, as one JSON object (`--json`) or as text ([`print_report`]).
fn print_results(
    args: &MatchArgs,
    report: &MatchReport,
    config: &MatchConfig,
    source: &str,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    if !args.json {
        return print_report(out, config, report, source);
    }
    let elo = report.elo.expect("at least one game");
    let (a, b, variant) = (&config.a, &config.b, config.variant);
    let think = |s: &ThinkStats| serde_json::to_value(s).unwrap_or_default();
    let json = serde_json::json!({
        "a": a.name,
        "b": b.name,
        "games": report.games.len(),
        "a_wins": report.a_wins,
        "b_wins": report.b_wins,
        "draws": report.draws,
        "score": elo.score,
        "elo": elo.elo,
        "elo_error": elo.elo_error,
        "elo_is_bound": elo.bound,
        "a_spec": a.to_string(),
        "b_spec": b.to_string(),
        "variant": variant.to_string(),
        "openings": source,
        "a_forfeits": report.forfeits[0],
        "b_forfeits": report.forfeits[1],
        "a_think": think(&report.think[0]),
        "b_think": think(&report.think[1]),
        "interrupted": report.stopped,
    });
    writeln!(out, "{json}")?;
    Ok(())
}

fn print_report(
    out: &mut dyn Write,
    config: &MatchConfig,
    report: &MatchReport,
    source: &str,
) -> Result<(), Failure> {
    let (a, b) = (&config.a, &config.b);
    let elo = report.elo.expect("at least one game");
    writeln!(
        out,
        "{a} vs {b}: {}, {} games from {source}, {}",
        config.variant,
        report.games.len(),
        if config.opening_rule.is_none() {
            "colours swapped every game"
        } else {
            "colours as each swap chose"
        }
    )?;
    let plural = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let bound = if elo.bound {
        " (every game decided one way: a bound, counting one game as a draw)"
    } else {
        ""
    };
    writeln!(
        out,
        "{}: {}, {}, {}; score {:.3}; Elo {:+.0} +- {:.0} (95%){bound}",
        a.name,
        plural(report.a_wins, "win", "wins"),
        plural(report.b_wins, "loss", "losses"),
        plural(report.draws, "draw", "draws"),
        elo.score,
        elo.elo + 0.0, // no "-0" for an even match
        elo.elo_error
    )?;
    for (i, spec) in [a, b].into_iter().enumerate() {
        let t = &report.think[i];
        let forfeits = report.forfeits[i];
        let mut line = format!(
            "{} thinking: {} moves, longest {:.1} ms",
            spec.name, t.moves, t.max_ms
        );
        if t.limited_moves > 0 {
            line.push_str(&format!(
                "; of its limit: max {:.0}%, p99 {:.0}%, {} moves over 90%, {} over the limit",
                t.max_ratio * 100.0,
                t.p99_ratio * 100.0,
                t.over_90_percent,
                t.over_limit
            ));
        }
        if forfeits > 0 {
            line.push_str(&format!("; lost {forfeits} games on time or by an error"));
        }
        writeln!(out, "{line}")?;
    }
    for g in report.games.iter().filter(|g| {
        matches!(
            g.record.ending,
            Ending::Won {
                by: WinBy::Forfeit(_) | WinBy::Time,
                ..
            }
        )
    }) {
        writeln!(
            out,
            "game {}: {}",
            g.pairing.game + 1,
            ending(&g.record.ending)
        )?;
    }
    Ok(())
}

/// A game's line in `--save`: the moves, then `# game N: X ..., O ...: result; opening n
/// moves`. A line without that ending (a game cut by a kill while being written) is not a game.
fn game_line(config: &MatchConfig, g: &Played) -> String {
    let (x, o) = if g.pairing.a_is_x {
        (&config.a, &config.b)
    } else {
        (&config.b, &config.a)
    };
    format!(
        "{:<60} # game {}: X {x}, O {o}: {}; opening {} moves\n",
        format_moves(&g.record.moves, config.variant.size()),
        g.pairing.game + 1,
        ending(&g.record.ending),
        g.record.opening_moves
    )
}

/// How a match game ended, in its lines: `X wins`, `draw`, `O lost on time`, `X forfeits:
/// why`.
fn ending(ending: &Ending) -> String {
    match ending {
        Ending::Won {
            winner,
            by: WinBy::Time,
        } => format!("{} lost on time", winner.other()),
        Ending::Won {
            winner,
            by: WinBy::Forfeit(why),
        } => format!("{} forfeits: {why}", winner.other()),
        Ending::Won { winner, .. } => format!("{winner} wins"),
        Ending::Drawn(_) => "draw".to_string(),
    }
}
