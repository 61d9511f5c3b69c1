//! The `mnk` command end to end: exit codes, JSON contracts and messages.

mod json;

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn mnk() -> Command {
    Command::cargo_bin("mnk").unwrap()
}

fn json(args: &[&str]) -> Value {
    json::json_ok(&format!("{args:?}"), &mnk().args(args).output().unwrap())
}

#[test]
fn piped_play_exits_cleanly() {
    mnk()
        .arg("play")
        .write_stdin("b2\nquit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("O (perfect) plays"));
    mnk().write_stdin("b2\nquit\n").assert().success();
    mnk().write_stdin("").assert().success();
}

#[test]
fn perft_json_contract() {
    let expected = [
        1u64, 9, 72, 504, 3024, 15120, 54720, 148_176, 200_448, 127_872,
    ];
    for (depth, &nodes) in expected.iter().enumerate() {
        let v = json(&[
            "perft",
            "--size",
            "3x3",
            "--k",
            "3",
            "--depth",
            &depth.to_string(),
            "--json",
        ]);
        assert_eq!(v, serde_json::json!({"depth": depth, "nodes": nodes}));
    }
}

#[test]
fn count_json_contract() {
    let v = json(&["count", "--size", "3x3", "--k", "3", "--json"]);
    assert_eq!(v["positions"], 5478);
    assert_eq!(v["terminal"], 958);
    assert_eq!(v["positions_up_to_symmetry"], 765);
    assert_eq!(v["games"], 255_168);
    assert_eq!(v["x_wins"], 131_184);
    assert_eq!(v["o_wins"], 77_904);
    assert_eq!(v["draws"], 46_080);
}

#[test]
fn best_json_contract() {
    // Seed 004's findBestMove on the empty board: every move draws, the first is (0, 0) = a3.
    let v = json(&[
        "best", "--size", "3x3", "--k", "3", "--ai", "minimax", "--json",
    ]);
    assert_eq!(v["move"], "a3");
    assert_eq!(v["value"], 0.0);
    assert_eq!(v["nodes"], 549_946);
    assert!(v["time_ms"].as_f64().unwrap() > 0.0);
    let v = json(&["best", "--moves", "a1 b1 a2 b2", "--ai", "rules", "--json"]);
    assert_eq!(v["move"], "a3");
    assert!(v["value"].is_null());
    let v = json(&["best", "--moves", "b2 a1", "--ai", "perfect", "--json"]);
    assert_eq!(v["value"], 0.0);
    assert_eq!(v["value_text"], "draw");
}

#[test]
fn players_lists_every_name_with_its_seed() {
    let out = mnk()
        .arg("players")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    for name in [
        "rules",
        "minimax",
        "alphabeta",
        "gametree",
        "gomoku-minimax",
        "gomoku-alphabeta",
        "gomoku-pruned",
        "perfect",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(name)),
            "{name} missing:\n{text}"
        );
    }
    assert!(text.contains("seed 002") && text.contains("seed 003") && text.contains("seed 004"));
    // Who plays renju, as the catalog declares it: the players that know its forbidden moves.
    let json = mnk().args(["players", "--json"]).assert().success();
    let list: serde_json::Value = serde_json::from_slice(&json.get_output().stdout).unwrap();
    let renju: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["forbidden_moves"] == true)
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        renju,
        [
            "rules",
            "minimax",
            "minimax-iterative",
            "alphabeta",
            "gametree",
            "gomoku-minimax",
            "gomoku-alphabeta",
            "gomoku-pruned",
            "perfect",
            "engine",
            "mcts",
            "vcf",
            "vct"
        ]
    );
    assert_eq!(text.matches("plays renju").count(), renju.len());
}

#[test]
fn bad_command_lines_exit_nonzero_with_a_reason() {
    mnk()
        .args(["--size", "30"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("1 to 26"));
    mnk()
        .args(["--size", "3", "--k", "4"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("k must be 1 to 3"));
    mnk()
        .args(["best", "--ai", "nobody"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown player"));
    mnk()
        .args(["best", "--moves", "b2 b2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("b2 is already taken"));
    mnk()
        .args(["best", "--moves", "q7"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("off the board"));
    mnk()
        .args(["best", "--moves", "a1 b1 a2 b2 a3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("already over"));
    mnk().args(["perft", "--depth", "x"]).assert().code(2);
    mnk()
        .args(["count", "--size", "5", "--k", "4"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("try a smaller board"));
    mnk()
        .args(["play", "--rule", "caro"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("freestyle"));
    mnk()
        .args(["play", "--rule", "renju", "--k", "4"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("k = 5"));
}

/// Renju on a small board: the solver plays by black's forbidden points (white's four whose
/// only block is black's double three wins at once), and writes no proof for a checker that
/// does not judge them.
#[test]
fn solve_renju_on_a_small_board() {
    let moves = "b4 a7 c4 b6 d6 c5 d5";
    let v = json(&[
        "solve", "--size", "7", "--rule", "renju", "--moves", moves, "--json",
    ]);
    assert_eq!(
        (
            v["value"].as_str(),
            v["best_move"].as_str(),
            v["moves_to_end"].as_u64()
        ),
        (Some("win"), Some("e3"), Some(3))
    );
    // Black, after it, loses: d4 is forbidden.
    let v = json(&[
        "solve",
        "--size",
        "7",
        "--rule",
        "renju",
        "--moves",
        &format!("{moves} e3"),
        "--json",
    ]);
    assert_eq!(v["value"], "loss");
    assert_ne!(v["best_move"], "d4");
    let v = json(&["solve", "--size", "5", "--rule", "renju", "--json"]);
    assert_eq!(v["value"], "draw");
    // The ideas renju switches off are reported off.
    assert_eq!(
        v["ideas_off"],
        serde_json::json!([
            "dead-cells",
            "dfpn",
            "zones",
            "drawing-zones",
            "refutation-zones",
            "vct"
        ])
    );
    mnk()
        .args([
            "solve", "--size", "5", "--rule", "renju", "--proof", "p.txt",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no proof is written under the renju rule",
        ));
}

#[test]
fn a_player_out_of_its_depth_says_so() {
    // Refused before it searches (a bad choice on the command line), with what would do.
    mnk()
        .args(["best", "--size", "5", "--k", "4", "--ai", "gametree"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "gametree plays positions with at most 15 empty cells; this one has 25: choose perfect",
        ));
}

#[test]
fn ci_runs_the_readme_test_command() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let ci = std::fs::read_to_string(root.join(".ci/run")).unwrap();
    let command = ci.lines().last().unwrap().trim();
    assert_eq!(command, "bash scripts/test");
    assert!(
        readme.contains(&format!("```sh\n{command}\n```")),
        "README must give `{command}` as the test command"
    );
    assert!(readme.contains("```sh\ncargo run --release -p mnk-cli\n```"));
}

#[test]
fn solve_json_contract() {
    let five = [
        "solve",
        "--size",
        "5x5",
        "--k",
        "4",
        "--json",
        "--threads",
        "1",
    ];
    let v = json(&five);
    assert_eq!(v["value"], "draw");
    assert_eq!(v["best_move"], "c3");
    assert!(v["nodes"].as_u64().unwrap() > 0);
    assert!(v["time_ms"].as_f64().unwrap() >= 0.0);
    assert!(v["tt_entries"].as_u64().unwrap() > 0);
    assert_eq!(v["stopped"], false);
    assert_eq!(v["stats"], Value::Null, "only with --stats");
    // --stats: each search's nodes add up to the whole; the zones by stones.
    let s = json(&[&five[..], &["--stats"]].concat());
    let stats = &s["stats"];
    assert_eq!(
        stats["alpha_beta_nodes"].as_u64().unwrap() + stats["proof_number_nodes"].as_u64().unwrap(),
        s["nodes"].as_u64().unwrap()
    );
    let rows = stats["zones"].as_array().unwrap();
    assert!(!rows.is_empty());
    let skipped: u64 = rows.iter().map(|r| r["skipped"].as_u64().unwrap()).sum();
    assert!(skipped > 0, "{stats}");
    for r in rows {
        assert!(r["zone_cells"].as_u64() <= r["empty_cells"].as_u64(), "{r}");
        assert!(r["zone_share"].as_f64().is_none_or(|x| x <= 1.0), "{r}");
    }
    // The pairings by stones: found and given up on are parts of those asked.
    let pairings = stats["pairings"].as_array().unwrap();
    let found: u64 = pairings.iter().map(|r| r["found"].as_u64().unwrap()).sum();
    assert!(found > 0, "{stats}");
    for r in pairings {
        let n = |f: &str| r[f].as_u64().unwrap();
        assert!(n("found") + n("gave_up") <= n("asked"), "{r}");
        assert!(n("stones") < 25, "{r}");
    }
    mnk()
        .args(["solve", "--size", "4", "--k", "3", "--stats"])
        .assert()
        .success()
        .stdout(predicate::str::contains("searches: alpha-beta "));
    let v = json(&[
        "solve",
        "--size",
        "4x3",
        "--k",
        "3",
        "--json",
        "--threads",
        "2",
    ]);
    assert_eq!(
        (v["value"].as_str(), v["moves_to_end"].as_u64()),
        (Some("win"), Some(7))
    );
    let v = json(&[
        "solve",
        "--size",
        "5",
        "--k",
        "4",
        "--moves",
        "c3",
        "--each-move",
        "--json",
    ]);
    let drawing: Vec<&str> = v["each_move"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["value"] == "draw")
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(drawing, ["b4", "d4", "b2", "d2"]);
    mnk()
        .args(["solve", "--size", "3", "--without", "pairing,vcf"])
        .assert()
        .success()
        .stdout(predicate::str::contains("3x3 k=3, X to move: draw"))
        .stdout(predicate::str::contains("ideas: without pairing, vcf"));
    // Victory by continuous threats is off unless asked for; with it the value stands.
    let out = mnk()
        .args([
            "solve",
            "--size",
            "5x5",
            "--k",
            "4",
            "--threads",
            "1",
            "--json",
        ])
        .args(["--with", "vct", "--distance", "never"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"], "draw");
    assert_eq!(v["ideas_off"], serde_json::json!([]));
    mnk()
        .args(["solve", "--size", "3", "--with", "vct,telepathy"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown solver idea 'telepathy'"));
}

#[test]
fn a_proof_written_by_solve_is_checked_by_verify_and_a_spoiled_one_is_not() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("5x5k4.proof");
    let path = file.to_str().unwrap();
    let v = json(&[
        "solve",
        "--size",
        "5",
        "--k",
        "4",
        "--threads",
        "1",
        "--proof",
        path,
        "--json",
    ]);
    assert_eq!(v["value"], "draw");
    let records = v["proof"]["records"].as_u64().unwrap();
    assert!(records > 0, "{v}");
    assert_eq!(v["proof"]["file"], path);
    let checked = json(&["verify", path, "--json"]);
    assert_eq!(checked["valid"], true);
    assert_eq!(checked["value"], "draw");
    assert_eq!(checked["to_move"], "X");
    assert_eq!(checked["records"].as_u64(), Some(records));
    assert!(checked["nodes"].as_u64().unwrap() > 0);
    mnk()
        .args(["verify", path])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "5x5 k=4, the empty board, X to move: draw (proof checked)",
        ));
    // A win after moves, in text.
    let win = dir.path().join("win.proof");
    mnk()
        .args(["solve", "--size", "4", "--k", "3", "--moves", "b2 a1"])
        .arg("--proof")
        .arg(&win)
        .assert()
        .success()
        .stdout(predicate::str::contains("proof: "));
    mnk()
        .arg("verify")
        .arg(&win)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "4x4 k=3, after b2 a1, X to move: win (proof checked)",
        ));

    // Move records of the draw's proof taken out one at a time: the proof no longer holds,
    // and the error names the first position that fails. (A pairing taken out may leave a
    // proof that still holds: the replies after it can be covered by other records.)
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let records: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].contains(" move "))
        .collect();
    let spoiled = dir.path().join("spoiled.proof");
    for &i in records.iter().step_by((records.len() / 8).max(1)) {
        let mut kept: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        kept.remove(i);
        // Keep the section's count right, so that the check (not the reader) fails.
        let header = (0..i)
            .rev()
            .find(|&h| kept[h].starts_with("section "))
            .unwrap();
        let mut words: Vec<String> = kept[header].split(' ').map(String::from).collect();
        let count: usize = words[3].parse().unwrap();
        words[3] = (count - 1).to_string();
        kept[header] = words.join(" ");
        std::fs::write(&spoiled, kept.join("\n") + "\n").unwrap();
        let out = mnk().arg("verify").arg(&spoiled).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "line {i} taken out");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("does not hold"), "{err}");
        assert!(err.contains("section '"), "{err}");
    }
    // Cut short: the reader says where.
    std::fs::write(&spoiled, lines[..lines.len() / 2].join("\n")).unwrap();
    mnk()
        .arg("verify")
        .arg(&spoiled)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not a proof mnk can read: line"));
    mnk().args(["verify", "/no/such/proof"]).assert().code(2);
    mnk()
        .args(["solve", "--proof", "/no/such/dir/x.proof"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "not a file in an existing directory",
        ));
}

#[test]
fn a_solve_stopped_with_a_checkpoint_resumes_from_it() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("5x5k4.table");
    let path = table.to_str().unwrap();
    let out = mnk()
        .args([
            "solve",
            "--size",
            "5",
            "--k",
            "4",
            "--threads",
            "1",
            "--nodes",
            "3000",
        ])
        .args(["--checkpoint", path, "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "stopped by --nodes");
    let stopped: Value = serde_json::from_slice(&out.stdout).unwrap();
    let entries = stopped["checkpoint"]["entries"].as_u64().unwrap();
    assert!(entries > 0, "{stopped}");
    let resumed = json(&[
        "solve",
        "--size",
        "5",
        "--k",
        "4",
        "--threads",
        "1",
        "--checkpoint",
        path,
        "--resume",
        "--json",
    ]);
    assert_eq!(resumed["value"], "draw");
    assert_eq!(resumed["resumed_entries"].as_u64(), Some(entries));
    let fresh = json(&[
        "solve",
        "--size",
        "5",
        "--k",
        "4",
        "--threads",
        "1",
        "--json",
    ]);
    assert!(
        resumed["nodes"].as_u64().unwrap() < fresh["nodes"].as_u64().unwrap() * 3 / 4,
        "{resumed} {fresh}"
    );
    // Another game's checkpoint is refused, with what it holds.
    mnk()
        .args([
            "solve",
            "--size",
            "4",
            "--k",
            "4",
            "--checkpoint",
            path,
            "--resume",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("a checkpoint of 5x5 k=4"));
    mnk()
        .args(["solve", "--resume"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--checkpoint"));
}

#[test]
fn a_solve_interrupted_twice_at_once_says_what_it_knows_and_keeps_its_checkpoint() {
    // Was: `timeout -s INT` signals the command and then its process group; the second
    // interrupt, at once, left before the solve printed anything or wrote its checkpoint.
    use std::io::Read;
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("8x8k5.table");
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("mnk"))
        .args(["solve", "--size", "8x8", "--k", "5", "--threads", "1"])
        .args(["--memory", "64", "--json", "--checkpoint"])
        .arg(&table)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut child = KillOnDrop(child);
    let pid = child.0.id().to_string();
    // The solve catches SIGINT (signal 2: bit 1 of the mask) once its search starts.
    let catches_sigint = || {
        std::fs::read_to_string(format!("/proc/{pid}/status"))
            .unwrap_or_default()
            .lines()
            .find_map(|line| line.strip_prefix("SigCgt:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .is_some_and(|mask| mask & 2 != 0)
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !catches_sigint() {
        assert!(std::time::Instant::now() < deadline, "SIGINT never caught");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    // A second of search: its checkpoint takes a while to write, as a long solve's does.
    std::thread::sleep(std::time::Duration::from_secs(1));
    let sent = std::process::Command::new("sh")
        .args([
            "-c",
            &format!("kill -INT {pid}; sleep 0.01; kill -INT {pid}"),
        ])
        .status()
        .unwrap();
    assert!(sent.success());
    let (mut stdout, mut stderr) = (String::new(), String::new());
    child
        .0
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    child
        .0
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!(child.0.wait().unwrap().code(), Some(1), "{stderr}");
    assert!(stderr.contains("not proved (interrupted after"), "{stderr}");
    let stopped: Value = serde_json::from_str(&stdout).expect(&stderr);
    assert_eq!(stopped["stopped"], "interrupted", "{stopped}");
    assert!(
        stopped["checkpoint"]["entries"].as_u64().unwrap() > 0,
        "{stopped}"
    );
    assert!(table.exists());
}

#[test]
fn a_solve_out_of_its_limits_says_what_it_knows() {
    let out = mnk()
        .args([
            "solve", "--size", "7", "--k", "5", "--nodes", "2000", "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"], Value::Null);
    assert_eq!(v["stopped"], "limit reached");
    assert!(v["known"].is_string());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not proved"));
    for bad in [
        &["solve", "--size", "9", "--k", "5"][..],
        &["solve", "--memory", "0"],
        &["solve", "--threads", "0"],
        &["solve", "--without", "telepathy"],
        &["solve", "--moves", "a1 a2 b1 b2 c1"],
    ] {
        mnk()
            .args(bad)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("error"));
    }
}

#[test]
fn pbrain_speaks_the_gomocup_protocol() {
    let out = mnk()
        .args(["pbrain", "--ai", "rules"])
        .write_stdin("ABOUT\r\nSTART 15\r\nBEGIN\r\nHELLO\r\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("MESSAGE") && !l.starts_with("DEBUG"))
        .collect();
    assert_eq!(answers.len(), 4, "{text}");
    assert!(answers[0].starts_with("name=\"mnk\""), "{text}");
    assert_eq!(answers[1..3], ["OK", "7,7"]);
    assert!(answers[3].starts_with("UNKNOWN"), "{text}");
    mnk()
        .args(["pbrain", "--k", "0"])
        .assert()
        .failure()
        .code(2);
}

#[test]
fn bench_ends_with_its_signature_line_and_repeats_it() {
    let run = || {
        let out = mnk()
            .args(["bench", "--depth-offset", "-5", "--quiet"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let last = text.lines().last().unwrap().to_string();
        let words: Vec<&str> = last.split(' ').collect();
        assert_eq!(words.len(), 4, "{last}");
        assert_eq!((words[1], words[3]), ("nodes", "nps"), "{last}");
        words[0].parse::<u64>().unwrap()
    };
    let n = run();
    assert!(n > 0);
    assert_eq!(
        run(),
        n,
        "the node count is a signature: the same every run"
    );
    // An offset that would search for hours is refused, saying what is accepted.
    mnk()
        .args(["bench", "--depth-offset", "1000"])
        .assert()
        .failure()
        .code(2)
        .stderr(predicates::str::contains("-8..=4"));
}

#[test]
fn bench_stats_say_what_each_search_did_without_changing_it() {
    let plain = mnk()
        .args(["bench", "--depth-offset", "-4", "--quiet"])
        .output()
        .unwrap();
    let signature: u64 = String::from_utf8(plain.stdout)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let v = json(&["bench", "--depth-offset", "-4", "--stats", "--json"]);
    // Counting changes nothing: the same nodes, position by position and in all.
    assert_eq!(v["nodes"], signature, "{v}");
    let rows = v["positions"].as_array().unwrap();
    assert_eq!(rows.len(), 12);
    let sum: u64 = rows.iter().map(|r| r["nodes"].as_u64().unwrap()).sum();
    assert_eq!(sum, signature);
    for row in rows {
        let s = &row["stats"];
        // The fixed depth, 4 plies less (at least 1), is the deepest iteration.
        let fixed = row["depth"].as_u64().unwrap();
        assert_eq!(s["depth"].as_u64().unwrap(), fixed, "{row}");
        let iterations = s["iterations"].as_array().unwrap();
        assert_eq!(iterations.len() as u64, fixed, "one per depth: {row}");
        assert!(
            s["first_move_cutoffs"].as_u64() <= s["cutoffs"].as_u64(),
            "{row}"
        );
        assert!(
            s["table_cutoffs"].as_u64() <= s["table_hits"].as_u64(),
            "{row}"
        );
        assert!(
            s["table_hits"].as_u64() <= s["table_probes"].as_u64(),
            "{row}"
        );
        assert!(
            s["nodes"].as_u64().unwrap() <= row["nodes"].as_u64().unwrap(),
            "{row}"
        );
        // A rate of the counts, null where there was nothing to count.
        for (rate, part, whole) in [
            ("first_move_cut_rate", "first_move_cutoffs", "cutoffs"),
            ("table_hit_rate", "table_hits", "table_probes"),
        ] {
            let (part, whole) = (s[part].as_u64().unwrap(), s[whole].as_u64().unwrap());
            if whole == 0 {
                assert!(s[rate].is_null(), "{rate}: {row}");
            } else {
                let r = s[rate].as_f64().unwrap();
                assert!(
                    (r - part as f64 / whole as f64).abs() < 1e-12,
                    "{rate}: {row}"
                );
            }
        }
    }
    let all = &v["stats"];
    let cutoffs: u64 = rows
        .iter()
        .map(|r| r["stats"]["cutoffs"].as_u64().unwrap())
        .sum();
    assert_eq!(all["cutoffs"], cutoffs, "{all}");
    // A timed bench searches to any depth: no fixed depth, and it says the time.
    let timed = json(&["bench", "--time-ms", "20", "--json"]);
    assert_eq!(timed["time_ms"], 20);
    assert!(timed["positions"][0]["depth"].is_null(), "{timed}");
    assert!(timed["stats"].is_null(), "only with --stats: {timed}");
    mnk()
        .args(["bench", "--time-ms", "0"])
        .assert()
        .failure()
        .code(2)
        .stderr(predicates::str::contains("1..=600000"));
}

#[test]
fn match_json_contract() {
    let v = json(&["match", "perfect", "rules", "--games", "4", "--json"]);
    for key in [
        "a",
        "b",
        "games",
        "a_wins",
        "b_wins",
        "draws",
        "score",
        "elo",
        "elo_error",
    ] {
        assert!(v.get(key).is_some(), "{key} missing: {v}");
    }
    assert_eq!(
        (v["a"].as_str(), v["b"].as_str()),
        (Some("perfect"), Some("rules"))
    );
    assert_eq!(v["games"], 4);
    assert_eq!(v["b_wins"], 0, "perfect never loses: {v}");
    let total = v["a_wins"].as_u64().unwrap() + v["draws"].as_u64().unwrap();
    assert_eq!(total, 4);
    assert!(v["score"].as_f64().unwrap() >= 0.5);
}

#[test]
fn match_engine_against_a_seed_player_with_an_opening_file() {
    let dir = std::env::temp_dir().join(format!("mnk-openings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    std::fs::write(&good, "# two openings\ne5 d4\n\ne5 f6 d4  # three stones\n").unwrap();
    let v = json(&[
        "match",
        "engine:depth=2",
        "gomoku-pruned:depth=1",
        "--size",
        "9",
        "--games",
        "4",
        "--openings",
        good.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(v["games"], 4);
    assert_eq!(v["a_wins"], 4, "{v}");
    assert_eq!(v["a_think"]["moves"].as_u64().map(|m| m > 0), Some(true));
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "e5 d4\ne5 e5\nzz\n").unwrap();
    mnk()
        .args(["match", "engine", "rules", "--size", "9", "--openings"])
        .arg(&bad)
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("line 2: 'e5 e5': e5 is already taken")
                .and(predicate::str::contains("line 3")),
        );
    mnk()
        .args(["match", "engine", "nobody"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown player 'nobody'"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn match_games_can_open_by_swap2() {
    let v = json(&[
        "match",
        "engine:depth=2",
        "gomoku-pruned:depth=1",
        "--size",
        "9",
        "--rule",
        "exact",
        "--games",
        "2",
        "--opening",
        "swap2",
        "--json",
    ]);
    assert_eq!(v["games"], 2);
    assert_eq!(v["openings"], "swap2 openings, the players opening in turn");
    let out = mnk()
        .args([
            "match",
            "rules",
            "rules",
            "--size",
            "9",
            "--games",
            "2",
            "--opening",
            "swap",
        ])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.contains("colours as each swap chose"), "{text}");
    for (extra, needle) in [
        (&["--opening", "caro"][..], "expected swap or swap2"),
        (
            &["--opening", "swap", "--openings", "none"][..],
            "cannot be used with",
        ),
    ] {
        mnk()
            .args(["match", "rules", "rules", "--size", "9"])
            .args(extra)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(needle));
    }
}

#[test]
fn vcf_answers_a_puzzle_or_says_it_found_nothing() {
    // X: h8 i8 j8 (blocked on g8) and k9 k10: k8 is a four and an open three.
    let moves = "h8 g8 i8 a1 j8 o1 k9 a15 k10 o15";
    let v = json(&[
        "best", "--size", "15", "--ai", "vcf", "--moves", moves, "--json",
    ]);
    assert_eq!(v["move"], "k8");
    assert_eq!(v["value_text"], "win in 5 for X");
    mnk()
        .args(["best", "--size", "15", "--ai", "vcf", "--moves", "h8 h9"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no forced win found for X"));
}

#[test]
fn a_solve_given_more_memory_than_there_is_takes_what_there_is() {
    // Was: an abort ("memory allocation of ... bytes failed") for the table's list of
    // segments, and 2.35 GB for --memory 99999999.
    for asked in ["99999999999", "99999999"] {
        let out = mnk()
            .args([
                "solve",
                "--size",
                "3",
                "--threads",
                "1",
                "--json",
                "--memory",
                asked,
            ])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["value"], "draw");
        assert!(v["memory_mb"].as_u64().unwrap() <= mnk::solve::MAX_TABLE_MIB);
        let note = String::from_utf8_lossy(&out.stderr);
        assert!(
            note.contains(&format!("--memory {asked} is more than")),
            "{note}"
        );
    }
}

/// Kills a command when the test ends, passed or not.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn match_save_keeps_every_finished_game_when_the_match_is_killed() {
    // Was: --save wrote nothing until the end, so a kill lost every finished game.
    let dir = std::env::temp_dir().join(format!("mnk-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.txt");
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("mnk"))
        .args([
            "match",
            "engine:time-ms=5",
            "engine:time-ms=5",
            "--size",
            "9",
            "--k",
            "5",
        ])
        .args(["--games", "400", "--jobs", "1", "--save"])
        .arg(&path)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut child = KillOnDrop(child);
    let lines = |text: &str| text.lines().count();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while lines(&std::fs::read_to_string(&path).unwrap_or_default()) < 4 {
        assert!(std::time::Instant::now() < deadline, "no game saved");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.0.kill().unwrap();
    child.0.wait().unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.ends_with('\n'), "{text}");
    // The first line says which match the games are of (for `mnk match --combine`).
    let (header, games) = text.split_once('\n').unwrap();
    assert!(header.starts_with("# mnk match 1: a engine"), "{header}");
    let games: Vec<&str> = games.lines().collect();
    assert!(games.len() >= 3 && games.len() < 400, "{}", games.len());
    for line in games {
        let (moves, comment) = line.split_once(" # game ").expect("a whole game line");
        assert!(
            comment.contains(": X engine") && comment.contains(" moves"),
            "{line}"
        );
        assert!(moves.split_whitespace().count() >= 9, "{line}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_at_the_prompt_of_play_prints_the_game_so_far() {
    // Was: exit 130 and the game lost. Ctrl-C still leaves, as it always does.
    use std::io::Read;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("mnk"))
        .args(["play", "--x", "human", "--o", "rules", "--moves", "b2 a3"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let mut seen = Vec::new();
    let mut chunk = [0u8; 256];
    while !String::from_utf8_lossy(&seen).contains("to move> ") {
        let n = stdout.read(&mut chunk).unwrap();
        assert!(n > 0, "no prompt: {}", String::from_utf8_lossy(&seen));
        seen.extend_from_slice(&chunk[..n]);
    }
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let mut said = String::new();
    stderr.read_to_string(&mut said).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    let text = said;
    assert!(text.contains("Interrupted. Moves so far: b2 a3"), "{text}");
}

#[test]
fn play_explains_a_line_that_is_not_text_and_keeps_the_game() {
    // Was: exit 1 without the moves.
    mnk()
        .args(["play", "--x", "human", "--o", "rules"])
        .write_stdin(b"b2\n\xff\xfe\nquit\n".to_vec())
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "cannot read that line: it is not UTF-8 text.",
        ))
        .stdout(predicate::str::contains("Bye. Moves so far: b2 a3"));
}

#[test]
fn output_its_reader_stopped_reading_is_not_an_error() {
    // Was: `mnk players | head -1` printed "error: Broken pipe (os error 32)" and exited 1.
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("mnk"))
        .args(["players"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The reader goes away before the command has written anything.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn values_say_whose_they_are_and_their_unit() {
    // Was: "value -143" (O's view) beside "Hint: ... +196" (X's view), with no unit.
    let out = mnk()
        .args([
            "play",
            "--size",
            "7",
            "--k",
            "5",
            "--x",
            "human",
            "--o",
            "alphabeta",
        ])
        .write_stdin("d4\nhint\nquit\n")
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(text.contains(", value O "), "{text}");
    assert!(text.contains("(score)"), "{text}");
    let hint = text.lines().find(|l| l.starts_with("Hint: ")).unwrap();
    assert!(
        hint.contains(", X ") && hint.ends_with(" (score))"),
        "{hint}"
    );
}

#[test]
fn a_clock_shows_at_the_prompt_and_a_flag_fall_ends_the_game() {
    use std::io::Write as _;
    let record = std::env::temp_dir().join(format!("mnk-flag-{}.sgf", std::process::id()));
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("mnk"))
        .args(["play", "--size", "9", "--k", "5", "--time-control", "1s"])
        .arg("--autosave")
        .arg(&record)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // X thinks longer than its second, then moves.
    std::thread::sleep(std::time::Duration::from_millis(1300));
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"e5\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    // The clock started with the game, a moment before the prompt.
    assert!(
        text.contains("X (you) to move [0:01.0 left]> ")
            || text.contains("X (you) to move [0:00.9 left]> "),
        "{text}"
    );
    assert!(
        text.contains("X's flag fell: O (engine) wins on time."),
        "{text}"
    );
    assert!(
        !text.contains("X played") && !text.contains("plays"),
        "{text}"
    );
    // The record says how the game ended: white (O) won on time.
    let sgf = std::fs::read_to_string(&record).unwrap();
    let _ = std::fs::remove_file(&record);
    assert!(sgf.contains("RE[W+T]"), "{sgf}");
}

#[test]
fn machines_play_a_whole_game_within_their_clocks() {
    let out = mnk()
        .args([
            "play", "--size", "9", "--k", "5", "--x", "engine", "--o", "engine",
        ])
        .args(["--time-control", "2s+100ms"])
        .write_stdin("")
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(!text.contains("flag fell"), "{text}");
    assert!(
        text.contains("wins with") || text.contains("Draw."),
        "{text}"
    );
    let bad = mnk()
        .args(["play", "--time-control", "soon"])
        .assert()
        .code(2);
    let err = String::from_utf8_lossy(&bad.get_output().stderr).into_owned();
    assert!(
        err.contains("cannot read 'soon' as a time control"),
        "{err}"
    );
}

#[test]
fn match_games_can_be_timed_with_an_increment() {
    let v = json(&[
        "match",
        "engine",
        "rules",
        "--size",
        "9",
        "--k",
        "5",
        "-n",
        "2",
        "--openings",
        "none",
        "--time-control",
        "2s+100ms",
        "--json",
    ]);
    assert_eq!(v["games"], 2);
    assert_eq!(v["a_forfeits"], 0, "{v}");
    assert_eq!(v["b_forfeits"], 0, "{v}");
    assert_eq!(v["a_wins"], 2, "{v}");
}

#[test]
fn selfplay_goes_on_from_the_next_game_and_writes_what_one_run_writes() {
    let dir = tempfile::tempdir().unwrap();
    let (once, twice) = (dir.path().join("once.txt"), dir.path().join("twice.txt"));
    let selfplay = |games: &str, out: &std::path::Path| {
        let mut cmd = mnk();
        cmd.args(["selfplay", "--size", "9", "--nodes", "200", "--jobs", "2"])
            .args(["--games", games, "--out", out.to_str().unwrap()]);
        cmd
    };
    selfplay("4", &once).assert().success().stdout(
        predicate::str::contains("4 games in").and(predicate::str::contains("(4 played now")),
    );
    selfplay("2", &twice).assert().success();
    selfplay("4", &twice)
        .assert()
        .success()
        .stdout(predicate::str::contains("(2 played now"));
    let (a, b) = (
        std::fs::read_to_string(&once).unwrap(),
        std::fs::read_to_string(&twice).unwrap(),
    );
    assert_eq!(a.lines().count(), 4);
    assert_eq!(a, b);
    // A file that is no games file is refused, and left as it was.
    std::fs::write(&once, "X a1 b2 | 3 oops\n").unwrap();
    selfplay("5", &once)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--out").and(predicate::str::contains("line 1")));
    assert_eq!(
        std::fs::read_to_string(&once).unwrap(),
        "X a1 b2 | 3 oops\n"
    );
}

/// `mnk tune` on 9x9 that plays no game and reads `games`.
fn tune_reading(games: &str) -> Command {
    let mut cmd = mnk();
    cmd.args(["tune", "--size", "9", "--games", "0", "--load-games", games]);
    cmd
}

#[test]
fn tune_saves_each_move_s_value_and_fits_labels_mixed_with_them() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games.txt");
    let weights = dir.path().join("weights.txt");
    let (games_s, weights_s) = (games.to_str().unwrap(), weights.to_str().unwrap());
    mnk()
        .args([
            "tune", "--size", "9", "--games", "3", "--nodes", "300", "--jobs", "1",
        ])
        .args(["--epochs", "1", "--save-games", games_s, "--out", weights_s])
        .assert()
        .success()
        .stdout(predicate::str::contains("3 games (0 read, 3 played)"));
    let text = std::fs::read_to_string(&games).unwrap();
    for line in text.lines() {
        // The winner, the moves, then one value per move: `-` for the random stones (2 by
        // default; no built-in openings on 9x9), then the search's values.
        let (game, values) = line.split_once(" | ").unwrap();
        let moves = game.split_whitespace().count() - 1;
        let values: Vec<&str> = values.split_whitespace().collect();
        assert_eq!(values.len(), moves, "{line}");
        assert!(values[..2].iter().all(|v| *v == "-"), "{line}");
        assert!(
            values[2..]
                .iter()
                .all(|v| v.parse::<i32>().is_ok() || ["win", "loss", "draw"].contains(v)),
            "{line}"
        );
    }
    let header = std::fs::read_to_string(&weights).unwrap();
    assert!(
        header.contains("labels 0.2 x result + 0.8 x search value"),
        "{header}"
    );
    // The move-ordering tables are fitted too, and written with the rest.
    assert!(header.contains("ordering: "), "{header}");
    let fitted = header.split("order_own").nth(1).unwrap();
    assert!(fitted.contains("order_opp"), "{header}");
    // The file reads back; the search's values alone are a label too.
    tune_reading(games_s)
        .args(["--epochs", "1", "--lambda", "0", "--out", weights_s])
        .assert()
        .success()
        .stdout(predicate::str::contains("3 games (3 read, 0 played)"));
    let header = std::fs::read_to_string(&weights).unwrap();
    assert!(header.contains("3 9x9 k=5 games (3 read from"), "{header}");
    assert!(!header.contains("self-play"), "{header}");
    // A fit can start from another weights file; a file that is not one is refused.
    tune_reading(games_s)
        .args(["--epochs", "1", "--from", weights_s, "--out", weights_s])
        .assert()
        .success();
    tune_reading(games_s)
        .args(["--from", games_s, "--out", weights_s])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--from"));
    // A value that is not one, or too few of them, is refused with its line.
    std::fs::write(&games, "X e5 d4 e6 | - 12\n").unwrap();
    tune_reading(games_s)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 1: 3 moves but 2 values"));
    std::fs::write(&games, "X e5 d4 e6 | - 12 much\n").unwrap();
    tune_reading(games_s)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("'much' is not a move's value"));
    // A game that cannot be played, or whose result its moves contradict, is refused with
    // its line (before, it was read and fitted as it was).
    std::fs::write(&games, "# ok\nX e5 d4 e6 d5 e7 d6 e8 d7 e9\nX e5 e5\n").unwrap();
    tune_reading(games_s)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 3: move 2 (e5)"));
    std::fs::write(&games, "O e5 d4 e6 d5 e7 d6 e8 d7 e9\n").unwrap();
    tune_reading(games_s)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "line 1: it says O won, but its moves end with X's win",
        ));
    std::fs::write(&games, "draw e5 d4 e6 d5 e7 d6 e8 d7 e9 d8\n").unwrap();
    tune_reading(games_s)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 1: move 10 (d8)"));
    // Lines without values (the older format) still read.
    std::fs::write(&games, "X e5 d4 e6 d5 e7 d6 e8 d7 e9\n").unwrap();
    tune_reading(games_s)
        .args(["--skip", "0", "--epochs", "1", "--out", weights_s])
        .assert()
        .success()
        .stdout(predicate::str::contains("1 games (1 read, 0 played)"));
    tune_reading(games_s)
        .args(["--lambda", "1.5", "--out", weights_s])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--lambda must be from 0"));
    // Several files are read in turn, gzipped ones (.gz) too; each is named in the header.
    let zipped = dir.path().join("more.txt.gz");
    let mut encoder = flate2::write::GzEncoder::new(
        std::fs::File::create(&zipped).unwrap(),
        flate2::Compression::default(),
    );
    std::io::Write::write_all(
        &mut encoder,
        b"# a comment\nO e5 d4 e6 d5 e7 d6 e8 d7 c3 d8\n",
    )
    .unwrap();
    encoder.finish().unwrap();
    let zipped_s = zipped.to_str().unwrap();
    tune_reading(games_s)
        .args(["--load-games", zipped_s])
        .args(["--skip", "0", "--epochs", "1", "--out", weights_s])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "2 games (2 read, 0 played): X won 1, O won 1",
        ));
    let header = std::fs::read_to_string(&weights).unwrap();
    assert!(
        header.contains(&format!("1 read from {games_s}; 1 read from {zipped_s}")),
        "{header}"
    );
    // A gzip bomb (100 MB of zeros in 100 KB) is refused at its first line's end, not read
    // until memory runs out.
    let bomb = dir.path().join("bomb.txt.gz");
    let mut encoder = flate2::write::GzEncoder::new(
        std::fs::File::create(&bomb).unwrap(),
        flate2::Compression::fast(),
    );
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..100 {
        std::io::Write::write_all(&mut encoder, &zeros).unwrap();
    }
    encoder.finish().unwrap();
    tune_reading(bomb.to_str().unwrap())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "line 1: longer than 65536 bytes, more than any game's line",
        ));
}

#[test]
fn best_multipv_gives_lines_each_worth_a_search_of_its_move_alone() {
    let position = "h8 i9 i8 g8 j7 h10";
    let args = [
        "best", "--size", "15", "--ai", "engine", "--moves", position, "--depth", "4",
    ];
    let v = json(&[&args[..], &["--multipv", "3", "--json"]].concat());
    let lines = v["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 3);
    // Every field of before is kept; the first line is the move's.
    for key in [
        "move",
        "value",
        "nodes",
        "time_ms",
        "player",
        "side",
        "value_text",
        "depth",
        "pv",
    ] {
        assert!(v.get(key).is_some(), "{key}");
    }
    assert_eq!(lines[0]["move"], v["move"]);
    assert_eq!(lines[0]["value"], v["value"]);
    assert_eq!(lines[0]["pv"], v["pv"]);
    let mut moves = Vec::new();
    for line in lines {
        let mv = line["move"].as_str().unwrap();
        assert_eq!(line["pv"][0], mv);
        assert!(
            line["value_text"].as_str().unwrap().starts_with("X "),
            "{line}"
        );
        moves.push(mv.to_string());
        // The same search narrowed to the line's move, to the same depth, values it the same.
        let alone = json(&[&args[..], &["--searchmoves", mv, "--json"]].concat());
        assert_eq!(alone["move"], mv);
        assert_eq!(alone["value"], line["value"], "{mv}");
    }
    moves.dedup();
    assert_eq!(moves.len(), 3);
    // In words: the move, the summary, then one numbered line each.
    let out = mnk().args(args).args(["--multipv", "3"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 5, "{text}");
    for (i, mv) in moves.iter().enumerate() {
        assert!(
            rows[2 + i].starts_with(&format!("{}. {mv}", i + 1)),
            "{text}"
        );
    }
    // One line is the plain answer, in words and in JSON (which always has its one line).
    let plain = json(&[&args[..], &["--json"]].concat());
    let one = json(&[&args[..], &["--multipv", "1", "--json"]].concat());
    for key in ["move", "value", "nodes", "pv", "lines"] {
        assert_eq!(plain[key], one[key], "{key}");
    }
    assert_eq!(one["lines"].as_array().map(Vec::len), Some(1));
    let out = mnk().args(args).args(["--multipv", "1"]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
}

#[test]
fn bad_multipv_and_searchmoves_are_refused_with_a_reason() {
    for (n, says) in [
        ("0", "ask for 1 to 32"),
        ("33", "at most 32"),
        ("3", "only 2 legal moves"),
    ] {
        mnk()
            .args(["best", "--moves", "a1 b2 c3 a3 c1 b1 b3", "--multipv", n])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says));
    }
    mnk()
        .args(["best", "--multipv", "x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid value"));
    mnk()
        .args([
            "best",
            "--size",
            "15",
            "--moves",
            "h8",
            "--searchmoves",
            "h8",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("h8 is already taken"));
    mnk()
        .args([
            "best",
            "--size",
            "15",
            "--searchmoves",
            "i9",
            "--multipv",
            "2",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "more lines than the 1 move --searchmoves names",
        ));
    // A player that knows no value of the moves it did not choose says so.
    mnk()
        .args([
            "best",
            "--size",
            "5",
            "--k",
            "4",
            "--ai",
            "alphabeta:depth=2",
            "--multipv",
            "2",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("gave 1 line of the 2 asked"));
}

#[test]
fn the_engine_values_tiny_and_empty_boards_by_what_it_knows() {
    // Was "X +887" after 2 nodes for a drawn 3x3: the solver settles it.
    let v = json(&["best", "--size", "3", "--ai", "engine", "--json"]);
    assert_eq!(v["value_text"], "draw");
    assert_eq!(v["value"], 0.0);
    // Was "X -133" after 2 nodes on the empty 15x15: the centre is searched for its value.
    let v = json(&[
        "best", "--size", "15", "--ai", "engine", "--nodes", "1000000", "--json",
    ]);
    assert_eq!(v["move"], "h8");
    assert!(v["value"].as_f64().unwrap() > 0.0, "{v}");
    assert!(v["nodes"].as_u64().unwrap() > 2, "{v}");
    let reply = json(&[
        "best", "--size", "15", "--ai", "engine", "--moves", "h8", "--depth", "6", "--json",
    ]);
    assert!(reply["value"].as_f64().unwrap() < 0.0, "{reply}");
}

#[test]
fn best_tree_shows_max_min_windows_cutoffs_and_e_p_as_the_page_does() {
    let out = mnk()
        .args([
            "best",
            "--moves",
            "b2 a1 c1 a3 a2 c2",
            "--ai",
            "alphabeta",
            "--depth",
            "2",
            "--tree",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    // The second line carries the time; every other line is exact.
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[1].starts_with("alphabeta for X: value X +0 (score), 8 nodes, "));
    let expected = "\
b3
b3 is the first legal move in row-major order from the top-left (a3, b3, ... along the top row, then the next row down): alphabeta keeps the first of equally valued moves, the seed programs' tie-break, so where its evaluation cannot tell the moves apart it plays there
search tree of alphabeta: MAX is X, to move at the top; MIN is O; every value is X's
#n: the n-th position searched; α β: the window it was searched with, -> as it left it
e(P) at the horizon: lines still open for X - lines still open for O
#1 root MAX (X to move): X +0 (score), α -200 β 200 -> α 0 β 200, 8 nodes
├─ #2 b3 MIN (O to move): X +0 (score), α -200 β 200 -> α -200 β 0, 3 nodes, best
│  ├─ #3 c3 MAX (X to move): X +1 (score) = e(P) = 1 - 0, horizon, α -200 β 200
│  └─ #4 b1 MAX (X to move): X +0 (score) = e(P) = 0 - 0, horizon, α -200 β 1, best
├─ #5 c3 MIN (O to move): at most X +0 (score), cut-off (1 pruned), α 0 β 200 -> α 0 β 0, 2 nodes
│  ├─ #6 b3 MAX (X to move): X +0 (score) = e(P) = 0 - 0, horizon, α 0 β 200, best
│  └─ b1 MAX (X to move): pruned, never searched
└─ #7 b1 MIN (O to move): at most X -1 (score), cut-off (1 pruned), α 0 β 200 -> α 0 β -1, 2 nodes
   ├─ #8 b3 MAX (X to move): X -1 (score) = e(P) = 0 - 1, horizon, α 0 β 200, best
   └─ c3 MAX (X to move): pruned, never searched
alphabeta: nodes per ply: 1, 3, 4 (8 in all); effective branching factor b* = 2.19 (1 + b* + ... + b*^2 = 8)
minimax, no pruning (minimax): nodes per ply: 1, 3, 6 (10 in all); effective branching factor b* = 2.54 (1 + b* + ... + b*^2 = 10)
";
    let rest: Vec<&str> = std::iter::once(lines[0])
        .chain(lines[2..].iter().copied())
        .collect();
    assert_eq!(rest.join("\n") + "\n", expected);
}

#[test]
fn best_tree_json_counts_nodes_per_ply_and_move_order_matters() {
    // After b2 on 3x3, searched to the end: minimax's whole tree against alpha-beta's, best
    // first and worst first by e(P).
    let tree = |order: &str| {
        json(&[
            "best",
            "--moves",
            "b2",
            "--ai",
            "alphabeta",
            "--order",
            order,
            "--tree",
            "--json",
        ])
    };
    let best = tree("best-first");
    let worst = tree("worst-first");
    let nodes = |v: &Value| {
        v["nodes_per_ply"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .sum::<u64>()
    };
    assert_eq!((nodes(&best), nodes(&worst)), (649, 4_741));
    assert_eq!(best["nodes"], 649);
    assert_eq!(
        best["counterpart"]["nodes_per_ply"],
        serde_json::json!([1, 8, 56, 336, 1680, 5760, 15984, 18432, 13248])
    );
    assert_eq!(
        best["counterpart"]["search"],
        "minimax, no pruning (minimax)"
    );
    let b_star = |v: &Value| v["branching_factor"].as_f64().unwrap();
    assert!(b_star(&best) < b_star(&worst));
    assert!(b_star(&worst) < best["counterpart"]["branching_factor"].as_f64().unwrap());
    // The tree in the web API's words: MAX and MIN rows, the visit order.
    assert_eq!(best["tree"]["role"], "max");
    assert_eq!(best["tree"]["role_label"], "MAX");
    assert_eq!(best["tree"]["order"], 1);
    let first = &best["tree"]["children"][0];
    assert_eq!(
        (&first["role"], &first["order"]),
        (&serde_json::json!("min"), &serde_json::json!(2))
    );
    // Players without a tree or an order, and settings mcts does not take, say what would do.
    let refused: [(&[&str], &str); 5] = [
        (
            &["--ai", "perfect", "--tree"],
            "the players that do: minimax",
        ),
        (
            &["--ai", "minimax", "--order", "best-first"],
            "the players that take an order: alphabeta",
        ),
        (
            &["--ai", "alphabeta", "--order", "sideways"],
            "row-major, best-first, worst-first",
        ),
        (&["--ai", "mcts:exploration=lots"], "a number from 0 to 100"),
        (&["--ai", "mcts:playouts=0"], "1 to 20000000"),
    ];
    for (args, needle) in refused {
        mnk()
            .arg("best")
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(needle));
    }
}

#[test]
fn mcts_plays_through_best_and_match_with_its_settings() {
    let v = json(&[
        "best",
        "--moves",
        "a3 a2 b3 b2",
        "--ai",
        "mcts:playouts=2000,seed=3",
        "--json",
    ]);
    assert_eq!(v["move"], "c3");
    assert_eq!(v["nodes"], 2000);
    // Every playout went through one of the five moves: the candidates carry the visits.
    let visits = v["candidates"].as_array().unwrap().iter();
    let visits: Vec<u64> = visits.map(|c| c["visits"].as_u64().unwrap()).collect();
    assert_eq!((visits.len(), visits.iter().sum::<u64>()), (5, 2000));
    let out = mnk()
        .args(["best", "--moves", "b2", "--ai", "mcts:playouts=3000"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    // Its root statistics, most visited first (the default seed: the same every time).
    let text = String::from_utf8(out).unwrap();
    assert_eq!(
        text.lines().nth(2),
        Some(
            "most visited (playouts, O's win rate, a draw counting half): \
             c3 609 0.306, c1 522 0.295, a3 483 0.286, a1 456 0.281, c2 305 0.239"
        ),
        "{text}"
    );
    // A match: mcts never loses tic-tac-toe to perfect play with enough playouts.
    let m = json(&[
        "match",
        "mcts:playouts=5000",
        "perfect",
        "--games",
        "2",
        "--json",
    ]);
    assert_eq!(
        (m["games"].as_u64(), m["b_wins"].as_u64()),
        (Some(2), Some(0)),
        "{m}"
    );
    assert_eq!(m["a_spec"], "mcts:playouts=5000");
}

/// A net file for `variant` (all zeros: it plays, and says nothing), written in `dir`.
fn zero_net(dir: &std::path::Path, size: u8) -> std::path::PathBuf {
    use mnk::engine::net::FloatNet;
    use mnk::game::{Rule, Size, Variant};
    let variant = Variant::new(Size::square(size), 5, Rule::Freestyle).unwrap();
    let path = dir.join(format!("zero-{size}.bin"));
    std::fs::write(&path, FloatNet::zero(variant).unwrap().to_bytes()).unwrap();
    path
}

#[test]
fn a_net_plays_its_own_board_and_a_broken_or_foreign_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let net9 = zero_net(dir.path(), 9);
    let best = |net: &std::path::Path, ai: &str| {
        let mut cmd = mnk();
        cmd.args(["best", "--size", "9", "--moves", "e5 d4", "--ai", ai])
            .args(["--net", net.to_str().unwrap()]);
        cmd
    };
    // Its own board: the engine plays with it, and so does eval=net.
    best(&net9, "engine:nodes=300").assert().success();
    best(&net9, "engine:nodes=300,eval=net").assert().success();
    // On another board, eval=net says why it cannot, and what plays any game.
    let net11 = zero_net(dir.path(), 11);
    best(&net11, "engine:nodes=300,eval=net")
        .assert()
        .failure()
        .stderr(
            predicate::str::contains("trained for 11x11")
                .and(predicate::str::contains("eval=linear")),
        );
    best(&net11, "engine:nodes=300,eval=linear")
        .assert()
        .success();
    // A damaged file: refused before anything runs, with the file's fault.
    let mut bytes = std::fs::read(&net9).unwrap();
    bytes[100] ^= 1;
    let broken = dir.path().join("broken.bin");
    std::fs::write(&broken, &bytes).unwrap();
    best(&broken, "engine:nodes=300")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--net").and(predicate::str::contains("checksum")));
    best(&dir.path().join("missing.bin"), "engine")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--net"));
    mnk()
        .args(["best", "--size", "9", "--ai", "engine:eval=nnet"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("linear, net"));
}
