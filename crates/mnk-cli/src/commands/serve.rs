//! `mnk serve`: the web page and its API (crate `mnk-web`), until Ctrl-C.

use crate::args::ServeArgs;
use crate::failure::Failure;
use mnk_web::Limits;
use std::io::Write;
use std::net::SocketAddr;
use std::time::Duration;

pub fn run(args: &ServeArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if args.think_ms == 0
        || args.analysis_ms == 0
        || args.max_games == 0
        || args.games_per_client == 0
    {
        return Err(Failure::Usage(
            "--think-ms, --analysis-ms, --max-games and --games-per-client must be at least 1"
                .into(),
        ));
    }
    let limits = Limits {
        think_time: Duration::from_millis(args.think_ms),
        analysis_time: Duration::from_millis(args.analysis_ms),
        max_games: args.max_games,
        games_per_client: args.games_per_client,
        seat_memory: usize::try_from(args.seat_memory_mb << 20).unwrap_or(usize::MAX),
        max_connections: usize::try_from(args.max_connections).unwrap_or(usize::MAX),
        connections_per_client: usize::try_from(args.connections_per_client).unwrap_or(usize::MAX),
        ..Limits::default()
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::Runtime(format!("cannot start the server: {e}")))?;
    let addr = SocketAddr::new(args.host, args.port);
    runtime.block_on(async {
        let listener =
            listen(addr).map_err(|e| Failure::Runtime(format!("cannot listen on {addr}: {e}")))?;
        let bound = listener.local_addr()?;
        let host = if bound.ip().is_unspecified() {
            "127.0.0.1".to_string()
        } else if bound.is_ipv6() {
            format!("[{}]", bound.ip())
        } else {
            bound.ip().to_string()
        };
        writeln!(
            out,
            "mnk serve: open http://{host}:{}/ in a browser (Ctrl-C stops)",
            bound.port()
        )?;
        out.flush()?;
        mnk_web::serve(listener, limits).await?;
        Ok(())
    })
}

/// Connections the kernel holds for the server before it accepts them: a burst of a thousand
/// clients at once (the slow-client check) is queued, not dropped to be retried a second later.
const BACKLOG: u32 = 4096;

/// A listener on `addr` (address reuse on, as `TcpListener::bind` does) with [`BACKLOG`].
fn listen(addr: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(BACKLOG)
}
