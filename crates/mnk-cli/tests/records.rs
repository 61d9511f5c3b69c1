//! Game records end to end: `mnk show`, `--load`, `save FILE` at the prompt, `--autosave`,
//! and seats refused before a game starts.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

fn mnk() -> Command {
    Command::cargo_bin("mnk").unwrap()
}

/// A directory of its own for each test, removed when the test ends.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("mnk-records-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn file(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }

    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn show_json(args: &[&str]) -> Value {
    let out = mnk().arg("show").args(args).arg("--json").output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn write(path: &str, text: &str) {
    std::fs::write(Path::new(path), text).unwrap();
}

#[test]
fn show_json_of_a_won_position() {
    let v = show_json(&["--size", "3", "--moves", "a1 b1 a2 b2 a3"]);
    assert_eq!(v["size"], json!({"width": 3, "height": 3}));
    assert_eq!(v["k"], 3);
    assert_eq!(v["rule"], "freestyle");
    assert_eq!(v["moves"], json!(["a1", "b1", "a2", "b2", "a3"]));
    assert_eq!(v["board"], json!(["X..", "XO.", "XO."]));
    assert_eq!(v["to_move"], Value::Null);
    assert_eq!(v["status"], "won");
    assert_eq!(v["winner"], "X");
    assert_eq!(v["win_line"], json!(["a3", "a2", "a1"]));
    // In progress: the side to move, no winner.
    let v = show_json(&[
        "--size", "15", "--k", "5", "--rule", "exact", "--moves", "h8",
    ]);
    assert_eq!(v["rule"], "exact");
    assert_eq!(v["status"], "playing");
    assert_eq!(v["to_move"], "O");
    assert_eq!(v["winner"], Value::Null);
    assert_eq!(v["win_line"], json!([]));
    assert_eq!(v["board"].as_array().unwrap().len(), 15);
    assert_eq!(v["board"][7], ".......X.......");
}

#[test]
fn show_prints_the_board_the_side_to_move_and_the_winning_line() {
    mnk()
        .args(["show", "--size", "3", "--moves", "a1 b1 a2 b2 a3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("  3 (X) .  .  3"))
        .stdout(predicate::str::contains(
            "Status: won. X wins with a3 a2 a1.",
        ));
    mnk()
        .args(["show", "--size", "3", "--moves", "b2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Status: playing, O to move."));
}

#[test]
fn psq_to_sgf_to_the_move_line_keeps_the_moves() {
    let dir = Scratch::new("convert");
    let psq = dir.file("game.psq");
    write(
        &psq,
        "Piskvorky 15x15, 11:11, 0\r\n8,8,0\r\n9,9,120\r\n8,9,98\r\npbrain-a.zip\r\npbrain-b.zip\r\n-1\r\n",
    );
    let (sgf, line) = (dir.file("game.sgf"), dir.file("game.txt"));
    mnk()
        .args(["show", "--load", &psq, "--save", &sgf])
        .assert()
        .success()
        .stderr(predicate::str::contains("Saved 3 moves to"));
    let sgf_text = std::fs::read_to_string(&sgf).unwrap();
    assert!(sgf_text.starts_with("(;FF[4]GM[4]"), "{sgf_text}");
    assert!(sgf_text.contains(";B[hh];W[ii];B[hi])"), "{sgf_text}");
    assert!(sgf_text.contains("PB[pbrain-a.zip]"), "{sgf_text}");
    mnk()
        .args(["show", "--load", &sgf, "--save", &line])
        .assert()
        .success();
    let line_text = std::fs::read_to_string(&line).unwrap();
    assert!(line_text.ends_with("\nh8 i7 h7\n"), "{line_text}");
    let v = show_json(&["--load", &line]);
    assert_eq!(v["moves"], json!(["h8", "i7", "h7"]));
    assert_eq!(
        v["players"],
        json!({"x": "pbrain-a.zip", "o": "pbrain-b.zip"})
    );
    // --format names the format whatever the extension.
    let odd = dir.file("game.record");
    mnk()
        .args(["show", "--load", &line, "--format", "sgf", "--save", &odd])
        .assert()
        .failure()
        .code(2)
        .stderr(predicate::str::contains(
            "line 1: cannot read '# size: 15x15'",
        ));
    mnk()
        .args(["show", "--load", &psq, "--save", &odd, "--format", "psq"])
        .assert()
        .success();
    assert!(
        std::fs::read_to_string(&odd)
            .unwrap()
            .starts_with("Piskvorky 15x15")
    );
    assert_eq!(
        dir.names(),
        ["game.psq", "game.record", "game.sgf", "game.txt"],
        "no temporary file is left"
    );
}

#[test]
fn a_broken_record_says_its_line_and_nothing_is_loaded() {
    let dir = Scratch::new("broken");
    let psq = dir.file("broken.psq");
    write(&psq, "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\n8,8,0\n-1\n");
    mnk()
        .args(["show", "--load", &psq])
        .assert()
        .failure()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(
            "broken.psq: line 4: move 3 (8,8, h8 in mnk's notation) is on a cell already taken",
        ));
    let sgf = dir.file("broken.sgf");
    write(&sgf, "(;FF[4]GM[4]SZ[15]\n;B[hh]\n;W[ii]\n;W[jj])\n");
    mnk()
        .args(["play", "--load", &sgf])
        .write_stdin("quit\n")
        .assert()
        .failure()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(
            "broken.sgf: line 4: move 3 is O's, but X is to move",
        ));
    // A record for another board than the options ask for is refused.
    let good = dir.file("good.sgf");
    write(&good, "(;FF[4]GM[4]SZ[15];B[hh])");
    mnk()
        .args(["best", "--load", &good, "--size", "19"])
        .assert()
        .failure()
        .code(2)
        .stderr(predicate::str::contains(
            "line 1: the record is for a board of 15x15, but 19x19 was asked for",
        ));
    mnk()
        .args(["show", "--load", &dir.file("missing.psq")])
        .assert()
        .failure()
        .code(2)
        .stderr(predicate::str::contains("--load").and(predicate::str::contains("missing.psq")));
}

#[test]
fn play_goes_on_from_a_loaded_game_and_saves_at_the_prompt() {
    let dir = Scratch::new("play");
    let psq = dir.file("start.psq");
    write(&psq, "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\n-1\n");
    let saved = dir.file("Saved Game.SGF");
    mnk()
        .args(["play", "--load", &psq, "--o", "human"])
        .write_stdin(format!("h7\nsave {saved}\nsave\nquit\n"))
        .assert()
        .success()
        .stdout(predicate::str::contains("Saved 3 moves to"))
        .stdout(predicate::str::contains("Save where?"))
        .stdout(predicate::str::contains("Bye. Moves so far: h8 i7 h7"));
    let v = show_json(&["--load", &saved]);
    assert_eq!(v["moves"], json!(["h8", "i7", "h7"]));
    assert_eq!(v["players"], json!({"x": "human", "o": "human"}));
    // A file that cannot be written is said, and the game goes on.
    mnk()
        .args(["play", "--load", &psq, "--o", "human"])
        .write_stdin(format!("save {}\nh7\nquit\n", dir.file("no/such/dir.sgf")))
        .assert()
        .success()
        .stdout(predicate::str::contains("Cannot save to"))
        .stdout(predicate::str::contains("Bye. Moves so far: h8 i7 h7"));
}

#[test]
fn autosave_holds_the_game_after_end_of_input() {
    let dir = Scratch::new("autosave");
    let auto = dir.file("auto.psq");
    mnk()
        .args(["play", "--size", "15", "--o", "human", "--autosave", &auto])
        .write_stdin("h8\ni9\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "End of input. Moves so far: h8 i9",
        ));
    assert_eq!(
        std::fs::read_to_string(&auto).unwrap(),
        "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,7,0\nhuman\nhuman\n-1\n"
    );
    assert_eq!(dir.names(), ["auto.psq"], "no temporary file is left");
    // A game played to its end by two machines: the record has every move and the result.
    let line = dir.file("auto.txt");
    mnk()
        .args([
            "play",
            "--x",
            "perfect",
            "--o",
            "rules",
            "--autosave",
            &line,
        ])
        .write_stdin("")
        .assert()
        .success();
    let text = std::fs::read_to_string(&line).unwrap();
    assert!(
        text.contains("# x: perfect\n# o: rules\n# result: "),
        "{text}"
    );
    let v = show_json(&["--load", &line]);
    assert_ne!(v["status"], "playing", "{text}");
    // An autosave that cannot be written is refused before the game starts.
    mnk()
        .args(["play", "--autosave", &dir.file("no/such/dir.txt")])
        .write_stdin("b2\n")
        .assert()
        .failure()
        .code(2)
        .stderr(predicate::str::contains("--autosave"));
}

#[test]
fn best_from_a_loaded_record() {
    let dir = Scratch::new("best");
    let game = dir.file("game.txt");
    write(&game, "# size: 3\na1 b1 a2 b2\n");
    mnk()
        .args(["best", "--load", &game, "--ai", "rules"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("a3\n"));
    write(&game, "# size: 3\na1 b1 a2 b2 a3\n");
    mnk()
        .args(["best", "--load", &game])
        .assert()
        .failure()
        .code(2)
        .stderr(predicate::str::contains("is already over"));
}

#[test]
fn seats_that_cannot_play_the_board_are_refused_before_the_game() {
    mnk()
        .args(["play", "--size", "15", "--o", "perfect"])
        .write_stdin("h8\n")
        .assert()
        .failure()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(
            "O cannot be perfect: perfect plays boards of at most 64 cells; 15x15 has 225: choose engine",
        ));
    mnk()
        .args(["play", "--size", "15", "--o", "gomoku-minimax"])
        .write_stdin("h8\n")
        .assert()
        .failure()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(
            "give it a depth of at most 3 (--depth 3",
        ));
    // With the depth it asks for, the game starts.
    mnk()
        .args([
            "play",
            "--size",
            "15",
            "--o",
            "gomoku-minimax",
            "--depth",
            "3",
        ])
        .write_stdin("quit\n")
        .assert()
        .success();
    mnk()
        .args(["match", "perfect", "rules", "--size", "15", "--games", "2"])
        .assert()
        .failure()
        .code(2)
        .stderr(predicate::str::contains("A cannot be perfect"));
}
