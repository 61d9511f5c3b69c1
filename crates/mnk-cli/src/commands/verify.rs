//! `mnk verify`: check a proof that `mnk solve --proof` wrote, or a split's (`mnk solve
//! --split`'s directory) one job's proof at a time and its frontier on top, in the memory of
//! its largest job rather than of their union.

use super::solve::cluster::{self, Found, Loaded};
use crate::args::VerifyArgs;
use crate::failure::Failure;
use crate::files::{read_at_most, text};
use crate::render::{human_time, millis, thousands};
use mnk::certificate::{Certificate, Checked, MAX_PROOF_BYTES, verify, verify_assuming};
use mnk::game::{Cell, Wdl};
use mnk::notation::format_moves;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

pub fn run(args: &VerifyArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if args.file.is_dir() {
        return split(args, &args.file, out);
    }
    let path = args.file.display();
    let text = read_at_most(&args.file, MAX_PROOF_BYTES, "a proof")
        .map_err(|e| Failure::Usage(format!("{path}: {e}")))
        .and_then(|bytes| {
            text(bytes, "a proof").map_err(|e| Failure::Runtime(format!("{path}: {e}")))
        })?;
    let start = Instant::now();
    let certificate = Certificate::parse(&text)
        .map_err(|e| Failure::Runtime(format!("{path}: not a proof mnk can read: {e}")))?;
    let variant = certificate.variant;
    let position = if certificate.moves.is_empty() {
        "the empty board".to_string()
    } else {
        format!("after {}", format_moves(&certificate.moves, variant.size()))
    };
    let result = verify(&certificate);
    let elapsed = start.elapsed();
    match result {
        Ok(checked) => {
            if args.json {
                let json = valid_json(
                    &checked,
                    &certificate,
                    serde_json::json!({
                        "nodes": checked.nodes,
                        "records": certificate.records(),
                        "records_used": checked.records_used,
                        "time_ms": millis(elapsed),
                    }),
                );
                writeln!(out, "{json}")?;
            } else {
                writeln!(
                    out,
                    "{variant}, {position}, {} to move: {} (proof checked)",
                    checked.to_move, checked.value
                )?;
                writeln!(
                    out,
                    "{} positions checked, {} of {} records used, in {}",
                    thousands(checked.nodes),
                    thousands(checked.records_used),
                    thousands(certificate.records() as u64),
                    human_time(elapsed)
                )?;
            }
            Ok(())
        }
        Err(e) => {
            if args.json {
                let json = serde_json::json!({
                    "valid": false,
                    "value": certificate.value.word(),
                    "variant": variant.to_string(),
                    "moves": format_moves(&certificate.moves, variant.size()),
                    "error": e.to_string(),
                    "time_ms": millis(elapsed),
                });
                writeln!(out, "{json}")?;
            }
            Err(Failure::Runtime(format!(
                "{path}: the proof of a {} for {variant}, {position} does not hold: {e}",
                certificate.value
            )))
        }
    }
}

/// `mnk verify DIR`: the split in DIR, each job's proof checked alone (its position the
/// job's, its value the one its result claims), then the frontier's own part checked on the
/// jobs' values ([`mnk::split`] says why that proves the root's value).
fn split(args: &VerifyArgs, dir: &Path, out: &mut dyn Write) -> Result<(), Failure> {
    let start = Instant::now();
    let Loaded {
        frontier, found, ..
    } = cluster::load(dir, "mnk verify")?;
    let values = cluster::values(&found);
    let variant = frontier.split().variant;
    let size = variant.size();
    let fail = |why: String| {
        Failure::Runtime(format!(
            "{}: the split's proof does not hold: {why}",
            dir.display()
        ))
    };
    let (top, reached) = frontier.top_certificate(&values).map_err(|e| {
        let missing = found
            .iter()
            .filter(|f| !matches!(f, Found::Proved { .. }))
            .count();
        fail(format!(
            "{e} ({missing} of {} jobs without a proved value)",
            found.len()
        ))
    })?;
    let (mut nodes, mut records, mut largest) = (0u64, 0u64, 0usize);
    let mut assumed: Vec<(Vec<Cell>, Wdl)> = Vec::with_capacity(reached.len());
    for &j in &reached {
        let job = frontier.job(j);
        let name = format!("job {} ({}.proof)", job.number, job.name());
        // One job's records in memory at a time: the proof is dropped after its check.
        let proof = cluster::job_proof(dir, &frontier, &found, j)
            .map_err(|e| fail(format!("{name}: {e}")))?;
        frontier
            .fits(j, &proof, &values)
            .map_err(|e| fail(format!("{name}: {e}")))?;
        let checked = verify(&proof).map_err(|e| fail(format!("{name}: {e}")))?;
        nodes += checked.nodes;
        records += checked.records_used;
        largest = largest.max(proof.records());
        assumed.push((job.moves, checked.value));
    }
    let checked =
        verify_assuming(&top, &assumed).map_err(|e| fail(format!("the frontier: {e}")))?;
    nodes += checked.nodes;
    records += checked.records_used;
    let elapsed = start.elapsed();
    let position = if top.moves.is_empty() {
        "the empty board".to_string()
    } else {
        format!("after {}", format_moves(&top.moves, size))
    };
    if args.json {
        let json = valid_json(
            &checked,
            &top,
            serde_json::json!({
            "jobs": found.len(),
            "jobs_checked": reached.len(),
            "nodes": nodes,
            "records_used": records,
            "largest_job_records": largest,
            "frontier_records": top.records(),
            "time_ms": millis(elapsed),
            }),
        );
        writeln!(out, "{json}")?;
        return Ok(());
    }
    writeln!(
        out,
        "{variant}, {position}, {} to move: {} (split proof checked: {} of {} job proofs, one at a \
         time, and the frontier on top)",
        checked.to_move,
        checked.value,
        reached.len(),
        found.len()
    )?;
    writeln!(
        out,
        "{} positions checked, {} records used (the largest job's proof {} records), in {}",
        thousands(nodes),
        thousands(records),
        thousands(largest as u64),
        human_time(elapsed)
    )?;
    Ok(())
}

/// The JSON of a proof of `certificate`'s position found valid: `valid`, `value`, `to_move`,
/// `variant`, `moves`, then the fields of `more`.
fn valid_json(
    checked: &Checked,
    certificate: &Certificate,
    more: serde_json::Value,
) -> serde_json::Value {
    let variant = certificate.variant;
    let mut json = serde_json::json!({
        "valid": true,
        "value": checked.value.word(),
        "to_move": checked.to_move.to_string(),
        "variant": variant.to_string(),
        "moves": format_moves(&certificate.moves, variant.size()),
    });
    if let (Some(head), serde_json::Value::Object(tail)) = (json.as_object_mut(), more) {
        head.extend(tail);
    }
    json
}
