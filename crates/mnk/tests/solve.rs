//! The solver against the values known from the literature (each proved by search here), and
//! against a plain negamax on many random positions, with every idea on, each idea off, and
//! two threads; each value of the literature with a proof the independent checker accepts.

mod common;

use common::Walk;
use mnk::game::{Board, Cell, Game, Rule, Size, Status, Variant, WinMasks};
use mnk::notation::{format_cell, parse_moves};
use mnk::search::Control;
use mnk::solve::{Distance, Ideas, Outcome, Solver, SolverConfig, Wdl};
use std::collections::HashMap;

fn variant(w: u8, h: u8, k: u32) -> Variant {
    Variant::new(Size::new(w, h), k, Rule::Freestyle).unwrap()
}

fn value(v: Variant, moves: &str) -> Wdl {
    let board = Board::from_moves(v, &parse_moves(moves, v.size()).unwrap()).unwrap();
    Solver::new(&v)
        .unwrap()
        .prove(&board, &Control::unlimited(), Distance::Skip)
        .unwrap()
        .value
}

#[test]
fn values_known_from_the_literature() {
    for (w, h, k, expected) in [
        (3, 3, 3, Wdl::Draw),
        (4, 3, 3, Wdl::Win),
        (4, 4, 3, Wdl::Win),
        (4, 4, 4, Wdl::Draw),
        (5, 5, 4, Wdl::Draw),
        (6, 5, 4, Wdl::Win),
        (5, 5, 5, Wdl::Draw),
    ] {
        let v = variant(w, h, k);
        assert_eq!(value(v, ""), expected, "{w}x{h} k={k}");
        // With a proof that the independent checker accepts.
        let proof = Solver::new(&v)
            .unwrap()
            .certificate(&Game::new(v), &Control::unlimited())
            .unwrap();
        let checked = mnk::certificate::verify(&proof).unwrap();
        assert_eq!(checked.value, expected, "{w}x{h} k={k}");
    }
}

#[test]
fn five_by_five_k4_after_the_centre_only_the_diagonal_neighbours_draw() {
    let v = variant(5, 5, 4);
    let board = Board::from_moves(v, &parse_moves("c3", v.size()).unwrap()).unwrap();
    let mut solver = Solver::new(&v).unwrap();
    let values = solver
        .analyse_values(&board, &Control::unlimited())
        .unwrap();
    assert_eq!(values.len(), 24);
    let drawing: Vec<String> = values
        .iter()
        .filter(|(_, w)| *w == Wdl::Draw)
        .map(|(c, _)| format_cell(*c, v.size()))
        .collect();
    assert_eq!(drawing, ["b4", "d4", "b2", "d2"]);
    assert!(
        values
            .iter()
            .all(|(_, w)| *w == Wdl::Draw || *w == Wdl::Loss)
    );
}

#[test]
fn six_by_five_k4_is_won_with_a_proved_distance_and_the_move_keeps_it() {
    let v = variant(6, 5, 4);
    let mut solver = Solver::new(&v).unwrap();
    let board = Board::new(v);
    let control = Control::unlimited();
    let solution = solver.solve(&board, &control).unwrap();
    let Outcome::Win(n) = solution.outcome else {
        panic!("6x5 k=4 is a first-player win, got {}", solution.outcome);
    };
    let mut after = board.clone();
    after.play(solution.best);
    let reply = solver.solve(&after, &control).unwrap();
    assert_eq!(reply.outcome, Outcome::Loss(n - 1));
}

/// Exact score by plain negamax on bit masks (memoised by position), as in the module
/// documentation of `mnk::solve`: written independently of the solver and of `Board`.
struct Reference {
    w: i32,
    h: i32,
    k: i32,
    exact: bool,
    memo: HashMap<(u64, u64), i32>,
}

impl Reference {
    fn new(v: Variant) -> Self {
        Reference {
            w: i32::from(v.size().width),
            h: i32::from(v.size().height),
            k: v.k() as i32,
            exact: v.rule() == Rule::Exact,
            memo: HashMap::new(),
        }
    }

    fn wins(&self, own: u64, cell: i32) -> bool {
        let (r, c) = (cell / self.w, cell % self.w);
        let has = |r: i32, c: i32| {
            r >= 0 && c >= 0 && r < self.h && c < self.w && own & 1 << (r * self.w + c) != 0
        };
        [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&(dr, dc)| {
            let mut run = 1;
            for sign in [1, -1] {
                let mut i = 1;
                while has(r + sign * i * dr, c + sign * i * dc) {
                    run += 1;
                    i += 1;
                }
            }
            if self.exact {
                run == self.k
            } else {
                run >= self.k
            }
        })
    }

    /// The exact score of the side owning `own`, to move.
    fn score(&mut self, own: u64, opp: u64) -> i32 {
        if let Some(&v) = self.memo.get(&(own, opp)) {
            return v;
        }
        let cells = self.w * self.h;
        let stones = (own | opp).count_ones() as i32;
        let mut best = i32::MIN;
        for c in 0..cells {
            let bit = 1u64 << c;
            if (own | opp) & bit != 0 {
                continue;
            }
            let v = if self.wins(own | bit, c) {
                cells - stones
            } else if stones + 1 == cells {
                0
            } else {
                -self.score(opp, own | bit)
            };
            best = best.max(v);
        }
        self.memo.insert((own, opp), best);
        best
    }

    fn of(&mut self, board: &Board) -> i32 {
        let (x, o) = board.masks().unwrap();
        if board.to_move() == mnk::game::Side::X {
            self.score(x, o)
        } else {
            self.score(o, x)
        }
    }
}

/// Random unfinished positions with at least `min_stones` stones (a fixed pseudo-random walk).
fn positions(v: Variant, count: usize, min_stones: usize, seed: u64) -> Vec<Board> {
    let mut walk = Walk::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut board = Board::new(v);
        let stones = min_stones + walk.below(v.size().cells() - min_stones);
        while board.stones() < stones && !board.is_over() {
            let moves: Vec<Cell> = board.moves().collect();
            board.play(moves[walk.below(moves.len())]);
        }
        if !board.is_over() {
            out.push(board);
        }
    }
    out
}

fn configurations() -> Vec<(String, SolverConfig)> {
    let mut configs = vec![
        ("the default ideas".to_string(), SolverConfig::default()),
        (
            "every idea".to_string(),
            SolverConfig {
                ideas: Ideas::ALL,
                ..SolverConfig::default()
            },
        ),
    ];
    for name in Ideas::NAMES {
        configs.push((
            format!("every idea but {name}"),
            SolverConfig {
                ideas: Ideas::ALL.without(name).unwrap(),
                ..SolverConfig::default()
            },
        ));
    }
    configs.push((
        "no ideas".to_string(),
        SolverConfig {
            ideas: Ideas::ALL.without(&Ideas::NAMES.join(",")).unwrap(),
            ..SolverConfig::default()
        },
    ));
    configs.push((
        "two threads, a small table".to_string(),
        SolverConfig {
            threads: 2,
            memory_bytes: 1 << 20,
            ..SolverConfig::default()
        },
    ));
    configs
}

#[test]
fn agrees_with_plain_negamax_on_random_positions() {
    let cases = [
        (variant(4, 4, 3), 3, 40),
        (variant(4, 4, 4), 5, 40),
        (
            Variant::new(Size::square(4), 3, Rule::Exact).unwrap(),
            3,
            30,
        ),
        (
            Variant::new(Size::square(4), 4, Rule::Exact).unwrap(),
            5,
            30,
        ),
        (variant(5, 4, 4), 9, 30),
        (variant(5, 5, 4), 14, 25),
        (variant(5, 5, 5), 13, 25),
        (
            Variant::new(Size::new(6, 3), 4, Rule::Exact).unwrap(),
            6,
            25,
        ),
    ];
    let control = Control::unlimited();
    for (v, min_stones, count) in cases {
        let boards = positions(v, count, min_stones, 7 + min_stones as u64);
        let mut reference = Reference::new(v);
        let expected: Vec<i32> = boards.iter().map(|b| reference.of(b)).collect();
        for (name, config) in configurations() {
            let mut solver = Solver::with_config(&v, config).unwrap();
            for (board, &score) in boards.iter().zip(&expected) {
                let cells = v.size().cells();
                let want = Outcome::from_score(score, board.stones(), cells);
                let got = solver.solve(board, &control).unwrap();
                assert_eq!(got.outcome, want, "{v} {name}: {board:?}");
                // The best move keeps the value.
                let mut after = board.clone();
                after.play(got.best);
                let kept = match after.status() {
                    Status::Won { .. } => Outcome::Win(1),
                    Status::Draw => Outcome::Draw,
                    Status::InProgress => {
                        Outcome::from_score(reference.of(&after), after.stones(), cells)
                            .for_previous_mover()
                    }
                };
                assert_eq!(kept, want, "{v} {name}: best move of {board:?}");
                let proof = solver.prove(board, &control, Distance::Skip).unwrap();
                assert_eq!(proof.value as i32 - 1, score.signum(), "{v} {name}");
            }
        }
    }
}

/// One question asked alone answers as the value says: "does the side to move win?" a win
/// where the value is a win (its move keeping it), else "not a win"; "does it avoid losing?"
/// a loss where the value is a loss, else "not a loss". Each question with a solver of its
/// own, so that neither reads the other's answers from the table.
#[test]
fn one_question_alone_answers_as_the_value_does() {
    use mnk::solve::{Question, SolveError};
    let cases = [
        (variant(4, 4, 3), 3, 40),
        (variant(4, 4, 4), 5, 40),
        (variant(5, 4, 4), 9, 30),
        (variant(5, 5, 4), 12, 30),
        (
            Variant::new(Size::new(6, 3), 4, Rule::Exact).unwrap(),
            6,
            25,
        ),
    ];
    let control = Control::unlimited();
    let (mut wins, mut losses, mut others) = (0, 0, 0);
    for (v, min_stones, count) in cases {
        let boards = positions(v, count, min_stones, 11 + min_stones as u64);
        let mut reference = Reference::new(v);
        for config in [
            SolverConfig::default(),
            SolverConfig {
                ideas: Ideas::ALL,
                ..SolverConfig::default()
            },
        ] {
            for board in &boards {
                let score = reference.of(board);
                let ask = |question| {
                    Solver::with_config(&v, config).unwrap().prove_question(
                        board,
                        &control,
                        question,
                        Distance::Skip,
                    )
                };
                match (score.signum(), ask(Question::Win)) {
                    (1, Ok(proof)) => {
                        assert_eq!(proof.value, Wdl::Win, "{v}: {board:?}");
                        let mut after = board.clone();
                        after.play(proof.best);
                        let kept = after.status().winner().is_some() || reference.of(&after) < 0;
                        assert!(kept, "{v}: the winning move of {board:?}");
                        wins += 1;
                    }
                    (_, Err(SolveError::Answered { known, .. })) if score <= 0 => {
                        assert_eq!((known.at_least, known.at_most), (Wdl::Loss, Wdl::Draw));
                    }
                    (_, got) => panic!("{v}: score {score}, asked for a win: {got:?}"),
                }
                match (score.signum(), ask(Question::NoLoss)) {
                    (-1, Ok(proof)) => {
                        assert_eq!(proof.value, Wdl::Loss, "{v}: {board:?}");
                        losses += 1;
                    }
                    (_, Err(SolveError::Answered { known, .. })) if score >= 0 => {
                        assert_eq!((known.at_least, known.at_most), (Wdl::Draw, Wdl::Win));
                        others += usize::from(score == 0);
                    }
                    (_, got) => panic!("{v}: score {score}, asked for a loss: {got:?}"),
                }
            }
        }
    }
    // The positions hold all three values.
    assert!(
        wins > 20 && losses > 20 && others > 20,
        "{wins} {losses} {others}"
    );
}

/// The exact score of the side to move by the board's own rules, move by move: its legal
/// moves, its wins and draws (renju's forbidden points and exact five for black included).
fn board_score(board: &Board, memo: &mut HashMap<(u64, u64), i32>) -> i32 {
    let key = board.masks().unwrap();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let (cells, stones) = (board.size().cells() as i32, board.stones() as i32);
    let mut best = i32::MIN;
    for cell in board.moves() {
        let mut after = board.clone();
        after.play(cell);
        let v = match after.status() {
            Status::Won { .. } => cells - stones,
            Status::Draw => 0,
            Status::InProgress => -board_score(&after, memo),
        };
        best = best.max(v);
    }
    memo.insert(key, best);
    best
}

#[test]
fn renju_agrees_with_the_boards_rules_on_random_positions() {
    let renju = |w, h| Variant::new(Size::new(w, h), 5, Rule::Renju).unwrap();
    let configs = [
        ("the default ideas", SolverConfig::default()),
        (
            "no ideas",
            SolverConfig {
                ideas: Ideas::ALL.without(&Ideas::NAMES.join(",")).unwrap(),
                ..SolverConfig::default()
            },
        ),
        (
            "two threads, a small table",
            SolverConfig {
                threads: 2,
                memory_bytes: 1 << 20,
                ..SolverConfig::default()
            },
        ),
    ];
    let control = Control::unlimited();
    let (mut forbidden_seen, mut forced_onto_forbidden) = (0, 0);
    for (v, min_stones, count) in [
        (renju(5, 5), 14, 30),
        (renju(6, 5), 19, 30),
        (renju(6, 6), 25, 30),
        (renju(7, 7), 38, 20),
    ] {
        // Half of them with points forbidden to black (rare in random play: picked from many).
        let pool = positions(v, 100 * count, min_stones, 31 + min_stones as u64);
        let (with, without): (Vec<Board>, Vec<Board>) = pool
            .into_iter()
            .partition(|b| !b.forbidden_points().is_empty());
        let mut boards: Vec<Board> = with
            .into_iter()
            .take(count / 2)
            .chain(without.into_iter().take(count / 2))
            .collect();
        // Games whose last white stone leaves black no legal move (every empty cell
        // forbidden), with a white five waiting: a draw, not a white win. Their last positions.
        let stalls = [
            (
                5,
                "d2 a3 e5 a5 c4 b4 c5 d3 c1 b5 e2 b1 e3 a4 a2 e1 a1 e4 d4 b3 d1 d5",
            ),
            (
                6,
                "d6 f5 d5 b5 a1 e4 c2 a5 c6 e2 f3 b6 c5 a2 b3 f6 b1 f2 e1 f4 a6 d3 c1 e3 f1 b4 c3 \
                 d2 a3 e6 b2 a4 e5 d4",
            ),
            (
                6,
                "f5 c4 e1 a5 b3 f1 f3 c1 b1 a4 c3 f4 e2 f2 d4 e5 d3 e4 a1 c5 a2 b5 f6 c6 d2 e6 a3 \
                 b4 d1 a6 d6 c2 b6 b2",
            ), // The last white stone leaves two fives: still a draw.
            (
                6,
                "b6 e2 a4 d6 b4 c2 d2 c3 a6 f2 f5 a5 f3 d3 b2 c5 f1 e6 b5 e5 c6 d1 d4 a3 b1 e3 f6 \
                 d5 f4 a2 c4 a1 e1 c1",
            ),
            (
                6,
                "b2 c3 c1 d2 b3 e4 e1 a4 f5 e3 b5 c4 e5 d1 d5 c6 b6 d4 f3 f6 f4 f1 a2 f2 b1 d6 a5 \
                 d3 e6 c2 a3 a1 a6 e2",
            ),
        ];
        for (side, line) in stalls
            .into_iter()
            .filter(|&(n, _)| v.size() == Size::square(n))
        {
            let moves = parse_moves(line, v.size()).unwrap();
            let end = Board::from_moves(v, &moves).unwrap();
            assert_eq!(end.status(), Status::Draw, "{side}: {line}");
            for back in 1..=4 {
                boards.push(Board::from_moves(v, &moves[..moves.len() - back]).unwrap());
            }
        }
        let mut memo = HashMap::new();
        let cells = v.size().cells();
        let white_wins =
            WinMasks::new(&Variant::new(v.size(), 5, Rule::Freestyle).unwrap()).unwrap();
        for board in &boards {
            let forbidden = board.forbidden_points();
            forbidden_seen += usize::from(!forbidden.is_empty());
            // Black to move, and white's five would come on a point forbidden to black.
            let (_, o) = board.masks().unwrap();
            forced_onto_forbidden += usize::from(
                forbidden
                    .iter()
                    .any(|&(c, _)| white_wins.wins(o | 1 << c.index(), c.index())),
            );
        }
        let expected: Vec<i32> = boards.iter().map(|b| board_score(b, &mut memo)).collect();
        for (name, config) in &configs {
            let mut solver = Solver::with_config(&v, *config).unwrap();
            for (board, &score) in boards.iter().zip(&expected) {
                let want = Outcome::from_score(score, board.stones(), cells);
                let got = solver.solve(board, &control).unwrap();
                assert_eq!(got.outcome, want, "{v} {name}: {board:?}");
                let mut after = board.clone();
                after
                    .try_play(got.best)
                    .unwrap_or_else(|e| panic!("{v} {name}: {board:?}: {e}"));
                let kept = match after.status() {
                    Status::Won { .. } => Outcome::Win(1),
                    Status::Draw => Outcome::Draw,
                    Status::InProgress => {
                        Outcome::from_score(board_score(&after, &mut memo), after.stones(), cells)
                            .for_previous_mover()
                    }
                };
                assert_eq!(kept, want, "{v} {name}: best move of {board:?}");
            }
        }
    }
    // The positions test what renju changes: black's forbidden points, and white's fives that
    // black may not block.
    assert!(
        forbidden_seen >= 50,
        "{forbidden_seen} positions with forbidden points"
    );
    assert!(
        forced_onto_forbidden >= 5,
        "{forced_onto_forbidden} white fives on a forbidden point"
    );
}

#[test]
fn a_stopped_solve_says_what_it_knows() {
    let v = variant(7, 7, 5);
    let stopped = |nodes: u64| {
        let control = Control::start(&mnk::search::Limits {
            nodes: Some(nodes),
            ..Default::default()
        });
        match Solver::new(&v)
            .unwrap()
            .prove(&Board::new(v), &control, Distance::Skip)
        {
            Err(mnk::solve::SolveError::Stopped { nodes: n, known }) => {
                assert!(n >= nodes);
                known
            }
            other => panic!("7x7 k=5 cannot be proved in {nodes} nodes: {other:?}"),
        }
    };
    let known = stopped(5_000);
    assert_eq!((known.at_least, known.at_most), (Wdl::Loss, Wdl::Win));
    // Under a limit the two questions take turns: "does X avoid losing?" is settled first
    // (the whole proof takes about 260,000 nodes).
    let known = stopped(150_000);
    assert_eq!((known.at_least, known.at_most), (Wdl::Draw, Wdl::Win));
    assert_eq!(known.to_string(), "not a loss (a win or a draw)");
}

/// 7x7 k=5 is a draw (first proved in 2020). About 2 million nodes, a few seconds in release;
/// `scripts/test` runs it with `cargo test --release -p mnk --test solve -- --ignored`.
#[test]
#[ignore = "about 20 s in release; scripts/test runs it"]
fn seven_by_seven_k5_is_a_draw() {
    let v = variant(7, 7, 5);
    assert_eq!(value(v, ""), Wdl::Draw);
    // Its proof (about 1.1M records), checked by the independent checker through the text.
    let proof = Solver::new(&v)
        .unwrap()
        .certificate(&Game::new(v), &Control::unlimited())
        .unwrap();
    let read = mnk::certificate::Certificate::parse(&proof.to_string()).unwrap();
    let checked = mnk::certificate::verify(&read).unwrap();
    assert_eq!(checked.value, Wdl::Draw);
    assert_eq!(checked.records_used as usize, proof.records());
}

#[test]
fn a_solve_stopped_and_resumed_from_its_checkpoint_finishes_where_it_stopped() {
    let v = variant(5, 5, 4);
    let board = Board::new(v);
    let config = SolverConfig {
        threads: 1,
        ..SolverConfig::default()
    };
    let mut fresh = Solver::with_config(&v, config).unwrap();
    let all = fresh
        .prove(&board, &Control::unlimited(), Distance::Skip)
        .unwrap()
        .nodes;
    // Stopped half-way, its table saved.
    let mut first = Solver::with_config(&v, config).unwrap();
    let limit = Control::start(&mnk::search::Limits {
        nodes: Some(all / 2),
        ..Default::default()
    });
    assert!(first.prove(&board, &limit, Distance::Skip).is_err());
    let mut saved = Vec::new();
    let entries = first.save_table(&mut saved).unwrap();
    assert_eq!(entries, first.table_len());
    // A new solver resumes: the rest of the work, not all of it again.
    let mut resumed = Solver::with_config(&v, config).unwrap();
    assert_eq!(resumed.load_table(&mut saved.as_slice()).unwrap(), entries);
    let proof = resumed
        .prove(&board, &Control::unlimited(), Distance::Skip)
        .unwrap();
    assert_eq!(proof.value, Wdl::Draw);
    assert!(
        proof.nodes < all * 3 / 4,
        "{} nodes after resuming, {all} from scratch",
        proof.nodes
    );
    // Another game's checkpoint, or a damaged one, is refused and nothing of it is kept.
    let mut other = Solver::new(&variant(4, 4, 4)).unwrap();
    assert!(matches!(
        other.load_table(&mut saved.as_slice()),
        Err(mnk::solve::CheckpointError::OtherGame { .. })
    ));
    for damage in [saved.len() - 3, saved.len() / 2] {
        let mut spoiled = saved.clone();
        spoiled[damage] ^= 0x40;
        let mut solver = Solver::with_config(&v, config).unwrap();
        assert!(matches!(
            solver.load_table(&mut spoiled.as_slice()),
            Err(mnk::solve::CheckpointError::Damaged(_))
        ));
        assert_eq!(solver.table_len(), 0);
        let cut = &saved[..saved.len() - 5];
        assert!(solver.load_table(&mut &cut[..]).is_err());
        assert_eq!(solver.table_len(), 0);
    }
}

/// A checkpoint whose checksum is right but whose records cannot be true (crafted, or written
/// by a broken program) is refused on resume, not trusted: before, a resumed 5x5 k=4 solve
/// reported "loss in 2" for a draw, or a win in 4294967194 moves, and wrote the bad table back.
#[test]
fn a_checkpoint_with_an_impossible_record_is_refused() {
    let v = variant(5, 5, 4);
    let config = SolverConfig {
        threads: 1,
        ..SolverConfig::default()
    };
    let mut first = Solver::with_config(&v, config).unwrap();
    let limit = Control::start(&mnk::search::Limits {
        nodes: Some(3000),
        ..Default::default()
    });
    let _ = first.prove(&Board::new(v), &limit, Distance::Skip);
    let mut saved = Vec::new();
    first.save_table(&mut saved).unwrap();
    // The records start after the two header lines and the first block's count.
    let header_end = 1 + saved
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'\n')
        .nth(1)
        .unwrap()
        .0;
    let first_record = header_end + 4;
    let count = u32::from_le_bytes(saved[header_end..first_record].try_into().unwrap()) as usize;
    assert!(count > 10);
    // Rewrites record `i` and the checksum, as a crafter would.
    let craft = |i: usize, change: &dyn Fn(&mut [u8])| {
        let mut file = saved.clone();
        let at = first_record + 20 * i;
        change(&mut file[at..at + 20]);
        let records_end = file.len() - 12 - 4;
        let mut crc = crc32fast::Hasher::new();
        let mut pos = header_end;
        while pos < records_end {
            let n = u32::from_le_bytes(file[pos..pos + 4].try_into().unwrap()) as usize;
            crc.update(&file[pos + 4..pos + 4 + 20 * n]);
            pos += 4 + 20 * n;
        }
        let len = file.len();
        file[len - 4..].copy_from_slice(&crc.finalize().to_le_bytes());
        file
    };
    // Unchanged but re-summed, it is read whole: the crafting itself is sound.
    let mut solver = Solver::with_config(&v, config).unwrap();
    assert!(solver.load_table(&mut craft(0, &|_| {}).as_slice()).is_ok());
    let key = |r: &[u8]| u128::from_le_bytes(r[..16].try_into().unwrap());
    let cells = 25;
    type Change<'a> = &'a dyn Fn(&mut [u8]);
    let crafted: [(&str, Change); 6] = [
        // "X loses in 2" on a board where O cannot have four in a row yet.
        ("a loss sooner than k in a row allows", &|r| {
            r[16] = (-24i8) as u8;
            r[17] = (-24i8) as u8;
        }),
        // A win of more moves than the board has (read as 4294967194 before).
        ("a win longer than the board", &|r| {
            r[16] = 100;
            r[17] = i8::MAX as u8;
        }),
        ("bounds out of order", &|r| {
            r[16] = 2;
            r[17] = (-2i8) as u8;
        }),
        ("a cell of both sides", &|r| {
            let k = key(r) | 1 | 1 << cells;
            r[..16].copy_from_slice(&k.to_le_bytes());
        }),
        ("more O stones than X", &|r| {
            let k = 0b11u128 << cells;
            r[..16].copy_from_slice(&k.to_le_bytes());
        }),
        ("a best move on a taken cell", &|r| {
            let k = key(r) & ((1 << (2 * cells)) - 1);
            let taken = (k as u64 | (k >> cells) as u64).trailing_zeros();
            if taken < 64 {
                r[18] = taken as u8;
            } else {
                r[16] = 100;
            }
        }),
    ];
    for (what, change) in crafted {
        for i in [0, count / 2, count - 1] {
            let file = craft(i, change);
            let mut solver = Solver::with_config(&v, config).unwrap();
            let e = solver.load_table(&mut file.as_slice());
            assert!(
                matches!(e, Err(mnk::solve::CheckpointError::Damaged(_))),
                "{what}, record {i}: {e:?}"
            );
            assert_eq!(solver.table_len(), 0, "{what}");
        }
    }
}

/// The drawing side's relevance zones (idea `drawing-zones`) on random positions of 5x5 to
/// 7x7 boards: every value proved with them is the value proved without them, the proof
/// written with them checks, and the zones do cut (the searches differ somewhere). Before the
/// random ones, positions where a zone that leaves out cells the defender can still use (the
/// argument of `Pairing::zone` needs them inside) proved a value the proof writer then could
/// not back with a move (found among 2,200 random positions; with the zones as they are, all
/// 2,200 agree and check).
#[test]
fn drawing_zones_prove_what_the_solver_proves_without_them() {
    use mnk::certificate::verify;
    let without = SolverConfig {
        ideas: Ideas::DEFAULT.without("drawing-zones").unwrap(),
        ..SolverConfig::default()
    };
    let control = Control::unlimited();
    let mut games = Vec::new();
    for (v, cells) in [
        (variant(7, 6, 5), &[1, 32, 13, 36, 17, 37, 9, 38, 3, 21][..]),
        (
            variant(7, 7, 5),
            &[2, 14, 9, 4, 46, 34, 3, 44, 23, 18, 26, 27, 33, 13],
        ),
        (
            variant(7, 7, 5),
            &[45, 38, 4, 20, 7, 12, 42, 48, 24, 28, 35, 10, 11, 15],
        ),
        (
            variant(7, 7, 5),
            &[
                37, 48, 36, 6, 20, 5, 44, 22, 10, 39, 2, 40, 27, 15, 47, 11, 21, 41,
            ],
        ),
        (
            variant(7, 7, 5),
            &[
                19, 10, 12, 38, 7, 47, 28, 8, 24, 14, 15, 45, 37, 31, 43, 0, 40, 39, 16,
            ],
        ),
        (
            variant(7, 7, 5),
            &[
                10, 8, 24, 47, 19, 13, 7, 43, 28, 4, 40, 3, 6, 1, 5, 26, 46, 42,
            ],
        ),
        (
            variant(7, 7, 5),
            &[
                13, 32, 45, 41, 33, 46, 11, 12, 36, 21, 20, 16, 47, 1, 2, 4, 34,
            ],
        ),
    ] {
        let moves: Vec<Cell> = cells.iter().map(|&c| Cell(c)).collect();
        games.push(Game::from_moves(v, &moves).unwrap());
    }
    let mut walk = Walk::new(0x39);
    for (v, min_stones, count) in [
        (variant(5, 5, 4), 4, 40),
        (variant(6, 6, 5), 8, 40),
        (variant(7, 6, 5), 12, 30),
        (variant(7, 7, 5), 16, 30),
    ] {
        for _ in 0..count {
            let mut game = Game::new(v);
            let stones = min_stones + walk.below(8);
            while game.board().stones() < stones {
                let moves: Vec<Cell> = game.board().moves().collect();
                let mut after = game.clone();
                after.play(moves[walk.below(moves.len())]).unwrap();
                if after.board().is_over() {
                    break;
                }
                game = after;
            }
            games.push(game);
        }
    }
    let (mut differ, mut values) = (0, HashMap::new());
    for game in &games {
        let (v, board) = (*game.board().variant(), game.board());
        let mut zoned = Solver::new(&v).unwrap();
        let with = zoned.prove(board, &control, Distance::Skip).unwrap();
        let plain = Solver::with_config(&v, without)
            .unwrap()
            .prove(board, &control, Distance::Skip)
            .unwrap();
        assert_eq!(with.value, plain.value, "{v} {board:?}");
        differ += usize::from(with.nodes != plain.nodes);
        *values.entry(format!("{:?}", with.value)).or_insert(0) += 1;
        let c = zoned.certificate(game, &control).unwrap();
        assert_eq!(verify(&c).unwrap().value, c.value, "{v} {board:?}");
    }
    assert!(differ >= 10, "the zones cut in {differ} searches only");
    assert_eq!(values.len(), 3, "wins, draws and losses: {values:?}");
}

#[test]
fn refutation_zones_prove_what_the_solver_proves_without_them() {
    use mnk::certificate::verify;
    let without = SolverConfig {
        ideas: Ideas::DEFAULT.without("refutation-zones").unwrap(),
        ..SolverConfig::default()
    };
    let control = Control::unlimited();
    let mut walk = Walk::new(0x77);
    let mut games = Vec::new();
    for (v, min_stones, count) in [
        (variant(4, 4, 3), 1, 40),
        (variant(5, 4, 4), 2, 40),
        (variant(5, 5, 4), 2, 60),
        (variant(6, 5, 4), 4, 40),
        (variant(6, 6, 5), 6, 40),
        (variant(7, 6, 5), 10, 30),
        (variant(7, 7, 5), 14, 30),
    ] {
        for _ in 0..count {
            let mut game = Game::new(v);
            let stones = min_stones + walk.below(8);
            while game.board().stones() < stones {
                let moves: Vec<Cell> = game.board().moves().collect();
                let mut after = game.clone();
                after.play(moves[walk.below(moves.len())]).unwrap();
                if after.board().is_over() {
                    break;
                }
                game = after;
            }
            games.push(game);
        }
    }
    // Also one solver per board answering all its positions under a node limit (the two
    // questions then take turns with growing budgets), on two threads: zones and bounds kept
    // from other positions, questions and threads meet in its tables.
    let limited = Control::start(&mnk::search::Limits {
        nodes: Some(1 << 40),
        ..Default::default()
    });
    let mut reused: HashMap<String, Solver> = HashMap::new();
    let (mut differ, mut values) = (0, HashMap::new());
    for game in &games {
        let (v, board) = (*game.board().variant(), game.board());
        let mut zoned = Solver::new(&v).unwrap();
        let with = zoned.prove(board, &control, Distance::Skip).unwrap();
        let plain = Solver::with_config(&v, without)
            .unwrap()
            .prove(board, &control, Distance::Skip)
            .unwrap();
        assert_eq!(with.value, plain.value, "{v} {:?}", game.moves());
        let shared = reused.entry(v.to_string()).or_insert_with(|| {
            let config = SolverConfig {
                threads: 2,
                ..SolverConfig::default()
            };
            Solver::with_config(&v, config).unwrap()
        });
        let again = shared.prove(board, &limited, Distance::Skip).unwrap();
        assert_eq!(again.value, plain.value, "reused: {v} {:?}", game.moves());
        differ += usize::from(with.nodes < plain.nodes);
        *values.entry(format!("{:?}", with.value)).or_insert(0) += 1;
        let c = zoned
            .certificate(game, &control)
            .unwrap_or_else(|e| panic!("{v} {:?}: {e}", game.moves()));
        assert_eq!(verify(&c).unwrap().value, c.value, "{v} {:?}", game.moves());
    }
    assert!(differ >= 20, "the zones cut in {differ} searches only");
    assert_eq!(values.len(), 3, "wins, draws and losses: {values:?}");
}
