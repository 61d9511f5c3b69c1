//! The slow-client check of `mnk serve` (a benchmark, not a test): many connections that send
//! nothing, and many that send a request's headers a byte at a time, held open (reopened as
//! soon as the server closes them) from loopback addresses 127.2.x.y, while a client of its
//! own (127.0.0.1) asks `GET /api` every 50 ms. It prints, every second and at the end, the
//! connections the attackers hold and how the honest client fared: answers, failures, and the
//! latency's median, 99th percentile and maximum.
//!
//! ```sh
//! cargo run --release -p mnk-cli -- serve --port 8080 &
//! cargo run --release -p mnk-web --example slowloris -- 127.0.0.1:8080 500 500 30
//! #                                  server, idle connections, trickling ones, seconds
//! ```
//!
//! The attackers spread over as many addresses as it takes to keep each under the server's
//! per-client share (`connections_per_client` in `GET /api`), so that only the server's total
//! bound and its timeouts stand between them and the honest client.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// Connections an attacking address opens (under the server's default share of 64).
const PER_ADDRESS: usize = 50;

async fn connect(from: [u8; 4], server: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::from((from, 0)))?;
    socket.connect(server).await
}

/// One attacking connection, reopened whenever the server closes it, until `end`: it sends
/// nothing (idle) or a request's headers a byte every 500 ms (trickling).
async fn attacker(
    from: [u8; 4],
    server: SocketAddr,
    trickle: bool,
    end: Instant,
    held: Arc<AtomicUsize>,
) {
    let request =
        b"GET /api HTTP/1.1\r\nHost: slow\r\nX-Padding: aaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n";
    while Instant::now() < end {
        let Ok(mut stream) = connect(from, server).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        held.fetch_add(1, Ordering::Relaxed);
        let mut buf = [0u8; 64];
        let mut sent = 0;
        loop {
            if Instant::now() >= end {
                break;
            }
            if trickle && sent < request.len() {
                if stream.write_all(&request[sent..=sent]).await.is_err() {
                    break;
                }
                sent += 1;
            }
            // Closed by the server: read returns 0 (or an error).
            let read = tokio::time::timeout(Duration::from_millis(500), stream.read(&mut buf));
            if let Ok(Ok(0) | Err(_)) = read.await {
                break;
            }
        }
        held.fetch_sub(1, Ordering::Relaxed);
    }
}

/// `GET /api` on a fresh connection: the time it took, or the error.
async fn probe(server: SocketAddr) -> Result<Duration, String> {
    let start = Instant::now();
    let ask = async {
        let mut stream = connect([127, 0, 0, 1], server)
            .await
            .map_err(|e| e.to_string())?;
        stream
            .write_all(b"GET /api HTTP/1.1\r\nHost: probe\r\nConnection: close\r\n\r\n")
            .await
            .map_err(|e| e.to_string())?;
        let mut response = Vec::new();
        stream
            .read_to_end(&mut response)
            .await
            .map_err(|e| e.to_string())?;
        if response.starts_with(b"HTTP/1.1 200") {
            Ok(())
        } else {
            Err(String::from_utf8_lossy(&response[..response.len().min(40)]).into_owned())
        }
    };
    match tokio::time::timeout(Duration::from_secs(5), ask).await {
        Ok(Ok(())) => Ok(start.elapsed()),
        Ok(Err(e)) => Err(e),
        Err(_) => Err("no answer within 5 s".into()),
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn summary(latencies: &mut [Duration], failures: usize) -> String {
    latencies.sort();
    let at = |p: f64| latencies[((latencies.len() as f64 * p) as usize).min(latencies.len() - 1)];
    if latencies.is_empty() {
        return format!("no answer, {failures} failures");
    }
    format!(
        "{} answers, {failures} failures; latency median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        latencies.len(),
        ms(at(0.5)),
        ms(at(0.99)),
        ms(latencies[latencies.len() - 1])
    )
}

fn usage() -> ! {
    eprintln!("usage: slowloris HOST:PORT IDLE TRICKLING SECONDS");
    std::process::exit(2);
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [server, idle, trickling, seconds] = &args[..] else {
        usage()
    };
    let server: SocketAddr = server.parse().unwrap_or_else(|_| usage());
    let idle: usize = idle.parse().unwrap_or_else(|_| usage());
    let trickling: usize = trickling.parse().unwrap_or_else(|_| usage());
    let seconds: u64 = seconds.parse().unwrap_or_else(|_| usage());
    let end = Instant::now() + Duration::from_secs(seconds);
    let held = Arc::new(AtomicUsize::new(0));
    for i in 0..idle + trickling {
        let n = i / PER_ADDRESS;
        let from = [127, 2, (n / 250) as u8, (n % 250 + 1) as u8];
        tokio::spawn(attacker(from, server, i >= idle, end, held.clone()));
    }
    let mut all = Vec::new();
    let mut failures = 0;
    let mut second = (Vec::new(), 0usize);
    let mut next_report = Instant::now() + Duration::from_secs(1);
    while Instant::now() < end {
        match probe(server).await {
            Ok(latency) => {
                all.push(latency);
                second.0.push(latency);
            }
            Err(e) => {
                failures += 1;
                second.1 += 1;
                eprintln!("probe failed: {e}");
            }
        }
        if Instant::now() >= next_report {
            println!(
                "attackers hold {:>4} connections; this second: {}",
                held.load(Ordering::Relaxed),
                summary(&mut second.0, second.1)
            );
            second = (Vec::new(), 0);
            next_report += Duration::from_secs(1);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    println!(
        "{idle} idle and {trickling} trickling connections for {seconds} s: {}",
        summary(&mut all, failures)
    );
}
