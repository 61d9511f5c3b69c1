//! The player in the brain's seat: built for a specification and a variant, kept between moves
//! (so its tables survive), and run on a worker thread so that the brain can answer on time
//! whatever the player does.
//!
//! A search aims at a target time and is told to stop at a deadline (its [`Control`]); if it
//! has not returned when the brain gives up, the brain stops waiting (the caller plays a quick
//! move). The late search
//! keeps its stop flag set and hands the player back when it finishes; a player that is still
//! busy at the next move is replaced by a new one.

use crate::game::{Board, Variant};
use crate::players::{Choice, Player, PlayerError, PlayerSpec, create};
use crate::search::{Budget, Control, Limits};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How often the brain looks at the external stop flag while a search runs.
const STOP_POLL: Duration = Duration::from_millis(2);

/// When a search should finish, must stop, and is given up on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Deadlines {
    /// The search aims to have its move by then.
    pub target: Instant,
    /// The search is told to stop then.
    pub stop: Instant,
    /// The brain answers without the search then.
    pub give_up: Instant,
}

/// What a search thread hands back: the player, and its answer (or its panic).
type Finished = (Box<dyn Player>, thread::Result<Result<Choice, PlayerError>>);

/// The player and the searches it runs.
#[derive(Default)]
pub(super) struct Seat {
    built_for: Option<(PlayerSpec, Variant)>,
    player: Option<Box<dyn Player>>,
    /// A search that outlived its hard deadline.
    late: Option<Receiver<Finished>>,
}

impl Seat {
    /// The specification of the player last asked.
    pub(super) fn spec(&self) -> Option<&PlayerSpec> {
        self.built_for.as_ref().map(|(spec, _)| spec)
    }

    /// Asks the player `spec` names for a move on `board` within `deadlines` (and stops it as
    /// soon as `stop` is set). The move and the search time, or the reason in words.
    pub(super) fn choose(
        &mut self,
        spec: &PlayerSpec,
        board: &Board,
        deadlines: Deadlines,
        stop: Option<&AtomicBool>,
    ) -> Result<(Choice, Duration), String> {
        let mut player = self.take_player(spec, *board.variant());
        let limits = player.limits();
        let start = Instant::now();
        let hard = deadlines.give_up;
        let halt = Arc::new(AtomicBool::new(false));
        // The protocol's clock rules: a player's own default time (`engine` takes 2 s when
        // given none) does not cap it, only a time the specification sets (`time-ms=...`).
        let control = Control::for_budget(
            &Limits {
                depth: None,
                nodes: limits.nodes,
                time: spec.options.time(),
            },
            Budget {
                target: Some(deadlines.target.saturating_duration_since(start)),
                hard: Some(deadlines.stop.saturating_duration_since(start)),
            },
        )
        .with_stop(Arc::clone(&halt));
        let (sender, receiver) = mpsc::channel::<Finished>();
        let board = board.clone();
        thread::spawn(move || {
            let result = catch_unwind(AssertUnwindSafe(|| player.choose(&board, &control)));
            let _ = sender.send((player, result));
        });
        loop {
            let now = Instant::now();
            if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                halt.store(true, Ordering::Relaxed);
            }
            if now >= hard {
                halt.store(true, Ordering::Relaxed);
                self.late = Some(receiver);
                return Err(format!(
                    "{} did not answer within {} ms",
                    spec.name,
                    hard.saturating_duration_since(start).as_millis()
                ));
            }
            match receiver.recv_timeout(STOP_POLL.min(hard - now)) {
                Ok((player, result)) => {
                    let elapsed = start.elapsed();
                    return match result {
                        Ok(Ok(choice)) => {
                            self.player = Some(player);
                            Ok((choice, elapsed))
                        }
                        Ok(Err(e)) => {
                            self.player = Some(player);
                            Err(format!("{}: {e}", spec.name))
                        }
                        // The player's state after a panic is unknown: build a new one next time.
                        Err(_) => Err(format!("{} failed unexpectedly", spec.name)),
                    };
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("{} failed unexpectedly", spec.name));
                }
            }
        }
    }

    /// The player for `spec` on `variant`: the one kept (or handed back by a late search) if it
    /// was built for them, else a new one.
    fn take_player(&mut self, spec: &PlayerSpec, variant: Variant) -> Box<dyn Player> {
        if let Some(late) = self.late.take() {
            // Still busy: it is abandoned (its stop flag is set; it ends on its own).
            if let Ok((player, _)) = late.try_recv() {
                self.player = Some(player);
            }
        }
        let same = self
            .built_for
            .as_ref()
            .is_some_and(|(s, v)| s == spec && *v == variant);
        match self.player.take() {
            Some(player) if same => player,
            _ => {
                self.built_for = Some((spec.clone(), variant));
                create(spec)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Cell, Rule, Size};
    use crate::search::Limits;

    /// Ignores its control and sleeps, like a search that never polls.
    struct Sleeper(Duration);

    /// Searches until told to stop.
    struct Spinner;

    /// Fails badly.
    struct Panicker;

    /// Has a default time of its own; answers with the milliseconds its control allows.
    struct DeadlineReporter;

    impl Player for DeadlineReporter {
        fn name(&self) -> &'static str {
            "rules"
        }
        fn limits(&self) -> Limits {
            Limits {
                time: Some(Duration::from_millis(1)),
                ..Limits::default()
            }
        }
        fn choose(&mut self, _: &Board, control: &Control) -> Result<Choice, PlayerError> {
            let left = control.deadline().unwrap() - Instant::now();
            Ok(Choice::new(
                Cell(0),
                u64::try_from(left.as_millis()).unwrap(),
            ))
        }
    }

    impl Player for Sleeper {
        fn name(&self) -> &'static str {
            "rules"
        }
        fn limits(&self) -> Limits {
            Limits::default()
        }
        fn choose(&mut self, _: &Board, _: &Control) -> Result<Choice, PlayerError> {
            thread::sleep(self.0);
            Ok(Choice::new(Cell(0), 1))
        }
    }

    impl Player for Spinner {
        fn name(&self) -> &'static str {
            "rules"
        }
        fn limits(&self) -> Limits {
            Limits::default()
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
        fn limits(&self) -> Limits {
            Limits::default()
        }
        fn choose(&mut self, _: &Board, _: &Control) -> Result<Choice, PlayerError> {
            panic!("a bug in a player")
        }
    }

    fn setup(player: Box<dyn Player>) -> (Seat, PlayerSpec, Board) {
        let spec: PlayerSpec = "rules".parse().unwrap();
        let variant = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
        let seat = Seat {
            built_for: Some((spec.clone(), variant)),
            player: Some(player),
            late: None,
        };
        (seat, spec, Board::new(variant))
    }

    fn deadlines(stop_ms: u64, give_up_ms: u64) -> Deadlines {
        let now = Instant::now();
        Deadlines {
            target: now + Duration::from_millis(stop_ms),
            stop: now + Duration::from_millis(stop_ms),
            give_up: now + Duration::from_millis(give_up_ms),
        }
    }

    #[test]
    fn a_search_that_ignores_its_deadline_is_given_up_and_replaced() {
        let (mut seat, spec, board) = setup(Box::new(Sleeper(Duration::from_secs(2))));
        let asked = Instant::now();
        let e = seat
            .choose(&spec, &board, deadlines(5, 20), None)
            .unwrap_err();
        assert!(e.contains("did not answer"), "{e}");
        assert!(asked.elapsed() < Duration::from_secs(1));
        // The sleeper is still busy: a new player (the real `rules`) answers the next move.
        let (choice, _) = seat
            .choose(&spec, &board, deadlines(5000, 10_000), None)
            .unwrap();
        assert_eq!(choice.cell, Cell(112));
    }

    #[test]
    fn a_late_search_hands_its_player_back() {
        let (mut seat, spec, board) = setup(Box::new(Sleeper(Duration::from_millis(30))));
        assert!(seat.choose(&spec, &board, deadlines(1, 2), None).is_err());
        thread::sleep(Duration::from_millis(500));
        // The sleeper (which answers cell 0) finished and is back in the seat.
        let (choice, _) = seat
            .choose(&spec, &board, deadlines(5000, 10_000), None)
            .unwrap();
        assert_eq!(choice.cell, Cell(0));
    }

    #[test]
    fn an_external_stop_ends_the_search_with_its_answer() {
        let (mut seat, spec, board) = setup(Box::new(Spinner));
        let stop = AtomicBool::new(true);
        let asked = Instant::now();
        let (choice, _) = seat
            .choose(&spec, &board, deadlines(60_000, 120_000), Some(&stop))
            .unwrap();
        assert_eq!(choice.cell, Cell(1));
        assert!(asked.elapsed() < Duration::from_secs(10));
    }

    #[test]
    fn the_clock_is_cut_by_time_ms_but_not_by_a_players_own_default() {
        let (mut seat, spec, board) = setup(Box::new(DeadlineReporter));
        let (choice, _) = seat
            .choose(&spec, &board, deadlines(60_000, 120_000), None)
            .unwrap();
        assert!(choice.nodes > 50_000, "{} ms", choice.nodes);
        let (mut seat, _, board) = setup(Box::new(DeadlineReporter));
        let with_time: PlayerSpec = "rules:time-ms=100".parse().unwrap();
        seat.built_for = Some((with_time.clone(), *board.variant()));
        let (choice, _) = seat
            .choose(&with_time, &board, deadlines(60_000, 120_000), None)
            .unwrap();
        assert!(choice.nodes <= 100, "{} ms", choice.nodes);
    }

    #[test]
    fn a_panicking_player_is_an_error_and_is_rebuilt() {
        let (mut seat, spec, board) = setup(Box::new(Panicker));
        let e = seat
            .choose(&spec, &board, deadlines(5000, 10_000), None)
            .unwrap_err();
        assert!(e.contains("failed unexpectedly"), "{e}");
        let (choice, _) = seat
            .choose(&spec, &board, deadlines(5000, 10_000), None)
            .unwrap();
        assert_eq!(choice.cell, Cell(112));
    }
}
