//! The server's connections, on a real listener ([`mnk_web::serve`]): clients that send
//! nothing, a byte now and then, or a body that never ends are closed on time; a client's
//! share and the server's total are held; an oversized body is refused before it is read.
//! (Timeouts are shortened here; `GET /api` says the server's own.)

use mnk_web::Limits;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

const TIMEOUT: Duration = Duration::from_millis(300);

/// A server on a free port of 127.0.0.1, with short timeouts and small connection bounds.
async fn server(limits: Limits) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(mnk_web::serve(listener, limits));
    address
}

fn limits() -> Limits {
    Limits {
        header_timeout: TIMEOUT,
        body_timeout: TIMEOUT,
        max_connections: 8,
        connections_per_client: 3,
        ..Limits::default()
    }
}

/// A connection from `from` (a loopback address: each is a client of its own).
async fn connect(from: [u8; 4], server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    socket.connect(server).await.unwrap()
}

/// Reads until the server closes the connection (or `within` passes: `None`).
async fn closed_within(stream: &mut TcpStream, within: Duration) -> Option<(Duration, Vec<u8>)> {
    let start = Instant::now();
    let mut got = Vec::new();
    let read = tokio::time::timeout(within, async {
        let mut buf = [0u8; 4096];
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await;
    read.ok().map(|()| (start.elapsed(), got))
}

async fn get_api(from: [u8; 4], server: SocketAddr) -> String {
    let mut stream = connect(from, server).await;
    stream
        .write_all(b"GET /api HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let (_, response) = closed_within(&mut stream, Duration::from_secs(10))
        .await
        .expect("an answer");
    String::from_utf8_lossy(&response).into_owned()
}

#[tokio::test]
async fn silent_and_trickling_clients_are_closed_on_time() {
    // Was: 500 idle or header-trickling connections stayed open 40-70 s.
    let server = server(limits()).await;
    let mut idle = connect([127, 0, 0, 2], server).await;
    let (after, said) = closed_within(&mut idle, Duration::from_secs(5))
        .await
        .expect("an idle connection is closed");
    assert!(after >= TIMEOUT / 2 && said.is_empty(), "{after:?}");
    // Headers a byte at a time: closed though every byte came in time.
    let mut trickle = connect([127, 0, 0, 2], server).await;
    let start = Instant::now();
    let mut closed = false;
    for &byte in b"GET /api HTTP/1.1\r\nHost: t\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n" {
        if trickle.write_all(&[byte]).await.is_err() {
            closed = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    closed = closed
        || closed_within(&mut trickle, Duration::from_secs(5))
            .await
            .is_some();
    assert!(closed && start.elapsed() < Duration::from_secs(5));
    // A connection idle after its answer (kept alive) is closed too.
    let mut kept = connect([127, 0, 0, 2], server).await;
    kept.write_all(b"GET /api HTTP/1.1\r\nHost: t\r\n\r\n")
        .await
        .unwrap();
    let (_, answer) = closed_within(&mut kept, Duration::from_secs(5))
        .await
        .expect("closed once idle");
    assert!(answer.starts_with(b"HTTP/1.1 200"));
}

#[tokio::test]
async fn a_body_too_large_or_too_slow_is_refused() {
    let server = server(limits()).await;
    // Declared larger than the limit: 413 at once, before any of it is sent.
    let mut stream = connect([127, 0, 0, 3], server).await;
    stream
        .write_all(b"POST /api/games HTTP/1.1\r\nHost: t\r\nContent-Length: 99999999999\r\n\r\n")
        .await
        .unwrap();
    let (after, response) = closed_within(&mut stream, Duration::from_secs(5))
        .await
        .expect("answered and closed");
    let response = String::from_utf8_lossy(&response);
    assert!(response.starts_with("HTTP/1.1 413"), "{response}");
    assert!(response.contains("at most 65536 bytes"), "{response}");
    assert!(after < TIMEOUT, "{after:?}");
    // A body that stops coming: 408 when its time is up.
    let mut stream = connect([127, 0, 0, 3], server).await;
    stream
        .write_all(b"POST /api/games HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n{\"size\"")
        .await
        .unwrap();
    let (_, response) = closed_within(&mut stream, Duration::from_secs(5))
        .await
        .expect("answered and closed");
    let response = String::from_utf8_lossy(&response);
    assert!(response.starts_with("HTTP/1.1 408"), "{response}");
}

#[tokio::test]
async fn a_client_holds_its_share_and_the_server_its_total() {
    // Was: no bound; with 256 file descriptors, 300 idle connections made `GET /api` time
    // out for everyone. Now a client has its share, and in a full server a newcomer takes
    // the place of a connection that waits for nothing.
    let limits = Limits {
        header_timeout: Duration::from_secs(30),
        ..limits()
    };
    let server = server(limits).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(connect([127, 0, 0, 4], server).await);
    }
    // A fourth from the same client is closed at once, before it sends anything.
    let mut fourth = connect([127, 0, 0, 4], server).await;
    assert!(
        closed_within(&mut fourth, Duration::from_secs(2))
            .await
            .is_some()
    );
    // Others are served meanwhile.
    let index = get_api([127, 0, 0, 5], server).await;
    assert!(index.starts_with("HTTP/1.1 200"), "{index}");
    assert!(index.contains("\"connections_per_client\":3"), "{index}");
    assert!(index.contains("\"header_timeout_ms\":30000"), "{index}");
    // Eight in all: five more from other clients fill it. A ninth, from a client holding
    // none, gets in: the connection waiting longest of the client holding the most (the
    // first one of 127.0.0.4) is closed to make room.
    for from in 6..=10u8 {
        held.push(connect([127, 0, 0, from], server).await);
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let index = get_api([127, 0, 0, 11], server).await;
    assert!(index.starts_with("HTTP/1.1 200"), "{index}");
    assert!(
        closed_within(&mut held[0], Duration::from_secs(2))
            .await
            .is_some(),
        "the oldest connection of the biggest holder makes room"
    );
    let mut second = held.remove(1);
    assert!(
        closed_within(&mut second, Duration::from_millis(200))
            .await
            .is_none(),
        "one connection made room, not two"
    );
}

#[tokio::test]
async fn a_deeply_nested_record_leaves_the_server_answering() {
    // Was: 15 KB of nested SGF overflowed a worker's stack and aborted the server.
    let server = server(limits()).await;
    let n = 5180;
    let body =
        serde_json::json!({ "record": format!("{}{}", "(;".repeat(n), ")".repeat(n)) }).to_string();
    let response = request([127, 0, 0, 13], server, "POST", "/api/games", &body).await;
    assert!(response.starts_with("HTTP/1.1 201"), "{response}");
    let index = get_api([127, 0, 0, 13], server).await;
    assert!(index.starts_with("HTTP/1.1 200"), "{index}");
}

/// `method path` with a JSON `body` from `from`, the connection closed after the answer: the
/// answer's body (empty when the connection was turned away).
async fn request(
    from: [u8; 4],
    server: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
) -> String {
    let mut stream = connect(from, server).await;
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let (_, response) = closed_within(&mut stream, Duration::from_secs(10))
        .await
        .expect("an answer");
    String::from_utf8_lossy(&response).into_owned()
}

/// The body of an answer.
fn body_of(response: &str) -> &str {
    response.split_once("\r\n\r\n").unwrap_or_default().1
}

/// Reads from `stream` until `text` has come (or `within` passes: false).
async fn read_until(stream: &mut TcpStream, text: &str, within: Duration) -> bool {
    let mut got = Vec::new();
    tokio::time::timeout(within, async {
        let mut buf = [0u8; 4096];
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return false,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
            if String::from_utf8_lossy(&got).contains(text) {
                return true;
            }
        }
    })
    .await
    .unwrap_or(false)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_is_a_request_in_progress_and_ends_when_its_page_goes_away() {
    // One connection in all: a stream holds it, past the header timeout, and is not closed
    // to make room for a newcomer.
    let server = server(Limits {
        max_connections: 1,
        ..limits()
    })
    .await;
    let game = request(
        [127, 0, 0, 14],
        server,
        "POST",
        "/api/games",
        r#"{"size": 15, "moves": "h8 h9"}"#,
    )
    .await;
    let id = serde_json::from_str::<serde_json::Value>(body_of(&game)).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let body = r#"{"player": "engine", "stream": true, "infinite": true}"#;
    let mut page = connect([127, 0, 0, 14], server).await;
    page.write_all(
        format!(
            "POST /api/games/{id}/think HTTP/1.1\r\nHost: t\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    )
    .await
    .unwrap();
    assert!(read_until(&mut page, "event: progress", Duration::from_secs(10)).await);
    tokio::time::sleep(TIMEOUT * 2).await;
    let mut newcomer = connect([127, 0, 0, 15], server).await;
    assert!(
        closed_within(&mut newcomer, Duration::from_secs(2))
            .await
            .is_some_and(|(_, said)| said.is_empty()),
        "a full server turns the newcomer away"
    );
    assert!(
        read_until(&mut page, "event: progress", Duration::from_secs(10)).await,
        "the stream goes on"
    );
    // The page goes away: its search stops, and the connection is free for others (who are
    // turned away until then).
    drop(page);
    let start = Instant::now();
    loop {
        let stop = request(
            [127, 0, 0, 15],
            server,
            "POST",
            &format!("/api/games/{id}/stop"),
            "",
        )
        .await;
        if body_of(&stop) == r#"{"stopped":0}"# {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the search still runs: {stop}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
