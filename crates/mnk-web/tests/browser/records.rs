//! Game records on the page: a `.psq` file opened with the file box makes the game (its board,
//! its moves, its players), the game is reviewed move by move, the download links give the
//! game's files, and a record that cannot be read is refused with its line while the game on
//! the board stays.

use crate::harness::{
    DESKTOP, PHONE, SETTLED, Screen, click, js, open, screenshot, stones, text, type_in, wait_for,
    with_page,
};
use fantoccini::{Client, Locator};
use serde_json::json;
use std::path::PathBuf;

/// h8 i8 i9 j10 on 15x15 as Piskvork writes it (columns and rows from 1 at the top-left),
/// played by a person and the engine.
const PSQ: &str = "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,8,0\n9,7,0\n10,6,0\nhuman\nengine\n-1\n";

/// A file on disk for the browser's file box.
fn record_file(name: &str, text: &str) -> PathBuf {
    let dir =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The text of a download link's file, and its Content-Disposition.
async fn download(c: &Client, link: &str) -> (String, String) {
    let got = js(
        c,
        &format!(
            "return fetch(document.querySelector('{link}').href).then(async (r) => [r.headers.get('content-disposition'), await r.text()]);"
        ),
    )
    .await;
    (
        got[0].as_str().unwrap_or_default().to_string(),
        got[1].as_str().unwrap().to_string(),
    )
}

/// The moves shown, as `move:side` of each stone on the board.
async fn shown(c: &Client) -> serde_json::Value {
    js(
        c,
        "return [...document.querySelectorAll('#board .cell')].filter((e) => e.querySelector('.stone:not(.ghost)')).map((e) => e.dataset.move + ':' + (e.querySelector('.stone.x') ? 'X' : 'O')).sort();",
    )
    .await
}

async fn import_review_export(c: Client, base: String, screen: Screen) {
    open(&c, &base).await;
    click(&c, "#records summary").await;
    let path = record_file("final.psq", PSQ);
    c.find(Locator::Css("#record-file"))
        .await
        .unwrap()
        .send_keys(&path.display().to_string())
        .await
        .unwrap();
    wait_for(
        &c,
        &format!("document.querySelectorAll('#board .cell').length === 225 && document.querySelectorAll('#board .stone').length === 4 && {SETTLED}"),
        "the imported game",
    )
    .await;
    assert_eq!(shown(&c).await, json!(["h8:X", "i8:O", "i9:X", "j10:O"]));
    assert_eq!(text(&c, "#status").await, "X (you) to move");
    let message = text(&c, "#message").await;
    assert!(
        message.starts_with("Imported final.psq: 4 moves on 15x15"),
        "{message}"
    );
    // The set-up shows the imported game: New game starts the same kind.
    let form = js(
        &c,
        "return ['#preset', '#width', '#k', '#player-x', '#player-o'].map((id) => document.querySelector(id).value);",
    )
    .await;
    assert_eq!(form, json!(["15,15,5", "15", "5", "human", "engine"]));
    // Nothing is wider than the screen.
    let wide = js(
        &c,
        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth;",
    )
    .await;
    assert_eq!(wide, json!(true), "the page is wider than {}", screen.width);
    js(&c, "window.scrollTo(0, 0);").await;
    screenshot(&c, &format!("{}-imported.png", screen.width)).await;

    // Review: back, to the start, forward by key, to the end; the game stays.
    click(&c, "#back").await;
    assert_eq!(shown(&c).await, json!(["h8:X", "i8:O", "i9:X"]));
    assert_eq!(text(&c, "#ply").await, "move 3 of 4 (review)");
    assert_eq!(
        js(
            &c,
            "return document.querySelector(\"[data-move='j10']\").disabled;"
        )
        .await,
        json!(true),
        "no move is played on an earlier position"
    );
    click(&c, "#first").await;
    assert_eq!(stones(&c).await, 0);
    assert_eq!(
        js(&c, "return document.querySelector('#back').disabled;").await,
        json!(true)
    );
    c.find(Locator::Css("body"))
        .await
        .unwrap()
        .send_keys("\u{E014}")
        .await
        .unwrap();
    assert_eq!(shown(&c).await, json!(["h8:X"]));
    assert_eq!(text(&c, "#ply").await, "move 1 of 4 (review)");
    click(&c, "#last").await;
    assert_eq!(stones(&c).await, 4);
    assert_eq!(text(&c, "#ply").await, "move 4 of 4");

    // The downloads are the game's records.
    let (name, psq) = download(&c, "#download-psq").await;
    assert!(
        name.starts_with("attachment; filename=\"mnk-") && name.ends_with(".psq\""),
        "{name}"
    );
    assert_eq!(psq, PSQ);
    let (name, sgf) = download(&c, "#download-sgf").await;
    assert!(name.ends_with(".sgf\""), "{name}");
    assert!(
        sgf.contains("SZ[15]")
            && sgf.contains("PB[human]PW[engine]")
            && sgf.contains(";B[hh];W[ih];B[ig];W[jf]"),
        "{sgf}"
    );
    let (name, line) = download(&c, "#download-moves").await;
    assert!(name.ends_with(".txt\""), "{name}");
    assert!(
        line.starts_with("# size: 15x15\n") && line.ends_with("\nh8 i8 i9 j10\n"),
        "{line}"
    );

    // A broken record is refused with its line, and the game stays.
    let game = js(&c, "return document.querySelector('#download-psq').href;").await;
    type_in(&c, "#record", "Piskvorky 15x15, 0:0, 0\n8,8,0\n8,8,0\n-1\n").await;
    click(&c, "#import").await;
    wait_for(
        &c,
        "document.querySelector('#message').dataset.kind === 'error'",
        "the refusal",
    )
    .await;
    let message = text(&c, "#message").await;
    assert!(
        message.contains("line 3: move 2 (8,8, h8 in mnk's notation) is on a cell already taken"),
        "{message}"
    );
    assert!(
        message.contains("The game on the board is kept."),
        "{message}"
    );
    assert_eq!(stones(&c).await, 4);
    assert_eq!(
        js(&c, "return document.querySelector('#download-psq').href;").await,
        game
    );

    // Export puts the move line in the box, and it imports as it is.
    click(&c, "#export").await;
    wait_for(
        &c,
        "document.querySelector('#record').value.startsWith('# size: 15x15')",
        "the exported move line",
    )
    .await;
    click(&c, "#import").await;
    wait_for(
        &c,
        &format!("document.querySelector('#download-psq').href !== {game} && document.querySelectorAll('#board .stone').length === 4 && {SETTLED}"),
        "the game again",
    )
    .await;
    assert_eq!(shown(&c).await, json!(["h8:X", "i8:O", "i9:X", "j10:O"]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_psq_file_is_imported_reviewed_and_exported_on_a_desktop() {
    with_page(DESKTOP, |c, base| import_review_export(c, base, DESKTOP)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_psq_file_is_imported_reviewed_and_exported_on_a_phone() {
    with_page(PHONE, |c, base| import_review_export(c, base, PHONE)).await;
}
