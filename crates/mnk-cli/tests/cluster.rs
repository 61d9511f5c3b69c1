//! Beyond one machine, end to end: a proof split into jobs (`mnk solve --split`, `--job`,
//! `--combine`) and a match split into shards (`mnk match --shard`, `--combine`), each
//! combined to what the one-machine command says; bad files refused with their names.

mod json;

use assert_cmd::Command;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn mnk() -> Command {
    Command::cargo_bin("mnk").unwrap()
}

/// Runs `mnk ARGS --json` and reads its object, whatever the exit code.
fn json_of(args: &[&str]) -> (bool, Value) {
    json::json_of(
        &format!("{args:?}"),
        &mnk().args(args).arg("--json").output().unwrap(),
    )
}

fn json(args: &[&str]) -> Value {
    json::json_ok(
        &format!("{args:?}"),
        &mnk().args(args).arg("--json").output().unwrap(),
    )
}

/// A directory of its own under the target's, empty.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cluster-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The job files of a split, in order.
fn jobs(dir: &Path) -> Vec<PathBuf> {
    let mut jobs: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "job"))
        .collect();
    jobs.sort();
    jobs
}

/// Splits `game` (size, k, moves options) at `depth` into `dir`: the number of jobs.
fn split(game: &[&str], depth: u32, dir: &Path) -> usize {
    let mut args = vec!["solve"];
    args.extend_from_slice(game);
    let depth = depth.to_string();
    args.extend(["--split", &depth, "--jobs", path(dir)]);
    let v = json(&args);
    let n = v["jobs"].as_u64().unwrap() as usize;
    assert_eq!(jobs(dir).len(), n);
    n
}

fn solve_job(job: &Path) {
    mnk()
        .args([
            "solve",
            "--job",
            path(job),
            "--threads",
            "1",
            "--memory",
            "64",
        ])
        .assert()
        .success();
}

/// The position 10 moves into a game of perfect play on 7x7 k=5, a draw: after it every
/// move draws, and each is proved in a moment.
const DRAWN_7X7: &str = "d4 d5 c5 e3 c3 c4 e5 f6 b2 a1";

/// 6x5 k=4 split at depth 1 and combined: X wins in 11 with c3, as the one-machine solve says,
/// and the combined proof is checked by `mnk verify` as any other.
#[test]
fn a_split_6x5_combines_to_the_one_machine_win_and_best_move() {
    let dir = scratch("6x5");
    let game = ["--size", "6x5", "--k", "4"];
    let one = json(&["solve", "--size", "6x5", "--k", "4", "--threads", "1"]);
    assert_eq!(split(&game, 1, &dir), 9);
    for job in jobs(&dir) {
        solve_job(&job);
    }
    let proof = dir.join("all.proof");
    let v = json(&["solve", "--combine", path(&dir), "--proof", path(&proof)]);
    for field in [
        "value",
        "best_move",
        "moves_to_end",
        "variant",
        "side",
        "moves",
    ] {
        assert_eq!(v[field], one[field], "{field}: {v}");
    }
    assert_eq!(
        (&v["value"], &v["best_move"], &v["moves_to_end"]),
        (&Value::from("win"), &Value::from("c3"), &Value::from(11))
    );
    assert_eq!(v["jobs"]["proved"], 9);
    let checked = json(&["verify", path(&proof)]);
    assert_eq!(
        (checked["valid"].as_bool(), &checked["value"]),
        (Some(true), &Value::from("win"))
    );
    // The text says the same.
    mnk()
        .args(["solve", "--combine", path(&dir)])
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "6x5 k=4, the empty board, X to move: win in 11",
        ))
        .stdout(predicates::str::contains("best move: c3"));
    // A job started again once proved does nothing.
    mnk()
        .args(["solve", "--job", path(&jobs(&dir)[0])])
        .assert()
        .success()
        .stdout(predicates::str::contains("already proved"));
}

/// 7x7 k=5 from a drawn position, split and combined: a draw, with a proof `mnk verify`
/// accepts.
#[test]
fn a_split_7x7_k5_combines_to_a_draw_that_verify_accepts() {
    let dir = scratch("7x7");
    let game = ["--size", "7", "--k", "5", "--moves", DRAWN_7X7];
    let n = split(&game, 1, &dir);
    assert_eq!(n, 39);
    for job in jobs(&dir) {
        solve_job(&job);
    }
    let proof = dir.join("all.proof");
    let v = json(&["solve", "--combine", path(&dir), "--proof", path(&proof)]);
    assert_eq!(
        (&v["value"], &v["stopped"]),
        (&Value::from("draw"), &Value::from(false))
    );
    let checked = json(&["verify", path(&proof)]);
    assert_eq!(checked["valid"], true);
    assert_eq!(checked["value"], "draw");
    assert_eq!(checked["moves"], DRAWN_7X7);
    // The split checked as it lies, one job's proof at a time and the frontier on top: the
    // same value, never more than one job's records at once.
    let split_checked = json(&["verify", path(&dir)]);
    assert_eq!(split_checked["valid"], true, "{split_checked}");
    assert_eq!(split_checked["value"], "draw");
    assert_eq!(split_checked["moves"], DRAWN_7X7);
    assert_eq!(split_checked["jobs"], 39);
    let reached = split_checked["jobs_checked"].as_u64().unwrap();
    assert!((1..=39).contains(&reached), "{split_checked}");
    let largest = split_checked["largest_job_records"].as_u64().unwrap();
    assert!(
        largest > 0 && largest < checked["records"].as_u64().unwrap(),
        "{split_checked}"
    );
    // A job's proof changed since its job wrote it: refused, naming the job.
    let first = dir.join("01.proof");
    let text = std::fs::read_to_string(&first).unwrap();
    std::fs::write(&first, format!("{text}\n")).unwrap();
    let out = mnk().args(["verify", path(&dir)]).output().unwrap();
    assert!(!out.status.success());
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(
        e.contains("job 1 (01.proof)") && e.contains("checksum"),
        "{e}"
    );
}

/// A job without its result: the combination reports no value it could change, names it
/// missing (a job whose value cannot matter is named as such), and writes no proof.
#[test]
fn a_missing_job_leaves_the_value_open() {
    let dir = scratch("missing");
    split(&["--size", "6x5", "--k", "4"], 1, &dir);
    let all = jobs(&dir);
    for job in &all {
        solve_job(job);
    }
    // c3 (job 9, the winning move) lost: X still wins through b4 (job 5), but the value is
    // told without its distance, since the missing job could win sooner.
    let c3 = dir.join("9.result");
    assert!(std::fs::read_to_string(&c3).unwrap().contains("moves c3"));
    std::fs::remove_file(&c3).unwrap();
    let v = json(&["solve", "--combine", path(&dir)]);
    assert_eq!(
        (&v["value"], &v["moves_to_end"]),
        (&Value::from("win"), &Value::Null)
    );
    assert_eq!(v["jobs"]["missing"], serde_json::json!(["9"]));
    assert_eq!(v["jobs"]["unnecessary"], serde_json::json!(["9"]));
    // Every winning move lost: the value is open (at least a draw: b5 and a4 draw).
    let mut missing = Vec::new();
    for job in &all {
        let result = job.with_extension("result");
        if let Ok(text) = std::fs::read_to_string(&result)
            && text.contains("value loss")
        {
            std::fs::remove_file(&result).unwrap();
            missing.push(job.file_stem().unwrap().to_string_lossy().into_owned());
        }
    }
    missing.push("9".into());
    missing.sort();
    // Nor does the split's check say one.
    let out = mnk().args(["verify", path(&dir)]).output().unwrap();
    assert!(!out.status.success());
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(
        e.contains("the split's proof does not hold") && e.contains("without a proved value"),
        "{e}"
    );
    let proof = dir.join("none.proof");
    let (ok, v) = json_of(&["solve", "--combine", path(&dir), "--proof", path(&proof)]);
    assert!(!ok);
    assert_eq!((&v["value"], &v["best_move"]), (&Value::Null, &Value::Null));
    assert_eq!(v["stopped"], "jobs missing");
    assert_eq!(v["at_least"], "draw");
    assert_eq!(v["at_most"], "win");
    let mut named: Vec<String> = v["jobs"]["missing"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect();
    named.sort();
    assert_eq!(named, missing);
    assert_eq!(v["jobs"]["needed"].as_array().unwrap().len(), missing.len());
    assert!(!proof.exists());
}

/// A job stopped by its limit writes a result that says what it knew; the combination names
/// it stopped (not failed), with what it knew; started again with its checkpoint, it goes on
/// and proves.
#[test]
fn a_stopped_job_is_named_until_started_again() {
    let dir = scratch("stopped");
    split(&["--size", "6x5", "--k", "4"], 1, &dir);
    let first = &jobs(&dir)[0];
    let checkpoint = dir.join("1.checkpoint");
    let args = [
        "solve",
        "--job",
        path(first),
        "--threads",
        "1",
        "--memory",
        "64",
        "--checkpoint",
        path(&checkpoint),
    ];
    mnk().args(args).args(["--nodes", "2000"]).assert().code(1);
    let result = std::fs::read_to_string(dir.join("1.result")).unwrap();
    assert!(result.contains("value none\n") && result.contains("stopped limit reached"));
    assert!(checkpoint.exists());
    let (ok, v) = json_of(&["solve", "--combine", path(&dir)]);
    assert!(!ok);
    assert_eq!(v["jobs"]["failed"], serde_json::json!([]));
    let stopped = &v["jobs"]["stopped"][0];
    assert_eq!(stopped["job"], "1");
    assert!(
        stopped["why"]
            .as_str()
            .unwrap()
            .starts_with("limit reached, after "),
        "{stopped}"
    );
    assert!(
        v["jobs"]["needed"]
            .as_array()
            .unwrap()
            .contains(&"1".into())
    );
    let again = json(&args);
    assert_eq!(again["value"], "win");
    assert!(again["resumed_entries"].as_u64().unwrap() > 0, "{again}");
    assert!(!checkpoint.exists(), "a job done removes its checkpoint");
}

/// What stopped jobs settled is used: 3x3 split one ply deep, each of X's first moves known
/// only not to win for X (O to move there: "not a loss" for O), the centre's job a draw whose
/// proof was not written. The combination says a draw with the centre, lists the jobs as
/// stopped, none missing, failed or needed, and writes no proof: its lines reach jobs
/// without one.
#[test]
fn the_bounds_of_stopped_jobs_settle_the_value() {
    let dir = scratch("bounds");
    assert_eq!(split(&["--size", "3", "--k", "3"], 1, &dir), 3);
    for job in jobs(&dir) {
        solve_job(&job);
        let result = job.with_extension("result");
        let text = std::fs::read_to_string(&result).unwrap();
        assert!(text.contains("value draw\n"), "{text}");
        let head = &text[..text.find("value ").unwrap()];
        let at_most = if text.contains("moves b2\n") {
            "draw"
        } else {
            "win"
        };
        let stopped = format!(
            "{head}value none\nat-least draw\nat-most {at_most}\nstopped limit reached\n\
             nodes 10\ntime-ms 1\nend\n"
        );
        std::fs::write(&result, stopped).unwrap();
    }
    let proof = dir.join("whole.proof");
    let v = json(&["solve", "--combine", path(&dir)]);
    assert_eq!(
        (&v["value"], &v["best_move"]),
        (&"draw".into(), &"b2".into())
    );
    assert_eq!(v["jobs"]["proved"], 0);
    assert_eq!(v["jobs"]["stopped"].as_array().unwrap().len(), 3);
    for list in ["missing", "failed", "needed"] {
        assert_eq!(v["jobs"][list], serde_json::json!([]), "{list}");
    }
    let centre = v["jobs"]["stopped"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["at_most"] == "draw")
        .unwrap();
    assert_eq!(centre["known"], "draw");
    let out = mnk()
        .args(["solve", "--combine", path(&dir), "--proof", path(&proof)])
        .output()
        .unwrap();
    assert!(!out.status.success(), "no proof can be written from bounds");
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(e.contains("stopped before its value was proved"), "{e}");
    assert!(!proof.exists());
    let text = String::from_utf8(
        mnk()
            .args(["solve", "--combine", path(&dir)])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert!(text.contains(": draw\n"), "{text}");
    assert!(
        text.contains("0 proved, 0 missing, 0 failed, 3 stopped (what they settled is used)"),
        "{text}"
    );
}

/// Jobs asked one question each (`--question win` or `no-loss`): each bound answered is a
/// success kept in the job's result, and the combination puts the bounds together into the
/// value, as (8,8,5)'s two halves need them: X's half under the centre (every reply "not a
/// loss"), O's half one reply to each first move ("not a win").
#[test]
fn jobs_asked_one_question_give_the_bounds_the_value_needs() {
    let dir = scratch("question");
    let n = split(&["--size", "3", "--k", "3"], 2, &dir);
    let (mut not_a_win, mut won, mut not_a_loss) = (0, 0, 0);
    for job in jobs(&dir) {
        let text = std::fs::read_to_string(&job).unwrap();
        let moves: Vec<&str> = text
            .lines()
            .find_map(|l| l.strip_prefix("moves "))
            .unwrap()
            .split(' ')
            .collect();
        let corner = |c: &str| c != "b2" && !c.starts_with('b') && !c.ends_with('2');
        let question = match (moves[0], corner(moves[1])) {
            ("b2", true) => "value",
            ("b2", false) => "no-loss",
            _ => "win",
        };
        let out = mnk()
            .args(["solve", "--job", path(&job), "--threads", "1", "--no-proof"])
            .args(["--question", question])
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(out.status.success(), "{moves:?} {question}: {said}");
        let result = std::fs::read_to_string(job.with_extension("result")).unwrap();
        match question {
            "value" => assert!(result.contains("value draw\n"), "{result}"),
            "no-loss" => {
                assert!(
                    result.contains(
                        "value none\nat-least draw\nat-most win\nstopped only --question \
                         no-loss was asked\n"
                    ),
                    "{result}"
                );
                assert!(said.contains("X to move: not a loss"), "{said}");
                assert!(said.contains("the question is answered"), "{said}");
                not_a_loss += 1;
            }
            _ if result.contains("value win\n") => won += 1,
            _ => {
                assert!(
                    result.contains(
                        "value none\nat-least loss\nat-most draw\nstopped only --question \
                         win was asked\n"
                    ),
                    "{result}"
                );
                not_a_win += 1;
            }
        }
    }
    assert_eq!(not_a_loss, 1, "the centre's edge reply, up to symmetry");
    assert!(won > 0 && not_a_win > 0, "{won} {not_a_win}");
    assert_eq!(not_a_loss + won + not_a_win + 1, n);
    // Asked the same question again: nothing to do. Asked the other: the result keeps both
    // bounds, a draw, with the nodes of both runs.
    let read = |job: &Path| std::fs::read_to_string(job.with_extension("result")).unwrap();
    let nodes = |text: &str| -> u64 {
        let line = text.lines().find_map(|l| l.strip_prefix("nodes ")).unwrap();
        line.parse().unwrap()
    };
    let drawn = jobs(&dir)
        .into_iter()
        .find(|j| read(j).contains("stopped only --question win was asked"))
        .unwrap();
    let before = read(&drawn);
    let again = |question: &str| {
        let out = mnk()
            .args([
                "solve",
                "--job",
                path(&drawn),
                "--threads",
                "1",
                "--no-proof",
            ])
            .args(["--question", question])
            .output()
            .unwrap();
        assert!(out.status.success(), "{question}");
        String::from_utf8(out.stdout).unwrap()
    };
    let said = again("win");
    assert!(
        said.contains("already answered (not a win (a draw or a loss); "),
        "{said}"
    );
    assert_eq!(read(&drawn), before);
    again("no-loss");
    let after = read(&drawn);
    assert!(
        after.contains("value none\nat-least draw\nat-most draw\nstopped only --question no-loss"),
        "{after}"
    );
    assert!(nodes(&after) > nodes(&before), "{before}{after}");
    let v = json(&["solve", "--combine", path(&dir)]);
    assert_eq!(v["value"], "draw", "{v}");
    assert_eq!(v["jobs"]["needed"], serde_json::json!([]), "{v}");
    // In JSON, the bound and the question that gave it.
    let job = jobs(&dir)[0].clone();
    std::fs::remove_file(job.with_extension("result")).unwrap();
    let (ok, v) = json_of(&["solve", "--job", path(&job), "--threads", "1"]);
    assert!(ok);
    std::fs::remove_file(job.with_extension("result")).unwrap();
    let (ok, w) = json_of(&[
        "solve",
        "--job",
        path(&job),
        "--threads",
        "1",
        "--question",
        "no-loss",
    ]);
    assert!(ok, "{w}");
    if v["value"] == "loss" {
        assert_eq!(w["value"], "loss");
    } else {
        assert_eq!(w["answered"], "only --question no-loss was asked", "{w}");
        assert_eq!(w["at_least"], "draw");
    }
    // Not with a split or a combination, nor with --each-move.
    for args in [
        vec!["solve", "--combine", path(&dir), "--question", "win"],
        vec!["solve", "--size", "3", "--question", "win", "--each-move"],
        vec!["solve", "--size", "3", "--question", "maybe"],
    ] {
        mnk().args(&args).assert().code(2);
    }
}

/// Jobs solved with --no-proof: results without proofs, whose values the combination uses;
/// a proof of the whole, and the split's check, name a job without one.
#[test]
fn jobs_without_proofs_give_the_value_only() {
    let dir = scratch("no-proof");
    assert_eq!(split(&["--size", "3", "--k", "3"], 1, &dir), 3);
    for job in jobs(&dir) {
        let v = json(&["solve", "--job", path(&job), "--threads", "1", "--no-proof"]);
        assert_eq!(v["value"], "draw");
        let result = std::fs::read_to_string(job.with_extension("result")).unwrap();
        assert!(result.contains("\nproof -\n"), "{result}");
        assert!(!job.with_extension("proof").exists());
    }
    let v = json(&["solve", "--combine", path(&dir)]);
    assert_eq!(
        (&v["value"], &v["jobs"]["proved"]),
        (&"draw".into(), &3.into())
    );
    let proof = dir.join("whole.proof");
    for args in [
        vec!["solve", "--combine", path(&dir), "--proof", path(&proof)],
        vec!["verify", path(&dir)],
    ] {
        let out = mnk().args(&args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        let e = String::from_utf8(out.stderr).unwrap();
        assert!(e.contains("solved with --no-proof"), "{args:?}: {e}");
    }
    assert!(!proof.exists());
    // The same job without --no-proof is solved again, for its proof.
    let first = &jobs(&dir)[0];
    let v = json(&["solve", "--job", path(first), "--threads", "1"]);
    assert_eq!(v["value"], "draw");
    assert!(first.with_extension("proof").exists());
    let result = std::fs::read_to_string(first.with_extension("result")).unwrap();
    assert!(!result.contains("\nproof -\n"), "{result}");
    // A proof that cannot be written (its file a link to /dev/full, where every write fails
    // with "no space left"): the value is kept, as a stopped result whose bounds meet, and
    // the job fails; the combination uses the value.
    let second = &jobs(&dir)[1];
    std::fs::remove_file(second.with_extension("result")).unwrap();
    std::os::unix::fs::symlink("/dev/full", second.with_extension("proof")).unwrap();
    let out = mnk()
        .args(["solve", "--job", path(second), "--threads", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let result = std::fs::read_to_string(second.with_extension("result")).unwrap();
    assert!(
        result.contains(
            "value none\nat-least draw\nat-most draw\nstopped the value is proved, but its \
             proof was not written: "
        ),
        "{result}"
    );
    let v = json(&["solve", "--combine", path(&dir)]);
    assert_eq!(v["value"], "draw");
    assert_eq!(v["jobs"]["stopped"][0]["known"], "draw");
    let (ok, v) = json_of(&["solve", "--combine", path(&dir), "--proof", path(&proof)]);
    assert!(!ok);
    assert_eq!(
        v["value"], "draw",
        "the combination is told before the proof fails"
    );
    assert!(
        v["proof_error"]
            .as_str()
            .unwrap()
            .contains("was proved but its proof not written"),
        "{v}"
    );
    // Its next run, the proof writable again, solves it again for the proof.
    std::fs::remove_file(second.with_extension("proof")).unwrap();
    let v = json(&["solve", "--job", path(second), "--threads", "1"]);
    assert_eq!(v["value"], "draw");
    assert!(second.with_extension("proof").is_file());
    let result = std::fs::read_to_string(second.with_extension("result")).unwrap();
    assert!(result.contains("value draw\n"), "{result}");
    // Only with --job.
    let more = dir.join("more");
    for args in [
        vec!["solve", "--size", "3", "--no-proof"],
        vec!["solve", "--split", "1", "--jobs", path(&more), "--no-proof"],
    ] {
        mnk().args(&args).assert().code(2);
    }
    assert!(!more.exists());
}

/// A job killed while it works leaves no result: the combination says it is missing.
#[test]
fn a_killed_job_leaves_no_result() {
    let dir = scratch("killed");
    // 8x8 k=5: no job of it ends in a few seconds.
    split(&["--size", "8", "--k", "5"], 1, &dir);
    let first = jobs(&dir)[0].clone();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("mnk"))
        .args([
            "solve",
            "--job",
            path(&first),
            "--threads",
            "1",
            "--memory",
            "64",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    child.kill().unwrap();
    child.wait().unwrap();
    let left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".job"))
        .collect();
    assert!(left.iter().all(|n| n.ends_with(".tmp")), "{left:?}");
    let (ok, v) = json_of(&["solve", "--combine", path(&dir)]);
    assert!(!ok);
    assert_eq!(v["jobs"]["missing"].as_array().unwrap().len(), 10);
}

/// Job files, results, proofs and checkpoints of another game, another version, or cut short
/// are refused, named, with why.
#[test]
fn damaged_or_foreign_files_are_refused_with_their_names() {
    let dir = scratch("foreign");
    split(&["--size", "4x4", "--k", "4"], 1, &dir);
    let other = scratch("foreign-other");
    split(&["--size", "5x4", "--k", "4"], 1, &other);
    let job = dir.join("1.job");
    let text = std::fs::read_to_string(&job).unwrap();
    let stderr = |args: &[&str]| {
        let out = mnk().args(args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    // A job file cut short.
    let cut = dir.join("cut.job");
    std::fs::write(&cut, &text[..text.len() - 4]).unwrap();
    let e = stderr(&["solve", "--job", path(&cut)]);
    assert!(e.contains("cut.job") && e.contains("cut short"), "{e}");
    // ... and so the combination refuses the directory, naming it.
    let e = stderr(&["solve", "--combine", path(&dir)]);
    assert!(e.contains("cut.job"), "{e}");
    std::fs::remove_file(&cut).unwrap();
    // Another version.
    let newer = dir.join("newer.job");
    std::fs::write(&newer, text.replace("mnk-job 1", "mnk-job 2")).unwrap();
    let e = stderr(&["solve", "--job", path(&newer)]);
    assert!(e.contains("newer.job") && e.contains("version"), "{e}");
    std::fs::remove_file(&newer).unwrap();
    // A job of another split among this one's.
    let stranger = dir.join("stranger.job");
    std::fs::copy(other.join("1.job"), &stranger).unwrap();
    let e = stderr(&["solve", "--combine", path(&dir)]);
    assert!(e.contains("stranger.job") && e.contains("5x4 k=4"), "{e}");
    std::fs::remove_file(&stranger).unwrap();
    // A checkpoint of another game: the job refuses to start from it.
    let table = dir.join("5x4.table");
    mnk()
        .args([
            "solve",
            "--size",
            "5x4",
            "--k",
            "4",
            "--threads",
            "1",
            "--memory",
            "16",
        ])
        .args(["--checkpoint", path(&table)])
        .assert()
        .success();
    let e = stderr(&["solve", "--job", path(&job), "--checkpoint", path(&table)]);
    assert!(e.contains("5x4.table") && e.contains("5x4 k=4"), "{e}");
    // Results: one cut short, one of another game; both failed, by name, and no value.
    for j in jobs(&dir) {
        solve_job(&j);
    }
    let result = dir.join("1.result");
    let whole = std::fs::read_to_string(&result).unwrap();
    std::fs::write(&result, &whole[..whole.len() - 4]).unwrap();
    solve_job(&other.join("1.job"));
    std::fs::copy(other.join("1.result"), dir.join("2.result")).unwrap();
    let (ok, v) = json_of(&["solve", "--combine", path(&dir)]);
    assert!(!ok, "{v}");
    let failed = v["jobs"]["failed"].as_array().unwrap();
    let why = |name: &str| {
        failed
            .iter()
            .find(|f| f["job"] == name)
            .map(|f| f["why"].as_str().unwrap().to_string())
            .unwrap_or_default()
    };
    assert!(
        why("1").contains("1.result") && why("1").contains("cut short"),
        "{v}"
    );
    assert!(
        why("2").contains("2.result") && why("2").contains("5x4 k=4"),
        "{v}"
    );
    // A proof changed after its result was written: the combined proof is refused.
    std::fs::write(&result, &whole).unwrap();
    std::fs::remove_file(dir.join("2.result")).unwrap();
    solve_job(&dir.join("2.job"));
    let proof = dir.join("1.proof");
    let mut bytes = std::fs::read(&proof).unwrap();
    bytes.push(b'\n');
    std::fs::write(&proof, bytes).unwrap();
    let e = stderr(&[
        "solve",
        "--combine",
        path(&dir),
        "--proof",
        path(&dir.join("all.proof")),
    ]);
    assert!(e.contains("1.proof") && e.contains("checksum"), "{e}");
    // A directory with a split already in it is not split into again.
    let e = stderr(&[
        "solve",
        "--size",
        "4x4",
        "--k",
        "4",
        "--split",
        "1",
        "--jobs",
        path(&dir),
    ]);
    assert!(e.contains("already"), "{e}");
}

/// The games of a match and of its three shards, by number (the lines without the header).
/// The results of (8,8,5)'s jobs kept in the repository (`data/solve/8x8-k5-d2`, see
/// docs/solver.md) still belong to the split this build makes and combine to what they were
/// measured to say: X's half, "not a loss" after each of O's 35 replies to d5, makes the
/// empty board "not a loss" for X; each job that settled "not a win" for X makes the other
/// replies to its first move unnecessary, one reply that holds being all O needs.
#[test]
fn the_8x8_k5_results_kept_in_the_repository_still_combine() {
    let kept = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/solve/8x8-k5-d2");
    let dir = scratch("8x8-k5");
    assert_eq!(split(&["--size", "8", "--k", "5"], 2, &dir), 518);
    let mut results = Vec::new();
    for entry in std::fs::read_dir(&kept).unwrap() {
        let file = entry.unwrap().path();
        if file.extension().is_some_and(|x| x == "result") {
            std::fs::copy(&file, dir.join(file.file_name().unwrap())).unwrap();
            results.push(std::fs::read_to_string(&file).unwrap());
        }
    }
    let (ok, v) = json_of(&["solve", "--combine", path(&dir)]);
    assert!(!ok, "(8,8,5) is not settled by these: {v}");
    let jobs = &v["jobs"];
    assert_eq!(jobs["failed"], serde_json::json!([]), "{v}");
    let settled =
        jobs["proved"].as_u64().unwrap() as usize + jobs["stopped"].as_array().unwrap().len();
    assert_eq!(settled, results.len(), "{v}");
    let replies_to_d5 = results
        .iter()
        .filter(|r| r.contains("\nmoves d5 ") && !r.contains("at-least loss\n"))
        .count();
    assert_eq!(replies_to_d5, 35, "X's half is kept whole");
    assert_eq!(v["at_least"], "draw", "{v}");
    // X's first moves up to symmetry: ten groups covering the 64 cells; d5's four a draw,
    // and what each other group still needs adds up to the jobs still needed.
    let groups = v["after_each_move"].as_array().unwrap();
    assert_eq!(groups.len(), 10, "{v}");
    let cells: usize = groups
        .iter()
        .map(|g| g["moves"].as_array().unwrap().len())
        .sum();
    assert_eq!(cells, 64, "{v}");
    let centre = groups
        .iter()
        .find(|g| g["moves"][0] == "d5")
        .expect("d5's group");
    assert_eq!(centre["moves"].as_array().unwrap().len(), 4, "{v}");
    assert_eq!(
        (&centre["at_least"], &centre["at_most"]),
        (&"draw".into(), &"draw".into())
    );
    assert_eq!(centre["needed"], 0, "{v}");
    let needed: u64 = groups.iter().map(|g| g["needed"].as_u64().unwrap()).sum();
    assert_eq!(
        needed as usize,
        jobs["needed"].as_array().unwrap().len(),
        "{v}"
    );
    assert!(needed > 0, "{v}");
    let out = mnk()
        .args(["solve", "--combine", path(&dir)])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\n  d5 e5 d4 e4: draw\n"), "{text}");
    assert!(
        text.contains("\nstill needed (any of them can change the answer): "),
        "{text}"
    );
    let unnecessary: Vec<&str> = jobs["unnecessary"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| j.as_str().unwrap())
        .collect();
    let holding: Vec<&str> = results
        .iter()
        .filter(|r| r.contains("value draw\n") || r.contains("at-most draw\n"))
        .map(|r| r.lines().find_map(|l| l.strip_prefix("moves ")).unwrap())
        .collect();
    assert!(!holding.is_empty(), "O's half has begun");
    for moves in holding {
        let first = moves.split(' ').next().unwrap();
        for job in self::jobs(&dir) {
            let text = std::fs::read_to_string(&job).unwrap();
            let theirs = text.lines().find_map(|l| l.strip_prefix("moves ")).unwrap();
            if theirs.split(' ').next() == Some(first) && theirs != moves {
                let name = job.file_stem().unwrap().to_str().unwrap();
                assert!(
                    unnecessary.contains(&name) || job.with_extension("result").exists(),
                    "{theirs} is not needed once {moves} holds: {v}"
                );
            }
        }
    }
}

fn games_by_number(files: &[PathBuf]) -> Vec<String> {
    let mut lines: Vec<(usize, String)> = Vec::new();
    for f in files {
        for line in std::fs::read_to_string(f).unwrap().lines().skip(1) {
            let number = line
                .split("# game ")
                .nth(1)
                .unwrap()
                .split(':')
                .next()
                .unwrap();
            lines.push((number.parse().unwrap(), line.to_string()));
        }
    }
    lines.sort();
    lines.into_iter().map(|(_, l)| l).collect()
}

/// A match played whole and in three shards: the shards play exactly the whole match's games,
/// game for game, and their combination gives its totals and Elo.
#[test]
fn shards_of_a_match_play_its_games_and_combine_to_its_totals() {
    let dir = scratch("shards");
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "e5 d4\ne5 f6 d4\ne5 e4\nd5\n").unwrap();
    let players = ["match", "gomoku-pruned:depth=2", "gomoku-alphabeta:depth=1"];
    let game = [
        "--size",
        "9",
        "--k",
        "5",
        "--games",
        "14",
        "--openings",
        path(&openings),
        "--jobs",
        "1",
    ];
    let whole_file = dir.join("whole.txt");
    let whole = json(&[&players[..], &game[..], &["--save", path(&whole_file)]].concat());
    let mut shards = Vec::new();
    for i in 1..=3 {
        let file = dir.join(format!("shard-{i}.txt"));
        let shard = format!("{i}/3");
        let v = json(
            &[
                &players[..],
                &game[..],
                &["--shard", &shard, "--save", path(&file)],
            ]
            .concat(),
        );
        assert_eq!(v["shard"], shard);
        assert_eq!(v["games"], [5, 5, 4][i - 1]);
        shards.push(file);
    }
    assert_eq!(
        games_by_number(&shards),
        games_by_number(std::slice::from_ref(&whole_file))
    );
    let files: Vec<&str> = shards.iter().map(|p| path(p)).collect();
    let combined = json(
        &[
            &["match", "--combine"][..],
            &files[..],
            &["--sprt", "0,100"],
        ]
        .concat(),
    );
    for field in [
        "a",
        "b",
        "games",
        "a_wins",
        "b_wins",
        "draws",
        "score",
        "elo",
        "elo_error",
        "elo_is_bound",
        "a_spec",
        "b_spec",
        "variant",
        "openings",
        "a_forfeits",
        "b_forfeits",
    ] {
        assert_eq!(combined[field], whole[field], "{field}");
    }
    assert_eq!(combined["missing_games"], 0);
    assert!(["H1", "H0", "continue"].contains(&combined["sprt"]["verdict"].as_str().unwrap()));
    // A shard missing: the games found, and what is missing said.
    let (ok, partial) = json_of(&["match", "--combine", files[0], files[2]]);
    assert!(ok);
    assert_eq!(
        (&partial["games"], &partial["missing_games"]),
        (&Value::from(9), &Value::from(5))
    );
    assert_eq!(partial["missing_shards"], serde_json::json!([2]));
    // The same shard twice, or the games of another match: refused, by name.
    let out = mnk()
        .args(["match", "--combine", files[0], files[0]])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("shard 1/3 again"));
    let out = mnk()
        .args(["match", "--combine", files[0], path(&whole_file)])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let e = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        e.contains("whole.txt") && e.contains("another match"),
        "{e}"
    );
    // A file that is not a saved match.
    let out = mnk()
        .args(["match", "--combine", path(&openings)])
        .output()
        .unwrap();
    let e = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(e.contains("openings.txt: line 1"), "{e}");
}

/// `--sprt` on a match played whole: the ratio and the verdict on its counts.
#[test]
fn a_match_reports_its_sprt() {
    let v = json(&[
        "match", "perfect", "rules", "--games", "6", "--sprt", "-10,10",
    ]);
    let sprt = &v["sprt"];
    assert_eq!(
        (&sprt["elo0"], &sprt["elo1"]),
        (&Value::from(-10.0), &Value::from(10.0))
    );
    assert!(sprt["llr"].is_number() && sprt["lower"].as_f64().unwrap() < 0.0);
    let out = mnk()
        .args(["match", "perfect", "rules", "--sprt", "10,0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("ELO0,ELO1"));
}
