//! A proof split into jobs, from the empty board of a game whose value is known, each job
//! solved on its own as `mnk solve --job` solves it, combined, and the combined proof checked
//! by the independent checker. The unit tests of `mnk::split` do the same on smaller games
//! (and 7x7 k=5 from a drawn position); this one is too slow for every run.

use mnk::certificate::{Certificate, verify};
use mnk::game::{Rule, Size, Variant};
use mnk::search::Control;
use mnk::solve::{Solver, SolverConfig, Wdl};
use mnk::split::{Frontier, JobKnown, Split};

/// 7x7 k=5 split one ply deep (the ten first moves up to symmetry): a draw, whose combined
/// proof the checker accepts. About 40 million nodes and a proof of 1.5 million records; run
/// it with `cargo test --release -p mnk --test split -- --ignored`.
#[test]
#[ignore = "minutes in release; run by hand"]
fn seven_by_seven_k5_split_one_ply_deep_combines_to_a_checked_draw() {
    let v = Variant::new(Size::square(7), 5, Rule::Freestyle).unwrap();
    let frontier = Frontier::new(Split {
        variant: v,
        root: Vec::new(),
        depth: 1,
    })
    .unwrap();
    assert_eq!(frontier.len(), 10);
    let control = Control::unlimited();
    // A solver of its own for each job, as each job has on a cluster.
    let config = SolverConfig {
        memory_bytes: 256 << 20,
        ..SolverConfig::default()
    };
    let proofs: Vec<Certificate> = frontier
        .jobs()
        .map(|job| {
            Solver::with_config(&v, config)
                .unwrap()
                .certificate(&job.game().unwrap(), &control)
                .unwrap()
        })
        .collect();
    let values: Vec<JobKnown> = proofs
        .iter()
        .map(|p| JobKnown::Value(p.value.into()))
        .collect();
    assert_eq!(frontier.combine(&values).value(), Some(Wdl::Draw));
    let proof = frontier
        .certificate(&values, &mut |j| Ok(proofs[j].clone()))
        .unwrap();
    let read = Certificate::parse(&proof.to_string()).unwrap();
    assert_eq!(verify(&read).unwrap().value, Wdl::Draw);
}
