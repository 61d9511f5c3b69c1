//! `mnk solve --split`, `--job` and `--combine`: a proof split into jobs for a cluster, the
//! files of each (the formats are the library's, [`mnk::split`]), and their combination.

use super::single::{Resume, Shown, Task, merge, solve};
use crate::args::{QuestionArg, SolveArgs};
use crate::failure::Failure;
use crate::files::{read_at_most, text, write_atomically};
use crate::render::{human_time, thousands};
use mnk::certificate::{Certificate, MAX_PROOF_BYTES};
use mnk::notation::{format_cell, format_moves};
use mnk::solve::{Known, Outcome, Wdl};
use mnk::split::{
    Frontier, Job, JobKnown, JobOutcome, JobResult, JobValue, MAX_JOB_BYTES, ProofFile, Split,
    checksum,
};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The files of a split: `NAME.job`, `NAME.result` and `NAME.proof` in one directory.
fn file(dir: &Path, job: &Job, extension: &str) -> PathBuf {
    dir.join(format!("{}.{extension}", job.name()))
}

/// The position in words: `the empty board` or `after a1 b2`.
fn position(split: &Split) -> String {
    if split.root.is_empty() {
        "the empty board".into()
    } else {
        format!("after {}", format_moves(&split.root, split.variant.size()))
    }
}

/// Reads a job or result file (`what`) whole, naming it in any error.
fn read_text(path: &Path, what: &str) -> Result<String, String> {
    read_at_most(path, MAX_JOB_BYTES, what)
        .map_err(|e| e.to_string())
        .and_then(|bytes| text(bytes, what))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// `mnk solve --split DEPTH --jobs DIR`.
pub fn split(args: &SolveArgs, depth: u32, out: &mut dyn Write) -> Result<(), Failure> {
    let dir = args.jobs.as_deref().expect("clap: --split requires --jobs");
    let (variant, game) = args.game.position(&args.moves)?;
    let split = Split {
        variant,
        root: game.moves().to_vec(),
        depth,
    };
    let frontier = Frontier::new(split).map_err(|e| Failure::Usage(format!("--split: {e}")))?;
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::Usage(format!("--jobs {}: {e}", dir.display())))?;
    let taken = std::fs::read_dir(dir)
        .map_err(|e| Failure::Usage(format!("--jobs {}: {e}", dir.display())))?
        .filter_map(Result::ok)
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            [".job", ".result", ".proof"]
                .iter()
                .any(|x| name.ends_with(x))
        })
        .count();
    if taken > 0 {
        return Err(Failure::Usage(format!(
            "--jobs {}: the directory holds {taken} job, result or proof files already (of an \
             earlier split?); give an empty or new directory",
            dir.display()
        )));
    }
    for job in frontier.jobs() {
        let path = file(dir, &job, "job");
        write_atomically(&path, job.to_string().as_bytes())
            .map_err(|e| Failure::Runtime(format!("{}: {e}", path.display())))?;
    }
    let stats = frontier.stats();
    let split = frontier.split();
    let side = game.board().to_move();
    if args.json {
        let json = serde_json::json!({
            "jobs": stats.jobs,
            "dir": dir.display().to_string(),
            "depth": depth,
            "decided": stats.decided,
            "inner": stats.inner,
            "variant": variant.to_string(),
            "size": variant.size().to_string(),
            "k": variant.k(),
            "rule": variant.rule().name(),
            "moves": args.moves.trim(),
            "side": side.to_string(),
        });
        writeln!(out, "{json}")?;
        return Ok(());
    }
    writeln!(
        out,
        "{variant}, {}, {side} to move: {} jobs in {} (the positions {depth} {} below, up to \
         symmetry; {} decided without a search left out)",
        position(split),
        thousands(stats.jobs as u64),
        dir.display(),
        if depth == 1 { "ply" } else { "plies" },
        thousands(stats.decided as u64)
    )?;
    if let Some(first) = frontier.jobs().next() {
        writeln!(
            out,
            "solve each: mnk solve --job {} (on Slurm: scripts/slurm/solve.sh; see docs/cluster.md)",
            file(dir, &first, "job").display()
        )?;
    }
    writeln!(out, "then: mnk solve --combine {}", dir.display())?;
    Ok(())
}

/// Reads a job file.
fn parse_job(path: &Path) -> Result<Job, Failure> {
    let text = read_text(path, "a job file").map_err(Failure::Usage)?;
    Job::parse(&text).map_err(|e| {
        Failure::Runtime(format!(
            "{}: not a job file mnk can read: {e}",
            path.display()
        ))
    })
}

/// Reads a job file and checks it against its split's frontier.
fn read_job(path: &Path) -> Result<(Job, Frontier), Failure> {
    let job = parse_job(path)?;
    let frontier = Frontier::new(job.split.clone())
        .map_err(|e| Failure::Runtime(format!("{}: {e}", path.display())))?;
    if let Some(why) = frontier.mismatch(&job) {
        return Err(Failure::Runtime(format!("{}: {why}", path.display())));
    }
    Ok((job, frontier))
}

/// `mnk solve --job FILE`.
pub fn job(args: &SolveArgs, path: &Path, out: &mut dyn Write) -> Result<(), Failure> {
    let (job, _) = read_job(path)?;
    let dir = path.parent().unwrap_or(Path::new(""));
    let result_path = file(dir, &job, "result");
    let variant = job.split.variant;
    let wants_proof = !variant.rule().has_forbidden_moves() && !args.no_proof;
    // What an earlier run of this job wrote (a requeued array task, a job asked again).
    let earlier = read_text(&result_path, "a result file")
        .ok()
        .and_then(|text| JobResult::parse(&text).ok())
        .filter(|done| done.job == job);
    // A job whose earlier result already answers the one question asked is not solved again.
    if let Some(JobResult {
        outcome: JobOutcome::Stopped { known, .. },
        ..
    }) = &earlier
        && answers(args.question, *known)
    {
        writeln!(
            out,
            "job {} of {}: already answered ({known}; {}); nothing to do",
            job.number,
            job.count,
            result_path.display()
        )?;
        return Ok(());
    }
    // A job proved is not solved twice, unless it was solved with --no-proof and its proof is
    // asked for now.
    if let Some(done) = &earlier
        && let JobOutcome::Proved { value, proof, .. } = &done.outcome
        && (proof.is_some() || !wants_proof)
    {
        let value = value.value;
        writeln!(
            out,
            "job {} of {}: already proved ({value}; {}); nothing to do",
            job.number,
            job.count,
            result_path.display()
        )?;
        return Ok(());
    }
    let game = job
        .game()
        .map_err(|e| Failure::Runtime(format!("{}: {e}", path.display())))?;
    let proof_path = file(dir, &job, "proof");
    let task = Task {
        variant,
        game,
        proof: wants_proof.then(|| proof_path.clone()),
        resume: Resume::IfThere,
        distance: args.distance,
        each_move: false,
        shown: Shown {
            json: args.json,
            k: u32::try_from(variant.k()).ok(),
            rule: variant.rule().name(),
            moves: format_moves(&job.moves, variant.size()),
        },
    };
    let mut solved = solve(args, &task)?;
    let outcome = match (&solved.result, &solved.written) {
        // The value without its proof: kept as what the job settled, so that the combination
        // can use it (a result that says "proved" always has its proof whole).
        (Ok(proof), Some(Err(e))) => Some(JobOutcome::Stopped {
            known: Known {
                at_least: proof.value,
                at_most: proof.value,
            },
            why: unwritten_why(e),
        }),
        (Ok(proof), written) => Some(JobOutcome::Proved {
            value: JobValue {
                value: proof.value,
                moves_to_end: match proof.outcome {
                    Some(Outcome::Win(n) | Outcome::Loss(n)) => Some(n),
                    _ => None,
                },
            },
            best: proof.best,
            proof: written
                .as_ref()
                .and_then(|w| w.as_ref().ok())
                .map(|w| ProofFile {
                    name: format!("{}.proof", job.name()),
                    checksum: w.checksum,
                }),
        }),
        (
            Err(
                mnk::solve::SolveError::Stopped { known, .. }
                | mnk::solve::SolveError::Answered { known, .. },
            ),
            _,
        ) => Some(JobOutcome::Stopped {
            known: *known,
            why: solved.why_stopped().to_string(),
        }),
        (Err(_), _) => None,
    };
    let mut line = None;
    if let Some(outcome) = outcome {
        let proved = matches!(outcome, JobOutcome::Proved { .. });
        let mut result = JobResult {
            job: job.clone(),
            outcome,
            nodes: solved.nodes(),
            time_ms: u64::try_from(solved.elapsed().as_millis()).unwrap_or(u64::MAX),
        };
        if let Some(earlier) = earlier {
            keep_earlier_bounds(&mut result, &earlier);
        }
        // After the proof: a result on disk means its proof is whole.
        write_atomically(&result_path, result.to_string().as_bytes())
            .map_err(|e| Failure::Runtime(format!("{}: {e}", result_path.display())))?;
        line = Some(format!("result: {}", result_path.display()));
        if proved && let Some(checkpoint) = &args.checkpoint {
            // Done: the checkpoint served its purpose (and may be large).
            if std::fs::remove_file(checkpoint).is_ok() {
                solved.checkpoint_removed();
                line = Some(format!(
                    "result: {}; checkpoint {} removed (the job is done)",
                    result_path.display(),
                    checkpoint.display()
                ));
            }
        }
    }
    let extra = serde_json::json!({
        "job": {
            "number": job.number,
            "count": job.count,
            "result": line.as_ref().map(|_| result_path.display().to_string()),
        }
    });
    if args.json {
        line = None;
    }
    solved.print_with(out, Some(extra), line)
}

/// Whether a stopped job's `known` answers `question`. Never the value: a stopped result whose
/// bounds meet is a value whose proof was not written, which the next run solves again.
fn answers(question: QuestionArg, known: Known) -> bool {
    match question {
        QuestionArg::Value => false,
        QuestionArg::Win => known.at_most <= Wdl::Draw,
        QuestionArg::NoLoss => known.at_least >= Wdl::Draw,
    }
}

/// A job stopped again keeps what its earlier result had settled ("not a loss" from a first
/// run, "not a win" from a run asked `--question win`): the bounds of both, with the nodes and
/// time of both, since both runs stand behind them. A result that settled nothing is not kept.
fn keep_earlier_bounds(result: &mut JobResult, earlier: &JobResult) {
    let (JobOutcome::Stopped { known, .. }, JobOutcome::Stopped { known: before, .. }) =
        (&mut result.outcome, &earlier.outcome)
    else {
        return;
    };
    let merged = Known {
        at_least: known.at_least.max(before.at_least),
        at_most: known.at_most.min(before.at_most),
    };
    if merged != *known {
        *known = merged;
        result.nodes = result.nodes.saturating_add(earlier.nodes);
        result.time_ms = result.time_ms.saturating_add(earlier.time_ms);
    }
}

/// Why a job's proof was not written, in one line that says the value is proved.
fn unwritten_why(e: &Failure) -> String {
    const PROVED: &str = "the value is proved, but its proof was not written";
    let why = match e {
        Failure::Usage(why) | Failure::Runtime(why) | Failure::Interrupted(why) => why.as_str(),
        Failure::Closed => return PROVED.into(),
    };
    let why = why.replace('\n', " ");
    if why.starts_with(PROVED) {
        why
    } else {
        format!("{PROVED}: {}", why.strip_prefix("--proof ").unwrap_or(&why))
    }
}

/// What the combination found of one job.
pub(crate) enum Found {
    Missing,
    /// A result that could not be used: why.
    Failed(String),
    /// A job that stopped before its value was proved (or whose proof was not written): what
    /// it had settled, and why it stopped, in words.
    Stopped {
        known: Known,
        why: String,
    },
    Proved {
        value: JobValue,
        proof: Option<ProofFile>,
    },
}

/// What the files of a split hold: its frontier (from its first job file, every other job
/// file checked against it), what each job's result says, and the nodes and milliseconds of
/// the results read.
pub(crate) struct Loaded {
    pub frontier: Frontier,
    pub found: Vec<Found>,
    pub nodes: u64,
    pub time_ms: u64,
}

/// Reads the split in `dir`; `flag` names the directory's option in errors (`--combine`).
pub(crate) fn load(dir: &Path, flag: &str) -> Result<Loaded, Failure> {
    let mut job_files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| Failure::Usage(format!("{flag} {}: {e}", dir.display())))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "job"))
        .collect();
    job_files.sort();
    let Some(first) = job_files.first() else {
        return Err(Failure::Usage(format!(
            "{flag} {}: no job file (*.job) there; give the --jobs DIR of mnk solve --split",
            dir.display()
        )));
    };
    let (_, frontier) = read_job(first)?;
    for path in &job_files[1..] {
        let job = parse_job(path)?;
        if let Some(why) = frontier.mismatch(&job) {
            return Err(Failure::Runtime(format!(
                "{}: {why} (of {})",
                path.display(),
                first.display()
            )));
        }
    }
    let (mut nodes, mut time_ms) = (0u64, 0u64);
    let found: Vec<Found> = frontier
        .jobs()
        .map(|job| {
            let path = file(dir, &job, "result");
            if !path.exists() {
                return Found::Missing;
            }
            let text = match read_text(&path, "a result file") {
                Ok(text) => text,
                Err(why) => return Found::Failed(why),
            };
            let result = match JobResult::parse(&text) {
                Ok(r) => r,
                Err(e) => {
                    return Found::Failed(format!(
                        "{}: not a result mnk can read: {e}",
                        path.display()
                    ));
                }
            };
            if let Some(why) = frontier.mismatch(&result.job).or_else(|| {
                (result.job.number != job.number)
                    .then(|| format!("the result of job {}", result.job.number))
            }) {
                return Found::Failed(format!("{}: {why}", path.display()));
            }
            nodes += result.nodes;
            time_ms += result.time_ms;
            match result.outcome {
                JobOutcome::Proved { value, proof, .. } => Found::Proved { value, proof },
                JobOutcome::Stopped { known, why } => Found::Stopped {
                    known,
                    why: format!("{why}, after {} nodes", thousands(result.nodes)),
                },
            }
        })
        .collect();
    Ok(Loaded {
        frontier,
        found,
        nodes,
        time_ms,
    })
}

/// The proof of job `j` (by index) that its result names: read, its checksum the result's,
/// parsed; why not, in words.
pub(crate) fn job_proof(
    dir: &Path,
    frontier: &Frontier,
    found: &[Found],
    j: usize,
) -> Result<Certificate, String> {
    let job = frontier.job(j);
    let proof = match &found[j] {
        Found::Proved { proof, .. } => proof,
        Found::Stopped { known, why } if known.at_least == known.at_most => {
            return Err(format!(
                "its value ({}) was proved but its proof not written ({why}): run it again, or \
                 split deeper where a proof cannot fit",
                known.at_least
            ));
        }
        Found::Stopped { known, why } => {
            return Err(format!(
                "it stopped ({why}; known: {known}) and has no proof: solve it to the end"
            ));
        }
        Found::Missing => return Err("it has no result yet".into()),
        Found::Failed(why) => return Err(why.clone()),
    };
    let proof = proof.as_ref().ok_or_else(|| {
        "its result names no proof (it was solved with --no-proof, which the same command \
         without --no-proof makes good, or under the renju rule, which proofs do not cover)"
            .to_string()
    })?;
    let proof_path = dir.join(&proof.name);
    let bytes = read_at_most(&proof_path, MAX_PROOF_BYTES, "a proof")
        .map_err(|e| format!("{}: {e}", proof_path.display()))?;
    if checksum(&bytes) != proof.checksum {
        return Err(format!(
            "{}: its checksum is not the one {}.result records (changed or damaged since the \
             job wrote it)",
            proof_path.display(),
            job.name()
        ));
    }
    let text = text(bytes, "a proof").map_err(|e| format!("{}: {e}", proof_path.display()))?;
    Certificate::parse(&text)
        .map_err(|e| format!("{}: not a proof mnk can read: {e}", proof_path.display()))
}

/// What the results say of each job: its value where it proved one, the bounds a stopped
/// job had settled, nothing otherwise.
pub(crate) fn values(found: &[Found]) -> Vec<JobKnown> {
    found
        .iter()
        .map(|f| match f {
            Found::Proved { value, .. } => JobKnown::Value(*value),
            Found::Stopped { known, .. } => JobKnown::Bounds(*known),
            Found::Missing | Found::Failed(_) => JobKnown::NOTHING,
        })
        .collect()
}

/// Jobs (indices in increasing order) named for a line of text: runs of three or more
/// consecutive jobs as `first-last`, the others one by one.
fn spans(jobs: &[usize], name: impl Fn(usize) -> String) -> String {
    let mut parts = Vec::new();
    let mut rest = jobs;
    while let Some(&first) = rest.first() {
        let run = rest
            .iter()
            .enumerate()
            .take_while(|&(i, &j)| j == first + i)
            .count();
        if run >= 3 {
            parts.push(format!("{}-{}", name(first), name(rest[run - 1])));
        } else {
            parts.extend(rest[..run].iter().map(|&j| name(j)));
        }
        rest = &rest[run..];
    }
    parts.join(" ")
}

/// `mnk solve --combine DIR`.
pub fn combine(args: &SolveArgs, dir: &Path, out: &mut dyn Write) -> Result<(), Failure> {
    let Loaded {
        frontier,
        found,
        nodes,
        time_ms,
    } = load(dir, "--combine")?;
    let values = values(&found);
    let combination = frontier.combine(&values);
    let names =
        |jobs: &[usize]| -> Vec<String> { jobs.iter().map(|&j| frontier.job(j).name()).collect() };
    let spans = |jobs: &[usize]| spans(jobs, |j| frontier.job(j).name());
    let missing: Vec<usize> = (0..found.len())
        .filter(|&j| matches!(found[j], Found::Missing))
        .collect();
    let failed: Vec<(usize, &str)> = found
        .iter()
        .enumerate()
        .filter_map(|(j, f)| match f {
            Found::Failed(why) => Some((j, why.as_str())),
            _ => None,
        })
        .collect();
    let stopped: Vec<(usize, Known, &str)> = found
        .iter()
        .enumerate()
        .filter_map(|(j, f)| match f {
            Found::Stopped { known, why } => Some((j, *known, why.as_str())),
            _ => None,
        })
        .collect();
    let proved = values.iter().filter(|v| v.value().is_some()).count();

    // A proof that cannot be written fails the command after the combination is told.
    let mut written = None;
    let mut unwritten = None;
    if let Some(path) = &args.proof
        && combination.value().is_some()
    {
        let start = Instant::now();
        let certificate = frontier
            .certificate(&values, &mut |j| job_proof(dir, &frontier, &found, j))
            .map_err(|e| format!("--proof: {e}"))
            .and_then(|certificate| {
                let text = certificate.to_string();
                write_atomically(path, text.as_bytes())
                    .map_err(|e| format!("--proof {}: {e}", path.display()))?;
                Ok((certificate.records(), text.len()))
            });
        match certificate {
            Ok((records, bytes)) => written = Some((path.clone(), records, bytes, start.elapsed())),
            Err(why) => unwritten = Some(why),
        }
    }

    let split = frontier.split();
    let variant = split.variant;
    let size = variant.size();
    let side = mnk::game::Board::from_moves(variant, &split.root)
        .map(|b| b.to_move().to_string())
        .unwrap_or_default();
    let known = combination.known;
    let value = combination.value();
    let best = combination.best.map(|c| format_cell(c, size));
    let settled = value.is_some();
    if args.json {
        let mut json = serde_json::json!({
            "value": value.map(Wdl::word),
            "best_move": best,
            "moves_to_end": combination.moves_to_end,
            "stopped": if settled { serde_json::json!(false) } else { serde_json::json!("jobs missing") },
        });
        if !settled {
            merge(
                &mut json,
                serde_json::json!({
                    "known": known.to_string(),
                    "at_least": known.at_least.word(),
                    "at_most": known.at_most.word(),
                }),
            );
        }
        merge(
            &mut json,
            serde_json::json!({
                "nodes": nodes,
                "time_ms": time_ms,
                "variant": variant.to_string(),
                "size": size.to_string(),
                "k": variant.k(),
                "rule": variant.rule().name(),
                "moves": format_moves(&split.root, size),
                "side": side,
                "jobs": {
                    "total": frontier.len(),
                    "depth": split.depth,
                    "proved": proved,
                    "missing": names(&missing),
                    "failed": failed.iter().map(|(j, why)| serde_json::json!({
                        "job": frontier.job(*j).name(),
                        "why": why,
                    })).collect::<Vec<_>>(),
                    "stopped": stopped.iter().map(|(j, known, why)| serde_json::json!({
                        "job": frontier.job(*j).name(),
                        "known": known.to_string(),
                        "at_least": known.at_least.word(),
                        "at_most": known.at_most.word(),
                        "why": why,
                    })).collect::<Vec<_>>(),
                    "needed": names(&combination.needed),
                    "unnecessary": names(&combination.unnecessary),
                },
                "after_each_move": combination.moves.iter().map(|m| serde_json::json!({
                    "moves": m.cells.iter().map(|&c| format_cell(c, size)).collect::<Vec<_>>(),
                    "known": m.known.to_string(),
                    "at_least": m.known.at_least.word(),
                    "at_most": m.known.at_most.word(),
                    "needed": m.needed,
                })).collect::<Vec<_>>(),
            }),
        );
        if let Some((path, records, bytes, elapsed)) = &written {
            json["proof"] = serde_json::json!({
                "file": path.display().to_string(),
                "records": records,
                "bytes": bytes,
                "time_ms": crate::render::millis(*elapsed),
            });
        }
        if let Some(why) = &unwritten {
            json["proof_error"] = why.as_str().into();
        }
        writeln!(out, "{json}")?;
    } else {
        let head = format!("{variant}, {}, {side} to move", position(split));
        match (value, combination.moves_to_end) {
            (Some(Wdl::Draw), _) => writeln!(out, "{head}: draw")?,
            (Some(v), Some(n)) => writeln!(
                out,
                "{head}: {v} in {n} (stones of both sides, counting the next)"
            )?,
            (Some(v), None) => {
                writeln!(out, "{head}: {v} (number of moves to the end not proved)")?
            }
            (None, _) => writeln!(out, "{head}: not settled; known: {known}")?,
        }
        if let Some(best) = &best {
            writeln!(out, "best move: {best}")?;
        }
        let with_bounds = if stopped.is_empty() {
            String::new()
        } else {
            format!(", {} stopped (what they settled is used)", stopped.len())
        };
        writeln!(
            out,
            "jobs: {} (split at depth {}): {proved} proved, {} missing, {} failed{with_bounds}; \
             {} nodes, {} of solving",
            frontier.len(),
            split.depth,
            missing.len(),
            failed.len(),
            thousands(nodes),
            human_time(std::time::Duration::from_millis(time_ms))
        )?;
        if !combination.moves.is_empty() {
            writeln!(
                out,
                "after each move up to symmetry (what is known for {side}; the first cell is \
                 the job files' frame):"
            )?;
            for m in &combination.moves {
                let needed = match m.needed {
                    0 => String::new(),
                    1 => " (1 job still needed below it)".to_string(),
                    n => format!(" ({n} jobs still needed below it)"),
                };
                let cells: Vec<String> = m.cells.iter().map(|&c| format_cell(c, size)).collect();
                writeln!(out, "  {}: {}{needed}", cells.join(" "), m.known)?;
            }
        }
        if !missing.is_empty() {
            writeln!(out, "missing: {}", spans(&missing))?;
        }
        for (j, why) in &failed {
            writeln!(out, "failed: {} ({why})", frontier.job(*j).name())?;
        }
        for (j, known, why) in &stopped {
            writeln!(
                out,
                "stopped: {} ({why}; known: {known})",
                frontier.job(*j).name()
            )?;
        }
        if !combination.unnecessary.is_empty() {
            writeln!(
                out,
                "not needed (their value cannot change the answer; cancel them): {}",
                spans(&combination.unnecessary)
            )?;
        }
        if !settled && !combination.needed.is_empty() {
            writeln!(
                out,
                "still needed (any of them can change the answer): {}",
                spans(&combination.needed)
            )?;
        }
        if let Some((path, records, bytes, elapsed)) = &written {
            writeln!(
                out,
                "proof: {} ({} records, {} bytes, written in {}); check it with mnk verify",
                path.display(),
                thousands(*records as u64),
                thousands(*bytes as u64),
                human_time(*elapsed)
            )?;
        }
    }
    if let Some(why) = unwritten {
        Err(Failure::Runtime(why))
    } else if settled {
        Ok(())
    } else {
        Err(Failure::Runtime(format!(
            "not settled: {} of {} jobs still needed{}",
            combination.needed.len(),
            frontier.len(),
            if args.proof.is_some() {
                "; no proof written"
            } else {
                ""
            }
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::spans;

    #[test]
    fn runs_of_three_or_more_jobs_are_written_as_ranges() {
        let name = |j: usize| format!("{:03}", j + 1);
        assert_eq!(
            spans(&[0, 1, 2, 4, 6, 7, 8, 9, 11, 12], name),
            "001-003 005 007-010 012 013"
        );
        assert_eq!(spans(&[5], name), "006");
        assert_eq!(spans(&[], name), "");
    }
}
