//! The net as candle tensors: the weights of [`FloatNet`] as variables, and its forward pass
//! over a batch, which computes exactly what [`FloatNet::value`] and [`FloatNet::policy`]
//! compute (the test `forward_is_the_float_net_s` keeps the two the same model).
//!
//! The cell layer (each empty cell's two clamped vectors, summed into the accumulators and
//! dotted with the policy's weights) is computed one of two ways ([`Kernel`]): on the CPU by
//! one kernel with its own gradient ([`crate::cells`]), elsewhere by candle's operations on
//! the batch's cells laid flat, one position's after another: the pattern rows gathered by
//! one `index_select` over every cell's eight classes, the four lines of a view summed by a
//! reshape, the clamped vectors added into each position's accumulators by one `index_add`,
//! the policy's logits laid out a row per position (a slot with no cell at `NO_CELL`) by
//! another `index_select`. The two give the same numbers and the same gradients (a test
//! checks it).

use crate::cells::{CellLayer, NO_CELL};
use crate::dataset::{BatchData, CELL_PATTERNS};
use candle_core::{D, DType, Device, Result, Tensor, Var};
use mnk::engine::net::{ACC_DIV, FloatNet, HIDDEN, PATTERNS, WIDTH};
use mnk::engine::tune::SplitMix;
use mnk::engine::weights::MASKS;
use std::sync::Arc;

/// How the cell layer is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// One CPU kernel ([`crate::cells`]): the CPU's way.
    Cells,
    /// Candle's operations: any device's.
    Tensors,
}

impl Kernel {
    /// The kernel for `device`.
    #[must_use]
    pub fn for_device(device: &Device) -> Kernel {
        if device.is_cpu() {
            Kernel::Cells
        } else {
            Kernel::Tensors
        }
    }
}

/// A batch: its inputs, and the tensors of each position's label and move played on the
/// model's device.
#[derive(Debug)]
pub struct Batch {
    /// The inputs.
    pub data: Arc<BatchData>,
    /// `positions`: the slot of the move played in the padded policy (`u32`).
    pub targets: Tensor,
    /// `positions`: the move played, an index into the position's cells (`u32`).
    pub moves: Tensor,
    /// `positions`: the value labels (`f32`).
    pub labels: Tensor,
    /// `positions`: the threat states (`u32`).
    pub masks: Tensor,
    /// `positions`: the linear evaluation's logits (`f32`).
    pub base_values: Tensor,
    /// `positions x width`: the linear ordering's logits (`f32`, 0 in empty slots).
    pub base_policy: Tensor,
}

impl Batch {
    /// The batch of `data` on `device`.
    ///
    /// # Errors
    /// The device's error.
    pub fn new(data: BatchData, device: &Device) -> Result<Batch> {
        let n = data.positions;
        Ok(Batch {
            targets: Tensor::from_slice(&data.targets, n, device)?,
            moves: Tensor::from_slice(&data.moves, n, device)?,
            labels: Tensor::from_slice(&data.labels, n, device)?,
            masks: Tensor::from_slice(&data.masks, n, device)?,
            base_values: Tensor::from_slice(&data.base_values, n, device)?,
            base_policy: Tensor::from_slice(&data.base_policy, (n, data.width), device)?,
            data: Arc::new(data),
        })
    }
}

/// The net's outputs on a batch.
#[derive(Debug)]
pub struct Output {
    /// `positions`: the value logits.
    pub value: Tensor,
    /// `positions x width`: the policy logits, `-1e9` where a slot has no cell.
    pub policy: Tensor,
}

/// The mean losses of a batch, as tensors (to train on) ...
#[derive(Debug)]
pub struct Losses {
    /// Binary cross-entropy of the value's probability against the labels.
    pub value: Tensor,
    /// Cross-entropy of the policy's softmax over the cells against the move played.
    pub policy: Tensor,
    /// Positions whose move played is the policy's first choice (`f32`, a count).
    pub top1: Tensor,
}

/// The net's weights as variables ([`FloatNet`]'s fields, same shapes).
#[derive(Debug)]
pub struct Model {
    variant: mnk::game::Variant,
    /// [`FloatNet::base`]: whether the outputs add to the linear evaluation's.
    base: u32,
    /// `PATTERNS x WIDTH`.
    embed: Var,
    /// `WIDTH`.
    bias: Var,
    /// `HIDDEN x 2 WIDTH`.
    w1: Var,
    /// `HIDDEN`.
    b1: Var,
    /// `HIDDEN x 1`.
    w2: Var,
    /// `1`.
    b2: Var,
    /// `MASKS`.
    initiative: Var,
    /// `2 WIDTH x 1`.
    policy: Var,
}

impl Model {
    /// The variables of `net` on `device`.
    ///
    /// # Errors
    /// The device's error.
    pub fn new(net: &FloatNet, device: &Device) -> Result<Model> {
        let var = |v: &[f32], shape: (usize, usize)| Var::from_slice(v, shape, device);
        Ok(Model {
            variant: net.variant,
            base: net.base,
            embed: var(&net.embed, (PATTERNS, WIDTH))?,
            bias: Var::from_slice(&net.bias, WIDTH, device)?,
            w1: var(&net.w1, (HIDDEN, 2 * WIDTH))?,
            b1: Var::from_slice(&net.b1, HIDDEN, device)?,
            w2: var(&net.w2, (HIDDEN, 1))?,
            b2: Var::from_slice(&[net.b2], 1, device)?,
            initiative: Var::from_slice(&net.initiative, MASKS, device)?,
            policy: var(&net.policy, (2 * WIDTH, 1))?,
        })
    }

    /// Every variable, for the optimizer.
    #[must_use]
    pub fn vars(&self) -> Vec<Var> {
        [
            &self.embed,
            &self.bias,
            &self.w1,
            &self.b1,
            &self.w2,
            &self.b2,
            &self.initiative,
            &self.policy,
        ]
        .map(Clone::clone)
        .to_vec()
    }

    /// The weights as a [`FloatNet`] (what the engine's file stores).
    ///
    /// # Errors
    /// The device's error.
    pub fn to_float(&self) -> Result<FloatNet> {
        let flat = |v: &Var| v.as_tensor().flatten_all()?.to_vec1::<f32>();
        Ok(FloatNet {
            variant: self.variant,
            base: self.base,
            embed: flat(&self.embed)?,
            bias: flat(&self.bias)?,
            w1: flat(&self.w1)?,
            b1: flat(&self.b1)?,
            w2: flat(&self.w2)?,
            b2: flat(&self.b2)?[0],
            initiative: flat(&self.initiative)?,
            policy: flat(&self.policy)?,
        })
    }

    /// The value and policy logits of a batch: [`FloatNet::value`] and [`FloatNet::policy`]
    /// of each position; the cell layer computed the device's way ([`Kernel::for_device`]).
    ///
    /// # Errors
    /// The device's error.
    pub fn forward(&self, batch: &Batch) -> Result<Output> {
        self.forward_with(batch, Kernel::for_device(self.embed.device()))
    }

    /// [`Model::forward`] with the cell layer computed by `kernel`.
    ///
    /// # Errors
    /// The device's error; [`Kernel::Cells`] on a device other than the CPU.
    pub fn forward_with(&self, batch: &Batch, kernel: Kernel) -> Result<Output> {
        let (acc, policy) = match kernel {
            Kernel::Cells => self.cells_kernel(&batch.data)?,
            Kernel::Tensors => self.cells_tensors(&batch.data)?,
        };
        let hidden = (acc / f64::from(ACC_DIV))?
            .matmul(&self.w1.t()?)?
            .broadcast_add(self.b1.as_tensor())?
            .clamp(0f32, 1f32)?;
        let value = hidden
            .matmul(self.w2.as_tensor())?
            .squeeze(1)?
            .broadcast_add(self.b2.as_tensor())?
            .add(&self.initiative.index_select(&batch.masks, 0)?)?;
        if self.base != 0 {
            return Ok(Output {
                value: value.add(&batch.base_values)?,
                policy: policy.add(&batch.base_policy)?,
            });
        }
        Ok(Output { value, policy })
    }

    /// The accumulators (`positions x 2 WIDTH`) and the padded policy logits (`positions x
    /// width`) by the CPU kernel.
    fn cells_kernel(&self, data: &Arc<BatchData>) -> Result<(Tensor, Tensor)> {
        let out = self.embed.apply_op3(
            self.bias.as_tensor(),
            self.policy.as_tensor(),
            CellLayer { data: data.clone() },
        )?;
        Ok((
            out.narrow(1, 0, 2 * WIDTH)?,
            out.narrow(1, 2 * WIDTH, data.width)?,
        ))
    }

    /// The same by candle's operations.
    fn cells_tensors(&self, data: &BatchData) -> Result<(Tensor, Tensor)> {
        let device = self.embed.device();
        let cells = data.patterns.len() / CELL_PATTERNS;
        let mut owners = Vec::with_capacity(cells);
        let mut slots = Vec::with_capacity(data.positions * data.width);
        for (b, w) in data.firsts.windows(2).enumerate() {
            owners.extend(std::iter::repeat_n(b as u32, (w[1] - w[0]) as usize));
            slots.extend(w[0]..w[1]);
            slots.extend(std::iter::repeat_n(
                cells as u32,
                data.width - (w[1] - w[0]) as usize,
            ));
        }
        let patterns = Tensor::from_slice(&data.patterns, data.patterns.len(), device)?;
        let owners = Tensor::from_vec(owners, cells, device)?;
        let slots = Tensor::from_vec(slots, data.positions * data.width, device)?;
        // Each cell's two vectors: bias + the four lines' rows, clamped to [0, 1].
        let z = self
            .embed
            .index_select(&patterns, 0)?
            .reshape((cells, 2, CELL_PATTERNS / 2, WIDTH))?
            .sum(2)?
            .broadcast_add(self.bias.as_tensor())?;
        let h = z.clamp(0f32, 1f32)?.reshape((cells, 2 * WIDTH))?;
        let acc = Tensor::zeros((data.positions, 2 * WIDTH), DType::F32, device)?
            .index_add(&owners, &h, 0)?;
        let logits = h.matmul(self.policy.as_tensor())?.squeeze(1)?;
        let padded = Tensor::cat(&[&logits, &Tensor::new(&[NO_CELL], device)?], 0)?
            .index_select(&slots, 0)?
            .reshape((data.positions, data.width))?;
        Ok((acc, padded))
    }

    /// The mean losses of the outputs of `batch` ([`Model::forward`]).
    ///
    /// # Errors
    /// The device's error.
    pub fn losses(output: &Output, batch: &Batch) -> Result<Losses> {
        // Binary cross-entropy on logits, the stable form: max(z, 0) - z y + ln(1 + e^-|z|).
        let z = &output.value;
        let value = (z.relu()? - z.mul(&batch.labels)?)?
            .add(&(z.abs()?.neg()?.exp()? + 1.0)?.log()?)?
            .mean_all()?;
        let log_p = candle_nn::ops::log_softmax(&output.policy, D::Minus1)?;
        let picked = log_p.flatten_all()?.index_select(&batch.targets, 0)?;
        let policy = picked.mean_all()?.neg()?;
        let top1 = output
            .policy
            .argmax(D::Minus1)?
            .eq(&batch.moves)?
            .to_dtype(DType::F32)?
            .sum_all()?;
        Ok(Losses {
            value,
            policy,
            top1,
        })
    }
}

/// Where training starts without a net: `FloatNet::zero` with what zeros would stall given
/// small random values drawn from `seed`. Every cell's sum starts at one half (`bias`), inside
/// the clamp, so gradients pass; the table's rows and the head's weights get small random
/// values so that its units differ; the other biases, the threat states' terms and the
/// policy start at zero (a uniform policy).
#[must_use]
pub fn initial(mut net: FloatNet, seed: u64) -> FloatNet {
    let mut rng = SplitMix(seed);
    let mut uniform = move |scale: f32| {
        let unit = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
        (2.0 * unit - 1.0) * scale
    };
    for w in &mut net.embed {
        *w = uniform(0.05);
    }
    net.bias.fill(0.5);
    // The head's inputs are about 3 each (some 200 cells of one half, over 32).
    for w in &mut net.w1 {
        *w = uniform(0.05);
    }
    net.b1.fill(0.5);
    for w in &mut net.w2 {
        *w = uniform(0.25);
    }
    net
}
