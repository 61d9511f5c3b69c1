//! The real `pbrain-mnk` binary under a small Gomocup manager written here, driving it the way
//! Piskvork and c-gomoku-cli do: START (or RECTSTART), the INFO limits, then BEGIN or TURN in
//! turn (BOARD for a game resumed from an opening), RESTART between games, END at the close.
//! The manager keeps the authoritative board and plays the brain's opponent itself with one of
//! mnk's players.
//!
//! Asserted: every game ends, every answer is a legal move (no ERROR, no UNKNOWN, no crash),
//! the brain exits after END. Timed: every move, from the command to the answer. Wall-clock
//! times are not asserted, except a generous bound that only catches a hang; the distribution is
//! printed (`cargo test --release -p pbrain-mnk --test manager -- --nocapture`).

use mnk::game::{Cell, Game, Rule, Side, Size, Status, Variant};
use mnk::players::{Ask, PlayerSpec, Seat};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Beyond this past `timeout_turn`, an answer is taken to be a hang (not a slow move).
const HANG: Duration = Duration::from_secs(20);

/// The brain as a child process.
struct Brain {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Every line the brain wrote, for failure messages.
    transcript: Vec<String>,
}

impl Brain {
    fn spawn(args: &[&str]) -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-mnk"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("pbrain-mnk starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Brain {
            child,
            stdin,
            lines,
            transcript: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        // The manager ends its lines with CR LF.
        write!(self.stdin, "{line}\r\n").expect("the brain reads its input");
        self.stdin.flush().unwrap();
    }

    /// The next answer (MESSAGE and DEBUG lines skipped), within `limit`.
    fn answer(&mut self, limit: Duration) -> String {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(line.clone());
                    let upper = line.to_ascii_uppercase();
                    if !upper.starts_with("MESSAGE") && !upper.starts_with("DEBUG") {
                        return line;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no answer within {limit:?}:\n{}", self.transcript())
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the brain exited:\n{}", self.transcript())
                }
            }
        }
    }

    fn expect_ok(&mut self, line: &str) {
        self.send(line);
        let a = self.answer(HANG);
        assert_eq!(a, "OK", "{line}:\n{}", self.transcript());
    }

    fn transcript(&self) -> String {
        let n = self.transcript.len();
        self.transcript[n.saturating_sub(40)..].join("\n")
    }

    /// END, then the brain must exit by itself promptly.
    fn end(mut self) -> ExitStatus {
        self.send("END");
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "the brain did not exit after END"
            );
            thread::sleep(Duration::from_millis(10));
        }
    }
}

/// One game's settings, as the manager would send them.
struct GameSpec {
    size: Size,
    k: u32,
    /// `INFO rule` bits (0 freestyle, 1 exact five).
    rule_bits: u32,
    timeout_turn: u64,
    timeout_match: u64,
    /// The brain moves first (BEGIN) rather than second (TURN).
    brain_first: bool,
    /// Moves already played (X first), sent with BOARD.
    opening: Vec<(u32, u32)>,
    /// The opponent the manager plays.
    opponent: &'static str,
}

/// What one game produced.
struct GameRecord {
    status: Status,
    brain_side: Side,
    move_times: Vec<Duration>,
    /// The brain's match time left at the end, as the manager counted it (ms).
    time_left_ms: i64,
}

fn cell_of(size: Size, x: u32, y: u32) -> Cell {
    size.cell(y as i32, x as i32).expect("on the board")
}

fn point_of(size: Size, cell: Cell) -> String {
    format!("{},{}", size.col(cell), size.row(cell))
}

fn parse_answer(brain: &Brain, size: Size, answer: &str) -> Cell {
    let parsed = answer.split_once(',').and_then(|(x, y)| {
        let x: u32 = x.trim().parse().ok()?;
        let y: u32 = y.trim().parse().ok()?;
        size.cell(i32::try_from(y).ok()?, i32::try_from(x).ok()?)
    });
    parsed.unwrap_or_else(|| {
        panic!(
            "'{answer}' is not a move on {size}:\n{}",
            brain.transcript()
        )
    })
}

/// Plays one game; the brain is running, and played its last game on `previous` (none yet:
/// `None`). Like Piskvork: RESTART for another game on the same board, else START.
fn play(brain: &mut Brain, spec: &GameSpec, previous: Option<Size>) -> GameRecord {
    let size = spec.size;
    if previous == Some(size) {
        brain.expect_ok("RESTART");
    } else if size.is_square() {
        brain.expect_ok(&format!("START {}", size.width));
    } else {
        brain.expect_ok(&format!("RECTSTART {},{}", size.width, size.height));
    }
    // Piskvork's order after START: max_memory, timeout_match, timeout_turn, game_type, rule.
    for info in [
        "INFO max_memory 83886080".to_string(),
        format!("INFO timeout_match {}", spec.timeout_match),
        format!("INFO timeout_turn {}", spec.timeout_turn),
        "INFO game_type 1".to_string(),
        format!("INFO rule {}", spec.rule_bits),
    ] {
        brain.send(&info);
    }
    let rule = if spec.rule_bits & 1 == 1 {
        Rule::Exact
    } else {
        Rule::Freestyle
    };
    let variant = Variant::new(size, spec.k, rule).unwrap();
    let opening: Vec<Cell> = spec
        .opening
        .iter()
        .map(|&(x, y)| cell_of(size, x, y))
        .collect();
    let mut game = Game::from_moves(variant, &opening).unwrap();
    let brain_side = if opening.is_empty() {
        if spec.brain_first { Side::X } else { Side::O }
    } else {
        game.board().to_move()
    };
    let mut opponent = Seat::new(spec.opponent.parse::<PlayerSpec>().unwrap());
    let untimed = spec.timeout_match == 0;
    let mut left_ms: i64 = if untimed {
        2_147_483_647
    } else {
        i64::try_from(spec.timeout_match).unwrap()
    };
    let mut times = Vec::new();
    let turn_limit = Duration::from_millis(spec.timeout_turn);
    while !game.board().is_over() {
        if game.board().to_move() != brain_side {
            let thought = opponent
                .choose(game.board(), &Ask::now())
                .expect("the opponent moves");
            game.play(thought.choice.cell).unwrap();
            continue;
        }
        // The brain's turn: time_left first, then the command.
        brain.send(&format!("INFO time_left {left_ms}"));
        let started = Instant::now();
        if times.is_empty() && !opening.is_empty() {
            brain.send("BOARD");
            for (i, &cell) in game.moves().iter().enumerate() {
                let mover = Side::to_move_after(i);
                let field = if mover == brain_side { 1 } else { 2 };
                brain.send(&format!("{},{field}", point_of(size, cell)));
            }
            brain.send("DONE");
        } else if let Some(last) = game.last_move() {
            brain.send(&format!("TURN {}", point_of(size, last)));
        } else {
            brain.send("BEGIN");
        }
        let answer = brain.answer(turn_limit + HANG);
        let elapsed = started.elapsed();
        times.push(elapsed);
        if !untimed {
            left_ms -= i64::try_from(elapsed.as_millis()).unwrap();
        }
        let cell = parse_answer(brain, size, &answer);
        assert!(
            game.play(cell).is_ok(),
            "illegal move {answer}:\n{}",
            brain.transcript()
        );
    }
    GameRecord {
        status: game.board().status(),
        brain_side,
        move_times: times,
        time_left_ms: left_ms,
    }
}

/// Median, 90th percentile and maximum of the move times, and how many reached the limit.
fn report(label: &str, records: &[GameRecord], timeout_turn: u64) {
    let mut times: Vec<Duration> = records.iter().flat_map(|r| r.move_times.clone()).collect();
    times.sort();
    let n = times.len();
    let at = |q: f64| times[((n as f64 - 1.0) * q).round() as usize].as_secs_f64() * 1000.0;
    let limit = Duration::from_millis(timeout_turn);
    let against_limit = if timeout_turn == 0 {
        String::from("no turn limit to compare with")
    } else {
        let over = times.iter().filter(|&&t| t > limit).count();
        let near = times.iter().filter(|&&t| t > limit * 9 / 10).count();
        format!("{near} above 90% of the limit, {over} above it")
    };
    let results: Vec<String> = records
        .iter()
        .map(|r| match r.status.winner() {
            Some(side) if side == r.brain_side => "brain won".to_string(),
            Some(_) => "brain lost".to_string(),
            None => "draw".to_string(),
        })
        .collect();
    let left: Vec<i64> = records.iter().map(|r| r.time_left_ms).collect();
    eprintln!(
        "{label}: {n} brain moves, timeout_turn {timeout_turn} ms: median {:.1} ms, p90 {:.1} ms, \
         max {:.1} ms; {against_limit}; games: {results:?}; \
         time_left at the end (ms): {left:?}",
        at(0.5),
        at(0.9),
        at(1.0),
    );
}

#[test]
fn full_games_under_a_manager_are_legal_and_end() {
    let games = [
        GameSpec {
            size: Size::square(15),
            k: 5,
            rule_bits: 0,
            timeout_turn: 200,
            timeout_match: 30_000,
            brain_first: true,
            opening: vec![],
            opponent: "gomoku-pruned:depth=2",
        },
        GameSpec {
            size: Size::square(15),
            k: 5,
            rule_bits: 1,
            timeout_turn: 200,
            timeout_match: 30_000,
            brain_first: false,
            opening: vec![],
            opponent: "rules",
        },
        // Resumed from an opening with BOARD, as with Gomocup's automatic openings.
        GameSpec {
            size: Size::square(20),
            k: 5,
            rule_bits: 0,
            timeout_turn: 200,
            timeout_match: 0,
            brain_first: false,
            opening: vec![(9, 9), (10, 10), (9, 11)],
            opponent: "gomoku-pruned:depth=2",
        },
    ];
    let mut brain = Brain::spawn(&[]);
    let mut previous = None;
    let records: Vec<GameRecord> = games
        .iter()
        .map(|spec| {
            let record = play(&mut brain, spec, previous);
            previous = Some(spec.size);
            record
        })
        .collect();
    assert!(brain.end().success());
    for r in &records {
        assert!(r.status.is_over());
    }
    report("15x15 and 20x20, default player", &records, 200);
}

#[test]
fn a_rectangle_as_fast_as_possible() {
    let mut brain = Brain::spawn(&["--ai", "gomoku-pruned:depth=2"]);
    let spec = GameSpec {
        size: Size::new(12, 8),
        k: 5,
        rule_bits: 0,
        timeout_turn: 0,
        timeout_match: 0,
        brain_first: true,
        opening: vec![],
        opponent: "rules",
    };
    let record = play(&mut brain, &spec, None);
    assert!(record.status.is_over());
    assert!(brain.end().success());
    report("12x8, timeout_turn 0", &[record], 0);
}

#[test]
fn tic_tac_toe_through_the_protocol_never_loses() {
    let mut brain = Brain::spawn(&["--k", "3"]);
    let mut records = Vec::new();
    for (i, (first, opponent)) in [(true, "minimax"), (false, "minimax"), (true, "rules")]
        .into_iter()
        .enumerate()
    {
        let spec = GameSpec {
            size: Size::square(3),
            k: 3,
            rule_bits: 0,
            timeout_turn: 1000,
            timeout_match: 0,
            brain_first: first,
            opening: vec![],
            opponent,
        };
        records.push(play(&mut brain, &spec, (i > 0).then_some(spec.size)));
    }
    assert!(brain.end().success());
    for r in &records {
        assert_ne!(
            r.status.winner(),
            Some(r.brain_side.other()),
            "perfect play lost"
        );
    }
    report("3x3 k=3, perfect", &records, 1000);
}

#[test]
fn end_stops_a_long_search_and_the_brain_exits() {
    let mut brain = Brain::spawn(&["--ai", "gomoku-pruned:depth=12"]);
    brain.expect_ok("START 20");
    brain.send("INFO timeout_turn 600000");
    brain.send("BEGIN");
    thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    // YXSTOP (Yixin-Board) asks for the move now; the brain goes on afterwards.
    brain.send("YXSTOP");
    let answer = brain.answer(HANG);
    assert!(asked.elapsed() < HANG);
    parse_answer(&brain, Size::square(20), &answer);
    brain.send("ABOUT");
    assert!(brain.answer(HANG).starts_with("name=\"mnk\""));
    // END during a search: the brain stops thinking and exits.
    brain.send("TURN 0,0");
    thread::sleep(Duration::from_millis(200));
    let status = brain.end();
    assert!(status.success());
}

#[test]
fn show_detail_1_writes_realtime_marks_while_the_brain_thinks() {
    let mut brain = Brain::spawn(&["--ai", "engine"]);
    brain.expect_ok("START 15");
    brain.send("INFO show_detail 1");
    brain.send("INFO timeout_turn 600000");
    brain.send("TURN 7,7");
    // A mark comes while the search still runs (it would run ten minutes): written as it is
    // made, not held for the answer.
    let deadline = Instant::now() + HANG;
    let mark = loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = brain
            .lines
            .recv_timeout(left)
            .unwrap_or_else(|e| panic!("no realtime mark ({e:?}):\n{}", brain.transcript()));
        brain.transcript.push(line.clone());
        if let Some(point) = line.strip_prefix("MESSAGE REALTIME BEST ") {
            break point.to_string();
        }
        assert!(
            line.starts_with("MESSAGE"),
            "an answer before any mark:\n{}",
            brain.transcript()
        );
    };
    let cell = parse_answer(&brain, Size::square(15), &mark);
    assert_ne!(cell, cell_of(Size::square(15), 7, 7), "{mark} is taken");
    brain.send("YXSTOP");
    let answer = brain.answer(HANG);
    parse_answer(&brain, Size::square(15), &answer);
    assert!(brain.end().success());
}

/// A tiny deterministic generator for the byte soup.
fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn byte_soup_never_kills_the_brain() {
    for seed in 1..=4u64 {
        let mut brain = Brain::spawn(&["--ai", "rules"]);
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut soup: Vec<u8> = (0..20_000)
            .map(|_| {
                let r = xorshift(&mut state);
                match r % 8 {
                    0 => b'\n',
                    1 => b',',
                    2 => b'0' + (r >> 8) as u8 % 10,
                    _ => (r >> 16) as u8,
                }
            })
            .collect();
        // Whatever state the soup left (an open BOARD block, say), END must still be obeyed
        // and the brain must still answer before it: close any block, then ask.
        soup.extend_from_slice(b"\r\nDONE\r\nABOUT\r\n");
        brain.stdin.write_all(&soup).unwrap();
        brain.stdin.flush().unwrap();
        let about = loop {
            let a = brain.answer(HANG);
            if a.starts_with("name=") {
                break a;
            }
            assert!(
                a.starts_with("OK")
                    || a.starts_with("ERROR")
                    || a.starts_with("UNKNOWN")
                    || a.contains(','),
                "unexpected answer {a:?}"
            );
        };
        assert!(about.contains("mnk"));
        assert!(brain.end().success());
    }
}

#[test]
fn a_net_file_that_cannot_be_used_stops_the_brain_at_start() {
    let dir = std::env::temp_dir().join(format!("pbrain-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let broken = dir.join("broken.bin");
    std::fs::write(&broken, b"MNKNET\x02\x00\x00\x00").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_pbrain-mnk"))
        .args(["--net", broken.to_str().unwrap()])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("--net") && said.contains("truncated"),
        "{said}"
    );
    // A good one for 15x15: the brain plays with it.
    let net = mnk::engine::net::FloatNet::zero(
        Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap(),
    )
    .unwrap();
    let good = dir.join("zero.bin");
    std::fs::write(&good, net.to_bytes()).unwrap();
    let mut brain = Brain::spawn(&["--net", good.to_str().unwrap(), "--ai", "engine:nodes=500"]);
    brain.expect_ok("START 15");
    brain.send("TURN 7,7");
    let reply = brain.answer(HANG);
    assert!(reply.split(',').count() == 2, "{reply}");
    brain.send("END");
    let _ = std::fs::remove_dir_all(&dir);
}
