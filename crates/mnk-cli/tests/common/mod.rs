//! What several test files share: a server started as a child process, and plain HTTP to it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};

/// Kills the server when the test ends, passed or not.
pub struct Server(pub Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// One `GET path` to `host_port` (`127.0.0.1:8080`); the whole response, status line first.
pub fn get(host_port: &str, path: &str) -> String {
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

/// Starts `mnk ARGS` (a `serve` command line, its port 0 or free), waits for the first line it
/// prints; the server, that line and the `host:port` it says it listens on.
pub fn start_server(args: &[&str]) -> (Server, String, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mnk"))
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let server = Server(child);
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("`mnk {}` printed no address: {line:?}", args.join(" ")));
    let host_port = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    (server, line, host_port)
}
