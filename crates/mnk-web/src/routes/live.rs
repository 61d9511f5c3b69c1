//! Live analysis: `POST /api/games/{id}/think` with `"stream": true` answers with the
//! search's progress as it runs, as server-sent events (`text/event-stream`), for a machine's
//! move, a hint or an analysis alike; `POST /api/games/{id}/stop` ends the search at once with
//! its best so far (a machine's move is then played).
//!
//! Server-sent events rather than a WebSocket: the server only ever talks one way during a
//! search, and a stream is then an ordinary HTTP response, so the server's bounds hold as
//! they are ([`mod@crate::serve`]): a stream is one request in progress on one connection,
//! counted in [`crate::Limits::max_connections`] and
//! [`crate::Limits::connections_per_client`], never closed to make room for another (it is
//! serving a request) and not subject to the header timeout (which times a connection waiting
//! for a request). Stop is an ordinary request that sets the library's one stop signal
//! ([`mnk::search::Stop`]). No upgrade, no second protocol.
//!
//! The events, each a line `event: NAME` and a line `data: JSON`:
//! - `start`: the search has its slot and begins: `{"player", "side", "at", "infinite",
//!   "limit_ms"}` (`limit_ms` 0: no time limit).
//! - `progress`, about ten a second while anything changes: `{"time_ms", "nodes", "nps",
//!   "depth", "move", "value", "value_text", "value_scale", "level", "pv", "lines"}`; `depth`, the
//!   value and the line are those of the last iteration the player finished (players that
//!   search in iterations: the engine), else null and empty; `lines` holds the best lines
//!   found so far, best first, each `{"move", "value", "value_text", "pv", "depth"}` (as many
//!   as the request's `lines` asked for, where the player reports several: the engine does).
//! - `done`: the usual answer of the route (its `ended` says why the search ended), and the
//!   stream ends; or `error`: `{"error", "status"}` (a busy server's 503, a player's 422), and
//!   the stream ends.
//!
//! A stream ends with its search: at the latest when the search reaches its time (the
//! server's `think_ms`, or `analysis_ms` for an analysis until stopped). A stream whose page
//! went away ends sooner: its next write fails (events or a keep-alive comment at least
//! every [`KEEP_ALIVE`]), or its reader stops reading for [`SEND_PATIENCE`]; its search is
//! then stopped, as for a request whose client left.

use super::think::{Found, Think, ThinkRequest, Watch, seated};
use crate::body::{Client, GameId, JsonBody};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::state::State;
use crate::views::{LineView, ValueView, cells};
use axum::Json;
use axum::body::Bytes;
use axum::http::{HeaderValue, header};
use axum::response::IntoResponse;
use axum::response::Response;
use mnk::game::Side;
use mnk::notation::format_cell;
use mnk::search::{PlayerError, Report};
use serde::Serialize;
use std::convert::Infallible;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// How often the search's progress is looked at (an event is sent only when it changed).
pub const PROGRESS_EVERY: Duration = Duration::from_millis(100);
/// The longest a stream stays silent: then a comment line is sent, so that a page gone away
/// is noticed by the failed write.
pub const KEEP_ALIVE: Duration = Duration::from_secs(1);
/// How long a stream waits for its reader to take an event: a page that stops reading is
/// gone, and its search is stopped.
pub const SEND_PATIENCE: Duration = Duration::from_secs(30);

/// The `start` event.
#[derive(Debug, Serialize)]
struct StartView {
    player: String,
    side: Side,
    at: usize,
    infinite: bool,
    limit_ms: u128,
}

/// The `progress` event.
#[derive(Debug, Serialize)]
struct ProgressView {
    time_ms: u128,
    nodes: u64,
    nps: u64,
    depth: Option<u32>,
    #[serde(rename = "move")]
    mv: Option<String>,
    value: Option<f64>,
    value_text: Option<String>,
    value_scale: Option<&'static str>,
    /// Where the value sits between a loss (0) and a win (1), on the player's fixed scale.
    level: Option<f64>,
    pv: Vec<String>,
    lines: Vec<LineView>,
}

impl ProgressView {
    fn new(nodes: u64, report: Option<&Report>, since: Instant, side: Side, think: &Think) -> Self {
        let size = think.size();
        let elapsed = since.elapsed();
        let value = report
            .and_then(|r| r.value)
            .map(|v| ValueView::new(v, side));
        let pv = report.map(|r| cells(&r.pv, size)).unwrap_or_default();
        // The best lines of a search asked for several; else its one line.
        let lines = match report {
            Some(r) if !r.lines.is_empty() => r
                .lines
                .iter()
                .map(|l| LineView::new(l, side, size))
                .collect(),
            _ => pv
                .first()
                .map(|first| LineView {
                    mv: first.clone(),
                    value: value.as_ref().map(|v| v.value),
                    value_text: value.as_ref().map(|v| v.text.clone()),
                    pv: pv.clone(),
                    depth: report.and_then(|r| r.depth),
                })
                .into_iter()
                .collect(),
        };
        let nodes = nodes.max(report.map_or(0, |r| r.nodes));
        let micros = elapsed.as_micros().max(1);
        ProgressView {
            time_ms: elapsed.as_millis(),
            nodes,
            nps: u64::try_from(u128::from(nodes) * 1_000_000 / micros).unwrap_or(u64::MAX),
            depth: report.and_then(|r| r.depth),
            mv: report
                .and_then(|r| r.pv.first())
                .map(|&c| format_cell(c, size)),
            value: value.as_ref().map(|v| v.value),
            value_text: value.as_ref().map(|v| v.text.clone()),
            value_scale: value.as_ref().map(|v| v.scale),
            level: report
                .and_then(|r| r.value)
                .zip(mnk::players::info(think.spec.name))
                .and_then(|(v, p)| p.level(v)),
            pv,
            lines,
        }
    }
}

/// One server-sent event.
fn event(name: &str, data: &impl Serialize) -> Bytes {
    // Compact JSON holds no line break: one `data:` line.
    let json = serde_json::to_string(data).unwrap_or_else(|e| {
        serde_json::json!({ "error": format!("cannot write the event: {e}"), "status": 500 })
            .to_string()
    });
    Bytes::from(format!("event: {name}\ndata: {json}\n\n"))
}

fn error_event(e: &ApiError) -> Bytes {
    event(
        "error",
        &serde_json::json!({ "error": e.message, "status": e.status.as_u16() }),
    )
}

/// The body of a stream: the events as the search's task sends them; it ends when the task
/// does.
struct EventBody(mpsc::Receiver<Bytes>);

impl http_body::Body for EventBody {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, Infallible>>> {
        self.0
            .poll_recv(cx)
            .map(|next| next.map(|bytes| Ok(http_body::Frame::data(bytes))))
    }
}

/// The answer of a think request with `"stream": true`: the search runs on a task of its own
/// that sends its events; the response's body carries them.
pub(super) fn stream(
    state: Arc<AppState>,
    client: Option<IpAddr>,
    id: String,
    think: Think,
) -> Response {
    let (events, body) = mpsc::channel(16);
    tokio::spawn(run(state, client, id, think, events));
    let mut response = Response::new(axum::body::Body::new(EventBody(body)));
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    // Proxies in front of the server pass the events on as they come.
    headers.insert("x-accel-buffering", HeaderValue::from_static("no"));
    response
}

/// Sends `bytes`; false when the page is gone (the body dropped) or has not read for
/// [`SEND_PATIENCE`].
async fn send(events: &mpsc::Sender<Bytes>, bytes: Bytes) -> bool {
    matches!(
        tokio::time::timeout(SEND_PATIENCE, events.send(bytes)).await,
        Ok(Ok(()))
    )
}

/// Runs the search of `think` and sends its events. Returning early (the page gone) drops the
/// search's future, which stops the search.
async fn run(
    state: Arc<AppState>,
    client: Option<IpAddr>,
    id: String,
    think: Think,
    events: mpsc::Sender<Bytes>,
) {
    let watch = Watch::new();
    let search = seated(
        &state,
        client,
        &id,
        &think.spec,
        think.job(Some(watch.clone())),
    );
    let mut search = std::pin::pin!(search);
    let mut tick = tokio::time::interval(PROGRESS_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let side = think.side();
    let mut started = false;
    let mut shown: Option<(u64, Option<Report>)> = None;
    let mut last_sent = Instant::now();
    loop {
        tokio::select! {
            found = &mut search => {
                let found: Result<Result<Found, PlayerError>, ApiError> = found;
                let last = match found.and_then(|found| think.answer(&state, &id, found)) {
                    Ok(answer) => event("done", &answer),
                    Err(e) => error_event(&e),
                };
                send(&events, last).await;
                return;
            }
            _ = tick.tick() => {
                let mut out = Vec::new();
                if !started && let Some(&(_, limit)) = watch.started.get() {
                    started = true;
                    out.push(event("start", &StartView {
                        player: think.spec.to_string(),
                        side,
                        at: think.at(),
                        infinite: think.infinite,
                        limit_ms: limit.unwrap_or_default().as_millis(),
                    }));
                }
                if let Some(&(since, _)) = watch.started.get() {
                    let now = (watch.progress.nodes(), watch.progress.latest());
                    if shown.as_ref() != Some(&now) {
                        out.push(event("progress", &ProgressView::new(now.0, now.1.as_ref(), since, side, &think)));
                        shown = Some(now);
                    }
                }
                if out.is_empty() && last_sent.elapsed() >= KEEP_ALIVE {
                    out.push(Bytes::from_static(b": keep-alive\n\n"));
                }
                for bytes in out {
                    if !send(&events, bytes).await {
                        return;
                    }
                    last_sent = Instant::now();
                }
            }
            () = events.closed() => return,
        }
    }
}

/// `POST /api/games/{id}/think`: the answer as JSON, or (`"stream": true`) as a stream of
/// the search's progress ending with it.
pub async fn think(
    axum::extract::State(state): State,
    Client(client): Client,
    GameId(id): GameId,
    JsonBody(request): JsonBody<ThinkRequest>,
) -> ApiResult<Response> {
    let think = Think::check(&state, &id, request)?;
    if think.stream {
        return Ok(stream(state, client, id, think));
    }
    let found = seated(&state, client, &id, &think.spec, think.job(None)).await?;
    Ok(Json(think.answer(&state, &id, found)?).into_response())
}
