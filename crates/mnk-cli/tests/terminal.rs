//! `mnk play` on a real terminal: the full-screen board, driven through tmux (keys sent, the
//! screen read back), as a person at an 80x24 terminal would play it.

use std::path::PathBuf;
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

/// A tmux server of its own running one command in an 80x24 window; killed when dropped.
struct Screen {
    socket: String,
}

impl Screen {
    fn start(args: &[&str]) -> Screen {
        let socket = format!(
            "mnk-test-{}-{}",
            std::process::id(),
            Instant::now().elapsed().as_nanos() ^ rand_ish()
        );
        let mnk = PathBuf::from(env!("CARGO_BIN_EXE_mnk"));
        let mut command = vec![format!("'{}'", mnk.display())];
        command.extend(args.iter().map(|a| format!("'{a}'")));
        // The shell stays after mnk leaves, so that what it printed last can be read; it
        // catches Ctrl-C (which the terminal sends to mnk and to it) rather than dying of it,
        // and mnk starts with the signal's default, as from an interactive shell.
        let command = format!(
            "trap : INT; {}; echo \"exit $?\"; sleep 60",
            command.join(" ")
        );
        let screen = Screen { socket };
        let status = Command::new("tmux")
            .args(["-L", &screen.socket, "-f", "/dev/null", "new-session", "-d"])
            .args(["-x", "80", "-y", "24", "-s", "play"])
            .args(["sh", "-c", &command])
            .env("TERM", "xterm-256color")
            .status()
            .expect("tmux is installed (scripts/install-test-deps installs it)");
        assert!(status.success());
        screen
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.tmux(&["send-keys", "-t", "play", key]);
            sleep(Duration::from_millis(60));
        }
    }

    fn text(&self) -> String {
        self.tmux(&["capture-pane", "-t", "play", "-p"])
    }

    /// The screen once it shows `wanted` and has settled: two reads 50 ms apart agree, so that
    /// a frame still being drawn is not read half-way (a screen that keeps changing, as a
    /// running search's, is taken after 2 s). Panics with the screen after 60 s.
    fn wait_for(&self, wanted: &str) -> String {
        let start = Instant::now();
        let mut seen: Option<(Instant, String)> = None;
        loop {
            let text = self.text();
            if text.contains(wanted) {
                let since = match &seen {
                    Some((since, before)) => {
                        if *before == text || since.elapsed() > Duration::from_secs(2) {
                            return text;
                        }
                        *since
                    }
                    None => Instant::now(),
                };
                seen = Some((since, text));
            } else {
                assert!(
                    start.elapsed() < Duration::from_secs(60),
                    "never showed {wanted:?}:\n{text}"
                );
                seen = None;
            }
            sleep(Duration::from_millis(50));
        }
    }

    /// The row of the board numbered `number`, as shown.
    fn row(&self, text: &str, number: u32) -> String {
        let label = format!("{number:>2} ");
        text.lines()
            .find(|l| l.starts_with(&label))
            .unwrap_or_else(|| panic!("no row {number}:\n{text}"))
            .to_string()
    }
}

fn rand_ish() -> u128 {
    u128::from(std::process::id()) * 7919
        + std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos() as u128
}

impl Drop for Screen {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
    }
}

/// Column `letter` of a board row as drawn with cells two characters wide.
fn at(row: &str, letter: char) -> char {
    let col = (letter as u8 - b'a') as usize;
    row.chars().nth(3 + 2 * col).unwrap()
}

#[test]
fn a_game_on_the_full_screen_board_with_the_keys() {
    let s = Screen::start(&["play", "--size", "15", "--time-ms", "200"]);
    let text = s.wait_for("X (you) to move");
    assert!(text.contains("mnk 15x15, 5 in a row"), "{text}");
    // The cursor starts on h8: up, left and Enter place X on g9.
    s.keys(&["Up", "Left", "Enter"]);
    let text = s.wait_for("O (engine) played");
    assert_eq!(at(&s.row(&text, 9), 'g'), 'X', "{text}");
    assert!(
        text.contains("engine for O"),
        "the search is shown:\n{text}"
    );
    assert!(text.contains("nodes") && text.contains("(score)"), "{text}");
    // Typed notation still works.
    s.keys(&["k", "3", "Enter"]);
    let text = s.wait_for("  2. k3");
    assert_eq!(at(&s.row(&text, 3), 'k'), 'X', "{text}");
    s.wait_for("X (you) to move");
    // Undo takes back the machine's reply and the move; redo puts them back.
    s.keys(&["C-z"]);
    let text = s.wait_for("Took back 2 moves");
    assert_eq!(at(&s.row(&text, 3), 'k'), '·', "{text}");
    s.keys(&["C-y"]);
    let text = s.wait_for("Redone.");
    assert_eq!(at(&s.row(&text, 3), 'k'), 'X', "{text}");
    // Review: a step back shows the position before the last move, the machine waits.
    s.keys(&["PPage"]);
    s.wait_for("(move 3 of 4)");
    s.keys(&["End"]);
    s.wait_for("X (you) to move");
    // A hint, then the help overlay.
    s.keys(&["Tab"]);
    s.wait_for("Hint: ");
    s.keys(&["?"]);
    s.wait_for("mnk play: keys");
    s.keys(&["Escape"]);
    // Leaving prints the moves on the terminal left behind.
    s.keys(&["C-c"]);
    let text = s.wait_for("exit 0");
    assert!(text.contains("Moves: g9 "), "{text}");
    assert!(!text.contains("mnk play: keys"), "{text}");
}

#[test]
fn the_machine_thinking_is_shown_live_and_stopped_by_a_key() {
    // The engine with ten minutes a move: only Esc makes it play.
    let s = Screen::start(&[
        "play",
        "--size",
        "15",
        "--moves",
        "h8 h9",
        "--x",
        "engine",
        "--o",
        "human",
        "--time-ms",
        "600000",
    ]);
    let text = s.wait_for("depth ");
    assert!(text.contains("engine thinking"), "{text}");
    assert!(text.contains("Esc: play now"), "{text}");
    s.keys(&["Escape"]);
    let text = s.wait_for("O (you) to move");
    assert!(text.contains("X (engine) played"), "{text}");
    // Ctrl-C while it thinks: it plays its best move so far; a second Ctrl-C leaves.
    s.keys(&["a1", "Enter"]);
    s.wait_for("depth ");
    s.keys(&["C-c"]);
    let text = s.wait_for("O (you) to move");
    assert!(text.contains("X (engine) played"), "{text}");
    s.keys(&["C-c"]);
    let text = s.wait_for("exit 0");
    assert!(text.contains("Moves: h8 h9 "), "{text}");
    assert!(text.contains(" a1 "), "{text}");
}

#[test]
fn a_20x20_board_fits_80x24_whole() {
    let s = Screen::start(&["play", "--size", "20", "--x", "human", "--o", "human"]);
    let text = s.wait_for("X to move");
    // Both edges' row numbers, left of the panel.
    assert!(s.row(&text, 20).contains("·  20 │"), "{text}");
    assert!(s.row(&text, 1).contains("·  1  │"), "{text}");
    assert!(
        text.contains("a b c d e f g h i j k l m n o p q r s t"),
        "{text}"
    );
}

#[test]
fn a_board_larger_than_the_screen_scrolls_to_the_cursor() {
    let s = Screen::start(&["play", "--size", "26", "--x", "human", "--o", "human"]);
    let text = s.wait_for("X to move");
    assert!(
        !text.contains("26 "),
        "the top rows are out of view:\n{text}"
    );
    for _ in 0..14 {
        s.keys(&["Up"]);
    }
    s.keys(&["Enter"]);
    let text = s.wait_for("X played");
    assert!(
        text.contains("26 "),
        "the top row scrolled into view:\n{text}"
    );
}

#[test]
fn plain_keeps_the_line_interface_on_a_terminal() {
    let s = Screen::start(&["play", "--plain"]);
    s.wait_for("X (you) to move>");
    s.keys(&["b2", "Enter"]);
    s.wait_for("O (perfect) plays");
    s.keys(&["quit", "Enter"]);
    s.wait_for("Bye. Moves so far: b2");
}

#[test]
fn clocks_count_down_on_the_board_and_a_flag_fall_ends_the_game() {
    let record = std::env::temp_dir().join(format!("mnk-tui-flag-{}.sgf", std::process::id()));
    let s = Screen::start(&[
        "play",
        "--size",
        "15",
        "--time-control",
        "3s",
        "--autosave",
        record.to_str().unwrap(),
    ]);
    let text = s.wait_for("clock 3s");
    assert!(text.contains(" 0:0"), "both clocks are shown:\n{text}");
    let text = s.wait_for("X's flag fell: O (engine) wins on time.");
    assert!(text.contains("you              0:00.0"), "{text}");
    s.keys(&["Enter"]);
    let text = s.wait_for("The game is over");
    assert!(!text.contains("O (engine) played"), "{text}");
    let sgf = std::fs::read_to_string(&record).unwrap();
    let _ = std::fs::remove_file(&record);
    assert!(sgf.contains("RE[W+T]"), "{sgf}");
}

#[test]
fn a_search_on_the_line_interface_shows_its_progress_on_a_terminal() {
    // Was: a hint took seconds with no sign of thinking.
    // A search of ten minutes that Ctrl-C ends: the progress is seen however slowly the
    // machine runs the terminal (a short search could end before the first look).
    let s = Screen::start(&[
        "best",
        "--size",
        "15",
        "--moves",
        "h8",
        "--time-ms",
        "600000",
    ]);
    let text = s.wait_for("engine thinking");
    assert!(text.contains("(Ctrl-C: play now): "), "{text}");
    // Once the line is long (a depth and value shown: as wide as the terminal allows), Ctrl-C.
    let text = s.wait_for(", depth ");
    let line = text
        .lines()
        .find(|l| l.contains("engine thinking"))
        .unwrap();
    assert!(
        line.chars().count() <= 77,
        "three columns left free: {line}"
    );
    s.keys(&["C-c"]);
    let text = s.wait_for("exit 0");
    assert!(text.contains("engine for O: value O "), "{text}");
    // Was: the terminal's `^C` wrapped the full line, and the line stayed behind.
    assert!(
        !text.contains("engine thinking"),
        "the line is cleared after Ctrl-C:\n{text}"
    );
    // A search that ends by itself clears its line.
    let s = Screen::start(&["best", "--size", "15", "--moves", "h8", "--time-ms", "1500"]);
    let text = s.wait_for("exit 0");
    assert!(text.contains("engine for O: value O "), "{text}");
    assert!(
        !text.contains("engine thinking"),
        "the line is cleared:\n{text}"
    );
}

/// Two people at a 15x15 board, the game autosaved to `file`.
fn two_people_autosaved(file: &std::path::Path) -> Screen {
    Screen::start(&[
        "play",
        "--size",
        "15",
        "--x",
        "human",
        "--o",
        "human",
        "--autosave",
        file.to_str().unwrap(),
    ])
}

#[test]
fn a_game_saved_on_the_board_is_reloaded_there_and_autosaved() {
    let dir = std::env::temp_dir().join(format!("mnk-tui-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let psq = dir.join("game.psq");
    let sgf = dir.join("game.sgf");
    let auto = dir.join("auto.txt");
    let s = two_people_autosaved(&auto);
    s.wait_for("X to move");
    s.keys(&["h8", "Enter", "j10", "Enter", "C-s"]);
    s.wait_for("> save ");
    s.keys(&[psq.to_str().unwrap(), "Enter"]);
    s.wait_for("Saved 2 moves to");
    s.keys(&["save ", sgf.to_str().unwrap(), "Enter"]);
    s.wait_for("(sgf).");
    s.keys(&["C-c"]);
    s.wait_for("exit 0");
    let text = std::fs::read_to_string(&psq).unwrap();
    assert!(text.starts_with("Piskvorky 15x15"), "{text}");
    assert!(std::fs::read_to_string(&sgf).unwrap().contains("GM[4]"));
    assert!(std::fs::read_to_string(&auto).unwrap().contains("h8 j10"));
    // Loaded on a board already open (3x3 here): the record brings its own.
    let s = Screen::start(&["play", "--x", "human", "--o", "human"]);
    s.wait_for("X to move");
    s.keys(&["C-o"]);
    s.wait_for("> load ");
    s.keys(&[sgf.to_str().unwrap(), "Enter"]);
    let text = s.wait_for("Loaded 2 moves from");
    assert!(text.contains("mnk 15x15"), "{text}");
    assert_eq!(at(&s.row(&text, 10), 'j'), 'O', "{text}");
    s.keys(&["load /nonexistent/x.psq", "Enter"]);
    let text = s.wait_for("goes on.");
    assert!(text.contains("Cannot load /nonexistent/x.psq: "), "{text}");
    assert_eq!(at(&s.row(&text, 10), 'j'), 'O', "{text}");
    for file in [&psq, &sgf] {
        let s = Screen::start(&[
            "play",
            "--x",
            "human",
            "--o",
            "human",
            "--load",
            file.to_str().unwrap(),
        ]);
        let text = s.wait_for("X to move");
        assert!(text.contains("mnk 15x15"), "{text}");
        assert_eq!(at(&s.row(&text, 8), 'h'), 'X', "{text}");
        assert_eq!(at(&s.row(&text, 10), 'j'), 'O', "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_full_screen_board_plays_a_swap2_opening() {
    let record = std::env::temp_dir().join(format!("mnk-tui-swap2-{}.sgf", std::process::id()));
    let s = Screen::start(&[
        "play",
        "--size",
        "15",
        "--opening",
        "swap2",
        "--x",
        "rules",
        "--o",
        "human",
        "--autosave",
        record.to_str().unwrap(),
    ]);
    // Rules, the opener, places its three stones by itself (the first of its shapes: h8 i8
    // h6); the person, the chooser, is asked.
    let text = s.wait_for("or type place: two more stones");
    assert!(
        text.contains("swap2 opening: the other player (you)"),
        "{text}"
    );
    assert!(text.contains("or place white's fourth stone"), "{text}");
    let row = s.row(&text, 8);
    assert_eq!((at(&row, 'h'), at(&row, 'i')), ('X', 'O'), "{text}");
    assert_eq!(at(&s.row(&text, 6), 'h'), 'X', "{text}");
    // The person places two more stones, white's fourth and black's fifth.
    s.keys(&["place", "Enter"]);
    s.wait_for("place white's fourth stone");
    s.keys(&["a1", "Enter"]);
    s.wait_for("place black's fifth stone");
    s.keys(&["o15", "Enter"]);
    // Rules chooses on five stones: it never takes black, so it takes white and plays the
    // sixth stone; the seats change colours, and the person plays black.
    let text = s.wait_for("X (you) to move");
    assert!(text.contains("takes white and plays"), "{text}");
    assert_eq!(at(&s.row(&text, 1), 'a'), 'O', "{text}");
    assert_eq!(at(&s.row(&text, 15), 'o'), 'X', "{text}");
    s.keys(&["C-c"]);
    let text = s.wait_for("exit 0");
    assert!(text.contains("Moves: h8 i8 h6 a1 o15 "), "{text}");
    let sgf = std::fs::read_to_string(&record).unwrap();
    let _ = std::fs::remove_file(&record);
    assert!(sgf.contains("OP[swap2:6]"), "{sgf}");
    assert!(sgf.contains("PB[human]PW[rules]"), "{sgf}");
}

#[test]
fn moves_undone_on_the_board_leave_the_autosave_and_the_moves_printed() {
    let auto = std::env::temp_dir().join(format!("mnk-tui-undo-{}.txt", std::process::id()));
    let s = two_people_autosaved(&auto);
    s.wait_for("X to move");
    s.keys(&["h8", "Enter", "j10", "Enter", "i9", "Enter"]);
    s.wait_for("O to move");
    assert!(
        std::fs::read_to_string(&auto)
            .unwrap()
            .contains("h8 j10 i9")
    );
    // Ctrl-Z takes i9 back: the autosave follows at once, and Ctrl-Y would redo it.
    s.keys(&["C-z"]);
    s.wait_for("Ctrl-Y redoes");
    let saved = std::fs::read_to_string(&auto).unwrap();
    assert!(saved.contains("h8 j10") && !saved.contains("i9"), "{saved}");
    s.keys(&["C-q"]);
    let text = s.wait_for("exit 0");
    assert!(text.contains("Moves: h8 j10\n"), "{text}");
    let _ = std::fs::remove_file(&auto);
}
