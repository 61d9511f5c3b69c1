//! Live analysis through the router: a think request with `"stream": true` sends the search's
//! progress as server-sent events and ends with its answer; `POST /api/games/{id}/stop` makes
//! it answer at once with its best so far; an analysis until stopped; limits over the
//! server's caps refused, never cut silently.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use mnk_web::{Limits, app};
use serde_json::{Value, json};
use std::time::Duration;
use tower::ServiceExt;

async fn post(app: &Router, uri: &str, body: Value) -> (StatusCode, Value) {
    let request = Request::builder()
        .method("POST")
        .uri(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, value)
}

async fn new_game(app: &Router, body: Value) -> String {
    let (status, game) = post(app, "/api/games", body).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    game["id"].as_str().unwrap().to_string()
}

/// A stream of server-sent events, read as they come.
struct Events {
    body: Body,
    buffer: String,
}

impl Events {
    /// Opens the stream of a think request.
    async fn open(app: &Router, id: &str, body: Value) -> Events {
        let request = Request::builder()
            .method("POST")
            .uri(format!("/api/games/{id}/think"))
            .body(Body::from(body.to_string()))
            .unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(
            response.headers()[header::CONTENT_TYPE],
            "text/event-stream"
        );
        Events {
            body: response.into_body(),
            buffer: String::new(),
        }
    }

    /// The next event, `(name, data)`; comments are skipped; `None` when the stream ends.
    async fn next(&mut self) -> Option<(String, Value)> {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut name = None;
                let mut data = None;
                for line in block.lines() {
                    if let Some(n) = line.strip_prefix("event: ") {
                        name = Some(n.to_string());
                    } else if let Some(d) = line.strip_prefix("data: ") {
                        data = Some(serde_json::from_str(d).unwrap());
                    }
                }
                if let (Some(name), Some(data)) = (name, data) {
                    return Some((name, data));
                }
                continue;
            }
            let frame = self.body.frame().await?.unwrap();
            if let Ok(bytes) = frame.into_data() {
                self.buffer.push_str(std::str::from_utf8(&bytes).unwrap());
            }
        }
    }

    /// Every event until the stream ends.
    async fn rest(&mut self) -> Vec<(String, Value)> {
        let mut all = Vec::new();
        while let Some(e) = self.next().await {
            all.push(e);
        }
        all
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_machines_move_streams_its_progress_and_ends_with_the_move_played() {
    let app = app(Limits::default());
    let id = new_game(
        &app,
        json!({"size": 15, "moves": "h8", "players": {"x": "human", "o": "engine"}}),
    )
    .await;
    let mut events = Events::open(
        &app,
        &id,
        json!({"play": true, "stream": true, "time_ms": 1500}),
    )
    .await;
    let all = events.rest().await;
    let names: Vec<&str> = all.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names.first(), Some(&"start"), "{names:?}");
    assert_eq!(names.last(), Some(&"done"), "{names:?}");
    let (_, start) = &all[0];
    assert_eq!(start["player"], json!("engine"));
    assert_eq!(start["side"], json!("O"));
    assert_eq!(start["limit_ms"], json!(1500));
    let progress: Vec<&Value> = all
        .iter()
        .filter(|(n, _)| n == "progress")
        .map(|(_, d)| d)
        .collect();
    assert!(!progress.is_empty(), "{names:?}");
    // Nodes never go down; the engine's iterations bring a depth, a value and a line.
    for pair in progress.windows(2) {
        assert!(pair[0]["nodes"].as_u64() <= pair[1]["nodes"].as_u64());
    }
    let deepest = progress.last().unwrap();
    assert!(deepest["depth"].as_u64().unwrap() >= 1, "{deepest}");
    assert!(deepest["value_text"].is_string(), "{deepest}");
    let pv = deepest["pv"].as_array().unwrap();
    assert!(!pv.is_empty(), "{deepest}");
    assert_eq!(deepest["lines"][0]["pv"], deepest["pv"]);
    assert_eq!(deepest["lines"][0]["move"], pv[0]);
    let (_, done) = all.last().unwrap();
    assert_eq!(done["played"], json!(true), "{done}");
    assert_eq!(done["game"]["moves"].as_array().unwrap().len(), 2);
    assert_eq!(done["at"], json!(1));
    assert!(
        ["time", "finished"].contains(&done["ended"].as_str().unwrap()),
        "{done}"
    );
    assert_eq!(done["capped"], json!(false));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stop_makes_the_machine_move_at_once_with_its_best_so_far() {
    let app = app(Limits {
        think_time: Duration::from_secs(600),
        ..Limits::default()
    });
    let id = new_game(
        &app,
        json!({"size": 15, "moves": "h8", "players": {"x": "human", "o": "engine"}}),
    )
    .await;
    // Nothing runs yet: nothing to stop.
    let stop = format!("/api/games/{id}/stop");
    assert_eq!(
        post(&app, &stop, json!({})).await,
        (StatusCode::OK, json!({"stopped": 0}))
    );
    // Ten minutes to think: only the stop ends it.
    let mut events = Events::open(
        &app,
        &id,
        json!({"play": true, "stream": true, "time_ms": 600_000}),
    )
    .await;
    loop {
        let (name, data) = events.next().await.expect("progress before the end");
        assert_ne!(name, "done", "{data}");
        if name == "progress" && data["depth"].as_u64().is_some_and(|d| d >= 2) {
            break;
        }
    }
    assert_eq!(
        post(&app, &stop, json!({})).await,
        (StatusCode::OK, json!({"stopped": 1}))
    );
    let all = events.rest().await;
    let (name, done) = all.last().unwrap();
    assert_eq!(name, "done", "{all:?}");
    assert_eq!(done["ended"], json!("stopped"), "{done}");
    assert_eq!(done["played"], json!(true), "{done}");
    assert_eq!(done["game"]["moves"][1], done["move"]);
    assert!(done["depth"].as_u64().unwrap() >= 2, "{done}");
    // The search has ended: nothing left to stop.
    assert_eq!(
        post(&app, &stop, json!({})).await,
        (StatusCode::OK, json!({"stopped": 0}))
    );
    assert_eq!(
        post(&app, "/api/games/nope/stop", json!({})).await.0,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_until_stopped_runs_until_stopped_or_its_cap_and_says_which() {
    let app = app(Limits::default());
    let id = new_game(&app, json!({"size": 15, "moves": "h8 h9"})).await;
    let mut events = Events::open(
        &app,
        &id,
        json!({"player": "engine", "stream": true, "infinite": true, "analysis": true}),
    )
    .await;
    let (name, start) = events.next().await.unwrap();
    assert_eq!(name, "start");
    assert_eq!(start["infinite"], json!(true));
    assert_eq!(
        start["limit_ms"],
        json!(300_000),
        "the server's analysis_ms"
    );
    let (name, _) = events.next().await.unwrap();
    assert_eq!(name, "progress");
    let stop = format!("/api/games/{id}/stop");
    assert_eq!(post(&app, &stop, json!({})).await.1, json!({"stopped": 1}));
    let (name, done) = events.rest().await.pop().unwrap();
    assert_eq!(name, "done");
    assert_eq!(done["ended"], json!("stopped"));
    assert_eq!(done["played"], json!(false));
    assert!(!done["candidates"].as_array().unwrap().is_empty(), "{done}");

    // The server's cap on an analysis until stopped ends it, and it says so.
    let short = mnk_web::app(Limits {
        analysis_time: Duration::from_millis(300),
        ..Limits::default()
    });
    let id = new_game(&short, json!({"size": 15, "moves": "h8 h9"})).await;
    let mut events = Events::open(
        &short,
        &id,
        json!({"player": "engine", "stream": true, "infinite": true}),
    )
    .await;
    let all = events.rest().await;
    let (name, done) = all.last().unwrap();
    assert_eq!(name, "done", "{all:?}");
    assert_eq!(done["ended"], json!("time"), "{done}");
    assert_eq!(done["capped"], json!(true), "{done}");
    assert_eq!(done["limit_ms"], json!(300));
}

#[tokio::test]
async fn an_earlier_position_is_analysed_for_its_side_to_move() {
    let app = app(Limits::default());
    let id = new_game(&app, json!({"moves": "b2 a1 c3"})).await;
    let think = format!("/api/games/{id}/think");
    let (status, t) = post(&app, &think, json!({"player": "perfect", "at": 1})).await;
    assert_eq!(status, StatusCode::OK, "{t}");
    assert_eq!((t["side"].clone(), t["at"].clone()), (json!("O"), json!(1)));
    // O's eight moves after b2: corners draw, edges lose.
    let candidates = t["candidates"].as_array().unwrap();
    assert_eq!(candidates.len(), 8);
    for c in candidates {
        let corner = ["a1", "a3", "c1", "c3"].contains(&c["move"].as_str().unwrap());
        assert_eq!(c["value_text"] == json!("draw"), corner, "{c}");
    }
    let (status, t) = post(&app, &think, json!({"player": "perfect", "at": 0})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(t["side"], json!("X"));
    assert_eq!(t["candidates"].as_array().unwrap().len(), 9);
}

#[tokio::test]
async fn limits_over_the_servers_caps_are_refused_saying_the_cap() {
    let app = app(Limits::default());
    let id = new_game(&app, json!({"size": 15})).await;
    let think = format!("/api/games/{id}/think");
    let refused = [
        (
            json!({"time_ms": 30_000}),
            "time_ms: 30000 ms is more than this server gives one search (at most 10000 ms)",
        ),
        (json!({"nodes": 30_000_000u64}), "at most 20000000"),
        (
            json!({"player": "engine:time-ms=30000"}),
            "engine's time-ms: 30000 ms",
        ),
        (json!({"infinite": true}), "give \"stream\": true"),
        (
            json!({"infinite": true, "stream": true, "play": true}),
            "plays no move",
        ),
        (
            json!({"infinite": true, "stream": true, "time_ms": 100}),
            "give no time_ms",
        ),
        (json!({"at": 1}), "at: 1 moves is more than the game's 0"),
        (json!({"at": 0, "play": true}), "earlier position"),
    ];
    for (body, needle) in refused {
        let (status, answer) = post(&app, &think, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        let message = answer["error"].as_str().unwrap();
        assert!(message.contains(needle), "{body}: {message}");
    }
    // A seat asking for more than the server gives is refused when the game is made.
    let (status, answer) = post(
        &app,
        "/api/games",
        json!({"size": 15, "players": {"x": "human", "o": "engine:time-ms=60000"}}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .starts_with("players.o: engine's time-ms: 60000 ms"),
        "{answer}"
    );
    // The cap itself is accepted.
    let (status, answer) = post(&app, &think, json!({"player": "rules", "time_ms": 10_000})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["limit_ms"], json!(10_000));
}

#[tokio::test]
async fn a_clocks_plan_beyond_the_cap_is_said() {
    let app = app(Limits {
        think_time: Duration::from_millis(200),
        ..Limits::default()
    });
    let id = new_game(&app, json!({"size": 15, "moves": "h8"})).await;
    let (status, t) = post(
        &app,
        &format!("/api/games/{id}/think"),
        json!({"player": "engine", "clock": {"left_ms": 3_600_000, "increment_ms": 5000}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{t}");
    assert!(t["plan"]["deadline_ms"].as_u64().unwrap() > 200);
    assert_eq!(t["limit_ms"], json!(200));
    assert_eq!(
        (t["ended"].clone(), t["capped"].clone()),
        (json!("time"), json!(true))
    );
}

/// `lines`: one search's best few moves, each with its value and line, best first, the first
/// the move chosen; 0, more than the cap (32) and several lines for a move played are refused.
#[tokio::test]
async fn several_best_lines_come_best_first_and_a_bad_number_is_refused() {
    let app = app(Limits::default());
    let id = new_game(
        &app,
        json!({"size": 15, "k": 5, "players": {"x": "human", "o": "human"}, "moves": "h8 h9 i9"}),
    )
    .await;
    let uri = format!("/api/games/{id}/think");
    let (status, answer) = post(
        &app,
        &uri,
        json!({"player": "engine", "depth": 2, "lines": 3}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let lines = answer["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 3, "{answer}");
    let moves: Vec<&str> = lines.iter().map(|l| l["move"].as_str().unwrap()).collect();
    assert_eq!(moves[0], answer["move"], "the first line is the move's own");
    assert!(
        moves[0] != moves[1] && moves[1] != moves[2] && moves[0] != moves[2],
        "{moves:?}"
    );
    let values: Vec<f64> = lines.iter().map(|l| l["value"].as_f64().unwrap()).collect();
    assert!(
        values.windows(2).all(|w| w[0] >= w[1]),
        "best first: {values:?}"
    );
    for line in lines {
        assert_eq!(line["pv"][0], line["move"], "{line}");
        assert!(
            line["value_text"].as_str().unwrap().starts_with('O'),
            "{line}"
        );
    }
    // The same request streamed ends with the same lines.
    let mut events = Events::open(
        &app,
        &id,
        json!({"player": "engine", "depth": 2, "lines": 3, "stream": true}),
    )
    .await;
    let mut done = None;
    while let Some((name, data)) = events.next().await {
        if name == "done" {
            done = Some(data);
        }
    }
    assert_eq!(done.unwrap()["lines"].as_array().unwrap().len(), 3);
    for (body, says) in [
        (json!({"lines": 0}), "accepted 1 to 32"),
        (json!({"lines": 33}), "accepted 1 to 32"),
        (json!({"lines": 2, "play": true}), "one line"),
    ] {
        let (status, answer) = post(&app, &uri, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(
            error.starts_with("lines: ") && error.contains(says),
            "{error}"
        );
    }
    // More lines than moves: one per move (3x3 with 8 stones has one move).
    let id = new_game(
        &app,
        json!({"size": 3, "players": {"x": "human", "o": "human"}, "moves": "a1 b2 c3 a3 c1 b1 b3 c2"}),
    )
    .await;
    let (status, answer) = post(
        &app,
        &format!("/api/games/{id}/think"),
        json!({"player": "perfect", "lines": 5}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["lines"].as_array().unwrap().len(), 1, "{answer}");
}
