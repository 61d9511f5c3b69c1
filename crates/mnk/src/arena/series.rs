//! A match: two players, many games, colours swapped every game, each opening played from both
//! sides, games run in parallel. Progress is reported through a callback; nothing is printed.

use super::ArenaError;
use super::elo::{EloEstimate, estimate};
use super::game::{GameRecord, GameSetup, Think, play_game};
use super::openings::StartPosition;
use super::shard::Shard;
use crate::game::{Cell, Ending, OpeningRule, Side, Variant, Wdl, WinBy};
use crate::players::PlayerSpec;
use crate::search::{Stop, Timing};
use rayon::prelude::*;
use serde::Serialize;

/// What to play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchConfig {
    /// The rules.
    pub variant: Variant,
    /// Player A (the one the results are about).
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// Number of games.
    pub games: usize,
    /// Openings, each played twice (A as X, then A as O); none means the empty board.
    pub openings: Vec<StartPosition>,
    /// How the games are timed, if they are (besides the players' own limits).
    pub timing: Option<Timing>,
    /// Games played at once (at least 1).
    pub jobs: usize,
    /// How each game opens: by swap or swap2, the players opening in turn (A the games it would
    /// play as X); `None` from `openings`.
    pub opening_rule: Option<OpeningRule>,
    /// The part of the match to play ([`Shard::WHOLE`]: all of it).
    pub shard: Shard,
}

/// One game of the match, as scheduled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    /// Game number, from 0.
    pub game: usize,
    /// Index of the opening, if there are openings.
    pub opening: Option<usize>,
    /// Whether A plays X (moves first).
    pub a_is_x: bool,
}

/// The schedule: game `i` plays opening `(i / 2) % n`, A as X when `i` is even.
#[must_use]
pub fn schedule(games: usize, openings: usize) -> Vec<Pairing> {
    (0..games)
        .map(|game| Pairing {
            game,
            opening: (openings > 0).then_some((game / 2) % openings.max(1)),
            a_is_x: game % 2 == 0,
        })
        .collect()
}

/// One finished game of the match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// How it was scheduled.
    pub pairing: Pairing,
    /// The result for A.
    pub result: Wdl,
    /// The game itself.
    pub record: GameRecord,
}

/// Thinking time of one player over the match, against its per-move limit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct ThinkStats {
    /// Moves the player made.
    pub moves: usize,
    /// The longest think, in milliseconds.
    pub max_ms: f64,
    /// Moves that had a limit.
    pub limited_moves: usize,
    /// The largest share of its limit a move used (1.0 = all of it).
    pub max_ratio: f64,
    /// The 99th percentile of the share of the limit used.
    pub p99_ratio: f64,
    /// Moves that used more than 90% of their limit.
    pub over_90_percent: usize,
    /// Moves that took longer than their limit.
    pub over_limit: usize,
}

impl ThinkStats {
    /// The statistics of a list of moves.
    #[must_use]
    pub fn of<'a>(thinks: impl Iterator<Item = &'a Think>) -> ThinkStats {
        let mut stats = ThinkStats::default();
        let mut ratios = Vec::new();
        for t in thinks {
            stats.moves += 1;
            stats.max_ms = stats.max_ms.max(t.time.as_secs_f64() * 1000.0);
            if let Some(limit) = t.limit {
                let ratio = t.time.as_secs_f64() / limit.as_secs_f64().max(1e-9);
                ratios.push(ratio);
                stats.over_90_percent += usize::from(ratio > 0.9);
                stats.over_limit += usize::from(t.time > limit);
            }
        }
        stats.limited_moves = ratios.len();
        if !ratios.is_empty() {
            ratios.sort_by(f64::total_cmp);
            stats.max_ratio = ratios[ratios.len() - 1];
            let idx = ((ratios.len() as f64 * 0.99).ceil() as usize).clamp(1, ratios.len()) - 1;
            stats.p99_ratio = ratios[idx];
        }
        stats
    }
}

/// The outcome of a match.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchReport {
    /// Games played.
    pub games: Vec<Played>,
    /// A's wins.
    pub a_wins: u64,
    /// B's wins (A's losses).
    pub b_wins: u64,
    /// Draws.
    pub draws: u64,
    /// Games lost on time or by an error, by A and by B.
    pub forfeits: [u64; 2],
    /// Score and Elo difference of A (`None` with no games).
    pub elo: Option<EloEstimate>,
    /// Thinking time of A and of B.
    pub think: [ThinkStats; 2],
    /// The match was stopped before all its games were played ([`run_match`]'s `stop`).
    pub stopped: bool,
}

/// Plays the match (its shard's games); `progress` is called after each game with the games
/// done so far. When `stop` is set the match ends early: the games being played are cut short
/// and left out (a game cut short is no result), no new game starts, and the report holds the
/// games that finished ([`MatchReport::stopped`]).
///
/// # Errors
/// [`ArenaError`]: an opening cannot be played (the caller should have parsed it for this
/// variant), a player cannot act in a tournament opening, or the game threads cannot start.
pub fn run_match(
    config: &MatchConfig,
    progress: &(dyn Fn(&Played, usize) + Sync),
    stop: &Stop,
) -> Result<MatchReport, ArenaError> {
    let pairings: Vec<Pairing> = schedule(config.games, config.openings.len())
        .into_iter()
        .filter(|p| config.shard.contains(p.game))
        .collect();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let play = |p: &Pairing| -> Result<Option<Played>, ArenaError> {
        if stop.is_set() {
            return Ok(None);
        }
        let mut p = *p;
        let opening: Vec<Cell> = p
            .opening
            .filter(|_| config.opening_rule.is_none())
            .map(|i| config.openings[i].moves.clone())
            .unwrap_or_default();
        // Under a tournament opening, A opens the games it would play as X; the opening's
        // choices set the colours.
        let (x, o) = if p.a_is_x {
            (config.a.clone(), config.b.clone())
        } else {
            (config.b.clone(), config.a.clone())
        };
        let setup = GameSetup {
            variant: config.variant,
            opening,
            opening_rule: config.opening_rule,
            x,
            o,
            timing: config.timing,
        };
        let Some(record) = play_game(&setup, stop)? else {
            return Ok(None);
        };
        p.a_is_x = p.a_is_x != record.swapped;
        let p = &p;
        let a_side = if p.a_is_x { Side::X } else { Side::O };
        let result = record.ending.for_side(a_side);
        let played = Played {
            pairing: *p,
            result,
            record,
        };
        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        progress(&played, n);
        Ok(Some(played))
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.jobs.max(1))
        .build()
        .map_err(|e| ArenaError::Threads(e.to_string()))?;
    let games: Vec<Option<Played>> =
        pool.install(|| pairings.par_iter().map(play).collect::<Result<_, _>>())?;
    let mut report = report(games.into_iter().flatten().collect());
    report.stopped = stop.is_set();
    Ok(report)
}

/// Tallies finished games.
#[must_use]
pub fn report(games: Vec<Played>) -> MatchReport {
    let count = |r: Wdl| games.iter().filter(|g| g.result == r).count() as u64;
    let (a_wins, b_wins, draws) = (count(Wdl::Win), count(Wdl::Loss), count(Wdl::Draw));
    let mut forfeits = [0; 2];
    for g in &games {
        if let Ending::Won {
            winner,
            by: WinBy::Time | WinBy::Forfeit(_),
        } = &g.record.ending
        {
            let a_lost = (winner.other() == Side::X) == g.pairing.a_is_x;
            forfeits[usize::from(!a_lost)] += 1;
        }
    }
    let thinks_of = |a: bool| {
        games.iter().flat_map(move |g| {
            let side = if g.pairing.a_is_x == a {
                Side::X
            } else {
                Side::O
            };
            g.record.thinks.iter().filter(move |t| t.side == side)
        })
    };
    let think = [
        ThinkStats::of(thinks_of(true)),
        ThinkStats::of(thinks_of(false)),
    ];
    MatchReport {
        elo: estimate(a_wins, b_wins, draws),
        a_wins,
        b_wins,
        draws,
        forfeits,
        think,
        games,
        stopped: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Variant;
    use std::time::Duration;

    #[test]
    fn colours_alternate_and_each_opening_is_played_from_both_sides() {
        let s = schedule(6, 2);
        let seen: Vec<(Option<usize>, bool)> = s.iter().map(|p| (p.opening, p.a_is_x)).collect();
        assert_eq!(
            seen,
            vec![
                (Some(0), true),
                (Some(0), false),
                (Some(1), true),
                (Some(1), false),
                (Some(0), true),
                (Some(0), false)
            ]
        );
        assert!(schedule(3, 0).iter().all(|p| p.opening.is_none()));
    }

    #[test]
    fn swap_openings_come_from_the_opener_and_the_chooser_sets_the_colours() {
        use crate::game::Size;
        let variant = Variant::new(Size::square(9), 5, crate::game::Rule::Exact).unwrap();
        let config = MatchConfig {
            variant,
            a: "alphabeta:depth=1".parse().unwrap(),
            b: "rules".parse().unwrap(),
            games: 2,
            openings: Vec::new(),
            timing: None,
            jobs: 1,
            opening_rule: Some(OpeningRule::Swap2),
            shard: Shard::WHOLE,
        };
        let report = run_match(&config, &|_, _| {}, &Stop::new()).unwrap();
        let candidates = crate::players::swap2::candidates(&variant);
        for g in &report.games {
            let three = &g.record.moves[..3];
            assert!(candidates.iter().any(|c| c[..] == *three), "{three:?}");
            if g.pairing.game == 0 {
                // A opened; rules, which has no values, never swaps: it played white's fourth
                // stone, and A is black.
                assert_eq!(g.record.opening_moves, 4);
                assert!(g.pairing.a_is_x);
            } else {
                // rules opened with the first candidate (no value to prefer another); A chose:
                // three stones when it took black, four when it played white.
                assert_eq!(three, &candidates[0][..]);
                assert_eq!(g.record.opening_moves == 3, g.pairing.a_is_x);
            }
        }
    }

    #[test]
    fn perfect_never_loses_a_tic_tac_toe_match() {
        let config = MatchConfig {
            variant: Variant::tic_tac_toe(),
            a: "perfect".parse().unwrap(),
            b: "rules".parse().unwrap(),
            games: 4,
            openings: Vec::new(),
            timing: None,
            jobs: 2,
            opening_rule: None,
            shard: Shard::WHOLE,
        };
        let calls = std::sync::atomic::AtomicUsize::new(0);
        let report = run_match(
            &config,
            &|_, _| {
                calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            },
            &Stop::new(),
        )
        .unwrap();
        assert_eq!(calls.into_inner(), 4);
        assert_eq!(report.b_wins, 0);
        assert_eq!(report.a_wins + report.draws, 4);
        assert_eq!(report.games.len(), 4);
        assert!(report.elo.unwrap().score >= 0.5);
        assert_eq!(
            report.think[0].moves + report.think[1].moves,
            report
                .games
                .iter()
                .map(|g| g.record.moves.len())
                .sum::<usize>()
        );
    }

    #[test]
    fn think_statistics() {
        let ms = Duration::from_millis;
        let thinks: Vec<Think> = (1..=100)
            .map(|i| Think {
                side: Side::X,
                time: ms(i),
                limit: Some(ms(100)),
            })
            .collect();
        let s = ThinkStats::of(thinks.iter());
        assert_eq!(
            (s.moves, s.limited_moves, s.over_limit, s.over_90_percent),
            (100, 100, 0, 10)
        );
        assert!((s.max_ratio - 1.0).abs() < 1e-9 && (s.p99_ratio - 0.99).abs() < 1e-9);
    }
}
