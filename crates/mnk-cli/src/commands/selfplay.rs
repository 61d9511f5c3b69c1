//! `mnk selfplay`: the engine's self-play games, written to a file as they end, in the order
//! of their numbers, so that a run stopped and started again goes on with the next game and
//! the file is the one an uninterrupted run writes. The games `mnk tune` plays come from here
//! too ([`play`]); `mnk-train` and `mnk tune --load-games` read the file.

use crate::args::{SelfplayArgs, SeriesArgs};
use crate::failure::Failure;
use crate::files::open_to_append;
use crate::interrupt::Searching;
use indicatif::{ProgressBar, ProgressStyle};
use mnk::arena::{StartPosition, self_play};
use mnk::engine::tune::{MAX_GAME_LINE, MAX_GAMES_BYTES, PlayedGame};
use mnk::game::{Side, Variant};
use mnk::players::PlayerSpec;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::sync::Mutex;

/// Which games to play: games `first .. first + count` of the series, game `i` from opening
/// `i` (round the list) then `opening` random stones drawn from `seed + i`, the engine
/// searching `nodes` a move.
pub struct Series<'a> {
    pub variant: Variant,
    pub nodes: u64,
    pub openings: &'a [StartPosition],
    pub opening: usize,
    pub seed: u64,
    pub first: u64,
    pub count: u64,
    pub jobs: Option<usize>,
}

/// A file the games are appended to, each line once every game before it is written.
pub struct Save<'a> {
    /// The option that named the file (`--out`, `--save-games`), for messages.
    pub option: &'a str,
    pub path: &'a str,
    pub file: Box<dyn Write + Send>,
}

/// The games written so far and those finished but waiting for an earlier one.
struct Writer<'a> {
    save: Option<Save<'a>>,
    next: u64,
    waiting: BTreeMap<u64, String>,
}

impl Writer<'_> {
    fn add(&mut self, i: u64, line: String) -> Result<(), Failure> {
        let Some(save) = &mut self.save else {
            return Ok(());
        };
        self.waiting.insert(i, line);
        while let Some(line) = self.waiting.remove(&self.next) {
            writeln!(save.file, "{line}")
                .and_then(|()| save.file.flush())
                .map_err(|e| {
                    Failure::Runtime(format!(
                        "{} {}: {e}; the games before it are saved",
                        save.option, save.path
                    ))
                })?;
            self.next += 1;
        }
        Ok(())
    }
}

/// Plays the series in parallel (one game per core unless `jobs` says otherwise), saving each
/// game in order of number as it can be; the games finished, and whether Ctrl-C (or SIGTERM,
/// SIGHUP) stopped the series (the games being played then are cut short and left out, and
/// so are finished ones that wait for one of them to be written).
pub fn play(series: &Series, save: Option<Save>) -> Result<(Vec<PlayedGame>, bool), Failure> {
    let spec: PlayerSpec = format!("engine:nodes={}", series.nodes)
        .parse()
        .map_err(|e| Failure::Runtime(format!("{e}")))?;
    let bar = ProgressBar::new(series.count);
    bar.set_style(
        ProgressStyle::with_template(
            "self-play {bar:30} {pos}/{len} games  [{elapsed}, eta {eta}]",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(series.jobs.unwrap_or(0))
        .build()
        .map_err(|e| Failure::Runtime(e.to_string()))?;
    let writer = Mutex::new(Writer {
        save,
        next: series.first,
        waiting: BTreeMap::new(),
    });
    let searching = Searching::start();
    let stop = searching.stop();
    let variant = series.variant;
    let played: Result<Vec<Option<PlayedGame>>, Failure> = pool.install(|| {
        (series.first..series.first + series.count)
            .into_par_iter()
            .map(|i| {
                let start = series
                    .openings
                    .get(i as usize % series.openings.len().max(1))
                    .map_or(&[][..], |o| &o.moves[..]);
                let Some(game) = self_play(
                    variant,
                    &spec,
                    start,
                    series.opening,
                    3,
                    series.seed + i,
                    &stop,
                )
                .map_err(|e| Failure::Runtime(e.to_string()))?
                else {
                    return Ok(None);
                };
                let played = PlayedGame {
                    winner: game.game.board().status().winner(),
                    moves: game.game.moves().to_vec(),
                    values: game.values,
                };
                writer
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .add(i, played.to_line(variant))?;
                bar.inc(1);
                Ok(Some(played))
            })
            .collect()
    });
    bar.finish_and_clear();
    let stopped = searching.interrupted();
    drop(searching);
    Ok((played?.into_iter().flatten().collect(), stopped))
}

/// Wins of X, of O, and draws.
pub fn results(games: &[PlayedGame]) -> (usize, usize, usize) {
    games.iter().fold((0, 0, 0), |(x, o, d), g| match g.winner {
        Some(Side::X) => (x + 1, o, d),
        Some(Side::O) => (x, o + 1, d),
        None => (x, o, d + 1),
    })
}

/// The games' variant (`--size`, `-k`, `--rule`).
pub fn variant(args: &SeriesArgs) -> Result<Variant, Failure> {
    let k = args.k.unwrap_or_else(|| Variant::default_k(args.size));
    Variant::new(args.size, k, args.rule).map_err(|e| Failure::Usage(e.to_string()))
}

impl<'a> Series<'a> {
    /// Games `first .. first + count` of the series `args` names, `nodes` a move.
    pub fn of(
        args: &SeriesArgs,
        variant: Variant,
        nodes: u64,
        openings: &'a [StartPosition],
        first: u64,
        count: u64,
    ) -> Self {
        Series {
            variant,
            nodes,
            openings,
            opening: args.opening as usize,
            seed: args.seed,
            first,
            count,
            jobs: args.jobs,
        }
    }
}

pub fn run(args: &SelfplayArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let variant = variant(&args.series)?;
    let (openings, _) = crate::openings::choose(args.series.openings.as_deref(), variant)?;
    let before = if Path::new(&args.out).exists() {
        read_games(&args.out, variant, "--out")?
    } else {
        Vec::new()
    };
    let done = before.len() as u64;
    if done >= args.games {
        let (x, o, d) = results(&before);
        writeln!(
            out,
            "{done} games in {} already (X won {x}, O won {o}, {d} drawn): nothing to play",
            args.out
        )?;
        return Ok(());
    }
    let file = open_to_append(Path::new(&args.out))
        .map_err(|e| Failure::Usage(format!("--out {}: {e}", args.out)))?;
    let series = Series::of(
        &args.series,
        variant,
        args.nodes,
        &openings,
        done,
        args.games - done,
    );
    let (played, stopped) = play(
        &series,
        Some(Save {
            option: "--out",
            path: &args.out,
            file,
        }),
    )?;
    if stopped {
        return Err(Failure::Interrupted(format!(
            "Interrupted: the games finished in order are in {}; the same command goes on \
             from the next one.",
            args.out
        )));
    }
    let mut all = before;
    all.extend(played);
    let (x, o, d) = results(&all);
    writeln!(
        out,
        "{} games in {} ({} played now, at {} nodes a move): X won {x}, O won {o}, {d} drawn",
        all.len(),
        args.out,
        all.len() as u64 - done,
        args.nodes
    )?;
    Ok(())
}

/// Games from a games file (`PlayedGame::parse`: `.gz` files are decompressed as they are
/// read).
pub fn read_games(path: &str, variant: Variant, option: &str) -> Result<Vec<PlayedGame>, Failure> {
    let file =
        std::fs::File::open(path).map_err(|e| Failure::Usage(format!("{option} {path}: {e}")))?;
    let raw: Box<dyn Read> = if path.ends_with(".gz") {
        Box::new(flate2::read::MultiGzDecoder::new(BufReader::new(file)))
    } else {
        Box::new(file)
    };
    let mut input = BufReader::new(raw.take(MAX_GAMES_BYTES + 1));
    let mut games = Vec::new();
    let mut line = String::new();
    let mut total = 0u64;
    for number in 1.. {
        line.clear();
        let bad = |why: String| Failure::Usage(format!("{option} {path}: line {number}: {why}"));
        let read = (&mut input)
            .take(MAX_GAME_LINE + 1)
            .read_line(&mut line)
            .map_err(|e| bad(e.to_string()))?;
        if read == 0 {
            break;
        }
        total += read as u64;
        if total > MAX_GAMES_BYTES {
            return Err(Failure::Usage(format!(
                "{option} {path}: more than {MAX_GAMES_BYTES} bytes of games (after \
                 decompression): split the file"
            )));
        }
        if read as u64 > MAX_GAME_LINE {
            return Err(bad(format!(
                "longer than {MAX_GAME_LINE} bytes, more than any game's line"
            )));
        }
        if let Some(game) = PlayedGame::parse(&line, variant).map_err(|e| bad(e.to_string()))? {
            games.push(game);
        }
    }
    Ok(games)
}
