//! The page in a real headless Chromium, driven over WebDriver (chromedriver), on a screen of a
//! given size: the server on a free port, chromedriver, a browser session; helpers to wait,
//! read, click, choose, and check screenshots.
//!
//! Needs Debian's `chromium` and `chromium-driver` (scripts/install-test-deps installs them;
//! `CHROMIUM` and `CHROMEDRIVER` override the paths). Without them a test says so and skips,
//! unless `MNK_BROWSER_TESTS=require` (set by scripts/test, so CI never skips).

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use mnk_web::{Limits, app};
use serde_json::{Value, json};
use std::future::Future;
use std::net::TcpListener as StdListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const WAIT: Duration = Duration::from_secs(60);

/// The screen the page is shown on: its viewport in CSS pixels, as the page sees it.
#[derive(Debug, Clone, Copy)]
pub struct Screen {
    pub width: u32,
    pub height: u32,
    /// A phone: touch, and a phone's viewport (which zooms out to show a page wider than the
    /// screen, as a real phone does).
    pub phone: bool,
    /// Device pixels to a CSS pixel (a screenshot's scale).
    pub pixel_ratio: u32,
}

/// A desktop browser window's viewport.
pub const DESKTOP: Screen = Screen {
    width: 1280,
    height: 900,
    phone: false,
    pixel_ratio: 1,
};

/// A phone held upright (an iPhone 14's viewport).
pub const PHONE: Screen = Screen {
    width: 390,
    height: 844,
    phone: true,
    pixel_ratio: 3,
};

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

async fn connect(driver: &Driver, chromium: &Path, profile: &Path, screen: Screen) -> Client {
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
        "--hide-scrollbars",
    ]
    .iter()
    .map(ToString::to_string)
    .chain([
        format!("--user-data-dir={}", profile.display()),
        format!("--window-size={},{}", screen.width, screen.height),
    ])
    .collect::<Vec<_>>();
    // The viewport exactly as asked (a headless window is at least 500 px wide, and its height
    // includes a window frame), and a phone's touch screen and zooming viewport.
    let metrics = json!({
        "width": screen.width,
        "height": screen.height,
        "pixelRatio": screen.pixel_ratio,
        "mobile": screen.phone,
        "touch": screen.phone,
    });
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chromium.display().to_string(),
            "args": args,
            "mobileEmulation": { "deviceMetrics": metrics },
        }),
    );
    ClientBuilder::new(HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a WebDriver session")
}

/// One browser at a time: the machine these run on may have two cores.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Runs `test` on the page (its address given) in a browser showing `screen`, with a server of
/// its own; closes the browser whether the test passes or fails. Skips (with a note) without a
/// browser, unless `MNK_BROWSER_TESTS=require`.
pub async fn with_page<F, Fut>(screen: Screen, test: F)
where
    F: FnOnce(Client, String) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
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
    let _one = ONE_AT_A_TIME.lock().await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}/", listener.local_addr().unwrap());
    let server = tokio::spawn(async move {
        axum::serve(listener, app(Limits::default())).await.unwrap();
    });
    let profile = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "chromium-profile-{}-{}",
        std::process::id(),
        free_port()
    ));
    let _ = std::fs::remove_dir_all(&profile);
    let driver = start_driver(&driver_path);
    let client = connect(&driver, &chromium, &profile, screen).await;
    // The test runs as a task of its own, so that its failure still closes the browser.
    let outcome = tokio::spawn(test(client.clone(), base)).await;
    let _ = client.close().await;
    drop(driver);
    server.abort();
    let _ = std::fs::remove_dir_all(&profile);
    if let Err(failure) = outcome {
        std::panic::resume_unwind(failure.into_panic());
    }
}

pub async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.expect("script runs")
}

/// Polls `script` (a JS expression) until it is true.
pub async fn wait_for(c: &Client, script: &str, what: &str) {
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

pub async fn text(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

/// Brings the element `css` into sight as a person does to reach it: opens the folded
/// sections (`<details>`) around it (the page folds its settings once a game runs; a
/// section's own summary is left alone: clicking it is what opens or closes it), and scrolls
/// it to the bottom of the screen (on a phone the board stays at the top, over what scrolls
/// under it).
async fn reveal(c: &Client, css: &str) {
    let script = format!(
        "const e = document.querySelector({css:?}); if (e && e.tagName !== 'SUMMARY') {{ for (let d = e.closest('details'); d; d = d.parentElement && d.parentElement.closest('details')) d.open = true; }} if (e && !e.closest('#board')) e.scrollIntoView({{block: 'end'}});"
    );
    js(c, &script).await;
}

pub async fn click(c: &Client, css: &str) {
    reveal(c, css).await;
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// Chooses `value` in the select `css`, as a person does (the page hears the change).
pub async fn choose(c: &Client, css: &str, value: &str) {
    reveal(c, css).await;
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .select_by_value(value)
        .await
        .unwrap();
}

/// Types `value` into the input `css` (replacing what it held), as a person does.
pub async fn type_in(c: &Client, css: &str, value: &str) {
    let script = format!(
        "const e = document.querySelector({css:?}); e.value = {value:?}; e.dispatchEvent(new Event('input', {{bubbles: true}})); e.dispatchEvent(new Event('change', {{bubbles: true}}));"
    );
    js(c, &script).await;
}

pub async fn stones(c: &Client) -> u64 {
    js(
        c,
        "return document.querySelectorAll('#board .stone:not(.ghost)').length;",
    )
    .await
    .as_u64()
    .unwrap()
}

/// Whether the board is drawn as squares with X and O marks (small boards) or a go board.
pub const BOXES: &str = "return document.querySelector('#board').classList.contains('boxes');";

/// Nothing is thinking and either a person is to move or the game is over. (In parentheses:
/// it is joined to other conditions with `&&`.)
pub const SETTLED: &str = "(document.querySelector('#status').dataset.status !== 'playing' || document.querySelector('#status').textContent.endsWith('to move'))";

/// Opens the page and waits for its first game (tic-tac-toe) to be ready.
pub async fn open(c: &Client, base: &str) {
    c.goto(base).await.unwrap();
    wait_for(
        c,
        "document.querySelectorAll('#board .cell').length === 9",
        "the 3x3 board",
    )
    .await;
    wait_for(c, SETTLED, "the first move").await;
}

/// Clicks the cell of `mv` (`"h8"`) and waits until its stone is on the board and the page
/// has settled (a machine's answer too, if one is to move).
pub async fn play_move(c: &Client, mv: &str) {
    let before = stones(c).await;
    click(c, &format!("[data-move='{mv}']")).await;
    wait_for(
        c,
        &format!("document.querySelectorAll('#board .stone').length > {before} && {SETTLED}"),
        "the move",
    )
    .await;
}

/// Starts a game on the preset `preset` (`"15,15,5"`) from the form, X human and O as the
/// page chooses, and waits for it.
pub async fn new_game(c: &Client, preset: &str) {
    choose(c, "#preset", preset).await;
    click(c, "#new-game").await;
    let cells: u64 = preset
        .split(',')
        .take(2)
        .map(|n| n.parse::<u64>().unwrap())
        .product();
    wait_for(
        c,
        &format!(
            "document.querySelectorAll('#board .cell').length === {cells} && document.querySelectorAll('#board .stone').length === 0"
        ),
        "the new board",
    )
    .await;
    wait_for(c, SETTLED, "the game").await;
}

/// Saves a screenshot in the test's target folder and checks that the page was drawn: many
/// colours, no colour covering almost everything, and no script error.
pub async fn screenshot(c: &Client, name: &str) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser-screenshots");
    screenshot_into(c, &dir, name).await;
}

/// [`screenshot`] into `dir`.
pub async fn screenshot_into(c: &Client, dir: &Path, name: &str) {
    let errors = js(c, "return window.pageErrors;").await;
    assert_eq!(errors, json!([]), "{name}: the page's script failed");
    let png_bytes = c.screenshot().await.unwrap();
    std::fs::create_dir_all(dir).unwrap();
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
