//! The network's arithmetic with the processor's wider vectors where it has them: the one
//! module of the library with `unsafe`, and the only `unsafe` in it is calling a function
//! compiled for AVX2 after checking, on the same line, that the processor has AVX2.
//!
//! Each function here runs one body twice compiled: for AVX2 (`#[target_feature]`, 256-bit
//! vectors) and portably (SSE2 on x86-64, whatever the target has elsewhere). The bodies
//! ([`net::apply_body`], [`Net::head_body`]) are written so that the compiler vectorizes them
//! without reordering any floating-point sum (independent lanes; the integer sums are exact),
//! so both versions give the same bits and the bench's signature does not depend on the
//! processor. `std::arch::is_x86_feature_detected!` caches its answer: a check is one load.
#![allow(unsafe_code)]

use super::net::{self, Change, Net, State, WIDTH};

/// Applies a move's changes to the net's state ([`net::apply_body`]).
pub(crate) fn apply(st: &mut State, changes: &[Change]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: `apply_avx2` needs AVX2, which the processor has (checked just above).
        return unsafe { apply_avx2(st, changes) };
    }
    net::apply_body(st, changes);
}

/// The value head on the scaled accumulators ([`Net::head_body`]).
pub(crate) fn head(net: &Net, x: &[f32; 2 * WIDTH]) -> f32 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: `head_avx2` needs AVX2, which the processor has (checked just above).
        return unsafe { head_avx2(net, x) };
    }
    net.head_body(x)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn apply_avx2(st: &mut State, changes: &[Change]) {
    net::apply_body(st, changes);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn head_avx2(net: &Net, x: &[f32; 2 * WIDTH]) -> f32 {
    net.head_body(x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::net::FloatNet;
    use crate::game::{Rule, Size, Variant};

    /// Both versions give the same bits (on a processor without AVX2 this checks the portable
    /// one against itself).
    #[test]
    fn the_vector_head_is_the_portable_head_to_the_bit() {
        let mut float =
            FloatNet::zero(Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap()).unwrap();
        for (i, w) in float.w1.iter_mut().enumerate() {
            *w = ((i * 7919) % 1000) as f32 / 1000.0 - 0.5;
        }
        for (i, w) in float.w2.iter_mut().chain(&mut float.b1).enumerate() {
            *w = ((i * 104_729) % 1000) as f32 / 500.0 - 1.0;
        }
        let net = Net::new(&float);
        let x: [f32; 2 * WIDTH] = std::array::from_fn(|i| (i as f32 * 0.37).sin().abs() * 3.0);
        assert_eq!(head(&net, &x).to_bits(), net.head_body(&x).to_bits());
    }
}
