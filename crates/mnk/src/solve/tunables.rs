//! Every tunable of the solver, in one place, each with how its value was obtained.
//!
//! A *tunable* changes how fast a proof is found, never what is proved: budgets of the ideas,
//! when to switch from one search to another, move-ordering weights. The tables' layouts (and
//! their first allocations) stay with the tables. "Measured" figures are node counts and
//! times of `mnk solve` in release builds, one thread unless said, from the commit named (its
//! message has the full figures); none of these values was read off another program.

// ---- The search --------------------------------------------------------------------------

/// How often (in nodes) a searcher reports its counts and checks its limits.
/// Obtained: set when written (2ddd41c, 2026-11-22), not measured: a power of two that keeps
/// the shared counter's traffic low and a stop within a millisecond.
pub(crate) const CHECK_EVERY: u64 = 1024;

/// Nodes with at least this many empty cells order their moves by threats (the alpha-beta
/// search; in proof-number search, ties in the proof numbers keep this order); smaller ones use
/// the static order (cheaper, and their subtrees are small).
/// Obtained: set when written (2ddd41c, 2026-11-22: with threat ordering 5x5 k=4 took 11.7k
/// nodes, 6x5 k=4 30k), the threshold not measured alone.
pub(crate) const THREAT_ORDER_EMPTY: u32 = 5;

/// Weight of a window holding `a` stones of the side to move and none of the opponent, in the
/// threat ordering: fourfold a stone.
/// Obtained: set when written (2ddd41c, 2026-11-22), with the ordering as a whole (above).
pub(crate) const ORDER_ATTACK: [u32; 8] = [1, 4, 16, 64, 256, 1024, 4096, 16384];
/// Weight of a window holding `b` stones of the opponent and none of the side to move: three
/// quarters of the attack's, defending counting a little less than attacking.
/// Obtained: as [`ORDER_ATTACK`].
pub(crate) const ORDER_DEFEND: [u32; 8] = [1, 3, 12, 48, 192, 768, 3072, 12288];

// ---- Taking turns: questions, alpha-beta and proof-number search --------------------------

/// Nodes of the first round when the two questions ("does X win?", "does X avoid losing?") take
/// turns (a solve with limits).
/// Obtained: 7426371 (2026-11-22): 7x7 k=5 within 300,000 nodes settles "not a loss"; no cost
/// without limits, +0.02% nodes with them.
pub(crate) const FIRST_BUDGET: u64 = 1 << 16;
/// Nodes of alpha-beta's first round on a question before proof-number search takes a turn.
/// Obtained: 8db131e (2026-11-25) set 2^22: 9x4 k=4 (`--distance never`) in 30.1M nodes,
/// 8.45 s (140.3M before proof-number search). Measured again with the refutation zones
/// (2026-12-02, one thread, `--distance never`, nodes; 9x4 k=4 and the three 8x8 k=5 draws
/// of docs/solver.md's refutation-zones table): 0 (proof-number search alone) 67.6M, 1.48M,
/// 1.29M, 1.76M; 2^18 68.8M, 0.90M, 2.27M, 2.01M; 2^19 79.5M, 1.54M, 1.99M, 2.25M; 2^20
/// 26.0M, 2.40M, 2.32M, 2.78M; 2^21 26.4M, 3.80M, 3.13M, 4.15M; 2^22 25.3M, 5.90M, 5.99M,
/// 6.28M; 2^24: the third draw 19.5M. Under a time limit (the questions in rounds, each
/// question's turns kept) 9x4 k=4 takes 222.0M nodes with 2^20, 25.9M with 2^21, 25.7M with
/// 2^22. But the 8x8 jobs (`--moves "d4 REPLY" --nodes 8000000`) need alpha-beta's first
/// turn for "does X not lose?": with 2^21 it settled after 27 of O's 35 replies, nothing
/// after d1 and f6 among them, which 2^22 settles. **2^22** is kept (the cheaper 8x8 draws
/// deep in the tree do not pay for a starved question at its top); 7x7 k=5 and smaller stay
/// within alpha-beta's first round. The hard half of an 8x8 job is not a matter of this
/// balance: `--moves "d4 e5" --nodes 64000000` settles "X does not lose" and not "does X not
/// win?" with 0 (proof-number search alone), 2^20 and 2^22 alike (2026-12-02).
pub(crate) const ALPHA_BETA_FIRST: u64 = 1 << 22;
/// Proof-number search's nodes in a round, as a multiple of alpha-beta's.
/// Obtained: set with [`ALPHA_BETA_FIRST`] (5d5c6ae, 8db131e, 2026-11-25); measured alone
/// 2026-12-02 (as there, alpha-beta first 2^22): 2, 4, 8, 16 give 9x4 k=4 31.9M, 30.6M,
/// 25.3M, 25.3M nodes; the three 8x8 draws settle in proof-number search's first turn with
/// any of them (with alpha-beta first 2^20, 2 and 8 the same there).
pub(crate) const PROOF_NUMBER_SHARE: u64 = 8;

// ---- Threat searches ---------------------------------------------------------------------

/// Positions one search for continuous fours of the alpha-beta search (idea `vcf`) may visit.
/// Obtained: set when written (2ddd41c, 2026-11-22), with VCF as a whole (6x5 k=4: 30k nodes
/// against 117.5M for the solver before), not measured alone.
pub(crate) const VCF_BUDGET: u64 = 2_000;
/// Positions one search for continuous threats of the alpha-beta search (idea `vct`) may visit.
/// Obtained: set as [`VCF_BUDGET`] (c73d6de, 2026-11-27); the idea is off by default (7x7 k=5:
/// 4.7M nodes with it, 2.1M without).
pub(crate) const VCT_BUDGET: u64 = 2_000;
/// Threes a continuous-threat line may hold (fours are not counted).
/// Obtained: set when written (c73d6de, 2026-11-27), not measured.
pub(crate) const VCT_THREES: u32 = 2;
/// Positions one search for continuous fours inside the threat-space search may visit.
/// Obtained: as [`DFPN_ZONE_BUDGET`] (c73d6de, 2026-11-27), not measured for VCT.
pub(crate) const VCT_VCF_BUDGET: u64 = 300;
/// Continuous-four lines whose relevance zones are intersected where the defender answers a
/// three.
/// Obtained: as [`DFPN_ZONE_LINES`] (c73d6de, 2026-11-27), not measured for VCT.
pub(crate) const VCT_ZONE_LINES: usize = 4;
/// Positions the search for the attacker's continuous fours may visit where the defender
/// moves in proof-number search (idea `zones`).
/// Obtained: set when written (5d5c6ae, 2026-11-25), not measured alone.
pub(crate) const DFPN_ZONE_BUDGET: u64 = 300;
/// Continuous-four lines whose relevance zones are intersected where the defender moves in
/// proof-number search (idea `zones`).
/// Obtained: 8db131e (2026-11-25), on 9x4 k=4 only: 4 lines halve the positions df-pn expands
/// (1.81M to 0.88M); 2, 3, 6, 8 or 16 lines were slower (25 to over 60 s against 11 s).
pub(crate) const DFPN_ZONE_LINES: usize = 4;

// ---- Pairings ----------------------------------------------------------------------------

/// Search steps allowed for one position.
/// Obtained: c32fb67 (2026-11-22), 7x7 k=5 (value only, one thread): 24 steps: 19.7M nodes,
/// 28 s; 64: 8.9M, 14 s; 400: 3.4M, 6.5 s; 3000: 2.2M, 4.6 s; 10000: 1.4M, 5.3 s.
pub(crate) const PAIRING_BUDGET: u32 = 3000;
/// A rationed finder earns this many steps per question that gets past the quick checks
/// (answered by a recent pairing or by a search) ...
/// Obtained: b022a12 (2026-11-26): 7x7 k=5, 9x4, 6x5, 5x5 and 4x4 in the same nodes; 8x8 k=5
/// from the empty board visits 3.3 times the nodes in the same five minutes.
pub(crate) const PAIRING_STEPS_PER_SEARCH: u32 = 16;
/// ... and keeps at most this many in hand (the full budget of eight searches).
/// Obtained: as [`PAIRING_STEPS_PER_SEARCH`].
pub(crate) const PAIRING_MOST_CREDIT: u32 = 8 * PAIRING_BUDGET;
/// Pairings found lately that a new position tries before searching.
/// Obtained: def8782 (2026-11-26): 43% of the questions on 7x7 k=5 answered without a search,
/// 2,106,160 nodes and 2.23 s (2,183,711 and 2.44 s before, medians); the count not measured
/// alone.
pub(crate) const PAIRING_RECENT: usize = 4;
/// The most candidate pairs tried for one window.
/// Obtained: set when written (2ddd41c, 2026-11-22), not measured.
pub(crate) const PAIRING_MAX_PAIRS: usize = 64;

/// Zones tried for one question of the drawing side's zones (idea `drawing-zones`): after a
/// failed search for pairs, the outside cell in the most windows joins the zone and the pairs
/// are looked for again.
/// Obtained: 2026-11-28, one thread, `--distance never`: 1 try: 7x7 k=5 2,069,677 nodes, 8x8 k=5
/// after "d4 e4 d5 d3 d6" 20,442,051 and after "d4 e5 e4 d5" 12,125,647; 2 tries: 2,054,867,
/// 20,473,231, 12,534,778; 4: 2,046,052, 20,128,310, 11,947,317; 8: 2,045,291, 20,127,324,
/// 11,947,001 (zones found in about 3% of the questions with one try, 23% with four).
pub(crate) const ZONE_TRIES: usize = 4;

/// The zone table ([`super::zones`]) takes this fraction (1/n) of the solver's memory, beside
/// the transposition table's.
/// Obtained: set when written, not measured.
pub(crate) const ZONE_SHARE: usize = 8;
