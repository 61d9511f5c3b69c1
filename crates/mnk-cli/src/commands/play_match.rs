//! `mnk match`: two players, many games, a progress bar on stderr, and A's results.

use crate::args::MatchArgs;
use crate::failure::Failure;
use crate::files::open_to_append;
use crate::interrupt::Searching;
use crate::seating;
use indicatif::{ProgressBar, ProgressStyle};
use mnk::arena::saved::MAX_SAVED_BYTES;
use mnk::arena::{
    EndingText, MatchConfig, MatchHeader, MatchReport, Played, SavedMatch, Shard, ThinkStats,
    game_line, run_match,
};
use mnk::game::{Ending, Wdl, WinBy};
use mnk::search::Timing;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

pub fn run(args: &MatchArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if let Some(files) = &args.combine {
        return combine(args, files, out);
    }
    let (Some(a), Some(b)) = (&args.a, &args.b) else {
        return Err(Failure::Usage("give the two players, A and B".into()));
    };
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
    let mut a = a.clone();
    let mut b = b.clone();
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
        shard: args.shard.unwrap_or(Shard::WHOLE),
    };
    let games = config.shard.games(config.games);
    let bar = ProgressBar::new(games as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}  [{elapsed}, eta {eta}]")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    // Each game is appended to --save as it ends, one line written whole and flushed: a kill
    // loses only the games in progress. The file is opened first, so a bad path fails now.
    // The games follow a line that says which match (and shard) they are of, for --combine.
    let save = match &args.save {
        Some(path) => Some(
            open_save(Path::new(path), &MatchHeader::of(&config, &source))
                .map_err(|e| Failure::Usage(format!("--save {path}: {e}")))?,
        ),
        None => None,
    };
    if games == 0 {
        // More shards than games: this one has none (its --save file says which it is).
        writeln!(
            out,
            "shard {} of a match of {} games: no game to play",
            config.shard, config.games
        )?;
        return Ok(());
    }
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
    let summary = Summary {
        config: &config,
        report: &report,
        source: &source,
        combined: None,
    };
    summary.print(args, out)?;
    if report.stopped {
        return Err(Failure::Interrupted(format!(
            "Interrupted: {} of {} games played; the games cut short do not count{}.",
            report.games.len(),
            games,
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

/// Opens the `--save` file to add games to, after `header`, unless the last match in the file
/// is this one (a run started again adds to its own games).
fn open_save(path: &Path, header: &MatchHeader) -> std::io::Result<Box<dyn Write + Send>> {
    let line = header.to_string();
    let last = std::fs::metadata(path)
        .ok()
        .filter(std::fs::Metadata::is_file)
        .and_then(|_| std::fs::read_to_string(path).ok())
        .and_then(|text| {
            text.lines()
                .rev()
                .find(|l| l.starts_with("# mnk match "))
                .map(str::to_string)
        });
    let mut file = open_to_append(path)?;
    if last.as_deref() != Some(line.as_str()) {
        writeln!(file, "{line}")?;
        file.flush()?;
    }
    Ok(file)
}

/// `mnk match --combine FILES`: the shards' saved games as one match.
fn combine(args: &MatchArgs, files: &[PathBuf], out: &mut dyn Write) -> Result<(), Failure> {
    let mut texts = Vec::new();
    for path in files {
        let name = path.display().to_string();
        let bytes = crate::files::read_at_most(path, MAX_SAVED_BYTES, "a saved match")
            .map_err(|e| Failure::Usage(format!("{name}: {e}")))?;
        let text = crate::files::text(bytes, "a saved match")
            .map_err(|e| Failure::Runtime(format!("{name}: {e}")))?;
        texts.push((name, text));
    }
    let combined = mnk::arena::saved::combine(&texts).map_err(Failure::Runtime)?;
    if combined.report.games.is_empty() {
        return Err(Failure::Runtime(
            "no finished game in the files: nothing to combine".into(),
        ));
    }
    let h = &combined.header;
    let config = MatchConfig {
        variant: h.variant,
        a: h.a.clone(),
        b: h.b.clone(),
        games: h.games,
        openings: Vec::new(),
        timing: h.timing,
        jobs: 1,
        opening_rule: h.opening_rule,
        shard: Shard::WHOLE,
    };
    for at in &combined.cut {
        crate::say!("note: {at}: a game cut short (the shard was stopped while writing it)");
    }
    for at in &combined.repeated {
        crate::say!("note: {at}: a game saved again (a run started again); counted once");
    }
    let summary = Summary {
        config: &config,
        report: &combined.report,
        source: &h.openings,
        combined: Some(&combined),
    };
    summary.print(args, out)
}

/// A match's result, played or combined from its shards' games.
struct Summary<'a> {
    config: &'a MatchConfig,
    report: &'a MatchReport,
    /// Where the openings come from, in words.
    source: &'a str,
    /// The combination of shards, when it is one (no thinking times: the saved games do not
    /// keep them).
    combined: Option<&'a SavedMatch>,
}

impl Summary<'_> {
    /// The result, as one JSON object (`--json`) or as text.
    fn print(&self, args: &MatchArgs, out: &mut dyn Write) -> Result<(), Failure> {
        let sprt = args.sprt.map(|t| {
            let r = self.report;
            t.test(r.a_wins, r.b_wins, r.draws)
        });
        if !args.json {
            return self.print_text(out, sprt);
        }
        let (config, report) = (self.config, self.report);
        let elo = report.elo.expect("at least one game");
        let (a, b, variant) = (&config.a, &config.b, config.variant);
        let think = |s: &ThinkStats| match self.combined {
            None => serde_json::to_value(s).unwrap_or_default(),
            Some(_) => serde_json::Value::Null,
        };
        let mut json = serde_json::json!({
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
            "openings": self.source,
            "a_forfeits": report.forfeits[0],
            "b_forfeits": report.forfeits[1],
            "a_think": think(&report.think[0]),
            "b_think": think(&report.think[1]),
            "interrupted": report.stopped,
        });
        if config.shard != Shard::WHOLE {
            json["shard"] = config.shard.to_string().into();
            json["match_games"] = config.games.into();
        }
        if let Some(c) = self.combined {
            json["match_games"] = config.games.into();
            json["missing_games"] = c.missing_games.len().into();
            json["shards"] = c.shards.into();
            json["missing_shards"] = c.missing_shards.clone().into();
        }
        if let Some(sprt) = sprt {
            json["sprt"] = serde_json::to_value(sprt).unwrap_or_default();
        }
        writeln!(out, "{json}")?;
        Ok(())
    }

    fn print_text(
        &self,
        out: &mut dyn Write,
        sprt: Option<mnk::arena::SprtReport>,
    ) -> Result<(), Failure> {
        let (config, report) = (self.config, self.report);
        let (a, b) = (&config.a, &config.b);
        let elo = report.elo.expect("at least one game");
        let part = match (self.combined, config.shard) {
            (Some(_), _) => format!(
                " (combined from the shards' games of a {}-game match)",
                config.games
            ),
            (None, Shard::WHOLE) => String::new(),
            (None, shard) => format!(" (shard {shard} of a {}-game match)", config.games),
        };
        writeln!(
            out,
            "{a} vs {b}: {}, {} games{part} from {}, {}",
            config.variant,
            report.games.len(),
            self.source,
            if config.opening_rule.is_none() {
                "colours swapped every game"
            } else {
                "colours as each swap chose"
            }
        )?;
        let plural =
            |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
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
        if let Some(s) = sprt {
            writeln!(
                out,
                "SPRT elo0 {} elo1 {} (alpha {}, beta {}): LLR {:.2} in [{:.2}, {:.2}]: {}",
                s.elo0, s.elo1, s.alpha, s.beta, s.llr, s.lower, s.upper, s.verdict
            )?;
        }
        if let Some(c) = self.combined {
            if !c.missing_shards.is_empty() {
                let list: Vec<String> = c.missing_shards.iter().map(usize::to_string).collect();
                writeln!(
                    out,
                    "missing: shards {} of {} (no file)",
                    list.join(", "),
                    c.shards
                )?;
            }
            if !c.missing_games.is_empty() {
                writeln!(
                    out,
                    "missing: {} of the match's {} games (not played, or not finished)",
                    c.missing_games.len(),
                    config.games
                )?;
            }
        } else {
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
                EndingText(&g.record.ending)
            )?;
        }
        Ok(())
    }
}
