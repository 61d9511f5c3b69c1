//! The progress display of a long search: one line on standard error, drawn by indicatif once
//! the search has run for a moment (and only on a terminal): a solve's figures, or a
//! player's search as it goes (the line interface's machine moves and hints).

use crate::render::human_time;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};
use mnk::game::{Side, Size};
use mnk::notation::format_moves;
use std::io;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a solve runs before the display appears.
const SOLVE_QUIET_FOR: Duration = Duration::from_secs(1);
/// How long a player thinks before the display appears.
const SEARCH_QUIET_FOR: Duration = Duration::from_millis(300);
const TICK: Duration = Duration::from_millis(100);
/// Columns left free at the end of the line: the terminal echoes Ctrl-C as `^C` after it,
/// which on a full line would wrap onto a new one, and the display would clear that one
/// instead, leaving its own line behind.
const MARGIN: u16 = 3;

/// A running display; [`Display::finish`] removes it.
pub struct Display {
    /// Dropping it wakes the watcher at once and ends it.
    done: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Display {
    /// Shows the line `message` writes (called every tick with the time) once `quiet` has
    /// passed.
    fn start(
        quiet: Duration,
        template: &'static str,
        message: impl FnMut(Instant) -> String + Send + 'static,
    ) -> Display {
        let (done, wake) = channel();
        let thread = std::thread::spawn(move || watch(quiet, template, message, &wake));
        Display {
            done: Some(done),
            thread: Some(thread),
        }
    }

    /// Watches a solve; `side` names the side to move at the root ("X" or "O").
    pub fn solve(progress: mnk::solve::Progress, side: String) -> Display {
        let first = progress.snapshot().nodes;
        let mut last = (Instant::now(), first);
        let mut text = String::new();
        let template = "{spinner} {elapsed_precise} {wide_msg}";
        Display::start(SOLVE_QUIET_FOR, template, move |now| {
            let snap = progress.snapshot();
            // Speed over the last half second or so, for a steady figure.
            let seconds = (now - last.0).as_secs_f64();
            if seconds >= 0.5 {
                let rate = (snap.nodes - last.1) as f64 / seconds;
                last = (now, snap.nodes);
                let fill = 100.0 * snap.table_entries as f64 / snap.table_capacity.max(1) as f64;
                text = format!(
                    "{} nodes {}/s | table {:.0}% of {}/{} MiB | iteration {}: {}",
                    short(snap.nodes - first),
                    short(rate as u64),
                    fill,
                    snap.table_bytes >> 20,
                    (snap.table_max_capacity * 16) >> 20,
                    snap.iteration,
                    snap.stage.describe(&side),
                );
            }
            text.clone()
        })
    }

    /// Watches `name` think for `side` on a board of `size`: time, depth, nodes, value, line.
    pub fn search(
        progress: mnk::search::Progress,
        name: &'static str,
        side: Side,
        size: Size,
    ) -> Display {
        let start = Instant::now();
        Display::start(SEARCH_QUIET_FOR, "{spinner} {wide_msg}", move |now| {
            // The line is cut at the terminal's width: the longest part comes last.
            let mut text = format!(
                "{name} thinking {} (Ctrl-C: play now): {} nodes",
                human_time(now - start),
                short(progress.nodes())
            );
            if let Some(report) = progress.latest() {
                if let Some(depth) = report.depth {
                    text.push_str(&format!(", depth {depth}"));
                }
                if let Some(value) = report.value {
                    text.push_str(&format!(", {}", value.seen_by(side)));
                }
                if !report.pv.is_empty() {
                    text.push_str(&format!(", pv {}", format_moves(&report.pv, size)));
                }
            }
            text
        })
    }

    /// Stops and clears the display.
    pub fn finish(mut self) {
        self.stop();
    }

    fn stop(&mut self) {
        self.done.take();
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

fn watch(
    quiet: Duration,
    template: &str,
    mut message: impl FnMut(Instant) -> String,
    done: &Receiver<()>,
) {
    let start = Instant::now();
    let mut bar: Option<ProgressBar> = None;
    while let Err(RecvTimeoutError::Timeout) = done.recv_timeout(TICK) {
        let now = Instant::now();
        if now - start < quiet {
            continue;
        }
        let bar = bar.get_or_insert_with(|| {
            let bar = ProgressBar::with_draw_target(None, stderr_target());
            bar.set_style(
                ProgressStyle::with_template(template)
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar
        });
        bar.set_message(message(now));
        bar.tick();
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
}

/// Standard error as a terminal [`MARGIN`] columns narrower than it is: indicatif pads its
/// line to the terminal's width, so the line must end short of it.
#[derive(Debug)]
struct Narrow(console::Term);

impl TermLike for Narrow {
    fn width(&self) -> u16 {
        self.0.size().1.saturating_sub(MARGIN).max(1)
    }
    fn height(&self) -> u16 {
        self.0.size().0
    }
    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> io::Result<()> {
        self.0.write_line(s)
    }
    fn write_str(&self, s: &str) -> io::Result<()> {
        self.0.write_str(s)
    }
    fn clear_line(&self) -> io::Result<()> {
        self.0.clear_line()
    }
    fn flush(&self) -> io::Result<()> {
        self.0.flush()
    }
}

/// Where the display draws: standard error, narrowed, when it is a terminal; nowhere else.
fn stderr_target() -> ProgressDrawTarget {
    let term = console::Term::stderr();
    if term.is_term() {
        ProgressDrawTarget::term_like_with_hz(Box::new(Narrow(term)), 20)
    } else {
        ProgressDrawTarget::hidden()
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
