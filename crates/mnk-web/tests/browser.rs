//! The page in a real headless Chromium, driven over WebDriver (chromedriver): load it, play a
//! whole 3x3 game by clicking, see the result and the winning line; play a move on 15x15 and
//! see the machine answer; turn on "See the search". Screenshots of each are checked for a
//! rendered page (not blank) and kept in the test's target folder (`browser-screenshots/`).
//!
//! Needs Debian's `chromium` and `chromium-driver` (scripts/install-test-deps installs them;
//! `CHROMIUM` and `CHROMEDRIVER` override the paths). Without them the test says so and skips,
//! unless `MNK_BROWSER_TESTS=require` (set by scripts/test, so CI never skips).

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use mnk_web::{Limits, app};
use serde_json::{Value, json};
use std::net::TcpListener as StdListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(60);

fn find_binary(var: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(var) {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs = std::env::split_paths(&path).chain(
        ["/usr/bin", "/usr/lib/chromium", "/usr/local/bin"]
            .iter()
            .map(PathBuf::from),
    );
    dirs.flat_map(|d| names.iter().map(move |n| d.join(n)))
        .find(|p| p.is_file())
}

/// chromedriver on a free port, killed when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    StdListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn start_driver(path: &Path) -> Driver {
    let port = free_port();
    let child = Command::new(path)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", path.display()));
    let driver = Driver { child, port };
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < WAIT,
            "chromedriver did not listen on {port}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    driver
}

async fn connect(driver: &Driver, chromium: &Path, profile: &Path) -> Client {
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        "--disable-dev-shm-usage",
        "--window-size=1280,900",
    ]
    .iter()
    .map(ToString::to_string)
    .chain([format!("--user-data-dir={}", profile.display())])
    .collect::<Vec<_>>();
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({ "binary": chromium.display().to_string(), "args": args }),
    );
    ClientBuilder::new(HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a WebDriver session")
}

async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.expect("script runs")
}

/// Polls `script` (a JS expression) until it is true.
async fn wait_for(c: &Client, script: &str, what: &str) {
    let start = Instant::now();
    loop {
        if js(c, &format!("return !!({script});")).await == json!(true) {
            return;
        }
        if start.elapsed() > WAIT {
            let status = js(c, "return document.querySelector('#status').textContent + ' / ' + document.querySelector('#message').textContent;").await;
            panic!("timed out waiting for {what}; page says: {status}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn text(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

async fn stones(c: &Client) -> u64 {
    js(
        c,
        "return document.querySelectorAll('#board .stone:not(.ghost)').length;",
    )
    .await
    .as_u64()
    .unwrap()
}

/// Waits until nothing is thinking and either a person is to move or the game is over.
const SETTLED: &str = "document.querySelector('#status').dataset.status !== 'playing' || document.querySelector('#status').textContent.endsWith('to move')";

/// Saves a screenshot and checks that the page was drawn: many colours, no colour covering
/// almost everything.
async fn screenshot(c: &Client, name: &str) {
    let errors = js(c, "return window.pageErrors;").await;
    assert_eq!(errors, json!([]), "{name}: the page's script failed");
    let png_bytes = c.screenshot().await.unwrap();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(name), &png_bytes).unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let pixels = buf[..info.buffer_size()].chunks(channels);
    let mut counts = std::collections::HashMap::new();
    let mut total = 0usize;
    for p in pixels {
        *counts.entry((p[0], p[1], p[2])).or_insert(0usize) += 1;
        total += 1;
    }
    let commonest = counts.values().max().copied().unwrap_or(0);
    assert!(
        info.width >= 300 && info.height >= 500,
        "{name}: {}x{}",
        info.width,
        info.height
    );
    assert!(
        counts.len() > 100,
        "{name}: only {} colours: a blank page?",
        counts.len()
    );
    assert!(
        commonest * 10 < total * 9,
        "{name}: one colour covers {commonest} of {total} pixels"
    );
}

/// Whether the board is drawn as squares with X and O marks (small boards) or a go board.
const BOXES: &str = "return document.querySelector('#board').classList.contains('boxes');";

async fn play_tic_tac_toe_against_perfect(c: &Client, base: &str) {
    c.goto(base).await.unwrap();
    wait_for(
        c,
        "document.querySelectorAll('#board .cell').length === 9",
        "the 3x3 board",
    )
    .await;
    wait_for(c, SETTLED, "the first move").await;
    assert_eq!(text(c, "#status").await, "X (you) to move");
    // Tic-tac-toe is drawn as squares with X and O marks, not as a go board.
    assert_eq!(js(c, BOXES).await, json!(true));
    // Click the first free cell of a fixed order until the game ends.
    let order = ["b2", "a1", "c3", "a3", "c1", "b1", "b3", "a2", "c2"];
    let mut clicks = 0;
    while js(
        c,
        "return document.querySelector('#status').dataset.status;",
    )
    .await
        == json!("playing")
    {
        let before = stones(c).await;
        let mut clicked = false;
        for mv in order {
            let free = js(
                c,
                &format!("return !document.querySelector(\"[data-move='{mv}']\").disabled;"),
            )
            .await;
            if free == json!(true) {
                click(c, &format!("[data-move='{mv}']")).await;
                clicked = true;
                break;
            }
        }
        assert!(clicked, "no free cell to click while playing");
        clicks += 1;
        wait_for(
            c,
            &format!("document.querySelectorAll('#board .stone:not(.ghost)').length > {before}"),
            "the move to appear",
        )
        .await;
        wait_for(c, SETTLED, "the machine's answer").await;
    }
    assert!(clicks >= 3, "a game needs at least 3 moves of X");
    let result = text(c, "#status").await;
    assert!(
        result == "Draw" || result == "O wins",
        "perfect never loses: {result}"
    );
    // The machine's last move is described.
    assert_ne!(text(c, "#stat-nodes").await, "–");
    assert!(text(c, "#stat-move").await.starts_with('O'));
    screenshot(c, "3x3-vs-perfect.png").await;

    // Two people: X completes the bottom row and the line lights up.
    c.find(Locator::Css("#player-o"))
        .await
        .unwrap()
        .select_by_value("human")
        .await
        .unwrap();
    click(c, "#new-game").await;
    wait_for(c, "document.querySelector('#status').textContent === 'X (you) to move' && document.querySelectorAll('#board .stone').length === 0", "a new game").await;
    for mv in ["a1", "a2", "b1", "b2", "c1"] {
        let before = stones(c).await;
        click(c, &format!("[data-move='{mv}']")).await;
        wait_for(
            c,
            &format!("document.querySelectorAll('#board .stone').length > {before} && {SETTLED}"),
            "the move",
        )
        .await;
    }
    assert_eq!(text(c, "#status").await, "X wins");
    let line = js(
        c,
        "return [...document.querySelectorAll('#board .cell.win')].map(e => e.dataset.move);",
    )
    .await;
    assert_eq!(line, json!(["a1", "b1", "c1"]));
    screenshot(c, "3x3-x-wins.png").await;
}

async fn play_gomoku(c: &Client, base: &str) {
    c.goto(base).await.unwrap();
    wait_for(
        c,
        "document.querySelectorAll('#board .cell').length === 9",
        "the page",
    )
    .await;
    c.find(Locator::Css("#preset"))
        .await
        .unwrap()
        .select_by_value("15,15,5")
        .await
        .unwrap();
    let o = js(c, "return document.querySelector('#player-o').value;").await;
    assert!(o == json!("gomoku-pruned") || o == json!("engine"), "{o}");
    click(c, "#new-game").await;
    wait_for(
        c,
        "document.querySelectorAll('#board .cell').length === 225",
        "the 15x15 board",
    )
    .await;
    assert_eq!(
        js(
            c,
            "return document.querySelector('#board').classList.contains('boxes');"
        )
        .await,
        json!(false),
        "gomoku is played on the intersections"
    );
    wait_for(c, SETTLED, "the game").await;
    click(c, "[data-move='h8']").await;
    wait_for(
        c,
        "document.querySelectorAll('#board .stone:not(.ghost)').length === 2",
        "the machine's answer",
    )
    .await;
    wait_for(c, SETTLED, "X to move again").await;
    assert_eq!(text(c, "#status").await, "X (you) to move");
    let nodes: u64 = text(c, "#stat-nodes")
        .await
        .replace(',', "")
        .parse()
        .unwrap();
    assert!(nodes > 0);
    let depth = text(c, "#stat-depth").await;
    assert!(depth.parse::<u32>().is_ok_and(|d| d >= 1), "{depth}");
    assert!(text(c, "#stat-time").await.ends_with('s'));
    screenshot(c, "15x15-machine-answer.png").await;
}

async fn see_the_search(c: &Client, base: &str) {
    c.goto(base).await.unwrap();
    wait_for(
        c,
        "document.querySelectorAll('#board .cell').length === 9",
        "the page",
    )
    .await;
    wait_for(c, SETTLED, "the game").await;
    click(c, "#see-search").await;
    click(c, "[data-move='a1']").await;
    wait_for(
        c,
        &format!(
            "document.querySelectorAll('#board .stone:not(.ghost)').length === 2 && {SETTLED}"
        ),
        "perfect's answer",
    )
    .await;
    // perfect values every move: one coloured cell per free cell of the position it saw.
    wait_for(
        c,
        "document.querySelector('#see-search').checked && document.querySelectorAll('#board .heat').length === 8",
        "the heat map of perfect's values",
    )
    .await;
    // Alpha-beta's analysis of the position: a value per move, and its expected line as
    // numbered ghost stones.
    c.find(Locator::Css("#analyse-player"))
        .await
        .unwrap()
        .select_by_value("alphabeta")
        .await
        .unwrap();
    click(c, "#analyse").await;
    wait_for(c, "document.querySelector('#analysis-summary').textContent.startsWith('alphabeta would play')", "the analysis").await;
    wait_for(
        c,
        "document.querySelectorAll('#board .stone.ghost').length >= 2",
        "the ghost stones",
    )
    .await;
    assert_eq!(
        js(
            c,
            "return document.querySelector('#board .stone.ghost').textContent;"
        )
        .await,
        json!("1")
    );
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('#board .heat').length;"
        )
        .await,
        json!(7)
    );
    screenshot(c, "3x3-analysis-ghosts.png").await;
    // The tree alpha-beta searched, and one node opened.
    click(c, "#tree-box summary").await;
    click(c, "#show-tree").await;
    wait_for(
        c,
        "document.querySelectorAll('#tree li').length === 8",
        "the root and its 7 children",
    )
    .await;
    assert!(
        text(c, "#tree-summary")
            .await
            .starts_with("alphabeta searched")
    );
    click(c, "#tree > li > ul > li:first-child .open").await;
    wait_for(
        c,
        "document.querySelectorAll('#tree li').length > 8",
        "an expanded node",
    )
    .await;
    // The comparison, one row per algorithm.
    click(c, "#compare-box summary").await;
    click(c, "#compare").await;
    wait_for(
        c,
        "document.querySelectorAll('#compare-table tbody tr').length === 7",
        "the comparison",
    )
    .await;
    let first = text(c, "#compare-table tbody tr:first-child").await;
    assert!(first.starts_with("gametree"), "{first}");
    screenshot(c, "3x3-see-the-search.png").await;
}

/// A phone-sized window: the board fits the screen's width and a tap plays.
async fn on_a_phone(c: &Client, base: &str) {
    c.set_window_size(412, 915).await.unwrap();
    c.goto(base).await.unwrap();
    wait_for(
        c,
        "document.querySelectorAll('#board .cell').length === 9",
        "the page",
    )
    .await;
    wait_for(c, SETTLED, "the game").await;
    let fits = js(c, "const r = document.querySelector('#board-wrap').getBoundingClientRect(); return r.left >= 0 && r.right <= window.innerWidth && r.width > window.innerWidth * 0.6;").await;
    assert_eq!(
        fits,
        json!(true),
        "the board should fill but not overflow a phone's width"
    );
    click(c, "[data-move='b2']").await;
    wait_for(
        c,
        &format!(
            "document.querySelectorAll('#board .stone:not(.ghost)').length === 2 && {SETTLED}"
        ),
        "the answer",
    )
    .await;
    screenshot(c, "phone-3x3.png").await;
    c.set_window_size(1280, 900).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_in_a_real_browser() {
    let chromium = find_binary("CHROMIUM", &["chromium", "chromium-browser"]);
    let driver = find_binary("CHROMEDRIVER", &["chromedriver"]);
    let (Some(chromium), Some(driver_path)) = (chromium, driver) else {
        let required = std::env::var("MNK_BROWSER_TESTS").is_ok_and(|v| v == "require");
        assert!(
            !required,
            "chromium and chromedriver are needed: run scripts/install-test-deps"
        );
        eprintln!("skipped: no chromium/chromedriver (run scripts/install-test-deps)");
        return;
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}/", listener.local_addr().unwrap());
    let server = tokio::spawn(async move {
        axum::serve(listener, app(Limits::default())).await.unwrap();
    });
    let profile = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("chromium-profile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let driver = start_driver(&driver_path);
    let client = connect(&driver, &chromium, &profile).await;
    play_tic_tac_toe_against_perfect(&client, &base).await;
    play_gomoku(&client, &base).await;
    see_the_search(&client, &base).await;
    on_a_phone(&client, &base).await;
    client.close().await.unwrap();
    drop(driver);
    server.abort();
    let _ = std::fs::remove_dir_all(&profile);
}
