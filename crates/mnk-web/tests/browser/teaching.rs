//! The search as a teacher shows it: MAX and MIN on every row of the tree, a step-through of
//! alpha-beta in the order it entered positions with its window changing, the move-ordering
//! switch, minimax and alpha-beta side by side, and several best lines in the live card.

use crate::harness::{
    DESKTOP, PHONE, SETTLED, Screen, choose, click, js, open, play_move, screenshot, stones, text,
    type_in, wait_for, with_page,
};
use fantoccini::Client;
use serde_json::{Value, json};

/// Shows alpha-beta's tree of the position on the board (with `order`, if any).
async fn show_tree(c: &Client, order: Option<&str>) {
    if js(c, "return document.querySelector('#see-search').checked;").await != json!(true) {
        click(c, "#see-search").await;
    }
    choose(c, "#tree-player", "alphabeta").await;
    if let Some(order) = order {
        choose(c, "#tree-order", order).await;
    }
    js(
        c,
        "document.querySelector('#tree-summary').textContent = '';",
    )
    .await;
    click(c, "#show-tree").await;
    wait_for(
        c,
        "/^alphabeta\\S* searched/.test(document.querySelector('#tree-summary').textContent)",
        "the tree",
    )
    .await;
}

async fn visited(c: &Client) -> u64 {
    js(
        c,
        "return Number(document.querySelector('#tree-summary').dataset.visited);",
    )
    .await
    .as_u64()
    .unwrap()
}

/// The empty 3x3 board, X to move: the top is MAX (X moves there), its children MIN; the
/// summary gives the positions per ply and b*; the order switch is offered for alpha-beta and
/// worst-first enters more positions than best-first.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tree_says_max_and_min_and_ordering_changes_the_count() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        show_tree(&c, Some("best-first")).await;
        let roles = js(
            &c,
            "return [...document.querySelectorAll('#tree .node')].map(r => [r.dataset.role, r.querySelector('.role').textContent, r.closest('ul').id]);",
        )
        .await;
        let roles = roles.as_array().unwrap();
        assert_eq!(roles.len(), 10, "the top and its 9 children: {roles:?}");
        assert_eq!(roles[0], json!(["MAX", "MAX", "tree"]), "X moves at the top");
        for child in &roles[1..] {
            assert_eq!(child[0], json!("MIN"), "O moves after X's move: {roles:?}");
            assert_eq!(child[1], json!("MIN"));
        }
        let summary = text(&c, "#tree-summary").await;
        assert!(
            summary.contains("Positions entered per ply: 1, 9,")
                && summary.contains("effective branching factor b* = "),
            "{summary}"
        );
        let best_first = visited(&c).await;
        show_tree(&c, Some("worst-first")).await;
        let worst_first = visited(&c).await;
        assert!(
            worst_first > best_first,
            "worst first {worst_first} > best first {best_first}"
        );
        // A player that tries moves in its own order is offered no order.
        choose(&c, "#tree-player", "minimax").await;
        assert_eq!(
            js(&c, "return document.querySelector('#tree-order-box').hidden;").await,
            json!(true)
        );
        screenshot(&c, "teach-tree-order.png").await;
    })
    .await;
}

/// Alpha-beta on 3x3 after a1 and perfect's answer, stepped through: the counter advances in
/// strictly increasing visit order, the window changes, each step highlights its row, and
/// the last step's value of the top is the tree's. Minimax and alpha-beta side by side:
/// alpha-beta enters fewer positions.
async fn step_through(screen: Screen) {
    with_page(screen, move |c: Client, base: String| async move {
        open(&c, &base).await;
        // perfect answers as O.
        play_move(&c, "a1").await;
        assert_eq!(stones(&c).await, 2);
        show_tree(&c, None).await;
        wait_for(&c, "!document.querySelector('#steps').hidden", "the steps").await;
        let count = text(&c, "#step-count").await;
        assert!(count.starts_with("step 1 of "), "{count}");
        let total: usize = count.rsplit(' ').next().unwrap().replace(',', "").parse().unwrap();
        assert!(total > 20, "{count}");
        let mut orders = Vec::new();
        let mut windows = Vec::new();
        for i in 0..25 {
            let state = js(
                &c,
                "const s = document.querySelector('#steps'); const cur = document.querySelectorAll('#tree .node.current'); return [Number(s.dataset.order), document.querySelector('#step-window').textContent, document.querySelector('#step-count').textContent, cur.length, cur.length ? Number(cur[0].dataset.order) : 0];",
            )
            .await;
            assert_eq!(state[2], json!(format!("step {} of {total}", i + 1)));
            assert_eq!(state[3], json!(1), "one row highlighted");
            assert_eq!(state[4], state[0], "the highlighted row is the step's node");
            orders.push(state[0].as_u64().unwrap());
            windows.push(state[1].as_str().unwrap().to_string());
            click(&c, "#step-next").await;
        }
        assert!(
            orders.windows(2).all(|w| w[0] < w[1]),
            "strictly increasing visit order: {orders:?}"
        );
        assert!(
            windows.windows(2).any(|w| w[0] != w[1]),
            "alpha or beta changes: {windows:?}"
        );
        let sentences = text(&c, "#step-text").await;
        assert!(sentences.contains("Enters "), "{sentences}");
        screenshot(&c, &format!("{}-teach-steps.png", screen.width)).await;
        click(&c, "#step-last").await;
        let last = text(&c, "#step-count").await;
        assert_eq!(last, format!("step {total} of {total}"));
        let top: Value = js(
            &c,
            "return [document.querySelector('#step-top').textContent, document.querySelector('#tree > li > .node .val').textContent, document.querySelector('#step-text').textContent];",
        )
        .await;
        let root = top[1].as_str().unwrap();
        assert_eq!(top[0], json!(format!("the top: value {root}")), "{top}");
        assert!(top[2].as_str().unwrap().contains("The search is over"), "{top}");
        // Minimax and alpha-beta side by side.
        click(&c, "#versus").await;
        wait_for(
            &c,
            "!document.querySelector('#versus-table').hidden && document.querySelectorAll('#versus-table .total').length === 2",
            "the side-by-side",
        )
        .await;
        let nodes = js(
            &c,
            "return ['minimax', 'alphabeta'].map(p => Number(document.querySelector(`#versus-table tr[data-player=${p}] .total`).dataset.nodes));",
        )
        .await;
        let (minimax, alphabeta) = (nodes[0].as_u64().unwrap(), nodes[1].as_u64().unwrap());
        assert!(alphabeta < minimax, "alpha-beta {alphabeta} < minimax {minimax}");
        assert!(
            text(&c, "#versus-caption").await.contains("alpha-beta entered"),
            "the ratio"
        );
        // Nothing runs past a phone's screen.
        let wide = js(&c, "return document.documentElement.scrollWidth <= window.innerWidth;").await;
        assert_eq!(wide, json!(true), "no sideways scrolling");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stepping_through_alpha_beta_on_a_desktop() {
    step_through(DESKTOP).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stepping_through_alpha_beta_on_a_phone() {
    step_through(PHONE).await;
}

/// Lines = 3 on a 15x15 position: the live card lists three lines, each with its move and a
/// value, best first.
async fn three_lines(screen: Screen) {
    with_page(screen, move |c: Client, base: String| async move {
        open(&c, &base).await;
        choose(&c, "#preset", "15,15,5").await;
        choose(&c, "#player-o", "human").await;
        click(&c, "#records summary").await;
        type_in(&c, "#record", "h8 h9 i9 g7").await;
        click(&c, "#import").await;
        wait_for(
            &c,
            &format!("document.querySelectorAll('#board .stone').length === 4 && {SETTLED}"),
            "the position",
        )
        .await;
        choose(&c, "#lines-count", "3").await;
        click(&c, "#see-search").await;
        choose(&c, "#analyse-player", "engine").await;
        type_in(&c, "#analyse-depth", "2").await;
        click(&c, "#analyse").await;
        wait_for(
            &c,
            "document.querySelector('#live').dataset.state === 'done' && document.querySelectorAll('#lines li').length === 3",
            "three lines",
        )
        .await;
        let lines = js(
            &c,
            "return [...document.querySelectorAll('#lines li')].map(li => [li.querySelector('.rank').textContent, li.querySelector('.move').textContent, li.querySelector('.value').textContent]);",
        )
        .await;
        let lines = lines.as_array().unwrap();
        let mut moves = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            assert_eq!(line[0], json!(format!("{}.", i + 1)));
            let mv = line[1].as_str().unwrap();
            assert!(mv.len() >= 2, "{lines:?}");
            assert!(line[2].as_str().unwrap().starts_with("X "), "X's values: {lines:?}");
            moves.push(mv.to_string());
        }
        moves.dedup();
        assert_eq!(moves.len(), 3, "three moves: {lines:?}");
        let wide = js(&c, "return document.documentElement.scrollWidth <= window.innerWidth;").await;
        assert_eq!(wide, json!(true), "no sideways scrolling");
        screenshot(&c, &format!("{}-three-lines.png", screen.width)).await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_lines_on_a_desktop() {
    three_lines(DESKTOP).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_lines_on_a_phone() {
    three_lines(PHONE).await;
}
