//! Playing: a whole tic-tac-toe game by clicking, two people and a winning line; a move on
//! 15x15 and the machine's answer with its statistics.

use crate::harness::{
    BOXES, DESKTOP, SETTLED, click, js, open, play_move, screenshot, stones, text, wait_for,
    with_page,
};
use fantoccini::Client;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tic_tac_toe_against_perfect_then_between_two_people() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        assert_eq!(text(&c, "#status").await, "X (you) to move");
        // Tic-tac-toe is drawn as squares with X and O marks, not as a go board.
        assert_eq!(js(&c, BOXES).await, json!(true));
        // Click the first free cell of a fixed order until the game ends.
        let order = ["b2", "a1", "c3", "a3", "c1", "b1", "b3", "a2", "c2"];
        let mut clicks = 0;
        while js(&c, "return document.querySelector('#status').dataset.status;").await
            == json!("playing")
        {
            let before = stones(&c).await;
            let mut clicked = false;
            for mv in order {
                let free = js(
                    &c,
                    &format!("return !document.querySelector(\"[data-move='{mv}']\").disabled;"),
                )
                .await;
                if free == json!(true) {
                    click(&c, &format!("[data-move='{mv}']")).await;
                    clicked = true;
                    break;
                }
            }
            assert!(clicked, "no free cell to click while playing");
            clicks += 1;
            wait_for(
                &c,
                &format!(
                    "document.querySelectorAll('#board .stone:not(.ghost)').length > {before}"
                ),
                "the move to appear",
            )
            .await;
            wait_for(&c, SETTLED, "the machine's answer").await;
        }
        assert!(clicks >= 3, "a game needs at least 3 moves of X");
        let result = text(&c, "#status").await;
        assert!(
            result == "Draw" || result == "O wins",
            "perfect never loses: {result}"
        );
        // The machine's last move is described.
        assert_ne!(text(&c, "#stat-nodes").await, "–");
        assert!(text(&c, "#stat-move").await.starts_with('O'));
        screenshot(&c, "3x3-vs-perfect.png").await;

        // Two people: X completes the bottom row and the line lights up.
        crate::harness::choose(&c, "#player-o", "human").await;
        click(&c, "#new-game").await;
        wait_for(&c, "document.querySelector('#status').textContent === 'X (you) to move' && document.querySelectorAll('#board .stone').length === 0", "a new game").await;
        for mv in ["a1", "a2", "b1", "b2", "c1"] {
            play_move(&c, mv).await;
        }
        assert_eq!(text(&c, "#status").await, "X wins");
        let line = js(
            &c,
            "return [...document.querySelectorAll('#board .cell.win')].map(e => e.dataset.move);",
        )
        .await;
        assert_eq!(line, json!(["a1", "b1", "c1"]));
        screenshot(&c, "3x3-x-wins.png").await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_on_15x15_and_the_machines_answer() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        crate::harness::new_game(&c, "15,15,5").await;
        assert_eq!(
            js(&c, BOXES).await,
            json!(false),
            "gomoku is played on the intersections"
        );
        click(&c, "[data-move='h8']").await;
        wait_for(
            &c,
            "document.querySelectorAll('#board .stone:not(.ghost)').length === 2",
            "the machine's answer",
        )
        .await;
        wait_for(&c, SETTLED, "X to move again").await;
        assert_eq!(text(&c, "#status").await, "X (you) to move");
        let nodes: u64 = text(&c, "#stat-nodes")
            .await
            .replace(',', "")
            .parse()
            .unwrap();
        assert!(nodes > 0);
        let depth = text(&c, "#stat-depth").await;
        assert!(depth.parse::<u32>().is_ok_and(|d| d >= 1), "{depth}");
        assert!(text(&c, "#stat-time").await.ends_with('s'));
        // The value says whose it is and its unit.
        let value = text(&c, "#stat-value").await;
        assert!(
            value.starts_with("O ") || value.ends_with(" for O") || value.ends_with(" for X"),
            "{value}"
        );
        screenshot(&c, "15x15-machine-answer.png").await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn renju_marks_the_points_forbidden_to_x() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        // Choosing renju sets the board renju is played on, and a player that knows it.
        crate::harness::choose(&c, "#rule", "renju").await;
        let form = js(
            &c,
            "return ['#preset', '#k', '#player-o'].map((id) => document.querySelector(id).value);",
        )
        .await;
        assert_eq!(form[0], json!("15,15,5"));
        assert_eq!(form[1], json!("5"));
        let disabled = js(
            &c,
            "return ['engine', 'perfect'].map((p) => document.querySelector(`#player-o option[value='${p}']`).disabled);",
        )
        .await;
        assert_eq!(
            disabled,
            json!([false, true]),
            "the engine plays renju, perfect does not yet"
        );
        crate::harness::choose(&c, "#player-o", "human").await;
        click(&c, "#new-game").await;
        wait_for(
            &c,
            "document.querySelectorAll('#board .cell').length === 225 && document.querySelectorAll('#board .stone').length === 0",
            "the renju board",
        )
        .await;
        // X: f8 g8 and h9 h10, so h8 would be a double three.
        for mv in ["f8", "a1", "g8", "a3", "h9", "a5", "h10", "a7"] {
            play_move(&c, mv).await;
        }
        let marked = js(
            &c,
            "return [...document.querySelectorAll('#board .cell')].filter(e => e.querySelector('.forbidden')).map(e => [e.dataset.move, e.disabled, e.getAttribute('aria-label')]);",
        )
        .await;
        assert_eq!(
            marked,
            json!([["h8", true, "h8, forbidden to X: double three"]])
        );
        screenshot(&c, "15x15-renju-forbidden.png").await;
        // X plays elsewhere; with O to move nothing is marked.
        play_move(&c, "o15").await;
        let marks = js(&c, "return document.querySelectorAll('#board .forbidden').length;").await;
        assert_eq!(marks, json!(0));
    })
    .await;
}
