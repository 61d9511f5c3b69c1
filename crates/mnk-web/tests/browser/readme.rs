//! The pictures of the page in the README and docs/page.md (`docs/screenshots/`), made by the
//! browser on a desktop's and a phone's screen. Not part of the test run: refresh them with
//! `cargo test -p mnk-web --test browser readme -- --ignored`.

use crate::harness::{
    DESKTOP, PHONE, SETTLED, Screen, choose, click, js, open, screenshot_into, type_in, wait_for,
    with_page,
};
use fantoccini::Client;
use std::path::PathBuf;

fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/screenshots")
}

/// A gomoku game: X plays its fourth stone; the engine (O) thinks, its progress live, with the
/// values of the position before on view.
async fn gomoku_thinking(c: &Client, base: &str) {
    open(c, base).await;
    choose(c, "#preset", "15,15,5").await;
    type_in(c, "#o-time", "10").await;
    click(c, "#see-search").await;
    click(c, "#records summary").await;
    type_in(c, "#record", "h8 h7 i9 g7 j10 f7").await;
    click(c, "#import").await;
    wait_for(
        c,
        &format!("document.querySelectorAll('#board .stone').length === 6 && {SETTLED}"),
        "the position",
    )
    .await;
    click(c, "#records summary").await;
    // The engine's values of X's moves here, then X plays the best and O thinks.
    choose(c, "#analyse-player", "engine").await;
    type_in(c, "#analyse-time", "1").await;
    click(c, "#analyse").await;
    wait_for(
        c,
        "document.querySelectorAll('#board .heat').length > 2",
        "the engine's values",
    )
    .await;
    click(c, "[data-move='e7']").await;
    wait_for(
        c,
        "document.querySelector('#live').dataset.state === 'thinking' && Number(document.querySelector('#stat-depth').textContent) >= 6",
        "the engine thinking",
    )
    .await;
    // Its values of the position it thinks in: one move back.
    click(c, "#back").await;
}

async fn picture(screen: Screen, name: &'static str) {
    with_page(screen, move |c: Client, base: String| async move {
        gomoku_thinking(&c, &base).await;
        js(&c, "window.scrollTo(0, 0);").await;
        screenshot_into(&c, &folder(), name).await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "writes the documentation's pictures: run with --ignored to refresh them"]
async fn readme_pictures() {
    picture(DESKTOP, "desktop-15x15.png").await;
    picture(
        Screen {
            pixel_ratio: 2,
            ..PHONE
        },
        "phone-15x15.png",
    )
    .await;
    // Tic-tac-toe: perfect's values of O's moves after a corner, the best green.
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        click(&c, "#see-search").await;
        click(&c, "[data-move='a1']").await;
        wait_for(
            &c,
            &format!("document.querySelectorAll('#board .stone').length === 2 && {SETTLED}"),
            "perfect's answer",
        )
        .await;
        click(&c, "#back").await;
        wait_for(
            &c,
            "document.querySelectorAll('#board .heat').length === 8",
            "the values",
        )
        .await;
        screenshot_into(&c, &folder(), "desktop-3x3-values.png").await;
    })
    .await;
    // A timed game imported from a record, reviewed a few moves back, its clocks running.
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        type_in(&c, "#time-control", "5m+3s").await;
        click(&c, "#records summary").await;
        type_in(
            &c,
            "#record",
            "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,8,0\n9,7,0\n7,9,0\n10,6,0\n11,5,0\n8,6,0\n7,5,0\n8,7,0\n8,9,0\nhuman\nengine\n-1\n",
        )
        .await;
        click(&c, "#import").await;
        wait_for(
            &c,
            &format!("document.querySelectorAll('#board .stone').length === 10 && {SETTLED}"),
            "the imported game",
        )
        .await;
        click(&c, "#records summary").await;
        tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
        click(&c, "#moves [data-ply='7']").await;
        js(&c, "window.scrollTo(0, 0);").await;
        screenshot_into(&c, &folder(), "desktop-review.png").await;
    })
    .await;
    // The tree a player searched, beside the heat map of the same player and position.
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        click(&c, "#see-search").await;
        click(&c, "[data-move='b2']").await;
        wait_for(&c, &format!("document.querySelectorAll('#board .stone').length === 2 && {SETTLED}"), "perfect's answer").await;
        choose(&c, "#analyse-player", "alphabeta").await;
        click(&c, "#analyse").await;
        wait_for(&c, "document.querySelector('#analysis-summary').textContent.startsWith('alphabeta would play')", "the analysis").await;
        click(&c, "#tree-box summary").await;
        click(&c, "#show-tree").await;
        wait_for(&c, "document.querySelectorAll('#tree li').length === 8", "the tree").await;
        click(&c, "#tree > li > ul > li:first-child .open").await;
        wait_for(&c, "document.querySelectorAll('#tree li').length > 8", "an opened node").await;
        js(&c, "document.querySelector('#tree-box').scrollIntoView();").await;
        screenshot_into(&c, &folder(), "desktop-tree.png").await;
    })
    .await;
    // The teacher's view: alpha-beta's tree on 3x3 after a1 b2, MAX and MIN on its rows, a
    // step of the walk in visit order under way, its line on the board.
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        click(&c, "#see-search").await;
        click(&c, "[data-move='a1']").await;
        wait_for(
            &c,
            &format!("document.querySelectorAll('#board .stone').length === 2 && {SETTLED}"),
            "perfect's answer",
        )
        .await;
        click(&c, "#tree-box summary").await;
        choose(&c, "#tree-player", "alphabeta").await;
        click(&c, "#show-tree").await;
        wait_for(&c, "!document.querySelector('#steps').hidden", "the steps").await;
        for _ in 0..25 {
            click(&c, "#step-next").await;
        }
        js(&c, "document.querySelector('#tree-order-box').scrollIntoView(); document.querySelector('#tree .node.current').scrollIntoView({block: 'nearest'}); window.scrollTo(0, document.querySelector('#tree-order-box').getBoundingClientRect().top + window.scrollY - 8);").await;
        screenshot_into(&c, &folder(), "desktop-teacher.png").await;
    })
    .await;
}
