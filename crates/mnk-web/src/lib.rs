//! # mnk-web
//!
//! `mnk serve`: one page to play any m,n,k-game in a browser and see why the machine moves
//! where it does, over a JSON API (documented route by route in the project README).
//!
//! - [`app`] builds the axum router (the page, its files and the API) with its [`Limits`];
//!   [`serve`] runs it on a listener until Ctrl-C.
//! - Games live in memory ([`store`]), at most [`Limits::max_games`], the least recently used
//!   evicted first, and at most [`Limits::games_per_client`] of one client.
//! - Searches run on blocking threads, at most [`Limits::searches`] at once and
//!   [`Limits::searches_per_client`] of one client, each bounded by
//!   [`Limits::think_time`] and [`Limits::max_nodes`] through [`mnk::search::Control`], and
//!   stopped as soon as its client goes away ([`searcher`]).
//! - Every error is a 4xx (or 503 when busy) with a JSON body `{"error": "..."}`.
//!
//! The page's files are compiled into the binary ([`assets`]): nothing is read from disk or
//! fetched at run time.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod assets;
pub mod body;
pub mod config;
pub mod error;
pub mod opening;
pub mod routes;
pub mod searcher;
pub mod state;
pub mod store;
pub mod views;

pub use config::Limits;
pub use routes::app;
pub use state::AppState;

use std::io;
use tokio::net::TcpListener;

/// Serves [`app`] on `listener` until Ctrl-C (or SIGTERM), then lets open requests finish.
///
/// # Errors
/// When the listener fails.
pub async fn serve(listener: TcpListener, limits: Limits) -> io::Result<()> {
    let app = app(limits).into_make_service_with_connect_info::<std::net::SocketAddr>();
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown_signal())
        .await
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
