//! Running searches off the async threads: at most [`Limits::searches`] at once and
//! [`Limits::searches_per_client`] of one client, each on a blocking thread, within the
//! server's caps, and stopped when its request is dropped (the client went away) so a slow
//! search never holds up other requests, and one client's searches never take every slot.
//!
//! Every search's stop signal is a child of the searcher's own ([`Searcher::stop_all`]: the
//! server shutting down), and is kept with its game while it runs, so that `POST
//! /api/games/{id}/stop` reaches it ([`crate::store::Store::stop`]): one stop signal, the
//! library's [`Stop`], from the server down to each search's helper threads.

use crate::config::Limits;
use crate::error::ApiError;
use mnk::players::{Ask, PlayerSpec};
use mnk::search::{self, Stop};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// Hands out search slots.
#[derive(Debug)]
pub struct Searcher {
    slots: Arc<Semaphore>,
    /// Each client's own slots, while it has a search running or waiting.
    clients: Mutex<HashMap<Option<IpAddr>, Arc<Semaphore>>>,
    limits: Limits,
    /// The parent of every search's stop signal.
    root: Stop,
}

/// Sets the request's stop signal when dropped: the handler's future is dropped when its
/// client goes away, and the search on the blocking thread then stops at its next check.
struct StopOnDrop(Stop);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.set();
    }
}

impl Searcher {
    /// Slots and bounds from `limits`.
    #[must_use]
    pub fn new(limits: &Limits) -> Self {
        Searcher {
            slots: Arc::new(Semaphore::new(limits.searches.max(1))),
            clients: Mutex::new(HashMap::new()),
            limits: limits.clone(),
            root: Stop::new(),
        }
    }

    /// Stops every search, running or to come (the server is shutting down): each answers
    /// with what it has found so far, as after `POST /api/games/{id}/stop`.
    pub fn stop_all(&self) {
        self.root.set();
    }

    /// The time a request asks for (`time_ms` of the field `field`), if it is within the
    /// server's cap.
    ///
    /// # Errors
    /// 400 when it is more than [`Limits::think_time`]: the server never cuts a time asked for
    /// without saying so.
    pub fn asked_time(
        &self,
        field: &str,
        asked: Option<u64>,
    ) -> Result<Option<Duration>, ApiError> {
        let cap = self.limits.think_time;
        match asked {
            Some(ms) if u128::from(ms) > cap.as_millis() => Err(ApiError::bad_request(format!(
                "{field}: {ms} ms is more than this server gives one search (at most {} ms); ask for less, or analyse until stopped (\"infinite\": true, up to {} s)",
                cap.as_millis(),
                self.limits.analysis_time.as_secs()
            ))),
            asked => Ok(asked.map(Duration::from_millis)),
        }
    }

    /// The node budget a request asks for (`nodes` of the field `field`), if it is within the
    /// server's cap.
    ///
    /// # Errors
    /// 400 when it is more than [`Limits::max_nodes`].
    pub fn asked_nodes(&self, field: &str, asked: Option<u64>) -> Result<Option<u64>, ApiError> {
        match asked {
            Some(n) if n > self.limits.max_nodes => Err(ApiError::bad_request(format!(
                "{field}: {n} nodes is more than this server gives one search (at most {})",
                self.limits.max_nodes
            ))),
            asked => Ok(asked),
        }
    }

    /// Refuses a player whose own settings (`time-ms=`, `nodes=`) ask for more than the server
    /// gives one search; `field` names where it was given.
    ///
    /// # Errors
    /// 400 saying the setting and the cap.
    pub fn check_player(&self, field: &str, spec: &PlayerSpec) -> Result<(), ApiError> {
        let o = &spec.options;
        self.asked_time(&format!("{field}: {}'s time-ms", spec.name), o.time_ms)?;
        self.asked_nodes(&format!("{field}: {}'s nodes", spec.name), o.nodes)?;
        Ok(())
    }

    /// The caps of an analysis until stopped: [`Limits::analysis_time`], no node cap.
    #[must_use]
    pub fn analysis_caps(&self) -> search::Limits {
        search::Limits {
            depth: None,
            nodes: None,
            time: Some(self.limits.analysis_time),
        }
    }

    /// The caps every search runs within: the server's time and nodes.
    #[must_use]
    pub fn caps(&self) -> search::Limits {
        search::Limits {
            depth: None,
            nodes: Some(self.limits.max_nodes),
            time: Some(self.limits.think_time),
        }
    }

    /// The time a search may take: what it asks for, within the server's cap.
    #[must_use]
    pub fn time_for(&self, asked: Option<Duration>) -> Duration {
        asked.map_or(self.limits.think_time, |t| t.min(self.limits.think_time))
    }

    /// The server's cap on one search's time.
    #[must_use]
    pub const fn think_time(&self) -> Duration {
        self.limits.think_time
    }

    /// A move asked for now, with a request's own `limits`, within the server's caps, stopped
    /// by `stop` (the request's).
    #[must_use]
    pub fn ask(&self, limits: search::Limits, stop: &Stop) -> Ask {
        Ask {
            start: Instant::now(),
            limits,
            caps: self.caps(),
            stop: stop.child(),
            ..Ask::now()
        }
    }

    /// The slots of `client`'s own searches (made when it has none running or waiting; those
    /// of clients with none are dropped).
    fn client_slots(&self, client: Option<IpAddr>) -> Arc<Semaphore> {
        let mut clients = self.clients.lock().unwrap_or_else(PoisonError::into_inner);
        // A client's semaphore is shared only while one of its requests holds or awaits it.
        clients.retain(|_, slots| Arc::strong_count(slots) > 1);
        let per_client = self.limits.searches_per_client.max(1);
        Arc::clone(
            clients
                .entry(client)
                .or_insert_with(|| Arc::new(Semaphore::new(per_client))),
        )
    }

    /// Runs `job` for `client` on a blocking thread once one of its own slots and a slot of
    /// the server are free, with the request's stop signal (set when the request is dropped)
    /// for the searches it starts.
    ///
    /// # Errors
    /// 503 when no slot frees up within [`Limits::queue_wait`] (one wait for both); 500 if
    /// the job panicked.
    pub async fn run<T: Send + 'static>(
        &self,
        client: Option<IpAddr>,
        job: impl FnOnce(&Stop) -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let deadline = tokio::time::Instant::now() + self.limits.queue_wait;
        let own = tokio::time::timeout_at(deadline, self.client_slots(client).acquire_owned())
            .await
            .map_err(|_| {
                ApiError::busy(format!(
                    "your own searches ({} at once) stayed busy for {} s; try again when one ends",
                    self.limits.searches_per_client.max(1),
                    self.limits.queue_wait.as_secs()
                ))
            })?
            .map_err(|_| ApiError::busy("the server is shutting down"))?;
        let permit = tokio::time::timeout_at(deadline, Arc::clone(&self.slots).acquire_owned())
            .await
            .map_err(|_| {
                ApiError::busy(format!(
                    "every search slot ({}) stayed busy for {} s; try again",
                    self.limits.searches,
                    self.limits.queue_wait.as_secs()
                ))
            })?
            .map_err(|_| ApiError::busy("the server is shutting down"))?;
        let stop = self.root.child();
        let _guard = StopOnDrop(stop.clone());
        tokio::task::spawn_blocking(move || {
            // The slots are held until the search really ends, not just until the client
            // leaves.
            let _permits = (permit, own);
            job(&stop)
        })
        .await
        .map_err(|e| {
            ApiError::new(
                axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                format!("the search failed: {e}"),
            )
        })
    }
}
