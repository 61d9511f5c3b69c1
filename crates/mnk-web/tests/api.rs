//! Every route of the API, good and bad input, through the router itself (no socket).

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use mnk::players::swap2::Decision;
use mnk_web::{Limits, app};
use serde_json::{Value, json};
use std::time::Duration;
use tower::ServiceExt;

struct Reply {
    status: StatusCode,
    content_type: String,
    text: String,
}

impl Reply {
    fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }

    /// A 4xx/5xx must carry `{"error": "..."}`; returns the message.
    fn error(&self, status: StatusCode) -> String {
        assert_eq!(self.status, status, "{}", self.text);
        let message = self.json()["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error message: {}", self.text))
            .to_string();
        assert!(!message.is_empty());
        message
    }
}

async fn send(app: &Router, method: &str, uri: &str, body: Option<&str>) -> Reply {
    send_from(None, app, method, uri, body).await
}

/// [`send`] from the client address `from` (as the server's connection would say).
async fn send_from(
    from: Option<&str>,
    app: &Router,
    method: &str,
    uri: &str,
    body: Option<&str>,
) -> Reply {
    let mut request = Request::builder().method(method).uri(uri);
    if body.is_some() {
        request = request.header(header::CONTENT_TYPE, "application/json");
    }
    let mut request = request
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .unwrap();
    if let Some(from) = from {
        let address: std::net::SocketAddr = format!("{from}:40000").parse().unwrap();
        request
            .extensions_mut()
            .insert(axum::extract::ConnectInfo(address));
    }
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    Reply {
        status,
        content_type,
        text: String::from_utf8(bytes.to_vec()).unwrap(),
    }
}

async fn ok(app: &Router, method: &str, uri: &str, body: Option<&str>) -> Value {
    let reply = send(app, method, uri, body).await;
    assert!(
        reply.status.is_success(),
        "{method} {uri}: {} {}",
        reply.status,
        reply.text
    );
    reply.json()
}

async fn new_game(app: &Router, body: Value) -> String {
    let reply = send(app, "POST", "/api/games", Some(&body.to_string())).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
    reply.json()["id"].as_str().unwrap().to_string()
}

fn server() -> Router {
    app(Limits::default())
}

#[tokio::test]
async fn players_and_the_index() {
    let app = server();
    let list = ok(&app, "GET", "/api/players", None).await;
    let players = list["players"].as_array().unwrap();
    let names: Vec<&str> = players
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    for name in mnk::players::catalog().iter().map(|p| p.name) {
        assert!(names.contains(&name), "{name} missing");
    }
    let tree = |n: &str| players.iter().find(|p| p["name"] == n).unwrap()["tree"].clone();
    assert_eq!(tree("minimax"), json!(true));
    assert_eq!(tree("gomoku-pruned"), json!(true));
    assert_eq!(tree("rules"), json!(false));
    // What a page needs to offer a depth, and to know which depth lets a player play a board.
    let abilities = |n: &str| players.iter().find(|p| p["name"] == n).unwrap()["abilities"].clone();
    for (name, depth) in [
        ("engine", true),
        ("gomoku-minimax", true),
        ("perfect", false),
        ("rules", false),
    ] {
        assert_eq!(abilities(name)["searches_to_depth"], json!(depth), "{name}");
    }
    let seed = abilities("gomoku-minimax");
    assert_eq!(seed["tree_limited"], json!(true));
    assert_eq!(seed["largest_board"], json!(212));
    let table = seed["largest_board_by_depth"].as_array().unwrap();
    assert_eq!(table[3], json!([4, 212]));
    assert!(
        table[2][1].as_u64().unwrap() >= 225,
        "depth 3 plays 15x15: {table:?}"
    );
    assert_eq!(
        table.last().unwrap(),
        &json!([12, 12]),
        "the whole tree of 12 cells"
    );
    assert_eq!(abilities("engine")["largest_board_by_depth"], json!([]));
    let index = ok(&app, "GET", "/api", None).await;
    assert_eq!(
        index["limits"]["max_size"],
        json!({"width": 20, "height": 20})
    );
    assert_eq!(index["limits"]["think_ms"], json!(10_000));
    assert!(index["routes"].as_array().unwrap().len() >= 10);
}

#[tokio::test]
async fn creating_games() {
    let app = server();
    // An empty body: tic-tac-toe, you against the strongest player.
    let reply = send(&app, "POST", "/api/games", None).await;
    assert_eq!(reply.status, StatusCode::CREATED);
    let g = reply.json();
    assert_eq!(g["size"], json!({"width": 3, "height": 3}));
    assert_eq!(
        (g["k"].clone(), g["rule"].clone()),
        (json!(3), json!("freestyle"))
    );
    assert_eq!(g["players"], json!({"x": "human", "o": "perfect"}));
    assert_eq!(g["board"], json!(["...", "...", "..."]));
    assert_eq!(
        (g["status"].clone(), g["to_move"].clone()),
        (json!("playing"), json!("X"))
    );
    assert_eq!(g["id"].as_str().unwrap().len(), 16);

    for (size, w, h, k) in [
        (json!(15), 15, 15, 5),
        (json!("7x6"), 7, 6, 5),
        (json!({"width": 4, "height": 5}), 4, 5, 4),
    ] {
        let id = new_game(&app, json!({"size": size})).await;
        let g = ok(&app, "GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(g["size"], json!({"width": w, "height": h}), "{size}");
        assert_eq!(g["k"], json!(k));
    }
    let id = new_game(
        &app,
        json!({"size": 15, "k": 5, "rule": "exact", "players": {"x": "gomoku-pruned:depth=2", "o": "human"}, "moves": ["h8", "h9"]}),
    )
    .await;
    let g = ok(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(g["rule"], json!("exact"));
    assert_eq!(
        g["players"],
        json!({"x": "gomoku-pruned:depth=2", "o": "human"})
    );
    assert_eq!(g["moves"], json!(["h8", "h9"]));
    assert_eq!(g["machine_to_move"], json!(true));
    assert_eq!(g["board"][7], json!(".......X......."));
}

#[tokio::test]
async fn renju_marks_and_refuses_the_forbidden_points() {
    let app = server();
    // X: f8 g8 and h9 h10 make h8 a double three for X.
    let body = json!({"size": 15, "rule": "renju", "players": {"x": "human", "o": "human"},
                      "moves": "f8 a1 g8 a3 h9 a5 h10 a7"});
    let id = new_game(&app, body).await;
    let g = ok(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(g["rule"], json!("renju"));
    assert_eq!(g["forbidden"], json!(["h8"]));
    assert_eq!(g["forbidden_reasons"], json!({"h8": "double three"}));
    let uri = format!("/api/games/{id}/moves");
    let message = send(&app, "POST", &uri, Some(r#"{"move": "h8"}"#))
        .await
        .error(StatusCode::CONFLICT);
    assert!(message.contains("double three at h8"), "{message}");
    // O to move: nothing is forbidden to O.
    let g = ok(&app, "POST", &uri, Some(r#"{"move": "o15"}"#)).await;
    assert_eq!(g["forbidden"], json!([]));
    assert_eq!(g["forbidden_reasons"], json!({}));
    // Renju is played with five; perfect plays it on boards its solver holds.
    let message = send(
        &app,
        "POST",
        "/api/games",
        Some(r#"{"size": 15, "k": 4, "rule": "renju"}"#),
    )
    .await
    .error(StatusCode::BAD_REQUEST);
    assert!(message.contains("k = 5"), "{message}");
    let message = send(
        &app,
        "POST",
        "/api/games",
        Some(r#"{"size": 15, "rule": "renju", "players": {"x": "human", "o": "perfect"}}"#),
    )
    .await
    .error(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        message.contains("perfect plays boards of at most 64 cells"),
        "{message}"
    );
}

#[tokio::test]
async fn a_seat_that_cannot_play_the_board_is_refused_when_the_game_is_made() {
    // Was: the game was made, then "O (perfect) is thinking..." failed at its first move.
    let app = server();
    let message = send(
        &app,
        "POST",
        "/api/games",
        Some(r#"{"size": 15, "players": {"x": "human", "o": "perfect"}}"#),
    )
    .await
    .error(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        message.starts_with(
            "players.o: O cannot be perfect: perfect plays boards of at most 64 cells; 15x15 has 225: choose engine"
        ),
        "{message}"
    );
    let message = send(
        &app,
        "POST",
        "/api/games",
        Some(r#"{"size": 15, "players": {"x": "gomoku-minimax", "o": "human"}}"#),
    )
    .await
    .error(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(message.contains("gomoku-minimax:depth=3"), "{message}");
    new_game(
        &app,
        json!({"size": 15, "players": {"x": "gomoku-minimax:depth=3", "o": "human"}}),
    )
    .await;
}

#[tokio::test]
async fn bad_games_are_refused_with_a_reason() {
    let app = server();
    let cases: &[(&str, StatusCode, &str)] = &[
        (r#"{"size": 30}"#, StatusCode::BAD_REQUEST, "1 to 20"),
        (r#"{"size": 0}"#, StatusCode::BAD_REQUEST, "1 to 20"),
        (r#"{"size": "huge"}"#, StatusCode::BAD_REQUEST, "size"),
        (r#"{"size": -3}"#, StatusCode::BAD_REQUEST, "whole number"),
        (
            r#"{"size": {"width": 4}}"#,
            StatusCode::BAD_REQUEST,
            "height",
        ),
        (r#"{"size": 3, "k": 9}"#, StatusCode::BAD_REQUEST, "k"),
        (r#"{"rule": "weird"}"#, StatusCode::BAD_REQUEST, "rule"),
        (
            r#"{"players": {"x": "nobody"}}"#,
            StatusCode::BAD_REQUEST,
            "perfect",
        ),
        (
            r#"{"players": {"o": "minimax:colour=red"}}"#,
            StatusCode::BAD_REQUEST,
            "setting",
        ),
        (
            r#"{"players": {"o": "engine:memory-mb=4000"}}"#,
            StatusCode::BAD_REQUEST,
            "at most 256",
        ),
        (r#"{"moves": "b2 b2"}"#, StatusCode::BAD_REQUEST, "taken"),
        (
            r#"{"moves": "a1 a2 b1 b2 c1 c2"}"#,
            StatusCode::BAD_REQUEST,
            "over",
        ),
        (
            r#"{"moves": "q7"}"#,
            StatusCode::BAD_REQUEST,
            "off the board",
        ),
        (r#"{"moves": [1, 2]}"#, StatusCode::BAD_REQUEST, "moves"),
        (
            r#"{"colour": "red"}"#,
            StatusCode::BAD_REQUEST,
            "unknown field",
        ),
        (r#"{"size": 3"#, StatusCode::BAD_REQUEST, "JSON"),
        (r#"[1, 2, 3]"#, StatusCode::BAD_REQUEST, "JSON"),
        (r#"not json"#, StatusCode::BAD_REQUEST, "JSON"),
    ];
    for &(body, status, needle) in cases {
        let reply = send(&app, "POST", "/api/games", Some(body)).await;
        let message = reply.error(status);
        assert!(message.contains(needle), "{body}: {message}");
    }
    // Bodies are bounded.
    let huge = format!(r#"{{"moves": "{}"}}"#, "a1 ".repeat(40_000));
    let message = send(&app, "POST", "/api/games", Some(&huge))
        .await
        .error(StatusCode::PAYLOAD_TOO_LARGE);
    assert!(message.contains("too large"), "{message}");
}

#[tokio::test]
async fn reading_unknown_routes_and_methods() {
    let app = server();
    let message = send(&app, "GET", "/api/games/0123456789abcdef", None)
        .await
        .error(StatusCode::NOT_FOUND);
    assert!(message.contains("POST /api/games"), "{message}");
    // An id that is not even text: still a JSON error.
    send(&app, "GET", "/api/games/%FF%FE", None)
        .await
        .error(StatusCode::BAD_REQUEST);
    send(&app, "GET", "/api/games/%FF/record?format=%FF", None)
        .await
        .error(StatusCode::BAD_REQUEST);
    send(&app, "GET", "/api/nothing", None)
        .await
        .error(StatusCode::NOT_FOUND);
    send(&app, "POST", "/api/games/x/y/z", Some("{}"))
        .await
        .error(StatusCode::NOT_FOUND);
    send(&app, "PUT", "/api/games", Some("{}"))
        .await
        .error(StatusCode::METHOD_NOT_ALLOWED);
    send(&app, "GET", "/api/games/abc/moves", None)
        .await
        .error(StatusCode::METHOD_NOT_ALLOWED);
    for (uri, body) in [
        ("moves", r#"{"move": "b2"}"#),
        ("undo", "{}"),
        ("think", "{}"),
        ("tree", "{}"),
        ("compare", "{}"),
    ] {
        send(&app, "POST", &format!("/api/games/nope/{uri}"), Some(body))
            .await
            .error(StatusCode::NOT_FOUND);
    }
    send(&app, "GET", "/api/games/nope/record", None)
        .await
        .error(StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn playing_moves() {
    let app = server();
    let id = new_game(&app, json!({"players": {"x": "human", "o": "human"}})).await;
    let uri = format!("/api/games/{id}/moves");
    let g = ok(&app, "POST", &uri, Some(r#"{"move": "B2"}"#)).await;
    assert_eq!(g["board"], json!(["...", ".X.", "..."]));
    assert_eq!(
        (g["to_move"].clone(), g["version"].clone()),
        (json!("O"), json!(1))
    );
    assert_eq!(g["last_move"], json!("b2"));

    let bad: &[(&str, StatusCode, &str)] = &[
        (r#"{"move": "b2"}"#, StatusCode::CONFLICT, "taken"),
        (
            r#"{"move": "d4"}"#,
            StatusCode::BAD_REQUEST,
            "off the board",
        ),
        (r#"{"move": "hello"}"#, StatusCode::BAD_REQUEST, "b2"),
        (r#"{"move": 5}"#, StatusCode::BAD_REQUEST, "JSON"),
        (r#"{}"#, StatusCode::BAD_REQUEST, "move"),
        (
            r#"{"move": "a1", "version": 0}"#,
            StatusCode::CONFLICT,
            "changed",
        ),
    ];
    for &(body, status, needle) in bad {
        let message = send(&app, "POST", &uri, Some(body)).await.error(status);
        assert!(message.contains(needle), "{body}: {message}");
    }
    let unchanged = ok(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(unchanged["version"], json!(1), "bad moves change nothing");

    // X completes the bottom row.
    for mv in ["a2", "a1", "c2", "b1", "c3", "c1"] {
        ok(&app, "POST", &uri, Some(&json!({"move": mv}).to_string())).await;
    }
    let g = ok(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(g["status"], json!("won"));
    assert_eq!(g["winner"], json!("X"));
    assert_eq!(g["win_line"], json!(["a1", "b1", "c1"]));
    assert_eq!(g["to_move"], Value::Null);
    let message = send(&app, "POST", &uri, Some(r#"{"move": "a3"}"#))
        .await
        .error(StatusCode::CONFLICT);
    assert!(message.contains("over"), "{message}");
}

#[tokio::test]
async fn undo_takes_moves_back() {
    let app = server();
    let id = new_game(
        &app,
        json!({"moves": "b2 a1 c3", "players": {"o": "human"}}),
    )
    .await;
    let uri = format!("/api/games/{id}/undo");
    let g = ok(&app, "POST", &uri, None).await;
    assert_eq!(g["moves"], json!(["b2", "a1"]));
    let g = ok(&app, "POST", &uri, Some(r#"{"count": 2}"#)).await;
    assert_eq!(g["moves"], json!([]));
    let message = send(&app, "POST", &uri, None)
        .await
        .error(StatusCode::CONFLICT);
    assert!(message.contains("0 played"), "{message}");
    send(&app, "POST", &uri, Some(r#"{"count": 0}"#))
        .await
        .error(StatusCode::BAD_REQUEST);
    send(&app, "POST", &uri, Some(r#"{"count": "all"}"#))
        .await
        .error(StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn think_suggests_and_plays() {
    let app = server();
    let id = new_game(&app, json!({"moves": "b2"})).await;
    let uri = format!("/api/games/{id}/think");
    // O to move after the centre: perfect sees a draw, and every edge loses.
    let t = ok(&app, "POST", &uri, None).await;
    assert_eq!(t["player"], json!("perfect"));
    assert_eq!(t["side"], json!("O"));
    assert_eq!(t["value_text"], json!("draw"));
    assert_eq!(t["played"], json!(false));
    assert_eq!(t["candidates_from"], json!("player"));
    let candidates = t["candidates"].as_array().unwrap();
    assert_eq!(candidates.len(), 8);
    for c in candidates {
        let corner = ["a1", "a3", "c1", "c3"].contains(&c["move"].as_str().unwrap());
        assert_eq!(c["value_text"] == json!("draw"), corner, "{c}");
        // An edge loses: said as the winner's win, not as a loss of unstated side.
        let text = c["value_text"].as_str().unwrap();
        assert_eq!(
            text.starts_with("win in ") && text.ends_with(" for X"),
            !corner,
            "{c}"
        );
        assert_eq!(c["side"], json!("O"), "{c}");
        assert_eq!(c["rank"], json!(usize::from(!corner)), "{c}");
    }
    assert!(["a1", "a3", "c1", "c3"].contains(&t["move"].as_str().unwrap()));
    for key in ["nodes", "time_ms", "pv", "depth", "value", "limit_ms"] {
        assert!(t.get(key).is_some(), "{key} missing: {t}");
    }

    // A player without values per move gets them by analysis, when asked.
    let t = ok(
        &app,
        "POST",
        &uri,
        Some(r#"{"player": "alphabeta", "analysis": true}"#),
    )
    .await;
    assert_eq!(t["candidates_from"], json!("analysis"));
    assert_eq!(t["candidates"].as_array().unwrap().len(), 8);
    // With the analysis, minimax's expected line is read off its search: after the centre, a
    // drawn game to the last cell.
    let t = ok(
        &app,
        "POST",
        &uri,
        Some(r#"{"player": "minimax", "analysis": true}"#),
    )
    .await;
    assert_eq!(t["pv"].as_array().unwrap().len(), 8, "{}", t["pv"]);
    assert_eq!(t["pv"][0], t["move"]);
    let t = ok(
        &app,
        "POST",
        &uri,
        Some(r#"{"player": "rules", "analysis": true}"#),
    )
    .await;
    assert_eq!(t["candidates_from"], json!("none"));
    assert!(t["note"].as_str().unwrap().contains("rules"));

    // The engine's heat map on 15x15, from the search that chose the move: O's four on the h
    // file must be blocked at h12, and every other move it considers loses on the next move.
    let id15 = new_game(
        &app,
        json!({"size": "15", "moves": "h7 h8 c3 h9 d3 h10 e3 h11"}),
    )
    .await;
    let t = ok(
        &app,
        "POST",
        &format!("/api/games/{id15}/think"),
        Some(r#"{"player": "engine:depth=2", "analysis": true}"#),
    )
    .await;
    assert_eq!(t["move"], json!("h12"));
    assert_eq!(t["candidates_from"], json!("player"));
    assert_eq!(t["candidates"][0]["move"], json!("h12"));
    let candidates = t["candidates"].as_array().unwrap();
    assert!(candidates.len() > 10, "{t}");
    for c in candidates {
        let lost = c["scale"] == json!("solved") && c["value"] == json!(-1.0);
        assert_eq!(c["move"] != json!("h12"), lost, "{c}");
        let text = c["value_text"].as_str().unwrap();
        assert_eq!(
            lost,
            text.starts_with("win in ") && text.ends_with(" for O"),
            "{c}"
        );
    }

    // Playing it.
    let t = ok(&app, "POST", &uri, Some(r#"{"play": true, "version": 0}"#)).await;
    assert_eq!(t["played"], json!(true));
    assert_eq!(t["game"]["moves"].as_array().unwrap().len(), 2);
    assert_eq!(t["game"]["version"], json!(1));
    assert_eq!(t["game"]["last_move"], t["move"]);

    let bad: &[(&str, StatusCode, &str)] = &[
        (
            r#"{"player": "nobody"}"#,
            StatusCode::BAD_REQUEST,
            "perfect",
        ),
        (
            r#"{"player": "engine:threads=64"}"#,
            StatusCode::BAD_REQUEST,
            "at most 2",
        ),
        (r#"{"play": "yes"}"#, StatusCode::BAD_REQUEST, "JSON"),
        (r#"{"version": 0}"#, StatusCode::CONFLICT, "changed"),
        (
            r#"{"player": "gomoku-pruned:depth=0"}"#,
            StatusCode::UNPROCESSABLE_ENTITY,
            "depth",
        ),
    ];
    for &(body, status, needle) in bad {
        let message = send(&app, "POST", &uri, Some(body)).await.error(status);
        assert!(message.contains(needle), "{body}: {message}");
    }
    // Out-of-range settings are refused saying the cap, never a crash, never cut silently.
    let message = send(
        &app,
        "POST",
        &uri,
        Some(r#"{"player": "rules", "time_ms": 18446744073709551615}"#),
    )
    .await
    .error(StatusCode::BAD_REQUEST);
    assert!(message.contains("at most 10000 ms"), "{message}");
    send(
        &app,
        "POST",
        &uri,
        Some(r#"{"player": "minimax", "nodes": 0}"#),
    )
    .await
    .error(StatusCode::UNPROCESSABLE_ENTITY);
    send(&app, "POST", &uri, Some(r#"{"depth": -1}"#))
        .await
        .error(StatusCode::BAD_REQUEST);
    // Players refuse what they cannot do: 422 with their reason.
    let big = new_game(&app, json!({"size": 5, "k": 4})).await;
    let message = send(
        &app,
        "POST",
        &format!("/api/games/{big}/think"),
        Some(r#"{"player": "gametree"}"#),
    )
    .await
    .error(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(message.contains("gametree"), "{message}");
    let over = new_game(&app, json!({"moves": "a1 a2 b1 b2 c1"})).await;
    send(&app, "POST", &format!("/api/games/{over}/think"), None)
        .await
        .error(StatusCode::CONFLICT);
}

/// How the API should say a score or probability of `side`'s: with the side and the unit, a
/// bound in words.
fn said(value: &Value, scale: &Value, bound: &Value, side: &str) -> String {
    let prefix = match bound.as_str().unwrap() {
        "upper" => "at most ",
        "lower" => "at least ",
        _ => "",
    };
    let n = value.as_f64().unwrap();
    match scale.as_str().unwrap() {
        "score" => format!("{prefix}{side} {:+} (score)", n as i64),
        "probability" => format!("{prefix}{side} {n:.4} (win probability under random play)"),
        _ => panic!("a solved value is checked by its text: {value}"),
    }
}

#[tokio::test]
async fn every_value_says_whose_it_is_with_its_unit() {
    let app = server();
    let id = new_game(
        &app,
        json!({"moves": "b2", "players": {"x": "human", "o": "human"}}),
    )
    .await;
    // O to move: alpha-beta's scores and the game tree's probabilities are O's.
    for (player, scale) in [("alphabeta", "score"), ("gametree", "probability")] {
        let body = json!({"player": player, "analysis": true}).to_string();
        let t = ok(&app, "POST", &format!("/api/games/{id}/think"), Some(&body)).await;
        assert_eq!(t["side"], json!("O"));
        assert_eq!(t["value_scale"], json!(scale));
        let exact = json!("exact");
        assert_eq!(
            t["value_text"],
            json!(said(&t["value"], &t["value_scale"], &exact, "O")),
            "{player}: {t}"
        );
        for c in t["candidates"].as_array().unwrap() {
            assert_eq!(c["scale"], json!(scale));
            assert_eq!(
                c["value_text"],
                json!(said(&c["value"], &c["scale"], &c["bound"], "O")),
                "{player}: {c}"
            );
        }
    }
    // The tree: every value is the root's side to move's, whatever the node's side to move;
    // bounds in words.
    let t = ok(
        &app,
        "POST",
        &format!("/api/games/{id}/tree"),
        Some(r#"{"player": "alphabeta", "depth": 2}"#),
    )
    .await;
    let mut stack = vec![&t["tree"]];
    let mut seen = (0, 0);
    while let Some(node) = stack.pop() {
        stack.extend(node["children"].as_array().unwrap());
        assert_eq!(node["value_side"], json!("O"), "{node}");
        if node["value"].is_null() {
            continue;
        }
        assert_eq!(
            node["value_text"],
            json!(said(&node["value"], &json!("score"), &node["bound"], "O")),
            "{node}"
        );
        seen.0 += 1;
        seen.1 += usize::from(node["bound"] != json!("exact"));
    }
    assert!(seen.0 > 20 && seen.1 > 5, "{seen:?}");
    // The comparison's values too.
    let c = ok(
        &app,
        "POST",
        &format!("/api/games/{id}/compare"),
        Some(r#"{"players": ["minimax", "perfect"]}"#),
    )
    .await;
    assert_eq!(c["results"][0]["value"]["text"], json!("O +0 (score)"));
    assert_eq!(c["results"][0]["value"]["side"], json!("O"));
    assert_eq!(c["results"][1]["value"]["text"], json!("draw"));
}

#[tokio::test]
async fn the_server_caps_every_search() {
    // Node cap: minimax needs 549,946 nodes for the empty board.
    let app = app(Limits {
        max_nodes: 1000,
        ..Limits::default()
    });
    let id = new_game(&app, json!({})).await;
    let message = send(
        &app,
        "POST",
        &format!("/api/games/{id}/think"),
        Some(r#"{"player": "minimax"}"#),
    )
    .await
    .error(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(message.contains("stopped after 1000 nodes"), "{message}");
    // Time cap: seed 003's minimax at depth 4 on 8x8 (16 million nodes) against 50 ms; a
    // request asking for more time than the cap is refused.
    let app = app_with_time(Duration::from_millis(50));
    let id = new_game(&app, json!({"size": 8, "k": 5})).await;
    let think = format!("/api/games/{id}/think");
    let message = send(
        &app,
        "POST",
        &think,
        Some(r#"{"player": "gomoku-minimax:depth=4"}"#),
    )
    .await
    .error(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(message.contains("stopped"), "{message}");
    let message = send(
        &app,
        "POST",
        &think,
        Some(r#"{"player": "gomoku-minimax:depth=4", "time_ms": 100000}"#),
    )
    .await
    .error(StatusCode::BAD_REQUEST);
    assert!(message.contains("at most 50 ms"), "{message}");
}

fn app_with_time(t: Duration) -> Router {
    app(Limits {
        think_time: t,
        ..Limits::default()
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_search_blocks_nobody_and_stops_when_its_client_leaves() {
    let app = app(Limits {
        searches: 1,
        think_time: Duration::from_secs(120),
        queue_wait: Duration::from_secs(20),
        ..Limits::default()
    });
    // Depth 5 on 8x8: about 10^9 nodes, far more than the test waits, however fast the player.
    let id = new_game(&app, json!({"size": 8, "k": 5})).await;
    let slow = {
        let app = app.clone();
        let uri = format!("/api/games/{id}/think");
        tokio::spawn(async move {
            send(
                &app,
                "POST",
                &uri,
                Some(r#"{"player": "gomoku-minimax:depth=5"}"#),
            )
            .await
        })
    };
    tokio::time::sleep(Duration::from_millis(200)).await;
    // Other requests are answered while it runs.
    ok(&app, "GET", "/api/players", None).await;
    let g = ok(
        &app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(r#"{"move": "d4"}"#),
    )
    .await;
    assert_eq!(g["version"], json!(1));
    assert!(
        !slow.is_finished(),
        "the slow search should still be running"
    );
    // The client goes away: its search stops and frees the only slot for the next one.
    slow.abort();
    let t = ok(
        &app,
        "POST",
        &format!("/api/games/{id}/think"),
        Some(r#"{"player": "rules"}"#),
    )
    .await;
    assert_eq!(t["player"], json!("rules"));
}

#[tokio::test]
async fn records_export_and_import() {
    let app = server();
    let id = new_game(
        &app,
        json!({"size": 15, "moves": "h8 h9 i9", "players": {"x": "human", "o": "engine"}}),
    )
    .await;
    let record = ok(&app, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(
        record,
        json!({"size": "15x15", "k": 5, "rule": "freestyle", "players": {"x": "human", "o": "engine"}, "moves": "h8 h9 i9"})
    );
    // The record is a body POST /api/games accepts: the same game again.
    let copy = new_game(&app, record).await;
    let g = ok(&app, "GET", &format!("/api/games/{copy}"), None).await;
    assert_eq!(g["moves"], json!(["h8", "h9", "i9"]));
    assert_eq!(g["players"]["o"], json!("engine"));
    let text = send(
        &app,
        "GET",
        &format!("/api/games/{id}/record?format=text"),
        None,
    )
    .await;
    assert_eq!(text.status, StatusCode::OK);
    assert!(text.content_type.starts_with("text/plain"));
    assert_eq!(text.text, "h8 h9 i9\n");
    send(
        &app,
        "GET",
        &format!("/api/games/{id}/record?format=xml"),
        None,
    )
    .await
    .error(StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn trees_expand_node_by_node() {
    let app = server();
    let id = new_game(
        &app,
        json!({"moves": "b2 a1", "players": {"x": "human", "o": "human"}}),
    )
    .await;
    let uri = format!("/api/games/{id}/tree");
    // Default player for a person's turn: alphabeta.
    let t = ok(&app, "POST", &uri, None).await;
    assert_eq!(t["player"], json!("alphabeta"));
    assert_eq!(t["tree"]["path"], json!([]));
    assert_eq!(t["tree"]["children"].as_array().unwrap().len(), 7);

    let t = ok(&app, "POST", &uri, Some(r#"{"player": "minimax"}"#)).await;
    let think = ok(
        &app,
        "POST",
        &format!("/api/games/{id}/think"),
        Some(r#"{"player": "minimax"}"#),
    )
    .await;
    assert_eq!(t["visited"], think["nodes"]);
    assert_eq!(t["tree"]["visited"], think["nodes"]);
    assert_eq!(t["move"], think["move"]);
    let children = t["tree"]["children"].as_array().unwrap();
    let best: Vec<&Value> = children
        .iter()
        .filter(|c| c["best"] == json!(true))
        .collect();
    assert_eq!(best.len(), 1);
    assert_eq!(best[0]["move"], think["move"]);
    // Expanding one child: its own children, with their paths.
    let t = ok(
        &app,
        "POST",
        &uri,
        Some(r#"{"player": "minimax", "path": ["c3"], "depth": 1}"#),
    )
    .await;
    assert_eq!(t["focus"], json!(["c3"]));
    assert_eq!(t["tree"]["to_move"], json!("O"));
    let kids = t["tree"]["children"].as_array().unwrap();
    assert_eq!(kids.len(), 6);
    assert_eq!(kids[0]["path"].as_array().unwrap().len(), 2);

    let bad: &[(&str, StatusCode, &str)] = &[
        (
            r#"{"player": "rules"}"#,
            StatusCode::UNPROCESSABLE_ENTITY,
            "does not report",
        ),
        (
            r#"{"player": "perfect"}"#,
            StatusCode::UNPROCESSABLE_ENTITY,
            "does not report",
        ),
        (r#"{"path": "zz"}"#, StatusCode::BAD_REQUEST, "path"),
        (r#"{"path": 7}"#, StatusCode::BAD_REQUEST, "path"),
        (
            r#"{"path": "b2"}"#,
            StatusCode::UNPROCESSABLE_ENTITY,
            "did not reach",
        ),
        (
            r#"{"player": "nobody"}"#,
            StatusCode::BAD_REQUEST,
            "perfect",
        ),
    ];
    for &(body, status, needle) in bad {
        let message = send(&app, "POST", &uri, Some(body)).await.error(status);
        assert!(message.contains(needle), "{body}: {message}");
    }
    let t = ok(&app, "POST", &uri, Some(r#"{"depth": 99, "max_nodes": 0}"#)).await;
    assert_eq!(
        (t["plies"].clone(), t["recorded"].clone()),
        (json!(4), json!(1))
    );
    // The node cap bounds the answer.
    let t = ok(
        &app,
        "POST",
        &uri,
        Some(r#"{"player": "minimax", "depth": 4, "max_nodes": 20}"#),
    )
    .await;
    assert_eq!(
        (t["recorded"].clone(), t["truncated"].clone()),
        (json!(20), json!(true))
    );
}

#[tokio::test]
async fn compare_counts_nodes_side_by_side() {
    let app = server();
    let id = new_game(&app, json!({"moves": "b2"})).await;
    let uri = format!("/api/games/{id}/compare");
    let c = ok(&app, "POST", &uri, None).await;
    let rows = c["results"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["player"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "gametree",
            "minimax",
            "alphabeta",
            "gomoku-minimax",
            "gomoku-alphabeta",
            "gomoku-pruned",
            "perfect"
        ]
    );
    let row = |n: &str| rows.iter().find(|r| r["player"] == n).unwrap();
    let minimax = row("minimax")["nodes"].as_u64().unwrap();
    // Seed 003's game tree has exactly the nodes plain minimax visits; alpha-beta far fewer.
    assert_eq!(row("gametree")["tree_nodes"].as_u64(), Some(minimax));
    assert!(row("alphabeta")["nodes"].as_u64().unwrap() * 5 < minimax);
    assert!(row("gomoku-alphabeta")["nodes"].as_u64() < row("gomoku-minimax")["nodes"].as_u64());
    assert_eq!(row("perfect")["value"]["text"], json!("draw"));
    assert!(rows.iter().all(|r| r["error"].is_null()), "{rows:?}");

    // On 4x4 minimax cannot search the whole tree: its row is given the deepest depth that
    // fits its share of the server's node cap (500 ms of 10 s: a million positions), and
    // names it; a depth given that does not fit says why, and is not run.
    let big = new_game(&app, json!({"size": 4})).await;
    let c = ok(
        &app,
        "POST",
        &format!("/api/games/{big}/compare"),
        Some(r#"{"players": ["minimax", "alphabeta:depth=2", "minimax:depth=9"], "time_ms": 100}"#),
    )
    .await;
    let rows = c["results"].as_array().unwrap();
    // 100 ms of 10 s: 200,000 positions, minimax's tree to depth 4 from 16 cells.
    assert_eq!(rows[0]["player"], json!("minimax:depth=4"), "{c}");
    assert_eq!(rows[0]["cannot_run"], json!(false), "{c}");
    assert!(rows[1]["move"].is_string(), "{c}");
    assert_eq!(rows[2]["cannot_run"], json!(true), "{c}");
    let why = rows[2]["error"].as_str().unwrap();
    assert!(
        why.starts_with("cannot run here: ") && why.contains("depth"),
        "{why}"
    );

    // Twelve players asking ten seconds each share the server's ten: one comparison holds its
    // slot no longer than one search may (was: 12 x 10 s).
    let twelve = format!(
        r#"{{"players": {}, "time_ms": 10000}}"#,
        json!(vec!["rules"; 12])
    );
    let c = ok(&app, "POST", &uri, Some(&twelve)).await;
    assert_eq!(c["limit_ms"], json!(833));
    assert_eq!(c["results"].as_array().unwrap().len(), 12);
    send(&app, "POST", &uri, Some(r#"{"players": []}"#))
        .await
        .error(StatusCode::BAD_REQUEST);
    send(&app, "POST", &uri, Some(r#"{"players": ["nobody"]}"#))
        .await
        .error(StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn games_are_deleted_and_evicted() {
    let app = app(Limits {
        max_games: 2,
        ..Limits::default()
    });
    let a = new_game(&app, json!({})).await;
    let b = new_game(&app, json!({})).await;
    ok(&app, "GET", &format!("/api/games/{a}"), None).await; // b is now idle longest
    let c = new_game(&app, json!({})).await;
    send(&app, "GET", &format!("/api/games/{b}"), None)
        .await
        .error(StatusCode::NOT_FOUND);
    let reply = send(&app, "DELETE", &format!("/api/games/{a}"), None).await;
    assert_eq!(reply.status, StatusCode::NO_CONTENT);
    send(&app, "DELETE", &format!("/api/games/{a}"), None)
        .await
        .error(StatusCode::NOT_FOUND);
    ok(&app, "GET", &format!("/api/games/{c}"), None).await;
}

#[tokio::test]
async fn the_page_and_its_files_are_served() {
    let app = server();
    for (uri, kind, needle) in [
        ("/", "text/html", "<title>"),
        ("/app.js", "text/javascript", "/api/games"),
        ("/style.css", "text/css", "#board"),
        ("/favicon.svg", "image/svg+xml", "<svg"),
    ] {
        let reply = send(&app, "GET", uri, None).await;
        assert_eq!(reply.status, StatusCode::OK, "{uri}");
        assert!(
            reply.content_type.starts_with(kind),
            "{uri}: {}",
            reply.content_type
        );
        assert!(reply.text.contains(needle), "{uri}");
    }
    // Every module the script imports is served, and imports only served modules.
    let mut pending = vec!["/app.js".to_string()];
    let mut served = Vec::new();
    while let Some(uri) = pending.pop() {
        let reply = send(&app, "GET", &uri, None).await;
        assert_eq!(reply.status, StatusCode::OK, "{uri}");
        assert!(reply.content_type.starts_with("text/javascript"), "{uri}");
        for line in reply.text.lines().filter(|l| l.starts_with("import ")) {
            let path = line.split('\'').nth(1).unwrap();
            let file = path.rsplit('/').next().unwrap();
            let module = format!("/js/{file}");
            if !served.contains(&module) && !pending.contains(&module) {
                pending.push(module);
            }
        }
        served.push(uri);
    }
    assert!(served.len() >= 5, "{served:?}");
    send(&app, "GET", "/js/nothing.js", None)
        .await
        .error(StatusCode::NOT_FOUND);
}

/// Orders candidates' values from their texts, independently of the API's `rank`: proven wins
/// of the side to move above scores above its proven losses (a win in fewer moves first, a
/// loss in more moves first), numbers within a class.
/// A bound is said from the mover's side ("at most loss in 3 for O").
fn rank(c: &Value) -> (i32, f64) {
    let text = c["value_text"].as_str().unwrap();
    let text = text.strip_prefix("at most ").unwrap_or(text);
    let text = text.strip_prefix("at least ").unwrap_or(text);
    let side = c["side"].as_str().unwrap();
    let moves = |t: &str| t.split(' ').nth(2).unwrap().parse::<f64>().unwrap();
    let own = text.ends_with(&format!("for {side}"));
    if text.starts_with("win in") && own {
        (2, -moves(text))
    } else if text.starts_with("win in") || text.starts_with("loss in") {
        (0, moves(text))
    } else {
        (1, c["value"].as_f64().unwrap())
    }
}

#[tokio::test]
async fn the_heat_map_best_cell_is_the_move_played() {
    let app = server();
    // Every player that gives a value per move, on positions of its boards; the engine on
    // quiet and tactical 15x15 positions (the last one from the issue that found the heat map
    // contradicting the move: after h8 h7 i9 g7 j10 f7 i7).
    let cases: &[(&str, Value)] = &[
        ("perfect", json!({"moves": "b2"})),
        ("perfect", json!({"size": 4, "k": 3, "moves": "b2 c3"})),
        ("minimax", json!({"moves": "a1 b2"})),
        ("gametree", json!({"moves": "b2 a1"})),
        ("alphabeta", json!({"moves": "b2"})),
        ("mcts:playouts=3000", json!({"moves": "b2"})),
        (
            "mcts:playouts=600",
            json!({"size": 7, "k": 4, "moves": "d4 c3"}),
        ),
        (
            "gomoku-minimax:depth=2",
            json!({"size": 6, "k": 4, "moves": "c3 d4"}),
        ),
        (
            "gomoku-alphabeta:depth=3",
            json!({"size": 6, "k": 4, "moves": "c3 d4 c4"}),
        ),
        (
            "gomoku-pruned:depth=3",
            json!({"size": 8, "k": 5, "moves": "e4 d5 e5 d4"}),
        ),
        (
            "engine:depth=4",
            json!({"size": 15, "moves": "h8 h7 i9 g7 j10 f7 i7"}),
        ),
        (
            "engine:depth=5",
            json!({"size": 15, "moves": "h8 i9 j10 h9 g8 k11"}),
        ),
        (
            "engine:depth=3",
            json!({"size": 15, "moves": "h8 h9 i8 g8 j8"}),
        ),
        (
            "engine:time-ms=300",
            json!({"size": 15, "moves": "h8 h7 i9 g7 j10 f7 i7"}),
        ),
        (
            "engine:time-ms=300",
            json!({"size": 20, "moves": "j10 k11 k10 j11 l10"}),
        ),
    ];
    for (player, game) in cases {
        let id = new_game(&app, game.clone()).await;
        let body = json!({"player": player, "analysis": true}).to_string();
        let t = ok(&app, "POST", &format!("/api/games/{id}/think"), Some(&body)).await;
        let candidates = t["candidates"].as_array().unwrap();
        assert!(candidates.len() > 1, "{player}: {t}");
        assert_eq!(candidates[0]["move"], t["move"], "{player} {game}: {t}");
        assert_eq!(
            candidates[0]["value_text"], t["value_text"],
            "{player}: {t}"
        );
        let best = rank(&candidates[0]);
        for c in candidates {
            let r = rank(c);
            assert!(
                r.0 < best.0 || (r.0 == best.0 && r.1 <= best.1),
                "{player} {game}: {c} above the move played {}",
                t["move"]
            );
            assert!(["exact", "upper", "lower"].contains(&c["bound"].as_str().unwrap()));
            assert_eq!(c["side"], t["side"], "{c}");
        }
        // The API's rank follows the list, best first, from 0, with no gaps.
        assert_eq!(candidates[0]["rank"], json!(0), "{player}: {t}");
        for pair in candidates.windows(2) {
            let (a, b) = (pair[0]["rank"].as_u64(), pair[1]["rank"].as_u64());
            let (a, b) = (a.unwrap(), b.unwrap());
            assert!(b == a || b == a + 1, "{player}: {pair:?}");
            assert_eq!(
                b == a,
                rank(&pair[0]) == rank(&pair[1]),
                "{player}: {pair:?}"
            );
        }
        // The engine's values come with its move, from the same search: no second search.
        if player.starts_with("engine") {
            assert_eq!(t["candidates_from"], json!("player"), "{t}");
            assert_eq!(candidates[0]["bound"], json!("exact"), "{t}");
        }
    }
}

#[tokio::test]
async fn a_web_games_players_keep_their_tables_between_moves() {
    // No time limit that a loaded machine could reach (was: flaky under heavy load, when
    // perfect's default time ran out before it proved the position): every search here ends
    // by itself, and only its node counts are compared.
    const HOUR: u64 = 3_600_000;
    let app = app(Limits {
        think_time: Duration::from_millis(HOUR),
        ..Limits::default()
    });
    let unhurried = json!({ "time_ms": HOUR }).to_string();
    let nodes = |t: &Value| t["nodes"].as_u64().unwrap();
    // perfect on 6x6, four in a row, as O: its second move comes out of the table its first
    // one filled; a fresh player in the same position proves it again.
    let a = new_game(&app, json!({"size": 6, "k": 4, "moves": "c3"})).await;
    let think = format!("/api/games/{a}/think");
    let first = ok(
        &app,
        "POST",
        &think,
        Some(&json!({"play": true, "time_ms": HOUR}).to_string()),
    )
    .await;
    assert_eq!(first["player"], json!("perfect"), "{first}");
    let reply = if first["move"] == json!("d4") {
        "c4"
    } else {
        "d4"
    };
    let body = json!({ "move": reply }).to_string();
    ok(&app, "POST", &format!("/api/games/{a}/moves"), Some(&body)).await;
    let kept = ok(&app, "POST", &think, Some(&unhurried)).await;
    let record = ok(&app, "GET", &format!("/api/games/{a}"), None).await["record"].clone();
    let b = new_game(&app, json!({"size": 6, "k": 4, "moves": record})).await;
    let fresh = ok(
        &app,
        "POST",
        &format!("/api/games/{b}/think"),
        Some(&unhurried),
    )
    .await;
    assert_eq!(kept["value_text"], fresh["value_text"]);
    assert_eq!(
        (kept["ended"].clone(), fresh["ended"].clone()),
        (json!("finished"), json!("finished"))
    );
    assert!(
        nodes(&kept) * 10 < nodes(&fresh),
        "the kept table should prove the position in far fewer nodes: {} kept, {} fresh",
        nodes(&kept),
        nodes(&fresh)
    );
    // The engine asked twice about one position at one depth (a hint, then the move): the
    // second search starts from the table the first one filled. A search with one thread
    // and a depth limit is deterministic, so a fresh seat repeats the first search node for
    // node, and only a kept table makes the second one differ. (Whether it is smaller
    // depends on the search: the engine of e1d6f24 took 23,250 then 6,548 nodes at depth 7,
    // 40,807 then 24,456 at depth 8; with a fail-high reduction that was tried, 7,316 then
    // 5,689, and 18,655 then 24,369.)
    let position = json!({"size": 15, "moves": "h8 h7 i9 g7 j10"});
    let c = new_game(&app, position.clone()).await;
    let think = format!("/api/games/{c}/think");
    let engine = &json!({"player": "engine:depth=7", "time_ms": HOUR}).to_string();
    let hint = ok(&app, "POST", &think, Some(engine)).await;
    let again = ok(&app, "POST", &think, Some(engine)).await;
    assert_eq!(hint["depth"], again["depth"]);
    let d = new_game(&app, position).await;
    let fresh = ok(&app, "POST", &format!("/api/games/{d}/think"), Some(engine)).await;
    assert_eq!(
        nodes(&fresh),
        nodes(&hint),
        "a fresh seat searches as the first did"
    );
    assert_ne!(
        nodes(&again),
        nodes(&hint),
        "the second search should start from the first one's table"
    );
    // GET /api counts the seats kept and their memory.
    let index = ok(&app, "GET", "/api", None).await;
    assert_eq!(index["seats"]["count"], json!(4), "{index}");
    assert!(index["seats"]["bytes"].as_u64().unwrap() > 0);
    assert!(index["limits"]["seat_memory_bytes"].as_u64().unwrap() > 0);
}

#[tokio::test]
async fn seats_stay_within_the_servers_memory() {
    // Room for about one engine table of 16 MiB: the seat of the game idle longest goes.
    let app = app(Limits {
        seat_memory: 20 << 20,
        ..Limits::default()
    });
    let think = json!({"player": "engine:depth=2,memory-mb=16"}).to_string();
    let mut ids = Vec::new();
    for _ in 0..3 {
        let id = new_game(&app, json!({"size": 15, "moves": "h8"})).await;
        ok(
            &app,
            "POST",
            &format!("/api/games/{id}/think"),
            Some(&think),
        )
        .await;
        ids.push(id);
    }
    let index = ok(&app, "GET", "/api", None).await;
    assert_eq!(index["seats"]["count"], json!(1), "{index}");
    assert!(
        index["seats"]["bytes"].as_u64().unwrap() <= 20 << 20,
        "{index}"
    );
    // Every game still plays.
    for id in &ids {
        ok(
            &app,
            "POST",
            &format!("/api/games/{id}/think"),
            Some(&think),
        )
        .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_client_s_searches_cannot_take_every_slot() {
    // Was: two /compare requests of one client held both search slots for 33 s, and other
    // clients' thinks got 503.
    let app = app(Limits {
        searches: 2,
        searches_per_client: 1,
        think_time: Duration::from_secs(120),
        queue_wait: Duration::from_secs(1),
        ..Limits::default()
    });
    let id = new_game(&app, json!({"size": 8, "k": 5})).await;
    let think = format!("/api/games/{id}/think");
    let slow = |app: Router, uri: String| {
        tokio::spawn(async move {
            send_from(
                Some("10.0.0.1"),
                &app,
                "POST",
                &uri,
                // A search that runs its whole minute: the engine proves nothing on 8x8 k=5
                // to stop at.
                Some(r#"{"player": "engine", "time_ms": 60000}"#),
            )
            .await
        })
    };
    let first = slow(app.clone(), think.clone());
    tokio::time::sleep(Duration::from_millis(200)).await;
    // The same client's second search waits for its first, and gives up after queue_wait.
    let second = slow(app.clone(), think.clone()).await.unwrap();
    assert_eq!(
        second.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        second.text
    );
    assert!(second.text.contains("your own searches"), "{}", second.text);
    // Another client still has a slot.
    let other = send_from(
        Some("10.0.0.2"),
        &app,
        "POST",
        &think,
        Some(r#"{"player": "rules"}"#),
    )
    .await;
    assert_eq!(other.status, StatusCode::OK, "{}", other.text);
    assert!(
        !first.is_finished(),
        "the slow search should still be running"
    );
    first.abort();
}

#[tokio::test]
async fn players_are_offered_where_they_play_within_the_servers_limits() {
    // Was: alphabeta as the 15x15 opponent failed on move 1 after 3.2 s; vcf and vct failed as
    // opponents; Compare on 15x15 failed in 5 of its 7 rows and offered no depth.
    let app = server();
    let list = ok(&app, "GET", "/api/players", None).await;
    let player = |n: &str| {
        list["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == n)
            .unwrap()["abilities"]
            .clone()
    };
    let alphabeta = player("alphabeta");
    assert_eq!(alphabeta["answers_when_stopped"], json!(false));
    assert_eq!(alphabeta["default_depth"], json!(4));
    assert!(
        alphabeta["largest_board_here"].as_u64().unwrap() < 225,
        "{alphabeta}"
    );
    let by_depth = alphabeta["largest_board_here_by_depth"].as_array().unwrap();
    assert!(
        by_depth[2][0] == json!(3) && by_depth[2][1].as_u64().unwrap() >= 225,
        "{alphabeta}"
    );
    let engine = player("engine");
    assert_eq!(engine["answers_when_stopped"], json!(true));
    assert_eq!(engine["largest_board_here"], json!(null));
    assert_eq!(player("vcf")["always_moves"], json!(false));

    // A seat that cannot play the board here is refused before the game, saying what would.
    for (seat, needle) in [
        ("alphabeta", "give it depth 3 or less (alphabeta:depth=3)"),
        ("vcf", "it is no opponent"),
        ("vct", "it is no opponent"),
    ] {
        let body = json!({"size": 15, "players": {"x": "human", "o": seat}}).to_string();
        let message = send(&app, "POST", "/api/games", Some(&body))
            .await
            .error(StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            message.starts_with(&format!("players.o: O cannot be {seat}")),
            "{message}"
        );
        assert!(message.contains(needle), "{message}");
    }
    new_game(
        &app,
        json!({"size": 15, "players": {"x": "human", "o": "alphabeta:depth=3"}}),
    )
    .await;

    // Compare on 15x15: every row that can run has a depth that fits its share of the server's
    // limits and runs; the others say why, unrun. The depths come from the node cap's share,
    // which is the think time's share of it: a server with ten times the times (the same
    // share) chooses the same depths and gives a slow machine (a debug build on a loaded
    // machine: 2 s was not enough for gomoku-minimax:depth=2) the time to run them.
    let slow = mnk_web::app(Limits {
        think_time: Limits::default().think_time * 10,
        compare_time: Limits::default().compare_time * 10,
        ..Limits::default()
    });
    let id = new_game(&slow, json!({"size": 15, "moves": "h8"})).await;
    let c = ok(&slow, "POST", &format!("/api/games/{id}/compare"), None).await;
    let rows = c["results"].as_array().unwrap();
    let players: Vec<&str> = rows.iter().map(|r| r["player"].as_str().unwrap()).collect();
    assert_eq!(
        players,
        [
            "gametree",
            "minimax:depth=2",
            "alphabeta:depth=2",
            "gomoku-minimax:depth=2",
            "gomoku-alphabeta:depth=2",
            "gomoku-pruned:depth=2",
            "perfect"
        ],
        "{c}"
    );
    for row in rows {
        let unrun = ["gametree", "perfect"].contains(&row["player"].as_str().unwrap());
        assert_eq!(row["cannot_run"], json!(unrun), "{row}");
        if unrun {
            assert!(
                row["error"]
                    .as_str()
                    .unwrap()
                    .starts_with("cannot run here: "),
                "{row}"
            );
        } else {
            assert!(row["move"].is_string() && row["error"].is_null(), "{row}");
        }
    }
}

/// A file answer of `GET /api/games/{id}/record?format=...`: its name and text.
async fn record_file(app: &Router, id: &str, format: &str) -> (String, String) {
    let uri = format!("/api/games/{id}/record?format={format}");
    let request = Request::builder().uri(&uri).body(Body::empty()).unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{uri}");
    let headers = response.headers().clone();
    assert!(
        headers[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/plain"),
        "{uri}: {headers:?}"
    );
    let disposition = headers[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .to_string();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (disposition, String::from_utf8(bytes.to_vec()).unwrap())
}

/// How many games the server holds (`GET /api`).
async fn games_held(app: &Router) -> u64 {
    ok(app, "GET", "/api", None).await["games"]
        .as_u64()
        .unwrap()
}

#[tokio::test]
async fn records_are_exported_and_imported_in_each_format() {
    let app = server();
    let id = new_game(
        &app,
        json!({"size": 15, "moves": "h8 h9 i9 j10", "players": {"x": "human", "o": "engine"}}),
    )
    .await;
    let (name, psq) = record_file(&app, &id, "psq").await;
    assert_eq!(name, format!("attachment; filename=\"mnk-{id}.psq\""));
    assert_eq!(
        psq,
        "Piskvorky 15x15, 0:0, 0\n8,8,0\n8,7,0\n9,7,0\n10,6,0\nhuman\nengine\n-1\n"
    );
    let (name, sgf) = record_file(&app, &id, "sgf").await;
    assert_eq!(name, format!("attachment; filename=\"mnk-{id}.sgf\""));
    assert!(sgf.starts_with("(;FF[4]GM[4]"), "{sgf}");
    assert!(
        sgf.contains("SZ[15]") && sgf.contains("PB[human]PW[engine]"),
        "{sgf}"
    );
    assert!(sgf.contains(";B[hh];W[hg];B[ig];W[jf]"), "{sgf}");
    let (name, line) = record_file(&app, &id, "moves").await;
    assert_eq!(name, format!("attachment; filename=\"mnk-{id}.txt\""));
    assert_eq!(
        line,
        "# size: 15x15\n# k: 5\n# rule: freestyle\n# x: human\n# o: engine\nh8 h9 i9 j10\n"
    );
    // Each file makes the same game again, its players from the names: by the file's name, by
    // the format's, and by what the text looks like.
    for (body, what) in [
        (
            json!({"record": psq, "filename": "Game.PSQ"}),
            "psq by name",
        ),
        (json!({"record": sgf, "format": "sgf"}), "sgf by format"),
        (json!({"record": line}), "move line by its look"),
        (json!({"record": psq}), "psq by its look"),
        (json!({"record": sgf}), "sgf by its look"),
    ] {
        let copy = new_game(&app, body).await;
        let g = ok(&app, "GET", &format!("/api/games/{copy}"), None).await;
        assert_eq!(g["moves"], json!(["h8", "h9", "i9", "j10"]), "{what}");
        assert_eq!(g["size"], json!({"width": 15, "height": 15}), "{what}");
        assert_eq!(g["players"], json!({"x": "human", "o": "engine"}), "{what}");
        assert_eq!(g["status"], json!("playing"), "{what}");
        // Round trip: the copy's record is the original's.
        assert_eq!(record_file(&app, &copy, "psq").await.1, psq, "{what}");
    }
    // A record of other programs' names gets the default seats; the request's win over both.
    let theirs = "Piskvorky 15x15, 11:11, 0\r\n8,8,1000\r\n9,8,800\r\nYixin\r\nEmbryo\r\n-1\r\n";
    let g: Value = send(
        &app,
        "POST",
        "/api/games",
        Some(&json!({"record": theirs}).to_string()),
    )
    .await
    .json();
    assert_eq!(g["players"], json!({"x": "human", "o": "engine"}));
    assert_eq!(g["moves"], json!(["h8", "i8"]));
    let g: Value = send(
        &app,
        "POST",
        "/api/games",
        Some(&json!({"record": psq, "players": {"o": "rules"}}).to_string()),
    )
    .await
    .json();
    assert_eq!(g["players"], json!({"x": "human", "o": "rules"}));
    send(
        &app,
        "GET",
        &format!("/api/games/{id}/record?format=pgn"),
        None,
    )
    .await
    .error(StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_record_that_cannot_be_read_says_its_line_and_makes_no_game() {
    let app = server();
    new_game(&app, json!({})).await;
    let before = games_held(&app).await;
    for (body, says) in [
        (
            json!({"record": "Piskvorky 15x15, 0:0, 0\n8,8,0\n8,8,0\n-1\n"}),
            "record (psq): line 3: move 2 (8,8, h8 in mnk's notation) is on a cell already taken",
        ),
        (
            json!({"record": "(;FF[4]GM[4]SZ[15]\n;B[hh];W[hh])", "filename": "a.sgf"}),
            "record (sgf): line 2: ",
        ),
        (
            json!({"record": "# size: 3\nb2 b2\n"}),
            "record (moves): line 2: ",
        ),
        // A psq line meant as a move that is not one (was: the record ended there, 201).
        (
            json!({"record": "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,12ms\n10,10,0\n-1\n"}),
            "record (psq): line 3: cannot read '9,9,12ms': expected a move as x,y or x,y,time",
        ),
        // A psq read as SGF: the format asked for wins, and says what it expected.
        (
            json!({"record": "Piskvorky 15x15, 0:0, 0\n8,8,0\n", "format": "sgf"}),
            "record (sgf): line 1: ",
        ),
        // A bare move line is on 3x3 unless the request gives a board.
        (json!({"record": "h8 h9"}), "record (moves): line 1: "),
        (
            json!({"record": "Piskvorky 26x26, 0:0, 0\n1,1,0\n-1\n"}),
            "the board is 26x26, larger than this server plays (each side at most 20)",
        ),
        (
            json!({"record": "b2", "format": "pgn"}),
            "format: unknown record format 'pgn'",
        ),
        (
            json!({"record": "b2", "moves": "a1"}),
            "give the moves or a record, not both",
        ),
        (
            json!({"moves": "a1", "filename": "a.psq"}),
            "give the record's text",
        ),
    ] {
        let message = send(&app, "POST", "/api/games", Some(&body.to_string()))
            .await
            .error(StatusCode::BAD_REQUEST);
        assert!(message.contains(says), "{body}: {message}");
    }
    assert_eq!(games_held(&app).await, before, "no game is half-made");
}

#[tokio::test]
async fn a_record_must_agree_with_the_board_asked_for() {
    let app = server();
    let psq = "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,8,0\n-1\n";
    let message = send(
        &app,
        "POST",
        "/api/games",
        Some(&json!({"record": psq, "size": 19}).to_string()),
    )
    .await
    .error(StatusCode::BAD_REQUEST);
    assert_eq!(
        message,
        "record (psq): line 1: the record is for a board of 15x15, but 19x19 was asked for"
    );
    let line = "# size: 7x6\n# k: 4\nd1 d2\n";
    let message = send(
        &app,
        "POST",
        "/api/games",
        Some(&json!({"record": line, "k": 5}).to_string()),
    )
    .await
    .error(StatusCode::BAD_REQUEST);
    assert!(message.starts_with("record (moves): line 2: "), "{message}");
    // What agrees, or what the record does not say (psq has no k), is taken.
    let g: Value = send(
        &app,
        "POST",
        "/api/games",
        Some(&json!({"record": psq, "size": "15x15", "k": 4, "rule": "exact"}).to_string()),
    )
    .await
    .json();
    assert_eq!(
        (g["k"].clone(), g["rule"].clone()),
        (json!(4), json!("exact"))
    );
    // A bare move line is played on the fallback board, with its seats; a record that says its
    // board ignores the fallback.
    let fallback = json!({"size": 15, "k": 4, "players": {"x": "human", "o": "rules"}});
    let g: Value = send(
        &app,
        "POST",
        "/api/games",
        Some(&json!({"record": "h8 h9", "fallback": fallback}).to_string()),
    )
    .await
    .json();
    assert_eq!(g["size"], json!({"width": 15, "height": 15}), "{g}");
    assert_eq!(
        (g["k"].clone(), g["players"]["o"].clone()),
        (json!(4), json!("rules"))
    );
    let g: Value = send(
        &app,
        "POST",
        "/api/games",
        Some(&json!({"record": "# size: 5\nc3", "fallback": fallback}).to_string()),
    )
    .await
    .json();
    assert_eq!(g["size"], json!({"width": 5, "height": 5}), "{g}");
    assert_eq!(
        (g["k"].clone(), g["players"]["o"].clone()),
        (json!(5), json!("perfect"))
    );
}

#[tokio::test]
async fn a_game_ended_on_time_says_so_and_its_record_too() {
    let app = server();
    let g: Value = send(
        &app,
        "POST",
        "/api/games",
        Some(r#"{"size": 15, "moves": "h8", "time_control": "5m+3s", "players": {"x": "human", "o": "human"}}"#),
    )
    .await
    .json();
    assert_eq!(
        g["time_control"],
        json!({"text": "5m+3s", "per_move_ms": null, "base_ms": 300_000, "increment_ms": 3000})
    );
    assert_eq!(g["result"], json!(null));
    let id = g["id"].as_str().unwrap().to_string();
    let message = send(
        &app,
        "POST",
        "/api/games",
        Some(r#"{"time_control": "fast"}"#),
    )
    .await
    .error(StatusCode::BAD_REQUEST);
    assert!(
        message.starts_with("time_control: cannot read 'fast'") && message.contains("10s/move"),
        "{message}"
    );

    let end = format!("/api/games/{id}/end");
    for (body, says) in [
        (r#"{"winner": "Z", "by": "time"}"#, "winner: 'Z'"),
        (r#"{"winner": "O", "by": "boredom"}"#, "by: 'boredom'"),
    ] {
        let message = send(&app, "POST", &end, Some(body))
            .await
            .error(StatusCode::BAD_REQUEST);
        assert!(message.contains(says), "{message}");
    }
    let g = ok(&app, "POST", &end, Some(r#"{"winner": "X", "by": "time"}"#)).await;
    assert_eq!(
        (&g["status"], &g["winner"], &g["to_move"], &g["result"]),
        (
            &json!("won"),
            &json!("X"),
            &json!(null),
            &json!("X wins by T")
        )
    );
    assert_eq!(g["machine_to_move"], json!(false));
    assert_eq!(g["win_line"], json!([]));
    // Over: nothing more is played, taken back or ended.
    for (uri, body) in [
        (format!("/api/games/{id}/moves"), r#"{"move": "a1"}"#),
        (format!("/api/games/{id}/undo"), "{}"),
        (
            format!("/api/games/{id}/think"),
            r#"{"play": true, "player": "rules"}"#,
        ),
        (end.clone(), r#"{"winner": "O", "by": "resignation"}"#),
    ] {
        let message = send(&app, "POST", &uri, Some(body))
            .await
            .error(StatusCode::CONFLICT);
        assert!(message.contains("X wins by T"), "{uri}: {message}");
    }
    let (_, sgf) = record_file(&app, &id, "sgf").await;
    assert!(sgf.contains("RE[B+T]"), "{sgf}");
    let (_, line) = record_file(&app, &id, "moves").await;
    assert!(line.contains("# result: X wins by T\n"), "{line}");
    // Imported, the game is over the same way.
    let copy: Value = send(
        &app,
        "POST",
        "/api/games",
        Some(&json!({"record": sgf}).to_string()),
    )
    .await
    .json();
    assert_eq!(
        (&copy["status"], &copy["winner"], &copy["result"]),
        (&json!("won"), &json!("X"), &json!("X wins by T"))
    );
    // A game won on the board says its result too.
    let won = new_game(&app, json!({"moves": "a1 b1 a2 b2 a3"})).await;
    let g = ok(&app, "GET", &format!("/api/games/{won}"), None).await;
    assert_eq!(g["result"], json!("X wins"));
    assert!(record_file(&app, &won, "sgf").await.1.contains("RE[B+]"));
}

#[tokio::test]
async fn a_machine_plans_its_move_from_its_clock() {
    let app = server();
    let id = new_game(
        &app,
        json!({"size": 15, "moves": "h8", "players": {"x": "human", "o": "engine"}}),
    )
    .await;
    let uri = format!("/api/games/{id}/think");
    // 300 ms on a game clock: the plan keeps the move well inside it.
    let t = ok(&app, "POST", &uri, Some(r#"{"clock": {"left_ms": 300}}"#)).await;
    let deadline = t["plan"]["deadline_ms"].as_u64().unwrap();
    assert!(deadline < 300, "{}", t["plan"]);
    assert_eq!(
        t["limit_ms"],
        json!(deadline),
        "the clock bounds the search"
    );
    assert!(t["plan"]["target_ms"].as_u64().unwrap() <= deadline);
    // The search ends at its deadline; a loaded machine may be slow to answer, so only far
    // beyond it is a failure.
    assert!(
        t["time_ms"].as_f64().unwrap() < 300.0 + 1000.0,
        "{}",
        t["time_ms"]
    );
    // A limit per move: the whole move less the web's overhead (20 ms).
    let t = ok(
        &app,
        "POST",
        &uri,
        Some(r#"{"clock": {"per_move_ms": 500}}"#),
    )
    .await;
    assert_eq!(t["plan"], json!({"target_ms": 480, "deadline_ms": 480}));
    assert_eq!(t["limit_ms"], json!(480));
    // Within the server's cap: an hour on the clock is still at most its think time.
    let capped = app_with_time(Duration::from_millis(200));
    let id = new_game(&capped, json!({"size": 15, "moves": "h8"})).await;
    let t = ok(
        &capped,
        "POST",
        &format!("/api/games/{id}/think"),
        Some(r#"{"clock": {"left_ms": 3600000, "increment_ms": 5000}}"#),
    )
    .await;
    assert!(t["plan"]["deadline_ms"].as_u64().unwrap() > 200);
    assert_eq!(t["limit_ms"], json!(200));
    // Without a clock there is no plan.
    let t = ok(&app, "POST", &uri, Some(r#"{"player": "rules"}"#)).await;
    assert_eq!(t["plan"], json!(null));
    for bad in [
        r#"{"clock": {}}"#,
        r#"{"clock": {"increment_ms": 5}}"#,
        r#"{"clock": {"left": 5}}"#,
    ] {
        send(&app, "POST", &uri, Some(bad))
            .await
            .error(StatusCode::BAD_REQUEST);
    }
}

/// `POST /api/games/{id}/opening` with `body`.
async fn opening(app: &Router, id: &str, body: Value) -> Reply {
    let uri = format!("/api/games/{id}/opening");
    send(app, "POST", &uri, Some(&body.to_string())).await
}

/// Plays `moves` one by one through the moves route; the game after the last.
async fn play_all(app: &Router, id: &str, moves: &[&str]) -> Value {
    let uri = format!("/api/games/{id}/moves");
    let mut g = Value::Null;
    for mv in moves {
        g = ok(app, "POST", &uri, Some(&json!({"move": mv}).to_string())).await;
    }
    g
}

#[tokio::test]
async fn a_swap2_opening_between_two_people() {
    let app = server();
    let people =
        json!({"size": 15, "k": 5, "opening": "swap2", "players": {"x": "human", "o": "human"}});
    let id = new_game(&app, people.clone()).await;
    let g = ok(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(
        g["opening"],
        json!({"rule": "swap2", "stage": "place", "to_act": "x", "to_place": 3, "stones": [],
               "swapped": false, "accepts": [], "kept": 0, "opened": null})
    );
    // The opener's three stones, black, white, black; a stone of its own stage may be taken back.
    play_all(&app, &id, &["h8", "i9"]).await;
    let undo = format!("/api/games/{id}/undo");
    let g = ok(&app, "POST", &undo, None).await;
    assert_eq!(g["opening"]["to_place"], json!(2));
    let g = play_all(&app, &id, &["i9", "h10"]).await;
    assert_eq!(g["opening"]["stage"], json!("choose"));
    assert_eq!(g["opening"]["to_act"], json!("o"));
    assert_eq!(g["opening"]["stones"], json!(["h8", "i9", "h10"]));
    assert_eq!(g["opening"]["accepts"], json!(["black", "white", "place"]));
    assert_eq!(g["to_move"], json!("O"));
    assert!(g["machine_to_move"] == json!(false));
    // The opener's stones stay; the opener cannot choose for the chooser.
    let message = send(&app, "POST", &undo, None)
        .await
        .error(StatusCode::CONFLICT);
    assert!(message.contains("the opening's first 3 stay"), "{message}");
    let message = opening(&app, &id, json!({"choice": "place", "seat": "x"}))
        .await
        .error(StatusCode::CONFLICT);
    assert!(
        message.contains("not X's turn") && message.contains("O acts"),
        "{message}"
    );
    // The chooser places two more stones, and the opener chooses.
    let g = opening(&app, &id, json!({"choice": "place", "seat": "o"}))
        .await
        .json();
    assert_eq!(
        (
            &g["opening"]["stage"],
            &g["opening"]["to_act"],
            &g["opening"]["to_place"]
        ),
        (&json!("place"), &json!("o"), &json!(2))
    );
    let g = play_all(&app, &id, &["j9", "g9"]).await;
    assert_eq!(g["opening"]["stage"], json!("choose"));
    assert_eq!(g["opening"]["to_act"], json!("x"));
    assert_eq!(g["opening"]["accepts"], json!(["black", "white"]));
    let message = opening(&app, &id, json!({"choice": "place"}))
        .await
        .error(StatusCode::CONFLICT);
    assert!(
        message.contains("opener takes black or plays white's sixth"),
        "{message}"
    );
    // The opener keeps black: the chooser, at O, plays white's sixth stone as the game's.
    let g = opening(&app, &id, json!({"choice": "black", "seat": "x"}))
        .await
        .json();
    assert_eq!(g["opening"]["stage"], json!("done"));
    assert_eq!(g["opening"]["to_act"], Value::Null);
    assert_eq!(g["opening"]["swapped"], json!(false));
    assert_eq!(g["opening"]["kept"], json!(5));
    assert_eq!(g["to_move"], json!("O"));
    let g = play_all(&app, &id, &["k10", "h9"]).await;
    assert_eq!(g["moves"].as_array().unwrap().len(), 7);
    assert_eq!(g["opening"]["stones"].as_array().unwrap().len(), 5);
    let message = opening(&app, &id, json!({"choice": "black"}))
        .await
        .error(StatusCode::CONFLICT);
    assert!(message.contains("the opening is over"), "{message}");
    // Undo takes back the game's moves, never the opening's.
    let g = ok(&app, "POST", &undo, Some(r#"{"count": 2}"#)).await;
    assert_eq!(g["moves"].as_array().unwrap().len(), 5);
    send(&app, "POST", &undo, None)
        .await
        .error(StatusCode::CONFLICT);
    play_all(&app, &id, &["k10"]).await;
    // The record names the opening, and a game made from it keeps it.
    let (_, sgf) = record_file(&app, &id, "sgf").await;
    assert!(sgf.contains("OP[swap2:5]"), "{sgf}");
    let (_, line) = record_file(&app, &id, "moves").await;
    assert!(line.contains("# opening: swap2:5"), "{line}");
    // So does the JSON record, the body that recreates the game.
    let body = ok(&app, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(body["opening"], json!("swap2:5"));
    for made in [json!({"record": sgf}), body] {
        let copy = new_game(&app, made).await;
        let g = ok(&app, "GET", &format!("/api/games/{copy}"), None).await;
        assert_eq!(g["opening"]["stage"], json!("done"));
        assert_eq!(
            g["opening"]["stones"],
            json!(["h8", "i9", "h10", "j9", "g9"])
        );
        assert_eq!(g["opening"]["kept"], json!(5));
    }
    let copy = new_game(&app, json!({"record": sgf})).await;
    let message = send(
        &app,
        "POST",
        &format!("/api/games/{copy}/undo"),
        Some(r#"{"count": 2}"#),
    )
    .await
    .error(StatusCode::CONFLICT);
    assert!(message.contains("stay"), "{message}");

    // Again, and the opener takes white with the sixth stone: the seats change colours.
    let id = new_game(
        &app,
        json!({"size": 15, "opening": "swap2", "players": {"x": "human", "o": "gomoku-pruned:depth=1"}}),
    )
    .await;
    play_all(&app, &id, &["h8", "i9", "h10"]).await;
    // The chooser is a computer: a person's choice for it is refused.
    let message = opening(&app, &id, json!({"choice": "place"}))
        .await
        .error(StatusCode::CONFLICT);
    assert!(message.contains("a computer"), "{message}");
    let message = send(
        &app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(r#"{"move": "a1"}"#),
    )
    .await
    .error(StatusCode::CONFLICT);
    assert!(
        message.contains("O (the chooser) is gomoku-pruned"),
        "{message}"
    );
    let people = new_game(&app, people).await;
    play_all(&app, &people, &["h8", "i9", "h10"]).await;
    opening(&app, &people, json!({"choice": "place"}))
        .await
        .json();
    play_all(&app, &people, &["j9", "g9"]).await;
    let g = opening(
        &app,
        &people,
        json!({"choice": "white", "move": "k10", "seat": "x"}),
    )
    .await
    .json();
    assert_eq!(g["opening"]["swapped"], json!(true));
    assert_eq!(g["opening"]["stones"].as_array().unwrap().len(), 6);
    assert_eq!(g["to_move"], json!("X"));
    let (_, sgf) = record_file(&app, &people, "sgf").await;
    assert!(sgf.contains("OP[swap2:6]"), "{sgf}");
}

/// A fast engine for the machine's part in an opening.
const QUICK: &str = "engine:nodes=3000";

/// What the library's chooser with [`QUICK`] decides on 15x15 after `moves`.
fn library_decision(moves: &[&str]) -> Decision {
    decision_of(QUICK, moves)
}

/// What the library's chooser with the player `spec` decides on 15x15 after `moves`.
fn decision_of(spec: &str, moves: &[&str]) -> Decision {
    let game = mnk::notation::parse_game(&moves.join(" "), gomoku()).unwrap();
    let mut seat = mnk::players::Seat::new(spec.parse().unwrap());
    mnk::players::swap2::choose(&mut seat, game.board(), &mnk::players::Ask::now()).unwrap()
}

/// 15x15, five in a row, freestyle.
fn gomoku() -> mnk::game::Variant {
    mnk::game::Variant::new(mnk::game::Size::square(15), 5, mnk::game::Rule::Freestyle).unwrap()
}

#[tokio::test]
async fn a_swap_opening_with_the_machine_in_each_role() {
    let app = server();
    // The machine opens: three stones at once, then the person chooses.
    let id = new_game(
        &app,
        json!({"size": 15, "opening": "swap", "players": {"x": QUICK, "o": "human"}}),
    )
    .await;
    let g = ok(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(g["machine_to_move"], json!(true));
    assert_eq!(g["opening"]["accepts"], json!(["machine"]));
    let message = send(
        &app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(r#"{"move": "h8"}"#),
    )
    .await
    .error(StatusCode::CONFLICT);
    assert!(message.contains("X (the opener) is engine"), "{message}");
    let message = send(
        &app,
        "POST",
        &format!("/api/games/{id}/think"),
        Some(r#"{"play": true}"#),
    )
    .await
    .error(StatusCode::CONFLICT);
    assert!(message.contains("opening is under way"), "{message}");
    let g = opening(&app, &id, json!({"choice": "machine"}))
        .await
        .json();
    let stones = g["opening"]["stones"].as_array().unwrap().clone();
    assert_eq!(stones.len(), 3);
    let variant = gomoku();
    let size = variant.size();
    let proposals: Vec<Vec<String>> = mnk::players::swap2::candidates(&variant)
        .iter()
        .map(|three| {
            three
                .iter()
                .map(|&c| mnk::notation::format_cell(c, size))
                .collect()
        })
        .collect();
    assert!(
        proposals.contains(&serde_json::from_value(json!(stones)).unwrap()),
        "{stones:?}"
    );
    assert_eq!(g["opening"]["stage"], json!("choose"));
    assert_eq!(g["machine_to_move"], json!(false));
    let message = opening(&app, &id, json!({"choice": "machine"}))
        .await
        .error(StatusCode::CONFLICT);
    assert!(message.contains("O (the chooser) is a person"), "{message}");
    // The person keeps white: the machine, black, moves next as in any game.
    let free = ["h9", "g9", "j9", "i9"]
        .into_iter()
        .find(|c| !stones.contains(&json!(c)))
        .unwrap();
    let g = opening(&app, &id, json!({"choice": "white", "move": free}))
        .await
        .json();
    assert_eq!(g["opening"]["stage"], json!("done"));
    assert_eq!(g["players"]["x"], json!(QUICK));
    assert_eq!(g["machine_to_move"], json!(true));
    let t = ok(
        &app,
        "POST",
        &format!("/api/games/{id}/think"),
        Some(r#"{"play": true}"#),
    )
    .await;
    assert_eq!(t["game"]["moves"].as_array().unwrap().len(), 5);

    // Swap2: the machine opens, the person places two more stones, the machine chooses on
    // five: black (its seat stays at X) or white's sixth stone (the seats change colours).
    let id = new_game(
        &app,
        json!({"size": 15, "opening": "swap2", "players": {"x": QUICK, "o": "human"}}),
    )
    .await;
    let g = opening(&app, &id, json!({"choice": "machine"}))
        .await
        .json();
    opening(&app, &id, json!({"choice": "place", "seat": "o"}))
        .await
        .json();
    let mut five: Vec<String> = serde_json::from_value(g["opening"]["stones"].clone()).unwrap();
    let two: Vec<&str> = ["a1", "o15", "a15"]
        .into_iter()
        .filter(|c| !five.iter().any(|s| s == c))
        .take(2)
        .collect();
    let g = play_all(&app, &id, &two).await;
    five.extend(two.iter().map(ToString::to_string));
    assert_eq!(
        (&g["opening"]["to_act"], &g["machine_to_move"]),
        (&json!("x"), &json!(true))
    );
    let g = opening(&app, &id, json!({"choice": "machine"}))
        .await
        .json();
    let five: Vec<&str> = five.iter().map(String::as_str).collect();
    match library_decision(&five) {
        Decision::Swap => {
            assert_eq!(g["opening"]["swapped"], json!(false));
            assert_eq!(g["players"], json!({"x": QUICK, "o": "human"}));
            assert_eq!(g["moves"].as_array().unwrap().len(), 5);
        }
        Decision::Play(_) => {
            assert_eq!(g["opening"]["swapped"], json!(true));
            assert_eq!(g["players"], json!({"x": "human", "o": QUICK}));
            assert_eq!(g["moves"].as_array().unwrap().len(), 6);
        }
    }
    assert_eq!(
        (&g["opening"]["stage"], &g["machine_to_move"]),
        (&json!("done"), &json!(false))
    );

    // The machine chooses, on an opening good for black and on one good for white: it does
    // what the library's chooser does with the same player, and the game shows it.
    let mut decisions = Vec::new();
    for three in [["h8", "a1", "h9"], ["a1", "h8", "o15"]] {
        let id = new_game(
            &app,
            json!({"size": 15, "opening": "swap", "players": {"x": "human", "o": QUICK}}),
        )
        .await;
        let g = play_all(&app, &id, &three).await;
        assert_eq!(g["machine_to_move"], json!(true));
        assert_eq!(g["opening"]["accepts"], json!(["machine"]));
        let message = opening(&app, &id, json!({"choice": "black"}))
            .await
            .error(StatusCode::CONFLICT);
        assert!(message.contains("a computer"), "{message}");
        let g = opening(&app, &id, json!({"choice": "machine", "seat": "o"}))
            .await
            .json();
        let decided = library_decision(&three);
        assert_eq!(g["opening"]["stage"], json!("done"));
        let (_, sgf) = record_file(&app, &id, "sgf").await;
        decisions.push(decided);
        match decided {
            Decision::Swap => {
                // The machine took black: it sits at X now, and the person plays white's fourth.
                assert_eq!(g["opening"]["swapped"], json!(true), "{three:?}");
                assert_eq!(g["players"], json!({"x": QUICK, "o": "human"}));
                assert_eq!(g["moves"].as_array().unwrap().len(), 3);
                assert_eq!(
                    (&g["to_move"], &g["machine_to_move"]),
                    (&json!("O"), &json!(false))
                );
                assert!(sgf.contains("OP[swap:3]"), "{sgf}");
            }
            Decision::Play(cell) => {
                assert_eq!(g["opening"]["swapped"], json!(false), "{three:?}");
                assert_eq!(g["players"], json!({"x": "human", "o": QUICK}));
                assert_eq!(
                    g["last_move"],
                    json!(mnk::notation::format_cell(cell, size))
                );
                assert_eq!(
                    (&g["to_move"], &g["machine_to_move"]),
                    (&json!("X"), &json!(false))
                );
                assert!(sgf.contains("OP[swap:4]"), "{sgf}");
            }
        }
    }
    // Black's centre pair against a corner stone is taken; white to move in the centre kept.
    assert!(
        matches!(decisions[..], [Decision::Swap, Decision::Play(_)]),
        "{decisions:?}"
    );
}

#[tokio::test]
async fn bad_openings_are_refused_with_what_is_accepted() {
    let app = server();
    let refused: &[(Value, &str)] = &[
        (
            json!({"size": 15, "opening": "swap3"}),
            "give none, swap or swap2",
        ),
        (json!({"size": 15, "opening": 2}), "expected a string"),
        (
            json!({"size": 15, "opening": "swap", "moves": "h8"}),
            "not both",
        ),
        (json!({"opening": "swap2", "record": "h8 h9"}), "not both"),
        (
            json!({"size": 3, "opening": "swap"}),
            "do not fit a 3x3 board",
        ),
        (
            json!({"size": 15, "opening": "swap2:5", "moves": "h8 h9"}),
            "more stones than the 2 moves",
        ),
        (
            json!({"size": 15, "opening": "swap:6", "moves": "h8 h9"}),
            "swap2:5",
        ),
    ];
    for (body, needle) in refused {
        let message = send(&app, "POST", "/api/games", Some(&body.to_string()))
            .await
            .error(StatusCode::BAD_REQUEST);
        assert!(message.contains(needle), "{body}: {message}");
    }
    // "none" is no opening.
    let id = new_game(
        &app,
        json!({"size": 15, "opening": "none", "players": {"o": "human"}}),
    )
    .await;
    let g = ok(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(g["opening"], Value::Null);
    let message = opening(&app, &id, json!({"choice": "black"}))
        .await
        .error(StatusCode::CONFLICT);
    assert!(message.contains("no opening"), "{message}");
    let id = new_game(
        &app,
        json!({"size": 15, "opening": "swap", "players": {"x": "human", "o": "human"}}),
    )
    .await;
    let bad: &[(Value, StatusCode, &str)] = &[
        (
            json!({"choice": "red"}),
            StatusCode::BAD_REQUEST,
            "give black, white (with a move), place or machine",
        ),
        (
            json!({"choice": "white"}),
            StatusCode::BAD_REQUEST,
            "give white's stone with white",
        ),
        (
            json!({"choice": "black", "move": "h8"}),
            StatusCode::BAD_REQUEST,
            "only then",
        ),
        (
            json!({"choice": "black", "seat": "z"}),
            StatusCode::BAD_REQUEST,
            "seat: 'z' is not a side; give X or O",
        ),
        (
            json!({"choice": "black"}),
            StatusCode::CONFLICT,
            "no colour to choose now",
        ),
        (
            json!({"choice": "white", "move": "h8"}),
            StatusCode::CONFLICT,
            "no colour to choose now: the opener places its three stones first",
        ),
        (
            json!({"choice": "place"}),
            StatusCode::CONFLICT,
            "places its three stones first (3 to go)",
        ),
        (
            json!({"choice": "machine"}),
            StatusCode::CONFLICT,
            "is a person",
        ),
        (
            json!({"choice": "black", "version": 7}),
            StatusCode::CONFLICT,
            "changed",
        ),
        (json!({"pick": "black"}), StatusCode::BAD_REQUEST, "pick"),
    ];
    for (body, status, needle) in bad {
        let message = opening(&app, &id, body.clone()).await.error(*status);
        assert!(message.contains(needle), "{body}: {message}");
    }
    play_all(&app, &id, &["h8", "i9", "h10"]).await;
    let message = opening(&app, &id, json!({"choice": "black", "seat": "x"}))
        .await
        .error(StatusCode::CONFLICT);
    assert!(message.contains("not X's turn"), "{message}");
    let message = opening(&app, &id, json!({"choice": "place"}))
        .await
        .error(StatusCode::CONFLICT);
    assert!(
        message.contains("takes black or plays white's fourth"),
        "{message}"
    );
    let message = opening(&app, &id, json!({"choice": "white", "move": "h8"}))
        .await
        .error(StatusCode::CONFLICT);
    assert!(message.contains("h8"), "{message}");
    // Nothing refused changed the game; a game ended during the opening ends, and exports.
    let g = ok(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(g["version"], json!(3));
    let g = ok(
        &app,
        "POST",
        &format!("/api/games/{id}/end"),
        Some(r#"{"winner": "X", "by": "resignation"}"#),
    )
    .await;
    assert_eq!(g["result"], json!("X wins by R"));
    assert_eq!(g["opening"]["to_act"], Value::Null);
    assert_eq!(g["opening"]["accepts"], json!([]));
    let (_, sgf) = record_file(&app, &id, "sgf").await;
    assert!(sgf.contains("RE[B+R]") && !sgf.contains("OP["), "{sgf}");
    let message = opening(&app, &id, json!({"choice": "black"}))
        .await
        .error(StatusCode::CONFLICT);
    assert!(message.contains("over"), "{message}");
}

/// The moves of the game view `g`, as names.
fn moves_of(g: &Value) -> Vec<String> {
    serde_json::from_value(g["moves"].clone()).unwrap()
}

#[tokio::test]
async fn swap2_with_the_machine_in_both_roles() {
    let app = server();
    // Two different machines, so that the seats show whether they changed colours.
    let (opener, chooser) = ("engine:nodes=3000", "engine:nodes=2000");
    let id = new_game(
        &app,
        json!({"size": 15, "opening": "swap2", "players": {"x": opener, "o": chooser}}),
    )
    .await;
    let g = opening(&app, &id, json!({"choice": "machine", "seat": "x"}))
        .await
        .json();
    assert_eq!(g["opening"]["stage"], json!("choose"));
    assert_eq!(g["opening"]["to_act"], json!("o"));
    assert_eq!(g["opening"]["accepts"], json!(["machine"]));
    assert_eq!(g["machine_to_move"], json!(true));
    let three = moves_of(&g);
    assert_eq!(three.len(), 3);
    // The machine chooser takes black or plays white's fourth stone (never two more stones),
    // as the library's chooser with its player decides.
    let g = opening(&app, &id, json!({"choice": "machine", "seat": "o"}))
        .await
        .json();
    let three: Vec<&str> = three.iter().map(String::as_str).collect();
    assert_eq!(g["opening"]["stage"], json!("done"));
    assert_eq!(g["machine_to_move"], json!(true));
    let decided = decision_of(chooser, &three);
    match decided {
        Decision::Swap => {
            assert_eq!(g["opening"]["swapped"], json!(true));
            assert_eq!(g["players"], json!({"x": chooser, "o": opener}));
            assert_eq!(moves_of(&g).len(), 3);
        }
        Decision::Play(_) => {
            assert_eq!(g["opening"]["swapped"], json!(false));
            assert_eq!(g["players"], json!({"x": opener, "o": chooser}));
            assert_eq!(moves_of(&g).len(), 4);
        }
    }
    // The game goes on as any: the machine to move plays.
    let t = ok(
        &app,
        "POST",
        &format!("/api/games/{id}/think"),
        Some(r#"{"play": true}"#),
    )
    .await;
    let played = moves_of(&t["game"]).len();
    assert_eq!(played, moves_of(&g).len() + 1);
    // Its JSON record recreates it: the seats where they sit now, and the opening.
    let body = ok(&app, "GET", &format!("/api/games/{id}/record"), None).await;
    let copy = new_game(&app, body).await;
    let c = ok(&app, "GET", &format!("/api/games/{copy}"), None).await;
    assert_eq!(c["players"], t["game"]["players"]);
    assert_eq!(c["opening"], g["opening"]);
    assert_eq!(moves_of(&c).len(), played);

    // A person opens, the machine chooses on three stones under swap2 as under swap.
    let id = new_game(
        &app,
        json!({"size": 15, "opening": "swap2", "players": {"x": "human", "o": chooser}}),
    )
    .await;
    play_all(&app, &id, &three).await;
    let g = opening(&app, &id, json!({"choice": "machine"}))
        .await
        .json();
    assert_eq!(g["opening"]["stage"], json!("done"));
    let stones = if decided == Decision::Swap { 3 } else { 4 };
    assert_eq!(moves_of(&g).len(), stones);
    let (_, sgf) = record_file(&app, &id, "sgf").await;
    assert!(sgf.contains(&format!("OP[swap2:{stones}]")), "{sgf}");
}

#[tokio::test]
async fn undo_at_each_stage_of_swap2_and_a_record_s_opening_read_back() {
    let app = server();
    let id = new_game(
        &app,
        json!({"size": 15, "opening": "swap2", "players": {"x": "human", "o": "human"}}),
    )
    .await;
    let undo = format!("/api/games/{id}/undo");
    let refused = |count: usize, stay: usize| {
        let app = app.clone();
        let undo = undo.clone();
        async move {
            let body = json!({ "count": count }).to_string();
            let message = send(&app, "POST", &undo, Some(&body))
                .await
                .error(StatusCode::CONFLICT);
            assert!(
                message.contains(&format!("the opening's first {stay} stay")),
                "{message}"
            );
        }
    };
    // The opener's stones, while it places them.
    play_all(&app, &id, &["h8", "i9"]).await;
    let g = ok(&app, "POST", &undo, Some(r#"{"count": 2}"#)).await;
    assert_eq!(
        (&g["opening"]["stage"], &g["opening"]["to_place"]),
        (&json!("place"), &json!(3))
    );
    play_all(&app, &id, &["h8", "i9", "h10"]).await;
    // Three down: they stay, and so does the chooser's choice to place two more.
    refused(1, 3).await;
    opening(&app, &id, json!({"choice": "place"})).await.json();
    refused(1, 3).await;
    play_all(&app, &id, &["j9"]).await;
    refused(2, 3).await;
    let g = ok(&app, "POST", &undo, None).await;
    assert_eq!(moves_of(&g).len(), 3);
    assert_eq!(
        (
            &g["opening"]["stage"],
            &g["opening"]["to_act"],
            &g["opening"]["to_place"],
            &g["opening"]["kept"]
        ),
        (&json!("place"), &json!("o"), &json!(2), &json!(3))
    );
    // Five down: the opener chooses, and the five stay.
    play_all(&app, &id, &["j9", "g9"]).await;
    refused(1, 5).await;
    // The opener takes white: six stones stay, the game's moves go.
    let g = opening(&app, &id, json!({"choice": "white", "move": "k10"}))
        .await
        .json();
    assert_eq!(
        (&g["opening"]["kept"], &g["opening"]["swapped"]),
        (&json!(6), &json!(true))
    );
    refused(1, 6).await;
    play_all(&app, &id, &["h9"]).await;
    refused(2, 6).await;
    let g = ok(&app, "POST", &undo, None).await;
    assert_eq!(moves_of(&g).len(), 6);
    let g = play_all(&app, &id, &["h9"]).await;

    // The move line and SGF name it; a game read from either has the same opening, done.
    for format in ["moves", "sgf"] {
        let (_, text) = record_file(&app, &id, format).await;
        let copy = new_game(&app, json!({ "record": text })).await;
        let c = ok(&app, "GET", &format!("/api/games/{copy}"), None).await;
        assert_eq!(c["opening"], g["opening"], "{format}: {text}");
        assert_eq!(c["moves"], g["moves"], "{format}");
        send(
            &app,
            "POST",
            &format!("/api/games/{copy}/undo"),
            Some(r#"{"count": 2}"#),
        )
        .await
        .error(StatusCode::CONFLICT);
    }
    // A record of a chooser who took black on three: its seats changed colours.
    let text = "# size: 15x15\n# k: 5\n# opening: swap:3\nh8 i9 h10 j9\n";
    let copy = new_game(&app, json!({ "record": text })).await;
    let c = ok(&app, "GET", &format!("/api/games/{copy}"), None).await;
    assert_eq!(
        c["opening"],
        json!({"rule": "swap", "stage": "done", "to_act": null, "to_place": 0,
               "stones": ["h8", "i9", "h10"], "swapped": true, "accepts": [], "kept": 3,
               "opened": "swap:3"})
    );
}

#[tokio::test]
async fn the_server_says_which_openings_a_board_takes() {
    let app = server();
    // 15x15, four in a row: the openings' three stones leave the game on, so both fit (the
    // page once judged by itself and refused k below 5 while this server took it).
    let v = ok(&app, "GET", "/api/variant?size=15&k=4", None).await;
    assert_eq!(
        v,
        json!({"size": {"width": 15, "height": 15}, "k": 4, "rule": "freestyle", "openings": [
            {"name": "none", "fits": true, "why": null},
            {"name": "swap", "fits": true, "why": null},
            {"name": "swap2", "fits": true, "why": null}]})
    );
    // And a game of it begins with the opening.
    let id = new_game(
        &app,
        json!({"size": 15, "k": 4, "opening": "swap", "players": {"x": "human", "o": "human"}}),
    )
    .await;
    let g = ok(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(g["opening"]["stage"], json!("place"));
    // One in a row: the first stone wins, no opening fits, and a game is refused for the
    // reason the view gives.
    let v = ok(
        &app,
        "GET",
        "/api/variant?size=15x15&k=1&rule=freestyle",
        None,
    )
    .await;
    let why = v["openings"][1]["why"].as_str().unwrap().to_string();
    assert_eq!(
        why,
        "swap's three stones do not fit a 15x15 board with 1 in a row"
    );
    assert_eq!(
        (&v["openings"][1]["fits"], &v["openings"][2]["fits"]),
        (&json!(false), &json!(false))
    );
    let body = json!({"size": 15, "k": 1, "opening": "swap"}).to_string();
    let message = send(&app, "POST", "/api/games", Some(&body))
        .await
        .error(StatusCode::BAD_REQUEST);
    assert!(message.contains(&why), "{message}");
    // Renju: 15x15 and five unless said otherwise.
    let v = ok(&app, "GET", "/api/variant?rule=renju", None).await;
    assert_eq!(
        (&v["size"], &v["k"], &v["openings"][2]["fits"]),
        (&json!({"width": 15, "height": 15}), &json!(5), &json!(true))
    );
    // A query that makes no game: 400 saying why.
    for (query, needle) in [
        ("size=3&k=9", "k = 9 does not fit a 3x3 board"),
        ("size=big", "cannot read board size 'big'"),
        ("size=25", "out of bounds"),
        ("rule=caro", "unknown rule 'caro'"),
        ("k=4&rule=renju", "played with k = 5"),
        ("colour=red", "unknown field"),
    ] {
        let message = send(&app, "GET", &format!("/api/variant?{query}"), None)
            .await
            .error(StatusCode::BAD_REQUEST);
        assert!(message.contains(needle), "{query}: {message}");
    }
}

#[tokio::test]
async fn the_teachers_tree_labels_max_and_min_with_e_p_and_orders_moves() {
    let app = server();
    let id = new_game(
        &app,
        json!({"moves": "b2 a1", "players": {"x": "human", "o": "human"}}),
    )
    .await;
    let uri = format!("/api/games/{id}/tree");
    let t = ok(
        &app,
        "POST",
        &uri,
        Some(r#"{"player": "alphabeta", "search_depth": 2, "depth": 2}"#),
    )
    .await;
    let root = &t["tree"];
    assert_eq!(
        (&root["role"], &root["role_label"]),
        (&json!("max"), &json!("MAX"))
    );
    assert_eq!(root["order"], json!(1));
    assert_eq!(t["order"], json!("row-major"));
    let per_ply: u64 = t["nodes_per_ply"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(json!(per_ply), t["visited"]);
    assert!(t["branching_factor"].as_f64().unwrap() > 1.0);
    for child in root["children"].as_array().unwrap() {
        assert_eq!(child["role"], json!("min"), "{child}");
    }
    // X c3, O a3: a static leaf, exactly its e(P), with its terms.
    let c3 = root["children"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["move"] == json!("c3"))
        .unwrap();
    let leaf = c3["children"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["move"] == json!("a3"))
        .unwrap();
    assert_eq!(leaf["kind"], json!("horizon"));
    assert_eq!(
        (&leaf["bound"], &leaf["role"]),
        (&json!("exact"), &json!("max"))
    );
    assert_eq!(
        leaf["terms"],
        json!({"open_for_max": 3, "open_for_min": 2, "value": 1,
               "text": "e(P) = 3 - 2 = +1: open lines for X minus open lines for O"})
    );
    assert_eq!(leaf["value"], json!(1.0));
    // A MIN node leaves with beta lowered to its value.
    let first = &root["children"][0];
    let v = first["value"].as_f64().unwrap() as i64;
    assert_eq!(
        first["window_after"][1],
        json!(v.min(first["window"][1].as_i64().unwrap()))
    );
    // Move order decides the nodes alpha-beta searches (after b2, to the end of the game).
    let after_b2 = new_game(
        &app,
        json!({"moves": "b2", "players": {"x": "human", "o": "human"}}),
    )
    .await;
    let uri = format!("/api/games/{after_b2}/tree");
    let mut visited = Vec::new();
    for order in ["best-first", "row-major", "worst-first"] {
        let body = json!({"player": "alphabeta", "order": order}).to_string();
        let t = ok(&app, "POST", &uri, Some(&body)).await;
        assert_eq!(t["order"], json!(order));
        visited.push(t["visited"].as_u64().unwrap());
    }
    assert_eq!(visited, [649, 2_316, 4_741]);
    let t = ok(&app, "POST", &uri, Some(r#"{"player": "minimax"}"#)).await;
    assert_eq!(t["visited"], json!(55_505));
    assert_eq!(t["order"], Value::Null);
    let refused = [
        (
            r#"{"player": "minimax", "order": "best-first"}"#,
            StatusCode::UNPROCESSABLE_ENTITY,
            "the players that take an order: alphabeta",
        ),
        (
            r#"{"order": "upside-down"}"#,
            StatusCode::BAD_REQUEST,
            "row-major, best-first, worst-first",
        ),
    ];
    for (body, status, needle) in refused {
        let message = send(&app, "POST", &uri, Some(body)).await.error(status);
        assert!(message.contains(needle), "{body}: {message}");
    }
}

#[tokio::test]
async fn mcts_shows_visits_and_win_rates_as_candidates() {
    let app = server();
    let id = new_game(
        &app,
        json!({"moves": "a3 a2 b3 b2", "players": {"x": "human", "o": "human"}}),
    )
    .await;
    let t = ok(
        &app,
        "POST",
        &format!("/api/games/{id}/think"),
        Some(r#"{"player": "mcts:playouts=2000,seed=3"}"#),
    )
    .await;
    assert_eq!(t["move"], json!("c3"));
    assert_eq!(t["candidates_from"], json!("player"));
    let candidates = t["candidates"].as_array().unwrap();
    assert_eq!(candidates.len(), 5);
    let visits: u64 = candidates
        .iter()
        .map(|c| c["visits"].as_u64().unwrap())
        .sum();
    assert_eq!(visits, 2000);
    assert_eq!(candidates[0]["move"], json!("c3"));
    assert_eq!(candidates[0]["scale"], json!("probability"));
    assert_eq!(
        candidates[0]["value_text"],
        json!("X 1.0000 (MCTS win rate, a draw counts half)")
    );
    assert_eq!(t["tie_break"], Value::Null);
    // Other players' candidates have no visits.
    let t = ok(
        &app,
        "POST",
        &format!("/api/games/{id}/think"),
        Some(r#"{"player": "minimax"}"#),
    )
    .await;
    assert!(
        t["candidates"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["visits"].is_null())
    );

    // The catalog says so as data: who samples, who takes an order, who keeps the first of
    // equals.
    let list = ok(&app, "GET", "/api/players", None).await;
    let with = |ability: &str| -> Vec<String> {
        let players = list["players"].as_array().unwrap().iter();
        players
            .filter(|p| p["abilities"][ability] == json!(true))
            .map(|p| p["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(with("random_playouts"), ["mcts"]);
    assert_eq!(with("orders_moves"), ["alphabeta"]);
    assert!(with("first_of_equals").contains(&"gomoku-pruned".to_string()));
    assert!(!with("first_of_equals").contains(&"mcts".to_string()));
}
