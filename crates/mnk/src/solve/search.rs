//! The search of one thread: fail-soft negamax with alpha-beta on exact scores (see
//! [`crate::solve`] for what a score means), the shared transposition table, and the ideas of
//! [`Ideas`].
//!
//! Contract of [`Searcher::search`] (fail-soft): with `alpha < beta`, the returned `v`
//! satisfies: `v <= alpha` means the true score is at most `v`; `v >= beta` means it is at
//! least `v`; otherwise `v` is the true score. Ideas that know only the sign of a score
//! (pairing, dead cells, the drawing side's zones) never return a bound on the wrong side of
//! the truth: a pairing proves "at most 0", when dead cells were skipped a losing result is
//! reported as "at most -1", and when the drawing side's zone left moves out (only in the
//! window `(0, 1)`) a result below 0 is reported as "at most 0".

use super::ideas::Ideas;
use super::key::{Images, Symmetries};
use super::lines::Spans;
use super::order::{sort_by_scores, threat_scores};
use super::pairing::Pairing;
use super::progress::Counters;
use super::renju::{Attack, Renju, cells_of};
use super::stats::Tally;
use super::table::{Entry, NO_MOVE, Table};
use super::threats::Vcf;
use super::tunables::{CHECK_EVERY, THREAT_ORDER_EMPTY, VCF_BUDGET, VCT_BUDGET};
use super::vct::Vct;
use super::zones::{EVERY_CELL, ZoneTable, hit, pairing_zone};
use crate::game::{Forced, forced};
use crate::search::Control;
use std::cell::OnceCell;
use std::sync::Mutex;
use std::sync::atomic::Ordering::Relaxed;

/// Everything the threads of one solver share.
#[derive(Debug)]
pub(crate) struct Context {
    pub(crate) lines: Spans,
    pub(crate) syms: Symmetries,
    /// Cells by static preference.
    pub(crate) order: Vec<u8>,
    pub(crate) ideas: Ideas,
    pub(crate) table: Table,
    /// The relevance zones of the drawing side's proofs (idea `refutation-zones`).
    pub(crate) zones: ZoneTable,
    pub(crate) counters: Counters,
    /// What the searches did (`stats`), the searchers' tallies added as they report.
    pub(crate) stats: Mutex<Tally>,
    /// What the table's keys mean, for checkpoints (`checkpoint::header`).
    pub(crate) header: String,
    /// Bytes the table of a proof-number search may grow to (`dfpn`).
    pub(crate) pn_bytes: usize,
    /// Under a rule that forbids black moves (renju): what the search needs besides `lines`.
    pub(crate) renju: Option<Renju>,
}

impl Context {
    /// The empty cells where the side owning `stones` (X when `x`) wins at once, by its own
    /// rule (under renju white's lines read five or more).
    pub(crate) fn wins(&self, stones: u64, empty: u64, x: bool) -> u64 {
        match &self.renju {
            Some(renju) if !x => renju.white.win_cells(stones, empty),
            _ => self.lines.win_cells(stones, empty),
        }
    }

    /// The empty cells the side to move at `own` / `opp` (X when `x`) may not play: its
    /// forbidden points when it has some (renju's black), else none.
    pub(crate) fn forbidden(&self, own: u64, opp: u64, x: bool) -> u64 {
        match &self.renju {
            Some(renju) if renju.forbids(x) => renju.forbidden.cells(own, opp),
            _ => 0,
        }
    }

    /// The cells a pairing against the side to move (X when `x`, with the stones `own`) may
    /// use: every cell, but a defender with forbidden points (renju's black) defends only with
    /// pairs of points that no stones to come can make forbidden (white answers anywhere).
    pub(crate) fn pairing_cells(&self, own: u64, x: bool) -> u64 {
        match &self.renju {
            Some(renju) if renju.forbids(!x) => renju.forbidden.never_forbidden(own),
            _ => self.lines.full(),
        }
    }
}

/// A search was stopped: a limit, a stop request, or another thread finished first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stopped;

/// One thread's search.
#[derive(Debug)]
pub(crate) struct Searcher<'a> {
    cx: &'a Context,
    /// The team's control: stopped by the caller, a limit, or another thread's answer.
    control: &'a Control,
    /// The shared node count when this solve began (the node limit counts from there).
    base: u64,
    images: Images,
    /// Nodes this searcher visited.
    nodes: u64,
    /// Nodes not yet added to the shared counter.
    unreported: u64,
    /// Table entries taken since the last report.
    new_entries: u64,
    pairing: Pairing,
    /// The finder of the drawing side's zones (idea `drawing-zones`), rationed apart from the
    /// pairings of the whole board.
    zone_pairing: Pairing,
    vcf: Vcf,
    vct: Vct,
    /// The relevance zone of the last result of [`Searcher::search`] where it says that the
    /// attacker does not win ([`super::zones`]); [`EVERY_CELL`] when it says nothing more.
    zone: u64,
    /// What this searcher counted since it last reported (`stats`).
    tally: Box<Tally>,
}

/// What a node is in the question of the drawing side's zones ([`super::zones`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    /// The side to move is asked whether it wins: window `(0, 1)`.
    Attacker,
    /// The side to move is asked whether it avoids losing: window `(-1, 0)`.
    Defender,
    /// Another window, or the idea is off: no zones.
    None,
}

impl Role {
    /// Whether `v` says that the attacker does not win.
    pub(super) fn holds(self, v: i32) -> bool {
        match self {
            Role::Attacker => v <= 0,
            Role::Defender => v >= 0,
            Role::None => false,
        }
    }
}

/// Whether the side to move is X, from the stones on the board.
pub(super) fn x_to_move(own: u64, opp: u64) -> bool {
    (own | opp).count_ones().is_multiple_of(2)
}

impl<'a> Searcher<'a> {
    /// A searcher positioned at `own` / `opp` (the side to move first).
    pub(crate) fn new(
        cx: &'a Context,
        control: &'a Control,
        base: u64,
        own: u64,
        opp: u64,
    ) -> Self {
        let (x, o) = if x_to_move(own, opp) {
            (own, opp)
        } else {
            (opp, own)
        };
        Searcher {
            cx,
            control,
            base,
            images: cx.syms.images(x, o),
            nodes: 0,
            unreported: 0,
            new_entries: 0,
            pairing: Pairing::rationed(),
            zone_pairing: Pairing::rationed(),
            vcf: Vcf::default(),
            vct: Vct::default(),
            zone: EVERY_CELL,
            tally: Box::default(),
        }
    }

    /// Whether the solver keeps relevance zones of the drawing side's proofs (idea
    /// `refutation-zones`, freestyle only).
    pub(super) fn zones_on(&self) -> bool {
        let cx = self.cx;
        cx.ideas.refutation_zones && !cx.lines.exact() && cx.renju.is_none()
    }

    /// The role of a node searched with the window `(alpha, beta)`.
    fn role(&self, alpha: i32, beta: i32) -> Role {
        if !self.zones_on() {
            Role::None
        } else if (alpha, beta) == (0, 1) {
            Role::Attacker
        } else if (alpha, beta) == (-1, 0) {
            Role::Defender
        } else {
            Role::None
        }
    }

    /// The zone kept for the position this searcher stands at (`key`, `sym` from
    /// [`Searcher::key`]) in the role `role`, in the position's orientation.
    pub(super) fn kept_zone(&self, key: u128, sym: usize, role: Role) -> u64 {
        if role == Role::None {
            return EVERY_CELL;
        }
        match self.cx.zones.probe(key, role == Role::Attacker) {
            EVERY_CELL => EVERY_CELL,
            zone => self.cx.syms.unapply_mask(sym, zone),
        }
    }

    /// Keeps `zone` (in the position's orientation), just found for the position `key`,
    /// `sym` of `own` / `opp`, and counts it (`stats`).
    pub(super) fn found_zone(
        &mut self,
        (key, sym): (u128, usize),
        role: Role,
        zone: u64,
        (own, opp): (u64, u64),
    ) {
        if role != Role::None && zone != EVERY_CELL {
            let empty = self.cx.lines.full() & !(own | opp);
            self.tally.zone(
                (own | opp).count_ones(),
                (zone & empty).count_ones(),
                empty.count_ones(),
            );
        }
        self.keep_zone(key, sym, role, zone);
    }

    /// Counts an attacker node of `stones` stones refuted with a zone: `moves` moves,
    /// `skipped` of them refuted unsearched (`stats`).
    pub(super) fn count_refuted(&mut self, stones: u32, moves: u32, skipped: u32) {
        self.tally.refuted(stones, moves, skipped);
    }

    /// Counts a pairing looked for at a position of `stones` stones: `found`, or not and its
    /// search `gave_up` (`stats`).
    pub(super) fn count_pairing(&mut self, stones: u32, found: bool, gave_up: bool) {
        self.tally.pairing(stones, found, gave_up);
    }

    /// Counts this searcher's nodes as proof-number search's (`stats`): called once, when the
    /// proof-number search it served is over.
    pub(super) fn count_as_proof_number(&mut self) {
        self.tally.proof_number(self.nodes);
    }

    /// Keeps `zone` (in the position's orientation) for the position `key`, `sym`.
    pub(super) fn keep_zone(&self, key: u128, sym: usize, role: Role, zone: u64) {
        if role != Role::None && zone != EVERY_CELL {
            self.cx.zones.store(
                key,
                role == Role::Attacker,
                self.cx.syms.apply_mask(sym, zone),
            );
        }
    }

    /// Adds this searcher's counts to the shared ones.
    pub(crate) fn report(&mut self) -> u64 {
        self.tally.flush(&self.cx.stats);
        self.cx.table.add_filled(self.new_entries);
        self.new_entries = 0;
        let total = self.cx.counters.nodes.fetch_add(self.unreported, Relaxed) + self.unreported;
        self.unreported = 0;
        total
    }

    fn poll(&mut self) -> Result<(), Stopped> {
        let total = self.report();
        self.cx.table.maybe_grow();
        if self.control.should_stop(total.saturating_sub(self.base)) {
            return Err(Stopped);
        }
        Ok(())
    }

    /// Counts `n` nodes searched; checks the limits every [`CHECK_EVERY`] nodes.
    pub(super) fn count(&mut self, n: u64) -> Result<(), Stopped> {
        self.nodes += n;
        self.unreported += n;
        if self.unreported >= CHECK_EVERY {
            self.poll()?;
        }
        Ok(())
    }

    /// Stores what is known of the position with this key in the shared table.
    pub(super) fn store(&mut self, key: u128, entry: Entry) {
        if self.cx.table.store(key, entry) {
            self.new_entries += 1;
        }
    }

    /// Searches the root: every move (the table's first, then by threats, the list rotated
    /// by `rotate` places so that helper threads start elsewhere), with the fail-soft contract
    /// of [`Searcher::search`]. Returns the value and the move that reached it.
    pub(crate) fn root(
        &mut self,
        own: u64,
        opp: u64,
        alpha: i32,
        beta: i32,
        rotate: usize,
    ) -> Result<(i32, u8), Stopped> {
        let cx = self.cx;
        let x = x_to_move(own, opp);
        let empty = cx.lines.full() & !(own | opp);
        let n_empty = empty.count_ones() as i32;
        let wins = cx.wins(own, empty, x);
        let (key, sym) = cx.syms.key(&self.images);
        let legal = empty & !cx.forbidden(own, opp, x);
        let (mut moves, count) = self.ordered_moves(own, opp, legal, self.hint(), true);
        let moves = &mut moves[..count];
        if count > 0 {
            moves.rotate_left(rotate % count);
        }
        // A win by continuous fours goes first: its line is short, a move before it may not be.
        if cx.ideas.vcf && wins == 0 && beta > 0 {
            let renju = cx.renju.as_ref().map(|renju| Attack { renju, black: x });
            let before = self.vcf.nodes;
            let found =
                self.vcf
                    .search_under(&cx.lines, renju, own, opp, n_empty as u32, VCF_BUDGET);
            self.count(self.vcf.nodes - before)?;
            if found.is_some()
                && let Some(i) = moves.iter().position(|&c| c == self.vcf.first_move())
            {
                moves[..=i].rotate_right(1);
            }
        }
        let stabilizer = cx.syms.stabilizer(&self.images);
        let mut seen = 0u64;
        let mut best = (i32::MIN, NO_MOVE);
        let before = self.nodes;
        // Asked whether it wins, the side to move searches only the moves inside the zones of
        // its refuted moves ([`super::zones`]).
        let attacker = self.role(alpha, beta) == Role::Attacker;
        let mut needed = EVERY_CELL;
        let mut skipped = false;
        for &c in moves.iter() {
            if seen & 1 << c != 0 {
                continue;
            }
            if needed & 1 << c == 0 {
                skipped = true;
                continue;
            }
            seen |= self.orbit(stabilizer, c);
            let v = if wins & 1 << c != 0 {
                n_empty
            } else {
                -self.child(own, opp, c, -beta, -alpha.max(best.0))?
            };
            if attacker && v <= 0 && self.zone != EVERY_CELL {
                needed &= self.zone;
            }
            if v > best.0 {
                best = (v, c);
            }
            if v >= beta {
                break;
            }
        }
        if skipped && best.0 < 0 {
            best.0 = 0; // a skipped move does not win, but perhaps draws
        }
        self.count(1)?;
        let (lower, upper) = bounds(best.0, alpha, beta);
        let work = work(self.nodes - before);
        self.store(
            key,
            Entry {
                lower,
                upper,
                best: cx.syms.apply(sym, best.1),
                work,
            },
        );
        Ok(best)
    }

    /// The table's best move for the position this searcher stands at, or [`NO_MOVE`].
    fn hint(&self) -> u8 {
        let (key, sym) = self.cx.syms.key(&self.images);
        self.cx
            .table
            .probe(key)
            .filter(|e| e.best != NO_MOVE)
            .map_or(NO_MOVE, |e| self.cx.syms.unapply(sym, e.best))
    }

    /// The moves of `own` / `opp` (the position this searcher stands at: the empty cells but
    /// black's forbidden points) in the order its search tries them: the table's move first,
    /// then by threats.
    pub(crate) fn moves_in_order(&self, own: u64, opp: u64) -> Vec<u8> {
        let cx = self.cx;
        let x = x_to_move(own, opp);
        let legal = cx.lines.full() & !(own | opp) & !cx.forbidden(own, opp, x);
        let (moves, count) = self.ordered_moves(own, opp, legal, self.hint(), true);
        moves[..count].to_vec()
    }

    /// The shared context.
    pub(super) fn context(&self) -> &'a Context {
        self.cx
    }

    /// Nodes this searcher visited.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Places a stone on `c` for the side to move at `own` / `opp` (the position this searcher
    /// stands at), or, called again with the same arguments, takes it back.
    pub(super) fn toggle(&mut self, own: u64, opp: u64, c: u8) {
        self.cx
            .syms
            .toggle(&mut self.images, c, x_to_move(own, opp));
    }

    /// The exact key of the position this searcher stands at (up to symmetry), and the
    /// symmetry that maps the position to the key's orientation.
    pub(super) fn key(&self) -> (u128, usize) {
        self.cx.syms.key(&self.images)
    }

    /// The symmetries that leave the position this searcher stands at unchanged (bit set).
    pub(super) fn stabilizer(&self) -> u8 {
        self.cx.syms.stabilizer(&self.images)
    }

    /// The cells symmetric to `c` under the symmetries in `stabilizer` (which fix the position).
    pub(super) fn orbit(&self, stabilizer: u8, c: u8) -> u64 {
        let mut orbit = 1u64 << c;
        let mut set = stabilizer & !1;
        while set != 0 {
            let s = set.trailing_zeros() as usize;
            set &= set - 1;
            orbit |= 1 << self.cx.syms.apply(s, c);
        }
        orbit
    }

    /// The candidate moves in search order: `hint` first (if it is a candidate), then by threat
    /// scores (or the static order).
    pub(super) fn ordered_moves(
        &self,
        own: u64,
        opp: u64,
        candidates: u64,
        hint: u8,
        threat_order: bool,
    ) -> ([u8; 64], usize) {
        let cx = self.cx;
        let mut moves = [0u8; 64];
        let mut count = 0;
        if hint != NO_MOVE && candidates & 1 << hint != 0 {
            moves[0] = hint;
            count = 1;
        }
        let first = count;
        for &c in &cx.order {
            if candidates & 1 << c != 0 && c != hint {
                moves[count] = c;
                count += 1;
            }
        }
        if threat_order && cx.ideas.threat_order {
            let mut scores = [0u32; 64];
            threat_scores(&cx.lines, own, opp, &mut scores);
            sort_by_scores(&mut moves[first..count], &scores);
        }
        (moves, count)
    }

    /// Plays `c` for the side to move, searches the child (from the opponent's view), takes
    /// the stone back.
    #[inline]
    fn child(&mut self, own: u64, opp: u64, c: u8, alpha: i32, beta: i32) -> Result<i32, Stopped> {
        let x = x_to_move(own, opp);
        self.cx.syms.toggle(&mut self.images, c, x);
        let v = self.search(opp, own | 1 << c, alpha, beta);
        self.cx.syms.toggle(&mut self.images, c, x);
        v
    }

    /// Fail-soft negamax; see the module documentation for the contract. Where the window asks
    /// whether one side wins ([`super::zones`]) and the answer is no, the relevance zone of the
    /// proof is left in `self.zone` (else [`EVERY_CELL`]).
    pub(crate) fn search(
        &mut self,
        own: u64,
        opp: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Stopped> {
        let (v, zone) = self.node(own, opp, alpha, beta)?;
        self.zone = zone;
        Ok(v)
    }

    /// [`Searcher::search`], the zone returned with the score.
    fn node(
        &mut self,
        own: u64,
        opp: u64,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<(i32, u64), Stopped> {
        self.count(1)?;
        let role = self.role(alpha, beta);
        let cx = self.cx;
        let lines = &cx.lines;
        let empty = lines.full() & !(own | opp);
        let n_empty = empty.count_ones() as i32;
        let x = x_to_move(own, opp);
        // The attacker's stones and the defender's, where the node has a role.
        let (attacker, defender) = if role == Role::Defender {
            (opp, own)
        } else {
            (own, opp)
        };
        // What the rules force (a win now, no legal move, a five to stop), the opponent's fives
        // read only without a win now, the mover's forbidden points only when they decide.
        let forbidden = OnceCell::new();
        let forbidden = || *forbidden.get_or_init(|| cx.forbidden(own, opp, x));
        let theirs = std::iter::once_with(|| cx.wins(opp, empty, !x)).flat_map(cells_of);
        let block = match forced(
            cx.wins(own, empty, x) != 0,
            theirs,
            |c| forbidden() & 1 << c == 0,
            || forbidden() != empty,
        ) {
            Some(Forced::Win) => {
                // The defender wins on a cell of its own; the attacker has no five yet.
                let zone = if role == Role::Defender {
                    let wins = cx.wins(own, empty, x);
                    hit(lines, attacker, defender, wins & wins.wrapping_neg(), 1)
                } else {
                    EVERY_CELL
                };
                return Ok((n_empty, zone));
            }
            Some(Forced::Draw) => return Ok((0, EVERY_CELL)),
            // The opponent wins with its next stone.
            Some(Forced::Loss) => {
                // The attacker cannot stop two fives of the defender's, and makes none of its
                // own with one more stone.
                let zone = if role == Role::Attacker {
                    let wins = cx.wins(opp, empty, !x);
                    let two = wins & wins.wrapping_neg();
                    let two = two | (wins & !two) & (wins & !two).wrapping_neg();
                    hit(lines, attacker, defender, two, 2)
                } else {
                    EVERY_CELL
                };
                return Ok((-(n_empty - 1), zone));
            }
            Some(Forced::Block(c)) => Some(c as u8),
            None => None,
        };
        if n_empty <= 1 {
            // The last stone cannot win (checked above), or black may not play it.
            return Ok((0, EVERY_CELL));
        }
        // No win now: at best a win with our next stone but one. At most one threat, which we
        // block: at worst a loss three stones from now.
        // Where the window asks for a quick end, the stones each side still needs for a row
        // bound it further: a win with our `m`-th stone from now scores at most
        // `n_empty - 2m + 2` (and no win at most 0), the opponent's with its `m`-th at most
        // `n_empty - 2m + 1` for it.
        let mut best_possible = n_empty - 2;
        if alpha > n_empty - 6 {
            let m = lines.stones_to_win(own, opp).min(64) as i32;
            best_possible = best_possible.min((n_empty - 2 * m + 2).max(0));
        }
        if best_possible <= alpha {
            return Ok((best_possible, EVERY_CELL));
        }
        beta = beta.min(best_possible);
        let mut worst_possible = (-(n_empty - 3)).min(0);
        if -beta > n_empty - 7 {
            let m = lines.stones_to_win(opp, own).min(64) as i32;
            worst_possible = worst_possible.max((-(n_empty - 2 * m + 1)).min(0));
        }
        if worst_possible >= beta {
            return Ok((worst_possible, EVERY_CELL));
        }
        alpha = alpha.max(worst_possible);
        if let Some(c) = block {
            // The block is forced: every other move loses at once.
            let v = -self.child(own, opp, c, -beta, -alpha)?;
            let zone = match role {
                _ if !role.holds(v) || self.zone == EVERY_CELL => EVERY_CELL,
                Role::Defender => self.zone | 1 << c,
                // The attacker's other moves make no five even with extra stones: the
                // defender's five follows them.
                Role::Attacker => hit(lines, attacker, defender, self.zone | 1 << c, 2),
                Role::None => EVERY_CELL,
            };
            return Ok((v, zone));
        }
        // Cells where each side can still make k in a row.
        let own_live = lines.live_cover(opp);
        let opp_live = lines.live_cover(own);
        // No window left for the attacker: extra stones of its own make none.
        let no_window = |holds: bool| if holds { 0 } else { EVERY_CELL };
        if own_live == 0 && opp_live == 0 {
            return Ok((0, no_window(role != Role::None)));
        }
        if own_live == 0 {
            if alpha >= 0 {
                return Ok((0, no_window(role == Role::Attacker)));
            }
            beta = beta.min(0);
        }
        if opp_live == 0 {
            if beta <= 0 {
                return Ok((0, no_window(role == Role::Defender)));
            }
            alpha = alpha.max(0);
        }
        // Zones leave out the cells no side can use any more.
        let live = (own_live | opp_live) & empty;
        let (key, sym) = cx.syms.key(&self.images);
        let mut hint = NO_MOVE;
        if let Some(entry) = cx.table.probe(key) {
            let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
            let settled = if lower >= beta {
                Some(lower)
            } else if upper <= alpha {
                Some(upper)
            } else if lower == upper {
                Some(lower)
            } else {
                None
            };
            if let Some(v) = settled {
                let zone = if role.holds(v) {
                    self.kept_zone(key, sym, role)
                } else {
                    EVERY_CELL
                };
                return Ok((v, zone));
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
            if entry.best != NO_MOVE {
                hint = cx.syms.unapply(sym, entry.best);
            }
        }
        // A pairing for the side to move proves it cannot win. (Checking the opponent's too,
        // at every node, found the proofs a move earlier but cost more than it saved: 7x7
        // k=5 took 1.9M nodes and 48 s instead of 2.2M nodes and 4.6 s.)
        if cx.ideas.pairing && own_live != 0 && alpha >= 0 && {
            let found = self
                .pairing
                .blocks_on(lines, own, opp, cx.pairing_cells(own, x));
            let gave_up = self.pairing.gave_up();
            self.count_pairing((own | opp).count_ones(), found, gave_up);
            found
        } {
            self.store(key, Entry::bounds(i8::MIN, 0, 1));
            let zone = if role == Role::Attacker {
                let zone = pairing_zone(lines, opp, self.pairing.pairs());
                self.found_zone((key, sym), role, zone, (own, opp));
                zone
            } else {
                EVERY_CELL
            };
            return Ok((0, zone));
        }
        if (cx.ideas.vcf || cx.ideas.vct) && beta > 0 && own_live != 0 {
            let before = self.vcf.nodes + self.vct.nodes;
            let mut found = None;
            if cx.ideas.vcf {
                let renju = cx.renju.as_ref().map(|renju| Attack { renju, black: x });
                found = self
                    .vcf
                    .search_under(lines, renju, own, opp, n_empty as u32, VCF_BUDGET);
            }
            if found.is_none() && cx.ideas.vct {
                found = self.vct.search(lines, own, opp, n_empty as u32, VCT_BUDGET);
            }
            let used = self.vcf.nodes + self.vct.nodes - before;
            self.count(used)?;
            if let Some(plies) = found {
                let score = n_empty + 1 - plies as i32;
                if score >= beta {
                    self.store(key, Entry::bounds(score as i8, i8::MAX, work(used)));
                    return Ok((score, EVERY_CELL));
                }
                alpha = alpha.max(score);
            }
        }
        // Only the sign matters in a window around 0: moves on dead cells can be skipped
        // (freestyle: such a move is a pass, and passing never beats the best real move).
        let sign_only = alpha >= -1 && beta <= 1;
        let mut candidates = empty & !forbidden();
        let mut pruned = false;
        if cx.ideas.dead_cells && sign_only && !lines.exact() {
            pruned = live != empty;
            candidates = live;
        }
        // Asked whether we win: where the opponent's pairs hold every window that reaches a
        // cell only we can use, our moves there can be skipped (`Pairing::zone`).
        let mut zoned = false;
        if cx.ideas.drawing_zones
            && alpha >= 0
            && beta <= 1
            && !lines.exact()
            && let Some(zone) = self.zone_pairing.zone(lines, own, opp)
        {
            zoned = candidates & !zone != 0;
            candidates &= zone;
        }
        let (moves, count) = self.ordered_moves(
            own,
            opp,
            candidates,
            hint,
            n_empty >= THREAT_ORDER_EMPTY as i32,
        );
        let stabilizer = cx.syms.stabilizer(&self.images);
        let mut seen = 0u64;
        let alpha_in = alpha;
        let mut best = i32::MIN;
        let mut best_move = NO_MOVE;
        // The attacker's moves that still need a search: those inside the zone of every
        // refuted move so far ([`super::zones`]); and the union of the refuted moves with
        // their zones.
        let mut needed = EVERY_CELL;
        let mut zone = 0u64;
        let mut skipped = 0u32;
        let before = self.nodes;
        for &c in &moves[..count] {
            if needed & 1 << c == 0 {
                skipped += 1;
                continue;
            }
            if stabilizer != 1 {
                if seen & 1 << c != 0 {
                    continue;
                }
                seen |= self.orbit(stabilizer, c);
            }
            let v = -self.child(own, opp, c, -beta, -alpha)?;
            match role {
                Role::Attacker if v <= 0 && self.zone != EVERY_CELL => {
                    let refuted = self.zone & live;
                    needed &= refuted;
                    zone |= refuted | 1 << c;
                }
                Role::Attacker => zone = EVERY_CELL,
                Role::Defender if v >= 0 => {
                    zone = match self.zone {
                        EVERY_CELL => EVERY_CELL,
                        refuting => (refuting & live) | 1 << c,
                    };
                }
                _ => {}
            }
            if v > best {
                best = v;
                best_move = c;
            }
            if v > alpha {
                alpha = v;
                if alpha >= beta {
                    break;
                }
            }
        }
        if best == i32::MIN {
            // No legal move at all (every empty cell forbidden to black): `Forced::Draw`.
            return Ok((0, EVERY_CELL));
        }
        if (zoned || skipped > 0) && best < 0 {
            best = 0; // a skipped move does not win, but perhaps draws
        } else if pruned && best < 0 {
            best = -1; // a skipped move loses too, but perhaps later
        }
        let zone = match role {
            _ if zoned || !role.holds(best) || zone == EVERY_CELL => EVERY_CELL,
            // The moves skipped as symmetric to searched ones: their zones are the images.
            Role::Attacker => self.symmetric_closure(stabilizer, zone),
            Role::Defender if best >= 0 => zone,
            _ => EVERY_CELL,
        };
        let (lower, upper) = bounds(best, alpha_in, beta);
        self.store(
            key,
            Entry {
                lower,
                upper,
                best: if best_move == NO_MOVE {
                    NO_MOVE
                } else {
                    cx.syms.apply(sym, best_move)
                },
                work: work(self.nodes - before),
            },
        );
        if role == Role::Attacker && zone != EVERY_CELL {
            self.count_refuted((own | opp).count_ones(), count as u32, skipped);
        }
        self.found_zone((key, sym), role, zone, (own, opp));
        Ok((best, zone))
    }

    /// `zone` with its images under the symmetries in `stabilizer` (which leave the position
    /// unchanged).
    pub(super) fn symmetric_closure(&self, stabilizer: u8, zone: u64) -> u64 {
        let mut closed = zone;
        let mut set = stabilizer & !1;
        while set != 0 {
            let s = set.trailing_zeros() as usize;
            set &= set - 1;
            closed |= self.cx.syms.apply_mask(s, zone);
        }
        closed
    }
}

/// The bounds a fail-soft result `best` gives for the window `(alpha, beta)`.
fn bounds(best: i32, alpha: i32, beta: i32) -> (i8, i8) {
    let b = best.clamp(-127, 126) as i8;
    if best <= alpha {
        (i8::MIN, b)
    } else if best >= beta {
        (b, i8::MAX)
    } else {
        (b, b)
    }
}

/// log2 of a node count, for the tables' replacement.
pub(super) fn work(nodes: u64) -> u8 {
    (64 - nodes.leading_zeros()).min(63) as u8
}

impl Entry {
    /// An entry with bounds only.
    pub(crate) fn bounds(lower: i8, upper: i8, work: u8) -> Entry {
        Entry {
            lower,
            upper,
            best: NO_MOVE,
            work,
        }
    }
}
