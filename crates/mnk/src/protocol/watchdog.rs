//! The brain's seat: the player, kept between moves (so its tables survive), run on a worker
//! thread under a watchdog so that the brain answers on time whatever the player does.
//!
//! The search gets its plan (target and deadline) and a stop signal below the brain's (which
//! `END` and `YXSTOP` set directly). If it has not returned when the brain gives up, the
//! watchdog sets the search's own stop signal and stops waiting (the brain plays a quick
//! move). The late search hands the player back when it finishes; a player that is still busy
//! at the next move is replaced by a new one, prepared on that move's clock (the one time a
//! table is set up within a move).

use super::timing::TurnPlan;
use crate::game::{Board, Variant};
use crate::players::{Ask, PlayerSpec, Seat, Thought};
use crate::search::{Limits, PlayerError, Progress, Report, Stop};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How often a watched search's progress is looked at ([`Watchdog::choose_lines`]'s `watch`):
/// ten times a second, as often as a GUI redraws its marks usefully, and rarely enough that
/// the brain's own thread costs nothing measurable.
const WATCH_EVERY: Duration = Duration::from_millis(100);

/// What a search thread hands back: the seat, and its answer (or its panic).
type Finished = (Seat, thread::Result<Result<Thought, PlayerError>>);

/// The player and the searches it runs.
#[derive(Default)]
pub(super) struct Watchdog {
    seat: Option<Seat>,
    /// A search that outlived the brain's patience.
    late: Option<Receiver<Finished>>,
    /// The player last seated or asked, with its settings (also while a late search still
    /// holds its seat).
    asked: Option<PlayerSpec>,
}

impl Watchdog {
    /// The specification of the player last seated or asked for a move.
    pub(super) fn spec(&self) -> Option<&PlayerSpec> {
        self.asked.as_ref()
    }

    /// Seats the player `spec` names (keeping the one seated if it serves), ready for `variant`.
    pub(super) fn prepare(&mut self, spec: &PlayerSpec, variant: &Variant) {
        let mut seat = self.take_seat(spec, variant);
        seat.prepare(variant);
        self.asked = Some(seat.spec().clone());
        self.seat = Some(seat);
    }

    /// A new game: the seated player forgets the last one.
    pub(super) fn new_game(&mut self) {
        if let Some(seat) = &mut self.seat {
            seat.new_game();
        }
    }

    /// Asks the player `spec` names for a move on `board`, for a command that arrived at
    /// `start`, within `turn` (and stopped as soon as `stop` is set). The move and its time,
    /// or the reason in words.
    pub(super) fn choose(
        &mut self,
        spec: &PlayerSpec,
        board: &Board,
        start: Instant,
        turn: TurnPlan,
        stop: &Stop,
    ) -> Result<Thought, String> {
        self.choose_lines(spec, board, (start, turn), stop, 1, None)
    }

    /// [`Watchdog::choose`], asking for the best `lines` moves (multi-PV) at once; `watch`,
    /// when given, is called on the calling thread with each new report of the search while
    /// it runs (looked at every [`WATCH_EVERY`]), before the answer.
    pub(super) fn choose_lines(
        &mut self,
        spec: &PlayerSpec,
        board: &Board,
        (start, turn): (Instant, TurnPlan),
        stop: &Stop,
        lines: usize,
        mut watch: Option<&mut dyn FnMut(&Report)>,
    ) -> Result<Thought, String> {
        let mut seat = self.take_seat(spec, board.variant());
        self.asked = Some(seat.spec().clone());
        let give_up = start + turn.give_up;
        let halt = stop.child();
        let ask = Ask {
            start,
            limits: Limits::NONE,
            plan: turn.plan,
            caps: Limits::NONE,
            stop: halt.clone(),
            progress: watch.as_ref().map(|_| Progress::new()),
            lines,
            root_moves: Vec::new(),
        };
        let (sender, receiver) = mpsc::channel::<Finished>();
        let board = board.clone();
        let progress = ask.progress.clone();
        thread::spawn(move || {
            let result = catch_unwind(AssertUnwindSafe(|| seat.choose(&board, &ask)));
            let _ = sender.send((seat, result));
        });
        let mut seen: Option<Report> = None;
        let finished = loop {
            let left = give_up.saturating_duration_since(Instant::now());
            let (Some(watch), Some(progress)) = (watch.as_mut(), &progress) else {
                break receiver.recv_timeout(left);
            };
            match receiver.recv_timeout(left.min(WATCH_EVERY)) {
                Err(RecvTimeoutError::Timeout) if !left.is_zero() => {
                    if let Some(report) = progress.latest()
                        && seen.as_ref() != Some(&report)
                    {
                        watch(&report);
                        seen = Some(report);
                    }
                }
                other => break other,
            }
        };
        match finished {
            Ok((seat, result)) => match result {
                Ok(Ok(thought)) => {
                    self.seat = Some(seat);
                    Ok(thought)
                }
                Ok(Err(e)) => {
                    self.seat = Some(seat);
                    Err(format!("{}: {e}", spec.name))
                }
                // The player's state after a panic is unknown: build a new one next time.
                Err(_) => Err(format!("{} failed unexpectedly", spec.name)),
            },
            Err(RecvTimeoutError::Timeout) => {
                halt.set();
                self.late = Some(receiver);
                Err(format!(
                    "{} did not answer within {} ms",
                    spec.name,
                    turn.give_up.as_millis()
                ))
            }
            Err(RecvTimeoutError::Disconnected) => {
                Err(format!("{} failed unexpectedly", spec.name))
            }
        }
    }

    /// The seat for `spec`: the one kept (or handed back by a late search) if it serves it,
    /// with the limits `spec` sets, else a new one, prepared for `variant`.
    fn take_seat(&mut self, spec: &PlayerSpec, variant: &Variant) -> Seat {
        if let Some(late) = self.late.take() {
            // Still busy: it is abandoned (its stop signal is set; it ends on its own).
            if let Ok((seat, _)) = late.try_recv() {
                self.seat = Some(seat);
            }
        }
        match self.seat.take() {
            Some(mut seat) if seat.serves(spec) => {
                seat.set_limits(spec);
                seat
            }
            _ => {
                let mut seat = Seat::new(spec.clone());
                seat.prepare(variant);
                seat
            }
        }
    }

    /// Waits for a late search to hand its player back.
    #[cfg(test)]
    fn wait_for_late(&mut self) {
        if let Some((seat, _)) = self.late.take().and_then(|late| late.recv().ok()) {
            self.seat = Some(seat);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Cell, Rule, Size};
    use crate::search::{Choice, Control, Player, TimePlan};
    use std::time::Duration;

    /// Ignores its control and waits to be released, like a search that never polls.
    struct Blocker(Receiver<()>);

    /// Searches until told to stop.
    struct Spinner;

    /// Fails badly.
    struct Panicker;

    /// Answers with the milliseconds its control allows.
    struct DeadlineReporter;

    impl Player for DeadlineReporter {
        fn name(&self) -> &'static str {
            "rules"
        }
        fn choose(&mut self, _: &Board, control: &Control) -> Result<Choice, PlayerError> {
            let left = control.deadline().unwrap() - Instant::now();
            Ok(Choice::new(
                Cell(0),
                u64::try_from(left.as_millis()).unwrap(),
            ))
        }
    }

    impl Player for Blocker {
        fn name(&self) -> &'static str {
            "rules"
        }
        fn choose(&mut self, _: &Board, _: &Control) -> Result<Choice, PlayerError> {
            let _ = self.0.recv();
            Ok(Choice::new(Cell(0), 1))
        }
    }

    impl Player for Spinner {
        fn name(&self) -> &'static str {
            "rules"
        }
        fn choose(&mut self, _: &Board, control: &Control) -> Result<Choice, PlayerError> {
            let mut nodes = 0;
            while !control.should_stop(nodes) {
                nodes += 1;
                thread::yield_now();
            }
            Ok(Choice::new(Cell(1), nodes))
        }
    }

    impl Player for Panicker {
        fn name(&self) -> &'static str {
            "rules"
        }
        fn choose(&mut self, _: &Board, _: &Control) -> Result<Choice, PlayerError> {
            panic!("a bug in a player")
        }
    }

    fn setup(spec: &str, player: Box<dyn Player>) -> (Watchdog, PlayerSpec, Board) {
        let spec: PlayerSpec = spec.parse().unwrap();
        let variant = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
        let watchdog = Watchdog {
            seat: Some(Seat::with_player(spec.clone(), player)),
            late: None,
            asked: Some(spec.clone()),
        };
        (watchdog, spec, Board::new(variant))
    }

    fn turn(deadline_ms: u64, give_up_ms: u64) -> TurnPlan {
        TurnPlan {
            plan: TimePlan::exactly(Duration::from_millis(deadline_ms)),
            give_up: Duration::from_millis(give_up_ms),
            limited_by: super::super::timing::Limit::Turn,
        }
    }

    #[test]
    fn a_search_that_ignores_its_deadline_is_given_up_and_replaced() {
        let (_release, blocked) = mpsc::channel();
        let (mut w, spec, board) = setup("rules", Box::new(Blocker(blocked)));
        let e = w
            .choose(&spec, &board, Instant::now(), turn(5, 20), &Stop::new())
            .unwrap_err();
        assert!(e.contains("did not answer within 20 ms"), "{e}");
        // The brain still knows whom it asked, while the late search holds the seat.
        assert_eq!(w.spec().map(|s| s.name), Some("rules"));
        // The blocker is still busy: a new player (the real `rules`) answers the next move.
        let thought = w
            .choose(
                &spec,
                &board,
                Instant::now(),
                turn(5000, 10_000),
                &Stop::new(),
            )
            .unwrap();
        assert_eq!(thought.choice.cell, Cell(112));
    }

    #[test]
    fn a_late_search_hands_its_player_back() {
        let (release, blocked) = mpsc::channel();
        let (mut w, spec, board) = setup("rules", Box::new(Blocker(blocked)));
        assert!(
            w.choose(&spec, &board, Instant::now(), turn(1, 2), &Stop::new())
                .is_err()
        );
        release.send(()).unwrap();
        w.wait_for_late();
        // The blocker (which answers cell 0) finished and is back in the seat.
        release.send(()).unwrap();
        let thought = w
            .choose(
                &spec,
                &board,
                Instant::now(),
                turn(5000, 10_000),
                &Stop::new(),
            )
            .unwrap();
        assert_eq!(thought.choice.cell, Cell(0));
    }

    #[test]
    fn the_brains_stop_ends_the_search_with_its_answer() {
        let (mut w, spec, board) = setup("rules", Box::new(Spinner));
        let stop = Stop::new();
        stop.set();
        let thought = w
            .choose(&spec, &board, Instant::now(), turn(60_000, 120_000), &stop)
            .unwrap();
        assert_eq!(thought.choice.cell, Cell(1));
    }

    #[test]
    fn the_plan_is_cut_by_time_ms_and_counts_from_the_command() {
        let (mut w, spec, board) = setup("rules", Box::new(DeadlineReporter));
        let thought = w
            .choose(
                &spec,
                &board,
                Instant::now(),
                turn(60_000, 120_000),
                &Stop::new(),
            )
            .unwrap();
        assert!(thought.choice.nodes > 50_000, "{} ms", thought.choice.nodes);
        let (mut w, spec, board) = setup("rules:time-ms=100", Box::new(DeadlineReporter));
        let thought = w
            .choose(
                &spec,
                &board,
                Instant::now(),
                turn(60_000, 120_000),
                &Stop::new(),
            )
            .unwrap();
        assert!(thought.choice.nodes <= 100, "{} ms", thought.choice.nodes);
        // A command that arrived 40 ms ago has 40 ms less.
        let (mut w, spec, board) = setup("rules", Box::new(DeadlineReporter));
        let arrived = Instant::now() - Duration::from_millis(40);
        let thought = w
            .choose(&spec, &board, arrived, turn(100, 200), &Stop::new())
            .unwrap();
        assert!(thought.choice.nodes <= 60, "{} ms", thought.choice.nodes);
        assert!(thought.time >= Duration::from_millis(40));
    }

    #[test]
    fn a_panicking_player_is_an_error_and_is_rebuilt() {
        let (mut w, spec, board) = setup("rules", Box::new(Panicker));
        let e = w
            .choose(
                &spec,
                &board,
                Instant::now(),
                turn(5000, 10_000),
                &Stop::new(),
            )
            .unwrap_err();
        assert!(e.contains("failed unexpectedly"), "{e}");
        let thought = w
            .choose(
                &spec,
                &board,
                Instant::now(),
                turn(5000, 10_000),
                &Stop::new(),
            )
            .unwrap();
        assert_eq!(thought.choice.cell, Cell(112));
    }
}
