//! Live analysis on the page: the search's progress shows while the machine thinks and keeps
//! updating; Move now makes the machine play at once; an analysis until stopped follows the
//! position as moves are played and stepped through.

use crate::harness::{
    DESKTOP, PHONE, SETTLED, Screen, choose, click, js, new_game, open, screenshot, text, type_in,
    wait_for, with_page,
};
use fantoccini::Client;
use serde_json::json;

/// The nodes the live card shows, as a number (0 for none yet).
async fn live_nodes(c: &Client) -> u64 {
    text(c, "#stat-nodes")
        .await
        .replace(',', "")
        .parse()
        .unwrap_or(0)
}

async fn progress_then_move_now(c: Client, base: String, screen: Screen) {
    open(&c, &base).await;
    // The engine as O with the server's whole time: only Move now ends its move early.
    type_in(&c, "#o-time", "10").await;
    new_game(&c, "15,15,5").await;
    click(&c, "[data-move='h8']").await;
    wait_for(
        &c,
        "document.querySelector('#live').dataset.state === 'thinking' && document.querySelector('#stat-nodes').textContent !== '–'",
        "the search's progress",
    )
    .await;
    let title = text(&c, "#live-title").await;
    assert!(
        title.starts_with("O (engine") && title.ends_with("is thinking…"),
        "{title}"
    );
    let first = live_nodes(&c).await;
    wait_for(
        &c,
        &format!(
            "Number(document.querySelector('#stat-nodes').textContent.replace(/,/g, '')) > {first} && document.querySelector('#stat-depth').textContent !== '–'"
        ),
        "the progress updating, with a depth",
    )
    .await;
    assert_eq!(text(&c, "#stop").await, "Move now");
    let line = js(&c, "return document.querySelector('#lines').textContent;").await;
    assert!(
        line.as_str().unwrap().contains("2. "),
        "the line, numbered from move 2: {line}"
    );
    let name = format!("{}-live-thinking.png", screen.width);
    screenshot(&c, &name).await;
    click(&c, "#stop").await;
    wait_for(
        &c,
        &format!(
            "document.querySelectorAll('#board .stone:not(.ghost)').length === 2 && {SETTLED}"
        ),
        "the machine's move, at once",
    )
    .await;
    let note = text(&c, "#live-note").await;
    assert_eq!(note, "Stopped: its best so far.");
    assert_eq!(
        js(&c, "return document.querySelector('#live').dataset.state;").await,
        json!("done")
    );
    assert_eq!(text(&c, "#message").await, "");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn progress_shows_and_move_now_plays_at_once_on_a_desktop() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        progress_then_move_now(c, base, DESKTOP).await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn progress_shows_and_move_now_plays_at_once_on_a_phone() {
    with_page(PHONE, |c: Client, base: String| async move {
        progress_then_move_now(c, base, PHONE).await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_until_stopped_follows_the_position() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        choose(&c, "#player-o", "human").await;
        new_game(&c, "15,15,5").await;
        click(&c, "#see-search").await;
        choose(&c, "#analyse-player", "engine").await;
        // (On the empty board the engine answers h8 at once: it has nothing to analyse.)
        crate::harness::play_move(&c, "h8").await;
        click(&c, "#follow").await;
        let analysing = |side: &str| {
            format!(
                "document.querySelector('#live').dataset.kind === 'follow' && document.querySelector('#live-title').textContent.includes(\"analyses {side}'s move until stopped\") && document.querySelector('#stat-nodes').textContent !== '–'"
            )
        };
        wait_for(&c, &analysing("O"), "O's position analysed").await;
        click(&c, "[data-move='h9']").await;
        wait_for(&c, &analysing("X"), "the analysis following the move").await;
        click(&c, "#back").await;
        wait_for(&c, &analysing("O"), "the analysis following the review").await;
        click(&c, "#forward").await;
        wait_for(&c, &analysing("X"), "and back").await;
        click(&c, "#stop").await;
        wait_for(
            &c,
            "document.querySelector('#live').dataset.state === 'done'",
            "the analysis stopped",
        )
        .await;
        assert_eq!(
            js(&c, "return document.querySelector('#follow').checked;").await,
            json!(false)
        );
        let title = text(&c, "#live-title").await;
        assert!(title.starts_with("engine would play ") && title.ends_with(" for X"), "{title}");
        assert!(text(&c, "#message").await.contains("stopped"));
    })
    .await;
}
