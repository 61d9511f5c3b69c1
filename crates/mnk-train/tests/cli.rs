//! The `mnk-train` command: a run writes a net the engine reads; bad input is refused with
//! what was wrong, exit 2, never a panic.

mod common;

use assert_cmd::Command;
use common::{bundled_games, data_file, gomoku};
use mnk::engine::net::FloatNet;
use predicates::prelude::*;

fn mnk_train() -> Command {
    Command::cargo_bin("mnk-train").unwrap()
}

/// A games file of the first `n` bundled games, in `dir`.
fn games_file(dir: &std::path::Path, n: usize) -> std::path::PathBuf {
    let path = dir.join("games.txt");
    let lines: Vec<String> = bundled_games(n)
        .iter()
        .map(|g| g.to_line(gomoku()))
        .collect();
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

#[test]
fn a_run_writes_a_net_the_engine_reads_and_says_what_it_did() {
    let dir = tempfile::tempdir().unwrap();
    let games = games_file(dir.path(), 30);
    let out = dir.path().join("net.bin");
    mnk_train()
        .arg("--load-games")
        .arg(&games)
        .arg(data_file("games-3.txt.gz"))
        .arg("--out")
        .arg(&out)
        .args(["--epochs", "2", "--max-positions", "1200", "--batch", "64"])
        .assert()
        .success()
        .stdout(predicate::str::contains("epoch   2  held out: value loss"))
        .stdout(predicate::str::is_match(r"\d+ games, 12\d\d positions").unwrap())
        .stdout(predicate::str::contains("net written to"));
    let net = FloatNet::parse(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(net.variant, gomoku());
    // No temporary file is left beside it, and it may be read as any file made there (a
    // temporary file's permissions are the owner's alone).
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let plain = dir.path().join("plain");
        std::fs::write(&plain, b"").unwrap();
        let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode();
        assert_eq!(mode(&out), mode(&plain));
        std::fs::remove_file(plain).unwrap();
    }
    // It trains on from that net.
    mnk_train()
        .arg("--load-games")
        .arg(&games)
        .arg("--from")
        .arg(&out)
        .arg("--out")
        .arg(&out)
        .args(["--epochs", "1"])
        .assert()
        .success();
    assert_ne!(FloatNet::parse(&std::fs::read(&out).unwrap()).unwrap(), net);
}

#[test]
fn bad_input_is_refused_with_what_was_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let games = games_file(dir.path(), 2);
    let out = dir.path().join("net.bin");
    let run = |args: &[&std::ffi::OsStr]| {
        let mut cmd = mnk_train();
        cmd.args(args).arg("--out").arg(&out);
        cmd.assert().code(2)
    };
    let os = |s: &str| std::ffi::OsString::from(s);
    let load = os("--load-games");
    // A game line that is not one: the file and the line are named.
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "# games\nX h8 h8\n").unwrap();
    run(&[&load, bad.as_os_str()]).stderr(predicate::str::contains(format!(
        "--load-games {}: line 2: move 2 (h8)",
        bad.display()
    )));
    std::fs::write(&bad, "W h8 h9\n").unwrap();
    run(&[&load, bad.as_os_str()]).stderr(predicate::str::contains(
        "line 1: 'W' is not a result: X, O or draw",
    ));
    // A file that is not there.
    let missing = dir.path().join("missing.txt");
    run(&[&load, missing.as_os_str()]).stderr(
        predicate::str::contains("--load-games").and(predicate::str::contains("missing.txt")),
    );
    // A --from file that is not a net, or a damaged one.
    let from = os("--from");
    run(&[&load, games.as_os_str(), &from, games.as_os_str()])
        .stderr(predicate::str::contains("not an mnk net file"));
    let mut bytes = FloatNet::zero(gomoku()).unwrap().to_bytes();
    bytes[100] ^= 1;
    let broken = dir.path().join("broken.bin");
    std::fs::write(&broken, &bytes).unwrap();
    run(&[&load, games.as_os_str(), &from, broken.as_os_str()]).stderr(predicate::str::contains(
        format!("--from {}: the checksum does not match", broken.display()),
    ));
    // A variant the net cannot read.
    run(&[&load, games.as_os_str(), &os("-k"), &os("6")]).stderr(predicate::str::contains(
        "a net reads the lines of freestyle k = 5",
    ));
    run(&[&load, games.as_os_str(), &os("--rule"), &os("exact")]).stderr(predicate::str::contains(
        "a net reads the lines of freestyle k = 5",
    ));
    // Numbers out of their range.
    run(&[&load, games.as_os_str(), &os("--lambda"), &os("2")])
        .stderr(predicate::str::contains("--lambda must be from 0"));
    run(&[&load, games.as_os_str(), &os("--held-out-share"), &os("1")]).stderr(
        predicate::str::contains("--held-out-share must be at least 0 and below 1"),
    );
    // A GPU this build cannot use.
    if !cfg!(feature = "cuda") {
        run(&[&load, games.as_os_str(), &os("--device"), &os("cuda")])
            .stderr(predicate::str::contains("this build has no CUDA"));
    }
    // Nothing was written.
    assert!(!out.exists());
}
