//! The lines the brain writes besides its answers: `MESSAGE` (search information for the user),
//! `DEBUG` (time accounting, for the author), the `ABOUT` line, and for `YXNBEST` the best
//! lines as Yixin-Board and the managers written for Rapfi read them: `MESSAGE (i) ...`, and
//! under `INFO show_detail 2` a block of `INFO` lines per line ([`detail`]).
//!
//! Every line is one line: control characters that may have come from the manager's input are
//! replaced, since a newline inside a message would split it into a second, bogus answer.

use super::command::Point;
use super::timing::{Limit, TurnPlan};
use crate::game::Cell;
use crate::players::Thought;
use crate::search::{Choice, Outcome, PvLine, Report, Value};
use std::fmt::Write as _;
use std::time::Duration;

/// The `ABOUT` answer.
#[must_use]
pub fn about() -> String {
    format!(
        "name=\"mnk\", version=\"{}\", author=\"the mnk developers\", country=\"International\", \
         www=\"https://github.com/mnk-games/mnk\"",
        env!("CARGO_PKG_VERSION")
    )
}

/// `text` with every control character (CR, LF, NUL, ...) replaced by a space.
#[must_use]
pub fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// `MESSAGE <text>`, on one line.
#[must_use]
pub fn message(text: &str) -> String {
    format!("MESSAGE {}", one_line(text))
}

/// The search information of a choice: `MESSAGE <player> depth D value V nodes N nps R time T ms
/// pv x,y x,y ...`, with the fields the player has.
#[must_use]
pub fn search_info(
    player: &str,
    choice: &Choice,
    elapsed: Duration,
    point: impl Fn(crate::game::Cell) -> Point,
) -> String {
    let mut text = player.to_string();
    if let Some(depth) = choice.depth {
        let _ = write!(text, " depth {depth}");
    }
    if let Some(value) = choice.value {
        let _ = write!(text, " value {value}");
    }
    let _ = write!(text, " nodes {}", choice.nodes);
    let micros = elapsed.as_micros().max(1);
    let nps = u128::from(choice.nodes) * 1_000_000 / micros;
    let _ = write!(text, " nps {nps} time {} ms", elapsed.as_millis());
    if !choice.pv.is_empty() {
        text.push_str(" pv");
        for &cell in &choice.pv {
            let _ = write!(text, " {}", point(cell));
        }
    }
    message(&text)
}

/// A value as the n-best lines give it: the score, `+M<n>` for a win `n` moves away (both
/// sides counted), `-M<n>` for a loss, `0` for a draw, a win probability with three decimals.
#[must_use]
pub fn eval(value: Value) -> String {
    match value {
        Value::Score(s) => s.to_string(),
        Value::Solved(Outcome::Win(n)) => format!("+M{n}"),
        Value::Solved(Outcome::Loss(n)) => format!("-M{n}"),
        Value::Solved(Outcome::Draw) => "0".to_string(),
        Value::Probability(p) | Value::WinRate(p) => format!("{p:.3}"),
    }
}

/// The `i`-th best line (from 0), as Rapfi reports a line of `YXNBEST`:
/// `MESSAGE (1) 120 | 8 | 7,7 8,8 6,6`: the rank from 1, the value ([`eval`]), the depth (`-`
/// for a player without one), the line in protocol coordinates.
#[must_use]
pub fn line(i: usize, line: &PvLine, point: impl Fn(crate::game::Cell) -> Point) -> String {
    let depth = line
        .depth
        .map_or_else(|| "-".to_string(), |d| d.to_string());
    let pv: Vec<String> = line.pv.iter().map(|&c| point(c).to_string()).collect();
    message(&format!(
        "({}) {} | {depth} | {}",
        i + 1,
        eval(line.value),
        pv.join(" ")
    ))
}

/// The live marks `INFO show_detail 1` asks for, as Yixin-Board draws them while a brain
/// thinks: `MESSAGE REALTIME BEST x,y` each time the search's best move changes, and
/// `MESSAGE REALTIME LOSE x,y` once for each move a multi-PV search (`YXNBEST`) has proved
/// lost. One per search: it remembers what it has said.
#[derive(Debug, Default)]
pub struct Realtime {
    best: Option<Cell>,
    lost: Vec<Cell>,
}

impl Realtime {
    /// The marks `report` adds to those already said, its cells written by `point`.
    pub fn marks(&mut self, report: &Report, point: impl Fn(Cell) -> Point) -> Vec<String> {
        let mut marks = Vec::new();
        for line in &report.lines {
            let lost = matches!(line.value, Value::Solved(Outcome::Loss(_)));
            if let Some(&cell) = line.pv.first()
                && lost
                && !self.lost.contains(&cell)
            {
                self.lost.push(cell);
                marks.push(format!("MESSAGE REALTIME LOSE {}", point(cell)));
            }
        }
        if let Some(&best) = report.pv.first()
            && self.best != Some(best)
        {
            self.best = Some(best);
            marks.push(format!("MESSAGE REALTIME BEST {}", point(best)));
        }
        marks
    }
}

/// The block `INFO show_detail 2` asks for, one per line, as Rapfi writes it: `INFO PV i`
/// (from 0), `INFO NUMPV n`, `INFO DEPTH d`, `INFO TOTALNODES`, `INFO TOTALTIME` (ms),
/// `INFO SPEED` (nodes a second), `INFO EVAL` ([`eval`]), `INFO BESTLINE x,y x,y ...`, then
/// `INFO PV DONE`. The nodes, time and speed are the whole search's.
#[must_use]
pub fn detail(
    i: usize,
    lines: usize,
    line: &PvLine,
    thought: &Thought,
    point: impl Fn(crate::game::Cell) -> Point,
) -> Vec<String> {
    let nodes = thought.choice.nodes;
    let micros = thought.time.as_micros().max(1);
    let speed = u128::from(nodes) * 1_000_000 / micros;
    let pv: Vec<String> = line.pv.iter().map(|&c| point(c).to_string()).collect();
    let mut block = vec![format!("INFO PV {i}"), format!("INFO NUMPV {lines}")];
    if let Some(depth) = line.depth {
        block.push(format!("INFO DEPTH {depth}"));
    }
    block.extend([
        format!("INFO TOTALNODES {nodes}"),
        format!("INFO TOTALTIME {}", thought.time.as_millis()),
        format!("INFO SPEED {speed}"),
        format!("INFO EVAL {}", eval(line.value)),
        format!("INFO BESTLINE {}", pv.join(" ")),
        "INFO PV DONE".to_string(),
    ]);
    block
}

/// `DEBUG` with the move's time accounting.
#[must_use]
pub fn time_debug(
    turn: TurnPlan,
    spent: Duration,
    timeout_turn: Duration,
    match_left: Option<Duration>,
) -> String {
    let limit = match turn.limited_by {
        Limit::Turn => "timeout_turn",
        Limit::AsFastAsPossible => "timeout_turn 0 (as fast as possible)",
        Limit::Match => "time left in the game",
    };
    let left = match_left.map_or_else(
        || "untimed game".to_string(),
        |d| format!("{} ms left in the game", d.as_millis()),
    );
    format!(
        "DEBUG time {} ms; target {} ms, stop at {} ms set by {limit}, give up at {} ms \
         (timeout_turn {} ms, {left})",
        spent.as_millis(),
        turn.target().as_millis(),
        turn.deadline().as_millis(),
        turn.give_up.as_millis(),
        timeout_turn.as_millis(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Cell;
    use crate::search::Value;

    #[test]
    fn about_has_the_recommended_keys() {
        let a = about();
        for key in [
            "name=\"mnk\"",
            "version=\"",
            "author=\"",
            "country=\"",
            "www=\"",
        ] {
            assert!(a.contains(key), "{a}");
        }
    }

    #[test]
    fn messages_never_split() {
        assert_eq!(message("a\r\nb\0c"), "MESSAGE a  b c");
    }

    #[test]
    fn search_info_lists_what_the_player_knows() {
        let mut choice = Choice::new(Cell(3), 2000);
        choice.depth = Some(4);
        choice.value = Some(Value::Score(120));
        choice.pv = vec![Cell(3), Cell(4)];
        let line = search_info("engine", &choice, Duration::from_millis(2), |c| Point {
            x: u32::from(c.0),
            y: 0,
        });
        assert_eq!(
            line,
            "MESSAGE engine depth 4 value +120 nodes 2000 nps 1000000 time 2 ms pv 3,0 4,0"
        );
    }
}
