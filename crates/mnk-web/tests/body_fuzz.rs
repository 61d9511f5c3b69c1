//! Fuzzing the web API's request bodies: random bytes, random text and JSON objects built from
//! the API's own field names with values of every kind, sent to every route that reads a
//! body. The server must never fail (no 5xx), answer every refusal as a 4xx with a JSON body
//! `{"error": "..."}` that says something, and keep its games readable afterwards.
//!
//! 100 cases by default; `PROPTEST_CASES=N` runs more (`scripts/fuzz` does, for a given time).

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use mnk_web::{Limits, app};
use proptest::prelude::*;
use serde_json::{Map, Value};
use std::time::Duration;
use tower::ServiceExt;

/// Field names the API reads, and a few it does not.
const KEYS: &[&str] = &[
    "size",
    "k",
    "rule",
    "moves",
    "x",
    "o",
    "players",
    "move",
    "player",
    "time_ms",
    "depth",
    "nodes",
    "version",
    "analysis",
    "focus",
    "max_nodes",
    "depth_limit",
    "cell",
    "record",
    "format",
    "filename",
    "fallback",
    "time_control",
    "clock",
    "left_ms",
    "increment_ms",
    "per_move_ms",
    "winner",
    "by",
    "opening",
    "choice",
    "seat",
    "extra",
];

/// Routes that read a body, `{id}` for the game's id.
const ROUTES: &[&str] = &[
    "/api/games",
    "/api/games/{id}/moves",
    "/api/games/{id}/opening",
    "/api/games/{id}/undo",
    "/api/games/{id}/end",
    "/api/games/{id}/think",
    "/api/games/{id}/tree",
    "/api/games/{id}/compare",
];

fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (0u64..40).prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        "[a-z0-9:=, ]{0,16}".prop_map(Value::String),
        prop_oneof![
            Just("h8"),
            Just("b2"),
            Just("a1 b2 c3"),
            Just("15x15"),
            Just("freestyle"),
            Just("exact"),
            Just("renju"),
            Just("engine"),
            Just("perfect"),
            Just("rules"),
            Just("gomoku-pruned:depth=1"),
            Just("engine:nodes=50"),
            Just("zz99"),
            Just("swap2"),
            Just("black"),
            Just("white"),
            Just("place"),
            Just("machine"),
            Just(""),
        ]
        .prop_map(|s| Value::String(s.to_string())),
    ];
    leaf.prop_recursive(2, 8, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(KEYS), inner), 0..3).prop_map(|kv| {
                Value::Object(kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
            }),
        ]
    })
}

/// A request body: a JSON object of API fields, any JSON, text, or bytes.
fn body() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => prop::collection::vec((prop::sample::select(KEYS), value()), 0..5).prop_map(|kv| {
            let object: Map<String, Value> =
                kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
            Value::Object(object).to_string().into_bytes()
        }),
        1 => value().prop_map(|v| v.to_string().into_bytes()),
        1 => "[ -~]{0,40}".prop_map(String::into_bytes),
        1 => any::<Vec<u8>>(),
    ]
}

async fn send(app: &Router, method: &str, uri: &str, body: Vec<u8>) -> (StatusCode, String) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(100)
    ))]

    #[test]
    fn no_body_makes_the_server_fail(
        route in prop::sample::select(ROUTES),
        body in body(),
        opening in prop::sample::select(&["none", "swap", "swap2"][..]),
    ) {
        // Searches kept short: a body may well ask for a real one.
        let app = app(Limits {
            think_time: Duration::from_millis(50),
            max_nodes: 20_000,
            compare_time: Duration::from_millis(20),
            ..Limits::default()
        });
        let runtime = runtime();
        let (status, text) = runtime.block_on(async {
            // A game in a swap opening, or none.
            let new = format!(r#"{{"size": 9, "k": 5, "opening": "{opening}"}}"#);
            let (status, created) = send(&app, "POST", "/api/games", new.into_bytes()).await;
            assert_eq!(status, StatusCode::CREATED, "{created}");
            let id = serde_json::from_str::<Value>(&created).unwrap()["id"]
                .as_str()
                .unwrap()
                .to_string();
            let uri = route.replace("{id}", &id);
            let answer = send(&app, "POST", &uri, body).await;
            // The game is still there and readable, whatever the body did to it.
            let (read, game) = send(&app, "GET", &format!("/api/games/{id}"), Vec::new()).await;
            assert_eq!(read, StatusCode::OK, "{game}");
            answer
        });
        prop_assert!(!status.is_server_error(), "{route}: {status} {text}");
        if status.is_client_error() {
            let v: Value = serde_json::from_str(&text)
                .map_err(|e| TestCaseError::fail(format!("{route}: {status}, not JSON ({e}): {text}")))?;
            let message = v["error"].as_str().unwrap_or_default();
            prop_assert!(!message.is_empty(), "{route}: {status} {text}");
        }
    }
}
