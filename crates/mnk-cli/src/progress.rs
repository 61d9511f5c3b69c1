//! The progress display of a long solve: one line on standard error, drawn by indicatif once
//! the solve has run for a second (and only on a terminal).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use mnk::solve::Progress;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a solve runs before the display appears.
const QUIET_FOR: Duration = Duration::from_secs(1);
const TICK: Duration = Duration::from_millis(100);

/// A running display; [`Display::finish`] removes it.
pub struct Display {
    done: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Display {
    /// Starts watching `progress`; `side` names the side to move at the root ("X" or "O").
    pub fn start(progress: Progress, side: String) -> Display {
        let done = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&done);
        let thread = std::thread::spawn(move || watch(&progress, &side, &flag));
        Display {
            done,
            thread: Some(thread),
        }
    }

    /// Stops and clears the display.
    pub fn finish(mut self) {
        self.stop();
    }

    fn stop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        self.stop();
    }
}

fn watch(progress: &Progress, side: &str, done: &AtomicBool) {
    let start = Instant::now();
    let first = progress.snapshot().nodes;
    let mut bar: Option<ProgressBar> = None;
    let mut last = (start, first);
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(TICK);
        let now = Instant::now();
        if now - start < QUIET_FOR {
            continue;
        }
        let bar = bar.get_or_insert_with(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar
        });
        let snap = progress.snapshot();
        // Speed over the last half second or so, for a steady figure.
        let seconds = (now - last.0).as_secs_f64();
        if seconds >= 0.5 {
            let rate = (snap.nodes - last.1) as f64 / seconds;
            last = (now, snap.nodes);
            let fill = 100.0 * snap.table_entries as f64 / snap.table_max_capacity.max(1) as f64;
            bar.set_message(format!(
                "{} nodes, {}/s, table {:.1}% of {} MiB ({} MiB allocated), iteration {}: {}",
                short(snap.nodes - first),
                short(rate as u64),
                fill,
                (snap.table_max_capacity * 16) >> 20,
                snap.table_bytes >> 20,
                snap.iteration,
                snap.stage.describe(side),
            ));
        }
        bar.tick();
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
}

/// 1234567 as "1.23M".
fn short(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..1_000_000 => format!("{:.1}k", n as f64 / 1e3),
        1_000_000..1_000_000_000 => format!("{:.2}M", n as f64 / 1e6),
        _ => format!("{:.2}G", n as f64 / 1e9),
    }
}

#[cfg(test)]
mod tests {
    use super::short;

    #[test]
    fn short_numbers() {
        assert_eq!(short(999), "999");
        assert_eq!(short(12_345), "12.3k");
        assert_eq!(short(1_234_567), "1.23M");
        assert_eq!(short(4_560_000_000), "4.56G");
    }
}
