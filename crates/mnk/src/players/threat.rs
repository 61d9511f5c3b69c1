//! `vcf` and `vct`: the engine's threat-space search on its own, for puzzles. Each answers with
//! the first move of a forced win (victory by continuous fours, or by continuous threats: fours
//! and open threes) and its length, or says that it found none.

use crate::engine::{Position, ThreatKind, ThreatSearch};
use crate::game::Board;
use crate::search::{Choice, Control, Outcome, Player, PlayerError, Value};
use std::time::Duration;

/// Attacker threats `vcf` plays at most unless given a depth.
pub const VCF_DEPTH: u32 = 40;
/// Attacker threats `vct` plays at most unless given a depth.
pub const VCT_DEPTH: u32 = 12;
/// Time a threat search takes at most unless given a limit.
pub const DEFAULT_TIME: Duration = Duration::from_secs(10);

/// A threat-space search player.
#[derive(Debug, Clone)]
pub struct ThreatPlayer {
    kind: ThreatKind,
}

impl ThreatPlayer {
    /// `vcf` (fours only) or `vct` (fours and threes); the control's depth is the most
    /// attacker threats, its nodes and time bound the search.
    #[must_use]
    pub fn new(kind: ThreatKind) -> Self {
        ThreatPlayer { kind }
    }

    fn depth(&self, control: &Control) -> u32 {
        control.depth().unwrap_or(match self.kind {
            ThreatKind::Vcf => VCF_DEPTH,
            ThreatKind::Vct => VCT_DEPTH,
        })
    }
}

impl Player for ThreatPlayer {
    fn name(&self) -> &'static str {
        match self.kind {
            ThreatKind::Vcf => "vcf",
            ThreatKind::Vct => "vct",
        }
    }

    fn choose(&mut self, board: &Board, control: &Control) -> Result<Choice, PlayerError> {
        if board.is_over() {
            return Err(PlayerError::GameOver);
        }
        let mut pos = Position::new(board);
        let mut search = ThreatSearch::new(self.kind, control.node_limit().unwrap_or(u64::MAX));
        let depth = self.depth(control);
        let found = search.search(&mut pos, depth, &mut || control.should_stop(0));
        let nodes = search.nodes();
        let side = board.to_move();
        let Some(win) = found else {
            let what = match self.kind {
                ThreatKind::Vcf => "continuous fours",
                ThreatKind::Vct => "continuous threats (fours and open threes)",
            };
            let how = if search.stopped() {
                format!("the search was stopped after {nodes} nodes; give it more time or nodes")
            } else {
                format!("searched {nodes} nodes, up to {depth} threats")
            };
            return Err(PlayerError::NotFound(format!(
                "no forced win found for {side} by {what}: {how}"
            )));
        };
        let pv: Vec<_> = win.line.iter().map(|&p| pos.cell(p)).collect();
        Ok(Choice {
            value: Some(Value::Solved(Outcome::Win(win.plies))),
            depth: Some(depth),
            pv,
            ..Choice::new(pos.cell(win.line[0]), nodes)
        })
    }
}
