//! Running searches off the async threads: at most [`Limits::searches`] at once, each on a
//! blocking thread, bounded in time and nodes, and stopped when its request is dropped (the
//! client went away) so a slow search never holds up other requests.

use crate::config::Limits;
use crate::error::ApiError;
use mnk::search::{self, Control};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::sync::Semaphore;

/// Hands out search slots.
#[derive(Debug)]
pub struct Searcher {
    slots: Arc<Semaphore>,
    limits: Limits,
}

/// Sets the stop flag when dropped: the handler's future is dropped when its client goes
/// away, and the search on the blocking thread then stops at its next check.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// What a job running in a search slot may spend: controls that stop with the request.
#[derive(Debug)]
pub struct Budget {
    stop: Arc<AtomicBool>,
}

impl Budget {
    /// A control starting now with `limits`, stopped early if the request goes away.
    #[must_use]
    pub fn control(&self, limits: &search::Limits) -> Control {
        Control::start(limits).with_stop(Arc::clone(&self.stop))
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

    /// The time a search may take: what it asks for, within the server's cap.
    #[must_use]
    pub fn time_for(&self, asked: Option<Duration>) -> Duration {
        asked.map_or(self.limits.think_time, |t| t.min(self.limits.think_time))
    }

    /// The nodes a search may visit: what it asks for, within the server's cap.
    #[must_use]
    pub fn nodes_for(&self, asked: Option<u64>) -> u64 {
        asked.map_or(self.limits.max_nodes, |n| n.min(self.limits.max_nodes))
    }

    /// The search limits for a player: its own, within the server's caps (or `time` when
    /// given, also within the cap).
    #[must_use]
    pub fn bounded(&self, own: search::Limits, time: Option<Duration>) -> search::Limits {
        search::Limits {
            depth: own.depth,
            nodes: Some(self.nodes_for(own.nodes)),
            time: Some(self.time_for(time.or(own.time))),
        }
    }

    /// Runs `job` on a blocking thread once a slot is free. The job makes its
    /// [`Control`]s from the [`Budget`], which stops them when the request is dropped.
    ///
    /// # Errors
    /// 503 when no slot frees up within [`Limits::queue_wait`]; 500 if the job panicked.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce(&Budget) -> T + Send + 'static,
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
        let stop = Arc::new(AtomicBool::new(false));
        let _guard = StopOnDrop(Arc::clone(&stop));
        let budget = Budget { stop };
        tokio::task::spawn_blocking(move || {
            // The slot is held until the search really ends, not just until the client leaves.
            let _permit = permit;
            job(&budget)
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
