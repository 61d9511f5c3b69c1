//! `mnk bench`: the engine's fixed positions to fixed depths, one thread; the last line is
//! `N nodes M nps`, where N is the search's deterministic signature. `--stats` adds what each
//! search did (its depth, effective branching factor, first-move cut-offs, table hits);
//! `--time-ms` searches each position for a time instead, to measure how the search scales.

use crate::args::BenchArgs;
use crate::failure::Failure;
use crate::render::thousands;
use mnk::engine::bench::{self, BENCH_MIB, POSITIONS};
use mnk::engine::stats::SearchStats;
use mnk::protocol::timing::MIN_TABLE_MIB;
use serde::Serialize;
use std::io::Write;
use std::time::{Duration, Instant};

/// What a search did, with the rates drawn from its counts.
#[derive(Serialize)]
struct StatsView {
    depth: u32,
    branching_factor: Option<f64>,
    first_move_cut_rate: Option<f64>,
    table_hit_rate: Option<f64>,
    #[serde(flatten)]
    counts: SearchStats,
}

impl StatsView {
    fn new(counts: SearchStats) -> Self {
        StatsView {
            depth: counts.depth(),
            branching_factor: counts.branching_factor(),
            first_move_cut_rate: counts.first_move_cut_rate(),
            table_hit_rate: counts.table_hit_rate(),
            counts,
        }
    }

    /// ` | depth 9, b* 3.1, first-move cut-offs 81%, table hits 12%`.
    fn text(&self) -> String {
        let percent =
            |r: Option<f64>| r.map_or_else(|| "-".into(), |r| format!("{:.0}%", 100.0 * r));
        format!(
            " | depth {}, b* {}, first-move cut-offs {}, table hits {}",
            self.depth,
            self.branching_factor
                .map_or_else(|| "-".into(), |b| format!("{b:.2}")),
            percent(self.first_move_cut_rate),
            percent(self.table_hit_rate),
        )
    }
}

/// One position's result.
#[derive(Serialize)]
struct Row {
    size: (u8, u8),
    k: u32,
    rule: &'static str,
    moves: &'static str,
    /// The fixed depth asked (none with `--time-ms`).
    depth: Option<u32>,
    nodes: u64,
    time_ms: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<StatsView>,
}

/// The whole run, as `--json` prints it.
#[derive(Serialize)]
struct Summary {
    positions: Vec<Row>,
    /// The signature (with a fixed depth) or the nodes searched in the time.
    nodes: u64,
    nps: u64,
    /// Each position's time with `--time-ms`.
    time_ms: Option<u64>,
    /// Over all positions: the counts summed, the rates of the sums; `depth` and
    /// `branching_factor` the medians of the positions'.
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<StatsView>,
}

pub fn run(args: &BenchArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let time = args.time_ms.map(Duration::from_millis);
    let memory = if time.is_some() {
        MIN_TABLE_MIB
    } else {
        BENCH_MIB
    };
    let mut total_nodes = 0u64;
    let mut total_time = Duration::ZERO;
    let mut rows = Vec::with_capacity(POSITIONS.len());
    let mut all = SearchStats::default();
    let (mut depths, mut factors) = (Vec::new(), Vec::new());
    for (i, position) in POSITIONS.iter().enumerate() {
        let mut position = *position;
        if let Some(extra) = args.depth_offset {
            position.depth = position.depth.saturating_add_signed(extra).max(1);
        }
        let start = Instant::now();
        let analysis = bench::analyse(&position, time, memory, args.eval);
        let elapsed = start.elapsed();
        let nodes = analysis.as_ref().map_or(0, |a| a.nodes);
        total_nodes += nodes;
        total_time += elapsed;
        let stats = analysis.filter(|_| args.stats).map(|a| {
            let s = a.stats;
            all.add(&s);
            depths.push(f64::from(s.depth()));
            factors.extend(s.branching_factor());
            StatsView::new(s)
        });
        let (w, h) = position.size;
        let depth = if time.is_some() {
            None
        } else {
            Some(position.depth)
        };
        if !args.quiet && !args.json {
            let depth_text = depth.map_or_else(|| "   ".into(), |d| format!("{d:>2} "));
            writeln!(
                out,
                "{:>2}. {w}x{h} k={} {:<9} depth {depth_text}{:>12} nodes {:>9.1} ms  [{}]{}",
                i + 1,
                position.k,
                position.rule.name(),
                thousands(nodes),
                elapsed.as_secs_f64() * 1000.0,
                position.moves,
                stats.as_ref().map_or_else(String::new, StatsView::text),
            )?;
        }
        rows.push(Row {
            size: position.size,
            k: position.k,
            rule: position.rule.name(),
            moves: position.moves,
            depth,
            nodes,
            time_ms: elapsed.as_secs_f64() * 1000.0,
            stats,
        });
    }
    let nps = (total_nodes as f64 / total_time.as_secs_f64().max(1e-9)) as u64;
    let overall = args.stats.then(|| {
        let mut view = StatsView::new(all);
        view.depth = median(&mut depths).map_or(0, |d| d.round() as u32);
        view.branching_factor = median(&mut factors);
        view
    });
    if args.json {
        let summary = Summary {
            positions: rows,
            nodes: total_nodes,
            nps,
            time_ms: args.time_ms,
            stats: overall,
        };
        writeln!(
            out,
            "{}",
            serde_json::to_string(&summary).map_err(|e| Failure::Runtime(e.to_string()))?
        )?;
        return Ok(());
    }
    if let Some(overall) = overall {
        writeln!(
            out,
            "all positions (depth and b* medians, rates of the summed counts){}",
            overall.text()
        )?;
    }
    writeln!(out, "{total_nodes} nodes {nps} nps")?;
    Ok(())
}

/// The median of `values` (the mean of the middle two for an even count); `None` for none.
fn median(values: &mut [f64]) -> Option<f64> {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(values[n / 2]),
        _ => Some((values[n / 2 - 1] + values[n / 2]) / 2.0),
    }
}
