//! The network evaluation: a small NNUE-style net over the line patterns around every empty
//! cell, giving the position's value and a move-ordering score (a policy) for each cell,
//! updated stone by stone with the position ([`Position`](super::Position)).
//!
//! # The model
//! Every empty cell `c` is seen from a perspective `P` (the side whose view it is, "mine",
//! against "theirs") along its four lines. The `2R` cells of a line around `c` (`R` = 4: the
//! freestyle radius of k = 5) each hold one of four things, empty, theirs, mine or off the
//! board, so a line is one of `4^8` *patterns*; a line and its reverse are the same pattern
//! ([`PATTERNS`] classes). A learned table gives every pattern a vector of [`WIDTH`] numbers,
//! the same for the four directions, and a cell's vector is
//!
//! `h_P(c) = clamp(bias + sum over its four lines of embed[pattern], 0, 1)`
//!
//! (the clamp lets a cell combine its lines: two threes are not twice one three). The
//! position's *accumulator* for `P` is the sum of `h_P` over the empty cells. With `me` to
//! move and `them` the other side,
//!
//! - value (a logit of `me` winning):
//!   `w2 . clamp(w1 (acc_me, acc_them) / ACC_DIV + b1, 0, 1) + b2 + initiative(mask)`, `mask`
//!   the threat state the linear evaluation also reads
//!   ([`super::eval::threat_mask`]); the engine scores it as `logit * SCALE`
//!   ([`super::weights::SCALE`]), the linear evaluation's units;
//! - policy (a logit of each empty cell being the move to play): `u_me . h_me(c) + u_them .
//!   h_them(c)`: what a stone there makes for the mover and takes from the opponent.
//!
//! # Incremental, integer
//! A stone changes one line of each cell within `R` of it on its four lines: the engine keeps
//! every cell's sum before the clamp (`z`) in 16-bit integers ([`QUANT`] per unit) and the
//! accumulators in 32-bit ones, and a stone adds the difference of two table rows to each
//! `z` it changes and the difference of the clamped values to the accumulator; taking the
//! stone back does the opposite, so the integers return exactly (the debug build checks them
//! against a computation from scratch after every move). The head (64 inputs, [`HIDDEN`]
//! units) runs in `f32` once per evaluation. The arithmetic is on fixed-size arrays the
//! compiler turns into SIMD instructions (SSE2 on every x86-64; no `unsafe`).
//!
//! # The file
//! A net is stored as the float weights ([`FloatNet::to_bytes`]), little-endian: the magic
//! `MNKNET`, the format [`VERSION`], the variant it was trained for (width, height, k, rule),
//! the sizes, the arrays, and a CRC-32 of everything before it. A file of another version, of
//! other sizes, truncated, or whose checksum fails is refused ([`NetError`]); a net serves
//! only its own variant ([`Net::serves`]). The engine quantizes it when it loads it.

use super::pattern::{BLOCKED, EMPTY, OWN, POW3};
use super::weights::{MASKS, SCALE, TEMPERATURE, Weights};
use crate::game::{Rule, Size, Variant};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;
use thiserror::Error;

/// The radius of the lines the net reads (cells each side of the centre).
pub const RADIUS: usize = 4;
/// Cells of a line the net reads (the centre excluded).
const DIGITS: usize = 2 * RADIUS;
/// Patterns before a line and its reverse are made one: `4^8`.
const RAW_PATTERNS: usize = 1 << (2 * DIGITS);
/// Patterns, a line and its reverse counted once: `(4^8 + 4^4) / 2`.
pub const PATTERNS: usize = (RAW_PATTERNS + (1 << DIGITS)) / 2;
/// Width of a cell's vector and of the accumulators.
pub const WIDTH: usize = 32;
/// Hidden units of the value head.
pub const HIDDEN: usize = 16;
/// The accumulators are divided by this before the head (a sum over up to 676 cells).
pub const ACC_DIV: f32 = 32.0;
/// Integer units per unit of a cell's vector.
pub const QUANT: i32 = 256;
/// Integer units per unit of a policy weight.
const POLICY_QUANT: i32 = 1024;
/// Move-ordering units per unit of policy logit (the linear ordering tables' scale,
/// [`TEMPERATURE`]).
const POLICY_SCALE: f64 = TEMPERATURE;
/// The largest static value the net gives, in evaluation units (a logit of 40: far beyond any
/// position the net has seen, and far below the search's scores of wins).
pub const MAX_VALUE: i32 = 8000;
/// The format of the file.
pub const VERSION: u32 = 2;
/// The first bytes of a net file.
pub const MAGIC: &[u8; 6] = b"MNKNET";
/// The largest net file read, in bytes (a net of this format is about 4.4 MB).
pub const MAX_NET_BYTES: u64 = 16 << 20;

/// A net file that cannot be used.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum NetError {
    /// Not a net file.
    #[error("not an mnk net file (it does not start with MNKNET)")]
    Magic,
    /// A file of another format.
    #[error("net format version {found}; this build reads version {VERSION}")]
    Version {
        /// The file's version.
        found: u32,
    },
    /// The file ends too early.
    #[error("the file is truncated: {needed} bytes needed, {found} found")]
    Truncated {
        /// Bytes the file would need.
        needed: usize,
        /// Bytes it has.
        found: usize,
    },
    /// The file has bytes after its end.
    #[error("{0} bytes after the end of the net")]
    Trailing(usize),
    /// The checksum does not match.
    #[error("the checksum does not match: the file is damaged")]
    Checksum,
    /// Sizes this build does not read.
    #[error(
        "the net has sizes {found} (width, hidden, patterns, masks); this build reads {expected}"
    )]
    Sizes {
        /// The file's sizes.
        found: String,
        /// This build's.
        expected: String,
    },
    /// The variant in the header is not one.
    #[error("the net's variant is not valid: {0}")]
    Variant(String),
    /// A variant the net cannot serve.
    #[error("a net reads the lines of freestyle k = 5 (radius {RADIUS}), not of {0}")]
    Unsupported(Variant),
    /// A weight that is not a finite number.
    #[error("a weight is not a finite number")]
    NotFinite,
    /// A net trained over other linear weights than this build's.
    #[error(
        "the net adds to linear weights of checksum {found:08x}, and this build's are {expected:08x}: train it again over these"
    )]
    Base {
        /// The net's.
        found: u32,
        /// This build's ([`Weights::checksum`]).
        expected: u32,
    },
}

/// Whether a variant's lines are the net's: freestyle with `k = 5` (radius 4; another `k`
/// or rule reads lines of another length).
#[must_use]
pub fn supports(variant: &Variant) -> bool {
    variant.rule() == Rule::Freestyle && variant.k() == RADIUS + 1
}

/// The tables turning two line keys into a pattern class.
struct Patterns {
    /// Per base-3 key of `me`'s view: its part of the base-4 pattern.
    me: Vec<i32>,
    /// Per base-3 key of `them`'s view: its part.
    them: Vec<i32>,
    /// Per base-4 pattern: its class (a line and its reverse share one).
    class: Vec<u16>,
}

fn patterns() -> &'static Patterns {
    static TABLES: OnceLock<Patterns> = OnceLock::new();
    TABLES.get_or_init(|| {
        let keys = POW3[DIGITS] as usize;
        // A cell of the line is empty 0, theirs 1, mine 2, off the board 3, read from the
        // two views: mine is (OWN, BLOCKED) = 1 + 1, theirs (BLOCKED, OWN) = 2 - 1, a wall
        // (BLOCKED, BLOCKED) = 2 + 1.
        let part = |key: usize, digit: fn(u8) -> i32| -> i32 {
            let mut key = key;
            let mut sum = 0;
            for slot in 0..DIGITS {
                sum += digit((key % 3) as u8) << (2 * slot);
                key /= 3;
            }
            sum
        };
        let me_digit = |d: u8| match d {
            EMPTY => 0,
            OWN => 1,
            _ => 2,
        };
        let them_digit = |d: u8| match d {
            EMPTY => 0,
            BLOCKED => 1,
            _ => -1,
        };
        let me = (0..keys).map(|k| part(k, me_digit)).collect();
        let them = (0..keys).map(|k| part(k, them_digit)).collect();
        // Slot s is the cell at the reverse offset of slot 2R - 1 - s.
        let reverse = |p: usize| -> usize {
            (0..DIGITS).fold(0, |acc, s| {
                acc | (((p >> (2 * s)) & 3) << (2 * (DIGITS - 1 - s)))
            })
        };
        let mut class = vec![u16::MAX; RAW_PATTERNS];
        let mut next = 0u16;
        for p in 0..RAW_PATTERNS {
            if class[p] == u16::MAX {
                class[p] = next;
                class[reverse(p)] = next;
                next += 1;
            }
        }
        debug_assert_eq!(usize::from(next), PATTERNS);
        Patterns { me, them, class }
    })
}

/// The pattern class of a line from its two base-3 keys ([`super::pattern`]: the view of
/// `me` and of `them`, radius [`RADIUS`]).
#[must_use]
pub fn pattern(key_me: u32, key_them: u32) -> usize {
    let t = patterns();
    let raw = t.me[key_me as usize] + t.them[key_them as usize];
    usize::from(t.class[raw as usize])
}

/// The base-3 key of a line given cell by cell (`line[slot]` for the key's slots, as
/// [`decode`](super::pattern::decode) orders them): for tests and tools.
#[must_use]
pub fn key_of(slots: &[u8]) -> u32 {
    slots
        .iter()
        .enumerate()
        .map(|(s, &d)| u32::from(d) * POW3[s])
        .sum()
}

/// What the net reads of a position, for the side to move (`me`) and the other: each empty
/// cell with the pattern classes of its four lines from both views, and the threat state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inputs {
    /// The empty cells, as board indices (row-major).
    pub cells: Vec<u16>,
    /// Per empty cell, its four lines' patterns seen by the side to move.
    pub me: Vec<[u16; 4]>,
    /// Per empty cell, its four lines' patterns seen by the other side.
    pub them: Vec<[u16; 4]>,
    /// The threat state ([`super::eval::threat_mask`]) with `me` to move.
    pub mask: u16,
    /// The linear evaluation of the position ([`super::weights`]), in evaluation units: what
    /// a net over the linear weights ([`FloatNet::base`]) adds its value to.
    pub base_value: i32,
    /// Per empty cell, the linear move-ordering score below the threat tiers: what such a
    /// net adds its policy to.
    pub base_order: Vec<i32>,
}

/// The float weights of a net: what training fits and the file stores.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    /// The variant it was trained for.
    pub variant: Variant,
    /// 0 for a net that evaluates alone; else the [`Weights::checksum`] of the linear weights
    /// it adds to: its value is then the linear evaluation's logit plus its own, its policy
    /// the linear ordering's logit plus its own (the net learns what the linear tables miss,
    /// and starts from them). Such a net plays only over those weights.
    pub base: u32,
    /// `PATTERNS x WIDTH`, row per pattern.
    pub embed: Vec<f32>,
    /// `WIDTH`: added to every cell's sum.
    pub bias: Vec<f32>,
    /// `HIDDEN x 2 WIDTH`, row per hidden unit; the inputs are `[acc_me, acc_them] / ACC_DIV`.
    pub w1: Vec<f32>,
    /// `HIDDEN`.
    pub b1: Vec<f32>,
    /// `HIDDEN`.
    pub w2: Vec<f32>,
    /// The output's bias.
    pub b2: f32,
    /// `MASKS`: the value's term for each threat state.
    pub initiative: Vec<f32>,
    /// `2 WIDTH`: the policy's weights on `h_me(c)` then `h_them(c)`.
    pub policy: Vec<f32>,
}

/// Reads little-endian values off a byte slice.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], NetError> {
        let end = self.at + n;
        let out = self.bytes.get(self.at..end).ok_or(NetError::Truncated {
            needed: end,
            found: self.bytes.len(),
        })?;
        self.at = end;
        Ok(out)
    }
    fn u32(&mut self) -> Result<u32, NetError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn f32s(&mut self, n: usize) -> Result<Vec<f32>, NetError> {
        let b = self.take(4 * n)?;
        let out: Vec<f32> = b
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        if out.iter().all(|x| x.is_finite()) {
            Ok(out)
        } else {
            Err(NetError::NotFinite)
        }
    }
}

fn rule_code(rule: Rule) -> u32 {
    match rule {
        Rule::Freestyle => 0,
        Rule::Exact => 1,
        Rule::Renju => 2,
    }
}

impl FloatNet {
    /// A net of zeros for `variant` (value one half everywhere, every move alike): where
    /// training starts from when it has no net to start from.
    ///
    /// # Errors
    /// [`NetError::Unsupported`] for a variant the net cannot read ([`supports`]).
    pub fn zero(variant: Variant) -> Result<FloatNet, NetError> {
        if !supports(&variant) {
            return Err(NetError::Unsupported(variant));
        }
        Ok(FloatNet {
            variant,
            base: 0,
            embed: vec![0.0; PATTERNS * WIDTH],
            bias: vec![0.0; WIDTH],
            w1: vec![0.0; HIDDEN * 2 * WIDTH],
            b1: vec![0.0; HIDDEN],
            w2: vec![0.0; HIDDEN],
            b2: 0.0,
            initiative: vec![0.0; MASKS],
            policy: vec![0.0; 2 * WIDTH],
        })
    }

    /// The file's bytes.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(4 * (PATTERNS * WIDTH + MASKS + 4096));
        out.extend_from_slice(MAGIC);
        let size = self.variant.size();
        let header = [
            VERSION,
            u32::from(size.width),
            u32::from(size.height),
            self.variant.k() as u32,
            rule_code(self.variant.rule()),
            self.base,
            WIDTH as u32,
            HIDDEN as u32,
            PATTERNS as u32,
            MASKS as u32,
        ];
        for v in header {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for array in [
            &self.embed,
            &self.bias,
            &self.w1,
            &self.b1,
            &self.w2,
            &vec![self.b2],
            &self.initiative,
            &self.policy,
        ] {
            for x in array {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// Reads a net file ([`FloatNet::to_bytes`]).
    ///
    /// # Errors
    /// [`NetError`]: not a net file, another version or other sizes, truncated, trailing
    /// bytes, a failed checksum, a weight that is not finite, a variant the net cannot serve.
    pub fn parse(bytes: &[u8]) -> Result<FloatNet, NetError> {
        if !bytes.starts_with(MAGIC) {
            return Err(NetError::Magic);
        }
        let mut r = Reader {
            bytes,
            at: MAGIC.len(),
        };
        let version = r.u32()?;
        if version != VERSION {
            return Err(NetError::Version { found: version });
        }
        let (width, height, k, rule) = (r.u32()?, r.u32()?, r.u32()?, r.u32()?);
        let base = r.u32()?;
        let sizes = [r.u32()?, r.u32()?, r.u32()?, r.u32()?];
        let expected = [WIDTH as u32, HIDDEN as u32, PATTERNS as u32, MASKS as u32];
        if sizes != expected {
            return Err(NetError::Sizes {
                found: format!("{sizes:?}"),
                expected: format!("{expected:?}"),
            });
        }
        let rule = match rule {
            0 => Rule::Freestyle,
            1 => Rule::Exact,
            2 => Rule::Renju,
            other => return Err(NetError::Variant(format!("rule number {other}"))),
        };
        let side = |v: u32| u8::try_from(v).map_err(|_| NetError::Variant(format!("side {v}")));
        let variant = Variant::new(Size::new(side(width)?, side(height)?), k, rule)
            .map_err(|e| NetError::Variant(e.to_string()))?;
        let net = FloatNet {
            variant,
            base,
            embed: r.f32s(PATTERNS * WIDTH)?,
            bias: r.f32s(WIDTH)?,
            w1: r.f32s(HIDDEN * 2 * WIDTH)?,
            b1: r.f32s(HIDDEN)?,
            w2: r.f32s(HIDDEN)?,
            b2: r.f32s(1)?[0],
            initiative: r.f32s(MASKS)?,
            policy: r.f32s(2 * WIDTH)?,
        };
        let body = r.at;
        let crc = r.u32()?;
        if r.at < bytes.len() {
            return Err(NetError::Trailing(bytes.len() - r.at));
        }
        if crc32fast::hash(&bytes[..body]) != crc {
            return Err(NetError::Checksum);
        }
        if !supports(&net.variant) {
            return Err(NetError::Unsupported(net.variant));
        }
        let expected = Weights::embedded().checksum();
        if net.base != 0 && net.base != expected {
            return Err(NetError::Base {
                found: net.base,
                expected,
            });
        }
        Ok(net)
    }

    /// A cell's vector, seen through its four lines' patterns.
    fn cell(&self, lines: &[u16; 4]) -> [f32; WIDTH] {
        let mut z: [f32; WIDTH] = std::array::from_fn(|i| self.bias[i]);
        for &p in lines {
            let row = &self.embed[usize::from(p) * WIDTH..][..WIDTH];
            for (z, e) in z.iter_mut().zip(row) {
                *z += e;
            }
        }
        z.map(|z| z.clamp(0.0, 1.0))
    }

    /// The value's logit of the position the inputs describe, for its side to move: the
    /// reference the engine's integer net is checked against.
    #[must_use]
    pub fn value(&self, inputs: &Inputs) -> f32 {
        let mut acc = [0f32; 2 * WIDTH];
        for (me, them) in inputs.me.iter().zip(&inputs.them) {
            for (a, h) in acc[..WIDTH].iter_mut().zip(self.cell(me)) {
                *a += h;
            }
            for (a, h) in acc[WIDTH..].iter_mut().zip(self.cell(them)) {
                *a += h;
            }
        }
        let base = if self.base == 0 {
            0.0
        } else {
            (f64::from(inputs.base_value) / SCALE) as f32
        };
        head(
            &self.w1,
            &self.b1,
            &self.w2,
            self.b2,
            &acc.map(|a| a / ACC_DIV),
        ) + self.initiative[usize::from(inputs.mask)]
            + base
    }

    /// The policy's logit of every empty cell of the inputs, in their order.
    #[must_use]
    pub fn policy(&self, inputs: &Inputs) -> Vec<f32> {
        inputs
            .me
            .iter()
            .zip(&inputs.them)
            .zip(&inputs.base_order)
            .map(|((me, them), &base)| {
                let (hm, ht) = (self.cell(me), self.cell(them));
                let (um, ut) = self.policy.split_at(WIDTH);
                let base = if self.base == 0 {
                    0.0
                } else {
                    (f64::from(base) / POLICY_SCALE) as f32
                };
                dot(&hm, um) + dot(&ht, ut) + base
            })
            .collect()
    }
}

fn dot(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(a, b)| a * b).sum()
}

/// The value head on the scaled accumulators `[acc_me, acc_them] / ACC_DIV`.
fn head(w1: &[f32], b1: &[f32], w2: &[f32], b2: f32, x: &[f32; 2 * WIDTH]) -> f32 {
    let mut out = b2;
    for j in 0..HIDDEN {
        let pre = b1[j] + dot(&w1[j * 2 * WIDTH..][..2 * WIDTH], x);
        out += w2[j] * pre.clamp(0.0, 1.0);
    }
    out
}

/// A row of a cell's integer vector.
pub type Row = [i16; WIDTH];

/// The engine's net: the float net's tables in integers ([`QUANT`] per unit), its head in
/// `f32`.
#[derive(Debug, PartialEq)]
pub struct Net {
    variant: Variant,
    base: u32,
    embed: Vec<Row>,
    bias: Row,
    /// `w1` by input: row `i` holds the weights of input `i` into every hidden unit, so the
    /// head adds input by input across the hidden units (independent lanes: SIMD without
    /// reordering any sum, the same result with or without it).
    w1t: Vec<[f32; HIDDEN]>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
    initiative: Vec<f32>,
    policy: [Row; 2],
}

fn quantize(x: &[f32], scale: i32) -> Row {
    std::array::from_fn(|i| {
        (f64::from(x[i]) * f64::from(scale))
            .round()
            .clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16
    })
}

impl Net {
    /// The integer net of a float one.
    #[must_use]
    pub fn new(float: &FloatNet) -> Net {
        Net {
            variant: float.variant,
            base: float.base,
            embed: float
                .embed
                .chunks_exact(WIDTH)
                .map(|row| quantize(row, QUANT))
                .collect(),
            bias: quantize(&float.bias, QUANT),
            w1t: (0..2 * WIDTH)
                .map(|i| std::array::from_fn(|j| float.w1[j * 2 * WIDTH + i]))
                .collect(),
            b1: float.b1.clone(),
            w2: float.w2.clone(),
            b2: float.b2,
            initiative: float.initiative.clone(),
            policy: [
                quantize(&float.policy[..WIDTH], POLICY_QUANT),
                quantize(&float.policy[WIDTH..], POLICY_QUANT),
            ],
        }
    }

    /// Reads a net file and quantizes it.
    ///
    /// # Errors
    /// As [`FloatNet::parse`].
    pub fn parse(bytes: &[u8]) -> Result<Net, NetError> {
        FloatNet::parse(bytes).map(|f| Net::new(&f))
    }

    /// The variant the net was trained for.
    #[must_use]
    pub const fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Whether the net adds to the linear evaluation ([`FloatNet::base`]).
    #[must_use]
    pub const fn adds_to_linear(&self) -> bool {
        self.base != 0
    }

    /// Whether the net serves games of `variant`: only its own.
    #[must_use]
    pub fn serves(&self, variant: &Variant) -> bool {
        self.variant == *variant
    }

    /// The bytes it takes in memory (counted in the engine's memory).
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        std::mem::size_of::<Net>()
            + self.embed.len() * std::mem::size_of::<Row>()
            + 4 * (self.w1t.len() * HIDDEN + self.b1.len() + self.w2.len() + self.initiative.len())
    }

    /// The table row of a pattern.
    #[inline(always)]
    pub(crate) fn row(&self, pattern: usize) -> &Row {
        &self.embed[pattern]
    }

    /// The bias row every cell's sum starts from.
    pub(crate) const fn bias(&self) -> &Row {
        &self.bias
    }

    /// The value, in evaluation units, of accumulators `acc_me`, `acc_them` ([`QUANT`] per
    /// unit) with threat state `mask`, the head computed by `head` (the portable
    /// [`Net::head_body`], or the engine's choice of it for the processor).
    #[must_use]
    pub(crate) fn value_by(
        &self,
        acc_me: &Acc,
        acc_them: &Acc,
        mask: usize,
        head: impl FnOnce(&Net, &[f32; 2 * WIDTH]) -> f32,
    ) -> i32 {
        let unit = 1.0 / (QUANT as f32 * ACC_DIV);
        let x: [f32; 2 * WIDTH] = std::array::from_fn(|i| {
            if i < WIDTH {
                acc_me[i] as f32 * unit
            } else {
                acc_them[i - WIDTH] as f32 * unit
            }
        });
        let logit = head(self, &x) + self.initiative[mask];
        (f64::from(logit) * SCALE)
            .round()
            .clamp(-f64::from(MAX_VALUE), f64::from(MAX_VALUE)) as i32
    }

    /// The value, in evaluation units, of accumulators `acc_me`, `acc_them` ([`QUANT`] per
    /// unit) with threat state `mask` (portably: the same bits as the engine's).
    #[must_use]
    pub fn value(&self, acc_me: &Acc, acc_them: &Acc, mask: usize) -> i32 {
        self.value_by(acc_me, acc_them, mask, Net::head_body)
    }

    /// The head on the scaled accumulators (the engine's order of the sums: input by input
    /// across the hidden units). Inlined into [`super::simd`]'s versions.
    #[inline(always)]
    pub(crate) fn head_body(&self, x: &[f32; 2 * WIDTH]) -> f32 {
        let mut pre = [0f32; HIDDEN];
        for (xi, row) in x.iter().zip(&self.w1t) {
            for (p, w) in pre.iter_mut().zip(row) {
                *p += w * xi;
            }
        }
        let mut out = self.b2;
        for ((p, b), w) in pre.iter().zip(&self.b1).zip(&self.w2) {
            out += w * (p + b).clamp(0.0, 1.0);
        }
        out
    }

    /// The policy's terms of a cell whose sum is `z`: the dot products of its clamped vector
    /// with the mover's weights and with the opponent's.
    #[must_use]
    #[inline(always)]
    pub fn terms(&self, z: &Row) -> [i32; 2] {
        let dot = |u: &Row| -> i32 {
            let mut sum = 0i32;
            for i in 0..WIDTH {
                sum += i32::from(clamp(z[i])) * i32::from(u[i]);
            }
            sum
        };
        [dot(&self.policy[0]), dot(&self.policy[1])]
    }

    /// The policy score, in move-ordering units, of a cell whose terms are `me` (seen by the
    /// side to move) and `them` (by the other).
    #[must_use]
    pub fn policy(me: [i32; 2], them: [i32; 2]) -> i32 {
        let sum = i64::from(me[0]) + i64::from(them[1]);
        (sum as f64 * POLICY_SCALE / f64::from(QUANT * POLICY_QUANT)).round() as i32
    }
}

/// An accumulator: the sum of the clamped vectors of the empty cells.
pub type Acc = [i32; WIDTH];

/// A cell's clamped value from its sum.
#[must_use]
#[inline(always)]
pub const fn clamp(z: i16) -> i16 {
    if z < 0 {
        0
    } else if z > QUANT as i16 {
        QUANT as i16
    } else {
        z
    }
}

/// A change a move makes to a cell's sums: perspective (side index), padded cell, the line's
/// new pattern and its old one.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Change {
    pub(crate) side: u8,
    pub(crate) cell: u16,
    pub(crate) new: u16,
    pub(crate) old: u16,
}

/// Applies a move's changes to the state: each cell's state logged for taking the move back,
/// its sum shifted from the old pattern's row to the new one's, the accumulator and the
/// policy terms with it. Inlined into [`super::simd`]'s versions.
#[inline(always)]
pub(crate) fn apply_body(st: &mut State, changes: &[Change]) {
    let net = st.net;
    for c in changes {
        let (s, q) = (usize::from(c.side), usize::from(c.cell));
        st.log.push(Logged {
            side: c.side,
            cell: c.cell,
            z: st.z[s][q],
            terms: st.terms[s][q],
        });
        shift(
            &mut st.z[s][q],
            &mut st.acc[s],
            net.row(usize::from(c.new)),
            net.row(usize::from(c.old)),
        );
        st.terms[s][q] = net.terms(&st.z[s][q]);
    }
}

/// `z += add - sub`, and `acc` changed by the clamped difference.
#[inline(always)]
pub(crate) fn shift(z: &mut Row, acc: &mut Acc, add: &Row, sub: &Row) {
    let before = *z;
    for i in 0..WIDTH {
        z[i] = z[i].wrapping_add(add[i]).wrapping_sub(sub[i]);
    }
    for i in 0..WIDTH {
        acc[i] += i32::from(clamp(z[i])) - i32::from(clamp(before[i]));
    }
}

/// `acc += sign * clamp(z)`.
pub(crate) fn count(acc: &mut Acc, z: &Row, sign: i32) {
    for i in 0..WIDTH {
        acc[i] += sign * i32::from(clamp(z[i]));
    }
}

/// The sum of a cell's rows from scratch: the bias plus its four lines' rows.
pub(crate) fn fresh(net: &Net, lines: [usize; 4]) -> Row {
    let mut z = *net.bias();
    for p in lines {
        let row = net.row(p);
        for i in 0..WIDTH {
            z[i] = z[i].wrapping_add(row[i]);
        }
    }
    z
}

/// The net's state in a position: every empty cell's sums and policy terms for both
/// perspectives, the accumulators, and what taking moves back restores.
///
/// A move changes the sums of the empty cells on its lines only: an occupied cell's are left
/// as they were when its stone came, which is what they are again when that stone is taken
/// back (every later move is taken back first, and each restores what it changed).
#[derive(Clone, Debug)]
pub(crate) struct State {
    pub(crate) net: &'static Net,
    /// Per side index (the perspective), per padded cell: the sum before the clamp.
    pub(crate) z: [Vec<Row>; 2],
    /// Per side index, per padded cell: the policy's two dot products of the cell's clamped
    /// vector, with the mover's weights and with the opponent's ([`Net::terms`]).
    pub(crate) terms: [Vec<[i32; 2]>; 2],
    /// Per side index: the sum of the clamped vectors of the empty cells.
    pub(crate) acc: [Acc; 2],
    /// The cells' states before each move's changes, the moves' one after the other.
    pub(crate) log: Vec<Logged>,
    /// Per move made since the state was built: where its log starts, and the accumulators
    /// before it.
    pub(crate) frames: Vec<(usize, [Acc; 2])>,
}

/// A cell's state before a move changed it.
#[derive(Clone, Debug)]
pub(crate) struct Logged {
    pub(crate) side: u8,
    pub(crate) cell: u16,
    pub(crate) z: Row,
    pub(crate) terms: [i32; 2],
}

/// The process's net, once a binary installs one ([`install`]).
static INSTALLED: OnceLock<&'static Net> = OnceLock::new();

/// Makes `net` the process's net, the one every `engine` player of a variant it serves plays
/// with unless told `eval=linear` (a binary reads the file a user names, `--net FILE`, and
/// installs it before any game); it stays for the life of the process.
///
/// # Errors
/// The net given back when one is installed already.
pub fn install(net: Net) -> Result<&'static Net, Box<Net>> {
    let mut net = Some(Box::new(net));
    let installed = INSTALLED.get_or_init(|| Box::leak(net.take().expect("once")));
    match net {
        None => Ok(installed),
        Some(refused) => Err(refused),
    }
}

/// The process's net, if one was installed.
#[must_use]
pub fn installed() -> Option<&'static Net> {
    INSTALLED.get().copied()
}

/// The net that plays games of `variant`: the process's net where it serves the variant.
#[must_use]
pub fn for_variant(variant: &Variant) -> Option<&'static Net> {
    installed().filter(|n| n.serves(variant))
}

/// The static evaluation of the `engine` player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Evaluation {
    /// The linear tables of [`crate::engine::weights`].
    Linear,
    /// The network of [`crate::engine::net`]: the process's net ([`installed`])
    /// where it serves the game's variant.
    Net,
}

impl Evaluation {
    /// The names accepted, as `eval=` takes them.
    pub const NAMES: &'static str = "linear, net";

    /// The name, as accepted.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Evaluation::Linear => "linear",
            Evaluation::Net => "net",
        }
    }
}

impl FromStr for Evaluation {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "linear" => Ok(Evaluation::Linear),
            "net" | "nnue" => Ok(Evaluation::Net),
            _ => Err(format!(
                "unknown evaluation '{}'; the evaluations are: {}",
                crate::text::shown(s),
                Evaluation::NAMES
            )),
        }
    }
}

impl fmt::Display for Evaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A net chosen for an engine: compared by identity (the process loads a net once and keeps
/// it for its life).
#[derive(Clone, Copy, Debug)]
pub struct NetRef(pub &'static Net);

impl PartialEq for NetRef {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for NetRef {}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::engine::pattern;

    #[test]
    fn a_line_and_its_reverse_are_one_pattern_and_the_classes_are_counted() {
        let t = patterns();
        let max = t.class.iter().copied().max().unwrap_or(0);
        assert_eq!(usize::from(max) + 1, PATTERNS);
        // Mine two cells to the left against mine two cells to the right.
        let mut left = [EMPTY; DIGITS];
        left[pattern::offset_slot(-2, RADIUS)] = OWN;
        let mut right = [EMPTY; DIGITS];
        right[pattern::offset_slot(2, RADIUS)] = OWN;
        let them_of = |line: &[u8; DIGITS]| line.map(|d| if d == OWN { BLOCKED } else { d });
        assert_eq!(
            pattern(key_of(&left), key_of(&them_of(&left))),
            pattern(key_of(&right), key_of(&them_of(&right)))
        );
        // Mine is not theirs, and theirs is not a wall.
        let theirs = left.map(|d| if d == OWN { BLOCKED } else { d });
        assert_ne!(
            pattern(key_of(&left), key_of(&them_of(&left))),
            pattern(key_of(&theirs), key_of(&left))
        );
        let wall = left.map(|d| if d == OWN { BLOCKED } else { d });
        assert_ne!(
            pattern(key_of(&theirs), key_of(&left)),
            pattern(key_of(&wall), key_of(&wall))
        );
    }

    fn gomoku() -> Variant {
        Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap()
    }

    fn some_net() -> FloatNet {
        let mut net = FloatNet::zero(gomoku()).unwrap();
        let mut x = 0x1234_5678u32;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x % 2001) as f32 / 1000.0 - 1.0
        };
        for w in net
            .embed
            .iter_mut()
            .chain(&mut net.bias)
            .chain(&mut net.w1)
            .chain(&mut net.b1)
            .chain(&mut net.w2)
            .chain(&mut net.initiative)
            .chain(&mut net.policy)
        {
            *w = next() * 0.5;
        }
        net.b2 = 0.25;
        net
    }

    #[test]
    fn a_file_reads_back_and_every_damage_is_refused() {
        let net = some_net();
        let bytes = net.to_bytes();
        assert_eq!(FloatNet::parse(&bytes), Ok(net));
        assert_eq!(
            FloatNet::parse(&bytes[..bytes.len() - 9]),
            Err(NetError::Truncated {
                needed: bytes.len() - 4,
                found: bytes.len() - 9
            })
        );
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(FloatNet::parse(&longer), Err(NetError::Trailing(1)));
        let mut flipped = bytes.clone();
        flipped[1000] ^= 1;
        assert_eq!(FloatNet::parse(&flipped), Err(NetError::Checksum));
        let mut version = bytes.clone();
        version[6] = 9;
        assert_eq!(
            FloatNet::parse(&version),
            Err(NetError::Version { found: 9 })
        );
        assert_eq!(FloatNet::parse(b"weights"), Err(NetError::Magic));
        let exact = Variant::new(Size::square(15), 5, Rule::Exact).unwrap();
        assert_eq!(FloatNet::zero(exact), Err(NetError::Unsupported(exact)));
    }
}
