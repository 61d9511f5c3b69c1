//! The page on a phone (390x844) and a desktop (1280x900): boards up to 20x20 fit the screen,
//! coordinates included, with square cells; taps play; the tree's rows stay in their panel.

use crate::harness::{
    DESKTOP, PHONE, SETTLED, Screen, click, js, new_game, open, screenshot, wait_for, with_page,
};
use fantoccini::Client;
use serde_json::{Value, json};

/// Where the board's parts are, against the viewport, at the top of the page.
const MEASURE: &str = r"
window.scrollTo(0, 0);
const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
const name = (e) => e.dataset.move || (e.classList.contains('label') ? `label ${e.textContent}` : e.id);
const parts = [...document.querySelectorAll('#board-wrap, #board .label, #board .cell')];
const out = parts.filter((e) => {
  const r = e.getBoundingClientRect();
  return r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5;
}).map(name);
const cells = [...document.querySelectorAll('#board .cell')].map((e) => e.getBoundingClientRect());
return {
  vw, vh, inner: window.innerWidth, page: document.documentElement.scrollWidth,
  out: out.slice(0, 12), outside: out.length,
  not_square: cells.filter((r) => Math.abs(r.width - r.height) > 0.5).length,
  sizes: [...new Set(cells.map((r) => r.width.toFixed(2) + 'x' + r.height.toFixed(2)))],
  cell: cells[0].width,
};";

async fn board_fits(c: &Client, screen: Screen, preset: &str, least_cell: f64) {
    new_game(c, preset).await;
    let m: Value = js(c, MEASURE).await;
    let what = format!("{preset} on {}x{}: {m}", screen.width, screen.height);
    assert_eq!(m["vw"], json!(screen.width), "{what}");
    // Nothing on the page is wider than the screen (a phone would zoom out to show it).
    assert_eq!(
        m["inner"],
        json!(screen.width),
        "the page zoomed out: {what}"
    );
    assert!(
        m["page"].as_u64().unwrap() <= u64::from(screen.width),
        "{what}"
    );
    assert_eq!(
        m["outside"],
        json!(0),
        "parts of the board off the screen: {what}"
    );
    assert_eq!(m["not_square"], json!(0), "{what}");
    assert_eq!(m["sizes"].as_array().unwrap().len(), 1, "{what}");
    assert!(m["cell"].as_f64().unwrap() >= least_cell, "{what}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_up_to_20x20_fit_a_phone_with_square_cells() {
    with_page(PHONE, |c: Client, base: String| async move {
        open(&c, &base).await;
        // A tap plays on tic-tac-toe.
        click(&c, "[data-move='b2']").await;
        wait_for(
            &c,
            &format!(
                "document.querySelectorAll('#board .stone:not(.ghost)').length === 2 && {SETTLED}"
            ),
            "the answer",
        )
        .await;
        screenshot(&c, "phone-3x3.png").await;
        board_fits(&c, PHONE, "15,15,5", 20.0).await;
        screenshot(&c, "phone-15x15.png").await;
        board_fits(&c, PHONE, "20,20,5", 16.0).await;
        screenshot(&c, "phone-20x20.png").await;
        board_fits(&c, PHONE, "3,3,3", 40.0).await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_up_to_20x20_fit_a_desktop_with_square_cells() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        board_fits(&c, DESKTOP, "15,15,5", 30.0).await;
        board_fits(&c, DESKTOP, "20,20,5", 28.0).await;
        screenshot(&c, "desktop-20x20.png").await;
    })
    .await;
}

/// Every row of the tree fits the panel's width: wrapped, not cut off.
async fn tree_rows_fit(c: Client, base: String) {
    open(&c, &base).await;
    click(&c, "#see-search").await;
    click(&c, "#tree-box summary").await;
    click(&c, "#show-tree").await;
    wait_for(
        &c,
        "document.querySelectorAll('#tree li').length === 10",
        "the root and its 9 children",
    )
    .await;
    click(&c, "#tree > li > ul > li:first-child .open").await;
    wait_for(
        &c,
        "document.querySelectorAll('#tree li').length > 10",
        "a child's children",
    )
    .await;
    let before = js(&c, "return document.querySelectorAll('#tree li').length;").await;
    click(
        &c,
        "#tree > li > ul > li:first-child > ul > li:first-child .open",
    )
    .await;
    wait_for(
        &c,
        &format!("document.querySelectorAll('#tree li').length > {before}"),
        "a grandchild's children",
    )
    .await;
    let m = js(
        &c,
        r"const t = document.querySelector('#tree'); const box = t.getBoundingClientRect();
          const rows = [...t.querySelectorAll('.node')];
          const cut = rows.filter((n) => n.getBoundingClientRect().right > box.right + 0.5)
            .map((n) => n.textContent);
          return {rows: rows.length, cut: cut.slice(0, 5), cut_count: cut.length,
                  scroll: t.scrollWidth, width: t.clientWidth};",
    )
    .await;
    assert!(m["rows"].as_u64().unwrap() > 20, "{m}");
    assert_eq!(
        m["cut_count"],
        json!(0),
        "rows cut off at the panel's edge: {m}"
    );
    assert!(m["scroll"].as_u64() <= m["width"].as_u64(), "{m}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tree_rows_stay_within_their_panel_on_a_desktop() {
    with_page(DESKTOP, tree_rows_fit).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tree_rows_stay_within_their_panel_on_a_phone() {
    with_page(PHONE, tree_rows_fit).await;
}
