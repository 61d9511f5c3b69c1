//! `mnk serve` end to end: it prints its address, answers there, and refuses bad options.

mod common;

use assert_cmd::Command;
use common::{Server, get};
use predicates::prelude::*;
use std::io::{Read, Write};

/// Starts `mnk serve --port 0` with `options`; the server, the first line it printed and the
/// `host:port` it listens on.
fn serve(options: &[&str]) -> (Server, String, String) {
    let mut args = vec!["serve", "--port", "0"];
    args.extend_from_slice(options);
    common::start_server(&args)
}

#[test]
fn serve_prints_its_address_and_answers_there() {
    let (_server, line, host_port) = serve(&[]);
    let host_port = host_port.as_str();
    assert!(
        line.starts_with("mnk serve: open http://127.0.0.1:"),
        "{line}"
    );
    let players = get(host_port, "/api/players");
    assert!(players.starts_with("HTTP/1.1 200"), "{players}");
    assert!(players.contains("\"name\":\"perfect\""));
    let page = get(host_port, "/");
    assert!(page.contains("text/html") && page.contains("/app.js"));
    // The caps it was given, as GET /api says them.
    let (_server, _, host_port) = serve(&["--think-ms", "3000", "--analysis-ms", "60000"]);
    let index = get(&host_port, "/api");
    assert!(
        index.contains("\"think_ms\":3000") && index.contains("\"analysis_ms\":60000"),
        "{index}"
    );
}

#[test]
fn serve_refuses_bad_options_and_busy_ports() {
    Command::cargo_bin("mnk")
        .unwrap()
        .args(["serve", "--host", "nowhere"])
        .assert()
        .code(2);
    Command::cargo_bin("mnk")
        .unwrap()
        .args(["serve", "--port", "70000"])
        .assert()
        .code(2);
    Command::cargo_bin("mnk")
        .unwrap()
        .args(["serve", "--think-ms", "0"])
        .assert()
        .code(2);
    Command::cargo_bin("mnk")
        .unwrap()
        .args(["serve", "--analysis-ms", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--analysis-ms"));
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    Command::cargo_bin("mnk")
        .unwrap()
        .args(["serve", "--port", &port])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("cannot listen"));
}

/// One HTTP request from the address `from` (any 127.x.y.z works on loopback); the response.
fn request_from(from: &str, host_port: &str, method: &str, path: &str, body: &str) -> String {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut stream = runtime
        .block_on(async {
            let socket = tokio::net::TcpSocket::new_v4()?;
            socket.bind(format!("{from}:0").parse().unwrap())?;
            socket.connect(host_port.parse().unwrap()).await?.into_std()
        })
        .unwrap();
    stream.set_nonblocking(false).unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {host_port}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

fn created_id(response: &str) -> String {
    assert!(response.starts_with("HTTP/1.1 201"), "{response}");
    let json = &response[response.find("\r\n\r\n").unwrap() + 4..];
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    v["id"].as_str().unwrap().to_string()
}

#[test]
fn one_client_creating_games_cannot_push_out_another_clients_game() {
    // Was: 1,000 POST /api/games evicted every other user's game in about 0.3 s.
    let (_server, _, host_port) = serve(&["--games-per-client", "3", "--max-games", "10"]);
    let host_port = host_port.as_str();
    let mine = created_id(&request_from(
        "127.0.0.1",
        host_port,
        "POST",
        "/api/games",
        "{}",
    ));
    let flood: Vec<String> = (0..30)
        .map(|_| {
            created_id(&request_from(
                "127.0.0.2",
                host_port,
                "POST",
                "/api/games",
                "{}",
            ))
        })
        .collect();
    let read = |id: &str| {
        request_from(
            "127.0.0.1",
            host_port,
            "GET",
            &format!("/api/games/{id}"),
            "",
        )
    };
    assert!(read(&mine).starts_with("HTTP/1.1 200"), "{}", read(&mine));
    assert!(read(&flood[0]).starts_with("HTTP/1.1 404"));
    assert!(read(&flood[29]).starts_with("HTTP/1.1 200"));
    let api = get(host_port, "/api");
    assert!(api.contains("\"games_per_client\":3"), "{api}");
}

#[test]
fn a_nested_record_leaves_mnk_serve_answering_and_its_games_kept() {
    // Was: `tokio-rt-worker has overflowed its stack`: the server aborted, every game lost.
    let (_server, _, host_port) = serve(&["--connections-per-client", "5"]);
    let host_port = host_port.as_str();
    let mine = created_id(&request_from(
        "127.0.0.1",
        host_port,
        "POST",
        "/api/games",
        r#"{"size": 15, "moves": "h8 h9"}"#,
    ));
    let n = 5180;
    let body =
        serde_json::json!({ "record": format!("{}{}", "(;".repeat(n), ")".repeat(n)) }).to_string();
    let nested = request_from("127.0.0.1", host_port, "POST", "/api/games", &body);
    assert!(nested.starts_with("HTTP/1.1 201"), "{nested}");
    let kept = request_from(
        "127.0.0.1",
        host_port,
        "GET",
        &format!("/api/games/{mine}"),
        "",
    );
    assert!(
        kept.starts_with("HTTP/1.1 200") && kept.contains("h8 h9"),
        "{kept}"
    );
    let api = get(host_port, "/api");
    assert!(api.contains("\"connections_per_client\":5"), "{api}");
    assert!(api.contains("\"max_connections\":"), "{api}");
}
