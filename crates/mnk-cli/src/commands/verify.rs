//! `mnk verify`: check a proof that `mnk solve --proof` wrote.

use crate::args::VerifyArgs;
use crate::failure::Failure;
use crate::files::{read_at_most, text};
use crate::render::{human_time, millis, thousands};
use mnk::certificate::{Certificate, MAX_PROOF_BYTES, verify};
use mnk::notation::format_moves;
use std::io::Write;
use std::time::Instant;

pub fn run(args: &VerifyArgs, out: &mut dyn Write) -> Result<(), Failure> {
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
                let json = serde_json::json!({
                    "valid": true,
                    "value": checked.value.word(),
                    "to_move": checked.to_move.to_string(),
                    "variant": variant.to_string(),
                    "moves": format_moves(&certificate.moves, variant.size()),
                    "nodes": checked.nodes,
                    "records": certificate.records(),
                    "records_used": checked.records_used,
                    "time_ms": millis(elapsed),
                });
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
