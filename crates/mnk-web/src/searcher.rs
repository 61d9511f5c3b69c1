//! Running searches off the async threads: at most [`Limits::searches`] at once, each on a
//! blocking thread, within the server's caps, and stopped when its request is dropped (the
//! client went away) so a slow search never holds up other requests.

use crate::config::Limits;
use crate::error::ApiError;
use mnk::players::Ask;
use mnk::search::{self, Stop};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// Hands out search slots.
#[derive(Debug)]
pub struct Searcher {
    slots: Arc<Semaphore>,
    limits: Limits,
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
            limits: limits.clone(),
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

    /// Runs `job` on a blocking thread once a slot is free, with the request's stop signal
    /// (set when the request is dropped) for the searches it starts.
    ///
    /// # Errors
    /// 503 when no slot frees up within [`Limits::queue_wait`]; 500 if the job panicked.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce(&Stop) -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let permit = tokio::time::timeout(
            self.limits.queue_wait,
            Arc::clone(&self.slots).acquire_owned(),
        )
        .await
        .map_err(|_| {
            ApiError::busy(format!(
                "every search slot ({}) stayed busy for {} s; try again",
                self.limits.searches,
                self.limits.queue_wait.as_secs()
            ))
        })?
        .map_err(|_| ApiError::busy("the server is shutting down"))?;
        let stop = Stop::new();
        let _guard = StopOnDrop(stop.clone());
        tokio::task::spawn_blocking(move || {
            // The slot is held until the search really ends, not just until the client leaves.
            let _permit = permit;
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
