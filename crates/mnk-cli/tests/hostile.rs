//! What a hostile or careless user sends the `mnk` command, and what it must never do with
//! it: crash, read without end, replace a device, lose what it proved, hide what it played.
//! Each test is a reproduction that failed before the hardening it checks.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

fn mnk() -> Command {
    Command::cargo_bin("mnk").unwrap()
}

/// Kills a command when the test ends, passed or not.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A character device made in `dir` with mknod (never the machine's own `/dev` nodes: code
/// that replaced its output path would turn them into files). `None` where this user may
/// not make device nodes (not root): CI runs as root.
fn device(dir: &Path, name: &str, minor: u32) -> Option<PathBuf> {
    let path = dir.join(name);
    let made = std::process::Command::new("mknod")
        .arg(&path)
        .args(["c", "1", &minor.to_string()])
        .stderr(Stdio::null())
        .status()
        .ok()?;
    if made.success() {
        Some(path)
    } else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI runs as root and must run the device tests"
        );
        eprintln!("skipped: mknod needs root");
        None
    }
}

/// The memory device 1,3 (a null device) and 1,7 (a full one).
const NULL: u32 = 3;
const FULL: u32 = 7;

fn is_char_device(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_char_device())
}

/// Waits until process `pid` catches `signal` (its handler is installed).
fn wait_until_it_catches(pid: u32, signal: u32) {
    let catches = || {
        std::fs::read_to_string(format!("/proc/{pid}/status"))
            .unwrap_or_default()
            .lines()
            .find_map(|line| line.strip_prefix("SigCgt:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .is_some_and(|mask| mask & (1 << (signal - 1)) != 0)
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    while !catches() {
        assert!(Instant::now() < deadline, "signal {signal} never caught");
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn signal(pid: u32, name: &str) {
    let sent = std::process::Command::new("kill")
        .args([&format!("-{name}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
}

/// Reads a child's whole output and waits for it.
fn finish(child: &mut KillOnDrop) -> (Option<i32>, String, String) {
    use std::io::Read;
    let (mut out, mut err) = (String::new(), String::new());
    if let Some(mut s) = child.0.stdout.take() {
        s.read_to_string(&mut out).unwrap();
    }
    if let Some(mut s) = child.0.stderr.take() {
        s.read_to_string(&mut err).unwrap();
    }
    (child.0.wait().unwrap().code(), out, err)
}

#[test]
fn a_deeply_nested_record_is_read_not_a_crash() {
    // Was: the SGF scanner recursed; 42 KB of nesting aborted show/play/best (exit 134).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deep.sgf");
    let n = 20_000;
    std::fs::write(&path, format!("{}{}", "(;".repeat(n), ")".repeat(n))).unwrap();
    for command in ["show", "best"] {
        mnk()
            .arg(command)
            .arg("--load")
            .arg(&path)
            .args(["--ai", "rules"])
            .assert()
            .code(predicate::in_iter([0, 2]));
    }
    mnk()
        .arg("show")
        .arg("--load")
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("X to move"));
}

#[test]
fn a_file_without_end_is_refused_not_read_until_memory_runs_out() {
    // Was: --load /dev/zero read until memory ran out; 100 MB records past 4 GiB.
    mnk()
        .args(["show", "--load", "/dev/zero"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "/dev/zero: it goes on, more than the 1048576 bytes a record may hold",
        ));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.txt");
    std::fs::write(&path, " ".repeat(2 << 20)).unwrap();
    mnk()
        .arg("show")
        .arg("--load")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "2097152 bytes, more than the 1048576 bytes a record may hold",
        ));
}

#[test]
fn a_psq_line_that_cannot_be_read_is_an_error_not_the_end_of_the_game() {
    // Was: loaded with fewer moves, exit 0.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.psq");
    std::fs::write(
        &path,
        "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,12ms\n10,10,0\n-1\n",
    )
    .unwrap();
    mnk()
        .arg("show")
        .arg("--load")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "line 3: cannot read '9,9,12ms': expected a move as x,y or x,y,time",
        ));
}

#[test]
fn names_from_a_file_reach_the_terminal_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.txt");
    std::fs::write(&path, "# size: 3\n# x: evil\u{1b}[2J\u{7}\n# o: Ann\nb2\n").unwrap();
    mnk()
        .arg("show")
        .arg("--load")
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("X: evil\\u{1b}[2J\\u{7}, O: Ann"))
        .stdout(predicate::str::contains("\u{1b}").not());
}

#[test]
fn a_device_is_written_in_place_never_replaced() {
    // Was (as root): --save, --proof, --checkpoint and --autosave renamed a file over the
    // device; as another user --save /dev/null failed.
    let dir = tempfile::tempdir().unwrap();
    let Some(null) = device(dir.path(), "null", NULL) else {
        return;
    };
    mnk()
        .args(["show", "--moves", "b2", "--save"])
        .arg(&null)
        .assert()
        .success();
    assert!(is_char_device(&null));
    mnk()
        .args(["solve", "--size", "3", "--proof"])
        .arg(&null)
        .arg("--checkpoint")
        .arg(dir.path().join("table"))
        .assert()
        .success();
    assert!(is_char_device(&null));
    mnk()
        .args(["solve", "--size", "3", "--checkpoint"])
        .arg(&null)
        .assert()
        .success();
    assert!(is_char_device(&null));
    mnk()
        .args(["play", "--x", "human", "--o", "rules", "--autosave"])
        .arg(&null)
        .write_stdin("b2\nquit\n")
        .assert()
        .success();
    assert!(is_char_device(&null));
    // No temporary file is left beside it either.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
    // `-` is standard output.
    mnk()
        .args(["show", "--moves", "b2 a1", "--save", "-", "--format", "sgf"])
        .assert()
        .success()
        .stdout(predicate::str::contains(";B[bb];W[ac])"));
}

#[test]
fn the_proof_and_the_checkpoint_are_two_files() {
    // Was: the last checkpoint silently replaced the proof.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("both");
    mnk()
        .args(["solve", "--size", "3", "--proof"])
        .arg(&path)
        .arg("--checkpoint")
        .arg(dir.path().join(".").join("both"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--proof and --checkpoint both name",
        ));
    assert!(!path.exists());
}

#[test]
fn a_proved_value_is_printed_when_the_last_checkpoint_cannot_be_written() {
    // Was: only the checkpoint's error, exit 1: the value proved was lost.
    let dir = tempfile::tempdir().unwrap();
    let Some(full) = device(dir.path(), "full", FULL) else {
        return;
    };
    let out = mnk()
        .args(["solve", "--size", "4", "--k", "3", "--json", "--checkpoint"])
        .arg(&full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"], "win", "{v}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--checkpoint") && err.contains("No space left"),
        "{err}"
    );
}

#[test]
fn a_failed_save_of_games_names_its_file() {
    // Was: "No space left on device", and no word of which file.
    let dir = tempfile::tempdir().unwrap();
    let Some(full) = device(dir.path(), "full", FULL) else {
        return;
    };
    mnk()
        .args([
            "tune", "--size", "7", "--k", "4", "--games", "2", "--nodes", "50",
        ])
        .arg("--save-games")
        .arg(&full)
        .arg("--out")
        .arg(dir.path().join("w.txt"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "--save-games {}: No space left on device",
            full.display()
        )));
    // A byte order mark before the first game is no part of it.
    let games = dir.path().join("games.txt");
    std::fs::write(&games, "\u{feff}X e5 d4 e6 d5 e7 d6 e8 d7 e9\n").unwrap();
    mnk()
        .args([
            "tune", "--size", "9", "--games", "0", "--skip", "0", "--epochs", "1",
        ])
        .arg("--load-games")
        .arg(&games)
        .arg("--out")
        .arg(dir.path().join("w.txt"))
        .assert()
        .success()
        .stdout(predicate::str::contains("1 games (1 read, 0 played)"));
}

#[test]
fn a_full_disk_under_stdout_and_stderr_is_no_panic() {
    // Was: exit 101 (a panic writing the error to a full stderr).
    let dir = tempfile::tempdir().unwrap();
    let Some(full) = device(dir.path(), "full", FULL) else {
        return;
    };
    let open = || std::fs::OpenOptions::new().write(true).open(&full).unwrap();
    let status = std::process::Command::new(assert_cmd::cargo::cargo_bin("mnk"))
        .arg("players")
        .stdout(open())
        .stderr(open())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(1));
}

#[test]
fn numbers_too_large_are_refused_not_a_panic_or_a_wrap() {
    // Was: exit 101, "overflow when multiplying duration by scalar".
    mnk()
        .args([
            "match",
            "engine:nodes=2000",
            "engine:nodes=2000",
            "--size",
            "9",
        ])
        .args(["--k", "5", "--games", "2"])
        .args(["--time-control", "5m+99999999999999999s"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("at most 8760h"));
    // Was: wrapped to 0, a checkpoint rewritten without pause.
    mnk()
        .args(["solve", "--size", "3", "--checkpoint", "t"])
        .args(["--checkpoint-minutes", "4611686018427387904"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--checkpoint-minutes"));
}

#[test]
fn match_save_adds_to_the_file_it_names() {
    // Was: truncated, though its help said appended.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.txt");
    std::fs::write(&path, "# earlier games\n").unwrap();
    for _ in 0..2 {
        mnk()
            .args(["match", "rules", "alphabeta", "--size", "3", "--games", "2"])
            .arg("--save")
            .arg(&path)
            .assert()
            .success();
    }
    let text = std::fs::read_to_string(&path).unwrap();
    // What was there, the match's first line once (the second run is the same match, so it
    // adds to its games), and the four games.
    let games = text.lines().filter(|l| !l.starts_with('#')).count();
    let headers = text
        .lines()
        .filter(|l| l.starts_with("# mnk match "))
        .count();
    assert_eq!((games, headers), (4, 1), "{text}");
    assert!(text.starts_with("# earlier games\n# mnk match 1: a rules; b alphabeta;"));
}

#[test]
fn verify_says_little_of_a_bad_field_reads_a_bom_and_counts_bytes_from_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("proof.txt");
    let proof = dir.path().join("good.txt");
    mnk()
        .args(["solve", "--size", "3", "--proof"])
        .arg(&proof)
        .assert()
        .success();
    let good = std::fs::read_to_string(&proof).unwrap();
    // A BOM, as records accept it.
    std::fs::write(&path, format!("\u{feff}{good}")).unwrap();
    mnk().arg("verify").arg(&path).assert().success();
    // A 1 MB bad field is named in a few dozen characters (was: echoed whole).
    let bad = good.replacen("section X", &format!("section {}", "Z".repeat(1 << 20)), 1);
    std::fs::write(&path, bad).unwrap();
    let out = mnk().arg("verify").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        out.stderr.len() < 300,
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Bytes count from 1, as the records' errors count them (was: from 0).
    std::fs::write(&path, b"mnk\xff").unwrap();
    mnk()
        .arg("verify")
        .arg(&path)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("byte 4 cannot be read"));
}

/// A long command the signal reaches while it works: its stdout and stderr, and exit code.
fn interrupted(args: &[&str], name: &str, after: Duration) -> (Option<i32>, String, String) {
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("mnk"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut child = KillOnDrop(child);
    let pid = child.0.id();
    wait_until_it_catches(pid, 15);
    std::thread::sleep(after);
    signal(pid, name);
    finish(&mut child)
}

#[test]
fn sigterm_and_sighup_stop_a_solve_that_then_keeps_its_work() {
    // Was: SIGTERM or SIGHUP during a solve printed nothing and lost everything since the
    // last checkpoint, leaving a partial FILE.PID.tmp.
    for name in ["TERM", "HUP"] {
        let dir = tempfile::tempdir().unwrap();
        let table = dir.path().join("8x8k5.table");
        let table_s = table.to_str().unwrap();
        let (code, out, err) = interrupted(
            &[
                "solve",
                "--size",
                "8x8",
                "--k",
                "5",
                "--threads",
                "1",
                "--memory",
                "64",
                "--json",
                "--checkpoint",
                table_s,
            ],
            name,
            Duration::from_millis(500),
        );
        assert_eq!(code, Some(1), "{name}: {err}");
        assert!(
            err.contains("not proved (interrupted after"),
            "{name}: {err}"
        );
        let v: Value = serde_json::from_str(&out).expect(&err);
        assert_eq!(v["stopped"], "interrupted", "{v}");
        assert!(v["checkpoint"]["entries"].as_u64().unwrap() > 0, "{v}");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["8x8k5.table"], "{name}");
    }
}

/// Runs `mnk ARGS`, a command that saves each finished game as a line of `path`, presses
/// Ctrl-C once one game is saved, and answers its exit code, output,
/// errors and the games saved (lines not starting with `#`).
fn interrupt_after_a_game(
    args: &[&std::ffi::OsStr],
    path: &Path,
) -> (Option<i32>, String, String, u64) {
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("mnk"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut child = KillOnDrop(child);
    let pid = child.0.id();
    let deadline = Instant::now() + Duration::from_secs(120);
    let saved_games = || {
        std::fs::read_to_string(path)
            .unwrap_or_default()
            .lines()
            .filter(|l| !l.starts_with('#'))
            .count() as u64
    };
    while saved_games() < 1 {
        assert!(Instant::now() < deadline, "no game finished");
        std::thread::sleep(Duration::from_millis(20));
    }
    wait_until_it_catches(pid, 2);
    signal(pid, "INT");
    let (code, out, err) = finish(&mut child);
    (code, out, err, saved_games())
}

#[test]
fn ctrl_c_stops_a_match_with_the_summary_of_its_finished_games() {
    // Was: Ctrl-C cut a move short and that game still counted; only SIGTERM ended the
    // match, with no summary.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.txt");
    let args = [
        "match",
        "engine:time-ms=30",
        "engine:time-ms=30",
        "--size",
        "9",
        "--k",
        "5",
        "--games",
        "400",
        "--jobs",
        "1",
        "--json",
        "--save",
    ];
    let mut args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
    args.push(path.as_os_str());
    let (code, out, err, saved) = interrupt_after_a_game(&args, &path);
    assert_eq!(code, Some(130), "{err}");
    let v: Value = serde_json::from_str(&out).expect(&err);
    let games = v["games"].as_u64().unwrap();
    // Every game counted is a finished one, saved; the one cut short is in neither.
    assert_eq!(games, saved, "{v}");
    assert_eq!(
        v["a_wins"].as_u64().unwrap()
            + v["b_wins"].as_u64().unwrap()
            + v["draws"].as_u64().unwrap(),
        games
    );
    assert_eq!(v["interrupted"], true);
    assert!(
        err.contains(&format!("Interrupted: {games} of 400 games played")),
        "{err}"
    );
}

#[test]
fn ctrl_c_stops_tune_with_the_games_it_finished() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.txt");
    let out = dir.path().join("weights.txt");
    let args = [
        "tune", "--size", "9", "--games", "400", "--nodes", "300", "--jobs", "1",
    ];
    let mut args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
    args.extend([
        std::ffi::OsStr::new("--save-games"),
        path.as_os_str(),
        std::ffi::OsStr::new("--out"),
        out.as_os_str(),
    ]);
    let (code, _, err, saved) = interrupt_after_a_game(&args, &path);
    assert_eq!(code, Some(130), "{err}");
    assert!(
        err.contains(&format!(
            "Interrupted: {saved} of 400 self-play games finished"
        )),
        "{err}"
    );
    assert!(!out.exists(), "nothing is fitted from an interrupted run");
}
