//! Clocks on the page: a timed game shows both clocks counting down beside the players, a flag
//! fall ends the game and says so (and the record says it too), a machine plays within its
//! clock, and the board still fits the screen with the clocks above it.

use crate::harness::{
    DESKTOP, PHONE, SETTLED, Screen, choose, click, js, open, screenshot, text, type_in, wait_for,
    with_page,
};
use fantoccini::Client;
use serde_json::json;

/// A 3 s game clock, X a person who does not move: X's flag falls, the page says who wins.
async fn the_idle_persons_flag_falls(c: Client, base: String, screen: Screen) {
    open(&c, &base).await;
    type_in(&c, "#time-control", "3s").await;
    click(&c, "#new-game").await;
    wait_for(
        &c,
        "!document.querySelector('#clocks').hidden && document.querySelector('#clock-x').classList.contains('running')",
        "X's clock running",
    )
    .await;
    assert_eq!(text(&c, "#clock-o .who").await, "O (perfect)");
    assert_eq!(text(&c, "#clock-o .face").await, "0:03.0");
    assert_eq!(text(&c, "#clock-x .who").await, "X (you)");
    // The clocks fit the screen, beside each other.
    let m = js(
        &c,
        "const x = document.querySelector('#clock-x').getBoundingClientRect(), o = document.querySelector('#clock-o').getBoundingClientRect();
         return {right: Math.max(x.right, o.right), vw: document.documentElement.clientWidth, same_row: Math.abs(x.top - o.top) < 1};",
    )
    .await;
    assert!(
        m["right"].as_f64().unwrap() <= m["vw"].as_f64().unwrap(),
        "{m}"
    );
    assert_eq!(m["same_row"], json!(true), "{m}");
    // It counts down.
    wait_for(
        &c,
        "Number(document.querySelector('#clock-x').dataset.leftMs) < 2500",
        "X's clock to count down",
    )
    .await;
    let face = text(&c, "#clock-x .face").await;
    assert!(face.starts_with("0:0") && face != "0:03.0", "{face}");
    wait_for(
        &c,
        "document.querySelector('#status').dataset.status === 'won'",
        "the flag to fall",
    )
    .await;
    assert_eq!(
        text(&c, "#status").await,
        "X's flag fell: O (perfect) wins on time."
    );
    assert_eq!(text(&c, "#clock-x .face").await, "0:00.0");
    assert_eq!(
        js(
            &c,
            "return document.querySelector('#clock-x').classList.contains('flagged');"
        )
        .await,
        json!(true)
    );
    assert_eq!(
        js(
            &c,
            "return document.querySelector(\"[data-move='b2']\").disabled;"
        )
        .await,
        json!(true)
    );
    assert_eq!(
        js(&c, "return document.querySelector('#undo').disabled;").await,
        json!(true)
    );
    // The record says so.
    let sgf = js(
        &c,
        "return fetch(document.querySelector('#download-sgf').href).then((r) => r.text());",
    )
    .await;
    assert!(sgf.as_str().unwrap().contains("RE[W+T]"), "{sgf}");
    js(&c, "window.scrollTo(0, 0);").await;
    screenshot(&c, &format!("{}-flag-fell.png", screen.width)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_fall_ends_the_game_on_a_desktop() {
    with_page(DESKTOP, |c, base| {
        the_idle_persons_flag_falls(c, base, DESKTOP)
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_fall_ends_the_game_on_a_phone() {
    with_page(PHONE, |c, base| the_idle_persons_flag_falls(c, base, PHONE)).await;
}

/// On 20x20 with 10 s each, the board fits under the clocks on a desktop, and the engine
/// answers within its clock, which then stops while X's runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_machine_plays_within_its_clock_and_the_board_fits() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        type_in(&c, "#time-control", "10s").await;
        choose(&c, "#preset", "20,20,5").await;
        click(&c, "#new-game").await;
        wait_for(&c, "document.querySelectorAll('#board .cell').length === 400 && !document.querySelector('#clocks').hidden", "the timed 20x20 game").await;
        let m = js(
            &c,
            "window.scrollTo(0, 0); const r = document.querySelector('#board-wrap').getBoundingClientRect();
             return {bottom: r.bottom, vh: document.documentElement.clientHeight};",
        )
        .await;
        assert!(m["bottom"].as_f64().unwrap() <= m["vh"].as_f64().unwrap(), "the board runs off the screen: {m}");
        click(&c, "[data-move='j10']").await;
        wait_for(
            &c,
            &format!("document.querySelectorAll('#board .stone:not(.ghost)').length === 2 && {SETTLED}"),
            "the engine's answer",
        )
        .await;
        let left: f64 = js(&c, "return Number(document.querySelector('#clock-o').dataset.leftMs);")
            .await
            .as_f64()
            .unwrap();
        assert!(left > 0.0 && left < 10_000.0, "O's clock: {left} ms");
        assert_eq!(
            js(&c, "return document.querySelector('#clock-x').classList.contains('running') && !document.querySelector('#clock-o').classList.contains('running');").await,
            json!(true)
        );
        let allowed = js(&c, "return document.querySelector('#stat-time').title;").await;
        assert!(allowed.as_str().unwrap().contains("allowed by its clock"), "{allowed}");
    })
    .await;
}

/// A reload goes on with the same game: the clocks keep what each used and O's runs on (was:
/// the game was made again from the address, both clocks full), and the move played stays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reload_keeps_the_clocks() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        choose(&c, "#player-o", "human").await;
        type_in(&c, "#time-control", "1m").await;
        click(&c, "#new-game").await;
        wait_for(
            &c,
            "!document.querySelector('#clocks').hidden && document.querySelector('#clock-x').classList.contains('running')",
            "X's clock running",
        )
        .await;
        click(&c, "[data-move='b2']").await;
        wait_for(
            &c,
            "document.querySelector('#clock-o').classList.contains('running') && Number(document.querySelector('#clock-o').dataset.leftMs) < 58500",
            "O's clock to count down",
        )
        .await;
        c.refresh().await.unwrap();
        wait_for(
            &c,
            &format!("document.querySelectorAll('#board .stone:not(.ghost)').length === 1 && !document.querySelector('#clocks').hidden && {SETTLED}"),
            "the game again",
        )
        .await;
        let left = js(
            &c,
            "return [Number(document.querySelector('#clock-x').dataset.leftMs), Number(document.querySelector('#clock-o').dataset.leftMs), document.querySelector('#clock-o').classList.contains('running')];",
        )
        .await;
        // O's clock ran before the reload and runs on: less than the 58.5 s it had then; X's
        // move was charged (not the full minute the game would start with again).
        assert!(left[1].as_f64().unwrap() < 58_500.0, "{left}");
        assert!(left[0].as_f64().unwrap() < 60_000.0, "{left}");
        assert_eq!(left[2], json!(true), "{left}");
    })
    .await;
}
