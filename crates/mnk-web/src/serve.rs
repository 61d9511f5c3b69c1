//! Serving [`app`] on a listener: connections accepted within the server's bounds and timed
//! out, so that clients sending nothing, or a byte now and then, cannot hold the server.
//!
//! - At most [`Limits::max_connections`] connections at once (fewer if the process's file
//!   limit allows fewer: [`connection_cap`]), and [`Limits::connections_per_client`] of one
//!   client (an IPv4 address, or an IPv6 /64, as [`crate::body::Client`] counts them). A
//!   connection over either bound is closed as soon as it is accepted, before anything is
//!   read from it.
//! - A request's headers must arrive within [`Limits::header_timeout`], and a connection idle
//!   between requests is closed after as long (hyper's header read timeout, which runs from
//!   the moment the connection waits for a request).
//! - A body must arrive whole within [`Limits::body_timeout`] (408), and one whose declared
//!   length is over [`Limits::body_bytes`] is refused before it is read (413): both in
//!   [`crate::body`], the connection closed after the answer.
//! - Ctrl-C or SIGTERM stops accepting; requests in progress finish (at most a search's
//!   time, [`Limits::think_time`], and the queue's wait) before the server returns.
//!
//! [`app`]: crate::app

use crate::body::client_of;
use crate::config::Limits;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::io;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
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
    let app = crate::app(limits.clone());
    let gate = Gate::new(limits.max_connections, limits.connections_per_client);
    let graceful = GracefulShutdown::new();
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
        let service = app
            .clone()
            .map_request(move |mut request: axum::extract::Request<_>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request
            });
        let connection =
            builder.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A connection that ends badly (reset, timed out) concerns only its client.
            let _ = connection.await;
            drop(ticket);
        });
    }
    let patience = limits.think_time + limits.queue_wait + Duration::from_secs(1);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(patience) => {}
    }
    Ok(())
}

/// Descriptors kept for what is not a connection (the listener, the standard streams, files
/// a request reads): the connection cap leaves them free.
const RESERVED_FILES: usize = 64;

/// The connections the server holds at once: `wanted`, but no more than the process's file
/// limit leaves (`files`, `None` when unknown) after [`RESERVED_FILES`], and at least 1.
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

/// Counts open connections, in all and by client.
#[derive(Debug, Clone)]
struct Gate {
    open: Arc<Mutex<Open>>,
    max: usize,
    per_client: usize,
}

#[derive(Debug, Default)]
struct Open {
    total: usize,
    by_client: HashMap<IpAddr, usize>,
}

/// A connection admitted: it counts until dropped.
#[derive(Debug)]
struct Ticket {
    gate: Gate,
    client: IpAddr,
}

impl Gate {
    fn new(max: usize, per_client: usize) -> Self {
        Gate {
            open: Arc::new(Mutex::new(Open::default())),
            max: max.max(1),
            per_client: per_client.max(1),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Open> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A ticket for one more connection of `client`, if the bounds leave room.
    fn admit(&self, client: IpAddr) -> Option<Ticket> {
        let mut open = self.lock();
        let mine = open.by_client.get(&client).copied().unwrap_or(0);
        if open.total >= self.max || mine >= self.per_client {
            return None;
        }
        open.total += 1;
        open.by_client.insert(client, mine + 1);
        Some(Ticket {
            gate: self.clone(),
            client,
        })
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut open = self.gate.lock();
        open.total -= 1;
        if let Some(n) = open.by_client.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                open.by_client.remove(&self.client);
            }
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
        let a1 = gate.admit(a).unwrap();
        let a2 = gate.admit(a).unwrap();
        assert!(gate.admit(a).is_none(), "a client's share");
        let b1 = gate.admit(b).unwrap();
        assert!(gate.admit(b).is_none(), "all the server holds");
        drop(a1);
        let b2 = gate.admit(b).unwrap();
        drop((a2, b1, b2));
        let open = gate.lock();
        assert_eq!((open.total, open.by_client.len()), (0, 0));
    }

    #[test]
    fn the_file_limit_is_read() {
        if cfg!(target_os = "linux") {
            assert!(open_file_limit().is_none_or(|n| n > 0));
        }
    }
}
