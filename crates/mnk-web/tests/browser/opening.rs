//! The tournament openings on the page: which boards offer them, as the server says; a swap2
//! opening between two people, by clicks and the opening's buttons, outside the clocks; and a
//! swap opening placed by the machine, where the person takes black and the seats' labels
//! change colours.

use crate::harness::{
    DESKTOP, SETTLED, choose, click, js, open, screenshot, stones, text, type_in, wait_for,
    with_page,
};
use fantoccini::Client;
use serde_json::json;

/// Waits until the page is idle (no request under way: the opening's buttons are enabled,
/// shown or not) with `count` stones on the board.
async fn settled_with(c: &Client, count: u64) {
    wait_for(
        c,
        &format!(
            "document.querySelectorAll('#board .stone:not(.ghost)').length === {count} && document.querySelector('#take-black').disabled === false"
        ),
        &format!("{count} stones"),
    )
    .await;
}

/// Clicks the cell `mv` and waits for its stone.
async fn place(c: &Client, mv: &str) {
    let before = stones(c).await;
    click(c, &format!("[data-move='{mv}']")).await;
    settled_with(c, before + 1).await;
}

/// Whether the button `css` is shown.
async fn shown(c: &Client, css: &str) -> bool {
    js(
        c,
        &format!("return !document.querySelector('{css}').hidden;"),
    )
    .await
        == json!(true)
}

/// Waits until the server has said which openings the form's board `variant`
/// (`WIDTHxHEIGHT:k:rule`) takes.
async fn judged(c: &Client, variant: &str) {
    wait_for(
        c,
        &format!("document.querySelector('#opening').dataset.variant === '{variant}'"),
        &format!("the server's word on {variant}"),
    )
    .await;
}

/// Whether the opening choice is disabled.
const OPENING_DISABLED: &str = "return document.querySelector('#opening').disabled;";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_offers_the_openings_the_server_takes() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        // 15x15, four in a row: the server takes swap (its three stones leave the game on),
        // so the page offers it (the page used to judge by itself, and refused k below 5).
        choose(&c, "#preset", "15,15,5").await;
        type_in(&c, "#k", "4").await;
        judged(&c, "15x15:4:freestyle").await;
        assert_eq!(js(&c, OPENING_DISABLED).await, json!(false));
        // One in a row: the first stone wins, so no opening fits; the page says the server's
        // reason.
        type_in(&c, "#k", "1").await;
        judged(&c, "15x15:1:freestyle").await;
        assert_eq!(js(&c, OPENING_DISABLED).await, json!(true));
        let why = js(&c, "return document.querySelector('#opening').title;").await;
        assert_eq!(
            why,
            json!("swap's three stones do not fit a 15x15 board with 1 in a row")
        );
        type_in(&c, "#k", "4").await;
        judged(&c, "15x15:4:freestyle").await;
        choose(&c, "#player-o", "human").await;
        choose(&c, "#opening", "swap").await;
        click(&c, "#new-game").await;
        wait_for(
            &c,
            "document.querySelectorAll('#board .cell').length === 225 && document.querySelector('#status').dataset.opening === 'place'",
            "the swap opening on 15x15, four in a row",
        )
        .await;
        assert_eq!(
            text(&c, "#seats").await,
            "swap opening: X (you) opens, O (you) chooses"
        );
    })
    .await;
}

/// Whether the Hint button is disabled.
const HINT_DISABLED: &str = "return document.querySelector('#hint').disabled;";

/// Whether a clock runs.
const A_CLOCK_RUNS: &str = "return !!document.querySelector('#clocks .clock.running');";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swap2_opening_between_two_people_by_clicks_and_buttons() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        // Tic-tac-toe has no room for the openings.
        judged(&c, "3x3:3:freestyle").await;
        assert_eq!(
            js(&c, "return document.querySelector('#opening').disabled;").await,
            json!(true)
        );
        choose(&c, "#preset", "15,15,5").await;
        judged(&c, "15x15:5:freestyle").await;
        assert_eq!(
            js(&c, "return document.querySelector('#opening').disabled;").await,
            json!(false)
        );
        choose(&c, "#player-o", "human").await;
        choose(&c, "#opening", "swap2").await;
        type_in(&c, "#time-control", "5m").await;
        click(&c, "#new-game").await;
        wait_for(
            &c,
            "document.querySelectorAll('#board .cell').length === 225 && document.querySelector('#status').dataset.opening === 'place'",
            "the opening",
        )
        .await;
        assert_eq!(text(&c, "#status").await, "X (you): place black's first stone");
        assert_eq!(
            text(&c, "#seats").await,
            "swap2 opening: X (you) opens, O (you) chooses"
        );
        assert!(!shown(&c, "#take-black").await && !shown(&c, "#place-two").await);
        // No hint while the opening's stones are placed.
        assert_eq!(js(&c, HINT_DISABLED).await, json!(true));
        place(&c, "h8").await;
        assert_eq!(text(&c, "#status").await, "X (you): place white's second stone");
        place(&c, "i9").await;
        place(&c, "h10").await;
        assert_eq!(
            text(&c, "#status").await,
            "O (you): take black, play white's fourth stone, or place two stones"
        );
        // A reload goes on with the opening where it was (was: started again, no stones).
        c.refresh().await.unwrap();
        settled_with(&c, 3).await;
        assert_eq!(
            text(&c, "#status").await,
            "O (you): take black, play white's fourth stone, or place two stones"
        );
        assert!(shown(&c, "#take-black").await && shown(&c, "#place-two").await);
        // A hint, white's best move, helps the choice.
        assert_eq!(js(&c, HINT_DISABLED).await, json!(false));
        // The opening is outside the clocks.
        assert_eq!(js(&c, A_CLOCK_RUNS).await, json!(false));
        // The opener's stones stay: Undo has nothing to take back.
        assert_eq!(
            js(&c, "return document.querySelector('#undo').disabled;").await,
            json!(true)
        );
        click(&c, "#place-two").await;
        wait_for(
            &c,
            "document.querySelector('#status').textContent === \"O (you): place white's fourth stone\"",
            "the chooser's stones",
        )
        .await;
        assert!(!shown(&c, "#place-two").await && !shown(&c, "#take-black").await);
        place(&c, "j9").await;
        // A stone of the stage under way may be taken back.
        click(&c, "#undo").await;
        settled_with(&c, 3).await;
        place(&c, "j9").await;
        assert_eq!(text(&c, "#status").await, "O (you): place black's fifth stone");
        place(&c, "g9").await;
        assert_eq!(
            text(&c, "#status").await,
            "X (you): take black, or play white's sixth stone"
        );
        assert!(shown(&c, "#take-black").await && !shown(&c, "#place-two").await);
        screenshot(&c, "15x15-swap2-opener-chooses.png").await;
        // The opener keeps black: the game proper begins, with O to play white's sixth stone,
        // and O's clock starts.
        click(&c, "#take-black").await;
        wait_for(
            &c,
            &format!("document.querySelector('#status').dataset.opening === 'done' && {SETTLED}"),
            "the game after the opening",
        )
        .await;
        assert_eq!(text(&c, "#status").await, "O (you) to move");
        assert_eq!(
            text(&c, "#seats").await,
            "swap2 opening over: X (you) plays black, O (you) white"
        );
        assert!(!shown(&c, "#take-black").await);
        assert_eq!(
            js(&c, "return document.querySelector('#clock-o').classList.contains('running');")
                .await,
            json!(true)
        );
        place(&c, "k10").await;
        assert_eq!(text(&c, "#status").await, "X (you) to move");
        // Undo takes back the game's move, and then nothing: the opening stays.
        click(&c, "#undo").await;
        settled_with(&c, 5).await;
        assert_eq!(
            js(&c, "return document.querySelector('#undo').disabled;").await,
            json!(true)
        );
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_machine_opens_and_the_person_takes_black() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        choose(&c, "#preset", "15,15,5").await;
        judged(&c, "15x15:5:freestyle").await;
        choose(&c, "#player-x", "engine").await;
        type_in(&c, "#x-time", "0.3").await;
        choose(&c, "#player-o", "human").await;
        choose(&c, "#opening", "swap").await;
        click(&c, "#new-game").await;
        // The engine places its three stones by itself; the person then chooses.
        wait_for(
            &c,
            "document.querySelectorAll('#board .stone:not(.ghost)').length === 3 && document.querySelector('#status').dataset.opening === 'choose'",
            "the machine's opening",
        )
        .await;
        settled_with(&c, 3).await;
        assert_eq!(
            text(&c, "#status").await,
            "O (you): take black, or play white's fourth stone"
        );
        assert_eq!(
            text(&c, "#seats").await,
            "swap opening: X (engine:time-ms=300) opens, O (you) chooses"
        );
        assert!(shown(&c, "#take-black").await && !shown(&c, "#place-two").await);
        click(&c, "#take-black").await;
        // The person plays black now, at X; the engine, white, plays the fourth stone itself.
        wait_for(
            &c,
            &format!(
                "document.querySelectorAll('#board .stone:not(.ghost)').length === 4 && {SETTLED}"
            ),
            "the engine's fourth stone",
        )
        .await;
        assert_eq!(
            text(&c, "#seats").await,
            "swap opening over, the seats changed colours: X (you) plays black, O (engine:time-ms=300) white"
        );
        assert_eq!(text(&c, "#status").await, "X (you) to move");
        assert!(text(&c, "#stat-move").await.starts_with('O'));
        screenshot(&c, "15x15-swap-taken-black.png").await;
    })
    .await;
}
