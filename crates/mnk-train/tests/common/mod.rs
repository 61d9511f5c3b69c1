//! What the tests share: the bundled games, and nets of random weights.

#![allow(dead_code)]

use mnk::engine::net::FloatNet;
use mnk::engine::tune::{PlayedGame, SplitMix};
use mnk::game::{Rule, Size, Variant};
use std::io::Read;
use std::path::PathBuf;

/// 15x15 freestyle k = 5: the variant of the bundled games.
pub fn gomoku() -> Variant {
    Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap()
}

/// The repository's games file `name` (under `data/tune`).
pub fn data_file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/tune")
        .join(name)
}

/// The first `n` games of `data/tune/games-3.txt.gz` (self-play games with the search's
/// values).
pub fn bundled_games(n: usize) -> Vec<PlayedGame> {
    let file = std::fs::File::open(data_file("games-3.txt.gz")).unwrap();
    let mut text = String::new();
    flate2::read::MultiGzDecoder::new(file)
        .read_to_string(&mut text)
        .unwrap();
    text.lines()
        .filter_map(|line| PlayedGame::parse(line, gomoku()).unwrap())
        .take(n)
        .collect()
}

/// A net of random weights from `seed`, its cells' sums spread over both sides of the clamp.
pub fn random_net(seed: u64) -> FloatNet {
    let mut net = FloatNet::zero(gomoku()).unwrap();
    let mut rng = SplitMix(seed);
    let mut uniform = move |lo: f32, hi: f32| {
        let unit = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
        lo + (hi - lo) * unit
    };
    for w in &mut net.embed {
        *w = uniform(-0.3, 0.3);
    }
    for w in &mut net.bias {
        *w = uniform(0.0, 1.0);
    }
    for w in &mut net.w1 {
        *w = uniform(-0.2, 0.2);
    }
    for w in net
        .b1
        .iter_mut()
        .chain(&mut net.w2)
        .chain(&mut net.initiative)
    {
        *w = uniform(-1.0, 1.0);
    }
    for w in &mut net.policy {
        *w = uniform(-2.0, 2.0);
    }
    net.b2 = 0.3;
    net
}
