//! Serving [`app`] on a listener: connections accepted within the server's bounds and timed
//! out, so that clients sending nothing, or a byte now and then, cannot hold the server.
//!
//! - At most [`Limits::connections_per_client`] connections of one client (an IPv4 address,
//!   or an IPv6 /64, as [`crate::body::Client`] counts them), and
//!   [`Limits::max_connections`] in all (fewer if the process's file limit allows fewer:
//!   [`connection_cap`]). In a full server a newcomer takes the place of a connection that
//!   is waiting for a request (never one serving a request): the one waiting longest of the
//!   client holding the most connections, if that client holds more than the newcomer's
//!   would, or if it has waited a second. Else, as for a client over its share, the new
//!   connection is closed as soon as it is accepted, before anything is read from it. So
//!   connections that send nothing, or a byte now and then, cannot keep a client with fewer
//!   out.
//! - A request's headers must arrive within [`Limits::header_timeout`], and a connection idle
//!   between requests is closed after as long (hyper's header read timeout, which runs from
//!   the moment the connection waits for a request).
//! - A body must arrive whole within [`Limits::body_timeout`] (408), and one whose declared
//!   length is over [`Limits::body_bytes`] is refused before it is read (413): both in
//!   [`crate::body`], the connection closed after the answer.
//! - A request is in progress until its answer's body has been sent whole: a stream of a
//!   search's progress ([`crate::routes`]' live analysis) is one request on one connection,
//!   counted like any other, never closed to make room, and not timed by the header timeout;
//!   it ends with its search (at the latest at the search's time cap), or when its page goes
//!   away (the next write fails).
//! - Ctrl-C or SIGTERM stops accepting and stops every search (each answers with its best so
//!   far); requests in progress finish (at most the queue's wait) before the server returns.
//!
//! [`app`]: crate::app

use crate::body::client_of;
use crate::config::Limits;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::io;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tower::ServiceExt;

/// Serves [`crate::app`] on `listener` until Ctrl-C (or SIGTERM), within `limits`; then
/// lets open requests finish.
///
/// # Errors
/// None in practice: a failed accept (too many open files, a connection reset before it was
/// accepted) waits a moment and accepts again.
pub async fn serve(listener: TcpListener, limits: Limits) -> io::Result<()> {
    let limits = Limits {
        max_connections: connection_cap(limits.max_connections, open_file_limit()),
        ..limits
    };
    let state = Arc::new(crate::AppState::new(limits.clone()));
    let app = crate::app_with(Arc::clone(&state));
    let gate = Gate::new(limits.max_connections, limits.connections_per_client);
    let (stop_serving, stopping) = tokio::sync::watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown_signal());
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(_) => {
                    // Out of file descriptors, or a connection gone before it was accepted:
                    // the timeouts free descriptors soon.
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Some(ticket) = gate.admit(client_of(peer.ip())) else {
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let (starts, ends) = (ticket.conn.clone(), ticket.conn.clone());
        let service = app
            .clone()
            .map_request(move |mut request: axum::extract::Request<_>| {
                starts.busy.fetch_add(1, Ordering::SeqCst);
                request.extensions_mut().insert(ConnectInfo(peer));
                request
            })
            .map_response(move |response: axum::response::Response| {
                // The request is served once its body has been sent (or given up).
                let served = Served(ends.clone());
                response.map(|body| {
                    axum::body::Body::new(CountedBody {
                        body,
                        _served: served,
                    })
                })
            });
        let connection =
            builder.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let mut stopping = stopping.clone();
        tokio::spawn(async move {
            let mut connection = std::pin::pin!(connection);
            let mut closing = false;
            loop {
                tokio::select! {
                    // A connection that ends badly (reset, timed out) concerns only its client.
                    _ = connection.as_mut() => break,
                    () = ticket.conn.leave.notified(), if !closing => {
                        // Made room for another: one that waits for a request is closed
                        // now; one serving a request finishes it first.
                        if ticket.conn.busy.load(Ordering::SeqCst) == 0 {
                            break;
                        }
                        connection.as_mut().graceful_shutdown();
                        closing = true;
                    }
                    _ = stopping.changed(), if !closing => {
                        connection.as_mut().graceful_shutdown();
                        closing = true;
                    }
                }
            }
            drop(ticket);
        });
    }
    let _ = stop_serving.send(true);
    state.searcher.stop_all();
    let patience = limits.think_time + limits.queue_wait + Duration::from_secs(1);
    let _ = tokio::time::timeout(patience, gate.emptied()).await;
    Ok(())
}

/// Descriptors kept for what is not a connection (the listener, the standard streams, files
/// a request reads): the connection cap leaves them free.
const RESERVED_FILES: usize = 64;

/// The connections the server holds at once: `wanted`, but no more than the process's file
/// limit leaves (`files`, `None` when unknown) after 64 kept for other files, and at least 1.
///
/// # Examples
/// ```
/// use mnk_web::serve::connection_cap;
/// assert_eq!(connection_cap(1024, Some(256)), 192);
/// assert_eq!(connection_cap(1024, Some(1 << 20)), 1024);
/// assert_eq!(connection_cap(1024, None), 1024);
/// assert_eq!(connection_cap(1024, Some(10)), 1);
/// ```
#[must_use]
pub fn connection_cap(wanted: usize, files: Option<u64>) -> usize {
    let room = files.map_or(usize::MAX, |f| {
        usize::try_from(f)
            .unwrap_or(usize::MAX)
            .saturating_sub(RESERVED_FILES)
    });
    wanted.min(room).max(1)
}

/// The process's limit on open files (its soft limit), where the system says (Linux's
/// `/proc/self/limits`).
fn open_file_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    let soft = line
        .trim_start_matches("Max open files")
        .split_whitespace()
        .next()?;
    if soft == "unlimited" {
        return None;
    }
    soft.parse().ok()
}

/// How long a connection must have waited for a request before a newcomer may take its
/// place in a full server, whoever holds it: a browser sends its request at once, so one
/// waiting this long is idle between requests, or slow on purpose.
const IDLE_GRACE: Duration = Duration::from_secs(1);

/// Counts open connections, in all and by client, and chooses which makes room when the
/// server is full.
///
/// A full server admits a newcomer by closing a connection that is not serving a request:
/// of the clients holding the most connections, the one waiting longest for a request, if
/// its client holds more than the newcomer's will, or if it has waited [`IDLE_GRACE`]. So
/// however many connections slow clients hold, a client with fewer gets in; a connection
/// serving a request is never cut.
#[derive(Debug, Clone)]
struct Gate {
    open: Arc<Mutex<Open>>,
    emptied: Arc<tokio::sync::Notify>,
    max: usize,
    per_client: usize,
    epoch: Instant,
}

#[derive(Debug, Default)]
struct Open {
    /// Connections open, those told to leave included.
    total: usize,
    /// Connections told to leave that have not yet.
    leaving: usize,
    /// Connections admitted so far.
    admitted: u64,
    by_client: HashMap<IpAddr, Vec<Arc<Conn>>>,
}

/// One open connection, as the gate sees it.
#[derive(Debug)]
struct Conn {
    client: IpAddr,
    /// Admitted before every connection of a higher number.
    number: u64,
    /// Requests it is serving (0: it waits for one).
    busy: AtomicUsize,
    /// When it last started waiting for a request, in milliseconds from the gate's epoch.
    resting_since: AtomicU64,
    /// Told to make room for another.
    leaving: AtomicBool,
    /// Wakes its task to leave.
    leave: tokio::sync::Notify,
    epoch: Instant,
}

impl Conn {
    fn now(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// It answered a request: it waits for the next from now.
    fn rest(&self) {
        self.resting_since.store(self.now(), Ordering::SeqCst);
    }

    /// How long it has waited for a request (zero while it serves one).
    fn waiting(&self) -> Duration {
        if self.busy.load(Ordering::SeqCst) > 0 {
            return Duration::ZERO;
        }
        let since = self.resting_since.load(Ordering::SeqCst);
        Duration::from_millis(self.now().saturating_sub(since))
    }
}

/// A request being served on a connection, until dropped: then the connection waits for the
/// next one.
#[derive(Debug)]
struct Served(Arc<Conn>);

impl Drop for Served {
    fn drop(&mut self) {
        self.0.busy.fetch_sub(1, Ordering::SeqCst);
        self.0.rest();
    }
}

/// An answer's body, its request served when it is sent whole or dropped.
struct CountedBody {
    body: axum::body::Body,
    _served: Served,
}

impl http_body::Body for CountedBody {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        std::pin::Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

/// A connection admitted: it counts until dropped.
#[derive(Debug)]
struct Ticket {
    gate: Gate,
    conn: Arc<Conn>,
}

impl Gate {
    fn new(max: usize, per_client: usize) -> Self {
        Gate {
            open: Arc::new(Mutex::new(Open::default())),
            emptied: Arc::new(tokio::sync::Notify::new()),
            max: max.max(1),
            per_client: per_client.max(1),
            epoch: Instant::now(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Open> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A ticket for one more connection of `client`, if its share leaves room and the server
    /// has room or can make some (see [`Gate`]).
    fn admit(&self, client: IpAddr) -> Option<Ticket> {
        let mut open = self.lock();
        let mine = open.by_client.get(&client).map_or(0, Vec::len);
        if mine >= self.per_client {
            return None;
        }
        if open.total - open.leaving >= self.max {
            let victim = open
                .by_client
                .values()
                .flat_map(|conns| conns.iter().map(move |c| (conns.len(), c)))
                .filter(|(_, c)| {
                    !c.leaving.load(Ordering::SeqCst) && c.busy.load(Ordering::SeqCst) == 0
                })
                .max_by_key(|&(count, c)| (count, c.waiting(), std::cmp::Reverse(c.number)))
                .filter(|&(count, c)| count > mine + 1 || c.waiting() >= IDLE_GRACE)
                .map(|(_, c)| c.clone())?;
            victim.leaving.store(true, Ordering::SeqCst);
            victim.leave.notify_one();
            open.leaving += 1;
        }
        open.admitted += 1;
        let conn = Arc::new(Conn {
            client,
            number: open.admitted,
            busy: AtomicUsize::new(0),
            resting_since: AtomicU64::new(0),
            leaving: AtomicBool::new(false),
            leave: tokio::sync::Notify::new(),
            epoch: self.epoch,
        });
        conn.rest();
        open.total += 1;
        open.by_client.entry(client).or_default().push(conn.clone());
        Some(Ticket {
            gate: self.clone(),
            conn,
        })
    }

    /// Waits until no connection is open.
    async fn emptied(&self) {
        loop {
            let notified = self.emptied.notified();
            if self.lock().total == 0 {
                return;
            }
            notified.await;
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut open = self.gate.lock();
        open.total -= 1;
        if self.conn.leaving.load(Ordering::SeqCst) {
            open.leaving -= 1;
        }
        if let Some(conns) = open.by_client.get_mut(&self.conn.client) {
            conns.retain(|c| !Arc::ptr_eq(c, &self.conn));
            if conns.is_empty() {
                open.by_client.remove(&self.conn.client);
            }
        }
        if open.total == 0 {
            self.gate.emptied.notify_waiters();
        }
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        // If the handler cannot be installed, run until killed.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gate_bounds_connections_in_all_and_by_client() {
        let gate = Gate::new(3, 2);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let c: IpAddr = "10.0.0.3".parse().unwrap();
        let a1 = gate.admit(a).unwrap();
        let a2 = gate.admit(a).unwrap();
        assert!(gate.admit(a).is_none(), "a client's share");
        let b1 = gate.admit(b).unwrap();
        // Full: b holds one and would hold two, as many as a: no room is made for it.
        assert!(gate.admit(b).is_none());
        // c holds none: a's connection waiting longest makes room.
        let c1 = gate.admit(c).unwrap();
        assert!(a1.conn.leaving.load(Ordering::SeqCst));
        assert!(!a2.conn.leaving.load(Ordering::SeqCst));
        // A connection serving a request never makes room: a's other one is busy, b's and
        // c's are their clients' only ones, not idle a second yet.
        a2.conn.busy.store(1, Ordering::SeqCst);
        assert!(gate.admit("10.0.0.4".parse().unwrap()).is_none());
        drop(a1);
        let open = gate.lock();
        assert_eq!((open.total, open.leaving), (3, 0));
        drop(open);
        drop((a2, b1, c1));
        let open = gate.lock();
        assert_eq!((open.total, open.by_client.len()), (0, 0));
    }

    #[test]
    fn a_full_server_closes_a_connection_idle_a_second_for_anyone() {
        let gate = Gate::new(2, 5);
        let a = gate.admit("10.0.0.1".parse().unwrap()).unwrap();
        let b = gate.admit("10.0.0.2".parse().unwrap()).unwrap();
        assert!(gate.admit("10.0.0.3".parse().unwrap()).is_none());
        // b has waited for a request longer than the grace: it goes.
        b.conn.resting_since.store(0, Ordering::SeqCst);
        a.conn.resting_since.store(u64::MAX / 2, Ordering::SeqCst);
        std::thread::sleep(IDLE_GRACE + Duration::from_millis(10));
        a.conn.rest();
        assert!(gate.admit("10.0.0.3".parse().unwrap()).is_some());
        assert!(b.conn.leaving.load(Ordering::SeqCst));
        assert!(!a.conn.leaving.load(Ordering::SeqCst));
    }

    #[test]
    fn the_file_limit_is_read() {
        if cfg!(target_os = "linux") {
            assert!(open_file_limit().is_none_or(|n| n > 0));
        }
    }
}
