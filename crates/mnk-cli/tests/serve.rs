//! `mnk serve` end to end: it prints its address, answers there, and refuses bad options.

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};

/// Kills the server when the test ends, passed or not.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn get(host_port: &str, path: &str) -> String {
    let mut stream = TcpStream::connect(host_port).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {host_port}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

#[test]
fn serve_prints_its_address_and_answers_there() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mnk"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let _server = Server(child);
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).unwrap();
    assert!(
        line.starts_with("mnk serve: open http://127.0.0.1:"),
        "{line}"
    );
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap();
    let host_port = url.trim_start_matches("http://").trim_end_matches('/');
    let players = get(host_port, "/api/players");
    assert!(players.starts_with("HTTP/1.1 200"), "{players}");
    assert!(players.contains("\"name\":\"perfect\""));
    let page = get(host_port, "/");
    assert!(page.contains("text/html") && page.contains("/app.js"));
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
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    Command::cargo_bin("mnk")
        .unwrap()
        .args(["serve", "--port", &port])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("cannot listen"));
}
