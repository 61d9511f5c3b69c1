//! The cell layer of a batch (every empty cell's two clamped vectors, summed into each
//! position's accumulators and dotted with the policy's weights) as one CPU kernel with its
//! own gradient: the same numbers as the layer made of candle's operations
//! ([`crate::model::Kernel::Tensors`]), about four times faster on the CPU, because it
//! never builds the batch's tensors of a row per line (eight rows of [`WIDTH`] numbers per
//! cell) nor their gradients. Candle computes the rest (the value head, the losses, AdamW).
//!
//! The op takes the table `embed` (`PATTERNS x WIDTH`), `bias` (`WIDTH`) and the policy's
//! weights (`2 WIDTH x 1`) and gives, per position, a row of `2 WIDTH + width` numbers: the
//! accumulators `[acc_me, acc_them]` (not yet divided by `ACC_DIV`), then the policy's logit
//! of each of its cells, `NO_CELL` past its last.

use crate::dataset::{BatchData, CELL_PATTERNS};
use candle_core::{
    CpuStorage, CustomOp3, Error, Layout, Result, Shape, Storage, Tensor, WithDType,
};
use mnk::engine::net::WIDTH;
use rayon::prelude::*;
use std::sync::Arc;

/// The policy logit of a slot with no cell: far below any cell's.
pub const NO_CELL: f32 = -1e9;

/// Lines a view of a cell has.
const LINES: usize = CELL_PATTERNS / 2;

/// The cell layer of one batch ([`BatchData`]).
#[derive(Debug)]
pub struct CellLayer {
    /// The batch.
    pub data: Arc<BatchData>,
}

/// A contiguous slice of a CPU storage.
fn slice<'a, T: WithDType>(storage: &'a CpuStorage, layout: &Layout) -> Result<&'a [T]> {
    let (start, end) = layout
        .contiguous_offsets()
        .ok_or_else(|| Error::Msg("the cell layer reads contiguous tensors".into()))?;
    Ok(&storage.as_slice::<T>()?[start..end])
}

/// A cell's two vectors before the clamp: the bias plus its four lines' rows, per view.
fn sums(embed: &[f32], bias: &[f32], patterns: &[u32]) -> [[f32; WIDTH]; 2] {
    std::array::from_fn(|view| {
        let mut z: [f32; WIDTH] = std::array::from_fn(|i| bias[i]);
        for &p in &patterns[view * LINES..(view + 1) * LINES] {
            let row = &embed[p as usize * WIDTH..][..WIDTH];
            for (z, e) in z.iter_mut().zip(row) {
                *z += e;
            }
        }
        z
    })
}

impl CellLayer {
    /// Columns of an output row.
    fn columns(&self) -> usize {
        2 * WIDTH + self.data.width
    }

    /// The cells of position `b`.
    fn cells(&self, b: usize) -> std::ops::Range<usize> {
        self.data.firsts[b] as usize..self.data.firsts[b + 1] as usize
    }
}

impl CustomOp3 for CellLayer {
    fn name(&self) -> &'static str {
        "mnk-cell-layer"
    }

    fn cpu_fwd(
        &self,
        s1: &CpuStorage,
        l1: &Layout,
        s2: &CpuStorage,
        l2: &Layout,
        s3: &CpuStorage,
        l3: &Layout,
    ) -> Result<(CpuStorage, Shape)> {
        let (embed, bias, policy) = (slice(s1, l1)?, slice(s2, l2)?, slice::<f32>(s3, l3)?);
        let columns = self.columns();
        let mut out = vec![0f32; self.data.positions * columns];
        out.par_chunks_mut(columns)
            .enumerate()
            .for_each(|(b, row)| {
                let (acc, logits) = row.split_at_mut(2 * WIDTH);
                logits.fill(NO_CELL);
                for (column, cell) in self.cells(b).enumerate() {
                    let z = sums(embed, bias, &self.data.patterns[cell * CELL_PATTERNS..]);
                    let mut logit = 0.0;
                    for (view, z) in z.iter().enumerate() {
                        let mut dot = 0.0;
                        for i in 0..WIDTH {
                            let h = z[i].clamp(0.0, 1.0);
                            acc[view * WIDTH + i] += h;
                            dot += h * policy[view * WIDTH + i];
                        }
                        logit += dot;
                    }
                    logits[column] = logit;
                }
            });
        Ok((
            CpuStorage::F32(out),
            Shape::from((self.data.positions, columns)),
        ))
    }

    fn bwd(
        &self,
        embed: &Tensor,
        bias: &Tensor,
        policy: &Tensor,
        _res: &Tensor,
        grad_res: &Tensor,
    ) -> Result<(Option<Tensor>, Option<Tensor>, Option<Tensor>)> {
        let bias_v = bias.to_vec1::<f32>()?;
        let policy_v = policy.flatten_all()?.to_vec1::<f32>()?;
        let grad = grad_res.contiguous()?.flatten_all()?.to_vec1::<f32>()?;
        let columns = self.columns();
        let (storage, layout) = embed.storage_and_layout();
        let Storage::Cpu(cpu) = &*storage else {
            return Err(Error::Msg("the cell layer runs on the CPU".into()));
        };
        let table = slice::<f32>(cpu, layout)?;
        // One set of gradients per thread, added at the end.
        let threads = rayon::current_num_threads().max(1);
        let per = self.data.positions.div_ceil(threads).max(1);
        let parts: Vec<(Vec<f32>, Vec<f32>, Vec<f32>)> = (0..self.data.positions)
            .step_by(per)
            .collect::<Vec<_>>()
            .into_par_iter()
            .map(|from| {
                let mut g_embed = vec![0f32; table.len()];
                let mut g_bias = vec![0f32; WIDTH];
                let mut g_policy = vec![0f32; 2 * WIDTH];
                for b in from..(from + per).min(self.data.positions) {
                    let row = &grad[b * columns..][..columns];
                    let (g_acc, g_logits) = row.split_at(2 * WIDTH);
                    for (column, cell) in self.cells(b).enumerate() {
                        let patterns = &self.data.patterns[cell * CELL_PATTERNS..];
                        let z = sums(table, &bias_v, patterns);
                        let g_logit = g_logits[column];
                        for (view, z) in z.iter().enumerate() {
                            let mut g_z = [0f32; WIDTH];
                            for i in 0..WIDTH {
                                let k = view * WIDTH + i;
                                g_policy[k] += g_logit * z[i].clamp(0.0, 1.0);
                                if z[i] > 0.0 && z[i] < 1.0 {
                                    g_z[i] = g_acc[k] + g_logit * policy_v[k];
                                }
                            }
                            for (g, d) in g_bias.iter_mut().zip(&g_z) {
                                *g += d;
                            }
                            for &p in &patterns[view * LINES..(view + 1) * LINES] {
                                let row = &mut g_embed[p as usize * WIDTH..][..WIDTH];
                                for (g, d) in row.iter_mut().zip(&g_z) {
                                    *g += d;
                                }
                            }
                        }
                    }
                }
                (g_embed, g_bias, g_policy)
            })
            .collect();
        drop(storage);
        let mut parts = parts.into_iter();
        let (mut g_embed, mut g_bias, mut g_policy) = parts.next().unwrap_or_else(|| {
            let zeros = |n| vec![0f32; n];
            (zeros(embed.elem_count()), zeros(WIDTH), zeros(2 * WIDTH))
        });
        for (e, b, p) in parts {
            for (sum, part) in [(&mut g_embed, e), (&mut g_bias, b), (&mut g_policy, p)] {
                for (s, x) in sum.iter_mut().zip(part) {
                    *s += x;
                }
            }
        }
        let device = embed.device();
        Ok((
            Some(Tensor::from_vec(g_embed, embed.shape(), device)?),
            Some(Tensor::from_vec(g_bias, bias.shape(), device)?),
            Some(Tensor::from_vec(g_policy, policy.shape(), device)?),
        ))
    }
}
