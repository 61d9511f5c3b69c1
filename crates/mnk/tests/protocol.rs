//! The Gomocup brain's state machine, command by command, against the protocol's text.

use mnk::protocol::{Brain, BrainConfig, Field, Point};
use mnk::search::Stop;
use std::time::Instant;

fn brain(player: &str) -> Brain {
    brain_k(player, 5)
}

fn brain_k(player: &str, k: u32) -> Brain {
    Brain::new(BrainConfig {
        player: Some(player.parse().unwrap()),
        k,
        max_threads: 4,
    })
}

/// Sends the lines; returns every line written back.
fn send(brain: &mut Brain, lines: &[&str]) -> Vec<String> {
    lines
        .iter()
        .flat_map(|l| brain.handle(l, Instant::now()).lines)
        .collect()
}

/// The answer lines (not MESSAGE / DEBUG / INFO).
fn answers(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .map(String::as_str)
        .filter(|l| {
            !["MESSAGE", "DEBUG", "INFO "]
                .iter()
                .any(|w| l.starts_with(w))
        })
        .collect()
}

fn one(brain: &mut Brain, line: &str) -> String {
    let out = send(brain, &[line]);
    let a = answers(&out);
    assert_eq!(a.len(), 1, "{line}: {out:?}");
    a[0].to_string()
}

fn parse_move(answer: &str) -> Point {
    let (x, y) = answer
        .split_once(',')
        .unwrap_or_else(|| panic!("not a move: {answer}"));
    Point {
        x: x.parse().unwrap(),
        y: y.parse().unwrap(),
    }
}

fn owner_at(brain: &Brain, x: u32, y: u32) -> Option<Field> {
    let stones = brain.stones().unwrap();
    stones.get(stones.cell(Point { x, y }).unwrap())
}

#[test]
fn start_accepts_sizes_up_to_26_and_explains_the_rest() {
    let mut b = brain("rules");
    assert_eq!(one(&mut b, "START 20"), "OK");
    assert_eq!(one(&mut b, "START 26"), "OK");
    assert_eq!(one(&mut b, "START 5"), "OK");
    for bad in ["START 27", "START 0", "START 300", "START 4294967295"] {
        let e = one(&mut b, bad);
        assert!(
            e.starts_with("ERROR") && e.contains("1 to 26"),
            "{bad}: {e}"
        );
    }
    let e = one(&mut b, "START 4");
    assert!(e.starts_with("ERROR") && e.contains("5 in a row"), "{e}");
    assert_eq!(one(&mut b, "RECTSTART 20,15"), "OK");
    assert_eq!(b.stones().unwrap().size().width, 20);
    assert_eq!(b.stones().unwrap().size().height, 15);
    assert_eq!(one(&mut b, "RECTSTART 1,5"), "OK");
    assert!(one(&mut b, "RECTSTART 27,5").starts_with("ERROR"));
    assert!(one(&mut b, "RECTSTART 1,1").starts_with("ERROR"));
    assert!(one(&mut b, "RECTSTART 0,10").starts_with("ERROR"));
    // A refused START keeps the last good board.
    assert_eq!(b.stones().unwrap().size().width, 1);
}

#[test]
fn commands_before_start_are_errors_not_crashes() {
    let mut b = brain("rules");
    for line in ["BEGIN", "TURN 1,1", "TAKEBACK 1,1", "PLAY 1,1", "RESTART"] {
        let a = one(&mut b, line);
        assert!(a.starts_with("ERROR") && a.contains("START"), "{line}: {a}");
    }
    assert!(send(&mut b, &["BOARD", "1,1,1"]).is_empty());
    assert!(one(&mut b, "DONE").contains("START"));
}

#[test]
fn begin_and_turn_answer_with_legal_moves_from_the_top_left() {
    let mut b = brain("rules");
    assert_eq!(one(&mut b, "START 15"), "OK");
    assert_eq!(one(&mut b, "BEGIN"), "7,7");
    assert_eq!(owner_at(&b, 7, 7), Some(Field::Own));
    let reply = parse_move(&one(&mut b, "TURN 0,0"));
    assert_eq!(owner_at(&b, 0, 0), Some(Field::Opponent));
    assert_eq!(owner_at(&b, reply.x, reply.y), Some(Field::Own));
    assert_eq!(b.stones().unwrap().empty_cells(), 225 - 3);
    // An occupied or off-board TURN changes nothing.
    let e = one(&mut b, "TURN 7,7");
    assert!(e.starts_with("ERROR") && e.contains("taken"), "{e}");
    let e = one(&mut b, "TURN 15,0");
    assert!(e.starts_with("ERROR") && e.contains("off the board"), "{e}");
    assert_eq!(b.stones().unwrap().empty_cells(), 225 - 3);
}

#[test]
fn rectangular_boards_use_x_for_columns() {
    let mut b = brain("rules");
    assert_eq!(one(&mut b, "RECTSTART 9,5"), "OK");
    assert_eq!(one(&mut b, "BEGIN"), "4,2");
    assert!(one(&mut b, "TURN 8,4").contains(','));
    assert!(one(&mut b, "TURN 4,8").starts_with("ERROR"));
}

#[test]
fn board_then_done_plays_the_win() {
    let mut b = brain("rules");
    one(&mut b, "START 15");
    let out = send(
        &mut b,
        &[
            "BOARD", "0,0,1", "1,0,1", "2,0,1", "3,0,1", "5,5,2", "5,6,2", "9,9,2", "12,3,2",
        ],
    );
    assert!(out.is_empty(), "{out:?}");
    assert_eq!(one(&mut b, "DONE"), "4,0");
}

#[test]
fn board_replaces_the_position_and_a_bad_board_keeps_the_old_one() {
    let mut b = brain("rules");
    one(&mut b, "START 15");
    one(&mut b, "BEGIN");
    let before = b.stones().unwrap().clone();
    for (bad, word) in [
        (vec!["BOARD", "1,1,1", "1,1,2", "DONE"], "taken"),
        (vec!["BOARD", "1,1,1", "15,1,2", "DONE"], "off the board"),
        (vec!["BOARD", "1,1,7", "DONE"], "field"),
        (vec!["BOARD", "hello", "DONE"], "expected"),
    ] {
        let out = send(&mut b, &bad);
        let a = answers(&out);
        assert_eq!(a.len(), 1, "{out:?}");
        assert!(a[0].starts_with("ERROR") && a[0].contains(word), "{a:?}");
        assert_eq!(b.stones().unwrap(), &before);
    }
    // A good BOARD replaces everything, then we move.
    let out = send(&mut b, &["BOARD", "3,3,2", "DONE"]);
    let mv = parse_move(answers(&out)[0]);
    assert_eq!(owner_at(&b, 3, 3), Some(Field::Opponent));
    assert_eq!(owner_at(&b, mv.x, mv.y), Some(Field::Own));
    assert_eq!(b.stones().unwrap().empty_cells(), 223);
}

#[test]
fn a_command_inside_board_abandons_it_and_is_obeyed() {
    let mut b = brain("rules");
    one(&mut b, "START 15");
    let out = send(&mut b, &["BOARD", "1,1,1", "START 20"]);
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(out[0].starts_with("ERROR") && out[0].contains("DONE"));
    assert_eq!(out[1], "OK");
    assert_eq!(b.stones().unwrap().size().width, 20);
    let r = b.handle("END", Instant::now());
    assert!(r.quit && r.lines.is_empty());
    // END inside a block quits too, silently.
    let mut b = brain("rules");
    one(&mut b, "START 15");
    send(&mut b, &["BOARD", "1,1,1"]);
    let r = b.handle("END", Instant::now());
    assert!(r.quit && r.lines.is_empty());
}

#[test]
fn unknown_commands_get_unknown_and_malformed_ones_error_on_one_line() {
    let mut b = brain("rules");
    one(&mut b, "START 15");
    assert!(one(&mut b, "HELLO world").starts_with("UNKNOWN"));
    assert!(one(&mut b, "YXBALANCEONE 3").starts_with("UNKNOWN"));
    assert!(one(&mut b, "TURN seven,seven").starts_with("ERROR"));
    assert!(one(&mut b, "BEGIN please").starts_with("ERROR"));
    assert!(one(&mut b, "DONE").starts_with("ERROR"));
    assert!(one(&mut b, "3,3,1").starts_with("ERROR"));
    assert!(send(&mut b, &["", "   ", "\r"]).is_empty());
    let multi = one(&mut b, "TURN 1\r\n2");
    assert!(multi.starts_with("ERROR") && !multi.contains('\n') && !multi.contains('\r'));
    // Still playing afterwards.
    assert_eq!(one(&mut b, "BEGIN"), "7,7");
}

#[test]
fn info_is_silent_unknown_keys_are_ignored_and_bad_values_reported_with_the_next_answer() {
    let mut b = brain("rules");
    assert!(
        send(
            &mut b,
            &[
                "INFO timeout_turn 1000",
                "INFO timeout_match 100000",
                "INFO time_left 90000",
                "INFO max_memory 83886080",
                "INFO game_type 1",
                "INFO rule 0",
                "INFO folder /tmp/x",
                "INFO evaluate 3,3",
                "INFO future_key 42",
                "INFO timeout_turn soon",
                "INFO",
                "info   ",
            ]
        )
        .is_empty()
    );
    assert_eq!(
        b.clock().timeout_turn(),
        std::time::Duration::from_millis(1000)
    );
    let out = send(&mut b, &["START 15"]);
    assert_eq!(out.len(), 4, "{out:?}");
    assert!(out[0].starts_with("MESSAGE") && out[0].contains("timeout_turn"));
    assert!(out[1].starts_with("MESSAGE INFO") && out[1].contains("a key and a value"));
    assert_eq!(out[3], "OK");
    // time_left sent before START belongs to the game that starts.
    assert_eq!(
        b.clock().match_left(),
        Some(std::time::Duration::from_millis(90_000))
    );
}

#[test]
fn max_memory_reaches_the_players_settings() {
    let mut b = brain("gomoku-pruned:depth=1");
    send(&mut b, &["START 15", "INFO max_memory 83886080"]);
    one(&mut b, "BEGIN");
    assert_eq!(b.player().unwrap().options.memory_mib, Some(60));
    assert_eq!(b.player().unwrap().options.threads, Some(1));
    // 0 is no limit; Yixin-Board's thread_num sets the threads.
    send(&mut b, &["INFO max_memory 0", "INFO thread_num 2"]);
    let out = send(&mut b, &["TURN 14,14"]);
    assert_eq!(answers(&out).len(), 1, "{out:?}");
    assert_eq!(b.player().unwrap().options.memory_mib, None, "{out:?}");
    assert_eq!(b.player().unwrap().options.threads, Some(2));
}

#[test]
fn the_engines_table_is_what_its_longest_move_fills_within_max_memory() {
    // Gomocup's 350 MB: 262 MiB for the tables. A 0.2 s move fills far less: the engine's
    // smallest table; 5 s a move, 160 MiB; 30 s, the limit.
    let mut b = brain("engine");
    let memory = |b: &Brain| b.player().unwrap().options.memory_mib;
    send(&mut b, &["START 15", "INFO max_memory 367001600"]);
    assert_eq!(memory(&b), Some(262), "the default turn is 30 s");
    send(&mut b, &["INFO timeout_turn 200"]);
    assert_eq!(memory(&b), Some(32));
    send(&mut b, &["INFO timeout_turn 5000"]);
    assert_eq!(memory(&b), Some(160));
    // A timed game: 180 s over 40 moves, 4.5 s at most as far as the table goes.
    send(
        &mut b,
        &["INFO timeout_turn 30000", "INFO timeout_match 180000"],
    );
    assert_eq!(memory(&b), Some(144));
    // A limit below what the move fills still binds.
    send(&mut b, &["INFO max_memory 83886080"]);
    assert_eq!(memory(&b), Some(60));
    // Two threads fill twice as much: 2 x 32 MiB a second for 2 s.
    send(
        &mut b,
        &[
            "INFO max_memory 367001600",
            "INFO timeout_match 0",
            "INFO timeout_turn 2000",
            "INFO thread_num 2",
        ],
    );
    assert_eq!(memory(&b), Some(128));
    // The player's own size stays when the limit allows it.
    let mut b = brain("engine:memory-mb=100");
    send(
        &mut b,
        &[
            "START 15",
            "INFO max_memory 367001600",
            "INFO timeout_turn 200",
        ],
    );
    assert_eq!(memory(&b), Some(100));
}

#[test]
fn max_node_and_max_depth_bound_every_move() {
    // c-gomoku-cli's `nodes=` and `depth=` arrive as these INFO keys.
    let mut b = brain("engine");
    send(
        &mut b,
        &[
            "START 15",
            "INFO timeout_turn 300",
            "INFO max_node 2000",
            "INFO max_depth 3",
        ],
    );
    let out = send(&mut b, &["BEGIN"]);
    assert_eq!(answers(&out), ["7,7"], "{out:?}");
    let options = b.player().unwrap().options;
    assert_eq!((options.nodes, options.depth), (Some(2000), Some(3)));
    // The engine's report says how far the move went: within both limits.
    let out = send(&mut b, &["TURN 8,8"]);
    let message = out
        .iter()
        .find(|l| l.starts_with("MESSAGE engine"))
        .unwrap();
    let field = |name: &str| -> u64 {
        let words: Vec<&str> = message.split_whitespace().collect();
        let i = words.iter().position(|w| *w == name).unwrap();
        words[i + 1].parse().unwrap()
    };
    assert!(field("depth") <= 3 && field("nodes") <= 2000, "{message}");
    // 0 and negative numbers lift a limit; a player's own setting stays the tighter one.
    send(&mut b, &["INFO max_node 0", "INFO max_depth -1"]);
    send(&mut b, &["TURN 9,9"]);
    let options = b.player().unwrap().options;
    assert_eq!((options.nodes, options.depth), (None, None));
    let mut own = brain("engine:nodes=800");
    send(&mut own, &["START 15", "INFO max_node 5000"]);
    send(&mut own, &["BEGIN"]);
    assert_eq!(own.player().unwrap().options.nodes, Some(800));
    // A player without a depth keeps none; a bad value is a MESSAGE and changes nothing.
    let mut rules = brain("rules");
    send(
        &mut rules,
        &["START 15", "INFO max_depth 4", "INFO max_node many"],
    );
    let out = send(&mut rules, &["BEGIN"]);
    assert!(
        out[0].starts_with("MESSAGE") && out[0].contains("max_node"),
        "{out:?}"
    );
    assert_eq!(rules.player().unwrap().options.depth, None);
}

#[test]
fn rules_mnk_cannot_play_are_errors_when_a_move_is_asked() {
    for (bits, word) in [("12", "caro"), ("8", "caro"), ("2", "continuous")] {
        let mut b = brain("rules");
        assert!(send(&mut b, &[&format!("INFO rule {bits}")]).is_empty());
        // START itself is fine: the rule is the problem only once a move is wanted.
        assert_eq!(one(&mut b, "START 15"), "OK");
        let a = one(&mut b, "BEGIN");
        assert!(a.starts_with("ERROR") && a.contains(word), "{a}");
        // The manager may switch to a rule mnk plays.
        send(&mut b, &["INFO rule 1"]);
        assert_eq!(one(&mut b, "BEGIN"), "7,7");
    }
}

#[test]
fn rule_4_is_renju_and_black_never_plays_a_forbidden_point() {
    // Ours (black: as many stones as theirs): 5,7 6,7 across and 7,5 7,6 down, so the
    // centre 7,7, the rules player's first choice, makes two open threes: a double three.
    let position = [
        "BOARD", "5,7,1", "0,14,2", "6,7,1", "2,14,2", "7,5,1", "4,14,2", "7,6,1", "14,0,2",
    ];
    for player in ["rules", "engine:nodes=3000"] {
        let mut b = brain(player);
        one(&mut b, "START 15");
        send(&mut b, &position);
        assert_eq!(one(&mut b, "DONE"), "7,7", "{player} under freestyle");
        let mut b = brain(player);
        send(&mut b, &["START 15", "INFO rule 4"]);
        send(&mut b, &position);
        let answer = one(&mut b, "DONE");
        assert!(!answer.starts_with("ERROR"), "{player}: {answer}");
        assert_ne!(parse_move(&answer), Point { x: 7, y: 7 }, "{player}");
    }
}

#[test]
fn rule_1_means_exactly_five() {
    let position = [
        "BOARD", "0,0,1", "1,0,1", "2,0,1", "3,0,1", "5,0,1", "9,9,2", "12,12,2", "9,12,2",
        "12,9,2", "14,14,2",
    ];
    let mut b = brain("rules");
    one(&mut b, "START 15");
    send(&mut b, &position);
    assert_eq!(one(&mut b, "DONE"), "4,0");
    let mut b = brain("rules");
    send(&mut b, &["START 15", "INFO rule 1"]);
    send(&mut b, &position);
    assert_ne!(one(&mut b, "DONE"), "4,0");
}

#[test]
fn takeback_restart_play_and_about() {
    let mut b = brain("rules");
    one(&mut b, "START 15");
    one(&mut b, "BEGIN");
    let reply = one(&mut b, "TURN 1,1");
    assert_eq!(one(&mut b, &format!("TAKEBACK {reply}")), "OK");
    assert_eq!(one(&mut b, "TAKEBACK 1,1"), "OK");
    assert_eq!(b.stones().unwrap().empty_cells(), 224);
    assert!(one(&mut b, "TAKEBACK 1,1").starts_with("ERROR"));
    assert_eq!(one(&mut b, "PLAY 2,3"), "2,3");
    assert_eq!(owner_at(&b, 2, 3), Some(Field::Own));
    assert!(one(&mut b, "PLAY 2,3").starts_with("ERROR"));
    assert_eq!(one(&mut b, "RESTART"), "OK");
    assert_eq!(b.stones().unwrap().empty_cells(), 225);
    let about = one(&mut b, "ABOUT");
    assert!(about.starts_with("name=\"mnk\", version=\""), "{about}");
}

#[test]
fn a_player_that_refuses_is_replaced_by_a_quick_move_with_a_message() {
    // gametree refuses a 15x15 board outright.
    let mut b = brain("gametree");
    one(&mut b, "START 15");
    let out = send(&mut b, &["BEGIN"]);
    assert!(
        out.iter()
            .any(|l| l.starts_with("MESSAGE") && l.contains("quick move")),
        "{out:?}"
    );
    assert_eq!(answers(&out), ["7,7"]);
    // And it blocks a four.
    let out = send(
        &mut b,
        &[
            "BOARD", "3,3,2", "4,3,2", "5,3,2", "6,3,2", "0,14,1", "14,14,1", "14,0,1", "DONE",
        ],
    );
    let block = answers(&out)[0];
    assert!(block == "2,3" || block == "7,3", "{out:?}");
}

#[test]
fn positions_a_board_cannot_hold_still_get_a_legal_move() {
    let mut b = brain("gomoku-pruned:depth=1");
    one(&mut b, "START 15");
    for position in [
        // Unbalanced: three own stones, none of the opponent's.
        vec!["BOARD", "0,0,1", "1,0,1", "2,0,1", "DONE"],
        // Continuous-game stones.
        vec!["BOARD", "5,5,3", "6,6,3", "7,7,2", "DONE"],
        // The opponent has already won.
        vec![
            "BOARD", "0,5,2", "1,5,2", "2,5,2", "3,5,2", "4,5,2", "9,9,1", "9,10,1", "9,11,1",
            "9,13,1", "DONE",
        ],
    ] {
        let out = send(&mut b, &position);
        assert!(
            out.iter()
                .any(|l| l.starts_with("MESSAGE") && l.contains("quick move")),
            "{out:?}"
        );
        let mv = parse_move(answers(&out)[0]);
        assert_eq!(owner_at(&b, mv.x, mv.y), Some(Field::Own));
    }
}

#[test]
fn a_full_board_is_an_error() {
    let mut b = brain_k("rules", 3);
    one(&mut b, "START 3");
    // x o x / x o o / o x x from our side: full, nobody has three.
    let out = send(
        &mut b,
        &[
            "BOARD", "0,0,1", "1,0,2", "2,0,1", "0,1,1", "1,1,2", "2,1,2", "0,2,2", "1,2,1",
            "2,2,1", "DONE",
        ],
    );
    let a = answers(&out);
    assert!(
        a.len() == 1 && a[0].starts_with("ERROR") && a[0].contains("full"),
        "{out:?}"
    );
}

#[test]
fn search_information_comes_before_the_move() {
    let mut b = brain("gomoku-pruned:depth=2");
    send(&mut b, &["START 15", "INFO timeout_turn 5000"]);
    one(&mut b, "BEGIN");
    let out = send(&mut b, &["TURN 8,8"]);
    assert_eq!(out.len(), 3, "{out:?}");
    assert!(
        out[0].starts_with("MESSAGE gomoku-pruned depth 2 value "),
        "{out:?}"
    );
    assert!(
        out[0].contains(" nodes ") && out[0].contains(" pv "),
        "{out:?}"
    );
    assert!(out[1].starts_with("DEBUG time "), "{out:?}");
    parse_move(&out[2]);
}

#[test]
fn timeout_turn_zero_plays_as_fast_as_possible() {
    let mut b = brain("gomoku-pruned");
    send(&mut b, &["START 20", "INFO timeout_turn 0"]);
    let out = send(&mut b, &["BEGIN"]);
    assert!(
        out.iter().any(|l| l.contains("as fast as possible")),
        "{out:?}"
    );
    parse_move(answers(&out)[0]);
}

#[test]
fn the_player_is_seated_at_start_and_answers_a_searched_move_at_timeout_turn_zero() {
    let mut b = Brain::new(BrainConfig::default());
    assert!(b.player().is_none());
    send(&mut b, &["START 15"]);
    // Seated (its tables allocated) before the first move asks for anything.
    assert_eq!(b.player().map(|p| p.name), Some("engine"));
    // (The first move, the centre, is searched to a few plies for its value: in a test build,
    // which checks every node from scratch, that takes longer than 5 ms; one ply here.)
    let out = send(
        &mut b,
        &["INFO timeout_turn 0", "INFO max_depth 1", "BEGIN"],
    );
    assert!(
        out.iter().any(|l| l.starts_with("MESSAGE engine depth")),
        "{out:?}"
    );
    assert!(!out.iter().any(|l| l.contains("quick move")), "{out:?}");
    // "As fast as possible" still leaves a real search its few milliseconds.
    let debug = out.iter().find(|l| l.starts_with("DEBUG")).unwrap();
    assert!(debug.contains("stop at 5 ms"), "{debug}");
    assert_eq!(answers(&out), ["7,7"]);
}

#[test]
fn a_stop_signal_ends_the_search_with_a_move() {
    let stop = Stop::new();
    stop.set();
    let mut b = brain("gomoku-pruned:depth=6").with_stop(stop);
    send(&mut b, &["START 20", "INFO timeout_turn 100000"]);
    let out = send(&mut b, &["BEGIN"]);
    assert!(out.iter().any(|l| l.contains("stopped")), "{out:?}");
    assert_eq!(answers(&out), ["9,9"]);
}

#[test]
fn a_won_game_on_the_opponents_turn_still_gets_an_answer() {
    let mut b = brain("rules");
    one(&mut b, "START 15");
    // An open four: we can block one end only.
    let out = send(
        &mut b,
        &[
            "BOARD", "1,5,2", "2,5,2", "3,5,2", "4,5,2", "9,9,1", "9,10,1", "14,0,1", "DONE",
        ],
    );
    let block = answers(&out)[0].to_string();
    let other_end = if block == "0,5" { "5,5" } else { "0,5" };
    let out = send(&mut b, &[&format!("TURN {other_end}")]);
    assert!(out.iter().any(|l| l.contains("over")), "{out:?}");
    let mv = parse_move(answers(&out)[0]);
    assert_eq!(owner_at(&b, mv.x, mv.y), Some(Field::Own));
}

/// Sends a `SWAP2BOARD` block with `points` (`"7,7"`); returns the answer line.
fn swap2(b: &mut Brain, points: &[&str]) -> String {
    let mut lines = vec!["SWAP2BOARD"];
    lines.extend_from_slice(points);
    let out = send(b, &lines);
    assert!(out.is_empty(), "nothing before DONE: {out:?}");
    one(b, "DONE")
}

#[test]
fn swap2_opens_with_three_stones_near_the_centre() {
    let mut b = brain("engine:time-ms=100");
    one(&mut b, "START 15");
    let answer = swap2(&mut b, &[]);
    let points: Vec<Point> = answer.split(' ').map(parse_move).collect();
    assert_eq!(points.len(), 3, "{answer}");
    assert_eq!(
        points[0],
        Point { x: 7, y: 7 },
        "black's first in the centre"
    );
    for p in &points {
        assert!(p.x.abs_diff(7) <= 2 && p.y.abs_diff(7) <= 2, "{answer}");
    }
    assert!(points[0] != points[1] && points[1] != points[2] && points[0] != points[2]);
}

#[test]
fn swap2_takes_black_when_white_is_worse_and_stays_white_when_it_is_better() {
    // Black has an open three and white's two stones are in the corners: take black.
    let mut b = brain("engine:time-ms=100");
    one(&mut b, "START 15");
    assert_eq!(
        swap2(&mut b, &["7,7", "0,0", "8,7", "14,14", "9,7"]),
        "SWAP"
    );
    // After the swap the brain holds black's stones as its own.
    assert_eq!(owner_at(&b, 7, 7), Some(Field::Own));
    assert_eq!(owner_at(&b, 0, 0), Some(Field::Opponent));
    // Black's stones in two corners, white's in the centre: stay white and play.
    let mut b = brain("engine:time-ms=100");
    one(&mut b, "START 15");
    let answer = swap2(&mut b, &["0,0", "7,7", "14,14"]);
    let mv = parse_move(&answer);
    assert_eq!(owner_at(&b, mv.x, mv.y), Some(Field::Own));
    assert_eq!(owner_at(&b, 7, 7), Some(Field::Own));
    assert_eq!(owner_at(&b, 0, 0), Some(Field::Opponent));
    // Stones may carry a field, as Rapfi reads them (x,y,f): the order gives the colours.
    let mut b = brain("engine:time-ms=100");
    one(&mut b, "START 15");
    assert_eq!(
        swap2(&mut b, &["7,7,2", "0,0,1", "8,7,2", "14,14,1", "9,7,2"]),
        "SWAP"
    );
    // A player without values never swaps: it plays white's move.
    let mut b = brain("rules");
    one(&mut b, "START 15");
    let mv = parse_move(&swap2(&mut b, &["7,7", "8,7", "9,9"]));
    assert_eq!(owner_at(&b, mv.x, mv.y), Some(Field::Own));
}

#[test]
fn swap2_refuses_what_is_not_an_opening_and_keeps_the_position() {
    let mut b = brain("rules");
    one(&mut b, "START 15");
    for (points, needle) in [
        (&["7,7", "8,7"][..], "0, 3 or 5 stones"),
        (&["7,7", "8,7", "7,7"][..], "taken"),
        (&["7,7", "8,7", "99,9"][..], "99,9"),
        (&["7,7", "8,x", "9,9"][..], "SWAP2BOARD"),
    ] {
        let answer = swap2(&mut b, points);
        assert!(
            answer.starts_with("ERROR") && answer.contains(needle),
            "{points:?}: {answer}"
        );
    }
    // A block cut short by another command says so, and the command is obeyed.
    let out = send(&mut b, &["SWAP2BOARD", "7,7", "BEGIN"]);
    let a = answers(&out);
    assert!(
        a[0].starts_with("ERROR SWAP2BOARD was not finished"),
        "{out:?}"
    );
    assert_eq!(a[1], "7,7");
    let mut fresh = brain("rules");
    assert!(swap2(&mut fresh, &[]).starts_with("ERROR SWAP2BOARD before START"));
}

#[test]
fn tic_tac_toe_through_the_protocol_is_perfect() {
    let mut b = Brain::new(BrainConfig {
        k: 3,
        ..BrainConfig::default()
    });
    one(&mut b, "START 3");
    // The opponent opens in a corner; perfect play answers in the centre.
    assert_eq!(one(&mut b, "TURN 0,0"), "1,1");
    assert_eq!(b.player().unwrap().name, "perfect");
}

#[test]
fn settings_beyond_the_machine_are_capped_with_a_message_and_the_game_goes_on() {
    // Was: an abort ("memory allocation of 316659348799464 bytes failed") on the first move.
    let mut b = Brain::new(BrainConfig {
        max_threads: 2,
        ..BrainConfig::default()
    });
    let out = send(
        &mut b,
        &[
            "START 6",
            "INFO max_memory 18446744073709551615",
            "INFO thread_num 4294967295",
            "BEGIN",
        ],
    );
    let moves = answers(&out);
    assert_eq!(moves[0], "OK");
    let mv = parse_move(moves[1]);
    assert!(mv.x < 6 && mv.y < 6, "{out:?}");
    let messages: Vec<&String> = out.iter().filter(|l| l.starts_with("MESSAGE")).collect();
    assert!(
        messages.iter().any(|m| m.contains(&format!(
            "tables take at most {} MiB",
            mnk::players::MAX_MEMORY_MIB
        ))),
        "{out:?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m
                .contains("thread_num 4294967295 is more than the 2 this machine runs at once")),
        "{out:?}"
    );
}

/// The `MESSAGE (i) value | depth | x,y ...` lines of an n-best answer: rank, value, depth, line.
fn nbest_lines(out: &[String]) -> Vec<(usize, String, String, Vec<Point>)> {
    out.iter()
        .filter_map(|l| l.strip_prefix("MESSAGE ("))
        .map(|l| {
            let (rank, rest) = l.split_once(") ").unwrap();
            let parts: Vec<&str> = rest.split(" | ").collect();
            assert_eq!(parts.len(), 3, "{l}");
            let pv = parts[2].split(' ').map(parse_move).collect();
            (rank.parse().unwrap(), parts[0].into(), parts[1].into(), pv)
        })
        .collect()
}

#[test]
fn yxboard_takes_a_position_and_yxnbest_reports_the_best_lines_and_plays_the_first() {
    let mut b = brain("engine:depth=4");
    one(&mut b, "START 15");
    // YXBOARD: the position, no answer (the manager asks for the lines next).
    let out = send(&mut b, &["YXBOARD", "7,7,2", "8,8,1", "8,7,2", "DONE"]);
    assert!(out.is_empty(), "{out:?}");
    assert_eq!(owner_at(&b, 8, 8), Some(Field::Own));
    assert_eq!(b.stones().unwrap().empty_cells(), 222);
    let out = send(&mut b, &["YXNBEST 3"]);
    let lines = nbest_lines(&out);
    assert_eq!(
        lines.iter().map(|l| l.0).collect::<Vec<_>>(),
        [1, 2, 3],
        "{out:?}"
    );
    let mut firsts: Vec<Point> = lines.iter().map(|l| l.3[0]).collect();
    for (_, value, depth, _) in &lines {
        assert!(
            value.parse::<i32>().is_ok() || value.contains('M'),
            "{value}"
        );
        assert_eq!(depth, "4");
    }
    // The answer is the first line's move, played as ours.
    let answer = answers(&out);
    assert_eq!(answer.len(), 1, "{out:?}");
    let mv = parse_move(answer[0]);
    assert_eq!(mv, firsts[0]);
    assert_eq!(owner_at(&b, mv.x, mv.y), Some(Field::Own));
    firsts.sort_by_key(|p| (p.x, p.y));
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "three different moves: {out:?}");
    // A plain turn reports no lines.
    let out = send(&mut b, &["TURN 0,0"]);
    assert!(nbest_lines(&out).is_empty(), "{out:?}");
}

#[test]
fn show_detail_2_adds_an_info_block_per_line() {
    let mut b = brain("engine:depth=3");
    send(&mut b, &["START 15", "INFO show_detail 2"]);
    send(&mut b, &["YXBOARD", "7,7,1", "8,8,2", "DONE"]);
    let out = send(&mut b, &["YXNBEST 2"]);
    let info: Vec<&str> = out
        .iter()
        .map(String::as_str)
        .filter(|l| l.starts_with("INFO "))
        .collect();
    let blocks: Vec<&[&str]> = info.split_inclusive(|l| *l == "INFO PV DONE").collect();
    assert_eq!(blocks.len(), 2, "{out:?}");
    let lines = nbest_lines(&out);
    for (i, block) in blocks.iter().enumerate() {
        assert_eq!(block[0], format!("INFO PV {i}"));
        assert_eq!(block[1], "INFO NUMPV 2");
        for key in [
            "DEPTH 3",
            "TOTALNODES ",
            "TOTALTIME ",
            "SPEED ",
            "EVAL ",
            "BESTLINE ",
        ] {
            assert!(
                block.iter().any(|l| l.starts_with(&format!("INFO {key}"))),
                "{key}: {block:?}"
            );
        }
        let bestline = block
            .iter()
            .find_map(|l| l.strip_prefix("INFO BESTLINE "))
            .unwrap();
        assert_eq!(
            parse_move(bestline.split(' ').next().unwrap()),
            lines[i].3[0]
        );
        let eval = block
            .iter()
            .find_map(|l| l.strip_prefix("INFO EVAL "))
            .unwrap();
        assert_eq!(eval, lines[i].1);
    }
    // The move comes last, after the blocks.
    parse_move(out.last().unwrap());
}

#[test]
fn yxnbest_outside_what_it_can_give_says_so_and_still_plays() {
    let mut b = brain("engine:depth=2");
    one(&mut b, "START 15");
    for (n, says, lines) in [
        ("0", "ask for 1 to 32; searching 1", 0),
        ("99", "at most 32", 32),
    ] {
        send(&mut b, &["YXBOARD", "7,7,2", "DONE"]);
        let out = send(&mut b, &[&format!("YXNBEST {n}")]);
        assert!(
            out.iter()
                .any(|l| l.starts_with("MESSAGE YXNBEST") && l.contains(says)),
            "{out:?}"
        );
        assert_eq!(nbest_lines(&out).len(), lines, "{out:?}");
        parse_move(answers(&out)[0]);
    }
    // Two cells left on a 3x3 board: two lines.
    let mut b = brain_k("engine", 3);
    one(&mut b, "START 3");
    send(
        &mut b,
        &[
            "YXBOARD", "0,0,2", "1,0,1", "2,0,2", "0,1,2", "1,1,1", "0,2,1", "1,2,2", "DONE",
        ],
    );
    let out = send(&mut b, &["YXNBEST 3"]);
    assert!(
        out.iter()
            .any(|l| l.contains("only 2 legal moves; searching 2")),
        "{out:?}"
    );
    assert_eq!(nbest_lines(&out).len(), 2, "{out:?}");
    // Unreadable: an error, and the brain goes on.
    assert!(one(&mut b, "YXNBEST three").starts_with("ERROR YXNBEST"));
    let before = b.stones().unwrap().clone();
    let out = send(&mut b, &["YXBOARD", "0,0,1", "0,0,2", "DONE"]);
    assert!(answers(&out)[0].starts_with("ERROR YXBOARD 0,0"), "{out:?}");
    assert_eq!(b.stones().unwrap(), &before);
}

/// The marks a watcher gets while the brain thinks on `moves`, with `show_detail`: the search
/// is stopped (as YXSTOP would) once a first mark has come, or after the search's own time.
fn realtime_marks(show_detail: u32) -> (Vec<String>, Vec<String>) {
    let stop = Stop::new();
    let (live, marks) = std::sync::mpsc::channel();
    let mut b = brain("engine").with_stop(stop.clone()).with_live(live);
    send(
        &mut b,
        &[
            "START 15",
            &format!("INFO show_detail {show_detail}"),
            "INFO timeout_turn 3000",
        ],
    );
    let watcher = std::thread::spawn(move || {
        let first = marks.recv_timeout(std::time::Duration::from_secs(60));
        stop.set();
        first.into_iter().chain(marks).collect::<Vec<String>>()
    });
    let out = send(&mut b, &["BOARD", "7,7,2", "8,8,1", "7,8,2", "DONE"]);
    drop(b);
    (watcher.join().unwrap(), out)
}

#[test]
fn show_detail_1_marks_the_best_move_while_the_search_runs() {
    let (marks, out) = realtime_marks(1);
    assert!(!marks.is_empty(), "no mark while thinking: {out:?}");
    for mark in &marks {
        let point = mark
            .strip_prefix("MESSAGE REALTIME BEST ")
            .or_else(|| mark.strip_prefix("MESSAGE REALTIME LOSE "))
            .unwrap_or_else(|| panic!("not a realtime mark: {mark}"));
        let p = parse_move(point);
        assert!(p.x < 15 && p.y < 15, "{mark}");
        assert!(![(7, 7), (8, 8), (7, 8)].contains(&(p.x, p.y)), "{mark}");
    }
    // Said when the best move changes: never the same mark twice in a row.
    assert!(marks.windows(2).all(|w| w[0] != w[1]), "{marks:?}");
    // The marks went to the watcher, not into the answer; the move still came.
    assert!(!out.iter().any(|l| l.contains("REALTIME")), "{out:?}");
    assert_eq!(answers(&out).len(), 1, "{out:?}");
}

#[test]
fn without_show_detail_1_nothing_is_said_while_thinking() {
    let (marks, out) = realtime_marks(2);
    assert!(marks.is_empty(), "{marks:?}");
    assert_eq!(answers(&out).len(), 1, "{out:?}");
}
