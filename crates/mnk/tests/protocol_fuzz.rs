//! Fuzzing the Gomocup brain: random lines, byte soup and commands in random order. It must
//! never panic, answer on single lines only, and give exactly one answer line (besides MESSAGE
//! and DEBUG) to every command the protocol wants answered, none to the others. Every move it
//! answers must be a stone of its own, on a cell that was free.

use mnk::protocol::{Brain, BrainConfig, Command, CommandError, Field, Point};
use proptest::prelude::*;
use std::time::Instant;

/// Lines a manager could send, right or wrong.
fn command_line() -> impl Strategy<Value = String> {
    let n = || 0u32..32;
    prop_oneof![
        n().prop_map(|s| format!("START {s}")),
        (n(), n()).prop_map(|(w, h)| format!("RECTSTART {w},{h}")),
        Just("RESTART".to_string()),
        Just("BEGIN".to_string()),
        (n(), n()).prop_map(|(x, y)| format!("TURN {x},{y}")),
        (n(), n()).prop_map(|(x, y)| format!("turn {x} , {y}")),
        Just("BOARD".to_string()),
        (n(), n(), 0u32..5).prop_map(|(x, y, f)| format!("{x},{y},{f}")),
        Just("DONE".to_string()),
        (n(), n()).prop_map(|(x, y)| format!("TAKEBACK {x},{y}")),
        (n(), n()).prop_map(|(x, y)| format!("PLAY {x},{y}")),
        Just("ABOUT".to_string()),
        Just("SWAP2BOARD".to_string()),
        Just("YXSTOP".to_string()),
        (0u64..3000).prop_map(|t| format!("INFO timeout_turn {t}")),
        (0u64..100_000).prop_map(|t| format!("INFO timeout_match {t}")),
        (-1000i64..100_000).prop_map(|t| format!("INFO time_left {t}")),
        (0u64..1 << 30).prop_map(|m| format!("INFO max_memory {m}")),
        // Beyond any machine: capped with a message (these once aborted the brain).
        any::<u64>().prop_map(|m| format!("INFO max_memory {m}")),
        any::<u32>().prop_map(|t| format!("INFO thread_num {t}")),
        (0u32..20).prop_map(|r| format!("INFO rule {r}")),
        "INFO [a-z_]{1,12} [ -~]{0,12}",
        "(START|TURN|BOARD|INFO|TAKEBACK|RECTSTART) [ -~]{0,16}",
        "[ -~]{0,24}",
        any::<Vec<u8>>().prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
    ]
}

/// Answer lines the protocol expects for `line`, given whether a BOARD / SWAP2BOARD block is
/// open; updates that. `None` for END (the brain quits).
fn expected_answers(line: &str, in_block: &mut bool) -> Option<usize> {
    let parsed = line.parse::<Command>();
    if *in_block {
        return match parsed {
            Ok(Command::End) => None,
            Ok(Command::Done) => {
                *in_block = false;
                Some(1)
            }
            Ok(Command::Stone(..) | Command::YxStop) | Err(_) => Some(0),
            // Another command abandons the block: one answer for it, then the command's own.
            Ok(_) => {
                *in_block = false;
                expected_answers(line, in_block).map(|n| n + 1)
            }
        };
    }
    match parsed {
        Ok(Command::End) => None,
        Ok(Command::Board | Command::Swap2Board) => {
            *in_block = true;
            Some(0)
        }
        Ok(Command::Info(_) | Command::YxStop) => Some(0),
        // INFO is never answered, even when it cannot be read.
        Err(CommandError::Empty) => Some(0),
        Err(e) if e.is_info() => Some(0),
        Ok(_) | Err(_) => Some(1),
    }
}

fn is_answer(line: &str) -> bool {
    !line.starts_with("MESSAGE ") && !line.starts_with("DEBUG ")
}

fn check_session(player: &str, k: u32, lines: &[String]) -> Result<(), TestCaseError> {
    let mut brain = Brain::new(BrainConfig {
        player: Some(player.parse().unwrap()),
        k,
        max_threads: 2,
    });
    let mut in_block = false;
    for line in lines {
        let free_before = brain.stones().map(|s| s.empty_cells());
        let reply = brain.handle(line, Instant::now());
        let expected = expected_answers(line, &mut in_block);
        for out in &reply.lines {
            prop_assert!(!out.contains(['\n', '\r']), "{line:?} -> {out:?}");
        }
        let answers: Vec<&String> = reply.lines.iter().filter(|l| is_answer(l)).collect();
        match expected {
            None => {
                prop_assert!(reply.quit && reply.lines.is_empty(), "{line:?}: {reply:?}");
                return Ok(());
            }
            Some(n) => {
                prop_assert!(!reply.quit, "{line:?}");
                prop_assert_eq!(answers.len(), n, "{:?} -> {:?}", line, reply.lines);
            }
        }
        for answer in answers {
            let known = answer == "OK"
                || answer == "SWAP"
                || answer.starts_with("ERROR ")
                || answer.starts_with("UNKNOWN ")
                || answer.starts_with("name=\"mnk\"");
            if known {
                continue;
            }
            if answer.contains(' ') {
                // Swap2's three opening stones: distinct cells of the board, no one's yet.
                let stones = brain.stones().unwrap();
                let cells: Vec<_> = answer
                    .split(' ')
                    .map(|p| {
                        let (x, y) = p.split_once(',')?;
                        stones
                            .cell(Point {
                                x: x.parse().ok()?,
                                y: y.parse().ok()?,
                            })
                            .ok()
                    })
                    .collect();
                prop_assert_eq!(cells.len(), 3, "{:?} -> {:?}", line, answer);
                prop_assert!(cells.iter().all(Option::is_some), "{line:?} -> {answer:?}");
                let cells: std::collections::HashSet<_> = cells.into_iter().flatten().collect();
                prop_assert_eq!(cells.len(), 3, "{:?} -> {:?}", line, answer);
                continue;
            }
            // A move: ours now, on a cell of the board.
            let point = answer.split_once(',').and_then(|(x, y)| {
                Some(Point {
                    x: x.parse().ok()?,
                    y: y.parse().ok()?,
                })
            });
            prop_assert!(point.is_some(), "{line:?} -> {answer:?}");
            let stones = brain.stones().unwrap();
            let cell = stones.cell(point.unwrap());
            prop_assert!(cell.is_ok(), "{line:?} -> {answer:?} off the board");
            prop_assert_eq!(stones.get(cell.unwrap()), Some(Field::Own));
            if !line.trim().to_ascii_uppercase().starts_with("PLAY") {
                // A TURN adds the opponent's stone and ours; BEGIN and DONE ours (after DONE
                // the position is new, so only TURN and BEGIN are counted).
                let upper = line.trim().to_ascii_uppercase();
                if upper.starts_with("BEGIN") {
                    prop_assert_eq!(Some(stones.empty_cells() + 1), free_before);
                } else if upper.starts_with("TURN") {
                    prop_assert_eq!(Some(stones.empty_cells() + 2), free_before);
                }
            }
        }
    }
    Ok(())
}

proptest! {
    // 300 cases unless PROPTEST_CASES says otherwise (a longer fuzzing run).
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(300)
    ))]

    #[test]
    fn random_lines_in_random_order(
        lines in prop::collection::vec(command_line(), 0..60),
        player in prop::sample::select(vec!["rules", "gomoku-pruned:depth=1", "alphabeta:depth=1"]),
        k in prop::sample::select(vec![3u32, 4, 5]),
    ) {
        check_session(player, k, &lines)?;
    }

    #[test]
    fn a_game_in_progress_survives_garbage(
        size in 5u32..=20,
        garbage in prop::collection::vec(command_line(), 0..40),
        turns in prop::collection::vec((0u32..20, 0u32..20), 0..20),
    ) {
        let mut lines = vec![format!("START {size}"), "INFO timeout_turn 50".into(), "BEGIN".into()];
        for (i, g) in garbage.into_iter().enumerate() {
            lines.push(g);
            if let Some(&(x, y)) = turns.get(i) {
                lines.push(format!("TURN {x},{y}"));
            }
        }
        check_session("rules", 5, &lines)?;
    }
}
