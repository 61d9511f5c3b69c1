//! The trainer's model is the engine's: its forward pass gives the float net's values and
//! policies, both ways of computing the cell layer give the same numbers and gradients, the
//! exported file reads back to the same net, and training lowers the held-out loss.

mod common;

use candle_core::Device;
use common::{bundled_games, gomoku, random_net};
use mnk::engine::net::{FloatNet, Inputs};
use mnk::engine::tune::visit_samples;
use mnk::engine::weights::Weights;
use mnk_train::dataset::Dataset;
use mnk_train::model::{Batch, Kernel, Model, initial};
use mnk_train::train::{TrainOptions, train};

/// Every position of the first `games` bundled games from ply 2 (lambda 1), with its
/// inputs, in the order the dataset holds them.
fn positions(games: usize) -> (Dataset, Vec<Inputs>) {
    let mut data = Dataset::new();
    let mut inputs = Vec::new();
    for (i, game) in bundled_games(games).iter().enumerate() {
        data.add_game(i as u32, gomoku(), game, 2, 1.0);
        visit_samples(gomoku(), game, 2, 1.0, &mut |pos, _, _| {
            inputs.push(pos.net_inputs().unwrap());
        });
    }
    assert_eq!(data.len(), inputs.len());
    (data, inputs)
}

#[test]
fn forward_is_the_float_net_s() {
    let (data, inputs) = positions(3);
    // A net alone, and one over the linear evaluation (which adds its logits).
    for base in [0, Weights::embedded().checksum()] {
        forward_matches(
            &data,
            &inputs,
            &FloatNet {
                base,
                ..random_net(11)
            },
        );
    }
}

fn forward_matches(data: &Dataset, inputs: &[Inputs], net: &FloatNet) {
    let model = Model::new(net, &Device::Cpu).unwrap();
    let all: Vec<usize> = (0..data.len()).collect();
    let batch = Batch::new(data.batch(&all), &Device::Cpu).unwrap();
    for kernel in [Kernel::Cells, Kernel::Tensors] {
        let out = model.forward_with(&batch, kernel).unwrap();
        let values = out.value.to_vec1::<f32>().unwrap();
        let policies = out.policy.to_vec2::<f32>().unwrap();
        let mut clamped = 0;
        for (i, inputs) in inputs.iter().enumerate() {
            let expected = net.value(inputs);
            assert!(
                (values[i] - expected).abs() < 1e-4,
                "{kernel:?} position {i}: value {} against the float net's {expected}",
                values[i]
            );
            let policy = net.policy(inputs);
            for (c, &p) in policy.iter().enumerate() {
                assert!(
                    (policies[i][c] - p).abs() < 1e-4,
                    "{kernel:?} position {i} cell {c}: {} against {p}",
                    policies[i][c]
                );
            }
            // Past the position's cells, no cell: far below every cell's logit.
            assert!(policies[i][policy.len()..].iter().all(|&p| p < -1e8));
            clamped += inputs.me.len();
        }
        assert!(clamped > 1000, "{clamped} cells compared");
    }
    // The random net's values are not all alike (a forward pass that ignored its inputs
    // would not pass).
    let spread = inputs.iter().map(|x| net.value(x));
    let (lo, hi) = spread.fold((f32::MAX, f32::MIN), |(l, h), v| (l.min(v), h.max(v)));
    assert!(hi - lo > 0.1, "values from {lo} to {hi}");
}

#[test]
fn the_cpu_kernel_s_gradients_are_candle_s() {
    let (data, _) = positions(2);
    let model = Model::new(&random_net(12), &Device::Cpu).unwrap();
    let some: Vec<usize> = (0..data.len()).step_by(3).collect();
    let batch = Batch::new(data.batch(&some), &Device::Cpu).unwrap();
    let grads = |kernel| {
        let losses = Model::losses(&model.forward_with(&batch, kernel).unwrap(), &batch).unwrap();
        let loss = (&losses.value + &losses.policy).unwrap();
        let store = loss.backward().unwrap();
        model
            .vars()
            .iter()
            .map(|v| {
                store
                    .get(v.as_tensor())
                    .unwrap()
                    .flatten_all()
                    .unwrap()
                    .to_vec1::<f32>()
                    .unwrap()
            })
            .collect::<Vec<_>>()
    };
    let (cells, tensors) = (grads(Kernel::Cells), grads(Kernel::Tensors));
    let mut nonzero = 0;
    for (var, (a, b)) in cells.iter().zip(&tensors).enumerate() {
        assert_eq!(a.len(), b.len());
        for (i, (x, y)) in a.iter().zip(b).enumerate() {
            assert!(
                (x - y).abs() <= 1e-5 + 1e-3 * y.abs(),
                "variable {var} weight {i}: {x} by the kernel, {y} by candle"
            );
            nonzero += usize::from(*y != 0.0);
        }
    }
    // The table, the bias, the head and the policy all get gradients.
    assert!(nonzero > 1000, "{nonzero} gradients");
    assert!(cells.iter().all(|g| g.iter().any(|&x| x != 0.0)));
}

#[test]
fn training_lowers_the_held_out_loss_and_the_net_file_reads_back() {
    let mut data = Dataset::new();
    for (i, game) in bundled_games(60).iter().enumerate() {
        data.add_game(i as u32, gomoku(), game, 6, 0.2);
    }
    let (fit, held) = data.split(0.2, 3);
    assert!(
        held.len() > 50 && fit.len() > 500,
        "{} {}",
        fit.len(),
        held.len()
    );
    let start = initial(FloatNet::zero(gomoku()).unwrap(), 1);
    // A few dozen steps: a larger step size than the default's.
    let options = TrainOptions {
        epochs: 3,
        batch: 64,
        rate: 0.004,
        ..TrainOptions::default()
    };
    let mut heard = Vec::new();
    let report = train(
        &data,
        &start,
        &fit,
        &held,
        &options,
        &Device::Cpu,
        &mut |p| heard.push(p),
    )
    .unwrap();
    let (before, after) = (report.before, report.epochs[2]);
    assert!(
        after.value_loss < before.value_loss,
        "value loss {} -> {}",
        before.value_loss,
        after.value_loss
    );
    assert!(
        after.policy_loss < before.policy_loss - 1.0,
        "policy loss {} -> {}",
        before.policy_loss,
        after.policy_loss
    );
    assert!(after.top1 > 0.05, "top-1 {}", after.top1);
    assert_eq!((report.fitted, after.positions), (fit.len(), held.len()));
    assert_eq!(heard.len(), 4 + 3 * fit.len().div_ceil(64));
    // The file the engine reads gives back the trained net, and its values are the model's.
    let read = FloatNet::parse(&report.net.to_bytes()).unwrap();
    assert_eq!(read, report.net);
    assert_ne!(read, start);
    let (one, inputs) = positions(1);
    let all: Vec<usize> = (0..one.len()).collect();
    let model = Model::new(&report.net, &Device::Cpu).unwrap();
    let batch = Batch::new(one.batch(&all), &Device::Cpu).unwrap();
    let values = model
        .forward(&batch)
        .unwrap()
        .value
        .to_vec1::<f32>()
        .unwrap();
    for (v, x) in values.iter().zip(&inputs) {
        assert!(
            (v - read.value(x)).abs() < 1e-4,
            "{v} against {}",
            read.value(x)
        );
    }
}
