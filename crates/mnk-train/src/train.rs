//! The training loop: AdamW over shuffled batches of the positions to fit, the loss the
//! value's binary cross-entropy plus a weight times the policy's cross-entropy, the held-out
//! positions measured before the first epoch and after each.

use crate::dataset::Dataset;
use crate::model::{Batch, Model};
use candle_core::{Device, Result};
use candle_nn::optim::{AdamW, Optimizer, ParamsAdamW};
use mnk::engine::net::FloatNet;
use mnk::engine::tune::{FitOptions, SplitMix};

/// How to train.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainOptions {
    /// Passes over the positions to fit.
    pub epochs: usize,
    /// Positions per step.
    pub batch: usize,
    /// AdamW's step size in the first epoch; it decays along a half cosine to a tenth of it
    /// by the last epoch (as `mnk tune`'s: [`FitOptions::rate_at`]).
    pub rate: f64,
    /// AdamW's weight decay (per step, times the step size).
    pub weight_decay: f64,
    /// Weight of the policy's loss against the value's.
    pub policy_weight: f64,
    /// Seed of the order of the positions.
    pub seed: u64,
}

impl Default for TrainOptions {
    fn default() -> Self {
        TrainOptions {
            epochs: 10,
            batch: 256,
            rate: 0.001,
            weight_decay: 0.0001,
            policy_weight: 1.0,
            seed: 1,
        }
    }
}

/// How well a net does on a set of positions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Metrics {
    /// Positions measured.
    pub positions: usize,
    /// Mean binary cross-entropy of the value against the labels (nats).
    pub value_loss: f64,
    /// Mean cross-entropy of the policy against the moves played (nats).
    pub policy_loss: f64,
    /// Share of the positions whose move played is the policy's first choice.
    pub top1: f64,
}

/// Where training is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Progress {
    /// Positions fitted so far in `epoch` (from 1), of `total`.
    Step {
        /// The epoch, from 1.
        epoch: usize,
        /// Positions fitted in it so far.
        done: usize,
        /// Positions it fits.
        total: usize,
    },
    /// Epoch `epoch` (from 1; 0 before the first) ended, with the held-out figures.
    Epoch {
        /// The epoch, from 1.
        epoch: usize,
        /// The mean loss (value plus weighted policy) of the epoch's batches; NaN for 0.
        train_loss: f64,
        /// The held-out positions' figures after it.
        held_out: Metrics,
    },
}

/// What training did.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The trained net.
    pub net: FloatNet,
    /// The held-out figures with the starting net ...
    pub before: Metrics,
    /// ... and after each epoch.
    pub epochs: Vec<Metrics>,
    /// Positions fitted.
    pub fitted: usize,
}

/// The figures of `model` on the positions `indices` of `data`, `batch` at a time.
///
/// # Errors
/// The device's error.
pub fn evaluate(
    model: &Model,
    data: &Dataset,
    indices: &[usize],
    batch: usize,
    device: &Device,
) -> Result<Metrics> {
    let mut sums = [0f64; 3];
    for chunk in indices.chunks(batch.max(1)) {
        let batch = Batch::new(data.batch(chunk), device)?;
        let losses = Model::losses(&model.forward(&batch)?, &batch)?;
        let n = chunk.len() as f64;
        sums[0] += f64::from(losses.value.to_scalar::<f32>()?) * n;
        sums[1] += f64::from(losses.policy.to_scalar::<f32>()?) * n;
        sums[2] += f64::from(losses.top1.to_scalar::<f32>()?);
    }
    let n = indices.len().max(1) as f64;
    Ok(Metrics {
        positions: indices.len(),
        value_loss: sums[0] / n,
        policy_loss: sums[1] / n,
        top1: sums[2] / n,
    })
}

/// Trains `start` on the positions `fit` of `data`, measuring it on the positions `held`
/// before and after every epoch; `progress` hears of every step and every epoch.
///
/// # Errors
/// The device's error.
pub fn train(
    data: &Dataset,
    start: &FloatNet,
    fit: &[usize],
    held: &[usize],
    options: &TrainOptions,
    device: &Device,
    progress: &mut dyn FnMut(Progress),
) -> Result<Report> {
    let model = Model::new(start, device)?;
    let mut optimizer = AdamW::new(
        model.vars(),
        ParamsAdamW {
            lr: options.rate,
            weight_decay: options.weight_decay,
            ..ParamsAdamW::default()
        },
    )?;
    let schedule = FitOptions {
        epochs: options.epochs,
        learning_rate: options.rate,
        ..FitOptions::default()
    };
    let before = evaluate(&model, data, held, options.batch, device)?;
    progress(Progress::Epoch {
        epoch: 0,
        train_loss: f64::NAN,
        held_out: before,
    });
    let mut order = fit.to_vec();
    let mut rng = SplitMix(options.seed);
    let mut epochs = Vec::with_capacity(options.epochs);
    for epoch in 0..options.epochs {
        optimizer.set_learning_rate(schedule.rate_at(epoch));
        rng.shuffle(&mut order);
        let (mut total, mut done) = (0.0, 0);
        for chunk in order.chunks(options.batch.max(1)) {
            let batch = Batch::new(data.batch(chunk), device)?;
            let losses = Model::losses(&model.forward(&batch)?, &batch)?;
            let loss = (&losses.value + (&losses.policy * options.policy_weight)?)?;
            optimizer.backward_step(&loss)?;
            total += f64::from(loss.to_scalar::<f32>()?) * chunk.len() as f64;
            done += chunk.len();
            progress(Progress::Step {
                epoch: epoch + 1,
                done,
                total: order.len(),
            });
        }
        let held_out = evaluate(&model, data, held, options.batch, device)?;
        epochs.push(held_out);
        progress(Progress::Epoch {
            epoch: epoch + 1,
            train_loss: total / done.max(1) as f64,
            held_out,
        });
    }
    Ok(Report {
        net: model.to_float()?,
        before,
        epochs,
        fitted: fit.len(),
    })
}
