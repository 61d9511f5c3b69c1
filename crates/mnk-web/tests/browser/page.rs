//! The board-first page: board and analysis side by side on a desktop (the machine's move and
//! value in sight without scrolling, on 15x15 too), the board staying at the top of a phone's
//! screen; settings folded once a game runs; the move list (click to step), numbers on the
//! stones, star points, the last move in words; an address that holds the game (reload keeps
//! it); a heat map whose colours are what its legend says (green the best, on 3x3 too); the
//! evaluation graph.

use crate::harness::{
    DESKTOP, PHONE, SETTLED, Screen, choose, click, js, new_game, open, play_move, screenshot,
    text, type_in, wait_for, with_page,
};
use fantoccini::Client;
use serde_json::{Value, json};

/// Whether the element `css` lies wholly within the viewport, the page scrolled to the top.
async fn in_sight(c: &Client, css: &str) -> Value {
    js(
        c,
        &format!(
            "window.scrollTo(0, 0); const r = document.querySelector({css:?}).getBoundingClientRect(); return [r.top >= 0 && r.bottom <= document.documentElement.clientHeight && r.left >= 0 && r.right <= document.documentElement.clientWidth, Math.round(r.top), Math.round(r.bottom)];"
        ),
    )
    .await
}

async fn a_15x15_game_side_by_side(c: Client, base: String, screen: Screen) {
    open(&c, &base).await;
    type_in(&c, "#o-time", "0.5").await;
    new_game(&c, "15,15,5").await;
    // The star points of a 15x15 board.
    let stars = js(
        &c,
        "return [...document.querySelectorAll('#board .cell[data-star]')].map(e => e.dataset.move).sort();",
    )
    .await;
    assert_eq!(stars, json!(["d12", "d4", "h8", "l12", "l4"]));
    play_move(&c, "h8").await;
    // Settings fold once the game runs.
    assert_eq!(
        js(&c, "return document.querySelector('#setup-box').open;").await,
        json!(false)
    );
    // The machine's move and its value, in words and in the live card, without scrolling.
    let last = text(&c, "#last-move").await;
    assert!(
        last.starts_with("Move 2: O (engine:time-ms=500) played "),
        "{last}"
    );
    if !screen.phone {
        for css in ["#stat-move", "#stat-value", "#last-move", "#board-wrap"] {
            let seen = in_sight(&c, css).await;
            assert_eq!(
                seen[0],
                json!(true),
                "{css} in sight at {}: {seen}",
                screen.width
            );
        }
    }
    // Numbers on the stones, and the move list: click a move to see its position.
    let numbers = js(
        &c,
        "return [...document.querySelectorAll('#board .stone:not(.ghost) .num')].map(e => e.textContent).sort();",
    )
    .await;
    assert_eq!(numbers, json!(["1", "2"]));
    let list = js(
        &c,
        "return [...document.querySelectorAll('#moves button')].map(b => b.textContent);",
    )
    .await;
    assert_eq!(list.as_array().unwrap().len(), 2);
    assert_eq!(list[0], json!("1. h8"));
    click(&c, "#moves [data-ply='1']").await;
    wait_for(
        &c,
        "document.querySelectorAll('#board .stone:not(.ghost)').length === 1",
        "the position after move 1",
    )
    .await;
    assert_eq!(
        text(&c, "#last-move").await,
        "Move 1: X (you) played h8. (Review: move 1 of 2.)"
    );
    click(&c, "#moves [data-ply='2']").await;
    // The evaluation graph has the engine's value of the position it moved in.
    let dots = js(
        &c,
        "return [...document.querySelectorAll('#graph .dot')].map(d => [d.dataset.at, Number(d.dataset.x)]);",
    )
    .await;
    assert_eq!(dots[0][0], json!("1"), "{dots}");
    let x = dots[0][1].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&x), "{dots}");
    if screen.phone {
        // The board stays at the top of the screen as the page scrolls.
        js(&c, "window.scrollTo(0, document.body.scrollHeight);").await;
        let board = js(
            &c,
            "const r = document.querySelector('#board-wrap').getBoundingClientRect(); return [window.scrollY > 0, r.top >= 0 && r.bottom <= document.documentElement.clientHeight];",
        )
        .await;
        assert_eq!(
            board,
            json!([true, true]),
            "the board in sight, scrolled down"
        );
    }
    let name = format!("{}-15x15-page.png", screen.width);
    js(&c, "window.scrollTo(0, 0);").await;
    screenshot(&c, &name).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_15x15_game_on_a_desktop() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        a_15x15_game_side_by_side(c, base, DESKTOP).await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_15x15_game_on_a_phone() {
    with_page(PHONE, |c: Client, base: String| async move {
        a_15x15_game_side_by_side(c, base, PHONE).await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reloading_keeps_the_game() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        choose(&c, "#player-o", "human").await;
        new_game(&c, "8,8,5").await;
        for mv in ["d4", "e5", "d5"] {
            play_move(&c, mv).await;
        }
        click(&c, "#back").await;
        let address = js(&c, "return location.search;").await;
        let address = address.as_str().unwrap().to_string();
        assert!(address.contains("moves=d4+e5+d5") && address.contains("at=2"), "{address}");
        c.refresh().await.unwrap();
        wait_for(
            &c,
            &format!("document.querySelectorAll('#moves button').length === 3 && {SETTLED}"),
            "the game again",
        )
        .await;
        let moves = js(
            &c,
            "return [[...document.querySelectorAll('#moves button')].map(b => b.textContent), document.querySelectorAll('#board .stone:not(.ghost)').length, document.querySelectorAll('#board .cell').length, document.querySelector('#player-o').value];",
        )
        .await;
        assert_eq!(moves, json!([["1. d4", "2. e5", "3. d5"], 2, 64, "human"]));
        // A shared address brings the same game to another page.
        c.goto(&format!("{base}{address}")).await.unwrap();
        wait_for(
            &c,
            "document.querySelectorAll('#moves button').length === 3",
            "the shared game",
        )
        .await;
        assert_eq!(text(&c, "#ply").await, "move 2 of 3 (review)");
    })
    .await;
}

/// The colours of the heat map are what its legend says: on 3x3 perfect's best moves (draws)
/// are green, the moves that lose red, and the key runs green to red.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_heat_maps_colours_are_what_its_legend_says() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        click(&c, "#see-search").await;
        play_move(&c, "a1").await;
        click(&c, "#back").await;
        wait_for(
            &c,
            "document.querySelectorAll('#board .heat').length === 8",
            "perfect's values of O's moves",
        )
        .await;
        let cells = js(
            &c,
            "return [...document.querySelectorAll('#board .heat')].map(h => [h.parentElement.dataset.move, h.textContent, h.classList.contains('best'), getComputedStyle(h).backgroundColor]);",
        )
        .await;
        let rgb = |s: &str| -> Vec<u32> {
            s.trim_start_matches("rgb(")
                .trim_end_matches(')')
                .split(", ")
                .map(|n| n.parse().unwrap())
                .collect()
        };
        for cell in cells.as_array().unwrap() {
            let (mv, label, colour) = (&cell[0], cell[1].as_str().unwrap(), rgb(cell[3].as_str().unwrap()));
            if label == "=" {
                // A draw, the best O has: green.
                assert!(colour[1] > colour[0] + 60 && colour[1] > colour[2] + 60, "{mv}: {cell}");
            } else {
                assert!(label.starts_with('L'), "{mv}: {cell}");
                assert!(colour[0] > colour[1] + 60 && colour[0] > colour[2] + 60, "{mv}: {cell}");
            }
        }
        assert!(cells.as_array().unwrap().iter().any(|c| c[2] == json!(true)));
        // The key: green at the best end, red at the worst, as the legend says.
        let key = js(
            &c,
            "const k = document.querySelector('#heat-key'); return [k.hidden, getComputedStyle(k.querySelector('.ramp')).backgroundImage, k.textContent];",
        )
        .await;
        assert_eq!(key[0], json!(false));
        let ramp: Vec<Vec<u32>> = key[1]
            .as_str()
            .unwrap()
            .split("rgb(")
            .skip(1)
            .map(|c| rgb(c.split(')').next().unwrap()))
            .collect();
        let (first, last) = (&ramp[0], &ramp[ramp.len() - 1]);
        assert!(first[1] > first[0] + 60 && last[0] > last[1] + 60, "{key}");
        assert!(key[2].as_str().unwrap().starts_with("best"), "{key}");
        let legend = text(&c, "#heat-legend").await;
        assert!(legend.contains("green the best") && legend.contains("red 50 or more"), "{legend}");
        // The values and the line are separate toggles.
        click(&c, "#show-values").await;
        assert_eq!(
            js(&c, "return document.querySelectorAll('#board .heat').length;").await,
            json!(0)
        );
        screenshot(&c, "3x3-values-legend.png").await;
    })
    .await;
}
