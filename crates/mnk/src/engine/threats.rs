//! Threat-space search: victory by continuous fours (VCF) and by continuous threats (VCT).
//!
//! The attacker (the side to move at the start) only plays threats: fours (a stone that makes
//! a winning cell, so the defender's reply is forced) and, in VCT, open threes (a stone that
//! makes an open four possible, so the defender must answer on one of the few cells that stop
//! it). The defender's answers are every move that can matter:
//!
//! - facing a four: the one blocking cell (and a defender with a winning cell of his own wins);
//! - facing an open four or double four: nothing helps, the attacker wins;
//! - facing an open three (the attacker has a cell that makes an open four): a stone on any
//!   cell of the attacker's windows of `k - 2` stones (the attacker's four cells), or a four of
//!   his own. A stone anywhere else leaves every such window intact, so the open four stays on.
//!
//! A defender's four is answered by the attacker's block, after which the defender must still
//! answer the threats left on the board. So a win found is a proof: the attacker wins against
//! every defence. Failing to find one within the depth (attacker threat moves) or node budget
//! proves nothing.
//!
//! Attacker positions without a win are remembered by hash (with the depth that failed) for
//! the life of the search; the attacker is fixed, so the side to move says which role a
//! position is in.

use super::eval::flag;
use super::position::{Position, Threat};
use super::tunables::THREAT_MEMO_LIMIT;
use crate::game::Forced;
use rustc_hash::FxHashMap;

/// Which threats the attacker may play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThreatKind {
    /// Fours only.
    Vcf,
    /// Fours and open threes.
    Vct,
}

/// A forced win found by the threat search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForcedWin {
    /// Plies until the winning stone, the first move counted: 1 is a win now.
    pub plies: u32,
    /// The line: the attacker's first move, the defender's reply, ... (padded indices; for
    /// VCT one of the defences, the one that lasts longest).
    pub line: Vec<usize>,
}

/// A threat-space search with its memory and node count.
#[derive(Debug)]
pub struct ThreatSearch {
    kind: ThreatKind,
    /// Attacker positions with no win within this many threat moves.
    fails: FxHashMap<u64, u32>,
    nodes: u64,
    node_limit: u64,
    stopped: bool,
}

impl ThreatSearch {
    /// A search of `kind` that visits at most `node_limit` positions over all its calls.
    #[must_use]
    pub fn new(kind: ThreatKind, node_limit: u64) -> Self {
        ThreatSearch {
            kind,
            fails: FxHashMap::default(),
            nodes: 0,
            node_limit,
            stopped: false,
        }
    }

    /// Starts a new budget of `node_limit` nodes, keeping what was learned (attacker
    /// positions that fail stay failing: the result depends only on the position). The memory
    /// is forgotten once it grows past [`THREAT_MEMO_LIMIT`].
    pub fn reset(&mut self, node_limit: u64) {
        self.nodes = 0;
        self.node_limit = node_limit;
        self.stopped = false;
        if self.fails.len() > THREAT_MEMO_LIMIT {
            self.fails.clear();
        }
    }

    /// Positions visited so far.
    #[must_use]
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the node budget or `stop` ended a search before it was done.
    #[must_use]
    pub const fn stopped(&self) -> bool {
        self.stopped
    }

    /// Looks for a forced win of the side to move, deepening one attacker threat at a time up
    /// to `max_depth`, so the first win found uses the fewest threats. `stop` is asked every
    /// few hundred nodes whether to give up (a deadline or a stop signal).
    pub fn search(
        &mut self,
        pos: &mut Position,
        max_depth: u32,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<ForcedWin> {
        self.stopped = false;
        if pos.winner().is_some() || pos.is_full() {
            return None;
        }
        for depth in 1..=max_depth {
            let before = self.nodes;
            let found = self.attack(pos, depth, stop);
            if found.is_some() || self.stopped {
                return found;
            }
            if self.nodes - before < 2 * u64::from(depth) {
                // Nothing grew with the depth: no threat to play at all.
                break;
            }
        }
        None
    }

    fn visit(&mut self, stop: &mut dyn FnMut() -> bool) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit || (self.nodes.is_multiple_of(64) && stop()) {
            self.stopped = true;
        }
        !self.stopped
    }

    /// The attacker to move: a win within `depth` more threats?
    fn attack(
        &mut self,
        pos: &mut Position,
        depth: u32,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<ForcedWin> {
        if !self.visit(stop) {
            return None;
        }
        let me = pos.to_move();
        match pos.forced() {
            Some(Forced::Win) => {
                let p = pos.threats(me, Threat::Five).first();
                return p.map(|p| ForcedWin {
                    plies: 1,
                    line: vec![p],
                });
            }
            Some(Forced::Draw | Forced::Loss) => return None,
            Some(Forced::Block(block)) => {
                // Forced: block, and the threats on the board must carry on.
                pos.play(block);
                let found = self.defend(pos, depth, stop);
                pos.unmake();
                return found.map(|w| w.after(block));
            }
            None if pos.is_full() => return None,
            None => {}
        }
        if let Some(p) = pos.threats(me, Threat::OpenFour).first() {
            let reply = pos.threats(me, Threat::Five).first();
            let mut line = vec![p];
            line.extend(reply);
            return Some(ForcedWin { plies: 3, line });
        }
        if depth == 0 {
            return None;
        }
        if self.fails.get(&pos.hash()).is_some_and(|&d| d >= depth) {
            return None;
        }
        let moves = self.attacks(pos);
        let mut result = None;
        for p in moves {
            pos.play(p);
            let found = self.defend(pos, depth - 1, stop);
            pos.unmake();
            if let Some(w) = found {
                result = Some(w.after(p));
                break;
            }
            if self.stopped {
                return None;
            }
        }
        if result.is_none() {
            self.fails.insert(pos.hash(), depth);
        }
        result
    }

    /// The attacker's threat moves, fours first, each group in move-ordering order.
    fn attacks(&self, pos: &Position) -> Vec<usize> {
        let me = pos.to_move();
        let mut fours: Vec<(i32, usize)> = pos
            .threats(me, Threat::Four)
            .iter()
            .map(|p| (pos.move_score(p), p))
            .collect();
        fours.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut moves: Vec<usize> = fours.into_iter().map(|(_, p)| p).collect();
        // Against an opponent's open three a three is too slow: he makes his open four.
        if self.kind == ThreatKind::Vct && pos.threats(me.other(), Threat::OpenFour).is_empty() {
            let mut threes: Vec<(i32, usize)> = pos
                .threats(me, Threat::Three)
                .iter()
                .filter(|&p| !pos.info(me, p).has(flag::FOUR))
                .map(|p| (pos.move_score(p), p))
                .collect();
            threes.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            moves.extend(threes.into_iter().map(|(_, p)| p));
        }
        moves
    }

    /// The defender to move after an attacker's threat: does every defence still lose?
    fn defend(
        &mut self,
        pos: &mut Position,
        depth: u32,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<ForcedWin> {
        if !self.visit(stop) {
            return None;
        }
        let me = pos.to_move();
        let attacker = me.other();
        match pos.forced() {
            Some(Forced::Win | Forced::Draw) => return None,
            Some(Forced::Loss) => {
                // Two fives (the defender blocks one, the other follows), or one the defender
                // may not block (renju's X: any legal move, and the five follows).
                let fives: Vec<usize> = pos.threats(attacker, Threat::Five).iter().collect();
                let first = match fives[..] {
                    [_, second, ..] => second,
                    _ => legal_move(pos)?,
                };
                return Some(ForcedWin {
                    plies: 2,
                    line: vec![first, fives[0]],
                });
            }
            Some(Forced::Block(block)) => {
                pos.play(block);
                let found = self.attack(pos, depth, stop);
                pos.unmake();
                return found.map(|w| w.after(block));
            }
            None if pos.is_full() => return None,
            None => {}
        }
        if self.kind == ThreatKind::Vcf || pos.threats(attacker, Threat::OpenFour).is_empty() {
            return None;
        }
        // Facing an open three: every cell of the attacker's near-fours, and the defender's
        // own fours.
        // (Renju: the attacker's forbidden points are blocks too, and the defender's own
        // forbidden points no moves.)
        let mut defences: Vec<usize> = pos
            .four_cells(attacker)
            .into_iter()
            .filter(|&p| pos.is_legal(p))
            .collect();
        for p in pos.threats(me, Threat::Four).iter() {
            if !defences.contains(&p) {
                defences.push(p);
            }
        }
        if defences.is_empty() {
            // Renju's X, whose every block is forbidden: any move, and the open four comes
            // (no legal move at all: a draw, no win).
            let other = legal_move(pos)?;
            pos.play(other);
            let found = self.attack(pos, depth, stop);
            pos.unmake();
            return found.map(|w| w.after(other));
        }
        let mut longest: Option<ForcedWin> = None;
        for p in defences {
            pos.play(p);
            let found = self.attack(pos, depth, stop);
            pos.unmake();
            match found {
                None => return None,
                Some(w) => {
                    let w = w.after(p);
                    if longest.as_ref().is_none_or(|l| w.plies > l.plies) {
                        longest = Some(w);
                    }
                }
            }
        }
        longest
    }
}

/// A legal move of the side to move, the nearest the stones first; `None` when it has none.
fn legal_move(pos: &Position) -> Option<usize> {
    pos.candidates()
        .iter()
        .chain(pos.board_indices().filter(|&p| pos.is_empty(p)))
        .find(|&p| pos.is_legal(p))
}

impl ForcedWin {
    /// The same win seen one ply earlier, with `p` played first.
    fn after(mut self, p: usize) -> ForcedWin {
        self.plies += 1;
        self.line.insert(0, p);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rule, Size, Variant};
    use crate::notation::{format_cell, parse_game};

    fn find(kind: ThreatKind, size: u8, rule: Rule, moves: &str) -> Option<(String, u32)> {
        let v = Variant::new(Size::square(size), 5, rule).unwrap();
        let game = parse_game(moves, v).unwrap();
        let mut pos = Position::new(game.board());
        let mut search = ThreatSearch::new(kind, 200_000);
        search
            .search(&mut pos, 12, &mut || false)
            .map(|w| (format_cell(pos.cell(w.line[0]), v.size()), w.plies))
    }

    #[test]
    fn an_open_four_to_be_is_a_win_in_three() {
        // X: h8 i8 j8 (blocked on the left by O g8) and k9 k10 k11 (open, up the k file):
        // k8 makes a four (h8-k8, winning on l8) and a three on the k file. O's stones are far.
        let moves = "h8 g8 i8 a1 j8 a3 k9 a5 k10 a7 k11 a9";
        let (first, plies) = find(ThreatKind::Vcf, 15, Rule::Freestyle, moves).unwrap();
        // k8 (a four on the 8th row and an open four up the k file) and k12 (an open four) both
        // win in 3; k12 comes first in row-major order from the top.
        assert_eq!((first.as_str(), plies), ("k12", 3));
    }

    #[test]
    fn no_threats_no_win() {
        assert_eq!(find(ThreatKind::Vcf, 15, Rule::Freestyle, "h8 h9"), None);
        assert_eq!(find(ThreatKind::Vct, 15, Rule::Freestyle, "h8 h9"), None);
    }
}
