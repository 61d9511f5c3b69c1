//! The load check of `mnk serve` (a benchmark, not a test): many clients at once, each on its
//! own loopback address (127.1.x.y, so each is a client of its own for the server's
//! per-client limits), for a while:
//! - half of them play a game of their own (create it, then read it and play a move, over and
//!   over; a new game when one ends);
//! - the other half create games and ask for a move (`rules`, a quick player).
//!
//! It prints, per kind of request, how many, how many failed (a connection error or an answer
//! other than 2xx; 409 for a move on a finished game is not a failure) and the latency's
//! median, 99th percentile and maximum. Read the server's memory with `ps` or /proc meanwhile.
//!
//! ```sh
//! cargo run --release -p mnk-cli -- serve --port 8080 &
//! cargo run --release -p mnk-web --example load -- 127.0.0.1:8080 1000 20
//! ```

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// One client's connection: kept alive, reopened when the server closes it.
struct Connection {
    from: String,
    server: SocketAddr,
    stream: Option<BufReader<TcpStream>>,
}

impl Connection {
    fn open(&self) -> std::io::Result<BufReader<TcpStream>> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .build()?;
        let stream = runtime.block_on(async {
            let socket = tokio::net::TcpSocket::new_v4()?;
            socket.bind(
                format!("{}:0", self.from)
                    .parse()
                    .map_err(std::io::Error::other)?,
            )?;
            socket.connect(self.server).await?.into_std()
        })?;
        stream.set_nonblocking(false)?;
        stream.set_nodelay(true)?;
        Ok(BufReader::new(stream))
    }

    /// Sends one request; the status and the body.
    fn request(&mut self, method: &str, path: &str, body: &str) -> std::io::Result<(u16, String)> {
        if self.stream.is_none() {
            self.stream = Some(self.open()?);
        }
        let result = self.exchange(method, path, body);
        if result.is_err() {
            self.stream = None;
        }
        result
    }

    fn exchange(&mut self, method: &str, path: &str, body: &str) -> std::io::Result<(u16, String)> {
        let server = self.server;
        let reader = self.stream.as_mut().expect("opened");
        write!(
            reader.get_mut(),
            "{method} {path} HTTP/1.1\r\nHost: {server}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{body}",
            body.len()
        )?;
        let mut line = String::new();
        reader.read_line(&mut line)?;
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| std::io::Error::other(format!("bad status line {line:?}")))?;
        let mut length = 0;
        let mut close = false;
        loop {
            line.clear();
            reader.read_line(&mut line)?;
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            let lower = header.to_ascii_lowercase();
            if let Some(v) = lower.strip_prefix("content-length:") {
                length = v.trim().parse().map_err(std::io::Error::other)?;
            }
            close |= lower == "connection: close";
        }
        let mut body = vec![0; length];
        reader.read_exact(&mut body)?;
        if close {
            self.stream = None;
        }
        Ok((status, String::from_utf8_lossy(&body).into_owned()))
    }
}

/// Latencies and failures of one kind of request.
#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    failures: usize,
    first_failure: Option<String>,
}

type Tallies = BTreeMap<&'static str, Tally>;

fn timed(
    tallies: &mut Tallies,
    kind: &'static str,
    conn: &mut Connection,
    method: &str,
    path: &str,
    body: &str,
) -> Option<(u16, String)> {
    let start = Instant::now();
    let result = conn.request(method, path, body);
    let tally = tallies.entry(kind).or_default();
    tally.latencies.push(start.elapsed());
    let failed = match &result {
        Ok((status, _)) => {
            let finished_game = kind == "move" && *status == 409;
            !((200..300).contains(status) || finished_game)
        }
        Err(_) => true,
    };
    if failed {
        tally.failures += 1;
        if tally.first_failure.is_none() {
            tally.first_failure = Some(match &result {
                Ok((status, text)) => format!("{status} {text}"),
                Err(e) => e.to_string(),
            });
        }
    }
    result.ok()
}

fn game_id(text: &str) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    v["id"].as_str().map(ToString::to_string)
}

/// A client playing its own game until `end`.
fn player(conn: &mut Connection, end: Instant, seed: usize) -> Tallies {
    let mut tallies = Tallies::new();
    let new_game = r#"{"size": 15, "players": {"x": "human", "o": "human"}}"#;
    let mut game = None;
    let mut ply = 0;
    while Instant::now() < end {
        let Some(id) = game.clone() else {
            game = timed(&mut tallies, "create", conn, "POST", "/api/games", new_game)
                .and_then(|(_, text)| game_id(&text));
            ply = 0;
            continue;
        };
        timed(
            &mut tallies,
            "read",
            conn,
            "GET",
            &format!("/api/games/{id}"),
            "",
        );
        // Cells visited in an order that depends on the client, none twice in a game.
        let cell = (seed * 37 + ply * 61) % 225;
        let mv = format!(
            r#"{{"move": "{}{}"}}"#,
            char::from(b'a' + (cell % 15) as u8),
            cell / 15 + 1
        );
        let answer = timed(
            &mut tallies,
            "move",
            conn,
            "POST",
            &format!("/api/games/{id}/moves"),
            &mv,
        );
        ply += 1;
        let over = answer
            .is_none_or(|(status, text)| status == 409 || !text.contains("\"status\":\"playing\""));
        if over || ply >= 60 {
            game = None;
        }
    }
    tallies
}

/// A client creating games and asking for a move in each until `end`.
fn thinker(conn: &mut Connection, end: Instant) -> Tallies {
    let mut tallies = Tallies::new();
    while Instant::now() < end {
        let created = timed(
            &mut tallies,
            "create",
            conn,
            "POST",
            "/api/games",
            r#"{"size": 9}"#,
        );
        if let Some(id) = created.and_then(|(_, text)| game_id(&text)) {
            let think = format!("/api/games/{id}/think");
            timed(
                &mut tallies,
                "think",
                conn,
                "POST",
                &think,
                r#"{"player": "rules"}"#,
            );
        }
    }
    tallies
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

/// Exits with the usage line (a wrong or missing argument).
fn usage() -> ! {
    eprintln!("usage: load HOST:PORT [CLIENTS (1000)] [SECONDS (20)]");
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let number = |i: usize, default: u64| {
        args.get(i)
            .map_or(Some(default), |a| a.parse().ok())
            .unwrap_or_else(|| usage())
    };
    let server: SocketAddr = args
        .get(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| usage());
    let clients = usize::try_from(number(2, 1000)).unwrap_or_else(|_| usage());
    let seconds = number(3, 20);
    let end = Instant::now() + Duration::from_secs(seconds);
    let handles: Vec<_> = (0..clients)
        .map(|i| {
            let from = format!("127.1.{}.{}", i / 250, i % 250 + 1);
            std::thread::Builder::new()
                .stack_size(256 * 1024)
                .spawn(move || {
                    let mut conn = Connection {
                        from,
                        server,
                        stream: None,
                    };
                    if i % 2 == 0 {
                        player(&mut conn, end, i)
                    } else {
                        thinker(&mut conn, end)
                    }
                })
                .expect("a thread per client")
        })
        .collect();
    let mut all = Tallies::new();
    for handle in handles {
        for (kind, tally) in handle.join().expect("a client thread") {
            let into = all.entry(kind).or_default();
            into.latencies.extend(tally.latencies);
            into.failures += tally.failures;
            if into.first_failure.is_none() {
                into.first_failure = tally.first_failure;
            }
        }
    }
    println!("{clients} clients, {seconds} s, server {server}");
    for (kind, tally) in &mut all {
        tally.latencies.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "{kind:>6}: {:>7} requests, {:>5} failed; latency median {:.1} ms, p99 {:.1} ms, max {:.1} ms{}",
            tally.latencies.len(),
            tally.failures,
            ms(percentile(&tally.latencies, 0.5)),
            ms(percentile(&tally.latencies, 0.99)),
            ms(*tally.latencies.last().unwrap_or(&Duration::ZERO)),
            tally
                .first_failure
                .as_ref()
                .map_or(String::new(), |f| format!("; first failure: {f}"))
        );
    }
}
