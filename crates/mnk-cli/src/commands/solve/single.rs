//! `mnk solve` in one process: prove the value of a position, with progress, Ctrl-C and JSON.

use crate::args::{DistanceArg, QuestionArg, SolveArgs};
use crate::failure::Failure;
use crate::files::{STDOUT, same_file, write_atomically, write_atomically_with};
use crate::interrupt::{Searching, on_leave};
use crate::progress::Display;
use crate::render::thousands;
use crate::render::{human_time, millis};
use mnk::game::{Board, Game, Size, Variant};
use mnk::notation::format_cell;
use mnk::players::MAX_THREADS;
use mnk::search::{Control, Limits, cores};
use mnk::solve::{
    Distance, Ideas, MAX_TABLE_MIB, Proof, SolveError, Solver, SolverConfig, Stats, Wdl,
};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The default table limit when the machine's memory is unknown, and the cap otherwise.
const DEFAULT_MEMORY_MIB: u64 = 1024;
const MAX_DEFAULT_MEMORY_MIB: u64 = 4096;

/// Solve one position in this process.
pub fn run(args: &SolveArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let (variant, game) = args.game.position(&args.moves)?;
    let task = Task {
        variant,
        game,
        proof: args.proof.clone(),
        resume: if args.resume {
            Resume::Asked
        } else {
            Resume::No
        },
        distance: args.distance,
        each_move: args.each_move,
        shown: Shown {
            json: args.json,
            k: args.game.k,
            rule: args.game.rule.unwrap_or_default().name(),
            moves: args.moves.trim().to_string(),
        },
    };
    solve(args, &task)?.print(out)
}

/// When a solve reads its checkpoint first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resume {
    /// Never (the file is only written).
    No,
    /// `--resume`: the file must be there.
    Asked,
    /// A job: when the file is there (a job started again after a kill goes on).
    IfThere,
}

/// What the report shows of the command line.
#[derive(Debug, Clone)]
pub struct Shown {
    pub json: bool,
    pub k: Option<u32>,
    pub rule: &'static str,
    pub moves: String,
}

/// One solve: the position and what to do with it (the other options are `SolveArgs`').
pub struct Task {
    pub variant: Variant,
    pub game: Game,
    /// Where the proof goes, if anywhere.
    pub proof: Option<PathBuf>,
    pub resume: Resume,
    pub distance: DistanceArg,
    pub each_move: bool,
    pub shown: Shown,
}

/// A solve done (or stopped): what it found, ready to be printed.
pub struct Solved<'a> {
    report: Report<'a>,
    pub result: Result<Proof, SolveError>,
    each: Option<Vec<(String, Option<Wdl>)>>,
    pub written: Option<Result<Written, Failure>>,
    /// The last checkpoint could not be written (said after what the solve proved).
    checkpoint_failed: Option<Failure>,
    interrupted: bool,
    question: QuestionArg,
}

/// Solves `task`'s position with the solver, limits, checkpoints and progress display the
/// options ask for.
pub fn solve<'a>(args: &SolveArgs, task: &'a Task) -> Result<Solved<'a>, Failure> {
    let (variant, game) = (task.variant, &task.game);
    let board = game.board();
    for (option, path) in [("--proof", &task.proof), ("--checkpoint", &args.checkpoint)] {
        // Refused before the solve, not after it.
        let Some(path) = path else { continue };
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
        if path.as_os_str() == STDOUT {
            continue;
        }
        if dir.is_some_and(|d| !d.is_dir()) || path.is_dir() {
            return Err(Failure::Usage(format!(
                "{option} {}: not a file in an existing directory",
                path.display()
            )));
        }
    }
    if let (Some(proof), Some(checkpoint)) = (&task.proof, &args.checkpoint)
        && same_file(proof, checkpoint)
    {
        return Err(Failure::Usage(format!(
            "--proof and --checkpoint both name {}: the proof and the checkpoint are two files \
             (the last checkpoint would replace the proof)",
            proof.display()
        )));
    }
    if args.checkpoint.as_deref() == Some(Path::new(STDOUT)) {
        return Err(Failure::Usage(
            "--checkpoint -: a checkpoint is read back by --resume; give it a file".into(),
        ));
    }
    if board.is_over() {
        return Err(Failure::Usage(
            "the game in --moves is already over; there is nothing to prove".into(),
        ));
    }
    let rule = variant.rule();
    if task.proof.is_some() && rule.has_forbidden_moves() {
        return Err(Failure::Usage(format!(
            "--proof: {}",
            mnk::solve::SolveError::Rule(rule)
        )));
    }
    let memory_mib = match args.memory {
        None => default_memory_mib(),
        Some(0) => return Err(Failure::Usage("--memory must be at least 1 (MiB)".into())),
        Some(asked) => {
            let cap = machine_memory_mib()
                .unwrap_or(MAX_TABLE_MIB)
                .min(MAX_TABLE_MIB);
            if asked > cap {
                crate::say!(
                    "note: --memory {asked} is more than the {cap} MiB the table can have here \
                     (this machine's memory, at most {MAX_TABLE_MIB}); using {cap}"
                );
            }
            asked.min(cap)
        }
    };
    let threads = args.threads.unwrap_or_else(cores);
    if threads == 0 || threads > MAX_THREADS {
        return Err(Failure::Usage(format!(
            "--threads must be 1 to {MAX_THREADS}"
        )));
    }
    let config = SolverConfig {
        memory_bytes: usize::try_from(memory_mib.saturating_mul(1 << 20)).unwrap_or(usize::MAX),
        threads,
        ideas: ideas(args),
    };
    let mut solver = Solver::with_config(&variant, config).map_err(|e| {
        Failure::Usage(format!(
            "{e}: mnk solve handles boards up to 8x8 (64 cells)"
        ))
    })?;
    let resumed = match (&args.checkpoint, task.resume) {
        (Some(path), Resume::Asked) => Some(load_checkpoint(&mut solver, path, "--resume")?),
        (Some(path), Resume::IfThere) if path.exists() => Some(
            load_checkpoint(&mut solver, path, "--checkpoint").map_err(|e| match e {
                Failure::Runtime(why) => {
                    Failure::Runtime(format!("{why} (remove it to start the job afresh)"))
                }
                other => other,
            })?,
        ),
        _ => None,
    };
    // Ctrl-C stops the solve, which then says what it proved (a second Ctrl-C, a second or
    // more later, leaves).
    let mut farewell = "Left at a second Ctrl-C, before the solve said what it knows.".to_string();
    if let Some(path) = &args.checkpoint {
        farewell += &format!(
            " {} holds the last checkpoint written whole.",
            path.display()
        );
    }
    on_leave(farewell);
    let searching = Searching::start();
    let control = Control::start(&Limits {
        depth: None,
        nodes: args.nodes,
        time: args.time_ms.map(Duration::from_millis),
    })
    .with_stop(searching.stop());

    let side = board.to_move().to_string();
    let display = Display::solve(solver.progress(), side.clone());
    let checkpoints = args.checkpoint.as_ref().map(|path| {
        Checkpoints::start(
            solver.progress(),
            path.clone(),
            Duration::from_secs(60 * args.checkpoint_minutes),
        )
    });
    let start = Instant::now();
    let question = args.question.question();
    let mut result = solver.prove_question(
        board,
        &control,
        question,
        if task.distance == DistanceArg::Always {
            Distance::Full
        } else {
            Distance::Skip
        },
    );
    if let Ok(proof) = &result
        && task.distance == DistanceArg::Auto
        && proof.value != Wdl::Draw
    {
        // At most a quarter more than the value took (the default command stays about as
        // fast as `--distance never`), and always enough for the small boards.
        let budget = Distance::Budget(proof.nodes / 4 + 100_000);
        if let Ok(more) = solver.prove_question(board, &control, question, budget) {
            result = Ok(Proof {
                nodes: proof.nodes + more.nodes,
                iterations: proof.iterations + more.iterations,
                ..more
            });
        }
    }
    let each = if task.each_move && result.is_ok() {
        Some(each_move(&mut solver, board, &control))
    } else {
        None
    };
    let elapsed = start.elapsed();
    // The figures of the solve; writing the proof reports its own.
    let nodes = solver.nodes();
    let stats = args.stats.then(|| solver.stats());
    let written = match (&task.proof, &result) {
        (Some(path), Ok(_)) => Some(write_proof(&mut solver, game, &control, path)),
        _ => None,
    };
    // The last checkpoint: after the solve, whatever its end. Its failure (a full disk) is
    // said after what the solve proved, never instead of it.
    let (saved, checkpoint_failed) = match checkpoints.map(Checkpoints::finish) {
        Some(Ok(saved)) => (Some(saved), None),
        Some(Err(e)) => (None, Some(e)),
        None => (None, None),
    };
    display.finish();

    let size = variant.size();
    let report = Report {
        shown: &task.shown,
        size,
        variant: variant.to_string(),
        side,
        nodes,
        elapsed,
        tt_entries: solver.table_len(),
        table_bytes: solver.table_bytes(),
        memory_mib,
        threads,
        resumed,
        saved,
        ideas: solver.ideas(),
        stats,
    };
    Ok(Solved {
        report,
        result,
        each,
        written,
        checkpoint_failed,
        interrupted: searching.interrupted(),
        question: args.question,
    })
}

impl Solved<'_> {
    /// The checkpoint was removed after the solve (a finished job's): the report no longer
    /// names it.
    pub fn checkpoint_removed(&mut self) {
        self.report.saved = None;
    }

    /// Why a solve that stopped did, in words.
    pub fn why_stopped(&self) -> &'static str {
        if matches!(self.result, Err(SolveError::Answered { .. })) {
            self.question.why_answered()
        } else if self.interrupted {
            "interrupted"
        } else {
            "limit reached"
        }
    }

    /// Nodes the solve searched.
    pub fn nodes(&self) -> u64 {
        self.report.nodes
    }

    /// How long it took.
    pub fn elapsed(&self) -> Duration {
        self.report.elapsed
    }

    /// Prints what the solve found (`extra` joins the JSON object); a solve that stopped, or
    /// whose proof was not written, fails.
    pub fn print_with(
        self,
        out: &mut dyn Write,
        extra: Option<serde_json::Value>,
        line: Option<String>,
    ) -> Result<(), Failure> {
        let why = self.why_stopped();
        let Solved {
            report,
            result,
            each,
            written,
            checkpoint_failed,
            ..
        } = self;
        let outcome = match result {
            Ok(proof) => {
                report.print_proof(out, &proof, each.as_deref(), written.as_ref(), extra)?;
                if let Some(line) = line {
                    writeln!(out, "{line}")?;
                }
                match written {
                    Some(Err(e)) => Err(e),
                    _ => Ok(()),
                }
            }
            Err(SolveError::Answered { known, .. }) => {
                // What was asked is proved: a success.
                report.print_bound(out, true, why, known, extra)?;
                if let Some(line) = line {
                    writeln!(out, "{line}")?;
                }
                Ok(())
            }
            Err(SolveError::Stopped { known, .. }) => {
                report.print_bound(out, false, why, known, extra)?;
                if let Some(line) = line {
                    writeln!(out, "{line}")?;
                }
                Err(Failure::Runtime(format!(
                    "not proved ({why} after {} nodes, {}); known: {known}",
                    thousands(report.nodes),
                    human_time(report.elapsed)
                )))
            }
            Err(e) => Err(Failure::Runtime(e.to_string())),
        };
        match (outcome, checkpoint_failed) {
            (Ok(()), Some(failed)) => Err(failed),
            (Err(Failure::Runtime(a)), Some(Failure::Runtime(b))) => {
                Err(Failure::Runtime(format!("{a}; {b}")))
            }
            (outcome, _) => outcome,
        }
    }

    /// Prints what the solve found.
    pub fn print(self, out: &mut dyn Write) -> Result<(), Failure> {
        self.print_with(out, None, None)
    }
}

/// Reads a checkpoint into the solver's table (`--resume`, or a job's `--checkpoint`).
fn load_checkpoint(solver: &mut Solver, path: &Path, option: &str) -> Result<u64, Failure> {
    let file = std::fs::File::open(path)
        .map_err(|e| Failure::Usage(format!("{option}: {}: {e}", path.display())))?;
    solver
        .load_table(&mut std::io::BufReader::with_capacity(1 << 20, file))
        .map_err(|e| Failure::Runtime(format!("{option}: {}: {e}", path.display())))
}

/// Checkpoints written by a thread of their own while the solve runs, and once at the end.
struct Checkpoints {
    done: std::sync::mpsc::Sender<()>,
    thread: std::thread::JoinHandle<()>,
    progress: mnk::solve::Progress,
    path: PathBuf,
}

impl Checkpoints {
    fn start(progress: mnk::solve::Progress, path: PathBuf, every: Duration) -> Self {
        let (done, wait) = std::sync::mpsc::channel::<()>();
        let (watch, file) = (progress.clone(), path.clone());
        let thread = std::thread::spawn(move || {
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(every) {
                if let Err(e) = save(&watch, &file) {
                    crate::say!("note: checkpoint {} not written: {e}", file.display());
                }
            }
        });
        Checkpoints {
            done,
            thread,
            progress,
            path,
        }
    }

    /// Stops the thread and writes the last checkpoint.
    fn finish(self) -> Result<(PathBuf, u64), Failure> {
        drop(self.done);
        let _ = self.thread.join();
        let entries = save(&self.progress, &self.path)
            .map_err(|e| Failure::Runtime(format!("--checkpoint {}: {e}", self.path.display())))?;
        Ok((self.path, entries))
    }
}

fn save(progress: &mnk::solve::Progress, path: &Path) -> std::io::Result<u64> {
    let mut entries = 0;
    write_atomically_with(path, |w| {
        entries = progress.save_table(w)?;
        Ok(())
    })?;
    Ok(entries)
}

/// A proof written to a file: its records and bytes, and the time it took.
pub struct Written {
    path: PathBuf,
    records: usize,
    bytes: usize,
    /// The CRC-32 of the file's bytes (a job's result records it).
    pub checksum: u32,
    elapsed: Duration,
}

/// Extracts the proof of the solved position and writes it to `path`.
fn write_proof(
    solver: &mut Solver,
    game: &Game,
    control: &Control,
    path: &Path,
) -> Result<Written, Failure> {
    let start = Instant::now();
    let certificate = solver.certificate(game, control).map_err(|e| {
        Failure::Runtime(format!(
            "the value is proved, but its proof was not written: {e}"
        ))
    })?;
    let text = certificate.to_string();
    write_atomically(path, text.as_bytes())
        .map_err(|e| Failure::Runtime(format!("--proof {}: {e}", path.display())))?;
    Ok(Written {
        path: path.to_path_buf(),
        records: certificate.records(),
        bytes: text.len(),
        checksum: mnk::split::checksum(text.as_bytes()),
        elapsed: start.elapsed(),
    })
}

/// The value of each move for the side that plays it, as far as the limits allow.
fn each_move(solver: &mut Solver, board: &Board, control: &Control) -> Vec<(String, Option<Wdl>)> {
    let size = board.size();
    let mut values = Vec::new();
    let mut stopped = false;
    for cell in board.moves() {
        let mut after = board.clone();
        after.play(cell);
        let value = if stopped {
            None
        } else if after.is_over() {
            Some(if after.status().winner().is_some() {
                Wdl::Win
            } else {
                Wdl::Draw
            })
        } else {
            match solver.prove(&after, control, Distance::Skip) {
                Ok(p) => Some(p.value.other()),
                Err(_) => {
                    stopped = true;
                    None
                }
            }
        };
        values.push((format_cell(cell, size), value));
    }
    values
}

/// What every output shows.
struct Report<'a> {
    shown: &'a Shown,
    size: Size,
    variant: String,
    side: String,
    nodes: u64,
    elapsed: Duration,
    tt_entries: u64,
    table_bytes: usize,
    memory_mib: u64,
    threads: usize,
    /// Entries read from the checkpoint (`--resume`).
    resumed: Option<u64>,
    /// The checkpoint written at the end: its file and entries.
    saved: Option<(PathBuf, u64)>,
    /// The ideas the solver used (renju switches some off).
    ideas: Ideas,
    /// What the searches did (`--stats`).
    stats: Option<Stats>,
}

impl Report<'_> {
    fn common(&self) -> serde_json::Value {
        let ideas_off = self.ideas.off();
        serde_json::json!({
            "nodes": self.nodes,
            "time_ms": millis(self.elapsed),
            "tt_entries": self.tt_entries,
            "variant": self.variant,
            "size": self.size.to_string(),
            "k": self.shown.k,
            "rule": self.shown.rule,
            "moves": self.shown.moves,
            "side": self.side,
            "threads": self.threads,
            "memory_mb": self.memory_mib,
            "table_bytes": self.table_bytes,
            "nodes_per_second": (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)).round(),
            "ideas_off": ideas_off,
            "resumed_entries": self.resumed,
            "checkpoint": self.saved.as_ref().map(|(path, entries)| serde_json::json!({
                "file": path.display().to_string(),
                "entries": entries,
            })),
            "stats": self.stats.as_ref().map(|stats| self.stats_json(stats)),
        })
    }

    /// `--stats` as JSON: the nodes of each search, the zones and the pairings by stones.
    fn stats_json(&self, stats: &Stats) -> serde_json::Value {
        let zones: Vec<serde_json::Value> = stats
            .zones
            .iter()
            .map(|row| {
                serde_json::json!({
                    "stones": row.stones,
                    "zones": row.zones,
                    "zone_cells": row.zone_cells,
                    "empty_cells": row.empty_cells,
                    "zone_share": share(row.zone_cells, row.empty_cells),
                    "refuted": row.refuted,
                    "moves": row.moves,
                    "skipped": row.skipped,
                })
            })
            .collect();
        let pairings: Vec<serde_json::Value> = stats
            .pairings
            .iter()
            .map(|row| {
                serde_json::json!({
                    "stones": row.stones,
                    "asked": row.asked,
                    "found": row.found,
                    "gave_up": row.gave_up,
                })
            })
            .collect();
        serde_json::json!({
            "alpha_beta_nodes": self.nodes.saturating_sub(stats.proof_number_nodes),
            "proof_number_nodes": stats.proof_number_nodes,
            "zones": zones,
            "pairings": pairings,
        })
    }

    /// `--stats` as text: a line for the searches, a table of the zones, one of the pairings.
    fn print_stats(&self, out: &mut dyn Write, stats: &Stats) -> std::io::Result<()> {
        let pn = stats.proof_number_nodes;
        let ab = self.nodes.saturating_sub(pn);
        writeln!(
            out,
            "searches: alpha-beta {} nodes ({}), proof-number {} ({})",
            thousands(ab),
            percent(ab, self.nodes, 1),
            thousands(pn),
            percent(pn, self.nodes, 1)
        )?;
        self.print_zones(out, stats)?;
        if stats.pairings.is_empty() {
            return writeln!(out, "pairings: none looked for");
        }
        writeln!(
            out,
            "pairings by stones on the board (asked: where the attacker is to move; found: a pairing of the defender ends the line; gave up: the search ran out of steps)"
        )?;
        writeln!(
            out,
            "{:>6} {:>12} {:>12} {:>6} {:>12}",
            "stones", "asked", "found", "share", "gave up"
        )?;
        for row in &stats.pairings {
            writeln!(
                out,
                "{:>6} {:>12} {:>12} {:>6} {:>12}",
                row.stones,
                thousands(row.asked),
                thousands(row.found),
                percent(row.found, row.asked, 0),
                thousands(row.gave_up)
            )?;
        }
        Ok(())
    }

    /// The zones' table of `--stats` as text.
    fn print_zones(&self, out: &mut dyn Write, stats: &Stats) -> std::io::Result<()> {
        if stats.zones.is_empty() {
            return writeln!(out, "zones: none kept");
        }
        writeln!(
            out,
            "zones by stones on the board (share: of the empty cells; unsearched: attacker moves refuted by another's zone)"
        )?;
        writeln!(
            out,
            "{:>6} {:>12} {:>6} {:>12} {:>14} {:>11}",
            "stones", "zones", "share", "refuted", "moves", "unsearched"
        )?;
        for row in &stats.zones {
            writeln!(
                out,
                "{:>6} {:>12} {:>6} {:>12} {:>14} {:>11}",
                row.stones,
                thousands(row.zones),
                percent(row.zone_cells, row.empty_cells, 0),
                thousands(row.refuted),
                thousands(row.moves),
                percent(row.skipped, row.moves, 0)
            )?;
        }
        Ok(())
    }

    fn print_proof(
        &self,
        out: &mut dyn Write,
        proof: &Proof,
        each: Option<&[(String, Option<Wdl>)]>,
        written: Option<&Result<Written, Failure>>,
        extra: Option<serde_json::Value>,
    ) -> std::io::Result<()> {
        let written = match written {
            Some(Ok(w)) => Some(w),
            _ => None,
        };
        let best = format_cell(proof.best, self.size);
        let moves_to_end = proof.outcome.and_then(|o| match o {
            mnk::solve::Outcome::Win(n) | mnk::solve::Outcome::Loss(n) => Some(n),
            mnk::solve::Outcome::Draw => None,
        });
        if self.shown.json {
            let mut json = serde_json::json!({
                "value": proof.value.word(),
                "best_move": best,
                "moves_to_end": moves_to_end,
                "iterations": proof.iterations,
                "stopped": false,
            });
            merge(&mut json, self.common());
            if let Some(each) = each {
                json["each_move"] = each
                    .iter()
                    .map(|(m, v)| serde_json::json!({"move": m, "value": v.map(Wdl::word)}))
                    .collect();
            }
            if let Some(w) = written {
                json["proof"] = serde_json::json!({
                    "file": w.path.display().to_string(),
                    "records": w.records,
                    "bytes": w.bytes,
                    "time_ms": millis(w.elapsed),
                });
            }
            if let Some(extra) = extra {
                merge(&mut json, extra);
            }
            writeln!(out, "{json}")?;
            return Ok(());
        }
        let value = match (proof.value, moves_to_end) {
            (Wdl::Draw, _) => "draw".to_string(),
            (v, Some(n)) => format!("{v} in {n} (stones of both sides, counting the next)"),
            (v, None) => format!("{v} (number of moves to the end not proved)"),
        };
        writeln!(out, "{}, {} to move: {value}", self.variant, self.side)?;
        writeln!(out, "best move: {best}")?;
        self.print_figures(out, Some(proof.iterations))?;
        if let Some(w) = written {
            writeln!(
                out,
                "proof: {} ({} records, {} bytes, written in {}); check it with mnk verify",
                w.path.display(),
                thousands(w.records as u64),
                thousands(w.bytes as u64),
                human_time(w.elapsed)
            )?;
        }
        if let Some(each) = each {
            writeln!(out, "each move, for {}:", self.side)?;
            for (m, v) in each {
                writeln!(
                    out,
                    "  {m:>4} {}",
                    v.map_or("not proved (stopped)", Wdl::word)
                )?;
            }
        }
        Ok(())
    }

    /// A solve that ended with a bound: stopped (a limit, Ctrl-C) before the value was
    /// proved, or `answered`, the one question it was asked answered (a success). The JSON
    /// says which by its field, `stopped` or `answered`.
    fn print_bound(
        &self,
        out: &mut dyn Write,
        answered: bool,
        why: &str,
        known: mnk::solve::Known,
        extra: Option<serde_json::Value>,
    ) -> std::io::Result<()> {
        if self.shown.json {
            let mut json = serde_json::json!({
                "value": null,
                "best_move": null,
                if answered { "answered" } else { "stopped" }: why,
                "known": known.to_string(),
                "at_least": known.at_least.word(),
                "at_most": known.at_most.word(),
            });
            merge(&mut json, self.common());
            if let Some(extra) = extra {
                merge(&mut json, extra);
            }
            return writeln!(out, "{json}");
        }
        let (variant, side) = (&self.variant, &self.side);
        if answered {
            writeln!(
                out,
                "{variant}, {side} to move: {known} ({why}: the question is answered)"
            )?;
        } else {
            writeln!(
                out,
                "{variant}, {side} to move: not proved ({why}); known: {known}"
            )?;
        }
        self.print_figures(out, None)
    }

    fn print_figures(&self, out: &mut dyn Write, iterations: Option<u32>) -> std::io::Result<()> {
        let rate = self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9);
        write!(
            out,
            "{} nodes in {} ({} nodes/s), {} thread{}",
            thousands(self.nodes),
            human_time(self.elapsed),
            thousands(rate as u64),
            self.threads,
            if self.threads == 1 { "" } else { "s" }
        )?;
        if let Some(i) = iterations {
            write!(out, ", {i} iteration{}", if i == 1 { "" } else { "s" })?;
        }
        writeln!(out)?;
        writeln!(
            out,
            "table: {} entries, {} MiB allocated of at most {} MiB",
            thousands(self.tt_entries),
            self.table_bytes >> 20,
            self.memory_mib
        )?;
        if self.ideas != Ideas::DEFAULT {
            writeln!(out, "ideas: {}", self.ideas)?;
        }
        if let Some(entries) = self.resumed {
            writeln!(out, "resumed from {} table entries", thousands(entries))?;
        }
        if let Some((path, entries)) = &self.saved {
            writeln!(
                out,
                "checkpoint: {} ({} table entries; --resume starts from it)",
                path.display(),
                thousands(*entries)
            )?;
        }
        if let Some(stats) = &self.stats {
            self.print_stats(out, stats)?;
        }
        Ok(())
    }
}

/// `part / whole`, rounded to four places; none of nothing.
fn share(part: u64, whole: u64) -> Option<f64> {
    (whole > 0).then(|| (10_000.0 * part as f64 / whole as f64).round() / 10_000.0)
}

/// `part / whole` as a percentage with `places` decimals; "-" of nothing.
fn percent(part: u64, whole: u64, places: usize) -> String {
    share(part, whole).map_or("-".to_string(), |s| format!("{:.*}%", places, 100.0 * s))
}

pub fn merge(into: &mut serde_json::Value, from: serde_json::Value) {
    if let (Some(a), serde_json::Value::Object(b)) = (into.as_object_mut(), from) {
        a.extend(b);
    }
}

/// A quarter of the machine's memory, at most 4 GiB (1 GiB when it cannot be read).
fn default_memory_mib() -> u64 {
    machine_memory_mib().map_or(DEFAULT_MEMORY_MIB, |mib| {
        (mib / 4).clamp(16, MAX_DEFAULT_MEMORY_MIB)
    })
}

/// The machine's memory in MiB, when it can be read.
fn machine_memory_mib() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib = text
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse::<u64>()
        .ok()?;
    Some(kib / 1024)
}

/// The solver ideas `--without` and `--with` ask for (`--with` was checked by the parser).
fn ideas(args: &SolveArgs) -> Ideas {
    let ideas = args.without.unwrap_or_default();
    ideas
        .with(args.with.as_deref().unwrap_or_default())
        .unwrap_or(ideas)
}
