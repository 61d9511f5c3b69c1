//! The recorded search trees agree with the players' own decisions: the same move, value and
//! node count, whether or not the search is observed.

use mnk::explain::{
    Bound, ExplainError, Explanation, NodeKind, TreeNode, TreeOptions, choose_with_line, explain,
};
use mnk::game::{Board, Cell, Rule, Size, Variant};
use mnk::notation::{parse_cell, parse_game};
use mnk::players::{Ask, Choice, PlayerError, Seat, Value};
use mnk::search::Control;

fn board(variant: Variant, moves: &str) -> Board {
    parse_game(moves, variant).unwrap().board().clone()
}

fn player(spec: &str) -> Seat {
    Seat::new(spec.parse().unwrap())
}

/// The control a seat gives a search asked for now (the specification's limits).
fn control(seat: &Seat) -> Control {
    seat.control(&Ask::now())
}

fn choose(spec: &str, b: &Board) -> Choice {
    player(spec).choose(b, &Ask::now()).unwrap().choice
}

fn explain_with(spec: &str, b: &Board, options: TreeOptions) -> Result<Explanation, ExplainError> {
    let mut seat = player(spec);
    let control = control(&seat);
    explain(seat.player_mut(), b, &control, options)
}

fn line_of(spec: &str, b: &Board) -> Result<Choice, PlayerError> {
    let mut seat = player(spec);
    let control = control(&seat);
    choose_with_line(seat.player_mut(), b, &control)
}

fn gomoku(side: u8, k: u32) -> Variant {
    Variant::new(Size::square(side), k, Rule::Freestyle).unwrap()
}

/// Positions and players whose recorded search must match the plain one.
fn cases() -> Vec<(&'static str, Variant, &'static str)> {
    let ttt = Variant::tic_tac_toe();
    vec![
        ("minimax", ttt, ""),
        ("minimax", ttt, "b2 a1"),
        ("minimax:depth=2", ttt, "a1"),
        ("alphabeta", ttt, ""),
        ("alphabeta", ttt, "b2 a1 c3"),
        ("alphabeta", gomoku(6, 4), "c3 d4 c4"),
        ("gametree", ttt, ""),
        ("gametree", ttt, "b2 a3"),
        ("gomoku-minimax:depth=2", gomoku(6, 4), "c3 d4"),
        ("gomoku-alphabeta:depth=3", gomoku(6, 4), "c3 d4 c4"),
        ("gomoku-pruned", gomoku(8, 5), "e4 d5 e5 d4"),
        ("gomoku-pruned:depth=3", gomoku(15, 5), "h8 h9 i9 g7"),
    ]
}

/// Every recorded inner node that kept all its children: its value is the max (MAX to move)
/// or min of theirs, and its `visited` is one more than theirs together.
fn check_consistent(node: &TreeNode, max_to_move: bool) {
    let searched: Vec<&TreeNode> = node
        .children
        .iter()
        .filter(|c| c.kind != NodeKind::Pruned)
        .collect();
    if node.kind == NodeKind::Inner && !searched.is_empty() && node.hidden == 0 {
        assert_eq!(
            node.visited,
            1 + searched.iter().map(|c| c.visited).sum::<u64>(),
            "{node:?}"
        );
        let values = searched.iter().map(|c| c.value.unwrap().as_number());
        let pick = if max_to_move {
            values.fold(f64::MIN, f64::max)
        } else {
            values.fold(f64::MAX, f64::min)
        };
        // Seed 003's game tree averages its children instead.
        if !matches!(node.value, Some(Value::Probability(_))) {
            assert_eq!(node.value.unwrap().as_number(), pick, "{node:?}");
        }
    }
    for c in &node.children {
        if c.kind == NodeKind::Pruned {
            assert_eq!((c.value, c.visited), (None, 0));
        }
        check_consistent(c, !max_to_move);
    }
}

#[test]
fn recorded_trees_match_the_players_decisions() {
    for (spec, variant, moves) in cases() {
        let b = board(variant, moves);
        let plain = choose(spec, &b);
        let options = TreeOptions {
            depth: 2,
            max_nodes: 100_000,
            ..TreeOptions::default()
        };
        let seen = explain_with(spec, &b, options).unwrap();
        assert_eq!(
            seen.choice, plain,
            "{spec} [{moves}]: observing changed the choice"
        );
        let root = &seen.tree.root;
        assert_eq!(root.value, plain.value, "{spec} [{moves}]");
        assert_eq!(root.cell, None);
        if !spec.starts_with("gametree") {
            assert_eq!(root.visited, plain.nodes, "{spec} [{moves}]");
        }
        // The first child carrying the root's value is the move played.
        let best: Vec<Option<Cell>> = root
            .children
            .iter()
            .filter(|c| c.best)
            .map(|c| c.cell)
            .collect();
        assert_eq!(best, vec![Some(plain.cell)], "{spec} [{moves}]");
        check_consistent(root, true);
        assert!(!seen.tree.truncated);
        assert_eq!(seen.tree.recorded, root.len());
    }
}

#[test]
fn minimax_children_are_its_candidates_and_tic_tac_toe_is_a_draw() {
    let b = Board::new(Variant::tic_tac_toe());
    let seen = explain_with("minimax", &b, TreeOptions::default()).unwrap();
    let children: Vec<(Cell, Value)> = seen
        .tree
        .root
        .children
        .iter()
        .map(|c| (c.cell.unwrap(), c.value.unwrap()))
        .collect();
    let mut candidates: Vec<(Cell, Value)> = seen
        .choice
        .candidates
        .iter()
        .map(|m| (m.cell, m.value))
        .collect();
    assert_eq!(candidates[0].0, seen.choice.cell, "the move played first");
    candidates.sort_by_key(|&(c, _)| c);
    assert_eq!(children, candidates);
    assert!(children.iter().all(|&(_, v)| v == Value::Score(0)));
    // Corner first moves: 59,705 positions below each (seed 004's tree, root excluded).
    assert_eq!(seen.tree.root.children[0].visited, 59_705);
    assert_eq!(seen.tree.root.visited, 549_946);
}

#[test]
fn alpha_beta_shows_cutoffs_bounds_and_fewer_nodes() {
    let b = Board::new(Variant::tic_tac_toe());
    let options = TreeOptions {
        depth: 2,
        ..TreeOptions::default()
    };
    let ab = explain_with("alphabeta", &b, options).unwrap();
    let root = &ab.tree.root;
    assert!(root.visited < 549_946 / 10, "{}", root.visited);
    // After the first move every other first move is searched with alpha = 0: a reply that
    // draws ends the search of that move (a cut-off), and the rest of its replies are pruned.
    let second = &root.children[1];
    assert_eq!(second.window, Some((0, 200)));
    assert_eq!(second.kind, NodeKind::Cutoff);
    assert_eq!(second.bound, Bound::Upper);
    assert!(second.pruned > 0);
    let pruned = second
        .children
        .iter()
        .filter(|c| c.kind == NodeKind::Pruned)
        .count();
    assert_eq!(pruned as u32, second.pruned);
    assert_eq!(second.hidden, 0);
}

#[test]
fn gametree_reuses_transpositions_and_keeps_the_seed_probabilities() {
    let b = Board::new(Variant::tic_tac_toe());
    let options = TreeOptions {
        focus: vec![Cell(2), Cell(1)],
        depth: 2,
        max_nodes: 10_000,
    };
    let seen = explain_with("gametree", &b, options).unwrap();
    let focus = seen.tree.focus_node().unwrap();
    let mut transpositions = 0;
    let mut stack = vec![focus];
    while let Some(n) = stack.pop() {
        transpositions += usize::from(n.kind == NodeKind::Transposition);
        stack.extend(&n.children);
    }
    assert!(transpositions > 0);
    // Only the line to the focus is kept above it.
    assert_eq!(seen.tree.root.children.len(), 1);
    assert_eq!(seen.tree.root.hidden, 8);
    assert_eq!(seen.tree.root.children[0].children.len(), 1);
    let child = &seen.tree.root.children[0];
    let candidate = seen
        .choice
        .candidates
        .iter()
        .find(|m| Some(m.cell) == child.cell)
        .unwrap();
    assert_eq!(child.value, Some(candidate.value));
    // a3 first was searched at the very start (a3 b3 c3): nothing below it is searched again.
    let reused = focus.child(Cell(0)).unwrap();
    assert_eq!(reused.kind, NodeKind::Transposition);
    assert!(reused.children.is_empty() && reused.visited == 1);
}

#[test]
fn focus_depth_and_node_caps_bound_the_recording() {
    let b = Board::new(Variant::tic_tac_toe());
    let capped = TreeOptions {
        depth: 9,
        max_nodes: 50,
        ..TreeOptions::default()
    };
    let seen = explain_with("minimax", &b, capped).unwrap();
    assert_eq!(seen.tree.recorded, 50);
    assert!(seen.tree.truncated);
    assert_eq!(
        seen.tree.root.visited, 549_946,
        "the search itself is not cut short"
    );
    assert_eq!(seen.tree.root.value, Some(Value::Score(0)));

    // Expanding one node: the same search, recorded below b2 a1.
    let focus = vec![
        parse_cell("b2", b.size()).unwrap(),
        parse_cell("a1", b.size()).unwrap(),
    ];
    let options = TreeOptions {
        focus: focus.clone(),
        depth: 1,
        max_nodes: 1000,
    };
    let seen = explain_with("minimax", &b, options).unwrap();
    let node = seen.tree.focus_node().unwrap();
    assert_eq!(node.children.len(), 7);
    assert!(node.children.iter().all(|c| c.children.is_empty()));
    assert!(
        node.children
            .iter()
            .all(|c| c.hidden == 6 || c.kind == NodeKind::Terminal)
    );

    // A line the search never reached.
    let b = board(Variant::tic_tac_toe(), "a1 b1 a2 b2");
    let options = TreeOptions {
        focus: vec![parse_cell("a3", b.size()).unwrap(), Cell(8)],
        depth: 1,
        max_nodes: 1000,
    };
    let err = explain_with("minimax", &b, options).unwrap_err();
    assert!(matches!(err, ExplainError::NotSearched { .. }), "{err}");
}

#[test]
fn players_without_a_tree_say_so_and_the_catalog_says_which_do() {
    let b = board(Variant::tic_tac_toe(), "b2");
    for info in mnk::players::catalog() {
        let result = explain_with(info.name, &b, TreeOptions::default());
        if info.abilities.reports_tree {
            assert!(result.is_ok(), "{}: {:?}", info.name, result.err());
        } else {
            let err = result.unwrap_err();
            assert!(
                matches!(err, ExplainError::NotRecorded { .. }),
                "{}: {err}",
                info.name
            );
            assert!(err.to_string().contains("does not report its search tree"));
        }
    }
}

#[test]
fn full_window_move_values_agree_with_the_root_search() {
    let cases = [
        ("alphabeta", Variant::tic_tac_toe(), "b2 a1 c3"),
        ("alphabeta", gomoku(6, 4), "c3 d4 c4"),
        ("gomoku-alphabeta:depth=3", gomoku(6, 4), "c3 d4 c4"),
        ("gomoku-pruned", gomoku(8, 5), "e4 d5 e5 d4"),
        ("gomoku-minimax:depth=2", gomoku(6, 4), "c3 d4"),
    ];
    for (spec, variant, moves) in cases {
        let b = board(variant, moves);
        let mut p = player(spec);
        let choice = p.choose(&b, &Ask::now()).unwrap().choice;
        let control = control(&p);
        let mut values = p
            .player_mut()
            .move_values(&b, &control)
            .expect("this player has move values")
            .unwrap();
        let max = values
            .iter()
            .map(|m| m.value.as_number())
            .fold(f64::MIN, f64::max);
        assert_eq!(Some(max), choice.value.map(|v| v.as_number()), "{spec}");
        let first_best = values.iter().find(|m| m.value.as_number() == max).unwrap();
        assert_eq!(first_best.cell, choice.cell, "{spec} [{moves}]");
        if !choice.candidates.is_empty() {
            mnk::search::sort_best_first(&mut values, Some(choice.cell));
            assert_eq!(values, choice.candidates, "{spec}");
        }
    }
    let mut rules = player("rules");
    let control = control(&rules);
    assert!(
        rules
            .player_mut()
            .move_values(&Board::new(Variant::tic_tac_toe()), &control)
            .is_none()
    );
}

#[test]
fn the_expected_line_is_read_off_the_search() {
    use mnk::game::Status;
    // Full-depth minimax from the empty board: its line is a whole drawn game.
    let b = Board::new(Variant::tic_tac_toe());
    let choice = line_of("minimax", &b).unwrap();
    assert_eq!(choice.pv.len(), 9, "{:?}", choice.pv);
    let mut end = b.clone();
    for &c in &choice.pv {
        end.try_play(c).unwrap();
    }
    assert_eq!(end.status(), Status::Draw);
    // O to move cannot stop both of X's threats (a2 and c1): the line ends with X's winning
    // stone, for alpha-beta as for minimax.
    let b = board(Variant::tic_tac_toe(), "a1 b1 b2 c3 a3");
    for name in ["minimax", "alphabeta"] {
        let plain = choose(name, &b);
        let choice = line_of(name, &b).unwrap();
        assert_eq!(choice.cell, plain.cell);
        assert_eq!(choice.pv[0], choice.cell);
        let mut end = b.clone();
        for &c in &choice.pv {
            end.try_play(c).unwrap();
        }
        assert!(
            matches!(
                end.status(),
                Status::Won {
                    side: mnk::game::Side::X,
                    ..
                }
            ),
            "{name}: {:?}",
            choice.pv
        );
    }
    // Depth-limited: the line stops at the horizon.
    let b = board(gomoku(8, 5), "e4 d5 e5 d4");
    let choice = line_of("gomoku-pruned:depth=3", &b).unwrap();
    assert_eq!(choice.pv.len(), 3, "{:?}", choice.pv);
    // Players without a tree keep their own line.
    let choice = line_of("rules", &b).unwrap();
    assert_eq!(choice.pv, vec![choice.cell]);
}

#[test]
fn every_row_is_max_or_min_and_static_leaves_show_e_p_and_its_terms() {
    use mnk::explain::{Role, StaticTerms};
    // X (b2) and O (a1) down, X to move: X is MAX. Two plies, then e(P).
    let b = board(Variant::tic_tac_toe(), "b2 a1");
    let options = TreeOptions {
        depth: 2,
        ..TreeOptions::default()
    };
    let seen = explain_with("alphabeta:depth=2", &b, options).unwrap();
    let root = &seen.tree.root;
    assert_eq!((root.role, root.order), (Role::Max, 1));
    for child in &root.children {
        assert_eq!(child.role, Role::Min, "{child:?}");
        for leaf in &child.children {
            assert_eq!(leaf.role, Role::Max, "{leaf:?}");
            if leaf.kind == NodeKind::Horizon {
                // A static leaf's value is exactly its e(P), whatever its window.
                let terms = leaf.terms.unwrap();
                assert_eq!(leaf.value, Some(Value::Score(terms.value())));
                assert_eq!(leaf.bound, Bound::Exact);
            }
        }
    }
    // X c3, O a3: X's lines still open are the middle row and the b and c columns (3); O's
    // are the bottom row and the a column (2): e(P) = 3 - 2 = +1.
    let cells = |text: &str| {
        text.split(' ')
            .map(|c| parse_cell(c, b.size()).unwrap())
            .collect::<Vec<_>>()
    };
    let leaf = root.descendant(&cells("c3 a3")).unwrap();
    assert_eq!(
        leaf.terms,
        Some(StaticTerms {
            open_for_max: 3,
            open_for_min: 2
        })
    );
    assert_eq!(leaf.value, Some(Value::Score(1)));
    // Visit order: the root's children in the order searched, each after its subtree.
    let orders: Vec<u64> = root.children.iter().map(|c| c.order).collect();
    assert!(orders.windows(2).all(|w| w[0] < w[1]), "{orders:?}");
    assert_eq!(orders[0], 2);
    assert_eq!(seen.tree.nodes_per_ply.iter().sum::<u64>(), root.visited);
    // The windows as they change: each child's window is its parent's when it was entered,
    // and a MIN node leaves with beta lowered to its value.
    let first = &root.children[0];
    let (alpha, beta) = first.window.unwrap();
    let v = first.value.unwrap().as_number() as i32;
    assert_eq!(first.window_after, Some((alpha, beta.min(v))));
    assert_eq!(root.children[1].window.unwrap().0, v.max(alpha));
}

#[test]
fn pruning_and_move_order_decide_the_nodes_searched() {
    // After b2 on 3x3, to the end of the game: minimax's whole tree, alpha-beta's in the
    // seeds' row-major order, and best first and worst first by e(P).
    let b = board(Variant::tic_tac_toe(), "b2");
    let per_ply = |spec: &str| {
        let counted = TreeOptions {
            depth: 0,
            max_nodes: 1,
            ..TreeOptions::default()
        };
        let seen = explain_with(spec, &b, counted).unwrap();
        assert_eq!(seen.choice.value, Some(Value::Score(0)), "{spec}: a draw");
        assert_eq!(
            seen.tree.nodes_per_ply.iter().sum::<u64>(),
            seen.choice.nodes
        );
        seen.tree.nodes_per_ply
    };
    let minimax = per_ply("minimax");
    // 8 replies, 8 x 7, 8 x 7 x 6, 8 x 7 x 6 x 5: nobody can have three in a row before.
    assert_eq!(&minimax[..5], &[1, 8, 56, 336, 1680]);
    assert_eq!(minimax, [1, 8, 56, 336, 1680, 5760, 15984, 18432, 13248]);
    let row_major = per_ply("alphabeta");
    let best = per_ply("alphabeta:order=best-first");
    let worst = per_ply("alphabeta:order=worst-first");
    let total = |v: &[u64]| v.iter().sum::<u64>();
    assert_eq!(
        (
            total(&minimax),
            total(&row_major),
            total(&best),
            total(&worst)
        ),
        (55_505, 2_316, 649, 4_741)
    );
    assert!(total(&best) < total(&row_major) && total(&row_major) < total(&worst));
    assert!(total(&worst) < total(&minimax));
    let b_star = |v: &[u64]| mnk::explain::effective_branching_factor(v).unwrap();
    assert!(b_star(&best) < b_star(&worst) && b_star(&worst) < b_star(&minimax));
}
