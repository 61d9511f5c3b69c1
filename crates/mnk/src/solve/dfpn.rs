//! Proof-number search for the solver's two null-window questions: "does the attacker win?"
//! (the side to move, or its opponent), answered by depth-first proof-number search (df-pn,
//! Nagai 2002) with the 1 + 1/4 threshold of Pawlewicz and Lew (2007).
//!
//! Where the attacker moves (an OR node) one winning move proves the node; where the defender
//! moves (an AND node) every move must lose. The proof number of a node estimates how many
//! positions must still be proved for the attacker to win there, the disproof number how many
//! for it not to; the search always works below the most proving (or disproving) position
//! within thresholds, so it follows narrow forcing lines first, where alpha-beta's fixed
//! order would spread. Positions are m,n,k-game positions: a graph without cycles, so a
//! settled result holds however the position is reached.
//!
//! A node is settled at once when the side to move wins at once, the other side has two
//! threats (one threat forces the block), the attacker has no window left, or, where the
//! attacker moves, the defender has a pairing (`pairing`). A new child after a double four is
//! proved; every other new child starts with both numbers at 1, and ties keep the threat
//! order (`order`). Where the defender moves and the attacker would win by continuous fours
//! if it passed (`threats`), only the moves in that line's relevance zone are searched: every
//! other move loses to the line (idea `zones`, see `threats::Vcf::zone`). Dead cells and
//! symmetric moves are skipped as in the alpha-beta search, and so are the attacker's moves
//! outside the drawing side's zone (idea `drawing-zones`, `pairing::Pairing::zone`). (A search for the attacker's own
//! continuous fours where it moves, as alpha-beta does, cost more than it saved: 9x4 k=4 took
//! 63M nodes instead of 30M.)
//!
//! Every settled node is stored in the solver's shared table as a bound on its score (a win
//! for the attacker: at least 1, or at most -1 for the defender; no win: at most 0, or at
//! least 0), with the move that settles it, so that the alpha-beta search, the next question
//! and the proof writer (`certify`) find it there. Open nodes keep their numbers and moves
//! in this search's own table (`pn_table`).

use super::pairing::Pairing;
use super::pn_table::{PnEntry, PnTable};
use super::search::{Role, Searcher, Stopped, work, x_to_move};
use super::table::{Entry, NO_MOVE};
use super::threats::{Vcf, four_makers};
use super::tunables::{DFPN_ZONE_BUDGET, DFPN_ZONE_LINES, THREAT_ORDER_EMPTY};
use super::zones::{EVERY_CELL, hit, pairing_zone};

/// Proof and disproof numbers are below this; a node with a proof number of `INF` is
/// disproved (its disproof number is 0), and the other way round.
const INF: u32 = 1 << 30;

/// One proof-number search (one question from one root).
pub(crate) struct ProofSearch<'s, 'a> {
    s: &'s mut Searcher<'a>,
    table: &'s mut PnTable,
    /// Whether X is the attacker.
    attacker_x: bool,
    vcf: Vcf,
    pairing: Pairing,
    /// The finder of the drawing side's zones (idea `drawing-zones`).
    zone_pairing: Pairing,
    /// The children of the nodes on the current path (move, proof and disproof numbers),
    /// each node's after its parent's.
    kids: Vec<(u8, u32, u32)>,
    /// The relevance zone of each disproved child in `kids` as this visit of its parent read
    /// or found it ([`EVERY_CELL`] for none): what covering and the parent's zone use, so that
    /// both rest on the same claims (the zone table may hold another zone by then).
    kid_zones: Vec<u64>,
    /// Scratch: the children's keys and table places.
    places: Vec<(u128, usize)>,
    /// The relevance zone of the last node [`ProofSearch::mid`] disproved (idea
    /// `refutation-zones`, see `zones`); [`EVERY_CELL`] otherwise.
    zone: u64,
}

/// What a first look at a node found.
enum Look {
    /// The question is settled there: `proved` (the attacker wins) or not; the move that shows
    /// it, where one is known; the zone of a disproof ([`EVERY_CELL`] for none).
    Settled { proved: bool, best: u8, zone: u64 },
    /// The shared table settled it before (nothing to store again).
    Known { proved: bool, best: u8 },
    /// Open: the moves to search.
    Moves(u64),
}

impl<'s, 'a> ProofSearch<'s, 'a> {
    /// A search with `s` (positioned at the root) for X as the attacker or O, going on from
    /// what `table` holds (a table for the same attacker).
    pub(crate) fn new(s: &'s mut Searcher<'a>, attacker_x: bool, table: &'s mut PnTable) -> Self {
        // Its moves, threats and pairings assume both sides may play every empty cell: under
        // renju the idea is off (`Ideas::WITH_FORBIDDEN_MOVES`).
        debug_assert!(
            s.context().renju.is_none(),
            "proof-number search under renju"
        );
        ProofSearch {
            s,
            table,
            attacker_x,
            vcf: Vcf::default(),
            pairing: Pairing::rationed(),
            zone_pairing: Pairing::rationed(),
            kids: Vec::new(),
            kid_zones: Vec::new(),
            places: Vec::new(),
            zone: EVERY_CELL,
        }
    }

    /// The role in the zones' question of a node where the attacker moves (`or`) or not.
    fn role(&self, or: bool) -> Role {
        match (self.s.zones_on(), or) {
            (false, _) => Role::None,
            (true, true) => Role::Attacker,
            (true, false) => Role::Defender,
        }
    }

    /// Whether the attacker wins from `own` / `opp` (the side to move owns `own`), and a move
    /// of the side to move that shows it where the search met one ([`NO_MOVE`] otherwise):
    /// where the attacker moves and wins, a winning move; where the defender moves and the
    /// attacker does not win, a move after which it still does not.
    pub(crate) fn prove(&mut self, own: u64, opp: u64) -> Result<(bool, u8), Stopped> {
        loop {
            let (pn, dn, best) = self.mid(own, opp, INF - 1, INF - 1)?;
            if pn == 0 || dn == 0 {
                return Ok((pn == 0, best));
            }
        }
    }

    /// Searches the node `own` / `opp` until it is settled or its proof number reaches
    /// `th_pn` or its disproof number `th_dn`; returns both numbers and, for a settled node,
    /// the move that settles it (as [`ProofSearch::prove`]).
    fn mid(
        &mut self,
        own: u64,
        opp: u64,
        th_pn: u32,
        th_dn: u32,
    ) -> Result<(u32, u32, u8), Stopped> {
        self.s.count(1)?;
        self.zone = EVERY_CELL;
        let before = self.s.nodes();
        let or = x_to_move(own, opp) == self.attacker_x;
        let role = self.role(or);
        let (key, sym) = self.s.key();
        let moves = match self.table.get(key) {
            Some(e) => {
                if e.pn >= th_pn || e.dn >= th_dn || e.pn == 0 || e.dn == 0 {
                    if e.dn == 0 {
                        self.zone = self.s.kept_zone(key, sym, role);
                    }
                    return Ok((e.pn, e.dn, NO_MOVE));
                }
                self.map(sym, e.moves, false)
            }
            None => match self.look(own, opp, or, key, sym)? {
                Look::Known { proved, best } => {
                    if !proved {
                        self.zone = self.s.kept_zone(key, sym, role);
                    }
                    return Ok(settled(proved, best));
                }
                Look::Settled { proved, best, zone } => {
                    let work = work(self.s.nodes() - before);
                    self.settle(key, sym, or, proved, best, work);
                    if !proved {
                        self.s.found_zone((key, sym), role, zone, (own, opp));
                        self.zone = zone;
                    }
                    return Ok(settled(proved, best));
                }
                Look::Moves(moves) => moves,
            },
        };
        let n_empty = (self.s.context().lines.full() & !(own | opp)).count_ones();
        let (list, count) =
            self.s
                .ordered_moves(own, opp, moves, NO_MOVE, n_empty >= THREAT_ORDER_EMPTY);
        // Each child: its move, proof number, disproof number. At a node seen before, the
        // children's numbers come from the table (all places first, then the loads, which the
        // processor overlaps); at a new node they start at 1 and a child met before reports
        // its own numbers when it is searched.
        // Each child: its move, proof number, disproof number, from the table (all places
        // first, then the loads, which the processor overlaps), or 1 and 1 for a new one.
        self.places.clear();
        for &c in &list[..count] {
            self.s.toggle(own, opp, c);
            let (child, _) = self.s.key();
            self.s.toggle(own, opp, c);
            self.places.push((child, self.table.place(child)));
        }
        let start = self.kids.len();
        // A new child after a double four of the attacker is proved (the defender has no
        // four: it would have been answered first); any other starts at 1 and 1.
        let mut made = [0u64; 64];
        let makers = if or {
            four_makers(&self.s.context().lines, own, opp, &mut made).1
        } else {
            0
        };
        for (&c, &(child, at)) in list[..count].iter().zip(&self.places) {
            self.kids.push(match self.table.get_at(child, at) {
                Some(e) => (c, e.pn, e.dn),
                None if makers & 1 << c != 0 && made[usize::from(c)].count_ones() >= 2 => {
                    (c, 0, INF)
                }
                None => (c, 1, 1),
            });
        }
        self.kid_zones.resize(self.kids.len(), EVERY_CELL);
        // The zones of the children disproved before; where the attacker moves, they cover the
        // open children outside them. Covering is found again at every visit (the moves kept
        // are all of them), from the zones this visit reads.
        let mut covered = 0u64;
        if role != Role::None {
            let child_role = self.role(!or);
            for i in start..self.kids.len() {
                let (c, _, d) = self.kids[i];
                if d == 0 && covered & 1 << c == 0 {
                    self.s.toggle(own, opp, c);
                    let (child, child_sym) = self.s.key();
                    let zone = self.s.kept_zone(child, child_sym, child_role);
                    self.s.toggle(own, opp, c);
                    self.kid_zones[i] = zone;
                    if or {
                        covered |= self.cover(start, zone);
                    }
                }
            }
        }
        let result = self.search_kids(own, opp, or, start, (th_pn, th_dn), &mut covered);
        let zone = match result {
            Ok((_, 0)) if role != Role::None => self.disproof_zone(own, opp, or, start, covered),
            _ => EVERY_CELL,
        };
        let kids = &self.kids[start..];
        let settled_by = |proved: bool| {
            // The child that settles the node where its side to move has the choice; any
            // move where it does not.
            kids.iter()
                .find(|k| if proved { k.1 == 0 } else { k.2 == 0 })
                .filter(|_| or == proved)
                .or(kids.first())
                .map_or(NO_MOVE, |k| k.0)
        };
        let outcome = result.map(|(pn, dn)| (pn, dn, settled_by(pn == 0)));
        let moves_here = kids.len() as u32;
        self.kids.truncate(start);
        self.kid_zones.truncate(start);
        let (pn, dn, best) = outcome?;
        let work = work(self.s.nodes() - before);
        if pn == 0 || dn == 0 {
            let proved = pn == 0;
            self.settle(key, sym, or, proved, best, work);
            if !proved {
                if or && zone != EVERY_CELL {
                    let stones = (own | opp).count_ones();
                    self.s
                        .count_refuted(stones, moves_here, covered.count_ones());
                }
                self.s.found_zone((key, sym), role, zone, (own, opp));
                self.zone = zone;
            }
            return Ok(settled(proved, best));
        }
        let moves = self.map(sym, moves, true);
        self.table.put(
            key,
            PnEntry {
                pn,
                dn,
                moves,
                work,
            },
        );
        Ok((pn, dn, NO_MOVE))
    }

    /// The loop of [`ProofSearch::mid`] over the children `self.kids[start..]` of the node
    /// `own` / `opp`: searches the most proving (or disproving) child until the node's
    /// numbers reach a threshold or settle; returns them.
    ///
    /// Where the attacker moves, a child disproved with a relevance zone disproves every open
    /// child outside it (`zones`): those are set disproved and added to `covered`.
    fn search_kids(
        &mut self,
        own: u64,
        opp: u64,
        or: bool,
        start: usize,
        (th_pn, th_dn): (u32, u32),
        covered: &mut u64,
    ) -> Result<(u32, u32), Stopped> {
        loop {
            let kids = &self.kids[start..];
            let (pn, dn) = numbers(kids, or);
            if pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn {
                return Ok((pn, dn));
            }
            // The most proving child (where the attacker moves) or the most disproving one,
            // and the second best value, which bounds how far the search may go below it.
            let value = |k: &(u8, u32, u32)| if or { k.1 } else { k.2 };
            let mut best = 0;
            let mut second = INF;
            for (i, k) in kids.iter().enumerate().skip(1) {
                if value(k) < value(&kids[best]) {
                    second = value(&kids[best]);
                    best = i;
                } else if value(k) < second {
                    second = value(k);
                }
            }
            let (c, c_pn, c_dn) = kids[best];
            let widened = second
                .saturating_add(1)
                .max(second.saturating_add(second / 4));
            let (t_pn, t_dn) = if or {
                (th_pn.min(widened), th_dn - dn + c_dn)
            } else {
                (th_pn - pn + c_pn, th_dn.min(widened))
            };
            self.s.toggle(own, opp, c);
            let result = self.mid(opp, own | 1 << c, t_pn.min(INF - 1), t_dn.min(INF - 1));
            self.s.toggle(own, opp, c);
            let (p, d, _) = result?;
            self.kids[start + best] = (c, p, d);
            if d == 0 {
                self.kid_zones[start + best] = self.zone;
                if or {
                    *covered |= self.cover(start, self.zone);
                }
            }
        }
    }

    /// Where the attacker moves, a child disproved with the relevance `zone` disproves the
    /// open children `self.kids[start..]` outside it (`zones`): they are set disproved, and
    /// returned as a mask.
    fn cover(&mut self, start: usize, zone: u64) -> u64 {
        let mut covered = 0;
        if zone != EVERY_CELL {
            for k in &mut self.kids[start..] {
                if k.1 != INF && zone & 1 << k.0 == 0 {
                    *k = (k.0, INF, 0);
                    covered |= 1 << k.0;
                }
            }
        }
        covered
    }

    /// The relevance zone of the node `own` / `opp`, disproved, whose children are
    /// `self.kids[start..]` (`zones`): where the defender moves, the disproving child's zone
    /// and move; where the attacker moves, the union of the children's zones and moves, but
    /// those `covered` by another's zone, closed under the position's symmetries (and two
    /// cells of every window the attacker could still complete where it had to block a five).
    /// The children's zones are those this visit read or found (`kid_zones`).
    fn disproof_zone(&self, own: u64, opp: u64, or: bool, start: usize, covered: u64) -> u64 {
        let lines = &self.s.context().lines;
        let empty = lines.full() & !(own | opp);
        let live = (lines.live_cover(own) | lines.live_cover(opp)) & empty;
        if self.kids.len() == start {
            return EVERY_CELL;
        }
        let mut zone = 0u64;
        for i in start..self.kids.len() {
            let (c, _, d) = self.kids[i];
            if d != 0 || covered & 1 << c != 0 {
                continue;
            }
            let z = self.kid_zones[i];
            if z == EVERY_CELL {
                return EVERY_CELL;
            }
            zone |= (z & live) | 1 << c;
            if !or {
                return zone;
            }
        }
        if !or {
            return EVERY_CELL;
        }
        let zone = self.s.symmetric_closure(self.s.stabilizer(), zone);
        if lines.win_cells(opp, empty) != 0 {
            // A forced block: the attacker's other moves make no five, even with extra stones.
            hit(lines, own, opp, zone, 2)
        } else {
            zone
        }
    }

    /// Records a settled node in both tables: `proved` (the attacker wins) or not, with the
    /// move that shows it ([`NO_MOVE`] if none), at the node whose key is `key` (reached
    /// from the searcher's orientation by `sym`).
    fn settle(&mut self, key: u128, sym: usize, or: bool, proved: bool, best: u8, work: u8) {
        let (pn, dn) = if proved { (0, INF) } else { (INF, 0) };
        self.table.put(
            key,
            PnEntry {
                pn,
                dn,
                moves: 0,
                work,
            },
        );
        let syms = &self.s.context().syms;
        let best = if best == NO_MOVE {
            NO_MOVE
        } else {
            syms.apply(sym, best)
        };
        // Scores from the side to move: the attacker's win is at least 1 for it, at most -1
        // for the defender; no win is at most 0 for the attacker, at least 0 for the defender.
        let (lower, upper) = match (or, proved) {
            (true, true) => (1, i8::MAX),
            (true, false) => (i8::MIN, 0),
            (false, true) => (i8::MIN, -1),
            (false, false) => (0, i8::MAX),
        };
        let best = if or == proved { best } else { NO_MOVE };
        self.s.store(
            key,
            Entry {
                lower,
                upper,
                best,
                work,
            },
        );
    }

    /// A first look at an open node: settled at once, or the moves to search.
    fn look(
        &mut self,
        own: u64,
        opp: u64,
        or: bool,
        key: u128,
        sym: usize,
    ) -> Result<Look, Stopped> {
        let cx = self.s.context();
        let lines = &cx.lines;
        if let Some(e) = cx.table.probe(key) {
            let best = if e.best == NO_MOVE {
                NO_MOVE
            } else {
                cx.syms.unapply(sym, e.best)
            };
            let (lower, upper) = (i32::from(e.lower), i32::from(e.upper));
            let (win, no_win) = if or {
                (lower >= 1, upper <= 0)
            } else {
                (upper <= -1, lower >= 0)
            };
            if win || no_win {
                return Ok(Look::Known { proved: win, best });
            }
        }
        let empty = lines.full() & !(own | opp);
        let n_empty = empty.count_ones();
        let (attacker, defender) = if or { (own, opp) } else { (opp, own) };
        let zones = self.s.zones_on();
        let wins = lines.win_cells(own, empty);
        if wins != 0 {
            // The side to move wins at once: the attacker proves, the defender disproves (and
            // the attacker has no five yet, even with extra stones).
            let zone = if zones && !or {
                hit(lines, attacker, defender, wins & wins.wrapping_neg(), 1)
            } else {
                EVERY_CELL
            };
            return Ok(Look::Settled {
                proved: or,
                best: wins.trailing_zeros() as u8,
                zone,
            });
        }
        let threats = lines.win_cells(opp, empty);
        if threats.count_ones() >= 2 {
            // The attacker cannot stop two fives, and makes none with one more stone.
            let zone = if zones && or {
                let one = threats & threats.wrapping_neg();
                let rest = threats & !one;
                hit(
                    lines,
                    attacker,
                    defender,
                    one | rest & rest.wrapping_neg(),
                    2,
                )
            } else {
                EVERY_CELL
            };
            return Ok(Look::Settled {
                proved: !or,
                best: NO_MOVE,
                zone,
            });
        }
        if n_empty <= 1 && or {
            return Ok(Look::Settled {
                proved: false,
                best: NO_MOVE,
                zone: EVERY_CELL,
            });
        }
        if threats != 0 {
            return Ok(Look::Moves(threats)); // the block is forced
        }
        let attacker_live = lines.live_cover(defender);
        if attacker_live == 0 {
            return Ok(Look::Settled {
                proved: false,
                best: NO_MOVE,
                zone: if zones { 0 } else { EVERY_CELL },
            });
        }
        let ideas = cx.ideas;
        if or && ideas.pairing && {
            let found = self.pairing.blocks(lines, attacker, defender);
            let gave_up = self.pairing.gave_up();
            self.s
                .count_pairing((own | opp).count_ones(), found, gave_up);
            found
        } {
            let zone = if zones {
                pairing_zone(lines, defender, self.pairing.pairs())
            } else {
                EVERY_CELL
            };
            return Ok(Look::Settled {
                proved: false,
                best: NO_MOVE,
                zone,
            });
        }
        let mut moves = empty;
        if ideas.dead_cells && !lines.exact() {
            moves &= attacker_live | lines.live_cover(attacker);
        }
        // Only the attacker's moves in the drawing side's zone can win (`Pairing::zone`).
        if or
            && ideas.drawing_zones
            && !zones
            && !lines.exact()
            && let Some(zone) = self.zone_pairing.zone(lines, attacker, defender)
        {
            moves &= zone;
        }
        if ideas.zones && !or {
            // Would the attacker win by continuous fours if the defender passed? Then the
            // defender must play in the line's relevance zone.
            let before = self.vcf.nodes;
            // Every line found must be spoiled: the defender plays where all their zones meet
            // (nowhere: it loses).
            let found = self.vcf.defence_zone(
                lines,
                attacker,
                defender,
                n_empty,
                DFPN_ZONE_BUDGET,
                DFPN_ZONE_LINES,
                moves,
            );
            self.s.count(self.vcf.nodes - before)?;
            if let Some((zone, _)) = found {
                moves &= zone;
            }
        }
        Ok(Look::Moves(self.distinct(moves)))
    }

    /// `moves` without the moves symmetric to one kept (under the symmetries that fix the
    /// position).
    fn distinct(&self, moves: u64) -> u64 {
        let stabilizer = self.s.stabilizer();
        if stabilizer == 1 {
            return moves;
        }
        let mut kept = 0;
        let mut left = moves;
        while left != 0 {
            let c = left.trailing_zeros() as u8;
            kept |= 1 << c;
            left &= !self.s.orbit(stabilizer, c);
        }
        kept
    }

    /// A mask of cells mapped to the key's orientation (`to_key`) or back from it.
    fn map(&self, sym: usize, mask: u64, to_key: bool) -> u64 {
        if sym == 0 {
            return mask;
        }
        let syms = &self.s.context().syms;
        let mut out = 0;
        let mut left = mask;
        while left != 0 {
            let c = left.trailing_zeros() as u8;
            left &= left - 1;
            out |= 1
                << if to_key {
                    syms.apply(sym, c)
                } else {
                    syms.unapply(sym, c)
                };
        }
        out
    }
}

/// The numbers of a node from its children's (move, proof number, disproof number): where the
/// attacker moves (`or`), the least proof number and the sum of the disproof numbers; where
/// the defender moves, the other way round. Sums stop below [`INF`].
fn numbers(kids: &[(u8, u32, u32)], or: bool) -> (u32, u32) {
    let mut least = INF;
    let mut sum = 0u64;
    for &(_, pn, dn) in kids {
        let (choice, all) = if or { (pn, dn) } else { (dn, pn) };
        least = least.min(choice);
        sum += u64::from(all);
    }
    let sum = if kids.iter().any(|k| if or { k.2 } else { k.1 } >= INF) {
        INF
    } else {
        sum.min(u64::from(INF - 1)) as u32
    };
    if or { (least, sum) } else { (sum, least) }
}

/// The numbers of a settled node, with its move.
fn settled(proved: bool, best: u8) -> (u32, u32, u8) {
    if proved {
        (0, INF, best)
    } else {
        (INF, 0, best)
    }
}
