//! Renju's forbidden points, position by position: the shapes the international rules forbid
//! to black (X), the look-alikes they do not, and what a forbidden point means for the game.
//!
//! Each position is a diagram drawn with its `?` on h8 (the centre of 15x15): `x` and `o` are
//! stones, `.` and `?` empty. Stones two cells apart on rows 1, 3 and 15, far from the diagram,
//! only balance the counts (X is to move unless a test says otherwise).

use mnk::game::{Board, Cell, Forbidden, MoveError, Rule, Setup, Side, Size, Status, Variant};
use mnk::notation::{format_cell, parse_move};

const SIDE: u8 = 15;

/// The board of `rows` drawn with `?` on h8, with `to_move` to move, and the `?` cell.
fn diagram(rows: &[&str], to_move: Side) -> (Board, Cell) {
    let size = Size::square(SIDE);
    let variant = Variant::new(size, 5, Rule::Renju).unwrap();
    let grid: Vec<Vec<char>> = rows
        .iter()
        .map(|r| r.chars().filter(|c| !c.is_whitespace()).collect())
        .collect();
    let (qr, qc) = grid
        .iter()
        .enumerate()
        .find_map(|(r, row)| row.iter().position(|&c| c == '?').map(|c| (r, c)))
        .expect("a ? in the diagram");
    let (top, left) = (7 - qr as i32, 7 - qc as i32);
    let mut setup = Setup::new(size);
    let mut count = [0usize; 2];
    let mut question = None;
    for (r, row) in grid.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            let cell = size.cell(top + r as i32, left + c as i32).unwrap();
            let side = match ch {
                'x' => Side::X,
                'o' => Side::O,
                '?' => {
                    question = Some(cell);
                    continue;
                }
                _ => continue,
            };
            setup.place(cell, side).unwrap();
            count[side.index()] += 1;
        }
    }
    // Balance: X to move needs equal counts, O to move one X more.
    let extra = usize::from(to_move == Side::O);
    let mut filler = [14, 12, 0]
        .into_iter()
        .flat_map(|r| (0..SIDE as i32).step_by(2).map(move |c| (r, c)))
        .map(|(r, c)| size.cell(r, c).unwrap());
    while count[0] != count[1] + extra {
        let (side, i) = if count[0] < count[1] + extra {
            (Side::X, 0)
        } else {
            (Side::O, 1)
        };
        setup.place(filler.next().unwrap(), side).unwrap();
        count[i] += 1;
    }
    let board = setup.board(variant).unwrap();
    assert_eq!(board.to_move(), to_move);
    (board, question.unwrap())
}

fn black(rows: &[&str]) -> (Board, Cell) {
    diagram(rows, Side::X)
}

#[test]
fn two_open_threes_are_a_double_three() {
    let (board, p) = black(&[
        ". . . . .",
        ". . . x .",
        ". . . x .",
        ". x x ? .",
        ". . . . .",
    ]);
    assert_eq!(board.forbidden(p), Some(Forbidden::DoubleThree));
    // A split three counts as a three.
    let (board, p) = black(&[
        ". . . . . .",
        ". . . . x .",
        ". . . . x .",
        ". x . x ? .",
        ". . . . . .",
    ]);
    assert_eq!(board.forbidden(p), Some(Forbidden::DoubleThree));
}

#[test]
fn a_three_that_cannot_become_a_straight_four_does_not_count() {
    // Across: blocked by o on the left, and the four on the right would be an overline with
    // the far x; down: a true three. One three: allowed.
    let (board, p) = black(&[
        ". . . . . . . .",
        ". . . . x . . .",
        ". . . . x . . .",
        "o . x x ? . . x",
        ". . . . . . . .",
    ]);
    assert_eq!(board.forbidden(p), None);
    // Without the far x the right side makes a straight four: a double three.
    let (board, p) = black(&[
        ". . . . . . . .",
        ". . . . x . . .",
        ". . . . x . . .",
        "o . x x ? . . .",
        ". . . . . . . .",
    ]);
    assert_eq!(board.forbidden(p), Some(Forbidden::DoubleThree));
}

#[test]
fn a_three_whose_straight_four_needs_a_forbidden_point_does_not_count() {
    // Across, the only straight four comes from the cell right of ?, and that cell would be an
    // overline down its column (four above, one below): forbidden, so the three across is
    // false. With the three down, one three: allowed.
    let (board, p) = black(&[
        ". . . . . . .",
        ". . . . . x .",
        ". . . . . x .",
        ". . . . x x .",
        ". . . . x x .",
        "o . x x ? . .",
        ". . . . . x .",
        ". . . . . . .",
    ]);
    assert_eq!(board.forbidden(p), None);
    let right = board
        .size()
        .step(p, mnk::game::Direction::Horizontal, 1)
        .unwrap();
    let mut with_p = board.clone();
    with_p.play(p);
    assert_eq!(
        with_p.forbidden_to(Side::X, right),
        Some(Forbidden::Overline)
    );
    // Without the stone below that cell, the cell makes exactly five down its column: not
    // forbidden, but a five, which makes no three across either (see the next test): allowed.
    let (board, p) = black(&[
        ". . . . . . .",
        ". . . . . x .",
        ". . . . . x .",
        ". . . . x x .",
        ". . . . x x .",
        "o . x x ? . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    assert_eq!(board.forbidden(p), None);
    let mut with_p = board.clone();
    with_p.play(p);
    assert_eq!(with_p.forbidden_to(Side::X, right), None);
    assert_eq!(with_p.win_through(right, Side::X).map(|l| l.len), Some(5));
    // Without the column, the cell makes the straight four and nothing else: a true double
    // three.
    let (board, p) = black(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . x . .",
        ". . . . x . .",
        "o . x x ? . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    assert_eq!(board.forbidden(p), Some(Forbidden::DoubleThree));
}

#[test]
fn a_three_whose_only_straight_four_point_makes_a_five_does_not_count() {
    // Across, f8 g8 ? can become a straight four only on e8 (j8 is white: i8 makes no straight
    // four), and e8 makes five down the e file: no three, as Rapfi's and Piskvork's referees
    // judge it (black would win there, not make a four). With the three down the h file, one
    // three: allowed.
    let (board, p) = black(&[
        "o . . . . .",
        "x . . . . .",
        "x . . . . .",
        "x . . x . .",
        "x . . x . .",
        ". x x ? . o",
        ". . . . . .",
        ". . . . . .",
    ]);
    assert_eq!(board.forbidden(p), None);
    let e8 = parse_move("e8", &board).unwrap();
    assert!(board.wins_now(e8));
    let mut with_p = board.clone();
    with_p.play(p);
    assert_eq!(with_p.win_through(e8, Side::X).map(|l| l.len), Some(5));
    // Without the e file's four, e8 makes a straight four and nothing else: a double three.
    let (board, p) = black(&[
        "o . . . . .",
        ". . . . . .",
        ". . . . . .",
        ". . . x . .",
        ". . . x . .",
        ". x x ? . o",
        ". . . . . .",
        ". . . . . .",
    ]);
    assert_eq!(board.forbidden(p), Some(Forbidden::DoubleThree));
    // With i8 free too, the three across has a second straight-four point, i8, that makes no
    // five: a three, and so a double three.
    let (board, p) = black(&[
        "o . . . . . .",
        "x . . . . . .",
        "x . . . . . .",
        "x . . x . . .",
        "x . . x . . .",
        ". x x ? . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    assert_eq!(board.forbidden(p), Some(Forbidden::DoubleThree));
}

#[test]
fn two_fours_are_a_double_four_even_in_one_line() {
    let (board, p) = black(&["x . x ? x . x"]);
    assert_eq!(board.forbidden(p), Some(Forbidden::DoubleFour));
    let (board, p) = black(&["x x x . ? . x x x"]);
    assert_eq!(board.forbidden(p), Some(Forbidden::DoubleFour));
    let (board, p) = black(&[
        ". . . . o .",
        ". . . . x .",
        ". . . . x .",
        ". . . . x .",
        "o x x x ? .",
        ". . . . . .",
    ]);
    assert_eq!(board.forbidden(p), Some(Forbidden::DoubleFour));
    // A straight four is one four, with two points that complete it: allowed.
    let (board, p) = black(&[". x x ? x . ."]);
    assert_eq!(board.forbidden(p), None);
}

#[test]
fn six_in_a_row_is_an_overline() {
    let (board, p) = black(&["x x ? x x x"]);
    assert_eq!(board.forbidden(p), Some(Forbidden::Overline));
    assert_eq!(
        board.clone().try_play(p),
        Err(MoveError::Forbidden(Forbidden::Overline))
    );
}

#[test]
fn a_five_wins_whatever_else_the_move_makes() {
    // Five across and six down at once: the five wins.
    let (board, p) = black(&[
        ". . . . x .",
        ". . . . x .",
        ". . . . x .",
        ". x x x x ? .",
        ". . . . . x .",
        ". . . . . x .",
    ]);
    assert_eq!(board.forbidden(p), None);
    let mut won = board.clone();
    won.try_play(p).unwrap();
    assert!(matches!(won.status(), Status::Won { side: Side::X, line } if line.len == 5));
    // Five across with a four down and a four along the diagonal: the five wins.
    let (board, p) = black(&[
        ". o . . . o .",
        ". . x . . x .",
        ". . . x . x .",
        ". . . . x x .",
        ". x x x x ? .",
    ]);
    assert_eq!(board.forbidden(p), None);
    let mut won = board.clone();
    won.try_play(p).unwrap();
    assert_eq!(won.status().winner(), Some(Side::X));
}

#[test]
fn a_four_and_a_three_are_allowed() {
    let (board, p) = black(&[
        ". . . . .",
        ". . . x .",
        ". . . x .",
        "o x x ? x .",
        ". . . . . .",
    ]);
    assert_eq!(board.forbidden(p), None);
}

#[test]
fn white_has_no_forbidden_points() {
    let (board, p) = diagram(
        &[
            ". . . . .",
            ". . . o .",
            ". . . o .",
            ". o o ? .",
            ". . . . .",
        ],
        Side::O,
    );
    assert_eq!(board.forbidden(p), None);
    assert!(board.moves().any(|c| c == p));
    assert!(board.forbidden_points().is_empty());
    let (board, p) = diagram(&["o o ? o o o"], Side::O);
    let mut won = board.clone();
    won.try_play(p).unwrap();
    assert!(matches!(won.status(), Status::Won { side: Side::O, line } if line.len == 6));
}

#[test]
fn black_six_is_no_win_and_white_six_is() {
    let size = Size::square(SIDE);
    let variant = Variant::new(size, 5, Rule::Renju).unwrap();
    let mut setup = Setup::new(size);
    for c in 0..6 {
        setup.place(size.cell(3, c).unwrap(), Side::X).unwrap();
        setup.place(size.cell(10, 2 * c).unwrap(), Side::O).unwrap();
    }
    assert_eq!(setup.board(variant).unwrap().status(), Status::InProgress);
    let mut setup = Setup::new(size);
    for c in 0..6 {
        setup.place(size.cell(10, 2 * c).unwrap(), Side::X).unwrap();
        setup.place(size.cell(3, c).unwrap(), Side::O).unwrap();
    }
    assert_eq!(
        setup.board(variant).unwrap().status().winner(),
        Some(Side::O)
    );
}

#[test]
fn a_block_on_a_forbidden_point_is_no_move_for_black() {
    // O's four across can only be stopped on ?, which is a double three for X (down, and up to
    // the right): X cannot stop it, and O wins there next.
    let (board, p) = black(&[
        ". . . . . . .",
        ". . x . x . .",
        ". . x x . . .",
        "o o ? o o . .",
        ". . . . . . .",
    ]);
    assert_eq!(board.forbidden(p), Some(Forbidden::DoubleThree));
    assert!(!board.moves().any(|c| c == p));
    assert!(
        board
            .forbidden_points()
            .contains(&(p, Forbidden::DoubleThree))
    );
    assert_eq!(
        board.clone().try_play(p),
        Err(MoveError::Forbidden(Forbidden::DoubleThree))
    );
    let e = parse_move(&format_cell(p, board.size()), &board).unwrap_err();
    assert_eq!(
        e.to_string(),
        "h8 is forbidden to X: double three at h8 (renju forbids black an overline, a double four and a double three)"
    );
    let mut next = board.clone();
    let elsewhere = next.moves().next().unwrap();
    next.play(elsewhere);
    assert_eq!(next.forbidden(p), None);
    next.play(p);
    assert_eq!(next.status().winner(), Some(Side::O));
}

#[test]
fn black_with_only_forbidden_points_left_draws() {
    // 13x2: every empty cell would give X six in a row.
    let size = Size::new(13, 2);
    let variant = Variant::new(size, 5, Rule::Renju).unwrap();
    let mut setup = Setup::new(size);
    for (row, text) in ["xxx.xxoxx.xxx", "ooooxooooxooo"].into_iter().enumerate() {
        for (col, ch) in text.chars().enumerate() {
            let side = match ch {
                'x' => Side::X,
                'o' => Side::O,
                _ => continue,
            };
            setup
                .place(size.cell(row as i32, col as i32).unwrap(), side)
                .unwrap();
        }
    }
    let board = setup.board(variant).unwrap();
    assert_eq!(board.to_move(), Side::X);
    assert_eq!(board.status(), Status::Draw);
    assert_eq!(board.moves().count(), 0);
    // The engine's position knows it too: two empty cells, no legal move.
    let pos = mnk::engine::Position::new(&board);
    assert_eq!((pos.empty_cells(), pos.has_legal_move()), (2, false));
    // With a five of O's to stop, no legal move is still a draw, and comes first.
    assert_eq!(
        mnk::game::forced(false, [Cell(3)], |_| false, || pos.has_legal_move()),
        Some(mnk::game::Forced::Draw)
    );
    // The same position under freestyle: X plays and wins.
    let free = setup
        .board(Variant::new(size, 5, Rule::Freestyle).unwrap())
        .unwrap();
    assert_eq!(free.status(), Status::InProgress);
}

#[test]
fn the_empty_board_has_no_forbidden_point() {
    let board = Board::new(Variant::new(Size::square(SIDE), 5, Rule::Renju).unwrap());
    assert_eq!(board.moves().count(), 225);
    assert!(board.forbidden_points().is_empty());
}

#[test]
fn the_players_that_know_renju_never_choose_a_forbidden_point() {
    use mnk::players::{Ask, PlayerSpec, Seat, info};
    // h8, the centre, is the rules player's first preference and a double three for X.
    let (board, p) = black(&[
        ". . . . . .",
        ". . . x . .",
        ". . . x . .",
        ". x x ? . .",
        ". . . . . .",
    ]);
    assert_eq!(board.forbidden(p), Some(Forbidden::DoubleThree));
    let players = [
        "rules",
        "engine:nodes=3000",
        "alphabeta:depth=2",
        "gomoku-minimax:depth=1",
        "gomoku-alphabeta:depth=2",
        "gomoku-pruned:depth=2",
    ];
    for name in players {
        let spec: PlayerSpec = name.parse().unwrap();
        assert!(info(spec.name).unwrap().abilities.forbidden_moves);
        let choice = Seat::new(spec).choose(&board, &Ask::now()).unwrap().choice;
        assert!(
            board.moves().any(|c| c == choice.cell),
            "{name} chose {}",
            format_cell(choice.cell, board.size())
        );
    }
    // Six in a row would be a win under freestyle, and every seed program takes it there;
    // under renju it is an overline, forbidden, and no player chooses it.
    let (board, p) = black(&["x x ? x x x"]);
    assert_eq!(board.forbidden(p), Some(Forbidden::Overline));
    for name in players {
        let spec: PlayerSpec = name.parse().unwrap();
        let choice = Seat::new(spec).choose(&board, &Ask::now()).unwrap().choice;
        assert_ne!(choice.cell, p, "{name}");
        assert!(board.moves().any(|c| c == choice.cell), "{name}");
    }
}

/// The engine's and the threat searches' move and value for the side to move.
fn engine_choice(board: &Board, spec: &str) -> mnk::search::Choice {
    use mnk::players::{Ask, PlayerSpec, Seat};
    let spec: PlayerSpec = spec.parse().unwrap();
    Seat::new(spec).choose(board, &Ask::now()).unwrap().choice
}

#[test]
fn white_wins_with_a_four_whose_block_is_forbidden() {
    // O to move. X's double three waits on h8 (down, and up to the right); O's row holds
    // o o h8 o: j8 makes a four whose only five is h8, which X may not take.
    let (board, p) = diagram(
        &[
            ". . . . . . . .",
            ". . . x . x . .",
            ". . . x x . . .",
            "x o o ? o . . .",
            ". . . . . . . .",
        ],
        Side::O,
    );
    assert_eq!(board.forbidden_to(Side::X, p), Some(Forbidden::DoubleThree));
    let j8 = parse_move("j8", &board).unwrap();
    for spec in ["engine:nodes=20000", "vcf"] {
        let choice = engine_choice(&board, spec);
        assert_eq!(choice.cell, j8, "{spec}");
        // O's four, any X move, O's five: a win in three plies.
        assert_eq!(
            choice.value,
            Some(mnk::search::Value::Solved(mnk::search::Outcome::Win(3))),
            "{spec}"
        );
    }
}

#[test]
fn black_makes_no_double_four_and_the_threat_search_knows_it() {
    // X to move: h8 makes two fours in one line, a win under exact five, forbidden under renju.
    let (board, p) = black(&["x . x ? x . x"]);
    assert_eq!(board.forbidden(p), Some(Forbidden::DoubleFour));
    let choice = engine_choice(&board, "engine:nodes=20000");
    assert_ne!(choice.cell, p);
    assert!(board.moves().any(|c| c == choice.cell));
    let vcf = |board: &Board| {
        use mnk::players::{Ask, PlayerSpec, Seat};
        let spec: PlayerSpec = "vcf".parse().unwrap();
        Seat::new(spec)
            .choose(board, &Ask::now())
            .map(|c| c.choice.cell)
    };
    assert!(vcf(&board).is_err(), "no forced win by fours for X");
    // The same stones under exact five: h8's two fours win.
    let mut setup = Setup::new(board.size());
    for cell in board.size().all_cells() {
        if let Some(side) = board.get(cell) {
            setup.place(cell, side).unwrap();
        }
    }
    let exact = setup
        .board(Variant::new(board.size(), 5, Rule::Exact).unwrap())
        .unwrap();
    assert_eq!(vcf(&exact).unwrap(), p);
    assert_eq!(engine_choice(&exact, "engine:nodes=20000").cell, p);
}

#[test]
fn white_may_block_on_a_point_forbidden_to_black() {
    use mnk::engine::Position;
    use mnk::engine::movegen::MoveList;
    use mnk::notation::parse_game;
    // O to move against X's three f8 g8 h8. e8 would make X two fours (f8 g8 h8 across, e9
    // e10 e11 down): forbidden to X, and so one of O's blocks, with i8 and j8.
    let variant = Variant::new(Size::square(SIDE), 5, Rule::Renju).unwrap();
    let game = parse_game(
        "f8 e12 g8 f9 h8 g7 e9 h7 e10 g10 e11 a1 h10 o1 a3 a15 c14 o15 m14",
        variant,
    )
    .unwrap();
    let board = game.board();
    let e8 = parse_move("e8", board).unwrap();
    assert_eq!(board.forbidden_to(Side::X, e8), Some(Forbidden::DoubleFour));
    let mut pos = Position::new(board);
    let mut list = MoveList::default();
    list.generate(&mut pos, |_| 0);
    let mut moves: Vec<String> = list
        .iter()
        .map(|p| format_cell(pos.cell(p), board.size()))
        .collect();
    moves.sort();
    assert_eq!(moves, ["e8", "i8", "j8"]);
    // With e8 among its blocks, O is not lost (it was, when only i8 and j8 were seen).
    let choice = engine_choice(board, "engine:nodes=20000");
    assert!(
        !matches!(choice.value, Some(mnk::search::Value::Solved(o)) if o.sign() < 0),
        "{:?}",
        choice.value
    );
}
