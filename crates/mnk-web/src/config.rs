//! The server's bounds: every request stays within them.

use std::time::Duration;

/// What one server accepts and spends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// The largest board side (width and height), at most 26.
    pub max_side: u8,
    /// Games kept in memory; creating one more evicts the least recently used.
    pub max_games: usize,
    /// Games one client (one address) keeps: a client creating one more loses its own least
    /// recently used game, not someone else's.
    pub games_per_client: usize,
    /// The longest one search may think: a request asking for more is refused, saying so; a
    /// clock's plan beyond it is cut to it, and the answer says so (`capped`).
    pub think_time: Duration,
    /// The longest an analysis until stopped (`"infinite": true`) may run: then it ends by
    /// itself, and its last event says why (`"ended": "time"`). Such an analysis has no node
    /// cap; it holds one of its client's search slots while it runs.
    pub analysis_time: Duration,
    /// The most positions one search may visit.
    pub max_nodes: u64,
    /// Searches running at once; more wait for a free slot.
    pub searches: usize,
    /// Searches one client (one address) runs at once; its others wait for one of them to
    /// end, without holding a slot another client could use.
    pub searches_per_client: usize,
    /// How long a search waits for a free slot before the request gets 503.
    pub queue_wait: Duration,
    /// The largest request body, in bytes.
    pub body_bytes: usize,
    /// The most nodes of a search tree one response carries.
    pub tree_nodes: usize,
    /// The most plies of a search tree one response carries below its focus.
    pub tree_depth: u32,
    /// Time for each player of a side-by-side comparison.
    pub compare_time: Duration,
    /// Bytes the players kept between moves (their tables) may hold, all games together; the
    /// seats of the games idle longest are dropped first.
    pub seat_memory: usize,
    /// How long a connection may take to send a request's headers, and how long it may stay
    /// idle between requests: then it is closed (a client sending a byte now and then, or
    /// nothing, holds no connection longer).
    pub header_timeout: Duration,
    /// How long a request's body may take to arrive whole: then the answer is 408 and the
    /// connection is closed.
    pub body_timeout: Duration,
    /// Connections open at once; in a full server a newcomer gets in only in the place of a
    /// connection waiting for a request, of a client holding more than it (or waiting a
    /// second or more), else it is closed as soon as it is accepted ([`serve`] lowers this to
    /// what the process's file limit allows).
    ///
    /// [`serve`]: crate::serve()
    pub max_connections: usize,
    /// Connections one client (one address, as for the games) holds open at once.
    pub connections_per_client: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_side: 20,
            max_games: 1000,
            games_per_client: 50,
            think_time: Duration::from_secs(10),
            analysis_time: Duration::from_secs(300),
            max_nodes: 20_000_000,
            searches: mnk::search::cores().max(2),
            searches_per_client: (mnk::search::cores().max(2) / 2).max(1),
            queue_wait: Duration::from_secs(10),
            body_bytes: 64 * 1024,
            tree_nodes: 3000,
            tree_depth: 4,
            compare_time: Duration::from_secs(2),
            seat_memory: 1 << 30,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            max_connections: 1024,
            connections_per_client: 64,
        }
    }
}
